"""Statements vs requests whatever their wording (issue 9.3, engineer M14), through the real functions and the real
offline classifier of a support desk (wrapped by its SQL reader, as the shell does).

Told: a clause opened by a cause or a circumstance ("because of ...", "once ..., "), a hedge ("pretty sure ...",
"I believe ..."), reported speech, the future ("becomes", "is going to be"), a negation. Asked: a yes/no question
inside a wonder ("wondering if ..."), a wish said impersonally ("would be handy to see ..."), the question of a
message that also tells ("X is out. how many ...?"), a hedged request. Unsure, naming both readings: a wish for data
later ("I'll need the P2 count on monday"). Wordings are this file's own, not the development sets'.
"""

from __future__ import annotations

import pytest

from cognicore.orchestrator.intent import IntentDecision
from cognicore.orchestrator.message_parts import asked_part, message_parts, named_for, refers_back
from cognicore.orchestrator.mood import strip_markers, strip_opening
from cognicore.orchestrator.told_figures import tells_figure
from cognicore.orchestrator.wishes import asked_whether, own_wish
from tests.unit.test_statements9 import desk


@pytest.mark.parametrize(
    ("text", "clause"),
    [
        ("due to the storm the Leeds office closes at 3", "the Leeds office closes at 3"),
        ("thanks to the new rota Ana covers nights", "Ana covers nights"),
        ("as soon as the patch lands, printer tickets go to facilities", "printer tickets go to facilities"),
        ("fairly certain the VPN cert expires in June", "the VPN cert expires in June"),
        ("I reckon our backlog is about 30", "our backlog is about 30"),
        ("apparently Omar moved to the network team", "Omar moved to the network team"),
        ("after the audit of the laptops we retired 12", "we retired 12"),  # "of the" never ends the phrase
    ],
)
def test_a_cause_a_circumstance_or_a_hedge_before_the_clause_is_stripped(text: str, clause: str) -> None:
    assert strip_opening(text) == clause


def test_a_phrase_with_a_question_in_it_is_no_opening() -> None:
    assert strip_opening("following the outage how many VPN tickets came in") == (
        "following the outage how many VPN tickets came in"
    )
    assert strip_markers("since monday pretty sure ben is out") == "since monday pretty sure ben is out"  # time stays
    assert strip_markers("pretty sure ben is out") == "ben is out"


@pytest.mark.parametrize(
    "text",
    [
        "from March the P3 target becomes 5 days",
        "the printer budget is going to be 4k",
        "the on-call allowance will rise to 120",
        "the P4 backlog remains 14",
    ],
)
def test_a_figure_after_a_linking_verb_or_a_future_is_told(text: str) -> None:
    assert tells_figure(strip_opening(text))


@pytest.mark.parametrize(
    ("text", "direct"),
    [
        ("wondering if any email tickets are unassigned", "are any email tickets unassigned?"),
        ("do you know whether chloe has a P1 open", "does chloe have a P1 open?"),
        ("could you check if the VPN tickets have been closed", "have the VPN tickets been closed?"),
        ("just curious whether the Wi-Fi queue is empty", "is the Wi-Fi queue empty?"),
    ],
)
def test_a_yes_no_question_inside_a_wonder_is_asked_directly(text: str, direct: str) -> None:
    assert asked_whether(text) == direct


def test_a_clause_with_no_auxiliary_or_a_wh_word_is_left_as_written() -> None:
    assert asked_whether("wondering if ana fixed it") is None  # no auxiliary to put first
    assert asked_whether("I wonder if how many is right") is None
    assert asked_whether("the tickets are open") is None


def test_an_impersonal_wish_names_what_is_wanted_and_a_list_is_asked_as_one() -> None:
    wish = own_wish("it'd be handy to see the P2 tickets by assignee")
    assert wish is not None and wish.what == "the P2 tickets by assignee"
    wish = own_wish("would be really useful to have a complete list of the open email tickets")
    assert wish is not None and wish.what == "list the open email tickets"


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("Omar is back. how many P1s are open?", ["Omar is back.", "how many P1s are open?"]),
        ("printer's fixed, what's still open", ["printer's fixed", "what's still open"]),
        ("ben covers email, which is fine", ["ben covers email, which is fine"]),  # a relative clause
        ("see e.g. the P1 rule. ok", ["see e.g. the P1 rule.", "ok"]),  # an abbreviation ends no sentence
    ],
)
def test_a_message_is_split_into_its_sentences_and_a_spliced_question(text: str, parts: list[str]) -> None:
    assert message_parts(text) == parts


def test_a_pronoun_is_read_as_the_name_the_told_part_opens_with() -> None:
    assert refers_back("which of her tickets") and not refers_back("how many tickets are open")
    assert named_for("which of her tickets are open, and assign them", "ana") == (
        "which of ana's tickets are open, and assign ana"
    )


def _read(text: str) -> IntentDecision:
    """A stand-in for the classifier's rules: a question mark asks, anything else tells."""
    intent = "question" if text.rstrip().endswith("?") else "statement"
    return IntentDecision(intent=intent, reason=intent)  # type: ignore[arg-type]


def test_the_asked_part_is_answered_and_one_leaning_on_the_told_part_keeps_the_message() -> None:
    decision = asked_part("The VPN is down. how many tickets came in today?", _read)
    assert decision is not None and decision.resolved_request == "how many tickets came in today?"
    decision = asked_part("Our cap is 12. is that enough?", _read)
    assert decision is not None and decision.intent == "question" and decision.resolved_request == ""
    assert asked_part("Our cap is 12. thanks!", _read) is None  # nothing asked
    assert asked_part("Our cap is 12. ok?", _read) is None  # a tag asks nothing of its own
    assert asked_part("how many are open?", _read) is None  # one part


@pytest.mark.parametrize(
    "text",
    [
        "because of the VPN outage the P2 window is 8 hours this week",
        "once the migration is done, ana takes the payroll queue",
        "pretty sure chloe owns the kiosk laptops",
        "I believe the toner order arrives on friday",
        "Dana said the Wi-Fi upgrade slipped to July",
        "from next week the P1 target becomes 30 minutes",
        "we won't cover the Leeds printers after December",
        "ben no longer does night shifts",
    ],
)
async def test_told_in_kinds_earlier_rounds_missed(text: str) -> None:
    decision = await desk().classify(request=text, history=[])
    assert decision.intent == "statement" and decision.sure, decision


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("wondering if any payroll app tickets are open", "are any payroll app tickets open?"),
        ("it would be nice to see the list of P1 tickets", "list P1 tickets"),
        (
            "the printer was fixed this morning. how many printer tickets are in progress?",
            "how many printer tickets are in progress?",
        ),
        ("ana is out sick, which of her tickets are open", "which of ana's tickets are open"),
        ("I think we need the open VPN tickets", "we need the open VPN tickets"),
    ],
)
async def test_requests_that_look_like_statements_ask_their_request(text: str, asked: str) -> None:
    decision = await desk().classify(request=text, history=[])
    assert decision.intent == "task" and decision.sure and decision.resolved_request == asked, decision


async def test_a_wish_for_data_later_is_unsure_and_names_both_readings() -> None:
    decision = await desk().classify(request="on monday I'll need the P2 count", history=[])
    assert not decision.sure and "remember" in decision.reason and "now" in decision.reason, decision
    news = await desk().classify(request="next month we'll need a bigger room", history=[])
    assert news.intent == "statement", news  # nothing of the data wanted: news about the future


@pytest.mark.parametrize(
    "text",
    [
        "did you know ana now leads the laptop refresh",  # news dressed as a question
        "have you heard that the printer lease ends in May?",
        "guess what, the Wi-Fi controller firmware is finally patched",
        "turns out the kiosk scanner never synced overnight",  # announced, in a shape the other rules miss
        "scratch that, the P2 window is 6 hours, not 8",
        "the person who signs off laptop swaps is Greta",  # a thing picked out by a relative clause, then who it is
        "printers: ana; payroll app: chloe",  # a mapping written as labelled pairs
        "the email gateway is being upgraded tonight",  # a value of the data naming one thing ("email gateway")
    ],
)
async def test_batch_two_told(text: str) -> None:
    decision = await desk().classify(request=text, history=[])
    assert decision.intent == "statement" and decision.sure, decision


@pytest.mark.parametrize(
    "text",
    [
        "did you know how many P1 tickets are open",  # what follows asks: no news
        "fyi how many tickets did ben close",
        "the tickets that ben has are which",  # a relative clause, then a wh-word: asked in place
    ],
)
async def test_a_news_opening_before_a_question_is_no_statement(text: str) -> None:
    decision = await desk().classify(request=text, history=[])
    assert decision.intent != "statement", decision


async def test_help_me_find_asks_what_is_to_be_found() -> None:
    decision = await desk().classify(request="could you help me find the unassigned P4 tickets", history=[])
    assert decision.intent == "task" and decision.resolved_request == "show the unassigned P4 tickets", decision


@pytest.mark.parametrize(
    "text",
    [
        "printer tickets in June were really annoying",  # a judgement in one closing word after a copula
        "the night shift looks understaffed again",
        "email tickets from floor 2 climbed sharply this week",  # a trend, its degree told
    ],
)
async def test_a_judgement_or_a_trend_about_the_data_is_told(text: str) -> None:
    decision = await desk().classify(request=text, history=[])
    assert decision.intent == "statement", decision


@pytest.mark.parametrize("text", ["P2 tickets that are open", "VPN tickets are open?", "which tickets were slow"])
async def test_a_value_of_the_data_or_a_question_is_no_judgement(text: str) -> None:
    decision = await desk().classify(request=text, history=[])
    assert decision.intent != "statement", decision
