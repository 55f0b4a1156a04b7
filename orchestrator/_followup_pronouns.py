"""Follow-ups that point back by pronoun, offline: "now break hers down by status", "what was its revenue that year",
"split that one by region", "the same for him". The pronoun stands for a value the previous request filtered on (a
person for "his"/"her"/"him", a thing for "its", either for "their"/"them"), so the follow-up keeps that filter; when
two values of the kind could be meant, the follow-up is unsure and names both, never guessed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cognicore.memory._fact_words import PERSON_ROLES
from cognicore.memory.text import stem
from cognicore.orchestrator._followup_periods import PERIOD, names_time
from cognicore.orchestrator._followup_values import dimension_of, known_in, plain

__all__ = ["Referral", "carried", "holds_people", "people_column", "refer_back"]

# What a follow-up's verb or tail can be after a pronoun standing alone ("break hers down", "split his by", "and
# theirs?"): the pronoun is the rows themselves, not the owner of a noun after it.
_AFTER_ALONE = (
    r"(?=\s*(?:[?.!,;:]|$)|\s+(?:down|up|out|by|per|for|in|at|on|from|through|via|with|over|during|across|instead|"
    r"too|also|again|then|please|as\s+well|only|ones?|are|is|were|was)\b)"
)
# "hers", "theirs" are always a thing of their own; "his" and "its" only before a verb's particle or the end.
_ALONE = re.compile(rf"\b(?P<word>hers|theirs)\b|\b(?P<word2>his|its)\b{_AFTER_ALONE}", re.IGNORECASE)
_THAT_ONE = re.compile(r"\b(?:that|this)\s+one\b(?!\s*(?:of|from|'s)\b)", re.IGNORECASE)  # "split that one by region"
# "its revenue", "her open tickets", "their orders": the owner of the noun after it.
_OWNER = re.compile(r"\b(?P<word>his|her|its|their)(?P<word2>)\s+(?=[a-z])(?!(?:own|one|ones)\b)", re.IGNORECASE)
# "the same for him", "and for her?": the pronoun after a preposition, closing the phrase.
_OBJECT = re.compile(
    rf"\b(?P<prep>for|about|of|to|from|with|by|on)\s+(?P<word>him|her|them)(?P<word2>){_AFTER_ALONE}", re.IGNORECASE
)
# "the same for him", "what about her?", "and for them too": a swap, so the pronoun is another than the one before.
_SWAPS = re.compile(r"\b(?:same|what\s+about|how\s+about|instead|too|as\s+well|also)\b|^\W*(?:and|now|ok)\b", re.I)
_PERSONAL = frozenset({"his", "her", "hers", "him"})
_THING = frozenset({"its"})
# A column whose rows are people: a role ("owner", "engineer", "rep") or an agent noun ("assignee", "specialist").
_PEOPLE = frozenset(
    stem(w) for w in PERSON_ROLES | set("user customer client employee staff person buyer seller".split())
)
_AGENT_ENDING = ("ee", "ist", "yst", "ian")
_NAME_COLUMNS = frozenset({"name", "code", "title", "label", "id"})  # "products.name" names a product


@dataclass(frozen=True, slots=True)
class Referral:
    """A follow-up with its pronoun read: `text` says the value (or "those") instead; `unsure` says why it could not."""

    text: str
    unsure: str = ""
    without: str = ""  # "and theirs by engineer" read as "and by engineer": the pronoun left out, for the shapes
    owner: bool = False  # "its revenue": `text` names the value as the owner ("Cargo's revenue")


def refer_back(request: str, previous: str, entities: Sequence[str], columns: Mapping[str, str]) -> Referral | None:
    """`request` with the pronoun that points at the previous request's value read as that value, or None when it has
    no such pronoun (or names its own value of the kind, which the pronoun then points at)."""
    alone, one, owner, taken = _ALONE.search(request), _THAT_ONE.search(request), None, None
    if alone is None and one is None:
        owner, taken = _OWNER.search(request), _OBJECT.search(request)
        if owner is None and taken is None:
            return None
    found = alone or owner or taken
    word = (found.group("word") or found.group("word2")).lower() if found else "that"
    kind = "person" if word in _PERSONAL else "thing" if word in _THING else ""
    pointer = found or one
    at = pointer.start() if pointer else 0
    if any(_fits(m.group(0), kind, columns) for m in known_in(request[:at], entities)):
        return None  # "ana says her queue is full": the pronoun points at a value said before it in its own message
    candidates = _candidates(previous, kind, entities, columns)
    if not candidates:
        return None
    if alone is not None or one is not None:
        # "break hers down by status": the previous rows themselves, every filter of the previous request kept; only
        # two values of one column leave open whose rows are meant.
        columns_named = [dimension_of(v, columns) for v in candidates]
        if word != "theirs" and len(set(columns_named)) < len(columns_named):
            return Referral(text=request, unsure=_both(word, candidates))
        cut = alone or one
        assert cut is not None
        before, after = request[: cut.start()], request[cut.end() :]
        return Referral(text=f"{before}those{after}", without=re.sub(r"\s{2,}", " ", f"{before}{after}"))
    if taken is not None and _SWAPS.search(request):
        # "what about the same for him?": another one than the previous request's, whom nothing here names
        named = " or ".join(repr(v) for v in candidates[:3])
        unsure = f"I could not tell whom {word!r} stands for: the previous request is about {named}, this asks another"
        return Referral(text=request, unsure=unsure)
    if len(candidates) > 1:
        return Referral(text=request, unsure=_both(word, candidates))
    value = candidates[0]
    if owner is not None:
        before, after = request[: owner.start()], request[owner.end() :]
        return Referral(text=f"{before}{value}'s {after}", without=f"{before}{after}", owner=True)
    assert taken is not None
    return Referral(text=f"{request[: taken.start('word')]}{value}{request[taken.end('word') :]}")


def _candidates(previous: str, kind: str, entities: Sequence[str], columns: Mapping[str, str]) -> list[str]:
    """The values of `kind` the previous request names, each once, in its own writing."""
    seen: dict[str, str] = {}
    for m in known_in(previous, entities):
        if dimension_of(m.group(0), columns) is not None and _fits(m.group(0), kind, columns):
            seen.setdefault(plain(m.group(0)), m.group(0))
    return list(seen.values())


def _fits(value: str, kind: str, columns: Mapping[str, str]) -> bool:
    """Whether a data value is of the kind a pronoun points at: a person, a thing, or either."""
    column = dimension_of(value, columns)
    if column is None:
        return False
    person = holds_people(column)
    return kind == "" or (kind == "person") == person


def holds_people(column: str) -> bool:
    """Whether a column's rows are people, from its name ("tickets.assignee", "deals.owner", "staff.name")."""
    parts = column.lower().split(".")
    noun = parts[-1]
    if noun in _NAME_COLUMNS and len(parts) > 1:
        noun = parts[-2]
    head = re.split(r"[_\s]+", noun)[-1]
    return stem(head) in _PEOPLE or head.removesuffix("s").endswith(_AGENT_ENDING)


def _both(word: str, candidates: Sequence[str]) -> str:
    named = " or ".join(repr(v) for v in candidates[:3])
    return f"I could not tell whom or what {word!r} points at in the previous request: it could be {named}"


# Words that say a request's rows are those without something: such a filter cannot be carried as a value.
_NEGATES = re.compile(r"\b(?:not|no|non|without|excluding|except|other\s+than|un[a-z]+ed)\b", re.IGNORECASE)


def carried(text: str, previous: str, entities: Sequence[str], columns: Mapping[str, str]) -> str | None:
    """A follow-up that names the previous request's value as an owner ("what was ana's average age?") with the rest
    of the previous request's filters it does not name: its period and its values of other columns ("... in Q1
    2026"); None when the previous request filters by a negation, which only its own words can say."""
    if _NEGATES.search(previous):
        return None
    named = {dimension_of(m.group(0), columns) for m in known_in(text, entities)}
    kept = [
        m.group(0)
        for m in known_in(previous, entities)
        if (dimension := dimension_of(m.group(0), columns)) is not None and dimension not in named
    ]
    base = text.strip().rstrip("?.! ")
    period = PERIOD.search(previous) if not names_time(text) else None
    extra = "".join(f" for {value}" for value in dict.fromkeys(kept))
    return f"{base}{extra}{' ' + period.group(0) if period else ''}"


def people_column(columns: Mapping[str, str]) -> str | None:
    """The word of the one column of the data whose rows are people ("assignee"), or None when none or several are."""
    people = {c.lower().split(".")[-1] for c in map(str, columns.values()) if holds_people(c)}
    return next(iter(people)) if len(people) == 1 else None
