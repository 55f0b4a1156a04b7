"""The one known fact a change replaces when the change names neither its slot nor its value as stored.

"my on-call day is Thursday now instead of Tuesday" after "I'm on call every Tuesday" (stored as the user `is`
"on call"): the old value named is in the known fact's statement, not its object. "from this week on I'm covering
the Nordics instead" after "I look after the Europe region": a thing the user holds now "instead", with no old
one named, replaces the one thing they held. In both, exactly one known fact must fit; two or none: no guess.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from cognicore.memory._fact_keys import lemma, normalize, predicate_key, subject_key

if TYPE_CHECKING:  # extraction imports this module: no import cycle at run time
    from cognicore.memory.extraction import FactCandidate

__all__ = ["figure_swapped", "held_instead", "named_in_statement", "near_slot", "value_kind"]

# "instead" said alone: the new thing replaces the old one without naming it ("instead of X" names it).
_INSTEAD_RE = re.compile(r"\binstead\b(?!\s+of\b)", re.I)
# Said as an addition, the old thing is kept.
_ADDED_RE = re.compile(r"\b(?:too|also|as\s+well|additionally|another|in\s+addition)\b", re.I)


def _active(known_facts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [k for k in known_facts if k.get("status", "active") == "active" and k.get("predicate") != "note"]


def named_in_statement(candidate: FactCandidate, known_facts: list[dict[str, Any]], old: str) -> FactCandidate:
    """`candidate` naming as contradicted the one known fact of its subject whose statement holds the old value
    `old` as a word (its object does not): "instead of Tuesday" ends "The user is on call every Tuesday."."""
    word = normalize(old)
    if not word:
        return candidate
    pattern = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)")
    owner = subject_key(candidate.subject)
    holding = [
        k for k in _active(known_facts)
        if subject_key(str(k.get("subject", ""))) == owner
        and pattern.search(normalize(str(k.get("statement") or "")))
        and not pattern.search(normalize(candidate.statement))
    ]  # fmt: skip
    if len(holding) != 1:
        return candidate
    return candidate.model_copy(update={"contradicts": str(holding[0].get("statement") or "") or None})


def held_instead(message: str, candidate: FactCandidate, known_facts: list[dict[str, Any]]) -> FactCandidate:
    """A thing handled "instead" by someone who held exactly one other thing: that thing's fact is replaced."""
    if candidate.contradicts or predicate_key(candidate.predicate) != "handled_by":
        return candidate
    if not _INSTEAD_RE.search(message) or _ADDED_RE.search(message):
        return candidate
    holder, thing = normalize(candidate.object), subject_key(candidate.subject)
    held = [
        k for k in _active(known_facts)
        if predicate_key(str(k.get("predicate", ""))) == "handled_by"
        and normalize(str(k.get("object", ""))) == holder
        and subject_key(str(k.get("subject", ""))) != thing
    ]  # fmt: skip
    if len(held) != 1:
        return candidate
    update = {"contradicts": str(held[0].get("statement") or "") or None}
    # "the Nordics" instead of "the Europe region": the same kind of thing, named by the old one's head noun
    head = str(held[0].get("subject", "")).split()[-1:]
    if head and head[0].islower() and head[0].lower() not in candidate.subject.lower().split():
        subject = f"{candidate.subject} {head[0]}"
        update["subject"] = subject
        update["statement"] = re.sub(re.escape(candidate.subject), subject, candidate.statement, count=1)
    return candidate.model_copy(update=update)


_FIGURE = r"[$\u20ac\u00a3]?\d[\d.,]*(?:\s*(?:k|m|bn|million|thousand|billion|%))?"
_FIGURE_RE = re.compile(rf"(?<![\w.]){_FIGURE}(?![\w.])", re.I)


def figure_swapped(old_value: str, new: str) -> str | None:
    """The known value with its one figure replaced by a bare new figure ("to close 120 tickets per week" and "150"
    give "to close 150 tickets per week"), so the new fact keeps what the figure counts; None otherwise."""
    if not re.fullmatch(_FIGURE, new.strip(), flags=re.I):
        return None
    figures = _FIGURE_RE.findall(old_value)
    if len(figures) != 1 or old_value.strip() == figures[0].strip():
        return None
    return old_value.replace(figures[0], new.strip(), 1)


# Words that say which period a figure is for, not what it is ("q3_ad_budget" is the "ad_budget" of Q3).
_PERIOD_WORDS = frozenset(
    "q1 q2 q3 q4 h1 h2 daily weekly monthly quarterly yearly annual this next last current new".split()
)
_PERIOD_RE = re.compile(
    r"(?<![a-z0-9])(?:q[1-4]|h[12]|20\d\d|(?:this|next|last)[ _](?:week|month|quarter|year)|"
    r"daily|weekly|monthly|quarterly|yearly|annual)(?![a-z0-9])"
)
_CLOCK_RE = re.compile(r"^(?:at\s+)?\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.)$|^(?:at\s+)?\d{1,2}:\d\d$", re.I)
_DAY_RE = re.compile(r"^(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)days?$", re.I)


def value_kind(value: str) -> str | None:
    """The kind of a value that says what a slot holds when its name does not: a clock time, a weekday, a figure."""
    text = value.strip()
    if _CLOCK_RE.match(text):
        return "clock"
    if _DAY_RE.match(text):
        return "day"
    if re.fullmatch(_FIGURE + r"(?:\s+(?:dollars|euros|pounds))?", text, flags=re.I):
        return "figure"
    return None


def _abbreviates(a: str, b: str) -> bool:
    """ "ads" and "advertising", "shifts" and "shift": the same word, or one the start of the other."""
    a, b = (lemma(w[:-1] if len(w) > 2 and w.endswith("s") and not w.endswith("ss") else w) for w in (a, b))
    return a == b or (len(a) >= 2 and b.startswith(a)) or (len(b) >= 2 and a.startswith(b))


def _said_as(word: str, said: str) -> bool:
    """ "end" said as "ends", "closing" as "close": the same word without inflection, or a stem of four letters
    or more ("clos") that starts the other."""
    if word == said:
        return True
    shorter, longer = sorted((word, said), key=len)
    return len(shorter) >= 4 and longer.startswith(shorter)


def near_slot(known: dict[str, Any], candidate: FactCandidate) -> bool:
    """A known fact of the same subject whose slot the candidate names with fewer or shortened words ("shift" and
    "shift_start", "advertising_budget" and "q3_ad_budget") and whose value is of the same kind (two clock times,
    two figures): the same slot said in other words, when the words the shorter name drops are in its own fact
    ("shift" from "my shift starts at 7am" and "shift_start"; not "shift_end", another slot)."""
    if subject_key(str(known.get("subject", ""))) != subject_key(candidate.subject):
        return False
    kind = value_kind(candidate.object)
    if kind is None or value_kind(str(known.get("object", ""))) != kind:
        return False
    words = [
        [w for w in predicate_key(p).split("_") if w and w not in _PERIOD_WORDS]
        for p in (str(known.get("predicate", "")), candidate.predicate)
    ]
    short, long = sorted(words, key=len)
    short_said = str(known.get("statement") or "") if short is words[0] else candidate.statement
    if not short or not all(any(_abbreviates(s, w) for w in long) for s in short):
        return False
    # The words the shorter name drops must be the shorter fact's own words: "shift" stored from "my shift starts
    # at 7am" is "shift_start", not "shift_end" ("my shift ends at 3pm"); "budget" is not "marketing_spend".
    said = {lemma(w) for w in re.findall(r"[a-z0-9]+", short_said.lower())}
    dropped = [lemma(w) for w in long if not any(_abbreviates(s, w) for s in short)]
    if not all(any(_said_as(d, w) for w in said) for d in dropped):
        return False
    # "our Q4 budget is 35k" after "our Q3 budget is 30k": two periods, two slots
    periods = [set(_PERIOD_RE.findall(f"{known.get('predicate', '')} {known.get('statement', '')}".lower()))]
    periods.append(set(_PERIOD_RE.findall(f"{candidate.predicate} {candidate.statement}".lower())))
    return not (periods[0] and periods[1] and periods[0] != periods[1])
