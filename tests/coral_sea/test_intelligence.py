"""Optional rule 12, limited intelligence: only the top unit of an enemy stack in a port or
at sea is seen. The others never reach the other side's view, log, legal actions or the AI's
determinized states."""

from __future__ import annotations

import json

from warroom.engine import Match, Rng
from warroom.engine.match import visible
from warroom.games.campaign_commander.coral_sea import GAME

from .helpers import clean_board, place

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
        seen_hidden = 0
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
                text = json.dumps(GAME.view(s, r))
                assert not any(f'"{u}"' in text for u in GAME.hidden_units(s, r))
                for e in m.log[n:]:
                    if visible(e, r):
                        blob = json.dumps(e)
                        assert not any(f'"{u}"' in blob for u in hid), (seed, r, e)
                if r in m.active:
                    blob = json.dumps(m.legal(r))
                    assert not any(f'"{u}"' in blob for u in GAME.hidden_units(s, r))
        assert seen_hidden > 0


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
    m.state.rps[ALLIES]["Coral Sea"] = 2
    m.state.tasks = [("op-rp", ALLIES)]
    m.state.cache = None
    m.act(ALLIES, ("rp", "Coral Sea"))
    m.act(ALLIES, ("move", "us-tf17"))
    m.act(ALLIES, ("add", "us-tf64"))
    a = m.state
    b = a.clone()
    b.units["jp-cd6"] = b.units["jp-cd6"]._replace(dep=True, dg=True)  # hidden: unseen
    acts = GAME.legal_actions(a, ALLIES)
    assert acts == GAME.legal_actions(b, ALLIES)
    assert policy(GAME, a, ALLIES, acts, Rng(1)) == policy(GAME, b, ALLIES, acts, Rng(1))
