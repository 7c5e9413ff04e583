"""A client's board as htmx keeps it: a whole board replaces it, a frame of parts (issue 30)
swaps each part in by its id (out of band, outerHTML)."""

import re

BOARD_VERSION = re.compile(r'(id="table-board"[^>]*data-version=")\d+')
OOB_START = re.compile(r'<(div|span)\b[^>]*\shx-swap-oob="true"')


def element_end(html: str, start: int, tag: str) -> int:
    """The index just past the element of `tag` opening at `start` (nested alike tags counted)."""
    depth = 0
    for match in re.compile(rf"<(/?){tag}[\s>]").finditer(html, start):
        depth += -1 if match.group(1) else 1
        if depth == 0:
            return html.index(">", match.start()) + 1
    raise AssertionError(f"<{tag}> at {start} is not closed")


def split_frame(frame: str) -> list[tuple[str, str]]:
    """A frame of parts as (id, element without its hx-swap-oob) pairs, in order."""
    pieces, at = [], 0
    while at < len(frame):
        match = OOB_START.match(frame, at)
        assert match, f"a frame holds only out-of-band parts: {frame[at : at + 80]!r}"
        end = element_end(frame, at, match.group(1))
        element = frame[at:end].replace(' hx-swap-oob="true"', "", 1)
        ident = re.search(r'\bid="([^"]+)"', element).group(1)
        pieces.append((ident, element))
        at = end
    return pieces


def swap_in(board: str, frame: str) -> str:
    """`board` after htmx swapped each part of `frame` out of band (outerHTML by id)."""
    for ident, element in split_frame(frame):
        at = board.find(f'id="{ident}"')
        assert at != -1, f"the part {ident} has no place in the board"
        start = board.rfind("<", 0, at)
        tag = re.match(r"<(\w+)", board[start:]).group(1)
        board = board[:start] + element + board[element_end(board, start, tag) :]
    return board


def apply_frame(board: str, frame: str) -> str:
    """`board` after a frame: a whole board (``#table-board``) replaces it; parts are swapped
    in; anything else (an error) leaves it."""
    if 'id="table-board"' in frame:
        return frame
    if 'id="board-version"' in frame and board:
        return swap_in(board, frame)
    return board
