"""Parameters of the memory lifecycle (strength, decay, consolidation, impact, capacity, usage, perspectives).

The defaults are the persistent-memory MVP's (seed 002, section 4); the shell maps its settings onto one
`LifecycleConfig` and hands it to the memory layer, which reads no environment itself.
"""

from __future__ import annotations

import math
from itertools import pairwise
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

__all__ = ["LifecycleConfig", "Perspective", "UseDetection"]

UseDetection = Literal["keyword", "similarity"]


class Perspective(BaseModel):
    """A point of view a memory can matter from (`cost`, `delivery`...), with the words that signal it."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")
    keywords: tuple[str, ...] = ()


def _default_targets() -> dict[int, float]:
    return {0: 0.95, 1: 0.97, 2: 0.98, 3: 0.99, 4: 0.995, 5: 0.998}


class LifecycleConfig(BaseModel):
    """Every lifecycle parameter, with the seed's default; frozen, so one object is shared by a deployment."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    # Strength
    initial_strength: float = Field(1.0, gt=0, description="Strength of a new memory.")
    initial_strength_education: float = Field(0.5, gt=0, description="Strength of a memory only read (import).")
    strength_increment_on_use: float = Field(0.1, ge=0, description="Strength added each time a memory is used.")
    perspective_strength_increment: float = Field(
        0.15, ge=0, description="Strength added to the perspective a memory was used from."
    )
    archive_threshold: float = Field(0.1, ge=0, description="Active memories below this strength are archived.")
    reactivation_strength: float = Field(0.5, gt=0, description="Strength of an archived memory used again.")
    # Decay
    expected_tasks_per_day: int = Field(10, gt=0, description="Tasks a day the per-task decay is derived from.")
    consolidation_thresholds: tuple[int, ...] = Field(
        (0, 5, 15, 30, 60, 100), description="access_count reaching each entry gives that consolidation level."
    )
    daily_decay_targets: dict[int, float] = Field(
        default_factory=_default_targets, description="Strength multiplier per day by consolidation level."
    )
    decay_interval_hours: float = Field(
        24.0,
        ge=0,
        description="Decay is written at most this often per memory (not in the seed: each pass rewrites every "
        "active row); decay follows elapsed time, so batching changes only when a fall below the threshold is seen.",
    )
    # Impact
    impact_user_positive: float = Field(2.0, description="Impact of a `feedback --good`.")
    impact_user_negative: float = Field(-2.0, description="Impact of a `feedback --bad` (not in the seed).")
    impact_task_success: float = Field(1.5, description="Impact on the memories used by a task that succeeded.")
    impact_prevented_error: float = Field(
        2.0, description="Impact on a failure lesson the planner used in a task that then succeeded."
    )
    impact_to_strength_ratio: float = Field(0.2, ge=0, description="Strength added per unit of impact.")
    # Capacity
    max_active_memories: int = Field(5000, gt=0, description="Active memories per user; the weakest are archived.")
    # Usage detection
    use_detection_method: UseDetection = Field("keyword", description="How an output is judged to use a memory.")
    use_detection_similarity_threshold: float = Field(
        0.3, ge=0, le=1, description="Share of a memory's words (keyword) or cosine (similarity) that counts as use."
    )
    # Query expansion and perspectives
    enable_query_expansion: bool = Field(True, description="Add a perspective's keywords to a search's query.")
    perspectives: dict[str, tuple[Perspective, ...]] = Field(
        default_factory=dict, description="Extra perspectives by agent name (beside those agents declare)."
    )

    @field_validator("consolidation_thresholds")
    @classmethod
    def _ascending(cls, value: tuple[int, ...]) -> tuple[int, ...]:
        if not value or value[0] != 0 or any(b <= a for a, b in pairwise(value)):
            raise ValueError(f"consolidation_thresholds must start at 0 and strictly increase, got {list(value)}")
        return value

    @model_validator(mode="after")
    def _targets_cover_levels(self) -> LifecycleConfig:
        levels = range(len(self.consolidation_thresholds))
        missing = [level for level in levels if level not in self.daily_decay_targets]
        if missing:
            raise ValueError(f"daily_decay_targets needs a multiplier for consolidation levels {missing}")
        bad = {k: v for k, v in self.daily_decay_targets.items() if not (0 < v <= 1 and math.isfinite(v))}
        if bad:
            raise ValueError(f"daily_decay_targets must be in (0, 1], got {bad}")
        if self.reactivation_strength <= self.archive_threshold:
            raise ValueError("reactivation_strength must exceed archive_threshold, or a reactivated memory re-archives")
        return self

    @property
    def max_level(self) -> int:
        """The highest consolidation level."""
        return len(self.consolidation_thresholds) - 1

    def daily_targets(self) -> list[float]:
        """The daily multipliers as a list indexed by level (what SQL receives)."""
        return [self.daily_decay_targets[level] for level in range(self.max_level + 1)]

    def decay_rate(self, consolidation_level: int) -> float:
        """Per-task multiplier of a level: its daily target to the power 1 / expected tasks a day."""
        level = min(max(consolidation_level, 0), self.max_level)
        return self.daily_decay_targets[level] ** (1 / self.expected_tasks_per_day)

    def consolidation_level(self, access_count: int) -> int:
        """The level an access count reaches (the last threshold it is at or above)."""
        return max(i for i, t in enumerate(self.consolidation_thresholds) if access_count >= t or i == 0)

    def days_to_archive(self, strength: float, consolidation_level: int = 0) -> float:
        """Days without use before a memory of this strength and level falls below the archive threshold."""
        if strength < self.archive_threshold:
            return 0.0
        target = self.daily_decay_targets[min(max(consolidation_level, 0), self.max_level)]
        return math.inf if target >= 1 else math.log(self.archive_threshold / strength) / math.log(target)
