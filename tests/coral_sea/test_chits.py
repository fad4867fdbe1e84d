"""The battle chits: counts of each cup and every condition that adds, voids or redraws a chit."""

from __future__ import annotations

from collections import Counter

from warroom.games.campaign_commander.coral_sea import GAME
from warroom.games.campaign_commander.state import Battle, CCState

from .helpers import clean_board, place

JAPAN, ALLIES = "japan", "allies"


def cup(s: CCState, area: str, attacker: str, units: dict[str, list[str]], naval: bool, role: str):
    b = Battle(area, attacker, GAME.other(attacker), area, "", naval)
    b.units = units
    return Counter(k.split(":", 1)[1] for k in GAME.build_cup(s, b, role)), b


def test_full_cups_have_fifteen_ground_and_thirteen_naval_chits() -> None:
    for role, kind, n in ((JAPAN, "ground", 15), (ALLIES, "ground", 15), (JAPAN, "naval", 13),
                          (ALLIES, "naval", 13)):  # fmt: skip
        total = sum(c.count for c in GAME.data.chits.values() if c.side == role and c.kind == kind)
        assert total == n


def test_ground_cup_conditions() -> None:
    m = clean_board()
    s = m.state
    # a battle far from everything: no bunkers for an attacking Japan, no ships, no aircraft
    for a in list(s.control):
        if GAME.data.areas[a].kind == "land":
            s.control[a] = ""
    place(m, jp_nankai="Malaita", au_30="Malaita")
    got, _ = cup(s, "Malaita", JAPAN, {JAPAN: ["jp-nankai"], ALLIES: ["au-30"]}, False, JAPAN)
    assert got == Counter(
        {"Close Combat": 3, "Might of Will": 2, "Ambush": 2, "Poor Coordination": 1}
    )
    got, _ = cup(s, "Malaita", JAPAN, {JAPAN: ["jp-nankai"], ALLIES: ["au-30"]}, False, ALLIES)
    assert got == Counter({"Bombardment": 3, "Poor Coordination": 2, "Assault": 3})
    # Japan defends: bunkers; a Japanese LS next door: shore bombardment; a carrier: air strike
    place(m, jp_desron2="Indispensable Strait", jp_cv5="Indispensable Strait")
    got, _ = cup(s, "Malaita", ALLIES, {ALLIES: ["au-30"], JAPAN: ["jp-nankai"]}, False, JAPAN)
    assert got["Bunkers"] == 3 and got["Shore Bombardment"] == 3 and got["Air Strike"] == 1
    assert sum(got.values()) == 15
    # Allies: a surface ship next door and an airfield within 4 areas
    place(m, au_tf44="Indispensable Strait")
    s.flags["af:Tulagi"] = ALLIES
    got, _ = cup(s, "Malaita", ALLIES, {ALLIES: ["au-30"], JAPAN: ["jp-nankai"]}, False, ALLIES)
    assert got["Shore Bombardment"] == 3 and got["Air Strike"] == 4 and sum(got.values()) == 15
    # an Australian carrier would not count (US carriers only); only a US one does
    del s.flags["af:Tulagi"]
    got, _ = cup(s, "Malaita", ALLIES, {ALLIES: ["au-30"], JAPAN: ["jp-nankai"]}, False, ALLIES)
    assert got["Air Strike"] == 0
    place(m, us_tf17="Indispensable Strait")
    got, _ = cup(s, "Malaita", ALLIES, {ALLIES: ["au-30"], JAPAN: ["jp-nankai"]}, False, ALLIES)
    assert got["Air Strike"] == 4


def test_naval_cup_conditions_and_voids() -> None:
    m = clean_board()
    s = m.state
    for a in list(s.control):
        if GAME.data.areas[a].kind == "land":
            s.control[a] = ""
    place(m, jp_8f="New Hebrides Sea", us_tf64="New Hebrides Sea")
    units = {JAPAN: ["jp-8f"], ALLIES: ["us-tf64"]}
    got, b = cup(s, "New Hebrides Sea", JAPAN, units, True, JAPAN)
    assert got == Counter({"Night Battle": 4, "Long Lance": 2, "Gunnery": 3})
    long_lance = GAME.data.chits["japan:Long Lance"]
    assert GAME.chit_redraw(s, b, JAPAN, long_lance, []) and GAME.chit_void(s, b, JAPAN, long_lance)
    got, b = cup(s, "New Hebrides Sea", JAPAN, units, True, ALLIES)
    assert got == Counter({"Night Battle": 2, "Torpedoes": 2, "Gunnery": 5})
    units = {JAPAN: ["jp-8f", "jp-cv5"], ALLIES: ["us-tf64", "us-desron"]}
    got, b = cup(s, "New Hebrides Sea", JAPAN, units, True, JAPAN)
    assert got["Naval Air Strike"] == 4 and sum(got.values()) == 13
    torp = GAME.data.chits["allies:Torpedoes"]
    assert not GAME.chit_void(s, b, ALLIES, torp)
    got, b = cup(s, "New Hebrides Sea", JAPAN, units, True, ALLIES)
    assert got["Naval Air Strike"] == 0  # no US carrier, no Allied airfield within 4
    s.control["Espiritu Santo"] = ALLIES
    got, b = cup(s, "New Hebrides Sea", JAPAN, units, True, ALLIES)
    assert got["Naval Air Strike"] == 4


def test_gunnery_adds_two_for_ships_that_are_not_heavy() -> None:
    m = clean_board()
    s = m.state
    place(m, jp_8f="Solomon Sea", jp_desron2="Solomon Sea", us_tf64="Solomon Sea")
    b = Battle("Solomon Sea", JAPAN, ALLIES, "Bismarck Sea", "", True)
    b.units = {JAPAN: ["jp-8f", "jp-desron2"], ALLIES: ["us-tf64"]}
    s.battle = b
    GAME.chit_void(s, b, JAPAN, GAME.data.chits["japan:Gunnery"])
    assert GAME.check_modifier(s, b, "jp-desron2") == 2
    assert GAME.check_modifier(s, b, "jp-8f") == 0
    GAME.chit_void(s, b, JAPAN, GAME.data.chits["japan:Night Battle"])
    assert GAME.check_modifier(s, b, "jp-desron2") == 0


def test_shore_bombardment_silences_the_enemy_airfield() -> None:
    m = clean_board()
    s = m.state
    place(m, jp_nankai="Port Moresby", au_30="Port Moresby")
    b = Battle("Port Moresby", JAPAN, ALLIES, "Gulf of Papua", "", False)
    b.units = {JAPAN: ["jp-nankai"], ALLIES: ["au-30"]}
    s.battle = b
    assert "Port Moresby" in GAME.airfields(s, ALLIES)
    GAME.chit_void(s, b, JAPAN, GAME.data.chits["japan:Shore Bombardment"])
    assert "Port Moresby" not in GAME.airfields(s, ALLIES)
    GAME.on_operation_end(s, JAPAN)
    assert "Port Moresby" in GAME.airfields(s, ALLIES)  # only for the rest of the operation


def test_bunkers_are_redrawn_when_no_unit_is_free() -> None:
    m = clean_board()
    s = m.state
    b = Battle("Buna", ALLIES, JAPAN, "Owen Stanley", "", False)
    b.units = {ALLIES: ["au-30"], JAPAN: ["jp-nankai"]}
    bunk = GAME.data.chits["japan:Bunkers"]
    assert not GAME.chit_redraw(s, b, JAPAN, bunk, [])
    assert GAME.chit_redraw(s, b, JAPAN, bunk, ["japan:Bunkers"])
    b.fortified["jp-nankai"] = -2
    assert GAME.chit_redraw(s, b, JAPAN, bunk, [])
