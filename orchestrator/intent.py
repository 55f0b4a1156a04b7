"""The `classify` role: is a request a question (answer from knowledge), a task (plan and use tools) or a
statement (something the user tells us, acknowledged and remembered)? It also says how sure it is, whether
the request is out of scope or in a language it does not read, and resolves a follow-up into a full request.

The decision and the interface live in `intent_decision`, the rules in `offline_intent`, the model-backed role in
`llm_intent`; this module is where callers import them from."""

from __future__ import annotations

from cognicore.orchestrator.intent_decision import CONFIDENCE_BAR, Classifier, IntentDecision
from cognicore.orchestrator.llm_intent import CLASSIFY_PROMPT, LlmClassifier
from cognicore.orchestrator.offline_intent import OfflineClassifier
from cognicore.orchestrator.telling import is_question
from cognicore.orchestrator.typos import is_typo

__all__ = [
    "CLASSIFY_PROMPT",
    "CONFIDENCE_BAR",
    "Classifier",
    "IntentDecision",
    "LlmClassifier",
    "OfflineClassifier",
    "is_question",  # lives in telling.py (a question rather than a statement); kept importable from here
    "is_typo",  # lives in typos.py; kept importable from here
]
