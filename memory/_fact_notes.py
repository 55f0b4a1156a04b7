"""Notes: a statement no sentence rule could read, kept in the user's own words instead of a guessed slot.

"I do my forecasts in Excel", "Chloe works on the Payroll app tickets": the user told something durable in a
shape the rules do not know. Dropping it loses what the assistant said it would remember; reading a subject
and a predicate out of it would invent a slot that could wrongly supersede another fact. A note keeps the
saying as it was said, quoted, under the predicate `note`: it holds no slot (never exclusive, never moved
into a known fact's slot, never superseding one), so a later question finds it by its words and the answer
quotes it. Only declarative sentences by or about the user, their team or a named person become notes;
questions, requests, conditions, chat and remarks about the conversation itself ("you got that wrong") do not.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from cognicore.memory._fact_keys import lemma
from cognicore.memory._fact_words import CALENDAR
from cognicore.memory.text import FIRST_PERSON, FIRST_PERSON_PLURAL

if TYPE_CHECKING:  # extraction imports this module: no import cycle at run time
    from cognicore.memory.extraction import FactCandidate

__all__ = ["NOTE_CONFIDENCE", "NOTE_PREDICATE", "ending_notes", "is_note", "note_of"]

NOTE_PREDICATE = "note"
NOTE_CONFIDENCE = 0.5
"""Lower than a fact read by a rule: what the note is about was not understood, only that it was said."""

_NOT_TOLD_RE = re.compile(
    r"^(?:what|who|whom|whose|where|when|why|how|which|do|does|did|is|are|was|were|can|could|would|should|will|"
    r"shall|may|have|has|if|suppose|unless|when|whenever|assuming|tell|show|give|list|find|write|create|make|"
    r"generate|compare|summari[sz]e|explain|describe|draw|plot|chart|get|fetch|send|remind|hi|hello|"
    r"hey|thanks|thank|ok|okay|cool|great|nice|perfect|sorry|please|pls|let|lets|yes|no|nope|yeah|yep|sure)\b",
    re.I,
)
# Asking or wishing is no telling, wherever it stands ("I need the Q3 numbers", "I'd like a chart").
_ASKING_RE = re.compile(
    r"\b(?:please|pls|plz|can\s+you|could\s+you|would\s+you|will\s+you|i\s+need|we\s+need|i\s+want|we\s+want|"
    r"i(?:'d|\s+would)\s+like|we(?:'d|\s+would)\s+like|i\s+wonder|wondering|looking\s+for|help\s+me|"
    r"let\s+me\s+know|if|thanks|thank\s+you|cheers|"
    # an embedded question ("my question is what ..."), a suggestion or a guess ("we should ...")
    r"what|whether|question|wonder|should|could|might|would|maybe|perhaps|ought)\b",
    re.I,
)
_PLAIN = frozenset(
    "i i'm im i've my me we we're we've our us the a an is are was were be been it this that these those them "
    "and or but so to of in on at for with by from now just really too very quite bit little".split()
)
# Said to the assistant about the conversation, not about the user's world.
_ADDRESSED_RE = re.compile(r"\b(?:you|your|yours|u|ur)\b", re.I)
_FILLER_RE = re.compile(
    r"^(?:(?:(?:please|pls|plz)\s+(?:note|remember)(?:\s+that)?|scratch\s+that|correction|sorry|"
    r"actually|also|oh|so|and|but|well|anyway|btw|fyi|by\s+the\s+way|just\s+so\s+you\s+know|"
    r"for\s+the\s+record|note\s+that|remember\s+that|heads\s+up|quick\s+note|update|"
    # when it started, said first: "Since Monday ...", "As of May, ..."
    r"(?:since|as\s+of|starting|from)\s+(?:last\s+|this\s+|next\s+)?(?:"
    + CALENDAR
    + r"|week|month|year|quarter|today|yesterday|q[1-4]|\d{1,2}(?:st|nd|rd|th)?))\b[\s,:-]*)+",
    re.I,
)
_OWNER_RE = re.compile(
    r"^(?:(?P<user>i|i'm|im|i've|my|me)|(?P<we>we|we're|we've|our|us|the\s+team|team)|"
    r"(?:the\s+|our\s+|my\s+)?(?!(?:the|a|an|this|that|these|those|it|there|everything|everyone|nothing|all)\b)"
    r"(?P<name>(?-i:[A-Z])[\w'-]*)(?:\s+(?-i:[A-Z])[\w'-]*)?\s+(?:is|was|has|had|will|"
    r"now|just|no\s+longer|[a-z]+(?:s|ed))\b)"
    # a thing of the user's world said with a verb: "The VPN gateway is vpn2", "Email tickets go to the X queue"
    r"|(?P<thing>(?:the\s+|our\s+|my\s+)?[\w-]+(?:\s+[\w'-]+){0,5}?)\s+(?:is|are|was|were|will|go|goes|get|gets|has|have|"
    r"runs?|sits?|lives?|starts?|ends?|opens?|closes?|happens?)\s",
    re.I,
)
_MINE_RE = re.compile(rf"\b(?:{FIRST_PERSON}|{FIRST_PERSON_PLURAL})\b", re.I)
_WORD_RE = re.compile(r"[A-Za-z0-9][\w'-]*")


def note_of(message: str, *, told: bool = False) -> dict[str, Any] | None:
    """The message as a note (the fields of `FactCandidate`), or None when it tells nothing to keep.

    `told`: the router already read the message as a statement ("Europe's my patch these days"), so its own
    guess of what is a statement is not needed, only that something was said about something.
    """
    text = re.sub(r"\s+", " ", message.replace("\u2019", "'")).strip()
    if not text or ("?" in text and not told) or "\n" in message.strip():
        return None
    body = _FILLER_RE.sub("", text).strip()
    words = _WORD_RE.findall(body)
    if not 3 <= len(words) <= 30:
        return None
    if not told and (_NOT_TOLD_RE.match(body) or _ASKING_RE.search(body) or _ADDRESSED_RE.search(body)):
        return None
    content = {w.lower() for w in words} - _PLAIN
    if len(content) < 2:  # "I like it": nothing said about anything
        return None
    owner = _OWNER_RE.match(body)
    if owner is None and told:
        mine = _MINE_RE.search(body)
        subject = "user" if mine and mine[0].lower() in ("i", "my", "me") else "we"
        return _note(subject, body)
    if owner is None or (owner["thing"] and len(content) < 3):  # "the numbers are wrong": a remark, not a fact
        return None
    subject = "user" if owner["user"] else "we" if owner["we"] else str(owner["name"] or "we")
    if owner["thing"] and not _MINE_RE.search(body):
        subject = "we"  # a thing of the user's work ("the VPN gateway"), as the team's facts are kept
    elif not (owner["user"] or owner["we"]) and (
        mine := _MINE_RE.search(body)
    ):  # "Password resets on our team ...": the team's, not a name
        subject = "user" if mine[0].lower() in ("i", "my", "me") else "we"
    return _note(subject, body)


def _note(subject: str, body: str) -> dict[str, Any]:
    """The fields of a note about `subject` quoting `body`."""
    said = body.rstrip(" .!;,")
    return {
        "subject": subject,
        "predicate": NOTE_PREDICATE,
        "object": said,
        "kind": "fact",
        "confidence": NOTE_CONFIDENCE,
        "category": "notes",
        "statement": f'The user said: "{said[:1].upper()}{said[1:]}."',
        "exclusive": False,
    }


def is_note(known: dict[str, Any]) -> bool:
    """A known fact kept as a note: it holds no slot, so no change is read against it."""
    return str(known.get("predicate", "")) == NOTE_PREDICATE


_CHANGE_RE = re.compile(
    r"\b(?:now|no\s+longer|any\s*more|instead|switched|moved|changed|went|gone|replaced|from|these\s+days|not|"
    r"correction|rather\s+than|back|scratch\s+that)\b",
    re.I,
)
_CONTENT_RE = re.compile(r"[a-z0-9]+")
_SMALL = frozenset("the a an of on at in by to for with from is are was our my we us user".split())


def _content(text: str) -> set[str]:
    """Content words without inflection ("resets" meets "reset", "forecasting" meets "forecasts")."""
    words = _CONTENT_RE.findall(text.lower().replace("_", " "))
    return {lemma(w) for w in words} - _SMALL


def ending_notes(message: str, facts: list[FactCandidate], known_facts: list[dict[str, Any]]) -> list[FactCandidate]:
    """A change read by a rule ends the note it is about, when that is certain from the words alone.

    "our P1 response target went from 30 to 15 minutes" after the note "We have to respond to P1s within 30
    minutes": the old value named ("30 minutes") is in exactly one note of the same owner. "resets are handled
    by the helpdesk now" after the note "Password resets on our team go through the self-service portal": a
    change of a one-value slot whose every word is in exactly one note of the same owner. Otherwise the note
    stays, and the answer sees both.
    """
    notes = [k for k in known_facts if is_note(k) and k.get("status", "active") == "active"]
    changed = bool(_CHANGE_RE.search(message))
    out = []
    for fact in facts:
        if is_note(fact.model_dump()):
            if (replaced := _note_replaced(message, fact, notes, changed=changed)) is not None:
                fact = fact.model_copy(update={"contradicts": str(replaced.get("statement") or "") or None})
            out.append(fact)
            continue
        if (held := _handed_over(fact, notes)) is not None:
            out.append(fact.model_copy(update={"contradicts": str(held.get("statement") or "") or None}))
            continue
        if not changed and (renumbered := _renumbered(fact, notes)) is not None:
            out.append(fact.model_copy(update={"contradicts": str(renumbered.get("statement") or "") or None}))
            continue
        if not changed:
            out.append(fact)
            continue
        if fact.contradicts and _matches_statement(fact.contradicts, known_facts):
            out.append(fact)
            continue
        owner = [n for n in notes if _owner(str(n.get("subject", ""))) == _owner(fact.subject)]
        old = _content(fact.contradicts or "")
        slot = _content(fact.predicate)
        if old:
            about = [n for n in owner if old <= _content(str(n.get("object", "")))]
        elif fact.exclusive and slot:
            about = [n for n in owner if slot <= _content(str(n.get("object", "")))]
        else:
            about = []
        if len(about) == 1:
            fact = fact.model_copy(update={"contradicts": str(about[0].get("statement") or "") or fact.contradicts})
        out.append(fact)
    return out


_NUMBER_RE = re.compile(r"(?<![\w.])\d+(?![\w.])")


def _renumbered(fact: FactCandidate, notes: list[dict[str, Any]]) -> dict[str, Any] | None:
    """ "my cost center is 5120" after the note "My travel expenses get booked to cost centre 4410": a one-value
    slot given a number, whose every word is in exactly one note of the same owner holding one other number, said
    without a change word, is that note's slot with a new value. Two such notes, or a number kept: nothing ends."""
    new, slot = set(_NUMBER_RE.findall(fact.object)), _content(fact.predicate)
    if not fact.exclusive or len(new) != 1 or not slot or _QUALIFIED_RE.search(fact.statement):
        return None  # "my cost centre for the offsite is 7000": that one's, maybe not the note's
    about = [
        n for n in notes
        if _owner(str(n.get("subject", ""))) == _owner(fact.subject)
        and slot <= _content(str(n.get("object", "")))
        and len(held := set(_NUMBER_RE.findall(str(n.get("object", ""))))) == 1
        and held != new
        and _number_of_slot(str(n.get("object", "")), slot)
    ]  # fmt: skip
    return about[0] if len(about) == 1 else None


# A slot said with what it is for or whose ("for the offsite", "of the helpdesk"): a qualified slot of its own.
_QUALIFIED_RE = re.compile(r"\b(?:for|of|at)\s+(?:the|our|my|a|an)\b", re.I)


def _number_of_slot(note: str, slot: set[str]) -> bool:
    """Is the note's number the value of the slot, right after its words ("cost centre 4410"), and the note about no
    other holder ("ring the helpdesk on extension 5500": the helpdesk's)?"""
    words = re.findall(r"[\w']+", note.lower())
    at = next((i for i, w in enumerate(words) if w.isdigit()), 0)
    before = {lemma(w) for w in words[max(0, at - len(slot)) : at]}
    return at > 0 and slot <= before and not re.search(r"\bthe\s+\w+\s+(?:on|at)\b", note, re.I)


_HOLDER_RE = re.compile(r"(?-i:[A-Z])[a-z'-]+\s+(?:is|was|has|handles|owns|runs|covers|manages)\b")


def _handed_over(fact: FactCandidate, notes: list[dict[str, Any]]) -> dict[str, Any] | None:
    """ "she left Contoso, Dev took over the account" after the note "Carla is our account manager at Contoso": a
    thing handed over to someone ends the one note that names a person holding it (every word of the thing is in
    the note, which starts with a name). With two such notes, or none, nothing is ended."""
    if fact.predicate != "handled_by" or fact.contradicts:
        return None
    thing = _content(fact.subject)
    held = [
        n for n in notes
        if thing and thing <= _content(str(n.get("object", "")))
        and _HOLDER_RE.match(str(n.get("object", "")))
        and fact.object.lower() not in str(n.get("object", "")).lower()
    ]  # fmt: skip
    return held[0] if len(held) == 1 else None


# Words that turn a saying into its negation ("Chloe is on the rota" / "Chloe is off the rota").
_POLAR = frozenset("off not no out longer anymore never removed dropped isn aren doesn don".split())
# Words that only say a change happened, not what changed ("email tickets NOW go to ...", "BACK in the queue").
_MARKS = frozenset(
    "now moved switched changed instead anymore back these days over go goe went gone from longer actually".split()
)
_ADDED_RE = re.compile(r"\b(?:too|also|as\s+well|additionally|another|second)\b", re.I)


def _note_replaced(
    message: str, fact: FactCandidate, notes: list[dict[str, Any]], *, changed: bool
) -> dict[str, Any] | None:
    """The one earlier note a new note replaces, certain from the words alone, or None.

    It names what it denies ("vpn3, not vpn2"); or it is the same saying negated ("Chloe is off the escalation
    rota"); or it is the same saying with its value changed and said as a change ("email tickets now go to the
    infra queue" after "Email tickets go to the messaging queue"), and not as an addition ("... too").
    """
    denied = {normalize_word(m["y"]) for m in _DENIED_RE.finditer(message)}
    if denied:
        about = [n for n in notes if denied <= _content(str(n.get("object", "")))]
        return about[0] if len(about) == 1 else None
    new = _content(fact.object)
    head = _first_content(fact.object)
    found = []
    for note in notes:
        old = _content(str(note.get("object", "")))
        shared, old_only, new_only = new & old, old - new, new - old
        # About the same thing: its first word is the same ("Chloe ...", "email tickets ..."), so "the Paris office
        # now opens at 9" is never a change of "the London office opens at 8".
        if len(shared) < 2 or _first_content(str(note.get("object", ""))) != head:
            continue
        if (old_only | new_only) and (old_only | new_only) <= _POLAR:
            found.append(note)  # the same saying, negated (or un-negated)
        elif changed and not _ADDED_RE.search(message) and 1 <= len(old_only) <= 3 and 1 <= len(new_only - _MARKS) <= 3:
            found.append(note)
    return found[0] if len(found) == 1 else None


_DENIED_RE = re.compile(
    r"\b(?:not|instead\s+of|rather\s+than|no\s+longer)\s+(?:the\s+|a\s+|an\s+)?(?P<y>[\w.-]+)", re.I
)


def normalize_word(word: str) -> str:
    """One word as `_content` keeps it: lower case, a plural "s" dropped."""
    w = word.lower().strip(".-")
    return w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w


def _first_content(text: str) -> str:
    """The first content word of a saying, past fillers and owners ("our", "the"): what it is about."""
    for word in _CONTENT_RE.findall(text.lower()):
        if word not in _SMALL and word not in _MARKS and word not in ("scratch", "correction", "sorry", "btw", "fyi"):
            return normalize_word(word)
    return ""


def _owner(subject: str) -> str:
    key = subject.strip().lower()
    return {"i": "user", "the user": "user", "our team": "we", "the team": "we", "us": "we"}.get(key, key)


def _matches_statement(contradicts: str, known_facts: list[dict[str, Any]]) -> bool:
    """Does `contradicts` already name a known fact that is not a note (its statement or its value)?"""
    named = contradicts.strip().lower()
    return any(
        not is_note(k)
        and (named == str(k.get("statement", "")).strip().lower() or named == str(k.get("object", "")).strip().lower())
        for k in known_facts
    )
