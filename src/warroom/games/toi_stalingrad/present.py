"""The campaign sheet for people and boards: the view (JSON), the terminal text, labels, log lines."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.engine import Action, Event
from warroom.games.toi_stalingrad.data import SIDES, TYPES
from warroom.games.toi_stalingrad.purchases import cost_words, parse_pay, pay_words
from warroom.games.toi_stalingrad.sheet import REPLACEMENT_WORDS, division_words

if TYPE_CHECKING:
    from warroom.games.toi_stalingrad.rules import ScenarioResult, ToiStalingrad, ToiState

PHASES = {
    "ask": "results",
    "settle": "results",
    "penalty-choice": "penalty",
    "penalty-type": "penalty",
    "table": "table",
    "halve": "table",
    "effect": "table",
    "buy": "purchases",
    "pay": "purchases",
}
ARMOR_WORDS = {
    "none": "no division",
    "div1": "division 1 only",
    "div2": "division 2 only",
    "both": "both divisions",
}


def _result_json(game: ToiStalingrad, state: ToiState, res: ScenarioResult) -> dict[str, Any]:
    scen = state.data.scenarios[res.number - 1]
    return {
        "index": res.index + 1,
        "campaign": res.campaign,
        "number": res.number,
        "id": scen.id,
        "title": scen.title,
        "roles": dict(res.roles),
        "command": {s: dict(res.command[s]) for s in SIDES},
        "scenario_cvp": {s: res.cvp.get(s) for s in SIDES},
        "initiative": res.initiative,
        "winner": res.winner,
        "tie_break": res.tie_break,
        "bonus": {s: dict(res.bonus[s]) for s in SIDES},
        "penalty": dict(res.penalty) if res.penalty else None,
        "total": {s: res.total(s) if s in res.cvp else None for s in SIDES},
    }


def sheet_scenario_index(state: ToiState) -> int | None:
    """The overall index of the scenario the sheets describe: the one being played while its
    results are entered, the next one during the Campaign Phase, None when over."""
    if not state.tasks:
        return None
    n = len(state.results)
    res = state.results[-1]
    if res.winner is None:
        return n - 1
    return n if n < state.total and res.number < 4 else None


def build_view(game: ToiStalingrad, state: ToiState, role: str | None) -> dict[str, Any]:
    task = state.tasks[0] if state.tasks else None
    res = state.current
    scen = game.scenario_of(state)
    standings = game.standings(state)
    leader = None
    if standings["german"]["cvp"] != standings["soviet"]["cvp"]:
        leader = max(standings, key=lambda r: standings[r]["cvp"])
    sheet_index = sheet_scenario_index(state)
    setup: dict[str, Any] | None = None
    if sheet_index is not None:
        nxt = game.scenario_of(state, sheet_index)
        in_phase = sheet_index != len(state.results) - 1
        setup = {
            "scenario": sheet_index + 1,
            "id": nxt.id,
            "title": nxt.title,
            "campaign": 1 if sheet_index < 4 else 2,
            "roles": {s: game.role_of(state, s, sheet_index) for s in SIDES},
            "initiative": state.next_initiative if in_phase else None,
            "sig33b": state.sig33b if in_phase else None,
            "armor": {s: list(state.armor.get(s, ())) for s in SIDES} if in_phase else None,
            "advanced_hexes": nxt.advanced_hexes,
            "objectives": [{"id": o.id, "name": o.name} for o in nxt.objectives],
            "sides": {s: state.sheets[s].to_json(s, state.data, nxt) for s in SIDES},
            "reminders": reminders(game, state, sheet_index),
        }
    return {
        "variant": state.variant,
        "scenario_count": state.total,
        "scenario": res.index + 1,
        "campaign": res.campaign,
        "number": res.number,
        "scenario_id": scen.id,
        "scenario_title": scen.title,
        "sides": {s: game.role_of(state, s) for s in SIDES},
        "you": game.side_of(state, role) if role else None,
        "phase": PHASES.get(task[0], task[0]) if task else "over",
        "task": list(task) if task else None,
        "acting_side": task[1] if task else None,
        "question": game.prompt_text(state, game.active(state)[0]) if task else None,
        "command": {s: dict(state.command[s]) for s in SIDES},
        "veteran": {s: sorted(state.veteran[s]) for s in SIDES},
        "standings": {"roles": standings, "leader": leader},
        "results": [_result_json(game, state, r) for r in state.results],
        "setup": setup,
    }


def reminders(game: ToiStalingrad, state: ToiState, index: int) -> list[str]:
    """What holds for every set-up of the campaign, in the players' words."""
    tokens = state.data.limits.starting_tokens
    out = [
        "Set up as the scenario book says, then apply the changes listed for each side.",
        f"Campaign Command cards beside the Initiative card; {tokens} command tokens on each "
        "unless listed otherwise; Recruit side up unless flipped to Veteran.",
        "Use only German and Soviet units of the Stalingrad expansion and the core game.",
        "Bought units, cards, decks and hexes last for this scenario only; Veteran flips last "
        "for the rest of the campaign.",
    ]
    if index % 4 == 0:
        out.append("First scenario of a campaign: nothing bought, every card Recruit side up.")
    return out


def render(game: ToiStalingrad, state: ToiState, role: str | None) -> str:
    v = build_view(game, state, role)
    lines: list[str] = []
    where = f"{v['scenario_title']} (scenario {v['scenario']} of {v['scenario_count']})"
    if v["phase"] in ("penalty", "table", "purchases"):
        head = f"Campaign Phase after {where}"
    elif v["phase"] == "results":
        head = f"{where}: play it, then enter its result"
    else:
        head = f"Campaign over after {where}"
    if state.variant == "switched":
        head += f", campaign {v['campaign']} of 2"
    lines.append(head)
    sides = v["sides"]
    lines.append(
        f"German side: {game.role_name(sides['german'])}; Soviet side:"
        f" {game.role_name(sides['soviet'])}."
    )
    if role is not None and state.variant == "switched":
        lines.append(
            f"You began as {side_words(role)} and play the {side_words(v['you'])} side now."
        )
    lines.append("")
    lines.append("Standings (CVP, scenarios won; as Soviet):")
    for r, row in v["standings"]["roles"].items():
        lines.append(
            f"  {'began as ' + side_words(r):15s} {row['cvp']:3d} CVP, {row['won']} won"
            + (
                f"; as Soviet {row['cvp_as_soviet']} CVP, {row['won_as_soviet']} won"
                if state.variant == "switched"
                else ""
            )
        )
    done = [r for r in v["results"] if r["winner"]]
    if done:
        lines.append("")
        lines.append(
            f"  #  {'scenario':26s} {'German':>9s} {'Soviet':>9s}  {'initiative':10s} winner"
        )
        for r in done:
            cells = []
            for side in SIDES:
                bonus = r["bonus"][side]["initiative"] + r["bonus"][side]["command"]
                cells.append(f"{r['scenario_cvp'][side]}+{bonus}={r['total'][side]}")
            tie = " (tie)" if r["tie_break"] else ""
            lines.append(
                f"  {r['index']:<2d} {r['title'][:26]:26s} {cells[0]:>9s} {cells[1]:>9s}  "
                f"{side_words(r['initiative']):10s} {side_words(r['winner'])}{tie}"
            )
        lines.append("  (CVP: scenario + bonuses = total; bonuses: initiative, halved command)")
        if state.variant == "switched" and len(done) > 4:
            lines.append(
                "  (scenarios 5-8: the German player took the Soviet side, and vice versa)"
            )
    if v["phase"] in ("penalty", "table", "purchases"):
        lines.append("")
        lines.append("Command on hand:")
        for s in SIDES:
            c = v["command"][s]
            vets = ", ".join(v["veteran"][s]) or "none"
            lines.append(
                f"  {side_words(s):7s} "
                + ", ".join(f"{c[t]} {t}" for t in TYPES)
                + f"  (veteran cards: {vets})"
            )
    setup = v["setup"]
    if setup:
        lines.append("")
        lines.append(f"Set-up changes for {setup['title']} (scenario {setup['scenario']}):")
        if setup["initiative"]:
            lines.append(
                f"  initiative: {side_words(setup['initiative'])}; siG 33b in effect: {'yes' if setup['sig33b'] else 'no'}"
            )
        for s in SIDES:
            sh = setup["sides"][s]
            vets = ", ".join(v["veteran"][s])
            lines.append(f"  {s.capitalize()} ({game.role_name(setup['roles'][s])}):")
            if vets:
                lines.append(f"    - Veteran side up: {vets} card(s).")
            for line in sh["lines"] or ["As printed in the scenario set-up."]:
                lines.append(f"    - {line}")
        if v["phase"] == "results":
            lines.append("  Always:")
            for line in setup["reminders"]:
                lines.append(f"    - {line}")
    out = state and game.outcome(state)
    if out:
        lines.append("")
        lines.append(out.summary)
    return "\n".join(lines)


def label(game: ToiStalingrad, state: ToiState, action: Action) -> str:
    kind = action[0]
    if kind == "command":
        return f"{action[2]} {action[1]} command"
    if kind == "cvp":
        return f"{action[1]} CVP"
    if kind in ("initiative", "next-initiative"):
        return f"the {side_words(action[1])} side"
    if kind == "sig33b":
        return "yes, siG 33b is in effect" if action[1] == "yes" else "no"
    if kind == "armor":
        return ARMOR_WORDS[action[1]]
    if kind == "penalty":
        return (
            "lose one command of each type"
            if action[1] == "one-each"
            else "lose two of one type (opponent picks)"
        )
    if kind == "penalty-type":
        return f"two {action[1]}"
    if kind == "halve":
        return "halve it for +1 CVP"
    if kind == "keep":
        return "keep it: take the 6-9 effect"
    if kind == "replace":
        return REPLACEMENT_WORDS[action[1]]
    if kind == "advanced":
        return division_words(action[1])
    if kind == "objective":
        names = {o.id: o.name for s in state.data.scenarios for o in s.objectives}
        return str(names.get(action[1], action[1]))
    if kind == "done":
        return "done buying (unspent command is lost)"
    if kind == "buy":
        item = state.data.items[action[1]]
        side = game.acting_side(state) or "german"
        what = item.unit(side) if item.kind == "armor" else item.name
        target = action[2]
        if target in ("div1", "div2"):
            what += f" for {division_words(target)}"
        elif item.kind == "veteran":
            what += f": {target} card"
        elif target != "-":
            what += f" ({target_words(game, target)})"
        if len(action) > 3:
            pay = parse_pay(action[3])
            return f"{what}, pay {pay_words(pay) if pay else action[3]}"
        return f"{what} ({cost_words(item)})"
    if kind == "pay":
        pay = parse_pay(action[1])
        return f"pay {pay_words(pay) if pay else action[1]}"
    return " ".join(str(p) for p in action)


ENTERED_WORDS = {
    "next-initiative": "who starts with the initiative",
    "initiative": "who held the initiative",
    "sig33b": "whether siG 33b is in effect",
    "armor": "which divisions start with armor",
    "ammunition": "ammunition command left",
    "morale": "morale command left",
    "supply": "supply command left",
    "cvp": "CVP scored",
}
EFFECT_WORDS = {
    "none": "no further effect",
    "unarmed": "the card starts with no tokens and a squad gets an unarmed restriction",
    "starving": "the card starts with no tokens and a squad gets a starving restriction",
    "elite-cut": "the card starts with no tokens and two elite infantry become regular",
    "no-advanced-hexes": "the next scenario has no advanced deployment hexes, so no effect",
}


def side_words(side: str) -> str:
    return side.capitalize()


def _value_words(game: ToiStalingrad, what: str, value: Any) -> str:
    if what in ("next-initiative", "initiative") and isinstance(value, str):
        return f"the {side_words(value)} side"
    if what == "armor":
        return ARMOR_WORDS.get(str(value), str(value))
    return str(value)


def _choice_words(game: ToiStalingrad, effect: str, choice: str) -> str:
    if effect == "replace-infantry":
        return f"two regular infantry become {REPLACEMENT_WORDS.get(choice, choice)}"
    if effect == "advanced-division":
        return f"{division_words(choice)} may also use the advanced deployment hexes"
    if effect == "objective":
        names = {o.id: o.name for s in game.data.scenarios for o in s.objectives}
        return f"{names.get(choice, choice)} is worth 1 more"
    return choice.replace("-", " ")


def target_words(game: ToiStalingrad, target: str) -> str:
    """What a purchase is for: a division, a card type or a weapon, in words."""
    if target in ("div1", "div2"):
        return division_words(target)
    return target.replace("-", " ")


def describe(game: ToiStalingrad, e: Event) -> str:
    k = e["kind"]
    who = side_words(e["side"]) if isinstance(e.get("side"), str) else ""
    if k == "scenario-begins":
        title = str(e["title"])
        return f"{title} begins (campaign {e['campaign']}, scenario {e['number']} of 4)"
    if k == "entered":
        about = f" for scenario {e['scenario']}" if "scenario" in e else ""
        what = ENTERED_WORDS.get(e["what"], str(e["what"]).replace("-", " "))
        return f"The {who} side entered {what}{about}: {_value_words(game, e['what'], e['value'])}"
    if k == "scenario-result":
        tie = " (CVP tied: the initiative holder wins)" if e["tie_break"] else ""
        return (
            f"Scenario {e['scenario']}: German {e['german']} CVP, Soviet {e['soviet']} CVP;"
            f" the {side_words(e['winner'])} side wins{tie}."
        )
    if k == "initiative-bonus":
        return f"The {who} side won holding the initiative: +1 CVP."
    if k == "penalty-waived":
        return f"The {who} side lost but held the initiative: no command penalty."
    if k == "penalty":
        lost = ", ".join(f"{n} {t}" for t, n in e["lost"].items())
        return f"The {who} side pays the loser's penalty: loses {lost or 'nothing (none left)'}."
    if k == "halved":
        return (
            f"The {who} side halves its {e['command']} {e['type']} command to {e['left']}"
            " for +1 CVP."
        )
    if k == "kept":
        return f"The {who} side keeps {e['command']} {e['type']} command and takes the 6-9 effect."
    if k == "table":
        effect = str(e["effect"])
        if "choice" in e:
            what = _choice_words(game, effect, str(e["choice"]))
        else:
            what = EFFECT_WORDS.get(effect, effect.replace("-", " "))
        return (
            f"The {who} side's {e['command']} {e['type']} command, row {e['row']}: {what};"
            f" {e['left']} left to spend."
        )
    if k == "bought":
        item = game.data.items[e["item"]]
        what = item.unit(e["side"]) if item.kind == "armor" else item.name
        target = f" ({target_words(game, e['target'])})" if e["target"] != "-" else ""
        pay = parse_pay(e["pay"])
        return f"The {who} side buys {what}{target} for {pay_words(pay) if pay else e['pay']}."
    if k == "purchases-done":
        lost = ", ".join(f"{n} {t}" for t, n in e["lost"].items())
        return f"The {who} side is done buying" + (
            f"; unspent command lost: {lost}." if lost else "."
        )
    if k == "campaign-ends":
        return f"Campaign {e['campaign']} ends: German side {e['german']} CVP, Soviet side {e['soviet']} CVP."
    if k == "game-ends":
        return str(e["summary"])
    return k.replace("-", " ").capitalize()
