"""The `plan` role: turn a task into a `Plan` of steps over the registered sub-agents."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from cognicore.memory.llm import LlmRole
from cognicore.memory.text import STOPWORDS, stem, terms
from cognicore.orchestrator._action_shapes import ARTEFACT_NOUNS, MADE
from cognicore.orchestrator.data_questions import DataWords, asks_figures, asks_rows, counts_data
from cognicore.orchestrator.followup import PERIOD
from cognicore.orchestrator.report_topic import report_topic
from cognicore.orchestrator.telling import is_question
from cognicore.subagents.errors import Unsure
from cognicore.subagents.read_only import change_request
from cognicore.subagents.types import Plan, PlanStep

# The request-against-data readers live in `data_questions`; their names stay importable from here.
__all__ = [
    "GENERIC",
    "PLAN_PROMPT",
    "DataWords",
    "LlmPlanner",
    "OfflinePlanner",
    "Planner",
    "Vocabulary",
    "agent_matches",
    "asks_figures",
    "asks_rows",
    "counts_data",
    "data_instruction",
    "knowledge_instruction",
    "task_features",
]


class Planner(Protocol):
    """Plans a task. `agents` come from the registry (`{"name", "description", "input_hint"}`); `feedback`
    says why earlier attempts failed; `memory` is what long-term memory recalled for the request."""

    async def plan(
        self, *, request: str, agents: list[dict[str, str]], feedback: list[str], memory: str = ""
    ) -> Plan: ...


# Used by `LlmPlanner` (the `plan` node); pairs with `subagents.types.Plan`.
PLAN_PROMPT = """You are the planner of a multi-agent system. Break the user's task into a short plan.
Available sub-agents (use only these names):
{agents}

Rules:
- 1 to 6 steps; ids "s1", "s2", ... in order.
- Each step names exactly one agent and a self-contained instruction for it.
- `depends_on` lists the ids of earlier steps whose outputs the step needs; steps without dependencies
  between them run in parallel.
- Choose agents by their descriptions; a step that produces something from other steps' outputs depends
  on those steps.
- A request to change stored data (delete, update, insert, drop...) goes, in the user's own words, to the
  agent that queries the database: it refuses it with the reason. Never rephrase it as a read.
{memory}{feedback}"""


@dataclass(frozen=True)
class Vocabulary:
    """The words the offline roles read a request by: generic ones, extended by a domain plugin's own."""

    data: frozenset[str]  # a request for figures
    knowledge: frozenset[str]  # a request about what documents say
    report: frozenset[str]  # a request for an artefact

    def extended(self, *, data: Iterable[str] = (), knowledge: Iterable[str] = ()) -> Vocabulary:
        """This vocabulary plus a domain's words (plain words; they are stemmed here)."""
        return Vocabulary(
            data=self.data | frozenset(terms(" ".join(data))),
            knowledge=self.knowledge | frozenset(terms(" ".join(knowledge))),
            report=self.report,
        )


GENERIC = Vocabulary(
    data=frozenset(
        terms(
            "top bottom worst best performing growth trend quarter quarterly monthly yearly figures numbers "
            "metrics kpi average total"
        )
    ),
    knowledge=frozenset(
        terms(
            "policy policies description describe background context history decision decisions why reason "
            "strategy playbook faq guideline guidelines explain notes documentation runbook procedure"
        )
    ),
    report=frozenset(
        terms(
            "report briefing brief memo summary summarize summarise write draft document chart plot visualize "
            "visualise dashboard presentation overview writeup write-up pager recap rundown slide slides deck"
        )
    ),
)
_CLAUSE_SPLIT = re.compile(r"\s*(?:[,;.?!]|\band then\b|\bthen\b|\band\b)\s*", re.IGNORECASE)
# Verbs of asking and reading, in any agent's description ("lists", "checks the table"), never its own work.
_ASKING = frozenset(terms("list show give find get fetch tell return read answer count search look"))
# Words too common in agent descriptions to signal that a request wants that agent.
_GENERIC = frozenset(
    terms(
        "agent data step steps result results answer answers question questions task user "
        "request return returns use uses using given from based run runs"
    )
)


def _clauses(request: str) -> list[str]:
    # "between Q2 2026 and Q3 2026", "from jan 5 and jan 7": one span, not two clauses (D6).
    kept = _BETWEEN.sub(lambda m: m.group(0).replace(" and ", " _and_ "), request)
    return [c.replace(" _and_ ", " and ") for c in _CLAUSE_SPLIT.split(kept) if c and c.strip()]


_GROUPING = re.compile(r"\s*(?:(?:broken\s+down|split(?:\s+up)?|grouped)\s+)?(?:by|per|for\s+each)\s+\w", re.I)
# Delivering the result ("email it to the board next week"): its time is the delivery's, not the data's period.
_DELIVERS = re.compile(
    r"^\s*(?:also\s+|then\s+|please\s+)?(?:send|e-?mail|mail|share|forward|post|print|upload|present|circulate)\b", re.I
)
_BETWEEN = re.compile(r"\bbetween\s+[^,;.?!]{1,40}?\s+and\s+", re.IGNORECASE)


def data_instruction(request: str, vocab: Vocabulary = GENERIC, data: DataWords | None = None) -> str:
    """The clauses of a request that ask for figures or name their period, in the user's words and order (the
    whole request when none stands apart): "add a chart pls" or "explain the policy" is left out, while "a summary
    for 2025 of revenue, orders and units" keeps every measure and its period, whatever artefact it names (D7)."""
    kept = _BETWEEN.sub(lambda m: m.group(0).replace(" and ", " _and_ "), request)
    parts = re.split(f"({_CLAUSE_SPLIT.pattern})", kept, flags=re.IGNORECASE)
    own = vocab.data | (data.counted | data.values if data is not None else frozenset())
    made = made_artefact(request)  # "draft a note ...": what is made ("notes") is no document topic
    wanted: list[str] = []
    carried = ""  # the separators around an empty clause (", " then "and "): joined, so no two words touch
    for i in range(0, len(parts), 2):
        before = carried + (parts[i - 1] if i else "")
        carried = ""
        if not parts[i].strip():
            carried = before
            continue
        found = set(terms(parts[i]))
        # A clause with a measure or a thing of the data, a grouping ("by priority"), or a period of its own; not
        # an action on the result with its own time ("and email it to the board next week").
        acts_on_result = _DELIVERS.match(parts[i]) is not None
        # "explain the discount policy for partners", "explain the pricing": a clause asking about documents names
        # data words (discount, partner, price) but no measure: the knowledge step asks it, the data step must not.
        documents = bool((found - made) & vocab.knowledge) and not found & vocab.data
        if (
            (found & own and not documents)
            or _GROUPING.match(parts[i])
            or (PERIOD.search(parts[i]) and not found & vocab.knowledge and not acts_on_result)
        ):
            # "a one-pager for the board on Q3 2026": the data step asks what the artefact is about (D8)
            topic = report_topic(parts[i], artefacts=vocab.report, data=own)
            wanted.append((before if wanted else "") + topic)
    text = "".join(wanted).replace(" _and_ ", " and ").strip(" ,;")
    return text or request


def made_artefact(request: str) -> set[str]:
    """The stemmed noun of the artefact a request asks to make ("draft a note ...", "prep a summary ..."), or none."""
    made = MADE.match(request)
    return set(terms(made.group("thing"))) & ARTEFACT_NOUNS if made else set()


def task_features(request: str, vocab: Vocabulary = GENERIC) -> list[str]:
    """What a task needs, by the planner's vocabulary: any of `data`, `knowledge`, `report`.

    Two requests with different features are different kinds of task, however many words they share.
    """
    found = set(terms(request))
    wanted = {"data": vocab.data, "knowledge": vocab.knowledge, "report": vocab.report}
    return sorted(name for name, vocab in wanted.items() if found & vocab)


def knowledge_instruction(request: str, vocab: Vocabulary = GENERIC) -> str:
    """The clauses of a request that ask about documents (the whole request when none stands apart)."""
    wanted = [c for c in _clauses(request) if set(terms(c)) & vocab.knowledge]
    return "; ".join(wanted) if wanted else request


def agent_matches(request_terms: set[str], agent: dict[str, str], *, data: frozenset[str] = frozenset()) -> bool:
    """Does a request (as its stemmed terms) ask for what `agent` does, by name or by description?

    By description, the request shares two of its words and one of them is the agent's own: the words of the
    data (`data`: tables, columns, values) and of asking also describe the database agent ("the open tickets"
    asks for tickets; "the SLA breaches of the open tickets" asks for what the SLA checker does).
    """
    described = set(terms(agent["description"])) - _GENERIC - STOPWORDS
    shared = request_terms & described
    own = shared - data - _ASKING
    return names_agent(request_terms, agent) or (len(shared) >= 2 and bool(own))


def names_agent(request_terms: set[str], agent: dict[str, str]) -> bool:
    """Does a request (as its stemmed terms) name `agent` ("noop alpha" for noop_alpha)?"""
    name_terms = set(terms(agent["name"].replace("_", " ")))
    return bool(name_terms) and name_terms <= request_terms


class OfflinePlanner:
    """Rule-based planning: gather data and background (in parallel when independent), then report.

    Its confidence is all or nothing: a task that names nothing an agent does raises `Unsure` (with what
    was understood) rather than a guessed plan.
    """

    BUILTINS = ("database_query", "rag_query", "report_generation")

    def __init__(
        self, vocabulary: Vocabulary = GENERIC, *, counted: Iterable[str] = (), values: Iterable[str] = ()
    ) -> None:
        self._vocab = vocabulary
        self._counted = frozenset(stem(w) for w in counted)
        self._data = DataWords.of(counted, values)
        self._values = list(values)

    async def plan(self, *, request: str, agents: list[dict[str, str]], feedback: list[str], memory: str = "") -> Plan:
        names = {a["name"] for a in agents}
        found = set(terms(request))
        vocab = self._vocab
        wants_report = bool(found & vocab.report)
        # A task naming a table or column of the data ("status breakdown", "tickets per assignee") needs it too.
        wants_data = (
            bool(found & (vocab.data | self._data.counted))
            or counts_data(request, self._counted)
            or asks_figures(request, self._data) is not None
            or (not found & vocab.knowledge and asks_rows(request, self._data, self._values) is not None)
        )
        # "draft a note for the sales team covering ...": the note is what is made, not a document topic.
        wants_knowledge = bool((found - made_artefact(request)) & vocab.knowledge)
        steps: list[PlanStep] = []

        def add(agent: str, instruction: str, depends_on: list[str] | None = None) -> str:
            step = PlanStep(id=f"s{len(steps) + 1}", agent=agent, instruction=instruction, depends_on=depends_on or [])
            steps.append(step)
            return step.id

        gathered: list[str] = []
        changes = change_request(request)
        own_data = self._data.counted | self._data.values
        matched = [a for a in agents if a["name"] not in self.BUILTINS and agent_matches(found, a, data=own_data)]
        # A question that names no figures, report or agent's work ("when was the Q3 review held?", "who prepares
        # the business case?") is about what the documents say: the knowledge agent answers it or says it is unsure.
        asks_documents = is_question(request) and "rag_query" in names
        if not (changes or wants_data or wants_knowledge or wants_report or matched or asks_documents):
            # Nothing in the task names figures, a document topic, an artefact or an agent's work: a plan
            # would be a guess, so the planner says it is not sure (the run ends `unsure`).
            raise Unsure(
                "I understood a task, but could not match it to what the agents do "
                f"({', '.join(sorted(names))}): it names no figures, document topic, report or other known task."
            )
        if changes and "database_query" in names:
            # In the user's words: the SQL writer refuses a change, and a rewording as a read would hide it.
            gathered.append(add("database_query", request))
        elif wants_data and "database_query" in names:
            gathered.append(add("database_query", data_instruction(request, vocab, self._data)))
        for agent in matched:
            gathered.append(add(agent["name"], request))
        if "rag_query" in names:
            if wants_knowledge or not gathered:
                gathered.append(add("rag_query", knowledge_instruction(request, vocab)))
            elif wants_report and wants_data and gathered and not matched:
                # A report on sales figures gets the catalog's and decision log's words on the items found; a
                # developer's agent's result (the breaches it checked) is reported as it is, not searched for.
                gathered.append(
                    add(
                        "rag_query",
                        f"Find what the knowledge base says about the items in the results of {gathered[0]}.",
                        depends_on=[gathered[0]],
                    )
                )
        if wants_report and "report_generation" in names:
            add("report_generation", f"Write the report the user asked for: {request}", depends_on=gathered)
        return Plan(steps=steps)


class LlmPlanner(LlmRole[Plan]):
    """Plans with a chat model's structured output; it knows the agents only from the registry."""

    role = "plan"
    max_chars = 4_000
    schema = Plan
    prompt = PLAN_PROMPT

    async def plan(self, *, request: str, agents: list[dict[str, str]], feedback: list[str], memory: str = "") -> Plan:
        listing = "\n".join(
            f"- {a['name']}: {a['description']}" + (f" (input: {a['input_hint']})" if a.get("input_hint") else "")
            for a in agents
        )
        notes = ""
        if feedback:
            notes = "Earlier attempts failed; fix these problems:\n" + "\n".join(f"- {f}" for f in feedback)
        remembered = f"What memory recalls about the user and similar requests:\n{memory}\n" if memory else ""
        return await self.ask(request, system=PLAN_PROMPT.format(agents=listing, feedback=notes, memory=remembered))
