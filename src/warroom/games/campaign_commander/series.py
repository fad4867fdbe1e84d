"""The Campaign Commander series engine: one Game class whose hooks are the series rules.

A campaign subclasses ``SeriesGame``, points it at its data folder and overrides the hooks
where its special rules change series behaviour (costs, terrain, cups, placement, cards,
victory). The rule procedures live in the modules beside this one (sequence, cards,
operations, supply, movement, naval, combat, retreat, isolation, fortress, leaders); this
class routes prompts to them and runs the automatic steps between decisions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from mypy_extensions import mypyc_attr

from warroom.engine import Action, Game, Outcome, Rng, Seed
from warroom.engine.contract import OptionValue, plain
from warroom.games.campaign_commander import (
    cards,
    combat,
    fortress,
    isolation,
    leaders,
    naval,
    operations,
    present,
    reactions,
    retreat,
    sequence,
    units,
)
from warroom.games.campaign_commander.model import DEAD, CampaignData, CardDef, ChitDef, Effect
from warroom.games.campaign_commander.state import Battle, CCState, Op, Unit

T = TypeVar("T")
KEEP = 4096  # answers kept by SeriesGame.keep (forgotten all at once when full)
_MISSING = object()

OWNER_TASKS: dict[str, tuple[Any, Any]] = {
    "excess": (naval.excess_actions, naval.apply_excess),  # 7.2
    "cargo": (naval.cargo_actions, naval.apply_cargo),  # 7.4.1-7.4.3
    "port": (naval.port_actions, naval.apply_port),  # 9.6.3.e
    "leader": (leaders.actions, leaders.apply),  # 12
}


@mypyc_attr(allow_interpreted_subclasses=True)
class SeriesGame(Game[CCState]):
    """Series rules 1-12. Subclasses set ``data_folder`` and override hooks."""

    hidden_information = True
    simultaneous = True
    log_headings: ClassVar[Mapping[str, int]] = {
        "fall-blau": 1, "choices": 1, "game-end": 1, "operation": 2, "battle": 2,
    }  # fmt: skip
    max_steps = 60_000
    data_folder: ClassVar[Path]

    def __init__(self) -> None:
        self.data = CampaignData(self.data_folder, self.roles)
        m = self.data.map
        self.side_of = {u: d.side for u, d in self.data.units.items() if not d.leader}
        # unit -> the side whose areas it holds (leaders hold nothing: 9.6.6, 12)
        self.holders = {u: d.side for u, d in self.data.units.items() if not d.leader}
        # answers that depend only on the map and on what their key holds (keep)
        self.kept: dict[Any, Any] = {}
        self.complex_ground = frozenset(u for u in self.data.units if not self.simple_ground(u))
        # the units whose places the complex ground's ``passable_for`` reads
        self.way_movers = frozenset(u for u in self.data.units if self.moves_the_way(u))
        self.unit_rank = {u: i for i, u in enumerate(self.data.units)}  # data order
        self.value_table = {u: units.value_table(d) for u, d in self.data.units.items()}
        self.leaders = frozenset(u for u, d in self.data.units.items() if d.leader)
        self.land_areas = frozenset(a for a, ad in m.areas.items() if ad.kind == "land")
        # the campaign limits supply paths by their borders (else every border lets them by)
        self.supply_borders = type(self).supply_crossable is not SeriesGame.supply_crossable
        self.land_neighbors = {
            a: tuple(b for b in m.neighbors[a] if m.areas[b].kind == "land") for a in m.areas
        }
        self.sea_neighbors = {
            a: tuple(b for b in m.neighbors[a] if m.areas[b].kind == "sea") for a in m.areas
        }

    # ----- set-up ---------------------------------------------------------------------------
    def setup(self, scenario: str, options: Mapping[str, OptionValue], seed: Seed) -> CCState:
        d = self.data
        s = CCState(Rng.for_seed(seed))
        for uid, ud in d.units.items():
            s.units[uid] = Unit(ud.setup)
        s.rps = {r: dict(d.setup_rps[r]) for r in self.roles}
        naval.embark_setup(self, s)
        s.control = {a: ad.control for a, ad in d.areas.items()}
        s.forts = {a: ad.control for a, ad in d.areas.items() if ad.fortress}
        s.ops = {r: 0 for r in self.roles}
        for r in self.roles:
            deck = list(d.decks[r])
            s.rng.shuffle(deck)
            s.decks[r] = deck
            s.hands[r] = []
            s.discards[r] = []
        for r in self.roles:
            for _ in range(cards.HAND_LIMIT):
                cid = s.decks[r].pop(0)
                s.hands[r].append(cid)
            s.log_private([r], "hand", role=r, cards=list(s.hands[r]))
        self.prepare(s, scenario, options)
        isolation.update(self, s)
        self.advance(s)
        return s

    def prepare(self, s: CCState, scenario: str, options: Mapping[str, OptionValue]) -> None:
        """Campaign hook: initiative, opening tasks, flags."""

    # ----- the loop -------------------------------------------------------------------------
    def active(self, state: CCState) -> tuple[str, ...]:
        if state.ended or not state.tasks:
            return ()
        t = state.tasks[-1]
        k = t[0]
        if k == "choose":
            return tuple(r for r in self.roles if r not in state.choice)
        if k == "battle":
            assert state.battle is not None
            return (state.battle.turn,)
        if k == "target":
            return (t[1],)
        if k == "retreat":
            return (self.data.units[t[1]].side,)
        return (t[1],)

    def legal_actions(self, state: CCState, role: str) -> Sequence[Action]:
        cache = state.cache
        if cache is not None and cache[0] == role:
            return cache[1]
        acts = list(self._legal(state, role))
        state.cache = (role, acts)
        return acts

    def _legal(self, state: CCState, role: str) -> Sequence[Action]:
        if role not in self.active(state):
            return []
        t = state.tasks[-1]
        k = t[0]
        if k == "choose":
            return sequence.choose_actions(self, state, role)
        if k == "card":
            return cards.card_actions(self, state, role)
        if k == "op-rp":
            return operations.rp_actions(self, state, role)
        if k == "op":
            return operations.op_actions(self, state, role)
        if k == "place":
            return self.place_actions(state, t)
        if k == "battle":
            return combat.battle_actions(self, state, role)
        if k == "target":
            return combat.target_actions(self, state, role)
        if k == "retreat":
            return retreat.options(self, state, t)
        if k == "refuge":
            return fortress.refuge_actions(self, state, role)
        if k == "react":
            return reactions.actions(self, state, t)
        if k in OWNER_TASKS:
            return OWNER_TASKS[k][0](self, state, t)
        return self.campaign_actions(state, t)

    def apply(self, state: CCState, role: str, action: Action) -> None:
        state.steps += 1
        state.cache = None
        k = state.tasks[-1][0]
        if k == "choose":
            sequence.apply_choice(self, state, role, action)
        elif k == "card":
            cards.apply_card_option(self, state, role, action)
        elif k == "op-rp":
            operations.start(self, state, role, *action[1:])
        elif k == "op":
            operations.apply_op(self, state, role, action)
        elif k == "place":
            self.apply_place(state, action)
        elif k == "battle":
            combat.apply_battle(self, state, role, action)
        elif k == "target":
            combat.resolve_target(self, state, action[1])
        elif k == "retreat":
            retreat.apply(self, state, action)
        elif k == "refuge":
            fortress.apply_refuge(self, state, action)
        elif k == "react":
            reactions.apply(self, state, role, action)
        elif k in OWNER_TASKS:
            OWNER_TASKS[k][1](self, state, action)
        else:
            self.apply_campaign(state, role, action)
        self.advance(state)

    def advance(self, s: CCState) -> None:
        """Run every step that needs no decision, until one does or the game ends."""
        for _ in range(10_000):
            if s.ended:
                return
            if s.sieges:
                fortress.update(self, s)
            self.check_end(s)
            if s.ended:
                return
            if not s.tasks:
                s.tasks.append(("choose",))
                return
            t = s.tasks[-1]
            k = t[0]
            if k == "battle":
                b = s.battle
                assert b is not None
                if combat.battle_over(self, s):
                    combat.finish(self, s)
                    continue
                empty = [r for r in (b.turn, self.other(b.turn)) if not b.drawn[r]]
                if empty:
                    for r in empty:  # 9.5.5: a side out of chits draws again at once
                        combat.draw(self, s, b, r)
                    if not b.drawn[b.turn] and not b.drawn[self.other(b.turn)]:
                        b.stuck = True  # neither side can draw a chit: nothing can happen
                        s.log("battle-deadlocked", area=b.area)
                        continue
                    if not b.drawn[b.turn]:
                        b.turn = self.other(b.turn)  # a side without chits cannot reveal
                    if b.stuck:
                        continue
                return
            if k == "target":
                cands = combat.candidates(self, s, t)
                if not cands or s.battle is None:
                    s.tasks.pop()
                    s.log("no-target", chit=t[7], role=t[2])
                    continue
                if len(cands) == 1:
                    combat.resolve_target(self, s, cands[0])
                    continue
                return
            if k == "retreat":
                if retreat.auto(self, s):
                    continue
                return
            if k == "op-rp":
                acts = operations.rp_actions(self, s, t[1])
                if not acts:
                    s.tasks.pop()
                    s.log("no-rp", role=t[1])
                    continue
                if len(acts) == 1:
                    operations.start(self, s, t[1], *acts[0][1:])
                    continue
                return
            if k == "op":
                op = s.op
                if op is None:
                    s.tasks.pop()
                    continue
                if not op.group:
                    acts = operations.op_actions(self, s, t[1])
                    if acts == [("done",)]:  # (with no SP left, only free choices remain)
                        operations.finish(self, s)
                        continue
                    if reactions.op_window(self, s):
                        continue
                    s.cache = (t[1], acts)
                return
            if k == "react":
                if t[2] == "battle" and (s.battle is None or combat.battle_over(self, s)):
                    s.tasks.pop()
                    continue
                if not self.reaction_cards(s, t[1], t[2]):
                    s.tasks.pop()
                    continue
                return
            if k in OWNER_TASKS:
                acts = OWNER_TASKS[k][0](self, s, t)
                if not acts:
                    s.tasks.pop()
                    continue
                if len(acts) == 1:
                    OWNER_TASKS[k][1](self, s, acts[0])
                    continue
                return
            if k == "place":
                if not self.place_actions(s, t):
                    s.tasks.pop()
                    s.log("placement-lost", role=t[1], what=t[2])
                    continue
                return
            if self.campaign_auto(s, t):
                continue
            return
        raise RuntimeError("the automatic steps did not settle")

    def keep(self, key: Any, make: Callable[[], T]) -> T:
        """``make()``, kept under ``key`` for every state: only for answers that depend on
        nothing but the (fixed) campaign data and what ``key`` holds."""
        kept = self.kept
        found = kept.get(key, _MISSING)
        if found is _MISSING:
            if len(kept) >= KEEP:
                kept.clear()
            found = kept[key] = make()
        return found

    def check_end(self, s: CCState) -> None:
        """Campaign hook: end the game when a standing condition holds."""

    # ----- placement (RPs, reinforcements, returning units) ---------------------------------
    def place_actions(self, s: CCState, t: tuple[Any, ...]) -> list[Action]:
        _, role, what, _n, src = t
        if what == "rp":
            return [("place", a) for a in self.rp_places(s, role)]
        return [("place", a) for a in self.reinforce_places(s, role, src)]

    def apply_place(self, s: CCState, action: Action) -> None:
        _, role, what, n, src = s.tasks.pop()
        area = action[1]
        if what == "rp":
            s.rps[role][area] = s.rps[role].get(area, 0) + 1
            s.log("rp-placed", role=role, area=area)
            self.on_rp_placed(s, role, area)
            if n > 1:
                s.tasks.append(("place", role, what, n - 1, src))
        else:
            s.units[src] = Unit(area, dep=(what == "return"))
            s.log("reinforcement", role=role, unit=src, area=area, depleted=what == "return")
            self.take_control(s, role, area)
        isolation.update(self, s)

    def rp_places(self, s: CCState, role: str) -> list[str]:
        """Series default: any controlled city."""
        return sorted(
            a for a, ad in self.data.areas.items() if ad.city and s.control.get(a) == role
        )

    def reinforce_places(self, s: CCState, role: str, uid: str) -> list[str]:
        return [a for a in self.rp_places(s, role) if not self.has_units(s, a, self.other(role))]

    def on_rp_placed(self, s: CCState, role: str, area: str) -> None:
        """Campaign hook (e.g. alternation of sectors)."""

    # ----- campaign extension points for extra tasks -----------------------------------------
    def campaign_actions(self, s: CCState, t: tuple[Any, ...]) -> list[Action]:
        raise RuntimeError(f"unknown task {t[0]!r}")

    def apply_campaign(self, s: CCState, role: str, action: Action) -> None:
        raise RuntimeError(f"unknown task {s.tasks[-1][0]!r}")

    def campaign_auto(self, s: CCState, t: tuple[Any, ...]) -> bool:
        return False

    def campaign_prompt(self, s: CCState, t: tuple[Any, ...]) -> str:
        return str(t[0])

    # ----- unit queries (shared by the rule modules) ----------------------------------------
    def other(self, role: str) -> str:
        return units.other(self, role)

    def units_at(
        self, s: CCState, area: str, role: str | None = None, leaders: bool = False
    ) -> list[str]:
        return units.units_at(self, s, area, role, leaders)

    def has_units(self, s: CCState, area: str, role: str, naval: bool | None = None) -> bool:
        return units.has_units(self, s, area, role, naval)

    def enemy_occupied(self, s: CCState, area: str, role: str) -> bool:
        return units.enemy_occupied(self, s, area, role)

    def values(self, s: CCState, uid: str) -> tuple[int, int, int]:
        return units.values(self, s, uid)

    def foes_at(self, s: CCState, area: str, role: str) -> list[str]:
        """Enemy units a force of ``role`` entering ``area`` must fight (same kind, not inside)."""
        units = s.units
        here = units.where().get(area)
        if not here:
            return []
        key = ("foes", area, role)
        found = units.memo.get(key)
        if found is None:
            sea = self.data.map.areas[area].kind == "sea"
            foe = self.other(role)
            defs = self.data.units
            found = units.memo[key] = tuple(
                uid
                for uid in here
                if defs[uid].side == foe
                and not defs[uid].leader
                and not units[uid].inside
                and defs[uid].naval == sea
            )
        return list(found)

    def unit_matches(self, s: CCState, uid: str, flt: str) -> bool:
        d = self.data.units[uid]
        if not flt:
            return True
        if flt == "armor":
            return d.armored
        if flt == "naval":
            return d.naval
        if flt == "ground":
            return not d.naval and not d.leader
        return flt == d.type or flt == d.nation or flt in d.tags

    # ----- hooks: operations and costs (series 5.5.2) ---------------------------------------
    def sp_per_rp(self, s: CCState, role: str) -> int:
        return 6

    def action_cost(
        self, s: CCState, role: str, base: int, group: Sequence[str] | None = None
    ) -> int:
        return base

    def move_cost(self, s: CCState, role: str, group: Sequence[str]) -> int:
        return self.action_cost(s, role, operations.COST_MOVE, group)

    def card_cost(self, s: CCState, role: str, c: CardDef) -> int:
        return self.action_cost(s, role, c.cost)

    def may_move(self, s: CCState, uid: str) -> bool:
        return True

    def may_join(self, s: CCState, group: Sequence[str], uid: str) -> bool:
        return True

    def may_repair(self, s: CCState, uid: str) -> bool:
        return True

    def rebuild_allowed(self, s: CCState, role: str) -> bool:
        return True

    def on_operation_start(self, s: CCState, role: str) -> None:
        pass

    def on_operation_end(self, s: CCState, role: str) -> None:
        pass

    def on_rebuild(self, s: CCState, role: str, uid: str) -> None:
        pass

    def op_extra(self, s: CCState, op: Op, area_reach: set[str]) -> list[Action]:
        """Campaign hook: more operation choices (e.g. building an airfield)."""
        return []

    def op_free(self, s: CCState, op: Op) -> list[Action]:
        """Campaign hook: choices at the operation menu that cost no SP and are offered even
        when none is left (e.g. arranging one's stacks); carried out by ``apply_op_extra``.
        Each must be bounded (not offered again and again), or a game could go on forever."""
        return []

    def apply_op_extra(self, s: CCState, op: Op, action: Action) -> None:
        raise RuntimeError(f"unknown operation action {action!r}")

    # ----- hooks: movement and terrain ------------------------------------------------------
    def enter(
        self, s: CCState, op: Op, frm: str, dest: str, mp: int, spent: int
    ) -> tuple[int, bool] | None:
        """(movement cost, must stop) for the group entering ``dest``, or None if it may not."""
        if not all(self.passable_for(s, u, dest) for u in op.group):
            return None
        return 1, False

    def on_cross(self, s: CCState, op: Op, frm: str, dest: str, border: str) -> None:
        pass

    def group_extra(self, s: CCState, op: Op) -> list[Action]:
        """Campaign hook: more choices for a moving group (e.g. leaving the map)."""
        return []

    def apply_group_extra(self, s: CCState, op: Op, action: Action) -> None:
        raise RuntimeError(f"unknown group action {action!r}")

    def group_mp_bonus(self, s: CCState, group: Sequence[str]) -> int:
        return 0

    def simple_ground(self, uid: str) -> bool:
        """True when only the kind of area limits where this ground unit may go (isolation).
        Where it is not, ``passable_for`` may depend on the area and on where the units stand,
        nothing else (the isolation pass looks at such units again only after a move)."""
        return True

    def moves_the_way(self, uid: str) -> bool:
        """True when where this unit stands may change ``passable_for`` of a unit that is not
        ``simple_ground`` (by default every unit may: a campaign whose complex ground reads
        fewer says which; the isolation pass looks at that ground again only when one of
        these has changed)."""
        return True

    def passable_for(self, s: CCState, uid: str, area: str) -> bool:
        d = self.data.units[uid]
        kind = self.data.map.areas[area].kind
        if d.naval:
            return kind == "sea" or self.data.areas[area].port
        return kind == "land"

    def supply_crossable(self, s: CCState, role: str, a: str, b: str) -> bool:
        return True

    def take_control(self, s: CCState, role: str, area: str) -> None:
        """The last side to move through an area free of enemy units controls it."""
        if self.has_units(s, area, self.other(role)):
            return
        if s.forts.get(area, role) != role:
            return
        if s.control.get(area) != role:
            s.control[area] = role
            s.log("control", role=role, area=area)

    # ----- hooks: naval ---------------------------------------------------------------------
    def transport_capacity(self, s: CCState, group: Sequence[str]) -> tuple[int, int]:
        """(ground units, RPs) a naval stack may carry (7.2: three ground units at sea)."""
        return naval.SEA_LIMIT, sum(self.ship_capacity(s, x)[1] for x in group)

    def ship_capacity(self, s: CCState, ship: str) -> tuple[int, int]:
        """(ground units, RPs) one ship may carry (the series sets no limit of its own beyond
        the stack's)."""
        return naval.SEA_LIMIT, 99

    def naval_may_end(self, s: CCState, role: str, area: str) -> bool:
        return naval.near_port(self, s, role, area)

    def naval_cargo_effect(self, s: CCState, uid: str, what: str) -> None:
        naval.cargo_effect(self, s, uid, what)

    def naval_step_cost(self, s: CCState, frm: str, dest: str) -> int:
        """Range a naval group spends to enter ``dest`` from ``frm``."""
        return 1

    def naval_may_enter(self, s: CCState, op: Op, dest: str) -> bool:
        """Campaign limits on where a naval group may go (beyond 6.4.4)."""
        return True

    def naval_retreat_may_enter(self, s: CCState, uid: str, area: str) -> bool:
        """Campaign limits on where a retreating naval unit may go (beyond friendly ports)."""
        return True

    def naval_retreat(self, s: CCState, uid: str) -> None:
        naval.retreat(self, s, uid)

    # ----- hooks: combat --------------------------------------------------------------------
    def build_cup(self, s: CCState, b: Battle, role: str) -> list[str]:
        kind = "naval" if b.naval else "ground"
        cup: list[str] = []
        for key, c in self.data.chits.items():
            if c.side != role or c.kind != kind:
                continue
            if c.add_if and not self.chit_condition(s, b, role, c.add_if):
                continue
            n = c.count
            if c.extra and (not c.extra_if or self.chit_condition(s, b, role, c.extra_if)):
                n += c.extra
            cup.extend([key] * n)
        return cup

    def order_cup(self, s: CCState, cup: list[str]) -> None:
        """Mix a freshly filled cup (tests fix the order by overriding this)."""
        s.rng.shuffle(cup)

    def chit_condition(self, s: CCState, b: Battle, role: str, name: str) -> bool:
        raise ValueError(f"unknown chit condition {name!r}")

    def chit_redraw(self, s: CCState, b: Battle, role: str, c: ChitDef, got: list[str]) -> bool:
        return bool(c.redraw_if) and self.chit_condition(s, b, role, c.redraw_if)

    def chit_void(self, s: CCState, b: Battle, role: str, c: ChitDef) -> bool:
        return bool(c.void_if) and self.chit_condition(s, b, role, c.void_if)

    def tactical(self, s: CCState, b: Battle, uid: str) -> int:
        return self.values(s, uid)[0]

    def cohesion(self, s: CCState, b: Battle, uid: str) -> int:
        ch = self.values(s, uid)[1]
        if s.units[uid].iso:
            ch -= 1
        return max(1, ch)

    def check_modifier(self, s: CCState, b: Battle, uid: str) -> int:
        """Campaign modifier to a check of ``uid`` now (the chit just revealed may matter)."""
        return 0

    def chit_check_modifier(self, s: CCState, b: Battle, uid: str, chit: str) -> int:
        """Campaign modifier to a check of ``uid`` caused by ``chit`` (a chit key, or the
        name of the card that calls for the check); also asked, without rolling, to tell
        whether a chit can still land a hit. Default: ``check_modifier``."""
        return self.check_modifier(s, b, uid)

    def check_reason(self, s: CCState, b: Battle, uid: str, chit: str) -> str:
        """The words for what ``chit_check_modifier`` is for, in the log ("+2 for ...")."""
        return "the campaign's rules"

    def rescuers(self, s: CCState, area: str, role: str, attackers: Sequence[str]) -> list[str]:
        """11.3.5.c: units of ``role`` besieged inside the fortress join a relief battle."""
        if s.sieges.get(area) == self.other(role) and not any(s.units[u].inside for u in attackers):
            return fortress.inside(self, s, area, role)
        return []

    def after_battle(self, s: CCState, b: Battle, winner: str) -> None:
        """11.3.2: a battle that fails to clear a fortress area leaves it besieged."""
        owner = s.forts.get(b.area)
        if owner == b.defender and winner == b.attacker and b.area not in s.sieges:
            s.sieges[b.area] = b.attacker
            s.log("siege", role=b.attacker, area=b.area)

    def retreat_steps(self, s: CCState, uid: str) -> int:
        return retreat.STEPS

    def retreat_edge(self, role: str) -> str:
        return "west" if role == self.roles[0] else "east"

    def retreat_crossable(self, s: CCState, uid: str, a: str, b: str) -> bool:
        return True

    def retreat_extra(self, s: CCState, uid: str, task: tuple[Any, ...]) -> list[Action]:
        """Campaign hook: more retreat choices (e.g. onto ships at sea)."""
        return []

    def escapes_isolation(self, s: CCState, uid: str) -> bool:
        """Campaign hook: an isolated unit disorganized in battle retreats instead of dying."""
        return False

    def apply_retreat_extra(self, s: CCState, uid: str, action: Action) -> None:
        """Campaign hook: carry out a retreat choice other than retreat/stay/inside."""
        raise RuntimeError(f"unknown retreat action {action!r}")

    def may_stop_retreat(self, s: CCState, uid: str, area: str) -> bool:
        side = self.data.units[uid].side
        return s.rps[side].get(area, 0) > 0 or s.forts.get(area) == side

    def siege_number(self, s: CCState, area: str) -> int:
        return int(self.data.settings.get("siege_number", 5))

    # ----- hooks: cards ---------------------------------------------------------------------
    def card_playable(self, s: CCState, role: str, c: CardDef) -> bool:
        if not cards.requirements_met(self, s, role, c):
            return False
        if c.type == "attack":
            b = s.battle
            if b is None or b.attacker != role or s.op is None:
                return False
            return s.op.sp >= self.card_cost(s, role, c)
        if c.type == "tactics":
            return s.battle is not None
        if c.type == "event":
            op = s.op
            if op is None or op.group:
                return False
            # 2.3.1: during any operation; in the opponent's, not one that feeds one's own
            return op.role == role or not any(e.do == "sp" for e in c.effects)
        return True

    def reaction_cards(self, s: CCState, role: str, where: str) -> list[str]:
        """Cards ``role`` may play while the other side acts (2.3.4): ``where`` is "battle"
        (after the other side revealed a chit) or "op" (the other side's operation)."""
        out: list[str] = []
        if where == "battle":
            b = s.battle
            if b is None:
                return out
            for cid in s.hands[role]:
                c = self.data.cards[cid]
                kind_ok = c.type == "tactics" or (c.type == "attack" and role == b.attacker)
                if kind_ok and self.card_playable(s, role, c):
                    out.append(cid)
        elif s.op is not None and s.op.role != role:
            for cid in s.hands[role]:
                c = self.data.cards[cid]
                if c.type == "event" and self.card_playable(s, role, c):
                    out.append(cid)
        return out

    def condition(self, s: CCState, role: str, name: str) -> bool:
        raise ValueError(f"unknown card condition {name!r}")

    def card_effect(self, s: CCState, role: str, c: CardDef, e: Effect) -> None:
        """Carry out one effect of the vocabulary (see cards.py); tasks go on the stack."""
        if e.do == "rp":
            s.tasks.append(("place", role, "rp", e.n, c.id))
        elif e.do == "units":
            for uid in reversed(e.units):
                if s.units[uid].loc in ("pool", "absent"):
                    s.tasks.append(("place", role, "unit", 1, uid))
        elif e.do == "pool":
            for uid in reversed(cards.pool_units(self, s, role, e.filter)[: e.n]):
                s.tasks.append(("place", role, "unit", 1, uid))
        elif e.do == "return":
            for uid in reversed(cards.returnable(self, s, role, e.filter)[: e.n]):
                s.tasks.append(("place", role, "return", 1, uid))
        elif e.do == "sp":
            if s.op is not None:
                s.op.sp += e.n
                s.log("sp-gained", role=role, n=e.n, left=s.op.sp)
        elif e.do == "chits":
            b = s.battle
            if b is not None:
                self.draw_more(s, b, role, e.n)
        elif e.do == "hit":
            if s.battle is not None:
                s.tasks.append(
                    ("target", self.other(role), self.other(role), "check", e.mod, e.fail, e.filter, c.name)
                )  # fmt: skip
        elif e.do == "steady":
            if s.battle is not None:
                s.battle.mods[role] = s.battle.mods.get(role, 0) + e.mod
        elif e.do == "special":
            self.special(s, role, c, e)
        else:
            raise ValueError(f"card {c.id}: unknown effect {e.do!r}")

    def draw_more(self, s: CCState, b: Battle, role: str, n: int) -> None:
        got = []
        for _ in range(n):
            if not b.cups[role]:
                combat.refill(self, s, b, role)
            if b.cups[role]:
                got.append(b.cups[role].pop())
        b.drawn[role].extend(got)
        s.reveals += 1
        s.log_private([role], "chits-drawn", role=role, chits=got)
        s.log("chits-draw", role=role, count=len(got))

    def special(self, s: CCState, role: str, c: CardDef, e: Effect) -> None:
        raise ValueError(f"card {c.id}: unknown special effect {e.name!r}")

    def after_card(self, s: CCState, role: str, c: CardDef | None) -> None:
        pass

    # ----- hooks: the sequence --------------------------------------------------------------
    def sequence_modifier(self, s: CCState, role: str) -> int:
        return 2 if s.initiative == role else 0

    def invariants(self, s: CCState) -> list[str]:
        """Campaign hook: what else must hold in every state (see invariants.py)."""
        return []

    # ----- victory --------------------------------------------------------------------------
    def victory_points(self, s: CCState) -> dict[str, float]:
        return {r: 0.0 for r in self.roles}

    def outcome(self, state: CCState) -> Outcome | None:
        if not state.ended:
            return None
        vp = self.victory_points(state)
        a, b = self.roles
        why = present.END_WORDS.get(state.ended, state.ended.replace("-", " "))
        if vp[a] == vp[b]:
            return Outcome(None, vp, "draw", f"A draw at {vp[a]:g} VP ({why})")
        w = a if vp[a] > vp[b] else b
        margin = abs(vp[a] - vp[b])
        level = "decisive" if margin >= 10 else "marginal" if margin < 4 else "clear"
        return Outcome(
            w,
            vp,
            level,
            f"{present.says(self, w, 'win')} {vp[w]:g} VP to {vp[self.other(w)]:g}, a {level}"
            f" victory ({why})",
        )

    def clone(self, state: CCState) -> CCState:
        return state.clone()

    def snapshot(self, state: CCState) -> Any:
        return plain(state.clone())  # the clone drops the cache of legal actions

    # ----- presentation ---------------------------------------------------------------------
    def help_tables(self) -> dict[str, str]:
        """Markdown drawn from the campaign's data for its rules help (``warroom/kit/help.py``):
        ``chits``, every battle chit of each side, how many the cup holds and what it does."""
        return {"chits": chit_table(self.data)}

    def prompt_text(self, state: CCState, role: str) -> str:
        return present.prompt_text(self, state, role)

    def view(self, state: CCState, role: str | None) -> dict[str, Any]:
        return present.view(self, state, role)

    def label(self, state: CCState, role: str, action: Action) -> str:
        return present.label(self, state, role, action)

    def describe_event(self, event: dict[str, Any]) -> str:
        return present.describe_event(self, event)

    def role_name(self, role: str) -> str:
        return present.side(self, role)

    def choice_group(self, state: CCState, role: str, action: Action) -> str:
        return present.choice_group(self, state, role, action)

    def render_text(self, state: CCState, role: str | None) -> str:
        return present.render_text(self, state, role)

    def determinize(self, state: CCState, role: str, rng: Rng) -> CCState:
        return present.determinize(self, state, role, rng)

    def unit_dead(self, s: CCState, uid: str) -> bool:
        return s.units[uid].loc == DEAD


def chit_table(data: CampaignData) -> str:
    """The battle chits as Markdown tables (one per kind of battle when there are two)."""
    kinds = sorted({c.kind for c in data.chits.values()}, key=lambda k: k != "ground")
    out = []
    for kind in kinds:
        if len(kinds) > 1:
            out.append(f"**{kind.capitalize()} battles**\n")
        out.append("| side | chit | in the cup | what it does |\n|---|---|---|---|")
        for key, c in data.chits.items():
            if c.kind != kind:
                continue
            many = str(c.count) + (f" (+{c.extra})" if c.extra else "")
            name = key.split(":", 1)[1]
            text = c.text.replace("|", "\\|")
            out.append(f"| {c.side.capitalize()} | {name} | {many} | {text} |")
        out.append("")
    return "\n".join(out)
