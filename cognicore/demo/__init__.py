"""The demo: a sales database and a knowledge corpus shipped with the package, seeded idempotently."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from psycopg_pool import AsyncConnectionPool

from cognicore.memory.knowledge import IngestReport, KnowledgeBase

CORPUS_DIR = Path(__file__).parent / "corpus"


@dataclass(frozen=True, slots=True)
class DemoSeedReport:
    """What seeding did: rows added to the sales schema (0 when already there) and the corpus ingest."""

    sales_rows: int
    corpus: IngestReport


async def seed_demo(pool: AsyncConnectionPool, knowledge: KnowledgeBase) -> DemoSeedReport:
    """Create the demo sales data and ingest the demo corpus; running it twice adds nothing."""
    from cognicore.demo.sales import seed_sales

    rows = await seed_sales(pool)
    corpus = await knowledge.ingest_paths([CORPUS_DIR])
    return DemoSeedReport(sales_rows=rows, corpus=corpus)
