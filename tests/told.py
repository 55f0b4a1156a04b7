"""Telling the offline fact extractor several messages in turn, each turn's facts kept as known for the next."""

from __future__ import annotations

from typing import Any

from cognicore.memory.extraction import FactCandidate, OfflineFactExtractor


async def told(*messages: str) -> list[FactCandidate]:
    """The facts read from the last message, each earlier one told first (in its own turn) and kept as known."""
    known: list[dict[str, Any]] = []
    facts: list[FactCandidate] = []
    for i, message in enumerate(messages, start=1):
        read = await OfflineFactExtractor().extract(
            user_message=message, assistant_message="", known_facts=known, told=True
        )
        facts = read.facts
        known += [{**f.model_dump(), "status": "active", "id": 10 * i + j} for j, f in enumerate(facts)]
    return facts
