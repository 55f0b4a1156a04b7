"""Follow-ups of round 15 (D12): a value of the data named in a plural of its own ("field offices" for
"field_office") and a follow-up opened by a discourse marker ("ok and ...?", "so what about ...?") change one
parameter of the previous request, which is asked again; they were read as questions of their own (the documents
answered "ok and small businesses?" with a passage on business customers, confidently)."""

from __future__ import annotations

import pytest

from cognicore.orchestrator._followup_values import known_value
from cognicore.orchestrator.followup import followup_change
from cognicore.orchestrator.intent import OfflineClassifier
from tests.unit.behaviour15_jobs import AGENTS, COUNTED

VALUES = {
    "field_office": "site_kind",
    "head_office": "site_kind",
    "Harbour": "site",
    "S1": "severity",
    "S2": "severity",
}


def test_a_plural_in_es_names_the_value() -> None:
    assert known_value("field offices", list(VALUES)) == "field_office"
    assert known_value("the S2s", list(VALUES)) == "S2"
    assert known_value("offices", list(VALUES)) is None  # no one value


@pytest.mark.parametrize(
    ("text", "value"),
    [("ok and field offices?", "field offices"), ("so what about the S2s?", "the S2s")],
)
def test_a_marker_before_a_follow_up_leaves_the_change(text: str, value: str) -> None:
    change = followup_change(text, list(VALUES))
    assert change is not None and change.value == value, change


async def test_the_follow_up_asks_the_previous_request_with_the_new_value() -> None:
    classifier = OfflineClassifier(agents=AGENTS, counted=[*COUNTED, "site_kind"], values=VALUES, entities=list(VALUES))
    history = [
        {"speaker": "user", "content": "how many S1 jobs did the head offices log in 2025?"},
        {"speaker": "assistant", "content": "12"},
    ]
    decision = await classifier.classify(request="okay, and field offices?", history=history)
    assert decision.followup and "field_office" in decision.resolved_request.replace(" ", "_"), decision
    assert "S1" in decision.resolved_request and "2025" in decision.resolved_request, decision


@pytest.mark.parametrize(
    ("text", "prep", "value"),
    [
        ("could I get that per month?", "per", "month"),
        ("can we have those by severity please", "by", "severity"),
        ("may I see it as a line chart?", "as", "a line chart"),
    ],
)
def test_asking_to_see_the_previous_result_in_another_shape_is_a_follow_up(text: str, prep: str, value: str) -> None:
    change = followup_change(text, list(VALUES))
    assert change is not None and (change.prep, change.value) == (prep, value), change


def test_asking_to_see_a_measure_of_its_own_is_no_follow_up() -> None:
    assert followup_change("can I get the S1 jobs by site?", list(VALUES)) is None


COLUMNS = {"field_office": "ops.sites.site_kind", "head_office": "ops.sites.site_kind", "Harbour": "ops.sites.site"}


@pytest.mark.parametrize(
    ("text", "value"),
    [("and the field_office kind?", "field_office"), ("ok and the Harbour site?", "Harbour")],
)
def test_a_value_said_with_its_column_word_is_that_value(text: str, value: str) -> None:
    change = followup_change(text, list(VALUES), COLUMNS)
    assert change is not None and change.value == value, change


def test_a_value_said_with_another_word_is_no_follow_up() -> None:
    assert followup_change("and the Harbour boilers?", list(VALUES), COLUMNS) is None
