"""/floor/: the staff's pages. Each part keeps its own url module."""

from django.urls import include, path

app_name = "floor"

urlpatterns = [
    path("alerts/", include("floor.alert_urls")),
    path("reports/", include("floor.report_urls")),
    path("liability/", include("floor.liability_urls")),
]
