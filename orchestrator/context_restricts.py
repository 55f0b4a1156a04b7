"""Whether words before a question may restrict it, so they cannot be set aside as background (issue 9).

"Leaving aside anything already resolved: how many P1 tickets are there?", "I'm covering for the night shift. P1
tickets only. How many are still open?", "We are auditing last week's work - how many tickets were closed?": the part
before the question narrows it, and answering the question alone is confidently wrong. A part may be left aside only
when it names nothing the question could be restricted by: no restricting word of general English, no data value or
period the question lacks, and no request for data of its own (a noun phrase of rows or a measure, "Open tickets by
component"). English words and sentence shapes only; the data's words come from the deployment (`DataWords`).
"""

from __future__ import annotations

import re

from cognicore.memory.text import terms, words
from cognicore.orchestrator._followup_periods import PERIOD

__all__ = ["context_restricts", "restricting_word", "tells", "told_restricts"]

# Words of general English that narrow what follows or precedes them ("P1 tickets only", "excluding returns",
# "leaving aside anything already resolved", "apart from the VPN ones").
_RESTRICTING = re.compile(
    r"\b(?:only|solely|exclusively|exclud(?:e|es|ed|ing)|except(?:ing)?|ignor(?:e|es|ed|ing)|unless|already|"
    # "without an assignee", "without counting returns"; "without telling anyone" says how something told was done
    r"without(?!\s+(?!(?:counting|including|considering|taking|double-counting)\b)[a-z]+ing\b)|"
    r"(?:leav(?:e|ing)|set(?:ting)?|put(?:ting)?)\s+aside|(?:apart|aside)\s+from|other\s+than|no\s+longer|"
    r"(?:any|every|some)(?:thing|one)\b[^.!?]*\b(?:resolved|closed|done|finished|cancell?ed|returned))\b",
    re.IGNORECASE,
)
# "just" narrows ("just the VPN ones") unless it dates what a subject did ("I've just taken over ...", "we just moved",
# "the regional VP just pinged me").
_JUST = re.compile(r"\bjust\b(?!\s+(?:[a-z]+ed|[a-z]+en|got|took|came|went|left|began|sent|had|made|told|now)\b)", re.I)
_JUST_DATES = re.compile(
    r"\b(?:i|we|i've|we've|ive|have|has|had|they|he|she|they've|i'd|we'd)\s+just\s*$", re.IGNORECASE
)
# "not" narrows what it is said of ("not the closed ones", "don't count returns", "tickets that aren't P1"), not a
# verb of a story ("the figures did not match", "I would rather not be the one", "I'm not on call").
_NOT = re.compile(
    r"(?:\bnot|n't)\s+(?:(?:the|those|these|any|counting|count|counted|including|include|included)\b|"
    r"(?P<word>[\w-]+))",
    re.IGNORECASE,
)
# The speaker telling about themself ("I moved to the Lisbon team last week", "I'm prepping for the Nordic call", "I've
# just taken over the online channel"): news to remember, whose names are where the speaker is, not a filter.
_ABOUT_ME = re.compile(
    r"^\s*(?:[\w ]{1,20}:\s*)?(?:so\s+|and\s+|fyi,?\s+|btw,?\s+)?(?:i|i'm|im|i've|i'd|i'll|we|we're|we've|we'll)\b",
    re.IGNORECASE,
)
# A period tied to a noun ("last week's work", "the tickets from last week", "numbers for Q3"): a filter of what is
# counted, not when something told happened ("I joined the team today").
_PREPOSITION = re.compile(r"\b(?:in|for|during|over|of|from|since|before|after|until|through|between)\s*$", re.I)
# A finite verb or auxiliary: a sentence that tells ("the backlog per engineer slipped again"), not a noun phrase of
# rows or a measure ("Open tickets by component", "Revenue by category for 2025", "P1 tickets only").
_AUXILIARY = frozenset(
    "is are was were am be been has have had do does did will would can could should may might must keep keeps "
    "kept goes went got gets made makes said says came comes left took takes seems seemed wants needs asks thinks "
    "knows likes looks means works runs sends tells i i'm im i've i'd we we're we've he she they they're you it's "
    "he's she's".split()
)
_LABEL = re.compile(r"^\s*[\w ]{1,20}:\s*")  # "Context: ", "FYI: ", "Background: " before a told sentence
_SHORT_SENTENCE = 20  # words: a sentence this short before a question that names a value may be its filter
# A name opening a sentence about that one ("Marta is back from leave", "Theo's off", "olek has gone home").
_SUBJECT = re.compile(r"^\s*([\w-]+?)(?:'s|\u2019s|\s+(?:is|was|has|had|will|just|went|got|left)\b)", re.IGNORECASE)
_PARTICIPLE_BEFORE = re.compile(r"^(?:to|by|in|on|at|for|from|since|before|after|between|during|over)$", re.I)


def restricting_word(part: str, data: frozenset[str] = frozenset()) -> str | None:
    """The word of `part` that narrows what it is said with ("only", "excluding", "already", "just the ...", "not"
    before a word of the `data` or a determiner), or None."""
    if m := _RESTRICTING.search(part):
        return m.group(0)
    for m in _JUST.finditer(part):
        if not _JUST_DATES.search(part[: m.end()]):
            return m.group(0)
    for m in _NOT.finditer(part):
        if not m.group("word") or set(terms(m.group("word"))) & data:
            return m.group(0)
    return None


def _periods_lacked(part: str, question: str) -> list[re.Match[str]]:
    """The periods `part` names when `question` names none."""
    return [] if PERIOD.search(question) else list(PERIOD.finditer(part))


def _tied(part: str, m: re.Match[str]) -> bool:
    """Whether the period `m` of `part` qualifies a noun ("last week's work", "tickets from last week")."""
    said = m.group(0).lower()
    if said.split()[0] in ("in", "for", "during", "over", "of"):
        return True
    return part[m.end() : m.end() + 2] in ("'s", "\u2019s") or bool(_PREPOSITION.search(part[: m.start()]))


def told_restricts(part: str, question: str, *, names: frozenset[str]) -> str | None:
    """Why a told part before `question` may narrow it (a restricting word, a period tied to a noun the question
    lacks, or a data value the question lacks unless the part tells about the speaker or the one it opens with), or
    None when it is news to answer beside ("Marta is back from leave", "I moved to the Europe team last week", "I
    joined the network team today")."""
    if word := restricting_word(part, names):
        return f"it says {word!r}"
    if _FRAME.match(part):  # "For the tickets where the owner field is blank": no news, the rows asked about
        return "it frames the rows the question is about"
    periods = _periods_lacked(part, question)
    if any(_tied(part, m) for m in periods):
        return f"it names the period {periods[0].group(0)!r}"
    if _ABOUT_ME.search(part):
        return None
    # In a long sentence of a story ("the figures in the pack did not match ..."), a word shared with a longer value
    # ("Smart Bulb 4-Pack") is taken for a name only as names are written: with a capital, after the first word.
    tokens = re.findall(r"[\w'-]+", part)
    capitals = " ".join(t for i, t in enumerate(tokens) if i and t[:1].isupper())
    said = terms(part) if len(tokens) <= _SHORT_SENTENCE else terms(capitals)
    subject = _SUBJECT.match(_LABEL.sub("", part))  # "Context: chloe is off sick." tells about chloe
    first = set(terms(subject.group(1))) if subject else set()
    opener = first if first <= names else set()
    valued = (set(said) & names) - opener - set(terms(question))
    return f"it names {sorted(valued)[0]!r}" if valued else None


def tells(part: str, data: frozenset[str]) -> bool:
    """Whether `part` is a sentence that tells something (it has a finite verb that is no word of the data), not a
    noun phrase of rows or a measure ("Open tickets by component", "P1 tickets only")."""
    said = words(part)
    for i, word in enumerate(said):
        if word in _AUXILIARY:
            return True
        if i and word.endswith("ed") and not set(terms(word)) & data:
            after = said[i + 1] if i + 1 < len(said) else ""
            if not _PARTICIPLE_BEFORE.match(after):  # "tickets assigned to ana", "orders placed in May"
                return True
    return False


# "For the tickets where the owner field is blank, ...", "Among orders that shipped late, ...": a noun phrase of rows
# with a relative clause, framing what the question after it counts (its verb is the clause's, no sentence told)
_FRAME = re.compile(
    r"^\s*(?:for|among|amongst|of|within|across|out of|regarding|concerning|considering|looking at)\s+"
    r"(?:(?:the|all|our|those|these|any)\s+)?(?:[\w-]+\s+){0,2}?[\w-]+\s+(?:where|that|which|whose|with|without)\b",
    re.IGNORECASE,
)


def context_restricts(part: str, question: str, *, names: frozenset[str], topics: frozenset[str]) -> str | None:
    """Why a part of background before `question` that asks nothing may narrow it: a restricting word, a frame of
    rows naming a table or column word the question lacks ("For the tickets where the owner is blank"), or a noun
    phrase naming one ("Revenue by category for 2025."), or None."""
    if word := restricting_word(part, names | topics):
        return f"it says {word!r}"
    if _FRAME.match(part) and (set(terms(part)) & (names | topics)) - set(terms(question)):
        return "it frames the rows the question is about"
    if not tells(part, names | topics) and (set(terms(part)) & (names | topics)) - set(terms(question)):
        return "it asks for data of its own"
    return None
