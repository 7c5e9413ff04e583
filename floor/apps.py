from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FloorConfig(AppConfig):
    """The staff's view of the whole casino: the live floor (tables, tournaments, the
    sportsbook's liabilities), alerts, revenue reports. It reads every other app; none reads it."""

    name = "floor"
    verbose_name = _("Floor")

    def ready(self) -> None:
        pass
