"""Which active facts a candidate restates or replaces: the pure decision behind `FactStore.upsert`.

No database here: `FactStore` reads the related rows in its transaction and passes them in, so the
reinforce-or-supersede rule is unit-testable on plain rows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cognicore.memory._fact_keys import OPPOSITES, is_exclusive, same_slot
from cognicore.memory.fact_types import Fact

if TYPE_CHECKING:
    from cognicore.memory.extraction import FactCandidate

DUPLICATE_SIMILARITY = 0.95
"""Cosine similarity above which two statements of one subject and kind are the same fact worded twice."""


def resolve(
    rows: list[dict[str, Any]], keys: dict[str, str], candidate: FactCandidate, contradicted: set[int]
) -> tuple[dict[str, Any] | None, dict[int, dict[str, Any]]]:
    """The active row that restates `candidate` (if any) and the active rows it replaces, by id.

    Replaced: another value of an exclusive slot, the opposite predicate about the same object, or a row
    the candidate names as contradicted. Conflicts are settled first, so a near-identical statement that
    is really a negation ("decided not to use" vs "decided to use": the embedder ignores "not") is
    superseded, never reinforced.
    """
    exclusive = is_exclusive(candidate)
    slot = {
        r["id"]
        for r in rows
        if r["subject_key"] == keys["subject_key"]
        and (r["predicate_key"] == keys["predicate_key"]
             or (exclusive and r["exclusive"] and same_slot(r["predicate_key"], keys["predicate_key"])))
    }  # fmt: skip
    opposite = OPPOSITES.get(keys["predicate_key"], frozenset())
    conflicts = {
        r["id"]: r
        for r in rows
        if r["id"] in contradicted
        or (exclusive and r["id"] in slot and r["object_key"] != keys["object_key"])
        or (r["subject_key"] == keys["subject_key"] and r["predicate_key"] in opposite
            and r["object_key"] == keys["object_key"])
    }  # fmt: skip
    exact = next((r for r in rows if r["id"] in slot and r["object_key"] == keys["object_key"]), None)
    if exact is None:  # the same fact worded differently: one subject and kind, near-identical statement
        exact = next(
            (r for r in rows if r["id"] not in conflicts and r["subject_key"] == keys["subject_key"]
             and r["kind"] == candidate.kind and 1 - r["distance"] >= DUPLICATE_SIMILARITY),
            None,
        )  # fmt: skip
    if exact is not None:
        conflicts.pop(exact["id"], None)
    return exact, conflicts


_LEADING_PREPOSITIONS = frozenset("on in at with by for to of from off".split())


def names_value(named: str, object_key: str, *, within: bool = False) -> bool:
    """Does the old value a change names designate this object? "Trello" names "trello for planning"; with
    `within` (the same predicate) anywhere in it: "email" names "get alerts by email"."""
    if object_key == named:
        return True
    words, held = named.split(), object_key.split()
    if not words:
        return False
    if held[:1] and held[0] in _LEADING_PREPOSITIONS and held[0] != words[0]:
        held = held[1:]  # "coffee" names "on coffee, double espresso ...": the value after its preposition
    if held[: len(words)] == words:
        return True
    return within and any(held[i : i + len(words)] == words for i in range(1, len(held) - len(words) + 1))


_FACT_FIELDS = frozenset(Fact.__dataclass_fields__)


def fact_of(row: dict[str, Any]) -> Fact:
    """A `Fact` from a row of the store's columns (extra columns ignored)."""
    fields = {k: v for k, v in row.items() if k in _FACT_FIELDS}
    fields["sources"] = tuple(fields.get("sources") or ())
    return Fact(**fields)
