"""How the user wants to be reached, told as a standing instruction: "for P1s ping me on Slack", "if anything urgent
comes up, text me on my cell", "don't slack me for P1s anymore, call my mobile instead".

One slot per occasion (`contact_for_<what>`, or `contact`): a later way of reaching the user for the same occasion
replaces the earlier one; "don't <verb> me ... anymore" said alone is kept beside it (a value of another occasion
could start with the same verb, so it names none). A request to send something now ("email
me the report", "ping me when the backup finishes") is no instruction: nothing is read from it.
"""

from __future__ import annotations

import re
from typing import Any

from cognicore.memory._fact_words import make_fact

__all__ = ["contact_facts"]

# General English verbs of reaching someone, a channel's name used as a verb too ("slack me", "teams me").
_VERBS = (
    r"(?:ping|call|ring|phone|text|txt|sms|email|e-mail|mail|message|msg|dm|slack|teams|whatsapp|page|reach|contact)"
)
# What of the user's a message reaches them on ("call my mobile", "email my work address"); "my manager" is a person.
_DEVICES = r"(?:mobile|cell|cellphone|phone|landline|line|number|email|e-mail|inbox|pager|address|extension)\b"
# Words that go on after how the user is reached: the occasion, or when it holds.
_ON = r"(?:for|about|if|when|whenever|instead|from|any\s*more|directly|first|please|pls)\b"
# "ping me on Slack", "text me on my cell", "call my mobile", "email me about ...": a verb, the user, and how; after
# "me" only a channel, an occasion or the end (an object after it, "email me the report", is a request).
_REACH_RE = re.compile(
    # an order to the assistant: the verb opens its clause (after "please", an occasion, a condition), never after a
    # subject ("I usually call my manager", "we must email our VP", "the desk should page ...")
    rf"(?:^|[,;:.!]\s*|\b(?:please|pls|just|then|and|so)\s+|\b(?:for|about)\s+[\w-]+(?:\s+[\w-]+){{0,2}}?,?\s+)"
    rf"(?P<neg>(?:don'?t|do\s+not|never|stop|no\s+need\s+to)\s+(?:\w+\s+)?)?(?P<verb>{_VERBS})(?:ing)?\s+"
    rf"(?:(?:me|us)(?:\s+(?:on|at|via|through|by|over)\s+(?P<via>(?:my\s+|our\s+|the\s+)?[\w-]+(?:\s+\d[\d\s-]*\d|\s+(?!{_ON})[\w-]+)?))?"
    rf"(?=\s*(?:[,.;!]|$|\s{_ON}))"
    rf"|(?P<own>(?:my|our)\s+(?:(?:work|personal|desk|home|office|private|mobile|cell)\s+)?{_DEVICES}))",
    re.I,
)
# The occasion: "for P1s", "about urgent things", "if anything urgent comes up".
_FOR_RE = re.compile(r"\b(?:for|about)\s+(?P<what>(?:[\w-]+\s+){0,3}[\w-]+)", re.I)
_IF_RE = re.compile(r"\b(?:if|when|whenever)\s+(?P<what>[^,.;!]+?)\s+(?:comes?\s+up|happens?|lands?|breaks?)\b", re.I)
# Where an occasion's words end: a verb of reaching, the user, a time word, a clause's start.
_OCCASION_END = re.compile(rf"^(?:{_VERBS}|me|us|i|from|now|any\s*more|instead|please|pls|on|via|and|but|so)$", re.I)
_FILLER = frozenset("anything something any some thing things stuff a an the my our about to with".split())
# Said as holding from now on, not for one occasion ("email me about it" alone may be a one-off request).
_STANDING_RE = re.compile(
    r"\b(?:from\s+now\s+on|going\s+forward|instead|always|any\s*more|these\s+days|by\s+default)\b", re.I
)


def contact_facts(text: str) -> list[dict[str, Any]]:
    """The ways of reaching the user that `text` tells for one occasion; none for a question or a request."""
    if text.rstrip().endswith("?"):
        return []
    said, key = _occasion(text)
    slot = "contact" + (f"_for_{key}" if key else "")
    found = [
        m for m in _REACH_RE.finditer(text) if m["via"] or m["own"] or m["neg"] or (key and _STANDING_RE.search(text))
    ]
    positive = [m for m in found if not m["neg"]]
    facts = []
    for m in positive or found:
        how = _how(m)
        for_what = f"For {said}, the user" if said else "The user"
        if m["neg"]:
            statement = f"{for_what} does not want to be reached by {how} any more."
            facts.append(_fact(f"no_longer_{slot}", how, statement))
        else:
            facts.append(_fact(slot, how, f"{for_what} wants to be reached by {how}.", exclusive=True))
    return facts


def _how(m: re.Match[str]) -> str:
    """ "ping on Slack", "call on their mobile": the verb and the channel, in the third person."""
    verb = m["verb"].lower()
    via = (m["own"] or m["via"] or "").strip()
    return re.sub(r"\bmy\b", "their", f"{verb} on {via}" if via else verb, flags=re.I)


def _occasion(text: str) -> tuple[str, str]:
    """The occasion as said ("P1s", "anything urgent") and as a slot key ("p1s", "urgent"), or empty."""
    for m in (*_FOR_RE.finditer(text), *_IF_RE.finditer(text)):
        words = []
        for word in m["what"].split():
            if _OCCASION_END.match(word):
                break
            words.append(word)
        key = [w.lower() for w in words if w.lower() not in _FILLER]
        if key:
            return " ".join(words), re.sub(r"[^a-z0-9]+", "_", "_".join(key)).strip("_")
    return "", ""


def _fact(predicate: str, how: str, statement: str, *, exclusive: bool = False) -> dict[str, Any]:
    return make_fact(
        "user", predicate, how, "preference", 0.9, statement, category="preferences", exclusive=exclusive,
        contradicts=None,
    )  # fmt: skip
