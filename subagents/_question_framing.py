"""How a question frames what it asks: a promise or a permission ("the time we promise", "are we allowed to") is
not content a passage must hold, unless the passages state it."""

from __future__ import annotations

import re

from cognicore.memory.text import STOPWORDS, stem, words

__all__ = ["without_framing"]

# How the asker frames the rule, not what it is about (general English): a commitment with its committer ("the
# time we promise", "do we guarantee", "what do we commit to", "they offer") or a permission or duty ("are we
# allowed to", "am I supposed to"). A passage states the rule without these words. A noun stays content ("the
# legal guarantee period"), as does a verb without a person for subject ("the warranty guarantees ...").
_FRAMING = re.compile(
    r"\b(we|i|you|they)\s+((?:do|does|did|can|could|will|would|should|must|really|actually|always|normally|usually"
    r"|officially|still|even)\s+)?(?:promise[sd]?|guarantee[sd]?|commit(?:s|ted)?\s+to|offer(?:s|ed)?|owe)\b"
    r"|\b(?:allowed|permitted|supposed|expected|obliged|meant|entitled)\s+to\b",
    re.I,
)


_ASKS_WHETHER = re.compile(r"^\W*(?:do|does|did|can|could|will|would|should|is|are)\b", re.I)


def without_framing(question: str, vocabulary: frozenset[str] = frozenset()) -> str:
    """The question without the words that frame what is asked as a promise or a permission ("the first-response
    time we promise on a P2" asks the P2 first-response time): they are not content a passage must contain. A word
    the passages use stays: it may be what they state ("discounts above 30% are never allowed")."""

    def drop(m: re.Match[str]) -> str:
        if m.group(1) and _ASKS_WHETHER.match(question):
            return m.group(0)  # "do we offer a student discount?": whether it is offered is what is asked
        framing = [w for w in words(m.group(0)) if w not in STOPWORDS and w not in {"we", "i", "you", "they"}]
        if any(stem(w) in vocabulary for w in framing if w not in {"to", "do", "does", "did"}):
            return m.group(0)
        return f"{m.group(1) or ''} {m.group(2) or ''}"

    return " ".join(_FRAMING.sub(drop, question).split())
