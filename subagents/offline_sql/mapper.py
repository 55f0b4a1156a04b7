"""A request mapped onto a catalogue: measure and aggregate, groupings, filters, period, ranking, shape.

Rules read the request in a fixed order (periods, shape words, measures, values, dimensions), each claiming
the words it uses, so one word serves one purpose. Whatever is left must be a stop word: a word that could
name a dimension, filter or period but was not placed makes the mapping `Unsure`, never silently dropped.

A little over 500 lines on purpose: the rules depend on the order in which they claim words, so they are
kept together and read top to bottom.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql._words import column_word, either, missing, negation, plural_like, value_case_ok
from cognicore.subagents.offline_sql.catalogue import Column, Table
from cognicore.subagents.offline_sql.lexicon import (
    STOP_WORDS,
    VERB_FORMS,
    Lexicon,
    Target,
    normalise,
    plural,
    singular,
)
from cognicore.subagents.offline_sql.messages import dim_label, unsure_message
from cognicore.subagents.offline_sql.periods import (
    A_YEAR_BEFORE,
    NUM,
    PATTERNS,
    Period,
    a_year_before,
    match_period,
    number,
)
from cognicore.subagents.offline_sql.search import Search, search_columns, split_search
from cognicore.subagents.offline_sql.vocabulary import NamedMeasure

CONFIDENCE_BAR = 0.6
_ABBREVIATIONS = {"yr": "year", "yrs": "years", "qtr": "quarter", "qtrs": "quarters", "mth": "month", "mths": "months"}
TIME_UNITS = ("weekday", "day", "week", "month", "quarter", "year")

_DESC = r"top|best|highest|most|largest|biggest|busiest|leading|greatest|strongest|maximum|max"
_ASC = r"bottom|worst|lowest|least|fewest|smallest|weakest|poorest|minimum|min"
_GROUPING_BEFORE = re.compile(rf"\b(by|per|each|every|across|which|what|for each|rank|{_DESC}|{_ASC}|\d+)\s*$")


def _time_words(unit: str, adjective: str) -> str:
    """ "quarter over quarter", "quarterly", "by quarter", "which quarter", "quarters", "QoQ"."""
    return (
        rf"\b{unit} (?:over|on|by) {unit}\b|\b{adjective}\b|\b(?:by|per|each|every|a|which|what) {unit}\b"
        rf"|\b{unit}s\b|\b{unit[0]} ?o ?{unit[0]}\b"
    )


_TIME_WORDS: tuple[tuple[str, str], ...] = (
    ("weekday", r"\b(?:weekdays?|day of (?:the )?week|days of (?:the )?week)\b"),
    ("day", _time_words("day", "daily")),
    ("week", _time_words("week", "weekly")),
    ("month", _time_words("month", "monthly")),
    ("quarter", _time_words("quarter", "quarterly")),
    ("year", _time_words("year", r"yearly|annual(?:ly)?")),
)


@dataclass(frozen=True, slots=True)
class Measure:
    """The figure asked for: a named measure, an aggregate of a numeric column, or a count of an entity."""

    name: str  # the result column's name
    label: str  # for the explanation
    named: NamedMeasure | None = None
    column: Column | None = None
    aggregate: str = "sum"  # sum | avg | median | min | max | count
    table: Table | None = None  # counted entity
    age: bool = False  # time from the date column to now, in days

    @property
    def ratio(self) -> bool:
        """Not additive: a share of it means nothing."""
        return self.aggregate in ("avg", "median", "min", "max") or bool(self.named and self.named.ratio)


@dataclass
class Mapping:
    """What a request asks of the data, with how sure the reading is and what it could not place."""

    measures: list[Measure] = field(default_factory=list)
    dimensions: list[Column | str] = field(default_factory=list)  # a text column, or a time unit
    filters: dict[str, list[str]] = field(default_factory=dict)  # column ref -> values
    excluded: dict[str, list[str]] = field(default_factory=dict)  # column ref -> values it must not have
    missing: list[str] = field(default_factory=list)  # column refs that must be empty ("unassigned" tickets)
    present: list[str] = field(default_factory=list)  # column refs that must not be empty ("assigned" tickets)
    period: Period | None = None
    top_n: int | None = None
    ascending: bool = False
    ranked: Column | str | None = None
    share: bool = False
    compare: Column | None = None
    date_column: Column | None = None  # named by the request ("opened", "launched"); else the builder picks
    compared_periods: list[Period] = field(default_factory=list)  # several periods of one unit, side by side
    weekdays: list[int] = field(default_factory=list)  # ISO days of the week the date must fall on ("on Mondays")
    zero_rows: bool = False  # the groups with no row matching the filters ("components with no open tickets")
    of_groups: str | None = None  # "avg" / "median" of the per-group figures ("average tickets per assignee")
    search: Search | None = None  # a phrase the rows' text must hold ("tickets mentioning access denied")
    searched: list[Column] = field(default_factory=list)  # the text columns it is looked for in
    growth: bool = False  # the change from each period to the next is asked for
    notes: list[str] = field(default_factory=list)
    not_understood: list[str] = field(default_factory=list)
    confidence: float = 1.0

    @property
    def specific(self) -> bool:
        """True when the request says more than a measure (it needs no help from its context)."""
        chosen = self.filters or self.missing or self.present or self.weekdays or self.search
        return bool(self.dimensions or self.period or chosen or self.top_n)


class _Text:
    """The normalised request; claimed phrases are blanked out, positions kept."""

    def __init__(self, text: str) -> None:
        self.s = text
        self.read = text  # as it was before any word was claimed (same positions)

    def take(self, pattern: str) -> re.Match[str] | None:
        m = re.search(pattern, self.s)
        if m:
            self.s = self.s[: m.start()] + " " * (m.end() - m.start()) + self.s[m.end() :]
        return m

    def find(self, pattern: str) -> re.Match[str] | None:
        return re.search(pattern, self.s)

    def before(self, pos: int) -> str:
        return re.sub(r"\s+", " ", self.s[:pos]).rstrip()


def map_request(request: str, lex: Lexicon, today: date) -> Mapping:
    """Map `request` onto the lexicon's catalogue; `Unsure` (saying what was and was not understood) when
    a word could not be placed or the reading falls below the confidence bar."""
    original = request
    q = Mapping()
    request, q.search = split_search(request, lex)
    text = normalise(request)
    for phrase in lex.vocabulary.ignore:
        text = re.sub(rf"\b{re.escape(normalise(phrase))}\b", " ", text)
    words = []
    for w in text.split():
        w = _ABBREVIATIONS.get(w, w)
        # "unassigned" is the negation of a known word ("assigned"), never a misspelling of it
        fixed, score = (w, 0.0) if w.startswith("un") and lex.knows(w[2:]) else lex.correct(w)
        if score:
            q.notes.append(f"'{w}' was read as '{fixed}'.")
            q.confidence -= 0.1
        words.append(fixed)
    text = " " + " ".join(words) + " "
    for phrase, target in sorted(lex.vocabulary.synonyms.items(), key=lambda kv: -len(kv[0])):
        replacement, source = normalise(target), normalise(phrase)
        if " " in replacement or " " in source:  # "in stores" -> "retail": no plural to carry over
            text = re.sub(rf"\b{re.escape(source)}(?:e?s)?\b", replacement, text)
        else:  # "items" -> "products", "categories" -> "components"
            forms = "|".join(re.escape(f) for f in dict.fromkeys((plural(source), source)))
            text = re.sub(rf"\b({forms})\b", plural_like(replacement, source), text)
    text = " ".join(column_word(w, lex) for w in text.split())
    text = _pronoun_rows(text, lex)
    t = _Text(" " + text + " ")
    _periods(t, q, today)
    missing(t, q, lex)
    # Named measures whose words are also rule words ("average order value", "margin percent") go first.
    found = _phrases(t, lex, original, books=("early",))
    shape = _shape(t, q, original)
    found = sorted(found + _phrases(t, lex, original, books=("phrases", "partial")), key=lambda f: f[0])
    _resolve(t, q, found, shape, lex)
    # "enterprise customers": a word of the filtered column's own name ("customer_segment") only describes it.
    # "the Haven doorbell": a word of a value already placed belongs to it.
    described = {singular(w) for ref in [*q.filters, *q.missing, *q.present] for w in ref.rsplit(".", 1)[1].split("_")}
    described |= {singular(w) for values in q.filters.values() for v in values for w in normalise(v).split()}
    stems = {w[:6] for w in described if len(w) >= 6}  # "assigned" to an "assignee"
    # "tickets by team": a grouping word followed by a word nothing claimed names a dimension the data lacks.
    for m in re.finditer(r"\b(?:by|per|each|every|across)(?: the| our| a| an)? ([a-z]{3,})\b", t.s):
        if m.group(1) not in _NOT_GROUPINGS:
            q.not_understood.append(m.group(1))  # quoted in the message: "but not 'team'"
            t.s = t.s[: m.start(1)] + " " * len(m.group(1)) + t.s[m.end(1) :]
    leftovers = [
        w
        for w in t.s.split()
        if w not in STOP_WORDS and w not in VERB_FORMS and singular(w) not in described and w[:6] not in stems
    ]
    q.not_understood += leftovers
    if q.search is not None:
        _place_search(q, lex)
    if q.not_understood or q.confidence < CONFIDENCE_BAR or not q.measures:
        raise Unsure(unsure_message(q, lex))
    return q


def _place_search(q: Mapping, lex: Lexicon) -> None:
    """The text columns of the counted (or only) table that the search phrase is looked for in."""
    assert q.search is not None
    counted = [m.table for m in q.measures if m.table is not None]
    table = counted[0] if counted else lex.catalogue.tables[0] if len(lex.catalogue.tables) == 1 else None
    q.searched = search_columns(table) if table is not None else []
    if not q.searched:
        q.not_understood.append(f"which text to look for '{q.search.phrase}' in")


# "which open one is the oldest", "the closed ones": "one" stands for a row of the only table (not "the top one",
# "which one of the components").
_ONE = re.compile(r"\b(which|the|an?|any|those|these)((?: [a-z0-9_]+){0,2}) (one|ones)\b(?! of\b)")
_NOT_PRONOUN = frozenset(f"{_DESC}|{_ASC}|first|last|second|next|only|same|other|no|this|that".split("|"))


def _pronoun_rows(text: str, lex: Lexicon) -> str:
    """ "one"/"ones" after a determiner and up to two describing words, read as the only table's row noun."""
    if len(lex.catalogue.tables) != 1:
        return text
    noun = singular(normalise(lex.catalogue.tables[0].name).split()[-1])

    def sub(m: re.Match[str]) -> str:
        between = m.group(2).split()
        if (between and between[-1] in _NOT_PRONOUN) or any(w.isdigit() or w in _NUM_WORDS for w in between):
            return m.group(0)
        return f"{m.group(1)}{m.group(2)} {noun if m.group(3) == 'one' else plural(noun)}"

    text = _ONE.sub(sub, text)
    # "list the p1s", "how many p1s are open": a value written in the plural names rows of the only table
    book = lex.book("phrases")

    def rows_of(m: re.Match[str]) -> str:
        w = m.group(0)
        targets = book.get(w, [])
        values = {normalise(x.value) for x in targets if x.kind == "value" and x.value}
        plain = singular(w) == w or w in values or any(x.kind != "value" for x in targets)
        if plain or not targets or len(values) != 1:
            return w
        return f"{singular(w)} {plural(noun)}"

    return re.sub(r"\b[a-z0-9_]+s\b", rows_of, text)


_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY = re.compile(rf"\b(?:on |during )?(?:a |the )?({'|'.join(_DAYS)})s?\b")
# "last Monday", "since Friday": one dated day, which this writer does not place (the word stays: unsure)
_DATED_DAY = frozenset("last this next since before after until till from previous past coming".split())


def _weekdays(t: _Text, q: Mapping) -> None:
    """ "opened on a Monday", "on Fridays", "Monday and Tuesday tickets": the day of the week of the rows' date."""
    for m in list(_WEEKDAY.finditer(t.s)):
        before = t.s[: m.start()].split()
        if before and before[-1] in _DATED_DAY:
            continue
        day = _DAYS.index(m.group(1)) + 1
        if day not in q.weekdays:
            q.weekdays.append(day)
        t.s = t.s[: m.start()] + " " * (m.end() - m.start()) + t.s[m.end() :]


_NOT_GROUPINGS = frozenset("the our all far then now hand itself themselves".split())


def _periods(t: _Text, q: Mapping, today: date) -> None:
    periods: list[Period] = []
    yoy = re.search(A_YEAR_BEFORE, t.s)
    inside: list[Period] = []  # "last year" of "the same month last year": the comparison, not a period asked
    for pattern, handler in PATTERNS:
        while m := t.take(pattern):
            within = yoy is not None and yoy.start() <= m.start() < yoy.end()
            (inside if within else periods).append(match_period(pattern, handler, m, today))
    earlier = a_year_before(periods[0]) if yoy and len(periods) == 1 else None
    if yoy and earlier is not None:
        # "Q3 revenue year over year": Q3 beside the Q3 a year before, one row each (with the change when asked)
        t.s = t.s[: yoy.start()] + " " * (yoy.end() - yoy.start()) + t.s[yoy.end() :]
        periods.insert(0, earlier)
    else:
        periods += inside
    _weekdays(t, q)
    # "open right now", "currently assigned": the present state of the rows, no period.
    t.take(r"\bso far\b|\bto date\b|\bright now\b|\bcurrently\b|\bat (?:the moment|present)\b|\bas of (?:now|today)\b")
    units = {p.unit for p in periods}
    if len(periods) > 1 and len(units) == 1 and None not in units:
        # "this year vs last year", "Q1 and Q2 2026": those periods side by side, one row each.
        q.compared_periods = sorted(periods, key=lambda p: p.start or date.min)
    elif len(periods) > 1:
        q.not_understood.append("two periods (" + " and ".join(p.label for p in periods) + ")")
    q.period = periods[0] if periods else None


@dataclass
class _Shape:
    aggregate: str | None = None
    count: bool = False
    distinct: bool = False
    rank_at: int | None = None
    superlative: bool = False
    how_much: bool = False
    age: bool = False
    growth: bool = False
    count_end: int | None = None
    most_end: int | None = None  # "the most tickets": the entity after it is counted
    trend: bool = False
    compare: bool = False
    total: bool = False
    all_of: list[int] = field(default_factory=list)  # positions of "all (the) X": no grouping by X
    listing: bool = False  # "list the open tickets", "which tickets are ...": the rows themselves
    implied: bool = False  # the listing is implied ("what is open", "ana's open tickets"), not asked in words
    decline: bool = False  # "fell", "dropped": the largest change is the most negative one
    eldest: bool = False  # "the oldest", "the most recent": one row (or group) by age, never an average age
    share_at: int | None = None  # where "share", "fraction", ... was written


_FIGURE_WORDS = r"\b(?:split|breakdown|distribution|distributed|between|mix|spread)\b"
_DESCRIBED_ROWS = r"\w['\u2019]s\b|\b(?:that|which|whose|who|where)\b"
_ASKING_START = (
    r"\s*(?:how|what|which|who|whom|whose|when|where|why|is|are|was|were|do|does|did|can|could|will|would|should|"
    r"has|have|count|tally|number|total|sum|average|avg|mean|median|rank|sort|compare|break|top|bottom|per|by)\b"
)
_YOUNGEST = ("newest", "youngest", "latest", "most recent", "most recent one")


def _shape(t: _Text, q: Mapping, original: str = "") -> _Shape:
    s = _Shape()
    shares = r"\b(share|percentage|percent|proportion|contribution|mix|fraction|portion)\b( of( the)? total)?"
    while m := t.take(shares):
        q.share, s.share_at = True, m.start()
    s.compare = bool(t.take(r"\b(vs|versus|compared? (to|with|against)?|against|side by side)\b"))
    s.trend = bool(t.take(r"\bover time\b|\b(trends?|trending|evolution|evolved?|history|historical|timeline)\b"))
    t.take(r"\b(?:break|breaks|broken|breaking)(?: it| them| this)? down\b")  # "break down": a breakdown
    # "what is open on the VPN" lists the rows too; "what share of ..." asks a figure
    s.listing = re.match(r"\s*(list|show( me)?|give me|display|which|what are)\b", t.s) is not None
    # "what is open on the VPN", "ana's open tickets", "open tickets containing 'cannot connect'": rows named by
    # their values with no period, figure or comparison asked are the rows themselves
    undated = q.period is None and not q.compared_periods and not q.weekdays
    plain = undated and not (q.share or s.compare or re.search(_FIGURE_WORDS, t.read))
    # a bare phrase lists only when it says whose rows or which ones ("ana's", "that ...", a searched phrase);
    # "wifi tickets still in progress" stays a count
    described = q.search is not None or re.search(_DESCRIBED_ROWS, original, re.I) is not None
    bare = described and re.match(_ASKING_START, t.read) is None
    s.implied = not s.listing and plain and (re.match(r"\s*what\b", t.read) is not None or bare)
    s.listing = s.listing or s.implied
    growth = r"\b(growth|grow|grows|grew|grown|growing|change|changed|changes|increase|increased|rose|rise)\b"
    decline = r"\b(decline|declined|declining|decrease|decreased|drop|dropped|fell|fall|shrank|shrink|shrunk)\b"
    while t.take(growth):
        s.growth = True
    while t.take(decline):
        s.growth = s.decline = True
    if re.search(r"\b(age|ages|aged|old|oldest|newest|long|longest)\b", t.s):
        t.take(r"\bin days\b")  # the unit ages are given in, not a grouping by day
    if m := t.take(r"\b(average|avg|mean)\b"):
        s.aggregate = "avg"
    elif t.take(r"\bmedian\b"):
        s.aggregate = "median"
    if oldest := t.take(r"\b(oldest|earliest|longest open|longest|newest|youngest|latest|most recent(?: one)?)\b"):
        s.age, s.superlative, s.rank_at, s.eldest = True, True, oldest.start(), True
        q.ascending = oldest.group(0) in _YOUNGEST
        if n := re.search(rf"\b{NUM}\s+$", t.s[: oldest.start()]):  # "the three most recent tickets"
            q.top_n = number(n.group(1))
            t.s = t.s[: n.start()] + " " * (n.end() - n.start()) + t.s[n.end() :]
    if t.take(r"\b(age|ages|aged|how long|how old)\b"):
        s.age = True
    s.how_much = t.find(r"\bhow much\b") is not None
    if m := t.take(r"\bhow many\b|\b(number|count|#|tally) of\b|\bcount\b|\btally\b"):
        s.count, s.count_end = True, m.end()
    if t.take(r"\b(distinct|different|unique)\b"):
        s.distinct = s.count = True
    s.total = bool(t.take(r"\b(total|sum|overall|altogether|combined|in all|grand total)\b"))
    for m in re.finditer(r"\b(all|every)( the| our| of our| of the)? (?=\w)", t.s):
        s.all_of.append(m.end())
    t.take(r"\bat (least|most)\b")
    # "the most common priority", "least frequent component": the rows' count ranks, the adjective says no more
    often = r"(?:common(?:ly)?|frequent(?:ly)?|usual(?:ly)?|often)(?: (?:affected|seen|reported|hit|involved|named))?"
    t.take(rf"(?<=\bmost ){often}\b|(?<=\bleast ){often}\b")
    words = rf"({_DESC}|{_ASC}|first)"
    m = t.find(rf"\b{words} {NUM}\b") or t.find(rf"\b{NUM} ({_DESC}|{_ASC})\b")
    if m is None and t.find(rf"\b({_DESC}|{_ASC})\b"):
        m = t.find(rf"\b(?:which|what|the|our|list|show|give me) {NUM}\b(?! (?:{_UNITS_WORDS}))")
    asc, desc = t.find(rf"\b({_ASC})\b"), t.find(rf"\b({_DESC})\b")
    # "which ticket is the newest": the youngest first, unless a ranking word says otherwise
    newest = oldest is not None and oldest.group(0) in _YOUNGEST
    q.ascending = (asc is not None and (desc is None or asc.start() < desc.start())) or (newest and desc is None)
    if m:
        q.top_n = next(number(g) for g in m.groups() if g and (g.isdigit() or g in _NUM_WORDS))
        s.rank_at = m.start()
        t.take(re.escape(m.group(0)))
    ranking = t.take(r"\brank(ed|ing|s)?( them)?( by)?\b|\b(sort|sorted|order|ordered)( them)? by\b")
    direction = t.take(rf"\b({_ASC})\b" if q.ascending else rf"\b({_DESC})\b")
    t.take(rf"\b({_ASC}|{_DESC})\b")
    s.superlative = s.superlative or direction is not None or m is not None
    if direction is not None and direction.group(0) in ("most", "fewest", "least"):
        s.most_end = direction.end()
    if s.rank_at is None and (direction or ranking):
        s.rank_at = (direction or ranking).start()  # type: ignore[union-attr]
    return s


_UNITS_WORDS = "days?|weeks?|months?|quarters?|years?|percent"
_NUM_WORDS = set(NUM.strip("()").split("|")[1:])


def _phrases(t: _Text, lex: Lexicon, original: str, *, books: tuple[str, ...]) -> list[tuple[int, int, str, Target]]:
    """Every phrase of `books` in the request, longest first; (start, end, words as written, target)."""
    found: list[tuple[int, int, str, Target]] = []
    for name in books:
        book = lex.book(name)
        for phrase, pattern in lex.patterns(name):
            while m := pattern.search(t.s):
                usable = [x for x in book[phrase] if x.kind != "value" or value_case_ok(x.value, original)]
                if not usable:
                    break
                t.s = t.s[: m.start()] + " " * (m.end() - m.start()) + t.s[m.end() :]
                kinds = {x.kind for x in usable}
                # One phrase, several meanings: a named measure wins, then a value, then the rest in order.
                order = ("measure", "value", "dimension", "entity", "date")
                pick = next(x for k in order for x in usable if x.kind == k)
                if len(kinds) == 1 and pick.kind == "value" and len({(x.column, x.value) for x in usable}) > 1:
                    found.append((m.start(), m.end(), m.group(0), Target("ambiguous", value=phrase)))
                    continue
                words = "~" + m.group(0) if name == "partial" else m.group(0)  # "~": part of a value
                found.append((m.start(), m.end(), words, pick))
    return sorted(found, key=lambda f: f[0])


def _resolve(t: _Text, q: Mapping, found: list[tuple[int, int, str, Target]], s: _Shape, lex: Lexicon) -> None:
    entities: list[tuple[int, str, Table]] = []
    dims: list[tuple[int, str, Column | str]] = []
    value_ends: list[tuple[int, str]] = []
    value_labels: list[tuple[int, Column]] = []
    spans: dict[str, list[tuple[int, int]]] = {}  # column ref -> where its values were named
    weak: list[bool] = []
    placed: dict[str, int] = {}  # measure name -> where it was named
    for pos, end, words, target in found:
        if target.kind == "ambiguous":
            q.not_understood.append(f"'{target.value}' (it matches several values)")
        elif target.kind == "measure":
            if re.match(r"\s*(data|figures|numbers|results|report|dashboard)\b", t.s[end:]) and len(found) > 1:
                continue  # "the latest sales data": the data, not a measure
            measure = _measure(target, s.aggregate)
            if measure.name not in [m.name for m in q.measures]:
                q.measures.append(measure)
                weak.append(target.weak)
                placed[measure.name] = pos
        elif target.kind == "value" and target.column is not None:
            if none := re.search(r"\b(?:have|has|had|with|got)\s+(no|zero)\s+$", t.read[:pos]):
                # "which components have no open tickets": the groups with none of the rows the values name
                q.zero_rows = True
                t.s = t.s[: none.start(1)] + " " * len(none.group(1)) + t.s[none.end(1) :]
            if negated := negation(t.read[:pos], target.column):
                t.s = t.s[: negated.start()] + " " * (negated.end() - negated.start()) + t.s[negated.end() :]
                excluded = q.excluded.setdefault(target.column.ref, [])
                if target.value not in excluded:
                    excluded.append(target.value)  # "tickets not closed": every other status
                continue
            values = q.filters.setdefault(target.column.ref, [])
            if target.value not in values:
                values.append(target.value)
            value_ends.append((end, target.column.table))
            spans.setdefault(target.column.ref, []).append((pos, end))
            value_labels.append((end, target.column))
            if words.startswith("~"):
                q.notes.append(f"'{words[1:]}' was read as {dim_label(target.column)} '{target.value}'.")
                q.confidence -= 0.05
        elif target.kind == "dimension" and target.column is not None:
            dims.append((pos, words, target.column))
        elif target.kind == "entity" and target.table is not None:
            entities.append((pos, words, target.table))
        elif target.kind == "date" and target.column is not None:
            q.date_column = target.column
    if any(weak) and not all(weak):
        q.measures = [m for m, w in zip(q.measures, weak, strict=True) if not w]
    elif weak and all(weak) and s.how_much and (default := _default_measure(lex)) is not None:
        q.measures = [default]  # "how much did we sell": an amount, the domain's main measure
        q.notes.append(f"'How much' is read as {default.label}.")
    for unit, pattern in _TIME_WORDS:
        while m := t.take(pattern):
            dims.append((m.start(), m.group(0), unit))
        # "our best month", "the busiest quarter": a superlative (claimed by the shape) before a unit ranks its periods
        for m in re.finditer(rf"\b(?:{_DESC}|{_ASC}) ({unit})\b", t.read):
            if t.s[m.start(1) : m.end(1)] == unit:
                t.s = t.s[: m.start(1)] + " " * len(unit) + t.s[m.end(1) :]
                dims.append((m.start(1), unit, unit))

    def groups(pos: int) -> bool:
        before = t.before(pos)
        if _GROUPING_BEFORE.search(before) is not None:
            return True
        if s.rank_at is None or pos <= s.rank_at:
            return False
        # "the busiest component for P1 tickets", "which component is most common among closed tickets": once a
        # grouping is named, "for ... tickets" is what is counted
        named = any(p < pos for p, _, _ in dims)  # a column or a time unit ("the busiest month for orders")
        return not (named and re.search(r"\b(for|of|among|amongst)(\s+(the|our|all))?\s*$", before))

    counted_at = max((p for p, _, _ in entities if not groups(p)), default=None)  # the last non-grouping one
    counted_table = next((tb.ref for p, _, tb in entities if p == counted_at), None)
    listed: Column | None = None
    # "top 2 regions by number of orders": the entity right after "number of" is counted, an earlier one groups
    count_at = next((p for p, _, _ in entities if s.count_end is not None and _adjacent(t, s.count_end, p)), None)
    for pos, words, table in entities:
        before = t.before(pos)
        grouping = groups(pos)
        per = re.search(r"\b(per|each|every)\s*$", before) is not None
        of_measure = (
            any(  # "the average unit price of products": the measure's own rows, not a grouping
                m.column is not None and m.column.table == table.ref for m in q.measures
            )
            and re.search(r"\b(of|for)( the| all| our)?\s*$", before) is not None
        )
        ends = (s.count_end, s.most_end if not q.measures else None)
        right_after = [e for e in ends if e is not None and _adjacent(t, e, pos)]
        # "top region by orders", "agents by closed tickets": a grouping named first is ranked by the entity's count
        ranks = s.rank_at is not None or any(p < pos and isinstance(d, Column) for p, _, d in dims)
        by_entity = re.search(r"\bby\s*$", before) is not None and ranks and not q.measures
        if of_measure or any(label == table.label and 0 <= pos - end <= 2 for end, label in value_labels):
            continue  # "the Wearables category": the word names the row the value already names
        named = len(q.measures) == 1 and q.measures[0].named is not None and not q.measures[0].ratio
        # "units per order": a table whose rows have no name is no grouping, so "per" asks for an average
        if per and named and (s.aggregate == "avg" or table.label is None):
            q.measures[0] = _average_per(q.measures[0], table)
        elif s.count_end is not None and s.count_end in right_after:
            q.measures.append(_count(table))  # "how many products (did we sell)": count them
            placed[table.name] = pos
        elif right_after or by_entity:
            q.measures.append(_count(table))  # "the most tickets", "top region by orders"
        elif _lists(s, _grouping_dims(dims, q), words, table, q) and pos == counted_at and not q.measures:
            # "list the open Laptop tickets": one row per ticket (its key, or its unique name), no figure asked
            listed = _row_name(table)
            q.measures.append(_count(table))
            q.notes.append(f"The {words} are listed one per row.")
        elif (s.count and not q.measures and count_at in (None, pos)) or (
            not grouping and not q.measures and pos == counted_at
        ):
            q.measures.append(_count(table))
        elif not grouping and counted_at is not None and pos < counted_at and counted_table == table.ref:
            continue  # "unassigned tickets as a share of all tickets": the same rows named twice, no grouping
        elif (label := _row_name(table)) is not None:
            dims.append((pos, words, label))
    only = lex.catalogue.tables[0] if len(lex.catalogue.tables) == 1 else None
    chosen = q.filters or q.excluded or q.missing or q.present or q.search
    if listed is None and only is not None and not (entities or q.measures) and chosen and _plain_listing(s, dims, q):
        # "which are unassigned", "show me the closed ones": the rows of the only table, one per row
        listed = _row_name(only)
        if listed is not None:
            q.measures.append(_count(only))
            q.notes.append(f"The {normalise(only.name)} are listed one per row.")
    q.measures.sort(key=lambda m: placed.get(m.name, 10**6))
    if s.count and not q.measures and len(lex.catalogue.tables) == 1:
        q.measures.append(_count(lex.catalogue.tables[0]))
    of_counts = bool(s.aggregate and not s.age and q.measures and all(m.aggregate == "count" for m in q.measures))
    for measure in q.measures:
        if measure.named is not None and s.aggregate == "avg" and not measure.ratio:
            q.not_understood.append(f"an average of {measure.label} per what (per order, per month, ...)")
        elif measure.named is not None and s.aggregate == "median":
            q.not_understood.append(f"a median of {measure.label}")
    if s.distinct and s.count_end is not None and all(m.aggregate == "count" for m in q.measures):
        # "how many distinct assignees", "how many different components have open tickets": the column's values
        at = next((d for d in dims if isinstance(d[2], Column) and _adjacent(t, s.count_end, d[0])), None)
        if at is not None and isinstance(at[2], Column):
            dims.remove(at)
            q.measures = [_count_distinct(at[2])]
    _place_dimensions(t, q, sorted(dims, key=lambda d: d[0]), s, value_labels)
    if q.zero_rows and not (len(q.dimensions) == 1 and isinstance(q.dimensions[0], Column) and not q.top_n):
        q.not_understood.append("which groups have none (name one grouping, as 'which components have no ...')")
    if of_counts:
        # "average number of tickets per assignee": the per-group counts, averaged (one grouping, nothing else)
        if len(q.dimensions) == 1 and len(q.measures) == 1 and not (q.top_n or q.share or q.compared_periods):
            q.of_groups = s.aggregate
        else:
            q.not_understood.append(f"an {'average' if s.aggregate == 'avg' else 'median'} of a count per what")
    if listed is not None:
        q.dimensions.append(listed)
    if s.eldest and not q.dimensions and not q.not_understood:
        # "which open one is the oldest" with no row named: the oldest of what? Never an average age instead.
        q.not_understood.append("the oldest or newest of what (name the rows)")
    if q.compared_periods and q.compared_periods[0].unit not in q.dimensions:
        q.dimensions.insert(0, str(q.compared_periods[0].unit))
    if s.age and not [m for m in q.measures if m.aggregate != "count"]:
        agg = s.aggregate or "avg"
        words = {"avg": "average", "median": "median"}[agg]
        q.measures = [
            Measure(f"{agg}_age_days", f"{words} age in days (from its date to now)", aggregate=agg, age=True)
        ]
    if not q.measures and (q.dimensions or q.top_n or q.filters or q.period or q.missing):
        default = _default_measure(lex)
        if default is not None:
            q.measures.append(default)
            q.notes.append(f"No measure was named, so {default.label} is used.")
            q.confidence -= 0.15
    if s.trend and not any(isinstance(d, str) for d in q.dimensions):
        unit = "month" if q.period and "month" in q.period.label else "quarter"
        q.dimensions.insert(0, unit)
    if q.share and any(m.ratio for m in q.measures):
        q.notes.append("A share of an average or ratio means nothing, so none is given.")
        q.share = False
    keyed = [values for ref, values in q.filters.items() if lex.catalogue.column(ref).primary_key]
    if keyed and not q.dimensions and not s.count and all(m.aggregate == "count" for m in q.measures):
        # "INC-1004 status": one row named by its key, and no column of it placed; never "1 ticket"
        q.not_understood.append(f"what to show of {', '.join(keyed[0])}")
    if q.share and len(q.filters) > 1 and not [d for d in q.dimensions if isinstance(d, Column)]:
        _share_column_first(q, spans, s.share_at)
    # "P3 or P4 tickets": one total over either value; "P3 and P4", "P3 vs P4": side by side.
    or_joined = {ref for ref, at in spans.items() if len(at) > 1 and either(t.read, sorted(at)) and not s.compare}
    compared = [ref for ref, values in q.filters.items() if len(values) > 1 and ref not in or_joined]
    if compared and (s.compare or not s.total):
        q.compare = lex.catalogue.column(compared[0])
        if q.compare not in q.dimensions:
            q.dimensions.append(q.compare)
    if s.growth:
        categorical = [d for d in q.dimensions if isinstance(d, Column)]
        if len(q.compared_periods) == 2 and categorical and not q.compare and not q.share:
            # "which region grew most between Q2 and Q3": each group's change from the first period to the second
            q.growth = True
            q.dimensions = [d for d in q.dimensions if isinstance(d, Column)]
            q.ranked = q.ranked if isinstance(q.ranked, Column) else categorical[-1]
            if s.decline:  # "fell the most", "whose sales dropped": the most negative change first
                q.ascending = not q.ascending if s.superlative else True
        elif any(isinstance(d, str) for d in q.dimensions) and not q.top_n and not q.compare:
            q.growth = True
        else:
            q.not_understood.append("a change over time without periods to compare (name two, or ask by quarter)")


def _lists(s: _Shape, dims: list[tuple[int, str, Column | str]], words: str, table: Table, q: Mapping) -> bool:
    """ "list the open tickets", "which tickets are unassigned": the rows of a plural entity, no figure asked."""
    last = words.split()[-1] if words.split() else ""
    plain = not (dims or s.count or s.superlative or s.aggregate or s.age or s.growth or s.total)
    # "p1 and p2 incidents": two values of one column side by side, unless a listing is asked in words
    plain = plain and not (s.implied and any(len(v) > 1 for v in q.filters.values()))
    return s.listing and plain and last != singular(last) and _row_name(table) is not None


def _share_column_first(q: Mapping, spans: dict[str, list[tuple[int, int]]], share_at: int | None) -> None:
    """The filter whose share is asked goes first (the builder groups by the first one, the others stay filters):
    the one right before the share word ("VPN's share of open tickets"), else the one named last ("what fraction
    of ben's tickets are closed": of ben's tickets, the closed ones)."""
    at = {ref: max(e for _, e in spans[ref]) for ref in q.filters if ref in spans}
    if len(at) != len(q.filters):
        return
    before = [ref for ref, end in at.items() if share_at is not None and 0 <= share_at - end <= 3]
    first = before[0] if before else max(at, key=lambda r: at[r])
    q.filters = {first: q.filters[first], **{r: v for r, v in q.filters.items() if r != first}}


def _plain_listing(s: _Shape, dims: list[tuple[int, str, Column | str]], q: Mapping) -> bool:
    """ "list ...", "which are ...": rows asked for by their values alone, no figure, grouping or ranking."""
    shaped = s.count or s.superlative or s.aggregate or s.age or s.growth or s.total or q.share
    shaped = shaped or (s.implied and any(len(v) > 1 for v in q.filters.values()))
    return s.listing and not shaped and not _grouping_dims(dims, q)


def _grouping_dims(dims: list[tuple[int, str, Column | str]], q: Mapping) -> list[tuple[int, str, Column | str]]:
    """The dimension words that may group: "assigned to ben" names the filter's own column, no grouping."""
    filtered = {*q.filters, *q.excluded, *q.missing, *q.present}
    return [d for d in dims if not (isinstance(d[2], Column) and d[2].ref in filtered)]


def _row_name(table: Table) -> Column | None:
    """What names one row of `table` in a grouping: a unique label, else the primary key, else any label."""
    label = table.label
    return (label if label is not None and label.unique else None) or table.primary_key or label


def _adjacent(t: _Text, end: int, pos: int) -> bool:
    """Only blanks, claimed words, articles and the joins of claimed values ("P1 or P2") lie between them."""
    return 0 <= pos - end and re.fullmatch(r"\s*((the|our|of|or|and)\s+)*", t.s[end:pos]) is not None


def _place_dimensions(
    t: _Text, q: Mapping, dims: list[tuple[int, str, Column | str]], s: _Shape, value_ends: list[tuple[int, Column]]
) -> None:
    """Keep the dimensions that group (not a word that only describes a filter), and pick the ranked one."""
    kept: list[tuple[int, Column | str, bool]] = []
    for pos, words, dim in dims:
        before = t.before(pos)
        by = re.search(r"\b(by|per|each|every|across)\s*$", before) is not None
        grouping = _GROUPING_BEFORE.search(before) is not None or (s.rank_at is not None and pos > s.rank_at)
        if isinstance(dim, Column):
            before_values = [col for end, col in value_ends if 0 <= pos - end <= 2]
            after_value = [col.table for col in before_values]
            if any(col.table == dim.table and (col.unique or col.primary_key) for col in before_values):
                continue  # "the EU region": the word names the row the value already names
            filtered = dim.ref in q.filters or dim.ref in q.excluded or dim.ref in q.missing or dim.ref in q.present
            if not grouping and (filtered or (after_value and s.rank_at is None)):
                continue  # "Europe ... region", "audio products": the word describes a filter
        if isinstance(dim, Column) and pos in s.all_of:
            continue  # "all products": the total over them
        if dim not in [d for _, d, _ in kept]:
            last = words.split()[-1] if words.split() else ""
            which_of = re.search(r"\bwhich of( the| our)?\s*$", before) is not None  # "which of our products"
            singular_word = (singular(last) == last or which_of) and not by
            kept.append((pos, dim, singular_word))
    q.dimensions = [d for _, d, _ in kept]
    if not kept:
        if s.rank_at is not None and q.top_n is None and not q.filters:
            q.not_understood.append("what to rank (no grouping was named)")
        elif re.match(r"\s*(who|whom|whose)\b", t.read):
            # "who has the most open tickets": a person, which no column of this data was named for
            q.not_understood.append("who (no column of people was named)")
        return
    after = [k for k in kept if s.rank_at is not None and k[0] >= s.rank_at]
    categorical = [k for k in kept if not isinstance(k[1], str)]
    _, ranked, singular_word = (after or categorical or kept)[0]
    if s.rank_at is not None:
        q.ranked = ranked
        if q.top_n is None and singular_word and s.superlative:
            q.top_n = 1
    if q.ranked is not None and len(q.dimensions) > 1:
        q.dimensions = [d for d in q.dimensions if d != q.ranked] + [q.ranked]


def _average_per(measure: Measure, table: Table) -> Measure:
    """ "average revenue per order": the measure divided by the number of distinct rows of `table`."""
    named = measure.named
    assert named is not None
    key = table.primary_key or table.label
    counted = f"count(DISTINCT {{{key.ref}}})" if key else "count(*)"
    sql = f"round(({named.sql})::numeric / nullif({counted}, 0), 2)"  # units are integers: no integer division
    label = f"average {measure.label} per {singular(table.name).replace('_', ' ')}"
    name = f"avg_{measure.name}_per_{singular(table.name)}"
    return Measure(name, label, named=NamedMeasure(name, sql, (), label, ratio=True))


def _measure(target: Target, aggregate: str | None) -> Measure:
    if target.measure is not None:
        m = target.measure
        return Measure(m.name, m.label or m.name.replace("_", " "), named=m)
    col = target.column
    assert col is not None
    agg = aggregate or "sum"
    words = {"sum": "total", "avg": "average", "median": "median"}[agg]
    return Measure(
        col.name if agg == "sum" else f"{agg}_{col.name}",
        f"{words} {col.name.replace('_', ' ')} ({col.ref})",
        column=col,
        aggregate=agg,
    )


def _count_distinct(column: Column) -> Measure:
    """The number of different values of a column (empty ones not counted)."""
    name = f"distinct_{column.name}s"
    label = f"number of different {dim_label(column)} values ({column.ref})"
    sql = f"count(DISTINCT {{{column.ref}}})"
    return Measure(name, label, named=NamedMeasure(name, sql, (), label, ratio=True))


def _count(table: Table) -> Measure:
    name = table.name
    return Measure(name, f"number of {name.replace('_', ' ')} ({table.ref})", aggregate="count", table=table)


def _default_measure(lex: Lexicon) -> Measure | None:
    wanted = lex.vocabulary.default_measure
    for m in lex.vocabulary.measures:
        if m.name == wanted:
            return Measure(m.name, m.label or m.name, named=m)
    if len(lex.catalogue.tables) == 1:  # one table: its rows are the only thing to count
        return _count(lex.catalogue.tables[0])
    return None
