"""Every game's page as a person sees it, on a 1400x900 screen and a 390x844 phone: nothing
scrolls sideways, the prompt is in sight and usable, map names do not run into each other
or into the markers, counters are big enough to read, the map zooms and pans (wheel,
buttons, keys, a drag, two fingers) and piles of counters open on a click.

Screenshots of every game at both sizes go to artifacts/screenshots/ (gitignored), to be
looked at after a run."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.server.browser import ARTIFACTS, browser, open_page
from tests.server.liveserver import LiveServer

pytestmark = pytest.mark.browser
__all__ = ["browser"]

GAMES = ["commanders", "roads-to-stalingrad", "coral-sea", "fall-blau", "toi-stalingrad"]
SIZES = {"desktop": {"width": 1400, "height": 900}, "phone": {"width": 390, "height": 844}}
SHOTS = ARTIFACTS / "screenshots"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("table") / "warroom.sqlite") as srv:
        yield srv


@pytest.fixture(scope="module")
def matches(server: LiveServer) -> dict[str, dict[str, Any]]:
    """One hot-seat match of every game, at its start."""
    out = {}
    for game in GAMES:
        r = httpx.post(
            server.url + "/api/matches", json={"game": game, "seed": 3, "mode": "hotseat"}
        )
        assert r.status_code == 201, r.text
        out[game] = r.json()
    return out


def hotseat_url(server: LiveServer, m: dict[str, Any]) -> str:
    return f"{server.url}/g/{m['id']}#t={'.'.join(m['tokens'].values())}"


def save(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


# what the page looks like, measured in the page
FIT = """() => {
  const doc = document.documentElement;
  const card = document.querySelector('.prompt-card');
  const r = card.getBoundingClientRect();
  const text = document.querySelector('.prompt-text');
  const t = text.getBoundingClientRect();
  const hit = document.elementFromPoint(t.left + Math.min(20, t.width / 2), t.top + t.height / 2);
  return {
    scrollWidth: doc.scrollWidth, clientWidth: doc.clientWidth, bodyWidth: document.body.scrollWidth,
    card: {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height},
    textHeight: t.height, textOnTop: !!hit && card.contains(hit),
    innerHeight: innerHeight,
  };
}"""

LABELS = """() => {
  const box = (n) => n.getBoundingClientRect();
  const labels = [...document.querySelectorAll('svg.board .label')].map((n) => [n.textContent, box(n)]);
  const markers = [...document.querySelectorAll('svg.board .marker')].map(box);
  const over = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const bad = [];
  labels.forEach(([t, a], i) => {
    labels.slice(i + 1).forEach(([u, b]) => { if (over(a, b)) bad.push(`${t} / ${u}`); });
    if (markers.some((m) => over(a, m))) bad.push(`${t} over a marker`);
  });
  return {count: labels.length, markers: markers.length, bad};
}"""

# every piece, card, chit and marker on the board or in the tray, whether it can be clicked
# or not, that carries no tooltip of its own or of the group it belongs to
THINGS = (
    ".unit, .piece, .card, .hand-card, .general, .chit, .marker, .rp, .airfield, .objective,"
    " .hidden-count, .choice-tile, .die-target, .token, .pool, .round-track, .vp-box,"
    " .stack-count, .fb-track, .calendar"
)
MUTE = f"""() => [...document.querySelectorAll('svg.board, svg.tray')]
  .flatMap((svg) => [...svg.querySelectorAll('{THINGS}')])
  .filter((n) => !n.closest('[data-tip]'))
  .map((n) => `${{n.tagName}}.${{(n.getAttribute('class') || '').replace(/ /g, '.')}}`)"""

# the smallest counter on screen, the smallest text written on a counter (its box's height)
# and the smallest font it is written in, in screen pixels
COUNTERS = """() => {
  const units = [...document.querySelectorAll('svg.board g.unit')];
  const sides = units.map((u) => { const r = u.firstElementChild.getBoundingClientRect(); return Math.min(r.width, r.height); });
  const texts = units.flatMap((u) => [...u.querySelectorAll('text')]);
  const scale = document.querySelector('svg.board').getScreenCTM().a;
  const font = (t) => parseFloat(getComputedStyle(t).fontSize) * scale;
  return {n: units.length, side: Math.min(...sides),
          text: texts.length ? Math.min(...texts.map((t) => t.getBoundingClientRect().height)) : null,
          font: texts.length ? Math.min(...texts.map(font)) : null};
}"""

# Every label drawn on the map, as screen boxes, and the pairs that overlap. A label is
# whatever a player reads or recognizes at a glance: a place's name (class "label"), a
# counter (with what is written on it), a closed pile of counters (with its count badge), a
# marker (a place's circle, a victory point or resource point disc, a flag, a terrain sign,
# a battle mark, an airfield, an artillery token, a die) and an arrow's label, and any other
# text. Writing on a marker (a number on its disc) belongs to that marker. Two labels
# collide when their boxes overlap by more than TOLERANCE pixels both across and down: a
# text's box is its font's full height, so lines set close, or a glyph's edge touching a
# marker's rim, overlap by a pixel or two with nothing covered.
TOLERANCE = 2.0
COLLISIONS = """(tol) => {
  const svg = document.querySelector('svg.board');
  const OWNERS = '.arrow-label, g.unit, g.stack:not(.open), .stack.open > .piece, .marker,'
    + ' .stack-count, g.rp, .hidden-count, .airfield, .token, .battle-mark, .die-target, .vp-box';
  const owners = [...svg.querySelectorAll(OWNERS)].filter((n) => !n.parentElement.closest(OWNERS));
  const shown = (n) => {
    const cs = getComputedStyle(n);
    if (cs.display === 'none' || cs.visibility === 'hidden') return null;
    const r = n.getBoundingClientRect();
    return r.width > 0.5 && r.height > 0.5 ? r : null;
  };
  const name = (n) => {
    const t = (n.textContent || '').trim().slice(0, 30);
    const what = (n.getAttribute('class') || n.tagName).split(' ')[0];
    const at = n.getAttribute('data-target') || n.getAttribute('data-stack') || '';
    return `${what}${at ? '[' + at + ']' : ''}${t ? ' "' + t + '"' : ''}`;
  };
  const items = [];
  for (const n of owners) { const r = shown(n); if (r) items.push({r, what: name(n)}); }
  const marks = items.map((x) => x.r);
  const inside = (r, m) => r.left >= m.left - 1 && r.right <= m.right + 1
    && r.top >= m.top - 1 && r.bottom <= m.bottom + 1;
  for (const t of svg.querySelectorAll('text')) {
    if (t.closest(OWNERS) || !t.textContent.trim()) continue;
    const r = shown(t);
    if (!r || (!t.classList.contains('label') && marks.some((m) => inside(r, m)))) continue;
    items.push({r, what: name(t)});
  }
  const bad = [];
  items.forEach((a, i) => items.slice(i + 1).forEach((b) => {
    const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
    const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
    if (w > tol && h > tol) bad.push(`${a.what} / ${b.what} (${w.toFixed(1)} x ${h.toFixed(1)} px)`);
  }));
  return {count: items.length, bad};
}"""


# the words written on the board that are a role's id as it stands ("german wins", "axis"),
# not its name ("German", "Axis"): the words test reads the engine's words, this the board's
ROLE_IDS = r"""() => {
  const text = document.querySelector('.board-frame').innerText;
  const word = (r) => new RegExp('(^|[^\\w-])' + r + '([^\\w-]|$)');
  return (window.warroom.view.roles || []).filter((r) => word(r).test(text))
    .map((r) => text.split('\n').find((l) => word(r).test(l)));
}"""


def show(page: Any) -> None:
    """Draw the page again from the server and, on a hot seat, lift the curtain that comes
    down when the screen passes to the other side (behind it the board is empty)."""
    page.evaluate("window.warroom.refresh()")
    page.wait_for_timeout(300)
    curtain = page.locator(".curtain:not(.hidden) button")
    if curtain.count():
        curtain.click()
    page.wait_for_selector("svg.board g")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_lobby_fits_the_screen(browser: Any, server: LiveServer, size: str) -> None:
    page = open_page(browser, server.url + "/", SIZES[size], ready=".game-box")
    page.click(".game-box[data-game=commanders]")
    page.wait_for_selector("#start")
    fit = page.evaluate(FIT.replace(".prompt-card", "#start").replace(".prompt-text", "#start"))
    assert fit["scrollWidth"] <= fit["clientWidth"], fit
    save(page, f"lobby-{size}")
    assert page.errors == []
    page.close()


def test_the_lobby_names_every_option_in_words(browser: Any, server: LiveServer) -> None:
    """Each game's options read as the game names them ("Row 0-2 takes away the command
    left"), never as a key put into words ("Forfeit 0 2")."""
    specs = {g["id"]: g for g in httpx.get(server.url + "/api/games").json()}
    page = open_page(browser, server.url + "/", SIZES["desktop"], ready=".game-box")
    for game in GAMES:
        page.click(f".game-box[data-game={game}]")
        page.wait_for_selector("#start")
        shown = page.eval_on_selector_all(
            "label.option",
            "ls => ls.map((l) => [l.dataset.option, l.querySelector('.option-name').textContent])",
        )
        assert dict(shown) == {o["key"]: o["label"] for o in specs[game]["options"]}, game
        if game == "toi-stalingrad":
            save(page, "lobby-toi-options")
            text = page.locator(".options").inner_text()
            assert "Row 0-2 takes away the command left" in text
            assert "Forfeit 0 2" not in text
    assert page.errors == []
    page.close()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_every_game_fits_the_screen_with_its_prompt_in_sight(
    browser: Any, server: LiveServer, matches: dict[str, dict[str, Any]], game: str, size: str
) -> None:
    vp = SIZES[size]
    page = open_page(browser, hotseat_url(server, matches[game]), vp, ready="svg.board g")
    page.wait_for_selector(".prompt-card.yours")
    fit = page.evaluate(FIT)
    # nothing scrolls sideways
    assert fit["scrollWidth"] <= vp["width"] and fit["bodyWidth"] <= vp["width"], fit
    # the prompt is on screen, whole enough to read and not covered
    card = fit["card"]
    assert card["top"] >= 0 and card["bottom"] <= vp["height"] + 1, card
    assert card["left"] >= 0 and card["right"] <= vp["width"], card
    assert card["height"] >= 90 and fit["textHeight"] >= 18 and fit["textOnTop"], fit
    # the board names the sides, never writes their ids
    assert page.evaluate(ROLE_IDS) == []
    # every map name clear of the others and of the markers
    labels = page.evaluate(LABELS)
    assert labels["bad"] == [], labels["bad"]
    if game != "toi-stalingrad":  # a campaign sheet: no map
        assert labels["count"] >= 9 and labels["markers"] >= 5, labels
    if size == "desktop" and game in ("roads-to-stalingrad", "coral-sea", "commanders"):
        c = page.evaluate(COUNTERS)
        assert c["n"] >= 10 and c["side"] >= 22, c
        if c["text"] is not None:
            assert c["text"] >= 9 and c["font"] >= MIN_FONT, c
    # every piece, card and place that can be clicked says what it is
    mute = page.evaluate(
        "[...document.querySelectorAll('svg [data-target]')]"
        ".filter((n) => !n.getAttribute('data-tip')).map((n) => n.getAttribute('data-target'))"
    )
    assert mute == [], mute[:10]
    mute = page.evaluate(MUTE)
    assert mute == [], mute[:10]
    save(page, f"{game}-{size}")
    assert page.errors == []
    page.close()


def test_the_map_zooms_and_pans_by_wheel_buttons_keys_drag_and_fingers(
    browser: Any, server: LiveServer, matches: dict[str, dict[str, Any]]
) -> None:
    m = matches["roads-to-stalingrad"]
    page = open_page(browser, hotseat_url(server, m), SIZES["desktop"], ready="svg.board g.area")

    def box() -> list[float]:
        return [float(x) for x in page.get_attribute("svg.board", "viewBox").split()]

    whole = box()
    step = page.evaluate("window.warroom.view.step")
    assert page.is_disabled(".zoom-out") and page.is_disabled(".zoom-fit")
    page.click(".zoom-in")
    assert box()[2] == pytest.approx(whole[2] / 1.4)
    page.click(".zoom-fit")
    assert box() == whole
    # the wheel zooms about the pointer: the point under it stays put
    frame = page.locator("svg.board").bounding_box()
    x, y = frame["x"] + frame["width"] * 0.3, frame["y"] + frame["height"] * 0.4
    before = page.evaluate(
        f"(() => {{ const z = window.warroom.zoom; return z.toUser({x}, {y}); }})()"
    )
    page.mouse.move(x, y)
    page.mouse.wheel(0, -400)
    page.wait_for_function("window.warroom.zoom.zoom > 1.5")
    after = page.evaluate(
        f"(() => {{ const z = window.warroom.zoom; return z.toUser({x}, {y}); }})()"
    )
    assert after["x"] == pytest.approx(before["x"], abs=2) and after["y"] == pytest.approx(
        before["y"], abs=2
    )
    # a drag pans, and the click that ends it chooses nothing
    zoomed = box()
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 120, y + 60, steps=6)
    page.mouse.up()
    panned = box()
    assert panned[0] < zoomed[0] and panned[1] < zoomed[1] and panned[2] == zoomed[2]
    page.wait_for_timeout(300)
    assert page.evaluate("window.warroom.view.step") == step
    # keys: 0 shows it all, + zooms, an arrow pans
    page.keyboard.press("0")
    assert box() == whole
    page.keyboard.press("+")
    page.keyboard.press("+")
    closer = box()
    assert closer[2] < whole[2] / 1.5
    page.keyboard.press("ArrowRight")
    assert box()[0] > closer[0]
    page.keyboard.press("0")
    # two fingers apart zoom in, about the point between them
    page.evaluate(
        """() => {
      const svg = document.querySelector('svg.board');
      const r = svg.getBoundingClientRect();
      const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
      const fire = (type, id, x) => svg.dispatchEvent(new PointerEvent(type, {
        pointerId: id, pointerType: 'touch', clientX: x, clientY: cy, bubbles: true, isPrimary: id === 1}));
      fire('pointerdown', 1, cx - 40); fire('pointerdown', 2, cx + 40);
      for (let k = 1; k <= 5; k++) { fire('pointermove', 1, cx - 40 - 16 * k); fire('pointermove', 2, cx + 40 + 16 * k); }
      fire('pointerup', 1, cx - 120); fire('pointerup', 2, cx + 120);
    }"""
    )
    assert page.evaluate("window.warroom.zoom.zoom") == pytest.approx(3.0, rel=0.05)
    assert page.evaluate("window.warroom.view.step") == step
    assert page.errors == []
    page.close()


def test_a_pile_of_counters_opens_on_a_click_and_each_says_what_it_is(
    browser: Any, server: LiveServer, matches: dict[str, dict[str, Any]]
) -> None:
    m = matches["roads-to-stalingrad"]
    page = open_page(browser, hotseat_url(server, m), SIZES["desktop"], ready="svg.board g.area")
    # Kharkov holds three Axis corps at the start
    stack = page.locator('svg.board .stack[data-stack="Kharkov"]')
    assert stack.locator(":scope > .piece").count() == 3
    step = page.evaluate("window.warroom.view.step")

    def boxes() -> list[dict[str, float]]:
        out: list[dict[str, float]] = page.evaluate(
            """() => [...document.querySelectorAll('.stack[data-stack="Kharkov"] > .piece')]
                .map((n) => { const r = n.firstElementChild.getBoundingClientRect();
                               return {x: r.x, y: r.y, w: r.width, h: r.height}; })"""
        )
        return out

    def apart(bs: list[dict[str, float]]) -> bool:
        return all(
            a["x"] + a["w"] <= b["x"] + 0.5
            or b["x"] + b["w"] <= a["x"] + 0.5
            or a["y"] + a["h"] <= b["y"] + 0.5
            or b["y"] + b["h"] <= a["y"] + 0.5
            for i, a in enumerate(bs)
            for b in bs[i + 1 :]
        )

    assert not apart(boxes())  # a pile
    stack.click()
    page.wait_for_selector('.stack.open[data-stack="Kharkov"]')
    assert apart(boxes())  # opened side by side
    assert page.evaluate("window.warroom.view.step") == step  # opening chose nothing
    # hovering a counter tells its values and what they mean
    piece = stack.locator(":scope > .piece").first
    values = piece.locator("text").last.text_content()
    tactical, cohesion, movement = values.split("-")
    piece.hover()
    tip = page.locator(".tooltip")
    tip.wait_for(state="visible")
    words = tip.inner_text()
    assert f"{values}: tactical {tactical}" in words and f"cohesion {cohesion}" in words, words
    assert f"movement {movement}" in words, words
    # a refresh keeps it open; Escape closes it
    page.evaluate("window.warroom.refresh()")
    page.wait_for_selector('.stack.open[data-stack="Kharkov"]')
    page.keyboard.press("Escape")
    page.wait_for_selector('.stack[data-stack="Kharkov"]:not(.open)')
    assert not apart(boxes())
    assert page.errors == []
    page.close()


def test_the_prompt_keeps_its_size_with_the_hint_and_the_battle_odds_open(
    browser: Any, server: LiveServer
) -> None:
    m = httpx.post(
        server.url + "/api/matches",
        json={"game": "roads-to-stalingrad", "seed": 4, "mode": "hotseat"},
    ).json()
    page = open_page(browser, hotseat_url(server, m), SIZES["desktop"], ready="svg.board g.area")
    page.wait_for_selector(".odds-panel:not(.hidden) .odds-go")
    page.click(".hint-btn")
    page.wait_for_selector(".hint-panel:not(.hidden) .hint-cand", timeout=20_000)
    page.click(".odds-go")
    page.wait_for_selector(".odds-table", timeout=20_000)
    fit = page.evaluate(FIT)
    assert fit["card"]["height"] >= 90 and fit["textOnTop"], fit
    # the card shows its whole text: nothing inside it is squeezed out of sight
    inner = page.evaluate(
        "(() => { const c = document.querySelector('.prompt-card');"
        " return [c.scrollHeight, c.clientHeight]; })()"
    )
    assert inner[0] <= inner[1] + 1, inner
    save(page, "roads-to-stalingrad-hint-and-odds-desktop")
    assert page.errors == []
    page.close()


# ----- page defects ------------------------------------------------------------------------


def test_log_numbers_from_100_show_whole_beside_their_lines(
    browser: Any, server: LiveServer
) -> None:
    m = httpx.post(
        server.url + "/api/matches",
        json={"game": "commanders", "seed": 5, "seats": {"white": "random", "black": "random"}},
    ).json()
    page = open_page(browser, f"{server.url}/g/{m['id']}", SIZES["phone"], ready="svg.board g")
    page.wait_for_function("window.warroom.view.log.length >= 120", timeout=30_000)
    numbers = page.evaluate(
        """() => {
      const ol = document.querySelector('.log');
      const box = ol.getBoundingClientRect();
      return [...ol.querySelectorAll('li')].slice(95, 115).map((li) => {
        const n = li.querySelector('.ev-n'), body = li.querySelector('.ev-body');
        const a = n.getBoundingClientRect(), b = body.getBoundingClientRect();
        return {text: n.textContent, inside: a.left >= box.left && a.right <= b.left + 0.5,
                whole: n.scrollWidth <= n.clientWidth + 0.5, level: Math.abs(a.top - b.top) < 2};
      });
    }"""
    )
    assert [n["text"] for n in numbers] == [f"{k}." for k in range(96, 116)]
    assert all(n["inside"] and n["whole"] and n["level"] for n in numbers), numbers
    assert page.errors == []
    page.close()


def test_all_choices_numbers_sit_beside_their_own_wrapped_labels(
    browser: Any, server: LiveServer, matches: dict[str, dict[str, Any]]
) -> None:
    page = open_page(
        browser, hotseat_url(server, matches["commanders"]), SIZES["phone"], ready="svg.board g"
    )
    page.wait_for_selector(".prompt-card.yours")
    page.click(".all-choices summary")
    rows = page.evaluate(
        """() => [...document.querySelectorAll('.all-choices li')].slice(0, 60).map((li) => {
      const n = li.querySelector('.n').getBoundingClientRect();
      const b = li.querySelector('button').getBoundingClientRect();
      return {n: li.querySelector('.n').textContent, top: n.top - b.top, lines: Math.round(b.height / 16)};
    })"""
    )
    assert [r["n"] for r in rows] == [f"{k}." for k in range(1, len(rows) + 1)]
    assert any(r["lines"] >= 2 for r in rows), "no label wraps on a phone: nothing is checked"
    assert all(abs(r["top"]) < 2 for r in rows), rows
    page.close()


def test_the_invite_shows_whole_links_with_a_copy_button(browser: Any, server: LiveServer) -> None:
    context = browser.new_context(viewport=SIZES["phone"])
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    page = context.new_page()
    page.goto(server.url + "/")
    page.click(".game-box[data-game=duel]")
    page.check("input[name=mode][value=invite]")
    page.click("#start")
    page.wait_for_selector("[data-target].choice")
    page.click(".share-btn")
    seat = page.locator(".link-row.seat-link input")
    link = seat.input_value()
    # the friend's link carries a one-time invitation, never a seat key (see test_browser.py)
    assert link.startswith(server.url + "/g/") and "#i=" in link and len(link.split("#i=")[1]) > 20
    box = seat.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES["phone"]["width"]
    page.locator(".link-row.seat-link .copy-btn").click()
    page.wait_for_selector(".toast:not(.hidden)")
    assert page.evaluate("navigator.clipboard.readText()") == link
    assert (
        page.locator(".link-row.watch-link input")
        .input_value()
        .endswith("/g/" + link.split("/g/")[1].split("#")[0])
    )
    save(page, "invite-phone")
    context.close()


def test_a_watcher_sees_no_hand_and_no_card_or_map_to_choose(
    browser: Any, server: LiveServer, matches: dict[str, dict[str, Any]]
) -> None:
    m = matches["coral-sea"]
    page = open_page(browser, f"{server.url}/g/{m['id']}", SIZES["desktop"], ready="svg.board g")
    tray = page.locator("svg.tray").text_content()
    assert "Victory points" in tray and "Your hand" not in tray
    assert page.locator("[data-target^='choice:'], [data-target^='card:']").count() == 0
    assert (
        page.is_hidden(".undo") and page.is_hidden(".hint-btn") and page.is_visible(".replay-btn")
    )
    seat = open_page(browser, hotseat_url(server, m), SIZES["desktop"], ready="svg.board g")
    assert "Your hand (5)" in seat.locator("svg.tray").text_content()
    assert seat.locator("svg.tray [data-target='choice:card']").count() == 1
    assert seat.is_visible(".undo") and seat.is_visible(".hint-btn")
    page.close()
    seat.close()


def test_a_selected_unit_stays_selected_when_the_other_side_moves(
    browser: Any, server: LiveServer
) -> None:
    m = httpx.post(
        server.url + "/api/matches", json={"game": "commanders", "seed": 7, "mode": "hotseat"}
    ).json()
    page = open_page(
        browser,
        f"{server.url}/g/{m['id']}#t={m['tokens']['white']}",
        SIZES["desktop"],
        ready=".live-dot.up",
    )
    page.wait_for_function(
        "window.warroom.view.prompt && window.warroom.view.board.stage === 'plan'"
    )
    # a counter stands for its group on the order sheet (its type in its sector)
    unit = page.locator("svg.board [data-target^='grp:w-'].choice").first
    key = unit.get_attribute("data-target")
    unit.click()
    page.wait_for_selector(f"svg.board [data-target='{key}'].selected")
    # black gives a secret order; white's page hears of it and draws the board again
    black = {"X-Seat-Token": m["tokens"]["black"]}
    st = httpx.get(f"{server.url}/api/matches/{m['id']}", headers=black).json()
    order = next(a for a in st["prompt"]["actions"] if a[0] == "order")
    r = httpx.post(
        f"{server.url}/api/matches/{m['id']}/actions", json={"action": order}, headers=black
    )
    assert r.status_code == 200, r.text
    page.evaluate("window.warroom.refresh()")
    page.wait_for_timeout(300)
    assert page.locator(f"svg.board [data-target='{key}'].selected").count() >= 1
    assert page.locator("svg.board [data-target^='sector:'].choice").count() >= 1
    assert "selected" in page.locator(".prompt-card").inner_text()
    # my own move clears it
    page.locator("svg.board [data-target^='sector:'].choice").first.click()
    if page.locator(".menu:not(.hidden) button").count():
        page.locator(".menu:not(.hidden) button").first.click()
    page.wait_for_function("!document.querySelector('svg.board .selected')")
    assert page.errors == []
    page.close()


# ----- rules at hand -----------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_prompt_links_to_its_rule_and_the_rules_open_beside_the_board(
    browser: Any, server: LiveServer, matches: dict[str, dict[str, Any]], game: str
) -> None:
    page = open_page(
        browser, hotseat_url(server, matches[game]), SIZES["desktop"], ready="svg.board g"
    )
    page.wait_for_selector(".prompt-card.yours .prompt-rule:not(.hidden)")
    rules = httpx.get(f"{server.url}/api/games/{game}/help").json()
    link = page.locator(".prompt-rule")
    title = link.inner_text().removeprefix("Rule: ").removesuffix(" ↗")
    section = next(s for s in rules["sections"] if s["title"] == title)
    link.click()
    drawer = page.locator(".rules-drawer")
    drawer.wait_for(state="visible")
    here = page.locator(f".rules-drawer #{section['id']}")
    assert "rules-here" in (here.get_attribute("class") or "")
    box, frame = here.bounding_box(), drawer.bounding_box()
    assert frame["y"] <= box["y"] <= frame["y"] + frame["height"]  # scrolled to the rule
    page.keyboard.press("Escape")
    drawer.wait_for(state="hidden")
    if rules["legend"]:  # the map's "?" opens the legend
        page.click(".legend-btn")
        assert "rules-here" in (
            page.locator(f".rules-drawer #{rules['legend']}").get_attribute("class") or ""
        )
        page.click(".rules-close")
    page.click(".rules-btn")
    drawer.wait_for(state="visible")
    assert page.locator(".rules-drawer .rules-toc li").count() == len(rules["sections"])
    if game == "roads-to-stalingrad":
        save(page, "rules-drawer-desktop")
    assert page.errors == []
    page.close()


def test_the_rules_page_reads_on_a_phone(browser: Any, server: LiveServer) -> None:
    page = open_page(browser, server.url + "/rules/commanders", SIZES["phone"], ready=".rules-text")
    assert page.locator(".rules-text #combat-modifiers").count() == 1
    assert page.locator(".rules-toc a[href='#orders']").count() == 1
    fit = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert fit[0] <= fit[1], fit
    save(page, "rules-page-phone")
    page.close()


def test_a_first_game_walkthrough_teaches_by_playing(browser: Any, server: LiveServer) -> None:
    page = open_page(browser, server.url + "/", SIZES["desktop"], ready=".game-box")
    page.click(".game-box[data-game=roads-to-stalingrad]")
    page.click(".learn-btn")
    page.wait_for_url("**/g/*learn=1")
    page.wait_for_selector(".coach:not(.hidden)")
    coach = page.locator(".coach")
    first = coach.inner_text()
    assert "resource point" in first and "Axis" in first, first
    # the step points at what to click: the areas with an Axis RP
    points = page.locator("svg.board .coach-point")
    assert points.count() >= 1
    assert all(
        (points.nth(i).get_attribute("data-target") or "").startswith("area:")
        for i in range(points.count())
    )
    assert "Rule: On-board operations" in coach.inner_text()
    save(page, "walkthrough-desktop")
    step = page.evaluate("window.warroom.view.step")
    points.first.click()
    page.wait_for_function(f"window.warroom.view.step > {step}")
    page.wait_for_function("!document.querySelector('.coach').innerText.includes('opens with')")
    assert "Pick a unit" in coach.inner_text()
    assert page.locator("svg.board .coach-point[data-target^='unit:']").count() >= 1
    assert page.errors == []
    page.close()


# ----- replay by what a seat saw -----------------------------------------------------------


def test_the_replay_steps_by_moves_the_seat_saw_never_by_hidden_ones(
    browser: Any, server: LiveServer
) -> None:
    """Commanders: black's secret orders are steps white never saw. White's replay skips
    them: each step forward shows something new, and the server refuses a hidden step."""
    m = httpx.post(
        server.url + "/api/matches", json={"game": "commanders", "seed": 11, "mode": "hotseat"}
    ).json()
    mid, tokens = m["id"], m["tokens"]
    rng = random.Random(11)
    hidden = []  # steps of black's that white could not see
    for _ in range(40):
        st = httpx.get(f"{server.url}/api/matches/{mid}", headers={"X-Seat-Token": tokens["white"]})
        active = st.json()["active"]
        role = rng.choice(active)
        p = httpx.get(
            f"{server.url}/api/matches/{mid}", headers={"X-Seat-Token": tokens[role]}
        ).json()["prompt"]
        action = rng.choice(p["actions"])
        r = httpx.post(
            f"{server.url}/api/matches/{mid}/actions",
            json={"action": action},
            headers={"X-Seat-Token": tokens[role]},
        )
        assert r.status_code == 200, r.text
        if role == "black" and action[0] == "order":
            hidden.append(r.json()["step"])
    assert hidden, "black gave no order: nothing hidden to skip"
    white = {"X-Seat-Token": tokens["white"]}
    last = httpx.get(f"{server.url}/api/matches/{mid}/replay?frame=-1", headers=white).json()
    frames = last["replay"]["frames"]
    assert frames <= 41 - len(hidden)
    # white's frames count as white's own step counter does (upto=k is its k-th frame): past
    # the last is refused, and no number of the record's steps, which count black's hidden
    # orders, is asked for or told
    assert last["step"] == frames - 1
    r = httpx.get(f"{server.url}/api/matches/{mid}/replay?upto={frames}", headers=white)
    assert r.status_code == 400 and f"from 0 to {frames - 1}" in r.json()["detail"]
    page = open_page(
        browser, f"{server.url}/g/{mid}#t={tokens['white']}", SIZES["desktop"], ready="svg.board g"
    )
    page.click(".replay-btn")
    page.wait_for_selector(".replay-bar:not(.hidden)")
    page.click(".rp-first")
    page.wait_for_function("window.warroom.replay && window.warroom.replay.frame === 0")
    # what white is shown: its board, its log and who is to act
    look = "JSON.stringify([window.warroom.view.board, window.warroom.view.log.length, window.warroom.view.active])"
    seen = page.evaluate(look)
    for k in range(1, min(frames, 12)):
        page.click(".rp-next")
        page.wait_for_function(f"window.warroom.replay.frame === {k}")
        now = page.evaluate(look)
        assert now != seen, f"move {k} of the replay showed nothing new"
        seen = now
    assert (
        page.locator(".rp-pos")
        .inner_text()
        .startswith(f"move {min(frames, 12) - 1} of {frames - 1}")
    )
    save(page, "commanders-replay-desktop")
    assert page.errors == []
    page.close()


# ----- more of the table ----------------------------------------------------------------------


def _random_steps(server: LiveServer, m: dict[str, Any], n: int, rng: random.Random) -> None:
    """``n`` random moves of a hot-seat match, each by the seat to act, through the API."""
    mid, tokens = m["id"], m["tokens"]
    for _ in range(n):
        st = httpx.get(
            f"{server.url}/api/matches/{mid}", headers={"X-Seat-Token": next(iter(tokens.values()))}
        ).json()
        if st.get("outcome") or not st["active"]:
            return
        role = rng.choice(st["active"])
        head = {"X-Seat-Token": tokens[role]}
        prompt = httpx.get(f"{server.url}/api/matches/{mid}", headers=head).json()["prompt"]
        r = httpx.post(
            f"{server.url}/api/matches/{mid}/actions",
            json={"action": rng.choice(prompt["actions"])},
            headers=head,
        )
        assert r.status_code == 200, r.text


@pytest.mark.parametrize("game", [g for g in GAMES if g != "toi-stalingrad"])
def test_every_piece_card_and_marker_says_what_it_is_as_the_game_goes_on(
    browser: Any, server: LiveServer, game: str
) -> None:
    """Past the start too: battles, chits, dice, orders and cards drawn in play each carry a
    tooltip, clickable or not; and the map's names stay clear of each other and the markers."""
    m = httpx.post(
        server.url + "/api/matches", json={"game": game, "seed": 21, "mode": "hotseat"}
    ).json()
    rng = random.Random(21)
    page = open_page(browser, hotseat_url(server, m), SIZES["desktop"], ready="svg.board g")
    for _ in range(4):
        _random_steps(server, m, 25, rng)
        show(page)
        assert page.locator("svg.board [data-tip]").count() >= 10  # a board, not a curtain
        mute = page.evaluate(MUTE)
        assert mute == [], mute[:10]
        mute = page.evaluate(
            "[...document.querySelectorAll('svg [data-target]')]"
            ".filter((n) => !n.getAttribute('data-tip')).map((n) => n.getAttribute('data-target'))"
        )
        assert mute == [], mute[:10]
        labels = page.evaluate(LABELS)
        assert labels["bad"] == [], labels["bad"]
        assert page.evaluate(ROLE_IDS) == []
    assert page.errors == []
    page.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("game", [g for g in GAMES if g != "toi-stalingrad"])
def test_the_map_buttons_cover_nothing_of_the_board(
    browser: Any, server: LiveServer, matches: dict[str, dict[str, Any]], game: str, size: str
) -> None:
    """The zoom buttons sit beside the map on a desktop and in a row under it on a phone,
    where the map still fills the page's width."""
    page = open_page(browser, hotseat_url(server, matches[game]), SIZES[size], ready="svg.board g")
    over = page.evaluate(
        """() => {
      const c = document.querySelector('.zoom-ctl').getBoundingClientRect();
      const b = document.querySelector('svg.board > g').getBoundingClientRect();
      return {ctl: [c.left, c.top, c.right, c.bottom], board: [b.left, b.top, b.right, b.bottom],
              over: Math.min(c.right, b.right) > Math.max(c.left, b.left)
                 && Math.min(c.bottom, b.bottom) > Math.max(c.top, b.top)};
    }"""
    )
    assert not over["over"], over
    if size == "phone":
        left, _, right, _ = over["board"]
        assert right - left >= 0.9 * (SIZES["phone"]["width"] - 20), over
    page.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_prompt_can_be_used_on_a_phone(browser: Any, server: LiveServer, game: str) -> None:
    """A tap on the prompt's first choice (its buttons, or the first of All choices) acts."""
    m = httpx.post(
        server.url + "/api/matches", json={"game": game, "seed": 8, "mode": "hotseat"}
    ).json()
    page = open_page(browser, hotseat_url(server, m), SIZES["phone"], ready="svg.board g")
    page.wait_for_selector(".prompt-card.yours")
    step = page.evaluate("window.warroom.view.step")
    buttons = page.locator(".prompt-card .choices button")
    if buttons.count():
        button = buttons.first
    else:
        page.click(".all-choices summary")
        button = page.locator(".all-choices li button").first
    box = button.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= SIZES["phone"]["width"]
    assert box["height"] >= 24, box  # big enough for a finger
    button.click()
    if page.locator(".menu:not(.hidden) button").count():
        page.locator(".menu:not(.hidden) button").first.click()
    page.wait_for_function(f"window.warroom.view.step > {step}")
    assert page.errors == []
    page.close()


@pytest.mark.parametrize("game", ["commanders", "roads-to-stalingrad", "coral-sea"])
def test_the_first_game_walkthrough_of_every_two_player_game_teaches_by_playing(
    browser: Any, server: LiveServer, game: str
) -> None:
    """Learn from the lobby: the coach shows the walkthrough's first step beside the prompt,
    points at what to click on the board, links its rule, and follows the learner's moves."""
    walk = httpx.get(f"{server.url}/api/games/{game}/help").json()
    rules = {s["id"]: s["title"] for s in walk["sections"]}
    first = walk["walkthrough"]["step"][0]
    page = open_page(browser, server.url + "/", SIZES["desktop"], ready=".game-box")
    page.click(f".game-box[data-game={game}]")
    page.click(".learn-btn")
    page.wait_for_url("**/g/*learn=1")
    page.wait_for_selector(".coach:not(.hidden) .coach-say")
    coach = page.locator(".coach")
    opening = " ".join(first["say"].split()[:4]).replace("**", "")
    assert opening in " ".join(coach.inner_text().split()).replace("**", ""), coach.inner_text()
    assert f"Rule: {rules[first['section']]}" in coach.inner_text()
    points = page.locator("svg .coach-point")
    assert points.count() >= 1
    assert all(
        (points.nth(i).get_attribute("data-target") or "").startswith(first["point"])
        for i in range(points.count())
    )
    save(page, f"walkthrough-{game}-desktop")
    # the learner follows the step: each move is taken and the coach keeps up
    step = page.evaluate("window.warroom.view.step")
    points.first.click()
    for _ in range(4):
        try:
            page.wait_for_function(f"window.warroom.view.step > {step}", timeout=3_000)
            break
        except PlaywrightTimeout:
            pass
        menu = page.locator(".menu:not(.hidden) button")
        other = page.locator(f"svg.board .choice:not([data-target^='{first['point']}'])")
        if menu.count():
            menu.first.click()
        elif other.count():
            other.first.click()
    page.wait_for_function(f"window.warroom.view.step > {step}")
    page.wait_for_selector(".coach:not(.hidden) .coach-say")
    assert page.errors == []
    page.close()


def test_the_replay_steps_a_round_at_a_time_too(browser: Any, server: LiveServer) -> None:
    """Commanders' chapters are its rounds: ▶▶ goes to the first move of the next round (the
    move before it is still in the round before), ◀◀ back to the start of the round."""
    m = httpx.post(
        server.url + "/api/matches",
        json={"game": "commanders", "seed": 6, "seats": {"white": "random", "black": "random"}},
    ).json()
    page = open_page(browser, f"{server.url}/g/{m['id']}", SIZES["desktop"], ready="svg.board g")
    page.wait_for_function("window.warroom.view.outcome", timeout=120_000)  # ten rounds
    page.click(".replay-btn")
    page.wait_for_selector(".replay-bar:not(.hidden)")
    page.click(".rp-first")
    page.wait_for_function("window.warroom.replay && window.warroom.replay.frame === 0")

    def at() -> tuple[int, int]:
        frame, round_ = page.evaluate(
            "[window.warroom.replay.frame, window.warroom.view.board.round]"
        )
        return frame, round_

    assert at() == (0, 1)
    for round_ in (2, 3):
        frame = at()[0]
        page.click(".rp-fwd")
        page.wait_for_function(f"window.warroom.replay.frame > {frame}")
        page.wait_for_function(f"window.warroom.view.board.round === {round_}")
        start = at()[0]
        assert "part" in page.locator(".rp-pos").inner_text()
        page.click(".rp-prev")
        page.wait_for_function(f"window.warroom.replay.frame === {start - 1}")
        assert at()[1] == round_ - 1  # the move before the chapter is the round before
        page.click(".rp-next")
        page.wait_for_function(f"window.warroom.replay.frame === {start}")
    page.click(".rp-next")
    page.wait_for_function(f"window.warroom.replay.frame === {start + 1}")
    page.click(".rp-back")
    page.wait_for_function(f"window.warroom.replay.frame === {start}")
    assert at() == (start, 3)
    assert page.errors == []
    page.close()


MIN_FONT = 9.5
"""The smallest font a counter's values may be written in on a 1400x900 screen at the map's
default zoom, in screen pixels (the campaign maps show their whole area at about 0.7-0.85 of
their drawn size, so the values are drawn at 13.5 and squeezed, not shrunk, to fit)."""


@pytest.mark.parametrize("game", GAMES)
def test_no_two_labels_on_the_map_overlap_as_a_seeded_game_goes_on(
    browser: Any, server: LiveServer, game: str
) -> None:
    """At 1400x900 and the default zoom, in five positions of a seeded game (its start, then
    every 25 random moves), no two labels of the map overlap (COLLISIONS says what a label
    is), and the counters' values are written big enough to read."""
    m = httpx.post(
        server.url + "/api/matches", json={"game": game, "seed": 21, "mode": "hotseat"}
    ).json()
    rng = random.Random(21)
    page = open_page(browser, hotseat_url(server, m), SIZES["desktop"], ready="svg.board g")
    page.wait_for_selector(".prompt-card")
    seen = 0
    for k in range(5):
        if k:
            _random_steps(server, m, 25, rng)
            show(page)
        found = page.evaluate(COLLISIONS, TOLERANCE)
        assert found["count"] >= 20, found  # the map is drawn, not hidden
        assert found["bad"] == [], f"position {k}: {found['bad']}"
        seen += found["count"]
        c = page.evaluate(COUNTERS)
        if c["font"] is not None:
            assert c["font"] >= MIN_FONT, (k, c)
    assert seen >= 100
    if game == "roads-to-stalingrad":
        save(page, "roads-to-stalingrad-played-desktop")
    assert page.errors == []
    page.close()


def test_the_collision_check_sees_a_name_under_a_counter(
    browser: Any, server: LiveServer, matches: dict[str, dict[str, Any]]
) -> None:
    """The check itself: a place's name moved onto a counter is caught, and so are two
    markers put on top of each other."""
    page = open_page(
        browser,
        hotseat_url(server, matches["roads-to-stalingrad"]),
        SIZES["desktop"],
        ready="svg.board g.area",
    )
    assert page.evaluate(COLLISIONS, TOLERANCE)["bad"] == []
    page.evaluate(
        """() => {
      const name = [...document.querySelectorAll('svg.board .label')].find((t) => t.textContent === 'Kursk');
      const pile = document.querySelector('svg.board .stack[data-stack="Kharkov"] .unit rect').getBBox();
      name.setAttribute('x', pile.x + 2); name.setAttribute('y', pile.y + pile.height / 2);
      const vp = document.querySelectorAll('svg.board circle.vp');
      vp[1].setAttribute('cx', vp[0].getAttribute('cx')); vp[1].setAttribute('cy', vp[0].getAttribute('cy'));
    }"""
    )
    bad = page.evaluate(COLLISIONS, TOLERANCE)["bad"]
    assert any('"Kursk"' in b and "stack[Kharkov]" in b for b in bad), bad
    assert any(b.startswith("vp") and "/ vp" in b for b in bad), bad
    page.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_and_the_replay_fit_a_phone(browser: Any, server: LiveServer, game: str) -> None:
    """At 390 px nothing scrolls sideways on a game's rules page, nor on its page while the
    replay is shown; the replay's buttons are on screen and step it."""
    phone = SIZES["phone"]
    page = open_page(browser, f"{server.url}/rules/{game}", phone, ready=".rules-text")
    fit = page.evaluate("[document.documentElement.scrollWidth, document.body.scrollWidth]")
    assert max(fit) <= phone["width"], fit
    page.close()
    m = httpx.post(
        server.url + "/api/matches", json={"game": game, "seed": 8, "mode": "hotseat"}
    ).json()
    _random_steps(server, m, 6, random.Random(8))
    page = open_page(browser, hotseat_url(server, m), phone, ready="svg.board g")
    curtain = page.locator(".curtain:not(.hidden) button")
    if curtain.count():
        curtain.click()
    page.click(".replay-btn")
    page.wait_for_selector(".replay-bar:not(.hidden) .rp-first")
    page.click(".rp-first")
    page.wait_for_function("window.warroom.replay && window.warroom.replay.frame === 0")
    page.click(".rp-next")
    page.wait_for_function("window.warroom.replay.frame === 1")
    fit = page.evaluate(
        """() => {
      const bar = document.querySelector('.replay-bar').getBoundingClientRect();
      return {doc: document.documentElement.scrollWidth, body: document.body.scrollWidth,
              bar: [bar.left, bar.right, bar.top, bar.bottom], h: innerHeight};
    }"""
    )
    assert fit["doc"] <= phone["width"] and fit["body"] <= phone["width"], fit
    left, right, top, bottom = fit["bar"]
    assert left >= 0 and right <= phone["width"] and top >= 0 and bottom <= fit["h"] + 1, fit
    save(page, f"{game}-replay-phone")
    assert page.errors == []
    page.close()


def test_a_finished_solitaire_campaign_is_a_victory_or_a_defeat_never_a_draw(
    browser: Any, server: LiveServer
) -> None:
    """Fall Blau has one side: no winner is a defeat. On integ the banner over the board said
    "A draw" above "Defeat"."""
    m = httpx.post(
        server.url + "/api/matches", json={"game": "fall-blau", "seed": 21, "mode": "hotseat"}
    ).json()
    _random_steps(server, m, 400, random.Random(21))
    page = open_page(browser, hotseat_url(server, m), SIZES["desktop"], ready=".outcome .big")
    outcome = page.evaluate("window.warroom.view.outcome")
    assert outcome is not None, "the campaign did not end in 400 random moves"
    words = page.locator(".outcome .banner").inner_text()
    assert "draw" not in words.lower(), words
    level = {"defeat": "Defeat", "victory": "Victory", "brilliant": "Brilliant"}[outcome["level"]]
    assert page.locator(".outcome .big").inner_text() == level
    save(page, "fall-blau-over-desktop")
    assert page.errors == []
    page.close()
