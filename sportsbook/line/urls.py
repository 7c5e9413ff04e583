"""The line's pages, under /sport/ (URL names in the namespace `sportsbook`, see
sportsbook/urls.py)."""

from django.urls import path

from sportsbook.line import views

urlpatterns = [
    path("", views.index, name="index"),
    path("live/", views.live, name="live"),
    path("s/<slug:code>/", views.sport, name="sport"),
    path("event/<int:event_id>/", views.event, name="event"),
]
