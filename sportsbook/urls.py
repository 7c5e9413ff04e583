from django.urls import path  # noqa: F401  (the player pages' routes are added here)

app_name = "sportsbook"

urlpatterns: list = []
