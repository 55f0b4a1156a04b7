"""The reference rankers, the recall measure and the cost record of `bench/recall.py`.

BM25 (pure-Python Okapi, the usual baseline) and a plain cosine ranking (`vector_only`) over the same
turns the stream stores; `Cost` records embedding throughput (wall and CPU) and search times.
"""

from __future__ import annotations

import math
import re
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from recall_data import Conversation

from cognicore.memory.stream import EMBED_BATCH
from cognicore.memory.text import STOPWORDS

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


@dataclass
class Cost:
    """What a system spent: embedding time (wall and this process's CPU, all threads) and search times."""

    embed_seconds: float = 0.0
    embed_cpu_seconds: float = 0.0
    texts: int = 0
    search_ms: list[float] = field(default_factory=list)
    query_cpu_ms: list[float] = field(default_factory=list)

    def line(self) -> str:
        """Throughput, CPU per text and latency percentiles, for the cost table."""
        if self.texts:
            rate = f"{self.texts / self.embed_seconds:>9.0f}  {self.embed_cpu_seconds / self.texts * 1000:>11.3f}"
        else:
            rate = f"{'-':>9}  {'-':>11}"
        times = self.search_ms or [math.nan]
        p95 = statistics.quantiles(times, n=20, method="inclusive")[18] if len(times) > 1 else times[0]
        query = f"{statistics.median(self.query_cpu_ms):>9.3f}" if self.query_cpu_ms else f"{'-':>9}"
        return f"{rate}  {query}  {statistics.median(times):>8.2f}  {p95:>8.2f}"


def bm25_run(
    conversations: Sequence[Conversation], *, dedup: bool = False, cost: Cost | None = None
) -> dict[str, list[list[float]]]:
    """Per question type, recall@KS rows of the BM25 reference (with `dedup`, duplicates counted once)."""
    rows: dict[str, list[list[float]]] = defaultdict(list)
    for conv in conversations:
        texts = [content(t.speaker, t.text) for t in conv.turns]
        index = BM25(texts)
        for q in conv.questions:
            started = time.perf_counter()
            ranked = index.top(q.text, len(texts)) if dedup else index.top(q.text, max(KS))
            if cost is not None:
                cost.search_ms.append((time.perf_counter() - started) * 1000)
            if dedup:
                ranked = first_copies(ranked, texts)
            found = [conv.turns[i].message_id for i in ranked[: max(KS)]]
            rows[q.kind].append([recall(found, q.evidence, k) for k in KS])
    return rows


async def embed_timed(embeddings: object, texts: Sequence[str], cost: Cost) -> list[list[float]]:
    """The texts' vectors in the stream's batches, the time spent added to `cost`."""
    vectors: list[list[float]] = []
    started, cpu = time.perf_counter(), time.process_time()
    for i in range(0, len(texts), EMBED_BATCH):
        vectors += await embeddings.aembed_documents(list(texts[i : i + EMBED_BATCH]))  # type: ignore[attr-defined]
    cost.embed_seconds += time.perf_counter() - started
    cost.embed_cpu_seconds += time.process_time() - cpu
    cost.texts += len(texts)
    return vectors


async def vector_only(
    conv: Conversation,
    texts: Sequence[str],
    vectors: Sequence[Sequence[float]],
    embeddings: object,
    rows: dict[str, list[list[float]]],
    cost: Cost,
) -> None:
    """Add to `rows` the recall of ranking the turns by cosine to each question alone (duplicates once).

    Each question's embedding time (this process's CPU, all threads) goes to `cost.query_cpu_ms`.
    """
    matrix = np.asarray(vectors, dtype=np.float32)
    matrix /= np.maximum(np.linalg.norm(matrix, axis=1, keepdims=True), 1e-12)
    for q in conv.questions:
        cpu = time.process_time()
        query = np.asarray(await embeddings.aembed_query(q.text), dtype=np.float32)  # type: ignore[attr-defined]
        cost.query_cpu_ms.append((time.process_time() - cpu) * 1000)
        ranked = first_copies([int(i) for i in np.argsort(-(matrix @ query), kind="stable")], texts)
        found = [conv.turns[i].message_id for i in ranked[: max(KS)]]
        rows[q.kind].append([recall(found, q.evidence, k) for k in KS])


def print_costs(costs: dict[str, Cost]) -> None:
    """One line per system: embedding throughput and search latency."""
    print(
        f"\n{'system':<14} {'texts/s':>9}  {'CPU ms/text':>11}  {'query CPU':>9}  {'p50 ms':>8}  {'p95 ms':>8}"
        f"   (embedding in batches of {EMBED_BATCH}; query CPU: median ms to embed one question;"
        " p50/p95: wall time of a search, query embedding + one SQL round trip)"
    )
    for system, cost in costs.items():
        print(f"{system:<14} {cost.line()}")
