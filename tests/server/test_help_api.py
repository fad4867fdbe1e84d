"""The rules help over HTTP: each game's reference as JSON for the page and as a page of its
own, the rule each prompt applies, and the walkthrough; a game without help says so."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import new_match, seat


def test_the_catalog_says_which_games_carry_help_and_a_walkthrough(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert games["commanders"]["help"] and games["commanders"]["walkthrough"]
    assert games["fall-blau"]["help"] and not games["fall-blau"]["walkthrough"]  # solitaire
    assert not games["duel"]["help"]


def test_a_games_help_has_its_sections_prompt_rules_and_walkthrough(client: TestClient) -> None:
    r = client.get("/api/games/coral-sea/help")
    assert r.status_code == 200
    h = r.json()
    ids = [s["id"] for s in h["sections"]]
    assert "card-or-map" in ids and "airfields" in ids  # series rules, then the campaign's
    assert ids.index("card-or-map") < ids.index("airfields")
    assert '<h2 id="airfields">' in h["html"]
    assert h["legend"] == "counters-and-markers"
    assert all(e["section"] in ids for e in h["prompts"])
    assert h["walkthrough"]["side"] == "japan" and h["walkthrough"]["step"]
    # the page follows the same entries: the first prompt of a match is the Card/Map choice
    m = new_match(client, game="coral-sea", mode="hotseat")
    st = client.get(f"/api/matches/{m['id']}", headers=seat(m["tokens"]["japan"])).json()
    kinds = {a[0] for a in st["prompt"]["actions"]}
    entry = next(
        e
        for e in h["prompts"]
        if e.get("board", {}).get("task.kind") == st["board"]["task"]["kind"]
        or set(e.get("actions", [])) & kinds
    )
    assert entry["section"] == "card-or-map"


def test_the_rules_page_and_a_game_without_help(client: TestClient) -> None:
    page = client.get("/rules/fall-blau")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert 'id="counter-attacks"' in page.text and 'href="#orders"' in page.text
    assert client.get("/api/games/duel/help").status_code == 404
    assert "no rules help" in client.get("/rules/duel").json()["detail"]
    assert client.get("/api/games/nope/help").status_code == 404
