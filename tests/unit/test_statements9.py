"""Statements routed by the structure of the sentence (issue 9.3, engineer M8), through the real functions and the
real offline classifier of a support desk (wrapped by its SQL reader, as the shell does).

Told: a passive with its doer, a thing and where it goes, the speaker's "I'm ...", a diary "been ...", an
indefinite subject with a phrase after it, a clause opened by a marker, a time or a place. Asked: a question with
its wh-word left in place, and a third person's wish passed on (asked when it is "to know" or for one period,
unsure when it names data and no period). Wordings are this file's own.
"""

from __future__ import annotations

import pytest

from cognicore.memory.text import terms
from cognicore.orchestrator.data_reading import DataReadingClassifier
from cognicore.orchestrator.intent import is_question
from cognicore.orchestrator.language import unsupported_language
from cognicore.orchestrator.mood import (
    asks_in_situ,
    declares,
    names_rows,
    strip_opening,
    to_remember,
)
from cognicore.orchestrator.planning import GENERIC
from cognicore.orchestrator.telling import tells
from cognicore.orchestrator.wishes import on_behalf, own_wish
from tests.unit.test_data_reading import COUNTED, classifier, desk_writer

DESK_DATA = GENERIC.data | frozenset(terms(" ".join(COUNTED)))
DATA = frozenset(terms("tickets ticket priority status assignee component orders revenue"))


def desk() -> DataReadingClassifier:
    return DataReadingClassifier(classifier(), desk_writer().reads, knowledge=GENERIC.knowledge, data=DESK_DATA)


@pytest.mark.parametrize(
    "text",
    [
        "expense claims for the night team are signed off by Rui",  # passive with its doer, a long subject
        "Monitor swaps get handled by facilities",
        "scanner faults go through Heidi",  # a thing and where it goes
        "urgent keyboard requests land with the hardware desk",
        "im the person who triages the morning queue",  # the speaker says what they are
        "been looking after the kiosks since june",  # diary, its "I" left out
        "no one in accounts uses the old portal",  # an indefinite subject with a phrase after it
    ],
)
def test_declarative_shapes_tell(text: str) -> None:
    assert declares(text) and tells(text, data=DATA) and not is_question(text)


@pytest.mark.parametrize(
    "text",
    [
        "show tickets assigned to ben",  # an order: its verb comes first
        "make sure the reports are sent to Ana",
        "tickets that are assigned to chloe",  # a relative clause names rows
        "which tickets are handled by ben",
        "a short report on the kiosk tickets",  # "report" is a noun here
        "I'm looking for the open tickets",  # the speaker is after something
    ],
)
def test_orders_questions_and_noun_phrases_do_not_declare(text: str) -> None:
    assert not declares(text)


@pytest.mark.parametrize(
    ("text", "clause"),
    [
        ("Since tuesday the scanner on level 2 has been jammed", "the scanner on level 2 has been jammed"),
        ("fwiw i mostly work the late shift", "i mostly work the late shift"),
        ("honestly the kiosk app is my least favourite thing tbh", "the kiosk app is my least favourite thing"),
        ("At the Dundee site, scanner tickets are assigned to Ola", "scanner tickets are assigned to Ola"),
        ("Two weeks ago Ola took over the kiosks", "Ola took over the kiosks"),
        ("In the north we mostly sell through dealers", "we mostly sell through dealers"),  # the subject ends it
        ("tickets by priority", "tickets by priority"),  # nothing to strip
    ],
)
def test_what_opens_a_clause_without_saying_its_mood_is_stripped(text: str, clause: str) -> None:
    assert strip_opening(text) == clause


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("we closed how many scanner tickets in march", True),
        ("the kiosk tickets went to who", True),
        ("revenue came from which region?", True),
        ("I told them how much the repair costs", False),  # a verb of telling before it: no question
        ("the scanner tickets went to Ola", False),
    ],
)
def test_a_question_with_its_wh_word_in_place_asks(text: str, asks: bool) -> None:
    assert asks_in_situ(text) is asks
    assert is_question(text) is asks


@pytest.mark.parametrize(
    ("text", "what", "asked"),
    [
        ("my supervisor wants to know how many tickets are open", "how many tickets are open", True),
        ("Ola asked me to pull the closed p2 tickets", "the closed p2 tickets", True),
        ("the ops lead needs printer tickets by status for 2025", "printer tickets by status for 2025", False),
    ],
)
def test_a_third_persons_wish_is_passed_on(text: str, what: str, asked: bool) -> None:
    behalf = on_behalf(text)
    assert behalf is not None and behalf.what == what and behalf.embedded is asked


@pytest.mark.parametrize("text", ["I want the open tickets", "who wants to know", "the rota needs a rethink"])
def test_the_speakers_own_wish_or_a_question_is_no_request_passed_on(text: str) -> None:
    behalf = on_behalf(text)
    assert behalf is None or not behalf.embedded


def test_a_past_wish_is_marked_past() -> None:
    behalf = on_behalf("sam from facilities asked for the scanner numbers last week")
    assert behalf is not None and behalf.past and behalf.what == "the scanner numbers last week"


@pytest.mark.parametrize(
    ("text", "what"),
    [("I want to see the closed P3s", "the closed P3s"), ("lemme see the kiosk tickets", "the kiosk tickets")],
)
def test_the_speakers_wish_to_be_shown_is_the_request_inside(text: str, what: str) -> None:
    behalf = own_wish(text)
    assert behalf is not None and behalf.what == what and behalf.embedded


@pytest.mark.parametrize(
    "text",
    [
        "Severity 2 incidents must be acknowledged within 30 minutes",  # a rule with a modal and a bound
        "half the scanner tickets are from the warehouse",  # a quantifier opens a noun phrase, not an order
        "returns over $300 get a free courier pickup",  # what a kind of thing gets
        "the kiosks sell better in the north than anywhere else",  # a judgement of how something does
    ],
)
def test_rules_quantities_and_judgements_tell(text: str) -> None:
    assert tells(text, data=DATA | frozenset(terms("severity"))) and not is_question(text)


@pytest.mark.parametrize(
    "text",
    [
        "there's a contractor on the kiosk desk called Ifeoma",  # something exists
        "it's Ola who approves scanner purchases",  # a cleft
        "Ola, not Sam, looks after the kiosks",  # an aside that contrasts
        "no more night shifts for me",  # a change told by what stopped
        "scanner faults -> Heidi",  # a mapping written as an arrow
        "kiosk tickets can wait till monday",  # what a thing can do
        "Ola and Sam share the kiosk queue",  # two names, then what they do
        "the kiosk licence expires on 3 June",  # a thing's verb, then when
        "scanner volume tripled since the move",  # a change of a thing, with when
        "both scanners on level 2 are jammed",  # a quantifier before the things
    ],
)
def test_more_declarative_shapes_tell(text: str) -> None:
    assert tells(text, data=DATA) and not is_question(text)


@pytest.mark.parametrize(
    "text",
    [
        "P2s opened this week",  # a value's plural, then a participle: rows
        "tickets closed by ana in june",
        "it's unclear who handles the kiosks",  # no cleft: the speaker does not know
    ],
)
def test_rows_and_doubts_do_not_tell(text: str) -> None:
    assert not tells(text, data=DATA, values=frozenset(terms("p1 p2 ana")))


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("which queue are we focusing on this quarter", "question"),  # about the asker, not a ranking of rows
        ("I'm trying to find tickets without an assignee", "task"),  # what the speaker is after
        ("assignee for INC-1004", "task"),  # a column's name first is no verb to refuse
        ("Email the closed ticket list to the auditors", "task"),  # an order with an object: no agent does it
    ],
)
async def test_the_asker_and_the_rows_are_routed_by_structure(text: str, intent: str) -> None:
    decision = await desk().classify(request=text, history=[])
    assert decision.intent == intent, decision.reason
    assert decision.out_of_scope is text.startswith("Email")


@pytest.mark.parametrize(
    "text",
    [
        "Since tuesday the Wi-Fi on level 2 has been patchy",  # a time first; "Wi-Fi" is a value of the data
        "im the one who reopens the stale printer tickets on mondays",  # "reopens" inside a relative clause
        "nobody on the night shift touches VPN tickets, Ola does them",
        "laptop loans for interns are approved by Ola",
        "fwiw i mostly take the email tickets",
        "personally the payroll app is the worst component tbh",
        "kiosk tickets: always escalate to Ola",  # a habit set after a topic
        "sam from facilities asked for the printer numbers last week",  # a past wish with its time: news
        "just so u know, Ola is out till friday",  # chat English, not Dutch
    ],
)
async def test_statements_about_what_the_data_holds_are_statements(text: str) -> None:
    decision = await desk().classify(request=text, history=[])
    assert decision.intent == "statement", decision.reason


@pytest.mark.parametrize(
    ("text", "resolved"),
    [
        ("my supervisor wants to know how many tickets are open", "how many tickets are open"),
        ("the ops lead needs the p1 ticket count for 2026", "the p1 ticket count for 2026"),
        ("we closed how many printer tickets", ""),
    ],
)
async def test_requests_that_look_like_statements_are_tasks(text: str, resolved: str) -> None:
    decision = await desk().classify(request=text, history=[])
    assert decision.intent == "task" and decision.sure and decision.resolved_request == resolved, decision


@pytest.mark.parametrize(
    "text", ["my supervisor wants printer tickets by priority", "my supervisor asked for the open tickets by status"]
)
async def test_a_wish_passed_on_for_data_without_a_period_is_unsure_and_says_both_readings(text: str) -> None:
    decision = await desk().classify(request=text, history=[])
    assert not decision.sure
    assert "remember" in decision.reason and "look it up" in decision.reason


def test_chat_english_is_english() -> None:
    assert unsupported_language("just so u know, Ola is out till friday") is None
    assert unsupported_language("hoeveel tickets zijn er open voor de printer") == "Dutch"


@pytest.mark.parametrize(
    "text",
    [
        "Ola's the person who orders scanner paper",  # a name's "is" before a determiner
        "the kiosk printer keeps jamming on level 2",  # something that keeps happening
        "Sam doesn't take kiosk tickets",  # what someone does not do
        "kiosk audits happen on the first Monday",  # when something recurring takes place
        "our crew of 3 covers both sites",  # what the speaker's own team does
        "the scanner backups get run every night by Heidi",  # a passive with a time
    ],
)
def test_batch_two_shapes_tell(text: str) -> None:
    assert tells(text, data=DATA) and not is_question(text)


@pytest.mark.parametrize(
    ("text", "clause"),
    [
        ("could you remember that my audits are on Fridays?", "my audits are on Fridays"),
        ("please keep in mind that Sam is part-time", "Sam is part-time"),
        ("can you remember which site I'm at", None),  # a question about what was told
    ],
)
def test_asked_to_remember_a_clause(text: str, clause: str | None) -> None:
    assert to_remember(text) == clause


@pytest.mark.parametrize(
    ("text", "intent", "sure"),
    [
        ("could you remember that my audits are on Fridays?", "statement", True),
        ("keep in mind Sam doesn't do VPN tickets", "statement", True),
        ("who's my main contact at the vendor", "question", True),  # the asker's own thing, not a ranking
        ("the auditor needs the closed tickets by priority", "task", True),  # one thing, wanted now
        ("I'd like the list of open tickets", "task", True),
    ],
)
async def test_batch_two_routing(text: str, intent: str, sure: bool) -> None:
    decision = await desk().classify(request=text, history=[])
    assert decision.intent == intent and decision.sure is sure, decision.reason


@pytest.mark.parametrize(
    "text",
    [
        "tickets sam can reopen",  # a modal inside a relative clause whose "that" is left out
        "the scanner tickets ola has",
        "tickets ola doesn't own",
        "revenue Ola gets from dealers",
        "tickets never assigned to anyone",  # "never" and a participle: a reduced relative
        "orders rarely shipped on time",
    ],
)
def test_rows_named_by_a_clause_are_not_told(text: str) -> None:
    assert not tells(text, data=DATA, values=frozenset(terms("ola sam scanner")))


@pytest.mark.parametrize(
    ("subject", "rows"),
    [("tickets sam", True), ("revenue we", True), ("discount approvals for our team", False), ("P1 tickets", False)],
)
def test_a_subject_that_starts_a_clause_of_its_own_names_rows(subject: str, rows: bool) -> None:
    assert names_rows(subject, DATA, frozenset(terms("sam"))) is rows
