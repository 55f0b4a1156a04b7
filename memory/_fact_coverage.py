"""A coverage handover: the user is taken off one thing and given another ("they pulled me off wifi, I'm on the
email queue instead now"; "Ben took over printers, and I'm looking after the payroll tickets now"; "Lena has
the north now and I'm covering the south").

The user's old assignment (a known thing the user handles or is placed on, or a note of the user's naming it) ends,
to the person named as its new holder when there is one; the user's own clauses are read as the new assignment.
Read from the grammar ("<verb> me off X", "<Name> has / took over X now") and the known facts (X must name exactly
one thing the user holds), never from a list of things.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cognicore.memory._fact_keys import lemma
from cognicore.memory._fact_notes import is_note, note_of
from cognicore.memory._fact_placement import UNSURE_RE, is_placement
from cognicore.memory._fact_slot import STOP_WORDS
from cognicore.memory._fact_slot_values import ADDED
from cognicore.memory._fact_words import FOR_A_WHILE_RE

if TYPE_CHECKING:  # extraction imports this module: no import cycle at run time
    from cognicore.memory.extraction import FactCandidate

__all__ = ["coverage_moved"]

_CLAUSES_RE = re.compile(
    r"\s*[;,.!\u2014\u2013]\s*(?:(?:and|but|so)\s+)?|\s+-+\s+|\s+(?:and|but|so)\s+(?=i\b|i'm\b)", re.I
)
_X = r"(?:the\s+|my\s+|our\s+)?(?P<x>[\w&/-]+(?:\s+[\w&/-]+){0,3}?)"
_X_END = r"(?=\s+(?:now|too|as\s+well|for\s+good|queue|tickets?|from\s+(?:me|us))\b|\s*$)"
# "they moved me off the Nordics", "pulled me off wifi", "I got taken off the VPN queue", "I'm off printers now"
_MOVED = r"(?:moved|pulled|took|taken|swapped|switched|rotated|shifted|bumped|reassigned)"
_OFF_RES = (
    re.compile(rf"\b{_MOVED}\s+(?:me|us)\s+off\s+(?:of\s+)?{_X}{_X_END}", re.I),
    re.compile(
        rf"\b(?:i|we)\s+(?:got|was|were|have\s+been|'ve\s+been)\s+{_MOVED}\s+off\s+(?:of\s+)?{_X}{_X_END}", re.I
    ),
)
# "Lena has Europe now", "Ben took over printers", "Marta's covering the resellers now": a named new holder.
_NEW_HOLDER_RE = re.compile(
    rf"^(?P<who>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)(?:'s|\s+is|\s+has\s+taken|\s+has|\s+took)?\s+"
    rf"(?:over\s+|got\s+|covering\s+|handling\s+|running\s+|on\s+)?{_X}{_X_END}"
)
# "I handed Europe over to a colleague", "I passed the renewals on to Noor", "I gave up billing", "I dropped X":
# the user as the one who gives the thing away (to a named holder when a capitalised name follows "to").
_GAVE_RES = (
    re.compile(
        r"\b(?:i|we)\s+(?:have\s+|'ve\s+|just\s+|already\s+)*(?:handed|passed|gave|transferred)\s+(?:over\s+|on\s+)?"
        r"(?:the\s+|my\s+|our\s+)?(?P<x>[\w&/-]+(?:\s+[\w&/-]+){0,3}?)\s+(?:over\s+|on\s+|across\s+)?to\s+"
        r"(?P<to>[\w'-]+(?:\s+[\w'-]+){0,2}?)(?=\s*$|\s+(?:now|too|for\s+good|last|this|yesterday|today)\b)",
        re.I,
    ),
    re.compile(rf"\b(?:i|we)\s+(?:have\s+|'ve\s+|just\s+)*(?:gave\s+up|dropped|let\s+go\s+of)\s+{_X}{_X_END}", re.I),
)
_NAME_RE = re.compile(r"^[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?$")
_FROM_ME_RE = re.compile(r"\b(?:took|taken)\s+over\b.*\bfrom\s+(?:me|us)\b", re.I)
_FIRST_PERSON_RE = re.compile(r"^\W*(?:i|i'm|i've|i'll|im)\b", re.I)
_NOT_A_HOLDER = frozenset("they we it he she you someone i".split())


def _words(text: str) -> set[str]:
    """Content words of `text`, hyphens and inflections folded ("Wi-Fi" and "wifi", "Nordics" and "Nordic")."""
    folded = re.sub(r"(?<=\w)-(?=\w)", "", text.lower())
    return {lemma(w) for w in re.findall(r"[a-z0-9]+", folded) if w not in STOP_WORDS and len(w) > 1}


def _held(known: dict[str, Any]) -> str:
    """What a known fact of the user's says the user holds: the thing handled, the placement's value, a note's text."""
    if is_note(known):
        return str(known.get("object") or "") if str(known.get("subject", "")).lower() == "user" else ""
    if not is_placement(known):
        return ""
    if str(known.get("predicate", "")) == "handled_by":
        return str(known.get("subject") or "")
    return str(known.get("object") or "")


def _named(thing: str, known: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The one known fact of the user's whose held thing `thing` names (all its content words in it)."""
    said = _words(thing) - {"queue", "ticket", "account"}
    fits = [k for k in known if said and (held := _held(k)) and said <= _words(held)]
    return fits[0] if len(fits) == 1 else None


def _noted(clause: str) -> list[dict[str, Any]]:
    note = note_of(clause, told=True)
    return [note] if note is not None else []


def coverage_moved(
    message: str, known: list[dict[str, Any]], read: Callable[[str], list[dict[str, Any]]]
) -> list[FactCandidate] | None:
    """The facts of a handover that takes the user off a known thing: the old one ended (to its new holder when one
    is named), and the user's new assignment read from the user's own clauses. None when it is no such handover."""
    from cognicore.memory.extraction import FactCandidate  # the role's model; imported here to avoid a cycle

    text = message.replace("\u2019", "'").strip()
    if UNSURE_RE.search(text) or ADDED.search(text) or FOR_A_WHILE_RE.search(text) or text.endswith("?"):
        return None  # a plan, a doubt, an addition or a cover for a while ends nothing
    clauses = [c.strip() for c in _CLAUSES_RE.split(text) if c and c.strip()]
    ended: list[tuple[dict[str, Any], str | None, str]] = []
    mine: list[str] = []
    for clause in clauses:
        gave = next((m for r in _GAVE_RES if (m := r.search(clause))), None)
        if gave is not None and (fact := _named(gave["x"], known)) is not None:
            to = gave.groupdict().get("to") or ""
            ended.append((fact, to if _NAME_RE.match(to) and to.lower() not in _NOT_A_HOLDER else None, gave["x"]))
            continue  # the user gave it away: the old thing, not the user's new one
        off = next((m for r in _OFF_RES if (m := r.search(clause))), None)
        holder = _NEW_HOLDER_RE.match(clause) if off is None and not _FIRST_PERSON_RE.match(clause) else None
        if holder is not None and holder["who"].lower() in _NOT_A_HOLDER:
            holder = None
        if (m := off or holder) is not None and (fact := _named(m["x"], known)) is not None:
            ended.append((fact, holder["who"] if holder is not None else None, m["x"]))
        elif _FIRST_PERSON_RE.match(clause):
            mine.append(clause)
    if ended and not mine and all(who is not None for _, who, _ in ended) and _FROM_ME_RE.search(text):
        mine = [""]  # "Ben has taken over the Email queue from me": said to be the user's, no new one needed
    if not ended or not mine:
        return None  # both an old thing left and a new one taken: a handover, nothing less
    # the user's own clause as a rule reads it, else in the user's words ("I'm running the partner deals now")
    new = [FactCandidate(**f) for clause in mine if clause for f in (read(clause) or _noted(clause))]
    if not new and any(mine):
        return None
    out = list(new)
    for fact, who, said in ended:
        statement = str(fact.get("statement") or "")
        if any(c.contradicts and c.contradicts.lower() == statement.lower() for c in new):
            continue  # the new assignment already replaces it ("I'm on the printer queue instead")
        thing = said if is_note(fact) else _held(fact)  # a note holds no thing: the one the message names
        if who is not None and not is_note(fact):
            ending = {"subject": thing, "predicate": "handled_by", "object": who, "exclusive": True,
                      "statement": f"{who} is responsible for {thing}."}  # fmt: skip
        else:
            ending = {"subject": "user", "predicate": "no_longer_handles", "object": thing, "exclusive": False,
                      "statement": f"The user no longer handles {thing}."}  # fmt: skip
        out.append(FactCandidate(**ending, kind="fact", confidence=0.8, category="work", contradicts=statement))
    return out
