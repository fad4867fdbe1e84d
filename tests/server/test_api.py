"""The server's API: every endpoint, and every way a request can be refused."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tests.engine.toy import DUEL
from tests.server.conftest import new_match, seat
from warroom.server.app import create_app
from warroom.server.players import Players


def state(client: TestClient, mid: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/matches/{mid}", headers=seat(token) if token else {})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def act(client: TestClient, mid: str, token: str | None, action: Any, **extra: Any) -> Any:
    headers = seat(token) if token is not None else {}
    return client.post(
        f"/api/matches/{mid}/actions", headers=headers, json={"action": action, **extra}
    )


def test_catalog_lists_each_game_with_its_header_and_levels(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    duel = games["duel"]
    assert duel["roles"] == ["north", "south"]
    assert [s["id"] for s in duel["scenarios"]] == ["short", "long"]
    assert duel["board"] is False  # the test game has no board.js: the generic table plays it
    assert set(duel["levels"]) == {"easy", "normal", "hard"}


def test_create_gives_tokens_only_for_human_seats(client: TestClient) -> None:
    m = new_match(client, seats={"south": "random"}, seed=5, scenario="long")
    assert set(m["tokens"]) == {"north"} and len(m["tokens"]["north"]) >= 32
    assert m["seats"]["south"] == {"kind": "computer", "agent": "random", "open": False}
    assert m["url"] == f"/g/{m['id']}"
    listed = client.get("/api/matches").json()
    assert listed[0]["id"] == m["id"] and listed[0]["scenario"] == "long"
    assert "tokens" not in json.dumps(listed) and m["tokens"]["north"] not in json.dumps(listed)


def test_create_refuses_bad_setups_with_a_message(client: TestClient) -> None:
    cases = [
        ({"game": "chess"}, 404, "no game 'chess'"),
        ({"game": "duel", "scenario": "medium"}, 400, "short, long"),
        ({"game": "duel", "options": {"bonus": "maybe"}}, 400, "true or false"),
        ({"game": "duel", "options": {"extra": 1}}, 400, "no option 'extra'"),
        ({"game": "duel", "seats": {"east": "human"}}, 400, "no role east"),
        ({"game": "duel", "seats": {"south": "grandmaster"}}, 400, "no computer player"),
        ({"game": "duel", "mode": "telepathy"}, 422, "computer"),
        ({"seats": {}}, 422, "game"),
    ]
    for body, status, words in cases:
        r = client.post("/api/matches", json=body)
        assert r.status_code == status, (body, r.text)
        assert words in json.dumps(r.json()["detail"]), (body, r.text)
    r = client.post(
        "/api/matches", content=b"{not json", headers={"Content-Type": "application/json"}
    )
    assert r.status_code == 422
    assert client.get("/api/matches").json() == []


def test_a_seat_sees_its_prompt_and_secrets_an_observer_sees_neither(client: TestClient) -> None:
    m = new_match(client, seed=1)
    north, south = m["tokens"]["north"], m["tokens"]["south"]
    assert act(client, m["id"], north, ["bid", 3]).json() == {"ok": True, "step": 1}
    mine = state(client, m["id"], north)
    assert mine["role"] == "north" and mine["board"]["my_bid"] == 3
    # south saw that north bid and is still to bid: the bid is handed over, not taken back
    assert mine["prompt"] is None and mine["can_undo"] is False
    assert any(e["event"]["kind"] == "bid" for e in mine["log"])
    theirs = state(client, m["id"], south)
    assert theirs["board"]["my_bid"] is None and theirs["can_undo"] is False
    assert theirs["prompt"]["actions"] == [["bid", 1], ["bid", 2], ["bid", 3]]
    assert theirs["prompt"]["labels"] == ["bid 1", "bid 2", "bid 3"]
    watcher = state(client, m["id"])
    assert watcher["role"] is None and watcher["prompt"] is None
    for seen in (theirs, watcher):
        assert all(e["event"]["kind"] != "bid" for e in seen["log"])
        assert '"bid": 3' not in json.dumps(seen)
    assert [e["text"] for e in watcher["log"]] == ["bid-made: role=north"]


def test_wrong_or_missing_token_is_refused_and_reveals_nothing(client: TestClient) -> None:
    m = new_match(client, seed=1)
    mid, north = m["id"], m["tokens"]["north"]
    for token in ("nope", north[:-1] + ("A" if north[-1] != "A" else "B"), " "):
        r = client.get(f"/api/matches/{mid}", headers=seat(token))
        assert (r.status_code, r.json()) == (403, {"detail": "forbidden"})
        for path, body in (("actions", {"action": ["bid", 1]}), ("undo", {})):
            r = client.post(f"/api/matches/{mid}/{path}", headers=seat(token), json=body)
            assert (r.status_code, r.json()) == (403, {"detail": "forbidden"})
        r = client.get(f"/api/matches/{mid}/replay?upto=0", headers=seat(token))
        assert (r.status_code, r.json()) == (403, {"detail": "forbidden"})
    assert act(client, mid, None, ["bid", 1]).status_code == 403  # an observer cannot act
    assert client.post(f"/api/matches/{mid}/undo", json={}).status_code == 403
    assert state(client, mid)["step"] == 0


def test_malformed_and_illegal_actions_are_refused_and_change_nothing(client: TestClient) -> None:
    m = new_match(client, seed=2, seats={"south": "human"})
    mid, north, south = m["id"], m["tokens"]["north"], m["tokens"]["south"]
    assert act(client, mid, north, ["bid", 2]).status_code == 200
    before = state(client, mid, north), state(client, mid, south)
    cases: list[tuple[Any, int, str]] = [
        ("bid 2", 400, "JSON list"),
        ({"bid": 2}, 400, "JSON list"),
        (["bid", 7], 400, "not a legal action for south"),
        (["surrender"], 400, "3 legal actions"),
        (None, 400, "JSON list"),
    ]
    for action, status, words in cases:
        r = act(client, mid, south, action)
        assert r.status_code == status and words in r.json()["detail"], (action, r.text)
    r = act(client, mid, north, ["bid", 1])  # north has bid already
    assert r.status_code == 409 and "waiting for south" in r.json()["detail"]
    r = act(client, mid, south, ["bid", 1], step=0)  # a page that missed a step
    assert r.status_code == 409 and "moved on" in r.json()["detail"]
    r = client.post(f"/api/matches/{mid}/actions", headers=seat(south), json={"step": 1})
    assert r.status_code == 422
    r = client.post(
        f"/api/matches/{mid}/actions",
        headers=seat(south),
        content=b"[[",
    )
    assert r.status_code == 422
    assert (state(client, mid, north), state(client, mid, south)) == before
    assert act(client, mid, south, ["bid", 1], step=1).json()["step"] == 2


def test_unknown_match_is_404(client: TestClient) -> None:
    for method, path in (
        ("GET", "/api/matches/nosuch"),
        ("POST", "/api/matches/nosuch/actions"),
        ("POST", "/api/matches/nosuch/undo"),
        ("GET", "/api/matches/nosuch/replay?upto=0"),
        ("GET", "/api/matches/nosuch/record"),
    ):
        body = {"action": ["bid", 1]} if path.endswith("actions") else {}
        r = client.request(method, path, json=body if method == "POST" else None)
        assert r.status_code == 404, (path, r.text)


def test_undo_takes_back_only_what_no_one_to_act_saw_and_revealed_nothing(
    client: TestClient,
) -> None:
    m = new_match(client, seed=3)
    mid, north, south = m["id"], m["tokens"]["north"], m["tokens"]["south"]
    act(client, mid, north, ["bid", 1])
    r = client.post(f"/api/matches/{mid}/undo", headers=seat(south), json={})
    assert r.status_code == 409 and "cannot undo" in r.json()["detail"]
    r = client.post(f"/api/matches/{mid}/undo", headers=seat(north), json={"step": 0})
    assert r.status_code == 409 and "moved on" in r.json()["detail"]
    # south saw north bid and is to bid (it could have bid already): north's bid stands
    r = client.post(f"/api/matches/{mid}/undo", headers=seat(north), json={"step": 1})
    assert r.status_code == 409 and "cannot undo" in r.json()["detail"]
    # a secret order the other side did not see is taken back (tests/secrets/test_steps.py
    # shows that whatever the other side wrote meanwhile)
    s = new_match(client, game="sheets", seed=3)
    red, blue = s["tokens"]["red"], s["tokens"]["blue"]
    act(client, s["id"], red, ["order", 2])
    r = client.post(f"/api/matches/{s['id']}/undo", headers=seat(red), json={"step": 1})
    assert r.json() == {"ok": True, "step": 0}
    assert state(client, s["id"], red)["board"]["my_sheet"] == []
    for token, action in ((red, ["order", 1]), (red, ["done"]), (blue, ["order", 1])):
        act(client, s["id"], token, action)
    act(client, s["id"], blue, ["done"])  # the sheets are shown, and a die breaks the tie
    for token in (red, blue):
        assert state(client, s["id"], token)["can_undo"] is False
        r = client.post(f"/api/matches/{s['id']}/undo", headers=seat(token), json={})
        assert r.status_code == 409


def play_out(client: TestClient, mid: str, tokens: dict[str, str]) -> dict[str, Any]:
    i = 0
    while True:
        st = state(client, mid)
        if st["outcome"]:
            return st
        for role in st["active"]:
            act(client, mid, tokens[role], ["bid", 1 + (i * 7 + len(role)) % 3])
            i += 1


def test_replay_steps_through_the_match_as_each_seat_saw_it(client: TestClient) -> None:
    m = new_match(client, seed=4)
    mid, tokens = m["id"], m["tokens"]
    final = play_out(client, mid, tokens)
    n = final["step"]
    assert client.get(f"/api/matches/{mid}/replay?upto={n + 1}").status_code == 400
    assert client.get(f"/api/matches/{mid}/replay?upto=-1").status_code == 400
    assert client.get(f"/api/matches/{mid}/replay?frame={n + 1}").status_code == 400
    assert client.get(f"/api/matches/{mid}/replay").status_code == 400
    assert client.get(f"/api/matches/{mid}/replay?upto=x").status_code == 422
    start = client.get(f"/api/matches/{mid}/replay?upto=0").json()
    assert start["step"] == 0 and start["board"]["score"] == {"north": 0, "south": 0}
    # every bid is announced to all, so every step is a frame of the replay
    assert start["replay"] == {"frame": 0, "frames": n + 1, "chapters": [0]}
    assert client.get(f"/api/matches/{mid}/replay?frame=-1").json()["replay"]["frame"] == n
    one = client.get(f"/api/matches/{mid}/replay?upto=1", headers=seat(tokens["north"])).json()
    assert one["step"] == 1 and one["role"] == "north" and one["prompt"] is None
    seen = [e["event"]["kind"] for e in one["log"]]
    assert seen[:2] == ["bid", "bid-made"]
    watcher_one = client.get(f"/api/matches/{mid}/replay?upto=1").json()
    assert [e["event"]["kind"] for e in watcher_one["log"]] == ["bid-made"]
    # stepping back and forth gives the same pictures
    for k in (n, 3, 2, 3, 0, n):
        again = client.get(f"/api/matches/{mid}/replay?upto={k}").json()
        assert again["step"] == k
    assert again["board"] == final["board"] and again["log"] == final["log"]


def test_record_is_published_when_the_match_is_over(client: TestClient) -> None:
    m = new_match(client, seed=6)
    mid, tokens = m["id"], m["tokens"]
    r = client.get(f"/api/matches/{mid}/record")
    assert r.status_code == 409 and "when the match is over" in r.json()["detail"]
    final = play_out(client, mid, tokens)
    rec = client.get(f"/api/matches/{mid}/record").json()
    assert rec["game"] == "duel" and rec["seed"] == 6 and len(rec["actions"]) == final["step"]
    r = act(client, mid, tokens["north"], ["bid", 1])
    assert r.status_code == 409 and "over" in r.json()["detail"]


def test_a_computer_seat_plays_by_itself(client: TestClient) -> None:
    m = new_match(client, seed=8, seats={"south": "random"})
    mid, north = m["id"], m["tokens"]["north"]
    end = time.monotonic() + 20
    while time.monotonic() < end:
        st = state(client, mid, north)
        if st["outcome"]:
            break
        if st["prompt"] is not None:
            r = act(client, mid, north, ["bid", 1], step=st["step"])
            # 409: the computer bid between our look and our bid (the step moved): look again
            assert r.status_code == 200 or "moved on" in r.json()["detail"], r.text
        time.sleep(0.01)
    assert st["outcome"] is not None
    record = client.get(f"/api/matches/{mid}/record").json()
    roles = [role for role, _ in record["actions"]]
    assert roles.count("south") == roles.count("north") == len(roles) // 2
    # a computer seat has no token, so nobody can act for it
    assert set(m["tokens"]) == {"north"}


def test_a_difficulty_level_plays_too(client: TestClient) -> None:
    m = new_match(client, seed=8, seats={"south": "easy"})
    end = time.monotonic() + 20
    while state(client, m["id"])["step"] < 1 and time.monotonic() < end:
        time.sleep(0.05)
    assert state(client, m["id"])["step"] == 1  # south bid first, by itself
    seats = state(client, m["id"])["seats"]
    assert seats["south"] == {"kind": "computer", "agent": "easy", "open": False}


def test_hot_seat_holds_every_seat(client: TestClient) -> None:
    m = new_match(client, seed=9, mode="hotseat")
    assert set(m["tokens"]) == {"north", "south"}
    final = play_out(client, m["id"], m["tokens"])
    assert final["outcome"]["winner"] in ("north", "south")
    assert final["mode"] == "hotseat"


def test_live_news_reaches_the_other_seat_and_a_reconnect_catches_up(client: TestClient) -> None:
    m = new_match(client, seed=10)
    mid, north, south = m["id"], m["tokens"]["north"], m["tokens"]["south"]
    with client.websocket_connect(f"/api/matches/{mid}/live") as ws:
        ws.send_json({"token": south})
        assert ws.receive_json() == {
            "type": "step",
            "step": 0,
            "active": ["north", "south"],
            "over": False,
            "thinking": [],
            "open": [],
        }
        act(client, mid, north, ["bid", 2])
        news = ws.receive_json()
        assert news["step"] == 1 and news["active"] == ["south"]
        assert "bid" not in json.dumps(news).replace('"type"', "")  # news carries no view
    act(client, mid, south, ["bid", 1])
    with client.websocket_connect(f"/api/matches/{mid}/live") as ws:
        ws.send_json({"token": None})  # an observer may listen too
        assert ws.receive_json()["step"] == 2  # the page catches up at once


def test_live_refuses_a_wrong_token(client: TestClient) -> None:
    m = new_match(client, seed=10)
    with client.websocket_connect(f"/api/matches/{m['id']}/live") as ws:
        ws.send_json({"token": "wrong"})
        assert ws.receive_json() == {"type": "error", "detail": "forbidden"}
    with client.websocket_connect("/api/matches/nosuch/live") as ws:
        ws.send_json({"token": None})
        assert ws.receive_json()["type"] == "error"


def test_pages_static_files_and_boards(client: TestClient) -> None:
    m = new_match(client)
    for path in ("/", f"/g/{m['id']}"):
        r = client.get(path)
        assert r.status_code == 200 and '<script type="module" src="/static/app.js">' in r.text
    for name in ("app.js", "game.js", "lobby.js", "api.js", "boardkit.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200, name
    r = client.get("/boards/duel.js")
    assert r.status_code == 404 and "no board" in r.json()["detail"]
    assert client.get("/boards/chess.js").status_code == 404


def test_a_restarted_server_goes_on_from_the_store(db: Path) -> None:
    app = create_app(db, players=Players("thread"), extra_games=[DUEL], fixed_seeds=True)
    with TestClient(app) as c:
        m = new_match(c, seed=12)
        act(c, m["id"], m["tokens"]["north"], ["bid", 2])
        act(c, m["id"], m["tokens"]["south"], ["bid", 2])
        act(c, m["id"], m["tokens"]["south"], ["bid", 3])
        before = state(c, m["id"], m["tokens"]["north"])
    app = create_app(db, players=Players("thread"), extra_games=[DUEL], fixed_seeds=True)
    with TestClient(app) as c:
        assert state(c, m["id"], m["tokens"]["north"]) == before
        assert act(c, m["id"], m["tokens"]["north"], ["bid", 1]).json()["step"] == 4


def rewrite_snapshot(db: Path, mid: str, old: str, new: str) -> None:
    """Replace ``old`` by ``new`` in a stored match's snapshot (it must occur)."""
    with sqlite3.connect(db) as con:
        (snap,) = con.execute("SELECT snapshot FROM matches WHERE id=?", (mid,)).fetchone()
        changed = snap.replace(old, new)
        assert changed != snap
        con.execute("UPDATE matches SET snapshot=? WHERE id=?", (changed, mid))


def test_loading_refuses_a_snapshot_that_disagrees_with_the_record(db: Path) -> None:
    app = create_app(db, players=Players("thread"), extra_games=[DUEL], fixed_seeds=True)
    with TestClient(app) as c:
        m = new_match(c, seed=12)
        act(c, m["id"], m["tokens"]["north"], ["bid", 2])
    rewrite_snapshot(db, m["id"], '"north": 0', '"north": 4')
    app = create_app(db, players=Players("thread"), extra_games=[DUEL], fixed_seeds=True)
    with TestClient(app) as c:
        r = c.get(f"/api/matches/{m['id']}")
        assert r.status_code == 409 and "does not agree" in r.json()["detail"]


def test_a_match_stored_before_a_step_was_found_to_reveal_still_loads(db: Path) -> None:
    """The count of reveals only says which steps may be undone: a stored snapshot that
    counts fewer (made before a fix found that some step showed a secret: 0822258, a reaction
    window that did not open) still loads, and plays on."""
    app = create_app(db, players=Players("thread"), extra_games=[DUEL], fixed_seeds=True)
    with TestClient(app) as c:
        m = new_match(c, seed=12)
        act(c, m["id"], m["tokens"]["north"], ["bid", 2])
        before = state(c, m["id"], m["tokens"]["north"])
    rewrite_snapshot(db, m["id"], '"reveals": 0', '"reveals": 3')
    app = create_app(db, players=Players("thread"), extra_games=[DUEL], fixed_seeds=True)
    with TestClient(app) as c:
        assert state(c, m["id"], m["tokens"]["north"]) == before
        assert act(c, m["id"], m["tokens"]["south"], ["bid", 2]).status_code == 200


def test_a_page_fetches_only_the_log_entries_it_lacks(client: TestClient) -> None:
    m = new_match(client, seed=3)
    mid, north, south = m["id"], m["tokens"]["north"], m["tokens"]["south"]
    act(client, mid, north, ["bid", 2])
    act(client, mid, south, ["bid", 2])
    full = state(client, mid, north)
    n = len(full["log"])
    assert full["log_from"] == 0 and n >= 4
    act(client, mid, north, ["bid", 1])
    r = client.get(f"/api/matches/{mid}?since={n}&epoch={full['log_epoch']}", headers=seat(north))
    part = r.json()
    assert part["log_from"] == n and [e["event"]["kind"] for e in part["log"]] == [
        "bid",
        "bid-made",
    ]
    assert full["log"] + part["log"] == state(client, mid, north)["log"]


def test_an_undo_sends_a_page_that_saw_the_step_the_whole_log_again(client: TestClient) -> None:
    m = new_match(client, game="sheets", seed=3)
    mid, red = m["id"], m["tokens"]["red"]
    act(client, mid, red, ["order", 2])
    full = state(client, mid, red)
    n = len(full["log"])
    assert [e["event"]["kind"] for e in full["log"]] == ["order"]
    act(client, mid, red, ["order", 1])
    client.post(f"/api/matches/{mid}/undo", headers=seat(red), json={})
    r = client.get(f"/api/matches/{mid}?since={n + 1}&epoch={full['log_epoch']}", headers=seat(red))
    again = r.json()
    assert again["log_from"] == 0 and again["log"] == full["log"]
    assert again["log_epoch"] == full["log_epoch"] + 1
    # a watcher asking for more than it may see gets nothing extra
    watcher = client.get(f"/api/matches/{mid}?since=999&epoch={again['log_epoch']}").json()
    assert watcher["log"] == [] and watcher["log_from"] == len(state(client, mid)["log"])


def test_a_computer_over_its_time_plays_a_random_move_and_its_late_answer_is_void(
    db: Path,
) -> None:
    app = create_app(
        db, players=Players("thread", deadline=0.3), extra_games=[DUEL], fixed_seeds=True
    )
    with TestClient(app) as c:
        m = new_match(c, seed=2, seats={"south": "search:seconds=2"})
        start = time.monotonic()
        while state(c, m["id"])["step"] < 1 and time.monotonic() - start < 1.5:
            time.sleep(0.02)
        st = state(c, m["id"], m["tokens"]["north"])
        assert st["step"] == 1 and st["active"] == ["north"]  # south bid, long before 2 s
        assert time.monotonic() - start < 1.5
        time.sleep(2.2)  # the search finishes: its answer must not be played on top
        assert state(c, m["id"])["step"] == 1


def test_at_start_up_only_matches_with_a_computer_seat_are_loaded(client: TestClient) -> None:
    people = new_match(client, seed=1)
    bot = new_match(client, seed=1, seats={"south": "random"})
    store = client.app.state.rooms.store  # type: ignore[attr-defined]
    assert set(store.unfinished_ids()) == {people["id"], bot["id"]}
    assert list(store.unfinished_ids(with_computer=True)) == [bot["id"]]
