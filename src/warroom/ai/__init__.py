"""Agents: each chooses one listed action for a role of a match.

Named on the command line and in the browser as ``random``, ``rules`` and
``search`` (with options, e.g. ``search:iterations=2000``); see ``make_agent``.
"""

from warroom.ai.base import (
    AGENT_KINDS,
    Agent,
    RandomAgent,
    RulesAgent,
    load_agent,
    make_agent,
    parse_agent_spec,
    save_agent,
)
from warroom.ai.levels import LEVELS, difficulty
from warroom.ai.search import SearchAgent, SearchConfig, hints

__all__ = [
    "AGENT_KINDS",
    "LEVELS",
    "Agent",
    "RandomAgent",
    "RulesAgent",
    "SearchAgent",
    "SearchConfig",
    "difficulty",
    "hints",
    "load_agent",
    "make_agent",
    "parse_agent_spec",
    "save_agent",
]
