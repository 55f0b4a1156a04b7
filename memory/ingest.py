"""Finding and reading files for the knowledge base, and the report of what an ingest did."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Literal

from cognicore.memory.errors import IngestError

MARKDOWN_SUFFIXES = frozenset({".md", ".markdown"})
TEXT_SUFFIXES = frozenset({".txt"})
SUPPORTED_SUFFIXES = MARKDOWN_SUFFIXES | TEXT_SUFFIXES

IngestStatus = Literal["added", "updated", "unchanged"]


class SkipReason(StrEnum):
    """Why a file was not ingested."""

    UNSUPPORTED = "unsupported type"
    EMPTY = "empty"
    NOT_TEXT = "not UTF-8 text"
    TOO_LARGE = "larger than max_file_bytes"
    UNREADABLE = "unreadable"


@dataclass(frozen=True, slots=True)
class SkippedFile:
    """A file left out, with the reason and a detail a person can act on."""

    path: str
    reason: SkipReason
    detail: str


@dataclass(frozen=True, slots=True)
class IngestEvent:
    """Progress of one file, for a progress bar: its position, path and outcome."""

    index: int
    total: int
    path: str
    status: IngestStatus | Literal["skipped"]
    chunks: int = 0


@dataclass(frozen=True, slots=True)
class IngestReport:
    """What an ingest did, file by file; `chunks_by_source` counts the chunks written per file."""

    added: tuple[str, ...] = ()
    updated: tuple[str, ...] = ()
    unchanged: tuple[str, ...] = ()
    skipped: tuple[SkippedFile, ...] = ()
    chunks_written: int = 0
    chunks_by_source: dict[str, int] = field(default_factory=dict)

    @property
    def changed(self) -> int:
        """Files whose chunks were written (added or updated)."""
        return len(self.added) + len(self.updated)


class Progress:
    """Numbers per-file events for an `on_progress` callback."""

    def __init__(self, total: int, callback: Callable[[IngestEvent], None] | None) -> None:
        self._total, self._callback, self._done = total, callback, 0

    def emit(self, path: str, status: IngestStatus | Literal["skipped"], chunks: int = 0) -> None:
        """Report that the next file ended with `status`."""
        self._done += 1
        if self._callback:
            self._callback(IngestEvent(self._done, self._total, path, status, chunks))


def collect_files(paths: Iterable[Path]) -> list[Path]:
    """Resolved files under `paths` (folders recursively), deduplicated, in a stable order.

    Hidden entries inside folders (`.git`, `.DS_Store`) are left out; a missing path is an error
    raised before anything is read, so a typo never half-ingests a list.
    """
    files: dict[Path, None] = {}
    for given in paths:
        path = Path(given).expanduser()
        if not path.exists():
            raise IngestError(f"{path}: no such file or folder; nothing was ingested.")
        path = path.resolve()
        if path.is_dir():
            for found in sorted(path.rglob("*")):
                hidden = any(part.startswith(".") for part in found.relative_to(path).parts)
                if found.is_file() and not hidden:
                    files[found.resolve()] = None
        else:
            files[path] = None
    return list(files)


def read_text_file(path: Path, *, max_file_bytes: int) -> str | SkippedFile:
    """The text of a supported file, or why it is skipped (type, size, encoding, emptiness)."""
    name = str(path)
    suffix = path.suffix.lower()
    if suffix not in SUPPORTED_SUFFIXES:
        supported = ", ".join(sorted(SUPPORTED_SUFFIXES))
        return SkippedFile(name, SkipReason.UNSUPPORTED, f"'{suffix or path.name}' is not one of {supported}")
    try:
        size = path.stat().st_size
        if size > max_file_bytes:
            return SkippedFile(name, SkipReason.TOO_LARGE, f"{size} bytes > max_file_bytes={max_file_bytes}")
        raw = path.read_bytes()
    except OSError as exc:
        return SkippedFile(name, SkipReason.UNREADABLE, f"{type(exc).__name__}: {exc.strerror or exc}")
    if b"\x00" in raw:
        return SkippedFile(name, SkipReason.NOT_TEXT, "contains NUL bytes (a binary file?)")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return SkippedFile(name, SkipReason.NOT_TEXT, f"invalid UTF-8 at byte {exc.start}; save it as UTF-8")
    if not text.strip():
        return SkippedFile(name, SkipReason.EMPTY, "no text in it")
    return text
