"""One generic structured-output role: any LangChain chat model, a prompt and a pydantic schema.

Every LLM-backed reasoning role (in every package) is a `StructuredRole` plus the few lines that turn its
typed arguments into messages, so timeouts, retries on junk output, `max_tokens`, validation and
sanitising live here once. It is in `memory`, the lowest layer, because memory's own roles (fact
extraction, importance, reflection) use it too.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Generic, TypeVar

import httpx
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage
from pydantic import BaseModel, ValidationError

T = TypeVar("T", bound=BaseModel)

# NUL cannot be stored by PostgreSQL (text or jsonb), lone surrogates cannot be encoded as UTF-8, and
# other C0/C1 control characters only garble logs and prompts; newlines and tabs stay.
_UNSTORABLE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def _transport_timeouts() -> tuple[type[BaseException], ...]:
    """The exceptions a provider's client raises when the model does not answer within its own timeout: httpx's,
    and httpx2's (google-genai 3 calls through httpx2, which may not be installed)."""
    try:
        import httpx2  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return (TimeoutError, httpx.TimeoutException)
    return (TimeoutError, httpx.TimeoutException, httpx2.TimeoutException)


_TIMEOUTS = _transport_timeouts()


class ModelCallError(Exception):
    """A model call failed: it timed out, the provider errored, or the output stayed unusable."""

    def __init__(self, role: str, message: str) -> None:
        super().__init__(f"{role}: {message}")
        self.role = role


@dataclass(frozen=True, slots=True)
class RoleOptions:
    """Per-call limits every LLM role shares; the shell builds one from settings."""

    retries: int = 1
    timeout_s: float = 60.0
    max_tokens: int | None = None  # cap on the model's reply; None leaves the provider's default
    max_chars: int = 8_000  # longest string any output field may hold after sanitising


def clean_text(text: str, *, limit: int) -> str:
    """`text` without characters PostgreSQL cannot store (NUL, lone surrogates, controls), cut to `limit`."""
    cleaned = _UNSTORABLE.sub("", text)
    return cleaned if len(cleaned) <= limit else cleaned[: max(limit - 1, 0)] + "…"


def sanitise(value: Any, *, limit: int) -> Any:
    """Every string inside a JSON-like `value` (keys too) cleaned by `clean_text`."""
    if isinstance(value, str):
        return clean_text(value, limit=limit)
    if isinstance(value, dict):
        return {sanitise(k, limit=limit): sanitise(v, limit=limit) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [sanitise(v, limit=limit) for v in value]
    return value


def _tool_args(raw: Any) -> dict[str, Any] | None:
    """The arguments of the first tool call of a raw model reply, for sanitising before validation."""
    calls = getattr(raw, "tool_calls", None) or []
    args = calls[0].get("args") if calls else None
    return args if isinstance(args, dict) else None


def _with_max_tokens(model: BaseChatModel, max_tokens: int | None) -> BaseChatModel:
    """A copy of `model` whose reply is capped at `max_tokens`, for providers that name the field."""
    if max_tokens is None:
        return model
    fields = type(model).model_fields
    for name in ("max_tokens", "max_output_tokens"):
        if name in fields:
            return model.model_copy(update={name: max_tokens})
    return model


class StructuredRole(Generic[T]):
    """A reasoning role answered by a chat model as an instance of `schema`, validated and sanitised.

    `system` is the role's prompt (a constant of the module that defines the role); `ask` takes the
    user-side text and returns the typed answer, or raises `ModelCallError` naming the role.
    """

    def __init__(
        self,
        model: BaseChatModel,
        schema: type[T],
        *,
        role: str,
        system: str,
        options: RoleOptions = RoleOptions(),
    ) -> None:
        self.role = role
        self.schema = schema
        self.system = system
        self.options = options
        self._runnable = _with_max_tokens(model, options.max_tokens).with_structured_output(schema, include_raw=True)

    async def ask(self, user: str, *, system: str | None = None) -> T:
        """The model's answer to `user` under the role's prompt (or `system` when the prompt is filled in)."""
        messages: list[BaseMessage] = [SystemMessage(system or self.system), HumanMessage(user)]
        return await self._call(messages)

    async def _call(self, messages: list[BaseMessage]) -> T:
        opts = self.options
        conversation = list(messages)
        problem = "no output"
        for _attempt in range(opts.retries + 1):
            try:
                result = await asyncio.wait_for(self._runnable.ainvoke(conversation), timeout=opts.timeout_s)
            except _TIMEOUTS as exc:  # ours (asyncio) or the client's own: the same actionable message
                raise ModelCallError(
                    self.role, f"the model did not answer within {opts.timeout_s:g} s (COGNICORE_MODEL_TIMEOUT_S)"
                ) from exc
            except (ValidationError, ValueError, KeyError, TypeError) as exc:
                problem = f"{type(exc).__name__}: {exc}"
            except Exception as exc:  # provider/transport errors: report, never leak a traceback
                raise ModelCallError(self.role, f"the model call failed: {type(exc).__name__}: {exc}") from exc
            else:
                parsed = result.get("parsed") if isinstance(result, dict) else result
                if parsed is None and isinstance(result, dict):
                    parsed = _tool_args(result.get("raw"))  # e.g. a lone surrogate the parser refused
                if isinstance(parsed, BaseModel):
                    parsed = parsed.model_dump()
                if isinstance(parsed, dict):
                    try:
                        return self.schema.model_validate(sanitise(parsed, limit=opts.max_chars))
                    except ValidationError as exc:
                        problem = str(exc)
                else:
                    error = result.get("parsing_error") if isinstance(result, dict) else None
                    problem = str(error) if error else "the reply did not contain the requested structure"
            conversation = [
                *messages,
                HumanMessage(
                    f"Your previous reply could not be used ({problem[:500]}). "
                    f"Reply again with only a valid {self.schema.__name__} object."
                ),
            ]
        raise ModelCallError(
            self.role, f"the model returned unusable output after {opts.retries + 1} attempt(s): {problem[:500]}"
        )


class LlmRole(Generic[T]):
    """Shared behaviour of the LLM implementation of a role: one `StructuredRole` from class-level data.

    A subclass names its `role`, `schema` and `prompt` and implements its Protocol's method by turning the
    typed arguments into text for `ask`; nothing else differs between roles.
    """

    role: ClassVar[str]
    schema: ClassVar[type[Any]]
    prompt: ClassVar[str]
    max_chars: ClassVar[int | None] = None  # the role's own cap on each output string, below the options'

    def __init__(self, model: BaseChatModel, options: RoleOptions = RoleOptions()) -> None:
        if self.max_chars is not None and self.max_chars < options.max_chars:
            options = replace(options, max_chars=self.max_chars)
        self._structured: StructuredRole[T] = StructuredRole(
            model, self.schema, role=self.role, system=self.prompt, options=options
        )

    async def ask(self, user: str, *, system: str | None = None) -> T:
        """The model's typed answer to `user` (and the prompt filled in as `system`, when it has slots)."""
        return await self._structured.ask(user, system=system)
