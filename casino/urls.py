from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from casino import views
from floor import views as floor_views
from tables import views as table_views

urlpatterns = [
    path("", views.home, name="home"),
    path("lobby/", views.lobby, name="lobby"),
    path("accounts/login/", views.CasinoLoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/profile/", views.profile, name="profile"),
    path("cashier/", views.cashier, name="cashier"),
    path("cashier/topup/", views.topup, name="topup"),
    path("cashier/limits/", views.gaming_limits, name="limits"),
    path("i18n/setlang/", views.language_switch, name="set_language"),
    path("tables/", include("tables.urls")),
    path("rules/", include("tables.rules.urls")),
    path("pit/", floor_views.floor_tables, name="pit"),
    path("pit/<int:table_id>/act/", table_views.pit_act, name="pit_act"),
    path("floor/", include("floor.urls")),
    path("sport/", include("sportsbook.urls")),
    path("trader/", include("sportsbook.trading.urls")),
    path("admin/", admin.site.urls),
]
