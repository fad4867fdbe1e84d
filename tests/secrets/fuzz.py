"""The leak fuzzer's machinery: positions, twins, and what a role receives.

A *twin* of a position is another position that differs only in what one role (or an
observer) may not know. Everything that role receives must then be byte-identical in
the two. Twins are built five ways:

- ``dice``: the same state with another generator state (different future dice);
- ``determinize``: the game's ``determinize`` for a role (the other side's secrets
  resampled); the observer knows no more than any seat, so it is compared too;
- ``choice``: two roles act at once and one of them (B) plays its pending secret choice
  two ways; the other (A), still to choose, and the observer must see nothing of it;
- ``count``: the same, one position before B's choice and one after (A still to choose,
  the active roles unchanged): A and the observer must not see that B chose at all, so no
  step counter, paging number or undo flag may move. And for a role C not to act, before
  and after a step of B that changes neither C's game view, C's log nor who is to act:
  nothing else C gets may move either (its step counter, its undo flag).
- ``unseen``: a role C not to act while B acts: B's step made two ways that the game's own
  ``determinize`` for C cannot tell apart (the same state dealt from both, the same log
  for C, the same roles to act). What C and the observer receive must then be the same
  too: the view, the text board, the prompt of the match. The other kinds compare a state
  with its determinization (so they cannot see what ``determinize`` keeps as it is) or
  vary a choice made while C is to act (or one that leaves C's view as it was): none
  varies a step already made out of C's sight. Only built when asked for (``kinds``): it
  costs a determinization per fork.

What a role receives (``engine_channels``): ``Match.view`` (step, active, log), the game's
view and text board, the prompt (text, actions, labels), its visible log in words, the
undo flag, the answers to illegal actions, the game's ``determinize`` for it (what the
search reads), and the rule-based player's choice (a computer seat's input).

The server's channels are in ``server_channels`` (tests/secrets/serve.py).
"""

from __future__ import annotations

import copy
import itertools
import json
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from warroom.engine import Game, IllegalAction, Match, Rng, action_json, visible
from warroom.engine.contract import Action, declared_fields

Viewer = str | None
"""A role, or None for an observer (the watch link)."""


# ----- set-ups ----------------------------------------------------------------------------------
def covering(keys: Sequence[str]) -> list[dict[str, bool]]:
    """Boolean option sets: every combination when there are at most three, else a set that
    covers every pair of values of every two options (all off and all on among them)."""
    k = len(keys)
    rows = list(itertools.product((False, True), repeat=k))
    if k <= 3:
        chosen = rows
    else:
        chosen = [rows[0], rows[-1]]
        need = {
            (i, j, a, b)
            for i, j in itertools.combinations(range(k), 2)
            for a in (False, True)
            for b in (False, True)
        }

        def covers(row: tuple[bool, ...]) -> set[tuple[int, int, bool, bool]]:
            return {(i, j, row[i], row[j]) for i, j in itertools.combinations(range(k), 2)}

        for row in chosen:
            need -= covers(row)
        while need:
            best = max(rows, key=lambda r: len(covers(r) & need))
            chosen.append(best)
            need -= covers(best)
    return [dict(zip(keys, row, strict=True)) for row in chosen]


def setups(g: Game[Any]) -> list[tuple[str, dict[str, Any]]]:
    """Every scenario and a covering set of option sets (each at least once), without the
    combinations the game refuses."""
    flags = [o.key for o in g.options if isinstance(o.default, bool)]
    sets = covering(flags)
    scens = [s.id for s in g.scenarios]
    out = []
    for i in range(max(len(scens), len(sets))):
        scen, opts = scens[i % len(scens)], sets[i % len(sets)]
        try:
            g.check_setup(scen, opts)
        except Exception:
            continue
        out.append((scen, opts))
    return out


def setup_id(scen: str, opts: dict[str, Any]) -> str:
    return f"{scen}-{'+'.join(k for k, v in opts.items() if v) or 'plain'}"


# ----- matches ----------------------------------------------------------------------------------
def fork(m: Match) -> Match:
    """An independent match at the same point with its log and undo points: states are
    never changed once a match holds them (``act`` applies to a clone), so they are shared;
    every list or dict the match keeps is copied."""
    new = type(m)(m.game, m.scenario, m.options, m.seed, m.state)
    for cls in type(m).__mro__:
        for name in declared_fields(cls):  # (its slots; a compiled class has none: setup.py)
            if hasattr(m, name):
                value = getattr(m, name)
                setattr(new, name, copy.copy(value) if isinstance(value, (list, dict)) else value)
    return new


def with_state(m: Match, state: Any) -> Match:
    """A fork of ``m`` holding another state (its log and step count kept)."""
    new = fork(m)
    new.state = state
    return new


@dataclass
class Position:
    match: Match
    step: int
    source: str  # "random" or "rules"
    words: list[str] = field(default_factory=list)  # strings seen in actions so far


def play(
    game: Game[Any],
    scenario: str,
    options: dict[str, Any],
    seed: int,
    wanted: int,
    agent: str = "random",
    max_steps: int = 3000,
) -> list[Position]:
    """About ``wanted`` positions of one seeded game, spread over it, the positions where
    several roles act at once (secret simultaneous choices) six times as likely to be taken
    as the others. The game is played once to learn its course, then again to take them."""
    m = Match.new(game, scenario, options, seed)
    rng = Rng(seed * 7919 + 17)
    rules = None
    if agent == "rules":
        from warroom.ai.base import RulesAgent

        rules = RulesAgent(game.id, seed)
    words: set[str] = set()
    weights: list[int] = []
    while not m.over and len(m.steps) < max_steps:
        active = m.active
        for r in active:
            for a in m.legal(r)[:50]:
                words.update(str(x) for x in a if isinstance(x, str))
        weights.append(6 if len(active) > 1 else 1)
        role = active[rng.below(len(active))]
        if rules is not None:
            action = rules.choose(m, role)
        else:
            legal = m.legal(role)
            action = legal[rng.below(len(legal))]
        m.act(role, action)
    weights.append(1)
    total = sum(weights)
    pick = Rng(seed * 31 + 5)
    taken = {i for i, w in enumerate(weights) if pick.random() < wanted * w / total}
    taken.add(len(weights) - 1)  # the end (or where the game was cut)
    record = m.record()
    again = Match.new(game, scenario, options, seed)
    out = []
    for i in range(len(weights)):
        if i in taken:
            out.append(Position(fork(again), i, agent, sorted(words)))
        if i < len(record["actions"]):
            r, a = record["actions"][i]
            again.act(r, a)
    return out


# ----- what a role receives ---------------------------------------------------------------------
def dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=repr)


def probes(m: Match, viewer: Viewer, words: Sequence[str], rng: Rng) -> list[Action]:
    """Actions to try that are (mostly) not legal: garbage, the other roles' actions, and the
    viewer's own actions with one part replaced by a name seen in the game."""
    out: list[Action] = [("no-such-action",), ("",)]
    g = m.game
    for r in g.roles:
        if r != viewer:
            out.extend(m.legal(r)[:2])
    if viewer is not None:
        own = m.legal(viewer)
        for a in own[:3]:
            for i, part in enumerate(a):
                if isinstance(part, str) and i > 0 and words:
                    pool = list(words)
                    rng.shuffle(pool)
                    for w in pool[:3]:
                        out.append((*a[:i], w, *a[i + 1 :]))
    seen: set[str] = set()
    uniq = []
    for a in out:
        key = dump(action_json(a))
        if key not in seen:
            seen.add(key)
            uniq.append(a)
    return uniq


def answer(m: Match, role: str, action: Action) -> str:
    """What ``Match.act`` answers (on a fork, so nothing changes)."""
    try:
        fork(m).act(role, list(action_json(action)))
    except IllegalAction as exc:
        return f"{type(exc).__name__}: {exc}"
    return "accepted"


def engine_channels(
    m: Match, viewer: Viewer, tries: Sequence[Action], deep: bool = True
) -> dict[str, str]:
    """Everything ``viewer`` receives from the engine at this position, as text."""
    g = m.game
    out = {
        "Match.view": dump(m.view(viewer)),
        "Game.view": dump(g.view(m.state, viewer)),
        "render_text": g.render_text(m.state, viewer),
        "log text": dump([g.describe_event(e) for e in m.events_for(viewer)]),
    }
    if viewer is None:
        return out
    out["prompt"] = dump(m.prompt(viewer).to_json())
    out["can_undo"] = dump(m.can_undo(viewer))
    out["errors"] = dump([[action_json(a), answer(m, viewer, a)] for a in tries])
    if deep:
        if g.hidden_information:
            seen = g.determinize(m.state, viewer, Rng(4242))
            out["determinize"] = dump(g.snapshot(seen))
        if viewer in m.active:
            out["rules player"] = dump(rules_choice(m, viewer))
    return out


def rules_choice(m: Match, role: str) -> Any:
    from warroom.ai.base import rules_policy

    policy = rules_policy(m.game.id)
    if policy is None:
        return None
    legal = m.legal(role)
    return action_json(policy(m.game, m.state, role, legal, Rng(99)))


# ----- twins ------------------------------------------------------------------------------------
@dataclass
class Twin:
    kind: str  # dice, determinize, choice, count, unseen
    viewers: tuple[Viewer, ...]  # who must not tell the two apart
    a: Match
    b: Match
    note: str


KINDS = ("dice", "determinize", "choice", "count")
"""The twin kinds built unless others are asked for (``unseen`` costs more: only on demand)."""

UNSEEN_PICKS = 6
"""How many of B's legal actions an ``unseen`` twin tries (the first, the last, random ones)."""


def twins(pos: Position, rng: Rng, kinds: Sequence[str] = KINDS) -> Iterator[Twin]:
    m = pos.match
    g = m.game
    if "unseen" in kinds:
        yield from unseen_twins(m, rng.fork(0x5EE))
    if not set(kinds) & set(KINDS):
        return
    viewers: tuple[Viewer, ...] = (*g.roles, None)
    # other future dice
    other = g.clone(m.state)
    other.rng = Rng(rng.below(2**62) + 1)
    yield Twin("dice", viewers, m, with_state(m, other), "another generator state")
    # the game's determinize: what the role cannot see, resampled
    if g.hidden_information:
        for r in g.roles:
            seen = g.determinize(m.state, r, Rng(rng.below(2**62) + 3))
            yield Twin("determinize", (r, None), m, with_state(m, seen), f"determinize for {r}")
    # the other side's pending secret choice
    active = m.active
    for b_role in active:
        legal = m.legal(b_role)
        if not legal:
            continue
        picks = sorted({0, len(legal) - 1, rng.below(len(legal))})
        forks = []
        for i in picks:
            t = fork(m)
            t.act(b_role, legal[i])
            forks.append((legal[i], t))
        for a_role in active:
            if a_role == b_role:
                continue
            played = [(x, t) for x, t in forks if a_role in t.active]
            for (x, tx), (y, ty) in itertools.combinations(played, 2):
                if tx.active == ty.active:
                    note = f"{b_role} plays {action_json(x)} or {action_json(y)}"
                    yield Twin("choice", (a_role, None), tx, ty, note)
            for x, tx in played:
                if tx.active == m.active:
                    note = f"before or after {b_role} plays {action_json(x)}"
                    yield Twin("count", (a_role, None), m, tx, note)
        # a role not to act, shown nothing of the step (its view and log unchanged, who is
        # to act unchanged): nothing else it gets may tell that the step was made
        for v in g.roles:
            if v in active:
                continue
            for x, tx in forks:
                if tx.active != m.active or g.view(tx.state, v) != g.view(m.state, v):
                    continue
                if any(visible(e, v) for e in tx.log[len(m.log) :]):
                    continue
                note = f"before or after {b_role} plays {action_json(x)} (unseen, not to act)"
                yield Twin("count", (v,), m, tx, note)


def unseen_twins(m: Match, rng: Rng) -> Iterator[Twin]:
    """``unseen`` twins: for each role C not to act, B's step made two ways whose states the
    game's ``determinize`` for C deals alike, with the same log for C (the game's own word
    that C cannot tell them apart)."""
    g = m.game
    if not g.hidden_information:
        return
    active = m.active
    idle = [v for v in g.roles if v not in active]
    if not idle:
        return
    for b_role in active:
        legal = m.legal(b_role)
        if len(legal) < 2:
            continue
        picks = {0, len(legal) - 1}
        while len(picks) < min(UNSEEN_PICKS, len(legal)):
            picks.add(rng.below(len(legal)))
        forks = []
        for i in sorted(picks):
            t = fork(m)
            t.act(b_role, legal[i])
            forks.append((legal[i], t))
        for v in idle:
            alike: dict[str, list[tuple[Action, Match]]] = {}
            for x, t in forks:
                seen = g.determinize(t.state, v, Rng(4243))
                # the state as C may know it, and the history C was told (a public event
                # is a fact C knows even where the state no longer shows it)
                key = dump([t.active, g.snapshot(seen), list(t.events_for(v))])
                alike.setdefault(key, []).append((x, t))
            for same in alike.values():
                for (x, tx), (y, ty) in itertools.combinations(same, 2):
                    note = f"{b_role} plays {action_json(x)} or {action_json(y)}, unseen by {v}"
                    yield Twin("unseen", (v, None), tx, ty, note)


def first_difference(x: str, y: str, width: int = 90) -> str:
    i = next((k for k, (p, q) in enumerate(zip(x, y, strict=False)) if p != q), min(len(x), len(y)))
    lo = max(0, i - width // 2)
    return f"...{x[lo : i + width // 2]!r}... vs ...{y[lo : i + width // 2]!r}..."


@dataclass
class Findings:
    """Differences found, by channel, with the first example of each."""

    checked: int = 0  # viewer-twins compared
    compared: int = 0  # channels compared (over all viewer-twins)
    channels: Counter[str] = field(default_factory=Counter)  # channel name -> times compared
    by_channel: dict[str, list[str]] = field(default_factory=dict)

    def add(self, channel: str, text: str) -> None:
        self.by_channel.setdefault(channel, []).append(text)

    def summary(self) -> str:
        lines = []
        for ch, items in sorted(self.by_channel.items()):
            lines.append(f"{ch}: {len(items)} differences; first: {items[0]}")
        return "\n".join(lines)


def compare(
    twin: Twin, pos: Position, found: Findings, channels: Any, label: str, rng: Rng
) -> None:
    """Compare every channel of every viewer of ``twin``; differences go into ``found``."""
    for viewer in twin.viewers:
        tries = probes(twin.a, viewer, pos.words, rng.fork(7))
        ca = channels(twin.a, viewer, tries)
        cb = channels(twin.b, viewer, tries)
        found.checked += 1
        found.compared += len(ca)
        found.channels.update(ca.keys())
        for name in ca:
            if ca[name] != cb.get(name):
                where = (
                    f"{label} {pos.source} step {pos.step}, {twin.kind} twin ({twin.note}),"
                    f" seen by {viewer or 'the observer'}"
                )
                found.add(f"{twin.kind}/{name}", f"{where}: {first_difference(ca[name], cb[name])}")
