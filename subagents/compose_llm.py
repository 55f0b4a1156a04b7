"""The `compose_answer` role's contract (`ComposedAnswer`, `AnswerComposer`) and its LLM-backed implementation."""

from __future__ import annotations

import json
import re
from typing import Any, Protocol

from pydantic import BaseModel, Field

from cognicore.memory.llm import LlmRole
from cognicore.subagents.answer_text import CITATION

ROLE = "compose_answer"


class ComposedAnswer(BaseModel):
    """An answer to the user's question written only from the numbered passages, citing them."""

    text: str = Field(
        description=(
            "The answer in a few sentences. After each statement put the number of the passage that "
            "supports it in square brackets, e.g. [2]. If the passages do not answer the question, say "
            "plainly that the knowledge base has nothing on it; never add facts that are not in the passages."
        )
    )
    used: list[int] = Field(
        default_factory=list,
        description="The numbers of the passages the answer relies on; empty when none answers the question.",
    )


class AnswerComposer(Protocol):
    """Writes an answer from passages given as JSON dicts with `index`, `title`, `source` and `content`."""

    async def compose(
        self, *, question: str, passages: list[dict[str, Any]], memory: str = "", history: str = ""
    ) -> ComposedAnswer: ...


# Used by LlmAnswerComposer (the rag_query sub-agent and the orchestrator's answer node);
# pairs with the ComposedAnswer schema.
COMPOSE_ANSWER_PROMPT = """\
You answer questions about a company from its knowledge base. You are given numbered passages
retrieved for the question, and possibly facts remembered about the user and the recent conversation.
Rules:
- Answer only from the passages. Memory and conversation help you understand the question; they are
  not sources for facts about the company.
- Cite every statement with the number of the passage it comes from, in square brackets: [1], [3].
  Cite only numbers you were given. List the numbers you relied on in `used`.
- If the passages do not contain the answer, say plainly that the knowledge base has nothing on the
  question, and leave `used` empty. Never guess and never invent names, figures, dates or policies.
- If the passages answer only part of the question, answer that part and say what is missing.
- Be brief: a few sentences, in the language of the question."""


class LlmAnswerComposer(LlmRole[ComposedAnswer]):
    """Composer backed by any LangChain chat model; citations are checked against the given passages."""

    role = ROLE
    schema = ComposedAnswer
    prompt = COMPOSE_ANSWER_PROMPT

    async def compose(
        self, *, question: str, passages: list[dict[str, Any]], memory: str = "", history: str = ""
    ) -> ComposedAnswer:
        """An answer from the model; raises `ModelCallError` on timeout or unusable output."""
        payload: dict[str, Any] = {"question": question, "passages": passages}
        if memory.strip():
            payload["memory"] = memory
        if history.strip():
            payload["conversation"] = history
        answer = await self.ask(json.dumps(payload, ensure_ascii=False, indent=1))
        return _checked(answer, {int(p["index"]) for p in passages})


def _checked(answer: ComposedAnswer, valid: set[int]) -> ComposedAnswer:
    """Drop citations of passages that were never given; count cited markers as used."""
    text = CITATION.sub(lambda m: m.group(0) if int(m.group(1)) in valid else "", answer.text)
    text = re.sub(r"[ \t]+([.,;:!?])", r"\1", re.sub(r"[ \t]{2,}", " ", text)).strip()
    cited = {int(m) for m in CITATION.findall(text)}
    used = sorted({u for u in answer.used if u in valid} | cited)
    return ComposedAnswer(text=text or answer.text.strip(), used=used)
