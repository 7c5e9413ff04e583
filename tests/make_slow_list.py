"""Write tests/slow_tests.txt from the output of a run with ``--durations=0`` (issue 51): every
test whose setup, call and teardown took a second or more together is slow (``make test-fast``
leaves it out; tests/conftest.py marks it). The tests whose ids rotate with the commit
(tests/rotation.py) are named by their function, with ``*`` for the id.

    .venv/bin/python -m pytest -n 2 --dist loadfile --durations=0 -q > /tmp/durations.log
    .venv/bin/python -m tests.make_slow_list /tmp/durations.log

Also prints the slowest files (their tests' time added up) for the README's test section.
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
    "tests/tables/engines/test_conformance.py::test_long_sessions_play_matches_and_shoes_to_their_end",
)
OUT = Path(__file__).with_name("slow_tests.txt")


def durations(log: str) -> Counter:
    per_test: Counter = Counter()
    for line in log.splitlines():
        found = LINE.match(line)
        if found:
            per_test[found.group(3)] += float(found.group(1))
    return per_test


def main(path: str) -> None:
    per_test = durations(Path(path).read_text(encoding="utf-8", errors="replace"))
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
    files: Counter = Counter()
    for test, seconds in per_test.items():
        files[test.split("::")[0]] += seconds
    print(f"{len(slow)} slow entries written to {OUT}; {sum(per_test.values()):.0f} s in all")
    print("| file | seconds |\n|---|---|")
    for name, seconds in files.most_common(30):
        print(f"| `{name}` | {seconds:.0f} |")


if __name__ == "__main__":
    main(sys.argv[1])
