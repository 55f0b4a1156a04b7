"""Evaluation suites without a database: loading and validation, checks, statistics, the harness, the report."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from cognicore.cli_eval import DEMO_SUITE
from cognicore.workflows.evaluation import (
    Case,
    CaseResult,
    Expectation,
    Suite,
    SuiteError,
    check,
    load_suite,
    percentile,
    report_markdown,
    run_suite,
    summarize,
)

TASK_RESULT: dict[str, Any] = {
    "session": "s1",
    "run_id": "r1",
    "intent": "task",
    "answer": "Orbit Smartwatch leads revenue with $122,458. (offline engine)",
    "citations": [{"source": "a.md", "title": "A"}],
    "plan": {"steps": []},
    "steps": [
        {"id": "s1", "agent": "database_query", "status": "ok", "output": "5 rows"},
        {"id": "s2", "agent": "rag_query", "status": "ok", "output": "..."},
        {"id": "s3", "agent": "report_generation", "status": "ok", "output": "report"},
    ],
    "artifacts": ["/tmp/report.md", "/tmp/chart.png"],
    "workflow": {"id": 7, "reused": True, "similarity": 0.82},
    "engine": "offline",
    "model_calls": {"classify": 1, "adapt_workflow": 1, "write_sql": 1, "write_report": 1},
    "timings_ms": {"total": 420.0},
    "outcome": "succeeded",
    "error": None,
}


def _case(**expect: Any) -> Case:
    return Case(id="c", request="r", expect=Expectation(**expect))


def _with(**changes: Any) -> dict[str, Any]:
    result = copy.deepcopy(TASK_RESULT)
    result.update(changes)
    return result


# (expectation, a result that meets it, a result that does not, words the failure must contain)
CHECKS: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any], str]] = [
    ({"intent": "task"}, TASK_RESULT, _with(intent="question"), "intent was 'question', expected 'task'"),
    ({}, TASK_RESULT, _with(outcome="failed", error="step s1 failed"), "outcome was 'failed' (error: step s1 failed)"),
    ({"outcome": "failed"}, _with(outcome="failed"), TASK_RESULT, "expected 'failed'"),
    ({"agents": ["database_query"]}, TASK_RESULT, _with(steps=[]), "agents missing from the steps: database_query"),
    (
        {"agents_exactly": ["report_generation", "rag_query", "database_query"]},
        TASK_RESULT,
        _with(steps=TASK_RESULT["steps"][:1]),
        "expected exactly database_query, rag_query, report_generation",
    ),
    ({"agents_exactly": []}, _with(steps=[]), TASK_RESULT, "agents of the steps were database_query"),
    ({"min_steps": 3}, TASK_RESULT, _with(steps=TASK_RESULT["steps"][:2]), "2 step(s) ran, expected at least 3"),
    ({"answer_contains": ["ORBIT smartwatch"]}, TASK_RESULT, _with(answer="nothing"), "does not contain 'ORBIT"),
    ({"answer_not_contains": ["has nothing on"]}, TASK_RESULT, _with(answer="It has NOTHING on it"), "contains"),
    ({"citations_min": 1}, TASK_RESULT, _with(citations=[]), "0 citation(s), expected at least 1"),
    ({"artifacts_min": 2}, TASK_RESULT, _with(artifacts=["x"]), "1 artifact(s), expected at least 2"),
    ({"reused": True}, TASK_RESULT, _with(workflow={"id": 7, "reused": False}), "planned afresh"),
    ({"reused": True}, TASK_RESULT, _with(workflow=None), "planned afresh"),
    ({"reused": False}, _with(workflow=None), TASK_RESULT, "reused workflow 7 (similarity 0.82), expected a fresh"),
    (
        {"max_model_calls": 4},
        TASK_RESULT,
        _with(model_calls={"classify": 1, "plan": 2, "write_sql": 2}),
        "5 model calls (classify=1, plan=2, write_sql=2), expected at most 4",
    ),
    ({"max_plan_calls": 0}, TASK_RESULT, _with(model_calls={"plan": 1}), "1 planner call(s), expected at most 0"),
    ({"max_latency_ms": 500}, TASK_RESULT, _with(timings_ms={"total": 812.4}), "took 812 ms, expected at most 500"),
    ({"max_latency_ms": 500}, TASK_RESULT, _with(timings_ms={}), "no timing was reported"),
]


@pytest.mark.parametrize(("expect", "good", "bad", "words"), CHECKS, ids=[str(c[0]) for c in CHECKS])
def test_each_expectation_passes_and_fails(
    expect: dict[str, Any], good: dict[str, Any], bad: dict[str, Any], words: str
) -> None:
    case = _case(**expect)
    assert check(case, good) == []
    failures = check(case, bad)
    assert len(failures) == 1 and words in failures[0], failures


def test_every_failed_expectation_is_reported() -> None:
    case = _case(intent="question", citations_min=3, answer_contains=["a1", "Orbit", "zz"], max_plan_calls=0)
    failures = check(case, _with(model_calls={"plan": 1}))
    assert failures == [
        "intent was 'task', expected 'question'",
        "the answer does not contain 'a1'",
        "the answer does not contain 'zz'",
        "1 citation(s), expected at least 3",
        "1 planner call(s), expected at most 0",
    ]


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "suite.yaml"
    path.write_text(text)
    return path


VALID = """
name: smoke
cases:
  - id: q1
    request: What is the return policy?
    expect: {intent: question, answer_contains: 15 days, answer_not_contains: 30}
  - id: t1
    session: s
    request: Write a briefing
"""


def test_a_valid_suite_loads_with_defaults(tmp_path: Path) -> None:
    suite = load_suite(_write(tmp_path, VALID))
    assert suite.name == "smoke" and suite.user == "eval" and suite.fresh_user
    assert suite.cases[0].expect.answer_contains == ["15 days"]  # a single value reads as a list
    assert suite.cases[0].expect.answer_not_contains == ["30"]
    assert suite.cases[1].session == "s" and suite.cases[1].expect == Expectation(outcome="succeeded")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("name: x\ncases: [\n", ["suite.yaml", "not valid YAML", "line"]),
        ("", ["suite.yaml", "a suite is a YAML mapping", "NoneType"]),
        ("- id: a\n", ["a suite is a YAML mapping", "list"]),
        (
            "name: x\ncases:\n  - id: q1\n    request: hi\n    expect: {answer_contain: [a]}\n",
            ["suite.yaml", "case 'q1' (#1), field expect.answer_contain", "unknown field", "answer_contains"],
        ),
        ("name: x\ncases:\n  - id: q1\n  - id: q2\n    request: hi\n", ["case 'q1' (#1), field request", "missing"]),
        ("name: x\ncases:\n  - request: hi\n", ["case #1, field id", "missing"]),
        (
            "name: x\ncases:\n  - {id: q, request: hi, expect: {intent: banana}}\n",
            ["case 'q' (#1), field expect.intent", "'question', 'task' or 'statement'"],
        ),
        ("name: x\ncases:\n  - {id: q, request: hi, expect: {min_steps: -1}}\n", ["expect.min_steps", "0"]),
        ("name: x\ncases: []\n", ["field cases", "at least 1"]),
        ("cases:\n  - {id: q, request: hi}\n", ["field name", "missing"]),
        ("name: x\nusers: y\ncases:\n  - {id: q, request: hi}\n", ["field users", "unknown field", "user"]),
        ("name: x\ncases:\n  - {id: q, request: a}\n  - {id: q, request: b}\n", ["two cases have the id 'q'"]),
    ],
)
def test_invalid_suites_are_refused_with_the_file_case_and_field(tmp_path: Path, text: str, words: list[str]) -> None:
    with pytest.raises(SuiteError) as err:
        load_suite(_write(tmp_path, text))
    for word in words:
        assert word in str(err.value), str(err.value)


def test_a_missing_suite_file_is_a_suite_error(tmp_path: Path) -> None:
    with pytest.raises(SuiteError, match=r"nope\.yaml: no such suite file"):
        load_suite(tmp_path / "nope.yaml")


def test_the_shipped_demo_suite_is_valid_and_tests_reuse_and_a_near_miss() -> None:
    suite = load_suite(DEMO_SUITE)
    expects = {c.id: c.expect for c in suite.cases}
    repeats = [c for c in suite.cases if c.expect.reused and c.expect.max_plan_calls == 0]
    assert len(repeats) >= 3
    for again in repeats:  # each repeat shares a session with an earlier ask of the same request
        first = next(c for c in suite.cases if c.session == again.session)
        assert first is not again and first.request == again.request
    assert any(e.reused is False for e in expects.values())
    assert expects["demo-question"].intent == "question" and expects["demo-task"].intent == "task"


def test_percentiles_interpolate_and_need_values() -> None:
    values = [float(v) for v in range(10, 101, 10)]
    assert percentile(values, 50) == 55.0
    assert percentile(values, 95) == 95.5
    assert percentile([42.0], 95) == 42.0
    assert percentile([], 50) is None


def _result(cid: str, **fields: Any) -> CaseResult:
    return CaseResult(id=cid, request="r", session="s", **({"passed": True} | fields))


def test_totals_count_reuse_of_task_runs_and_leave_out_runs_that_raised() -> None:
    cases = [
        _result("q", intent="question", total_model_calls=2, latency_ms=100.0),
        _result("t1", intent="task", reused=False, total_model_calls=5, latency_ms=300.0),
        _result("t2", intent="task", reused=True, total_model_calls=4, latency_ms=200.0, passed=False),
        _result("x", passed=False, error="InputRejected: too long", latency_ms=None),
    ]
    totals = summarize(cases)
    assert (totals.cases, totals.passed, totals.failed, totals.success_rate) == (4, 2, 2, 0.5)
    assert (totals.task_runs, totals.reuse_hits, totals.reuse_rate) == (2, 1, 0.5)
    assert (totals.model_calls_total, totals.model_calls_mean) == (11, 3.67)
    assert (totals.latency_p50_ms, totals.latency_p95_ms) == (200.0, 290.0)
    empty = summarize([_result("q", intent="question", latency_ms=None)])
    assert empty.reuse_rate is None and empty.latency_p50_ms is None


async def test_the_harness_shares_sessions_isolates_the_user_and_survives_a_raising_ask() -> None:
    suite = Suite(
        name="h",
        user="ev",
        cases=[
            Case(id="a", request="first", session="conv"),
            Case(id="b", request="boom"),
            Case(id="c", request="second", session="conv", expect=Expectation(reused=True)),
        ],
    )
    calls: list[tuple[str, str, str]] = []

    async def ask(request: str, session: str, user: str) -> dict[str, Any]:
        calls.append((request, session, user))
        if request == "boom":
            raise RuntimeError("database went away")
        return _with(workflow={"id": 1, "reused": request == "second", "similarity": 1.0})

    seen: list[str] = []
    report = await run_suite(suite, ask, tag="t1", on_case=lambda r: seen.append(r.id))
    assert calls == [
        ("first", "eval-conv-t1", "ev-t1"),
        ("boom", "eval-b-t1", "ev-t1"),
        ("second", "eval-conv-t1", "ev-t1"),
    ]
    assert seen == ["a", "b", "c"] and report.user == "ev-t1" and report.tag == "t1"
    a, b, c = report.cases
    assert a.passed and c.passed and c.reused and a.reused is False
    assert not b.passed and b.error == "RuntimeError: database went away"
    assert b.failures == ["raised RuntimeError: database went away"]
    assert report.totals.failed == 1 and report.totals.task_runs == 2 and report.totals.reuse_hits == 1
    again = await run_suite(suite.model_copy(update={"fresh_user": False}), ask)
    assert again.user == "ev" and again.tag != "t1" and calls[-1][1] == f"eval-conv-{again.tag}"


async def test_the_markdown_report_has_the_summary_every_case_and_the_failures() -> None:
    suite = Suite(
        name="md",
        description="Smoke suite.",
        cases=[
            Case(id="ok", request="fine | with a pipe"),
            Case(id="bad", request="wrong", expect=Expectation(answer_contains=["zebra"], max_plan_calls=0)),
        ],
    )

    async def ask(request: str, session: str, user: str) -> dict[str, Any]:
        return _with(model_calls={"classify": 1, "plan": 1})

    md = report_markdown(await run_suite(suite, ask, tag="x"))
    assert md.startswith("# Evaluation: md\n\nSmoke suite.\n")
    assert "| 2 | 1 | 50% | 2 of 2 (100%) | 4 / 2.0 | 420 ms | 420 ms |" in md
    assert "| 1 | `ok` | pass | task | database_query, rag_query, report_generation | yes | 2 | 420 ms |" in md
    assert "fine \\| with a pipe" in md
    assert "| 2 | `bad` | **FAIL** |" in md
    failures = md.split("## Failures", 1)[1]
    assert "### `bad`" in failures and "`ok`" not in failures
    assert "- the answer does not contain 'zebra'" in failures and "- 1 planner call(s), expected at most 0" in failures
