"""The extract_facts role: the offline rules on the demo, paraphrases and negatives; the LLM-backed one."""

from __future__ import annotations

import pytest

from cognicore.memory.extraction import ExtractedFacts, FactCandidate, LlmFactExtractor, OfflineFactExtractor
from cognicore.memory.llm import ModelCallError, RoleOptions
from tests.fakes import junk, scripted, structured


async def _extract(text: str) -> list[FactCandidate]:
    result = await OfflineFactExtractor().extract(user_message=text, assistant_message="Noted.", known_facts=[])
    return result.facts


def _triples(facts: list[FactCandidate]) -> list[tuple[str, str, str, str]]:
    return [(f.kind, f.subject, f.predicate, f.object) for f in facts]


async def test_tea_then_coffee_is_one_exclusive_drink_slot_naming_what_it_replaces() -> None:
    [tea] = await _extract("I prefer tea.")
    [coffee] = await _extract("Actually I drink coffee now, not tea.")
    assert (tea.kind, tea.subject, tea.predicate, tea.object) == ("preference", "user", "drinks", "tea")
    assert (coffee.predicate, coffee.object, coffee.contradicts) == ("drinks", "coffee", "tea")
    assert tea.exclusive and coffee.exclusive
    assert tea.category == coffee.category == "food_drink"
    assert coffee.statement == "The user prefers to drink coffee."


async def test_decision_with_a_reason_is_based_on_a_fact_stating_that_reason() -> None:
    reason, decision = await _extract("We decided not to use plan A because its cost exceeded the budget.")
    assert (decision.kind, decision.subject, decision.predicate, decision.object) == (
        "decision",
        "we",
        "rejected",
        "plan A",
    )
    assert decision.statement == "We decided not to use plan A because its cost exceeded the budget."
    assert reason.kind == "fact"
    assert reason.statement == "Plan A's cost exceeded the budget."
    assert decision.based_on == reason.statement
    assert decision.category == reason.category == "project"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I prefer tea", [("preference", "user", "drinks", "tea")]),
        ("I really like green tea.", [("preference", "user", "drinks", "green tea")]),
        ("My favourite drink is espresso", [("preference", "user", "drinks", "espresso")]),
        ("my favorite colour is blue", [("preference", "user", "favourite_colour", "blue")]),
        ("I love hiking!", [("preference", "user", "likes", "hiking")]),
        ("I hate cilantro", [("preference", "user", "dislikes", "cilantro")]),
        ("I don't like meetings before 9am", [("preference", "user", "dislikes", "meetings before 9am")]),
        ("I quit coffee", [("preference", "user", "does_not_drink", "coffee")]),
        ("I live in Lisbon", [("fact", "user", "lives_in", "Lisbon")]),
        ("I've just moved to Berlin", [("fact", "user", "lives_in", "Berlin")]),
        ("My name is Ana", [("fact", "user", "name", "Ana")]),
        ("I work at Aurora Devices", [("fact", "user", "works_at", "Aurora Devices")]),
        ("I work as a data analyst", [("fact", "user", "works_as", "data analyst")]),
        ("I'm a product manager", [("fact", "user", "works_as", "product manager")]),
        ("Our budget is $50k", [("fact", "we", "budget", "$50k")]),
        ("We decided against plan A", [("decision", "we", "rejected", "plan A")]),
        ("We will go with plan B", [("decision", "we", "chose", "plan B")]),
        ("Let's go with the Orbit bundle", [("decision", "we", "chose", "the Orbit bundle")]),
        ("We won't use plan A", [("decision", "we", "rejected", "plan A")]),
        ("We've decided we won't expand to LATAM", [("decision", "we", "decided_not_to", "expand to LATAM")]),
        (
            "We chose Postgres over MySQL",
            [("decision", "we", "chose", "Postgres"), ("decision", "we", "rejected", "MySQL")],
        ),
        ("Let's assume that sales grow 10% next year", [("assumption", "sales", "grow", "10% next year")]),
        ("We switched from Slack to Teams", [("fact", "we", "uses", "Teams")]),
        (
            "I live in Lisbon and I work at Aurora Devices.",
            [("fact", "user", "lives_in", "Lisbon"), ("fact", "user", "works_at", "Aurora Devices")],
        ),
        ("Remember that the demo is on Friday", [("fact", "we", "demo", "on Friday")]),
    ],
)
async def test_paraphrases(text: str, expected: list[tuple[str, str, str, str]]) -> None:
    assert _triples(await _extract(text)) == expected


@pytest.mark.parametrize(
    "text",
    [
        "What do I like to drink?",
        "Why did we decide against plan A?",
        "Do I prefer tea or coffee?",
        "what's our budget",
        "Hello!",
        "Thanks, that's great.",
        "ok",
        "I would like a report on last quarter's sales",
        "Show me sales by region",
        "If we decided to use plan A, what would happen",
        "Write a briefing on the top 5 products",
        "I like the report, thanks",
        "I like it",
        "My question is what we sold in Europe",
        "I think we should use plan B",
    ],
)
async def test_questions_requests_and_chit_chat_give_no_facts(text: str) -> None:
    assert await _extract(text) == []


async def test_hedged_statements_get_lower_confidence() -> None:
    [sure] = await _extract("I prefer email over phone calls")
    [hedged] = await _extract("I think I prefer email over phone calls")
    assert sure.contradicts == hedged.contradicts == "phone calls"
    assert hedged.confidence < sure.confidence


async def test_the_assistant_reply_is_not_evidence() -> None:
    result = await OfflineFactExtractor().extract(
        user_message="What should I drink?",
        assistant_message="I prefer tea and I live in Lisbon.",
        known_facts=[],
    )
    assert result.facts == []


async def test_offline_extraction_is_deterministic() -> None:
    text = "I prefer tea. We decided to use plan B since it is cheaper. Our deadline is June 30."
    assert await _extract(text) == await _extract(text)


async def test_llm_extractor_returns_the_models_facts() -> None:
    reply = ExtractedFacts(
        facts=[
            FactCandidate(
                subject="user",
                predicate="drinks",
                object="coffee",
                kind="preference",
                confidence=0.9,
                category="food_drink",
                statement="The user prefers to drink coffee.",
                contradicts="The user prefers to drink tea.",
                exclusive=True,
            )
        ]
    )
    extractor = LlmFactExtractor(scripted([structured(ExtractedFacts, reply)]), RoleOptions(retries=0))
    result = await extractor.extract(
        user_message="Actually I drink coffee now",
        assistant_message="Noted.",
        known_facts=[{"kind": "preference", "statement": "The user prefers to drink tea."}],
    )
    assert result == reply


async def test_llm_extractor_retries_junk_then_succeeds() -> None:
    model = scripted([junk(), structured(ExtractedFacts, ExtractedFacts(facts=[]))])
    result = await LlmFactExtractor(model, RoleOptions(retries=1)).extract(
        user_message="hi", assistant_message="", known_facts=[]
    )
    assert result.facts == []


async def test_llm_extractor_rejects_out_of_range_output_with_a_clear_error() -> None:
    fact = {"subject": "user", "predicate": "drinks", "object": "tea", "kind": "preference"}
    bad = {"facts": [{**fact, "confidence": 7, "category": "food_drink", "statement": "The user drinks tea."}]}
    model = scripted([structured(ExtractedFacts, bad), junk()])
    with pytest.raises(ModelCallError, match="extract_facts"):
        await LlmFactExtractor(model, RoleOptions(retries=1)).extract(
            user_message="I drink tea", assistant_message="", known_facts=[]
        )
