"""Tabular step data: recognising it, formatting it, and drawing it as a PNG."""

from __future__ import annotations

import asyncio
import struct
from pathlib import Path

import pytest

from cognicore.subagents.charts import (
    MAX_BARS,
    default_title,
    format_percent,
    format_value,
    humanize,
    markdown_table,
    period_key,
    render_chart,
    shape,
    tabular,
)

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

CATEGORIES = {
    "sql": "SELECT category, sum(revenue) AS total_revenue, sum(quantity) AS units FROM t GROUP BY 1",
    "columns": ["category", "total_revenue", "units"],
    "rows": [["Audio", 1234567.5, 8000], ["Wearables", 900000.0, 4000], ["Smart Home", 700000.0, 5000]],
    "row_count": 3,
}
QUARTERS = {
    "columns": ["quarter", "category", "revenue"],
    "rows": [
        [q, c, v]
        for q, base in [("2025-Q1", 1.0), ("2025-Q2", 1.1), ("2024-Q4", 1.3)]
        for c, v in [("Audio", 400_000 * base), ("Wearables", 300_000 * base)]
    ],
}


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from the PNG's IHDR chunk."""
    head = path.read_bytes()[:24]
    assert head[:8] == PNG_SIGNATURE
    return struct.unpack(">II", head[16:24])


def test_tabular_reads_the_step_data_convention() -> None:
    table = tabular(CATEGORIES)
    assert table is not None
    assert table.columns == ("category", "total_revenue", "units")
    assert table.rows[0] == ("Audio", 1234567.5, 8000)
    assert table.row_count == 3
    assert not table.partial


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"answer": "text only"},
        {"columns": "category", "rows": []},
        {"columns": [], "rows": []},
        {"columns": ["a", "b"], "rows": [["x"]]},  # ragged row
        {"columns": ["a", 1], "rows": []},
        {"columns": ["a"], "rows": "x"},
    ],
)
def test_tabular_rejects_other_shapes(data: dict) -> None:
    assert tabular(data) is None


def test_table_is_partial_when_truncated_or_limited() -> None:
    truncated = tabular({"columns": ["a", "n"], "rows": [["x", 1]], "row_count": 250})
    limited = tabular({"columns": ["a", "n"], "rows": [["x", 1]], "sql": "SELECT a, n FROM t LIMIT 1"})
    assert truncated is not None and truncated.partial and truncated.row_count == 250
    assert limited is not None and limited.partial
    # The SQL guard's row limit on every query cut nothing when the rows do not reach it.
    guarded = tabular({"columns": ["a", "n"], "rows": [["x", 1], ["y", 2]], "sql": "SELECT a, n FROM t LIMIT 200"})
    assert guarded is not None and not guarded.partial
    said = tabular({"columns": ["a", "n"], "rows": [["x", 1]], "truncated": True})
    ranked = tabular({"columns": ["a", "n", "rank"], "rows": [["x", 1, 1]]})
    assert said is not None and said.partial and ranked is not None and ranked.partial


@pytest.mark.parametrize(
    ("value", "column", "key"),
    [
        ("2025-Q3", "period", (2025, 7, 1)),
        ("Q1 2024", "period", (2024, 1, 1)),
        ("2025-07", "month", (2025, 7, 1)),
        ("2025-07-14", "day", (2025, 7, 14)),
        ("2025-07-01T00:00:00", "ordered_at", (2025, 7, 1)),
        ("July 2025", "month", (2025, 7, 1)),
        ("Sep", "month", (0, 9, 1)),
        (2024, "year", (2024, 1, 1)),
        (3, "quarter", (0, 7, 1)),
        ("2024", "label", (2024, 1, 1)),
        (2024, "units", None),  # a number is a period only when the column says so
        ("Market", "segment", None),
        ("Audio", "category", None),
        ("AUD-100", "sku", None),
        (True, "year", None),
    ],
)
def test_period_key(value: object, column: str, key: tuple[int, int, int] | None) -> None:
    assert period_key(value, column) == key


def test_shape_picks_label_period_and_measure() -> None:
    cat = tabular(CATEGORIES)
    ts = tabular(QUARTERS)
    assert cat is not None and ts is not None
    s = shape(cat)
    assert s is not None and (s.label, s.period, s.measure) == (0, False, 1)
    by_units = shape(cat, "top categories by units sold")
    assert by_units is not None and by_units.measure == 2
    t = shape(ts)
    assert t is not None and (t.label, t.period, t.group, t.measure) == (0, True, 1, 2)


def test_shape_needs_rows_a_label_and_a_number() -> None:
    assert shape(tabular({"columns": ["name", "city"], "rows": [["a", "b"]]})) is None  # type: ignore[arg-type]
    assert shape(tabular({"columns": ["n", "m"], "rows": [[1, 2]]})) is None  # type: ignore[arg-type]
    assert shape(tabular({"columns": ["name", "n"], "rows": []})) is None  # type: ignore[arg-type]


def test_formatting_for_people() -> None:
    assert format_value(1234567, "total_revenue") == "$1,234,567"
    assert format_value(149.5, "unit_price") == "$149.50"
    assert format_value(-1200.0, "profit") == "-$1,200"
    assert format_value(8000, "units") == "8,000"
    assert format_value(8000, "units_revenue_share") == "8,000"  # "share": not money
    assert format_value(34.25, "margin_pct") == "34.2%"
    assert format_value(None, "revenue") == "—"
    assert format_value("Audio", "category") == "Audio"
    # a fraction keeps up to four places (an average discount of 0.0422 is no 0.04), at least two
    assert (format_value(0.0422, "avg_discount"), format_value(0.15, "discount"), format_value(0.5, "x")) == (
        "0.0422",
        "0.15",
        "0.50",
    )
    assert format_percent(34.16) == "34.2%"
    assert humanize("total_revenue_usd") == "Total revenue (USD)"
    assert default_title(tabular(CATEGORIES)) == "Total revenue by category"  # type: ignore[arg-type]
    # A trend's title names its first and last periods; another table's names the period its step stated.
    assert default_title(tabular(QUARTERS)) == "Revenue by quarter and category, 2024-Q4 to 2025-Q2"  # type: ignore[arg-type]
    q3 = "the last complete quarter, Q3 2026 (2026-07-01 to 2026-09-30)"
    assert default_title(tabular(CATEGORIES), period=q3) == "Total revenue by category, Q3 2026"  # type: ignore[arg-type]
    two_labels = tabular({"columns": ["product", "region", "units"], "rows": [["Buds", "EU", 3]]})
    assert default_title(two_labels) == "Units by product and region"  # type: ignore[arg-type]


def test_markdown_table_formats_escapes_and_aligns() -> None:
    table = tabular({"columns": ["name", "revenue"], "rows": [["A|B", 1500.0], ["C", None]]})
    assert table is not None
    assert markdown_table(table).splitlines() == [
        "| Name | Revenue |",
        "| --- | ---: |",
        "| A\\|B | $1,500 |",
        "| C | — |",
    ]
    assert len(markdown_table(table, max_rows=1).splitlines()) == 3


def test_time_series_and_categories_render_valid_pngs(tmp_path: Path) -> None:
    ts, cat = tabular(QUARTERS), tabular(CATEGORIES)
    assert ts is not None and cat is not None
    line = render_chart(ts, tmp_path / "line.png", title="Revenue by quarter")
    bars = render_chart(cat, tmp_path / "sub" / "bars.png", title="Revenue by category")
    assert line == tmp_path / "line.png" and bars == tmp_path / "sub" / "bars.png"
    for path in (line, bars):
        assert path.read_bytes().startswith(PNG_SIGNATURE)
        assert path.stat().st_size > 5_000
    assert png_size(line)[0] > png_size(line)[1]  # a wide time axis


def test_bar_chart_grows_with_rows_and_stops_at_the_cap(tmp_path: Path) -> None:
    def bars(n: int) -> tuple[int, int]:
        table = tabular({"columns": ["product", "revenue"], "rows": [[f"P{i}", 1000.0 * i] for i in range(n)]})
        assert table is not None
        out = render_chart(table, tmp_path / f"{n}.png", title="t")
        assert out is not None
        return png_size(out)

    assert bars(3)[1] < bars(MAX_BARS)[1]
    assert bars(MAX_BARS)[1] == bars(3 * MAX_BARS)[1]


def test_non_numeric_or_empty_data_gives_no_chart(tmp_path: Path) -> None:
    names = tabular({"columns": ["name", "city"], "rows": [["Ann", "Portland"]]})
    empty = tabular({"columns": ["name", "revenue"], "rows": []})
    assert names is not None and empty is not None
    assert render_chart(names, tmp_path / "a.png", title="x") is None
    assert render_chart(empty, tmp_path / "b.png", title="x") is None
    assert list(tmp_path.iterdir()) == []


async def test_concurrent_renders_in_threads_share_no_state(tmp_path: Path) -> None:
    ts, cat = tabular(QUARTERS), tabular(CATEGORIES)
    assert ts is not None and cat is not None
    paths = await asyncio.gather(
        *(
            asyncio.to_thread(render_chart, table, tmp_path / f"{i}.png", title=f"chart {i % 2}")
            for i, table in enumerate([ts, cat, ts, cat])
        )
    )
    assert all(p is not None and p.read_bytes().startswith(PNG_SIGNATURE) for p in paths)
    assert paths[0].read_bytes() == paths[2].read_bytes()  # type: ignore[union-attr]
    assert paths[1].read_bytes() == paths[3].read_bytes()  # type: ignore[union-attr]


def test_a_side_by_side_measure_is_titled_and_drawn_with_every_side(tmp_path: Path) -> None:
    wide = tabular(
        {
            "columns": ["region", "online_revenue", "retail_revenue"],
            "rows": [["Europe", 100.0, 80.0], ["Asia", 120.0, 70.0]],
        }
    )
    assert wide is not None
    assert default_title(wide, period="2025 (2025-01-01 to 2025-12-31)") == "Online vs retail revenue by region, 2025"
    assert render_chart(wide, tmp_path / "c.png", title="t") is not None
