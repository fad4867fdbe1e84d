"""First checks: set-ups, hidden orders, replay, fuzz over every set-up and option."""

from __future__ import annotations

import itertools

import pytest

import warroom
from tests.commanders.util import new
from warroom.engine import Match, Rng
from warroom.games.commanders.data import load

G = warroom.game("commanders")
SCENARIOS = [s.id for s in G.scenarios]
FLAGS = [o.key for o in G.options if isinstance(o.default, bool)]


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
    m = new("marengo", {}, 1)
    assert _units_in(m, "white", "w-right") == {"infantry": 2, "cavalry": 4}
    assert _units_in(m, "white", "w-centre") == {"infantry": 4, "artillery": 2}
    assert _units_in(m, "white", "w-left") == {"infantry": 6}
    assert _units_in(m, "white", "w-reserve") == {"infantry": 8, "cavalry": 4}
    # black faces white: its right wing is on the west side
    assert _units_in(m, "black", "b-right") == {"infantry": 2, "cavalry": 4}


def test_la_rothiere_cavalry_faces_cavalry() -> None:
    m = new("la-rothiere", {}, 1)
    assert _units_in(m, "white", "w-right") == {"cavalry": 6}
    assert _units_in(m, "black", "b-left") == {"cavalry": 6}  # same (east) column


def test_every_setup_is_a_full_army() -> None:
    d = load()
    for key, s in d.setups.items():
        if s.custom:
            continue
        total = [sum(p[t] for p in (s.right, s.centre, s.left, s.reserve)) for t in range(3)]
        assert total == [20, 8, 2], key


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_fuzz_every_option_combination(scenario: str) -> None:
    seed = 0
    for combo in itertools.product((False, True), repeat=len(FLAGS)):
        opts = dict(zip(FLAGS, combo, strict=True))
        for _ in range(1):
            m = random_match(scenario, opts, seed)
            assert m.state.round <= 10
            seed += 1
