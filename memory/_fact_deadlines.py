"""Deadlines told as things due by a day, one fact per thing: "the board pack has to go to Helen by December 12",
"deadlines for me: QBR deck to Tomás by Nov 20, Q4 forecast to Priya by Dec 5", "the launch memo is due Friday".

Each thing keeps its own slot (`deadline_for_<thing>`, its head noun last, so "the board pack draft" is no slot of
"the board pack"), so a later change of one ("the forecast is due Nov 28 now")
replaces that one and never the others told in the same message.
"""

from __future__ import annotations

import re
from typing import Any

from cognicore.memory._fact_words import MONTHS, WEEKDAYS

__all__ = ["deadline_facts"]

_MONTH = rf"(?:{MONTHS}|(?:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?)"
# A day, said as people write it: "Nov 20", "December 12th", "5 Dec", "the 3rd of March", "Friday".
_DAY = (
    rf"(?:{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?|(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}|"
    rf"(?:this\s+|next\s+)?{WEEKDAYS})"
)
_NAME = r"(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?"
# "has to go to Helen", "needs to reach finance", "must be with Omar": who the thing goes to, with a verb of duty.
_DUTY = (
    r"(?:has|have|needs?|must|is\s+supposed|are\s+supposed)\s+(?:to\s+)?(?:go\s+to|reach|get\s+to|land\s+with|"
    r"be\s+(?:with|sent\s+to|handed\s+to|delivered\s+to|submitted\s+to|in\s+front\s+of))\s+"
)
_DUE_RE = re.compile(
    r"^(?:(?:the|my|our)\s+)?(?P<thing>(?!(?:it|this|that|they|these|those|i|we)\b)[\w'&-]+(?:\s+[\w'&-]+){0,3}?)\s+"
    rf"(?:(?P<duty>{_DUTY})(?P<who>{_NAME}|(?:the\s+)?[a-z][\w-]*)\s+|(?:to\s+(?P<to>{_NAME})\s+))?"
    rf"(?P<due>(?:is\s+|are\s+)?due\s+(?:on\s+|by\s+)?|by\s+|before\s+)(?P<day>{_DAY})\s*$",
    re.I,
)
# "deadlines for me:", "my deadlines -": a label before the list, naming no thing of its own.
_LABEL_RE = re.compile(r"^[^:\u2013\u2014]{0,40}\bdeadlines?\b[^:\u2013\u2014]{0,20}[:\u2013\u2014-]\s*", re.I)
_FIRST_PERSON_RE = re.compile(r"\b(?:i|i'm|me|my|we|our|us)\b", re.I)
_CLAUSES_RE = re.compile(r"\s*[,;]\s*(?:and\s+)?|\s+and\s+(?=(?:the\s+|my\s+|our\s+)?[\w'&-]+(?:\s+[\w'&-]+){0,3}\s+"
                         r"(?:to\s+|by\s+|due\s+))", re.I)  # fmt: skip


def deadline_facts(text: str) -> list[dict[str, Any]]:
    """One fact per thing said to be due by a day, when every clause of `text` is such a deadline; else none.

    A clause without a verb of duty or "due" ("QBR deck to Tomás by Nov 20") is a deadline only in a message of the
    speaker's ("deadlines for me: ..."): a bare "tickets closed by Friday" is a phrase of the data, never told.
    """
    body = text.strip().rstrip(".!")
    label = _LABEL_RE.match(body)
    body = body[label.end() :] if label else body
    clauses = [c for c in _CLAUSES_RE.split(body) if c.strip()]
    mine = bool(label) or bool(_FIRST_PERSON_RE.search(text))
    facts = []
    for clause in clauses:
        m = _DUE_RE.match(clause.strip())
        if m is None or not (mine or m["duty"] or "due" in m["due"].lower()):
            return []  # a clause that is no deadline: the message says something else too
        facts.append(_deadline(m))
    return facts


def _deadline(m: re.Match[str]) -> dict[str, Any]:
    thing = re.sub(r"\s+", " ", m["thing"]).strip()
    who = m["who"] or m["to"]
    to = f" to {who}" if who else ""
    slot = re.sub(r"[^a-z0-9]+", "_", thing.lower()).strip("_")
    return {
        "subject": "user",
        "predicate": f"deadline_for_{slot}",
        "object": m["day"],
        "kind": "fact",
        "confidence": 0.9,
        "category": "work",
        "statement": f"The user's deadline: the {thing} is due{to} by {m['day']}.",
        "exclusive": True,
        "contradicts": None,
    }
