"""Follow-ups of round 12 (D9, issue 9.3): "the same ..." before a change of its own, a ranking measure changed
("sorted by X rather than Y"), rows narrowed by a participle phrase ("the ones handled by ben"), and a period
stepped back from the previous request's relative one ("the previous quarter", "a month earlier")."""

from __future__ import annotations

from datetime import date

import pytest

from cognicore.memory import clock
from cognicore.orchestrator.followup import followup_change, resolve
from tests.unit.test_followups11 import COLUMNS, ENTITIES


@pytest.fixture
def on_2026_11_24() -> object:
    clock.start_at(date(2026, 11, 24))
    yield None
    clock.start_at(None)


def _resolved(previous: str, text: str) -> str:
    change = followup_change(text, ENTITIES)
    assert change is not None, text
    done = resolve(previous, change, ENTITIES, columns=COLUMNS)
    assert done is not None, text
    return done[0]


@pytest.mark.parametrize(
    ("previous", "text", "want"),
    [
        # "the same" and then a follow-up of its own shape: the change after it is the change
        (
            "online revenue by month in 2025",
            "same again, Latin America only",
            "online revenue by month in 2025 for Latin America",
        ),
        (
            "how many open tickets does ana have",
            "the same numbers but only counting VPN",
            "how many open tickets does ana have for VPN",
        ),
        # a ranking's measure, with what it replaces said after it
        ("top 4 products by revenue in Europe", "um, sorted by margin instead", "top 4 products by margin in Europe"),
        (
            "top 4 products by revenue in Europe",
            "order them by units rather than revenue",
            "top 4 products by units in Europe",
        ),
        (
            "top 4 products by revenue in Europe",
            "and by margin in place of revenue?",
            "top 4 products by margin in Europe",
        ),
        # rows narrowed by a phrase whose participle the value's column already says
        (
            "list the P3 tickets that are open",
            "only those handled by chloe",
            "list the P3 tickets that are open for chloe",
        ),
        (
            "list the P3 tickets that are open",
            "just the ones sitting with ben",
            "list the P3 tickets that are open for ben",
        ),
    ],
)
def test_a_changed_part_keeps_the_rest(previous: str, text: str, want: str) -> None:
    assert _resolved(previous, text) == want


@pytest.mark.usefixtures("on_2026_11_24")
@pytest.mark.parametrize(
    ("previous", "text", "want"),
    [
        ("retail revenue last quarter", "what was it the quarter prior", "retail revenue Q2 2026"),
        ("orders per channel last month", "how did that compare a month earlier?", "orders per channel September 2026"),
        ("revenue by region for last year", "ok and the previous year?", "revenue by region for 2024"),
        ("revenue by region in Q1 2025", "and for the prior quarter", "revenue by region in Q4 2024"),
        ("units by category this quarter", "and the quarter before it", "units by category Q3 2026"),
    ],
)
def test_a_step_back_moves_a_relative_period_by_the_calendar(previous: str, text: str, want: str) -> None:
    assert _resolved(previous, text) == want


def test_the_previous_period_of_another_unit_is_that_units_last_one() -> None:
    # "the previous quarter" after a request about a year is the last complete quarter, not a step of the year
    assert _resolved("revenue by region for 2025", "and for the previous quarter?") == (
        "revenue by region for the previous quarter"
    )


def test_a_remark_after_the_same_is_no_change() -> None:
    assert followup_change("same thing happened to me yesterday, it was awful", ENTITIES) is None


def test_a_question_opening_with_any_is_no_widened_filter() -> None:
    assert followup_change("any orders still unpaid that went past their due date?", ENTITIES) is None
    assert followup_change("across all regions instead", ENTITIES) is not None


@pytest.mark.usefixtures("on_2026_11_24")
@pytest.mark.parametrize(
    ("previous", "text", "want"),
    [
        ("online revenue last month", "how about the same month a year earlier", "online revenue October 2025"),
        ("orders by region in Q2 2026", "and the same quarter of the previous year?", "orders by region in Q2 2025"),
        ("online revenue last month", "ok what did the prior month look like", "online revenue September 2026"),
        (
            "top 4 products by revenue in 2025",
            "what were those figures the year before?",
            "top 4 products by revenue in 2024",
        ),
        ("top 4 products by revenue in 2025", "what about the bottom 2?", "bottom 2 products by revenue in 2025"),
        ("tickets per assignee", "order them by age instead", "tickets per assignee ranked by age"),
        ("how many open tickets does ana have", "same, but for ben", "how many open tickets does ben have"),
    ],
)
def test_more_followup_shapes(previous: str, text: str, want: str) -> None:
    assert _resolved(previous, text) == want


@pytest.mark.parametrize(
    ("previous", "text", "want"),
    [
        ("show me the closed VPN tickets", "ok how many are there?", "how many closed VPN tickets"),
        ("how many P3 tickets does chloe have", "and which ones are those?", "list P3 tickets does chloe have"),
        (
            "online revenue by month in 2025",
            "could you turn it into a line chart",
            "online revenue by month in 2025 as a line chart",
        ),
        ("list the P3 tickets that are open", "and the ones that are closed?", "list the P3 tickets that are closed"),
        ("tickets per component", "just the ones currently open", "tickets per component for open"),
    ],
)
def test_rows_counted_listed_drawn_or_pointed_at(previous: str, text: str, want: str) -> None:
    assert _resolved(previous, text) == want


def test_a_figure_of_its_own_is_not_recounted() -> None:
    change = followup_change("how many is that?", ENTITIES)
    assert change is not None
    assert resolve("revenue in Europe for 2025", change, ENTITIES, columns=COLUMNS) is None


@pytest.mark.usefixtures("on_2026_11_24")
@pytest.mark.parametrize(
    ("previous", "text", "want"),
    [
        ("orders per channel last quarter", "ok and the one before?", "orders per channel Q2 2026"),
        ("orders per channel in June 2025", "how about the one after that", "orders per channel in July 2025"),
    ],
)
def test_the_one_before_steps_the_previous_period_by_its_own_unit(previous: str, text: str, want: str) -> None:
    assert _resolved(previous, text) == want


def test_the_one_before_a_request_without_a_period_is_not_bound() -> None:
    change = followup_change("and the one before that?", ENTITIES)
    assert change is not None
    assert resolve("tickets per assignee", change, ENTITIES, columns=COLUMNS) is None
