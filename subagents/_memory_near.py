"""Why one memory that shares a question's words answers another question: a make for a device, another person's thing,
a relation told the other way round, or another compound thing. Each check is
its own module's; this one reads a memory through all of them, in order, for the memory answer's near misses."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cognicore.subagents._memory_compound import other_compound
from cognicore.subagents._memory_direction import reversed_relation
from cognicore.subagents._memory_owner import another_owner
from cognicore.subagents._memory_value_shapes import device_only_by_make
from cognicore.subagents.memory_evidence import quoted, text_of

__all__ = ["near_reason"]


def near_reason(question: str, topic: Sequence[frozenset[str]], passage: dict[str, Any]) -> str | None:
    """Why a memory is about a near thing, not the asked one (the unsure answer's sentence), or None."""
    said, own = text_of(passage), quoted(passage)
    return (
        device_only_by_make(topic, said)  # "The user is on a MacBook Air now": the asked device or not
        or another_owner(own, question)  # "Ravi covers Japan" for "which market do I cover?"
        or reversed_relation(own, question)  # "Escalations from me go to Rahul" for "who escalates to me?"
        or other_compound(question, said)  # "The user's desk phone is ..." for "which desk did I have?"
    )
