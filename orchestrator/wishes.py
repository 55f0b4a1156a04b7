"""A wish passed on, read from its structure: a third person's ("my manager wants the 2025 order count") or the
speaker's own ("I want to see the P2s"), and whether what is wanted names one thing or one period, which decides
whether it is a request now, news, or neither. English sentence shapes only; split from `mood` by job.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from cognicore.memory.text import words
from cognicore.orchestrator.intent_decision import IntentDecision
from cognicore.orchestrator.mood import MONTH, SEEKING, SPEAKER_IS, UNIT
from cognicore.subagents._question_asked import ASKING_VERB

__all__ = [
    "OnBehalf",
    "asked_whether",
    "later_wish",
    "names_a_time",
    "names_one_thing",
    "on_behalf",
    "own_wish",
    "passed_on",
    "renamed",
    "reported_question",
]


@dataclass(frozen=True, slots=True)
class OnBehalf:
    """A third person's wish passed on: who wants it, what they want, and whether it asks outright ("to know ...",
    "asked me to pull ...") rather than naming a thing they want."""

    who: str
    what: str
    embedded: bool
    # "asked for ...": told as news when it says when ("last week"), else it may be a request handed on.
    past: bool = False
    # The speaker wants rows shown ("I want to see the closed P3s", "help me find the unassigned tickets"): asked as
    # "show ...", the verb the data's reader lists rows for (a bare noun phrase may be read as a count).
    shown: bool = False


# "my manager wants the enterprise order count for 2025", "Ben asked me to find out how many tickets are open".
_ON_BEHALF = re.compile(
    r"^\s*(?P<who>(?:(?:my|our|the|a)\s+)?(?:[\w'-]+\s+){0,2}?[\w'-]+)\s+(?:(?:really|also|just|urgently|still)\s+)?"
    # Present wishes pass a request on; a past one ("sam asked for the numbers last week") is news, unless it hands
    # the speaker a task ("Ben asked me to pull ...", "she wanted to know ...").
    r"(?:(?:wants|needs|would\s+like|'d\s+like|asked|wanted|needed)\s+"
    r"(?P<embedded>(?:(?:me|us)\s+)?to\s+(?:know|see|find\s+out|check|understand|hear)\s+)|"
    r"(?:wants|needs|would\s+like|'d\s+like|has\s+asked\s+(?:me\s+)?for|is\s+asking\s+(?:me\s+)?for|is\s+after|"
    r"expects)\s+(?P<handed>(?:me|us)\s+to\s+(?:send|get|pull|find|check|look\s+up|dig\s+up|share)\s+)?|"
    r"(?:asked|requested|wanted|needed)\s+(?P<handed_before>(?:me|us)\s+to\s+(?:send|get|pull|find|check|look\s+up|"
    r"dig\s+up|share)\s+)|"
    # "my boss asked for the top products": a past wish, news or a request handed on (see `OnBehalf.past`).
    r"(?P<past>asked\s+(?:me\s+|us\s+)?for|requested)\s+)"
    r"(?P<what>\S.*)$",
    re.IGNORECASE,
)
_SPEAKER = frozenset("i we you i'm im we're you're they he she it someone nobody everyone what which who how".split())


# "the list of unassigned tickets": the rows themselves, asked with the verb the data's reader knows ("list ...").
_LIST_OF = re.compile(r"^\s*(?:the|a)\s+(?:full\s+|complete\s+|whole\s+)?list\s+of\s+(?=\S)", re.IGNORECASE)


def _wanted(what: str) -> str:
    """What is wanted, a list of rows asked as one ("the list of closed tickets" -> "list closed tickets")."""
    return _LIST_OF.sub("list ", what.strip(), count=1)


def on_behalf(text: str) -> OnBehalf | None:
    """Someone else's wish, passed on by the speaker ("my lead wants to know how many tickets are open"), else None."""
    match = _ON_BEHALF.match(text)
    if match is None:
        return None
    who = match.group("who")
    if set(words(who)) & _SPEAKER:
        return None
    # "to know ..." asks; "asked me to pull ..." hands the speaker a task: either way a request, whatever its period.
    asked = any(match.group(g) for g in ("embedded", "handed", "handed_before"))
    return OnBehalf(who=who, what=match.group("what").strip(), embedded=asked, past=match.group("past") is not None)


# "I want to see the P2s", "we'd like to know how many ...", "lemme see the open tickets": the speaker's own wish to
# be shown or told something; what follows is the request.
_OWN_WISH = re.compile(
    # "I'd like the list of closed tickets": a thing the speaker would like, named with its article
    r"^\s*(?:(?:i|we)(?:'d|\s+would)\s+(?:like|love)\s+(?P<thing>(?:the|a|an)\s+\S.*)$|"
    r"(?:(?:(?:i|we)\s+)?(?:really\s+|just\s+|also\s+)?(?:want|need|wanna|'d\s+like|would\s+like|'d\s+love|"
    r"would\s+love)\s+(?:to\s+)?|lemme\s+|let\s+me\s+|"
    # "would be great to see the order count by segment": the wish said impersonally
    r"(?:(?:can|could|would|will)\s+you\s+)?help\s+(?:me|us)\s+(?:to\s+)?|"  # "help me find the unassigned tickets"
    r"(?:(?:it|that)(?:\s+|(?=')))?(?:would|'d)\s+be\s+(?:really\s+|super\s+|very\s+)?(?:great|good|nice|helpful|"
    r"useful|handy|ideal|"
    r"awesome|lovely|cool|brilliant)\s+(?:to\s+|if\s+(?:i|we)\s+could\s+)|"
    # "I'm trying to find tickets without an assignee": what the speaker is after
    rf"{SPEAKER_IS}\s+(?:just\s+)?{SEEKING}\s+to\s+)"
    r"(?P<verb>see|know|find\s+out|find|look\s+at|check|get|have|work\s+out|figure\s+out|pull)\s+(?P<what>\S.*)$)",
    re.IGNORECASE,
)


def own_wish(text: str) -> OnBehalf | None:
    """The speaker's own wish to be shown or told something ("I want to see the P2s"), as a request passed on."""
    match = _OWN_WISH.match(text)
    if match is None:
        return None
    what = _wanted(match.group("thing") or match.group("what"))
    verb = (match.group("verb") or "").lower()
    shown = verb in _SHOWING and _ROWS.match(what) is not None
    return OnBehalf(who="you", what=what, embedded=True, shown=shown)


_SHOWING = frozenset({"see", "find", "look at", "check", "get", "have", "pull"})
_ROWS = re.compile(r"^\s*(?:the|all|all\s+the|every|any)\s+\S", re.IGNORECASE)


# "The caller asked if a P3 breach goes to the duty manager", "he wondered whether his account unlocks on its own":
# a yes/no question someone asked, about a thing (not about a person: "she asked if I could cover Friday" is news).
_REPORTED = re.compile(
    r"^\s*(?:(?:my|our|the|a|an)\s+)?(?:[\w'-]+\s+){0,2}?[\w'-]+\s+(?:just\s+|also\s+)?(?:is\s+|was\s+)?"
    rf"{ASKING_VERB}\s+(?:(?:me|us)\s+)?(?:if|whether)\s+"
    r"(?!(?:i|we|you|he|she|they|it|me|us|him|her|them|someone|somebody|anyone)\b)(?P<clause>[^?]{6,}?)[.?!]*\s*$",
    re.IGNORECASE,
)


def reported_question(text: str) -> str | None:
    """The yes/no question about a thing that someone else asked (`_REPORTED`), as a question to answer, or None."""
    match = _REPORTED.match(text)
    if match is None or words(text)[0] in ("i", "we"):
        return None  # "I asked whether the gateway was patched": the speaker's own story
    return f"{match.group('clause').strip()}?"


def passed_on(behalf: OnBehalf, read: Callable[[str], IntentDecision]) -> IntentDecision | None:
    """Someone else's wish passed on: asked when it is to know something or a figure for one period, unsure when it
    names data but no period (a standing wish to remember, or a request now?), else None and read as told. `read` is
    the classifier's rules, asked about what is wanted."""
    inner = read(behalf.what)
    if inner.out_of_scope or inner.changes_data or inner.intent == "statement":
        return None
    wanted = f"{behalf.who} {'asked for' if behalf.past else 'wants'} {behalf.what}"
    if behalf.past and names_a_time(behalf.what):
        return None  # "sam asked for the job numbers last week": news of what happened, told
    # "my director needs the open tickets by component": one thing, wanted now; a kind with no period ("wants
    # revenue by channel") may be a standing wish, and a past one without its time may be news.
    named = names_a_time(behalf.what) or names_one_thing(behalf.what)
    if behalf.embedded or (named and not behalf.past):
        asker = "" if behalf.who == "you" else f", for {behalf.who},"
        reason = f"asks{asker} {behalf.what!r} ({inner.reason})"
        asked = f"show {behalf.what}" if behalf.shown else behalf.what
        return inner.model_copy(update={"resolved_request": asked, "reason": reason})
    if inner.intent != "task":
        return None
    reason = (
        f"it says that {wanted}, and I could not tell whether you want me to remember that or to look it up now; "
        f"say 'remember that ...' to have it noted, or ask for it directly (e.g. with the period you need)"
    )
    return IntentDecision(intent="task", reason=reason, confidence=0.3, resolved_request=behalf.what)


# A time that makes a wish one request rather than a habit: a year, a quarter, a month, "last week", "today".
_DEFINITE = re.compile(r"^\s*(?:the|a|an|this|that)\s", re.IGNORECASE)


def names_one_thing(text: str) -> bool:
    """Whether `text` names one thing with its article ("the open tickets by component"), not a kind ("revenue by
    channel", which may be a standing wish)."""
    return _DEFINITE.match(text) is not None


_A_TIME = re.compile(
    rf"\b(?:(?:19|20)\d\d|q[1-4]|(?!may\b){MONTH}|in\s+may|today|yesterday|tomorrow|(?:last|this|previous|next|past)\s+{UNIT}|"
    r"so\s+far|to\s+date|ytd|mtd)\b",
    re.IGNORECASE,
)


def names_a_time(text: str) -> bool:
    """Whether `text` names one period or day ("for 2025", "last quarter", "today")."""
    return _A_TIME.search(text) is not None


# A yes/no question embedded in a wonder or a request to check ("wondering if any printer tickets are still open", "can
# you check whether ben has anything in progress"): the clause after "if"/"whether" is what is asked.
_WHETHER = re.compile(
    r"^\s*(?:(?:hi|hey|so|ok(?:ay)?|hmm+)[,!\s]+)?(?:(?:i\s+)?(?:was\s+|am\s+|'m\s+)?(?:just\s+)?wonder(?:ing)?|"
    r"(?:i'?m\s+|im\s+)?(?:just\s+)?curious|(?:do\s+you|does\s+anyone)\s+know|any\s+idea|(?:i\s+)?need\s+to\s+know|"
    r"(?:i'?d|i\s+would|we'?d|we\s+would)\s+(?:like|love)\s+to\s+know|(?:i'?m\s+|im\s+)?not\s+sure|"
    r"(?:(?:can|could)\s+you\s+|please\s+|pls\s+)?(?:check|find\s+out|see|tell\s+me|let\s+me\s+know))"
    r"\s+(?:if|whether)\s+(?P<clause>.+?)\s*[?.!]*\s*$",
    re.IGNORECASE,
)
_AUXILIARY = re.compile(r"\b(?:is|are|was|were|has|have|had|will|can|could|should|would|does|do|did)(?:n't)?\b", re.I)
_ASKING = frozenset("what which who whom whose where when why how".split())
MAX_SUBJECT_WORDS = 6
# "have" as the main verb takes "do" in a question; as an auxiliary a participle follows it ("has been", "have closed").
_DO_FOR_HAVE = {"has": "does", "have": "do", "had": "did"}
_PARTICIPLE_NEXT = re.compile(
    r"(?:(?:already|just|now|ever|never|not|all|both)\s+)*(?:[a-z]+(?:ed|en)|been|got|gone|done|made|had)\b", re.I
)


def asked_whether(text: str) -> str | None:
    """The yes/no question inside a wonder or a request to check, asked directly ("wondering if any printer tickets are
    still open" -> "are any printer tickets still open?"), else None; also None when the clause has no auxiliary to
    put first ("wondering if ben closed it" reads the same either way)."""
    match = _WHETHER.match(text)
    if match is None:
        return None
    clause = match.group("clause")
    aux = _AUXILIARY.search(clause)
    if aux is None or aux.start() == 0:
        return None
    subject = clause[: aux.start()].strip()
    if len(subject.split()) > MAX_SUBJECT_WORDS or set(words(subject)) & _ASKING:
        return None
    rest = clause[aux.end() :].strip()
    verb = aux.group(0).lower()
    if verb in _DO_FOR_HAVE and not _PARTICIPLE_NEXT.match(rest):
        return f"{_DO_FOR_HAVE[verb]} {subject} have {rest}".strip() + "?"  # "has ben anything" is "does ben have"
    return f"{aux.group(0)} {subject} {rest}".strip() + "?"


# "(next week) I'll need the P1 count", "we're going to want the open tickets": the speaker's wish for later.
_LATER = re.compile(
    r"^\s*(?:i|we)(?:'ll|\s+will|'m\s+going\s+to|\s+am\s+going\s+to|'re\s+going\s+to|\s+are\s+going\s+to)\s+"
    r"(?:also\s+|probably\s+|definitely\s+)?(?:need|want|require)\s+(?P<what>(?:the|a|an|some)\s+\S.*)$",
    re.IGNORECASE,
)


def later_wish(text: str, names_data: Callable[[str], bool]) -> IntentDecision | None:
    """An `unsure` decision for the speaker's wish for data later ("I'll need the P1 count next week"): a reminder to
    remember, or a request to run now? Both readings are named; None when it is no such wish or what is wanted names
    nothing of the data (`names_data`; "we'll need a bigger office" is news)."""
    match = _LATER.match(text)
    if match is None:
        return None
    what = match.group("what").strip(" .!")
    if not names_data(what):
        return None
    reason = (
        f"it says you will need {what!r} later, and I could not tell whether you want me to remember that or to look "
        "it up now; say 'remember that ...' to have it noted, or ask for it directly to have it now"
    )
    return IntentDecision(intent="task", reason=reason, confidence=0.3, resolved_request=what)


# A new name wished for a thing ("EMEA ought to be called Europe going forward", "the Email component should be
# renamed to 'Mail'"): a modal, a verb of naming, then the new name, capitalised or quoted. "who should be called when
# ..." names no one after the verb.
_RENAMED = re.compile(
    r"\b(?:should|must|ought\s+to|needs?\s+to|has\s+to|have\s+to|is\s+to|are\s+to)\s+(?:now\s+|henceforth\s+)?be\s+"
    r"(?P<verb>called|named|renamed|relabell?ed|labell?ed|known\s+as|listed\s+as)\s+(?:to\s+|as\s+)?(?=(?-i:[A-Z])|[\"'“‘])",
    re.IGNORECASE,
)


# A question, which asks how a thing is named and wishes no new name ("Does a payroll outage need to be labelled P1?",
# "Which discounts must be listed as Promotional?"): a wh-word or an auxiliary first, or a question mark; a request put
# as a question ("can you make sure EMEA is to be called Europe?") is still a wish.
_ASKS_NAME = re.compile(
    r"^\s*(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|has|have|had|should|must|"
    r"shall|may|might|need|(?:can|could|would|will)(?!\s+(?:you|u)\b))\b",
    re.IGNORECASE,
)
_REQUEST_FIRST = re.compile(r"^\s*(?:please\s+|pls\s+)?(?:can|could|would|will)\s+(?:you|u)\b", re.IGNORECASE)


def renamed(text: str) -> str | None:
    """The verb with which `text` wishes a thing a new name ("should be called X"), else None: a change to data when
    what is renamed is stored. A question wishes nothing ("Does a payroll outage need to be labelled P1?")."""
    if _ASKS_NAME.match(text) or (text.rstrip().endswith("?") and not _REQUEST_FIRST.match(text)):
        return None
    match = _RENAMED.search(text)
    return " ".join(match.group("verb").lower().split()) if match else None
