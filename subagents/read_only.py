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

# Verbs that ask to change stored data or its structure, at the start of a clause, after an optional
# politeness or wish ("please", "can you", "I want to", "let's").
_CHANGE_VERBS = (
    r"delete|drop|truncate|update|insert|alter|grant|revoke|wipe|erase|remove|purge|destroy|clear|empty|"
    r"overwrite|rename|modify|edit|change|reset|zero out|add|create|append|set|replace|restore|merge|"
    r"deduplicate|archive|move|cancel|void|refund"
)
_CHANGE_REQUEST = re.compile(
    r"(?:^|[.;!?]\s*|\b(?:and|then|also)\s+)"
    r"(?:(?:please|kindly|now|just|go ahead and|can you|could you|would you|will you|i want to|i'd like to|"
    r"i need to|i need you to|we need to|let's|lets|help me)\s+)*"
    rf"(?P<verb>{_CHANGE_VERBS})\b(?!\s+me\b)",
    re.IGNORECASE,
)
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
    for match in _CHANGE_REQUEST.finditer(text):
        clause = text[match.start("verb") :]
        clause = re.split(r"[.;!?]", clause, maxsplit=1)[0]
        if _CREATES_READS.match(clause):
            continue
        return match.group("verb").lower()
    return None


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
