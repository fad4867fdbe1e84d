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


def enter_number(page: Any, n: int) -> None:
    """A number prompt (command, CVP) has a number box, not a hundred buttons."""
    step = page.evaluate("window.warroom.view.step")
    assert page.locator(".choices .choice-btn").count() == 1  # only "Enter"
    box = page.locator(".choices .number-entry")
    box.fill(str(n))
    box.press("Enter")
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
    for _ in range(3):  # the set-up facts of scenarios 2-4, asked once
        click(page, "the soviet side")  # who starts it with the initiative
        click(page, "no")  # siG 33b
        click(page, "division 1 only")
        click(page, "both divisions")
    box = page.locator(".choices .number-entry")
    box.fill("100")  # out of range: said so, nothing sent
    box.press("Enter")
    assert "from 0 to 99" in page.locator(".choices .number-error").inner_text()
    # a number half typed survives the page drawing the same prompt again (after a move the
    # page draws it twice, once for its own refresh and once for the live news; a draw
    # between typing and Enter used to empty the box, and Enter then sent nothing)
    step = page.evaluate("window.warroom.view.step")
    box.fill("3")
    page.evaluate("window.warroom.refresh()")
    assert page.locator(".choices .number-entry").input_value() == "3"
    assert page.evaluate("window.warroom.view.step") == step  # nothing sent by the draw
    for n in (7, 4, 6, 5):  # German side: ammunition, morale, supply, CVP
        enter_number(page, n)
    shot(page, "toi-number-entry")
    for n in (2, 4, 4, 3):  # Soviet side
        enter_number(page, n)
    click(page, "the german side")  # initiative at the end of the Status Phase
    click(page, "lose one command of each type")  # the Soviet lost without the initiative
    text = board.inner_text()
    assert "Campaign Phase after Scenario 1" in text
    assert "Place an unarmed restriction on one of your" in text  # Soviet ammunition 1
    assert "German 6, Soviet 3; German wins" in text  # a side by name, not its id
    # every line stays inside its card (a set-up line ran past the Soviet card's edge)
    spill = page.evaluate(
        """() => [...document.querySelectorAll('svg.board g.g-card')].flatMap((g) => {
          const card = g.querySelector('rect').getBoundingClientRect();
          return [...g.querySelectorAll('text')].filter((t) => t.getBoundingClientRect().right > card.right)
            .map((t) => t.textContent);
        })"""
    )
    assert spill == [], spill
    shot(page, "toi-campaign-sheet")
    assert page.errors == []


def test_a_campaign_file_is_uploaded_in_the_lobby_and_checked_by_the_server(
    browser: Any, server: LiveServer, tmp_path: Any
) -> None:
    from pathlib import Path

    ours = (
        Path(__file__).resolve().parents[2] / "src/warroom/games/toi_stalingrad/data/campaign.toml"
    ).read_text()
    bad = tmp_path / "our-book.toml"
    bad.write_text(ours.replace('initiative = "soviet"', 'initiative = "italian"'))
    good = tmp_path / "corrected.toml"
    good.write_text(ours.replace('title = "Scenario 1"', 'title = "Scenario 1: Kalach bridge"'))
    for viewport, name in (
        ({"width": 1400, "height": 900}, "desk"),
        ({"width": 390, "height": 844}, "phone"),
    ):
        page = open_page(browser, server.url + "/", viewport)
        page.wait_for_selector(".game-box[data-game=toi-stalingrad]")
        page.click(".game-box[data-game=toi-stalingrad]")
        page.check("input[name=mode][value=hotseat]")
        assert page.locator(".setup-form label.lvl").is_hidden()  # no computer to choose
        # a tracker is kept by people at the table: hot-seat or two seats, never the computer
        modes = page.locator("input[name=mode]")
        values = sorted(modes.nth(i).get_attribute("value") or "" for i in range(modes.count()))
        assert values == ["hotseat", "invite"], values
        page.set_input_files("input[name=opt-campaign]", str(bad))
        page.click("#start")
        err = page.locator(".setup-form .error")
        err.wait_for(timeout=10_000)
        page.wait_for_function(
            "document.querySelector('.setup-form .error').textContent.length > 0"
        )
        text = err.inner_text()
        assert "our-book.toml" in text and "scenario 4 (scenario-4): initiative" in text, text
        shot(page, f"toi-campaign-file-error-{name}")
        page.set_input_files("input[name=opt-campaign]", str(good))
        page.click("#start")
        page.wait_for_url("**/g/*#t=*")
        page.wait_for_selector(".choices .choice-btn")
        page.wait_for_function(
            "document.querySelector('.board-frame').innerText.includes('Kalach bridge')"
        )
        shot(page, f"toi-campaign-file-loaded-{name}")
        assert page.errors == []
        page.close()
