"""A later saying that gives the user's slot another value until someone is back ("... instead until she returns in
June") is a change that holds now, its end dated: it casts doubt on the fact it may have changed, though a month
follows "until" (a month the value holds in, "In June I report to ...", is kept apart). The real graph and stores;
wordings are our own, not in any held-out or dev set."""

from __future__ import annotations

from cognicore.app import App
from tests.integration.fact_turns import ask_each, tell_all


async def test_a_change_until_someone_is_back_casts_doubt(app: App) -> None:
    said = (
        "Morning! the Bergen shipment cleared customs (finally), and Grace is off on sick leave from today so I'm "
        "reporting to Omar Haddad instead until she's back in June. Can you note that?",
        "Grace is away on a course from Monday, so I'm reporting to Omar Haddad instead till she's back in September.",
    )
    for n, later in enumerate(said):
        user = f"m18-until-{n}"
        await tell_all(app, user, "I report to Grace Obi, she runs the Nordic desk.", later)
        for _, result in await ask_each(app, user, ("who do I report to at the moment?",)):
            assert "Omar" in result.answer or "not sure" in result.answer, (later, result.answer)
