"""What opens a sentence but says nothing of its mood, read from its structure: discourse markers and hedges ("fwiw",
"pretty sure", "I believe"), a time ("since monday"), a place ("in the Leeds office,"), a cause or circumstance
("because of the outage", "once the upgrade is done,"), and a request to remember what follows ("can you remember
that ..."). `strip_opening` removes them so the clause itself is read; split from `mood` by job.
"""

from __future__ import annotations

import re

from cognicore.memory._fact_words import WEEKDAYS

__all__ = ["AGO", "MONTH", "UNIT", "announces_news", "news_asked", "strip_markers", "strip_opening", "to_remember"]

_DAY = WEEKDAYS  # the fact reader's weekday names: one definition

# Discourse markers and sentence adverbs that open (or close) a message and say nothing of its mood.
_MARKERS = (
    r"fwiw|tbh|imo|imho|iirc|afaik|ngl|fyi|btw|honestly|personally|frankly|basically|anyway|anyways|ok|okay|oh|"
    r"well|so|also|for what it'?s worth|to be honest|to be clear|in my opinion|as far as i know|if i recall correctly|"
    r"note\s+to\s+self|for\s+the\s+record|(?:please\s+|just\s+)?note(?:\s+that)?|"
    r"(?:just\s+)?(?:a\s+)?reminder(?:\s+that)?|(?:please\s+)?remember(?:\s+that)?|"
    # "keep in mind chloe doesn't ...", "can you remember that my reviews are ...": asked to remember what follows
    r"(?:please\s+)?(?:keep|bear)\s+in\s+mind(?:\s+that)?|(?:please\s+)?make\s+a\s+note(?:\s+that)?|"
    r"(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:remember|note|keep\s+in\s+mind|make\s+a\s+note)\s+that|"
    # Hedges: how sure the speaker is says nothing of the mood ("pretty sure Marta owns ...", "I believe the ...").
    r"(?:i'?m\s+|im\s+)?(?:pretty|fairly|quite|almost|reasonably)\s+(?:sure|certain|confident)(?:\s+that)?|"
    r"i\s+(?:think|believe|guess|reckon|suppose|gather|suspect|hear|heard)(?:\s+that)?|apparently|supposedly|"
    r"presumably|probably|if\s+i\s+(?:remember|recall)\s+(?:right|rightly|correctly)|if\s+i'?m\s+not\s+mistaken|"
    r"as\s+i\s+understand\s+it|from\s+what\s+i\s+(?:hear|heard|know|gather|understand)|rumou?r\s+(?:is|has\s+it)|"
    r"word\s+is|seems\s+like|i'?d\s+say|"
    # News announced ("guess what, ...", "turns out the printer was ...", "scratch that, the target is 3 days").
    r"guess\s+what|(?:it\s+)?turns\s+out(?:\s+that)?|scratch\s+that|fun\s+fact|news\s+flash|(?:just\s+)?fyi|"
    r"(?:some\s+)?(?:good|great|bad|big|sad|exciting|happy)\s+news|(?:a\s+)?(?:quick\s+)?update(?=\s*[:,\u2013\u2014-])"
)
# News dressed as a question ("did you know chloe owns the payroll queue", "have you heard that ..."): the clause after
# it is what is told; whether it tells is for the caller to read.
_NEWS_ASKED = re.compile(
    r"^\s*(?:(?:did|do)\s+you\s+(?:know|hear|see)|have\s+you\s+(?:heard|seen)|you\s+know\s+what|"
    r"(?:did|have)\s+you\s+(?:been\s+)?(?:told|noticed))(?:\s+that)?\s*[,:;?!-]*\s+(?=\S)",
    re.IGNORECASE,
)


# Markers that announce news: what follows them is told ("turns out the recall only hit the EU batch").
_ANNOUNCES = re.compile(
    r"^\s*(?:guess\s+what|(?:it\s+)?turns\s+out|scratch\s+that|fun\s+fact|news\s+flash|(?:just\s+)?fyi|heads[\s-]up|"
    # "good news, ...", "quick update: ...", "note to self - ...", "for the record, ...": what follows is told
    r"(?:some\s+)?(?:good|great|bad|big|sad|exciting|happy)\s+news|"
    r"(?:a\s+)?(?:quick\s+)?update(?=\s*[:,\u2013\u2014-])|note\s+to\s+self|"
    r"for\s+the\s+record)\b",
    re.IGNORECASE,
)


def announces_news(text: str) -> bool:
    """Whether `text` opens with a marker that announces news ("guess what", "turns out", "scratch that", "fyi")."""
    return _ANNOUNCES.match(text) is not None


def news_asked(text: str) -> str | None:
    """The clause told after a question-shaped opening ("did you know Ana runs ..." -> "Ana runs ..."), else None."""
    match = _NEWS_ASKED.match(text)
    if match is None or _ASKS_WHAT_IS_KNOWN.match(text):
        return None  # "do you know my quota for this quarter?": asks what is known, tells nothing
    return text[match.end() :].rstrip(" ?")


# "do you know my quota / what my shift is / if ...": asks the assistant what it knows, not news told.
_ASKS_WHAT_IS_KNOWN = re.compile(
    r"^\s*do\s+you\s+know\s+(?:my|our|what|which|who|whom|whose|where|when|how|if|whether)\b", re.IGNORECASE
)


# "can you remember that my reviews are on Thursdays?": asked to remember the clause, not asked a question.
_REMEMBER_THAT = re.compile(
    r"^\s*(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|please\s+)?(?:remember|note|keep\s+in\s+mind|"
    r"make\s+a\s+note|bear\s+in\s+mind)\s+that\s+(?=\S)",
    re.IGNORECASE,
)


def to_remember(text: str) -> str | None:
    """The clause the speaker asks to have remembered ("can you remember that X?" -> "X"), else None."""
    match = _REMEMBER_THAT.match(text)
    return text[match.end() :].rstrip(" ?") if match else None


_OPENING_MARKER = re.compile(rf"^\s*(?:(?:{_MARKERS})\b[,:;.!\u2013\u2014-]*\s+)+", re.IGNORECASE)
_CLOSING_MARKER = re.compile(r"\s*[,;.]?\s*\b(?:tbh|fwiw|imo|imho|iirc|afaik|ngl|lol|haha|btw)\s*[.!]*\s*$", re.I)
MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
UNIT = r"(?:week|month|quarter|year|yr|sprint|spring|summer|autumn|fall|winter|weekend|night|time)"
# "two weeks ago", "a day ago", "several months ago": a time counted back from now (one definition for the engine).
AGO = rf"(?:\d+|a|an|one|two|three|four|five|six|several|few)\s+(?:day|{UNIT})s?\s+ago"
# A time said before the clause ("Since monday", "Yesterday", "Last week", "As of today", "Two weeks ago").
_OPENING_TIME = re.compile(
    rf"^\s*(?:(?:since|until|till|as\s+of|starting|from|after|before)\s+(?:the\s+|last\s+|next\s+|this\s+)?"
    rf"(?:{_DAY}s?|{MONTH}|{UNIT}|today|yesterday|tomorrow|\d{{4}}|\w+\s+{UNIT})(?:\s+\d{{1,2}}(?:st|nd|rd|th)?)?|"
    rf"yesterday|today|tonight|tomorrow|lately|recently|nowadays|these\s+days|earlier\s+today|"
    rf"this\s+(?:morning|afternoon|evening)|(?:last|this|next|every)\s+(?:{UNIT}|{_DAY}|{MONTH})|"
    rf"on\s+{_DAY}s?|in\s+{MONTH}|{AGO})\s*,?\s+",
    re.IGNORECASE,
)
# A place said before the clause, closed by a comma ("In the Leeds office, ...", "At the Porto site, ...").
_OPENING_PLACE = re.compile(
    r"^\s*(?:in|at|on|for|over\s+in|across)\s+(?:[\w'-]+\s+){0,4}?[\w'-]+\s*,\s+|"
    # "In Europe we mostly sell online": no comma, but the speaker's own subject shows where the phrase ends.
    r"^\s*(?:in|at|on|for|over\s+in|across|within|outside)\s+(?:[\w'-]+\s+){0,3}?[\w'-]+\s+"
    r"(?=(?:we|i|i'm|im|we're|our|my)\b)",
    re.I,
)


# A cause or circumstance said before the clause: closed by a comma ("once the upgrade is done, ...", "because the
# vendor is late, ..."), or a short phrase whose end shows where the clause's own subject starts ("because of the port
# strike we're shipping ...", "after the price review the doorbell ...": a determiner, a pronoun or a name).
_SUBJECT_AHEAD = (
    r"(?=(?:we|i|i'm|im|we're|we've|we'll|they|they're|he|she|it|it's|the|our|my|their|his|her|its|this|these|those|"
    r"everyone|everybody|nobody|no\s+one|(?-i:[A-Z])[\w'-]*)\b)"
)
_NOT_ASKED = r"(?!(?:how|what|which|who|whom|when|where|why|is|are|was|were|do|does|did|can|could|will|would)\b)"
_OPENING_CAUSE = re.compile(
    r"^\s*(?:(?:once|when|whenever|after|before|since|because|as\s+soon\s+as|now\s+that|although|though|while|whilst|"
    r"until|till|if|unless|as)\s+[^,?]{2,80}?,\s+|"
    r"(?:because\s+of|due\s+to|thanks\s+to|owing\s+to|following|after|since|despite|given|ahead\s+of|"
    rf"in\s+light\s+of|as\s+part\s+of)\s+(?:{_NOT_ASKED}[\w'-]+\s+){{0,4}}?{_NOT_ASKED}[\w'-]+"
    # the phrase ends on its head noun, never on a word that asks for more ("because of the ...", "after a ...")
    r"(?<!\bof)(?<!\bthe)(?<!\ba)(?<!\ban)(?<!\bfor)(?<!\bin)(?<!\bon)(?<!\bto)(?<!\bour)(?<!\bmy)"
    rf"\s*,?\s+{_SUBJECT_AHEAD})",
    re.IGNORECASE,
)


def strip_opening(text: str) -> str:
    """`text` without its opening markers, hedge, time, place or cause phrase and closing marker ("tbh"), as far as
    they go."""
    previous = None
    while previous != text:
        previous = text
        for opening in (_OPENING_MARKER, _OPENING_TIME, _OPENING_PLACE, _OPENING_CAUSE):
            match = opening.match(text)
            if match and match.end() < len(text):
                text = text[match.end() :]
        text = _CLOSING_MARKER.sub("", text) or text
    return text.strip()


def strip_markers(text: str) -> str:
    """`text` without its opening discourse markers and hedges only ("pretty sure", "fwiw"), which carry no content:
    what remains asks for all the request asks for, unlike a text without its time or place phrase."""
    match = _OPENING_MARKER.match(text)
    return text[match.end() :].strip() if match and match.end() < len(text) else text
