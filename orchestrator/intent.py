"""The `classify` role: is a request a question (answer from knowledge), a task (plan and use tools) or a
statement (something the user tells us, acknowledged and remembered)?"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal, Protocol

from langchain_core.language_models import BaseChatModel
from pydantic import BaseModel, Field

from cognicore.memory.llm import LlmRole, RoleOptions
from cognicore.memory.text import stem, terms, words
from cognicore.orchestrator.planning import GENERIC, Vocabulary, agent_matches
from cognicore.subagents.read_only import change_request


class IntentDecision(BaseModel):
    """Decide whether the user's request is a question or a task."""

    intent: Literal["question", "task", "statement"] = Field(
        description=(
            "'question' when it asks for something the knowledge base and memory can answer (including "
            "requests such as 'summarise our policy' or 'explain X'); 'task' when it needs data from a "
            "database, a tool, several steps, or a produced artefact such as a report or chart; "
            "'statement' when the user tells something (a preference, a fact, a decision) and asks nothing."
        )
    )
    reason: str = Field(description="One short sentence explaining the decision.")


class Classifier(Protocol):
    """Decides the intent of a request."""

    async def classify(self, *, request: str, history: list[dict[str, str]]) -> IntentDecision: ...


# Used by `LlmClassifier` (the `classify` node); pairs with `IntentDecision`. `{domain}` is the
# deployment's own description (plugin data), `{agents}` the registry's agents.
CLASSIFY_PROMPT = """You route requests for an assistant. {domain}
It can answer questions from its knowledge base and memory, and it can carry out tasks with these tools:
{agents}
Classify the user's request. Requests for figures computed from data, for several steps, or to produce
an artefact (report, briefing, chart) are tasks. Questions and requests to explain or summarise what the
documents and the conversation say are questions. Something the user tells you without asking is a
statement. A request to change stored data (delete, drop, update, insert, wipe, remove records, set values)
is a task: the database tool answers it with a refusal, since it only reads."""

# Words that mark an artefact to produce or an analysis to run.
_ACTION = frozenset(
    terms(
        "analyze analyse analysis compare comparison create write draft prepare produce generate build compile "
        "summarize summarise report briefing brief memo chart plot graph visualize visualise dashboard breakdown "
        "rank ranking forecast calculate compute tabulate export"
    )
)
# Quarter names point at figures in any domain; the rest of the data words come from the vocabulary.
_QUARTERS = frozenset(terms("q1 q2 q3 q4"))
_PERIODS = frozenset(terms("quarter quarterly monthly yearly"))
_QUESTION_START = re.compile(
    r"^\s*(what|who|whom|whose|when|where|why|how|which|is|are|was|were|do|does|did|can|could|should|would"
    r"|will|tell me|explain|describe)\b",
    re.IGNORECASE,
)
_FIGURE = re.compile(
    r"\bhow (much|many)\b|\b(19|20)\d\d\b|\bq[1-4]\b|\b(last|this|previous|latest) (quarter|year|month)", re.I
)
# An imperative that asks for something ("give me", "list", "summarise the policy") is a question too.
_ASKS = re.compile(
    r"^\s*(please\s+)?(give|show|list|find|get|fetch|look up|tell|explain|describe|summari[sz]e|remind|what's)\b",
    re.IGNORECASE,
)
# A statement tells something about the speaker or their team; a bare phrase ("warranty for headphones")
# is a search, answered like a question.
_TELLS = re.compile(
    r"\b(i|i'm|im|i've|i'd|i'll|my|mine|we|we're|we've|we'll|us|our|ours|fyi|btw|remember|note that)\b", re.IGNORECASE
)
# Summarising what documents say is answering from them, unless a figure or an artefact is asked for.
_SUMMARISE = frozenset(terms("summarize summarise"))
_RANKING = re.compile(r"\b(top|bottom|best|worst|highest|lowest|most|least)\b", re.IGNORECASE)


def _word(request: str, stems: list[str]) -> str:
    """The request's own word for the first of `stems` (people read the reason, not the stem)."""
    wanted = set(stems)
    return next((w for w in words(request) if stem(w) in wanted), stems[0])


def is_question(text: str) -> bool:
    """A question (asks something) rather than a statement (tells something)."""
    return text.rstrip().endswith("?") or bool(_QUESTION_START.match(text))


class OfflineClassifier:
    """Rule-based intent: artefacts, figures or a matching tool make a task; a question asks; the rest tells.

    `tools` are the registered agents beyond the built-ins (`{"name", "description"}`): a request that
    asks for what one of them does is a task, so third-party agents are reachable offline too. What counts
    as a request for figures is the `vocabulary` (generic words plus the domain plugins').
    """

    def __init__(self, tools: Sequence[dict[str, str]] = (), *, vocabulary: Vocabulary = GENERIC) -> None:
        self._tools = list(tools)
        self._data = vocabulary.data | _QUARTERS

    async def classify(self, *, request: str, history: list[dict[str, str]]) -> IntentDecision:
        found = set(terms(request))
        for tool in self._tools:
            if agent_matches(found, tool):
                return IntentDecision(intent="task", reason=f"asks for what {tool['name']} does")
        action = sorted(found & _ACTION)
        data = sorted(found & self._data)
        if action and not (set(action) <= _SUMMARISE and not data):
            return IntentDecision(
                intent="task", reason=f"asks to produce or analyse something ({_word(request, action)})"
            )
        # "why", "explain" and policy questions stay questions even when they mention sales words,
        # unless they ask for a figure or a ranking.
        asks_figure = bool(_RANKING.search(request) or _FIGURE.search(request))
        # A period alone ("our fiscal year starts in April.") asks for no figure: it takes a measure.
        measured = [d for d in data if d not in _PERIODS]
        if measured and (asks_figure or not _QUESTION_START.match(request)):
            return IntentDecision(intent="task", reason=f"needs figures from the database ({_word(request, measured)})")
        if verb := change_request(request):
            # Changing data is a task for the database agent, which refuses it with the reason (it only reads).
            return IntentDecision(intent="task", reason=f"asks to change data ({verb})")
        if not (is_question(request) or _ASKS.match(request)) and _TELLS.search(request):
            return IntentDecision(intent="statement", reason="tells something and asks nothing")
        return IntentDecision(intent="question", reason="answerable from the knowledge base and memory")


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

    async def classify(self, *, request: str, history: list[dict[str, str]]) -> IntentDecision:
        recent = "\n".join(f"{t['speaker']}: {t['content'][:500]}" for t in history[-4:])
        return await self.ask(f"Conversation so far:\n{recent or '(none)'}\n\nRequest: {request}", system=self._system)
