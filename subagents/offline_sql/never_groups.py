"""Groups with none of some rows, asked with "never" / "neither" ("which components were never P1"): whether the
words read so say, so the zero-groups reading is taken only where it is sure (a negated filter would show each
group's count of the other rows: a confident wrong answer)."""

from __future__ import annotations

import re

from cognicore.subagents.offline_sql.catalogue import Column, Table
from cognicore.subagents.offline_sql.mapping import Mapping, Text

__all__ = ["groups_have_none", "groups_never"]


# "which components were never", "which assignee has neither": a grouping asked, then only an auxiliary
_AUXILIARY = "have|has|had|were|was|are|is|did|do|does"
# "which components have not been assigned to chloe": a negated past ties "not" to the rows the group had
_HAVE_OR_WERE = ("have ", "has ", "had ", "were ", "was ", "did ")
_WHICH_GROUP = re.compile(rf"\b(?:which|what)\s+((?:[a-z0-9_-]+\s+){{1,2}}?)(?P<aux>(?:{_AUXILIARY})\s+)?$")

# "who hasn't closed any tickets" ("who" read as the people's column): the grouping opens the question, then only an
# auxiliary
_ASKED_FIRST = re.compile(rf"^\s*([a-z0-9_-]+\s+)(?P<aux>(?:{_AUXILIARY})\s+)$")


def groups_have_none(t: Text, q: Mapping, negated: re.Match[str], dims: list[tuple[int, str, Column | str]]) -> bool:
    """ "which components have never been assigned to chloe", "which assignee has neither P1 nor P2 tickets", "which
    components have not been assigned to ben": the group named after "which" is the subject of "never"/"neither"/
    "have not", so the groups with none of those rows are asked."""
    if negated.group(1) not in ("never", "neither", "not") or q.excluded:
        return False
    which = _WHICH_GROUP.search(t.read[: negated.start()]) or _ASKED_FIRST.match(t.read[: negated.start()])
    if which is not None and negated.group(1) == "not" and which.group("aux") not in _HAVE_OR_WERE:
        if re.match(r"\s*(?:[a-z0-9_-]+\s+){1,3}?any\b", t.read[negated.end() :]):
            # "who isn't working on any P1 tickets": the groups with none of the rows in a state now, or with none
            # ever: the words do not say which, and each group's count of the other rows answers neither
            q.not_understood.append(f"'{negated.group(0).strip()} ... any' (who has none of those rows, now or ever)")
        return False  # "which components are not P1" says nothing of their rows; "have not been" does
    if which is None or (negated.group(1) == "never" and which.group("aux") is None):
        # "which assignees never worked on VPN tickets": no "have/were" ties "never" to having or being what the
        # vocabulary reads the verb as ("worked on" = in progress): a guess, left to `groups_never` (unsure)
        return False
    return any(which.start(1) <= p < which.end(1) and isinstance(d, Column) for p, _, d in dims)


def groups_never(
    q: Mapping,
    dims: list[tuple[int, str, Column | str]],
    entities: list[tuple[int, str, Table]],
    never_at: list[int],
) -> bool:
    """A "never"/"neither" read as a negated filter whose subject is a grouping named before it (no rows named
    between: "which components had tickets that were never closed" negates the tickets, and stays)."""
    for at in never_at:
        for p, _, d in dims:
            if p < at and d in q.dimensions and not any(p < e < at for e, _, _ in entities):
                return True
    return False
