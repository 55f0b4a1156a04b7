"""Changes read against what the user said before: an old value named in a change, and a change not read.

The sentence rules of `_fact_rules` read a message alone, so a change worded in a new shape may come out
under another subject or predicate than the fact it changes ("Lukas owns the VPN component", later "lukas
quit, the vpn is owned by Mei now"), and both would stay current. A change that names the old value of a
known fact ("not Ruth", "from 10 to 14", "I'm off chocolate", "isn't on Monday anymore") points at that
fact whatever its wording: the new candidate takes the known fact's slot and names it as contradicted, so
`FactStore.upsert` supersedes it. When a change plainly concerns a known fact but no new value could be
read, the known fact is not left current in silence: a low-confidence marker saying what was not
understood replaces it, and the saying itself stays in the episodic stream.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cognicore.memory._fact_bare import bare_change
from cognicore.memory._fact_held import held_kept
from cognicore.memory._fact_keys import lemma, normalize, predicate_key, same_slot, subject_key
from cognicore.memory._fact_newvalue import is_target, new_value, replaced_in, said_name
from cognicore.memory._fact_reworded import comparative_taste, replacing_taste, same_thing, same_word
from cognicore.memory._fact_slot import STOP_WORDS, UNCLEAR_OBJECT, content_words, in_slot_of, value_of
from cognicore.memory._fact_word_classes import DISCOURSE_OPENERS, FUNCTION_WORDS
from cognicore.memory._fact_words import MONTH_WORDS, PERSON_MOVED, holds_person

if TYPE_CHECKING:  # extraction imports this module: no import cycle at run time
    from cognicore.memory.extraction import FactCandidate

# Words people use to say that something is no longer what it was. Deliberately generic: each one alone
# changes nothing; together with an old value named in the same message it points at the fact it changes.
CHANGE_MARK_RE = re.compile(
    r"\b(?:any\s*more|no\s+longer|no\s+more|not|isn'?t|aren'?t|wasn'?t|don'?t|doesn'?t|instead|rather|now|"
    r"these\s+days|nowadays|replaced?|swapped|switched|changed|moved|relocated|went|gone|from|quit|left|"
    r"stopped|dropped|off|correction|actually|turns\s+out|since|took\s+over|taken\s+over|raised|cut|lowered|"
    r"increased|reduced|bumped|used\s+to|new|anymore|scrap(?:ped)?|ditched|retired|leaving|joined)\b",
    re.I,
)
# A hand-over marks a change too, but only read when no rule read the message: a rule's own hand-over reading
# ("Nils passed the pager to Ada": the pager) is not moved into another thing the same person held.
_HANDOVER_RE = re.compile(r"\b(?:handed|passed|took|taken|reassigned|shifted|back\s+to)\b", re.I)
_UNCHANGED_RE = re.compile(
    r"[,;]?\s*\b(?:same|still(?:\s+(?:on|in|at|with|the))?|(?:stays?|remains?)(?:\s+(?:on|in|at|with|the))?)\s+[\w-]+",
    re.I,
)
_QUESTION_RE = re.compile(
    r"^\W*(?:what|who|whom|whose|where|when|why|how|which|do|does|did|is|are|was|were|can|could|would|should|"
    r"will|shall|may|tell|show|give|list|find|remind)\b",
    re.I,
)
_LEADING_RE = re.compile(r"^(?:(?:on|at|in|by|from|with|to|for|of|the|a|an|our|my)\s+)+", re.I)
_PREPOSITION_RE = re.compile(r"^(?:on|at|in|by|with|to|for|from)\s+", re.I)
# Predicates that already end something: they name their old value themselves.
_ENDING = ("no_longer", "not_", "does_not", "is_not", "stopped", "gave_up", "rejected", "dislikes")
UNCLEAR_CONFIDENCE = 0.3

__all__ = ["CHANGE_MARK_RE", "UNCLEAR_CONFIDENCE", "UNCLEAR_OBJECT", "bare_change", "named_changes", "unclear_marker"]


def named_changes(
    message: str, candidates: Sequence[FactCandidate], known_facts: Sequence[dict[str, Any]]
) -> list[FactCandidate]:
    """`candidates` with each change that names a known fact's old value moved into that fact's slot.

    With no candidate at all, a change that names a known value gives one marker per such fact, so the
    old value is not kept as current while the new one could not be read.
    """
    text = message.replace("\u2019", "'").strip()
    marked = CHANGE_MARK_RE.search(text) or (not candidates and _HANDOVER_RE.search(text))
    if not text or text.endswith("?") or _QUESTION_RE.match(text) or not marked:
        return list(candidates)
    if not candidates and any(_moved_person(text, k, value_of(k)) for k in known_facts):
        return []  # "lars moved to the Oslo team": Lars went somewhere; the role he held keeps its value
    if not candidates and (bare := bare_change(_UNCHANGED_RE.sub("", text), known_facts)):
        return [bare]
    out = list(candidates)
    said = f" {normalize(_UNCHANGED_RE.sub('', text))} "  # "same team", "still on retail": named, not changed
    for known in known_facts:
        if known.get("status", "active") != "active" or str(known.get("object", "")) == UNCLEAR_OBJECT:
            continue
        # A word of a new fact ("Chloe handles vpn tickets") names nothing old: "tickets" of "tickets in Zendesk".
        fresh = [part for c in out if not _ending(c) for part in (c.object, c.subject)]
        slot = [w for w in content_words(str(known.get("predicate", ""))) if len(w) > 2 and w != "deadline"]
        # "QBR" names the quarterly business review; a thing's head noun names it, a modifier alone does not ("the
        # QBR" is no "QBR deck")
        slot = ["".join(w[0] for w in slot), slot[-1]] if len(slot) > 1 else slot
        value = _named_value(value_of(known), said, fresh, slot)
        if value is None or any(_handles(c, known, value) for c in out) or is_target(text, value):
            continue  # "we're back to DHL" names DHL as the new value: that fact is restated, not changed
        if _other_things_value(said, value, known) or _of_another_subject(text, value, known):
            continue  # "the meeting is in room 14, not room 12", "we closed 11 deals, not 8": no locker, no team size
        # A new fact whose subject is the old value ("Lars is on the Oslo team") is about that person, not its slot.
        positive = [
            i
            for i, c in enumerate(out)
            if not _ending(c) and value not in f" {normalize(c.object)} " and normalize(c.subject) != value
        ]
        # Two clauses ("we moved off zendesk to Freshdesk, and Chloe handles vpn now"): a new value said in another
        # clause than the old one must share the known fact's owner or slot words ("I'm off chocolate, I snack on
        # almonds"); else the value's clause is read alone, as a change whose new value was not read.
        clause = _clause_of(text, value)
        near = [i for i in positive if clause is None or _said_in(out[i], clause)]
        target = _closest(out, near, known) if near else _closest(out, positive, known, owner_only=True)
        text_of_known = clause if candidates and target is None and clause is not None else text
        if not candidates or text_of_known != text:  # nothing read: the new value from the change's shape, or a marker
            # What the user holds ("DACH accounts handled_by user"): "DACH went to Kemal" names a new holder, not a
            # new thing the user holds, so no value is read there.
            said_here = text_of_known
            new = None if subject_key(str(known.get("object", ""))) == "user" else new_value(said_here, known)
            part = (said_name(value_of(known), said_here, new) or value) if new else value
            if new:
                out.append(in_slot_of(known, replaced_in(value_of(known), part, new)))
            elif about_known(said_here, known, value) and not held_kept(text, known, value):
                # not "two teams handle billing now" of "We use Teams"; not a plan nor a gift of the user's thing
                out.append(unclear_marker(text, known))
            continue
        if target is not None and about_known(text, known, value):
            out[target] = _into_slot(out[target], known, value)
    out = [replacing_taste(same_thing(c, known_facts), known_facts) for c in out]
    if len(out) == 1:  # one value told: a bare thing read as the team's may be the user's own slot
        out = [same_word(out[0], known_facts)]
    return [comparative_taste(c, text, known_facts) for c in out]


# Who owns a known fact, as a message names them: "we" by "we", "our", "us"; the user by "I", "my", "me".
_OWNER_WORDS = {
    "we": frozenset("we our us ours we're we've we'll team".split()),
    "user": frozenset("i my me mine i'm i've i'll im ive".split()),
}
# The named value as what the message is about: its first words, then a verb of being, having or an ending
# ("Marta is gone", "teams got replaced", "the 9:15 standup was dropped"), or an ending said next to it.
_VERB_AFTER = r"(?:'s|is|are|was|were|has|have|had|got|gets|went|left|quit|no\s+longer|[a-z]+ed)\b"
_ENDING_NEXT = r"(?:no\s+more|not|off|from|without|instead\s+of|replaced|dropped|ditched|scrapped|retired)"


def about_known(message: str, known: dict[str, Any], value: str) -> bool:
    """Does a change that names `value` speak of the known fact, so an unread change may mark it unclear?

    A word of the value alone is no evidence: "two teams handle billing tickets now" counts teams, it does not
    change "We use Teams"; "online orders ship from Leeds" is about orders, not "We sell online". The message
    must name the fact's owner or slot (its subject's or its verb's words), or be about the value itself: the
    value first, then a verb ("Teams got replaced"), or an ending said next to it ("no more Teams").
    """
    text = message.lower().replace("\u2019", "'")
    words = set(re.findall(r"[a-z0-9][a-z0-9'.:-]*", text))
    owner = subject_key(str(known.get("subject", "")))
    if words & _OWNER_WORDS.get(owner, frozenset()):
        return True
    slot = {
        w[:4]
        for w in content_words(
            f"{'' if owner in _OWNER_WORDS else known.get('subject', '')} {known.get('predicate', '')}"
        )
        if len(w) > 2
    }
    slot -= {w[:4] for w in content_words(value)}
    if slot & {w[:4] for w in re.findall(r"[a-z0-9]+", text) if len(w) > 2}:
        return True
    v = re.escape(value.lower())
    at_start = rf"(?:^|[.;,!]\s*)(?:(?:the|our|my|that|this)\s+)?{v}s?\s+(?:\w+\s+)?{_VERB_AFTER}"
    return bool(re.search(at_start, text) or re.search(rf"\b{_ENDING_NEXT}\s+(?:the\s+)?{v}\b", text))


_CLAUSES_RE = re.compile(r"[.;!?]\s+|\s*,\s*(?:(?:and|but|so)\s+)?|\s+(?:and|but)\s+(?=(?:i|we|my|our|the)\b)", re.I)


# Words that label a figure without naming a thing: "not number 12" may still be the locker 12.
_NOT_A_HOLDER = STOP_WORDS | FUNCTION_WORDS | frozenset("number num figure value".split())


def _other_things_value(said: str, value: str, known: dict[str, Any]) -> bool:
    """Is the old figure named only as another thing's ("room 12", "line 22" for the locker 12)? Each time the message
    names it, a noun right before it that is not a word of the known fact (its subject, slot or value) says whose."""
    if not any(ch.isdigit() for ch in value):
        return False  # a name or a word is its own thing ("last week Dana handed ..." is Dana)
    words = set(normalize(f"{known.get('subject', '')} {known.get('predicate', '')} {value_of(known)}").split())
    words |= {w.rstrip("s") for w in words}
    before = [m.group(1) for m in re.finditer(rf" ([a-z][\w'-]*) {re.escape(value)} ", said)]
    named = said.count(f" {value} ")
    return (
        bool(before)
        and len(before) == named
        and all(
            len(w) > 2
            and w not in words
            and w.rstrip("s") not in words
            and w not in _NOT_A_HOLDER
            and not CHANGE_MARK_RE.fullmatch(w)  # "not 12", "from 12", "instead of 12": the value itself
            for w in before
        )
    )


# Words of a correction that name no thing ("my mistake, ...", "it should be ...").
_NO_THING = (
    _NOT_A_HOLDER
    | DISCOURSE_OPENERS
    | frozenset(
        "mistake typo meant mean should would could must wait wrong right actually sorry correction number".split()
    )
)


def _of_another_subject(text: str, value: str, known: dict[str, Any]) -> bool:
    """Does a change naming an old figure speak of another thing: it names things ("the client dinner", "deals")
    but none of the known fact's own words (its slot, subject or wording besides the value)?"""
    if not any(ch.isdigit() for ch in value):
        return False
    own = f"{known.get('subject', '')} {known.get('predicate', '')} {known.get('statement', '')}"
    held = {w[:4] for w in content_words(own) if len(w) > 2} - {w[:4] for w in content_words(value_of(known))}
    words = {w for w in content_words(text) if len(w) > 2 and not any(ch.isdigit() for ch in w)}
    things = {w[:4] for w in words - _NO_THING if not CHANGE_MARK_RE.fullmatch(w)}
    if bool(things) and not things & held:
        return True
    # "closed 11 deals, not 8" of "8 reps": the new figure counts another thing than the old one
    units, old_units = _units(text), _units(value_of(known))
    return bool(units and old_units and not units & old_units)


def _units(text: str) -> set[str]:
    """What the figures of `text` count: the word right after each ("8 reps", "11 deals")."""
    return {lemma(m.group(1)) for m in re.finditer(r"\d[\d.,]*\s+([a-z]{3,})\b", text.lower())} - _NO_THING - STOP_WORDS


def _moved_person(message: str, known: dict[str, Any], value: str) -> bool:
    """Is the message the known person moving themselves ("tomas relocated to Lisbon")? Where they went is no new
    holder of the role or thing they hold (`holds_person`), so it is kept as a note, never put in their slot."""
    if not holds_person(known):
        return False
    return bool(re.match(rf"^\W*{re.escape(value)}\s+{PERSON_MOVED}", message.strip(), re.I))


def _clause_of(text: str, value: str) -> str | None:
    """The one clause of `text` that names `value` (None when the message is one clause or several name it)."""
    clauses = [c for c in _CLAUSES_RE.split(text) if c and c.strip()]
    named = [c for c in clauses if f" {value} " in f" {normalize(c)} "]
    return named[0].strip() if len(clauses) > 1 and len(named) == 1 else None


def _said_in(candidate: FactCandidate, clause: str) -> bool:
    """Was the candidate's value said in `clause` (so a change there may be about it)?"""
    words = [w for w in normalize(candidate.object).split() if w not in STOP_WORDS]
    return bool(words) and all(f" {w} " in f" {normalize(clause)} " for w in words)


def _named_value(obj: str, said: str, new_values: Sequence[str], slot: Sequence[str] = ()) -> str | None:
    """The part of a known value that the message names: the whole value, or a distinctive word of it that
    is not part of a new value (so "reports in Excel" does not name "my reports as PDF" by "reports")."""
    value = normalize(_LEADING_RE.sub("", obj.strip()))
    if not value:
        return None
    if f" {value} " in said:
        return value
    fresh = " ".join(f" {normalize(v)} " for v in new_values)
    words = value.split()
    for i, word in enumerate(words):
        if i and word.isdigit() and words[i - 1][-1:].isdigit():
            continue  # "000" of "$80,000" is a part of its figure, not a value: "$95,000" does not name it
        if word in MONTH_WORDS and any(ch.isdigit() for ch in value) and not any(f" {w} " in said for w in slot):
            continue  # "Nov" of "Nov 20" names this date only with its slot: "the forecast is due Nov 28" another's
        if word in STOP_WORDS or (len(word) < 3 and not any(ch.isdigit() for ch in word)) or f" {word} " in fresh:
            continue
        single = word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word
        if any(f" {form} " in said for form in (word, word + "s", word + "es", single)):  # "Fridays", "Friday"
            return word
    return None


def _ending(candidate: FactCandidate) -> bool:
    return predicate_key(candidate.predicate).startswith(_ENDING)


def _handles(candidate: FactCandidate, known: dict[str, Any], value: str) -> bool:
    """Does the candidate already restate, replace or end the known fact (so nothing is to be moved)?"""
    old = normalize(candidate.contradicts or "")
    held = normalize(str(known.get("object", "")))  # as the store compares it: "my coffee black" is not "coffee"
    same_subject = subject_key(candidate.subject) == subject_key(str(known.get("subject", "")))
    # Named as the store finds it: the known statement, or within one subject the known value (or its start).
    if old and (
        old == normalize(str(known.get("statement", "")))
        or (same_subject and (held == old or held.startswith(old + " ")))
    ):
        return True
    if normalize(candidate.object) == normalize(str(known.get("object", ""))):
        return True  # the same value said again: the store reinforces it
    slot = same_slot(predicate_key(candidate.predicate), predicate_key(str(known.get("predicate", ""))))
    return same_subject and slot and bool(candidate.exclusive or known.get("exclusive"))


def _closest(
    candidates: Sequence[FactCandidate], positive: list[int], known: dict[str, Any], *, owner_only: bool = False
) -> int | None:
    """The new-value candidate the change is about: one sharing the known fact's subject or slot words, or the
    only one there is (with `owner_only`, only when it has the known fact's owner)."""
    words = set(content_words(f"{known.get('subject', '')} {known.get('predicate', '')} {known.get('statement', '')}"))
    words -= set(content_words(str(known.get("object", ""))))
    scored = [
        (
            len(
                words
                & set(content_words(f"{candidates[i].subject} {candidates[i].predicate} {candidates[i].statement}"))
            ),
            i,
        )
        for i in positive
    ]
    alone = len(positive) == 1 and (
        not owner_only or subject_key(candidates[positive[0]].subject) == subject_key(str(known.get("subject", "")))
    )
    scored = [s for s in scored if s[0] > 0] or ([(0, positive[0])] if alone else [])
    return max(scored)[1] if scored else None


def _into_slot(candidate: FactCandidate, known: dict[str, Any], value: str) -> FactCandidate:
    """The candidate in the known fact's slot and wording, replacing it; when only a part of the known value
    was named ("Jira" of "incidents in Jira"), the candidate keeps its own slot and only names the fact."""
    if value != normalize(_LEADING_RE.sub("", value_of(known))):
        return candidate.model_copy(update={"contradicts": str(known.get("statement") or "") or candidate.contradicts})
    statement = str(known.get("statement") or "")
    old_object = str(known.get("object") or "")
    if not _PREPOSITION_RE.match(old_object):  # "I snack on almonds" in the slot of "favourite snack: chocolate"
        candidate = candidate.model_copy(update={"object": _PREPOSITION_RE.sub("", candidate.object)})
    # Reworded only when the whole old value is in it; a part of it replaced reads badly ("reports as reports").
    reworded = re.sub(re.escape(old_object), candidate.object, statement, count=1, flags=re.I)
    return candidate.model_copy(
        update={
            "subject": known.get("subject") or candidate.subject,
            "predicate": known.get("predicate") or candidate.predicate,
            "category": known.get("category") or candidate.category,
            "kind": known.get("kind") or candidate.kind,
            "exclusive": True,
            "contradicts": statement or old_object,
            "statement": reworded if reworded != statement else candidate.statement,
        }
    )


def unclear_marker(message: str, known: dict[str, Any]) -> FactCandidate:
    """A marker replacing a known fact that a change names but whose new value was not understood."""
    from cognicore.memory.extraction import FactCandidate  # extraction imports this module

    said_before = str(known.get("statement") or "").strip()
    before = said_before.rstrip(".")
    saying = re.sub(r"\s+", " ", message).strip().rstrip(".")
    return FactCandidate(
        subject=str(known.get("subject") or "user"),
        predicate=str(known.get("predicate") or "changed"),
        object=UNCLEAR_OBJECT,
        kind=known.get("kind") or "fact",
        confidence=UNCLEAR_CONFIDENCE,
        category=str(known.get("category") or "general"),
        statement=f'Not sure any more: "{before}" changed (the user said "{saying}"), '
        "but I could not understand the new value.",
        contradicts=said_before or None,
        exclusive=False,
    )
