"""Reading a request against the deployment's data: does it count, measure or list the rows the data holds?"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from cognicore.memory.text import STOPWORDS, stem, terms

# "how many <noun>", "number of <noun>": the counted noun is within the next words, before any verb.
_COUNTING = re.compile(
    r"\b(?:how many|number of|count of|count the|count our|total number of)\s+(?P<next>(?:[\w-]+\s*){1,5})", re.I
)
_VERBS = frozenset(
    "do does did are is was were have has had will can could should would must may might shall been be get got".split()
)
# "Laptop tickets, how many are there?": the counted thing is named elsewhere in the request.
_HOW_MANY_THERE = re.compile(r"\bhow many\s+(?:are|were|is|was)\s+there\b", re.I)


def counts_data(request: str, counted: frozenset[str]) -> bool:
    """Does the request count a thing the data holds ("how many open tickets"), by the schema's table words?

    Only the words right after "how many" are read, up to the first verb: "how many days do customers
    have" counts days, not customers; a unit of time or measure first ("how many years a product gets updates")
    counts that unit.
    """
    for m in _COUNTING.finditer(request):
        for i, word in enumerate(m.group("next").lower().split()):
            if word in _VERBS or (i == 0 and word in RULE_UNITS):
                break
            if stem(word) in counted:
                return True
    return bool(_HOW_MANY_THERE.search(request) and set(terms(request)) & counted)


# Figure questions whose measure is only a verb: "how much did the Cargo make", "how many did we move",
# "what did Harbour bring in". The verb is the measure; the data word (a table, a column or a value of the
# data) says the question is about the database.
# "how many <noun> did ..." is left to `counts_data`, which checks that the noun is a thing the data holds.
_HOW_MUCH_DID = re.compile(r"\bhow (?:much(?:\s+\w+)?|many)\s+(?:did|does|do|has|have|had|was|were|will)\b", re.I)
_HOW_MANY_DID_WE = re.compile(r"\bhow many\s+(?:did|do|does|have|has|had)\s+(?:we|you|they|i)\b", re.I)
_WHAT_DID = re.compile(r"^\s*what\s+(?:did|does|do|has|have|had|will)\s+(?P<subject>.+?)\s+(?P<verb>[a-z]+)\b", re.I)
# Verbs of saying and deciding: "what did the decision log say about Vista" asks a document, not the data.
_TELLING = frozenset(
    terms(
        "say says said mean means tell write wrote note recommend conclude state decide decided think plan announce "
        "promise mention describe explain cover include suggest propose ask want need like prefer call stand"
    )
)
# "split by channel", "per component", "for each region": a grouping by a column or table of the data.
_GROUPED = re.compile(r"\b(?:by|per|across|for each|each)\s+(?:the\s+|our\s+)?(?P<word>[\w-]+)", re.I)


@dataclass(frozen=True)
class DataWords:
    """What the deployment's data is made of, read from the schema at start-up: the words of its table and
    column names (`counted`) and of the distinct values of its low-cardinality text columns (`values`)."""

    counted: frozenset[str] = frozenset()
    values: frozenset[str] = frozenset()

    @classmethod
    def of(cls, counted: Iterable[str] = (), values: Iterable[str] = ()) -> DataWords:
        """Stemmed words of table/column names and of data values (short words and stopwords dropped)."""
        # A value of a few words names something; a sentence ("Earbuds, headphones and speakers.") describes.
        names = [v for v in values if len(v.split()) <= 4 and "." not in v.rstrip()[-1:]]
        value_words = {w for v in names for w in terms(v.replace("_", " ")) if len(w) > 1}
        return cls(counted=frozenset(stem(w) for w in counted), values=frozenset(value_words) - STOPWORDS)

    def named(self, request: str) -> list[str]:
        """The data words (tables, columns, values) that the request names."""
        return sorted(set(terms(request)) & (self.counted | self.values))


def asks_figures(request: str, data: DataWords) -> str | None:
    """The data word of a figure question the measure vocabulary misses, or None.

    "how much did the Cargo make in May", "what did Harbour generate", "how many did we move", "split by
    channel": the measure is a verb or a column, and a word of the data (not of a word list) marks it.
    """
    if _HOW_MANY_DID_WE.search(request):
        return "how many"
    named = data.named(request)
    if not named:
        return None
    # "how much does express shipping cost": a column's word ("cost") alone is a price question the
    # documents may answer; the figure question names a thing the data holds ("the Cargo", "EMEA").
    valued = [w for w in named if w in data.values]
    if _HOW_MUCH_DID.search(request) and valued:
        return valued[0]
    m = _WHAT_DID.match(request)
    if m and stem(m.group("verb").lower()) not in _TELLING and set(terms(m.group("subject"))) & set(named):
        return named[0]
    for g in _GROUPED.finditer(request):
        if stem(g.group("word").lower()) in data.counted:
            return g.group("word")
    return None


# The verbs of trade: what was sold, made, earned, brought in or shipped is a figure of the business. The strong ones
# mean trade alone ("did we sell", "has it brought in"); the others only in a figure's shape ("how much did X make",
# "what did X make"), since "did we make a decision" or "have we moved the warehouse" ask no figure.
_STRONG_TRADE = (
    r"sell|sells|sold|selling|earn|earns|earned|earning|generate|generates|generated|gross|grosses|grossed|"
    r"ship|ships|shipped|(?:bring|brings|brought|bringing|take|takes|took|pull|pulls|pulled|rake|rakes|raked)\s+in"
)
_TRADE = rf"{_STRONG_TRADE}|make|makes|made|move|moves|moved|spend|spends|spent|buy|buys|bought|net|nets|netted"
# "how much ... sell for", "what ... sold for": a price, which the documents may state.
_PRICE_FOR = r"(?!\s+for\b)"
_HOW_MUCH_MANY = re.compile(r"\bhow\s+(?:many|much)\b(?P<rest>[^?.!;:]*)", re.I)
# "how many days / hours / minutes", "how much time / notice": a rule's value (a limit, a window), not a figure.
RULE_UNITS = frozenset(
    "second seconds sec secs minute minutes min mins hour hours hr hrs day days week weeks wk wks month months year "
    "years yr yrs time times percent characters character notice longer later earlier".split()
)
_PAST = re.compile(r"\b(?:did|didn't|have|has|had|haven't|hasn't)\b(?!\s+to\b)", re.I)
_TRADED = re.compile(rf"\b(?:{_TRADE})\b{_PRICE_FOR}", re.I)
# "what did the Haven Home bundle bring in", "what has the band made since the cut": the amount a thing traded.
_WHAT_TRADED = re.compile(
    rf"\bwhat\s+(?:did|has|have|had)(?!\s+to\b)\s+(?P<subject>(?:[\w'&-]+\s+){{1,6}}?)(?:{_TRADE})\b{_PRICE_FOR}", re.I
)
# "did we sell more bundles than cameras", "have we shipped any to Brazil": the trade itself, in the past.
_DID_TRADE = re.compile(
    rf"\b(?:did|didn't|have|has|had|haven't|hasn't)(?!\s+to\b)\s+(?P<subject>(?:[\w'&-]+\s+){{1,6}}?)(?:been\s+)?"
    rf"(?:{_STRONG_TRADE})\b{_PRICE_FOR}",
    re.I,
)
# The measures of a business, whatever its data ("revenue", "the margin on X", "the sales figures").
_MEASURE = re.compile(
    r"(?<![\w-])(?:revenues?|turnover|income|earnings|profits?|margins?|units\s+sold|unit\s+sales|"
    r"sales\s+(?:figures?|numbers?|volumes?|totals?)|figures|metrics|kpis?)\b",
    re.I,
)


def names_trade(request: str) -> bool:
    """Does the request name a verb of trade ("sell", "make", "bring in", "spend", ...), a figure's own verb?"""
    return _TRADED.search(request) is not None


def asks_trade_figure(request: str) -> bool:
    """Does the request ask for a figure of the business, however the data's words name it? A count or an amount
    of what happened ("how many bundles did we sell", "how much did the band make after the price cut"), what a thing
    traded ("what did the bundle bring in", "did we sell more bundles than cameras") or a measure ("the margin on
    the cable"). Not a rule's value: "how many days do customers have to send it back", "how much is the student
    discount", "who approves a discount above 20%", "from what order amount is shipping free"."""
    for m in _HOW_MUCH_MANY.finditer(request):
        rest = m.group("rest")
        first = rest.split()[:1]
        if first and first[0].lower().strip(",") in RULE_UNITS:
            continue
        if _PAST.search(rest) or _TRADED.search(rest):
            return True
    for m in (*_WHAT_TRADED.finditer(request), *_DID_TRADE.finditer(request)):
        if not set(terms(m.group("subject"))) & _TELLING:
            return True
    return _MEASURE.search(request) is not None


# Aggregates and superlatives of a thing the data holds ("the oldest open ticket", "share of P1 tickets").
_AGGREGATE = re.compile(
    r"\b(?:top|bottom|best|worst|highest|lowest|most|least|fewest|oldest|newest|youngest|largest|smallest|"
    r"biggest|busiest|earliest|latest|average|mean|median|percentage|percent|share|proportion|portion|fraction|"
    r"distributed|distribution|split|breakdown|number of)\b",
    re.I,
)
# Rows asked for by enumeration: "list ben's open tickets", "which tickets are ...", "what are the open ...".
ENUMERATES = re.compile(
    r"^\s*(?:please\s+)?(?:list|count|show(?:\s+me)?|give\s+me|which|what\s+are\s+the|are\s+there\s+any)\b", re.I
)
# A grouping by a period of a thing the data holds: "tickets per day", "orders by week".
PER_PERIOD = re.compile(
    r"\b(?:per|by|each|every|over|across)\s+(?:the\s+)?(?:days?|weeks?|months?|quarters?|years?|weekdays?)\b", re.I
)

# Rows of a thing the data holds within a period: "tickets opened since June", "orders last week".
IN_PERIOD = re.compile(
    r"\b(?:since|from|after|before|during|in)\s+(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|"
    r"q[1-4]|(?:19|20)\d\d)\b|\b(?:last|this|past|previous|current)\s+(?:day|week|month|quarter|year)\b"
    r"|\bon\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
    r"|\bon\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d{1,2}\b",
    re.I,
)


def asks_rows(request: str, data: DataWords, values: Iterable[str] = ()) -> str | None:
    """The table word of a question about the data's rows the measure vocabulary misses, or None.

    A word of the schema's tables or columns ("tickets", "orders") with an aggregate or superlative, a grouping
    by period, or an enumeration naming a value of the data too ("list ben's open tickets"); never a request
    with a word of the knowledge vocabulary (policies and procedures are the documents').
    """
    if _DEFINITION.match(request):
        return None  # "what does p3 mean": what the value stands for, which the documents say
    found = set(terms(request))
    # A value of the data, also in the plural ("the P1s"), names its rows.
    # ("in_progress" is written "in progress")
    named = [v for v in values if len(v) > 1 and re.search(rf"(?<!\w){_spelt(v)}(?:e?s)?(?!\w)", request, re.I)]
    # "what's open on the vpn": "open" is a status there, not the date column `opened_at` whose word it shares.
    tables = sorted(found & data.counted - set(terms(" ".join(named))))
    if not tables:
        # "list the p1s", "who handles the most P1s", "is anything still unassigned": the rows a value (or an empty
        # column) of the data stands for, with no table word.
        # "anything about the printer"; not "which vendor do we have for printers" (a thing the data lacks)
        listed = (ENUMERATES.match(request) and not _asks_other_thing(request, data)) or _ANY.match(request)
        if named and (_AGGREGATE.search(request) or listed or _counts_value(request, named)):
            return named[0]
        if len(named) >= 2 and is_asked(request) and not (_HOW_WHY.match(request) or _ADVICE.search(request)):
            return named[0]  # "do we have any p1s open", "what's open on the vpn": two values of the data's rows
        return "rows" if _negates_column(found, data.counted) and is_asked(request) else None
    if _AGGREGATE.search(request) or PER_PERIOD.search(request) or IN_PERIOD.search(request):
        return tables[0]
    searched = _SEARCHES.search(request) or _NOBODY.search(request)
    if searched and not (_HOW_WHY.match(request) or _ADVICE.search(request)):
        return tables[0]  # "tickets that mention 'access denied'", "open tickets no one is assigned to": their rows
    enumerates = (ENUMERATES.match(request) and not _asks_other_thing(request, data)) or _ANY.match(request)
    if enumerates and (named or len(tables) >= 2 or _negates_column(found, data.counted)):
        return tables[0]
    bare = not (_WH_QUESTION.match(request) or _AUXILIARY.search(request))
    # The rows in the plural ("tickets"): "weight of the hydro pump" asks a fact, which the documents may state.
    rows = any(w.endswith("s") and stem(w) in data.counted for w in re.findall(r"[a-z]+", request.lower()))
    if named and bare and rows and not (found - STOPWORDS) - data.counted - data.values:
        return tables[0]  # "ana's open tickets": a phrase of nothing but the data's rows and values asks for them
    if len(named) >= 2 and _COMPARES.search(request) and not _WH_QUESTION.match(request):
        return tables[0]  # "P1 vs P2 incidents": two values of the data side by side (not "what is the SLA ...")
    return None


_DEFINITION = re.compile(
    r"^\s*what\s+(?:does|do|is|are)\s+.+\s+(?:mean|stand\s+for)\b|^\s*what(?:'s|\s+is|\s+are)\s+the\s+(?:meaning|definition)\b",
    re.I,
)
_WHICH = re.compile(r"^\s*(?:which|what)\s+(?!are\b|is\b|were\b|was\b)", re.I)


def _asks_other_thing(request: str, data: DataWords) -> bool:
    """True for "which team should get the vpn ticket", "which vpn client do we use": the noun after "which"
    (past the data's values) is no table or column of the data, so the question asks for that thing, not rows."""
    m = _WHICH.match(request)
    if not m:
        return False
    for word in re.findall(r"[a-z0-9_-]+", request[m.end() :].lower()):
        term = stem(word)
        if word in STOPWORDS or term in data.counted:
            return False
        if term in data.values or stem(word.rstrip("s")) in data.values:
            continue  # "which vpn tickets", "which p1s": a value qualifying the rows
        return True
    return False


# Rows whose text holds a phrase ("tickets mentioning access denied", "that say 'slow'"), or nobody's rows.
_SEARCHES = re.compile(r"\b(?:mention(?:s|ed|ing)?|say(?:s|ing)?|contain(?:s|ed|ing)?|with the words?)\b", re.I)
_NOBODY = re.compile(r"\b(?:nobody|no one|no-one)\b", re.I)
_WH_QUESTION = re.compile(r"^\s*(?:what|how|why|when|where|who)\b", re.I)
# A way, a reason or a consequence ("what happens if nobody answers a p1"), never rows.
_HOW_WHY = re.compile(r"^\s*(?:how(?!\s+many)|why|when|where|what\s+happens)\b", re.I)
_ADVICE = re.compile(r"\b(?:should|must|shall|need to|have to|can i|do i|how to|what to do)\b", re.I)  # a procedure
_ANY = re.compile(r"^\s*(?:are there |is there |do we have |have we got )?any(?:thing)?\b", re.I)
_AUXILIARY = re.compile(
    r"\b(?:is|are|was|were|be|been|being|has|have|had|do|does|did|can|could|should|would|will|shall|may|might|must|"
    r"i|we|you|he|she|they)\b",
    re.I,
)
_ASKED = re.compile(
    r"^\s*(?:is|are|was|were|do|does|did|has|have|any|anything|what|which|who|how|list|show)\b|\?\s*$", re.I
)


def _spelt(value: str) -> str:
    """A value as a pattern that also matches it written with spaces for its underscores ("in progress")."""
    return r"[_\s]".join(re.escape(part) for part in value.split("_"))


def is_asked(request: str) -> bool:
    """A question or a request for rows ("is anything still unassigned"), not news ("ben's laptop is unassigned")."""
    return _ASKED.search(request) is not None


_COMPARES = re.compile(r"\b(?:vs|versus|compared?\s+(?:to|with)|against)\b", re.I)


def _counts_value(request: str, named: list[str]) -> bool:
    """ "how many p2s", "how many open p1s": the word counted is a value of the data, not "how many hours"."""
    for m in _COUNTING.finditer(request):
        first = m.group("next").lower().split()[:1]
        if first and any(re.fullmatch(rf"{re.escape(v.lower())}(?:e?s)?", first[0]) for v in named):
            return True
    return False


def _negates_column(found: set[str], counted: frozenset[str]) -> bool:
    """ "unassigned": "un" and a word built on a column's name ("assignee"), an empty value of that column."""
    stems = {w[:6] for w in counted if len(w) >= 6}
    return any(w.startswith("un") and w[2:8] in stems for w in found if len(w) >= 8)
