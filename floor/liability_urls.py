"""The floor's liability pages (included by floor/urls.py)."""

from django.urls import path

from sportsbook.liability_views import liability

urlpatterns = [
    path("", liability, name="liability"),
]
