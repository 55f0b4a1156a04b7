"""Review fixes of round 20 in the offline SQL shape reader: each input below was read confidently wrong."""

from __future__ import annotations

from cognicore.subagents.offline_sql.mapping import Mapping, Text
from cognicore.subagents.offline_sql.shape import read_shape


def _read(request: str) -> tuple[Mapping, object]:
    q = Mapping()
    s = read_shape(Text(request.lower()), q)
    return q, s


def test_a_day_of_the_month_is_no_place_in_a_ranking() -> None:
    for request in ("revenue on march 15th by region", "orders on the 3rd by channel"):
        q, _ = _read(request)
        assert not q.nth and q.top_n is None, request


def test_an_ordinal_before_a_ranking_word_is_still_a_place() -> None:
    q, _ = _read("which region is the 2nd biggest by revenue")
    assert q.nth and q.top_n == 2
    q, _ = _read("the third highest product by units")
    assert q.nth and q.top_n == 3


def test_first_or_last_inside_a_measure_name_is_no_oldest_row() -> None:
    for request in ("show the first response time per assignee", "our last login date by user"):
        _, s = _read(request)
        assert not s.eldest, request
    _, s = _read("the first wi-fi ticket")
    assert s.eldest


def test_or_more_on_each_row_is_no_group_threshold() -> None:
    q, _ = _read("orders of 5 or more units by region")
    assert q.having is None
    q, _ = _read("which assignees have 2 or more open tickets")
    assert q.having == (">=", 2.0)


def test_next_is_no_second_place() -> None:
    q, _ = _read("the next biggest region by revenue")
    assert not q.nth


def test_the_slot_of_something_else_is_not_the_teams() -> None:
    from cognicore.memory.extraction import with_known_owners

    known = [{"subject": "We", "predicate": "budget", "object": "50k", "statement": "Our budget is 50k"}]
    assert with_known_owners("the budget of the Berlin office is 20k now", known).startswith("the budget of")
    assert with_known_owners("the budget committee meets Friday", known).startswith("the budget committee")
    assert with_known_owners("the budget is 60k now", known) == "our budget is 60k now"
