"""A question typed in haste in a later clause: "whos got INC-1009 and wat priorty is it", "the vpn is down again,
hw many tickets r open": the misspelt wh-word or auxiliary that opens the clause is read as `question_words` reads
one that opens the message, so the clause asks instead of naming an unknown "wat"."""

from __future__ import annotations

import re
from collections.abc import Callable

from cognicore.orchestrator._intent_words import CLAUSE_JOINS, CLAUSE_MARK
from cognicore.orchestrator.question_words import read_question_word
from cognicore.orchestrator.spelling import Correction

__all__ = ["read_clause_question_words"]

# Where a clause starts inside a message: after a comma, a semicolon or a dash, or at a joining "and"/"but"/"so".
_CLAUSE = re.compile(rf"{CLAUSE_MARK}\s+|\s(?=(?:{CLAUSE_JOINS})\s)", re.IGNORECASE)


def read_clause_question_words(text: str, *, meant: Callable[[str], bool]) -> tuple[str, list[Correction]]:
    """`text` with the misspelt interrogative opening each later clause read as its word, and the corrections."""
    fixes: list[Correction] = []
    at = 0
    while (boundary := _CLAUSE.search(text, at)) is not None:
        start = boundary.end()
        clause, found = read_question_word(text[start:], meant=meant)
        # A capitalised word inside a sentence is a name ("Chloe and Wen handle P1s"), never a wh-word.
        if found and not found[0].written[:1].isupper():
            text, fixes = text[:start] + clause, [*fixes, *found]
        at = start + 1
    return text, fixes
