"""The data answer check (issue 9): a mapped request is answered with confidence only when the query answers every
part the request asks.

It runs once, at the end of the mapping, on the request's structure and the deployment's schema, never on the words
of one case: the attributes a question word asks ("who", "when", "what <column>") must be columns of the answer; a
value the request says as the verb of a dated event with a person as its subject ("did <person> open") has no column
recording who did it; a phrase searched in text columns whose values are all known must be in one of them. What
fails is said (in `Mapping.not_understood`), so the answer is `unsure` with what was and was not understood.
"""

from __future__ import annotations

import re

from cognicore.subagents.offline_sql._words import people_column
from cognicore.subagents.offline_sql.catalogue import Column
from cognicore.subagents.offline_sql.lexicon import Lexicon, Target, normalise, plural, singular
from cognicore.subagents.offline_sql.mapping import Mapping

_TIME_UNITS = ("weekday", "day", "week", "month", "quarter", "year")
# A question word that opens a clause ("who has ...", "..., and whose is it", "tell me when ..."), not a relative
# pronoun after a noun ("customers who", "tickets whose status").
_CLAUSE_START = r"(?:^\s*|\b(?:and|but|or|also|then|plus|me|us|know|see|out|list|show)\s+)"
_FILLER = r"(?:(?:please|pls|also|then|exactly|just|so)\s+)*"
_ASKED_WORD = re.compile(rf"{_CLAUSE_START}{_FILLER}(who|whose|whom|when)\b( \w+)?")
# "when did / was / is ...": a question; "When it comes to ..." opening a request is none
_AUXILIARIES = frozenset("did does do was were is are has have had will would should".split())
# "what priority is INC-1008 at", "which region ...", "what is the status of ...": the noun a question word asks
_ASKED_NOUN = re.compile(
    rf"{_CLAUSE_START}(?:what|which)(?: (?:is|are|was|were|s))?(?: (?:the|its|their|his|her|our))?"
    r" ([a-z][a-z0-9]*(?: [a-z][a-z0-9]*)?)\b"
)
# A question of its own inside the request: "what ...", "..., and when ...", "how much ..."
_CLAUSE_QUESTION = re.compile(
    rf"{_CLAUSE_START}{_FILLER}(?:what|which|who|whose|whom|when|where|how (?:much|many|long|old|big))\b"
)
# "did ana open", "has ben opened", "ben has opened", "ana opened": a person and the verb they do (never "ana's open
# tickets", a possessive, nor "ana open tickets", a verb in no tense)
_ADVERB = r"(?:\s+(?:already|just|ever|also|personally))?"
_DOER = (
    rf"\b(?:(?:did|does|do|has|have|had|will|would|can)\s+{{who}}\b{_ADVERB}\s+([a-z]+)|"
    rf"{{who}}\b(?!')(?:\s+(?:has|have|had))?{_ADVERB}\s+([a-z]+ed))\b"
)
# "opened by ben": a dated event's participle, then its agent
_BY_AGENT = re.compile(r"\b([a-z]+ed)\s+by\s+([a-z0-9_-]+)\b")


def unanswered(request: str, read: str, q: Mapping, lex: Lexicon) -> list[str]:
    """What `request` (`read`: as the mapper read it, typos mended) asks that the query of `q` would not answer;
    empty when it answers every asked part."""
    said = f" {normalise(request)} "
    parts = [*_asked_attributes(said, q, lex), *_actor_verbs(request, read, said, lex), *_unmatched_search(request, q)]
    who = _WHO.search(said) is not None
    parts += list(dict.fromkeys(_value_bodies(said, lex, who) + _value_bodies(read, lex, who))) + _split_totals(said, q)
    parts += _share_of_itself(q) + _periods_of_two_dates(said, q) + _one_of_a_pack(said, q)
    if not q.looked_up:
        parts += _unasked_figures(read, said, q, lex) + _unasked_rows(said, q, lex)
    if q.looked_up:  # one row named by its key: every column word said is an attribute asked of it
        parts += [f"'{p}' (asked of {_row_name(q)}, but not shown)" for p in _unused_phrases(read, q, lex)]
        shown = [d for d in q.dimensions if isinstance(d, Column)]
        if not parts and len(_CLAUSE_QUESTION.findall(said)) > len(shown):
            # "what category is X in, and what does it cost": two things asked of the row, one shown
            parts.append(f"one of the {len(_CLAUSE_QUESTION.findall(said))} things asked of {_row_name(q)}")
    return parts


def _row_name(q: Mapping) -> str:
    """The row a lookup names ("INC-1012"), as said in the filters."""
    return ", ".join(v for values in q.filters.values() for v in values) or "the row"


def _shown(q: Mapping) -> set[str]:
    """The column refs (and time units) the answer's rows show."""
    shown = {d.ref if isinstance(d, Column) else d for d in q.dimensions}
    shown |= {c.ref for c in (q.ranked, q.compare) if isinstance(c, Column)}
    shown |= {m.column.ref for m in q.measures if m.column is not None}
    shown |= {m.table.ref for m in q.measures if m.table is not None and m.aggregate == "count"}
    # "ana or ben": each value of a filter with several values is a row of its own
    shown |= {ref for ref, values in q.filters.items() if len(values) > 1}
    return shown


def _used(q: Mapping) -> set[str]:
    """The column refs the query shows or keeps rows by."""
    used = _shown(q) | set(q.filters) | set(q.excluded) | set(q.missing) | set(q.present) | set(q.nonzero)
    used |= set(q.rates) | {ref for ref, _, _ in q.row_conditions} | {c.ref for c in q.searched}
    return used | ({q.date_column.ref} if q.date_column is not None else set())


def _dated(shown: set[str], lex: Lexicon) -> bool:
    """Whether the answer shows a date or a unit of time."""
    dates = {c.ref for tb in lex.catalogue.tables for c in tb.columns if c.kind in ("date", "timestamp")}
    return bool(shown & ({*dates, *_TIME_UNITS}))


def _asked_attributes(said: str, q: Mapping, lex: Lexicon) -> list[str]:
    """ "who" asks the people column, "when" a date, "what/which <column word>" that column: each must be shown."""
    shown = _shown(q)
    missing: list[str] = []
    for m in _ASKED_WORD.finditer(said):
        word = m.group(1)
        opening = not said[: m.start(1)].strip()
        if word == "when" and opening and (m.group(2) or "").strip() not in _AUXILIARIES:
            continue
        if word == "when" and not _dated(shown, lex):
            missing.append("'when' (the answer shows no date)")
        elif word != "when" and (people := people_column(lex)) is not None and people.ref not in shown:
            missing.append(f"'{word}' (the answer does not show the {people.name.replace('_', ' ')})")
    for m in _ASKED_NOUN.finditer(said):
        columns = _columns_named(m.group(1), lex)
        if columns and not any(c.ref in shown for c in columns) and singular(m.group(1)) not in _TIME_UNITS:
            missing.append(f"'{m.group(1)}' (asked, but the answer does not show it)")
        elif singular(m.group(1)) in _TIME_UNITS and not _dated(shown, lex):
            missing.append(f"'{m.group(1)}' (asked, but the answer shows no date)")
    return missing


def _columns_named(words: str, lex: Lexicon) -> list[Column]:
    """The dimension columns `words` (or its first word) name in the lexicon, none when they name anything else."""
    for phrase in (words, words.split()[0]):
        targets = lex.phrases.get(phrase) or lex.phrases.get(singular(phrase)) or []
        if targets:
            if all(x.kind == "dimension" and x.column is not None for x in targets):
                return [x.column for x in targets if x.column is not None]
            return []
    return []


def _actor_verbs(request: str, read: str, said: str, lex: Lexicon) -> list[str]:
    """ "how many tickets did ana open", "opened by ben": a person as the one who did a dated event ("opened_at"),
    which no column records (the people column says whose the row is, not who created it)."""
    people = people_column(lex)
    if people is None:
        return []
    verbs = {p for p, ts in lex.phrases.items() if len(p.split()) == 1 and p.endswith("ed") and _dates(ts)}
    persons = {normalise(v) for v in people.values}
    written = request.lower().replace("\u2019", "'")  # the possessive kept
    missing = []
    for person in sorted(persons):
        doing = [*re.finditer(_DOER.format(who=re.escape(person)), written)]
        doing += re.finditer(_DOER.format(who=re.escape(person)), read)  # "did anas open": the name mended
        for verb in dict.fromkeys(m.group(1) or m.group(2) for m in doing):
            if any(verb in (v, v[:-2], v[:-1]) for v in verbs):
                missing.append(f"'{person} {verb}' (the data records whose the rows are, not who {verb} them)")
    for m in _BY_AGENT.finditer(said):
        if m.group(1) in verbs and m.group(2) in persons:
            missing.append(f"'{m.group(0)}' (the data records whose the rows are, not who {m.group(1)} them)")
    return missing


def _dates(targets: list[Target]) -> bool:
    """Whether a phrase names a date column."""
    return any(x.kind == "date" for x in targets)


def _unmatched_search(request: str, q: Mapping) -> list[str]:
    """A phrase read from the request's words (not quoted by the user, so its ends were guessed) and looked for in text
    columns whose every value is known, and in none of them: no row would match, so the phrase was likely misread."""
    if q.search is None or q.search.negated or not q.searched or not all(c.values for c in q.searched):
        return []
    if re.search(rf"[\"'\u2018\u201c]{re.escape(q.search.phrase)}[\"'\u2019\u201d]", request, re.IGNORECASE):
        return []  # "how many tickets say '100%'": the user's own phrase; none holding it is the answer
    phrase = q.search.phrase.lower()
    if any(phrase in v.lower() for c in q.searched for v in c.values):
        return []
    where = " or ".join(c.name.replace("_", " ") for c in q.searched)
    return [f"'{q.search.phrase}' (no {where} holds it)"]


def _unused_phrases(read: str, q: Mapping, lex: Lexicon) -> list[str]:
    """The words of `read` naming a column of the looked-up row's table ("sku", "launch date", "unit cost") whose
    column the query neither shows nor filters on."""
    used = _used(q)
    sqls = " ".join(m.named.sql for m in q.measures if m.named is not None)
    tables = {ref.rsplit(".", 1)[0] for ref in q.filters}
    text = f" {read} "
    unused = []
    for phrase, pattern in lex.patterns("phrases"):
        if (m := pattern.search(text)) is None:
            continue
        text = text[: m.start()] + " " * (m.end() - m.start()) + text[m.end() :]
        targets = lex.phrases[phrase]
        own = [x.column for x in targets if x.column is not None and x.column.table in tables and not x.weak]
        # a value names rows, a table is what the row is, a dated verb ("placed", "launched") says when it happened
        verb = phrase.endswith("ed") and _dates(targets)
        if not own or verb or any(x.kind in ("entity", "value") for x in targets):
            continue
        if not any(c.ref in used or f"{{{c.ref}}}" in sqls for c in own):
            unused.append(phrase)
    return unused


# "not the revenue", "units per order", "gross sales": a measure's word that says what is not asked, or what another
# figure is of
_NOT_ASKED_BEFORE = re.compile(r"\b(?:not|than|gross|of|per)\s+(?:the\s+)?$")
_HOW_MUCH = re.compile(r"\bhow (?:many|much)\b")
# "how much did X bring in": an amount; not "by how much", "how much more", "how much of that" (a gap, a part)
_AMOUNT_ASKED = re.compile(
    r"(?<!\bby )\bhow much\b(?! (?:more|less|bigger|larger|higher|lower|smaller|fewer|of|is|are|was|were)\b)"
)
# "placed the most orders", "the fewest tickets": a number of rows ranked, so counted
_MOST_ROWS = re.compile(r"\b(?:the )?(?:most|fewest|least|more|fewer) ([a-z]+s)\b")


def _unasked_figures(read: str, said: str, q: Mapping, lex: Lexicon) -> list[str]:
    """ "which product sold the most units, and what revenue did it make" answered with revenue alone; "how many X did
    we sell, and how much revenue": each figure asked is computed (a measure's word said and none of its measures or
    columns used, or more "how many/much" questions than figures)."""
    used = _used(q)
    named = {m.named.name for m in q.measures if m.named is not None}
    sqls = " ".join(m.named.sql for m in q.measures if m.named is not None)
    whole, text = f" {read} ", f" {read} "
    unused = []
    for phrase, pattern in lex.patterns("phrases"):
        if (m := pattern.search(text)) is None:
            continue
        text = text[: m.start()] + " " * (m.end() - m.start()) + text[m.end() :]
        targets = lex.phrases[phrase]
        if not all(x.kind == "measure" and not x.weak and _own_name(phrase, x) for x in targets):
            continue  # a measure said by its own name ("units", "revenue"), not a loose word for it ("sales data")
        after = whole[m.end() :].split()[:1]
        if after and (after[0] in lex.phrases or singular(after[0]) in lex.phrases):
            continue  # "sales channel", "unit price": the word describes the next one
        if _NOT_ASKED_BEFORE.search(whole[: m.start()]):
            continue
        if any(x.measure is not None and (x.measure.name in named or x.measure.sql in sqls) for x in targets):
            continue
        if any(x.measure is not None and any(f"{{{ref}}}" in x.measure.sql for ref in used) for x in targets):
            continue  # "order lines for at least 5 units": the measure's column is a condition of the rows
        if any(x.column is not None and (x.column.ref in used or f"{{{x.column.ref}}}" in sqls) for x in targets):
            continue
        unused.append(f"'{phrase}' (a figure asked, but not computed)")
    for m in _MOST_ROWS.finditer(whole):
        tables = {x.table.ref for x in lex.phrases.get(m.group(1), []) if x.kind == "entity" and x.table is not None}
        counted = {mm.table.ref for mm in q.measures if mm.table is not None} | {mm.name for mm in q.measures}
        if tables and not tables & counted and m.group(1) not in counted and singular(m.group(1)) not in counted:
            unused.append(f"'{m.group(0).strip()}' (the number of {m.group(1)} is not computed)")
    counts_only = all(m.table is not None and m.aggregate == "count" and not m.age for m in q.measures)
    if not unused and counts_only and _AMOUNT_ASKED.search(said):
        # "how much did the X products bring in": an amount asked, answered with a number of rows
        unused.append(f"'how much' (an amount asked; {q.measures[0].label} is a number of rows)")
    if not unused and (asks := len(_HOW_MUCH.findall(said))) > len(q.measures):
        unused.append(f"'{' and '.join(_HOW_MUCH.findall(said))}' ({asks} figures asked, {len(q.measures)} computed)")
    return unused


def _own_name(phrase: str, target: Target) -> bool:
    """Whether `phrase` is the measure's or its column's own name ("units", "unit cost"), in either number."""
    said = (target.measure.name if target.measure else "", target.column.name if target.column else "")
    names = {normalise(n) for n in said if n}
    return bool({phrase, singular(phrase)} & (names | {plural(n) for n in names}))


# What asks for rows one by one: a listing verb, a question word or a ranking word before the rows' noun
_LISTING = re.compile(
    r"list|lists|listing|show|display|which|what|give|each|per|by|every|all|top|bottom|biggest|largest|smallest|"
    r"latest|newest|oldest|earliest|first|last|recent|those|these|their|its"
)
_ROWS_ASKED = re.compile(r"\b(?:ids?|identifiers?|each|per|every|list|show|one by one|individually)\b")


def _unasked_rows(said: str, q: Mapping, lex: Lexicon) -> list[str]:
    """ "what was revenue last quarter leaving out partner orders": a figure split by the key of each row (one line
    per order) when no word asks for the rows one by one; the rows' noun only said what the figure is of."""
    counted = {m.table.ref for m in q.measures if m.table is not None} | {"age" for m in q.measures if m.age}
    if q.looked_up or counted or q.having or _ROWS_ASKED.search(said):
        return []  # a threshold on each row's figure ("orders with more than 6 units") needs the rows one by one
    unasked = []
    for key in (d for d in q.dimensions if isinstance(d, Column) and d.primary_key):
        nouns = [p for p, ts in lex.phrases.items() if any(x.kind == "entity" and _of(x, key.table) for x in ts)]
        said_before = [
            said[: m.start()].split()[-2:] for p in nouns for m in re.finditer(rf"\b{re.escape(p)}(?:e?s)?\b", said)
        ]
        if not any(_LISTING.fullmatch(w) for before in said_before for w in before):
            unasked.append(f"'{key.name.replace('_', ' ')}' (a line per row, which nothing asked)")
    return unasked


def _of(target: Target, table: str) -> bool:
    """Whether `target` names the rows of `table`."""
    return target.table is not None and target.table.ref == table


# People grouped around a thing ("the VPN team", "the Email group"): whoever handles the value, not its rows
_BODY = re.compile(r"\s+(team|teams|group|groups|department|departments|squad|squads|crew|crews|desk|desks)\b")


_HELD_BY = re.compile(r"\b(?:with|by|to|from|at|on|under|in)(?: the| our| their)?\s*$")
# "who in the Printer team ...": the people asked are of the body, so it names the value they work on, not a holder
_MEMBER_OF = re.compile(r"\b(?:in|on|from|of)(?: the| our| their)?\s*$")
_WHO = re.compile(r"\bwhom?\b")


def _value_bodies(read: str, lex: Lexicon, who: bool) -> list[str]:
    """ "how many tickets are with the VPN team", "assigned to the Email group": a value of the data followed by a body
    of people holding the rows, which no column records (when none does): the value's rows are not what was asked.
    When the request asks `who` ("who on the VPN team ..."), a body the asked people are members of names the value
    they work on."""
    bodies = []
    for phrase, pattern in lex.patterns("phrases"):
        if not any(x.kind == "value" for x in lex.phrases[phrase]):
            continue
        for m in pattern.finditer(read):
            body = _BODY.match(read, m.end())
            holder = _HELD_BY.search(read[: m.start()])  # "for the west team": who it is for, not who holds the rows
            if body and holder and who and _MEMBER_OF.search(read[: m.start()]):
                continue
            if body and holder and not lex.phrases.get(body.group(1)) and not lex.phrases.get(singular(body.group(1))):
                bodies.append(f"'{m.group(0)}{body.group(0)}' (the data records no {singular(body.group(1))})")
    return bodies


# "between them", "combined", "together": one figure for the values named, not one each
_JOINT = re.compile(r"\b(?:between them|combined|together|altogether|all told|put together|in all|jointly)\b")


def _split_totals(said: str, q: Mapping) -> list[str]:
    """ "how many P1 tickets do ana and ben have between them": one total asked of several values, answered one row per
    value (the values' column is also a grouping)."""
    if (joint := _JOINT.search(said)) is None:
        return []
    split = [d for d in q.dimensions if isinstance(d, Column) and len(q.filters.get(d.ref, [])) > 1]
    return [f"'{joint.group(0)}' (one figure asked for {' and '.join(q.filters[d.ref])})" for d in split]


def _share_of_itself(q: Mapping) -> list[str]:
    """ "what percentage of tickets were opened on a Monday", "what share of tickets mention slow": a share whose part
    is a condition kept only as a filter of the rows (a weekday, a time of day, a searched phrase, a row threshold),
    with nothing to group by, would be the rows' share of themselves: 100%."""
    if not q.share or q.dimensions or q.share_within or q.filters or q.excluded or q.missing or q.present:
        return []
    if q.nonzero or q.rates or q.having:
        return []  # the share's part is read from these ("what share of lines had a discount")
    kept = [
        *(["a day of the week"] if q.weekdays else []),
        *(["a time of day"] if q.hours else []),
        *([f"'{q.search.phrase}'"] if q.search is not None else []),
        *(["a condition on each row"] if q.row_conditions else []),
    ]
    return [f"the share of all rows with {' and '.join(kept)} (it would be of those rows alone)"] if kept else []


_COMPARED = re.compile(
    r"\b(?:vs|versus|compare|compared|comparing|comparison|against|than|and|or|to|between|over|yoy|growth|change|"
    r"changed|dip|drop|rise|why)\b"
)


def _periods_of_two_dates(said: str, q: Mapping) -> list[str]:
    """ "revenue of the products launched in 2020, last year", "revenue last year from products that came out in 2019":
    two periods with no word comparing them (they may be of two dates: the launch, the sale), read as two periods of
    one date side by side."""
    if len(q.compared_periods) < 2 or _COMPARED.search(said) or q.growth or q.attribution or q.recent_change:
        return []  # "year over year growth in Q3", "the dip in Q1": the period before is the rule's own
    labels = " and ".join(p.label for p in q.compared_periods)
    return [f"two periods ({labels}) with nothing comparing them: each may be of another date"]


# A value naming several items sold as one row ("... 4-Pack", "a set of 6", "pair", "bundle"), and a request for one
_PACK = re.compile(r"\b(?:\d+\s*-?\s*(?:pack|pk|pcs|pieces|count|ct)|pack of \d+|set of \d+|pair|bundle|kit)\b", re.I)
_ONE_ITEM = re.compile(r"\b(?:a single|single|one|each|individual|per (?:item|piece|unit))\b")


def _one_of_a_pack(said: str, q: Mapping) -> list[str]:
    """ "how much does a single bulb cost" read as the row of a 4-pack: the row's figure is for several items, the
    request asks about one, and the value's own words ("4-pack") were not said."""
    if not _ONE_ITEM.search(said):
        return []
    values = [v for vs in q.filters.values() for v in vs]
    packs = [v for v in values if (m := _PACK.search(v)) and f" {singular(normalise(m.group(0)))}" not in said]
    return [f"one item of '{v}' (its row is for several)" for v in packs]
