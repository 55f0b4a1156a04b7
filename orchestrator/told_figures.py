"""A figure told, not asked: a declarative sentence whose predicate is an amount ("budget's now 12k for the quarter",
"headcount on the night shift went from 6 to 8", "promo spend doubled to 30k", "north site target for 2026: 600k").

The data may hold the same kind of thing (a budget, a target, a headcount), so its words say nothing of the mood; the
structure does: a subject, then a verb of being or of change (or a colon), then the figure in predicate position. A
reduced relative clause ("products priced at 499", "orders placed in 2025") names rows: a participle without its
auxiliary is no such verb, so it never reads as told here. English shapes only; no domain's words.
"""

from __future__ import annotations

import re

from cognicore.memory.text import QUESTION_START, words
from cognicore.orchestrator.mood import ASKING_WORDS, asks_in_situ
from cognicore.orchestrator.scope import ASKS, IMPERATIVE

__all__ = ["AMOUNT", "WH_CLAUSE", "names_amount", "tells_figure"]

# An amount: money, a percentage, thousands or millions, a multiple, a plain number; a year alone is a time.
AMOUNT = (
    r"(?:[$\u20ac\u00a3]\s?\d[\d,.]*(?:\s?(?:k|m|mn|bn|million|billion|thousand))?|"
    r"\d[\d,.]*\s?(?:k|m|mn|bn|million|billion|thousand|%|percent|per\s?cent|x)(?![\w])|"
    r"(?!(?:19|20)\d\d(?![\d,.]))\d[\d,.]*(?![\w]))"
)
# Verbs whose predicate is an amount: being, standing at, and changing (intransitive, so never a reduced relative).
_BEING = (
    r"(?:is|are|was|were|'s|'re|has\s+been|have\s+been|had\s+been|will\s+be|'ll\s+be|stands?|stood|sits?|sat|"
    # a linking verb or a future ("next week the P1 SLA becomes 2 hours", "the cap is going to be 10%")
    r"becomes?|became|remains?|remained|stays?|stayed|(?:will|'ll|is\s+going\s+to|are\s+going\s+to|is\s+set\s+to|"
    r"are\s+set\s+to)\s+(?:be|become|go|rise|fall|drop|move|change|increase|decrease|reach|hit|cost|stay|remain|jump|"
    r"climb|double|halve))"
)
_CHANGING = (
    r"(?:went|goes|rose|rises|fell|falls|grew|grows|dropped|drops|doubled|tripled|halved|jumped|climbed|increased|"
    r"decreased|declined|dipped|slipped|shrank|lasted|hit|hits|reached|topped|crossed|totalled|totaled|amounted|"
    r"ended|finished|peaked|came|moved|shot|sank|soared|spiked|plunged|crept|edged|"
    # what something costs or measures ("the cert renewal costs $900 a year"); never a participle ("invoices paid
    # over 500" names rows)
    r"costs?|charges|averages|averaged|totals|weighs|earns|"
    # what something brought ("the partner channel brought in 1.8M", "the desk does 40 a day")
    r"(?:brought|brings|pulled|pulls|took|takes)\s+in|made|makes|generated|generates|did|does)"
)
# "got bumped to 15k", "was raised to 40k", "has been cut by 10%": a change done to it, with its auxiliary.
_CHANGED = (
    r"(?:(?:got|gets|was|were|is|are|'s|'re|has\s+been|have\s+been|had\s+been|been|will\s+be)\s+)"
    r"(?:bumped|raised|cut|upped|increased|reduced|lowered|set|moved|capped|fixed|priced|pegged|trimmed|slashed|"
    r"boosted|lifted|dropped|changed|revised|adjusted|doubled|halved|tripled|extended|agreed)"
)
_ADVERB = r"(?:now|currently|already|still|only|just|officially|finally|roughly|about|around|nearly|almost|over|under)"
_LINK = r"(?:up|down|back|in|out|to|from|by|at|of|on|around|about|over|under|nearly|almost|roughly|just|exactly)"
# A day of the month said as an ordinal ("the deadline is the 30th", "moved to the 22nd"): a date told.
_ORDINAL = r"(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\b"
_PREDICATE_FIGURE = re.compile(
    rf"^\s*(?P<subject>(?:[\w'&/.-]+\s+){{0,7}}?[\w'&/.-]+?)(?:\s+|(?='))(?:{_CHANGED}|{_BEING}|{_CHANGING})"
    rf"(?:\s+{_ADVERB})*(?:\s+{_LINK}){{0,2}}\s+(?:{_ORDINAL}|{AMOUNT})",
    re.IGNORECASE,
)
# "north site target for 2026: 600k", "first-contact resolution target - 70%": a thing, then its figure after a colon.
_LABELLED = re.compile(
    rf"^\s*(?P<subject>(?:[\w'&/.-]+\s+){{0,7}}[\w'&/.-]+)\s*(?::|\s[-\u2013\u2014])\s*(?:now\s+|is\s+)?{AMOUNT}"
    r"(?:\s+[\w'-]+){0,8}\s*[.!]?\s*$",
    re.IGNORECASE,
)
# "toner spend up 15% vs last spring": a headline's change, its verb left out; the amount is marked (a percentage,
# money, thousands), since "sign up 10 users" is an order.
_HEADLINE = re.compile(
    r"^\s*(?P<subject>(?:[\w'&/.-]+\s+){0,7}?[\w'&/.-]+)\s+(?:up|down)\s+(?:by\s+)?(?:[$\u20ac\u00a3]\s?\d|"
    r"\d[\d,.]*\s?(?:k|m|bn|%|percent)(?![\w]))",
    re.IGNORECASE,
)
# "20% of our orders come through partners": a share first, then what it is or does.
_SHARE = re.compile(
    r"^\s*(?:about|around|roughly|nearly|almost|over|under|just|only)?\s*(?P<subject>(?:[$\u20ac\u00a3]\s?\d[\d,.]*|"
    r"\d[\d,.]*\s?(?:%|percent|k|m))\s+of\s+(?:[\w'-]+\s+){1,4}?)(?:are|is|was|were|come|comes|came|go|goes|went|get|"
    r"gets|got|end|ends|ended|have|has|had|need|needs|use|uses|land|lands|arrive|arrives|[a-z]{3,}ed)\b",
    re.IGNORECASE,
)
# "since the migration email tickets doubled": the change is the verb itself, no amount needed.
_MULTIPLIED = re.compile(
    r"^\s*(?P<subject>(?:[\w'&/.-]+\s+){0,7}?[\w'&/.-]+)\s+(?:(?:has|have|had)\s+)?(?:(?:nearly|almost|more\s+than|"
    r"roughly|basically|just)\s+)?(?:doubled|tripled|trebled|quadrupled|halved)\b",
    re.IGNORECASE,
)
# Words that make a subject a question, a relative clause or an order, never the thing a figure is told of.
_NOT_A_SUBJECT = ASKING_WORDS | frozenset("if whether many much".split())
# A change to an amount, said anywhere ("... to 30k", "from 6 to 8", "by 10%"): with no question or order in the
# sentence it may be told; the classifier is unsure rather than answer it as a question.
_CHANGE_TO = re.compile(rf"\b(?:to|from|by|at)\s+{AMOUNT}", re.IGNORECASE)
_MARKED_AMOUNT = re.compile(r"[$\u20ac\u00a3]\s?\d|\d\s?(?:k|m|bn|%|percent)(?![\w])", re.IGNORECASE)


# "customer wants 25% off, who has to sign off on that": a clause opened by a wh-word asks, "?" or not.
WH_CLAUSE = re.compile(r"[,;:\u2013\u2014-]\s*(?:and\s+|so\s+|but\s+)?(?:who|what|which|where|when|why|how)\b", re.I)


def tells_figure(text: str) -> bool:
    """Whether `text` tells an amount of something: a subject, a verb of being or change (or a colon), then the figure
    in predicate position, and no question or order anywhere ("budget's now 12k", "spend doubled to 30k")."""
    if "?" in text or QUESTION_START.match(text) or ASKS.match(text) or asks_in_situ(text) or WH_CLAUSE.search(text):
        return False
    for shape in (_PREDICATE_FIGURE, _LABELLED, _HEADLINE, _SHARE, _MULTIPLIED):
        match = shape.match(text)
        if match is None:
            continue
        subject = match.group("subject")
        said = words(subject)
        if not said or set(said) & _NOT_A_SUBJECT:
            continue
        ordered = IMPERATIVE.match(text)
        if ordered and ordered.start("verb") == match.start("subject") and len(said) > 1:
            continue  # "set the discount at 10%": the verb comes first, an order
        return True
    return False


def names_amount(text: str) -> bool:
    """Whether `text` names an amount changed or marked as money, a percentage, thousands or millions ("to 30k",
    "15%", "$12"): with nothing asked, such a sentence may be news rather than a question."""
    return bool(_CHANGE_TO.search(text) or _MARKED_AMOUNT.search(text))
