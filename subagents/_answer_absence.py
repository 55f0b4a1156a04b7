"""A checked "the documents do not say": the question's named subject is in the corpus, the asked thing never with it.

An offline miss is normally `unsure`. When the whole corpus shows that every passage naming the question's subject
(its capitalised names and codes) lacks one of the question's other words (in every form the English stemmer and
the paraphrase groups give), while the corpus uses that word elsewhere, "the documents do not mention it" is a
checked statement about the documents, said plainly. Anything the check cannot settle stays `unsure`: no named
subject, a word the corpus never uses (it may say it otherwise), or a general passage holding all the asked words
(a rule for a region may cover the country named).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cognicore.memory.text import STOPWORDS, stem, words
from cognicore.subagents._absence_kinds import ASKER as _ASKER
from cognicore.subagents._absence_kinds import ValueKind, asked_value_kind
from cognicore.subagents._absence_unknown import FRAME_WORDS, shown, unknown_words, unnamed_member
from cognicore.subagents._absence_values import (
    DURATION_WORDS,
    absent_contact,
    absent_duration,
    asked_contact,
    asks_duration,
    says_how_long,
)
from cognicore.subagents._absence_words import PLAIN as _PLAIN
from cognicore.subagents._absence_words import any_of as _any
from cognicore.subagents._absence_words import asked_words as _asked
from cognicore.subagents._absence_words import in_group
from cognicore.subagents._absence_words import name_runs as _name_runs
from cognicore.subagents._absence_words import word_forms as _forms
from cognicore.subagents._answer_excluded import without_contrast
from cognicore.subagents._answer_holder import unnamed_holder
from cognicore.subagents._answer_shape import PLACE_WORDS, Shape, asked_shape
from cognicore.subagents._passage_sections import covers_generally, said_with, subject_codes, subject_sections
from cognicore.subagents._question_terms import NOISE

if TYPE_CHECKING:
    from cognicore.memory.knowledge import KnowledgeBase, Passage

__all__ = ["Absence", "asked_value_kind", "documented_absence"]

MAX_WORDS = 8  # the question's content words read for a heading subject
MAX_GENERAL = 20  # more passages than this holding every asked word: too many to check, the claim is not made
_HEADING = re.compile(r"^\s{0,3}#{2,6}\s+(.+)$", re.M)
_AGENT_LINE = re.compile(r"\bby:?\s+(?:the\s+)?[A-Z]")  # "Decided by: Ana Ruiz", "approved by the Board"
_NAMED = re.compile(r"(?<=\w)[\s:(-]+[A-Z][\w-]+")


# The dates a question picks its thing out by ("since September 2024", "in 2021"): a month or a year.
_DATE_WORD = re.compile(
    r"\b(?:January|February|March|April|May|June|July|August|September|October|November|December|Sept?)\b"
    r"|\b(?:19|20)\d\d\b"
)


@dataclass(frozen=True, slots=True)
class Absence:
    """A checked miss: the sentence to answer with and the passages that name the subject (its evidence)."""

    text: str
    passages: list[Passage]


# The subject's own section says how long in other words ("plays for 20 hours on a charge"): no check may claim.
_SAYS_HOW_LONG = Absence(text="", passages=[])
_TAKE = frozenset(stem(w) for w in "take takes took taken".split())
# The act after "to" or "be" ("to fully resolve a P2", "be fixed by").
_ACT = re.compile(
    r"\b(?:to|be|been|get|gets|got)\s+(?:fully\s+|completely\s+|actually\s+|properly\s+)?([a-z]{3,})\b", re.I
)
_TAKES = re.compile(r"\btakes?\s+(?:\w+\s+){0,2}?to\s+([a-z]{3,})\b", re.I)


def _heading_words(passage: Passage) -> set[str]:
    """The words of a passage's headings, lower case."""
    return set(words(" ".join(_HEADING.findall(passage.content)).lower()))


def _names_another(passage: Passage) -> bool:
    """Does a heading under the document's title name something (a product, a dated entry, a code)?"""
    return any(_NAMED.search(h) or re.search(r"\d", h) for h in _HEADING.findall(passage.content))


def _dated(question: str, named: int, passages: list[Passage]) -> bool:
    """Does the question pick its thing out by a date ("in force since September 2024", "came in during 2023") that
    a passage naming the subject gives, or one not seen may? Then the thing asked may be that passage's."""
    dates = {d.lower() for d in _DATE_WORD.findall(question)}
    return bool(dates) and (
        named > len(passages) or any(re.search(rf"\b{d}\b", p.content, re.I) for d in dates for p in passages)
    )


async def _title_words(knowledge: KnowledgeBase, question: str) -> list[str]:
    """The question's words that name a document's subject (its title's words: "passwords" and "Password
    reset"): what a question without a capitalised name is about."""
    titles = {stem(w) for d in await knowledge.documents() for w in words(d.title) if w not in STOPWORDS}
    return list(
        dict.fromkeys(w for w in words(question) if _PLAIN.match(w) and w not in STOPWORDS and stem(w) in titles)
    )


async def _absent_value(
    knowledge: KnowledgeBase, question: str, kind: ValueKind, subject_words: list[str], thing: str
) -> Absence | None:
    """A checked "does not say how often": every passage naming the subject is seen and none holds a value of the
    asked kind, nor does a passage with such a value and the question's other words that is about no one else."""
    subject = " & ".join(_any(_forms(w)) for w in subject_words)
    others = [w for w in _asked(question, set(subject_words))[0] if w not in subject_words and _forms(w)]
    general = " & ".join(_any(_forms(w)) for w in others)
    queries = [subject, f"({general}) & !({subject})"] if general else [subject]
    found = await knowledge.matches(queries, limit=MAX_GENERAL)
    named, passages = found[0]
    # Read by sections: a catalog chunk's other product ("a 20,000 mAh power bank") gives no value of the subject's.
    if (
        not named
        or named > len(passages)
        or any(kind.written.search(t) for t in subject_sections(passages, subject_words))
    ):
        return None
    if kind.thing and not any(
        kind.thing in {stem(w) for w in words(p.content)} | set(words(p.content)) for p in passages
    ):
        return None  # the passages never say the thing ("client"): they may name it without its word
    if _dated(question, named, passages):
        return None
    if general and found[1][0] > MAX_GENERAL:
        return None
    if general and any(kind.written.search(p.content) and not _names_another(p) for p in found[1][1]):
        return None  # a general rule of that kind may cover the subject
    # The passage whose own headings name the subject (its section) is the evidence to show.
    shown = next((p for p in passages if set(subject_words) <= _heading_words(p)), passages[0])
    text = (
        f"The knowledge base does not say {kind.question}: the passages that name {thing} (such as "
        f'"{shown.title}" [1]) never give {kind.value}.'
    )
    return Absence(text=text, passages=[shown])


async def _set_aside(knowledge: KnowledgeBase, question: str) -> Absence | None:
    """A contrast set aside ("fully resolve a P1, not just respond to it"): when no passage naming the subject
    has the asked thing in any form, nor a passage of the same documents without the subject (a rule for every
    ticket), the documents do not say it; what they do say is what the asker set aside."""
    rest = without_contrast(question)
    if rest == " ".join(question.split()):
        return None
    runs = _name_runs(rest)
    names = [w.lower() for run in runs for w in run]
    plain_names = [w for n in names for w in words(n) if _PLAIN.match(w) and w not in STOPWORDS]
    asked = [w for w in _asked(rest, set(plain_names) | set(names))[0] if _forms(w) and len(w) > 2]  # not "i.e."
    if not plain_names or not asked:
        return None
    subject = "(" + " & ".join(dict.fromkeys(plain_names)) + ")"
    with_subject = [f"{subject} & {_any(_forms(w))}" for w in asked]
    found = await knowledge.matches([subject, *with_subject], limit=MAX_GENERAL)
    named, passages = found[0]
    head = [w for w, (n, _) in zip(asked, found[1:], strict=True) if not n]
    if not named or named > len(passages) or not head or _dated(rest, named, passages):
        return None  # the subject is unknown or not all seen, or every asked word is said with it
    general = await knowledge.matches([f"{_any(_forms(w))} & !{subject}" for w in head], limit=MAX_GENERAL)
    titles = {p.title for p in passages}
    if any(n > MAX_GENERAL or any(p.title in titles for p in ps) for n, ps in general):
        return None
    shown = passages[0]
    thing = " and ".join(" ".join(run) for run in runs)
    text = (
        f'The knowledge base does not say: the passages that name {thing} (such as "{shown.title}" [1]) only cover '
        f"what you set aside, and never mention {' '.join(head)}."
    )
    return Absence(text=text, passages=[shown])


async def documented_absence(knowledge: KnowledgeBase, question: str) -> Absence | None:
    """The plain "the documents do not say" when the whole corpus shows it, else None (the miss stays unsure)."""
    runs = _name_runs(question)
    names = [w.lower() for run in runs for w in run]
    plain_names = [w for n in names for w in words(n) if _PLAIN.match(w) and w not in STOPWORDS]
    kind = asked_value_kind(question)
    if kind is not None and kind.checked and not asked_contact(question):  # a contact: checked over the corpus below
        # A section's name typed in lower case ("the haven video doorbell") is the subject too.
        subject_words = (
            plain_names or await _heading_run(knowledge, question) or await _title_words(knowledge, question)
        )
        thing = " and ".join(" ".join(run) for run in runs) if plain_names else " ".join(subject_words)
        if subject_words and (absent := await _absent_value(knowledge, question, kind, subject_words, thing)):
            return absent
    if absent := await _set_aside(knowledge, question):
        return absent
    if held := await unnamed_holder(knowledge, question):
        return Absence(text=held[0], passages=held[1])
    if member := await unnamed_member(knowledge, question):  # "Series A" where only "Series B" is named
        return Absence(text=member[0], passages=member[1])
    named_runs, subject = runs, plain_names
    if not plain_names and (heading := await _heading_run(knowledge, question)):
        named_runs, subject = [heading], heading  # "the kilo desk fan": a section's name, in lower case
    if absent := await _no_contact_or_duration(knowledge, question, named_runs, subject):
        return None if absent is _SAYS_HOW_LONG else absent
    if absent := await _never_with_subject(knowledge, question, named_runs, subject):
        return absent
    return await _never_written(knowledge, question, set(plain_names) | set(names))


def _heading_names(heading: str) -> list[list[str]]:
    """The names a heading writes ("GAD-200 Kilo Desk Fan", "Zed Lamp"): its runs of capitalised words and
    codes, its first word too when the next is capitalised ("Shipping options" names nothing); no article."""
    runs = _name_runs(f"x {heading}")
    return [
        [w for w in run if w.lower() not in STOPWORDS] for run in runs if len(run) > 1 or run[0] != heading.split()[0]
    ]


async def _heading_run(knowledge: KnowledgeBase, question: str) -> list[str]:
    """The longest run of the question's words that a section heading writes as a name, in a row ("kilo desk
    fan" under "### GAD-200 Kilo Desk Fan"), or []. A heading's lower-case words ("need a hub?") and a
    document's title ("VPN troubleshooting") name no particular thing; a choice ("... or ...") is not checked."""
    if re.search(r"\bor\b", question, re.I):
        return []
    tokens = [w for w in words(question) if _PLAIN.match(w)]
    content = [w for w in dict.fromkeys(tokens) if w not in STOPWORDS and len(w) > 2][:MAX_WORDS]
    found = await knowledge.matches([_any(_forms(w) or [w]) for w in content], limit=MAX_GENERAL)
    # A passage holding several of the words is read once (a later copy of a name never makes a longer run).
    read = {p.chunk_id: p for _, ps in found for p in ps}.values()
    names = [_heading_names(h) for p in read for h in _HEADING.findall(p.content)]
    best: list[str] = []
    for name in ([w.lower() for w in run] for runs in names for run in runs):
        run: list[str] = []
        for w in [*tokens, ""]:
            if w and any(w in (n, f"{n}s") or n == f"{w}s" for n in name):
                run.append(w)
                continue
            # A name's one word stands for it only when it is the name's first ("kilo"), not its kind ("fan").
            whole = len(run) > 1 or (run and run[0] in (name[0], f"{name[0]}s"))
            if whole and len(run) > len(best) and any(stem(r) not in NOISE for r in run):
                best = run
            run = []
    return best


async def _no_contact_or_duration(
    knowledge: KnowledgeBase, question: str, runs: list[list[str]], plain_names: list[str]
) -> Absence | None:
    """No document writes a phone number (an email, a web address), or none gives how long the named subject's
    asked thing lasts: said plainly."""
    if not _ASKER.search(question) and (contact := await absent_contact(knowledge, question)):
        return Absence(text=contact[0], passages=contact[1])
    if not plain_names or not asks_duration(question):
        return None
    names = {w.lower() for run in runs for w in run}
    head = [w for w in _asked(question, set(plain_names) | names)[1] if stem(w) not in DURATION_WORDS]
    if (takes := _TAKES.search(question)) and takes.group(1).islower():  # "take to charge", not "take to New Zealand"
        head = [takes.group(1).lower()]
    if act := await _unwritten_act(knowledge, question):
        thing = " and ".join(" ".join(run) for run in runs)
        return Absence(
            text=f'The knowledge base does not say how long: no document mentions "{act}" for {thing}, in any wording.',
            passages=[],
        )
    forms = {w: _forms(w) for w in head}
    if not head or not all(forms.values()) or not (found := await absent_duration(knowledge, plain_names, head, forms)):
        [(_, named)] = await knowledge.matches([" & ".join(plain_names)], limit=MAX_GENERAL)
        return _SAYS_HOW_LONG if says_how_long(named, plain_names) else None
    said, passages = found
    if _dated(question, len(passages), passages):
        return None
    thing, shown = " and ".join(" ".join(run) for run in runs), passages[0]
    lacks = f"mention its {' '.join(head)} but never give a duration" if said else f"never mention {' '.join(head)}"
    text = f'The knowledge base does not say how long: the passages that name {thing} (such as "{shown.title}" [1])'
    text += f" {lacks}."
    return Absence(text=text, passages=[shown])


async def _unwritten_act(knowledge: KnowledgeBase, question: str) -> str | None:
    """The act a duration is asked of ("to fully resolve", "be fixed") when no document writes it nor any word of its
    paraphrase group ("resolve", "fix", "close", "complete"...): only a grouped word is checked, as its absence in
    every form is then the documents' silence, not another wording."""
    for verb in _ACT.findall(question):
        if in_group(verb.lower()) and not (await knowledge.matches([_any(_forms(verb.lower()))], limit=1))[0][0]:
            return verb.lower()
    return None


async def _never_written(knowledge: KnowledgeBase, question: str, names: set[str]) -> Absence | None:
    """The asked thing is named by a word no document uses in any form ("a trade-in scheme"): said plainly."""
    if _ASKER.search(question) or asked_contact(question):
        return None  # a question about the asker is memory's; a contact asked is checked by its written shape
    split = re.sub(r"(?<=\w)-(?=\w)", " ", question)  # "trade-in": its words
    asked, _ = _asked(split, names)
    plain = [w for n in names for w in words(n) if _PLAIN.match(w) and w not in STOPWORDS]
    subject = " & ".join(dict.fromkeys(plain))
    missing = await unknown_words(knowledge, split, asked, names, {w: _forms(w) for w in asked}, subject)
    if not missing:
        return None
    if plain and await _coded(knowledge, question, list(dict.fromkeys(plain))):
        return None  # "at what urgency ...?" beside "open an S2 request": the asked attribute may be worded as its code
    text = f"The knowledge base does not say: no document mentions {shown(missing, question)}."
    return Absence(text=text, passages=[])


# Nouns of a class or grade a thing is put in (general English): their values are often written as codes ("P3",
# "IP67", "Class II"), so the noun itself need never be written.
_GRADED = frozenset(
    stem(w)
    for w in """rating ratings rated priority priorities level levels grade grades class classes category categories
    tier tiers code codes standard standards type types model models severity urgency certification protection
    spec specs specification specifications socket sockets fitting fittings classification band bands""".split()
)


def _graded(question: str, subject: list[str], passages: list[Passage]) -> bool:
    """Does the question ask a class or grade ("at what priority", "which rating") while the sections naming the
    subject write a value as a code the question does not say ("open a P3 ticket", "waterproof (IP67)")?"""
    if not any(stem(w) in _GRADED for w in words(question)):
        return False
    return bool(subject_codes(passages, subject) - {w.upper() for w in words(question)})


async def _coded(knowledge: KnowledgeBase, question: str, subject: list[str]) -> bool:
    """`_graded`, with the passages naming the subject read from the corpus."""
    [(_, passages)] = await knowledge.matches([" & ".join(_any(_forms(w) or [w]) for w in subject)], limit=MAX_GENERAL)
    return _graded(question, subject, passages)


async def _never_with_subject(
    knowledge: KnowledgeBase, question: str, runs: list[list[str]], plain_names: list[str]
) -> Absence | None:
    """The named subject is in the corpus, a word it uses elsewhere never with it: said plainly."""
    names = [w.lower() for run in runs for w in run]
    asked, head = _asked(question, set(plain_names) | set(names))
    forms = {w: _forms(w) for w in asked}
    if not plain_names or not head or not all(forms.values()):
        return None
    if any(stem(w) in PLACE_WORDS for w in head):
        return None  # "which city ...": a place is said by its name, never by the word "city"
    if all(stem(w) in FRAME_WORDS for w in head):
        return None  # "the time limit", "the deadline": the value asked, said as "within 15 days", never by its frame
    subject = "(" + " & ".join(dict.fromkeys(plain_names)) + ")"
    queries = [subject, *(_any(forms[w]) for w in asked), *(f"{subject} & {_any(forms[w])}" for w in head)]
    found = await knowledge.matches(queries, limit=MAX_GENERAL)
    named, passages = found[0]
    known = [w for w, (n, _) in zip(asked, found[1 : 1 + len(asked)], strict=True) if n]
    if not named or not set(head) <= set(known) or _dated(question, named, passages):
        return None  # the subject is not in the documents, or a word they never use may be said otherwise
    with_head = zip(found[1 + len(asked) :], head, strict=True)
    if any(n > MAX_GENERAL or any(said_with(p, plain_names, forms[w]) for p in ps) for (n, ps), w in with_head):
        return None  # a section names the subject with the asked thing: the composer missed it, not the documents
    # A passage holding every asked word the corpus knows but not the subject may state a rule that covers it
    # ("free on orders over $100" for Latin America, asked of Mexico); one about another named thing does not.
    # The subject's own name words ("lamps" of "Zed Lamp 2-Pack") and "take" are not what a rule for
    # everything must say ("What's the warranty on the Zed lamps?": a warranty rule for every device covers it).
    named_lines = [
        h for p in passages for h in _HEADING.findall(p.content) if set(plain_names) <= set(words(h.lower()))
    ]
    own = {stem(w) for h in named_lines for w in words(h)} | _TAKE
    ruled = [w for w in known if stem(w) not in own] or known
    everything = " & ".join(_any(forms[w]) for w in ruled)
    [(general, elsewhere)] = await knowledge.matches([f"{everything} & !{subject}"])
    if general > MAX_GENERAL or any(covers_generally(p, [forms[w] for w in ruled]) for p in elsewhere):
        return None
    # "At what priority ...?" beside "open a P3 ticket", "which rating ...?" beside "waterproof (IP67)": a value written
    # as a code is a value of some attribute of the subject, maybe the asked one, though its word is never written.
    if _graded(question, plain_names, passages):
        return None
    # "Who signed off on X?" beside "Decided by: Ana Ruiz": the subject's own section names who did it; "When did the
    # CFO join?" beside "(CFO, since 2021)": it gives a date, maybe the asked one, though the act is worded otherwise.
    shape, sections = asked_shape(question), subject_sections(passages, plain_names)
    if shape is Shape.WHO and any(_AGENT_LINE.search(t) for t in sections):
        return None
    # (An asked thing named with its article, "when does the lease ... run out", is a thing no date there is of.)
    acts = not any(re.search(rf"\b(?:the|a|an|its|their|our|his|her)\s+{re.escape(w)}\b", question, re.I) for w in head)
    if shape is Shape.WHEN and acts and any(_DATE_WORD.search(t) for t in sections):
        return None
    thing = " and ".join(" ".join(run) for run in runs)
    # The passage whose own headings name the subject (its section) is the evidence to show.
    heads = {p.chunk_id: set(words(" ".join(_HEADING.findall(p.content)))) for p in passages}
    shown = next((p for p in passages if set(plain_names) <= heads[p.chunk_id]), passages[0])
    text = (
        f'The knowledge base does not say: the passages that name {thing} (such as "{shown.title}" [1]) never '
        f"mention {' '.join(head)}."
    )
    return Absence(text=text, passages=[shown])
