"""How the mapper reads single words and values: column words, synonyms' plurals, codes, negations, "or", empties.

Split from `mapper` to keep it readable; these read the request's text and the lexicon, never the mapping's
shape rules.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise
from typing import TYPE_CHECKING

from cognicore.subagents.offline_sql.aside_words import SET_ASIDE
from cognicore.subagents.offline_sql.catalogue import Column
from cognicore.subagents.offline_sql.lexicon import (
    COMMON,
    STOP_WORDS,
    Lexicon,
    english_words,
    normalise,
    plural,
    singular,
)

if TYPE_CHECKING:
    from cognicore.subagents.offline_sql.mapping import Mapping, Text


def column_word(word: str, lex: Lexicon) -> str:
    """A word built on one dimension column's name ("assigned" for "assignee") stands for that column."""
    if len(word) < 6 or word in STOP_WORDS or word in lex.phrases or singular(word) in lex.phrases:
        return word
    names = {
        normalise(c.name)
        for tb in lex.catalogue.tables
        for c in tb.columns
        if c.kind == "text" and c.values and not c.is_key and "_" not in c.name and len(c.name) >= 6
    }
    hits = [n for n in names if n[:6] == word[:6]]
    return hits[0] if len(hits) == 1 else word


def plural_like(word: str, source: str) -> Callable[[re.Match[str]], str]:
    """A replacement: `word`, made plural when the synonym it replaces was written in the plural."""
    return lambda m: plural(word) if m.group(1) != source else word


def value_case_ok(value: str, original: str) -> bool:
    """Short all-letter codes ("NA", "EU") count only when written as stored, not as ordinary words; a code
    that spells no English word ("vpn" for "VPN") counts in any case, since it can mean nothing else."""
    if len(value) > 3 or not value.isalpha():
        return True
    if re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", original) is not None:
        return True
    named = value.islower() and value not in STOP_WORDS  # never "On Monday" for a value "on"
    if named and re.search(rf"(?<![\w-]){re.escape(value.capitalize())}(?![\w-])", original):
        return True  # "Ben's tickets": a name stored in lower case, written as a name
    if named and (said := re.search(rf"(?<![\w-]){re.escape(value)}(?:'s|s)(?![\w-])", original)):
        # "bens tickets", "anas open ones": a name stored in lower case, written in lower case as its owner's ("'s" or
        # "s" without the apostrophe), when the word so written is no common English word of its own ("Anas", "Bens"
        # capitalised are names of their own)
        return english_words().get(said.group(0).replace("'", ""), 0) < COMMON
    return value.lower() not in STOP_WORDS and english_words().get(value.lower(), 0) == 0


def either(text: str, spans: list[tuple[int, int]]) -> bool:
    """Whether the values at `spans` are joined only by commas and "or" ("P3 or P4", "VPN, Email or Wi-Fi")."""
    joins = [text[a[1] : b[0]] for a, b in pairwise(spans)]
    return (
        bool(joins)
        and all(re.fullmatch(r"\s*(?:,\s*)?(?:(?:either|or|nor)\s+)*(?:the\s+)?", j) for j in joins)
        and (re.search(r"\bn?or\b", joins[-1]) is not None)
    )


# "tickets that are assigned" (read as the column's word), not "who is assigned the most tickets"
_PRESENT = (
    r"\b(?:is|are|was|were|been) (?:already |currently |still )?([a-z]{4,})\b"
    r"(?! (?:to|by|for|the|a|an|most|fewest|least|more)\b)"
)


# A column said to hold nothing, or something, in general English ("is blank", "not set"; "is filled in")
_BE = r"(?:is|are|was|were|has been|have been)"
_EMPTY = r"(?:blank|empty|missing|null|unset|not set|not filled(?: in| out)?|not specified)\b"
_FILLED = r"(?:set|filled(?: in| out)?|specified|not blank|not empty|not null|not missing)\b"


def _said_of_itself(column: Column) -> re.Pattern[str]:
    """The column's own word as the subject right before ("assignees are ..."): what it is said of is the column."""
    return re.compile(rf"\b{re.escape(normalise(column.name))}s?\s+(?:is|are|was|were|has|have|had|do|does|did)\s*$")


# "without an assignee", "not have anyone assigned": a determiner or an indefinite pronoun before the column's word
_ANYONE = r"(?: an?| any| anyone| anybody| someone| somebody)?"


def missing(t: Text, q: Mapping, lex: Lexicon) -> None:
    """ "unassigned tickets", "tickets without an assignee": the column named by the word must be empty;
    "tickets that are assigned": it must not be."""
    columns = [c for tb in lex.catalogue.tables for c in tb.columns if c.kind == "text" and not c.is_key and c.values]
    nobody(t, q, lex, columns)  # first: "no one is assigned" is no "is assigned"
    by_someone(t, q, lex)
    someone_has(t, q, lex, columns)
    for pattern, found in (
        # "excluding the unassigned", "leaving out unassigned ones": the rows with a person (before "un..." alone)
        (r"\b(?:excluding|except|ignoring|minus|apart from|other than) (?:the |any |all )?un([a-z]{4,})\b", q.present),
        (r"\bun([a-z]{4,})\b", q.missing),
        (rf"\b(?:no|without|with out|missing){_ANYONE} ([a-z]{{4,}})\b", q.missing),
        # "tickets that don't have an assignee", "still not assigned" (contractions are expanded by `normalise`)
        (rf"\bnot (?:have|has|had|got|yet){_ANYONE} ([a-z]{{4,}})\b", q.missing),
        (r"\bnor (?:yet |been |even )?([a-z]{4,})\b", q.missing),  # "neither closed nor assigned"
        (r"\bnot (?:yet |been |currently )?([a-z]{4,})\b", q.missing),
        # "the assignee field is blank", "assignee not set", "a blank assignee", "with the assignee left empty"
        (rf"\b([a-z]{{4,}})(?: field| column| value)?(?: {_BE})? (?:still |currently |left )?{_EMPTY}", q.missing),
        (rf"\b(?:an? |the )?{_EMPTY} ([a-z]{{4,}})(?: field| column)?\b", q.missing),
        (rf"\b([a-z]{{4,}})(?: field| column| value)?(?: {_BE})? (?:already )?{_FILLED}", q.present),
        (_PRESENT, q.present),
        # "tickets assigned to someone", "tickets with an assignee", "that have an owner": it must not be empty
        (r"\b([a-z]{4,})(?: to| by)? (?:someone|somebody|anyone|anybody)\b", q.present),
        (rf"\b(?:have|has|had|with|got){_ANYONE} ([a-z]{{4,}})\b", q.present),
    ):
        for m in list(re.finditer(pattern, t.s)):
            stem = m.group(1)[:6]
            hits = [c for c in columns if any(w[:6] == stem for w in c.name.split("_") if len(w) >= 4)]
            if len(hits) == 1 and any(_value_follows(t.s[at:], hits[0], lex) for at in (m.end(), m.start(1) - 1)):
                continue  # "not assigned to ben", "with status open", "are priority 3": a value of the column
            itself = (
                len(hits) == 1 and m.group(0).startswith("not ") and _said_of_itself(hits[0]).search(t.s[: m.start()])
            )
            if len(hits) == 1 and found is q.missing and itself:
                # "who isn't handling any VPN tickets" ("who" and "handling" both the assignee): the people with none
                # of those rows, never the rows with no person
                q.not_understood.append(f"which {hits[0].name} values have none of those rows")
            elif len(hits) == 1 and hits[0].ref not in found:
                found.append(hits[0].ref)
            else:
                continue
            t.s = t.s[: m.start()] + " " * (m.end() - m.start()) + t.s[m.end() :]


def zero_amount(text: str, lex: Lexicon) -> str:
    """ "orders without a discount", "lines with no discount": an amount of zero said of the rows (not of groups,
    which `row_words` reads), which this writer does not filter on; the words, else ""."""
    amounts = {normalise(c.name).split()[-1] for tb in lex.catalogue.tables for c in tb.columns if c.kind == "numeric"}
    for m in re.finditer(r"\b(?:no|without|zero)(?: an?| any)? ([a-z]{4,})\b", text):
        if singular(m.group(1)) in amounts - {"id"}:
            return m.group(0).strip()
    return ""


def _value_follows(after: str, column: Column, lex: Lexicon) -> bool:
    """Whether the next words (past "to", "by", "of", "as") are a value of `column` ("not assigned to ben",
    "with a status of in progress")."""
    m = re.match(r"\s+(?:(?:to|by|of|as)\s+)?((?:[a-z0-9_-]+ ?){1,3})", after)
    if m is None:
        return False
    words = m.group(1).split()
    book = lex.book("phrases")
    targets = [x for n in range(len(words), 0, -1) for x in book.get(" ".join(words[:n]), [])]
    return any(x.kind == "value" and x.column is not None and x.column.ref == column.ref for x in targets)


# "are assigned to", "been given to", "handled by": the verb of a row's people right before "nobody"
_VERB_TO = re.compile(r"\b(?:is|are|was|were|been|be|get|gets|got)\s+([a-z]{4,}(?: [a-z]+)?)\s+(?:to|by|with)?\s*$")


# "tickets nobody owns", "that no one is assigned to", "no one has picked up": nobody is the empty person
_NOBODY = re.compile(
    r"\b(?:nobody|no one|no-one|noone)\b(?: (?:is|has|was|did|does|yet|currently|been)\b)*(?: ([a-z]+)\b)?"
)


def people_column(lex: Lexicon) -> Column | None:
    """The column the plugin's vocabulary says "who" stands for (the people of the data), if it names one."""
    who = normalise(lex.vocabulary.synonyms.get("who", ""))
    people = [c for tb in lex.catalogue.tables for c in tb.columns if who and normalise(c.name) == who]
    return people[0] if len(people) == 1 else None


# "worked on by someone", "handled by anybody": the agent of the rows' verb is a person, so one is set
_BY_SOMEONE = re.compile(r"\bby (?:someone|somebody|anyone|anybody)\b")
# What a person does with a row while it is theirs ("working on", "handled", "looked after", "taken care of"):
# never a verb of the row's creation ("opened", "logged", "submitted") or of a change of state anyone can make
# ("closed", "escalated"), which every row had from someone, whoever the people of the column are.
_WORKING = re.compile(
    r"\b(?:work(?:s|ed|ing)? on|handl(?:e|es|ed|ing)|deal(?:s|t|ing)? with|look(?:s|ed|ing)? after|"
    r"(?:tak(?:e|es|en|ing)|took) care of)$"
)


_WORK_VERB = _WORKING.pattern.removesuffix("$")
# "tickets nobody is working on", "still waiting for someone to pick them up": no person has the row ("which
# priorities has nobody worked on" asks groups with none of a state, read elsewhere)
_NOBODY_WORKING = re.compile(
    r"(?<!has )(?<!have )(?<!had )(?<!did )(?<!does )"
    rf"\b(nobody|no one)(?: (?:is|are|was|were|s|has been|have been|yet|currently|ever))* {_WORK_VERB}\b"
)
_WAITING_FOR_SOMEONE = re.compile(
    r"\b(?:still )?(?:waiting|wait|waits) (?:for|on) (?:someone|somebody|anyone|anybody) to "
    r"(?:pick (?:them |it )?up|take (?:them|it) on|handle (?:them|it)|work on (?:them|it)|look at (?:them|it))\b"
)


# "which components is nobody working on": what is asked, right before the verb's subject
_ASKED_GROUP = re.compile(r"\b(?:which|what)\s+([a-z]+)\s+(?:is|are|was|were|s|has|have|had|do|does|did)?\s*$")


def nobody_working(text: str, lex: Lexicon | None = None) -> str:
    """ "nobody is working on", "waiting for someone to pick them up" as "nobody": the verb of working on a row says
    no more, and is dropped before the vocabulary reads it as a state ("working on" -> "in progress"). A group asked
    ("which components is nobody working on": the groups none of whose rows someone works on) is no row nobody has,
    and stays as said (review15 data #16 listed the components having one unassigned ticket)."""

    people = people_column(lex) if lex is not None else None
    synonyms = lex.vocabulary.synonyms if lex is not None else {}

    def rows(m: re.Match[str]) -> str:
        asked = _ASKED_GROUP.search(text[: m.start()])
        if asked is not None and people is not None:
            table = singular(people.table.rsplit(".", 1)[-1])
            word = asked.group(1)
            said = {singular(normalise(v)) for k, v in synonyms.items() if normalise(k) in (word, singular(word))}
            if table not in {singular(word), *said}:
                return m.group(0)
        return m.group(1)

    return _WAITING_FOR_SOMEONE.sub("nobody", _NOBODY_WORKING.sub(rows, text))


def works_on(verb: str, lex: Lexicon) -> bool:
    """Whether `verb` (the words right before "by someone", or the state someone is said to be in) is what the
    column of people do with a row: a verb of working on it, a word of the column's name or comment ("assigned" for
    an "assignee"), or a phrase the plugin's vocabulary reads as that column ("picked up")."""
    people = people_column(lex)
    words = normalise(verb).split()
    if people is None or not words:
        return False
    # the vocabulary's own words for it ("working on" -> "in progress") are read before: what they were said as
    said_as = [normalise(k) for k, v in lex.vocabulary.synonyms.items() if " ".join(words).endswith(normalise(v))]
    if any(_WORKING.search(w) for w in [" ".join(words), *said_as]):
        return True
    own = {w[:6] for w in normalise(f"{people.name} {people.comment}").split() if len(w) >= 4}
    if words[-1][:6] in own and len(words[-1]) >= 4:
        return True
    said = [k for k, v in lex.vocabulary.synonyms.items() if normalise(v) == normalise(people.name)]
    return any(" ".join(words).endswith(re.sub(r" by$", "", normalise(k))) for k in said)


def by_someone(t: Text, q: Mapping, lex: Lexicon) -> None:
    """ "tickets being worked on by someone": the column of people must not be empty (unread without one). Only
    when the verb is what those people do: "opened by someone" is every row (unread: unsure)."""
    if (people := people_column(lex)) is None:
        return
    for m in list(_BY_SOMEONE.finditer(t.s)):
        if not works_on(" ".join(t.s[: m.start()].split()[-4:]), lex):
            continue
        if people.ref not in q.present:
            q.present.append(people.ref)
        t.s = t.s[: m.start()] + " " * (m.end() - m.start()) + t.s[m.end() :]


# "tickets somebody has assigned to them", "which tickets is someone assigned to", "that anyone owns": a person is the
# subject of the column's verb (or of a verb of working on a row), so the column of people is set
_SOMEONE = re.compile(
    r"\b(?:someone|somebody|anyone|anybody)(?: (?:is|are|was|were|has|have|had|does|do|did|actually|already|"
    r"currently|been|really|now))*(?P<verb>(?: [a-z]+){1,2})"
)

_NEGATED_BEFORE = re.compile(
    r"\b(?:not|never|without|hardly)(?: (?:have|has|had|got|yet|been|is|are|was|were|do|does))*\s*$"
)


def someone_has(t: Text, q: Mapping, lex: Lexicon, columns: list[Column]) -> None:
    """ "somebody has them assigned", "someone owns": the column the verb names (or the people's, for a verb of
    owning or working on a row) must not be empty; any other verb ("has anyone closed") is left as said."""
    who = people_column(lex)
    for m in list(_SOMEONE.finditer(t.s)):
        if _NEGATED_BEFORE.search(t.s[: m.start()]):
            continue  # "do not have anybody assigned": nobody, read by the patterns of `missing`
        verb = m.group("verb").split()
        named = [c for c in columns if len(verb[0]) >= 4 and any(w[:6] == verb[0][:6] for w in c.name.split("_"))]
        owns = verb[0] in ("own", "owns", "owned", "holds", "held") or works_on(" ".join(verb), lex)
        hits = named or ([who] if who is not None and owns else [])
        if len(hits) != 1:
            continue
        if hits[0].ref not in q.present:
            q.present.append(hits[0].ref)
        # the column's word or the verb of owning goes with the person; a verb of working on stays, for the state the
        # vocabulary may read in it ("someone is working on": in progress too, as "worked on by someone" is)
        end = m.start("verb") + (len(" " + verb[0]) if named or not works_on(" ".join(verb), lex) else 0)
        t.s = t.s[: m.start()] + " " * (end - m.start()) + t.s[end:]


# "which components has nobody ever closed a ticket for": a grouping asked, then "nobody" as the subject of a verb
_WHICH_NOBODY = re.compile(
    r"\b(?:which|what) ((?:[a-z0-9_-]+ ){1,2}?)(?:(?:has|have|had|did|does|do) )?(?P<none>(?:nobody|no one|no-one|"
    r"noone)(?: (?:ever|yet|at all))*) (?P<verb>(?:[a-z0-9_-]+ ?){1,3})"
)


def nobody_did(t: Text, q: Mapping, lex: Lexicon) -> None:
    """ "which components has no one ever closed a ticket for": the groups with no row of the value the verb names
    (the zero-groups reading). A value that is no past participle ("worked on", read "in progress") is a state the
    rows are in now, which says nothing of whether it ever happened: unsure, never the rows with nobody set."""
    book = lex.book("phrases")
    for m in list(_WHICH_NOBODY.finditer(t.s)):
        group = [x for w in m.group(1).split() for x in book.get(w, []) if x.kind == "dimension"]
        if not group:
            continue  # "which tickets has nobody picked up": the rows with no person, read by `nobody`
        words = m.group("verb").split()
        values = [x for n in range(len(words), 0, -1) for x in book.get(" ".join(words[:n]), []) if x.kind == "value"]
        if not values:  # "which components has nobody had open": not the rows with no one set, whatever it is
            q.not_understood.append(f"what nobody did of the {m.group(1).strip()}")
        elif not (said := normalise(values[0].value)).endswith("ed"):
            q.not_understood.append(f"whether any row was ever {said} (the data holds only its state now)")
        q.zero_rows = True
        t.s = t.s[: m.start("none")] + " " * (m.end("none") - m.start("none")) + t.s[m.end("none") :]


def nobody(t: Text, q: Mapping, lex: Lexicon, columns: list[Column]) -> None:
    """ "nobody" / "no one": the column of people is empty; the verb after it names the column when it can
    ("assigned"), else the plugin's vocabulary says which column "who" stands for."""
    nobody_did(t, q, lex)
    who = people_column(lex)
    for m in list(_NOBODY.finditer(t.s)):
        verb = m.group(1) or ""
        named = [c for c in columns if len(verb) >= 4 and any(w[:6] == verb[:6] for w in c.name.split("_"))]
        people = [c for c in columns if c == who]
        hits = named or people
        if len(hits) != 1:
            continue
        if hits[0].ref not in q.missing:
            q.missing.append(hits[0].ref)
        # "assigned to nobody": the verb before "to nobody" is the one "nobody" is said of, never "set" as well
        start = m.start()
        before = _VERB_TO.search(t.s[:start])
        if before and (before.group(1)[:6] == hits[0].name[:6] or works_on(before.group(1), lex)):
            start = before.start()
        # the verb goes with "nobody" ("owns", "assigned to", "working on") unless it is a word of the data
        end = m.end() if verb and (named or verb not in lex.phrases) else (m.start(1) if verb else m.end())
        tail = re.match(r"\s+(?:to|on|with)\b", t.s[end:]) if verb else None
        end += tail.end() if tail else 0
        t.s = t.s[:start] + " " * (end - start) + t.s[end:]


# Between a negation and its value: prepositions, and the auxiliaries and adverbs of time of a verb phrase
# ("have not been closed", "not yet closed", "not ever assigned to ben").
_BETWEEN_NEGATION = frozenset(
    "to by in on for as with from of the our a an be been being get got gotten yet still ever currently already".split()
)
NEGATION = re.compile(
    rf"\b(not|never|neither|non|without|exclude|{SET_ASIDE}|(?:anything|everything|all) but|outside(?: of)?)"
    r"((?:\s+[a-z]+){0,3})\s*$"
)


def set_aside(word: str) -> bool:
    """Whether a negation word sets rows aside ("excluding", "apart from", "other than") rather than saying what
    rows are not ("not", "never", "without"): rows set aside are left out of the whole a share is of."""
    return word not in ("not", "never", "neither", "non", "without")


def negation(before: str, column: Column) -> re.Match[str] | None:
    """A negation right before a value ("not closed", "not assigned to ben", "excluding Europe"), or None.

    Words between the negation and the value may only be prepositions or the value's column name
    ("assigned" for an assignee); "did not sell in Europe" is no exclusion of Europe.
    """
    # the negation nearest the value: "non closed tickets not email" negates email by its "not", not by "non"
    m = next((m for i in reversed(range(len(before))) if (m := NEGATION.match(before, i))), None)
    if m is None:
        return None
    stems = {w[:6] for w in column.name.split("_")}
    between = m.group(2).split()
    if all(w in _BETWEEN_NEGATION or w[:6] in stems for w in between):
        return m
    return None


# People around a person or a group of them ("Ben's team", "chloe's manager", "ana's backup"): no row of the data is
# theirs, whatever the data records of the person
_BODY = (
    r"(?:team|teams|group|groups|squad|crew|department|manager|boss|backup|deputy|replacement|colleagues|peers|"
    r"direct reports)"
)


def owned_bodies(text: str, q: Mapping) -> list[str]:
    """The phrases of `text` (the request as written) that give a filtered value a body of people as its owner's
    ("ben's team", "bens group"; never "the night-shift team" it is for), which the data does not record: each is not
    understood, never read as the value's own rows."""
    values = {normalise(v) for vs in q.filters.values() for v in vs}
    return [
        f"'{m.group(0)}' (the data records no {m.group(2)})"
        for v in values
        for m in re.finditer(rf"\b({re.escape(v)}(?:s|'s|\u2019s)) ({_BODY})\b", text.lower())
    ]
