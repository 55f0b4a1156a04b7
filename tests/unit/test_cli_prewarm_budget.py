"""A prewarm budget that is not positive is refused with a message naming it, before touching any database."""

from __future__ import annotations

from typer.testing import CliRunner

from cognicore.cli import app


def test_a_budget_that_is_not_positive_is_a_usage_error() -> None:
    result = CliRunner().invoke(app, ["memory", "prewarm", "--budget", "-5"])
    assert result.exit_code == 2, result.output
    assert "--budget" in result.output and "internal error" not in result.output


async def test_memory_open_refuses_a_prewarm_budget_that_is_not_positive_before_connecting() -> None:
    """`Memory.open(url, prewarm=-5)` names the argument, before any connection (the URL leads nowhere)."""
    import pytest

    from cognicore.memory import Memory

    with pytest.raises(ValueError, match="prewarm must be True, False or a time budget"):
        await Memory.open("postgresql://nobody@127.0.0.1:1/none", prewarm=-5)
