"""A rule-based player for Coral Sea: the priorities of a plain, sensible theatre commander.

It reads only what its seat may see: the map as its view shows it (with limited intelligence,
the hidden enemy units are left out), its own hand and its own drawn chits. Map when it has
RPs, else cards; play sudden death, permanent, reinforcement and supply cards, draw up to
five; in an operation put a decoy on top of each stack the enemy sees only the top of
(optional rule 12), repair, keep a screen of ships in Indispensable Strait (the Allies),
then strike: ships carry troops to enemy-held islands
and land them, ground units attack where the odds look fair, else move towards the nearest
enemy-held victory area; in battle reveal the chit that hurts the enemy most.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from warroom.ai.rules.cc_series import (
    battle_step,
    card_or_map,
    chit_target,
    owner_choice,
    react,
    stack_top,
)
from warroom.engine import Action, Game, Rng, State
from warroom.games.campaign_commander import naval
from warroom.games.campaign_commander.model import OFF_MAP
from warroom.games.campaign_commander.state import CCState

STOP = 0.15
"""The chance of ending an operation early (also ends a run of moves that come to nothing)."""


@dataclass(frozen=True)
class Style:
    """A way of playing: the knobs of this player. ``Style()`` is the rule-based player itself;
    the search chooses among a few others (``STYLES``) for a stretch of the campaign."""

    name: str = "rules"
    focus: tuple[str, ...] = ()
    """Land areas to take first: while any of them is not ours, they are the only targets
    (ships and troops head there, the operation's RP is the one nearest them)."""
    odds: float = 1.0
    """Attack when our strength is at least ``odds`` times that of the enemy there."""
    group: int = 3
    """Units that move together (ground stacks and ships)."""
    cargo: int = 2
    """Ground units a naval group takes aboard."""
    stop: float = STOP
    """The chance of ending an operation before its RP runs out."""
    hand: int = 3
    """Map with RPs when the hand holds this many cards or more ..."""
    chance: float = 0.5
    """... and otherwise with this probability."""
    reach: int = 3
    """An island we hold in part is aimed at when at most this many of its areas are missing."""
    hold: bool = False
    """The focus areas that are ours but have none of our ground units are targets too
    (ships carry troops there before the enemy comes)."""
    station: tuple[str, ...] = ()
    """Sea areas to keep ships in (a screen the enemy's laden ships will not sail through):
    while one has none of our ships, empty ships in port sail there first and stay."""
    haven: bool = False
    """Ships never stop at sea: the troops aboard go ashore on an island area of ours, the
    ships sail on to a port of ours (else they could never be moved again, 7.c)."""
    moor: bool = False
    """Empty ships sail only with a purpose they can reach: a station only by seas free of
    the enemy this seat sees (without it a ship barred from its station wandered between it
    and the troops it would fetch, and ended stranded at sea, 7.c), troops to fetch, an
    enemy to strike, or home to a base; else they stay in port."""

    def __call__(
        self, game: Game[Any], state: State, role: str, actions: Sequence[Action], rng: Rng
    ) -> Action:
        """The rule-based player's answer in this style (a style is a policy)."""
        return play(self, game, state, role, actions, rng)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # pickled and copied through the constructor: the compiled form (setup.py) of a frozen
        # dataclass cannot be filled in field by field as the plain one is
        return (Style, tuple(getattr(self, f) for f in self.__dataclass_fields__))


DEFAULT = Style()

STRAIT = "Indispensable Strait"
"""The way from Rabaul to Tulagi around the Solomon Sea."""

PACIFIC = "Pacific Ocean"
"""The open sea east of the Solomons, on the way from Truk and the Solomons to the New
Hebrides and New Caledonia."""
ALLIED = Style(station=(STRAIT, PACIFIC))
"""The Allied rule-based player: the default style that also keeps a screen of ships in
Indispensable Strait and another in the Pacific Ocean. Japan's laden ships do not sail
through a sea area Allied ships hold, so the screens keep Tulagi and the islands to the
south-east (and their VP) Allied; without the first the Allied ships sat in port while Japan
landed at Tulagi in about half the games. The second screen (the search's former
``strait-pacific`` style) does at least as well as the single one against every Japanese
style we have, and far better against most (Coral Sea NOTES, "Balance": the style game),
so the plain Allied commander keeps both (see docs/ai.md, "Coral Sea: styles")."""
SINGLE = Style("strait", station=(STRAIT,))
"""The Allied rules player before the second screen (one screen, Indispensable Strait): a
style the search may still race."""

DEFAULTS: dict[str, Style] = {"allies": ALLIED}
"""Each side's rule-based player (``DEFAULT`` where the side is not named)."""


def _enemy_spots(g: Any, s: CCState, role: str) -> dict[str, int]:
    """Area -> visible enemy units there (what this seat may see)."""
    foe = g.other(role)
    hidden = g.hidden_units(s, role)
    out: dict[str, int] = {}
    for x, u in s.units.items():
        if u.loc in OFF_MAP or x in hidden or g.data.units[x].side != foe:
            continue
        out[u.loc] = out.get(u.loc, 0) + 1
    return out


def _targets(g: Any, s: CCState, role: str, st: Style = DEFAULT) -> set[str]:
    """Land areas worth taking. An island scores only for the side that holds all of it:
    of an island the enemy holds whole, any area (one denies it its VP); of an island we
    hold in part, the missing areas when there are at most three (more is too far off).
    A style's focus areas, while any of them is not ours, come instead."""
    if st.focus:
        areas = g.data.areas
        first = {
            a
            for a in st.focus
            if areas[a].kind == "land"
            and (s.control.get(a) != role or (st.hold and not _held(g, s, a, role)))
        }
        if first:
            return first
    out: set[str] = set()
    control = s.control
    reach = st.reach
    for members, land in _islands(g, role):
        missing = [a for a in members if control.get(a) != role]
        if missing and (len(missing) == len(members) or len(missing) <= reach):
            out.update(a for a in missing if a in land)
    return out


_ISLANDS: dict[tuple[int, str], tuple[Any, list[tuple[tuple[str, ...], frozenset[str]]]]] = {}


def _islands(g: Any, role: str) -> list[tuple[tuple[str, ...], frozenset[str]]]:
    """The islands that score VP for ``role`` (not Australia), in the game's order: each
    one's areas and its land areas. The map never changes, so this is worked out once per
    game (and found again only for the very same ``islands`` table)."""
    key = (id(g.islands), role)
    kept = _ISLANDS.get(key)
    if kept is not None and kept[0] is g.islands:
        return kept[1]
    areas = g.data.areas
    table = [
        (members, frozenset(a for a in members if areas[a].kind == "land"))
        for island, members in g.islands.items()
        if island != "Australia" and any(dict(areas[a].vp).get(role) for a in members if a in areas)
    ]
    _ISLANDS[key] = (g.islands, table)
    return table


def _held(g: Any, s: CCState, area: str, role: str) -> bool:
    """Whether ground units of ours stand in ``area``."""
    return any(not g.data.units[x].naval for x in g.units_at(s, area, role))


def _foes(g: Any, s: CCState, area: str, role: str) -> list[str]:
    """The enemy units this seat can see in ``area`` that a force entering it would fight."""
    hidden = g.hidden_units(s, role)
    return [u for u in g.foes_at(s, area, role) if u not in hidden]


def _land_distance(g: Any, goal: set[str]) -> dict[str, int]:
    """Steps over land only from each area to the nearest goal (read only: the answer is
    kept, the map never changes)."""
    m = g.data.map
    key = (id(m), frozenset(goal))
    kept = _LAND.get(key)
    if kept is not None and kept[0] is m:
        return kept[1]
    areas = m.areas
    dist: dict[str, int] = m.distances(goal, lambda a: areas[a].kind == "land")
    if len(_LAND) >= 4096:
        _LAND.clear()
    _LAND[key] = (m, dist)
    return dist


_LAND: dict[tuple[int, frozenset[str]], tuple[Any, dict[str, int]]] = {}


def _idle_ground(g: Any, s: CCState, role: str) -> list[str]:
    """Our ground units on the map."""
    return [
        x
        for x, u in s.units.items()
        if u.loc not in OFF_MAP and g.data.units[x].side == role and not g.data.units[x].naval
    ]


def _bases(g: Any, s: CCState, role: str) -> set[str]:
    """Ports of ours where RPs are or arrive: where ships can be activated again."""
    areas = g.data.areas
    out = {a for a, n in s.rps[role].items() if n > 0 and a in areas and areas[a].port}
    out.update(g.rp_places(s, role))
    return {a for a in out if s.control.get(a) == role}


def _crowded(g: Any, s: CCState, role: str, area: str, cargo: int) -> bool:
    """Whether ``cargo`` more ground units would make more than three of ours in a sea area,
    where the excess is lost at the end of the operation (7.2)."""
    if not cargo or g.data.areas[area].kind != "sea":
        return False
    here = [x for x in g.units_at(s, area, role) if not g.data.units[x].naval]
    return len(here) + cargo > 3


def _ports(g: Any, s: CCState, role: str) -> set[str]:
    """Ports this side holds."""
    areas = g.data.areas
    return {a for a, ad in areas.items() if ad.port and s.control.get(a) == role}


def _strength(g: Any, s: CCState, units: Sequence[str]) -> int:
    return sum(g.values(s, u)[0] + g.values(s, u)[1] for u in units)


def policy(game: Game[Any], state: State, role: str, actions: Sequence[Action], rng: Rng) -> Action:
    """The rule-based player (its side's default style, ``DEFAULTS``)."""
    return play(DEFAULTS.get(role, DEFAULT), game, state, role, actions, rng)


def _goal(g: Any, s: CCState, role: str, st: Style) -> set[str]:
    """Where our moves head: the visible enemy and the targets (only the focus, while it lasts)."""
    targets = _targets(g, s, role, st)
    if st.focus and targets and targets <= set(st.focus):
        return targets
    return set(_enemy_spots(g, s, role)) | targets


def play(
    st: Style, game: Game[Any], state: State, role: str, actions: Sequence[Action], rng: Rng
) -> Action:
    """The rule-based player's answer in style ``st``."""
    g: Any = game
    s = state
    assert isinstance(s, CCState)
    top = s.tasks[-1][0] if s.tasks else ""
    if top == "choose":
        return card_or_map(s, role, actions, rng, st.hand, st.chance)
    if top == "card":
        return _card_option(g, s, role, actions)
    if top == "op-rp":
        spots = _enemy_spots(g, s, role)
        dist = g.data.map.distances(_goal(g, s, role, st)) if spots else {}
        return min(actions, key=lambda a: (dist.get(a[1], 99), a[1]))
    if top == "place":
        return actions[rng.below(len(actions))]
    if top == "battle":
        return battle_step(g, actions, rng)
    if top == "target":
        return chit_target(g, s, role, actions)
    if top == "air-target":
        spots = _enemy_spots(g, s, role)
        return max(actions, key=lambda a: (spots.get(a[1], 0), a[1]))
    if top == "air-victim":  # our sturdiest unit there takes the bombs
        return max(actions, key=lambda a: (g.values(s, a[1])[1], a[1]))
    if top == "op":
        return _operation(g, s, role, actions, rng, st)
    if top == "react":
        return react(g, s, role, actions)
    choice = owner_choice(g, s, role, actions)
    if choice is not None:
        return choice
    return actions[0]


def _card_option(g: Any, s: CCState, role: str, actions: Sequence[Action]) -> Action:
    plays = [a for a in actions if a[0] == "play"]
    sudden = [a for a in plays if g.data.cards[a[1]].sudden_death]
    if sudden:
        # the game ends at once and the VP decide: only when that wins
        vp = g.victory_points(s)
        if vp[role] + g.sudden_vp > vp[g.other(role)]:
            return sudden[0]
        plays = [a for a in plays if a not in sudden]
    for a in plays:
        c = g.data.cards[a[1]]
        if c.permanent or c.reinforcement or any(e.do == "rp" for e in c.effects):
            return a
    if plays:
        return plays[0]
    if ("draw",) in actions:
        return ("draw",)
    discards = [a for a in actions if a[0] == "discard"]
    order = {"attack": 0, "tactics": 1, "event": 2, "operational": 3}
    return min(discards, key=lambda a: (order[g.data.cards[a[1]].type], a[1]))


def _operation(
    g: Any, s: CCState, role: str, actions: Sequence[Action], rng: Rng, st: Style = DEFAULT
) -> Action:
    op = s.op
    assert op is not None
    if op.group:
        if g.data.units[op.group[0]].naval:
            return _naval_group(g, s, role, actions, st)
        return _ground_group(g, s, role, actions, st)
    top = stack_top(g, s, role, actions)  # 12: a decoy on top of each stack, once
    if top is not None:
        return top
    for kind in ("rebuild", "reorg", "repair-airfield"):
        for a in actions:
            if a[0] == kind:
                return a
    events = [a for a in actions if a[0] == "event"]
    if events:
        return events[0]
    builds = [a for a in actions if a[0] == "airfield"]
    if builds and rng.random() < 0.3:
        return builds[0]
    moves = [a for a in actions if a[0] == "move"]
    goal = _goal(g, s, role, st)
    dist = g.data.map.distances(goal)
    land = _land_distance(g, goal)
    # A ground unit with no way over land to anything worth taking waits for a ship: moving
    # it about its own island spends the operation's RP for nothing.
    moves = [
        a
        for a in moves
        if g.data.units[a[1]].naval
        or land.get(s.units[a[1]].loc, 99) < 99
        or any(g.data.units[x].naval for x in g.units_at(s, s.units[a[1]].loc, role))
    ]
    if not moves:
        return ("done",)
    if st.station and not op.acted:
        posts = _open_stations(g, s, role, st, ())
        ships = [
            a
            for a in moves
            if g.data.units[a[1]].naval and g.data.areas[s.units[a[1]].loc].kind == "land"
        ]
        if posts and ships:
            near = g.data.map.distances(posts)
            for a in sorted(ships, key=lambda a: (near.get(s.units[a[1]].loc, 99), a[1])):
                if not _cancels(g, s, role, a, st):
                    return a

    # (worked out once a decision: the state does not change while the moves are ranked)
    reach: list[dict[str, int]] = []
    ranked: dict[Action, tuple[int, int, int, str]] = {}

    def urgency(a: Action) -> tuple[int, int, int, str]:
        found = ranked.get(a)
        if found is not None:
            return found
        uid = a[1]
        d = g.data.units[uid]
        loc = s.units[uid].loc
        laden = False
        if d.naval:
            laden = bool(naval.cargo(s, [uid]))
            if not laden and g.data.areas[loc].kind == "land":
                if not reach:
                    reach.append(_landlocked_reach(g, s, role))
                laden = bool(_landlocked(g, s, role, loc, reach[0]))
        found = ranked[a] = (0 if laden else 1, dist.get(loc, 99), -sum(g.values(s, uid)[:2]), uid)
        return found

    if not op.acted:
        # An operation that has begun does something with its RP: the most urgent move
        # whose group would really go somewhere (a group it would only cancel, say one
        # hemmed in by stronger enemies, would be picked again and again).
        for a in sorted(moves, key=urgency):
            if not _cancels(g, s, role, a, st):
                return a
        return ("done",)
    best = min(moves, key=urgency)
    if (urgency(best)[1] > 5 and rng.random() < 0.5) or rng.random() < st.stop:
        return ("done",)  # (also ends a run of moves that come to nothing)
    return best


def _cancels(g: Any, s: CCState, role: str, move: Action, st: Style = DEFAULT) -> bool:
    """Whether this player, having picked ``move``, would cancel the group before it goes."""
    t = g.clone(s)
    g.apply(t, role, move)
    for _ in range(12):  # adds (and a moored ship's cargo), then the first step of the group
        op = t.op
        if op is None or not op.group:
            return False
        actions = g.legal_actions(t, role)
        group = _naval_group if g.data.units[op.group[0]].naval else _ground_group
        a = group(g, t, role, actions, st)
        if a[0] != "add" and not (st.moor and a[0] in ("embark", "load-rp")):
            return a == ("cancel",)  # (a moored ship may cancel after taking cargo aboard)
        g.apply(t, role, a)
    return False


def _landlocked_reach(g: Any, s: CCState, role: str) -> dict[str, int]:
    """Steps over land from each area to the nearest target or visible enemy."""
    return _land_distance(g, _targets(g, s, role) | set(_enemy_spots(g, s, role)))


def _landlocked(
    g: Any, s: CCState, role: str, area: str, land: dict[str, int] | None = None
) -> list[str]:
    """Our ground units in land area ``area`` that cannot reach anything worth taking over
    land (they wait for a ship); ``land``: ``_landlocked_reach`` when the caller has it."""
    if land is None:
        land = _landlocked_reach(g, s, role)
    if land.get(area, 99) < 99:
        return []
    return [x for x in g.units_at(s, area, role) if not g.data.units[x].naval]


def _ground_group(
    g: Any, s: CCState, role: str, actions: Sequence[Action], st: Style = DEFAULT
) -> Action:
    op = s.op
    assert op is not None
    adds = [a for a in actions if a[0] == "add"]
    if adds and len(op.group) < st.group:
        return adds[0]
    goes = [a for a in actions if a[0] == "go"]
    mine = _strength(g, s, op.group)
    for a in goes:
        foes = _foes(g, s, a[1], role)
        if foes and mine >= st.odds * _strength(g, s, foes):
            return a
    safe = [a for a in goes if not _foes(g, s, a[1], role)]
    targets = _targets(g, s, role, st)
    if targets and safe:
        dist = _land_distance(g, targets)
        here = s.units[op.group[0]].loc
        best = min(safe, key=lambda a: (dist.get(a[1], 99), a[1]))
        if dist.get(best[1], 99) < dist.get(here, 99):
            return best
    if ("halt",) in actions:
        return ("halt",)
    if safe:
        return safe[0]
    return ("cancel",) if ("cancel",) in actions else actions[-1]


def _naval_group(
    g: Any, s: CCState, role: str, actions: Sequence[Action], st: Style = DEFAULT
) -> Action:
    op = s.op
    assert op is not None
    aboard = naval.cargo(s, op.group)
    if st.station and not aboard:
        posted = _to_station(g, s, role, actions, st)
        if posted is not None:
            return posted
    targets = _targets(g, s, role, st)
    if aboard:
        lands = [a for a in actions if a[0] == "land" and a[1] in targets]
        if lands:
            return lands[0]
        if ("unload",) in actions:
            return ("unload",)
    if not op.moved:
        adds = [a for a in actions if a[0] == "add"]
        if adds and len(op.group) < st.group:
            return adds[0]
        embarks = [a for a in actions if a[0] == "embark"]
        if embarks and len(aboard) < st.cargo:
            return embarks[0]
        loads = [a for a in actions if a[0] == "load-rp"]
        if loads and not aboard and not naval.rps_on(s, op.group):
            return loads[0]
    goes = [a for a in actions if a[0] == "go"]
    roomy = [a for a in goes if not _crowded(g, s, role, a[1], len(aboard))]
    goes = roomy or goes  # (never strand a stack that has not moved: it would be chosen again)
    here = s.units[op.group[0]].loc
    if goes and not aboard:
        # An empty ship fetches the troops that cannot reach anything worth taking by land.
        land = _land_distance(g, targets | set(_enemy_spots(g, s, role)))
        waiting = {
            s.units[x].loc
            for x in _idle_ground(g, s, role)
            if x not in s.aboard
            and g.data.areas[s.units[x].loc].kind == "land"
            and land.get(s.units[x].loc, 99) >= 99
        }
        # Ships are activated only by an RP in their port or aboard (7.c): fetch troops
        # only where that RP will be, else come home to where the RPs arrive.
        bases = _bases(g, s, role)
        if not naval.rps_on(s, op.group):
            waiting &= bases
        if waiting and here not in waiting:
            near = g.data.map.distances(waiting)
            best = min(goes, key=lambda a: (near.get(a[1], 99), a[1]))
            if near.get(best[1], 99) < near.get(here, 99):
                return best
        if op.moved and bases and here not in bases and op.group[0] not in g.truk:
            near = g.data.map.distances(bases)
            best = min(goes, key=lambda a: (near.get(a[1], 99), a[1]))
            if near.get(best[1], 99) < near.get(here, 99):
                return best
    if goes:
        mine = _strength(g, s, op.group)
        for a in goes:
            foes = _foes(g, s, a[1], role)
            if foes and mine >= st.odds * _strength(g, s, foes) and not aboard:
                return a
        safe = [a for a in goes if not _foes(g, s, a[1], role)]
        if st.moor and not aboard:
            # an empty ship with nothing above to do stays in port (or halts where it is)
            if not op.moved and ("cancel",) in actions:
                return ("cancel",)
            safe = []
        if targets and safe:
            dist = g.data.map.distances(targets)
            best = min(safe, key=lambda a: (dist.get(a[1], 99), a[1]))
            if dist.get(best[1], 99) < dist.get(here, 99):
                return best
        at_sea = [x for x in g.units_at(s, here, role) if not g.data.units[x].naval]
        if aboard and safe and len(at_sea) > 3 and g.data.areas[here].kind == "sea":
            # More than three ground units of ours left in a sea area lose the excess (7.2):
            # put these ashore in a port of ours instead.
            ports = _bases(g, s, role) or _ports(g, s, role)
            near = g.data.map.distances(ports) if ports else {}
            best = min(safe, key=lambda a: (near.get(a[1], 99), a[1]))
            if near.get(best[1], 99) < near.get(here, 99):
                return best
    if st.haven and op.moved and g.data.areas[here].kind == "sea":
        shelter = _haven(g, s, role, actions, targets)
        if shelter is not None:
            return shelter
    if ("halt",) in actions:
        return ("halt",)
    if goes:
        return goes[0]
    return ("cancel",) if ("cancel",) in actions else actions[-1]


def _open_stations(g: Any, s: CCState, role: str, st: Style, group: Sequence[str]) -> set[str]:
    """The style's stations without ships of ours (those of ``group`` not counted)."""
    units = g.data.units
    return {
        a
        for a in st.station
        if not any(units[x].naval and x not in group for x in g.units_at(s, a, role))
    }


def _to_station(
    g: Any, s: CCState, role: str, actions: Sequence[Action], st: Style
) -> Action | None:
    """An empty naval group's step towards a station nobody keeps (or its stop there)."""
    op = s.op
    assert op is not None
    posts = _open_stations(g, s, role, st, op.group)
    if not posts:
        return None
    here = s.units[op.group[0]].loc
    if here in posts:
        return ("halt",) if ("halt",) in actions else None
    if not op.moved:
        adds = [a for a in actions if a[0] == "add"]
        if adds and len(op.group) < st.group:
            return adds[0]
    if st.moor:
        # only a station reached by seas without enemy units this seat sees
        areas = g.data.areas
        posts = {a for a in posts if not _foes(g, s, a, role)}
        near = g.data.map.distances(
            posts, lambda a: a == here or (areas[a].kind == "sea" and not _foes(g, s, a, role))
        )
    else:
        near = g.data.map.distances(posts)
    safe = [a for a in actions if a[0] == "go" and not _foes(g, s, a[1], role)]
    if safe:
        best = min(safe, key=lambda a: (near.get(a[1], 99), a[1]))
        if near.get(best[1], 99) < near.get(here, 99):
            return best
    return None


def _haven(
    g: Any, s: CCState, role: str, actions: Sequence[Action], targets: set[str]
) -> Action | None:
    """Instead of stopping at sea (where no RP will ever move the ships again, 7.c): put the
    troops aboard ashore on a quiet island area of ours, else sail for a port of ours."""
    op = s.op
    assert op is not None
    if naval.cargo(s, op.group):
        lands = [
            a
            for a in actions
            if a[0] == "land" and s.control.get(a[1]) == role and not _foes(g, s, a[1], role)
        ]
        if lands:
            dist = _land_distance(g, targets | set(_enemy_spots(g, s, role)))
            return min(lands, key=lambda a: (dist.get(a[1], 99), a[1]))
    here = s.units[op.group[0]].loc
    safe = [a for a in actions if a[0] == "go" and not _foes(g, s, a[1], role)]
    ports = _bases(g, s, role) or _ports(g, s, role)
    if not safe or not ports:
        return None
    near = g.data.map.distances(ports)
    best = min(safe, key=lambda a: (near.get(a[1], 99), a[1]))
    return best if near.get(best[1], 99) < near.get(here, 99) else None
