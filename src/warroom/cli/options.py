"""Turning extra command-line words into game options: --hard, --generals hoth,paulus,ruoff, --option k=v."""

from __future__ import annotations

from typing import Any

from warroom.engine import BadOption, Game


def parse_game_options(game: Game[Any], option: list[str], extra: list[str]) -> dict[str, Any]:
    """``--option key=value`` pairs plus extra ``--key [value]`` words naming the game's options."""
    result: dict[str, Any] = {}
    for pair in option:
        key, eq, value = pair.partition("=")
        if not eq:
            raise BadOption(f"--option takes key=value, got {pair!r}")
        result[key.strip()] = value.strip()
    specs = {o.key: o for o in game.options}
    i = 0
    while i < len(extra):
        word = extra[i]
        if not word.startswith("--"):
            raise BadOption(f"unexpected argument {word!r}")
        key, eq, value = word[2:].partition("=")
        if key not in specs:
            allowed = ", ".join(f"--{k}" for k in specs) or "none"
            raise BadOption(f"{game.id} has no option --{key}; its options are: {allowed}")
        if eq:
            result[key] = value
        elif isinstance(specs[key].default, bool):
            result[key] = True
        elif i + 1 < len(extra):
            i += 1
            result[key] = extra[i]
        else:
            raise BadOption(f"--{key} needs a value")
        i += 1
    return result
