"""`make screenshots`: the whole site in one place. Starts a server on a fresh demo database
(tests/server.py), runs the page audit (tests/browser/audit.py) as every role in Russian and in
English with a full-page PNG of every page at every width, and writes an index.html contact sheet
with the audit's findings on top. The folder (default artifacts/screenshots, not committed) is
SCREENSHOTS_DIR or the first argument."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.browser.audit import (
    Auditor,
    AuditResult,
    contact_sheet,
    data_names,
    play_every_table,
)
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.server import PROJECT_ROOT, DaphneServer


def main(argv: list[str]) -> int:
    folder = Path(
        argv[1] if len(argv) > 1 else os.environ.get("SCREENSHOTS_DIR", "artifacts/screenshots")
    )
    if not folder.is_absolute():
        folder = PROJECT_ROOT / folder
    folder.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    server = DaphneServer()
    with server as base_url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        names = data_names(server.shell)
        start = play_every_table(server.shell)  # every table mid-hand, a finished hand of each
        total = AuditResult()
        for language in ("ru", "en"):
            shots = folder / language
            shots.mkdir(exist_ok=True)
            result = Auditor(browser, base_url, names, language=language, shots_dir=shots).audit(
                start=start
            )
            for shot in result.shots:
                shot.file = f"{language}/{shot.file}"
            total.findings += result.findings
            total.shots += result.shots
            for role, paths in result.visited.items():
                total.visited.setdefault(f"{role} ({language})", paths)
        browser.close()
    (folder / "index.html").write_text(contact_sheet(total), encoding="utf-8")
    print(
        f"{total.pages} pages, {len(total.shots)} screenshots, {len(total.findings)} findings "
        f"in {time.monotonic() - started:.0f} s: {folder / 'index.html'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
