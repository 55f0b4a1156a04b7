"""The generic offline `write_sql` role: a request mapped onto the allowed schemas' catalogue, or `Unsure`.

It reads the catalogue once (on first use, with the least-privilege reader) and keeps it for the process; a
request that asks to change data is refused before anything is mapped.
"""

from __future__ import annotations

import asyncio
import re
from collections import OrderedDict
from collections.abc import Callable, Sequence
from datetime import date

from psycopg_pool import AsyncConnectionPool

from cognicore.memory import clock
from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql.asked_parts import unanswered
from cognicore.subagents.offline_sql.builder import build_query
from cognicore.subagents.offline_sql.catalogue import Catalogue, read_catalogue
from cognicore.subagents.offline_sql.lexicon import Lexicon, build_lexicon, normalise, plural
from cognicore.subagents.offline_sql.mapper import Mapping, map_request
from cognicore.subagents.offline_sql.parts import with_part
from cognicore.subagents.offline_sql.vocabulary import SqlVocabulary
from cognicore.subagents.read_only import change_request, refuse_change_request
from cognicore.subagents.sql_writer import QuestionNotUnderstood, SqlDraft

Mapper = Callable[[str, Lexicon, date], Mapping]
"""`map_request`, or a writer's remembering wrapper of it."""


def write_from_catalogue(lex: Lexicon, question: str, context: str = "", *, mapped: Mapper = map_request) -> SqlDraft:
    """The draft for `question` over `lex`'s catalogue; the request (`context`) fills in a vague question."""
    refuse_change_request(question, context)
    today = clock.today()
    if (both := with_part(lex, question, today, mapped)) is not None:
        return both  # "tickets per status and how many of them are P1": the figure and its part (D7)
    mapping: Mapping | None = None
    problem: Unsure | None = None
    whole: Unsure | None = None  # why the whole request, of which the question is a clause, could not be read
    if _clause_of(question, context):
        # The question is one clause of the request ("partner order counts in 2025" of "Compare online and
        # partner order counts in 2025"): the whole request says more, when it can be read.
        try:
            mapping = mapped(context, lex, today)
        except Unsure as exc:
            mapping, whole = None, exc
            if _names_more_data(question, context, lex):
                # "total tickets assigned to chloe and ana combined" planned as "... to chloe": the rest of the
                # request names data too, so the clause alone would answer something else (chloe's only)
                raise QuestionNotUnderstood(str(exc)) from exc
    if mapping is None:
        try:
            mapping = mapped(question, lex, today)
        except Unsure as exc:
            mapping, problem = None, exc
    if whole is not None and mapping is not None and _asks_more_of_it(question, context, mapping, lex):
        raise QuestionNotUnderstood(str(whole)) from whole  # "Is INC-1012 closed yet, and whose is it?"
    # The planner's step may be the request without its question mark: the same words say nothing more (read
    # twice, "How many tickets are there in total" would name the tickets twice and group by ticket).
    same = normalise(context) == normalise(question)
    if context.strip() and not same and (mapping is None or not mapping.specific):
        # The question comes first, so what it says wins; a question that cannot be read yields to the request.
        for text in (f"{question}. {context}", context):
            try:
                mapping = mapped(text, lex, today)
                break
            except Unsure:
                continue
    if mapping is None:
        assert problem is not None
        raise QuestionNotUnderstood(str(problem)) from problem
    sql, explanation, period, scope = build_query(mapping, lex.catalogue, today)
    return SqlDraft(sql=sql, explanation=explanation, period=period, scope=scope)


SURE_READING = 0.9
MAPPINGS_KEPT = 256  # requests (with their day) whose mapping a writer keeps
# "list ...", "show me ...", "count ...", "how many ...": rows or a count asked for in words
_ASKED = re.compile(
    r"^\s*(?:(?:(?:can|could|would|will) you|please|pls|plz|kindly|just|hey|hi|ok|okay)\s+)*"
    r"(?:list|show|give me|display|count|tally|how many|number of|pull up|bring up|fetch)\b"
)


def names_data(request: str, q: Mapping, lex: Lexicon) -> bool:
    """Whether a mapped `request` names the data in words rather than only one of its values."""
    text = f" {normalise(request)} "
    book = lex.book("phrases")

    def said(phrase: str) -> bool:
        return f" {phrase} " in text or f" {plural(phrase)} " in text

    data_kinds = ("entity", "dimension", "measure")
    named = any(x.kind in data_kinds for phrase, targets in book.items() if said(phrase) for x in targets)
    # the plugin's words for them ("incidents" for tickets, "state" for status)
    named = named or any(
        said(normalise(source)) and any(x.kind in data_kinds for x in book.get(normalise(target), []))
        for source, target in lex.vocabulary.synonyms.items()
    )
    figure = any(m.named is not None or m.column is not None or m.age for m in q.measures)
    shaped = bool(q.top_n or q.share or q.having or q.growth or q.of_groups or q.zero_rows or q.looked_up)
    # two columns' values together ("what's chloe working on": an assignee and a status) describe rows
    described = len({*q.filters, *q.excluded, *q.missing, *q.present}) >= 2
    return named or figure or shaped or described or _ASKED.match(normalise(request)) is not None


def _names_more_data(question: str, context: str, lex: Lexicon) -> bool:
    """Whether the request (`context`) names a value, table or column of the data outside the clause `question`."""
    rest = f" {normalise(context).replace(normalise(question), ' ')} "
    return any(
        f" {phrase} " in rest or f" {plural(phrase)} " in rest
        for phrase, targets in lex.book("phrases").items()
        if any(x.kind in ("value", "entity", "dimension") for x in targets)
    )


def _asks_more_of_it(question: str, context: str, mapping: Mapping, lex: Lexicon) -> bool:
    """Whether the rest of the request, outside the clause `question`, asks in words the data knows an attribute the
    clause's answer does not show ("..., and whose is it?", "and when did it come in?"): the data answer check of
    the rest, since no other step of the plan asks it."""
    rest = normalise(context).replace(normalise(question), " ")
    return bool(rest.split()) and all(lex.knows(w) for w in rest.split()) and bool(unanswered(rest, rest, mapping, lex))


def _clause_of(question: str, context: str) -> bool:
    """Whether `question` is a strict part of the request `context`, word for word."""
    q, c = normalise(question), normalise(context)
    return bool(q) and q != c and re.search(rf"(?<!\w){re.escape(q)}(?!\w)", c) is not None


class SchemaSqlWriter:
    """Deterministic offline SQL writer for any deployment: reads the allowed schemas, maps requests onto them."""

    def __init__(
        self, pool: AsyncConnectionPool | None, schemas: Sequence[str], *, vocabulary: SqlVocabulary | None = None
    ) -> None:
        self._pool = pool
        self._schemas = tuple(schemas)
        self._vocabulary = vocabulary or SqlVocabulary()
        self._lexicon: Lexicon | None = None
        self._lock = asyncio.Lock()
        self._mappings: OrderedDict[tuple[str, date], Mapping | tuple[type[Unsure], tuple[object, ...]]] = OrderedDict()

    @classmethod
    def for_catalogue(cls, catalogue: Catalogue, *, vocabulary: SqlVocabulary | None = None) -> SchemaSqlWriter:
        """A writer over a catalogue already in hand (a test's, or one read elsewhere); it reads nothing."""
        writer = cls(None, sorted({t.ref.split(".", 1)[0] for t in catalogue.tables}), vocabulary=vocabulary)
        writer._lexicon = build_lexicon(catalogue, writer._vocabulary)
        return writer

    async def lexicon(self) -> Lexicon:
        """The catalogue's phrases, read once; an empty catalogue is read again next time (seeded later)."""
        async with self._lock:
            if self._lexicon is None:
                if self._pool is None:
                    raise ValueError("SchemaSqlWriter needs a pool to read the catalogue (or use for_catalogue).")
                catalogue: Catalogue = await read_catalogue(self._pool, self._schemas)
                # Loading the English word list takes about half a second: off the event loop, once.
                lex = await asyncio.to_thread(build_lexicon, catalogue, self._vocabulary)
                if not catalogue.tables:
                    return lex
                self._lexicon = lex
            return self._lexicon

    def mapped(self, text: str, lex: Lexicon, today: date) -> Mapping:
        """`map_request`, done once per text and day: offline, the router's `reads` and then `write_sql` map the same
        request. Safe to share: a mapping is a pure function of (text, lexicon, day), the writer's lexicon is read
        once and never replaced, and nothing changes a mapping once made (`build_query` copies what it alters;
        `tests/integration/test_sql_mapping_once.py` pins both)."""
        if lex is not self._lexicon:  # a lexicon of an empty catalogue, or another's: not the one the cache is of
            return map_request(text, lex, today)
        key = (text, today)
        kept = self._mappings.get(key)
        if kept is None:
            try:
                kept = map_request(text, lex, today)
            except Unsure as exc:
                kept = (type(exc), exc.args)  # the message, not the traceback and the frames it holds
            self._mappings[key] = kept
            if len(self._mappings) > MAPPINGS_KEPT:
                self._mappings.popitem(last=False)
        else:
            self._mappings.move_to_end(key)
        if isinstance(kept, tuple):
            kind, args = kept
            raise kind(*args)  # a fresh exception each time, with the same message
        return kept

    async def reads(self, request: str) -> bool:
        """Whether `request` is about this data as the writer reads it: mapped with confidence onto the catalogue,
        and naming the data in words (a table, column or measure; a figure, ranking or threshold; or a listing or
        count asked for), so a question made only of a value ("what is a P1?") stays the documents'."""
        lex = await self.lexicon()
        if not lex.catalogue.tables or change_request(request):
            return False
        try:
            q = self.mapped(request, lex, clock.today())
        except Unsure:
            return False
        # A measure filled in by default ("ok now do Q3": revenue?) or several corrected words is a guess, not a read,
        # unless a value of the data and a period say what is measured ("how did the Zephyr Kettle do in Q2")
        performance = q.confidence >= SURE_READING - 0.1 and bool(q.filters) and bool(q.period or q.compared_periods)
        return performance or (q.confidence >= SURE_READING and names_data(request, q, lex))

    async def write_sql(self, *, question: str, schema: str, context: str = "") -> SqlDraft:
        """The SQL for `question`; `QuestionNotUnderstood` (an `Unsure`) says what was and was not understood."""
        refuse_change_request(question, context)
        lex = await self.lexicon()
        if not lex.catalogue.tables:
            raise QuestionNotUnderstood(
                f"The allowed schemas ({', '.join(self._schemas) or 'none'}) hold no table this reader may read: "
                "load the data (`cognicore demo` seeds the demo's) or set COGNICORE_SQL_SCHEMAS."
            )
        return write_from_catalogue(lex, question, context, mapped=self.mapped)
