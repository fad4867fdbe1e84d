"""The registry: loading a game settles what it made out of the cyclic collector's sight."""

from __future__ import annotations

import subprocess
import sys

_PROBE = """
import gc, warroom
before = gc.get_freeze_count()
g = warroom.game("coral-sea")
after = gc.get_freeze_count()
warroom.game("coral-sea")  # asked again: nothing more to settle
print(before, after, gc.get_freeze_count(), len(g.data.units))
"""


def test_a_game_loaded_is_kept_out_of_the_collectors_full_passes() -> None:
    out = subprocess.run(
        [sys.executable, "-c", _PROBE], capture_output=True, text=True, check=True
    ).stdout.split()
    before, after, again, units = map(int, out)
    assert before == 0 and after > 10_000 and again == after and units > 0
