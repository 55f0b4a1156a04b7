"""Files and texts made ready for the knowledge base: read, validated, chunked and hashed, then grouped for embedding.

Pure of the database, so `knowledge` keeps only storing and searching."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from cognicore.memory.chunking import CHUNKER_VERSION, Chunk, chunk_markdown, chunk_text, markdown_title
from cognicore.memory.ingest import MARKDOWN_SUFFIXES, SkippedFile, collect_files, read_text_file


@dataclass(frozen=True, slots=True)
class Prepared:
    """A readable file (or text) chunked and hashed, waiting for its embeddings."""

    source: str
    title: str
    content_hash: str
    chunker: str
    chunks: tuple[Chunk, ...]


@dataclass(frozen=True, slots=True)
class Preparer:
    """Reads and chunks documents with one chunking setting; `chunker` names that setting."""

    chunk_size: int
    chunk_overlap: int
    max_file_bytes: int

    @property
    def chunker(self) -> str:
        """Part of the "unchanged" test: new chunking settings must re-chunk unchanged files."""
        return f"v{CHUNKER_VERSION}:{self.chunk_size}:{self.chunk_overlap}"

    def read_all(self, paths: Sequence[Path]) -> tuple[list[Path], list[Prepared], list[SkippedFile]]:
        """Every file under `paths`, read and chunked, or skipped with its reason."""
        files = collect_files(paths)
        prepared: list[Prepared] = []
        skipped: list[SkippedFile] = []
        for path in files:
            outcome = self.read(path)
            if isinstance(outcome, SkippedFile):
                skipped.append(outcome)
            else:
                prepared.append(outcome)
        return files, prepared, skipped

    def read(self, path: Path) -> Prepared | SkippedFile:
        """Read, validate and chunk one file; anything unusable becomes a `SkippedFile`."""
        text = read_text_file(path, max_file_bytes=self.max_file_bytes)
        if isinstance(text, SkippedFile):
            return text
        markdown = path.suffix.lower() in MARKDOWN_SUFFIXES
        return self.prepare(str(path), text, markdown=markdown, title=None, fallback=path.name)

    def prepare(
        self, source: str, text: str, *, markdown: bool, title: str | None, fallback: str | None = None
    ) -> Prepared:
        """One text chunked (by Markdown sections or plain paragraphs) and hashed under `source`."""
        if markdown:
            chunks = chunk_markdown(text, chunk_size=self.chunk_size, chunk_overlap=self.chunk_overlap)
            found_title = markdown_title(text)
        else:
            chunks = chunk_text(text, chunk_size=self.chunk_size, chunk_overlap=self.chunk_overlap)
            found_title = None
        return Prepared(
            source=source,
            title=title or found_title or fallback or source,
            content_hash=hashlib.sha256(text.encode()).hexdigest(),
            chunker=self.chunker,
            chunks=tuple(chunks),
        )


def batches(items: list[Prepared], size: int) -> Iterable[list[Prepared]]:
    """Whole files grouped until a group holds about `size` chunks (a big file is its own group)."""
    group: list[Prepared] = []
    count = 0
    for item in items:
        if group and count + len(item.chunks) > size:
            yield group
            group, count = [], 0
        group.append(item)
        count += len(item.chunks)
    if group:
        yield group
