"""A period outside the dates the data holds (round 17, engineer S14, reviewer RDB W4): the schema description's
ranges say which dates a column holds; a query's period wholly outside them is said in the answer (and an empty
figure is no answer: unsure)."""

from __future__ import annotations

from cognicore.subagents.offline_sql.data_window import data_ranges, outside_the_data

SCHEMA = """Schema shop
Table shop.sales (about 900 rows) — Sales.
  - sold_at timestamp with time zone: When it was sold. From 2025-03-02 09:00:00+00 to 2025-09-30 18:00:00+00.
  - amount numeric
Table shop.items (about 12 rows)
  - added_on date From 2019-01-01 to 2024-12-01."""


def test_the_ranges_of_the_schema_description_are_read_per_column() -> None:
    assert data_ranges(SCHEMA) == {
        "shop.sales.sold_at": ("2025-03-02", "2025-09-30"),
        "shop.items.added_on": ("2019-01-01", "2024-12-01"),
    }


def test_a_period_wholly_outside_the_column_dates_is_said() -> None:
    period, explanation = "Q4 2024 (2024-10-01 to 2024-12-31)", "Amount, for Q4 2024 (by shop.sales.sold_at)."
    said = outside_the_data(SCHEMA, period, explanation)
    assert "from 2025-03-02 to 2025-09-30" in said and "2024-10-01 to 2024-12-31" in said


def test_a_period_overlapping_the_dates_or_of_another_column_says_nothing() -> None:
    assert outside_the_data(SCHEMA, "2025 (2025-01-01 to 2025-12-31)", "Amount (by shop.sales.sold_at).") == ""
    assert outside_the_data(SCHEMA, "Q4 2024 (2024-10-01 to 2024-12-31)", "Amount (by shop.items.added_on).") == ""
