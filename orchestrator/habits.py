"""Standing instructions on how to answer, told as wishes or conditions ("whenever you show me tickets, sort them by
priority", "keep answers short for me - bullet points work best"), told apart from a request now ("sort the tickets
by priority", "show me revenue by region, a table works best for me"). English sentence shapes only.

- `HABIT`: the match of a standing instruction, or None.
- `orders_now` / `orders_beside_style`: a clause that orders or asks now, which makes a style remark no preference.
- `strip_markers` / `strip_opening`: `openings`' readers, with a remark on the earlier answer before an order cut.
"""

from __future__ import annotations

import re

from cognicore.orchestrator import openings
from cognicore.orchestrator._intent_words import CLAUSE_JOINS, CLAUSE_MARK

__all__ = ["HABIT", "orders_beside_style", "orders_now", "strip_markers", "strip_opening"]

# A standing instruction set by a condition on the assistant's own work ("whenever you show me tickets, sort them by
# priority", "when you list orders for me, always include their ids") or on the user's asking ("when I ask about
# backlog, I mean pending jobs"): how to answer from now on, not a request now. The recurring event must be one of
# those, named by its verb: "whenever you can, list ...", "when you get a chance, show me ...", "when I look at last
# quarter, break ... down" are polite or framed requests to do something now, never stored.
_ANSWERING = (
    r"(?:list|show|give|display|present|report|summari[sz]e|sort|rank|format|write|draft|answer|reply|respond|"
    r"tell|mention|quote|name|talk\s+about|refer\s+to|pull\s+up|break\s+down|chart|plot|round|calculate|compute|"
    r"count|total|send|email|compare|print|bring\s+up)"
)
_USER_ASKING = r"(?:ask|say|type|write|mention|request|want\s+to\s+know|talk\s+about|refer\s+to|use\s+the\s+word)"
# How every answer should look, told as a wish ("keep answers short for me - bullet points work best", "tables work a
# lot better for me, so use them in your answers"): the assistant's answers in general, or what "works best" for the
# speaker; never a question. A preference to remember, not a request now (a branch of `HABIT`).
_ANSWER_STYLE = (
    r"^(?!\s*(?:how|what|which|who|when|where|why)\b)"
    r"(?=.*(?:\byour\s+(?:answers?|repl(?:y|ies)|responses?)\b|"
    r"\b(?:keep|make)\s+(?:(?:the|all|your)\s+)?(?:answers|replies|responses)\b|"
    r"\bworks?\s+(?:a\s+lot\s+|much\s+|far\s+)?(?:best|better)\s+for\s+(?:me|us)\b|"
    r"\bfor\s+(?:me|us)\b[^?]*\bworks?\s+(?:a\s+lot\s+|much\s+|far\s+)?(?:best|better)\b|"
    # "I prefer charts over tables whenever you show me numbers": the speaker's liking, for every time they are answered
    r"^\s*i(?:\s+(?:(?:much|really|generally|always)\s+)?(?:prefer|like|want|would\s+rather)|'d\s+rather)\b[^?]*"
    r"\b(?:whenever|every\s+time|each\s+time|any\s*time)\s+(?:you|u)\s+" + _ANSWERING + r"\b))[^?]*$"
)
# A word that makes a "when you ..." one occasion, not every time.
_OCCASION = (
    r"(?:today|tonight|now|right\s+now|this\s+(?:time|morning|afternoon|evening|week|once)|for\s+(?:this|the)\s+"
    r"(?:report|meeting|review|call|deck|one)|just\s+this\s+once)"
)
# A clause of the same message that orders or asks now ("show me revenue by region, a table works best for me", "keep
# the answers short and list ben's tickets", "..., so chart revenue by month"): an order verb opening a clause, or a
# wh-word; the style remark beside it is then no standing preference, the order runs.
_STYLE_CLAUSES = re.compile(rf"\s*(?:{CLAUSE_MARK}|[.!](?=\s))\s*|\s+(?:{CLAUSE_JOINS})\s+", re.IGNORECASE)
_ORDERED_NOW = re.compile(
    r"^\s*(?:(?:and|so|then|also|just|now|please|pls)\s+)*(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?)?"
    r"(?:(?:list|show|give|tell|sort|rank|chart|plot|count|total|compare|display|pull\s+up|break\s+down|find|get|"
    r"fetch|calculate|compute|summari[sz]e|send|email|print|report)\s+(?!(?:them|those|it|that|these)\b)\S|"
    r"(?:how|what|which|who|when|where|why)\b|(?:are|is|do|does|did)\s+(?:any|there|we|the)\b)",
    re.IGNORECASE,
)
_ABOUT_ANSWERS = re.compile(r"\b(?:answers?|repl(?:y|ies)|responses?)\b", re.IGNORECASE)


def orders_now(clause: str) -> bool:
    """Whether `clause` opens with an order to produce something now ("list the open P1 tickets again", "count the
    open VPN tickets for me") or a question word."""
    return bool(_ORDERED_NOW.match(clause))


# A remark on the assistant's earlier answer before an order ("Your last answer missed a few, list the open P1 tickets
# again", "your replies are too long - show me the P2 tickets"): it says nothing of what the order asks.
_REMARK_ON_ANSWER = re.compile(
    r"^\s*(?:your|the)\s+(?:(?:last|previous|earlier|first|latest)\s+)?(?:answers?|repl(?:y|ies)|responses?|list|"
    r"count|table)\b[^,;:?]{1,60}?(?:[,;:]|\s[-\u2013\u2014]+)\s+",
    re.IGNORECASE,
)


def _without_remark(text: str) -> str:
    """`text` without a remark on the earlier answer when an order follows it (`_REMARK_ON_ANSWER`), else `text`."""
    match = _REMARK_ON_ANSWER.match(text)
    rest = text[match.end() :] if match else ""
    return rest if rest and orders_now(rest) and not _ABOUT_ANSWERS.search(rest) else text


def strip_markers(text: str) -> str:
    """`openings.strip_markers`, with a remark on the earlier answer before an order cut too."""
    return openings.strip_markers(_without_remark(text))


def strip_opening(text: str) -> str:
    """`openings.strip_opening`, with a remark on the earlier answer before an order cut too."""
    return openings.strip_opening(_without_remark(text))


def orders_beside_style(text: str) -> bool:
    """Whether a clause of `text` orders or asks something now, other than how answers look ("Sort the open tickets
    by priority, that works best for me"): then it is a request, not a standing preference on answering."""
    return any(
        _ORDERED_NOW.match(clause) and not _ABOUT_ANSWERS.search(clause) for clause in _STYLE_CLAUSES.split(text)
    )


_HABIT_SHAPES = re.compile(
    r"^\s*(?:(from\s+now\s+on|going\s+forward|in\s+(?:the\s+)?future)[,\s]+)?"
    # a plain "when" is one occasion ("When you reply, give me total revenue") unless a word makes it every time
    r"(?:whenever|every\s+time|each\s+time|any\s*time|"
    r"when(?(1)|(?:(?=[^?]*\b(?:always|never|by\s+default|i\s+mean|i'?m\s+referring\s+to)\b)|"
    # "when you list tickets for me, ...": things in general (a bare plural) given to the speaker, every time; an
    # occasion word makes it one time ("when you list tickets for me today, just show the VPN ones": a request now)
    rf"(?![^?]*\b{_OCCASION}\b)(?=\s+(?:you|u)\s+{_ANSWERING}\s+(?:(?:me|us)\s+)?(?!(?:the|this|that|these|those|it|them|my|our)\b)"
    r"[a-z]+s\b[^,?]{0,40}\b(?:for|to)\s+(?:me|us)\b))))\s+"
    rf"(?:(?:you|u)\s+(?:(?:ever|next|also)\s+)?{_ANSWERING}|i\s+(?:(?:ever|next|also)\s+)?{_USER_ASKING})\b"
    r"[^,?]{0,80},\s*"
    r"(?!(?:how|what|which|who|when|where|why|is|are|was|were|do|does|did|can|could)\b)"
    r"(?:please\s+)?(?:always\s+|also\s+|just\s+)?[a-z]+\b[^?]*$|"
    # "I'd like you to always show percentages with one decimal": a wish for every answer to come
    r"^\s*(?:i'?d\s+like|i\s+would\s+like|i\s+want|please)\s+(?:you\s+to\s+)?(?:always|never)\s+[a-z]{3,}\s+[^?]*$|"
    # "could you always add a chart when you show me monthly figures": put as a request, a habit all the same; with a
    # question mark it stays a question (memory keeps no question as a fact, so it would be acknowledged, not kept)
    r"^\s*(?:please\s+)?(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?(?:always|never)\s+[a-z]{3,}\s+[^?]*$",
    re.IGNORECASE,
)
_STYLE = re.compile(_ANSWER_STYLE, re.IGNORECASE)
# A standing instruction put in any shape ("could you show the priority next to each ticket from now on?", "whenever
# you give me figures per region, could you sort them biggest first?", "please use euros in future answers", "make
# sure to always mention the period", "going forward I want tables, not charts"): a mark of every time to come, and
# the assistant's answering addressed by a verb of styling (ordered, asked of "you", wished "to" or after "always") or
# a wish about the form of answers. A question to the assistant ("do you always round?") or about the world ("can
# you always return opened items?", "going forward, should we use DHL?") addresses no answering of its own.
_FOR_GOOD = (
    r"\b(?:from\s+now\s+on|going\s+forward|in\s+(?:the\s+)?future|henceforth|by\s+default|from\s+here\s+on|"
    r"(?:in|with|for)\s+(?:all\s+)?(?:every|each|all|future|your\s+future)\s+(?:answers?|repl(?:y|ies)|responses?)|"
    rf"(?:whenever|every\s+time|each\s+time|any\s*time)\s+(?:you|u)\s+{_ANSWERING})\b"
)
_STYLING_VERBS = (
    "add include use put keep make start attach highlight label mark skip drop convert express sort rank round "
    "format show give list display present chart plot write answer reply respond mention quote stop"
).split()


def _forms(verb: str) -> str:
    """The forms of a regular verb ("include": include, includes, included, including)."""
    stem = verb[:-1] if verb.endswith("e") else verb
    return f"{verb}|{verb}s|{stem}ed|{stem}ing"


_STYLING = "(?:" + "|".join(_forms(v) for v in _STYLING_VERBS) + ")"
_ADDRESSED = re.compile(
    r"(?:(?:^|[,;:]\s*|\bto\s+|\bplease\s+)(?:always\s+|never\s+)?|"
    r"\b(?:you|u)\s+(?:(?:always|never|also|please|mind|start|stop)\s+)?)"
    rf"{_STYLING}\b",
    re.IGNORECASE,
)
# "always" said of the assistant only: "we always use DHL", "customers always mention ..." tell of others.
_ALWAYS_STYLING = re.compile(rf"(?:^|[,;:]\s*|\b(?:you|u|to|please)\s+)(?:always|never)\s+{_STYLING}\b", re.IGNORECASE)
# "going forward I want tables, not charts": a wish about the form answers take.
_FORM_WISH = re.compile(
    r"\bi(?:'d|\s+would)?\s+(?:rather|prefer|like|want)\b[^?]*\b(?:charts?|tables?|graphs?|bullets?|bullet\s+points|"
    r"decimals?|percent(?:age)?s?|summar(?:y|ies)|lists?|answers?|repl(?:y|ies)|format)\b",
    re.IGNORECASE,
)
# A question to the assistant or about the world opens with its auxiliary or wh-word ("do you always round?").
_ASKS_ABOUT = re.compile(
    r"^\s*(?:do|does|did|are|is|was|were|have|has|had|why|how|what|which|who|whom|whose|when|where|should|shall|may)\b",
    re.IGNORECASE,
)
_MARKS = re.compile(_FOR_GOOD, re.IGNORECASE)
# A second sentence asks or orders something now ("from now on add a chart. how many orders came in?"), and a named
# period asks for its figures now ("could you show me revenue for 2025 from now on?"): no habit.
_ASKED_NOW = re.compile(
    r"[.;:?!]\s+\S|\b(?:19|20)\d\d\b|\bq[1-4]\b|\b(?:last|this|previous|past)\s+(?:week|month|quarter|year)\b",
    re.IGNORECASE,
)


def _marked_habit(text: str) -> re.Match[str] | None:
    """The mark of a standing instruction in any shape (see `_FOR_GOOD`), or None."""
    text = text.strip()
    if _ASKED_NOW.search(text) or _ASKS_ABOUT.match(text):
        return None
    mark = _mark(text)
    if mark is None or not (_ADDRESSED.search(text) or _FORM_WISH.search(text)):
        return None
    # "Plot shares by site, I prefer bar charts whenever you plot shares": a clause without the mark orders now.
    unmarked = [c for c in _STYLE_CLAUSES.split(text) if not _mark(c)]
    return None if any(orders_now(c) for c in unmarked) else mark


def _mark(text: str) -> re.Match[str] | None:
    """The mark of every time to come in `text`: `_FOR_GOOD`, or "always"/"never" said of the assistant's styling."""
    return _MARKS.search(text) or _ALWAYS_STYLING.search(text)


class _Habit:
    """A standing instruction on how to answer (`_HABIT_SHAPES`), or how every answer should look (`_ANSWER_STYLE`)
    when nothing else in the message orders or asks now (`orders_beside_style`)."""

    def match(self, text: str) -> re.Match[str] | None:
        """The habit's match in `text`, or None when it sets none."""
        if (habit := _HABIT_SHAPES.match(text)) is not None:
            return habit
        if (marked := _marked_habit(text)) is not None:
            return marked
        return None if orders_beside_style(text) else _STYLE.match(text)


HABIT = _Habit()
