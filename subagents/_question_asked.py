"""The part of a message that asks: a question wrapped in conversation ("A customer asks how long the warranty is.
What do I tell them?") is read from the sentence that asks, with a reported question ("asks how long ...") read as
the question and a sentence of conversation alone ("What do I tell them?", "any idea?", "thanks!") set aside.
General English only: sentence punctuation, verbs of asking and the words of conversation."""

from __future__ import annotations

import re
from dataclasses import dataclass

from cognicore.memory.text import STOPWORDS, words

__all__ = ["ASKING_VERB", "AskedQuestion", "asked_question", "asks_amid_conversation", "told_around"]

MIN_ALONE_WORDS = 3  # "What should I check first?" leans on the sentence before it; "how long before we refund?" not

# Sentence ends, and a dash or colon between two clauses ("hey quick one - who signs off?", "quick q: ...").
_BREAK = re.compile(r"(?<=[.!?])\s+(?=\S)|\s+[-\u2013\u2014]+\s+|:\s+|\s*\n+\s*")
# The words of conversation around a question: greetings, thanks, asking for an answer or an idea, apologies. A
# sentence of nothing but these (and function words) asks nothing of its own ("What should I tell him?").
_CHAT = frozenset(
    """hi hey hello hiya thanks thank thx ty cheers please pls sorry bother bothering quick quickly one q question
    questions tell say said told answer answers reply respond know idea ideas clue thoughts think guess help advice
    tips ask asking wonder wondering curious advance appreciate appreciated sure ok okay just really actually also
    need want let us him her his guys folks team anyone anybody someone somebody""".split()
)
# A question reported by its asker ("A customer asks how long ...", "my manager wonders what ...", "got a shopper
# asking whether ...", "someone asked me for how many years ..."): the words from the wh-word on are the question.
# The verbs that report a question (general English): one list, read here and by routing (`orchestrator.wishes`).
ASKING_VERB = (
    r"(?:asks?|asked|asking|wonders?|wondered|wondering|wants?\s+to\s+know|wanted\s+to\s+know|"
    r"would\s+like\s+to\s+know|needs?\s+to\s+know|is\s+curious|was\s+curious|enquires|inquires|enquired|inquired)"
)
_REPORTED = re.compile(
    rf"\b{ASKING_VERB}"
    r"\s+(?:(?:me|us|you|him|her|them)\s+)?(?:about\s+)?"
    r"(?P<question>(?:(?:for|by|until|till|within|in|on|at|from|to|up\s+to|after|before)\s+)?"
    r"(?:how|what|whats|when|where|which|who|whom|whose|why|whether|if)\b.*)",
    re.I | re.S,
)
_WHETHER = re.compile(r"^(?:whether|if)\s+", re.I)
# A clause that says why the asker asks ("Asking because a reseller emailed.", "I ask since ..."): context.
_WHY_ASKING = re.compile(r"^\W*(?:(?:i'?m\s+|i\s+am\s+|just\s+)?asking|i\s+ask)\s+(?:because|since|as|for)\b", re.I)


# "Asking about accessories only.", "We're talking about the EU here": what is asked about, without the asking
# ("no questions asked" in a passage is no answer to it).
_ASKING_ABOUT = re.compile(
    r"^\W*(?:(?:i'?m\s+|i\s+am\s+|we'?re\s+|we\s+are\s+|just\s+)?(?:asking|enquiring|inquiring|talking)"
    r"|(?:my|the)\s+question\s+is|this\s+is|it'?s|it\s+is)\s+(?:about|regarding|for|re|on)\s+",
    re.I,
)


@dataclass(frozen=True, slots=True)
class AskedQuestion:
    """What a message asks: `alone` is the asking sentence only; `in_context` keeps the sentences that tell around it
    (a case, a subject) and drops only conversation."""

    alone: str
    in_context: str

    @property
    def stands_alone(self) -> bool:
        """Does the asking sentence name enough to be read without the rest (three words of content)?"""
        return sum(1 for w in words(self.alone.lower()) if w not in STOPWORDS and w not in _CHAT) >= MIN_ALONE_WORDS


# A wh-word that asks for something of its own even among conversation words ("Who should I ask?").
_OWN_ASK = frozenset("who whom whose where when which why".split())


def _chat_only(sentence: str) -> bool:
    said = words(sentence.lower())
    return bool(said) and not _OWN_ASK & set(said) and all(w in STOPWORDS or w in _CHAT for w in said)


def _content_pieces(message: str) -> list[str]:
    """The message's sentences and clauses, without those of conversation alone or saying why the asker asks."""
    pieces = [_ASKING_ABOUT.sub("", p.strip()) for p in _BREAK.split(message) if p and p.strip()]
    return [p for p in pieces if p and not _chat_only(p) and not _WHY_ASKING.match(p)]


def _unreported(sentence: str) -> tuple[str, bool]:
    """The sentence with a reported question read as the question, and whether one was."""
    m = _REPORTED.search(sentence)
    if m is None:
        return sentence, False
    question = _WHETHER.sub("", m.group("question")).strip()
    return (question[:1].upper() + question[1:], True) if question else (sentence, False)


def asked_question(message: str) -> AskedQuestion:
    """The asking part of a message and the message without its conversation.

    The asking sentence is the last one ending in "?" or reporting a question; a message with none (or with
    nothing but conversation) is asked as it is.
    """
    kept: list[str] = []
    asking: list[int] = []
    for piece in _content_pieces(message):
        text, reported = _unreported(piece)
        if reported or text.rstrip().endswith("?"):
            asking.append(len(kept))
        kept.append(text)
    if not kept:
        return AskedQuestion(alone=message, in_context=message)
    in_context = " ".join(k if k[-1:] in ".!?" else f"{k}." for k in kept[:-1])
    in_context = f"{in_context} {kept[-1]}".strip()
    alone = kept[asking[-1]] if asking else in_context
    return AskedQuestion(alone=alone, in_context=in_context)


def told_around(message: str) -> list[str]:
    """The sentences of a message that tell rather than ask, conversation set aside ("We're talking about Latin
    America here." before "How long does standard shipping take?"): the scope or case of its question."""
    return [p for p in _content_pieces(message) if not p.rstrip().endswith("?") and not _unreported(p)[1]]


# Asking reported in the present ("a customer asks how ...", "my manager wonders what ..."): a question passed on now.
# ("she asked how many tickets I closed" tells what happened.)
_ASKING_NOW = re.compile(
    r"\b(?:asks|is\s+asking|are\s+asking|wonders|is\s+wondering|are\s+wondering|wants\s+to\s+know|"
    r"would\s+like\s+to\s+know|needs\s+to\s+know|is\s+curious)\s",
    re.I,
)


def asks_amid_conversation(message: str) -> bool:
    """Does a message ask, once the conversation around it is set aside: a question mark before a closing "thanks!",
    or a question someone passes on now ("My manager wonders what the restocking charge is.")?"""
    return any(p.endswith("?") or _passed_on(p) for p in _content_pieces(message))


def _passed_on(sentence: str) -> bool:
    """A wh-question passed on now ("asks how long ..."); "wants to know if it was that bad" is a story's aside."""
    m = _REPORTED.search(sentence)
    return bool(_ASKING_NOW.search(sentence)) and m is not None and not _WHETHER.match(m.group("question"))
