"""Agents: each chooses one listed action for a role of a match.

Named on the command line and in the browser as ``random``, ``rules`` and
``search`` (with options, e.g. ``search:iterations=2000``); see ``make_agent``.
"""

from warroom.ai.base import (
    AGENT_KINDS,
    Agent,
    RandomAgent,
    RulesAgent,
    make_agent,
    parse_agent_spec,
)

__all__ = ["AGENT_KINDS", "Agent", "RandomAgent", "RulesAgent", "make_agent", "parse_agent_spec"]
