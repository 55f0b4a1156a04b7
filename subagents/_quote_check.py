"""The general check at the end of the documents path: does the quote account for the thing the question asks?

An extractive answer shares words with the question; this reads the question's structure (the things it names by
two words, the person it asks for an act) against the quoted sentences and the passages' words, so a quote about
another thing of the same modifier, or naming someone for another act, is never given as the answer."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cognicore.memory.text import STOPWORDS, stem, terms, words
from cognicore.subagents._absence_unknown import FRAME_WORDS, VAGUE_WORDS
from cognicore.subagents._answer_checks import plural
from cognicore.subagents._answer_shape import LIGHT_VERBS, ROLE_WORDS, names_person
from cognicore.subagents._passage_units import Unit
from cognicore.subagents._question_terms import spelling_variants

__all__ = ["unaccounted"]


# Nouns that name the value asked, frame it or qualify it vaguely (general English), not a thing a quote must name:
# "the restocking charge", "the loan period", "the member rate", "the battery life", "the return policy"; nor a word
# for any thing of a kind ("audio gear", "smart-home stuff"), which a rule for the kind covers.
_VALUE_HEADS = (
    FRAME_WORDS
    | VAGUE_WORDS
    | frozenset(
        stem(w)
        for w in """cost costs price prices pricing fee fees charge charges policy policies rule rules life lifetime
        term terms status info information detail details rate rates gear stuff thing things item items product
        products device devices unit units kit kits equipment goods merchandise piece pieces""".split()
    )
)
# Words after which the previous word is a verb, not a noun's head ("does the watch survive a swim?").
_OBJECT_START = frozenset("a an the my your our their his her its it them me us him this that these those".split())
_CLAUSES = re.compile(r"[;:,]\s+|\s+(?:and|but|while|whereas)\s+")
# What may follow a thing that ends a clause: a conjunction or a relative clause's subject ("a gift card they got").
_CLOSERS = frozenset("and or but that which who they we you i he she someone".split())
_PRONOUNS = frozenset(
    """myself yourself himself herself itself ourselves yourselves themselves oneself someone somebody anyone anybody
    everyone everybody nobody something anything everything nothing""".split()
)
_ANYONE = frozenset(stem(w) for w in "people person persons customer customers user users staff everyone".split())
_PARTICLES = frozenset("back away along around".split())
_AUXILIARIES = frozenset("do does did can could will would should must may might shall".split())
_TOKEN = re.compile(r"[A-Za-z][\w'’-]*|[^\w\s]")
# "Who chairs ...?", "who heads up ...": the act a person is asked for.
_WHO_ACTS = re.compile(r"(?:^|[.!?;:,]\s+|\s[-–—]\s+)who\s+(?!(?:'s|’s)\b)([a-z]{3,})\b", re.I)
# Verbs that carry little of their own ("who made the call", "who took the decision"): the noun after says the act.
_LIGHT_ACTS = frozenset(stem(w) for w in "make makes made take takes took give gives gave put puts set sets".split())


def _compounds(question: str) -> list[tuple[str, str]]:
    """The two-word things a question names, modifier then head, as typed ("gift cards", "phone browser"): two
    lower-case content words closing a clause or its object ("... for gift cards?", "... a gift card they got").
    Not a head of value or frame, not a plural modifier (the subject of a verb: "earbuds qualify"), not a subject
    and its verb after an auxiliary ("does the fare column mean ...")."""
    tokens = _TOKEN.findall(question)
    lowered = [t.lower() for t in tokens]
    found = []
    for i in range(len(tokens) - 1):
        m, h = lowered[i], lowered[i + 1]
        if not (m[0].isalpha() and h[0].isalpha()) or tokens[i][0].isupper() or tokens[i + 1][0].isupper():
            continue
        after = lowered[i + 2] if i + 2 < len(tokens) else ""
        if after[:1].isalpha() and after not in _CLOSERS:
            continue  # not where a thing ends: "battery dies in ...", "pro last week", "password manager people"
        if {m, h} & (STOPWORDS | _PRONOUNS) or min(len(m), len(h)) < 3 or plural(m):
            continue
        if stem(h) in _VALUE_HEADS or stem(m) in VAGUE_WORDS or {stem(m), stem(h)} & LIGHT_VERBS:
            continue
        before, crossed = i - 1, 0
        while before >= 0 and (lowered[before] in _OBJECT_START or tokens[before][0].isupper()):
            before -= 1
        if before >= 0 and lowered[before] not in STOPWORDS and lowered[before][:1].isalpha():
            before, crossed = before - 1, 1  # "does the fare column mean": one more word of the subject
            while before >= 0 and lowered[before] in _OBJECT_START:
                before -= 1
        if before >= 0 and lowered[before] in _AUXILIARIES and crossed <= 1:
            continue
        found.append((m, h))
    return found


def _names_someone(clause: str, question: str, common: frozenset[str]) -> bool:
    """Does the clause name a particular person (a full name) or a role ("the duty manager"), not people at large nor
    a body the question names itself ("the finance meeting")?"""
    roles = {stem(w) for w in words(clause)} & ROLE_WORDS - _ANYONE - {stem(w) for w in words(question)}
    return bool(roles) or names_person(clause, question, common)


def _known(word: str, vocabulary: frozenset[str], synonyms: dict[str, frozenset[str]]) -> bool:
    """Does a passage use the word in some form: its stem, a word of its paraphrase group, or a close spelling?"""
    stems = synonyms.get(stem(word), frozenset()) | {stem(word)}
    return bool(stems & vocabulary) or bool(spelling_variants(stem(word), vocabulary))


def unaccounted(
    question: str,
    quoted: Sequence[Unit],
    vocabulary: frozenset[str],
    synonyms: dict[str, frozenset[str]],
    common: frozenset[str] = frozenset(),
) -> str | None:
    """The part of what the question asks that the quoted sentences do not account for, or None.

    Guarantees, from the question's structure and the passages' words only: a thing the question names by two words
    ("gift cards", "a phone browser") whose head noun no passage uses in any form is never answered by a sentence
    using its modifier for something else ("gift buyers", "a code sent to their phone"); and a person asked for an
    act ("who chairs the weekly meeting?") that no passage writes is never answered by a sentence naming someone
    for another act ("escalated to the duty manager"). `common`: stems of the capitals most passages write (the
    company's name), which name no one."""
    if not quoted:
        return None
    said = frozenset().union(*(u.terms for u in quoted))
    for modifier, head in _compounds(question):
        if stem(modifier) in said and not _known(head, vocabulary, synonyms):
            return f"{modifier} {head}"
    # A sentence under a heading that names what the act is on ("Decided by: the board" under "... expansion
    # delayed") says who did it too.
    act = _WHO_ACTS.search(question)
    light = LIGHT_VERBS | _LIGHT_ACTS
    if (
        act
        and act.group(1).lower() not in STOPWORDS
        and stem(act.group(1).lower()) not in light
        and not _known(act.group(1), vocabulary, synonyms)
    ):
        # The act is worded otherwise, if at all: one clause must name someone together with what the act is on.
        # What the act is on: the rest of its clause ("pushed back the Latin America expansion, and until when").
        rest = _CLAUSES.split(re.split(r"[?.!]", question[act.end() :])[0])[0]
        on = {stem(w) for w in words(rest) if w not in STOPWORDS | _PARTICLES} & vocabulary
        clauses = [(c, u.lead) for u in quoted for c in _CLAUSES.split(u.text)]
        if not any(on <= set(terms(c)) | lead and _names_someone(c, question, common) for c, lead in clauses):
            return f"who {act.group(1).lower()}"
    return None
