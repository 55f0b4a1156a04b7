"""Expected rows read from the data: labels named, figures shown as people write them."""

from __future__ import annotations

from decimal import Decimal

import pytest

from cognicore.workflows.evaluation import Case, Expectation
from cognicore.workflows.expected_rows import figures_in, has_figure, row_failures


def test_figures_are_read_with_their_precision_and_scale() -> None:
    assert figures_in("$1,013,616 and $1.2M, 38% or 4.5k") == [
        (1013616.0, 0.5), (1.2e6, 5e4), (38.0, 0.5), (4500.0, 50.0),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "value", "shown"),
    [
        ("online leads with $1,078,517", 1078517.35, True),
        ("about $1.08M", 1078517.35, True),
        ("about $1.1M", 1078517.35, True),  # as rounded as written, under 5% off
        ("about $1M", 1078517.35, False),  # 7% off: too far, whatever the rounding
        ("a share of 45.0%", 0.45, True),
        ("revenue of $1,013,616", 1078517.35, False),
    ],
)
def test_a_figure_matches_as_rounded_as_it_is_written(text: str, value: float, shown: bool) -> None:
    assert has_figure(text, value) is shown


def test_every_label_and_figure_of_the_rows_must_be_in_the_answer() -> None:
    rows = [
        {"channel": "online", "revenue": Decimal("1078517.35")},
        {"channel": "retail", "revenue": Decimal("633011.35")},
    ]
    assert row_failures("online $1,078,517; retail $633,011", rows) == []
    assert row_failures("online $1,078,517", rows) == [
        "row 2: the answer does not name channel 'retail'",
        "row 2: the answer does not show revenue 633,011.35",
    ]
    assert row_failures("anything", [])[0].startswith("expected_sql returned no rows")


def test_a_case_may_carry_expected_sql() -> None:
    case = Case(id="q", request="r", expect=Expectation(expected_sql="SELECT 1 AS one"))
    assert case.expect.expected_sql == "SELECT 1 AS one"
