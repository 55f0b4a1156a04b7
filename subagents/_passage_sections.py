"""A passage read by its sections, each with the headings above it: what a chunk says of one subject, and whether
a section states a rule for everything (its headings name nothing in particular)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cognicore.memory.text import stem, words

if TYPE_CHECKING:
    from cognicore.memory.knowledge import Passage

__all__ = ["covers_generally", "general_sections", "said_with", "subject_codes", "subject_sections"]

_HEADING_LINE = re.compile(r"^\s{0,3}(#{1,6})\s+(.*)$")
# A heading naming something in particular: a capitalised word after its first ("Opened Nova Lamps"), a date or
# a code ("2024-06-03: ...", "LMP-200 ...").
_NAMED = re.compile(r"(?<=\w)[\s:(-]+[A-Z][\w-]+|\d")


def _parts(passage: Passage) -> list[tuple[list[tuple[int, str]], str]]:
    """Each section's headings (level, text; the title first, at level 0) and its body."""
    stack: list[tuple[int, str]] = [(0, passage.title)]
    parts: list[tuple[list[tuple[int, str]], str]] = []
    body: list[str] = []
    for line in passage.content.splitlines():
        if m := _HEADING_LINE.match(line):
            parts.append((stack, " ".join(body)))
            level = len(m.group(1))
            stack = [(lv, h) for lv, h in stack if lv < level] + [(level, m.group(2))]
            body = []
        else:
            body.append(line)
    parts.append((stack, " ".join(body)))
    return parts


def _text(headings: list[tuple[int, str]], body: str) -> str:
    return " ".join([h for _, h in headings] + [body])


def _holds(said: set[str], forms: Sequence[str]) -> bool:
    """Does a set of stems hold one of a word's full-text forms ("batteri:*" is a prefix)?"""
    exact = {stem(f) for f in forms if not f.endswith(":*")}
    prefixes = [f.removesuffix(":*") for f in forms if f.endswith(":*")]
    return bool(said & exact) or any(w.startswith(p) for w in said for p in prefixes)


def _names(said: set[str], subject: Sequence[str]) -> bool:
    return all(any(w.startswith(stem(s)) for w in said) for s in subject)


def subject_sections(passages: Sequence[Passage], subject: Sequence[str]) -> list[str]:
    """The sections (with their headings) of the passages that name every word of the subject."""
    found = []
    for p in passages:
        for headings, body in _parts(p):
            text = _text(headings, body)
            if _names({stem(w) for w in words(text)}, subject):
                found.append(text)
    return found


# A value written as a code in running text ("open a P3 ticket", "waterproof (IP67)", "E26 bulbs"): letters then
# digits, no hyphen (a hyphenated code is an item's own number, "WEA-200"), not a quarter ("Q3").
_VALUE_CODE = re.compile(r"\b(?!Q[1-4]\b)[A-Z]{1,3}\d{1,3}\b")


def subject_codes(passages: Sequence[Passage], subject: Sequence[str]) -> set[str]:
    """The codes the bodies (not the headings) of the subject's sections write: values of some attribute of it."""
    found: set[str] = set()
    for p in passages:
        for headings, body in _parts(p):
            if _names({stem(w) for w in words(_text(headings, body))}, subject):
                found |= set(_VALUE_CODE.findall(body))
    return found


def said_with(passage: Passage, subject: Sequence[str], forms: Sequence[str]) -> bool:
    """Does a section of the passage that names the subject say the asked word in one of its forms? A chunk of a
    catalog holds several products: "10-day battery" under another product's heading says nothing of the subject's
    battery; a document's title names the subject of every section under it."""
    return any(_holds({stem(w) for w in words(t)}, forms) for t in subject_sections([passage], subject))


def covers_generally(passage: Passage, asked: Sequence[Sequence[str]]) -> bool:
    """Does a section hold every asked word (each in one of its forms) under headings that name nothing in particular
    ("## Opened products: A 10% restocking fee applies ..."), a rule that may cover the subject asked about?"""
    for headings, body in _parts(passage):
        said = {stem(w) for w in words(_text(headings, body))}
        named = any(_NAMED.search(h) for level, h in headings if level >= 2)
        if not named and all(_holds(said, forms) for forms in asked):
            return True
    return False


def general_sections(passage: Passage) -> list[str]:
    """The sections (with their headings) whose headings name nothing in particular: rules for everything."""
    return [
        _text(headings, body)
        for headings, body in _parts(passage)
        if not any(_NAMED.search(h) for level, h in headings if level >= 2)
    ]
