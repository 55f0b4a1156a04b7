"""The `compose_answer` role: an answer to a question from retrieved passages, citing them by index.

The offline (extractive) composer lives here and weighs what the user told against the documents; the
documents' own reading is `_answer_documents`; the role's contract and the LLM-backed composer are in
`compose_llm`, re-exported."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cognicore.subagents._answer_absence import asked_value_kind
from cognicore.subagents._answer_documents import answer_from_documents
from cognicore.subagents._answer_parts import answer_in_parts
from cognicore.subagents._answer_shape import CALENDAR, asks_procedure
from cognicore.subagents._question_terms import GROUPS, SYNONYMS, proper_nouns, question_concepts, synonym_map
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
from cognicore.subagents.memory_evidence import names_own_phrase
from cognicore.subagents.memory_evidence import told as told_saying


def _told_facts(passages: Sequence[dict[str, Any]], used: Sequence[int]) -> bool:
    """Are the cited memories all current facts the user told, or sayings of theirs no fact was read from (not
    questions, not superseded values)?"""
    cited = [p for p in passages if is_memory(p) and int(p["index"]) in used]
    return bool(cited) and all(p.get("status") == "active" or told_saying(p) for p in cited)


def _memory_then_documents(remembered: MemoryAnswer, found: ComposedAnswer) -> ComposedAnswer:
    """What the user told first (dated), then what the documents say: they may disagree, and the user sees both."""
    return ComposedAnswer(
        text=f"{remembered.text} The documents say: {found.text}", used=[*remembered.used, *found.used]
    )


# A member of a named series inside a sentence: a capitalised word and a letter or a small number ("Series A",
# "Tier 2", "Gen 3"); not a sentence's opening ("Can I ...") nor the pronoun.
_MEMBER = re.compile(r"(?<=[\w,] )([A-Z][a-z]{2,})\s+([A-HJ-Z]|\d{1,2})(?![\w%'’-])")


def unsaid_member(question: str, text: str) -> str | None:
    """The member of a series the question names ("Series A") that `text` never writes, or None: a sentence about
    another member ("Series B") does not answer it."""
    for m in _MEMBER.finditer(question):
        if CALENDAR.match(m.group(1)):
            continue  # "March 3" is a date
        if not re.search(rf"\b{m.group(1)}\s+{m.group(2)}\b", text, re.I):
            return m.group(0)
    return None


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
        composed = await self._compose(question=question, passages=passages, history=history)
        kind = asked_value_kind(question)
        if composed.used and kind is not None and not kind.written.search(composed.text):
            return ComposedAnswer(text=not_covered(question, [], [kind.value], ""), used=[])
        cited = " ".join(str(p.get("content") or "") for p in passages if int(p["index"]) in composed.used)
        if composed.used and (named := unsaid_member(question, cited)):
            # "What did we raise in the Series A?" answered by the Series B sentence: another member of the series.
            return ComposedAnswer(text=not_covered(question, [], [named], ""), used=[])
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
        # "How do I change my password?" asks how it is done, which the documents say, though it says "my".
        how_to = asks_procedure(question)
        if (personal and len(topic_concepts(concepts)) <= 1 and not names_a_thing and not how_to) or only_memory:
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
