"""A change of one known slot in a sentence shape no other rule reads: the same thing, a new value of one kind.

"my bike got stolen, so for now I'm taking the bus in" after "I cycle to the office"; "finance trimmed the laptop
refresh money, we've got 90k now" after "The laptop refresh budget is $120k"; "sorry, got that wrong: the printer
visit is on Friday" after "... on Thursday". A known fact's slot is what it says besides its value; the message
names that slot (shares a word of it, and gives that word no other modifier or owner: not the wi-fi certificate
for the VPN certificate, not Lena's shift for mine), says it as a change, and gives one value of the same kind (an
amount, a clock time, a day, a month, a name, a way of travelling) while the old value is gone or said as ended.
Exactly one known fact must fit; two or none: nothing is guessed. An addition ("I also ...") replaces nothing.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from cognicore.memory._fact_amounts import PERIOD_WORDS, amount_fits, periods
from cognicore.memory._fact_keys import lemma, predicate_key, subject_key
from cognicore.memory._fact_owners import FRAME, others_thing, tokens_of
from cognicore.memory._fact_slot_guards import a_part, another_noun, names_the_head, speaks_of_mine
from cognicore.memory._fact_value_kinds import Value, day_word, typed_values
from cognicore.memory._fact_word_classes import FIRST_SINGULAR
from cognicore.memory._fact_words import (
    CHANGE_CUES,
    MINE_KEPT_RE,
    NARROWER,
    PAST_DATED,
    SLOT_CHANGE_CUES,
    SUPPOSED,
    TEMPORARY,
    WHICH_VALUE,
)

if TYPE_CHECKING:  # extraction imports this module: no import cycle at run time
    from cognicore.memory.extraction import FactCandidate

__all__ = ["ADDED", "another_thing", "gives_other_value", "others_thing", "restated", "slot_changed"]

# Said as a change: the message tells that the slot's value is not what it was.
_CHANGE_RE = re.compile(rf"\b(?:{CHANGE_CUES}|{SLOT_CHANGE_CUES})\b", re.I)
# Said in doubt, under a condition, for a while (`TEMPORARY`), or dated to when it happens ("In May we switched",
# "from next month"): the old value may still hold, so nothing is ended by a guess.
_UNSURE_RE = re.compile(
    r"\b(?:not\s+sure|i\s+heard|heard\s+that|maybe|might|perhaps|probably|possibly|i\s+think|rumou?r|if|unless|"
    # "when" dates a condition, unless its clause is in the past ("when the kit room was refitted")
    r"once|when(?!\s+(?:[\w'-]+\s+){0,4}?(?:was|were|had|did)\b)|next\s+(?:week|month|quarter|year)|"
    rf"{SUPPOSED}|just\s+for|only\s+for|{TEMPORARY}|"
    # a plan ("will be moved", "going to") or a result ("we hit it in 12 minutes on average", "ago")
    rf"will|going\s+to|{PAST_DATED}|on\s+average|so\s+far|hit|reached|achieved|beat|missed)\b"
    r"|(?:^|[,;:]\s*)say\b",
    re.I,
)
# Said as an addition; "another" only when it is no destination ("Grace moved to another site").
ADDED = re.compile(r"\b(?:too|also|as\s+well|additionally|(?<!\bto\s)another|in\s+addition|besides)\b", re.I)
# Words before an old value that say it ended ("not Berlin", "off the weekend rota", "dropped FedEx").
_ENDED_BEFORE = frozenset(
    "not off from instead than longer dropped ditched quit stopped sold left replaced swapped no".split()
)
_ENDED_AFTER_RE = re.compile(r"^\W*(?:any\s*more|no\s+more|went\s+to|is\s+gone|got\s+stolen|was\s+stolen)\b", re.I)


def _ended(tokens: list[str], value: Value) -> bool:
    """Is the value said as one that ended ("not Berlin", "off the weekend rota", "Nordics went to Joe"), or as when a
    change starts ("as of Monday", "starting Monday"): in both it is not the slot's new value?"""
    before = [t.lower() for t in tokens[max(0, value.start - 3) : value.start]]
    if before[-1:] in (["starting"], ["from"], ["since"]) or before[-2:] == ["as", "of"]:
        return True
    return bool(set(before) & _ENDED_BEFORE) or bool(_ENDED_AFTER_RE.match(" ".join(tokens[value.end : value.end + 3])))


def _content(tokens: list[str], values: list[Value]) -> dict[str, int]:
    """The slot words of a statement (lemma -> position): its content words that are not one of its values."""
    valued = {i for v in values for i in range(v.start, v.end)}
    return {
        lemma(t.lower()): i
        for i, t in enumerate(tokens)
        if i not in valued and t.lower() not in FRAME and t[:1].isalpha() and len(t) > 2
    }


def _named(message: list[str], said: list[Value]) -> dict[str, int]:
    """A message's slot words (`_content`), a general noun also naming its narrower things ("machine": laptop)."""
    words = _content(message, said)
    for word, at in list(words.items()):
        for narrower in NARROWER.get(word, ()):
            words.setdefault(narrower, at)
    return words


def _modifier(tokens: list[str], at: int) -> str:
    """The word right before a slot word that says which one it is ("VPN" certificate, "Lena's" shift), if any."""
    if at == 0:
        return ""
    word = tokens[at - 1].lower()
    return "" if word in FRAME or not word[:1].isalpha() else word


def _said(known: dict[str, Any]) -> str:
    """What a known fact says: a note's quoted words, else its statement."""
    statement = str(known.get("statement") or "")
    quoted = re.match(r'^\W*the user said:\s*["\u201c](.+?)["\u201d]?\W*$', statement, re.I | re.S)
    return quoted.group(1) if quoted else statement


def _modified(message: list[str], said: list[Value], tokens: list[str], values: list[Value]) -> bool:
    """Does the message give a slot word of the known statement another modifier ("the wi-fi certificate" for "the
    VPN certificate", "the camera launch" for "the watch launch")?"""
    slot, words = _content(tokens, values), _named(message, said)
    shared = sorted(set(slot) & set(words), key=slot.__getitem__)
    if not shared:
        return False
    # The first shared word names the thing the statement is about; a later one may be in its value ("the finance
    # ops team" and "the payroll team" are two values of who handles a thing, not two things).
    a, b = _modifier(tokens, slot[shared[0]]), _modifier(message, words[shared[0]])
    b = "" if b in WHICH_VALUE else b  # "my old machine" for "my work laptop": the same thing, its old value
    # A value before it says which one only as a name does ("the VPN certificate"); "the weekend rota" for "the
    # on-call rota" is the same rota with its day said.
    valued = {v.key.split()[0] for v in [*values, *said] if v.kind != "name"}
    if day_word(a) in valued or day_word(b) in valued:
        return False
    if (PERIOD_WORDS.get(a) in periods(message)) or (PERIOD_WORDS.get(b) in periods(tokens)):
        return False  # "my quarterly quota" for "my sales quota for each quarter": the period, said another way
    return bool(a and b and lemma(a) != lemma(b) and lemma(a) not in words and lemma(b) not in slot)


def another_thing(message: str, statement: str) -> bool:
    """Is `message` about another thing than the known `statement`, though it shares its words: another person's
    ("Lena's shift"), or the same noun with another modifier ("the wi-fi certificate" for "the VPN certificate")?"""
    said, known = tokens_of(_quoted(message)), tokens_of(_quoted(statement))
    return others_thing(message, statement) or _modified(said, typed_values(said), known, typed_values(known))


def restated(message: str, statement: str) -> bool:
    """Does `message` say again what `statement` says ("the HR systems team takes payroll app tickets" after "Payroll
    app tickets go to the HR systems team"): no new value, at most one other word (the verb), not worded as a change?"""
    said, known = tokens_of(_quoted(message)), tokens_of(_quoted(statement))
    new, old = typed_values(said), typed_values(known)
    if _CHANGE_RE.search(message) or any(v.key not in {o.key for o in old} for v in new):
        return False
    extra = set(_content(said, new)) - set(_content(known, old))
    return bool(_content(said, new)) and len(extra) <= 1


def gives_other_value(message: str, statement: str) -> bool:
    """Does `message` give a value of a kind `statement` holds (a name, an amount, a day, a clock time, a month, a way
    of travelling) that differs from it, while not saying the old one still holds ("switched to HubSpot" for "we log
    deals in Salesforce")? Whether it changed that slot is not known: only that it may have."""
    said, known = tokens_of(_quoted(message)), tokens_of(_quoted(statement))
    new, old = typed_values(said), typed_values(known)
    if any(v.key == o.key and not _ended(said, v) for v in new for o in old):
        return False
    kinds = {o.kind for o in old}
    return any(v.kind in kinds and not _ended(said, v) for v in new)


def _quoted(text: str) -> str:
    return _said({"statement": text})


def _fits(message: list[str], said: list[Value], known: dict[str, Any]) -> tuple[Value, Value] | None:
    """The known fact's old value and the message's new one, when the message changes that fact's slot."""
    tokens = tokens_of(_said(known))
    old_values = typed_values(tokens)
    slot = _content(tokens, old_values)
    words = _named(message, said)
    shared = {w for w in set(slot) & set(words) if w not in PERIOD_WORDS}  # "a year" is the unit, not the slot
    mine = str(known.get("subject", "")).strip().lower() in ("user", "the user")
    if others_thing(" ".join(message), " ".join(tokens)) or _modified(message, said, tokens, old_values):
        return None  # "Lena's shift starts at 10am" is not my shift; "the wi-fi certificate" not the VPN one
    if any(v.kind == "month" for v in said) and not any(o.kind == "month" for o in old_values):
        return None  # "In May we switched ...": when it happens, maybe still to come
    if another_noun(message, said, str(known.get("predicate", "")), set(slot)):
        return None  # "the partner summit prep call", "the on-call for the network team": another thing
    if _another_due(message, said, str(known.get("predicate", "")), set(slot)):
        return None  # "the board pack draft is due Dec 5", "Priya moved the QBR" after "the QBR deck is due ...'"
    if _other_qualifier(message, str(known.get("predicate", "")), set(slot)):
        return None  # "Office moved my locker to 23" after "my bike locker is 4": maybe another locker
    if not speaks_of_mine(message, {words[w] for w in shared}, mine=mine):
        return None  # "the shift handover call", "the new intern got ... as work laptop": not the user's own
    # "$25k of the budget", "used 3 of the licences": a part of it; "I'm using an iPhone" names a thing, no amount
    said = [v for v in said if v.kind == "name" or not a_part(message, v.start, v.end)]
    if any(v.kind == "count" for v in said) and not names_the_head(
        set(words), str(known.get("predicate", "")), str(known.get("statement", ""))
    ):
        return None  # "I closed 31 deals" does not name the target it is counted against
    pairs = []
    for old in old_values:
        if not shared and not (old.kind == "travel" and mine):
            continue  # the slot must be named; the way the user travels is the user's own one
        if any(v.key == old.key and not _ended(message, v) for v in said):
            continue  # the old value said as holding: no change of it
        held = {v.key for v in old_values if v.kind == old.kind}  # "wednesday nights" for "Tuesday nights"
        new = {v.key: v for v in said if v.kind == old.kind and v.key not in held and not _ended(message, v)}
        if len(new) == 1:
            pairs.append((old, next(iter(new.values()))))
    return pairs[0] if len(pairs) == 1 else None


def _another_due(message: list[str], said: list[Value], predicate: str, slot: set[str]) -> bool:
    """A known deadline (`deadline_for_<thing>`) changes only when the message names its thing by its head noun, as the
    head there too: "the board pack draft" is another thing than "the board pack", "the QBR" than "the QBR deck"."""
    if not predicate.startswith("deadline_for_"):
        return False
    thing = predicate.removeprefix("deadline_for_")
    head = lemma(thing.split("_")[-1])
    return head not in {lemma(t.lower()) for t in message} or another_noun(message, said, thing, slot)


def _other_qualifier(message: list[str], predicate: str, slot: set[str]) -> bool:
    """Does the message leave out the known slot's qualifier ("bike" of "bike locker") while another thing acts on the
    slot ("Office moved my locker")? Which locker is then not known."""
    words = [lemma(w) for w in predicate_key(predicate).split("_") if w]
    if len(words) < 2:
        return False
    said = {lemma(t.lower()) for t in message}
    if set(words[:-1]) <= said:
        return False
    for i, tok in enumerate(message[:-2]):
        if message[i + 1].lower() in _ACTING and message[i + 2].lower() in ("my", "our"):
            return lemma(tok.lower()) not in slot and tok.lower() not in FRAME | {"they", "someone", "somebody"}
    return False


# Verbs by which someone or something changes a thing of the user's ("Office moved my locker").
_ACTING = frozenset("moved changed reassigned switched swapped gave assigned set put".split())


def _amount_of_kind(message: list[str], said: list[Value], known: dict[str, Any]) -> tuple[Value, Value] | None:
    """The user's own amount changed, its slot named in other words: same kind, period and size (`amount_fits`)."""
    tokens = tokens_of(_said(known))
    owner = str(known.get("subject", "")).strip().lower()
    if known.get("status", "active") != "active" or others_thing(" ".join(message), " ".join(tokens)):
        return None
    said_by = {t.lower() for t in message}
    if owner in ("user", "the user"):
        if not said_by & FIRST_SINGULAR:
            return None  # "the marketing team's budget was raised": not said to be the user's
    elif owner != "we" or said_by & FIRST_SINGULAR or any(t.endswith("'s") for t in said_by):
        return None  # the team's amount ("ticket volume is up to 35 a day"), said by no one else's name
    new = [v for v in said if not _ended(message, v) and not a_part(message, v.start, v.end)]
    pair = amount_fits(message, new, tokens, typed_values(tokens))
    return (pair[0], pair[1]) if pair is not None else None  # type: ignore[return-value]


_INSTEAD_RE = re.compile(r"\binstead\b(?!\s+of\b)", re.I)


def _head_instead(message: str, known_facts: list[dict[str, Any]]) -> dict[str, Any] | None:
    """ "I'm covering the password reset queue instead" after "I work the hardware queue": a thing named by the same
    head noun as the one known thing of the user's, said with "instead", is that thing's new value."""
    if not _INSTEAD_RE.search(message) or not re.search(r"\b(?:i|i'm|i've|me|my)\b", message, re.I):
        return None
    said = [t.lower() for t in tokens_of(message)]
    tokens = tokens_of(message)
    if any(v.kind in ("day", "month") and not _ended(tokens, v) for v in typed_values(tokens)):
        return None  # "On Fridays I'm covering the reset queue instead": the old one holds the rest of the week
    fits = []
    for k in known_facts:
        words = [t.lower() for t in tokens_of(str(k.get("object") or ""))]
        mine = str(k.get("subject", "")).strip().lower() in ("user", "the user")
        if k.get("status", "active") != "active" or k.get("predicate") == "note" or not mine or len(words) < 2:
            continue
        head, mods = words[-1], set(words[:-1]) - FRAME
        at = [i for i, t in enumerate(said) if t == head and i and said[i - 1] not in FRAME | mods]
        if mods and at and not mods & set(said):  # another thing of that kind, the old one not named
            fits.append(k)
    return fits[0] if len(fits) == 1 else None


def _most_named(
    message: list[str], said: list[Value], fits: list[tuple[dict[str, Any], tuple[Value, Value]]]
) -> list[tuple[dict[str, Any], tuple[Value, Value]]]:
    """Of two known slots a change fits ("my gym locker", "my office locker"), the one whose every slot word the
    message shares with it is a strict superset of what it shares with each other ("the gym moved my locker")."""
    if len(fits) < 2:
        return fits
    words = set(_named(message, said))
    shared = []
    for known, _pair in fits:
        tokens = tokens_of(_said(known))
        shared.append(set(_content(tokens, typed_values(tokens))) & words)
    best = [i for i, s in enumerate(shared) if all(o < s for j, o in enumerate(shared) if j != i)]
    return [fits[best[0]]] if len(best) == 1 else fits


def _counts_another(said: list[str], new: Value, held: list[str], old: Value) -> bool:
    """Do the new and the old figure count different things (the word right after each: "deals", "reps")?"""
    after = [
        lemma(t[v.end].lower()) if v.end < len(t) and t[v.end][:1].isalpha() and t[v.end].lower() not in FRAME else ""
        for t, v in ((said, new), (held, old))
    ]
    return all(after) and after[0] != after[1]


def slot_changed(
    message: str, facts: list[FactCandidate], known_facts: list[dict[str, Any]], *, unclear: str
) -> list[FactCandidate]:
    """`facts` with the one read from a change of a known slot naming the fact it replaces (`contradicts`).

    Only when no rule read a change (no fact names one) and exactly one known fact's slot fits; a structured known
    fact gets its own wording with the new value, so a later question finds it in the words first used.
    """
    # A marker ("changed, new value not read") is a change no rule could read: this one may read it.
    unread = [i for i, f in enumerate(facts) if f.object == unclear and f.contradicts]
    if not facts or any(f.contradicts for i, f in enumerate(facts) if i not in unread):
        return facts
    if ADDED.search(message) or _UNSURE_RE.search(message) or not _CHANGE_RE.search(message):
        return facts
    if MINE_KEPT_RE.search(message):
        return facts  # "the on-call pager number is now 4499, my own is unchanged": the user's own holds
    tokens = tokens_of(message)
    said = typed_values(tokens)
    fits = [
        (k, pair)
        for k in known_facts
        if k.get("status", "active") == "active" and (pair := _fits(tokens, said, k)) is not None
    ]
    if not fits:  # "bumped my quota up - 550 thousand dollars a quarter" after "my quarterly sales target is $400k"
        fits = [(k, pair) for k in known_facts if (pair := _amount_of_kind(tokens, said, k)) is not None]
    fits = _most_named(tokens, said, fits)
    if len(fits) != 1:
        if not fits and not unread and (same_kind := _head_instead(message, known_facts)) is not None:
            return [facts[0].model_copy(update={"contradicts": str(same_kind.get("statement") or "")}), *facts[1:]]
        return facts  # none, or two that could be the one changed: no guess
    known, (old, new) = fits[0]
    if _counts_another(tokens, new, tokens_of(_said(known)), old):
        return facts  # "my team closed 11 deals, not 8" of "8 reps": the figure counts another thing
    statement = str(known.get("statement") or "")
    if unread and (len(unread) > 1 or facts[unread[0]].contradicts != statement):
        return facts  # the marker is of another fact
    old_text = " ".join(tokens_of(_said(known))[old.start : old.end])
    new_text = " ".join(tokens[new.start : new.end])
    target = next((i for i, f in enumerate(facts) if new_text.lower() in f.statement.lower()), 0)
    same = predicate_key(facts[target].predicate) == predicate_key(str(known.get("predicate", ""))) and (
        subject_key(facts[target].subject) == subject_key(str(known.get("subject", "")))
    )
    if same and known.get("predicate") != "note" and target not in unread:
        return facts  # the same slot read by a rule: the store replaces its value
    facts = [f.model_copy(update={"contradicts": None}) if i in unread else f for i, f in enumerate(facts)]
    fact = facts[target].model_copy(update={"contradicts": statement})
    reworded = re.sub(re.escape(old_text), new_text, statement, count=1)
    # Reworded only when the old value is the known fact's value itself ("on Tuesday nights"), not a word beside
    # it ("every other weekend" of the user `is` "on call"): the rest of its wording must still hold.
    held = old_text.lower() in str(known.get("object") or "").lower()
    # A name is a value only whole: "Obi" read of "Grace Obi" is a part of it ("Grace Tom Reed" would be wrong)
    whole = re.sub(r"^(?:(?:on|at|in|to|by|with|the|a|an)\s+)+", "", str(known.get("object") or ""), flags=re.I)
    held = held and (new.kind != "name" or old_text.lower() == whole.strip().lower())
    if known.get("predicate") != "note" and held and reworded != statement:
        fact = fact.model_copy(
            update={
                "subject": str(known.get("subject") or fact.subject),
                "predicate": str(known.get("predicate") or fact.predicate),
                "object": re.sub(re.escape(old_text), new_text, str(known.get("object") or ""), count=1) or new_text,
                "category": str(known.get("category") or fact.category),
                "kind": known.get("kind") or fact.kind,
                "statement": reworded,
                "exclusive": True,
            }
        )
    return [*facts[:target], fact, *facts[target + 1 :]]
