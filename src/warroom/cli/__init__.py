"""The command line: ``warroom play``, ``warroom games`` and the commands other layers add.

Each command lives in its own module and registers on ``app``.
"""

from __future__ import annotations

import importlib

import typer

app = typer.Typer(
    name="warroom",
    help="Board wargames with the computer as umpire: play, serve, evaluate, simulate.",
    no_args_is_help=True,
    add_completion=False,
)

# Modules that add commands to ``app``; a missing optional one is skipped.
COMMAND_MODULES = ("play", "serve", "evaluate", "ladder", "simulate", "odds", "verify")


def _load_commands() -> None:
    for name in COMMAND_MODULES:
        try:
            importlib.import_module(f"warroom.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"warroom.cli.{name}":
                raise


def main() -> None:
    _load_commands()
    app()
