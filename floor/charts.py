"""Server-rendered SVG charts, pure Python (no Django): the reports draw their bars here.

A chart is an accessible image: `role="img"` named by its <title> and described by its <desc>
(every bar's label and value, so a screen reader hears the figures the bars show); each bar
carries its own <title> (a tooltip); the axis is labelled with the highest and lowest values and
the first and last labels. Values may be negative (a day the house lost): those bars hang below
the zero line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

WIDTH, HEIGHT = 720, 240
LEFT, RIGHT, TOP, BOTTOM = 110, 10, 16, 34  # room for the axis labels
POSITIVE, NEGATIVE, AXIS, TEXT = "#2f7d4f", "#b3392f", "#777", "#333"


def _attr(value: str) -> str:
    return escape(value, quote=True)


def bar_chart(
    *,
    chart_id: str,
    title: str,
    bars: Sequence[tuple[str, int]],
    format_value: Callable[[int], str] = str,
    description: str = "",
) -> str:
    """An SVG bar chart of `bars` ((label, value) in order); `format_value` writes a value as
    the reader should see it (an amount with its currency). `chart_id` makes the ids of its
    title and description unique on the page."""
    values = [value for _label, value in bars]
    highest = max([0, *values])
    lowest = min([0, *values])
    span = (highest - lowest) or 1
    plot_width = WIDTH - LEFT - RIGHT
    plot_height = HEIGHT - TOP - BOTTOM

    def y_of(value: int) -> float:
        return TOP + (highest - value) * plot_height / span

    zero = y_of(0)
    step = plot_width / max(len(bars), 1)
    bar_width = max(step * 0.7, 1)
    told = "; ".join(f"{label}: {format_value(value)}" for label, value in bars)
    desc = f"{description} {told}".strip()
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" '
        f'aria-labelledby="{_attr(chart_id)}-title {_attr(chart_id)}-desc">',
        f'<title id="{_attr(chart_id)}-title">{escape(title)}</title>',
        f'<desc id="{_attr(chart_id)}-desc">{escape(desc)}</desc>',
    ]
    for n, (label, value) in enumerate(bars):
        top = min(y_of(value), zero)
        height = abs(y_of(value) - zero)
        x = LEFT + n * step + (step - bar_width) / 2
        colour = NEGATIVE if value < 0 else POSITIVE
        parts.append(
            f'<rect class="bar" x="{x:.1f}" y="{top:.1f}" width="{bar_width:.1f}" '
            f'height="{height:.1f}" fill="{colour}" data-label="{_attr(label)}" '
            f'data-value="{value}"><title>{escape(label)}: {escape(format_value(value))}'
            "</title></rect>"
        )
    axis = f'stroke="{AXIS}" stroke-width="1"'
    parts.append(f'<line x1="{LEFT}" y1="{zero:.1f}" x2="{WIDTH - RIGHT}" y2="{zero:.1f}" {axis}/>')
    parts.append(f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{HEIGHT - BOTTOM}" {axis}/>')
    text = f'fill="{TEXT}" font-size="12" font-family="sans-serif"'
    for value in sorted({highest, lowest, 0}):
        parts.append(
            f'<text class="y-label" x="{LEFT - 6}" y="{y_of(value) + 4:.1f}" text-anchor="end" '
            f"{text}>{escape(format_value(value))}</text>"
        )
    if bars:
        first, last = bars[0][0], bars[-1][0]
        baseline = HEIGHT - BOTTOM + 18
        parts.append(
            f'<text class="x-label" x="{LEFT}" y="{baseline}" {text}>{escape(first)}</text>'
        )
        if len(bars) > 1:
            parts.append(
                f'<text class="x-label" x="{WIDTH - RIGHT}" y="{baseline}" text-anchor="end" '
                f"{text}>{escape(last)}</text>"
            )
    parts.append("</svg>")
    return "".join(parts)
