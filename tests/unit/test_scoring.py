"""The memory stream's score (recency, importance, relevance, strength) as a pure function."""

from __future__ import annotations

import pytest

from cognicore.memory.scoring import (
    Candidate,
    Scoring,
    normalised_importance,
    normalised_strength,
    rank,
    recency,
)


def cand(
    id: int,
    *,
    fused: float = 0.01,
    importance: int = 1,
    strength: float = 0.0,
    hours: float = 0.0,
    in_session: bool = False,
) -> Candidate:
    return Candidate(id=id, fused=fused, importance=importance, strength=strength, hours=hours, in_session=in_session)


def test_recency_decays_per_hour_and_treats_the_future_as_now() -> None:
    assert recency(0, 0.995) == 1.0
    assert recency(24, 0.995) == pytest.approx(0.995**24)
    assert recency(139, 0.995) == pytest.approx(0.4983, abs=1e-4)  # about half after ~6 days
    assert recency(-5, 0.995) == 1.0


def test_importance_and_strength_are_normalised_onto_zero_one() -> None:
    assert normalised_importance(1) == 0.0
    assert normalised_importance(10) == 1.0
    assert normalised_importance(4) == pytest.approx(1 / 3)
    assert normalised_strength(1.0) == 0.5
    assert normalised_strength(3.0) == 0.75
    assert normalised_strength(0.0) == 0.0
    assert normalised_strength(-1.0) == 0.0


def test_a_worked_example_with_the_default_weights() -> None:
    best = cand(1, fused=2 / 61, importance=10, strength=1.0, hours=0)
    half = cand(2, fused=1 / 61, importance=1, strength=3.0, hours=24)
    by_id = {s.id: s for s in rank([best, half], Scoring())}
    assert by_id[1].relevance == 1.0
    assert by_id[1].score == pytest.approx(0.05 * 1 + 0.05 * 1 + 1.0 * 1 + 0.05 * 0.5)
    assert by_id[2].relevance == pytest.approx(0.5)
    assert by_id[2].score == pytest.approx(0.05 * 0.999**24 + 0.05 * 0 + 1.0 * 0.5 + 0.05 * 0.75)


def test_default_priors_only_reorder_near_ties_of_relevance() -> None:
    # The weakest match with every prior at its best against the strongest with every prior at its worst.
    weak = cand(1, fused=0.85, importance=10, strength=1e9, hours=0)
    strong = cand(2, fused=1.0, importance=1, strength=0.0, hours=1e6)
    assert [s.id for s in rank([weak, strong], Scoring())] == [2, 1]
    near = cand(3, fused=0.9, importance=10, strength=1e9, hours=0)
    assert [s.id for s in rank([near, strong], Scoring())] == [3, 2]  # within 15%: the priors decide


def test_each_weight_alone_orders_by_its_component() -> None:
    items = [
        cand(1, fused=0.030, importance=2, strength=5.0, hours=50),
        cand(2, fused=0.010, importance=9, strength=1.0, hours=10),
        cand(3, fused=0.020, importance=5, strength=0.0, hours=1),
    ]
    only = {
        "alpha": Scoring(alpha=1, beta=0, gamma=0, delta=0),
        "beta": Scoring(alpha=0, beta=1, gamma=0, delta=0),
        "gamma": Scoring(alpha=0, beta=0, gamma=1, delta=0),
        "delta": Scoring(alpha=0, beta=0, gamma=0, delta=1),
    }
    assert [s.id for s in rank(items, only["alpha"])] == [3, 2, 1]  # most recent first
    assert [s.id for s in rank(items, only["beta"])] == [2, 3, 1]  # most important first
    assert [s.id for s in rank(items, only["gamma"])] == [1, 3, 2]  # most relevant first
    assert [s.id for s in rank(items, only["delta"])] == [1, 2, 3]  # strongest first


def test_session_first_puts_the_session_before_better_scores() -> None:
    items = [cand(1, fused=0.03), cand(2, fused=0.01, in_session=True), cand(3, fused=0.02, in_session=True)]
    assert [s.id for s in rank(items, Scoring())] == [1, 3, 2]
    assert [s.id for s in rank(items, Scoring(), session_first=True)] == [3, 2, 1]


def test_ties_go_to_the_smaller_id_and_limit_cuts_the_list() -> None:
    items = [cand(9), cand(4), cand(7)]
    assert [s.id for s in rank(items, Scoring())] == [4, 7, 9]
    assert [s.id for s in rank(items, Scoring(), limit=2)] == [4, 7]
    assert rank([], Scoring()) == []


def test_relevance_is_relative_to_the_best_candidate() -> None:
    scored = rank([cand(1, fused=0.004), cand(2, fused=0.002)], Scoring())
    assert [s.relevance for s in scored] == [1.0, 0.5]


@pytest.mark.parametrize(
    "kwargs",
    [{"alpha": -1.0}, {"gamma": float("nan")}, {"decay": 0.0}, {"decay": 1.5}, {"delta": float("inf")}],
)
def test_scoring_refuses_meaningless_weights(kwargs: dict[str, float]) -> None:
    with pytest.raises(ValueError, match="Scoring"):
        Scoring(**kwargs)
