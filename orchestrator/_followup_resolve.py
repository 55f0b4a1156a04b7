"""Follow-ups, offline: a change read from a follow-up (`followup.followup_change`) applied to the previous request.

A period replaces a period (a quarter keeps the replaced period's year; "the quarter before" moves it by one), a value
the deployment knows replaces the earlier value of its own column, a "by ..." or "for ..." phrase the previous one; a
parameter with nothing to replace is added.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cognicore.orchestrator._followup_figures import refigured
from cognicore.orchestrator._followup_leads import RANKING as _RANKING
from cognicore.orchestrator._followup_parts import parts, ranked, ranked_measure, recounted, regrouped, remeasured
from cognicore.orchestrator._followup_periods import (
    BACK,
    PERIOD,
    PREVIOUS,
    STEP,
    YEAR_AGO,
    moved,
    stepped,
    with_month,
    with_year,
)
from cognicore.orchestrator._followup_refers import as_shares, with_period
from cognicore.orchestrator._followup_shapes import ARTEFACT, SUPERLATIVES
from cognicore.orchestrator._followup_values import (
    dimension_of,
    dropped,
    grouping_asked,
    is_known,
    known_in,
    known_value,
    negated,
    negated_state,
    negation_of,
    plain,
    splice,
)

__all__ = ["Change", "resolve"]


@dataclass(frozen=True)
class Change:
    """The one parameter a follow-up changes: its preposition (may be empty) and its new value."""

    prep: str
    value: str
    topic: str = ""  # "back to <topic> - ...": the change is of the earlier request that names the topic
    then: Change | None = None  # "... P4 ones, leaving out the closed ones": a second change, applied after this one
    replaces: str = ""  # "by units instead of revenue": the words of the previous request the change replaces


def resolve(
    previous: str, change: Change, entities: Sequence[str] = (), *, columns: Mapping[str, str] | None = None
) -> tuple[str, float] | None:
    """The previous request with `change` applied and how sure that is (a replaced parameter is surer than an
    added one); None when the change fits nothing the previous request says and names no known value.

    `columns` maps the data's values to their column: a new value replaces the earlier value of its own
    column ("Cargo" replaces "E-Bike", not "Harbour"), and is added when none is named."""
    base = previous.strip().rstrip("?.! ")
    value = change.value
    said = re.search(rf"\b{re.escape(change.replaces)}\b", base, re.IGNORECASE) if change.replaces else None
    if said is not None and change.then is None:
        # "by units instead of revenue" after "which products brought in the most revenue": the named words replaced,
        # wherever the previous request says them (not only after its own "by")
        return splice(base, said.start(), said.end(), value), 0.85
    if change.then is not None:
        first = resolve(base, Change(change.prep, value), entities, columns=columns)
        second = resolve(first[0], change.then, entities, columns=columns) if first else None
        if first and second is None and change.then.prep == "list":
            return first  # "which of those are closed?" after rows grouped or ranked: narrowed, as they were asked
        return (second[0], min(first[1], second[1])) if first and second else None
    if change.prep == "as":
        # "now as a chart": the same request, drawn; a request that already asks for one is unchanged.
        drawn = re.search(ARTEFACT, base, re.IGNORECASE)
        return (base if drawn else f"{base} as {value}"), 0.85
    if change.prep == "also by":
        # "can you split that by channel as well?": a second grouping beside the previous request's own
        beside = re.search(rf"\b(?:by|per)\s+(?P<old>[\w-]+)(?=\s+(?:{_STOP})\b|[,;]|$)", base, re.IGNORECASE)
        if beside is None:
            return f"{base} by {value}", 0.7
        return splice(base, beside.start("old"), beside.end("old"), f"{beside.group('old')} and {value}"), 0.8
    if change.prep == "figure":
        return refigured(base, value)  # "and at 10% off?" after "the 20% discount": the rate of the same kind
    if change.prep == "share":
        return (shares, 0.8) if (shares := as_shares(base, value)) else None
    if change.prep == "that":
        return (bound, 0.85) if (bound := with_period(value, base)) else None
    if change.prep == "period":
        return stepped(base, back=value in BACK)  # "the one before that": a step of the period's own unit
    if change.prep in ("count", "list"):
        return recounted(base, change.prep)
    if change.prep == "drop":
        return dropped(base, value, entities, columns or {})
    if change.prep == "top":
        return ranked(base, value)
    if change.prep == "missing":
        # "how many of those have no assignee?": the previous rows, narrowed to those without the value
        verb = "have" if re.match(r"(?:no|without)\b", value, re.IGNORECASE) else "are"
        return f"{base} that {verb} {value}", 0.7
    if change.prep == "superlative":
        # "and the newest?": the previous request's own superlative, the other way; none there, nothing to turn
        old = re.search(rf"\b(?:{'|'.join(SUPERLATIVES)})\b", base, re.IGNORECASE)
        return (splice(base, old.start(), old.end(), value), 0.85) if old else None
    if change.prep == "rank":
        # "sorted by units instead": a ranking's own "by" phrase replaced; rows that rank nothing yet are ranked
        if _RANKING.search(base):
            return resolve(base, Change(prep="by", value=value), entities, columns=columns)
        return f"{base} ranked by {value}", 0.6
    if (year_ago := YEAR_AGO.fullmatch(value)) is not None and (old := PERIOD.search(base)) is not None:
        # "the same quarter last year": the previous request's own period, a year back
        if (shifted := moved(old.group(0), year_ago.group("unit").lower(), 0)) is not None:
            if (shifted := moved(shifted, "year", -1)) is not None:
                return splice(base, old.start(), old.end(), shifted), 0.85
    if change.prep in ("by", "per") and (split := regrouped(value, entities)) is not None:
        # "by channel for 2025 instead": the grouping replaced, then the period (or value) of its own kind
        head, prep, tail = split
        grouped = resolve(base, Change(prep=change.prep, value=head), entities, columns=columns)
        if grouped is None:
            return None
        done = resolve(
            grouped[0], Change(prep="" if PERIOD.fullmatch(tail) else prep, value=tail), entities, columns=columns
        )
        return (done[0], min(grouped[1], done[1])) if done is not None else None
    if not (PERIOD.fullmatch(value) or STEP.fullmatch(value) or is_known(value, entities)) and (
        several := parts(value, entities)
    ):
        # "now the north and Q3": each part replaces the parameter of its own kind, one after the other; two values of
        # one column ("and ben and chloe?") replace it together, never the second the first
        sure = 1.0
        placed: dict[str, str] = {}
        for part in several:
            column = dimension_of(part, columns or {})
            if column is not None and column in placed:
                named = [m for m in known_in(base, entities) if plain(m.group(0)) == plain(placed[column])]
                if not named:
                    return None
                base = splice(base, named[-1].start(), named[-1].end(), f"{named[-1].group(0)} and {part}")
                continue
            done = resolve(base, Change(prep="", value=part), entities, columns=columns)
            if done is None:
                return None
            base, sure = done[0], min(sure, done[1])
            if column is not None:
                placed[column] = known_value(part, entities) or part
        return base, sure
    if change.prep == "excluding":
        # "leave out ben": the rows of every other value; a request naming that very value as its filter keeps it
        named = [m for m in known_in(base, entities) if plain(m.group(0)) == plain(value)]
        return (None if named else (f"{base} excluding {value}", 0.8)) if value else None
    if (step := STEP.fullmatch(value)) is not None:
        # "the quarter before": the previous request's own period moved by one; unresolved without one.
        old = PERIOD.search(base)
        shifted = (
            moved(old.group(0), step.group("unit").lower(), -1 if step.group("dir").lower() in BACK else 1)
            if old
            else None
        )
        return (splice(base, old.start(), old.end(), shifted), 0.85) if old and shifted else None
    if (back := PREVIOUS.fullmatch(value)) is not None and (old := PERIOD.search(base)) is not None:
        # "and for the previous quarter?" after a quarter: the one before it (after a year: the last quarter).
        if shifted := moved(old.group(0), back.group("unit").lower(), -1):
            return splice(base, old.start(), old.end(), shifted), 0.85
    if PERIOD.fullmatch(value):
        old = PERIOD.search(base)
        if old:
            lead = re.match(r"(?:in|for|during|over|of)\s+", old.group(0), re.I)
            # "in 2025" -> "in 2024", "for 2025" -> "for the last quarter", but "in 2025" -> "last year".
            relative = (
                lead is not None
                and lead.group(0).lower().startswith("in")
                and re.match(r"(?:last|this|previous|past|prior|current|next|coming)\b", value, re.I)
            )
            keep = (
                lead.group(0)
                if lead and not relative and not re.match(r"(?:in|for|during|over|of)\s", value, re.I)
                else ""
            )
            return splice(
                base, old.start(), old.end(), keep + with_month(with_year(value, old.group(0)), old.group(0))
            ), 0.9
        bare = not re.match(r"(?:the\s+)?(?:last|this|previous|past|prior|current|next|coming)\b", value, re.I)
        prep = change.prep or ("in" if bare else "")
        return f"{base} {prep} {value}".replace("  ", " "), 0.7
    if (whole := known_value(value, entities)) is not None and not known_in(value, entities):
        value = whole  # "North" for "North Coast", "s1s" for "S1"
    if named := known_in(value, entities):
        # "the partner channel": the value it names ("partner") is what replaces, the phrase what is added.
        added = re.sub(r"^the\s+", "", value, flags=re.IGNORECASE)
        value = named[0].group(0) if len(named) == 1 else value
        if len(named) == 1 and (spelt := known_value(value, entities)) and "-" in spelt and "-" not in value:
            value = spelt  # "wifi" written as the data writes it ("Wi-Fi"), so the data reader finds it
        if len(named) == 1 and any(m.group(0).lower() == value.lower() for m in known_in(base, entities)):
            return base, 0.85  # "Europe only" after a request about Europe: nothing to change
        olds = [m for m in known_in(base, entities) if m.group(0).lower() != value.lower()]
        column = dimension_of(value, columns or {})
        if column is not None:
            same = [m for m in olds if dimension_of(m.group(0), columns or {}) == column]
            negation = negation_of(base, column) or negated_state(base, column, columns or {})
            if not same and negation is not None:  # "now for ana" after "the unassigned tickets": ana's
                return splice(base, negation.start(), negation.end(), value), 0.8
            if not same:  # a filter of another column: the new value narrows the request further
                return f"{base} {change.prep or 'for'} {added}", 0.7
            olds = same
        if olds:
            # The value after the same preposition when there is one, else the last named.
            after = rf"\b{change.prep}\s+$"
            before = [m for m in olds if re.search(after, base[: m.start()], re.I)] if change.prep else []
            old = (before or olds)[-1]
            return splice(base, old.start(), old.end(), value), 0.85
        return f"{base} {change.prep or 'for'} {added}", 0.7
    if change.prep == "how many":
        # "and how many orders was that?": the count replaces the request's measure, the filters are kept
        if (counted := ranked_measure(base, value) or remeasured(base, value)) is not None:
            return counted, 0.8
        if value.lower() not in _UNITS:
            return None  # "in orders" would group by order: the count of other rows cannot be placed, so unsure
        return resolve(base, Change(prep="in", value=value), entities, columns=columns)
    if change.prep == "in" and (measured := ranked_measure(base, value)) is not None:
        return measured, 0.8  # "same but units": the measure the ranking is ordered by
    if change.prep:
        # "by units instead": the previous request's own "by ..." phrase, up to the next clause, preposition
        # or period.
        # A grouping replaces a grouping whichever word said it ("per product" -> "by category").
        preps = "by|per" if change.prep in ("by", "per") else change.prep
        phrase = re.search(rf"\b(?:{preps})\s+(?P<old>.+?)(?=\s+(?:{_STOP})\b|[,;]|$)", base, re.IGNORECASE)
        # "in units" replaces "in dollars", never "in Latin America": a value of the data is no measure's phrase
        if phrase and (known_in(phrase.group("old"), entities) or PERIOD.match(phrase.group("old"))):
            phrase = None
        if phrase:
            old_text = phrase.group("old")
            cut = PERIOD.search(old_text)
            stop = phrase.start("old") + (cut.start() if cut else len(old_text))
            if base[phrase.start("old") : stop].strip():
                return splice(base, phrase.start("old"), stop, value + (" " if cut else "")), 0.8
        return grouping_asked(base, change.prep, value, columns or {}) or (f"{base} {change.prep} {value}", 0.6)
    if (negative := negated(value, base, entities, columns or {})) is not None:
        return negative, 0.7
    return None  # "what about <something new>" with nothing to replace: a request of its own


# Units a figure is said in ("in units", "in dollars"): a measure's unit, which "in <unit>" may name after a request.
_UNITS = frozenset("units unit dollars euros pounds percent percentage".split())
_STOP = "for|in|by|with|over|during|across|per|from|to|and|then|last|this|previous|past|are|is|was|were|that|which"
