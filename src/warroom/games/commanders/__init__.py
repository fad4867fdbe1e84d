"""Commanders: a Napoleonic battle of secret simultaneous orders (game id ``commanders``)."""

from warroom.games.commanders.rules import GAME, Commanders

__all__ = ["GAME", "Commanders"]
