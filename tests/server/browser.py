"""Playwright on Debian's Chromium, for the browser tests."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
VIEWPORT = {"width": 1366, "height": 768}
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


def shot(page: object, name: str) -> Path:
    """A screenshot in artifacts/ (gitignored), to look at after a run."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path))  # type: ignore[attr-defined]
    return path


def open_page(
    browser: Any,
    url: str,
    viewport: Mapping[str, int] = VIEWPORT,
    ready: str | None = None,
    until: str | None = None,
) -> Any:
    """A new page at ``url`` whose script errors collect in ``page.errors``; it waits for
    the ``ready`` selector and the ``until`` script condition when they are given."""
    page = browser.new_page(viewport=dict(viewport))
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(url)
    if ready is not None:
        page.wait_for_selector(ready, timeout=15_000)
    if until is not None:
        page.wait_for_function(until)
    return page


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs it (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()
