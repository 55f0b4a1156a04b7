"""Long-term memory of cognicore: the memory stream, facts, knowledge base, and the `Memory` SDK."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cognicore.memory.sdk import Memory
    from cognicore.memory.store import CognicoreStore

__all__ = ["CognicoreStore", "Memory"]


def __getattr__(name: str) -> Any:
    # Lazy, so importing one memory module does not load them all (and no import cycle through here).
    if name == "Memory":
        from cognicore.memory.sdk import Memory

        return Memory
    if name == "CognicoreStore":
        from cognicore.memory.store import CognicoreStore

        return CognicoreStore
    raise AttributeError(f"module 'cognicore.memory' has no attribute {name!r}")
