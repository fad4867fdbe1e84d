"""Report facts read from a finished match's whole log (for ``Job.facts``).

``campaign_commander``: when Winter Arrives and when the initiative changes in a
Campaign Commander campaign, counted in operational sequences (secret Card/Map
choices revealed) and in campaign cards played or discarded (the campaign's own
clock: Roads to Stalingrad reopens the Volga five cards after Winter); how the
game ended; how many battles were fought and who won them.
"""

from __future__ import annotations

from typing import Any

from warroom.engine import Game, Match


def campaign_commander(game: Game[Any], match: Match) -> dict[str, Any]:
    sequences = 0
    cards = 0
    winter: tuple[int, int] | None = None
    initiative: tuple[int, int] | None = None
    changes = 0
    battles = 0
    attacker_won = 0
    last_attacker = ""
    for e in match.log:
        kind = e["kind"]
        if kind == "choices":
            sequences += 1
        elif kind in ("play", "discard"):
            cards += 1
        elif kind == "winter" and winter is None:
            winter = (sequences, cards)
        elif kind.startswith("initiative"):
            changes += 1
            if initiative is None:
                initiative = (sequences, cards)
        elif kind == "battle":
            battles += 1
            last_attacker = str(e.get("attacker", ""))
        elif kind == "battle-end" and e.get("winner") == last_attacker:
            attacker_won += 1
    s = match.state
    return {
        "winter_sequence": winter[0] if winter else None,
        "winter_card": winter[1] if winter else None,
        "initiative_change_sequence": initiative[0] if initiative else None,
        "initiative_change_card": initiative[1] if initiative else None,
        "initiative_changes": changes,
        "initiative_at_end": str(getattr(s, "initiative", None) or "none"),
        "sequences": sequences,
        "cards": cards,
        "battles": battles,
        "battles_won_by_attacker": attacker_won,
        "ended": str(getattr(s, "ended", "")),
    }
