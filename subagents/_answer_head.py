"""The thing a question asks for: "phone number" in "What is the phone number of ...?", "laptops" in "How many
laptops ...?", "strap" in "What does the Nova Lamp strap cost?". An answer must name it (or a value of its kind)."""

from __future__ import annotations

import re
from functools import lru_cache

from cognicore.memory.text import STOPWORDS, stem, words
from cognicore.subagents._answer_shape import LIGHT_VERBS, ROLE_WORDS, TIME_UNIT
from cognicore.subagents._question_terms import SPLIT_COMPOUND

__all__ = ["WHICH_THING", "asked_head", "name_modifier", "only_modifies", "without_value_nouns"]

_AUX = r"(?:do|does|did|is|are|was|were|should|can|will)\b"
# "Which vpn client software do we use?": the thing asked for is the noun after "which".
WHICH_THING = re.compile(rf"^\W*(?:which|what)\s+(?!{_AUX})([a-z][a-z-]*(?:\s+[a-z][a-z-]*){{0,2}}?)\s+{_AUX}")
# "... a rule about which password manager people can use?": the thing asked for by a "which" inside the sentence,
# before its clause's subject and verb.
_WHICH_INSIDE = re.compile(
    rf"\bwhich\s+(?!{_AUX})([a-z][a-z-]*(?:\s+[a-z][a-z-]*){{0,2}}?)\s+"
    rf"(?:{_AUX}|(?:we|you|they|i|he|she|[a-z]+)\s+(?:can|could|may|might|must|should|will|would)\b)"
)

_HEAD = re.compile(
    r"^(?:what|which)(?:(?: is|'s|’s|s| are| was| were) (?:the|our|your|a|an|its|their) ([a-z][a-z -]*?)"
    # "what does the hub for the bulbs cost?": one word before the preposition, as more may hold the verb
    r"|(?: does| do| did) (?:the|our|your|a|an|its|their) ([a-z][a-z-]*))"
    r" (?:of|for|on|at|to) "
)
# Words that say a required value is asked ("the first-response target", "the goal for returns"), not what it is of:
# the documents state the value without them. General English.
VALUE_NOUNS = frozenset(
    "target targets goal goals objective objectives aim commitment commitments standard standards expectation "
    "expectations requirement requirements promise guarantee norm benchmark".split()
)
_VALUE_NOUN = re.compile(rf"\b(?:{'|'.join(sorted(VALUE_NOUNS))})\b", re.I)


def without_value_nouns(question: str, vocabulary: frozenset[str]) -> str:
    """The question without the words that only say a required value is asked ("the first-response target for a P2"
    asks the P2 first-response time) when no passage uses them; a word the passages use stays ("the revenue goal")."""
    kept = _VALUE_NOUN.sub(lambda m: m.group(0) if stem(m.group(0).lower()) in vocabulary else "", question)
    # "What's the time limit for returning opened gloves?" asks how long one has to return them.
    kept = _SPAN_NOUN.sub("how long is it ", kept)
    return " ".join(kept.split())


# A span of time asked by its noun (general English): "what's the time limit / deadline / timeframe for ...".
_SPAN_NOUN = re.compile(
    r"\bwhat(?:'s|’s| is| was| are)\s+(?:the|a|our|your|their)\s+(?:time\s+limit|deadline|time\s*frame)\s+"
    r"(?=for\b|to\b|on\b)",
    re.I,
)


_VAGUE = frozenset(
    "policy policies rule rules process procedure way kind type name status step steps instructions".split()
)
# "How long is the warranty on the lens inserts?": the measured thing ("warranty") of a named subject.
_MEASURED_HEAD = re.compile(
    r"^(?:how (?:long|much|many|big|far|old)) (?:is|are|was|were) (?:the|our|your|a|an|its|their) ([a-z][a-z -]*?)"
    r" (?:of|for|on|at|to) "
)


# "How many laptops can a member borrow?": the counted thing; a count of another thing ("up to ten books") is no
# answer. Not a unit of time, of measure or a share, which say how the answer is measured and are often written
# short ("how many watts": "65 W"; "how many days", "how many times"). General English.
_MEASURE_UNIT = (
    r"(?:watts?|kilowatts?|volts?|amps?|milliamps?|mah|joules?|calories|degrees?|grams?|kilograms?|kilos?|pounds?"
    r"|ounces?|tons?|tonnes?|meters?|metres?|centimet(?:er|re)s?|millimet(?:er|re)s?|kilomet(?:er|re)s?|miles?"
    r"|inch(?:es)?|feet|foot|yards?|lit(?:er|re)s?|gallons?|bytes?|kilobytes?|megabytes?|gigabytes?|terabytes?"
    r"|gb|mb|tb|kb|pixels?|dollars?|euros?|cents?|pence|points?|percent|times|per|of|more|less|fewer)"
)
_COUNTED = re.compile(rf"^\W*how many\s+(?!{TIME_UNIT}\b|{_MEASURE_UNIT}\b)(?P<thing>[a-z][a-z-]{{2,}})\b")


def asked_head(question: str) -> list[str]:
    """The words of the thing asked for in "What is the X of Y?" ("phone number"), "How long is the X on Y?"
    ("warranty") or "How many X ...?" ("laptops"): the answer must name it."""
    lowered = " ".join(question.lower().split())
    if counted := _COUNTED.match(lowered):
        word = counted.group("thing")
        return [] if word in STOPWORDS or SPLIT_COMPOUND.match(word) else [word]
    match = _HEAD.match(lowered) or _MEASURED_HEAD.match(lowered)
    if not match:
        return []
    # "the latest date we recommend ordering for ...": a relative clause opened by its subject ends the thing asked.
    head = _RELATIVE.split(match.group(1) or match.group(2) or "", maxsplit=1)[0]
    return [w for w in words(head) if w not in STOPWORDS and w not in _VAGUE and not SPLIT_COMPOUND.match(w)]


_RELATIVE = re.compile(
    r"\s+(?=(?:we|you|they|i|he|she)\s|(?:(?:an?|the|our|your|their)\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:can|could|may|might|must|should|"
    r"will|would|has\s+to|have\s+to|needs?\s+to)\b)"
)


# A lower-case noun right after a name and before the question's last verb or its end: "the Nova Lamp strap
# cost" asks about the strap, "the Nova Lamp battery last" about the battery, not about the lamp. A code ("a P1
# ticket") qualifies its noun: the ticket is the subject itself, not a part of something named.
_NAME_MODIFIES = re.compile(
    r"\b(?:the|our|your|a|an|its|their)\s+(?:[A-Z][A-Za-z-]*\s+){1,4}([a-z][a-z-]{2,})"
    r"(?=\s+(?:cost|costs|last|lasts|weigh|weighs|take|takes|need|needs|hold|holds|support|supports)\b|\s*\?|\s*$)"
)


_BE_BEFORE = re.compile(r"\b(?:is|are|was|were|be|been)\s+$", re.I)


def name_modifier(question: str) -> str | None:
    """The thing of a named product asked about ("strap" in "What does the Nova Lamp strap cost?"), or None.

    A last word is a part only after a form of "be" ("Is the Nova Lamp dimmable?", "When was the Nova Lamp
    released?"); elsewhere it is the question's verb ("What colours does the Nova Lamp offer?", "... make the
    VPN fail?").
    """
    match = _NAME_MODIFIES.search(question)
    if not match:
        return None
    word = match.group(1).lower()
    last = not question[match.end(1) :].strip(" ?!.")
    if last and not _BE_BEFORE.search(question[: match.start()]):
        return None
    return word if word not in STOPWORDS and stem(word) not in LIGHT_VERBS else None


def which_heads(
    question: str, labelled: list[tuple[frozenset[str], str]], vocabulary: frozenset[str]
) -> list[frozenset[str]]:
    """The thing a "which" question asks for, as words an answer must have ("Which vpn client software do we use?":
    "software", which no passage uses, cannot be answered by a sentence about the rest, "the VPN client")."""
    lowered = " ".join(question.lower().split())
    which = WHICH_THING.match(lowered) or _WHICH_INSIDE.search(lowered)
    if which is None:
        return []
    asked_words = set(words(which.group(1)))
    heads = [c for c, label in labelled if label in asked_words and not c & vocabulary]
    # "Which courier company do we use?": a thing of several words is asked by each of them as typed, not by its
    # synonyms ("shipping" is no courier); a role ("which team") is answered by naming one, not the word.
    if len(asked_words) > 1:
        heads += [frozenset({stem(w)}) for w in asked_words if stem(w) in vocabulary and stem(w) not in ROLE_WORDS]
    return heads


# What may follow a two-word thing that ends there: punctuation, a line's end, a preposition or a verb of being.
_PHRASE_END = re.compile(r"[.,;:!?()\n]|(?:of|on|for|in|at|to|from|with|by|is|are|was|were|has|have)\b")
_WORD_OR_MARK = re.compile(r"[A-Za-z][\w'’-]*|[.,;:!?()\n]")


@lru_cache(maxsize=8)
def _compound_phrases(written: str) -> frozenset[tuple[str, str]]:
    """The two-word things the documents write as a whole ("a warranty claim," or a heading "Warranty claims"):
    two content words closing a noun phrase, as stems."""
    tokens = [t.lower() for t in _WORD_OR_MARK.findall(written)]
    found = set()
    for first, second, after in zip(tokens, tokens[1:], [*tokens[2:], "\n"], strict=False):
        if first[0].isalpha() and second[0].isalpha() and not {first, second} & STOPWORDS:
            if _PHRASE_END.match(after):
                found.add((stem(first), stem(second)))
    return frozenset(found)


def only_modifies(text: str, asked: list[str], written: str) -> bool:
    """Does the sentence use the asked thing's head only as the modifier of another thing the documents name
    ("Warranty claims on the watch fell ..." for "what's the warranty on the watch?", "Return rates were ..." for
    "what's the return policy?")? Such a sentence states something of the other thing, not the asked one."""
    if not asked:
        return False
    head = stem(asked[-1])
    tokens = [t.lower() for t in _WORD_OR_MARK.findall(text)]
    places = [i for i, t in enumerate(tokens) if t[0].isalpha() and stem(t) == head]
    compounds = _compound_phrases(written)
    return bool(places) and all(i + 1 < len(tokens) and (head, stem(tokens[i + 1])) in compounds for i in places)
