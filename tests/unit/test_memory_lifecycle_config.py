"""The lifecycle's parameters and usage detection, without a database."""

from __future__ import annotations

import asyncio
import math

import pytest
from pydantic import ValidationError

from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.lifecycle_config import LifecycleConfig
from cognicore.memory.usage import keyword_overlap, used_by_keywords, used_memories


def test_defaults_are_the_seeds_and_derive_the_per_task_rates() -> None:
    c = LifecycleConfig()
    assert (c.initial_strength, c.initial_strength_education, c.strength_increment_on_use) == (1.0, 0.5, 0.1)
    assert (c.archive_threshold, c.reactivation_strength, c.max_active_memories) == (0.1, 0.5, 5000)
    rates = [round(c.decay_rate(level), 4) for level in range(6)]
    assert rates == [0.9949, 0.997, 0.998, 0.999, 0.9995, 0.9998]  # the seed's table (4.2)
    assert [c.consolidation_level(n) for n in (0, 4, 5, 14, 15, 29, 30, 59, 60, 99, 100, 10_000)] == [
        0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    ]  # fmt: skip
    assert c.days_to_archive(1.0) == pytest.approx(math.log(0.1) / math.log(0.95))
    assert c.days_to_archive(0.05) == 0.0


def test_bad_parameters_are_refused_with_the_reason() -> None:
    with pytest.raises(ValidationError, match="start at 0 and strictly increase"):
        LifecycleConfig(consolidation_thresholds=(0, 5, 5))
    with pytest.raises(ValidationError, match=r"consolidation levels \[6\]"):
        LifecycleConfig(consolidation_thresholds=(0, 5, 15, 30, 60, 100, 200))
    with pytest.raises(ValidationError, match="must exceed archive_threshold"):
        LifecycleConfig(reactivation_strength=0.1)
    with pytest.raises(ValidationError, match="keyword"):
        LifecycleConfig(use_detection_method="llm")  # type: ignore[arg-type]


def test_keyword_use_needs_a_share_of_the_memorys_own_words() -> None:
    memory = "Supplier Y has a single production site in Osaka"
    assert used_by_keywords(memory, "Because supplier Y depends on one site in Osaka, add a second source.", 0.3)
    assert not used_by_keywords(memory, "The supplier list is attached.", 0.3)  # one common word is not use
    assert keyword_overlap(memory, "") == (0, 0.0)
    assert used_by_keywords("Osaka", "We ship from Osaka.", 0.3)


def test_used_memories_by_each_method() -> None:
    candidates = [(1, "Invoices are paid on the 15th of each month"), (2, "The team lunch is on Fridays")]
    out = ["Payment runs on the 15th, so invoices received later wait a month."]
    assert asyncio.run(used_memories(candidates, out, LifecycleConfig())) == [1]
    assert asyncio.run(used_memories(candidates, [""], LifecycleConfig())) == []
    similar = LifecycleConfig(use_detection_method="similarity", use_detection_similarity_threshold=0.3)
    assert asyncio.run(used_memories(candidates, out, similar, OfflineEmbeddings())) == [1]
    with pytest.raises(ValueError, match="needs the embedding model"):
        asyncio.run(used_memories(candidates, out, similar))
