"""Turning extra command-line words into game options: --hard, --generals hoth,paulus,ruoff, --option k=v."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from warroom.engine import BadOption, Game

FILE_LIMIT = 64 * 1024
"""The largest file an option may name, in bytes."""
FILE_MARK = "# warroom-file:"
"""The first line put before a file's text: it names the file in the game's error messages."""


def say_error(console: Console, error: BaseException | str) -> None:
    """An error in red, printed as it is: square brackets in it ("[limits]", "[[scenario]]",
    names of a data file's entries) are its text, not Rich markup."""
    console.print(Text(str(error), style="red"))


def read_option_file(key: str, path_text: str) -> str:
    """The text of the file an option names (``--campaign my.toml``), with a first line naming it,
    or BadOption saying what is wrong with the file."""
    if not path_text:
        return ""
    path = Path(path_text).expanduser()
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise BadOption(f"--{key} {path_text}: cannot read the file ({exc.strerror})") from None
    if size > FILE_LIMIT:
        raise BadOption(
            f"--{key} {path_text}: the file is {size:,} bytes; at most {FILE_LIMIT:,} are read"
        )
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BadOption(
            f"--{key} {path_text}: cannot read the file as UTF-8 text ({exc})"
        ) from None
    return f"{FILE_MARK} {path.name}\n{text}"


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
    for key, value in result.items():  # an option that takes a file: read it here
        spec = specs.get(key)
        if spec is not None and spec.file and isinstance(value, str):
            result[key] = read_option_file(key, value)
    return result
