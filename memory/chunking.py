"""Splitting documents into retrievable chunks; Markdown chunks carry their section headings as context."""

from __future__ import annotations

import re
from dataclasses import dataclass

from langchain_text_splitters import ExperimentalMarkdownSyntaxTextSplitter, RecursiveCharacterTextSplitter

CHUNKER_VERSION = 1
"""Bump when chunking changes, so unchanged files are re-chunked on their next ingest."""

_HEADING_RE = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.+?)[ \t#]*$", re.MULTILINE)
_HEADER_KEYS = tuple(f"Header {level}" for level in range(1, 7))
# Split at paragraphs, then list items, then sentence ends, and only then at line breaks and words:
# hard-wrapped prose must not be cut mid-sentence while a sentence boundary is available.
_SEPARATORS = ["\n\n", r"\n(?=[ \t]*(?:[-*+]|\d+[.)])[ \t])", r"(?<=[.!?])\s+", "\n", " ", ""]


def _splitter(chunk_size: int, chunk_overlap: int) -> RecursiveCharacterTextSplitter:
    return RecursiveCharacterTextSplitter(
        chunk_size=chunk_size,
        chunk_overlap=chunk_overlap,
        separators=_SEPARATORS,
        is_separator_regex=True,
        keep_separator="end",
    )


@dataclass(frozen=True, slots=True)
class Chunk:
    """One piece of a document, in document order."""

    ord: int
    content: str


def markdown_title(text: str) -> str | None:
    """The text of the first Markdown heading, if any."""
    match = _HEADING_RE.search(text)
    return match.group(2).strip() if match else None


def chunk_text(text: str, *, chunk_size: int, chunk_overlap: int) -> list[Chunk]:
    """Plain text split on paragraphs, then sentences, then words, into chunks of at most `chunk_size`."""
    pieces = [p.strip() for p in _splitter(chunk_size, chunk_overlap).split_text(text)]
    return [Chunk(i, p) for i, p in enumerate(p for p in pieces if p)]


def chunk_markdown(text: str, *, chunk_size: int, chunk_overlap: int) -> list[Chunk]:
    """Markdown split by section, each chunk prefixed with its heading path (`# Doc`, `## Section`).

    The headings travel with every chunk so that both the embedding and the full-text index see
    what a passage is about ("Opened items" under "Returns") even when the body never says it.
    """
    # This splitter keeps the body's whitespace (paragraphs, lists, tables) intact, unlike
    # MarkdownHeaderTextSplitter, which rejoins lines with Markdown hard breaks.
    sections = ExperimentalMarkdownSyntaxTextSplitter(strip_headers=True).split_text(text)
    merged: list[tuple[tuple[tuple[int, str], ...], str]] = []
    for doc in sections:
        path = tuple(
            (level, str(doc.metadata[key]).strip())
            for level, key in enumerate(_HEADER_KEYS, start=1)
            if doc.metadata.get(key)
        )
        body = doc.page_content
        if merged and merged[-1][0] == path:  # a code block comes out as its own piece; rejoin it
            merged[-1] = (path, merged[-1][1] + body)
        else:
            merged.append((path, body))
    chunks: list[str] = []
    for path, body in merged:
        if not body.strip():
            continue
        prefix = "".join(f"{'#' * level} {title}\n" for level, title in path)
        budget = max(chunk_size - len(prefix), chunk_size // 2)
        splitter = _splitter(budget, min(chunk_overlap, budget // 2))
        for piece in splitter.split_text(body.strip()):
            if piece.strip():
                chunks.append(f"{prefix}\n{piece.strip()}" if prefix else piece.strip())
    if not chunks and text.strip():  # headings only: they are the content
        chunks = [text.strip()]
    return [Chunk(i, c) for i, c in enumerate(chunks)]
