"""The page in a real browser: set up a match, play by clicking the board, see the other
seat's move arrive live, step through the replay. Screenshots go to artifacts/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
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


def test_set_up_a_match_in_the_lobby_and_play_against_the_computer(
    browser: Any, server: LiveServer
) -> None:
    page = open_page(browser, server.url + "/")
    page.wait_for_selector(".game-box[data-game=duel]")
    page.click(".game-box[data-game=duel]")
    page.select_option("#scenario", "long")
    page.check("input[name=mode][value=computer]")
    page.select_option("#side", "north")
    page.select_option("#level", "easy")
    shot(page, "lobby")
    page.click("#start")
    page.wait_for_url("**/g/*#t=*")
    page.wait_for_selector("[data-target].choice")
    shot(page, "duel-vs-computer")
    assert page.locator(".seat-row[data-role=south]").inner_text().count("computer") == 1
    for _ in range(3):  # bid by clicking the choice cards on the table (north bids 1)
        page.wait_for_selector("[data-target].choice")
        step = page.evaluate("window.warroom.view.step")
        page.locator("[data-target].choice").first.click()
        page.wait_for_function(
            f"window.warroom.view.step > {step} && (window.warroom.view.prompt"
            " || window.warroom.view.outcome)",
            timeout=10_000,
        )
    assert page.locator(".log li").count() >= 6
    assert page.locator(".log li.private").count() >= 3  # my own bids, marked secret
    shot(page, "duel-after-three-rounds")
    assert page.errors == []


@pytest.mark.parametrize(
    ("name", "viewport"),
    [("desktop", {"width": 1400, "height": 900}), ("phone", {"width": 390, "height": 844})],
)
def test_a_friend_joins_by_a_link_that_works_once_and_the_creator_never_holds_their_seat(
    browser: Any, server: LiveServer, name: str, viewport: dict[str, int]
) -> None:
    host = open_page(browser, server.url + "/", viewport=viewport)
    host.wait_for_selector(".game-box[data-game=duel]")
    host.click(".game-box[data-game=duel]")
    host.check("input[name=mode][value=invite]")
    host.select_option("#side", "north")
    host.click("#start")
    host.wait_for_url("**/g/*#t=*")
    host.wait_for_selector(".live-dot.up")
    mid = host.evaluate("window.warroom.id")
    # this browser keeps its own seat's key and the friend's invitation, never a key of theirs
    saved = host.evaluate("JSON.parse(localStorage.getItem('warroom.matches'))")[mid]
    assert len(saved["tokens"]) == 1 and set(saved["invites"]) == {"south"}
    assert "invited, not joined yet" in host.locator(".seat-row[data-role=south]").inner_text()
    host.click(".share-btn")
    link = host.locator(".seat-link input").input_value()
    assert f"/g/{mid}#i=" in link and saved["tokens"][0] not in link
    shot(host, f"invite-dialog-{name}")
    host.click(".banner.invite .primary")
    # the friend opens it: the page trades the invitation for a key of its own
    friend = open_page(browser, link, viewport=viewport, ready=".live-dot.up")
    friend.wait_for_function("window.warroom.current && window.warroom.current.role === 'south'")
    assert "#i=" not in friend.url  # spent: off the address bar
    assert friend.evaluate("window.warroom.current.token") not in (saved["tokens"][0], link)
    host.wait_for_function(
        "!document.querySelector('.seat-row[data-role=south]').innerText.includes('invited')"
    )
    host.click(".share-btn")
    assert host.locator(".seat-link").count() == 0
    assert "South has joined." in host.locator(".banner.invite").inner_text()
    host.click(".banner.invite .primary")
    # a reload of the friend's page keeps the seat (the key is in their browser)
    friend.reload()
    friend.wait_for_function("window.warroom.current && window.warroom.current.role === 'south'")
    # anyone else who opens the same link is told it was used, and only watches
    late = open_page(browser, link, viewport=viewport, ready=".notice:not(.hidden)")
    text = late.locator(".notice").inner_text()
    assert "This seat is taken" in text and "invitation was already used" in text
    assert "south seat is taken" in text
    assert late.evaluate("window.warroom.current") is None
    assert late.locator(".chip.observer").count() == 1
    shot(late, f"invite-used-{name}")
    for p in (host, friend, late):
        assert p.errors == []
        p.close()


def test_an_invitation_not_answered_for_good_stays_in_the_link_and_a_reload_claims_it(
    browser: Any, server: LiveServer
) -> None:
    m = httpx.post(
        server.url + "/api/matches", json={"game": "duel", "mode": "invite", "side": "north"}
    ).json()
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # the first claim never reaches the server (as if it were away for a moment)
    page.route("**/claim", lambda route: route.fulfill(status=503, body='{"detail":"away"}'))
    page.goto(f"{server.url}/g/{m['id']}#i={m['invites']['south']}")
    page.wait_for_selector(".notice:not(.hidden)")
    assert "Could not take your seat yet" in page.locator(".notice").inner_text()
    assert "#i=" in page.url  # kept: nothing was spent
    page.unroute("**/claim")
    page.reload()
    page.wait_for_function("window.warroom.current && window.warroom.current.role === 'south'")
    assert "#i=" not in page.url and page.is_hidden(".notice")
    assert errors == []
    page.close()


def test_two_seats_see_each_others_moves_live_and_replay(browser: Any, server: LiveServer) -> None:
    m = httpx.post(
        server.url + "/api/matches",
        json={"game": "duel", "seed": 21, "mode": "invite", "side": "north"},
    ).json()
    north = open_page(browser, f"{server.url}/g/{m['id']}#t={m['tokens']['north']}")
    south = open_page(browser, f"{server.url}/g/{m['id']}#i={m['invites']['south']}")
    watcher = open_page(browser, f"{server.url}/g/{m['id']}")
    for p in (north, south, watcher):
        p.wait_for_selector(".live-dot.up")
    # north clicks its card; the south page learns of it without reloading
    north.locator("[data-target].choice").nth(1).click()  # bid 2
    south.wait_for_function("window.warroom.view.step === 1", timeout=1_000)
    watcher.wait_for_function("window.warroom.view.step === 1", timeout=1_000)
    assert "bid-made: role=north" in south.locator(".log").inner_text()
    assert "bid=2" not in south.locator(".log").inner_text()  # the bid itself stays secret
    south.locator("[data-target].choice").nth(0).click()  # bid 1
    north.wait_for_function("window.warroom.view.step === 2", timeout=1_000)
    assert "round: north=2, south=1, winner=north" in north.locator(".log").inner_text()
    north.locator("[data-target].choice").nth(2).click()
    south.wait_for_function("window.warroom.view.step === 3", timeout=1_000)
    shot(south, "duel-south-live")
    shot(watcher, "duel-watcher")
    # the replay: back to the start and forward again, as south saw it
    south.click(".replay-btn")
    south.wait_for_selector(".replay-bar:not(.hidden)")
    south.click(".rp-first")
    south.wait_for_function("window.warroom.view.step === 0")
    assert south.locator(".rp-pos").inner_text() == "move 0 of 3"
    assert south.locator(".log li").count() == 0
    south.click(".rp-next")
    south.wait_for_function("window.warroom.view.step === 1")
    south.click(".rp-next")
    south.wait_for_function("window.warroom.view.step === 2")
    shot(south, "duel-replay-step-2")
    assert "winner=north" in south.locator(".log").inner_text()
    south.click(".rp-prev")
    south.wait_for_function("window.warroom.view.step === 1")
    assert "winner=north" not in south.locator(".log").inner_text()
    south.keyboard.press("ArrowRight")
    south.wait_for_function("window.warroom.view.step === 2")
    south.click(".replay-btn")  # back to the game
    south.wait_for_selector("[data-target].choice")
    for p in (north, south, watcher):
        assert p.errors == []


def test_hot_seat_passes_the_screen_between_sides(browser: Any, server: LiveServer) -> None:
    m = httpx.post(
        server.url + "/api/matches", json={"game": "duel", "seed": 5, "mode": "hotseat"}
    ).json()
    t = m["tokens"]
    page = open_page(browser, f"{server.url}/g/{m['id']}#t={t['north']}.{t['south']}")
    page.wait_for_selector("[data-target].choice")
    assert page.evaluate("window.warroom.view.role") == "north"
    page.locator("[data-target].choice").nth(0).click()
    page.wait_for_selector(".curtain:not(.hidden)")  # secret bids: the screen is covered
    shot(page, "duel-hotseat-curtain")
    assert page.evaluate("window.warroom.view.role") == "south"
    page.click(".curtain button")
    page.locator("[data-target].choice").nth(2).click()
    page.wait_for_function("window.warroom.view.step === 2")
    assert "winner=south" in page.locator(".log").inner_text()
    assert page.errors == []


def test_an_undo_and_a_refused_link(browser: Any, server: LiveServer, tmp_path: Path) -> None:
    # Sheets: red's secret order, which blue does not see, may be taken back (a Duel bid,
    # seen by the side still to bid, may not)
    m = httpx.post(server.url + "/api/matches", json={"game": "sheets", "seed": 3}).json()
    page = open_page(browser, f"{server.url}/g/{m['id']}#t={m['tokens']['red']}")
    page.wait_for_selector("[data-target].choice")
    assert page.is_disabled(".undo")
    page.locator("[data-target].choice").nth(1).click()  # an order of strength 1
    page.wait_for_function("window.warroom.view.step === 1")
    assert page.is_enabled(".undo")
    page.click(".undo")
    page.wait_for_function("window.warroom.view.step === 0")
    page.wait_for_selector("[data-target].choice")
    bad = open_page(browser, f"{server.url}/g/{m['id']}#t=not-a-seat")
    bad.wait_for_selector(".toast:not(.hidden)")
    assert "holds no seat" in bad.locator(".toast").inner_text()
    # (the toast may come before the watcher's view has arrived: wait for the view)
    bad.wait_for_function("window.warroom && window.warroom.view !== null")
    assert bad.evaluate("window.warroom.view.role") is None  # it only watches
