"""Fixtures: a server on a temporary database, with the test games Duel (the engine's) and
Sheets (secret orders written one at a time, tests/secrets/toys.py) registered."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.engine.toy import DUEL
from tests.secrets.toys import SHEETS
from warroom.server.app import create_app
from warroom.server.players import Players


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "warroom.sqlite"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    app = create_app(db, players=Players("thread"), extra_games=[DUEL, SHEETS], fixed_seeds=True)
    with TestClient(app) as c:
        yield c


def new_match(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("game", "duel")
    r = client.post("/api/matches", json=body)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def seat(token: str) -> dict[str, str]:
    return {"X-Seat-Token": token}
