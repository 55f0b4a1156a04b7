"""Misspelt words of a request, corrected offline before it is classified, planned and answered.

A word is corrected only when neither the deployment (its schema's table, column and value words, its
documents' words, its agents' descriptions) nor common English knows it; the correction is the closest word
of the deployment first ("revnue" -> "revenue", "windw" -> "window"), else of common English ("shoud" ->
"should"). Names and rare real words stay as written, and every correction is reported, so the answer can
say which words were read as what.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA
from spellchecker import SpellChecker

from cognicore.subagents.offline_sql.lexicon import english_words as lexicon_words

# A word this frequent in pyspellchecker's corpus is a real word, never "corrected" ("wont", "ship").
REAL_WORD = 500
# English words at least this frequent are candidates for a correction ("should", "summary"): a typo of a
# rare word is more likely a name written as the user means it.
COMMON_WORD = 1_000
MIN_LENGTH = 4  # shorter words have too many neighbours one edit away ("cat", "car", "cut")
# Common English shorthand of informal writing and the word it stands for. A shorthand is read as its word only
# when that word is one of the deployment's ("rev" in a deployment with revenue, "tix" in one with tickets) or a
# function word of English ("thru", "pls"), so it never brings a topic the deployment does not have.
SHORTHAND = {
    "thru": "through",
    "tho": "though",
    "pls": "please",
    "plz": "please",
    "w/o": "without",
    "tix": "tickets",
    "qty": "quantity",
    "avg": "average",
    "rev": "revenue",
    "yr": "year",
    "yrs": "years",
    "wk": "week",
    "wks": "weeks",
    "num": "number",
    "amt": "amount",
    "mgr": "manager",
    "dept": "department",
    "cust": "customer",
    "custs": "customers",
    "prev": "previous",
    "prio": "priority",
    "prios": "priorities",
    # Calendar abbreviations of four letters or more (shorter ones are never corrected): "sept" is no "kept".
    "sept": "september",
    "tues": "tuesday",
    "weds": "wednesday",
    "thur": "thursday",
    "thurs": "thursday",
}
# A negation written without its apostrophe is that negation, never the nearest word ("arent" was read as the
# deployment's "agent", "wasnt" as "want", and the "not" was lost).
_NEGATIONS = "aren't wasn't isn't weren't don't doesn't didn't hasn't haven't hadn't shouldn't couldn't wouldn't"
SHORTHAND |= {n.replace("'", ""): n for n in _NEGATIONS.split()}
SHORTHAND |= {"gimme": "give me", "lemme": "let me"}  # "gimme a count of ..." asks; it is no unknown action
_CALENDAR = "september tuesday wednesday thursday"
_FUNCTION_WORDS = frozenset(
    [*f"through though please without previous number {_CALENDAR} {_NEGATIONS}".split(), "give me", "let me"]
)
_TOKEN = re.compile(r"(?<![\w'-])[A-Za-z][a-z]*(?:'[a-z]+)?(?![\w'-])")


@dataclass(frozen=True, slots=True)
class Correction:
    """One word read as another."""

    written: str
    read: str

    def __str__(self) -> str:
        return f"'{self.written}' as '{self.read}'"


def as_written(text: str, corrections: list[Correction]) -> str:
    """`text`, a part of a corrected request, with each correction in it undone: the words as the user wrote them."""
    for c in corrections:
        text = re.sub(rf"\b{re.escape(c.read)}\b", c.written.replace("\\", "\\\\"), text, count=1)
    return text


@lru_cache(maxsize=1)
def _checker() -> SpellChecker:
    """pyspellchecker's corrector, loaded once per process on the first word neither known nor English. Only its
    words one edit away are ever used (a guess two edits away is dropped), and building the two-edit candidates of a
    long word costs seconds, so it stops at one (`distance=1`)."""
    return SpellChecker(distance=1)


def english_words() -> dict[str, int]:
    """English words and how often they occur in pyspellchecker's corpus: the one list the offline SQL writer
    loads too (loading it costs about a quarter of a second, so once per process)."""
    return lexicon_words()


class Speller:
    """Corrects a request's unknown words against the deployment's own words, then against common English."""

    def __init__(self, known: Iterable[str]) -> None:
        # Each word as the deployment writes it, looked up without case: lower case when it is written so anywhere
        # ("return" in a sentence, not "Return" of a heading), else as the name it is ("Europe").
        self._spelt = {w.lower(): w for w in sorted(set(known)) if len(w) >= MIN_LENGTH and w.isalpha()}
        self._known = sorted(self._spelt)
        self._known_set = frozenset(self._known)
        # Short words too ("ben", "vpn"), for the one slip that is safe at any length: a letter typed twice.
        self._short = {w.lower(): w for w in set(known) if 3 <= len(w) < MIN_LENGTH and w.isalpha()}

    def knows(self, word: str) -> bool:
        """Whether `word` is a word of the deployment or a real English word (then it is never corrected)."""
        w = word.lower()
        forms = {w, w.removesuffix("s"), w.removesuffix("es")}
        # "ticketing" is "ticket" in use; "shiping" is not "ship" (short stems double their last letter).
        forms |= {f for f in (w.removesuffix("ed"), w.removesuffix("ing")) if len(f) >= 5}
        return bool(forms & self._known_set) or english_words().get(w, 0) >= REAL_WORD

    def correct(self, text: str, *, keep: frozenset[str] = frozenset()) -> tuple[str, list[Correction]]:
        """`text` with its misspelt words replaced, and the corrections made (in order); words in `keep`
        (lowercase: what the user told, e.g. their team's "offsite") are meant as written."""
        found: list[Correction] = []

        def fix(m: re.Match[str]) -> str:
            written = m.group(0)
            if written.lower() in keep:
                return written
            if (told := _told(written, keep, self._known_set)) is not None:
                found.append(Correction(written, told))  # "whos my manger?" after "My manager is ...": the told word
                return told
            # A capitalised word inside a sentence is a name: read only as a name the deployment spells ("Eurpoe"),
            # never as an English word ("Initech" is no "snitch").
            read = self.correction(written, name=m.start() > 0 and written[:1].isupper())
            if read is None:
                return written
            shown = read.capitalize() if written[:1].isupper() and not read[:1].isupper() else read
            found.append(Correction(written, shown))
            return shown

        return _TOKEN.sub(fix, text), found

    def shorthand(self, word: str) -> str | None:
        """The word a common shorthand stands for ("rev" -> "revenue"), when the deployment has that word."""
        full = SHORTHAND.get(word.lower())
        if full is None:
            return None
        forms = {full, full.removesuffix("s")}
        return full if full in _FUNCTION_WORDS or forms & self._known_set else None

    def _undoubled(self, word: str) -> str | None:
        """The deployment's word that `word` is with one letter typed twice ("benn" -> "ben", "closedd" -> "closed")."""
        for i in range(1, len(word)):
            if word[i] == word[i - 1]:
                single = word[:i] + word[i + 1 :]
                if single in self._known_set:
                    return self._spelt[single]
                if single in self._short:
                    return self._short[single]
        return None

    def correction(self, word: str, *, name: bool = False) -> str | None:
        """The word `word` stands for, or None when it is known or nothing is close enough; a `name` is corrected
        only to a word of the deployment."""
        w = word.lower()
        if (short := self.shorthand(w)) is not None:
            return short
        if len(w) < MIN_LENGTH or "'" in w or self.knows(w):
            return None
        if word[:1].isupper() and english_words().get(w, 0):
            # "Dana handed Europe over to me", "Rosa is back": a capitalised word that English writing holds, rarely
            # (a common word is known above), is a name wherever it stands, the first word too; never "Data", "Rose".
            return None
        if (single := self._undoubled(w)) is not None:
            return single  # a letter typed twice: no letter changed
        # The deployment's own words first: one edit or swap of neighbours ("lona", "Eurpoe"), two in a long
        # word, else a close match ("headphnes", "acessories").
        edits = process.extractOne(w, self._known, scorer=OSA.distance, score_cutoff=1 if len(w) <= 6 else 2)
        if edits is not None:
            # Among words as near, the one that keeps the written ending: "opend" is "opened" (a verb's past), not
            # the value "open".
            ties = process.extract(w, self._known, scorer=OSA.distance, score_cutoff=edits[1], limit=None)
            edits = next((e for e in ties if e[0][-1] == w[-1]), edits)
        if english_words().get(w, 0) and (edits is None or edits[1] > 1):
            return None  # a rare real word ("unassigned") is only a one-letter slip, never a loose match
        # A loose match only for a lower-case word: a capitalised one it does not know is a name ("Marta" is not
        # "Smart"), corrected only by the slip an edit explains ("Eurpoe").
        loose = (
            None
            if word[:1].isupper()
            else process.extractOne(w, self._known, scorer=fuzz.ratio, score_cutoff=80 if len(w) <= 5 else 75)
        )
        close = edits or loose
        if close is not None and not name and (edits is None or edits[1] > 1):
            # Two edits from a deployment's word but one from a common English word ("asigned" is "assigned",
            # not the column "assignee"): the nearer reading wins.
            # Among the English words one edit away, the one nearest the deployment's word ("assigned", not
            # "signed"), then the commonest.
            near = [c for c in _checker().candidates(w) or () if c != w and OSA.distance(w, c) == 1]
            common = [c for c in near if english_words().get(c, 0) >= COMMON_WORD]
            if common:
                target = str(close[0])
                return str(min(common, key=lambda c: (OSA.distance(c, target), -english_words().get(c, 0))))
        if close is not None:
            read = self._spelt[str(close[0])]
            return read if not name or _keeps_letters(w, read.lower()) else None
        if name:
            return None
        # English only for a one-letter slip: two edits turn terms it does not know into other words ("runbook" is
        # no "unhook"). A first letter is seldom the slip: "leed" is "lead" before the commoner "need".
        near = [c for c in _checker().candidates(w) or () if c != w and OSA.distance(w, c) == 1]
        common = [c for c in near if english_words().get(c, 0) >= COMMON_WORD]
        first = [c for c in common if c[:1] == w[:1] or c[:2] == w[1::-1]]
        return str(max(first or common, key=lambda c: english_words().get(c, 0))) if common else None


def _told(written: str, told: frozenset[str], known: frozenset[str]) -> str | None:
    """The one word the user told (`told`, lower case) that `written` is a slip of, when `written` is in lower case,
    no word of the deployment (`known`) and at most a rare English word ("manger" for a told "manager", "synk" for
    "sync"); a name, a known word or a common one is meant as written."""
    w = written.lower()
    if written != w or len(w) < MIN_LENGTH or w in known or english_words().get(w, 0) >= COMMON_WORD:
        return None
    near = {t for t in told if len(t) >= MIN_LENGTH and t.isalpha() and OSA.distance(w, t) == 1}
    return near.pop() if len(near) == 1 else None


def _keeps_letters(written: str, read: str) -> bool:
    """Whether `read` is `written` with letters swapped, dropped or added, never one changed: the only slips a name is
    corrected for ("Eurpoe", "Rivrside"). A letter changed turns one name into another word ("Dana" into "data", "Lena"
    into "lens") as often as it mends a typo."""
    if len(written) == len(read):
        return sorted(written) == sorted(read)
    return OSA.distance(written, read) == abs(len(written) - len(read))
