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
# A look asked for ("a quick view of", "an overview of", "a snapshot of", "where things stand", "the state of play"):
# how the figures are shown, never which; a bare "views" may be a measure of the data, so a describing word or "of"
_LOOK = (
    r"\b(?:(?:quick|short|brief|rough|high[- ]level|fast)\s+(?:view|look|picture|snapshot|overview)|"
    r"(?:overview|snapshot)(?:\s+(?:of|on|for))|(?:where|how)\s+(?:things|we|it all|everything)\s+(?:stands?|are)|"
    r"(?:the\s+)?state\s+of\s+play|lay\s+of\s+the\s+land)\b(?:\s+(?:of|on|for|at))?"
)
# "w/" (with), a lone "w" once the request is normalised.
_SHORTHAND = r"(?<=\s)w(?=\s)"


def claim_asking(t: Text) -> None:
    """Blank the words that ask to be told, name a chart's kind, an artefact or a look, or abbreviate "with"."""
    for pattern in (_TOLD, _CHART_KIND, _ARTEFACT, _LOOK, _SHORTHAND):
        while t.take(pattern):
            pass
