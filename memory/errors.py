"""Errors of the memory package."""


class MemoryStoreError(Exception):
    """Base error of the memory stores."""


class EmbeddingMismatch(MemoryStoreError):
    """Stored vectors come from another embedding model than the configured one."""


class IngestError(MemoryStoreError):
    """A file could not be added to the knowledge base; the message names the file and why."""
