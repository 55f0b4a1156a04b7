"""A saying told only as a possibility is no current value (review C, round 13: "Worst case, finance could cut the
offsite budget to 50k" was quoted as the budget): when it is all that answers, the answer is not sure; a plain
statement of the same thing still answers. The real graph and stores; wordings are our own."""

from __future__ import annotations

from cognicore.app import App
from tests.integration.fact_turns import tell_app


async def test_a_possibility_alone_is_not_answered_as_current(app: App) -> None:
    user = "m13-maybe"
    await tell_app(app, "Worst case, procurement could push the kiosk rollout to September.", user=user, session="k1")
    result = await app.runner.ask("when is the kiosk rollout?", session_id="k2", user_id=user)
    assert result.outcome == "unsure", result.answer


async def test_the_same_thing_told_plainly_is_answered(app: App) -> None:
    user = "m13-plain"
    await tell_app(app, "The kiosk rollout is in September.", user=user, session="p1")
    result = await app.runner.ask("when is the kiosk rollout?", session_id="p2", user_id=user)
    assert result.outcome != "unsure" and "September" in result.answer, result.answer
