"""How the offline composer reads a question against the retrieved passages' words: figures with their units,
codes the passages use, typos and shortened words mapped to the passages' own words."""

from __future__ import annotations

from cognicore.subagents._question_numbers import number_units, unit_words
from cognicore.subagents._question_terms import (
    derived_forms,
    labelled_concepts,
    name_parts,
    noise_code,
    proper_nouns,
    shortened,
    spelling_variants,
)

__all__ = ["MAX_TAG_LETTERS", "read_question"]

MAX_TAG_LETTERS = 2  # a typed word this short and unknown to the passages is a tag ("ab", "zq")


def read_question(
    question: str, vocabulary: frozenset[str], synonyms: dict[str, frozenset[str]]
) -> list[tuple[frozenset[str], str]]:
    """The question's concepts with the word that named each, read against the passages' vocabulary.

    Code-like tags no passage uses are dropped; a word no passage uses is widened to the passages'
    words it is a likely misspelling of ("retrun" -> "return").
    """
    read: list[tuple[frozenset[str], str]] = []
    parts = name_parts(question)
    capitals = proper_nouns(question)
    tagged = number_units(question)
    units = unit_words(question)
    for concept, label in labelled_concepts(question, synonyms):
        if label in units:
            continue  # the unit of a figure of the question, read with it
        if label in tagged and concept == frozenset({label}):
            # "35%" matches a sentence's "35%", never its "day 35"; a figure no passage writes is the asker's
            # case ("an $80 order"), dropped like an unknown code.
            if tagged[label] not in vocabulary:
                continue
            concept = frozenset({tagged[label]})
        # "the p4s": a code the passages use, in the plural.
        concept = frozenset(
            t[:-1] if t[-1:] == "s" and t[:-1] in vocabulary and any(ch.isdigit() for ch in t) else t for t in concept
        )
        # A code is what was typed ("zq7", "ab"), not a stem the stemmer cut short ("rating" -> "rat").
        typed_code = not label.isalpha() or len(label) <= MAX_TAG_LETTERS
        # A capital the asker typed mid-question ("a P.O. box", "the IT team") names a thing: never a dropped tag.
        if typed_code and all(noise_code(t, vocabulary) for t in concept) and not concept & (parts | capitals):
            continue
        if not concept & vocabulary:
            variants = frozenset().union(
                *(spelling_variants(t, vocabulary) | shortened(t, vocabulary) for t in concept)
            )
            concept = concept.union(*(synonyms.get(v, frozenset({v})) for v in variants))
        read.append((concept | derived_forms(concept, vocabulary), label))
    return read
