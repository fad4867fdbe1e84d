"""Roads to Stalingrad: the campaign's special rules 1-19 as overrides of the series hooks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from mypy_extensions import mypyc_attr

from warroom.engine import Action, OptionValue, ScenarioSpec
from warroom.games.campaign_commander import combat, isolation
from warroom.games.campaign_commander.model import DEAD, GONE, OFF_MAP, CardDef, Effect
from warroom.games.campaign_commander.series import SeriesGame
from warroom.games.campaign_commander.state import Battle, CCState, Op

AXIS, SOVIET = "axis", "soviet"
WINTER_CLOSES_VOLGA = 5  # cards played/discarded after Winter Arrives before the Volga reopens
NON_GERMAN = ("italian", "hungarian", "rumanian")


@mypyc_attr(allow_interpreted_subclasses=True)
class RoadsToStalingrad(SeriesGame):
    id = "roads-to-stalingrad"
    title = "Campaign Commander: Roads to Stalingrad"
    version = "5"  # 5: a reaction window that did not open is a reveal (no undo past it)
    roles = (AXIS, SOVIET)
    scenarios = (
        ScenarioSpec(
            "fall-blau", "Fall Blau, 28 June 1942", "The whole campaign to February 1943."
        ),
    )
    data_folder = Path(__file__).parent / "data"

    def __init__(self) -> None:
        super().__init__()
        m = self.data.map
        self.near2 = {a: frozenset(m.distances(a, limit=2)) for a in m.areas}
        units = self.data.units
        self.armored = frozenset(u for u, d in units.items() if d.armored)
        self.allied_units = tuple(u for u, d in units.items() if d.nation in NON_GERMAN)
        self.german_infantry = frozenset(
            u for u, d in units.items() if d.nation == "german" and d.type == "infantry"
        )
        areas = self.data.areas
        self.mountains = frozenset(a for a, ad in areas.items() if ad.terrain == "mountain")
        self.cities = tuple(a for a, ad in areas.items() if ad.city)
        self.supply_symbols = tuple(a for a, ad in areas.items() if ad.supply)

    # ----- set-up: initiative (4) and the Fall Blau opening operation (12) -------------------
    def prepare(self, s: CCState, scenario: str, options: Mapping[str, OptionValue]) -> None:
        s.initiative = AXIS
        s.flags.update(winter_at=-1, railheads=0, d45_next="", soviet_reinf=0, rebuild_op=-9)
        s.tasks = [("op-rp", AXIS)]
        s.log("fall-blau", role=AXIS)

    # ----- helpers --------------------------------------------------------------------------
    def winter(self, s: CCState) -> bool:
        return "Winter Arrives" in s.permanent

    def volga_closed(self, s: CCState) -> bool:
        w = s.flags["winter_at"]
        return w >= 0 and s.cards_count - w < WINTER_CLOSES_VOLGA

    def border_kind(self, s: CCState, a: str, b: str) -> str:
        """The border as it works now: the Volga becomes a major river five cards after winter."""
        kind = self.data.map.border(a, b)
        if kind == "volga" and self.winter(s) and not self.volga_closed(s):
            return "major"
        if kind == "straits":
            return "major"
        return kind

    def infantry_only(self, group: Sequence[str]) -> bool:
        return all(
            self.data.units[u].type == "infantry" for u in group if not self.data.units[u].leader
        )

    def with_manstein(self, s: CCState, area: str) -> bool:
        m = s.units.get("manstein")
        return m is not None and m.loc == area

    # ----- 8, 13: SP costs --------------------------------------------------------------------
    def action_cost(
        self, s: CCState, role: str, base: int, group: Sequence[str] | None = None
    ) -> int:
        if role == AXIS and self.winter(s) and s.op is not None and s.op.role == AXIS:
            if group is not None and self.infantry_only(group):
                return base
            return base * 2
        return base

    def move_cost(self, s: CCState, role: str, group: Sequence[str]) -> int:
        armored = self.armored
        base = 2 if any(u in armored for u in group) else 1
        return self.action_cost(s, role, base, group)

    # ----- 11: one rebuild every two Axis operations -----------------------------------------
    def rebuild_allowed(self, s: CCState, role: str) -> bool:
        return role != AXIS or s.flags["rebuild_op"] < s.ops[AXIS] - 1

    def on_rebuild(self, s: CCState, role: str, uid: str) -> None:
        if role == AXIS:
            s.flags["rebuild_op"] = s.ops[AXIS]

    # ----- 1, 3, 9, 10: movement -------------------------------------------------------------
    def simple_ground(self, uid: str) -> bool:
        return self.data.units[uid].nation not in NON_GERMAN

    def moves_the_way(self, uid: str) -> bool:
        # 3.a, 3.b: the allies' way depends on where the allies' units stand, nothing else
        return self.data.units[uid].nation in NON_GERMAN

    def passable_for(self, s: CCState, uid: str, area: str) -> bool:
        d = self.data.units[uid]
        if d.nation not in NON_GERMAN:
            return self.data.areas[area].kind == "land"
        # the answer for a nationality depends on where the allies' units stand (3.a, 3.b):
        # kept until a unit moves, and for every state with the allies where they are
        key = ("passable", d.nation, d.naval, area)
        memo = s.units.memo
        ok = memo.get(key)
        if ok is None:
            spots = memo.get("allied")
            if spots is None:
                spots = memo["allied"] = self._allied_spots(s)
            ok = memo[key] = self.keep(
                (*key, spots), lambda: self._allied_passable(s, uid, area, spots)
            )
        return ok

    def _allied_spots(self, s: CCState) -> frozenset[tuple[str, str, bool]]:
        """(nation, area, leader) of every unit of Germany's allies on the map."""
        units = s.units
        defs = self.data.units
        return frozenset(
            (defs[x].nation, units[x].loc, defs[x].leader)
            for x in self.allied_units
            if units[x].loc not in OFF_MAP
        )

    def _allied_passable(
        self, s: CCState, uid: str, area: str, spots: frozenset[tuple[str, str, bool]]
    ) -> bool:
        """``passable_for`` a unit of Germany's allies (3.a, 3.b), their units standing at
        ``spots`` (the base rule reads the kind of area alone)."""
        d = self.data.units[uid]
        if not super().passable_for(s, uid, area):
            return False
        for n, a, leader in spots:
            if a == area and n != d.nation and not leader:
                return False  # 3.a: impassable to another allied nationality
        if d.nation in ("hungarian", "rumanian"):
            rival = "rumanian" if d.nation == "hungarian" else "hungarian"
            near = self.near2[area]
            if any(n == rival and a in near for n, a, _ in spots):
                return False  # 3.b: three areas apart at all times
        return True

    def enter(
        self, s: CCState, op: Op, frm: str, dest: str, mp: int, spent: int
    ) -> tuple[int, bool] | None:
        leaders = self.leaders
        units = [u for u in op.group if u not in leaders]
        for u in units:
            if not self.passable_for(s, u, dest):
                return None
        attack = bool(self.foes_at(s, dest, op.role))
        raw = self.data.map.border(frm, dest)
        cost, stop = 1, False
        if raw:
            winter = self.winter(s)
            if raw == "volga":
                # the Volga itself until five cards after winter, then a major river
                # (border_kind), whose crossing costs nothing more in winter
                if not winter or self.volga_closed(s):
                    if self.volga_closed(s) or attack:
                        return None  # 1.b.I: closed after winter; no attack across it
                    cost, stop = mp, True  # all movement points
            elif raw == "straits":
                if op.role == SOVIET and not winter:
                    return None  # 1.d.I
                if attack and not winter:
                    cost += self._crossing(s, units)  # a major river
            elif raw == "major" and attack and not winter:
                cost += self._crossing(s, units)
        if dest in self.mountains:
            stop = True  # 1.c
        if attack:
            gi = self.german_infantry
            if any(u in gi for u in units):
                limit = 1 + self.group_mp_bonus(s, op.group)
                if spent + 1 > limit:
                    return None  # 9.a: German infantry attack with a movement of 1
                cost = 1
            if op.volga:
                return None
        return cost, stop

    def _crossing(self, s: CCState, units: list[str]) -> int:
        """1.b.II: attacking across a major river costs one more movement point (nothing
        more to a group whose slowest unit moves one area at a time)."""
        base_mf = min(self.values(s, u)[2] for u in units)
        return 1 if base_mf > 1 else 0

    def on_cross(self, s: CCState, op: Op, frm: str, dest: str, border: str) -> None:
        if border == "volga":
            op.volga = True

    def group_mp_bonus(self, s: CCState, group: Sequence[str]) -> int:
        return 1 if "manstein" in group else 0  # 10.b

    def retreat_crossable(self, s: CCState, uid: str, a: str, b: str) -> bool:
        raw = self.data.map.border(a, b)
        if raw == "volga" and self.volga_closed(s):
            return False
        return not (raw == "straits" and self.data.units[uid].side == SOVIET and not self.winter(s))

    # ----- Kerch (1.d.II): German units that began there may leave by the west edge ----------
    def group_extra(self, s: CCState, op: Op) -> list[Action]:
        here = s.units[op.group[0]].loc
        if here == "Kerch" and all(
            "kerch" in self.data.units[u].tags for u in op.group if not self.data.units[u].leader
        ):
            return [("exit",)]
        return []

    def apply_group_extra(self, s: CCState, op: Op, action: Action) -> None:
        if not op.moved:
            cost = self.move_cost(s, op.role, op.group)
            op.sp -= cost
            s.log("sp", role=op.role, spent=cost, left=op.sp, why="move")
        for u in op.group:
            s.units[u] = s.units[u]._replace(loc=GONE)
            s.log("left-map", unit=u, area="Kerch")
        op.acted.update(op.group)
        op.group = []
        isolation.update(self, s)

    def retreat_extra(self, s: CCState, uid: str, task: tuple[Any, ...]) -> list[Action]:
        here, first = s.units[uid].loc, bool(task[4])
        b = s.battle
        attacker = b is not None and self.data.units[uid].side == b.attacker
        if here == "Kerch" and "kerch" in self.data.units[uid].tags and not (first and attacker):
            return [("exit",)]  # 1.d.II: off the west edge, not destroyed
        return []

    def apply_retreat_extra(self, s: CCState, uid: str, action: Action) -> None:
        s.units[uid] = s.units[uid]._replace(loc=GONE)
        s.log("left-map", unit=uid, area="Kerch")

    # ----- combat: terrain, Manstein, river crossings, Order 225, chits (1, 10, 19) ----------
    def tactical(self, s: CCState, b: Battle, uid: str) -> int:
        tv = self.values(s, uid)[0]
        d = self.data.units[uid]
        if d.side == AXIS and self.with_manstein(s, s.units[uid].loc):
            tv += 1
        if d.side == b.defender and self.data.areas[b.area].terrain == "mountain":
            tv += 2
        return tv

    def cohesion(self, s: CCState, b: Battle, uid: str) -> int:
        ch = self.values(s, uid)[1]
        d = self.data.units[uid]
        if s.units[uid].iso:
            ch -= 1
        if d.side == b.defender and self.data.areas[b.area].terrain == "mountain":
            ch += 1
        if d.side == b.attacker and b.crossing:
            kind = b.crossing if b.crossing != "straits" else "major"
            if kind == "volga":
                kind = "major"
            if kind == "major":
                ch -= 1 if self.winter(s) else 2
            elif kind == "minor" and not self.winter(s):
                ch -= 1
        return max(1, ch)

    def check_modifier(self, s: CCState, b: Battle, uid: str) -> int:
        d = self.data.units[uid]
        if (
            "Order 225" in s.permanent
            and d.side == SOVIET
            and b.defender == SOVIET
            and self.data.areas[b.area].city
        ):
            return -1
        return 0

    def check_reason(self, s: CCState, b: Battle, uid: str, chit: str) -> str:
        return "Order 225 in a Soviet city"

    def chit_condition(self, s: CCState, b: Battle, role: str, name: str) -> bool:
        units = b.units
        if name == "panzer":
            return any(self.data.units[u].type == "panzer" for u in units[AXIS])
        if name == "no-panzer":
            return not self.chit_condition(s, b, role, "panzer")
        if name == "non-german":
            return any(self.data.units[u].nation in NON_GERMAN for u in units[AXIS])
        if name == "soviet-defender":
            return b.defender == SOVIET
        if name == "stavka":
            return "Reorganization of the STAVKA" in s.permanent
        if name == "soviet-armor":
            return any(self.data.units[u].armored for u in units[SOVIET])
        if name == "no-soviet-armor":
            return not self.chit_condition(s, b, role, "soviet-armor")
        if name == "stavka-armor":
            return self.chit_condition(s, b, role, "stavka") and self.chit_condition(
                s, b, role, "soviet-armor"
            )
        raise ValueError(f"unknown chit condition {name!r}")

    def chit_redraw(self, s: CCState, b: Battle, role: str, c: Any, got: list[str]) -> bool:
        if c.redraw_if == "fort-excess":
            soviets = b.units[SOVIET]
            free = [u for u in soviets if u not in b.fortified]
            in_hand = sum(1 for x in got + b.drawn[role] if x == c.name)
            return not free or in_hand + 1 > len(free)
        return super().chit_redraw(s, b, role, c, got)

    # ----- 5, 6, 7: resources and reinforcements ---------------------------------------------
    def _blocked(self, s: CCState, role: str) -> frozenset[str]:
        """Areas with enemy units."""
        return frozenset(s.units.held_areas(self.holders).get(self.other(role), ()))

    def chain(self, s: CCState, role: str, roots: set[str], nodes: set[str]) -> set[str]:
        """Nodes linked to a root by hops of at most three enemy-free areas (5.a.IV, 5.b)."""
        blocked = self._blocked(s, role)
        m = self.data.map

        def linked() -> frozenset[str]:
            reached = {r for r in roots if r in nodes and r not in blocked}
            frontier = set(reached)
            while frontier:
                near = m.distances(frontier, lambda x: x not in blocked, 3)
                frontier = {n for n in near if n in nodes and n not in reached}
                reached |= frontier
            return frozenset(reached)

        # the answer depends on the map, the nodes, the roots and the enemy's areas alone
        return set(self.keep(("chain", frozenset(roots), frozenset(nodes), blocked), linked))

    def placement_cities(self, s: CCState, role: str) -> set[str]:
        areas = self.data.areas
        control = s.control
        mine = {a for a in self.cities if control.get(a) == role}
        if role == AXIS:
            rear = {a for a in mine if areas[a].control == AXIS}
            if s.flags["railheads"] >= 1 and {"Rostov", "Millerovo"} <= mine:
                return rear | self.chain(s, AXIS, {"Poltava", "Dnepropetrovsk"}, mine)
            return rear
        symbols = {a for a in self.supply_symbols if control.get(a) == SOVIET}
        nodes = mine | symbols
        roots = {"Voronezh", "Saratov", "Grozny"} | {a for a in symbols if areas[a].edge}
        return self.chain(s, SOVIET, roots, nodes)

    def rp_places(self, s: CCState, role: str) -> list[str]:
        # 5.a: Axis cities; 5.b: Soviet named cities and supply symbols on a chain
        ok = self.placement_cities(s, role)
        ok = {a for a in ok if not self.has_units(s, a, self.other(role))}
        if role == AXIS and "Directive 45" in s.permanent and s.flags["d45_next"]:
            sector = {a for a in ok if self.data.areas[a].sector == s.flags["d45_next"]}
            if sector:
                ok = sector
        return sorted(ok)

    def on_rp_placed(self, s: CCState, role: str, area: str) -> None:
        if role == AXIS and "Directive 45" in s.permanent:
            s.flags["d45_next"] = "B" if self.data.areas[area].sector == "A" else "A"

    def reinforce_places(self, s: CCState, role: str, uid: str) -> list[str]:
        ok = self.placement_cities(s, role)
        if role == SOVIET:
            # 7.b: a city that satisfies 5.b, or a Soviet supply symbol on the map edge (the
            # inland symbols take resource points, not new units)
            areas = self.data.areas
            ok = {a for a in ok if areas[a].city}
            ok |= {
                a for a, ad in areas.items() if ad.supply and ad.edge and s.control.get(a) == SOVIET
            }
        ok = {a for a in ok if not self.has_units(s, a, self.other(role))}
        return sorted(a for a in ok if self.passable_for(s, uid, a))

    # ----- cards: conditions and special effects (4, 6, 7.c, 10, 13, 14, 15) -----------------
    def condition(self, s: CCState, role: str, name: str) -> bool:
        ctl = s.control
        if name == "railhead":
            n = s.flags["railheads"]
            if n == 0:
                return ctl.get("Rostov") == AXIS and ctl.get("Millerovo") == AXIS
            held = sum(1 for c in ("Maikop", "Grozny") if ctl.get(c) == AXIS)
            return n - 1 < held
        if name == "winter":
            return self.winter(s)
        if name == "stavka-ok":
            if self.winter(s) or ctl.get("Stalingrad") == AXIS:
                return True
            return any(
                self.data.units[x].side == AXIS
                for n in self.data.map.neighbors["Stalingrad"]
                for x in self.units_at(s, n)
            )
        if name == "soviet-reinforcement":
            if ctl.get("Stalingrad") == AXIS:
                return True  # 7.c.III
            if s.cards_count < 15:
                return False
            return s.flags["soviet_reinf"] < 1 + (s.cards_count - 15) // 5
        if name == "axis-oil":
            return all(ctl.get(c) == AXIS for c in ("Maikop", "Grozny", "Stalingrad"))
        if name == "soviet-saturn":
            return self.winter(s) and all(
                ctl.get(c) == SOVIET
                for c in ("Rostov", "Stalingrad", "Millerovo", "Voroshilovgrad")
            )
        raise ValueError(f"unknown card condition {name!r}")

    def unit_matches(self, s: CCState, uid: str, flt: str) -> bool:
        d = self.data.units[uid]
        if flt == "german-infantry":
            return d.nation == "german" and d.type == "infantry"
        if flt == "soviet":
            return d.side == SOVIET
        return super().unit_matches(s, uid, flt)

    def special(self, s: CCState, role: str, c: CardDef, e: Effect) -> None:
        if e.name == "winter":
            s.flags["winter_at"] = s.cards_count
            s.log("winter", role=role)
        elif e.name == "directive45":
            s.flags["d45_next"] = ""
            s.log("directive-45", role=role)
        elif e.name == "stavka":
            s.initiative = None
            s.log("initiative-lost", role=AXIS)
        elif e.name == "order225":
            s.log("order-225", role=role)
        elif e.name == "railhead":
            s.flags["railheads"] += 1
        elif e.name == "backhand":
            s.tasks.append(("op-rp", AXIS))
            s.tasks.append(("op-rp", AXIS))
            s.tasks.append(("place", AXIS, "leader", 1, "manstein"))
        elif e.name == "redeploy":
            s.tasks.append(("redeploy", AXIS, e.n, ()))
        else:
            super().special(s, role, c, e)

    def after_card(self, s: CCState, role: str, c: CardDef | None) -> None:
        if c is not None and c.reinforcement and role == SOVIET:
            s.flags["soviet_reinf"] += 1

    # ----- Manstein's arrival and Strategic Redeployment -------------------------------------
    def place_actions(self, s: CCState, t: tuple[Any, ...]) -> list[Action]:
        if t[2] == "leader":
            return [
                ("place", a)
                for a in sorted(
                    {
                        u.loc
                        for x, u in s.units.items()
                        if u.loc not in OFF_MAP
                        and self.data.units[x].nation == "german"
                        and not self.data.units[x].leader
                    }
                )
            ]
        if t[2] == "move":
            here = s.units[t[4]].loc
            return [("place", a) for a in self.reinforce_places(s, AXIS, t[4]) if a != here]
        return super().place_actions(s, t)

    def apply_place(self, s: CCState, action: Action) -> None:
        t = s.tasks[-1]
        if t[2] in ("leader", "move"):
            s.tasks.pop()
            uid = t[4]
            s.units[uid] = s.units[uid]._replace(loc=action[1], iso=False)
            s.log("redeployed" if t[2] == "move" else "leader-arrives", unit=uid, area=action[1])
            isolation.update(self, s)
            return
        super().apply_place(s, action)

    def campaign_actions(self, s: CCState, t: tuple[Any, ...]) -> list[Action]:
        if t[0] == "redeploy":
            # ("redeploy", AXIS, units left to move, units already moved): the card moves
            # up to that many German units, each once
            moved = t[3] if len(t) > 3 else ()
            out: list[Action] = []
            for x, u in s.units.items():
                d = self.data.units[x]
                if (
                    d.side == AXIS
                    and d.nation == "german"
                    and not d.leader
                    and u.loc not in OFF_MAP
                    and x not in moved
                ):
                    out.append(("pick", x))
                    if u.loc == "Kerch" and "kerch" in d.tags:
                        out.append(("exit", x))
            out.append(("done",))
            return out
        return super().campaign_actions(s, t)

    def apply_campaign(self, s: CCState, role: str, action: Action) -> None:
        t = s.tasks.pop()
        if action[0] == "done" or t[2] <= 0:
            return
        uid = action[1]
        moved = (*(t[3] if len(t) > 3 else ()), uid)
        if t[2] > 1:
            s.tasks.append(("redeploy", AXIS, t[2] - 1, moved))
        if action[0] == "exit":
            s.units[uid] = s.units[uid]._replace(loc=GONE)
            s.log("left-map", unit=uid, area="Kerch")
            isolation.update(self, s)
        else:
            s.tasks.append(("place", AXIS, "move", 1, uid))

    def campaign_prompt(self, s: CCState, t: tuple[Any, ...]) -> str:
        return f"Strategic Redeployment: pick a German unit to move ({t[2]} left) or done"

    def label(self, state: CCState, role: str, action: Action) -> str:
        top = state.tasks[-1][0] if state.tasks else ""
        if top == "redeploy":
            if action[0] == "pick":
                u = action[1]
                return f"Redeploy {self.data.units[u].name} ({state.units[u].loc})"
            if action[0] == "exit":
                return f"{self.data.units[action[1]].name} leaves the map from Kerch"
            if action[0] == "done":
                return "Done (no more units)"
        return super().label(state, role, action)

    # ----- 16: victory points -----------------------------------------------------------------
    def victory_points(self, s: CCState) -> dict[str, float]:
        vp = {AXIS: 0.0, SOVIET: 0.0}
        valid = {r: self.placement_cities(s, r) for r in self.roles}
        for a, ad in self.data.areas.items():
            owner = s.control.get(a)
            if not ad.vp or owner not in vp:
                continue
            value = dict(ad.vp).get(owner, 0)
            if owner == AXIS and a == "Stalingrad" and "Directive 45" in s.permanent:
                value += int(self.data.settings.get("stalingrad_directive_bonus", 2))
            if value and a in valid[owner]:
                vp[owner] += value
        soviet_kills = 0
        for uid in s.destroyed:
            d = self.data.units[uid]
            if d.side == AXIS:
                if d.leader:
                    vp[SOVIET] += 3
                elif d.type == "panzer" and d.nation == "german":
                    vp[SOVIET] += 2
                else:
                    vp[SOVIET] += 1
            else:
                soviet_kills += 1
        vp[AXIS] += soviet_kills // 2
        return vp

    def unit_lost(self, s: CCState, uid: str) -> bool:
        return s.units[uid].loc == DEAD

    def destroy(self, s: CCState, uid: str, why: str) -> None:
        combat.destroy(self, s, uid, why)


GAME = RoadsToStalingrad()
