"""Whole campaigns: four scenarios, eight with sides switched, the winner and its tie-breaks,
replay identity, the view and the terminal text, and the rule-based player."""

from __future__ import annotations

import json

import pytest

from tests.toi_stalingrad.helpers import act, buy, enter, finish_phase, legal, new, task
from warroom.ai import make_agent
from warroom.engine import Match, Rng
from warroom.games.toi_stalingrad import GAME


def campaign(m: Match, scores: list[tuple[int, int, str]]) -> None:
    """Play scenarios with (German CVP, Soviet CVP, initiative holder), no purchases."""
    for g, s, init in scores:
        enter(m, german=(4, 4, 4, g), soviet=(4, 4, 4, s), initiative=init)
        finish_phase(m)


def test_four_scenarios_most_cvp_wins() -> None:
    m = new()
    # German wins 1 (+1 initiative), Soviet wins 2, tie in 3 to the German holder (+1), Soviet 4
    campaign(m, [(5, 3, "german"), (2, 6, "german"), (4, 4, "german"), (1, 3, "soviet")])
    assert m.over
    out = m.outcome
    assert out is not None
    # German 6 + 2 + 5 + 1 = 14; Soviet 3 + 6 + 4 + 4 = 17
    assert out.winner == "soviet" and out.points == {"german": 14.0, "soviet": 17.0}
    won = m.view(None)["board"]["standings"]["roles"]
    assert won["german"]["won"] == 2 and won["soviet"]["won"] == 2
    assert [r["winner"] for r in m.view(None)["board"]["results"]] == [
        "german",
        "soviet",
        "german",
        "soviet",
    ]


def test_after_the_fourth_scenario_only_cvp_and_initiative_are_entered() -> None:
    m = new()
    campaign(m, [(5, 3, "german")] * 3)
    assert task(m) == ["ask", "german", "cvp"]
    act(m, "cvp", 2)
    act(m, "cvp", 9)
    assert task(m) == ["ask", "german", "initiative"]
    act(m, "initiative", "soviet")
    assert m.over
    # 3 x (5 + 1) + 2 = 20 for the German; 3 x 3 + 9 + 1 = 19 for the Soviet
    assert m.outcome is not None and m.outcome.points == {"german": 20.0, "soviet": 19.0}


def test_a_campaign_tie_goes_to_the_soviet_player() -> None:
    m = new()
    campaign(m, [(5, 3, "soviet"), (3, 5, "german"), (4, 2, "soviet"), (2, 4, "german")])
    out = m.outcome
    assert out is not None and out.points["german"] == out.points["soviet"] == 14.0
    assert out.winner == "soviet" and out.level == "tie"


def test_eight_scenarios_sides_switch_and_veterans_reset() -> None:
    m = new("switched", next_initiative="german")
    enter(m, german=(4, 4, 4, 5), soviet=(4, 4, 4, 3), initiative="soviet")
    while task(m) != ["buy", "german"]:
        act(m, *legal(m)[0])
    buy(m, "veteran", "supply", "s1")
    finish_phase(m)
    campaign(m, [(5, 3, "soviet")] * 3)
    board = m.view(None)["board"]
    assert board["scenario"] == 5 and board["campaign"] == 2
    assert board["sides"] == {"german": "soviet", "soviet": "german"}  # the players switched
    assert board["veteran"] == {"german": [], "soviet": []}  # a new campaign: Recruit side up
    assert m.active == ("soviet",)  # the role 'soviet' now enters the German side's command
    assert m.prompt("soviet").text.startswith("(German side)")
    campaign(m, [(5, 3, "soviet")] * 4)
    out = m.outcome
    assert out is not None
    # the role 'german' scored 4 x 5 as German, 4 x 3 as Soviet; the role 'soviet' the reverse
    assert out.points == {"german": 32.0, "soviet": 32.0}
    table = m.view(None)["board"]["standings"]["roles"]
    assert table["german"]["cvp_as_soviet"] == 12 and table["soviet"]["cvp_as_soviet"] == 12
    assert table["german"]["won_as_soviet"] == 0 and table["soviet"]["won_as_soviet"] == 0
    assert out.winner is None and out.level == "draw"


def test_eight_scenarios_most_cvp_wins() -> None:
    m = new("switched")
    # campaign 1 (role german = German side): G 3,3,3,3 / S 4,4,2,2, the Soviet side holding
    # the initiative: role german 12, role soviet 5+5+2+2 = 14 (all as Soviet)
    campaign(m, [(3, 4, "soviet"), (3, 4, "soviet"), (3, 2, "soviet"), (3, 2, "soviet")])
    # campaign 2 (role soviet = German side): 2 x 4 = 8; role german as Soviet 3 x 4 = 12
    campaign(m, [(2, 3, "german")] * 4)
    out = m.outcome
    assert out is not None and out.points == {"german": 24.0, "soviet": 22.0}
    assert out.winner == "german" and out.level == "cvp"


def test_eight_scenarios_level_cvp_decided_by_cvp_as_soviet() -> None:
    m = new("switched")
    # campaign 1: role german as German 4 x 5 = 20, role soviet as Soviet 4 x 3 = 12
    # (the Soviet side holds the initiative and loses: no bonus, no penalty)
    campaign(m, [(5, 3, "soviet")] * 4)
    # campaign 2: role soviet as German 4 x 4 = 16, role german as Soviet 4 x 2 = 8
    campaign(m, [(4, 2, "soviet")] * 4)
    out = m.outcome
    table = m.view(None)["board"]["standings"]["roles"]
    assert out is not None and out.points == {"german": 28.0, "soviet": 28.0}
    assert table["german"]["cvp_as_soviet"] == 8 and table["soviet"]["cvp_as_soviet"] == 12
    assert out.winner == "soviet" and out.level == "soviet-cvp"


def test_eight_scenarios_level_cvp_and_soviet_cvp_decided_by_soviet_wins() -> None:
    m = new("switched")
    # campaign 1: the role soviet (Soviet side) wins 2 of 4 scenarios
    campaign(m, [(4, 3, "soviet"), (4, 3, "soviet"), (2, 5, "german"), (2, 5, "german")])
    # role german (German side): 4+4+2+2 = 12, won 2; role soviet (Soviet): 3+3+5+5 = 16, won 2
    # campaign 2: the role german (Soviet side) scores 16 but wins 3; the role soviet 12
    campaign(m, [(3, 4, "german"), (3, 4, "german"), (3, 4, "german"), (3, 4, "german")])
    # role german as Soviet: 4 x 4 = 16 (wins all four); role soviet as German: 3 x 4 = 12
    out = m.outcome
    table = m.view(None)["board"]["standings"]["roles"]
    assert out is not None and out.points == {"german": 28.0, "soviet": 28.0}
    assert table["german"]["cvp_as_soviet"] == table["soviet"]["cvp_as_soviet"] == 16
    assert table["german"]["won_as_soviet"] == 4 and table["soviet"]["won_as_soviet"] == 2
    assert out.winner == "german" and out.level == "soviet-wins"


def play_with(agent: str, variant: str, seed: int) -> Match:
    m = new(variant, seed)
    agents = {r: make_agent(agent, "toi-stalingrad", seed + i) for i, r in enumerate(m.game.roles)}
    while not m.over:
        role = m.active[0]
        m.act(role, agents[role].choose(m, role))
        assert len(m.steps) <= m.game.max_steps
    return m


@pytest.mark.parametrize("variant", ["campaign", "switched"])
@pytest.mark.parametrize("agent", ["rules", "random"])
def test_full_campaigns_replay_identically(agent: str, variant: str) -> None:
    for seed in range(4):
        m = play_with(agent, variant, seed)
        again = Match.replay(json.loads(json.dumps(m.record())), game=GAME)
        assert m.game.snapshot(again.state) == m.game.snapshot(m.state)
        assert again.outcome == m.outcome
        assert len(m.view(None)["board"]["results"]) == (4 if variant == "campaign" else 8)


def test_the_rules_policy_buys_things() -> None:
    m = play_with("rules", "campaign", 3)
    kinds = {e["item"] for e in m.log if e["kind"] == "bought"}
    assert {"veteran", "card"} <= kinds


def test_view_shape_and_text_sheet() -> None:
    m = new(next_initiative="soviet", sig33b="yes", armor=("div1", "both"))
    enter(
        m,
        german=(8, 7, 6, 5),
        soviet=(2, 4, 4, 3),
        initiative="german",
    )
    act(m, "penalty", "one-each")  # the Soviet lost without the initiative: 1, 3, 3
    while task(m)[0] != "buy":
        act(m, *legal(m)[0])
    board = m.view("german")["board"]
    for key in (
        "variant",
        "scenario_count",
        "scenario",
        "campaign",
        "number",
        "scenario_id",
        "scenario_title",
        "sides",
        "you",
        "phase",
        "task",
        "acting_side",
        "command",
        "veteran",
        "standings",
        "results",
        "setup",
    ):
        assert key in board
    assert board["phase"] == "purchases" and board["you"] == "german"
    setup = board["setup"]
    assert setup["scenario"] == 2 and setup["initiative"] == "soviet" and setup["sig33b"] is True
    assert setup["armor"] == {"german": ["div1"], "soviet": ["div1", "div2"]}
    soviet = setup["sides"]["soviet"]
    assert soviet["command_tokens"]["ammunition"] == 0 and soviet["restrictions"]["unarmed"] == 1
    text = m.game.render_text(m.state, "german")
    assert "Set-up changes for Scenario 2: Order No. 227" in text
    assert "Place an unarmed restriction on one of your squads (row 0-2)." in text
    assert "Take two regular infantry out of your starting forces and put in an MG crew." in text
    assert "Division 1 may also set up in every advanced deployment hex." in text
    assert "Objective Hill on the Don bend is worth 1 more." in text
    for a in legal(m):
        assert m.game.label(m.state, "soviet", a)
    for e in m.log:
        assert m.game.describe_event(e)


def test_random_play_never_dead_ends() -> None:
    rng = Rng(99)
    for seed in range(10):
        m = new("switched", seed)
        while not m.over:
            role = m.active[0]
            actions = m.legal(role)
            assert actions
            m.act(role, actions[rng.below(len(actions))])
        assert m.outcome is not None


def test_the_longest_campaign_stays_within_max_steps() -> None:
    """Most command entered, 10+ kept (so the most is left to spend), and the cheapest purchase
    every time until nothing is left: the longest play there is, well under max_steps."""
    m = new("switched")
    while not m.over:
        role = m.active[0]
        actions = m.legal(role)
        kind = actions[0][0]
        if kind == "command":
            choice = actions[-1]
        elif kind == "halve":
            choice = ("keep",)
        elif kind == "buy" or kind == "done":
            buys = [a for a in actions if a[0] == "buy"]
            items = m.state.data.items
            if buys:
                choice = min(buys, key=lambda a: sum(items[a[1]].cost.fixed) + items[a[1]].cost.any)
            else:
                choice = ("done",)
        else:
            choice = actions[0]
        m.act(role, choice)
    assert 300 < len(m.steps) < m.game.max_steps // 2


def test_every_event_has_words_and_every_role_sees_its_side() -> None:
    m = play_with("random", "switched", 5)
    kinds = set()
    for e in m.log:
        kinds.add(e["kind"])
        text = m.game.describe_event(e)
        assert text and "=" not in text, text
    assert {"scenario-begins", "entered", "scenario-result", "campaign-ends", "game-ends"} <= kinds
    assert "You began as German and play the Soviet side now." in m.game.render_text(
        m.state, "german"
    )
    assert "Campaign over" in m.game.render_text(m.state, None)


def test_a_wrong_entry_can_be_undone() -> None:
    m = new()
    act(m, "command", "ammunition", 7)
    assert m.can_undo("german")
    m.undo("german")
    act(m, "command", "ammunition", 6)
    assert m.view(None)["board"]["results"][0]["command"]["german"] == {"ammunition": 6}
