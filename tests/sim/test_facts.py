"""Campaign Commander facts read from a match log: when Winter Arrives and the initiative changes."""

from __future__ import annotations

from types import SimpleNamespace

from tests.engine.toy import DUEL
from warroom.sim.facts import campaign_commander


def test_winter_and_initiative_are_dated_in_sequences_and_cards() -> None:
    log = [
        {"kind": "choices", "axis": "map", "soviet": "card"},
        {"kind": "play", "role": "soviet", "card": "s1"},
        {"kind": "battle", "attacker": "axis", "area": "Rossosh"},
        {"kind": "battle-end", "winner": "axis"},
        {"kind": "choices", "axis": "card", "soviet": "card"},
        {"kind": "discard", "role": "axis"},
        {"kind": "play", "role": "soviet", "card": "s2"},
        {"kind": "winter", "role": "soviet"},
        {"kind": "choices", "axis": "card", "soviet": "map"},
        {"kind": "battle", "attacker": "soviet", "area": "Kursk"},
        {"kind": "battle-end", "winner": "axis"},
        {"kind": "play", "role": "soviet", "card": "s3"},
        {"kind": "initiative-lost", "role": "axis"},
    ]
    match = SimpleNamespace(log=log, state=SimpleNamespace(initiative=None, ended="deck"))
    facts = campaign_commander(DUEL, match)  # type: ignore[arg-type]
    assert facts["winter_sequence"] == 2 and facts["winter_card"] == 3
    assert facts["initiative_change_sequence"] == 3 and facts["initiative_change_card"] == 4
    assert facts["initiative_changes"] == 1 and facts["initiative_at_end"] == "none"
    assert facts["battles"] == 2 and facts["battles_won_by_attacker"] == 1
    assert facts["ended"] == "deck" and facts["sequences"] == 3 and facts["cards"] == 4
    quiet = campaign_commander(DUEL, SimpleNamespace(log=[], state=SimpleNamespace()))  # type: ignore[arg-type]
    assert quiet["winter_card"] is None and quiet["initiative_change_card"] is None
