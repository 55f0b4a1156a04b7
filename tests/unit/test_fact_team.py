"""Team facts in fresh wordings (issue 9.4, M5): who approves what, hand-overs, "the team's X", changes of a
thing told in other words, a tool migrated for one kind of work, and questions about "the team"."""

from __future__ import annotations

import pytest

from cognicore.memory._fact_rules import read_facts
from cognicore.memory.extraction import FactCandidate, OfflineFactExtractor, in_changed_topic
from cognicore.subagents.memory_answer import about_the_asker


def _one(text: str) -> dict[str, object]:
    [fact] = read_facts(text)
    return fact


@pytest.mark.parametrize(
    ("text", "subject", "who", "old"),
    [
        ("Hana approves all hardware orders.", "hardware orders", "Hana", None),
        ("Hardware orders need sign-off from Ivo now, not Hana.", "hardware orders", "Ivo", "Hana"),
        ("Refunds over 500 euros require Petra's approval.", "refunds over 500 euros", "Petra", None),
        ("Karl signs off on travel requests now, instead of Mona.", "travel requests", "Karl", "Mona"),
    ],
)
def test_who_approves_a_kind_of_thing_is_one_slot(text: str, subject: str, who: str, old: str | None) -> None:
    fact = _one(text)
    assert (fact["subject"], fact["predicate"], fact["object"]) == (subject, "approved_by", who), fact
    assert fact["exclusive"] and fact["contradicts"] == old, fact


@pytest.mark.parametrize("text", ["We need approval from Finance.", "I approve.", "Anna approves."])
def test_a_request_for_approval_is_no_approver_fact(text: str) -> None:
    assert not [f for f in read_facts(text) if f["predicate"] == "approved_by"]


def test_a_hand_over_names_who_holds_it_now_and_from_whom() -> None:
    fact = _one("Nils passed the pager to Ada this morning.")
    assert (fact["subject"], fact["object"], fact["contradicts"]) == ("pager", "Ada", "Nils"), fact


@pytest.mark.parametrize(
    ("text", "predicate", "value"),
    [
        ("The team's monthly quota is 40 demos.", "monthly_quota", "40 demos"),
        ("Team retro is on Fridays.", "retro", "on Fridays"),
        ("we tightened our P3 closure target to 3 days", "p3_closure_target", "3 days"),
        ("the board relaxed our expense cap to 2k", "expense_cap", "2k"),
    ],
)
def test_the_teams_thing_and_a_change_verb_fill_the_same_slot(text: str, predicate: str, value: str) -> None:
    fact = _one(text)
    assert (fact["subject"], fact["predicate"], fact["object"]) == ("we", predicate, value), fact


def test_a_second_statement_about_a_named_colleague_after_a_comma_is_read() -> None:
    fact = _one("Ines is out today, Olaf is covering the printers")
    assert (fact["subject"], fact["object"]) == ("printers", "Olaf"), fact


def test_a_tool_migrated_for_one_kind_of_work_replaces_the_old_tool() -> None:
    fact = _one("we migrated support calls from Zendesk to Freshdesk")
    assert (fact["predicate"], fact["object"], fact["contradicts"]) == (
        "uses",
        "Freshdesk for support calls",
        "Zendesk",
    )


def test_a_meeting_moved_between_days_is_not_a_tool() -> None:
    fact = _one("we moved the retro from Friday to Monday")
    assert fact["predicate"] == "retro" and fact["object"] == "Monday", fact


def _candidate(text: str) -> FactCandidate:
    return FactCandidate(**_one(text))


def _known(text: str) -> dict[str, object]:
    return {**_one(text), "status": "active"}


def test_a_change_of_a_thing_told_as_a_whole_sentence_names_that_sentence() -> None:
    known = _known("Our team agreed to close P3 tickets within 5 days.")
    changed = in_changed_topic(_candidate("we tightened our P3 closure target to 3 days"), [known])
    assert changed.contradicts == "We agreed to close P3 tickets within 5 days.", changed


@pytest.mark.parametrize(
    ("first", "change"),
    [
        ("Our travel budget is 8k.", "We cut the marketing budget to 5k."),  # another named slot
        ("We log our support calls in Zendesk.", "we tightened our P3 closure target to 3 days"),  # no shared word
    ],
)
def test_a_change_of_another_thing_names_nothing(first: str, change: str) -> None:
    assert in_changed_topic(_candidate(change), [_known(first)]).contradicts is None


def test_two_known_sentences_meeting_a_change_equally_name_neither() -> None:
    known = [_known("We agreed to answer P3 tickets within 5 days."), _known("We promise P3 callers a reply.")]
    assert in_changed_topic(_candidate("we tightened our P3 target to 3 days"), known).contradicts is None


async def test_the_extractor_names_the_sentence_a_change_replaces() -> None:
    known = [_known("We promise customers an invoice within 3 days.")]
    out = await OfflineFactExtractor().extract(
        user_message="we shortened our invoice promise to 1 day", assistant_message="", known_facts=known
    )
    [fact] = out.facts
    assert fact.object == "1 day" and fact.contradicts == "We promise customers an invoice within 3 days.", fact


@pytest.mark.parametrize(
    ("question", "personal"),
    [("What's the team's target for the quarter?", True), ("Who is on the team rota?", True),
     ("What is the return policy?", False)],
)  # fmt: skip
def test_the_team_in_a_question_is_the_askers_team(question: str, personal: bool) -> None:
    assert about_the_asker(question) is personal


@pytest.mark.parametrize(
    ("held", "subject"),
    [(["Nils is on call for the network this week."], "on call"),
     (["Nils is on call for the network this week.", "Nils covers the printers."], "pager")],  # two: no guess
)  # fmt: skip
async def test_a_hand_over_takes_the_one_thing_the_old_person_held(held: list[str], subject: str) -> None:
    known = [_known(text) for text in held]
    out = await OfflineFactExtractor().extract(
        user_message="Nils passed the pager to Ada this morning.", assistant_message="", known_facts=known
    )
    [fact] = out.facts
    assert (fact.subject, fact.object, fact.contradicts) == (subject, "Ada", "Nils"), fact


@pytest.mark.parametrize(
    ("text", "value"),
    [("We took on three juniors, second line is 7 engineers now.", "7 engineers"),
     ("after the merger field service is down to 4 technicians", "4 technicians")],
)  # fmt: skip
def test_a_groups_headcount_said_bare_is_the_teams_size(text: str, value: str) -> None:
    fact = _one(text)
    assert (fact["subject"], fact["predicate"], fact["object"]) == ("we", "team_size", value), fact


@pytest.mark.parametrize("text", ["Sadly, it is 5 people", "In the end, the backlog is 5 agents"])
def test_a_count_of_people_that_names_no_group_is_no_team_size(text: str) -> None:
    assert not [f for f in read_facts(text) if f["predicate"] == "team_size"]
