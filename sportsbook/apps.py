from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SportsbookConfig(AppConfig):
    name = "sportsbook"
    verbose_name = _("Sportsbook")
