"""Memory answers, round 11 (issue 9.4): a later note doubts a fact only when it is about the fact's slot, not when
it merely shares a word with it."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.orchestrator.recollection import told_words
from cognicore.subagents.compose import OfflineAnswerComposer
from cognicore.subagents.memory_answer import NOT_SURE
from cognicore.subagents.memory_evidence import slot_terms


def _fact(index: int, statement: str, at: str, *, turn: str, note: bool = False) -> dict[str, Any]:
    return {
        "index": index, "title": "Memory: work (fact)", "source": f"memory:fact:{index}", "content": statement,
        "statement": statement, "status": "active", "since": at[:16].replace("T", " "), "since_exact": at,
        "until": None, "until_exact": None, "sources": [turn], "note": note,
    }  # fmt: skip


async def _ask(question: str, passages: list[dict[str, Any]]) -> tuple[str, list[int]]:
    answer = await OfflineAnswerComposer().compose(question=question, passages=passages, history="")
    return answer.text, answer.used


MANAGER = _fact(1, "The user's manager is Lisa.", "2031-05-02T10:15:00+00:00", turn="a#1")


@pytest.mark.parametrize(
    "said",
    ["my manager's birthday is in May", "The birthday of my manager is on the 12th of May, remind me",
     "my manager's office moved to the third floor"],
)  # fmt: skip
async def test_a_later_note_about_another_slot_of_a_shared_word_leaves_the_fact_standing(said: str) -> None:
    note = _fact(2, f'The user said: "{said}"', "2031-05-09T08:00:00+00:00", turn="b#1", note=True)
    text, used = await _ask("who is my manager", [MANAGER, note])
    assert used == [1] and NOT_SURE not in text and "Lisa" in text, text


async def test_a_later_note_about_the_same_slot_leads_the_answer() -> None:
    note = _fact(2, 'The user said: "my manager is Tomasz as of this week"', "2031-05-09T08:00:00+00:00", turn="b#1",
                 note=True)  # fmt: skip
    text, used = await _ask("who is my manager", [MANAGER, note])
    assert used[0] == 2 and text.index("Tomasz") < text.index("Lisa"), text


def test_the_slot_of_a_statement_leaves_out_whose_or_of_what_it_is() -> None:
    assert slot_terms("my manager's birthday is in May") == {"birthday"}
    assert "manager" in slot_terms("The user's manager is Lisa.")
    assert slot_terms("the birthday of my manager") == {"birthday"}
    assert "hous" in slot_terms("our parents' house is in Lyon") and "parent" not in slot_terms("our parents' house")


def _said(index: int, text: str, at: str, *, turn: str) -> dict[str, Any]:
    return {
        "index": index, "title": "Memory: earlier observation", "source": f"memory:{index}", "content": text,
        "statement": text, "status": "said", "since": at[:16].replace("T", " "), "since_exact": at, "until": None,
        "turn": turn, "read": True,
    }  # fmt: skip


async def test_asked_what_it_was_before_the_new_value_the_superseded_fact_answers() -> None:
    new = {**_fact(1, "The user's territory is Benelux.", "2031-05-09T08:00:00+00:00", turn="b#1"), "fact_id": 2}
    old = {
        **_fact(2, "The user's territory is the Nordics.", "2031-05-02T08:00:00+00:00", turn="a#1"),
        "status": "superseded", "until": "2031-05-09 08:00", "until_exact": "2031-05-09T08:00:00+00:00",
        "fact_id": 1, "superseded_by": 2,
    }  # fmt: skip
    said = _said(3, "Since October my territory is Benelux.", "2031-05-09T07:59:59+00:00", turn="b#1")
    for question in ("hey what territory did i have before benelux", "before benelux what was my territory?"):
        text, used = await _ask(question, [new, old, said])
        assert "Nordics" in text and "no longer true" in text and 2 in used, text


@pytest.mark.parametrize(
    ("question", "memory", "why"),
    [
        ("is my retro on mondays", "The user's standup is on Mondays at 9.", "your standup, not your retro"),
        ("when is our team offsite", "Our team kickoff is on 3 March.", "kickoff, not your team offsite"),
        ("who is priya's manager", "My manager is Priya.", "your manager, not priya's manager"),
        ("who's Priya's boss", "My manager is Priya.", "your manager, not Priya's boss"),
        ("who is my manager", "My manager's birthday is in May.", "your birthday, not your manager"),
    ],
)
async def test_a_memory_about_another_thing_of_the_users_is_unsure(question: str, memory: str, why: str) -> None:
    text, used = await _ask(question, [_said(1, memory, "2031-05-02T08:00:00+00:00", turn="a#1")])
    assert used == [] and NOT_SURE in text and why in text, text


@pytest.mark.parametrize(
    ("question", "memory", "value"),
    [
        ("is my standup still on mondays", "The user's standup is on Mondays at 9.", "Yes."),
        ("where's my manager based again", "The user's manager Dana is in Dublin.", "Dublin"),
        ("what's my manager's name", "My manager is Priya.", "Priya"),
        ("whats my usual drink", "The user prefers to drink oat flat whites.", "flat whites"),
        ("when's my manager's birthday", "My manager's birthday is in May.", "May"),
        ("how big is my team", "Our team has 7 people.", "7 people"),
        ("who's the payroll app expert on our team", "Chloe is our Payroll app expert.", "Chloe"),  # whose group
    ],
)
async def test_a_memory_about_the_asked_thing_still_answers(question: str, memory: str, value: str) -> None:
    text, used = await _ask(question, [_said(1, memory, "2031-05-02T08:00:00+00:00", turn="a#1")])
    assert used == [1] and value in text and NOT_SURE not in text, text


def test_a_word_of_a_note_typed_again_in_the_request_is_kept_from_the_speller() -> None:
    recalled = {
        "facts": [{"statement": 'The user said: "The team offsite this year is in Porto."', "note": True}],
        "episodes": [{"kind": "observation", "text": "The team offsite this year is in Porto."}],
    }
    assert "offsite" in told_words(recalled, "where's the team going for the offsite")
    assert "offsite" not in told_words(recalled, "where do we meet")  # a saying's other words may be typos
    assert "porto" in told_words(recalled)  # a name inside a sentence, as before


@pytest.mark.parametrize(
    "question", ["this week who's looking after the email queue", "who covers email for the next fortnight"]
)
async def test_a_period_that_only_says_when_the_question_is_asked_is_no_topic(question: str) -> None:
    cover = _said(1, "Ben is covering the Email queue while Chloe is out.", "2031-05-02T08:00:00+00:00", turn="a#1")
    text, used = await _ask(question, [{**cover, "status": "active", "note": False}])
    assert used == [1] and "Ben" in text, text


@pytest.mark.parametrize(
    ("question", "memory", "unsure"),
    [
        ("where is my manager based", "My manager is Dana.", True),  # a person's name is no place
        ("where's my boss these days", "The user's manager is Dana.", True),
        ("where is my manager based", "My manager Dana is based in Dublin.", False),
        ("where is our vendor contact", "Our vendor contact is Rahul in Pune.", False),
    ],
)
async def test_where_is_not_answered_by_who(question: str, memory: str, unsure: bool) -> None:
    text, used = await _ask(question, [_said(1, memory, "2031-05-02T08:00:00+00:00", turn="a#1")])
    assert (NOT_SURE in text and used == []) is unsure, text


@pytest.mark.parametrize("memory", ["Omar Haddad is responsible for me.", "Omar manages me now."])
@pytest.mark.parametrize("question", ["who do i report to", "who's my boss these days"])
async def test_who_is_in_charge_of_the_user_is_their_manager(question: str, memory: str) -> None:
    text, used = await _ask(question, [_said(1, memory, "2031-05-02T08:00:00+00:00", turn="a#1")])
    assert used == [1] and "Omar" in text and NOT_SURE not in text, text
