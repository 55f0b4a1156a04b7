"""A state asked by its negation ("unresolved", "pending", "yet to be closed"): the values of a status-like column
that are not its done ones.

Which values are done comes from the column's own values read against general English (closed, resolved, done,
completed, ...), so "which components have unresolved tickets" keeps the open and in-progress rows in any
deployment whose states include a done one; without exactly one such column nothing is rewritten and the word
stays unplaced (unsure).
"""

from __future__ import annotations

import re

from cognicore.subagents.offline_sql.lexicon import Lexicon, normalise, plural

__all__ = ["DONE_WORDS", "attributive", "done_unheld", "done_words", "negated_states", "unreached_state"]

# The end states of a piece of work or an order, as English names them.
DONE_WORDS = frozenset(
    "closed resolved solved done completed complete finished fixed cancelled canceled shipped delivered fulfilled "
    "archived settled".split()
)
# Adjectives of work not yet at an end state; each stands for "not done" when the data has no value so named.
_NOT_DONE = frozenset("pending outstanding unfinished incomplete undone".split())
# "yet to be closed", "still to be fixed", "waiting to be resolved": the state not reached.
# "still have to close", "has yet to be resolved", "still needs to be fixed": the same, said with a verb of duty.
_YET_TO = re.compile(
    r"\b(?:still (?:have|has|need|needs|got)|(?:have|has) yet|yet|still|waiting|left) to (?:be |get |have been )?"
    r"([a-z]+)\b"
)
# "tickets nobody has closed", "the ones no one resolved": the done state not reached by the rows named right before
# ("which components has nobody closed a ticket for" asks the groups with none, read elsewhere)
_NOBODY_DONE = (
    r"\b({rows}|ones)(?: (?:that|which))?(?: (?:has|have|had))? (?:nobody|no one)(?: (?:has|have|had|ever|yet|s))* "
    r"([a-z]+ed)\b"
)
_PREFIXED = re.compile(r"\b(un|non ?)([a-z]{4,})\b")
_NOT_DONE_WORD = re.compile(rf"\bnot (?:yet |even )?({'|'.join(sorted(DONE_WORDS))})\b(?: yet)?")
# "in the backlog", "on our work queue": the rows said are the not-done ones
_IN_BACKLOG = re.compile(
    r"\b(?:(?:that|which) )?(?:are |is )?(?:in|on) (?:the |our |their |his |her )?(?:backlogs?|work ?queues?)\b"
)
# The work waiting to be done, as English names it: "backlog", "the size of the work queue"
_BACKLOG = re.compile(
    r"\b(?:(?:the )?(?:size|length) of (?:the |our )?)?(?:backlogs?|work ?queues?)\b( of(?: the| our)?)?"
)


def attributive(replacement: str, source: str) -> str:
    """A one-word synonym of a negated value ("unresolved" -> "not closed") modifies a noun ("unresolved tickets"
    are the non-closed ones), never makes a verb phrase ("have not closed"): its "not" becomes "non"."""
    return re.sub(r"^not ", "non ", replacement) if " " not in source.strip() else replacement


def _done_values(lex: Lexicon) -> tuple[tuple[str, ...], str]:
    """The done values of the one text column whose values mix done and not-done states, with the plural noun of
    its table's rows; else ((), "")."""
    found = []
    for table in lex.catalogue.tables:
        for column in table.columns:
            said = [normalise(v) for v in column.values if column.kind == "text"]
            done = tuple(v for v in said if v in DONE_WORDS)
            if done and len(done) < len(said):
                found.append((done, plural(normalise(table.name).split()[-1])))
    return found[0] if len(found) == 1 else ((), "")


def _is_value(lex: Lexicon, phrase: str) -> bool:
    return any(t.kind == "value" for t in lex.phrases.get(phrase, []))


def negated_states(text: str, lex: Lexicon) -> str:
    """ "unresolved", "pending", "yet to be fixed" rewritten as "non <each done value>" when the data holds one
    status-like column and the word itself is no value of the data ("pending" as a status stays that status)."""
    done, rows = _done_values(lex)
    if not done:
        return text
    negated = "non " + " or ".join(done)
    # "the biggest backlog of tickets", "who has the smallest backlog": the work not done yet, counted in rows
    # ("tickets in the backlog", "how many are in our work queue": the rows said are the not-done ones)
    text = _IN_BACKLOG.sub(f" {negated} ", text)
    text = _BACKLOG.sub(lambda m: f"number of {negated} " + ("" if m.group(1) else rows), text)

    def negate(word: str, whole: str) -> str:
        """ "closed" (or "close", as in "yet to close"), a value: non that value; "resolved", a done word of English
        the data does not hold: non each done value; anything else stays as written."""
        for form in (word, f"{word}d", f"{word}ed"):
            if _is_value(lex, form):
                return f"non {form}"
        return negated if {word, f"{word}d", f"{word}ed"} & DONE_WORDS else whole

    # "tickets nobody has closed": not closed (a done value, or a done word of English), never closed and unassigned
    text = re.sub(
        _NOBODY_DONE.format(rows=re.escape(rows)),
        lambda m: f"{m.group(1)} {negate(m.group(2), m.group(0))}" if _done_or_value(m, lex, 2) else m.group(0),
        text,
    )
    # "tickets that aren't done yet", "not finished": a done word of English negated, whatever the data calls it
    # (a value of the data, "not closed", is read by the mapper's negation as before)
    text = _NOT_DONE_WORD.sub(
        lambda m: m.group(0) if _is_value(lex, m.group(1)) else negate(m.group(1), m.group(0)), text
    )
    text = _PREFIXED.sub(lambda m: m.group(0) if _is_value(lex, m.group(0)) else negate(m.group(2), m.group(0)), text)
    # "yet to be assigned": no done state but the step a column names (the assignee) not taken: its empty rows
    text = _YET_TO.sub(lambda m: negate(m.group(1), m.group(0)) if _done_or_value(m, lex) else _awaited(m, lex), text)
    for word in _NOT_DONE:
        if not _is_value(lex, word):
            text = re.sub(rf"\b{word}\b(?! {_PROCESS})", negated, text)
            text = re.sub(rf"\b{word} ({_PROCESS})", lambda m: _awaited(m, lex), text)
    return text


# "pending assignment", "awaiting review": a step of the work not yet taken, not the work's state being unfinished.
_PROCESS = r"(?:[a-z]{3,}(?:ment|al|ion|ance|ence|ure)|review|triage|sign off|sign-off|reply|response|answer|check)\b"


# Done words that are also common adjectives ("a complete list", "done deal"): never read as the done state alone.
_NOT_ALONE = frozenset({"complete", "done"})
# "are done", "has ben got done", "been complete": the adjective after a verb of being or getting is the done state
_BE_DONE = re.compile(r"\b(are|is|were|was|got|get|gets|getting|been|be|being) (?:done|complete)\b")


def done_words(text: str, lex: Lexicon) -> str:
    """ "who fixed the most tickets", "how many did each technician resolve", "tickets completed": a done word of
    English (or its verb's base form) that the data does not hold, read as the data's one done value."""
    done, _ = _done_values(lex)
    if len(done) != 1:
        return text

    def named(m: re.Match[str]) -> str:
        word = m.group(0)
        said = {word, f"{word}d", f"{word}ed"} & DONE_WORDS
        if not said or word in _NOT_ALONE or any(_is_value(lex, w) for w in (word, f"{word}d", f"{word}ed")):
            return word
        return done[0]

    # "how many of chloe's tickets are done", "has ben got done": the adjective after a verb of being or getting
    text = _BE_DONE.sub(rf"\1 {done[0]}", text)
    return re.sub(r"\b[a-z]{3,}\b", named, text)


def done_unheld(text: str, lex: Lexicon) -> str | None:
    """ "how many 2025 orders are done", "how many products are complete": a done state said where the data holds no
    one done value (no state column, or several end states): the words, which would otherwise be passed over as a
    stop word and every row counted (review15 data #6)."""
    done, _ = _done_values(lex)
    m = _BE_DONE.search(text)
    return m.group(0) if m is not None and len(done) != 1 else None


def unreached_state(text: str) -> str | None:
    """ "yet to be shipped" left as written (the data holds no state it reaches, or the verb is no state): the words,
    which would otherwise be passed over as a verb and an adverb and the state dropped from the answer."""
    m = _YET_TO.search(text)
    return m.group(0) if m else None


def _done_or_value(m: re.Match[str], lex: Lexicon, group: int = 1) -> bool:
    """The word "yet to be" reaches is a done word of English or a value of the data ("closed", "close")."""
    forms = {m.group(group), f"{m.group(group)}d", f"{m.group(group)}ed"}
    return bool(forms & DONE_WORDS) or any(_is_value(lex, f) for f in forms)


def _awaited(m: re.Match[str], lex: Lexicon) -> str:
    """ "pending assignment", "yet to be assigned": no one in the column named by the step ("assignee") when exactly
    one text column is,
    read as "without <step>" (the empty rows); otherwise as written (the step is no state, unplaced: unsure)."""
    stem = m.group(1)[:6]
    hits = [
        c
        for t in lex.catalogue.tables
        for c in t.columns
        if c.kind == "text" and not c.is_key and any(w[:6] == stem for w in c.name.split("_") if len(w) >= 4)
    ]
    return f"without {m.group(1)}" if len(hits) == 1 else m.group(0)
