"""Tests marked ``pure`` replace parts of the campaign engine while it runs, which its compiled
form (setup.py, issue 22) does not allow: where this process runs the compiled form they are
skipped here, and tests/engine/test_compiled.py runs them in a process on the sources."""

from __future__ import annotations

import pytest

from warroom import _compiled


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if _compiled.MODE != "compiled":
        return
    skip = pytest.mark.skip(
        reason="replaces engine parts: run on the sources by tests/engine/test_compiled.py"
    )
    for item in items:
        if item.get_closest_marker("pure") is not None:
            item.add_marker(skip)
