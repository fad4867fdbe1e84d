"""What a side may still take back told it nothing it could not know already.

Undo is refused past a die or a reveal (``Match.undoable``), so a side cannot look at
something hidden and then take back the step that showed it. A step is a reveal when what
its actor sees afterwards depends on more than what it saw before and what it did: the
same step made in a determinized twin of the position before it (the other side's
secrets dealt again) then shows the actor something else. So after every step its actor
may still undo, all the engine shows the actor (``fuzz.engine_channels``: view, board text,
log, prompt) must be the same in the match and in such twins.

Found by a hostile-player audit (25 Nov): in Coral Sea, an Allied reaction window (series
2.3.4) opens after a Japanese action only when the Allies hold a card they may play there;
when none opened, Japan had learned that the Allies hold no such card, and could undo the
action and play another, so any move was a free look at the Allied hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.secrets.fuzz import engine_channels, fork, with_state
from tests.secrets.test_engine_twins import GAMES, game_of
from warroom.ai.base import RandomAgent
from warroom.engine import Match, Rng


def seen(m: Match, role: str) -> dict[str, str]:
    """Everything the engine shows ``role`` after a step (its view, board text, log lines and
    prompt), but whether it may undo: that is what the step decides."""
    out = engine_channels(m, role, (), deep=False)
    del out["can_undo"]
    return out


def undoable_reveals(
    gid: str, options: dict[str, Any], seed: int, steps: int
) -> tuple[list[str], int]:
    """The steps of a random game whose actor may undo them though they showed it something,
    and how many undoable steps were checked."""
    g = game_of(gid)
    m = Match.new(g, g.default_scenario, options, seed)
    agents = {r: RandomAgent(seed + i) for i, r in enumerate(g.roles)}
    pick = Rng(seed)
    found: list[str] = []
    checked = 0
    while not m.over and len(m.steps) < steps:
        role = m.active[pick.below(len(m.active))]
        action = agents[role].choose(m, role)
        before = fork(m)
        m.act(role, action)
        if not m.can_undo(role):
            continue
        checked += 1
        mine = seen(m, role)
        for k in range(3):
            twin = with_state(before, g.determinize(before.state, role, Rng(1000 + k)))
            twin.act(role, action)
            if seen(twin, role) != mine:
                found.append(f"{gid} {options} seed {seed} step {len(m.steps)}: {role} {action}")
                break
    return found, checked


HIDDEN = [gid for gid in GAMES if game_of(gid).hidden_information and gid != "duel"]
"""The games with secrets and something to take back (the duel is a one-action bid)."""


@pytest.mark.parametrize("gid", HIDDEN)
def test_a_step_its_actor_may_undo_showed_it_nothing_hidden(gid: str) -> None:
    found: list[str] = []
    checked = 0
    for seed in (1, 5):
        f, n = undoable_reveals(gid, {}, seed, 200)
        found += f
        checked += n
    assert checked > 10, f"{gid}: only {checked} steps its actor could undo"
    assert not found, "\n".join(found[:5])
