"""The lobby's and the pit boss's rows, for any game: ``{% table_row t as row %}`` gives what a
row shows of the summary ``t`` (``tables.presenters.summary_row``: display name, seats n/max,
pot, stage, the game's facts and the game's summary partial); ``{{ game|game_label }}`` is a
game's display name in the active language."""

from django import template

from tables.presentation import presentation_for
from tables.presenters import staff_act_text, summary_row

register = template.Library()


@register.simple_tag
def table_row(summary: dict) -> dict:
    return summary_row(summary)


@register.filter
def game_label(game: str) -> str:
    return presentation_for(game).label


@register.filter
def staff_act_label(act: str) -> str:
    return staff_act_text(act)
