"""Counting the SQL a piece of code sends: statements, transactions and round trips, by patching psycopg's async
cursor and connection (no server extension needed), so a test can pin the database cost of a run."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import psycopg
from psycopg.waiting import Wait


@dataclass
class StatementCount:
    """What was sent while counting: statements by their first words, and round trips (waits for the server)."""

    statements: int = 0
    round_trips: int = 0
    by_text: Counter[str] = field(default_factory=Counter)

    def add(self, query: Any, n: int = 1) -> None:
        """Count `n` executions of `query`."""
        text = query if isinstance(query, str) else getattr(query, "as_string", lambda _c=None: str(query))(None)
        self.statements += n
        self.by_text[" ".join(str(text).split())[:90]] += n


@contextmanager
def count_statements() -> Iterator[StatementCount]:
    """Count every statement psycopg's async cursors execute in the block (all connections, all pools)."""
    counted = StatementCount()
    execute, executemany = psycopg.AsyncCursor.execute, psycopg.AsyncCursor.executemany
    wait = psycopg.AsyncConnection.wait

    async def counting_execute(self: Any, query: Any, params: Any = None, **kwargs: Any) -> Any:
        counted.add(query)
        return await execute(self, query, params, **kwargs)

    async def counting_executemany(self: Any, query: Any, params_seq: Any, **kwargs: Any) -> Any:
        params = list(params_seq)
        counted.add(query, len(params))
        return await executemany(self, query, params, **kwargs)

    def reads(gen: Any) -> Any:
        # A wait whose generator asks for the socket to be readable needed an answer from the server: one round
        # trip (a pipelined send only writes; reading a long answer in pieces still counts once).
        try:
            state = next(gen)
        except StopIteration as done:  # nothing to wait for
            return done.value
        waited = False
        while True:
            if state == Wait.R and not waited:  # RW (a pipelined send) only waits to write
                waited = True
                counted.round_trips += 1
            try:
                state = gen.send((yield state))
            except StopIteration as done:
                return done.value

    async def counting_wait(self: Any, gen: Any, *args: Any, **kwargs: Any) -> Any:
        return await wait(self, reads(gen), *args, **kwargs)

    psycopg.AsyncCursor.execute = counting_execute  # type: ignore[method-assign]
    psycopg.AsyncCursor.executemany = counting_executemany  # type: ignore[method-assign]
    psycopg.AsyncConnection.wait = counting_wait  # type: ignore[method-assign]
    try:
        yield counted
    finally:
        psycopg.AsyncCursor.execute = execute  # type: ignore[method-assign]
        psycopg.AsyncCursor.executemany = executemany  # type: ignore[method-assign]
        psycopg.AsyncConnection.wait = wait  # type: ignore[method-assign]
