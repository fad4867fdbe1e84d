"""When a computer seat finishes a secret stage must not show while a person still chooses.

A computer seat takes about its time budget for each choice it searches (normal: 1.2 s), so
the moment it finishes a stage both sides play at once tells how many secret choices it made
there: in Commanders, timed from the page, how many of its units act in a phase while the
person is still choosing (normal black, rules white, seeds 1-2, rounds 1-3, the choosing
stages of the phases, offline: medians 1.19 s with one step, 1.5 s with two, 2.0 s with
three, 2.7 s with four; 18 stages). So its steps that anyone else would see (its last one,
which shows it has finished) wait until no person is choosing any more; its secret steps
are played at once.

Failed on e35e856: in Sheets (the test game of secret order sheets) against a computer, the
person saw the computer finish its sheet ("done": ["blue"], and blue no longer to act) while
still writing its own.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.secrets.serve import make_client


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db: Path = tmp_path_factory.mktemp("pace") / "warroom.sqlite"
    yield from make_client(db)


def answered(client: TestClient, mid: str, role: str) -> None:
    """Wait until the computer seat ``role`` has answered and thinks no more (its answer
    played, or kept back), and its writes are on disk."""
    room: Any = client.app.state.rooms.get(mid)  # type: ignore[attr-defined]
    end = time.monotonic() + 20
    while time.monotonic() < end:
        with room.lock:
            done = not room.thinking and (room.pending is None or room.pending.done())
            if done and (role in getattr(room, "held", {}) or role not in room.match.active):
                return
        time.sleep(0.01)
    raise AssertionError(f"the computer seat {role} did not answer")


def test_a_person_still_writing_does_not_see_the_computer_finish(client: TestClient) -> None:
    r = client.post(
        "/api/matches", json={"game": "sheets", "mode": "computer", "seats": {"blue": "random"}}
    )
    assert r.status_code == 201, r.text
    mid, red = r.json()["id"], r.json()["tokens"]["red"]
    seat = {"X-Seat-Token": red}
    start = client.get(f"/api/matches/{mid}", headers=seat).json()
    assert start["active"] == ["red", "blue"] and start["thinking"] == ["blue"]
    r = client.post(f"/api/matches/{mid}/actions", headers=seat, json={"action": ["order", 2]})
    assert r.status_code == 200, r.text
    answered(client, mid, "blue")
    # the computer has written its sheet and said it is done: red, still writing, and a
    # watcher see nothing of it, as if it were still writing
    for headers in (seat, {}):
        view = client.get(f"/api/matches/{mid}", headers=headers).json()
        assert view["active"] == ["red", "blue"] and view["thinking"] == ["blue"], view
        assert view["board"]["done"] == [] and view["board"]["round"] == 1
        with client.websocket_connect(f"/api/matches/{mid}/live") as ws:
            ws.send_json({"token": headers.get("X-Seat-Token")})
            news = ws.receive_json()
        assert news["active"] == ["red", "blue"] and news["thinking"] == ["blue"], news
    assert view["step"] == start["step"]  # (the watcher's counter: nothing it saw)
    # red says done: the computer's answer kept back is played, and the sheets are shown
    r = client.post(f"/api/matches/{mid}/actions", headers=seat, json={"action": ["done"]})
    assert r.status_code == 200, r.text
    view = client.get(f"/api/matches/{mid}", headers=seat).json()
    assert view["board"]["round"] == 2 and view["active"] == ["red", "blue"]
    shown = [e["event"] for e in view["log"] if e["event"]["kind"] == "sheets"]
    assert len(shown) == 1 and shown[0]["red"] == [2]
    actions = client.app.state.rooms.get(mid).match.record()["actions"]  # type: ignore[attr-defined]
    i = actions.index(["red", ["done"]])
    assert actions[i + 1] == ["blue", ["done"]]  # played after red's, as it was kept back


def test_a_computer_finishing_after_the_person_is_played_at_once(client: TestClient) -> None:
    """Nothing is kept back when no person chooses at the same time: the person said done
    first, then the computer's last step shows the sheets without the person doing more."""
    r = client.post(
        "/api/matches", json={"game": "sheets", "mode": "computer", "seats": {"blue": "random"}}
    )
    mid, red = r.json()["id"], r.json()["tokens"]["red"]
    seat = {"X-Seat-Token": red}
    r = client.post(f"/api/matches/{mid}/actions", headers=seat, json={"action": ["done"]})
    assert r.status_code == 200, r.text
    end = time.monotonic() + 20
    while time.monotonic() < end:
        view = client.get(f"/api/matches/{mid}", headers=seat).json()
        if view["board"]["round"] == 2:
            break
        time.sleep(0.01)
    assert view["board"]["round"] == 2 and view["active"] == ["red", "blue"]
