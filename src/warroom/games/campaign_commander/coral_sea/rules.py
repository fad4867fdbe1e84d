"""Coral Sea: the campaign's special rules 1-15 as overrides of the series hooks.

Everything the series engine already does (operations, naval transport, battles, retreats)
is reused; this class changes what Coral Sea changes: terrain and the Australia box (1),
initiative (3), RP and reinforcement placement (4, 5), war in the jungle (6), naval rules
and the Truk Fleet (7), retreats (8), airfields (9), permanent cards (10), the optional
rules 11 (air attacks on airfields) and 12 (limited intelligence), and victory (13).
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from warroom.engine import Action, OptionSpec, OptionValue, Rng, ScenarioSpec
from warroom.engine.errors import GameDataError
from warroom.games.campaign_commander import combat, isolation, naval, present
from warroom.games.campaign_commander.model import DEAD, GONE, OFF_MAP, CardDef, Effect
from warroom.games.campaign_commander.series import SeriesGame
from warroom.games.campaign_commander.state import Battle, CCState, Op, Unit

JAPAN, ALLIES = "japan", "allies"
AUSTRALIA = "Australia"
INITIATIVE_PLACES = ("Lae", "Buna", "Port Moresby", "Bougainville", "Guadalcanal")
INITIATIVE_KILLS = 8
AIRFIELD_SP = 3
NAVAL_MOVE_SP = 2
DESTROYED_VP = {"CV": 3, "HS": 2, "LS": 1, "": 1}
RP_MARKER = "rp"  # 12: a resource point marker put on top of a stack hides all its units


class CoralSea(SeriesGame):
    id = "coral-sea"
    title = "Campaign Commander: Coral Sea"
    version = "7"  # 7: a reaction window that did not open is a reveal (no undo past it)
    roles = (JAPAN, ALLIES)
    scenarios = (
        ScenarioSpec(
            "campaign",
            "The South Pacific, May 1942 - spring 1943",
            "From the eve of the Battle of the Coral Sea to the Japanese retreat from "
            "Buna and Guadalcanal.",
        ),
    )
    options = (
        OptionSpec(
            "air-attacks",
            False,
            "Optional rule 11: Air Attack cards may put airfields out of action.",
            label="Air attacks on airfields",
        ),
        OptionSpec(
            "limited-intelligence",
            False,
            "Optional rule 12: only the top unit of an enemy stack in a port or at sea is visible.",
            label="Limited intelligence",
        ),
    )  # fmt: skip
    data_folder = Path(__file__).parent / "data"

    def __init__(self) -> None:
        super().__init__()
        st = self.data.settings
        self.printed_airfields: frozenset[str] = frozenset(st["airfields"])
        self.af_counters = int(st["airfield_counters"])
        self.af_range: dict[str, int] = dict(st["airfield_range"])
        self.truk_entry = str(st["truk_entry"])
        self.truk_rps = int(st["truk_rps"])
        self.sudden_vp = int(st["sudden_death_vp"])
        self.islands: dict[str, tuple[str, ...]] = {}
        for a, ad in self.data.areas.items():
            if ad.kind == "land" and ad.sector:
                self.islands[ad.sector] = (*self.islands.get(ad.sector, ()), a)
        self.island_of = {a: ad.sector for a, ad in self.data.areas.items() if ad.kind == "land"}
        self.dist = {a: self._weighted(a) for a in self.data.areas}
        self.truk = frozenset(u for u, d in self.data.units.items() if "truk" in d.tags)
        if self.truk_rps > len(self.truk):
            raise GameDataError(
                "setup.toml",
                "truk_rps",
                f"{self.truk_rps} RPs, but the Truk Fleet has {len(self.truk)} ships to carry"
                " them (one RP a ship, rule 7.b)",
            )
        self.side_of = {u: d.side for u, d in self.data.units.items()}
        self.watched = tuple(
            a for a, ad in self.data.areas.items() if ad.kind == "sea" or ad.port
        )  # 12: stacks in ports and at sea are closed
        self.top_keys = {r: {a: f"top:{r}:{a}" for a in self.watched} for r in self.roles}
        # 3: each place of the initiative list as its flag and its areas (an urban area, or
        # every area of an island: ``holds``)
        self.initiative_places = tuple(
            (
                f"jp_held:{p}",
                self.islands[p] if p in self.islands and p not in self.data.areas else (p,),
            )
            for p in INITIATIVE_PLACES
        )

    def _weighted(self, src: str) -> dict[str, int]:
        """Distances in areas (sea or land); the Australia box is two zones from its neighbours."""
        m = self.data.map
        best = {src: 0}
        heap = [(0, src)]
        while heap:
            d, a = heapq.heappop(heap)
            if d > best.get(a, 99):
                continue
            for b in m.neighbors[a]:
                nd = d + (2 if AUSTRALIA in (a, b) else 1)
                if nd < best.get(b, 99):
                    best[b] = nd
                    heapq.heappush(heap, (nd, b))
        return best

    # ----- set-up (14) and initiative (3) ----------------------------------------------------
    def prepare(self, s: CCState, scenario: str, options: Mapping[str, OptionValue]) -> None:
        s.initiative = JAPAN
        s.flags.update(
            air_attacks=int(bool(options.get("air-attacks", False))),
            limited=int(bool(options.get("limited-intelligence", False))),
            allied_init=0,
            tracking=0,
            truk_calls=0,
            vp_japan=0,
            vp_allies=0,
            af_lost_japan=0,
            af_lost_allies=0,
            chit="",
        )

    def kills(self, s: CCState, side: str) -> int:
        """Units of ``side`` destroyed so far (Truk Fleet losses of a first entry count)."""
        return sum(1 for u in s.destroyed if self.data.units[u].side == side)

    def holds_island(self, s: CCState, role: str, island: str) -> bool:
        return all(s.control.get(a) == role for a in self.islands[island])

    def holds(self, s: CCState, role: str, place: str) -> bool:
        """An urban area or a whole island (rule 3's list mixes both)."""
        if place in self.islands and place not in self.data.areas:
            return self.holds_island(s, role, place)
        return s.control.get(place) == role

    def allied_conditions(self, s: CCState) -> bool:
        """3 (our reconstruction of its missing start): the places count once Japan has held
        them at some moment and the Allies hold them again."""
        # (asked after every automatic step: the places' areas and flag names are worked out
        # once, in __init__; one pass: a place Japan holds now is not the Allies')
        flags = s.flags
        control = s.control
        held = 0
        for key, areas in self.initiative_places:
            if flags.get(key):
                for a in areas:
                    if control.get(a) != ALLIES:
                        break
                else:
                    held += 1
            else:
                for a in areas:
                    if control.get(a) != JAPAN:
                        break
                else:
                    flags[key] = 1
        return held >= 3 or self.kills(s, JAPAN) >= INITIATIVE_KILLS

    def update_initiative(self, s: CCState) -> None:
        if not s.flags["allied_init"] and self.allied_conditions(s):
            s.flags["allied_init"] = 1
            s.log("initiative-won", role=ALLIES)
        want = ALLIES if s.flags["allied_init"] or s.flags["tracking"] else JAPAN
        if s.initiative != want:
            s.initiative = want
            s.log("initiative", role=want)

    def check_end(self, s: CCState) -> None:
        self.capture_airfields(s)
        self.update_initiative(s)

    # ----- terrain (1) ---------------------------------------------------------------------
    def passable_for(self, s: CCState, uid: str, area: str) -> bool:
        d = self.data.units[uid]
        if area == AUSTRALIA and d.side == JAPAN:
            return False  # 1.i: closed to Japan
        return super().passable_for(s, uid, area)

    def take_control(self, s: CCState, role: str, area: str) -> None:
        if self.data.areas[area].kind == "sea":
            return
        super().take_control(s, role, area)

    def retreat_edge(self, role: str) -> str:
        return "north" if role == JAPAN else "south"

    # ----- RPs and reinforcements (4, 5) ----------------------------------------------------
    def rp_places(self, s: CCState, role: str) -> list[str]:
        spots = ("Rabaul",) if role == JAPAN else (AUSTRALIA, "Noumea")
        foe = self.other(role)
        return [a for a in spots if s.control.get(a) == role and not self.has_units(s, a, foe)]

    # ----- operations: costs, activation, repair (7.a, 7.c, 7.e) ----------------------------
    def move_cost(self, s: CCState, role: str, group: Sequence[str]) -> int:
        if group and self.data.units[group[0]].naval:
            return self.action_cost(s, role, NAVAL_MOVE_SP, group)
        return super().move_cost(s, role, group)

    def may_move(self, s: CCState, uid: str) -> bool:
        d = self.data.units[uid]
        if d.naval and s.op is not None:
            return s.units[uid].loc == s.op.area  # 7.c: the RP of its port or carried with it
        return True

    def may_join(self, s: CCState, group: Sequence[str], uid: str) -> bool:
        return (uid in self.truk) == (group[0] in self.truk)  # 7.d: Truk ships keep apart

    def may_repair(self, s: CCState, uid: str) -> bool:
        d = self.data.units[uid]
        if not d.naval:
            return True
        loc = s.units[uid].loc
        ok_port = self.data.areas[loc].port and s.control.get(loc) == d.side
        return ok_port and s.op is not None and s.op.area == loc  # 7.e

    def transport_capacity(self, s: CCState, group: Sequence[str]) -> tuple[int, int]:
        """7.b: a stack carries up to three ground units and one RP per ship; 7.d: the Truk
        Fleet never carries ground units (it may not stack with other Japanese units)."""
        if any(x in self.truk for x in group):
            return 0, len(group)
        return naval.SEA_LIMIT, len(group)

    def ship_capacity(self, s: CCState, ship: str) -> tuple[int, int]:
        return (0 if ship in self.truk else naval.SEA_LIMIT), 1  # 7.b, 7.d

    def naval_may_end(self, s: CCState, role: str, area: str) -> bool:
        return True  # 7.c

    def naval_step_cost(self, s: CCState, frm: str, dest: str) -> int:
        return 2 if AUSTRALIA in (frm, dest) else 1  # 1.i

    def naval_may_enter(self, s: CCState, op: Op, dest: str) -> bool:
        role = op.role
        ad = self.data.areas[dest]
        if ad.kind == "land":
            if op.group[0] in self.truk:
                return False  # 7.d: the Truk Fleet never enters a port
            if s.control.get(dest) != role:
                return False  # 1.f: a port works for the side that controls it
            if dest == AUSTRALIA and role == JAPAN:
                return False
        if role == JAPAN:
            here = self.units_at(s, dest, JAPAN)
            if op.group[0] in self.truk:
                return all(u in self.truk for u in here)
            return not any(u in self.truk for u in here)
        return True

    def naval_retreat(self, s: CCState, uid: str) -> None:
        if uid in self.truk:
            self.remove_truk(s, uid, "disorganized")
            return
        super().naval_retreat(s, uid)

    def naval_retreat_may_enter(self, s: CCState, uid: str, area: str) -> bool:
        """7.d: other Japanese ships never join the Truk Fleet, not even in retreat (as in
        movement, its areas are closed to them)."""
        if self.side_of[uid] != JAPAN or uid in self.truk:
            return True
        return not any(u in self.truk for u in self.units_at(s, area, JAPAN))

    def remove_truk(self, s: CCState, uid: str, why: str) -> None:
        """7.d: a Truk ship leaves the board (not destroyed); an RP aboard it goes to another
        Truk ship there with room, else it is lost."""
        area = s.units[uid].loc
        naval.leave(self, s, uid, "gone")
        s.units[uid] = Unit(GONE)
        s.log("truk-leaves", unit=uid, area=area, why=why)
        isolation.update(self, s)  # the sea it held is open again (9.6.6)

    def reaction_cards(self, s: CCState, role: str, where: str) -> list[str]:
        """10.e: once Air Superiority is in force, Air Attack cards are Allied events during
        Japanese operations (offered between the Japanese actions, series 2.3.4)."""
        out = super().reaction_cards(s, role, where)
        op = s.op
        if (
            where == "op"
            and role == ALLIES
            and op is not None
            and op.role == JAPAN
            and "Air Superiority" in s.permanent
        ):
            air = [c for c in s.hands[ALLIES] if self.data.cards[c].name == "Air Attack"]
            if air and self.air_targets(s, ALLIES):
                out.extend(air)
        return out

    def on_operation_end(self, s: CCState, role: str) -> None:
        if role == JAPAN:
            for uid in sorted(self.truk):
                loc = s.units[uid].loc
                if loc not in OFF_MAP and s.rps[JAPAN].get(loc, 0) <= 0:
                    self.remove_truk(s, uid, "no resource point left")  # 7.d
        for k in [k for k in s.flags if k.startswith("afoff:")]:
            del s.flags[k]
        if s.flags["tracking"]:
            s.flags["tracking"] = 0
        self.update_initiative(s)

    # ----- war in the jungle (6) -----------------------------------------------------------
    def on_cross(self, s: CCState, op: Op, frm: str, dest: str, border: str) -> None:
        if len(op.path) != 1 or self.data.areas[frm].kind != "land":
            return
        for uid in op.group:
            u = s.units[uid]
            if not u.dep:
                s.units[uid] = u._replace(dep=True)
                s.log("jungle", unit=uid, result="dep")
            elif not u.dg:
                s.units[uid] = u._replace(dg=True)
                s.log("jungle", unit=uid, result="dg")

    # ----- retreats (8) ---------------------------------------------------------------------
    def retreat_steps(self, s: CCState, uid: str) -> int:
        return 1  # 8.a

    def berths(self, s: CCState, side: str, sea: str) -> list[str]:
        """The ships of ``side`` in ``sea`` that could take one more ground unit aboard (the
        stack's limit of three, 7.b, and each ship's own, 7.d)."""
        if len(naval.at_sea(self, s, side, sea)) >= naval.SEA_LIMIT:
            return []
        return [x for x in naval.ships_at(self, s, sea, side) if naval.room(self, s, x) > 0]

    def sea_retreats(self, s: CCState, uid: str) -> list[tuple[str, str]]:
        """8.b: (sea area, ship) a beaten ground unit may retreat aboard."""
        d = self.data.units[uid]
        b = s.battle
        if d.naval or b is None:
            return []
        here = s.units[uid].loc
        out: list[tuple[str, str]] = []
        for n in self.data.map.neighbors[here]:
            if self.data.areas[n].kind != "sea":
                continue
            if d.side == b.attacker and self.data.areas[b.origin].kind == "land":
                continue  # an attacker goes back where it came from
            if d.side == b.attacker and n != b.origin:
                continue
            out.extend((n, x) for x in self.berths(s, d.side, n))
        return out

    def retreat_extra(self, s: CCState, uid: str, task: tuple[Any, ...]) -> list[Action]:
        if not task[4]:
            return []
        return [("retreat", n, x) for n, x in self.sea_retreats(s, uid)]  # 8.b

    def apply_retreat_extra(self, s: CCState, uid: str, action: Action) -> None:
        """8.b: aboard the ship the owner named, in the sea area next to the battle."""
        _, sea, ship = action
        here = s.units[uid].loc
        s.units[uid] = s.units[uid]._replace(loc=sea, iso=False)
        naval.board(s, uid, ship)
        s.log("retreat", unit=uid, frm=here, dest=sea, ship=ship)

    def escapes_isolation(self, s: CCState, uid: str) -> bool:
        return bool(self.sea_retreats(s, uid))

    # ----- airfields (1.e, 9, 11) -----------------------------------------------------------
    def airfield_owner(self, s: CCState, area: str) -> str:
        if area in self.printed_airfields:
            return s.control.get(area, "")
        return str(s.flags.get(f"af:{area}", ""))

    def has_airfield(self, s: CCState, area: str) -> bool:
        return area in self.printed_airfields or f"af:{area}" in s.flags

    def working(self, s: CCState, area: str, role: str) -> bool:
        """A friendly airfield that may serve cards and chits now."""
        if self.airfield_owner(s, area) != role:
            return False
        if s.flags.get(f"afdg:{area}") or s.flags.get(f"afoff:{area}"):
            return False
        return not (area == AUSTRALIA and "Townsville Bombed" in s.permanent)

    def airfields(self, s: CCState, role: str) -> list[str]:
        spots = [a for a in self.printed_airfields if s.control.get(a) == role]
        spots += [k[3:] for k, v in s.flags.items() if k.startswith("af:") and v == role]
        return sorted(a for a in spots if self.working(s, a, role))

    def air_zone(self, s: CCState, role: str) -> set[str]:
        """Areas within range of a working airfield of ``role`` (3 for Japan, 4 for the Allies)."""
        r = self.af_range[role]
        out: set[str] = set()
        for a in self.airfields(s, role):
            out.update(b for b, d in self.dist[a].items() if d <= r)
        return out

    def in_air_range(self, s: CCState, role: str, area: str) -> bool:
        r = self.af_range[role]
        return any(self.dist[a].get(area, 99) <= r for a in self.airfields(s, role))

    def counters_left(self, s: CCState, role: str) -> int:
        used = sum(1 for k, v in s.flags.items() if k.startswith("af:") and v == role)
        return self.af_counters - used - int(s.flags[f"af_lost_{role}"])

    def capture_airfields(self, s: CCState) -> None:
        """9: a unit alone in an area with an enemy airfield counter takes it out of play."""
        for k in [k for k in s.flags if k[:3] == "af:"]:
            area, owner = k[3:], s.flags[k]
            foe = self.other(owner)
            if self.has_units(s, area, foe, naval=False) and not self.has_units(s, area, owner):
                del s.flags[k]
                s.flags.pop(f"afdg:{area}", None)
                s.flags[f"af_lost_{owner}"] += 1
                s.log("airfield-captured", role=foe, area=area)
                if self.counters_left(s, foe) > 0:
                    s.flags[k] = foe
                    s.log("airfield-built", role=foe, area=area)

    def op_extra(self, s: CCState, op: Op, area_reach: set[str]) -> list[Action]:
        """9, 11: build, remove or repair an airfield; one action per unit that may do the
        work (it then counts as acted, so the player picks which)."""
        from warroom.games.campaign_commander import supply

        out: list[Action] = []
        role = op.role
        where = s.units.where()
        # only units where the operation's SP reach may work (supply.may_use); sorted below
        for uid in [uid for a in area_reach for uid in where.get(a, ())]:
            u = s.units[uid]
            d = self.data.units[uid]
            if d.side != role or d.naval or d.leader or uid in op.acted:
                continue
            area = u.loc
            if self.data.areas[area].kind != "land":
                continue
            if not supply.may_use(self, s, op, uid, area_reach):
                continue
            ad = self.data.areas[area]
            if op.sp >= AIRFIELD_SP:
                if (
                    not self.has_airfield(s, area)
                    and ad.terrain != "mountain"
                    and self.counters_left(s, role) > 0
                ):
                    out.append(("airfield", area, uid))
                elif s.flags.get(f"af:{area}") == role:
                    out.append(("remove-airfield", area, uid))
            if s.flags.get(f"afdg:{area}") and self.airfield_owner(s, area) == role and op.sp >= 1:
                out.append(("repair-airfield", area, uid))
        return sorted(out)

    def apply_op_extra(self, s: CCState, op: Op, action: Action) -> None:
        if action[0] == "top":
            self.put_on_top(s, op.role, action[1], action[2])
            return
        kind, area, worker = action[0], action[1], action[2]
        cost = 1 if kind == "repair-airfield" else AIRFIELD_SP
        op.sp -= cost
        s.log("sp", role=op.role, spent=cost, left=op.sp, why=kind)
        op.acted.add(worker)
        if kind == "airfield":
            s.flags[f"af:{area}"] = op.role
            s.log("airfield-built", role=op.role, area=area, unit=worker)
        elif kind == "remove-airfield":
            del s.flags[f"af:{area}"]
            s.flags.pop(f"afdg:{area}", None)
            s.log("airfield-removed", role=op.role, area=area, unit=worker)
        else:
            del s.flags[f"afdg:{area}"]
            s.log("airfield-repaired", role=op.role, area=area, unit=worker)

    # ----- battle chits (the counters' conditions) -------------------------------------------
    def ships_near(self, s: CCState, area: str, role: str) -> bool:
        for n in self.data.map.neighbors[area]:
            if self.data.areas[n].kind != "sea":
                continue
            for u in self.units_at(s, n, role):
                if self.data.units[u].naval_class in ("HS", "LS"):
                    return True
        return False

    def carrier_near(self, s: CCState, area: str, role: str) -> bool:
        for n in self.data.map.neighbors[area]:
            if self.data.areas[n].kind == "sea" and any(
                self.data.units[u].naval_class == "CV" and self._carrier_side(u, role)
                for u in self.units_at(s, n, role)
            ):
                return True
        return False

    def _carrier_side(self, uid: str, role: str) -> bool:
        d = self.data.units[uid]
        return d.side == role and (role == JAPAN or d.nation == "us")

    def chit_condition(self, s: CCState, b: Battle, role: str, name: str) -> bool:
        if name.startswith("no-"):
            return not self.chit_condition(s, b, role, name[3:])
        if name == "jp-defender":
            return b.defender == JAPAN
        side = JAPAN if name.startswith("jp-") else ALLIES
        what = name.split("-", 1)[1]
        if what == "ships-near":
            return self.ships_near(s, b.area, side)
        if what == "air-ground":
            return self.in_air_range(s, side, b.area) or self.carrier_near(s, b.area, side)
        if what == "air-naval":
            return self.in_air_range(s, side, b.area) or any(
                self.data.units[u].naval_class == "CV" and self._carrier_side(u, side)
                for u in b.units[side]
            )
        if name == "jp-ls":
            return any(self.data.units[u].naval_class == "LS" for u in b.units[JAPAN])
        if name == "us-ls":
            return any(
                self.data.units[u].naval_class == "LS" and self.data.units[u].nation == "us"
                for u in b.units[ALLIES]
            )
        raise ValueError(f"unknown chit condition {name!r}")

    def chit_redraw(self, s: CCState, b: Battle, role: str, c: Any, got: list[str]) -> bool:
        if c.redraw_if == "fort-excess":
            free = [u for u in b.units[JAPAN] if u not in b.fortified]
            in_hand = sum(1 for x in got + b.drawn[role] if x == c.name)
            return not free or in_hand + 1 > len(free)
        return super().chit_redraw(s, b, role, c, got)

    def chit_void(self, s: CCState, b: Battle, role: str, c: Any) -> bool:
        """Called when a chit is revealed: remember it (Gunnery) and apply Shore Bombardment."""
        s.flags["chit"] = c.name
        if c.name.endswith(":Shore Bombardment"):
            foe = self.other(role)
            if self.airfield_owner(s, b.area) == foe and self.has_airfield(s, b.area):
                s.flags[f"afoff:{b.area}"] = 1
                s.log("airfield-silenced", role=role, area=b.area)
        return super().chit_void(s, b, role, c)

    def check_modifier(self, s: CCState, b: Battle, uid: str) -> int:
        return self.chit_check_modifier(s, b, uid, s.flags["chit"])

    def chit_check_modifier(self, s: CCState, b: Battle, uid: str, chit: str) -> int:
        # Gunnery's +2 belongs to the checks that chit calls for (the series passes the chit,
        # so a card played in answer before they are rolled does not lose it)
        if chit.endswith(":Gunnery") and self.data.units[uid].naval_class != "HS":
            return 2
        return 0

    def check_reason(self, s: CCState, b: Battle, uid: str, chit: str) -> str:
        return "Gunnery against a warship"

    def after_card(self, s: CCState, role: str, c: CardDef | None) -> None:
        s.flags["chit"] = ""

    # ----- cards: conditions and specials (3, 5, 7.d, 10, 11) --------------------------------
    def card_playable(self, s: CCState, role: str, c: CardDef) -> bool:
        return super().card_playable(s, role, c)

    def air_targets(self, s: CCState, role: str) -> list[str]:
        foe = self.other(role)
        out = []
        for a in self.air_zone(s, role):
            if self.has_units(s, a, foe) or (
                s.flags["air_attacks"]
                and self.has_airfield(s, a)
                and self.airfield_owner(s, a) == foe
                and not s.flags.get(f"afdg:{a}")
            ):
                out.append(a)
        return sorted(out)

    def airlift_moves(self, s: CCState) -> list[Action]:
        fields = self.airfields(s, ALLIES)
        out: list[Action] = []
        for a in fields:
            for uid in self.units_at(s, a, ALLIES):
                if self.data.units[uid].naval:
                    continue
                for b in fields:
                    if b != a and not self.has_units(s, b, JAPAN):
                        out.append(("airlift", uid, b))
        return out

    def truk_ready(self, s: CCState) -> bool:
        if any(s.units[u].loc not in OFF_MAP for u in self.truk):
            return False
        if s.flags["truk_calls"] >= 2:
            return False
        return not self.units_at(s, self.truk_entry)

    def condition(self, s: CCState, role: str, name: str) -> bool:
        if name == "kenney":
            return "George C. Kenney" in s.permanent
        if name == "naval-battle":
            return s.battle is not None and s.battle.naval
        if name == "air-targets":
            return bool(self.air_targets(s, role))
        if name == "airlift-ok":
            return bool(self.airlift_moves(s))
        if name == "truk-ok":
            return self.truk_ready(s)
        if name == "reinf-ok":
            return bool(self.rp_places(s, role))  # 5: never into an enemy-held area
        if name == "jp-mo":
            return all(s.control.get(a) == JAPAN for a in ("Port Moresby", "Lae", "Buna"))
        if name == "jp-fs":
            return all(
                self.holds_island(s, JAPAN, i) for i in ("Guadalcanal", "Florida", "Espiritu Santo")
            )
        if name == "al-win":
            return (
                bool(s.flags["allied_init"])
                and s.control.get("Port Moresby") == ALLIES
                and self.holds_island(s, ALLIES, "Guadalcanal")
            )
        raise ValueError(f"unknown card condition {name!r}")

    def special(self, s: CCState, role: str, c: CardDef, e: Effect) -> None:
        if e.name == "townsville":
            s.flags["vp_japan"] += 1
            s.log("townsville-bombed", role=role)
        elif e.name == "midway":
            for uid, d in self.data.units.items():
                if (
                    d.side == JAPAN
                    and d.naval_class == "CV"
                    and uid not in self.truk
                    and s.units[uid].loc != DEAD
                ):
                    naval.leave(self, s, uid, "gone")  # what it carries: to the other ships
                    s.units[uid] = Unit(GONE)
                    s.log("to-midway", unit=uid)
            isolation.update(self, s)
        elif e.name == "truk":
            s.flags["truk_calls"] += 1
            for uid in sorted(self.truk):
                s.units[uid] = Unit(self.truk_entry)
                s.log("truk-arrives", unit=uid, area=self.truk_entry, entry=s.flags["truk_calls"])
            rps = s.rps[JAPAN]
            rps[self.truk_entry] = rps.get(self.truk_entry, 0) + self.truk_rps
            for uid in sorted(self.truk)[: self.truk_rps]:
                s.rp_aboard[uid] = 1  # one RP aboard each ship of the fleet (7.b)
        elif e.name == "tracking":
            s.flags["tracking"] = 1
            self.update_initiative(s)
        elif e.name == "air-attack":
            s.tasks.append(("air-target", role))
        elif e.name == "airlift":
            s.tasks.append(("airlift", ALLIES))
        else:
            super().special(s, role, c, e)

    # ----- campaign tasks: air attacks, airlift, the Air Superiority interrupt ----------------
    def campaign_actions(self, s: CCState, t: tuple[Any, ...]) -> list[Action]:
        k = t[0]
        if k == "air-target":
            return [("strike", a) for a in self.air_targets(s, t[1])]
        if k == "airlift":
            return self.airlift_moves(s)
        if k == "air-victim":
            return [("target", u) for u in self.units_at(s, t[2], t[1])]
        return super().campaign_actions(s, t)

    def campaign_auto(self, s: CCState, t: tuple[Any, ...]) -> bool:
        if t[0] in ("air-target", "airlift") and not self.campaign_actions(s, t):
            s.tasks.pop()
            s.log("no-target", role=t[1], what=t[0])
            return True
        if t[0] == "air-victim":
            acts = self.campaign_actions(s, t)
            if len(acts) <= 1:
                s.tasks.pop()
                if acts:
                    self.air_check(s, acts[0][1])
                return True
        return False

    def apply_campaign(self, s: CCState, role: str, action: Action) -> None:
        t = s.tasks.pop()
        k = action[0]
        if k == "strike":
            self.air_attack(s, t[1], action[1])
        elif k == "target":
            self.air_check(s, action[1])
        elif k == "airlift":
            uid, dest = action[1], action[2]
            frm = s.units[uid].loc
            s.units[uid] = s.units[uid]._replace(loc=dest, iso=False)
            s.log("airlift", unit=uid, frm=frm, dest=dest)
            isolation.update(self, s)

    def air_attack(self, s: CCState, role: str, area: str) -> None:
        """The bombers strike ``area``: the airfield roll (11) first, then an enemy unit there
        checks cohesion; its owner picks which one (series 9.5.4: the owner chooses which of
        his units suffer an effect unless the card says otherwise)."""
        foe = self.other(role)
        s.log("air-attack", role=role, area=area)
        if (
            s.flags["air_attacks"]
            and self.has_airfield(s, area)
            and self.airfield_owner(s, area) == foe
        ):
            roll = s.rng.die(10)
            hit = roll >= 7
            s.log("airfield-raid", area=area, dice=[roll % 10], sides=10, disorganized=hit)
            if hit:
                s.flags[f"afdg:{area}"] = 1  # 11: out of action until repaired
        if self.units_at(s, area, foe):
            s.tasks.append(("air-victim", foe, area))

    def air_check(self, s: CCState, uid: str) -> None:
        roll = s.rng.die(10)
        coh = self.values(s, uid)[1] - (1 if s.units[uid].iso else 0)
        total = roll + 1
        passed = total <= max(1, coh)
        s.log("air-check", unit=uid, dice=[roll % 10], sides=10, total=total, cohesion=coh, passed=passed)  # fmt: skip
        if not passed:
            combat.deplete(self, s, uid)

    def campaign_prompt(self, s: CCState, t: tuple[Any, ...]) -> str:
        if t[0] == "air-victim":
            return f"Air attack on {t[2]}: which of your units takes the check?"
        return {
            "air-target": "Air Attack: which area do the bombers strike?",
            "airlift": "Air Transport: fly which unit where?",
        }.get(t[0], str(t[0]))

    def label(self, state: CCState, role: str, action: Action) -> str:
        k = action[0]
        by = (
            f" with {self.data.units[action[2]].name}"
            if len(action) > 2 and action[2] in self.data.units
            else ""
        )
        if k == "airfield":
            return f"Build an airfield at {action[1]}{by} ({AIRFIELD_SP} SP)"
        if k == "remove-airfield":
            return f"Remove the airfield counter at {action[1]}{by} ({AIRFIELD_SP} SP)"
        if k == "repair-airfield":
            return f"Put the airfield at {action[1]} back in action{by} (1 SP)"
        if k == "strike":
            return f"Air attack on {action[1]}"
        if k == "airlift":
            return f"Fly {self.data.units[action[1]].name} to {action[2]}"
        if k == "top":
            rp = action[2] == RP_MARKER
            what = "a resource point" if rp else self.data.units[action[2]].name
            why = "hides every unit in it" if rp else "the only one the enemy sees"
            return f"Put {what} on top of your stack at {action[1]} ({why}; free)"
        return super().label(state, role, action)

    def describe_event(self, event: dict[str, Any]) -> str:
        k = event["kind"]
        e = event
        who = present.side(self, e.get("role"))

        def act(verb: str) -> str:  # the side and a verb agreeing with its name
            return present.says(self, e.get("role"), verb)

        unit = self.data.units[e["unit"]].name if e.get("unit") in self.data.units else ""
        with_ = f" with {unit}" if unit else ""
        if k == "air-check":
            res = "passes" if e["passed"] else "fails: depleted"
            roll = present.roll_words(e["dice"][0], [[1, "the air attack"]], e["total"])
            return f"Air attack on {unit}: {roll}, needs {max(1, e['cohesion'])} or less: {res}"
        if k == "airfield-raid":
            hit = "the airfield is out of action" if e["disorganized"] else "no effect"
            return (
                f"Raid on the airfield at {e['area']}: rolled {e['dice'][0]}, 7 or more hits: {hit}"
            )
        if k == "stack-top":
            top = e["top"]
            what = "a resource point" if top == RP_MARKER else self.data.units[top].name
            return f"{act('put')} {what} on top of the stack at {e['area']}"
        if k == "jungle":
            what = "depleted" if e["result"] == "dep" else "disorganized"
            return f"{unit} is {what} by the jungle"
        if k == "air-attack":
            return f"{who} air attack on {e['area']}"
        if k == "airlift":
            return f"{unit} is flown from {e['frm']} to {e['dest']}"
        if k == "airfield-built":
            return f"{act('build')} an airfield at {e['area']}{with_}"
        if k == "airfield-removed":
            return f"{act('remove')} the airfield counter at {e['area']}{with_}"
        if k == "airfield-repaired":
            return f"{act('put')} the airfield at {e['area']} back in action{with_}"
        if k == "airfield-captured":
            return f"{act('capture')} the airfield at {e['area']}"
        if k == "airfield-silenced":
            return f"Shore bombardment puts the airfield at {e['area']} out of action"
        if k == "townsville-bombed":
            return "Japanese bombers strike Townsville: +1 VP to Japan"
        if k == "truk-arrives":
            return f"{unit} of the Truk Fleet arrives at {e['area']} (call {e['entry']})"
        if k == "truk-leaves":
            return f"{unit} of the Truk Fleet leaves from {e['area']} ({e['why']})"
        if k == "to-midway":
            return f"{unit} sails for Midway and leaves the campaign"
        if k == "no-target" and "what" in e:
            what = {"air-target": "air attack", "airlift": "air transport"}.get(e["what"], "card")
            return f"{act('find')} no target for the {what}"
        return super().describe_event(event)

    def invariants(self, s: CCState) -> list[str]:
        """7.d: a Truk ship is never in a port, never with another Japanese unit, never
        carries troops."""
        out = []
        for uid in sorted(self.truk):
            loc = s.units[uid].loc
            if loc in OFF_MAP:
                continue
            if self.data.areas[loc].kind != "sea":
                out.append(f"Truk ship {uid} is in port at {loc}")
            others = [u for u in self.units_at(s, loc, JAPAN) if u not in self.truk]
            if others:
                out.append(f"Truk ship {uid} shares {loc} with {', '.join(others)}")
            if naval.cargo(s, [uid]):
                out.append(f"Truk ship {uid} carries {', '.join(naval.cargo(s, [uid]))}")
        return out

    # ----- victory (13) ----------------------------------------------------------------------
    def victory_points(self, s: CCState) -> dict[str, float]:
        vp = {JAPAN: float(s.flags["vp_japan"]), ALLIES: float(s.flags["vp_allies"])}
        for a, ad in self.data.areas.items():
            owner = s.control.get(a, "")
            if ad.vp and owner in vp and self.holds_island(s, owner, ad.sector):
                vp[owner] += dict(ad.vp).get(owner, 0)
        for uid in s.destroyed:
            d = self.data.units[uid]
            vp[self.other(d.side)] += DESTROYED_VP[d.naval_class]
        if s.ended == "sudden-death" and s.played:
            vp[s.played[-1][0]] += self.sudden_vp
        return vp

    # ----- optional rule 12: limited intelligence ---------------------------------------------
    def stack_top(self, s: CCState, role: str, area: str) -> str:
        """What lies on top of the stack of ``role`` in ``area``: the unit its owner put there
        (while it stays), ``RP_MARKER`` when he put one of his resource points there (while he
        has one there), else his first unit in counter order; "" when he has no unit there."""
        mine = self.units_at(s, area, role)
        if not mine:
            return ""
        chosen = s.flags.get(f"top:{role}:{area}")
        if chosen == RP_MARKER and s.rps[role].get(area, 0) > 0:
            return RP_MARKER
        if chosen in mine:
            return str(chosen)
        return mine[0]

    def stack_signature(self, s: CCState, role: str, area: str) -> str:
        """What makes up a stack (its units and whether an RP marker is with them)."""
        mine = sorted(self.units_at(s, area, role))
        return ",".join(mine) + ("+rp" if s.rps[role].get(area, 0) > 0 else "")

    def top_choices(self, s: CCState, role: str) -> list[Action]:
        """12: the owner puts another unit (or one of his RP markers) on top of a stack of his
        in a port or at sea. Offered only where it changes the top, and once per stack as it
        stands: after a choice, again only when units or the RP come or go."""
        out: list[Action] = []
        rps = s.rps[role]
        where = s.units.where()
        side = self.side_of
        for area in self.watched:
            here = where.get(area)
            if not here or (len(here) < 2 and rps.get(area, 0) <= 0):
                continue
            mine = [u for u in here if side[u] == role]
            if not mine or (len(mine) < 2 and rps.get(area, 0) <= 0):
                continue
            if s.flags.get(f"topsig:{role}:{area}") == self.stack_signature(s, role, area):
                continue
            cur = self.stack_top(s, role, area)
            cands = [*mine, RP_MARKER] if rps.get(area, 0) > 0 else mine
            out.extend(("top", area, c) for c in cands if c != cur)
        return out

    def op_free(self, s: CCState, op: Op) -> list[Action]:
        if not s.flags.get("limited") or op.group:
            return []
        return self.top_choices(s, op.role)

    def put_on_top(self, s: CCState, role: str, area: str, what: str) -> None:
        self.set_top(s, role, area, what)
        # the owner's log names his choice; the enemy's names only what he now sees on top
        s.log_private([role], "stack-top", role=role, area=area, top=what)
        s.log_private([self.other(role)], "stack-top", role=role, area=area, top=what)
        s.reveals += 1  # the new top is shown to the enemy

    def drop_stale_tops(self, s: CCState) -> None:
        """Forget a top choice once its unit (or the RP) has left the stack."""
        flags = s.flags
        units = s.units
        for r in self.roles:
            left = flags.get(f"topn:{r}", 0)  # the number of this side's choices in force
            if not left:
                continue
            rps = s.rps[r]
            for area, key in self.top_keys[r].items():
                chosen = flags.get(key)
                if chosen is None:
                    continue
                if chosen == RP_MARKER:
                    ok = rps.get(area, 0) > 0 and self.has_units(s, area, r)
                else:
                    ok = units[chosen].loc == area
                if not ok:
                    self.forget_top(s, r, area)
                left -= 1
                if not left:
                    break

    def forget_top(self, s: CCState, role: str, area: str) -> None:
        if s.flags.pop(f"top:{role}:{area}", None) is not None:
            s.flags[f"topn:{role}"] -= 1
        s.flags.pop(f"topsig:{role}:{area}", None)

    def set_top(self, s: CCState, role: str, area: str, what: str) -> None:
        key = f"top:{role}:{area}"
        if key not in s.flags:
            s.flags[f"topn:{role}"] = s.flags.get(f"topn:{role}", 0) + 1
        s.flags[key] = what
        s.flags[f"topsig:{role}:{area}"] = self.stack_signature(s, role, area)

    def hidden_units(self, s: CCState, role: str | None) -> set[str]:
        """Enemy units ``role`` may not see: all but the top one of a stack in a port or at
        sea (all of them when an RP marker is on top); units in a battle, or named by a
        pending choice of the fight (cargo struck with its ship, a retreat), are seen."""
        if not s.flags.get("limited") or role is None:
            return set()
        foe = self.other(role)
        side = self.side_of
        out: set[str] = set()
        where = s.units.where()
        flags = s.flags
        rps = s.rps[foe]
        keys = self.top_keys[foe]
        for area in self.watched:
            here = where.get(area)
            if not here:
                continue
            if len(here) < 2:  # one unit: seen, unless its owner's RP marker covers it
                if rps.get(area, 0) > 0 and flags.get(keys[area]) == RP_MARKER:
                    out.update(u for u in here if side[u] == foe)
                continue
            theirs = [u for u in here if side[u] == foe]
            if not theirs:
                continue
            # the top as stack_top gives it, written out: this runs around every action
            chosen = flags.get(keys[area])
            if chosen == RP_MARKER and rps.get(area, 0) > 0:
                out.update(theirs)
            elif len(theirs) > 1:
                top = chosen if chosen in theirs else theirs[0]
                out.update(u for u in theirs if u != top)
        b = s.battle
        if b is not None:
            out -= set(b.units[foe])
        for t in s.tasks:  # the units of a pending choice of the fight are part of it: seen
            if t[0] == "cargo" and t[1] == foe:  # 7.4: what the struck ship carries
                out.difference_update(t[3])
                out.discard(t[4])
            elif t[0] == "port" and t[1] == foe:  # 9.6.3.e: a ship retreating from a battle
                out.discard(t[2])
            elif t[0] == "retreat":
                out.discard(t[1])
        return out

    def stack_tops(self, s: CCState) -> dict[str, dict[str, str]]:
        """Area -> side -> its top (a unit id or ``RP_MARKER``) of every stack in a port or at
        sea: what each side sees of the other's stacks there (rule 12)."""
        out: dict[str, dict[str, str]] = {}
        for area in self.watched:
            for r in self.roles:
                top = self.stack_top(s, r, area)
                if top:
                    out.setdefault(area, {})[r] = top
        return out

    def view(self, state: CCState, role: str | None) -> dict[str, Any]:
        """The series view, with rule 12's fog: a seat does not see the enemy units hidden in
        his stacks; a watcher (``role`` None) sees what both seats see, so neither side's
        hidden units (only how many are hidden where) nor either side's arrangements."""
        v = super().view(state, role)
        if role is None:
            hidden = set().union(*(self.hidden_units(state, r) for r in self.roles))
        else:
            hidden = self.hidden_units(state, role)
        airfields = {a: self.airfield_owner(state, a) for a in sorted(self.printed_airfields)}
        for k, val in state.flags.items():
            if k.startswith("af:"):
                airfields[k[3:]] = val
        v["airfields"] = [
            {
                "area": a,
                "owner": o,
                "printed": a in self.printed_airfields,
                "out_of_action": bool(state.flags.get(f"afdg:{a}")),
                "silenced": bool(state.flags.get(f"afoff:{a}")),
            }
            for a, o in sorted(airfields.items())
        ]
        if state.flags.get("limited"):
            v["stack_tops"] = self.stack_tops(state)
            # the enemy's arrangements are his own business (a watcher's: nobody's)
            secret = tuple(
                f"{k}:{r}" for r in self.roles if r != role for k in ("top", "topsig", "topn")
            )
            v["flags"] = {k: val for k, val in v["flags"].items() if not k.startswith(secret)}
        else:
            v["stack_tops"] = {}
        if state.flags.get("limited"):
            # 12: which ship of an enemy stack in a port or at sea carries what is not seen
            # (its units and RPs are counted, not placed); a watcher sees what both seats
            # see, so neither side's loading
            foes = set(self.roles) if role is None else {self.other(role)}
            watched = set(self.watched)
            for u in v["units"]:
                if u["side"] in foes and u["loc"] in watched:
                    u["aboard"], u["rp_aboard"] = "", 0
        if hidden and v["op"] is not None:
            for key in ("acted", "group", "hold"):
                v["op"][key] = [u for u in v["op"][key] if u not in hidden]
            # what the moving ships in sight carry (a hidden ship's cargo is not shown as the
            # group's, even where the cargo itself is in sight)
            ships = v["op"]["group"]
            v["op"]["cargo"] = [u for u in naval.cargo(state, ships) if u not in hidden]
        op = v["op"]
        if state.flags.get("limited") and op is not None and op["role"] != role:
            # the enemy's range left is his own reckoning: it counts hidden members and
            # whether the group carries troops (7.1.6-7.1.7), so it is never shown; and with
            # no member in sight, not even that his group set out (the counters seen leaving
            # and joining stacks are all he sees of it)
            op["mp"] = 0
            if not op["group"] and not op["hold"]:
                op["moved"] = False
        if hidden:
            v["units"] = [u for u in v["units"] if u["id"] not in hidden]
            # the stacks again from the units in sight only: not even their order may tell
            # where the hidden units are
            stacks: dict[str, list[str]] = {}
            for u in v["units"]:
                if u["loc"] not in OFF_MAP:
                    stacks.setdefault(u["loc"], []).append(u["id"])
            v["stacks"] = stacks
            v["hidden_counts"] = self._hidden_counts(state, hidden)
        else:
            v["hidden_counts"] = {}
        return v

    def render_text(self, state: CCState, role: str | None) -> str:
        text = super().render_text(state, role)
        v = self.view(state, role)
        if not v["hidden_counts"] or role is None:
            return text
        foe = self.other(role)
        marked = {a for a, sides in v["stack_tops"].items() if sides.get(foe) == RP_MARKER}
        spots = ", ".join(
            f"{a} +{n}{' under an RP' if a in marked else ''}"
            for a, n in sorted(v["hidden_counts"].items())
        )
        return f"{text}\nHidden enemy units (limited intelligence): {spots}"

    def _hidden_counts(self, s: CCState, hidden: set[str]) -> dict[str, int]:
        out: dict[str, int] = {}
        for uid in hidden:
            loc = s.units[uid].loc
            out[loc] = out.get(loc, 0) + 1
        return dict(sorted(out.items()))  # in the order of the areas' names, not the units'

    def apply(self, state: CCState, role: str, action: Action) -> None:
        if not state.flags.get("limited"):
            super().apply(state, role, action)
            return
        before = {r: self.hidden_units(state, r) for r in self.roles}
        n = len(state.events)
        super().apply(state, role, action)
        self.drop_stale_tops(state)
        if len(state.events) > n:
            after = {r: self.hidden_units(state, r) for r in self.roles}
            self.redact(state, n, before, after)

    def redact(
        self, s: CCState, start: int, before: dict[str, set[str]], after: dict[str, set[str]]
    ) -> None:
        """12: an event naming a unit hidden from a side (before or after it) goes only to the
        other side; the hidden side gets a version without the hidden units (none about a
        group it saw nothing of). A move's range left is nobody's to read but its owner's,
        who has it in his view: no event carries it."""
        out = []
        for e in s.events[start:]:
            if e.get("to") is not None:
                out.append(e)  # private already
                continue
            if any(k in e for k in RECKONING):
                e = {k: v for k, v in e.items() if k not in RECKONING}
            secret = False
            for r in self.roles:
                hid = before[r] | after[r]
                if hid and _names_any(e, hid):
                    secret = True
            if not secret:
                out.append(e)
                continue
            for r in self.roles:
                hid = before[r] | after[r]
                if hid and _names_any(e, hid):
                    red = _without(e, hid, before[r])
                    if red is not None:
                        out.append(dict(red, to=[r]))
                else:
                    out.append(dict(e, to=[r]))
        s.events[start:] = out

    def determinize(self, state: CCState, role: str, rng: Rng) -> CCState:
        new = present.determinize(self, state, role, rng)
        if not state.flags.get("limited"):
            return new
        # 12: the enemy's top choices are his secret; what is on top of each of his stacks
        # is seen, and stays on top whatever is dealt beneath it
        foe = self.other(role)
        tops = {a: sides[foe] for a, sides in self.stack_tops(state).items() if foe in sides}
        for k in [k for k in new.flags if k.startswith(f"top:{foe}:")]:
            self.forget_top(new, foe, k.split(":", 2)[2])
        for k in [k for k in new.flags if k.startswith(f"topsig:{foe}:")]:
            del new.flags[k]  # (a signature left without its choice)
        hidden = self.hidden_units(state, role)
        op = new.op
        if hidden and op is not None and op.role == foe:
            # which hidden units the enemy picked for a move (or holds at sea for his
            # landing's battle) or has moved already is unseen: they are dealt like the
            # others, and the determinized operation keeps only the members in sight
            op.group = [u for u in op.group if u not in hidden]
            op.hold = [u for u in op.hold if u not in hidden]
            op.acted -= hidden
            if not op.group and not op.hold:
                # no group in sight: what it did so far is forgotten with it, and the card
                # window (2.3.4) is taken as closed, the enemy seeming still at his menu:
                # whether his unseen steps (a pick in port, a move, a halt) have opened it
                # again is unseen too
                op.group_from, op.path, op.stacked = "", [], ""
                op.laden = op.embarked = False
                op.window = new.steps
                # nor its range left, nor that it set out (as the view shows it)
                op.mp, op.moved = 0, False
        if hidden:
            self._deal_hidden(state, new, hidden, rng)
        self._deal_cargo(new, role, hidden, rng)
        for area, top in tops.items():
            self.set_top(new, foe, area, top)
        return new

    def _deal_cargo(self, new: CCState, role: str, hidden: set[str], rng: Rng) -> None:
        """12: which enemy ship in a port or at sea carries which ground unit and RP is
        unseen (only what his moving group carries in sight is shown, not on which of its
        ships): deal them again. At sea every ground unit goes aboard a ship of its area with
        room; in a port only the ships of the moving group carry (7.1.9), and only the cargo
        in sight stays aboard them. The RPs of each sea area (a public count) are dealt over
        its ships; those the moving group took on in port stay with it."""
        foe = self.other(role)
        op = new.op
        kept = set(op.group) | set(op.hold) if op is not None and op.role == foe else set()
        defs = self.data.units
        side = self.side_of
        carried = {u: x for u, x in new.aboard.items() if side[u] == foe}
        on_group = [u for u, x in carried.items() if x in kept and u not in hidden]
        group_rps = sum(new.rp_aboard.get(x, 0) for x in kept)
        # the cargo of a struck ship whose owner is choosing who shares its fate stays
        pinned = {u for t in new.tasks if t[0] == "cargo" and t[1] == foe for u in t[3]}
        for u in carried:
            if u not in pinned:
                del new.aboard[u]
        for x in [x for x in new.rp_aboard if side[x] == foe]:
            del new.rp_aboard[x]
        where = new.units.where()
        for area in self.watched:
            here = [u for u in where.get(area, ()) if side[u] == foe]
            if not here:
                continue
            ships = sorted(u for u in here if defs[u].naval)
            group = [x for x in ships if x in kept]
            sea = self.data.areas[area].kind == "sea"
            troops = sorted(
                u for u in here if not defs[u].naval and u not in pinned and (sea or u in on_group)
            )
            rng.shuffle(troops)
            # the cargo in sight of the moving group first, over its own ships
            troops.sort(key=lambda u: u not in on_group)
            for u in troops:
                pool = group if u in on_group and group else ships
                free = [x for x in pool if naval.room(self, new, x) > 0]
                if free:
                    naval.board(new, u, free[rng.below(len(free))])
            if sea:
                rps, pool = new.rps[foe].get(area, 0), ships
            else:
                rps, pool = (group_rps, group) if group else (0, [])
            order = list(pool)
            rng.shuffle(order)
            for x in order[: max(0, rps)]:
                new.rp_aboard[x] = 1

    def _deal_hidden(self, state: CCState, new: CCState, hidden: set[str], rng: Rng) -> None:
        # 12: which hidden unit is where (and in what state) is unknown: deal the hidden
        # units of each kind (ground, naval, Truk Fleet) over the hidden places of that kind
        groups: dict[tuple[bool, bool], list[str]] = {}
        for u in sorted(hidden):
            groups.setdefault((self.data.units[u].naval, u in self.truk), []).append(u)
        for units in groups.values():
            spots = sorted(state.units[u].loc for u in units)
            order = list(units)
            rng.shuffle(order)
            for u, loc in zip(order, spots, strict=True):
                new.units[u] = Unit(loc, dep=rng.random() < 0.3)  # its state is unseen too


def _names_any(e: dict[str, Any], hid: set[str]) -> bool:
    for v in e.values():
        if isinstance(v, str) and v in hid:
            return True
        if isinstance(v, list) and any(isinstance(x, str) and x in hid for x in v):
            return True
    return False


RECKONING = ("range_left", "mp_left")
"""Event keys giving a moving group's range left: it counts hidden members and whether the
group carries troops (7.1.6-7.1.7), so under rule 12 no event keeps them."""


def _without(e: dict[str, Any], hid: set[str], unseen: set[str]) -> dict[str, Any] | None:
    """The event with the ``hid`` units left out, or None if it is about a hidden unit only,
    or about a group none of whose members was seen before it acted (``unseen``: its move,
    halt or landing tells nothing)."""
    red: dict[str, Any] = {}
    for k, v in e.items():
        if isinstance(v, str) and v in hid:
            return None
        if isinstance(v, list):
            kept = [x for x in v if not (isinstance(x, str) and x in hid)]
            if k == "units" and v and all(x in unseen for x in v):
                return None
            if k == "units" and len(kept) < len(v):
                red["unseen"] = len(v) - len(kept)  # seen before or after, not named
            v = kept
        red[k] = v
    return red


GAME = CoralSea()
