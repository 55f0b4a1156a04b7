"""Rendering the chosen sentences of an extractive answer: grouped by passage, cited, with headings when needed."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cognicore.memory.text import words
from cognicore.subagents._passage_units import Unit
from cognicore.subagents.compose_llm import ComposedAnswer

LABEL = re.compile(r"^\s*([A-Za-z][\w ]{0,24}):\s")  # "Reasons: ...", "Decided by: ..."
_PRONOUN = re.compile(r"(It|They|This|These|Its|Their)\b")


def render(chosen: list[Unit], asked: frozenset[str], shapes: Sequence[re.Pattern[str]] = ()) -> ComposedAnswer:
    """Group the sentences by passage (best passage first), in reading order, each group cited once.

    `shapes` are what an answer to the question looks like (a date for "when"): a heading that has it when
    its sentence does not ("2024-06-03: ...") is kept in front of the sentence.
    """
    first_seen: dict[int, int] = {}
    for rank, u in enumerate(chosen):
        first_seen.setdefault(u.passage, rank)
    parts: list[str] = []
    for passage in sorted(first_seen, key=first_seen.__getitem__):
        sentences = []
        told: frozenset[str] = frozenset()
        for u in sorted((u for u in chosen if u.passage == passage), key=lambda u: u.position):
            text = u.text if u.text[-1] in ".!?:" else u.text + "."
            # A bare "List price: $149." needs the heading that says what it is about.
            # So does "It is the strongest region for that category." under the region's heading.
            missing = (u.lead - u.terms - told) & asked
            pronoun = bool(_PRONOUN.match(text)) and not u.lead <= told
            short = len(words(text)) <= 15
            shaped = any(a.search(u.heading) and not a.search(text) for a in shapes)
            # "List price: $19, the cheapest product in the catalog.": a labelled line names no subject; its
            # heading does ("ZX-10 Zephyr Kettle").
            unnamed = short and bool(LABEL.match(text)) and bool(u.lead - u.terms)
            if ((missing and short) or pronoun or shaped or unnamed) and u.heading and not u.heading.endswith("?"):
                text = f"{u.heading}: {text}"
            told |= u.terms | u.lead
            sentences.append(text)
        parts.append(f"{' '.join(sentences)} [{passage}]")
    return ComposedAnswer(text=" ".join(parts), used=sorted(first_seen))
