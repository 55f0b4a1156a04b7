"""Scopes of a rule in the documents: which names a sentence is stated for, and whether it answers for the asked one."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cognicore.memory.text import DURATION, STOPWORDS, stem, words
from cognicore.subagents._answer_checks import bigrams, other_kind
from cognicore.subagents._answer_conditions import negated
from cognicore.subagents._passage_units import SENTENCE_SPLIT, Unit

_LISTED_NAME = r"[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*(?:\s*\([^()]*\))?"
_NAME_LIST = re.compile(rf"{_LISTED_NAME}(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+){_LISTED_NAME})+")
_SCOPED = re.compile(rf"\b(?:in|to|for|from|across)\s+(?:the\s+)?({_NAME_LIST.pattern}|{_LISTED_NAME})")
# A name as typed; a sentence's first word too, as only names of the documents' lists count.
_CAPITALISED = re.compile(r"\b[A-Z][a-z][\w-]*(?:\s+[A-Z][\w-]*)*")


def _names(listing: str) -> frozenset[str]:
    """The names of a list ("Inner Isles (II), Outer Isles (OI) and Northern Isles"), lower-cased, without asides."""
    plain = re.sub(r"\([^()]*\)", " ", listing)
    return frozenset(" ".join(n.lower().split()) for n in re.split(r",|\band\b|\bor\b", plain) if n.strip())


def name_peers(contents: Sequence[str]) -> list[frozenset[str]]:
    """The lists of names the documents write ("Inner Isles and Outer Isles"): names of one kind, each of
    which may be the scope of a rule instead of another."""
    # A list inside an aside is one too: "Oban (Inner Isles and Outer Isles)".
    texts = [*contents, *(a for text in contents for a in re.findall(r"\(([^()]*)\)", text))]
    # Two names joined by a comma alone are a place and where it is ("Monterrey, Mexico"), no list of peers.
    return [
        names
        for text in texts
        for m in _NAME_LIST.finditer(text)
        if len(names := _names(m.group(0))) > 2 or (len(names) == 2 and re.search(r"\b(?:and|or)\b", m.group(0)))
    ]


def scoped_elsewhere(text: str, question: str, peers: Sequence[frozenset[str]]) -> str:
    """The name the question asks about (in its context too: "We're sailing to the Outer Isles.") when the
    sentence states its rule for other names of the same list ("... to the Inner and Northern Isles"), or ''."""
    scope = frozenset().union(*(_names(m.group(1)) for m in _SCOPED.finditer(text)))
    if not scope:
        return ""
    low = " ".join(text.lower().split())
    for m in _CAPITALISED.finditer(question):
        name = " ".join(m.group(0).lower().split())
        if name in scope or name in low:
            continue
        if any(name in names and names & scope for names in peers):
            return m.group(0)
    return ""


def in_scope(
    chosen: list[Unit], question: str, contents: Sequence[str], synonyms: dict[str, frozenset[str]]
) -> tuple[list[Unit], str]:
    """The chosen sentences without those stating their rule for other names of the asked one's list, or for another
    kind of the asked thing ("It is free on orders of $50 or more" under "**Standard shipping**" for "is express
    shipping free ...?"), and what was asked when none is left (the documents then say nothing for it)."""
    peers = name_peers(contents)
    phrases = bigrams(" ".join(contents))
    scoped = [(u, scoped_elsewhere(u.text, question, peers)) for u in chosen]
    kept = [u for u, elsewhere in scoped if not elsewhere]
    if not kept:
        return kept, next((e for _, e in scoped if e), "")
    kinds = [u for u in kept if other_kind(f"{u.label} {u.text}".strip(), question, phrases, synonyms)]
    kept = [u for u in kept if u not in kinds]
    if not kept:
        return kept, "that kind"
    if (top := superlative(question)) and not (kept := [u for u in kept if not superlative_of_other(u, top)]):
        return kept, " ".join(top)  # "the cheapest product in the catalog" is no answer for "the cheapest wearable"
    if period := running_period(question):
        # "How much did we spend on shipping last month?": a standing rule ("costs $5.99") is no figure of a period
        return [], period
    # "If it still fails, ... open a P3 ticket for the network team" for "what priority do network team tickets get?"
    conditioned = [(u, unstated_condition(u, question, synonyms)) for u in kept]
    kept = [u for u, condition in conditioned if not condition]
    return kept, "" if kept else f'the case asked (it is said only "{conditioned[0][1]}")'


# A sentence that opens on its condition: what it says holds in that case only.
_CONDITION_FIRST = re.compile(r"^\W*(?:if|when|whenever|once|unless|in\s+case)\b(?P<condition>[^,;:]{3,100}),", re.I)
# A question that states a case of its own: a condition, a negated or lasting state, or a story before it.
_PREMISE = re.compile(
    r"\b(?:if|when|whenever|once|unless|after|in\s+case|still|already|not|never|no|without)\b|n't\b", re.I
)


def unstated_condition(u: Unit, question: str, synonyms: dict[str, frozenset[str]]) -> str:
    """The condition a sentence opens with ("If it still fails") when the question states no case at all and names
    none of the condition's words: the sentence's value holds for that case only, never as the general answer; ''
    otherwise."""
    opened = _CONDITION_FIRST.match(u.text)
    if opened is None or _PREMISE.search(question) or len(SENTENCE_SPLIT.split(question.strip())) > 1:
        return ""
    asked = {stem(w) for w in words(question)}
    asked |= {t for w in list(asked) for t in synonyms.get(w, frozenset())}
    condition = {stem(w) for w in words(opened.group("condition")) if w not in STOPWORDS}
    return "" if condition & asked else opened.group(0).strip(" ,")


_GOES_ON_SUBJECT = re.compile(r"^\W*(?:it|they|this|these|that|those|each|every|all)\b", re.I)


def duration_said_of(u: Unit, subject: frozenset[str]) -> bool:
    """Is the span of time a sentence gives said of the asked subject ("Refunds go back ... within 5 business days"
    for "how long does a refund take?"), not of another thing beside it ("Inserts take about a week and are not
    refundable")? The subject named in the sentence or its heading; a sentence with no span of time is not judged."""
    if not DURATION.search(u.text) or (subject & u.lead and _GOES_ON_SUBJECT.match(u.text)):
        return True  # "They reach the card within ..." under "Refunds": the heading's subject goes on
    # "-able" says what can be done with the thing, not the thing: "not refundable" is no refund.
    return any(stem(w) in subject and not w.endswith(("able", "ible")) for w in words(u.text))


# "How long does a refund take?", "how many days does the warranty last": the verb frames the asked span of time.
_SPAN_VERB = re.compile(
    r"\bhow\s+(?:long|many\s+(?:\w+\s+)?(?:minutes|hours|days|weeks|months|years))\b.*?\b(takes?|lasts?)\b", re.I
)


# Words that point at the asker's here and now, never at what a rule says (general English).
_PRONOUNS = frozenset(
    "her hers him his them theirs mine yours ours itself herself himself themselves i'm we're you're they're it's "
    "that's i've we've now today currently here again".split()
)


def without_unasked(question: str, labelled: list[tuple[frozenset[str], str]]) -> list[tuple[frozenset[str], str]]:
    """The question's concepts without words an answer need not say: the verb that frames a span of time ("take" in
    "how long does a refund take?"), pronouns ("her"), and what the context denies ("They are not faulty." before
    the question: a condition of the case, not a word of the rule that answers it)."""
    m = _SPAN_VERB.search(question)
    sentences = [s for s in re.split(r"(?<=[.!?])\s+(?=\S)", question.strip()) if s.strip()]
    denied = negated(" ".join(sentences[:-1])) if len(sentences) > 1 else frozenset()
    kept = [
        (c, label)
        for c, label in labelled
        if (m is None or label.lower() != m.group(1).lower())
        and label.lower() not in _PRONOUNS
        and stem(label.lower()) not in denied
    ]
    return kept or labelled


def said_in_scope(answer: str, question: str, contents: Sequence[str]) -> str:
    """A rendered answer without its sentences scoped to other names of the asked one's list (the context of the
    question names it: "We're sailing to the Outer Isles. How long is the crossing?"); '' when none is left."""
    peers = name_peers(contents)
    parts = re.split(r"\s*(\[\d+\])", answer)  # text, marker, text, marker, ...
    kept: list[str] = []
    dropped = False
    for text, marker in zip(parts[::2], [*parts[1::2], ""], strict=True):
        sentences = [t for t in SENTENCE_SPLIT.split(text.strip()) if t]
        said = [t for t in sentences if not scoped_elsewhere(t, question, peers)]
        dropped = dropped or len(said) < len(sentences)
        if said:
            kept.append(" ".join([*said, marker]).strip())
    return " ".join(kept) if dropped else answer


def misses_the_asking(question: str, labelled: Sequence[tuple[frozenset[str], str]], u: Unit) -> bool:
    """Does a sentence say nothing of what the asking sentence asks, though it says much of the context before it
    ("Customer bought the earbuds and opened them. What's the return window?" and the pairing steps that name the
    earbuds and "open the lid")? Only for a question with context and an asking sentence with words of its own."""
    sentences = [s for s in re.split(r"(?<=[.!?])\s+(?=\S)", question.strip()) if s.strip()]
    if len(sentences) < 2:
        return False
    asking = {stem(w) for w in words(sentences[-1])} | set(words(sentences[-1]))
    context = {stem(w) for s in sentences[:-1] for w in words(s)}
    own = [c for c, label in labelled if label.lower() in asking and stem(label.lower()) not in context]
    return bool(own) and not any(c & (u.terms | u.lead) for c in own)


# A period counted back from today: what happened in it is recorded as it happens, never written in a document.
_RELATIVE_PERIOD = re.compile(
    r"\b(?:(?:last|this|past|previous|current)\s+(?:day|week|month|quarter|year)|yesterday|today|so\s+far|to\s+date|"
    r"year-to-date)\b",
    re.I,
)
# How much or how many of something happened: the past of the question's verb ("did we spend", "have we sold").
_HOW_MUCH_HAPPENED = re.compile(
    r"\bhow\s+(?:much|many)\b[^?]*?\b(?:(?:did|had)\b|(?:have|has)\s+(?:\w+\s+){0,2}?"
    r"(?:\w+ed|spent|sold|made|brought|taken|paid|got|gotten|won|lost|sent|bought|built|run|seen)\b)",
    re.I,
)


def running_period(question: str) -> str:
    """The period counted back from today ("last month") of a question asking how much or how many happened in it
    ("how much did we spend on shipping last month?"), or ''. A document states rules and past facts with their own
    dates; a figure of such a period comes from the data or from what the user told, never from a passage's rule."""
    period = _RELATIVE_PERIOD.search(question)
    return period.group(0) if period and _HOW_MUCH_HAPPENED.search(question) else ""


# A superlative and the class it ranks: "the cheapest wearable", "the most expensive product", "our largest region".
_SUPERLATIVE = re.compile(
    r"\b(?:the|our|its|their)\s+(?P<adjective>(?:most|least)\s+[a-z]+|[a-z]{2,}est)\s+(?P<noun>[a-z][\w-]*)", re.I
)


def superlative(question: str) -> tuple[str, str] | None:
    """The superlative the question asks ("cheapest", "wearable") with the class it ranks, or None."""
    m = _SUPERLATIVE.search(question)
    return (m.group("adjective").lower(), m.group("noun").lower()) if m else None


def superlative_of_other(u: Unit, asked: tuple[str, str]) -> bool:
    """Does the sentence give the asked superlative over another class ("the cheapest product in the catalog" for "the
    cheapest wearable") and never name the asked class? Then it ranks other things than the ones asked."""
    adjective, noun = asked
    for m in _SUPERLATIVE.finditer(u.text):
        if m.group("adjective").lower() == adjective and stem(m.group("noun").lower()) != stem(noun):
            return stem(noun) not in u.terms | u.lead
    return False
