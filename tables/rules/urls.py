from django.urls import path

from tables.rules import views

urlpatterns = [
    path("", views.rules_index, name="rules"),
    path("<slug:game>/", views.game_rules, name="game_rules"),
]
