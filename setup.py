"""Build step of warroom (the metadata is in pyproject.toml): compiles the Campaign Commander
engine's hot modules to C with mypyc, which cuts the campaigns' cost per step about in half
(issue 22; figures in docs/architecture.md, "Speed (issue 22)").

The modules stay plain, typed Python: mypyc turns the same files into extension modules
that Python loads in their place. ``WARROOM_PURE=1 pip install -e .`` installs without
compiling; at run time ``WARROOM_PURE=1`` makes a compiled install load the sources, and an
install whose sources were edited since it was built loads the sources too
(``warroom/_compiled.py``). The build needs a C compiler and Python's headers (Debian:
build-essential, python3-dev).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from setuptools import setup

ROOT = Path(__file__).resolve().parent
# the engine's base classes (every game's state and game derive from them), the match, the
# area maps and the series engine with both campaigns: the code a campaign step runs; and the
# campaigns' rule-based players, which choose most moves of a search's playouts
COMPILED = [
    "warroom.engine.contract",
    "warroom.engine.match",
    "warroom.kit.areamap",
    "warroom.games.campaign_commander.cards",
    "warroom.games.campaign_commander.combat",
    "warroom.games.campaign_commander.fortress",
    "warroom.games.campaign_commander.isolation",
    "warroom.games.campaign_commander.leaders",
    "warroom.games.campaign_commander.movement",
    "warroom.games.campaign_commander.naval",
    "warroom.games.campaign_commander.operations",
    "warroom.games.campaign_commander.reactions",
    "warroom.games.campaign_commander.retreat",
    "warroom.games.campaign_commander.sequence",
    "warroom.games.campaign_commander.series",
    "warroom.games.campaign_commander.state",
    "warroom.games.campaign_commander.supply",
    "warroom.games.campaign_commander.units",
    "warroom.games.campaign_commander.coral_sea.rules",
    "warroom.games.campaign_commander.roads_to_stalingrad.rules",
    "warroom.ai.rules.cc_series",
    "warroom.ai.rules.coral_sea",
    "warroom.ai.rules.roads_to_stalingrad",
]
MANIFEST = ROOT / "src" / "warroom" / "_compiled.json"


def ext_modules() -> list[Any]:
    if os.environ.get("WARROOM_PURE", "") not in ("", "0"):
        # a pure install: forget what an earlier build compiled into the sources' folders
        MANIFEST.unlink(missing_ok=True)
        for m in COMPILED:
            for f in (ROOT / "src").joinpath(*m.split(".")).parent.glob(m.split(".")[-1] + ".*.so"):
                f.unlink()
        for f in (ROOT / "src").glob("warroom__compiled__mypyc.*.so"):
            f.unlink()
        return []
    from mypyc.build import mypycify

    files = {m: "src/" + m.replace(".", "/") + ".py" for m in COMPILED}
    # what was compiled: each source's digest (warroom/_compiled.py compares them at import)
    digests = {m: hashlib.sha256((ROOT / f).read_bytes()).hexdigest() for m, f in files.items()}
    MANIFEST.write_text(json.dumps(digests, indent=1) + "\n")
    return mypycify(list(files.values()), opt_level="3", group_name="warroom__compiled")


setup(ext_modules=ext_modules())
