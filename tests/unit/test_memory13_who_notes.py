"""A "who" question is answered by a memory that names someone for it, never by a note of the user's own words that
only uses the question's words (round 13, issue 9: "who is the duty manager?" quoted an unrelated message)."""

from __future__ import annotations

from typing import Any

from cognicore.subagents.compose import OfflineAnswerComposer


def _note(index: int, said: str) -> dict[str, Any]:
    at = "2031-05-03T09:00:00+00:00"
    text = f'The user said: "{said}"'
    return {
        "index": index, "title": "Memory: general (fact)", "source": f"memory:fact:{index}", "content": text,
        "statement": text, "status": "active", "since": at[:16].replace("T", " "), "since_exact": at, "until": None,
        "until_exact": None, "sources": [f"s#{index}"], "note": True,
    }  # fmt: skip


async def test_a_note_using_the_words_but_naming_no_one_does_not_answer_who() -> None:
    for said in ("Laptop died again - do I need to phone someone or just wait it out.",
                 "Remind me to send the weekly duty report to the manager on Friday."):  # fmt: skip
        answer = await OfflineAnswerComposer().compose(
            question="who's on duty as manager this week?", passages=[_note(1, said)]
        )
        assert "Laptop died" not in answer.text and "weekly duty report" not in answer.text, answer.text


async def test_a_note_naming_the_person_still_answers_who() -> None:
    note = _note(1, "Priya is the duty manager this week.")
    answer = await OfflineAnswerComposer().compose(question="who is the duty manager this week?", passages=[note])
    assert "Priya" in answer.text and answer.used == [1], answer.text


async def test_a_leading_name_with_the_asked_role_answers_who() -> None:
    note = _note(1, "Kemal stepped up as shift supervisor.")
    answer = await OfflineAnswerComposer().compose(question="who's our shift supervisor now?", passages=[note])
    assert "Kemal" in answer.text and answer.used == [1], answer.text
