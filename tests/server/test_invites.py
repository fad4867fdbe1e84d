"""Invitations: the creator of a match with a friend never holds the friend's seat.

An invite match gives its creator a token for their own side only, and for each other human
seat a one-time invitation, which the friend trades for a seat token of their own (made then,
shown once, to them). Whoever uses an invitation first holds the seat, so a creator who used
the friend's invitation to read the friend's side would be found out: the friend's claim
fails, saying so.
"""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tests.engine.toy import DUEL
from tests.server.conftest import new_match, seat
from warroom.server.app import create_app
from warroom.server.players import Players
from warroom.server.rooms import Conflict


def claim(client: TestClient, mid: str, code: str) -> Any:
    return client.post(f"/api/matches/{mid}/claim", json={"invite": code})


def test_the_creator_of_an_invite_match_holds_only_their_own_seat(client: TestClient) -> None:
    """The leak this closes: the creator was sent every seat's token and could read the
    friend's hand with the friend's token (Roads to Stalingrad: the Soviet cards)."""
    m = new_match(client, game="roads-to-stalingrad", mode="invite", side="axis")
    assert set(m["tokens"]) == {"axis"}
    assert set(m["invites"]) == {"soviet"}
    code = m["invites"]["soviet"]
    # the invitation is not a seat token: it opens nothing until it is traded
    r = client.get(f"/api/matches/{m['id']}", headers=seat(code))
    assert r.status_code == 403
    mine = client.get(f"/api/matches/{m['id']}", headers=seat(m["tokens"]["axis"])).json()
    assert mine["role"] == "axis"
    assert mine["seats"]["soviet"]["open"] is True  # invited, nobody holds it yet
    # the friend trades it for a token of their own, which the creator was never sent
    r = claim(client, m["id"], code)
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["role"] == "soviet"
    assert got["token"] not in json.dumps(m)
    theirs = client.get(f"/api/matches/{m['id']}", headers=seat(got["token"])).json()
    assert theirs["role"] == "soviet"
    assert theirs["board"]["hand"] != mine["board"]["hand"]  # the Soviet cards, theirs alone
    watched = client.get(f"/api/matches/{m['id']}").json()
    assert watched["seats"]["soviet"]["open"] is False  # joined: anyone may know that much


def test_an_invitation_is_used_once_and_a_second_claim_says_so(client: TestClient) -> None:
    m = new_match(client, seed=3, mode="invite", side="north")
    mid, code = m["id"], m["invites"]["south"]
    first = claim(client, mid, code).json()
    before = client.get(f"/api/matches/{mid}", headers=seat(first["token"])).json()
    again = claim(client, mid, code)
    assert again.status_code == 409
    detail = again.json()["detail"]
    assert "already used" in detail and "south" in detail
    assert first["token"] not in again.text
    # the first claimer's seat is untouched and still plays
    assert client.get(f"/api/matches/{mid}", headers=seat(first["token"])).json() == before
    r = client.post(
        f"/api/matches/{mid}/actions", headers=seat(first["token"]), json={"action": ["bid", 1]}
    )
    assert r.status_code == 200, r.text


def test_a_wrong_invitation_or_one_for_another_match_is_refused(client: TestClient) -> None:
    a = new_match(client, seed=4, mode="invite", side="north")
    b = new_match(client, seed=4, mode="invite", side="north")
    for body in ({"invite": "not-a-code"}, {"invite": b["invites"]["south"]}):
        r = client.post(f"/api/matches/{a['id']}/claim", json=body)
        assert r.status_code == 403, r.text
        assert "invitation" in r.json()["detail"]
    # a seat token is not an invitation either
    assert claim(client, a["id"], a["tokens"]["north"]).status_code == 403
    r = client.post(f"/api/matches/{a['id']}/claim", json={"invite": "x" * 500})
    assert r.status_code == 422
    assert claim(client, "nosuchmatch", a["invites"]["south"]).status_code == 404
    # nothing changed: both invitations still open, and each still works once
    for m in (a, b):
        assert claim(client, m["id"], m["invites"]["south"]).status_code == 200


def test_a_hot_seat_or_computer_match_has_no_invitations(client: TestClient) -> None:
    hot = new_match(client, seed=5, mode="hotseat")
    assert set(hot["tokens"]) == {"north", "south"} and hot["invites"] == {}
    cpu = new_match(client, seed=5, mode="computer", seats={"south": "random"})
    assert set(cpu["tokens"]) == {"north"} and cpu["invites"] == {}
    # without a mode the creator holds every seat, as at one screen
    plain = new_match(client, seed=5)
    assert set(plain["tokens"]) == {"north", "south"} and plain["invites"] == {}


def test_an_invite_match_without_a_side_invites_every_seat(client: TestClient) -> None:
    """An organiser sets up a match for two others and holds no seat of it."""
    m = new_match(client, seed=6, mode="invite")
    assert m["tokens"] == {} and set(m["invites"]) == {"north", "south"}
    roles = {claim(client, m["id"], c).json()["role"] for c in m["invites"].values()}
    assert roles == {"north", "south"}


def test_a_side_must_be_a_human_seat_of_the_game(client: TestClient) -> None:
    cases = [
        ({"mode": "invite", "side": "east"}, "no role east"),
        ({"mode": "invite", "side": "south", "seats": {"south": "random"}}, "computer"),
        ({"mode": "hotseat", "side": "north"}, "invite"),
    ]
    for extra, words in cases:
        r = client.post("/api/matches", json={"game": "duel", **extra})
        assert r.status_code == 400, (extra, r.text)
        assert words in r.json()["detail"], (extra, r.text)
    assert client.get("/api/matches").json() == []


def test_news_tells_the_creator_when_the_friend_joins(client: TestClient) -> None:
    m = new_match(client, seed=7, mode="invite", side="north")
    with client.websocket_connect(f"/api/matches/{m['id']}/live") as ws:
        ws.send_json({"token": m["tokens"]["north"]})
        assert ws.receive_json()["open"] == ["south"]
        claim(client, m["id"], m["invites"]["south"])
        assert ws.receive_json()["open"] == []


def test_a_claim_survives_a_restart_and_stays_used(db: Path) -> None:
    def app() -> Any:
        return create_app(db, players=Players("thread"), extra_games=[DUEL], fixed_seeds=True)

    with TestClient(app()) as c:
        m = new_match(c, seed=8, mode="invite", side="north")
        code = m["invites"]["south"]
        token = claim(c, m["id"], code).json()["token"]
    with TestClient(app()) as c:
        assert c.get(f"/api/matches/{m['id']}", headers=seat(token)).json()["role"] == "south"
        assert claim(c, m["id"], code).status_code == 409
    # and one not used before the restart is still good after it
    with TestClient(app()) as c:
        other = new_match(c, seed=9, mode="invite", side="north")
    with TestClient(app()) as c:
        assert claim(c, other["id"], other["invites"]["south"]).json()["role"] == "south"


def test_two_claims_at_once_give_the_seat_to_one_of_them(client: TestClient) -> None:
    rooms = client.app.state.rooms  # type: ignore[attr-defined]

    def one(room: Any, code: str) -> str:
        try:
            _, token, done = rooms.claim(room, code)
        except Conflict:
            return "refused"
        done.result(timeout=10)
        return str(token)

    for seed in range(5):
        m = new_match(client, seed=seed, mode="invite", side="north")
        room, code = rooms.get(m["id"]), m["invites"]["south"]
        with ThreadPoolExecutor(8) as pool:
            got = list(pool.map(one, [room] * 8, [code] * 8))
        tokens = [t for t in got if t != "refused"]
        assert len(tokens) == 1 and got.count("refused") == 7
        r = client.get(f"/api/matches/{m['id']}", headers=seat(tokens[0]))
        assert r.json()["role"] == "south"
