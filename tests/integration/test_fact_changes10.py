"""Change-aware facts (issue 9.4, M12) in the real store, through the job, the graph and the CLI, in new sessions.

Store level: a change worded in other words (a time word mid-sentence, "it's X for me", "swapped X for Y", ", not X",
a gerund slot, an owner left out, a routing) ends the fact it changes; near facts (morning vs evening drink, two
people's components) never end each other. Job level: the extract job gives the extractor superseded facts only for
a turn worded as a reversal, and the reversal still works. Graph and CLI: told and changed in new sessions, asked
in a third, and `memory facts --json` shows the end time.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.app import App, process_memory
from cognicore.memory import jobs
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.extraction import ExtractedFacts, OfflineFactExtractor
from cognicore.memory.facts import FactStore
from tests.integration.fact_turns import assert_change_supersedes, tell
from tests.integration.test_cli_memory import _cli
from tests.integration.test_memory_questions import _ask

CHANGES = [
    ("Priya is my sales engineer.", "my sales engineer these days is Marco", "Priya", "Marco"),
    ("I'm a big latte drinker", "lately its chai for me, no more lattes", "latte", "chai"),
    ("I drink black coffee at work.", "swapped coffee for mate lately", "coffee", "mate"),
    ("I work from home on Fridays.", "I work from home on thursdays now, not fridays", "Fridays", "thursdays"),
    ("We ship from the Rotterdam warehouse.", "we moved shipping to the Hamburg warehouse", "Rotterdam", "Hamburg"),
    ("My day off is Friday.", "day off isn't friday anymore, it's monday", "Friday", "monday"),
    ("my one-on-one is on Tuesdays", "from now on the one-on-ones are on thursdays", "Tuesdays", "thursdays"),
    ("I can give up to 15% discount on the Pro plan", "they cut my max discount on the Pro plan to 10%", "15%",
     "10%"),
    ("Escalations go to Tier 2.", "escalations go to the vendor now", "Tier 2", "vendor"),
    ("Kenji is my team lead.", "these days my team lead is Aisha", "Kenji", "Aisha"),
]  # fmt: skip


@pytest.mark.parametrize(("first", "change", "old", "new"), CHANGES)
async def test_a_change_in_other_words_supersedes_the_fact_it_changes(
    pool: AsyncConnectionPool, first: str, change: str, old: str, new: str
) -> None:
    await assert_change_supersedes(pool, "m12", first, change, old, new)


NEAR = [
    ("In the morning I drink espresso.", "in the evening I drink herbal tea"),
    ("Ben handles the VPN tickets.", "ben also handles email tickets"),
    ("My biggest account is Contoso.", "my newest account is Fabrikam"),
    ("I cover the Europe region.", "Lena covers Asia Pacific"),
]


@pytest.mark.parametrize(("first", "second"), NEAR)
async def test_near_facts_never_end_each_other(pool: AsyncConnectionPool, first: str, second: str) -> None:
    store = FactStore(pool, OfflineEmbeddings())
    await tell(store, "m12near", first, "s1#1")
    await tell(store, "m12near", second, "s2#1")
    history = await store.history("m12near")
    assert len(history) == 2 and all(f.status == "active" for f in history), [(f.statement, f.status) for f in history]


class _Recording(OfflineFactExtractor):
    """The offline extractor, keeping the known facts each turn was read against."""

    def __init__(self) -> None:
        self.known: list[list[dict[str, Any]]] = []

    async def extract(self, **kwargs: Any) -> ExtractedFacts:
        self.known.append(list(kwargs["known_facts"]))
        return await super().extract(**kwargs)


async def test_the_extract_job_reads_superseded_facts_only_for_a_reversal(pool: AsyncConnectionPool) -> None:
    store, extractor = FactStore(pool, OfflineEmbeddings()), _Recording()
    handler = jobs.make_extract_handler(extractor, store)
    turns = ["We ship our orders with DHL.", "we switched to UPS for shipping", "we moved shipping to FedEx",
             "actually we're back to DHL"]  # fmt: skip
    for i, text in enumerate(turns):
        payload = {"user_message": text, "assistant_message": "Noted.", "source": f"s{i}#1"}
        await handler(jobs.Job(i, "m12job", jobs.EXTRACT_TURN, payload, 1, 3, datetime.now(UTC)))
    statuses = [sorted(str(k["status"]) for k in known) for known in extractor.known]
    # The third turn (a change, not a reversal) is read against the current fact only: the replaced DHL fact is
    # not fetched; the reversal is read against both replaced facts and goes back to DHL.
    assert statuses[2] == ["active"], statuses
    assert statuses[3].count("superseded") == 2, statuses
    active = await store.active("m12job")
    assert [f.object for f in active] == ["our orders with DHL"], [(f.statement, f.status) for f in active]


async def test_a_change_told_in_new_sessions_is_answered_and_shown_with_its_end_time(
    app: App, db_url: str, data_dir: Path
) -> None:
    user = "m12graph"
    for i, text in enumerate(["Kenji is my team lead.", "these days my team lead is Aisha"]):
        result = await app.runner.ask(text, session_id=f"tell{i}", user_id=user)
        assert (result.outcome, result.intent, result.steps) == ("succeeded", "statement", []), result.answer
        await process_memory(app, user_id=user)
    outcome, answer = await _ask(app, "who is my team lead", user=user, session="ask")
    assert outcome == "succeeded" and "aisha" in answer.lower() and "kenji" not in answer.lower(), answer

    out = _cli("memory", "facts", "--user", user, "--json", db_url=db_url, data_dir=data_dir)
    assert out.returncode == 0, out.stderr
    facts = json.loads(out.stdout)
    [old] = [f for f in facts if f["object"] == "Kenji"]
    [new] = [f for f in facts if f["object"] == "Aisha"]
    assert (old["status"], new["status"]) == ("superseded", "active"), facts
    assert old["valid_to"] is not None and old["superseded_by"] == new["id"] and new["supersedes"] == old["id"]
    assert new["valid_to"] is None and old["valid_to"] == new["valid_from"], facts
