"""Relative changes of a known figure: "up by 10%", "lowered by 5", "two more", "15 minutes later".

A change said relative to what the user told before gives no value on its own, so the sentence rules read
nothing and the old figure stayed current. Read against the known facts, it has one: the known fact whose
slot the message names (its predicate's words, or the words of its statement around the figure) and whose
value holds exactly one number or clock time gets the new figure, in its own wording ("250k" up 10% is "275k",
"at 9:15" 15 minutes later is "at 9:30"). With no such fact, or two named equally, nothing is guessed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, timedelta
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any

from cognicore.memory import clock
from cognicore.memory._fact_keys import subject_key
from cognicore.memory._fact_owners import others_thing
from cognicore.memory._fact_rewrites import PEOPLE
from cognicore.memory._fact_slot import in_slot_of
from cognicore.memory._fact_words import MONTH_NAMES, MONTHS

if TYPE_CHECKING:  # extraction imports this module: no import cycle at run time
    from cognicore.memory.extraction import FactCandidate

__all__ = ["relative_change"]

_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "a couple of": 2, "a couple": 2, "couple of": 2,
}  # fmt: skip
# A figure with thousands separators ("5,000") before one with a decimal comma ("1,5").
_FIGURE = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?"
_AMOUNT = rf"(?P<n>{_FIGURE}|" + "|".join(sorted(map(re.escape, _NUMBER_WORDS), key=len, reverse=True)) + r")"
_UP = r"up|raised|increased|bumped(?:\s+up)?|grew|grown|went\s+up|gone\s+up|rose|risen|upped|added|extended|pushed\s+up"
_DOWN = r"down|lowered|cut|reduced|decreased|dropped|fell|fallen|shrank|shrunk|went\s+down|gone\s+down|trimmed|slashed"
_BY_RE = re.compile(
    rf"\b(?P<dir>{_UP}|{_DOWN})\b(?:\s+[\w'-]+){{0,4}}?\s+by\s+(?:another\s+|a\s+further\s+)?[$\u20ac\u00a3]?\s?{_AMOUNT}\s*"
    r"(?:(?P<pct>%|percent|per\s+cent)|(?P<mag>k|m|thousand|million)\b)?",
    re.I,
)
# "quota went up 10 units", "the budget fell 5k": a verb of direction with the amount right after it (not "to").
_RISE = r"went\s+up|gone\s+up|rose|risen|grew|grown|jumped|climbed|increased"
_FALL = r"went\s+down|gone\s+down|fell|fallen|dropped|decreased|shrank|shrunk"
_BARE_RE = re.compile(
    rf"\b(?P<dir>{_RISE}|{_FALL})\s+(?:another\s+|a\s+further\s+)?[$\u20ac\u00a3]?\s?{_AMOUNT}\s*"
    r"(?:(?P<pct>%|percent|per\s+cent)|(?P<mag>k|m|thousand|million)\b)?",
    re.I,
)
_MAGNITUDE = {
    "": Decimal(1), "k": Decimal(1000), "m": Decimal(1_000_000),
    "thousand": Decimal(1000), "million": Decimal(1_000_000),
}  # fmt: skip
_THOUSANDS_RE = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")
# "two more agents": the thing counted must be what the known figure counts ("3 agents"), so "two more days for
# the report" never moves a date.
_MORE_RE = re.compile(rf"\b{_AMOUNT}\s+(?P<dir>more|extra|additional|fewer|less)\s+(?P<thing>[a-z][\w-]*)", re.I)
_SHIFT_RE = re.compile(
    rf"\b{_AMOUNT}\s*(?P<unit>min(?:ute)?s?|hours?|hrs?|h|days?|weeks?)\s+(?P<dir>later|earlier)\b", re.I
)
# "we lost three resellers", "hired two engineers": a count changed by what was gained or lost
_COUNT_RE = re.compile(
    rf"\b(?P<dir>lost|gained|hired|added|recruited|onboarded|dropped|let\s+go(?:\s+of)?)\s+(?:another\s+)?{_AMOUNT}\s+"
    r"(?:more\s+|new\s+)?(?P<thing>[a-z][\w-]*)",
    re.I,
)
# "launch slipped by a week", "the review got brought forward by two days"
_SLIP_RE = re.compile(
    rf"\b(?P<dir>slipped|slips|pushed(?:\s+back)?|delayed|postponed|moved\s+back|brought\s+forward|pulled\s+in|"
    rf"moved\s+up)\b(?:\s+[\w'-]+){{0,3}}?\s+by\s+{_AMOUNT}\s*(?P<unit>days?|weeks?)\b",
    re.I,
)
# "doubled", "cut in half", "halved": the figure times a factor, read as a percentage change.
_FACTORS = {"doubled": 100, "tripled": 200, "quadrupled": 300, "halved": -50, "half": -50}
_FACTOR_RE = re.compile(
    r"\b(?P<dir>doubled|tripled|quadrupled|halved|(?:cut|reduced|dropped|slashed|down)\s+(?:in|by)\s+(?:a\s+)?half)\b",
    re.I,
)
_MONTHS = MONTH_NAMES  # "january" ... "december", for a month's number
_MONTH = MONTHS
_DATE_RE = re.compile(
    rf"(?<!\w)(?:(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m1>{_MONTH})|(?P<m2>{_MONTH})\s+(?P<d2>\d{{1,2}})"
    r"(?:st|nd|rd|th)?)(?!\w)",
    re.I,
)
_FIGURE_RE = re.compile(rf"(?<![\w.:])(?P<n>{_FIGURE})(?P<suffix>\s*(?:k|m|%)?)(?![\w.:]|\s*[.:]\d)", re.I)
# "9:15", "7.30pm", "7am": a clock time has minutes or am/pm ("7 agents" is none).
_CLOCK_RE = re.compile(
    r"(?<![\w:])(?=\d{1,2}[:.]\d{2}|\d{1,2}\s*[ap]\.?m\b)(?P<h>\d{1,2})(?:[:.](?P<m>\d{2}))?"
    r"(?P<ampm>\s*[ap]\.?m\.?)?(?![\w:])",
    re.I,
)
_STOP = frozenset(
    "the a an and or of on at in by to for with from is are was were be been has have had my our we us i it they "
    "them this that user up down more less fewer now just got get per".split()
)


def _people(text: str) -> bool:
    """Does `text` count people ("reps", "agents", "people")?"""
    return bool(re.search(rf"\b(?:{PEOPLE})\b", text, re.I))


def _everyone(text: str) -> bool:
    """Does `text` count people of any role ("6 people", "8 members")? Reps hired are among them; not among agents."""
    return bool(re.search(r"\b(?:people|persons|members|staff|heads|headcount)\b", text, re.I))


def _amount(text: str) -> Decimal:
    word = text.lower()
    if word in _NUMBER_WORDS:
        return Decimal(_NUMBER_WORDS[word])
    return Decimal(text.replace(",", "") if _THOUSANDS_RE.fullmatch(text) else text.replace(",", "."))


def _words(text: str) -> set[str]:
    """Content words with a plural "s" dropped, so "agents" meets "agent" and "p1s" meets "p1"."""
    words = re.findall(r"[a-z0-9]+", text.lower().replace("_", " "))
    return {w[:-1] if len(w) > 3 and w.endswith("s") else w for w in words if w not in _STOP and not w.isdigit()}


def _shown(value: Decimal) -> str:
    """A figure as people write it: no trailing zeros, no exponent."""
    text = format(value.quantize(Decimal("0.01")).normalize(), "f")
    return text


def _shifted(obj: str, minutes: int) -> str | None:
    """The one clock time in `obj`, moved by `minutes`, in the same style (24-hour, or with am/pm kept)."""
    times = list(_CLOCK_RE.finditer(obj))
    if len(times) != 1:
        return None
    m = times[0]
    hour, ampm = int(m["h"]), (m["ampm"] or "")
    if ampm:  # "12am" is midnight, "12pm" noon
        hour = hour % 12 + (12 if "p" in ampm.lower() else 0)
    total = (hour * 60 + int(m["m"] or 0) + minutes) % (24 * 60)
    hours, mins = divmod(total, 60)
    if not ampm:
        return obj[: m.start()] + f"{hours}:{mins:02d}" + obj[m.end() :]
    half = ("p" if hours >= 12 else "a") if ampm.strip()[:1].islower() else ("P" if hours >= 12 else "A")
    suffix = ampm[: len(ampm) - len(ampm.lstrip())] + half + ampm.strip()[1:]
    shown = f"{hours % 12 or 12}" + (f":{mins:02d}" if m["m"] or mins else "")
    return obj[: m.start()] + shown + suffix + obj[m.end() :]


def _changed(obj: str, delta: Decimal, percent: bool, *, units: bool = False) -> str | None:
    """The one figure in `obj` changed by `delta` (or by `delta` percent), its suffix ("k", "%") kept."""
    figures = [f for f in _FIGURE_RE.finditer(obj) if not _CLOCK_RE.search(obj)]
    if len(figures) != 1:
        return None
    f = figures[0]
    try:
        old = _amount(f["n"])
    except InvalidOperation:
        return None
    scale = _MAGNITUDE.get(f["suffix"].strip().lower(), Decimal(1)) if units else Decimal(1)
    new = old * (1 + delta / 100) if percent else old + delta / scale
    if new < 0 or (units and delta / scale != (delta / scale).quantize(Decimal("0.01"))):  # "$1.5M" up by 5 dollars
        return None
    shown = _shown(new)
    if _THOUSANDS_RE.fullmatch(f["n"]):  # "$600,000" raised by 50k is "$650,000"
        whole, _, cents = shown.partition(".")
        shown = f"{int(whole):,}" + (f".{cents}" if cents else "")
    return obj[: f.start()] + shown + f["suffix"] + obj[f.end() :]


def _dated(obj: str, days: int) -> str | None:
    """The one day-and-month date in `obj` moved by `days`, written as it was ("10 March" -> "17 March")."""
    dates = list(_DATE_RE.finditer(obj))
    if len(dates) != 1:
        return None
    m = dates[0]
    month = _MONTHS.index((m["m1"] or m["m2"]).lower()) + 1
    try:
        when = date(clock.today().year, month, int(m["d1"] or m["d2"])) + timedelta(days=days)
    except ValueError:
        return None
    name = when.strftime("%B")
    shown = f"{when.day} {name}" if m["d1"] else f"{name} {when.day}"
    return obj[: m.start()] + shown + obj[m.end() :]


def _change_in(message: str) -> tuple[Decimal, bool, str, str] | None:
    """(signed amount, is a percentage, what it moves: "figure", "clock" (minutes) or "date" (days), the thing
    counted) of the one relative change said, or None."""
    counts = list(_COUNT_RE.finditer(message))
    said = (
        [(m, "by") for m in (*_BY_RE.finditer(message), *_BARE_RE.finditer(message))]
        # "hired two more reps" is one change, read once (by what was gained)
        + [(m, "more") for m in _MORE_RE.finditer(message) if not any(c.start() <= m.start() < c.end() for c in counts)]
        + [(m, "more") for m in counts]
        + [(m, "shift") for m in _SHIFT_RE.finditer(message)]
        + [(m, "slip") for m in _SLIP_RE.finditer(message)]
        + [(m, "factor") for m in _FACTOR_RE.finditer(message)]
    )
    if len(said) != 1:
        return None
    m, how = said[0]
    if how == "factor":
        return Decimal(_FACTORS[m["dir"].lower().split()[-1]]), True, "figure", ""
    amount = _amount(m["n"])
    direction = m["dir"].lower()
    down = (
        re.fullmatch(_DOWN, direction, re.I)
        or re.fullmatch(_FALL, direction, re.I)
        or direction.startswith(
            ("fewer", "less", "earlier", "lost", "let go", "brought forward", "pulled in", "moved up")
        )
    )
    sign = Decimal(-1) if down else Decimal(1)
    if how in ("shift", "slip"):
        unit = m["unit"].lower()
        if unit.startswith(("day", "week")):
            return sign * amount * (7 if unit.startswith("week") else 1), False, "date", ""
        return sign * amount * (60 if unit.startswith("h") else 1), False, "clock", ""
    if how == "by" and (m["mag"] or (amount >= 1000 and not m["pct"])):
        # "up by 2k", "by 50,000": in units, so "40k" becomes "42k" and "40000" becomes "42000"
        amount *= _MAGNITUDE[(m["mag"] or "").lower()]
        return sign * amount, False, "units", ""
    return sign * amount, how == "by" and bool(m["pct"]), "figure", m["thing"] if how == "more" else ""


def relative_change(message: str, known_facts: Sequence[dict[str, Any]]) -> FactCandidate | None:
    """The known figure a relative change names, with its new value; None when not exactly one is named."""

    change = _change_in(message)
    if change is None:
        return None
    delta, percent, moves, counted = change
    said = _words(message)
    scored: list[tuple[int, str, dict[str, Any]]] = []
    for known in known_facts:
        obj = str(known.get("object", ""))
        if known.get("status", "active") != "active" or subject_key(obj) == "user":
            continue
        if others_thing(message, str(known.get("statement", ""))):
            continue  # "my manager's quota was raised by $40k", "Ana's target": not the user's figure
        if moves == "date":
            new = _dated(obj, int(delta))
        else:
            new = (
                _shifted(obj, int(delta)) if moves == "clock" else _changed(obj, delta, percent, units=moves == "units")
            )
        if new is None:
            continue
        slot = _words(f"{known.get('predicate', '')} {known.get('statement', '')}") - _words(obj)
        slot |= _words(obj) - {w for w in _words(obj) if any(c.isdigit() for c in w)}  # "3 agents": agents
        overlap = len(said & slot)
        if counted and not _words(counted) <= _words(obj) and not (_people(counted) and _everyone(obj)):
            continue  # "two more reps" counts reps: a figure of something else is not it
        overlap += bool(counted and _people(counted) and _everyone(obj))  # "two more reps" names "6 people"
        if overlap:
            scored.append((overlap, new, known))
    scored.sort(key=lambda s: s[0], reverse=True)
    if not scored or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    _, new, known = scored[0]
    moved = in_slot_of(known, new)
    return moved.model_copy(update={"confidence": 0.8})
