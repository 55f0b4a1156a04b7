"""Reading rows as dicts on a pool whose connections may carry another row factory."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from psycopg import AsyncConnection, sql
from psycopg.rows import dict_row

Params = Sequence[Any] | Mapping[str, Any]


async def fetch_dicts(
    conn: AsyncConnection[Any], query: str | sql.Composed, params: Params | None = None
) -> list[dict[str, Any]]:
    """Rows as dicts whatever the pool's row factory (the checkpointer shares the pool)."""
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(query, params)  # type: ignore[arg-type]  # static SQL of the stores
        return await cur.fetchall()
