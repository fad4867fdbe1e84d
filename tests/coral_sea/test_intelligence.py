"""Optional rule 12, limited intelligence: only the top unit of an enemy stack in a port or
at sea is seen. The others never reach the other side's view, log, legal actions or the AI's
determinized states."""

from __future__ import annotations

import json

from warroom.engine import Match, Rng
from warroom.engine.match import visible
from warroom.games.campaign_commander.coral_sea import GAME

from .helpers import aboard, clean_board, operation, place

JAPAN, ALLIES = "japan", "allies"
LIMITED = {"limited-intelligence": True}


def test_only_the_top_unit_is_seen() -> None:
    m = clean_board(**LIMITED)
    place(m, jp_8f="Rabaul", jp_desron2="Rabaul", jp_cv5="Solomon Sea", jp_cd6="Solomon Sea",
          jp_nankai="Gasmata", jp_41="Gasmata")  # fmt: skip
    s = m.state
    hidden = GAME.hidden_units(s, ALLIES)
    assert hidden == {"jp-desron2", "jp-cd6"}  # Gasmata is no port: its stack is open
    v = GAME.view(s, ALLIES)
    ids = {u["id"] for u in v["units"]}
    assert "jp-8f" in ids and "jp-cv5" in ids and not hidden & ids
    assert v["hidden_counts"] == {"Rabaul": 1, "Solomon Sea": 1}
    assert "jp-desron2" not in json.dumps(v) and "jp-desron2" not in GAME.render_text(s, ALLIES)
    assert GAME.hidden_units(s, JAPAN) == set()
    mine = {u["id"] for u in GAME.view(s, JAPAN)["units"]}
    assert {"jp-desron2", "jp-cd6"} <= mine
    off = Match.new(GAME, seed=0)
    assert GAME.hidden_units(off.state, ALLIES) == set()


def test_no_leak_in_random_games() -> None:
    for seed in range(4):
        m = Match.new(GAME, seed=seed, options=LIMITED)
        rng = Rng(seed)
        seen_hidden = tops = checked = 0
        while not m.over:
            s = m.state
            before = {r: GAME.hidden_units(s, r) for r in GAME.roles}
            n = len(m.log)
            role = m.active[rng.below(len(m.active))]
            acts = m.legal(role)
            m.act(role, acts[rng.below(len(acts))])
            s = m.state
            for r in GAME.roles:
                hid = before[r] | GAME.hidden_units(s, r)
                seen_hidden += len(hid)
                if not hid:
                    continue
                v = GAME.view(s, r)
                text = json.dumps(v)
                assert not any(f'"{u}"' in text for u in GAME.hidden_units(s, r))
                if len(m.log) % 7 == 0:  # now and then: the AI's states look the same
                    d = GAME.determinize(s, r, Rng(len(m.log)))
                    dv = GAME.view(d, r)
                    for key in ("units", "stacks", "hidden_counts", "stack_tops", "flags"):
                        assert dv[key] == v[key], (seed, r, key)
                    checked += 1
                for e in m.log[n:]:
                    if visible(e, r):
                        blob = json.dumps(e)
                        seen = hid
                        if e["kind"] == "stack-top":  # names only the new top, now in sight
                            tops += 1
                            assert e["top"] not in GAME.hidden_units(s, r)
                            seen = hid - {e["top"]}
                        assert not any(f'"{u}"' in blob for u in seen), (seed, r, e)
                if r in m.active:
                    blob = json.dumps(m.legal(r))
                    assert not any(f'"{u}"' in blob for u in GAME.hidden_units(s, r))
        assert seen_hidden > 0 and tops > 0 and checked > 0


def test_determinize_resamples_the_hidden_units() -> None:
    m = clean_board(**LIMITED)
    place(m, jp_8f="Rabaul", jp_desron2="Rabaul", jp_cv5="Solomon Sea", jp_cd6="Solomon Sea",
          jp_desron4="Solomon Sea", au_30="Port Moresby")  # fmt: skip
    m.state.tasks = [("choose",)]
    a = m.state
    b = a.clone()
    # b differs from a only in what the Allies cannot see: which hidden ship is where
    b.units["jp-desron2"], b.units["jp-desron4"] = a.units["jp-desron4"], a.units["jp-desron2"]
    b.units["jp-cd6"] = b.units["jp-cd6"]._replace(dep=True)
    assert GAME.view(a, ALLIES) == GAME.view(b, ALLIES)
    da = GAME.determinize(a, ALLIES, Rng(5))
    db = GAME.determinize(b, ALLIES, Rng(5))
    assert GAME.snapshot(da) == GAME.snapshot(db)
    spots = {GAME.determinize(a, ALLIES, Rng(k)).units["jp-desron2"].loc for k in range(20)}
    assert spots == {"Rabaul", "Solomon Sea"}


def test_the_policy_reads_only_what_it_sees() -> None:
    from warroom.ai.rules.coral_sea import policy

    m = clean_board(**LIMITED)
    place(m, jp_8f="Solomon Sea", jp_desron2="Solomon Sea", jp_cd6="Solomon Sea",
          us_tf17="Coral Sea", us_tf64="Coral Sea")  # fmt: skip
    aboard(m, "us-tf64", rp=1)
    operation(m, ALLIES, "Coral Sea", ship="us-tf17")
    m.act(ALLIES, ("move", "us-tf17"))
    m.act(ALLIES, ("add", "us-tf64"))
    a = m.state
    b = a.clone()
    b.units["jp-cd6"] = b.units["jp-cd6"]._replace(dep=True, dg=True)  # hidden: unseen
    acts = GAME.legal_actions(a, ALLIES)
    assert acts == GAME.legal_actions(b, ALLIES)
    assert policy(GAME, a, ALLIES, acts, Rng(1)) == policy(GAME, b, ALLIES, acts, Rng(1))


def _tops(m: Match, role: str) -> list[tuple[object, ...]]:
    return [a for a in m.legal(role) if a[0] == "top"]


def _allied_log_names(m: Match, start: int, uid: str) -> bool:
    return any(visible(e, ALLIES) and f'"{uid}"' in json.dumps(e) for e in m.log[start:])


def test_the_owner_puts_the_unit_he_likes_on_top() -> None:
    m = clean_board(**LIMITED)
    place(m, jp_8f="Rabaul", jp_desron2="Rabaul", jp_41="Gasmata", au_30="Port Moresby")
    operation(m, JAPAN, "Rabaul")
    s = m.state
    assert GAME.hidden_units(s, ALLIES) == {"jp-desron2"}  # by default: counter order
    assert _tops(m, JAPAN) == [("top", "Rabaul", "jp-desron2")]  # only what changes the top
    assert _tops(m, ALLIES) == [] and not m.legal(ALLIES)
    sp, reveals, n = s.op.sp, s.reveals, len(m.log)
    label = GAME.label(s, JAPAN, ("top", "Rabaul", "jp-desron2"))
    assert "on top" in label and "Rabaul" in label
    m.act(JAPAN, ("top", "Rabaul", "jp-desron2"))
    s = m.state
    # free, and the operation goes on
    assert s.op is not None and s.op.sp == sp and m.active == (JAPAN,) and s.reveals > reveals
    assert GAME.hidden_units(s, ALLIES) == {"jp-8f"}
    v = GAME.view(s, ALLIES)
    assert [u["id"] for u in v["units"] if u["loc"] == "Rabaul"] == ["jp-desron2"]
    assert v["hidden_counts"] == {"Rabaul": 1}
    assert v["stack_tops"]["Rabaul"] == {JAPAN: "jp-desron2"}
    assert '"jp-8f"' not in json.dumps(v) and "8th Fleet" not in GAME.render_text(s, ALLIES)
    assert "Rabaul +1" in GAME.render_text(s, ALLIES)
    mine = GAME.view(s, JAPAN)
    assert {u["id"] for u in mine["units"]} >= {"jp-8f", "jp-desron2"}
    assert mine["flags"]["top:japan:Rabaul"] == "jp-desron2"
    # the log: Japan's line names its choice; the Allies' only the new top
    new = m.log[n:]
    theirs = [e for e in new if visible(e, ALLIES)]
    assert [e["kind"] for e in theirs] == ["stack-top"] and theirs[0]["top"] == "jp-desron2"
    assert not _allied_log_names(m, n, "jp-8f")
    assert any(e["kind"] == "stack-top" and visible(e, JAPAN) for e in new)
    assert "on top of the stack at Rabaul" in GAME.describe_event(theirs[0])
    # arranged once as it stands: no more choices there until the stack changes
    assert _tops(m, JAPAN) == []
    # a unit joining keeps the chosen top; the enemy's log does not say who came in
    n = len(m.log)
    m.act(JAPAN, ("move", "jp-41"))
    m.act(JAPAN, ("go", "Rabaul"))
    if ("halt",) in m.legal(JAPAN):
        m.act(JAPAN, ("halt",))
    s = m.state
    assert s.units["jp-41"].loc == "Rabaul"
    assert GAME.hidden_units(s, ALLIES) == {"jp-8f", "jp-41"}
    moves = [e for e in m.log[n:] if e["kind"] == "move" and visible(e, ALLIES)]
    assert moves and all("jp-41" not in e["units"] for e in moves)  # seen leaving Gasmata only
    assert not _allied_log_names(m, n, "jp-8f")
    assert set(_tops(m, JAPAN)) == {("top", "Rabaul", "jp-8f"), ("top", "Rabaul", "jp-41")}
    # when the top unit leaves, the first in counter order shows until the owner chooses again
    m.act(JAPAN, ("move", "jp-desron2"))
    m.act(JAPAN, ("go", "Solomon Sea"))
    if ("halt",) in m.legal(JAPAN):
        m.act(JAPAN, ("halt",))
    s = m.state
    assert "top:japan:Rabaul" not in s.flags
    assert GAME.units_at(s, "Rabaul", JAPAN) == ["jp-41", "jp-8f"]  # counter order
    assert GAME.stack_top(s, JAPAN, "Rabaul") == "jp-41"
    assert GAME.hidden_units(s, ALLIES) == {"jp-8f"}


def test_an_rp_marker_on_top_hides_the_whole_stack() -> None:
    m = clean_board(**LIMITED)
    place(m, jp_8f="Rabaul", jp_nankai="Rabaul")
    m.state.rps[JAPAN]["Rabaul"] = 1  # one more than the operation spends
    operation(m, JAPAN, "Rabaul")
    assert GAME.stack_top(m.state, JAPAN, "Rabaul") == "jp-nankai"  # first in counter order
    assert set(_tops(m, JAPAN)) == {("top", "Rabaul", "jp-8f"), ("top", "Rabaul", "rp")}
    n = len(m.log)
    m.act(JAPAN, ("top", "Rabaul", "rp"))
    s = m.state
    assert GAME.hidden_units(s, ALLIES) == {"jp-8f", "jp-nankai"}
    v = GAME.view(s, ALLIES)
    assert not [u for u in v["units"] if u["loc"] == "Rabaul"]
    assert v["hidden_counts"] == {"Rabaul": 2} and v["stack_tops"]["Rabaul"] == {JAPAN: "rp"}
    assert v["rps"][JAPAN] == {"Rabaul": 1}  # the marker itself is in sight
    assert "Rabaul +2 under an RP" in GAME.render_text(s, ALLIES)
    assert not _allied_log_names(m, n, "jp-8f") and not _allied_log_names(m, n, "jp-nankai")
    # once the RP is gone the first unit in counter order shows again
    del s.rps[JAPAN]["Rabaul"]
    assert GAME.stack_top(s, JAPAN, "Rabaul") == "jp-nankai"
    assert GAME.hidden_units(s, ALLIES) == {"jp-8f"}


def test_the_operation_waits_for_free_choices_when_its_sp_are_spent() -> None:
    m = clean_board(**LIMITED)
    place(m, jp_8f="Rabaul", jp_desron2="Rabaul")
    m.state.units["jp-8f"] = m.state.units["jp-8f"]._replace(dg=True)
    operation(m, JAPAN, "Rabaul")
    m.state.op.sp = 1
    m.state.cache = None
    m.forget()
    m.act(JAPAN, ("reorg", "jp-8f"))
    assert m.state.op is not None and m.state.op.sp == 0
    assert m.legal(JAPAN) == [("top", "Rabaul", "jp-desron2"), ("done",)]
    m.act(JAPAN, ("top", "Rabaul", "jp-desron2"))
    assert m.state.op is None  # nothing left to choose: the operation ends at once


def test_no_top_choice_without_the_option() -> None:
    m = clean_board()
    place(m, jp_8f="Rabaul", jp_desron2="Rabaul")
    m.state.rps[JAPAN]["Rabaul"] = 1
    operation(m, JAPAN, "Rabaul")
    assert _tops(m, JAPAN) == []
    assert GAME.view(m.state, ALLIES)["stack_tops"] == {}
    m.state.op.sp = 2
    m.state.cache = None
    m.forget()
    m.act(JAPAN, ("move", "jp-8f"))
    m.act(JAPAN, ("go", "Solomon Sea"))
    m.act(JAPAN, ("halt",))
    assert m.state.op is None  # no free choice keeps an operation without SP open


def test_determinize_keeps_the_chosen_top_and_deals_the_rest() -> None:
    m = clean_board(**LIMITED)
    place(m, jp_8f="Rabaul", jp_desron2="Rabaul", jp_cv5="Solomon Sea", jp_cd6="Solomon Sea",
          au_30="Port Moresby")  # fmt: skip
    operation(m, JAPAN, "Rabaul")
    m.act(JAPAN, ("top", "Rabaul", "jp-desron2"))
    m.act(JAPAN, ("done",))
    a = m.state
    assert a.op is None
    b = a.clone()
    # b differs only in what the Allies cannot know: Japan's bookkeeping of its choices and
    # which hidden ship lies where
    del b.flags["topsig:japan:Rabaul"]
    b.units["jp-8f"], b.units["jp-cd6"] = a.units["jp-cd6"], a.units["jp-8f"]
    assert GAME.view(a, ALLIES) == GAME.view(b, ALLIES)
    da = GAME.determinize(a, ALLIES, Rng(3))
    db = GAME.determinize(b, ALLIES, Rng(3))
    assert GAME.snapshot(da) == GAME.snapshot(db)
    spots = set()
    for k in range(20):
        d = GAME.determinize(a, ALLIES, Rng(k))
        assert d.units["jp-desron2"].loc == "Rabaul" and d.units["jp-cv5"].loc == "Solomon Sea"
        assert GAME.stack_top(d, JAPAN, "Rabaul") == "jp-desron2"
        assert GAME.stack_top(d, JAPAN, "Solomon Sea") == "jp-cv5"
        assert GAME.view(d, ALLIES)["units"] == GAME.view(a, ALLIES)["units"]
        spots.add(d.units["jp-8f"].loc)
    assert spots == {"Rabaul", "Solomon Sea"}
    # Japan's own determinization keeps its own choices
    assert (
        GAME.determinize(a, JAPAN, Rng(1)).flags["topsig:japan:Rabaul"]
        == a.flags["topsig:japan:Rabaul"]
    )


def test_the_rule_based_player_hides_its_stacks_once() -> None:
    from warroom.ai.rules.coral_sea import policy

    m = clean_board(**LIMITED)
    place(m, jp_8f="Rabaul", jp_nankai="Rabaul", jp_cv5="Solomon Sea", jp_desron2="Solomon Sea")
    m.state.rps[JAPAN]["Rabaul"] = 1
    operation(m, JAPAN, "Rabaul")
    rng = Rng(0)
    picks = []
    for _ in range(3):
        acts = m.legal(JAPAN)
        a = policy(GAME, m.state, JAPAN, acts, rng)
        if a[0] != "top":
            break
        picks.append(a)
        m.act(JAPAN, a)
    # an RP marker where there is one; else the weakest unit (the destroyers, not the carrier)
    assert picks == [("top", "Rabaul", "rp"), ("top", "Solomon Sea", "jp-desron2")]
    assert _tops(m, JAPAN) == []
