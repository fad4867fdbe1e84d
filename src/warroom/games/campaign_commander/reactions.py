"""Series rules 2.3.1 and 2.3.4: cards played while the opponent is taking an action.

Tactics cards may be played at any moment of a battle and Event cards during any On-Board
Operation, so the side that is not acting gets a chance to answer ("react" prompts):

* in a battle, right after the other side reveals a chit and before its effects are
  resolved, the other side may play battle cards (Tactics; Attack cards only for the
  attacker, paying their SP), one after another, until it passes; after each such card
  (once its effects are done) the side that revealed the chit may answer it the same way;
* in an operation, before each of the operating side's choices at the operation menu (at
  its start and after each finished action), the other side may play an Event card that
  it can use in the opponent's operation (the campaign says which: the series default is
  every Event that does not feed one's own operation with SP).

A window opens only when the side holds a card it may play there (asking a side with no
such card would change nothing), so a prompt tells the acting side that the other holds
one: as at a table, where a player without such a card would not stop the game. So an
operation window that did not open told the operating side that the other holds no such
card: when it might have held one, that is a reveal (``CCState.reveals``), and the action
that led there can no longer be undone, lest any move be a free look at the other hand.
Actions: ("react", card) plays the card, ("pass",) closes the window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.engine import Action
from warroom.games.campaign_commander.state import CCState

if TYPE_CHECKING:
    from warroom.games.campaign_commander.series import SeriesGame


def open_battle_window(g: SeriesGame, s: CCState, role: str) -> None:
    """After ``role`` revealed a chit: the other side may answer with battle cards."""
    foe = g.other(role)
    if g.reaction_cards(s, foe, "battle"):
        s.tasks.append(("react", foe, "battle"))


def op_window(g: SeriesGame, s: CCState) -> bool:
    """At the operation menu: open the other side's window once per state of the operation.
    True when a window was opened."""
    op = s.op
    assert op is not None
    if op.window == s.steps:
        return False
    op.window = s.steps
    foe = g.other(op.role)
    if g.reaction_cards(s, foe, "op"):
        s.tasks.append(("react", foe, "op"))
        return True
    if s.hands[foe] and _might_hold(g, s, foe):
        # no window: the operating side now knows that the other holds no card it may play
        # here, which it could not tell before (that card might have been in his hand): a
        # reveal, so the action that led here cannot be taken back and made otherwise
        s.reveals += 1
    return False


def _might_hold(g: SeriesGame, s: CCState, foe: str) -> bool:
    """Whether ``foe`` might hold a card he may play in the operation now, as the operating
    side sees it: any of the cards not known to be out of his hand (his hand, deck and
    discards, the pool ``determinize`` deals his hand from)."""
    hand = s.hands[foe]
    s.hands[foe] = [*hand, *s.decks[foe], *s.discards[foe]]
    try:
        return bool(g.reaction_cards(s, foe, "op"))
    finally:
        s.hands[foe] = hand


def actions(g: SeriesGame, s: CCState, t: tuple) -> list[Action]:
    _, role, where = t
    return [*(("react", c) for c in g.reaction_cards(s, role, where)), ("pass",)]


def apply(g: SeriesGame, s: CCState, role: str, action: Action) -> None:
    from warroom.games.campaign_commander.cards import play_card

    t = s.tasks.pop()
    if action[0] == "pass":
        s.log("react-pass", role=role, where=t[2])
        if t[2] == "op" and s.op is not None:
            s.op.window = s.steps  # closed until the operating side acts again
        return
    if t[2] == "battle":
        s.tasks.append(t)  # the window stays open after the card's effects
        foe = g.other(role)
        if g.reaction_cards(s, foe, "battle"):
            s.tasks.append(("react", foe, "battle"))  # 2.3.4: and the other may answer it
    play_card(g, s, role, action[1])
