"""Words of a data request that say how it is asked or shown, never which figure (D6, issue 9.1/9.5).

"update me on the retail orders", "fill us in on ...", "... into a report w/ a line chart": being told, the kind of
chart drawn and the shorthand "w/" choose no measure, filter or grouping, so they are claimed (blanked) before the
mapper places the rest; left in, they were read as words the data lacks and the answer was `unsure`.
"""

from __future__ import annotations

from cognicore.subagents.offline_sql.mapping import Text

# Asked to be told ("update me on", "brief us about", "fill me in on"), not to change anything.
_TOLD = r"\b(?:update|brief|fill)\s+(?:me|us)\s+(?:in\s+)?(?:on|about)\b"
# The kind of chart an artefact is drawn as ("a line chart", "as a stacked bar graph"): the report's choice.
_CHART_KIND = (
    r"\b(?:(?:with|as|in|into|on)\s+)?(?:an?\s+)?(?:stacked\s+|horizontal\s+|vertical\s+)?"
    r"(?:line|bar|column|area|scatter|pie|donut|doughnut)\s+(?:chart|graph|plot|diagram)s?\b"
)
# An artefact's name the report writer reads ("a rundown of", "quick recap on").
_ARTEFACT = (
    r"\b(?:rundown|rundowns|recap|recaps|digest)(?:\s+(?:of|on|for))?\b|"
    r"\b(?:e ?mail|print|board|client|slide|share)[- ]ready\b|\bready to (?:send|share|forward|paste|present)\b"
)
# "w/" (with), a lone "w" once the request is normalised.
_SHORTHAND = r"(?<=\s)w(?=\s)"


def claim_asking(t: Text) -> None:
    """Blank the words that ask to be told, name a chart's kind or an artefact, or abbreviate "with"."""
    for pattern in (_TOLD, _CHART_KIND, _ARTEFACT, _SHORTHAND):
        while t.take(pattern):
            pass
