"""The `score_importance` role: how much a memory matters later, from 1 (mundane) to 10 (poignant).

Importance weighs retrieval and decides when reflection is due (the summed importance of unreflected
memories passing a threshold), so the offline rules must order memories the way a person would:
an explicit "remember this", decisions and failures above preferences, above tool output, above chit-chat.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from pydantic import BaseModel, Field

from cognicore.memory.llm import LlmRole

ROLE = "score_importance"


class ImportanceScore(BaseModel):
    """How important this memory is for the assistant's future conversations with the user."""

    score: int = Field(
        ge=1,
        le=10,
        description="1 for mundane (greetings, thanks, small talk), 4-5 for routine work results, 7-8 for "
        "decisions, preferences, failures and lessons, 9-10 for what the user explicitly asks to remember.",
    )
    reason: str = Field(description="A few words saying why.")


class ImportanceScorer(Protocol):
    """Scores one memory's importance."""

    async def score(self, *, content: str, kind: str, metadata: dict[str, Any]) -> ImportanceScore: ...


# Used by `LlmImportanceScorer` (when memories are written to the stream); pairs with `ImportanceScore`.
SCORE_IMPORTANCE_PROMPT = """You rate memories of an assistant on a scale of 1 to 10, where 1 is purely
mundane (a greeting, an acknowledgement, small talk) and 10 is extremely poignant (something the user
explicitly asked to be remembered, a key decision with its reason). Decisions, stated preferences, facts
about the user, failures and lessons learned rate high; routine tool output rates medium."""

_RULES: tuple[tuple[re.Pattern[str], int, str], ...] = tuple(
    (re.compile(pattern, re.I), score, reason)
    for pattern, score, reason in (
        (r"\b(?:remember|don't forget|do not forget|keep in mind|make a note|important)\b", 9,
         "asked to remember"),
        (r"\b(?:decided|decision|agreed|we chose|we will go with|going with|settled on|opted)\b", 8,
         "a decision"),
        (r"\b(?:error|failed|failure|exception|timed? ?out|could not|couldn't|unable to|refused|invalid)\b",
         7, "a failure or error"),
        (r"\b(?:assume|assuming|assumption)\b", 6, "an assumption"),
        (r"\b(?:prefer|favou?rite|love|hate|dislike|don't like|do not like|allergic|i like|i drink)\b", 7,
         "a preference"),
        (r"\b(?:my name is|i live in|i work (?:at|as|for|in)|i am an? |i'm an? |our budget|my budget)\b", 6,
         "a fact about the user"),
        (r"\b(?:lesson|learned|next time|instead|should have|workaround)\b", 7, "a lesson"),
    )
)  # fmt: skip
_CHITCHAT_RE = re.compile(
    r"^\W*(?:hi|hello|hey|thanks|thank you|thx|ok|okay|cool|great|nice|sure|yes|no|yep|nope|bye|"
    r"goodbye|good (?:morning|afternoon|evening|night)|how are you|got it|sounds good|perfect|awesome)\b"
    r"[\W\w]{0,20}$",
    re.I,
)
_ENTITY_RE = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-zA-Z0-9-]+|\$\s?\d|\b\d+(?:[.,]\d+)?%?")
_KIND_BASE = {"tool_result": 4, "tool_call": 3, "reflection": 7, "thought": 4, "observation": 3}


class OfflineImportanceScorer:
    """Rule-based importance: deterministic, explainable, no model."""

    async def score(self, *, content: str, kind: str, metadata: dict[str, Any]) -> ImportanceScore:
        text = content.strip()
        if not text:
            return ImportanceScore(score=1, reason="empty")
        # Tool output says "error" about data too often to count as a failure by its words alone.
        rules = _RULES if kind != "tool_result" else tuple(r for r in _RULES if r[2] != "a failure or error")
        hits = [(score, reason) for pattern, score, reason in rules if pattern.search(text)]
        if not hits and kind in ("observation", "thought") and _CHITCHAT_RE.match(text):
            return ImportanceScore(score=1, reason="greeting or acknowledgement")
        base = _KIND_BASE.get(kind, 3)
        reasons = [kind.replace("_", " ")]
        if metadata.get("status") in ("error", "failed"):
            base, reasons = max(base, 7), [*reasons, "a failed step"]
        if hits:
            best, why = max(hits)
            base, reasons = max(base, best), [*reasons, why]
        # Detail nudges: a long or entity-rich memory carries more that can be reused.
        words = len(text.split())
        entities = len(_ENTITY_RE.findall(text))
        nudge = (words >= 40) + (entities >= 3)
        if words <= 3 and not hits:
            nudge -= 1
        if nudge > 0:
            reasons.append("detailed")
        return ImportanceScore(score=max(1, min(10, base + nudge)), reason=", ".join(reasons))


class LlmImportanceScorer(LlmRole[ImportanceScore]):
    """Importance from a chat model with structured output."""

    role = ROLE
    max_chars = 500
    schema = ImportanceScore
    prompt = SCORE_IMPORTANCE_PROMPT

    async def score(self, *, content: str, kind: str, metadata: dict[str, Any]) -> ImportanceScore:
        return await self.ask(f"Memory ({kind}):\n{content[:3000]}")
