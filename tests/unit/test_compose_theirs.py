"""A question about what a person of the asker's does ("which region does my manager look after?") is theirs: a
document naming the role in general ("the four regional sales managers") is no answer; what the user told is."""

from __future__ import annotations

from typing import Any

from cognicore.subagents.compose import OfflineAnswerComposer

ATTENDEES = {
    "index": 1, "title": "Quarterly Business Review", "source": "/kb/qbr.md",
    "content": "# Quarterly Business Review\n\nAttendees: Ana Ruiz (CEO), Ben Ode (VP Sales) and the four regional "
    "sales managers. Figures come from the sales database.",
}  # fmt: skip
RULE = {
    "index": 3, "title": "Sales Playbook", "source": "/kb/playbook.md",
    "content": "# Sales Playbook\n\nDiscounts between 10% and 20% need the approval of a regional sales manager.",
}  # fmt: skip


def _fact(index: int, statement: str) -> dict[str, Any]:
    return {
        "index": index, "title": "Memory: work (fact)", "source": f"memory:fact:{index}", "content": statement,
        "statement": statement, "status": "active", "since": "2031-03-17 09:00", "until": None,
    }  # fmt: skip


async def test_a_rule_of_the_role_and_what_the_user_told_still_answer() -> None:
    composer = OfflineAnswerComposer()
    answer = await composer.compose(question="What discount can my manager approve?", passages=[RULE])
    assert answer.used == [3] and "10% and 20%" in answer.text
    told = [_fact(4, "The user's manager looks after Europe."), ATTENDEES]
    answer = await composer.compose(question="which region does my manager look after?", passages=told)
    assert answer.used == [4] and "Europe" in answer.text, answer.text
