"""The words that set rows aside ("excluding", "apart from", "other than"), defined once for every reader.

The mapper, the period reader, the share reader and the exclusion rewrites all ask "is this value set aside?";
each composes its pattern from these so a new way of saying it is added in one place.
"""

from __future__ import annotations

__all__ = ["ALWAYS_ASIDE", "SET_ASIDE"]

# Set a value aside from the rows ("other than Europe", "except for ana", "excluding P4"); after a share's words
# some of them say the share's part instead ("what share came from regions other than Europe")
SET_ASIDE = r"other than|except(?: for)?|excluding|besides|apart from|aside from"
# Never the share's part, wherever said: the rows they name are left out of the whole
ALWAYS_ASIDE = ("excluding", "exclude", "apart from", "aside from")
