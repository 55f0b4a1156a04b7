"""Whether a word is a known word mistyped (an edit distance that counts a swap as one): the scope check reads a
misspelt word of the deployment's ("shwo", "anaylse") as a typo, not as an action no agent offers."""

from __future__ import annotations

__all__ = ["is_typo"]


def is_typo(word: str, known: str) -> bool:
    """Whether `word` is `known` mistyped: one edit (two past six letters), a swap of neighbours counting one.

    Words of four letters or fewer are typos only by a swap ("shwo"): one other edit turns too many short
    words into one another ("call" and "cabl", the stem of "cable").
    """
    if word == known or abs(len(word) - len(known)) > 2:
        return False
    prev2: list[int] = []
    prev = list(range(len(known) + 1))
    for i, a in enumerate(word, 1):
        row = [i]
        for j, b in enumerate(known, 1):
            cost = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a != b))
            if i > 1 and j > 1 and a == known[j - 2] and word[i - 2] == b:
                cost = min(cost, prev2[j - 2] + 1)  # a transposition ("shwo")
            row.append(cost)
        prev2, prev = prev, row
    shortest = min(len(word), len(known))
    if shortest <= 4:
        return prev[-1] == 1 and sorted(word) == sorted(known)
    return prev[-1] <= (2 if shortest > 6 else 1)
