"""Roads to Stalingrad styles: the ways of playing the search races (variants of the rules
player). Each answers only with listed actions, the first is the rules player itself, and a
small style search picks listed actions and repeats itself for a seed."""

from __future__ import annotations

from typing import Any

import pytest

import warroom
from warroom.ai import SearchAgent, SearchConfig
from warroom.ai.rules import roads_to_stalingrad as rts
from warroom.ai.search import game_hook
from warroom.engine import Action, Match, Rng

GID = "roads-to-stalingrad"


def _play(seat_policy: Any, seat: str, seed: int) -> tuple[list[Action], Any]:
    """A whole campaign: ``seat`` played by ``seat_policy``, the other side by the rules
    player; every answer of ``seat_policy`` must be one of the listed actions."""
    m = Match.new(GID, seed=seed)
    rngs = {r: Rng(seed * 7 + i) for i, r in enumerate(m.game.roles)}
    taken: list[Action] = []
    while not m.over:
        role = m.active[0]
        legal = m.legal(role)
        pol = seat_policy if role == seat else rts.policy
        a = legal[0] if len(legal) == 1 else pol(m.game, m.state, role, legal, rngs[role])
        assert a in legal, (role, a)
        taken.append(a)
        m.act(role, a)
    return taken, m.outcome


def test_the_hooks_offer_each_sides_default_first_and_a_few_styles_per_side() -> None:
    """The Axis's default is the rules player; the Soviet's the massed style, with the rules
    player second; every other style is a variant of the rules player."""
    g = warroom.game(GID)
    styles = game_hook(GID, "styles")
    for role in g.roles:
        offered = styles(g, role)
        assert ("rules", rts.policy) in offered
        assert 2 <= len(offered) <= 8
        names = [n for n, _ in offered]
        assert len(set(names)) == len(names)
        assert all(
            isinstance(p, rts.Style) and p != rts.DEFAULT for n, p in offered if n != "rules"
        )
    assert styles(g, "axis")[0] == ("rules", rts.policy)
    soviet = styles(g, "soviet")
    assert soviet[0][0] == "massed-two" and soviet[1] == ("rules", rts.policy)


def test_the_default_style_plays_exactly_as_the_rules_player() -> None:
    """``Style()`` with its default numbers answers every prompt of a campaign as ``policy``
    does (same choices, same use of the random generator)."""
    a, out_a = _play(rts.policy, "axis", 3)
    b, out_b = _play(rts.Style(), "axis", 3)
    assert a == b and out_a == out_b


@pytest.mark.parametrize("role", ["axis", "soviet"])
def test_every_style_plays_a_whole_campaign_with_listed_actions(role: str) -> None:
    """Each offered style (and the defensive one left out for its poor results) plays a
    campaign to its end from ``role``'s seat; most play differently from the rules player (a
    style may leave a game alone, e.g. a change that matters only after the Railhead)."""
    g = warroom.game(GID)
    styles = game_hook(GID, "styles")
    base, _ = _play(rts.policy, role, 6)
    extra = [("hold", rts.Style(name="hold", hold=2))]
    differ = 0
    for _name, style in [*styles(g, role)[1:], *extra]:
        taken, out = _play(style, role, 6)
        assert out is not None
        differ += taken != base
    assert differ >= len(styles(g, role)) - 1


def test_the_epoch_changes_with_the_cards_played() -> None:
    g = warroom.game(GID)
    epoch = game_hook(GID, "epoch")
    m = Match.new(GID, seed=1)
    s: Any = m.state
    first = epoch(g, s, "axis")
    s.cards_count += 100
    assert epoch(g, s, "axis") != first and epoch(g, s, "soviet") == epoch(g, s, "axis")


def test_a_small_style_search_chooses_listed_actions_and_repeats_itself() -> None:
    """With a small budget (rollouts cut short) the styled agent answers some prompts of a
    campaign from the Soviet seat with listed actions; the same seed races and answers the
    same way."""
    cfg = SearchConfig.from_params({"iterations": "6", "depth": "150"}, game_hook(GID, "SEARCH"))
    assert cfg.styles

    def run() -> tuple[list[Action], list[Any]]:
        m = Match.new(GID, seed=8)
        agent = SearchAgent(GID, cfg, seed=2)
        rules_rng = Rng(1)
        answers: list[Action] = []
        races: list[Any] = []
        while not m.over and len(answers) < 30:
            role = m.active[0]
            legal = m.legal(role)
            if len(legal) == 1:
                m.act(role, legal[0])
                continue
            if role == "soviet":
                a = agent.choose(m, role)
                assert a in legal
                answers.append(a)
                if agent.race is not None and (not races or races[-1] is not agent.race):
                    races.append(agent.race)
            else:
                a = rts.policy(m.game, m.state, role, legal, rules_rng)
            m.act(role, a)
        return answers, [(r.names, r.visits, r.values, r.best) for r in races]

    first, again = run(), run()
    assert len(first[0]) == 30 and first[1], "it raced the styles at least once"
    assert first == again
