"""What each seat sees (view, text board, labels, log lines) and determinization for search.

Hidden from the other side: a hand, the order and content of a deck, cards discarded face
down, a pending Card/Map choice, the chits a side has drawn and not yet played, and the
order of every cup. NOTES.md documents the view's shape.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.engine import Action, Rng
from warroom.games.campaign_commander.model import OFF_MAP
from warroom.games.campaign_commander.state import CCState

if TYPE_CHECKING:
    from warroom.games.campaign_commander.series import SeriesGame


def _static(g: SeriesGame) -> dict[str, Any]:
    cache = getattr(g, "_static_view", None)
    if cache is None:
        d = g.data
        areas = [
            {
                "id": a.id,
                "x": a.x,
                "y": a.y,
                "kind": a.kind,
                "terrain": a.terrain,
                "city": a.city,
                "vp": dict(a.vp),
                "supply": a.supply,
                "port": a.port,
                "fortress": a.fortress,
                "sector": a.sector,
                "edge": list(a.edge),
            }
            for a in d.areas.values()
        ]
        borders = []
        for a, nbs in d.map.neighbors.items():
            for b in nbs:
                if a < b:
                    borders.append([a, b, d.map.border(a, b)])
        look = dict(d.settings.get("look", {}))
        sides = dict(look.get("sides", {}))
        look = {
            "title": str(look.get("title", g.title)),
            "sides": {r: dict(sides.get(r, {"name": r.title()})) for r in g.roles},
            "nations": dict(look.get("nations", {})),
            "boxes": list(look.get("boxes", [])),
        }
        cache = {"areas": areas, "borders": borders, "look": look}
        g._static_view = cache  # type: ignore[attr-defined]
    return cache


def unit_view(g: SeriesGame, s: CCState, uid: str) -> dict[str, Any]:
    d = g.data.units[uid]
    u = s.units[uid]
    return {
        "id": uid,
        "name": d.name,
        "side": d.side,
        "nation": d.nation,
        "type": d.type,
        "naval_class": d.naval_class,
        "ss": d.ss,
        "loc": u.loc,
        "front": list(d.front),
        "depleted_values": list(d.depleted),
        "values": list(g.values(s, uid)) if not d.leader else [0, 0, 0],
        "depleted": u.dep,
        "disorganized": u.dg,
        "isolated": u.iso,
        "inside": u.inside,
        "aboard": s.aboard.get(uid, ""),  # the ship a ground unit is aboard (series 7)
        "rp_aboard": s.rp_aboard.get(uid, 0),  # RPs a ship carries
    }


def view(g: SeriesGame, s: CCState, role: str | None) -> dict[str, Any]:
    st = _static(g)
    stacks: dict[str, list[str]] = {}
    for uid, u in s.units.items():
        if u.loc not in OFF_MAP:
            stacks.setdefault(u.loc, []).append(uid)
    top = s.tasks[-1] if s.tasks else ("none",)
    out: dict[str, Any] = {
        "areas": [dict(a, control=s.control.get(a["id"], "")) for a in st["areas"]],
        "borders": st["borders"],
        "look": st["look"],
        "units": [unit_view(g, s, uid) for uid in s.units],
        "stacks": stacks,
        "rps": {r: dict(s.rps[r]) for r in g.roles},
        "forts": dict(s.forts),
        "sieges": dict(s.sieges),
        "initiative": s.initiative,
        "permanent": dict(s.permanent),
        "cards_played_count": s.cards_count,
        "played": [{"role": r, "card": c, "name": g.data.cards[c].name} for r, c in s.played],
        "decks": {r: len(s.decks[r]) for r in g.roles},
        "hand_sizes": {r: len(s.hands[r]) for r in g.roles},
        "discards": {r: len(s.discards[r]) for r in g.roles},
        "hand": [card_view(g, c) for c in s.hands[role]] if role else [],
        "choice": {"made": sorted(s.choice), "mine": s.choice.get(role) if role else None},
        "task": {"kind": top[0], "active": list(g.active(s))},
        "op": op_view(g, s),
        "battle": battle_view(g, s, role),
        "destroyed": list(s.destroyed),
        "vp": g.victory_points(s),
        "flags": dict(s.flags),
        "ended": s.ended,
    }
    return out


def card_view(g: SeriesGame, cid: str) -> dict[str, Any]:
    c = g.data.cards[cid]
    return {"id": cid, "name": c.name, "type": c.type, "cost": c.cost, "text": c.text}


def op_view(g: SeriesGame, s: CCState) -> dict[str, Any] | None:
    op = s.op
    if op is None:
        return None
    from warroom.games.campaign_commander import naval

    return {
        "role": op.role,
        "area": op.area,
        "sp": op.sp,
        "acted": sorted(op.acted),
        "group": list(op.group),
        "moved": op.moved,
        "mp": op.mp,
        "rebuilt": op.rebuilt,
        "naval_rp": op.naval,
        "cargo": naval.cargo(s, op.group),  # the ground units aboard the moving ships
        "hold": list(op.hold),  # ships waiting for the battle their landing began
    }


def battle_view(g: SeriesGame, s: CCState, role: str | None) -> dict[str, Any] | None:
    b = s.battle
    if b is None:
        return None
    return {
        "area": b.area,
        "attacker": b.attacker,
        "defender": b.defender,
        "origin": b.origin,
        "crossing": b.crossing,
        "naval": b.naval,
        "units": {r: list(v) for r, v in b.units.items()},
        "played": list(b.played),
        "drawn_counts": {r: len(v) for r, v in b.drawn.items()},
        "my_chits": sorted(b.drawn[role]) if role else [],
        "cup_sizes": {r: len(v) for r, v in b.cups.items()},
        "fortified": dict(b.fortified),
        "turn": b.turn,
    }


# ----- words for people ---------------------------------------------------------------------
def _unit(g: SeriesGame, uid: str) -> str:
    return g.data.units[uid].name if uid in g.data.units else uid


def _chit(g: SeriesGame, key: str) -> str:
    return key.split(":", 1)[-1]


def prompt_text(g: SeriesGame, s: CCState, role: str) -> str:
    t = s.tasks[-1]
    k = t[0]
    if k == "choose":
        return "Choose Card or Map (secretly)"
    if k == "card":
        return "Card option: play an operational card, draw, or discard for one RP"
    if k == "op-rp":
        return "Spend one resource point to start an operation: where?"
    if k == "op":
        op = s.op
        assert op is not None
        if op.group:
            return f"Moving {', '.join(_unit(g, u) for u in op.group)} ({op.sp} SP left)"
        return f"Operation from {op.area}: {op.sp} SP left"
    if k == "place":
        return f"Place {'a resource point' if t[2] == 'rp' else _unit(g, t[4])}"
    if k == "battle":
        return "Battle: reveal a chit (or play a card)"
    if k == "target":
        return f"{_chit(g, t[7])}: which unit?"
    if k == "retreat":
        return f"Retreat {_unit(g, t[1])}: where?"
    if k == "refuge":
        return f"Enemy at {t[2]}: take refuge in the fortress or fight outside?"
    if k == "react":
        if t[2] == "battle":
            return "A chit was revealed against you: play a battle card before it acts?"
        return "The other side is operating: play a card now?"
    if k == "excess":
        return f"More than three ground units at sea in {t[2]}: which one is eliminated?"
    if k == "cargo":
        what = {"dep": "depleted", "dg": "disorganized", "destroyed": "destroyed"}[t[2]]
        return f"A transporting ship was {what}: which unit aboard shares its fate?"
    if k == "port":
        return f"{_unit(g, t[2])} retreats: into which friendly port?"
    if k == "leader":
        return f"{_unit(g, t[3])} retreats: does {_unit(g, t[2])} go with it?"
    return g.campaign_prompt(s, t)


def label(g: SeriesGame, s: CCState, role: str, a: Action) -> str:
    k = a[0]
    if k in ("card", "map") and len(a) == 1:
        return k.capitalize()
    if k in ("play", "discard", "event") or (k == "card" and len(a) == 2):
        c = g.data.cards[a[1]]
        verb = {"play": "Play", "discard": "Discard (1 RP)", "event": "Play event"}.get(k, "Play")
        return f"{verb}: {c.name}" + (f" ({c.cost} SP)" if c.cost else "")
    if k == "draw":
        return "Draw a card"
    if k == "rp":
        if len(a) > 2:
            return f"Spend the RP aboard {_unit(g, a[2])} ({a[1]})"
        return f"Spend the RP at {a[1]}"
    if k == "embark" and len(a) > 2:
        return f"Embark {_unit(g, a[1])} ({s.units[a[1]].loc}) on {_unit(g, a[2])}"
    if k == "load-rp" and len(a) > 1:
        return f"Load a resource point on {_unit(g, a[1])}"
    if k == "land":
        return _land_label(g, s, role, a[1])
    if k == "unload":
        return "Put the troops and RPs aboard ashore here"
    if k in ("move", "add", "reorg", "rebuild", "target", "embark"):
        verb = {"move": "Move", "add": "Add to stack", "reorg": "Reorganize",
                "rebuild": "Rebuild", "target": "", "embark": "Embark"}[k]  # fmt: skip
        u = s.units[a[1]]
        return f"{verb} {_unit(g, a[1])} ({u.loc})".strip()
    if k == "go":
        return f"Go to {a[1]}"
    if k == "exit" and len(a) == 1:
        return "Leave the map by the west edge"
    if k == "chit":
        return f"Reveal {_chit(g, a[1])}"
    if k == "retreat":
        return f"Retreat to {a[1]}"
    if k == "react":
        return f"Play {g.data.cards[a[1]].name} now"
    if k == "pass":
        return "Pass (no card now)"
    if k in ("lose", "cargo"):
        return f"{_unit(g, a[1])} ({s.units[a[1]].loc})" + (" is eliminated" if k == "lose" else "")
    if k == "port":
        return f"Retreat into {a[1]}"
    if k == "follow":
        return f"{_unit(g, a[1])} goes along to {a[2]}"
    if k == "remain":
        return f"{_unit(g, a[1])} stays"
    if k == "place":
        return f"Place at {a[1]}"
    return " ".join(str(x) for x in a).capitalize()


def _land_label(g: SeriesGame, s: CCState, role: str, area: str) -> str:
    """What landing the troops at ``area`` does and costs (7.1.1: a ship that has not yet
    sailed begins its move with the landing; 8.2: stacking ashore among friends)."""
    from warroom.games.campaign_commander import naval

    op = s.op
    if op is None or not op.group:
        return f"Land the troops at {area}"
    units = naval.cargo(s, op.group)
    who = ", ".join(_unit(g, u) for u in units) or "the troops"
    costs = []
    if not op.moved:
        costs.append(f"begins the naval move: {g.move_cost(s, role, op.group)} SP")
    if g.foes_at(s, area, role):
        costs.append("an attack")
    else:
        stack = naval.stack_cost(g, s, op, area, units)
        if stack:
            costs.append(f"{stack} SP for stacking")
    return f"Land {who} at {area}" + (f" ({'; '.join(costs)})" if costs else "")


def describe_event(g: SeriesGame, e: dict[str, Any]) -> str:
    k = e["kind"]
    u = lambda key: _unit(g, e[key])  # noqa: E731
    if k == "check":
        face = e["dice"][0]
        res = "passes" if e["passed"] else f"fails: {e['result']}"
        return (
            f"{u('unit')} checks cohesion for {_chit(g, e['chit'])}: d10 {face}"
            f" -> {e['total']} vs {e['cohesion']}, {res}"
        )
    if k == "roll-off":
        return f"Roll-off ({e['why']}): d10 {e['rolls']} -> {e['totals']}"
    if k == "siege-roll":
        return f"Siege of {e['area']}: d10 {e['dice'][0]} -> {e['total']} vs {e['number']}: {'falls' if e['falls'] else 'holds'}"
    if k == "chit":
        return f"{e['role']} reveals {e['name']}"
    if k == "chits-drawn":
        return f"{e['role']} draws chits: {', '.join(_chit(g, c) for c in e['chits'])}"
    if k == "play":
        return f"{e['role']} plays {e['name']}"
    if k == "battle":
        return (
            f"Battle at {e['area']}: {', '.join(_unit(g, x) for x in e['attackers'])} attack"
            f" {', '.join(_unit(g, x) for x in e['defenders'])}"
        )
    if k == "move":
        return f"{', '.join(_unit(g, x) for x in e['units'])}: {e['frm']} -> {e['dest']}"
    if k == "retreat":
        return f"{u('unit')} retreats {e['frm']} -> {e['dest']}"
    if k in ("depleted", "disorganized", "isolated", "supplied", "reorganized", "rebuilt"):
        return f"{u('unit')} {k}"
    if k == "destroyed":
        return f"{u('unit')} destroyed at {e['area']} ({e['why']})"
    if k == "operation":
        return f"{e['role']} operation #{e['number']} from {e['area']} ({e['sp']} SP)"
    if k == "card-drawn":
        return f"{e['role']} draws {g.data.cards[e['card']].name}"
    if k == "sp":
        return f"{e['role']} spends {e['spent']} SP ({e['why']}), {e['left']} left"
    parts = [f"{kk}={v}" for kk, v in e.items() if kk not in ("kind", "to")]
    return f"{k}: " + ", ".join(parts) if parts else k


def render_text(g: SeriesGame, s: CCState, role: str | None) -> str:
    v = g.view(s, role)  # the campaign's view: what this seat may see
    lines = []
    vp = v["vp"]
    lines.append(
        f"Cards played/discarded {v['cards_played_count']}  decks {v['decks']}"
        f"  initiative {v['initiative'] or 'none'}  VP {vp}"
    )
    if v["permanent"]:
        lines.append("In force: " + ", ".join(f"{k} ({r})" for k, r in v["permanent"].items()))
    lines.append(
        "RPs: " + "; ".join(f"{r}: {dict(sorted(x.items()))}" for r, x in v["rps"].items())
    )
    by_id = {x["id"]: x for x in v["units"]}
    for area in sorted(v["stacks"]):
        parts = []
        for uid in v["stacks"][area]:
            x = by_id[uid]
            marks = "".join(
                m for m, on in (("d", x["depleted"]), ("D", x["disorganized"]),
                                ("I", x["isolated"]), ("F", x["inside"])) if on
            )  # fmt: skip
            vals = "-".join(str(n) for n in x["values"])
            parts.append(f"{x['name']} ({x['side'][0]} {vals}{' ' + marks if marks else ''})")
        ctrl = s.control.get(area, "")
        lines.append(f"  {area} ({ctrl[:1]}): " + ", ".join(parts))
    if v["op"]:
        o = v["op"]
        lines.append(f"Operation: {o['role']} from {o['area']}, {o['sp']} SP, group {o['group']}")
    if v["battle"]:
        b = v["battle"]
        lines.append(
            f"Battle at {b['area']}: {b['units']}; played {[_chit(g, c) for c in b['played']]};"
            f" my chits {[_chit(g, c) for c in b['my_chits']]}"
        )
    if role:
        lines.append("Hand: " + "; ".join(f"{c['name']} ({c['type']})" for c in v["hand"]))
    return "\n".join(lines)


# ----- determinization ----------------------------------------------------------------------
def determinize(g: SeriesGame, s: CCState, role: str, rng: Rng) -> CCState:
    new = s.clone()
    new.rng = rng.fork(0xCC)
    foe = g.other(role)
    pool = sorted(new.hands[foe] + new.decks[foe] + new.discards[foe])
    rng.shuffle(pool)
    nh, nd = len(new.hands[foe]), len(new.decks[foe])
    new.hands[foe] = pool[:nh]
    new.decks[foe] = pool[nh : nh + nd]
    new.discards[foe] = pool[nh + nd :]
    mine = sorted(new.decks[role])
    rng.shuffle(mine)
    new.decks[role] = mine
    if foe in new.choice:
        new.choice[foe] = rng.choice(("card", "map"))
    b = new.battle
    if b is not None:
        for r in g.roles:
            if r == foe:
                chits = sorted(b.drawn[r] + b.cups[r])
                rng.shuffle(chits)
                k = len(b.drawn[r])
                b.drawn[r], b.cups[r] = chits[:k], chits[k:]
            else:
                cup = sorted(b.cups[r])
                rng.shuffle(cup)
                b.cups[r] = cup
    return new
