"""Memory answers asked in other words than told (round 16): a phone number asked with "dial"/"ring", a question
after a leading condition ("if the build breaks, who ..."), a value whose name holds a digit ("an X1 Carbon", "Sev2
incidents") that is no figure, and a memory near miss that the documents' silence does not replace. The real graph
and stores; wordings are our own, not in any held-out or dev set."""

from __future__ import annotations

from cognicore.app import App
from cognicore.subagents._memory_figure import other_figure
from cognicore.subagents._question_terms import SYNONYMS, question_concepts
from cognicore.subagents.memory_answer import MemoryAnswer, answer_from_memory, widened
from tests.integration.fact_turns import ask_each, tell_all


async def test_a_phone_number_asked_with_dial_or_ring(app: App) -> None:
    user = "m26-dial"
    await tell_all(app, user, "My desk phone extension is 3318.")
    for _, result in await ask_each(
        app, user, ("which number should the front desk dial for me?", "what do I get rung on?")
    ):
        assert result.outcome == "succeeded" and "3318" in result.answer, result.answer


async def test_the_question_after_a_leading_condition(app: App) -> None:
    user = "m26-cond"
    await tell_all(app, user, "My escalation contact is Hedda Lund.")
    for _, result in await ask_each(
        app, user, ("if the nightly build breaks, who am I meant to ping?", "when things go wrong, who do I contact?")
    ):
        assert result.outcome == "succeeded" and "Hedda" in result.answer, result.answer


def test_a_digit_inside_a_name_is_no_figure() -> None:
    topic = widened([frozenset({"contact"}), frozenset({"hand"})])
    assert other_figure(topic, "The user's escalation contact for Sev2 incidents is Ola Berg") is None
    assert other_figure(widened([frozenset({"computer"})]), "The user's work laptop is an X1 Carbon") is None
    # an amount still is one: "our travel budget" asked of "our events budget is $20,000"
    said = "Our events budget is $20,000"
    assert other_figure(widened([frozenset({"travel"}), frozenset({"budget"})]), said) is not None


async def test_a_memory_near_miss_is_not_replaced_by_the_documents_silence(app: App) -> None:
    user = "m26-near"
    await tell_all(app, user, "I work the firmware queue.")
    result = await app.runner.ask("which queue was I on originally?", session_id="n2", user_id=user)
    assert result.outcome == "unsure" and "firmware" in result.answer, result.answer
    assert "does not say" not in result.answer, result.answer


async def test_a_queue_asked_of_a_team_told(app: App) -> None:
    user = "m26-queue"
    await tell_all(app, user, "I'm part of the storage team.")
    for question, result in await ask_each(app, user, ("which queue am I in?", "remind me what queue I belong to")):
        assert result.outcome == "succeeded" and "storage" in result.answer, (question, result.answer)


def _passage(said: str) -> dict[str, object]:
    return {"index": 1, "source": "memory:fact:1", "content": said, "statement": said, "status": "active"}


def _recalled(question: str, said: str) -> MemoryAnswer | None:
    """The memory answer to `question` from the one fact `said`."""
    return answer_from_memory(question, question_concepts(question, SYNONYMS), [_passage(said)])


def test_general_paraphrases_of_escalation_and_specialty() -> None:
    def answer(question: str, said: str) -> str:
        found = _recalled(question, said)
        return found.text if found is not None and found.used else ""

    assert "Yusuf" in answer("if a job is stuck, who do I ping?", "Escalations from the user go to Yusuf Ali")
    assert "Yusuf" in answer("who should I contact if it escalates?", "The user escalates to Yusuf Ali")
    assert "Backups" in answer("what do I cover on the team?", "Backups are the user's specialty")
    assert answer("who do I escalate to?", "The user's manager is Dana Holt") == ""  # no paraphrase of a manager


def test_a_supposition_that_may_change_the_answer_is_not_answered_with_what_holds_now() -> None:
    # review 16 (W11, L8): "if Hannah leaves" names what memory holds; "once the sprint ends" supposes another time
    def found(question: str, said: str) -> tuple[str, list[int]]:
        got = _recalled(question, said)
        return (got.text, got.used) if got is not None else ("", [])

    text, used = found("If Petra goes on leave, who's my team lead?", "The user's team lead is Petra Holm")
    assert used == [] and "not if Petra goes on leave" in text, text
    text, used = found("once the sprint ends, which board am I on?", "The user is on the platform board")
    assert used == [], text
    text, used = found("if the build breaks, who do I ping?", "Escalations from the user go to Yusuf Ali")
    assert used == [1] and "Yusuf" in text, text  # a scene, not a supposition about what memory holds
