"""Questions of several parts ("why was X delayed, and when is it reviewed?"): each part answered on its own.

One extractive answer for the whole question answers its strongest part and drops the rest, confidently; here
every part must find its sentences, and a part no passage answers is said to be unanswered (a hedged answer)."""

from __future__ import annotations

import re
from collections.abc import Callable

from cognicore.memory.text import STOPWORDS, words
from cognicore.subagents.answer_text import CITATION
from cognicore.subagents.compose_llm import ComposedAnswer

NOT_SURE = "I am not sure of the answer."
_ASKING = (
    r"(?:when|why|how|who|whom|whose|where|which|what|whats|what's|is|are|was|were|does|do|did|can|could|will|"
    r"would|should|must)\b"
)
_ASKS = re.compile(rf"^{_ASKING}", re.I)
# "..., and when is it reviewed?", "... and how much are they", "...? Who approves it?"
_JOIN = re.compile(rf"\s*(?:[,;]\s*(?:and|also|plus)?|\s(?:and|also|plus))\s+(?={_ASKING})|\?\s+(?=\w)", re.I)
# A later part that points back at the first one's subject ("it", "they") borrows that subject's words.
_POINTER = re.compile(r"\b(?:it|its|they|them|their|this|that|these|those|he|she|him|her|one)\b", re.I)
# A sentence with its citation markers; a point inside a figure ("$14.99") ends none.
_SENTENCE = re.compile(r"(?:[^.!?]|[.!?](?=\d))+(?:[.!?]+(?:\s*\[\d+\])*|$)")
_BORROWED = re.compile(r" [(][^()]*[)]$")
MIN_PART_WORDS = 3  # "... and why" is no part of its own
MAX_THING_WORDS = 4  # a side of a comparison ("the P2 breach", "gross revenue")
MAX_ELLIPTIC_WORDS = 1  # "what is the fee": one content word names the detail, not its subject

# Answers a question from the passages, or from only those with the given indexes.
Answerer = Callable[[str, frozenset[int] | None], tuple[ComposedAnswer, float]]


# "which lasts longer on a charge, the kettle or the lamp": one question about each of two things.
_CHOICE = re.compile(
    r"^\W*(?P<stem>(?:which|who|what)\b[^,]*?),?\s+(?:the |a |an )?(?P<one>[^,]+?)\s+or\s+(?:the |a |an )?"
    r"(?P<other>[^,?]+?)\s*\??\s*$",
    re.I,
)


# The comparison itself ("longer", "tighter", "more"): what each thing's own answer is compared by. An "-er" word
# compares only before "than" or after a verb ("lasts longer", "is cheaper", "ships faster"); after a determiner,
# a wh-word or a noun it is a noun ("which carrier", "the account manager", "which number").
_COMPARATIVE = frozenset({"more", "less", "fewer", "better", "worse"})
_ER = re.compile(r"^[a-z]{3,}er$", re.I)
_VERB_BEFORE = re.compile(r"^(?:is|are|was|were|be|get|gets|got|has|have|had|[a-z]{2,}[^s]s)$", re.I)


def _without_comparison(stem: str) -> str:
    """`stem` without its comparison ("which lasts longer on a charge" -> "which lasts on a charge")."""
    tokens = stem.split()
    kept: list[str] = []
    for i, token in enumerate(tokens):
        word = token.lower()
        after = tokens[i + 1].lower() if i + 1 < len(tokens) else ""
        compares = word in ("than", *_COMPARATIVE) or (
            _ER.match(word) and word not in STOPWORDS and (after == "than" or (i and _VERB_BEFORE.match(tokens[i - 1])))
        )
        if not compares:
            kept.append(token)
    return " ".join(kept)


def choice_parts(question: str) -> list[str]:
    """A question choosing between two things, as one question about each; [] when it is not one."""
    m = _CHOICE.match(question)
    if m is None or "," not in question:
        return []
    stem = " ".join(m.group("stem").split())
    plain = _without_comparison(stem)
    if any(w not in STOPWORDS and not _ASKS.match(w) for w in words(plain)):
        stem = plain  # "which lasts longer on a charge": each thing's own charge, not a comparison's word
    return [f"{stem} {m.group('one')}", f"{stem} {m.group('other')}"]


# "what's the difference between X and Y", "how is X handled differently from Y", "X vs Y": a comparison of two
# documented things is answered by what each one is; the comparison's own words ("difference", "between") are in
# no sentence about either and match unrelated ones ("discounts between 10% and 20%").
_DIFFERENCE = re.compile(
    r"^\W*(?:(?:so|and|but|pls|please|hey)\W+)?(?:what(?:'s|’s|s| is| are)?\s+(?:the\s+)?(?:main\s+|real\s+)?|"
    r"(?:how\s+)?(?:do|does|can)\s+(?:you|we|i)\s+(?:tell|explain)\s+(?:me\s+)?(?:the\s+)?|explain\s+(?:the\s+)?)?"
    r"diff(?:erence|erences|s)?\s+between\s+(?P<one>.+?)\s+(?:and|&|vs\.?|versus)\s+(?P<other>.+?)\W*$",
    re.I,
)
_DIFFERENTLY = re.compile(
    r"^\W*(?P<stem>how\s+(?:is|are|does|do)\s+)(?P<one>.+?)\s+(?P<verb>[a-z]+)\s+differently\s+"
    r"(?:from|than|to)\s+(?P<other>.+?)\W*$",
    re.I,
)
_VERSUS = re.compile(r"^\W*(?P<one>[^,?-]+?)\s+(?:vs\.?|versus)\s+(?P<other>[^,?]+?)\W*$", re.I)
_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.I)


def comparison_parts(question: str) -> list[str]:
    """A comparison of two things as one question about each ("what is X", "what is Y"); [] when it is not one."""
    flat = " ".join(question.split())
    m = _DIFFERENCE.match(flat) or _DIFFERENTLY.match(flat) or _VERSUS.match(flat)
    # Two things named in a few words each; "between how long devices and accessories are covered" compares a
    # detail of two things, which the question as a whole asks better.
    if m is None or not all(_thing(m.group(g)) for g in ("one", "other")):
        return []
    if "verb" in m.groupdict():
        stem = m.group("stem").lower()
        return [f"{stem}{m.group('one')} {m.group('verb')}", f"{stem}{m.group('other')} {m.group('verb')}"]
    return [f"what is {_ARTICLE.sub('', m.group('one'))}", f"what is {_ARTICLE.sub('', m.group('other'))}"]


def _thing(text: str) -> bool:
    """A side of a comparison that names a thing: a few words, not a clause of its own."""
    said = words(text)
    return 0 < len(said) <= MAX_THING_WORDS and not _ASKS.match(text.strip())


def question_parts(question: str) -> list[str]:
    """The separately asked parts of a question, in order; the question alone when it asks one thing."""
    if choice := choice_parts(question) or comparison_parts(question):
        return choice
    pieces = [p.strip(" ,;?") for p in _JOIN.split(question) if p.strip(" ,;?")]
    # After a "?", only a piece that asks is a part: "... headphones? pls (ref T-42)" is one question and a note.
    pieces = pieces[:1] + [p for p in pieces[1:] if _ASKS.match(p) or re.search(rf"{re.escape(p)}\s*\?", question)]
    # "rider wants 20% off, who signs off on that?": a case stated, then one question about it.
    if len(pieces) < 2 or any(len(words(p)) < MIN_PART_WORDS for p in pieces) or not _ASKS.match(pieces[0]):
        return [question]
    subject = " ".join(w for w in words(pieces[0]) if w not in STOPWORDS and not _ASKS.match(w))
    return [pieces[0], *(f"{p} ({subject})" if _elliptic(p) else p for p in pieces[1:])]


def _bare(part: str) -> str:
    """A part without the first part's words it borrowed."""
    return _BORROWED.sub("", part)


def _elliptic(part: str) -> bool:
    """A later part that points back ("when is it reviewed") or names no subject ("and what is the fee")."""
    content = [w for w in words(part) if w not in STOPWORDS and not _ASKS.match(w)]
    return bool(_POINTER.search(part)) or len(content) <= MAX_ELLIPTIC_WORDS


def answer_in_parts(question: str, answer: Answerer) -> tuple[ComposedAnswer, float]:
    """`answer` applied to each part of the question, joined; a part without an answer is named as unanswered."""
    parts = question_parts(question)
    if len(parts) == 1:
        return answer(question, None)
    results = [(parts[0], *answer(parts[0], None))]
    first = frozenset(results[0][1].used)
    for part in parts[1:]:
        found, share = answer(part, None)
        if not found.used and first and _bare(part) != part:
            # "... and when was it launched": "it" is what the first part's passages were about.
            found, share = answer(_bare(part), first)
        results.append((part, found, share))
    answered = [(part, found) for part, found, _ in results if found.used]
    share = sum(s for _, _, s in results) / len(results)
    if not answered:
        return answer(question, None)
    texts: list[str] = []
    for _, found in answered:
        said = " ".join(texts)
        # Parts answered by one passage repeat its sentences: each is said once.
        new = [s for s in _SENTENCE.findall(found.text) if CITATION.sub("", s).strip() not in said]
        if new:
            texts.append(" ".join(s.strip() for s in new))
    used = list(dict.fromkeys(i for _, found in answered for i in found.used))
    missed = [part for part, found, _ in results if not found.used]
    if missed:
        asked = "; ".join(f'"{_bare(p)}"' for p in missed)
        texts.append(f"The documents say nothing I can use on {asked}, so {NOT_SURE}")
    return ComposedAnswer(text=" ".join(texts), used=used), share
