"""Words and views for Campaign: Fall Blau: the view dict, action labels, log lines, the text board."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.engine import Action

if TYPE_CHECKING:
    from warroom.games.fall_blau.rules import BlauState, FallBlau

PHASE_TEXT = {
    "general": "Choose a general for the next frontline slot (left to right).",
    "orders": "Issue orders, play events, or end the turn.",
    "support": "Add one event's black dice to this attack, or roll.",
    "second": "A panzer army may pay 1 more supply to deploy a second card beside it.",
    "discard": "Your hand is full: discard a card, or play one, before drawing.",
    "react": "Play an event card now, before the Soviets go on, or pass.",
    "deck-out": "The event deck ran out: exhaust a general of your choice, then reshuffle.",
    "exhaust": "An event exhausts a general of your choice.",
    "lose-cubes": "An event costs a general of your choice grey cubes.",
    "deploy": "A major counter-attack: choose where it deploys among the tied slots.",
    "reinforce": "Red-circle reinforcements: choose which tied card gets the red cubes.",
}


def prompt(game: FallBlau, s: BlauState) -> str:
    return PHASE_TEXT.get(s.phase, "")


def _name(game: FallBlau, cid: str) -> str:
    d = game.data
    if cid in d.campaigns:
        return d.campaigns[cid].name
    if cid in d.events:
        return d.events[cid].name
    if cid in d.generals:
        return d.generals[cid].name.split()[-1]
    if cid in d.missions:
        return d.missions[cid].name
    return cid


def _static(game: FallBlau) -> dict[str, Any]:
    """The printed texts, built fresh for every view (views never share mutable parts)."""
    d = game.data
    return {
        "events": {
            e.id: {
                "name": e.name,
                "text": e.text,
                "side": e.side,
                "stop": e.stop,
                "in_play": e.in_play,
                "hard": e.hard,
                "copies": e.copies,
                "counter_attack": (
                    {"red": c.n, "vp": c.vp} if (c := e.effect("counter_attack")) else None
                ),
            }
            for e in d.events.values()
        },
        "missions": {
            m.id: {"name": m.name, "text": m.text, "vp": m.vp, "supply": m.supply}
            for m in d.missions.values()
        },
        "calendar": list(d.calendar),
        "red_circles": {str(k): v for k, v in d.red_circles.items()},
    }


def view(game: FallBlau, s: BlauState) -> dict[str, Any]:
    d = game.data
    gids = game.gids
    st = _static(game)
    victory, brilliant = game.thresholds(s)
    status: dict[str, str] = {}
    for cid in s.queue:
        status[cid] = "unlocked"
    for cid in s.captured:
        status[cid] = "captured"
    for cid in s.front:
        if cid:
            status[cid] = "front"
    campaigns = []
    for c in d.campaigns.values():
        deploy = (
            c.cubes_if if c.unless_captured and c.unless_captured not in s.captured else c.cubes
        )
        campaigns.append(
            {
                "id": c.id,
                "name": c.name,
                "vp": c.vp,
                "cubes": deploy,
                "icons": list(c.icons),
                "extra_cost": c.extra_cost,
                "unlocks": list(c.unlocks),
                "tags": list(c.tags),
                "lat": c.lat,
                "lon": c.lon,
                "text": c.text,
                "status": status.get(c.id, "locked"),
            }
        )
    generals = []
    for i, gi in enumerate(s.chosen):
        g = d.generals[gids[gi]]
        generals.append(
            {
                "id": g.id,
                "name": g.name,
                "army": g.army,
                "panzer": g.panzer,
                "cubes": s.cubes[gi],
                "start": g.cubes,
                "ready": s.ready[gi],
                "lost": s.lost[gi],
                "slot": s.slots.index(gi) if gi in s.slots else None,
                "order": i,
                "trait": g.text,
            }
        )
    available = [
        {
            "id": g.id,
            "name": g.name,
            "army": g.army,
            "panzer": g.panzer,
            "start": g.cubes,
            "trait": g.text,
        }
        for g in d.generals.values()
        if g.index not in s.chosen
    ]
    frontline = []
    for slot in range(len(s.slots)):
        gi = s.slots[slot]
        cid = s.front[slot]
        frontline.append(
            {
                "slot": slot,
                "general": gids[gi] if gi >= 0 else None,
                "card": cid or None,
                "card_kind": (
                    None if not cid else "campaign" if cid in d.campaigns else "counter-attack"
                ),
                "red": s.red[slot],
                "vp": game._card_vp(cid) if cid else 0,
                "icons": list(game._card_icons(cid)) if cid else [],
                "attack_cost": game.attack_cost(s, slot) if cid else 0,
            }
        )
    cal_label = (
        "Start Here"
        if s.cal == 0
        else d.calendar[s.cal - 1]
        if s.cal <= len(d.calendar)
        else "Soviet Winter Offensive"
    )
    pending: dict[str, Any] | None = None
    if s.phase == "support" and s.attack:
        gi, slot = s.attack
        pending = {"attack": {"general": gids[gi], "slot": slot, "card": s.front[slot]}}
    elif s.phase == "second":
        pending = {"general": gids[s.ctx[0]]}
    elif s.phase in ("exhaust", "lose-cubes"):
        pending = {"event": s.ctx[0]}
    elif s.phase == "deploy":
        pending = {"event": s.ctx[0], "red": s.ctx[1], "slots": list(s.ctx[2])}
    elif s.phase == "reinforce":
        pending = {"red": s.ctx[0], "slots": list(s.ctx[1])}
    lost = sum(1 for gi in s.chosen if s.lost[gi])
    return {
        "mode": {"hard": s.hard, "missions": s.missions},
        "phase": s.phase or ("over" if s.over else ""),
        "prompt": PHASE_TEXT.get(s.phase, ""),
        "pending": pending,
        "turn": s.turn,
        "calendar": {
            "box": s.cal,
            "label": cal_label,
            "boxes": st["calendar"],
            "winter": s.cal > len(d.calendar),
        },
        "supply": s.supply,
        "supply_max": d.supply_max,
        "vp": s.vp,
        "final_vp": game.final_vp(s),
        "generals_lost": lost,
        "thresholds": {"victory": victory, "brilliant": brilliant},
        "track": {"max": d.vp_track_max, "red_circles": st["red_circles"]},
        "frontline": frontline,
        "generals": generals,
        "available_generals": available,
        "campaigns": campaigns,
        "queue": list(s.queue),
        "captured": list(s.captured),
        "hand": list(s.hand),
        "hand_limit": d.hand_limit,
        "in_play": list(s.in_play),
        "discard": list(s.discard),
        "removed": list(s.removed),
        "deck_count": len(s.deck),
        "missions": (
            {
                "active": list(s.mactive),
                "done": list(s.mdone),
                "deck_count": len(s.mdeck),
                "captures_this_month": list(s.month_caps),
            }
            if s.missions
            else None
        ),
        "pools": {"grey": s.grey_pool, "red": s.red_pool},
        "events": st["events"],
        "mission_cards": st["missions"],
        "over": s.over or None,
    }


def label(game: FallBlau, s: BlauState, a: Action) -> str:
    d = game.data
    k = a[0]
    n = lambda x: _name(game, x)  # noqa: E731
    if k == "advance":
        c = d.campaigns[a[2]]
        return f"{n(a[1])} advances: deploy {c.name} ({c.vp} VP) in front of him (1 supply)"
    if k == "attack":
        gi = d.generals[a[1]].index
        slot = a[2]
        where = "in front" if s.slots[slot] == gi else "beside"
        dice = game.attack_dice(s, gi, slot)
        cost = game.attack_cost(s, slot)
        cid = s.front[slot]
        return (
            f"{n(a[1])} attacks {n(cid)} ({where}, {s.red[slot]} red) with {dice} white dice"
            f" ({cost} supply)"
        )
    if k == "consolidate":
        return f"{n(a[1])} consolidates (+cube, +{d.consolidate_supply} supply)"
    if k == "play":
        e = d.events[a[1]]
        if len(a) > 2:
            target = n(s.front[a[2]]) if isinstance(a[2], int) else n(a[2])
            return f"play {e.name} on {target}"
        return f"play {e.name}"
    if k == "reorganize":
        return "reorganize the frontline (1 supply): " + " | ".join(
            n(x) if x != "-" else "(empty)" for x in a[1:]
        )
    if k == "end-turn":
        return "end the turn (Soviet counter-attacks follow)"
    if k == "support":
        e = d.events[a[1]]
        eff = e.effect("attack_dice")
        return f"add {e.name} ({eff.n if eff else 0} black dice)"
    if k == "roll":
        return "roll the attack"
    if k == "pass":
        return "play no card now: go on"
    if k == "second":
        return f"deploy {n(a[1])} in slot {a[2] + 1} too (1 supply)"
    if k == "done":
        return "no second card"
    if k == "discard":
        return f"discard {n(a[1])}"
    if k == "exhaust":
        return f"exhaust {n(a[1])}"
    if k == "lose":
        return f"{n(a[1])} loses the cubes"
    if k == "deploy":
        gi = s.slots[a[1]]
        who = n(game.gids[gi]) if gi >= 0 else "nobody"
        return f"the counter-attack deploys in slot {a[1] + 1} (facing {who})"
    if k == "reinforce":
        return f"red cubes go to {n(s.front[a[1]])}"
    if k == "general":
        g = d.generals[a[1]]
        kind = "panzer" if g.panzer else "regular"
        return f"slot {len(s.chosen) + 1}: {g.name}, {g.army} ({kind}, {g.cubes} cubes): {g.text}"
    return " ".join(str(x) for x in a)


def _dice(v: Any) -> str:
    """Dice as a player reads them: "5, 2 and 6"."""
    faces = [str(x) for x in v]
    if len(faces) <= 1:
        return "".join(faces) or "no dice"
    return ", ".join(faces[:-1]) + " and " + faces[-1]


WHY_WORDS = {
    "attack": "the attack",
    "deck-out": "the event deck ran out",
    "red-circle": "a red circle on the calendar",
}


def _why(game: FallBlau, why: str) -> str:
    return WHY_WORDS.get(why) or _name(game, why).replace("-", " ")


def _hits(n: int) -> str:
    return f"{n} hit{'s' if n != 1 else ''}"


def _per_die(game: FallBlau, e: dict[str, Any]) -> str:
    """The modifier of every die, with what it is for (a card's terrain icon)."""
    if not e.get("modifier"):
        return ""
    icons = (
        " and ".join(game.data.campaigns[e["card"]].icons)
        if e["card"] in game.data.campaigns
        else ""
    )
    return f", {e['modifier']:+d} on each die for the {icons or 'terrain'}"


def describe(game: FallBlau, e: dict[str, Any]) -> str:
    k = e["kind"]
    n = lambda x: _name(game, x)  # noqa: E731
    if k == "general":
        return f"{n(e['general'])} takes slot {e['slot'] + 1} with {e['cubes']} cubes"
    if k == "calendar":
        if "turn" not in e:
            return f"Calendar: {e['box']}"
        return f"Calendar: {e['box']} (turn {e['turn']}); every general is ready"
    if k == "draw":
        return f"Drew {n(e['card'])}"
    if k == "discard":
        return f"Discarded {n(e['card'])}"
    if k == "reshuffle":
        return f"The event deck is reshuffled ({e['cards']} cards)"
    if k == "deck-empty":
        return "No event left to draw"
    if k == "supply":
        return f"Supply {e['change']:+d}, now {e['supply']}"
    if k == "vp":
        return f"VP {e['change']:+d}, now {e['vp']}"
    if k == "cubes":
        return f"{n(e['general'])} gains {e['change']} grey, now {e['cubes']}"
    if k == "losses":
        return (
            f"{n(e['general'])} loses {e['lost']} grey to {_why(game, e['why'])}, now {e['cubes']}"
        )
    if k == "general-lost":
        return f"{n(e['general'])} and his army are wiped out (-2 VP at the end)"
    if k == "exhaust":
        return f"{n(e['general'])} is exhausted ({_why(game, e['why'])})"
    if k == "ready-general":
        return f"{n(e['general'])} is ready again"
    if k == "red-short":
        return (
            f"Only {e['placed']} of {e['wanted']} red cubes for {n(e['card'])}: "
            "all 20 Soviet cubes are on the board"
        )
    if k == "reinforce":
        return f"{n(e['card'])} gains {e['change']} red for {_why(game, e['why'])}, now {e['red']}"
    if k == "counter-attack":
        extra = f", re-rolled {_dice(e['rerolled'])}" if e["rerolled"] else ""
        saved = f", {e['saved']} ignored" if e["saved"] else ""
        kind = "Local counter-attack" if e["local"] else "Major counter-attack"
        return (
            f"{kind} from {n(e['card'])} on {n(e['general'])}: rolled {_dice(e['dice'])}{extra};"
            f" {e['hit_on']} or less hits: {_hits(e['hits'])}{saved}"
        )
    if k == "major-deploy":
        joins = f", its cubes join {n(e['joins'])}" if "joins" in e else ""
        return f"{n(e['card'])} deploys in slot {e['slot'] + 1} with {e['red']} red{joins}"
    if k == "mission":
        return f"Mission drawn: {n(e['mission'])}"
    if k == "mission-expired":
        return f"Mission expired: {n(e['mission'])}"
    if k == "mission-done":
        return f"Mission accomplished: {n(e['mission'])}"
    if k == "order":
        what = e["order"]
        if what == "second-card":
            return f"A second card: {n(e['card'])} (supply {e['supply']})"
        target = f" {n(e['card'])}" if "card" in e else ""
        return f"{n(e['general'])}: {what}{target}" + (
            f" (supply {e['supply']})" if "supply" in e else ""
        )
    if k == "deploy":
        return f"{n(e['card'])} deploys in slot {e['slot'] + 1} with {e['red']} red"
    if k == "attack":
        mod = _per_die(game, e)
        black = f", black dice of {n(e['support'])} {_dice(e['black'])}" if e["black"] else ""
        bonus = f", {e['panzer_bonus']} more for the Panzer sixes" if e["panzer_bonus"] else ""
        lost = f"; {e['losses']} grey lost to ones" if e["losses"] else ""
        return (
            f"{n(e['general'])} attacks {n(e['card'])}: white dice {_dice(e['white'])}{black}"
            f"{mod}; 3 or more hits: {_hits(e['hits'])}{bonus}; {e['removed']} red removed,"
            f" {e['red']} left{lost}"
        )
    if k == "special-attack":
        mod = _per_die(game, e)
        return (
            f"{n(e['by'])} strikes {n(e['card'])}: black dice {_dice(e['black'])}{mod};"
            f" {e['removed']} red removed, {e['red']} left"
        )
    if k == "capture":
        return f"Captured {n(e['card'])} ({e['vp']} VP)"
    if k == "unlock":
        return f"Unlocked {n(e['card'])}"
    if k == "play":
        return f"Played {n(e['card'])}"
    if k == "reorganize":
        return "Frontline reorganized: " + " | ".join(
            n(x) if x != "-" else "(empty)" for x in e["order"]
        )
    if k == "end-turn":
        return "The Germans lose the initiative: Soviet local counter-attacks"
    if k == "end":
        return f"Game over ({e['reason']}): {e['final']} VP, {e['level']}"
    return k.replace("-", " ").capitalize()


def render(game: FallBlau, s: BlauState) -> str:
    v = view(game, s)
    d = game.data
    lines = [
        f"{v['calendar']['label']} (turn {v['turn']})   supply {v['supply']}/{v['supply_max']}"
        f"   VP {v['vp']} (final {v['final_vp']}; victory {v['thresholds']['victory']},"
        f" brilliant {v['thresholds']['brilliant']})",
        f"pools: grey {v['pools']['grey']}, red {v['pools']['red']}   deck {v['deck_count']},"
        f" discard {len(v['discard'])}",
        "",
        "frontline:",
    ]
    gen = {g["id"]: g for g in v["generals"]}
    for f in v["frontline"]:
        if f["card"]:
            icons = "".join(f" ({i})" for i in f["icons"])
            card = f"{_name(game, f['card'])} {f['vp']} VP, {f['red']} red{icons}"
        else:
            card = "(open)"
        if f["general"]:
            g = gen[f["general"]]
            kind = "Pz" if g["panzer"] else "Inf"
            state = "ready" if g["ready"] else "exhausted"
            who = f"{_name(game, g['id'])} ({kind}) {g['cubes']}/{g['start']} grey, {state}"
        else:
            who = "(no general)"
        lines.append(f"  {f['slot'] + 1}. {card:36s} | {who}")
    lines.append("unlocked: " + (", ".join(_name(game, c) for c in v["queue"]) or "-"))
    lines.append("captured: " + (", ".join(_name(game, c) for c in v["captured"]) or "-"))
    lines.append("hand: " + (", ".join(_name(game, c) for c in v["hand"]) or "-"))
    if v["in_play"]:
        lines.append("in play: " + ", ".join(_name(game, c) for c in v["in_play"]))
    if v["missions"]:
        lines.append(
            "missions: "
            + (
                "; ".join(
                    f"{d.missions[m].name} ({d.missions[m].text})" for m in v["missions"]["active"]
                )
                or "-"
            )
        )
    if v["available_generals"] and s.phase == "general":
        lines.append("generals to choose: " + ", ".join(g["id"] for g in v["available_generals"]))
    return "\n".join(lines)
