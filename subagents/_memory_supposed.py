"""A memory told only as a possibility holds no current value: a saying ("worst case, finance could cut the offsite
budget to 50k", "if we raised it to 60k ...") or a fact read from one ("Commission will probably go to 5%"). When it
is all a memory question finds, the answer says so and is not sure."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from cognicore.memory._fact_words import SUPPOSED

__all__ = ["only_supposed"]

_SUPPOSED_RE = re.compile(rf"\b(?:if|{SUPPOSED})\b|(?:^|[,;:]\s*)say\b", re.I)
# What a stored fact says only as a likelihood ("will probably go to 5%", "might move to Lisbon"): general English
# adverbs and modals of possibility; "if" and "would" are left to sayings (a fact may be a rule or a liking).
_LIKELY_RE = re.compile(r"\b(?:probably|possibly|maybe|perhaps|might|likely)\b", re.I)


def only_supposed(picked: Sequence[dict[str, Any]], quoted: Callable[[dict[str, Any]], str]) -> bool:
    """Are the picked memories all told as a possibility: the user's own words (a note or a saying) as a supposition,
    or a fact as a likelihood?"""
    return bool(picked) and all(
        _SUPPOSED_RE.search(quoted(p))
        if p.get("note") or p.get("status") == "said"
        else _LIKELY_RE.search(str(p.get("statement") or ""))
        for p in picked
    )
