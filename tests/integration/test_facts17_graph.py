"""Storage through the real graph (offline engine, M27 round 17): a change of another one of a kind (its own
qualifier) is acknowledged plainly and ends nothing; the earlier fact stays current. Wordings are our own."""

from __future__ import annotations

from cognicore.app import App, process_memory
from cognicore.orchestrator.answering import ACKNOWLEDGEMENT


async def _tell(app: App, text: str, *, user: str, session: str) -> tuple[str, str]:
    result = await app.runner.ask(text, session_id=session, user_id=user)
    await process_memory(app, user_id=user)
    return result.answer, result.outcome


async def test_another_qualifier_is_another_fact_kept_beside_the_first(app: App) -> None:
    user = "m27-qualified"
    await _tell(app, "My mileage allowance for the Leeds project is 300 miles.", user=user, session="q1")
    answer, outcome = await _tell(
        app, "my mileage allowance for the York project is now 450 miles", user=user, session="q2"
    )
    assert (answer, outcome) == (ACKNOWLEDGEMENT, "succeeded")
    active = [f.statement for f in await app.memory.facts.active(user)]
    assert any("300" in s for s in active) and any("450" in s for s in active), active


async def test_another_persons_change_beside_the_users_confirmation_keeps_the_users_fact(app: App) -> None:
    user = "m27-owners"
    await _tell(app, "My parking permit is 612.", user=user, session="o1")
    answer, outcome = await _tell(
        app, "Permits were redone: Hugo's permit went to 640, mine didn't change.", user=user, session="o2"
    )
    assert (answer, outcome) == (ACKNOWLEDGEMENT, "succeeded")
    active = [f.statement for f in await app.memory.facts.active(user)]
    assert any("612" in s for s in active), active
    assert not any("640" in s and "user's" in s for s in active), active


async def test_a_possible_or_wished_change_is_acknowledged_plainly_and_changes_nothing(app: App) -> None:
    user = "m27-maybe"
    await _tell(app, "My one-to-one with Noor is on Wednesdays.", user=user, session="m1")
    for i, text in enumerate(
        ("Noor might move our one-to-one to Fridays next month.", "If the one-to-one moved to Mondays I'd be happier.")
    ):
        answer, outcome = await _tell(app, text, user=user, session=f"m{i + 2}")
        assert (answer, outcome) == (ACKNOWLEDGEMENT, "succeeded"), answer
    active = [f.statement for f in await app.memory.facts.active(user)]
    assert any("Wednesday" in s for s in active), active


async def test_an_unqualified_change_of_two_qualified_facts_says_it_cannot_tell_which(app: App) -> None:
    user = "m27-which"
    await _tell(app, "Our stipend for the Lisbon offsite is 400 euros.", user=user, session="w1")
    await _tell(app, "Our stipend for the Madrid offsite is 550 euros.", user=user, session="w2")
    answer, outcome = await _tell(app, "our stipend got cut to 300 euros", user=user, session="w3")
    assert outcome == "unsure" and "400" in answer and "550" in answer, answer
    active = [f.statement for f in await app.memory.facts.active(user)]
    assert any("400" in s for s in active) and any("550" in s for s in active), active


async def test_a_change_beside_a_condition_about_something_else_is_not_acknowledged_as_nothing(app: App) -> None:
    user = "m27-if-anyone"
    await _tell(app, "My desk phone is 5120.", user=user, session="i1")
    answer, _ = await _tell(
        app, "If anyone asks, my desk phone changed to 5188 after the move.", user=user, session="i2"
    )
    assert answer != ACKNOWLEDGEMENT and "5120" in answer, answer
