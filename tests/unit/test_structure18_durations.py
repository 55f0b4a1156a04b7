"""The one reading of a span of time said in a sentence (`memory.text.DURATION`) and of number words, which the
knowledge, absence, memory and data readers share."""

from __future__ import annotations

import re

import pytest

from cognicore.memory.text import DURATION, DURATION_TEXT, NUMBER_WORDS, duration_hours
from cognicore.subagents._absence_values import _spans
from cognicore.subagents._memory_words import shape_words
from cognicore.subagents.compose import unmet_case
from cognicore.subagents.offline_sql.periods import NUMBER_WORDS as PERIOD_NUMBERS


@pytest.mark.parametrize(
    ("text", "said", "hours"),
    [
        ("Parcels are collected within 3 working days of the call.", "3 working days", 72.0),
        ("The lamp warranty is a 2-year one.", "2-year", 2 * 8760.0),
        ("Allow half an hour for the install.", "half an hour", 0.5),
        ("Badges stay active for 36h after issue.", "36h", 36.0),
        ("Keys expire after fifteen minutes.", "fifteen minutes", 0.25),
        ("Rooms are held for two nights.", "two nights", 48.0),
        ("Returns close after a fortnight.", "a fortnight", 336.0),
        ("Reviews run 1,5 days on average.", "1,5 days", 36.0),
    ],
)
def test_a_counted_span_of_time_is_read_with_its_length(text: str, said: str, hours: float) -> None:
    match = DURATION.search(text)
    assert match is not None and match.group(0) == said
    assert duration_hours(match) == pytest.approx(hours)


@pytest.mark.parametrize("text", ["It usually takes a few days.", "Expect a couple of weeks.", "several months later"])
def test_a_vague_span_is_a_duration_without_a_length(text: str) -> None:
    match = DURATION.search(text)
    assert match is not None and duration_hours(match) is None


@pytest.mark.parametrize("text", ["Ah, the minimum order is 40 units.", "Ask for the daily rate.", "a secretary"])
def test_no_span_of_time_is_read_where_none_is_said(text: str) -> None:
    assert DURATION.search(text) is None


def test_the_pattern_without_groups_can_be_written_twice_into_one_pattern() -> None:
    both = re.compile(rf"{DURATION_TEXT}\s+or\s+{DURATION_TEXT}", re.I)
    assert both.search("in 3 days or a week") is not None


def test_every_number_word_list_is_the_shared_one() -> None:
    assert PERIOD_NUMBERS is NUMBER_WORDS
    assert NUMBER_WORDS["twelve"] == 12 and NUMBER_WORDS["thirty"] == 30


def test_a_memory_saying_a_span_answers_how_long() -> None:
    assert "long" in shape_words("The badge reader locks me out for 20 mins after three tries")


def test_a_case_stated_in_seconds_is_checked_against_the_limit() -> None:
    # 90 seconds is inside a 2-minute limit: the breach rule does not apply to the case.
    assert unmet_case("Does a call picked up after 90 seconds breach? ", "Calls answered after 2 minutes breach.")
    assert not unmet_case("Does a call picked up after 3 minutes breach?", "Calls answered after 2 minutes breach.")


def test_the_absence_check_leaves_a_service_time_to_the_answer() -> None:
    assert not _spans("Priority couriers take 2 to 3 working days to the islands.")
    assert [m.group(0) for m in _spans("The lantern glows for 40 hours on one charge.")] == ["40 hours"]
