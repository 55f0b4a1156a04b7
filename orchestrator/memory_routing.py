"""Memory against data, offline: a question a recalled fact of the user's answers is not planned on the data.

The offline classifier reads words: "who has to approve a discount above 15%?" names a measure of the schema
(discount), so its rules send it to the data, which holds discounts but not who approves them. When the user told
it ("Karin approves discounts above 15%"), the asked slot is something memory holds and the data does not measure,
so the question is answered from memory. The reading is structural: the question asks for a person, a place or a
time (what a told fact says), asks no figure, ranking or listing (the data measures those, and data wins for them),
and a recalled current fact answers all of it, about the asked holder and the asked kind of value
(`answer_from_memory` with its near-miss checks). A data task that names one of the user's own things ("how much
did my region make?") reads it as the name the user told ("The user's region is Latin America"), and says so.
Rules only: the shell turns this on for the offline engine.
"""

from __future__ import annotations

import re
from typing import Any

from cognicore.memory.text import STOPWORDS, stem, terms
from cognicore.orchestrator.intent import IntentDecision, is_question
from cognicore.orchestrator.recollection import memory_passages
from cognicore.subagents._memory_asks import asks_before
from cognicore.subagents._memory_kind import asked_kind
from cognicore.subagents._memory_lines import NEAR_TOLD
from cognicore.subagents._memory_value_shapes import asks_ranking
from cognicore.subagents._memory_words import question_parts
from cognicore.subagents._question_terms import SYNONYMS, question_concepts
from cognicore.subagents.memory_answer import MemoryAnswer, about_the_asker, answer_from_memory, widened

__all__ = [
    "asks_as_subject", "asks_figure", "asks_goal", "asks_liking", "asks_only_told", "own_values", "resolve_own",
    "route_by_memory", "told_answer", "told_count", "told_figure",
]  # fmt: skip

# A figure, a ranking, a share or a listing of rows, which the data measures: data wins for these whatever memory
# holds ("who has the most open tickets?" after "Ben is my team lead"). Generic English, no domain's words.
_FIGURE = re.compile(
    r"\b(?:how\s+(?:many|much|often|long)|number\s+of|count|total|sum|average|avg|mean|median|most|least|fewest|"
    r"top|bottom|highest|lowest|biggest|smallest|largest|best|worst|per|share|percent(?:age)?|ratio|breakdown|"
    r"split|trend|growth|compare|compared|vs|versus|list|show|chart|plot|graph|report(?!s?\s+(?:in)?to\b))\b",
    re.I,
)
# A threshold qualifies the thing ("a discount above 15 percent"): the asked part is what comes before it.
_THRESHOLD = re.compile(r"\b(?:above|over|below|under|beyond|more\s+than|less\s+than|up\s+to)\b", re.I)
_TOLD_KINDS = frozenset({"person", "place", "time"})  # who, where, when: what a told fact says, not a figure
# "The user's region is Latin America", "Our main channel is Online": one of the user's things and its name.
_OWN_FACT = re.compile(
    r"^\W*(?:the user's|the users'|my|our|the team's)\s+(?:main\s+|own\s+)?(?P<thing>[a-z][a-z-]+)\s+(?:is|are)\s+"
    r"(?P<value>[^.,;!?]+?)\s*[.!]?\s*$",
    re.I,
)
_OWN_ASKED = re.compile(r"\b(?:my|our)\s+(?:own\s+)?(?P<thing>[a-z][a-z-]+)\b", re.I)
MAX_VALUE_WORDS = 4  # a name, not a sentence


def asks_figure(request: str) -> bool:
    """Does the request ask for something the data measures or lists (a figure, a ranking, rows)?"""
    asked = _THRESHOLD.split(request, maxsplit=1)[0]
    return bool(_FIGURE.search(asked)) or asks_ranking(asked)


def told_answer(request: str, recalled: dict[str, Any] | None) -> MemoryAnswer | None:
    """The answer the recalled current facts give to `request` when they cover all of it, cited; else None."""
    return _in_full(_told(request, recalled))


def _told(request: str, recalled: dict[str, Any] | None) -> MemoryAnswer | None:
    """What the recalled current facts answer to `request` (and the ended ones, when it asks what was before),
    however much of it, or None."""
    passages = _told_passages(request, recalled)
    if not passages:
        return None
    return answer_from_memory(request, question_concepts(request, SYNONYMS), passages)


def _told_passages(request: str, recalled: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The recalled facts `_told` reads, as memory passages numbered from 1: the current ones, and the ended ones too
    when the request asks what was before. The checks of a told figure or count read the same list, so an answer's
    citation numbers name the same facts for them."""
    before = asks_before(request)
    facts = [f for f in (recalled or {}).get("facts", []) if f.get("status") == "active" or before]
    return memory_passages({"facts": facts}, start=1)


def _in_full(found: MemoryAnswer | None) -> MemoryAnswer | None:
    """The told answer when it cites a fact and covers all of the question, else None."""
    if found is None or not found.used or found.coverage < 1.0:
        return None  # no fact, a near one (another holder, another kind of value), or only part of the question
    return found


def _figure_facts(request: str, passages: list[dict[str, Any]], found: MemoryAnswer | None) -> list[dict[str, Any]]:
    """The facts a told answer cites, when they can be the asked figure: one current fact, or for "what was it
    before?" the ended one it leads with (and the current one after it); else []."""
    used = [p for p in passages if found is not None and p["index"] in found.used]
    if asks_before(request):
        return used if used and used[0].get("status") != "active" else []
    return used if len(used) == 1 and used[0].get("status") == "active" else []


# The slot of a told figure: what comes before its verb ("Our marketing budget for q1" of "... is $55k").
_SLOT = re.compile(r"^\W*(?:our|my|the user's|the team's)\s+(?P<slot>.+?)\s+(?:is|are|was|were)\s+\S*\d", re.I)


def told_figure(request: str, recalled: dict[str, Any] | None) -> bool:
    """Does a figure question of the user's ("how much do we have to spend on marketing in Q1?") ask exactly a
    figure they told ("Our marketing budget for q1 is $55k"): a current fact answers all of it, and the question
    names every word of that fact's slot (by its memory paraphrases)? "how much revenue did we make in Q1?" after
    "Our revenue target for q1 is 2M" does not name "target": the data answers it."""
    return about_the_asker(request) and _figure_told(request, recalled, told_answer(request, recalled))


def _figure_told(request: str, recalled: dict[str, Any] | None, found: MemoryAnswer | None) -> bool:
    """`told_figure` given the told answer (`told_answer`), read once per request."""
    if not about_the_asker(request):
        return False
    passages = _told_passages(request, recalled)
    used = _figure_facts(request, passages, found)
    if not used or not (slot := _SLOT.match(str(used[0].get("statement") or ""))):
        return False
    asked = frozenset().union(*widened(question_concepts(request, SYNONYMS)), terms(request))
    return all(any(stem(w) == a or stem(w).startswith(a) or a.startswith(stem(w)) for a in asked if len(a) > 1)
               for w in terms(slot.group("slot")))  # fmt: skip


# "how many direct reports do I have?", "how many hours am I working?", "how big is my team?": a count of what the asker
# has, is in or works, not of an event the data records (general English verbs of having and being).
_OWN_COUNT = re.compile(
    r"\bhow\s+(?:many|much|big|large)\b.*(?:\b(?:do|did)\s+(?:i|we)\s+(?:have|own|manage|lead|supervise|work)\b|"
    r"\b(?:am\s+i|are\s+we)\s+(?:working|managing|leading|supervising|on|in)\b|\b(?:on|in|is)\s+(?:my|our)\s+[a-z]+\b)",
    re.I,
)
_NO_SLOT = frozenset({"user", "i", "we"})


def told_count(request: str, recalled: dict[str, Any] | None) -> bool:
    """Does a count of the asker's own ("how many direct reports do I have?") ask exactly a figure they told ("The user
    has 6 direct reports"): one current fact answers all of it, and the question names each of its words but the
    figure and whose it is? "how many tickets did we close?" after "We aim to close 30 tickets" does not name "aim"."""
    return bool(_OWN_COUNT.search(request)) and _count_told(request, recalled, told_answer(request, recalled))


def _count_told(request: str, recalled: dict[str, Any] | None, found: MemoryAnswer | None) -> bool:
    """`told_count` given the told answer (`told_answer`), read once per request."""
    if not _OWN_COUNT.search(request) or found is None:
        return False
    passages = _told_passages(request, recalled)
    used = _figure_facts(request, passages, found)
    if not used:
        return False
    said = str(used[0].get("statement") or "")
    asked = frozenset().union(*widened(question_concepts(request, SYNONYMS)), terms(request))
    slot = [w for w in terms(said) if not any(ch.isdigit() for ch in w) and w not in _NO_SLOT]
    return bool(slot) and all(any(a[:4] == w[:4] for a in asked if len(a) > 2) for w in slot)


def own_values(recalled: dict[str, Any] | None) -> dict[str, str]:
    """The user's own things memory names ("region" -> "Latin America" of "The user's region is Latin America"):
    current facts, not notes, shaped "<my|our|the user's|the team's> <thing> is <a name written with a capital>"."""
    out: dict[str, str] = {}
    for fact in (recalled or {}).get("facts", []):
        if fact.get("status") != "active" or fact.get("note"):
            continue
        m = _OWN_FACT.match(str(fact.get("statement") or ""))
        if m and len(m.group("value").split()) <= MAX_VALUE_WORDS and m.group("value")[:1].isupper():
            out.setdefault(m.group("thing").lower(), m.group("value").strip())
    return out


_AUXILIARY = re.compile(r"\b(?:did|does|do|has|have|had|will|would|can|could|should)\s+$", re.I)
_NEXT = re.compile(r"\s*(?P<word>[A-Za-z][\w-]*)?")


def _whole_thing(text: str, m: re.Match[str]) -> bool:
    """Whether "my <thing>" is the whole noun, not the start of a longer one ("my team lead", "our channel
    partners"): the thing ends the text or is followed by "'s", punctuation or a function word, or, after an
    auxiliary ("did my region make in 2025"), by one verb that ends the text or is followed by a function word."""
    after = _NEXT.match(text, m.end())
    word = after.group("word") if after else None
    if word is None or text[m.end() :].startswith("'") or word.lower() in STOPWORDS:
        return True
    if not _AUXILIARY.search(text[: m.start()]):
        return False
    following = _NEXT.match(text, after.end()) if after else None
    then = following.group("word") if following else None
    return then is None or then.lower() in STOPWORDS


def resolve_own(request: str, decision: IntentDecision, recalled: dict[str, Any] | None) -> IntentDecision:
    """A data task's "my region" read as the region the user told ("Latin America"), said in the answer's "I read"."""
    values = own_values(recalled)
    if decision.intent != "task" or decision.out_of_scope or decision.changes_data or not values:
        return decision
    text = decision.resolved_request.strip() or request
    found = [
        (m, values[m.group("thing").lower()])
        for m in _OWN_ASKED.finditer(text)
        if m.group("thing").lower() in values and _whole_thing(text, m)
    ]
    if not found:
        return decision
    for m, value in reversed(found):
        text = f"{text[: m.start()]}{value}{text[m.end() :]}"
    read = [f"'{m.group(0)}' as '{value}' (what you told me)" for m, value in found]
    return decision.model_copy(update={"resolved_request": text, "read_as": [*decision.read_as, *read]})


# "what does Ana handle", "which accounts does Tomasz look after": what a named person does.
_SOMEONE_DOES = re.compile(
    r"^\W*(?:so\s+|and\s+)?(?:what|which)(?:\s+[a-z]+)?\s+(?:does|did|do|will)\s+(?P<who>[a-z][\w-]*)\s+[a-z]", re.I
)
_NO_ONE = frozenset("i we you they he she it the our my your their this that a an".split())


def asks_only_told(request: str, recalled: dict[str, Any] | None) -> bool:
    """Does the request ask only what the user told, each part of it answered in full by a recalled current fact:
    several questions about the user ("what's my role and who do I report to"), or what a person the user told
    about does ("what does Ana handle" after "Ana handles the Payroll app tickets": a fact whose subject she is)?"""
    parts = question_parts(request)
    if len(parts) > 1:
        return all(about_the_asker(p) and told_answer(p, recalled) is not None for p in parts)
    m = _SOMEONE_DOES.match(request)
    if m is None or m.group("who").lower() in _NO_ONE:
        return False
    who = m.group("who").lower()
    facts = [f for f in (recalled or {}).get("facts", []) if f.get("status") == "active" and not f.get("note")]
    subject = any(str(f.get("statement") or "").lower().split()[:1] == [who] for f in facts)
    return subject and told_answer(request, recalled) is not None


# "which region am I responsible for?", "what are we on?": the asker is the subject of the question's verb, so it asks
# one of their own attributes or assignments (what they told), not a measure of the data.
_ASKER_SUBJECT = re.compile(
    r"\b(?:am\s+i|are\s+we|do\s+i|do\s+we|have\s+i|have\s+we|was\s+i|were\s+we)\b|\b(?:i'm|we're|i've|we've)\b", re.I
)


# "how many tickets are we supposed to close a week?", "what am I meant to sell?": what the asker is obliged to reach;
# "how many are we aiming to close?", "what are we going for?", "which figure are we targeting?": what they intend
# to reach. A goal set, never a measured event (general English verbs of duty and intention).
_OBLIGED = re.compile(
    r"\b(?:supposed|meant|expected|required|obliged|due|committed)\s+to\b|\b(?:have|has|need|needs|got)\s+to\b|"
    r"\bshould\b|\b(?:aim(?:s|ing)?|target(?:s|ing)?|trying|hoping|planning|striving)\s+(?:to|for|at)\b|"
    r"\b(?:going|gunning|shooting|pushing)\s+for\b|\bworking\s+towards?\b|\b(?:targeting|chasing)\b",
    re.I,
)


def asks_goal(request: str) -> bool:
    """Does the asker ask what they are obliged to reach ("how many tickets a week are we meant to close?")?"""
    return asks_as_subject(request) and bool(_OBLIGED.search(request))


# "what format do I want ...", "which chart style do I like", "how do I prefer ...": the asker's own liking.
_LIKING = re.compile(
    r"^\W*(?:(?:remind|tell)\s+me\s*,?\s*)?(?:what|which|how)\b[^?]*?(?:"
    r"\b(?:do|did|would)\s+(?:i|we)\s+(?:usually\s+|normally\s+)?(?:like|prefer|want|love|favou?r)\b|"
    r"\b(?:i|we)\s+(?:usually\s+|normally\s+)?(?:like|prefer|want|love)\b(?!\s+to\s+(?:know|see)\b))",
    re.I,
)


def asks_liking(request: str) -> bool:
    """Does the question ask what the asker likes ("what format do I want the weekly report in?"), a preference only
    they can have told, not a figure, whatever chart or report it names? "I want to know ..." asks something else."""
    return is_question(request) and bool(_LIKING.search(request.replace("\u2019", "'")))


def asks_as_subject(request: str) -> bool:
    """Is the asker the subject of the question ("which region am I responsible for these days?")?"""
    return bool(_ASKER_SUBJECT.search(request.replace("\u2019", "'")))


def route_by_memory(request: str, decision: IntentDecision, recalled: dict[str, Any] | None) -> IntentDecision:
    """The decision, with a data task turned into a question when memory answers it and no figure is asked, and
    the user's own things it names ("my region") read as what the user told."""
    if decision.intent != "task" or decision.out_of_scope or decision.changes_data:
        return decision
    if not is_question(request):
        return resolve_own(request, decision, recalled)
    said = _told(request, recalled)  # the memory answer is read once: the checks below share it
    found = _in_full(said)
    if asks_goal(request) and found is not None:
        reason = "asks a goal the user told (what they are supposed to reach; the data measures what happened)"
        return decision.model_copy(update={"intent": "question", "reason": reason})
    if _figure_told(request, recalled, found) or _count_told(request, recalled, found):
        reason = "asks a figure the user told (memory names every word of its slot)"
        return decision.model_copy(update={"intent": "question", "reason": reason})
    if asks_liking(request) and said is not None:
        # "what format do I want the pipeline report in?": the report or chart named is what the user likes, no figure
        reason = "asks what the user likes (a preference they told; the data holds none)"
        return decision.model_copy(update={"intent": "question", "reason": reason})
    if asks_figure(request):
        return resolve_own(request, decision, recalled)
    if asks_as_subject(request) and said is not None and not said.used and said.text.startswith(NEAR_TOLD):
        # "which territory was I on last month?": memory holds the asker's slot, not for the asked time; its honest
        # answer says so, where the data would measure everyone's figures
        reason = "asks about the asker's own slot, which memory holds though not for the asked time or case"
        return decision.model_copy(update={"intent": "question", "reason": reason})
    told = asked_kind(request) in _TOLD_KINDS or asks_as_subject(request)
    if not told or found is None:
        if not asks_only_told(request, recalled):
            return resolve_own(request, decision, recalled)
    reason = "asks what the user told (memory holds it; the data does not measure it)"
    return decision.model_copy(update={"intent": "question", "reason": reason})
