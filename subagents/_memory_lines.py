"""How an answer from memory is written: each memory as a dated, cited sentence, and the answers that quote
memories without choosing among them (everything remembered; a change whose new value was not read)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cognicore.subagents.memory_evidence import saying_of, text_of, told, when

MAX_ABOUT = 6  # facts listed for "what do you know about me?"
NOT_SURE = "I am not sure of the answer."  # the composer's closing sentence of an honest miss
NEAR_TOLD = "The closest passage is what you told me"  # how a memory near miss opens (unsure, with what is known)
_QUOTED = re.compile(r'"([^"]{3,})"')


@dataclass(frozen=True, slots=True)
class MemoryAnswer:
    """An answer from memory: its text, the passage indexes it cites and how much of the question it covered."""

    text: str
    used: list[int]
    coverage: float


def everything(passages: Sequence[dict[str, Any]]) -> MemoryAnswer | None:
    """What memory holds as true now about the user, newest first, each dated and cited."""
    # Current facts, and what the user told that no fact holds (the extractor did not read it).
    current = [p for p in passages if p.get("status") == "active" or told(p)]
    current = current or [p for p in passages if p.get("status") == "said"]
    if not current:
        return None
    picked = sorted(current, key=when, reverse=True)[:MAX_ABOUT]
    return MemoryAnswer(text=" ".join(line(p) for p in picked), used=[int(p["index"]) for p in picked], coverage=1.0)


def unread_change(marker: dict[str, Any], passages: Sequence[dict[str, Any]], coverage: float) -> MemoryAnswer:
    """Unsure: the user changed what the question is about, in words whose new value was not read."""
    saying = saying_of(marker, [p for p in passages if p.get("status") == "said"])
    if saying is None:
        text = f"{text_of(marker).strip()} [{marker['index']}] {NOT_SURE}"
        return MemoryAnswer(text=text, used=[int(marker["index"])], coverage=coverage)
    said = text_of(saying).strip().rstrip(".")
    quoted = _QUOTED.search(text_of(marker))  # the marker quotes the fact it ended
    before = f' ("{quoted.group(1)}")' if quoted else ""
    text = (
        f'On {saying.get("since") or "a later day"} you said: "{said}." [{saying["index"]}] That changed what you '
        f"had told me before{before} [{marker['index']}], but I could not read the new value from it. {NOT_SURE}"
    )
    return MemoryAnswer(text=text, used=[int(saying["index"]), int(marker["index"])], coverage=coverage)


def order(passage: dict[str, Any], past: bool) -> tuple[int, str]:
    """Sort key, largest first: for a question about the past, ended facts first; then newest first."""
    ended = passage.get("status") not in ("active", "said")
    date = str(passage.get("until_exact") or passage.get("until") or "") if ended else when(passage)
    return (1 if ended == past else 0, date)


def line(passage: dict[str, Any]) -> str:
    """One memory as a sentence with its date and its citation."""
    statement = str(passage.get("statement") or passage.get("content") or "").strip().rstrip(".")
    index = passage["index"]
    status = passage.get("status")
    if status == "said":
        said_on = f"On {passage['since']} you said" if passage.get("since") else "You said"
        return f'{said_on}: "{statement}." [{index}]'
    if status == "active":
        since = f", current since {passage['since']}" if passage.get("since") else ", current"
        return f"{statement}{since}. [{index}]"
    until = passage.get("until")
    return f"Until {until}: {statement} (no longer true). [{index}]" if until else f"Earlier: {statement}. [{index}]"


def last_user_turn(history: str) -> str:
    """The user's last message in a conversation text ("user: ..." lines): what a bare follow-up is about."""
    for said in reversed(history.splitlines()):
        if said.startswith("user: "):
            return said.removeprefix("user: ")
    return ""
