"""What a socket is sent of a table's board: the parts that changed since the board its client
holds, for every game alike (issue 49).

A board is rendered as named parts (``presenters.ShownBoard``): the shared sections, every seat's
plate and the viewer's own sections, each an element with an id, and around them what the board
holds outside its parts (its skeleton). Each socket keeps the board its client holds (``Held``)
and is sent, after a change, each part whose content differs from the one it holds, swapped out
of band by its id, with the version marker; the whole board only when the skeleton or the set of
parts changed (a section shown or gone), or on the socket's first board. No game chooses this:
a board that draws something outside its parts has it sent whole whenever it changes, and the
board parts test (tests/tables/test_board_parts.py) fails a game whose every socket is sent a
whole board on a bet.

A form kept from an older version carries that version's client action id (``presenters.
client_action_id``). Once the socket has spent it (an action sent with it), the part that holds
it is sent again, with the new version's id: a second click on it is a new action, while a double
click before the change arrives repeats the id and is applied once.

The second half is the client's: a board after a frame, as htmx swaps it (tests and the load
generator's players keep their boards by it).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (no Django here: the load generator's players apply frames too)
    from tables.presenters import ShownBoard

# The ids of a board's parts, by kind: a shared section, a seat's plate, a viewer's own section.
SHARED_PART = "board-part-"
SEAT_PART = "board-seat-"
OWN_PART = "board-own-"


def part_id(name: str) -> str:
    return SHARED_PART + name


def seat_part_id(position: int) -> str:
    return f"{SEAT_PART}{position}"


VERSION_MARKER_ID = "board-version"


def version_marker(version: int, *, oob: bool = False, last_hand=None, root: str = "") -> str:
    """The version the board shows, as an element of its own: whole boards and parts alike
    update it (static/js/table.js reads it, as does a test's or the load generator's client).
    It carries the number of the last hand finished (``last_hand``): the page refreshes its
    hand history when it changes; in a frame of parts, the board element's own attributes
    (``root``, from ``root_attributes``), which the page copies onto the board element."""
    swap = ' hx-swap-oob="true"' if oob else ""
    last = f' data-last-hand="{int(last_hand)}"' if isinstance(last_hand, int) else ""
    return (
        f'<span id="{VERSION_MARKER_ID}"{swap} hidden data-version="{version}"{last}{root}></span>'
    )


ROOT_ATTRIBUTE = re.compile(r'\s([\w:-]+)="([^"]*)"')
# the board element's attributes a frame of parts does not carry: its id, its swap, and its
# version (the marker's own)
ROOT_KEPT = frozenset({"id", "hx-swap-oob", "data-version"})
ROOT_PREFIX = "data-root-"


def root_attributes(tag: str) -> str:
    """The board element's attributes (its phase, whose turn, its classes: what the opening tag
    `tag` says) as the version marker carries them, each named with ``ROOT_PREFIX``."""
    return "".join(
        f' {ROOT_PREFIX}{name}="{value}"'
        for name, value in ROOT_ATTRIBUTE.findall(tag)
        if name not in ROOT_KEPT
    )


@dataclass(frozen=True)
class Held:
    """The board a socket's client holds: the skeleton of the last whole board it was sent (plain
    and as sent) and each part as last sent (``parts``) and plain (``plain``)."""

    version: int
    root: str
    skeleton: str
    skeleton_text: str
    parts: dict[str, str]
    plain: dict[str, str]

    @classmethod
    def whole(cls, board: ShownBoard) -> Held:
        return cls(
            board.version, board.root, board.skeleton, board.skeleton_text, board.parts, board.plain
        )


def board_frame(
    now: ShownBoard, held: Held | None, spent: Collection[str] = ()
) -> tuple[str, Held]:
    """The frame that brings a client holding `held` to `now`, and what it then holds; `spent`:
    the client action ids the socket sent since."""
    if (
        held is None
        or held.skeleton != now.skeleton
        or held.plain.keys() != now.plain.keys()
        or _holds(held.skeleton_text, spent)
    ):
        return now.html, Held.whole(now)
    changed = [
        key
        for key, plain in now.plain.items()
        if plain != held.plain[key] or _holds(held.parts[key], spent)
    ]
    return _frame(now, changed, held), _after(held, now, changed)


def _holds(html: str, spent: Collection[str]) -> bool:
    return any(ident in html for ident in spent)


def public_parts_frame(
    public: ShownBoard,
    before: ShownBoard | None,
    held: Held | None,
    own_seat: int,
    spent: Collection[str] = (),
) -> tuple[str | None, Held | None]:
    """The frame of a change that left a seat's own board as it was (``tables.outbox.
    touched_seats``): the public board's parts that differ from the ones its client holds, but
    its own plate and sections; None when the seat must be sent its own board (the public board
    of the version before, `before`, is not known or changed outside its parts; the shared parts
    are not the same set; or it spent an id its own board holds)."""
    if held is None or spent or before is None or before.skeleton != public.skeleton:
        return None, held
    own = seat_part_id(own_seat)
    shared = [key for key in public.plain if key != own and not key.startswith(OWN_PART)]
    if len(shared) != sum(1 for key in held.plain if key != own and not key.startswith(OWN_PART)):
        return None, held
    if any(key not in held.plain for key in shared):
        return None, held
    changed = [key for key in shared if public.plain[key] != held.plain[key]]
    # (the board element's attributes are the seat's own: its board's, as they were)
    return _frame(public, changed, None), _after(held, public, changed, root=held.root)


def _frame(now: ShownBoard, changed: list[str], held: Held | None) -> str:
    root = now.root if held is not None and held.root != now.root else ""
    marker = version_marker(now.version, oob=True, last_hand=now.last_hand, root=root)
    # every part is a <div> (a section's wrapper, a seat's plate)
    return "".join('<div hx-swap-oob="true"' + now.parts[key][4:] for key in changed) + marker


def _after(held: Held, now: ShownBoard, changed: list[str], root: str | None = None) -> Held:
    parts, plain = dict(held.parts), dict(held.plain)
    for key in changed:
        parts[key], plain[key] = now.parts[key], now.plain[key]
    root = now.root if root is None else root
    return Held(now.version, root, held.skeleton, held.skeleton_text, parts, plain)


# --- the client's side: a board after a frame, as htmx swaps it ---------------------------------

OOB_START = re.compile(r'<(div|span)\b[^>]*\shx-swap-oob="true"')


def element_end(html: str, start: int, tag: str) -> int:
    """The index just past the element of `tag` opening at `start` (nested alike tags counted)."""
    depth = 0
    for match in re.compile(rf"<(/?){tag}[\s>]").finditer(html, start):
        depth += -1 if match.group(1) else 1
        if depth == 0:
            return html.index(">", match.start()) + 1
    raise ValueError(f"<{tag}> at {start} is not closed")


def split_frame(frame: str) -> list[tuple[str, str]]:
    """A frame of parts as (id, element without its hx-swap-oob) pairs, in order."""
    pieces, at = [], 0
    while at < len(frame):
        match = OOB_START.match(frame, at)
        if match is None:
            raise ValueError(f"a frame holds only out-of-band parts: {frame[at : at + 80]!r}")
        end = element_end(frame, at, match.group(1))
        element = frame[at:end].replace(' hx-swap-oob="true"', "", 1)
        ident = re.search(r'\bid="([^"]+)"', element).group(1)
        pieces.append((ident, element))
        at = end
    return pieces


def swap_in(board: str, frame: str) -> str:
    """`board` after htmx swapped each part of `frame` out of band (outerHTML by id), and the
    page's script copied the version marker's board attributes onto the board element."""
    for ident, element in split_frame(frame):
        at = board.find(f'id="{ident}"')
        if at == -1:
            raise ValueError(f"the part {ident} has no place in the board")
        start = board.rfind("<", 0, at)
        tag = re.match(r"<(\w+)", board[start:]).group(1)
        board = board[:start] + element + board[element_end(board, start, tag) :]
        if ident == VERSION_MARKER_ID:
            board = _with_root(board, element)
    return board


def _with_root(board: str, marker: str) -> str:
    carried = [
        (name[len(ROOT_PREFIX) :], value)
        for name, value in ROOT_ATTRIBUTE.findall(marker.split(">", 1)[0])
        if name.startswith(ROOT_PREFIX)
    ]
    if not carried:
        return board
    start = board.find('<div id="table-board"')
    end = board.find(">", start)
    kept = [
        (name, value)
        for name, value in ROOT_ATTRIBUTE.findall(board[start:end])
        if name in ROOT_KEPT
    ]
    attributes = "".join(f' {name}="{value}"' for name, value in kept + carried)
    return f"{board[:start]}<div{attributes}{board[end:]}"


def apply_frame(board: str, frame: str) -> str:
    """`board` after a frame: a whole board (``#table-board``) replaces it; parts are swapped
    in; anything else (an error) leaves it."""
    if 'id="table-board"' in frame:
        return frame
    if 'id="board-version"' in frame and board:
        return swap_in(board, frame)
    return board
