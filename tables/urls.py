from django.urls import path

from tables import views
from tables.tournament import views as tournament_views

urlpatterns = [
    path("<int:table_id>/", views.table_page, name="table"),
    path("<int:table_id>/sit/", views.table_sit, name="table_sit"),
    path("<int:table_id>/staff/", views.table_staff, name="table_staff"),
    path("<int:table_id>/hands/", views.hand_list, name="hand_list"),
    path("<int:table_id>/hands/<int:number>/", views.hand_detail, name="hand_detail"),
    # knock-out tournaments (issue 16)
    path("tournaments/", tournament_views.tournament_list, name="tournaments"),
    path("tournaments/<int:tournament_id>/", tournament_views.tournament_detail, name="tournament"),
    # issue 45: a notice's "Play" link: the match's table, or a sentence once it is decided
    path(
        "tournaments/<int:tournament_id>/match/<int:match_id>/",
        tournament_views.tournament_match_play,
        name="tournament_match_play",
    ),
    path(
        "tournaments/<int:tournament_id>/<slug:act>/",
        tournament_views.tournament_act,
        name="tournament_act",
    ),
]
