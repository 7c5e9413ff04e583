"""The seed that rotates the sampled cases of the conformance suite and the sized fuzz run with
the commit (issue 51): every run covers every engine, every example config and the extremes of
seats, while the counts in between and the fuzz's frames change from one commit to the next, so
that over the commits the whole matrix is played. The seed is printed in pytest's header; a
failure reproduces with ``CONFORMANCE_SEED=<seed>``; ``CONFORMANCE_FULL=1`` (``make
conformance``) plays the whole matrix at once."""

from __future__ import annotations

import functools
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@functools.cache
def rotation_seed() -> int:
    """``CONFORMANCE_SEED`` if set, else the commit checked out (its first 8 hex digits), else 0
    (no git): the same in every test worker of a run, so they collect the same cases."""
    given = os.environ.get("CONFORMANCE_SEED", "").strip()
    if given:
        return int(given, 0)
    try:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=10,
            check=True,
        ).stdout.strip()
        return int(head[:8], 16)
    except (OSError, subprocess.SubprocessError, ValueError):
        return 0


def full_matrix() -> bool:
    """Every case, not a rotating sample (``make conformance``)."""
    return os.environ.get("CONFORMANCE_FULL", "") not in ("", "0")
