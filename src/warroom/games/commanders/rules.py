"""Commanders: the game header and the hooks the engine calls.

Decisions are small prompts. The order sheet is a run of ("order", type, sector, arrow)
actions ending in ("done",): one more unit of that type in that sector ordered that way;
("times", n) then gives the last order to n units in all at once (the book's "3I").
Each action phase then asks each side which ordered units act now ("go", "on", "fire",
"bombard", "road"), with ("all",) and ("done",); the combat decisions (reactions, the
defender's split, targets, re-rolls, withdrawals, entering a won sector), room in a full
sector and the rally are asked the same way. Both sides decide at once wherever the book
has them decide at once, and a side's choices stay private until both have chosen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from warroom.engine import (
    Action,
    BadOption,
    Game,
    OptionSpec,
    OptionValue,
    Outcome,
    Rng,
    ScenarioSpec,
    Seed,
)
from warroom.engine.contract import plain
from warroom.games.commanders import flow, orders, present
from warroom.games.commanders.battle import (
    do_reroll,
    pending_targets,
    reaction_options,
    reroll_options,
    split_options,
    withdraw_options,
)
from warroom.games.commanders.combat import (
    MELEE,
    RANGED,
    chooses_target,
    target_candidates,
)
from warroom.games.commanders.data import (
    ARMY,
    ART,
    BOX,
    CAV,
    INF,
    PER_SIDE,
    SIDES,
    TYPES,
    USIDE,
    Objective,
    load,
    side_units,
)
from warroom.games.commanders.moves import capacity_question
from warroom.games.commanders.state import (
    FRESH,
    ROUTED,
    UNPLACED,
    CmdState,
    Config,
)

ROLE = {"white": 0, "black": 1}
SLOTS = ("right", "centre", "left", "reserve")
MARKER_OPTIONS = ("general", "flags-big", "flags-small", "roses-big", "roses-small")
"""The objective-marker options, in the order of the box (data ``markers``)."""
MARKER_SECTORS = ("home-row", "battlefield")
"""Where the objective markers may go (option ``marker-sectors``)."""
MIX_OPTIONS = (("white-cavalry", "white-artillery"), ("black-cavalry", "black-artillery"))
"""Each army's agreed mix for a custom set-up: cavalry and artillery (infantry fills 30)."""


def _scenarios() -> tuple[ScenarioSpec, ...]:
    d = load()
    order = ("marengo", "la-rothiere", "dennewitz", "leuthen", "albuera", "custom")
    return tuple(ScenarioSpec(k, d.setups[k].title, d.setups[k].description) for k in order)


def _marker_options() -> tuple[OptionSpec, ...]:
    d = load()
    words = {
        "general": "objectives: a general each side places (5 VP a round to the enemy holding it)",
        "flags-big": "objectives: big flags each side places (3 VP a round)",
        "flags-small": "objectives: small flags each side places (1 VP a round)",
        "roses-big": "objectives: big wind roses each side places (3 VP once)",
        "roses-small": "objectives: small wind roses each side places (1 VP once)",
    }
    labels = {
        "general": "General markers each side",
        "flags-big": "Big flag markers each side",
        "flags-small": "Small flag markers each side",
        "roses-big": "Big wind rose markers each side",
        "roses-small": "Small wind rose markers each side",
    }
    out = []
    for key, box in zip(MARKER_OPTIONS, d.marker_box, strict=True):
        out.append(OptionSpec(key, 1, words[key], low=0, high=box, label=labels[key]))
    return tuple(out)


def _mix_options() -> tuple[OptionSpec, ...]:
    out = []
    for role, (cav, art) in zip(ROLE, MIX_OPTIONS, strict=True):
        out.append(
            OptionSpec(
                cav,
                ARMY[CAV],
                f"custom set-up: {role}'s cavalry (0-{BOX[CAV]}; infantry fills the 30)",
                low=0,
                high=BOX[CAV],
                label=f"Cavalry in the {role} army",
            )
        )
        out.append(
            OptionSpec(
                art,
                ARMY[ART],
                f"custom set-up: {role}'s artillery (0-{BOX[ART]})",
                low=0,
                high=BOX[ART],
                label=f"Artillery in the {role} army",
            )
        )
    return tuple(out)


def army_mix(options: Mapping[str, OptionValue], side: int) -> tuple[int, int, int]:
    """A side's (infantry, cavalry, artillery) from the options (the book's 20/8/2 unless
    the players agreed another mix for a custom set-up)."""
    cav_key, art_key = MIX_OPTIONS[side]
    cav, art = int(options.get(cav_key, ARMY[CAV])), int(options.get(art_key, ARMY[ART]))
    return (PER_SIDE - cav - art, cav, art)


class Commanders(Game[CmdState]):
    id = "commanders"
    title = "Commanders: Napoleonic battle"
    version = "4"
    roles = ("white", "black")
    scenarios = _scenarios()
    log_headings: ClassVar[Mapping[str, int]] = {"round": 1}  # the log reads a round at a time
    options = (
        OptionSpec(
            "objectives",
            False,
            "board side B: each side places its own objective markers",
            label="Objective markers (board side B)",
        ),
        OptionSpec(
            "advanced-orders-random",
            False,
            "orders each round: one die + 6",
            label="Advanced ordering: orders by a die",
        ),
        OptionSpec(
            "advanced-orders-distance",
            False,
            "+1 order in the command sector; each order arrives on a die >= its distance",
            label="Advanced ordering: orders delayed by distance",
        ),
        OptionSpec(
            "army-morale",
            False,
            "start with 15 VP and lose them; orders = VP",
            label="Army morale",
        ),
        OptionSpec(
            "terrain",
            False,
            "forest, hill, building, road, river and bridge",
            label="Terrain features",
        ),
        *_mix_options(),
        *_marker_options(),
        OptionSpec(
            "marker-sectors",
            MARKER_SECTORS[0],
            "objectives: where each side may put its markers: its home row, or any battle sector",
            choices=MARKER_SECTORS,
            label="Where objective markers may go",
        ),
    )
    chance = True
    hidden_information = True
    simultaneous = True
    max_steps = 20_000

    # ----- set-up ---------------------------------------------------------------------------
    def check_options(self, scenario: str, options: Mapping[str, OptionValue]) -> None:
        d = load()
        for side in (0, 1):
            mix = army_mix(options, side)
            if mix == ARMY:
                continue
            keys = " and ".join(MIX_OPTIONS[side])
            if not d.setups[scenario].custom:
                raise BadOption(
                    f"{keys}: an army's mix is agreed only for the custom set-up; {scenario} "
                    f"gives each army {ARMY[INF]} infantry, {ARMY[CAV]} cavalry and "
                    f"{ARMY[ART]} artillery"
                )
        counts = self._marker_counts(options)
        default = (1, 1, 1, 1, 1)
        where = options.get("marker-sectors", MARKER_SECTORS[0])
        if not options.get("objectives") and (counts != default or where != MARKER_SECTORS[0]):
            raise BadOption(
                "general, flags-big, flags-small, roses-big, roses-small and marker-sectors "
                "are the objective markers' options: they need the objectives option"
            )
        kinds = [d.markers[i][0] for i in range(len(counts))]
        fixed = sum(n for n, k in zip(counts, kinds, strict=True) if k != "rose")
        if where == MARKER_SECTORS[0] and fixed > len(d.home[0]):
            raise BadOption(
                f"general, flags-big, flags-small: a general or flag goes one to a sector, and "
                f"with marker-sectors home-row there are {len(d.home[0])} sectors: at most "
                f"{len(d.home[0])} of them, got {fixed} (or marker-sectors battlefield)"
            )

    @staticmethod
    def _marker_counts(options: Mapping[str, OptionValue]) -> tuple[int, ...]:
        return tuple(int(options.get(key, 1)) for key in MARKER_OPTIONS)

    def setup(self, scenario: str, options: Mapping[str, OptionValue], seed: Seed) -> CmdState:
        d = load()
        setup = d.setups[scenario]
        cfg = Config(
            scenario=scenario,
            board="B" if options.get("objectives") else "A",
            terrain=bool(options.get("terrain")),
            objectives=bool(options.get("objectives")),
            orders_random=bool(options.get("advanced-orders-random")),
            orders_distance=bool(options.get("advanced-orders-distance")),
            morale=bool(options.get("army-morale")),
            mix=(army_mix(options, 0), army_mix(options, 1)),
            markers=self._marker_counts(options) if options.get("objectives") else (),
            markers_anywhere=options.get("marker-sectors") == "battlefield",
        )
        st = CmdState(Rng.for_seed(seed), cfg)
        st.pool = d.rules.vp_pool
        if cfg.morale:
            st.vp = [d.rules.morale, d.rules.morale]
        if cfg.objectives:
            box = tuple(i for i, n in enumerate(cfg.markers) for _ in range(n))
            st.markers_left = [box, box]
        else:
            st.objectives = d.objectives_a
        if setup.custom:
            st.place_left = [[6, 6, 6, 12], [6, 6, 6, 12]]
        else:
            for side in (0, 1):
                nxt = list(st.first_of(side))
                for slot, comp in enumerate((setup.right, setup.centre, setup.left, setup.reserve)):
                    sector = self._slot_sector(st, side, slot)
                    for t in range(3):
                        for _ in range(comp[t]):
                            st.loc[nxt[t]] = sector
                            nxt[t] += 1
        st.log("setup", scenario=scenario, board=cfg.board)  # the log's first line
        if cfg.objectives and cfg.terrain:
            # board side B turns two ways: black chooses before anything is placed
            st.phase = "setup"
            st.stage = "orient"
            st.waiting = [False, True]
        elif setup.custom or (cfg.objectives and any(st.markers_left)):
            st.phase = "setup"
            st.stage = "place"
            st.waiting = [True, True]
        else:
            flow.start_round(st)
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
            return orders.plan_options(st, side)
        if stage in ("choose", "road"):
            return orders.phase_options(st, side, st.phase)
        if stage == "place":
            return self._place_actions(st, side)
        cb = st.combat
        if stage == "react":
            return [*reaction_options(st, side), ("done",)]
        if stage == "split":
            return split_options(st, side)
        if stage == "capacity":
            key = capacity_question(st, side)
            if key is None:
                return []
            chosen = st.admit.get(key, ())
            return [
                *(("admit", st.uid[u]) for u in st.need[key][0] if u not in chosen),
                ("done",),
            ]
        if stage == "orient":
            return [("orient", 1), ("orient", 2)]
        if stage in ("ranged-target", "melee-target"):
            step = RANGED if stage == "ranged-target" else MELEE
            assert cb is not None
            pend = pending_targets(st, side, step)
            if not pend:
                return []
            u = pend[0]
            return [("target", st.uid[u], st.uid[t]) for t in target_candidates(st, cb, u)]
        if stage in ("ranged-reroll", "melee-reroll"):
            opts = reroll_options(st, side)
            return [*opts, ("done",)] if opts else []
        if stage == "withdraw":
            opts = withdraw_options(st, side)
            return [*opts, ("done",)] if opts else []
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
            return [*opts, ("done",)] if opts else []
        return []

    def _place_actions(self, st: CmdState, side: int) -> list[Action]:
        """Custom set-up: a wing's whole composition at once (right, centre, left in turn; the
        reserve takes the rest), then the objective markers one by one."""
        d = st.data
        out: list[Action] = []
        left = st.place_left[side]
        slot = next((k for k in range(3) if left[k]), -1)
        if slot >= 0:
            have = [
                sum(1 for u in side_units(side) if st.ut[u] == t and st.loc[u] == UNPLACED)
                for t in range(3)
            ]
            sector = d.ids[self._slot_sector(st, side, slot)]
            n = left[slot]
            for a in range(min(n, have[2]) + 1):
                for c in range(min(n - a, have[1]) + 1):
                    i = n - a - c
                    if i <= have[0]:
                        out.append(("place", sector, i, c, a))
            return out
        if st.markers_left[side]:
            taken = {o.sector for o in st.objectives if o.side == side and o.kind != "rose"}
            where = d.battle if st.cfg.markers_anywhere else d.home[side]
            for m in sorted(set(st.markers_left[side])):
                kind, vp = d.markers[m]
                for s in where:
                    if kind != "rose" and s in taken:
                        continue
                    out.append(("objective", kind, vp, d.ids[s]))
        return out

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
        elif head in ("order", "times"):
            if head == "order":
                okey = (TYPES.index(action[1]), d.index[action[2]], d.index[action[3]])
                more = 1
            else:
                last = st.last[side]
                assert last is not None
                okey = last
                more = action[1] - st.sheet[side][okey]
            orders.give_order(st, side, TYPES[okey[0]], okey[1], okey[2], more)
            # the owner's own record of its sheet (nobody else's log)
            st.log_private(
                [role],
                "ordered",
                side=role,
                type=TYPES[okey[0]],
                sector=d.ids[okey[1]],
                arrow=d.ids[okey[2]],
                n=st.sheet[side][okey],
            )
        elif head in ("go", "on", "fire", "bombard", "road", "all"):
            if head == "all":
                orders.choose_all(st, side, st.phase)
                st.waiting[side] = False
            else:
                orders.choose(st, side, action)
                if not orders.choices(st, side, st.phase):
                    st.waiting[side] = False
            st.log_private([role], "chosen", side=role, choice=list(action))
        elif head == "place":
            self._place(st, side, d.index[action[1]], action[2:])
        elif head == "objective":
            kind, vp, s = action[1], action[2], d.index[action[3]]
            m = d.markers.index((kind, vp))
            left = list(st.markers_left[side])
            left.remove(m)
            st.markers_left[side] = tuple(left)
            st.objectives = (*st.objectives, Objective(side, kind, s, vp))
            if not self._place_actions(st, side):
                st.waiting[side] = False
        elif head == "react":
            assert cb is not None
            cb.react[st.uix[action[1]]] = action[2]
        elif head == "retreat":
            assert cb is not None
            cb.react[st.uix[action[1]]] = f"retreat:{d.index[action[2]]}"
        elif head == "target":
            assert cb is not None
            cb.targets[st.uix[action[1]]] = st.uix[action[2]]
            step = RANGED if st.stage == "ranged-target" else MELEE
            if not pending_targets(st, side, step):
                st.waiting[side] = False
        elif head == "defend":
            assert cb is not None
            u = st.uix[action[1]]
            frm = d.index[action[2]]
            t = st.loc[u]
            cb.split[u] = next(
                z for z, (a, b, _, _) in enumerate(cb.zones) if (a, b) == (min(t, frm), max(t, frm))
            )
            st.log_private([role], "defend", unit=action[1], against=action[2])
            if not split_options(st, side):
                st.waiting[side] = False
        elif head == "admit":
            u = st.uix[action[1]]
            key = capacity_question(st, side)
            assert key is not None
            st.admit[key] = (*st.admit.get(key, ()), u)
            st.log_private([role], "admit", unit=action[1], sector=d.ids[key[1]])
            if capacity_question(st, side) is None:
                st.waiting[side] = False
        elif head == "orient":
            if action[1] == 2:
                st.cfg = replace(st.cfg, board="B2")
            st.log("orient", side=role, orientation=action[1])
            if self._is_custom(st) or any(st.markers_left):
                st.stage = "place"
                st.waiting = [True, True]
            else:
                flow.start_round(st)
        elif head == "reroll":
            do_reroll(st, side, st.uix[action[1]], action[2])
            if not reroll_options(st, side):
                st.waiting[side] = False
        elif head in ("withdraw", "garrison"):
            assert cb is not None
            cb.leaving[st.uix[action[1]]] = head
            if not withdraw_options(st, side):
                st.waiting[side] = False
        elif head in ("enter", "hold"):
            assert cb is not None
            key = (side, d.index[action[1]])
            cb.enter[key] = 1 if head == "enter" else 0
            if not any(s == side and v < 0 for (s, _), v in cb.enter.items()):
                st.waiting[side] = False
        elif head == "rally":
            st.rallies[side].append(action[1])
            if not flow.rally_options(st, side):
                st.waiting[side] = False
        if not (st.waiting[0] or st.waiting[1]):
            # the game moves on: what both chose is final (no undo past it), or whether a
            # side may still take its last choice back would tell it that the other acted
            st.reveals += 1
            flow.run(st)
            st.cache = [None, None]

    def _place(self, st: CmdState, side: int, sector: int, mix: tuple[int, ...]) -> None:
        slot = next(k for k in range(3) if self._slot_sector(st, side, k) == sector)
        for t in range(3):
            for u in [u for u in side_units(side) if st.ut[u] == t and st.loc[u] == UNPLACED][
                : mix[t]
            ]:
                st.loc[u] = sector
        st.place_left[side][slot] = 0
        if not any(st.place_left[side][:3]):
            res = st.data.reserve_of[side]
            for u in side_units(side):
                if st.loc[u] == UNPLACED:
                    st.loc[u] = res
            st.place_left[side][3] = 0
        if not self._place_actions(st, side):
            st.waiting[side] = False

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
            if name in ("cache", "plan_base", "data", "cfg", "ut", "uid", "uix"):
                continue
            value = getattr(state, name)
            if name in ("sheet", "carried"):
                value = [sorted(([*k, n] for k, n in part.items())) for part in value]
            out[name] = plain(value)
        out["cfg"] = plain(state.cfg)
        return out

    # ----- what a side cannot see --------------------------------------------------------
    def determinize(self, state: CmdState, role: str, rng: Rng) -> CmdState:
        """Resample what ``role`` cannot see: the other side's orders not yet carried out (or
        its whole sheet while it writes it), its secret choices of the step now, a custom
        placement not yet revealed, and the future dice."""
        side = ROLE[role]
        other = 1 - side
        new = state.clone()
        new.rng = rng.fork(0x5EED)
        pick = rng.fork(0xD1CE)
        was_done = not new.waiting[other]
        stage = new.stage
        if new.phase == "setup" and stage != "orient":
            if self._is_custom(new):
                for u in side_units(other):
                    new.loc[u] = UNPLACED
                new.place_left[other] = [6, 6, 6, 12]
            new.objectives = tuple(o for o in new.objectives if o.side != other)
            if new.cfg.objectives:
                new.markers_left[other] = tuple(
                    i for i, n in enumerate(new.cfg.markers) for _ in range(n)
                )
            if was_done:
                self._random_until_done(new, other, pick, 0.0)
        elif new.phase == "planning":
            new.sheet[other] = {}
            new.given[other] = 0
            new.last[other] = None
            new.extra[other] = 1 if new.cfg.orders_distance else 0
            if was_done:
                self._random_until_done(new, other, pick, 0.12)
        elif new.phase != "over":
            if stage in ("choose", "road"):
                # the other side's choices of this phase are not shown yet
                new.go = {u: g for u, g in new.go.items() if USIDE[u] != other}
            self._resample_sheet(new, other, pick)
            cb = new.combat
            if stage in ("choose", "road"):
                if was_done and orders.choices(new, other, new.phase):
                    self._random_until_done(new, other, pick, 0.3)
                elif not was_done:
                    self._keep_choosing(new, other, side, pick)
            elif stage == "rally":
                new.rallies[other] = []
                if was_done and flow.rally_options(new, other):
                    self._random_until_done(new, other, pick, 0.3)
            elif stage == "capacity":
                new.admit = {k: v for k, v in new.admit.items() if k[0] != other}
                if was_done and any(k[0] == other for k in new.need):
                    self._random_until_done(new, other, pick, 0.5)
            elif cb is not None and stage == "withdraw":
                cb.leaving = {u: h for u, h in cb.leaving.items() if USIDE[u] != other}
                if was_done and withdraw_options(new, other):
                    self._random_until_done(new, other, pick, 0.5)
            elif cb is not None and stage in ("ranged-reroll", "melee-reroll"):
                # the other side's re-rolls of this step are not shown yet: its old dice
                for sd, u, k, old in cb.rerolled:
                    if sd == other:
                        cb.dice[u][k] = old
                        z = cb.zone_of[u]
                        for (s, t), zs in cb.attacks.items():
                            if s == other and z in zs:
                                cb.rerolls[(s, t)] = cb.rerolls.get((s, t), 0) + 1
                                break
                cb.rerolled = [r for r in cb.rerolled if r[0] != other]
            elif cb is not None and stage in (
                "react",
                "split",
                "ranged-target",
                "melee-target",
                "enter",
            ):
                if stage == "react":
                    cb.react = {u: k for u, k in cb.react.items() if USIDE[u] != other}
                    done = was_done and bool(reaction_options(new, other))
                elif stage == "split":
                    cb.split = {u: z for u, z in cb.split.items() if USIDE[u] != other}
                    done = was_done and bool(split_options(new, other))
                elif stage == "enter":
                    cb.enter = {k: (-1 if k[0] == other else v) for k, v in cb.enter.items()}
                    done = was_done and any(k[0] == other for k in cb.enter)
                else:
                    step = RANGED if stage == "ranged-target" else MELEE
                    # only real choices are hidden: a unit with one target or none had it set
                    # in public when the step began (``battle.auto_targets``) and keeps it
                    mine = {
                        u
                        for u in cb.targets
                        if USIDE[u] == other
                        and chooses_target(new, cb, u, step)
                        and len(target_candidates(new, cb, u)) > 1
                    }
                    cb.targets = {u: t for u, t in cb.targets.items() if u not in mine}
                    done = was_done and bool(mine)
                if done:
                    self._random_until_done(new, other, pick, 0.5)
        new.cache = [None, None]
        new.plan_base = [None, None]
        new.events = []
        return new

    @classmethod
    def _keep_choosing(cls, st: CmdState, other: int, side: int, rng: Rng) -> None:
        """``other`` is still choosing in public, and a side still choosing has a choice left
        (``apply`` ends its turn when none is): a resampled sheet that leaves it none is drawn
        again; failing that, it keeps only the orders carried out and one new order that gives
        it a choice now (the true sheet had one: the budget allows it)."""
        phase = st.phase
        for _ in range(40):
            if orders.choices(st, other, phase):
                return
            cls._resample_sheet(st, other, rng)
        d = st.data
        carried = st.carried[other]
        enemy_res = d.reserve_of[1 - other]
        units = cls._unbound(st, other)
        keys = sorted({(st.ut[u], st.loc[u], a) for u in units for a in d.adj[st.loc[u]]})
        keys = [k for k in keys if k[2] != enemy_res]
        while keys:
            k = keys.pop(rng.below(len(keys)))
            st.sheet[other] = {**carried, k: carried.get(k, 0) + 1}
            if orders.choices(st, other, phase):
                cls._given(st, other, sum(carried.values()) + 1)
                return
        st.sheet[other] = dict(carried)
        cls._given(st, other, sum(carried.values()))
        if st.waiting[side]:
            st.waiting[other] = False  # no order of this world gives it a choice: it is done

    @staticmethod
    def _resample_sheet(st: CmdState, other: int, rng: Rng) -> None:
        """The other side's orders not yet carried out are unknown: keep those carried out,
        and give a random number of its units that have not acted a random order each."""
        d = st.data
        carried = st.carried[other]
        sheet = dict(carried)
        done = sum(carried.values())
        budget = st.allowed[other] + (1 if st.cfg.orders_distance else 0) - done
        if st.cfg.morale:
            budget = min(budget, st.allowed[other] - done)
        enemy_res = d.reserve_of[1 - other]
        free = Commanders._unbound(st, other)
        extra = 0
        for u in free:
            if budget - extra <= 0:
                break
            if rng.random() < 0.35:
                f = st.loc[u]
                arrows = [a for a in d.adj[f] if a != enemy_res]
                a = arrows[rng.below(len(arrows))]
                k = (st.ut[u], f, a)
                sheet[k] = sheet.get(k, 0) + 1
                extra += 1
        st.sheet[other] = sheet
        st.last[other] = None
        st.extra[other] = 0
        Commanders._given(st, other, done + extra)

    @staticmethod
    def _unbound(st: CmdState, other: int) -> list[int]:
        """``other``'s units on the board that may still be given an order this round: fresh,
        not acted, not tired, not bound to a choice of this phase."""
        return [
            u
            for u in side_units(other)
            if st.loc[u] >= 0
            and st.status[u] == FRESH
            and u not in st.acts
            and u not in st.tired
            and u not in st.go
        ]

    @staticmethod
    def _given(st: CmdState, other: int, n: int) -> None:
        """``other``'s sheet holds ``n`` orders: what it gave, and what it saved of its allowance."""
        st.given[other] = n
        st.saved[other] = max(0, (st.vp[other] if st.cfg.morale else st.allowed[other]) - n)

    @staticmethod
    def _is_custom(st: CmdState) -> bool:
        return st.data.setups[st.cfg.scenario].custom

    def _random_until_done(self, st: CmdState, side: int, rng: Rng, stop: float) -> None:
        """Play random choices for ``side`` until it is done (without resolving anything)."""
        role = SIDES[side]
        saved_other = st.waiting[1 - side]
        st.waiting[side] = True
        st.waiting[1 - side] = True  # keep apply from running the game on
        for _ in range(500):
            st.cache = [None, None]
            acts = list(self._legal(st, side))
            if not acts or not st.waiting[side]:
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
        return present.label(state, ROLE[role], action)

    def describe_event(self, event: dict[str, Any]) -> str:
        return present.describe_event(event)

    def render_text(self, state: CmdState, role: str | None) -> str:
        return present.render_text(state, None if role is None else ROLE[role])


GAME = Commanders()

__all__ = ["ART", "CAV", "GAME", "INF", "ROUTED", "TYPES", "Commanders"]
