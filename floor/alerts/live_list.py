"""What the floor shows: an alert's message in words, its row in the floor's open and
acknowledged lists, the open counts, and telling the pit group of a new or gone alert."""

from __future__ import annotations

import datetime as dt

from channels.layers import get_channel_layer
from django.conf import settings
from django.db.models import Count
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from casino.currencies import format_amount
from casino.realtime import group_send_all, has_listeners
from casino.templatetags.money import money_html
from floor.models import Alert, AlertKind
from tables.outbox import PIT_GROUP

OPEN_SHOWN = 200  # the floor's open list, newest first


# --- what the floor shows ------------------------------------------------------------------------


def _money(amount: int | None, currency: str) -> str:
    """An amount as the pages show it (the money filter's span, never wrapped)."""
    return money_html(format_amount(amount or 0, currency)) if currency else str(amount)


def _when(iso: str | None) -> str:
    if not iso:
        return ""
    return date_format(timezone.localtime(dt.datetime.fromisoformat(iso)), "DATETIME_FORMAT")


def message(alert: Alert) -> str:
    """What the alert found, in plain words of the active language, as safe HTML: every name
    and detail escaped, every amount the money filter's nowrap span."""
    return mark_safe(_message(alert))  # noqa: S308 - every value put in is escaped


def _message(alert: Alert) -> str:
    facts = alert.facts
    currency = facts.get("currency", "")
    words = {
        "player": escape(alert.player.shown_name) if alert.player_id else "—",
        "other": escape(alert.other_player.shown_name) if alert.other_player_id else "—",
        "hand": facts.get("hand"),
        "amount": _money(facts.get("amount"), currency),
        "threshold": _money(facts.get("threshold"), currency),
        "count": facts.get("count"),
        "back": facts.get("back"),
    }
    kind = alert.kind
    if kind == AlertKind.BIG_WIN:
        return _("%(player)s won %(amount)s in hand %(hand)s (the limit is %(threshold)s).") % words
    if kind == AlertKind.TABLE_HOUR:
        return (
            _(
                "%(player)s won %(amount)s at this table within an hour (the limit is "
                "%(threshold)s)."
            )
            % words
        )
    if kind == AlertKind.LOSSES_TO_ONE:
        return (
            _(
                "%(player)s lost to %(other)s in %(count)s hands within a day, %(other)s to "
                "%(player)s in %(back)s."
            )
            % words
        )
    if kind == AlertKind.BIG_LOSSES_TO_ONE:
        return (
            _(
                "%(player)s lost more than %(threshold)s to %(other)s in %(count)s hands within "
                "a day, %(amount)s in all."
            )
            % words
        )
    if kind == AlertKind.STRONG_FOLD:
        return _(
            "%(player)s gave up %(cards)s in hand %(hand)s, a hand stronger than %(beats)s%% "
            "of all."
        ) % {
            **words,
            "cards": escape(" ".join(facts.get("cards", []))),
            "beats": facts.get("beats"),
        }
    if kind == AlertKind.AWAY:
        return _away_message(facts, words)
    if kind == AlertKind.IDLE:
        text = _("Nothing has happened since %(since)s; %(escrow)s is held in escrow.") % {
            "since": _when(facts.get("since")),
            "escrow": _escrow_words(facts),
        }
        if facts.get("whose"):
            text += " " + _("Whose: %(whose)s.") % {"whose": _whose_words(facts)}
        return text
    if kind == AlertKind.ERROR:
        return _("%(error)s at version %(version)s: %(detail)s") % {
            "error": escape(facts.get("error")),
            "version": facts.get("version"),
            "detail": escape(facts.get("detail") or "—"),
        }
    problems = facts.get("problems") or []
    return _("%(count)s problem(s): %(first)s") % {
        "count": facts.get("count"),
        "first": escape(problems[0]) if problems else "—",
    }


def _away_message(facts: dict, words: dict) -> str:
    """The absent player named with his own money in play, never another's (a bank held by the
    player beside him is that player's, and said so)."""
    since = _when(facts.get("since"))
    if "own" not in facts:  # raised before issue 45: the table's escrow alone
        return _("%(player)s has been away since %(since)s with %(escrow)s in play.") % {
            **words,
            "since": since,
            "escrow": _escrow_words(facts),
        }
    if facts["own"]:
        text = _("%(player)s has been away since %(since)s with %(own)s of their own in play.") % {
            **words,
            "since": since,
            "own": _money(facts["own"], facts.get("currency", "")),
        }
    else:
        text = _("%(player)s has been away since %(since)s with nothing of their own in play.") % {
            **words,
            "since": since,
        }
    if facts.get("whose"):
        text += " " + _("Also in play: %(whose)s.") % {"whose": _whose_words(facts)}
    return text


def _whose_words(facts: dict) -> str:
    currency = facts.get("currency", "")
    return ", ".join(
        f"{escape(name)} {_money(amount, currency)}" for name, amount in facts.get("whose") or []
    )


def _escrow_words(facts: dict) -> str:
    held = facts.get("escrow", [])
    return ", ".join(_money(amount, currency) for currency, amount in held)


def alert_row(alert: Alert) -> dict:
    return {
        "id": alert.pk,
        "kind": alert.kind,
        "kind_label": alert.get_kind_display(),
        "message": message(alert),
        "table_id": alert.table_id,
        "table_name": alert.facts.get("table_name", ""),
        "raised_at": alert.raised_at,
        "acknowledged_by": (alert.acknowledged_by.shown_name if alert.acknowledged_by_id else None),
        "acknowledged_at": alert.acknowledged_at,
        "open": alert.acknowledged_at is None,
    }


def _rows(alerts) -> list[dict]:
    return [
        alert_row(a) for a in alerts.select_related("player", "other_player", "acknowledged_by")
    ]


def open_alerts(limit: int = OPEN_SHOWN) -> list[dict]:
    """The open alerts for the floor page, newest first."""
    return _rows(Alert.objects.filter(acknowledged_at__isnull=True)[:limit])


def acknowledged_alerts(limit: int = 100) -> list[dict]:
    done = Alert.objects.filter(acknowledged_at__isnull=False).order_by("-acknowledged_at")
    return _rows(done[:limit])


def open_alert_counts() -> dict[int, int]:
    """{table id: its open alerts}, tables with any."""
    rows = (
        Alert.objects.filter(acknowledged_at__isnull=True, table__isnull=False)
        .values("table_id")
        .annotate(count=Count("pk"))
    )
    return {row["table_id"]: row["count"] for row in rows}


def _open_count(table_id: int | None) -> int:
    if table_id is None:
        return 0
    return Alert.objects.filter(acknowledged_at__isnull=True, table_id=table_id).count()


def _in_every_language(template: str, context: dict) -> dict[str, str]:
    html = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            html[code] = render_to_string(template, context)
    return html


def _send_to_pit(html: dict[str, str]) -> None:
    group_send_all([(PIT_GROUP, {"type": "pit.html", "html": html})])


def announce(alert_id: int, table_id: int | None) -> None:
    """After commit: the alert added to the floor's open list, its table's badge updated."""
    if not has_listeners(get_channel_layer(), PIT_GROUP):
        return
    alert = Alert.objects.filter(pk=alert_id).select_related("player", "other_player").first()
    if alert is None:
        return
    context = {"a": None, "table_id": table_id, "count": _open_count(table_id)}
    html = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):  # the message is written in each language
            html[code] = render_to_string(
                "floor/_alert_raised.html", {**context, "a": alert_row(alert)}
            )
    _send_to_pit(html)


def announce_gone(alert_id: int, table_id: int | None) -> None:
    """After an acknowledgement commits: the alert leaves the open list, the badge updated."""
    if not has_listeners(get_channel_layer(), PIT_GROUP):
        return
    _send_to_pit(
        _in_every_language(
            "floor/_alert_gone.html",
            {"alert_id": alert_id, "table_id": table_id, "count": _open_count(table_id)},
        )
    )
