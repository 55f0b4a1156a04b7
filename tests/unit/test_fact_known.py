"""Changes read against known facts: the old value named moves the change into its slot; a change not read marks it."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.memory._fact_known import UNCLEAR_OBJECT, named_changes
from cognicore.memory._fact_rewrites import rewrite
from cognicore.memory._fact_rules import read_facts
from cognicore.memory.extraction import FactCandidate, OfflineFactExtractor


def _known(text: str) -> list[dict[str, Any]]:
    return [{**f, "status": "active", "id": i} for i, f in enumerate(read_facts(text), start=1)]


async def _change(first: str, change: str) -> list[FactCandidate]:
    extracted = await OfflineFactExtractor().extract(
        user_message=change, assistant_message="", known_facts=_known(first)
    )
    return extracted.facts


@pytest.mark.parametrize(
    ("first", "change", "subject", "predicate", "new"),
    [
        ("Lukas owns the VPN component.", "lukas quit, the vpn is owned by Mei now", "VPN component", "handled_by",
         "Mei"),
        ("My favourite snack is chocolate.", "I'm off chocolate, I snack on almonds now.", "user", "favourite_snack",
         "almonds"),
        ("Our standup is at 9:15.", "No more 9:15 standups, we meet at 10:00 from now on.", "we", "standup",
         "at 10:00"),
    ],
)  # fmt: skip
async def test_a_change_naming_the_old_value_takes_the_known_slot(
    first: str, change: str, subject: str, predicate: str, new: str
) -> None:
    [fact] = [f for f in await _change(first, change) if f.object == new]
    assert (fact.subject, fact.predicate, fact.exclusive) == (subject, predicate, True)
    assert fact.contradicts == _known(first)[0]["statement"]  # the store supersedes it by its exact statement


@pytest.mark.parametrize(
    ("first", "change", "new"),
    [
        ("I prefer my reports as PDF.", "No more PDFs please, I want reports in Excel now.", "reports in Excel"),
        ("We track incidents in Jira.", "We replaced Jira with ServiceNow for incidents.", "ServiceNow for incidents"),
    ],
)
async def test_a_change_naming_part_of_the_old_value_keeps_its_wording_and_names_the_fact(
    first: str, change: str, new: str
) -> None:
    [fact] = [f for f in await _change(first, change) if f.object == new]
    assert fact.contradicts == _known(first)[0]["statement"]
    assert new in fact.statement


async def test_a_change_not_read_replaces_the_fact_it_names_with_an_unclear_marker() -> None:
    [marker] = await _change("Our standup is at 9:15.", "we dont do the 9:15 standup anymore")
    assert marker.object == UNCLEAR_OBJECT and marker.confidence < 0.5
    assert (marker.subject, marker.predicate, marker.contradicts) == ("we", "standup", "Our standup is at 9:15.")
    assert "could not understand" in marker.statement and "we dont do the 9:15 standup anymore" in marker.statement


@pytest.mark.parametrize(
    ("first", "message"),
    [
        ("Marco owns the Globex account.", "Who owns the Globex account now?"),  # a question changes nothing
        ("Marco owns the Globex account.", "Marco is great with customers."),  # no change said
        ("Marco owns the Globex account.", "Marco is on call now."),  # Marco again, as a new value elsewhere
        ("I drink espresso all day.", "I drink espresso all day."),  # the same fact again: reinforced by the store
    ],
)
async def test_nothing_known_is_moved_or_marked_without_a_change_of_it(first: str, message: str) -> None:
    known = _known(first)
    found = await _change(first, message)
    assert all(f.object != UNCLEAR_OBJECT for f in found)
    assert all(f.contradicts != known[0]["statement"] for f in found)


def test_without_known_facts_the_candidates_are_unchanged() -> None:
    candidates = [FactCandidate(**f) for f in read_facts("We replaced Jira with ServiceNow.")]
    assert named_changes("We replaced Jira with ServiceNow.", candidates, []) == candidates


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("we have 10 reps in the Nordics", [("we", "reps_nordics", "10 reps", None)]),
        ("We've gone from 10 to 14 reps in the Nordics.", [("we", "reps_nordics", "14 reps", "10 reps")]),
        ("first line went from 6 to 9 agents after the hiring round",
         [("we", "agents_first_line", "9 agents", "6 agents")]),
        ("Each agent handles 30 tickets a day.", [("we", "daily_ticket_quota", "30 per agent", None)]),
        ("Each agent takes at most 15 open tickets.", [("we", "open_ticket_cap_per_agent", "15", None)]),
        ("We have 10 sales reps in the Nordics.", [("we", "sales_reps_nordics", "10 sales reps", None)]),
        ("The service desk sits on floor 3.", [("we", "service_desk", "floor 3", None)]),
        ("I work out of the Berlin office.", [("user", "lives_in", "Berlin", None)]),
        ("For storage escalations I contact Ruth.", [("storage escalations", "handled_by", "Ruth", None)]),
        ("Turns out storage escalations go to Kwame, not Ruth.",
         [("storage escalations", "handled_by", "Kwame", "Ruth")]),
        ("change of plan, now it's Oskar on call", [("on call", "handled_by", "Oskar", None)]),
        ("I work the early shift.", [("user", "shift", "early shift", None)]),
        ("Our team uses Salesforce as the CRM.", [("we", "uses", "Salesforce as the CRM", None)]),
    ],
)  # fmt: skip
def test_new_forms_name_their_slot(text: str, expected: list[tuple[str, str, str, str | None]]) -> None:
    assert [(f["subject"], f["predicate"], f["object"], f.get("contradicts")) for f in read_facts(text)] == expected


def test_rewrites_keep_what_they_do_not_recognise() -> None:
    assert rewrite("Revenue by region for last quarter") == "Revenue by region for last quarter"
    assert rewrite("the sync is not on Monday anymore, now it is Thursday at 2pm") == (
        "the sync is on Thursday at 2pm, not on Monday"
    )


@pytest.mark.parametrize(
    ("first", "change", "names_it"),
    [
        ("Our standard laptop for new hires is the Dell Latitude.",
         "we've switched the new-hire laptop to the Lenovo T14", True),
        ("I like bar charts best.", "Actually I've come round to line charts.", True),  # a taste of the same kind
        ("Our travel budget is 8k.", "We cut the marketing budget to 5k now.", False),  # another budget
        ("I like bar charts best.", "Actually I've come round to green tea.", False),  # another kind of thing
    ],
)  # fmt: skip
async def test_a_slot_named_in_other_words_is_named_only_when_it_is_the_same_thing(
    first: str, change: str, names_it: bool
) -> None:
    said = _known(first)[0]["statement"]
    assert any(f.contradicts == said for f in await _change(first, change)) is names_it


@pytest.mark.parametrize(
    ("text", "states"),
    [
        ("Backups run every night at 1am.", True),
        ("Helga retired, I report to Tobias now.", True),
        ("Each agent handles 30 tickets a day.", True),
        ("Call me Sam.", True),
        ("Call me a taxi to the airport", False),  # a request, not a name
        ("How many tickets did each agent handle last week?", False),
        ("Show revenue by region for last quarter", False),
        ("If we hire two people, our team would be 8.", False),  # a hypothetical
    ],
)
def test_states_facts_tells_a_statement_from_a_request(text: str, states: bool) -> None:
    from cognicore.memory.extraction import states_facts

    assert states_facts(text) is states


@pytest.mark.parametrize(
    ("first", "change", "predicate", "new"),
    [
        ("Our on-call rotation is weekly.", "on-call rotation changed to fortnightly", "on_call_rotation",
         "fortnightly"),
        ("My desk phone extension is 4411.", "new extension: 4520", "desk_phone_extension", "4520"),
        ("I take oat milk in my coffee.", "switched to almond milk", "drinks", "almond milk"),
        ("Our SLA for P2 is 8 hours.", "P2 SLA is now 6 hours", "sla", "6 hours"),
        ("The sprint review is on Fridays.", "sprint review moved to Thursdays", "sprint_review", "Thursdays"),
        ("We have 10 sales reps in the Nordics.", "Actually it's 12 not 10.", "sales_reps_nordics", "12 sales reps"),
    ],
)  # fmt: skip
async def test_a_change_without_its_subject_is_read_in_the_one_known_slot_it_fits(
    first: str, change: str, predicate: str, new: str
) -> None:
    [fact] = await _change(first, change)
    assert (fact.predicate, fact.object, fact.exclusive) == (predicate, new, True)
    assert fact.contradicts == _known(first)[0]["statement"] and new in fact.statement


@pytest.mark.parametrize(
    ("first", "change"),
    [
        ("My go-to editor is VS Code.", "I moved over to Neovim last month."),  # which slot: not said, not guessed
        ("Our standup is at 9:15.", "sprint review moved to Thursdays"),  # no known sprint review
    ],
)
async def test_a_change_without_its_subject_is_not_guessed_into_another_slot(first: str, change: str) -> None:
    # Kept as a note in the user's words at most (M9): no slot, nothing it replaces.
    facts = await _change(first, change)
    assert all(f.predicate == "note" and f.contradicts is None and not f.exclusive for f in facts), facts


@pytest.mark.parametrize(
    ("first", "replaced"),
    [
        ("my favourite product line is tablets", True),  # the one favourite there is
        ("I mostly sell phones.", False),  # no taste to compare with
        ("My favourite drink is tea. My favourite snack is chocolate.", False),  # two tastes: which one is a guess
    ],
)
async def test_a_comparative_taste_replaces_only_the_one_favourite_there_is(first: str, replaced: bool) -> None:
    [fact] = await _change(first, "im more into laptops these days")
    assert fact.object == "laptops"
    assert (fact.contradicts is not None and fact.predicate.startswith("favourite_")) is replaced
