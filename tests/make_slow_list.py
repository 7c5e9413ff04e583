"""Write tests/slow_tests.txt from the output of a run with ``--durations=0`` (issue 51): every
test whose setup, call and teardown took a second or more together is slow (``make test-fast``
leaves it out; tests/conftest.py marks it). The tests whose ids rotate with the commit
(tests/rotation.py) are named by their function, with ``*`` for the id.

    .venv/bin/python -m pytest -n 2 --dist loadfile --durations=0 -q > /tmp/durations.log
    .venv/bin/python -m tests.make_slow_list /tmp/durations.log

Also writes tests/file_seconds.txt, each file's tests' time added up (tests/conftest.py starts
the longest files first, so the parallel workers end together), and prints the 30 slowest for the
README's test section. A run of some files only (``--files-only``) updates their lines in
tests/file_seconds.txt and leaves the slow list alone.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

LINE = re.compile(r"^\s*([\d.]+)s (setup|call|teardown)\s+(\S.*?)\s*$")
SLOW_SECONDS = 1.0
# parametrized by the rotation seed: the ids change with the commit
ROTATING = (
    "tests/tables/engines/test_conformance.py::test_random_play_keeps_every_engine_within_the_contract",
    "tests/tables/engines/test_conformance_sessions.py::test_long_sessions_play_matches_and_shoes_to_their_end",
    "tests/tables/test_shared_sections.py::test_every_viewer_renders_each_shared_section_alike",
)
OUT = Path(__file__).with_name("slow_tests.txt")
FILE_SECONDS = Path(__file__).with_name("file_seconds.txt")
FILE_SECONDS_HEADER = (
    "# Each test file's measured seconds (its tests' setup, call and teardown added up), the\n"
    "# longest first: tests/conftest.py starts the files in this order. Made by\n"
    "# tests/make_slow_list.py from runs with --durations=0 (a run's files replace their lines).\n"
)


def durations(log: str) -> Counter:
    per_test: Counter = Counter()
    for line in log.splitlines():
        found = LINE.match(line)
        if found:
            per_test[found.group(3)] += float(found.group(1))
    return per_test


def read_file_seconds() -> dict[str, float]:
    """tests/file_seconds.txt as {file: seconds} (empty if there is none)."""
    if not FILE_SECONDS.exists():
        return {}
    lines = FILE_SECONDS.read_text(encoding="utf-8").splitlines()
    pairs = (line.split(maxsplit=1) for line in lines if line.strip() and line[0] != "#")
    return {name: float(seconds) for seconds, name in pairs}


def write_file_seconds(measured: Counter) -> None:
    """The files measured replace their lines; a file gone from the tree loses its line."""
    root = Path(__file__).resolve().parent.parent
    known = {
        name: seconds for name, seconds in read_file_seconds().items() if (root / name).exists()
    }
    known.update(measured)
    rows = sorted(known.items(), key=lambda row: (-row[1], row[0]))
    FILE_SECONDS.write_text(
        FILE_SECONDS_HEADER + "".join(f"{seconds:.0f} {name}\n" for name, seconds in rows),
        encoding="utf-8",
    )


def write_slow_list(per_test: Counter) -> None:
    slow = sorted(
        {
            next((f"{name}*" for name in ROTATING if test.startswith(name)), test)
            for test, seconds in per_test.items()
            if seconds >= SLOW_SECONDS
        }
    )
    OUT.write_text(
        "# Tests measured at a second or more (setup, call and teardown): marked slow by\n"
        "# tests/conftest.py, left out by `make test-fast`. Made by tests/make_slow_list.py from\n"
        "# a run with --durations=0; `*` stands for any text. Browser tests are slow anyway.\n"
        + "".join(f"{test}\n" for test in slow),
        encoding="utf-8",
    )
    print(f"{len(slow)} slow entries written to {OUT}")


def main(path: str, files_only: bool = False) -> None:
    per_test = durations(Path(path).read_text(encoding="utf-8", errors="replace"))
    if not files_only:
        write_slow_list(per_test)
    files: Counter = Counter()
    for test, seconds in per_test.items():
        files[test.split("::")[0]] += seconds
    write_file_seconds(files)
    print(f"{len(files)} files written to {FILE_SECONDS}; {sum(per_test.values()):.0f} s in all")
    print("| file | seconds |\n|---|---|")
    for name, seconds in files.most_common(30):
        print(f"| `{name}` | {seconds:.0f} |")


if __name__ == "__main__":
    main(sys.argv[-1], files_only="--files-only" in sys.argv[1:-1])
