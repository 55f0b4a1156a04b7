"""Checks that a passage's sentence is about what the question asked (its named subject and asked detail)."""

from __future__ import annotations

from cognicore.subagents._answer_shape import LIGHT_VERBS, implied
from cognicore.subagents._passage_units import Unit


def about_asked(
    u: Unit, labelled: list[tuple[frozenset[str], str]], names: frozenset[str], vocabulary: frozenset[str]
) -> bool:
    """True when the sentence is about the asked subject and detail: every name the question asks about (in
    the sentence or its headings), and at least half of its other words the passages use that the headings
    do not give ("battery" in "how long does the Nova Lamp battery last?"). A word no passage uses is the asker's
    paraphrase and is not required, unless the question names its subject."""
    present = u.terms | u.lead | u.frame
    named = [c for c, _ in labelled if c & names]
    if any(not c & present for c in named):
        return False
    # With the subject named, the other words are the asked detail even when no retrieved passage has them.
    asked = [c for c, _ in labelled if not c & names and (c & vocabulary or named) and not c <= LIGHT_VERBS]
    detail = [c for c in asked if not c & (u.lead | u.frame)]
    said = f"{u.heading} {u.text}"
    if sum(1 for c in detail if c & u.terms or implied(c, said)) * 2 >= len(detail):
        return True
    # A sentence that itself repeats most of the question under a heading that says the rest also answers
    # ("A hub is only needed for more than 50 bulbs" for "how many bulbs can I run before a hub is needed?").
    return sum(1 for c in asked if c & u.terms) * 2 > len(asked)
