"""Workflow reuse: generalise a plan that worked into a template, and adapt a template to a new request.

The `adapt_workflow` role decides whether a saved workflow fits a request and fills its parameters; the
offline implementation does it by rules, the LLM one by structured output.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage, SystemMessage
from pydantic import BaseModel, Field

from cognicore.memory.llm import structured_call
from cognicore.memory.text import STOPWORDS, terms
from cognicore.orchestrator.planning import data_instruction, knowledge_instruction, task_features
from cognicore.subagents.sql_writer import sales_parameters
from cognicore.subagents.types import Plan, PlanStep

# Words that carry a task's parameters, not its kind: masked so paraphrases with other values match.
_SLOT_WORDS = frozenset(
    terms(
        "one two three four five six seven eight nine ten eleven twelve fifteen twenty dozen "
        "revenue revenues turnover income units unit volume quantity orders order count margin profit average "
        "latest last previous current this next recent past quarter quarters quarterly year years yearly annual "
        "month months monthly week weeks q1 q2 q3 q4 january february march april may june july august "
        "september october november december jan feb mar apr jun jul aug sep sept oct nov dec "
        "north america europe asia pacific latin na eu apac latam emea audio wearables wearable smart home "
        "accessories online retail partner aurora buds pro studio headphones pulse mini speaker orbit smartwatch "
        "fitness band vista ar glasses lumen bulb pack haven security camera video doorbell volt charging dock "
        "power bank 20k flex usb-c usb cable best worst top bottom highest lowest most least selling sold "
        "best-selling top-selling worst-selling bestseller bestsellers sales"
    )
)
# Words that name the same step of a task: one canonical word each, so "prepare a summary" matches
# "write a report" in a trigger.
_CANONICAL = {
    **dict.fromkeys(terms("write prepare draft produce create compile generate build make put"), "write"),
    **dict.fromkeys(terms("report summary brief briefing memo overview writeup document analysis"), "report"),
    **dict.fromkeys(terms("analyze analyse examine review study look"), "analyze"),
    **dict.fromkeys(terms("chart plot graph visualize visualise"), "chart"),
}
_NUMBER = re.compile(r"^\d+([.,]\d+)?[kKmM%]?$")


def skeleton(request: str) -> str:
    """The request's kind without its values: what workflow triggers are embedded and matched by."""
    kept = [_CANONICAL.get(t, t) for t in terms(request) if t not in _SLOT_WORDS and not _NUMBER.match(t)]
    return " ".join(kept) or request.lower()


def keywords(request: str) -> list[str]:
    """Distinct content words of a request's skeleton."""
    return sorted({t for t in skeleton(request).split() if t not in STOPWORDS and len(t) > 2})


def derive_parameters(request: str) -> dict[str, str]:
    """The template parameters of a request: the request itself, and the data and knowledge questions in it."""
    return {
        "request": request,
        "data_question": data_instruction(request),
        "knowledge_question": knowledge_instruction(request),
    }


def _escape(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def generalise(request: str, plan: Plan) -> tuple[dict[str, Any], dict[str, Any]]:
    """A template of `plan` whose instructions say `{request}` / `{data_question}` where the request was.

    Returns the template (`{"steps": [...]}`, instructions as format strings) and the example parameters.
    """
    params: dict[str, Any] = derive_parameters(request)
    steps = []
    for step in plan.steps:
        text = step.instruction
        if step.agent == "database_query" and text == params["data_question"] and text != request:
            instruction = "{data_question}"
        elif step.agent == "rag_query" and text == params["knowledge_question"] and text != request:
            instruction = "{knowledge_question}"
        else:
            instruction = "{request}".join(_escape(part) for part in text.split(request))
        steps.append({**step.model_dump(), "instruction": instruction})
    if any(s["instruction"] == "{data_question}" for s in steps):
        # For people reading `workflows show`: what the data step's question meant (metric, top N, period...).
        params["sales"] = sales_parameters(params["data_question"])
    return {"steps": steps}, params


def fill(template: dict[str, Any], parameters: dict[str, str]) -> Plan:
    """The plan a template becomes with these parameters; a missing parameter raises KeyError."""
    return Plan(
        steps=[PlanStep(**{**s, "instruction": s["instruction"].format_map(parameters)}) for s in template["steps"]]
    )


class Adaptation(BaseModel):
    """Whether a saved workflow fits the new request, and the values of its parameters for it."""

    applicable: bool = Field(
        description="True only if the saved workflow does the same kind of task as the new request "
        "(same steps make sense); false for a different task that merely shares words."
    )
    reason: str = Field(description="One short sentence explaining the decision.")
    parameters: dict[str, str] = Field(
        default_factory=dict,
        description="Values for the template's placeholders, e.g. {'request': ..., 'data_question': ...}.",
    )


class WorkflowAdapter(Protocol):
    """Decides if a saved workflow fits a request and fills its parameters."""

    async def adapt(
        self, *, request: str, trigger: str, features: list[str], template: dict[str, Any]
    ) -> Adaptation: ...


class OfflineAdapter:
    """Rule-based adaptation: the task's features must match exactly, then parameters are derived."""

    async def adapt(self, *, request: str, trigger: str, features: list[str], template: dict[str, Any]) -> Adaptation:
        wanted = task_features(request)
        if wanted != sorted(features):
            return Adaptation(
                applicable=False,
                parameters={},
                reason=f"different kind of task: needs {wanted}, the workflow does {sorted(features)}",
            )
        return Adaptation(applicable=True, reason="same kind of task", parameters=derive_parameters(request))


# Used by `LlmAdapter` (the `lookup_workflow` node); pairs with `Adaptation`.
ADAPT_PROMPT = """A saved workflow solved this earlier request:
  {trigger}
Its steps (instructions are templates with placeholders {{request}}, {{data_question}} and
{{knowledge_question}}):
{steps}
Decide whether the same steps fit the NEW request below. If they do, give the placeholder values:
`request` is the new request verbatim; `data_question` is the part of it that asks for figures from the
sales database, `knowledge_question` the part that asks about documents (policies, catalog, decisions);
either is the whole request if it has no separate part. If it is a different kind of task, answer
applicable=false."""


class LlmAdapter:
    """Adaptation by a chat model's structured output."""

    def __init__(self, model: BaseChatModel, *, retries: int = 1, timeout_s: float = 60.0) -> None:
        self._model = model
        self._retries = retries
        self._timeout_s = timeout_s

    async def adapt(self, *, request: str, trigger: str, features: list[str], template: dict[str, Any]) -> Adaptation:
        steps = "\n".join(f"- {s['id']} {s['agent']}: {s['instruction']}" for s in template["steps"])
        messages = [SystemMessage(ADAPT_PROMPT.format(trigger=trigger, steps=steps)), HumanMessage(request)]
        return await structured_call(
            self._model, messages, Adaptation, role="adapt_workflow", retries=self._retries, timeout_s=self._timeout_s
        )
