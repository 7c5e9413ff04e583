from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _

PIT_BOSS_GROUP = "Pit boss"


def ensure_pit_boss_group(sender, **kwargs) -> None:
    """The "Pit boss" group holds casino.view_pit (the live monitor of every table)."""
    from django.contrib.auth.models import Group, Permission

    permission = Permission.objects.filter(
        content_type__app_label="casino", codename="view_pit"
    ).first()
    if permission is None:
        return
    group, _created = Group.objects.get_or_create(name=PIT_BOSS_GROUP)
    group.permissions.add(permission)


class CasinoConfig(AppConfig):
    default = True
    name = "casino"
    verbose_name = _("Casino")

    def ready(self) -> None:
        post_migrate.connect(ensure_pit_boss_group, sender=self)


class CasinoAdminConfig(admin_apps.AdminConfig):
    default = False
    default_site = "casino.admin_site.CasinoAdminSite"
