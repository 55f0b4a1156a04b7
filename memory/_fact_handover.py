"""A thing the user held, handed to someone else: the user's fact about it ends.

"I passed <area> on to Dana", "handed the badge readers over to Ben", "a colleague took <area> off my hands", "the
partner desk went to a colleague": the user gave away a thing a known fact says the user handles or is placed on.
Read from the grammar (a verb of giving with the user as giver, or the thing as the one that went to a person) and
the known facts (the thing must be one the user holds, named by its words), never from a list of things. A plan, a
doubt or a hand-over for a while ends nothing; a thing someone else gave away is theirs to give, not the user's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cognicore.memory._fact_keys import lemma, lemmas, predicate_key
from cognicore.memory._fact_known import unclear_marker
from cognicore.memory._fact_notes import note_of
from cognicore.memory._fact_placement import UNSURE_RE, handled_by_user, is_placement, moved_place
from cognicore.memory._fact_word_classes import ARTICLES, DISCOURSE_OPENERS, FIRST_POSSESSIVES, SOME
from cognicore.memory._fact_words import NOT_NAMES, PERSON_ROLES

if TYPE_CHECKING:  # extraction imports this module: no import cycle at run time
    from cognicore.memory.extraction import FactCandidate

__all__ = ["handed_away", "handed_over", "held_thing"]

_THING = r"(?:the\s+|my\s+|our\s+)?(?P<x>[\w&/-]+(?:\s+[\w&/-]+){0,3}?)"
# Someone to hand a thing to: a name, "a colleague", "someone else", "the new hire".
_TO = r"(?P<to>(?:a|an|the|my|our|another|some)?\s*[\w'-]+(?:\s+[\w'-]+){0,2}?)"
_END = (
    r"(?=\s*(?:[,.;:!?]|\s[-\u2013\u2014]\s|$|"
    r"\s+(?:on|last|this|yesterday|today|earlier|and|so|but|because|as|since|at|in|after|when|for)\b))"
)
_HANDED_RES = (
    # "I passed X on to Dana", "handed X over to Ben", "they reassigned X to Lucy" (the giver said or left out)
    re.compile(
        rf"(?:^|[,.;:!?]\s*|\s[-\u2013\u2014]\s|\b[\w']+\s+|\b(?:and|so)\s+)(?:have\s+|has\s+|just\s+)*"
        rf"(?:handed|passed|gave|reassigned|transferred)\s+(?:over\s+|on\s+|away\s+)?{_THING}\s+(?:over\s+|on\s+|back\s+|across\s+)?to\s+{_TO}{_END}",
        re.I,
    ),
    # "a colleague took X off my hands", "X got taken off my plate"
    re.compile(rf"\btook\s+{_THING}\s+off\s+my\s+(?:hands|plate|desk)\b", re.I),
    re.compile(
        rf"(?:^|[,.;:!?]\s*|\band\s+){_THING}\s+(?:got|was|has\s+been|were|have\s+been)\s+taken\s+off\s+my\s+"
        r"(?:hands|plate|desk)\b",
        re.I,
    ),
    # "X went to a colleague", "X got handed over to Ben", "X was reassigned to Ana"
    re.compile(
        rf"(?:^|[,.;:!?]\s*|\s[-\u2013\u2014]\s|\b(?:and|so|but)\s+){_THING}\s+(?:went|has\s+gone|"
        r"(?:got|was|were|has\s+been|have\s+been)\s+(?:handed|passed|given|reassigned|moved))\s+(?:over\s+|on\s+)?to\s+"
        rf"{_TO}{_END}",
        re.I,
    ),
)
_SOMEONE = frozenset("someone somebody colleague coworker co-worker teammate else person".split())
_SMALL = ARTICLES | FIRST_POSSESSIVES | SOME
# Small words that open a clause before its subject ("so the partner desk went to ..."): not the thing's words.
_OPENING_RE = re.compile(
    rf"^(?:(?:{'|'.join(sorted(DISCOURSE_OPENERS | {'then', 'also', 'anyway', 'just'}))}|heads\s+up)\s+)+", re.I
)


def handed_away(message: str, known_facts: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The one known fact of a thing the user held that `message` says the user handed to someone; {} when it hands
    over only one of those things ("the VPN ticket" of "VPN tickets"); else None."""
    if UNSURE_RE.search(message):
        return None
    held = [k for k in known_facts if k.get("status", "active") == "active" and held_thing(k)]
    for pattern in _HANDED_RES:
        for m in pattern.finditer(message.replace("\u2019", "'")):
            to = m.groupdict().get("to")
            if to is not None and not _a_person(to):
                continue  # "the partner desk moved to the new platform": no one took it
            thing = _OPENING_RE.sub("", m["x"])
            named = lemmas(thing) - _SMALL
            if not named or _FOR_AN_OCCASION.match(m.string[m.end() :]):
                continue  # "went to Priya's team for the audit": for one occasion, not for good
            known = [k for k in held if named <= lemmas(held_thing(k)) or _shortened(thing, held_thing(k))]
            if len(known) == 1:
                return {} if _one_of(thing, held_thing(known[0]), m[0]) else known[0]
    return None


def handed_over(
    message: str, known_facts: list[dict[str, Any]], read: Callable[[str], list[dict[str, Any]]]
) -> list[FactCandidate] | None:
    """The facts of a message that hands away a thing the user held: the one new thing of the user's it tells beside
    ("Iberia is mine now"), replacing it; else a marker ending it, with whatever else of the user's it tells.
    None when the message hands nothing of the user's away."""
    from cognicore.memory.extraction import FactCandidate  # extraction imports this module

    given = handed_away(message, known_facts)
    if given is None:
        return None
    if not given:  # one of the things the user holds: kept as told, ending nothing
        note = note_of(message, told=True)
        return [FactCandidate(**note)] if note is not None else []
    beside = [FactCandidate(**f) for f in own_beside(message, given, read)]
    if len(beside) == 1:
        return [beside[0].model_copy(update={"contradicts": str(given.get("statement") or "")})]
    return [unclear_marker(message, given), *beside]


def held_thing(known: dict[str, Any]) -> str:
    """What a known fact says the user handles or is placed on ("Iberia" of "Iberia handled_by The user", "Email
    queue" of "user works Email queue"), else ""."""
    if not is_placement(known):
        return ""
    handled = predicate_key(str(known.get("predicate", ""))) == "handled_by"
    return str(known.get("subject" if handled else "object", ""))


def _a_person(words: str) -> bool:
    """Is `words` someone a thing can be handed to: a name ("Dana"), "a colleague", "someone else", "the new hire"?"""
    tokens = [t for t in words.split() if t.lower() not in _SMALL]
    if not tokens:
        return False
    last = tokens[-1].lower()
    if last in _SOMEONE or lemma(last) in PERSON_ROLES or last.rstrip("s") in PERSON_ROLES:
        return True
    return tokens[0][:1].isupper() and tokens[0].lower() not in NOT_NAMES and len(tokens) <= 2


# After the one a thing went to: a purpose or an occasion ("for the audit", "for a review"), not "for good".
_FOR_AN_OCCASION = re.compile(r"\s+for\s+(?!good\b)", re.I)
_ONE = frozenset("one a an this that single".split())


def _one_of(thing: str, held: str, said: str) -> bool:
    """Does the message hand over one of the things the user holds ("the VPN ticket", "one VPN ticket" of "VPN
    tickets"), not all of them?"""
    words, kinds = thing.lower().split(), held.lower().split()
    before = said.lower().split()[: max(0, len(said.split()) - len(thing.split()))]
    singular = bool(words and kinds) and kinds[-1] != words[-1] and kinds[-1] in (words[-1] + "s", words[-1] + "es")
    return singular or bool(before and before[-1] in _ONE)


def _shortened(short: str, name: str) -> bool:
    """Is `short` one word made of the starts of `name`'s words, in order ("MidEast", "ME" of "Middle East")?"""
    words = re.findall(r"[A-Za-z]+", name)
    words = [w.lower() for w in ([w for w in words if w[:1].isupper()] or words)]  # a name's words, not "accounts"
    short = short.strip().lower()
    if len(words) < 2 or not re.fullmatch(r"[a-z]{2,8}", short):
        return False

    def starts(rest: str, at: int) -> bool:
        if at == len(words):
            return not rest
        return any(rest.startswith(words[at][:n]) and starts(rest[n:], at + 1) for n in range(1, len(words[at]) + 1))

    return starts(short, 0)


_CLAUSES_RE = re.compile(r"[,;:!?]|\.(?:\s|$)|\s[-\u2013\u2014]\s|\b(?:and|so|but)\b", re.I)


def own_beside(
    message: str, given: dict[str, Any], read: Callable[[str], list[dict[str, Any]]]
) -> list[dict[str, Any]]:
    """What else the message tells of the user's own place ("Iberia is mine now" beside the hand-over), read
    clause by clause by `read` (the sentence rules) from the clauses that do not name the thing handed away."""
    gone = lemmas(held_thing(given))
    out: list[dict[str, Any]] = []
    for clause in _CLAUSES_RE.split(message.replace("\u2019", "'")):
        if not clause.strip() or gone <= lemmas(clause):
            continue
        read_here = [f for f in read(clause.strip()) if held_thing({**f, "status": "active"})]
        if not read_here and (place := moved_place(clause)):  # "I've moved over to <Region> now": its new thing
            read_here = [handled_by_user(place)]
        out += [f for f in read_here if not f.get("contradicts")]
    return out
