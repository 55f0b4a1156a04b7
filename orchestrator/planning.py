"""The `plan` role: turn a task into a `Plan` of steps over the registered sub-agents."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from cognicore.memory.llm import LlmRole
from cognicore.memory.text import STOPWORDS, stem, terms
from cognicore.subagents.errors import Unsure
from cognicore.subagents.read_only import change_request
from cognicore.subagents.types import Plan, PlanStep


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
            "visualise dashboard presentation overview writeup write-up"
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


# "how many <noun>", "number of <noun>": the counted noun is within the next words, before any verb.
_COUNTING = re.compile(
    r"\b(?:how many|number of|count of|count the|count our|total number of)\s+(?P<next>(?:[\w-]+\s*){1,5})", re.I
)
_VERBS = frozenset("do does did are is was were have has had will can could should would been be get got".split())
# "Laptop tickets, how many are there?": the counted thing is named elsewhere in the request.
_HOW_MANY_THERE = re.compile(r"\bhow many\s+(?:are|were|is|was)\s+there\b", re.I)


def counts_data(request: str, counted: frozenset[str]) -> bool:
    """Does the request count a thing the data holds ("how many open tickets"), by the schema's table words?

    Only the words right after "how many" are read, up to the first verb: "how many days do customers
    have" counts days, not customers.
    """
    for m in _COUNTING.finditer(request):
        for word in m.group("next").lower().split():
            if word in _VERBS:
                break
            if stem(word) in counted:
                return True
    return bool(_HOW_MANY_THERE.search(request) and set(terms(request)) & counted)


# Figure questions whose measure is only a verb: "how much did the Cargo make", "how many did we move",
# "what did Harbour bring in". The verb is the measure; the data word (a table, a column or a value of the
# data) says the question is about the database.
# "how many <noun> did ..." is left to `counts_data`, which checks that the noun is a thing the data holds.
_HOW_MUCH_DID = re.compile(r"\bhow (?:much(?:\s+\w+)?|many)\s+(?:did|does|do|has|have|had|was|were|will)\b", re.I)
_HOW_MANY_DID_WE = re.compile(r"\bhow many\s+(?:did|do|does|have|has|had)\s+(?:we|you|they|i)\b", re.I)
_WHAT_DID = re.compile(r"^\s*what\s+(?:did|does|do|has|have|had|will)\s+(?P<subject>.+?)\s+(?P<verb>[a-z]+)\b", re.I)
# Verbs of saying and deciding: "what did the decision log say about Vista" asks a document, not the data.
_TELLING = frozenset(
    terms(
        "say says said mean means tell write wrote note recommend conclude state decide decided think plan announce "
        "promise mention describe explain cover include suggest propose ask want need like prefer call stand"
    )
)
# "split by channel", "per component", "for each region": a grouping by a column or table of the data.
_GROUPED = re.compile(r"\b(?:by|per|across|for each|each)\s+(?:the\s+|our\s+)?(?P<word>[\w-]+)", re.I)


@dataclass(frozen=True)
class DataWords:
    """What the deployment's data is made of, read from the schema at start-up: the words of its table and
    column names (`counted`) and of the distinct values of its low-cardinality text columns (`values`)."""

    counted: frozenset[str] = frozenset()
    values: frozenset[str] = frozenset()

    @classmethod
    def of(cls, counted: Iterable[str] = (), values: Iterable[str] = ()) -> DataWords:
        """Stemmed words of table/column names and of data values (short words and stopwords dropped)."""
        # A value of a few words names something; a sentence ("Earbuds, headphones and speakers.") describes.
        names = [v for v in values if len(v.split()) <= 4 and "." not in v.rstrip()[-1:]]
        value_words = {w for v in names for w in terms(v.replace("_", " ")) if len(w) > 1}
        return cls(counted=frozenset(stem(w) for w in counted), values=frozenset(value_words) - STOPWORDS)

    def named(self, request: str) -> list[str]:
        """The data words (tables, columns, values) that the request names."""
        return sorted(set(terms(request)) & (self.counted | self.values))


def asks_figures(request: str, data: DataWords) -> str | None:
    """The data word of a figure question the measure vocabulary misses, or None.

    "how much did the Cargo make in May", "what did Harbour generate", "how many did we move", "split by
    channel": the measure is a verb or a column, and a word of the data (not of a word list) marks it.
    """
    if _HOW_MANY_DID_WE.search(request):
        return "how many"
    named = data.named(request)
    if not named:
        return None
    # "how much does express shipping cost": a column's word ("cost") alone is a price question the
    # documents may answer; the figure question names a thing the data holds ("the Cargo", "EMEA").
    valued = [w for w in named if w in data.values]
    if _HOW_MUCH_DID.search(request) and valued:
        return valued[0]
    m = _WHAT_DID.match(request)
    if m and stem(m.group("verb").lower()) not in _TELLING and set(terms(m.group("subject"))) & set(named):
        return named[0]
    for g in _GROUPED.finditer(request):
        if stem(g.group("word").lower()) in data.counted:
            return g.group("word")
    return None


# Aggregates and superlatives of a thing the data holds ("the oldest open ticket", "share of P1 tickets").
_AGGREGATE = re.compile(
    r"\b(?:top|bottom|best|worst|highest|lowest|most|least|fewest|oldest|newest|youngest|largest|smallest|"
    r"biggest|busiest|earliest|latest|average|mean|median|percentage|percent|share|proportion|portion|fraction|"
    r"distributed|distribution|split|breakdown|number of)\b",
    re.I,
)
# Rows asked for by enumeration: "list ben's open tickets", "which tickets are ...", "what are the open ...".
_ENUMERATES = re.compile(
    r"^\s*(?:please\s+)?(?:list|count|show(?:\s+me)?|give\s+me|which|what\s+are\s+the|are\s+there\s+any)\b", re.I
)
# A grouping by a period of a thing the data holds: "tickets per day", "orders by week".
_PER_PERIOD = re.compile(
    r"\b(?:per|by|each|every|over|across)\s+(?:the\s+)?(?:days?|weeks?|months?|quarters?|years?|weekdays?)\b", re.I
)

# Rows of a thing the data holds within a period: "tickets opened since June", "orders last week".
_IN_PERIOD = re.compile(
    r"\b(?:since|from|after|before|during|in)\s+(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|"
    r"q[1-4]|(?:19|20)\d\d)\b|\b(?:last|this|past|previous|current)\s+(?:day|week|month|quarter|year)\b"
    r"|\bon\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
    r"|\bon\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d{1,2}\b",
    re.I,
)


def asks_rows(request: str, data: DataWords, values: Iterable[str] = ()) -> str | None:
    """The table word of a question about the data's rows the measure vocabulary misses, or None.

    A word of the schema's tables or columns ("tickets", "orders") with an aggregate or superlative, a grouping
    by period, or an enumeration naming a value of the data too ("list ben's open tickets"); never a request
    with a word of the knowledge vocabulary (policies and procedures are the documents').
    """
    if _DEFINITION.match(request):
        return None  # "what does p3 mean": what the value stands for, which the documents say
    found = set(terms(request))
    # A value of the data, also in the plural ("the P1s"), names its rows.
    # ("in_progress" is written "in progress")
    named = [v for v in values if len(v) > 1 and re.search(rf"(?<!\w){_spelt(v)}(?:e?s)?(?!\w)", request, re.I)]
    # "what's open on the vpn": "open" is a status there, not the date column `opened_at` whose word it shares.
    tables = sorted(found & data.counted - set(terms(" ".join(named))))
    if not tables:
        # "list the p1s", "who handles the most P1s", "is anything still unassigned": the rows a value (or an empty
        # column) of the data stands for, with no table word.
        # "anything about the printer"; not "which vendor do we have for printers" (a thing the data lacks)
        listed = (_ENUMERATES.match(request) and not _asks_other_thing(request, data)) or _ANY.match(request)
        if named and (_AGGREGATE.search(request) or listed or _counts_value(request, named)):
            return named[0]
        if len(named) >= 2 and is_asked(request) and not (_HOW_WHY.match(request) or _ADVICE.search(request)):
            return named[0]  # "do we have any p1s open", "what's open on the vpn": two values of the data's rows
        return "rows" if _negates_column(found, data.counted) and is_asked(request) else None
    if _AGGREGATE.search(request) or _PER_PERIOD.search(request) or _IN_PERIOD.search(request):
        return tables[0]
    searched = _SEARCHES.search(request) or _NOBODY.search(request)
    if searched and not (_HOW_WHY.match(request) or _ADVICE.search(request)):
        return tables[0]  # "tickets that mention 'access denied'", "open tickets no one is assigned to": their rows
    enumerates = (_ENUMERATES.match(request) and not _asks_other_thing(request, data)) or _ANY.match(request)
    if enumerates and (named or len(tables) >= 2 or _negates_column(found, data.counted)):
        return tables[0]
    bare = not (_WH_QUESTION.match(request) or _AUXILIARY.search(request))
    # The rows in the plural ("tickets"): "weight of the hydro pump" asks a fact, which the documents may state.
    rows = any(w.endswith("s") and stem(w) in data.counted for w in re.findall(r"[a-z]+", request.lower()))
    if named and bare and rows and not (found - STOPWORDS) - data.counted - data.values:
        return tables[0]  # "ana's open tickets": a phrase of nothing but the data's rows and values asks for them
    if len(named) >= 2 and _COMPARES.search(request) and not _WH_QUESTION.match(request):
        return tables[0]  # "P1 vs P2 incidents": two values of the data side by side (not "what is the SLA ...")
    return None


_DEFINITION = re.compile(
    r"^\s*what\s+(?:does|do|is|are)\s+.+\s+(?:mean|stand\s+for)\b|^\s*what(?:'s|\s+is|\s+are)\s+the\s+(?:meaning|definition)\b",
    re.I,
)
_WHICH = re.compile(r"^\s*(?:which|what)\s+(?!are\b|is\b|were\b|was\b)", re.I)


def _asks_other_thing(request: str, data: DataWords) -> bool:
    """True for "which team should get the vpn ticket", "which vpn client do we use": the noun after "which"
    (past the data's values) is no table or column of the data, so the question asks for that thing, not rows."""
    m = _WHICH.match(request)
    if not m:
        return False
    for word in re.findall(r"[a-z0-9_-]+", request[m.end() :].lower()):
        term = stem(word)
        if word in STOPWORDS or term in data.counted:
            return False
        if term in data.values or stem(word.rstrip("s")) in data.values:
            continue  # "which vpn tickets", "which p1s": a value qualifying the rows
        return True
    return False


# Rows whose text holds a phrase ("tickets mentioning access denied", "that say 'slow'"), or nobody's rows.
_SEARCHES = re.compile(r"\b(?:mention(?:s|ed|ing)?|say(?:s|ing)?|contain(?:s|ed|ing)?|with the words?)\b", re.I)
_NOBODY = re.compile(r"\b(?:nobody|no one|no-one)\b", re.I)
_WH_QUESTION = re.compile(r"^\s*(?:what|how|why|when|where|who)\b", re.I)
# A way, a reason or a consequence ("what happens if nobody answers a p1"), never rows.
_HOW_WHY = re.compile(r"^\s*(?:how(?!\s+many)|why|when|where|what\s+happens)\b", re.I)
_ADVICE = re.compile(r"\b(?:should|must|shall|need to|have to|can i|do i|how to|what to do)\b", re.I)  # a procedure
_ANY = re.compile(r"^\s*(?:are there |is there |do we have |have we got )?any(?:thing)?\b", re.I)
_AUXILIARY = re.compile(
    r"\b(?:is|are|was|were|be|been|being|has|have|had|do|does|did|can|could|should|would|will|shall|may|might|must|"
    r"i|we|you|he|she|they)\b",
    re.I,
)
_ASKED = re.compile(
    r"^\s*(?:is|are|was|were|do|does|did|has|have|any|anything|what|which|who|how|list|show)\b|\?\s*$", re.I
)


def _spelt(value: str) -> str:
    """A value as a pattern that also matches it written with spaces for its underscores ("in progress")."""
    return r"[_\s]".join(re.escape(part) for part in value.split("_"))


def is_asked(request: str) -> bool:
    """A question or a request for rows ("is anything still unassigned"), not news ("ben's laptop is unassigned")."""
    return _ASKED.search(request) is not None


_COMPARES = re.compile(r"\b(?:vs|versus|compared?\s+(?:to|with)|against)\b", re.I)


def _counts_value(request: str, named: list[str]) -> bool:
    """ "how many p2s", "how many open p1s": the word counted is a value of the data, not "how many hours"."""
    for m in _COUNTING.finditer(request):
        first = m.group("next").lower().split()[:1]
        if first and any(re.fullmatch(rf"{re.escape(v.lower())}(?:e?s)?", first[0]) for v in named):
            return True
    return False


def _negates_column(found: set[str], counted: frozenset[str]) -> bool:
    """ "unassigned": "un" and a word built on a column's name ("assignee"), an empty value of that column."""
    stems = {w[:6] for w in counted if len(w) >= 6}
    return any(w.startswith("un") and w[2:8] in stems for w in found if len(w) >= 8)


def _clauses(request: str) -> list[str]:
    return [c for c in _CLAUSE_SPLIT.split(request) if c and c.strip()]


def data_instruction(request: str, vocab: Vocabulary = GENERIC) -> str:
    """The clauses of a request that ask for figures (the whole request when none stands apart)."""
    wanted = [c for c in _clauses(request) if set(terms(c)) & vocab.data and not (set(terms(c)) & vocab.report)]
    return "; ".join(wanted) if wanted else request


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
    name_terms = set(terms(agent["name"].replace("_", " ")))
    described = set(terms(agent["description"])) - _GENERIC - STOPWORDS
    shared = request_terms & described
    own = shared - data - _ASKING
    return bool(name_terms and name_terms <= request_terms) or (len(shared) >= 2 and bool(own))


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
        wants_knowledge = bool(found & vocab.knowledge)
        steps: list[PlanStep] = []

        def add(agent: str, instruction: str, depends_on: list[str] | None = None) -> str:
            step = PlanStep(id=f"s{len(steps) + 1}", agent=agent, instruction=instruction, depends_on=depends_on or [])
            steps.append(step)
            return step.id

        gathered: list[str] = []
        changes = change_request(request)
        own_data = self._data.counted | self._data.values
        matched = [a for a in agents if a["name"] not in self.BUILTINS and agent_matches(found, a, data=own_data)]
        if not (changes or wants_data or wants_knowledge or wants_report or matched):
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
            gathered.append(add("database_query", data_instruction(request, vocab)))
        for agent in matched:
            gathered.append(add(agent["name"], request))
        if "rag_query" in names:
            if wants_knowledge or not gathered:
                gathered.append(add("rag_query", knowledge_instruction(request, vocab)))
            elif wants_report and wants_data and gathered:
                # A report on sales figures gets the catalog's and decision log's words on the items found.
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
