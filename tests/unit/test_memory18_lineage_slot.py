"""Round 18 answer check, lineage (issue 9): a later saying the store kept current beside the user's fact leads the
answer with the fact as "Before that" only when it is of the same slot; one of another owner (the user's group),
another qualifier of the head noun, or bounded to a month the fact lacks is no earlier value of it. Our wordings."""

from __future__ import annotations

from cognicore.subagents._memory_lines import NOT_SURE
from tests.unit.test_recall14_value_shapes import _ask, _fact


def _said(i: int, words: str) -> dict[str, object]:
    return _fact(i, f'The user said: "{words}"', 2, note=True)


def test_a_saying_of_another_slot_is_no_later_value_of_the_users_fact() -> None:
    cases = (
        ("The user's bonus is 8%.", _said(2, "The bonus on renewal deals is 3% now."), "what's my bonus?", "8%"),
        (
            "The user's standup is at 9:15.",
            _said(2, "In August my standup is at 10."),
            "what time is my standup?",
            "9:15",
        ),
        (
            "The user is on the rota on Thursdays.",
            _fact(2, "Our evening rota is Mia and Leo (changed)", 2),
            "which day am I on the rota?",
            "Thursdays",
        ),
    )
    for statement, later, question, value in cases:
        found = _ask(question, [_fact(1, statement), later])
        assert found is not None and "Before that" not in found.text, (question, found)
        assert found.text.startswith(statement.rstrip(".")) and value in found.text and NOT_SURE not in found.text


def test_a_saying_of_the_same_slot_still_leads_as_its_change() -> None:
    found = _ask("what's my bonus?", [_fact(1, "The user's bonus is 8%."), _said(2, "My bonus went up to 9%.")])
    assert found is not None and found.text.index("9%") < found.text.index("8%"), found
