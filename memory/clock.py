"""The deployment's clock: wall time, or wall time shifted to a chosen start so tests and benchmarks move time.

Everything that decides by date (periods such as "last quarter", memory decay, `as_of`, retention) reads
`now()`/`today()` here instead of `datetime.now()`, so one setting (`COGNICORE_CLOCK`, applied by the shell
with `start_at`) moves all of them together. The clock keeps running from its start, so order is kept.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

_offset = timedelta(0)


def now() -> datetime:
    """The current time of the deployment (timezone-aware, UTC)."""
    return datetime.now(UTC) + _offset


def today() -> date:
    """The current date of the deployment (UTC)."""
    return now().date()


def start_at(moment: datetime | date | None) -> None:
    """Shift the clock so that it reads `moment` now and runs on from there; `None` restores wall time."""
    global _offset
    if moment is None:
        _offset = timedelta(0)
        return
    if not isinstance(moment, datetime):
        moment = datetime(moment.year, moment.month, moment.day, tzinfo=UTC)
    elif moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    _offset = moment - datetime.now(UTC)


def advance(by: timedelta) -> None:
    """Move the clock forward by `by` (a simulation's day passing)."""
    global _offset
    _offset += by
