"""Battle odds for Campaign Commander: thousands of battles in a fraction of a second.

Given the units on each side, the area (its terrain), the border crossed, the
cards played and the chits in the cups, ``battle_odds`` fights the battle many
times and gives the distribution of outcomes: who holds the area, and what
each side loses (units depleted, disorganized and retreated, destroyed).

The battle follows the series engine (``campaign_commander.combat``) step for
step, and asks the campaign's own hooks for everything a campaign may change:
the cup (``build_cup``), chits set aside or void (``chit_redraw``,
``chit_void``), tactical and cohesion values and check modifiers (``tactical``,
``cohesion``, ``check_modifier``), which units a chit may hit
(``unit_matches``), and whether a disorganized unit can retreat
(``retreat.options``). Those values are read once per query for each unit,
fresh and depleted; the battles themselves then run on small lists of ints.

Where the engine asks a player, the calculator decides as a careful player
would (the decisions are ours, so the odds are the odds *under this play*):

- the side to move plays the chit in hand with the best expected effect: the
  harm it is expected to do to enemy units minus the harm to its own;
- a unit hit by a chit is picked by whoever the chit names: the owner picks
  the unit that loses least in expectation, the enemy the one that loses most.
  Expected loss = chance the check fails × what failing costs (a unit's
  tactical + cohesion value: all of it when the unit leaves the battle, the
  difference when it is only depleted).

Cards in play are applied at the start of the battle, before the first chit:
``steady`` modifiers, ``chits`` extra draws and ``hit`` checks.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from warroom.sim.stats import wilson

if TYPE_CHECKING:
    from warroom.games.campaign_commander.series import SeriesGame
    from warroom.games.campaign_commander.state import CCState

STALEMATE = 80
"""The engine breaks a battle off after this many chits (combat.STALEMATE)."""

OK, DEPLETED, RETREATED, DESTROYED = "ok", "depleted", "retreated", "destroyed"
OUTCOMES = ("attacker", "defender", "emptied", "broken-off")
"""attacker: the attacker takes the area; defender: the defender holds it; emptied: both
sides were driven out (the defender keeps control, nobody stays); broken-off: no decision
after STALEMATE chits (the attackers go back)."""


@dataclass(frozen=True, slots=True)
class _Chit:
    key: str
    effects: tuple[tuple[bool, str, int, str, bool, str], ...]
    """(on the enemy?, kind, mod, fail, chosen by the player of the chit?, filter)"""
    redraw: bool
    void: bool


@dataclass
class Odds:
    """The distribution of outcomes of ``battles`` battles (JSON-ready with ``to_json``)."""

    game: str
    area: str
    attacker: str
    defender: str
    battles: int
    seed: int
    seconds: float
    outcomes: dict[str, int]
    units: dict[str, dict[str, Any]]
    """unit id -> side, start (fresh/depleted) and the count of each end: ok, depleted,
    retreated, destroyed (retreated and destroyed units may also have been depleted)."""
    losses: dict[str, dict[str, int]]
    """side -> 'D depleted, R retreated, X destroyed' -> battles."""
    chits_played: float
    notes: list[str] = field(default_factory=list)

    def rate(self, outcome: str) -> tuple[float, float, float]:
        return wilson(self.outcomes.get(outcome, 0), self.battles)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "area": self.area,
            "attacker": self.attacker,
            "defender": self.defender,
            "battles": self.battles,
            "seed": self.seed,
            "seconds": self.seconds,
            "outcomes": {
                k: {"count": self.outcomes.get(k, 0), "rate": r[0], "low": r[1], "high": r[2]}
                for k in OUTCOMES
                for r in [self.rate(k)]
            },
            "units": self.units,
            "losses": self.losses,
            "chits_played": self.chits_played,
            "notes": self.notes,
        }
        return out


class BattleModel:
    """One battle set up for fast repetition: tables read once from the campaign's hooks."""

    def __init__(
        self,
        g: SeriesGame,
        s: CCState,
        area: str,
        attacker: str,
        attackers: Sequence[str],
        defenders: Sequence[str],
        origin: str = "",
        crossing: str | None = None,
        cards: Sequence[tuple[str, str]] = (),
        cups: Mapping[str, Sequence[str]] | None = None,
        fortified: Mapping[str, int] | None = None,
    ) -> None:
        from warroom.games.campaign_commander import retreat
        from warroom.games.campaign_commander.state import Battle

        self.g = g
        self.notes: list[str] = []
        defender = g.other(attacker)
        if not attackers or not defenders:
            raise ValueError("a battle needs units on both sides")
        for uid in (*attackers, *defenders):
            if uid not in g.data.units:
                raise ValueError(f"no unit {uid!r} in {g.id}")
        for uid in attackers:
            if g.data.units[uid].side != attacker:
                raise ValueError(f"{uid} is not a unit of {attacker}")
        for uid in defenders:
            if g.data.units[uid].side != defender:
                raise ValueError(f"{uid} is not a unit of {defender}")
        if area not in g.data.areas:
            raise ValueError(f"no area {area!r} in {g.id}")
        if crossing is None:
            crossing = g.data.map.border(origin, area) if origin else ""
        self.area, self.attacker, self.defender = area, attacker, defender
        self.sides = (attacker, defender)
        naval = g.data.areas[area].kind == "sea"
        # a private copy of the state with the battle in it: the hooks read it
        self.s = s = g.clone(s)
        for uid in defenders:
            s.units[uid] = s.units[uid]._replace(loc=area, inside=False)
        for uid in attackers:  # moving in lifts isolation, as the engine's move does
            s.units[uid] = s.units[uid]._replace(loc=area, inside=False, iso=False)
        b = Battle(area, attacker, defender, origin, crossing, naval)
        b.units = {attacker: list(attackers), defender: list(defenders)}
        b.fortified = dict(fortified or {})
        s.battle = b
        self.b = b
        self.ids: list[str] = [*attackers, *defenders]
        self.side: list[int] = [0] * len(attackers) + [1] * len(defenders)
        self.start_units = {uid: s.units[uid] for uid in self.ids}
        self.dep0 = [1 if s.units[uid].dep else 0 for uid in self.ids]
        self.tv: list[tuple[int, int]] = []
        self.coh: list[tuple[int, int]] = []
        self.cmod: list[tuple[int, int]] = []
        for uid in self.ids:
            row_tv, row_coh, row_mod = [], [], []
            for dep in (False, True):
                s.units[uid] = self.start_units[uid]._replace(dep=dep)
                row_tv.append(g.tactical(s, b, uid))
                row_coh.append(g.cohesion(s, b, uid))
                row_mod.append(g.check_modifier(s, b, uid))
            s.units[uid] = self.start_units[uid]
            self.tv.append((row_tv[0], row_tv[1]))
            self.coh.append((row_coh[0], row_coh[1]))
            self.cmod.append((row_mod[0], row_mod[1]))
        self.value = [
            (self.tv[i][0] + self.coh[i][0], self.tv[i][1] + self.coh[i][1])
            for i in range(len(self.ids))
        ]
        # a disorganized unit is destroyed if isolated or if it has nowhere to retreat
        self.dies: list[bool] = []
        for uid in self.ids:
            u = s.units[uid]
            d = g.data.units[uid]
            if u.iso:
                self.dies.append(True)
            elif d.naval or u.inside:
                self.dies.append(False)
            else:
                task = ("retreat", uid, g.retreat_steps(s, uid), area, 1)
                self.dies.append(not retreat.options(g, s, task))
        # chits
        self.chits: dict[str, _Chit] = {}
        for key, c in g.data.chits.items():
            self.chits[key] = _Chit(
                key,
                tuple(
                    (e.side == "enemy", e.kind, e.mod, e.fail, e.chooser == "player", e.filter)
                    for e in c.effects
                ),
                bool(c.redraw_if),
                bool(c.void_if),
            )
        filters = {e[5] for c in self.chits.values() for e in c.effects}
        for cid in (c for _r, c in cards):
            filters.update(e.filter for e in g.data.cards[cid].effects)
        self.matches = {flt: [g.unit_matches(s, uid, flt) for uid in self.ids] for flt in filters}
        # the cups: given, or as the campaign fills them for this battle
        self.base_cup: list[list[str]] = []
        for role in self.sides:
            if cups and role in cups:
                for key in cups[role]:
                    if key not in self.chits:
                        raise ValueError(f"no chit {key!r}; chits are named side:Name")
                self.base_cup.append(list(cups[role]))
            else:
                self.base_cup.append(g.build_cup(s, b, role))
        self.fixed_cups = [role in (cups or {}) for role in self.sides]
        self._cup_cache: dict[tuple[Any, ...], list[str]] = {}
        # cards played: applied at the start
        self.base_mods = [b.mods.get(attacker, 0), b.mods.get(defender, 0)]
        self.opening: list[tuple[int, str, int, str, str]] = []  # (side, do, n/mod, fail, filter)
        for role, cid in cards:
            if cid not in g.data.cards:
                raise ValueError(f"no card {cid!r} in {g.id}")
            card = g.data.cards[cid]
            if role not in self.sides:
                raise ValueError(f"card {cid}: no side {role!r}")
            k = self.sides.index(role)
            for e in card.effects:
                if e.do == "steady":
                    self.base_mods[k] += e.mod
                elif e.do == "chits":
                    self.opening.append((k, "chits", e.n, "", ""))
                elif e.do == "hit":
                    self.opening.append((k, "hit", e.mod, e.fail, e.filter))
                else:
                    self.notes.append(f"card {cid}: effect {e.do!r} has no part in the odds")

    # ----- the battles ------------------------------------------------------------------------
    def run(self, battles: int, seed: int = 1) -> Odds:
        """Fight the battle ``battles`` times with a generator seeded ``seed``."""
        started = time.perf_counter()
        g, s, b = self.g, self.s, self.b
        ids, side, tv, coh, cmod, value, dies = (
            self.ids, self.side, self.tv, self.coh, self.cmod, self.value, self.dies,
        )  # fmt: skip
        n = len(ids)
        chits, sides, gchits = self.chits, self.sides, g.data.chits
        rnd = random.Random(seed)
        random_ = rnd.random
        start_fort = {ids.index(u): m for u, m in self.b.fortified.items() if u in ids}
        start_fort_ids = {ids[i]: m for i, m in start_fort.items()}
        start_units = self.start_units
        dep_units = {uid: u._replace(dep=True) for uid, u in start_units.items()}
        dep0 = self.dep0
        touched: list[int] = []
        all_side = [[i for i in range(n) if side[i] == 0], [i for i in range(n) if side[i] == 1]]
        side_ids = [[ids[i] for i in all_side[0]], [ids[i] for i in all_side[1]]]
        # per-battle state, rebound at the start of each battle
        dep: list[int] = []
        gone: list[int] = []
        inb: list[list[int]] = [[], []]
        fort: dict[int, int] = {}
        mods: list[int] = []
        cups: list[list[str]] = [[], []]
        hands: list[list[str]] = [[], []]

        def refill(k: int) -> None:
            if self.fixed_cups[k]:
                cups[k] = list(self.base_cup[k])
                return
            key = (k, tuple(b.units[sides[0]]), tuple(b.units[sides[1]]), tuple(dep))
            got = self._cup_cache.get(key)
            if got is None:
                got = self._cup_cache[key] = g.build_cup(s, b, sides[k])
            cups[k] = list(got)

        no_got: list[str] = []  # chits go straight into the hand, which the hooks see
        redraws = {key for key, c in chits.items() if c.redraw}

        def draw(k: int, count: int = -1) -> None:
            if count >= 0:
                want = count
            else:
                want = 0
                for i in inb[k]:
                    t = tv[i][dep[i]]
                    if t > want:
                        want = t
            cup = cups[k]
            hand = hands[k]
            got = 0
            tries = 0
            while got < want and tries < 40:
                tries += 1
                if not cup:
                    refill(k)
                    cup = cups[k]
                    if not cup:
                        break
                # a random chit from the cup: the same as drawing from a shuffled cup
                j = int(random_() * len(cup))
                key = cup[j]
                cup[j] = cup[-1]
                cup.pop()
                if (
                    count < 0
                    and key in redraws
                    and g.chit_redraw(s, b, sides[k], gchits[key], no_got)
                ):
                    continue
                hand.append(key)
                got += 1

        def leave(i: int) -> None:
            k = side[i]
            inb[k].remove(i)
            b.units[sides[k]].remove(ids[i])
            if i in fort:
                del fort[i]
                b.fortified.pop(ids[i], None)
            gone[i] = 2 if dies[i] else 1

        def result(i: int, fail: str) -> None:
            if fail == "dg" or dep[i]:  # a depleted unit depleted again is disorganized
                leave(i)
                return
            dep[i] = 1
            s.units[ids[i]] = dep_units[ids[i]]
            touched.append(i)
            if fail == "depdg":
                leave(i)

        def harm(i: int, kind: str, mod: int, fail: str, tk: int) -> float:
            if kind == "fortify":
                return -1.0
            d = dep[i]
            if kind == "auto":
                p = 1.0
            else:
                need = coh[i][d] - mod - fort.get(i, 0) - mods[tk] - cmod[i][d]
                p = 1.0 - min(10, max(0, need)) / 10.0
            v = value[i][d]
            if fail == "dep" and not d:
                return p * (v - value[i][1])
            return p * v * (2.0 if dies[i] else 1.0)

        def pick(cands: list[int], kind: str, mod: int, fail: str, tk: int, owner: bool) -> int:
            if len(cands) == 1:
                return cands[0]
            best = cands[0]
            best_h = harm(best, kind, mod, fail, tk)
            for i in cands[1:]:
                h = harm(i, kind, mod, fail, tk)
                if (h < best_h) if owner else (h > best_h):
                    best, best_h = i, h
            return best

        def candidates(tk: int, kind: str, flt: str) -> list[int]:
            if flt:
                m = self.matches[flt]
                out = [i for i in inb[tk] if m[i]]
            else:
                out = list(inb[tk])
            if kind == "fortify":
                out = [i for i in out if i not in fort]
            return out

        thr = [(coh[i][0] - cmod[i][0], coh[i][1] - cmod[i][1]) for i in range(n)]
        mult = [2.0 if dies[i] else 1.0 for i in range(n)]
        matches = self.matches

        def hit(tk: int, kind: str, mod: int, fail: str, flt: str, owner: bool) -> None:
            """One unit of side ``tk`` suffers an effect (the same choice as ``pick``, inlined)."""
            if flt:
                m = matches[flt]
                cands = [i for i in inb[tk] if m[i]]
            else:
                cands = inb[tk]
            if kind == "fortify":
                free = [i for i in cands if i not in fort]
                if free:
                    fort[free[0]] = mod
                    b.fortified[ids[free[0]]] = mod
                return
            if not cands:
                return
            if len(cands) == 1:
                i = cands[0]
            else:
                bonus = mod + mods[tk]
                i = -1
                best_h = 0.0
                for j in cands:
                    d = dep[j]
                    if kind == "auto":
                        p = 1.0
                    else:
                        need = thr[j][d] - bonus - (fort.get(j, 0) if fort else 0)
                        p = 1.0 if need <= 0 else 0.0 if need >= 10 else 1.0 - need / 10.0
                    v = value[j][d]
                    h = p * (v - value[j][1]) if (fail == "dep" and not d) else p * v * mult[j]
                    if i < 0 or ((h < best_h) if owner else (h > best_h)):
                        i, best_h = j, h
            if (
                kind == "auto"
                or int(random_() * 10) + 1 + mod + (fort.get(i, 0) if fort else 0) + mods[tk]
                > thr[i][dep[i]]
            ):
                result(i, fail)

        def worth(k: int, key: str) -> float:
            c = chits[key]
            if c.void and g.chit_void(s, b, sides[k], gchits[key]):
                return 0.0
            total = 0.0
            for enemy, kind, mod, fail, player, flt in c.effects:
                tk = 1 - k if enemy else k
                cands = candidates(tk, kind, flt)
                if cands:
                    owner = not player or tk == k
                    h = harm(pick(cands, kind, mod, fail, tk, owner), kind, mod, fail, tk)
                    total += h if tk != k else -h
            return total

        # Which chit to play: each chit's worth to its side at the start of the battle
        # (harm expected on the enemy minus harm on its own units); best first.
        dep = list(self.dep0)
        inb = [list(all_side[0]), list(all_side[1])]
        fort = dict(start_fort)
        mods = list(self.base_mods)
        rank: list[dict[str, tuple[float, str]]] = [{}, {}]
        for k in (0, 1):
            for key, chit in gchits.items():
                if chit.side == sides[k]:
                    rank[k][key] = (worth(k, key), key)
            for key in self.base_cup[k]:
                rank[k].setdefault(key, (worth(k, key), key))

        # each chit's effects as (side hit, kind, mod, result, filter, does the owner pick),
        # those on the defender's units first (9.5.4)
        plans: list[dict[str, list[tuple[int, str, int, str, str, bool]]]] = [{}, {}]
        for k in (0, 1):
            for key, c in chits.items():
                steps = [
                    (
                        1 - k if enemy else k,
                        kind,
                        mod,
                        fail,
                        flt,
                        not player or (1 - k if enemy else k) == k,
                    )
                    for enemy, kind, mod, fail, player, flt in c.effects
                ]
                plans[k][key] = [st for st in steps if st[0] == 1] + [
                    st for st in steps if st[0] == 0
                ]
        voids = {key for key, c in chits.items() if c.void}

        outcomes: Counter[str] = Counter()
        ends = [[0, 0, 0, 0] for _ in ids]  # ok, depleted, retreated, destroyed
        losses: list[Counter[tuple[int, int, int]]] = [Counter(), Counter()]
        plays_total = 0
        endings: Counter[tuple[tuple[int, ...], tuple[int, ...]]] = Counter()
        for _ in range(battles):
            dep = list(dep0)
            gone = [0] * n
            inb = [list(all_side[0]), list(all_side[1])]
            b.units = {sides[0]: list(side_ids[0]), sides[1]: list(side_ids[1])}
            while touched:
                i = touched.pop()
                s.units[ids[i]] = start_units[ids[i]]
            fort = dict(start_fort)
            b.fortified = dict(start_fort_ids)
            mods = list(self.base_mods)
            cups = [list(self.base_cup[0]), list(self.base_cup[1])]
            hands = [[], []]
            b.drawn = {sides[0]: hands[0], sides[1]: hands[1]}  # the hooks see the hands
            draw(0)
            draw(1)
            for k, do, num, fail, flt in self.opening:
                if do == "chits":
                    draw(k, num)
                else:
                    hit(1 - k, "check", num, fail, flt, True)
            turn = 0
            plays = 0
            passes = 0
            while inb[0] and inb[1] and plays < STALEMATE:
                hand = hands[turn]
                if not hand:
                    draw(turn)
                    hand = hands[turn]
                    if not hand:  # nothing to draw: the turn passes
                        turn = 1 - turn
                        passes += 1
                        if passes > 2:
                            break
                        continue
                passes = 0
                key = hand[0] if len(hand) == 1 else max(hand, key=rank[turn].__getitem__)
                hand.remove(key)
                plays += 1
                k = turn
                turn = 1 - turn
                if key in voids and g.chit_void(s, b, sides[k], gchits[key]):
                    continue
                for tk, kind, mod, fail, flt, owner in plans[k][key]:
                    hit(tk, kind, mod, fail, flt, owner)
            if inb[0] and inb[1]:
                outcomes["broken-off"] += 1
            elif inb[0]:
                outcomes["attacker"] += 1
            elif inb[1]:
                outcomes["defender"] += 1
            else:
                outcomes["emptied"] += 1
            plays_total += plays
            endings[(tuple(gone), tuple(dep))] += 1
        dep0 = self.dep0
        for (gone_t, dep_t), count in endings.items():
            tally = [[0, 0, 0], [0, 0, 0]]
            for i in range(n):
                if gone_t[i]:
                    ends[i][gone_t[i] + 1] += count
                    tally[side[i]][gone_t[i]] += 1
                elif dep_t[i] and not dep0[i]:
                    ends[i][1] += count
                    tally[side[i]][0] += 1
                else:
                    ends[i][0] += count
            losses[0][(tally[0][0], tally[0][1], tally[0][2])] += count
            losses[1][(tally[1][0], tally[1][1], tally[1][2])] += count
        # leave the model as it was built
        for uid, u in self.start_units.items():
            s.units[uid] = u
        b.units = {sides[k]: [ids[i] for i in all_side[k]] for k in (0, 1)}
        b.fortified = {ids[i]: m for i, m in start_fort.items()}
        b.drawn = {sides[0]: [], sides[1]: []}
        return Odds(
            game=g.id,
            area=self.area,
            attacker=self.attacker,
            defender=self.defender,
            battles=battles,
            seed=seed,
            seconds=time.perf_counter() - started,
            outcomes=dict(outcomes),
            units={
                uid: {
                    "side": sides[side[i]],
                    "start": "depleted" if self.dep0[i] else "fresh",
                    "tactical": tv[i][self.dep0[i]],
                    "cohesion": coh[i][self.dep0[i]],
                    "destroyed_if_disorganized": dies[i],
                    **dict(zip((OK, DEPLETED, RETREATED, DESTROYED), ends[i], strict=True)),
                }
                for i, uid in enumerate(ids)
            },
            losses={
                sides[k]: {
                    f"{d} depleted, {r} retreated, {x} destroyed": c
                    for (d, r, x), c in sorted(losses[k].items(), key=lambda kv: -kv[1])
                }
                for k in (0, 1)
            },
            chits_played=plays_total / max(1, battles),
            notes=list(self.notes),
        )


def battle_odds(
    g: SeriesGame,
    s: CCState,
    area: str,
    attacker: str,
    attackers: Sequence[str],
    defenders: Sequence[str] | None = None,
    *,
    origin: str = "",
    crossing: str | None = None,
    cards: Sequence[tuple[str, str]] = (),
    cups: Mapping[str, Sequence[str]] | None = None,
    fortified: Mapping[str, int] | None = None,
    battles: int = 10_000,
    seed: int = 1,
) -> Odds:
    """The odds of a battle in ``area`` on the state ``s`` (never changed).

    ``defenders`` defaults to the enemy units the engine would make fight there.
    For the web server during a game: pass the match's state; for a what-if, any state.
    """
    if defenders is None:
        defenders = g.foes_at(s, area, attacker)
    model = BattleModel(
        g, s, area, attacker, attackers, defenders, origin, crossing, cards, cups, fortified
    )
    return model.run(battles, seed)


def what_if(
    game_id: str,
    area: str,
    attacker: str,
    attackers: Iterable[str],
    defenders: Iterable[str] | None = None,
    *,
    scenario: str | None = None,
    origin: str = "",
    crossing: str | None = None,
    depleted: Iterable[str] = (),
    isolated: Iterable[str] = (),
    flags: Mapping[str, Any] | None = None,
    in_effect: Mapping[str, str] | None = None,
    cards: Sequence[tuple[str, str]] = (),
    cups: Mapping[str, Sequence[str]] | None = None,
    fortified: Mapping[str, int] | None = None,
    battles: int = 10_000,
    seed: int = 1,
) -> Odds:
    """A battle on a campaign's opening state, with the named units moved into ``area``.

    The attackers come from ``origin`` (default: a neighbouring area they control),
    which is made theirs (enemy units and resource points leave it), since an
    attacker that breaks retreats there first. ``defenders`` defaults to the enemy
    units already in ``area``; ``depleted`` and
    ``isolated`` set those units' status; ``in_effect`` names permanent cards in
    play and the side that played them (e.g. {"Winter Arrives": "soviet"});
    ``flags`` are campaign flags as the campaign's state names them.
    """
    from warroom.engine import game

    g: Any = game(game_id)
    if not hasattr(g, "build_cup"):
        raise ValueError(f"{game_id} is not a Campaign Commander campaign")
    scen, opts = g.check_setup(scenario, {})
    s = g.setup(scen, opts, seed)
    s.battle = None
    s.op = None
    att = list(attackers)
    dep, iso = set(depleted), set(isolated)
    named = [*att, *(defenders or ()), *dep, *iso]
    for uid in named:
        if uid not in g.data.units:
            raise ValueError(f"no unit {uid!r} in {game_id}")
    if area not in g.data.areas:
        raise ValueError(f"no area {area!r} in {game_id}")
    # the attackers come from an area of theirs: the first step of their retreat
    if not origin:
        near = sorted(g.data.map.neighbors[area])
        mine = [
            a for a in near if s.control.get(a) == attacker and not g.enemy_occupied(s, a, attacker)
        ]
        origin = (mine or near)[0]
    elif origin not in g.data.map.neighbors[area]:
        raise ValueError(f"{origin!r} does not border {area!r}")
    foe = g.other(attacker)
    for uid, u in list(s.units.items()):
        if u.loc == origin and g.data.units[uid].side == foe:
            s.units[uid] = u._replace(loc="pool")
    s.rps[foe].pop(origin, None)
    s.control[origin] = attacker
    if defenders is None:
        dfn = [u for u in g.foes_at(s, area, attacker) if u not in att]
    else:
        dfn = list(defenders)
        for uid in dfn:
            s.units[uid] = s.units[uid]._replace(loc=area)
    for uid in (*att, *dfn, *dep, *iso):
        s.units[uid] = s.units[uid]._replace(dep=uid in dep, iso=uid in iso, dg=False)
    if flags:
        s.flags.update(flags)
    for name, side in (in_effect or {}).items():
        if side not in g.roles:
            raise ValueError(
                f"{name!r} in effect: no side {side!r}; sides are {', '.join(g.roles)}"
            )
        s.permanent[name] = side
    return battle_odds(
        g,
        s,
        area,
        attacker,
        att,
        dfn,
        origin=origin,
        crossing=crossing,
        cards=cards,
        cups=cups,
        fortified=fortified,
        battles=battles,
        seed=seed,
    )


def match_odds(
    match: Any,
    area: str,
    attacker: str,
    attackers: Sequence[str],
    *,
    origin: str = "",
    battles: int = 10_000,
    seed: int = 1,
    **more: Any,
) -> dict[str, Any]:
    """For the web server: the odds of attacking ``area`` from ``origin`` with ``attackers``
    in a match being played, as JSON. The defenders are the enemy units there now; the
    match is not changed. ``more`` passes ``cards``, ``cups``, ``fortified``, ``crossing``."""
    g = match.game
    if not hasattr(g, "build_cup"):
        raise ValueError(f"{g.id} is not a Campaign Commander campaign")
    return battle_odds(
        g,
        match.state,
        area,
        attacker,
        list(attackers),
        origin=origin,
        battles=battles,
        seed=seed,
        **more,
    ).to_json()
