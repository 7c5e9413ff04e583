"""The floor's report pages (included by floor/urls.py)."""

from django.urls import path

from floor import report_views

urlpatterns = [
    path("", report_views.reports, name="reports"),
    path("export.csv", report_views.reports_csv, name="reports_csv"),
]
