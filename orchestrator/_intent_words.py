"""The words and shapes the offline classifier reads intent by: figures, rankings, durations, definitions, the
user's own things and stored data; with the request's own spelling of a word and its plain words for the speller."""

from __future__ import annotations

import re

from cognicore.memory.text import FIRST_PERSON_OWN, HOW_MANY_UNITS, stem, terms, words

__all__ = [
    "CLAUSE_JOINS",
    "CLAUSE_MARK",
    "DEFINES",
    "DURATION",
    "FIGURE",
    "FIRST_PERSON",
    "KIND_ASKED",
    "PERIODS",
    "QUARTERS",
    "RANKING",
    "STORED",
    "SUMMARISE",
    "WORKED_OUT",
    "plain_words",
    "word_for",
]

# Quarter names point at figures in any domain; the rest of the data words come from the vocabulary.
QUARTERS = frozenset(terms("q1 q2 q3 q4"))
PERIODS = frozenset(terms("quarter quarterly monthly yearly"))
FIGURE = re.compile(
    r"\bhow (much|many)\b|\b(19|20)\d\d\b|\bq[1-4]\b|\b(last|this|previous|latest) (quarter|year|month)", re.I
)
# Questions about a rule or a definition: what it is, what it means, how it works or how soon it applies.
DEFINES = re.compile(
    r"^\s*(?:what(?:'?s|\s+is|\s+are|\s+does|\s+do)\s+(?:the\s+|an?\s+)?(?:sla|policy|rule|definition|meaning)\b|"
    r"what\s+happens\b|"
    # "what is the response time for a small request": the rule for any one of a kind (an indefinite article)
    r"what(?:'?s|\s+is|\s+are)\s+the\s+[\w-]+(?:\s+[\w-]+)?\s+(?:for|of|on)\s+(?:a|an|any)\s|"
    r"what\s+does\s+.+\s+(?:mean|stand\s+for)\b|how\s+(?:quickly|soon|fast|long|often)\b|"
    # "what's the response time for p2", "what is the refund window on opened items": a limit a rule sets
    r"what(?:'?s|\s+is|\s+are)\s+the\s+(?:[\w-]+\s+){0,2}(?:time|times|target|targets|limit|limits|window|deadline|"
    r"threshold|cut-?off)(?:\s+(?:for|of|on)\b|\s*(?:[-,:;?]|$))|"
    r"how\s+(?:is|are|do|does)\s+.+\s+(?:calculated|computed|defined|measured|determined|counted|worked\s+out)\b)",
    re.IGNORECASE,
)
# A question about any one of a kind ("who gets told when a P1 ticket breaches?", "by how many hours does a P3 ticket
# need a response?", "what do I do if an order arrives damaged?"): the rule the documents state, never a run of an
# agent over the data's rows; a question whether there is one ("is there a P1 ticket ...") asks the rows.
KIND_ASKED = re.compile(
    r"^\s*(?:(?:and|so|ok|okay|also|but|then)[,\s]+)*(?:(?:by|within|in|after|for|until|at)\s+)?"
    r"(?:(?:who|whom|what|when|how|which|where|why)\b"
    r"(?![^?]*\b(?:is|are|was|were)\s+there\b)[^?]*?\b(?:when|if|once|whenever|does|do|should|must|can)\s+"
    # "is there a service credit when an SLA is breached?": a yes/no question on what follows any one of a kind
    r"|(?:is|are|does|do|will|would|should|can)\b[^?]*?\b(?:when|if|once|whenever)\s+)"
    # "which tickets get escalated when they breach?": the rows of a kind, said again by "they" in the condition
    r"(?:(?:a|an|any|each|every)\s+\w|(?:(?<=\bwhen\s)|(?<=\bif\s)|(?<=\bonce\s)|(?<=\bwhenever\s))they\s+\w)",
    re.IGNORECASE,
)
WORKED_OUT = frozenset(terms("calculate compute"))
# Where a clause ends inside a message, for every reader that cuts one into clauses: a comma, semicolon or colon, or a
# spaced dash, before a space ("1,000" and "12:30" are no breaks); and the conjunctions that join two clauses.
CLAUSE_MARK = r"(?:[,;:]|\s[-\u2013\u2014]+)(?=\s)"
CLAUSE_JOINS = r"and|but|so|then|also"
DURATION = re.compile(rf"\b{HOW_MANY_UNITS}\b", re.IGNORECASE)
# Summarising what documents say is answering from them, unless a figure or an artefact is asked for.
SUMMARISE = frozenset(terms("summarize summarise"))
RANKING = re.compile(r"\b(top|bottom|best|worst|highest|lowest|most|least|busiest)\b", re.IGNORECASE)
# A request about the user's own things ("I moved, update my address") or a standing instruction ("from now on,
# set ...") may tell something: read by the statement rules first; other orders to change data are refused at once.
FIRST_PERSON = re.compile(rf"\b(?:{FIRST_PERSON_OWN})\b|^\s*(?:from\s+now\s+on|going\s+forward|by\s+default)\b", re.I)
# Words naming stored data in any deployment: a change verb on one of them (or on a table, column or value of the
# schema) changes data, which is refused before any agent runs (they only read); on anything else ("reset my
# password") it is an action no agent offers.
STORED = frozenset(terms("data database table tables row rows record records column columns entry entries schema"))


def word_for(request: str, stems: list[str]) -> str:
    """The request's own word for the first of `stems` (people read the reason, not the stem)."""
    wanted = set(stems)
    return next((w for w in words(request) if stem(w) in wanted), stems[0])


def plain_words(text: str) -> list[str]:
    """The alphabetic words of `text` as written (names keep their capitals), for spelling corrections;
    a hyphenated name also joined ("Wi-Fi" is written "wifi", which is no misspelling of "wife")."""
    joined = [w.replace("-", "") for w in re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)+", text)]
    return [*re.findall(r"[A-Za-z]+", text), *joined]
