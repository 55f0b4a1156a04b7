"""The compose_answer role: the offline extractive composer and the LLM-backed one with a scripted model."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cognicore.memory.llm import ModelCallError, RoleOptions
from cognicore.subagents.compose import ComposedAnswer, LlmAnswerComposer, OfflineAnswerComposer
from tests.fakes import junk, scripted, structured

RETURNS = """# Return and Warranty Policy
## Opened products

Opened (unboxed) products can also be returned within 30 days of delivery if they are undamaged and
complete. A 10% restocking fee applies to opened products unless the product is defective.

### Opened headphones and earbuds

For hygiene reasons, opened headphones and earbuds must be returned within 15 days of delivery, with the
ear tips included. Defective opened headphones can be returned within the full 30 days without a fee."""

SHIPPING = """# Shipping Policy
## Shipping options and costs

- **Standard shipping** takes 3 to 5 business days and is free on orders of $50 or more.
- **Express shipping** takes 1 to 2 business days and costs $14.99 on any order."""

CATALOG = """# Aurora Devices Product Catalog
## Audio
### AUD-100 Aurora Buds Pro

Aurora Buds Pro are true wireless earbuds with active noise cancellation. List price: $149."""

DECISIONS = """# Decision Log
## 2024-06-03: Orbit Fitness Band price cut from $129 to $99

Decision: cut the list price of the Orbit Fitness Band from $129 to $99 in every region.

Reasons: cheaper trackers from competitors had halved the band's unit sales in a year, and the band is the
entry point to the Orbit app."""


def passages(*contents: str) -> list[dict[str, Any]]:
    return [
        {"index": i, "title": c.splitlines()[0].lstrip("# "), "source": f"/kb/doc{i}.md", "content": c}
        for i, c in enumerate(contents, start=1)
    ]


def cited(answer: ComposedAnswer) -> set[int]:
    return {int(n) for n in re.findall(r"\[(\d+)\]", answer.text)}


async def compose(question: str, *contents: str) -> ComposedAnswer:
    return await OfflineAnswerComposer().compose(question=question, passages=passages(*contents))


async def test_offline_picks_the_sentence_that_answers() -> None:
    answer = await compose("What is the return policy for opened headphones?", SHIPPING, RETURNS)
    assert "15 days" in answer.text
    assert answer.used == [2]
    assert cited(answer) == {2}
    assert "Express shipping" not in answer.text


@pytest.mark.parametrize(
    ("question", "expected", "index"),
    [
        ("Can I send back earbuds I already unboxed?", "15 days", 2),
        ("How long does express delivery take?", "1 to 2 business days", 1),
        ("How much are the Aurora Buds Pro?", "$149", 3),
        ("Why did we lower the price of the fitness band?", "halved", 4),
    ],
)
async def test_offline_handles_paraphrases(question: str, expected: str, index: int) -> None:
    answer = await compose(question, SHIPPING, RETURNS, CATALOG, DECISIONS)
    assert expected in answer.text
    assert index in answer.used


async def test_offline_names_the_subject_of_a_bare_fact_from_its_heading() -> None:
    catalog = "# Catalog\n### AUD-100 Aurora Buds Pro\n\nTrue wireless earbuds. List price: $149.\n"
    answer = await compose("What is the price of Aurora Buds Pro?", SHIPPING, catalog)
    assert answer.text.startswith("AUD-100 Aurora Buds Pro: ")
    assert "List price: $149." in answer.text
    assert answer.used == [2]


async def test_offline_citations_are_valid_and_match_used() -> None:
    for question in ("Is shipping free?", "What is the restocking fee?", "Why was the band price cut?"):
        answer = await compose(question, SHIPPING, RETURNS, CATALOG, DECISIONS)
        assert answer.used, question
        assert set(answer.used) <= {1, 2, 3, 4}
        assert cited(answer) == set(answer.used)
        assert answer.text.rstrip().endswith("]")


@pytest.mark.parametrize(
    "question",
    ["What is the capital of France?", "Who won the football world cup in 2022?", "the of and", "???"],
)
async def test_offline_says_plainly_when_nothing_is_relevant(question: str) -> None:
    answer = await compose(question, SHIPPING, RETURNS, CATALOG)
    assert answer.text.startswith("The knowledge base has nothing on")
    assert answer.used == []
    assert not cited(answer)


async def test_offline_without_passages_finds_nothing() -> None:
    answer = await OfflineAnswerComposer().compose(question="What is the return window?", passages=[])
    assert answer == ComposedAnswer(text='The knowledge base has nothing on "What is the return window".', used=[])


async def test_offline_is_deterministic_and_quotes_only_the_passages() -> None:
    question = "What is the return policy for opened headphones?"
    first = await compose(question, SHIPPING, RETURNS, CATALOG)
    again = await compose(question, SHIPPING, RETURNS, CATALOG)
    assert first == again
    body = re.sub(r"\s*\[\d+\]", "", first.text)
    corpus = " ".join((SHIPPING + RETURNS + CATALOG).split()).replace("**", "")
    for sentence in re.split(r"(?<=[.!?])\s+", body):
        assert sentence in corpus  # extractive: nothing invented


async def test_offline_dedupes_sentences_repeated_by_overlapping_chunks() -> None:
    answer = await compose("How long do I have to return opened headphones?", RETURNS, RETURNS)
    assert answer.text.count("For hygiene reasons") == 1


ONCALL = """# Incident runbook
## Paging

Outages are paged to the on-call engineer at once. Minor alerts wait for the daily review at 10 am.

## Access tokens

Engineers request a token on the access portal and confirm it with their badge. A suspended token is
restored after 45 minutes; for an urgent restore, the desk checks with the engineer's team lead."""

TEAM = """# About Northwind Labs
## Leadership

- Ines Duarte, founder and chief executive officer (CEO)
- Tomas Brandt, chief operating officer (COO)
- Lea Vogt, head of incident response (since 2022)"""

PRODUCTS = """# Northwind Labs product sheet
## Nova Lamp

The Nova Lamp is a desk lamp with three colour temperatures. It launched in May 2023 and can be returned
within 30 days of delivery."""


@pytest.mark.parametrize(
    "question",
    [
        "Who is the on-call engineer this week?",  # the sentence repeats the role, names no one
        "How long is the access portal confirmation valid?",  # the passage has a duration, not this one
        "How long does the battery of the Nova Lamp last?",  # the named subject without the asked detail
        "What is the phone number of the access portal?",  # the thing asked for is named nowhere
    ],
)
async def test_offline_near_miss_of_the_asked_shape_is_unsure(question: str) -> None:
    answer = await compose(question, ONCALL, PRODUCTS)
    assert answer.used == [] and "I am not sure" in answer.text
    assert "but not" in answer.text  # says what was found and what was not


async def test_offline_named_subject_without_the_asked_detail_is_unsure() -> None:
    # No who/when shape, but the question names its subject: a sentence about the lamp is not an answer.
    answer = await compose("Which finishes does the Nova Lamp come in?", PRODUCTS, RETURNS)
    assert answer.used == [] and "but not finishes" in answer.text
    answer = await compose("What colour temperatures does the Nova Lamp offer?", PRODUCTS, RETURNS)
    assert "three colour temperatures" in answer.text


async def test_offline_who_answer_names_someone_from_a_list_of_people() -> None:
    # The runbook shares the subject ("incident") but names no one: the list of people answers.
    answer = await compose("Who is in charge of incident response?", ONCALL, TEAM)
    assert answer.text.startswith("Lea Vogt, head of incident response") and cited(answer) == {2}
    answer = await compose("Who is our COO?", TEAM)  # "our" is the company: its documents answer
    assert "Tomas Brandt" in answer.text


async def test_offline_shaped_questions_still_answer() -> None:
    assert "45 minutes" in (await compose("How long does a suspended token stay suspended?", ONCALL)).text
    assert "May 2023" in (await compose("When did the Nova Lamp launch?", PRODUCTS)).text
    assert "May 2023" in (await compose("When did the Nova Lamp come out?", PRODUCTS)).text  # an event verb
    assert "on-call engineer" in (await compose("Who are outages paged to?", ONCALL)).text
    assert "$149" in (await compose("What is the list price of the Aurora Buds Pro?", CATALOG, ONCALL)).text
    faq = (
        "# Gateway FAQ\n## Does the gateway need a licence for its sensors?\n\n"
        "No. A licence is only needed for more than 20 sensors."
        "\n\n## Updates\n\nFirmware updates run overnight."
    )
    # The sentence repeats most of the question; its heading says the rest ("run" is the asker's word).
    assert "20 sensors" in (await compose("How many sensors can I run before a licence is needed?", faq, ONCALL)).text


# --- LLM-backed -----------------------------------------------------------------------------------


async def test_llm_composer_returns_the_models_answer() -> None:
    reply = ComposedAnswer(text="Opened headphones go back within 15 days [2].", used=[2])
    composer = LlmAnswerComposer(scripted([structured(ComposedAnswer, reply)]), RoleOptions(retries=0))
    answer = await composer.compose(
        question="Return policy for opened headphones?", passages=passages(SHIPPING, RETURNS), history="u: hi"
    )
    assert answer == reply


async def test_llm_composer_drops_citations_of_passages_it_was_not_given() -> None:
    reply = {"text": "Within 15 days [2], or 90 days [7].", "used": [2, 7, 0]}
    composer = LlmAnswerComposer(scripted([structured(ComposedAnswer, reply)]), RoleOptions(retries=0))
    answer = await composer.compose(question="Return window?", passages=passages(SHIPPING, RETURNS))
    assert answer.used == [2]
    assert answer.text == "Within 15 days [2], or 90 days."


async def test_llm_composer_counts_cited_markers_as_used() -> None:
    reply = {"text": "Standard shipping is free over $50 [1].", "used": []}
    composer = LlmAnswerComposer(scripted([structured(ComposedAnswer, reply)]), RoleOptions(retries=0))
    answer = await composer.compose(question="Is shipping free?", passages=passages(SHIPPING))
    assert answer.used == [1]


async def test_llm_composer_retries_junk_then_succeeds() -> None:
    reply = ComposedAnswer(text="Nothing about that in the knowledge base.", used=[])
    composer = LlmAnswerComposer(scripted([junk(), structured(ComposedAnswer, reply)]), RoleOptions(retries=1))
    answer = await composer.compose(question="Capital of France?", passages=passages(SHIPPING))
    assert answer == reply


async def test_llm_composer_raises_a_clear_error_on_persistent_junk() -> None:
    composer = LlmAnswerComposer(scripted([junk(), junk()]), RoleOptions(retries=1))
    with pytest.raises(ModelCallError) as info:
        await composer.compose(question="Is shipping free?", passages=passages(SHIPPING))
    assert info.value.role == "compose_answer"
    assert "2 attempt(s)" in str(info.value)
