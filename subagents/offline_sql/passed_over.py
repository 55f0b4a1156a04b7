"""Words of a data request that general English says restrict no rows, so the mapper may pass over them.

Four kinds, each read from grammar rather than from a domain's words:
- fixed phrases that only announce the topic: "revenue-wise", "in terms of", "when it comes to", "as far as X goes";
- unit nouns that count a named thing: "pairs of the Vista glasses", "boxes of cables" (the thing is placed);
- class nouns right after a placed value: "the accessories line", "the smart home range" (the value says which);
- a purpose or audience phrase that names a document, not data: "for the board pack", "for my exec deck".

Never a word that could itself be a value, a number, a time or a negation: those stay for the mapper to place or
report. The words passed over in the last two kinds are returned so the answer can say so.
"""

from __future__ import annotations

import re

from cognicore.subagents.offline_sql._words import NEGATION, people_column, works_on
from cognicore.subagents.offline_sql.aside_words import SET_ASIDE
from cognicore.subagents.offline_sql.lexicon import RULE_WORDS, STOP_WORDS, Lexicon, Target, normalise, plural
from cognicore.subagents.offline_sql.mapping import Mapping, Text

__all__ = [
    "PEOPLE_BUT",
    "amount_phrases",
    "currency_words",
    "drop_topic_phrases",
    "modifying_participles",
    "pass_over",
    "place_phrases",
]

# Phrases that announce what the figure is about ("regarding"): the topic itself is said next to them.
_TOPIC = re.compile(
    r"\b(?:in terms of|when it comes to|with (?:respect|regard|reference) to|in regards? to|as regards|regarding|"
    r"concerning)\b|(?<=[a-z0-9]) wise\b"
)
# Polite frames around a request ("I'd love to know", "when you get a chance", "if possible", "would you mind",
# "thanks in advance"): how it is asked, never what.
_POLITE = re.compile(
    r"\bi (?:d|would) (?:love|like) to (?:know|see|get|have|find out)\b|\b(?:would|do|will) you mind\b|"
    r"\bwhen(?:ever)? you (?:get|have|find) (?:a|the) (?:chance|minute|moment|sec|second|spare moment)\b|"
    r"\bif (?:at all )?possible\b|\bif you (?:can|could|would|do not mind|dont mind)\b|"
    r"\bthanks? (?:you )?(?:so much |very much )?in advance\b|\bat your (?:earliest )?convenience\b"
)
# "which priority do most tickets fall into", "revenue that falls under smart home": the verb of belonging (never
# the season "fall", nor "revenue fell", a decline)
_FALL_UNDER = re.compile(r"\b(?:fall|falls|fell|fallen|falling)(?= (?:into|under|within)\b)")
# "the discount we hand out", "tickets handed over to ben": to give (never "units on hand")
_HAND_OUT = re.compile(r"\bhand(?:s|ed|ing)?(?= (?:out|over)\b)")
# "how much discount did we give away": the particle of "give" says no more
_GIVE_AWAY = re.compile(r"\b(give|gives|gave|given|giving) away\b")
# "for the year 2025", "in calendar year 2024": the year itself is the period.
_YEAR_NOUN = re.compile(r"\b(?:the )?(?:calendar )?year (?=(?:19|20)\d\d\b)")
# "as far as revenue goes", "as far as orders are concerned": the frame around the topic.
_AS_FAR_AS = re.compile(r"\bas far as\b((?: [a-z0-9]+){1,4}?) (?:goes|go|is concerned|are concerned)\b")

# Nouns that count pieces of a thing ("pairs of", "boxes of"); the thing counted follows "of".
_UNIT_NOUNS = frozenset("pair piece box pack packet carton crate bag bottle can jar roll dozen".split())
# Nouns that name a class of things ("the accessories line"); the class is the value said before them.
_CLASS_NOUNS = frozenset("line range family lineup series portfolio collection assortment".split())
# Nouns of an amount of rows ("ticket load", "order volume"): after the rows' noun, their count.
# "the ticket load", "order volume", "by order count", "the ticket total": the noun of a table's rows, then an amount
_AMOUNT = re.compile(r"\b([a-z]+) (?:load|loads|volume|volumes|count|counts|tally)\b")
# "the heaviest load of open P2s", "the lightest workload": the most (fewest) of the rows named
_SIZED_LOAD = re.compile(
    r"\b(?:(heaviest|biggest|largest|greatest|highest)|lightest|smallest|lowest) (?:work ?)?(?:load|volume)s?(?: of)?\b"
)
# Documents a request is prepared for ("for the board pack"): who reads it, not what it counts.
_DOCUMENTS = (
    r"pack|deck|slides?|meeting|review|presentation|memo|briefing|update|call|standup|sync|offsite|newsletter|"
    r"1 1|1 on 1|one on one|1on1|catch ?up|check ?in"
)
# "for my exec deck", "before my 1:1", "ahead of the standup": the occasion the figure is wanted for
_PURPOSE = re.compile(
    rf"\b(?:for|before|ahead of|prior to) (?:the|my|our|an?|this|next|tomorrow) ((?:[a-z]+ ){{0,2}})({_DOCUMENTS})\b"
)


# A greeting opening the request ("hiya", "morning all", "good afternoon team"): who is addressed, never what.
# A bare time of day greets only when someone is addressed or a new sentence follows it ("morning - how many ...");
# before a noun it says when ("morning tickets", "evening orders"), which stays to be read (or not understood).
_ADDRESSED = r"(?: (?:there|all|everyone|everybody|team|folks|guys|y all|you))"
_OPENS_SENTENCE = (
    r"how|what|which|who|whom|whose|when|where|why|can|could|would|will|please|quick|is|are|was|were|do|does|did|"
    r"i|we|just|hope|so|ok|okay|give|show|tell|list|count|get|pull|need|any|hi|hey|hello"
)
_GREETING = re.compile(
    rf"^\s*(?:(?:(?:hi|hiya|hey|heya|hello|howdy|yo|greetings|good (?:morning|afternoon|evening|day)){_ADDRESSED}?"
    rf"|(?:morning|afternoon|evening)(?:{_ADDRESSED}|(?= (?:{_OPENS_SENTENCE})\b|\s*$)))\b ?)+"
)
# Exclusions said as a verb ("leaving partner sales out", "setting aside online", "not counting retail",
# "ignoring the closed ones"): the same as "excluding", which the mapper reads before a value.
_LEAVE_OUT = re.compile(r"\b(?:leav(?:e|es|ing)|sett?(?:s|ing)?|put(?:s|ting)?) ((?:[a-z0-9-]+ ){1,3}?)(?:out|aside)\b")
_EXCLUDING = re.compile(
    r"\b(?:leav(?:e|es|ing) out|sett?(?:s|ing)? aside|put(?:s|ting)? aside|not counting|not including|"
    r"ignoring|disregarding|leaving aside)\b"
)
# "everywhere except North America", "everyone but ana", "every region but Europe": all of them but that value,
# which the mapper reads as "except" before the value ("everywhere", "everyone" say nothing more; after a share
# the value is its part, never rows set aside)
_ALL_BUT = re.compile(
    r"\b(?:(?:every|any)(?:one|body|thing|where)(?: else)?|every ([a-z]+)|all(?: the| of the| our)? ([a-z]+s)) "
    rf"(?:but|(?!excluding){SET_ASIDE}|save|bar)\b"  # "everything excluding X" reads as it is
)
# "everyone but ana", "anybody other than ben": the other people, never the rows nobody holds
PEOPLE_BUT = re.compile(
    r"\b(?:(?:every|any|some)(?:one|body)(?: else)?|(?:other )?(?:people|persons|colleagues|teammates|others)|"
    r"(?:a|another|any) (?:person|colleague|teammate))"
    r" (?:but|except|other than|apart from|besides|save|bar|than)\b"
)
# "which components don't have a single closed ticket", "haven't got any", "didn't sell a single unit", "without
# any": the same as "have no", which the mapper reads as the groups with none of those rows
_NOT_ANY = re.compile(
    r"\b(?:do|does|did|have|has|had) not (?:(have|has|had|get|got|gotten|see|saw|seen|receive|received|record|"
    r"recorded|sell|sold|ship|shipped|make|made) )?(?:a single|one single|even one|even a single|any|a|an|one)\b"
    r"(?! of\b)"
)
# "which components never got a P3 ticket", "never had any": a verb of having negated by "never" is "got no"
_NEVER_HAD = re.compile(
    r"\bnever (have|has|had|got|get|gets|gotten|received|receive|receives|saw|see|sees|recorded|sold|sell|sells|"
    r"shipped|ship|ships)(?: (?:a single|even one|any|a|an|one)\b(?! of\b)|(?= (?![a-z]+ed\b)[a-z0-9]))"
)
_NOT_A_SINGLE = re.compile(r"\b(?:with)?not (?:a single|one single|even one|even a single|one)\b(?! of\b)")
# "$1,000", "€500": the amount in the currency's word, which the deployment's vocabulary may name a measure by
_CURRENCY = {"$": "dollars", "€": "euros", "£": "pounds"}
_SIGNED = re.compile(r"([$€£])\s?(\d[\d,]*(?:\.\d+)?(?:\s?[kKmM]\b)?)")
# "orders worth more than $1,000", "valued at over 500": the comparison says what "worth" does
_WORTH = re.compile(r"\b(?:worth|valued at)(?= (?:more|less|over|under|above|below|at least|at most)\b)")


def currency_words(request: str, lex: Lexicon) -> str:
    """ "orders over $1,000" -> "orders over 1,000 dollars": a currency sign said as its word after the amount
    (normalising drops signs), so the deployment's vocabulary may name the money measure by it; when the request
    names a figure itself ("a list price under $50") the sign only says the unit, and goes."""
    signed = _SIGNED.search(request)
    if signed is None:
        return request
    rest = f" {normalise(_SIGNED.sub(' ', request))} "
    named = any(
        f" {phrase} " in rest and any(x.kind == "measure" and not x.weak for x in targets)
        for phrase, targets in lex.book("phrases").items()
    )
    return _SIGNED.sub(lambda m: m.group(2) if named else f"{m.group(2)} {_CURRENCY[m.group(1)]}", request)


# "how big were discounts", "how high is the margin": the size of the figure asked, which "what" asks
_HOW_BIG = re.compile(r"\bhow (?:big|large|high|sizeable|significant)(?= (?:was|were|is|are|has been|have been)\b)")
# "name the components where ...": the imperative of listing (never a name column, which a noun phrase asks)
_NAME_THEM = re.compile(r"^\s*(?:please )?(?:can you |could you )?name (?=(?:the|all|every|each|which|any|our)\b)")
# "whose name is on the most VPN tickets": the person who has them
_WHOSE_NAME = re.compile(r"\bwhose name (?:is|appears|shows up|comes up|s) (?:on|against|next to)\b")


def drop_topic_phrases(text: str) -> str:
    """The normalised `text` without the phrases that only announce a topic ("revenue wise" -> "revenue"), frame
    it politely ("if possible"), greet, or name the year a number already names ("the year 2025"); exclusions said
    as verbs read "excluding"; "whose name is on" reads "who has"."""
    text = _GREETING.sub(" ", text)
    text = _LEAVE_OUT.sub(r"excluding \1", text)
    text = _EXCLUDING.sub("excluding", text)
    text = _NOT_ANY.sub(lambda m: f"{m.group(1) or 'have'} no", text)
    text = _NEVER_HAD.sub(r"\1 no", text)
    text = _NOT_A_SINGLE.sub(lambda m: "with no" if m.group(0).startswith("with") else "no", text)
    text = _ALL_BUT.sub(lambda m: f"{m.group(1) or m.group(2) or ''} except", text)
    text = _WHOSE_NAME.sub("who has", text)
    text = _NAME_THEM.sub("list ", _HOW_BIG.sub("what", text))
    text = _AS_FAR_AS.sub(r"\1", text)
    for frame in (_TOPIC, _POLITE, _YEAR_NOUN, _FALL_UNDER, _HAND_OUT):
        text = frame.sub(" ", text)
    text = _GIVE_AWAY.sub(r"\1", text)
    text = _WORTH.sub(" ", text)
    return re.sub(r"\s+", " ", text).strip()


# Nouns English names places with; a grouping by one of them is where things happened.
_PLACE_NOUNS = ("region", "country", "territory", "market", "continent", "area", "location", "city", "state")
# "which part of the world", "what corner of the globe": a place, asked in general words.
_PLACE = re.compile(r"\b(part|parts|corner|corners|area|areas|region|regions) of the (?:world|globe|planet)\b")


def amount_phrases(text: str, lex: Lexicon) -> str:
    """ "the biggest ticket load", "by order count" -> "the biggest number of tickets", "by number of orders": an
    amount noun after the noun of a table's rows is their count; any other word before it stays."""

    def count(m: re.Match[str]) -> str:
        rows = any(x.kind == "entity" for x in lex.phrases.get(m.group(1), []))
        return f"number of {plural(m.group(1))}" if rows else m.group(0)

    text = _SIZED_LOAD.sub(lambda m: "most" if m.group(1) else "fewest", text)
    return _AMOUNT.sub(count, text)


def place_phrases(text: str, lex: Lexicon) -> str:
    """ "which part of the world sold most" -> "which region sold most", when the data has exactly one place
    column (a dimension or table named by one of English's place nouns); else the words stay, unplaced."""
    places = {noun for noun in _PLACE_NOUNS for x in lex.phrases.get(noun, []) if x.kind in ("dimension", "entity")}
    if len(places) != 1:
        return text
    noun = places.pop()
    return _PLACE.sub(lambda m: plural(noun) if m.group(1).endswith("s") else noun, text)


def pass_over(t: Text, found: list[tuple[int, int, str, Target]], lex: Lexicon, q: Mapping) -> list[str]:
    """Blank the unit nouns, class nouns and purpose phrases of `t` that restrict nothing; the words passed over.
    A person said to be in a state ("someone is working on") is read: the column of people is set."""
    values = [(start, end) for start, end, _, target in found if target.kind == "value"]
    passed: list[str] = []
    for m in list(re.finditer(r"\b([a-z]+)\b", t.s)):
        word = m.group(1)
        noun = word[:-2] if word.endswith(("xes", "ches")) else word.rstrip("s") if len(word) > 3 else word
        if noun in _UNIT_NOUNS:
            # "pairs of the Zephyr Trail Boots": only when a placed value follows "of"
            after = re.match(r" of (?:(?:the|our|those|these) )?", t.read[m.end() :])
            if after and any(start == m.end() + after.end() for start, _ in values):
                _blank(t, m)
        elif noun in _CLASS_NOUNS and any(end == m.start() - 1 for _, end in values):
            _blank(t, m)
            passed.append(word)

    for m in list(_PURPOSE.finditer(t.s)):
        if all(_plain(w, lex) for w in m.group(1).split()):
            t.s = t.s[: m.start()] + " " * (m.end() - m.start()) + t.s[m.end() :]
            passed.append(m.group(1) + m.group(2))
    passed += _restated(t, found)
    people = people_column(lex)
    for m in list(_SUBJECT.finditer(t.read)):
        # "is someone currently working on" (read "in progress"): the state's value says what the pronoun did, and
        # the pronoun that a person did it, so the column of people is set (never passed over: it restricts)
        state = [(target, t.read[start:end]) for start, end, _, target in found if start == m.end()]
        state = [(target, said) for target, said in state if target.kind == "value"]
        if t.s[m.start() : m.end(1)] == m.group(1) and state:
            t.s = t.s[: m.start()] + " " * (m.end(1) - m.start()) + t.s[m.end(1) :]
            # "is someone working on (in progress)": the state said again in its own words defines the phrase
            restated = sum(1 for _, _, _, x in found if x.kind == "value" and x.value == state[0][0].value) > 1
            # "has someone closed": a change of state anyone makes says nothing of the people column (all closed)
            if people is None or restated or not works_on(state[0][1], lex):
                passed.append(m.group(1))
            elif people.ref not in q.present:
                q.present.append(people.ref)
    return passed


# An indefinite pronoun right before the value of a state it is the subject of ("is someone currently working on",
# read "in progress"), past adverbs of time. Anywhere else it restricts the rows to those with a person (reads as
# "not empty" in `_words.missing`) or stays unread: never passed over.
_SUBJECT = re.compile(
    r"\b(someone|somebody|anyone|anybody)(?: (?:is|are|was|were|currently|still|now|already|actively))* (?=[a-z])"
)


# "fully cleared, i.e. have no tickets in progress": what follows says again, in words the data has, what the
# words right before it said
_THAT_IS = re.compile(r"\b(?:i e|ie|that is|in other words|meaning|namely)\b")


def _restated(t: Text, found: list[tuple[int, int, str, Target]]) -> list[str]:
    """The unread words right before "i.e." / "that is" (at most three), passed over when what follows it was read
    (a value or a shape placed after it); the marker itself says nothing."""
    m = _THAT_IS.search(t.read)
    if m is None or not any(start >= m.end() for start, _, _, _ in found):
        return []
    before = re.search(r"((?:\b[a-z]+ +){1,3})$", t.s[: m.start()])
    words = [w for w in before.group(1).split() if w not in STOP_WORDS] if before else []
    if before is None or any(w in RULE_WORDS or NEGATION.search(w) for w in words):
        return []  # "not cleared, i.e. ...": a negation or a rule word is never passed over
    t.s = t.s[: before.start(1)] + " " * (m.end() - before.start(1)) + t.s[m.end() :]
    return words


def modifying_participles(t: Text, found: list[tuple[int, int, str, Target]]) -> set[str]:
    """Verb forms used as adjectives before rows ("returning customers", "shipping orders"): they may restrict
    the rows, so they are never passed over as the verb of the clause is."""
    rows = {start for start, _, _, target in found if target.kind in ("entity", "dimension")}
    kept: set[str] = set()
    for m in re.finditer(r"\b([a-z]+(?:ing|ed))\b", t.s):
        following = re.match(r" ([a-z]+)\b", t.read[m.end() :])
        if following is None:
            continue
        start = m.end() + 1
        word = following.group(1)
        unclaimed = t.s[start : start + len(word)] == word
        if start in rows or (unclaimed and word not in STOP_WORDS and word not in RULE_WORDS):
            kept.add(m.group(1))
    return kept


def _plain(word: str, lex: Lexicon) -> bool:
    """A word that names nothing in the data: no phrase of the lexicon, no number, no time or rule word."""
    return not (
        word.isdigit() or word in RULE_WORDS or word in lex.phrases or word in lex.partial or word in STOP_WORDS
    )


def _blank(t: Text, m: re.Match[str]) -> None:
    t.s = t.s[: m.start()] + " " * (m.end() - m.start()) + t.s[m.end() :]
