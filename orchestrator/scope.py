"""What the deployment can do and hold, offline: an action no agent offers and a topic nothing holds.

A request is out of scope when its action (the verb of an imperative) is not one the agents offer: asking,
reading and arranging data, the artefacts and analyses the planner builds, and the verbs of the registered
agents' own descriptions. A question is about something the deployment does not hold when none of its topical
words (its less common ones) is a word of the schema, the data, the documents, the agents, the session or the
user's memory. Both read only what the deployment has; no domain's word list.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from cognicore.memory.text import FIRST_PERSON, FIRST_PERSON_PLURAL, QUESTION_START, STOPWORDS, stem, terms, words
from cognicore.orchestrator._action_shapes import (
    ARITHMETIC,
    ARTEFACT_NOUNS,
    DELIVERS,
    IN_PERSON,
    MADE,
    MAKING,
    MAKING_ANY,
    ON_NAME,
    ON_QUOTED,
    ON_RECORD,
    PAST_FORM,
    READING_PHRASE,
    RELAY,
)
from cognicore.orchestrator.data_questions import DataWords
from cognicore.orchestrator.spelling import english_words
from cognicore.orchestrator.typos import is_typo
from cognicore.subagents._question_terms import ARTEFACT_WORDS

# Words that mark an artefact to produce (the composer's `ARTEFACT_WORDS`, which it reads as no subject: one list)
# or an analysis to run.
ACTION = frozenset(terms(" ".join(ARTEFACT_WORDS))) | frozenset(
    terms(
        "analyze analyse analysis compare comparison build compile summarize summarise chart plot graph visualize "
        "visualise dashboard breakdown rank ranking forecast calculate compute tabulate export"
    )
)
# A question inside a longer message ("vpn wont connect, what do i check first", "for an urgent unlock who do we
# call", "if i send it back do i get a refund", "on hold until when"): a wh-word or an auxiliary followed by its
# subject, or a "when" asked for, anywhere in the message asks something, whatever comes before it.
ASKS_INSIDE = re.compile(
    r"\b(?:what|who|whom|which|where|why|how|when)\s+(?:do|does|did|should|shall|can|could|would|will|must|am)\s+"
    r"(?:i|we|you|they|he|she|it|the|our|my|a|an|people|one|someone)\b"
    r"|\b(?:until|till|til|since|by)\s+when\b|\bwhen\s+exactly\b"
    r"|(?<=\w\s)(?:do|does|did|can|could|will|would|should)\s+(?:i|we|you|they)\s+(?!not\b)[a-z]+",
    re.IGNORECASE,
)
# An imperative that asks for something ("give me", "list", "summarise the policy") is a question too.
ASKS = re.compile(
    r"^\s*(please\s+)?(give|show|list|find|get|fetch|look up|tell|explain|describe|summari[sz]e|remind|what's)\b",
    re.IGNORECASE,
)
_QUESTION_WORD = re.compile(r"^(what|who|how|where|when|why|which)[a-z]{0,2}$")
# With "help me find", "let me know", "walk me through", "bring up", "grab", "run me", "work out": ways of asking
# too, whatever object follows (a thing to obtain, "bring me a coffee", is then refused as a topic nothing holds).
_ASKED_VERBS = frozenset(
    terms(
        "give show list find fetch tell explain describe summarise summarize remind look read pull dig search see "
        "let help walk bring grab run work take"
    )
)
# First words that make no action of their own.
# Discourse markers ("btw my team now covers ...", "fyi the ...") open a message; they are no verb either.
# A need or a wish ("need the 2025 revenue for ...") says what is wanted, not an action.
_NOT_ACTIONS = frozenset(
    "thanks thank hello hi hey yes no ok okay sure remember note btw fyi ps heads need needs want wants wish".split()
)

# An imperative: a first word then its object ("book me a flight", "send an email", "order 50 chargers").
IMPERATIVE = re.compile(
    r"^\s*(?:please\s+)?(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?"
    # A conjunction or preposition opening a clause ("if a p1 misses ...", "for an urgent unlock ...") is no verb.
    r"(?!(?:if|when|whenever|once|after|before|since|while|because|unless|and|or|but|so|then|for|in|on|at|to|of"
    r"|with|without|as|by|from|among|amongst|across|between|within|throughout)\b)"
    # A past form opens a told sentence whose "I" was dropped ("got a replacement laptop yesterday", "had a customer
    # ask ..."), never an order: an imperative is the bare verb.
    rf"(?!{PAST_FORM}\b)(?P<verb>[a-z]+)\s+"
    r"(?:(?:up|out|off|over|back)\s+)?"
    r"(?P<object>me|us|him|her|them|a|an|the|my|our|some|this|that|these|those|it|all|\d[\d,.]*|"
    r"two|three|four|five|six|seven|eight|nine|ten|twenty|fifty|hundred|several|more|another)\b"
    r"(?:\s+(?P<next>[a-z]+))?",
    re.IGNORECASE,
)
# Objects that make the first word a verb whatever else it is: someone it is done for, or a quantity
# ("order me a pizza", "order 50 chargers"): a transaction, not a reading of data.
BENEFACTIVE = frozenset("me us him her them a an".split())
# A quantity in words ("hire two more reps", "order another dock"): a transaction, like "order 50 cables".
_COUNT_WORDS = frozenset(
    "two three four five six seven eight nine ten twenty fifty hundred several more another".split()
)
_DETERMINERS = frozenset("the my our this that these those some all it".split())
# "Revenue the last quarter": a noun, then its period.
_PERIOD_WORDS = frozenset("last this previous past current next coming first second third fourth same".split())
# Verbs of reading and arranging data: offered by any deployment with data, unless done *for* someone or to
# a quantity ("sort the products by revenue" reads; "order 50 cables" buys).
_ARRANGING = frozenset(terms("sort order rank group filter split break count sum total average tally plot map"))
# Words that rank ("top 5 ...", "bottom 3 ...", "best 10 ..."): a number after them is the ranking's size.
_RANKS = frozenset("top bottom best worst highest lowest first last largest smallest biggest".split())
# "remind me what the return window is" asks; "remind me on Monday to ..." sets a reminder.
_REMIND_ASKS = re.compile(
    r"^\s*(?:please\s+)?(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?remind\s+(?:me|us)[,:]?\s+"
    r"(?:again[,:]?\s+)?(?:what|how|which|who|whom|when|where|why|whether|if|of|about)\b",
    re.IGNORECASE,
)
# ... to do something, or at a time: a reminder to set ("remind me to call Ben", "remind us on Monday"); any other
# object is a thing to recall ("remind me the P2 target").
_REMIND_SETS = re.compile(
    r"\bremind\s+\w+\b(?:.*\bto\s+(?!the\b|my\b|our\b|an?\b)[a-z]+|[,:]?\s+(?:on|at|tomorrow|tonight|later|every"
    r"|next|in\s+\d|in\s+an?)\b)",
    re.IGNORECASE,
)
# A question's topic is in its less common words ("weather", "London"); the commonest English words
# ("going", "tomorrow", "like") say nothing of what it is about.
# A verb this frequent in pyspellchecker's corpus is a real word, not a typo of the deployment's ("assign" is not
# "assignee" mistyped).
REAL_VERB = 500
SOCIAL_WORDS = 4  # at most this many words, all common and asking nothing: a greeting or thanks
# A question to the assistant about itself: "you" / "your" (or their texting forms), in a short message.
_TO_YOU = re.compile(r"\b(?:you|your|yours|yourself|u|ur)\b", re.IGNORECASE)
_ABOUT_YOU_WORDS = 8
# A thanks or a goodbye opening a message.
_CLOSING = re.compile(
    r"\s*(?:thanks|thank\s+you|thank\s+u|thx|ty|tyvm|cheers|ta|bye|goodbye|see\s+ya|see\s+you|much\s+appreciated)\b",
    re.IGNORECASE,
)
_ABOUT_ME = re.compile(rf"\b(?:{FIRST_PERSON}|{FIRST_PERSON_PLURAL})\b", re.IGNORECASE)
TOPICAL_BELOW = 100_000  # occurrences in pyspellchecker's corpus (about the 1,000 commonest English words)
# A name: a capitalised word (two when they follow each other), possessive or not ("Globex's", "Initech").
_NAME = re.compile(r"(?<![\w'])(?P<name>[A-Z][a-z][\w&-]*(?:\s+[A-Z][a-z][\w&-]*)?)(?:'s)?\b")
# Dates and times are a request's parameters, not its topic ("a flight in March" is about flights).
_CALENDAR = frozenset(
    "january february march april may june july august september october november december monday tuesday "
    "wednesday thursday friday saturday sunday morning afternoon evening tonight weekend today tomorrow "
    "yesterday week month quarter year "
    # their short forms ("revenue in Dec 2025", "P1s on Tuesday Jan 6")
    "jan feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs fri sat sun".split()
)


# A first word this long ending in "-ing" is a gerund ("shipping", "booking"), never an order; shorter ones may be
# verbs of their own ("bring", "ping", "string").
GERUND_LENGTH = 7
# A gerund opening a request and then "can you do that / please do it / handle it / please" asks for that very act
# ("Cancelling order 1234, can you do that today?" is "cancel order 1234"): the gerund is the order of its verb.
_DO_IT = re.compile(
    r",\s*(?:(?:please|pls)\s*[.!]*\s*$|(?:(?:can|could|would|will)\s+(?:you|u)\s+)?(?:please\s+)?(?:just\s+)?"
    r"(?:do|handle|action|take\s+care\s+of)\s+(?:it|that|this)\b)",
    re.IGNORECASE,
)


def _ordered_verb(gerund: str) -> str:
    """The verb a gerund is made of ("cancelling" -> "cancel", "escalating" -> "escalate"): of the candidate stems,
    the most frequent English word."""
    base = gerund[:-3]
    candidates = [base, f"{base}e"] + ([base[:-1]] if len(base) > 2 and base[-1] == base[-2] else [])
    frequency = english_words()
    return max(candidates, key=lambda w: frequency.get(w, 0))


@dataclass(frozen=True)
class Scope:
    """What the deployment offers and holds, as stems (`documents` as written, lower case)."""

    agent_words: frozenset[str]  # the registered agents' names, descriptions and input hints
    known: frozenset[str]  # the vocabulary's words, the agents' words, the data's names and titles
    held: frozenset[str]  # all of the above plus the schema's words and every word the deployment spells
    documents: frozenset[str]  # the knowledge base's words
    values: frozenset[str] = frozenset()  # the words of the data's values ("open", "closed")

    def foreign_action(self, request: str) -> str | None:
        """The verb of an imperative ("book me a flight", "email the list to ...") that no agent offers."""
        if ARITHMETIC.match(request):
            return "calculate"  # "what's 15% of 240": no agent works out sums, whatever passage mentions "15%"
        if READING_PHRASE.search(request):
            return None
        errand = IN_PERSON.match(request)
        if errand and stem(verb := errand.group("verb").lower()) not in _ASKED_VERBS | ACTION | self.agent_words:
            return verb  # "can you come fix my printer?": done in person, which no agent does
        made = MADE.match(request)
        if made and stem(made.group("verb").lower()) in MAKING and not self._makes(made.group("thing")):
            return made.group("verb").lower()  # "(can u help me) write an email to a customer": not an artefact
        if (
            made
            and stem(made.group("verb").lower()) in MAKING_ANY
            and set(terms(made.group("thing"))) & ARTEFACT_NOUNS
            and not DELIVERS.match(made.group("verb"))
        ):
            return None  # "prep a summary for the team lead", "whip up a memo on ...": an artefact the agents make
        if relay := RELAY.match(request):
            return relay.group("verb").lower()  # the assistant messages no one
        m = IMPERATIVE.match(request)
        record = ON_RECORD.match(request)
        quoted = ON_QUOTED.match(request)
        if record is not None and _names_record(record):
            verb, obj, after = record.group("verb").lower(), "a", ""  # done to one record: a transaction
        elif m is None and quoted is not None:
            verb, obj, after = quoted.group("verb").lower(), "the", ""  # 'translate "..."': done to the text
        elif m is None:
            named = ON_NAME.match(request)
            if named is None or request.rstrip().endswith("?"):
                return None
            verb = named.group("verb").lower()
            name = named.group("name")
            if stem(verb) in self.known or english_words().get(verb, 0) < REAL_VERB:
                return None  # a word of the deployment ("Revenue Europe 2025"), or no English verb at all
            if name.lower() in self.documents or stem(name.lower()) in self.held:
                return None  # "check Email tickets": the name is the deployment's, so the verb reads it
            obj, after = "the", ""
        else:
            verb, obj, after = m.group("verb").lower(), m.group("object").lower(), (m.group("next") or "").lower()
        if verb in STOPWORDS or verb in _NOT_ACTIONS or QUESTION_START.match(verb) or _QUESTION_WORD.match(verb):
            return None  # "whats", "hows": a question typed without its apostrophe
        if len(verb) >= GERUND_LENGTH and verb.endswith("ing"):
            if not _DO_IT.search(request):
                return None  # "shipping an order to Chile, what does it cost": a gerund names a topic, no order
            verb = _ordered_verb(verb)  # "Escalating INC-1007 to the duty manager, please do it now": "escalate"
        if verb == "remind":
            return verb if not _REMIND_ASKS.match(request) and _REMIND_SETS.search(request) else None
        if ASKS.match(verb):
            return None
        word = stem(verb)
        # Done for someone or to a quantity ("order me a pizza", "order 50 cables"), not a year ("revenue 2025").
        transaction = (
            obj in BENEFACTIVE or obj in _COUNT_WORDS or (obj[:1].isdigit() and not re.fullmatch(r"(?:19|20)\d\d", obj))
        )
        if word in MAKING and (made := MADE.match(request)) and not self._makes(made.group("thing")):
            return verb  # "write me a python function": something no agent writes
        if word in ACTION or word in _ASKED_VERBS:
            return None
        if word in _ARRANGING:
            return verb if transaction else None
        if verb in _RANKS:
            return None  # "top 5 engineers by jobs": a ranking and its size, not five of something bought
        if word in self.agent_words and not (transaction and word in self.values):
            # What an agent's description says it does ("check the open tickets"); a value of the data done to
            # something new ("open a new ticket") is no reading of it.
            return None
        if word in self.known:
            # A word of the data used as a verb ("email the list to the manager"): a transaction, or a
            # determiner right after it; "revenue the last quarter" is a noun and its period.
            as_verb = obj in _DETERMINERS and after not in _PERIOD_WORDS and not verb.endswith("s")
            return verb if transaction or as_verb else None
        # A misspelt word of the deployment's ("shwo", "anaylse") is a typo, not an action nobody does;
        # typos seldom change the first letter, so "post" is not read as "most".
        # A common English word ("assign", "close") is written as meant, even one letter from a deployment's word.
        real = english_words().get(verb, 0) >= REAL_VERB
        if not real and any(w[:1] == word[:1] and is_typo(word, w) for w in self.known | _ASKED_VERBS):
            return None
        return verb

    def _makes(self, thing: str) -> bool:
        """Whether the object of an artefact verb is an artefact the agents make or names what the deployment holds
        (its head: the words before a preposition, "an email to the customer" is an email)."""
        thing = re.split(r"\s+(?:to|for|about|on|of|with|from|in)\s+|\s+(?:to|for|about|on|of|with|from|in)$", thing)[0]
        stems = {stem(w) for w in words(thing)}
        # A word the documents mention ("email") is no artefact the agents write; the data's words are
        return bool(stems & (ARTEFACT_NOUNS | self.known | self.values))

    def documents_only(self, request: str, data: DataWords) -> list[str]:
        """The request's less common words that the documents hold and the data does not ("breaches" in "who deals
        with p3 and p4 breaches"): what is asked is then the documents' matter, whatever values it names."""
        frequency = english_words()
        return [
            w
            for w in dict.fromkeys(words(request))
            if w.isalpha()
            and len(w) > 3
            and w not in STOPWORDS
            and w in self.documents
            and stem(w) not in data.counted | data.values
            and frequency.get(w, 0) < TOPICAL_BELOW
        ]

    def unheld_name(self, request: str, history: Sequence[dict[str, str]], memory: str) -> str | None:
        """A name the question asks about ("Globex's share price", "how much did Initech make") that nothing the
        deployment, the session or memory holds, or None. Only capitalised words after the first one are names."""
        for m in _NAME.finditer(request):
            name = m.group("name")
            before = request[: m.start()].rstrip()
            if not before or before[-1] in ".?!:;" or QUESTION_START.match(name):
                continue  # a sentence's first word is capitalised anyway ("... this year? Put it in a report")
            if self.unheld(name, history, memory):
                return name
        return None

    def social_remark(self, request: str) -> list[str]:
        """The words of a social remark ("good morning!", "thanks a lot"): a few common words that ask nothing, about
        nothing the deployment holds (the answer says so and lists what the agents can do); else []."""
        plain = [w for w in words(request) if w not in STOPWORDS]
        if self.about_you(request) or self._closing(request, plain):
            return plain or ["you"]
        if self._topical(request):
            return []
        asks = "?" in request or QUESTION_START.match(request) or ASKS.match(request) or ASKS_INSIDE.search(request)
        return plain if plain and len(words(request)) <= SOCIAL_WORDS and not asks else []

    def _closing(self, request: str, plain: list[str]) -> bool:
        """Thanks or a goodbye that asks nothing ("thanks, that's all for now", "cheers, got it"): it opens with one,
        has no question mark, no topical word but its own and no word the deployment knows (D7)."""
        if not _CLOSING.match(request) or "?" in request or len(words(request)) > _ABOUT_YOU_WORDS:
            return False
        if [w for w in self._topical(request) if w not in _NOT_ACTIONS and not _CLOSING.fullmatch(w)]:
            return False
        return not any(stem(w) in self.known or w in self.values for w in plain if not _CLOSING.fullmatch(w))

    def about_you(self, request: str) -> bool:
        """A short question about the assistant itself ("how's your day going?", "what can you do?"): addressed to
        it, no topical word but a greeting, and no word the deployment knows, so nothing to look up (D7)."""
        if not _TO_YOU.search(request) or len(words(request)) > _ABOUT_YOU_WORDS or _ABOUT_ME.search(request):
            return False  # "what did I tell you?" is about what the user said: memory answers it
        plain = [w for w in words(request) if w not in STOPWORDS]
        if [w for w in self._topical(request) if w not in _NOT_ACTIONS]:
            return False
        return not any(stem(w) in self.known or w in self.values or stem(w) in self.values for w in plain)

    def unheld(self, request: str, history: Sequence[dict[str, str]], memory: str) -> list[str]:
        """The topical words of a question when none of them is held by the deployment, the session or memory."""
        topical = self._topical(request)
        if not topical:
            return []
        around = {stem(w) for w in words(" ".join([memory, *(t.get("content", "") for t in history)]))}
        held = self.held | around
        if any(w in self.documents or stem(w) in held for w in topical):
            return []
        # A code the deployment holds ("if a p1 misses its deadline ..."): the question is about something it has.
        codes = [w for w in words(request) if re.fullmatch(r"(?=.*\d)(?=.*[a-z])[a-z0-9-]+", w)]
        if any(w in self.documents or stem(w) in held or stem(w.rstrip("s")) in held for w in codes):
            return []
        return topical

    def unheld_head(self, request: str, history: Sequence[dict[str, str]], memory: str) -> list[str]:
        """The head of what a wh-question asks for ("what's the population of Brazil", "what will the weather be like
        in Portland") when the deployment holds nothing on it, though it holds the place or thing it is asked of
        (a noun phrase ends on its head: the last topical word before the first preposition), else what it is asked
        of when nothing holds that ("the capital of australia"); else [], also when memory or the session mentions
        any of its words."""
        m = _ASKED_HEAD.match(request)
        if m is None:
            return []
        around = {stem(w) for w in words(" ".join([memory, *(t.get("content", "") for t in history)]))}
        if any(stem(w) in around for w in self._topical(request)):
            return []  # "I fly to Oslo" told before: the question may be about what the user said
        head = [w for w in self._topical(m.group("phrase")) if w not in _FIGURE_HEADS]  # "the gap in tickets": tickets
        if head and (unheld := self.unheld(head[-1], history, memory)):
            return unheld
        # "what's the capital of australia": a thing the deployment holds ("capital"), asked of one it does not.
        return self.unheld(m.group("object"), history, memory)

    @staticmethod
    def _topical(request: str) -> list[str]:
        """The request's less common words: what it is about, if anything."""
        frequency = english_words()
        return [
            w
            for w in dict.fromkeys(words(request))
            if len(w) > 2
            and w.isalpha()
            and w not in STOPWORDS
            and w not in _CALENDAR
            and not _QUESTION_WORD.match(w)
            and frequency.get(w, 0) < TOPICAL_BELOW
        ]


# A figure asked of something ("the gap in tickets between A and B", "the ratio of X to Y"): the something is the topic
_FIGURE_HEADS = frozenset("gap gaps difference differences ratio split breakdown mix spread share proportion".split())
# "what's the population of ...", "what will the weather be like in ...": a wh-word, a determiner, then the phrase asked
# for, up to its first preposition.
_ASKED_HEAD = re.compile(
    r"^\s*(?:what|whats|what's|who|who's|whos)(?:\s+(?:is|are|was|were|will|would))?\s+(?:the|a|an)\s+"
    r"(?P<phrase>(?:[a-z'-]+\s+){0,4}?[a-z'-]+)\s+(?:of|in|for|at|on|about|from)\s+(?P<object>[^?.!,;]+)",
    re.IGNORECASE,
)


def _names_record(m: re.Match[str]) -> bool:
    """Whether an `ON_RECORD` match names one record: an identifier with letters ("INC-1007", "#5521"), or a
    number of three digits or more after a noun ("order 1234") that is not a year."""
    record = m.group("record")
    if not record[:1].isdigit():
        return True
    return m.group("noun") is not None and not re.fullmatch(r"(?:19|20)\d\d", record)
