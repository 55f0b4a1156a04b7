"""The known word closest to a misspelt one, chosen the same way on every run (issue 9).

Ties are common between short words ("clohe" is as close to "chloe" as to "close"); the words come from sets, whose
order changes from one process to the next, so the first of the ties found was a different word on different runs.
"""

from __future__ import annotations

from collections.abc import Container, Iterable

from rapidfuzz import fuzz, process


def closest(word: str, words: Iterable[str], cutoff: float, *, stored: Container[str]) -> tuple[str, float] | None:
    """The word of `words` closest to `word` with its score, or None below `cutoff`: of several as close, a word of
    the data as stored (in `stored`: "chloe" for "clohe") over a form made from one ("close", of "closed"), then the
    first in alphabetical order."""
    found = process.extract(word, words, scorer=fuzz.ratio, score_cutoff=cutoff, limit=None)
    if not found:
        return None
    best = max(score for _, score, _ in found)
    ties = sorted(w for w, score, _ in found if score == best)
    as_stored = [w for w in ties if w in stored]
    return (as_stored or ties)[0], float(best)
