"""A name told with an accent is the same name typed without it (M28, round 17): after "My monthly review with José is
on Mondays", "which day do I see Jose for the monthly review?" is about a person memory holds, not refused as about a
name nothing mentions. Words are read with their accents dropped, everywhere the offline engine reads words."""

from __future__ import annotations

from cognicore.app import App
from cognicore.memory.text import terms, words
from tests.integration.fact_turns import ask_each, tell_all


def test_a_word_is_one_word_with_or_without_its_accents() -> None:
    assert words("José and Zoë met at the café") == words("Jose and Zoe met at the cafe")
    assert terms("Ångström") == terms("angstrom")


async def test_a_person_told_with_an_accent_is_known_without_it(app: App) -> None:
    user = "m28-accents"
    await tell_all(app, user, "My monthly review with José is on Mondays.")
    for _, result in await ask_each(
        app, user, ("which day do I see Jose for the monthly review?", "when is my review with Jose?")
    ):
        assert result.outcome == "succeeded" and "monday" in result.answer.lower(), result.answer
