"""The mood of a sentence read from its structure, not from domain words: does it tell something, ask something,
or pass on someone else's request? English sentence shapes only; used by the statement rules (`telling`) and the
offline classifier before any data or document word is looked at.

- `HABIT`, `orders_now`, `orders_beside_style`, `strip_markers`, `strip_opening` (in `habits`, re-exported): standing
  instructions on answering, and the clause without what opens it but says nothing of its mood
  ("fwiw", "pretty sure", "since monday", "in the Leeds office,", "because of the outage"), so "Since monday the Wi-Fi
  has been flaky" is read as "the Wi-Fi has been flaky".
- `asks_in_situ`: a question asked without moving its wh-word to the front ("we sold how many in 2025",
  "the tickets went to who").
- `declares`: declarative shapes the other rules missed: a passive with its doer ("approvals are done by Ines"),
  a thing and where it goes ("doorbell returns go through Malik"), the speaker's "I'm ...", a diary "been covering
  the north", an indefinite subject with a phrase after it ("nobody on our team touches ...").
A wish passed on ("my manager wants the 2025 order count") is read in `wishes`, a figure told in `told_figures`.
"""

from __future__ import annotations

import re
from itertools import pairwise

from cognicore.memory._fact_words import MONTHS, WEEKDAYS
from cognicore.memory.text import stem, words
from cognicore.orchestrator.habits import HABIT, orders_beside_style, orders_now, strip_markers, strip_opening
from cognicore.orchestrator.openings import MONTH, UNIT, to_remember
from cognicore.orchestrator.scope import IMPERATIVE
from cognicore.orchestrator.spelling import english_words

__all__ = [
    "HABIT",
    "MONTH",
    "QUANTIFIERS",
    "SEEKING",
    "SPEAKER_IS",
    "TOLD_CHANGE",
    "UNIT",
    "asks_in_situ",
    "declared_subject",
    "declares",
    "names_rows",
    "noun_first",
    "orders_beside_style",
    "orders_now",
    "past_diary",
    "strip_markers",
    "strip_opening",
    "to_remember",
    "without_aside",
]

# A value told as changed ("the number we have to hit each quarter is now 4 million"): a copula with "now".
TOLD_CHANGE = re.compile(r"\b(?:is|are|'s|'re)\s+now\b|\bnow\s+(?:is|are)\b", re.IGNORECASE)

# The speaker saying what they are ("I'm", "we're"), and what a speaker who is after something is doing ("I'm trying
# to find ...", "we're looking for ..."): one definition for the statement rules and the wish readers.
SPEAKER_IS = r"(?:i'm|im|i\s+am|we're|we\s+are)"
SEEKING = r"(?:looking|trying|hoping|wanting)"

_DAY = WEEKDAYS  # the fact reader's weekday names: one definition

# "how many" anywhere but after a verb of knowing or telling ("I told them how much it costs").
_HOW_MUCH = re.compile(r"\bhow\s+(?:many|much)\b", re.IGNORECASE)
_KNOWN_BEFORE = re.compile(
    r"\b(?:no\s+matter|regardless\s+of|know|knows|knew|(?:told|tell|tells|showed|explained\s+to)(?:\s+\w+)?|noted)\s*$",
    re.I,
)
# "the tickets went to who", "revenue came from which region": the wh-word is the object, at the end.
_WH_OBJECT = re.compile(
    r"\b(?:to|by|from|for|with|in|on|at|of|under)\s+(?:which|whom|what|who|where)(?:\s+[\w-]+){0,2}\s*[?.!]*\s*$",
    re.IGNORECASE,
)


def asks_in_situ(text: str) -> bool:
    """A question whose wh-word stays where its answer goes ("we sold how many Vista glasses in 2025")."""
    for match in _HOW_MUCH.finditer(text):
        if not _KNOWN_BEFORE.search(text[: match.start()]):
            return True
    return _WH_OBJECT.search(text) is not None


# Words that make a phrase a question, a relative clause or an order rather than a subject.
# Words that open a question or a request, never a told subject ("what's ...", "can ..."): shared with told_figures.
ASKING_WORDS = frozenset(
    "what which who whom whose where when why how that there any please can could would will should do does did".split()
)
_NOT_A_SUBJECT = ASKING_WORDS | frozenset(
    "i me we you list show give find get fetch count tell explain describe remind make".split()
)
_PARTICIPLE = (
    r"(?:[a-z]+ed|done|run|made|sent|kept|set|paid|held|led|taken|given|written|built|sold|bought|brought|put|cut|"
    r"owned|seen|known|shown|chosen|drawn|dealt|split|shared|spread|signed\s+off)"
)
# "discount approvals for our team are done by Ines", "camera bundles are priced by Oksana": a passive with its doer
# (or where it is sent); the subject is a noun phrase of up to eight words.
_PASSIVE = re.compile(
    rf"^\s*(?P<subject>(?:[\w'-]+\s+){{0,7}}?[\w'-]+)\s+(?:is|are|was|were|gets?|got|will\s+be|has\s+been|have\s+been|"
    rf"'re|'s)\s+(?:(?:usually|always|now|mostly|normally|all|still|also|only|typically)\s+)?{_PARTICIPLE}\s+"
    r"(?:by|to|through|via|with|from|every|each|daily|weekly|nightly|monthly|on\s+(?:mon|tue|wed|thu|fri|sat|sun)|"
    r"at\s+\d)\s*\S",
    re.IGNORECASE,
)
# "P1 tickets must be acknowledged within 15 minutes": a rule told (a bare "INC-7 should be closed" asks a change,
# which the change rules read first), so a bound or a destination must follow.
_RULE = re.compile(
    rf"^\s*(?P<subject>(?:[\w'-]+\s+){{0,7}}?[\w'-]+)\s+(?:must|should|shall|needs?\s+to|ha(?:ve|s)\s+to|(?:is|are)\s+to)\s+"
    rf"(?:always\s+|never\s+|all\s+)?(?:be|get)\s+{_PARTICIPLE}\s+"
    r"(?:within|in|by|before|after|to|through|via|with|from|on|at|every|once|first)\b",
    re.IGNORECASE,
)
# "Haven doorbell returns go through Malik", "P2s land with the network team": a thing and where it goes.
_GOES = re.compile(
    r"^\s*(?P<subject>(?:[\w'-]+\s+){0,6}?[\w'-]+)\s+(?:(?:usually|always|now|mostly|normally|all|still|also)\s+)?"
    r"(?:go|goes|went|come|comes|came|belong|belongs|fall|falls|sit|sits|live|lives|land|lands|end\s+up|ends\s+up|"
    r"roll\s+up|rolls\s+up)\s+(?:straight\s+)?(?:to|through|via|under|with|into|onto|in|on|at)\s+\S",
    re.IGNORECASE,
)
# "im the one who closes ...", "we're a team of five": the speaker says what they are (not what they are after).
_I_AM = re.compile(
    rf"^\s*(?:{SPEAKER_IS}|i\s+was|we\s+were|i've\s+been|ive\s+been|we've\s+been)\s+"
    rf"(?!(?:{SEEKING}|wondering|curious|interested|after|keen|not\s+sure|unsure|confused|asking|going\s+to"
    r"\s+need)\b)\S",
    re.IGNORECASE,
)
# "been covering the north since the spring": news with its "I" left out; nothing else opens with "been".
_BEEN = re.compile(r"^\s*(?:have\s+|'ve\s+)?been\s+(?:[a-z]+ing|on|in|at|with|away|off|out|back|here|there)\b", re.I)
# "a 4 hour SLA was agreed for P2s", "an extra licence got approved": something new introduced, and what was done.
_INTRODUCED = re.compile(
    rf"^\s*an?\s+(?:[\w'%$.-]+\s+){{0,5}}?(?:was|were|is|are|has\s+been|have\s+been|got|gets|will\s+be)\s+"
    rf"(?:now\s+|just\s+|finally\s+|also\s+)?{_PARTICIPLE}\b",
    re.IGNORECASE,
)
# "Two new techs started on the rollout": a count spelled out (queries write digits), then what they did.
_SPELLED_COUNT = re.compile(
    r"^\s*(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?:[\w'-]+\s+){0,3}?"
    r"(?:[a-z]{3,}ed|went|came|left|began|got|took|quit|won|lost|made|have|has|are|were|will)\b",
    re.IGNORECASE,
)
# "nobody on our team touches payroll tickets": an indefinite subject, a phrase about it, then its verb.
_NOBODY = re.compile(
    r"^\s*(?:nobody|no\s+one|noone|everyone|everybody|someone|somebody)\s+(?:(?:on|in|at|from|of|outside)\s+"
    r"(?:the\s+|our\s+|my\s+|this\s+|that\s+)?(?:[\w-]+\s+){1,2}?)(?:[a-z]+s|[a-z]+ed|can't|won't|ever|really)\b",
    re.IGNORECASE,
)


_NUMBER_WORDS = frozenset("one two three four five six seven eight nine ten eleven twelve dozen".split())
_OBJECTS = frozenset("the a an me us my our this that these those him her them it all every".split())
# Words that open a noun phrase, never an order ("half the wifi tickets are ...", "most of my tickets ...").
QUANTIFIERS = frozenset("half all both most many few several some none each every twice".split())


def noun_first(text: str, nouns: frozenset[str] = frozenset(), *, numbered: bool = False) -> bool:
    """Whether `text` opens with a quantifier or one of `nouns` (stems of the data's words: "Priority 1 tickets
    must ..."), so its first word is no imperative verb when a declarative shape follows."""
    first, after = ([*text.lower().split(), "", ""])[:2]
    if first in QUANTIFIERS or first in _NUMBER_WORDS or re.match(r"[$\u20ac\u00a3]?\d", first):
        return True  # "two more reps joined ...", "12 laptops were replaced": no order opens with a number
    # "Email the figures to ...", "Order 30 power banks": a word of the data with an object or a quantity after it is
    # still an order; `numbered` when a declarative shape follows anyway ("Priority 1 tickets must be ...").
    counted = bool(re.match(r"\d", after)) and not numbered
    return stem(first.strip(",.:;!?")) in nouns and after not in _OBJECTS and not counted


# "online orders over $500 get free shipping", "new starters receive a laptop": what a kind of thing gets.
_GETS = re.compile(
    r"^\s*(?P<subject>(?:[\w'$\u20ac\u00a3.-]+\s+){0,6}?[\w'$\u20ac\u00a3.-]+)\s+(?:always\s+|usually\s+|all\s+)?"
    r"(?:get|gets|receive|receives|qualify\s+for|qualifies\s+for)\s+(?:a|an|the|free|extra|priority|[$\u20ac\u00a3\d])",
    re.IGNORECASE,
)
# "the headphones sell better in Europe than anywhere else": a judgement of how something does, told.
_DOES_WELL = re.compile(
    r"^\s*(?P<subject>(?:[\w'-]+\s+){0,4}?[\w'-]+)\s+(?:sell|sells|sold|do|does|did|perform|performs|performed|"
    r"go|goes|went)\s+(?:much\s+|way\s+|a\s+lot\s+)?(?:better|worse|best|worst|well|badly|poorly|great|fine|strongly|"
    r"weakly)\b",
    re.IGNORECASE,
)


# "there's a new hire on the desk", "there are 3 of us on nights": something exists, told.
_THERE_IS = re.compile(
    r"^\s*there(?:'s|\s+is|\s+are|\s+was|\s+were|\s+will\s+be|'ll\s+be|\s+has\s+been|\s+have\s+been)\s+\S", re.I
)
# "it's Ben who signs off purchases": a cleft naming who or what does something.
_CLEFT = re.compile(
    r"^\s*it(?:'s|\s+is|\s+was)\s+(?!(?:unclear|not\s+clear|unknown|hard|not\s+sure)\b)(?:[\w'-]+\s+){1,3}?"
    r"(?:who|that)\s+[a-z]",
    re.IGNORECASE,
)
# "no more weekend shifts for me", "not on the VPN queue anymore": a change told by what stopped.
# "no more zabbix, grafana instead": what replaced it.
_NO_MORE = re.compile(
    r"^\s*(?:no\s+more\s+.+\s+for\s+(?:me|us)\b|no\s+longer\s+\S|not\s+.+\s+any\s?more\b|"
    r"no\s+more\s+[^,?]+,\s*[^?]+\binstead\b)",
    re.IGNORECASE,
)
# "VPN issues -> Dmitri": a mapping written as an arrow.
_ARROW = re.compile(r"\S\s*(?:\u2192|->|=>)\s*\S")
# "audio: Lars, wearables: Mina", "vpn: ana; email: ben": a mapping written as labelled pairs, two or more.
_PAIR_ONE = r"[\w' &/-]{1,30}:\s*[\w' .&/-]{1,30}?"
_PAIRS = re.compile(rf"^\s*(?:{_PAIR_ONE}\s*[,;]\s*)+{_PAIR_ONE}\s*[.!]?\s*$")
# "Q4 numbers look weak", "the VPN is down again": a judgement or a state in one closing word after a copula.
_IMPRESSION = re.compile(
    r"^\s*(?P<subject>(?:[\w'-]+\s+){0,7}?[\w'-]+)\s+(?:is|are|was|were|has\s+been|have\s+been|looks?|looked|"
    r"seems?|seemed|feels?|felt)\s+(?:very\s+|really\s+|pretty\s+|quite\s+|so\s+|super\s+|rather\s+|too\s+|"
    r"a\s+bit\s+|surprisingly\s+|way\s+)?(?P<word>[a-z]{3,})(?:\s+again|\s+lately|\s+today)?\s*[.!]*\s*$",
    re.IGNORECASE,
)
# "orders from the north dropped a lot last quarter": a trend told by an intransitive verb of change and its degree.
_TREND = re.compile(
    r"^\s*(?P<subject>(?:[\w'-]+\s+){0,6}?[\w'-]+)\s+(?:has\s+|have\s+)?(?:dropped|fell|rose|grew|jumped|slowed|"
    r"dipped|declined|spiked|surged|slumped|tanked|soared|improved|recovered|picked\s+up|slipped|plunged|climbed)\s+"
    r"(?:a\s+lot|a\s+bit|sharply|significantly|badly|slightly|heavily|massively|steadily|hard|off\s+a\s+cliff)\b",
    re.IGNORECASE,
)
# "the rep who covers Singapore is Kenji": a thing picked out by a relative clause, then who or what it is.
_IDENTIFIED = re.compile(
    r"^\s*(?:the|our|my|their)\s+(?:[\w'-]+\s+){0,2}?(?:who|that|which|whom)\s+[^?]{2,60}?\s+(?:is|are|was|were)\s+"
    r"(?:now\s+|still\s+|actually\s+)?(?!(?:who|what|which|whom|where|when|how)\b)[\w'-]+(?:\s+[\w'-]+){0,3}\s*[.!]?\s*$",
    re.IGNORECASE,
)
# "P4s can wait till monday", "Ben can't log in": what someone or something can, will or must do.
_MODAL = re.compile(
    r"^\s*(?P<subject>(?:[\w'-]+\s+){0,4}?[\w'-]+)\s+(?:can|can't|cannot|will|won't|should|shouldn't|must|may|might|"
    r"could|couldn't)\s+(?:not\s+|never\s+|always\s+|only\s+|now\s+)?[a-z]{2,}\b",
    re.IGNORECASE,
)
# "Ana and Ben share the Wi-Fi queue": two names, then what they do.
_PAIR = re.compile(
    r"^\s*(?-i:[A-Z])[\w'-]*\s+(?:and|&)\s+(?-i:[A-Z])[\w'-]*\s+(?!(?:are|were|have|had)\b)[a-z]{3,}\s+"
    r"(?:the|a|an|our|my|all|most|every|each|this|that)\b",
    re.IGNORECASE,
)
_DAYS_OR_DATES = (
    rf"(?:the\s+(?:first|second|third|fourth|last)\s+)?(?:\d|the\s+\d|{_DAY}s?|{MONTH}|noon|midnight|weekends?|"
    rf"(?:week|month|quarter)(?:day)?s?)"
)
# "the VPN cert expires on 1 March", "the rota changes every monday": a thing's verb, then when.
_WHEN = re.compile(
    rf"^\s*(?:the|our|my|this|that)\s+(?P<subject>(?:[\w'-]+\s+){{0,3}}?[\w'-]+)\s+(?P<verb>[a-z]{{3,}}s)\s+"
    rf"(?:on|every|each|at|by|from|until|till)\s+{_DAYS_OR_DATES}\b",
    re.IGNORECASE,
)
# "Nadia's the one who handles promos", "Ana's our backup": a name's "is" contracted before a determiner (a possessive
# is never followed by one).
_NAME_IS = re.compile(r"^\s*[a-z][\w-]*'s\s+(?:the|a|an|our|my|their|his|her)\s+\w", re.IGNORECASE)
# "the payroll app keeps crashing": something that keeps happening.
_KEEPS = re.compile(r"^\s*(?P<subject>(?:[\w'-]+\s+){0,5}?[\w'-]+)\s+(?:keeps|keep|kept)\s+(?:on\s+)?[a-z]+ing\b", re.I)
# "chloe doesn't do printer tickets", "the kiosk never syncs": what someone or something does not do.
_NEGATED = re.compile(
    r"^\s*(?P<subject>(?:[\w'-]+\s+){0,4}?[\w'-]+)\s+(?:(?:doesn't|does\s+not|don't|do\s+not|didn't|did\s+not|won't)\s+"
    # after "never" a participle is a reduced relative ("products never sold in ..." asks rows)
    rf"[a-z]{{2,}}\b|(?:never|no\s+longer|hardly\s+ever|rarely)\s+(?!{_PARTICIPLE}\b)[a-z]{{2,}}\b)",
    re.IGNORECASE,
)
# "Sales calls in North America happen on Tuesdays": when something recurring takes place.
_HAPPENS = re.compile(
    rf"^\s*(?P<subject>(?:[\w'-]+\s+){{0,6}}?[\w'-]+)\s+(?:happens?|takes?\s+place|occurs?|runs?|meets?|starts?|begins?|"
    rf"ends?|finish(?:es)?)\s+(?:on|every|each|at|from|until|till)\s+{_DAYS_OR_DATES}\b",
    re.IGNORECASE,
)
# "our team of 4 covers the whole building": what the speaker's own team or thing does.
_OURS_DOES = re.compile(
    r"^\s*(?:our|my)\s+(?P<subject>(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+(?P<verb>[a-z]{3,}s)\s+(?:the|a|an|all|every|our|my|"
    r"most|both|each|some|half|\d)\b",
    re.IGNORECASE,
)
# "any discount above 20 percent needs my sign-off", "any P1 opened after 6pm goes to the on-call engineer": a rule
# told of any one of a kind, its verb in the third person; with a question mark it asks ("any P1s open?").
_ANY_RULE = re.compile(
    r"^\s*any\s+(?P<subject>(?:[\w'$%.-]+\s+){0,7}?[\w'$%.-]+)\s+(?:needs|requires|gets|goes|must|should|has\s+to|"
    r"qualifies|counts|triggers|ships|lands|waits)\s+\S[^?]*$",
    re.IGNORECASE,
)
_ASIDE = re.compile(r",\s+not\s+[^,?]+,\s+")


def without_aside(text: str) -> str:
    """`text` without a contrasting aside ("Chloe, not Ana, handles payroll" -> "Chloe handles payroll")."""
    return _ASIDE.sub(" ", text, count=1)


def declares(text: str, nouns: frozenset[str] = frozenset()) -> bool:
    """A declarative sentence of a shape the other statement rules miss (see the module docstring); `nouns` are
    the stems of the data's words, which open a subject, not an order."""
    return declared_subject(text, nouns) is not None


def declared_subject(text: str, nouns: frozenset[str] = frozenset()) -> str | None:
    """The subject of `text` when it has a declarative shape of `declares` ("" for shapes whose subject is the
    speaker or nobody in particular), else None; the caller checks that the subject is not rows of the data."""
    told = (_BEEN, _I_AM, _NOBODY, _THERE_IS, _CLEFT, _NO_MORE, _PAIR, _NAME_IS, _INTRODUCED, _SPELLED_COUNT)
    if any(shape.match(text) for shape in told):
        return ""
    if (_ARROW.search(text) or _PAIRS.match(text) or _IDENTIFIED.match(text)) and "?" not in text:
        return ""
    if IMPERATIVE.match(text) and not noun_first(text, nouns, numbered=True):
        return None  # "make sure tickets are sent to Ben" orders; its verb comes first
    judged = _IMPRESSION.match(text)
    if judged and stem(judged.group("word").lower()) not in nouns and judged.group("word").lower() not in ASKING_WORDS:
        # "Revenue for Europe in 2025 was strong": a judgement (not a value of the data, "tickets are open")
        return judged.group("subject") if not set(words(judged.group("subject"))) & _NOT_A_SUBJECT else None
    shapes = (
        _ANY_RULE,
        _PASSIVE,
        _RULE,
        _GOES,
        _GETS,
        _DOES_WELL,
        _MODAL,
        _WHEN,
        _KEEPS,
        _NEGATED,
        _HAPPENS,
        _OURS_DOES,
        _TREND,
    )
    for shape in shapes:
        match = shape.match(text)
        if match and not set(words(match.group("subject"))) & _NOT_A_SUBJECT:
            return match.group("subject")
    return None


_SUBJECT_PRONOUNS = frozenset("i we you he she they it everyone someone nobody".split())


def names_rows(subject: str, data: frozenset[str], values: frozenset[str]) -> bool:
    """Whether `subject` is rows named by a relative clause with its "that" left out: a word of the data, then a name
    or a pronoun that starts the clause ("tickets ben can close", "revenue Europe gets"). A compound ("discount
    approvals") or a phrase ("tickets at the weekend") is no such clause."""
    raw = [w.strip(",.'") for w in subject.lower().split()]
    for word, after in pairwise(raw):
        if stem(word) in data and (after in _SUBJECT_PRONOUNS or stem(after) in values):
            return True
    return False


# "ordered 200 power banks for the store yesterday", "closed 9 payroll tickets before lunch": news with its "I" left
# out; a verb in the past tense, then what it was done to (a determiner or a quantity). No order is in the past.
_PAST_FIRST = re.compile(
    r"^\s*(?:just\s+|finally\s+|also\s+|then\s+)?(?P<verb>[a-z]{4,}ed)\s+(?:the|a|an|my|our|his|her|their|all|both|"
    r"another|some|\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|a\s+couple)\b",
    re.IGNORECASE,
)
_COMMON_VERB = 1_000  # a stem this frequent in English is a real verb ("order" of "ordered"); "ne" of "need" is not


# "closed 10 tickets in march by priority", "... per team": rows grouped is a report asked for, not news; "by friday"
# or "by the 30th" is a deadline.
_GROUPED = re.compile(
    rf"\b(?:per|for\s+each|(?:broken\s+down|grouped|split)\s+by|by\s+(?!{_DAY}|{MONTHS}|the\b|end\b|noon\b|"
    r"tomorrow\b|tonight\b|today\b|next\b|\d)[a-z]+)\b",
    re.IGNORECASE,
)


def past_diary(text: str) -> bool:
    """Whether `text` opens with a verb in the past tense and its object, its "I" left out ("replaced 3 laptops")."""
    match = _PAST_FIRST.match(text)
    if match is None or _GROUPED.search(text):
        return False
    verb = match.group("verb").lower()
    stems = [verb[:-1], verb[:-2]] + ([verb[:-3]] if verb[-3] == verb[-4] else [])  # closed, ordered, planned
    return any(len(s) >= 3 and english_words().get(s, 0) >= _COMMON_VERB for s in stems)
