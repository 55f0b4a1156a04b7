"""A measure said only to be set aside ("the count of orders, not the revenue", "units rather than revenue",
"by order count instead of sales"): no figure asked, so its words are claimed before the measures are read.

Left in, the set-aside measure was read as asked beside the other (two figures) and the answer was `unsure` on the
"not"; read alone, it would answer the measure the user ruled out. Only when another figure is asked beside it (a
measure's words or a count), so "not revenue" alone stays for the mapper to report.
"""

from __future__ import annotations

import re

from cognicore.subagents.offline_sql.lexicon import Lexicon
from cognicore.subagents.offline_sql.mapping import Mapping, Text

_SET_ASIDE = r"(?:not|rather than|instead of|as opposed to|and not|but not)\s+(?:(?:the|our|by|in|its|their)\s+)?"
_COUNT = re.compile(r"\b(?:count|counts|number of|how many|tally)\b")


def claim_unasked_measures(t: Text, q: Mapping, lex: Lexicon) -> None:
    """Blank a measure phrase said after "not" / "rather than" / "instead of" when another figure is asked too."""
    measures = sorted(
        (p for p, targets in lex.phrases.items() if any(x.kind == "measure" for x in targets)),
        key=lambda p: -len(p),
    )
    for phrase in measures:
        m = re.search(rf"\b{_SET_ASIDE}({re.escape(phrase)})\b", t.s)
        if m is None:
            continue
        rest = t.s[: m.start()] + " " + t.s[m.end() :]
        if _COUNT.search(rest) is None and not any(re.search(rf"\b{re.escape(p)}\b", rest) for p in measures):
            continue
        t.s = t.s[: m.start()] + " " * (m.end() - m.start()) + t.s[m.end() :]
        q.notes.append(f"Not {m.group(1)}, as the request says.")
