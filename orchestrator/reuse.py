"""Workflow reuse roles: key a request (its kind without its values), generalise a plan that worked into a
template, and adapt a saved template to a new request.

`key_workflow` (with `generalise`) and `adapt_workflow` are roles like any other: the offline
implementations use generic rules (numbers, ordinals, periods, dates and the entity values the deployment
knows are masked; no domain word list), the LLM ones a chat model's structured output. Nodes call only
the implementations in the run's context.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from pydantic import BaseModel, Field

from cognicore.memory.llm import LlmRole, ModelCallError
from cognicore.memory.text import STOPWORDS, terms
from cognicore.orchestrator._followup_periods import MONTH
from cognicore.orchestrator.data_questions import DataWords
from cognicore.orchestrator.planning import (
    GENERIC,
    Vocabulary,
    agent_matches,
    data_instruction,
    knowledge_instruction,
    task_features,
)
from cognicore.subagents.question_kind import Kind, asked_kind
from cognicore.subagents.read_only import change_request
from cognicore.subagents.types import Plan, PlanStep

# Words that name the same step of a task: one canonical word each, so "prepare a summary" matches
# "write a report" in a trigger.
_CANONICAL = {
    **dict.fromkeys(terms("write prepare draft produce create compile generate build make put"), "write"),
    **dict.fromkeys(terms("report summary brief briefing memo overview writeup document analysis"), "report"),
    **dict.fromkeys(terms("analyze analyse examine review study look"), "analyze"),
    **dict.fromkeys(terms("chart plot graph visualize visualise"), "chart"),
}
_NUMBER_WORDS = (
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty thirty forty fifty hundred dozen"
)
_ORDINALS = "first second third fourth fifth sixth seventh eighth ninth tenth"
_UNITS = "day days week weeks month months quarter quarters year years"
# Values that parameterise a task in any domain: dates, periods, counts, ordinals.
_GENERIC_VALUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("date", re.compile(r"\b\d{4}-\d{2}(-\d{2})?\b|\b\d{1,2}/\d{1,2}(/\d{2,4})?\b")),
    (
        "period",
        re.compile(
            rf"\b(last|this|next|previous|past|current|latest|recent)\s+(\w+\s+)?({_UNITS.replace(' ', '|')})\b"
            rf"|\b{MONTH}(\s+\d{{4}})?|\bq[1-4]\b(\s+\d{{4}})?|\b(19|20)\d\d\b"
            r"|\b(today|yesterday|tomorrow)\b|\bh[12]\b",
            re.IGNORECASE,
        ),
    ),
    ("ordinal", re.compile(rf"\b({_ORDINALS.replace(' ', '|')})\b|\b\d+(st|nd|rd|th)\b", re.IGNORECASE)),
    (
        "number",
        re.compile(rf"\b\d+([.,]\d+)?[kKmM%]?\b|\b({_NUMBER_WORDS.replace(' ', '|')})\b", re.IGNORECASE),
    ),
)


class WorkflowKey(BaseModel):
    """A request's kind without its values: what saved workflows are embedded under and matched by."""

    skeleton: str = Field(
        description="The request with every specific value (numbers, dates, periods, names of people, "
        "places, products, tickets or other things) replaced by a placeholder word in braces, e.g. "
        "'write a brief on the top {number} {entity} in {period}'. Keep the words that say what to do."
    )
    features: list[str] = Field(
        default_factory=list,
        description="What the task needs, as short lowercase words (e.g. 'data', 'knowledge', 'report').",
    )
    parameters: dict[str, str] = Field(
        default_factory=dict, description="Each placeholder of the skeleton (without braces) and its value."
    )


class WorkflowTemplate(BaseModel):
    """A plan that worked, generalised: step instructions as templates, and the values they were made with."""

    steps: list[PlanStep] = Field(
        description="The plan's steps with the same ids, agents and dependencies; in each instruction, "
        "the request's specific values are replaced by {placeholders} (always {request} for the request)."
    )
    parameters: dict[str, str] = Field(
        default_factory=dict, description="Each placeholder (without braces) and its value in this request."
    )


class WorkflowKeyer(Protocol):
    """Keys a request for procedural memory: its skeleton, features and parameter values."""

    async def key(self, *, request: str) -> WorkflowKey: ...


class WorkflowGeneraliser(Protocol):
    """Turns a plan that worked into a template with placeholders for the request's values."""

    async def generalise(self, *, request: str, plan: Plan) -> WorkflowTemplate: ...


def _escape(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def fill(template: dict[str, Any], parameters: dict[str, str]) -> Plan:
    """The plan a template becomes with these parameters; a missing parameter raises KeyError."""
    return Plan(
        steps=[PlanStep(**{**s, "instruction": s["instruction"].format_map(parameters)}) for s in template["steps"]]
    )


def keywords(skeleton: str) -> list[str]:
    """Distinct content words of a skeleton (placeholders aside), for the full-text half of the lookup."""
    return sorted({t for t in terms(re.sub(r"\{[^}]*\}", " ", skeleton)) if t not in STOPWORDS and len(t) > 2})


def literal_template(request: str, plan: Plan) -> WorkflowTemplate:
    """The plan with only the request itself as a placeholder: always correct, rarely reusable."""
    steps = [
        PlanStep(**{**s.model_dump(), "instruction": "{request}".join(map(_escape, s.instruction.split(request)))})
        for s in plan.steps
    ]
    return WorkflowTemplate(steps=steps, parameters={"request": request})


def checked(template: WorkflowTemplate, request: str, plan: Plan) -> WorkflowTemplate:
    """`template` when filling it with its own parameters gives back `plan`, else the literal template."""
    params = {**template.parameters, "request": request}
    try:
        same = fill({"steps": [s.model_dump() for s in template.steps]}, params) == plan
    except (KeyError, ValueError, IndexError):
        same = False
    return WorkflowTemplate(steps=template.steps, parameters=params) if same else literal_template(request, plan)


class OfflineKeyer:
    """Generic masking: dates, periods, ordinals, numbers, and the entity values the deployment knows.

    `entities` are phrases of the deployment's data and documents (e.g. distinct values of the allowed
    schema's text columns, knowledge-base titles) that the shell collects; nothing here knows a domain.
    """

    def __init__(self, entities: Iterable[str] = (), *, vocabulary: Vocabulary = GENERIC) -> None:
        self._vocab = vocabulary
        phrases = sorted({e.strip().lower() for e in entities if 2 < len(e.strip()) <= 60}, key=len, reverse=True)
        self._entities = (
            re.compile(r"\b(" + "|".join(re.escape(p) for p in phrases) + r")\b", re.IGNORECASE) if phrases else None
        )

    def mask(self, text: str) -> tuple[str, dict[str, str]]:
        """`text` with its values replaced by `{kind_n}` placeholders, and the values by placeholder."""
        found: dict[str, str] = {}
        counts: dict[str, int] = {}

        def replace(kind: str) -> Any:
            def sub(m: re.Match[str]) -> str:
                counts[kind] = counts.get(kind, 0) + 1
                name = f"{kind}_{counts[kind]}"
                found[name] = m.group(0)
                return "\0" + name + "\1"

            return sub

        masked = text
        if self._entities is not None:
            masked = self._entities.sub(replace("entity"), masked)
        for kind, pattern in _GENERIC_VALUES:
            masked = pattern.sub(replace(kind), masked)
        return masked.replace("\0", "{").replace("\1", "}"), found

    async def key(self, *, request: str) -> WorkflowKey:
        masked, params = self.mask(request)
        plain = re.sub(r"\{([a-z]+)_\d+\}", r" \1 ", masked)
        kept = [_CANONICAL.get(t, t) for t in terms(plain)]
        return WorkflowKey(
            skeleton=" ".join(kept) or request.lower(), features=task_features(request, self._vocab), parameters=params
        )


class OfflineGeneraliser:
    """Rule-based generalisation over the offline planner's own clauses (so its templates refill exactly).

    `data` are the deployment's data words the planner reads clauses by: the same, so a clause the planner cut out
    is recognised as the data clause."""

    def __init__(self, vocabulary: Vocabulary = GENERIC, *, data: DataWords | None = None) -> None:
        self._vocab = vocabulary
        self._data = data

    async def generalise(self, *, request: str, plan: Plan) -> WorkflowTemplate:
        """Instructions that are the request's data or knowledge clause become `{data_question}` /
        `{knowledge_question}`; the request itself becomes `{request}` wherever it is quoted.

        The data step of a request that is all one data clause ("Write a report on revenue by region with a chart")
        is still the data clause: refilled for a request of two clauses ("Chart revenue by region and summarize it
        in a report"), it asks only the data part, as the planner's own step does, not the whole request."""
        params = derive_parameters(request, self._vocab, self._data)
        changes = change_request(request)  # the planner gives a change its user's words, never a clause
        steps = []
        for step in plan.steps:
            text = step.instruction
            own_clause = text != request or (not changes and step.agent in _CLAUSE_OF)
            if text == params["data_question"] and own_clause and step.agent != "rag_query":
                instruction = "{data_question}"
            elif text == params["knowledge_question"] and own_clause and step.agent != "database_query":
                instruction = "{knowledge_question}"
            else:
                instruction = "{request}".join(_escape(part) for part in text.split(request))
            steps.append(PlanStep(**{**step.model_dump(), "instruction": instruction}))
        return checked(WorkflowTemplate(steps=steps, parameters=params), request, plan)


# The agents whose planned instruction is a clause of the request (`data_instruction`, `knowledge_instruction`).
_CLAUSE_OF = frozenset({"database_query", "rag_query"})


def derive_parameters(request: str, vocab: Vocabulary = GENERIC, data: DataWords | None = None) -> dict[str, str]:
    """The offline template parameters of a request: the request itself and its data and knowledge clauses, cut as
    the offline planner cuts them (with the same data words)."""
    return {
        "request": request,
        "data_question": data_instruction(request, vocab, data),
        "knowledge_question": knowledge_instruction(request, vocab),
    }


# Used by `LlmKeyer.key` (the `lookup_workflow` and `remember` nodes); pairs with `WorkflowKey`.
KEY_WORKFLOW_PROMPT = """You index the tasks an assistant has solved, so that a later request of the same
kind finds the same workflow whatever its specific values. Rewrite the user's request as its skeleton:
keep the words that say what to do and with which kind of thing; replace every specific value (numbers,
dates, periods, names of people, places, products, customers, tickets or documents) by a placeholder."""

# Used by `LlmKeyer.generalise` (the `remember` node); pairs with `WorkflowTemplate`.
GENERALISE_PROMPT = """A plan solved the user's request. Turn it into a reusable template: keep every
step's id, agent and depends_on; in each instruction replace the request's specific values by
{placeholders} and give each placeholder's value in `parameters`; where an instruction quotes the whole
request, write {request}. Filling the placeholders with their values must give back the original plan."""


class LlmKeyer(LlmRole[WorkflowKey]):
    """Keying by a chat model's structured output."""

    role = "key_workflow"
    max_chars = 2_000
    schema = WorkflowKey
    prompt = KEY_WORKFLOW_PROMPT

    async def key(self, *, request: str) -> WorkflowKey:
        return await self.ask(request)


class LlmGeneraliser(LlmRole[WorkflowTemplate]):
    """Generalisation by a chat model's structured output; a template that does not refill to the plan
    it came from is replaced by the literal one."""

    role = "generalise_workflow"
    max_chars = 4_000
    schema = WorkflowTemplate
    prompt = GENERALISE_PROMPT

    async def generalise(self, *, request: str, plan: Plan) -> WorkflowTemplate:
        try:
            template = await self.ask(f"Request: {request}\n\nPlan:\n{plan.model_dump_json(indent=1)}")
        except ModelCallError:
            return literal_template(request, plan)  # learning must not fail the run it learns from
        return checked(template, request, plan)


class Adaptation(BaseModel):
    """Whether a saved workflow fits the new request, and the values of its parameters for it."""

    applicable: bool = Field(
        description="True only if the saved workflow does the same kind of task as the new request "
        "(same steps make sense); false for a different task that merely shares words."
    )
    reason: str = Field(description="One short sentence explaining the decision.")
    parameters: dict[str, str] = Field(
        default_factory=dict,
        description="Values for every placeholder of the template, for the new request.",
    )


class WorkflowAdapter(Protocol):
    """Decides if a saved workflow fits a request and fills its parameters."""

    async def adapt(
        self, *, request: str, trigger: str, features: list[str], template: dict[str, Any]
    ) -> Adaptation: ...


def _asks_beyond_rows(request: str) -> Kind | None:
    """The kind of thing `request` asks for when rows and figures are not it (a person, a place, a time, a reason),
    else None: "how many" asks for a figure, which a data workflow gives."""
    kind = asked_kind(request)
    return None if kind == "number" else kind


class OfflineAdapter:
    """Rule-based adaptation: the task's features must match exactly, then parameters are derived (with the
    planner's data words, as the generaliser does)."""

    def __init__(
        self,
        vocabulary: Vocabulary = GENERIC,
        *,
        data: DataWords | None = None,
        tools: Sequence[dict[str, str]] = (),
    ) -> None:
        self._vocab = vocabulary
        self._data = data
        self._tools = list(tools)

    async def adapt(self, *, request: str, trigger: str, features: list[str], template: dict[str, Any]) -> Adaptation:
        wanted = task_features(request, self._vocab)
        if wanted != sorted(features):
            return Adaptation(
                applicable=False,
                parameters={},
                reason=f"different kind of task: needs {wanted}, the workflow does {sorted(features)}",
            )
        if (kind := _asks_beyond_rows(request)) != _asks_beyond_rows(trigger):
            # "If a P1 breaches its SLA, who does it get escalated to?" after "Which P1 tickets are past their SLA?":
            # a person asked where the workflow listed rows; its steps would answer the other question.
            wanted_kind = f"for a {kind}" if kind else "for rows or figures"
            return Adaptation(applicable=False, parameters={}, reason=f"asks {wanted_kind} instead")
        # A developer's agent asked for by what its description says ("which open tickets are past their SLA") and
        # missing from the workflow: an earlier plan without it would answer another question.
        planned = {str(step.get("agent")) for step in template.get("steps", [])}
        own = (self._data.counted | self._data.values) if self._data else frozenset()
        for tool in self._tools:
            asked = agent_matches(set(terms(request)), tool, data=own)
            if tool["name"] not in planned and asked:
                return Adaptation(applicable=False, parameters={}, reason=f"asks for what {tool['name']} does")
            # and the reverse: a workflow running a developer's agent the request does not ask for ("list the open
            # tickets" after an SLA check's workflow) would answer with that agent's work.
            if tool["name"] in planned and not asked:
                return Adaptation(applicable=False, parameters={}, reason=f"does not ask for what {tool['name']} does")
        # A data step with no placeholder replays an earlier request's own question, so its figures: it fits only a
        # request that says all its words (every later question of a user once got the first one's figures) and
        # adds none the workflow's steps do not say ("how many tickets does ana have open" is not "how many open
        # tickets are there": ana's would be dropped).
        said = set(terms(request))
        stated = {t for step in template.get("steps", []) for t in terms(str(step.get("instruction", "")))}
        for step in template.get("steps", []):
            text = str(step.get("instruction", ""))
            literal = step.get("agent") == "database_query" and "{" not in text
            if literal and (not set(terms(text)) <= said or not said <= stated):
                return Adaptation(
                    applicable=False, parameters={}, reason=f"step {step.get('id')} is fixed to another request"
                )
        return Adaptation(
            applicable=True, reason="same kind of task", parameters=derive_parameters(request, self._vocab, self._data)
        )


# Used by `LlmAdapter` (the `lookup_workflow` node); pairs with `Adaptation`.
ADAPT_PROMPT = """A saved workflow solved this earlier request:
  {trigger}
Its steps (instructions are templates with placeholders in braces):
{steps}
Decide whether the same steps fit the NEW request below. If they do, give a value for every placeholder
for the new request (`request` is the new request verbatim). If it is a different kind of task, answer
applicable=false."""


class LlmAdapter(LlmRole[Adaptation]):
    """Adaptation by a chat model's structured output."""

    role = "adapt_workflow"
    max_chars = 2_000
    schema = Adaptation
    prompt = ADAPT_PROMPT

    async def adapt(self, *, request: str, trigger: str, features: list[str], template: dict[str, Any]) -> Adaptation:
        steps = "\n".join(f"- {s['id']} {s['agent']}: {s['instruction']}" for s in template["steps"])
        return await self.ask(request, system=ADAPT_PROMPT.format(trigger=trigger, steps=steps))
