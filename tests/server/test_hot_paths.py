"""The short way in for a move's two requests (GET state, POST action) answers exactly as the
FastAPI routes do, and hands anything it does not parse on to them."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient
from starlette.routing import Route

from tests.server.conftest import new_match, seat

LONG_JSON = "application/vnd.warroom+json"  # FastAPI reads it as JSON; the short way does not


def post(client: TestClient, mid: str, token: str | None, body: Any, kind: str) -> Any:
    headers = {"content-type": kind, **(seat(token) if token else {})}
    return client.post(f"/api/matches/{mid}/actions", headers=headers, content=json.dumps(body))


def test_both_ways_give_the_same_answers(client: TestClient) -> None:
    m = new_match(client, seed=5)
    mid, north, south = m["id"], m["tokens"]["north"], m["tokens"]["south"]
    cases: list[tuple[str | None, Any]] = [
        (north, {"action": ["bid", 7]}),  # 400: not listed
        (north, {"action": "bid"}),  # 400: not a list
        (None, {"action": ["bid", 1]}),  # 403: an observer
        ("no-such-token", {"action": ["bid", 1]}),  # 403
        (north, {"action": ["bid", 1], "step": 5}),  # 409: moved on
        (north, {"step": 0}),  # 422: no action (the short way hands it on)
        (north, {"action": ["bid", 1], "step": "5"}),  # 409; the short way hands it on
    ]
    for token, body in cases:
        short = post(client, mid, token, body, "application/json")
        long = post(client, mid, token, body, LONG_JSON)
        assert (short.status_code, short.content) == (long.status_code, long.content), body
    assert (
        post(client, "nope", north, {"action": ["bid", 1]}, "application/json").status_code == 404
    )
    r = post(client, mid, north, {"action": ["bid", 2], "step": 0}, "application/json")
    assert r.status_code == 200 and r.json() == {"ok": True, "step": 1}
    r = post(client, mid, south, {"action": ["bid", 1]}, LONG_JSON)
    assert r.status_code == 200 and r.json() == {"ok": True, "step": 2}
    for token in (north, south, None, "no-such-token"):
        headers = seat(token) if token else {}
        for query in ("", "?since=1&epoch=0", "?since=2", "?since=999"):
            short = client.get(f"/api/matches/{mid}{query}", headers=headers)
            plus = query.replace("since=", "since=%2B") if query else "?since=%2B0"
            long = client.get(f"/api/matches/{mid}{plus}", headers=headers)
            assert (short.status_code, short.content) == (long.status_code, long.content), query
    assert client.get(f"/api/matches/{mid}?since=x").status_code == 422
    assert client.get("/api/matches/nope").status_code == 404


def test_well_formed_requests_take_the_short_way(client: TestClient) -> None:
    m = new_match(client, seed=6)
    mid, north = m["id"], m["tokens"]["north"]
    app: Any = client.app
    app.router.routes[:] = [
        r
        for r in app.router.routes
        if not (
            isinstance(r, Route)
            and r.path in ("/api/matches/{match_id}", "/api/matches/{match_id}/actions")
        )
    ]
    r = client.post(f"/api/matches/{mid}/actions", headers=seat(north), json={"action": ["bid", 3]})
    assert r.status_code == 200 and r.json()["step"] == 1
    assert client.get(f"/api/matches/{mid}", headers=seat(north)).json()["step"] == 1
    # what the short way hands on now finds no route
    assert client.get(f"/api/matches/{mid}?since=x").status_code in (404, 405)
