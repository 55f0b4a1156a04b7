"""Requests and SQL that would change data: `database_query` only reads, so both end as a refusal.

The offline `write_sql` roles read a request's wording with `change_request`; an LLM writer says so in
`SqlDraft.refuse_reason`; whatever writer produced SQL, `sql_change` names a writing statement the guard
refused, so a model that writes `DELETE` anyway still ends `refused`, never `failed` or succeeded.
"""

from __future__ import annotations

import re

import sqlglot
from sqlglot import exp
from sqlglot.errors import SqlglotError

from cognicore.subagents.errors import DataChangeRefused

REFUSED_MARKER = "refused"  # the key a refused step sets in its `data`, read by the orchestrator

# Verbs that ask to change stored data or its structure, at the start of a clause (after a comma too: "they are
# duplicates, delete one"), after an optional greeting, politeness or wish ("pls", "can u", "I want to").
_CHANGE_VERBS = (
    r"delete|drop|truncate|update|insert|alter|grant|revoke|wipe|erase|remove|purge|destroy|clear|empty|"
    r"overwrite|rename|modify|edit|change|reset|zero out|add|create|append|set|replace|restore|merge|"
    r"deduplicate|archive|move|cancel|void|refund|get rid of|wipe out|clean up|unassign|reassign|reopen|"
    r"close|assign|escalate|de-?escalate|downgrade|upgrade|bump|raise|increase|decrease|lower|"
    r"reduce|cut|double|halve|mark|flag|tag|untag|fix|correct|apply|import|upload|load|transfer|swap|duplicate|"
    r"copy|clone|"
    # "take ana off INC-1005": someone removed from a stored record
    r"take(?=\s+[\w'-]+\s+off\b)|"
    # "give ana's tickets to ben", "hand the VPN queue over to chloe": stored things handed to someone else
    r"(?:give|hand|pass)(?=\s+(?!me\b|us\b)[^.;!?]*\bto\s+(?!me\b|us\b|you\b)\w)"
)
_PREFIX = (
    r"(?:(?:hey|hi|ok|okay|so|please|pls|plz|kindly|now|just|go ahead and|can you|could you|would you|will you|"
    r"can u|could u|can we|could we|i want to|i'd like to|i'd like you to|i want you to|i need to|i need you to|"
    r"we need to|let's|lets|help me|"
    # asked as a question of ability or leave: "is it possible to move ...", "would you mind deleting ..."
    r"is it possible to|would it be possible to|is there (?:a|any) way to|are you able to|would you mind|"
    r"any chance (?:you )?(?:could|can)|do you think you could|could i get you to|can i get you to)[,\s]+)*"
)
_CHANGE_REQUEST = re.compile(
    rf"(?:^|[.;!?,]\s*|\b(?:and|then|also)\s+){_PREFIX}(?P<verb>{_CHANGE_VERBS})\b(?!\s+me\b)", re.IGNORECASE
)
# Words that double as nouns or adjectives ("a cut of", "lower-priced", "close to", "mark-up"): they change data
# only when an object follows at once: a determiner, a quantity, an identifier ("INC-1007") or "<noun> <number>".
_AMBIGUOUS = frozenset(
    "close assign escalate downgrade upgrade bump raise increase decrease lower reduce cut double halve mark flag "
    "tag fix correct apply import upload load transfer swap clear empty edit restore archive cancel duplicate copy "
    "clone".split()
)
_OBJECT = re.compile(
    r"\s+(?:(?:the|all|every|each|a|an|this|that|these|those|our|my|its|their|his|her|any|some|both|one|it|them)\b|"
    r"\S*\d|[\w-]+\s+(?:#?\d|[A-Za-z]+-\d))",
    re.IGNORECASE,
)
# A verb used as a noun or in a reading phrase: "change in revenue", "updates since Monday", "add up", "set up".
_NOUN_USE = re.compile(
    r"\s*(?:-|(?:in|of|over|between|across|per|on|since|during|rate|rates|log|logs|history|vs|versus|up|down)\b)",
    re.IGNORECASE,
)
# A change to how an answer is shown ("remove Europe from the chart") or to what the last question asked ("drop the
# channel filter", a follow-up) changes no stored data.
_PRESENTATION = re.compile(
    r"\b(?:chart|graph|plot|report|briefing|brief|summary|answer|layout|title|colou?rs?)\b",
    re.IGNORECASE,
)
# ... but a filter only as the verb's own object ("drop the channel filter"): "delete every ticket where the condition
# is met" or "drop the unique constraint on orders" are changes.
_FILTER_OBJECT = re.compile(
    r"\s*(?:(?:the|that|this|those|these|my|our|its|all)\s+)?(?:[\w-]+\s+){0,2}?(?:filters?|conditions?|restrictions?)\b"
    r"(?!\s+(?:on|of|in|from)\s+(?:the\s+)?[\w-]+\s+(?:table|tables|column|columns|schema)\b)",
    re.IGNORECASE,
)
# An identifier of one record ("INC-1010", "#42", "order 1042"): setting or moving it changes a stored row.
_RECORD_ID = re.compile(r"\b[A-Za-z]+-\d+\b|#\d+|\b[a-z]+\s+(?!(?:19|20)\d\d\b)\d{2,}\b(?!\s*%)", re.IGNORECASE)
# SQL written into the request itself, anywhere in it.
_CHANGE_SQL = re.compile(
    r"\b(?P<verb>delete\s+from|drop\s+(?:table|schema|database|view|index|column)|truncate\s+table|"
    r"insert\s+into|update\s+[\w.\"]+\s+set|alter\s+(?:table|role|user|schema)|(?:grant|revoke)\s+\w+(?:\s*,\s*\w+)*\s+on\b)",
    re.IGNORECASE,
)
# "add", "create" or "change" also ask for reads ("add a chart", "change in revenue"): only stored things count.
_CREATES_READS = re.compile(
    r"^(?:add|create|set|move|change|append|replace|merge)\b(?!.*\b(?:rows?|records?|tables?|columns?|customers?|"
    r"orders?|products?|prices?|users?|entries|entry|values?|data(?:base)?)\b)",
    re.IGNORECASE,
)

_WRITES: dict[type[exp.Expr], str] = {
    exp.Insert: "INSERT",
    exp.Update: "UPDATE",
    exp.Delete: "DELETE",
    exp.Merge: "MERGE",
    exp.Create: "CREATE",
    exp.Drop: "DROP",
    exp.Alter: "ALTER",
    exp.TruncateTable: "TRUNCATE",
    exp.Grant: "GRANT",
    exp.Revoke: "REVOKE",
    exp.Copy: "COPY",
}
_WRITE_COMMANDS = frozenset(
    "INSERT UPDATE DELETE MERGE CREATE DROP ALTER TRUNCATE GRANT REVOKE COPY VACUUM REINDEX CLUSTER".split()
)


def refusal_message(what: str) -> str:
    """The reason a change request is refused, naming what asked for the change."""
    return (
        f"Refused: {what} asks to change data, and the SQL agent only reads data (one read-only SELECT). "
        "Nothing was changed. Change data with your own database tools; ask me questions about it."
    )


def change_request(text: str) -> str | None:
    """The verb with which `text` asks to change stored data (delete, drop, set ... to ...), else None."""
    found = _CHANGE_SQL.search(text)
    if found:
        return " ".join(found.group("verb").split()[:2]).lower()
    match = _change_match(text)
    if match:
        return " ".join(match.group("verb").lower().split())
    return wished_change(text)


def _change_match(text: str) -> re.Match[str] | None:
    """The first clause-initial change verb of `text` that is used as a verb on stored things."""
    for match in _CHANGE_REQUEST.finditer(text):
        verb = " ".join(match.group("verb").lower().split())
        after = text[match.end("verb") :]
        clause = re.split(r"[.;!?]", text[match.start("verb") :], maxsplit=1)[0]
        if _NOUN_USE.match(after) or _PRESENTATION.search(clause) or _FILTER_OBJECT.match(after):
            continue
        if verb in _AMBIGUOUS and not _OBJECT.match(after):
            continue
        # "INC-1002 duplicates INC-1014, pls merge them": the pronoun stands for the records named before it.
        named = _RECORD_ID.search(clause) or (_PRONOUN_OBJECT.match(after) and _RECORD_ID.search(text))
        if _CREATES_READS.match(clause) and not named:
            continue
        return match
    return None


# Past participles of the change verbs, for a change asked without an imperative ("INC-1012 should be closed").
_PARTICIPLES = (
    r"deleted|dropped|truncated|updated|inserted|altered|wiped|erased|removed|purged|destroyed|cleared|emptied|"
    r"overwritten|renamed|modified|edited|changed|reset|zeroed(?: out)?|added|created|appended|replaced|restored|"
    r"merged|deduplicated|archived|moved|cancell?ed|voided|refunded|cleaned up|unassigned|reassigned|reopened|"
    r"closed|assigned|escalated|de-?escalated|downgraded|upgraded|bumped|raised|increased|decreased|lowered|"
    r"reduced|halved|doubled|marked|flagged|tagged|untagged|fixed|corrected|imported|uploaded|transferred|swapped|"
    r"switched|repriced|deactivated|disabled|retired|set|cut|put|taken off|given|handed(?: over)?"
)
_MODAL = r"(?:should|must|shall|needs?\s+to|has\s+to|have\s+to|ought\s+to|(?:is|are)\s+to|could|can|would|will|gotta)"
# A modal and a passive: "INC-1012 should be closed", "could the price of X be lowered to 69?".
_MODAL_PASSIVE = re.compile(
    rf"\b{_MODAL}\b(?P<subject>(?:\s+[^\s.;!?]+){{0,8}}?)\s+(?:be|get|gets|been)\s+(?:\w+ly\s+)?"
    rf"(?P<verb>{_PARTICIPLES})\b",
    re.IGNORECASE,
)
# A wish and its object in the state wanted: "I want all the wifi tickets marked as in progress".
_WISHED = re.compile(
    rf"\b(?:i|we)\s*(?:'d|’d|would)?\s*(?:want|need|like|wanna|prefer)\s+(?!to\b)"
    rf"(?P<subject>(?:[^\s.;!?]+\s+){{1,8}}?)(?P<verb>{_PARTICIPLES})\b",
    re.IGNORECASE,
)
# Something to have done: "can I get order 2001 moved to retail?", "could we have INC-1010 bumped up to P1".
_HAVE_DONE = re.compile(
    rf"(?:^\W*|\b(?:can|could|would|may|will)\s+(?:i|we|you|u)\s+|\b(?:please|pls|plz|let's)\s+)(?:get|have)\s+(?P<subject>(?:[^\s.;!?]+\s+){{1,6}}?)(?P<verb>{_PARTICIPLES})\b",
    re.IGNORECASE,
)
# Stored things due to someone: "chloe's tickets ought to go to ana", "the north-side accounts should move to Priya".
_DUE_TO = re.compile(
    r"\b(?:should|must|ought\s+to|needs?\s+to|has\s+to|have\s+to)\s+(?:all\s+)?(?P<verb>go|move|switch|pass)\s+"
    r"(?:over\s+)?to\s+\w",
    re.IGNORECASE,
)
# A change asked as a favour, in its -ing form: "would you mind closing out all of ben's tickets".
_GERUNDS = (
    r"deleting|dropping|removing|wiping|erasing|purging|clearing|renaming|modifying|editing|changing|resetting|"
    r"updating|adding|inserting|creating|replacing|restoring|merging|archiving|moving|cancell?ing|voiding|refunding|"
    r"unassigning|reassigning|reopening|closing|assigning|escalating|downgrading|upgrading|bumping|raising|"
    r"increasing|decreasing|lowering|reducing|marking|flagging|tagging|fixing|correcting|importing|uploading|"
    r"transferring|swapping|setting|cutting|giving|handing"
)
_FAVOUR = re.compile(
    rf"\b(?:would|do|could)\s+(?:you|u)\s+mind\s+(?P<verb>{_GERUNDS})\b|\bhow\s+about\s+(?P<how>{_GERUNDS})\b",
    re.IGNORECASE,
)
# A new stored value stated as due: "the desk lamp should cost 59 from now on".
_NEW_VALUE = re.compile(
    r"\b(?:should|must|needs?\s+to|has\s+to|ought\s+to)\s+(?:now\s+)?"
    r"(?P<verb>cost|sell\s+for|be\s+priced\s+at|be\s+(?=\$))\s*\$?\d",
    re.IGNORECASE,
)
# Something particular is changed: a determiner, a record's identifier, a year or a quarter ("tickets can be
# reopened" states what is possible for any ticket; "the printer tickets need to be bumped" asks for a change).
_PARTICULAR = re.compile(
    r"\b(?:the|these|those|this|all|every|our|its|their)\b|\b[A-Za-z]+-\d+\b|#\d+|\b(?:19|20)\d\d\b|\bq[1-4]\b|"
    r"\b\w+'s\b|\b[a-z]+\s+\d{3,}\b",
    re.IGNORECASE,
)
# What follows a participle that is the state asked for, not an adjective ("the closed laptop tickets"): its new
# value or place ("to P2", "as in progress", "off INC-1005"), a time, a politeness, or the end of the clause.
_STATE_END = re.compile(
    r"\s*(?:(?:to|as|into|from|off|by|down|up|over|out|for|in)\s+\S|(?:off|out|up|down|over|away)\s*(?:[,.;!?]|$)|"
    r"(?:now|asap|today|immediately|right away|"
    r"please|pls|plz|thanks|too|again)\b|[,.;!?]|$)",
    re.IGNORECASE,
)
# A rule about every such record ("tickets should be closed once the user confirms", "within 5 days").
_RULE = re.compile(
    r"\b(?:once|when|whenever|after|before|if|unless|until|within|each time|always|never|automatically)\b", re.I
)
# A clause that asks which or how ("which tickets should be closed?", "how can an order be cancelled?").
_ASKING_CLAUSE = re.compile(r"^\W*(?:which|what|who|whom|whose|when|where|why|how|whether|if)\b", re.IGNORECASE)
# Words inside a wished object that make it a reading ("I want to see ...", "the tickets that were closed").
_READS_INSIDE = re.compile(r"\b(?:to|which|what|how|who|whether|if|is|are|was|were|that|see|know)\b", re.I)
# A reading asked after the participle: "I want the tickets assigned to ben listed".
_READ_AFTER = re.compile(
    r"\b(?:listed|shown|counted|summari[sz]ed|broken down|sorted|grouped|ranked|totall?ed|charted|plotted|compared)\b",
    re.IGNORECASE,
)


def wished_change(text: str) -> str | None:
    """The change asked without an imperative ("INC-1012 should be closed", "could the price be lowered to 69?",
    "I want the wifi tickets marked as in progress", "X should cost 159 from now on"), else None."""
    for clause in re.split(r"(?<=[.;!?])\s+|,\s*(?=(?:and|but|so|they|it|this)\b)", text):
        if _ASKING_CLAUSE.match(clause) or _PRESENTATION.search(clause):
            continue
        if (favour := _FAVOUR.search(clause)) and _PARTICULAR.search(clause[favour.end() :]):
            return (favour.group("verb") or favour.group("how")).lower()
        for pattern in (_MODAL_PASSIVE, _WISHED, _HAVE_DONE, _DUE_TO, _NEW_VALUE):
            m = pattern.search(clause)
            if m is None:
                continue
            before = clause[: m.start()] + " " + (m.groupdict().get("subject") or "")
            after = clause[m.end() :]
            if not _PARTICULAR.search(before) or _RULE.search(clause) or _READ_AFTER.search(after):
                continue
            if pattern not in (_NEW_VALUE, _DUE_TO) and not _STATE_END.match(after):
                continue
            if pattern in (_WISHED, _HAVE_DONE) and _READS_INSIDE.search(m.group("subject")):
                continue
            return " ".join(m.group("verb").lower().split())
    return None


_PRONOUN_OBJECT = re.compile(r"\s+(?:them|it|those|these|both)\b", re.IGNORECASE)
# Verbs that make new rows: there are no existing rows to show instead.
_CREATES = frozenset("insert add create append import upload load restore".split())
# Where the object of a change ends: its new value ("to closed", "by 5%", "as retail") or a comment after a comma.
_OBJECT_END = re.compile(r"\s+(?:over\s+to|to|by|as|into|with|because|so)\b|,|\s+(?:pls|please|plz|thanks)\b", re.I)


def names_record(text: str) -> bool:
    """Whether `text` names one stored record by an identifier ("INC-1010", "#42", "order 1042")."""
    return bool(_RECORD_ID.search(text))


def affected_rows_hint(text: str) -> str:
    """What to ask to see the rows a change request would touch ("; to see ..., ask: 'show INC-1010'"), or ""."""
    match = _change_match(text)
    if match is None or match.group("verb").lower() in _CREATES:
        return ""
    rest = re.split(r"[.;!?]", text[match.end("verb") :], maxsplit=1)[0].strip()
    if match.group("verb").lower() == "apply" and (target := re.search(r"\bto\s+(.+)$", rest, re.I)):
        rest = target.group(1)  # "apply a discount to all Audio lines": the lines are what it touches
    elif match.group("verb").lower() == "unassign" and (owned := re.search(r"\bfrom\s+(.+)$", rest, re.I)):
        rest = owned.group(1)  # "unassign chloe from her tickets": the tickets
    elif match.group("verb").lower() == "take" and (record := re.search(r"\boff\s+(.+)$", rest, re.I)):
        rest = record.group(1)  # "take ana off INC-1005": the record
    rest = _OBJECT_END.split(rest, maxsplit=1)[0].strip()
    if not rest or re.match(r"(?:it|them|one of them|that|this)\b", rest, re.I):
        return ""
    return f"; to see the rows it would affect, ask: 'show {rest}'"


def refuse_change_request(*texts: str) -> None:
    """Raise `DataChangeRefused` when any of `texts` (the question, the user's request) asks to change data."""
    for text in texts:
        if text.strip() and (verb := change_request(text)):
            raise DataChangeRefused(refusal_message(f"the request ({verb!r})"))


def sql_change(sql: str) -> str | None:
    """The kind of the first statement or clause in `sql` that writes (DELETE, DROP, ...), else None."""
    try:
        statements = sqlglot.parse(sql, read="postgres")
    except SqlglotError:
        return _first_word_write(sql)
    for statement in statements:
        if statement is None:
            continue
        for cls, label in _WRITES.items():
            if isinstance(statement, cls) or statement.find(cls) is not None:
                return label
        if isinstance(statement, exp.Command) and str(statement.this).upper() in _WRITE_COMMANDS:
            return str(statement.this).upper()
        if isinstance(statement, exp.Select) and statement.args.get("into") is not None:
            return "SELECT INTO"
    return _first_word_write(sql) if not statements else None


def _first_word_write(sql: str) -> str | None:
    words = sql.strip().split(None, 1)
    first = words[0].upper() if words else ""
    return first if first in _WRITE_COMMANDS else None
