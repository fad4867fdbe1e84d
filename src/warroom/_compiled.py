"""Compiled or pure: which form of the compiled modules this process loads (issue 22).

``pip install`` (setup.py) compiles the Campaign Commander engine's hot modules with mypyc:
each compiled module lies beside its source, which Python would load instead of it, and
``_compiled.json`` records the digest of every source that was compiled. Before any of
them is imported (``warroom/__init__.py`` imports this module first), ``choose`` decides:

- ``WARROOM_PURE`` set (to anything but "" or "0"): the sources, all of them;
- a source that no longer matches its digest (edited since the last ``make setup``): the
  sources, all of them (compiled and pure classes do not mix), with a warning;
- else the compiled modules (or the sources, where nothing was compiled).

Both forms play the very same games (tests/engine/test_compiled.py).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent  # the folder holding the warroom package
MANIFEST = Path(__file__).with_name("_compiled.json")
MODE = "pure"  # what ``choose`` decided: "compiled", "pure" or "pure (why)"


def source(module: str, root: Path = ROOT) -> Path:
    return root.joinpath(*module.split(".")).with_suffix(".py")


def manifest(path: Path = MANIFEST) -> dict[str, str]:
    """Module -> the digest of the source it was compiled from ({} when nothing was)."""
    try:
        found: dict[str, str] = json.loads(path.read_text())
    except FileNotFoundError:
        return {}
    return found


def stale(digests: dict[str, str], root: Path = ROOT) -> list[str]:
    """The modules whose source differs from the one compiled (or is gone)."""
    out = []
    for module, digest in digests.items():
        try:
            now = hashlib.sha256(source(module, root).read_bytes()).hexdigest()
        except FileNotFoundError:
            now = ""
        if now != digest:
            out.append(module)
    return out


def compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from its compiled form."""
    return not str(getattr(module, "__file__", "")).endswith(".py")


class Sources(importlib.abc.MetaPathFinder):
    """Finds the listed modules' sources ahead of their compiled forms."""

    def __init__(self, modules: Sequence[str], root: Path = ROOT) -> None:
        self.files = {m: source(m, root) for m in modules}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        f = self.files.get(fullname)
        if f is None:
            return None
        return importlib.util.spec_from_file_location(fullname, f)


def choose() -> str:
    """Decide once per process, before any compiled module is imported; returns ``MODE``."""
    global MODE
    if any(isinstance(f, Sources) for f in sys.meta_path):
        return MODE
    digests = manifest()
    if not digests:
        MODE = "pure"
        return MODE
    loaded = [m for m in digests if m in sys.modules]
    if loaded:  # too late to choose (warroom was imported in an unusual order): say what is
        MODE = "compiled" if compiled(sys.modules[loaded[0]]) else "pure"
        return MODE
    why = ""
    if os.environ.get("WARROOM_PURE", "") not in ("", "0"):
        why = "WARROOM_PURE is set"
    else:
        old = stale(digests)
        if old:
            why = f"{len(old)} compiled module(s) older than their sources, e.g. {old[0]}"
            warnings.warn(
                f"warroom: {why}; running the pure-Python sources (slower). "
                "`make setup` (or `pip install -e .`) compiles them again.",
                RuntimeWarning,
                stacklevel=2,
            )
    if why:
        sys.meta_path.insert(0, Sources(list(digests)))
        MODE = f"pure ({why})"
    else:
        MODE = "compiled"
    return MODE


choose()
