"""The Ray backend on a real local Ray instance: the same records as a serial run."""

from __future__ import annotations

import pytest

from tests.engine.toy import DUEL
from warroom.sim import Job, make_cells, run
from warroom.sim.runner import start_local_ray

ray = pytest.importorskip("ray")


@pytest.mark.slow
def test_a_job_on_local_ray_gives_the_serial_records() -> None:
    job = Job("tests.engine.toy:DUEL", make_cells(DUEL, ["all"], {}, [("random", "random")]), 25, 4)
    start_local_ray(num_cpus=2)
    try:
        seen: list[int] = []
        on_ray = run(job, ray="local", workers=2, on_result=lambda r: seen.append(r.index))
    finally:
        ray.shutdown()
    assert sorted(seen) == list(range(50))
    assert [r.key() for r in on_ray] == [r.key() for r in run(job, workers=1)]
