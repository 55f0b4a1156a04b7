"""A place and where it is ("Monterrey, Mexico") is no list of peers: a rule stated for the country holds for the
city, so it is not dropped as another name's rule (round 17, dev_knowledge15). Wordings are our own."""

from __future__ import annotations

import pytest

from cognicore.subagents._answer_scopes import name_peers, scoped_elsewhere


@pytest.mark.parametrize(
    ("documents", "sentence", "question"),
    [
        (
            ["A new depot in Lyon, France and a sales office in France and Spain were approved."],
            "In May the directors paused the depot and the sales office in France and Spain.",
            "Who paused the Lyon depot?",
        ),
        (
            ["We opened a small studio in Osaka, Japan last spring."],
            "The studio plans for Japan and Korea were frozen by the owners.",
            "Who froze the Osaka studio?",
        ),
    ],
)
def test_a_city_and_its_country_are_no_peers(documents: list[str], sentence: str, question: str) -> None:
    assert scoped_elsewhere(sentence, question, name_peers(documents)) == ""


def test_a_list_with_and_still_makes_peers() -> None:
    peers = name_peers(["Ferries sail to the Inner Isles and Outer Isles daily."])
    assert scoped_elsewhere("Crossings take 2 hours to the Inner Isles.", "How long to the Outer Isles?", peers)
