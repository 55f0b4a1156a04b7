"""A current fact's slot in the words it was first told: "We use DHL instead of FedEx" superseded "We send demo samples
to customers with FedEx", so it answers "which courier do we use for samples?" though it no longer says "samples".
What a fact superseded is the same slot (the fact store decided so); its values are not inherited, only its words."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cognicore.memory._fact_owners import others_thing
from cognicore.memory._fact_placement import UNSURE_RE
from cognicore.memory._fact_third_party import third_party
from cognicore.memory._fact_words import NOT_NAMES
from cognicore.memory.text import stem, terms
from cognicore.subagents._memory_aims import CALENDAR_PERIODS
from cognicore.subagents._memory_asks import asks_yes_no
from cognicore.subagents._memory_lines import NOT_SURE, line
from cognicore.subagents._memory_slot_apart import another_slot
from cognicore.subagents.memory_evidence import NEGATION_RE, content_terms, newer_change, quoted, text_of

__all__ = ["answer_lines", "inherited_words", "leading_change"]

# The calendar periods a figure is counted over: a fact naming its own ("120 a month") inherits none of the old ones.
_PERIODS = frozenset(stem(w) for w in CALENDAR_PERIODS)
_INSTEAD = re.compile(r"\binstead\b", re.I)  # "we use DHL instead of FedEx": a new value beside the denied one
_NAME = re.compile(r"(?<=\w\s)[A-Z][\w-]*")  # a word written with a capital inside a sentence: a value, not the slot


def _ends_only(said: str) -> bool:
    """Does the fact only deny ("no longer handles printers"), not give a new value ("DHL instead of FedEx")?"""
    return bool(NEGATION_RE.search(said)) and not _INSTEAD.search(said)


def inherited_words(passage: dict[str, Any]) -> frozenset[str]:
    """The stemmed words of the statements a current fact superseded (`replaced`), without their values (figures,
    names) and, when the fact names a period of its own, without their periods: the words it is also matched by.
    None for a fact that only says the old one ended ("no longer ...")."""
    said = str(passage.get("statement") or passage.get("content") or "")
    if passage.get("status") != "active" or not passage.get("replaced") or _ends_only(said):
        return frozenset()  # "The user no longer handles printers" ends the slot: it holds no new value of it
    own = set(terms(said))
    words: set[str] = set()
    for said in passage["replaced"]:
        names = set(terms(" ".join(_NAME.findall(str(said)))))
        words |= {t for t in terms(str(said)) if not any(ch.isdigit() for ch in t)} - names
    if own & _PERIODS:
        words -= _PERIODS
    return frozenset(words)


def leading_change(picked: list[dict[str, Any]]) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """The newest current memory worded as a change, to lead the answer with the others "before that", and the
    others; or None and the memories in the order to give them. A saying kept only as said that is a plan or a maybe
    ("Finance will raise my quota by $50k next quarter") or another person's doing ("My manager covers Europe these
    days") replaced nothing of the user's: it does not lead, the user's facts come first and none is called old; nor
    does a saying of another slot than every fact the store kept current beside it (`another_slot`)."""
    changed = newer_change([p for p in picked if p.get("status") == "active"])
    rest = [p for p in picked if p is not changed]
    if changed is None:
        return None, picked
    said = quoted(changed) if changed.get("note") else text_of(changed)
    known = [text_of(p) for p in rest if not p.get("note")]
    kept = [text_of(p) for p in rest if not p.get("note") and p.get("status") == "active"]
    if (
        (changed.get("note") and (UNSURE_RE.search(said) or _someone_did(said)))
        or (known and (all(others_thing(said, k) for k in known) or _of_another_owner(said, known)))
        or (kept and all(another_slot(said, k) for k in kept))
    ):
        return None, sorted(picked, key=lambda p: p is changed)
    return changed, rest


# "Omar left the network team and joined identity": a named person moved themselves (left, joined, moved); the
# user's own things are not what changed. A take-over ("Priya took over billing") may end the user's: not this.
_NAME_DID = re.compile(
    r"^\W*(?P<name>[A-Z][a-z]+)(?:\s+[A-Z][a-z]+)?\s+(?:has\s+)?(?:left|quit|joined|moved|went|transferred|retired|"
    r"resigned|relocated)\b"
)
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|me|my|we|we're|us|our)\b", re.I)


def _of_another_owner(said: str, known: Sequence[str]) -> bool:
    """Is the change another owner's ("Ben's shift moved to 7am as well") while the facts beside it are the user's?"""
    return third_party(said) is not None and all(third_party(k) is None for k in known)


def _someone_did(said: str) -> bool:
    """Does the saying tell where another named person went ("Omar left the network team and joined identity")?"""
    m = _NAME_DID.match(said)
    return bool(m and m.group("name").lower() not in NOT_NAMES and not _FIRST_PERSON.search(said))


# A memory that opens with another named person doing or holding something ("Ben is responsible for ...").
_OTHERS_DOING = re.compile(
    r"^\W*(?P<name>[A-Z][a-z]+)(?:\s+[A-Z][a-z]+)?\s+(?:is|has|took|takes|covers|handles|owns)\b"
)
_ASKER_YES_NO = re.compile(r"^\W*(?:so\s*,?\s+|and\s+|but\s+)?(?:am|do|did|have|was)\s+i\b", re.I)


def answer_lines(question: str, picked: list[dict[str, Any]], topic: Sequence[frozenset[str]]) -> str:
    """The answer's sentences: a yes/no first when asked so, then each memory dated; the newest change leads."""
    changed, rest = leading_change(picked)  # two current facts, the newer worded as a change ("bumped up to $55,000")
    lines = [line(changed), *(f"Before that: {line(p)}" for p in rest)] if changed else [line(p) for p in rest]
    text = " ".join(lines)
    if not asks_yes_no(question):
        return text
    top = changed or picked[0]
    if top.get("status") not in ("active", "said"):
        return f"No longer. {text}"
    if NEGATION_RE.search(text_of(top)):
        return f"No. {text}"
    if _OTHERS_DOING.match(quoted(top)) and _ASKER_YES_NO.match(question):
        # "am I still on the Email queue?" and "Ben is responsible for Email queue from me": another person's doing,
        # which may have ended the user's; no "yes" on it.
        return f"{text} {NOT_SURE}"
    covered = all(c & content_terms(text_of(top)) for c in topic)
    return f"Yes. {text}" if covered else text
