"""Round 18 (engineer GB, issue 9): requests in languages the offline engine does not read are said to be unsupported
(Italian and Spanish written without accents, Dutch, the Scandinavian languages, Polish, Czech, Turkish, Finnish),
while English with a foreign courtesy stays English."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.language import unsupported_language


@pytest.mark.parametrize(
    "request_text",
    [
        "Quanti lavori abbiamo chiuso nel 2025?",
        "cuantas visitas tuvimos en marzo",
        "Hoeveel klussen staan nog open bij Harbour?",
        "Hur många jobb har vi kvar?",
        "Hvor mange jobber fikk vi i mars?",
        "Ile zleceń mamy w tym miesiącu?",
        "Kolik úkolů jsme měli v březnu?",
        "Kaç tane açık iş var?",
        "Kuinka monta työtä meillä on auki?",
    ],
)
def test_a_request_in_another_language_is_unsupported(request_text: str) -> None:
    assert unsupported_language(request_text), request_text


@pytest.mark.parametrize(
    "request_text",
    [
        "How many jobs did we close in 2025, grazie mille",
        "ok gracias - what is the boiler pressure limit?",
        "hvor is the Harbour site manual?",  # one foreign word in an English request
        "Is a job open on the Hilltop site for olek and marta?",
    ],
)
def test_english_with_a_foreign_word_stays_english(request_text: str) -> None:
    assert unsupported_language(request_text) is None, request_text
