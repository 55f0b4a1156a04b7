"""Facts of a told message that the sentence rules read only without what the user put first.

People open a statement with context the rules do not read: "For team lunches, keep in mind that I'm
vegetarian", "good news, after the review our marketing budget got bumped up to 55k", "Change of plans - from
this week on I'm covering the Nordics instead". Read whole, such a message is kept only as a note, which holds
no slot: a later change of the same thing cannot end it, and it cannot end the fact it changes. When the router
read the message as a statement, each clause is read again from its first word by the user or the team ("I",
"our", ...), unless what is left out makes it no plain statement (a condition, a doubt, a negation, a report
of someone else's words). Generic English only.
"""

from __future__ import annotations

import re
from typing import Any

from cognicore.memory._fact_rules import read_facts

__all__ = ["told_clause_facts"]

# Where a clause starts: after a comma, a semicolon, a colon, a dash or "so".
_CLAUSE_RE = re.compile(r"\s*(?:[,;:]|\s[-\u2013\u2014]|\bso\b)\s+")
# The user or the team starting a statement.
_OWNER_RE = re.compile(r"\b(?:I|I'm|I've|I'd|Im|we|we're|we've|our|my)\b", re.I)
# Words before the statement that make it no plain statement of what is true now.
_NOT_PLAIN_RE = re.compile(
    r"\b(?:if|when|whenever|unless|suppose|supposing|assuming|in\s+case|once|should|could|would|might|may|maybe|"
    r"perhaps|not|no|never|don't|doesn't|didn't|isn't|aren't|wasn't|won't|can't|think|thinks|believe|guess|doubt|"
    r"hope|wish|wonder|said|says|told|heard|asked|claims?|rumou?r|whether|until|before|unsure|wrong|mistake|"
    r"question|please|can|will|want|need|"
    # not yet true ("from next week I'm on the late shift"), or when it happened, which the clause would lose
    r"next|tomorrow|soon|(?<!for\s)later|ago|yesterday|last\s+(?:week|month|year)|"
    r"jan(?:uary)?|feb(?:ruary)?|march|april|may|june|july|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|"
    r"dec(?:ember)?|(?:19|20)\d\d)\b|\?",
    re.I,
)

# A preposition right before the owner word: what follows is its object, not the clause's subject.
_OBJECT_OF_RE = re.compile(r"\b(?:on|in|at|for|of|to|with|from|by|about|across|within|under|over)\s*$", re.I)
_VERB_VALUE_RE = re.compile(r"^(?:gone|got|been|done|taken|given|become|\w{3,}ed)\b", re.I)


def told_clause_facts(message: str) -> list[dict[str, Any]]:
    """The facts read from each clause of `message` from its first owner word on, when the whole message reads
    none; empty when a clause's left-out words make it a condition, a doubt, a negation or a request."""
    text = message.replace("\u2019", "'").strip()
    if not text or "?" in text or read_facts(text):
        return []
    facts: list[dict[str, Any]] = []
    start = 0
    for clause in [*_CLAUSE_RE.split(text), ""]:
        if not clause:
            continue
        at = text.find(clause, start)
        start = at + len(clause) if at >= 0 else start
        owner = _OWNER_RE.search(clause)
        if owner is None:
            continue
        before = text[: max(at, 0) + owner.start()]
        if owner.group(0).lower() in ("my", "our") and _OBJECT_OF_RE.search(clause[: owner.start()]):
            continue  # "the SLA for P1 tickets on my team is 4 hours": "my team" is the object of "on", no subject
        if _NOT_PLAIN_RE.search(before):
            return []  # "if we hit it, our budget is 50k", "I don't think our budget is 50k": nothing is told
        # a verb read as the value ("I've gone off coffee" as a drink "gone off coffee"): the clause was misread
        facts += [f for f in read_facts(clause[owner.start() :]) if not _VERB_VALUE_RE.match(str(f.get("object", "")))]
    return facts
