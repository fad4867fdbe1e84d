"""Tide of Iron: Stalingrad campaign tracker. The scenarios are played on the table;
this module runs the Campaign Phase between them.

The sequence reads like the rulebook. After each scenario:

1. results: each side enters its command left (ammunition, morale, supply) and its
   scenario CVP; the German side enters who held the initiative at the end of the
   Status Phase and the facts of the next scenario's set-up that the purchases need
   (who starts with the initiative, siG 33b), and each side which of its divisions
   start with armor;
2. settle: the winner (most CVP, a tie to the initiative holder), the initiative
   bonus, the loser's penalty (unless the loser held the initiative);
3. the Campaign Phase Table, type by type, side by side (next initiative first);
4. purchases on the Resource Acquisitions Table, the next initiative holder first;
   unspent command is lost.

After the last scenario of a campaign only the CVP and the initiative are entered.
Work is a queue of tasks; automatic tasks run at once, the first decision task
names the active side. In the ``switched`` variant the role ``german`` is the player
who takes the Germans in the first campaign (and the Soviets in the second).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from warroom.engine import (
    Action,
    BadOption,
    Game,
    GameDataError,
    OptionSpec,
    OptionValue,
    Outcome,
    Rng,
    ScenarioSpec,
    Seed,
    State,
)
from warroom.games.toi_stalingrad import purchases as buying
from warroom.games.toi_stalingrad.data import (
    DIVISIONS,
    SIDES,
    TYPES,
    CampaignData,
    Row,
    Scenario,
    load,
    load_campaign_text,
)
from warroom.games.toi_stalingrad.sheet import REPLACEMENT_WORDS, SideSheet, division_words

Task = tuple[str, ...]

ARMOR_CHOICES = {"none": (), "div1": ("div1",), "div2": ("div2",), "both": ("div1", "div2")}
REPLACEMENTS = tuple(REPLACEMENT_WORDS)
DECISIONS = frozenset({"ask", "penalty-choice", "penalty-type", "halve", "effect", "buy", "pay"})
FACTS = ("next-initiative", "sig33b", "armor")
"""Facts of a scenario's printed set-up: asked once per campaign (see ``_facts_tasks``)."""


def other(side: str) -> str:
    return "soviet" if side == "german" else "german"


class ScenarioResult:
    """One scenario of the campaign: what was entered and what the Campaign Phase made of it."""

    __slots__ = (
        "bonus",
        "campaign",
        "command",
        "cvp",
        "index",
        "initiative",
        "number",
        "penalty",
        "roles",
        "tie_break",
        "winner",
    )

    def __init__(self, index: int, campaign: int, number: int, roles: dict[str, str]) -> None:
        self.index = index
        self.campaign = campaign
        self.number = number
        self.roles = roles  # side -> role playing it (shared, never changed)
        self.command: dict[str, dict[str, int]] = {s: {} for s in SIDES}
        self.cvp: dict[str, int] = {}
        self.initiative: str | None = None
        self.winner: str | None = None
        self.tie_break = False
        self.bonus: dict[str, dict[str, int]] = {s: {"initiative": 0, "command": 0} for s in SIDES}
        self.penalty: dict[str, Any] | None = None

    def copy(self) -> ScenarioResult:
        new = ScenarioResult.__new__(ScenarioResult)
        new.index, new.campaign, new.number, new.roles = (
            self.index,
            self.campaign,
            self.number,
            self.roles,
        )
        new.command = {s: dict(c) for s, c in self.command.items()}
        new.cvp = dict(self.cvp)
        new.initiative = self.initiative
        new.winner = self.winner
        new.tie_break = self.tie_break
        new.bonus = {s: dict(b) for s, b in self.bonus.items()}
        new.penalty = dict(self.penalty) if self.penalty is not None else None
        return new

    def total(self, side: str) -> int:
        if side not in self.cvp:
            return 0
        b = self.bonus[side]
        return self.cvp[side] + b["initiative"] + b["command"]


class ToiState(State):
    __slots__ = (
        "armor",
        "command",
        "data",
        "facts",
        "forfeit_low",
        "next_initiative",
        "results",
        "sheets",
        "sig33b",
        "tasks",
        "total",
        "variant",
        "veteran",
    )

    def __init__(self, rng: Rng, variant: str, total: int) -> None:
        super().__init__(rng)
        self.variant = variant
        self.total = total
        self.results: list[ScenarioResult] = []
        self.tasks: tuple[Task, ...] = ()
        self.command: dict[str, dict[str, int]] = {s: dict.fromkeys(TYPES, 0) for s in SIDES}
        self.sheets: dict[str, SideSheet] = {}
        self.veteran: dict[str, frozenset[str]] = {s: frozenset() for s in SIDES}
        self.next_initiative: str | None = None
        self.armor: dict[str, tuple[str, ...]] = {}
        self.sig33b: bool | None = None
        self.forfeit_low = False
        """Option forfeit-0-2: the 0-2 rows take away the command left (not the tokens)."""
        self.data: CampaignData = load()
        """The campaign's data: the game's own, or a player's campaign file (option)."""
        self.facts: dict[int, dict[str, Any]] = {}
        """Scenario number -> its set-up facts as entered (next-initiative, sig33b, armor)."""

    @property
    def current(self) -> ScenarioResult:
        return self.results[-1]

    @property
    def over(self) -> bool:
        return not self.tasks


class ToiStalingrad(Game[ToiState]):
    id = "toi-stalingrad"
    title = "Tide of Iron: Stalingrad campaign"
    version = "3"
    roles = ("german", "soviet")
    scenarios = (
        ScenarioSpec(
            "campaign",
            "Campaign of four scenarios",
            "The four Stalingrad scenarios with a Campaign Phase between them; a tie goes to the Soviets.",
        ),
        ScenarioSpec(
            "switched",
            "Two campaigns, sides switched",
            "Eight scenarios: the campaign twice, each player taking each side once; "
            "the role names the side its player takes first.",
        ),
    )
    options = (
        OptionSpec(
            "forfeit-0-2",
            False,
            "read row 0-2 of the Campaign Phase Table as taking away the 0-2 command left "
            "(the card keeps its usual tokens); by default the card starts with 0 tokens and "
            "the command left may still be spent (see NOTES.md)",
            label="Row 0-2 takes away the command left",
        ),
        OptionSpec(
            "campaign",
            "",
            "a TOML file with the scenarios' titles, objectives, hexes and set-up facts, "
            "as in data/campaign.toml; empty: ours",
            file=".toml",
            label="Your own campaign file",
        ),
    )
    chance = False
    hidden_information = False
    simultaneous = False
    max_steps = 10_000
    people_only = True
    """The web server seats people only (hot-seat or two seats): the scenarios are played on
    the table, and a computer seat could only invent their results. Agents still play it in
    simulations and tests (``warroom simulate``, ``warroom evaluate``)."""

    def __init__(self, data: CampaignData | None = None) -> None:
        self._data = data

    @property
    def data(self) -> CampaignData:
        if self._data is None:
            self._data = load()
        return self._data

    # ----- set-up ---------------------------------------------------------------------------
    def campaign_data(self, options: Mapping[str, OptionValue]) -> CampaignData:
        """The data a match plays with: a player's campaign file when the option holds one."""
        text = str(options.get("campaign", "") or "")
        if not text.strip():
            return self.data
        try:
            return load_campaign_text(text)
        except GameDataError as exc:
            raise BadOption(f"option 'campaign': {exc}") from None

    def check_options(self, scenario: str, options: Mapping[str, OptionValue]) -> None:
        self.campaign_data(options)

    def setup(self, scenario: str, options: Mapping[str, OptionValue], seed: Seed) -> ToiState:
        state = ToiState(Rng.for_seed(seed), scenario, 8 if scenario == "switched" else 4)
        state.forfeit_low = bool(options.get("forfeit-0-2", False))
        state.data = self.campaign_data(options)
        self._begin_scenario(state, 0)
        return state

    def scenario_of(self, state: ToiState, index: int | None = None) -> Scenario:
        """The printed scenario at an overall index (default: the one being played)."""
        i = len(state.results) - 1 if index is None else index
        return state.data.scenarios[i % 4]

    def role_of(self, state: ToiState, side: str, index: int | None = None) -> str:
        """The role playing ``side`` in the scenario at ``index`` (default: now)."""
        i = len(state.results) - 1 if index is None else index
        return side if i < 4 else other(side)

    def side_of(self, state: ToiState, role: str) -> str:
        return self.role_of(state, role)  # the mapping is its own inverse

    def _begin_scenario(self, state: ToiState, index: int) -> None:
        campaign = 1 if index < 4 else 2
        number = index % 4 + 1
        if number == 1:  # a new campaign: recruit-side cards, nothing bought
            state.veteran = {s: frozenset() for s in SIDES}
            state.sheets = {s: SideSheet(state.data.limits.starting_tokens) for s in SIDES}
        roles = {s: self.role_of(state, s, index) for s in SIDES}
        state.results.append(ScenarioResult(index, campaign, number, roles))
        final = number == 4
        asks: list[Task] = []
        if index == 0:
            asks += self._facts_tasks()
        if not final:
            for side in SIDES:
                asks += [("ask", side, kind) for kind in TYPES]
                asks.append(("ask", side, "cvp"))
            asks.append(("ask", "german", "initiative"))
        else:
            asks += [
                ("ask", "german", "cvp"),
                ("ask", "soviet", "cvp"),
                ("ask", "german", "initiative"),
            ]
        state.tasks = (*asks, ("settle",))
        state.log(
            "scenario-begins",
            scenario=index + 1,
            campaign=campaign,
            number=number,
            title=self.scenario_of(state, index).title,
        )

    @staticmethod
    def _facts_tasks() -> list[Task]:
        """The printed set-up facts the Campaign Phases need, for scenarios 2-4: who starts
        with the initiative, whether the siG 33b card is in effect, which divisions of each
        side start with armor. They cannot change during a campaign (and are the same in the
        second campaign of the switched variant: the same scenario book), so they are asked
        once, before the first result."""
        out: list[Task] = []
        for number in ("2", "3", "4"):
            out += [
                ("ask", "german", "next-initiative", number),
                ("ask", "german", "sig33b", number),
                ("ask", "german", "armor", number),
                ("ask", "soviet", "armor", number),
            ]
        return out

    # ----- the task queue -------------------------------------------------------------------
    def _advance(self, state: ToiState) -> None:
        while state.tasks:
            task = state.tasks[0]
            if task[0] == "buy" and not buying.legal_buys(state.data, self.buyer(state, task[1])):
                self._apply_buy(state, task[1], ("done",))  # nothing affordable: no question
                continue
            if task[0] in DECISIONS:
                return
            state.tasks = state.tasks[1:]
            self._run(state, task)

    def _push(self, state: ToiState, *tasks: Task) -> None:
        state.tasks = (*tasks, *state.tasks)

    def _run(self, state: ToiState, task: Task) -> None:
        kind = task[0]
        if kind == "settle":
            self._settle(state)
        elif kind == "table":
            self._table(state, task[1], task[2], len(task) > 3)
        elif kind == "next":
            self._begin_scenario(state, len(state.results))
        elif kind == "close":
            self._close_campaign(state)
        else:  # pragma: no cover - a task kind with no rule is a bug
            raise AssertionError(f"unknown task {task!r}")

    def _settle(self, state: ToiState) -> None:
        res = state.current
        init = res.initiative
        assert init is not None
        g, s = res.cvp["german"], res.cvp["soviet"]
        if g == s:
            winner, res.tie_break = init, True
        else:
            winner = "german" if g > s else "soviet"
        res.winner = winner
        loser = other(winner)
        state.log(
            "scenario-result",
            scenario=res.index + 1,
            winner=winner,
            german=g,
            soviet=s,
            initiative=init,
            tie_break=res.tie_break,
        )
        if init == winner:
            res.bonus[winner]["initiative"] = 1
            state.log("initiative-bonus", side=winner, cvp=1)
        final = res.number == 4
        if final:
            state.tasks = (("close",),)
            return
        state.command = {side: dict(res.command[side]) for side in SIDES}
        state.sheets = {side: SideSheet(state.data.limits.starting_tokens) for side in SIDES}
        facts = state.facts.get(res.number + 1, {})
        state.next_initiative = facts.get("next-initiative")
        state.sig33b = facts.get("sig33b")
        state.armor = dict(facts.get("armor", {}))
        first = state.next_initiative or "german"
        order = (first, other(first))
        tasks: list[Task] = []
        if init == loser:
            res.penalty = {"side": loser, "choice": "waived", "type": None, "lost": {}}
            state.log("penalty-waived", side=loser)
        else:
            res.penalty = {"side": loser, "choice": None, "type": None, "lost": {}}
            tasks.append(("penalty-choice", loser))
        tasks += [("table", side, kind) for side in order for kind in TYPES]
        tasks += [("buy", side) for side in order]
        tasks.append(("next",))
        state.tasks = tuple(tasks)

    def _lose(self, state: ToiState, side: str, kind: str, amount: int) -> int:
        have = state.command[side][kind]
        lost = min(have, amount)
        state.command[side][kind] = have - lost
        return lost

    def _table(self, state: ToiState, side: str, kind: str, halved: bool = False) -> None:
        have = state.command[side][kind]
        row = state.data.row(have)
        cell = row.cell(kind)
        sheet = state.sheets[side]
        effect = cell.effect
        if effect == "halve":
            if halved:  # still 10+ after halving (20 or more): the 6-9 effect, not a second halving
                self._six_to_nine(state, side, kind, self._fallback_row(state, have))
                return
            self._push(state, ("halve", side, kind))
            return
        if effect in ("replace-infantry", "advanced-division", "objective"):
            self._six_to_nine(state, side, kind, row)
            return
        forfeit = state.forfeit_low and row.exhausted
        # row 0-2: by default the card starts with no tokens and the command left stays to be
        # spent; read the other way (forfeit-0-2) the command left is reduced to 0 and the card
        # keeps its usual tokens. Either way the row's restriction is placed.
        sheet.tokens[kind] = state.data.limits.starting_tokens if forfeit else cell.tokens
        if effect == "unarmed":
            sheet.unarmed = 1
        elif effect == "starving":
            sheet.starving = 1
        elif effect == "elite-cut":
            sheet.elite_cut = 2
        self._lose(state, side, kind, have if forfeit else cell.remove)
        state.log(
            "table",
            side=side,
            type=kind,
            row=row.id,
            command=have,
            effect=effect,
            left=state.command[side][kind],
        )

    def _six_to_nine(self, state: ToiState, side: str, kind: str, row: Row) -> None:
        """The 6-9 row: a choice of effect, then its removal (no choice without advanced hexes)."""
        cell = row.cell(kind)
        if cell.effect == "advanced-division" and self._next_scenario(state).advanced_hexes == 0:
            have = state.command[side][kind]
            self._lose(state, side, kind, cell.remove)
            state.log(
                "table",
                side=side,
                type=kind,
                row=row.id,
                command=have,
                effect="no-advanced-hexes",
                left=state.command[side][kind],
            )
            return
        self._push(state, ("effect", side, kind, row.id))

    def _close_campaign(self, state: ToiState) -> None:
        res = state.current
        campaign = res.campaign
        totals = {
            side: sum(r.total(side) for r in state.results if r.campaign == campaign)
            for side in SIDES
        }
        state.log("campaign-ends", campaign=campaign, **totals)
        if len(state.results) < state.total:
            state.tasks = (("next",),)
        else:
            state.tasks = ()
            out = self.outcome(state)
            assert out is not None
            state.log("game-ends", winner=out.winner, summary=out.summary)

    def _next_scenario(self, state: ToiState) -> Scenario:
        return self.scenario_of(state, len(state.results))

    def _front(self, state: ToiState) -> Task | None:
        return state.tasks[0] if state.tasks else None

    # ----- play -----------------------------------------------------------------------------
    def active(self, state: ToiState) -> tuple[str, ...]:
        task = self._front(state)
        if task is None:
            return ()
        return (self.role_of(state, task[1]),)

    def acting_side(self, state: ToiState) -> str | None:
        task = self._front(state)
        return task[1] if task else None

    def buyer(self, state: ToiState, side: str) -> buying.Buyer:
        return buying.Buyer(
            side=side,
            command=state.command[side],
            sheet=state.sheets[side],
            veteran=state.veteran[side],
            scenario=self._next_scenario(state),
            armor=state.armor.get(side, ()),
            sig33b=bool(state.sig33b),
        )

    def legal_actions(self, state: ToiState, role: str) -> Sequence[Action]:
        task = self._front(state)
        if task is None or self.role_of(state, task[1]) != role:
            return []
        kind, side = task[0], task[1]
        limits = state.data.limits
        if kind == "ask":
            what = task[2]
            if what in TYPES:
                return [("command", what, n) for n in range(limits.max_command + 1)]
            if what == "cvp":
                return [("cvp", n) for n in range(limits.max_cvp + 1)]
            if what in ("initiative", "next-initiative"):
                return [(what, s) for s in SIDES]
            if what == "sig33b":
                return [("sig33b", "no"), ("sig33b", "yes")]
            if what == "armor":
                return [("armor", choice) for choice in ARMOR_CHOICES]
        if kind == "penalty-choice":
            return [("penalty", "one-each"), ("penalty", "two-of-one")]
        if kind == "penalty-type":
            return [("penalty-type", t) for t in TYPES]
        if kind == "halve":
            return [("halve",), ("keep",)]
        if kind == "effect":
            what = task[2]
            if what == "ammunition":
                return [("replace", r) for r in REPLACEMENTS]
            if what == "morale":
                return [("advanced", d) for d in DIVISIONS]
            return [("objective", o.id) for o in self._next_scenario(state).objectives]
        if kind == "buy":
            buys = buying.grouped(buying.legal_buys(state.data, self.buyer(state, side)))
            if state.sheets[side].holes_left() == 0:
                buys.append(("done",))
            return buys
        if kind == "pay":
            return [("pay", pay) for pay in self._payments(state, side, task[2], task[3])]
        raise AssertionError(f"no actions for task {task!r}")  # pragma: no cover

    def explain_illegal(self, state: ToiState, role: str, action: Action) -> str | None:
        task = self._front(state)
        if task is None:
            return "the campaign is over"
        side = task[1]
        if self.role_of(state, side) != role:
            return f"it is the {side} side's turn ({self.role_of(state, side)})"
        if action and action[0] == "buy":
            if task[0] not in ("buy", "pay"):
                return "purchases are made only at your turn to buy in the Campaign Phase"
            if task[0] == "pay":
                return "choose how to pay for the purchase under way first"
            buyer = self.buyer(state, side)
            if len(action) == 3:  # a purchase: which payments would do, and why none does
                why = [
                    buying.problem(state.data, buyer, (*action, buying.pay_str(p)))
                    for p in buying.all_payments(state.data, action[1], action[2])
                ]
                ok = [w for w in why if w is None]
                return None if ok else (next((w for w in why if w), None) or "not a purchase")
            why_not = buying.problem(state.data, buyer, action)
            if why_not is None and len(action) == 4:
                return (
                    f"choose the purchase first (buy, item, target), then how to pay ({action[3]})"
                )
            return why_not
        if action and action[0] == "pay" and task[0] == "pay":
            item = state.data.items[task[2]]
            return f"{item.name} costs {buying.cost_words(item)}: pay one of the listed ways"
        if action == ("done",) and task[0] == "buy":
            sheet = state.sheets[side]
            if sheet.holes_left():
                return (
                    f"the new squad base of {division_words(sheet.bases[-1][0])} still has "
                    f"{sheet.holes_left()} empty holes: fill it first"
                )
        if task[0] == "ask" and len(action) >= 2 and isinstance(action[-1], int):
            limits = state.data.limits
            top = limits.max_command if action[0] == "command" else limits.max_cvp
            if not 0 <= action[-1] <= top:
                return f"enter a number from 0 to {top}"
        return None

    def prompt_text(self, state: ToiState, role: str) -> str:
        task = self._front(state)
        assert task is not None
        kind, side = task[0], task[1]
        title = self.scenario_of(state).title
        you = f"({side.capitalize()} side) "
        if kind == "ask" and len(task) > 3:  # a set-up fact of a later scenario
            what = task[2]
            scen = state.data.scenarios[int(task[3]) - 1]
            if what == "next-initiative":
                return f"Set-up of {scen.title}: who starts it with the initiative (buys first)?"
            if what == "sig33b":
                return f"Set-up of {scen.title}: is the siG 33b Operations card in effect?"
            return f"{you}Set-up of {scen.title}: which of your divisions start with armor?"
        if kind == "ask":
            what = task[2]
            if what in TYPES:
                return f"{you}{title} is over: how much {what} command do you have left?"
            if what == "cvp":
                return f"{you}How many CVP did you score in {title} (from its victory conditions)?"
            if what == "initiative":
                return "Who held the initiative at the end of the last Status Phase?"
            nxt = self._next_scenario(state).title
            if what == "next-initiative":
                return (
                    f"Who starts {nxt} with the initiative (see its set-up)? That side buys first."
                )
            if what == "sig33b":
                return f"Is the siG 33b Operations card in effect in {nxt}?"
            return f"{you}Which of your divisions start {nxt} with armor?"
        if kind == "penalty-choice":
            return (
                f"{you}You lost {title}: lose one command of each type, or two of one type "
                "that your opponent chooses?"
            )
        if kind == "penalty-type":
            return f"{you}Your opponent loses two command: of which type?"
        have = state.command[side]
        if kind == "halve":
            kind_ = task[2]
            return (
                f"{you}{have[kind_]} {kind_} command: halve it (round down) for +1 CVP, "
                f"or keep it and take the 6-9 effect?"
            )
        if kind == "effect":
            what = task[2]
            if what == "ammunition":
                return f"{you}Ammunition 6-9: two regular infantry become what?"
            if what == "morale":
                return (
                    f"{you}Morale 6-9: which division may also use the advanced deployment hexes?"
                )
            return f"{you}Supply 6-9: which objective is worth 1 more?"
        if kind == "buy":
            left = ", ".join(f"{have[t]} {t}" for t in TYPES)
            return f"{you}Resource Acquisitions: you have {left}. Buy, or done (the rest is lost)."
        if kind == "pay":
            item = state.data.items[task[2]]
            left = ", ".join(f"{have[t]} {t}" for t in TYPES)
            return f"{you}{item.name} costs {buying.cost_words(item)}: pay with what? ({left})"
        return kind  # pragma: no cover

    def apply(self, state: ToiState, role: str, action: Action) -> None:
        task = state.tasks[0]
        kind, side = task[0], task[1]
        res = state.current
        if kind == "buy":
            if action != ("done",):
                pays = self._payments(state, side, action[1], action[2])
                if len(pays) > 1:  # several ways to pay: asked next
                    self._push(state, ("pay", side, action[1], action[2]))
                    return
                action = (*action, pays[0])
            self._apply_buy(state, side, action)
            self._advance(state)
            return
        state.tasks = state.tasks[1:]
        if kind == "pay":
            self._apply_buy(state, side, ("buy", task[2], task[3], action[1]))
            self._advance(state)
            return
        if kind == "ask" and len(task) > 3:
            what, number = task[2], int(task[3])
            value = action[-1]
            facts = state.facts.setdefault(number, {})
            if what == "next-initiative":
                facts[what] = value
            elif what == "sig33b":
                facts[what] = value == "yes"
            else:
                facts["armor"] = {**facts.get("armor", {}), side: ARMOR_CHOICES[value]}
            state.log("entered", side=side, what=what, value=value, scenario=number)
        elif kind == "ask":
            what = task[2]
            value = action[-1]
            if what in TYPES:
                res.command[side][what] = value
            elif what == "cvp":
                res.cvp[side] = value
            elif what == "initiative":
                res.initiative = value
            elif what == "next-initiative":
                state.next_initiative = value
            elif what == "sig33b":
                state.sig33b = value == "yes"
            elif what == "armor":
                state.armor = {**state.armor, side: ARMOR_CHOICES[value]}
            state.log("entered", side=side, what=what, value=value)
        elif kind == "penalty-choice":
            pen = dict(res.penalty or {})
            pen["choice"] = action[1]
            if action[1] == "one-each":
                pen["lost"] = {t: self._lose(state, side, t, 1) for t in TYPES}
                state.log("penalty", side=side, choice="one-each", lost=pen["lost"])
            else:
                self._push(state, ("penalty-type", other(side)))
            res.penalty = pen
        elif kind == "penalty-type":
            loser = other(side)
            pen = dict(res.penalty or {})
            pen["type"] = action[1]
            pen["lost"] = {action[1]: self._lose(state, loser, action[1], 2)}
            res.penalty = pen
            state.log(
                "penalty",
                side=loser,
                choice="two-of-one",
                type=action[1],
                lost=pen["lost"],
                chosen_by=side,
            )
        elif kind == "halve":
            what = task[2]
            before = state.command[side][what]
            if action[0] == "halve":
                state.command[side][what] = before // 2
                res.bonus[side]["command"] += 1
                state.log("halved", side=side, type=what, command=before, left=before // 2, cvp=1)
                self._push(state, ("table", side, what, "halved"))
            else:
                row = self._fallback_row(state, before)
                state.log("kept", side=side, type=what, command=before)
                self._six_to_nine(state, side, what, row)
        elif kind == "effect":
            what, row_id = task[2], task[3]
            sheet = state.sheets[side]
            if action[0] == "replace":
                sheet.replacements.append(action[1])
            elif action[0] == "advanced":
                if action[1] not in sheet.advanced_divisions:
                    sheet.advanced_divisions.append(action[1])
            else:
                sheet.objectives.append(action[1])
            before = state.command[side][what]
            row = next(r for r in state.data.rows if r.id == row_id)
            self._lose(state, side, what, row.cell(what).remove)
            state.log(
                "table",
                side=side,
                type=what,
                row=row.id,
                command=before,
                effect=row.cell(what).effect,
                choice=action[1],
                left=state.command[side][what],
            )
        self._advance(state)

    def _fallback_row(self, state: ToiState, command: int) -> Row:
        """The row above the 10+ row: its effect is what a player who keeps 10+ gets."""
        rows = state.data.rows
        i = rows.index(state.data.row(command))
        return rows[i - 1]

    def _payments(self, state: ToiState, side: str, item: str, target: str) -> list[str]:
        """The listed ways to pay for a purchase now, cheapest-looking first (table order)."""
        buyer = self.buyer(state, side)
        return [
            buying.pay_str(p)
            for p in buying.all_payments(state.data, item, target)
            if buying.problem(state.data, buyer, ("buy", item, target, buying.pay_str(p))) is None
        ]

    def _apply_buy(self, state: ToiState, side: str, action: Action) -> None:
        if action == ("done",):
            lost = {t: n for t, n in state.command[side].items() if n}
            state.command[side] = dict.fromkeys(TYPES, 0)
            state.tasks = state.tasks[1:]
            state.log("purchases-done", side=side, lost=lost)
            return
        pay = buying.parse_pay(action[3])
        assert pay is not None
        for t, n in zip(TYPES, pay, strict=True):
            state.command[side][t] -= n
        veteran = set(state.veteran[side])
        buying.apply_buy(state.data, state.sheets[side], veteran, action)
        state.veteran = {**state.veteran, side: frozenset(veteran)}
        state.log(
            "bought",
            side=side,
            item=action[1],
            target=action[2],
            pay=action[3],
            left=dict(state.command[side]),
        )

    # ----- results --------------------------------------------------------------------------
    def standings(self, state: ToiState) -> dict[str, dict[str, int]]:
        """Per role: CVP in all, CVP as the Soviet side, scenarios won, scenarios won as Soviet."""
        out = {r: {"cvp": 0, "cvp_as_soviet": 0, "won": 0, "won_as_soviet": 0} for r in self.roles}
        for res in state.results:
            for side in SIDES:
                if side not in res.cvp:
                    continue
                role = res.roles[side]
                if res.winner is None:  # not settled yet: counted once it is
                    continue
                total = res.total(side)
                out[role]["cvp"] += total
                if side == "soviet":
                    out[role]["cvp_as_soviet"] += total
                if res.winner == side:
                    out[role]["won"] += 1
                    if side == "soviet":
                        out[role]["won_as_soviet"] += 1
        return out

    def outcome(self, state: ToiState) -> Outcome | None:
        if state.tasks:
            return None
        table = self.standings(state)
        points = {r: float(table[r]["cvp"]) for r in self.roles}
        a, b = table["german"], table["soviet"]
        if state.variant == "campaign":
            if a["cvp"] > b["cvp"]:
                return Outcome(
                    "german",
                    points,
                    "cvp",
                    f"German wins the campaign, {a['cvp']} CVP to {b['cvp']}.",
                )
            if b["cvp"] > a["cvp"]:
                return Outcome(
                    "soviet",
                    points,
                    "cvp",
                    f"Soviet wins the campaign, {b['cvp']} CVP to {a['cvp']}.",
                )
            return Outcome(
                "soviet", points, "tie", f"CVP tied at {a['cvp']}: the Soviet side wins the tie."
            )
        names = {
            "german": "the player who began as German",
            "soviet": "the player who began as Soviet",
        }
        for key, level, why in (
            ("cvp", "cvp", "on CVP over eight scenarios"),
            ("cvp_as_soviet", "soviet-cvp", "on CVP scored as the Soviet side (CVP tied)"),
            ("won_as_soviet", "soviet-wins", "on scenarios won as the Soviet side (CVP tied)"),
        ):
            if a[key] != b[key]:
                win = "german" if a[key] > b[key] else "soviet"
                return Outcome(
                    win,
                    points,
                    level,
                    f"{names[win][0].upper() + names[win][1:]} wins {why}: {table[win][key]} to {table[other(win)][key]}.",
                )
        return Outcome(None, points, "draw", "Tied on CVP, Soviet CVP and Soviet wins: a draw.")

    # ----- views ----------------------------------------------------------------------------
    def view(self, state: ToiState, role: str | None) -> dict[str, Any]:
        from warroom.games.toi_stalingrad.present import build_view

        return build_view(self, state, role)

    def render_text(self, state: ToiState, role: str | None) -> str:
        from warroom.games.toi_stalingrad.present import render

        return render(self, state, role)

    def label(self, state: ToiState, role: str, action: Action) -> str:
        from warroom.games.toi_stalingrad.present import label

        return label(self, state, action)

    def describe_event(self, event: dict[str, Any]) -> str:
        from warroom.games.toi_stalingrad.present import describe

        return describe(self, event)

    log_headings: ClassVar[Mapping[str, int]] = {
        "scenario-begins": 1,
        "scenario-result": 2,
        "campaign-ends": 1,
    }

    def role_name(self, role: str) -> str:
        return f"the player who began as {role.capitalize()}"

    def clone(self, state: ToiState) -> ToiState:
        new = ToiState.__new__(ToiState)
        new._copy_base(state)
        new.variant = state.variant
        new.total = state.total
        new.results = [*state.results[:-1], state.results[-1].copy()] if state.results else []
        new.tasks = state.tasks
        new.command = {s: dict(c) for s, c in state.command.items()}
        new.sheets = {s: sh.copy() for s, sh in state.sheets.items()}
        new.veteran = dict(state.veteran)
        new.next_initiative = state.next_initiative
        new.armor = dict(state.armor)
        new.sig33b = state.sig33b
        new.forfeit_low = state.forfeit_low
        new.data = state.data
        new.facts = {n: dict(f) for n, f in state.facts.items()}
        return new


GAME = ToiStalingrad()
