"""Commanders: the game header and the hooks the engine calls.

Decisions are small prompts: an order sheet is a run of ("order", unit, kind, sector)
actions ending in ("done",); the combat decisions (reactions, targets, re-rolls,
withdrawals, entering a conquered sector) and the rally are the same. Both sides
decide at once wherever the rulebook has them decide at once; a side's choices are
private until the step is resolved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from warroom.engine import Action, Game, OptionSpec, OptionValue, Outcome, Rng, ScenarioSpec, Seed
from warroom.engine.contract import plain
from warroom.games.commanders import flow, present
from warroom.games.commanders.combat import (
    MELEE,
    RANGED,
    chooses_target,
    leave_zone,
    target_candidates,
)
from warroom.games.commanders.data import (
    ART,
    CAV,
    INF,
    SIDES,
    TYPES,
    UID,
    UINDEX,
    USIDE,
    UTYPE,
    Objective,
    first_of,
    load,
    side_units,
)
from warroom.games.commanders.state import (
    FRESH,
    ROUTED,
    UNPLACED,
    CmdState,
    Config,
)

ROLE = {"white": 0, "black": 1}


def _scenarios() -> tuple[ScenarioSpec, ...]:
    d = load()
    order = ("marengo", "la-rothiere", "dennewitz", "leuthen", "albuera", "custom")
    return tuple(ScenarioSpec(k, d.setups[k].title, d.setups[k].description) for k in order)


_OPTIONS: dict[tuple[str, bool, int, int], tuple[tuple[tuple[str, int, int], Action], ...]] = {}


def _unit_options(cfg: Config, u: int, s: int) -> tuple[tuple[tuple[str, int, int], Action], ...]:
    """Every order a unit standing in sector s may be given, each with the border it crosses
    (phase, from, to); computed once per board and kept (the values never change)."""
    key = (cfg.board, cfg.terrain, u, s)
    got = _OPTIONS.get(key)
    if got is not None:
        return got
    d = load()
    ids = d.ids
    side = USIDE[u]
    ter = d.terrain[cfg.board] if cfg.terrain else None
    enemy_res = d.reserve_of[1 - side]
    t = UTYPE[u]
    uid = UID[u]
    in_res = s in d.reserve_of
    forest = ter is not None and s in ter.forest
    out: list[tuple[tuple[str, int, int], Action]] = []
    if t == ART:
        if not in_res and not forest:
            for tgt, rng_, mid in d.lines[side][s]:
                if rng_ == 2 and ter is not None and mid in ter.hill:
                    continue
                out.append((("bombard", s, tgt), ("order", uid, "bombard", ids[tgt])))
        for n in d.adj[s]:
            if n == enemy_res:
                continue
            if not in_res and n not in d.reserve_of:
                out.append((("combined", s, n), ("order", uid, "fire", ids[n])))
            if ter is not None:
                bkey = (min(s, n), max(s, n))
                if n in ter.forest and bkey not in ter.road:
                    continue
                if bkey in ter.river and bkey not in ter.bridge and bkey not in ter.road:
                    continue
            out.append((("noncombat", s, n), ("order", uid, "move", ids[n])))
    else:
        kinds = ("fast", "advance", "move") if t == CAV and not forest else ("advance", "move")
        for k in kinds:
            phase = flow.PHASE_OF_STEP.get(k, "noncombat")
            for n in d.adj[s]:
                if n != enemy_res:
                    out.append(((phase, s, n), ("order", uid, k, ids[n])))
    res = tuple(out)
    _OPTIONS[key] = res
    return res


_SPLIT: dict[tuple[str, bool, int, int], tuple[tuple[Action, ...], tuple[Any, ...]]] = {}


def _unit_split(cfg: Config, u: int, s: int) -> tuple[tuple[Action, ...], tuple[Any, ...]]:
    """The unit's possible orders and the borders they cross, as two parallel tuples."""
    key = (cfg.board, cfg.terrain, u, s)
    got = _SPLIT.get(key)
    if got is None:
        opts = _unit_options(cfg, u, s)
        got = (tuple(a for _, a in opts), tuple(k for k, _ in opts))
        _SPLIT[key] = got
    return got


class Commanders(Game[CmdState]):
    id = "commanders"
    title = "Commanders: Napoleonic battle"
    version = "2"
    roles = ("white", "black")
    scenarios = _scenarios()
    options = (
        OptionSpec("objectives", False, "board side B: each side places its own objective markers"),
        OptionSpec("advanced-orders-random", False, "orders each round: one die + 6"),
        OptionSpec(
            "advanced-orders-distance",
            False,
            "+1 order in the command sector; each order arrives on a die >= its distance",
        ),
        OptionSpec("army-morale", False, "start with 15 VP and lose them; orders = VP"),
        OptionSpec("terrain", False, "forest, hill, building, road, river and bridge"),
    )
    chance = True
    hidden_information = True
    simultaneous = True
    max_steps = 20_000

    # ----- set-up ---------------------------------------------------------------------------
    def setup(self, scenario: str, options: Mapping[str, OptionValue], seed: Seed) -> CmdState:
        d = load()
        cfg = Config(
            scenario=scenario,
            board="B" if options.get("objectives") else "A",
            terrain=bool(options.get("terrain")),
            objectives=bool(options.get("objectives")),
            orders_random=bool(options.get("advanced-orders-random")),
            orders_distance=bool(options.get("advanced-orders-distance")),
            morale=bool(options.get("army-morale")),
        )
        st = CmdState(Rng.for_seed(seed), cfg)
        st.pool = d.rules.vp_pool
        if cfg.morale:
            st.vp = [d.rules.morale, d.rules.morale]
        setup = d.setups[scenario]
        if cfg.objectives:
            st.markers_left = [tuple(range(len(d.markers))), tuple(range(len(d.markers)))]
        else:
            st.objectives = d.objectives_a
        if setup.custom:
            st.place_left = [[6, 6, 6, 12], [6, 6, 6, 12]]
        else:
            for side in (0, 1):
                nxt = [first_of(side, t) for t in range(3)]
                for slot, comp in enumerate((setup.right, setup.centre, setup.left, setup.reserve)):
                    sector = self._slot_sector(st, side, slot)
                    for t in range(3):
                        for _ in range(comp[t]):
                            st.loc[nxt[t]] = sector
                            nxt[t] += 1
        if cfg.objectives and cfg.terrain:
            # board side B turns two ways: black chooses before anything is placed
            st.phase = "setup"
            st.stage = "orient"
            st.waiting = [False, True]
        elif setup.custom or cfg.objectives:
            st.phase = "setup"
            st.stage = "place"
            st.waiting = [True, True]
        else:
            flow.start_round(st)
        st.log("setup", scenario=scenario, board=cfg.board)
        flow.run(st)
        return st

    @staticmethod
    def _slot_sector(st: CmdState, side: int, slot: int) -> int:
        """Right wing, centre, left wing, reserve of a side as sector indices."""
        d = st.data
        if slot == 3:
            return d.reserve_of[side]
        home = d.home[side]  # west to east
        right_east = side == 0 or d.setups[st.cfg.scenario].black_swaps_wings
        if slot == 1:
            return home[1]
        east = (slot == 0) == right_east
        return home[2] if east else home[0]

    # ----- play -----------------------------------------------------------------------------
    def active(self, state: CmdState) -> tuple[str, ...]:
        if state.winner >= 0:
            return ()
        w = state.waiting
        return tuple(r for r, i in ROLE.items() if w[i])

    def legal_actions(self, state: CmdState, role: str) -> Sequence[Action]:
        side = ROLE[role]
        cached = state.cache[side]
        if cached is not None:
            return cached  # type: ignore[return-value]
        acts: tuple[Action, ...] = tuple(self._legal(state, side)) if state.waiting[side] else ()
        state.cache[side] = acts
        return acts

    def _legal(self, st: CmdState, side: int) -> list[Action]:
        stage = st.stage
        if stage == "plan":
            return self._plan_actions(st, side)
        if stage == "place":
            return self._place_actions(st, side)
        cb = st.combat
        if stage == "react":
            return [*flow.reaction_options(st, side), ("done",)]
        if stage == "split":
            return flow.split_options(st, side)
        if stage == "capacity":
            key = flow.capacity_question(st, side)
            if key is None:
                return []
            chosen = st.admit.get(key, ())
            return [
                *(("admit", UID[u]) for u in st.need[key][0] if u not in chosen),
                ("done",),
            ]
        if stage == "aim":
            q = flow.aim_question(st, side)
            if q is None:
                return []
            gun, cands = q
            return [*(("target", UID[gun], UID[e]) for e in cands), ("done",)]
        if stage == "orient":
            return [("orient", 1), ("orient", 2)]
        if stage in ("ranged-target", "melee-target"):
            step = RANGED if stage == "ranged-target" else MELEE
            assert cb is not None
            pend = flow.pending_targets(st, side, step)
            if not pend:
                return []
            u = pend[0]
            return [("target", UID[u], UID[t]) for t in target_candidates(st, cb, u)]
        if stage in ("ranged-reroll", "melee-reroll"):
            opts = flow.reroll_options(st, side)
            return [*opts, ("done",)] if opts else []
        if stage == "withdraw":
            return [*flow.withdraw_options(st, side), ("done",)]
        if stage == "enter":
            assert cb is not None
            out: list[Action] = []
            for (s, t), v in sorted(cb.enter.items()):
                if s == side and v < 0:
                    out += [("enter", st.data.ids[t]), ("hold", st.data.ids[t])]
                    break
            return out
        if stage == "rally":
            opts = flow.rally_options(st, side)
            return [*opts, ("done",)]
        return []

    def _place_actions(self, st: CmdState, side: int) -> list[Action]:
        d = st.data
        out: list[Action] = []
        left = st.place_left[side]
        if sum(left):
            for t in range(3):
                if any(st.loc[u] == UNPLACED for u in side_units(side) if UTYPE[u] == t):
                    for slot in range(4):
                        if left[slot] > 0:
                            out.append(
                                ("place", TYPES[t], d.ids[self._slot_sector(st, side, slot)])
                            )
        if st.markers_left[side]:
            taken = {o.sector for o in st.objectives if o.side == side and o.kind != "rose"}
            for m in st.markers_left[side]:
                kind, vp = d.markers[m]
                for s in d.home[side]:
                    if kind != "rose" and s in taken:
                        continue
                    out.append(("objective", kind, vp, d.ids[s]))
        if not out:
            out.append(("done",))
        return out

    def _plan_actions(self, st: CmdState, side: int) -> list[Action]:
        d = st.data
        ids = d.ids
        enemy_res = d.reserve_of[1 - side]
        comp = st.composing[side]
        counts = self._border_counts(st, side)
        if comp >= 0:
            kind, d1, _, d2 = st.orders[comp]
            out: list[Action] = [("stop",)]
            if st.road_stage[side]:
                for s in self._road_targets(st, side, counts, d2 if d2 >= 0 else d1):
                    out.append(("then", "road", ids[s]))
                return out
            kinds = ("advance", "move") if kind == "fast" else ("move",)
            for k2 in kinds:
                for s in d.adj[d1]:
                    if s != enemy_res and self._border_free(st, counts, k2, d1, s):
                        out.append(("then", k2, ids[s]))
            return out
        out = [("done",)]
        given = st.given[side]
        room = given < st.allowed[side]
        cmd = flow.command_sector(st, side) if st.extra[side] else -1
        if not room and cmd < 0:
            return out
        full = {k for k, n in counts.items() if n >= flow.border_limit(st, k[1], k[2])}
        base = st.plan_base[side]
        if base is None:
            loc, status, cfg = st.loc, st.status, st.cfg
            base = tuple(
                (u, loc[u], *_unit_split(cfg, u, loc[u]))
                for u in side_units(side)
                if loc[u] >= 0 and status[u] == FRESH
            )
            st.plan_base[side] = base
        orders = st.orders
        if room and not full:
            for u, _, acts, _ in base:
                if u not in orders:
                    out.extend(acts)
        else:
            for u, s, acts, keys in base:
                if u in orders or not (room or s == cmd):
                    continue
                out.extend(a for a, k in zip(acts, keys, strict=True) if k not in full)
        return out

    def _road_targets(
        self, st: CmdState, side: int, counts: dict[tuple[str, int, int], int], s: int
    ) -> list[int]:
        """Where a unit ending its order in sector s may go on along a road in the non-combat
        phase: two such moves a side a round (infantry or cavalry), within the border limit
        of that phase."""
        if not st.cfg.terrain:
            return []
        d = st.data
        ter = d.terrain[st.cfg.board]
        if sum(1 for u in st.road if USIDE[u] == side) >= d.rules.road_moves:
            return []
        enemy_res = d.reserve_of[1 - side]
        return [
            n
            for n in d.adj[s]
            if (min(s, n), max(s, n)) in ter.road
            and n != enemy_res
            and self._border_free(st, counts, "road", s, n)
        ]

    def _after_order(self, st: CmdState, side: int, u: int) -> None:
        """Ask next for the road move of the unit just ordered, or close its order."""
        kind, d1, _, d2 = st.orders[u]
        if (
            UTYPE[u] != ART
            and kind != "bombard"
            and not flow.in_forest(st, d1)
            and not flow.in_forest(st, d2)
            and not st.road_stage[side]
            and self._road_targets(st, side, self._border_counts(st, side), d2 if d2 >= 0 else d1)
        ):
            st.composing[side] = u
            st.road_stage[side] = True
        else:
            st.composing[side] = -1
            st.road_stage[side] = False

    @staticmethod
    def _border_counts(st: CmdState, side: int) -> dict[tuple[str, int, int], int]:
        """How many of a side's orders cross each border in each phase."""
        out: dict[tuple[str, int, int], int] = {}
        if st.given[side] < 3:
            return out  # no border can be full yet (every limit is at least 3)
        for u, (k, d1, k2, d2) in st.orders.items():
            if USIDE[u] != side:
                continue
            key = (flow.PHASE_OF_STEP.get(k, "noncombat"), st.loc[u], d1)
            out[key] = out.get(key, 0) + 1
            if d2 >= 0:
                key = (flow.PHASE_OF_STEP.get(k2, "noncombat"), d1, d2)
                out[key] = out.get(key, 0) + 1
            r = st.road.get(u, -1)
            if r >= 0:  # the road move is made in the non-combat phase
                key = ("noncombat", d2 if d2 >= 0 else d1, r)
                out[key] = out.get(key, 0) + 1
        return out

    @staticmethod
    def _border_free(
        st: CmdState, counts: dict[tuple[str, int, int], int], kind: str, frm: int, to: int
    ) -> bool:
        """At most the border limit of one side's orders cross one border in one phase."""
        if not counts:
            return True
        n = counts.get((flow.PHASE_OF_STEP.get(kind, "noncombat"), frm, to), 0)
        return n < 3 or n < flow.border_limit(st, frm, to)

    def prompt_text(self, state: CmdState, role: str) -> str:
        return present.prompt_text(state, ROLE[role])

    def apply(self, state: CmdState, role: str, action: Action) -> None:
        st = state
        side = ROLE[role]
        head = action[0]
        if st.stage == "plan" and head != "done":
            st.cache[side] = None  # one side's orders never change the other's choices
        else:
            st.cache = [None, None]
        d = st.data
        cb = st.combat
        if head == "done":
            st.waiting[side] = False
            if st.stage == "plan":
                st.log("planned", side=role)
        elif head == "order":
            u = UINDEX[action[1]]
            kind = action[2]
            to = d.index[action[3]]
            st.orders[u] = (kind, to, "", -1)
            if st.given[side] >= st.allowed[side]:
                st.extra[side] = 0
            st.given[side] += 1
            st.log_private([role], "order", unit=action[1], order=kind, sector=action[3])
            if UTYPE[u] == CAV and kind in ("fast", "advance") and not flow.in_forest(st, to):
                st.composing[side] = u  # its second move comes next (none into a forest)
                st.road_stage[side] = False
            elif st.cfg.terrain:
                self._after_order(st, side, u)
        elif head == "then":
            u = st.composing[side]
            kind, d1, _, _ = st.orders[u]
            if action[1] == "road":
                st.road[u] = d.index[action[2]]
                st.composing[side] = -1
                st.road_stage[side] = False
            else:
                st.orders[u] = (kind, d1, action[1], d.index[action[2]])
                self._after_order(st, side, u)
            st.log_private([role], "order-then", unit=UID[u], order=action[1], sector=action[2])
        elif head == "stop":
            u = st.composing[side]
            if st.road_stage[side] or not st.cfg.terrain:
                st.composing[side] = -1
                st.road_stage[side] = False
            else:
                self._after_order(st, side, u)
        elif head == "place":
            t = TYPES.index(action[1])
            s = d.index[action[2]]
            u = next(x for x in side_units(side) if UTYPE[x] == t and st.loc[x] == UNPLACED)
            st.loc[u] = s
            slot = next(k for k in range(4) if self._slot_sector(st, side, k) == s)
            st.place_left[side][slot] -= 1
            st.log_private([role], "placed", unit=UID[u], sector=action[2])
        elif head == "objective":
            kind, vp, s = action[1], action[2], d.index[action[3]]
            m = next(i for i in st.markers_left[side] if d.markers[i] == (kind, vp))
            st.markers_left[side] = tuple(i for i in st.markers_left[side] if i != m)
            st.objectives = (*st.objectives, Objective(side, kind, s, vp))
            st.log_private([role], "marker", marker=kind, vp=vp, sector=action[3])
        elif head == "react":
            assert cb is not None
            cb.react[UINDEX[action[1]]] = action[2]
        elif head == "retreat":
            assert cb is not None
            cb.react[UINDEX[action[1]]] = f"retreat:{d.index[action[2]]}"
        elif head == "target" and st.stage == "aim":
            gun = UINDEX[action[1]]
            st.aims[gun] = (*st.aims.get(gun, ()), UINDEX[action[2]])
            st.log_private([role], "aim", unit=action[1], target=action[2])
            if not flow.fill_aims(st, side):
                st.waiting[side] = False
        elif head == "target":
            assert cb is not None
            cb.targets[UINDEX[action[1]]] = UINDEX[action[2]]
            step = RANGED if st.stage == "ranged-target" else MELEE
            if not flow.pending_targets(st, side, step):
                st.waiting[side] = False
        elif head == "defend":
            assert cb is not None
            u = UINDEX[action[1]]
            frm = d.index[action[2]]
            t = st.loc[u]
            cb.split[u] = next(
                z for z, (a, b, _, _) in enumerate(cb.zones) if (a, b) == (min(t, frm), max(t, frm))
            )
            st.log_private([role], "defend", unit=action[1], against=action[2])
            if not flow.split_options(st, side):
                st.waiting[side] = False
        elif head == "admit":
            u = UINDEX[action[1]]
            key = flow.capacity_question(st, side)
            assert key is not None
            st.admit[key] = (*st.admit.get(key, ()), u)
            st.log_private([role], "admit", unit=action[1], sector=d.ids[key[1]])
            if flow.capacity_question(st, side) is None:
                st.waiting[side] = False
        elif head == "orient":
            if action[1] == 2:
                st.cfg = replace(st.cfg, board="B2")
            st.log("orient", side=role, orientation=action[1])
            st.stage = "place"
            st.waiting = [True, True]
        elif head == "reroll":
            flow.do_reroll(st, side, UINDEX[action[1]], action[2])
            if not flow.reroll_options(st, side):
                st.waiting[side] = False
        elif head == "withdraw":
            assert cb is not None
            u = UINDEX[action[1]]
            leave_zone(cb, u)
            cb.mover.pop(u, None)
            flow.fail_order(st, u)
            st.log("withdrew", unit=action[1])
            if not flow.withdraw_options(st, side):
                st.waiting[side] = False
        elif head == "garrison":
            assert cb is not None
            u = UINDEX[action[1]]
            leave_zone(cb, u)
            st.garrison[st.loc[u]] = u
            cb.sheltered.add(u)
            st.log("garrison", unit=action[1], sector=d.ids[st.loc[u]])
            if not flow.withdraw_options(st, side):
                st.waiting[side] = False
        elif head in ("enter", "hold"):
            assert cb is not None
            key = (side, d.index[action[1]])
            cb.enter[key] = 1 if head == "enter" else 0
            if not any(s == side and v < 0 for (s, _), v in cb.enter.items()):
                st.waiting[side] = False
        elif head == "rally":
            flow.do_rally(st, side, action[1])
            if not flow.rally_options(st, side):
                st.waiting[side] = False
        if not (st.waiting[0] or st.waiting[1]):
            flow.run(st)
            st.cache = [None, None]

    def view(self, state: CmdState, role: str | None) -> dict[str, Any]:
        return present.view(state, None if role is None else ROLE[role])

    def outcome(self, state: CmdState) -> Outcome | None:
        if state.winner < 0:
            return None
        winner = None if state.winner == 2 else SIDES[state.winner]
        return Outcome(
            winner,
            {"white": state.vp[0], "black": state.vp[1]},
            level="draw" if winner is None else "victory",
            summary=state.summary,
        )

    def clone(self, state: CmdState) -> CmdState:
        return state.clone()

    def snapshot(self, state: CmdState) -> Any:
        """The whole state as plain data (the legal-action cache and the shared board left out)."""
        out: dict[str, Any] = {"rng": state.rng.s, "reveals": state.reveals}
        for name in CmdState.__slots__:
            if name in ("cache", "plan_base", "data", "cfg"):
                continue
            out[name] = plain(getattr(state, name))
        out["cfg"] = plain(state.cfg)
        return out

    def determinize(self, state: CmdState, role: str, rng: Rng) -> CmdState:
        """Resample what ``role`` cannot see: the other side's unrevealed orders or
        placement, and the future dice."""
        side = ROLE[role]
        other = 1 - side
        new = state.clone()
        new.rng = rng.fork(0x5EED)
        pick = rng.fork(0xD1CE)
        if new.phase == "planning":
            was_done = not new.waiting[other]
            for u in [u for u in new.orders if USIDE[u] == other]:
                del new.orders[u]
            new.road = {u: s for u, s in new.road.items() if USIDE[u] != other}
            new.given[other] = 0
            new.composing[other] = -1
            new.road_stage[other] = False
            new.extra[other] = 1 if new.cfg.orders_distance else 0
            if was_done:
                new.waiting[other] = True
                self._random_until_done(new, other, pick, 0.12)
        elif new.phase == "setup" and new.stage != "orient":
            was_done = not new.waiting[other]
            if self._is_custom(new):
                for u in side_units(other):
                    new.loc[u] = UNPLACED
                new.place_left[other] = [6, 6, 6, 12]
            new.objectives = tuple(o for o in new.objectives if o.side != other)
            if new.cfg.objectives:
                new.markers_left[other] = tuple(range(len(new.data.markers)))
            if was_done:
                new.waiting[other] = True
                self._random_until_done(new, other, pick, 0.0)
        elif new.stage in ("capacity", "aim"):
            # the other side's capacity choices and gun aims stay secret until carried out
            was_done = not new.waiting[other]
            if new.stage == "capacity":
                new.admit = {k: v for k, v in new.admit.items() if k[0] != other}
                was_done = was_done and any(k[0] == other for k in new.need)
            else:
                guns = {u for u in new.aims if USIDE[u] == other}
                new.aims = {u: v for u, v in new.aims.items() if USIDE[u] != other}
                flow.fill_aims(new, other)
                was_done = was_done and bool(guns)
            if was_done:
                new.waiting[other] = True
                self._random_until_done(new, other, pick, 0.5)
        elif new.combat is not None and new.stage in (
            "react",
            "split",
            "ranged-target",
            "melee-target",
            "enter",
        ):
            # choices the other side made in this step are not shown until it is resolved
            cb = new.combat
            was_done = not new.waiting[other]
            if new.stage == "react":
                cb.react = {u: k for u, k in cb.react.items() if USIDE[u] != other}
            elif new.stage == "split":
                cb.split = {u: z for u, z in cb.split.items() if USIDE[u] != other}
                was_done = was_done and bool(flow.split_options(new, other))
            elif new.stage == "enter":
                cb.enter = {k: (-1 if k[0] == other else v) for k, v in cb.enter.items()}
                was_done = was_done and any(k[0] == other for k in cb.enter)
            else:
                step = RANGED if new.stage == "ranged-target" else MELEE
                # only real choices are hidden: a unit with one target or none had it set
                # in public when the step began (``flow.auto_targets``) and keeps it
                mine = {
                    u
                    for u in cb.targets
                    if USIDE[u] == other
                    and chooses_target(new, cb, u, step)
                    and len(target_candidates(new, cb, u)) > 1
                }
                cb.targets = {u: t for u, t in cb.targets.items() if u not in mine}
                was_done = was_done and bool(mine)
            if was_done:
                new.waiting[other] = True
                self._random_until_done(new, other, pick, 0.5)
        new.cache = [None, None]
        new.events = []
        return new

    @staticmethod
    def _is_custom(st: CmdState) -> bool:
        return st.data.setups[st.cfg.scenario].custom

    @staticmethod
    def _options_of(st: CmdState) -> dict[str, OptionValue]:
        c = st.cfg
        return {
            "objectives": c.objectives,
            "advanced-orders-random": c.orders_random,
            "advanced-orders-distance": c.orders_distance,
            "army-morale": c.morale,
            "terrain": c.terrain,
        }

    def _random_until_done(self, st: CmdState, side: int, rng: Rng, stop: float) -> None:
        """Play random choices for ``side`` until it says done (without resolving anything)."""
        role = SIDES[side]
        saved_other = st.waiting[1 - side]
        st.waiting[1 - side] = True  # keep apply from running the game on
        for _ in range(500):
            st.cache = [None, None]
            acts = list(self._legal(st, side))
            if not acts:
                break
            done = ("done",) in acts
            if done and (len(acts) == 1 or rng.random() < stop):
                break
            choices = [a for a in acts if a != ("done",)]
            self.apply(st, role, choices[rng.below(len(choices))])
        st.waiting[side] = False
        st.waiting[1 - side] = saved_other
        st.cache = [None, None]

    # ----- words for people -----------------------------------------------------------------
    def label(self, state: CmdState, role: str, action: Action) -> str:
        return present.label(state, action)

    def describe_event(self, event: dict[str, Any]) -> str:
        return present.describe_event(event)

    def render_text(self, state: CmdState, role: str | None) -> str:
        return present.render_text(state, None if role is None else ROLE[role])


GAME = Commanders()

__all__ = ["GAME", "INF", "ROUTED", "Commanders"]
