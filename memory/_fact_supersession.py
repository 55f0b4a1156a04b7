"""The supersession check of offline extraction: a fact read from a message ends a known fact only when the part of
the message that carries its new value is a real change of the same owner's slot.

Every rule of extraction proposes facts; whichever proposed one, this check runs last, on the clause that says the
new value, and keeps the old fact (the message kept beside it in the user's words) when that clause:
- is a third party's (a named person, another group, "he"/"they") while the fact gives the value to the user or the
  user's team ("Ben switched over to the Wi-Fi queue" is Ben's queue, not the user's);
- is not said as holding: only supposed, wished, expected or believed ("there's talk I could ...", "hoping to move to
  ...", "... one day", "Marco thinks ..."), or bounded to one occasion ("for the launch week only");
- is bounded to a day or a period the known fact does not have ("On Fridays my shift ends at 2pm", "next month I'm
  moving to ...", "in January"): a narrower or later slot, not the whole one now;
- names another one of its kind with no owner of its own ("The commission on partner deals is 2% now" for "my
  commission"): a qualifier the known fact lacks, said of no one.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from cognicore.memory._fact_keys import lemma, normalize, predicate_key, same_slot, subject_key
from cognicore.memory._fact_notes import is_note
from cognicore.memory._fact_owners import tokens_of
from cognicore.memory._fact_qualifiers import qualifiers_in
from cognicore.memory._fact_third_party import third_party
from cognicore.memory._fact_words import CALENDAR, MONTHS, TEMPORARY, WEEKDAYS
from cognicore.memory.text import FIRST_PERSON, FIRST_PERSON_PLURAL

if TYPE_CHECKING:
    from cognicore.memory.extraction import FactCandidate

__all__ = ["not_a_change_of_slot", "said_apart"]

# Where one clause ends and another begins: a sentence's end, a semicolon, a dash, "but", "whereas", "and" before
# a subject.
_CLAUSE_END = re.compile(
    r"[.;!?]+\s+|\s+[-\u2013\u2014]+\s+|,?\s+\b(?:but|whereas|while\s+(?=(?-i:[A-Z])))\b\s*"
    r"|,?\s+and\s+(?=(?-i:[A-Z])|(?:i|i'm|we|my|our|he|she|they)\b)",
    re.I,
)
# Not said as holding now: supposed, feared, wished, rumoured, or for a vague day to come.
_NOT_HOLDING = re.compile(
    r"\b(?:might|may\s+(?:be|get|have|end|go|move|switch)|could|would(?!\s+(?:rather|prefer))|should\s+(?:be|get)"
    r"|expected|supposed|scheduled|planned|planning|slated|likely|possibly|probably|perhaps|maybe"
    r"|hop(?:e|es|ing)|hopefully|wish(?:es|ing)?|thinking\s+(?:of|about)|considering|talk(?:s|ing)?\s+(?:of|about)"
    r"|there'?s\s+talk|rumou?r(?:ed|s)?|in\s+case|if|unless|once\s+(?:i|we|the)"
    r"|one\s+day|some\s*day|eventually|at\s+some\s+point|in\s+(?:the\s+)?future|down\s+the\s+(?:line|road))\b"
    r"|'d\s+(?:love|like)\s+to\b|\bwould\s+(?:love|like)\s+to\b"
    # believed or heard, not known: "Marco thinks it's ...", "I heard ..."
    r"|\b(?:thinks|reckons|heard)\b",
    re.I,
)
# A day or a period that bounds the value (not "from"/"as of"/"since", which date a change of the whole), by class:
# the known fact holding a word of that class (a day, a month) is the same slot, its value said anew.
_BOUNDS = (
    # recurring days ("on Fridays", "every Monday") or one day to come ("next Saturday"); not "on Saturday", a date
    (
        re.compile(rf"\b(?:on\s+{CALENDAR}s|every\s+{WEEKDAYS}|(?:this|next)\s+{WEEKDAYS})\b", re.I),
        re.compile(rf"\b{WEEKDAYS}s?\b|\bweekends?\b", re.I),
    ),
    (
        re.compile(
            rf"(?<!from\s)(?<!since\s)(?<!of\s)\b(?:in|during|for|over)\s+(?:{MONTHS}|q[1-4]|h[12]|(?:19|20)\d\d)\b"
            r"|(?<!from\s)\bnext\s+(?:week|month|quarter|year|sprint|season)\b(?!'s)",
            re.I,
        ),
        re.compile(rf"\b(?:{MONTHS}|q[1-4]|h[12]|(?:19|20)\d\d|week|month|quarter|year|sprint|season)\b", re.I),
    ),
)
_OURS = re.compile(rf"\b(?:{FIRST_PERSON}|{FIRST_PERSON_PLURAL})\b", re.I)
# Bounded to one occasion: "for the holiday promo only", "only during the sale", "just for the offsite".
_ONE_OCCASION = re.compile(
    rf"\b(?:for|during|on|over|at|through|in)\s+(?:[\w'-]+\s+){{1,4}}?only\b"
    rf"|\bonly\s+(?:for|during|while|until|till|through|over|this|next|today|tomorrow|tonight)\b"
    rf"|\bjust\s+(?:for|during|while|until|till|over)\b|\b(?:{TEMPORARY})\b",
    re.I,
)


def not_a_change_of_slot(message: str, fact: FactCandidate, known_facts: list[dict[str, Any]]) -> str | None:
    """Why `fact` must not end the known fact it would replace (a third party's clause, a change not said as holding,
    one bounded to one occasion, a day or a period, another one of its kind said of no one), or None when it replaces
    nothing or its clause is a real change of that slot."""
    known = _replaced(fact, known_facts)
    if known is None:
        return None
    replaced = str(known.get("statement") or "")
    clause = _clause_of(message, fact.object)
    scope = _scope_of(clause, fact.object)
    # Whose the part saying the value is ("Finance signed off extra cash, the retreat limit went up": the limit's).
    owner, holder = third_party(_without_lead_in(scope)), subject_key(fact.subject)
    if owner is not None and _not_another_owner(owner, fact, known, clause):
        owner = None
    # A group other than "we" may be the user's own team ("the sales team switched to ..."): only a person is another.
    if owner and (holder == "user" or (holder == "we" and owner[:1].isupper() and " " not in owner)):
        return f"it is {owner}'s"
    if _NOT_HOLDING.search(_without_lead_in(scope)):
        return "it is not said as holding"
    if _ONE_OCCASION.search(scope):
        return "it holds for one occasion"
    if any(bound.search(scope) and not held.search(replaced) for bound, held in _BOUNDS):
        return "it holds for a day or a period the known fact does not have"
    if holder == "user" and not _OURS.search(clause) and _narrower(scope, fact, replaced):
        return "it is another one of its kind, said of no one"
    return None


def _not_another_owner(owner: str, fact: FactCandidate, known: dict[str, Any], clause: str) -> bool:
    """Is the third party the clause opens with the slot itself or one of its values, not another owner: the slot's
    own thing ("Courier's arriving Tuesday" for "The courier pickup ..."), the new value ("Victor is the new
    manager"), or the old value replaced ("Cisco's been replaced by Zscaler"; not "Rahul's escalations go to ...")?"""
    named = {lemma(t.lower()) for t in tokens_of(owner)}
    slot = f"{known.get('subject', '')} {known.get('predicate', '')}".replace("_", " ")
    if named & {lemma(t.lower()) for t in tokens_of(slot)} or owner.lower() in fact.object.lower():
        return True
    possessed = re.search(rf"\b{re.escape(owner)}'s\s+(?!(?:{_IS_OR_HAS})\b)[a-z]", clause, re.I)
    return owner.lower() in str(known.get("object", "")).lower() and possessed is None


_IS_OR_HAS = "been|gone|got|not|now|on|in|at|off|back|out|up|down|over|the|a|an|my|our|[a-z]+ing|[a-z]+ed"


def _narrower(clause: str, fact: FactCandidate, replaced: str) -> bool:
    """Does `clause` qualify the slot's head noun by a word the replaced statement does not have ("the commission on
    partner deals", "the enterprise quota", "the night shift")?"""
    words = [lemma(w) for w in predicate_key(fact.predicate).split("_") if w]
    if not words:
        return False
    values = {lemma(t.lower()) for t in tokens_of(fact.object)}
    said = (qualifiers_in(clause, words[-1]) or set()) - values - set(words)
    return bool(said - (qualifiers_in(replaced, words[-1]) or set()) - {lemma(t.lower()) for t in tokens_of(replaced)})


def _replaced(fact: FactCandidate, known_facts: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The known fact the store would end with `fact` (the one it names, or another value of its exclusive slot), or
    None when it ends none; a named one not among `known_facts` is its statement alone."""
    keys = (subject_key(fact.subject), predicate_key(fact.predicate), normalize(fact.object))
    active = [k for k in known_facts if k.get("status", "active") == "active" and not is_note(k)]
    if fact.contradicts:
        named = normalize(fact.contradicts)
        return next(
            (k for k in active if named in (normalize(str(k.get("statement") or "")), normalize(str(k.get("object"))))),
            {"statement": fact.contradicts, "subject": fact.subject, "predicate": fact.predicate, "object": named},
        )
    if not fact.exclusive:
        return None
    return next(
        (
            k for k in active
            if subject_key(str(k.get("subject", ""))) == keys[0]
            and same_slot(predicate_key(str(k.get("predicate", ""))), keys[1])
            and normalize(str(k.get("object", ""))) != keys[2]
        ),
        None,
    )  # fmt: skip


def _clause_of(message: str, value: str) -> str:
    """The clause of `message` that names most of `value`'s words (the whole message when none does)."""
    clauses = [c.strip() for c in _CLAUSE_END.split(message.replace("\u2019", "'")) if c and c.strip()]
    wanted = {t.lower() for t in tokens_of(value)}
    scored = [(len(wanted & {t.lower() for t in tokens_of(c)}), c) for c in clauses]
    best = max(scored, default=(0, message), key=lambda sc: sc[0])
    return best[1] if best[0] else message


_INTRO_WORDS = 6  # "For the holiday promo only," "If anyone asks,": a lead-in phrase, part of the clause after it


def _scope_of(clause: str, value: str) -> str:
    """The comma-separated part of `clause` that names `value`, with the short lead-in phrases before it: what is
    said of the value ("standup's at 9:30 now" of "standup's at 9:30 now, retro stays on friday")."""
    parts = [p for p in re.split(r",\s+", clause) if p.strip()]
    wanted = {t.lower() for t in tokens_of(value)}
    shared = [len(wanted & {t.lower() for t in tokens_of(p)}) for p in parts]
    if not parts or not max(shared):
        return clause
    at = shared.index(max(shared))
    start = at
    while start > 0 and len(tokens_of(parts[start - 1])) <= _INTRO_WORDS:
        start -= 1
    return ", ".join(parts[start : at + 1]) or clause


def said_apart(text: str, held: str) -> bool:
    """Is `text` (a later saying) not a change of what `held` says: not said as holding, for one occasion, or bounded
    to a day or period `held` does not have? The answer reads it as the store did: no doubt on what regularly holds."""
    bounded = _UNTIL.sub(" ", text)  # "... instead until she's back in March": when it ends, not a month it holds in
    return bool(
        _NOT_HOLDING.search(_without_lead_in(text))
        or _ONE_OCCASION.search(text)
        or any(bound.search(bounded) and not kind.search(held) for bound, kind in _BOUNDS)
    )


# The end of what is said ("until she's back in March", "till the end of Q2"): a time after it dates the end.
_UNTIL = re.compile(r"\b(?:until|till|til)\b[^,.;:!?]*", re.I)


def _without_lead_in(text: str) -> str:
    """`text` without its short lead-in phrases ("If anyone asks, my extension changed to 2310"): a supposition or
    a wish must govern the part that says the value, not a lead-in before it."""
    parts = [p for p in re.split(r",\s+", text) if p.strip()]
    while len(parts) > 1 and len(tokens_of(parts[0])) <= _INTRO_WORDS:
        parts = parts[1:]
    return ", ".join(parts) or text
