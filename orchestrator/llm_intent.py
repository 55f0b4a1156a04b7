"""The `classify` role backed by a chat model with structured output (`IntentDecision`)."""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.language_models import BaseChatModel

from cognicore.memory.llm import LlmRole, RoleOptions
from cognicore.orchestrator.intent_decision import IntentDecision

__all__ = ["CLASSIFY_PROMPT", "LlmClassifier"]

# Used by `LlmClassifier` (the `classify` node); pairs with `IntentDecision`. `{domain}` is the
# deployment's own description (plugin data), `{agents}` the registry's agents.
CLASSIFY_PROMPT = """You route requests for an assistant. {domain}
It can answer questions from its knowledge base and memory, and it can carry out tasks with these tools:
{agents}
Classify the user's request. Requests for figures computed from data, for several steps, or to produce
an artefact (report, briefing, chart) are tasks. Questions and requests to explain or summarise what the
documents and the conversation say are questions. Something the user tells you without asking is a
statement. A request to change stored data (delete, drop, update, insert, wipe, remove records, set values)
is a task with `changes_data` set: it is refused at once, since the tools only read data.
Say how sure you are. Mark a request that nothing above can do (book travel, send an email, the weather)
as out of scope. When the request only changes one parameter of the previous request in the conversation
(a region, a period, a measure), give the full request it stands for as `resolved_request` and classify that."""


class LlmClassifier(LlmRole[IntentDecision]):
    """Intent from a chat model with structured output; agents and domain come from the registry and plugins."""

    role = "classify"
    max_chars = 1_000
    schema = IntentDecision
    prompt = CLASSIFY_PROMPT

    def __init__(
        self,
        model: BaseChatModel,
        options: RoleOptions | None = None,
        *,
        agents: Sequence[dict[str, str]] = (),
        domain: str = "",
    ) -> None:
        super().__init__(model, options or RoleOptions())
        listing = "\n".join(f"- {a['name']}: {a['description']}" for a in agents) or "(none)"
        self._system = CLASSIFY_PROMPT.format(domain=domain, agents=listing)

    async def classify(
        self, *, request: str, history: list[dict[str, str]], memory: str = "", told: Sequence[str] = ()
    ) -> IntentDecision:
        # `told` is for the offline speller; the model reads the user's words in `memory`.
        recent = "\n".join(f"{t['speaker']}: {t['content'][:500]}" for t in history[-4:])
        recalled = f"What memory recalls about the user:\n{memory[:1000]}\n\n" if memory else ""
        prompt = f"Conversation so far:\n{recent or '(none)'}\n\n{recalled}Request: {request}"
        decision = await self.ask(prompt, system=self._system)
        # The prompt asks for `resolved_request` only for a follow-up: the full request it stands for.
        return decision.model_copy(update={"followup": bool(decision.resolved_request.strip())})
