"""Words said of the rows a request names: none of them ("have no"), a table's name used as a verb ("did each
region order"), rows that came in ("new tickets")."""

from __future__ import annotations

import re

from cognicore.subagents.offline_sql.lexicon import Lexicon, normalise, singular
from cognicore.subagents.offline_sql.mapping import Mapping, Text

_NONE = re.compile(
    r"\b(?:have|has|had|with|got|get|gets|made|make|makes|saw|see|sees|recorded|sold|sell|sells|shipped|ship|ships|"
    r"received|receive|receives)\s+(no|zero)\s+$"
)


def none_before(t: Text, q: Mapping, pos: int) -> None:
    """ "have no", "got zero" right before the rows (or the figure) named: only the groups with none are asked."""
    if none := _NONE.search(t.read[:pos]):
        q.zero_rows = True
        t.s = t.s[: none.start(1)] + " " * len(none.group(1)) + t.s[none.end(1) :]
        # "no open tickets left (at all)": what remains of them is what "no" already counts
        if left := re.match(r"((?: +[a-z0-9_-]+){0,3}? +)(left|remaining)(?: at all)?\b", t.s[pos:]):
            start = pos + left.end(1)
            t.s = t.s[:start] + " " * (pos + left.end() - start) + t.s[pos + left.end() :]


# "the components where no ticket has been closed", "for which no order was shipped": the groups with no closed
# ticket, said with the participle before its noun as "have no" reads it
_WHERE_NONE = re.compile(
    r"\b(?:where|in which|for which|with) no ([a-z]+) (?:has|have|had|was|were|is|are|got|get) (?:ever |yet |even )?"
    r"(?:been |yet been |ever been )?([a-z]+ed)\b"
)


def none_where(text: str, lex: Lexicon) -> str:
    """ "where no ticket has been closed" as "with no closed ticket" when the participle is a value of the data (a
    state the rows are in); any other verb ("where no ticket was assigned") stays as written."""

    def swap(m: re.Match[str]) -> str:
        value = any(x.kind == "value" for x in lex.phrases.get(m.group(2), []))
        return f"with no {m.group(2)} {m.group(1)}" if value else m.group(0)

    return _WHERE_NONE.sub(swap, text)


# "how many tickets did we open", "we opened", "they open": a person as the subject of the verb of a date column
_SUBJECT_VERB = re.compile(
    r"\b(?:(?:did|do|does|have|has|had)\s+)?(?:we|you|they|i|people|users|customers|the team|our team)\s+([a-z]+)\b"
)

# "how many tickets did the desk open", "did support open": any other subject of "did/do/does"
_ANY_SUBJECT_VERB = re.compile(r"\b(?:did|do|does)\s+(?:(the|our|my|your|their)\s+)?([a-z]+)\s+([a-z]+)\b")


def date_verbs(text: str, lex: Lexicon) -> str:
    """ "did we open", "we opened": the verb of a date column ("opened_at") said with a person as its subject is
    that date (the rows that came in), written as its participle, never a value spelt the same ("open")."""
    dated = [
        p
        for p, ts in lex.phrases.items()
        if len(p.split()) == 1 and p.endswith("ed") and any(x.kind == "date" for x in ts)
    ]

    def verb(m: re.Match[str], at: int = 1) -> str:
        said = m.group(at)
        hits = [p for p in dated if said in (p, p[:-2], p[:-1], p[:-3])]
        if len(hits) != 1 or said == hits[0]:
            return m.group(0)
        return m.group(0)[: m.start(at) - m.start()] + hits[0] + m.group(0)[m.end(at) - m.start() :]

    def subject(m: re.Match[str]) -> str:
        # "did the desk open", "did support open": any subject that is no value of the data (a person's rows stay)
        value = any(x.kind == "value" for x in lex.phrases.get(m.group(2), []))
        return m.group(0) if value else verb(m, 3)

    return _ANY_SUBJECT_VERB.sub(subject, _SUBJECT_VERB.sub(verb, text))


def said_as_verb(t: Text, pos: int, words: str) -> bool:
    """ "which products did each region order", "how much did Europe order": a table's name in the singular after
    "did/do/does" and its subject, with no article, is the verb of the clause, not the table's rows."""
    last = words.split()[-1] if words.split() else ""
    asked = re.search(r"\b(?:did|do|does|will|would|can)(?: [a-z0-9_-]+){1,3}\s+$", t.read[:pos])
    owned = re.search(r"\b(?:the|a|an|each|per|by|our|my|your|their|its)\s+$", t.read[:pos])  # "did our order count"
    return singular(last) == last and asked is not None and not owned


def new_rows(t: Text, pos: int) -> None:
    """ "new tickets", "incoming orders": the rows as they came in; the word says no more of them."""
    if new := re.search(r"\b(new|incoming|fresh)\s+$", t.s[:pos]):
        t.s = t.s[: new.start(1)] + " " * len(new.group(1)) + t.s[new.end(1) :]


# "each assignee, including unassigned", "per assignee incl the unassigned ones": the empty group beside the others
_INCLUDING_EMPTY = re.compile(
    r"\b(?:including|incl|inclusive of|plus|as well as|and also|along with) (?:the )?un[a-z]+"
)


# "(unassigned included)", "including the closed ones", "counting the unassigned ones as well", "the night
# shift included": rows said to be counted with the others, which widens what is counted and restricts nothing. A bare
# "too" / "as well" / "as well as" ("P1 tickets unassigned as well") adds a filter, and "counting only X" is one.
_INCLUDED = re.compile(
    r"(?<!not )\b(?:including|incl|inclusive of)\.? (?:the |all |any )?"
    r"(?P<before>[a-z0-9_ -]+?)(?: ones| tickets| rows)?(?: as well| too)?\b"
    r"(?=\s*(?:$|[^a-z0-9_ -]| and| but| please))|"
    r"(?<!not )\bcounting (?!only |just |solely )(?:in )?(?:the |all |any )?"
    r"(?P<counted>[a-z0-9_ -]+?)(?: ones| tickets| rows)? (?:as well|too)\b|"
    r"\b(?P<after>(?:[a-z0-9_-]+ ){0,2}[a-z0-9_-]+) (?:are |is )?(?:included|inclusive)\b|"
    # "(unassigned ones too)": the empty rows said aside as ones of their own; "P1 tickets are unassigned too" is a
    # filter (said of the rows by a verb)
    r"(?<!\bare )(?<!\bis )(?<!\bwere )(?<!\bwas )(?<!\band )\b(?:the (?P<the>un[a-z]+) [a-z]+s|(?P<aside>un[a-z]+) "
    r"(?:ones|rows)) (?:too|as well)\b"
)


def included_rows(t: Text, q: Mapping) -> None:
    """Values or empty columns said to be included ("closed ones included", "unassigned ones too") are no filter: the
    rows are counted with the others."""
    for m in _INCLUDED.finditer(t.read):
        said = " ".join(w for w in m.groups() if w).strip()
        for ref in list(q.missing):
            stem = ref.rsplit(".", 1)[-1][:6]
            if re.search(rf"\bun{re.escape(stem)}", said):
                q.missing.remove(ref)
                q.notes.append(f"The rows with no {ref.rsplit('.', 1)[-1]} are counted too, as asked.")
        for ref, values in list(q.filters.items()):
            kept = [v for v in values if not re.search(rf"\b{re.escape(normalise(v))}s?\b", said)]
            if kept != values:
                q.notes.append(f"{', '.join(v for v in values if v not in kept)} counted too, as asked.")
                if kept:
                    q.filters[ref] = kept
                else:
                    del q.filters[ref]


def empty_group_included(t: Text, q: Mapping) -> None:
    """A grouping said with its empty group included keeps every group (the empty one too), never only the empty;
    other rows said to be included are no filter (`included_rows`)."""
    if _INCLUDING_EMPTY.search(t.read) is None:
        included_rows(t, q)
        return
    if not {d.ref for d in q.dimensions if not isinstance(d, str)} & set(q.missing):
        included_rows(t, q)  # "per component, including the unassigned ones": the empty rows counted too
        return
    grouped = {d.ref for d in q.dimensions if not isinstance(d, str)}
    q.missing[:] = [ref for ref in q.missing if ref not in grouped]
    # "incl. the unassigned ones": the ones are the empty group's rows, no row listing of their own
    q.dimensions = [d for d in q.dimensions if isinstance(d, str) or d.ref in grouped - _keys(q)]


def _keys(q: Mapping) -> set[str]:
    return {d.ref for d in q.dimensions if not isinstance(d, str) and d.primary_key} if len(q.dimensions) > 1 else set()


# "closed last week", "resolved on 7 January", "closed in January": a state reached, then when
_EVENT_WHEN = re.compile(
    r"\b([a-z]{3,})\s+(?:on|in|during|over|between|from|since|before|after|by|last|this|yesterday|today|"
    r"the (?:first|last|past|previous))\b"
)


def undated_events(text: str, q: Mapping, lex: Lexicon) -> list[str]:
    """A period said of a state the rows reached ("closed last week") when no date column records that event (only
    "opened_at"): the period is not of the date the data holds, so it is not understood, never read as that date."""
    if q.period is None and not q.compared_periods:
        return []
    dated = {c.name.lower() for tb in lex.catalogue.tables for c in tb.columns if c.kind == "date"}
    found = []
    for m in _EVENT_WHEN.finditer(text):
        said = m.group(1)
        # a participle that is a state of the data ("closed"), or the verb a state is made from ("close")
        made = [*lex.phrases.get(f"{said}d", []), *lex.phrases.get(f"{said}ed", [])]
        verb = said not in lex.phrases and any(x.kind == "value" for x in made)
        state = verb or (said.endswith("ed") and any(x.kind == "value" for x in lex.phrases.get(said, [])))
        stem = (said[:-2] if said.endswith("ed") else said)[:5]
        if state and not any(name.startswith(stem) for name in dated):
            found.append(f"when rows were {said} (the data records only {', '.join(sorted(dated))})")
    return found


# "neither open nor assigned to chloe": what "nor" rules out, up to four words
_NOR = re.compile(r"\bneither\b.*?\bnor\s+((?:[a-z0-9_'-]+\s+){0,3}[a-z0-9_'-]+)")


def nor_kept(t: Text, q: Mapping) -> list[str]:
    """A value said after "neither ... nor" that is still a filter the rows must have ("nor assigned to chloe" read as
    chloe's rows), or a rate said there that must be above zero ("nor discounted"): the second negation was lost, so
    the reading is not understood, never the rows with that value."""
    nor = _NOR.search(t.read)
    if nor is None or q.zero_rows or q.all_groups:  # "which assignee has neither P1 nor P2": the groups with none
        return []
    said = nor.group(1)
    kept = [v for vs in q.filters.values() for v in vs if re.search(rf"\b{re.escape(normalise(v))}(?:'?s)?\b", said)]
    kept += [ref for ref, above in q.nonzero.items() if above and ref.rsplit(".", 1)[-1][:6] in said]
    return [f"nor {said} (read as rows that have it)"] if kept else []
