"""A time of the day said of the rows' dates ("opened after 6pm", "before noon", "in the morning", "between 9am and
5pm"): a condition on the time of a timestamp column, by the clock's general English (morning = before 12:00,
afternoon = 12:00 to 18:00, evening = from 18:00); a column of days only has no time, which the builder says."""

from __future__ import annotations

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql.catalogue import Column
from cognicore.subagents.offline_sql.lexicon import Lexicon
from cognicore.subagents.offline_sql.mapping import Mapping, Text

__all__ = ["claim_time_of_day", "time_condition", "time_words"]

_CLOCK = r"(\d{1,2})(?: (\d\d))? ?(am|pm)\b|\b(noon|midday|midnight)"
_PARTS = {"morning": (None, "12:00"), "afternoon": ("12:00", "18:00"), "evening": ("18:00", None)}


def _hhmm(hour: str | None, minute: str | None, half: str | None, named: str | None) -> str | None:
    """ "6pm" -> "18:00", "6 30am" -> "06:30", "noon" -> "12:00"; None for a time that is not on the clock."""
    if named:
        return "00:00" if named == "midnight" else "12:00"
    h, m = int(hour or 0), int(minute or 0)
    if not 1 <= h <= 12 or m > 59:
        return None
    h = h % 12 + (12 if half == "pm" else 0)
    return f"{h:02d}:{m:02d}"


def claim_time_of_day(t: Text, q: Mapping, lex: Lexicon) -> None:
    """ "after 6pm", "before noon", "between 9am and 5pm", "in the morning": `q.hours` as (from, until) times; data
    whose dates hold no time of the day leaves it unplaced."""
    if m := t.take(rf"\bbetween (?:{_CLOCK}) and (?:{_CLOCK})"):
        start, end = _hhmm(*m.groups()[:4]), _hhmm(*m.groups()[4:])
        if start is None or end is None:
            q.not_understood.append(f"'{m.group(0).strip()}' as times of the day")
        else:
            q.hours = (start, end)
    elif m := t.take(rf"\b(after|past|later than|from|before|earlier than|until|till) (?:{_CLOCK})"):
        at = _hhmm(*m.groups()[1:])
        if at is None:
            q.not_understood.append(f"'{m.group(0).strip()}' as a time of the day")
        else:
            q.hours = (None, at) if m.group(1) in ("before", "earlier than", "until", "till") else (at, None)
    elif m := t.take(r"\b(?:in|during) the (morning|afternoon|evening)s?\b"):
        q.hours = _PARTS[m.group(1)]
    if q.hours and not any(c.has_time for tb in lex.catalogue.tables for c in tb.columns):
        q.not_understood.append("a time of the day (the data's dates hold days only)")


def time_words(hours: tuple[str | None, str | None]) -> str:
    """ "at or after 18:00", "before 12:00", "from 09:00 to before 17:00": the times kept, for the explanation."""
    start, end = hours
    if start and end:
        return f"from {start} to before {end}"
    return f"at or after {start}" if start else f"before {end}"


def time_condition(hours: tuple[str | None, str | None], column: Column, sql: str, notes: list[str]) -> str:
    """The SQL condition on the time of the day of `column` (as `sql`, in the session's time zone), its note added;
    `Unsure` for a column of days, which has no time of the day."""
    if not column.has_time:
        raise Unsure(f"{column.ref} holds days, not times of the day: the time asked cannot be read from it.")
    notes.append(f"Only the rows whose {column.ref} is {time_words(hours)} (session time zone) are counted.")
    start, end = hours
    parts = [f"{sql}::time >= TIME '{start}'"] if start else []
    parts += [f"{sql}::time < TIME '{end}'"] if end else []
    return " AND ".join(parts)
