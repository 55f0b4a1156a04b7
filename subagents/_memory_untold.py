"""An honest miss from memory, checked: "what's my quota?" when the user never told one is answered plainly.

A question that asks for one of the user's own things by name ("what's my employee number?", "do you know my
quota for this quarter?", "what time does my shift start?") can only be answered by what the user told. When no
fact of theirs, current or past, and no saying recalled for the question mentions that thing (by its words or
their memory paraphrases), the plain answer is that they have not told it, and what was checked. Any told word
of the thing, any told value of its kind (a figure for a rate, a date for a birthday, a name for a car) and any
retrieved document naming it (a policy's word: "my return window") keep the question to the usual (unsure) path.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cognicore.memory.facts import FactStore
from cognicore.memory.stream import MemoryStream
from cognicore.memory.text import STOPWORDS, stem, terms
from cognicore.subagents._memory_asks import only_asks
from cognicore.subagents._memory_kind import Kind, asked_kind, holds_kind
from cognicore.subagents.memory_answer import topic_concepts, widened

__all__ = ["asked_own_thing", "told_near", "untold_answer", "untold_text"]

# The asked thing stands right after "my" in the question's head: "what's my X", "when is my X", "do you know my
# X", "what time does my X start", "remind me when my X ends" (general English question shapes).
_OWN_HEAD = re.compile(
    r"^\W*(?:(?:hey|hi|so|and|ok|okay|quick\s+one|sorry)\W+)*(?:(?:can|could)\s+you\s+)?"
    r"(?:(?:remind|tell)\s+me\s*,?\s*(?:of\s+|about\s+)?(?:(?:what|which|when|where|who|how\s+much|how\s+many)\b"
    r"(?:'s|\s+(?:is|are|was|does|do|did|will))?\s+)?|"
    r"(?:what|which|when|where|who|how\s+much|how\s+many|what\s+time)(?:'s|'re|\s+(?:is|are|was|does|do|did|will))\s+|"
    r"do\s+you\s+(?:know|remember|have)\s+(?:what\s+)?)"
    r"my\s+(?P<thing>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3})",
    re.I,
)
# "does my shift start", "when my contract ends", "is my review scheduled": the thing's last word is its verb.
_VERB_LAST = re.compile(r"\b(?:does|do|did|will|when)\s+my\s+$", re.I)
_PARTICIPLE_LAST = re.compile(r"\b(?:is|was|are|were)\s+my\s+$", re.I)


def asked_own_thing(question: str) -> tuple[str, list[str]] | None:
    """The user's own thing a question asks for by name ("employee number" of "what's my employee number?") and
    every content word of the words after "my" (what a told fact must not mention), or None."""
    text = question.replace("\u2019", "'").strip()
    m = _OWN_HEAD.match(text)
    if m is None:
        return None
    said = [w for w in re.findall(r"[a-z][\w'-]*", m.group("thing").lower())]
    head: list[str] = []
    for word in said:
        if word in STOPWORDS:
            break
        head.append(word)
    before = text[: m.start("thing")]
    if len(head) > 1 and (_VERB_LAST.search(before) or (_PARTICIPLE_LAST.search(before) and head[-1].endswith("ed"))):
        head = head[:-1]
    checked = terms(" ".join(said[: len(head) + 1]))
    if not head or not topic_concepts([frozenset({t}) for t in terms(" ".join(head))]):
        return None  # "what's my current ...": only a time word, no thing
    return " ".join(head), checked


# The kind of value a thing is told with, by its words (general English): a told value of that kind, in any words,
# may be it ("I'm paid 4% on every deal" is the commission rate, "I was born on 4 May" the birthday).
_KIND_WORDS: dict[Kind, frozenset[str]] = {
    "number": frozenset(
        stem(w)
        for w in """number no num rate quota target code id extension ext salary pay split budget limit amount score
        pin figure count percentage percent commission bonus allowance total size headcount""".split()
    ),
    "time": frozenset(
        stem(w)
        for w in """birthday date day time shift review deadline anniversary contract start end holiday vacation
        leave appointment hours schedule""".split()
    ),
    "person": frozenset(
        stem(w)
        for w in """manager boss lead supervisor backup mentor buddy wife husband partner name contact colleague
        deputy cover approver owner""".split()
    ),
    "place": frozenset(
        stem(w) for w in "office desk site location workplace city address building floor room home base".split()
    ),
}
_MINE = re.compile(r"\b(?:i(?!\.\w)|i'm|me|my|mine)\b", re.I)  # the asker alone, not "we/our"; "i.e." is no "I"
_PERIODS = frozenset(stem(w) for w in "day days week weeks month months quarter quarters year years".split())
_INNER_NAME = re.compile(r"(?<=\w[\s,])[A-Z][\w-]*|\d")  # a name inside a sentence, or a figure: some value


def _asked_kind(question: str, checked: Sequence[str]) -> Kind | None:
    """The kind of value the thing is (by the question's wh-word, else by the thing's words), None when unknown."""
    kind = asked_kind(question)
    if kind in _KIND_WORDS:
        return kind
    return next((k for k, named in _KIND_WORDS.items() if set(checked) & named), None)


def untold_text(question: str, told: Sequence[str], documents: Sequence[str] = ()) -> str | None:
    """The plain answer when nothing `told` (every fact and recalled saying of the user) mentions the thing
    `question` asks for by name nor holds a value of its kind, and no retrieved document names it (then it is a
    policy's word: "my return window"); None otherwise."""
    asked = asked_own_thing(question)
    if asked is None:
        return None
    thing, checked = asked
    concepts = widened(topic_concepts([frozenset({t}) for t in checked]))
    said = set().union(*(terms(t) for t in told)) if told else set()
    if any(c & said for c in concepts) or any(t in said for t in checked):
        return None
    kind = _asked_kind(question, checked)
    if any(holds_kind(t, kind) if kind else _INNER_NAME.search(t) for t in told):
        return None  # a value of the asked kind told in other words may be it: the usual (unsure) path
    named = set().union(*(terms(d) for d in documents)) if documents else set()
    # The thing's first word ("return" of "return window"), a word of it that names no kind of value ("discount" of
    # "max discount") or a word said after it ("to respond to a P1 ticket") that a retrieved document uses: a
    # policy's word, which the documents may answer.
    after = [t for t in terms(question.partition(thing)[2]) if t not in _PERIODS and len(t) > 2]
    own = [t for t in checked if not any(t in words for words in _KIND_WORDS.values())]  # "discount", not "code"
    if named & {*checked[:1], *own, *after}:
        return None
    return f"You have not told me your {thing}: nothing you have told me, current or past, mentions it."


SAYINGS_K = 50  # the user's sayings read beside their facts (nearest first): a thing told but never stored is told


async def untold_answer(
    facts: FactStore,
    stream: MemoryStream,
    user_id: str,
    question: str,
    recalled: dict[str, Any] | None,
    documents: Sequence[str] = (),
) -> str | None:
    """`untold_text` checked against every fact of the user (current and superseded), their sayings (the recalled
    ones and the nearest to the question, whatever was stored from them) and the documents retrieved for it."""
    if asked_own_thing(question) is None:
        return None
    history = await facts.history(user_id)
    sayings = [str(e.get("text") or "") for e in (recalled or {}).get("episodes", []) if e.get("kind") == "observation"]
    near = await stream.search(
        user_id, question, k=SAYINGS_K, kinds=["observation"], status=None, quiet=True, min_similarity=-1.0
    )
    sayings += [n.content for n in near if n.metadata.get("speaker") != "assistant" and not only_asks(n.content)]
    told = [f"{f.statement} {f.object or ''}" for f in history] + sayings
    return untold_text(question, told, documents)


def told_near(question: str, recalled: dict[str, Any] | None) -> bool:
    """Does a question about the asker ("I", "my") share a topic word with something the user told, recalled for it (by
    its memory paraphrases)? Then what the documents lack is no answer to it: "what's my mobile number?" after "My
    cell is ..." (review 16)."""
    if not _MINE.search(question):
        return False  # "how often do we change our passwords?", "battery life of the Vista?": the documents' to settle
    told = [str(f.get("statement") or "") for f in (recalled or {}).get("facts", [])]
    told += [str(e.get("text") or "") for e in (recalled or {}).get("episodes", []) if e.get("kind") == "observation"]
    said = set().union(*(terms(t) for t in told)) - {"user", "said"} if told else set()
    concepts = widened(topic_concepts([frozenset({t}) for t in terms(question)]))
    return any(c & said for c in concepts)
