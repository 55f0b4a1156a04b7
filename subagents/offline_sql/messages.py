"""What the offline SQL writer says when it is unsure: what it understood, what not, and what the data holds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cognicore.subagents.offline_sql.catalogue import Column
from cognicore.subagents.offline_sql.lexicon import Lexicon, dimension_name

if TYPE_CHECKING:
    from cognicore.subagents.offline_sql.mapping import Mapping


def unsure_message(q: Mapping, lex: Lexicon) -> str:
    """One or two sentences: what was understood, what was not, and what the data holds."""
    understood = [m.label for m in q.measures]
    understood += [f"by {dim_label(d)}" for d in q.dimensions]
    understood += [f"{dim_label(lex.catalogue.column(ref))} = {' or '.join(v)}" for ref, v in q.filters.items()]
    if q.period:
        understood.append(q.period.describe())
    if q.top_n:
        understood.append(f"{'bottom' if q.ascending else 'top'} {q.top_n}" if not q.nth else f"place {q.top_n}")
    missing = [w if w.startswith(("'", "what", "two")) else f"'{w}'" for w in dict.fromkeys(q.not_understood)]
    if not q.measures:
        missing.append("which measure")
    if understood:
        head = f"I understood {', '.join(understood)}"
        tail = f" but not {', '.join(missing)}" if missing else f" only with confidence {q.confidence:.2f}"
    else:
        head, tail = "I could not map this request to the data", f" (not understood: {', '.join(missing)})"
    measures = sorted({m.name.replace("_", " ") for m in lex.vocabulary.measures} | _column_measures(lex))
    dimensions = [*sorted(_dimension_names(lex)), "month", "quarter", "year"]
    return (
        f"{head}{tail}. The data has measures {', '.join(measures)} and dimensions {', '.join(dimensions)}; "
        "rephrase with those words, or configure a chat model."
    )


def _column_measures(lex: Lexicon) -> set[str]:
    out = {f"number of {t.name.replace('_', ' ')}" for t in lex.catalogue.tables}
    for t in lex.catalogue.tables:
        out |= {c.name.replace("_", " ") for c in t.columns if c.kind == "numeric" and not c.is_key}
    return out


def _dimension_names(lex: Lexicon) -> set[str]:
    out = set()
    for t in lex.catalogue.tables:
        for c in t.columns:
            if c.kind == "text" and not c.is_key and (c.values or c.name in ("name", "title", "label")):
                out.add(dim_label(c))
    return out


def dim_label(d: Column | str) -> str:
    """A dimension as the explanation words it: "region", "customer segment", "month"."""
    return d if isinstance(d, str) else dimension_name(d).replace("_", " ")
