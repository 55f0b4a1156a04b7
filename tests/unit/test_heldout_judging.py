"""The held-out judge in the package (`cognicore.heldout`): suite detection, verdicts, figures and the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from cognicore.heldout import (
    Case,
    Judged,
    ValueCheck,
    check_values,
    is_heldout_file,
    load_suite,
    report_text,
    result_checks,
    verdict,
)
from cognicore.workflows.evaluation import SuiteError

ROOT = Path(__file__).resolve().parents[2]


def test_heldout_suites_are_told_apart_from_evaluation_suites() -> None:
    assert is_heldout_file(ROOT / "bench" / "heldout" / "demo.yaml")
    assert is_heldout_file(ROOT / "bench" / "heldout" / "support_desk.yaml")
    assert not is_heldout_file(ROOT / "cognicore" / "demo" / "eval-demo.yaml")
    assert load_suite(ROOT / "bench" / "heldout" / "demo.yaml").cases


def test_a_suite_with_duplicate_ids_or_no_check_names_the_problem(tmp_path: Path) -> None:
    twice = tmp_path / "twice.yaml"
    twice.write_text("suite: s\ncases:\n" + "  - {id: a, request: r, kind: statement, statement: true}\n" * 2)
    with pytest.raises(SuiteError, match=r"duplicate case ids \['a'\]"):
        load_suite(twice)
    empty = tmp_path / "empty.yaml"
    empty.write_text("suite: s\ncases:\n  - {id: b, request: r, kind: question}\n")
    with pytest.raises(SuiteError, match=r"empty\.yaml.*case 'b' has no expectation"):
        load_suite(empty)


def test_figures_and_labels_are_checked_against_the_expected_rows() -> None:
    rows = [("Europe", 1_234_567.89), ("Americas", 987_654.32)]
    text = "Europe leads with $1,234,568, then Americas with $987,654."
    assert check_values(text, ["region", "revenue"], rows, ValueCheck(ordered=True)) == []
    assert check_values("Americas $987,654; Europe $1.23M", ["region", "revenue"], rows, ValueCheck(ordered=True)) == [
        "labels are not in the expected order"
    ]
    assert check_values("Europe $1.1M", ["region", "revenue"], rows[:1], ValueCheck()) == [
        "no figure matching revenue=1,234,567.89"
    ]


def test_a_statement_planned_as_a_task_and_a_refusal_without_alternatives_fail() -> None:
    said = Case(id="s", request="I now drink tea", kind="statement", statement=True)
    assert result_checks(said, {"answer": "Noted.", "steps": [{"agent": "rag_query"}]}, "Noted.") == [
        "a statement was planned as a task"
    ]
    away = Case(id="o", request="book a flight", kind="out_of_scope", refuses=True)
    text = "I cannot book travel. I can answer questions from the documents and the sales data."
    assert result_checks(away, {"answer": text}, text) == []
    assert verdict(True, True, away) == "right"
    assert result_checks(away, {"answer": "Done!"}, "Done!") == [
        "does not say it cannot do it",
        "names 0 of the things it can do (needs 2)",
    ]


def test_the_report_counts_each_verdict_and_states_the_targets() -> None:
    judged = [
        Judged("a", "question", "data", "r", "right", True, False),
        Judged("b", "question", "data", "r", "unsure", False, True),
        Judged("c", "task", "data", "r", "wrong", False, False, ["no report written"]),
    ]
    text = report_text(judged, details=False)
    assert "question         2      1       1      0    50.0%     50.0%" in text
    assert "total            3      1       1      1    33.3%     33.3%" in text
    assert "FAIL  right >= 85%" in text and "FAIL  wrong without stated uncertainty == 0" in text
    assert "WRONG   c [task;" in text and "- no report written" in text and "RIGHT" not in text
