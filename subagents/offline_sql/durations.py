"""How long something takes, from two dates of one row (D6, issue 9.1): "how long do P1s take to resolve",
"average time to first response", "shipping time by region".

A duration is the time between the row's start (when it was opened, ordered, created) and the date of the event
asked about (resolved, responded, shipped, delivered), averaged in days. The event's date must be a column of
the schema, found by its name; when the data records no such date, the reading is `Unsure` and says which dates
the data does hold, so an age ("how long have they been open") is never given for a time to resolve.
"""

from __future__ import annotations

import re

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql.catalogue import Column, Table
from cognicore.subagents.offline_sql.lexicon import Lexicon
from cognicore.subagents.offline_sql.mapping import Mapping, Measure, Text
from cognicore.subagents.offline_sql.messages import unsure_message
from cognicore.subagents.offline_sql.query import days_sql
from cognicore.subagents.offline_sql.vocabulary import NamedMeasure

# The events a duration runs to, each with the name stems of the date column that records it.
_EVENTS: dict[str, tuple[str, ...]] = {
    "resolve": ("resolv", "resolut", "solved", "fixed", "closed", "clos"),
    "close": ("closed", "clos", "resolv"),
    "respond": ("respon", "repl", "answer", "first_resp"),
    "ship": ("ship", "dispatch"),
    "deliver": ("deliver", "arriv", "receiv"),
    "complete": ("complet", "finish", "done", "end"),
}
# The words that name an event, as a verb or a noun ("to resolve", "resolution time", "first response").
_EVENT_WORDS: dict[str, str] = {
    "resolve": "resolve", "resolved": "resolve", "resolution": "resolve", "fix": "resolve", "fixed": "resolve",
    "solve": "resolve", "solved": "resolve", "close": "close", "closed": "close", "closure": "close",
    "respond": "respond", "response": "respond", "reply": "respond", "answer": "respond", "answered": "respond",
    "ship": "ship", "shipped": "ship", "shipping": "ship", "dispatch": "ship", "deliver": "deliver",
    "delivered": "deliver", "delivery": "deliver", "complete": "complete", "completed": "complete",
    "completion": "complete", "finish": "complete",
}  # fmt: skip
_EVENT = "|".join(sorted(_EVENT_WORDS, key=len, reverse=True))
# "how long do P1s take to resolve", "how many days until tickets are closed", "time to first response",
# "resolution time", "days to ship": the duration words and the event, claimed together.
_DURATION = re.compile(
    rf"\b(?:how long|how many (?:days|hours|weeks)|(?:the )?(?:time|days|hours|lead time|turnaround))\b"
    rf"(?P<between>(?: [a-z0-9-]+){{0,5}}?)(?: (?:take|takes|took|taking))?(?: it)? (?:to|until|till|before|for)"
    rf"(?P<subject>(?: [a-z0-9-]+){{0,4}}?) (?:(?:get|gets|got|be|is|are|was|were|being|a|an|the|its|their) )*"
    rf"(?:first )?(?P<event>{_EVENT})\b"
    rf"|\b(?:first )?(?P<noun>{_EVENT}) (?:time|times|duration|lead time)\b"
)
_START_NAMES = ("open", "creat", "order", "start", "submit", "receiv", "report", "log", "placed", "raised")


# Waiting since the row's start is its age: "how many days have the open tickets been waiting", "how long has it
# been sitting in the queue". The waiting words are claimed; "how many days" asks what "how long" asks.
_WAITS = r"(?:waiting|sitting|pending|outstanding|in the queue|lying around)"
_WAITING = rf"\b(?:been |spent )?{_WAITS}\b"
# "how many days has the oldest open ticket been open" too: the one place an age in days is read (shape reads "how
# long" as the age).
_DAYS_OF_AGE = rf"\bhow many days\b(?=(?: [a-z0-9'-]+){{0,6}}? {_WAITS}\b| (?:has|have)(?: [a-z0-9'-]+){{0,6}}? been\b)"


def claim_duration(t: Text, q: Mapping, lex: Lexicon) -> None:
    """Place a duration asked about as the measure (days from the row's start to the event), or `Unsure` when
    the data records no date for that event; a wait since the start is read as the row's age."""
    m = _DURATION.search(t.s)
    if m is None:
        if (days := re.search(_DAYS_OF_AGE, t.s)) is not None:
            t.s = t.s[: days.start()] + "how long".ljust(days.end() - days.start()) + t.s[days.end() :]
        if re.search(r"\bhow long\b", t.s):
            while t.take(_WAITING):
                pass
        return
    word = m.group("event") or m.group("noun")
    event = _EVENT_WORDS[word]
    for table in lex.catalogue.tables:
        dates = [c for c in table.columns if c.kind == "date"]
        end = _event_column(dates, event)
        start = _start_column([c for c in dates if c is not end])
        if end is not None and start is not None:
            # The words between the duration and its event ("do P1s") stay for the mapper: they filter the rows.
            kept = [(m.start(g), m.end(g)) for g in ("between", "subject") if m.group(g)]
            edges = [m.start(), *(i for span in kept for i in span), m.end()]
            for a, b in zip(edges[::2], edges[1::2], strict=True):
                t.s = t.s[:a] + " " * (b - a) + t.s[b:]
            q.measures.append(_days_between(table, start, end, event))
            return
    held = ", ".join(sorted(c.name for t_ in lex.catalogue.tables for c in t_.columns if c.kind == "date"))
    # What the data holds instead, in the writer's usual words ("The data has measures ... and dimensions ...").
    holds = unsure_message(Mapping(not_understood=[word]), lex).partition(". ")[2]
    raise Unsure(
        f"I understood a question about how long it takes to {event} ('{word}'), but the data records no date of "
        f"that event (its dates are: {held or 'none'}), so it cannot say how long that takes; an age since a date "
        f"it does hold would answer another question. {holds}"
    )


def _event_column(dates: list[Column], event: str) -> Column | None:
    """The date column named for the event ("resolved_at" for resolving), else None."""
    for stem in _EVENTS[event]:
        for c in dates:
            if c.name.lower().startswith(stem) or f"_{stem}" in c.name.lower() or f"{stem}" == c.name.lower():
                return c
    return None


def _start_column(dates: list[Column]) -> Column | None:
    """The row's start: a date named for opening or creating, else the only other date."""
    for stem in _START_NAMES:
        for c in dates:
            if c.name.lower().startswith(stem):
                return c
    return dates[0] if len(dates) == 1 else None


def _days_between(table: Table, start: Column, end: Column, event: str) -> Measure:
    """The average days from `start` to `end` over the rows that have both."""
    # As timestamps: two dates subtract to an integer, which has no epoch to extract.
    span = f"{{{end.ref}}}::timestamptz - {{{start.ref}}}::timestamptz"
    sql = f"round(avg({days_sql(span)})::numeric, 1)"
    label = f"average days from {start.name} to {end.name} (rows with both dates)"
    named = NamedMeasure(name=f"avg_days_to_{event}", sql=sql, words=(), label=label, ratio=True)
    return Measure(name=named.name, label=label, named=named, aggregate="avg")
