"""One scripted fake chat model for every LLM-backed path: LangChain's GenericFakeChatModel, tool-capable."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.utils.function_calling import convert_to_openai_tool
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


class RoutedChatModel(BaseChatModel):
    """Answers each structured-output request from the queue of its schema's name, whatever the call order.

    One function-backed fake for tests where several roles share a model: `with_structured_output` binds
    the schema as a tool, `bind_tools` remembers its name, and the reply is the next one scripted for it.
    A schema with no reply left raises, which the role reports as a failed model call.
    """

    replies: dict[str, list[Any]]
    bound: str | None = None

    @property
    def _llm_type(self) -> str:
        return "routed-fake"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> RoutedChatModel:  # type: ignore[override]
        name = convert_to_openai_tool(tools[0])["function"]["name"]
        return self.model_copy(update={"bound": name})  # shallow: the queues stay shared

    def _generate(
        self, messages: list[BaseMessage], stop: list[str] | None = None, run_manager: Any = None, **kwargs: Any
    ) -> ChatResult:
        queue = self.replies.get(self.bound or "")
        if not queue:
            raise RuntimeError(f"no scripted reply left for {self.bound}")
        reply = queue.pop(0)
        if callable(reply):
            reply = reply(messages)
        message = reply if isinstance(reply, AIMessage) else structured_named(self.bound or "", reply)
        return ChatResult(generations=[ChatGeneration(message=message)])


def structured_named(name: str, value: BaseModel | dict[str, Any]) -> AIMessage:
    """An AIMessage carrying `value` as the structured answer for the schema called `name`."""
    args = value.model_dump() if isinstance(value, BaseModel) else value
    return AIMessage(content="", tool_calls=[{"name": name, "args": args, "id": "call_1"}])


def routed(**replies: list[Any]) -> RoutedChatModel:
    """A fake chat model answering by schema name: `routed(IntentDecision=[...], Plan=[...])`.

    A reply is a model instance or dict (sent as the structured answer), an `AIMessage` (sent as is, e.g.
    `junk()`), or a function of the prompt messages returning either.
    """
    return RoutedChatModel(replies={name: list(queue) for name, queue in replies.items()})
