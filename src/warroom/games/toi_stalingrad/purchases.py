"""The Resource Acquisitions Table: what a side may buy now, and why not when it may not.

One function, ``problem``, holds every restriction; the legal purchases are the
candidates it finds nothing wrong with, and ``explain_illegal`` reports what it says.
A purchase is ("buy", item, target, payment): target is a division ("div1"/"div2"), a
command type (Veteran flips), a weapon ("machine-gun"/"mortar") or "-"; payment is the
command spent, e.g. "s1", "a1m1s2" (types in the order a, m, s). Players choose it in two
steps (``grouped``): ("buy", item, target), then ("pay", payment) when there is more than
one way to pay, so a prompt lists each purchase once, not once per way of paying.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache

from warroom.engine import Action
from warroom.games.toi_stalingrad.data import TYPES, CampaignData, Item, Scenario
from warroom.games.toi_stalingrad.sheet import HOLES, SideSheet, division_words

Pay = tuple[int, int, int]
_PAY = re.compile(r"^(?:a(\d+))?(?:m(\d+))?(?:s(\d+))?$")
LETTER = dict(zip(TYPES, "ams", strict=True))


@cache
def pay_str(pay: Pay) -> str:
    return "".join(f"{c}{n}" for c, n in zip("ams", pay, strict=True) if n) or "free"


def parse_pay(text: object) -> Pay | None:
    if not isinstance(text, str) or not text:
        return None
    m = _PAY.match(text)
    if not m:
        return None
    return (int(m.group(1) or 0), int(m.group(2) or 0), int(m.group(3) or 0))


def pay_words(pay: Pay) -> str:
    parts = [f"{n} {kind}" for kind, n in zip(TYPES, pay, strict=True) if n]
    return " + ".join(parts) or "nothing"


def cost_words(item: Item) -> str:
    parts = [f"{n} {kind}" for kind, n in zip(TYPES, item.cost.fixed, strict=True) if n]
    if item.cost.any:
        parts.append(f"{item.cost.any} command of any type{'s' if item.cost.any > 1 else ''}")
    return " + ".join(parts)


def payments(item: Item, target: str) -> Iterator[Pay]:
    """Every way of paying for ``item`` (affordable or not), in a stable order."""
    if item.kind == "veteran":
        yield tuple(1 if kind == target else 0 for kind in TYPES)  # type: ignore[misc]
        return
    a, m, s = item.cost.fixed
    k = item.cost.any
    for x in range(k + 1):
        for y in range(k + 1 - x):
            yield (a + x, m + y, s + k - x - y)


@cache
def _payment_list(data: CampaignData, item_id: str, target: str) -> tuple[Pay, ...]:
    return tuple(payments(data.items[item_id], target))


def all_payments(data: CampaignData, item_id: object, target: object) -> tuple[Pay, ...]:
    """Every way of paying for a purchase (none for an unknown item or target)."""
    if not isinstance(item_id, str) or item_id not in data.items:
        return ()
    if not isinstance(target, str) or target not in data.items[item_id].targets:
        return ()
    return _payment_list(data, item_id, target)


def grouped(buys: list[Action]) -> list[Action]:
    """The purchases of ``legal_buys`` without their payments, each once, in table order."""
    return list(dict.fromkeys(a[:3] for a in buys))


def fill_capacity(a: int, m: int, s: int) -> int:
    """The most squad-base holes this command can fill with figures (each count below it too).

    Ammunition buys heavy weapons (2 per figure), morale officers (2 per figure); each 2
    supply buys two regular infantry (2 holes) or one elite (1 hole).
    """
    return a // 2 + m // 2 + 2 * (s // 2)


@dataclass(frozen=True, slots=True)
class Buyer:
    """What the restrictions need to know about the side that is buying."""

    side: str
    command: Mapping[str, int]
    sheet: SideSheet
    veteran: frozenset[str]
    scenario: Scenario
    """The next scenario (the one the purchases are for)."""
    armor: tuple[str, ...]
    """The divisions of this side that start the next scenario with armor."""
    sig33b: bool


def problem(data: CampaignData, buyer: Buyer, action: Action) -> str | None:
    """Why this purchase is refused now, or None if it is allowed."""
    if len(action) != 4 or action[0] != "buy":
        return None if action == ("done",) else "not a purchase"
    _, item_id, target, pay_text = action
    item = data.items.get(item_id) if isinstance(item_id, str) else None
    if item is None:
        return f"there is no purchase {item_id!r} on the Resource Acquisitions Table"
    if target not in item.targets:
        return f"{item.name} is bought for one of: {', '.join(item.targets)} (not {target!r})"
    pay = parse_pay(pay_text)
    if pay is None:
        return f"{pay_text!r} is not a payment (write it like 'a2', 's1' or 'a1m1s2')"
    if item.kind == "veteran":
        if pay != next(payments(item, target)):
            return (
                f"a Veteran flip of the {target} card must be paid with exactly 1 {target} "
                f"command (not {pay_words(pay)})"
            )
    elif pay not in set(payments(item, target)):
        return f"{item.name} costs {cost_words(item)}, not {pay_words(pay)}"
    holes = buyer.sheet.holes_left()
    if holes and item.kind != "figure":
        div = division_words(buyer.sheet.bases[-1][0])
        return (
            f"first fill the new squad base of {div}: {holes} of its {HOLES} holes are "
            "still empty, and a base is bought only with all four holes filled"
        )
    why = _rule_problem(buyer, item, target)
    if why:
        return why
    have = tuple(buyer.command[kind] for kind in TYPES)
    for kind, need, got in zip(TYPES, pay, have, strict=True):
        if need > got:
            return f"you have only {got} {kind} command left (this needs {need})"
    left: Pay = (have[0] - pay[0], have[1] - pay[1], have[2] - pay[2])
    return _fill_problem(buyer, item, left)


def _rule_problem(buyer: Buyer, item: Item, target: str) -> str | None:
    """The restrictions of the table that do not depend on the command left."""
    sheet = buyer.sheet
    kind = item.kind
    if kind == "veteran":
        if target in buyer.veteran:
            return f"your {target} card is already on its Veteran side (flips are permanent)"
    elif kind == "hex":
        if buyer.scenario.number < 2:
            return "advanced deployment hexes can be bought from the second scenario on"
        if buyer.scenario.advanced_hexes == 0:
            return "the next scenario has no advanced deployment hexes"
        if target in sheet.advanced_divisions:
            return f"{division_words(target)} may already use every advanced deployment hex"
        if sheet.hexes[target] >= buyer.scenario.advanced_hexes:
            n = buyer.scenario.advanced_hexes
            return f"the next scenario has {n} advanced deployment hexes and {division_words(target)} has bought all of them"
    elif kind == "base":
        if sheet.bases and sheet.bases[-1][0] == target:
            other = "div2" if target == "div1" else "div1"
            return (
                f"bases alternate between the divisions: the last one went to "
                f"{division_words(target)}, so the next goes to {division_words(other)}"
            )
    elif kind == "figure":
        holes = sheet.holes_left()
        if holes == 0:
            return "figures go into a squad base bought in this Campaign Phase: buy a base first"
        if item.holes > holes:
            return f"the new base has only {holes} empty hole{'s' if holes > 1 else ''}; {item.name.lower()} need {item.holes}"
    elif kind == "remove-unarmed":
        # the scenario's own restrictions; the one the 0-2 row places is that row's penalty and
        # is not bought back (see NOTES.md, row 0-2)
        own = getattr(buyer.scenario.unarmed, buyer.side, 0)
        if own == 0:
            table = " (the one the 0-2 row placed cannot be bought back)" if sheet.unarmed else ""
            return f"the next scenario places no unarmed restriction on your squads{table}"
        if sheet.unarmed_removed >= own:
            return "every unarmed restriction of the next scenario is already removed"
    elif kind == "armor":
        if target not in buyer.armor:
            return (
                f"{division_words(target)} does not start the next scenario with armor, "
                "so no armor may be bought for it"
            )
        if item.barred_by_sig33b and buyer.side == "german" and buyer.sig33b:
            return (
                f"the siG 33b Operations card is in effect in the next scenario: "
                f"the German player may not buy a {item.unit('german')}"
            )
    elif kind == "card":
        if sheet.cards >= item.limit:
            return f"at most {item.limit} extra starting cards may be bought"
    elif kind == "deck" and item.id in sheet.decks:
        return f"{item.name.lower().removeprefix('unlock ')} is already unlocked"
    return None


def _fill_problem(buyer: Buyer, item: Item, left: Pay) -> str | None:
    """A new base must end with all four holes filled by figures bought now."""
    if item.kind == "base":
        cap = fill_capacity(*left)
        if cap < HOLES:
            return (
                f"all four holes of a new base must be filled with figures bought now; the "
                f"command left after the base ({pay_words(left)}) fills only {cap}"
            )
    elif item.kind == "figure":
        rest = buyer.sheet.holes_left() - item.holes
        if fill_capacity(*left) < rest:
            return (
                f"the base's other {rest} hole{'s' if rest > 1 else ''} could not be filled "
                f"with the command left ({pay_words(left)})"
            )
    return None


def legal_buys(data: CampaignData, buyer: Buyer) -> list[Action]:
    """Every purchase allowed now, in table order: exactly the candidates ``problem`` passes,
    found without re-parsing each one (this is the widest prompt of the game)."""
    out: list[Action] = []
    have = (buyer.command["ammunition"], buyer.command["morale"], buyer.command["supply"])
    filling = buyer.sheet.holes_left() > 0
    for item in data.items.values():
        if filling and item.kind != "figure":
            continue
        for target in item.targets:
            if _rule_problem(buyer, item, target) is not None:
                continue
            for pay in _payment_list(data, item.id, target):
                if pay[0] > have[0] or pay[1] > have[1] or pay[2] > have[2]:
                    continue
                left: Pay = (have[0] - pay[0], have[1] - pay[1], have[2] - pay[2])
                if _fill_problem(buyer, item, left) is None:
                    out.append(("buy", item.id, target, pay_str(pay)))
    return out


def apply_buy(data: CampaignData, sheet: SideSheet, veteran: set[str], action: Action) -> None:
    """Record an allowed purchase on the sheet (payment is taken by the caller)."""
    _, item_id, target, _pay = action
    item = data.items[item_id]
    kind = item.kind
    if kind == "veteran":
        veteran.add(target)
    elif kind == "hex":
        sheet.hexes[target] += 1
    elif kind == "base":
        sheet.bases.append((target, ()))
    elif kind == "figure":
        sheet.add_figures(tuple(item.figures) if item.figures else (target,))
    elif kind == "specialization":
        sheet.specializations.append(item.id)
    elif kind == "remove-unarmed":
        sheet.unarmed_removed += 1
    elif kind == "armor":
        sheet.armor.append((target, item.id))
    elif kind == "card":
        sheet.cards += 1
    elif kind == "deck":
        sheet.decks.append(item.id)
