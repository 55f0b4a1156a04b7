"""The general check at the end of the documents path: does the quote account for the thing the question asks?

An extractive answer shares words with the question; this reads the question's structure (the things it names by
two words, the person it asks for an act) against the quoted sentences and the passages' words, so a quote about
another thing of the same modifier, or naming someone for another act, is never given as the answer."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cognicore.memory.text import STOPWORDS, stem, terms, words
from cognicore.subagents._absence_unknown import FRAME_WORDS, VAGUE_WORDS
from cognicore.subagents._answer_checks import plural
from cognicore.subagents._answer_head import asked_head, only_modifies
from cognicore.subagents._answer_shape import LIGHT_VERBS, ROLE_WORDS, names_person
from cognicore.subagents._passage_units import Unit
from cognicore.subagents._question_terms import shortened, spelling_variants

__all__ = ["unaccounted"]


# Nouns that name the value asked, frame it or qualify it vaguely (general English), not a thing a quote must name:
# "the restocking charge", "the loan period", "the member rate", "the battery life", "the return policy"; nor a word
# for any thing of a kind ("audio gear", "smart-home stuff"), which a rule for the kind covers.
_VALUE_HEADS = (
    FRAME_WORDS
    | VAGUE_WORDS
    | frozenset(
        stem(w)
        for w in """cost costs price prices pricing fee fees charge charges policy policies rule rules life lifetime
        term terms status info information detail details rate rates gear stuff thing things item items product
        products device devices unit units kit kits equipment goods merchandise piece pieces""".split()
    )
)
# Words after which the previous word is a verb, not a noun's head ("does the watch survive a swim?").
_OBJECT_START = frozenset("a an the my your our their his her its it them me us him this that these those".split())
_CLAUSES = re.compile(r"[;:,]\s+|\s+(?:and|but|while|whereas)\s+")
# What may follow a thing that ends a clause: a conjunction or a relative clause's subject ("a gift card they got").
_CLOSERS = frozenset("and or but that which who they we you i he she someone".split())
_PRONOUNS = frozenset(
    """myself yourself himself herself itself ourselves yourselves themselves oneself someone somebody anyone anybody
    everyone everybody nobody something anything everything nothing""".split()
)
_ANYONE = frozenset(stem(w) for w in "people person persons customer customers user users staff everyone".split())
_PARTICLES = frozenset("back away along around".split())
# Adverbs of time close a clause without being a thing ("my login keeps failing today", "it stopped syncing tonight").
_WHEN_WORDS = frozenset(
    "today tonight yesterday tomorrow now lately recently anymore overnight already still yet soon later".split()
)
_SINGLE = frozenset("a an what which each every this that".split())
_AUXILIARIES = frozenset("do does did can could will would should must may might shall is are was were".split())
# A head that is an adjective or a participle ("is customer support reachable", "the box opened"): no thing.
_ADJECTIVE = re.compile(r"(?:able|ible|ful|ous|less|ed|ly)$")
# "why does signing out of the client help?": after "do"/"does"/"did", the question's last word is its verb.
_DO_SUPPORT = re.compile(r"^\W*(?:(?:why|how|when|where|what|which|who)\b[^?]*?\s)?(?:do|does|did)\b", re.I)
_TOKEN = re.compile(r"[A-Za-z][\w'’-]*|[^\w\s]")
# Verbs that carry little of their own ("who made the call", "who took the decision"): the noun after says the act.
_LIGHT_ACTS = frozenset(
    stem(w) for w in "make makes made take takes took give gives gave put puts set sets need needs needed".split()
)


def _compounds(question: str) -> list[tuple[str, str]]:
    """The two-word things a question names, modifier then head, as typed ("gift cards", "phone browser"): two
    lower-case content words closing a clause or its object ("... for gift cards?", "... a gift card they got").
    Not a head of value or frame, not a plural modifier (the subject of a verb: "earbuds qualify"), not a subject
    and its verb after an auxiliary ("does the fare column mean ...")."""
    tokens = _TOKEN.findall(question)
    lowered = [t.lower() for t in tokens]
    do_support = bool(_DO_SUPPORT.match(_last_sentence(question)))
    found = []
    for i in range(len(tokens) - 1):
        m, h = lowered[i], lowered[i + 1]
        if not (m[0].isalpha() and h[0].isalpha()) or tokens[i][0].isupper() or tokens[i + 1][0].isupper():
            continue
        after = lowered[i + 2] if i + 2 < len(tokens) else ""
        if after[:1].isalpha() and after not in _CLOSERS:
            continue  # not where a thing ends: "battery dies in ...", "pro last week", "password manager people"
        if {m, h} & (STOPWORDS | _PRONOUNS | _WHEN_WORDS) or min(len(m), len(h)) < 3 or plural(m):
            continue
        if (
            stem(h) in _VALUE_HEADS
            or stem(m) in VAGUE_WORDS
            or {stem(m), stem(h)} & LIGHT_VERBS
            or _ADJECTIVE.search(h)
        ):
            continue
        before, crossed = i - 1, 0
        while before >= 0 and (lowered[before] in _OBJECT_START or tokens[before][0].isupper()):
            before -= 1
        if before >= 0 and lowered[before] not in STOPWORDS and lowered[before][:1].isalpha():
            before, crossed = before - 1, 1  # "does the fare column mean": one more word of the subject
            while before >= 0 and lowered[before] in _OBJECT_START:
                before -= 1
        if before >= 0 and lowered[before] in _AUXILIARIES and crossed <= 1:
            continue
        if do_support and not after[:1].isalpha() and after not in {",", ";", ":"}:
            continue
        # "a retail customer wants ...", "what restocking fee applies": after a singular determiner, a word in -s is
        # the subject's verb, never a plural head
        k = i - 1
        while k >= 0 and lowered[k][:1].isalpha() and lowered[k] not in STOPWORDS | _SINGLE:
            k -= 1  # back over the noun phrase's other modifiers to its determiner
        if k >= 0 and lowered[k] in _SINGLE and h.endswith("s") and not h.endswith("ss"):
            continue
        found.append((m, h))
    return found


def _names_someone(clause: str, question: str, common: frozenset[str]) -> bool:
    """Does the clause name a particular person (a full name) or a role ("the duty manager"), not people at large nor
    a body the question names itself ("the finance meeting")?"""
    roles = {stem(w) for w in words(clause)} & ROLE_WORDS - _ANYONE - {stem(w) for w in words(question)}
    return bool(roles) or names_person(clause, question, common)


def _known(word: str, vocabulary: frozenset[str], synonyms: dict[str, frozenset[str]]) -> bool:
    """Does a passage use the word in some form: its stem, a word of its paraphrase group, a close spelling or a
    word it is short for ("promos")?"""
    stems = synonyms.get(stem(word), frozenset()) | {stem(word)}
    return bool(stems & vocabulary) or bool(spelling_variants(stem(word), vocabulary) or shortened(word, vocabulary))


def unaccounted(
    question: str,
    quoted: Sequence[Unit],
    vocabulary: frozenset[str],
    synonyms: dict[str, frozenset[str]],
    common: frozenset[str] = frozenset(),
    written: str = "",
) -> str | None:
    """The part of what the question asks that the quoted sentences do not account for, or None.

    Guarantees, from the question's structure and the passages' words only (never a case's words):
    - the asked thing: a thing named by two words ("gift cards", "a phone browser") whose head no passage uses in any
      form is never answered by a sentence using its modifier for something else ("gift buyers");
    - the asked person: a "who" with an act no passage writes ("who chairs ...") or relative to a named holder ("who
      was CFO before Priya Raman?") needs a clause naming someone new with what the act is on;
    - the case: a quote whose first sentence speaks of what the case lacks or negates ("if they don't have their phone",
      "unopened returns") is about the other case;
    - the asked detail: a "when" is not answered by a pointer to a date ("the same year"), a "how many X" only by a
      count of X (or of things of any kind).
    - the asked head ("the warranty on the watch") is not answered by a quote using it only as the modifier of
      another thing the documents name ("Warranty claims on the watch fell ...") and never as itself;
    `common`: stems of the capitals most passages write (the company's name), which name no one; `written`: the
    passages' text, where the documents' two-word things are read."""
    if not quoted:
        return None
    said = frozenset().union(*(u.terms for u in quoted))
    for modifier, head in _compounds(question):
        if stem(modifier) in said and not _known(head, vocabulary, synonyms):
            return f"{modifier} {head}"
    if (asked := _asked_thing(question)) and _modifier_only(asked, quoted, synonyms, written):
        return " ".join(asked)
    if (who := _who_part(question, quoted, vocabulary, synonyms, common)) is not None:
        return who
    if (case := _lacked(question)) and _speaks_of(quoted[0], case):
        return f"the case without {case}"
    if _WHEN_ASKED.search(_last_sentence(question)) and all(
        _BACK_TIME.search(u.text) and not _EXPLICIT_TIME.search(u.text) for u in quoted
    ):
        return "the date itself"  # "the same year": the quote points at a date it does not give
    if (counted := _counted(question)) and not any(_counts(u.text, counted, synonyms) for u in quoted):
        return f"how many {counted}"
    return None


# A relation to a named reference: "Who was CFO before Priya Raman?" asks for another holder than the one named.
_RELATIVE_TO = re.compile(
    r"\b(?:before|after|prior\s+to|preceding|ahead\s+of|instead\s+of|in\s+place\s+of)\s+(?:the\s+|our\s+)?"
    r"(?=[A-Z])(?!(?:January|February|March|April|May|June|July|August|September|October|November|December|Q[1-4]"
    r"|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b)"
)
_PASSIVE = re.compile(
    r"^(?P<subject>.+?)\b(?:is|are|was|were|gets?|got|be|been)\s+(?:\w+ly\s+)?\w+(?:ed|en)\s+(?:by|to|in|at|with)\b",
    re.I,
)
_WHO = re.compile(r"(?:^|[.!?;:,]\s+|\s[-–—]\s+)who\s+(?P<rest>[^?.!]*)", re.I)


def _who_part(
    question: str,
    quoted: Sequence[Unit],
    vocabulary: frozenset[str],
    synonyms: dict[str, frozenset[str]],
    common: frozenset[str],
) -> str | None:
    """The person asked for, when no quoted clause names someone new together with what the act is on. Checked when
    the act is worded as no passage words it ("who chairs ...") or the question asks for another holder than one it
    names ("who was CFO before Priya Raman?": a clause naming only her is no answer)."""
    who = _WHO.search(question)
    if who is None or not (rest := who.group("rest").split()):
        return None
    act = rest[0].lower()
    unknown = (
        act not in STOPWORDS and stem(act) not in LIGHT_VERBS | _LIGHT_ACTS and not _known(act, vocabulary, synonyms)
    )
    relative = _RELATIVE_TO.search(who.group("rest"))
    if not unknown and relative is None:
        return None
    # What the act is on: the rest of its clause, before any reference it is relative to.
    clause = _CLAUSES.split(who.group("rest")[: relative.start() if relative else None])[0]
    on = {stem(w) for w in words(clause) if w not in STOPWORDS | _PARTICLES} & vocabulary
    # A sentence under a heading that names what the act is on ("Decided by: ..." under "... expansion delayed").
    clauses = [(c, u.lead) for u in quoted for c in _CLAUSES.split(u.text)]

    # Relative to a named holder, only a person's full name the question does not give answers (a role paraphrases
    # the named one's: "chief financial officer" beside "before Priya Raman").
    def someone(c: str) -> bool:
        return names_person(c, question, common) if relative else _names_someone(c, question, common)

    if any(on <= set(terms(c)) | lead and someone(c) for c, lead in clauses):
        return None
    # "Who looks at P3 breaches?" and "P3 and P4 breaches are reviewed in the weekly support meeting": what the act is
    # on is the subject of a passive clause, whose agent or place answers "who".
    # (A subject may list several: "P3 and P4 breaches", so these clauses end only at ";" or ":".)
    statements = [(c, u.lead) for u in quoted for c in re.split(r"[;:]\s+", u.text)]
    if not relative and any(
        (m := _PASSIVE.match(c)) and 2 * len(on & (set(terms(m.group("subject"))) | lead)) >= len(on) > 0
        for c, lead in statements
    ):
        return None
    return f"who {' '.join(rest[: 1 if unknown else 3])}"


# What the question's case lacks: "if they don't have their phone", "lost the phone", "without the receipt",
# "unopened returns" (a thing the quote may need or be about: the other case).
_LACKING = re.compile(
    r"\b(?:(?:don[\'’]t|doesn[\'’]t|didn[\'’]t|do\s+not|does\s+not|did\s+not|can[\'’]t|cannot)\s+"
    r"(?:have|has|own|get|receive|access|remember)\s+(?:(?:a|an|the|their|his|her|my|your|our|its|any)\s+)?"
    # without a thing of one's own ("without the receipt"); "without a response" is an event, the case of a rule
    r"|without\s+(?:the|their|his|her|my|your|our|its)\s+)"
    # a thing lost or broken, said with its determiner ("lost the phone"; "lost property" is a kind of property)
    r"(?P<thing>[a-z][a-z-]{2,}(?:\s+[a-z][a-z-]{2,})?)\b|\b(?:lost|loses?|losing|forgot(?:ten)?|broke(?:n)?|misplaced)\s+"
    r"(?:a|an|the|their|his|her|my|your|our|its)\s+(?P<object>[a-z][a-z-]{2,}(?:\s+[a-z][a-z-]{2,})?)\b",
    re.I,
)
_PREFIXED = re.compile(r"\b(?:un|non-?)(?P<base>[a-z]{4,})\b", re.I)


def _lacked(question: str) -> str | None:
    """The thing the question's case lacks or negates ("phone", "opened" of "unopened"), or None."""
    if m := _LACKING.search(question):
        # the noun of a short phrase: "the original packaging", "their phone that gets ..."
        phrase = (m.group("thing") or m.group("object")).lower().split()
        kept = phrase[: next((i for i, w in enumerate(phrase) if w in STOPWORDS), len(phrase))]
        thing = kept[-1] if kept else ""
        return None if not thing or stem(thing) in LIGHT_VERBS else thing
    if m := _PREFIXED.search(question):
        return m.group("base").lower()
    return None


def _speaks_of(u: Unit, thing: str) -> bool:
    """Does the sentence (or its heading) speak of the thing as present, not negated ("unopened", "without a ...")?"""
    if stem(thing) not in u.terms | u.lead:
        return False
    between = r"(?:[\w-]+\s+){0,2}"
    negated = rf"\b(?:un|non-?|(?:without|no|not|never)\s+{between}){thing[:4]}"
    return not re.search(negated, f"{u.heading} {u.text}", re.I)


_WHEN_ASKED = re.compile(r"^\W*(?:when\b|(?:in\s+)?what\s+(?:year|month|date)\b|since\s+when\b)", re.I)
# A time given by pointing at another ("the same year", "that month", "the year after").
_BACK_TIME = re.compile(
    r"\b(?:the\s+same|that|the\s+following|the\s+next|the\s+previous|the\s+prior)\s+(?:year|month|week|day|quarter"
    r"|season)\b|\b(?:the|a)\s+(?:year|month)\s+(?:before|after|later|earlier)\b",
    re.I,
)
_EXPLICIT_TIME = re.compile(
    r"\b(?:19|20)\d\d\b|\b(?:January|February|March|April|May|June|July|August|September|October|November|December"
    r"|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b|\b\d{1,2}\s*(?:am|pm)\b",
    re.I,
)


def _last_sentence(question: str) -> str:
    """The asking sentence: the last of the message."""
    return re.split(r"(?<=[.!?])\s+(?=\S)", " ".join(question.split()).strip())[-1]


_HOW_MANY = re.compile(r"^\W*how\s+many\s+(?P<thing>[a-z][a-z-]{2,})\b", re.I)
_COUNT = (
    r"(?:\d[\d,]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen"
    r"|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|dozen|several)"
)
# Words that count any things of a kind ("eight devices" counts phones; "420 employees" counts people).
_ANY_THINGS = frozenset(
    stem(w)
    for w in "device devices item items product products unit units thing things people persons employees staff".split()
)


def _asked_thing(question: str) -> list[str]:
    """The words of the thing the asking sentence asks for, its head last. A counted thing runs to its plural noun:
    "how many ice screws does ...?" counts screws, "ice" qualifies them (asked_head reads only the first word)."""
    sentence = _last_sentence(question)
    asked = asked_head(sentence)
    if asked and (m := _HOW_MANY.match(sentence)):
        for word in (w.lower() for w in words(sentence[m.end() :])[:2]):
            if plural(asked[-1]) or word in STOPWORDS or not plural(word):
                break
            asked.append(word)
    return asked


def _counted(question: str) -> str | None:
    """The thing "how many X ...?" counts, or None (a unit of measure or time is not counted: "how many days")."""
    if _HOW_MANY.match(_last_sentence(question)) is None:
        return None
    head = _asked_thing(question)
    return head[-1] if head else None


def _counts(text: str, thing: str, synonyms: dict[str, frozenset[str]]) -> bool:
    """Does the sentence give a count of the thing ("up to eight devices" for phones, "more than 50 bulbs")?"""
    kinds = synonyms.get(stem(thing), frozenset()) | {stem(thing)} | _ANY_THINGS
    # A lookahead, so a count inside the words after another ("60 metres and two ice screws") is read too.
    for m in re.finditer(rf"\b{_COUNT}\b(?=((?:\s+[\w-]+){{1,3}}))", text, re.I):
        if any(stem(w) in kinds or stem(w)[:4] == stem(thing)[:4] for w in words(m.group(1))):
            return True
    return False


def _modifier_only(asked: list[str], quoted: Sequence[Unit], synonyms: dict[str, frozenset[str]], written: str) -> bool:
    """Does the quote use the asked head only to qualify another thing ("warranty claims", "return rates"), with no
    quoted sentence naming the head itself (or a word of its paraphrase group)?"""
    if not any(only_modifies(u.text, asked, written) for u in quoted):
        return False
    heads = synonyms.get(stem(asked[-1]), frozenset()) | {stem(asked[-1])}
    return not any(heads & (u.terms | u.lead) and not only_modifies(u.text, asked, written) for u in quoted)
