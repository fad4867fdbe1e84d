"""The hint button in a real browser: ask, see the top three moves, play one of them."""

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
    with LiveServer(tmp_path_factory.mktemp("hint") / "warroom.sqlite") as srv:
        yield srv


def test_the_hint_button_shows_three_candidates_and_highlights_them(
    browser: Any, server: LiveServer
) -> None:
    m = httpx.post(server.url + "/api/matches", json={"game": "duel", "seed": 4}).json()
    page = open_page(
        browser, f"{server.url}/g/{m['id']}#t={m['tokens']['north']}", ready="[data-target].choice"
    )
    assert page.is_enabled(".hint-btn")
    page.click(".hint-btn")
    page.wait_for_selector(".hint-panel:not(.hidden) .hint-cand", timeout=15_000)
    cands = page.locator(".hint-cand")
    assert cands.count() == 3
    text = page.locator(".hint-panel").inner_text()
    assert "%" in text and "most promising" in text
    assert page.locator(".hinted[data-hint-rank='1']").count() >= 1  # the best move is marked
    assert page.locator("svg .hinted").count() == 3  # each bid's card on the table
    shot(page, "duel-hint")
    page.locator(".hint-cand .hint-label").first.click()  # play the best move from the list
    page.wait_for_function("window.warroom.view.step === 1")
    page.wait_for_selector(".hint-panel.hidden", state="attached")  # stale hints go away
    assert page.is_disabled(".hint-btn")  # nothing to decide until south bids
    assert page.errors == []


def test_the_battle_odds_panel_of_a_campaign_commander_game(
    browser: Any, server: LiveServer
) -> None:
    m = httpx.post(
        server.url + "/api/matches", json={"game": "roads-to-stalingrad", "seed": 1}
    ).json()
    page = open_page(
        browser,
        f"{server.url}/g/{m['id']}#t={m['tokens']['axis']}",
        ready=".odds-panel:not(.hidden) .odds-area",
    )
    page.select_option(".odds-area", "Valuyki")
    ticked = page.locator(".odds-unit input:checked")
    assert ticked.count() == 9  # every axis unit next to Valuyki: Belgorod 3, Kharkov 3,
    # Kupyansk 1, Oboyan 2
    page.select_option(".odds-origin", "Belgorod")
    page.click(".odds-go")
    page.wait_for_selector(".odds-row", timeout=15_000)
    assert page.locator(".odds-row").count() == 4
    assert "Axis takes Valuyki" in page.locator(".odds-result").inner_text()
    shot(page, "campaign-odds")
    assert page.errors == []
