"""The floor's alert pages: the list of open and acknowledged alerts, acknowledging one, and
the rules' thresholds staff may change. Staff with the pit boss's permission only."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from floor import alerts
from floor.models import Alert, AlertRule, Unit
from tables.staff import PIT_PERMISSION

MAX_THRESHOLD = 10**12  # far above any sensible limit, well inside the column
MAX_TIMES = 1000


class RuleForm(forms.ModelForm):
    """A rule's threshold (and count of times, where it has one) and whether it is on."""

    threshold = forms.IntegerField(
        label=gettext_lazy("threshold"), min_value=1, max_value=MAX_THRESHOLD
    )
    times = forms.IntegerField(label=gettext_lazy("times"), min_value=1, max_value=MAX_TIMES)

    class Meta:
        model = AlertRule
        fields = ["threshold", "times", "enabled"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        rule = self.instance
        if rule.unit == Unit.NONE:
            del self.fields["threshold"]
        else:
            self.fields["threshold"].help_text = Unit(rule.unit).label
        if not rule.counts_times:
            del self.fields["times"]


def _pages_context(forms_by_kind: dict | None = None) -> dict:
    forms_by_kind = forms_by_kind or {}
    rules = [
        (rule, forms_by_kind.get(rule.kind) or RuleForm(instance=rule))
        for rule in alerts.rules().values()
    ]
    return {
        "floor_tab": "alerts",
        "open": alerts.open_alerts(),
        "acknowledged": alerts.acknowledged_alerts(),
        "rules": rules,
    }


@require_GET
@login_required
@permission_required(PIT_PERMISSION, raise_exception=True)
def alert_list(request):
    return render(request, "floor/alerts.html", _pages_context())


def _back(request) -> str:
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}):
        return target
    return reverse("floor:alerts")


@require_POST
@login_required
@permission_required(PIT_PERMISSION, raise_exception=True)
def alert_acknowledge(request, alert_id: int):
    """Acknowledge an open alert (who and when are recorded); an alert acknowledged already
    (a double click, another pit boss first) is left as it was, with a message."""
    alert = get_object_or_404(Alert, pk=alert_id)
    done = alerts.acknowledge(alert.pk, request.user)
    if not done:
        alert.refresh_from_db()
        note = _("This alert was acknowledged already, by %(who)s.") % {
            "who": alert.acknowledged_by.shown_name if alert.acknowledged_by_id else "—"
        }
    if request.htmx:
        # the item leaves this page at once; every pit socket hears it too
        html = render_to_string(
            "floor/_alert_gone.html",
            {
                "alert_id": alert.pk,
                "table_id": alert.table_id,
                "count": alerts.open_alert_counts().get(alert.table_id, 0),
            },
        )
        if not done:
            html += render_to_string("floor/_alert_note.html", {"note": note})
        return HttpResponse(html)
    if done:
        messages.success(request, _("Alert acknowledged."))
    else:
        messages.info(request, note)
    return redirect(_back(request))


@require_POST
@login_required
@permission_required(PIT_PERMISSION, raise_exception=True)
def alert_rule(request, kind: str):
    """Change a rule's threshold; it applies from the next check on."""
    rule = get_object_or_404(AlertRule, kind=kind)
    form = RuleForm(request.POST, instance=rule)
    if not form.is_valid():
        context = _pages_context({rule.kind: form})
        return render(request, "floor/alerts.html", context, status=400)
    rule = form.save(commit=False)
    rule.updated_by = request.user
    rule.updated_at = timezone.now()
    rule.save()
    messages.success(request, _("The rule is changed: %(rule)s") % {"rule": rule.description})
    return redirect(reverse("floor:alerts") + "#rules")
