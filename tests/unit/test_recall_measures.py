"""The reference rankers and measures of the retrieval benchmark (bench/recall_measures.py)."""

from __future__ import annotations

import sys
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path

import pytest

# Appended, not prepended: bench/ holds scripts named like packages (bench/memory.py) that must not shadow them.
sys.path.append(str(Path(__file__).resolve().parents[2] / "bench"))

from recall_data import Conversation, Question, Turn
from recall_measures import BM25, Cost, bm25_run, content, first_copies, recall, vector_only

from cognicore.memory.embeddings import OfflineEmbeddings

AT = datetime(2025, 3, 1, tzinfo=UTC)
SAID = [
    ("Tom", "ok sounds good"),
    ("Tom", "Ok sounds good "),
    ("Maria", "We adopted a beagle puppy from the shelter"),
    ("Tom", "My car needs new tyres before winter"),
    ("Maria", "ok sounds good"),
]


def conversation() -> Conversation:
    turns = tuple(Turn(f"m{i}", "s1", who, text, AT) for i, (who, text) in enumerate(SAID))
    asked = (Question("single", "Which puppy did Maria adopt at the shelter?", ("m2",), AT),)
    return Conversation("c", turns, asked)


def test_bm25_ranks_by_shared_rare_words_and_duplicates_count_once() -> None:
    texts = [content(who, text) for who, text in SAID]
    assert BM25(texts).top("new tyres for the car", 2) == [3]  # only the turn with those words scores
    assert first_copies([0, 1, 4, 2, 3], [text for _, text in SAID]) == [0, 2, 3]  # case and blanks ignored
    assert recall(["m2", "m0"], ["m2", "m9"], 1) == 0.5 and recall(["m0", "m2"], ["m2"], 1) == 0.0


async def test_vector_only_and_bm25_rows_give_recall_per_k_and_record_their_cost() -> None:
    conv = conversation()
    embeddings = OfflineEmbeddings()
    texts = [content(t.speaker, t.text) for t in conv.turns]
    rows: dict[str, list[list[float]]] = defaultdict(list)
    cost = Cost()
    await vector_only(conv, texts, await embeddings.aembed_documents(texts), embeddings, rows, cost)
    assert rows == {"single": [[1.0, 1.0, 1.0]]} and len(cost.query_cpu_ms) == 1
    bm25_cost = Cost()
    assert bm25_run([conv], cost=bm25_cost) == {"single": [[1.0, 1.0, 1.0]]}
    assert len(bm25_cost.search_ms) == 1 and bm25_cost.line().split()[:2] == ["-", "-"]  # nothing embedded


def test_cost_line_gives_throughput_cpu_per_text_and_latency_percentiles() -> None:
    cost = Cost(embed_seconds=2.0, embed_cpu_seconds=0.5, texts=100, search_ms=[float(i) for i in range(1, 101)])
    rate, cpu, query, p50, p95 = cost.line().split()
    assert (rate, cpu, query) == ("50", "5.000", "-")
    assert float(p50) == pytest.approx(50.5) and float(p95) == pytest.approx(95.05)
