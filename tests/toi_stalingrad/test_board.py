"""The campaign sheet in a real browser: a hot-seat campaign entered by clicking the buttons
beside the board, the sheet drawn by board.js (not the generic fallback), no page errors."""

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
    with LiveServer(tmp_path_factory.mktemp("toi") / "warroom.sqlite") as srv:
        yield srv


def click(page: Any, label: str) -> None:
    step = page.evaluate("window.warroom.view.step")
    page.locator(".choices .choice-btn", has_text=label).first.click()
    page.wait_for_function(f"window.warroom.view.step > {step}", timeout=10_000)


def test_the_campaign_sheet_is_drawn_and_played_by_buttons(
    browser: Any, server: LiveServer
) -> None:
    m = httpx.post(
        server.url + "/api/matches",
        json={"game": "toi-stalingrad", "scenario": "campaign", "seed": 1, "mode": "hotseat"},
    ).json()
    t = m["tokens"]
    url = f"{server.url}/g/{m['id']}#t={t['german']}.{t['soviet']}"
    page = open_page(browser, url, {"width": 1366, "height": 900}, ready=".choices .choice-btn")
    board = page.locator(".board-frame")
    assert "Standings" in board.inner_text()
    assert "play it, then enter its result" in board.inner_text()
    for label in ("7 ammunition", "4 morale", "6 supply", "5 CVP"):  # German side
        click(page, label)
    for label in ("2 ammunition", "4 morale", "4 supply", "3 CVP"):  # Soviet side
        click(page, label)
    click(page, "the german side")  # initiative at the end of the Status Phase
    click(page, "the soviet side")  # initiative in the next scenario
    click(page, "no")  # siG 33b
    click(page, "division 1 only")
    click(page, "both divisions")
    click(page, "lose one command of each type")  # the Soviet lost without the initiative
    text = board.inner_text()
    assert "Campaign Phase after Scenario 1" in text
    assert "Place an unarmed restriction on one of your" in text  # Soviet ammunition 1
    assert "German 6, Soviet 3; german wins" in text
    shot(page, "toi-campaign-sheet")
    assert page.errors == []
