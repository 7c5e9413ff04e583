"""casino.oob: the live rows of the lobby and the pit boss."""

from casino.oob import LiveRows


def test_a_rows_news_older_than_what_the_page_was_sent_is_not_sent():
    rows = LiveRows("rows", "none", "beforeend", shown=[7])

    def render(oob):
        return f"<tr oob={oob}>"

    assert rows.frame(7, render, version=12) == "<tr oob=True>"
    assert rows.frame(7, render, version=11) == ""  # crossed on its way: the page keeps v12
    assert rows.frame(7, render, version=13) == "<tr oob=True>"
    assert rows.frame(8, render, version=1).count("<tr oob=False>") == 1  # a new row, added


def test_a_row_closed_is_not_brought_back_by_older_news():
    rows = LiveRows("rows", "none", "beforeend", shown=[7])
    assert not rows.outdated(7, 20)  # the lobby hears the table closed at v20: the row goes
    assert rows.gone(7, "table-row-7")
    assert rows.outdated(7, 19)  # news of v19 (still open) crossed it: ignored, not re-added
    assert rows.frame(7, lambda oob: "<tr>", version=19) == ""
