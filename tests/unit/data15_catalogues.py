"""The demo's and the support desk's catalogues for round 15's data tests (engineer S12): the sales catalogue with the
comments the demo's schema carries (cognicore/demo/sales.py), the tickets' with the support desk plugin's words."""

from __future__ import annotations

import sys
from dataclasses import replace
from datetime import date
from pathlib import Path

from cognicore.demo.plugin import SQL_VOCABULARY
from cognicore.demo.sales import COMMENTS
from cognicore.subagents.offline_sql import Catalogue, Lexicon, SqlVocabulary, build_lexicon, map_request
from cognicore.subagents.offline_sql.builder import build
from tests.unit.offline_sql_catalogues import SALES, TICKETS

TODAY = date(2026, 11, 25)
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "support_desk"


def _commented(catalogue: Catalogue) -> Catalogue:
    """The sales catalogue with the comments the demo's schema carries (cognicore/demo/sales.py)."""
    tables = []
    for t in catalogue.tables:
        columns = tuple(replace(c, comment=COMMENTS.get(f"{t.name}.{c.name}", c.comment)) for c in t.columns)
        tables.append(replace(t, columns=columns, comment=COMMENTS.get(t.name, t.comment)))
    return replace(catalogue, tables=tuple(tables))


def _desk_vocabulary() -> SqlVocabulary:
    sys.path.insert(0, str(EXAMPLE))
    try:
        from support_desk import SQL_VOCABULARY as DESK
    finally:
        sys.path.remove(str(EXAMPLE))
    return DESK


SALES_LEX = build_lexicon(_commented(SALES), SQL_VOCABULARY)
DESK_LEX = build_lexicon(TICKETS, _desk_vocabulary())


def sql_of(text: str, lex: Lexicon) -> str:
    """The SQL the offline writer builds for `text`, on one line."""
    return " ".join(build(map_request(text, lex, TODAY), lex.catalogue, TODAY)[0].split())
