import json

import pytest

from tests.engine.toy import DUEL
from tests.secrets.toys import SHEETS
from warroom.engine import (
    BadOption,
    BadRecord,
    BadScenario,
    IllegalAction,
    Match,
    NotYourTurn,
    ScriptedRng,
)


def test_setup_checks_scenario_and_options_naming_what_is_allowed() -> None:
    with pytest.raises(BadScenario, match="short, long"):
        Match.new(DUEL, "medium")
    with pytest.raises(BadOption, match="bonus"):
        Match.new(DUEL, options={"extra": True})
    with pytest.raises(BadOption, match="true or false"):
        Match.new(DUEL, options={"bonus": "maybe"})
    assert Match.new(DUEL, options={"bonus": "yes"}).options == {"bonus": True}


def test_simultaneous_secret_choices_stay_secret_until_both_chose() -> None:
    m = Match.new(DUEL, seed=1)
    assert m.active == ("north", "south")
    m.act("north", ["bid", 3])  # JSON lists are accepted
    assert m.active == ("south",)
    south_view = json.dumps(m.view("south"))
    assert '"bid": 3' not in south_view and m.view("south")["board"]["my_bid"] is None
    assert m.view("north")["board"]["my_bid"] == 3
    assert all(e["kind"] != "bid" for e in m.view(None)["log"])
    m.act("south", ("bid", 1))
    rounds = [e for e in m.view("south")["log"] if e["kind"] == "round"]
    assert rounds == [{"kind": "round", "north": 3, "south": 1, "winner": "north"}]


def test_illegal_action_says_why_and_changes_nothing() -> None:
    m = Match.new(DUEL, seed=1)
    m.act("north", ("bid", 2))
    before = DUEL.snapshot(m.state)
    with pytest.raises(NotYourTurn, match="may not act now; waiting for south"):
        m.act("north", ("bid", 1))
    with pytest.raises(IllegalAction, match=r"3 legal actions") as info:
        m.act("south", ("bid", 7))
    assert info.value.legal_count == 3
    with pytest.raises(IllegalAction, match="list or tuple"):
        m.act("south", "bid")
    assert DUEL.snapshot(m.state) == before and len(m.steps) == 1


def test_replay_reproduces_the_exact_state() -> None:
    m = Match.new(DUEL, "long", seed=99)
    i = 0
    while not m.over:
        for role in m.active:
            m.act(role, m.legal(role)[(i * 7 + len(role)) % 3])
            i += 1
    rebuilt = Match.replay(json.loads(json.dumps(m.record())), game=DUEL)
    assert DUEL.snapshot(rebuilt.state) == DUEL.snapshot(m.state)
    assert rebuilt.outcome == m.outcome and rebuilt.log == m.log


def test_undo_takes_back_what_no_one_to_act_saw_and_stops_at_a_reveal_or_a_roll() -> None:
    m = Match.new(DUEL, seed=5)
    m.act("north", ("bid", 2))
    # south saw that north bid and is to bid: it could have bid already, so north may not
    # take its bid back (whether it may must not tell it whether south bid)
    assert not m.can_undo("north") and not m.can_undo("south")
    with pytest.raises(IllegalAction, match="cannot undo now"):
        m.undo("north")
    s = Match.new(SHEETS, seed=5)
    s.act("red", ("order", 2))
    s.act("blue", ("order", 1))
    assert s.can_undo("red") and s.can_undo("blue")  # each wrote unseen by the other
    s.undo("red")
    assert [(st.role, st.action) for st in s.steps] == [("blue", ("order", 1))]
    assert s.view("red")["board"]["my_sheet"] == [] and s.view("blue")["board"]["my_sheet"] == [1]
    s.act("red", ("order", 1))
    s.act("red", ("done",))
    assert not s.can_undo("red")  # blue saw red finish and is still writing
    s.act("blue", ("done",))  # reveals the sheets and rolls for the tie
    assert s.log[-2]["kind"] == "tie"
    assert not s.can_undo("blue") and not s.can_undo("red")
    with pytest.raises(IllegalAction, match="never past a die roll or a reveal"):
        s.undo("blue")


def test_each_log_entry_knows_the_step_that_wrote_it_and_undo_takes_both_back() -> None:
    m = Match.new(DUEL, seed=5)
    m.act("north", ("bid", 2))  # a secret bid and its public announcement: step 1
    m.act("south", ("bid", 3))  # step 2: bid, announcement, the round's result
    assert len(m.log_steps) == len(m.log)
    assert [(e["kind"], k) for e, k in zip(m.log, m.log_steps, strict=True)][:4] == [
        ("bid", 1),
        ("bid-made", 1),
        ("bid", 2),
        ("bid-made", 2),
    ]
    assert set(m.log_steps[2:]) == {2}
    again = Match.replay(m.record(), game=DUEL)
    assert again.log_steps == m.log_steps
    s = Match.new(SHEETS, seed=5)
    s.act("red", ("order", 2))  # step 1
    s.act("blue", ("order", 1))  # step 2
    s.undo("red")  # blue's order, played again, is step 1 now
    assert [e["role"] for e in s.log] == ["blue"] and s.log_steps == [1]


def test_scripted_dice_decide_a_tie() -> None:
    m = Match.new(DUEL, seed=5)
    m.state.rng = ScriptedRng([6])
    m.act("north", ("bid", 1))
    m.act("south", ("bid", 1))
    assert m.view(None)["board"]["score"] == {"north": 0, "south": 1}


def test_bad_record_is_refused_naming_the_step() -> None:
    with pytest.raises(BadRecord, match="key 'game'"):
        Match.replay({"seed": 1})
    m = Match.new(DUEL, seed=2)
    m.act("north", ("bid", 1))
    rec = m.record()
    rec["actions"].append(["north", ["bid", 2]])  # north already bid this round
    with pytest.raises(BadRecord, match="step 1 of the record does not replay"):
        Match.replay(rec, game=DUEL)


def test_unknown_game_names_the_games() -> None:
    import warroom

    with pytest.raises(warroom.UnknownGame, match="no game 'chess'"):
        warroom.game("chess")
    assert isinstance(warroom.games(), list)


def test_the_games_package_is_importable_by_its_dotted_name_and_callable() -> None:
    """``import warroom.games.X as x`` works (the name ``warroom.games`` is the package, not
    a function that hid it) and ``warroom.games()`` still lists the registered games."""
    import subprocess
    import sys

    code = (
        "import warroom, warroom.games.campaign_commander.series as s; "
        "import warroom.games.commanders as c; "
        "print(s.__name__, c.GAME.id, 'coral-sea' in warroom.games())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["warroom.games.campaign_commander.series", "commanders", "True"]


def test_a_private_event_needs_a_list_of_roles_and_otherwise_reaches_nobody() -> None:
    from warroom.engine import visible

    assert visible({"kind": "move"}, None) and visible({"kind": "move"}, "north")
    assert visible({"kind": "bid", "to": ["north"]}, "north")
    assert not visible({"kind": "bid", "to": ["north"]}, "south")
    assert not visible({"kind": "bid", "to": ["north"]}, None)
    # "to" as a plain string is a mistake; it must not match a role by substring
    assert not visible({"kind": "move", "to": "northgate"}, "north")


def test_the_registry_index_names_the_module_of_every_game() -> None:
    import importlib

    from warroom.engine.registry import WHERE, _all

    assert set(WHERE) == set(_all())  # a new game gets a line in WHERE
    for gid, module in WHERE.items():
        assert importlib.import_module(module).GAME is _all()[gid]


def test_match_asks_each_hook_once_per_state_and_again_after_a_change() -> None:
    from collections import Counter
    from typing import Any

    from tests.engine.toy import Duel

    calls: Counter[str] = Counter()

    class Counted(Duel):
        def outcome(self, state: Any) -> Any:
            calls["outcome"] += 1
            return super().outcome(state)

        def active(self, state: Any) -> tuple[str, ...]:
            calls["active"] += 1
            return super().active(state)

        def legal_actions(self, state: Any, role: str) -> Any:
            calls["legal"] += 1
            return super().legal_actions(state, role)

    m = Match.new(Counted(), seed=3)
    steps = 0
    while not m.over:
        for _ in range(3):  # what a loop of play, a prompt and a view ask again and again
            role = m.active[0]
            assert m.outcome is None and m.legal(role) == m.legal(role)
        m.act(role, m.legal(role)[0])
        steps += 1
    assert m.over and m.outcome is not None and m.active == ()
    # one question of each kind per state the match went through (the last has no turn)
    assert steps > 4 and calls == {"outcome": steps + 1, "active": steps, "legal": steps}
    # a state changed in place behind the match's back: forget() asks again
    m.state.score = {"north": 0, "south": 0}
    assert m.over
    m.forget()
    assert not m.over and m.active
