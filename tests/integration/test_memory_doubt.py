"""Memory questions are answered right or honestly unsure, never from an old fact alone (issue 9 point 4).

A change worded so that no extractor reads it (a story, "since the reorg") is still weighed: the question,
asked in a new session in other words, is answered `unsure` quoting the old fact and the later saying with
their dates, or from the new value; never the old fact alone with confidence. Through the graph in process
and through `cognicore ask` (a process per turn). The wordings are our own; the classifier's reading of the
statements is not under test (the turn is remembered whatever its intent).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.integration.test_memory_questions import _ask, _cli


def _new_first(answer: str, old: str, new: str) -> bool:
    """The new value leads: the old one is absent or comes after it (as "Before that: ...")."""
    return new in answer and (old not in answer or answer.index(new) < answer.index(old))


@pytest.mark.parametrize(
    ("statements", "question", "old", "new"),
    [
        pytest.param(
            [
                "Our release notes are written in Notion.",
                "The release notes have been on the shared drive since the reorganisation.",
            ],
            "where do we keep our release notes?",
            "notion",
            "shared drive",
            id="since-the-reorganisation",
        ),
        pytest.param(
            ["I'm teetotal.", "Shared two bottles of red wine with the Porto distributor at dinner last night."],
            "Am I still teetotal?",
            "teetotal",
            "red wine",
            id="a-story",
        ),
    ],
)
async def test_a_change_no_extractor_reads_is_never_answered_from_the_old_fact_alone(  # type: ignore[no-untyped-def]
    app, statements: list[str], question: str, old: str, new: str
) -> None:
    for i, text in enumerate(statements):
        await _ask(app, text, user="ivo", session=f"tell{i}")
    outcome, answer = await _ask(app, question, user="ivo", session="ask")
    lowered = answer.lower()
    assert new in lowered, answer  # the later saying is weighed, whatever the extractor made of it
    if outcome != "unsure":  # a confident answer must be the new value, not the old one first
        assert outcome == "succeeded" and _new_first(lowered, old, new), answer
    else:
        assert old in lowered and "not sure" in lowered, answer


async def test_a_yes_no_question_is_answered_yes_with_its_dated_evidence(app) -> None:  # type: ignore[no-untyped-def]
    await _ask(app, "I'm on the payroll migration project.", user="pia", session="p1")
    outcome, answer = await _ask(app, "Am I still on the payroll migration project?", user="pia", session="p2")
    assert outcome == "succeeded" and answer.startswith("Yes."), answer
    assert "payroll migration project" in answer and "current since" in answer and "[1]" in answer, answer


async def test_what_do_you_know_about_me_lists_what_the_user_said(app) -> None:  # type: ignore[no-untyped-def]
    await _ask(app, "I work from the Ghent office.", user="rui", session="r1")
    await _ask(app, "I prefer weekly summaries.", user="rui", session="r2")
    outcome, answer = await _ask(app, "What do you know about me?", user="rui", session="r3")
    assert outcome == "succeeded" and "ghent" in answer.lower() and "weekly" in answer.lower(), answer


def test_the_cli_in_new_sessions_never_answers_the_old_fact_alone(db_url: str, data_dir: Path) -> None:
    turns = [
        ("We file expense claims in Concur.", "x1"),
        ("Expense claims have gone through the finance portal since the audit.", "x2"),
        ("Where do we file expense claims?", "x3"),
    ]
    answers = []
    for text, session in turns:
        out = _cli("ask", text, "--user", "ola", "--session", session, "--json", db_url=db_url, data_dir=data_dir)
        assert out.returncode == 0, out.stderr
        answers.append(json.loads(out.stdout))
    last = answers[-1]
    lowered = last["answer"].lower()
    assert "finance portal" in lowered, last
    hedged = last["outcome"] == "unsure" and "concur" in lowered and "not sure" in lowered
    assert hedged or (last["outcome"] == "succeeded" and _new_first(lowered, "concur", "finance portal")), last
    out = _cli("memory", "facts", "--user", "ola", "--json", db_url=db_url, data_dir=data_dir)
    assert out.returncode == 0, out.stderr
    assert any("concur" in f["statement"].lower() for f in json.loads(out.stdout)), out.stdout
