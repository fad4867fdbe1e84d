"""The README's example for agents runs (docs that run)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import warroom

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_rl_example_runs() -> None:
    text = README.read_text()
    section = text.split("## Environments for agents", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None, "the README's section on agents has no Python example"
    if "commanders" not in warroom.games():
        pytest.skip("the example plays Commanders, which is not registered yet")
    namespace: dict[str, object] = {}
    exec(compile(code.group(1), "README.md", "exec"), namespace)
    assert namespace["reward"] in (-1.0, 0.0, 1.0)
