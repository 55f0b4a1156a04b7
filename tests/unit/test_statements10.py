"""Statements vs requests whatever their wording (issue 9.3, engineer M11), through the real functions and the real
offline classifier of a support desk (wrapped by its SQL reader, as the shell does).

Asked: a question whose opening wh-word is misspelt and has no "?" ("wht", "hw", "wich"), with chat shorthand after
it. Told: a figure in predicate position about a thing the data also holds (a budget, a target, a headcount), after a
verb of being or change or a colon. Unsure: an amount with nothing asked in a shape no rule reads. Wordings are this
file's own, not the development sets'.
"""

from __future__ import annotations

import pytest

from cognicore.orchestrator.question_words import read_question_word
from cognicore.orchestrator.told_figures import names_amount, tells_figure
from tests.unit.test_statements9 import desk


def _nobody(word: str) -> bool:
    return False


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("wht tickets came in overnight", "what tickets came in overnight"),
        ("hw many laptops r waiting", "how many laptops are waiting"),
        ("wen does ana start", "when does ana start"),
        ("whcih queue is slowest", "which queue is slowest"),
        ("waht is the p2 sla", "what is the p2 sla"),
        ("whos on nights", "who's on nights"),
        ("hows many closed today", "how many closed today"),
        ("hwo many printers", "how many printers"),  # one swap from "how" and "who": a quantity asks "how"
        ("Wy did it drop", "Why did it drop"),
        ("whta's the p2 sla", "what's the p2 sla"),
        ("cn u pull the p1s", "can you pull the p1s"),  # an auxiliary with its subject after it
        ("shoud we escalate it", "should we escalate it"),
        ("cud u check the vpn queue", "could you check the vpn queue"),
        ("ok so wht came in overnight", "ok so what came in overnight"),  # an opener before the wh-word
        (
            "now many p1s are open",
            "how many p1s are open",
        ),  # a quantity asked: even a real word there is "how"  # two letters left out, its subject after
    ],
)
def test_a_misspelt_opening_wh_word_is_read_as_the_wh_word(text: str, read: str) -> None:
    fixed, fixes = read_question_word(text, meant=_nobody)
    assert fixed == read and fixes and any(w.startswith(fixes[0].written) for w in text.split())


@pytest.mark.parametrize(
    "text",
    [
        "what is open",  # spelt right
        "hat sizes for the team",  # a common English word is meant as written
        "now much better after the fix",  # "now much better": no quantity asked ("much" before a comparative)
        "ho hum, slow day",  # "how" or "who": no single reading
        "Wen is off on friday",  # a name the deployment knows (see `meant`)
        "Wat's on leave today",  # a capitalised word with "'s" is a name's "is"
    ],
)
def test_words_that_are_no_misspelt_wh_word_stay(text: str) -> None:
    assert read_question_word(text, meant=lambda w: w == "Wen") == (text, [])


@pytest.mark.parametrize(
    "text",
    [
        "the spares budget is 8k this half",
        "our ticket backlog dropped to 25 overnight",
        "monitor stock went from 12 to 30 after the delivery",
        "desk staffing got cut by 20%",
        "Q2 closure rate came in at 88%",
        "escalation budget for 2026: 45k",
        "the replacement laptop allowance has been $1,200 since spring",
        "average handling time's now 14 minutes",
        "toner spend up 15% vs last spring",  # a headline, its verb left out
    ],
)
def test_a_figure_in_predicate_position_is_told(text: str) -> None:
    assert tells_figure(text)


@pytest.mark.parametrize(
    "text",
    [
        "tickets opened in 2026",  # a reduced relative names rows
        "laptops priced at 900",
        "tickets open for over 3 days",
        "backlog was how many on monday",  # a wh-word left in place
        "is the backlog over 20",  # an auxiliary first asks
        "set the cap to 10%",  # an order
        "assignees who closed over 5 tickets",
        "the backlog is 25?",
        "p2 tickets by status",
        "sign up 10 users",  # an order with a quantity, no headline
    ],
)
def test_rows_questions_and_orders_tell_no_figure(text: str) -> None:
    assert not tells_figure(text)


def test_an_amount_is_named_by_money_a_percentage_or_a_change() -> None:
    assert names_amount("went 200 to 350") and names_amount("about 15%") and names_amount("$40 more")
    assert not names_amount("tickets in 2026") and not names_amount("the p1 tickets")


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("hw many tickets r in progress", "task"),
        ("wich laptop tickets does chloe have", "task"),
        ("wat priority is INC-1003", "task"),
        ("our p1 budget got bumped to 9k", "statement"),
        ("headcount on nights went from 3 to 5", "statement"),
        ("printer toner spend doubled to 2k", "statement"),
        ("vpn licence target for 2027: 400", "statement"),
        ("ben covers p3s on fridays", "statement"),  # a lower-case name the data holds, then its verb
    ],
)
async def test_statements_and_requests_are_routed_by_structure(text: str, intent: str) -> None:
    decision = await desk().classify(request=text, history=[])
    assert decision.intent == intent and decision.sure, decision


async def test_a_value_then_a_plural_noun_and_a_phrase_names_rows_not_news() -> None:
    decision = await desk().classify(request="vpn tickets since monday", history=[])
    assert decision.intent != "statement"


async def test_a_misspelt_question_is_answered_as_the_corrected_request() -> None:
    decision = await desk().classify(request="hw many tickets r open", history=[])
    assert decision.intent == "task" and decision.resolved_request.startswith("how many tickets are open")
    assert "'hw' as 'how'" in decision.read_as


async def test_an_amount_with_nothing_asked_in_no_known_shape_is_unsure_and_names_both_readings() -> None:
    decision = await desk().classify(request="the kiosk float, 200 to 350 after the audit", history=[])
    assert not decision.sure and "remember" in decision.reason and "ask" in decision.reason


@pytest.mark.parametrize(
    "text",
    [
        "40% of our printer tickets come from floor 2",  # a share first, then what it does
        "the go-live for the new VPN client is the 14th",  # a date told as an ordinal
        "the spare docking stations cost $85 each",  # what something costs
        "ana's cap: 6 open tickets at any one time on weekends",  # a label, then a figure and a long tail
        "after the reorg password reset requests nearly tripled",  # the change is the verb itself
        "the night desk brought in 3 new clients last year",  # what something brought
        "weekend tickets averaged 4 a day in june",
    ],
)
def test_batch_two_figures_are_told(text: str) -> None:
    assert tells_figure(text)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("an extra hour of cover was approved for P1 nights", "statement"),  # something new, and what was done
        ("swapped 4 docking stations on floor 1 this morning", "statement"),  # a past tense first: news, no order
        ("Three laptops went missing from the store room", "statement"),  # a count spelled out, then its verb
        ("shoud we escalate the p1 tickets", "question"),  # a misspelt auxiliary with its subject
        ("cn u list the wi-fi tickets", "task"),
        ("swap the printer tickets to ben", "task"),  # an order (a change, refused): never news
        ("chloe now covers laptop tickets", "statement"),  # a lower-case name, an adverb, then its verb
        ("no more webex, teams instead", "statement"),  # what replaced it
    ],
)
async def test_batch_two_routing(text: str, intent: str) -> None:
    decision = await desk().classify(request=text, history=[])
    assert decision.intent == intent, decision


async def test_an_amount_with_a_question_after_a_comma_is_no_unsure_statement() -> None:
    decision = await desk().classify(request="ben wants 3 days off next week, who approves that", history=[])
    assert decision.sure and decision.intent != "statement", decision
