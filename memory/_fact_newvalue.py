"""The new value of a change that names the old one, read from the sentence's structure around the change verb.

`_fact_known.named_changes` finds which known fact a change is about when the message names its old value
("Marta doesn't take escalations anymore, I send them to Olu"). When no sentence rule read the message, the
new value was left unread and the known fact got an "unclear change" marker. The shapes below are the ones a
replacement takes in any domain: the target of a hand-over ("passed/handed/sent/switched ... to X", "back to
X"), the one who took something over ("X took it over"), a present restatement ("it's X now"), "X instead".
Only one distinct value may be read, it must hold a word the known fact does not, and it must not be a pronoun;
otherwise nothing is returned and the caller keeps its honest marker.
"""

from __future__ import annotations

import re
from typing import Any

from cognicore.memory._fact_keys import normalize

__all__ = ["is_target", "new_value", "replaced_in"]

_END = r"\s*(?:,?\s*(?:now|instead|these\s+days|from\s+now\s+on|again|for\s+good))*\s*(?=[,;.!]|\s+(?:and|but|so)\s|$)"
_VALUE = r"(?P<v>[^,;.!]+?)"
_SHAPES = (
    # "Jonas took it over", "Omar has taken over", "Mei is taking the desk over"
    re.compile(
        r"(?P<v>(?-i:[A-Z])[\w.'-]*(?:\s+(?-i:[A-Z])[\w.'-]*)?)\s+(?:has\s+|have\s+|is\s+|just\s+)?"
        r"(?:took|taken|taking|takes)\s+(?:(?:it|them|this|that|(?:the|my|our)\s+[\w-]+)\s+)?over\b",
        re.I,
    ),
    # "handed the team over to Farid", "passed to Chloe", "I send them to Olu", "we're back to DHL"
    re.compile(
        r"\b(?:back|handed|handing|passed|passing|sent|send|sending|switched|switching|moved|moving|went|gone|"
        r"reassigned|transferred|given|gave|changed|shifted|goes|go)"
        r"(?:\s+(?:it|them|this|that|(?:the|my|our|his|her|their)\s+[\w-]+))?(?:\s+over|\s+back)?\s+to\s+"
        + _VALUE
        + _END,
        re.I,
    ),
    # "it's GlobalProtect now", "they're with Olu now", "that is Farid now"
    re.compile(
        r"\b(?:it\s+is|it's|its|they\s+are|they're|that\s+is|that's)\s+(?:with\s+|on\s+)?"
        + _VALUE
        + r"\s*,?\s*(?:now|instead|these\s+days|from\s+now\s+on)\b",
        re.I,
    ),
    # "GlobalProtect instead", "..., Tableau instead"
    re.compile(r"(?:^|[,;:]\s*)(?:(?:and|but|so)\s+)?" + _VALUE + r"\s+instead\b(?!\s+of)", re.I),
)
_PRONOUN = frozenset("it them this that him her me us you they he she someone somebody".split())
_CUT_RE = re.compile(r"\s+(?:for|because|since|as\s+of|after|from|last|this|next)\b.*$", re.I)
_ARTICLE_RE = re.compile(r"^(?:the|a|an)\s+", re.I)
_TRAIL_RE = re.compile(r"(?:\s+(?:again|too|also|as\s+well|now|then))+$", re.I)


def _targets(message: str) -> list[str]:
    """Every value the change shapes read in `message`, cut at a trailing purpose or time ("for shipping")."""
    values = []
    for shape in _SHAPES:
        for m in shape.finditer(message):
            value = _TRAIL_RE.sub("", _CUT_RE.sub("", m["v"].strip())).strip(" ,;:-")
            values.append(_ARTICLE_RE.sub("", value) if not value[:1].isupper() else value)
    return [v for v in values if v]


def is_target(message: str, named: str) -> bool:
    """Is the named (normalised) value what the change goes TO ("back to DHL"), rather than what it leaves?"""
    return any(f" {named} " in f" {normalize(v)} " for v in _targets(message))


def new_value(message: str, known: dict[str, Any]) -> str | None:
    """The one new value `message` gives in place of the known fact's, or None when none or several are read."""
    said_before = set(normalize(f"{known.get('statement', '')} {known.get('object', '')}").split())
    found: list[str] = []
    for value in _targets(message):
        words = normalize(value).split()
        if not words or len(words) > 5 or words[0] in _PRONOUN or not set(words) - said_before - _PRONOUN:
            continue
        if "or" in words:  # "to Olu or to Kim": two values, no guess
            continue
        if normalize(value) not in {normalize(v) for v in found}:
            found.append(value)
    return found[0] if len(found) == 1 else None


def replaced_in(old_object: str, named: str, new: str) -> str:
    """The known object with the named part swapped for the new value: "P2 tickets to Marta" naming "marta" gives
    "P2 tickets to Olu"; a run of capitalised words holding the named word goes whole ("Cisco AnyConnect")."""
    if normalize(old_object) == named:
        return new
    run = re.search(
        rf"(?:(?-i:[A-Z])[\w.-]*\s+)*\b{re.escape(named)}\w*\b(?:\s+(?-i:[A-Z])[\w.-]*)*", old_object, flags=re.I
    )
    if run is None:
        return new
    swapped = old_object[: run.start()] + new + old_object[run.end() :]
    return swapped
