"""Errors by kind. Each says what was expected and what came."""

from __future__ import annotations


def excerpt(text: str, limit: int = 80) -> str:
    """``text`` cut to about ``limit`` characters, saying how long it was: what an error
    message quotes of an input, which may be of any size."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)} characters)"


class WarroomError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalAction(WarroomError, ValueError):
    """An action the rules do not allow now. The state is unchanged."""

    def __init__(self, message: str, *, role: str | None = None, legal_count: int = 0) -> None:
        super().__init__(message)
        self.role = role
        self.legal_count = legal_count


class NotYourTurn(IllegalAction):
    """A role acted while it was not among the active roles."""


class BadSetup(WarroomError, ValueError):
    """A scenario or option that the game does not offer."""


class BadScenario(BadSetup):
    pass


class BadOption(BadSetup):
    pass


class UnknownGame(BadSetup, KeyError):
    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class GameDataError(WarroomError):
    """A data file that does not load: names the file, the entry and what is wrong."""

    def __init__(self, file: str, entry: str, problem: str) -> None:
        super().__init__(f"{file}: {entry}: {problem}")
        self.file = file
        self.entry = entry
        self.problem = problem


class BadRecord(WarroomError, ValueError):
    """A stored game record that cannot be replayed."""
