"""A request mapped onto a catalogue: measure and aggregate, groupings, filters, period, ranking, shape.

Rules read the request in a fixed order (periods, shape words, measures, values, dimensions), each claiming
the words it uses, so one word serves one purpose. Whatever is left must be a stop word: a word that could
name a dimension, filter or period but was not placed makes the mapping `Unsure`, never silently dropped.
The shape words are read in `shape`, the phrases placed in `resolve`; this module keeps the order.
"""

from __future__ import annotations

import re
from datetime import date

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import row_words
from cognicore.subagents.offline_sql._words import (
    column_word,
    missing,
    nobody_working,
    owned_bodies,
    people_column,
    plural_like,
    value_case_ok,
    zero_amount,
)
from cognicore.subagents.offline_sql.amount_filters import claim_amount_filters, money_asked, rate_column
from cognicore.subagents.offline_sql.aside_words import topic_aside
from cognicore.subagents.offline_sql.asked_parts import unanswered
from cognicore.subagents.offline_sql.asking import claim_asking
from cognicore.subagents.offline_sql.attribution import check_breakdown, claim_why, previous_period
from cognicore.subagents.offline_sql.catalogue import Column, Table
from cognicore.subagents.offline_sql.claimed_periods import claim_periods, dashed_day_ranges, from_period
from cognicore.subagents.offline_sql.contradictions import contradictions
from cognicore.subagents.offline_sql.done_states import (
    attributive,
    done_unheld,
    done_words,
    negated_states,
    unreached_state,
)
from cognicore.subagents.offline_sql.durations import claim_duration
from cognicore.subagents.offline_sql.lexicon import (
    STOP_WORDS,
    VERB_FORMS,
    Lexicon,
    Target,
    normalise,
    plural,
    singular,
)
from cognicore.subagents.offline_sql.listed_rows import rows_with_columns
from cognicore.subagents.offline_sql.lookup import numbered_row
from cognicore.subagents.offline_sql.mapping import Mapping, Measure, Text
from cognicore.subagents.offline_sql.messages import unsure_message
from cognicore.subagents.offline_sql.money_paid import (
    money_paid,
    not_goods,
    our_spending,
    total_cost,
    unplaced_payer,
)
from cognicore.subagents.offline_sql.passed_over import (
    PEOPLE_BUT,
    amount_phrases,
    currency_words,
    drop_topic_phrases,
    modifying_participles,
    pass_over,
    place_phrases,
)
from cognicore.subagents.offline_sql.placing import rank_all_groups, rank_by_said
from cognicore.subagents.offline_sql.price_wording import price_words
from cognicore.subagents.offline_sql.pronoun_rows import pronoun_rows
from cognicore.subagents.offline_sql.query import rate_amount, ref_name
from cognicore.subagents.offline_sql.resolve import resolve
from cognicore.subagents.offline_sql.row_words import date_verbs, empty_group_included, none_where, undated_events
from cognicore.subagents.offline_sql.search import search_columns, split_search, unplaced_phrase
from cognicore.subagents.offline_sql.shape import PERCENTILE, read_shape
from cognicore.subagents.offline_sql.times_of_day import claim_time_of_day
from cognicore.subagents.offline_sql.unasked_measures import claim_unasked_measures

__all__ = ["CONFIDENCE_BAR", "TIME_UNITS", "Mapping", "Measure", "map_request"]

CONFIDENCE_BAR = 0.6
_ABBREVIATIONS = {
    **{"yr": "year", "yrs": "years", "qtr": "quarter", "qtrs": "quarters", "mth": "month", "mths": "months"},
    **{"qty": "quantity", "qtys": "quantities", "nb": "number", "nbr": "number", "num": "number"},
    **{"rn": "right now", "atm": "at the moment"},  # chat shorthand of the present state
}
TIME_UNITS = ("weekday", "day", "week", "month", "quarter", "year")


# "the gap in orders between retail and partner", "difference of tickets": a count of the rows, never one row each
_ASKED_BODY = (
    r"\b(?:which|what)(?: of (?:the|our))? (team|teams|group|groups|company|companies|business|businesses|firm|firms|"
    r"department|departments|unit|units|squad|crew|vendor|vendors|supplier|suppliers)\b"
)
_GAP_IN_ROWS = re.compile(r"\b(gap|gaps|difference|differences) (?:in|of) (?:the )?([a-z]+s)\b")


# "of our regions, which region ...", "looking at the products, what product ...": a lead-in naming the grouping asked
_LEAD_IN = re.compile(
    r"^\s*(?:(?:looking|look) at|of|among|amongst|across|out of|considering)(?: all)?(?: of)?(?: (?:our|the|all))? "
    r"([a-z]+s) (?=(?:which|what|who)\b)"
)


def _group_nouns(lex: Lexicon) -> frozenset[str]:
    """The words naming groups of rows: a grouping column ("assignees") or a table other tables refer to ("products"),
    never rows no other table refers to ("tickets", "order items")."""
    parents = {j.parent for j in lex.catalogue.joins}
    return frozenset(
        p
        for p, ts in lex.phrases.items()
        if any(x.kind == "dimension" or (x.kind == "entity" and x.table and x.table.ref in parents) for x in ts)
    )


def _rows_counted(m: re.Match[str], lex: Lexicon) -> str:
    rows = any(x.kind == "entity" for x in lex.phrases.get(m.group(2), []))
    return f"{m.group(1)} in number of {m.group(2)}" if rows else m.group(0)


def map_request(request: str, lex: Lexicon, today: date) -> Mapping:
    """Map `request` onto the lexicon's catalogue; `Unsure` (saying what was and was not understood) when
    a word could not be placed or the reading falls below the confidence bar."""
    original = request
    q = Mapping()
    request, q.search = split_search(currency_words(request, lex), lex)
    asked = normalise(request)
    text = money_paid(asked, lex)  # "what did customers spend on X": money, never units
    if (other := not_goods(asked, lex)) is not None:  # "what did shipping cost us": no goods, so no cost of goods
        q.not_understood.append(f"'{other}' as what cost us money (the data has only the cost of the goods sold)")
    elif text == asked and (spent := our_spending(asked)):  # "how much did we spend on Audio": not customers' money
        q.not_understood.append(f"'{spent}' (our spending, not what customers paid)")
    elif text == asked and (total := total_cost(asked)):  # "total cost of Audio products": of one, or all sold?
        q.not_understood.append(f"'{total}' (the cost of one item, or of the goods sold)")
    if payer := unplaced_payer(text, lex):  # "how much was spent on X": whose money is not said
        q.not_understood.append(f"whose money '{payer}' means (the buyers' spending or our cost)")
        text = text.replace(payer, " ")
    text = price_words(text, lex)  # "the cheapest product": its price, lowest first (lookup.py)
    text = place_phrases(
        topic_aside(drop_topic_phrases(text), _group_nouns(lex)), lex
    )  # "revenue-wise"; "unrelated to X"
    text = amount_phrases(text, lex)  # "the biggest ticket load": the number of tickets
    text = from_period(dashed_day_ranges(text))  # "5-8 january 2026": from 5 to 8; "orders from 2023": during it
    text = _GAP_IN_ROWS.sub(lambda m: _rows_counted(m, lex), text)  # "the gap in orders": in the number of orders
    if (lead := _LEAD_IN.match(text)) and re.search(rf"\b{singular(lead.group(1))}\b", text[lead.end() :]):
        text = text[lead.end() :]  # "of our regions, which region had the fewest orders": the lead-in says no more
    text = re.sub(r"\bhow many days old\b", "how old in days", text)  # the age asked in its unit, no "by day"
    text = re.sub(r"\bno-?one\b", "no one", text)  # "noone" is "no one", never a misspelt "one"
    for phrase in lex.vocabulary.ignore:
        text = re.sub(rf"\b{re.escape(normalise(phrase))}\b", " ", text)
    words = []
    for w in text.split():
        w = _ABBREVIATIONS.get(w, w)
        # "unassigned", "undiscounted" negate a known word (or its participle), never misspell it
        fixed, score = (w, 0.0) if _negates_known(w, lex) else lex.correct(w)
        if score:
            q.notes.append(f"'{w}' was read as '{fixed}'.")
            q.confidence -= 0.1
        words.append(fixed)
    text = " " + " ".join(words) + " "
    columns = {normalise(c.name) for table in lex.catalogue.tables for c in table.columns}
    text = nobody_working(text, lex)  # "tickets nobody is working on": no one has them, not "in progress" (_words.py)
    for phrase, target in sorted(lex.vocabulary.synonyms.items(), key=lambda kv: -len(kv[0])):
        source = normalise(phrase)
        replacement = attributive(normalise(target), source)
        if " " in replacement or " " in source:  # "in stores" -> "retail": no plural to carry over
            text = re.sub(rf"\b{re.escape(source)}(?:e?s)?\b", replacement, text)
        else:  # "items" -> "products", "categories" -> "components"
            # a column's own name in the singular stays that column ("sku for the X"); "how many skus" counts rows
            said = (plural(source),) if source in columns else (plural(source), source)
            forms = "|".join(re.escape(f) for f in dict.fromkeys(said))
            text = re.sub(rf"\b({forms})\b", plural_like(replacement, source), text)
    text = negated_states(text, lex)  # "unresolved", "pending": the states that are not done (done_states.py)
    text = done_words(text, lex)  # "who fixed the most tickets": the data's done state (done_states.py)
    if unreached := unreached_state(text):  # "orders yet to be shipped" where no state says it
        q.not_understood.append(f"'{unreached}' (no state of the data says it)")
    if unheld := done_unheld(asked, lex):  # "how many 2025 orders are done" where no one state is done
        q.not_understood.append(f"'{unheld}' (no one state of the data says it)")
    text = date_verbs(none_where(text, lex), lex)  # "with no closed ticket"; "did we open": opened (row_words.py)
    text = " ".join(column_word(w, lex) for w in text.split())
    text = pronoun_rows(text, lex)
    t = Text(" " + text + " ")
    claim_why(t, q)  # "why did revenue drop in March": the period before it too (attribution.py)
    claim_asking(t)  # "update me on ...", "w/ a line chart": how it is asked or drawn (asking.py)
    claim_unasked_measures(t, q, lex)  # "the order count, not the revenue": no revenue (unasked_measures.py)
    claim_duration(t, q, lex)  # "how long do P1s take to resolve": days between two dates (durations.py)
    numbered = numbered_row(t, q, lex, one=True)  # "order 2001": that order, never the year (lookup.py)
    claim_periods(t, q, today)  # one period, several of one unit, or a year-over-year pair (claimed_periods.py)
    claim_time_of_day(t, q, lex)  # "opened after 6pm", "in the morning": a time of the day (times_of_day.py)
    numbered += numbered_row(t, q, lex)  # "order 2500": the row whose numeric key it is (lookup.py)
    previous_period(q)
    q.not_understood += undated_events(t.read, q, lex)  # "closed last week" when only opened_at is dated
    missing(t, q, lex)
    claim_amount_filters(t, q, lex)  # "lines that got a discount": the rate above zero (amount_filters.py)
    # Named measures whose words are also rule words ("average order value", "margin percent") go first.
    found = _phrases(t, lex, original, books=("early",))
    shape = read_shape(t, q, original)
    shape.growth = shape.growth or q.attribution
    found = sorted(found + _phrases(t, lex, original, books=("phrases", "partial")), key=lambda f: f[0])
    resolve(t, q, found, shape, lex)
    cut = q.top_percent and q.top_n is not None and 0 < q.top_n < 100 and bool(q.dimensions) and not q.nth
    # "what share of revenue came from the top 25% of products", "how much did the top 20% bring in": their sum
    pct = PERCENTILE.search(asked)
    together = shape.share_at is not None and pct is not None and shape.share_at < pct.start()
    if pct and (not cut or together or shape.how_much or shape.total or shape.count):
        q.not_understood.append("a top share of the rows (a percentile cut)")  # "the top 20% of orders by revenue"
    if shape.percent_threshold and q.having and not all(_in_percent(m) for m in q.measures):
        q.not_understood.append("a threshold in % of a figure that is not a percentage")  # "a margin above 40%"
    if q.share and q.having:  # "what share of 2025 orders were over $500": the groups passing are not counted here
        q.not_understood.append("a share of the groups passing a threshold")
    if PEOPLE_BUT.search(asked) and (who := people_column(lex)) and who.ref in q.excluded and who.ref not in q.present:
        q.present.append(who.ref)  # "everyone but ana": the other people's rows, not the ones nobody holds
    for ref, above in q.nonzero.items():
        if not above and any(m.table is not None and m.table.ref != ref.rsplit(".", 1)[0] for m in q.measures):
            # "orders without a discount" when lines carry it: no line of the order has one, which a filter of the
            # lines cannot say (it keeps every order with one undiscounted line)
            q.not_understood.append(f"{q.measures[0].label} with no {ref_name(ref)} on any of their rows")
    for i, measure in enumerate(q.measures if not q.looked_up else []):
        if measure.aggregate != "sum" or measure.column is None or measure.named is not None:
            continue
        name = measure.column.name.replace("_", " ")
        if _per_unit(measure.column):
            # "the unit price of X in 2023", "what did the X units cost us in total": a sum of each row's amount of
            # one unit is no total (that is the amount times the units), whatever word asks for it
            q.not_understood.append(f"a total of {name} (an amount of one unit)")
        elif rate_column(measure.column) and money_asked(asked) and (taken := rate_amount(measure, lex.catalogue)):
            q.measures[i] = taken  # "the total discount given in 2025": the amount it took off, in money
        elif rate_column(measure.column):
            # "how large were discounts": a sum of each line's fraction means nothing (0.10 + 0.15 is no discount)
            q.not_understood.append(f"a total of {name} (a fraction of each row)")
    if q.share and not (q.filters or q.nonzero or q.rates or q.missing or set(q.excluded) - set(q.set_aside)):
        q.set_aside = []  # "what share of revenue came from outside Europe": with nothing else, it is the part
    negated = set(q.excluded) - set(q.set_aside)  # "not partner" may be the share's part; "excluding partner" never
    if q.share and negated and not q.dimensions and not q.share_within and q.filters and not q.part_negated:
        # "what percentage of P1 tickets are not closed": the complement's share within the filtered rows, which
        # this writer would give as 100% of the rows it kept
        excluded = " or ".join(v for ref in negated for v in q.excluded[ref])
        q.not_understood.append(f"the share of rows that are not {excluded}")
    if q.share and (q.nonzero or q.rates) and not q.share_within and (q.filters or negated or q.missing):
        # "excluding partner, what share of lines had no discount": which condition is the share's part and which
        # keeps the rows it is a share of, the words do not say to this writer
        rate = ref_name(next(iter({**q.nonzero, **q.rates})))
        q.not_understood.append(f"which rows the share is of ({rate} or the other filters)")
    # "orders without a discount"
    if not q.zero_rows and not q.nonzero and not q.rates and (amount := zero_amount(t.read, lex)):
        q.not_understood.append(f"'{amount}' (an amount of zero)")
    defaulted = any(n.startswith("No measure was named") for n in q.notes)
    if numbered and not q.looked_up and (defaulted or all(m.aggregate == "count" for m in q.measures)):
        q.not_understood.append(f"what to show of {', '.join(numbered)}")
    if passed := pass_over(t, found, lex, q):  # "the accessories line", "for the board pack" (passed_over.py)
        q.notes.append("Passed over as saying no more: " + ", ".join(f"'{w}'" for w in passed) + ".")
    # "enterprise customers": a word of the filtered column's own name ("customer_segment") only describes it.
    # "the Haven doorbell": a word of a value already placed belongs to it.
    kept = [*q.filters, *q.excluded, *q.missing, *q.present]  # "leaving out consumer customers": excluded too
    described = {singular(w) for ref in kept for w in ref.rsplit(".", 1)[1].split("_")}
    values = [v for vs in [*q.filters.values(), *q.excluded.values()] for v in vs]
    described |= {singular(w) for v in values for w in normalise(v).split()}
    stems = {w[:6] for w in described if len(w) >= 6}  # "assigned" to an "assignee"
    # "tickets by team": a grouping word followed by a word nothing claimed names a dimension the data lacks.
    # "which team handles VPN tickets": a body of people or a business asked for, which no column holds (review16)
    for m in re.finditer(rf"\b(?:by|per|each|every|across)(?: the| our| a| an)? ([a-z]{{3,}})\b|{_ASKED_BODY}", t.s):
        at = 1 if m.group(1) else 2
        if m.group(at) not in _NOT_GROUPINGS:
            q.not_understood.append(m.group(at))  # quoted in the message: "but not 'team'"
            t.s = t.s[: m.start(at)] + " " * len(m.group(at)) + t.s[m.end(at) :]
    modifiers = modifying_participles(t, found)  # "returning customers": no verb of the clause
    _their_ids(t, q, lex)
    rows_with_columns(t, q, _counted_table(q, lex))  # "list the P2 tickets with their status" (listed_rows.py)
    empty_group_included(t, q)  # "for each assignee, including unassigned": every group, the empty one too
    # "closed and not closed"; "ben's team"; "neither open nor chloe's" read as chloe's rows
    q.not_understood += contradictions(q) + owned_bodies(original, q) + row_words.nor_kept(t, q)
    # "who on the desk ..." in a schema "support_desk": a word of the deployment's own name says no more than it
    described |= {w for tb in lex.catalogue.tables for w in normalise(tb.ref.split(".")[0]).split() if len(w) >= 4}
    leftovers = [
        w
        for w in t.s.split()
        if w not in STOP_WORDS
        and (w not in VERB_FORMS or w in modifiers)
        and singular(w) not in described
        and w[:6] not in stems
    ]
    if q.search is None and (searched := unplaced_phrase(leftovers, t.read, _counted_table(q, lex))):
        q.search, q.searched = searched  # "list the access denied tickets": a phrase of the rows' own text
        leftovers = []
    q.not_understood += leftovers
    if q.search is not None and not q.searched:
        _place_search(q, lex)
    check_breakdown(q)
    rank_by_said(q, t.read)  # "the most revenue ... by number of orders": ranked by the orders (placing.py)
    rank_all_groups(q, lex.catalogue)  # "who has the fewest open tickets": a group with none at 0 (placing.py)
    if not q.not_understood:  # the data answer check: every part the request asks is in the query (asked_parts.py)
        q.not_understood += unanswered(original, t.read, q, lex)
    if q.not_understood or q.confidence < CONFIDENCE_BAR or not q.measures:
        raise Unsure(unsure_message(q, lex))
    return q


def _in_percent(m: Measure) -> bool:
    """A figure given in percent (its name or label says so: "margin_pct", "% of revenue")."""
    return m.name.endswith("_pct") or re.search(r"%|\bpercent|\bpct\b", m.label.lower()) is not None


def _per_unit(column: Column) -> bool:
    """A column holding the amount of one unit ("unit_price", "Cost of one unit in USD"), which no sum may add up."""
    words = f"{column.name} {column.comment}".lower().replace("_", " ")
    return column.name.lower().startswith("unit_") or re.search(r"\b(?:of one|per) unit\b", words) is not None


def _their_ids(t: Text, q: Mapping, lex: Lexicon) -> None:
    """ "give me their IDs": the rows of the counted (or only) table, named by its primary key."""
    table = _counted_table(q, lex)
    key = table.primary_key if table is not None else None
    if key is None or t.take(r"\b(?:ids?|identifiers?)\b") is None:
        return
    if key not in q.dimensions:
        q.dimensions.append(key)


def _negates_known(word: str, lex: Lexicon) -> bool:
    """ "unassigned", "undiscounted", "nonbillable": "un"/"non" before a known word or before its participle."""
    m = re.match(r"(?:un|non)([a-z]{4,})$", word)
    return m is not None and any(lex.knows(w) for w in (m.group(1), re.sub(r"e?d$", "", m.group(1))))


def _counted_table(q: Mapping, lex: Lexicon) -> Table | None:
    """The table whose rows are counted, else the only table."""
    counted = [m.table for m in q.measures if m.table is not None]
    return counted[0] if counted else lex.catalogue.tables[0] if len(lex.catalogue.tables) == 1 else None


def _place_search(q: Mapping, lex: Lexicon) -> None:
    """The text columns of the counted (or only) table that the search phrase is looked for in."""
    assert q.search is not None
    table = _counted_table(q, lex)
    q.searched = search_columns(table) if table is not None else []
    if not q.searched:
        q.not_understood.append(f"which text to look for '{q.search.phrase}' in")


_NOT_GROUPINGS = frozenset("the our all far then now hand itself themselves".split())


def _phrases(t: Text, lex: Lexicon, original: str, *, books: tuple[str, ...]) -> list[tuple[int, int, str, Target]]:
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
