"""The shape words of a request: aggregate, count, share, ranking and top N, trend, growth, age, listing.

They are read after the periods and before the measures and values, claiming the words they use.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from cognicore.subagents.offline_sql.mapping import Mapping, Text
from cognicore.subagents.offline_sql.periods import NUM, NUMBER_WORDS, number

DESC = r"top|best|highest|most|largest|biggest|busiest|heaviest|leading|greatest|strongest|fastest|maximum|max"
ASC = r"bottom|worst|lowest|least|fewest|smallest|weakest|poorest|slowest|lightest|quietest|minimum|min"


@dataclass
class Shape:
    """How the figure is asked for, and where the words that say it were written."""

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
    comparative: bool = False  # "more" / "fewer" with no "than": of two values named
    difference: bool = False  # "by how much", "what's the gap": the difference between the two compared
    change_itself: bool = False  # "how did X change": a change between two periods in its unit, beside its %
    total: bool = False
    all_of: list[int] = field(default_factory=list)  # positions of "all (the) X": no grouping by X
    listing: bool = False  # "list the open tickets", "which tickets are ...": the rows themselves
    implied: bool = False  # the listing is implied ("what is open", "ana's open tickets"), not asked in words
    noun_phrase: bool = False  # implied by a bare noun phrase alone ("open P1 tickets")
    decline: bool = False  # "fell", "dropped": the largest change is the most negative one
    eldest: bool = False  # "the oldest", "the most recent": one row (or group) by age, never an average age
    share_at: int | None = None  # where "share", "fraction", ... was written
    ratio: bool = False  # "the ratio of open to closed tickets": the first figure over the second
    things: bool = False  # "our 3 best sellers", "the top performers": the things ranked, no grouping named
    every: bool = False  # "everyone's count", "all of them": each group is shown, not only the first
    of_gross: bool = False  # "as a % of gross sales": a fraction of the amount before it was taken off
    percent_threshold: bool = False  # the threshold's figure is a percentage ("a margin above 40%")


_GAP = (
    r"\bby how (?:much|many|far)\b|\bhow (?:big|large|wide|much) (?:is |was |of )?(?:a |the )?(?:gap|difference)\b|"
    r"\b(?:the |a )?(?:gap|difference)(?: (?:between|in|of))?\b|"
    # "was A ahead of B", "how far behind": not "ahead of my meeting"
    r"\b(?:how far|is|are|was|were|been|stays?|stayed|fell|falls?|got|gets?) (?:ahead|behind)(?: of)?\b"
)
_FIGURE_WORDS = r"\b(?:split|breakdown|distribution|distributed|between|mix|spread)\b"
_DESCRIBED_ROWS = r"\w['\u2019]s\b|\b(?:that|which|whose|who|where)\b"
_ASKING_START = (
    r"\s*(?:how|what|which|who|whom|whose|when|where|why|is|are|was|were|do|does|did|can|could|will|would|should|"
    r"has|have|count|tally|number|total|sum|average|avg|mean|median|rank|sort|compare|break|top|bottom|per|by)\b"
)
GROWTH = r"\b(growth|grow|grows|grew|grown|growing|change|changed|changes|increase|increased|rose|rise)\b"
DECLINE = r"\b(decline|declined|declining|decrease|decreased|drop|dropped|fell|fall|shrank|shrink|shrunk)\b"
_THRESHOLD_OPS = {
    **dict.fromkeys(("more than", "greater than", "over", "above", "upwards of"), ">"),
    **dict.fromkeys(("fewer than", "less than", "under", "below"), "<"),
    **dict.fromkeys(("at least", "no fewer than", "no less than"), ">="),
    **dict.fromkeys(("at most", "no more than", "up to"), "<="),
    "exactly": "=",
}
_THRESHOLD = (
    rf"\b({'|'.join(sorted(_THRESHOLD_OPS, key=len, reverse=True))}) "
    rf"({'|'.join(NUMBER_WORDS)}|\d{{1,3}}(?: \d{{3}})*k?|\d+k?)\b"
    r"(?! ?(?:percent|%|days?|weeks?|months?|quarters?|years?|hours?))"
)
# not after "of": "orders of 5 or more units" is a condition on each row, not on a group's total
_OR_MORE = (
    r"(?<!\bof )"
    rf"\b({'|'.join(NUMBER_WORDS)}|\d{{1,3}}(?: \d{{3}})*k?|\d+k?) or "
    r"(more|over|above|greater|fewer|less|under|below)\b"
    r"(?! ?(?:percent|%|days?|weeks?|months?|quarters?|years?|hours?))"
)
_ROWS_THEN_WHICH = (
    r"(?:of|among|amongst|out of|from)\b[^,:;?]{2,60}[,:;]\s*(?:which|what) (?:ones?|of them|are|is|were|have)\b"
)
# "can you show me ...", "pls list ...", "could you just give me ...": a listing asked politely is still a listing
_POLITE = (
    r"\s*(?:(?:(?:can|could|would|will|cn|cud) (?:you|u|ya)|please|pls|plz|kindly|just|now|then|so|ok|okay|hey|hi|"
    r"quickly|also)\s+)*"
)
_OF_GROSS = (
    r"\b(?:(?:as |in )?(?:an? )?(?:percent(?:age)?|share|fraction|proportion) of|relative to|in relation to) "
    r"(?:the |our |total )?gross (?:sales|revenue|amount|value|price)s?\b"
)
_NONE_OF = (
    r"\b(?:without (?:any|a single)|(?:have|has|had|having|with|got) (?:nothing|none)(?: (?:left|remaining|yet))?|"
    r"(?:have|has|had) never (?:had|seen|got|gotten|received|logged)(?: (?:any|a single|a|one))?|"
    r"(?:where|with|in which|for which) not (?:a single|one)|(?:free|clear) of(?: any)?)\b"
)
_ORDINALS = {
    **{"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9},
    **{"tenth": 10},  # not "next": after an answer it means the place after the last one shown
}
_PART_VERB = r"\b(?:is|are|was|were|came|come|comes|went|go|goes|got|get|gets|belongs?|falls?|fell)\b"
_YOUNGEST = ("newest", "youngest", "latest", "last", "most recent", "most recent one", "most recently")


def read_shape(t: Text, q: Mapping, original: str = "") -> Shape:
    """Claim the shape words of `t`; the share, comparison, top N and direction go straight into `q`."""
    s = Shape()
    # "the top 20% of products by revenue": a top share of the groups ranked (the top N read below is the percent)
    if pct := PERCENTILE.search(t.s):
        t.s, q.top_percent = t.s[: pct.start(1)] + " " * (pct.end(1) - pct.start(1)) + t.s[pct.end(1) :], True
    # "how did Q3 2026 compare with Q3 2025, in percent": the change between the two periods, not each one's share
    compared = len(q.compared_periods) == 2 and re.search(r"\b(?:vs|versus|compared?|against)\b", t.s) is not None
    if re.search(f"{GROWTH}|{DECLINE}", t.s) or compared:
        # "by how much did revenue change ..., in percent": the size of the change (its % is shown), not a share
        t.take(r"\bby (?:how much|what (?:percentage|percent|%|amount)|how many percent(?:age points)?)\b")
        in_percent = t.take(r"\b(?:in|as an?|as) (?:percent(?:age)?s?|%)(?: terms)?\b")
        s.growth = s.growth or bool(in_percent and compared)
        # "how did revenue change from Q2 to Q3": the change itself beside its %, unless asked in percent
        s.change_itself = not in_percent and re.search(r"\bchang(?:e|ed|es)\b", t.s) is not None
        t.take(r"(?<=\bgrowth )rates?\b|(?<=\bchange )rates?\b|\brates? of (?=growth|change|increase|decline)")
    # "discount as a % of gross sales", "relative to gross revenue": the fraction of the amount before deductions
    s.of_gross = bool(t.take(_OF_GROSS))
    shares = r"\b(share|percentage|percent|proportion|contribution|mix|fraction|portion)\b( of( the)? total)?"
    while m := t.take(shares):
        q.share, s.share_at = True, m.start()
    if q.share:  # "what percentage of all tickets falls under each priority": the part's verb says no more
        t.take(r"\b(?:falls?|fell|falling|sits?|lands?|landed) (?:under|into|in|within|to)\b|\bbelongs? to\b")
    # "how much of the P4 workload is closed", "how much of our revenue came from Europe": a part said of the whole
    # after a verb is its share (shown beside its figure), never the part's figure alone
    part_of = t.find(r"\b(how much|what part|which part) of\b")
    if part_of is not None and re.search(_PART_VERB, t.s[part_of.end() :]) and not q.share:
        keep = part_of.end(1) if part_of.group(1) == "how much" else part_of.start()  # "how much" still reads
        t.s = t.s[:keep] + " " * (part_of.end() - keep) + t.s[part_of.end() :]
        q.share, s.share_at = True, part_of.start()
    # "2 or more closed tickets", "five or fewer orders": a threshold on each group, not a comparison
    if m := t.take(_OR_MORE):
        figure = m.group(1).replace(" ", "")
        value = number(figure) if figure in NUMBER_WORDS else float(figure.rstrip("k")) * (1000 if "k" in figure else 1)
        q.having = (">=" if m.group(2) in ("more", "over", "above", "greater") else "<=", value)
    # "have nothing left open", "without any P1 tickets", "have never had a single P1", "where not one ticket is
    # closed": only the groups with none of those rows (the builder lists the groups whose count is zero)
    if t.take(_NONE_OF):
        q.zero_rows = True
        t.take(r"\bat all\b")
    s.ratio = bool(t.take(r"\bratio\b(?: of| between)?"))
    if s.ratio:  # "open to closed": the two sides of the ratio, not a period's end
        t.s = re.sub(r"(?<=\w) (to|and|versus|vs)(?= \w)", lambda m: " " * (len(m.group(0))), t.s, count=1)
    # "how did X stack up against Y", "measure up to", "hold up against": the two side by side
    up = r"(?:stack|stacks|stacked|measure|measures|measured|hold|holds|held) up(?: (?:against|to|with|next to))?"
    s.compare = bool(t.take(rf"\b(vs|versus|compared? (to|with|against)?|against|side by side|{up})\b"))
    # "how much more revenue did online make than retail", "how many fewer tickets has ben than ana": both and the gap
    # ("how much bigger was Q4 than Q3", "how much higher was the margin on A than on B": the same gap)
    gap = r"\bhow (?:much|many) (?:more|less|fewer|bigger|larger|greater|higher|smaller|lower)\b(?! than\b)"
    s.difference = t.take(gap) is not None
    # "ana vs ben: who's got more open tickets", "which has fewer, P1 or P2": the two values side by side
    while t.take(r"\b(?:more|fewer|less)\b(?! than\b)(?! (?:recent|recently|often)\b)"):
        s.comparative = True  # "more open or more closed tickets": one comparison
    # "was Q3 higher than Q2", "did A do better than B": both side by side ("higher than 400k": a threshold)
    for m in list(re.finditer(rf"\b{_COMPARATIVE}\b", t.s)):
        asked = re.search(r"\b(?:which|who)(?: [a-z0-9]+){0,2} (?:is|was|are|were|had|has) $", t.read[: m.start()])
        if re.match(r"(?: [a-z0-9]+){0,5} than [a-z]", t.read[m.end() :]) or asked:  # "which was higher, A or B"
            t.s, s.comparative = t.s[: m.start()] + " " * (m.end() - m.start()) + t.s[m.end() :], True
    # "and by how much", "what's the gap between A and B", "how far ahead of B was A": both and their difference
    while t.take(_GAP):
        s.difference = True
    if s.difference:  # "by how many orders was A ahead of B": the lead is that difference
        t.take(r"\b(?:ahead|behind)(?: of)?\b")
    s.compare = s.compare or s.comparative or s.difference
    s.growth = s.growth or (s.difference and len(q.compared_periods) == 2)  # "the difference between Q2 and Q3"
    trend = r"trend(?:s|ed|ing)?|evolution|evolved?|history|historical|timeline|develop(?:ed|ing|ment)?"
    # "whether it's trending up or down", "is it going up or down?": the direction asked is the trend with its change
    direction = t.take(
        r"\b(?:(?:whether|if) )?(?:(?:it s|it is|it|is it|they are|are they|they|it has been|has it been) )?"
        r"(?:(?:trending|going|moving|heading|been) )?(?:up or down|down or up|rising or falling|falling or rising|"
        r"increasing or decreasing|decreasing or increasing|growing or shrinking|shrinking or growing)\b"
    )
    s.trend = bool(t.take(rf"\bover time\b|\b({trend})\b")) or direction is not None
    s.growth = s.growth or direction is not None
    # "break down", "break the tickets down by ...": a breakdown; the words between keep their meaning
    if broken := t.find(r"\b(?:break|breaks|broken|breaking)((?: [a-z0-9]+){0,5}?) down\b"):
        t.s = t.s[: broken.start()] + " " * (broken.start(1) - broken.start()) + t.s[broken.start(1) :]
        t.s = t.s[: broken.end() - 4] + "    " + t.s[broken.end() :]
    # "what is open on the VPN" lists the rows too; "what share of ..." asks a figure
    # "any p1s still open?", "are there any unassigned tickets": the rows answer it (none, or which)
    listed = r"list|show( me)?|give me|display|which|what are|any|are there any|is there any|pull up|bring up|fetch"
    s.listing = re.match(rf"{_POLITE}({listed})\b", t.s) is not None
    # "of ana's tickets, which are P1?", "among the open ones, which ...": a lead-in naming the rows, then "which"
    s.listing = s.listing or re.match(_ROWS_THEN_WHICH, original.strip(), re.I) is not None
    # "On the vpn side, anything still open?", "is there anything open": "anything" opening a clause stands for the
    # rows ("is ben working on anything" is what ben does, which the rows may not say: not read as a listing)
    if re.search(r"(?:^|[,;:]|\b(?:is|are) there)\s*anything\b", original.strip(), re.I):
        s.listing = s.listing or t.take(r"\b(?:(?:is|are) there )?anything\b") is not None
    # "what is open on the VPN", "ana's open tickets", "open tickets containing 'cannot connect'": rows named by
    # their values with no period, figure or comparison asked are the rows themselves
    undated = q.period is None and not q.compared_periods and not q.weekdays
    plain = undated and not (q.share or s.compare or re.search(_FIGURE_WORDS, t.read))
    # a bare phrase lists only when it says whose rows or which ones ("ana's", "that ...", a searched phrase);
    # "wifi tickets still in progress" stays a count
    described = q.search is not None or re.search(_DESCRIBED_ROWS, original, re.I) is not None
    bare = described and re.match(_ASKING_START, t.read) is None
    # "tickets opened on or after 2026-01-08 that are still open": a bare phrase describing rows lists them, dated too
    dated = bare and not undated and not (q.share or s.compare or re.search(_FIGURE_WORDS, t.read))
    # "open P1 tickets", "I need the in progress tickets for chloe": a noun phrase of rows, undated and asking no
    # figure, lists them ("P1s open?" too); dated ones ("vpn tickets last week?") stay a count
    noun_phrase = re.match(_ASKING_START, t.read) is None and not s.how_much
    what = re.match(r"\s*what\b", t.read) is not None
    s.implied = not s.listing and ((plain and (what or bare or noun_phrase)) or dated)
    s.noun_phrase = s.implied and plain and not (what or bare or dated)
    s.listing = s.listing or s.implied
    while t.take(GROWTH):
        s.growth = True
    while t.take(DECLINE):
        s.growth = s.decline = True
    if re.search(r"\b(age|ages|aged|old|oldest|newest|long|longest)\b", t.s):
        t.take(r"\bin days\b")  # the unit ages are given in, not a grouping by day
    if m := t.take(r"\b(average|avg|mean)\b"):
        s.aggregate = "avg"
    elif t.take(r"\bmedian\b"):
        s.aggregate = "median"
    # "the first wi-fi ticket", "our last order from a region", "the last 3 tickets": the earliest or latest (periods,
    # as "the first half" or "last month", were read before)
    owner = r"(?:(?<=\bthe )|(?<=\bour )|(?<=\bmy )|(?<=\bits )|(?<=\btheir ))"
    # not a measure's name: "the first response time", "our last login date", "the first name"
    ends = (
        rf"{owner}(?:first|last)(?! (?:time|one of|few|couple|name|response|reply|contact)\b)(?! \w+ (?:time|date)\b)"
    )
    # "sorted by date", "in chronological order": the oldest first (as long a phrase, so positions hold), unless
    # the order is said too ("sorted by date, newest at the top") or periods are the rows ("by month": in order)
    stated = re.search(rf"\b(?:newest|oldest|latest|earliest|most recent(?:ly)?){_AGE_ORDER.pattern}", t.s)
    stated = stated or re.search(r"\b(?:days?|weeks?|months?|quarters?|years?|daily|weekly|monthly|quarterly)\b", t.s)
    t.s = _IN_DATE_ORDER.sub(lambda m: ("" if stated else "oldest first").ljust(len(m.group(0))), t.s)
    if oldest := t.take(
        rf"\b(oldest|earliest|longest open|longest|newest|youngest|latest|most recently|most recent(?: one)?)\b|{ends}"
    ):
        s.age, s.superlative, s.rank_at, s.eldest = True, True, oldest.start(), True
        q.ascending = oldest.group(0) in _YOUNGEST
        # "the closed tickets, newest first", "oldest ones first", "most recently launched first": every row in that
        # order (a listing; the participle still names the date)
        if first := _AGE_ORDER.match(t.s, oldest.end()):
            t.s = t.s[: first.start(1)] + " " * (first.end() - first.start(1)) + t.s[first.end() :]
            s.listing, s.rank_at = True, 0  # the order is of every row named, before the words or after
            t.s = re.sub(r"\ball(?= (?:the |our |of )?\w)", "   ", t.s)  # "all products, newest first": each one
        before = re.search(rf"\b{NUM}\s+$", t.s[: oldest.start()])  # "the three most recent tickets"
        after = re.compile(rf"\s+{NUM}\b(?! ?(?:{_UNITS_WORDS})\b)").match(t.s, oldest.end())  # "the latest 3"
        if n := before or after:
            q.top_n = number(n.group(1))
            t.s = t.s[: n.start()] + " " * (n.end() - n.start()) + t.s[n.end() :]
    # "how many days has the oldest open ticket been open" arrives as "how long" (durations.py): an age in days
    # ("how long are the Flex cables", "how long is the band": a length, never an age, unless the rows wait)
    waiting = re.search(r"\b(?:open|opened|waiting|pending|old|been|sitting|outstanding|unresolved|ago)\b", t.read)
    length = re.search(r"\bhow long (?:is|are|was|were)\b", t.read) is not None and waiting is None
    if length and t.take(r"\bhow long\b"):
        q.not_understood.append("'how long' as a length (no age of the rows is asked)")
    elif t.take(r"\b(age|ages|aged|how long|how old)\b"):
        s.age = True
    s.how_much = t.find(r"\bhow much\b") is not None
    if m := t.take(r"\bhow many\b|\b(number|count|#|tally) of\b|\bcount\b|\btally\b"):
        s.count, s.count_end = True, m.end()
    if t.take(r"\b(distinct|different|unique)\b"):
        s.distinct = s.count = True
    while t.take(r"\b(total|sum|overall|altogether|combined|in all|grand total)\b"):
        s.total = True  # "total tickets of chloe and ana combined": one word or two, one total
    # "all products": the total over them; "every region", "does every assignee have": each one (a grouping)
    for m in re.finditer(r"\ball( the| our| of our| of the)? (?=\w)", t.s):
        s.all_of.append(m.end())
    if m := t.take(_THRESHOLD):
        # "components with more than 2 open tickets", "regions with at least 1k orders": a condition on each group
        figure = m.group(2).replace(" ", "")
        thousands = 1000 if figure.endswith("k") else 1
        value = number(figure) if figure in NUMBER_WORDS else float(figure.rstrip("k")) * thousands
        q.having = (_THRESHOLD_OPS[m.group(1)], value)
        # "a margin above 40%": a threshold in percent, which only a figure in percent can be compared with
        s.percent_threshold = re.match(r"\s*(?:percent|per cent|pct)\b", t.read[m.end() :]) is not None
    t.take(r"\bat (least|most)\b")
    # "the most common priority", "least frequent component": the rows' count ranks, the adjective says no more
    often = r"(?:common(?:ly)?|frequent(?:ly)?|usual(?:ly)?|often)(?: (?:affected|seen|reported|hit|involved|named))?"
    if t.take(rf"(?<=\bmost ){often}\b|(?<=\bleast ){often}\b") and not q.measures:
        s.count = True  # "the most common ticket priority": how many rows, said by the word, never a default measure
    # "the second highest revenue", "3rd biggest region", "who has the third most tickets": one place of the ranking
    # a digit ordinal only before a ranking word: "revenue on march 15th by region" is a day, not 15th place
    words_nth = rf"\b({'|'.join(_ORDINALS)})[ -]?(?=(?:{DESC}|{ASC})\b| by\b)"
    if nth := t.take(rf"{words_nth}|\b(\d+(?:st|nd|rd|th))[ -]?(?=(?:{DESC}|{ASC})\b)"):
        word = nth.group(1) or nth.group(2)
        q.top_n, q.nth, s.rank_at, s.superlative = _ORDINALS.get(word) or int(word[:-2]), True, nth.start(), True
    # "our 3 best sellers", "top performers", "the biggest earners": the things the figure is about, ranked (a
    # measure may have claimed "best seller" already: the number before it is still the cut)
    doers = r"sellers?|selling|performers?|performing|earners?|movers?"
    if seller := re.search(rf"\b(?:{NUM} )?(?:the |our )?(?:{DESC}|{ASC})(?: {NUM})?[ -]?(?:{doers})\b", t.read):
        s.things, s.superlative, s.rank_at = True, True, seller.start()
        if seller.group(1) or seller.group(2):
            q.top_n = number(seller.group(1) or seller.group(2))
        # the number and the noun are read here; "sellers" and "selling" stay for the measure they name
        read = rf"\b(?:{NUM}|performers?|performing|earners?|movers?)\b"
        said = re.sub(read, _blank, t.s[seller.start() : seller.end()])
        t.s = t.s[: seller.start()] + said + t.s[seller.end() :]
    t.take(r"\b(?:one|a|1|single) (?:row|line|entry)(?= (?:per|for each|for every|each)\b)")  # "one row per quarter"
    s.every = t.take(r"\b(?:everyone|everybody|each one|every one|each of them|all of them)\b") is not None
    # "... for every region too", "everyone's count as well": said in addition to what was asked first
    t.take(r"\b(?:as well(?! as)|too(?=(?: please| pls| thanks)? *$)|also)\b")
    words = rf"({DESC}|{ASC}|first)"
    m = t.find(rf"\b{words} {NUM}\b") or t.find(rf"\b{NUM} ({DESC}|{ASC})\b")
    if m is None and t.find(rf"\b({DESC}|{ASC})\b"):
        m = t.find(rf"\b(?:which|what|the|our|list|show|give me) {NUM}\b(?! (?:{_UNITS_WORDS}))")
    asc, desc = t.find(rf"\b({ASC})\b"), t.find(rf"\b({DESC})\b")
    # "which ticket is the newest": the youngest first, unless a ranking word says otherwise
    newest = oldest is not None and oldest.group(0) in _YOUNGEST
    q.ascending = (asc is not None and (desc is None or asc.start() < desc.start())) or (newest and desc is None)
    if m:
        q.top_n = next(number(g) for g in m.groups() if g and (g.isdigit() or g in NUM_WORDS))
        s.rank_at = m.start()
        t.take(re.escape(m.group(0)))
    ranking = t.take(r"\brank(ed|ing|s)?( them)?( by)?\b|\b(sort|sorted|order|ordered)( them)? by\b")
    # "tickets per assignee, biggest first": every row in that order, no top one picked
    if in_order := t.take(rf"\b({DESC}|{ASC}) (?:ones? )?first\b"):
        q.ascending, ranking = re.match(rf"(?:{ASC})\b", in_order.group(1)) is not None, ranking or in_order
    direction = t.take(rf"\b({ASC})\b" if q.ascending else rf"\b({DESC})\b")
    t.take(rf"\b({ASC}|{DESC})\b")
    s.superlative = s.superlative or direction is not None or m is not None
    if direction is not None and direction.group(0) in ("most", "fewest", "least"):
        s.most_end = direction.end()
    if s.rank_at is None and (direction or ranking):
        s.rank_at = (direction or ranking).start()  # type: ignore[union-attr]
    return s


_UNITS_WORDS = "days?|weeks?|months?|quarters?|years?|percent"
# "the top 20% of products", "the oldest 10 percent of open tickets": a share of the rows or groups ranked
PERCENTILE = re.compile(
    r"\b(?:top|bottom|best|worst|highest|lowest|biggest|largest|smallest|oldest|newest|youngest|latest|earliest|"
    r"most|least|fewest)(?: [a-z]+)? \d+ (percent|per cent|pct)\b"
)
_COMPARATIVE = r"(?:better|worse|higher|lower|bigger|smaller|larger|greater|stronger|weaker)"
# "newest first", "oldest ones first", "oldest to newest", "latest at the top", "most recently launched first"
_AGE_ORDER = re.compile(
    r"(?: [a-z]+ed)?((?: ones?)? (?:first|at the top|on top|"
    r"to (?:the )?(?:newest|oldest|latest|earliest|most recent)))\b"
)
_IN_DATE_ORDER = re.compile(
    r"\b(?:(?:sorted|ordered|arranged|listed) (?:by|in) (?:(?:the|their|its) )?(?:[a-z]+ )?date(?: order)?|"
    r"in (?:chronological|date) order|in order of (?:(?:the|their|its) )?(?:[a-z]+ )?date|chronologically)\b"
)


def _blank(m: re.Match[str]) -> str:
    return " " * len(m.group(0))


NUM_WORDS = set(NUM.strip("()").split("|")[1:])
