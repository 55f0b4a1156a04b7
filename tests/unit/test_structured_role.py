"""The one generic structured-output role: validation, retries, sanitising, size caps, max_tokens."""

from __future__ import annotations

import pytest
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from pydantic import BaseModel, Field

from cognicore.memory.llm import LlmRole, ModelCallError, RoleOptions, StructuredRole, _with_max_tokens, clean_text
from tests.fakes import junk, routed


class Note(BaseModel):
    """A note."""

    title: str = Field(min_length=1)
    tags: dict[str, str] = Field(default_factory=dict)


async def test_strings_are_cleaned_of_what_postgresql_cannot_store_and_capped() -> None:
    model = routed(Note=[{"title": "a\x00b\x07c\nd\ud800" + "x" * 50, "tags": {"k\x00": "v\x1b"}}])
    role = StructuredRole(model, Note, role="note", system="s", options=RoleOptions(max_chars=10))
    note = await role.ask("hi")
    assert note.title == "abc\ndxxxx…" and len(note.title) == 10
    assert note.tags == {"k": "v"}


async def test_output_that_is_empty_after_cleaning_is_retried_then_refused_with_the_role_name() -> None:
    model = routed(Note=[{"title": "\x00"}, junk()])
    role = StructuredRole(model, Note, role="note", system="s", options=RoleOptions(retries=1))
    with pytest.raises(ModelCallError, match=r"^note: the model returned unusable output after 2 attempt"):
        await role.ask("hi")


def test_clean_text_keeps_newlines_tabs_and_unicode() -> None:
    assert clean_text("é\tü\n中", limit=10) == "é\tü\n中"


def test_max_tokens_caps_the_reply_of_providers_that_name_the_field() -> None:
    class Capped(GenericFakeChatModel):
        max_tokens: int | None = None

    original = Capped(messages=iter([]))
    capped = _with_max_tokens(original, 256)
    assert capped.max_tokens == 256 and original.max_tokens is None  # type: ignore[attr-defined]
    assert _with_max_tokens(original, None) is original


async def test_each_role_caps_its_own_output_below_the_shared_limit() -> None:
    class Short(LlmRole[Note]):
        role = "short"
        schema = Note
        prompt = "p"
        max_chars = 5

    note = await Short(routed(Note=[{"title": "abcdefghij"}]), RoleOptions(max_chars=100)).ask("x")
    assert note.title == "abcd…"
