"""Notes (issue 9.4, M9): a statement no rule reads is kept in the user's words, holding no slot."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.memory._fact_notes import NOTE_PREDICATE, note_of
from cognicore.memory._fact_rules import read_facts
from cognicore.memory.extraction import FactCandidate, OfflineFactExtractor


async def _extract(text: str, known: list[dict[str, Any]] | None = None) -> list[FactCandidate]:
    out = await OfflineFactExtractor().extract(user_message=text, assistant_message="", known_facts=known or [])
    return out.facts


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("I do my forecasts in Excel.", "user"),
        ("Our team sells into the DACH region.", "we"),
        ("Chloe works on the Payroll app tickets.", "Chloe"),
        ("Password resets on our team go through the self-service portal.", "we"),
        ("Since Monday my manager wants the sales report every Friday.", "user"),
    ],
)
async def test_a_statement_no_rule_reads_is_kept_as_a_note_in_the_users_words(text: str, subject: str) -> None:
    [fact] = await _extract(text)
    assert (fact.subject, fact.predicate, fact.exclusive, fact.contradicts) == (subject, NOTE_PREDICATE, False, None)
    said = text.removeprefix("Since Monday ").rstrip(".")
    assert said in fact.object and said[1:] in fact.statement and fact.confidence < 0.9, fact


@pytest.mark.parametrize(
    "text",
    [
        "can you show me revenue by region", "I need the Q3 numbers by channel", "I'd like a chart of sales",
        "thanks, that was helpful", "you got the total wrong", "we should look at plan B", "I like it",
        "if we lose Acme we miss the target", "what did we sell in March", "my question is what we sold in Europe",
        "ok great", "Revenue by region for 2025",
    ],
)  # fmt: skip
def test_questions_requests_chat_and_remarks_to_the_assistant_are_no_notes(text: str) -> None:
    assert note_of(text) is None


async def test_a_note_is_never_changed_by_a_guess() -> None:
    # The note holds no slot: a later sentence sharing its words is a note of its own, not a marker ending it.
    known = [
        {**f.model_dump(), "status": "active", "id": 1}
        for f in await _extract("Chloe works on the Payroll app tickets.")
    ]
    [fact] = await _extract("Chloe now also works on the Email app tickets", known)
    assert fact.contradicts is None, fact


async def test_a_statement_a_rule_reads_is_no_note() -> None:
    [fact] = await _extract("My laptop is a ThinkPad X1.")
    assert fact.predicate != NOTE_PREDICATE and read_facts("My laptop is a ThinkPad X1."), fact


async def test_a_change_certain_from_its_words_ends_a_note() -> None:
    note = {**(await _extract("We have to respond to P1s within 30 minutes."))[0].model_dump(), "status": "active"}
    # The old value named ("from 30") is in the one note of the same owner.
    [fact] = await _extract("our P1 response target went from 30 to 15 minutes", [note])
    assert fact.contradicts == note["statement"] and "15" in fact.object, fact
    # A change naming nothing the note holds leaves it.
    [other] = await _extract("our P2 response target went from 8 to 6 hours", [note])
    assert other.contradicts != note["statement"], other


@pytest.mark.parametrize(
    "text",
    ["The VPN gateway is vpn2.corp.local.", "pls note the printr on the 2nd floor is handled by Ana",
     "Email tickets go to the messaging queue."],
)  # fmt: skip
def test_a_thing_of_the_users_work_told_with_a_verb_is_a_note(text: str) -> None:
    note = note_of(text)
    assert note is not None and note["predicate"] == NOTE_PREDICATE, note


async def test_a_note_that_denies_a_value_of_one_note_ends_it() -> None:
    # A note ("The VPN gateway is ..." is read as a fact of its own since M12).
    noted = await _extract("the gateway we use is vpn2.corp.local.")
    known = [{**f.model_dump(), "status": "active", "id": 1} for f in noted]
    [fact] = await _extract("correction - gateway is vpn3.corp.local, not vpn2", known)
    assert fact.predicate == NOTE_PREDICATE and fact.contradicts == known[0]["statement"], fact


@pytest.mark.parametrize(
    ("first", "second", "replaced"),
    [
        ("Chloe is on the escalation rota.", "Chloe is off the escalation rota", True),  # the same saying negated
        ("Chloe works on the Payroll app tickets.", "Chloe moved over to Email tickets", True),
        ("Chloe works on the Payroll app tickets.", "Chloe now also covers Email tickets too", False),  # an addition
        ("The London office opens at 8am.", "The Paris office now opens at 9am", False),  # another thing
    ],
)  # fmt: skip
async def test_a_note_replaces_a_note_only_when_certain_from_the_words(first: str, second: str, replaced: bool) -> None:
    known = [{**f.model_dump(), "status": "active", "id": 1} for f in await _extract(first)]
    [fact] = await _extract(second, known)
    assert fact.predicate == NOTE_PREDICATE and (fact.contradicts == known[0]["statement"]) is replaced, fact
