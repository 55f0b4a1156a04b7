"""A relation told one way is no answer to it asked the other way (review 16, W11): "who escalates to me?" is not
answered by "Escalations from me go to Rahul", nor "who do I escalate to?" by "Escalations to me come from Ana", nor
"who reports to me?" by "The user reports to Lena". Who gives and who receives is read from general English: the
asker as the subject ("who do I ...", "from me") or as the one acted on ("... to me", "who manages me"); a memory
whose user is only the other end of the relation answers another question."""

from __future__ import annotations

import re

from cognicore.memory.text import stem, terms
from cognicore.subagents._memory_kind import asked_kind
from cognicore.subagents._memory_words import MEMORY_SYNONYMS

__all__ = ["reversed_relation"]

_ASKING_ME = re.compile(r"\b(?:remind|tell|show|give|let|help|get)\s+me\b", re.I)  # "remind me": the request's "me"
_SUBJECT_I = re.compile(r"\b(?:i|i'm|i've|i'd|i'll)\b|\bfrom\s+me\b", re.I)  # "who do I ...", "from me"
_ME = re.compile(r"\bme\b", re.I)
_IN_CHARGE = re.compile(r"\b(?:responsible\s+for|in\s+charge\s+of)\b", re.I)
_ROOT = 5  # letters of a word shared by its forms ("escalates", "escalations")
# The user as the doer: the memory opens with them and an action ("The user sends ...", "I hand ...", "The user is
# responsible for ..."; not "The user is ...", "The user's ..."), or the relation comes "from" them ("Escalations from
# me go to ...").
_USER_DOES = re.compile(
    r"^\W*(?:the\s+user|i)\s+(?:\w+ly\s+)?(?!(?:is|was|am|are|has|had|have|'s|'m|does|did|do|will|would)\b)[a-z]{3,}"
    r"|^\W*(?:the\s+user|i)\s+(?:is|am|'m)\s+(?:responsible\s+for|in\s+charge\s+of)\b"
    r"|\bfrom\s+(?:me|the\s+user)\b",
    re.I,
)
# The user as the one acted on: "to me", "for the user", "<Name> manages the user".
_USER_ACTED_ON = re.compile(r"(?<!\bfrom\s)\b(?:me|the\s+user)\b", re.I)


# A clause that only says when ("when I'm on leave", "while I'm out"): its "I" is not the subject of the question.
_WHEN_CLAUSE = re.compile(r"\b(?:when|while|whenever|if|because|after|before|until|once)\b.*$", re.I)


def _receives(question: str) -> bool | None:
    """Whether a "who" question asks who acts on the asker (True), who the asker acts on (False), or neither (None)."""
    text = _WHEN_CLAUSE.sub(" ", _ASKING_ME.sub(" ", question.replace("\u2019", "'")))
    gives, gets = bool(_SUBJECT_I.search(text)), bool(_ME.search(text))
    return None if gives == gets else gets


# A role held over the user ("The user's manager is Maria", "Ana Silva is my backup"), and the verbs of that role:
# its holder is the subject of the first ("who manages me"), the object of the second ("who do I report to").
_ROLE_VERBS: tuple[tuple[frozenset[str], str, str], ...] = (
    (frozenset("manager boss supervisor lead head".split()), r"manag|supervis|lead|oversee", r"report|answer|work"),
    (frozenset("mentor coach".split()), r"mentor|coach", r"learn"),
    (frozenset("backup cover deputy".split()), r"cover|back", r"$^"),
)
_ROLE_FACT = re.compile(
    r"^\W*(?:(?i:the\s+user's|my)\s+(?P<a>[a-z]+)\s+is\s+[A-Z]|[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?\s+is\s+"
    r"(?i:the\s+user's|my)\s+(?P<b>[a-z]+)\b)",
)
_WHOSE = re.compile(r"\bwhose\s+(?P<role>[a-z]+)\s+(?:am\s+i|is\s+the\s+user)\b", re.I)


def _role_reversed(memory: str, question: str) -> str | None:
    """Why a fact of a role held over the user answers a question that asks the other end of it ("who reports to me?"
    after "The user's manager is Maria", "whose backup am I?" after "Ana is my backup"), or None."""
    m = _ROLE_FACT.match(memory.replace("\u2019", "'"))
    if m is None:
        return None
    role = m.group("a") or m.group("b")
    if (whose := _WHOSE.search(question)) and whose.group("role").lower() == role:
        return f"it says who your {role} is, not whose {role} you are"
    text = _WHEN_CLAUSE.sub(" ", _ASKING_ME.sub(" ", question.replace("\u2019", "'")))
    for roles, holder_does, holder_is_done_to in _ROLE_VERBS:
        if role not in roles:
            continue
        # "do I manage" / "reports to me": the asked person is under the user, not over them.
        under = re.search(rf"\b(?:i|we)\s+(?:\w+\s+)?(?:{holder_does})", text, re.I) or re.search(
            rf"\b(?:{holder_is_done_to})\w*\s+(?:to|for|under)\s+me\b", text, re.I
        )
        if under:
            return f"it says who your {role} is, not the other way round"
    return None


def reversed_relation(memory: str, question: str) -> str | None:
    """Why a memory answers a "who" question the other way round ("it says who you escalate to, not who escalates to
    you"), or None when it goes the asked way, or either way cannot be read. Only a relation named by the same word in
    both is compared: "Omar manages me" answers "who do I report to?" (another verb, the converse one); a role held
    over the user ("The user's manager is ...") is read by its verbs."""
    if asked_kind(question) != "person":
        return None
    if role := _role_reversed(memory, question):
        return role
    if (receives := _receives(question)) is None:
        return None
    words = set(terms(memory)) - {"user"}
    if _IN_CHARGE.search(memory):  # "I manage Jonas" is stored as "The user is responsible for Jonas"
        words |= MEMORY_SYNONYMS.get(stem("responsible"), frozenset())
    told = {t[:_ROOT] for t in words}
    if not any(t[:_ROOT] in told for t in terms(question)):
        return None
    said = memory.replace("\u2019", "'")
    does = bool(_USER_DOES.search(said))
    opening = re.match(r"^\W*(?:the\s+user|i)\b", said, re.I)
    acted_on = bool(_USER_ACTED_ON.search(said, opening.end() if opening else 0))
    if receives and does and not acted_on:
        return "it says what goes from you to someone, not who it comes to you from"
    if not receives and acted_on and not does:
        return "it says what comes to you from someone, not where it goes from you"
    return None
