"""Combat rules, one scripted position each, with fixed dice."""

from __future__ import annotations

from tests.commanders.util import answer_done, clear, control, events, new, order, put, unit, where
from warroom.engine import Match, ScriptedRng
from warroom.games.commanders.state import ROUTED


def _fresh(seed: int = 1) -> Match:
    m = new("marengo", {}, seed)
    clear(m, "white")
    clear(m, "black")
    return m


def _results(m: Match, step: str) -> dict[str, dict[str, object]]:
    return {e["unit"]: e for e in events(m, "result") if e["step"] == step}


def test_square_reaction_and_the_charge_against_it() -> None:
    """Infantry attacked by cavalry tries to form square (die - 1 > 3); its fire in the
    fast phase is at -2 more; the charge against the square suffers -3."""
    m = _fresh()
    put(m, "w-i1", "mid-centre")
    put(m, "b-c1", "b-centre")
    order(m, "white")
    order(m, "black", ("order", "b-c1", "fast", "mid-centre"))
    assert m.state.stage == "react"
    assert ("react", "w-i1", "square") in m.legal("white")
    # reaction 5; ranged: the square [6]; melee: square [6], cavalry [3]
    m.state.rng = ScriptedRng([5, 6, 6, 3])
    m.act("white", ("react", "w-i1", "square"))
    m.act("white", ("done",))
    react = events(m, "reaction")[0]
    assert react["modified"] == 4 and react["success"]
    assert _results(m, "ranged")["w-i1"]["modified"] == [3]  # 6 - 1 (square) - 2 (fast)
    answer_done(m, "withdraw")
    melee = _results(m, "melee")
    assert melee["b-c1"]["modified"] == [1]  # 3 - 3 against a square
    assert melee["w-i1"]["modified"] == [6] and melee["w-i1"]["hits"] == 1
    # the cavalry routed and fled at the end of the fast phase; white still holds
    assert where(m, "b-c1") == ("b-reserve", "routed")
    assert control(m, "mid-centre") == "white"


def test_capture_by_cavalry_and_routed_infantry_left_behind() -> None:
    m = _fresh()
    put(m, "w-i1", "mid-centre", ROUTED)
    put(m, "w-i2", "mid-centre")
    put(m, "b-c1", "b-centre")
    put(m, "b-c2", "b-centre")
    order(m, "white")
    order(
        m,
        "black",
        ("order", "b-c1", "fast", "mid-centre"),
        ("order", "b-c2", "fast", "mid-centre"),
    )
    # ranged: w-i2 [1]; melee: w-i2 [1] (white rolls first), cavalry [6, 5]
    m.state.rng = ScriptedRng([1, 1, 6, 5])
    m.act("white", ("done",))  # no square
    assert events(m, "positions")[0]["white"] == ["w-i2", "w-i1"]
    answer_done(m, "withdraw")
    # b-c2 faces a routed unit: it may take it, or strike elsewhere as if unopposed
    assert m.legal("black") == [("target", "b-c2", "w-i2"), ("target", "b-c2", "w-i1")]
    m.act("black", ("target", "b-c2", "w-i1"))
    melee = _results(m, "melee")
    assert melee["b-c1"]["modified"] == [6]  # 6 +1 against passive infantry
    assert melee["b-c2"]["modified"] == [6]  # 5 +2 against a routed unit (capped at 6)
    assert melee["b-c1"]["hits"] == 1 and melee["b-c2"]["hits"] == 1
    assert unit(m, "w-i1")["where"] == "captured"
    assert m.state.stage == "enter"
    m.act("black", ("enter", "mid-centre"))
    # routed infantry does not flee in the fast phase: the cavalry entering captures it
    assert unit(m, "w-i2")["where"] == "captured"
    assert where(m, "b-c1")[0] == "mid-centre"
    vp = [e for e in events(m, "vp") if e["why"] == "captures"]
    assert vp and vp[0]["side"] == "black" and vp[0]["points"] == 2


def test_cavalry_may_decline_to_enter_in_the_fast_phase() -> None:
    m = _fresh()
    put(m, "w-a1", "mid-centre")
    put(m, "b-c1", "b-centre")
    order(m, "white")
    # ranged: the gun [1, 1] (0 - 2 in the fast phase); melee: cavalry [6] (+2 vs a gun)
    m.state.rng = ScriptedRng([1, 1, 6])
    order(m, "black", ("order", "b-c1", "fast", "mid-centre"))
    answer_done(m, "withdraw")
    ranged = _results(m, "ranged")
    assert ranged["w-a1"]["modified"] == [1, 1]
    assert _results(m, "melee")["b-c1"]["hits"] == 1
    assert m.state.stage == "enter"
    m.act("black", ("hold", "mid-centre"))
    assert events(m, "hold")
    assert where(m, "b-c1")[0] == "b-centre"
    # a routed gun stays in its sector, and the sector is nobody's
    assert where(m, "w-a1") == ("mid-centre", "routed")
    assert control(m, "mid-centre") is None


def test_countercharge_wins_the_enemy_sector() -> None:
    m = _fresh()
    put(m, "w-c1", "mid-centre")
    put(m, "w-i1", "w-centre")
    put(m, "b-i1", "b-centre")
    order(m, "white")
    order(m, "black", ("order", "b-i1", "advance", "mid-centre"))
    acts = m.legal("white")
    assert ("react", "w-c1", "countercharge") in acts
    assert ("retreat", "w-c1", "w-centre") in acts
    # reaction 6 - 1 = 5; ranged: b-i1 [1]; melee: white cavalry [6], b-i1 [1]
    m.state.rng = ScriptedRng([6, 1, 6, 1])
    m.act("white", ("react", "w-c1", "countercharge"))
    m.act("white", ("done",))
    assert events(m, "reaction")[0]["success"]
    melee = _results(m, "melee")
    assert melee["w-c1"]["modified"] == [6] and melee["w-c1"]["hits"] == 1  # +1 vs attacking inf
    assert where(m, "b-i1") == ("b-reserve", "routed")
    assert where(m, "w-c1")[0] == "b-centre"  # the countercharge carried it into the sector


def test_cavalry_retreat_leaves_the_sector() -> None:
    m = _fresh()
    put(m, "w-c1", "mid-centre")
    put(m, "w-i1", "w-centre")
    put(m, "b-i1", "b-centre")
    order(m, "white")
    m.state.rng = ScriptedRng([3, 3])  # b-i1 still rolls, at nobody
    order(m, "black", ("order", "b-i1", "advance", "mid-centre"))
    m.act("white", ("retreat", "w-c1", "w-centre"))
    m.act("white", ("done",))
    answer_done(m, "withdraw")
    assert where(m, "w-c1")[0] == "w-centre"
    assert where(m, "b-i1")[0] == "mid-centre"  # nobody left to fight: black moves in


def test_withdraw_after_ranged_combat() -> None:
    m = _fresh()
    put(m, "w-i1", "mid-centre")
    put(m, "b-i1", "b-centre")
    order(m, "white")
    m.state.rng = ScriptedRng([1, 1])
    order(m, "black", ("order", "b-i1", "advance", "mid-centre"))
    assert ("withdraw", "b-i1") in m.legal("black")
    m.act("black", ("withdraw", "b-i1"))
    assert events(m, "withdrew")
    assert where(m, "b-i1")[0] == "b-centre"
    assert not _results(m, "melee")


def test_head_on_attack_puts_attackers_first_then_defenders() -> None:
    """Black attacks with infantry while white's cavalry attacks across the same border:
    white places its attacking cavalry first, then passive infantry up to black's number."""
    m = _fresh()
    for u in ("w-c1", "w-c2", "w-i1", "w-i2", "w-i3", "w-i4"):
        put(m, u, "mid-centre")
    for u in ("b-i1", "b-i2", "b-i3", "b-i4", "b-i5"):
        put(m, u, "b-centre")
    order(
        m,
        "white",
        ("order", "w-c1", "advance", "b-centre"),
        ("order", "w-c2", "advance", "b-centre"),
    )
    order(m, "black", *[("order", f"b-i{k}", "advance", "mid-centre") for k in range(1, 6)])
    zone = events(m, "positions")[0]
    assert zone["white"] == ["w-c1", "w-c2", "w-i1", "w-i2", "w-i3"]
    assert zone["black"] == ["b-i1", "b-i2", "b-i3", "b-i4", "b-i5"]


def test_artillery_destroys_instead_of_capturing() -> None:
    m = _fresh()
    put(m, "w-a1", "mid-centre")
    put(m, "b-i1", "b-centre", ROUTED)
    put(m, "b-i2", "b-centre")
    order(m, "white", ("order", "w-a1", "fire", "b-centre"))
    # ranged: the gun [6, 6] (+2 vs passive infantry) against b-i2 [1]
    m.state.rng = ScriptedRng([6, 6, 1])
    order(m, "black")
    assert unit(m, "b-i2")["where"] == "destroyed"
    assert where(m, "w-a1")[0] == "mid-centre"  # the gun never moves in
    assert not [e for e in events(m, "vp") if e["why"] == "captures"]


def test_both_sides_marching_out_of_one_contested_sector_keep_their_zone() -> None:
    """Both sides stand in mid-centre and both march into the empty mid-west, while a larger
    column of each comes from its home row: the big columns meet in one zone, the two from
    mid-centre share theirs (none of them is lost from the fight)."""
    m = new("marengo", {}, 1)
    clear(m, "white")
    clear(m, "black")
    put(m, "w-i1", "w-left")
    put(m, "w-i2", "w-left")
    put(m, "w-i3", "mid-centre")
    put(m, "b-i1", "b-right")
    put(m, "b-i2", "b-right")
    put(m, "b-i3", "b-right")
    put(m, "b-i4", "mid-centre")
    order(m, "white", *[("order", f"w-i{k}", "advance", "mid-west") for k in (1, 2, 3)])
    order(m, "black", *[("order", f"b-i{k}", "advance", "mid-west") for k in (1, 2, 3, 4)])
    zones = {e["zone"]: e for e in events(m, "positions")}
    assert zones["mid-west|mid-centre"]["white"] == ["w-i3"]
    assert zones["mid-west|mid-centre"]["black"] == ["b-i4"]
    assert zones["w-left|mid-west"]["black"] == ["b-i1", "b-i2", "b-i3"]


def test_a_charge_that_hits_nothing_leaves_the_cavalry_spent() -> None:
    """Cavalry becomes spent if it fails to hit: no second move, -1 when attacked later."""
    from tests.commanders.util import fresh

    m = fresh(driven=False)
    put(m, "w-c1", "w-centre")
    put(m, "w-i1", "w-left")
    put(m, "b-i1", "mid-centre")
    m.act("white", ("order", "cavalry", "w-centre", "mid-centre"))
    m.act("white", ("order", "infantry", "w-left", "mid-west"))  # to be asked in combined arms
    m.act("white", ("done",))
    m.act("black", ("done",))
    # ranged: b-i1 [1]; melee: w-c1 [1] (+1: 2), b-i1 [3] (-1: 2): a tie, nobody hits
    m.state.rng = ScriptedRng([1, 1, 3])
    m.act("white", ("go", "cavalry", "w-centre", "mid-centre"))
    m.act("black", ("done",))  # no square
    answer_done(m, "withdraw")
    melee = _results(m, "melee")
    assert melee["w-c1"]["hits"] == 0 and where(m, "w-c1")[0] == "w-centre"
    assert m.state.phase == "combined"
    assert where(m, "w-c1")[1] == "spent"
    assert not any(a[0] == "on" for a in m.legal("white"))


def test_a_captured_gun_pays_two_vp() -> None:
    m = _fresh()
    put(m, "w-i1", "w-centre")
    put(m, "b-a1", "mid-centre", ROUTED)
    put(m, "b-i1", "mid-centre", ROUTED)
    order(m, "black")
    order(m, "white", ("order", "w-i1", "advance", "mid-centre"))
    # nobody fights for mid-centre (routed units only): white enters and captures both
    vp = {e["why"]: e["points"] for e in events(m, "vp") if e["side"] == "white"}
    assert vp["captures"] == 3  # 2 for the gun, 1 for the company
    assert unit(m, "b-a1")["where"] == "captured"
