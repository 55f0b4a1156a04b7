"""What an offline answer must contain for the question's shape: a "who" names someone, a "when" a date.

An extractive composer picks the sentences that share most words with the question; a sentence can share
them all and still not answer ("Who is the duty manager this week?" -> "... escalated to the duty manager").
These checks are generic English: the shape of the question (who / when / how much / how long) and the
tokens that can fill it (names and roles, dates and times, amounts, durations).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import StrEnum

from cognicore.memory.text import HOW_MANY_UNITS, STOPWORDS, stem, words


class Shape(StrEnum):
    """The kind of fact a question asks for."""

    WHO = "who"
    WHEN = "when"
    AMOUNT = "how much"
    DURATION = "how long"
    WHY = "why"


# A price asked by the verb of selling ("sold for", "goes for", "retails for"), not a purpose ("sell for the season").
SOLD_FOR = (
    r"\b(?:sell|sells|sold|selling|go|goes|went|retail|retails|retailed)\s+for\b(?!\s+(?:a|an|the|our|more|less)\b)"
)
_SOLD_FOR = re.compile(SOLD_FOR, re.I)
_ASKS = [
    (
        Shape.DURATION,
        re.compile(rf"\b(how long|how fast|how quick(?:ly)?|how soon|{HOW_MANY_UNITS})\b"),
    ),
    # "Why ...?", "how come ...": a reason (D6, issue 9.2); a sentence that only shares the words is no answer.
    (Shape.WHY, re.compile(r"^\W*(why|how come)\b")),
    # "What did the band sell for at launch?": a price, as "how much".
    (Shape.AMOUNT, re.compile(rf"\b(how much|how many)\b|{SOLD_FOR}")),
    (Shape.WHEN, re.compile(r"\b(when|what time|(?:what|which) (?:date|year|day|weekday|month))\b")),
    (Shape.WHO, re.compile(r"^\W*(who|whom)\b|\b(who|whom)\W*$|\bwho (is|are|was|were|has|have|must|can|should)\b")),
]
_MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december"
    "|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
)
_DAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_NUMBER = r"(\d[\d,.]*|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty)"
TIME_UNIT = r"(seconds?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|quarters?|business days?|nights?)"
DURATION = re.compile(rf"\b{_NUMBER}[\s-]+(business[\s-]+)?{TIME_UNIT}\b|\b(lifetime|indefinitely)\b", re.I)
# A length, not a price ("$129 in September") nor "in" as a preposition ("12 in the box").
_LENGTH = re.compile(
    r"(?<![$€£\d.,])\b\d[\d,.]*\s?(mm|cm|m|km|in(?!\s+[A-Za-z])|inch(es)?|ft|feet|meters?|metres?)\b", re.I
)
_DATE = re.compile(
    rf"\b(1[89]\d\d|20\d\d|{_MONTHS}|{_DAYS}|\d{{1,2}}(:\d\d)?\s?(am|pm)|noon|midnight|tomorrow|today|yesterday"
    r"|weekly|daily|monthly|yearly|annually|quarterly|at once|immediately|same day|next day|weekends?)\b",
    re.I,
)
_COUNT = r"(\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|hundred)"
_AMOUNT = re.compile(rf"[$€£¥]\s?\d|\d\s?%|\b(EUR|USD|GBP)\b|\bfree\b|\b{_COUNT}\b", re.I)
# People and bodies that can be the answer to "who" (generic English roles, never one deployment's names).
_ROLES = frozenset(
    stem(w)
    for w in (
        "manager managers team teams board desk staff user users customer customers partner partners officer "
        "president director head lead leader owner agent agents engineer engineers founder founders member "
        "members committee department finance marketing administrator admin employee employees person people "
        "vendor supplier reseller resellers carrier carriers chair ceo cfo cto coo vp everyone nobody anyone "
        "management leadership council sales representative representatives analyst analysts specialist"
    ).split()
)
ROLE_WORDS = _ROLES  # stems of the roles and bodies a "who" or "which team" question is answered by naming
# Words of the passages that say who leads what: a "who" question also searches for them.
LEADER_WORDS = ("leadership", "president", "vp", "officer", "head", "director", "manager", "lead", "owner")
_MONEY = re.compile(r"[$€£¥]\s?\d|\b(EUR|USD|GBP)\s?\d", re.I)
# "how many <things>" (not "how many days/hours"): a count of things.
_COUNTS_THINGS = re.compile(rf"\bhow many\s+(?!{TIME_UNIT}\b)[a-z]", re.I)
_NOT_A_COUNT = re.compile(
    rf"\b{_NUMBER}[\s-]+(business[\s-]+)?{TIME_UNIT}\b|[$€£¥]\s?\d[\d,.]*|\d[\d,.]*\s?%|\b(?:1[89]|20)\d\d\b", re.I
)
_ASKS_PRICE = re.compile(r"\b(?:cost|costs|price|prices|priced|fee|fees|charge|charged|expensive|cheap)\b", re.I)
_PRICED = re.compile(r"[$€£¥]\s?\d|\b(?:EUR|USD|GBP)\s?\d|\d\s?%|\bfree\b|\bno cost\b|\bnothing\b", re.I)
_MONEY_WORDS = frozenset(stem(w) for w in "price prices cost costs fee fees charge amount sum paid".split())
SPAN_WORDS = frozenset(stem(w) for w in "period length duration term window lifetime life".split())
# The extreme of an asked time ("the latest date", "the cutoff time"): a sentence stating a limit says it ("by
# December 15", "before 2 pm"). Not "the maximum discount": a limit of another case ("above 20% needs the VP") is no
# maximum of the asked one. General English.
_EXTREME_WORDS = frozenset(stem(w) for w in "latest earliest cutoff cut-off".split())
_LIMIT = re.compile(
    r"\b(?:by|before|until|till|no later than|up to|at (?:least|most)|or (?:more|less|fewer|above|below|later)|"
    r"above|below|over|under|within|exceed\w*|never|minimum|maximum|cut-?off)\b",
    re.I,
)
_DATE_WORDS = frozenset(stem(w) for w in "date day year month time deadline cutoff".split())
# Verbs that say an event happened, not which detail is asked ("when did X come out?" = its launch).
LIGHT_VERBS = frozenset(stem(w) for w in "come comes came go goes went get gets got happen happens happened".split())
# The words that give a reason or a cause (generic English): "because", "Reasons:", "which renews the token",
# "certificates are refused when it drifts".
_REASON = re.compile(
    r"\b(?:because|due to|owing to|as a result|caus(?:e|es|ed|ing)|reasons?|since|so that|in order to|driven by|"
    r"thanks to|led to|leads? to|therefore|which is why|otherwise|unless|to (?:avoid|prevent|protect|keep|reduce|"
    r"ensure|limit|stop)|prevents?|avoids?)\b|,\s*which\s+\w+s\b|\b(?:is|are|gets?|was|were)\s+\w+ed\s+(?:when|if)\b",
    re.IGNORECASE,
)
_CAPITAL = re.compile(r"\b[A-Z][A-Za-z'’-]+\b")
_FULL_NAME = re.compile(r"\b([A-Z][a-zà-ÿ'’-]+)\s+([A-Z][a-zà-ÿ'’-]+)\b")
_AGENT = re.compile(r"\bby:?\s+(?:the\s+)?([A-Z][A-Za-z'’-]+)")
CALENDAR = re.compile(rf"^({_MONTHS}|{_DAYS})$", re.I)


# A yes/no question starts with an auxiliary verb: a "when" or "how long" inside it is a condition ("Does the
# camera record when the wifi drops?"), not the fact asked for.
_YES_NO = re.compile(
    r"^\W*(?:do|does|did|is|are|was|were|can|could|will|would|should|must|may|has|have|had)\b"
    r"(?!\s+(?:you|anyone|someone|somebody|the (?:documents?|knowledge base))\s+(?:know|tell|say)\b)"
)


def asked_shape(question: str) -> Shape | None:
    """The kind of fact the question asks for, or None when its shape does not constrain the answer."""
    lowered = " ".join(question.lower().split())
    if _YES_NO.match(lowered):
        return None
    # "Who decided X and when?" asks for two things: the first one named sets the shape.
    found = [(m.start(), shape) for shape, pattern in _ASKS if (m := pattern.search(lowered))]
    if not found:
        return None
    start, shape = min(found)
    # "What priority do we give a ticket when the log is collected?": the opening wh-word asks ("what priority");
    # a later "when" or "who" is a condition or a relative clause, not the fact asked for.
    if start > 0 and shape in (Shape.WHEN, Shape.WHO) and _OPENS_OTHER.match(lowered):
        return None
    return shape


_OPENS_OTHER = re.compile(
    r"^\W*(?:what(?!\s+(?:year|date|time|day|month)\b)|which(?!\s+(?:year|date|day)\b)|where|why)\b"
)


def fills_shape(shape: Shape, text: str, question: str, common: frozenset[str] = frozenset()) -> bool:
    """True when `text` holds a token of the asked kind that the question does not already state.

    `common` are stems of capitalised words found across most passages (the company's own name): they
    name no one in particular.
    """
    if shape is Shape.DURATION:
        if not _LEAD_ASKED.search(question):
            text = _LEAD_TIME.sub(" ", text)  # "announced two weeks ahead" is when, not how long it runs
        return bool(DURATION.search(text) or _LENGTH.search(text))
    if shape is Shape.WHY:
        return bool(_REASON.search(text))
    if shape is Shape.WHEN:
        # A time the question states ("the weekly meeting") is no answer to when it is; "what day" asks a day.
        text = _without_words(text, question)
        if _ASKS_DAY.search(question):
            return bool(_DAY.search(text))
        return bool(_DATE.search(text) or DURATION.search(text))
    if shape is Shape.AMOUNT:
        if _SOLD_FOR.search(question):  # "what did it sell for": money, not "sells 40% above"
            return bool(_MONEY.search(_without(text, question)))
        if _ASKS_PRICE.search(question):
            # "How much does a replacement ear tip cost?": a price, never a count ("September 2024", "20 units").
            return bool(_PRICED.search(_without(text, question)))
        if _COUNTS_THINGS.search(question):
            # "How many failed logins lock an account?": a count of things, which a time, a price or a year
            # ("after 30 minutes", "$25", "2024") does not give.
            text = _NOT_A_COUNT.sub(" ", text)
        return bool(_AMOUNT.search(_without(text, question)))
    if _ASKS_AGENT.search(" ".join(question.lower().split())):
        # "Who founded X?" asks who did it: a sentence must name its doer (a person, "by: X", or a role as its
        # subject), not merely mention people ("opened an office to serve customers").
        return names_person(text, question, common) or bool(_agent(text, question, common)) or _role_subject(text)
    # "Who is the vice president of customer support?": a person's name answers, as does a role or body.
    return bool(_names(text, question, common)) or names_person(text, question, common)


# "Who founded / decided / opened ...?": a past event, whose doer is asked for.
_ASKS_AGENT = re.compile(
    r"^\W*who\s+(?:first\s+)?(?:\w+ed|made|built|wrote|began|led|set up|chose|took|gave|sold|bought|ran|won|"
    r"came up with|thought of|signed)\b"
)


def _agent(text: str, question: str, common: frozenset[str]) -> list[str]:
    """The agents of a passive the question does not name ("Decided by: Maya" gives "Maya")."""
    asked = {stem(w) for w in words(question)}
    return [m.group(1) for m in _AGENT.finditer(text) if stem(m.group(1).lower()) not in asked | common]


def _role_subject(text: str) -> bool:
    """True when a role noun opens the sentence ("The board decided ...", "Support staff may ...")."""
    return any(stem(w) in _ROLES for w in words(text)[:3])


_LEAD_TIME = re.compile(
    rf"(?:{DURATION.pattern})\s+(?:ahead|in advance|beforehand|before|earlier|prior|notice)\b", re.I
)
_LEAD_ASKED = re.compile(r"\b(?:ahead|advance|before|beforehand|earlier|prior|notice)\b", re.I)
_ASKS_DAY = re.compile(r"\b(?:what|which) (?:day|weekday)\b", re.I)
_DAY = re.compile(
    rf"\b(?:(?:{_DAYS})s?|weekends?|weekdays?|daily|every day|(?:{_MONTHS})\.? \d{{1,2}}|\d{{1,2}} (?:{_MONTHS})"
    r"|\d{4}-\d\d-\d\d)\b",
    re.I,
)


def _without_words(text: str, question: str) -> str:
    """`text` without the words the question itself says ("weekly" in "when is the weekly meeting?")."""
    asked = {w for w in words(question) if w not in STOPWORDS}
    return " ".join(w for w in re.split(r"(\W+)", text) if w.lower() not in asked)


def _without(text: str, question: str) -> str:
    """`text` without the numbers the question itself states ("a 25% discount" is not an answer)."""
    for token in set(re.findall(r"[$€£]?\d[\d,.]*%?", question)):
        text = text.replace(token, " ")
    return text


def _names(text: str, question: str, common: frozenset[str]) -> list[str]:
    """Who the text names that the question does not: a role noun, or the agent of a passive ("by: Maya")."""
    asked = {stem(w) for w in words(question)}
    found = [w for w in words(text) if stem(w) in _ROLES and stem(w) not in asked]
    found += [m.group(1) for m in _AGENT.finditer(text) if stem(m.group(1).lower()) not in asked | common]
    return found


def names_person(text: str, question: str, common: frozenset[str] = frozenset()) -> bool:
    """True when `text` holds a full name the question does not ("Hannah Schulz"): two capitalised words."""
    asked = {stem(w) for w in words(question)}
    for match in _FULL_NAME.finditer(text):
        parts = [stem(p.lower()) for p in match.groups()]
        if not any(CALENDAR.match(p) for p in match.groups()) and not set(parts) & (asked | common):
            return True
    return False


# Words that ask for a place by its kind ("which city", "what country"): a capitalised name after a word of place
# ("served from Osaka", "depots: Denver") says one. General English.
PLACE_WORDS = frozenset(stem(w) for w in "city cities town towns country countries place location site".split())
_NAMED_PLACE = re.compile(r"(?:\b(?:in|at|from|near)\s+(?:the\s+)?|:\s*)[A-Z][a-z]{2,}")


_ASKS_SOURCE = re.compile(r"\b(?:from|out of)\W*$", re.I)


def implied(concept: frozenset[str], text: str, question: str = "") -> bool:
    """True when `text` holds what a word of the question names by kind: "price" is said by "$499", "city" by
    "from Osaka" (only a place after "from" or a list's colon when the question asks where from)."""
    if concept & PLACE_WORDS:
        named = _NAMED_PLACE.finditer(text)
        source = _ASKS_SOURCE.search(question)
        return any(not source or not m.group(0).lower().startswith(("in", "at", "near", "to")) for m in named)
    if concept & _MONEY_WORDS:
        return bool(_MONEY.search(text))
    if concept & _DATE_WORDS:
        return bool(_DATE.search(text))
    if concept & SPAN_WORDS:  # "the warranty period" is said by "a 1-year limited warranty"
        return bool(DURATION.search(text))
    if concept & _EXTREME_WORDS:  # "the latest date" is said by "ordering by December 15"
        return bool(_LIMIT.search(text))
    return False


def common_capitals(texts: Sequence[str]) -> frozenset[str]:
    """Stems of capitalised words that appear in more than half of `texts` (at least three): a house name."""
    if len(texts) < 3:
        return frozenset()
    counts: dict[str, int] = {}
    for text in texts:
        for stem_ in {stem(m.group(0).lower()) for m in _CAPITAL.finditer(text)}:
            counts[stem_] = counts.get(stem_, 0) + 1
    return frozenset(s for s, k in counts.items() if k > len(texts) / 2)


def describe(shape: Shape) -> str:
    """What an answer of this shape would have named, for the honest miss."""
    return {
        Shape.WHO: "who it is",
        Shape.WHEN: "when",
        Shape.AMOUNT: "how much",
        Shape.DURATION: "how long",
        Shape.WHY: "a reason",
    }[shape]


# "What happens if/when ...?" asks for a consequence, which a policy writes after the condition it follows.
_CONSEQUENCE = re.compile(r"\bwhat (?:happens|will happen|would happen|happened)\b|^\W*what if\b")
# "Which document / runbook / page says ...?" asks for the document itself ("which policy of ..." does not).
_WHICH_DOCUMENT = re.compile(
    r"^\W*(?:in |on )?(?:which|what) (?:\w+ )?(?:documents?|docs?|runbooks?|playbooks?|handbooks?|guides?|manuals?"
    r"|pages?|files?|articles?|polic(?:y|ies)|sections?)\b(?! (?:of|for|on) )"
)


def asks_consequence(question: str) -> bool:
    """True for "what happens if/when ...?": the answer is what follows the condition the question states."""
    return bool(_CONSEQUENCE.search(" ".join(question.lower().split())))


def asks_which_document(question: str) -> bool:
    """True for "which document / runbook / page says ...?": the answer names the document."""
    return bool(_WHICH_DOCUMENT.search(" ".join(question.lower().split())))


# "How do I reset my password?", "can we give 8% off?", "do I have to call someone?", "what should I do if ...":
# the asker asks how something is done or whether it is allowed, which the documents say, not a fact about them.
_PROCEDURE = re.compile(
    r"^\W*(?:how\s+(?:do|can|should|would|could|must|may|shall)\s+(?:i|we)\b"
    r"|what\s+(?:do|should|can|must)\s+(?:i|we)\s+do\b"
    r"|(?:can|could|may|should|must|shall)\s+(?:i|we)\b)"
    # "how many days do I have to return it?", "do we need to ...": an obligation, wherever it is asked.
    r"|\b(?:do|does)\s+(?:i|we)\s+(?:have|need)\s+to\b"
)


def asks_procedure(question: str) -> bool:
    """True for "how do I ...?", "can we ...?", "do I have to ...?": how a thing is done or whether it is allowed."""
    return bool(_PROCEDURE.search(" ".join(question.lower().split())))


# A yes/no question's passive action after a modal: "can a P3 be bumped up", "will refunds get delayed". ("Is my
# manager involved", "is the desk allowed to": a state, which the documents may say in other words.)
_PASSIVE_ACTION = re.compile(
    r"^\W*(?:can|could|may|might|will|would|should|must)\b(?:\s+[\w'-]+){0,5}?\s+(?:be|get)\s+"
    r"(?P<verb>[a-z]{3,}(?:ed|en))\b"
)


def asked_action(question: str) -> str | None:
    """The participle a yes/no question asks about ("bumped" in "can a P3 be bumped up to P2?"), or None."""
    lowered = " ".join(question.lower().split())
    if not _YES_NO.match(lowered):
        return None
    m = _PASSIVE_ACTION.match(lowered)
    return m.group("verb") if m else None


_ASKS_WHERE = re.compile(r"^\W*where\b")
_PLACE_PHRASE = re.compile(
    r"\b(?:in|at|to|from|on|into|inside|under|near)\s+(?:(?:the|a|an|our|its|their|your)\s+)?([a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3})",
    re.I,
)


def gives_place(text: str, question: str) -> bool:
    """For a "where" question: the clause of `text` most about the question names a place the question does not
    ("in the weekly support meeting" does not say where a breach goes after the weekly meeting)."""
    if not _ASKS_WHERE.match(" ".join(question.lower().split())):
        return True
    asked = {stem(w) for w in words(question)}
    clauses = re.split(r"[;:]\s*", text)
    clause = max(clauses, key=lambda c: len({stem(w) for w in words(c)} & asked))
    # "Where do orders ship from?" asks the source: "takes 3 days in North America" names a place, not where from.
    source = bool(_ASKS_SOURCE.search(question))
    for m in _PLACE_PHRASE.finditer(clause):
        if source and not m.group(0).lower().startswith("from"):
            continue
        nouns: list[str] = []
        for w in words(m.group(1)):
            if w in STOPWORDS:
                break
            nouns.append(w)
        # "in North America" is no new place for "North American orders": a derived form of an asked word.
        if nouns and not any(a.startswith(stem(nouns[-1])) for a in asked):
            return True
    return False


def asks_where(question: str) -> bool:
    """True for "where ...?": the answer names a place (or a body, a system) the question does not."""
    return bool(_ASKS_WHERE.match(" ".join(question.lower().split())))
