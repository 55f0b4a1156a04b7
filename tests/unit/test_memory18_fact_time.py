"""Round 18 answer check, time part (issue 9): a fact that states its own time ("for this year", "for 2025",
"next year") answers a question about that time only; asked of another one ("last year", "in 2024") it is quoted,
unsure. Wordings are our own."""

from __future__ import annotations

from cognicore.subagents._memory_lines import NOT_SURE
from tests.unit.test_recall14_value_shapes import _ask, _fact


def test_a_fact_of_its_own_time_is_no_answer_for_another_time() -> None:
    cases = (
        ("The user's travel allowance for this year is 4,000 euros.", "how much travel allowance did I get last year?"),
        ("The user's headcount plan for next year is 12.", "what was my headcount plan last year?"),
        ("The user's training budget for 2027 is $3k.", "what was my training budget in 2026?"),
    )
    for statement, question in cases:
        found = _ask(question, [_fact(1, statement)])
        assert found is not None and NOT_SURE in found.text and not found.used, (question, found)
        assert statement.split(" is ")[-1].rstrip(".") in found.text, found  # what is told is said


def test_a_fact_of_the_asked_time_still_answers_it() -> None:
    plan = [_fact(1, "The user's headcount plan for next year is 12.")]
    found = _ask("what's my headcount plan for next year?", plan)
    assert found is not None and "12" in found.text and NOT_SURE not in found.text and found.used, found
    found = _ask("what's my training budget for 2027?", [_fact(1, "The user's training budget for 2027 is $3k.")])
    assert found is not None and "$3k" in found.text and NOT_SURE not in found.text and found.used, found
