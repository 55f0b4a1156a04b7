"""Paraphrase data of the offline memory answer (`memory_answer`): generic English, not a domain's words."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cognicore.memory._fact_words import TRAVEL_MODES
from cognicore.memory.text import DURATION, stem, terms
from cognicore.subagents._memory_value_shapes import DEVICE_GROUPS, value_shape_words

# Paraphrase groups of what people say about themselves and their team: a question word matches memories that
# use any word of its group ("which city am I based in?" finds "The user lives in Berlin"). Generic English.
MEMORY_GROUPS = (
    "live lives living lived based reside resides located city town home relocate relocated move moved",
    "name names call called nickname",
    "responsible responsibility handle handles handled handling own owns owner manage manages managed charge care "
    "look looks after cover covers lead leads deal deals contact specialty speciality specialism expertise",
    "drink drinks drinking drinker beverage",
    "diet eat eats eating food",
    "team people size headcount staff members member big many",
    "start starts started begin begins began time join joins joined joining",
    "target targets goal goals quota objective aim aims aiming hit reach",
    "budget money spend funds afford",
    "sell sells selling sold sale sales earn earns earning",
    "courier couriers carrier carriers shipper ship ships shipping send sends sent post",
    "launch launching launched release date",
    "alert alerts notification notifications notify receive",
    "commute get gets travel",
    "manager boss supervisor report reports",
    "job jobs title role roles position occupation work works profession",
    "answer answers answering respond responds response reply replies",
    "quickly quick fast speed turnaround within promise promised",
    "tool tools system systems platform software app track tracks tracking record records log logs crm use uses",
    "approve approves approved approval approver sign signs sign-off ok okay authorise authorize",
    "call on-call oncall pager rota duty standby",
    "sit sits seated office floor building site location campus",
    "team teams group groups squad crew department unit pod division belong belongs queue queues",
    *DEVICE_GROUPS,
    "reach reachable contact contacted message ping escalate escalates escalation escalations",
    "phone telephone extension dial dials dialling dialing ring rings ringing rang rung reach reachable",
    "like likes prefer prefers preferred preference favourite favorite love loves enjoy enjoys",
    "big large major",
    # a period and its adverb ("a quarter", "each quarter", "quarterly"); stems already join most of them
    "year yearly annual annually",
    "day daily",
    "allow allowed allowance permit permitted limit limits max maximum cap ceiling",
)
# Phrases whose words mislead ("what do I do for a living?" is about work, not where the user lives).
# Each word's group of memory synonyms ("pay" -> pay, salary, wage ...), by stem.
MEMORY_SYNONYMS: dict[str, frozenset[str]] = {}
for _group in MEMORY_GROUPS:
    _stems = frozenset(stem(w) for w in _group.split())
    for _s in _stems:
        MEMORY_SYNONYMS[_s] = MEMORY_SYNONYMS.get(_s, frozenset()) | _stems

# A deadline ("before the quarter closes", "by the end of the month"): when something is due, not what it was before.
DEADLINE_RE = re.compile(
    r"\b(?:before|by|until|till)\s+(?:the\s+time\s+)?(?:the\s+end\s+of\b|end\s+of\b|"
    r"the\s+(?:\w+\s+)?(?:closes|ends|finishes|is\s+out|is\s+over|wraps\s+up)\b)",
    re.I,
)
_WORKING_DAY = re.compile(r"\bwork(?:ing)?\s*day\b", re.I)
_PART_OF_WORLD = re.compile(r"\bparts?\s+of\s+the\s+world\b", re.I)
# Noun phrases that name a thing in other words, and the thing: the near-miss checks read the thing.
_NOUN_PHRASES = ((_WORKING_DAY, "shift"), (_PART_OF_WORLD, "region"))
PHRASE_CONCEPTS = (
    (re.compile(r"\bfor a living\b", re.I), "living", "job work"),
    (re.compile(r"\bkicks?\s+off\b", re.I), "kick", "start"),  # "when does the shift kick off?"
    (_PART_OF_WORLD, "part world", "region"),  # "which part of the world do I cover"
    # "how many are we supposed to close?", "what am I expected to sell?": an obligation asks the goal set; "who am I
    # meant to ping?" asks a person, not a goal
    (
        re.compile(
            r"^(?!.*\bwho(?:m|'s)?\b).*?(?:\b(?:supposed|meant|expected|required|due|committed)\s+to\b|"
            r"\b(?:aim(?:s|ing)?|trying|hoping|planning|striving)\s+(?:to|for)\b)",
            re.I | re.S,
        ),
        "supposed meant expected required due committed aim aims aiming trying hoping planning striving",
        "target",
    ),
    (re.compile(r"\bwho\b.*\banswer\s+to\b", re.I), "answer", "manager"),  # "who do I answer to?" asks the boss
    # "what are we going for?", "which number am I gunning for?": an intention asks the goal set
    (re.compile(r"\b(?:going|gunning|shooting|pushing)\s+for\b", re.I), "going gunning shooting pushing", "target"),
    # "what figure are we chasing?", "which number am I targeting?": an intention asks the goal set
    (re.compile(r"\b(?:chasing|targeting)\b", re.I), "chase chasing", "target"),
    # "how many calls am I due to make?", "how many demos are we hoping to run?": a light verb after the duty or the
    # intention says only that the goal is met; the goal is what memory holds
    (
        re.compile(
            r"\b(?:supposed|meant|expected|required|due|committed|aim(?:s|ing)?|trying|hoping|planning|striving|"
            r"have|has|need|needs|got)\s+to\s+(?:make|do|get|run|achieve|deliver|land|complete|book)\b",
            re.I,
        ),
        "make do get run achieve deliver land complete book",
        "",
    ),
    # "what am I meant to bring in?": what is sold or earned
    (re.compile(r"\bbring(?:s|ing)?\s+in\b|\bbrought\s+in\b", re.I), "bring bringing brought", "sell"),
    # "before the quarter closes", "by the time the month ends": when, said of the period, not a thing that closes
    (DEADLINE_RE, "close closes end ends finish finishes wrap wraps", ""),
    # "as things stand", "quick check", "just checking": how the question is put, not what it asks about
    (re.compile(r"\bas\s+(?:things|it)\s+stands?\b", re.I), "thing things stand stands", ""),
    (re.compile(r"\bquick\s+(?:check|question|one)\b|\bjust\s+checking\b", re.I), "quick check question checking", ""),
    # "where do I work from?", "where am I working these days": the place of work, not the job
    (re.compile(r"\bwhere\b.*\bwork(?:s|ing)?\b", re.I), "work", "office based"),
    # "when does my working day start?": the shift the user works; "which team am I part of": a member of it
    (_WORKING_DAY, "working work day", "shift hours"),
    (re.compile(r"\bpart\s+of\b", re.I), "part", ""),
    # "how am I getting to work?", "how do you get into the office": the way there, not the job
    (
        re.compile(r"\b(?:get|gets|getting|got|come|coming|go|going)\s+(?:in)?to\s+(?:work|the\s+office)\b", re.I),
        "work",
        "commute travel",
    ),
)


def rephrased(question: str, concepts: Sequence[frozenset[str]]) -> list[frozenset[str]]:
    """The concepts with a misleading phrase's word replaced by what the phrase means."""
    out, meant = list(concepts), []
    for pattern, said, meaning in PHRASE_CONCEPTS:
        if pattern.search(question):
            # the word's own concept, however the question's reading widened it ("answer" read as "reply, respond")
            dropped = {stem(w) for w in said.split()}
            out = [c for c in out if not dropped & c and not read_from(question, c, dropped)]
            # a meaning another phrase gave stays ("meant to" and "bring in" of "what am I meant to bring in?")
            meant += [frozenset(stem(w) for w in meaning.split())] if meaning else []
    return out + [c for c in dict.fromkeys(meant) if c not in out]


def in_meaning(question: str) -> str:
    """The question with each phrase that names a thing in other words written as that thing ("when does my working
    day start?" as "when does my shift start?"): what a near-miss check compares with a memory's words."""
    for pattern, meaning in _NOUN_PHRASES:
        question = pattern.sub(meaning, question)
    return question


def read_from(question: str, concept: frozenset[str], said: set[str]) -> bool:
    """Was the concept read from the `said` words (it holds no other word of the question: "answer" read as "reply,
    respond")?"""
    return not concept & (set(terms(question)) - said)


# "what's my role and who do I report to": each question after the first opens with its own question word.
_NEXT_QUESTION = re.compile(r"\s*(?:,\s*|\band\s+|&\s*|\+\s*)(?=(?:who|whom|whose|what|where|when|which|how)\b)", re.I)


def question_parts(question: str) -> list[str]:
    """The questions a request asks one after the other ("what's my role", "who do I report to"); itself alone."""
    return [p for p in _NEXT_QUESTION.split(question) if p.strip()] or [question]


# "Where's the helpdesk located?" asks where the helpdesk is: "located" is the "where" again, not a subject; so is
# "taking place" of "when is the summit taking place?" and "coming" of "which day is the engineer coming?".
WHERE_RE = re.compile(r"^\W*(?:where|when|(?:what|which)\s+(?:day|date|time|week|month)s?)\b", re.I)
# Verbs that only say a thing is somewhere or happens ("where is the review held?"): after "where" or "when" they ask
# no topic of their own.
PLACED = frozenset(
    stem(w)
    for w in "located situated found placed held kept stored housed hosted take takes taking place happen happens "
    "happening come comes coming".split()
)
# "what time's standup": the "'s" after a question's noun is "is", not an owner ("time's standup").
CONTRACTED_IS = re.compile(r"\b((?:what|which)\s+(?:time|day|date|week|month|year|one|kind|sort|type))'s\b", re.I)
_AMOUNT = re.compile(r"[$€£]\s?\d|\d\s?(?:%|k\b)|\d\s*(?:percent|usd|eur|dollars?|euros?)\b", re.I)
_MONEY = stem("money")
_WEB_ADDRESS = re.compile(
    r"\b(?:https?://|www\.)\S+|\b[\w.-]+@[\w-]+(?:\.[\w-]+)+"
    r"|\b[a-z][\w-]*(?:\.[\w-]+)*\.(?:com|org|net|io|dev|app|co|edu|gov|info|[a-z]{2})\b"
)
_ADDRESS = frozenset(stem(w) for w in "address url link site website email".split())
# A duration (`DURATION`) answers "how long" / "how soon", a frequency "how often", in any words.
_FREQUENCY = re.compile(
    r"\b(?:every|each|daily|weekly|monthly|yearly|annually|quarterly|biweekly|fortnightly|hourly|once|twice|"
    r"\d+\s+times)\b",
    re.I,
)
# "The user is a senior account executive", "I'm the second-line engineer": what the user is answers "what's my
# role / job / title", in any words. Generic English job nouns (as `_memory_kind` lists person words).
_ROLE = re.compile(
    r"\b(?:the user|i)(?:'m|\s+is|\s+am|\s+works\s+as)\s+(?:a|an|the|our|their)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:manager|lead|engineer|executive|exec|analyst|director|officer|consultant|specialist|admin|administrator|"
    r"technician|developer|designer|architect|representative|rep|intern|assistant|coordinator|head|accountant|"
    r"agent|scientist|supervisor|associate|planner|buyer|recruiter|strategist|controller)s?\b",
    re.I,
)
_ROLE_WORDS = frozenset(stem(w) for w in "job title role position occupation".split())
# "Omar Haddad is responsible for me", "Lena manages us": who is in charge of the user is their manager.
_OVER_ME = re.compile(
    r"\b(?:responsible\s+for|in\s+charge\s+of|manag(?:es|ing)|supervis(?:es|ing)|looks?\s+after|leads?)\s+"
    r"(?:me|us|the user|the team|our team|my team)\b",
    re.I,
)
_MANAGER_WORDS = frozenset(stem(w) for w in "manager boss supervisor report reports".split())
_LONG = frozenset(stem(w) for w in "long soon".split())
# Any figure answers "what's the number / figure / amount", in any words.
_FIGURE = re.compile(r"\d|\b(?:million|thousand|billion|hundred)\b", re.I)
_FIGURE_WORDS = frozenset(stem(w) for w in "figure number amount".split())
_OFTEN = stem("often")
# "I have to hit $2 million in sales this year", "we need to close 40 tickets a week": a figure the user or the team is
# obliged to reach is their target / quota / goal, in any words (general English verbs of duty and of reaching).
_OBLIGED_FIGURE = re.compile(
    r"\b(?:i|we|the\s+user|the\s+team)\s+(?:really\s+|still\s+|now\s+)?(?:need|needs|have|has|got|must)\s+(?:to\s+)?"
    r"(?:hit|reach|bring\s+in|close|sell|make|book|sign|land|generate|achieve|deliver|win|earn|raise|do)\s+"
    r"(?:\w+\s+){0,2}?(?:\$|€|£)?\d",
    re.I,
)
_GOAL_WORDS = frozenset(stem(w) for w in "target goal quota".split())


_COMMUTE = frozenset(stem(w) for w in "commute get travel".split())


def shape_words(text: str) -> frozenset[str]:
    """Words a memory answers by the shape of its value: an amount answers "how much", a web or mail address
    answers "what's the address / url / link of X", a duration "how long", a frequency "how often", what the user is
    (a job noun) "what's my role", who is in charge of them "who's my boss", a way of travelling "how do I get to
    work", a figure they must reach "what's my quota", in any words."""
    found: set[str] = set()
    if _AMOUNT.search(text):
        found.add(_MONEY)
    if _WEB_ADDRESS.search(text):
        found |= _ADDRESS
    if DURATION.search(text):
        found |= _LONG
    if _FREQUENCY.search(text):
        found.add(_OFTEN)
    if _ROLE.search(text):
        found |= _ROLE_WORDS
    if _OVER_ME.search(text):
        found |= _MANAGER_WORDS
    if _FIGURE.search(text):
        found |= _FIGURE_WORDS
    if _OBLIGED_FIGURE.search(text):
        found |= _GOAL_WORDS
    found |= value_shape_words(text)
    said = set(re.findall(r"[a-z]+", text.lower()))
    if said & TRAVEL_MODES.keys():  # "taking the bus in" answers "how do I get to work?"
        found |= _COMMUTE
    return frozenset(found)
