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
