"""Review 15: a proper name was respelt into a word of the deployment ("Dana handed Europe over to me last year." read
as "Data handed ...", then as a question). A capitalised word English writing holds only rarely is a name wherever it
stands; a capitalised word inside a sentence is corrected only by a slip that keeps its letters (a swap, a letter
dropped or added: "Eurpoe", "Rivrside", "Smartwach"), never by a letter changed ("Dana" is no "data")."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.spelling import Speller

SPELLER = Speller(
    ["Data", "data", "Europe", "handed", "Lens", "Rose", "Harbour", "Smartwatch", "Accessories", "tickets"]
)


@pytest.mark.parametrize(
    "text",
    [
        "Dana handed Europe over to me last year.",  # the reviewer's
        "Dana handed Europe over to me as well.",  # the reviewer's
        "did Dana close it",
        "Lena took the Europe tickets",
        "Rosa is back from leave.",
        "ok. Dana is back",
        "did Xana close the tickets",  # no English word, but a letter changed: a name kept
    ],
)
def test_a_name_is_never_respelt(text: str) -> None:
    assert SPELLER.correct(text) == (text, [])


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("revenue in Eurpoe", "revenue in Europe"),
        ("jobs at Harbuor", "jobs at Harbour"),
        ("the Orbit Smartwach", "the Orbit Smartwatch"),
        ("the Acessories tickets", "the Accessories tickets"),
        ("Tikets handed over", "Tickets handed over"),  # the first word is no name
        ("how many tikets", "how many tickets"),
    ],
)
def test_a_typo_is_still_corrected(text: str, read: str) -> None:
    assert SPELLER.correct(text)[0] == read
