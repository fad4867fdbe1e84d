"""What a side may see (the view), and words for people: labels, log lines, the text board."""

from __future__ import annotations

from typing import Any

from warroom.engine import Action
from warroom.games.commanders.data import SIDES, TYPES, UID, UINDEX, USIDE, UTYPE
from warroom.games.commanders.flow import saved_orders
from warroom.games.commanders.state import (
    CAPTURED,
    GONE,
    ROUTED,
    STATUS_NAMES,
    UNPLACED,
    CmdState,
    control,
)

KIND_WORDS = {
    "advance": "advance (combined arms phase)",
    "fast": "ride (fast movement phase)",
    "move": "move (non-combat phase)",
    "bombard": "bombard",
    "fire": "fire at close range (combined arms phase)",
    "road": "march on along the road (non-combat phase)",
}


def _hidden_setup(st: CmdState, me: int | None, side: int) -> bool:
    """During a secret set-up a side's placement is hidden from the other side."""
    return st.phase == "setup" and me != side


def orders_visible(st: CmdState, me: int | None, side: int) -> bool:
    if me == side:
        return True
    return st.phase not in ("planning", "setup")


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
    for u, uid in enumerate(UID):
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
                "type": TYPES[UTYPE[u]],
                "sector": sector,
                "where": where,
                "status": STATUS_NAMES[st.status[u]],
                "square": st.square[u],
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
                    "white": [UID[u] for u in wl],
                    "black": [UID[u] for u in bl],
                }
            )
        for u, (frm, to) in sorted(cb.mover.items()):
            attacks.append(
                {
                    "unit": UID[u],
                    "from": ids[frm],
                    "to": ids[to],
                    "countercharge": u in cb.charged,
                }
            )
        dice = {UID[u]: list(v) for u, v in sorted(cb.dice.items())}
    orders: dict[str, Any] = {}
    info: dict[str, Any] = {}
    for side in (0, 1):
        name = SIDES[side]
        if orders_visible(st, me, side):
            orders[name] = [
                {
                    "unit": UID[u],
                    "kind": k,
                    "to": ids[d1],
                    "then": k2 or None,
                    "then_to": ids[d2] if d2 >= 0 else None,
                    "road": ids[st.road[u]] if u in st.road else None,
                }
                for u, (k, d1, k2, d2) in sorted(st.orders.items())
                if USIDE[u] == side
            ]
            info[name] = {
                "allowed": st.allowed[side],
                "given": st.given[side],
                "saved": saved_orders(st, side) if st.phase == "planning" else st.saved[side],
                "command_order": bool(st.extra[side]),
            }
        else:
            orders[name] = None
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
        "waiting": {SIDES[s]: st.waiting[s] for s in (0, 1)},
        "sectors": sectors,
        "borders": borders,
        "units": units,
        "zones": zones,
        "attacks": attacks,
        "dice": dice,
        "tokens": [
            {"side": SIDES[USIDE[a]], "artillery": UID[a], "sector": ids[s]}
            for a, s in sorted(st.tokens.items())
        ],
        "vp": {"white": st.vp[0], "black": st.vp[1]},
        "pool": st.pool,
        "captured": {SIDES[s]: [UID[u] for u in st.captured[s]] for s in (0, 1)},
        "orders": orders,
        "orders_info": info,
        "garrison": [{"sector": ids[s], "unit": UID[g]} for s, g in sorted(st.garrison.items())],
        "ruined": [ids[s] for s in st.ruined],
        "winner": None if st.winner < 0 else ("draw" if st.winner == 2 else SIDES[st.winner]),
    }
    if me is not None:
        out["you"] = SIDES[me]
        out["place_left"] = dict(
            zip(("right", "centre", "left", "reserve"), st.place_left[me], strict=True)
        )
        out["markers_left"] = [
            {"kind": d.markers[m][0], "vp": d.markers[m][1]} for m in st.markers_left[me]
        ]
        comp = st.composing[me]
        out["composing"] = UID[comp] if comp >= 0 else None
        out["road_move"] = st.road_stage[me]
        # the side's own pending choices (the other side's stay hidden until carried out)
        out["defend"] = (
            {UID[u]: zone_label(st, z) for u, z in sorted(cb.split.items()) if USIDE[u] == me}
            if cb is not None
            else {}
        )
        out["capacity"] = [
            {
                "sector": ids[t],
                "room": room,
                "units": [UID[u] for u in units],
                "admitted": [UID[u] for u in st.admit.get((side, t), ())],
            }
            for (side, t), (units, room) in sorted(st.need.items())
            if side == me
        ]
        out["aims"] = {
            UID[g]: [UID[e] for e in tgts] for g, tgts in sorted(st.aims.items()) if USIDE[g] == me
        }
    return out


def zone_label(st: CmdState, z: int) -> str:
    assert st.combat is not None
    a, b, _, _ = st.combat.zones[z]
    return f"{st.data.ids[a]}|{st.data.ids[b]}"


# ----- words --------------------------------------------------------------------------------


def _sector_name(st: CmdState, sid: str) -> str:
    return st.data.names[st.cfg.board][st.data.index[sid]]


def label(st: CmdState, action: Action) -> str:
    head = action[0]
    if head == "done":
        return "done"
    if head == "order":
        return (
            f"{action[1]}: {KIND_WORDS.get(action[2], action[2])} -> {_sector_name(st, action[3])}"
        )
    if head == "then":
        return f"then {KIND_WORDS.get(action[1], action[1])} -> {_sector_name(st, action[2])}"
    if head == "stop":
        if any(st.road_stage):
            return "no road move"
        return "no second move"
    if head == "place":
        return f"place {action[1]} in {_sector_name(st, action[2])}"
    if head == "objective":
        return f"place {action[1]} ({action[2]} VP) in {_sector_name(st, action[3])}"
    if head == "react":
        return f"{action[1]} tries to {'form square' if action[2] == 'square' else 'countercharge'}"
    if head == "retreat":
        return f"{action[1]} retreats to {_sector_name(st, action[2])}"
    if head == "target":
        if st.stage == "aim":
            return f"{action[1]} fires a bombardment die at {action[2]}"
        if st.combat is not None and UINDEX[action[1]] not in st.combat.zone_of:
            return f"{action[1]} strikes {action[2]} from the building"
        return f"{action[1]} attacks {action[2]}"
    if head == "defend":
        return f"{action[1]} defends against the attack from {_sector_name(st, action[2])}"
    if head == "admit":
        key = next((k for k in sorted(st.need) if UINDEX[action[1]] in st.need[k][0]), None)
        where = f" into {_sector_name(st, st.data.ids[key[1]])}" if key else ""
        return f"{action[1]} moves{where} (room is short: it goes first)"
    if head == "orient":
        return (
            "board side B as printed (the river before white)"
            if action[1] == 1
            else "board side B turned round (the river before black)"
        )
    if head == "reroll":
        cb = st.combat
        die = cb.dice.get(UINDEX[action[1]], [0])[action[2]] if cb else "?"
        return f"re-roll the {die} of {action[1]}"
    if head == "withdraw":
        return f"{action[1]} withdraws from the fight"
    if head == "garrison":
        return f"{action[1]} goes into the building"
    if head == "enter":
        return f"enter {_sector_name(st, action[1])}"
    if head == "hold":
        return f"do not enter {_sector_name(st, action[1])} (the cavalry is spent)"
    if head == "rally":
        if action[1] in ("infantry", "cavalry"):
            return f"rally two routed {action[1]} into one"
        return f"rally {action[1]} in place"
    return " ".join(str(p) for p in action)


def describe_event(e: dict[str, Any]) -> str:
    k = e["kind"]
    if k == "roll":
        return f"{e['side']} rolls {e['step']} in {e['zone']}: dice {e['dice']} for {', '.join(e['units'])}"
    if k == "result":
        return (
            f"{e['unit']} vs {e['target']}: dice {e['dice']} -> {e['modified']}"
            f"{' (opposed)' if e['opposed'] else ''}: {e['hits']} hit(s)"
        )
    if k == "reaction":
        return (
            f"{e['unit']} tries {e['reaction']}: die {e['dice'][0]} -> {e['modified']}: "
            f"{'success' if e['success'] else 'failure'}"
        )
    if k == "bombard":
        parts = [
            f"{r['target']} die {r['die']}{r['modifier']:+d}={r['modified']} {'hit' if r['hit'] else 'miss'}"
            for r in e["rolls"]
        ]
        return f"{e['unit']} bombards {e['sector']} (range {e['range']}): " + "; ".join(parts)
    if k == "reroll":
        return f"{e['side']} re-rolls {e['unit']}'s {e['old']}: now {e['dice'][0]}"
    if k == "orders-roll":
        return f"{e['side']} rolls {e['dice'][0]} for orders: {e['orders']} this round"
    if k == "delivery":
        return (
            f"order to {e['unit']} (distance {e['distance']}): die {e['dice'][0]} -> "
            f"{'delivered' if e['delivered'] else 'lost'}"
        )
    if k == "orders":
        items = ["/".join(str(p) for p in o) for o in e["orders"]]
        return f"{e['side']} orders: " + (", ".join(items) or "none")
    if k == "order":
        return f"(secret) order {e['unit']}: {e['order']} -> {e['sector']}"
    if k == "aim":
        return f"(secret) {e['unit']} aims a die at {e['target']}"
    if k == "defend":
        return f"(secret) {e['unit']} will face the attack from {e['against']}"
    if k == "admit":
        return f"(secret) {e['unit']} goes first into {e['sector']}"
    if k == "split":
        return f"{e['side']} splits its defenders: " + ", ".join(
            f"{u} in {z}" for u, z in e["units"].items()
        )
    if k == "orient":
        return f"{e['side']} turns board side B: {'as printed' if e['orientation'] == 1 else 'turned round'}"
    if k == "order-then":
        return f"(secret) then {e['unit']}: {e['order']} -> {e['sector']}"
    if k == "attack":
        return f"{e['side']} attacks: " + ", ".join(f"{u} {a}->{b}" for u, a, b in e["units"])
    if k == "positions":
        return f"battle zone {e['zone']}: white {e['white']} / black {e['black']}"
    if k == "moved":
        return f"{e['unit']} moves to {e['to']}"
    if k == "entered":
        return f"{e['unit']} enters {e['to']}"
    if k == "routed":
        return f"{e['unit']} is routed"
    if k == "captured":
        return f"{e['unit']} is captured by {e['by']}"
    if k == "destroyed":
        return f"{e['unit']} is destroyed" + (f" ({e['why']})" if e.get("why") else "")
    if k == "overrun":
        return f"{e['unit']} is overrun by {e['by']} (captured if {e['by']} survives the combat)"
    if k == "lapsed":
        return f"{e['unit']} cannot carry out its order into {e['sector']}: {e['why']}"
    if k == "fled":
        return f"{e['unit']} flees to {e['to']}"
    if k == "vp":
        return f"{e['side']} scores {e['points']} VP for {e['why']} (VP now {e['vp']})"
    if k == "score":
        return f"scoring: VP {e['vp']}, pool {e['pool']}, sectors held {e['sectors']}"
    if k == "round":
        return f"--- round {e['round']} ---"
    if k == "game-over":
        return f"game over: {e['winner']} ({e['why']}), VP {e['vp']}"
    parts = [f"{key}={v}" for key, v in e.items() if key not in ("kind", "to")]
    return f"{k}: " + ", ".join(parts) if parts else k


def prompt_text(st: CmdState, side: int) -> str:
    stage = st.stage
    if stage == "plan":
        if st.composing[side] >= 0:
            if st.road_stage[side]:
                return f"Road move for {UID[st.composing[side]]} (non-combat phase)?"
            return f"Second move for {UID[st.composing[side]]}?"
        return (
            f"Round {st.round}: give orders ({st.given[side]} of {st.allowed[side]} given); "
            "done to finish"
        )
    return {
        "place": "Place your army and markers in secret",
        "orient": "Turn board side B: which way?",
        "react": "Your sector is attacked: react?",
        "split": "Attacked from several sides: which unit defends which battle zone?",
        "capacity": "Not enough room in the sector: which units go first?",
        "aim": "Bombardment: which enemy unit does each die go at?",
        "ranged-target": "Choose a target for your unopposed unit (ranged)",
        "melee-target": "Choose a target for your unopposed unit (melee)",
        "ranged-reroll": "Flank attack: re-roll a die?",
        "melee-reroll": "Flank attack: re-roll a die?",
        "withdraw": "Withdraw attackers before melee?",
        "enter": "The sector is empty: move your cavalry in?",
        "rally": f"Rally routed units ({st.saved[side]} saved orders)",
    }.get(stage, stage)


def _cell(st: CmdState, me: int | None, s: int) -> list[str]:
    v = []
    for side in (0, 1):
        if _hidden_setup(st, me, side) and st.data.setups[st.cfg.scenario].custom:
            continue
        parts = []
        for t, letter in ((0, "I"), (1, "C"), (2, "A")):
            fresh = sum(
                1
                for u in range(len(UID))
                if USIDE[u] == side and UTYPE[u] == t and st.loc[u] == s and st.status[u] != ROUTED
            )
            routed = sum(
                1
                for u in range(len(UID))
                if USIDE[u] == side and UTYPE[u] == t and st.loc[u] == s and st.status[u] == ROUTED
            )
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
    width = 30
    # during a secret custom set-up, control would tell where the other side placed (as in view)
    veiled = d.setups[st.cfg.scenario].custom and any(_hidden_setup(st, me, s) for s in (0, 1))
    lines = [
        f"Round {st.round}/{d.rules.rounds}  phase {st.phase}  "
        f"VP white {st.vp[0]} black {st.vp[1]}  pool {st.pool}"
    ]

    def box(s: int) -> list[str]:
        marks = [
            f"{o.kind}({'WB'[o.side]}{o.vp})"
            for o in st.objectives
            if o.sector == s and not _hidden_setup(st, me, o.side)
        ]
        if st.cfg.terrain:
            marks += d.terrain[st.cfg.board].sector_features(s)
        who = "-" if ctrl[s] < 0 or veiled else "WB"[ctrl[s]]
        head = f"[{d.ids[s]}] {who} {' '.join(marks)}"
        return [head[:width], *(c[:width] for c in _cell(st, me, s))]

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
            "artillery tokens: "
            + ", ".join(f"{UID[a]}@{d.ids[s]}" for a, s in sorted(st.tokens.items()))
        )
    cb = st.combat
    if cb is not None:
        for a, b, wl, bl in cb.zones:
            lines.append(
                f"battle zone {d.ids[a]}|{d.ids[b]}: white {[UID[u] for u in wl]} "
                f"black {[UID[u] for u in bl]}"
            )
    for side in (0, 1):
        if orders_visible(st, me, side) and st.orders and st.phase != "setup":
            mine = [
                f"{UID[u]}:{k}>{d.ids[d1]}"
                + (f",{k2}>{d.ids[d2]}" if d2 >= 0 else "")
                + (f",road>{d.ids[st.road[u]]}" if u in st.road else "")
                for u, (k, d1, k2, d2) in sorted(st.orders.items())
                if USIDE[u] == side
            ]
            if mine:
                lines.append(f"{SIDES[side]} orders: " + " ".join(mine))
    if me is not None:
        lines += _my_choices(st, me)
    return "\n".join(lines)


def _my_choices(st: CmdState, me: int) -> list[str]:
    """The role's own pending choices (never the other side's)."""
    d = st.data
    out = []
    cb = st.combat
    if cb is not None and cb.split:
        mine = [
            f"{UID[u]}>{zone_label(st, z)}" for u, z in sorted(cb.split.items()) if USIDE[u] == me
        ]
        if mine:
            out.append("your defenders: " + " ".join(mine))
    for (side, t), (units, room) in sorted(st.need.items()):
        if side == me:
            got = [UID[u] for u in st.admit.get((side, t), ())]
            out.append(
                f"room for {room} of {len(units)} in {d.ids[t]}: {', '.join(got) or 'none chosen yet'}"
            )
    aims = [
        f"{UID[g]}>{'+'.join(UID[e] for e in tg)}"
        for g, tg in sorted(st.aims.items())
        if USIDE[g] == me
    ]
    if aims and st.stage == "aim":
        out.append("your guns aim at: " + " ".join(aims))
    if st.cfg.board == "B2":
        out.append("board side B turned round")
    return out
