"""One way to ask any LangChain chat model for structured output: timeout, retry on junk, clear errors.

Every LLM-backed reasoning role (in every package) goes through `structured_call`, so junk output and
timeouts are handled once. It lives in `memory`, the lowest layer, because memory's own roles
(fact extraction, reflection) use it too.
"""

from __future__ import annotations

import asyncio
from typing import TypeVar

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage, HumanMessage
from pydantic import BaseModel, ValidationError

T = TypeVar("T", bound=BaseModel)


class ModelCallError(Exception):
    """A model call failed: it timed out, the provider errored, or the output stayed unusable."""

    def __init__(self, role: str, message: str) -> None:
        super().__init__(f"{role}: {message}")
        self.role = role


async def structured_call(
    model: BaseChatModel,
    messages: list[BaseMessage],
    schema: type[T],
    *,
    role: str,
    retries: int = 1,
    timeout_s: float = 60.0,
) -> T:
    """Invoke `model` for an instance of `schema`; on unusable output, say why and ask again."""
    runnable = model.with_structured_output(schema, include_raw=True)
    conversation = list(messages)
    problem = "no output"
    for _attempt in range(retries + 1):
        try:
            result = await asyncio.wait_for(runnable.ainvoke(conversation), timeout=timeout_s)
        except TimeoutError as exc:
            raise ModelCallError(
                role, f"the model did not answer within {timeout_s:g} s (COGNICORE_MODEL_TIMEOUT_S)"
            ) from exc
        except (ValidationError, ValueError, KeyError, TypeError) as exc:
            problem = f"{type(exc).__name__}: {exc}"
        except Exception as exc:  # provider/transport errors: report, never leak a traceback
            raise ModelCallError(role, f"the model call failed: {type(exc).__name__}: {exc}") from exc
        else:
            parsed = result.get("parsed") if isinstance(result, dict) else result
            if isinstance(parsed, schema):
                return parsed
            if isinstance(parsed, dict):
                try:
                    return schema.model_validate(parsed)
                except ValidationError as exc:
                    problem = str(exc)
            else:
                error = result.get("parsing_error") if isinstance(result, dict) else None
                problem = str(error) if error else "the reply did not contain the requested structure"
        conversation = [
            *messages,
            HumanMessage(
                f"Your previous reply could not be used ({problem[:500]}). "
                f"Reply again with only a valid {schema.__name__} object."
            ),
        ]
    raise ModelCallError(role, f"the model returned unusable output after {retries + 1} attempt(s): {problem[:500]}")
