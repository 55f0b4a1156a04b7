"""What the `classify` role decides about a request (question, task or statement, how sure, in scope or not) and
the interface every classifier implements, LLM-backed or offline."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol

from pydantic import BaseModel, Field
from pydantic.json_schema import SkipJsonSchema

__all__ = ["CONFIDENCE_BAR", "Classifier", "IntentDecision"]

CONFIDENCE_BAR = 0.5  # a classification less sure than this ends the run `unsure` instead of guessing


class IntentDecision(BaseModel):
    """Decide whether the user's request is a question, a task or a statement, and how sure you are."""

    intent: Literal["question", "task", "statement"] = Field(
        description=(
            "'question' when it asks for something the knowledge base and memory can answer (including "
            "requests such as 'summarise our policy' or 'explain X'); 'task' when it needs data from a "
            "database, a tool, several steps, or a produced artefact such as a report or chart; "
            "'statement' when the user tells something (a preference, a fact, a decision) and asks nothing."
        )
    )
    reason: str = Field(description="One short sentence explaining the decision.")
    confidence: float = Field(
        default=1.0,
        ge=0.0,
        le=1.0,
        description="How sure you are of this reading, from 0 to 1; below 0.5 when you cannot tell what is asked.",
    )
    out_of_scope: bool = Field(
        default=False,
        description=(
            "True when the request asks for something that neither the knowledge base, the memory nor any "
            "listed tool can do (booking travel, sending messages, live weather); false otherwise."
        ),
    )
    resolved_request: str = Field(
        default="",
        description=(
            "When the request is a follow-up that changes one parameter of the previous request in the "
            "conversation ('now the same for X', 'and by units instead?', 'what about last year?'), the full "
            "request it stands for, in the user's words with that parameter changed; empty otherwise."
        ),
    )
    language: str = Field(default="", description="The request's language only when you cannot read it; else empty.")
    changes_data: bool = Field(
        default=False,
        description=(
            "True when the request asks to change stored data or its structure (delete, update, insert, set, close, "
            "reassign, rename, raise a price...); false for reads that only mention such a word ('tickets updated "
            "this week', 'change in revenue')."
        ),
    )
    # Set by the offline classifier only (not asked of a model): the misspelt words it read as others, so the
    # answer can say so ("'revnue' as 'revenue'"); `resolved_request` then holds the corrected request.
    read_as: SkipJsonSchema[list[str]] = Field(default_factory=list)
    # Offline only: a question's topical words that nothing the deployment holds mentions ("weather"): when the
    # documents and memory then find nothing either, the answer refuses it with what the agents can do.
    unheld: SkipJsonSchema[list[str]] = Field(default_factory=list)
    # Offline only: the parts of a message no agent does, set aside while the rest is answered ("book me a room for
    # 3pm" in "book me a room for 3pm and tell me ..."): the answer names them as not done.
    set_aside: SkipJsonSchema[list[str]] = Field(default_factory=list)
    # Set by the classifier that resolved it (not asked of a model): `resolved_request` stands for a follow-up, a
    # fuller request than the user typed; otherwise it is the user's own words re-read (spelling), and facts are
    # extracted from what was typed.
    followup: SkipJsonSchema[bool] = False
    # Offline only: the parts of a message that tell something beside what it asks ("I joined the network team
    # today" in "I joined the network team today, so how many VPN tickets are closed?"): remembered as told.
    told_part: SkipJsonSchema[str] = ""

    @property
    def sure(self) -> bool:
        """Whether the decision clears the confidence bar below which a run ends `unsure`."""
        return self.confidence >= CONFIDENCE_BAR


class Classifier(Protocol):
    """Decides the intent of a request."""

    async def classify(
        self, *, request: str, history: list[dict[str, str]], memory: str = "", told: Sequence[str] = ()
    ) -> IntentDecision:
        """The decision for `request`; `history` is the session's turns, `memory` what long-term memory recalled
        (as text), `told` the user's own words in it (`recollection.told_words`), which are never typos."""
        ...
