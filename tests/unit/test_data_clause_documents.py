"""The data step asks the request's data clauses only (D8, issue 9.5): a clause asking about documents that names a
data word but no measure ("explain the discount policy for partners", "explain the pricing") is the knowledge
step's, so the SQL reader is not handed words it cannot read ("explain", "policy")."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.data_questions import DataWords
from cognicore.orchestrator.planning import GENERIC, data_instruction

VOCAB = GENERIC.extended(data=["revenue sales units orders order channel region"])
DATA = DataWords.of(["discount", "price", "channel", "orders", "region"], ["partner", "online", "retail", "Europe"])


@pytest.mark.parametrize(
    ("request_text", "clause"),
    [
        (
            "Compare order counts by channel in Europe and explain the discount policy for partners",
            "Compare order counts by channel in Europe",
        ),
        ("Compare sales by channel for 2025 and explain our discount policy", "Compare sales by channel for 2025"),
        ("units per region last quarter, then describe the partner pricing guideline", "units per region last quarter"),
    ],
)
def test_a_documents_clause_naming_data_words_is_not_the_data_clause(request_text: str, clause: str) -> None:
    assert data_instruction(request_text, VOCAB, DATA) == clause


def test_a_clause_with_a_measure_and_a_knowledge_word_stays_data() -> None:
    """ "explain revenue by channel": a measure is asked, whatever the verb."""
    got = data_instruction("orders in Europe for 2025 and explain revenue by channel", VOCAB, DATA)
    assert got == "orders in Europe for 2025 and explain revenue by channel"
