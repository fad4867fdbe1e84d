"""Help for a seat: the hint endpoint (and, for Campaign Commander, battle odds)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.engine.toy import DUEL, DuelState
from tests.server.conftest import new_match, seat
from warroom.engine import Rng


def hint(client: TestClient, mid: str, token: str | None, **body: Any) -> Any:
    headers = seat(token) if token is not None else {}
    body.setdefault("seconds", 0.1)
    return client.post(f"/api/matches/{mid}/hint", headers=headers, json=body)


def test_a_hint_gives_the_seats_top_three_moves_with_value_and_reason(client: TestClient) -> None:
    m = new_match(client, seed=3)
    r = hint(client, m["id"], m["tokens"]["north"])
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["role"] == "north" and out["step"] == 0
    cands = out["candidates"]
    assert len(cands) == 3
    assert sorted(tuple(c["action"]) for c in cands) == [("bid", 1), ("bid", 2), ("bid", 3)]
    for c in cands:
        assert 0.0 <= c["value"] <= 1.0 and c["label"] and c["reason"]
    assert "most promising" in cands[0]["reason"]
    r = hint(client, m["id"], m["tokens"]["north"], k=1)
    assert len(r.json()["candidates"]) == 1


def test_a_hint_is_refused_to_a_wrong_token_an_observer_and_bad_budgets(
    client: TestClient,
) -> None:
    m = new_match(client, seed=3)
    mid, north = m["id"], m["tokens"]["north"]
    for token in ("nope", north[:-1] + ("A" if north[-1] != "A" else "B")):
        r = hint(client, mid, token)
        assert (r.status_code, r.json()) == (403, {"detail": "forbidden"})
    assert hint(client, mid, None).status_code == 403  # an observer gets no hints
    for bad in ({"seconds": 0}, {"seconds": 60}, {"seconds": "x"}, {"k": 0}, {"k": 99}):
        assert hint(client, mid, north, **bad).status_code == 422, bad
    assert client.post("/api/matches/nosuch/hint", headers=seat(north), json={}).status_code == 404


def test_no_hint_when_the_seat_has_nothing_to_decide(client: TestClient) -> None:
    m = new_match(client, seed=3)
    mid, north = m["id"], m["tokens"]["north"]
    r = client.post(f"/api/matches/{mid}/actions", headers=seat(north), json={"action": ["bid", 2]})
    assert r.status_code == 200, r.text
    r = hint(client, mid, north)
    assert r.status_code == 409 and "nothing to decide" in r.json()["detail"]


def test_a_hint_sees_only_what_its_seat_may_see(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """North's secret bid is made; south asks. Every state the hint reads is determinized for
    south (never north), and the planning starts from a state where north's bid was resampled."""
    asked: list[str] = []
    real = DUEL.determinize

    def spy(state: DuelState, role: str, rng: Rng) -> DuelState:
        asked.append(role)
        return real(state, role, rng)

    monkeypatch.setattr(DUEL, "determinize", spy)
    seen: list[int | None] = []
    from warroom.ai import search

    real_hints = search.hints

    def spy_hints(match: Any, role: str, **kw: Any) -> Any:
        seen.append(match.state.bids.get("north"))
        return real_hints(match, role, **kw)

    monkeypatch.setattr(search, "hints", spy_hints)
    bids = set()
    for seed in range(6):
        m = new_match(client, seed=seed)
        mid = m["id"]
        r = client.post(
            f"/api/matches/{mid}/actions",
            headers=seat(m["tokens"]["north"]),
            json={"action": ["bid", 3]},
        )
        assert r.status_code == 200, r.text
        r = hint(client, mid, m["tokens"]["south"], seconds=0.05)
        assert r.status_code == 200, r.text
        assert r.json()["role"] == "south"
        bids.add(seen[-1])
    assert asked and set(asked) == {"south"}
    assert bids != {3}  # the hint never planned on north's real bid alone


# ----- battle odds (Campaign Commander) ---------------------------------------------------------
def odds(client: TestClient, mid: str, token: str | None, **body: Any) -> Any:
    headers = seat(token) if token is not None else {}
    body.setdefault("battles", 500)
    return client.post(f"/api/matches/{mid}/odds", headers=headers, json=body)


@pytest.fixture
def campaign(client: TestClient) -> dict[str, Any]:
    return new_match(client, game="roads-to-stalingrad", seed=1, mode="hotseat")


def test_battle_odds_for_a_seat_attacking_from_next_door(
    client: TestClient, campaign: dict[str, Any]
) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert games["roads-to-stalingrad"]["odds"] is True and games["duel"]["odds"] is False
    mid, axis = campaign["id"], campaign["tokens"]["axis"]
    r = odds(client, mid, axis, area="Valuyki", attackers=["g-29", "g-40pz"], origin="Belgorod")
    assert r.status_code == 200, r.text
    out = r.json()
    assert (out["area"], out["attacker"], out["defender"], out["battles"]) == (
        "Valuyki",
        "axis",
        "soviet",
        500,
    )
    assert sum(o["count"] for o in out["outcomes"].values()) == 500
    assert set(out["units"]) == {"g-29", "g-40pz", "s-28", "s-38", "s-13tc"}
    # the origin defaults to where the attackers stand; the same seed gives the same odds
    again = odds(client, mid, axis, area="Valuyki", attackers=["g-29", "g-40pz"]).json()
    assert again["outcomes"] == out["outcomes"]
    assert client.get(f"/api/matches/{mid}", headers=seat(axis)).json()["step"] == 0


def test_battle_odds_refuse_wrong_tokens_and_bad_requests(
    client: TestClient, campaign: dict[str, Any]
) -> None:
    mid, axis, soviet = campaign["id"], campaign["tokens"]["axis"], campaign["tokens"]["soviet"]
    good = {"area": "Valuyki", "attackers": ["g-29"]}
    r = odds(client, mid, "nope", **good)
    assert (r.status_code, r.json()) == (403, {"detail": "forbidden"})
    assert odds(client, mid, None, **good).status_code == 403  # an observer gets no odds
    bad: list[tuple[dict[str, Any], int, str]] = [
        ({"area": "Valuyki", "attackers": ["g-29"]}, 400, "not a unit of soviet"),
        ({"area": "Izium", "attackers": ["s-37"], "origin": "Kerch"}, 400, "not next to"),
    ]
    for body, status, words in bad:
        r = odds(client, mid, soviet, **body)
        assert r.status_code == status and words in r.json()["detail"], (body, r.text)
    bad = [
        ({"area": "Nowhere", "attackers": ["g-44"]}, 400, "no area"),
        ({"area": "Valuyki", "attackers": ["g-nope"]}, 400, "no unit"),
        ({"area": "Valuyki", "attackers": ["g-42"]}, 400, "not in or next to"),
        ({"area": "Izium", "attackers": ["g-44"]}, 400, "no enemy units"),
        ({"area": "Valuyki", "attackers": []}, 422, ""),
        ({"area": "Valuyki", "attackers": ["g-29"], "battles": 10**7}, 422, ""),
    ]
    for body, status, words in bad:
        r = odds(client, mid, axis, **body)
        assert r.status_code == status and words in str(r.json()["detail"]), (body, r.text)
    duel = new_match(client, seed=1)
    r = odds(client, duel["id"], duel["tokens"]["north"], **good)
    assert r.status_code == 400 and "no battle odds" in r.json()["detail"]


def test_battle_odds_see_only_what_the_seat_may_see(
    client: TestClient, campaign: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The calculator is handed a state determinized for the asking side: the enemy's hand
    is resampled from its cards, never read."""
    from warroom.sim import odds as odds_module

    asked: list[str] = []
    seen: list[list[str]] = []
    real_match_odds = odds_module.match_odds

    def spy(match: Any, area: str, attacker: str, attackers: Any, **kw: Any) -> Any:
        asked.append(attacker)
        seen.append(sorted(match.state.hands["soviet"]))
        return real_match_odds(match, area, attacker, attackers, **kw)

    monkeypatch.setattr(odds_module, "match_odds", spy)
    game = client.app.state.rooms.get(campaign["id"]).match.game  # type: ignore[attr-defined]
    real_det = type(game).determinize
    roles: list[str] = []

    def det(self: Any, state: Any, role: str, rng: Rng) -> Any:
        roles.append(role)
        return real_det(self, state, role, rng)

    monkeypatch.setattr(type(game), "determinize", det)
    room = client.app.state.rooms.get(campaign["id"])  # type: ignore[attr-defined]
    real_hand = sorted(room.match.state.hands["soviet"])
    r = odds(client, campaign["id"], campaign["tokens"]["axis"], area="Valuyki", attackers=["g-29"])
    assert r.status_code == 200, r.text
    assert asked == ["axis"] and roles == ["axis"]
    assert len(seen[0]) == len(real_hand) and seen[0] != real_hand
