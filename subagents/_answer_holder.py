"""A checked "the documents do not say who": a role the documents mention but never give a person for.

"Who is the duty manager this week?" is answerable only by a name written with the role ("Ana Ruiz (duty
manager)", "the duty manager, Ana Ruiz"). When every passage of the whole corpus that holds the role's words in
that order holds no person's name beside them, and no person is named with the role's own qualifier either
("Hannah Schulz, vice president of customer support" for "the customer support lead"), the documents do not name
one: a checked statement, said plainly. A role of one word ("head", "lead"), a role the corpus never writes, or too
many passages to read stays unsure.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

from cognicore.memory.text import STOPWORDS, stem, words
from cognicore.subagents._answer_shape import names_person
from cognicore.subagents._question_terms import derived_forms

if TYPE_CHECKING:
    from cognicore.memory.knowledge import KnowledgeBase, Passage

__all__ = ["asked_role", "people_first", "role_noun", "titled_person", "unnamed_holder"]

# "Who is the regional sales manager for the north?", "who's our duty manager this week": the role is the words after
# the article up to what restricts it (a preposition, a time) or the question's end.
_WHO_IS = re.compile(
    r"^\W*who(?:'s|’s| is| are| was)\s+(?:the|our|your|their|a|an)\s+(?P<role>[a-z][a-z -]*?)"
    r"(?=\s+(?:for|of|in|at|on|over|this|these|that|today|tonight|tomorrow|now|right|currently|at the moment)\b|\W*$)",
    re.I,
)
# The nouns of a role (general English), besides agent nouns: the words before the last qualify it ("duty", "regional
# sales"), and a person named with that qualifier may hold the role under another title.
_ROLE_NOUNS = frozenset(
    stem(w)
    for w in """manager managers lead leads head heads director directors officer officers president vp chief owner
    owners contact contacts person coordinator supervisor representative rep agent""".split()
)
# A noun for a person by what they do (general English suffixes): "commander", "coordinator", "specialist".
_AGENT_NOUN = re.compile(r"(?:er|or|ist|ant|ian)s?$")
# A name: capitalised words ("Ana Ruiz", or "Ana" inside a sentence); a sentence's first word alone is no name.
_NAME = re.compile(r"\b[A-Z][a-zà-ÿ'’-]+(?:\s+[A-Z][a-zà-ÿ'’-]+)*\b")
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
MAX_PASSAGES = 20  # more passages holding the role than this: too many to read, no claim
NEAR = 4  # words between a name and the role (or its qualifier) for the name to be given with it


def _positions(tokens: list[str], phrase: list[str]) -> list[tuple[int, int]]:
    """Where the phrase's stems occur in order in `tokens` (stems), stop words allowed between ("VP of Sales")."""
    found = []
    for start, token in enumerate(tokens):
        if token != phrase[0]:
            continue
        i, end = 1, start
        for j in range(start + 1, min(len(tokens), start + 3 * len(phrase))):
            if i == len(phrase):
                break
            if tokens[j] == phrase[i]:
                i, end = i + 1, j
            elif tokens[j] not in STOPWORDS:
                break
        if i == len(phrase):
            found.append((start, end))
    return found


def _named_with(sentence: str, phrase: list[str], role_words: frozenset[str]) -> bool:
    """Does the sentence give a person's name within NEAR words of the phrase, with no "and" between them?"""
    tokens = re.findall(r"[A-Za-zà-ÿ0-9'’-]+", sentence)
    stems = [stem(t.lower()) for t in tokens]
    spans = _positions(stems, phrase)
    if not spans:
        return False
    names = []
    for m in _NAME.finditer(sentence):
        parts = {stem(w.lower()) for w in words(m.group(0))}
        if parts & role_words:
            continue  # "Customer Support lead" capitalised is the role itself, not a person
        before = len(re.findall(r"[A-Za-zà-ÿ0-9'’-]+", sentence[: m.start()]))
        if before == 0 and " " not in m.group(0):
            continue
        names.append((before, before + len(words(m.group(0))) - 1))
    for first, last in names:
        for start, end in spans:
            gap = stems[last + 1 : start] if last < start else stems[end + 1 : first]
            if len(gap) <= NEAR and "and" not in gap:
                return True
    return False


def asked_role(question: str) -> list[str]:
    """The words of the role "who is the <role> ...?" asks the holder of ("regional sales manager"), or []."""
    m = _WHO_IS.match(" ".join(question.split()))
    return [w for w in words(m.group("role").lower()) if w not in STOPWORDS] if m else []


def role_noun(
    question: str, synonyms: dict[str, frozenset[str]], vocabulary: frozenset[str] = frozenset()
) -> list[frozenset[str]]:
    """The words of the asked role, each widened to its paraphrases, as things the answer must say: "Who is the sales
    director?" is not answered by someone named as another role (a partner), "the chief operating officer" not by
    the chief executive officer."""
    widened = [frozenset({stem(w)}) | synonyms.get(stem(w), frozenset()) for w in asked_role(question)]
    return [c | derived_forms(c, vocabulary) for c in widened]  # "finance chief": "chief financial officer"


async def unnamed_holder(knowledge: KnowledgeBase, question: str) -> tuple[str, list[Passage]] | None:
    """The plain answer and its evidence when the documents mention the asked role but never name who holds it."""
    role = asked_role(question)
    if not role:
        return None
    phrase = [stem(w) for w in role]
    qualifier = [s for s in phrase[:-1] if s not in _ROLE_NOUNS]
    if len(phrase) < 2 or not qualifier or not (phrase[-1] in _ROLE_NOUNS or _AGENT_NOUN.search(role[-1])):
        return None  # one word ("the head") or no person's noun ("the network team"): what is asked is not a role
    query = " & ".join(f"{s}:*" for s in phrase)
    [(n, passages)] = await knowledge.matches([query], limit=MAX_PASSAGES)
    if not n or n > MAX_PASSAGES:
        return None
    said = [p for p in passages if any(_positions([stem(w) for w in words(s)], phrase) for s in _sentences(p))]
    if not said:
        return None  # the words are there, never as the role
    role_words = frozenset(phrase)
    # The role with a name, or its qualifier with a name ("vice president of customer support" for the support lead).
    [(k, named)] = await knowledge.matches([" & ".join(f"{s}:*" for s in qualifier)], limit=MAX_PASSAGES)
    if k > MAX_PASSAGES:
        return None
    for p in [*passages, *named]:
        for sentence in _sentences(p):
            if _named_with(sentence, phrase, role_words) or _named_with(sentence, qualifier, role_words):
                return None
    label = " ".join(role)
    text = (
        f"The knowledge base does not say who the {label} is: the passages that mention the {label} (such as "
        f'"{said[0].title}" [1]) never name one.'
    )
    return text, said[:1]


def _sentences(passage: Passage) -> list[str]:
    return [s for s in _SENTENCE.split(passage.content) if s.strip() and not s.lstrip().startswith("#")]


_FULL = re.compile(r"\b[A-Z][a-zà-ÿ'’-]+\s+[A-Z][a-zà-ÿ'’-]+\b")
_TOKEN = re.compile(r"[A-Za-zà-ÿ0-9'’-]+")


def titled_person(sentence: str, question: str) -> bool:
    """Does the sentence give a full name with a person's title just after it ("Ana Ruiz, vice president of ...",
    "Ana Ruiz (VP Support)")? A name said as an organisation's ("ask Acme Devices support") has no title."""
    asked = {stem(w) for w in words(question)}
    for m in _FULL.finditer(sentence):
        if {stem(w.lower()) for w in words(m.group(0))} & asked:
            continue  # the role itself capitalised ("the Customer Support lead"), not a person
        after = [stem(t.lower()) for t in _TOKEN.findall(sentence[m.end() :])[:NEAR]]
        if after and any(t in _ROLE_NOUNS for t in after):
            return True
    return False


class _Sentence(Protocol):
    @property
    def text(self) -> str: ...


U = TypeVar("U", bound=_Sentence)


def people_first(fit: Sequence[U], question: str, common: frozenset[str], score: Callable[[U], float]) -> list[U]:
    """The sentences fit to answer a "who" question, a person named with a title first ("Ana Ruiz, vice president of
    support" over "ask Acme Devices support"), then one naming any person, when about as relevant as the best."""
    top = score(fit[0])
    titled = [u for u in fit if titled_person(u.text, question) and score(u) >= 0.5 * top]
    people = [u for u in fit if names_person(u.text, question, common) and score(u) >= 0.75 * top]
    return titled or people or list(fit)
