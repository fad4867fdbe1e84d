"""Who the other side might be: a population of ways of playing, and a belief over it.

The search no longer assumes that its opponent is our rules player. For each role it may
meet it keeps a **population** of members, each a policy the search can run inside its
simulations: the rules player, the game's styles (``warroom.ai.values.<game>.styles``), the
exploit scripts of ``warroom.ai.exploits.<game>`` (one-sided habits a person might adopt:
strongholds, massing on one objective, never attacking ...) and **noise** (uniform over the
listed actions, so that nothing the opponent does has zero probability).

A **belief** weighs the members. It starts at their priors and is updated by what the
opponent is seen to do: for each of its decisions that the searcher's side may see (the
game's ``observed`` hook says which; none in a game without it that hides anything), every
member is asked what it would have done in that position *as the searcher saw it* (a
``determinize`` of the state before the decision for the searcher's role, so the hand and
cups it cannot see are guesses, and so are the actions listed there, which a hand shapes),
and its weight is multiplied by the likelihood of the action actually taken: ``(1 - eps) * [same action] + eps / (number of actions)`` (noise:
``1 / (number of actions)``). A little of the prior is mixed back after each update
(``mix``), so an opponent that changes its habits mid-game is followed.

In a search, each determinized world draws one member from the belief for each other role,
and that member plays the role in the world's simulations (the same member for every
candidate of the world, so candidates are still compared on the same luck).

A game whose plans are secret when written and shown later (Commanders' order sheets) offers
``plan_opens``, ``plan_shown`` and ``plan_of`` hooks: the tracker keeps the position a plan was
begun from and, once the plan is shown to everyone, weighs every member by how likely it was
to write it from there (``plan_likelihoods``).

``Tracker`` follows a match for one seat: it replays the steps it has not seen yet on a
shadow state (read only through ``determinize`` for the seat's role, like the search
itself: the evidence of a move and the position a plan was opened from are both
determinizations) and updates the beliefs. It keeps nothing a replay of the match's record cannot
rebuild, so an agent made again after a server restart and caught up with the record holds
the same beliefs.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from warroom.ai.base import Policy, rules_policy
from warroom.engine import Action, Game, Match, Rng, State

Observed = Callable[[Game[Any], State, str, Action], bool]
"""Whether the other roles see ``actor`` take ``action`` in ``state`` (before it is applied),
so that it may count as evidence of its way of playing."""

PlanOpens = Callable[[Game[Any], State, str], bool]
"""Whether ``actor`` starts writing a secret plan (an order sheet) in ``state``, before its
step: the position is kept until the plan is shown."""
PlanShown = Callable[[Game[Any], Sequence[Any], str], Mapping[Hashable, int] | None]
"""The orders of ``actor``'s plan that the events of a step show everyone (each with how many
times it was given), or None when they show none."""
PlanOf = Callable[[Game[Any], State, str, "Member", Rng], Mapping[Hashable, int]]
"""The plan ``member`` would have written for ``actor`` from ``state`` (the position kept when
the plan was opened), as ``PlanShown`` counts its orders."""

PLAN_CHOICES = 20
"""Plans: the orders a noise member picks among (about the orders a Commanders sheet may
give)."""
PLAN_TEMPER = 0.5
"""Plans: the power a plan's likelihood is raised to (a sheet's orders are not independent
draws: a member that writes one of them is likely to write the next)."""

EPS = 0.25
"""The chance a member is taken to deviate from its own choice (its randomness, the hand
the searcher could only guess)."""
MIX = 0.02
"""The share of the prior mixed back into the belief after each update."""
NOISE_PRIOR = 0.05
RULES_PRIOR = 0.25


@dataclass(frozen=True)
class Member:
    """One way the other side might play: a policy (None: uniform over the listed actions)."""

    name: str
    policy: Policy | None
    prior: float

    def choose(
        self, game: Game[Any], state: State, role: str, actions: Sequence[Action], rng: Rng
    ) -> Action:
        if self.policy is None:
            return actions[rng.below(len(actions))]
        choice = self.policy(game, state, role, actions, rng)
        return choice if choice in actions else actions[rng.below(len(actions))]


def exploit_scripts(game_id: str, role: str) -> list[tuple[str, Policy]]:
    """The exploit scripts of ``warroom.ai.exploits.<game>`` that play ``role``."""
    name = game_id.replace("-", "_")
    module_name = f"warroom.ai.exploits.{name}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:
            return []
        raise
    out: list[tuple[str, Policy]] = []
    for script in module.SCRIPTS.values():
        policy = script.policy_for(role)
        if policy is not None:
            out.append((script.name, policy))
    return out


def members(game: Game[Any], role: str) -> list[Member]:
    """The population for ``role``: rules, the game's styles, the exploit scripts, noise.

    Priors: the rules player ``RULES_PRIOR``, noise ``NOISE_PRIOR``, the rest shared out
    equally among the other members (two members with one name are one member)."""
    from warroom.ai.search import game_hook

    found: list[tuple[str, Policy]] = []
    rules = rules_policy(game.id)
    if rules is not None:
        found.append(("rules", rules))
    styles = game_hook(game.id, "styles")
    if styles is not None:
        found += [(n, p) for n, p in styles(game, role) if n != "rules"]
    found += [(f"script:{n}", p) for n, p in exploit_scripts(game.id, role)]
    names: set[str] = set()
    unique = []
    for n, p in found:
        if n not in names:
            names.add(n)
            unique.append((n, p))
    others = [x for x in unique if x[0] != "rules"]
    share = (1.0 - RULES_PRIOR - NOISE_PRIOR) / len(others) if others else 0.0
    out = [
        Member(n, p, RULES_PRIOR if n == "rules" else share)
        for n, p in unique
        if n == "rules" or share > 0
    ]
    out.append(Member("noise", None, NOISE_PRIOR))
    total = sum(m.prior for m in out)
    return [Member(m.name, m.policy, m.prior / total) for m in out]


@dataclass
class Belief:
    """Weights over the members of one role's population (they sum to 1)."""

    members: list[Member]
    weights: list[float] = field(default_factory=list)
    updates: int = 0
    """Decisions of the role that changed the belief (where the members disagreed)."""

    def __post_init__(self) -> None:
        if not self.weights:
            self.weights = [m.prior for m in self.members]

    def update(
        self,
        game: Game[Any],
        seen: State,
        actor: str,
        actions: Sequence[Action],
        action: Action,
        rng: Rng,
        eps: float = EPS,
        mix: float = MIX,
    ) -> bool:
        """Weigh the members by the likelihood of ``action`` among ``actions`` (``seen``: the
        position as the searcher saw it). False when every member would have done the same
        (nothing learned)."""
        n = len(actions)
        if n < 2:
            return False
        likes: list[float] = []
        for i, m in enumerate(self.members):
            if m.policy is None:
                likes.append(1.0 / n)
                continue
            choice = m.choose(game, game.clone(seen), actor, actions, rng.fork(i))
            likes.append((1.0 - eps) * (choice == action) + eps / n)
        return self.weigh(likes, mix)

    def weigh(self, likes: Sequence[float], mix: float = MIX) -> bool:
        """Multiply each member's weight by its likelihood of what was seen (``likes``, one a
        member), then mix a little of the prior back. False when they are all alike."""
        if max(likes) - min(likes) < 1e-12 * max(likes):
            return False
        post = [w * lk for w, lk in zip(self.weights, likes, strict=True)]
        total = sum(post)
        if total <= 0.0:
            return False
        self.weights = [
            (1.0 - mix) * p / total + mix * m.prior for p, m in zip(post, self.members, strict=True)
        ]
        self.updates += 1
        return True

    def sample(self, rng: Rng) -> Member:
        """One member, drawn by weight."""
        x = rng.random()
        acc = 0.0
        for m, w in zip(self.members, self.weights, strict=True):
            acc += w
            if x < acc:
                return m
        return self.members[-1]

    def top(self, k: int = 3) -> list[tuple[str, float]]:
        """The ``k`` likeliest members and their weights."""
        ranked = sorted(zip(self.members, self.weights, strict=True), key=lambda mw: -mw[1])
        return [(m.name, w) for m, w in ranked[:k]]

    def entropy(self) -> float:
        return -sum(w * math.log(w) for w in self.weights if w > 0)


def plan_likelihoods(
    members: Sequence[Member],
    plans: Sequence[Mapping[Hashable, int] | None],
    shown: Mapping[Hashable, int],
    eps: float = EPS,
) -> list[float]:
    """Each member's likelihood of the ``shown`` plan (scaled so the likeliest is 1): every
    order shown is drawn from the member's own plan (``plans``, None for noise) with chance
    ``1 - eps``, else from ``PLAN_CHOICES`` orders at random; tempered by ``PLAN_TEMPER``."""
    logs: list[float] = []
    for plan in plans:
        total = sum(plan.values()) if plan else 0
        ll = 0.0
        for order, n in shown.items():
            own = (plan.get(order, 0) / total) if plan and total else 0.0
            p = (1.0 - eps) * own + eps / PLAN_CHOICES if plan is not None else 1 / PLAN_CHOICES
            ll += n * math.log(p)
        logs.append(PLAN_TEMPER * ll)
    top = max(logs)
    return [math.exp(x - top) for x in logs]


class Tracker:
    """Follows one match for one seat: beliefs over the other roles, from what the seat saw.

    ``catch_up(match)`` replays the steps added since the last call on a shadow state (a
    copy of the true state, read only through ``determinize`` for ``role``) and updates the
    other roles' beliefs with each decision of theirs the game's ``observed`` hook says the
    seat saw. Everything here follows from the record and the seed: a tracker made again and
    caught up with the same record holds the same beliefs. The generator of each update is
    forked by how many of the other roles' decisions the seat has seen, never by the number
    of steps (which counts the other side's secret ones).

    Pickled (``warroom.ai.base.save_agent``), it keeps the weights and the steps it has seen;
    the members, hooks and shadow state are made again from the match at the next
    ``catch_up`` (the shadow by replaying the steps seen, without weighing them again)."""

    def __init__(self, game: Game[Any], role: str, seed: int = 0) -> None:
        self.role = role
        self.seed = seed
        self.game: Game[Any] | None = None
        self.beliefs: dict[str, Belief] = {}
        self.observed: Observed | None = None
        self._shadow: State | None = None
        self._seen: list[tuple[str, Action]] = []
        self._origin: tuple[Any, ...] | None = None
        self._told = 0
        """The other roles' decisions seen so far (the updates' generator counter)."""
        self._opened: dict[str, State] = {}
        """Per other role writing a secret plan: the position it started from (until shown),
        as the seat saw it (``determinize`` for ``role``: the other side's secrets and the
        future dice are guesses)."""
        self._opens = 0
        """Plans opened since the set-up (the generator counter of those determinizations: a
        replay of the steps seen counts them again, so ``_restore`` draws the same guesses)."""
        self._plans: tuple[PlanOpens, PlanShown, PlanOf] | None = None
        self._bind(game)

    def _bind(self, game: Game[Any]) -> None:
        from warroom.ai.search import game_hook

        self.game = game
        kept = {r: (b.weights, b.updates) for r, b in self.beliefs.items()}
        self.beliefs = {r: Belief(members(game, r)) for r in game.roles if r != self.role}
        for r, (weights, updates) in kept.items():
            b = self.beliefs.get(r)
            if b is not None and len(weights) == len(b.members):
                b.weights, b.updates = list(weights), updates
        hook: Observed | None = game_hook(game.id, "observed")
        self.observed = hook
        hooks = [game_hook(game.id, n) for n in ("plan_opens", "plan_shown", "plan_of")]
        self._plans = (hooks[0], hooks[1], hooks[2]) if all(hooks) else None

    def __getstate__(self) -> dict[str, Any]:
        return {
            "role": self.role,
            "seed": self.seed,
            "weights": {r: (b.weights, b.updates) for r, b in self.beliefs.items()},
            "seen": self._seen,
            "origin": self._origin,
            "told": self._told,
        }
        # the positions plans were opened from are made again by replaying the steps seen

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.role, self.seed = state["role"], state["seed"]
        self.game = None
        self.observed = None
        self._shadow = None
        self._seen = state["seen"]
        self._origin = state["origin"]
        self._told = state["told"]
        self._weights: dict[str, tuple[list[float], int]] | None = state["weights"]
        self.beliefs = {}
        self._opened = {}
        self._opens = 0
        self._plans = None

    def _restore(self, match: Match) -> bool:
        """After unpickling: bind the match's game, put the weights back and replay the steps
        seen on a new shadow state. False when the match is not the one the tracker saw."""
        game = match.game
        weights = getattr(self, "_weights", None) or {}
        self._weights = None
        seen = self._seen
        if [(st.role, st.action) for st in match.steps[: len(seen)]] != seen:
            return False
        self._bind(game)
        for r, (w, updates) in weights.items():
            b = self.beliefs.get(r)
            if b is not None and len(w) == len(b.members):
                b.weights, b.updates = list(w), updates
        shadow = Match.new(game, match.scenario, match.options, match.seed).state
        self._opened = {}
        self._opens = 0
        for role, action in seen:
            self._open(shadow, role)
            game.apply(shadow, role, action)
            self._shown(shadow, weigh=False)  # already in the weights put back
            shadow.events.clear()
        self._shadow = shadow
        return True

    def catch_up(self, match: Match) -> None:
        game = match.game
        origin = (match.scenario, repr(sorted(match.options.items())), str(match.seed))
        if self.game is None and (origin != self._origin or not self._restore(match)):
            self._bind(game)
            self._shadow = None
        steps = match.steps
        done = len(self._seen)
        if (
            self._shadow is None
            or origin != self._origin
            or len(steps) < done
            or [(st.role, st.action) for st in steps[:done]] != self._seen
        ):  # the first call, another match or an undo: start again from the set-up
            self._shadow = Match.new(game, match.scenario, match.options, match.seed).state
            self._seen = []
            self._told = 0
            self._opened = {}
            self._opens = 0
            done = 0
            self._origin = origin
            self.beliefs = {r: Belief(members(game, r)) for r in game.roles if r != self.role}
        shadow = self._shadow
        assert shadow is not None
        for k in range(done, len(steps)):
            st = steps[k]
            if st.role != self.role and st.role in self.beliefs and self._evidence(shadow, st):
                # the other side's listed actions as the seat may guess them: its true ones
                # tell its hand (a card's event listed beside the moves of an operation)
                self._told += 1
                rng = Rng(self.seed ^ 0xB11EF).fork(self._told)
                seen = game.determinize(shadow, self.role, rng.fork(1))
                legal = list(game.legal_actions(seen, st.role))
                if len(legal) > 1 and st.action in legal:
                    self.beliefs[st.role].update(game, seen, st.role, legal, st.action, rng)
            self._open(shadow, st.role)
            game.apply(shadow, st.role, st.action)
            self._shown(shadow, weigh=True)
            shadow.events.clear()
            self._seen.append((st.role, st.action))

    def _open(self, shadow: State, actor: str) -> None:
        """Keep the position ``actor`` starts a secret plan from (the game's ``plan_opens``),
        as the seat sees it: a ``determinize`` of the shadow for the seat's role, never the
        shadow itself, whose hidden parts (the other side's secrets, the future dice) the
        seat cannot know. Its generator follows from the seed and the number of plans opened
        so far, which a replay of the steps seen counts again (``_restore``)."""
        if self._plans is None or actor == self.role or actor not in self.beliefs:
            return
        game = self.game
        assert game is not None
        if actor not in self._opened and self._plans[0](game, shadow, actor):
            self._opens += 1
            rng = Rng(self.seed ^ 0x0BE2ED).fork(self._opens)
            self._opened[actor] = game.determinize(shadow, self.role, rng)

    def _shown(self, shadow: State, weigh: bool) -> None:
        """When a step's events show an opened plan (the game's ``plan_shown``), weigh each
        member by how likely it was to write it from the position kept (``plan_of``): the
        plan, once shown to everyone, is evidence like a move seen when made."""
        if self._plans is None or not self._opened:
            return
        game = self.game
        assert game is not None
        _, shown_hook, plan_of = self._plans
        for actor in list(self._opened):
            shown = shown_hook(game, shadow.events, actor)
            if shown is None:
                continue
            start = self._opened.pop(actor)
            if not weigh or not shown:
                continue
            self._told += 1
            rng = Rng(self.seed ^ 0xB11EF).fork(self._told)
            belief = self.beliefs[actor]
            plans = [
                None if m.policy is None else plan_of(game, start, actor, m, rng.fork(i))
                for i, m in enumerate(belief.members)
            ]
            belief.weigh(plan_likelihoods(belief.members, plans, shown))

    def _evidence(self, state: State, step: Any) -> bool:
        game = self.game
        assert game is not None
        if self.observed is None:
            return not game.hidden_information and not game.simultaneous
        return bool(self.observed(game, state, step.role, step.action))

    def mixture(self) -> dict[str, Belief]:
        return self.beliefs
