"""Review leftovers (D8, issue 9.1): a value's own column in follow-ups, one list of month names for the engine."""

from __future__ import annotations

import pytest

from cognicore.memory._fact_words import MONTHS
from cognicore.orchestrator._followup_periods import MONTH, PERIOD, moved
from cognicore.orchestrator._followup_values import ValueColumn, dimension_of, dropped
from cognicore.orchestrator.followup import Change, resolve
from cognicore.orchestrator.reuse import OfflineKeyer
from cognicore.subagents.tables import period_key

# A people table whose `login` and `name` are both unique: one dimension, two columns.
COLUMNS = {
    "ana": ValueColumn("desk.agents.login", "desk.agents.login"),
    "Ana Ruiz": ValueColumn("desk.agents.name", "desk.agents.login"),
    "Ben Okafor": ValueColumn("desk.agents.name", "desk.agents.login"),
    "vpn": ValueColumn("desk.tickets.category"),
}
ENTITIES = sorted(COLUMNS)


def test_a_name_after_a_login_of_the_same_table_replaces_it() -> None:
    assert dimension_of("Ben Okafor", COLUMNS) == dimension_of("ana", COLUMNS)
    assert resolve("open tickets of ana", Change(prep="of", value="Ben Okafor"), ENTITIES, columns=COLUMNS) == (
        "open tickets of Ben Okafor",
        0.85,
    )


def test_dropping_a_filter_by_its_column_word_reads_the_value_own_column() -> None:
    """ "drop the name filter": the value held by the `name` column goes, though its dimension is the login's."""
    got = dropped("open tickets for Ana Ruiz on vpn", "name", ENTITIES, COLUMNS)
    assert got is not None and "Ana Ruiz" not in got[0] and "vpn" in got[0]
    assert dropped("open tickets for Ana Ruiz on vpn", "login", ENTITIES, COLUMNS) is None


def test_a_plain_column_string_is_its_own_dimension() -> None:
    assert dimension_of("online", {"online": "shop.orders.channel"}) == "shop.orders.channel"
    assert dimension_of("nothing", {"online": "shop.orders.channel"}) is None


def test_month_names_are_memory_s_list() -> None:
    names = MONTHS[3:-1].split("|")
    assert len(names) == 12
    import re

    for name in names:
        assert re.fullmatch(MONTH, name) and re.fullmatch(MONTH, name[:3])
    assert re.fullmatch(MONTH, "sept") and not re.match(MONTH + r"$", "market")


@pytest.mark.parametrize(
    ("period", "unit", "by", "want"),
    [("in March 2025", "month", 1, "in April 2025"), ("in December 2025", "month", 1, "in January 2026")],
)
def test_periods_still_move_by_month(period: str, unit: str, by: int, want: str) -> None:
    assert moved(period, unit, by) == want


def test_the_day_before_keeps_an_abbreviated_month() -> None:
    assert moved("on sept 1", "day", -1) == "on aug 31"
    assert PERIOD.search("revenue in november 2025").group(0).lower() == "in november 2025"  # type: ignore[union-attr]


def test_tables_and_keying_read_month_names() -> None:
    assert period_key("Sept 2025") == (2025, 9, 1)
    assert period_key("Marhc 2025") is None
    masked, params = OfflineKeyer().mask("revenue for sept 2025 and for may")
    assert list(params.values()) == ["sept 2025", "may"], masked
