"""Optional rule 12, limited intelligence: only the top unit of an enemy stack in a port or
at sea is seen. The others never reach the other side's view, log, legal actions or the AI's
determinized states."""

from __future__ import annotations

import json

from warroom.engine import Match, Rng
from warroom.engine.match import visible
from warroom.games.campaign_commander.coral_sea import GAME
from warroom.games.campaign_commander.invariants import violations

from .helpers import aboard, clean_board, new_match, operation, place

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
    assert GAME.describe_event(moves[0]) == "1 unit out of sight moves from Gasmata to Rabaul"
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


def test_determinize_deals_the_enemys_moving_group_and_cargo_like_any_hidden_unit() -> None:
    """12: which hidden units the enemy picked for a move, and what they took aboard in port,
    is no more seen than where they lie: a search for the Allies must not read it."""

    def picked(ship: str, troops: bool) -> Match:
        m = clean_board(**LIMITED)
        place(m, jp_8f="Rabaul", jp_desron2="Rabaul", jp_desron4="Rabaul", jp_cd6="Rabaul",
              jp_nankai="Rabaul", jp_41="Rabaul", jp_cv5="Solomon Sea", jp_2="Solomon Sea",
              us_tf17="Coral Sea")  # fmt: skip
        operation(m, JAPAN, "Rabaul")
        m.act(JAPAN, ("move", ship))
        if troops:
            m.act(JAPAN, ("embark", "jp-41", ship))
        return m

    top = GAME.stack_top(picked("jp-cd6", False).state, JAPAN, "Rabaul")
    assert top == "jp-nankai"  # the first in counter order: every ship in Rabaul is hidden
    hidden = ["jp-desron2", "jp-desron4"]
    twins = [picked(hidden[0], False), picked(hidden[1], False), picked(hidden[1], True)]
    states = [m.state for m in twins]
    assert all(set(s.op.group) <= GAME.hidden_units(s, ALLIES) for s in states if s.op)
    views = [GAME.view(s, ALLIES) for s in states]
    assert views[0] == views[1] == views[2]  # the Allies cannot tell them apart
    for k in range(10):
        dets = [GAME.determinize(s, ALLIES, Rng(k)) for s in states]
        snaps = [json.dumps(GAME.snapshot(d), sort_keys=True) for d in dets]
        assert snaps[0] == snaps[1] == snaps[2], k
        for d in dets:  # a state the engine plays on
            assert not violations(GAME, d), violations(GAME, d)
            assert GAME.legal_actions(d, JAPAN)
    # Japan's own determinization keeps its group and its cargo
    own = GAME.determinize(states[2], JAPAN, Rng(1))
    assert own.op is not None and own.op.group == [hidden[1]]
    assert own.aboard["jp-41"] == hidden[1]


def test_determinized_states_are_states_the_engine_plays_on() -> None:
    """What the search plays on: every determinized state keeps the invariants, who is to
    act, and plays on (random moves to the end of the next operation or battle) without a
    dead end or a broken invariant."""
    dealt = 0
    for seed in range(2):
        m = Match.new(GAME, seed=seed, options={**LIMITED, "air-attacks": seed == 1})
        rng = Rng(seed + 50)
        while not m.over:
            if len(m.steps) % 6 == 0:
                for r in GAME.roles:
                    d = GAME.determinize(m.state, r, Rng(len(m.steps)))
                    assert not violations(GAME, d), (seed, r, violations(GAME, d))
                    assert GAME.active(d) == m.active
                    dealt += 1
                    for _ in range(30):
                        if GAME.outcome(d) is not None:
                            break
                        who = GAME.active(d)
                        acts = GAME.legal_actions(d, who[0])
                        assert acts, (seed, who, d.tasks[-1])
                        d = d.clone()
                        GAME.apply(d, who[0], acts[rng.below(len(acts))])
                        d.cache = None
                        assert not violations(GAME, d), (seed, r, violations(GAME, d))
            role = m.active[rng.below(len(m.active))]
            acts = m.legal(role)
            m.act(role, acts[rng.below(len(acts))])
    assert dealt > 100


def test_the_units_of_the_enemys_pending_cargo_choice_are_seen_and_stay_aboard() -> None:
    """7.4 with 12: a ship struck in a battle shares the result with one unit aboard, its
    owner's choice. The units it names are part of the fight (seen, like the units of a
    battle): a determinized state keeps them aboard that ship, so the choice stays one the
    engine can play, and deals nothing of it from the truth of other ships."""
    m = clean_board(**LIMITED)
    place(m, jp_cv5="Solomon Sea", jp_8f="Solomon Sea", jp_desron2="Solomon Sea",
          us_tf17="Coral Sea")  # fmt: skip
    aboard(m, "jp-8f", "jp-nankai", "jp-41")
    aboard(m, "jp-desron2", "jp-2")
    s = m.state
    s.tasks = [("choose",), ("cargo", JAPAN, "dep", ("jp-nankai", "jp-41"), "jp-8f")]
    s.cache = None
    m.forget()
    assert {"jp-nankai", "jp-41"}.isdisjoint(GAME.hidden_units(s, ALLIES))
    for k in range(10):
        d = GAME.determinize(s, ALLIES, Rng(k))
        assert d.aboard["jp-nankai"] == d.aboard["jp-41"] == "jp-8f", k
        assert d.units["jp-8f"].loc == "Solomon Sea"
        assert not violations(GAME, d)
        assert GAME.legal_actions(d, JAPAN) == [("cargo", "jp-nankai"), ("cargo", "jp-41")]


def _sailed(troops: bool, then: tuple[tuple[str, ...], ...]) -> tuple[Match, int]:
    """Japan's operation from Rabaul: Destroyer Squadron 2 takes the 41st Regiment aboard (or
    Destroyer Squadron 4 joins it instead), then ``then``. Both groups are two counters
    leaving Rabaul, neither on top of a stack anywhere (the South Seas Detachment stays on
    top in Rabaul, the Kure SNLF on top in the Solomon Sea)."""
    m = clean_board(3, **LIMITED)
    place(m, jp_nankai="Rabaul", jp_41="Rabaul", jp_desron2="Rabaul", jp_desron4="Rabaul",
          jp_cv5="Solomon Sea", jp_snlf_kure="Solomon Sea", us_tf17="Coral Sea")  # fmt: skip
    operation(m, JAPAN, "Rabaul")
    start = len(m.log)
    m.act(JAPAN, ("move", "jp-desron2"))
    m.act(JAPAN, ("embark", "jp-41", "jp-desron2") if troops else ("add", "jp-desron4"))
    for action in then:
        m.act(JAPAN, action)
    return m, start


def test_a_wholly_hidden_group_tells_nothing_of_its_move() -> None:
    """12: the Allies see an enemy operation was started (its area and SP, public like the
    card), and counters leave one stack and join another, but nothing of a group none of
    whose members they see: not that it moves, not its range left (which tells whether it
    carries troops, 7.1.6-7.1.7), not its cargo, neither in the view, the text board, the
    log nor what the search reads. The watch link no more. Japan's own view keeps it all."""
    go = ("go", "Solomon Sea")
    for then in ((go,), (go, ("halt",))):
        laden, light = (_sailed(troops, then) for troops in (True, False))
        (a, start), (b, _) = laden, light
        moving = set(a.state.op.group or a.state.op.acted) if a.state.op else set()
        assert moving and moving <= GAME.hidden_units(a.state, ALLIES)  # wholly hidden
        assert a.state.op is not None and b.state.op is not None
        assert a.state.op.mp != b.state.op.mp  # the laden group has less range left
        for r in (ALLIES, None):
            va, vb = GAME.view(a.state, r), GAME.view(b.state, r)
            assert va == vb, (then, r, {k: (va[k], vb[k]) for k in va if va[k] != vb[k]})
            assert va["op"]["moved"] is False and va["op"]["mp"] == 0
            assert a.view(r) == b.view(r), (then, r)  # the match's view: the raw log too
            assert GAME.render_text(a.state, r) == GAME.render_text(b.state, r)
            words = [GAME.describe_event(e) for e in a.events_for(r)[start:]]
            assert words == [GAME.describe_event(e) for e in b.events_for(r)[start:]]
            assert not any("no unit" in w for w in words), words  # no line about nobody
            assert not any("range_left" in e for e in a.events_for(r)), r
        # what the search reads of the operation (the hidden units themselves are dealt by
        # kind, ships and troops apart, so the two deals differ where the troops lie)
        for k in range(5):
            da, db = (GAME.determinize(x.state, ALLIES, Rng(k)) for x in (a, b))
            ops = [json.dumps(GAME.snapshot(d)["op"], sort_keys=True) for d in (da, db)]
            assert ops[0] == ops[1], (then, k, ops)
            assert da.op is not None and (da.op.moved, da.op.mp, da.op.group) == (False, 0, [])
        # Japan's own view: the truth
        own = GAME.view(a.state, JAPAN)["op"]
        assert own["moved"] is True and own["mp"] == a.state.op.mp


def test_the_card_or_map_choice_is_told_to_the_enemy_without_the_choice() -> None:
    """Card or Map is chosen in secret: the other side reads that a choice was made, in a
    sentence that fits a plural side name ("Allies chose", not "Allies has chosen"), and
    nothing of which; the chooser reads its own choice."""
    for seed in range(20):
        m = new_match(seed)
        rng = Rng(seed)
        while not m.over:
            role = m.active[0]
            legal = m.legal(role)
            if ("card",) in legal and ("map",) in legal:
                pick = ("map",) if role == ALLIES else ("card",)
                n = len(m.log)
                m.act(role, pick)
                other = JAPAN if role == ALLIES else ALLIES
                side = "Allies" if role == ALLIES else "Japan"
                told = [e for e in m.log[n:] if e["kind"] in ("chose", "my-choice")]
                theirs = [GAME.describe_event(e) for e in told if visible(e, other)]
                assert theirs == [f"{side} chose Card or Map in secret"], theirs
                own = [GAME.describe_event(e) for e in told if visible(e, role)]
                assert f"{side} chose {pick[0].capitalize()} (secret until both have chosen)" in own
                if role == ALLIES:
                    return
                continue
            m.act(role, rng.choice(legal))
    raise AssertionError("no Allied Card or Map choice in 20 random games")
