"""A current fact answers in the words of the fact it superseded (M24, round 15): "which carrier handles our parcels?"
after "We ship parcels with Acme Post" was superseded by "We use Zip Couriers instead" (the same slot, per the
store); the old value and, when the new fact names its own period, the old period are not inherited. Our wordings."""

from __future__ import annotations

from typing import Any

from cognicore.orchestrator.memory_routing import told_answer
from cognicore.subagents._memory_lineage import inherited_words


def _recalled(statement: str, replaced: list[str]) -> dict[str, Any]:
    fact = {"id": 2, "text": statement, "statement": statement, "object": None, "kind": "fact", "category": "work",
            "status": "active", "since": "2031-03-17 09:00", "sources": [], "replaced": replaced}  # fmt: skip
    return {"categories": [], "facts": [fact], "episodes": []}


def test_a_question_in_the_old_words_finds_the_fact_that_replaced_them() -> None:
    told = _recalled("We use Zip Couriers instead of Acme Post.", ["We ship parcels to clients with Acme Post."])
    found = told_answer("which carrier do we use for parcels?", told)
    assert found is not None and "Zip Couriers" in found.text
    goal = _recalled("Our squad target is 18 fixed bugs now.", ["Our squad target is to fix 25 bugs a fortnight."])
    found = told_answer("how many bugs are we aiming to fix per fortnight?", goal)
    assert found is not None and "18" in found.text
    alone = _recalled(goal["facts"][0]["statement"], [])  # without what it replaced, the period is not said
    assert told_answer("how many bugs are we aiming to fix per fortnight?", alone) is None


def test_no_old_value_nor_an_old_period_is_inherited() -> None:
    moved = {"status": "active", "statement": "We use Zip Couriers.", "replaced": ["We ship with Acme Post daily."]}
    assert not {"acm", "acme", "post"} & inherited_words(moved)
    monthly = _recalled("Our target is 90 sales a month.", ["Our target is 25 sales a week."])
    assert told_answer("how many sales are we aiming for per week?", monthly) is None
    biweekly = _recalled("Our target is 40 sales a fortnight.", ["Our target is 25 sales a week."])
    assert told_answer("how many sales are we aiming for per week?", biweekly) is None
    ended = {"status": "superseded", "statement": "We use Zip Couriers.", "replaced": ["We ship parcels."]}
    assert inherited_words(ended) == frozenset()


def test_a_fact_that_only_ends_the_old_one_inherits_nothing() -> None:
    ended = {
        "status": "active",
        "statement": "The user no longer handles billing.",
        "replaced": ["I run the billing queue."],
    }
    assert inherited_words(ended) == frozenset()
