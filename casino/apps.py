from django.apps import AppConfig, apps
from django.contrib.admin import apps as admin_apps
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _

from casino.roles import PIT_BOSS_GROUP, ensure_role_groups

__all__ = ["PIT_BOSS_GROUP", "CasinoConfig", "CasinoAdminConfig"]  # the group's old address


class CasinoConfig(AppConfig):
    default = True
    name = "casino"
    verbose_name = _("Casino")

    def ready(self) -> None:
        # after the last app's post_migrate: every app's permissions exist by then
        last = [config for config in apps.get_app_configs() if config.models_module][-1]
        post_migrate.connect(ensure_role_groups, sender=last, dispatch_uid="casino-role-groups")


class CasinoAdminConfig(admin_apps.AdminConfig):
    default = False
    default_site = "casino.admin_site.CasinoAdminSite"
