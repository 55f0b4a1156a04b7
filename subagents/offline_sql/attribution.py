"""'Why' questions over data (issue 9.1, D5): what the data can show is where a change came from.

"Why did revenue drop in March?", "what drove the rise in P1 tickets from jan 6 to jan 7, by priority?": the
measure in the period and in the one before it (or the two periods named), per group of the dimension the
request names, with each group's change and its share of the total change, largest contribution first. It is
stated as a contribution, never as a cause. With no period, or no dimension to break the change down by, the
reading is `Unsure` and says what to add.
"""

from __future__ import annotations

import re

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql.catalogue import Column
from cognicore.subagents.offline_sql.mapping import Mapping, Text
from cognicore.subagents.offline_sql.periods import Period, shift, unit_label
from cognicore.subagents.offline_sql.query import ident, slug

# Words asking what a change came from; claimed (blanked) so the mapper places the rest of the request. Only the
# asking words: "which customer segment accounts for it" keeps its dimension, "the revenue change" its measure.
# A verb counts only with a change as its object ("contributed most to the rise"), so "which region contributed the
# most revenue" and "what share did Audio account for" stay plain questions.
_CHANGE_NOUN = (
    r"(?:change|changes|rise|drop|increase|decrease|growth|decline|dip|spike|jump|fall|slump|surge|gap|difference|"
    r"differences|swing|shift)"
)
_ON_A_CHANGE = rf"(?: (?:it|this|that)\b|(?= (?:the|this|that) (?:[\w-]+ ){{0,2}}{_CHANGE_NOUN}\b))"
_ASKS_WHY = (
    r"\b(?:why|how come|what(?: s| is| was|s)? behind|what (?:drove|drives|caused|causes|explains)\b|"
    rf"behind{_ON_A_CHANGE}|(?:explain|explains|account for)(?= (?:the|this|that) (?:[\w-]+ ){{0,2}}{_CHANGE_NOUN}\b)|"
    rf"(?:contributed|contributes|contributing|contribute)(?: (?:the )?most)? to{_ON_A_CHANGE}|"
    rf"(?:accounts?|accounted) for(?: most of)?{_ON_A_CHANGE}|"
    rf"(?:drove|drives|is driving|was driving|driving){_ON_A_CHANGE}|"
    r"(?:main |biggest )?(?:drivers?|contributors?|reasons?) (?:of|for|behind|to)"
    rf"(?=(?: [\w-]+){{0,2}} {_CHANGE_NOUN}\b))"
)
# The change itself, once a 'why' was asked: its direction is read from the data, not from these words.
_CHANGE_WORDS = (
    r"\b(?:dip|dips|spike|spikes|jump|jumped|slump|surge|surged|uptick|downturn|go up|went up|go down|went down|"
    r"more|fewer|less|difference|differences|swing|shift)\b"
)


def claim_why(t: Text, q: Mapping) -> None:
    """Mark `q` as asking what a change came from, and blank the words that asked it and named the change."""
    while t.take(_ASKS_WHY):
        q.attribution = True
    if q.attribution:
        while t.take(_CHANGE_WORDS):
            pass


def previous_period(q: Mapping) -> None:
    """ "Why did revenue drop in March 2026": March beside the month before it (the one period named and the
    same unit just before); two periods named are kept; none is `Unsure`."""
    if not q.attribution or q.compared_periods:
        return
    period = q.period
    if period is None or period.start is None or period.end is None:
        raise Unsure(
            "I understood a question about why a figure changed, but not over which period: the data can show "
            "which groups contributed most to a change between two periods; name them (e.g. 'Q2 vs Q3 2025')."
        )
    if period.unit is None:
        # "between March and May": a span, which may mean its two ends compared; never guessed.
        raise Unsure(
            f"I understood a question about why a figure changed in {period.label}, but not which two periods to "
            "compare: name them (e.g. 'March vs May 2025')."
        )
    start = shift(period.start, period.unit, -1)
    before = Period(start, period.start, unit_label(start, period.unit), unit=period.unit)
    q.compared_periods = [before, period]
    q.period = None


def check_breakdown(q: Mapping) -> None:
    """A change is broken down by one grouping the request names; without one, say which the data has."""
    if q.attribution and not any(isinstance(d, Column) for d in q.dimensions):
        raise Unsure(
            "I understood a question about why a figure changed between two periods, but not by what to break the "
            "change down: the data can show which group (for example each value of one of its text columns) "
            "contributed most to it, not its cause; ask again naming one, e.g. 'by region'."
        )


def contribution(sql: str, q: Mapping, group: str) -> tuple[str, str]:
    """The side-by-side query of the two periods wrapped with each group's change and its share of the total
    change, the biggest contribution to the change's direction first; top N applied after the shares."""
    first, second = (ident(f"{q.measures[0].name}_{slug(p.label)}") for p in q.compared_periods)
    before, after = (ident(slug(p.label)) for p in q.compared_periods)
    change = f"coalesce({second}, 0) - coalesce({first}, 0)"
    limit = f"\nLIMIT {q.top_n}" if q.top_n else ""
    sql = re.sub(r"\s*LIMIT \d+\s*$", "", sql)  # shares of the total change are over every group, then the cut
    # The change first, named for the measure ("revenue_change"), so an answer's headline reads the change.
    wrapped = (
        f"WITH per_group AS (\n{sql}\n)\nSELECT {ident(group)}, {change} AS {ident(q.measures[0].name + '_change')},\n"
        f"  round(100.0 * ({change}) / nullif(sum({change}) OVER (), 0), 1) AS share_of_change_pct,\n"
        f"  {first} AS {before}, {second} AS {after}\n"
        f"FROM per_group\nORDER BY sign(sum({change}) OVER ()) * ({change}) DESC, {ident(group)}{limit}"
    )
    a, b = (p.label for p in q.compared_periods)
    note = (
        f"Each {group.replace('_', ' ')}'s contribution to the change in {q.measures[0].label} from {a} to {b}: its "
        "change and its share of the total change (share_of_change_pct), the largest first. This shows where the "
        "change came from in the data, not what caused it."
    )
    return wrapped, note
