"""The hot-seat curtain (issue 17): when the screen passes to the other side, nothing of either
side (board, hand, secret log lines, odds, hints, prompt) can be read until the side at the
screen says who it is. On 0c67e28 the curtain was 85% opaque and covered the board only: the
next side's hand and secret log lines were there to read beside it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.browser import browser, open_page, shot
from tests.server.liveserver import LiveServer

pytestmark = pytest.mark.browser
__all__ = ["browser"]

SIZES = {"desktop": {"width": 1400, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("curtain") / "warroom.sqlite") as srv:
        yield srv


def secrets_of(server: LiveServer, mid: str, token: str) -> list[str]:
    """What only this seat may read now: the names of the cards in its hand and the words of
    its private log lines."""
    v = httpx.get(f"{server.url}/api/matches/{mid}", headers={"X-Seat-Token": token}).json()
    out = [c["name"] for c in v["board"]["hand"]]
    out += [e["text"] for e in v["log"] if e["event"].get("to")]
    assert out, "the seat has no secret to hide"
    return out


@pytest.mark.parametrize("size", SIZES)
def test_the_curtain_hides_both_sides_until_the_next_one_confirms(
    browser: Any, server: LiveServer, size: str
) -> None:
    m = httpx.post(
        f"{server.url}/api/matches", json={"game": "roads-to-stalingrad", "mode": "hotseat"}
    ).json()
    t = m["tokens"]
    url = f"{server.url}/api/matches/{m['id']}"
    while True:  # the axis's opening operation, until both sides choose Card or Map in secret
        active = httpx.get(url).json()["active"]
        if len(active) > 1:
            break
        tok = {"X-Seat-Token": t[active[0]]}
        action = httpx.get(url, headers=tok).json()["prompt"]["actions"][0]
        assert httpx.post(f"{url}/actions", headers=tok, json={"action": action}).status_code == 200
    hidden = {r: secrets_of(server, m["id"], tok) for r, tok in t.items()}
    page = open_page(
        browser,
        f"{server.url}/g/{m['id']}#t={t['axis']}.{t['soviet']}",
        viewport=SIZES[size],
        ready="[data-target='choice:card']",
    )
    assert page.evaluate("window.warroom.view.role") == "axis"
    page.locator("[data-target='choice:card']").click()  # axis chooses in secret
    page.wait_for_selector(".curtain:not(.hidden)")
    page.wait_for_function("window.warroom.view.role === 'soviet'")
    shot(page, f"hotseat-curtain-{size}")
    seen = page.locator("body").inner_text()
    dom = page.evaluate("document.body.textContent")
    for role, words in hidden.items():
        for w in words:
            assert w not in seen, f"{role}'s secret {w!r} can be read behind the curtain"
            assert w not in dom, f"{role}'s secret {w!r} is in the page behind the curtain"
    # the curtain covers the whole window, opaque
    box = page.locator(".curtain").bounding_box()
    assert box is not None and box["width"] >= SIZES[size]["width"] - 1
    assert box["height"] >= SIZES[size]["height"] - 1
    alpha = page.evaluate("getComputedStyle(document.querySelector('.curtain')).backgroundColor")
    assert alpha.startswith("rgb(") or alpha.endswith(", 1)"), alpha
    page.click(".curtain button")
    page.wait_for_selector(".curtain.hidden", state="attached")
    shown = page.locator("body").inner_text()
    assert any(w in shown for w in hidden["soviet"])  # now the soviet side is at the screen
    # the axis's secrets, less any word the soviet may read in its own (both decks have a
    # "Replacements": with one in each hand the name is the soviet's to read too)
    axis_only = [w for w in hidden["axis"] if not any(w in s for s in hidden["soviet"])]
    assert axis_only  # its private log line at least ("Axis holds ...")
    assert not any(w in shown for w in axis_only)
    shot(page, f"hotseat-soviet-side-{size}")
    assert page.errors == []
