"""Follow-ups of round 11 (D8, issue 9.1/9.3): two parameters changed at once, a ranking narrowed or widened, a
filter widened to "all <column>"; change requests asked as questions of ability."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.followup import Change, ValueColumn, followup_change, resolve
from cognicore.orchestrator.intent import OfflineClassifier
from cognicore.subagents.read_only import change_request
from tests.unit.test_data_reading import AGENTS, COUNTED, VALUES

_PLAIN = {
    "Europe": "shop.regions.name",
    "APAC": "shop.regions.code",
    "Latin America": "shop.regions.name",
    "online": "shop.orders.channel",
    "retail": "shop.orders.channel",
    "enterprise": "shop.orders.segment",
    "ana": "desk.tickets.assignee",
    "ben": "desk.tickets.assignee",
    "chloe": "desk.tickets.assignee",
    "P1": "desk.tickets.priority",
    "P3": "desk.tickets.priority",
    "open": "desk.tickets.status",
    "closed": "desk.tickets.status",
    "VPN": "desk.tickets.component",
}
# A region's code and name are one dimension (its table's two key columns).
COLUMNS = {v: ValueColumn(c, "shop.regions.name" if c.startswith("shop.regions") else c) for v, c in _PLAIN.items()}
ENTITIES = sorted(COLUMNS)


def _resolved(previous: str, text: str) -> tuple[str, float] | None:
    change = followup_change(text, ENTITIES)
    assert change is not None, text
    return resolve(previous, change, ENTITIES, columns=COLUMNS)


@pytest.mark.parametrize(
    ("previous", "text", "want"),
    [
        ("online revenue in Europe for Q2 2026", "now APAC and Q3", "online revenue in APAC for Q3 2026"),
        ("online revenue in APAC for Q3 2026", "ok, retail for all of 2025 then", "retail revenue in APAC for 2025"),
        (
            "how many open P1 tickets does ana have?",
            "and ben's closed ones",
            "how many closed P1 tickets does ben have",
        ),
        (
            "how many closed P1 tickets does ben have",
            "what about P3 for chloe",
            "how many closed P3 tickets does chloe have",
        ),
    ],
)
def test_two_parameters_change_at_once(previous: str, text: str, want: str) -> None:
    got = _resolved(previous, text)
    assert got is not None and got[0] == want, got


def test_a_part_that_is_no_known_value_makes_no_compound_change() -> None:
    assert followup_change("and europe and the weather", ENTITIES) is None


@pytest.mark.parametrize(
    ("previous", "text", "want"),
    [
        ("top 5 products by revenue in 2025", "just the top 3", "top 3 products by revenue in 2025"),
        (
            "which components have the most tickets, top 4",
            "only the top 2 please",
            "which components have the most tickets, top 2",
        ),
        ("revenue by product in 2025", "top 3 only", "top 3 revenue by product in 2025"),
    ],
)
def test_a_ranking_is_narrowed_or_added(previous: str, text: str, want: str) -> None:
    got = _resolved(previous, text)
    assert got is not None and got[0] == want, got


def test_the_other_end_of_a_ranking_takes_its_end_and_size() -> None:
    assert _resolved("top 5 products by revenue", "make it the bottom 2") == ("bottom 2 products by revenue", 0.85)


async def test_an_unbound_follow_up_is_not_run_as_a_request_of_its_own() -> None:
    """ "all components instead" after a request naming no component: a low-confidence question saying so, never
    the fragment run alone (it gave every ticket, or revenue over all the data, confidently)."""
    classifier = OfflineClassifier(agents=AGENTS, counted=COUNTED, values=VALUES, entities=list(VALUES))
    history = [
        {"speaker": "user", "content": "how many tickets does ben have open"},
        {"speaker": "assistant", "content": "4"},
    ]
    decision = await classifier.classify(request="across all components instead", history=history)
    assert decision.confidence <= 0.3 and "follow-up" in decision.reason and not decision.resolved_request, decision


@pytest.mark.parametrize(
    ("previous", "text", "want"),
    [
        (
            "how many orders came from enterprise customers in Latin America in Q1 2026",
            "across all regions instead",
            "how many orders came from enterprise customers in Q1 2026",
        ),
        ("open tickets on the VPN", "all components instead", "open tickets"),
        ("open tickets of ana on the VPN", "for every assignee", "open tickets on the VPN"),
    ],
)
def test_all_of_a_column_widens_the_request(previous: str, text: str, want: str) -> None:
    got = _resolved(previous, text)
    assert got is not None and got[0] == want, got


def test_all_of_a_period_is_no_widening() -> None:
    assert followup_change("all of 2025", ENTITIES) != Change(prep="drop", value="2025")


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("is it possible to move all of APAC's retail orders to the partner channel?", "move"),
        ("is there a way to delete order 1200", "delete"),
        ("would it be possible to rename the Audio category to Sound", "rename"),
        ("any chance you could close INC-1004?", "close"),
    ],
)
def test_a_change_asked_as_a_question_of_ability_is_a_change(text: str, verb: str) -> None:
    assert change_request(text) == verb


def test_asking_whether_a_read_is_possible_is_no_change() -> None:
    assert change_request("is it possible to see revenue by region for 2025") is None


@pytest.mark.parametrize(
    ("text", "change"),
    [
        ("same but units", Change(prep="in", value="units")),
        ("same but units please", Change(prep="in", value="units")),
        ("same but 2024", Change(prep="", value="2024")),
        ("the same thing but APAC", Change(prep="", value="APAC")),
        ("same but for Europe", Change(prep="for", value="Europe")),
    ],
)
def test_same_but_without_a_preposition_changes_a_value_or_the_measure(text: str, change: Change) -> None:
    assert followup_change(text, ENTITIES) == change


@pytest.mark.parametrize("text", ["the same please", "same again", "same again pls"])
def test_the_same_with_only_a_filler_changes_nothing_as_a_measure(text: str) -> None:
    got = followup_change(text, ENTITIES)
    assert got is None or got.prep != "in", got


@pytest.mark.parametrize(
    ("previous", "text", "want"),
    [
        ("revenue by segment in Q1 2026", "by channel for 2025 instead", "revenue by channel in 2025"),
        ("open tickets by priority for ana", "by component for ben instead", "open tickets by component for ben"),
    ],
)
def test_a_new_grouping_with_a_period_or_value_of_its_own(previous: str, text: str, want: str) -> None:
    got = _resolved(previous, text)
    assert got is not None and got[0] == want, got


def test_a_ranking_asked_as_which_n_is_resized() -> None:
    got = _resolved("which 3 assignees have the most tickets", "make it top 1")
    assert got is not None and got[0] == "which 1 assignees have the most tickets", got


def test_is_there_any_way_to_change_is_a_change() -> None:
    assert change_request("is there any way to reopen INC-1005") == "reopen"


@pytest.mark.parametrize("text", ["leave out partner orders", "excluding the retail channel", "but not online sales"])
def test_leaving_out_a_value_named_with_its_rows(text: str) -> None:
    change = followup_change(text, [*ENTITIES, "partner"])
    assert change is not None and change.prep == "excluding" and change.value in ("partner", "retail", "online"), change


def test_leaving_out_words_naming_no_value_is_no_follow_up() -> None:
    assert followup_change("leave out the boring stuff", ENTITIES) is None


def test_a_measure_change_reorders_a_ranking_by_it() -> None:
    """ "same but units" after "top 3 products by revenue" ranks by units (was revenue and units side by side,
    ranked by revenue: the top 3 by units are other products, a confident wrong)."""
    assert _resolved("top 3 products by revenue in 2025", "same but units") == ("top 3 products by units in 2025", 0.8)
    got = _resolved("revenue for Europe in 2025", "same but units")
    assert got is not None and "units" in got[0] and "revenue" in got[0]  # no ranking: the measure is added as before
