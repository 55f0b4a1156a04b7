"""The new value of a change that names the old one, read from the sentence's structure around the change verb.

`_fact_known.named_changes` finds which known fact a change is about when the message names its old value
("Marta doesn't take escalations anymore, I send them to Olu"). When no sentence rule read the message, the
new value was left unread and the known fact got an "unclear change" marker. The shapes below are the ones a
replacement takes in any domain: the target of a hand-over ("passed/handed/sent/switched ... to X", "back to
X"), the one who took something over ("X took it over"), a present restatement ("it's X now"), "X instead".
Only one distinct value may be read, it must hold a word the known fact does not, and it must not be a pronoun;
otherwise nothing is returned and the caller keeps its honest marker.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cognicore.memory._fact_keys import lemma, normalize, predicate_key, subject_key
from cognicore.memory._fact_slot import in_slot_of
from cognicore.memory._fact_slot_guards import another_noun, slot_is_mine, words_of
from cognicore.memory._fact_word_classes import DETERMINERS
from cognicore.memory._fact_words import MINE_KEPT_RE, SUPPOSED

if TYPE_CHECKING:  # extraction imports this module: no import cycle at run time
    from cognicore.memory.extraction import FactCandidate

__all__ = [
    "is_target", "new_value", "pronoun_handover", "replaced_in", "replacing_ended", "reversal", "said_name",
    "slot_change", "switched_topic", "worded_as_reversal",
]  # fmt: skip

_END = (
    r"\s*(?:,?\s*(?:now|instead|these\s+days|from\s+now\s+on|again|for\s+good))*"
    r"\s*(?=[,;.!](?!\d)|\s+(?:and|but|so)\s|$)"
)
# A dot inside a value ("1.4M", "vpn3.corp.local") is no sentence end, nor a comma between digits ("$95,000").
_VALUE = r"(?P<v>(?:[^,;.!]|\.(?=[\w])|(?<=\d),(?=\d{3}))+?)"
_SHAPES = (
    # "Jonas took it over", "Omar has taken over", "Mei is taking the desk over"
    re.compile(
        r"(?P<v>(?-i:[A-Z])[\w.'-]*(?:\s+(?-i:[A-Z])[\w.'-]*)?)\s+(?:has\s+|have\s+|is\s+|just\s+)?"
        r"(?:took|taken|taking|takes)\s+(?:(?:it|them|this|that|(?:the|my|our)\s+[\w-]+)\s+)?over\b",
        re.I,
    ),
    # "handed the team over to Farid", "passed to Chloe", "I send them to Olu", "we're back to DHL"
    re.compile(
        r"\b(?:back|handed|handing|passed|passing|sent|send|sending|switched|switching|moved|moving|went|gone|"
        r"reassigned|transferred|given|gave|changed|shifted|goes|go)"
        r"(?:\s+(?P<h>it|them|this|that|me|us|him|her|(?:the|my|our|his|her|their)\s+[\w-]+))?(?:\s+over|\s+back|\s+up|"
        r"\s+down)?\s+to\s+" + _VALUE + _END,
        re.I,
    ),
    # "it's GlobalProtect now", "they're with Olu now", "that is Farid now"
    re.compile(
        r"\b(?:it\s+is|it's|its|they\s+are|they're|that\s+is|that's)\s+(?:with\s+|on\s+)?"
        + _VALUE
        + r"\s*,?\s*(?:now|instead|these\s+days|from\s+now\s+on|for\s+(?:me|us)\b)\b",
        re.I,
    ),
    # "day off isn't friday anymore, it's monday": the new value as the last clause, after the old one was denied
    re.compile(r"[,;]\s*(?:but\s+|now\s+)*(?:it\s+is|it's|its)\s+(?:now\s+)?" + _VALUE + r"\s*[.!]*\s*$", re.I),
    # "back on the self-service portal", "back with DHL"
    re.compile(r"\bback\s+(?:on|with|at|in|to|onto)\s+" + _VALUE + _END, re.I),
    # "GlobalProtect instead", "..., Tableau instead"
    re.compile(r"(?:^|[,;:]\s*)(?:(?:and|but|so)\s+)?" + _VALUE + r"\s+instead\b(?!\s+of)", re.I),
    # "flying KLM instead of Lufthansa": the one word before "instead of"
    # ("the X hub now instead of Y": "now" says when, it is no value: the shape reads nothing then)
    re.compile(r"\b(?!(?:now|then|today|again|too|also|here|there|days)\b)(?P<v>[\w.-]+)\s+instead\s+of\b", re.I),
    # "I work out of the north site now instead of the annex": the phrase after its article, up to "now instead of"
    re.compile(r"\b(?:the|a|an|my|our)\s+(?P<v>(?:[\w.-]+\s+){0,2}[\w.-]+)\s+now\s+instead\s+of\b", re.I),
    # "Q3 target is 1.4M not 1.2M", "gateway is vpn3, not vpn2": the value said against the old one
    re.compile(r"\b(?:is|are|was|=|:)\s+" + _VALUE + r"\s*,?\s+(?:not|rather\s+than)\s+\S", re.I),
    # "..., doing TikTok", "going with Linear now": the new choice after the old one was dropped
    re.compile(r"[,;]\s*(?:now\s+)?(?:doing|using|going\s+with|went\s+with|with|on)\s+" + _VALUE + _END, re.I),
    # "swapped my machine, I'm on a MacBook now", "... - they gave me a Dell now": what the user has after the change
    re.compile(
        r"(?:[,;:]|\s[-\u2013\u2014])\s*(?:and\s+|so\s+)?(?:i'm|i\s+am|i've\s+got|i\s+have|i\s+got|they\s+gave\s+me)\s+"
        r"(?:now\s+)?(?:on\s+|using\s+|with\s+)?" + _VALUE + r"\s+now" + _END,
        re.I,
    ),
    # "finance bumped next quarter's budget up to $55k", "they cut the ad spend back to 20k": a figure moved to
    re.compile(
        r"\b(?:raised|bumped|increased|lowered|cut|reduced|upped|boosted|dropped|pushed|moved|changed|revised|"
        r"adjusted|lifted|trimmed|slashed)\b(?:\s+[\w'$-]+){0,6}?\s+(?:up\s+|down\s+|back\s+)?to\s+"
        r"(?P<v>[$\u20ac\u00a3]?\d[\d.,]*\d?"
        r"(?:\s*(?:k|m|bn|million|thousand|billion|%|percent|dollars|euros|am|pm)\b)?)",
        re.I,
    ),
    # "the number we have to hit each quarter is now 4 million dollars", "the cap is now 20%"
    re.compile(r"\b(?:is|are)\s+now\s+" + _VALUE + _END, re.I),
    # "P3 SLA is 2 days from now on", "the cap is 20% going forward"
    re.compile(
        r"\b(?:is|are)\s+(?:now\s+)?" + _VALUE + r"\s*,?\s*(?:now|from\s+now\s+on|going\s+forward|these\s+days)\b", re.I
    ),
    # "backup window now starts at 2am", "standup now is at 10"
    re.compile(
        r"\bnow\s+(?:is|are|starts?|begins?|opens?|closes?|ends?|runs?|happens?)\s+(?:at\s+|on\s+|in\s+)?"
        + _VALUE
        + _END,
        re.I,
    ),
)
# The old thing handed back somewhere, said right before a value: that value is a place, not the slot's new value.
_RETURNED_RE = re.compile(
    r"(?<!\bi\s)(?<!\bwe\s)(?<!\bi've\s)(?<!\bwe've\s)\b(?:went|goes|gone|was\s+sent|got\s+sent|was\s+returned|"
    r"got\s+returned|was\s+handed)\s+back\s+(?:to|in)\s+$"
    r"|\b(?:returned|handed|sent)\s+(?:it\s+|them\s+)?(?:back\s+)?to\s+$",
    re.I,
)
_PRONOUN = frozenset("it them this that him her me us you they he she someone somebody".split())
_CUT_RE = re.compile(r"\s+(?:for|because|since|as\s+of|after|from|last|this|next)\b.*$", re.I)
_ARTICLE_RE = re.compile(r"^(?:the|a|an|due(?:\s+(?:on|by))?)\s+", re.I)  # "it's due Nov 28 now": the day
_TRAIL_RE = re.compile(r"(?:\s+(?:again|too|also|as\s+well|now|then))+$", re.I)


def _targets(message: str, leaving: str = "") -> list[str]:
    """Every value the change shapes read in `message`, cut at a trailing purpose or time ("for shipping").

    A hand-over of the old value itself ("I've handed the Nordics over to Lena", `leaving` "the Nordics") names its
    new holder, not a new value of the slot.
    """
    values = []
    left = set(normalize(leaving).split()) - DETERMINERS
    for shape in _SHAPES:
        for m in shape.finditer(message):
            if _RETURNED_RE.search(message[: m.start("v")]):
                continue  # "the ThinkPad went back to the service desk": where the old thing went, no new value
            handed = m.groupdict().get("h") or ""
            if left and set(normalize(handed).split()) - DETERMINERS == left:
                continue
            value = _TRAIL_RE.sub("", _CUT_RE.sub("", m["v"].strip())).strip(" ,;:-")
            values.append(_ARTICLE_RE.sub("", value) if not value[:1].isupper() else value)
    return [v for v in values if v]


def is_target(message: str, named: str) -> bool:
    """Is the named (normalised) value exactly what the change goes TO ("back to DHL"), not what it leaves?"""
    return any(normalize(v) == named for v in _targets(message))  # "back to 19 March" is no restated "march"


def new_value(message: str, known: dict[str, Any]) -> str | None:
    """The one new value `message` gives in place of the known fact's, or None when none or several are read."""
    said_before = set(normalize(f"{known.get('statement', '')} {known.get('object', '')}").split())
    found: list[str] = []
    for value in _targets(message, leaving=str(known.get("object", ""))):
        words = normalize(value).split()
        if not words or len(words) > 5 or words[0] in _PRONOUN or not set(words) - said_before - _PRONOUN:
            continue
        content = set(words) - DETERMINERS
        figure = re.match(r"[$\u20ac\u00a3]?\d", value)  # "4 million dollars" after "3 million dollars": a new figure
        if 2 * len(content - said_before) < len(content) and not figure:  # "is our key French account now": renamed
            continue
        if "or" in words:  # "to Olu or to Kim": two values, no guess
            continue
        if normalize(value) not in {normalize(v) for v in found}:
            found.append(value)
    return found[0] if len(found) == 1 else None


def said_name(old_object: str, message: str, new: str) -> str | None:
    """The capitalised word of the old value that the message names and the new value does not: "Instagram" in
    "run the spring promo on Instagram" for "we scrapped Instagram ..., doing TikTok" (not "spring")."""
    said, fresh = set(normalize(message).split()), set(normalize(new).split())
    names = [w for w in re.findall(r"(?-i:[A-Z])[\w.-]*", old_object) if w.lower() in said and w.lower() not in fresh]
    return names[0].lower() if len(names) == 1 else None


def replaced_in(old_object: str, named: str, new: str) -> str:
    """The known object with the named part swapped for the new value: "P2 tickets to Marta" naming "marta" gives
    "P2 tickets to Olu"; a run of capitalised words holding the named word goes whole ("Cisco AnyConnect")."""
    if normalize(old_object) == named:
        return new
    if named in normalize(new).split():  # "on 12 March" naming "march", new "19 March": the whole value changed
        lead = re.match(r"(?:(?:on|at|in|by|for|from|to|with)\s+)?", old_object, flags=re.I)
        return old_object[: lead.end()] + new if lead else new
    run = re.search(
        rf"(?:(?-i:[A-Z])[\w.-]*\s+)*\b{re.escape(named)}\w*\b(?:\s+(?:(?-i:[A-Z])|\d)[\w.-]*)*", old_object, flags=re.I
    )
    if run is None:
        return new
    swapped = old_object[: run.start()] + new + old_object[run.end() :]
    return swapped


def _lemmas(text: str) -> set[str]:
    return {lemma(w) for w in re.findall(r"[a-z0-9]+", text.lower().replace("_", " ")) if len(w) > 2}


def _active(known_facts: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        k for k in known_facts
        if k.get("status", "active") == "active" and str(k.get("predicate", "")) != "note"
        and str(k.get("object", "")) != "unclear change"
    ]  # fmt: skip


def slot_change(message: str, known_facts: Sequence[dict[str, Any]]) -> FactCandidate | None:
    """ "password resets are back on the self-service portal": a message naming one known one-value slot by all the
    words of its name, with a change shape giving one new value, is that slot's new value. None otherwise."""

    if MINE_KEPT_RE.search(message):
        return None  # "the hotline's extension is now 3499, mine is unchanged": the user's own holds
    if _DOUBT_RE.search(message):
        return None  # "not sure yet, but I heard the budget got raised to 15k": nothing is known to have changed
    said = _lemmas(message)
    about = [
        k for k in _active(known_facts)
        # a fact from the store carries no `exclusive`; a relation verb ("uses", "handled_by") is no named slot
        if k.get("exclusive", True)
        and (key := predicate_key(str(k.get("predicate", "")))) not in _RELATIONS
        and (slot := _lemmas(key))
        and slot <= said
    ]  # fmt: skip
    if len(about) != 1:  # every word of the slot said, or else the one slot any of its words names
        about = [
            k for k in _active(known_facts)
            if k.get("exclusive", True)
            and (key := predicate_key(str(k.get("predicate", "")))) not in _RELATIONS
            and _lemmas(key) & said
        ]  # fmt: skip
    if len(about) != 1 or (new := new_value(message, about[0])) is None:
        return None
    mine = subject_key(str(about[0].get("subject", ""))) == "user"
    predicate = str(about[0].get("predicate", ""))
    if not slot_is_mine(message, _lemmas(predicate_key(predicate)), mine=mine) or another_noun(
        words_of(message), [], predicate, _lemmas(str(about[0].get("statement", "")))
    ):
        return None  # "The lunch break rota meeting is now at 2pm": another thing than the user's lunch break
    counted, held = _counted(new), _counted(str(about[0].get("object", "")))
    if counted and held and not counted & held:
        return None  # "my team closed 11 deals, not 8" of "8 reps": the figure counts another thing
    return in_slot_of(about[0], new).model_copy(update={"confidence": 0.7})


def _counted(text: str) -> set[str]:
    """What the figures of `text` count: the word right after each ("8 reps", "11 deals")."""
    return {lemma(m.group(1)) for m in re.finditer(r"\d[\d.,]*\s+([a-z]{3,})\b", text.lower())}


_DOUBT_RE = re.compile(
    rf"\b(?:not\s+sure|unsure|heard|rumou?red?|maybe|perhaps|might|probably|possibly|if|whether|unless|{SUPPOSED})\b",
    re.I,
)
_RELATIONS = frozenset(
    "uses likes dislikes prefers drinks chose rejected decided handled_by is has works_at works_as lives_in".split()
)
_ENDED_RE = re.compile(r"^(?:no_longer|stopped|does_not|not)_(?P<verb>[a-z_]+)$")


def replacing_ended(message: str, facts: list[FactCandidate]) -> list[FactCandidate]:
    """ "I no longer use Excel for forecasting, Tableau instead": with only an ending read, the new value a change
    shape gives is the same relation's current value ("The user uses Tableau for forecasting.")."""
    if len(facts) != 1 or not (m := _ENDED_RE.match(predicate_key(facts[0].predicate))):
        return facts
    ended = facts[0]
    new = new_value(message, {"statement": ended.statement, "object": ended.object})
    if new is None:
        return facts
    old_words = normalize(ended.object).split()
    obj = replaced_in(ended.object, old_words[0], new) if old_words else new
    owner = subject_key(ended.subject)
    verb = m["verb"].replace("_", " ")
    if owner == "we" and verb.endswith("s") and not verb.endswith("ss"):
        verb = verb[:-1]  # "we use", "the user uses"
    who = {"user": "The user", "we": "We"}.get(owner, ended.subject)
    statement = f"{who} {verb} {obj}."
    current = ended.model_copy(
        update={"predicate": m["verb"], "object": obj, "statement": statement, "contradicts": None, "confidence": 0.8}
    )
    return [ended, current]


_SWITCH_RE = re.compile(
    r"\b(?:switched|swapped|moved|changed|migrated|went\s+over|gone\s+over)\s+(?:over\s+)?to\b", re.I
)


def switched_topic(message: str, candidate: FactCandidate, known_facts: Sequence[dict[str, Any]]) -> FactCandidate:
    """ "we switched to UPS for shipping" after "We ship our orders with DHL": a switch whose purpose names the
    relation of exactly one known fact of the same owner ("shipping" and "ships") replaces that fact."""
    if candidate.contradicts or not _SWITCH_RE.search(message):
        return candidate
    purpose = re.search(r"\bfor\s+(?P<what>[\w-]+(?:\s+[\w-]+)?)", candidate.object + " " + message, re.I)
    if purpose is None:
        return candidate
    wanted = _lemmas(purpose["what"])
    about = [
        k for k in _active(known_facts)
        if subject_key(str(k.get("subject", ""))) == subject_key(candidate.subject)
        and normalize(str(k.get("object", ""))) != normalize(candidate.object)
        and _lemmas(predicate_key(str(k.get("predicate", "")))) & wanted
    ]  # fmt: skip
    if len(about) != 1:
        return candidate
    return candidate.model_copy(update={"contradicts": str(about[0].get("statement") or "") or None})


_REVERSAL_RE = re.compile(
    r"\b(?:back\s+(?:to|on|with|at|in|onto)|revert(?:ed|ing)?\s+to|return(?:ed|ing)?\s+to|again|as\s+before)\b", re.I
)


def worded_as_reversal(message: str) -> bool:
    """Does `message` go back to something ("back to DHL", "reverted to", "again")? Only such a turn needs the
    superseded facts: every other reading is made against the current ones."""
    return bool(_REVERSAL_RE.search(message))


def reversal(message: str, known_facts: Sequence[dict[str, Any]]) -> FactCandidate | None:
    """ "actually we're back to DHL" after DHL was replaced by UPS: the superseded fact holding the value the message
    goes back to is current again, ending the fact that replaced it. Needs the superseded facts among the known
    ones (the extract job passes them); exactly one such fact whose successor is still current, or nothing."""
    from cognicore.memory.extraction import FactCandidate  # extraction imports this module

    if not _REVERSAL_RE.search(message):
        return None
    targets = {normalize(t) for t in _targets(message)} - {""}
    active = {k.get("id"): k for k in _active(known_facts) if k.get("id") is not None}
    by_id = {k.get("id"): k for k in known_facts if k.get("id") is not None}
    back = [
        k for k in known_facts
        if k.get("status") == "superseded" and _current_successor(k, by_id, active) is not None
        and any(f" {t} " in f" {normalize(str(k.get('object', '')))} " for t in targets)
    ]  # fmt: skip
    if len(back) != 1:
        return None
    old, successor = back[0], _current_successor(back[0], by_id, active) or {}
    return FactCandidate(
        subject=str(old.get("subject") or "user"),
        predicate=str(old.get("predicate") or "is"),
        object=str(old.get("object") or ""),
        kind=old.get("kind") or "fact",
        confidence=0.8,
        category=str(old.get("category") or "general"),
        statement=str(old.get("statement") or ""),
        contradicts=str(successor.get("statement") or "") or None,
        exclusive=True,
    )


def _current_successor(
    fact: dict[str, Any], by_id: dict[Any, dict[str, Any]], active: dict[Any, dict[str, Any]]
) -> dict[str, Any] | None:
    """The current fact that replaced `fact`, through any replacements between (DHL -> UPS -> FedEx: FedEx)."""
    seen: set[Any] = set()
    at = fact.get("superseded_by")
    while at is not None and at not in seen:
        if at in active:
            return active[at]
        seen.add(at)
        at = by_id.get(at, {}).get("superseded_by")
    return None


_PRONOUN_HANDOVER_RE = re.compile(
    r"^(?:(?:and|so|well|oh|btw|fyi|update)\b[\s,:-]*)*(?:she|he|they)(?:'s|'ve|\s+has|\s+have|\s+had|\s+just)*\s+"
    r"(?:handed|passed|given|gave|transferred|handing|passing)\s+(?:it|them|that|this|(?:the|her|his|their)\s+[\w-]+)"
    r"(?:\s+over)?\s+to\s+(?P<v>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?)\s*(?:now|today|this\s+week)?[.!]?\s*$",
    re.I,
)


def pronoun_handover(message: str, known_facts: Sequence[dict[str, Any]]) -> FactCandidate | None:
    """ "she's handed it to Kofi" after "Marta owns the Nordics pipeline": with exactly one thing a named person is
    responsible for, "she ... it" can only be that; with two or more, which one is a guess and nothing is read."""

    if (m := _PRONOUN_HANDOVER_RE.match(message.strip().replace("\u2019", "'"))) is None:
        return None
    held = [
        k for k in _active(known_facts)
        if predicate_key(str(k.get("predicate", ""))) == "handled_by"
        and str(k.get("object", ""))[:1].isupper() and subject_key(str(k.get("object", ""))) != "user"
        and normalize(str(k.get("object", ""))) != normalize(m["v"])
    ]  # fmt: skip
    if len(held) != 1:
        return None
    return in_slot_of(held[0], m["v"]).model_copy(update={"confidence": 0.7})
