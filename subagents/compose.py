"""The `compose_answer` role: an answer to a question from retrieved passages, citing them by index.

The offline (extractive) composer lives here and weighs what the user told against the documents; the
documents' own reading is `_answer_documents`; the role's contract and the LLM-backed composer are in
`compose_llm`, re-exported."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cognicore.memory.text import DURATION, STOPWORDS, duration_hours, stem, words
from cognicore.subagents._answer_absence import asked_value_kind
from cognicore.subagents._answer_documents import answer_from_documents
from cognicore.subagents._answer_parts import NOT_SURE, answer_in_parts
from cognicore.subagents._answer_scopes import said_in_scope
from cognicore.subagents._answer_shape import asks_procedure, common_capitals
from cognicore.subagents._passage_units import Unit, split_units
from cognicore.subagents._question_asked import asked_question, told_around
from cognicore.subagents._question_terms import (
    GROUPS,
    SYNONYMS,
    picked_time,
    proper_nouns,
    question_concepts,
    synonym_map,
)
from cognicore.subagents._quote_check import unaccounted
from cognicore.subagents.answer_text import cite_in_order as cite_in_order  # re-exported
from cognicore.subagents.answer_text import closest_miss as closest_miss  # re-exported
from cognicore.subagents.answer_text import not_covered as not_covered  # re-exported
from cognicore.subagents.answer_text import nothing_found as nothing_found  # re-exported
from cognicore.subagents.compose_llm import (  # re-exported: the role's contract and LLM composer
    COMPOSE_ANSWER_PROMPT as COMPOSE_ANSWER_PROMPT,
)
from cognicore.subagents.compose_llm import ROLE as ROLE
from cognicore.subagents.compose_llm import AnswerComposer as AnswerComposer
from cognicore.subagents.compose_llm import ComposedAnswer
from cognicore.subagents.compose_llm import LlmAnswerComposer as LlmAnswerComposer
from cognicore.subagents.memory_answer import (
    MemoryAnswer,
    about_the_asker,
    answer_from_memory,
    asks_about_mine,
    asks_about_the_past,
    asks_how_things_stand,
    asks_what_was_said,
    asks_who_does,
    is_memory,
    last_user_turn,
    topic_concepts,
)
from cognicore.subagents.memory_evidence import _US as TEAM_WORDS  # "we", "our", "the team"
from cognicore.subagents.memory_evidence import names_own_phrase
from cognicore.subagents.memory_evidence import told as told_saying


def _told_facts(passages: Sequence[dict[str, Any]], used: Sequence[int]) -> bool:
    """Are the cited memories all current facts the user told, or sayings of theirs no fact was read from (not
    questions, not superseded values)?"""
    cited = [p for p in passages if is_memory(p) and int(p["index"]) in used]
    return bool(cited) and all(p.get("status") == "active" or told_saying(p) for p in cited)


_ASKING = frozenset({"how", "often", "frequently", "what", "interval", "intervals", "need", "have", "must"})


def _told_it_all(question: str, passages: Sequence[dict[str, Any]], used: Sequence[int]) -> bool:
    """Is a cited memory a fact the user told ("The user restarts the VPN concentrator after each patch") that says
    every word of the question but how it asks ("how often do I restart the VPN concentrator?")? A remark sharing
    one word ("asked for my password") is not."""
    asked = {stem(w) for w in words(question) if w not in STOPWORDS and w not in _ASKING}
    return bool(asked) and any(
        is_memory(p)
        and int(p["index"]) in used
        and p.get("status") == "active"
        and not told_saying(p)
        and asked <= {stem(w) for w in words(str(p.get("content") or ""))}
        for p in passages
    )


# The name a told fact says is used, the object of a verb of using ("We use Slack for team chat").
_USED_NAME = re.compile(
    r"\b(?:use[sd]?|using|work(?:s|ed)?\s+with|partner(?:s|ed)?\s+with|rel(?:y|ies|ied)\s+on|go(?:es)?\s+with)"
    r"\s+(?:the\s+)?(?P<name>[A-Z][\w&.'-]*|[a-z]+\d[\w.-]*)"
)


def _told_name(question: str, thing: str, passages: Sequence[dict[str, Any]], used: Sequence[int]) -> bool:
    """Does a cited told fact name what is used ("We use Slack for team chat") and say, itself or in the statements it
    replaced, every other word of "what tool does the team use for chat?" but the asked thing's own word ("we" says
    "the team")? Memory answers it."""
    asked = {stem(w) for w in words(question) if w not in STOPWORDS and w not in _ASKING} - {stem(thing)}
    own = {w.lower() for w in words(question)}
    return bool(asked) and any(
        is_memory(p)
        and int(p["index"]) in used
        and p.get("status") == "active"
        and not told_saying(p)
        and asked - ({stem("team")} if TEAM_WORDS.search(str(p.get("content") or "")) else set())
        <= {stem(w) for w in words(" ".join([str(p.get("content") or ""), *map(str, p.get("replaced") or [])]))}
        and any(m.group("name").lower() not in own for m in _USED_NAME.finditer(str(p.get("content") or "")))
        for p in passages
    )


def _memory_then_documents(remembered: MemoryAnswer, found: ComposedAnswer) -> ComposedAnswer:
    """What the user told first (dated), then what the documents say: they may disagree, and the user sees both."""
    return ComposedAnswer(
        text=f"{remembered.text} The documents say: {found.text}", used=[*remembered.used, *found.used]
    )


# A member of a named series inside a sentence: the name of a series and a letter or a small number ("Series A",
# "Tier 2", "Gen 3", "Model 4"); not a sentence's opening ("Can I ...") nor the pronoun. Only the names of series
# of things: a capitalised time and its number ("Week 3", "Day 10", "Phase 2" of a timeline) is a time, which a
# rule for a range of them answers ("within 30 days").
_SERIES = r"(?:Series|Tier|Gen|Generation|Model|Mark|Mk|Version|Level|Class|Type|Grade|Edition|Plan|Band)"
_MEMBER = re.compile(rf"(?<=[\w,] )({_SERIES})\s+([A-HJ-Z]|\d{{1,2}})(?![\w%'’-])")


def unsaid_member(question: str, text: str) -> str | None:
    """The member of a series the question names ("Series A") that `text` never writes, or None: a sentence about
    another member ("Series B") does not answer it."""
    for m in _MEMBER.finditer(question):
        if not re.search(rf"\b{m.group(1)}\s+{m.group(2)}\b", text, re.I):
            return m.group(0)
    return None


# A yes/no question: its asked sentence opens with an auxiliary.
_YES_NO = re.compile(
    r"(?:^|[.!?;:,]\s+|\s[-–—]\s+)(?:does|do|did|is|are|was|were|will|would|should|can|could|has|have)\b"
    r"[^.!?]*\?\s*$",
    re.I,
)
# A sentence about passing a time limit and what follows from it (a breach, an escalation).
_PASSING = re.compile(r"\b(?:breach\w*|escalat\w*|pass(?:es|ed)?\s+its|exceed\w*|overdue|runs?\s+over|late)\b", re.I)
_CODE = re.compile(r"\b[A-Z]{1,3}\d{1,2}\b")
# "which region does my manager look after?": what a person of the asker's does is the asker's world; a document
# names roles, never which holder is theirs ("the four regional sales managers" is no answer). General English.
_THEIRS_DOES = re.compile(
    r"\b(?:does|did|do|will|has)\s+my\s+(?:team\s+)?(?:manager|boss|lead|supervisor|director|colleague|co-?worker|"
    r"teammate|assistant|mentor|partner|wife|husband|friend|sister|brother|mother|father)s?\b",
    re.IGNORECASE,
)
# The kinds of document a company writes its rules in: what "our ..." of one of them asks is the documents'.
_DOCUMENT_KIND = re.compile(
    r"\b(?:polic(?:y|ies)|procedures?|guidelines?|handbooks?|manuals?|runbooks?|playbooks?)\b", re.IGNORECASE
)


def _hours(text: str) -> list[float]:
    """The lengths in hours of the counted durations a text states, but for a time past ("three hours ago"); a
    vague count ("a few days") is no length."""
    timed = [m for m in DURATION.finditer(text) if not text[m.end() :].lstrip().startswith("ago")]
    return [h for m in timed if (h := duration_hours(m)) is not None]


def unmet_case(question: str, text: str) -> bool:
    """Does a yes/no question whose case states a time ("got its first response after three hours") get an answer
    about passing a time limit (a breach, its escalation) that the stated time is not shown to pass? Quoted as it
    is, "Breaches of P2 tickets are escalated to the duty manager" reads as yes for a P2 answered inside its 8 hours;
    only a limit of the case's own kind ("P2 ... within 8 hours") that the stated time exceeds makes it apply."""
    if not _YES_NO.search(question) or not _PASSING.search(text):
        return False
    stated = _hours(question)
    if len(stated) != 1:
        return len(stated) > 1  # two times stated: which is the case's is not read here
    members = set(_CODE.findall(question))
    limits = [h for member in members for m in re.finditer(rf"\b{member}\b[^,;.]*", text) for h in _hours(m.group(0))]
    if not members:
        limits = _hours(text)
    return len(set(limits)) != 1 or stated[0] <= limits[0]


# "How long until the money is back on the card?": the thing whose time is asked is the clause after "until".
_UNTIL = re.compile(r"\bhow\s+long\s+(?:until|till|til|before)\s+(?P<clause>[^?.!]+)", re.I)
_FUNCTION = frozenset({"back", "until", "done", "ready", "get", "gets", "take", "takes", "come", "comes", "go", "goes"})


def other_subject(question: str, text: str, synonyms: dict[str, frozenset[str]]) -> bool:
    """Does "how long until <thing>" get a duration about something else? The thing's first content word (with its
    synonyms: "money", "refund") must be in each sentence of the answer that states a duration: "hold the button on
    the back of the case for three seconds until the light blinks" shares only "back" and "until" with "how long
    until the money is back on the card", and another sentence naming a refund beside it does not make its three
    seconds the refund's time."""
    m = _UNTIL.search(question)
    if m is None:
        return False
    concepts = [c for c in question_concepts(m.group("clause"), synonyms) if not c <= _FUNCTION]
    if not concepts:
        return False
    timed = [s for s in re.split(r"(?<=[.!?])\s+", text) if DURATION.search(s)] or [text]
    return any(not concepts[0] & {stem(w) for w in words(s)} for s in timed)


def unanswered_context(said: str, request: str, answer: str) -> list[str]:
    """The words a message tells around its asked part (a scope, a case: "We're sailing to the Outer Isles.")
    that an answer to the part alone never says: that answer may hold for another place or case. A name keeps its
    capital; a sentence's first word is lower-cased."""
    asked = {stem(w) for w in words(request.lower())}
    answered = {stem(w) for w in words(answer.lower())}
    missed: dict[str, None] = {}
    for sentence in told_around(said):
        if " ".join(sentence.split()) in " ".join(request.split()):
            continue
        typed = re.findall(r"[A-Za-z][\w-]*", sentence)
        for w in [w.lower() for w in typed[:1]] + typed[1:]:
            if w.lower() not in STOPWORDS and len(w) > 2 and stem(w.lower()) not in asked | answered:
                missed[w] = None
    return list(missed)


def _quoted(text: str, units: Sequence[Unit]) -> list[Unit]:
    """The passages' sentences an extractive answer quotes, in the order it quotes them."""
    flat = " ".join(text.split())
    said = [(flat.find(" ".join(u.text.split()).rstrip(".")), u) for u in units]
    return [u for at, u in sorted((p for p in said if p[0] >= 0), key=lambda p: p[0])]


class OfflineAnswerComposer:
    """Extractive, deterministic composer: the sentences sharing most (rare) words with the question.

    `synonyms` are a deployment's own paraphrase groups (plugin data, e.g. a region and its code), added
    to the generic ones.
    """

    def __init__(self, synonyms: Sequence[str] = ()) -> None:
        self._synonyms = synonym_map([*GROUPS, *synonyms]) if synonyms else SYNONYMS

    async def compose(
        self, *, question: str, passages: list[dict[str, Any]], memory: str = "", history: str = ""
    ) -> ComposedAnswer:
        """Answer with the best sentences, cited; say plainly when nothing is about the question.

        A question asking for a value of a kind ("how often": a frequency) is not answered by sentences that give
        none ("how often must passwords change?" and the reset procedure, or a told remark about passwords); the miss
        is checked against the whole corpus afterwards.
        """
        # "A customer asks how long the warranty is. What do I tell them?": read without the conversation around it,
        # then the asking sentence alone, then as typed.
        asked = asked_question(question)
        composed = ComposedAnswer(text="", used=[])
        # The asking sentence alone drops its context: a name the context sets ("We're talking about the Westray route
        # here.") must be in the answer read without it, or that answer is about another place or thing.
        context_names = proper_nouns(asked.in_context) - proper_nouns(asked.alone)
        for text in dict.fromkeys((asked.in_context, *([asked.alone] if asked.stands_alone else []), question)):
            composed = await self._checked(question=text, passages=passages, history=history)
            said = {stem(w) for w in words(composed.text)} | set(words(composed.text.lower()))
            if composed.used and text == asked.alone and text != asked.in_context and context_names - said:
                composed = ComposedAnswer(text=not_covered(question, [], sorted(context_names - said), ""), used=[])
                continue
            if composed.used and text == asked.alone and text != asked.in_context:
                # A sentence of the answer stated for another name of the context's list is no answer for it.
                contents = [str(p.get("content") or "") for p in passages]
                if not (kept := said_in_scope(composed.text, asked.in_context, contents)):
                    composed = ComposedAnswer(text=not_covered(question, [], sorted(context_names), ""), used=[])
                    continue
                composed = ComposedAnswer(text=kept, used=composed.used)
            if composed.used:
                break
        return composed

    async def _checked(self, *, question: str, passages: list[dict[str, Any]], history: str) -> ComposedAnswer:
        """The answer to one reading of the question, checked against the kind of value it asks and its case."""
        composed = await self._compose(question=question, passages=passages, history=history)
        kind = asked_value_kind(question)
        if composed.used and kind is not None and not kind.written.search(composed.text):
            if kind.value == "a name" and _told_name(question, kind.thing, passages, composed.used):
                return composed
            if _told_it_all(question, passages, composed.used):
                # What the user told is theirs to know: a told fact whose value is worded otherwise is said, unsure,
                # never replaced by the documents' "does not say" (the whole-corpus check runs on an empty answer).
                return ComposedAnswer(text=f"{composed.text} {NOT_SURE}", used=composed.used)
            return ComposedAnswer(text=not_covered(question, [], [kind.value], ""), used=[])
        cited = " ".join(str(p.get("content") or "") for p in passages if int(p["index"]) in composed.used)
        told = any(is_memory(p) and int(p["index"]) in composed.used for p in passages)
        if composed.used and not told and (time := picked_time(question)) and not re.search(r"\bago\b", cited, re.I):
            # "What happened to the tickets opened three days ago?": the time picks out what is asked; a rule that
            # says nothing of a time ago ("Breaches ... reviewed in the weekly meeting") is about other tickets.
            return ComposedAnswer(text=not_covered(question, [], [time], ""), used=[])
        if composed.used and not told and other_subject(question, composed.text, self._synonyms):
            # A duration about another thing ("... for three seconds until the light blinks") does not say how long
            # until the asked thing happens.
            return ComposedAnswer(text=not_covered(question, [], ["that"], ""), used=[])
        if composed.used and not told and NOT_SURE not in composed.text and unmet_case(question, composed.text):
            # "A P2 ticket got its first response after three hours. Does it go to the duty manager?" and the breach
            # rule: the case is not shown to meet the rule's condition, so the rule is quoted as unsure, not as yes.
            return ComposedAnswer(text=f"{composed.text} {NOT_SURE}", used=composed.used)
        if composed.used and (named := unsaid_member(question, cited)):
            # "What did we raise in the Series A?" answered by the Series B sentence: another member of the series.
            return ComposedAnswer(text=not_covered(question, [], [named], ""), used=[])
        if composed.used and not told:
            units = [u for order, p in enumerate(passages) if not is_memory(p) for u in split_units(order, p)]
            vocabulary = frozenset().union(*(u.terms | u.lead | u.frame for u in units))
            contents = [str(p.get("content") or "") for p in passages if not is_memory(p)]
            quoted = _quoted(composed.text, units)
            common, written = common_capitals(contents), "\n".join(contents)
            if part := unaccounted(question, quoted, vocabulary, self._synonyms, common, written):
                # The quote does not account for a part of the asked thing: it is about something else.
                return ComposedAnswer(text=not_covered(question, [], [part], ""), used=[])
        return composed

    async def _compose(self, *, question: str, passages: list[dict[str, Any]], history: str) -> ComposedAnswer:
        """The answer from memory or documents, before the check of the asked value's kind.

        A question about the user or their team is answered from the memory passages when they cover it
        at least as well as the documents (dated, newest first). `memory` and `history` are not used: an
        extractive answer can only quote passages.
        """
        concepts = question_concepts(question, self._synonyms)
        personal = about_the_asker(question)
        # Documents hold no history: "what was the budget before?" is about what the user said, too.
        asks_memory = personal or asks_about_the_past(question) or asks_who_does(question)
        # "How big is the team now?", "When is the pricing review?": what the user told may answer a question
        # not about them, when the memory covers all of it (and, unless it asks how things stand now, the
        # documents do not).
        standing = not asks_memory and asks_how_things_stand(question)
        remembered = answer_from_memory(
            question, concepts, [p for p in passages if is_memory(p)], previous=last_user_turn(history)
        )
        documents = [p for p in passages if not is_memory(p)]
        # One shared word is no evidence that a document answers a question about the asker ("where do I live?").
        # "What did I tell you about ...?" and "what is my X?" ask what only the user can have said.
        only_memory = asks_what_was_said(question) or asks_about_mine(question)
        # A name the question capitalises ("our CTO", "our Rotterdam warehouse") is the company's, not the user's.
        names_a_thing = bool(proper_nouns(question) & frozenset().union(*concepts)) if concepts else False
        # "How do I change my password?" asks how it is done, which the documents say, though it says "my"; "what is
        # our refund policy?" asks what a document of the company's says, though it says "our".
        how_to = asks_procedure(question) or _DOCUMENT_KIND.search(question) is not None
        theirs = _THEIRS_DOES.search(question) is not None and not how_to
        if (
            (personal and len(topic_concepts(concepts)) <= 1 and not names_a_thing and not how_to)
            or only_memory
            or theirs
        ):
            documents = []
        found, coverage = answer_in_parts(
            question,
            lambda q, only: answer_from_documents(
                q, [p for p in documents if only is None or int(p["index"]) in only], self._synonyms
            ),
        )
        if not asks_memory and remembered is not None:
            # Documents as good as memory win, unless memory has a phrase of the question no document has
            # ("When is the pricing review?" after the user said when "the pricing review" is).
            told = [p for p in passages if is_memory(p) and int(p["index"]) in remembered.used]
            own = names_own_phrase(question, told, documents)
            if remembered.coverage < 1.0:
                remembered = None
            elif not standing and not own and found.used and coverage >= 1.0:
                if _told_facts(passages, remembered.used):
                    # What the user told about their own world ("our offsite", "the helpdesk") comes first.
                    return _memory_then_documents(remembered, found)
                remembered = None
        if remembered is not None and (not found.used or remembered.coverage >= coverage):
            if found.used and not only_memory and _told_facts(passages, remembered.used):
                # A document that answers too ("how much discount may I give?"): both are said, the told fact first.
                return _memory_then_documents(remembered, found)
            return ComposedAnswer(text=remembered.text, used=remembered.used)
        if remembered is not None and personal and remembered.used and _told_facts(passages, remembered.used):
            # What the user told about their own team beats a generic document; both are said, memory first.
            return _memory_then_documents(remembered, found)
        return found
