"""The text conventions of a composed answer: citation markers that match the listed sources, honest misses."""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping, Sequence

CITATION = re.compile(r"\[(\d+)\]")


def nothing_found(question: str) -> str:
    """The honest answer when no passage is about the question."""
    topic = " ".join(question.split()).rstrip("?.! ") or "this question"
    return f'The knowledge base has nothing on "{topic}".'


def not_covered(question: str, found: Sequence[str], missing: Sequence[str], title: str) -> str:
    """The honest answer when the closest passage misses part of the question: what was found, what was not."""
    if not found:
        return f"{nothing_found(question)} {_NOT_SURE}"
    where = f' ("{title}")' if title else ""
    # A word is found or missing, never both: when every asked word is there, no one statement joins them.
    missing = [m for m in missing if m not in found] or ["in one statement that answers the question"]
    return (
        f"{nothing_found(question)} The closest passage{where} mentions {', '.join(found)} but not "
        f"{', '.join(missing)}. {_NOT_SURE}"
    )


def closest_miss(text: str) -> str:
    """The sentence of an offline miss saying what the closest passage has and lacks ('' when there is none)."""
    match = _CLOSEST.search(text)
    return match.group(1) if match else ""


_NOT_SURE = "I am not sure of the answer."
_CLOSEST = re.compile(r"(The closest passage.*? but not .*?\.) " + re.escape(_NOT_SURE))


def cite_in_order(
    text: str, used: Sequence[int], *, source_of: Mapping[int, Hashable] | None = None
) -> tuple[str, list[int]]:
    """Markers renumbered [1], [2]... in the order the text first cites them, and the passages in that order.

    Passages arrive numbered memory first, then documents, so an answer may cite [7] and [9] of a list a
    reader never sees; after this, marker [k] is the k-th listed source. Markers of passages not in `used`
    are dropped; used passages the text never cites are listed after the cited ones. With `source_of`
    (passage -> its document), the chunks of one document share one marker and the document is listed once,
    by its first cited passage.
    """
    allowed = set(used)
    cited = [n for n in dict.fromkeys(int(m) for m in CITATION.findall(text)) if n in allowed]
    cited += [n for n in dict.fromkeys(used) if n not in cited]
    source = source_of or {}
    first: dict[Hashable, int] = {}
    for n in cited:
        first.setdefault(source.get(n, ("passage", n)), n)
    order = list(first.values())
    number = {n: order.index(first[source.get(n, ("passage", n))]) + 1 for n in cited}
    renumbered = CITATION.sub(lambda m: f"[{number[int(m.group(1))]}]" if int(m.group(1)) in number else "", text)
    renumbered = _REPEATED_MARKER.sub(r"\1", renumbered)  # "[1] [1]" once two chunks became one source
    return re.sub(r"[ \t]+([.,;:!?])", r"\1", re.sub(r"[ \t]{2,}", " ", renumbered)).strip(), order


_REPEATED_MARKER = re.compile(r"(\[\d+\])(?:[ \t]*\1)+")
