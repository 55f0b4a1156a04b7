"""A saying told only as a possibility ("worst case, finance could cut the offsite budget to 50k", "if we raised it to
60k ...") holds no current value: when it is all a memory question finds, the answer says so and is not sure."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from cognicore.memory._fact_words import SUPPOSED

__all__ = ["only_supposed"]

_SUPPOSED_RE = re.compile(rf"\b(?:if|{SUPPOSED})\b|(?:^|[,;:]\s*)say\b", re.I)


def only_supposed(picked: Sequence[dict[str, Any]], quoted: Callable[[dict[str, Any]], str]) -> bool:
    """Are the picked memories all the user's own words (a note or a saying) told as a possibility?"""
    return bool(picked) and all(
        (p.get("note") or p.get("status") == "said") and _SUPPOSED_RE.search(quoted(p)) for p in picked
    )
