"""The Campaign Commander series board draws each campaign in its own terms: sides, colours,
sea and land, ports, airfields and boxes come from the view (the campaign's data), so Coral
Sea shows Japan and the Allies and Roads to Stalingrad the Axis and the Soviets.
Screenshots go to artifacts/."""

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
    with LiveServer(tmp_path_factory.mktemp("ccboards") / "warroom.sqlite") as srv:
        yield srv


def open_seat(browser: Any, server: LiveServer, game: str, seat: str) -> tuple[Any, list[str]]:
    m = httpx.post(server.url + "/api/matches", json={"game": game, "seed": 3}).json()
    page = open_seat_page(browser, server, m, seat)
    return page, page.errors


def open_seat_page(browser: Any, server: LiveServer, m: dict[str, Any], seat: str) -> Any:
    """The seat's page of match ``m``, once its board has drawn."""
    url = f"{server.url}/g/{m['id']}#t={m['tokens'][seat]}"
    return open_page(browser, url, {"width": 1366, "height": 900}, ready="svg.board g.area")


def board_text(page: Any) -> str:
    """The text of the map and of the tray beside it."""
    return str(
        page.evaluate(
            "document.querySelector('svg.board').textContent"
            " + document.querySelector('svg.tray').textContent"
        )
    )


def test_coral_sea_board_shows_japan_the_allies_the_sea_ports_airfields_and_australia(
    browser: Any, server: LiveServer
) -> None:
    page, errors = open_seat(browser, server, "coral-sea", "japan")
    look = page.evaluate("window.warroom.view.board.look")
    assert look["sides"]["japan"]["name"] == "Japan" and look["boxes"] == ["Australia"]
    text = board_text(page)
    assert "Victory points: Japan" in text and "Allies" in text
    assert "axis" not in text.lower() and "soviet" not in text.lower()
    # twelve sea areas drawn as water, the rest as land; Australia as a box
    assert page.locator("svg.board g.area.sea").count() == 12
    assert page.locator("svg.board g.area.land").count() == 30
    assert page.locator("svg.board g.area.box[data-target='area:Australia']").count() == 1
    assert page.locator("svg.board path.port").count() == 14  # every urban area is a port
    assert page.locator("svg.board g.airfield").count() == 9  # the printed airfields
    assert page.locator("svg.board g.airfield.japan").count() == 2  # Rabaul, Kavieng
    # VP circles in each side's own colour, from the data
    fill = page.locator("svg.board circle.vp.japan").first.get_attribute("fill")
    assert fill == look["sides"]["japan"]["mark"]
    assert page.locator("svg.board g.unit.japan").count() >= 7
    shot(page, "coral-sea-board")
    assert errors == []


def test_roads_to_stalingrad_board_keeps_the_axis_and_soviet_look(
    browser: Any, server: LiveServer
) -> None:
    page, errors = open_seat(browser, server, "roads-to-stalingrad", "axis")
    text = board_text(page)
    assert "Victory points: Axis" in text and "Soviet" in text
    assert "Japan" not in text
    assert page.locator("svg.board g.area.sea").count() == 0
    assert page.locator("svg.board g.airfield").count() == 0
    assert page.locator("svg.board g.area.box").count() == 0
    fill = page.locator("svg.board circle.vp.soviet").first.get_attribute("fill")
    assert fill == page.evaluate("window.warroom.view.board.look.sides.soviet.mark")
    shot(page, "roads-to-stalingrad-board")
    assert errors == []


def test_coral_sea_limited_intelligence_shows_only_the_top_of_a_port_stack(
    browser: Any, server: LiveServer
) -> None:
    m = httpx.post(
        server.url + "/api/matches",
        json={"game": "coral-sea", "seed": 3, "options": {"limited-intelligence": True}},
    ).json()
    page = open_seat_page(browser, server, m, "allies")
    board = page.evaluate("window.warroom.view.board")
    # Rabaul's five Japanese units: the Allies see the top one and a count of the rest
    assert board["stack_tops"]["Rabaul"]["japan"] == board["stacks"]["Rabaul"][0]
    assert board["hidden_counts"]["Rabaul"] == 4
    assert page.locator("svg.board g.unit.japan[data-target^='unit:']").count() >= 1
    assert "+4" in board_text(page)
    assert page.locator("svg.board g.hidden-count").count() == len(board["hidden_counts"])
    shot(page, "coral-sea-limited-intelligence")
    assert page.errors == []


def test_coral_sea_board_draws_each_ship_with_what_it_carries(
    browser: Any, server: LiveServer
) -> None:
    m = httpx.post(server.url + "/api/matches", json={"game": "coral-sea", "seed": 3}).json()
    tokens = m["tokens"]

    def act(seat: str, action: list[str]) -> None:
        r = httpx.post(
            f"{server.url}/api/matches/{m['id']}/actions",
            headers={"X-Seat-Token": tokens[seat]},
            json={"action": action},
        )
        assert r.status_code == 200, r.text

    act("japan", ["card"])
    act("allies", ["map"])  # the Allies operate first: the 18th Brigade sails from Australia
    act("allies", ["rp", "Australia"])
    act("allies", ["move", "us-desron"])
    act("allies", ["embark", "au-18", "us-desron"])
    act("allies", ["go", "Coral Sea"])
    act("allies", ["halt"])
    page = open_seat_page(browser, server, m, "allies")
    board = page.evaluate("window.warroom.view.board")
    units = {u["id"]: u for u in board["units"]}
    assert units["au-18"]["aboard"] == "us-desron" and units["au-18"]["loc"] == "Coral Sea"
    assert units["au-tf44"]["rp_aboard"] == 1  # TF 44 starts with the Gulf of Papua's RP

    def tip(uid: str) -> str:
        return str(
            page.locator(f"svg.board g.unit[data-target='unit:{uid}']").get_attribute("data-tip")
        )

    assert "carries Australian 18th Brigade" in tip("us-desron")
    assert "aboard US Destroyer Squadron" in tip("au-18")
    assert "1 resource point aboard" in tip("au-tf44")
    assert page.locator("svg.board rect.rp-aboard").count() == 1  # TF 44's badge
    assert page.locator("svg.board path.aboard-mark").count() == 1  # the brigade's anchor
    # in the Coral Sea pile the destroyers come right before the brigade they carry
    pile = page.evaluate(
        "[...document.querySelectorAll('svg.board .stack[data-stack=\"Coral Sea\"] > .piece')]"
        ".map((n) => n.getAttribute('data-target')).reverse()"
    )
    assert pile.index("unit:au-18") == pile.index("unit:us-desron") + 1
    page.locator("svg.board .stack[data-stack='Coral Sea'] .piece").last.click()  # open the pile
    shot(page, "coral-sea-ships-carry")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "coral-sea-ships-carry-phone")
    assert page.errors == []
