"""Rules that read a question about the demo sales data (`demo_sales`) and write the matching SELECT.

Pure and deterministic: `interpret` turns text into a `SalesQuery`, `build_sql` and `explain` turn that
into SQL and a sentence. Matched phrases are blanked out as they are read, so one word serves one purpose
(the "quarter" of "latest quarter" is a period, not a grouping by quarter).

Over 400 lines on purpose: one domain's rule table, kept whole in the demo plugin so the core holds none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

SCHEMA = "demo_sales"
_ANCHOR = f"(SELECT max(ordered_at) FROM {SCHEMA}.orders)"

_NUMBERS = {
    w: i
    for i, w in enumerate(
        "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
        "seventeen eighteen nineteen twenty".split(),
        1,
    )
}
_NUM = r"(\d{1,3}|" + "|".join(_NUMBERS) + r")"
_MONTHS = "january february march april may june july august september october november december".split()
_MONTH = r"(" + "|".join(_MONTHS) + r"|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)"
_ORDINAL = {"first": 1, "second": 2, "third": 3, "fourth": 4}

METRICS: dict[str, tuple[str, str]] = {  # name -> (SQL expression, words for the explanation)
    "revenue": ("round(sum(oi.revenue), 2)", "revenue (USD, net of discounts)"),
    "units": ("sum(oi.quantity)", "units sold"),
    "orders": ("count(DISTINCT o.order_id)", "number of orders"),
    "average_order_value": ("round(sum(oi.revenue) / count(DISTINCT o.order_id), 2)", "average order value"),
    "margin": ("round(sum(oi.revenue - oi.quantity * p.unit_cost), 2)", "gross margin (USD)"),
    "margin_pct": (
        "round(100 * sum(oi.revenue - oi.quantity * p.unit_cost) / nullif(sum(oi.revenue), 0), 1)",
        "gross margin (% of revenue)",
    ),
}
DIMENSIONS: dict[str, str] = {  # name -> SQL expression; the name is also the column alias
    "product": "p.name",
    "category": "c.name",
    "region": "r.name",
    "channel": "o.channel",
    "customer_segment": "o.customer_segment",
    "quarter": "to_char(o.ordered_at, 'YYYY-\"Q\"Q')",
    "month": "to_char(o.ordered_at, 'YYYY-MM')",
    "year": "extract(YEAR FROM o.ordered_at)::int",
}
TIME_DIMENSIONS = ("quarter", "month", "year")

# Checked in this order; a phrase claimed by one pattern is not seen by the later ones.
_METRIC_PATTERNS: tuple[tuple[str, str], ...] = (
    ("average_order_value", r"\b(average|avg|mean) (order|basket|ticket)( (value|size|amount))?\b|\baov\b"),
    ("margin_pct", r"\b(gross )?(margin|profit) ?(%|percent(age)?|rate|ratio)|\bprofitability\b"),
    ("margin", r"\b(gross )?(margins?|profits?|profitable)\b"),
    ("orders", r"\b(number|count|#) of orders\b|\border (count|volume)s?\b|\borders\b"),
)
_BEST_SELLING = r"\b(best|top|most)[- ]?sell(ing|ers?)\b|\bmost popular\b|\bpopular(ity)?\b|\bsold the most\b"
_UNITS = r"\bunits?\b|\bquantit(y|ies)\b|\bvolumes?\b|\bpieces\b|\bsold\b|\bsell\b"
_REVENUE = r"\brevenues?\b|\bturnover\b|\bincome\b|\b(top[- ])?grossing\b|\bdollars?\b|\busd\b|\bmoney\b|\bearn\w*"
_SALES = r"\bsales\b"

_WHICH = r"\b(which|what|best|worst|top|busiest|strongest|weakest|slowest) "
_DIMENSION_PATTERNS: tuple[tuple[str, str], ...] = (
    ("category", r"\b(categor(y|ies)|product (lines?|famil(y|ies)))\b"),
    ("customer_segment", r"\b(customer )?segments?\b|\bcustomer types?\b"),
    ("channel", r"\b(sales )?channels?\b"),
    ("region", r"\b(regions?|regional|markets?|geograph(y|ies)|territor(y|ies))\b"),
    ("product", r"\b(products?|items?|skus?|models?|gadgets?)\b"),
    (
        "quarter",
        r"\bquarters\b|\bquarterly\b|\b(by|per|each|every|a) quarter\b|\bq-?o-?q\b|" + _WHICH + r"quarter\b",
    ),
    ("month", r"\bmonths\b|\bmonthly\b|\b(by|per|each|every|a) month\b|\bm-?o-?m\b|" + _WHICH + r"month\b"),
    (
        "year",
        r"\byears\b|\byearly\b|\bannual(ly)?\b|\b(by|per|each|every|a) year\b|\by-?o-?y\b|" + _WHICH + r"year\b",
    ),
)
_TREND = r"\bover time\b|\btrends?\b|\btrending\b|\bevolution\b|\bhistor(y|ical)\b|\btimeline\b"
_TOTAL = r"\b(total|overall|altogether|combined|in all)\b"
_GROUPING_BEFORE = re.compile(r"\b(by|per|each|every|across)\s+$")
_PER_BEFORE = re.compile(r"\b(by|per|each|every|which|what|across|for each|top|bottom)\s+(\S+\s+)?$")
_DESCENDING = r"\b(top|best|highest|most|largest|biggest|leading|strongest|greatest|maximum)\b"
_ASCENDING = r"\b(bottom|worst|lowest|least|fewest|smallest|weakest|slowest|poorest|minimum)\b"

# (dimension, stored value, pattern, case-sensitive); a dimension word next to a value belongs to the filter.
_FILTERS: tuple[tuple[str, str, str, bool], ...] = (
    ("region", "North America", r"north(ern)?[- ]americ(a|an)", False),
    ("region", "North America", r"NA", True),
    ("region", "Europe", r"europe(an)?|eu|emea", False),
    ("region", "Asia Pacific", r"asia[- ]?pacific|apac|asia(n)?", False),
    ("region", "Latin America", r"latin[- ]americ(a|an)|latam|south americ(a|an)", False),
    ("category", "Audio", r"audio", False),
    ("category", "Wearables", r"wearables?", False),
    ("category", "Smart Home", r"smart[- ]?home", False),
    ("category", "Accessories", r"accessor(y|ies)", False),
    ("channel", "online", r"online|e-?commerce|web ?shop|website|web", False),
    ("channel", "retail", r"retail|in[- ]stores?|brick[- ]and[- ]mortar|stores", False),
    ("channel", "partner", r"partners?|resellers?|distributors?|wholesale", False),
    ("customer_segment", "small_business", r"small[- ]business(es)?|smbs?|smes?", False),
    ("customer_segment", "enterprise", r"enterprises?|corporate", False),
    ("customer_segment", "consumer", r"consumers?|individuals?|private customers?", False),
    ("product", "Aurora Buds Pro", r"(aurora )?buds( pro)?|earbuds|aud-100", False),
    ("product", "Aurora Studio Headphones", r"(aurora )?studio headphones|headphones|aud-200", False),
    ("product", "Pulse Mini Speaker", r"pulse mini( speakers?)?|pulse speakers?|speakers?|aud-300", False),
    ("product", "Orbit Smartwatch", r"(orbit )?smart ?watch(es)?|wea-100", False),
    ("product", "Orbit Fitness Band", r"(orbit )?fitness (bands?|trackers?)|wea-200", False),
    ("product", "Vista AR Glasses", r"(vista )?ar glasses|vista|wea-300", False),
    ("product", "Lumen Smart Bulb 4-Pack", r"(lumen )?smart bulbs?( 4-pack)?|lumen|bulbs?|smh-100", False),
    ("product", "Haven Security Camera", r"(haven )?security cameras?|cameras?|smh-200", False),
    ("product", "Haven Video Doorbell", r"(haven )?video doorbells?|doorbells?|smh-300", False),
    ("product", "Volt Charging Dock", r"(volt )?charging docks?|docks?|acc-100", False),
    ("product", "Volt Power Bank 20K", r"(volt )?power banks?( 20k)?|acc-200", False),
    ("product", "Flex USB-C Cable 3-Pack", r"(flex )?(usb-?c )?cables?( 3-pack)?|acc-300", False),
)
_FILTER_WORDS = {
    "region": r"regions?|markets?",
    "category": r"categor(y|ies)",
    "channel": r"(sales )?channels?",
    "customer_segment": r"(customer )?segments?|customers?|clients?",
    "product": r"products?",
}
# Things a question may ask about that the demo data does not hold: say so rather than answer something else.
_ABSENT = (
    r"\b(employees?|staff|salespe(rson|ople)|inventory|stock levels?|refunds?|product returns|return rates?|"
    r"shipping|countr(y|ies)|cit(y|ies)|customer names?|suppliers?|weather|stock price)\b"
)

BEST_SELLING_NOTE = "'Best-selling' is read as units sold; ask 'by revenue' to rank by revenue instead."
ANCHOR_NOTE = "Relative periods are counted back from the most recent order date in the data."


class NotUnderstood(ValueError):
    """The question could not be mapped; the message says what was understood."""


@dataclass
class Period:
    """A date range as SQL conditions on `o.ordered_at`, with the phrase the explanation uses."""

    label: str
    conditions: list[str]
    relative: bool = True


@dataclass
class SalesQuery:
    """What a question asks of the sales data."""

    metrics: list[str] = field(default_factory=list)
    dimensions: list[str] = field(default_factory=list)
    top_n: int | None = None
    ascending: bool = False
    ranked: str | None = None  # the dimension the top/bottom N applies to
    period: Period | None = None
    filters: dict[str, list[str]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    @property
    def specific(self) -> bool:
        """True when the question says more than a measure, so it needs no help from its context."""
        return bool(self.dimensions or self.period or self.filters or self.top_n)


class _Text:
    """The question, lower-cased, with claimed phrases blanked out (positions are kept)."""

    def __init__(self, text: str) -> None:
        cleaned = re.sub(r"[^\x00-\x7f]", " ", text.replace("\u2019", "'").replace("\u2013", "-"))
        self.original = re.sub(r"\s+", " ", cleaned)
        self.lower = self.original.lower().replace("aurora devices", " " * len("aurora devices"))

    def take(self, pattern: str, *, case_sensitive: bool = False) -> re.Match[str] | None:
        """Find `pattern` in what is still unclaimed, claim it and return the match."""
        source = self.original if case_sensitive else self.lower
        for match in re.finditer(pattern, source):
            start, end = match.span()
            if case_sensitive and self.lower[start:end] != self.original[start:end].lower():
                continue  # already claimed
            self.lower = self.lower[:start] + " " * (end - start) + self.lower[end:]
            return match
        return None

    def find(self, pattern: str) -> re.Match[str] | None:
        return re.search(pattern, self.lower)


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word]


def _month_number(word: str) -> int:
    return next(i for i, name in enumerate(_MONTHS, 1) if name.startswith(word[:3]))


def _range(label: str, start: str, end: str) -> Period:
    return Period(label, [f"o.ordered_at >= DATE '{start}'", f"o.ordered_at < DATE '{end}'"], relative=False)


def _parse_period(t: _Text) -> Period | None:
    """The first period the question names; relative ones are anchored on the latest order date."""
    qtr, year_start, month = (f"date_trunc('{u}', {_ANCHOR})" for u in ("quarter", "year", "month"))
    q_year = r"\b(q([1-4])|(first|second|third|fourth) quarter)( of| in)? (20\d\d)\b|\b(20\d\d)[- ]?q([1-4])\b"
    if m := t.take(q_year):
        q = int(m.group(2) or m.group(7) or _ORDINAL.get(m.group(3) or "", 0))
        year = int(m.group(5) or m.group(6))
        end = f"{year + 1}-01-01" if q == 4 else f"{year}-{3 * q + 1:02d}-01"
        return _range(f"Q{q} {year}", f"{year}-{3 * q - 2:02d}-01", end)
    if m := t.take(rf"\b{_MONTH}\.? (20\d\d)\b"):
        n, year = _month_number(m.group(1)), int(m.group(2))
        end = f"{year + 1}-01-01" if n == 12 else f"{year}-{n + 1:02d}-01"
        return _range(f"{_MONTHS[n - 1].title()} {year}", f"{year}-{n:02d}-01", end)
    if m := t.take(r"\b(since|from|after) (20\d\d)\b"):
        return Period(
            f"the period since 1 January {m.group(2)}",
            [f"o.ordered_at >= DATE '{m.group(2)}-01-01'"],
            relative=False,
        )
    if m := t.take(r"\b(fy ?)?(20\d\d)\b"):
        year = int(m.group(2))
        return _range(str(year), f"{year}-01-01", f"{year + 1}-01-01")
    if t.take(r"\b(previous|prior|preceding) quarter\b|\bquarter before\b"):
        return Period("the previous quarter", [f"o.ordered_at >= {qtr} - interval '3 months'", f"o.ordered_at < {qtr}"])
    if m := t.take(rf"\b(last|past|previous|recent|latest) {_NUM} (quarters|months|weeks|days|years)\b"):
        n, unit = _number(m.group(2)), m.group(3)
        if unit == "quarters":
            return Period(f"the last {n} quarters", [f"o.ordered_at >= {qtr} - interval '{3 * (n - 1)} months'"])
        return Period(f"the last {n} {unit}", [f"o.ordered_at > {_ANCHOR} - interval '{n} {unit}'"])
    latest_quarter = (
        r"\b(latest|last|most recent|current|this|recent|past|newest) (full |complete |fiscal )?quarter\b"
        r"|\bquarter to date\b|\bqtd\b"
        r"|\b(latest|most recent|newest|current)\b(?= (\w+ )?(data|figures|numbers|results|sales|period))"
    )
    if t.take(latest_quarter):
        return Period("the latest quarter in the data", [f"o.ordered_at >= {qtr}"])
    if t.take(r"\b(previous|prior|preceding|last) (calendar |fiscal )?year\b|\byear before\b"):
        return Period(
            "the previous year",
            [f"o.ordered_at >= {year_start} - interval '1 year'", f"o.ordered_at < {year_start}"],
        )
    if t.take(r"\b(this|current|latest) (calendar |fiscal )?year\b|\byear to date\b|\bytd\b"):
        return Period("the latest year in the data, to date", [f"o.ordered_at >= {year_start}"])
    if t.take(r"\b(previous|prior|last) month\b"):
        return Period(
            "the previous month", [f"o.ordered_at >= {month} - interval '1 month'", f"o.ordered_at < {month}"]
        )
    if t.take(r"\b(this|current|latest) month\b|\bmonth to date\b"):
        return Period("the latest month in the data", [f"o.ordered_at >= {month}"])
    if m := t.take(r"\b(q([1-4])|(first|second|third|fourth) quarter)\b"):
        q = int(m.group(2) or _ORDINAL[m.group(3)])
        return Period(
            f"the most recent Q{q}",
            [f"o.ordered_at >= {qtr} - interval '9 months'", f"extract(QUARTER FROM o.ordered_at) = {q}"],
        )
    if m := t.take(rf"\b(in|during|for) {_MONTH}\b"):
        n = _month_number(m.group(2))
        return Period(
            f"the most recent {_MONTHS[n - 1].title()}",
            [f"o.ordered_at >= {month} - interval '11 months'", f"extract(MONTH FROM o.ordered_at) = {n}"],
        )
    return None


def _parse_filters(t: _Text) -> dict[str, list[str]]:
    # "sales of audio products" is the Audio category; "top audio products" ranks products within it.
    ranking = any(t.find(p) for p in (_DESCENDING, _ASCENDING, _BEST_SELLING, rf"\b{_NUM}\s+\D"))
    filters: dict[str, list[str]] = {}
    for dimension, value, pattern, case_sensitive in _FILTERS:
        words = _FILTER_WORDS[dimension]
        if dimension == "category" and not ranking:
            words += "|products?"
        full = rf"(\b(the )?({words}) (of |in |for |called |named )?)?\b({pattern})\b( ({words})\b)?"
        while t.take(full, case_sensitive=case_sensitive):
            if value not in filters.setdefault(dimension, []):
                filters[dimension].append(value)
    return filters


def _parse_metrics(t: _Text, q: SalesQuery) -> tuple[bool, int | None]:
    """Fill `q.metrics` in order of mention; return whether a measure was named, and where "best-selling"
    (a ranking word too) was."""
    found: dict[str, int] = {}
    for name, pattern in _METRIC_PATTERNS:
        if m := t.take(pattern):
            found[name] = m.start()
    best_selling = t.take(_BEST_SELLING)
    revenue = t.take(_REVENUE)
    units = t.take(_UNITS)
    sales = t.take(_SALES)
    if revenue:
        found["revenue"] = revenue.start()
    if units:
        found["units"] = units.start()
    if best_selling and not revenue:
        found["units"] = min(best_selling.start(), found.get("units", best_selling.start()))
        q.notes.append(BEST_SELLING_NOTE)
    if sales and not best_selling and "revenue" not in found:
        found["revenue"] = sales.start()
    q.metrics = sorted(found, key=found.__getitem__)
    return bool(found) or bool(best_selling), best_selling.start() if best_selling else None


def _parse_ranking(t: _Text, q: SalesQuery) -> int | None:
    """Set the top/bottom N and direction; return where the ranking phrase ends (to find its dimension)."""
    t.take(r"\bat (least|most)\b")
    words = r"(top|bottom|best|worst|first|highest|lowest|leading|biggest|largest|smallest)"
    m = (
        t.find(rf"\b{words}[- ]{_NUM}\b")
        or t.find(rf"\b{_NUM}\s+(best|worst|top|bottom|highest|lowest|most|least|biggest|largest|smallest|leading)\b")
        or t.find(
            rf"\b{_NUM}\s+(\S+\s+)?(products?|items?|categor(y|ies)|regions?|markets?|channels?|segments?|"
            r"quarters|months|years)\b"
        )
    )
    ascending = t.find(_ASCENDING)
    descending = t.find(_DESCENDING)
    q.ascending = ascending is not None and (descending is None or ascending.start() < descending.start())
    if m:
        number = next(g for g in m.groups() if g and (g.isdigit() or g in _NUMBERS))
        q.top_n = _number(number)
        return m.start()
    direction = ascending if q.ascending else descending
    return direction.start() if direction else None


def _parse_dimensions(t: _Text, q: SalesQuery, rank_at: int | None, superlative: bool) -> None:
    total = t.find(_TOTAL) is not None
    found: list[tuple[int, str, bool]] = []
    for name, pattern in _DIMENSION_PATTERNS:
        while m := t.take(pattern):
            before = t.lower[: m.start()]
            if total and name not in TIME_DIMENSIONS and not _PER_BEFORE.search(before):
                continue  # "total revenue of all products" is one number, not a breakdown
            if name not in [n for _, n, _ in found]:
                word = m.group(0).strip()
                # "which month" asks for one; "by month" is a grouping, read like "months".
                grouping = re.match(r"(by|per|each|every|a) ", word) or _GROUPING_BEFORE.search(before)
                singular = not word.endswith("s") and not grouping
                found.append((m.start(), name, singular))
    if not any(n in TIME_DIMENSIONS for _, n, _ in found) and (trend := t.take(_TREND)):
        found.append((trend.start(), "quarter", False))
    found.sort()
    q.dimensions = [name for _, name, _ in found]
    if not q.dimensions:
        return
    after = [(pos, name, singular) for pos, name, singular in found if rank_at is not None and pos >= rank_at]
    categorical = [f for f in found if f[1] not in TIME_DIMENSIONS]
    _, q.ranked, singular = (after or categorical or found)[0]
    if q.top_n is None and superlative and (singular or q.ranked not in TIME_DIMENSIONS):
        q.top_n = 1 if singular else 5
    if q.top_n and len(q.dimensions) > 1:
        # The groups come first and the ranked dimension last: "quarter, product, units, rank".
        q.dimensions = [d for d in q.dimensions if d != q.ranked] + [q.ranked]


def interpret(question: str) -> SalesQuery:
    """What `question` asks of the sales data; `NotUnderstood` when it asks nothing the data answers."""
    t = _Text(question)
    if absent := t.find(_ABSENT):
        raise NotUnderstood(
            f"the demo sales data has no {absent.group(0)}; it holds orders by product, category, region, "
            "channel, customer segment and date"
        )
    q = SalesQuery()
    q.period = _parse_period(t)
    q.filters = _parse_filters(t)
    named_measure, best_selling_at = _parse_metrics(t, q)
    rank_at = _parse_ranking(t, q)
    if best_selling_at is not None and (rank_at is None or best_selling_at < rank_at):
        rank_at = best_selling_at
    superlative = rank_at is not None
    _parse_dimensions(t, q, rank_at, superlative)
    if not (named_measure or q.dimensions or q.top_n):
        raise NotUnderstood(f"understood {_understood(q)}, but no measure (revenue, units, orders, ...)")
    if not q.metrics:
        q.metrics = ["revenue"]
        q.notes.append("No measure was named, so revenue is used.")
    if q.period and q.period.relative:
        q.notes.append(ANCHOR_NOTE)
    return q


def _understood(q: SalesQuery) -> str:
    parts = []
    if q.period:
        parts.append(f"period {q.period.label}")
    parts += [f"{dim} = {', '.join(values)}" for dim, values in q.filters.items()]
    return "; ".join(parts) if parts else "nothing about sales"


def build_sql(q: SalesQuery) -> str:
    """The SELECT for `q`, over `demo_sales` with schema-qualified tables."""
    needs_product = any(d in ("product", "category") for d in [*q.dimensions, *q.filters]) or any(
        m.startswith("margin") for m in q.metrics
    )
    joins = [f"FROM {SCHEMA}.order_items AS oi", f"JOIN {SCHEMA}.orders AS o ON o.order_id = oi.order_id"]
    if needs_product:
        joins.append(f"JOIN {SCHEMA}.products AS p ON p.product_id = oi.product_id")
    if "category" in q.dimensions or "category" in q.filters:
        joins.append(f"JOIN {SCHEMA}.categories AS c ON c.category_id = p.category_id")
    if "region" in q.dimensions or "region" in q.filters:
        joins.append(f"JOIN {SCHEMA}.regions AS r ON r.region_id = o.region_id")
    conditions = list(q.period.conditions) if q.period else []
    for dim, values in q.filters.items():
        quoted = ", ".join("'" + v.replace("'", "''") + "'" for v in values)
        conditions.append(f"{DIMENSIONS[dim]} = {quoted}" if len(values) == 1 else f"{DIMENSIONS[dim]} IN ({quoted})")
    columns = [f"{DIMENSIONS[d]} AS {d}" for d in q.dimensions] + [f"{METRICS[m][0]} AS {m}" for m in q.metrics]
    primary = METRICS[q.metrics[0]][0]
    direction = "ASC" if q.ascending else "DESC"
    partition = [d for d in q.dimensions if d != q.ranked]
    body = [*joins]
    if conditions:
        body.append("WHERE " + "\n  AND ".join(conditions))
    if q.dimensions:
        body.append("GROUP BY " + ", ".join(str(i) for i in range(1, len(q.dimensions) + 1)))
    if q.top_n and partition:
        # Top N within each group: rank inside a CTE, keep the first N of every group.
        groups = ", ".join(DIMENSIONS[d] for d in partition)
        window = f"rank() OVER (PARTITION BY {groups} ORDER BY {primary} {direction})"
        inner = "SELECT " + ",\n  ".join([*columns, f"{window} AS rank"]) + "\n" + "\n".join(body)
        outer_cols = ", ".join([*q.dimensions, *q.metrics, "rank"])
        order = ", ".join([*partition, "rank"])
        outer = f"SELECT {outer_cols}\nFROM ranked\nWHERE rank <= {q.top_n}\nORDER BY {order}"
        return f"WITH ranked AS (\n{inner}\n)\n{outer}"
    sql = "SELECT " + ",\n  ".join(columns) + "\n" + "\n".join(body)
    time_dims = [d for d in q.dimensions if d in TIME_DIMENSIONS]
    others = [d for d in q.dimensions if d not in TIME_DIMENSIONS]
    if time_dims and not q.top_n:
        sql += "\nORDER BY " + ", ".join([*time_dims, f"{q.metrics[0]} DESC", *others])
    elif q.dimensions:
        sql += f"\nORDER BY {q.metrics[0]} {direction}, " + ", ".join(q.dimensions)
    if q.top_n and not partition:
        sql += f"\nLIMIT {q.top_n}"
    return sql


_SHORT = {
    "revenue": "revenue",
    "units": "units sold",
    "orders": "orders",
    "average_order_value": "average order value",
    "margin": "gross margin",
    "margin_pct": "gross margin %",
}
_PLURAL = {
    "product": "products",
    "category": "categories",
    "region": "regions",
    "channel": "channels",
    "customer_segment": "customer segments",
    "quarter": "quarters",
    "month": "months",
    "year": "years",
}


def explain(q: SalesQuery) -> str:
    """One paragraph saying what the query computes and how the question was read."""
    measures = " and ".join(METRICS[m][1] for m in q.metrics)
    text = measures[0].upper() + measures[1:]
    if q.dimensions:
        text += " by " + " and ".join(d.replace("_", " ") for d in q.dimensions)
    if q.top_n and q.ranked:
        which = "bottom" if q.ascending else "top"
        if q.top_n == 1:
            text += f", the {which} {q.ranked.replace('_', ' ')} by {_SHORT[q.metrics[0]]}"
        else:
            text += f", the {which} {q.top_n} {_PLURAL[q.ranked]} by {_SHORT[q.metrics[0]]}"
        per = [d.replace("_", " ") for d in q.dimensions if d != q.ranked]
        text += f" in each {' and '.join(per)}" if per else ""
    text += f", for {q.period.label}" if q.period else ", over all the data"
    for dim, values in q.filters.items():
        text += f", {dim.replace('_', ' ')} {' or '.join(values)}"
    return " ".join([text + ".", *q.notes])
