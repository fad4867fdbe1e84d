"""Search: information-set Monte Carlo tree search that never reads what its role cannot see.

Every iteration starts from ``Game.determinize(state, role, rng)``: a state
consistent with the searcher's view, with the opponent's hand, the cups, the
pending secret choices of other roles and the future dice resampled. The true
state is only used through that call (and for the searcher's own legal
actions), so two states that differ only in hidden parts give the same choice.

The tree is open-loop and kept per role: a role's node is the sequence of its
own choices since the root, never the other roles' choices or the dice. So an
opponent deciding a secret simultaneous order in the tree cannot condition on
the searcher's order (nor the searcher on the opponent's), and a chance
outcome is simply part of what a node averages over. Availability counts
(ISMCTS) make UCB fair among actions that are only sometimes legal.
Expansion is best-first: the game's rule-based policy names which untried
action to try next, and progressive widening keeps wide prompts affordable.
Below the tree, play continues with the rule-based policy (a little random
noise) or uniformly at random, for ``depth`` steps; a game may offer a value
function for cut-off positions (``warroom.ai.rules.<game>.evaluate``), or the
rollout simply plays on to the end.

With ``flat=1`` (the default where a game's ``SEARCH`` asks for it) the search is
instead a flat paired comparison at the root: the rules policy's choice against the
other candidates (single actions, or whole plans a game offers), all played on the
same determinized worlds and dice, switching only on clear evidence (``Searcher._flat``).

With ``styles=1``, where a game offers ``styles`` (whole ways of playing, variants of its
rules player), the same race is run over those styles at the start of each of the game's
``epoch``s, each style playing the searcher's side of full simulations, and the chosen style
answers the searcher's prompts until the next epoch (``SearchAgent._styled``).

Use it through ``make_agent("search:iterations=2000", game_id, seed)`` or
``make_agent("search:seconds=1.5", ...)``; ``hints`` tells a person the top
candidate actions with their estimated value.
"""

from __future__ import annotations

import importlib
import math
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from warroom.ai.base import AGENT_KINDS, Policy, rules_policy
from warroom.ai.population import Belief, Member, Tracker
from warroom.engine import Action, Game, Match, Outcome, Rng, State, action_json


def clock() -> float:
    """The search's clock, in seconds (``time.perf_counter``): every time budget is counted
    on it, from when the decision began (``SearchAgent.started``). A test may put a scripted
    clock in its place (``warroom.ai.search.clock``)."""
    return time.perf_counter()


Evaluator = Callable[[Game[Any], State, str], float]
"""A value for a position that is not over: the chance that ``role`` wins, in [0, 1]."""


Sample = tuple[float, float | None, bool]
"""One simulation's result for a role: its value for the search, its win score (1 / 1/2 / 0
at the end of the game, the game's fitted win chance where it was cut off, None where there
is none) and whether it reached the end of the game."""

Rewarder = Callable[[Game[Any], Outcome, str], float]
"""A finished game's reward for ``role``, in [0, 1] (overrides ``rewards``)."""

Candidates = Callable[[Game[Any], State, str, Sequence[Action], Action], list[Action]]
"""For the flat search: the actions worth comparing with the rules policy's choice (the last
argument, which must stay in the list); by default every legal action."""

Macros = Callable[[Game[Any], State, str, Sequence[Action], Rng], list[list[Action]] | None]
"""For the flat search: whole plans (sequences of the role's own next actions, e.g. an order
sheet) to compare instead of single actions; the first is the rules policy's. None: no plans
at this prompt (single actions are compared)."""

Refine = Callable[
    [Game[Any], State, str, Sequence[Action], Sequence[Action], int, Rng], list[list[Action]]
]
"""For the flat search with plans (``macros``) and a clock: more plans to race against the
best so far (the third argument: the plan chosen), ``round`` (the sixth) counting the extra
races from 1; [] when it has no more. A race whose plans have played ``SETTLED`` worlds with
time to spare (half the clock or more) goes on with these (``Searcher._flat``)."""

Prepare = Callable[[Game[Any], State, str, Rng, Mapping[str, Member]], State]
"""For the flat search: finish a determinized world before the candidates are tried in it,
e.g. give the other side a plan of its own (its real one is hidden), written by the world's
member of its population (the last argument, by role); the world to use."""

Cutoff = Callable[[Game[Any], State, State], bool]
"""For a rollout: (game, world where it started, state now) -> stop here and evaluate. The
``cutoff`` hook ends every rollout; ``horizon`` only those of a decision race (``decide``)."""

Styles = Callable[[Game[Any], str], Sequence[tuple[str, Policy]]]
"""Whole ways of playing a role, each a named policy; the first is the default a race keeps
without clear evidence for another (the rules player's own, unless the game knows better). With
``styles=1`` the search races them (each playing the role's side of full simulations) at
the first prompt of each epoch and plays the chosen one until the next epoch."""

Epoch = Callable[[Game[Any], State, str], Hashable]
"""With styles: a key that changes when the role should choose its style again (e.g. every
few cards). Given a determinized state, so it reads no more than the role's view. Without
this hook a style is chosen once a game."""

Umpire = Callable[[Game[Any], State, str, Sequence[Action], Rng], Action | None]
"""For a prompt that records what happened off the board (not a decision), the answer;
None for a real decision. Search does not plan such prompts and evaluation answers them
the same way whichever agent sits in the seat."""

Planner = Callable[[Game[Any], State, str, Sequence[Action]], bool]
"""Whether the search plans a prompt; when it says no, the game's rule-based policy answers
it (at the table and inside simulations). Lets a long game spend search only on the
decisions that matter and leave its mechanical prompts to the policy. A prompt the game
does not know (a new kind of action) should be answered False: the policy handles it."""


def game_hook(game_id: str, name: str) -> Any:
    """``<name>`` from the game's AI modules, if one offers it, else None.

    Looked up in ``warroom.ai.rules.<game>`` (the game author's rule-based player) and
    then ``warroom.ai.values.<game>`` (search knowledge kept by the AI layer). The search
    uses ``evaluate(game, state, role)`` (a value for a cut-off position),
    ``reward(game, outcome, role)`` (a finished game's worth, e.g. by level),
    ``final(game, state, role)`` (the same from the finished state, taking precedence),
    ``umpire(game, state, role, actions, rng)`` (see ``Umpire``), ``plans(game, state, role,
    actions)`` (see ``Planner``), for the flat search ``candidates`` (see ``Candidates``),
    ``macros`` (see ``Macros``), ``prepare`` (see ``Prepare``), for rollouts ``cutoff``
    (see ``Cutoff``), ``styles`` and ``epoch`` (see ``Styles``, ``Epoch``), and ``SEARCH``
    (default search options for the game, e.g. ``{"depth": "60"}``).
    """
    name_ = game_id.replace("-", "_")
    for package in ("warroom.ai.rules", "warroom.ai.values"):
        module_name = f"{package}.{name_}"
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name == module_name:
                continue
            raise
        found = getattr(module, name, None)
        if found is not None:
            return found
    return None


def rewards(game: Game[Any], outcome: Outcome) -> dict[str, float]:
    """Each role's reward for a finished game: 1 a win, 0 a loss, 1/2 a draw.

    A solitaire game (one role) has no opponent to share a draw with: there
    a game with no winner is a loss. Victory points nudge the reward by up to
    0.05, so among wins (or losses) the search still prefers the better margin.
    """
    out: dict[str, float] = {}
    solo = len(game.roles) == 1
    points = outcome.points
    for role in game.roles:
        if outcome.winner == role:
            base = 1.0
        elif outcome.winner is None and not solo:
            base = 0.5
        else:
            base = 0.0
        if points and role in points:
            mine = float(points[role])
            others = [float(v) for k, v in points.items() if k != role]
            margin = mine - (max(others) if others else 0.0)
            base = base * 0.95 + 0.05 * (0.5 + 0.5 * math.tanh(margin / 10.0))
        out[role] = base
    return out


MIN_WORLDS = 4
"""Flat search: worlds every candidate plays before it may leave the race or be chosen."""
SETTLED = 30
"""Flat search with a ``refine`` hook: the worlds after which a race of plans is settled
enough that the rest of the clock goes to a race of more plans against its winner."""
REFINE_SECONDS = 2.0
"""The least time left for a race of more plans (``refine``): less is too few worlds to beat
a settled winner. A clock shorter than twice this (the normal level's 1.2 s) never refines."""


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def _lead(xs: Sequence[float], base: Sequence[float], z: float) -> float:
    """The mean of the paired differences ``xs - base`` minus ``z`` standard errors."""
    n = len(xs)
    d = [x - b for x, b in zip(xs, base, strict=False)]
    m = sum(d) / n
    var = sum((x - m) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
    return m - z * math.sqrt(var / n)


class Node:
    """One choice point of one role: the statistics of the edge that led here and its children.

    ``total`` sums the search's values (which may be shaped: a margin, a level of victory);
    ``wins`` sums win scores (1 a win, 1/2 a draw, 0 a loss for a simulation played to the
    end, the game's fitted win chance for one cut off) over the ``known`` simulations that
    have one, and ``ends`` counts those that reached the end of the game."""

    __slots__ = ("avail", "children", "ends", "known", "total", "visits", "wins")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.wins = 0.0
        self.known = 0
        self.ends = 0

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


def _on(value: str) -> bool:
    """A yes/no search option: 1, true, yes or on (any case) is yes."""
    return value.lower() in ("1", "true", "yes", "on")


@dataclass
class SearchConfig:
    iterations: int = 2000
    seconds: float | None = None
    """A time budget; the search stops at whichever of the two budgets ends first."""
    c: float = 0.7
    """UCB exploration constant (rewards are in [0, 1])."""
    depth: int = 400
    """Steps a simulation plays before it stops and evaluates (or calls it a draw)."""
    rollout: str = "rules"
    """'rules' (the game's rule-based policy, when it has one) or 'random'."""
    eps: float = 0.1
    """The share of rollout moves taken at random instead of by the rules policy."""
    widen: float = 2.0
    """Progressive widening: a node tries at most 1 + widen * sqrt(visits) distinct actions."""
    prior: bool = True
    """Let the rules policy choose which untried action to expand first."""
    keep: bool = False
    """Styles: a new race's default is the style chosen before (not the game's first)."""
    bias: float = 1.0
    """Progressive bias towards the rules policy's choice (bias / (visits + 1)); 0 turns it off."""
    flat: bool = False
    """Flat paired search instead of the tree: every candidate is tried on the same
    determinized worlds and played on by the rollout policy (see ``Searcher._flat``)."""
    styles: bool = False
    """Race the game's styles (whole ways of playing, ``Styles``) instead of searching
    actions; only where the game offers them."""
    z: float = 1.5
    """Flat search and styles: leave the default (the rules policy's choice, or the game's
    first style) only for a candidate whose mean lead over it is more than ``z`` standard
    errors (of the paired differences)."""
    opponents: str = "population"
    """How simulations play the other roles: 'population' (members drawn from a belief
    updated by what they are seen to do, ``warroom.ai.population``) or 'rules' (the rollout
    policy: the rules player with ``eps`` noise, as before issue 23)."""
    decide: int = 0
    """Styles: rollouts of a race between the candidate actions at each prompt the game plans
    (0: the chosen style answers every prompt)."""
    reach: int = 1
    """Styles: a decision race's rollouts run to the game's ``horizon`` this many times over
    (each leg counted from where the last one stopped) before they are valued. Flat search:
    the same for a race of plans (the game's ``macros``, Commanders' order sheets) with the
    game's ``cutoff``; single actions keep one leg."""

    @classmethod
    def from_params(
        cls, params: dict[str, str], defaults: dict[str, str] | None = None
    ) -> SearchConfig:
        """Options from the command line over the game's defaults over the general ones."""
        params = {**(defaults or {}), **params}
        cfg = cls()
        known: dict[str, Callable[[str], Any]] = {
            "iterations": int,
            "seconds": float,
            "c": float,
            "depth": int,
            "rollout": str,
            "eps": float,
            "widen": float,
            "prior": _on,
            "bias": float,
            "flat": _on,
            "z": float,
            "styles": _on,
            "keep": _on,
            "opponents": str,
            "decide": int,
            "reach": int,
        }
        for key, value in params.items():
            if key not in known:
                raise ValueError(
                    f"unknown search option {key!r}; the options are: {', '.join(known)}"
                )
            try:
                setattr(cfg, key, known[key](value))
            except ValueError:
                raise ValueError(f"search option {key}={value!r} is not valid") from None
        if "seconds" in params and "iterations" not in params:
            cfg.iterations = 10**9  # only the clock limits it
        if cfg.rollout not in ("rules", "random"):
            raise ValueError(f"search rollout must be 'rules' or 'random', got {cfg.rollout!r}")
        if cfg.opponents not in ("population", "rules"):
            raise ValueError(
                f"search opponents must be 'population' or 'rules', got {cfg.opponents!r}"
            )
        if cfg.iterations < 1:
            raise ValueError("search needs at least one iteration")
        if cfg.reach < 1:
            raise ValueError(f"search option reach must be at least 1, got {cfg.reach}")
        return cfg


@dataclass
class Candidate:
    """One root action after a search: how often it was tried and how it fared.

    ``visits`` simulations tried it and ``value`` is their mean value for the search (perhaps
    shaped: a margin, a level of victory). ``wins`` is the mean win score of the ``known`` of
    them that have one (see ``Node``), ``ends`` how many reached the end of the game. ``plan``
    is the whole plan the figures belong to when the action is its first step (an order
    sheet), ``style`` the way of playing they belong to when it is a style's answer."""

    action: Action
    visits: int
    value: float
    label: str = ""
    reason: str = ""
    wins: float | None = None
    known: int = 0
    ends: int = 0
    plan: list[Action] = field(default_factory=list)
    style: str = ""

    def to_json(self) -> dict[str, Any]:
        from warroom.engine import action_json

        return {
            "action": action_json(self.action),
            "label": self.label,
            "value": round(self.value, 3),
            "visits": self.visits,
            "reason": self.reason,
        }


def _tally(samples: Sequence[Sample]) -> tuple[float, float | None, int, int]:
    """(mean value, mean win score or None, simulations with a win score, finished ones)."""
    if not samples:
        return 0.0, None, 0, 0
    value = sum(x[0] for x in samples) / len(samples)
    known = [x[1] for x in samples if x[1] is not None]
    ends = sum(1 for x in samples if x[2])
    return value, (sum(known) / len(known) if known else None), len(known), ends


@dataclass
class SearchResult:
    candidates: list[Candidate] = field(default_factory=list)
    iterations: int = 0
    seconds: float = 0.0
    roots: dict[str, Node] = field(default_factory=dict)
    """The trees, one per role, for continuing after the searcher's move."""
    plan: list[Action] = field(default_factory=list)
    """Flat search with plans: the chosen plan's actions after ``best``."""
    note: str = ""
    """How the answer was found, in words, where it was not a search of this prompt (the
    only legal action, a style's answer, the next step of a plan ...)."""

    @property
    def best(self) -> Action:
        return self.candidates[0].action


TABLE_NOTE = "a result entered from the table, not a decision"
"""What a hint says at a prompt the game's ``umpire`` answers (what happened on the printed
game, such as a Tide of Iron scenario's result): there is nothing there to search."""


@dataclass
class Heat:
    """How a flat race stands: each candidate's values (one a world) and its full samples,
    who is still running, rollouts and worlds so far, the next halving point, and the leader."""

    values: list[list[float]]
    alive: list[int]
    samples: list[list[Sample]] = field(default_factory=list)
    done: int = 0
    worlds: int = 0
    cut: int = MIN_WORLDS
    best: int = 0
    finished: bool = False
    pending: tuple[State, Rng, dict[str, int], list[Sample]] | None = None
    """A round the clock stopped: its world, dice, the other roles' members (indices in
    their populations) and the samples of the candidates that played it so far; the next
    call plays the rest of the round on the same world before drawing another."""
    spent: float = 0.0
    """Seconds of the rollouts timed so far and how many (for the next rollout's estimate)."""
    timed: int = 0


@dataclass
class StyleRace:
    """How a race of styles went: the chosen one and each style's rollouts and mean value."""

    best: int
    names: list[str]
    visits: list[int]
    values: list[float]
    iterations: int
    """Rollouts so far (over every prompt the race has run at)."""
    seconds: float
    """The time of the last part of the race."""
    finished: bool = True
    """False when the clock stopped it: it goes on at the role's next prompt."""
    order: list[int] = field(default_factory=list)
    """The styles in the race's order (its first is the default)."""
    heat: Heat | None = None
    samples: list[list[Sample]] = field(default_factory=list)
    """Each style's simulations (by style, like ``visits``)."""

    @property
    def name(self) -> str:
        return self.names[self.best]


class Searcher:
    """The search itself, on the engine's hooks directly (no Match in the loop)."""

    def __init__(self, game: Game[Any], config: SearchConfig) -> None:
        self.game = game
        self.cfg = config
        self.policy: Policy | None = rules_policy(game.id) if config.rollout == "rules" else None
        self.prior_policy: Policy | None = rules_policy(game.id) if config.prior else None
        self.evaluate: Evaluator | None = game_hook(game.id, "evaluate")
        self.reward: Rewarder | None = game_hook(game.id, "reward")
        self.final: Evaluator | None = game_hook(game.id, "final")
        self.umpire: Umpire | None = game_hook(game.id, "umpire")
        self.answer: Policy | None = rules_policy(game.id)
        planner: Planner | None = game_hook(game.id, "plans")
        self.plans: Planner | None = planner if self.answer is not None else None
        self.candidates: Candidates | None = game_hook(game.id, "candidates")
        self.macros: Macros | None = game_hook(game.id, "macros")
        self.refine: Refine | None = game_hook(game.id, "refine")
        self.prepare: Prepare | None = game_hook(game.id, "prepare")
        self.cutoff: Cutoff | None = game_hook(game.id, "cutoff")
        self.horizon: Cutoff | None = game_hook(game.id, "horizon")
        self.styles: Styles | None = game_hook(game.id, "styles") if config.styles else None
        self.epoch: Epoch | None = game_hook(game.id, "epoch")
        self._styles: dict[str, list[tuple[str, Policy]]] = {}
        self.opponents: Mapping[str, Belief] = {}
        """Per other role, the belief over the population that plays it in simulations
        (``warroom.ai.population``); a role without one is played by the rollout policy."""

    def _draw(self, rng: Rng) -> dict[str, Member]:
        """One member of each other role's population, drawn by the beliefs."""
        return {r: b.sample(rng.fork(i)) for i, (r, b) in enumerate(sorted(self.opponents.items()))}

    def _picks(self, rng: Rng) -> dict[str, int]:
        """``_draw`` as indices in the populations (what a stopped round keeps)."""
        return {
            r: b.members.index(m) for r, m in self._draw(rng).items() for b in [self.opponents[r]]
        }

    def _members(self, picks: Mapping[str, int]) -> dict[str, Member]:
        return {r: self.opponents[r].members[i] for r, i in picks.items() if r in self.opponents}

    # ----- one decision ---------------------------------------------------------------------
    def search(
        self,
        state: State,
        role: str,
        actions: Sequence[Action],
        rng: Rng,
        roots: dict[str, Node] | None = None,
        start: float | None = None,
    ) -> SearchResult:
        """Search from the searcher's information set at ``state`` (read only via determinize).

        ``roots`` continues the trees of an earlier search (after the searcher's own move);
        the visits they already hold count towards the iteration budget. ``start``: when the
        decision began (``clock``; default now), from which the ``seconds`` budget counts.
        """
        game, cfg = self.game, self.cfg
        legal = list(actions)
        if not legal:
            raise ValueError(f"{role} has no legal action now")
        if self.umpire is not None:  # asked on a determinized state: no peeking here either
            told = self.umpire(game, game.determinize(state, role, rng.fork(7)), role, legal, rng)
        else:
            told = None
        if told is not None:
            return SearchResult([Candidate(told, 0, 0.5)], 0, 0.0, {}, note=TABLE_NOTE)
        if self.plans is not None and self.answer is not None and len(legal) > 1:
            seen = game.determinize(state, role, rng.fork(11))  # the policy sees no more
            if not self.plans(game, seen, role, legal):
                choice = self.answer(game, seen, role, legal, rng)
                note = "answered by the game's policy: the search decides only the prompts it plans"
                return SearchResult([Candidate(choice, 0, 0.5)], 0, 0.0, {}, note=note)
        start = clock() if start is None else start
        if cfg.flat:
            return self._flat(state, role, legal, rng, start)
        roots = roots if roots is not None else {r: Node() for r in game.roles}
        root = roots[role]
        deadline = start + cfg.seconds if cfg.seconds is not None else None
        done = 0
        # A continued tree's visits count, but a quarter of the budget is always new work
        # (its statistics were gathered before the last move was known for sure).
        budget = max(cfg.iterations - root.visits, (cfg.iterations + 3) // 4)
        if len(legal) > 1:
            while done < budget:
                world = game.determinize(state, role, rng.fork(done))
                self._iterate(world, role, roots, rng)
                done += 1
                if deadline is None:
                    if (done & 15) == 0 and self._settled(root, budget - done):
                        break
                    continue
                now = clock()
                if now > deadline:
                    break
                if (done & 15) == 0:
                    by_clock = int(done * (deadline - now) / max(now - start, 1e-9)) + 1
                    if self._settled(root, min(budget - done, by_clock)):
                        break
        # Most visits first; on equal visits, the better value, then the action expanded
        # first (the rules policy's favourite), so a search that learned little defers to it.
        legal_set = set(legal)
        cands = [
            Candidate(
                a,
                child.visits,
                child.mean(),
                wins=child.wins / child.known if child.known else None,
                known=child.known,
                ends=child.ends,
            )
            for a, child in root.children.items()
            if a in legal_set and child.visits > 0
        ]
        cands.sort(key=lambda c: (-c.visits, -c.value))  # stable: expansion order breaks ties
        tried = {c.action for c in cands}
        cands += [Candidate(a, 0, 0.0) for a in legal if a not in tried]
        return SearchResult(cands, done, clock() - start, roots)

    # ----- flat paired search (rollout policy improvement) -------------------------------------
    def _flat(
        self, state: State, role: str, legal: list[Action], rng: Rng, start: float
    ) -> SearchResult:
        """Improve on the rules policy by trying the candidates on the same luck.

        The rules policy's choice is the default. Each round determinizes one world (and lets
        the game's ``prepare`` hook finish it, e.g. with the other side's plan) and plays
        every candidate still in the race from a copy of it (same deck, same future dice, same
        rollout generator), the rollout policy playing on. Two candidates are so compared on
        the same luck, and their paired differences spread far less than their values. A
        candidate leaves the race once it is unlikely to beat the default (its mean paired
        difference plus two standard errors is not above 0, after ``MIN_WORLDS`` worlds), and
        after 4, 12, 28, 60 ... worlds only the better half of the challengers plays on
        (successive halving), so most rollouts go to the close calls; the search leaves the default only for a candidate whose mean lead over it is more than
        ``z`` standard errors. A candidate is one action or, where the game's ``macros`` hook
        offers them, a whole plan of the role's next actions. ``iterations`` counts
        rollouts, so a round costs one per candidate still running.

        With plans, a clock of at least twice ``REFINE_SECONDS`` (the hard level's 5 s, not
        normal's 1.2 s) and the game's ``refine`` hook, the race stops once settled (its last
        challenger out, or ``SETTLED`` worlds played) and, while ``REFINE_SECONDS`` or more
        are left, races the plans ``refine`` offers against the winner so far, on new worlds:
        a longer clock buys more plans instead of more worlds for the last pair (with the same
        plans, hard and normal chose alike in 110 of 112 decisions of a game).

        With plans and ``reach`` above 1, a rollout goes on past the game's ``cutoff``
        ``reach`` times, each leg counted from where the last stopped (in Commanders, ``reach=2``
        values the order sheets two rounds ahead; no level uses it: docs/ai.md, "Session 7
        samples: Commanders hard"); single actions are valued at the first cutoff.
        """
        game, cfg = self.game, self.cfg
        deadline = start + cfg.seconds if cfg.seconds is not None else None
        look = game.determinize(state, role, rng.fork(0x10C))  # the hooks read this copy only
        plans = self.macros(game, look, role, legal, rng.fork(0x91A)) if self.macros else None
        cands: list[list[Action]] = []
        if plans:
            seen: set[tuple[Action, ...]] = set()
            for p in plans:
                if p and p[0] in legal and tuple(p) not in seen:
                    seen.add(tuple(p))
                    cands.append(list(p))
        if not cands:
            policy = self.prior_policy or self.policy
            default = policy(game, look, role, legal, rng.fork(0xD0)) if policy else legal[0]
            if default not in legal:
                default = legal[0]
            pool = self.candidates(game, look, role, legal, default) if self.candidates else legal
            cands = [[default]] + [[a] for a in pool if a != default and a in legal]

        # plans (order sheets) valued ``reach`` cutoffs ahead, each leg from the last
        far = bool(plans) and cfg.reach > 1 and self.cutoff is not None

        def race(cands: list[list[Action]], rng: Rng, worlds: int | None, budget: int) -> Heat:
            def play(i: int, world: State, roll: Rng, others: Mapping[str, Member]) -> Sample:
                w = game.clone(world)
                self._follow(w, role, cands[i])
                stop = self._legs(world, self.cutoff) if far else None
                return self._playout(w, role, roll, world, others=others, stop=stop)

            return self._race(state, role, len(cands), play, rng, deadline, None, budget, worlds)

        # With plans, a long enough clock and a ``refine`` hook, a race settled (its last
        # challenger out, or SETTLED worlds played) with REFINE_SECONDS or more to spare goes
        # on with more plans against its winner.
        long = deadline is not None and deadline - start >= 2 * REFINE_SECONDS
        refine = self.refine if plans and long else None
        heat = race(cands, rng, SETTLED if refine is not None else None, cfg.iterations)
        done = heat.done
        raced = [(cands[i], heat.samples[i]) for i in range(len(cands))]
        best = cands[heat.best]
        extra = 0
        while refine is not None and deadline is not None:
            stopped = len(heat.alive) > 1 and heat.worlds < SETTLED  # by the clock or budget
            if stopped or deadline - clock() < REFINE_SECONDS or done >= cfg.iterations:
                break
            extra += 1
            known = {tuple(c) for c, _ in raced}
            more = [
                list(p)
                for p in refine(game, look, role, best, legal, extra, rng.fork(0x2EF + extra))
                if p and p[0] in legal and tuple(p) not in known
            ]
            if not more:
                break
            cands = [best, *more]
            heat = race(cands, rng.fork(0x5E7 + extra), SETTLED, cfg.iterations - done)
            done += heat.done
            raced += [(cands[i], heat.samples[i]) for i in range(1, len(cands))]
            raced = [(c, s + heat.samples[0] if c == best else s) for c, s in raced]
            best = cands[heat.best]
        order = sorted(raced, key=lambda cs: (cs[0] != best, -len(cs[1]), -_tally(cs[1])[0]))
        result: list[Candidate] = []
        tried: set[Action] = set()
        for cand, samples in order:
            first = cand[0]
            if first not in tried:
                tried.add(first)
                value, wins, known_, ends = _tally(samples)
                plan = list(cand) if len(cand) > 1 else []
                result.append(
                    Candidate(first, len(samples), value, "", "", wins, known_, ends, plan)
                )
        result += [Candidate(a, 0, 0.0) for a in legal if a not in tried]
        return SearchResult(result, done, clock() - start, {}, best[1:])

    def _race(
        self,
        state: State,
        role: str,
        count: int,
        play: Callable[[int, State, Rng, Mapping[str, Member]], Sample],
        rng: Rng,
        deadline: float | None,
        heat: Heat | None = None,
        budget: int | None = None,
        worlds: int | None = None,
    ) -> Heat:
        """Race ``count`` candidates (0 is the default) on shared luck; ``play(i, world,
        roll, others)`` plays candidate ``i`` from a copy of ``world``, the other roles played
        by ``others`` (members of their populations, drawn once a world), and values it for
        ``role``. ``budget``: rollouts (default: the ``iterations`` option); ``worlds``: the
        most worlds to play (default: no limit).

        Returns how the race stands (``Heat``): finished, or stopped by the clock, in which
        case passing it back continues it (from the position then). The rules of the race
        are in ``_flat``'s docstring.

        Under a ``deadline`` a rollout starts only if the mean rollout so far says it ends in
        time (the first of a call always starts, so a race always moves on), and a round the
        clock stops is kept (``Heat.pending``): a continued race plays the rest of it on the
        same world, so no rollout is thrown away (a round of whole-campaign rollouts may take
        longer than one prompt's budget; before, such a round was dropped at every prompt and
        a race of the normal level could take thirty prompts, or never end, on a loaded
        machine).
        """
        game, cfg = self.game, self.cfg
        h = heat if heat is not None else Heat([[] for _ in range(count)], list(range(count)))
        if not h.samples:
            h.samples = [[] for _ in range(count)]
        limit = cfg.iterations if budget is None else budget
        out_of_time = False
        ran = 0  # rollouts in this call: the first always runs, so a race always moves on
        while (
            len(h.alive) > 1
            and h.done + len(h.alive) <= max(limit, len(h.alive))
            and (worlds is None or h.worlds < worlds)
        ):
            got: list[Sample]
            if h.pending is not None:  # finish the round the clock stopped, on its world
                world, roll, picks, got = h.pending
                h.pending = None
            else:
                world = game.determinize(state, role, rng.fork(h.worlds))
                picks = self._picks(rng.fork(0x0BB0 + h.worlds))
                if self.prepare is not None:  # e.g. the other side's member writes its plan
                    world = self.prepare(
                        game, world, role, rng.fork(0x9E9 + h.worlds), self._members(picks)
                    )
                roll = rng.fork(0xF1A7 + h.worlds)
                got = []
            others = self._members(picks)
            for i in h.alive[len(got) :]:
                if deadline is not None and ran:
                    guess = h.spent / h.timed if h.timed else 0.0
                    if clock() + guess > deadline:
                        out_of_time = True  # the next rollout would end past the budget
                        break
                began = clock()
                got.append(play(i, world, roll.copy(), others))
                h.spent += clock() - began
                h.timed += 1
                ran += 1
                if deadline is not None and clock() > deadline:
                    out_of_time = True
                    break
            if len(got) < len(h.alive):
                # the candidates of a round are compared on the same luck: the rest of this
                # one plays the same world at the next call (a continued race), never another
                h.pending = (world, roll, picks, got)
                break
            for i, v in zip(h.alive, got, strict=True):
                h.values[i].append(v[0])
                h.samples[i].append(v)
            h.done += len(h.alive)
            h.worlds += 1
            values = h.values
            if h.worlds >= MIN_WORLDS:
                h.alive = [0] + [i for i in h.alive[1:] if _lead(values[i], values[0], -2.0) > 0]
            if h.worlds == h.cut and len(h.alive) > 2:
                # successive halving: the better half of the challengers plays on
                rivals = sorted(h.alive[1:], key=lambda i: -_lead(values[i], values[0], 0.0))
                h.alive = [0, *sorted(rivals[: (len(rivals) + 1) // 2])]
                h.cut = 2 * h.cut + MIN_WORLDS
            if out_of_time:
                break
        more = (
            len(h.alive) > 1
            and h.done + len(h.alive) <= max(limit, len(h.alive))
            and (worlds is None or h.worlds < worlds)
        )
        h.finished = not (out_of_time and more)  # a race the clock stopped at its end is over
        h.best = 0
        best_low = 0.0
        for i in h.alive[1:]:
            n = len(h.values[i])
            if n >= MIN_WORLDS:
                low = _lead(h.values[i], h.values[0][:n], cfg.z)
                if low > best_low:
                    h.best, best_low = i, low
        return h

    # ----- style search (whole ways of playing) ------------------------------------------------
    def styles_for(self, role: str) -> list[tuple[str, Policy]]:
        """The game's styles for ``role`` (its default first), or []."""
        if self.styles is None:
            return []
        found = self._styles.get(role)
        if found is None:
            found = self._styles[role] = list(self.styles(self.game, role))
        return found

    def race_styles(
        self,
        state: State,
        role: str,
        rng: Rng,
        start: float | None = None,
        order: Sequence[int] | None = None,
        heat: Heat | None = None,
        share: float = 1.0,
    ) -> StyleRace:
        """Which of the game's styles ``role`` should play from here (see ``Styles``).

        A flat paired race like ``_flat``'s, except that a candidate is a style: in each
        world every style still running plays ``role``'s side on its own, the other roles
        playing the rollout policy, for ``depth`` steps (to the game's end when it is
        large), on the same luck. The first style of ``order`` (by default the game's
        order, so the rules player's) is the default. With a ``seconds`` budget (``share``
        of it) the race may stop unfinished; ``heat`` (from the result) continues it at a
        later prompt.
        """
        styles = self.styles_for(role)
        if not styles:
            raise ValueError(f"{self.game.id} offers no styles to race for {role}")
        ranks = list(order) if order is not None else list(range(len(styles)))
        start = clock() if start is None else start
        deadline = start + self.cfg.seconds * share if self.cfg.seconds is not None else None
        game = self.game

        def play(i: int, world: State, roll: Rng, others: Mapping[str, Member]) -> Sample:
            own = styles[ranks[i]][1]
            return self._playout(game.clone(world), role, roll, world, own=own, others=others)

        h = self._race(state, role, len(ranks), play, rng, deadline, heat)
        visits, values = [0] * len(styles), [0.0] * len(styles)
        samples: list[list[Sample]] = [[] for _ in styles]
        for i, k in enumerate(ranks):
            visits[k], values[k] = len(h.values[i]), _mean(h.values[i])
            samples[k] = h.samples[i]
        return StyleRace(
            ranks[h.best],
            [name for name, _ in styles],
            visits,
            values,
            h.done,
            clock() - start,
            h.finished,
            ranks,
            h,
            samples,
        )

    def decide(
        self,
        state: State,
        role: str,
        legal: list[Action],
        default: Action,
        own: Policy,
        rng: Rng,
        start: float,
        style: str = "",
    ) -> SearchResult:
        """Race the candidate actions of a planned prompt (the game's ``candidates``, else every
        legal action), ``default`` (the style's answer) first: each world's candidates are
        followed by ``own`` (the style) for ``role`` and by members of the other roles'
        populations, on the same luck, up to the game's ``horizon`` (else ``depth`` steps),
        and valued by ``evaluate`` (``final`` at the end). ``decide`` rollouts at most, and the
        rest of the ``seconds`` budget counted from ``start``."""
        game, cfg = self.game, self.cfg
        look = game.determinize(state, role, rng.fork(0x10C))
        pool = self.candidates(game, look, role, legal, default) if self.candidates else legal
        cands = [default] + [a for a in pool if a != default and a in legal]
        if len(cands) < 2:
            note = f"the {style} style's answer, the one candidate here" if style else ""
            return SearchResult([Candidate(default, 0, 0.0, style=style)], note=note)
        deadline = start + cfg.seconds if cfg.seconds is not None else None

        def play(i: int, world: State, roll: Rng, others: Mapping[str, Member]) -> Sample:
            w = game.clone(world)
            self._follow(w, role, [cands[i]])
            stop = self._legs(world) if self.horizon is not None and cfg.reach > 1 else self.horizon
            return self._playout(w, role, roll, world, own=own, others=others, stop=stop)

        heat = self._race(state, role, len(cands), play, rng, deadline, budget=cfg.decide)
        order = sorted(
            range(len(cands)),
            key=lambda i: (i != heat.best, -len(heat.values[i]), -_mean(heat.values[i])),
        )
        result = []
        for i in order:
            value, wins, known, ends = _tally(heat.samples[i])
            result.append(
                Candidate(cands[i], len(heat.values[i]), value, "", "", wins, known, ends)
            )
        result[0].style = style if heat.best == 0 else ""
        return SearchResult(result, heat.done, clock() - start)

    def _legs(self, origin: State, hook: Cutoff | None = None) -> Cutoff:
        """The game's ``horizon`` (or ``hook``) reached ``reach`` times, each leg from where
        the last ended (for one rollout from ``origin``: it remembers where its legs began)."""
        horizon, game, marks = hook or self.horizon, self.game, [origin]
        assert horizon is not None

        def stop(g: Game[Any], first: State, state: State) -> bool:
            if not horizon(g, marks[-1], state):
                return False
            if len(marks) >= self.cfg.reach:
                return True
            marks.append(game.clone(state))
            return False

        return stop

    def _follow(self, world: State, role: str, plan: Sequence[Action]) -> None:
        """Play ``role``'s planned actions while they stay its legal choices."""
        game = self.game
        for a in plan:
            if role not in game.active(world) or a not in game.legal_actions(world, role):
                return
            game.apply(world, role, a)
            world.events.clear()

    def _forced(self, world: State, role: str, acts: Sequence[Action], rng: Rng) -> Action | None:
        """The answer no search is spent on: the umpire's (a result entered from the
        table), or the only legal action; None when there is a real choice."""
        if self.umpire is not None:
            told = self.umpire(self.game, world, role, acts, rng)
            if told is not None:
                return told
        return acts[0] if len(acts) == 1 else None

    def _playout(
        self,
        world: State,
        me: str,
        rng: Rng,
        origin: State,
        own: Policy | None = None,
        others: Mapping[str, Member] | None = None,
        stop: Cutoff | None = None,
    ) -> Sample:
        """Play on with the rollout policy for up to ``depth`` steps (or to the game's
        ``cutoff``, or ``stop``, counted from ``origin``); ``me``'s sample of where it ends.
        With ``own``, ``me`` plays that policy (a style) instead; ``others`` play the roles
        they name."""
        game, depth = self.game, self.cfg.depth
        cutoff = stop or self.cutoff
        others = others or {}
        steps = 0
        out = game.outcome(world)
        while out is None and steps < depth:
            if cutoff is not None and cutoff(game, origin, world):
                break
            active = game.active(world)
            if not active:
                break
            role = active[0]
            acts = game.legal_actions(world, role)
            if not acts:
                break  # a determinized world the game cannot go on from: value it as it is
            action = self._forced(world, role, acts, rng)
            if action is None:
                if own is not None and role == me:
                    action = own(game, world, role, acts, rng)
                elif role in others:
                    action = others[role].choose(game, world, role, acts, rng)
                else:
                    action = self._rollout_choice(world, role, acts, rng)
            game.apply(world, role, action)
            world.events.clear()
            steps += 1
            out = game.outcome(world)
        return self._sample(world, out, me)

    def _sample(self, world: State, out: Outcome | None, me: str) -> Sample:
        return (self._values(world, out)[me], self._wins(world, out)[me], out is not None)

    def _wins(self, world: State, out: Outcome | None) -> dict[str, float | None]:
        """Each role's win score where a simulation stopped: the result at the end of the
        game (1 / 1/2 / 0; alone, no win is a loss), the game's fitted win chance
        (``evaluate``) where it was cut off, else None."""
        game = self.game
        if out is not None:
            solo = len(game.roles) == 1
            return {
                r: 1.0 if out.winner == r else 0.5 if out.winner is None and not solo else 0.0
                for r in game.roles
            }
        if self.evaluate is not None:
            return {r: self.evaluate(game, world, r) for r in game.roles}
        return dict.fromkeys(game.roles)

    def _values(self, world: State, out: Outcome | None) -> dict[str, float]:
        game = self.game
        if out is not None:
            if self.final is not None:
                return {r: self.final(game, world, r) for r in game.roles}
            if self.reward is not None:
                return {r: self.reward(game, out, r) for r in game.roles}
            return rewards(game, out)
        if self.evaluate is not None:
            return {r: self.evaluate(game, world, r) for r in game.roles}
        return {r: 0.5 for r in game.roles}

    @staticmethod
    def _settled(root: Node, remaining: int) -> bool:
        """No other action could overtake the most visited one in the iterations left."""
        if len(root.children) < 2:
            return False
        first, second = sorted((c.visits for c in root.children.values()), reverse=True)[:2]
        return first - second > remaining

    def _iterate(self, world: State, me: str, roots: dict[str, Node], rng: Rng) -> None:
        game, cfg = self.game, self.cfg
        cursor: dict[str, Node | None] = dict(roots)
        path: list[tuple[str, Node]] = []
        first = True
        steps = 0
        others = self._draw(rng.fork(0x0BB1)) if self.opponents else {}
        out = game.outcome(world)
        while out is None and steps < cfg.depth:
            active = game.active(world)
            if not active:
                break
            role = me if first and me in active else active[0]
            first = False
            acts = game.legal_actions(world, role)
            if not acts:
                break  # a determinized world the game cannot go on from: value it as it is
            forced = self._forced(world, role, acts, rng)
            if forced is not None:
                action = forced
            elif (
                self.plans is not None
                and self.answer is not None
                and not self.plans(game, world, role, acts)
            ):
                member = others.get(role)
                if member is not None:
                    action = member.choose(game, world, role, acts, rng)
                else:
                    action = self.answer(game, world, role, acts, rng)
            else:
                node = cursor[role]
                if node is None:
                    member = others.get(role)
                    if member is not None:
                        action = member.choose(game, world, role, acts, rng)
                    else:
                        action = self._rollout_choice(world, role, acts, rng)
                else:
                    action, child, fresh = self._select(world, role, node, acts, rng)
                    path.append((role, child))
                    cursor[role] = None if fresh else child
            game.apply(world, role, action)
            world.events.clear()
            steps += 1
            out = game.outcome(world)
        value = self._values(world, out)
        wins = self._wins(world, out)
        for r in game.roles:
            roots[r].visits += 1
        for role, child in path:
            child.visits += 1
            child.total += value[role]
            w = wins[role]
            if w is not None:
                child.wins += w
                child.known += 1
            if out is not None:
                child.ends += 1

    def _select(
        self, world: State, role: str, node: Node, acts: Sequence[Action], rng: Rng
    ) -> tuple[Action, Node, bool]:
        children = node.children
        present: list[tuple[Action, Node]] = []
        untried: list[Action] = []
        for a in acts:
            child = children.get(a)
            if child is None:
                untried.append(a)
            else:
                child.avail += 1
                present.append((a, child))
        limit = 1 + int(self.cfg.widen * math.sqrt(node.visits))
        if untried and len(present) < limit:
            action = self._expand_choice(world, role, untried, rng)
            child = Node()
            children[action] = child
            return action, child, True
        c = self.cfg.c
        # Progressive bias: the child expanded first is the rules policy's choice; it gets a
        # bonus that fades with its visits, so the search leaves it only on evidence.
        bias = self.cfg.bias if self.prior_policy is not None else 0.0
        favourite = next(iter(children)) if bias else None
        best_score = -1.0
        best: tuple[Action, Node] = present[0]
        for a, child in present:
            if child.visits == 0:
                score = 2.0 + rng.random()  # expanded but not yet valued: try it first
            else:
                score = child.total / child.visits + c * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if a == favourite:
                    score += bias / (child.visits + 1)
            if score > best_score:
                best_score, best = score, (a, child)
        return best[0], best[1], False

    def _expand_choice(self, world: State, role: str, untried: list[Action], rng: Rng) -> Action:
        if self.prior_policy is not None and len(untried) > 1:
            choice = self.prior_policy(self.game, world, role, untried, rng)
            if choice in untried:
                return choice
        return untried[rng.below(len(untried))]

    def _rollout_choice(self, world: State, role: str, acts: Sequence[Action], rng: Rng) -> Action:
        if self.policy is not None and rng.random() >= self.cfg.eps:
            return self.policy(self.game, world, role, acts, rng)
        return acts[rng.below(len(acts))]


def own_steps(match: Match, role: str) -> tuple[int, Action | None]:
    """How many steps ``role`` has taken in ``match`` and its last action: what the seat knows
    of the record whatever the game hides (the other roles' secret steps are not counted)."""
    n, last = 0, None
    for st in match.steps:
        if st.role == role:
            n += 1
            last = st.action
    return n, last


@dataclass
class StyleMemory:
    """What the agent keeps between prompts about its style for one role: the epoch key when
    it last chose, the style it plays, and the race still running (the clock stopped it at an
    earlier prompt), if any."""

    key: Hashable
    chosen: int
    race: StyleRace | None = None


class SearchAgent:
    """An agent that searches before every decision that has more than one legal action.

    One agent plays one seat for a whole match and keeps what it learns between prompts:
    the beliefs about the other side (``warroom.ai.population.Tracker``), the style it plays
    and the race of styles under way, the rest of a plan (an order sheet) and the tree after
    its own move. Its generator at a prompt follows from its seed, its role and how many
    steps that role has taken, never from steps it cannot see."""

    def __init__(self, game_id: str, config: SearchConfig | None = None, seed: int = 0) -> None:
        self.name = "search"
        self.game_id = game_id
        self.config = config or SearchConfig()
        self.seed = seed
        self._searchers: dict[int, Searcher] = {}
        self.last: SearchResult | None = None
        self.reuse = True
        """Continue the tree after the agent's own move (its own subtree; the other roles'
        trees start again)."""
        self._kept: tuple[str, str, int, Action, dict[str, Node]] | None = None
        self._plan: tuple[str, str, int, Action, list[Action]] | None = None
        self._style: dict[tuple[str, str], StyleMemory] = {}
        self.race: StyleRace | None = None
        """The last race of styles (for reports and tests)."""
        self.trackers: dict[tuple[str, str], Tracker] = {}
        """Per game and role played: the beliefs about the other roles."""
        self.started: float | None = None
        """When the decision about to be asked for began, by ``clock`` (None: when it is
        asked). Its ``seconds`` budget counts from then: a server worker sets it to when it
        took the prompt, so that bringing the match, the agent and its beliefs up to date is
        paid for out of the budget, not on top of it. Used by one decision, then cleared."""

    def __getstate__(self) -> dict[str, Any]:
        """What ``warroom.ai.base.save_agent`` keeps: the memory (beliefs, style and race
        under way, plan, tree), not the searchers (made again from the game on demand) nor
        the last result (for reports only)."""
        state = dict(self.__dict__)
        state.update(_searchers={}, last=None, race=None, started=None)
        return state

    def _searcher(self, game: Game[Any]) -> Searcher:
        found = self._searchers.get(id(game))
        if found is None:
            found = self._searchers[id(game)] = Searcher(game, self.config)
        return found

    def _rng(self, match: Match, role: str) -> Rng:
        # The seed, the role and the role's own steps so far: the same seed gives the same
        # choices, and nothing the role cannot see (the other side's secret steps) moves it.
        salt = (own_steps(match, role)[0] << 8) ^ match.game.roles.index(role)
        return Rng(self.seed ^ 0x5EA4C4).fork(salt)

    def tracker(self, match: Match, role: str) -> Tracker | None:
        """The beliefs about the other roles, caught up with the match (None when the search
        models them by the rollout policy, ``opponents=rules``, or there are none)."""
        if self.config.opponents != "population" or len(match.game.roles) < 2:
            return None
        slot = (match.game.id, role)
        found = self.trackers.get(slot)
        if found is None:
            found = self.trackers[slot] = Tracker(match.game, role, self.seed)
        found.catch_up(match)
        return found

    def analyse(self, match: Match, role: str) -> SearchResult:
        start = clock() if self.started is None else self.started
        self.started = None
        actions = match.legal(role)
        if not actions:
            raise ValueError(f"{role} has no legal action now")
        searcher = self._searcher(match.game)
        tracker = self.tracker(match, role)  # catching up is paid out of the budget
        searcher.opponents = tracker.beliefs if tracker is not None else {}
        if searcher.styles_for(role):
            self.last = self._styled(match, role, actions, searcher, start)
            return self.last
        mine = own_steps(match, role)[0]
        planned = self._planned(match, role, actions)
        if planned is not None:
            result = SearchResult([Candidate(planned[0], 0, 0.0)], plan=planned[1:])
            result.note = "the next step of the plan chosen earlier (not searched again)"
        else:
            result = searcher.search(
                match.state,
                role,
                actions,
                self._rng(match, role),
                self._continued(match, role),
                start,
            )
        self.last = result
        self._plan = (match.game.id, role, mine, result.best, result.plan)
        if result.roots:
            self._kept = (match.game.id, role, mine, result.best, result.roots)
        return result

    def _styled(
        self,
        match: Match,
        role: str,
        actions: Sequence[Action],
        searcher: Searcher,
        start: float,
    ) -> SearchResult:
        """Answer with the style chosen for this epoch, racing the styles again when the
        game's ``epoch`` key has changed since the last choice (or none was made); at a
        prompt the game plans (``plans``: Card or Map, which RP starts an operation, where a
        stack that may attack goes) and with ``decide`` rollouts, race the candidate actions
        there, each followed by the chosen style, for ``horizon`` (the game's hook) and valued
        by the game's ``evaluate`` (``_decide``).

        With a ``seconds`` budget (the levels people play) a race of styles may take several
        of the role's prompts, each within the budget (half of it when a decision is raced
        too); meanwhile the style played so far answers, and the winner takes over when the
        race ends.
        """
        game, cfg = match.game, self.config
        rng = self._rng(match, role)
        seen = game.determinize(match.state, role, rng.fork(11))  # the hooks see no more
        legal = list(actions)
        if searcher.umpire is not None:
            told = searcher.umpire(game, seen, role, legal, rng.fork(7))
            if told is not None:
                out = SearchResult([Candidate(told, 0, 0.5)])
                out.note = TABLE_NOTE
                return out
        styles = searcher.styles_for(role)
        key = searcher.epoch(game, seen, role) if searcher.epoch is not None else None
        slot = (game.id, role)
        kept = self._style.get(slot)
        chosen = kept.chosen if kept is not None else 0
        deciding = (
            cfg.decide > 0
            and len(legal) > 1
            and searcher.plans is not None
            and searcher.plans(game, seen, role, legal)
        )
        share = 0.5 if deciding else 1.0
        race: StyleRace | None = None
        if kept is None or kept.key != key:
            order = None
            if cfg.keep:  # the style played so far is the default to beat
                order = [chosen] + [i for i in range(len(styles)) if i != chosen]
            race = searcher.race_styles(
                match.state, role, rng.fork(0x57), start=start, order=order, share=share
            )
        elif kept.race is not None:  # the clock stopped this epoch's race: it goes on
            before = kept.race
            race = searcher.race_styles(
                match.state,
                role,
                rng.fork(0x57),
                start=start,
                order=before.order,
                heat=before.heat,
                share=share,
            )
        if race is not None:
            self.race = race
            if race.finished:
                chosen = race.best
            # until an unfinished race ends, the style played so far answers
            self._style[slot] = StyleMemory(key, chosen, None if race.finished else race)
        name, policy = styles[chosen]

        def answer(p: Policy) -> Action:
            choice = p(game, seen, role, legal, rng.fork(0xC0))
            if choice not in legal:
                raise RuntimeError(f"the {game.id} style {name!r} chose {choice!r}")
            return choice

        best = answer(policy)
        context = self._race_note(race, styles, chosen)
        if deciding:
            out = searcher.decide(
                match.state, role, legal, best, policy, rng.fork(0xDEC), start, name
            )
            out.note = "; ".join(x for x in (out.note, context) if x)
            return out
        out = SearchResult([Candidate(best, 0, 0.0, style=name)])
        out.iterations = race.iterations if race is not None else 0
        out.seconds = clock() - start
        out.note = (
            f"answered by the {name} style (this prompt is not searched: the search decides "
            f"Card or Map, operations and attacks, and races whole ways of playing)"
        )
        if context:
            out.note += f"; {context}"
        return out

    @staticmethod
    def _race_note(
        race: StyleRace | None, styles: Sequence[tuple[str, Policy]], chosen: int
    ) -> str:
        """How the last race of styles stands, in words (empty when none ran here)."""
        if race is None:
            return ""
        _, wins, known, ends = _tally(race.samples[chosen]) if race.samples else (0, None, 0, 0)
        state = "chosen by" if race.finished else "a race still running after"
        text = f"the {styles[chosen][0]} style: {state} {race.iterations} simulated games"
        if wins is not None and known:
            text += f"; playing it from here won {wins:.0%} of {known} ({ends} played to the end)"
        return text

    def _planned(self, match: Match, role: str, actions: Sequence[Action]) -> list[Action] | None:
        """The rest of the plan chosen earlier, while the role is carrying it out: its only
        step since was the plan's previous action and the next one is still legal."""
        kept, self._plan = self._plan, None
        if kept is None:
            return None
        game_key, last_role, mine, best, rest = kept
        if game_key != match.game.id or last_role != role or not rest or rest[0] not in actions:
            return None
        now, last = own_steps(match, role)
        if now != mine + 1 or last != best:
            return None
        return list(rest)

    def _continued(self, match: Match, role: str) -> dict[str, Node] | None:
        """The trees to continue: our own subtree after our move, when our only step since
        the last search was that move (the other roles' trees start again: whether they
        moved meanwhile is not ours to know)."""
        kept, self._kept = self._kept, None
        if not self.reuse or kept is None:
            return None
        game_key, last_role, mine, best, roots = kept
        now, last = own_steps(match, role)
        if game_key != match.game.id or last_role != role or now != mine + 1 or last != best:
            return None
        child = roots[role].children.get(best)
        if child is None:
            return None
        out = {r: Node() for r in roots}
        out[role] = child
        return out

    def choose(self, match: Match, role: str) -> Action:
        return self.analyse(match, role).best


TOO_FEW = 10
"""Simulations below which a hint calls an estimate too small to mean much (the 95% interval
of a win chance near one half is then wider than +/- 28 points)."""


def _interval(p: float, n: int) -> tuple[float, float]:
    """A 95% interval for a win chance ``p`` measured over ``n`` simulations: Wilson's (for
    averaged fitted chances as well as results, whose spread it bounds)."""
    from warroom.ai.arena import wilson

    return wilson(p * n, n) if n else (0.0, 1.0)


def _describe(c: Candidate, first: bool, searched: int) -> str:
    """What a hint says about one measured candidate, in words."""
    parts: list[str] = []
    if first:
        parts.append("the search's choice")
    if c.plan:
        parts.append(
            f"the first step of a whole plan of {len(c.plan)} steps the search tried "
            f"(the figures are the plan's, not this step's alone)"
        )
    if c.style:
        parts.append(f"what the {c.style} style plays here")
    if c.wins is None or not c.known:
        parts.append(
            f"{c.visits} simulations, cut off before the end with no estimate of the win "
            "chance: no figure"
        )
    else:
        low, high = _interval(c.wins, c.known)
        if c.ends == c.known:
            what = f"won {c.wins:.0%} (95%: {low:.0%}-{high:.0%}) of {c.known} simulated games"
        else:
            what = (
                f"estimated win chance {c.wins:.0%} (95%: {low:.0%}-{high:.0%}) over {c.known} "
                f"simulations ({c.ends} played to the end, the others valued where they "
                "were cut off)"
            )
        parts.append(what)
        if c.known < TOO_FEW:
            parts.append(f"too few simulations to mean much (fewer than {TOO_FEW})")
    return "; ".join(parts)


def advise(
    match: Match,
    role: str,
    k: int = 3,
    seconds: float = 1.0,
    iterations: int = 100_000,
    seed: int = 0,
) -> dict[str, Any]:
    """Help for a person about to decide for ``role``: the moves the search measured, each
    with its estimated win chance, the simulations behind it and a 95% interval, and plain
    words where the search did not run or measured too little.

    Returns ``{"searched", "simulations", "seconds", "note", "candidates"}``; each candidate
    is ``{"action", "label", "measured", "win", "low", "high", "simulations", "finished",
    "too_few", "chosen", "plan", "style", "reason"}``. ``win`` is a win chance (a draw half), never the
    search's own shaped score. Only measured moves are listed: those measured on ``TOO_FEW``
    simulations or more by estimated win chance, then the others; the search's choice is
    named in its reason (``chosen``), and the note says when the top two intervals overlap.
    When nothing was measured the one candidate is the move the agent would play, with
    ``measured`` false and no figures. Reads only what ``role`` may see (the search
    determinizes)."""
    game = match.game
    legal = match.legal(role)
    if not legal:
        raise ValueError(f"{role} has no legal action now")
    params = {"iterations": str(iterations), "seconds": str(seconds)}
    cfg = SearchConfig.from_params(params, game_hook(game.id, "SEARCH"))
    if cfg.styles and cfg.decide == 0:
        cfg.decide = iterations  # a hint races the moves of a planned prompt too
    agent = SearchAgent(game.id, cfg, seed)
    result = agent.analyse(match, role)
    measured = [c for c in result.candidates if c.visits > 0]
    if len(legal) == 1:
        note = "the only legal move"
    elif not measured:
        note = result.note or "the search did not measure any move here"
        note = f"not searched: {note}"
    else:
        note = result.note
    chosen = result.candidates[0]
    if measured:
        # by estimated win chance, those measured on TOO_FEW simulations or more first; the
        # search's choice is named wherever it stands (it may trail a rival it found no
        # clear evidence for)
        def rank(c: Candidate) -> tuple[bool, float, int]:
            small = c.known < TOO_FEW or c.wins is None
            return (small, -(c.wins if c.wins is not None else -1.0), -c.visits)

        shown = sorted(measured, key=rank)
        figures = [c for c in shown if c.wins is not None and c.known >= TOO_FEW]
        if len(figures) >= 2:
            a, b = figures[0], figures[1]
            assert a.wins is not None and b.wins is not None
            if _interval(a.wins, a.known)[0] <= _interval(b.wins, b.known)[1]:
                tell = "the top two moves' 95% intervals overlap: the search cannot tell them apart"
                note = f"{note}; {tell}" if note else tell
    else:
        shown = [chosen]
    shown = shown[: max(1, k)]
    if chosen.visits > 0 and chosen not in shown:  # the search's choice is always among them
        shown[-1] = chosen
    out: list[dict[str, Any]] = []
    for c in shown:
        item: dict[str, Any] = {
            "action": action_json(c.action),
            "label": game.label(match.state, role, c.action),
            "measured": c.visits > 0,
            "win": None,
            "low": None,
            "high": None,
            "simulations": c.visits,
            "finished": c.ends,
            "too_few": c.visits > 0 and c.known < TOO_FEW,
            "chosen": c is chosen,
            "plan": [],
            "style": c.style,
        }
        if c.plan:
            item["plan"] = [action_json(a) for a in c.plan]
        if c.visits > 0 and c.wins is not None and c.known:
            low, high = _interval(c.wins, c.known)
            item.update(win=round(c.wins, 3), low=round(low, 3), high=round(high, 3))
        if c.visits > 0:
            item["reason"] = _describe(c, c is chosen, result.iterations)
        elif len(legal) == 1:
            item["reason"] = "the only legal move"
        else:
            item["reason"] = note
        out.append(item)
    return {
        "searched": bool(measured),
        "simulations": result.iterations,
        "seconds": round(result.seconds, 3),
        "note": note,
        "candidates": out,
    }


def hints(
    match: Match,
    role: str,
    k: int = 3,
    seconds: float = 1.0,
    iterations: int = 100_000,
    seed: int = 0,
) -> list[dict[str, Any]]:
    """The candidates of ``advise`` (see there)."""
    out: list[dict[str, Any]] = advise(match, role, k, seconds, iterations, seed)["candidates"]
    return out


def _make_search(game_id: str, params: dict[str, str], seed: int) -> SearchAgent:
    return SearchAgent(
        game_id, SearchConfig.from_params(params, game_hook(game_id, "SEARCH")), seed
    )


AGENT_KINDS["search"] = _make_search
