"""`warroom serve` is a command of the warroom CLI, with its options."""

from __future__ import annotations

from typer.testing import CliRunner

from warroom.cli import _load_commands, app


def test_serve_is_registered_with_its_options() -> None:
    _load_commands()
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0, result.output
    for option in ("--host", "--port", "--db", "--players", "--budget", "--deadline"):
        assert option in result.output
