"""What a side may see (the view), and words for people: labels, log lines, the text board.

Everything here is built from what the role may know: its own sheet and choices in full,
the other side's orders only as far as its units have carried them out, the other side's
choices of the step now not at all (nor how many it made).
"""

from __future__ import annotations

import functools
import re
from typing import Any

from warroom.engine import Action
from warroom.games.commanders import orders
from warroom.games.commanders.data import SIDES, TYPES, USIDE, load
from warroom.games.commanders.state import (
    CAPTURED,
    GONE,
    ROUTED,
    STATUS_NAMES,
    UNPLACED,
    CmdState,
    control,
)

LETTER = {"infantry": "I", "cavalry": "C", "artillery": "A"}
PHASE_WORDS = {
    "fast": "Fast movement phase",
    "bombard": "Bombardment phase",
    "combined": "Combined arms phase",
    "noncombat": "Non-combat move phase",
}
HOW_WORDS = {
    "go": "go",
    "on": "ride on",
    "fire": "fire at",
    "bombard": "bombard",
    "ruin": "bombard the building in",
    "road": "take the road to",
}


def seen_dice(st: CmdState, me: int | None) -> dict[int, list[int]]:
    """The current combat step's dice as ``me`` sees them: the other side's re-rolls of this
    step show the die they replaced until both sides are done re-rolling."""
    cb = st.combat
    assert cb is not None
    shown = {u: list(v) for u, v in cb.dice.items()}
    for sd, u, k, old in reversed(cb.rerolled):  # the first re-roll's old die last
        if sd != me:
            shown[u][k] = old
    return shown


def _hidden_setup(st: CmdState, me: int | None, side: int) -> bool:
    """During a secret set-up a side's placement is hidden from the other side."""
    return st.phase == "setup" and me != side


def _orders_of(st: CmdState, me: int | None, side: int) -> list[dict[str, Any]]:
    """A side's orders as ``me`` may see them: all of its own sheet (``given`` each), of
    the other side's only what its units have carried out (``given`` None)."""
    ids = st.data.ids
    carried = st.carried[side]
    own = me == side
    keys = st.sheet[side] if own else carried
    return [
        {
            "kind": TYPES[t],
            "from": ids[f],
            "to": ids[a],
            "given": st.sheet[side][(t, f, a)] if own else None,
            "carried": carried.get((t, f, a), 0),
        }
        for (t, f, a) in sorted(keys, key=lambda k: (k[1], k[0], k[2]))
        if own or carried.get((t, f, a), 0)
    ]


def view(st: CmdState, me: int | None) -> dict[str, Any]:
    d = st.data
    ids = d.ids
    ctrl = control(st)
    custom = d.setups[st.cfg.scenario].custom
    ter = d.terrain[st.cfg.board] if st.cfg.terrain else None
    hidden = [_hidden_setup(st, me, s) for s in (0, 1)]
    sectors = []
    for i, sid in enumerate(ids):
        objectives = [
            {"side": SIDES[o.side], "kind": o.kind, "vp": o.vp}
            for o in st.objectives
            if o.sector == i and not hidden[o.side]
        ]
        reserve = None
        if i in d.reserve_of:
            reserve = SIDES[d.reserve_of.index(i)]
        sectors.append(
            {
                "id": sid,
                "name": d.names[st.cfg.board][i],
                "row": d.rows[i],
                "col": d.cols[i],
                "reserve": reserve,
                "control": None
                if ctrl[i] < 0 or ((hidden[0] or hidden[1]) and custom)
                else SIDES[ctrl[i]],
                "terrain": ter.sector_features(i) if ter else [],
                "objectives": objectives,
            }
        )
    borders = []
    for a in range(len(ids)):
        for b in d.adj[a]:
            if a < b:
                borders.append(
                    {"a": ids[a], "b": ids[b], "terrain": ter.border_features(a, b) if ter else []}
                )
    units = []
    for u, uid in enumerate(st.uid):
        side = USIDE[u]
        s = st.loc[u]
        if hidden[side] and custom:
            where, sector = "hidden", None
        elif s == GONE:
            where, sector = "destroyed", None
        elif s == CAPTURED:
            where, sector = "captured", None
        elif s == UNPLACED:
            where, sector = "unplaced", None
        elif st.status[u] == ROUTED and s == d.reserve_of[side]:
            where, sector = "routed-box", ids[s]
        else:
            where, sector = "board", ids[s]
        units.append(
            {
                "id": uid,
                "side": SIDES[side],
                "type": TYPES[st.ut[u]],
                "sector": sector,
                "where": where,
                "status": STATUS_NAMES[st.status[u]],
                "square": st.square[u],
                "acted": st.acts.get(u, 0),
            }
        )
    cb = st.combat
    zones = []
    attacks = []
    dice: dict[str, list[int]] = {}
    if cb is not None:
        for a, b, wl, bl in cb.zones:
            zones.append(
                {
                    "id": f"{ids[a]}|{ids[b]}",
                    "a": ids[a],
                    "b": ids[b],
                    "white": [st.uid[u] for u in wl],
                    "black": [st.uid[u] for u in bl],
                }
            )
        for u, (frm, to) in sorted(cb.mover.items()):
            attacks.append(
                {
                    "unit": st.uid[u],
                    "from": ids[frm],
                    "to": ids[to],
                    "countercharge": u in cb.charged,
                }
            )
        dice = {st.uid[u]: v for u, v in sorted(seen_dice(st, me).items())}
    info: dict[str, Any] = {}
    for side in (0, 1):
        name = SIDES[side]
        if side == me:
            info[name] = {
                "allowed": st.allowed[side],
                "given": st.given[side],
                "saved": orders.saved_orders(st, side)
                if st.phase == "planning"
                else st.saved[side] - (len(st.rallies[side]) if st.phase == "rally" else 0),
                "command_order": bool(st.extra[side]),
            }
        else:
            info[name] = {"allowed": st.allowed[side], "given": None, "saved": None}
    out: dict[str, Any] = {
        "round": st.round,
        "rounds": d.rules.rounds,
        "phase": st.phase,
        "stage": st.stage,
        "board": st.cfg.board[0],
        "orientation": 2 if st.cfg.board == "B2" else 1,
        "options": {
            "terrain": st.cfg.terrain,
            "objectives": st.cfg.objectives,
            "army-morale": st.cfg.morale,
        },
        "army": {SIDES[s]: dict(zip(TYPES, st.cfg.mix[s], strict=True)) for s in (0, 1)},
        "waiting": {SIDES[s]: st.waiting[s] for s in (0, 1)},
        "sectors": sectors,
        "borders": borders,
        "units": units,
        "zones": zones,
        "attacks": attacks,
        "dice": dice,
        "tokens": [
            {"side": SIDES[USIDE[a]], "artillery": st.uid[a], "sector": ids[s]}
            for a, s in sorted(st.tokens.items())
        ],
        "vp": {"white": st.vp[0], "black": st.vp[1]},
        "pool": st.pool,
        "captured": {SIDES[s]: [st.uid[u] for u in st.captured[s]] for s in (0, 1)},
        "orders": {SIDES[s]: _orders_of(st, me, s) for s in (0, 1)},
        "orders_info": info,
        "garrison": [{"sector": ids[s], "unit": st.uid[g]} for s, g in sorted(st.garrison.items())],
        "ruined": [ids[s] for s in st.ruined],
        "winner": None if st.winner < 0 else ("draw" if st.winner == 2 else SIDES[st.winner]),
    }
    if me is not None:
        out.update(_own(st, me))
    return out


def _own(st: CmdState, me: int) -> dict[str, Any]:
    """The role's own pending choices and the state of its sheet (never the other side's)."""
    d = st.data
    ids = d.ids
    cb = st.combat
    acting: dict[tuple[str, int, int, int], int] = {}
    for u, (how, to, _a) in st.go.items() if st.stage in ("choose", "road") else ():
        if USIDE[u] == me:
            k = (how, st.ut[u], st.loc[u], to)
            acting[k] = acting.get(k, 0) + 1
    last = st.last[me]
    n_last = st.sheet[me].get(last, 0) if last is not None else 0
    waiting_orders = []
    if st.phase in PHASE_WORDS and st.stage in ("choose", "road", "choose-none"):
        left = orders._left(st, me)
        for key, n in sorted(left.items(), key=lambda kv: (kv[0][1], kv[0])):
            t, f, a = key
            waiting_orders.append(
                {
                    "kind": TYPES[t],
                    "from": ids[f],
                    "to": ids[a],
                    "left": n,
                    "not_now": orders.why_not(st, me, key, st.phase),
                }
            )
    return {
        "you": SIDES[me],
        "place_left": dict(
            zip(("right", "centre", "left", "reserve"), st.place_left[me], strict=True)
        ),
        "last_order": (
            {"kind": TYPES[last[0]], "from": ids[last[1]], "to": ids[last[2]], "given": n_last}
            if last is not None and st.phase == "planning"
            else None
        ),
        "markers_left": [
            {"kind": d.markers[m][0], "vp": d.markers[m][1]} for m in st.markers_left[me]
        ],
        "acting": [
            {"how": how, "kind": TYPES[t], "from": ids[f], "to": ids[to], "n": n}
            for (how, t, f, to), n in sorted(acting.items(), key=lambda kv: kv[0][2:])
        ],
        "orders_left": waiting_orders,
        "defend": (
            {st.uid[u]: zone_label(st, z) for u, z in sorted(cb.split.items()) if USIDE[u] == me}
            if cb is not None
            else {}
        ),
        "leaving": (
            {st.uid[u]: how for u, how in sorted(cb.leaving.items()) if USIDE[u] == me}
            if cb is not None
            else {}
        ),
        "capacity": [
            {
                "sector": ids[t],
                "room": room,
                "units": [st.uid[u] for u in units],
                "admitted": [st.uid[u] for u in st.admit.get((side, t), ())],
            }
            for (side, t), (units, room) in sorted(st.need.items())
            if side == me
        ],
        "rallies": list(st.rallies[me]),
    }


def zone_label(st: CmdState, z: int) -> str:
    assert st.combat is not None
    a, b, _, _ = st.combat.zones[z]
    return f"{st.data.ids[a]}|{st.data.ids[b]}"


# ----- words --------------------------------------------------------------------------------


def _name(st: CmdState, sid: str) -> str:
    return st.data.names[st.cfg.board][st.data.index[sid]]


def _verb(st: CmdState, me: int, sid: str) -> str:
    s = st.data.index[sid]
    c = control(st)[s]
    return "attacks" if c == 1 - me else "moves to"


def label(st: CmdState, me: int, action: Action) -> str:
    """A choice in words, its units and sectors by name."""
    return named(_label(st, me, action), st.cfg.board)


def _label(st: CmdState, me: int, action: Action) -> str:
    head = action[0]
    d = st.data
    if head == "done":
        if st.stage == "plan":
            return f"done ({orders.saved_orders(st, me)} orders saved for the rally)"
        if st.stage in ("choose", "road"):
            return "done (the others wait)"
        return "done"
    if head == "order":
        key = (orders.KIND[action[1]], d.index[action[2]], d.index[action[3]])
        n = st.sheet[me].get(key, 0) + 1
        return (
            f"{_name(st, action[2])}: +1 {action[1]} to {_name(st, action[3])} "
            f"(makes {n}{LETTER[action[1]]})"
        )
    if head == "times":
        last = st.last[me]
        assert last is not None
        t, _f, a = last  # short (a button beside the board); one group in the terminal
        return f"last order: ×{action[1]} ({action[1]}{'ICA'[t]} to {_name(st, d.ids[a])})"
    if head == "go":
        return (
            f"{_name(st, action[2])}: {action[1]} {_verb(st, me, action[3])} {_name(st, action[3])}"
        )
    if head == "on":
        return (
            f"{_name(st, action[2])}: cavalry rides on, {_verb(st, me, action[3])} "
            f"{_name(st, action[3])}"
        )
    if head == "fire":
        return f"{_name(st, action[2])}: artillery fires at {_name(st, action[3])}"
    if head == "bombard":
        what = "the building in " if len(action) > 4 else ""
        s, t = d.index[action[2]], d.index[action[3]]
        rng_ = next((r for tt, r, _m in d.lines[me][s] if tt == t), 1)
        return f"{_name(st, action[2])}: artillery bombards {what}{_name(st, action[3])} (range {rng_})"
    if head == "road":
        return (
            f"{_name(st, action[2])}: {action[1]} takes the road to {_name(st, action[3])} "
            "(an extra move)"
        )
    if head == "all":
        n = len(orders.all_of(st, me, st.phase))
        return f"all: every order that can act now does ({n} unit{'s' if n != 1 else ''})"
    if head == "place":
        sid, i, c, a = action[1], action[2], action[3], action[4]
        return f"{_name(st, sid)}: {i} infantry, {c} cavalry, {a} artillery"
    if head == "objective":
        what = {"general": "the general", "flag": "a flag", "rose": "a wind rose"}[action[1]]
        return f"{what} ({action[2]} VP): put it in {_name(st, action[3])}"
    if head == "react":
        return f"{action[1]} tries to {'form square' if action[2] == 'square' else 'countercharge'}"
    if head == "retreat":
        return f"{action[1]} retreats to {_name(st, action[2])}"
    if head == "target":
        if st.combat is not None and st.uix[action[1]] not in st.combat.zone_of:
            return f"{action[1]} strikes {action[2]} from the building"
        return f"{action[1]} attacks {action[2]}"
    if head == "defend":
        return f"{action[1]} defends against the attack from {_name(st, action[2])}"
    if head == "admit":
        need = next((k for k in sorted(st.need) if st.uix[action[1]] in st.need[k][0]), None)
        where = f" into {_name(st, d.ids[need[1]])}" if need else ""
        return f"{action[1]} moves{where} (room is short: it goes first)"
    if head == "orient":
        return (
            "board side B as printed (the river before White)"
            if action[1] == 1
            else "board side B turned round (the river before Black)"
        )
    if head == "reroll":
        die = seen_dice(st, me).get(st.uix[action[1]], [0])[action[2]] if st.combat else "?"
        return f"re-roll the {die} of {action[1]}"
    if head == "withdraw":
        return f"{action[1]} withdraws from the fight"
    if head == "garrison":
        return f"{action[1]} goes into the building"
    if head == "enter":
        return f"enter {_name(st, action[1])}"
    if head == "hold":
        return f"do not enter {_name(st, action[1])} (the cavalry is spent)"
    if head == "rally":
        if action[1] in ("infantry", "cavalry"):
            return f"rally two routed {action[1]} into one"
        return f"rally {action[1]} in place"
    return " ".join(str(p) for p in action)


TYPE_OF = {"i": "infantry", "c": "cavalry", "a": "artillery"}
_UNIT_ID = re.compile(r"(?<![\w-])([wb])-([ica])(\d+)(?![\w-])")


def unit_name(uid: str) -> str:
    """A unit as a player reads it: "w-i3" is "White infantry 3"."""
    m = _UNIT_ID.fullmatch(uid)
    if m is None:
        return uid
    return f"{'White' if m.group(1) == 'w' else 'Black'} {TYPE_OF[m.group(2)]} {m.group(3)}"


@functools.cache
def _sector_names(board: str) -> dict[str, str]:
    d = load()
    return {sid: d.names[board][i] for i, sid in enumerate(d.ids)}


@functools.cache
def _sector_pattern() -> re.Pattern[str]:
    ids = sorted(load().ids, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(" + "|".join(re.escape(i) for i in ids) + r")(?![\w-])")


def named(text: str, board: str = "A") -> str:
    """``text`` with every unit id and sector id in it told by name (a reason given by the
    rules, such as "its captor b-c2 did not survive", reads "its captor Black cavalry 2...")."""
    names = _sector_names(board)
    text = _UNIT_ID.sub(lambda m: unit_name(m.group(0)), text)
    return _sector_pattern().sub(lambda m: names[m.group(1)], text)


def _side(s: str) -> str:
    return s.capitalize() if s in SIDES else s


def _dice(values: list[int]) -> str:
    return " and ".join(str(v) for v in values)


def _units(ids: list[str]) -> str:
    names = [unit_name(u) for u in ids if u]
    if len(names) <= 1:
        return "".join(names) or "nobody"
    return ", ".join(names[:-1]) + " and " + names[-1]


UNIT_TO_SECTOR = {
    "moved": "moves to",
    "entered": "enters",
    "retreat": "retreats to",
    "blocked": "cannot move into",
    "fled": "flees to",
    "garrison": "goes into the building of",
    "no-target": "finds nothing to fire at in",
}
"""Events that read "<unit> <words> <sector>": the words for each kind."""


def describe_event(e: dict[str, Any]) -> str:
    """A log line in words: units and sectors by name (the sectors' names on the board the
    battle is fought on: the event carries it when it is not side A), dice as dice with
    what the modifiers made of them."""
    board = str(e.get("board", "A"))
    sector = _sector_names(board)

    def at(sid: str) -> str:
        return sector.get(sid, sid)

    def zone(z: str) -> str:
        if z.endswith(" (building)"):
            return f"the building in {at(z.removesuffix(' (building)'))}"
        a, _, b = z.partition("|")
        return f"the fight between {at(a)} and {at(b)}" if b else at(a)

    def go(t: str, f: str, a: str) -> str:
        return f"{t} from {at(f)} to {at(a)}"

    k = e["kind"]
    text: str
    if k == "setup":
        side = {"A": "side A", "B": "side B", "B2": "side B turned round"}.get(board, board)
        text = f"The battle of {str(e['scenario']).replace('-', ' ').title()} on board {side}"
    elif k == "roll":
        text = (
            f"{_side(e['side'])} rolls {_dice(e['dice'])} for the {e['step']} attack of "
            f"{_units(e['units'])} in {zone(e['zone'])}"
        )
    elif k == "result":
        mod = e["modified"]
        after = "" if list(mod) == list(e["dice"]) else f", {_dice(mod)} after modifiers"
        hits = e["hits"]
        text = (
            f"{unit_name(e['unit'])} against {unit_name(e['target'])}: rolled "
            f"{_dice(e['dice'])}{after}{' (opposed)' if e['opposed'] else ''}: "
            f"{hits or 'no'} hit{'' if hits == 1 else 's'}"
        )
    elif k == "reaction":
        what = "to form square" if e["reaction"] == "square" else "to countercharge"
        die = e["dice"][0]
        after = "" if e["modified"] == die else f", {e['modified']} after modifiers"
        text = (
            f"{unit_name(e['unit'])} tries {what}: rolled {die}{after}: "
            f"{'it succeeds' if e['success'] else 'it fails'}"
        )
    elif k == "bombard":
        parts = [
            f"at {unit_name(r['target'])} rolled {r['die']}"
            + (f", {r['modifier']:+d}: {r['modified']}" if r["modifier"] else "")
            + f", {'a hit' if r['hit'] else 'a miss'}"
            for r in e["rolls"]
        ]
        text = (
            f"{unit_name(e['unit'])} bombards {at(e['sector'])} at range {e['range']}: "
            + "; ".join(parts)
        )
    elif k == "reroll":
        text = (
            f"{_side(e['side'])} re-rolls the {e['old']} of {unit_name(e['unit'])}: "
            f"now {e['dice'][0]}"
        )
    elif k == "rerolls":
        text = "Re-rolls: " + "; ".join(
            f"{_side(s)} re-rolled the {a} of {unit_name(u)}, now {b}" for s, u, a, b in e["rolls"]
        )
    elif k == "orders-roll":
        text = (
            f"{_side(e['side'])} rolls {e['dice'][0]} for its orders: "
            f"{e['orders']} orders this round"
        )
    elif k == "delivery":
        kind, f, a = e["order"]
        text = (
            f"Orders for {go(kind, f, a)} ({e['distance']} sectors away): rolled "
            f"{_dice(e['dice'])}, {e['delivered']} delivered"
        )
    elif k == "acts":
        parts = []
        for how, t, f, to, n in e["acts"]:
            if how == "go":
                parts.append(f"{n} {go(t, f, to)}")
            elif how == "on":
                parts.append(f"{n} {t} ride on from {at(f)} to {at(to)}")
            elif how == "road":
                parts.append(f"{n} {t} take the road from {at(f)} to {at(to)}")
            else:
                parts.append(f"{n} {t} in {at(f)} {HOW_WORDS.get(how, how)} {at(to)}")
        phase = PHASE_WORDS.get(e["phase"], e["phase"]).lower()
        text = f"{_side(e['side'])} acts in the {phase}: " + "; ".join(parts)
    elif k == "plan":
        items = [f"{n} {go(t, f, a)} ({c} carried out)" for t, f, a, n, c in e["orders"]]
        text = (
            f"{_side(e['side'])}'s orders this round: "
            + ("; ".join(items) or "none")
            + f"; {e['saved']} saved"
        )
    elif k == "unused":
        kind, f, a = e["order"]
        text = f"Your order for {e['n']} {go(kind, f, a)} was not carried out: {e['why']}"
    elif k == "planned":
        text = f"{_side(e['side'])} has written its orders"
    elif k == "ordered":
        text = f"Your order: {go(e['type'], e['sector'], e['arrow'])} ({e['n']} on the sheet)"
    elif k == "chosen":
        c = e["choice"]
        if c[0] == "all":
            text = "You chose: every order that can act now"
        else:
            how, t, f, to = c[0], c[1], c[2], c[3]
            text = f"You chose: {t} in {at(f)} {HOW_WORDS.get(how, how)} {at(to)}"
    elif k == "defend":
        text = f"{unit_name(e['unit'])} will face the attack from {at(e['against'])}"
    elif k == "admit":
        text = f"{unit_name(e['unit'])} goes first into {at(e['sector'])}"
    elif k == "split":
        text = f"{_side(e['side'])} shares out its defenders: " + "; ".join(
            f"{unit_name(u)} in {zone(z)}" for u, z in e["units"].items()
        )
    elif k == "orient":
        how = "as printed" if e["orientation"] == 1 else "turned round"
        text = f"{_side(e['side'])} lays board side B {how}"
    elif k == "attack":
        text = f"{_side(e['side'])} attacks: " + "; ".join(
            f"{unit_name(u)} from {at(a)} into {at(b)}" for u, a, b in e["units"]
        )
    elif k == "positions":
        text = f"In {zone(e['zone'])}: White {_units(e['white'])}; Black {_units(e['black'])}"
    elif k in UNIT_TO_SECTOR:
        text = f"{unit_name(e['unit'])} {UNIT_TO_SECTOR[k]} {at(e['sector'])}"
    elif k == "routed":
        text = f"{unit_name(e['unit'])} is routed"
    elif k == "captured":
        text = f"{unit_name(e['unit'])} is captured by {unit_name(e['by'])}"
    elif k == "destroyed":
        text = f"{unit_name(e['unit'])} is destroyed" + (f" ({e['why']})" if e.get("why") else "")
    elif k == "overrun":
        by = unit_name(e["by"])
        text = f"{unit_name(e['unit'])} is overrun by {by} (captured if {by} survives the fight)"
    elif k == "lapsed":
        text = (
            f"{unit_name(e['unit'])} cannot carry out its order into {at(e['sector'])}: {e['why']}"
        )
    elif k == "withdrew":
        text = f"{unit_name(e['unit'])} withdraws from the fight"
    elif k == "hold":
        text = f"{_side(e['side'])} does not enter {at(e['sector'])}"
    elif k == "building-destroyed":
        text = (
            f"The building in {at(e['sector'])} comes down with {unit_name(e['unit'])} inside"
            if e.get("unit")
            else f"The building in {at(e['sector'])} is destroyed"
        )
    elif k == "rallied":
        if e.get("merged"):
            text = (
                f"{_side(e['side'])} rallies {unit_name(e['merged'])} into {unit_name(e['unit'])}"
            )
        else:
            text = f"{_side(e['side'])} rallies {unit_name(e['unit'])} in place"
    elif k == "deployed":
        where: dict[str, list[str]] = {}
        for u, sid in e["units"].items():
            where.setdefault(at(sid), []).append(u)
        parts = [f"{_units(us)} in {w}" for w, us in where.items()]
        marks = [f"a {kind} worth {vp} VP in {at(sid)}" for kind, vp, sid in e["objectives"]]
        text = f"{_side(e['side'])} deploys {'; '.join(parts) or 'nothing'}" + (
            f"; objectives: {', '.join(marks)}" if marks else ""
        )
    elif k == "vp":
        why = {"sectors": "holding more sectors", "captures": "units captured"}.get(
            e["why"], f"a {e['why']}" if e["why"] in ("flag", "general", "rose") else e["why"]
        )
        pts = e["points"]
        text = (
            f"{_side(e['side'])} scores {pts} VP for {why} "
            f"(now White {e['vp'][0]}, Black {e['vp'][1]})"
        )
    elif k == "pool-tie":
        w, b = e["sectors"]
        text = (
            f"Both sides hold {w} sectors: the pool's point goes back to the box ({e['pool']} left)"
        )
    elif k == "score":
        w, b = e["sectors"]
        text = (
            f"End of the round: White holds {w} sectors, Black {b}; VP White {e['vp'][0]}, "
            f"Black {e['vp'][1]}; {e['pool']} left in the pool"
        )
    elif k == "round":
        text = f"Round {e['round']}"
    elif k == "game-over":
        who = "A draw" if e["winner"] == "draw" else f"{_side(e['winner'])} wins"
        text = f"{who} ({e['why']}): White {e['vp'][0]} VP, Black {e['vp'][1]} VP"
    else:
        parts = [f"{key}={v}" for key, v in e.items() if key not in ("kind", "to", "board")]
        text = f"{k}: " + ", ".join(parts) if parts else k
    return named(text, board)


SLOT_WORDS = ("right wing", "centre", "left wing", "reserve")


def prompt_text(st: CmdState, side: int) -> str:
    stage = st.stage
    if stage == "plan":
        return (
            f"Round {st.round}: orders ({st.given[side]} of {st.allowed[side]} given): "
            "a unit type in a sector and its arrow (×n: the last order for n units); "
            "done to finish"
        )
    if stage == "choose":
        return (
            f"{PHASE_WORDS.get(st.phase, st.phase)}: which of your ordered units act now? "
            "(all: every order that can; done: the rest wait)"
        )
    if stage == "road":
        return "Non-combat phase: the road's extra move for up to two units that moved?"
    if stage == "place":
        left = st.place_left[side]
        slot = next((k for k in range(3) if left[k]), -1)
        if slot >= 0:
            return f"Set up in secret: your {SLOT_WORDS[slot]} ({left[slot]} units)"
        return "Set up in secret: place your objective markers"
    return {
        "orient": "Turn board side B: which way?",
        "react": "Your sector is attacked: react?",
        "split": "Attacked from several sides: which unit defends which battle zone?",
        "capacity": "Not enough room in the sector: which units go first?",
        "ranged-target": "Choose a target for your unopposed unit (ranged)",
        "melee-target": "Choose a target for your unopposed unit (melee)",
        "ranged-reroll": "Flank attack: re-roll a die?",
        "melee-reroll": "Flank attack: re-roll a die?",
        "withdraw": "Withdraw attackers before melee (or a defender into the building)?",
        "enter": "The sector is empty: move your cavalry in?",
        "rally": f"Rally routed units ({st.saved[side] - len(st.rallies[side])} saved orders)",
    }.get(stage, stage)


def _cell(st: CmdState, me: int | None, s: int) -> list[str]:
    v = []
    for side in (0, 1):
        if _hidden_setup(st, me, side) and st.data.setups[st.cfg.scenario].custom:
            continue
        parts = []
        for t, letter in ((0, "I"), (1, "C"), (2, "A")):
            here = [
                u
                for u in range(len(st.uid))
                if USIDE[u] == side and st.ut[u] == t and st.loc[u] == s
            ]
            fresh = sum(1 for u in here if st.status[u] != ROUTED)
            routed = len(here) - fresh
            if fresh:
                parts.append(f"{fresh}{letter}")
            if routed:
                parts.append(f"{routed}{letter.lower()}(routed)")
        if parts:
            v.append(f"{'WB'[side]}: {' '.join(parts)}")
    return v


def render_text(st: CmdState, me: int | None) -> str:
    d = st.data
    ctrl = control(st)
    width = 24  # three sectors and their rules in 78 columns
    # during a secret custom set-up, control would tell where the other side placed (as in view)
    veiled = d.setups[st.cfg.scenario].custom and any(_hidden_setup(st, me, s) for s in (0, 1))
    lines = [
        f"Round {st.round} of {d.rules.rounds} · {PHASE_WORDS.get(st.phase, st.phase)} · "
        f"VP White {st.vp[0]}, Black {st.vp[1]} · pool {st.pool}"
    ]

    def box(s: int) -> list[str]:
        # the sector's name, then who holds it (W, B or -), its markers and terrain
        marks = [
            f"{o.kind} {'WB'[o.side]}{o.vp}"
            for o in st.objectives
            if o.sector == s and not _hidden_setup(st, me, o.side)
        ]
        if st.cfg.terrain:
            marks += d.terrain[st.cfg.board].sector_features(s)
        who = "-" if ctrl[s] < 0 or veiled else "WB"[ctrl[s]]
        head = _name(st, d.ids[s])
        return [
            head[:width],
            f"{who} {' '.join(marks)}"[:width],
            *(c[:width] for c in _cell(st, me, s)),
        ]

    def row_of(cells: list[int]) -> list[str]:
        boxes = [box(s) for s in cells]
        h = max(len(b) for b in boxes)
        out = []
        for i in range(h):
            out.append(" | ".join((b[i] if i < len(b) else "").ljust(width) for b in boxes))
        return out

    lines += row_of([d.reserve_of[1]])
    for r in (2, 1, 0):
        lines.append("-" * (3 * width + 6))
        lines += row_of([s for s in d.battle if d.rows[s] == r])
    lines.append("-" * (3 * width + 6))
    lines += row_of([d.reserve_of[0]])
    if st.tokens:
        lines.append(
            "Artillery tokens: "
            + ", ".join(f"{st.uid[a]} on {d.ids[s]}" for a, s in sorted(st.tokens.items()))
        )
    cb = st.combat
    if cb is not None:
        for a, b, wl, bl in cb.zones:
            lines.append(
                f"Fight between {d.ids[a]} and {d.ids[b]}: White "
                + (", ".join(st.uid[u] for u in wl) or "none")
                + "; Black "
                + (", ".join(st.uid[u] for u in bl) or "none")
            )
    if st.phase not in ("setup", "over"):
        for side in (0, 1):
            shown = _orders_of(st, me, side)
            if not shown:
                continue
            if side == me:
                items = [
                    f"{o['given']}{LETTER[o['kind']]} {o['from']} to {o['to']}"
                    + (f" ({o['carried']} done)" if o["carried"] else "")
                    for o in shown
                ]
                lines.append("your orders: " + ", ".join(items))
            else:
                items = [
                    f"{o['carried']}{LETTER[o['kind']]} {o['from']} to {o['to']}" for o in shown
                ]
                lines.append(
                    f"{SIDES[side].capitalize()}'s orders seen so far: " + ", ".join(items)
                )
    if me is not None:
        lines += _my_choices(st, me)
    # below the grid, units and sectors by name (the grid is named as it is drawn)
    return "\n".join(lines[:1] + [named(ln, st.cfg.board) for ln in lines[1:]])


def _my_choices(st: CmdState, me: int) -> list[str]:
    """The role's own pending choices (never the other side's)."""
    d = st.data
    out = []
    own = _own(st, me)
    if own["acting"]:
        out.append(
            "acting now: "
            + ", ".join(
                f"{a['n']}{LETTER[a['kind']]} {HOW_WORDS.get(a['how'], a['how'])} "
                f"{a['from']} to {a['to']}"
                for a in own["acting"]
            )
        )
    # "only cavalry acts in the fast phase" and the like are no news: the rest are
    waiting = [
        o for o in own["orders_left"] if o["not_now"] and not o["not_now"].startswith("only ")
    ]
    if waiting:
        out.append(
            "cannot act now: "
            + "; ".join(
                f"{o['left']}{LETTER[o['kind']]} {o['from']} to {o['to']} ({o['not_now']})"
                for o in waiting
            )
        )
    cb = st.combat
    if cb is not None and cb.split:
        mine = [
            f"{st.uid[u]} in the fight of {zone_label(st, z).replace('|', ' and ')}"
            for u, z in sorted(cb.split.items())
            if USIDE[u] == me
        ]
        if mine:
            out.append("your defenders: " + "; ".join(mine))
    for (side, t), (units, room) in sorted(st.need.items()):
        if side == me:
            got = [st.uid[u] for u in st.admit.get((side, t), ())]
            out.append(
                f"room for {room} of {len(units)} in {d.ids[t]}: {', '.join(got) or 'none chosen yet'}"
            )
    if st.cfg.board == "B2":
        out.append("board side B turned round")
    return out
