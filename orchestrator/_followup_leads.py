"""The words around a follow-up's change: its lead ("ok and", "hmm,"), its tail ("instead", "please"), and the
phrases that frame a change ("the same, but ...", "ranked by ...", "how did that look ...", "the ones assigned to")."""

from __future__ import annotations

import re

__all__ = ["LEAD", "POINTED", "PREP", "RANK_BY", "REPLACED", "SAME_LEAD", "TAIL", "TIME_SHIFT"]

LEAD = r"^\s*(?:(?:ok(?:ay)?|and|but|so|now|then|also|right|hmm+|um+|uh+|well|oh|alright)[,\s]+)*"
TAIL = r"\s*(?:,?\s*instead|,?\s*too|,?\s*as well|,?\s*please|,?\s*pls|,?\s*then)?\s*[?.!]*\s*$"
PREP = r"(?P<prep>for|in|with|by|over|during|across|per)"
# "same thing, enterprise customers only", "same but only counting P1s": "the same" and then a follow-up of its own.
SAME_LEAD = re.compile(
    LEAD + r"(?:(?:the|that)\s+)?same(?:\s+(?:thing|query|one|list|again|breakdown|table|numbers|figures))?"
    r"\s*[,:;-]?\s*(?:but\s+)?(?=\S)",
    re.IGNORECASE,
)
# "ranked by revenue instead?", "sort them by units rather than revenue": the measure the rows are ordered by.
RANK_BY = re.compile(
    LEAD + r"(?:(?:can|could|would) you\s+)?(?:please\s+)?(?:rank(?:ed)?|sort(?:ed)?|order(?:ed)?)"
    r"(?:\s+(?:it|that|this|them|those|these|the\s+list))?\s+by\s+(?P<value>[^?.!,]+?)" + TAIL,
    re.IGNORECASE,
)
# "how did that look one quarter earlier", "what was it the year before": the previous request in another period.
TIME_SHIFT = re.compile(
    LEAD + r"(?:how|what)\s+(?:did|does|do|was|were|is|are)\s+(?:that|it|this|they|those|these)\s+"
    r"(?:look(?:\s+like)?|come\s+to|compare)?\s*(?P<value>[^?.!,]+?)" + TAIL,
    re.IGNORECASE,
)
# "... instead of revenue", "... rather than units": what the change replaces, said after it.
REPLACED = re.compile(r"\s*,?\s*(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+.+$", re.IGNORECASE)
# "the ones assigned to ana", "those opened by ben", "only counting P1s": a known value after words that point at the
# rows ("ones", "those") and a participle with its preposition, which the value's own column already says.
POINTED = re.compile(
    r"^(?:(?:the\s+)?ones?|those|these|them)?\s*(?:(?:that|which|who)\s+(?:are|were|is|was|have\s+been)\s+)?"
    r"(?:(?:[a-z]+(?:ed|en|ing)|sold|made|held|run|done|bought|put|set)\s+)?"
    r"(?:(?:to|by|for|from|in|on|with|under)\s+)?",
    re.IGNORECASE,
)
