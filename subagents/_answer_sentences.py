"""The offline composer's choice of sentences: the question shapes and the sentences that answer them, and the
greedy pick of the best-scored sentences that together say most of the question (kept apart from the reading of
documents in `_answer_documents`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from cognicore.memory.text import words
from cognicore.subagents._answer_shape import SOLD_FOR
from cognicore.subagents._passage_units import Unit

__all__ = ["MAX_CHARS", "MAX_SENTENCES", "REASON", "SHAPES", "pick_sentences", "with_reason"]

# Question shapes and the sentences that answer them, as (question pattern, sentence pattern, bonus).
SHAPES = [
    (
        re.compile(r"\bwhy\b"),
        re.compile(r"\b(because|reasons?|due to|since|so that|in order to)\b", re.I),
        0.8,
    ),
    (
        re.compile(r"\b(when|how long|how fast|how quickly|how soon|what year|what date)\b"),
        re.compile(
            r"\b(1[89]\d\d|20\d\d|january|february|march|april|may|june|july|august|september|october"
            r"|november|december|days?|weeks?|months?|years?)\b",
            re.I,
        ),
        0.4,
    ),
    (re.compile(rf"\b(how much|price|cost|fee|charge|pay)|{SOLD_FOR}"), re.compile(r"[$€]\s?\d|\d\s?%|\bEUR\b"), 0.5),
    (
        re.compile(r"\bhow often\b"),
        re.compile(
            r"\b(once|twice|every|daily|weekly|monthly|yearly|annually|(?:a|per) (?:day|week|month|year))\b", re.I
        ),
        0.6,
    ),
    # "Who decided ...": the sentence naming the agent of a passive ("Decided by: Maya Lindqvist").
    (re.compile(r"\bwho\b"), re.compile(r"\bby:?\s+[A-Z]"), 0.6),
    (
        re.compile(r"\b(most|best|top|largest|biggest|highest|main)\b"),
        re.compile(r"\b(most|\w{3,}est)\b", re.I),
        0.5,
    ),
]
MAX_SENTENCES = 3
REASON = SHAPES[0][1]  # a sentence giving a reason ("because", "Reasons: ...")
MAX_CHARS = 700


def pick_sentences(
    ranked: Sequence[Unit],
    score: Callable[[Unit], float],
    coverage: dict[int, float],
    concepts: Sequence[frozenset[str]],
    *,
    min_coverage: float,
    then: Callable[[Unit], bool] | None = None,
) -> list[Unit]:
    """The best sentence, then those scoring near it (or adding a word of the question at a lower score), within
    MAX_SENTENCES and MAX_CHARS; overlapping chunks' repeats and passages covering too little are skipped, and so
    are sentences after the first that `then` rejects."""
    best = score(ranked[0])
    chosen: list[Unit] = []
    covered: set[int] = set()
    seen_text: set[str] = set()
    for u in ranked:
        key = " ".join(words(u.text))  # overlapping chunks repeat sentences
        if key in seen_text or coverage[u.passage] < min_coverage:
            continue
        hits = {i for i, c in enumerate(concepts) if u.terms & c}
        s = score(u)
        if chosen and not (s >= 0.7 * best or (hits - covered and s >= 0.45 * best)):
            continue
        if chosen and (sum(len(c.text) for c in chosen) + len(u.text) > MAX_CHARS or (then and not then(u))):
            continue
        chosen.append(u)
        seen_text.add(key)
        covered |= hits
        if len(chosen) == MAX_SENTENCES:
            break
    return chosen


def with_reason(chosen: list[Unit], units: Sequence[Unit]) -> list[Unit]:
    """The chosen sentences plus the reason given under the first one's heading when none of them gives one: "Why
    was X delayed?" matched the decision; its reasons are their own sentence ("Reasons: ...")."""
    if not chosen or any(REASON.search(u.text) for u in chosen):
        return chosen
    first = chosen[0]
    reasons = [u for u in units if u.passage == first.passage and u.heading == first.heading and REASON.search(u.text)]
    return [*chosen, *reasons[:1]]
