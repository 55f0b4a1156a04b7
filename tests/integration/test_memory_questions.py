"""Memory scenarios in new sessions and other words: a change supersedes, a question is answered from memory.

Wordings here are our own (a drink, a diet, a revised figure), unlike the demo's; each statement and each
question runs in a session of its own, through the graph (in process) and through `cognicore ask` (a
process per turn), and `cognicore memory facts --json` shows the superseded facts with their end times.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from cognicore.app import App, process_memory
from tests.integration.test_cli import cli


async def _ask(app: App, text: str, *, user: str, session: str) -> tuple[str, str]:
    result = await app.runner.ask(text, session_id=session, user_id=user)
    await process_memory(app, user_id=user)  # what the CLI does once the reply is shown
    return result.outcome, result.answer


SCENARIOS = [
    pytest.param(
        ["Lately I've been drinking rooibos.", "I swapped rooibos for flat whites."],
        "Remind me, what is my go-to drink?",
        ["flat whites"],
        "Which drink did I have before?",
        ["rooibos", "until"],
        id="drink",
    ),
    pytest.param(
        ["I follow a vegan diet.", "I'm not vegan any more, I eat pescatarian these days."],
        "What kind of diet am I on?",
        ["pescatarian"],
        "What did I eat before my diet changed?",
        ["vegan", "until"],
        id="diet",
    ),
    pytest.param(
        ["Our hiring budget for Q3 is $120,000.", "The hiring budget was cut to $90,000."],
        "How much money do we have for hiring?",
        ["$90,000"],
        "What was our hiring budget previously?",
        ["$120,000", "until"],
        id="figure",
    ),
]


@pytest.mark.parametrize(("statements", "question", "expected", "past_question", "past_expected"), SCENARIOS)
async def test_a_changed_fact_is_answered_from_memory_in_new_sessions(  # type: ignore[no-untyped-def]
    app, statements: list[str], question: str, expected: list[str], past_question: str, past_expected: list[str]
) -> None:
    for i, text in enumerate(statements):
        await _ask(app, text, user="erin", session=f"say{i}")  # the classifier's reading is not under test
    outcome, answer = await _ask(app, question, user="erin", session="ask-now")
    assert outcome == "succeeded" and all(e.lower() in answer.lower() for e in expected), answer
    assert "[1]" in answer and "current since" in answer
    outcome, answer = await _ask(app, past_question, user="erin", session="ask-before")
    assert outcome == "succeeded" and all(e.lower() in answer.lower() for e in past_expected), answer
    history = await app.memory.facts.history("erin")
    superseded = [f for f in history if f.status == "superseded"]
    assert superseded and all(f.valid_to is not None for f in superseded), [(f.statement, f.status) for f in history]


async def test_a_personal_question_memory_cannot_answer_is_unsure(app) -> None:  # type: ignore[no-untyped-def]
    await _ask(app, "I prefer window seats on trains.", user="finn", session="f1")
    outcome, answer = await _ask(app, "Which city was I born in?", user="finn", session="f2")
    assert outcome == "unsure" and "not sure" in answer, answer


def _cli(*args: str, db_url: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("GOOGLE_API_KEY", "COGNICORE_GOOGLE_API_KEY")}
    env |= {"DATABASE_URL": db_url, "COGNICORE_DATA_DIR": str(data_dir), "NO_COLOR": "1", "COLUMNS": "160"}
    return cli(*args, env=env, timeout=180)


def test_the_cli_supersedes_a_revised_figure_and_lists_it_with_its_end_time(db_url: str, data_dir: Path) -> None:
    turns = [
        ("The travel allowance for our team is 3,000 euros.", "c1"),
        ("We raised the travel allowance to 4,500 euros.", "c2"),
        ("What travel allowance do we get?", "c3"),
    ]
    answers = []
    for text, session in turns:
        out = _cli("ask", text, "--user", "gus", "--session", session, "--json", db_url=db_url, data_dir=data_dir)
        assert out.returncode == 0, out.stderr
        answers.append(json.loads(out.stdout))
    assert answers[-1]["outcome"] == "succeeded" and "4,500" in answers[-1]["answer"], answers[-1]["answer"]
    out = _cli("memory", "facts", "--user", "gus", "--json", db_url=db_url, data_dir=data_dir)
    assert out.returncode == 0, out.stderr
    facts = json.loads(out.stdout)
    old = [f for f in facts if "3,000" in f["statement"]]
    new = [f for f in facts if "4,500" in f["statement"]]
    assert old and old[0]["status"] == "superseded" and re.match(r"\d{4}-\d\d-\d\dT", old[0]["valid_to"]), facts
    assert new and new[0]["status"] == "active" and new[0]["valid_to"] is None, facts
