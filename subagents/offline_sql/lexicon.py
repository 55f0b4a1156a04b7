"""The phrases a catalogue and a vocabulary answer to: measures, dimensions, entities and values, by wording.

Built once per catalogue. Each phrase is normalised like a request (lower case, words only), so matching is a
plain search; unknown words are spell-corrected against `known_words` with rapidfuzz.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from spellchecker import SpellChecker

from cognicore.subagents.offline_sql.catalogue import LABEL_COLUMNS, Catalogue, Column, Table
from cognicore.subagents.offline_sql.closest_word import closest
from cognicore.subagents.offline_sql.money_paid import cost_of_goods
from cognicore.subagents.offline_sql.vocabulary import NamedMeasure, SqlVocabulary

# Words that carry no meaning for a query. Anything else a request says must be placed, or it is reported.
STOP_WORDS = frozenset(
    """
    a an the of in on at to for from with without into about and or nor but if then than as is are was were be been
    being do does did done have has had having i me my we us our ours you your it its this that these those there
    their they them he she his her what whats which who whom whose when where why how please pls kindly can could
    would will shall should may might must show shows showing give gives giving get list tell see display find
    provide report return returns want need like know let lets s t d ll re ve m o just also so very really
    quick quickly briefly brief data figures figure numbers number results result stats statistics info
    information overview summary summarise summarize analyse analyze analysis look looking check up out all
    any each every some stuff things thing much many one ones value values amount amounts level levels
    company business team firm period periods time times date dates recently ever yet now currently
    currently please thanks thank hi hello hey okay ok across over under between during per by via within
    generated made got had came make went go come being both either neither whole entire compare compared
    comparison versus vs against side broken broke breakdown split spread distribution distributed
    bring brings brought bringing generate
    generates generating produce produced produces achieve achieved perform performed performs performing
    doing did does happen happened say says said us ours alone only exactly roughly approximately about around
    among amongst single individual ballpark approx
    currently presently actually overall here there other others another same result much well good
    still already again anything something everything through via write written prepare draft create
    chart graph plot table briefing memo note hold holds held own owns carry carries carrying handle handles handled
    put together short long detailed simple pdf slide slides deck presentation document page one-pager
    r u ur plz thx ty btw cheers asap
    writeup writeups pager pie donut incl
    """.split()
)
# Never stop words: "someone", "anybody" ... restrict the rows to those whose person is not empty ("open tickets
# with someone"); `_words.missing` reads them where the column is named, anywhere else they stay unread (unsure).
# Common verbs of requests, in every form: they say how a figure came about, never which figure.
_VERBS = """
receive get buy purchase bring make generate produce achieve perform do have see happen come go take reach hit
record register book ship deliver place log submit file raise need want look compare break split rank order
sort list show give tell find return report display analyse analyze summarise summarize calculate compute count
sum total measure track end finish start begin run drive pull attract win lose spend pay cost develop move
include contain involve feature shift account represent group affect remind add tally set fetch
give rack rake earn sit juggle deal stick keep manage cover belong relate mention concern
""".split()
_IRREGULAR = (
    "got gotten bought brought made did done had saw seen came went taken took hit won lost spent paid ran drove began "
    "begun logged logging submitted submitting sat stuck dealt kept handed handing gave given"
)


def _inflections(verb: str) -> set[str]:
    stem = verb[:-1] if verb.endswith("e") else verb
    third = verb + "es" if verb.endswith(("s", "sh", "ch", "x")) else verb + "s"
    forms = {verb, third, stem + "ed", stem + "ing", verb + "d" if verb.endswith("e") else verb + "ed"}
    if re.fullmatch(r"[^aeiou]*[aeiou][^aeiouwxy]", verb):  # one short vowel, one consonant: "shipped", "logging"
        forms |= {verb + verb[-1] + "ed", verb + verb[-1] + "ing"}
    return forms


VERB_FORMS = frozenset({f for v in _VERBS for f in _inflections(v)} | set(_IRREGULAR.split()))

# Words the mapper reads with rules (periods, aggregates, ranking, shape); known, so never spell-corrected.
RULE_WORDS = frozenset(
    """
    total sum overall altogether combined average avg mean median count counts tally distinct different unique
    top bottom best worst highest lowest most least fewest largest smallest biggest leading greatest
    strongest weakest poorest maximum minimum max min rank ranked ranking ranks order ordered sorted
    share percentage percent proportion contribution mix fraction portion trend trends trended trending evolution
    evolve evolved
    history historical timeline growth grow grew last past previous prior preceding latest recent current
    present newest trailing full complete closed calendar fiscal since after before until till through so far
    to date qtd mtd ytd yesterday today day days daily week weeks weekly month months monthly quarter quarters
    quarterly year years yearly annual annually q1 q2 q3 q4 first second third fourth fy weekday weekdays
    january february march april june july august september october november december
    monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays
    saturdays sundays
    jan feb mar apr jun jul aug sep sept oct nov dec how many one two three four five six seven eight nine ten
    eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty
    """.split()
)


COMMON = 500  # occurrences in pyspellchecker's corpus from which an English word is never "corrected"


@lru_cache(maxsize=1)
def english_words() -> dict[str, int]:
    """English words and how common they are (pyspellchecker's list): a common word is never "corrected"."""
    return dict(SpellChecker().word_frequency.dictionary)


# Negations written short, with or without the apostrophe ("aren't", "arent"): a "not" the rules must see, never
# a misspelt word ("arent" once read as "agent", dropping the negation).
_NOT_IRREGULAR = {"ca": "can", "wo": "will", "sha": "shall", "ai": "is"}
_CONTRACTED = re.compile(r"\b(are|is|was|were|do|does|did|has|have|had|ca|wo|sha|would|should|could|ai)(?:n't|nt)\b")


def _uncontracted(m: re.Match[str]) -> str:
    return f"{_NOT_IRREGULAR.get(m.group(1), m.group(1))} not"


def normalise(text: str) -> str:
    """Lower case words, digits, '%' and ISO dates; punctuation and joining hyphens become spaces."""
    t = text.replace("\u2019", "'").replace("\u2013", "-").replace("\u2014", " ").lower()
    t = _CONTRACTED.sub(_uncontracted, t)
    t = re.sub(r"(\w)'s\b", r"\1", t)
    t = re.sub(r"(?<!\d)-|-(?!\d)", " ", t)
    t = t.replace("%", " percent ").replace("_", " ")
    t = re.sub(r"[^\w\-\s]", " ", t)
    return re.sub(r"\s+", " ", t).strip()


def singular(word: str) -> str:
    """A plain English singular ("categories" -> "category", "boxes" -> "box", "sales" stays)."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def plural(word: str) -> str:
    """The plural of a singular noun."""
    if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    if word.endswith(("ch", "sh", "ss", "x")):
        return word + "es"
    return word if word.endswith("s") else word + "s"


GENERIC_COLUMNS = ("code", "sku", "type", "kind", "number", "key", "ref")


def dimension_name(column: Column) -> str:
    """A column's name as a grouping: "region" for regions.name, "region_code", "customer_segment"."""
    table = singular(column.table.rsplit(".", 1)[1])
    if column.name in LABEL_COLUMNS:
        return table
    return f"{table}_{column.name}" if column.name in GENERIC_COLUMNS else column.name


@dataclass(frozen=True, slots=True)
class Target:
    """What a phrase names: a measure, a dimension column, an entity (a table) or a value of a column."""

    kind: str  # "measure" | "dimension" | "entity" | "value" | "date" (the date column periods use)
    weak: bool = False  # a measure named by a verb ("selling"): it yields to a measure named outright
    measure: NamedMeasure | None = None
    column: Column | None = None
    table: Table | None = None
    value: str = ""


@dataclass
class Lexicon:
    """Every phrase of one catalogue plus vocabulary, longest first, and the words known to the mapper."""

    catalogue: Catalogue
    vocabulary: SqlVocabulary
    phrases: dict[str, list[Target]] = field(default_factory=dict)
    partial: dict[str, list[Target]] = field(default_factory=dict)  # a distinctive word of a value
    known_words: set[str] = field(default_factory=set)
    _patterns: dict[str, list[tuple[str, re.Pattern[str]]]] = field(default_factory=dict, repr=False)

    def add(self, phrase: str, target: Target, *, book: dict[str, list[Target]] | None = None) -> None:
        """Register `phrase` (and its plural/singular form) for `target`."""
        book = self.phrases if book is None else book
        p = normalise(phrase)
        if not p:
            return
        words = p.split()
        forms = {p, " ".join([*words[:-1], singular(words[-1])]), " ".join([*words[:-1], plural(words[-1])])}
        if target.kind == "value":
            forms = {p}  # values are matched as written (codes such as "NA" must not grow an "s")
            if "-" in phrase:  # "Wi-Fi" is also written "wifi"
                forms.add(normalise(phrase.replace("-", "")))
        for form in forms:
            entries = book.setdefault(form, [])
            if target not in entries:
                entries.append(target)
            self.known_words.update(w for w in form.split() if not w.isdigit())

    def correct(self, word: str) -> tuple[str, float]:
        """The known word closest to an unknown `word` and the match score (0 when none is close enough).

        A common English word stays as written (it is then placed or reported, never silently bent into a
        catalogue word); a rare one ("chanel") may become a catalogue word; a misspelling may also become a
        rule or stop word ("whcih", "quartr").
        """
        if len(word) < 3 or any(ch.isdigit() for ch in word) or self.knows(word):
            return word, 0.0
        frequency = english_words().get(word, 0)
        if frequency >= COMMON:
            return word, 0.0
        if not frequency and (swapped := _swapped_stop_word(word)):
            return swapped, 100.0  # "teh", "adn": two neighbouring letters of a function word swapped
        cutoff = 75 if len(word) >= 4 and not frequency else 85
        found = closest(word, self.known_words, cutoff, stored=self.phrases)
        for words, floor in ((RULE_WORDS, cutoff), (STOP_WORDS, max(cutoff, 80))):  # "lst": "last", not "list"
            if found is None and not frequency:
                found = closest(word, words, floor, stored=self.phrases)
        return found if found else (word, 0.0)

    def knows(self, word: str) -> bool:
        """Whether `word` (or its singular) is a phrase word, a stop word or a rule word."""
        return any(w in self.known_words or w in STOP_WORDS or w in RULE_WORDS for w in (word, singular(word)))

    def patterns(self, book: str) -> list[tuple[str, re.Pattern[str]]]:
        """The phrases of `book` ("early", "phrases" or "partial"), longest first, compiled once."""
        if book not in self._patterns:
            phrases = {"partial": self.partial, "phrases": self.phrases, "early": self.early()}[book]
            ordered = sorted(phrases, key=lambda p: (-len(p.split()), -len(p)))
            self._patterns[book] = [(p, re.compile(rf"\b{re.escape(p)}(?:e?s)?\b")) for p in ordered]
        return self._patterns[book]

    def early(self) -> dict[str, list[Target]]:
        """Named measures whose words are also rule words ("average order value"): read before the rules."""
        return {p: v for p, v in self.phrases.items() if v[0].kind == "measure" and set(p.split()) & RULE_WORDS}

    def book(self, name: str) -> dict[str, list[Target]]:
        """The phrase book called `name`."""
        return {"partial": self.partial, "phrases": self.phrases, "early": self.phrases}[name]


# A date column's comment that says which event it dates ("Date the product went on sale", "Date the order was
# placed"): the event's words name that date column ("products that went on sale before 2020").
_EVENT_OF_DATE = re.compile(
    r"(?:date|day|time|moment) (?:the|a|an) [a-z]+ (?:(?:was|were|is|got|first) )?([a-z ]{4,40})$"
)


def build_lexicon(catalogue: Catalogue, vocabulary: SqlVocabulary) -> Lexicon:
    """The phrases of `catalogue` (tables, columns, values) and of `vocabulary` (named measures, synonyms)."""
    # A plugin's measures count only where its tables are allowed (another domain's plugin may be installed).
    known = {c.ref for t in catalogue.tables for c in t.columns}
    measures = tuple(m for m in vocabulary.measures if set(m.columns) <= known)
    goods = cost_of_goods(catalogue)  # units x a unit's cost, when the schema has both (money_paid.py)
    if goods is not None and not any("cost" in m.name for m in measures):
        measures = (*measures, goods)
    vocabulary = replace(vocabulary, measures=measures)
    lex = Lexicon(catalogue, vocabulary)
    for m in vocabulary.measures:
        for w in (m.name, *m.words):
            lex.add(w, Target("measure", measure=m))
        for w in m.weak_words:
            lex.add(w, Target("measure", measure=m, weak=True))
    last_words: dict[str, list[Column]] = {}
    for table in catalogue.tables:
        entity_phrase = _entity_phrase(table)
        lex.add(entity_phrase, Target("entity", table=table))
        # "Order lines: which product, ...": the noun its comment opens with names the table too ("per order line")
        head = re.sub(r"^(?:the|an?) ", "", normalise(re.split(r"[:;,.(]", table.comment, maxsplit=1)[0]))
        measured = any(x.kind == "measure" for w in head.split() for x in lex.phrases.get(w, []))  # "Sales regions"
        if 2 <= len(head.split()) <= 3 and head.replace(" ", "").isalpha() and head not in lex.phrases and not measured:
            lex.add(head, Target("entity", table=table))
        for col in table.columns:
            if col.kind == "date":
                verb = [w for w in normalise(col.name).split() if w not in ("at", "on", "date", "time", "ts")]
                if verb:
                    lex.add(" ".join(verb), Target("date", column=col))
                if said := _EVENT_OF_DATE.match(normalise(col.comment.split(";")[0].split(".")[0])):
                    lex.add(said.group(1), Target("date", column=col))  # "Date the product went on sale."
                continue
            if col.is_key and col.kind == "text":
                for value in col.values:  # "the status of INC-1005": a row named by its key (when they are listed)
                    lex.add(value, Target("value", column=col, value=value))
            if col.is_key or col.kind == "other":
                continue
            words = normalise(col.name)
            if col.kind == "numeric":
                lex.add(words, Target("measure", column=col))
                lex.add(f"{entity_phrase} {words}", Target("measure", column=col))
                # "Current list price in USD" (unit_price): the comment's words before the column's last word
                last = words.split()[-1]
                said = re.match(rf"(?:[a-z]+ )*?([a-z]+ {last})\b", normalise(re.split(r"[;,.(]", col.comment)[0]))
                measured = any(x.measure is not None for x in lex.phrases.get(last, []))  # "net revenue": named
                if said and said.group(1) != words and said.group(1) not in lex.phrases and not measured:
                    lex.add(said.group(1), Target("measure", column=col))
                continue
            if col.name in LABEL_COLUMNS:
                lex.add(f"{entity_phrase} {words}", Target("dimension", column=col))
            elif col.values:
                lex.add(words, Target("dimension", column=col))
                lex.add(f"{entity_phrase} {words}", Target("dimension", column=col))
                last_words.setdefault(words.split()[-1], []).append(col)
            for value in col.values:
                lex.add(value, Target("value", column=col, value=value))
                # "did ben close": the status "closed"; "an accessory": the category "Accessories"; "priority 1": P1
                for base in [*_verbs_of(value), *_value_forms(value, words)]:
                    whole = base[-1].isdigit()  # "priority 1" says the whole value, not one distinctive word of it
                    lex.add(base, Target("value", column=col, value=value), book=lex.phrases if whole else lex.partial)
    # "when did X launch": the verb of a date column's past participle ("launched_on"), unless it names a value
    # ("open" is a status, never the date "opened_at")
    dated = [(p, x) for p, ts in lex.phrases.items() for x in ts if x.kind == "date" and len(p.split()) == 1]
    for phrase, target in dated:
        for base in _verbs_of(phrase):
            if base not in lex.phrases and base not in STOP_WORDS:
                lex.add(base, target)
    for j in catalogue.joins:  # "product category": the category of a product is the category
        child, parent = (_entity_phrase(catalogue.table(t)) for t in (j.child, j.parent))
        lex.add(f"{child} {parent}", Target("entity", table=catalogue.table(j.parent)))
    for word, cols in last_words.items():  # "segment" for customer_segment, when no other column ends so
        if len(cols) == 1 and word not in lex.phrases:
            lex.add(word, Target("dimension", column=cols[0]))
    _add_partial_values(lex)
    # A synonym counts only when what it stands for is in this catalogue ("item" -> "product" needs products).
    usable = {
        phrase: target
        for phrase, target in vocabulary.synonyms.items()
        if all(lex.knows(w) or w in ("not", "no", "without") for w in normalise(target).split())  # "not closed"
    }
    lex.vocabulary = replace(vocabulary, synonyms=usable)
    for phrase in usable:
        lex.known_words.update(normalise(phrase).split())
    for phrase in vocabulary.ignore:
        lex.known_words.update(normalise(phrase).split())
    return lex


def _swapped_stop_word(word: str) -> str:
    """The stop word `word` spells with two neighbouring letters swapped ("teh" -> "the"), else ""."""
    for i in range(len(word) - 1):
        swapped = word[:i] + word[i + 1] + word[i] + word[i + 2 :]
        if swapped != word and swapped in STOP_WORDS:
            return swapped
    return ""


def _verbs_of(value: str) -> list[str]:
    """The verb of a one-word past participle value ("closed" -> "close", "shipped" -> "ship"), if English."""
    v = value.lower()
    if not re.fullmatch(r"[a-z]{4,}ed", v):
        return []
    candidates = [v[:-1], v[:-2]] + ([v[:-3]] if len(v) > 5 and v[-3] == v[-4] else [])
    words = english_words()
    return [c for c in candidates if len(c) >= 3 and words.get(c, 0) > 0][:1]


def _value_forms(value: str, column: str) -> list[str]:
    """A one-word plural noun value in the singular, if English ("Accessories" -> "accessory"); a code of its
    column's initial and a number spelt with the column's name ("P1" of priority -> "priority 1")."""
    v = value.lower()
    if re.fullmatch(r"[a-z]{3,}s", v) and (one := singular(v)) != v and english_words().get(one, 0) > 0:
        return [one]
    code = re.fullmatch(r"([a-z]{1,2})[- ]?(\d{1,3})", v)
    return [f"{column} {int(code.group(2))}"] if code and " " not in column and column.startswith(code.group(1)) else []


def _entity_phrase(table: Table) -> str:
    """The singular noun phrase of a table ("order item" for order_items)."""
    words = normalise(table.name).split()
    return " ".join([*words[:-1], singular(words[-1])])


def _sentence(value: str) -> bool:
    """A value written as a sentence (a description: "Earbuds, headphones and portable speakers."), not a name:
    a word of it names no row of its column, whatever the value's other words are."""
    return bool(re.search(r"[.!?]$|, ", value.strip())) or len(value.split()) >= 6


def _add_partial_values(lex: Lexicon) -> None:
    """Words of a value that no other value uses name that value ("router" for "Acme Router X2")."""
    owners: dict[str, set[tuple[str, str]]] = {}
    first: dict[tuple[str, str], Target] = {}
    for phrase, targets in lex.phrases.items():
        for t in targets:
            if t.kind != "value" or t.column is None or _sentence(t.value):
                continue  # "earbuds" in "Earbuds, headphones and portable speakers.": no name of that value
            key = (t.column.ref, t.value)
            first.setdefault(key, t)
            words = phrase.split()
            for n in range(1, len(words)):
                for i in range(len(words) - n + 1):
                    owners.setdefault(" ".join(words[i : i + n]), set()).add(key)
    for gram, keys in owners.items():
        words = gram.split()
        meaningful = [
            w for w in words if len(w) >= 3 and not w.isdigit() and w not in STOP_WORDS and w not in RULE_WORDS
        ]
        if len(keys) != 1 or not meaningful or (len(words) == 1 and len(gram) < 4):
            continue
        if gram in lex.phrases or singular(gram) in lex.phrases:
            continue
        lex.add(gram, first[next(iter(keys))], book=lex.partial)
