"""A saying of two clauses whose read fact was replaced is still recalled for what else it says (review C, round 13:
"Our offsite budget is $80,000 and Marta is organising the whole trip", the budget raised, hid who organises the
trip); a one-clause saying whose fact was replaced stays hidden. The real graph and stores; wordings are our own."""

from __future__ import annotations

from cognicore.app import App
from cognicore.orchestrator.recollection import recollect
from tests.integration.fact_turns import tell_app


async def test_the_other_clause_of_a_replaced_saying_is_still_recalled(app: App) -> None:
    user = "m13-gala"
    await tell_app(app, "Our gala budget is $45,000 and Deniz is booking the venue.", user=user, session="g1")
    await tell_app(app, "The gala budget went up to $52,000.", user=user, session="g2")
    ended = [f for f in await app.memory.facts.history(user) if f.status == "superseded"]
    assert any("45,000" in f.statement for f in ended), ended
    recalled = await recollect(
        app.memory, user_id=user, session_id="g3", request="who is booking the gala venue?", budget=2_000
    )
    assert [e for e in recalled["episodes"] if "Deniz" in e["text"]], recalled["episodes"]


async def test_a_one_clause_replaced_saying_stays_hidden(app: App) -> None:
    user = "m13-fair"
    await tell_app(app, "FYI the stand budget for the spring fair is $18,000.", user=user, session="f1")
    await tell_app(app, "The spring fair stand budget went up to $21,000.", user=user, session="f2")
    recalled = await recollect(
        app.memory, user_id=user, session_id="f3", request="what is the spring fair stand budget?", budget=2_000
    )
    assert not [e for e in recalled["episodes"] if "18,000" in e["text"]], recalled["episodes"]
