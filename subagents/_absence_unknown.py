"""A checked "the documents do not mention it": the thing a question asks for is named by a word no document uses.

"Is there a loyalty scheme?", "how many login attempts lock an account?", "what's the CEO's salary?": the asked
thing is the noun phrase the question's shape points at (after "is there a", "do we offer a", "how many", "what is
the", "which ... do we"). When a word of it has no form in the whole corpus (every stemmed form and its paraphrase
group, counted over every chunk), no passage can state it: "the documents do not mention a loyalty scheme" is a
checked statement. Words that only frame the value asked ("target", "maximum", "number", "percentage") or qualify
it vaguely ("new", "biggest") are not the thing. No claim when a word may be a typo of a corpus word, when a chunk
holds the subject with the rest of the question (it may say the thing in other words: "do the bulbs need a bridge"
beside "Do the bulbs need a hub?"), or for a kind of agent ("which body decided ...").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rapidfuzz.distance import OSA

from cognicore.memory.text import STOPWORDS, stem, words
from cognicore.subagents._absence_words import MIN_PREFIX, PLAIN
from cognicore.subagents._answer_shape import CALENDAR, PLACE_WORDS
from cognicore.subagents._question_terms import NOISE
from cognicore.subagents.offline_sql.lexicon import english_words

if TYPE_CHECKING:
    from cognicore.memory.knowledge import KnowledgeBase, Passage

__all__ = ["FRAME_WORDS", "asked_phrase", "unknown_words", "unnamed_member"]

# Nouns that name the value asked rather than the thing it is of (general English): "the response target", "the
# maximum number of devices", "the cut-off time", "what percentage", "the minimum length".
FRAME_WORDS = frozenset(
    stem(w)
    for w in """target targets goal goals deadline deadlines limit limits maximum minimum max min number numbers
    amount amounts figure figures rate rates level levels period periods duration length size time times window
    windows cutoff timeframe timescale standard standards requirement requirements commitment expectation value
    values count total percentage percent proportion share fraction date dates day days kind sort type point
    moment stage difference differences comparison step steps procedure process option options idea advice tip
    tips second seconds sec secs minute minutes min mins hour hours hr hrs week weeks wk wks month months year
    years yr yrs ceiling ceilings cap caps floor threshold thresholds watt watts volt volts amp amps mah gram grams
    kg kilogram kilograms pound pounds ounce ounces metre metres meter meters inch inches centimetre centimetres cm
    mm mile miles km kilometre kilometres gb mb tb ghz mhz hz degree degrees dollar dollars euro euros buck bucks
    cent cents pixel pixels decibel decibels calorie calories""".split()
)
# Vague qualifiers and intensifiers (general English): they narrow nothing a passage must say.
VAGUE_WORDS = frozenset(
    stem(w)
    for w in """new old current usual normal typical main general single full fully exactly roughly approximately
    about around totally completely entirely actual proper official officially right correct wrong good best
    better big bigger biggest small smaller smallest large larger largest little whole overall basic regular same
    different other own set fixed extra specific particular certain exact precise fresh one ones next first hard soft
    further ours yours theirs mine hers ourselves yourself yourselves themselves shortest longest deepest fastest
    cheapest quickest earliest latest highest lowest newest oldest soonest nearest furthest farthest""".split()
)
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.+)$", re.M)
MAX_MEMBERS = 40  # more passages than this name the series' word: too many to read, no claim
MAX_TYPO = 1  # a word this many edits from a corpus word may be a typo of it: no claim
MIN_WORD = 3

# A noun phrase of up to four words, never an infinitive or a prepositional phrase ("to wait", "for the login").
_NP = (
    r"(?!(?:to|for|of|on|in|at|from|with|by|about|into|it|them|that|this|back|away|out|up|down|off|over)\b)"
    r"(?P<np>(?:[\w'’-]+\s+){0,3}?[\w'’-]+?)"
)
_END = (
    r"(?=\s*(?:[,.?!;:]|$|\s(?:for|of|on|in|at|to|from|with|by|between|after|before|during|without|than|like|into"
    r"|via|over|under|per|that|which|who|where|when|and|or|if|so)\b))"
)
_AUX = r"(?:do|does|did|is|are|was|were|can|could|will|would|should|has|have|must)"
# A question's (or one of its sentences') first word: "Is there ...", "... on Monday. Do we offer ...".
_STARTS = r"(?:^|(?<=[.?!:;,-])\s*|(?<=\s-)\s*)\W*"
_DET = r"(?:a|an|any|some|the|our|your|their|its|my)"
_ARTICLES = frozenset({"a", "an", "any", "some", "the"})
# Where a question names the thing it asks for (general English question shapes): whether it exists, or which one
# is used. "What's the refund turnaround?", "how many staffers": a value of a thing the documents may state in other
# words ("5 business days", "employees") is not checked this way (review 16).
_SHAPES = (
    # "is there a loyalty scheme", "are there any student discounts"
    re.compile(rf"{_STARTS}(?:is|are)\s+there\s+(?:{_DET}\s+)?{_NP}{_END}", re.I),
    # "do we offer a student discount", "does the doorbell need a subscription", "can customers buy an extended plan"
    re.compile(
        rf"{_STARTS}{_AUX}\s+(?:[\w'’-]+\s+){{1,5}}?(?P<verb>have|has|offer|offers|run|runs|sell|sells|provide|provides"
        rf"|give|gives|get|gets|buy|need|needs|include|includes|support|supports|come with|use|uses|accept|accepts)"
        rf"\s+(?:{_DET}\s+)?{_NP}{_END}",
        re.I,
    ),
    # "which VPN protocol do we run", "what screen size does the watch have": the kind before an auxiliary, never
    # before a main verb ("which body decided" asks for an agent of that kind)
    re.compile(rf"\b(?:what|which)\s+{_NP}\s+{_AUX}\b", re.I),
)
# "the number of characters", "the minimum length of passwords": a frame's "of" phrase is the thing.
_OF = re.compile(r"^\s+of\s+(?:(?:a|an|the|our|your)\s+)?(?P<np>(?:[\w'’-]+\s+){0,2}?[\w'’-]+)" + _END, re.I)
# Verbs asking whether something exists ("do we offer X"): what is asked is X, not the offering.
_EXISTENCE = frozenset(
    stem(w) for w in "have has offer offers run runs sell sells provide provides give gives get gets buy".split()
)


def asked_phrase(question: str) -> tuple[list[str], str, str | None] | None:
    """The words of the noun phrase the question asks for (the shape said first), the clause it is in, and the
    verb relating it to the subject ("need", not "offer", which only asks whether it exists), or None when the
    question's shape points at no noun phrase."""
    found = [m for shape in _SHAPES if (m := shape.search(question))]
    if not found:
        return None
    m = min(found, key=lambda f: f.start())
    phrase = words(m.group("np"))
    if all(stem(w) in FRAME_WORDS | VAGUE_WORDS or w in STOPWORDS for w in phrase):
        if of := _OF.match(question[m.end("np") :]):
            phrase += words(of.group("np"))
    verb = m.groupdict().get("verb")
    # The rest of the question is read in the clause of the phrase ("do we sell gift cards, and can they ...").
    clause = re.split(r",\s*(?:and|but|or)\b|[;?]|\band if so\b", question[m.start() :], maxsplit=1)[0]
    return phrase, clause, (verb.lower() if verb and stem(verb) not in _EXISTENCE else None)


def _thing(phrase: list[str], names: set[str]) -> list[str]:
    """The phrase's words that say the thing: not names, frames ("the minimum length" alone may be said in any
    words), vague qualifiers, places (said by their names) or short words."""
    return [
        w
        for w in phrase
        if w not in names
        and len(w) >= MIN_WORD
        and w not in STOPWORDS
        and not {stem(w)} & (VAGUE_WORDS | FRAME_WORDS | PLACE_WORDS | NOISE)
    ]


async def unknown_words(
    knowledge: KnowledgeBase,
    question: str,
    asked: list[str],
    names: set[str],
    forms: dict[str, list[str]],
    subject: str,
) -> list[str]:
    """The words of the asked thing that no chunk of the corpus holds in any form, when no chunk holds the subject
    with the rest of the question either; empty when a word may be a typo of a corpus word."""
    found_phrase = asked_phrase(question)
    if found_phrase is None:
        return []
    phrase, clause, verb = found_phrase
    thing = [w for w in _thing(phrase, names) if forms.get(w) or _plain(w)]
    if not thing:
        return []
    said = set(words(clause))
    rest = [
        w for w in dict.fromkeys(asked) if w in said and w not in phrase and stem(w) not in VAGUE_WORDS | _EXISTENCE
    ]
    rest += [verb] if verb and verb not in rest else []
    terms = {w: forms.get(w) or [w] for w in [*thing, *rest]}
    found = dict(zip(terms, await knowledge.matches(["(" + " | ".join(t) + ")" for t in terms.values()]), strict=True))
    missing = [w for w in thing if not found[w][0]]
    known = [w for w in rest if found[w][0]]
    head = phrase[-1] if phrase else ""
    # "do we give students a discount": the words before an article inside the phrase are who receives the thing, not
    # a qualifier of it; a recipient no chunk names in any form is one no rule of the documents is for.
    inner = next((i for i, w in enumerate(phrase) if i and w in _ARTICLES), None)
    recipients = [w for w in missing if inner is not None and w in phrase[:inner]]
    if recipients and await _anchored(knowledge, question, subject, phrase) and not await _typo(knowledge, recipients):
        return recipients
    if stem(head) in FRAME_WORDS or (subject and head not in missing):
        # "a first-party return window", "a time-sync step": a known kind of thing, qualified by a word the
        # documents may say otherwise; beside a named subject, "a splash-proof rating" is a rating they may give.
        return []
    # A word the documents use as a subject (in a title or a heading: "canteen") names what is asked about, as a
    # capitalised name does; the rest of the question is what a passage must hold to say the thing otherwise.
    if not missing or not (known or await _anchored(knowledge, question, subject, phrase)):
        return []
    # Beside a named subject, a known word of the thing (or the verb relating it) may be the thing said otherwise
    # ("waterproof (IP67)" for "the water resistance rating of the speaker").
    beside = [w for w in thing if found[w][0]] + [w for w in rest if w == verb and found[w][0]]
    if subject and beside and await _held(knowledge, [subject, " | ".join(t for w in beside for t in terms[w])]):
        return []
    # The rest of the question is checked when it holds more than a subject word: "in the canteen" alone leaves
    # nothing to hold; a passage holding it all may say the thing otherwise ("do the bulbs need a bridge").
    if any(not _heads(w, found[w][1]) for w in known) or (not subject and len(known) > 1):
        if await _held(knowledge, [subject] * bool(subject) + [" | ".join(terms[w]) for w in known]):
            return []
    return [] if await _typo(knowledge, missing) else missing


async def _typo(knowledge: KnowledgeBase, missing: list[str]) -> bool:
    """May a missing word be a typo of a corpus word ("warrenty")? An English word is none ("brand")."""
    corpus = (await knowledge.vocabulary.words()).plain
    for w in (w for w in missing if not english_words().get(w)):
        near = (c for c in corpus if abs(len(c) - len(w)) <= MAX_TYPO)
        if any(OSA.distance(w, c, score_cutoff=MAX_TYPO) <= MAX_TYPO for c in near):
            return True
    return False


async def _held(knowledge: KnowledgeBase, alternatives: list[str]) -> bool:
    """Does a chunk hold one of each group of full-text alternatives?"""
    return bool((await knowledge.matches([" & ".join(f"({a})" for a in alternatives)], limit=1))[0][0])


async def _anchored(knowledge: KnowledgeBase, question: str, subject: str, phrase: list[str]) -> bool:
    """Is the question about something the documents hold: its named subject, a word of it outside the asked phrase,
    or a word of the phrase that titles a document or a section ("which VPN client app")? "What's the weather like
    in Lisbon", "the tide forecast": nothing they hold is named, it is out of their scope, not a miss in them."""
    if subject and (await knowledge.matches([subject], limit=1))[0][0]:
        return True
    content = [
        w
        for w in dict.fromkeys(words(question))
        if _plain(w)
        and len(w) >= MIN_WORD
        and w not in STOPWORDS
        and not {stem(w)} & (VAGUE_WORDS | FRAME_WORDS | NOISE)
    ]
    terms = {w: [w, f"{stem(w)}:*"] if len(stem(w)) >= MIN_PREFIX else [w] for w in content}
    found = await knowledge.matches(["(" + " | ".join(t) + ")" for t in terms.values()])
    return any(n and (w not in phrase or _heads(w, ps)) for w, (n, ps) in zip(terms, found, strict=True))


def _heads(word: str, passages: list[Passage]) -> bool:
    """Is the word in the title or a heading of a passage holding it (the subject of a document or section)?"""
    lines = [p.title for p in passages] + [h for p in passages for h in _HEADING.findall(p.content)]
    return any(stem(word) in {stem(w) for w in words(line)} for line in lines)


def _plain(word: str) -> bool:
    return bool(PLAIN.match(word))


def shown(missing: list[str], question: str) -> str:
    """The unknown words as the question writes them ("trade-in" for "trade"), in its order."""
    out = []
    for w in missing:
        m = re.search(rf"[\w-]*\b{re.escape(w)}\b[\w-]*", question, re.I)
        out.append(m.group(0) if m else w)
    return " or ".join(dict.fromkeys(out))


# A member of a named series ("Series A", "Tier 2", "Gen 3"): a word and a capital letter or a small number.
_MEMBER = re.compile(r"\b([A-Za-z]{3,})\s+([A-Z]|\d{1,2})\b(?![\w.,/:-])")


async def unnamed_member(knowledge: KnowledgeBase, question: str) -> tuple[str, list[Passage]] | None:
    """ "Series A" when the documents name only other members of the series ("Series B"): the sentence saying so and
    the passage naming another member; None when the member is named, or no other member is."""
    if not (m := _MEMBER.search(question)) or m.group(1).lower() in STOPWORDS or CALENDAR.match(m.group(1)):
        return None  # "december 20" is a date, not a member of a series
    if not m.group(1)[0].isupper() and m.group(2).isdigit():
        return None  # "book 2 days off": a verb and a count; a series is named ("Tier 2") or lettered ("series A")
    word, member = m.group(1), m.group(2)
    [(n, passages)] = await knowledge.matches([word.lower()], limit=MAX_MEMBERS)
    if not n or n > MAX_MEMBERS:
        return None
    # The member as written: a capital letter or a number ("Series B"), never an article ("book a fitting").
    series = re.compile(rf"\b(?i:{re.escape(word)})[\s-]+([A-Z]|\d{{1,2}})\b")
    said = {(p, s.group(1).upper()) for p in passages for s in series.finditer(p.content)}
    if not said or any(s == member.upper() for _, s in said):
        return None
    others = sorted({s for _, s in said})
    shown = next(p for p, _ in said)
    named = " and ".join(f"{word} {s}" for s in others)
    text = f'The knowledge base does not say: the documents mention {named} (such as "{shown.title}" [1])'
    return f"{text}, never {word} {member}.", [shown]
