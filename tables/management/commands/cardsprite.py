"""Write the card sprite (`static/img/cards.svg`) from tables/templatetags/cards.py."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from tables.templatetags.cards import SPRITE, card_sprite


class Command(BaseCommand):
    help = "Write static/img/cards.svg, the SVG sprite every card on a page refers to."

    def handle(self, *args, **options):
        path = Path(settings.BASE_DIR) / "static" / SPRITE
        path.write_text(card_sprite(), encoding="utf-8")
        self.stdout.write(f"wrote {path}")
