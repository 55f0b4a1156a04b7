"""Statements in sentence shapes beyond "my X is Y", changed and asked in other words, each in a new session.

Through the graph in process (a team that grew, a handover between colleagues, a shift that moved) and
through `cognicore ask` / `cognicore memory facts --json` (a handover, its superseded fact with an end time).
The wordings are our own; the classifier's reading of a statement is not under test (engineer K's), only
what memory keeps and what a question in other words is answered from.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.integration.test_memory_questions import _ask, _cli  # the graph and CLI drivers of those scenarios

SCENARIOS = [
    pytest.param(
        ["My support team has 5 people.", "We're 7 people now."],
        "How big is our team these days?",
        "7 people",
        "How many people were on the team before?",
        "5 people",
        id="team-size",
    ),
    pytest.param(
        ["Chloe looks after the printer queue.", "Ben took over the printer queue from Chloe."],
        "Who is in charge of the printer queue?",
        "Ben",
        "Who handled the printer queue previously?",
        "Chloe",
        id="handover",
    ),
    pytest.param(
        ["My shift starts at 7am.", "My shift got moved to 9am."],
        "When do I start?",
        "9am",
        "When did my shift start before?",
        "7am",
        id="shift",
    ),
]


@pytest.mark.parametrize(("statements", "question", "expected", "past_question", "past_expected"), SCENARIOS)
async def test_a_change_in_another_shape_is_answered_in_new_sessions(  # type: ignore[no-untyped-def]
    app, statements: list[str], question: str, expected: str, past_question: str, past_expected: str
) -> None:
    for i, text in enumerate(statements):
        await _ask(app, text, user="uma", session=f"say{i}")
    history = await app.memory.facts.history("uma")
    old = [f for f in history if f.status == "superseded" and past_expected.lower() in f.statement.lower()]
    new = [f for f in history if f.status == "active" and expected.lower() in f.statement.lower()]
    assert old and old[0].valid_to is not None and new, [(f.statement, f.status) for f in history]
    assert old[0].superseded_by == new[0].id
    outcome, answer = await _ask(app, question, user="uma", session="ask-now")
    assert outcome == "succeeded" and expected.lower() in answer.lower(), answer
    assert "current since" in answer and past_expected.lower() not in answer.lower(), answer
    outcome, answer = await _ask(app, past_question, user="uma", session="ask-before")
    assert outcome == "succeeded" and answer.startswith("Until ") and past_expected.lower() in answer.lower(), answer


async def test_the_same_fact_in_two_shapes_raises_confidence(app) -> None:  # type: ignore[no-untyped-def]
    await _ask(app, "Marek handles the onboarding of new hires.", user="vic", session="v1")
    await _ask(app, "The onboarding of new hires is handled by Marek.", user="vic", session="v2")
    [fact] = await app.memory.facts.active("vic")
    assert fact.predicate == "handled_by" and fact.times_stated == 2 and fact.confidence > 0.9


async def test_a_question_about_someone_nothing_was_said_about_is_not_answered_from_memory(  # type: ignore[no-untyped-def]
    app,
) -> None:
    await _ask(app, "Chloe looks after the printer queue.", user="wes", session="w1")
    outcome, answer = await _ask(app, "Who handles my travel bookings?", user="wes", session="w2")
    assert "Chloe" not in answer and outcome == "unsure", answer


async def test_an_attribute_of_the_user_nothing_was_said_about_is_unsure(app) -> None:  # type: ignore[no-untyped-def]
    await _ask(app, "My shift starts at 7am.", user="xan", session="x1")
    outcome, answer = await _ask(app, "What's my favourite colour?", user="xan", session="x2")
    assert outcome == "unsure" and "7am" not in answer, answer


def test_the_cli_keeps_a_handover_and_lists_the_old_owner_with_an_end_time(db_url: str, data_dir: Path) -> None:
    turns = [
        ("Priya is responsible for the vendor contracts.", "p1"),
        ("From now on Omar handles the vendor contracts.", "p2"),
        ("Who looks after the vendor contracts?", "p3"),
    ]
    answers = []
    for text, session in turns:
        out = _cli("ask", text, "--user", "hal", "--session", session, "--json", db_url=db_url, data_dir=data_dir)
        assert out.returncode == 0, out.stderr
        answers.append(json.loads(out.stdout))
    assert answers[-1]["outcome"] == "succeeded" and "Omar" in answers[-1]["answer"], answers[-1]["answer"]
    assert "Priya" not in answers[-1]["answer"], answers[-1]["answer"]
    out = _cli("memory", "facts", "--user", "hal", "--json", db_url=db_url, data_dir=data_dir)
    assert out.returncode == 0, out.stderr
    facts = json.loads(out.stdout)
    old = [f for f in facts if "Priya" in f["statement"]]
    new = [f for f in facts if "Omar" in f["statement"]]
    assert old and old[0]["status"] == "superseded" and re.match(r"\d{4}-\d\d-\d\dT", old[0]["valid_to"]), facts
    assert new and new[0]["status"] == "active" and new[0]["valid_to"] is None, facts
