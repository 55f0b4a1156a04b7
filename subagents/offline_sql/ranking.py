"""The rank column of a top-N query and the conditions that keep the places asked (the top N or N%, or the Nth)."""

from __future__ import annotations

from cognicore.subagents.offline_sql.mapping import Mapping

__all__ = ["rank_places"]


def rank_places(q: Mapping, figure: str, direction: str, partition: list[str]) -> tuple[str, list[str]]:
    """The rank column (with, for one place asked, the size of its tie) and the conditions keeping the places
    asked: the top N, or the Nth ("the second best": the groups whose run of equal figures covers place N)."""
    over = f"PARTITION BY {', '.join(partition)} " if partition else ""
    columns = f",\n  rank() OVER ({over}ORDER BY {figure} {direction}) AS rank"
    if q.top_percent:  # "the top 20% of products": the places within that share of the groups ranked
        columns += f",\n  count(*) OVER ({over.strip()}) AS ranked"
        return columns, [f"rank <= greatest(1, {q.top_n} * ranked / 100.0)"]
    if not q.nth:
        return columns, [f"rank <= {q.top_n}"]
    columns += f",\n  count(*) OVER (PARTITION BY {', '.join([*partition, figure])}) AS tied"
    return columns, [f"rank <= {q.top_n}", f"rank + tied > {q.top_n}"]
