"""Around the data, round 10 (D7, issue 9.1 / 9.3 / 9.5): a follow-up replaces the value of the same dimension
(a code by a name, "unassigned" by a person, a day by a day), takes a filter away, or asks another measure of the
same rows; a report's data step keeps every asked measure and its period; "drop the filter" changes no data; a
question about the assistant itself is a social remark."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.followup import followup_change, resolve
from cognicore.orchestrator.planning import GENERIC, DataWords, data_instruction
from cognicore.orchestrator.scope import Scope
from cognicore.subagents.read_only import change_request

# As the shell gives them: each value with its column; a table's key columns (a code and a name) share one.
SALES = {"online": "shop.orders.channel", "retail": "shop.orders.channel", "enterprise": "shop.orders.segment"}
SALES |= {"NE": "shop.areas.code", "Northeast": "shop.areas.code", "Gulf Coast": "shop.areas.code"}
SALES |= {"GC": "shop.areas.code", "Midwest": "shop.areas.code"}
DESK = {"ana": "desk.jobs.assignee", "ben": "desk.jobs.assignee", "chloe": "desk.jobs.assignee"}
DESK |= {"open": "desk.jobs.status", "in_progress": "desk.jobs.status", "S1": "desk.jobs.severity"}
DESK |= {"S2": "desk.jobs.severity", "Wi-Fi": "desk.jobs.component", "Printer": "desk.jobs.component"}


def _resolved(values: dict[str, str], previous: str, text: str) -> str:
    """`previous` as the follow-up `text` changes it, through the real `followup_change` and `resolve`."""
    change = followup_change(text, list(values))
    assert change is not None, text
    got = resolve(previous, change, list(values), columns=values)
    assert got is not None, (previous, text)
    return got[0]


@pytest.mark.parametrize(
    ("values", "previous", "text", "resolved"),
    [
        # a code then a name of the same thing: replaced, never both
        (SALES, "NE revenue for Q3 2026", "what about Gulf Coast", "Gulf Coast revenue for Q3 2026"),
        (SALES, "orders from the Midwest in 2025", "and GC?", "orders from the GC in 2025"),
        # a month by its quarter ("the whole of"), then a region by code
        (SALES, "how many orders did Midwest place in March 2026", "same but for the whole of Q1",
         "how many orders did Midwest place in Q1 2026"),
        # a filter taken away, by its column's name
        (SALES, "online revenue by product in 2025", "drop the channel filter", "revenue by product in 2025"),
        (DESK, "list the jobs that are still open for S1", "remove the severity filter again",
         "list the jobs that are still open"),
        # "unassigned" is a value of the assignee: a person replaces it
        (DESK, "count of unassigned jobs per status", "now for ana", "count of ana jobs per status"),
        # a day of the same month
        (DESK, "jobs by component opened on jan 6", "same for the 7th", "jobs by component opened on jan 7"),
        # a value named without its hyphen, written as the data writes it
        (DESK, "how many printer jobs are still open", "what about wifi", "how many Wi-Fi jobs are still open"),
        # "ones" after a value
        (DESK, "how many open jobs does chloe have", "what about in progress ones",
         "how many in progress jobs does chloe have"),
    ],
)  # fmt: skip
def test_a_followup_replaces_the_value_of_the_same_dimension(
    values: dict[str, str], previous: str, text: str, resolved: str
) -> None:
    assert _resolved(values, previous, text) == resolved


def test_another_measure_of_the_same_rows_is_a_followup() -> None:
    for text in ("ok and how many units was that", "what was that in units?"):
        change = followup_change(text, list(SALES))
        assert change is not None and change.value == "units", text
        got = resolve("Midwest revenue for Q3 2026", change, list(SALES), columns=SALES)
        assert got is not None and got[0] == "Midwest revenue for Q3 2026 in units"
    assert followup_change("how many orders were there in 2025", list(SALES)) is None  # a question of its own


def test_dropping_a_filter_the_request_does_not_have_is_not_resolved() -> None:
    change = followup_change("drop the severity filter", list(DESK))
    assert change is not None
    assert resolve("how many open jobs does ben have", change, list(DESK), columns=DESK) is None
    # two filters and none named: which one is not said
    unnamed = followup_change("remove the filter", list(DESK))
    assert unnamed is not None
    assert resolve("open jobs for ben", unnamed, list(DESK), columns=DESK) is None


def test_dropping_a_filter_changes_no_data() -> None:
    assert change_request("drop the channel filter") is None
    assert change_request("remove the status filter again") is None
    assert change_request("drop table orders") == "drop table"
    assert change_request("delete order 1200") is not None
    # a change with its particle last ("closed off") is one; a question about closed tickets is not
    assert change_request("could all the printer jobs be closed off?") == "closed"
    assert change_request("how many jobs were closed off last week") is None


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("I need a summary for 2025 of revenue, number of orders and units per channel, add a chart pls",
         "revenue for 2025, number of orders and units per channel"),  # the summary's topic (D8)
        ("brief report with the number of jobs and the number still open, by severity",
         "brief report with the number of jobs and the number still open, by severity"),
        ("for Q3 2026, revenue by area, then write a memo", "for Q3 2026, revenue by area"),
        ("Compare revenue by channel for 2025 and explain the refund policy", "Compare revenue by channel for 2025"),
    ],
)  # fmt: skip
def test_a_report_data_step_keeps_every_asked_measure_and_its_period(text: str, kept: str) -> None:
    data = DataWords.of(["jobs", "severity", "channel", "units", "revenue", "orders", "area"], ["open"])
    assert data_instruction(text, GENERIC, data) == kept


def test_a_question_about_the_assistant_is_a_social_remark() -> None:
    scope = Scope(
        agent_words=frozenset(),
        known=frozenset({"ticket", "open"}),
        held=frozenset({"ticket", "day"}),
        documents=frozenset(),
    )
    for text in ("hey, how's your day going?", "how are you doing today", "what can you do?", "u ok?"):
        assert scope.social_remark(text), text
    for text in (
        "can you list the open tickets?",
        "do you know the refund window?",
        "what about that?",
        "what did I tell you?",
    ):
        assert scope.social_remark(text) == [], text


async def test_a_remark_to_the_assistant_is_declined_by_the_real_classifier() -> None:
    """ "hey, how's your day going?" is not searched (a memory sharing "going" with it is no answer): it is declined,
    and the answer lists what the agents do; a question about what the user said is still asked of memory."""
    from cognicore.orchestrator.intent import OfflineClassifier

    classifier = OfflineClassifier(values=DESK, entities=list(DESK), counted=["jobs", "status", "assignee"])
    social = await classifier.classify(request="hey, how's your day going?", history=[])
    assert social.out_of_scope, social.reason
    for text in ("what did I tell you about my budget?", "how many open jobs does ben have?"):
        asked = await classifier.classify(request=text, history=[])
        assert not asked.out_of_scope, (text, asked.reason)


@pytest.mark.parametrize(
    ("values", "previous", "text", "resolved"),
    [
        # a step alone moves the previous request's own period: a quarter, a day (across a month's end too)
        (SALES, "orders by channel in Q3 2026", "the quarter before", "orders by channel in Q2 2026"),
        (DESK, "how many jobs did chloe get on jan 7", "the day before?", "how many jobs did chloe get on jan 6"),
        (DESK, "jobs opened on March 1st 2026", "and the day before", "jobs opened on February 28 2026"),
        # the previous figure narrowed by one value
        (SALES, "revenue from enterprise customers in Q1 2026", "how much of that came from Midwest",
         "revenue from enterprise customers in Q1 2026 for Midwest"),
        # one value left out
        (SALES, "revenue by area in H1 2026", "excluding Northeast", "revenue by area in H1 2026 excluding Northeast"),
        (DESK, "open jobs by assignee", "leave out ben", "open jobs by assignee excluding ben"),
    ],
)  # fmt: skip
def test_a_step_a_part_or_an_exclusion_is_a_followup(
    values: dict[str, str], previous: str, text: str, resolved: str
) -> None:
    assert _resolved(values, previous, text) == resolved


def test_an_exclusion_needs_a_known_value_and_a_request_without_it() -> None:
    assert followup_change("leave out the details", list(DESK)) is None  # not a value of the data
    change = followup_change("not ben", list(DESK))
    assert change is not None
    assert resolve("open jobs for ben", change, list(DESK), columns=DESK) is None  # contradicts its own filter


def test_thanks_or_a_goodbye_asking_nothing_is_a_social_remark() -> None:
    scope = Scope(agent_words=frozenset(), known=frozenset({"job", "revenu"}), held=frozenset(), documents=frozenset())
    assert scope.social_remark("thanks, that's all for now")
    assert scope.social_remark("thx")
    for text in ("thanks! what is the revenue for 2025", "thank you, show me the jobs", "thanks for the jobs"):
        assert scope.social_remark(text) == [], text


def test_counting_questions_in_german_and_portuguese_are_foreign() -> None:
    from cognicore.orchestrator.language import detect_language

    assert detect_language("Wie viele Tickets hat Ben?") == "German"
    assert detect_language("Quantos tickets estão abertos?") == "Portuguese"
    for text in ("how many tickets has Ben got", "Ben hat 3 tickets", "is there a P1 ticket still open"):
        assert detect_language(text) == "English", text
