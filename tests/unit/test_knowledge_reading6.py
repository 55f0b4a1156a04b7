"""How the offline engine reads knowledge questions worded loosely (issue 9.2/9.6, engineer K5's own wordings).

A question inside a longer message is a question; a conjunction opening a message is no verb; the opening
wh-word sets what is asked; the asked thing, its subject and a closing unit must all be in the sentence quoted,
otherwise the answer is unsure. Made-up documents, so no deployment's words are needed.
"""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.orchestrator.intent import is_question
from cognicore.orchestrator.planning import DataWords, asks_rows
from cognicore.orchestrator.scope import IMPERATIVE
from cognicore.subagents._answer_head import asked_head
from cognicore.subagents._answer_shape import Shape, asked_shape
from cognicore.subagents._question_terms import SYNONYMS, labelled_concepts
from cognicore.subagents.compose import ComposedAnswer, OfflineAnswerComposer

KETTLES = """# Kettle catalog

## Zephyr Kettle

The Zephyr Kettle boils 1.7 litres in three minutes. List price: $59.

## Breeze Fan

The Breeze Fan has three speeds and a battery life of 9 hours."""

DESK = """# Service levels

A P2 request gets a first response within 8 hours; a P3 request within 2 days.
The harbour expansion was delayed to 2028 because the permits were late."""


def passages(*contents: str) -> list[dict[str, Any]]:
    return [
        {"index": i, "title": c.splitlines()[0].lstrip("# "), "source": f"/kb/doc{i}.md", "content": c}
        for i, c in enumerate(contents, start=1)
    ]


async def compose(question: str, *contents: str) -> ComposedAnswer:
    return await OfflineAnswerComposer().compose(question=question, passages=passages(*contents))


@pytest.mark.parametrize(
    "text",
    [
        "printer jammed again, what do i try first",
        "for a lost badge who do we call",
        "if a guest breaks a mug do they pay for it",
        "the harbour project got pushed back until when exactly",
    ],
)
def test_a_question_inside_a_longer_message_is_a_question(text: str) -> None:
    assert is_question(text)


@pytest.mark.parametrize(
    "text", ["I moved to the Oslo team last week", "we close the desk on fridays", "our budget went up to 5k"]
)
def test_a_statement_stays_a_statement(text: str) -> None:
    assert not is_question(text)


def test_a_conjunction_or_preposition_opening_a_message_is_no_verb() -> None:
    assert IMPERATIVE.match("if a p1 misses its deadline who gets told") is None
    assert IMPERATIVE.match("for an urgent unlock who do we ask") is None
    assert IMPERATIVE.match("book me a flight")["verb"] == "book"  # type: ignore[index]


def test_the_opening_wh_word_sets_what_is_asked() -> None:
    assert asked_shape("what priority do we give a ticket when the log is collected") is None
    assert asked_shape("which team gets the call when the fan breaks") is None
    assert asked_shape("what year was the kettle launched") is Shape.WHEN
    assert asked_shape("how fast must we reply to a p2") is Shape.DURATION
    assert asked_head("whats the battery life on the zephyr kettle") == ["battery", "life"]


def test_contractions_without_apostrophe_and_shorthand_are_no_topic() -> None:
    words = [label for _, label in labelled_concepts("whats the fee w/o a receipt, and thats it", SYNONYMS)]
    assert "whats" not in words and "what" not in words and "thats" not in words and "w" not in words
    on_hold = [label for _, label in labelled_concepts("the harbour expansion was put on hold", SYNONYMS)]
    assert "delay" in on_hold and "hold" not in on_hold


def test_which_names_a_thing_the_data_does_not_hold() -> None:
    data = DataWords.of(["tickets", "ticket_id", "component", "status"], ["VPN", "Email", "open", "closed"])
    values = ["VPN", "Email", "open", "closed"]
    assert asks_rows("which team should get the vpn ticket if a restart fails", data, values) is None
    assert asks_rows("which vpn tickets are open", data, values) is not None


async def test_answering_a_ticket_is_responding_to_it() -> None:
    answer = await compose("how fast do we have to answer a p2", DESK)
    assert answer.used and "8 hours" in answer.text


async def test_on_hold_until_when_finds_the_delay() -> None:
    answer = await compose("the harbour expansion was put on hold until when exactly", DESK)
    assert answer.used and "2028" in answer.text


async def test_the_asked_thing_of_another_subject_is_no_answer() -> None:
    # The fan has a battery life; the kettle's is written nowhere: unsure, never the fan's figure.
    answer = await compose("whats the battery life on the zephyr kettle", KETTLES)
    assert answer.used == [] and "9 hours" not in answer.text


async def test_a_price_in_another_unit_is_no_answer() -> None:
    answer = await compose("what does the zephyr kettle cost in euros", KETTLES)
    assert answer.used == [] and "not sure" in answer.text
    priced = await compose("what does the zephyr kettle cost", KETTLES)
    assert priced.used and "$59" in priced.text


DESK_RULES = """# Desk rules

A P4 request gets a first response within 3 days. P3 and P4 breaches are reviewed every Monday.
The service desk never asks for a badge code. Badges are refused when the photo is older than ten years;
certificates expire after one year."""


async def test_a_code_in_the_plural_is_the_code() -> None:
    answer = await compose("how fast do p4s get a response", DESK_RULES)
    assert answer.used and "3 days" in answer.text


async def test_a_joined_compound_and_a_short_form_read_as_the_passages_words() -> None:
    joined = await compose("will the servicedesk ever ask me for my badge code", DESK_RULES)
    assert joined.used and "never asks" in joined.text
    short = await compose("when do the certs expire", DESK_RULES)
    assert short.used and "one year" in short.text


async def test_counts_as_asks_what_a_thing_is() -> None:
    rules = await compose("what counts as a breach", DESK_RULES)
    assert rules.used and "breaches" in rules.text


def test_a_held_code_makes_a_question_about_something_held() -> None:
    from cognicore.orchestrator.scope import Scope

    scope = Scope(
        agent_words=frozenset(), known=frozenset(), held=frozenset({"p1", "ticket"}), documents=frozenset({"p1"})
    )
    assert scope.unheld("if a p1 misses its deadline who gets pinged", [], "") == []
    assert scope.unheld("if a zeppelin misses its deadline who gets pinged", [], "") != []


def test_what_a_value_means_is_no_question_about_its_rows() -> None:
    data = DataWords.of(["tickets", "priority"], ["P1", "P2", "P3"])
    assert asks_rows("what does p3 mean", data, ["P1", "P2", "P3"]) is None
    assert asks_rows("list the p3 tickets", data, ["P1", "P2", "P3"]) is not None


def test_words_only_the_documents_hold_are_found() -> None:
    from cognicore.orchestrator.scope import Scope

    scope = Scope(
        agent_words=frozenset(),
        known=frozenset(),
        held=frozenset(),
        documents=frozenset({"breaches", "tickets", "escalated"}),
    )
    data = DataWords.of(["tickets", "priority"], ["P3", "P4"])
    assert scope.documents_only("who deals with p3 and p4 breaches", data) == ["breaches"]
    assert scope.documents_only("who handles the p3 tickets", data) == []


CATALOG = """# Catalog

## ZX-10 Zephyr Kettle

List price: $19, the cheapest product in the catalog.

## Singapore hub

The Singapore hub opened in 2021 and serves the region."""


async def test_a_labelled_line_is_quoted_with_the_heading_that_names_its_subject() -> None:
    answer = await compose("cheapest thing in the catalog?", CATALOG)
    assert answer.used and "Zephyr Kettle" in answer.text


async def test_a_sentence_saying_too_little_of_the_question_is_no_answer() -> None:
    answer = await compose("is the singapore hub closed over the lunar new year holidays", CATALOG)
    assert answer.used == [] and "not sure" in answer.text


async def test_which_thing_no_passage_names_is_unsure() -> None:
    doc = "# Remote access\n\nSign out of the remote client and sign in again to renew the token."
    answer = await compose("which remote client software do we use", doc)
    assert answer.used == [] and "software" in answer.text
    known = await compose("which client renews the token", doc)
    assert known.used


def test_a_greeting_or_thanks_is_about_nothing_held() -> None:
    from cognicore.orchestrator.scope import Scope

    scope = Scope(agent_words=frozenset(), known=frozenset(), held=frozenset({"ticket"}), documents=frozenset())
    assert scope.social_remark("good morning!") == ["good", "morning"]
    assert scope.social_remark("what about that?") == []
    assert scope.social_remark("show me everything") == []
