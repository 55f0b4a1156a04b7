"""Shared set-up of the data tests on the seeded tickets: ask the offline SQL writer of a deployment with both
plugins, and compare each answer's rows with an independent query's."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.integration.test_offline_sql_desk_wordings import check

# `await desk_rows([(request, independent SQL), ...])`
DeskRows = Callable[[list[tuple[str, str]]], Awaitable[None]]


@pytest.fixture
def desk_rows(pool: AsyncConnectionPool, desk: SchemaSqlWriter) -> DeskRows:
    """Each request's rows, written by the support desk's offline SQL writer, equal its independent query's rows
    (in the same order)."""

    async def ask(cases: list[tuple[str, str]]) -> None:
        await check(pool, desk, cases)

    return ask
