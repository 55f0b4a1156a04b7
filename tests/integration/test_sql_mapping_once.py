"""One mapping per request (issue 9.1, S6): offline, the router asks the SQL reader whether a request is data
(`SchemaSqlWriter.reads`) and the data agent then writes its SQL (`write_sql`); the writer maps a text once and
keeps it, which is safe because nothing changes a mapping once made (checked here on every development request
of the writer's own tests, on both domains) and a mapping depends only on the text, the schema and the day."""

from __future__ import annotations

import copy
from datetime import date

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.app import App
from cognicore.memory import clock
from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import SchemaSqlWriter, writer
from cognicore.subagents.offline_sql.builder import build_query
from cognicore.subagents.offline_sql.lexicon import Lexicon
from cognicore.subagents.offline_sql.mapper import Mapping
from tests.integration.test_offline_sql import SALES_CASES, TICKET_CASES, sales, wall_clock  # noqa: F401 (fixtures)
from tests.integration.test_offline_sql_any_schema import tickets  # noqa: F401 (a fixture)


def counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts the writer maps from now on (the real `map_request`, counted)."""
    texts: list[str] = []
    real = writer.map_request

    def counting(text: str, lex: Lexicon, today: date) -> Mapping:
        texts.append(text)
        return real(text, lex, today)

    monkeypatch.setattr(writer, "map_request", counting)
    return texts


async def test_a_data_question_routed_by_the_reader_is_mapped_once(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the graph: the classifier's `reads` and the data agent's `write_sql` share one mapping."""
    texts = counted(monkeypatch)
    request = "how did the orbit smartwatch do in q2 2026"  # a question the rules would send to the documents
    result = await app.runner.ask(request, session_id="m", user_id="mo")
    assert result.intent == "task" and result.outcome == "succeeded", (result.intent, result.answer)
    assert [s["agent"] for s in result.steps] == ["database_query"], result.steps
    assert texts == [request], texts  # without the kept mapping: twice (the reader's, then the writer's)


async def test_an_unsure_mapping_is_kept_and_raised_afresh(
    sales: SchemaSqlWriter,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A text that cannot be mapped is mapped once too; each call raises a new `Unsure` with the same message."""
    texts = counted(monkeypatch)
    assert not await sales.reads("revenue by zodiac sign in 2025")
    with pytest.raises(Unsure, match="zodiac") as first:
        await sales.write_sql(question="revenue by zodiac sign in 2025", schema="")
    with pytest.raises(Unsure, match="zodiac") as second:
        await sales.write_sql(question="revenue by zodiac sign in 2025", schema="")
    assert texts == ["revenue by zodiac sign in 2025"] and first.value is not second.value


async def test_the_day_is_part_of_what_is_kept(
    sales: SchemaSqlWriter,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "last month" is mapped again when the deployment's clock has moved to another day."""
    texts = counted(monkeypatch)
    await sales.write_sql(question="orders last month", schema="")
    clock.start_at(date(2026, 3, 15))
    draft = await sales.write_sql(question="orders last month", schema="")
    assert texts == ["orders last month"] * 2 and "2026-02-01" in draft.sql


@pytest.mark.parametrize("domain", ["sales", "tickets"])
async def test_building_the_sql_never_changes_the_mapping(
    domain: str,
    sales: SchemaSqlWriter,  # noqa: F811
    tickets: SchemaSqlWriter,  # noqa: F811
    pool: AsyncConnectionPool,
) -> None:
    """What makes sharing safe: `build_query` leaves every mapping of the writer's development requests as it was."""
    chosen, cases = (sales, SALES_CASES) if domain == "sales" else (tickets, TICKET_CASES)
    lex = await chosen.lexicon()
    for request, _ in cases:
        mapping = chosen.mapped(request, lex, clock.today())
        before = copy.deepcopy(mapping)
        build_query(mapping, lex.catalogue, clock.today())
        assert mapping == before, request
