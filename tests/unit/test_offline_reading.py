"""How the offline roles read requests by the deployment's own data (issue 9, engineer B2's fixes).

The domain here (a bike-rental fleet) is this file's own, so nothing is tuned to the demo or its held-out
sets: figure questions whose measure is a verb, columns and values counting as data, preferences and news
told about others as statements, and follow-ups that replace the value of the same column.
"""

from __future__ import annotations

import pytest

from cognicore.orchestrator.followup import Change, resolve
from cognicore.orchestrator.intent import OfflineClassifier, is_typo
from cognicore.orchestrator.planning import DataWords, OfflinePlanner, asks_figures

AGENTS = [
    {"name": "database_query", "description": "Answers questions about rentals by running SQL.", "input_hint": "q"},
    {"name": "rag_query", "description": "Searches the handbook documents and cites them.", "input_hint": "a topic"},
    {"name": "report_generation", "description": "Writes a Markdown report from results.", "input_hint": "a"},
]
# Table and column words of the schema (`counted_words`), values with their column (`data_values`).
COUNTED = ["rentals", "stations", "bikes", "station", "district", "bike", "model", "fare", "rider", "plan"]
VALUES = {
    "Harbour": "fleet.stations.district",
    "Old Town": "fleet.stations.district",
    "Uni Park": "fleet.stations.district",
    "Cargo": "fleet.bikes.model",
    "E-Cruiser": "fleet.bikes.model",
    "monthly": "fleet.rentals.plan",
    "Pay as you go": "fleet.rentals.plan",
    "Docks for two-wheelers, lit at night.": "fleet.stations.note",  # a sentence, not a name
}


def classifier() -> OfflineClassifier:
    return OfflineClassifier(agents=AGENTS, entities=list(VALUES), counted=COUNTED, values=VALUES)


@pytest.mark.parametrize(
    "text",
    [
        "How much did the E-Cruiser bring in during 2025?",
        "what did Harbour take last spring",
        "How many did we hire out in March?",
        "Give the split per district for 2024",
        "Who rode the most rentals?",
    ],
)
async def test_figure_questions_by_the_datas_own_words_are_data_tasks(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert (decision.intent, decision.sure) == ("task", True), decision.reason
    plan = await OfflinePlanner(counted=COUNTED, values=VALUES).plan(request=text, agents=AGENTS, feedback=[])
    assert plan.steps[0].agent == "database_query"


@pytest.mark.parametrize(
    "text",
    [
        "What did the handbook say about Harbour?",  # a document's words, not a figure
        "How many minutes does a Cargo bike need to charge at a dock?",  # counts minutes, not the data's things
        "Where is the Old Town station?",
        "How much does a helmet cost?",  # names nothing the data holds
        "How much does the late-return fare come to?",  # "fare" is only a column's word: a price question
    ],
)
async def test_questions_about_documents_naming_data_values_stay_questions(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent == "question", decision.reason


def test_sentences_among_the_values_are_not_names() -> None:
    words = DataWords.of(COUNTED, VALUES)
    assert "lit" not in words.values and "harbour" in words.values
    assert asks_figures("how much did the docks lit at night make", words) is None


@pytest.mark.parametrize(
    "text",
    [
        "I prefer rental reports as a single table.",
        "I'd rather see charts of fares than numbers",
        "We really like our summaries short",
        "Operations raised our repair budget to 4k.",
        "The council approved our new station in Uni Park.",
        "Mia took over the Harbour depot from Tom.",
    ],
)
async def test_preferences_and_news_about_others_are_statements(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent == "statement", decision.reason
    assert decision.sure


@pytest.mark.parametrize(
    "text",
    [
        "I'd like a report on rentals by district",  # a wish for an artefact is a request
        "Rentals started over the weekend by district",  # a phrase about data, not someone's news
        "Compare Cargo and E-Cruiser fares for 2025",
        "Could you prepare the monthly fleet summary?",
    ],
)
async def test_requests_are_not_read_as_statements(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent != "statement", decision.reason


@pytest.mark.parametrize(
    ("previous", "change", "resolved"),
    [
        # The new value replaces the value of its own column, wherever it stands in the request.
        ("Cargo fares in Old Town for 2025", Change("", "E-Cruiser"), "E-Cruiser fares in Old Town for 2025"),
        ("Cargo fares in Old Town for 2025", Change("for", "Harbour"), "Cargo fares in Harbour for 2025"),
        ("How many Cargo rentals were monthly?", Change("for", "E-Cruiser"), "How many E-Cruiser rentals were monthly"),
        # A value of a column the request does not filter narrows it.
        ("How many rentals were monthly?", Change("for", "Uni Park"), "How many rentals were monthly for Uni Park"),
    ],
)
def test_a_follow_up_replaces_the_value_of_the_same_column(previous: str, change: Change, resolved: str) -> None:
    result = resolve(previous, change, list(VALUES), columns=VALUES)
    assert result is not None and result[0] == resolved


async def test_a_follow_up_through_the_classifier_uses_the_columns() -> None:
    history = [{"speaker": "user", "content": "Cargo fares in Old Town for 2025"}]
    decision = await classifier().classify(request="what about E-Cruiser?", history=history)
    assert decision.resolved_request == "Cargo fares in Old Town for 2025".replace("Cargo", "E-Cruiser")


@pytest.mark.parametrize(
    "text",
    [
        "Put together a brief on fares by district for 2025",  # "together" is not "to" + an object
        "Cut the list to the ten busiest stations",  # an imperative has no subject before its verb
    ],
)
async def test_imperatives_are_not_news(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent != "statement", decision.reason


async def test_news_with_an_amount_is_a_statement() -> None:
    decision = await classifier().classify(request="Head office cut $40k from the fleet budget", history=[])
    assert decision.intent == "statement", decision.reason


@pytest.mark.parametrize(
    ("word", "known", "typo"),
    [("shwo", "show", True), ("lsit", "list", True), ("call", "cabl", False), ("post", "most", False)],
)
def test_short_words_are_typos_only_by_a_swap(word: str, known: str, typo: bool) -> None:
    assert is_typo(word, known) is typo


async def test_an_action_on_nothing_known_is_out_of_scope_even_near_a_short_data_word() -> None:
    fleet = OfflineClassifier(agents=AGENTS, entities=["Cable lock", *VALUES], counted=COUNTED, values=VALUES)
    decision = await fleet.classify(request="Call me a cab to the station", history=[])
    assert decision.out_of_scope, decision.reason


async def test_a_preference_naming_an_agents_work_is_still_a_statement() -> None:
    tools = [{"name": "fare_audit", "description": "Audits rental fares and writes the fare summary."}]
    fleet = OfflineClassifier(tools, agents=AGENTS, entities=list(VALUES), counted=COUNTED, values=VALUES)
    decision = await fleet.classify(request="I prefer the fare summary as a short list.", history=[])
    assert decision.intent == "statement", decision.reason
