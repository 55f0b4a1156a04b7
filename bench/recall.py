"""Held-out long-conversation retrieval benchmark: evidence recall@5/10/20, BM25 vs the memory stream.

    python bench/recall.py [--conversations 5] [--sessions 20] [--turns 24] [--local PATH_OR_NAME]

Conversations, questions and gold evidence turns are generated deterministically from templates
(`bench/recall_data.py`). Each turn is stored as "Speaker: text" with its own date, one tenant per
conversation; every question is searched as of the end of its conversation. Recall@k of a question is the
share of its evidence turns among the first k results, averaged per question type and overall. Systems:

- `bm25`: a pure-Python Okapi BM25 (k1 1.2, b 0.75) over lower-cased words without stemming, stopwords
  dropped: the usual reference baseline;
- `bm25 dedup`: the same with exact duplicate turns (same text, same speaker) counted once, as the stream
  counts them (its search collapses what the nightly `merge_duplicates` would merge): shows how much of the
  stream's lead comes from that alone;
- `stream`: `MemoryStream.search` (hybrid full text + vector, scored) with the offline embedder, quiet;
- `stream+local`: the same with a local sentence-embedding model (`--local`: a sentence-transformers name or
  folder, e.g. all-MiniLM-L6-v2), when the `cognicore[local]` extra is installed; the vector columns are
  resized to the model's dimension first. No real model's weights could be obtained here (no network), so
  it has not been measured with one.

Starts an embedded PostgreSQL in a temporary folder (or uses a scratch database on DATABASE_URL).
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import math
import os
import re
import sys
import tempfile
import uuid
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import psycopg
from psycopg import sql
from recall_data import Conversation, corpus

from cognicore.database import migrate, open_pool, start_embedded
from cognicore.memory.embeddings import OfflineEmbeddings, record_embedding_model, recorded_dims, resize_vector_columns
from cognicore.memory.scoring import Scoring
from cognicore.memory.stream import MemoryStream, NewMemory
from cognicore.memory.text import STOPWORDS
from cognicore.schema import COMPONENTS

KS = (5, 10, 20)
_WORD = re.compile(r"[a-z0-9]+")


def tokens(text: str) -> list[str]:
    """Lower-cased words without stopwords; no stemming (the reference BM25 tokeniser)."""
    return [w for w in _WORD.findall(text.lower()) if w not in STOPWORDS]


def first_copies(found: Sequence[int], texts: Sequence[str]) -> list[int]:
    """`found` with every later exact duplicate (case and surrounding blanks ignored) of an earlier one dropped."""
    seen: set[str] = set()
    kept = []
    for i in found:
        key = texts[i].strip().lower()
        if key not in seen:
            seen.add(key)
            kept.append(i)
    return kept


class BM25:
    """Okapi BM25 over a fixed list of documents."""

    def __init__(self, documents: Sequence[str], *, k1: float = 1.2, b: float = 0.75) -> None:
        self.docs = [Counter(tokens(d)) for d in documents]
        self.lengths = [sum(d.values()) for d in self.docs]
        self.avg = sum(self.lengths) / max(len(self.docs), 1)
        df = Counter(term for d in self.docs for term in d)
        n = len(self.docs)
        self.idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}
        self.k1, self.b = k1, b

    def top(self, query: str, k: int) -> list[int]:
        """Indexes of the `k` best documents, best first (ties: earlier first)."""
        terms = set(tokens(query))
        scores = []
        for i, (doc, length) in enumerate(zip(self.docs, self.lengths, strict=True)):
            s = 0.0
            for t in terms & doc.keys():
                tf = doc[t]
                s += self.idf[t] * tf * (self.k1 + 1) / (tf + self.k1 * (1 - self.b + self.b * length / self.avg))
            if s > 0:
                scores.append((-s, i))
        return [i for _, i in sorted(scores)[:k]]


def content(speaker: str, text: str) -> str:
    """How a turn is stored and indexed by every system."""
    return f"{speaker}: {text}"


def recall(found: Sequence[str], gold: Sequence[str], k: int) -> float:
    """Share of the gold evidence among the first `k` found."""
    return len(set(found[:k]) & set(gold)) / len(gold)


Table = dict[str, dict[str, list[float]]]  # system -> question type -> recall per k


def bm25_run(conversations: Sequence[Conversation], *, dedup: bool = False) -> dict[str, list[list[float]]]:
    """Per question type, recall@KS rows of the BM25 reference (with `dedup`, duplicates counted once)."""
    rows: dict[str, list[list[float]]] = defaultdict(list)
    for conv in conversations:
        texts = [content(t.speaker, t.text) for t in conv.turns]
        index = BM25(texts)
        for q in conv.questions:
            ranked = index.top(q.text, len(texts)) if dedup else index.top(q.text, max(KS))
            if dedup:
                ranked = first_copies(ranked, texts)
            found = [conv.turns[i].message_id for i in ranked[: max(KS)]]
            rows[q.kind].append([recall(found, q.evidence, k) for k in KS])
    return rows


async def stream_run(
    url: str, conversations: Sequence[Conversation], embeddings: object, scoring: Scoring | None = None
) -> dict[str, list[list[float]]]:
    """Per question type, recall@KS rows of `MemoryStream.search` over the stored turns."""
    pool = await open_pool(url, max_size=4)
    rows: dict[str, list[list[float]]] = defaultdict(list)
    try:
        # The columns take the model's own dimension (as `cognicore reembed` does); fresh users each run.
        dims = len(await embeddings.aembed_query("dimension probe"))  # type: ignore[attr-defined]
        await resize_vector_columns(pool, old_dims=await recorded_dims(pool), dims=dims)
        await record_embedding_model(pool, type(embeddings).__name__, dims)
        stream = MemoryStream(pool, embeddings, scoring=scoring)  # type: ignore[arg-type]
        options = inspect.signature(stream.search).parameters
        for conv in conversations:
            user = f"{conv.name}-{uuid.uuid4().hex[:6]}"
            items = [
                NewMemory(
                    content=content(t.speaker, t.text),
                    session_id=t.session,
                    created_at=t.at,
                    metadata={"speaker": t.speaker, "message_id": t.message_id},
                )
                for t in conv.turns
            ]
            ids = await stream.add(user, items)
            by_id = {i: t.message_id for i, t in zip(ids, conv.turns, strict=True)}
            for q in conv.questions:
                extra: dict[str, object] = {}
                if "as_of" in options:
                    extra["as_of"] = q.as_of
                if "quiet" in options:
                    extra["quiet"] = True
                if "as_of" in options:  # k only cuts the list: one search serves every k
                    hits = await stream.search(user, q.text, k=max(KS), **extra)  # type: ignore[arg-type]
                    found = [by_id[h.id] for h in hits]
                    rows[q.kind].append([recall(found, q.evidence, k) for k in KS])
                else:  # before point 1 the candidates depended on k: one search per k
                    per_k = []
                    for k in KS:
                        hits = await stream.search(user, q.text, k=k, **extra)  # type: ignore[arg-type]
                        per_k.append(recall([by_id[h.id] for h in hits], q.evidence, k))
                    rows[q.kind].append(per_k)
    finally:
        await pool.close()
    return rows


def summarise(rows: dict[str, list[list[float]]]) -> dict[str, list[float]]:
    """Mean recall@KS per question type, plus `all` over every question."""
    out = {kind: [sum(r[i] for r in rs) / len(rs) for i in range(len(KS))] for kind, rs in sorted(rows.items())}
    everything = [r for rs in rows.values() for r in rs]
    out["all"] = [sum(r[i] for r in everything) / len(everything) for i in range(len(KS))]
    return out


def print_table(results: dict[str, dict[str, list[float]]], counts: dict[str, int]) -> None:
    """One line per system and question type: recall@5/10/20."""
    print(f"{'system':<14} {'type':<8} {'n':>4}  " + "  ".join(f"R@{k:<4}" for k in KS))
    for system, table in results.items():
        for kind, values in table.items():
            print(f"{system:<14} {kind:<8} {counts[kind]:>4}  " + "  ".join(f"{v:.3f} " for v in values))


def local_embeddings(name: str) -> object | None:
    """A local sentence-embedding model through langchain-huggingface, or None when not installed."""
    try:
        from langchain_huggingface import HuggingFaceEmbeddings  # type: ignore[import-not-found]
    except ImportError:
        print("stream+local skipped: install cognicore[local] (langchain-huggingface, sentence-transformers)")
        return None
    return HuggingFaceEmbeddings(model_name=name, encode_kwargs={"normalize_embeddings": True})


GRID = [(alpha, decay) for alpha in (0.0, 0.05, 0.1, 0.2, 0.5, 1.0) for decay in (0.995, 0.999, 0.9997)]


async def grid(url: str, conversations: Sequence[Conversation]) -> None:
    """Recall of the offline stream under other recency weights and decays (relevance weight 1)."""
    print(f"{'alpha':>6} {'decay':>7}  all R@5/10/20          latest R@5/10/20")
    for alpha, decay in GRID:
        scoring = Scoring(alpha=alpha, beta=0.0, gamma=1.0, delta=0.0, decay=decay)
        table = summarise(await stream_run(url, conversations, OfflineEmbeddings(), scoring))
        print(
            f"{alpha:>6} {decay:>7}  "
            + " ".join(f"{v:.3f}" for v in table["all"])
            + "    "
            + " ".join(f"{v:.3f}" for v in table["latest"])
        )


async def evaluate(
    url: str, conversations: Sequence[Conversation], systems: dict[str, Callable[[], object]], *, tune: bool = False
) -> dict[str, dict[str, list[float]]]:
    """Every system's summary table (and the scoring grid first, with `tune`)."""
    if tune:
        await grid(url, conversations)
    results = {
        "bm25": summarise(bm25_run(conversations)),
        "bm25 dedup": summarise(bm25_run(conversations, dedup=True)),
    }
    for name, make in systems.items():
        embeddings = make()
        if embeddings is not None:
            results[name] = summarise(await stream_run(url, conversations, embeddings))
    return results


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--conversations", type=int, default=5)
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--turns", type=int, default=24, help="turns per session")
    parser.add_argument(
        "--first-seed", type=int, default=1, help="first conversation seed (1: the reported set; tune on others)"
    )
    parser.add_argument("--local", help="a sentence-transformers model name or local path (optional)")
    parser.add_argument("--grid", action="store_true", help="also try scoring weights (alpha, decay) offline")
    args = parser.parse_args()
    conversations = corpus(
        args.conversations, sessions=args.sessions, turns_per_session=args.turns, first=args.first_seed
    )
    counts = Counter(q.kind for c in conversations for q in c.questions)
    counts["all"] = sum(counts.values())
    print(
        f"{len(conversations)} conversations, {sum(len(c.turns) for c in conversations)} turns, "
        f"{counts['all']} questions ({', '.join(f'{k} {v}' for k, v in sorted(counts.items()) if k != 'all')})"
    )
    systems: dict[str, Callable[[], object]] = {"stream": OfflineEmbeddings}
    if args.local:
        systems["stream+local"] = lambda: local_embeddings(args.local)
    if admin := os.environ.get("DATABASE_URL"):
        name = f"cognicore_recall_{uuid.uuid4().hex[:8]}"
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        try:
            url = str(psycopg.conninfo.make_conninfo(admin, dbname=name))
            await _migrated(url)
            print_table(await evaluate(url, conversations, systems, tune=args.grid), counts)
        finally:
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        return
    with tempfile.TemporaryDirectory(prefix="cognicore-recall-") as tmp:
        try:
            url = await start_embedded(Path(tmp))
            await _migrated(url)
            print_table(await evaluate(url, conversations, systems, tune=args.grid), counts)
        finally:
            import pgserver

            pgserver.get_server(Path(tmp) / "pgdata", cleanup_mode="stop").cleanup()


async def _migrated(url: str) -> None:
    pool = await open_pool(url, max_size=2)
    try:
        await migrate(pool, [c for c in COMPONENTS if c[0] == "memory"])  # the stream needs no other
    finally:
        await pool.close()


if __name__ == "__main__":
    asyncio.run(main())
