"""What several browser tests do the same way."""

import re

from playwright.sync_api import Page, expect


def log_in(page: Page, username: str, password: str, next_path: str = "") -> None:
    """Sign in through the login form and land on `next_path` (the lobby by default)."""
    page.goto("/accounts/login/" + (f"?next={next_path}" if next_path else ""))
    form = page.locator("main form").filter(has=page.locator("input[name=username]"))
    form.locator("input[name=username]").fill(username)
    form.locator("input[name=password]").fill(password)
    form.locator("button[type=submit]").click()
    expect(page).to_have_url(re.compile(re.escape(next_path or "/lobby/") + "$"))
