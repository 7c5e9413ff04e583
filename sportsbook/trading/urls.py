"""The trader page and results entry (traders), cancellations (supervisors), at /trader/."""

from django.urls import path

from sportsbook.trading import markets_views, views

app_name = "trader"

urlpatterns = [
    path("", views.event_list, name="events"),
    path("event/<int:event_id>/", views.event_detail, name="event"),
    path("event/<int:event_id>/status/", views.event_status, name="event_status"),
    path("event/<int:event_id>/score/", views.event_score, name="event_score"),
    path("event/<int:event_id>/changes/", views.odds_changes, name="changes"),
    path("event/<int:event_id>/result/", views.result_entry, name="results"),
    path("event/<int:event_id>/settle/", views.settle_now, name="settle"),
    path(
        "event/<int:event_id>/cancellations/",
        views.event_cancellations,
        name="cancellations",
    ),
    path(
        "event/<int:event_id>/cancel/player/",
        views.cancel_player_bets,
        name="cancel_player_bets",
    ),
    path("event/<int:event_id>/cancel/bets/", views.cancel_bets, name="cancel_bets"),
    path("outcome/<int:outcome_id>/odds/", views.odds_change, name="odds"),
    path("market/<int:market_id>/status/", views.market_status, name="market_status"),
    path("exchange/", markets_views.exchange_markets, name="exchange"),
    path("exchange/list/", markets_views.exchange_list, name="exchange_list"),
    path("spread/", markets_views.spread_assets, name="spread"),
    path("spread/<int:asset_id>/", markets_views.spread_asset_act, name="spread_asset_act"),
]
