"""The bet slip, betting settings and "my bets", under /sport/ (URL names in the namespace
`sportsbook`, see sportsbook/urls.py)."""

from django.urls import path

from sportsbook.betting import views

urlpatterns = [
    path("slip/", views.slip, name="slip"),
    path("slip/add/", views.slip_add, name="slip_add"),
    path("slip/remove/", views.slip_remove, name="slip_remove"),
    path("slip/banker/", views.slip_banker, name="slip_banker"),
    path("slip/clear/", views.slip_clear, name="slip_clear"),
    path("slip/system/", views.slip_system, name="slip_system"),
    path("slip/currency/", views.slip_currency, name="slip_currency"),
    path("slip/policy/", views.slip_policy, name="slip_policy"),
    path("slip/place/", views.slip_place, name="slip_place"),
    path("settings/", views.bettor_settings, name="settings"),
    path("bets/", views.my_bets, name="my_bets"),
    path("bets/<int:bet_id>/", views.bet_detail, name="bet"),
]
