"""A question typed in haste: its opening interrogative misspelt ("wht was revnue in march", "hw many tickets r open",
"wich tickets does ben have", "cn u pull the q2 numbers"). The word is read by its structure (the first word, one
edit from a wh-word or from an auxiliary with its subject after it, and no English word of its own), never from a
list of the typos people make; chat shorthand for "are"/"you" after it follows.

Without this, "wht was revenue in march" reads as a sentence whose subject is "wht": told and stored, never answered.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rapidfuzz.distance import OSA

from cognicore.orchestrator.spelling import Correction, english_words

__all__ = ["read_question_word"]

# The interrogatives, with the contracted forms people type without the apostrophe; the value is what is read.
_WH_WORDS = {
    "what": "what",
    "whats": "what's",
    "which": "which",
    "who": "who",
    "whos": "who's",
    "whose": "whose",
    "whom": "whom",
    "where": "where",
    "wheres": "where's",
    "when": "when",
    "why": "why",
    "how": "how",
    "hows": "how's",
}
# An English word this common is meant as written ("hat", "ho", "whats" are read elsewhere); rarer ones ("wat",
# "wen", "hows") are a wh-word typed in haste when they open a message.
_COMMON = 1_000
# "how's many" is "how many": a quantity asked needs the bare "how".
_HOW_BARE = re.compile(r"^(?:many|much|long|often|old|big|far|soon)$", re.IGNORECASE)
# What may open a question before its wh-word ("ok so wht ...", "pls hw many ..."): it says nothing of the mood.
_OPENERS = r"(?:and|so|ok|okay|hey|hi|pls|plz|please|also|but|um|hmm|quick\s+q(?:uestion)?)"
_FIRST = re.compile(
    rf"^(?P<lead>\s*(?:{_OPENERS}[,:]?\s+)*)(?P<word>[A-Za-z]{{2,6}})(?P<rest>(?:'s)?\s+\S.*)$", re.DOTALL | re.I
)
# An auxiliary that opens a question ("cn u pull ...", "shoud we ..."), read only when its subject follows at once.
_AUXILIARIES = ("can", "could", "would", "should", "will", "does", "did", "were", "have", "has")
_SUBJECTS = frozenset(
    "u you ya we i they he she it there the this that these those any anyone anybody someone my our your his her "
    "their".split()
)
# Chat shorthand for a verb or a pronoun, read only once the message is known to be a question ("hw many tickets r
# open", "wat do u have on ben"): one letter is no word of its own there.
_SHORTHAND = {"r": "are", "u": "you", "ur": "your"}
_SHORT_TOKEN = re.compile(r"(?<![\w'-])(?:r|u|ur)(?![\w'-])")


def _interrogative(word: str, following: str) -> str | None:
    """The wh-word `word` stands for: a contracted form typed without its apostrophe ("whos"), else the one wh-word
    it is one edit (or one swap) from, preferring the one it is the letters of with some left out ("wht" is
    "what", not "why"); None when it is spelt right or no single reading wins ("ho": "how" or "who", unless a
    quantity follows)."""
    w = word.lower()
    if w in _WH_WORDS:
        return None if _WH_WORDS[w] == w else _WH_WORDS[w]
    close = [c for c in _WH_WORDS if OSA.distance(w, c) == 1]
    dropped = [c for c in close if _left_out(w, c)]
    readings = {_WH_WORDS[c].removesuffix("'s") for c in dropped or close}
    if "how" in readings and _HOW_BARE.match(following):
        return "how"  # "hwo many": a quantity is asked with "how" only
    return _WH_WORDS[(dropped or close)[0]] if len(readings) == 1 else None


def _auxiliary(word: str, following: str) -> str | None:
    """The auxiliary `word` is one edit from ("cn" -> "can"), when exactly one is and its subject follows ("u", "we",
    "the"): an inversion, so a question."""
    if following.lower() not in _SUBJECTS:
        return None
    w = word.lower()
    close = [a for a in _AUXILIARIES if OSA.distance(w, a) == 1]
    # "cud u", "shud we": the auxiliary with two letters left out, since its subject confirms the inversion.
    close = close or [a for a in _AUXILIARIES if OSA.distance(w, a) == 2 and _left_out(w, a) and len(w) >= 2]
    return close[0] if len(close) == 1 else None


def _left_out(short: str, full: str) -> bool:
    """Whether `short` is `full` with letters left out ("wht" of "what")."""
    letters = iter(full)
    return all(ch in letters for ch in short)


def read_question_word(text: str, *, meant: Callable[[str], bool]) -> tuple[str, list[Correction]]:
    """`text` with a misspelt opening interrogative read as the wh-word it is one edit from, and the corrections.

    `meant` says whether a word is one the deployment or the user holds as written (a name such as "Wen"): such a
    word, or a common English one, is never read as a wh-word. A name followed by "'s" is left alone too.
    """
    match = _FIRST.match(text)
    if match is None:
        return text, []
    word, rest = match.group("word"), match.group("rest")
    following, after = ([*rest.removeprefix("'s").split(), ""])[:2]
    compared = following.lower() == "much" and (
        after.lower() in ("better", "worse", "more", "less") or after.endswith("er")
    )
    if (
        _HOW_BARE.match(following)
        and not compared
        and word.lower() not in _WH_WORDS
        and OSA.distance(word.lower(), "how") == 1
    ):
        # "now many tickets are open", "hoe much did we make": a quantity asked; even a real word there is "how".
        return _read(match.group("lead"), word, "how", rest)
    if english_words().get(word.lower(), 0) >= _COMMON or meant(word):
        return text, []
    if rest.startswith("'") and word[:1].isupper():
        return text, []  # "Wen's on leave": a name's "is"; "whta's the status" is typed in lower case
    read = _interrogative(word, following) or _auxiliary(word, following)
    if read is None:
        return text, []
    if read == "how's" and _HOW_BARE.match(following):
        read = "how"
    return _read(match.group("lead"), word, read, rest)


def _read(lead: str, word: str, read: str, rest: str) -> tuple[str, list[Correction]]:
    """The message with `word` read as `read` and chat shorthand after it read as its words, and the corrections."""
    shown = read.capitalize() if word[:1].isupper() else read
    fixes = [Correction(word, shown)]

    # Only the question's own verb and subject ("hw many tickets r open", "wat r u doing"): the first shorthand, and one
    # right after it, never the last word ("wat is plan u", "... for team u": a value).
    out, at = [], 0
    for m in _SHORT_TOKEN.finditer(rest):
        if (fixes[1:] and rest[at : m.start()].strip()) or not rest[m.end() :].strip(" ?!.") or len(fixes) > 2:
            break
        full = _SHORTHAND[m.group(0)]
        fixes.append(Correction(m.group(0), full))
        out.append(rest[at : m.start()] + full)
        at = m.end()
    return lead + shown + "".join(out) + rest[at:], fixes
