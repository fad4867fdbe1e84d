"""No count of secret steps anywhere a seat or a watcher can see (issue 17).

A side writing its secret sheet one order at a time (the test game Sheets, the shape of
Commanders' order sheet) must not move the other side's step counter, its log paging, its
undo, its live news, the match list or the replay viewer. Each test here failed on 0c67e28,
where every one of those counted the raw steps of the match.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.secrets.serve import make_client
from tests.secrets.toys import SHEETS
from warroom.engine import Match


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db: Path = tmp_path_factory.mktemp("steps") / "warroom.sqlite"
    yield from make_client(db)


def seat(token: str | None) -> dict[str, str]:
    return {"X-Seat-Token": token} if token else {}


def sheets(client: TestClient, **seats: str) -> tuple[str, dict[str, str]]:
    body: dict[str, Any] = {"game": "sheets", "mode": "hotseat"}
    if seats:
        body["seats"] = seats
    r = client.post("/api/matches", json=body)
    assert r.status_code == 201, r.text
    m = r.json()
    return m["id"], m["tokens"]


def get(client: TestClient, mid: str, token: str | None, query: str = "") -> dict[str, Any]:
    r = client.get(f"/api/matches/{mid}{query}", headers=seat(token))
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def post(client: TestClient, mid: str, token: str, action: list[Any]) -> Any:
    r = client.post(f"/api/matches/{mid}/actions", headers=seat(token), json={"action": action})
    assert r.status_code == 200, r.text
    return r.json()


def listed(client: TestClient, mid: str) -> dict[str, Any]:
    entry: dict[str, Any] = next(e for e in client.get("/api/matches").json() if e["id"] == mid)
    return entry


def everything(client: TestClient, mid: str, token: str | None) -> dict[str, Any]:
    """What a seat (or the watch link) can read about the match without acting."""
    state = get(client, mid, token)
    return {
        "state": state,
        "paged": get(client, mid, token, f"?since=1&epoch={state['log_epoch']}"),
        "list": listed(client, mid),
        "replay": client.get(f"/api/matches/{mid}/replay?upto=0", headers=seat(token)).json(),
        "past the end": client.get(
            f"/api/matches/{mid}/replay?upto={state['step'] + 1}", headers=seat(token)
        ).json(),
        "stale step": client.post(
            f"/api/matches/{mid}/actions",
            headers=seat(token),
            json={"action": ["done"], "step": -1},
        ).json(),
    }


def test_a_secret_order_changes_nothing_the_other_side_or_a_watcher_sees_in_the_engine() -> None:
    m = Match.new(SHEETS, seed=1)
    before = {v: m.view(v) for v in ("red", None)}
    m.act("blue", ("order", 3))
    m.act("blue", ("order", 1))
    for v in ("red", None):
        assert m.view(v) == before[v], f"{v or 'the observer'} can count blue's orders"
    assert m.view("blue")["step"] == 2  # blue's own counter counts its own orders


def test_a_secret_order_changes_nothing_the_other_side_or_a_watcher_gets_from_the_server(
    client: TestClient,
) -> None:
    mid, t = sheets(client)
    post(client, mid, t["red"], ["order", 2])  # something in red's log and sheet already
    before = {v: everything(client, mid, t.get(v) if v else None) for v in ("red", None)}
    post(client, mid, t["blue"], ["order", 3])
    post(client, mid, t["blue"], ["order", 1])
    for v in ("red", None):
        after = everything(client, mid, t.get(v) if v else None)
        for k in after:
            assert after[k] == before[v][k], f"{v or 'the watch link'}: {k} counts blue's orders"
    assert get(client, mid, t["blue"])["step"] == 2


def test_the_match_list_is_not_touched_by_a_secret_order(client: TestClient) -> None:
    mid, t = sheets(client)
    before = listed(client, mid)
    post(client, mid, t["blue"], ["order", 2])
    assert listed(client, mid) == before  # neither the step count nor the time of the last move


def test_news_reach_a_seat_only_when_something_it_sees_has_changed(client: TestClient) -> None:
    mid, t = sheets(client)
    with (
        client.websocket_connect(f"/api/matches/{mid}/live") as red,
        client.websocket_connect(f"/api/matches/{mid}/live") as watch,
    ):
        red.send_json({"token": t["red"]})
        watch.send_json({"token": None})
        assert red.receive_json()["step"] == 0 and watch.receive_json()["step"] == 0
        post(client, mid, t["blue"], ["order", 3])  # secret: no news for red or the watcher
        post(client, mid, t["red"], ["order", 1])  # red's own: news for red only
        news = red.receive_json()
        assert news["step"] == get(client, mid, t["red"])["step"] == 1, news
        post(client, mid, t["blue"], ["done"])  # public: blue has finished
        assert red.receive_json()["active"] == ["red"]
        news = watch.receive_json()  # the watcher's first news since it connected
        assert news["active"] == ["red"], news
        assert news["step"] == get(client, mid, None)["step"]


def test_an_undo_of_a_secret_order_is_not_news_to_the_other_side(client: TestClient) -> None:
    mid, t = sheets(client)
    post(client, mid, t["red"], ["order", 2])
    post(client, mid, t["blue"], ["order", 3])
    before = {v: everything(client, mid, t.get(v) if v else None) for v in ("red", None)}
    r = client.post(f"/api/matches/{mid}/undo", headers=seat(t["blue"]), json={})
    assert r.status_code == 200, r.text
    for v in ("red", None):
        after = everything(client, mid, t.get(v) if v else None)
        for k in after:
            assert after[k] == before[v][k], f"{v or 'the watch link'}: {k} shows blue's undo"


def test_a_side_may_take_back_its_order_after_the_other_side_wrote_one(client: TestClient) -> None:
    """Whether red may undo cannot depend on whether blue has written since (a secret)."""
    mid, t = sheets(client)
    post(client, mid, t["red"], ["order", 2])
    assert get(client, mid, t["red"])["can_undo"]
    post(client, mid, t["blue"], ["order", 3])
    assert get(client, mid, t["red"])["can_undo"]
    r = client.post(f"/api/matches/{mid}/undo", headers=seat(t["red"]), json={})
    assert r.status_code == 200, r.text
    assert get(client, mid, t["red"])["board"]["my_sheet"] == []
    assert get(client, mid, t["blue"])["board"]["my_sheet"] == [3]  # blue's order stands
    assert get(client, mid, t["blue"])["can_undo"]
    # and so it stands on disk: the match loaded again from the store is the same
    rooms = client.app.state.rooms  # type: ignore[attr-defined]
    rooms._rooms.pop(mid)
    assert get(client, mid, t["blue"])["board"]["my_sheet"] == [3]
    assert get(client, mid, t["red"])["board"]["my_sheet"] == []
    assert [s.role for s in rooms.get(mid).match.steps] == ["blue"]


def test_a_side_that_finished_may_not_undo_whether_or_not_the_other_side_wrote_since(
    client: TestClient,
) -> None:
    """Red's "done" is seen by blue, which is still writing: red may not take it back, before
    blue writes or after (at 0c67e28 and until this rule, red could undo until blue's first
    secret order, and so learned that blue had written one)."""
    mid, t = sheets(client)
    post(client, mid, t["red"], ["order", 2])
    post(client, mid, t["red"], ["done"])
    before = everything(client, mid, t["red"])
    assert before["state"]["can_undo"] is False
    post(client, mid, t["blue"], ["order", 3])
    after = everything(client, mid, t["red"])
    for k in after:
        assert after[k] == before[k], f"red's {k} shows that blue wrote an order"
    r = client.post(f"/api/matches/{mid}/undo", headers=seat(t["red"]), json={})
    assert r.status_code == 409 and "cannot undo" in r.json()["detail"]


def test_replay_frames_are_the_steps_a_side_saw(client: TestClient) -> None:
    mid, t = sheets(client)
    for role, action in [
        ("red", ["order", 2]),
        ("blue", ["order", 3]),
        ("blue", ["order", 3]),
        ("red", ["done"]),
        ("blue", ["order", 1]),
        ("blue", ["done"]),
    ]:
        post(client, mid, t[role], action)
    for v in ("red", "blue", None):
        total = get(client, mid, t.get(v) if v else None)["step"]
        frames = []
        for k in range(total + 1):
            r = client.get(
                f"/api/matches/{mid}/replay?upto={k}", headers=seat(t.get(v) if v else None)
            )
            assert r.status_code == 200, r.text
            frame = r.json()
            assert frame["replay"]["frame"] == k and frame["replay"]["frames"] == total + 1
            assert frame["step"] == k  # the seat's own counter then
            again = client.get(
                f"/api/matches/{mid}/replay?frame={k}", headers=seat(t.get(v) if v else None)
            )
            assert again.json() == frame  # upto=k and frame=k: the same frame
            frames.append(json.dumps([frame["board"], frame["log"], frame["active"]]))
        for k in range(total):
            assert frames[k] != frames[k + 1], (
                f"{v or 'the watch link'}: frame {k + 1} shows nothing new"
            )
    # red saw: its order, blue finishing... and the reveal; the watcher saw less than red
    assert get(client, mid, None)["step"] < get(client, mid, t["red"])["step"]


def test_a_hint_does_not_count_the_other_sides_orders(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.secrets.serve import fixed_hints

    fixed_hints(monkeypatch)
    mid, t = sheets(client)
    room = client.app.state.rooms.get(mid)  # type: ignore[attr-defined]
    if hasattr(room, "house"):
        room.house = 99
    ask = lambda: client.post(  # noqa: E731
        f"/api/matches/{mid}/hint", headers=seat(t["red"]), json={"seconds": 1.0}
    ).json()
    before = ask()
    post(client, mid, t["blue"], ["order", 2])
    assert ask() == before


def test_a_computer_writing_its_orders_sends_no_news_per_order(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Commanders against a computer: black writes its ten secret orders one by one and says
    it is done while white still writes; white's page hears nothing of it, neither each order
    nor black finishing (tests/secrets/test_pace.py: when it finished would tell how many
    secret choices it made), and black's thinking never comes and goes. When white says done,
    it hears once: both sheets are in."""
    players = client.app.state.rooms.players  # type: ignore[attr-defined]
    real = players.choose
    gate = threading.Event()

    def held(*args: Any, **kw: Any) -> None:  # the computer waits until white is listening
        def later() -> None:
            gate.wait(10)
            real(*args, **kw)

        threading.Thread(target=later, daemon=True).start()

    monkeypatch.setattr(players, "choose", held)
    r = client.post(
        "/api/matches",
        # the rules player writes a whole sheet; a random one may say "done" after its first
        # order (a secret seed each run), and then there is nothing for the test to watch
        json={"game": "commanders", "scenario": "marengo", "seats": {"black": "rules"}},
    )
    assert r.status_code == 201, r.text
    mid, token = r.json()["id"], r.json()["tokens"]["white"]
    room = client.app.state.rooms.get(mid)  # type: ignore[attr-defined]
    with client.websocket_connect(f"/api/matches/{mid}/live") as ws:
        ws.send_json({"token": token})
        hello = ws.receive_json()
        assert hello["active"] == ["white", "black"] and hello["thinking"] == ["black"]
        gate.set()
        end = time.monotonic() + 20
        while "black" not in room.held and time.monotonic() < end:
            time.sleep(0.01)
        assert "black" in room.held and room.held["black"][0] == ["done"]
        assert len(room.match.steps) > 2  # black wrote orders before it was done
        view = get(client, mid, token)
        assert view["step"] == hello["step"] and view["active"] == ["white", "black"]
        done = next(a for a in view["prompt"]["actions"] if a[0] == "done")
        post(client, mid, token, done)
        news = ws.receive_json()
    # the first news white hears: its own "done" and black's, together (black finishing
    # alone, before, would have come first, one step on, with only white to act)
    assert news["step"] == hello["step"] + 2, news
    assert room.match.state.phase != "planning"
