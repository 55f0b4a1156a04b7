"""Long-term memory through the whole graph: what must work, every path writes, isolation end to end."""

from __future__ import annotations

import json
import re
from pathlib import Path

from cognicore.app import App, process_memory
from cognicore.subagents.types import AgentContext, StepInput
from tests.integration.conftest import AppFactory


async def _say(app: App, text: str, *, user: str, session: str) -> str:
    result = await app.runner.ask(text, session_id=session, user_id=user)
    await process_memory(app, user_id=user)  # what the CLI does once the reply is shown
    assert result.outcome == "succeeded", result.error
    return result.answer


async def test_a_changed_preference_supersedes_the_old_one(app) -> None:  # type: ignore[no-untyped-def]
    assert "Noted" in await _say(app, "I prefer tea.", user="ann", session="a1")
    await _say(app, "Actually I drink coffee now, not tea.", user="ann", session="a2")
    answer = await _say(app, "What do I like to drink?", user="ann", session="a3")  # a new session
    assert "coffee" in answer.lower()
    facts = {f.statement: f for f in await app.memory.facts.history("ann")}
    tea = next(f for s, f in facts.items() if "tea" in s)
    coffee = next(f for s, f in facts.items() if "coffee" in s)
    assert tea.status == "superseded" and tea.valid_to is not None
    assert coffee.status == "active" and coffee.supersedes == tea.id
    history = await _say(app, "What did I use to drink before?", user="ann", session="a4")
    assert "tea" in history.lower() and "until" in history.lower()


async def test_a_decision_is_explained_with_its_reason(app) -> None:  # type: ignore[no-untyped-def]
    await _say(app, "We decided not to use plan A because its cost exceeded the budget.", user="ann", session="d1")
    result = await app.runner.ask("Why did we decide against plan A?", session_id="d2", user_id="ann")
    assert "cost exceeded the budget" in result.answer
    assert any(c["source"].startswith("memory:fact:") for c in result.citations)


async def test_every_registered_agent_leaves_its_call_and_result_in_the_stream(app) -> None:  # type: ignore[no-untyped-def]
    result = await app.runner.ask(
        "Analyze the latest sales data, find the three best-selling products and write a short briefing",
        session_id="s1",
        user_id="ann",
    )
    stats = await app.memory.stream.stats("ann")
    assert stats.by_kind.get("tool_call") == stats.by_kind.get("tool_result") == len(result.steps)
    hits = await app.memory.stream.search(
        "ann", "database_query rag_query report_generation", k=50, kinds=["tool_call", "tool_result"]
    )
    agents = {h.metadata["agent"] for h in hits}
    assert agents == {a.name for a in app.registry} == {"database_query", "rag_query", "report_generation"}
    results = [h for h in hits if h.kind == "tool_result"]
    assert all(r.source_ids for r in results), "each result links to its call"
    assert stats.by_kind.get("observation") == 2  # the request and the answer


async def test_a_failed_step_leaves_a_lesson_the_planner_reads_next_time(make_app: AppFactory, settings) -> None:  # type: ignore[no-untyped-def]
    settings.max_replans = 0

    class Broken:
        name = "stock_checker"
        description = "Checks warehouse stock levels for a product."
        input_hint = "a product name"
        deterministic = True

        async def run(self, task: StepInput, ctx: AgentContext):  # type: ignore[no-untyped-def]
            from cognicore.subagents.errors import StepFailed

            raise StepFailed("the warehouse system is offline")

    async with make_app(extra_agents=[Broken()], settings=settings) as app:
        first = await app.runner.ask(
            "Check warehouse stock levels for the Orbit Smartwatch", session_id="f1", user_id="ann"
        )
        assert first.outcome == "failed"
        lessons = await app.memory.stream.search("ann", "warehouse stock levels", kinds=["thought"])
        assert lessons and "warehouse system is offline" in lessons[0].content
        events: list[dict] = []
        await app.runner.ask(
            "Check warehouse stock levels for the Vista AR Glasses",
            session_id="f2",
            user_id="ann",
            on_event=events.append,
        )
        calls = await app.runs.calls((await app.runs.list(user_id="ann", session_id="f2"))[0].id, user_id="ann")
        plan_input = next(c for c in calls if c.role == "plan").input
        assert any("warehouse system is offline" in f for f in plan_input["feedback"])


async def test_user_b_sees_nothing_of_user_a_through_the_graph(app) -> None:  # type: ignore[no-untyped-def]
    await _say(app, "I prefer tea.", user="ann", session="i1")
    await _say(app, "My name is Ann Example.", user="ann", session="i2")
    mine = await app.runner.ask("What do I like to drink?", session_id="i3", user_id="bob")
    assert mine.outcome == "unsure" and "tea" not in mine.answer.lower()  # bob told nothing: honestly unsure
    for text in ("What is my name?", "Ann Example tea"):
        result = await app.runner.ask(text, session_id="i4", user_id="bob")
        # An answer may quote bob's own words back to him, in any case ("... mentions example but not ann, tea").
        said = re.sub("|".join(re.escape(word) for word in text.split()), "", result.answer, flags=re.IGNORECASE)
        assert "Ann" not in said and "tea" not in said.lower() and "prefer" not in said.lower()
        assert not any(c["source"].startswith("memory:") for c in result.citations)
    assert await app.memory.facts.history("bob") == []
    assert (await app.memory.stream.stats("bob")).by_kind.get("observation", 0) > 0  # bob's own turns


async def test_memory_commands_take_user_and_json(db_url: str, data_dir: Path) -> None:
    from tests.integration.test_cli import _env, cli

    env = _env(db_url, data_dir)
    for text in ("I prefer tea.", "Actually I drink coffee now, not tea.", "What do I like to drink?"):
        assert cli("ask", text, "--user", "ann", "--json", env=env).returncode == 0
    facts = json.loads(cli("memory", "facts", "--user", "ann", "--json", env=env).stdout)
    tea = next(f for f in facts if "tea" in f["statement"])
    assert tea["status"] == "superseded" and tea["valid_to"]
    assert json.loads(cli("memory", "facts", "--user", "bob", "--json", env=env).stdout) == []
    found = json.loads(cli("memory", "search", "coffee", "--user", "ann", "--json", env=env).stdout)
    assert found["memories"] and any("coffee" in h["fact"]["statement"] for h in found["facts"])
    stats = json.loads(cli("memory", "stats", "--user", "ann", "--json", env=env).stdout)
    assert stats["memories"]["by_kind"]["observation"] == 6 and stats["facts"]["by_status"]["superseded"] == 1
    reflected = json.loads(cli("memory", "reflect", "--user", "ann", "--json", env=env).stdout)
    rid = reflected["reflections"][0]
    tree = json.loads(cli("memory", "explain", str(rid), "--user", "ann", "--json", env=env).stdout)
    assert tree["memory"]["kind"] == "reflection" and tree["sources"]
    assert all(s["memory"]["kind"] == "observation" for s in tree["sources"])
    other = cli("memory", "explain", str(rid), "--user", "bob", "--json", env=env)
    assert other.returncode == 1 and "no memory" in json.loads(other.stdout)["error"]["message"]
    processed = json.loads(cli("memory", "process", "--json", env=env).stdout)
    assert processed["jobs"]["failed"] == 0
