"""How the offline composer reads a question against the passages' own words (issue 9 points 2 and 6)."""

from __future__ import annotations

import pytest

from cognicore.memory.text import terms
from cognicore.subagents._question_terms import (
    code_family,
    is_key_code,
    noise_code,
    proper_nouns,
    spelling_variants,
    without_asides,
)
from cognicore.subagents.compose import OfflineAnswerComposer, cite_in_order, closest_miss, not_covered

VOCABULARY = frozenset(
    terms("Every ticket gets a priority: P1 within 4 hours, P2 within 8 hours, P3 and P4 later. Return window.")
)


def test_reference_tags_the_passages_never_mention_are_dropped() -> None:
    assert without_asides("How long is the return window (ticket zq7)?", VOCABULARY).split() == [
        "How", "long", "is", "the", "return", "window", "?"
    ]  # fmt: skip
    assert "[ref k2]" not in without_asides("What now [ref k2]", VOCABULARY)


def test_asides_the_passages_know_are_kept() -> None:
    assert (
        without_asides("What is the SLA of a top (P1) ticket?", VOCABULARY) == "What is the SLA of a top (P1) ticket?"
    )
    assert without_asides("Return window (in days)?", VOCABULARY) == "Return window (in days)?"


def test_a_code_of_a_family_the_passages_use_is_a_key_term_not_noise() -> None:
    assert code_family("wea-300") == "wea-#" and code_family("p5") == "p#"
    assert is_key_code("p5", VOCABULARY) and not noise_code("p5", VOCABULARY)
    assert noise_code("zq7", VOCABULARY) and noise_code("x9", VOCABULARY)
    assert not noise_code("p3", VOCABULARY)  # present: a term like any other
    assert not is_key_code("window", VOCABULARY)


def test_misspellings_map_to_the_passages_words() -> None:
    assert spelling_variants("retrun", VOCABULARY) == {"return"}
    assert spelling_variants("windw", VOCABULARY) == {"window"}
    assert spelling_variants("parental", VOCABULARY) == frozenset()  # a different word, not a typo
    assert spelling_variants("wont", VOCABULARY) == frozenset()  # too short to correct safely


@pytest.mark.parametrize(
    ("question", "names"),
    [
        ("How much does shipping to India cost?", {"india"}),
        ("Who is the CFO of Aurora Devices?", {"cfo", "aurora", "devic"}),
        ("What is the return window? I need it.", set()),  # sentence starts and "I" are not names
    ],
)
def test_proper_nouns_are_the_capitalised_words_inside_the_question(question: str, names: set[str]) -> None:
    assert proper_nouns(question) == names


def test_an_honest_miss_says_what_was_found_and_what_was_not() -> None:
    text = not_covered("What is the SLA for a P5 ticket?", ["sla", "ticket"], ["p5"], "SLA policy")
    assert text.startswith('The knowledge base has nothing on "What is the SLA for a P5 ticket".')
    assert closest_miss(text) == 'The closest passage ("SLA policy") mentions sla, ticket but not p5.'
    assert text.endswith("I am not sure of the answer.")
    assert closest_miss(not_covered("Capital of France?", [], ["france"], "")) == ""


def test_chunks_of_one_document_share_one_marker_in_order() -> None:
    text = "Orders are distinct ids. [4] Prices are in dollars. [5] One row per order. [1]"
    renumbered, order = cite_in_order(text, [1, 4, 5], source_of={1: "dictionary", 4: "dictionary", 5: "playbook"})
    assert order == [4, 5]  # each document once, by its first cited chunk
    assert renumbered == "Orders are distinct ids. [1] Prices are in dollars. [2] One row per order. [1]"
    same, _ = cite_in_order("A. [2] [3]", [2, 3], source_of={2: "doc", 3: "doc"})
    assert same == "A. [1]"  # two markers of one document collapse
    plain, order = cite_in_order(text, [1, 4, 5])
    assert order == [4, 5, 1] and plain.endswith("[3]")  # without documents, one source per passage


async def test_a_sentence_labelled_as_another_questions_answer_does_not_win() -> None:
    # "Reasons:" answers "why"; asked "by when", the dated decision is the answer, though the reasons share a word.
    log = (
        "# Decision Log\n## 2024-11-04: longer holiday return window\n\n"
        "Decision: products delivered between November 1 and December 24 can be returned until January 31.\n\n"
        "Reasons: gift buyers need more time; returns cost less than expected in the 2023 pilot.\n"
    )
    passage = [{"index": 1, "title": "Decision Log", "source": "log.md", "content": log}]
    answer = await OfflineAnswerComposer().compose(question="By when must holiday gifts be returned?", passages=passage)
    assert "January 31" in answer.text and answer.text.index("January 31") < answer.text.find("Reasons")
    why = await OfflineAnswerComposer().compose(question="Why are holiday gifts returnable longer?", passages=passage)
    assert why.text.lstrip().startswith("Reasons") or "Reasons: gift buyers" in why.text
