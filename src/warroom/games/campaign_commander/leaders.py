"""Series rule 12: leaders move only with a stack and fall with it.

A leader is never moved alone: it joins a moving group from its area. When the last unit
of its side leaves the leader's area, the leader goes with that unit; when the last one is
destroyed there, the leader is eliminated too (12.3). When one unit of several retreats out
of the leader's area, the owner says whether the leader goes with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.engine import Action
from warroom.games.campaign_commander.model import DEAD, OFF_MAP
from warroom.games.campaign_commander.state import CCState

if TYPE_CHECKING:
    from warroom.games.campaign_commander.series import SeriesGame


def leaders_at(g: SeriesGame, s: CCState, area: str, role: str) -> list[str]:
    return [
        uid
        for uid, u in s.units.items()
        if u.loc == area and g.data.units[uid].leader and g.data.units[uid].side == role
    ]


def follow(g: SeriesGame, s: CCState, area: str, role: str, dest: str | None) -> None:
    """Called when a unit of ``role`` has left ``area`` for ``dest`` (None: destroyed)."""
    if g.units_at(s, area, role):
        return
    for lid in leaders_at(g, s, area, role):
        if dest is None:
            s.units[lid] = s.units[lid]._replace(loc=DEAD)
            s.destroyed.append(lid)
            s.log("leader-lost", unit=lid, area=area)
        else:
            s.units[lid] = s.units[lid]._replace(loc=dest)
            s.log("leader-moves", unit=lid, area=dest)


def offer(g: SeriesGame, s: CCState, area: str, role: str, uid: str, dest: str) -> None:
    """A unit of ``role`` retreated from ``area`` (to ``dest``) while others stay: each leader
    there may go with it or stay (its owner decides, a ("leader", role, leader, unit) prompt).
    When no unit stays, ``follow`` moves the leaders without asking (12.2)."""
    if not g.units_at(s, area, role):
        return
    for lid in reversed(leaders_at(g, s, area, role)):
        s.tasks.append(("leader", role, lid, uid))


def actions(g: SeriesGame, s: CCState, t: tuple) -> list[Action]:
    _, _role, lid, uid = t
    here, there = s.units[lid].loc, s.units[uid].loc
    if there in OFF_MAP or there == here:
        return []
    return [("follow", lid, there), ("remain", lid)]


def apply(g: SeriesGame, s: CCState, action: Action) -> None:
    s.tasks.pop()
    if action[0] == "follow":
        lid, dest = action[1], action[2]
        s.units[lid] = s.units[lid]._replace(loc=dest)
        s.log("leader-moves", unit=lid, area=dest)
