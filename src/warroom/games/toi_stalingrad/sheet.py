"""One side's set-up sheet for the next scenario: everything that differs from the printed set-up.

The Campaign Phase fills it (table effects, purchases); the view and the terminal
print it; it is reset when the next scenario's results come in.
"""

from __future__ import annotations

from typing import Any

from warroom.games.toi_stalingrad.data import DIVISIONS, TYPES, CampaignData, Scenario

HOLES = 4
"""Holes of a squad base."""

FIGURE_WORDS = {
    "regular": "regular infantry",
    "elite": "elite infantry",
    "officer": "officer",
    "machine-gun": "machine gun figure",
    "mortar": "mortar figure",
}
REPLACEMENT_WORDS = {
    "mg-crew": "an MG crew",
    "mortar-crew": "a mortar crew",
    "two-elites": "two elite infantry",
}


def division_words(div: str) -> str:
    return "division " + div[-1]


class SideSheet:
    """What one side sets up differently in the next scenario."""

    __slots__ = (
        "advanced_divisions",
        "armor",
        "bases",
        "cards",
        "decks",
        "elite_cut",
        "hexes",
        "objectives",
        "replacements",
        "specializations",
        "starving",
        "tokens",
        "unarmed",
        "unarmed_removed",
    )

    def __init__(self, starting_tokens: int) -> None:
        self.tokens = dict.fromkeys(TYPES, starting_tokens)
        self.unarmed = 0
        """Unarmed restrictions the Campaign Phase Table placed (row 0-2)."""
        self.unarmed_removed = 0
        """The next scenario's own unarmed restrictions bought off."""
        self.starving = 0
        self.elite_cut = 0
        self.replacements: list[str] = []
        self.advanced_divisions: list[str] = []
        self.hexes = dict.fromkeys(DIVISIONS, 0)
        self.bases: list[tuple[str, tuple[str, ...]]] = []
        self.armor: list[tuple[str, str]] = []
        self.specializations: list[str] = []
        self.cards = 0
        self.decks: list[str] = []
        self.objectives: list[str] = []

    def copy(self) -> SideSheet:
        new = SideSheet.__new__(SideSheet)
        new.tokens = dict(self.tokens)
        new.unarmed = self.unarmed
        new.unarmed_removed = self.unarmed_removed
        new.starving = self.starving
        new.elite_cut = self.elite_cut
        new.replacements = list(self.replacements)
        new.advanced_divisions = list(self.advanced_divisions)
        new.hexes = dict(self.hexes)
        new.bases = list(self.bases)
        new.armor = list(self.armor)
        new.specializations = list(self.specializations)
        new.cards = self.cards
        new.decks = list(self.decks)
        new.objectives = list(self.objectives)
        return new

    # ----- squad bases ---------------------------------------------------------------------
    def open_base(self) -> tuple[str, tuple[str, ...]] | None:
        """The base bought this phase whose holes are not all filled yet, if any."""
        if self.bases and len(self.bases[-1][1]) < HOLES:
            return self.bases[-1]
        return None

    def holes_left(self) -> int:
        base = self.open_base()
        return HOLES - len(base[1]) if base else 0

    def add_figures(self, figures: tuple[str, ...]) -> None:
        div, held = self.bases[-1]
        self.bases[-1] = (div, held + figures)

    # ----- output --------------------------------------------------------------------------
    def unarmed_left(self, side: str, scenario: Scenario) -> int:
        """Unarmed restrictions in the next scenario: its own and the table's, less bought off."""
        return getattr(scenario.unarmed, side, 0) + self.unarmed - self.unarmed_removed

    def to_json(self, side: str, data: CampaignData, scenario: Scenario) -> dict[str, Any]:
        objective_names = {o.id: o.name for o in scenario.objectives}
        return {
            "command_tokens": dict(self.tokens),
            "restrictions": {
                "unarmed": self.unarmed_left(side, scenario),
                "starving": self.starving,
            },
            "scenario_unarmed": getattr(scenario.unarmed, side, 0),
            "unarmed_removed": self.unarmed_removed,
            "elite_to_regular": self.elite_cut,
            "replacements": list(self.replacements),
            "advanced_divisions": list(self.advanced_divisions),
            "advanced_hexes": dict(self.hexes),
            "bases": [
                {"division": div, "figures": list(figs), "complete": len(figs) == HOLES}
                for div, figs in self.bases
            ],
            "armor": [
                {"division": div, "item": item, "unit": data.items[item].unit(side)}
                for div, item in self.armor
            ],
            "specializations": list(self.specializations),
            "starting_cards": self.cards,
            "decks": list(self.decks),
            "objectives": [
                {"objective": o, "name": objective_names.get(o, o), "increase": 1}
                for o in self.objectives
            ],
            "lines": self.lines(side, data, scenario),
        }

    def lines(self, side: str, data: CampaignData, scenario: Scenario) -> list[str]:
        """The sheet as sentences for the table, in set-up order."""
        out: list[str] = []
        start = data.limits.starting_tokens
        for kind in TYPES:
            if self.tokens[kind] != start:
                out.append(
                    f"{kind.capitalize()} Campaign Command card starts with "
                    f"{self.tokens[kind]} command tokens (not {start})."
                )
        if self.elite_cut:
            out.append(
                f"Replace {self.elite_cut} of your starting elite infantry with regular infantry "
                "(as far as you can)."
            )
        for rep in self.replacements:
            out.append(
                f"Take two regular infantry out of your starting forces and put in "
                f"{REPLACEMENT_WORDS.get(rep, rep)}."
            )
        if self.unarmed:
            out.append("Place an unarmed restriction on one of your squads (row 0-2).")
        if self.unarmed_removed:
            n = self.unarmed_removed
            out.append(
                f"{n} of the scenario's own unarmed restriction{'s' if n > 1 else ''} bought off: "
                "leave it out."
            )
        if self.starving:
            out.append("Place a starving restriction on one of your squads.")
        for div in self.advanced_divisions:
            out.append(
                f"{division_words(div).capitalize()} may also set up in every advanced deployment hex."
            )
        for div in DIVISIONS:
            if self.hexes[div]:
                n = self.hexes[div]
                out.append(
                    f"{division_words(div).capitalize()} may set up in {n} advanced deployment "
                    f"hex{'es' if n > 1 else ''} of your choice (mark them)."
                )
        for div, figs in self.bases:
            names = ", ".join(FIGURE_WORDS.get(f, f) for f in figs) or "no figures yet"
            open_ = (
                "" if len(figs) == HOLES else f" (being filled: {HOLES - len(figs)} holes empty)"
            )
            out.append(f"New squad base for {division_words(div)}: {names}{open_}.")
        for div, item in self.armor:
            out.append(f"Add a {data.items[item].unit(side)} to {division_words(div)}.")
        for spec in self.specializations:
            out.append(f"Add one {data.items[spec].name.lower()} token to a squad of your choice.")
        if self.cards:
            out.append(
                f"Draw {self.cards} extra starting card{'s' if self.cards > 1 else ''} "
                "from your available decks."
            )
        for deck in self.decks:
            out.append(
                f"Unlocked for this scenario: {data.items[deck].name.lower().removeprefix('unlock ')}."
            )
        objective_names = {o.id: o.name for o in scenario.objectives}
        for obj in self.objectives:
            out.append(f"Objective {objective_names.get(obj, obj)} is worth 1 more.")
        return out
