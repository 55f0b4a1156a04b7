"""Follow-ups, offline: a short request that changes one parameter of the session's previous request.

"now do the same for North America", "and by units instead?", "what about last year?", "repeat that for 2024",
"only the p1s", "how many of those are P2?", "break that down by month", "the quarter before", "now as a chart"
are resolved against the previous request into a full one by replacing the parameter of the same kind: a period
by a period (a quarter keeps the replaced period's year; "the quarter before" moves it by one), a value the
deployment knows (its data's names, its documents' titles; also named by its start or plural) by another of its
column, a "by ..." or "for ..." phrase by the new one; a parameter with nothing to replace is added.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cognicore.orchestrator._followup_leads import ABOUT as _ABOUT
from cognicore.orchestrator._followup_leads import AGAIN as _AGAIN
from cognicore.orchestrator._followup_leads import ALONE as _ALONE
from cognicore.orchestrator._followup_leads import BARE as _BARE
from cognicore.orchestrator._followup_leads import EXCLUDE as _EXCLUDE
from cognicore.orchestrator._followup_leads import OF_THAT as _OF_THAT
from cognicore.orchestrator._followup_leads import OF_THOSE as _OF_THOSE
from cognicore.orchestrator._followup_leads import ONE_BEFORE as _ONE_BEFORE
from cognicore.orchestrator._followup_leads import ONLY as _ONLY
from cognicore.orchestrator._followup_leads import POINTED as _POINTED
from cognicore.orchestrator._followup_leads import POINTER as _POINTER
from cognicore.orchestrator._followup_leads import PREP as _PREP
from cognicore.orchestrator._followup_leads import RANK_BY as _RANK_BY
from cognicore.orchestrator._followup_leads import RANKING as _RANKING
from cognicore.orchestrator._followup_leads import REPLACED as _REPLACED
from cognicore.orchestrator._followup_leads import ROWS_OF_THAT as _ROWS_OF_THAT
from cognicore.orchestrator._followup_leads import SAME as _SAME
from cognicore.orchestrator._followup_leads import SAME_BARE as _SAME_BARE
from cognicore.orchestrator._followup_leads import SAME_LEAD as _SAME_LEAD
from cognicore.orchestrator._followup_leads import SHORT as _SHORT
from cognicore.orchestrator._followup_leads import TIME_SHIFT as _LOOK
from cognicore.orchestrator._followup_parts import binds_previous as _binds
from cognicore.orchestrator._followup_parts import parts, ranked, ranked_measure, recounted, regrouped, whole
from cognicore.orchestrator._followup_periods import (
    BACK,
    PERIOD,
    PREVIOUS,
    STEP,
    YEAR_AGO,
    moved,
    names_period,
    stepped,
    with_month,
    with_year,
)
from cognicore.orchestrator._followup_refers import (
    HOW_MANY_ONES,
    SHARE,
    as_shares,
    back_to,
    earlier_request,
    that_period,
    with_period,
)
from cognicore.orchestrator._followup_shapes import ALL as _ALL
from cognicore.orchestrator._followup_shapes import ARTEFACT
from cognicore.orchestrator._followup_shapes import AS_ARTEFACT as _AS_ARTEFACT
from cognicore.orchestrator._followup_shapes import BREAK_DOWN as _BREAK_DOWN
from cognicore.orchestrator._followup_shapes import DO as _DO
from cognicore.orchestrator._followup_shapes import DROP as _DROP
from cognicore.orchestrator._followup_shapes import INSTEAD as _INSTEAD
from cognicore.orchestrator._followup_shapes import MADE_INTO as _MADE_INTO
from cognicore.orchestrator._followup_shapes import PREP_WORD as _PREP_WORD
from cognicore.orchestrator._followup_shapes import STEP_ALONE as _STEP_ALONE
from cognicore.orchestrator._followup_shapes import SWAP as _SWAP
from cognicore.orchestrator._followup_shapes import THAT_MEASURE as _THAT_MEASURE
from cognicore.orchestrator._followup_shapes import TOP as _TOP
from cognicore.orchestrator._followup_values import (
    ValueColumn,
    dimension_of,
    dropped,
    grouping_asked,
    is_known,
    known_in,
    known_value,
    named_with_column,
    negated,
    negated_state,
    negation_of,
    plain,
    splice,
)
from cognicore.orchestrator.openings import strip_markers

__all__ = [
    "ARTEFACT",
    "PERIOD",
    "Change",
    "ValueColumn",
    "binds_previous",
    "followup_change",
    "known_value",
    "names_period",
    "previous_request",
    "resolve",
]

MAX_VALUE_WORDS = 6  # a follow-up names one parameter; a longer tail is a request of its own
_PRONOUNS = frozenset("i me my we us our you your it this that they them their".split())  # "how about you ..."
_FILLERS = frozenset("please pls plz again thanks thx ok okay too".split())  # "the same please" changes nothing


@dataclass(frozen=True)
class Change:
    """The one parameter a follow-up changes: its preposition (may be empty) and its new value."""

    prep: str
    value: str
    topic: str = ""  # "back to <topic> - ...": the change is of the earlier request that names the topic
    then: Change | None = None  # "... P4 ones, leaving out the closed ones": a second change, applied after this one


def followup_change(
    request: str, entities: Sequence[str] = (), columns: Mapping[str, str] | None = None
) -> Change | None:
    """The parameter a follow-up-shaped request changes, or None when the request stands on its own.

    A bare value after a lead word ("and P4?") is a follow-up only when it is a period or one of `entities`.
    """
    if (bare := strip_markers(request)) != request and (inner := followup_change(bare, entities, columns)):
        return inner  # "ok and small businesses?", "so what about Q3?"
    if (back := back_to(request)) is not None:  # "going back to the units per category - same for Q2 2026"
        inner = followup_change(back[1], entities) or followup_change(f"the same {back[1]}", entities)
        return Change(prep=inner.prep, value=inner.value, topic=back[0]) if inner else None
    if (ones := HOW_MANY_ONES.match(request)) is not None:  # "and how many P4 ones, leaving out the closed ones"
        first = followup_change(f"and {ones.group('value')}", entities)
        then = followup_change(ones.group("rest"), entities) if ones.group("rest") else None
        return Change(first.prep, first.value, then=then) if first and (then or not ones.group("rest")) else None
    if (share := SHARE.match(request)) is not None:
        return Change(prep="share", value=(share.group("of") or "").strip())  # "as a percentage of all tickets"
    if that_period(request):
        return Change(prep="that", value=request)  # "how many orders did partners place in that quarter"
    drawn = _AS_ARTEFACT.match(request) or _MADE_INTO.match(request)
    if (rows := _ROWS_OF_THAT.match(request)) is not None:
        return Change(prep="count" if rows.group("count") else "list", value="")  # "how many is that?", "which ones?"
    if drawn is not None:
        return Change(prep="as", value=f"a {drawn.group('value') or 'chart'}".lower())
    if (dropped := _DROP.match(request)) is not None:
        return Change(prep="drop", value=(dropped.group("value") or "").strip())
    if (measure := _THAT_MEASURE.match(request)) is not None:
        value = (measure.group("value") or measure.group("unit") or "").strip()
        if value and len(value.split()) <= 3 and value.split()[0].lower() not in _PRONOUNS:
            return Change(prep="in", value=value)
    if (step := _STEP_ALONE.match(request)) is not None:
        return Change(prep="", value=step.group("value"))  # "the quarter before", "the day before?"
    if (one := _ONE_BEFORE.match(request)) is not None:
        return Change(prep="period", value=one.group("dir").lower())  # "and the one before that?"
    if (alone := _ALONE.match(request)) is not None and YEAR_AGO.fullmatch(alone.group("value")):
        return Change(prep="", value=alone.group("value"))  # "and the same quarter of the previous year?"
    if (look := _LOOK.match(request)) is not None:
        shift = (look.group("value") or look.group("period") or "").strip()
        if look.group("value") and not STEP.fullmatch(shift):
            shift = shift.partition(" ")[2]  # "what were those numbers the year before": the noun after "those"
        if STEP.fullmatch(shift) or PREVIOUS.fullmatch(shift) or YEAR_AGO.fullmatch(shift) or PERIOD.fullmatch(shift):
            return Change(prep="", value=shift)  # "how did that look one quarter earlier", "what did Q2 look like"
    if (ordered := _RANK_BY.match(request)) is not None:
        return Change(prep="rank", value=_REPLACED.sub("", ordered.group("value")).strip())
    if (about := _ABOUT.match(request)) is not None and (top := _TOP.match(about.group("value"))) is not None:
        return Change(prep="top", value=f"{top.group('which').lower()} {top.group('value').lower()}")  # "the bottom 5?"
    if (same_lead := _SAME_LEAD.match(request)) is not None and (
        inner := followup_change(request[same_lead.end() :], entities)
    ):
        return inner  # "same thing but the north only": the change after "the same" is the change
    if (same := _SAME_BARE.match(request)) is not None and not _SAME.match(request):
        value = same.group("value").strip()
        if PERIOD.fullmatch(value) or is_known(value, entities) or parts(value, entities):
            return Change(prep="", value=value)
        words = value.lower().split()
        if len(words) <= 2 and words[0] not in _PRONOUNS | _FILLERS and not _PREP_WORD.match(value):
            return Change(prep="in", value=value)
    if (top := _TOP.match(request)) is not None:
        return Change(prep="top", value=f"{top.group('which').lower()} {top.group('value').lower()}")
    # "all regions", never "any tickets still not closed that went past their SLA?" (a question of its own)
    every = _ALL.match(request)
    if every is not None and not PERIOD.fullmatch(every.group("value")) and len(every.group("value").split()) <= 3:
        return Change(prep="drop", value=every.group("value").strip())
    if (excluded := _EXCLUDE.match(request)) is not None and is_known(excluded.group("value"), entities):
        return Change(prep="excluding", value=known_value(excluded.group("value"), entities) or "")
    if excluded is not None and len(named := known_in(excluded.group("value"), entities)) == 1:
        # "leave out partner orders", "excluding the retail channel": one known value and the words of its rows
        if len(excluded.group("value").split()) <= 3:
            return Change(prep="excluding", value=named[0].group(0))
    leads = (_SAME, _AGAIN, _ABOUT, _INSTEAD, _BREAK_DOWN, _OF_THOSE, _OF_THAT, _ONLY, _SHORT, _SWAP, _DO, _BARE)
    for pattern in leads:
        m = pattern.match(request)
        if m is None:
            continue
        found = m.groupdict()
        value = (found.get("value") or found.get("last") or found.get("new") or "").strip(" ,;:")
        if pattern is not _SWAP:
            value = _REPLACED.sub("", value).strip()  # "by units sold instead of revenue": "units sold"
        # "in progress ones" names "in progress"; "the whole of Q1" names Q1 (D7).
        value = re.sub(r"(?<=\w)\s+ones?$", "", value, flags=re.IGNORECASE)
        value = whole(value)
        if columns and pattern is _BARE and not is_known(value, entities):  # "and the partner channel?"
            value = named_with_column(value, entities, columns) or value  # the value and its column's word
        if not value or len(value.split()) > MAX_VALUE_WORDS or value.split()[0].lower() in _PRONOUNS:
            return None
        prep = (m.groupdict().get("prep") or "").lower()
        known = bool(
            PERIOD.fullmatch(value) or STEP.fullmatch(value) or is_known(value, entities) or parts(value, entities)
        )
        pointing = pattern in (_ONLY, _OF_THOSE, _OF_THAT, _BARE, _ABOUT)
        if pointing and not known and (pointed := _POINTED.match(value)) is not None and pointed.end():
            # "just the ones assigned to ana": ana, whose column says "assigned"; "the ones that are in progress"
            bare = _POINTER.sub("", value)
            for core in (value[pointed.end() :].strip(), bare.strip()):
                if core and (
                    is_known(core, entities) or (len(known_in(core, entities)) == 1 and len(core.split()) <= 3)
                ):
                    value, known = core, True
                    break
        if pattern in (_ONLY, _OF_THOSE, _OF_THAT) and not known:
            # "just for the online channel": a known value and the word for its column, at most three words.
            known = len(value.split()) <= 3 and bool(known_in(value, entities))
        if pattern in (_BARE, _ONLY, _OF_THOSE, _OF_THAT, _DO, _SWAP) and not known:
            return None
        lead = re.match(_PREP + r"\s+(?P<rest>.+)$", value, re.IGNORECASE)
        if not prep and lead and not is_known(value, entities):
            # "what about by channel?": the preposition is the change's own ("in progress" is a value, kept whole)
            prep, value = lead.group("prep").lower(), lead.group("rest")
            if PERIOD.fullmatch(value):
                value = f"{prep} {value}"
        return Change(prep=prep, value=value)
    return None


def resolve(
    previous: str, change: Change, entities: Sequence[str] = (), *, columns: Mapping[str, str] | None = None
) -> tuple[str, float] | None:
    """The previous request with `change` applied and how sure that is (a replaced parameter is surer than an
    added one); None when the change fits nothing the previous request says and names no known value.

    `columns` maps the data's values to their column: a new value replaces the earlier value of its own
    column ("Cargo" replaces "E-Bike", not "Harbour"), and is added when none is named."""
    base = previous.strip().rstrip("?.! ")
    value = change.value
    if change.then is not None:
        first = resolve(base, Change(change.prep, value), entities, columns=columns)
        second = resolve(first[0], change.then, entities, columns=columns) if first else None
        return (second[0], min(first[1], second[1])) if first and second else None
    if change.prep == "as":
        # "now as a chart": the same request, drawn; a request that already asks for one is unchanged.
        drawn = re.search(ARTEFACT, base, re.IGNORECASE)
        return (base if drawn else f"{base} as {value}"), 0.85
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
        # "now the north and Q3": each part replaces the parameter of its own kind, one after the other
        sure = 1.0
        for part in several:
            done = resolve(base, Change(prep="", value=part), entities, columns=columns)
            if done is None:
                return None
            base, sure = done[0], min(sure, done[1])
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
    if change.prep == "in" and (measured := ranked_measure(base, value)) is not None:
        return measured, 0.8  # "same but units": the measure the ranking is ordered by
    if change.prep:
        # "by units instead": the previous request's own "by ..." phrase, up to the next clause, preposition
        # or period.
        # A grouping replaces a grouping whichever word said it ("per product" -> "by category").
        preps = "by|per" if change.prep in ("by", "per") else change.prep
        phrase = re.search(rf"\b(?:{preps})\s+(?P<old>.+?)(?=\s+(?:{_STOP})\b|[,;]|$)", base, re.IGNORECASE)
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


_STOP = "for|in|by|with|over|during|across|per|from|to|and|then|last|this|previous|past|are|is|was|were|that|which"


def binds_previous(change: Change) -> bool:
    """Whether a follow-up's change means something only against the previous request (see `_followup_parts`)."""
    return _binds(change.prep, change.value)


def previous_request(history: Sequence[dict[str, str]], topic: str = "") -> str | None:
    """The session's last request (the newest user turn), or None in a new session; with `topic`, the newest that
    names it ("back to the units per category"), or None when none does."""
    if topic:
        return earlier_request(history, topic)
    for turn in reversed(history):
        if turn.get("speaker") == "user" and turn.get("content", "").strip():
            return turn["content"].strip()
    return None
