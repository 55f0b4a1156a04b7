"""What the user held before, when another fact ended it (round 16): "Nordics is mine now, Petra took over Iberia"
ends "The user is responsible for Iberia" by Petra's fact, not by the user's new one; asked "which patch did I have
before?", the ended fact of the same owner and frame is the answer. The real graph and stores; wordings are our own,
not in any held-out or dev set."""

from __future__ import annotations

from cognicore.app import App
from cognicore.subagents._memory_before import held_before, of_another_holder
from cognicore.subagents._question_terms import SYNONYMS, question_concepts
from cognicore.subagents.memory_answer import answer_from_memory
from tests.integration.fact_turns import ask_each, tell_all, tell_app


async def test_the_fact_another_person_took_over_is_what_the_user_held_before(app: App) -> None:
    user = "m26-before"
    await tell_all(app, user, "I run the Iberian accounts.", "Benelux is mine now. Petra took over Iberia.")
    facts = [(f.statement, f.status) for f in await app.memory.facts.history(user)]
    for _, result in await ask_each(
        app, user, ("which patch did I have before?", "what accounts was I running previously?")
    ):
        assert result.outcome == "succeeded" and "Iberia" in result.answer, (result.answer, facts)


def _fact(i: int, said: str, status: str, since: str, until: str | None = None) -> dict[str, object]:
    return {"index": i, "statement": said, "status": status, "since_exact": since, "until_exact": until}


def test_only_the_same_owner_and_frame_is_held_before() -> None:
    now = _fact(1, "The user is responsible for Benelux.", "active", "2026-11-02")
    old = _fact(2, "The user is responsible for Iberian accounts.", "superseded", "2026-10-01", "2026-11-02")
    other = _fact(3, "Petra is responsible for Iberian accounts.", "superseded", "2026-09-01", "2026-10-01")
    unrelated = _fact(4, "The user drinks green tea.", "superseded", "2026-09-01", "2026-10-01")
    assert held_before(now, [now, old, other, unrelated]) == [old]
    later = _fact(5, "The user is responsible for Iberian accounts.", "superseded", "2026-11-03", "2026-11-04")
    assert held_before(now, [now, later]) == []  # ended after the current one began: not what came before it
    desk = _fact(6, "The user's desk is 4C.", "active", "2026-11-02")
    phone = _fact(7, "The user's desk phone is 555-0140.", "superseded", "2026-10-01", "2026-11-01")
    assert held_before(desk, [desk, phone]) == []  # review 16 (W7): a desk phone is no earlier desk


async def test_before_a_change_read_onto_another_slot_is_the_old_fact(app: App) -> None:
    user = "m26-before-tool"
    await tell_all(
        app,
        user,
        "We log all our bugs in Jira.",
        "heads up, the team switched to Linear this month, the old plan ran out",
    )
    facts = [(f.statement, f.status) for f in await app.memory.facts.history(user)]
    for _, result in await ask_each(
        app, user, ("which tracker were we logging bugs in before?", "where did we log bugs previously?")
    ):
        assert result.outcome == "succeeded" and "Jira" in result.answer, (result.answer, facts)


async def test_another_person_moving_does_not_lead_the_users_own_fact(app: App) -> None:
    user = "m26-other-moved"
    await tell_all(app, user, "I'm on the storage team.", "Ingrid left the storage team and joined security.")
    for question, result in await ask_each(app, user, ("which team am I on?", "what team do I belong to these days?")):
        assert "storage team" in result.answer.split("[1]")[0] and "Before that" not in result.answer, (
            question,
            result.answer,
        )


def test_before_a_named_value_is_what_ended_before_it_began() -> None:
    # review 16 (W6, W12): "before Hannah" when Hannah came first is unknown; "X's predecessor" is not X
    karl = {
        **_fact(1, "The user's manager is Karl Berg.", "superseded", "2026-10-01", "2026-11-02"),
        "superseded_by": 2,
    }
    ingrid = {**_fact(2, "The user's manager is Ingrid Moe.", "active", "2026-11-02"), "fact_id": 2}

    def ask(question: str, passages: list[dict[str, object]]) -> tuple[str, list[int]]:
        found = answer_from_memory(question, question_concepts(question, SYNONYMS), passages)
        return (found.text, found.used) if found is not None else ("", [])

    text, used = ask("who was Ingrid's predecessor as my manager?", [karl, ingrid])
    assert used and used[0] == 1 and "Karl" in text, text
    text, used = ask("who did I report to before Karl?", [karl, ingrid])
    assert used == [] and "Ingrid" not in text, text  # nothing was told before Karl


async def test_a_before_question_the_rules_sent_to_a_task_is_asked_of_memory(app: App) -> None:
    user = "m26-before-route"
    await tell_all(app, user, "My manager is Karl Berg.", "Karl retired; my manager is Ingrid Moe now.")
    for _, result in await ask_each(
        app, user, ("who was I reporting to originally?", "and who did I report to before that?")
    ):
        assert result.intent == "question" and "Karl" in result.answer, (result.intent, result.answer)


async def test_a_change_told_before_a_closing_request_casts_doubt_on_the_old_value(app: App) -> None:
    # a message that tells a change and closes with a request ("Can you note that?") is still what the user said
    user = "m26-told-then-asked"
    await tell_all(app, user, "fyi I report to Karl Berg, he runs the Nordic desk")
    said = "Busy morning, and Karl is off sick for a while so I'm reporting to Ingrid Moe instead. Can you note that?"
    await tell_app(app, said, user=user, session="n2")
    result = await app.runner.ask("who am I reporting to right now?", session_id="n3", user_id=user)
    assert result.outcome == "unsure" or "Ingrid" in result.answer, result.answer


def test_a_later_change_of_another_persons_thing_is_no_before() -> None:
    # review 16 (L13): "FYI Ravi's team switched to HubSpot" says nothing of what the user's team used before
    now = _fact(1, "We log all our deals in Pipedrive.", "active", "2026-11-01")
    assert of_another_holder(_fact(2, "Our team for Oskar is Close (switched).", "active", "2026-11-03"), now)
    said = 'The user said: "Oskar\'s team moved to Close."'
    assert of_another_holder(_fact(3, said, "active", "2026-11-03"), now)
    assert not of_another_holder(_fact(4, "Our team is Close this month (switched).", "active", "2026-11-03"), now)
