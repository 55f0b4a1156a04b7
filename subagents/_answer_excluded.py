"""What a question sets aside by place or period ("outside Europe", "except in the EU", "apart from the holiday
season"): a sentence scoped to the excluded case is the neighbouring case, never the answer.

"What warranty do accessories get outside Europe?" is not answered by "In the European Union the legal guarantee of
2 years applies": that sentence is about exactly the region the question leaves out. A sentence that itself speaks of
the case's outside ("outside business hours, ...") is about the asked complement and stays. General English.
"""

from __future__ import annotations

import re

from cognicore.memory.text import STOPWORDS, words

__all__ = [
    "contrasted",
    "excluded_case",
    "only_of_contrast",
    "speaks_of_case",
    "speaks_of_excluded",
    "without_contrast",
]

_EXCLUDING = (
    r"(?:outside(?:\s+of)?|except(?:\s+(?:in|for|during|over))?|apart\s+from|other\s+than|not\s+counting|"
    r"excluding|aside\s+from|besides)"
)
# The excluded case: the words after the excluding phrase, up to a clause's end or the question's next word.
_EXCLUDED = re.compile(
    _EXCLUDING + r"\s+(?:the\s+)?(?P<case>[A-Za-z][\w'’-]*(?:\s+(?!(?:what|which|how|who|where|when|do|does|is|are|can|"
    r"and|or|but|if)\b)[A-Za-z][\w'’-]*){0,4})",
    re.I,
)
_OWN_EXCLUSION = re.compile(r"\b" + _EXCLUDING + r"\b", re.I)
_CAPITALISED_RUN = re.compile(r"\b[A-Z][A-Za-z]*(?:\s+[A-Z][A-Za-z]*)*\b")
PREFIX = 5  # "Europe" and "European" are one place: a shared opening this long


def _name_tokens(text: str) -> set[str]:
    """The capitalised words of `text`, lowered, with the initials of each run ("European Union": "eu")."""
    tokens: set[str] = set()
    for m in _CAPITALISED_RUN.finditer(text):
        parts = m.group(0).split()
        tokens |= {p.lower() for p in parts}
        if len(parts) > 1:
            tokens.add("".join(p[0] for p in parts).lower())
    return tokens


def excluded_case(question: str) -> tuple[set[str], set[str]] | None:
    """The names (capitalised words, with initials) or, without a name, the plain words of the case the question
    sets aside; None when it sets none aside."""
    m = _EXCLUDED.search(question)
    if not m:
        return None
    case = m.group("case")
    names = {t for t in _name_tokens(case) if t not in STOPWORDS}
    if names:
        return names, set()
    plain = {w for w in words(case.lower()) if w not in STOPWORDS}
    return (set(), plain) if plain else None


def _same_name(a: str, b: str) -> bool:
    return a == b or (len(a) >= PREFIX and len(b) >= PREFIX and a[:PREFIX] == b[:PREFIX])


def speaks_of_excluded(text: str, question: str) -> bool:
    """Is the sentence scoped to the case the question sets aside (and not itself about that case's outside)?"""
    return speaks_of_case(text, excluded_case(question))


def speaks_of_case(text: str, case: tuple[set[str], set[str]] | None) -> bool:
    """`speaks_of_excluded` with the question's excluded case read once (`excluded_case`), for sentence after
    sentence."""
    if case is None or _OWN_EXCLUSION.search(text):
        return False
    names, plain = case
    if names:
        said = _name_tokens(text)
        return any(_same_name(n, s) for n in names for s in said)
    said_words = set(words(text.lower()))
    return plain <= said_words


def only_of_contrast(text: str, contrast: set[str], asked_text: str) -> bool:
    """Does the sentence speak of the thing the question sets aside ("not the first response") and of none of the
    asked thing's own longer words ("resolving", "fix")? Such a sentence answers only the set-aside thing."""
    said = set(words(text.lower()))
    if not contrast or not contrast <= said:
        return False
    own = {w for w in words(asked_text.lower()) if len(w) >= PREFIX and w not in STOPWORDS and w not in contrast}
    return not any(_same_name(w, s) for w in own for s in said)


# A contrast the question sets aside: "(not the first response)", ", not just respond to it": what is NOT asked.
# ", not the first response", "- not the X", "rather than X", "other than X", "instead of X": the phrase set aside.
_CONTRAST = re.compile(
    r"\(\s*not\b[^()]*\)|(?:^|[.,;:–—-])\s*(?:and\s+|but\s+)?not\s+(?:just|only|merely|simply|the|a|an|my|our|its)\b"
    r"[^,;:?!.()]*|\b(?:rather\s+than|other\s+than|instead\s+of)\s+(?:just\s+|only\s+)?(?:the\s+)?[^,;:?!.()]*",
    re.I,
)


def contrasted(question: str) -> set[str]:
    """The content words of what the question sets aside ("first", "response" of ", not the first response")."""
    gone = " ".join(m.group(0) for m in _CONTRAST.finditer(question))
    light = {"not", "just", "only", "merely", "simply", "rather", "than", "other", "instead"}
    return {w for w in words(gone.lower()) if w not in STOPWORDS and w not in light and not w.isdigit()}


def without_contrast(question: str) -> str:
    """The question without what it sets aside ("fully resolve a P1, not just respond to it"): a passage about the
    excluded thing (the response time) must not count as covering the question."""
    return " ".join(_CONTRAST.sub(" ", question).split())
