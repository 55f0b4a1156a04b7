"""Known names and unclear changes (issue 9.4, M15): a tool's name is no person, a common noun is no tool's name."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from cognicore.memory._fact_known import UNCLEAR_OBJECT
from cognicore.memory._fact_rules import read_facts
from cognicore.memory._fact_words import CALENDAR_WORDS, MONTH_NAMES, NOT_NAMES, WEEKDAY_NAMES
from cognicore.memory.extraction import FactCandidate, OfflineFactExtractor, known_people, with_known_names

ROOT = Path(__file__).resolve().parents[2]


def _known(*texts: str) -> list[dict[str, Any]]:
    facts = [f for text in texts for f in read_facts(text)]
    return [{**f, "status": "active", "id": i} for i, f in enumerate(facts, start=1)]


async def _extract(message: str, *known: str) -> list[FactCandidate]:
    out = await OfflineFactExtractor().extract(user_message=message, assistant_message="", known_facts=_known(*known))
    return out.facts


def test_only_people_are_written_back_as_names() -> None:
    known = _known("We use Teams", "We sell online", "Ben handles VPN tickets", "My mentor is Ravi")
    assert known_people(known) == {"Ben", "Ravi"}
    assert with_known_names("two teams handle billing, ben handles email, online too", known) == (
        "two teams handle billing, Ben handles email, online too"
    )


def test_a_calendar_word_or_a_word_name_is_never_a_known_person() -> None:
    known = _known("Friday handles nothing", "Mark handles VPN tickets")
    assert not {name.lower() for name in known_people(known)} & NOT_NAMES
    assert with_known_names("mark the friday tickets", known) == "mark the friday tickets"


@pytest.mark.parametrize(
    ("known", "message"),
    [
        ("We use Teams", "two teams handle billing tickets now"),  # counted: a common noun, not the tool
        ("We use Teams for chat", "three teams are on the rota now"),
        ("We sell online", "online orders ship from Leeds now"),  # a modifier of another thing
        ("Our standup is on Mondays", "the support desk is closed on mondays now"),  # another thing's day
    ],
)
async def test_a_word_of_a_known_value_in_another_sentence_marks_nothing(known: str, message: str) -> None:
    facts = await _extract(message, known)
    assert all(f.object != UNCLEAR_OBJECT and not f.contradicts for f in facts), facts


@pytest.mark.parametrize(
    ("known", "message"),
    [
        ("We use Teams", "teams got replaced"),  # the value first, then what happened to it
        ("We use Teams", "no more teams for us"),  # the owner named, an ending next to the value
        ("Our standup is at 9:15.", "we dont do the 9:15 standup anymore"),
        ("I escalate P2 tickets to Marta.", "Marta is gone, I send them to Olu or to Kim instead"),
    ],
)
async def test_a_change_about_the_known_value_still_marks_it_unclear(known: str, message: str) -> None:
    [marker] = [f for f in await _extract(message, known) if f.object == UNCLEAR_OBJECT]
    assert marker.contradicts == _known(known)[0]["statement"]


def test_calendar_words_are_defined_once_in_memory() -> None:
    assert len(WEEKDAY_NAMES) == 7 and len(MONTH_NAMES) == 12 and "mondays" in CALENDAR_WORDS
    # A list of the months written out again (with or without "|") anywhere in `memory/` but `_fact_words`.
    months = re.compile(r"january\W+february\W+march", re.I)
    days = re.compile(r"monday\w*\W+tuesday\w*\W+wednesday", re.I)
    again = [
        p.name
        for p in (ROOT / "memory").glob("*.py")
        if p.name != "_fact_words.py" and (months.search(p.read_text()) or days.search(p.read_text()))
    ]
    assert not again, f"calendar words written again in {again}: import them from memory._fact_words"
