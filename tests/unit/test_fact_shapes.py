"""Offline extraction of statements in many sentence shapes: the slot (subject, predicate), value and old value.

Two wordings of one slot must give the same (subject, predicate) so the store supersedes the older value.
"""

from __future__ import annotations

import pytest

from cognicore.memory._fact_keys import predicate_key, same_slot, subject_key
from cognicore.memory._fact_rules import read_facts


def _slots(text: str) -> list[tuple[str, str, str, str | None, bool]]:
    return [
        (f["subject"], f["predicate"], f["object"], f.get("contradicts"), bool(f.get("exclusive")))
        for f in read_facts(text)
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a person's responsibility, in several verbs and the passive
        ("Anna handles billing tickets from now on", [("billing tickets", "handled_by", "Anna", None, True)]),
        ("Marta owns the EMEA key accounts.", [("EMEA key accounts", "handled_by", "Marta", None, True)]),
        ("Chloe looks after the printer queue", [("printer queue", "handled_by", "Chloe", None, True)]),
        ("Jonas took over the key accounts from Marta", [("key accounts", "handled_by", "Jonas", "Marta", True)]),
        ("Billing tickets are handled by Anna now", [("Billing tickets", "handled_by", "Anna", None, True)]),
        ("Priya is in charge of onboarding", [("onboarding", "handled_by", "Priya", None, True)]),
        ("I handle the Wi-Fi tickets now", [("Wi-Fi tickets", "handled_by", "The user", None, True)]),
        ("We look after the Laptop queue", [("Laptop queue", "handled_by", "Our team", None, True)]),
        ("Chloe moved to the Payroll team", [("Chloe", "team", "Payroll team", None, True)]),
        ("Ana replaced Ben on the printer queue", [("printer queue", "handled_by", "Ana", "Ben", True)]),
        ("The printer queue now belongs to Ana", [("printer queue", "handled_by", "Ana", None, True)]),
        ("Our team's SLA target is 95%", [("we", "sla_target", "95%", None, True)]),
        ("I take my lunch break at 12:30", [("user", "lunch_break", "12:30", None, True)]),
        # the size of a team
        ("My sales team has 4 people.", [("we", "team_size", "4 people", None, True)]),
        ("our team is 6 people now", [("we", "team_size", "6 people", None, True)]),
        ("We're 6 people now.", [("we", "team_size", "6 people", None, True)]),
        ("There are 9 of us on the team", [("we", "team_size", "9 people", None, True)]),
        ("Our team grew to 8 people", [("we", "team_size", "8 people", None, True)]),
        # when something happens
        ("My shift starts at 7am.", [("user", "shift", "7am", None, True)]),
        ("We hold the desk standup at 9:30.", [("we", "desk_standup", "9:30", None, True)]),
        ("we moved the standup to 10", [("we", "standup", "10", None, True)]),
        ("Our weekly review is on Mondays", [("we", "weekly_review", "on Mondays", None, True)]),
        # a name to use
        ("call me Sam", [("user", "name", "Sam", None, True)]),
        ("Actually I'd rather go by Bob.", [("user", "name", "Bob", None, True)]),
        ("You can call me Alex, thanks", [("user", "name", "Alex", None, True)]),
        # a kind of person, membership, a way to get somewhere
        ("I'm a big espresso drinker.", [("user", "drinks", "espresso", None, True)]),
        ("I'm a huge jazz fan", [("user", "likes", "jazz", None, False)]),
        ("I used to work nights but I'm on the day shift now.", [("user", "shift", "day shift", "nights", True)]),
        ("I'm in the platform team", [("user", "team", "platform team", None, True)]),
        ("I cycle to the office.", [("user", "gets_to_office", "cycle", None, True)]),
        ("I take the train to the office now.", [("user", "gets_to_office", "take the train", None, True)]),
        # used to ... but now; would rather
        ("I used to drink coffee but switched to tea", [("user", "drinks", "tea", "coffee", True)]),
        ("I used to drink coffee, now I drink tea", [("user", "drinks", "tea", "coffee", True)]),
        ("I'd rather have tea than coffee", [("user", "drinks", "tea", "coffee", True)]),
        ("I'd rather get alerts on Slack instead of email.",
         [("user", "prefers", "get alerts on Slack", "email", False)]),
        # values as they were meant: without quantities, times, or the old value
        ("I drink a lot of cola.", [("user", "drinks", "cola", None, True)]),
        ("I relocated to Lyon over the summer.", [("user", "lives_in", "Lyon", None, True)]),
        ("My sales target this year is 300 units.", [("user", "sales_target", "300 units", None, True)]),
        ("Our escalation contact for VPN outages is Omar now, instead of Priya.",
         [("we", "escalation_contact", "Omar", "Priya", True)]),
        # roles, jobs and memberships
        ("Lisa is my new manager", [("user", "manager", "Lisa", None, True)]),
        ("I report to Lisa now", [("user", "manager", "Lisa", None, True)]),
        ("Tom replaced Anna as our account manager", [("we", "account_manager", "Tom", "Anna", True)]),
        ("I got promoted to team lead", [("user", "works_as", "team lead", None, True)]),
        ("I became team lead in March", [("user", "works_as", "team lead", None, True)]),
        ("I joined the Platform team", [("user", "team", "Platform team", None, True)]),
        ("I moved to the night shift", [("user", "shift", "night shift", None, True)]),
        ("I'm now based in Oslo", [("user", "lives_in", "Oslo", None, True)]),
        ("My favourite drink these days is chai", [("user", "drinks", "chai", None, True)]),
        ("My daughter is called Emma", [("user", "daughter", "Emma", None, True)]),
        ("The standup is at 9:15 now", [("we", "standup", "at 9:15", None, True)]),
        ("The budget went from 50k to 60k", [("we", "budget", "60k", "50k", True)]),
        ("I don't drink coffee anymore, only tea",
         [("user", "does_not_drink", "coffee", "coffee", False), ("user", "drinks", "tea", None, True)]),
        ("I've stopped eating sugar", [("user", "no_longer_eats", "sugar", "sugar", False)]),
        ("I'm on call this weekend.", [("user", "is", "on call", None, False)]),
        ("I'm not on call anymore, Ben swapped with me.", [("user", "is_not", "on call", "on call", False)]),
        # figures in more shapes
        ("We got approval for an extra 10k, so the budget is 60k now", [("we", "budget", "60k", None, True)]),
        ("Budget's been raised to 75k", [("we", "budget", "75k", None, True)]),
        ("Our Q4 budget: 80k", [("we", "q4_budget", "80k", None, True)]),
        ("We pushed the deadline back by two weeks to July 14", [("we", "deadline", "July 14", None, True)]),
        ("Our revenue target for 2026 was revised to 2.5M", [("we", "revenue_target", "2.5M", None, True)]),
        ("Our target is 2.5M now, up from 2M", [("we", "target", "2.5M", "2M", True)]),
        ("Tea is my drink of choice now", [("user", "drinks", "tea", None, True)]),
        # the brief's shapes
        ("I'm vegetarian now", [("user", "diet", "vegetarian", None, True)]),
        ("my budget went up to 5k", [("user", "budget", "5k", None, True)]),
    ],
)  # fmt: skip
def test_a_statement_names_its_slot_value_and_old_value(text: str, expected: list[tuple]) -> None:
    assert _slots(text) == expected


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("My sales team has 4 people.", "Our team is 7 people now."),
        ("Marta owns the EMEA key accounts.", "From now on Jonas handles the EMEA key accounts."),
        ("Chloe looks after the printer tickets.", "Ben took over printer tickets from Chloe."),
        ("I handle the Wi-Fi tickets.", "Ben handles the Wi-Fi tickets from now on."),
        ("Our SLA for P1 is 4 hours", "Our P1 SLA went down to 2 hours"),
        ("We hold the desk standup at 9:30.", "We moved the standup to 10."),
        ("Our weekly pipeline review is on Mondays.", "We moved the pipeline review to Thursdays."),
        ("My shift starts at 7am.", "My shift got moved to 9am."),
        ("My sales target this year is 300 units.", "My target got revised to 350 units."),
        ("I cycle to the office.", "I take the train to the office now."),
        ("Call me Robert.", "I'd rather go by Bob."),
        ("I'm a big espresso drinker.", "These days I mostly have green tea instead."),
        ("My manager is Lisa.", "I report to Tom now."),
        ("Our product launch date is March 3.", "The launch date got pushed back to April 14."),
    ],
)
def test_a_later_statement_in_other_words_lands_on_the_same_slot(first: str, second: str) -> None:
    [a], [b] = read_facts(first), read_facts(second)
    assert subject_key(a["subject"]) == subject_key(b["subject"])
    assert same_slot(predicate_key(a["predicate"]), predicate_key(b["predicate"]))
    assert a["object"] != b["object"] and a["exclusive"] and b["exclusive"]


def test_the_end_of_a_habit_in_two_wordings_is_one_key() -> None:
    [a], [b] = read_facts("I stopped eating sugar."), read_facts("I don't eat sugar anymore.")
    assert (a["subject"], a["predicate"], a["object"]) == (b["subject"], b["predicate"], b["object"])


@pytest.mark.parametrize(
    "text",
    [
        "The report handles edge cases well",  # not a person
        "Support handles 200 tickets a day",  # a workload
        "Who handles billing tickets?",
        "Please call me later",  # names nobody
        "We have customers in Spain",  # no time: not a schedule
        "I used to live in Rome",  # only the past
        "There are many tickets today",
        "The weather is nice today",  # not about the user or their work
    ],
)
def test_shapes_that_state_no_fact(text: str) -> None:
    assert read_facts(text) == []
