"""Offline routing and honesty (issue 9 points 2 and 3): misspellings, out-of-scope actions and topics,
statements about others, and follow-ups that name only a value or a regrouping.

The domain (a city library: loans, branches, members) is this file's own, so nothing is tuned to the demo,
the support desk or their held-out sets.
"""

from __future__ import annotations

import pytest

from cognicore.orchestrator.followup import Change, followup_change, resolve
from cognicore.orchestrator.honesty import unheld_question
from cognicore.orchestrator.intent import OfflineClassifier
from cognicore.orchestrator.planning import counts_data
from cognicore.orchestrator.spelling import Speller

AGENTS = [
    {"name": "database_query", "description": "Answers questions about loans by running SQL.", "input_hint": "q"},
    {"name": "rag_query", "description": "Searches the library handbook documents and cites them.", "input_hint": "t"},
    {"name": "report_generation", "description": "Writes a Markdown report from results.", "input_hint": "a"},
    {
        "name": "overdue_check",
        "description": "Checks open loans against their due date and lists late ones.",
        "input_hint": "",
    },
]
COUNTED = ["loans", "branches", "members", "branch", "genre", "status", "member", "title", "borrowed"]
VALUES = {
    "Riverside": "lib.branches.name",
    "Old Mill": "lib.branches.name",
    "Atlases": "lib.loans.genre",
    "Graphic novels": "lib.loans.genre",
    "Email": "lib.loans.channel",
    "L2": "lib.loans.tier",
    "L3": "lib.loans.tier",
    "open": "lib.loans.status",
    "returned": "lib.loans.status",
    "maria": "lib.loans.librarian",
}
# Words of the handbook documents (`document_words`), as written.
DOCUMENT_WORDS = "loan period renewal renewals fines overdue atlases reference desk interlibrary holds window".split()


def classifier() -> OfflineClassifier:
    tools = [a for a in AGENTS if a["name"] == "overdue_check"]
    return OfflineClassifier(
        tools, agents=AGENTS, entities=list(VALUES), counted=COUNTED, values=VALUES, words=DOCUMENT_WORDS
    )


def test_speller_corrects_against_the_deployments_words_then_common_english() -> None:
    speller = Speller([*DOCUMENT_WORDS, *COUNTED, "Riverside", "riverside", "shipping"])
    assert speller.correct("shiping")[0] == "shipping", "a short stem with a suffix is not the stem's word"
    text, fixes = speller.correct("How many lonas did Rivrside lend, and what shoud the renewl fee be?")
    assert text == "How many loans did Riverside lend, and what should the renewal fee be?"
    assert [str(f) for f in fixes] == [
        "'lonas' as 'loans'",
        "'Rivrside' as 'Riverside'",
        "'shoud' as 'should'",
        "'renewl' as 'renewal'",
    ]


@pytest.mark.parametrize("text", ["Ask Priya about the Zorblax launch", "the wont of the members", "My cat Tibbles"])
def test_speller_leaves_names_real_words_and_short_words_alone(text: str) -> None:
    assert Speller([*DOCUMENT_WORDS, *COUNTED]).correct(text) == (text, [])


def test_speller_does_not_turn_a_name_into_a_near_word_of_the_deployment() -> None:
    """A name the deployment does not know stays a name: "Marta" was stored as "Smart" (a product word)."""
    speller = Speller([*DOCUMENT_WORDS, "Smart", "smart", "Europe"])
    assert speller.correct("Marta owns the printer queue now") == ("Marta owns the printer queue now", [])
    assert speller.correct("revenue in Eurpoe")[0] == "revenue in Europe", "a one-edit slip is still corrected"


async def test_a_misspelt_request_is_classified_as_corrected_and_says_what_was_read() -> None:
    decision = await classifier().classify(request="how many lonas are in the Atlases genre?", history=[])
    assert decision.intent == "task", decision.reason
    assert decision.resolved_request == "how many loans are in the Atlases genre?"
    assert decision.read_as == ["'lonas' as 'loans'"]
    knowledge = await classifier().classify(request="How long is the lona perod for atlases?", history=[])
    assert knowledge.intent == "question" and knowledge.resolved_request == "How long is the loan period for atlases?"
    assert not knowledge.unheld, "a question about the documents' words is in scope"


@pytest.mark.parametrize(
    "text",
    [
        "Email the 2025 loan figures to the head librarian",  # a value of the data ('Email') used as a verb
        "Order 40 Atlases for the Riverside branch",  # an arranging verb done to a quantity
        "Order me a taxi to Riverside",
        "Remind me on Friday to look at the overdue loans",
        "Ship a replacement card to the member at Old Mill",
        "Translate the loan period rules into Welsh",
        "Set up a meeting with the Riverside staff",  # a verb with its particle
        "Get me a ferry ticket to Bergen for Saturday",  # an asked verb, for someone, of a thing nothing holds
    ],
)
async def test_actions_no_agent_offers_are_out_of_scope_even_with_data_words(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.out_of_scope, (text, decision)


@pytest.mark.parametrize(
    "text",
    [
        "Order the branches by loans in 2025",  # sorting is reading
        "Remind me what the loan period is",  # asking
        "Remind me, what is my usual branch?",
        "Check the open loans at Riverside for late ones",  # an agent's own verb
        "Show me the loans per genre",
        "Loans this quarter at Riverside",  # a noun, then its period
    ],
)
async def test_reading_arranging_and_the_agents_own_verbs_stay_in_scope(text: str) -> None:
    assert not (await classifier().classify(request=text, history=[])).out_of_scope, text


async def test_a_question_on_a_topic_nothing_holds_is_marked_unheld() -> None:
    weather = await classifier().classify(request="What's the weather going to be like in Oslo tomorrow?", history=[])
    assert weather.intent == "question" and weather.unheld == ["weather", "oslo"]
    # The same words in memory or in the session make it a question about what the user said.
    told = await classifier().classify(
        request="What's the weather going to be like in Oslo tomorrow?", history=[], memory="- fact: I fly to Oslo"
    )
    assert not told.unheld
    mine = await classifier().classify(request="What did I say about the weather?", history=[])
    assert not mine.unheld, "a question about the user is answered from memory"
    text = unheld_question("What's the weather in Oslo?", AGENTS, weather.unheld)
    assert "not sure" in text and "none of my agents" in text and "'weather' or 'oslo'" in text
    assert "database_query" in text and "knowledge base" in text


@pytest.mark.parametrize(
    "text",
    [
        "Maria is off until Friday.",
        "The Old Mill branch has new opening hours.",
        "Loans were slow at Riverside this week.",
        "Tomas's on leave next week.",
        "The scanner on level 3 is jammed again",
        "Maria looks after the atlas loans.",  # a name, then a verb in the third person
        "Tomas handles interlibrary requests from now on.",
        "Call me Sam.",  # how to name the speaker
        "Call me Robert, please.",
        "The reading room refit got pushed back to May 3.",
        "These days I start with the oldest loans first.",
    ],
)
async def test_declarative_news_about_others_is_a_statement(text: str) -> None:
    assert (await classifier().classify(request=text, history=[])).intent == "statement", text


@pytest.mark.parametrize(
    "text",
    [
        "Loans that are overdue at Riverside",
        "How many loans are there at Riverside?",
        "Riverside loans by genre",  # a noun phrase of the data, not news
        "Riverside loans last year",
        "Call me a taxi",
        "Riverside versus Hillcrest loans by genre",  # a comparison: "versus" is no verb
    ],
)
async def test_relative_clauses_and_questions_are_not_statements(text: str) -> None:
    assert (await classifier().classify(request=text, history=[])).intent != "statement", text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("and the Graphic novels?", Change("", "Graphic novels")),
        ("and L3?", Change("", "L3")),
        ("ok and split by branch?", Change("by", "branch")),
        ("what about by genre?", Change("by", "genre")),
        ("and why?", None),  # not a known value: a request of its own
        ("and the reasons for that?", None),
    ],
)
def test_bare_values_and_regroupings_are_follow_ups(text: str, expected: Change | None) -> None:
    assert followup_change(text, list(VALUES)) == expected


async def test_follow_ups_resolve_against_the_previous_request() -> None:
    history = [{"speaker": "user", "content": "How many L2 loans did Riverside make in 2025?"}]
    swapped = await classifier().classify(request="and L3?", history=history)
    assert swapped.resolved_request == "How many L3 loans did Riverside make in 2025"
    regrouped = resolve("Total loans at Riverside for 2025", Change("by", "genre"), list(VALUES), columns=VALUES)
    assert regrouped is not None and regrouped[0] == "Total loans at Riverside for 2025 by genre"
    # A phrase naming a value of another column narrows; a relative period takes no preposition.
    narrowed = await classifier().classify(request="How about the Email channel?", history=history)
    assert narrowed.resolved_request == "How many L2 loans did Riverside make in 2025 for Email channel"
    relative = await classifier().classify(request="and last year?", history=history)
    assert relative.resolved_request == "How many L2 loans did Riverside make last year"


def test_how_many_are_there_counts_the_thing_named_before_it() -> None:
    counted = frozenset({"loan", "branch"})
    assert counts_data("Riverside loans, how many are there?", counted)
    assert not counts_data("Ducks, how many are there?", counted)


@pytest.mark.parametrize(
    "text",
    [
        "Which branch has the fewest loans?",  # a superlative of a table's rows
        "What percentage of loans are L2?",
        "List maria's open loans",  # an enumeration naming values
        "How are the loans spread over the days of the week?",
        "How many L2 or L3 loans does maria have?",  # the counted word past two values
    ],
)
async def test_questions_about_the_datas_rows_go_to_the_database(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent == "task" and not decision.out_of_scope, (text, decision.reason)


@pytest.mark.parametrize(
    "text",
    [
        "What are the open loans at Riverside?",  # the data's words, not the checker's own
        "What is the loan period for a reference book?",  # the rule for any one of a kind
        "What happens when an L3 loan is late?",
        "How is the late fee calculated?",
    ],
)
async def test_the_agent_with_its_own_words_only_gets_its_own_work(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert "overdue_check" not in decision.reason, (text, decision.reason)


async def test_the_agents_own_work_still_reaches_it() -> None:
    decision = await classifier().classify(request="Which open loans are past their due date?", history=[])
    assert decision.intent == "task" and "overdue_check" in decision.reason
