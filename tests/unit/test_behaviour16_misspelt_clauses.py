"""Round 16 (D13): a misspelt wh-word or auxiliary opening a later clause ("... and wat severity is it") is read as
its word, as one opening the message is; a capitalised word there is a name. An English slip keeps its first letter
before a commoner word that changes it ("leed" is "lead", not "need")."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.clause_typos import read_clause_question_words
from cognicore.orchestrator.spelling import Speller
from tests.unit.behaviour15_jobs import classifier


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("the boiler at Harbour failed again, wen was it last serviced?", "when was it"),
        ("job 4471 is stuck and hw many S1 jobs are pending", "how many S1"),
        ("the pump is noisy - cn u count the pending jobs", "can you count"),
    ],
)
def test_a_later_clause_opens_with_its_question_word(text: str, read: str) -> None:
    out, fixes = read_clause_question_words(text, meant=lambda w: False)
    assert read in out and fixes, (out, fixes)


@pytest.mark.parametrize("text", ["Priya and Wen handle the S1 jobs", "pending jobs and closed jobs by site"])
def test_names_and_plain_clauses_are_left_alone(text: str) -> None:
    assert read_clause_question_words(text, meant=lambda w: False) == (text, [])


async def test_the_clause_question_reaches_the_data() -> None:
    text = "the Harbour crew is short, and hw many jobs are pending"
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent == "task" and "how many" in decision.resolved_request, decision


def test_an_english_slip_keeps_its_first_letter() -> None:
    speller = Speller(["jobs", "site", "engineer"])
    assert speller.correction("leed") == "lead"
    assert speller.correction("shoud") == "should"


def test_a_rare_word_one_slip_from_a_told_word_is_the_told_word() -> None:
    speller = Speller(["jobs", "site", "engineer"])
    told = frozenset({"supervisor", "standup", "lanyard"})
    assert speller.correct("who is my supervsor?", keep=told)[0] == "who is my supervisor?"
    assert speller.correct("when is the standp", keep=told)[0] == "when is the standup"
    # a common word, a name and a word of the deployment are meant as written
    assert speller.correct("where is the site", keep=frozenset({"sits"}))[0] == "where is the site"
    assert speller.correct("ask Lanyerd", keep=told)[0] == "ask Lanyerd"
