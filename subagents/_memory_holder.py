"""Whose thing a memory question asks about, and whether a recalled memory speaks of that holder and that thing.

"what's Mia's extension?" is not answered by "Rahul's phone extension is 5521" (another holder), "what's rahul's
email?" not by it either (another thing of the same holder), "where does Bruno work from?" not by "Aiko works from
the Osaka office" (another person). The asked slot is read from the question's structure (a possessive "X's Y", a
name written with a capital), the memory's from its own; generic English shapes only, no domain's words.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cognicore.memory.text import STOPWORDS, stem
from cognicore.subagents._memory_words import MEMORY_SYNONYMS
from cognicore.subagents.memory_evidence import slot_words

# Overlapping: "who's Olga's manager" holds "who's Olga" (a contraction) and "Olga's manager".
_POSSESSIVE = re.compile(r"\b(?=([A-Za-z][\w-]*)'s\s+([A-Za-z][\w-]*)(?:\s+([A-Za-z][\w-]*))?)")
_ASKS_YES_NO = re.compile(r"^\W*(?:is|are|am|was|were|do|does|did|has|have|had|can|will|would|should)\b", re.I)
# "what's", "who's", "it's": contractions of "is", not a holder's thing.
_CONTRACTED = frozenset(
    """what who where when how why it that there here let he she this everything nothing something someone everyone
    anyone nobody today tomorrow which one mine yours""".split()
)
# A name written with a capital ("Aiko", "Globex") or a code written in capitals ("EMEA", "HR", "SRE").
_CAPITALISED = re.compile(r"\b(?:[A-Z][a-z][\w-]*|[A-Z]{2,6})\b")
# Capitals that are no name: chat shorthand and the parts of a clock time ("pls", "fyi", "9 AM").
_NOT_NAMES = frozenset("pls plz thx btw fyi asap tbh imo imho lol omg am pm utc gmt".split())
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+)\W*([A-Z][a-z][\w-]*)")
# Names of days and months are when something is, not whose it is.
_CALENDAR = frozenset(
    stem(w)
    for w in """monday tuesday wednesday thursday friday saturday sunday january february march april may june july
    august september october november december""".split()
)
# A word after a name at a sentence's start that makes it the subject of a verb ("Kenji takes", "Grace is").
_VERBISH = re.compile(r"^(?:is|was|has|had|will|can|does|did|runs?|[a-z]+(?:s|ed))$")
_YOURS = frozenset({"user", "users", "my", "our", "team"})
_SYNONYMS = MEMORY_SYNONYMS

# Opposite ends of one thing: "My contract ends on 31 March" does not say when it starts. Generic English.
_OPPOSITES = tuple(
    (stem(a), stem(b))
    for pair in """start-end start-finish begin-end begin-finish open-close arrive-leave join-leave first-last
    minimum-maximum min-max buy-sell send-receive hire-fire upload-download inbound-outbound incoming-outgoing
    enter-exit lend-borrow earliest-latest""".split()
    for a, b in [pair.split("-")]
)

Same = Callable[[str, str], bool]  # one word, a spelling or an abbreviation of it (memory_slot's `_same`)


def _possessives(text: str) -> list[tuple[str, str, list[str]]]:
    """Each "X's Y [Z]" as (holder, holder as written, the thing's words), contractions left out."""
    out = []
    for m in _POSSESSIVE.finditer(text):
        holder = m.group(1)
        if holder.lower() in _CONTRACTED:
            continue
        thing = [w.lower() for w in m.groups()[1:] if w and w.lower() not in STOPWORDS]
        out.append((holder.lower(), holder, thing))
    return out


def _mine(text: str) -> list[tuple[str, str, list[str]]]:
    """Each "my Y" or "our Y" as `_possessives` gives "X's Y": the user's or the team's own thing ("My manager is
    Priya" is about the user's manager, not Priya's)."""
    return [
        (m.group(1).lower(), m.group(1), [m.group(2).lower()])
        for m in re.finditer(r"\b(my|our)\s+([A-Za-z][\w-]*)", text, re.I)
        if m.group(2).lower() not in STOPWORDS
    ]


def _names(text: str, *, starts: bool) -> dict[str, str]:
    """Names written with a capital (stemmed -> as written): inside a sentence always; at a sentence's start
    (`starts`) only when a verb follows ("Aiko works ...", not "Express shipping ...")."""
    found: dict[str, str] = {}
    heads = {m.start(1) for m in _SENTENCE_START.finditer(text)}
    letters = [c for c in text if c.isalpha()]
    shouted = sum(c.isupper() for c in letters) > len(letters) / 2  # written in capitals: no word stands out
    for m in _CAPITALISED.finditer(text):
        word = m.group(0).removesuffix("'s")
        key = stem(word.lower())
        if word.lower() in STOPWORDS or key in _CALENDAR or word.lower() in _NOT_NAMES:
            continue
        if word.isupper() and shouted:
            continue
        if m.start() in heads:
            after = text[m.end() :].split(maxsplit=1)
            verb = bool(after) and (bool(_VERBISH.match(after[0].lower())) or m.group(0).endswith("'s"))
            if not starts or not verb:
                continue
        found.setdefault(key, word)
    return found


def _has(word: str, stems: set[str], same: Same) -> bool:
    """Does a memory's word list hold `word` (stemmed), a spelling of it or one of its paraphrases?"""
    key = stem(word)
    near = _SYNONYMS.get(key, frozenset()) | {key}
    return any(s in near or (len(s) >= 3 and s not in STOPWORDS and same(key, s)) for s in stems)


def other_holder(question: str, memory: str, same: Same, *, yes_no: bool = False) -> str | None:
    """Why `memory` is about another holder or another thing of the asked holder (None when it is not): "it is
    about Rahul's phone extension, not Mia's extension", "it is about Aiko, not Bruno".

    For a `yes_no` question a name the memory gives instead of the asked one is the answer ("is Aiko still in
    Osaka?" is answered "no" by "Aiko moved to Berlin"), so only possessives are compared then.
    """
    said = {stem(w) for w in re.findall(r"[a-z0-9]+", memory.lower())}
    asked_words = {stem(w) for w in re.findall(r"[a-z0-9]+", question.lower())}
    owned = _possessives(memory) + _mine(memory)
    names = {k: v for k, v in _names(memory, starts=True).items() if k not in asked_words}
    names.update({stem(h): written for h, written, _ in owned if h not in _YOURS and stem(h) not in asked_words})
    for holder, written, thing in _possessives(question):
        if not thing:
            continue
        key = stem(holder)
        for other, other_written, other_thing in owned:
            if stem(other) == key or not any(_has(a, {stem(b)}, same) for a in thing[:1] for b in other_thing):
                continue  # the same holder, or a holder of another thing ("Jonas's team" for "Olga's manager")
            whose = "your" if other in _YOURS else f"{other_written}'s"
            return f"it is about {whose} {' '.join(other_thing)}, not {written}'s {' '.join(thing)}"
        if key not in said and holder not in _YOURS and names:
            return f"it is about {next(iter(names.values()))}, not {written}"
        if key in said and not _has(thing[0], said, same):
            mine = [(o, t) for o, _, t in owned if stem(o) == key]
            if mine:  # the asked holder's other thing ("Rahul's phone extension" for "rahul's email")
                return f"it is about {written}'s {' '.join(mine[0][1])}, not {written}'s {' '.join(thing)}"
    if yes_no or _ASKS_YES_NO.match(question):
        return None
    for key, written in _names(question, starts=False).items():
        if written.isupper() and key in MEMORY_SYNONYMS:
            continue  # "CRM": a kind of thing written short, not a name ("which CRM do we use?"); a region code is one
        if key not in said and names and not _has(key, said, same):
            return f"it is about {next(iter(names.values()))}, not {written}"
    return None


def opposite_end(question: str, memory: str) -> str | None:
    """Why the memory speaks of the other end of the asked thing ("it says ends, not starts"), or None."""
    asked = {stem(w): w for w in re.findall(r"[a-z]+", question.lower())}
    said = {stem(w): w for w in re.findall(r"[a-z]+", memory.lower())}
    for a, b in _OPPOSITES:
        for one, other in ((a, b), (b, a)):
            near = _SYNONYMS.get(one, frozenset()) | {one}
            if one in asked and other not in asked and other in said and not near & said.keys():
                return f"it says {said[other]}, not {asked[one]}"
    return None


# "my own queue", not "can I give it on my own" (alone, without asking anyone).
_OWN_ASKED = re.compile(r"(?<!\bon )(?<!\bby )\bmy\s+(?:own|personal|individual)\s+(?!and\b|or\b|but\b)[a-z]", re.I)
_USERS = re.compile(r"\b(?:i|i'm|im|me|my|mine|user|user's)\b", re.I)
_TEAMS = re.compile(r"\b(?:our|we|we're|us|team's|the team)\b", re.I)


# "my standup", "our offsite", "the user's manager": a thing of the user's or the team's, and the word naming it.
_MINE_THING = re.compile(r"\b(?:my|our|the user'?s'?|the team'?s)\s+(?P<words>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)", re.I)


def _own_thing(text: str, skip: frozenset[str]) -> list[str]:
    """The words naming a thing of the user's or the team's ("standup" of "is my standup still on mondays?", "team
    offsite" of "when is our team offsite", "birthday" of "my manager's birthday"): an owner's word ("manager's")
    leads to its thing; words that only place it in time ("my usual drink"), function words and a verb's participle
    after the thing ("where's my manager based") are left out; empty without one."""
    for m in _MINE_THING.finditer(text):
        if _PLACING.search(text[: m.start()]):
            continue  # "the payroll expert on our team": whose group it is, not the asked thing
        owner: str | None = None
        found: list[str] = []
        said = m.group("words").lower().split()
        if len(said) > 1 and re.match(r"\s+to\s", text[m.end() :]) and re.search(r"[^s]s$", said[-1]):
            said = said[:-1]  # a verb taking an infinitive ("the figure my team needs to reach"), not the thing
        for word in said:
            if word in STOPWORDS:
                break
            if word.endswith(("'s", "s'")) and not found:
                owner = word.removesuffix("s").removesuffix("'")  # an owner: the thing is what follows
                continue
            if word in _IDENTITY and owner and not found:
                return [owner]  # "my manager's name" asks who the manager is
            if found and (word.endswith(("ed", "ing")) or _DOES.search(text[: m.start()])):
                break  # after "do"/"does" the next word is the verb ("when do our backups run")
            if stem(word) not in skip and _content(word):
                found.append(word)
        if found:
            return found
    return []


def other_own_thing(question: str, memory: str, same: Same, *, skip: frozenset[str] = frozenset()) -> str | None:
    """Why a memory of another of the user's things does not answer a question about one of theirs ("is my retro
    on mondays?" is not answered by "The user's standup is on Mondays", "who is my manager?" not by "my manager's
    birthday is in May"): a word of the asked thing is named nowhere in the memory but as the owner of another
    thing (nor a spelling or paraphrase of it), and the memory names a thing of the user's own; None otherwise."""
    asked = _own_thing(question, skip)
    if not asked or not _MINE_THING.search(memory):
        return None
    if len(asked) == 1 and asked[0] in GROUPS and OURS.match(memory):
        return None  # "what my team needs to reach": the team is the owner, as "our" says in the memory
    said = {stem(w) for w in slot_words(memory)}  # an owner's word ("manager's", "of my manager") is not its thing
    said |= {stem(p) for w in list(said) for p in w.split("-") if p}

    def named(word: str) -> bool:
        if word in _NUMBER_WORDS and re.search(r"\d", memory):
            return True  # "my pager number" of "The user's pager is 3388": the figure is its number
        return _has(word, said, same) or any(_has(part, said, same) for part in word.split("-") if _content(part))

    if all(named(word) for word in asked):
        return None
    owned = _own_thing(memory, frozenset())
    if not owned or owned[0] in _IDENTITY or all(_has(w, {stem(o) for o in owned}, same) for w in asked):
        return f"it is not about your {' '.join(asked)} itself" if owned[:1] != ["name"] else None
    return f"it is about your {' '.join(owned)}, not your {' '.join(asked)}"


def team_not_own(question: str, memory: str) -> str | None:
    """Why a team's memory does not answer a question about the user's own ("what's my own queue?" is not
    answered by "Our main queue is Access Requests"), or None."""
    if _OWN_ASKED.search(question) and _TEAMS.search(memory) and not _USERS.search(memory):
        return "it is about the team's, not your own"
    return None


_TOKEN = re.compile(r"[a-z0-9][a-z0-9-]*")
_IDENTITY = frozenset({"name", "names"})  # "my manager's name is Lisa" says who the manager is
_NUMBER_WORDS = frozenset({"number", "no", "num", "numbers"})  # a thing's number is the figure told for it
# The user's group as the owner of what is asked ("the figure my team needs to reach"), which "our" says in a memory.
# A memory told as the team's own ("our quota is ...", "we close at 6").
OURS = re.compile(r"\W*(?:our|we)\b", re.I)
GROUPS = frozenset("team squad group department company crew unit org organisation organization".split())
_PLACING = re.compile(r"\b(?:on|in|at|for|of|from|with|within|across|among|inside)\s+$", re.I)
_DOES = re.compile(r"\b(?:do|does|did|will|can|could|should|would|has|have)\b", re.I)
_TOLD = re.compile(r"\b(?:tell|told|mention|mentioned|say|said)\b", re.I)


_OPENERS = frozenset("of for on about with to in at from the a an my our your their his her its this that".split())
_SUBJECTS = frozenset("i we you they he she it who".split())


def _shortened(short: str, long: str) -> bool:
    """Is `short` an abbreviation of `long` (its first letter, then its letters in order: "mtg", "meeting")?"""
    if len(short) >= len(long) or short[0] != long[0]:
        return False
    letters = iter(long)
    return all(ch in letters for ch in short)


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text.lower().replace("'s", ""))


def _content(word: str) -> bool:
    return word not in STOPWORDS and not word[0].isdigit() and len(word) >= 3


def other_filler(question: str, memory: str, same: Same, *, yes_no: bool = False) -> str | None:
    """Why the memory says the asked frame with another word in the asked word's place ("Zara is in charge of
    onboarding" for "who's in charge of offboarding?", "my training budget" for "my budget for travel?"), or None.

    For a yes/no question another filler is the answer ("am I still on the hardware team?": "no, the identity team"),
    unless it asks whether the user told it ("did I tell you my hat size?" is not answered by the shoe size).
    """
    if yes_no and not _TOLD.search(question):
        return None
    asked, said = _tokens(question), _tokens(memory)
    a, m = [stem(w) for w in asked], [stem(w) for w in said]
    said_stems, asked_stems = set(m), set(a)
    for i, word in enumerate(asked):
        if not _content(word) or _has(word, said_stems, same):
            continue  # a function word, or a word the memory names too
        before, after = tuple(a[max(0, i - 2) : i]), a[i + 1] if i + 1 < len(a) else None
        for j, other in enumerate(said):
            if not _content(other) or m[j] in asked_stems:
                continue
            if _shortened(word, other):
                continue  # "mtg" is "meeting" written short, not another thing
            # The asked word is the object of the same phrase ("in charge of ___"), not a verb after a subject
            # ("our backups run") nor a word trailing it ("accounts atm").
            framed = (
                len(before) == 2 and tuple(m[max(0, j - 2) : j]) == before and _content(before[0])
                and asked[i - 1] in _OPENERS
            )  # fmt: skip
            # Between the same two words ("escalate ___ issues", "my ___ size"), not after a subject ("we ___ ...").
            around = (
                i > 0 and j > 0 and a[i - 1] == m[j - 1] and asked[i - 1] not in _SUBJECTS and after is not None
                and j + 1 < len(m) and m[j + 1] == after and _content(asked[i + 1])
            )  # fmt: skip
            # "my budget for travel" against "my training budget": the same head, another kind of it.
            kind_of = i >= 2 and asked[i - 1] in ("for", "of") and j + 1 < len(m) and m[j + 1] == a[i - 2]
            if framed or around or (kind_of and _content(asked[i - 2])):
                return f"it is about {other}, not {word}"
    return None
