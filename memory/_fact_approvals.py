"""Who approves what, a sentence shape of the offline `extract_facts` role.

"Marta approves all software purchases", "software purchases need sign-off from Diego now instead of Marta",
"discounts above 20% need Elena's approval", "Rafael signs off on the big discounts now, not Elena": one
approver at a time for a kind of thing, so the slot is (the thing, `approved_by`) and a new name supersedes
the old one. Generic English only; the person is a capitalised name.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from cognicore.memory._fact_words import NOT_A_NAME

Fact = dict[str, Any]
MakeFact = Callable[..., Fact]

_PERSON = r"(?-i:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)"
_NOW = r"(?:\s+(?:now|from\s+now\s+on|these\s+days|going\s+forward))?"
_OLD_TAIL = r"(?:\s*,?\s*(?:and\s+|but\s+)?(?:instead\s+of|rather\s+than|not|no\s+longer)\s+(?P<old>" + _PERSON + r"))?"
_APPROVE_VERB = (
    r"(?:approves|approve|signs\s+off\s+on|signs\s+off|sign\s+off\s+on|authori[sz]es|okays|oks|validates|"
    r"has\s+to\s+approve|must\s+approve|needs\s+to\s+approve|will\s+approve|is\s+(?:the\s+one\s+)?approving)"
)
_APPROVAL = r"(?:sign-?off|sign\s+off|approval|authori[sz]ation|go-?ahead|ok|okay)"
_NEED = r"(?:need|needs|require|requires|go\s+to|goes\s+to|must\s+get|must\s+have|have\s+to\s+get|has\s+to\s+get)"
_APPROVES_RE = re.compile(
    r"^(?P<who>" + _PERSON + r")\s+(?:now\s+|also\s+|currently\s+)?" + _APPROVE_VERB + r"\s+(?P<what>.+?)"
    + _NOW + _OLD_TAIL + r"$",
    re.I,
)  # fmt: skip
_NEEDS_FROM_RE = re.compile(
    r"^(?P<what>[\w%$-]+(?:\s+[\w%$.-]+){0,6}?)\s+(?:now\s+)?" + _NEED + r"\s+(?:an?\s+|the\s+)?" + _APPROVAL
    + r"\s+(?:from|by)\s+(?P<who>" + _PERSON + r")" + _NOW + _OLD_TAIL + r"$"
    r"|^(?P<what2>[\w%$-]+(?:\s+[\w%$.-]+){0,6}?)\s+(?:now\s+)?" + _NEED + r"\s+(?P<who2>" + _PERSON + r")'s\s+"
    + _APPROVAL + _NOW + _OLD_TAIL.replace("old>", "old2>") + r"$",
    re.I,
)  # fmt: skip
_NOW_INSIDE_RE = re.compile(r"\s+(?:now|from\s+now\s+on|these\s+days)\b", re.I)


def approval_facts(clause: str, conf: float, *, make: MakeFact, clean: Callable[[str], str],
                   valid: Callable[[str], bool]) -> list[Fact]:  # fmt: skip
    """The approver fact of `clause` when it says who approves a kind of thing; [] otherwise."""
    clause = clean(clause)
    if m := _APPROVES_RE.match(clause):
        who, what, old = m["who"], m["what"], m["old"]
    elif m := _NEEDS_FROM_RE.match(clause):
        who, what, old = (m["who"], m["what"], m["old"]) if m["who"] else (m["who2"], m["what2"], m["old2"])
    else:
        return []
    what = _NOW_INSIDE_RE.sub("", what)
    what = re.sub(r"^(?:all|any|every|each|the|our|my|a|an)\s+", "", clean(what).strip(), flags=re.I).strip(" ,.")
    if who.split()[0].lower() in NOT_A_NAME or what.split()[0].lower() in NOT_A_NAME:
        return []  # "we need approval from Finance" is a request of the moment, not who approves a kind of thing
    if not valid(what) or len(what.split()) > 7:
        return []
    if what[:1].isupper() and not what.split()[0].isupper():  # "Software purchases ...": the sentence's capital
        what = what[0].lower() + what[1:]
    statement = f"{who} approves {what}" + (f" (instead of {old})" if old else "")
    return [make(what, "approved_by", who, "fact", conf, statement, exclusive=True, contradicts=old,
                 category="work")]  # fmt: skip
