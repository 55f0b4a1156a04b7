"""Cross-area routing regressions of issue 9's morning round (engineer X6), through the real functions.

A relative clause after a comma ("..., which is smaller") asks nothing; a noun with a phrase after it ("the
printer on floor 2") is the subject of news, not rows asked for with a relative clause; a memory naming a
paraphrase of the asked kind ("the big discounts" for "a large discount?") is no near miss.
"""

from __future__ import annotations

import pytest

from cognicore.memory.text import terms
from cognicore.orchestrator.data_reading import DataReadingClassifier, may_be_data
from cognicore.orchestrator.intent import is_question
from cognicore.orchestrator.planning import GENERIC
from cognicore.orchestrator.telling import tells
from cognicore.subagents.memory_answer import topic_concepts, widened
from cognicore.subagents.memory_slot import asked_matcher, near_miss
from tests.unit.test_data_reading import COUNTED, classifier, desk_writer

DESK_DATA = GENERIC.data | frozenset(terms(" ".join(COUNTED)))
DATA = frozenset(terms("tickets ticket priority status assignee component"))
VALUES = frozenset(terms("printer network chloe ben"))


@pytest.mark.parametrize(
    "text",
    [
        "I moved to the Oslo team, which is smaller",
        "we switched to Jira, which has better boards",
        "I report to Ana now, who was on the network team",
    ],
)
def test_a_relative_clause_after_a_comma_asks_nothing(text: str) -> None:
    assert not is_question(text)


@pytest.mark.parametrize(
    "text",
    [
        "our orders in 2025, which is the biggest?",
        "tickets closed last week, who did the most",
        "the open p1s, which ones",
        "printer tickets this month, how many",
    ],
)
def test_a_question_after_a_comma_still_asks(text: str) -> None:
    assert is_question(text)


@pytest.mark.parametrize(
    "text",
    ["The printer on floor 2 is broken again.", "the network in building B is down", "Printer by the lift is jammed"],
)
def test_a_thing_with_a_phrase_after_it_is_news(text: str) -> None:
    assert tells(text, data=DATA, values=VALUES)


@pytest.mark.parametrize(
    ("question", "memory", "near"),
    [
        # a paraphrase of the asked kind is that kind (the memory answers)
        ("Who has to OK a large discount?", "Rafael approves the big discounts now, not Elena.", False),
        ("who signs off major changes", "Big changes need sign-off from Omar.", False),
        # another kind of the thing stays a near miss (unsure, never a confident answer)
        ("what is our travel budget?", "Our events budget is 5k.", True),
    ],
)
def test_a_paraphrase_of_the_asked_kind_is_no_other_kind(question: str, memory: str, near: bool) -> None:
    topic = widened(topic_concepts([frozenset({t}) for t in terms(question)]))
    assert (near_miss(question, memory, asked_matcher(topic)) is not None) is near


@pytest.mark.parametrize(
    "request_text",
    [
        "What happens if nobody answers a P2 ticket in time?",  # a consequence, which the documents state
        "what happens when no one picks up a p1",
        "which vendor do we have for printers",  # a thing the data lacks, asked of the team: memory or documents
        "which supplier do we use for the network kit",
    ],
)
async def test_a_consequence_or_a_thing_the_data_lacks_is_no_rows(request_text: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert decision.intent == "question", decision


@pytest.mark.parametrize(
    "request_text", ["which p1s are still open", "tickets no one is assigned to", "which printer tickets are open"]
)
async def test_rows_asked_with_values_stay_rows(request_text: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert decision.intent == "task", decision


@pytest.mark.parametrize(
    "request_text",
    [
        "When does a ticket get its priority?",  # a rule about any one ticket: the documents'
        "when do p2s get escalated",  # a habit: the documents'
        "What happens if nobody answers a P2 ticket in time?",  # a consequence
        "who should an urgent ticket go to",  # a rule about any one ticket
        "where do we log incidents?",  # where the team works: what the user told
        "What tool do we track incidents in?",
        "which vendor do we have for printers",  # a thing the data lacks, asked of the team
    ],
)
async def test_the_sql_reader_leaves_rules_and_the_teams_own_things_alone(request_text: str) -> None:
    wrapped = DataReadingClassifier(classifier(), desk_writer().reads, knowledge=GENERIC.knowledge, data=DESK_DATA)
    decision = await wrapped.classify(request=request_text, history=[])
    assert decision.intent == "question", decision


@pytest.mark.parametrize(
    "request_text",
    [
        "status of the email tickets?",
        "which components do we log the most tickets for",  # a noun of the data: rows, even asked of the team
        "how did the printer do in january 2026",
    ],
)
async def test_the_sql_reader_still_takes_data_questions(request_text: str) -> None:
    wrapped = DataReadingClassifier(classifier(), desk_writer().reads, knowledge=GENERIC.knowledge, data=DESK_DATA)
    decision = await wrapped.classify(request=request_text, history=[])
    assert decision.intent == "task", decision


def test_where_or_with_what_the_team_works_is_no_data_question_unless_a_figure_is_asked() -> None:
    """'system' may be a word of the data (the component); asked of the team's own work it is what they told."""
    data = frozenset(terms("system component ticket"))
    assert not may_be_data("What system do we record incidents in?", frozenset(), data)
    assert not may_be_data("where do we keep track of outages", frozenset(), data)
    assert may_be_data("which components do we log the most tickets for", frozenset(), data)


@pytest.mark.parametrize(
    ("text", "told"),
    [
        ("Everything lives in ServiceNow since the migration.", True),
        ("nobody uses the old fax line", True),
        ("something rattles in the comms room", True),
        ("anything about the printer", False),  # a search, asked
    ],
)
def test_an_indefinite_subject_with_its_verb_tells(text: str, told: bool) -> None:
    assert tells(text, data=DATA, values=VALUES) is told
