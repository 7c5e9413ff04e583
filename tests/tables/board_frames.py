"""A client's board as htmx keeps it (``tables.board_frames``: a whole board replaces it, a frame
of parts swaps each part in by its id), and the board element's version, which a board brought
up to date by parts keeps (the browser's table.js copies the version marker's onto it)."""

import re

from tables.board_frames import apply_frame, element_end, split_frame, swap_in

BOARD_VERSION = re.compile(r'(id="table-board"[^>]*data-version=")\d+')

__all__ = ["BOARD_VERSION", "apply_frame", "element_end", "split_frame", "swap_in"]
