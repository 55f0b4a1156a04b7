"""How facts are compared: canonical keys, predicates holding one value at a time, and opposite predicates.

Pure functions shared by `memory.facts.FactStore` (deciding reinforce or supersede) and its tests.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # extraction reads the keys too: no import cycle at run time
    from cognicore.memory.extraction import FactCandidate

# Predicates that hold one value at a time: a new object supersedes the old one.
EXCLUSIVE_PREDICATES = frozenset({"drinks", "lives_in", "is_from", "name", "works_at", "works_as", "diet", "budget"})
# A fact and its negation about the same object cannot both be current.
_OPPOSITE_PAIRS = (
    ("likes", "dislikes"), ("drinks", "dislikes"), ("drinks", "does_not_drink"), ("prefers", "dislikes"),
    ("chose", "rejected"), ("decided", "decided_not_to"), ("uses", "does_not_use"),
)  # fmt: skip
OPPOSITES: dict[str, frozenset[str]] = {
    p: frozenset(b if a == p else a for a, b in _OPPOSITE_PAIRS if p in (a, b))
    for p in {x for pair in _OPPOSITE_PAIRS for x in pair}
}
_PREDICATE_ALIASES = {
    "drink": "drinks", "prefers_drink": "drinks", "prefers_to_drink": "drinks", "likes_to_drink": "drinks",
    "favourite_drink": "drinks", "favourite_beverage": "drinks", "go_to_drink": "drinks", "drink_of_choice": "drinks",
    "usual_drink": "drinks", "preferred_drink": "drinks", "live_in": "lives_in", "lives": "lives_in",
    "resides_in": "lives_in", "based_in": "lives_in", "is_based_in": "lives_in", "like": "likes",
    "love": "likes", "loves": "likes", "enjoys": "likes", "prefer": "prefers", "dislike": "dislikes",
    "hate": "dislikes", "hates": "dislikes", "does_not_like": "dislikes", "use": "uses", "is_using": "uses",
    "choose": "chose", "chooses": "chose", "decided_to_use": "chose", "decided_against": "rejected",
    "decided_not_to_use": "rejected", "rejects": "rejected", "has_name": "name", "is_named": "name",
    "work_at": "works_at", "works_for": "works_at", "employer": "works_at", "job_title": "works_as",
}  # fmt: skip
_SUBJECT_ALIASES = {
    "i": "user", "me": "user", "myself": "user", "the user": "user", "we": "we", "us": "we", "our team": "we",
    "the team": "we", "our company": "we", "the company": "we",
}  # fmt: skip


def normalize(text: str) -> str:
    """A comparison key: lower case, punctuation dropped (keeping $ % . in values), no leading article."""
    text = re.sub(r"[^\w$%.\s-]", " ", text.lower().replace("\u2019", "'").replace("'s ", " "))
    text = re.sub(r"\s+", " ", text).strip(" .-")
    return re.sub(r"^(?:the|a|an) ", "", text)


def predicate_key(predicate: str) -> str:
    """The canonical predicate: snake_case, British "favourite", common synonyms folded."""
    key = re.sub(r"[^a-z0-9]+", "_", predicate.lower().replace("favorite", "favourite")).strip("_")
    return _PREDICATE_ALIASES.get(key, key)


def lemmas(text: str) -> set[str]:
    """The lemmas (`lemma`) of the words of `text`, hyphenated words kept whole."""
    return {lemma(w) for w in re.findall(r"[a-z][\w-]*", text.lower())}


def lemma(word: str) -> str:
    """A word without its inflection, by spelling rules ("shipping", "ships", "shipped" -> "ship"; "replies" ->
    "reply"), so a slot named by a verb and one named by its gerund or plural compare equal."""
    w = _american(word.lower())
    if len(w) > 5 and w.endswith("ing"):
        w = w[:-3]
    elif len(w) > 4 and w.endswith("ied"):
        return w[:-3] + "y"
    elif len(w) > 4 and w.endswith("ed"):
        w = w[:-2]
    elif len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    elif len(w) > 3 and w.endswith("es") and w[:-2].endswith(("ss", "sh", "ch", "x", "z")):
        return w[:-2]
    elif len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return w[:-1]
    else:
        return w
    return w[:-1] if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "lsz" else w  # "shipp" -> "ship"


def _american(word: str) -> str:
    """A British spelling in its American form ("centre" -> "center", "colour" -> "color"), so a slot said in
    either spelling compares equal; only a comparison key, never shown."""
    if len(word) > 4 and word.endswith("tre"):
        return word[:-3] + "ter"
    return word[:-3] + "or" if len(word) > 5 and word.endswith("our") else word


def subject_key(subject: str) -> str:
    """The canonical subject: the user as 'user', their team as 'we'."""
    key = normalize(subject)
    return _SUBJECT_ALIASES.get(key, key)


def is_exclusive(candidate: FactCandidate) -> bool:
    """True when the candidate's predicate holds one value at a time."""
    key = predicate_key(candidate.predicate)
    return candidate.exclusive or key in EXCLUSIVE_PREDICATES or key.startswith("favourite_")


# Heads of slots that a shorter name still designates ("the budget" after "our marketing budget").
FIGURE_HEADS = frozenset(
    "budget deadline target goal timeline launch scope headcount price limit quota rate salary rent cost "
    "allowance spend date standup meeting review sync call shift retro demo slot contact owner size time day "
    "start schedule sla hours".split()
)


def same_slot(a: str, b: str) -> bool:
    """Two predicate keys of one slot: equal, or one names the same figure more precisely ("budget" and
    "marketing_budget"; not "travel_budget" and "marketing_budget"), so a restated figure replaces the old."""
    if a == b:
        return True
    ta, tb = a.split("_"), b.split("_")
    if [lemma(t) for t in ta] == [lemma(t) for t in tb]:  # "one_on_ones" and "one_on_one", "shipping" and "ships"
        return True
    short, long = (ta, tb) if len(ta) <= len(tb) else (tb, ta)
    return short[-1] == long[-1] and short[-1] in FIGURE_HEADS and set(short) <= set(long)
