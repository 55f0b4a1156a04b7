"""The service layer's own error, light to import: the CLI maps it to exit 1, the API to 404."""

from __future__ import annotations

__all__ = ["NotFound"]


class NotFound(LookupError):
    """The thing asked for does not exist for this user (whether or not another user has one)."""
