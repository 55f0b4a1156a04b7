"""The `classify` role offline: rules on the request's structure and the deployment's own words (schema, values,
documents, agents) decide question, task or statement, with the follow-up, spelling, scope and change checks."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import partial

from cognicore.memory.corpus_words import CorpusVocabulary
from cognicore.memory.extraction import states_facts
from cognicore.memory.text import STOPWORDS, stem, terms
from cognicore.orchestrator._followup_intent import followup_decision
from cognicore.orchestrator._intent_words import (
    CLAUSE_MARK,
    DEFINES,
    DURATION,
    FIGURE,
    FIRST_PERSON,
    KIND_ASKED,
    PERIODS,
    QUARTERS,
    RANKING,
    STORED,
    SUMMARISE,
    WORKED_OUT,
    plain_words,
    word_for,
)
from cognicore.orchestrator.clause_typos import read_clause_question_words
from cognicore.orchestrator.data_named import shared_value_word
from cognicore.orchestrator.errands import data_word_errand, order_on_text, set_aside
from cognicore.orchestrator.intent_decision import IntentDecision
from cognicore.orchestrator.language import unsupported_language, unwrap_wish
from cognicore.orchestrator.message_parts import asked_beside, asked_part
from cognicore.orchestrator.mood import HABIT, TOLD_CHANGE, noun_first, strip_markers, strip_opening, to_remember
from cognicore.orchestrator.openings import announces_news, news_asked
from cognicore.orchestrator.planning import (
    GENERIC,
    DataWords,
    Vocabulary,
    agent_matches,
    asks_figures,
    asks_rows,
    counts_data,
)
from cognicore.orchestrator.question_words import read_question_word
from cognicore.orchestrator.scope import (
    ACTION,
    ASKS,
    BENEFACTIVE,
    IMPERATIVE,
    QUESTION_START,
    Scope,
)
from cognicore.orchestrator.spelling import Speller, as_written
from cognicore.orchestrator.telling import (
    ABOUT_MY_OWN,
    CORRECTS,
    FOR_FIRST,
    MARKER,
    NAMED,
    PREFACE,
    STANDING,
    STATES,
    TELLS,
    WANTS,
    is_question,
    tells,
)
from cognicore.orchestrator.told_figures import WH_CLAUSE, names_amount
from cognicore.orchestrator.wishes import (
    asked_whether,
    later_wish,
    on_behalf,
    own_wish,
    passed_on,
    renamed,
    reported_question,
)
from cognicore.subagents.memory_answer import asks_what_was_said
from cognicore.subagents.read_only import affected_rows_hint, change_request, names_record

__all__ = ["OfflineClassifier"]

# Where a lead-in before the question ends: "and for online orders, is ...", "same-day shipping - which ...".
_LEAD_IN_CUT = re.compile(rf"\s*{CLAUSE_MARK}\s*")


class OfflineClassifier:
    """Rule-based intent: artefacts, figures or a matching tool make a task; a question asks; the rest tells.

    `tools` are the registered agents beyond the built-ins (`{"name", "description"}`): a request that
    asks for what one of them does is a task, so third-party agents are reachable offline too. What counts
    as a request for figures is the `vocabulary` (generic words plus the domain plugins'). `agents` (all
    registered ones, with `input_hint`) and `entities` (the data's names, the documents' titles) are what
    the deployment knows: an action on none of them is out of scope, and follow-ups swap their values.
    `counted` are the schema's table and column words: "how many <one of them>" asks the database;
    `values` the data's low-cardinality values with their column: "how much did <one of them> make" asks it
    too, and a follow-up naming one replaces the earlier value of the same column. `words` are the words of
    the knowledge base's documents: with the others they are what misspelt words are corrected against, and
    a question none of whose topical words the deployment (or the user's memory) holds is out of scope.
    """

    def __init__(
        self,
        tools: Sequence[dict[str, str]] = (),
        *,
        vocabulary: Vocabulary = GENERIC,
        agents: Sequence[dict[str, str]] = (),
        entities: Sequence[str] = (),
        counted: Sequence[str] = (),
        values: Mapping[str, str] | None = None,
        words: Sequence[str] = (),
        corpus: CorpusVocabulary | None = None,
    ) -> None:
        self._tools = list(tools)
        self._counted = frozenset(stem(w) for w in counted)
        self._columns = dict(values or {})
        self._datawords = DataWords.of(counted, self._columns)
        self._data = vocabulary.data | QUARTERS
        self._knowledge = vocabulary.knowledge
        self._entities = list(entities)
        described = " ".join(f"{a['name']} {a['description']} {a.get('input_hint', '')}" for a in agents)
        agent_words = frozenset(terms(described.replace("_", " "))) - STOPWORDS
        known = vocabulary.data | vocabulary.knowledge | vocabulary.report | ACTION | agent_words
        known |= frozenset(terms(" ".join(self._entities)))
        self._known = known
        self._agent_words = agent_words
        self._own = [*counted, *self._entities, *self._columns, described.replace("_", " ")]
        # The documents' words come from `corpus` on first use (never at start-up), else from `words`.
        self._corpus = corpus
        self._corpus_seen: tuple[str, ...] | None = None
        self._use_words(tuple(words))

    def _use_words(self, words: Sequence[str]) -> None:
        """Build the speller and the scope from the deployment's own words plus the documents' `words`."""
        spelt = {w for text in [*words, *self._own] for w in plain_words(text)}
        self._spelt = frozenset(w.lower() for w in spelt)
        self._speller = Speller(spelt)
        self._scope = Scope(
            agent_words=self._agent_words,
            known=self._known,
            held=self._known | self._counted | frozenset(stem(w) for w in spelt),
            documents=frozenset(w.lower() for w in words),
            values=self._datawords.values,
        )

    async def classify(
        self, *, request: str, history: list[dict[str, str]], memory: str = "", told: Sequence[str] = ()
    ) -> IntentDecision:
        kept = frozenset(w.lower() for w in told)  # the user's own words (`recollection.told_words`): no typos
        # "wht was revnue in march": a misspelt wh-word opens a question, which would otherwise read as a sentence
        # whose subject is "wht" (told and stored) or as another language ("wat status is ...").
        meant_words = self._spelt | kept  # one union per request, not one per word read

        def meant(word: str) -> bool:
            return word.lower() in meant_words

        request, asked_fixes = read_question_word(request, meant=meant)
        # "whos got INC-1009 and wat priorty is it": a later clause's misspelt wh-word asks too.
        request, clause_fixes = read_clause_question_words(request, meant=meant)
        asked_fixes = [*asked_fixes, *clause_fixes]
        if language := unsupported_language(request):
            return IntentDecision(intent="question", reason=f"written in {language}", confidence=0.0, language=language)
        if self._corpus is not None:
            plain = (await self._corpus.words()).plain
            if plain is not self._corpus_seen:  # read again after an ingest or the TTL: rebuild what uses it
                self._corpus_seen = plain
                self._use_words(plain)
        announced = announces_news(request) and strip_markers(request) != request  # "Update: the budget was cut to 30k"
        changing = (
            None if FIRST_PERSON.search(request) or announced else self._changes_data(request, set(terms(request)))
        )
        if changing is not None:
            return changing  # read before spelling: "unassign" is written as meant, never read as "assignee"
        text, fixes = self._speller.correct(request, keep=kept)
        fixes = [*asked_fixes, *fixes]
        asked = unwrap_wish(text)
        asked = asked_whether(asked) or asked  # "wondering if any printer tickets are open" asks "are any ... open?"
        decision = self._decide(asked, history, memory)
        if asked != text:
            # "I wonder how many orders ...": the question inside is what is planned and answered.
            decision = decision.model_copy(update={"resolved_request": decision.resolved_request or asked})
        if not fixes:
            return decision
        if decision.told_part:  # remembered in the user's own words too ("Rosa is back", not "Rose")
            decision = decision.model_copy(update={"told_part": as_written(decision.told_part, fixes)})
        if decision.intent == "statement" and decision.resolved_request in ("", text, asked):
            # A statement is remembered in the user's own words: a name or term the speller does not know ("Marco",
            # "onboarding") is what the user meant, and a correction would store a fact about someone else.
            return decision.model_copy(update={"resolved_request": ""})
        read_as = [str(f) for f in fixes]
        return decision.model_copy(
            update={
                "resolved_request": decision.resolved_request or text,
                "read_as": [*decision.read_as, *read_as],
                "reason": f"{decision.reason}; read {', '.join(read_as)}",
            }
        )

    def _decide(self, request: str, history: list[dict[str, str]], memory: str) -> IntentDecision:
        """The decision for a request whose words are spelt right: a follow-up, else the request alone."""
        followed = followup_decision(
            request,
            history,
            entities=self._entities,
            columns=self._columns,
            correct=lambda text: self._speller.correct(text)[0],
            # the resolved request read as one alone is: a lead-in or told part of the previous request set aside
            rules=lambda text: self._alone(text, history, memory),
        )
        return followed if followed is not None else self._alone(request, history, memory)

    def _alone(self, request: str, history: list[dict[str, str]], memory: str) -> IntentDecision:
        """The decision for a request read on its own: the rules, with its asking part read apart from what it
        tells or sets aside, and the checks of what the deployment holds."""
        decision = self._rules(request)
        if not (decision.out_of_scope or decision.changes_data):
            # "we moved to Teams. how many tickets are open?": the part that asks is answered, not the told part.
            data = self._datawords
            decision = asked_part(request, self._rules, names=data.values, topics=data.counted) or decision
        if decision.intent != "statement" and not (decision.changes_data or decision.resolved_request):  # "hiya - ..."
            aside = partial(set_aside, scope=self._scope, names_data=self._names_data, history=history, memory=memory)
            decision = asked_beside(request, self._rules, aside) or decision
        # Only a deployment that says what its data holds (its values) can tell that a name is none of them.
        named = bool(self._columns) and decision.intent != "statement" and not decision.out_of_scope
        if named and is_question(request) and not self._scope.unheld(request, history, memory):
            if owner := self._scope.unheld_name(request, history, memory):
                # "What's Globex's share price?": about someone the deployment holds nothing on; searching the data
                # or the documents for "share" or "price" would answer a question that was not asked.
                reason = f"asks about {owner}, which nothing in the data, the documents or memory mentions"
                return IntentDecision(intent="question", reason=reason, confidence=0.8, out_of_scope=True)
        if decision.intent == "question" and not decision.out_of_scope and self._scope.social_remark(request):
            # "hey, how's your day going?", "thanks, that's all for now": a remark asking nothing to look up; a passage
            # sharing "going" or "now" with it is no answer (D7).
            reason = "a remark (to the assistant, a greeting or thanks) that asks nothing the agents look up"
            return decision.model_copy(update={"reason": reason, "out_of_scope": True})
        # "I'm bored, tell me a joke": the part that asks is what must be held, not the told part before it.
        asked = decision.resolved_request or request
        if decision.intent == "question" and not decision.out_of_scope and not TELLS.search(asked):
            unknown = self._scope.unheld(asked, history, memory) or self._scope.social_remark(request)
            if unknown := unknown or self._scope.unheld_head(asked, history, memory):
                wanted = IMPERATIVE.match(request)
                # "remind me / tell me / show me ..." asks to be told something: unheld, so unsure, never refused.
                informs = wanted is not None and wanted.group("verb").lower() in {"remind", "tell", "show", "explain"}
                if wanted and wanted.group("object").lower() in BENEFACTIVE and not informs:
                    # "get me a train ticket": a thing to obtain, of which nothing here holds anything.
                    reason = f"asks to {wanted.group('verb').lower()} something none of the agents has ({unknown[0]})"
                    return IntentDecision(intent="task", reason=reason, confidence=0.8, out_of_scope=True)
                reason = f"{decision.reason}; nothing it holds is about {', '.join(repr(w) for w in unknown)}"
                return decision.model_copy(update={"reason": reason, "unheld": unknown})
        return decision

    def _changes_data(self, request: str, found: set[str]) -> IntentDecision | None:
        """A request to change what the data holds: refused before any agent runs (they only read data)."""
        verb = change_request(request) or renamed(request)  # "EMEA ought to be called Europe going forward"
        stored = found & (STORED | self._datawords.counted | self._datawords.values) or names_record(request)
        if verb is None or not stored:
            return None
        reason = f"asks to change data ({verb}){affected_rows_hint(request)}"
        # Out of scope too: no agent changes data, whichever of the two a caller reads.
        return IntentDecision(intent="task", reason=reason, confidence=0.9, out_of_scope=True, changes_data=True)

    def _names_data(self, text: str) -> bool:
        """Whether `text` names a word of the data (its vocabulary, tables, columns or values)."""
        return bool(set(terms(text)) & (self._data | self._datawords.counted | self._datawords.values))

    def _rules(self, request: str) -> IntentDecision:
        """The intent of a request that stands on its own."""
        if CORRECTS.match(request) and not is_question(request):
            # "Actually it's 12 not 10": a correction of something told, never an action to "actually" do.
            return IntentDecision(intent="statement", reason="corrects something told", confidence=0.7)
        if ABOUT_MY_OWN.match(request) or asks_what_was_said(request):
            # "what product line do i like best": the asker's own taste or work, not a ranking of the data.
            return IntentDecision(intent="question", reason="asks what the user told about themselves", confidence=0.7)
        if (reported := reported_question(request)) is not None:
            # "The caller asked if a P3 breach goes to the duty manager.": a question passed on, never news to keep
            reason = "a question someone asked, passed on"
            return IntentDecision(intent="question", reason=reason, confidence=0.7, resolved_request=reported)
        behalf = on_behalf(request) or own_wish(request)
        if behalf is not None and (passed := passed_on(behalf, self._rules)) is not None:
            return passed  # "my manager wants the 2025 order count": what is wanted decides, not "my manager"
        if (on_text := order_on_text(request, self._scope)) is not None:
            return on_text  # "translate this into Spanish: the meeting moved": not news told
        opening = PREFACE.match(request) or MARKER.match(request) or FOR_FIRST.match(request)
        if opening and not is_question(opening.group(0)):
            # "Quick note before the report: I'm on the EU team now": the preface's words ("report") ask for nothing.
            told = self._rules(request[opening.end() :])
            if told.intent == "statement":
                return told
        if (news := news_asked(request)) is not None and (told := self._rules(news)).intent == "statement":
            return told  # "did you know chloe owns the payroll queue": news, though it opens like a question
        if (clause := to_remember(request)) is not None and (told := self._rules(clause)).intent == "statement":
            return told  # "can you remember that my reviews are on Thursdays": told, though it opens like a question
        opened = strip_opening(request)
        if (later := later_wish(opened, self._names_data)) is not None:
            return later  # "next week I'll need the P1 count": remember it, or run it now? Unsure, naming both
        if opened != request and not is_question(request):
            # "Since monday the Wi-Fi on floor 3 has been flaky", "fwiw i sell mostly online": the clause decides.
            told = self._rules(opened)
            if told.intent == "statement":
                return told
            if announces_news(request) and not (WANTS.search(opened) or ASKS.match(opened) or IMPERATIVE.match(opened)):
                # "turns out the recall only hit the EU batch": announced as news, and the rest asks nothing.
                return IntentDecision(intent="statement", reason="tells news it announces", confidence=0.7)
            if strip_markers(request) == opened and (WANTS.search(opened) or ASKS.match(opened) or own_wish(opened)):
                # "I think we need the list of unassigned tickets": a hedge around a request asks that request.
                return told.model_copy(update={"resolved_request": told.resolved_request or opened})
        found = set(terms(request))
        if not FIRST_PERSON.search(request) and (changing := self._changes_data(request, found)):
            # "the May orders are test data, delete them": the order to change data wins over the told part.
            return changing
        if HABIT.match(request) or (STANDING.match(request) and not is_question(request)):
            return IntentDecision(intent="statement", reason="a standing instruction on how to answer", confidence=0.75)
        if NAMED.match(request) or (
            tells(request, data=self._data | self._datawords.counted, values=self._datawords.values)
            and not (WANTS.search(request) or is_question(request))
        ):
            # Before the agents' words: "I prefer the ticket summary as a list" tells, whatever agent it names.
            return IntentDecision(intent="statement", reason="tells a preference or news", confidence=0.75)
        asks_or_orders = is_question(request) or ASKS.match(request) or IMPERATIVE.match(request)
        if TOLD_CHANGE.search(request) and not asks_or_orders:
            # "the target we have to hit is now 4M": told as changed, though a relative clause reads as a want
            return IntentDecision(intent="statement", reason="tells a value as changed", confidence=0.7)
        if not (is_question(request) or WANTS.search(request) or ASKS.match(request)) and states_facts(request):
            # What the memory's fact reader reads as a fact ("the early shift begins at 6:30 from now on", "the desk
            # sits on the 3rd floor") is told, whatever data words it uses: remembered, never planned or searched.
            return IntentDecision(intent="statement", reason="states a fact", confidence=0.7)
        if verb := change_request(request):
            if changing := self._changes_data(request, found):
                return changing
            # "reset my password", "cancel my subscription": a change to nothing the data holds; no agent does it.
            reason = f"asks to {verb} something outside the data, which none of the agents does"
            return IntentDecision(intent="task", reason=reason, confidence=0.8, out_of_scope=True)
        nouns = self._data | self._datawords.counted | self._datawords.values
        if (errand := data_word_errand(request, self._scope, nouns)) is not None:
            return errand  # "Order pizza for the team tonight"
        if not noun_first(request, nouns) and (verb := self._scope.foreign_action(request)):
            # Before the data words: "email the 2025 revenue to my manager" names figures; no agent offers its action.
            reason = f"asks to {verb} something, which none of the agents does"
            return IntentDecision(intent="task", reason=reason, confidence=0.8, out_of_scope=True)
        # "What is the SLA for a P5?", "what happens when ...", "... according to the policy": the rule itself, which
        # the documents state, not the work of the agent that applies it.
        defines = bool(DEFINES.match(request) or KIND_ASKED.match(request) or found & self._knowledge)
        for tool in [] if defines else self._tools:
            if agent_matches(found, tool, data=self._datawords.counted | self._datawords.values):
                return IntentDecision(intent="task", reason=f"asks for what {tool['name']} does", confidence=0.9)
        action = sorted(found & ACTION)
        if STATES.match(request) and not (WANTS.search(request) or is_question(request) or action):
            # Told about the speaker or their team ("our budget went up to 5k"): never planned as a task.
            return IntentDecision(intent="statement", reason="tells something and asks nothing", confidence=0.8)
        data = sorted(found & self._data)
        if action and set(action) <= WORKED_OUT and DEFINES.match(request):
            action = []  # "how is net revenue calculated?" asks how, not for the calculation
        if action and not (set(action) <= SUMMARISE and not data):
            reason = f"asks to produce or analyse something ({word_for(request, action)})"
            return IntentDecision(intent="task", reason=reason, confidence=0.8)
        # "why", "explain" and policy questions stay questions even when they mention sales words,
        # unless they ask for a figure or a ranking.
        # "how many years do products get updates": a duration the documents state, not a count.
        asks_figure = bool(RANKING.search(request) or FIGURE.search(DURATION.sub(" ", request)))
        # "Who has the most tickets?": a ranking of a thing the data's tables or columns hold.
        measured_here = found & self._datawords.counted if RANKING.search(request) else set()
        # A period alone ("our fiscal year starts in April.") asks for no figure: it takes a measure.
        measured = [d for d in data if d not in PERIODS]
        if counts_data(request, self._counted):  # "how many open tickets": a thing the data's tables hold
            return IntentDecision(intent="task", reason="counts something the database holds", confidence=0.8)
        word = asks_figures(request, self._datawords)  # "how much did the Cargo make", "split by channel"
        if word and not shared_value_word(request, word, self._datawords, self._columns):
            return IntentDecision(intent="task", reason=f"asks for figures about {word} in the data", confidence=0.75)
        word = asks_rows(request, self._datawords, self._columns) if not found & self._knowledge else None
        # "who deals with p3 and p4 breaches": values of the data, but what is asked ("breaches") only the documents
        # hold, so the rows the values name are not what is asked.
        if word and not (word in self._columns and self._scope.documents_only(request, self._datawords)):
            # "List ben's open tickets", "the oldest open ticket": rows of a table the data holds.
            return IntentDecision(intent="task", reason=f"asks about the {word} rows in the data", confidence=0.75)
        measured = measured or sorted(measured_here)
        # "And for online orders, is shipping free?": a question after its lead-in asks as one opening the message
        opens_question = any(QUESTION_START.match(c) for c in [request, *_LEAD_IN_CUT.split(request, maxsplit=1)[1:]])
        if measured and (asks_figure or not opens_question):
            reason = f"needs figures from the database ({word_for(request, measured)})"
            return IntentDecision(intent="task", reason=reason, confidence=0.8)
        asks = is_question(request) or ASKS.match(request) or WANTS.search(request)
        if not asks and TELLS.search(request):
            return IntentDecision(intent="statement", reason="tells something and asks nothing", confidence=0.7)
        # "customer wants 25% off, who has to sign off on that": a clause opened by a wh-word asks, "?" or not.
        asked_after = WH_CLAUSE.search(request)
        if not asks and not asked_after and not IMPERATIVE.match(request) and names_amount(request):
            # "the kiosk float went 200 to 350 after the audit": an amount with nothing asked, in a shape the statement
            # rules do not read; answering it as a question would search for a figure the user just gave.
            reason = (
                f"it gives an amount ({request!r}) and asks nothing I could recognise, so I could not tell whether you "
                "are telling me this to remember or asking about it; say 'remember that ...' to have it noted, or "
                "ask it as a question"
            )
            return IntentDecision(intent="question", reason=reason, confidence=0.3)
        return IntentDecision(intent="question", reason="answerable from the knowledge base and memory", confidence=0.7)
