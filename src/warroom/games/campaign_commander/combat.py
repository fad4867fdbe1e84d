"""Series rule 9: battles with battle chit cups, cohesion checks, depletion and disorganization.

Each side fills a cup (the campaign says with what), then draws as many chits as the best
tactical value among its units in the battle; each may look at its own. The sides then
reveal one chit each in turn, the attacker first; a side with several chooses. A chit's
effects fall first on the defender's units, then the attacker's; the owner of a unit
chooses which of his units checks unless the chit says otherwise. A side with no chit left
draws again as many as its current best tactical value, refilling an empty cup. A
cohesion check is a d10 (a 0 reads as 10) plus modifiers, passed when at most the
unit's cohesion. A disorganized unit leaves the battle at once and retreats (an isolated
one is destroyed instead). The battle ends when one side has no unit left in it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.engine import Action
from warroom.games.campaign_commander import isolation, leaders, supply
from warroom.games.campaign_commander.model import DEAD, ChitDef
from warroom.games.campaign_commander.state import Battle, CCState

if TYPE_CHECKING:
    from warroom.games.campaign_commander.series import SeriesGame


def start(
    g: SeriesGame,
    s: CCState,
    area: str,
    attacker: str,
    units: list[str],
    origin: str,
    crossing: str,
    naval: bool,
) -> None:
    defender = g.other(attacker)
    b = Battle(area, attacker, defender, origin, crossing, naval)
    b.units[attacker] = list(units) + g.rescuers(s, area, attacker, units)
    b.units[defender] = list(g.foes_at(s, area, attacker))
    s.battle = b
    s.tasks.append(("battle",))
    s.log(
        "battle",
        area=area,
        attacker=attacker,
        defender=defender,
        attackers=list(b.units[attacker]),
        defenders=list(b.units[defender]),
        crossing=crossing,
    )
    for role in (attacker, defender):
        refill(g, s, b, role)
    for role in (attacker, defender):
        draw(g, s, b, role)


def refill(g: SeriesGame, s: CCState, b: Battle, role: str) -> None:
    cup = g.build_cup(s, b, role)
    g.order_cup(s, cup)
    b.cups[role] = cup
    s.log("cup", role=role, chits=len(cup))
    if not b.stuck and not may_still_hurt(g, s, b):
        b.stuck = True
        s.log("battle-deadlocked", area=b.area)


def may_still_hurt(g: SeriesGame, s: CCState, b: Battle) -> bool:
    """Can any chit either side holds or may still draw change a unit in the battle?

    A battle ends only when one side has no unit left in it (9.5.6), and cups are refilled
    for ever (9.5.5). Every hit brings a unit nearer to leaving (depleted, then
    disorganized), so a battle goes on for ever only when no chit can land a hit any more:
    no automatic effect has a unit to fall on and every check passes even on a 10 (the
    campaign's chits, fortification chits and cards may lower checks that far). Checked
    when a cup is refilled; ``finish`` then breaks the attack off (see NOTES.md)."""
    keys: set[str] = set()
    for r in (b.attacker, b.defender):
        keys.update(b.drawn[r])
        keys.update(b.cups[r])
        keys.update(g.build_cup(s, b, r))
    for key in keys:
        c = g.data.chits[key]
        role = c.side
        if c.void_if and g.chit_condition(s, b, role, c.void_if):
            continue
        for e in c.effects:
            if e.kind == "fortify":
                continue
            target = g.other(role) if e.side == "enemy" else role
            for uid in b.units[target]:
                if not g.unit_matches(s, uid, e.filter):
                    continue
                if e.kind == "auto":
                    return True
                worst = 10 + e.mod + b.fortified.get(uid, 0) + b.mods.get(target, 0)
                worst += g.chit_check_modifier(s, b, uid, key)
                if worst > g.cohesion(s, b, uid):
                    return True
    return False


def best_tactical(g: SeriesGame, s: CCState, b: Battle, role: str) -> int:
    return max((g.tactical(s, b, u) for u in b.units[role]), default=0)


def draw(g: SeriesGame, s: CCState, b: Battle, role: str) -> None:
    n = best_tactical(g, s, b, role)
    got: list[str] = []
    fresh = False  # refilled and nothing drawable found in it yet
    while len(got) < n:
        if not b.cups[role]:
            if fresh:
                break  # a whole fresh cup was set aside: refilling again gives the same
            refill(g, s, b, role)
            if not b.cups[role]:
                break
            fresh = True
        chit = b.cups[role].pop()
        if g.chit_redraw(s, b, role, g.data.chits[chit], got):
            s.log("chit-set-aside", role=role, chit=chit)
            continue
        fresh = False
        got.append(chit)
    b.drawn[role].extend(got)
    s.reveals += 1
    s.log_private([role], "chits-drawn", role=role, chits=got)
    s.log("chits-draw", role=role, count=len(got))


def battle_actions(g: SeriesGame, s: CCState, role: str) -> list[Action]:
    b = s.battle
    assert b is not None
    if role != b.turn:
        return []
    out: list[Action] = [("chit", c) for c in sorted(set(b.drawn[role]))]
    for cid in s.hands[role]:
        c = g.data.cards[cid]
        kind_ok = c.type == "tactics" or (c.type == "attack" and role == b.attacker)
        if kind_ok and g.card_playable(s, role, c):
            out.append(("card", cid))
    return out


def apply_battle(g: SeriesGame, s: CCState, role: str, action: Action) -> None:
    b = s.battle
    assert b is not None
    if action[0] == "card":
        from warroom.games.campaign_commander.cards import play_card

        play_card(g, s, role, action[1])
        return
    chit = action[1]
    b.drawn[role].remove(chit)
    b.played.append(chit)
    b.plays += 1
    b.turn = g.other(role)
    s.reveals += 1
    c = g.data.chits[chit]
    s.log("chit", role=role, chit=chit, name=c.name.split(":", 1)[1])
    if g.chit_void(s, b, role, c):
        s.log("chit-void", role=role, chit=chit)
        return
    push_effects(g, s, b, role, c)
    from warroom.games.campaign_commander import reactions

    reactions.open_battle_window(g, s, role)  # 2.3.4: before the chit's effects


def push_effects(g: SeriesGame, s: CCState, b: Battle, role: str, c: ChitDef) -> None:
    """Queue the chit's effects: those on the defender's units first, then the attacker's."""
    tasks = []
    for e in c.effects:
        target = g.other(role) if e.side == "enemy" else role
        chooser = role if e.chooser == "player" else target
        tasks.append(("target", chooser, target, e.kind, e.mod, e.fail, e.filter, c.name))
    tasks.sort(key=lambda t: 0 if t[2] == b.defender else 1)
    for t in reversed(tasks):
        s.tasks.append(t)


def candidates(g: SeriesGame, s: CCState, task: tuple) -> list[str]:
    b = s.battle
    assert b is not None
    _, _chooser, target, kind, _mod, _fail, flt, _name = task
    out = [u for u in b.units[target] if g.unit_matches(s, u, flt)]
    if kind == "fortify":
        out = [u for u in out if u not in b.fortified]
    return out


def target_actions(g: SeriesGame, s: CCState, role: str) -> list[Action]:
    return [("target", u) for u in candidates(g, s, s.tasks[-1])]


def resolve_target(g: SeriesGame, s: CCState, uid: str) -> None:
    task = s.tasks.pop()
    _, _chooser, target, kind, mod, fail, _flt, name = task
    b = s.battle
    assert b is not None
    if kind == "fortify":
        b.fortified[uid] = mod
        s.log("fortified", unit=uid, mod=mod)
        return
    if kind == "auto":
        s.log("hit", unit=uid, result=fail, chit=name)
        result(g, s, uid, fail)
        return
    roll = s.rng.die(10)
    # each modifier with what it is for, so the log can spell the roll out
    mods: list[tuple[int, str]] = [
        (mod, name.split(":", 1)[-1]),
        (b.fortified.get(uid, 0), "field fortifications"),
        (b.mods.get(target, 0), "battle cards in play"),
        (g.chit_check_modifier(s, b, uid, name), g.check_reason(s, b, uid, name)),
    ]  # name: the chit (or card) checking
    total = roll + sum(n for n, _ in mods)
    coh = g.cohesion(s, b, uid)
    passed = total <= coh
    s.log(
        "check",
        unit=uid,
        dice=[roll % 10],
        sides=10,
        roll=roll,
        mods=[[n, why] for n, why in mods if n],
        total=total,
        cohesion=coh,
        passed=passed,
        result="" if passed else fail,
        chit=name,
    )
    if not passed:
        result(g, s, uid, fail)


def result(g: SeriesGame, s: CCState, uid: str, fail: str) -> None:
    """Apply a combat result: 'dep', 'dg' or 'depdg' (9.6.2-9.6.5)."""
    if fail in ("dep", "depdg"):
        deplete(g, s, uid)
    if fail in ("dg", "depdg") and s.units[uid].loc != DEAD:
        disorganize(g, s, uid)


def deplete(g: SeriesGame, s: CCState, uid: str) -> None:
    u = s.units[uid]
    d = g.data.units[uid]
    if u.dep:
        if d.naval and u.dg:
            destroy(g, s, uid, "depleted again while depleted and disorganized")
            return
        s.log("depleted-again", unit=uid)
        g.naval_cargo_effect(s, uid, "dep")
        disorganize(g, s, uid)
        return
    s.units[uid] = u._replace(dep=True)
    s.log("depleted", unit=uid)
    g.naval_cargo_effect(s, uid, "dep")


def disorganize(g: SeriesGame, s: CCState, uid: str) -> None:
    u = s.units[uid]
    b = s.battle
    in_battle = b is not None and any(uid in v for v in b.units.values())
    if u.dg and not in_battle:
        return  # 9.6.3.c: a second disorganization counts only in battle
    s.units[uid] = u._replace(dg=True)
    s.log("disorganized", unit=uid)
    g.naval_cargo_effect(s, uid, "dg")
    if not in_battle:
        return
    assert b is not None
    side = g.data.units[uid].side
    b.units[side].remove(uid)
    b.fortified.pop(uid, None)
    if u.iso and not g.escapes_isolation(s, uid):
        destroy(g, s, uid, "isolated and disorganized")
        return
    from warroom.games.campaign_commander import retreat

    retreat.begin(g, s, uid, b)


def destroy(g: SeriesGame, s: CCState, uid: str, why: str) -> None:
    u = s.units[uid]
    d = g.data.units[uid]
    area = u.loc
    b = s.battle
    if b is not None:
        for v in b.units.values():
            if uid in v:
                v.remove(uid)
        b.fortified.pop(uid, None)
    g.naval_cargo_effect(s, uid, "destroyed")
    s.aboard.pop(uid, None)
    s.units[uid] = u._replace(loc=DEAD, dep=False, dg=False, iso=False, inside=False)
    s.destroyed.append(uid)
    s.log("destroyed", unit=uid, area=area, why=why)
    leaders.follow(g, s, area, d.side, None)


def battle_over(g: SeriesGame, s: CCState) -> bool:
    b = s.battle
    assert b is not None
    return not b.units[b.attacker] or not b.units[b.defender] or b.stuck


def finish(g: SeriesGame, s: CCState) -> None:
    """End the battle: the winner holds the area; the attackers have acted (9.3)."""
    b = s.battle
    assert b is not None
    s.tasks.pop()
    att = b.units[b.attacker]
    dfn = b.units[b.defender]
    op = s.op
    if att and dfn:  # deadlocked: no chit can land a hit any more (see may_still_hurt)
        from warroom.games.campaign_commander import naval

        s.log("battle-broken-off", area=b.area)
        for uid in list(att):
            if g.data.units[uid].naval:
                naval.move_ship(g, s, uid, b.origin)  # with what it carries
            elif naval.is_sea(g, b.origin):  # landed from ships: back aboard them
                if not naval.reembark(g, s, uid, b.origin, op.hold if op is not None else ()):
                    destroy(g, s, uid, "no ship to take it back")
            else:
                s.units[uid] = s.units[uid]._replace(loc=b.origin)
        if g.data.map.areas[b.origin].kind == "land":
            naval.unload_in_port(g, s, [u for u in att if g.data.units[u].naval])
        att = []
    winner = b.attacker if att else b.defender
    s.log("battle-end", area=b.area, winner=winner)
    s.battle = None
    if op is not None:
        op.acted.update(op.group)
        op.acted.update(att)
        op.group = []
        if op.hold:  # the ships whose landing began this battle sail on (7.1.2)
            op.group, op.hold = op.hold, []
    if att and not b.naval:
        g.take_control(s, b.attacker, b.area)
        supply.capture(g, s, b.attacker, b.area)
    g.after_battle(s, b, winner)
    isolation.update(g, s)
