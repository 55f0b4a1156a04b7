"""The kinds of value a question asks for by its wording ("how often": a frequency; "which version": a version), and
how any document writes a value of each kind: an answer holding none is no answer, and passages holding none are
checked silence."""

from __future__ import annotations

import re
from dataclasses import dataclass

from cognicore.memory.text import DURATION_TEXT, NUMBER_WORDS
from cognicore.subagents._absence_unknown import asked_phrase
from cognicore.subagents._absence_values import asked_contact

__all__ = ["ASKER", "VALUE_KINDS", "ValueKind", "asked_value_kind"]


@dataclass(frozen=True, slots=True)
class ValueKind:
    """A kind of value a question asks for by its wording, and how any document writes a value of that kind."""

    asks: re.Pattern[str]
    written: re.Pattern[str]
    question: str  # what is asked, in the answer ("how often")
    value: str  # what the passages never give ("a frequency")
    thing: str = ""  # the word of the thing whose value is asked, when the passages must say it to be checked
    checked: bool = True  # whether passages lacking such a value prove the documents silent (else only no answer)


_UNITS = r"(?:second|minute|hour|day|night|week|fortnight|month|quarter|year)s?"
# A frequency in general English names a day of the week or a part of the day as often as a unit ("every Monday",
# "on Mondays", "each morning"), or an occasion that recurs ("every time", "each shift", "each weekday").
_DAY_NAMES = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_OCCASIONS = rf"(?:{_DAY_NAMES}|week(?:day|end)|morning|afternoon|evening|time|shift|visit|login|run|release)s?"
# Words asking when, after "version": "what version year" asks a date, not a version.
_WHEN = r"(?:years?|dates?|months?|days?|time)\b"
# What has releases that are versions: software and what runs it.
_SOFTWARE = (
    r"(?:apps?|application|client|firmware|software|os|operating system|driver|sdk|api|plugin|add-on|extension"
    r"|browser|server|agent|package|library|build|update|patch|platform|tool)"
)
VALUE_KINDS: tuple[ValueKind, ...] = (
    # "how often do we change passwords?": a frequency, however the documents would word it.
    ValueKind(
        re.compile(r"\bhow (?:often|frequently)\b|\bat what intervals?\b", re.I),
        re.compile(
            rf"\b(?:every|each)\s+(?:\d+\s+|other\s+|few\s+|single\s+|\w+\s+)?(?:{_UNITS}|{_OCCASIONS})\b"
            rf"|\bon\s+(?:{_DAY_NAMES}|week(?:day|end))s\b|\b(?:in\s+the\s+|at\s+)?(?:mornings|afternoons|evenings|nights)\b"
            r"|\b(?:hourly|daily|nightly|weekly|fortnightly|monthly|quarterly|yearly|annually|biannually)\b"
            rf"|\b(?:once|twice|thrice|\w+\s+times)\s+(?:a|an|per|each|every)\s+(?:{_UNITS}|{_OCCASIONS})\b"
            rf"|\bper\s+{_UNITS}\b|\b(?:always|whenever)\b|\bnever\s+expire|\bno\s+expiry\b",
            re.I,
        ),
        "how often",
        "a frequency",
    ),
    # "which version of the client?": a version number or a named release. Only "version" itself asks it, or a
    # "release" of software ("which release of the Lobby app", "what release number"): a product's release
    # ("which release of ours was the ... ", "what release year") is its launch, which a date answers.
    ValueKind(
        re.compile(
            rf"\b(?:which|what)\s+(?:\w+\s+){{0,2}}?versions?\b(?!\s+{_WHEN})"
            rf"|\b(?:which|what)\s+(?:{_SOFTWARE}\s+)?releases?\s+(?:number|version|build|channel)s?\b"
            rf"|\b(?:which|what)\s+{_SOFTWARE}\s+releases?\b(?!\s+{_WHEN})"
            rf"|\b(?:which|what)\s+releases?\s+of\s+(?:the\s+|our\s+|your\s+|my\s+)?(?:[\w-]+\s+){{0,3}}?{_SOFTWARE}\b",
            re.I,
        ),
        re.compile(
            r"\bv\d+(?:\.\d+)*\b|\bversion\s+\d|\b\d+\.\d+\.\d+\b|\b(?:latest|current|newest)\s+(?:version|release)",
            re.I,
        ),
        "which version",
        "a version",
    ),
)


_MONTHS = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_WEEKDAYS = r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
# Verbs of being open or at work (general English): "what hours is the desk staffed", "open on weekends".
_ATTENDED = r"(?:open|opens|opening|close|closes|closing|staffed|manned|available|reachable|working|work|works|operate)"
# The lengths of time a question may mean by "what time" ("what time frame"): a duration, not a time of day.
_NOT_CLOCK = r"(?!\s+(?:frames?|limits?|windows?|zones?|periods?|spans?|scales?|lines?|budgets?)\b)"
# Words a fee or a price given as a share is said with ("a 10% restocking fee", "15% off the list price").
_PRICED = r"(?:fee|fees|charge|surcharge|discount|off|commission|tax|taxes|duty|duties|markup|of the (?:list )?price)"
_NUMBER_WORD = rf"(?:{'|'.join(NUMBER_WORDS)}|hundred)"

# A question about the asker ("reach me", "my desk"): memory answers it, in the user's own words ("it's 5520 now"),
# and the documents' silence proves nothing. "tell me", "show me" only frame the question.
ASKER = re.compile(r"\b(?:my|mine|myself)\b|\b(?<!tell )(?<!show )(?<!give )(?<!let )me\b", re.I)
# The kinds below are asked of the documents; what the user told of their own world is read as they said it.
DOCUMENT_KINDS: tuple[ValueKind, ...] = (
    # "How much juice does the power bank hold?": a capacity, in a unit of charge, energy, storage or volume.
    ValueKind(
        re.compile(
            r"\bhow\s+much\s+(?:[\w-]+\s+){0,2}?(?:does|do|can|will)\s+[^?.!]*\b(?:hold|holds|store|stores)\b"
            r"|\b(?:what|which)(?:'s|’s|\s+is)?\s+(?:the\s+)?(?:battery\s+|storage\s+)?capacity\s+of\b",
            re.I,
        ),
        re.compile(r"\b\d[\d,.]*\s?(?:mah|ah|wh|kwh|gb|tb|mb|ml|l|litres?|liters?|gallons?|cups?|cells?)\b", re.I),
        "how much it holds",
        "a capacity",
    ),
    # "How much does the kettle weigh?": a weight, in a unit of mass.
    ValueKind(
        re.compile(r"\bweigh(?:s|ed|t|ts|ing)?\b|\bhow heavy\b", re.I),
        re.compile(
            r"\b\d+(?:[.,]\d+)?\s?(?:g|kg|grams?|kilo(?:gram)?s?|lbs?|pounds?|oz|ounces?|tonnes?|tons?)\b", re.I
        ),
        "how much it weighs",
        "a weight",
    ),
    # "What hours is the desk staffed?", "what's the latest time the meeting starts?": a time of day on a clock,
    # never a length of time ("within 4 hours").
    ValueKind(
        re.compile(
            rf"\b(?:what|which)\s+(?:hours|times?){_NOT_CLOCK}(?=[^?.!]*\b(?:{_ATTENDED}|start|starts|begin|begins"
            r"|end|ends|finish|finishes|held|meet|meets|run|runs)\b)"
            rf"|\b(?:opening|office|business|working|support|service)\s+hours\b|\bat\s+what\s+time\b"
            rf"|\b(?:latest|earliest)\s+time\b{_NOT_CLOCK}|\btime\s+of\s+(?:the\s+)?day\b",
            re.I,
        ),
        re.compile(
            r"\b\d{1,2}(?::\d\d)?\s?(?:am|pm|a\.m\.|p\.m\.)|\b\d{1,2}:\d\d\b|\b(?:noon|midday|midnight)\b"
            r"|\b24/7\b|\baround the clock\b|\b24 hours a day\b|\bo'clock\b",
            re.I,
        ),
        "at what time",
        "a time of day",
    ),
    # "Is the service desk open on weekends?": the days something is open or staffed.
    ValueKind(
        re.compile(
            rf"\b{_ATTENDED}\b[^?.!]*\b(?:week-?ends?|saturdays?|sundays?)\b"
            rf"|\b(?:week-?ends?|saturdays?|sundays?)\b[^?.!]*\b{_ATTENDED}\b",
            re.I,
        ),
        re.compile(
            rf"\b{_WEEKDAYS}s?\b|\bweek-?ends?\b|\bweekdays?\b|\bbusiness days?\b|\bevery day\b|\bdaily\b"
            r"|\b(?:seven|7) days\b|\b24/7\b|\baround the clock\b|\ball year\b",
            re.I,
        ),
        "on which days",
        "the days",
    ),
    # "Which city is the head office in?": a place, said by its name inside a sentence ("in Portland", "depots: Denver
    # (North America)"), never a month ("in June") nor a sentence's first word.
    ValueKind(
        re.compile(r"\b(?:which|what)\s+(?:city|town|country|countries|neighbou?rhood|district)\b", re.I),
        re.compile(rf"(?:(?<=[\w,;:]\s)|(?<=\())(?!(?:{_MONTHS}|{_WEEKDAYS}|I)\b)[A-Z][a-z]+"),
        "where",
        "a place",
    ),
    # "What's the latest date a gift can be returned?": a calendar date, with its month or as digits; a year alone
    # ("the 2023 pilot") is no date.
    ValueKind(
        re.compile(r"\b(?:what|which)(?:'s|’s|\s+is|\s+was)?\s+(?:the\s+)?(?:\w+\s+)?date\b(?!s)", re.I),
        re.compile(
            rf"\b{_MONTHS}\.?\s+(?:\d{{1,2}}|\d{{4}})\b|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTHS}\b"
            rf"|\b\d{{4}}-\d\d-\d\d\b|\b\d{{1,2}}/\d{{1,2}}\b|\b{_WEEKDAYS}\b|\b(?:today|tomorrow|yesterday)\b"
        ),
        "on what date",
        "a date",
    ),
    # "How much did the pilot cost?", "what's the price of ...": an amount of money (or a fee given as a share).
    ValueKind(
        re.compile(
            r"\bhow\s+much\b[^?.!]*\b(?:cost|costs|costed|spend|spent|pay|paid|charge|charged|priced)\b"
            r"|\b(?:what|which)(?:'s|’s|\s+is|\s+was|\s+are|\s+were)?\s+(?:the\s+)?(?:\w+\s+)?(?:price|cost)\b(?!\s+(?:tiers?|policy|rules?|changes?|cuts?|drops?))",
            re.I,
        ),
        re.compile(
            rf"[$€£¥]\s?\d|\b\d[\d,.]*\s?(?:dollars?|euros?|usd|eur|gbp|chf|jpy)\b|\b(?:USD|EUR|GBP|CHF|JPY)\s?\d"
            rf"|\bfree\b|\bno\s+(?:charge|cost|fee)s?\b|\bnothing\b|\b\d+(?:\.\d+)?\s?%\s+(?:\w+\s+){{0,2}}?{_PRICED}\b"
            rf"|\b{_PRICED}\s+of\s+\d+(?:\.\d+)?\s?%",
            re.I,
        ),
        "how much",
        "an amount",
    ),
    # "What's the maximum import duty?": a figure, which a year alone ("rose in 2024") is not.
    ValueKind(
        re.compile(
            r"\b(?:what|which)(?:'s|’s|\s+is|\s+was|\s+are)?\s+(?:the\s+)?(?:maximum|minimum|max|min|highest|lowest"
            r"|largest|smallest|biggest)\b(?!\s+(?:date|time|day)\b)",
            re.I,
        ),
        re.compile(
            rf"(?<![\d.[])(?!(?:19|20)\d\d\b)\d[\d,.]*|\b{_NUMBER_WORD}\b|\bno\s+(?:limit|maximum|minimum|cap)\b", re.I
        ),
        "how much",
        "a figure",
    ),
)

# "Which VPN client do we use?": the thing asked is one of a kind, named ("the Nimbus client", "courier: Parcelo");
# a sentence that only says the kind ("sign out of the VPN client", "a cross-border courier") names none.
_WHICH_USED = re.compile(
    r"\b(?:which|what)\s+(?P<np>(?:[\w-]+\s+){0,2}?(?P<head>[a-z][\w-]*?))s?\s+(?:do|does|did|should|will|can|is|are)"
    r"\s+(?:[\w'’-]+\s+){1,3}?(?:use|using|work\s+with|partner\s+with|rely\s+on|go\s+with)\b",
    re.I,
)
# Capitalised words that open a sentence or a clause and name nothing (general English).
_OPENERS = (
    "The A An Our Your Their Its This That These Those Each Every Any Some Then If When Once After Before For Use Open"
    " Sign Check Collect Choose Put Select Go Ask Call Send Click Install It We You They Users Customers All No Only"
)


# "How long is the reset code valid?", "for how many days are logs kept?": how long a thing stays valid or kept.
_KEPT = r"(?:valid|good|kept|keep|stored|store|retained|retain|saved|held|active|live|usable)"
_LASTS = re.compile(
    rf"\b(?:how\s+long|how\s+many\s+(?:seconds|minutes|hours|days|weeks|months|years))\s+(?P<rest>[^?.!]*?\b{_KEPT}\b[^?.!]*)",
    re.I,
)
_NOT_THING = frozenset(
    "how long many much is are was were do does did we you they it its the a an of for to in on by be been valid good"
    " kept keep stored store retained retain saved held active live usable seconds minutes hours days weeks months"
    " years before after until once".split()
)


def _kept_kind(question: str) -> ValueKind | None:
    """ "How long is the reset code valid?": a duration in a sentence that names the thing kept (a word of the
    question's), never another thing's ("an account unlocks itself after 30 minutes")."""
    m = _LASTS.search(question)
    if m is None:
        return None
    # The thing is the subject's noun phrase: after the auxiliary, before a preposition, a relative clause or a verb.
    subject = re.match(
        r"(?:(?:is|are|was|were|does|do|did|will|would|can|should)\s+)?(?P<np>.*?)"
        r"(?=\s+(?:for|of|from|to|in|on|at|by|with|that|which|we|you|they|stay|stays|remain|remains|last|lasts)\b|$)",
        m.group("rest").lower(),
    )
    np = subject.group("np") if subject else m.group("rest").lower()
    things = [w for w in re.findall(r"[a-z][a-z-]{2,}", np) if w not in _NOT_THING][:2]
    if not things:
        return None
    stems = "|".join(sorted({re.escape(w[: max(3, len(w) - 2)]) for w in things}))
    said = rf"\b(?:{stems})\w*"
    written = re.compile(rf"{said}[^.!?]*{DURATION_TEXT}|{DURATION_TEXT}[^.!?]*{said}", re.I)
    return ValueKind(_LASTS, written, "how long", "how long it stays valid", checked=False)


def _compound_kind(question: str) -> ValueKind | None:
    """ "Is there a money-back guarantee?", "do we offer same-day delivery?": a thing asked with a hyphenated qualifier
    is answered only by a sentence that says the qualifier ("money-back", "same day"); the EU's "legal guarantee" or
    the standard delivery times are another thing of the kind."""
    found = asked_phrase(question)
    compounds = [w for w in found[0] if "-" in w.strip("-")] if found else []
    if not compounds:
        return None
    said = "|".join(r"[\s-]+".join(re.escape(p) for p in w.split("-") if p) + "s?" for w in compounds)
    asks = re.compile(re.escape(compounds[0]), re.I)
    return ValueKind(asks, re.compile(rf"\b(?:{said})\b", re.I), "whether", compounds[0], checked=False)


def _named_kind(question: str) -> ValueKind | None:
    """The kind "a name of the asked thing" for "which X do we use": a capitalised name or a code next to the
    thing's word, not one of the question's own words."""
    m = _WHICH_USED.search(question)
    if m is None:
        return None
    head = re.escape(m.group("head").lower())
    own = {w for w in re.findall(r"[A-Z][\w&.'-]*", question)} | set(_OPENERS.split())
    shut = "|".join(re.escape(w) for w in sorted(own))
    name = rf"(?!(?:{shut})\b)(?:[A-Z][\w&.'-]*|[a-z]+\d[\w.-]*)"
    written = re.compile(
        rf"\b{name}\s+(?:[\w-]+\s+)?{head}s?\b|\b{head}s?\s*(?:called|named|:|,|is|are)?\s+{name}"
        rf"|\b{name},\s+(?:our|the|a|an)\s+(?:[\w-]+\s+)?{head}s?\b"
        rf'|"[^"]+"\s+{head}|\b{head}s?\s+"[^"]+"',
    )
    return ValueKind(m.re, written, f"which {m.group('np').lower()}", "a name", m.group("head").lower())


_CONTACTING = re.compile(
    r"\b(?:phone|telephone|tel|call|ring|dial|hotline|helpline|line|extension|reach|e-?mail|web\s*site|web|url)\b", re.I
)


def asked_value_kind(question: str) -> ValueKind | None:
    """The kind of value the question asks for by its wording ("how often": a frequency), or None."""
    if kind := next((k for k in VALUE_KINDS if k.asks.search(question)), None):
        return kind
    if ASKER.search(question):
        return None
    if (contact := asked_contact(question)) and _CONTACTING.search(question):
        # "is there an out-of-hours line?": a number, not the SLA times; "what number am I to hit" asks no phone.
        return ValueKind(contact.asks, contact.written, "how to reach it", contact.value)
    kind = next((k for k in DOCUMENT_KINDS if k.asks.search(question)), None)
    return kind or _named_kind(question) or _kept_kind(question) or _compound_kind(question)
