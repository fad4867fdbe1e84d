"""First checks: set-ups, hidden orders, replay, fuzz over every set-up and option."""

from __future__ import annotations

import itertools
import json

import pytest

import warroom
from warroom.engine import Match, Rng
from warroom.games.commanders.data import load

G = warroom.game("commanders")
SCENARIOS = [s.id for s in G.scenarios]
FLAGS = [o.key for o in G.options]


def random_match(scenario: str, options: dict[str, bool], seed: int) -> Match:
    m = Match.new("commanders", scenario, options, seed)
    rng = Rng(seed + 7)
    while not m.over:
        active = m.active
        assert active, "no one to act but the game is not over"
        role = active[rng.below(len(active))]
        acts = m.legal(role)
        assert acts, f"dead end for {role} at {m.state.phase}/{m.state.stage}"
        m.act(role, acts[rng.below(len(acts))])
    return m


def _units_in(m: Match, role: str, sector: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in m.view(role)["board"]["units"]:
        if u["sector"] == sector and u["side"] == role:
            out[u["type"]] = out.get(u["type"], 0) + 1
    return out


def test_marengo_setup_matches_the_rulebook() -> None:
    m = Match.new("commanders", "marengo", {}, 1)
    assert _units_in(m, "white", "w-right") == {"infantry": 2, "cavalry": 4}
    assert _units_in(m, "white", "w-centre") == {"infantry": 4, "artillery": 2}
    assert _units_in(m, "white", "w-left") == {"infantry": 6}
    assert _units_in(m, "white", "w-reserve") == {"infantry": 8, "cavalry": 4}
    # black faces white: its right wing is on the west side
    assert _units_in(m, "black", "b-right") == {"infantry": 2, "cavalry": 4}


def test_la_rothiere_cavalry_faces_cavalry() -> None:
    m = Match.new("commanders", "la-rothiere", {}, 1)
    assert _units_in(m, "white", "w-right") == {"cavalry": 6}
    assert _units_in(m, "black", "b-left") == {"cavalry": 6}  # same (east) column


def test_every_setup_is_a_full_army() -> None:
    d = load()
    for key, s in d.setups.items():
        if s.custom:
            continue
        total = [sum(p[t] for p in (s.right, s.centre, s.left, s.reserve)) for t in range(3)]
        assert total == [20, 8, 2], key


def test_orders_are_hidden_until_revealed() -> None:
    m = Match.new("commanders", "marengo", {}, 3)
    acts = [a for a in m.legal("white") if a[0] == "order" and a[1] == "w-i1"]
    m.act("white", acts[0])
    black_view = m.view("black")
    assert black_view["board"]["orders"]["white"] is None
    assert black_view["board"]["orders_info"]["white"]["given"] is None
    assert "w-i1" not in json.dumps(black_view["log"])
    assert "w-i1" in json.dumps(m.view("white")["log"])
    assert m.view("white")["board"]["orders"]["white"][0]["unit"] == "w-i1"
    m.act("white", ("done",))
    m.act("black", ("done",))
    # revealed at the start of execution: the public "orders" entry names it
    revealed = [e for e in m.view("black")["log"] if e["kind"] == "orders" and e["side"] == "white"]
    assert revealed and revealed[0]["orders"][0][0] == "w-i1"


def test_custom_placement_is_hidden() -> None:
    m = Match.new("commanders", "custom", {}, 3)
    m.act("white", ("place", "cavalry", "w-right"))
    seen = {u["id"]: u for u in m.view("black")["board"]["units"]}
    assert seen["w-c1"]["where"] == "hidden"
    assert "w-c1" not in json.dumps(m.view("black")["log"])
    assert {u["id"]: u for u in m.view("white")["board"]["units"]}["w-c1"]["sector"] == "w-right"


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_fuzz_every_option_combination(scenario: str) -> None:
    seed = 0
    for combo in itertools.product((False, True), repeat=len(FLAGS)):
        opts = dict(zip(FLAGS, combo, strict=True))
        for _ in range(1):
            m = random_match(scenario, opts, seed)
            assert m.state.round <= 10
            seed += 1
