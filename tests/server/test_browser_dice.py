"""The dice seal on the page: shown from the start, and "Verify the dice" once it is over.

Screenshots (desktop and phone) go to artifacts/.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.browser import browser, open_page, shot
from tests.server.liveserver import LiveServer

pytestmark = pytest.mark.browser
__all__ = ["browser"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("web") / "warroom.sqlite") as srv:
        yield srv


@pytest.mark.parametrize(
    ("name", "viewport"),
    [("desktop", {"width": 1400, "height": 900}), ("phone", {"width": 390, "height": 844})],
)
def test_the_seal_is_shown_from_the_start_and_the_finished_match_verifies(
    browser: Any, server: LiveServer, name: str, viewport: dict[str, int]
) -> None:
    m = httpx.post(server.url + "/api/matches", json={"game": "duel", "mode": "hotseat"}).json()
    mid, north = m["id"], m["tokens"]["north"]
    page = open_page(
        browser, f"{server.url}/g/{mid}#t={north}", viewport=viewport, ready=".dice-seal"
    )
    sealed = page.evaluate("window.warroom.view.dice.commitment")
    assert len(sealed) == 64 and sealed[:12] in page.locator(".dice-seal").inner_text()
    assert page.evaluate("window.warroom.view.dice.seed") is None  # not while it goes on
    shot(page, f"dice-seal-{name}")
    for _ in range(200):  # play it out through the API (bids of 2: a die every round)
        st = httpx.get(f"{server.url}/api/matches/{mid}").json()
        if st["outcome"]:
            break
        for role in st["active"]:
            r = httpx.post(
                f"{server.url}/api/matches/{mid}/actions",
                headers={"X-Seat-Token": m["tokens"][role]},
                json={"action": ["bid", 2]},
            )
            assert r.status_code == 200, r.text
    page.wait_for_selector(".outcome .verify-btn", timeout=15_000)
    page.click(".outcome .verify-btn")
    page.wait_for_selector(".verify-overlay:not(.hidden) .banner.verify")
    text = page.locator(".verify-overlay").inner_text()
    assert "The dice are verified" in text
    assert "the commitment this browser saw during play" in text
    assert f"--commitment {sealed}" in page.locator(".verify-overlay textarea").input_value()
    href = page.locator(".verify-overlay a[download]").get_attribute("href")
    assert href == f"/api/matches/{mid}/record"
    shot(page, f"dice-verified-{name}")
    assert page.errors == []
