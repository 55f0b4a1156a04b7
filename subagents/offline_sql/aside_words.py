"""The words that set rows aside ("excluding", "apart from", "other than"), defined once for every reader.

The mapper, the period reader, the share reader and the exclusion rewrites all ask "is this value set aside?";
each composes its pattern from these so a new way of saying it is added in one place.
"""

from __future__ import annotations

import re

__all__ = ["ALWAYS_ASIDE", "SET_ASIDE", "topic_aside"]

# Set a value aside from the rows ("other than Europe", "except for ana", "excluding P4"); after a share's words
# some of them say the share's part instead ("what share came from regions other than Europe")
SET_ASIDE = r"other than|except(?: for)?|excluding|besides|apart from|aside from"
# Never the share's part, wherever said: the rows they name are left out of the whole
ALWAYS_ASIDE = ("excluding", "exclude", "apart from", "aside from")

# "tickets that have nothing to do with the VPN", "orders unrelated to Europe", "tickets not about email", "lines
# that don't involve the Audio category", "orders that didn't come from Europe": rows whose value is not that one
# (read as "not X"; "nothing" is no "groups with none" and "about" no word of the data)
_NOT_ABOUT = re.compile(
    r"\b(?:(?P<rel>that|which|who) )?(?:(?P<aux>has|have|had|is|are|was|were|be|being|do|does|did) )?(?:got )?(?:"
    r"(?:nothing|nothing at all|no link|no connection) (?:to do )?(?:with|to)|unrelated to|"
    r"not (?:about|regarding|concerning|involving|related to|relating to|linked to|connected (?:to|with)|"
    r"(?:having )?(?:anything )?to do with|(?:involve|involves|concern|concerns|relate to|relates to|mention|"
    r"mentions|touch|touches|belong to|belongs to|fall under|falls under|"
    r"(?:come|comes|came) (?:in )?(?:from|through|via))))\b(?: (?:the|an?|any) )?"
)
# The word the topic is said of, before the relative pronoun and the verb: "assignees" (have nothing to do with ...)
_SUBJECT = re.compile(r"([a-z]+)\s*$")
# "excluding anything to do with the wi-fi", "apart from anything VPN", "other than stuff about email": the value
# itself is what is set aside ("anything else" is no value)
_ANYTHING_ABOUT = re.compile(
    rf"\b({SET_ASIDE}|exclude) (?:anything|everything|whatever|stuff|things?|all)"
    r"(?! else\b)(?: (?:to do with|about|regarding|concerning|involving|related to|relating to|on|with|for))?\b"
)
# the verb of having for the verb said: "which assignees are unrelated to X" -> "which assignees have no X"
_HAVE = {"is": "has", "was": "had", "are": "have", "were": "had", "do": "have", "does": "has", "did": "had"}


def topic_aside(text: str, groups: frozenset[str]) -> str:
    """The normalised `text` with a topic set aside in free words said plainly: "tickets that have nothing to do with
    the VPN" -> "tickets not vpn"; said of a group (`groups`: the words naming groups of rows, and "who") it has no
    rows of it: "which assignees have nothing to do with the VPN" -> "which assignees have no vpn";
    "excluding anything about the wi fi" -> "excluding the wi fi"."""

    def said(m: re.Match[str]) -> str:
        subject = "who" if m["rel"] == "who" else (w.group(1) if (w := _SUBJECT.search(text[: m.start()])) else "")
        if subject not in groups and subject != "who":
            return " not "  # "tickets that have nothing to do with the VPN": rows that are not of it
        return f" {m['rel'] or ''} {_HAVE.get(m['aux'] or '', m['aux'] or 'have')} no "

    return _ANYTHING_ABOUT.sub(r"\1", _NOT_ABOUT.sub(said, text))
