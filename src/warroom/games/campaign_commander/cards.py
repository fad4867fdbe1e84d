"""Series rules 2.3 and 4.2.3: campaign cards, the hand of five, and the Card options.

Card types and where they are played: Operational cards as a Card option; Event cards
during the player's own On-Board Operation; Tactics cards during any battle; Attack cards
only during a battle the player initiated, paying their SP cost. A Card option is one of:
play an Operational card, draw (only with fewer than five cards in hand), or discard a
card face down for one resource point. Drawing the last card of a deck ends the game; a
sudden-death card ends it when its conditions hold.

Card effects are data from a small vocabulary (``Effect.do``):
  rp n            place n resource points (campaign placement rules)
  units [ids]     place these units from the reinforcement pool
  pool n filter   place up to n units of the pool matching the filter
  return n filter return up to n destroyed units matching the filter, depleted
  sp n            add n supply points to the operation under way (events)
  chits n         draw n more battle chits now (tactics / attack)
  hit mod fail    one enemy unit in the battle checks cohesion with mod; on failure: fail
  steady mod      own checks get mod for the rest of the battle
  special name    a campaign hook (Python) named ``name``
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.engine import Action
from warroom.games.campaign_commander.model import DEAD, POOL, CardDef
from warroom.games.campaign_commander.sequence import end_game
from warroom.games.campaign_commander.state import CCState

if TYPE_CHECKING:
    from warroom.games.campaign_commander.series import SeriesGame

HAND_LIMIT = 5


def card_actions(g: SeriesGame, s: CCState, role: str) -> list[Action]:
    hand = s.hands[role]
    out: list[Action] = []
    for cid in hand:
        c = g.data.cards[cid]
        if c.type == "operational" and g.card_playable(s, role, c):
            out.append(("play", cid))
    if len(hand) < HAND_LIMIT and s.decks[role]:
        out.append(("draw",))
    out.extend(("discard", cid) for cid in hand)
    return out


def draw(g: SeriesGame, s: CCState, role: str) -> None:
    cid = s.decks[role].pop(0)
    s.hands[role].append(cid)
    s.reveals += 1
    s.log_private([role], "card-drawn", role=role, card=cid)
    s.log("draw", role=role, left=len(s.decks[role]))
    if not s.decks[role]:
        end_game(g, s, "deck", role=role)


def apply_card_option(g: SeriesGame, s: CCState, role: str, action: Action) -> None:
    s.tasks.pop()
    kind = action[0]
    if kind == "draw":
        draw(g, s, role)
    elif kind == "discard":
        cid = action[1]
        s.hands[role].remove(cid)
        s.discards[role].append(cid)
        s.cards_count += 1
        s.log("discard", role=role)
        s.log_private([role], "discarded", role=role, card=cid)
        s.tasks.append(("place", role, "rp", 1, "discard"))
        g.after_card(s, role, None)
    else:
        play_card(g, s, role, action[1])


def play_card(g: SeriesGame, s: CCState, role: str, cid: str) -> None:
    """Play a card from the hand (any type): reveal it, count it, and carry out its effects."""
    c = g.data.cards[cid]
    s.hands[role].remove(cid)
    s.played.append((role, cid))
    s.cards_count += 1
    s.reveals += 1
    s.log("play", role=role, card=cid, name=c.name)
    if c.permanent:
        s.permanent[c.name] = role
    if c.type == "attack" and s.op is not None and c.cost:
        cost = g.card_cost(s, role, c)
        s.op.sp -= cost
        s.log("sp", role=role, spent=cost, left=s.op.sp, why="attack card")
    if c.sudden_death:
        end_game(g, s, "sudden-death", role=role, card=cid)
        return
    # effects run in order: push their tasks in reverse so the first is on top
    for eff in reversed(c.effects):
        g.card_effect(s, role, c, eff)
    g.after_card(s, role, c)


def requirements_met(g: SeriesGame, s: CCState, role: str, c: CardDef) -> bool:
    if c.permanent and c.name in s.permanent:
        return False  # a permanent card works once, for the first to play it (RtS 15)
    if c.sudden_death and not g.condition(s, role, c.sudden_death):
        return False
    return all(g.condition(s, role, req) for req in c.requires)


def pool_units(g: SeriesGame, s: CCState, role: str, flt: str, where: str = POOL) -> list[str]:
    return [
        uid
        for uid, u in s.units.items()
        if u.loc == where
        and g.data.units[uid].side == role
        and g.unit_matches(s, uid, flt)
        and not g.data.units[uid].leader
    ]


def returnable(g: SeriesGame, s: CCState, role: str, flt: str) -> list[str]:
    return pool_units(g, s, role, flt, DEAD)
