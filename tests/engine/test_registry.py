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


_THRESHOLD = """
import gc, sys, warroom
from warroom.engine.registry import GC_YOUNG
if sys.argv[1] == "off":
    gc.disable()
elif sys.argv[1] == "high":
    gc.set_threshold(10 * GC_YOUNG)
before = gc.get_threshold()[0]
warroom.game("coral-sea")
print(before, gc.get_threshold()[0], GC_YOUNG, int(gc.isenabled()))
"""


def test_a_game_loaded_makes_the_collector_look_at_new_containers_less_often() -> None:
    def run(how: str) -> list[int]:
        ran = subprocess.run(
            [sys.executable, "-c", _THRESHOLD, how], capture_output=True, text=True, check=True
        )
        return list(map(int, ran.stdout.split()))

    before, after, young, enabled = run("default")
    assert before == 700 and after == young > before and enabled  # Python's default, raised
    before, after, young, enabled = run("high")
    assert after == before == 10 * young  # a higher one is kept
    before, after, young, enabled = run("off")
    assert after == before and not enabled  # a collector switched off stays off
