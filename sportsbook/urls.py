from django.urls import path

from sportsbook import views
from sportsbook.exchange import views as exchange_views
from sportsbook.spread import views as spread_views

app_name = "sportsbook"

urlpatterns = [
    path("", views.index, name="index"),
    path("live/", views.live, name="live"),
    path("s/<slug:code>/", views.sport, name="sport"),
    path("event/<int:event_id>/", views.event, name="event"),
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
    path("exchange/", exchange_views.exchange_index, name="exchange"),
    path("exchange/<int:market_id>/", exchange_views.exchange_market, name="exchange_market"),
    path("exchange/<int:market_id>/offer/", exchange_views.exchange_offer, name="exchange_offer"),
    path(
        "exchange/<int:market_id>/cancel/", exchange_views.exchange_cancel, name="exchange_cancel"
    ),
    path("exchange/<int:market_id>/edit/", exchange_views.exchange_edit, name="exchange_edit"),
    path("spread/", spread_views.spread_index, name="spread"),
    path("spread/order/", spread_views.spread_order, name="spread_order"),
]
