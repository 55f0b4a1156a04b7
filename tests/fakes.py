"""One scripted fake chat model for every LLM-backed path: LangChain's GenericFakeChatModel, tool-capable."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage
from pydantic import BaseModel


class ScriptedChatModel(GenericFakeChatModel):
    """Replies with the scripted messages in order; `bind_tools` returns itself so that
    `with_structured_output` works (GenericFakeChatModel.bind_tools raises NotImplementedError)."""

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> ScriptedChatModel:  # type: ignore[override]
        return self


def structured(schema: type[BaseModel], value: BaseModel | dict[str, Any]) -> AIMessage:
    """An AIMessage carrying `value` as the structured answer for `schema` (a tool call)."""
    args = value.model_dump() if isinstance(value, BaseModel) else value
    return AIMessage(content="", tool_calls=[{"name": schema.__name__, "args": args, "id": "call_1"}])


def junk(text: str = "I am not JSON at all") -> AIMessage:
    """A reply with no structured answer in it."""
    return AIMessage(content=text)


def scripted(replies: Iterable[AIMessage]) -> ScriptedChatModel:
    """A fake chat model that answers with `replies`, one per call."""
    return ScriptedChatModel(messages=iter(list(replies)))
