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


def _units(g: SeriesGame, uids: Any) -> str:
    return _and([_unit(g, u) for u in uids]) or "no unit"


def _group(g: SeriesGame, e: dict[str, Any], verb: str) -> str:
    """The units of a move, halt or landing and the verb, with those a side saw but may not
    name (Coral Sea rule 12: ``unseen``, how many) counted: "1 unit out of sight moves"."""
    uids = list(e["units"])
    n = int(e.get("unseen", 0))
    names = [_unit(g, u) for u in uids]
    if n:
        names.append(f"{n} unit{'s' if n != 1 else ''} out of sight")
    return f"{_and(names) or 'no unit'} {_verb(uids + [''] * n, verb)}"


def _and(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _inflect(verb: str, one: bool) -> str:
    """``verb`` (its base form: "hold", "have") in the present tense for one subject
    ("holds", "has") or for several ("hold", "have")."""
    if not one:
        return verb
    if verb in ("have", "be"):
        return {"have": "has", "be": "is"}[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in ("a", "e", "i", "o", "u"):
        return verb[:-1] + "ies"
    return verb + "s"


def _verb(uids: Any, verb: str) -> str:
    """The verb agreeing with one unit ("moves") or several ("move")."""
    return _inflect(verb, len(uids) == 1)


def _chit(g: SeriesGame, key: str) -> str:
    return key.split(":", 1)[-1]


def side(g: SeriesGame, role: str | None) -> str:
    """A side's name as the campaign's look gives it ("Axis", "Allies")."""
    if not role:
        return "nobody"
    sides = _static(g)["look"]["sides"]
    return str(sides.get(role, {}).get("name", role.title()))


def plural(g: SeriesGame, role: str | None) -> bool:
    """Whether a side's name takes a plural verb ("Allies hold"; the look's ``plural``)."""
    return bool(role) and bool(_static(g)["look"]["sides"].get(role, {}).get("plural", False))


def says(g: SeriesGame, role: str | None, verb: str) -> str:
    """A side's name and ``verb`` (its base form) agreeing with it: "Japan holds", "Allies
    hold"."""
    return f"{side(g, role)} {_inflect(verb, not plural(g, role))}"


def _card(g: SeriesGame, cid: str) -> str:
    return g.data.cards[cid].name if cid in g.data.cards else cid


def _mod(n: int, why: str) -> str:
    return f"{n:+d} for {why}"


def roll_words(face: int, mods: Any, total: int, sides: int = 10) -> str:
    """A d10 roll with its modifiers spelled out: "rolled 4, +1 for Flank Attack: 5"."""
    out = f"rolled {face}" + (" (a 0 counts 10)" if sides == 10 and face == 0 else "")
    parts = [_mod(int(n), str(why)) for n, why in mods or ()]
    if parts:
        out += ", " + ", ".join(parts) + f": {total}"
    elif face != total:
        out += f": {total}"
    return out


RESULT_WORDS = {
    "dep": "depleted",
    "dg": "disorganized",
    "depdg": "depleted and disorganized",
    "": "no effect",
}
SP_WORDS = {
    "move": "to move",
    "naval move": "for a naval move",
    "stacking": "for stacking",
    "siege": "for a siege",
    "sortie": "for a sortie",
    "reorganize": "to reorganize",
    "rebuild": "to rebuild",
    "attack card": "for an attack card",
    "airfield": "to build an airfield",
    "remove-airfield": "to remove an airfield",
    "repair-airfield": "to repair an airfield",
}
END_WORDS = {
    "deck": "a deck ran out",
    "sudden-death": "sudden death",
}


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
            return f"Moving {_units(g, op.group)} ({op.sp} SP left)"
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
        ship = f" aboard {_unit(g, a[2])}" if len(a) > 2 else ""
        return f"Retreat to {a[1]}{ship}"
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
    if k == "siege" and len(a) == 2:
        return f"Besiege the fortress of {a[1]}"
    if k == "sortie" and len(a) == 2:
        return f"Sortie from the fortress of {a[1]}"
    words = {"done": "Done", "cancel": "Cancel", "halt": "Halt", "stay": "Stay",
             "inside": "Take refuge inside the fortress", "outside": "Fight outside",
             "fight": "Fight outside", "refuge": "Take refuge inside the fortress"}  # fmt: skip
    if k in words and len(a) == 1:
        return words[k]
    return " ".join(
        _unit(g, x) if isinstance(x, str) and x in g.data.units
        else _card(g, x) if isinstance(x, str) and x in g.data.cards
        else str(x).replace("-", " ")
        for x in a
    ).capitalize()  # fmt: skip


GROUP_WORDS = {
    "move": "Move a unit",
    "add": "Add a unit to the moving stack",
    "go": "Go to an area",
    "reorg": "Reorganize a unit",
    "rebuild": "Rebuild a unit",
    "embark": "Embark a unit",
    "event": "Play an event card",
    "siege": "Besiege or sortie",
    "sortie": "Besiege or sortie",
    "airfield": "Airfields",
    "remove-airfield": "Airfields",
    "repair-airfield": "Airfields",
    "top": "Put a unit on top of a stack",
}


def choice_group(g: SeriesGame, s: CCState, role: str, a: Action) -> str:
    """A long prompt in the terminal is asked by kind of choice first ("Move a unit")."""
    return GROUP_WORDS.get(str(a[0]), "")


def _describe(g: SeriesGame, e: dict[str, Any]) -> str | None:
    k = e["kind"]
    who = side(g, e.get("role"))
    one = not plural(g, e.get("role"))

    def act(verb: str) -> str:  # the side and a verb agreeing with its name
        return f"{who} {_inflect(verb, one)}"

    u = _unit(g, e["unit"]) if isinstance(e.get("unit"), str) else ""
    area = e.get("area", "")
    ship = f" aboard {_unit(g, e['ship'])}" if e.get("ship") else ""
    if k == "hand":
        return f"{act('hold')} {_and([_card(g, c) for c in e['cards']])}"
    if k == "fall-blau":
        return f"Fall Blau: the {who} side opens the campaign with an operation"
    if k == "my-choice":
        return f"{who} chose {e['choice'].capitalize()} (secret until both have chosen)"
    if k == "chose":  # "chose", not "has chosen": side names may be plural ("Allies")
        return f"{who} chose Card or Map in secret"
    if k == "choices":
        picks = [f"{side(g, r)} {e[r].capitalize()}" for r in g.roles if r in e]
        return "Card or Map: " + ", ".join(picks)
    if k == "operation":
        return f"{who} operation {e['number']} from {area}, {e['sp']} SP"
    if k == "operation-end":
        left = e.get("sp_left", 0)
        return f"{who} operation ends" + (f" with {left} SP unspent" if left else "")
    if k == "select":
        return f"{act('pick')} {u} at {area}"
    if k == "sp":
        why = SP_WORDS.get(e["why"], "for " + str(e["why"]).replace("-", " "))
        return f"{act('spend')} {e['spent']} SP {why}, {e['left']} left"
    if k == "sp-gained":
        return f"{act('gain')} {e['n']} SP, {e['left']} left"
    if k == "move":
        return f"{_group(g, e, 'move')} from {e['frm']} to {e['dest']}"
    if k == "naval-move":
        return f"{_group(g, e, 'sail')} from {e['frm']} to {e['dest']}"
    if k == "halt":
        return f"{_group(g, e, 'halt')} at {area}"
    if k == "embark":
        return f"{u} embarks at {e['dest']}{ship}"
    if k == "disembark":
        return f"{_group(g, e, 'land')} at {e['dest']} from {e['frm']}"
    if k == "transfer":
        return f"{u} goes aboard {_unit(g, e['ship'])} at {area}"
    if k == "rp-loaded":
        return f"{act('load')} a resource point at {area}{ship}"
    if k == "rp-landed":
        n = e.get("n", 1)
        return f"{act('land')} {n} resource point{'s' if n != 1 else ''} at {area}"
    if k == "control":
        return f"{act('take')} control of {area}"
    if k == "battle":
        cross = {"minor": " across a minor river", "major": " across a major river"}.get(
            e.get("crossing", ""), ""
        )
        return (
            f"Battle at {area}: {side(g, e['attacker'])} {_units(g, e['attackers'])}"
            f" {_verb(e['attackers'], 'attack')}{cross}; {side(g, e['defender'])}"
            f" {_units(g, e['defenders'])} {_verb(e['defenders'], 'defend')}"
        )
    if k == "cup":
        return f"{who} chit cup holds {e['chits']} chits"
    if k == "chits-draw":
        return f"{act('draw')} {e['count']} chit{'s' if e['count'] != 1 else ''}"
    if k == "chits-drawn":
        return f"{act('draw')} {_and([_chit(g, c) for c in e['chits']])}"
    if k == "chit":
        return f"{act('reveal')} {e['name']}"
    if k == "chit-void":
        return f"{_chit(g, e['chit'])} has no effect here"
    if k == "chit-set-aside":
        return f"{act('set')} {_chit(g, e['chit'])} aside and {_inflect('draw', one)} again"
    if k == "no-target":
        if "chit" in e:
            return f"{_chit(g, e['chit'])} finds no unit to strike"
        return f"{act('find')} no target"
    if k == "react-pass":
        return f"{act('play')} no card"
    if k == "check":
        res = "passes" if e["passed"] else f"fails: {RESULT_WORDS.get(e['result'], e['result'])}"
        roll = roll_words(e["dice"][0], e.get("mods"), e["total"])
        return (
            f"{u} checks cohesion against {_chit(g, e['chit'])}: {roll},"
            f" needs {e['cohesion']} or less: {res}"
        )
    if k == "hit":
        return f"{_chit(g, e['chit'])} hits {u}: {RESULT_WORDS.get(e['result'], e['result'])}"
    if k == "fortified":
        return f"{u} digs in: {e['mod']:+d} to its checks in this battle"
    if k in ("depleted", "disorganized", "isolated", "reorganized", "rebuilt"):
        return f"{u} is {k}"
    if k == "supplied":
        return f"{u} is in supply again"
    if k == "depleted-again":
        return f"{u}, already depleted, is hit again"
    if k == "destroyed":
        return f"{u} is destroyed at {area} ({e['why']})"
    if k == "retreat":
        return f"{u} retreats from {e['frm']} to {e['dest']}{ship}"
    if k == "naval-retreat":
        return f"{u} withdraws by sea from {e['frm']} to {e['dest']}"
    if k == "retreat-ends":
        return f"{u} ends its retreat at {area}"
    if k == "retreat-inside":
        return f"{u} retreats into the fortress of {area}"
    if k == "battle-end":
        return f"The battle at {area} ends: {says(g, e['winner'], 'win')}"
    if k == "battle-deadlocked":
        return f"The battle at {area} is deadlocked: no chit left can hurt anyone"
    if k == "battle-broken-off":
        return f"The battle at {area} is broken off"
    if k == "roll-off":
        parts = []
        for r in g.roles:
            face, total = e["rolls"][r] % 10, e["totals"][r]
            mods = [[total - e["rolls"][r], "the initiative"]] if total != e["rolls"][r] else []
            parts.append(f"{side(g, r)} {roll_words(face, mods, total)}")
        why = {"map": "the Map option", "card-order": "who plays a card first"}.get(
            e["why"], str(e["why"]).replace("-", " ")
        )
        return f"Roll-off for {why}: " + "; ".join(parts)
    if k == "map-winner":
        return f"{act('win')} the roll-off and {_inflect('take', one)} the Map option"
    if k == "play":
        return f"{act('play')} {e['name']}"
    if k == "card-drawn":
        return f"{act('draw')} {_card(g, e['card'])}"
    if k == "draw":
        return f"{act('draw')} a card ({e['left']} left in the deck)"
    if k == "discard":
        return f"{act('discard')} a card for a resource point"
    if k == "discarded":
        return f"{act('discard')} {_card(g, e['card'])}"
    if k == "rp-placed":
        return f"{act('place')} a resource point at {area}"
    if k == "rp-captured":
        return (
            f"{act('capture')} the resource points at {area}: {e['taken']} taken,"
            f" {e['destroyed']} destroyed"
        )
    if k == "rp-lost":
        n = e.get("n", 1)
        return f"{act('lose')} {n} resource point{'s' if n != 1 else ''} at {area}"
    if k == "no-rp":
        return f"{act('have')} no resource point to spend"
    if k == "placement-lost":
        what = "a resource point" if e["what"] == "rp" else "a unit"
        return f"{act('have')} nowhere to place {what}: it is lost"
    if k == "reinforcement":
        dep = ", depleted" if e.get("depleted") else ""
        return f"{who} reinforcement {u} arrives at {area}{dep}"
    if k == "redeployed":
        return f"{u} redeploys to {area}"
    if k == "leader-arrives":
        return f"{u} arrives at {area}"
    if k == "leader-moves":
        return f"{u} goes along to {area}"
    if k == "leader-lost":
        return f"{u} is lost at {area}"
    if k == "left-map":
        return f"{u} leaves the map from {area}"
    if k == "refuge":
        return f"{who} {_units(g, e['units'])} {_verb(e['units'], 'take')} refuge in the fortress of {area}"
    if k == "siege":
        return f"{act('lay')} siege to the fortress of {area}"
    if k == "siege-lifted":
        return f"The siege of {area} is lifted"
    if k == "siege-roll":
        roll = roll_words(e["dice"][0], e.get("mods"), e["total"])
        res = "the fortress falls" if e["falls"] else "it holds"
        return f"Siege of {area}: {roll}, falls on {e['number']} or less: {res}"
    if k == "winter":
        return "Winter arrives for the rest of the game"
    if k == "directive-45":
        return f"{act('play')} Directive 45"
    if k == "order-225":
        return "Order 225: Soviet units defending a city check with -1"
    if k == "initiative-lost":
        return f"{act('lose')} the initiative"
    if k == "initiative-won":
        return f"{act('win')} the initiative for the rest of the game"
    if k == "initiative":
        return f"{who} now {_inflect('hold', one)} the initiative"
    if k == "game-end":
        why = END_WORDS.get(e["why"], str(e["why"]).replace("-", " "))
        card = f" ({_card(g, e['card'])})" if e.get("card") else ""
        return f"The campaign ends: {why}{card}"
    return None


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
    text = _describe(g, e)
    if text is not None:
        return text
    # a kind this module does not know yet: its name and the names it carries, never a trace
    k = str(e["kind"]).replace("-", " ").capitalize()
    names = []
    for key, v in e.items():
        if key in ("kind", "to") or isinstance(v, (bool, dict)):
            continue
        for x in v if isinstance(v, list) else [v]:
            if key == "role":
                names.append(side(g, str(x)))
            elif isinstance(x, str) and x in g.data.units:
                names.append(_unit(g, x))
            elif isinstance(x, str) and x in g.data.cards:
                names.append(_card(g, x))
            elif isinstance(x, str) and x in g.data.areas:
                names.append(x)
    return k + (": " + ", ".join(names) if names else "")


def render_text(g: SeriesGame, s: CCState, role: str | None) -> str:
    v = g.view(s, role)  # the campaign's view: what this seat may see
    lines = []
    vp = v["vp"]
    each = lambda d: ", ".join(f"{side(g, r)} {n:g}" for r, n in d.items())  # noqa: E731
    lines.append(
        f"VP: {each(vp)}.  Cards played or discarded: {v['cards_played_count']}."
        f"  Cards in the decks: {each(v['decks'])}."
        f"  Initiative: {side(g, v['initiative']) if v['initiative'] else 'none'}."
    )
    if v["permanent"]:
        lines.append(
            "In force: " + ", ".join(f"{k} ({side(g, r)})" for k, r in v["permanent"].items())
        )
    for r, x in v["rps"].items():
        if x:
            lines.append(
                f"{side(g, r)} resource points: "
                + ", ".join(f"{a} {n}" if n > 1 else a for a, n in sorted(x.items()))
            )
    by_id = {x["id"]: x for x in v["units"]}
    for area in sorted(v["stacks"]):
        parts = []
        for uid in v["stacks"][area]:
            if uid not in by_id:
                continue
            x = by_id[uid]
            marks = ", ".join(
                m for m, on in (("depleted", x["depleted"]), ("disorganized", x["disorganized"]),
                                ("isolated", x["isolated"]), ("in the fortress", x["inside"])) if on
            )  # fmt: skip
            vals = "-".join(str(n) for n in x["values"])
            parts.append(f"{x['name']} {vals}{' (' + marks + ')' if marks else ''}")
        if not parts:
            continue
        ctrl = s.control.get(area, "")
        held = f" ({side(g, ctrl)})" if ctrl else ""
        lines.append(f"  {area}{held}: " + "; ".join(parts))
    if v["op"]:
        o = v["op"]
        group = f", moving {_units(g, o['group'])}" if o["group"] else ""
        lines.append(f"Operation: {side(g, o['role'])} from {o['area']}, {o['sp']} SP{group}")
    if v["battle"]:
        b = v["battle"]
        forces = "; ".join(f"{side(g, r)} {_units(g, us)}" for r, us in b["units"].items())
        played = _and([_chit(g, c) for c in b["played"]]) or "none yet"
        lines.append(f"Battle at {b['area']}: {forces}. Chits revealed: {played}.")
        if role:
            lines.append(f"Your chits: {_and([_chit(g, c) for c in b['my_chits']]) or 'none'}")
    if role:
        lines.append("Hand: " + "; ".join(f"{c['name']} ({c['type']})" for c in v["hand"]))
    return "\n".join(lines)


# ----- determinization ----------------------------------------------------------------------
def determinize(g: SeriesGame, s: CCState, role: str, rng: Rng) -> CCState:
    new = s.clone()
    new.rng = rng.fork(0xCC)
    # how many steps were taken is no fact of the game (steps unseen by ``role`` would count
    # in it): only whether the other side's card window (2.3.4) is closed for the operation
    # as it stands, which is all the count serves for
    new.steps = 1
    if new.op is not None:
        new.op.window = 1 if s.op is not None and s.op.window == s.steps else 0
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
