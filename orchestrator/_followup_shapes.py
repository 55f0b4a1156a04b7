"""The shapes of a follow-up request, offline: "break that down by ...", "now as a chart", "swap ... for ...",
"drop the ... filter", "just the top 3", "all regions", "the quarter before"; `followup` reads a change from them."""

from __future__ import annotations

import re

from cognicore.orchestrator._followup_leads import LEAD as _LEAD
from cognicore.orchestrator._followup_leads import PREP as _PREP
from cognicore.orchestrator._followup_leads import TAIL as _TAIL
from cognicore.orchestrator._followup_periods import NUMBER, STEP

__all__ = [
    "ALL",
    "ARTEFACT",
    "AS_ARTEFACT",
    "BREAK_DOWN",
    "BREAK_ONES",
    "DO",
    "DROP",
    "INSTEAD",
    "MADE_INTO",
    "PREP_WORD",
    "STEP_ALONE",
    "SUPERLATIVE",
    "SUPERLATIVES",
    "SWAP",
    "THAT_MEASURE",
    "TOP",
]

# "can I see that", "could we get it": asking for the previous result, pointed at, in another shape.
_MAY_I = r"(?:can|could|may)\s+(?:i|we)\s+(?:see|get|have)\s+(?:it|that|this|them|those|these)"
# "break that down by priority", "split it by region", "can I see that by quarter?": a regrouping verb, then only the
# new grouping.
# Fillers and interjections open it ("hm,", "right so", "argh -"); a word of the request ("revenue split by channel")
# makes it a request of its own.
_ANY_OPENER = _LEAD
BREAK_DOWN = re.compile(
    _ANY_OPENER + r"(?:(?:can|could|would) you\s+)?(?:please\s+)?"
    rf"(?:{_MAY_I}|split(?:\s+(?:it|that|this|them|those|these))?(?:\s+up)?|"
    # "same again but broken down by month", "broken out by channel", "grouped by region": the participle too
    r"(?:break|broken)(?:\s+(?:it|that|this|them|those|these))?\s+(?:down|out)|"
    r"group(?:ed)?(?:\s+(?:it|that|this|them|those|these))?|show(?:\s+me)?(?:\s+(?:it|that|this|them|those|these))?)\s+"
    # "split that across the regions", "spread it among the assignees": a grouping too
    r"(?P<prep>by|per|across|among|amongst)\s+(?:the\s+|each\s+|all\s+the\s+)?"
    r"(?P<value>[^?.!]+?)" + _TAIL,
    re.IGNORECASE,
)
# "now as a chart", "show that as a bar chart", "chart it": the previous request, drawn.
ARTEFACT = r"(?:(?:bar|line|pie)\s+)?(?:chart|graph|plot|table|report)"
AS_ARTEFACT = re.compile(
    _LEAD + r"(?:(?:can|could|would) you\s+)?(?:please\s+)?"
    # "show me the same thing as a chart", "give me that same table as a bar chart": the previous result, drawn
    rf"(?:{_MAY_I}\s+|(?:show|give|make|draw|plot|put|display|turn|present)(?:\s+me)?"
    r"(?:\s+(?:it|that|this|them|those|(?:the|that)\s+same(?:\s+(?:thing|one|numbers|figures|data|result|results|table))?))?\s+)?"
    r"(?:as|in|into)\s+(?:an?\s+)?(?P<value>"
    + ARTEFACT
    + r")"
    + _TAIL
    + r"|^\s*(?:(?:and|now|then|ok(?:ay)?)[,\s]+)*(?P<verb>chart|plot|graph)\s+(?:it|that|this|them)"
    + _TAIL,
    re.IGNORECASE,
)
# "ok now do Q3", "now show Europe": a verb of doing again and a bare value (a known value or a period, checked).
DO = re.compile(
    _LEAD + r"(?:(?:can|could|would) you\s+)?(?:please\s+)?"
    r"(?:do|try|run|show(?:\s+me)?|give(?:\s+me)?|make\s+(?:it|that|this)|change\s+(?:it|that|this)\s+to)\s+"
    r"(?:(?:for|in)\s+)?(?:the\s+)?(?P<value>[^?.!,]+?)" + _TAIL,
    re.IGNORECASE,
)
# "swap retail for partner", "replace Q2 with Q3", "change europe to asia", "partner instead of retail": the new value
# is the one after the preposition (or before "instead of"); a known value or a period, checked.
SWAP = re.compile(
    _LEAD + r"(?:(?:can|could|would) you\s+)?(?:please\s+)?(?:swap|switch|replace|change|exchange)\s+(?:the\s+)?"
    r"(?P<old>[^?.!,]+?)\s+(?:for|with|to|by|into)\s+(?:the\s+)?(?P<value>[^?.!,]+?)"
    + _TAIL
    + r"|"
    + _LEAD
    + r"(?:the\s+)?(?P<new>[^?.!,]+?)\s+instead\s+of\s+(?:the\s+)?(?P<was>[^?.!,]+?)"
    + _TAIL,
    re.IGNORECASE,
)
# "ok and how many units was that", "what was that in units": the same request, in another measure.
THAT_MEASURE = re.compile(
    _LEAD + r"(?:how\s+(?:many|much)\s+(?P<value>[a-z][a-z -]*?)\s+(?:(?:was|were|is|are)\s+|(?:of|for|in)\s+)"
    r"(?:that|those|it|they|this|them)"
    r"|what\s+(?:was|is|were|are)\s+(?:that|those|it|they|this)\s+in\s+(?P<unit>[a-z][a-z -]*?)"
    # "how much money did that bring in?", "how many units did those sell": the previous rows in another measure
    r"|how\s+(?:many|much)\s+(?P<made>[a-z][a-z -]*?)\s+(?:did|does|do|has|have)\s+(?:that|those|it|they|this|these)\s+"
    r"(?:bring\s+in|make|earn|generate|take\s+in|sell|ship|come\s+to|add\s+up\s+to)"
    # "now show it as a number of orders rather than dollars", "give me that in units instead": the measure swapped
    r"|(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:show|give|express|put|redo|present)(?:\s+me)?\s+"
    r"(?:it|that|this|them|those)\s+(?:as|in)\s+(?:an?\s+|the\s+)?(?P<shown>[a-z][a-z -]*?)"
    r"(?:\s*,?\s*(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+[a-z -]+)?)" + _TAIL,
    re.IGNORECASE,
)
# "drop the channel filter", "remove the priority condition again", "without the filter": the value of that column
# (any value, when no column is named) taken out of the previous request.
DROP = re.compile(
    _LEAD
    + r"(?:(?:can|could|would) you\s+)?(?:please\s+)?(?:drop|remove|clear|lose|ignore|undo|take\s+(?:off|out|away)|"
    r"get\s+rid\s+of|without)\s+(?:the\s+|that\s+|this\s+)?(?P<value>[a-z][a-z _-]*?\s+)?"
    r"(?:filters?|conditions?|restrictions?)(?:\s+again)?" + _TAIL,
    re.IGNORECASE,
)
# "just the top 3", "only the top 2 please", "make it top 10", "top 5 instead": the size of the ranking changed.
TOP = re.compile(
    _LEAD
    + r"(?:(?:can|could|would) you\s+)?(?:please\s+)?(?:(?:just|only|show(?:\s+me)?|give(?:\s+me)?|make\s+it)\s+)?"
    r"(?:the\s+)?(?P<which>top|bottom|best|worst)\s+(?P<value>\d{1,3}|" + NUMBER + r")(?:\s+only)?" + _TAIL,
    re.IGNORECASE,
)
# "across all regions instead", "all components", "for every channel": the filter of that column taken out.
ALL = re.compile(
    _LEAD + r"(?:(?:for|in|across|over)\s+)?(?:all|every|any)\s+(?:the\s+)?(?P<value>[a-z][a-z _-]*?)" + _TAIL,
    re.IGNORECASE,
)
PREP_WORD = re.compile(_PREP + r"\b", re.IGNORECASE)
INSTEAD = re.compile(
    # "by units instead of revenue?", "per month rather than per quarter": what it replaces said after it
    _LEAD
    + _PREP
    + r"\s+(?P<value>[^?.!]+?)\s*,?\s*(?:instead(?:\s+of\s+[^?.!]+)?|rather\s+than\s+[^?.!]+)\s*[?.!]*\s*$",
    re.I,
)
# "break those open ones down by priority instead": the rows of another value of the same column, regrouped.
BREAK_ONES = re.compile(
    _ANY_OPENER + r"(?:(?:can|could|would) you\s+)?(?:please\s+)?(?:now\s+)?(?:break|split|group|show)(?:\s+me)?\s+"
    r"(?:those|these|the|them)\s+(?P<which>[^?.!,]+?)\s+ones?\s+(?:(?:down|out|up)\s+)?(?P<prep>by|per)\s+"
    r"(?P<value>[^?.!,]+?)" + _TAIL,
    re.IGNORECASE,
)

# "the quarter before", "the day before?": a step alone is a follow-up of the previous request's own period.
STEP_ALONE = re.compile(_LEAD + r"(?P<value>" + STEP.pattern + r")" + _TAIL, re.IGNORECASE)

# "make that a chart", "turn it into a table": the previous request, drawn.
MADE_INTO = re.compile(
    _LEAD + r"(?:(?:can|could|would) you\s+)?(?:please\s+)?(?:make|turn|put)\s+(?:it|that|this|them|those)\s+"
    r"(?:into\s+|in\s+)?(?:an?\s+)?(?P<value>" + ARTEFACT + r")" + _TAIL,
    re.IGNORECASE,
)

# Superlatives and their opposites (general English): "and the newest?" after "the oldest open ticket" ranks the other
# way; "and the most in-progress ones?" after "the most open tickets" keeps the ranking and swaps the value.
SUPERLATIVES = {
    "oldest": "newest", "newest": "oldest", "earliest": "latest", "latest": "earliest", "most": "least",
    "least": "most", "fewest": "most", "highest": "lowest", "lowest": "highest", "biggest": "smallest",
    "smallest": "biggest", "largest": "smallest", "best": "worst", "worst": "best", "top": "bottom", "bottom": "top",
}  # fmt: skip
SUPERLATIVE = re.compile(
    _LEAD + r"(?:(?:what|how)\s+about\s+)?(?:the\s+)?(?P<which>" + "|".join(SUPERLATIVES) + r")"
    r"(?:\s+(?:one|ones))?(?:\s+(?P<value>[^?.!,]+?))?" + _TAIL,
    re.IGNORECASE,
)
