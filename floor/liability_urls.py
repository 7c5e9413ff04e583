"""The floor's liability pages (included by floor/urls.py)."""

from django.urls import path

from sportsbook.trading.liability_views import liability

urlpatterns = [
    path("", liability, name="liability"),
]
