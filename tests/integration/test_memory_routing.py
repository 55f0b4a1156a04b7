"""Memory against data through the graph, offline: a told who/where/when the data does not measure is answered
from memory; a figure asked in the first person goes to the data; a near fact is unsure. Wordings are our own."""

from __future__ import annotations

from cognicore.app import App, process_memory


async def _tell(app: App, text: str, *, user: str) -> None:
    await app.runner.ask(text, session_id=f"{user}-told", user_id=user)
    await process_memory(app, user_id=user)


async def test_a_told_approver_is_answered_from_memory_not_the_data(app: App) -> None:
    await _tell(app, "Karin approves discounts above 15%.", user="route-karin")
    result = await app.runner.ask(
        "who has to approve a discount above 15 percent", session_id="route-karin-ask", user_id="route-karin"
    )
    assert result.intent == "question" and not result.steps, result
    assert "Karin" in result.answer and result.outcome == "succeeded", result.answer


async def test_a_figure_in_the_first_person_goes_to_the_data(app: App) -> None:
    await _tell(app, "I look after the Europe region.", user="route-eu")
    result = await app.runner.ask(
        "how much did we sell in Europe in 2025", session_id="route-eu-ask", user_id="route-eu"
    )
    assert result.intent == "task", result
    assert [s.get("agent") for s in result.steps] == ["database_query"], result.steps


async def test_another_regions_owner_is_unsure(app: App) -> None:
    await _tell(app, "I look after the Europe region.", user="route-apac")
    result = await app.runner.ask("who looks after APAC", session_id="route-apac-ask", user_id="route-apac")
    assert result.outcome == "unsure", result.answer
    assert "not APAC" in result.answer, result.answer


async def test_my_region_in_a_data_question_is_the_region_the_user_told(app: App) -> None:
    await _tell(app, "My region is Latin America.", user="route-mine")
    result = await app.runner.ask(
        "how much revenue did my region make in 2025", session_id="route-mine-ask", user_id="route-mine"
    )
    assert [s.get("agent") for s in result.steps] == ["database_query"], result.steps
    assert "where region is Latin America" in result.answer and "'my region' as 'Latin America'" in result.answer
