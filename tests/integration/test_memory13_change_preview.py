"""The statement acknowledgement previews the queued extraction (offline engine, round 13): a change it links names
the fact it replaces (and the job then supersedes it), a change it cannot link is said to be unlinked (unsure, both
kept), an addition and a first statement are acknowledged plainly. Wordings are our own."""

from __future__ import annotations

import time

from cognicore.app import App, process_memory
from cognicore.orchestrator.answering import ACKNOWLEDGEMENT
from cognicore.orchestrator.change_preview import acknowledge


async def _tell(app: App, text: str, *, user: str, session: str) -> tuple[str, str]:
    result = await app.runner.ask(text, session_id=session, user_id=user)
    await process_memory(app, user_id=user)
    return result.answer, result.outcome


async def test_a_first_statement_is_acknowledged_plainly(app: App) -> None:
    answer, outcome = await _tell(app, "I walk to the office.", user="m20-first", session="f1")
    assert (answer, outcome) == (ACKNOWLEDGEMENT, "succeeded")


async def test_a_linked_change_names_the_fact_it_replaces_and_the_job_ends_it(app: App) -> None:
    user = "m20-linked"
    await _tell(app, "I walk to the office.", user=user, session="l1")
    answer, outcome = await _tell(app, "I cycle to the office now.", user=user, session="l2")
    assert outcome == "succeeded" and "replaces" in answer and '"The user walks to' in answer, answer
    facts = await app.memory.facts.history(user)
    assert any("walk" in f.statement and f.status == "superseded" and f.valid_to for f in facts), facts


async def test_an_addition_is_acknowledged_plainly(app: App) -> None:
    user = "m20-addition"
    await _tell(app, "I speak German.", user=user, session="a1")
    answer, outcome = await _tell(app, "I speak some Portuguese as well.", user=user, session="a2")
    assert (answer, outcome) == (ACKNOWLEDGEMENT, "succeeded")
    active = [f.statement for f in await app.memory.facts.active(user)]
    assert any("German" in s for s in active), active


async def test_an_addition_the_store_would_read_as_a_replacement_is_never_confident(app: App) -> None:
    user = "m20-addition-drink"
    await _tell(app, "I drink coffee.", user=user, session="d1")
    answer, outcome = await _tell(app, "I also drink tea now.", user=user, session="d2")
    active = [f.statement for f in await app.memory.facts.active(user)]
    if any("coffee" in s for s in active):  # kept: the plain acknowledgement was true
        assert (answer, outcome) == (ACKNOWLEDGEMENT, "succeeded")
    else:  # ended: said, and said to be in doubt
        assert outcome == "unsure" and "coffee" in answer, answer


async def test_an_unlinked_change_is_said_to_be_unlinked_and_both_facts_stay(app: App) -> None:
    user = "m20-unlinked"
    await _tell(app, "My badge number is 4471.", user=user, session="u1")
    text = "Security reissued everything, so the badge I carry these days is a blue contractor one."
    answer, outcome = await _tell(app, text, user=user, session="u2")
    assert outcome == "unsure" and "could not tell" in answer and "4471" in answer, answer
    active = [f.statement for f in await app.memory.facts.active(user)]
    assert any("4471" in s for s in active), active


async def test_the_suggested_ending_is_read_as_a_change(app: App) -> None:
    user = "m20-ending"
    await _tell(app, "My badge number is 4471.", user=user, session="e1")
    answer, _ = await _tell(app, "these days I carry a blue contractor badge", user=user, session="e2")
    ending = answer.split('e.g. "', 1)[1].rsplit('"', 1)[0]
    await _tell(app, ending, user=user, session="e3")
    facts = await app.memory.facts.history(user)
    old = [f for f in facts if f.statement == "The user's badge number is 4471."]
    assert old and all(f.status == "superseded" and f.valid_to for f in old), facts


async def test_the_preview_is_one_cheap_search(app: App) -> None:
    user = "m20-cost"
    await _tell(app, "I walk to the office.", user=user, session="c1")
    start = time.perf_counter()
    said = await acknowledge(app.memory.facts, user, "I cycle to the office these days.", ACKNOWLEDGEMENT)
    assert "replaces" in said.text
    assert time.perf_counter() - start < 0.5


async def test_a_change_kept_only_in_the_users_words_names_the_closest_fact(app: App) -> None:
    user = "m20-note"
    await _tell(app, "I cycle to the office most days.", user=user, session="n1")
    text = "Somebody nicked my bike on Friday, so for now I hop on the tram instead."
    answer, outcome = await _tell(app, text, user=user, session="n2")
    facts = await app.memory.facts.history(user)
    cycling = [f for f in facts if "cycles" in f.statement]
    if all(f.status == "active" for f in cycling):  # not linked: said so, never a confident acknowledgement
        assert outcome == "unsure" and "cycles to the office" in answer, answer
    else:
        assert outcome == "succeeded" and "replaces" in answer, answer


async def test_a_new_thing_about_a_named_person_is_no_doubt_about_what_names_them(app: App) -> None:
    user = "m20-person"
    await _tell(app, "Our field engineer is Ingrid.", user=user, session="p1")
    answer, outcome = await _tell(app, "Ingrid moved over to customer training.", user=user, session="p2")
    assert (answer, outcome) == (ACKNOWLEDGEMENT, "succeeded")
