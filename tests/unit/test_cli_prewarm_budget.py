"""`cognicore memory prewarm --budget` refuses a budget that is not positive before touching any database."""

from __future__ import annotations

from typer.testing import CliRunner

from cognicore.cli import app


def test_a_budget_that_is_not_positive_is_a_usage_error() -> None:
    result = CliRunner().invoke(app, ["memory", "prewarm", "--budget", "-5"])
    assert result.exit_code == 2, result.output
    assert "--budget" in result.output and "internal error" not in result.output
