"""A server a hostile player cannot stop (issue 17, item 4), tried as that player would.

Bodies and WebSocket messages are bounded and refused before they are read; no error
quotes more than an excerpt of its input; a computer seat cannot ask for more than the
documented thinking time, and an easy seat answers while other matches' seats think as long
as they may; idle rooms and replay caches leave memory and their matches play on.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.engine.toy import DUEL
from tests.server.conftest import new_match, seat
from tests.server.liveserver import LiveServer
from warroom.ai.base import AGENT_KINDS
from warroom.engine import Match
from warroom.server import rooms as rooms_module
from warroom.server.app import ACTION_BODY, BODY, CREATE_BODY, DETAIL, WS_MESSAGE, create_app
from warroom.server.players import MAX_SECONDS, Lane, Players, Ticket, with_budget


# ----- bodies: refused with 413 before they are read ----------------------------------------------
@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("hard") / "warroom.sqlite") as srv:
        yield srv


def _raw(port: int, head: str, first: bytes) -> tuple[socket.socket, float]:
    """A connection that sends a request head and the first bytes of its body, no more."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.sendall(head.encode() + b"\r\n" + first)
    return s, time.perf_counter()


def _response(s: socket.socket) -> tuple[int, dict[str, Any]]:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    while len(body) < length:
        chunk = s.recv(65536)
        if not chunk:
            break
        body += chunk
    return int(head.split()[1]), json.loads(body) if body else {}


def test_a_50_mb_body_is_refused_with_413_before_it_is_read(live: LiveServer) -> None:
    m = httpx.post(live.url + "/api/matches", json={"game": "duel"}).json()
    token = m["tokens"]["north"]
    fifty = 50 * 1024 * 1024
    cases = [  # the short way in (HotPaths), the FastAPI routes, with or without a JSON type
        (f"POST /api/matches/{m['id']}/actions", "application/json", token, ACTION_BODY),
        (f"POST /api/matches/{m['id']}/actions", "text/plain", token, ACTION_BODY),
        (f"POST /api/matches/{m['id']}/undo", "application/json", token, ACTION_BODY),
        ("POST /api/matches", "application/json", None, CREATE_BODY),
        (f"POST /api/matches/{m['id']}/hint", "application/json", token, BODY),
    ]
    for line, kind, tok, limit in cases:
        head = f"{line} HTTP/1.1\r\nHost: x\r\nContent-Type: {kind}\r\nContent-Length: {fifty}\r\n"
        if tok:
            head += f"X-Seat-Token: {tok}\r\n"
        # the client sends 64 KB of its 50 MB and waits: the answer comes without the rest
        s, t0 = _raw(live.port, head, b'{"action": ["' + b"x" * 65536)
        try:
            # another client is answered meanwhile
            assert httpx.get(live.url + "/api/games", timeout=10).status_code == 200
            status, out = _response(s)
        finally:
            s.close()
        assert status == 413, (line, kind, out)
        assert f"at most {limit} bytes" in out["detail"], out
        assert time.perf_counter() - t0 < 10
    # a body sent in chunks, with no length given, is cut off once it passes the limit
    for line, limit in (
        (f"POST /api/matches/{m['id']}/hint", BODY),
        (f"POST /api/matches/{m['id']}/actions", ACTION_BODY),
        ("POST /api/matches", CREATE_BODY),
    ):
        head = (
            f"{line} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"X-Seat-Token: {token}\r\nTransfer-Encoding: chunked\r\n"
        )
        chunk = b"%x\r\n%s\r\n" % (8192, b" " * 8192)
        s, _ = _raw(live.port, head, chunk * (limit // 8192 + 2))
        try:
            status, out = _response(s)
        finally:
            s.close()
        assert status == 413 and f"at most {limit} bytes" in out["detail"], (line, out)
    # a new match's set-up may carry a player's file (Tide of Iron's campaign) of 64 KB
    r = httpx.post(
        live.url + "/api/matches",
        json={"game": "duel", "options": {"bonus": True, "note": "n" * 100_000}},
    )
    assert r.status_code == 400 and "no option 'note'" in r.json()["detail"], r.text[:200]
    # and an ordinary move still goes through
    r = httpx.post(
        f"{live.url}/api/matches/{m['id']}/actions",
        headers=seat(token),
        json={"action": ["bid", 1]},
    )
    assert r.status_code == 200, r.text


def test_a_websocket_message_past_the_limit_closes_the_connection(client: TestClient) -> None:
    m = new_match(client, seed=1)
    with client.websocket_connect(f"/api/matches/{m['id']}/live") as ws:
        ws.send_text(json.dumps({"token": "x" * (WS_MESSAGE + 10)}))
        with pytest.raises(WebSocketDisconnect) as caught:
            ws.receive_json()
        assert caught.value.code == 1009
    with client.websocket_connect(f"/api/matches/{m['id']}/live") as ws:
        ws.send_text(json.dumps({"token": m["tokens"]["north"]}))
        assert ws.receive_json()["type"] == "step"  # a page says hello as always
        ws.send_text("y" * (WS_MESSAGE + 1))  # then floods
        with pytest.raises(WebSocketDisconnect) as caught:
            ws.receive_json()
        assert caught.value.code == 1009


# ----- errors quote only an excerpt of what they were sent ----------------------------------------
def test_no_error_echoes_more_than_a_short_excerpt(client: TestClient) -> None:
    m = new_match(client, seed=1)
    mid, north = m["id"], m["tokens"]["north"]
    big = "Z" * 3000
    answers = [
        # an unlisted action, by the short way in and through FastAPI (another content type)
        client.post(f"/api/matches/{mid}/actions", headers=seat(north), json={"action": [big]}),
        client.post(
            f"/api/matches/{mid}/actions",
            headers={**seat(north), "Content-Type": "application/json; charset=utf-8"},
            content=json.dumps({"action": ["bid", big]}),
        ),
        client.post(f"/api/matches/{mid}/actions", headers=seat(north), json={"action": big}),
        client.post("/api/matches", json={"game": big}),
        client.post("/api/matches", json={"game": "duel", "scenario": big}),
        client.post("/api/matches", json={"game": "duel", "options": {big: 1}}),
        client.post("/api/matches", json={"game": "duel", "options": {"bonus": big}}),
        client.post("/api/matches", json={"game": "duel", "seats": {big: "human"}}),
        client.post("/api/matches", json={"game": "duel", "seats": {"south": big}}),
        client.post("/api/matches", json={"game": "duel", "seats": big}),  # a 422
        client.post("/api/matches", json={"game": ["duel", big]}),  # a 422
        client.get(f"/api/matches/{big}"),
        client.get(f"/api/matches/{mid}/replay?upto={big}"),  # a 422
    ]
    for r in answers:
        assert r.status_code in (400, 403, 404, 409, 422), r.text[:200]
        text = r.text
        assert "Z" * 200 not in text, (r.status_code, text[:300])
        assert len(text) < 2 * DETAIL + 300, (r.status_code, len(text))
    # the engine's own messages are bounded where they are made
    match = Match.new(DUEL, seed=1)
    with pytest.raises(ValueError) as exc:
        match.act("north", ["bid", big])
    assert len(str(exc.value)) < 300 and "(3011 characters)" in str(exc.value)


# ----- computer seats: a maximum per decision, and fair turns ------------------------------------
def test_a_seat_asking_for_more_than_the_maximum_is_refused_naming_it(client: TestClient) -> None:
    for spec in ("search:seconds=100000", "search:seconds=inf", "search:seconds=nan"):
        r = client.post("/api/matches", json={"game": "duel", "seats": {"south": spec}})
        assert r.status_code == 400, (spec, r.text)
        assert f"at most {MAX_SECONDS:g} s a decision" in r.json()["detail"], r.text
    for spec in ("search:seconds=-1", "search:seconds=often"):
        r = client.post("/api/matches", json={"game": "duel", "seats": {"south": spec}})
        assert r.status_code == 400 and f"{MAX_SECONDS:g}" in r.json()["detail"], r.text
    ok = client.post(
        "/api/matches", json={"game": "duel", "seats": {"south": f"search:seconds={MAX_SECONDS}"}}
    )
    assert ok.status_code == 201, ok.text
    # a search that names only iterations is given the server's time budget as well
    assert with_budget("search:iterations=1000000000", 3.0).endswith(",seconds=3")
    assert with_budget("search:iterations=5", 60.0).endswith(",seconds=10")
    with pytest.raises(ValueError, match="at most 10"):
        Players("thread", budget=60.0)


@pytest.fixture
def holding(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """An agent kind "hold" that thinks until the test lets it go (at most 30 s): a seat
    thinking at the maximum, without a clock."""
    release = threading.Event()

    class Hold:
        name = "hold"

        def choose(self, match: Match, role: str) -> Any:
            release.wait(30)
            return match.legal(role)[0]

    monkeypatch.setitem(AGENT_KINDS, "hold", lambda game_id, params, seed: Hold())
    yield release
    release.set()


def _bid(client: TestClient, mid: str) -> int:
    """1 once the computer south has bid (its bid is kept back while north is to bid: when a
    computer finished must not show, tests/secrets/test_pace.py), else 0."""
    room = client.app.state.rooms.get(mid)  # type: ignore[attr-defined]
    return int("south" in room.held)


def test_an_easy_seat_answers_while_other_matches_seats_think(
    client: TestClient, holding: threading.Event
) -> None:
    thinkers = [new_match(client, seed=1, seats={"south": "hold"}) for _ in range(3)]
    easy = new_match(client, seed=2, seats={"south": "easy"})
    end = time.monotonic() + 15  # a generous bound: an easy move takes milliseconds
    while _bid(client, easy["id"]) < 1 and time.monotonic() < end:
        time.sleep(0.02)
    assert _bid(client, easy["id"]) == 1  # south bid by itself
    assert all(_bid(client, t["id"]) == 0 for t in thinkers)  # still thinking
    holding.set()
    end = time.monotonic() + 15
    while any(_bid(client, t["id"]) == 0 for t in thinkers) and time.monotonic() < end:
        time.sleep(0.02)
    assert all(_bid(client, t["id"]) == 1 for t in thinkers)


class _Held(Executor):
    """Runs nothing until told: records what was started, in order."""

    def __init__(self) -> None:
        self.started: list[tuple[str, Future[Any]]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        f: Future[Any] = Future()
        self.started.append((str(fn()), f))
        return f


def test_matches_take_turns_for_the_thinking_workers() -> None:
    ex = _Held()
    lane = Lane("deep", ex, workers=1)
    answered: list[str] = []
    done = threading.Event()

    def ticket(key: str, name: str) -> Ticket:
        def finished(action: Any, memory: Any, error: Any) -> None:
            answered.append(name)
            done.set()

        return Ticket(key, lambda e: e.submit(lambda: name), finished)

    for name in ("a1", "a2", "a3"):  # one match asks three times...
        lane.submit(ticket("A", name))
    lane.submit(ticket("B", "b1"))  # ...then another match once
    dropped = ticket("C", "c1")
    lane.submit(dropped)
    dropped.cancel()  # its deadline passed while it waited: it never runs
    order = []
    while ex.started:
        name, future = ex.started.pop(0)
        order.append(name)
        future.set_result((["move"], None))  # what a worker answers: (action, memory)
    assert order == ["a1", "b1", "a2", "a3"]
    assert lane.queued() == 0 and lane.running == 0


# ----- memory: idle rooms and replays go, and their matches play on ------------------------------
def test_rooms_and_replays_leave_memory_and_their_matches_play_on(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rooms_module, "SETTLE", 0.0)
    monkeypatch.setattr(rooms_module, "SWEEP_EVERY", 0.0)
    app = create_app(
        db, players=Players("thread"), extra_games=[DUEL], fixed_seeds=True, max_rooms=3
    )
    with TestClient(app) as c:
        rooms = c.app.state.rooms  # type: ignore[attr-defined]
        made = [new_match(c, seed=i) for i in range(8)]
        for m in made:  # a round each: bids, the reveal, maybe a die
            for role in ("north", "south"):
                r = c.post(
                    f"/api/matches/{m['id']}/actions",
                    headers=seat(m["tokens"][role]),
                    json={"action": ["bid", 2]},
                )
                assert r.status_code == 200, r.text
        assert rooms.in_memory() <= 3
        watched = made[0]
        with c.websocket_connect(f"/api/matches/{watched['id']}/live") as ws:
            ws.send_text(json.dumps({"token": None}))
            assert ws.receive_json()["step"] == 2
            for m in made[1:]:  # every other match is asked for: the watched one stays
                assert c.get(f"/api/matches/{m['id']}").json()["step"] == 2
            assert rooms.get(watched["id"]).listeners
            assert rooms.in_memory() <= 4
            # a move in the watched match still reaches its page
            r = c.post(
                f"/api/matches/{watched['id']}/actions",
                headers=seat(watched["tokens"]["north"]),
                json={"action": ["bid", 1]},
            )
            assert r.status_code == 200
            assert ws.receive_json()["step"] == 3
        # every match, reloaded from the store, goes on where it was
        for m in made[1:]:
            r = c.post(
                f"/api/matches/{m['id']}/actions",
                headers=seat(m["tokens"]["north"]),
                json={"action": ["bid", 3], "step": 2},
            )
            assert r.status_code == 200, r.text
            view = c.get(f"/api/matches/{m['id']}", headers=seat(m["tokens"]["north"])).json()
            assert view["step"] == 3 and view["dice"]["commitment"]
        # replays: a few kept per room, and a bounded number in all
        rooms.max_replays = 6
        for m in made[:4]:
            for k in range(4):
                assert c.get(f"/api/matches/{m['id']}/replay?upto={k}").status_code == 200
        kept = [len(rooms.get(m["id"]).replays) for m in made[:4]]
        assert max(kept) <= rooms_module.REPLAYS_PER_ROOM and sum(kept) <= 6
        # idle rooms go after ``idle`` seconds even when there are few
        rooms.idle = 0.0
        c.get("/api/games")
        rooms.get(made[-1]["id"])  # asking sweeps
        assert rooms.in_memory() <= 1


def test_in_worker_processes_a_quick_seat_answers_while_another_thinks_its_maximum() -> None:
    """The production set-up (``warroom serve``: worker processes): a random seat of one match
    is answered while a search of another match thinks for the maximum time."""
    players = Players("process")
    try:
        m = Match.new("commanders", seed=1)
        role = m.active[0]
        answers: dict[str, tuple[Any, Any]] = {}
        events = {"deep": threading.Event(), "quick": threading.Event()}

        def done(name: str) -> Any:
            def finished(action: Any, memory: Any, error: Any) -> None:
                answers[name] = (action, error)
                events[name].set()

            return finished

        players.choose("A", m, role, f"search:seconds={MAX_SECONDS:g}", 1, done("deep"))
        players.choose("B", m, role, "random", 2, done("quick"))
        assert events["quick"].wait(60), "the quick seat was not answered"
        assert not events["deep"].is_set()  # the other match's search still thinks
        action, error = answers["quick"]
        assert error is None and tuple(action) in {tuple(a) for a in m.legal(role)}
    finally:
        players.close()  # the search's worker is stopped with the server
