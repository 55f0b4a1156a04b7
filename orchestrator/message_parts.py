"""A message that tells and asks in one ("we moved to Teams. how many tickets are open?", "chloe is off today, which
of her tickets are still open"): its parts, so the offline classifier answers the part that asks instead of storing
the whole message as news or planning the told words. English punctuation and sentence shapes only; no domain words.

- `message_parts`: the sentences of a message, and a question spliced on after a comma, in order.
- `refers_back`: whether a part leans on an earlier one ("her tickets", "is that enough"), so it cannot stand alone.
- `named_for`: a possessive pronoun read as the name the told part opens with ("her tickets" -> "chloe's tickets").
- `asked_part`: the decision for the part that asks, when the others tell.
- `clauses` / `asked_beside`: a request joined to an errand or a greeting ("book me a room and tell me ...", "hiya -
  how many ..."): the part an agent can do is answered, the errand named as set aside.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal

from cognicore.memory.text import terms, words
from cognicore.orchestrator._followup_periods import names_time
from cognicore.orchestrator._intent_words import CLAUSE_MARK
from cognicore.orchestrator.context_restricts import context_restricts, restricting_word, tells, told_restricts
from cognicore.orchestrator.intent_decision import IntentDecision
from cognicore.orchestrator.scope import ASKS, IMPERATIVE
from cognicore.orchestrator.telling import ASKS_INVERTED, WANTS, is_question

__all__ = [
    "Aside",
    "after_context",
    "asked_beside",
    "asked_part",
    "asks_by_form",
    "clauses",
    "message_parts",
    "named_for",
    "refers_back",
]

MIN_ASKED_WORDS = 2  # "ok?", "thoughts?" check in on what was told; they ask nothing of their own
MIN_ALONE_WORDS = 3  # "why?" after news asks about that news: too short to stand alone
MAX_LEAD_IN_WORDS = 6  # "units-wise, ...", "in terms of order count, ...": a topic for the question before a comma

# The end of a sentence: ".", "!" or "?" and a space, or a line break.
_SENTENCE_END = re.compile(r"[.!?]+\s+(?=\S)|\s*\n+\s*")
# Words after which a full stop ends an abbreviation, not a sentence ("e.g. the P1s", "vs. last year").
_ABBREVIATIONS = frozenset("e.g i.e etc vs approx mr mrs ms dr st no nr fig cf".split())
# A question spliced on after a comma, a semicolon, a spaced dash or a colon: a wh-word that can only open a question
# there ("how many", "what is", "which of", "which tickets are"); "..., which is great" is a relative clause and stays
# with its sentence.
_ASKED_CLAUSE = re.compile(
    rf"\s*{CLAUSE_MARK}\s*(?:so\s+|and\s+|but\s+|then\s+)?"
    r"(?=(?:how\s+(?:many|much|long|often|come|big|large|far|old|soon|fast|quick|quickly|late|early|frequently)|"
    r"(?:what|when|where|why|how)(?:'s|\s+(?:is|are|was|were|do|does|did|has|have|had|will|would|can|could|should|"
    r"must|may|might|shall))|"
    r"(?:which|who)\s+of|which\s+[\w-]+\s+(?:is|are|was|were|do|does|did|has|have|had|will|can)|"
    r"(?:which|who)\s+(?:do|does|did|should|can|will)\s)\b)",
    re.IGNORECASE,
)
# After a colon, a yes/no question or an order opens what is asked too ("the duty lead is asking: are any P1s
# open?", "one thing from my manager: list the overdue ones"). A bare "any" asks only when its sentence ends in a
# question mark ("quick one: any P1s open?"); "Reminder: any discount above 20% needs my sign-off." tells a rule. So
# does a wh-word ("Before the stand-up: which X still have Y, and how many each?"): the lead-in is a part of its own.
_ASKED_AFTER_COLON = re.compile(
    r":\s+(?=(?:are|is|was|were|do|does|did|has|have|can|could|will|would)\s|(?:any|which|what|who|how)\s[^.!?:]*\?|"
    r"(?:please\s+)?(?:list|show|give|tell|find|get|count|pull\s+up|send)\s)",
    re.IGNORECASE,
)
# An order spliced on after a told clause ("I'm bored, tell me a joke", "we moved offices, could you book a taxi"): a
# verb of giving or telling with "me"/"us", or "can you"; only after a clause with a subject of its own, so "from now
# on, show me ..." stays one standing instruction.
_ORDER_CLAUSE = re.compile(
    r"\s*[,;]\s*(?:so\s+|and\s+|but\s+|then\s+)?(?=(?:please\s+)?(?:(?:tell|show|give|send|get|find|bring|read|sing|"
    r"write|make|book|order)\s+(?:me|us)|(?:can|could|would|will)\s+you)\s)",
    re.IGNORECASE,
)
_SUBJECT = re.compile(r"\b(?:i|i'm|im|we|we're|we've|it's|they|they're|he|she|he's|she's)\b", re.IGNORECASE)
# A short lead-in that opens a message and ends at a colon or a spaced dash: a purpose or a time ("For the board deck -
# ", "Before the stand-up: ", "Need this for the exec summary: "), a greeting, an apology, "quick one", "context:".
_LEAD_IN = re.compile(
    r"^\s*(?P<lead>(?i:for|before|after|ahead\s+of|by|until|context|background|need\s+(?:this|it)|quick\s+(?:one|q|"
    r"question)|one\s+(?:more|thing)|sorry|apologies|hi|hey|hello|morning|afternoon|good\s+(?:morning|afternoon|evening)|"
    rf"thanks)\b(?:\s+[\w'&/.()-]+){{0,{MAX_LEAD_IN_WORDS - 1}}}?"
    # "Quick one (sorry!): ...": an aside in brackets closes the lead-in too
    r"(?:\s*\([^()]{0,40}\))?)\s*(?::|\s[-\u2013\u2014]+)\s+(?=\S)"
)
# Words that set aside what was said before them ("Anyway:", "That said,", "Back to business -").
_SET_ASIDE = re.compile(
    r"^\W*(?:anyway|anyhow|regardless|that\s+said|in\s+any\s+case|either\s+way|moving\s+on|back\s+to\s+\w+)\W*$", re.I
)
_FIGURE_WORDS = frozenset(terms("average mean median typical"))  # "On average, how many ...": the figure's own kind
# A question that counts what the part before it names, with no noun of its own ("and how many each?", "how many in
# total?"): cut from that part, it would count every row.
_ELLIPTIC = re.compile(
    r"^\W*(?:and\s+)?how\s+(?:many|much)(?:\s+(?:each|apiece|in\s+total|altogether|overall|of\s+them))?\W*$",
    re.IGNORECASE,
)
# Words that point back at something said before them in the message.
_BACK = re.compile(r"\b(?:he|she|they|him|them|it|that|this|those|these|his|her|their|its|theirs|hers)\b", re.I)
_POSSESSIVE = re.compile(r"\b(?:his|her|their)\b", re.IGNORECASE)
# A noun the part names itself: a word after an article or a number ("a P2 ticket", "the orders", "3 laptops").
_NOUN_BEFORE = re.compile(r"\b(?:a|an|the|each|every|any|our|\d+)\s+[\w-]+", re.IGNORECASE)
_OBJECT = re.compile(r"\b(?:him|them|he|she)\b", re.IGNORECASE)  # "how many does she have": the one named before


def message_parts(text: str) -> list[str]:
    """The sentences of `text`, each question spliced on after a comma split off too; one part for a plain message."""
    sentences: list[str] = []
    start = 0
    for end in _SENTENCE_END.finditer(text):
        before = text[start : end.start()].split()
        last = before[-1].lower().rstrip(".") if before else ""
        if end.group(0).lstrip().startswith(".") and (last in _ABBREVIATIONS or len(last) == 1):
            continue  # "e.g. ...", "J. Smith": not the end of a sentence
        sentences.append(text[start : end.end()])
        start = end.end()
    sentences.append(text[start:])
    if (lead := _LEAD_IN.match(sentences[0])) is not None:
        # "For the board deck - total revenue for 2025", "Need this for the exec summary: revenue by category": a short
        # lead-in before a colon or a spaced dash is a part of its own, whatever follows it
        sentences[:1] = [lead.group("lead"), sentences[0][lead.end() :]]
    parts = [p for s in sentences for c in _ASKED_AFTER_COLON.split(s) for p in _asked_clauses(c)]
    parts = [q for p in parts for q in _ordered(p)]
    return [p.strip() for p in parts if p and p.strip(" .!?,;")]


# A leading condition of a question about the asker ("If I move to nights, what time do I start?", "when Ana is off,
# who covers for me?"): a subordinate clause that may change the answer, no sentence that tells; "when is ..." asks.
_CONDITION_LEAD = re.compile(
    r"^\W*(?:(?:and|but|so)\s+)?(?:if|unless|suppose|supposing|assuming|say|imagine|let'?s\s+say|what\s+if|in\s+case|once|"
    r"when(?:ever)?(?!\s+(?:is|are|was|were|do|does|did|will|would|can|could|should|has|have|had)\b))\b",
    re.IGNORECASE,
)


_ASKER = re.compile(r"\b(?:i|i'm|i'd|me|my|mine|we|we're|us|our)\b", re.IGNORECASE)


def _asked_clauses(chunk: str) -> list[str]:
    """`chunk` split before each question spliced on after a comma, a leading condition kept with its question when
    that asks about the asker (what memory answers, for which the condition may change what holds)."""
    m = _ASKED_CLAUSE.search(chunk)
    if m is None or not _CONDITION_LEAD.match(chunk[: m.start()]) or not _ASKER.search(chunk[m.end() :]):
        return _ASKED_CLAUSE.split(chunk)
    rest = _ASKED_CLAUSE.split(chunk[m.end() :])
    return [chunk[: m.end()] + rest[0], *rest[1:]]


def _ordered(part: str) -> list[str]:
    """`part` split before an order spliced on after a told clause with a subject of its own; else `[part]`."""
    m = _ORDER_CLAUSE.search(part)
    return [part[: m.start()], part[m.end() :]] if m and _SUBJECT.search(part[: m.start()]) else [part]


def refers_back(part: str) -> bool:
    """Whether `part` leans on something said before it (a pronoun or a demonstrative); "its"/"their" after a noun of
    the part itself ("how fast must a P2 ticket get its first response") point at that noun, not back."""
    for m in _BACK.finditer(part):
        if m.group(0).lower() not in ("its", "their") or not _NOUN_BEFORE.search(part[: m.start()]):
            return True
    return False


def named_for(part: str, name: str) -> str:
    """`part` with its third-person pronouns read as `name` ("which of her tickets" -> "which of chloe's tickets")."""
    return _OBJECT.sub(name, _POSSESSIVE.sub(f"{name}'s", part))


def asked_part(
    request: str,
    read: Callable[[str], IntentDecision],
    *,
    names: frozenset[str] = frozenset(),
    topics: frozenset[str] = frozenset(),
) -> IntentDecision | None:
    """The decision for a message whose parts tell and ask ("Theo's back from leave. what was partner revenue in
    2025"): the asking parts, read alone by `read` (the classifier's rules), are what is answered, with the told
    parts left out of the request; a question that leans on the told part ("is that enough?") is asked with it.
    Without a told part, the question after context that asks nothing ("The duty lead is asking: are any P1s open?")
    is what is answered (`after_context`). None when the message is one part, or asks nothing. `names` are the
    data's value words: a told part that opens with one gives it to the question's "his"/"her"/"their"; `topics` the
    words of its tables and columns, which a short lead-in gives to the question ("units-wise, how did X do?"). None
    too when a part before the question may narrow it (`told_restricts`: "For this pack, Europe is the only region
    that matters.", "We are auditing last week's work - ..."): the whole message is read."""
    parts = message_parts(request)
    if len(parts) < 2:
        return None
    readings = [(part, read(part)) for part in parts]
    told = [part for part, decision in readings if decision.intent == "statement"]
    asked = [part for part, decision in readings if decision.intent != "statement" and _asks(part, decision)]
    if not asked:
        return None
    if not told:
        return after_context(request, parts, read, names=names, topics=topics)
    if any(asks_by_form(part) for part in asked):
        # "... the dedup rollout slipped, so the pack slipped too. So: how many orders ...?": a part read as data
        # words but asking nothing by its shape is more background when another part asks, if it tells something and
        # narrows nothing; "P1 tickets only.", "Open tickets by component." filter or ask: they are asked too.
        aside = [part for part in asked if not asks_by_form(part)]
        if not any(restricting_word(part, names | topics) or not tells(part, names | topics) for part in aside):
            asked = [part for part in asked if asks_by_form(part)]
    question = _kept_span(request, parts, [part in asked for part in parts]) or " ".join(asked)
    opener = words(told[0])[:1]
    leans = _leans(parts, asked)
    if leans and opener and set(terms(opener[0])) and set(terms(opener[0])) <= names:
        question = named_for(question, opener[0])  # "chloe is off today, which of her tickets ..."
        leans = refers_back(question)
    # Remembered as told (`remember`); a long background is no fact to keep, a part asking by its verb none at all.
    said = " ".join(part for part in told if not ASKS_INVERTED.search(part))
    inner = read(question).model_copy(update={"told_part": said if len(said) <= LONG_CONTEXT else ""})
    if leans or len(words(question)) < MIN_ALONE_WORDS or names_nothing(question):
        reason = f"{inner.reason}; it asks about what it tells first ({told[0]!r}), so the whole message is asked"
        return inner.model_copy(update={"reason": reason, "resolved_request": ""})
    first = parts.index(asked[0])
    # "Europe did well last year, I hear. Anyway: what was ...?": what comes before "anyway" is set aside by the user
    after = max((i + 1 for i, part in enumerate(parts[:first]) if _SET_ASIDE.match(part)), default=0)
    if any(told_restricts(part, question, names=names) for part in parts[after:first]):
        return None  # "For this pack, Europe is the only region that matters. ...": it may be the question's filter
    reason = f"{inner.reason}; the rest tells something ({told[0]!r}), the question is what is answered"
    return _noted_cut(inner.model_copy(update={"reason": reason, "resolved_request": question}), request)


def _leans(parts: list[str], asked: list[str]) -> bool:
    """Whether the asked parts lean on a told one: the first of them when they close the message ("are any P1s late?
    List them.": "them" is asked too), else any of them."""
    if asked == parts[len(parts) - len(asked) :]:
        return refers_back(asked[0])
    return refers_back(" ".join(asked))


def after_context(
    request: str,
    parts: list[str],
    read: Callable[[str], IntentDecision],
    *,
    names: frozenset[str] = frozenset(),
    topics: frozenset[str] = frozenset(),
) -> IntentDecision | None:
    """The decision for a message whose last parts ask after parts that ask nothing ("I'm doing the slides for
    Monday. Which region sold most in 2025?", "The duty lead is asking: are any P1s open?"): the asking parts, read
    alone, are what is answered. None when a part before them names a value of the data (`names`) or a period the
    question does not (it may be the question's filter: "I'm looking at Europe. What was revenue?"), a short lead-in
    names a table or column word (`topics`) the question does not (its measure: "In terms of order count, how did
    retail do?"), a part says a restricting word or asks for data of its own (`context_restricts`: "Excluding
    returns: how many orders ...?", "Revenue by region. How many orders ...?"), or when the question leans on them or
    names nothing of its own."""
    # "Need this for the exec summary: revenue by category in 2025": after a lead-in, a request need not ask by form
    first = next((i for i, part in enumerate(parts) if asks_by_form(part)), 1 if _LEAD_IN.match(request) else 0)
    context, asked = parts[:first], parts[first:]
    after = max((i + 1 for i, part in enumerate(context) if _SET_ASIDE.match(part)), default=0)
    context = context[after:] or context[-1:]  # what "anyway" sets aside narrows nothing
    question = _kept_span(request, parts, [i >= first for i in range(len(parts))]) or " ".join(asked)
    if not context or refers_back(asked[0]) or names_nothing(question) or len(words(question)) < MIN_ALONE_WORDS:
        return None
    if _ELLIPTIC.match(asked[0]):
        return None  # "..., and how many each?" counts what the part before it names: that part is no context
    before = " ".join(context)
    short = len(context) == 1 and len(words(before)) <= MAX_LEAD_IN_WORDS
    lead_in = topics | _FIGURE_WORDS if short and request.strip()[len(before) :].startswith(",") else frozenset()
    if set(terms(before)) & (names | lead_in) - set(terms(question)):
        return None
    if names_time(before) and not names_time(question):
        return None  # "the quarter before last, how much revenue did we make?": the period is the question's
    if any(context_restricts(part, question, names=names, topics=topics) for part in context):
        return None  # "Excluding returns and cancellations: how many orders ...?", "P1 tickets only. How many ...?"
    inner = read(question)
    if inner.intent == "statement" or inner.out_of_scope:
        return None
    reason = f"{inner.reason}; what comes first is context ({context[0]!r}), the question after it is what is answered"
    return _noted_cut(inner.model_copy(update={"reason": reason, "resolved_request": question}), request)


def asks_by_form(part: str) -> bool:
    """Whether a part asks by its shape: a question, an order ("list them"), or a wish ("I need ...", "please ...")."""
    return is_question(part) or bool(ASKS.match(part) or WANTS.search(part) or IMPERATIVE.match(part))


# Background longer than this, set aside before a question, is named in the answer: the user may have put a condition
# in it that the rules did not read.
LONG_CONTEXT = 400


def _noted_cut(decision: IntentDecision, request: str) -> IntentDecision:
    """`decision` with a note for the answer when what it answers leaves a long background of `request` aside."""
    left = len(request) - len(decision.resolved_request)
    if left <= LONG_CONTEXT:
        return decision
    note = (
        f"only what you asked ({decision.resolved_request.strip()!r}), setting aside the {left:,} characters "
        "around it as background"
    )
    return decision.model_copy(update={"read_as": [*decision.read_as, note]})


# Words of a question about the situation just told, which names nothing of its own ("what should I do?", "what
# happens next?", "who do I tell?", "what are my options?"): stems, as `terms` gives them.
_SITUATION = frozenset(
    terms(
        "do happen happens next now then tell contact call ask go option options step steps handle expect "
        "recommend suggest advise advice best right way"
    )
)


def names_nothing(question: str) -> bool:
    """Whether `question` asks about the situation told before it, naming nothing of its own ("what should I do?",
    "A P4 ticket has had no answer for 80 hours. What happens next?"): cut from it, it asks nothing."""
    return set(terms(question)) <= _SITUATION


def _asks(part: str, decision: IntentDecision) -> bool:
    """Whether a part asks for something of its own: a question, a request, or data to fetch; "thanks!" does not."""
    if len(words(part)) < MIN_ASKED_WORDS:
        return False
    return decision.intent == "task" or is_question(part) or bool(ASKS.match(part) or WANTS.search(part))


# Where one message joins two requests without a sentence break: a spaced dash ("hiya - how many ..."), a semicolon,
# "and" before an order to tell or show ("book a room for 3pm and tell me ..."), a comma before "also", and a colon
# before a question ("quick q: how many ...").
_JOINS = re.compile(
    r"\s+[-\u2013\u2014]+\s+|\s*;\s*|,?\s+and\s+(?=(?:please\s+)?(?:tell|show|give|get|find|list)\s+(?:me|us)\b)|"
    r",\s*(?=(?:and\s+)?also\b)|:\s+(?=(?:how|what|which|who|when|where|why|is|are|do|does|did|can|could)\b)",
    re.IGNORECASE,
)
# Connectives that open a joined clause and say nothing of it ("also what was ...", "and also, how many ...").
_CONNECTIVE = re.compile(r"^\s*(?:(?:and|also|but|then|so|plus|meanwhile)\b[\s,]*)+", re.IGNORECASE)

Aside = Literal["quiet", "named"]  # a greeting passed over in silence; an errand the answer names as set aside


def clauses(text: str) -> list[str]:
    """The parts of `text` (`message_parts`), each split again where it joins two requests without a sentence break,
    with the connective opening a part dropped ("and also, how many ..." -> "how many ...")."""
    split = [c for part in message_parts(text) for c in _JOINS.split(part)]
    return [c for c in (_CONNECTIVE.sub("", c).strip() for c in split) if c.strip(" .!?,;:")]


def asked_beside(
    request: str, read: Callable[[str], IntentDecision], aside: Callable[[str, IntentDecision], Aside | None]
) -> IntentDecision | None:
    """The decision for a message that joins what an agent can do to an errand or a greeting ("set a reminder for
    5pm, and how many email tickets are open?", "hiya - how many tickets are unassigned?"): the other parts, read
    alone by `read`, are what is planned, and each part `aside` names is listed in `set_aside` for the answer to say
    it was not done. None when no part is set aside, none is left, a part leans on another, or what is left is no
    task (a documents question is searched whole)."""
    parts = clauses(request)
    if len(parts) < 2:
        return None
    readings = [(part, read(part)) for part in parts]
    kinds = [aside(part, decision) for part, decision in readings]
    first = kinds.index(None) if None in kinds else len(kinds)
    if "quiet" in kinds[first:]:
        return None  # a greeting or preface opens a message; "revenue by region - excluding returns" is one request
    kept = [part for (part, _), kind in zip(readings, kinds, strict=True) if kind is None]
    passed = [part for (part, _), kind in zip(readings, kinds, strict=True) if kind is not None]
    if not kept or not passed or refers_back(" ".join(parts)):
        return None  # "which VPN client do we use, and where can I download it": one request
    question = _kept_span(request, parts, [kind is None for kind in kinds]) or " ".join(kept)
    inner = read(question)
    if inner.out_of_scope or inner.changes_data or names_nothing(question):
        return None
    if inner.intent != "task" and not _refused_for(request, read, readings, kinds):
        return None  # a question of the documents is searched whole: a passage on half of it answers nothing
    named = [part for (part, _), kind in zip(readings, kinds, strict=True) if kind == "named"]
    left = f"; set aside {', '.join(repr(p) for p in named)}" if named else ""
    reason = f"{inner.reason}; the part an agent can do is answered{left}"
    return inner.model_copy(update={"reason": reason, "resolved_request": question, "set_aside": named})


def _kept_span(request: str, parts: list[str], kept: list[bool]) -> str:
    """The kept parts as the user wrote them, when they follow one another ("Before the stand-up: which components
    have open tickets, and how many each?" keeps "which components have open tickets, and how many each?"): joined
    by spaces they lost the ", and" that makes the second part ask about the first one's rows ("... tickets how many
    each?" was read as one count over all the data). "" when the parts cannot be found in order or are not one run."""
    spans: list[tuple[int, int]] = []
    at = 0
    for part in parts:
        start = request.find(part, at)
        if start < 0:
            return ""
        spans.append((start, start + len(part)))
        at = start + len(part)
    runs = [i for i, keep in enumerate(kept) if keep]
    if not runs or runs != list(range(runs[0], runs[-1] + 1)):
        return ""
    return request[spans[runs[0]][0] : spans[runs[-1]][1]].strip()


def _refused_for(
    request: str,
    read: Callable[[str], IntentDecision],
    readings: list[tuple[str, IntentDecision]],
    kinds: list[Aside | None],
) -> bool:
    """Whether the whole message would be refused only for an errand beside it ("can you come fix my laptop - how do
    I reset my password?"): then its documents question is answered alone, the errand set aside, never refused."""
    whole = read(request)
    errands = [d for (_, d), kind in zip(readings, kinds, strict=True) if kind == "named" and d.out_of_scope]
    return bool(errands) and whole.out_of_scope and not whole.changes_data
