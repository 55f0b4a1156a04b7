"""A case the question sets aside ("outside Europe", "except in the EU") is never the answer's sentence."""

from __future__ import annotations

import pytest

from cognicore.subagents._answer_excluded import excluded_case, speaks_of_excluded
from cognicore.subagents._answer_holder import titled_person

EU = "In the European Union the legal guarantee of 2 years applies to every product, accessories included."
HOLIDAY = "During the holiday season, products delivered between November 1 and December 24 can be returned later."


@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        ("What warranty do we offer on accessories outside Europe?", EU),
        ("What warranty do we promise on accessories except in the EU?", EU),
        ("Apart from the EU, what warranty do accessories get?", EU),
        ("What warranty do accessories get, not counting the EU legal guarantee?", EU),
        ("Other than the European Union, how long is the guarantee?", EU),
        ("What return window do we offer outside the holiday season?", HOLIDAY),
    ],
)
def test_a_sentence_of_the_excluded_case(question: str, sentence: str) -> None:
    assert speaks_of_excluded(sentence, question)


def test_other_sentences_stay() -> None:
    assert excluded_case("What warranty do accessories get?") is None
    assert not speaks_of_excluded("Accessories come with a 1-year limited warranty.", "Warranty outside Europe?")
    # a sentence about the outside of the case is about what is asked
    assert not speaks_of_excluded(
        "Outside business hours, P1 tickets page the on-call.", "Who gets P1s outside business hours?"
    )


def test_a_titled_person() -> None:
    question = "Who is in charge of customer support?"
    assert titled_person("- Hannah Schulz, vice president of customer support (since 2020)", question)
    assert not titled_person("Answers to the questions customers ask Acme Devices support most often.", question)
    assert not titled_person("Anything beyond that needs approval from the Customer Support lead.", question)
