"""Follow-ups, offline: a short request that changes one parameter of the session's previous request.

"now do the same for North America", "and by units instead?", "what about last year?", "repeat that for 2024",
"only the p1s", "how many of those are P2?", "break that down by month", "the quarter before", "now as a chart"
are resolved against the previous request into a full one by replacing the parameter of the same kind: a period
by a period (a quarter keeps the replaced period's year; "the quarter before" moves it by one), a value the
deployment knows (its data's names, its documents' titles; also named by its start or plural) by another of its
column, a "by ..." or "for ..." phrase by the new one; a parameter with nothing to replace is added. This module reads
the change (`followup_change`); `_followup_resolve` applies it (`resolve`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from cognicore.orchestrator._followup_figures import figure_change
from cognicore.orchestrator._followup_leads import ABOUT as _ABOUT
from cognicore.orchestrator._followup_leads import AGAIN as _AGAIN
from cognicore.orchestrator._followup_leads import ALONE as _ALONE
from cognicore.orchestrator._followup_leads import BARE as _BARE
from cognicore.orchestrator._followup_leads import EXCLUDE as _EXCLUDE
from cognicore.orchestrator._followup_leads import FIGURE_OF as _FIGURE_OF
from cognicore.orchestrator._followup_leads import OF_THAT as _OF_THAT
from cognicore.orchestrator._followup_leads import OF_THOSE as _OF_THOSE
from cognicore.orchestrator._followup_leads import ONE_BEFORE as _ONE_BEFORE
from cognicore.orchestrator._followup_leads import ONLY as _ONLY
from cognicore.orchestrator._followup_leads import POINTED as _POINTED
from cognicore.orchestrator._followup_leads import POINTER as _POINTER
from cognicore.orchestrator._followup_leads import PREP as _PREP
from cognicore.orchestrator._followup_leads import RANK_BY as _RANK_BY
from cognicore.orchestrator._followup_leads import REPLACED as _REPLACED
from cognicore.orchestrator._followup_leads import ROWS_OF_THAT as _ROWS_OF_THAT
from cognicore.orchestrator._followup_leads import SAME as _SAME
from cognicore.orchestrator._followup_leads import SAME_BARE as _SAME_BARE
from cognicore.orchestrator._followup_leads import SAME_LEAD as _SAME_LEAD
from cognicore.orchestrator._followup_leads import SHORT as _SHORT
from cognicore.orchestrator._followup_leads import TIME_SHIFT as _LOOK
from cognicore.orchestrator._followup_parts import binds_previous as _binds
from cognicore.orchestrator._followup_parts import parts, whole
from cognicore.orchestrator._followup_periods import (
    PERIOD,
    PREVIOUS,
    STEP,
    YEAR_AGO,
    names_period,
)
from cognicore.orchestrator._followup_pointing import asked_over_same_period
from cognicore.orchestrator._followup_pronouns import people_column
from cognicore.orchestrator._followup_refers import (
    HOW_MANY_ONES,
    SHARE,
    back_to,
    earlier_request,
    that_period,
)
from cognicore.orchestrator._followup_resolve import Change, resolve
from cognicore.orchestrator._followup_shapes import ALL as _ALL
from cognicore.orchestrator._followup_shapes import ARTEFACT
from cognicore.orchestrator._followup_shapes import AS_ARTEFACT as _AS_ARTEFACT
from cognicore.orchestrator._followup_shapes import BREAK_DOWN as _BREAK_DOWN
from cognicore.orchestrator._followup_shapes import BREAK_ONES as _BREAK_ONES
from cognicore.orchestrator._followup_shapes import DO as _DO
from cognicore.orchestrator._followup_shapes import DROP as _DROP
from cognicore.orchestrator._followup_shapes import INSTEAD as _INSTEAD
from cognicore.orchestrator._followup_shapes import MADE_INTO as _MADE_INTO
from cognicore.orchestrator._followup_shapes import PREP_WORD as _PREP_WORD
from cognicore.orchestrator._followup_shapes import STEP_ALONE as _STEP_ALONE
from cognicore.orchestrator._followup_shapes import SUPERLATIVE as _SUPERLATIVE
from cognicore.orchestrator._followup_shapes import SWAP as _SWAP
from cognicore.orchestrator._followup_shapes import THAT_MEASURE as _THAT_MEASURE
from cognicore.orchestrator._followup_shapes import TOP as _TOP
from cognicore.orchestrator._followup_values import (
    ValueColumn,
    is_known,
    known_in,
    known_value,
    named_with_column,
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
_PRONOUNS = frozenset(
    "i me my we us our you your it this that they them their him her his hers theirs".split()
)  # "how about you ..."
_ALSO = re.compile(r"\b(?:as\s+well|too|also|additionally|in\s+addition)\b", re.IGNORECASE)
_WHO_HAS = re.compile(
    r"^\W*(?:(?:and|so|ok|okay|then)[,\s]+)*who\s+(?:has|have|had|holds?|owns?|handles?|is\s+handling|works?\s+on|got)\s+"
    # "who has them?", "who is handling its open ones?" (read without "its"): by the people, the value too
    r"(?:them|those|these|each(?:\s+of\s+them)?|(?:(?:those|these|the)\s+)?(?P<which>[\w -]+?)\s+ones?)\s*[?.!]*\s*$",
    re.IGNORECASE,
)
# "unassigned", "no assignee", "without an owner", "not assigned": rows with no value in a column (general English).
_MISSING = re.compile(r"un[a-z]+ed|(?:no|without(?:\s+an?)?)\s+[a-z]+|not\s+(?:yet\s+)?[a-z]+ed", re.IGNORECASE)
_NOT = re.compile(r"^(?:not|no\s+longer|never)\s+(?:yet\s+)?(?P<value>.+)$", re.IGNORECASE)
# "the ones that aren't closed", "those not yet done", "counting only ones which are not P1": the rows without a value.
_NOT_ROWS = re.compile(
    r"^(?:counting\s+)?(?:(?:the\s+)?ones?|those|these|them)?\s*(?:(?:that|which)\s+(?:(?:are|were|is|was)(?:n't|\s+not)|"
    r"have\s+not\s+been|haven't\s+been)|not)\s+(?:yet\s+|still\s+)?(?:been\s+)?(?P<value>.+)$",
    re.IGNORECASE,
)
_HOLDER = re.compile(r"^.*?\b(?:he|she|they|we|you|i)(?:'s|'ve|\s+has|\s+have|\s+had)?(?:\s+got)?\s+", re.I)
_THROUGH = re.compile(r"^(?:through|via|from|at|on|under|to)\s+(?P<value>.+)$", re.IGNORECASE)
_FILLERS = frozenset("please pls plz again thanks thx ok okay too".split())  # "the same please" changes nothing


def followup_change(
    request: str, entities: Sequence[str] = (), columns: Mapping[str, str] | None = None
) -> Change | None:
    """The parameter a follow-up-shaped request changes, or None when the request stands on its own.

    A bare value after a lead word ("and P4?") is a follow-up only when it is a period or one of `entities`. What the
    change says it replaces ("by units instead of revenue") is kept with it (`Change.replaces`).
    """
    change = _change(request, entities, columns)
    said = _INSTEAD_OF.search(request)
    if change is None or said is None or change.prep not in ("by", "per", "rank", "in"):
        return change
    return replace(change, replaces=said.group("old").strip())


# "... instead of (by) revenue", "... rather than the region": what a change replaces, named.
_INSTEAD_OF = re.compile(
    r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+(?:by\s+|per\s+)?(?:the\s+)?(?P<old>[\w -]+?)\s*[?.!]*\s*$",
    re.IGNORECASE,
)


def _change(request: str, entities: Sequence[str] = (), columns: Mapping[str, str] | None = None) -> Change | None:
    """The change of `followup_change`, read from the request's shape."""
    if (bare := strip_markers(request)) != request and (inner := followup_change(bare, entities, columns)):
        return inner  # "ok and small businesses?", "so what about Q3?"
    if (back := back_to(request)) is not None:  # "going back to the units per category - same for Q2 2026"
        inner = followup_change(back[1], entities) or followup_change(f"the same {back[1]}", entities)
        return Change(prep=inner.prep, value=inner.value, topic=back[0]) if inner else None
    if (ones := HOW_MANY_ONES.match(request)) is not None:  # "and how many P4 ones, leaving out the closed ones"
        first = followup_change(f"and {ones.group('value')}", entities)
        then = followup_change(ones.group("rest"), entities) if ones.group("rest") else None
        return Change(first.prep, first.value, then=then) if first and (then or not ones.group("rest")) else None
    if (who := _WHO_HAS.match(request)) and columns and (people := people_column(columns)) is not None:
        which = who.group("which")
        if which and not is_known(which, entities):
            return None
        # "and who has them?": the previous rows by the column of people ("who has the open ones": those rows)
        then = Change(prep="by", value=people)
        return Change(prep="", value=known_value(which, entities) or which, then=then) if which else then
    if (share := SHARE.match(request)) is not None:
        return Change(
            prep="share", value=(share.group("of") or share.group("whole") or "").strip()
        )  # "as a percentage of all tickets"
    if (whose := _FIGURE_OF.match(request)) is not None and is_known(whose.group("value"), entities):
        return Change(prep="", value=known_value(whose.group("value"), entities) or whose.group("value"))
    if (asked := asked_over_same_period(request)) is not None and is_known(asked, entities):
        return Change(prep="", value=known_value(asked, entities) or asked)  # "how did X do in that same year?"
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
        value = (measure.group("value") or measure.group("unit") or measure.group("shown") or "").strip()
        value = value or (measure.group("made") or "").strip()
        if value and len(value.split()) <= 3 and value.split()[0].lower() not in _PRONOUNS:
            return Change(prep="how many" if measure.group("value") else "in", value=value)
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
    if (ones := _BREAK_ONES.match(request)) is not None and is_known(ones.group("which"), entities):
        # "break those open ones down by priority instead": the value swapped, then the grouping
        then = Change(prep=ones.group("prep").lower(), value=_REPLACED.sub("", ones.group("value")).strip())
        return Change(prep="", value=known_value(ones.group("which"), entities) or ones.group("which"), then=then)
    if (most := _SUPERLATIVE.match(request)) is not None:
        # "and the newest?" after "the oldest open ticket"; "and the most in-progress ones?": the value changed too
        rest = (most.group("value") or "").strip()
        then = followup_change(f"and {rest}", entities, columns) if rest else None
        if not rest or then is not None:
            return Change(prep="superlative", value=most.group("which").lower(), then=then)
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
    if (figure := figure_change(request)) is not None:
        return Change(prep="figure", value=figure)  # "and at 10% off?": the previous request's rate swapped
    leads = (_SAME, _AGAIN, _ABOUT, _INSTEAD, _BREAK_DOWN, _OF_THOSE, _OF_THAT, _ONLY, _SHORT, _SWAP, _DO, _BARE)
    for pattern in leads:
        m = pattern.match(request)
        if m is None:
            continue
        found = m.groupdict()
        value = (found.get("value") or found.get("last") or found.get("new") or found.get("holder") or "").strip(" ,;:")
        if found.get("prep") and is_known(f"{found['prep']} {value}", entities):
            found["prep"], value = "", f"{found['prep']} {value}"  # "and in progress?": a value, not "in" + "progress"
        if pattern is not _SWAP:
            value = _REPLACED.sub("", value).strip()  # "by units sold instead of revenue": "units sold"
        # "in progress ones" names "in progress"; "the whole of Q1" names Q1 (D7).
        value = re.sub(r"(?<=\w)\s+ones?$", "", value, flags=re.IGNORECASE)
        value = whole(value)
        routed = _THROUGH.match(value) if pattern is _BARE else None
        if routed and (
            is_known(rest := re.sub(r"^the\s+", "", routed.group("value"), flags=re.I), entities)
            or (PERIOD.fullmatch(routed.group("value")) or parts(rest, entities))
        ):
            value = rest  # "and through online?", "and to ben and chloe?", "and on the 8th?": the value, the day
        if columns and pattern is _BARE and not is_known(value, entities):  # "and the partner channel?"
            value = named_with_column(value, entities, columns) or value  # the value and its column's word
        if not value or len(value.split()) > MAX_VALUE_WORDS or value.split()[0].lower() in _PRONOUNS:
            return None
        prep = (found.get("prep") or "").lower()
        prep = "by" if pattern is _BREAK_DOWN and prep in ("across", "among", "amongst") else prep
        known = bool(
            PERIOD.fullmatch(value) or STEP.fullmatch(value) or is_known(value, entities) or parts(value, entities)
        )
        pointing = pattern in (_ONLY, _OF_THOSE, _OF_THAT, _BARE, _ABOUT)
        if pointing and not known and (pointed := _POINTED.match(value)) is not None and pointed.end():
            # "just the ones assigned to ana": ana, whose column says "assigned"; "the ones that are in progress"
            bare = _POINTER.sub("", value)
            held = _HOLDER.sub("", value, count=1).strip()  # "the ones he's got in progress": "in progress"
            for core in (value[pointed.end() :].strip(), bare.strip(), held):
                if core and (
                    is_known(core, entities) or (len(known_in(core, entities)) == 1 and len(core.split()) <= 3)
                ):
                    value, known = core, True
                    break
        if pattern in (_ONLY, _OF_THOSE, _OF_THAT) and not known:
            # "just for the online channel": a known value and the word for its column, at most three words.
            known = len(value.split()) <= 3 and bool(known_in(value, entities))
        if pattern is _OF_THOSE and not known and _MISSING.fullmatch(value):
            return Change(prep="missing", value=value)  # "which of those are unassigned?": narrowed to no value
        if pattern in (_OF_THOSE, _OF_THAT) and not known and (denied := _NOT.match(value)) is not None:
            if is_known(denied.group("value"), entities):  # "how much of that is still not closed?"
                return Change(prep="excluding", value=known_value(denied.group("value"), entities) or "")
        if pattern in (_ONLY, _BARE) and not known and (denied := _NOT_ROWS.match(value)) is not None:
            if is_known(denied.group("value"), entities):  # "same thing, but only counting the ones that aren't closed"
                return Change(prep="excluding", value=known_value(denied.group("value"), entities) or "")
        if pattern in (_BARE, _ONLY, _OF_THOSE, _OF_THAT, _DO, _SWAP) and not known:
            return None
        lead = re.match(_PREP + r"\s+(?P<rest>.+)$", value, re.IGNORECASE)
        if not prep and lead and not is_known(value, entities):
            # "what about by channel?": the preposition is the change's own ("in progress" is a value, kept whole)
            prep, value = lead.group("prep").lower(), lead.group("rest")
            if PERIOD.fullmatch(value):
                value = f"{prep} {value}"
        if prep in ("by", "per") and _ALSO.search(request):
            prep = "also by"  # "split that by channel as well": a grouping added, not one replacing the other
        if pattern is _OF_THOSE and (
            m.group("any") or "which" in ((m.group("which") or m.group("held") or "").lower())
        ):
            return Change(prep=prep, value=value, then=Change(prep="list", value=""))  # "which of those ...": rows
        return Change(prep=prep, value=value)
    return None


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
