"""The data's own reader as the last word on routing offline: a request the offline classifier would send to the
knowledge base, or a task the offline planner finds no agent for, goes to the data when the deployment's SQL reader
maps it onto the schema with confidence ("status of the wifi tickets?", "priority mix of chloe's tickets").

The classifier's and planner's rules read words; the SQL reader knows the schema, its values and the plugins'
vocabulary, so it is asked only where the rules would otherwise guess (a question, or a task with no plan). A
question about the user ("I", "my"), a definition ("what is a P1"), a reason ("why ...") or one with a word of the
documents' vocabulary stays a question.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

from cognicore.memory.text import terms
from cognicore.orchestrator.intent import Classifier, IntentDecision
from cognicore.orchestrator.planning import Planner
from cognicore.subagents.errors import Unsure
from cognicore.subagents.types import Plan, PlanStep

DataReader = Callable[[str], Awaitable[bool]]
"""Whether a request maps onto the deployment's data with confidence (`SchemaSqlWriter.reads`)."""

DATA_AGENT = "database_query"
# About the user (their memory; "show me" asks for rows), a definition, a reason or a way: never rows of the data.
_NOT_DATA = re.compile(
    r"\b(?:i|my|mine|myself)\b|(?<!show )(?<!give )(?<!tell )(?<!get )(?<!send )(?<!find )(?<!fetch )\bme\b|"
    r"^\s*(?:why|how come|how (?:do|does|did|can|could|should|to)\b(?!.*\b(?:do|doing|perform|performing)\b\s+"
    r"(?:in|during|over|last|this|so far)\b)|explain|define)|"
    r"^\s*what(?:'s|\s+is|\s+are)\s+(?:an?|the meaning of|the definition of)\s|\b(?:mean|means|stand for)\s*\??\s*$",
    re.I,
)


# Orders to list or count rows: "list ...", "show me ...", "pull up ...", "bring up ...", "fetch ...".
_LISTS = re.compile(
    r"^\s*(?:(?:(?:can|could|would|will) you|please|pls|kindly|just|hey|ok|okay)\s+)*"
    r"(?:list|show|give me|display|count|pull up|bring up|fetch)\b",
    re.I,
)


def may_be_data(request: str, knowledge: frozenset[str]) -> bool:
    """Whether `request` may be read as a data question: not about the user, a definition, a reason or a way,
    and with no word of the documents' vocabulary (policies, procedures)."""
    return _NOT_DATA.search(request) is None and not set(terms(request)) & knowledge


class DataReadingClassifier:
    """The offline classifier, with a question it would answer from the documents sent to the data instead when
    the SQL reader maps it (and the request may be read as data at all)."""

    def __init__(self, inner: Classifier, reads: DataReader, *, knowledge: frozenset[str]) -> None:
        self._inner, self._reads, self._knowledge = inner, reads, knowledge

    async def classify(self, *, request: str, history: list[dict[str, str]], memory: str = "") -> IntentDecision:
        """The inner decision, or a data task when the inner one is a plain question the SQL reader maps."""
        decision = await self._inner.classify(request=request, history=history, memory=memory)
        # A question, or an order to list rows that the rules read as news ("bring up everything assigned to ben")
        lists = decision.intent == "statement" and _LISTS.match(request) is not None
        plain = (decision.intent == "question" or lists) and not (
            decision.out_of_scope or decision.language or decision.changes_data or decision.unheld
        )
        asked = decision.resolved_request or request
        if plain and may_be_data(asked, self._knowledge) and await self._reads(asked):
            reason = f"the data's SQL reader maps it onto the schema (it was read as: {decision.reason})"
            return decision.model_copy(update={"intent": "task", "reason": reason, "confidence": 0.75})
        return decision


class DataReadingPlanner:
    """The offline planner, with the data agent planned when its rules find no agent (or only the knowledge base)
    for a task the SQL reader maps."""

    def __init__(self, inner: Planner, reads: DataReader, *, knowledge: frozenset[str]) -> None:
        self._inner, self._reads, self._knowledge = inner, reads, knowledge

    async def plan(self, *, request: str, agents: list[dict[str, str]], feedback: list[str], memory: str = "") -> Plan:
        """The inner plan; a one-step data plan instead of none or of a lone knowledge step, when the reader maps
        the request."""
        try:
            plan = await self._inner.plan(request=request, agents=agents, feedback=feedback, memory=memory)
        except Unsure:
            if not await self._data_read(request, agents):
                raise
            return Plan(steps=[PlanStep(id="s1", agent=DATA_AGENT, instruction=request)])
        agents_planned = {s.agent for s in plan.steps}
        if agents_planned <= {"rag_query"} and await self._data_read(request, agents):
            return Plan(steps=[PlanStep(id="s1", agent=DATA_AGENT, instruction=request)])
        return plan

    async def _data_read(self, request: str, agents: list[dict[str, str]]) -> bool:
        available = any(a["name"] == DATA_AGENT for a in agents)
        return available and may_be_data(request, self._knowledge) and await self._reads(request)
