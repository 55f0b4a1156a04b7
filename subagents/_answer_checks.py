"""Checks that a passage's sentence is about what the question asked (its named subject and asked detail)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from cognicore.memory.text import STOPWORDS, stem, terms, words
from cognicore.subagents._answer_shape import LIGHT_VERBS, implied
from cognicore.subagents._passage_units import Unit
from cognicore.subagents._question_numbers import number_units, unit_of, with_digits
from cognicore.subagents._question_terms import labelled_concepts

# A sentence about the document itself ("This dictionary explains the tables, the columns ..."): its words match
# many questions, but it states no fact of them.
ABOUT_DOCUMENT = re.compile(
    r"^(?:this|the)\s+(?:\w+\s+)?(?:dictionary|playbook|policy|document|guide|handbook|manual|page|runbook|faq|notes"
    r"|section)\s+(?:explains|tells|describes|covers|lists|answers|contains|sets out|summari[sz]es)\b"
    # asked: "what does this playbook cover"
    r"|\b(?:this|the)\s+(?:\w+\s+)?(?:dictionary|playbook|document|guide|handbook|manual|runbook|faq)\s+"
    r"(?:explain|tell|describe|cover|list|contain|say)",
    re.I,
)


def about_asked(
    u: Unit,
    labelled: list[tuple[frozenset[str], str]],
    names: frozenset[str],
    vocabulary: frozenset[str],
    *,
    covered: Sequence[frozenset[str]] = (),
) -> bool:
    """True when the sentence is about the asked subject and detail: every name the question asks about (in
    the sentence or its headings), and at least half of its other words the passages use that the headings
    do not give ("battery" in "how long does the Nova Lamp battery last?"). A word no passage uses is the asker's
    paraphrase and is not required, unless the question names its subject. `covered` concepts count as said (a
    figure inside a limit the sentence states)."""
    terms_said = u.terms.union(*covered)
    present = terms_said | u.lead | u.frame
    named = [c for c, _ in labelled if c & names]
    if any(not c & present for c in named):
        return False
    # With the subject named, the other words are the asked detail even when no retrieved passage has them.
    asked = [c for c, _ in labelled if not c & names and (c & vocabulary or named) and not c <= LIGHT_VERBS]
    detail = [c for c in asked if not c & (u.lead | u.frame)]
    said = f"{u.heading} {u.text}"
    if sum(1 for c in detail if c & terms_said or implied(c, said)) * 2 >= len(detail):
        return True
    # A sentence that itself repeats most of the question under a heading that says the rest also answers
    # ("A hub is only needed for more than 50 bulbs" for "how many bulbs can I run before a hub is needed?").
    return sum(1 for c in asked if c & terms_said) * 2 > len(asked)


# A limit stated on a figure: "up to 10%", "within 15 days", "above 30%", "$100 or more", "between 10% and 20%".
_BOUND = re.compile(
    r"\b(?P<word>up to|within|at most|no more than|not more than|under|below|less than|above|over|more than|beyond|"
    r"exceeds?|exceeding|at least|between|after|before)\s+(?:(?:the|a|an|its|their|full|first)\s+){0,2}"
    r"(?P<after>[$€£]?\s?\d[\d.,]*\s?[%a-z]*(?:\s+[a-z]+)?)"
    r"|(?P<before>[$€£]?\s?\d[\d.,]*\s?[%a-z]*(?:\s+[a-z]+)?)\s+or\s+(?:more|less|over|above|under|below|longer)\b",
    re.I,
)


def bound_matches(text: str) -> list[tuple[re.Match[str], list[str]]]:
    """The limits `text` states ("within 15 days", "$50 or more"), each with the tagged figures it bounds."""
    found = []
    for m in _BOUND.finditer(with_digits(text)):
        found.append((m, list(number_units(m.group("after") or m.group("before") or "").values())))
    return found


def states_bound(question: str, text: str) -> bool:
    """True when `text` states a limit in the unit of a figure the question gives ("is 35% off ok?" and "above
    30%", "day 20" and "within 15 days", "an $80 order" and "$100 or more"): the rule that decides the asked
    case, whichever side of the limit it falls."""
    kinds = {figure_kind(tag) for tag in number_units(question).values()}
    return bool(kinds) and any({figure_kind(tag) for tag in tags} & kinds for _, tags in bound_matches(text))


_BETWEEN = re.compile(
    r"\bbetween\s+(?P<low>[$€£]?\s?\d[\d.,]*\s?%?)\s+and\s+(?P<high>[$€£]?\s?\d[\d.,]*\s?[%a-z]*)", re.I
)
_AT_MOST = frozenset(
    {"up to", "within", "at most", "no more than", "not more than", "under", "below", "less than", "before", "less"}
)
_AT_LEAST = frozenset({"at least", "more", "over", "above", "longer"})


_DAYS = {"minute": 1 / 1440, "hour": 1 / 24, "day": 1.0, "week": 7.0, "month": 30.0, "year": 365.0}


def _number(tag: str) -> float | None:
    """A tagged figure's value, times in days ("3week" -> 21.0): "3 weeks" is past "within 5 business days"."""
    digits = re.sub(r"[^\d.]", "", tag.replace(",", ""))
    try:
        return float(digits) * _DAYS.get(unit_of(tag), 1.0)
    except ValueError:
        return None


def holds_figure(question: str, text: str) -> bool | None:
    """Does a limit `text` states in the unit of the question's figure hold that figure ("25% off" and "above
    20%": yes; "between 10% and 20%": no)? None when `text` states no limit in that unit.

    Among rules for ranges of the figure (discount tiers), one for another range answers another case, however
    many words it shares.
    """
    asked = {figure_kind(tag): _number(tag) for tag in number_units(question).values()}
    verdicts: list[bool] = []
    text = with_digits(text)
    for m in _BETWEEN.finditer(text):
        low, high = number_units(m.group("low")), number_units(m.group("high"))
        for tag in (*low.values(), *high.values()):
            figure = asked.get(figure_kind(tag))
            lo, hi = _number(next(iter(low.values()), "")), _number(next(iter(high.values()), tag))
            if figure is not None and lo is not None and hi is not None:
                verdicts.append(lo <= figure <= hi)
                break
    for m in _BOUND.finditer(text):
        after = m.group("after")
        # "above 20%" / "up to 10%" name the side before the figure, "$50 or more" after it.
        word = m.group("word").lower() if after else m.group(0).rsplit(None, 1)[-1].lower()
        for tag in number_units(after or m.group("before") or "").values():
            figure, limit = asked.get(figure_kind(tag)), _number(tag)
            if figure is None or limit is None or word == "between":
                continue
            if word in _AT_MOST:
                verdicts.append(figure <= limit)
            elif word in _AT_LEAST:
                verdicts.append(figure >= limit)
            else:
                verdicts.append(figure > limit)
    return any(verdicts) if verdicts else None


_CLAUSE = re.compile(r"[^,;:.?!]+(?:[.](?=\d)[^,;:.?!]*)*")


def case_concepts(question: str, labelled: Sequence[tuple[frozenset[str], str]]) -> list[frozenset[str]]:
    """The concepts of the clause that states the question's figure ("my client wants 25% off the list price" in
    "..., who signs that off?"): the case a limit holding that figure decides, said by the limit in its words."""
    for clause in _CLAUSE.findall(question):
        if number_units(clause):
            # The clause read as the question is ("25% off" is a discount), then its concepts in the question's.
            said = {label for _, label in labelled_concepts(clause, {})}
            return [c for c, label in labelled if label in said]
    return []


_TIME_UNITS = frozenset({"minute", "hour", "day", "week", "month", "year"})


def figure_kind(tag: str) -> str:
    """What a tagged figure measures: "3week" and "14day" are both times ("after 3 weeks" vs "within 14 days")."""
    unit = unit_of(tag)
    return "time" if unit in _TIME_UNITS else unit


# A sentence that opens with its own condition: "If the battery lasts less than a day, the watch may be covered".
# ("When the VPN cannot connect, first ..." sets the scene of a procedure instead.)
_LEADING_CONDITION = re.compile(r"^\W*(?:if|unless|in case)\b(?P<condition>[^,;:]+)[,;:]", re.I)


_GOES_ON = re.compile(r"^\s*(?:it|this|that|they|so|not|still|nothing)\b", re.I)
MIN_CONDITION_TERMS = 2  # a condition of one word ("If needed, ...") names no case


def governed_elsewhere(text: str, asked: frozenset[str]) -> bool:
    """True when the sentence opens with a condition that shares no word with the question: what it says holds in
    another case ("covered by warranty?" after a drop in a pool is not answered by "If the battery lasts less than a
    day, the watch may be covered")."""
    m = _LEADING_CONDITION.match(text)
    if m is None or _GOES_ON.match(m.group("condition")):
        return False  # "If it still fails, ...": the next step of what came before, not another case
    said = frozenset(terms(m.group("condition")))
    return len(said) >= MIN_CONDITION_TERMS and not said & asked


# A figure with its unit right before the thing, adjectives between: "the 2-year limited warranty".
_MEASURE_BEFORE = (
    r"\b\d+(?:[.,]\d+)?(?:[\s-]+business)?[\s-]+[a-z]+?s?"
    r"(?:[\s-]+(?!(?:about|the|a|an|of|for|on|to|with|by|in|at|from|and|or)\b)[a-z]+){{0,2}}?[\s-]+{head}\b"
)


def measures_head(text: str, head: Sequence[str]) -> bool:
    """True when a figure qualifies the asked thing directly ("covered by the 2-year warranty" for "how long is the
    warranty"): a property of the thing, true whatever condition the sentence opens with."""
    if not head:
        return False
    pattern = _MEASURE_BEFORE.format(head=r"[\s-]+".join(re.escape(w) for w in head))
    return bool(re.search(pattern, text, re.I))


# A sentence scoped to named places or groups: "takes 1 to 2 hours in Lisbon and Porto".
_NAME = r"(?:the\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*"
_SCOPE = re.compile(rf"\b(?:in|to|for|from|across)\s+({_NAME}(?:(?:\s*,\s*|\s+and\s+|\s+or\s+){_NAME})*)")
# The place or group a question closes a clause with: "how quick is express delivery to faro".
_ASKED_SCOPE = re.compile(
    r"\b(?:in|to|for|from)\s+(?:the\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"
    r"(?=\s*(?:[?.!,;]|$|\s+(?:and|or|please|pls|now|then)\b))",
    re.I,
)


def scoped_elsewhere(
    text: str, question: str, vocabulary: frozenset[str], names: frozenset[str] = frozenset()
) -> str | None:
    """The place the question closes on ("to faro", "in east timor") when the sentence holds for other named
    places or groups ("in Lisbon and Porto"): the same detail about another subject. None otherwise. The place is
    one no passage knows, or one the documents name (`names`: stems of the words they always capitalise) that the
    sentence's scope does not."""
    scope = {stem(w) for m in _SCOPE.finditer(text) for w in words(m.group(1)) if w not in STOPWORDS}
    if not scope:
        return None
    for m in _ASKED_SCOPE.finditer(question):
        place = [w for w in words(m.group(1).lower()) if w not in STOPWORDS]
        stems = {stem(w) for w in place}
        if not place or stems & scope:
            continue
        if stems.isdisjoint(vocabulary) or stems <= names:
            return " ".join(place)
    return None


# "How many weeks does a promotion run for?", "when is the weekly meeting held?": the subject of a question asking
# for a figure or a time is the noun right after its auxiliary.
_SUBJECT_AFTER_AUX = re.compile(
    r"^\W*(?:how\s+(?:long|many\s+[a-z]+|much|soon|fast|quickly|often)|when|what\s+(?:day|date|time|year))\s+"
    r"(?:do|does|did|is|are|was|were|will|can|could|must|should)\s+(?:(?:the|a|an|our|my|your|their|its|each)\s+)?"
    r"(?P<subject>[a-z][a-z-]+)(?:\s+[a-z]|\s*[?.!]*$)",  # "how long is the warranty?" asks of the warranty
    re.I,
)


def asked_subject(question: str, roles: frozenset[str]) -> str | None:
    """The word naming what a figure or a time is asked about ("promotion" in "how many weeks does a promotion run
    for?"), or None: a figure in a sentence about another thing ("a production run sold out in six weeks") does
    not answer. A person or a role as the subject ("do customers have", "do I get") may go unsaid."""
    # The asking sentence is the last: "It's about the glasses. How long is the warranty?" asks of the warranty.
    m = _SUBJECT_AFTER_AUX.match(re.split(r"(?<=[.!?])\s+(?=\S)", " ".join(question.split()).strip())[-1])
    if m is None:
        return None
    word = m.group("subject").lower()
    return None if word in STOPWORDS or stem(word) in roles or word in _PEOPLE else word


_PEOPLE = frozenset("i we you they he she someone somebody anyone anybody everyone people customer customers".split())


def bigrams(text: str) -> frozenset[tuple[str, str]]:
    """The pairs of stems written next to each other (only a space between) in `text`: the phrases it uses."""
    pairs: set[tuple[str, str]] = set()
    for run in re.split(r"[^\w\s-]+", text):
        stems = [stem(w.lower()) for w in words(run)]
        pairs.update(pairwise(stems))
    return frozenset(pairs)


def plural(word: str) -> bool:
    """A plural noun ("orders"), not a word ending in -ss ("express", "business") or whose stem keeps its s."""
    return word.endswith("s") and not word.endswith(("ss", "us", "is")) and stem(word) != word


def other_kind(
    text: str, question: str, phrases: frozenset[tuple[str, str]], synonyms: dict[str, frozenset[str]] | None = None
) -> bool:
    """True when the sentence names the question's thing with another qualifier and never the asked one ("Standard
    shipping takes ..." for "how long does express shipping take?"): the same detail of another kind of it. Only a
    phrase the documents write (`phrases`, from `bigrams`) is a kind of thing ("express shipping"); "p4s get" is a
    subject and its verb. The asked qualifier said in another word of its (`synonyms`: "shipping takes" for "delivery
    take") is the same kind."""
    asked = [w.lower() for w in words(question)]
    said = bigrams(text)
    said_stems = {b for pair in said for b in pair} | {stem(w.lower()) for w in words(text)}
    typed = [pair for run in re.split(r"[^\w\s-]+", text) for pair in pairwise(words(run))]
    for qualifier, thing in pairwise(asked):
        kind = (stem(qualifier), stem(thing))
        alike = (synonyms or {}).get(kind[0], frozenset()) | {kind[0]}
        if qualifier in STOPWORDS or thing in STOPWORDS or kind not in phrases or alike & said_stems:
            continue
        if plural(qualifier):
            continue  # "orders ship", "tickets close": a plural noun is the subject of a verb, not a qualifier
        # "Island orders take 6 to 12 days": a plural noun before the word is its subject, not its kind.
        if any(stem(b) == kind[1] and a not in STOPWORDS and not a.isdigit() and not plural(a) for a, b in typed):
            return True
    return False
