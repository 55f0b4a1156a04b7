"""A checked "the documents do not say who" (K12, round 15): a role the documents mention but never give a person
for is said plainly; a role written with a name, a person named with the role's qualifier, or a role the documents
never write leaves the miss unsure."""

from __future__ import annotations

import pytest

from cognicore.memory.knowledge import KnowledgeBase
from cognicore.subagents._answer_absence import documented_absence
from tests.integration.knowledge_docs import knowledge_fixture

DOCS = {
    "outages.md": "# Outages\n\nEvery outage goes to the incident commander, who decides on a rollback. The incident "
    "commander pages the database team when a backup fails.\n",
    "team.md": "# Team\n\n- Ana Ruiz, head of platform\n- Tom Berg, site reliability lead\n\nNew hires meet Ana in "
    "their first week.\n",
}


knowledge = knowledge_fixture(DOCS)


@pytest.mark.parametrize(
    "question", ["Who is the incident commander this week?", "who's our incident commander tonight"]
)
async def test_a_role_never_given_a_person_is_said_plainly(knowledge: KnowledgeBase, question: str) -> None:
    absent = await documented_absence(knowledge, question)
    assert absent is not None and "does not say who the incident commander is" in absent.text, absent
    assert absent.passages[0].title == "Outages"


@pytest.mark.parametrize(
    "question",
    [
        "Who is the site reliability lead?",  # written with a name
        "who is the platform manager at the moment",  # a person is named with its qualifier ("head of platform")
        "Who is the release manager?",  # the documents never write the role
        "Who is the head?",  # one word: not a role to check
        "who is the database team on call tonight?",  # no role noun: a team, not a role
    ],
)
async def test_no_claim_when_a_person_may_hold_it(knowledge: KnowledgeBase, question: str) -> None:
    assert await documented_absence(knowledge, question) is None
