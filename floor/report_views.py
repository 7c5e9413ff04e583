"""The revenue reports page and its CSV export (issue 17, part 5): staff with
`casino.view_reports` only. Both render the same `floor.reports.Report` sections, so the export
has exactly the page's rows and figures (amounts in major units, with their currency column)."""

from __future__ import annotations

import csv
import datetime as dt

from django.contrib.auth.decorators import login_required, permission_required
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from casino.currencies import format_amount, to_major
from casino.templatetags.money import money
from floor import charts
from floor.report_forms import ReportForm
from floor.reports import Money, Report, Section, revenue_report

REPORTS_PERMISSION = "casino.view_reports"


def page_cell(cell) -> dict:
    """A cell as the page shows it; `numeric` cells align right."""
    if isinstance(cell, Money):
        # the money filter's nowrap span: an amount never breaks inside its number
        return {"text": money(cell.minor, cell.currency), "numeric": True}
    if isinstance(cell, dt.date):
        return {"text": cell.isoformat(), "numeric": False}
    return {"text": str(cell), "numeric": isinstance(cell, int)}


def csv_cell(cell) -> str:
    """A cell as the export writes it: amounts in major units ("1234.50"), no currency sign
    (each row names its currency), dates as ISO days."""
    if isinstance(cell, Money):
        return "" if cell.minor is None else str(to_major(cell.minor, cell.currency))
    if isinstance(cell, dt.date):
        return cell.isoformat()
    return str(cell)


def _page_section(section: Section) -> dict:
    rows = [[page_cell(c) for c in row] for row in section.rows]
    return {
        "section": section,
        "rows": rows,
        "totals": [[page_cell(c) for c in row] for row in section.totals],
        # a column of figures is aligned as its cells are
        "columns": [
            {"text": column, "numeric": bool(rows) and rows[0][n]["numeric"]}
            for n, column in enumerate(section.columns)
        ],
    }


def _charts(report: Report) -> list[str]:
    drawn = []
    for currency, days in report.revenue_by_day.items():
        drawn.append(
            mark_safe(  # noqa: S308 - charts.bar_chart escapes every text it writes
                charts.bar_chart(
                    chart_id=f"revenue-{currency.lower()}",
                    title=_("Tables' casino revenue per day, %(currency)s")
                    % {"currency": currency},
                    description=_(
                        "What the house booked at the tables and tournaments (commission, rake, "
                        "the house bank's result), by day."
                    ),
                    bars=[(day.isoformat(), value) for day, value in days],
                    format_value=lambda minor, currency=currency: format_amount(minor, currency),
                )
            )
        )
    return drawn


@require_GET
@login_required
@permission_required(REPORTS_PERMISSION, raise_exception=True)
def reports(request):
    form = ReportForm.from_query(request.GET)
    context = {"form": form, "floor_tab": "reports"}
    if not form.is_valid():
        return render(request, "floor/reports.html", context, status=400)
    report = revenue_report(form.period, form.chosen_currency)
    context.update(
        report=report,
        sections=[_page_section(section) for section in report.sections],
        charts=_charts(report),
        csv_query=request.GET.urlencode()
        or f"date_from={report.period.first}&date_to={report.period.last}",
    )
    return render(request, "floor/reports.html", context)


@require_GET
@login_required
@permission_required(REPORTS_PERMISSION, raise_exception=True)
def reports_csv(request):
    form = ReportForm.from_query(request.GET)
    if not form.is_valid():
        errors = [str(e) for errors in form.errors.values() for e in errors]
        return HttpResponse("\n".join(errors), status=400, content_type="text/plain; charset=utf-8")
    report = revenue_report(form.period, form.chosen_currency)
    name = f"revenue-{report.period.first}-{report.period.last}"
    if report.currency:
        name += f"-{report.currency}"
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    writer = csv.writer(response)
    for n, section in enumerate(report.sections):
        if n:
            writer.writerow([])
        writer.writerow([section.title])
        writer.writerow(section.columns)
        for row in [*section.rows, *section.totals]:
            writer.writerow([csv_cell(c) for c in row])
    return response
