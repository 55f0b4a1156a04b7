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
from collections.abc import Awaitable, Callable, Mapping, Sequence

from cognicore.memory.text import FIRST_PERSON, stem, terms
from cognicore.orchestrator.agent_inputs import describes_one_case, outside_declared_values
from cognicore.orchestrator.data_questions import (
    ENUMERATES,
    IN_PERIOD,
    PER_PERIOD,
    RULE_UNITS,
    asks_trade_figure,
    counts_data,
)
from cognicore.orchestrator.intent import Classifier, IntentDecision
from cognicore.orchestrator.planning import Planner, names_agent
from cognicore.orchestrator.telling import ABOUT_MY_OWN
from cognicore.subagents._question_asked import asked_question
from cognicore.subagents.errors import Unsure
from cognicore.subagents.types import Plan, PlanStep

DataReader = Callable[[str], Awaitable[bool]]
"""Whether a request maps onto the deployment's data with confidence (`SchemaSqlWriter.reads`)."""
DocumentsReader = Callable[[str], Awaitable[bool]]
"""Whether the documents answer a request with confidence (`rag_query.documents_reader`)."""

DATA_AGENT = "database_query"
# About the user (their memory; "show me" asks for rows), a definition, a reason or a way: never rows of the data.
_NOT_DATA = re.compile(
    r"\b(?:i|my|mine|myself)\b|(?<!show )(?<!give )(?<!tell )(?<!get )(?<!send )(?<!find )(?<!fetch )\bme\b|"
    r"^\s*(?:why|how come|how (?:do|does|did|can|could|should|to)\b(?!.*\b(?:do|doing|perform|performing)\b\s+"
    r"(?:in|during|over|last|this|so far)\b)|explain|define)|"
    r"^\s*what(?:'s|\s+is|\s+are)\s+(?:an?|the meaning of|the definition of)\s|\b(?:mean|means|stand for)\s*\??\s*$|"
    # "what counts as a partner sale", "how is net revenue calculated": what a word or a figure is, not its value.
    r"^\s*what\s+(?:(?:counts|qualifies)\s+as|is\s+(?:considered|counted|classed|classified|treated))\b|"
    r"^\s*how\s+(?:is|are|do\s+we|do\s+you)\s+[^?]*?\b(?:calculated|computed|defined|define|calculate|compute|"
    r"derived|determined|worked\s+out)\b|"
    # A rule or a habit ("when does a ticket get its priority", "who should a p1 go to", "when do we close"): any one
    # thing or the usual time, not rows.
    r"^\s*when\s+(?:do|does|should|must|can|will|would)\b|^\s*what\s+happens\b|"
    # (not "what does a single X cost us": what one thing costs the company, a figure of its data)
    # (a preposition may open the question with its wh-word: "up to what percentage can a manager sign off on")
    r"^\s*(?:(?:up\s+to|for|in|at|by|from|until|till|within|with)\s+)?(?:when|how|who|what|where|which)\b"
    r"(?!\s+(?:many|much)\b)(?![^?]*\bcosts? us\b)[^?]*?"
    r"\b(?:do|does|should|must|can|will|would)\s+"
    r"(?:an?|each|every|any)\s+\w|"
    # "the biggest discount a rep can hand out", "who has to approve a discount": a permission or a duty.
    r"\b(?:an?|each|every|any)\s+[a-z]+\s+(?:can|could|may|must|should|has\s+to|needs?\s+to|is\s+allowed\s+to)\b|"
    r"^\s*who\s+(?:has\s+to|have\s+to|needs?\s+to|must|should|can|may|is\s+allowed\s+to)\b|"
    # "are we allowed to stack promotions", "is staff permitted to ...": a permission, which a rule states.
    r"\b(?:allowed|permitted|entitled)\s+to\b|"
    # "for how many years do you keep selling spare parts": the company's practice ("do you have ..." may ask rows).
    r"\bdo\s+you\s+(?!have\b|know\b|mind\b|see\b)\w",
    re.I,
)
# A figure or a ranking asked for.
# ("how many hours/hrs/days": a rule's value, a limit or a window, not a figure)
_FIGURE = re.compile(
    rf"\b(?:most|least|more|fewer|how many(?!\s+(?:{'|'.join(sorted(RULE_UNITS))})\b)|count|number of|top|bottom|"
    r"average|avg|total|per|split|breakdown)\b",
    re.I,
)
# "what system do we log incidents in", "which vendor do we have for printers": the thing asked of the user or their
# team is the first noun; unless the data holds it, the question is about what they told, not rows.
# Likewise "which team handles VPN tickets", "what department signs off refunds": the asker's question is about the
# noun before its verb, which the data must hold for its rows to answer.
_ASKED_OF_US = re.compile(
    r"^\s*(?:what|which)\s+(?:kind\s+of\s+|type\s+of\s+|sort\s+of\s+)?(?P<thing>[a-z][\w-]*)\s+"
    r"(?:(?:do|does|did|are|am|is|were|was)\s+(?:i|we|you|our|us)\b|(?!(?:is|was|has|does)\b)[a-z]+[^s\W]s\b)",
    re.I,
)


# Orders to list or count rows: "list ...", "show me ...", "pull up ...", "bring up ...", "fetch ...".
_LISTS = re.compile(
    r"^\s*(?:(?:(?:can|could|would|will) you|please|pls|kindly|just|hey|ok|okay)\s+)*"
    r"(?:list|show|give me|display|count|pull up|bring up|fetch)\b",
    re.I,
)


# "what's the target time for ...", "how long do we have ...": a value or a rule asked, never rows to check.
_ASKS_WHAT_IS = re.compile(
    r"^\s*(?:what(?:'s|s|\s+is|\s+are|\s+was)\s+(?:the|a|an|our)\b|how\s+(?:long|much|soon|quickly))", re.I
)


# "what discount do our resellers get", "do employees get a staff discount": what a group is entitled to, a rule the
# documents state, unless a figure or a period is asked ("how many orders did partners get last month").
_ENTITLEMENT = re.compile(
    r"^\s*(?:(?:what|which|how much)\s+(?:[\w-]+\s+){0,3}(?:do|does)|(?:do|does))\s+(?!(?:we|i|you)\b)"
    r"(?:[\w-]+\s+){1,3}(?:get|receive|qualify\s+for|are\s+entitled\s+to|is\s+entitled\s+to)\b",
    re.I,
)
_DATED = re.compile(r"\d|\b(?:last|this|next|previous|past|since|during|yesterday|today|ago)\b", re.I)


def may_be_data(request: str, knowledge: frozenset[str], data: frozenset[str] = frozenset()) -> bool:
    """Whether `request` may be read as a data question: not about the user, a definition, a reason, a way or a
    rule, not a thing of the user's team the data does not hold (`data`: the stems of the data's nouns), and with
    no word of the documents' vocabulary (policies, procedures)."""
    if _NOT_DATA.search(request) is not None or set(terms(request)) & knowledge:
        return False
    if _ENTITLEMENT.match(request) and not _FIGURE.search(request) and not _DATED.search(request):
        return False
    ours = _ASKED_OF_US.match(request)
    if ours is not None and not set(terms(ours.group("thing"))) & data:
        return False
    # "where do we track incidents", "what system do we record incidents in": where or with what the team works,
    # told to memory, unless a figure or a ranking is asked ("which components do we log the most tickets for").
    return ABOUT_MY_OWN.match(request) is None or _FIGURE.search(request) is not None


# "the SLA status of the P2 tickets", "the state of the open incidents": the state of items, asked of the data.
_STATE_OF = re.compile(
    r"\b(?:status|state|standing|situation|progress)\s+(?:of|for|on)\s+(?P<rows>[^?.,;:!]{1,60})", re.I
)
_ABOUT_USER = re.compile(rf"\b(?:{FIRST_PERSON})\b", re.I)
# "who isn't working on any P1 tickets", "who has not been given any P3 tickets", "does ana have more tickets than
# other people": the people holding (or not) the data's items, which no rule of the documents states
_PEOPLE_BY_ROWS = re.compile(
    r"^\W*who\s+(?:isn't|is\s+not|hasn't|has\s+not|has\s+never|doesn't|does\s+not|never)\b[^?]*?\bany\b"
    r"(?P<rows>[^?.,;:!]{1,60})|"
    r"^\W*(?:does|do|did)\s+\w+\s+(?:have|hold|handle|get)\s+(?:more|fewer|less)\s+(?P<more>[^?.,;:!]{1,60}?)\s+than\b",
    re.I,
)


class DataReadingClassifier:
    """The offline classifier, with a question it would answer from the documents sent to the data instead when
    the SQL reader maps it (and the request may be read as data at all)."""

    def __init__(
        self, inner: Classifier, reads: DataReader, *, knowledge: frozenset[str], data: frozenset[str] = frozenset()
    ) -> None:
        self._inner, self._reads, self._knowledge, self._data = inner, reads, knowledge, data

    async def classify(
        self, *, request: str, history: list[dict[str, str]], memory: str = "", told: Sequence[str] = ()
    ) -> IntentDecision:
        """The inner decision, or a data task when the inner one is a plain question the SQL reader maps."""
        decision = await self._inner.classify(request=request, history=history, memory=memory, told=told)
        # A question, or an order to list rows that the rules read as news ("bring up everything assigned to ben")
        lists = decision.intent == "statement" and _LISTS.match(request) is not None
        # An unsure reading ("for the same period, ..." with no earlier period) says what it did not understand: the
        # SQL reader, which reads no such reference, never makes it sure.
        plain = (decision.intent == "question" or lists) and not (
            decision.out_of_scope or decision.language or decision.changes_data or decision.unheld or not decision.sure
        )
        asked = decision.resolved_request or request
        if plain and may_be_data(asked, self._knowledge, self._data) and await self._reads(asked):
            reason = f"the data's SQL reader maps it onto the schema (it was read as: {decision.reason})"
            return decision.model_copy(update={"intent": "task", "reason": reason, "confidence": 0.75})
        if decision.intent == "question" and plain and (self._state_of_rows(asked) or self._people_by_rows(asked)):
            # "what's the SLA status of the P2 tickets": the tickets' state, not the rule the documents state
            reason = "it asks the state of items the data holds, which the SQL reader does not map"
            return decision.model_copy(update={"reason": reason, "confidence": min(decision.confidence, 0.4)})
        return decision

    def _state_of_rows(self, request: str) -> bool:
        """Whether `request` asks the status of items the data holds ("the SLA status of the P2 tickets"), not
        about the user."""
        asked = _STATE_OF.search(request)
        rows = set(terms(asked.group("rows"))) if asked is not None else set()
        return bool(rows & self._data) and _ABOUT_USER.search(request) is None

    def _people_by_rows(self, request: str) -> bool:
        """Whether `request` asks which people hold (or hold none, or more) of the data's items, a data question whose
        unsure reading stays unsure, never a rule quoted from the documents."""
        asked = _PEOPLE_BY_ROWS.search(request)
        rows = set(terms(asked.group("rows") or asked.group("more"))) if asked is not None else set()
        return bool(rows & self._data) and _ABOUT_USER.search(request) is None


# Words of checking or listing items ("which tickets", "any ... past their SLA", "breaching", "still open"): the
# request asks a developer's agent to run its check, not what a rule says.
_CHECKS = re.compile(
    r"\b(?:which|list|show|any|anything|are there|is there|check|checking|breach(?:es|ed|ing)?|overdue|late|past|"
    r"over|blown|blew|missed|miss|exceed(?:s|ed|ing)?|still|now|currently|moment|today|open|unresolved)\b",
    re.I,
)
# "when is a ticket considered a breach", "what counts as late": what a word means, a rule the documents state.
_DEFINES = re.compile(r"\b(?:considered|counts?\s+as|defined\s+as|definition|mean|means|meaning)\b", re.I)
# "who gets told when a P2 goes past its time", "what happens once a P3 runs past its SLA", "if a P1 blows past its
# SLA, who ...": who acts or what follows when a thing happens, a rule the documents state, even with a word of
# checking ("past") in the condition.
_RULE_WHEN = re.compile(
    r"^\s*(?:who|whom|what\s+happens|what\s+(?:do|should|must|will)\s+(?:we|you|i)|how\s+(?:do|should|must)\s+we)\b"
    r"[^?]*?\b(?:when|whenever|if|once)\s+(?:an?|any|each|every|one|the|our)\b|"
    r"^\s*(?:if|when|whenever|once)\s+(?:an?|any|each|every|one|the|our)\b[^?]*?,\s*(?:who|what)\b",
    re.I,
)
# The idea of a limit passed ("past their SLA", "breaching", "overdue", "blown through the deadline"): without one, a
# request ("list the open tickets") is no check of a developer's agent, and its data step is not dropped.
_LIMIT_PASSED = re.compile(
    r"\b(?:sla|slas|breach(?:es|ed|ing)?|overdue|late|past|over|blown|blew|blow|blows|miss(?:es|ed|ing)?|"
    r"exceed(?:s|ed|ing)?|deadlines?|due)\b",
    re.I,
)
# Handling a class of items: who looks at them, whether they are escalated, reviewed, dealt with.
_HANDLED = re.compile(
    r"\b(?:escalat\w*|review(?:s|ed|ing)?|looks?\s+at|looked\s+at|looking\s+at|handl(?:e|es|ed|ing)|deals?\s+with|"
    r"dealt\s+with|follow(?:s|ed)?\s+up|picks?\s+up|notif(?:y|ies|ied)|informed)\b",
    re.I,
)
# Words that ask about the items there are now ("which", "any", "still open", "right now"), not about a rule.
_ITEMS_NOW = re.compile(
    r"\b(?:which|list|show|any|anything|are\s+there|is\s+there|still|now|currently|moment|today|open|unresolved|"
    r"how\s+many|count)\b",
    re.I,
)
KNOWLEDGE_AGENT = "rag_query"
# Figures computed over rows: what the data answers, never a sentence of the documents.
_OF_ROWS = re.compile(
    r"\b(?:totals?|sum|average|avg|mean|median|per|split|breakdown|trend|ranking|ranked|year-over-year|yoy)\b", re.I
)
# A question's opening word; a request without one that names the data's rows in the plural asks for them
# ("tickets still waiting for someone to pick them up").
_ASKS_SOMETHING = re.compile(
    r"^\W*(?:(?:above|below|over|under|up\s+to|for|in|at|by|from|until|till|within|after|before|on)\s+"
    r"(?=(?:what|which|how|when|whom)\b))?(?:who|whom|whose|what|whats|when|where|why|how|which|is|are|was|were|do|does|did|can|could|should|must|"
    r"may|will|would|if)\b",
    re.I,
)
_SHARE_OF = re.compile(r"\b(?:percentage|percent|share|proportion|fraction|portion)\s+of\b", re.I)
_WHICH_NOUN = re.compile(r"\bwhich\s+([a-z]+)", re.I)


class DataReadingPlanner:
    """The offline planner, with the data agent planned when its rules find no agent (or only the knowledge base)
    for a task the SQL reader maps."""

    def __init__(
        self,
        inner: Planner,
        reads: DataReader,
        *,
        knowledge: frozenset[str],
        data: frozenset[str] = frozenset(),
        documents: DocumentsReader | None = None,
        values: Mapping[str, str] | None = None,
    ) -> None:
        self._inner, self._reads, self._knowledge, self._data = inner, reads, knowledge, data
        self._documents = documents
        self._values = values or {}  # each value of the data with its column

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
        self._within_declared_values(request, plan, agents)
        if self._rule_asked(request, plan, agents) or self._one_case_for_agent(request, plan, agents):
            # "sla for p1 tickets", "response-time target for priority 4": the rule the agent checks against, which
            # the documents state; running the check would list breaches nobody asked for.
            return Plan(steps=[PlanStep(id="s1", agent=KNOWLEDGE_AGENT, instruction=request)])
        if agents_planned <= {"rag_query"} and await self._data_read(request, agents):
            return Plan(steps=[PlanStep(id="s1", agent=DATA_AGENT, instruction=request)])
        if await self._documents_answer(request, plan, agents):
            return Plan(steps=[PlanStep(id="s1", agent=KNOWLEDGE_AGENT, instruction=request)])
        return await self._without_unread_data(request, plan)

    async def _documents_answer(self, request: str, plan: Plan, agents: list[dict[str, str]]) -> bool:
        """A data step (alone or beside the documents') the SQL reader does not map ("who needs to approve a discount
        above 20%": 'approve' is no word of the data), for a request the documents answer with confidence: the
        documents' question. A data step the reader maps keeps the plan; so do a count of the data's rows or a figure
        over them, and every request the documents leave unsure (its data reading says what it did not understand)."""
        planned = {step.agent for step in plan.steps}
        data = DATA_AGENT in planned and planned <= {DATA_AGENT, KNOWLEDGE_AGENT}
        readable = any(a["name"] == KNOWLEDGE_AGENT for a in agents)
        if self._documents is None or not data or not readable or self._figures_of_rows(request):
            return False
        for step in plan.steps:
            if step.agent == DATA_AGENT and (await self._reads(step.instruction) or await self._reads(request)):
                return False
        return await self._documents(request)

    def _figures_of_rows(self, request: str) -> bool:
        """Is what the request asks computed from the data's rows, which a passage sharing its words never answers?

        One rule, read on the question without the conversation around it ("someone asked me for how many years
        ..." asks "for how many years ..."): the asked thing is a figure over rows (an aggregate, a count of the data's
        things, a figure of the business: "total markdown per area lead", "how many bundles did we sell"), rows of a
        period, or the rows themselves (listed, a share of them, or one of the data's things picked by "which":
        "which P1 tickets are still not closed", "which region am I looking after" (round 14's confident wrong)).
        """
        asked = asked_question(request).in_context
        rows = any(w.endswith("s") and stem(w) in self._data for w in re.findall(r"[a-z]{4,}", asked.lower()))
        # A question opened by a preposition and its wh-word ("above what %", "within how many days") asks too.
        listed = ENUMERATES.match(asked) or _SHARE_OF.search(asked) or not _ASKS_SOMETHING.match(asked)
        which = _WHICH_NOUN.search(asked)
        return (
            (_OF_ROWS.search(asked) or IN_PERIOD.search(asked) or PER_PERIOD.search(asked)) is not None
            or (rows and bool(listed))
            or (which is not None and stem(which.group(1).lower()) in self._data)
            or counts_data(asked, self._data)
            or asks_trade_figure(asked)
        )

    async def _without_unread_data(self, request: str, plan: Plan) -> Plan:
        """The plan without its data step when a developer's agent was planned for what its description says and
        the SQL reader does not map the data step ("which open tickets blew their SLA": the SLA checker's work, which
        no query of the schema answers); a step that depends on it then depends on the rest."""
        builtins = {DATA_AGENT, "rag_query", "report_generation"}
        data = [s for s in plan.steps if s.agent == DATA_AGENT]
        if len(data) != 1 or not any(s.agent not in builtins for s in plan.steps):
            return plan
        if _LIMIT_PASSED.search(request) is None:
            return plan  # "list the open tickets": rows asked, not the agent's check alone
        if _ASKS_WHAT_IS.match(data[0].instruction) or await self._reads(data[0].instruction):
            return plan  # "what's the target resolution time for P3s": a rule asked, not the agent's check run
        gone = data[0].id
        kept = [s for s in plan.steps if s.id != gone]
        return Plan(steps=[s.model_copy(update={"depends_on": [d for d in s.depends_on if d != gone]}) for s in kept])

    def _rule_asked(self, request: str, plan: Plan, agents: list[dict[str, str]]) -> bool:
        """A developer's agent planned for a request that asks what a rule is, with no word of checking or listing
        items (or one asking what a word means), when the knowledge agent is there to read the rule."""
        builtins = {DATA_AGENT, KNOWLEDGE_AGENT, "report_generation"}
        developers = any(s.agent not in builtins for s in plan.steps)
        readable = any(a["name"] == KNOWLEDGE_AGENT for a in agents)
        asks_rule = (
            _DEFINES.search(request) is not None
            or _RULE_WHEN.search(request) is not None
            or _CHECKS.search(request) is None
            # "who looks at P4 tickets that breached their SLA", "are breaches escalated straight away": how a class
            # of items is handled, with nothing asked of the items there are now
            or (_HANDLED.search(request) is not None and _ITEMS_NOW.search(request) is None)
        )
        return (
            developers
            and readable
            and asks_rule
            and not _FIGURE.search(request)
            and not _asks_for(request, plan, agents)
        )

    def _within_declared_values(self, request: str, plan: Plan, agents: list[dict[str, str]]) -> None:
        """Raise `Unsure` when a developer's agent is planned for items outside the values its description declares
        ("Checks open tickets ..." for "how many tickets did we close within SLA?"): its result would answer about
        other items than the ones asked."""
        described = {a["name"]: a.get("description", "") for a in agents}
        for step in plan.steps:
            if step.agent in {DATA_AGENT, KNOWLEDGE_AGENT, "report_generation"}:
                continue
            if outside := outside_declared_values(request, described.get(step.agent, ""), self._values):
                asked, declared = (v.replace("_", " ") for v in outside)
                raise Unsure(
                    f"I understood a request for {step.agent}, but it checks only {declared} items (its description: "
                    f'"{described.get(step.agent, "")}") and the request asks about {asked} ones, which it does not '
                    "cover; I am not sure of the answer."
                )

    def _one_case_for_agent(self, request: str, plan: Plan, agents: list[dict[str, str]]) -> bool:
        """A developer's agent planned for a request that describes one unnamed item ("a P2 ticket nobody answered for
        6 hours") and hands it no items to work on, when the knowledge agent is there to read the rule for that case."""
        developers = any(s.agent not in {DATA_AGENT, KNOWLEDGE_AGENT, "report_generation"} for s in plan.steps)
        readable = any(a["name"] == KNOWLEDGE_AGENT for a in agents)
        return developers and readable and describes_one_case(request, self._data)

    async def _data_read(self, request: str, agents: list[dict[str, str]]) -> bool:
        available = any(a["name"] == DATA_AGENT for a in agents)
        return available and may_be_data(request, self._knowledge, self._data) and await self._reads(request)


def _asks_for(request: str, plan: Plan, agents: list[dict[str, str]]) -> bool:
    """Does the request name a planned developer's agent ("noop alpha") or open with the verb its description opens
    with ("Roll dice ..." for "Rolls dice for the dice game")? Then it asks for that agent's work, not a rule."""
    planned, said = {s.agent for s in plan.steps}, terms(request)
    return any(
        names_agent(set(said), a) or bool(said[:1] and terms(a.get("description", ""))[:1] == said[:1])
        for a in agents
        if a["name"] in planned
    )
