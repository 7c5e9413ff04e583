"""The spread bets' page, under /sport/spread/ (URL names in the namespace `sportsbook`, see
sportsbook/urls.py)."""

from django.urls import path

from sportsbook.spread import views

urlpatterns = [
    path("spread/", views.spread_index, name="spread"),
    path("spread/order/", views.spread_order, name="spread_order"),
]
