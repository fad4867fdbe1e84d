"""OpenSpiel's IS-MCTS bot as an agent through our adapter (``make_agent("ismcts", ...)``)."""

from __future__ import annotations

import pytest

pytest.importorskip("open_spiel")

from warroom.ai import make_agent
from warroom.engine import Match


@pytest.mark.parametrize("game_id", ["fall-blau", "commanders"])
def test_ismcts_plays_a_listed_move(game_id: str) -> None:
    m = Match.new(game_id, seed=1)
    agent = make_agent("ismcts:iterations=2,rollout=rules,depth=30", game_id, 1)
    for _ in range(3):
        role = m.active[0]
        action = agent.choose(m, role)
        assert action in m.legal(role)
        m.act(role, action)


def test_ismcts_refuses_an_unknown_option() -> None:
    with pytest.raises(ValueError, match="unknown ismcts option"):
        make_agent("ismcts:nosuch=1", "commanders", 1)
