"""Whether a request names the deployment's data, offline: a word of several of the data's values ("Zephyr" of "Zephyr
Kettle" and "Zephyr Toaster", a brand or the company itself) names none of them alone."""

from __future__ import annotations

from collections.abc import Mapping

from cognicore.memory.text import terms
from cognicore.orchestrator._followup_values import known_in
from cognicore.orchestrator.data_questions import DataWords, names_trade

__all__ = ["shared_value_word"]


def shared_value_word(request: str, word: str, data: DataWords, values: Mapping[str, str]) -> bool:
    """Whether the data word a figure question names is only a word shared by several of the data's `values`, with no
    value named whole and no verb of trade ("How much did Zephyr raise in its seed round?"): the question names
    no data, so it is no figure question; "how much did Zephyr make" still is (a verb of trade)."""
    if word not in data.values or names_trade(request) or known_in(request, list(values)):
        return False
    return sum(1 for value in values if word in terms(value.replace("_", " "))) >= 2
