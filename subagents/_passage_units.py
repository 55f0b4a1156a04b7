"""Passages split into sentences and list items with their headings: what the offline composer quotes."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from cognicore.memory.text import terms, words
from cognicore.subagents._question_numbers import number_units

SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(\[])")
LIST_MARKER = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.+?)\s*#*\s*$")
MARKUP = re.compile(r"\*\*|__|`")
_BOLD_LEAD = re.compile(r"^\s*(?:\*\*|__)([^*_]{2,60}?)(?:\*\*|__)")


@dataclass(frozen=True, slots=True)
class Unit:
    """A sentence (or list item) of a passage, with the headings it sits under."""

    passage: int  # the passage's index, as cited
    order: int  # rank of the passage in the retrieved list
    position: int  # place in the passage
    text: str
    heading: str  # the nearest heading above it
    terms: frozenset[str]
    lead: frozenset[str]  # terms of the nearest heading: what the sentence is about
    frame: frozenset[str]  # terms of the title and the outer headings
    fragment: bool  # starts mid-sentence (the passage began inside it)
    label: str = ""  # the bold label opening its list item or paragraph ("Standard shipping"): its subject


def split_units(order: int, passage: dict[str, Any]) -> list[Unit]:
    """Split a passage into sentences and list items, remembering the headings they sit under."""
    index = int(passage["index"])
    title_terms = frozenset(terms(str(passage.get("title") or "")))
    headings: dict[int, str] = {}
    blocks: list[tuple[str, dict[int, str]]] = []
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            blocks.append((" ".join(paragraph), dict(headings)))
            paragraph.clear()

    for line in str(passage.get("content") or "").splitlines():
        if match := HEADING.match(line):
            flush()
            level = len(match.group(1))
            headings = {lv: h for lv, h in headings.items() if lv < level}
            headings[level] = MARKUP.sub("", match.group(2))
        elif not line.strip() or set(line.strip()) <= set("|-: "):
            flush()
        elif line.lstrip().startswith("|"):  # a table row stands alone
            flush()
            paragraph.append(line.strip().strip("|").replace("|", ";"))
            flush()
        elif LIST_MARKER.match(line):  # a list item starts a block; its wrapped lines continue it
            flush()
            paragraph.append(LIST_MARKER.sub("", line).strip())
        else:
            paragraph.append(line.strip())
    flush()
    units: list[Unit] = []
    for text, above in blocks:
        # "**Island** orders go by ferry ... Shipping costs $9 and is free on orders of $80 or more.": a
        # bold label opening a list item or paragraph is the subject of each of its sentences.
        label = _BOLD_LEAD.match(text)
        subject = frozenset(terms(label.group(1))) if label else frozenset()
        heading = above[max(above)] if above else ""
        lead = frozenset(terms(heading))
        frame = title_terms.union(*(terms(h) for h in above.values() if h != heading)) - lead
        # The case the sentence before named ("... is a breach") and that sentence's terms.
        case: frozenset[str] = frozenset()
        defined: frozenset[str] = frozenset()
        for sentence in SENTENCE_SPLIT.split(MARKUP.sub("", text)):
            sentence = sentence.strip()
            if len(words(sentence)) >= 2:
                fragment = not units and sentence[0].islower()
                # A number also as a tag with its unit ("35%"): a question's "35%" is not this sentence's "day 35".
                unit_terms = frozenset(terms(sentence)) | frozenset(number_units(sentence).values()) | subject
                # "A ticket that passes its SLA without a response is a breach. Breaches of P1 tickets are escalated
                # to ...": the second sentence says the case the first defined ("breaches" are those tickets).
                about = defined if unit_terms & case else frozenset()
                units.append(
                    Unit(
                        index,
                        order,
                        len(units),
                        sentence,
                        heading,
                        unit_terms | about,
                        lead,
                        frame,
                        fragment,
                        label.group(1) if label else "",
                    )
                )
                named = _NAMES_CASE.search(sentence)
                case = frozenset(terms(named.group("case"))) if named else frozenset()
                defined = unit_terms
    return units


def with_consequence(chosen: list[Unit], units: list[Unit]) -> list[Unit]:
    """The chosen sentences plus the one that follows the best one's run in its section (what happens next).

    "What happens if nobody answers a ticket in time?" matches the rule's condition ("... is a breach"); what
    follows from it is the next sentence under the same heading ("Breaches are escalated to ...").
    """
    if not chosen:
        return chosen
    first = chosen[0]
    same = sorted((u for u in units if u.passage == first.passage), key=lambda u: u.position)
    picked = {(u.passage, u.position) for u in chosen}
    following = [u for u in same if u.position > first.position]
    for i, u in enumerate(following):
        if (u.passage, u.position) in picked:
            continue
        if u.heading != first.heading or u.text.startswith("See "):
            return chosen
        # "... without a response is a breach." names the case; what happens is said of it next ("Breaches are ...").
        named = _NAMES_CASE.search(u.text)
        after = following[i + 1] if i + 1 < len(following) else None
        if named and after and after.heading == u.heading and set(terms(named.group("case"))) & after.terms:
            return [*chosen, u, after]
        return [*chosen, u]
    return chosen


_NAMES_CASE = re.compile(r"\b(?:is|are|counts as|count as)\s+(?:a|an|called)\s+(?P<case>[a-z]+)\W*$", re.I)


# A sentence that extends the rule just before it: "Anything beyond that needs ...", "Otherwise, ...".
_CONTINUES = re.compile(
    r"^\W*(?:(?:anything|everything|any\s+\w+)\s+)?(?:beyond|above|over|below|outside|after|except|apart from|"
    r"other than)\s+(?:that|this|these|those)\b|^\W*(?:otherwise|in that case|if not)\b",
    re.I,
)


def with_continuation(chosen: list[Unit], units: list[Unit]) -> list[Unit]:
    """The chosen sentences plus the one right after the best one when it extends its rule ("Support agents can
    approve one late return a year." + "Anything beyond that needs the lead's approval."): quoted alone, the first
    states a limit without what lies past it."""
    if not chosen:
        return chosen
    first = chosen[0]
    after = [u for u in units if u.passage == first.passage and u.position == first.position + 1]
    if not after or after[0] in chosen or after[0].heading != first.heading or not _CONTINUES.match(after[0].text):
        return chosen
    return [*chosen, after[0]]


# "its priority: P1 (...) within 4 hours, P2 (...) within 8 hours", "four categories: Audio, Wearables and Home":
# a class word, a colon, then a list whose items open with a name or a code.
_LISTED = re.compile(r"\b([a-z][a-z-]{2,})\s*:\s+([^:]+)$", re.I)
_ASIDE = re.compile(r"\([^()]*\)")
_ITEM_SPLIT = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")
_MEMBER = re.compile(r"^(?=[A-Z0-9])[\w-]*(?:[A-Z][\w-]*|\d[\w-]*)$")
MIN_MEMBERS = 2


def class_members(units: list[Unit]) -> dict[str, frozenset[str]]:
    """The members the documents list for a class word ("priority" -> p1, p2, p3, p4): a question asking "what
    priority" is answered by a sentence naming "a P3 ticket", which never writes the class word."""
    found: dict[str, set[str]] = {}
    for u in units:
        m = _LISTED.search(u.text)
        if m is None:
            continue
        items = [i.split() for i in _ITEM_SPLIT.split(_ASIDE.sub(" ", m.group(2)).strip(" .;")) if i.split()]
        members = [i[0] for i in items if _MEMBER.match(i[0])]
        if len(members) >= MIN_MEMBERS and len(members) == len(items):
            key = next(iter(terms(m.group(1))), "")
            if key:
                found.setdefault(key, set()).update(t for w in members for t in terms(w))
    return {k: frozenset(v) for k, v in found.items()}
