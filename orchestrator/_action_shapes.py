"""The shapes of an action in a request, read by `scope.Scope.foreign_action`: an errand in person, a reading phrase,
a sum, a verb done to quoted text, to a record or to a name, a message relayed, a thing made. English only."""

from __future__ import annotations

import re

from cognicore.memory.text import terms

__all__ = [
    "ARITHMETIC",
    "ARTEFACT_NOUNS",
    "DELIVERS",
    "IN_PERSON",
    "MADE",
    "MAKING",
    "MAKING_ANY",
    "ON_NAME",
    "ON_QUOTED",
    "ON_RECORD",
    "PAST_FORM",
    "READING_PHRASE",
    "RELAY",
]

# The past form of a verb (an irregular one, or a regular "-ed" of five letters or more, never "need", "feed" or
# "proceed"): a sentence it opens tells what happened ("got a new laptop yesterday"); an order is the bare verb.
PAST_FORM = (
    r"(?:got|had|went|took|made|came|left|sent|said|told|bought|brought|thought|found|gave|saw|heard|met|ran|began|"
    r"wrote|spoke|knew|felt|kept|lost|paid|sold|won|broke|chose|drove|flew|forgot|grew|held|spent|stood|taught|threw|"
    r"woke|wore|[a-z]{2,}[^e\W]ed)"
)
# A request's polite opening, one definition for every shape that starts at the verb: "please", "pls", "can you",
# "could u please" ("could you please go over the P1s", "pls translate 'hi'", "can you escalate INC-1007").
POLITE = r"^\s*(?:please\s+|pls\s+)?(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?)?"
# An errand in person ("can you come fix my printer?"): coming or going, then what is done there; no agent travels.
IN_PERSON = re.compile(
    POLITE + r"(?:come|go|pop|swing|drop|stop|nip|"
    r"hop|walk)\s+(?:(?:over|round|around|by|down|up|in)\s+)?(?:(?:here|there)\s+)?(?:and\s+)?"
    # the verb of the errand, never a preposition or a verb of reading ("go over the P1s", "go through the list")
    r"(?!(?:me|us|the|a|an|my|our|it|this|that|back|to|on|out|ahead|over|through|thru|across|into|onto|with|about|"
    r"after|for|from|past|along|around|round|by|down|up|in|off|via|here|there|home|away|check|look|see|verify|"
    r"review|read|find|get|fetch|pull|dig|grab|run)\b)(?P<verb>[a-z]+)\s+(?:me|us|my|our|the|a|an|this|that|these|"
    r"those|it|them)\b",
    re.IGNORECASE,
)
# A total or an artefact asked for with a phrasal verb ("add up the revenue", "set up a quick report"): reads.
READING_PHRASE = re.compile(
    r"\b(?:add|sum|total|tally)\s+up\b|"
    # "(can you) go over the P1 tickets" asks to read them; "book a meeting to go over ..." stays an errand
    + POLITE
    + r"(?:go|walk|run)\s+(?:over|through|thru)\b|"
    r"\bset\s+up\s+(?:(?:a|an|the|my|our)\s+)?(?:[\w-]+\s+){0,2}(?:report|chart|summary|brief|briefing|table)\b|"
    # "update me on the retail orders", "fill us in on ...": being told, not a change
    r"\b(?:update|brief|fill)\s+(?:me|us)\s+(?:in\s+)?(?:on|about)\b|"
    # "put the monthly counts into a report", "turn it into a chart": an artefact made of what is read
    r"\b(?:put|turn|make|pull|stick|throw|pop|drop)\b[^.;!?]*?\b(?:into|in|on|onto|as)\s+(?:a|an|the|one)?\s*"
    r"(?:[\w/-]+\s+){0,2}?(?:report|chart|graph|table|summary|brief|briefing|one-pager|memo|slides?|deck|write-?up)\b",
    re.IGNORECASE,
)
# A sum to work out ("what's 15% of 240", "calculate 12 x 30"): no agent computes figures the data does not hold.
ARITHMETIC = re.compile(
    r"^\W*(?:(?:what(?:'s|s| is)|calculate|compute|work out|how much is)\s+)?\$?\d[\d,.]*\s*(?:%|percent)?\s*"
    r"(?:of|times|x|\*|plus|\+|minus|-|divided\s+by|/|over)\s*\$?\d[\d,.]*\s*%?\s*[?.!]*\s*$",
    re.IGNORECASE,
)
# An imperative whose object is quoted text ('translate "thank you" into Japanese'): a verb done to that text.
ON_QUOTED = re.compile(
    POLITE + r"(?P<verb>[a-z]+)\s+[\"“'‘]",
    re.IGNORECASE,
)
# Things made for the user that no agent makes ("write me a python function", "draft a poem"): an artefact verb
# whose object names none of the artefacts the agents make nor anything the deployment holds.
MAKING = frozenset(terms("write draft produce generate create compose code"))
# Verbs that make a thing, phrasal ones by their first word ("whip up", "knock together", "put together"): an
# artefact the agents make is asked with one of these, never with "reserve" or "book" ("a table for four").
MAKING_ANY = MAKING | frozenset(
    terms("make prep prepare whip knock put pull throw mock draw sketch jot type build do run assemble compile")
)
MADE = re.compile(
    POLITE + r"(?:help\s+(?:me|us)\s+(?:to\s+)?)?(?P<verb>[a-z]+)\s+(?:(?:up|together|out)\s+)?"
    r"(?:(?:me|us)\s+)?(?:a|an|some|the|my|our)\s+(?P<thing>(?:[\w-]+\s+){0,2}[\w-]+)",
    re.IGNORECASE,
)
ARTEFACT_NOUNS = frozenset(
    terms(
        "report summary brief briefing memo chart graph plot overview analysis writeup write-up one-pager pager table "
        "list breakdown dashboard presentation deck slide slides document note notes recap digest update"
    )
)
# An action on one record named by its identifier ("escalate INC-1007", "close ticket INC-1004", "refund order
# #5521"): the first word is a verb done to that record, whatever else the word is. A year is no identifier.
ON_RECORD = re.compile(
    POLITE + r"(?P<verb>[a-z]+)\s+"
    r"(?:(?:the|this|that)\s+)?(?:(?P<noun>[a-z]+)\s+)?(?P<record>#\d+|[a-z]{2,}-\d+|\d{3,})\b(?![-/.]\d)",
    re.IGNORECASE,
)
# A first word, then a name ("install Zoom on ...", "ping Hannah about ..."): an English verb the deployment has no
# word for, done to someone or something it does not hold either, is an action (names keep their capital).
ON_NAME = re.compile(r"^\s*(?:[Pp]lease\s+)?(?P<verb>[A-Za-z][a-z]+)\s+(?P<name>[A-Z][\w-]+)\b")
# "tell Ben to close his tickets", "ask the Europe team to send ...": a message relayed to someone, which no agent
# sends ("tell me ...", "remind me what ..." ask, and stay questions).
RELAY = re.compile(
    POLITE + r"(?P<verb>tell|ask|get|have|let)\s+"
    r"(?!me\b|us\b)(?:the\s+)?(?:[\w'-]+\s+){1,3}?to\s+(?P<action>[a-z]+)\b",
    re.IGNORECASE,
)
# Verbs that deliver what is made to someone ("email me a summary", "send the board a memo"): no agent sends anything.
DELIVERS = re.compile(r"(?:send|e-?mail|mail|share|forward|post|print|fax|text|message|slack|upload)$", re.IGNORECASE)
