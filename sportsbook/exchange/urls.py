"""The exchange's pages, under /sport/exchange/ (URL names in the namespace `sportsbook`, see
sportsbook/urls.py)."""

from django.urls import path

from sportsbook.exchange import views

urlpatterns = [
    path("exchange/", views.exchange_index, name="exchange"),
    path("exchange/<int:market_id>/", views.exchange_market, name="exchange_market"),
    path("exchange/<int:market_id>/offer/", views.exchange_offer, name="exchange_offer"),
    path("exchange/<int:market_id>/cancel/", views.exchange_cancel, name="exchange_cancel"),
    path("exchange/<int:market_id>/edit/", views.exchange_edit, name="exchange_edit"),
]
