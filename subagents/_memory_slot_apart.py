"""Which later sayings an answer's "Before that" lineage may join to a fact the store kept current beside them: only
a saying of the same slot (owner, head noun and its qualifiers, day or period bound), read as the storing side's
supersession check reads it (`_fact_supersession.said_apart`, `_fact_qualifiers.qualifiers_in`)."""

from __future__ import annotations

import re

from cognicore.memory._fact_keys import lemma
from cognicore.memory._fact_owners import tokens_of
from cognicore.memory._fact_qualifiers import qualifiers_in
from cognicore.memory._fact_supersession import said_apart

__all__ = ["another_slot"]

# Whose a memory's thing is, by how it opens: the user's own ("The user ...", "my ...") or the user's group ("Our
# ...", "We ...").
_USERS = re.compile(r"^\W*(?:the\s+user\b|i\b|i'm\b|i've\b|my\b)", re.I)
_GROUPS = re.compile(r"^\W*(?:our|we|we're|we've)\b", re.I)


def another_slot(said: str, known: str) -> bool:
    """Is `said` (a later saying) of another slot than `known` (a fact the store kept current beside it): another
    owner ("Our late shift ..." beside "The user's shift ..."), bounded to a day or a period `known` lacks ("In
    December my shift ...") or not said as holding, or one of the kind qualified by a word `known` lacks ("The
    enterprise quota is ..." beside "The user's quota is ...")? Then it did not change `known`."""
    if _owner(said) not in (None, _owner(known)) or said_apart(said, known):
        return True
    lemmas = {lemma(t.lower()) for t in tokens_of(known)}
    for token in tokens_of(said):
        head = lemma(token.lower())
        if not token.islower() or head not in lemmas or (asked := qualifiers_in(said, token)) is None:
            continue
        named = {lemma(t.lower()) for t in tokens_of(said) if not t.islower()}  # values, written with a capital
        if {w for w in asked if not any(ch.isdigit() for ch in w)} - named - lemmas:
            return True
    return False


def _owner(text: str) -> str | None:
    """Whose `text`'s thing is, by how it opens: "user", "group", or None (another person's is `leading_change`'s
    own reading, `third_party`)."""
    if _USERS.match(text):
        return "user"
    return "group" if _GROUPS.match(text) else None
