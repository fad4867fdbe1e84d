"""Every game on the server plays in the browser: its board (or the generic table) draws,
and choices made by clicking the board or the buttons beside it move the match on."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

import warroom
from tests.server.browser import browser, shot
from tests.server.browser import open_page as browser_page
from tests.server.liveserver import LiveServer

pytestmark = pytest.mark.browser
__all__ = ["browser"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("boards") / "warroom.sqlite") as srv:
        yield srv


def open_page(browser: Any, url: str) -> Any:
    return browser_page(browser, url, until="window.warroom && window.warroom.view")


def step_of(page: Any) -> int:
    return int(page.evaluate("window.warroom.view.step"))


def click_on_board(page: Any, target: Any) -> None:
    """Click a drawn choice as a person would: a counter under others in a closed pile is
    reached by opening the pile first (the same element, wherever the pile then moves)."""
    node = target.element_handle()
    if not node.evaluate(
        "n => { const s = n.closest('.stack');"
        " return !!s && !s.classList.contains('open')"
        " && s.querySelectorAll(':scope > .piece').length > 1; }"
    ):
        target.click()
        return
    top = node.evaluate_handle(
        "n => { const p = n.closest('.stack').querySelectorAll(':scope > .piece');"
        " return p[p.length - 1]; }"
    )
    top.as_element().click()
    node.wait_for_element_state("stable")
    assert node.evaluate("n => n.closest('.stack').classList.contains('open')")
    node.click()


def play_a_few_by_clicking(page: Any, moves: int) -> int:
    """Choose on the board where the board offers it, else the first button beside it."""
    made = 0
    for _ in range(moves):
        page.wait_for_function("window.warroom.view.prompt || window.warroom.view.outcome")
        if page.evaluate("window.warroom.view.outcome"):
            break
        if page.locator(".curtain:not(.hidden)").count():  # hot-seat: show the next side
            page.click(".curtain button")
        step = step_of(page)
        board = page.locator(":is(svg.board, svg.tray) [data-target].choice")
        if board.count():
            click_on_board(page, board.first)
            # a click path: keep clicking highlighted elements, or take the menu's first entry
            for _ in range(4):
                page.wait_for_function(
                    f"window.warroom.view.step > {step} || document.querySelector("
                    "'.menu:not(.hidden)') || document.querySelector('svg.board .selected')"
                )
                if step_of(page) > step:
                    break
                menu = page.locator(".menu:not(.hidden) button")
                if menu.count():
                    menu.first.click()
                    break
                nxt = page.locator(":is(svg.board, svg.tray) [data-target].choice:not(.selected)")
                if nxt.count():
                    click_on_board(page, nxt.first)
                else:
                    page.locator(".choices .choice-btn:not(.cancel)").first.click()
                    break
        else:
            page.locator(".choices .choice-btn").first.click()
        page.wait_for_function(f"window.warroom.view.step > {step}", timeout=10_000)
        made += 1
    return made


@pytest.mark.parametrize("gid", warroom.games())
def test_every_game_plays_in_the_browser(browser: Any, server: LiveServer, gid: str) -> None:
    spec = next(g for g in httpx.get(server.url + "/api/games").json() if g["id"] == gid)
    m = httpx.post(
        server.url + "/api/matches", json={"game": gid, "seed": 4, "mode": "hotseat"}
    ).json()
    tokens = ".".join(m["tokens"].values())
    page = open_page(browser, f"{server.url}/g/{m['id']}#t={tokens}")
    assert page.locator("svg.board *").count() > 20, "nothing drawn"
    if spec["board"]:
        assert page.evaluate(
            "window.warroom.board !== undefined && window.warroom.board.draw.length >= 2"
        )
    made = play_a_few_by_clicking(page, 6)
    if page.locator(".curtain:not(.hidden)").count():
        page.click(".curtain button")
    shot(page, f"board-{gid}")
    assert made >= 1
    assert page.errors == []


@pytest.mark.skipif("commanders" not in warroom.games(), reason="Commanders is not registered")
def test_commanders_orders_by_clicking_a_group_then_its_arrow_and_the_other_side_sees_nothing(
    browser: Any, server: LiveServer
) -> None:
    m = httpx.post(
        server.url + "/api/matches",
        json={"game": "commanders", "seed": 7, "mode": "invite", "side": "white"},
    ).json()
    white = open_page(browser, f"{server.url}/g/{m['id']}#t={m['tokens']['white']}")
    black = open_page(browser, f"{server.url}/g/{m['id']}#i={m['invites']['black']}")
    for p in (white, black):
        p.wait_for_selector(".live-dot.up")
    # set-up first, if the scenario asks for one: both sides place by clicking sectors
    for p in (white, black):
        while p.evaluate(
            "window.warroom.view.prompt && window.warroom.view.board.stage === 'place'"
        ):
            play_a_few_by_clicking(p, 1)
    white.wait_for_function(
        "window.warroom.view.board.stage === 'plan' && window.warroom.view.prompt"
    )
    # a counter stands for its group (its type in its sector): all of them light up
    group = white.locator("svg.board [data-target^='grp:w-right:cavalry'].choice")
    assert group.count() == 4  # Marengo: four squadrons on white's right wing
    group.first.click()
    assert white.locator("svg.board [data-target='grp:w-right:cavalry'].selected").count() == 4
    sectors = white.locator("svg.board [data-target='sector:mid-east'].choice")
    assert sectors.count() == 1
    shot(white, "commanders-group-selected")
    black_step = step_of(black)
    for k in range(2):  # two squadrons: "2C" on the sheet
        step = step_of(white)
        if k:
            white.locator("svg.board [data-target='grp:w-right:cavalry'].choice").first.click()
        white.locator("svg.board [data-target='sector:mid-east'].choice").click()
        white.wait_for_function(f"window.warroom.view.step > {step}")
    orders = white.evaluate("window.warroom.view.board.orders.white")
    assert orders == [
        {"kind": "cavalry", "from": "w-right", "to": "mid-east", "given": 2, "carried": 0}
    ]
    assert white.locator("svg.board g.arrow-label text", has_text="2C").count() == 1
    # black sees nothing of white's sheet, not even that an order was written: its step
    # counter stays (issue 17)
    black.wait_for_timeout(500)
    assert step_of(black) == black_step
    black.reload()
    black.wait_for_function("window.warroom && window.warroom.view")
    assert black.evaluate("window.warroom.view.board.orders.white") == []
    assert black.evaluate("window.warroom.view.board.orders_info.white.given") is None
    shot(white, "commanders-order-given")
    shot(black, "commanders-black-view")
    for p in (white, black):
        assert p.errors == []
