"""Battle odds: against cases worked out by hand, and against the series engine's own battles.

The test campaign (tests/sim/cc_mini) has one Axis corps g1 (cohesion 6 fresh), two Soviet
armies r1 (cohesion 5 fresh, 3 depleted) and r2 (cohesion 8), and single-kind cups, so
every battle is a short Markov chain. With n = 10,000 battles a rate's standard error is
at most 0.005; the tests allow four of them.
"""

from __future__ import annotations

import json

import pytest

from tests.sim.cc_mini import MINI, MiniCampaign
from warroom.games.campaign_commander import combat
from warroom.sim.odds import battle_odds

N = 10_000
TOL = 0.02

HAMMER_ANVIL = {"axis": ["axis:Hammer"] * 4, "soviet": ["soviet:Anvil"] * 4}
AMBUSH_ANVIL = {"axis": ["axis:Ambush"] * 4, "soviet": ["soviet:Anvil"] * 4}


def rate(odds: object, outcome: str) -> float:
    return odds.outcomes.get(outcome, 0) / odds.battles  # type: ignore[attr-defined]


def opening() -> object:
    return MINI.setup("standard", {}, 1)


def test_one_against_one_disorganizing_chits_by_hand() -> None:
    # The attacker plays first. Each chit makes the other side's unit check: r1 fails on
    # 6-10 (1/2), g1 on 7-10 (2/5). P(attacker) = 1/2 + (1/2)(3/5) P(attacker) = 5/7.
    odds = battle_odds(
        MINI,
        opening(),
        "Middle",
        "axis",
        ["g1"],
        ["r1"],
        origin="West",
        cups=HAMMER_ANVIL,
        battles=N,
    )
    assert rate(odds, "attacker") == pytest.approx(5 / 7, abs=TOL)
    assert rate(odds, "defender") == pytest.approx(2 / 7, abs=TOL)
    # every loser retreats (r1 to East, g1 back to West); nobody is destroyed or depleted
    assert odds.units["r1"]["retreated"] == odds.outcomes["attacker"]
    assert odds.units["g1"]["retreated"] == odds.outcomes["defender"]
    assert odds.units["r1"]["destroyed"] == odds.units["g1"]["destroyed"] == 0
    # chits played E = 1 + (1/2)(1 + (3/5) E) = 15/7
    assert odds.chits_played == pytest.approx(15 / 7, abs=0.05)
    json.dumps(odds.to_json())


def test_depleting_chits_by_hand() -> None:
    # Ambush depletes r1 on a failure (1/2 fresh); depleted, r1 checks at cohesion 3 and a
    # second depletion disorganizes it (7/10). With q = P(attacker | r1 depleted, g1 to play):
    # q = 7/10 + (3/10)(3/5) q = 35/41, and p = (1/2)(3/5) q + (1/2)(3/5) p = 15/41.
    odds = battle_odds(
        MINI,
        opening(),
        "Middle",
        "axis",
        ["g1"],
        ["r1"],
        origin="West",
        cups=AMBUSH_ANVIL,
        battles=N,
    )
    assert rate(odds, "attacker") == pytest.approx(15 / 41, abs=TOL)
    # the defender holds with r1 still fresh when it passed every check: (1/5) / (7/10) = 2/7
    assert odds.units["r1"]["ok"] / N == pytest.approx(2 / 7, abs=TOL)
    assert odds.units["r1"]["depleted"] / N == pytest.approx(26 / 41 - 2 / 7, abs=TOL)
    assert (
        odds.losses["soviet"]["1 depleted, 0 retreated, 0 destroyed"]
        == odds.units["r1"]["depleted"]
    )


def test_an_isolated_unit_checks_at_one_less_and_is_destroyed_when_disorganized() -> None:
    s = opening()
    s.units["r1"] = s.units["r1"]._replace(iso=True)  # type: ignore[attr-defined]
    # r1 fails on 5-10 (3/5): P(attacker) = (3/5) / (1 - (2/5)(3/5)) = 15/19
    odds = battle_odds(
        MINI, s, "Middle", "axis", ["g1"], ["r1"], origin="West", cups=HAMMER_ANVIL, battles=N
    )
    assert rate(odds, "attacker") == pytest.approx(15 / 19, abs=TOL)
    assert odds.units["r1"]["destroyed"] == odds.outcomes["attacker"]
    assert odds.units["r1"]["cohesion"] == 4 and odds.units["r1"]["destroyed_if_disorganized"]


def test_the_owner_sends_its_steadiest_unit_to_a_check() -> None:
    # With r1 (cohesion 5) and r2 (cohesion 8) defending, the Soviet player answers every
    # Hammer with r2 (fails 2/10) while it stands: P(r2 leaves first) is what decides.
    s = opening()
    s.units["r2"] = s.units["r2"]._replace(loc="Middle")  # type: ignore[attr-defined]
    odds = battle_odds(
        MINI, s, "Middle", "axis", ["g1"], None, origin="West", cups=HAMMER_ANVIL, battles=N
    )
    assert set(odds.units) == {"g1", "r1", "r2"}
    # r1 can only be hit once r2 has gone, so r1 never leaves without r2
    assert odds.units["r1"]["retreated"] <= odds.units["r2"]["retreated"]
    # The attacker needs r2 to fail (2/10 per Hammer) and then r1 (1/2), each before g1 fails
    # (2/5 per Anvil). P(r2 goes first) = 0.2 / (1 - 0.8*0.6) = 5/13; then the Soviets play
    # (g1 survives 3/5) and it is the first test again (5/7): P(attacker) = 15/91.
    assert rate(odds, "attacker") == pytest.approx(15 / 91, abs=TOL)


def engine_battle(g: MiniCampaign, seed: int, attackers: list[str], defenders_at: str) -> str:
    """One battle fought by the series engine itself, the first listed action each time."""
    s = g.setup("standard", {}, seed)
    s.tasks = []
    for u in attackers:
        s.units[u] = s.units[u]._replace(loc=defenders_at)
    combat.start(g, s, defenders_at, "axis", attackers, "West", "", naval=False)
    while s.battle is not None:
        role = g.active(s)[0]
        g.apply(s, role, g.legal_actions(s, role)[0])
    return "attacker" if any(s.units[u].loc == defenders_at for u in attackers) else "defender"


def test_the_calculator_agrees_with_the_engine_battles() -> None:
    g = MiniCampaign(AMBUSH_ANVIL)
    engine = [engine_battle(g, seed, ["g1"], "Middle") for seed in range(1500)]
    p_engine = engine.count("attacker") / len(engine)
    odds = battle_odds(
        g, g.setup("standard", {}, 1), "Middle", "axis", ["g1"], ["r1"], origin="West", battles=N
    )
    # 1500 engine battles: standard error about 0.0125
    assert rate(odds, "attacker") == pytest.approx(p_engine, abs=0.05)
    assert p_engine == pytest.approx(15 / 41, abs=0.05)


def test_same_seed_same_odds_and_the_state_is_left_alone() -> None:
    s = opening()
    before = MINI.snapshot(s)
    a = battle_odds(MINI, s, "Middle", "axis", ["g1"], ["r1"], origin="West", battles=2000, seed=5)
    b = battle_odds(MINI, s, "Middle", "axis", ["g1"], ["r1"], origin="West", battles=2000, seed=5)
    assert a.outcomes == b.outcomes and a.units == b.units
    assert MINI.snapshot(s) == before
    with pytest.raises(ValueError, match="not a unit of axis"):
        battle_odds(MINI, s, "Middle", "axis", ["r2"], ["r1"])


def test_match_odds_for_the_server_and_the_command_line_on_roads_to_stalingrad() -> None:
    from typer.testing import CliRunner

    import warroom
    from warroom.cli import _load_commands, app
    from warroom.sim.odds import match_odds

    m = warroom.Match.new("roads-to-stalingrad", seed=3)
    before = m.game.snapshot(m.state)
    odds = match_odds(m, "Shchigry", "axis", ["g-48pz"], origin="Kursk", battles=500)
    assert m.game.snapshot(m.state) == before
    assert sum(o["count"] for o in odds["outcomes"].values()) == 500
    assert set(odds["units"]) == {"g-48pz", "s-13"}  # the defenders are the Soviets there
    assert odds["units"]["g-48pz"]["tactical"] == 4
    _load_commands()
    args = ["odds", "roads-to-stalingrad", "--area", "Shchigry", "--attacker", "axis"]
    args += ["--attackers", "g-48pz", "--from", "Kursk", "--battles", "500", "--json"]
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 0, out.output
    cli = json.loads(out.stdout)
    assert cli["battles"] == 500 and cli["defender"] == "soviet"
    assert sum(cli["units"]["s-13"][k] for k in ("ok", "depleted", "retreated", "destroyed")) == 500
    bad = CliRunner().invoke(app, [*args[:-1], "--attackers", "s-13"])
    assert bad.exit_code == 2
