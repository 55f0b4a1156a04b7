"""The context controller: keep `system + chunks + memory + history + query` within the token budget."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_core.messages.utils import count_tokens_approximately, trim_messages

from cognicore.orchestrator.errors import InputRejected


def count_tokens(text: str) -> int:
    """Approximate token count (about four characters per token), the same for every engine."""
    return count_tokens_approximately([HumanMessage(text)])


def check_input(text: str, *, max_tokens: int) -> int:
    """Refuse empty or oversized input with a message that says what to do; return its token count."""
    if not text.strip():
        raise InputRejected('The request is empty; say what you want, e.g. cognicore ask "What is the return policy?"')
    if "\x00" in text:
        raise InputRejected("The request contains NUL (\\x00) characters, which cannot be stored; remove them.")
    tokens = count_tokens(text)
    if tokens > max_tokens:
        raise InputRejected(
            f"The request is about {tokens:,} tokens; the limit is {max_tokens:,} "
            "(COGNICORE_MAX_INPUT_TOKENS). Shorten it, or add long documents with `cognicore ingest` "
            "and ask about them instead."
        )
    return tokens


@dataclass(frozen=True, slots=True)
class FittedContext:
    """What fits: the passages and history kept, what was dropped, and the total estimate."""

    passages: list[dict[str, Any]]
    history: list[dict[str, Any]]
    dropped_turns: int
    dropped_passages: int
    tokens: int


def _as_messages(history: list[dict[str, Any]]) -> list[BaseMessage]:
    return [HumanMessage(t["content"]) if t["speaker"] == "user" else AIMessage(t["content"]) for t in history]


def fit_context(
    *,
    system: str,
    query: str,
    passages: list[dict[str, Any]],
    history: list[dict[str, Any]],
    memory: str = "",
    budget: int,
) -> FittedContext:
    """Trim history first (oldest turns go), then the lowest-ranked passages, until everything fits."""
    fixed = count_tokens(system) + count_tokens(query) + (count_tokens(memory) if memory else 0)
    passage_tokens = [count_tokens(p["content"]) for p in passages]
    room_for_history = max(budget - fixed - sum(passage_tokens), 0)
    kept_messages = trim_messages(
        _as_messages(history),
        max_tokens=room_for_history,
        token_counter=count_tokens_approximately,
        strategy="last",
        allow_partial=False,
    )
    kept_history = history[len(history) - len(kept_messages) :] if kept_messages else []
    used = fixed + (count_tokens_approximately(kept_messages) if kept_messages else 0)
    kept_passages: list[dict[str, Any]] = []
    for passage, tokens in zip(passages, passage_tokens, strict=True):  # passages arrive best first
        if used + tokens > budget:
            break
        kept_passages.append(passage)
        used += tokens
    return FittedContext(
        passages=kept_passages,
        history=kept_history,
        dropped_turns=len(history) - len(kept_history),
        dropped_passages=len(passages) - len(kept_passages),
        tokens=used,
    )
