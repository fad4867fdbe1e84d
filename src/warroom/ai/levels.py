"""Difficulty levels for people: easy, normal and hard, each an agent with a budget.

``difficulty("normal", "commanders", seed)`` is what the web server calls when a
person picks an opponent. Normal answers in at most about 2 s a decision on
this machine; hard thinks a few seconds longer; easy is the rule-based policy
that now and then picks a move at random (or a short search where a game has
no rule-based policy yet). Where a game's search races styles (whole ways of playing,
each tried in simulations to the end of the game: the two campaigns), normal runs a race of
the game's own size spread over the role's next prompts and races the moves of the prompts
the campaign plans (Card or Map, which operation, where a stack attacks), ``NORMAL_DECIDE``
rollouts each; hard runs a race of styles four times that size and races those moves with
``HARD_DECIDE`` rollouts each (by game: 96 in Roads to Stalingrad, 32 in Coral Sea) that look
``HARD_REACH`` times as far ahead (12 cards instead of 4 before they are valued).
"""

from __future__ import annotations

from warroom.ai.base import Agent, RandomAgent, RulesAgent, rules_policy
from warroom.ai.search import SearchAgent, SearchConfig, game_hook
from warroom.engine import Action, Match, Rng

LEVELS = ("easy", "normal", "hard")

NORMAL_SECONDS = 1.2
"""Leaves room for the last iteration (up to a few tenths of a second in the big games)."""
HARD_SECONDS = 5.0
NORMAL_DECIDE = {"roads-to-stalingrad": 16, "coral-sea": 16}
"""Rollouts per planned prompt for ``normal``, by game (the games whose search races styles;
none elsewhere). Roads to Stalingrad: 65/80 against normal without them and 78-98% against
the four opponents that normal was unclear against. Coral Sea, with the Allied race starting
from ``pacific``: 74% against the rules player (both seats, 300 games) and, in its own seat
against the fixed style each pair is weakest against, 63% as Japan against ``pacific`` where
normal without them scored 47% (before ``pacific`` led the Allied race they had made the
Allied normal weaker; docs/ai.md, "Session 6 samples: campaign levels")."""
HARD_DECIDE = {"roads-to-stalingrad": 96, "coral-sea": 32}
"""Rollouts per planned prompt for ``hard``, by game (the games whose search races styles).
Roads to Stalingrad: 96, three times session 6's 32, which left most of hard's 5 s unused
(its longest decision through the server 1.36 s) and scored 57% (46-67%) against ``normal``;
with 96, 135/196 = 69% (62-75%) on two fresh samples (seeds 7500-7548 and 7600-7649), the
longest decision through the server 5.1 s at load 10-11 (docs/ai.md, "Session 7 samples:
Roads to Stalingrad hard"). Coral Sea: 32 (docs/ai.md, "Session 6 samples: campaign levels")."""
HARD_REACH = 3
"""How many times the game's horizon ``hard``'s decision rollouts play before they are valued
(``reach``). Against Roads to Stalingrad's new ``normal`` more rollouts to the same horizon
scored 7.5/16 (decide=128), three horizons 47.5/84 (57%, not shown above 60%) at decide=32;
in Coral Sea 73/100 against the ``normal`` before its decision races, 45.5/80 (57%) against the
one that ships: 36/40 as Japan, as the Allies about what ``normal`` itself scores there
(docs/ai.md, "Session 6 samples: campaign levels" and "Session 7 samples: Coral Sea hard")."""


class SloppyRulesAgent:
    """The rule-based policy, except that a share of its decisions are taken at random."""

    def __init__(self, game_id: str, seed: int = 0, slip: float = 0.3) -> None:
        self.name = "rules-sloppy"
        self.rules = RulesAgent(game_id, seed)
        self.random = RandomAgent(seed)
        self.rng = Rng(seed ^ 0x51199)
        self.slip = slip

    def choose(self, match: Match, role: str) -> Action:
        if self.rng.random() < self.slip:
            return self.random.choose(match, role)
        return self.rules.choose(match, role)


def _search(game_id: str, seed: int, **params: str) -> SearchAgent:
    return SearchAgent(
        game_id, SearchConfig.from_params(params, game_hook(game_id, "SEARCH")), seed
    )


def difficulty(level: str, game_id: str, seed: int = 0) -> Agent:
    """The agent for a difficulty level ('easy', 'normal', 'hard') in game ``game_id``."""
    if level == "easy":
        if rules_policy(game_id) is not None:
            return SloppyRulesAgent(game_id, seed)
        return _search(game_id, seed, iterations="50")
    defaults = game_hook(game_id, "SEARCH") or {}
    styled = SearchConfig.from_params({}, defaults).styles
    if level == "normal":
        if not styled:
            return _search(game_id, seed, iterations="20000", seconds=str(NORMAL_SECONDS))
        # A race of styles keeps the game's own budget of whole-game rollouts and spreads
        # it over the role's next prompts, 1.2 s each (SearchAgent._styled); the moves of the
        # prompts the campaign plans (Card or Map, which operation, where a stack attacks)
        # are raced too, NORMAL_DECIDE rollouts at most each, in the same 1.2 s
        return _search(
            game_id,
            seed,
            iterations=defaults.get("iterations", "20000"),
            seconds=str(NORMAL_SECONDS),
            decide=str(NORMAL_DECIDE.get(game_id, 0)),
        )
    if level == "hard":
        if not styled:
            return _search(game_id, seed, iterations="200000", seconds=str(HARD_SECONDS))
        # four times normal's race of styles, and the moves of the planned prompts raced
        # with the game's HARD_DECIDE rollouts at most each, looking HARD_REACH times as far
        # ahead
        budget = str(4 * int(defaults.get("iterations", "50000")))
        return _search(
            game_id,
            seed,
            iterations=budget,
            seconds=str(HARD_SECONDS),
            decide=str(HARD_DECIDE.get(game_id, 0)),
            reach=str(HARD_REACH),
        )
    raise ValueError(f"unknown difficulty {level!r}; choose one of {', '.join(LEVELS)}")


def _register() -> None:
    """The levels as agent kinds too (``make_agent("normal", game, seed)``), so that
    ``warroom evaluate`` and ``warroom ladder`` seat exactly what people play."""
    from warroom.ai.base import AGENT_KINDS

    for level in LEVELS:

        def make(game_id: str, params: dict[str, str], seed: int, level: str = level) -> Agent:
            if params:
                raise ValueError(f"the {level} level takes no options")
            return difficulty(level, game_id, seed)

        AGENT_KINDS[level] = make


_register()
