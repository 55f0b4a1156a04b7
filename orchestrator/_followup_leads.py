"""The words around a follow-up's change: its lead ("ok and", "hmm,"), its tail ("instead", "please"), and the
phrases that frame a change ("the same, but ...", "ranked by ...", "how did that look ...", "the ones assigned to")."""

from __future__ import annotations

import re

__all__ = [
    "ABOUT",
    "AGAIN",
    "ALONE",
    "BARE",
    "EXCLUDE",
    "FIGURE_OF",
    "LEAD",
    "OF_THAT",
    "OF_THOSE",
    "ONE_BEFORE",
    "ONLY",
    "POINTED",
    "POINTER",
    "PREP",
    "RANKING",
    "RANK_BY",
    "REGROUP",
    "REPLACED",
    "ROWS_OF_THAT",
    "SAME",
    "SAME_BARE",
    "SAME_LEAD",
    "SHORT",
    "TAIL",
    "TIME_SHIFT",
]

# Interjections too ("cool, ...", "great - now ...", "thanks! and ..."): they open a follow-up and change nothing.
LEAD = (
    r"^\s*(?:(?:ok(?:ay)?|and|but|so|now|then|also|right|hm+|mm+|um+|uh+m*|erm|er|well|oh|alright|cool|great|nice|perfect|thanks|"
    r"thank\s+you|thx|cheers|yes|yeah|yep|sure|fine|good|lovely|got\s+it|ah+|aha|interesting|understood|noted|"
    r"argh+|ugh+|oops|whoops|hey|wow|gosh|ooh+|meh)"
    r"(?:[,\s!.]+|\s+[-\u2013\u2014]+\s+))*"
)
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
    LEAD + r"(?:how|what)\s+(?:did|does|do|was|were|is|are)\s+(?:(?:that|it|this|they|those|these)(?:\s+[a-z]+)??\s+"
    r"(?:look(?:\s+like)?|come\s+to|compare)?\s*(?P<value>[^?.!,]+?)|(?P<period>(?:the\s+)?[a-z0-9 ]+?)\s+"
    r"look(?:\s+like)?)" + TAIL,
    re.IGNORECASE,
)
# "what about the same quarter last year", "show the quarter before": the phrase alone, without lead or tail.
ALONE = re.compile(LEAD + r"(?:(?:what|how)\s+about\s+|(?:do|show)\s+)?(?P<value>.+?)" + TAIL, re.IGNORECASE)
# Words that say the rows are ranked: a new ranking measure replaces the ranking's own "by" phrase.
RANKING = re.compile(r"\b(?:top|bottom|best|worst|rank(?:ed)?|sort(?:ed)?|order(?:ed)?\s+by)\b", re.IGNORECASE)
# "... instead of revenue", "... rather than units": what the change replaces, said after it.
REPLACED = re.compile(r"\s*,?\s*(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+.+$", re.IGNORECASE)
# "the ones assigned to ana", "those opened by ben", "only counting P1s": a known value after words that point at the
# rows ("ones", "those") and a participle with its preposition, which the value's own column already says.
POINTED = re.compile(
    r"^(?:(?:the\s+)?ones?|those|these|them)?\s*(?:(?:that|which|who)\s+(?:are|were|is|was|have\s+been)\s+)?"
    # "the ones he's got in progress", "the ones she has open": the holder's pronoun, the previous request's value
    r"(?:(?:that\s+)?(?:he|she|they|we|you|i)(?:'s|'ve|\s+has|\s+have|\s+had)?(?:\s+got)?\s+)?"
    r"(?:(?:still|now|currently|already)\s+)?"
    r"(?:(?:[a-z]+(?:ed|en|ing)|sold|made|held|run|done|bought|put|set)\s+)?"
    r"(?:(?:to|by|for|from|in|on|with|under)\s+)?",
    re.IGNORECASE,
)
# "(can you) (do|show me|give me) the same (thing|breakdown|chart...) (but) for X"
SAME = re.compile(
    LEAD + r"(?:(?:can|could|would) you\s+)?(?:please\s+)?(?:(?:do|show(?: me)?|give(?: me)?|run|repeat)\s+)?"
    r"(?:the\s+|that\s+)?same(?:\s+[a-z]+)?\s*,?(?:\s+but)?\s+" + PREP + r"\s+(?P<value>.+?)" + TAIL,
    re.IGNORECASE,
)
# "repeat that for 2024", "do it again for Europe", "run the same query for P2": one value changed.
AGAIN = re.compile(
    LEAD + r"(?:(?:can|could|would) you\s+)?(?:please\s+)?(?:repeat|redo|rerun|re-run|run|do|try)\s+"
    r"(?:it|that|this|the\s+same(?:\s+[a-z]+)?)(?:\s+again)?\s+" + PREP + r"\s+(?P<value>.+?)" + TAIL,
    re.IGNORECASE,
)
# "same but units", "same thing with Europe": no preposition; a known value or a period replaces its own kind, any
# other word is the measure ("in units"), as "what was that in units" asks.
SAME_BARE = re.compile(
    LEAD + r"(?:(?:the|that)\s+)?same(?:\s+(?:thing|query|one|again))?\s+(?:but\s+)?(?:with\s+|using\s+)?"
    r"(?P<value>[^?.!,]+?)" + TAIL,
    re.IGNORECASE,
)
# "what about X?", "how about X?"
ABOUT = re.compile(LEAD + r"(?:what|how)\s+about\s+(?P<value>.+?)" + TAIL, re.IGNORECASE)
# "and by units instead?", "now for Europe", "ok and split by channel?": a lead word or "instead" marks it, so
# "In 2025, what..." is not one; a verb of regrouping may stand before the "by".
REGROUP = r"(?:(?:split|broken down|break(?:\s+(?:it|that|this))?\s+down|grouped|group(?:\s+(?:it|that|this))?)\s+)?"
SHORT = re.compile(
    r"^\s*(?:(?:and|but|now|then|also|ok(?:ay)?)[,\s]+)+" + REGROUP + PREP + r"\s+(?P<value>[^?.!]+?)" + TAIL,
    re.IGNORECASE,
)
# "and the Vista glasses?", "and P4?": a lead word then a bare value; a follow-up only when the value is one
# the deployment knows or a period (checked by `followup_change`), so "and why?" is a request of its own.
BARE = re.compile(r"^\s*(?:(?:and|but|now|also|ok(?:ay)?)[,\s]+)+(?:the\s+)?(?P<value>[^?.!,]+?)" + TAIL, re.I)
# "only the p1s", "just the closed ones": a filter added to the previous request (a known value, checked later).
ONLY = re.compile(
    LEAD
    + r"(?:(?:show|give|list)(?:\s+me)?\s+)?(?:(?:only|just)\s+(?:(?:for|in|from|with)\s+)?(?:the\s+)?"
    + r"(?P<value>[^?.!,]+?)(?:\s+ones?)?(?:\s+only)?|(?:(?:for|in|from)\s+)?(?:the\s+)?(?P<last>[^?.!,]+?)\s+only)"
    + TAIL,
    re.IGNORECASE,
)
# "and how many of those are P2?": the previous rows narrowed by one value.
OF_THOSE = re.compile(
    LEAD + r"(?:(?P<which>how\s+many|which|what\s+share|what\s+part)\s+of\s+(?:those|these|them|that)(?:\s+[a-z]+)?\s+"
    r"(?:are|were|is|was|have|had|got|get|have\s+been|has\s+been|had\s+been)\s+"
    # "any of them P1?", "are any of those still open?": the previous rows narrowed, listed
    r"|(?:(?:are|is|were|was)\s+)?(?P<any>any)\s+of\s+(?:those|these|them)(?:\s+(?:are|is|were|was|still))?\s+"
    # "and how many are open?", "and how many were for P4?": the previous rows counted again with one value swapped
    r"|how\s+many\s+(?:ones\s+)?(?:are|were|is|was)\s+(?:(?:for|in|from|on|at|with|under|assigned\s+to)\s+)?"
    r"(?:the\s+)?)"
    r"(?:(?:still|now)\s+)?(?P<value>[^?.!,]+?)"
    + TAIL
    # "and which of them does ana have?": the previous rows narrowed to one holder
    + r"|"
    + LEAD
    + r"(?P<held>which|how\s+many)\s+of\s+(?:those|these|them)\s+(?:does|do|did|has|have)\s+(?P<holder>[^?.!,]+?)\s+"
    r"(?:have|has|got|own|hold|handle|work\s+on)" + TAIL,
    re.IGNORECASE,
)
# "how much of that came from Europe", "what share of it went through retail": the previous figure narrowed by one
# value (a known one, checked).
OF_THAT = re.compile(
    LEAD + r"(?:how\s+(?:much|many)|what\s+(?:share|part|portion|percentage|fraction))\s+of\s+"
    r"(?:that|those|these|them|it|this)\s+(?:came|comes|come|went|goes|go|was|were|is|are)\s+"
    # "how much of that was wearables?", "how much of that is still not closed?": no preposition before a value
    r"(?:(?:from|in|through|via|for|to|by)\s+|(?:still\s+)?)(?:the\s+)?(?P<value>[^?.!,]+?)" + TAIL,
    re.IGNORECASE,
)
# "leave out ben", "excluding North America", "but not retail": the previous request without one value (checked).
EXCLUDE = re.compile(
    # "what about excluding partner sales?", "how many if we ignore the enterprise ones?": the exclusion is the change
    LEAD + r"(?:(?:what|how)\s+about\s+)?(?:(?:how\s+(?:many|much)|what)(?:\s+(?:is\s+it|are\s+there|then))?\s+)?"
    r"(?:if\s+(?:we|you|i)\s+)?(?:but\s+)?(?:leave\s+out|leaving\s+out|excluding|exclude|except(?:\s+for)?|without|minus|"
    r"not\s+counting|other\s+than|apart\s+from|ignore|ignoring|skip|not)\s+(?:the\s+)?(?P<value>[^?.!,]+?)" + TAIL,
    re.IGNORECASE,
)
# "how many is that?", "how many are there?", "which ones are they?": the previous rows counted, or listed.
ROWS_OF_THAT = re.compile(
    LEAD + r"(?:(?P<count>how\s+many)\s+(?:is\s+that|are\s+(?:those|these|they|there|them)|of\s+(?:those|these|them)"
    r"(?:\s+are\s+there)?)(?:\s+(?:in\s+total|altogether|all\s+together|in\s+all|overall))?|"
    r"(?:which|what)(?:\s+ones)?\s+(?:are|were)\s+(?:they|those|these|them)|(?:list|show)\s+(?:me\s+)?(?:them|those))"
    + TAIL,
    re.IGNORECASE,
)
# "what's ben's number?", "and Europe's total?": the previous request's figure, for another value (checked known).
FIGURE_OF = re.compile(
    LEAD + r"(?:(?:what|how)(?:'s|\s+is|\s+are|\s+was|\s+were|\s+about)\s+)?(?P<value>[\w -]+?)(?:'s|s'|')\s+"
    r"(?:number|numbers|count|counts|figure|figures|total|totals|tally|result|results)" + TAIL,
    re.IGNORECASE,
)
# "the ones that are ...", "those which were ...": the words that point at the rows, before what narrows them.
POINTER = re.compile(r"^(?:(?:the\s+)?ones?|those|these|them)\s+(?:(?:that|which)\s+(?:are|were|is|was)\s+)?", re.I)
# "and the one before that?", "what about the one after?": the period named by the previous request, stepped.
ONE_BEFORE = re.compile(
    LEAD
    + r"(?:(?:what|how)\s+about\s+)?(?:the\s+)?one\s+(?P<dir>before|after|earlier|later|prior)(?:\s+(?:that|it))?"
    + TAIL,
    re.IGNORECASE,
)
