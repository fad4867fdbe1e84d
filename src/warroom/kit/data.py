"""Loading a game's data files, with errors that name the file and the entry.

Data files are TOML (preferred: readable and hand-editable) or JSON. Pydantic
models validate entries; a failure becomes a GameDataError naming the file,
the entry and the problem.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from warroom.engine.errors import GameDataError

M = TypeVar("M", bound=BaseModel)


def data_path(package: str, filename: str) -> Path:
    """The path of ``data/filename`` inside a game package."""
    return Path(str(resources.files(package).joinpath("data", filename)))


def read(path: Path) -> Any:
    """Parse a TOML or JSON file; a syntax error names the file."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise GameDataError(path.name, "(file)", f"cannot be read: {exc.strerror}") from None
    try:
        if path.suffix == ".toml":
            return tomllib.loads(text)
        return json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise GameDataError(path.name, "(syntax)", str(exc)) from None


def model(cls: type[M], raw: Any, file: str, entry: str) -> M:
    """Validate one entry with a pydantic model, or fail naming file and entry."""
    try:
        return cls.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'value'}: {err['msg']}"
            for err in exc.errors()
        )
        raise GameDataError(file, entry, problems) from None


def check_names(
    file: str, entry: str, names: Iterable[str], known: Mapping[str, Any] | set[str], what: str
) -> None:
    """Every name must be defined; the first unknown one fails the load."""
    for name in names:
        if name not in known:
            raise GameDataError(file, entry, f"unknown {what} {name!r}")
