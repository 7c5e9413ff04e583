"""The floor's alert pages (included by floor/urls.py)."""

from django.urls import path

from floor import alert_views

urlpatterns = [
    path("", alert_views.alert_list, name="alerts"),
    path("<int:alert_id>/acknowledge/", alert_views.alert_acknowledge, name="alert_ack"),
    path("rules/<slug:kind>/", alert_views.alert_rule, name="alert_rule"),
]
