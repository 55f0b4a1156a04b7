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

from cognicore.memory._fact_keys import normalize, predicate_key, same_slot, subject_key
from cognicore.memory._fact_newvalue import is_target, new_value, replaced_in, said_name

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
_UNCHANGED_RE = re.compile(r"[,;]?\s*\b(?:same|still(?:\s+(?:on|in|at|with|the))?)\s+[\w-]+", re.I)
_QUESTION_RE = re.compile(
    r"^\W*(?:what|who|whom|whose|where|when|why|how|which|do|does|did|is|are|was|were|can|could|would|should|"
    r"will|shall|may|tell|show|give|list|find|remind)\b",
    re.I,
)
_LEADING_RE = re.compile(r"^(?:(?:on|at|in|by|from|with|to|for|of|the|a|an|our|my)\s+)+", re.I)
_PREPOSITION_RE = re.compile(r"^(?:on|at|in|by|with|to|for|from)\s+", re.I)
_STOP = frozenset(
    "the a an and or of on at in by to for with from is are was my our your their this that it all day days "
    "every each per some any one very more less most".split()
)
# Predicates that already end something: they name their old value themselves.
_ENDING = ("no_longer", "not_", "does_not", "is_not", "stopped", "gave_up", "rejected", "dislikes")
UNCLEAR_OBJECT = "unclear change"
UNCLEAR_CONFIDENCE = 0.3


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
    if not candidates and (bare := bare_change(_UNCHANGED_RE.sub("", text), known_facts)):
        return [bare]
    out = list(candidates)
    said = f" {normalize(_UNCHANGED_RE.sub('', text))} "  # "same team", "still on retail": named, not changed
    for known in known_facts:
        if known.get("status", "active") != "active" or str(known.get("object", "")) == UNCLEAR_OBJECT:
            continue
        value = _named_value(_value_of(known), said, [c.object for c in out if not _ending(c)])
        if value is None or any(_handles(c, known, value) for c in out) or is_target(text, value):
            continue  # "we're back to DHL" names DHL as the new value: that fact is restated, not changed
        positive = [i for i, c in enumerate(out) if not _ending(c) and value not in f" {normalize(c.object)} "]
        if not candidates:  # nothing read alone: the new value from the change's shape, or an honest marker
            # What the user holds ("DACH accounts handled_by user"): "DACH went to Kemal" names a new holder, not a
            # new thing the user holds, so no value is read there.
            new = None if subject_key(str(known.get("object", ""))) == "user" else new_value(text, known)
            part = (said_name(_value_of(known), text, new) or value) if new else value
            out.append(_in_slot_of(known, replaced_in(_value_of(known), part, new)) if new else _unclear(text, known))
            continue
        target = _closest(out, positive, known)
        if target is not None:
            out[target] = _into_slot(out[target], known, value)
    out = [_replacing_taste(_same_thing(c, known_facts), known_facts) for c in out]
    if len(out) == 1:  # one value told: a bare thing read as the team's may be the user's own slot
        out = [_same_word(out[0], known_facts)]
    return [_comparative_taste(c, text, known_facts) for c in out]


# "im more into laptops these days", "I'd rather have X now": a taste said against an earlier one.
_COMPARATIVE_RE = re.compile(
    r"\b(?:more\s+into|more\s+of\s+a|rather|come\s+(?:a)?round\s+to|prefer)\b.*"
    r"\b(?:now|these\s+days|nowadays|lately|anymore|any\s+more|instead)\b",
    re.I,
)


def _comparative_taste(candidate: FactCandidate, message: str, known_facts: Sequence[dict[str, Any]]) -> FactCandidate:
    """A taste said as a comparison ("more into X these days") replaces the user's one favourite thing, when there
    is exactly one: "my favourite product line is tablets", later "im more into laptops these days". With no
    favourite, or several, nothing is guessed."""
    if candidate.contradicts or subject_key(candidate.subject) != "user" or not _COMPARATIVE_RE.search(message):
        return candidate
    if not predicate_key(candidate.predicate).startswith(("likes", "prefers")):
        return candidate
    tastes = [
        k for k in known_facts
        if k.get("status", "active") == "active"
        and subject_key(str(k.get("subject", ""))) == "user"
        and predicate_key(str(k.get("predicate", ""))).startswith(_TASTES)
        and _value_of(k) != UNCLEAR_OBJECT
    ]  # fmt: skip
    # Only the user's one and only taste, and only a favourite: with two, which one changed is a guess.
    favourites = [k for k in tastes if predicate_key(str(k.get("predicate", ""))).startswith("favourite_")]
    if len(tastes) != 1 or len(favourites) != 1 or normalize(_value_of(favourites[0])) == normalize(candidate.object):
        return candidate
    moved = _in_slot_of(favourites[0], candidate.object)
    return moved.model_copy(update={"confidence": min(candidate.confidence, 0.7)})  # inferred, said less plainly


def _same_thing(candidate: FactCandidate, known_facts: Sequence[dict[str, Any]]) -> FactCandidate:
    """A new value of a known slot named in other words: "the new-hire laptop" after "our standard laptop for new
    hires". Same subject, same head noun, and every other word of the new slot is in the known statement, so
    "the marketing budget" never names "our travel budget"."""
    if candidate.contradicts or not candidate.exclusive:
        return candidate
    words = _stems(predicate_key(candidate.predicate))
    if len(words) < 2:
        return candidate
    for known in known_facts:
        slot = _stems(predicate_key(str(known.get("predicate", ""))))
        said = set(_stems(f"{known.get('statement', '')}"))
        if (
            known.get("status", "active") == "active"
            and subject_key(str(known.get("subject", ""))) == subject_key(candidate.subject)
            and slot
            and slot != words
            and slot[-1] == words[-1]
            and set(words) <= said
            and normalize(str(known.get("object", ""))) != normalize(candidate.object)
        ):
            return candidate.model_copy(update={"contradicts": str(known.get("statement") or "")})
    return candidate


# Words that name one limit of a slot ("discount limit", "max discount", "discount cap").
_SAME_WORD = {"maximum": "max", "limit": "max", "cap": "max", "ceiling": "max", "minimum": "min", "floor": "min"}


def _same_word(candidate: FactCandidate, known_facts: Sequence[dict[str, Any]]) -> FactCandidate:
    """ "commission's 6% from this quarter" after "My commission rate is 5%": a thing named in one word, read as the
    team's because no "my" or "our" was said, is the one known slot (the user's or the team's) holding that word;
    "my discount limit" after "the max discount I can offer" is the same slot in other words (same subject)."""
    if candidate.contradicts or not candidate.exclusive or subject_key(candidate.subject) not in ("user", "we"):
        return candidate
    words = _stems(predicate_key(candidate.predicate))
    same = {_SAME_WORD.get(w, w) for w in words}
    if len(words) != 1 and len(same) < 2:
        return candidate
    holding = [
        k for k in known_facts
        if k.get("status", "active") == "active"
        and subject_key(str(k.get("subject", ""))) in ("user", "we")
        and predicate_key(str(k.get("predicate", ""))) != predicate_key(candidate.predicate)
        # one word read as the team's is in the known slot; several are the known slot's words in another order
        # or another word for a limit ("discount limit" and "max discount")
        and (
            (subject_key(candidate.subject) == "we" and words[0] in _stems(predicate_key(str(k.get("predicate", "")))))
            if len(words) == 1
            else subject_key(str(k.get("subject", ""))) == subject_key(candidate.subject)
            and {_SAME_WORD.get(w, w) for w in _stems(predicate_key(str(k.get("predicate", ""))))} == same
        )
        and normalize(_value_of(k)) != normalize(candidate.object)
        and _value_of(k) != UNCLEAR_OBJECT
    ]  # fmt: skip
    if len(holding) != 1:
        return candidate
    moved = _in_slot_of(holding[0], candidate.object)
    return moved.model_copy(update={"confidence": min(candidate.confidence, 0.8)})


def _stems(text: str) -> list[str]:
    """Content words with a plural "s" dropped, so "new hires" and "new_hire" compare equal."""
    return [w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in _words(text)]


_TASTES = ("likes", "prefers", "favourite_", "drinks")


def _replacing_taste(candidate: FactCandidate, known_facts: Sequence[dict[str, Any]]) -> FactCandidate:
    """A new taste said as a change names the user's known taste of the same kind of thing: "I've come round to
    line charts" after "I like bar charts best" (both charts), so the older one ends."""
    if candidate.contradicts or subject_key(candidate.subject) != "user":
        return candidate
    if not predicate_key(candidate.predicate).startswith(_TASTES):
        return candidate
    head = (_words(candidate.object) or [""])[-1]
    for known in known_facts:
        same_kind = predicate_key(str(known.get("predicate", ""))).startswith(_TASTES)
        held = _words(str(known.get("object", "")))
        if (
            known.get("status", "active") == "active"
            and subject_key(str(known.get("subject", ""))) == "user"
            and same_kind
            and len(head) >= 3
            and head in held
            and normalize(str(known.get("object", ""))) != normalize(candidate.object)
        ):
            return candidate.model_copy(update={"contradicts": str(known.get("statement") or "")})
    return candidate


# A change whose subject is left out or is only a slot's name: "switched to almond milk", "sprint review moved to
# Thursdays", "P2 SLA is now 6 hours", "new extension: 4520". Read only against a known fact of that slot.
_ELIDED_RE = re.compile(
    r"^(?:(?:btw|fyi|so|oh|also|and)\s+)?(?:just\s+|(?:I|we)\s+(?:have\s+|just\s+)*)?"
    r"(?P<verb>moved|switched|changed|went|migrated|relocated)"
    r"(?:\s+over|\s+back)?\s+to\s+(?P<new>.+)$",
    re.I,
)
_SLOT_CHANGE_RE = re.compile(
    r"^(?:the\s+|our\s+|my\s+)?(?P<thing>[a-z0-9][\w-]*(?:\s+[\w-]+){0,3}?)\s+(?:(?:has|have)\s+)?(?:is\s+now|are\s+now|"
    r"changed\s+to|been\s+changed\s+to|moved\s+to|been\s+moved\s+to|got\s+moved\s+to|switched\s+to|went\s+to|"
    r"is\s+moving\s+to|(?:got\s+|was\s+|has\s+been\s+|been\s+)?(?:passed|handed(?:\s+over)?|reassigned|given)\s+to)"
    r"\s+(?P<new>.+)$"
    r"|^new\s+(?P<thing2>[a-z][\w-]*(?:\s+[\w-]+){0,3}?)(?:\s*[:=-]\s*|\s+(?=\d|(?-i:[A-Z])))(?P<new2>.+)$",
    re.I,
)
_NOT_THAT_RE = re.compile(
    r"^(?:(?:actually|correction|sorry|oops|my\s+bad)\s*[,:-]?\s*)*(?:it\s+is|it's|its|that\s+is|that's|make\s+that|"
    r"it\s+should\s+be)\s+(?P<new>[^,]+?)\s*,?\s+not\s+(?P<old>[^,]+?)$",
    re.I,
)
_TAIL_RE = re.compile(
    r"[\s,]*(?:now|from\s+now\s+on|these\s+days|as\s+of\s+\w+|last\s+\w+|since\s+(?:the\s+)?\w+|!+|\.+)\s*$", re.I
)


def bare_change(message: str, known_facts: Sequence[dict[str, Any]]) -> FactCandidate | None:
    """A change the sentence rules cannot read alone, read in the slot of the one known fact it can be about."""
    text = message.strip()
    while (trimmed := _TAIL_RE.sub("", text)) != text:
        text = trimmed
    active = [k for k in known_facts if k.get("status", "active") == "active" and _value_of(k) != UNCLEAR_OBJECT]
    if m := _NOT_THAT_RE.match(text):  # "Actually it's 12 not 10": the known value holding 10, with 12
        old, new = normalize(m["old"]), m["new"].strip()
        holding = [k for k in active if old and f" {old} " in f" {normalize(_value_of(k))} "]
        if len(holding) == 1:
            value = _value_of(holding[0])
            swapped = re.sub(rf"(?<!\w){re.escape(m['old'].strip())}(?!\w)", new, value, count=1, flags=re.I)
            return _in_slot_of(holding[0], swapped if swapped != value else new)
        return None
    about: list[dict[str, Any]] = []
    new = ""
    if m := _SLOT_CHANGE_RE.match(text):
        thing, new = (m["thing"] or m["thing2"]), (m["new"] or m["new2"])
        words = _stems(thing)
        about = [k for k in active if words and _stems(str(k.get("predicate", "")))[-1:] == words[-1:]]
        if not about:  # "on-call got passed to Chloe": every word of the thing is in one known slot's name
            about = [k for k in active if words and set(words) <= set(_stems(str(k.get("predicate", ""))))]
    if not about and (m := _ELIDED_RE.match(text)):
        new = m["new"]
        head = (_stems(new) or [""])[-1]
        moved = m["verb"].lower() in ("moved", "relocated")
        about = [
            k for k in active
            if (head and head in _stems(_value_of(k)))
            or (moved and predicate_key(str(k.get("predicate", ""))) == "lives_in")
        ]  # fmt: skip
    new = new.strip().strip(".!,")
    if len(about) != 1 or not new or len(new.split()) > 8:
        return None
    return _in_slot_of(about[0], new)


def _in_slot_of(known: dict[str, Any], new: str) -> FactCandidate:
    """A new value for the known fact's slot, in its wording when the old value can be swapped in it."""
    from cognicore.memory.extraction import FactCandidate  # extraction imports this module

    statement, old = str(known.get("statement") or ""), _value_of(known)
    reworded = re.sub(re.escape(old), new, statement, count=1, flags=re.I) if old else statement
    if reworded == statement:
        reworded = re.sub(r"[.\s]+$", "", statement) + f"; now {new}."
    return FactCandidate(
        subject=str(known.get("subject") or "user"),
        predicate=str(known.get("predicate") or "is"),
        object=new,
        kind=known.get("kind") or "fact",
        confidence=0.8,  # the slot was read from what the user said before, not from this sentence alone
        category=str(known.get("category") or "general"),
        statement=reworded,
        contradicts=statement or None,
        exclusive=True,
    )


def _value_of(known: dict[str, Any]) -> str:
    """What a known fact holds: its object, or its subject when the object is the user ("desk handled_by user")."""
    obj = str(known.get("object", ""))
    return str(known.get("subject", "")) if subject_key(obj) == "user" else obj


def _named_value(obj: str, said: str, new_values: Sequence[str]) -> str | None:
    """The part of a known value that the message names: the whole value, or a distinctive word of it that
    is not part of a new value (so "reports in Excel" does not name "my reports as PDF" by "reports")."""
    value = normalize(_LEADING_RE.sub("", obj.strip()))
    if not value:
        return None
    if f" {value} " in said:
        return value
    fresh = " ".join(f" {normalize(v)} " for v in new_values)
    for word in value.split():
        if word in _STOP or (len(word) < 3 and not any(ch.isdigit() for ch in word)) or f" {word} " in fresh:
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


def _closest(candidates: Sequence[FactCandidate], positive: list[int], known: dict[str, Any]) -> int | None:
    """The new-value candidate the change is about: one sharing the known fact's subject or slot words,
    or the only one there is."""
    words = set(_words(f"{known.get('subject', '')} {known.get('predicate', '')} {known.get('statement', '')}"))
    words -= set(_words(str(known.get("object", ""))))
    scored = [
        (len(words & set(_words(f"{candidates[i].subject} {candidates[i].predicate} {candidates[i].statement}"))), i)
        for i in positive
    ]
    scored = [s for s in scored if s[0] > 0] or ([(0, positive[0])] if len(positive) == 1 else [])
    return max(scored)[1] if scored else None


def _words(text: str) -> list[str]:
    return [w for w in re.findall(r"[a-z0-9]+", text.lower().replace("_", " ")) if w not in _STOP and w != "user"]


def _into_slot(candidate: FactCandidate, known: dict[str, Any], value: str) -> FactCandidate:
    """The candidate in the known fact's slot and wording, replacing it; when only a part of the known value
    was named ("Jira" of "incidents in Jira"), the candidate keeps its own slot and only names the fact."""
    if value != normalize(_LEADING_RE.sub("", _value_of(known))):
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


def _unclear(message: str, known: dict[str, Any]) -> FactCandidate:
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
