"""The knowledge base on the real database: idempotent ingest, skipped files, hybrid search, retriever."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from langchain_core.documents import Document
from langchain_core.embeddings import Embeddings
from psycopg import sql
from psycopg_pool import AsyncConnectionPool

from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.errors import IngestError
from cognicore.memory.knowledge import IngestEvent, KnowledgeBase
from cognicore.memory.retrieval import RRF_K, candidate_count, ef_search_for, hybrid_ctes, rrf_fuse, text_query_terms

ALPHA = """# Glacier Expedition Handbook

## Ropes

Every climber carries a dynamic rope of 60 metres and two ice screws.

## Camp

Tents are pitched on the moraine, never on the glacier itself, because crevasses open overnight.
"""
BETA = "Sourdough bread needs a starter fed with flour and water every day.\n\nBake it at 240 degrees."


@pytest.fixture
def kb(pool: AsyncConnectionPool) -> KnowledgeBase:
    return KnowledgeBase(pool, OfflineEmbeddings())


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    (root / "nested").mkdir(parents=True)
    (root / "alpha.md").write_text(ALPHA)
    (root / "nested" / "beta.txt").write_text(BETA)
    (root / ".hidden").mkdir()
    (root / ".hidden" / "secret.md").write_text("# Secret\n\nnot for the knowledge base")
    return root


def src(path: Path) -> str:
    """The key a file is stored under: its resolved path."""
    return str(path.resolve())


async def chunk_ids(pool: AsyncConnectionPool, source: Path) -> list[int]:
    async with pool.connection() as conn:
        cur = await conn.execute(
            "SELECT c.id FROM kb_chunks c JOIN kb_documents d ON d.id = c.document_id "
            "WHERE d.source = %s ORDER BY c.ord",
            (src(source),),
        )
        return [r["id"] for r in await cur.fetchall()]


async def test_ingest_folder_adds_files_recursively(kb: KnowledgeBase, folder: Path) -> None:
    before = await kb.stats()
    events: list[IngestEvent] = []
    report = await kb.ingest_paths([folder], on_progress=events.append)
    alpha, beta = src(folder / "alpha.md"), src(folder / "nested" / "beta.txt")
    assert report.added == (alpha, beta)
    assert report.updated == report.unchanged == report.skipped == ()
    assert report.chunks_by_source == {alpha: 2, beta: 1}
    assert report.chunks_written == 3
    assert [(e.index, e.total, e.status) for e in events] == [(1, 2, "added"), (2, 2, "added")]
    after = await kb.stats()
    assert (after.documents - before.documents, after.chunks - before.chunks) == (2, 3)
    titles = {d.source: (d.title, d.chunks) for d in await kb.documents()}
    assert titles[alpha] == ("Glacier Expedition Handbook", 2)
    assert titles[beta] == ("beta.txt", 1)  # no heading: the file name


async def test_ingested_chunks_are_found_by_keyword_and_by_paraphrase(kb: KnowledgeBase, folder: Path) -> None:
    await kb.ingest_paths([folder])
    alpha = src(folder / "alpha.md")
    by_keyword = await kb.search("ice screws", k=3)
    assert by_keyword[0].source == alpha
    assert "ice screws" in by_keyword[0].content
    assert by_keyword[0].text_rank == 1
    by_paraphrase = await kb.search("where should tents be pitched when camping near glaciers", k=3)
    assert by_paraphrase[0].source == alpha
    assert "moraine" in by_paraphrase[0].content
    assert by_paraphrase[0].content.startswith("# Glacier Expedition Handbook\n## Camp\n")  # heading context


async def test_reingesting_unchanged_files_does_nothing(
    kb: KnowledgeBase, pool: AsyncConnectionPool, folder: Path
) -> None:
    await kb.ingest_paths([folder])
    ids = await chunk_ids(pool, folder / "alpha.md")
    docs = {d.source: d.ingested_at for d in await kb.documents()}
    report = await kb.ingest_paths([folder, folder / "alpha.md"])  # the same file twice counts once
    assert report.added == report.updated == ()
    assert len(report.unchanged) == 2
    assert report.chunks_written == 0
    assert await chunk_ids(pool, folder / "alpha.md") == ids
    assert {d.source: d.ingested_at for d in await kb.documents()} == docs


async def test_changed_file_replaces_its_chunks(kb: KnowledgeBase, pool: AsyncConnectionPool, folder: Path) -> None:
    await kb.ingest_paths([folder])
    old_alpha = await chunk_ids(pool, folder / "alpha.md")
    beta_ids = await chunk_ids(pool, folder / "nested" / "beta.txt")
    (folder / "alpha.md").write_text(ALPHA.replace("two ice screws", "three titanium pitons"))
    report = await kb.ingest_paths([folder])
    assert report.updated == (src(folder / "alpha.md"),)
    assert len(report.unchanged) == 1
    new_alpha = await chunk_ids(pool, folder / "alpha.md")
    assert len(new_alpha) == 2 and not set(new_alpha) & set(old_alpha)
    assert await chunk_ids(pool, folder / "nested" / "beta.txt") == beta_ids
    hits = await kb.search("titanium pitons", k=1)
    assert "three titanium pitons" in hits[0].content
    assert not [p for p in await kb.search("ice screws", k=10) if "ice screws" in p.content]


async def test_new_chunk_settings_rechunk_unchanged_files(pool: AsyncConnectionPool, folder: Path) -> None:
    await KnowledgeBase(pool, OfflineEmbeddings()).ingest_paths([folder])
    finer = KnowledgeBase(pool, OfflineEmbeddings(), chunk_size=90, chunk_overlap=0)
    report = await finer.ingest_paths([folder / "alpha.md"])
    assert report.updated == (src(folder / "alpha.md"),)
    assert report.chunks_by_source[src(folder / "alpha.md")] > 2
    assert (await finer.ingest_paths([folder / "alpha.md"])).unchanged


class FailingEmbeddings(Embeddings):
    """An embedding provider that is down."""

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        raise ConnectionError("provider unreachable")

    def embed_query(self, text: str) -> list[float]:
        raise ConnectionError("provider unreachable")


async def test_failed_embedding_keeps_the_old_chunks(
    kb: KnowledgeBase, pool: AsyncConnectionPool, folder: Path
) -> None:
    await kb.ingest_paths([folder])
    ids = await chunk_ids(pool, folder / "alpha.md")
    (folder / "alpha.md").write_text(ALPHA + "\n## Food\n\nPack chocolate.\n")
    with pytest.raises(IngestError, match=r"alpha\.md.*provider unreachable.*unchanged"):
        await KnowledgeBase(pool, FailingEmbeddings()).ingest_paths([folder / "alpha.md"])
    assert await chunk_ids(pool, folder / "alpha.md") == ids
    # The change is still pending, so the next good ingest picks it up.
    assert (await kb.ingest_paths([folder / "alpha.md"])).updated


async def test_malformed_files_are_skipped_with_reasons(pool: AsyncConnectionPool, tmp_path: Path) -> None:
    kb = KnowledgeBase(pool, OfflineEmbeddings(), max_file_bytes=2_000)
    (tmp_path / "good.md").write_text("# Good\n\nA perfectly fine note about kayaks.")
    (tmp_path / "binary.md").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00IHDR")
    (tmp_path / "latin1.txt").write_bytes("Caf\xe9 cr\xe8me".encode("latin-1"))
    (tmp_path / "huge.md").write_text("# Huge\n\n" + "word " * 1_000)
    (tmp_path / "empty.md").write_text("  \n\n\t\n")
    (tmp_path / "slides.pdf").write_bytes(b"%PDF-1.7")
    before = await kb.stats()
    report = await kb.ingest_paths([tmp_path])
    assert report.added == (src(tmp_path / "good.md"),)
    reasons = {Path(s.path).name: (str(s.reason), s.detail) for s in report.skipped}
    assert reasons["binary.md"][0] == "not UTF-8 text"
    assert reasons["latin1.txt"] == ("not UTF-8 text", "invalid UTF-8 at byte 3; save it as UTF-8")
    assert reasons["huge.md"][0] == "larger than max_file_bytes"
    assert "max_file_bytes=2000" in reasons["huge.md"][1]
    assert reasons["empty.md"][0] == "empty"
    assert reasons["slides.pdf"] == ("unsupported type", "'.pdf' is not one of .markdown, .md, .txt")
    after = await kb.stats()
    assert (after.documents - before.documents, after.chunks - before.chunks) == (1, 1)


async def test_missing_path_is_an_error_and_ingests_nothing(kb: KnowledgeBase, folder: Path) -> None:
    before = await kb.stats()
    missing = folder / "no-such-file.md"
    with pytest.raises(IngestError, match=r"no-such-file\.md: no such file or folder"):
        await kb.ingest_paths([folder, missing])
    assert await kb.stats() == before


async def test_ingest_text_reports_its_status(kb: KnowledgeBase) -> None:
    assert await kb.ingest_text("note://kayak", "Kayaks need a spray deck in rough water.", title="Kayaks") == "added"
    assert await kb.ingest_text("note://kayak", "Kayaks need a spray deck in rough water.", title="Kayaks") == (
        "unchanged"
    )
    assert await kb.ingest_text("note://kayak", "Kayaks need a paddle float.") == "updated"
    [hit] = await kb.search("paddle float kayak", k=1)
    assert (hit.source, hit.title) == ("note://kayak", "note://kayak")
    with pytest.raises(IngestError, match="empty"):
        await kb.ingest_text("note://blank", "   ")


DEMO_QUESTIONS = [
    ("What is the return policy for opened headphones?", "returns-and-warranty.md"),
    ("Why was the Orbit Fitness Band price cut?", "decision-log.md"),
    ("Why was the LATAM expansion delayed?", "decision-log.md"),
    ("How is revenue calculated?", "sales-data-dictionary.md"),
    ("When was Aurora Devices founded?", "company-history.md"),
    ("How long does standard shipping take?", "shipping-policy.md"),
    ("Who has to approve a discount above 20%?", "pricing-and-discounts.md"),
    ("Which region buys the most wearables?", "regional-strategy.md"),
    ("How much do the Vista AR Glasses cost?", "product-catalog.md"),
    ("My Haven camera is offline, what should I do?", "support-faq.md"),
    ("What were the action items of the Q3 2026 business review?", "quarterly-business-review.md"),
]


@pytest.mark.parametrize(("question", "expected"), DEMO_QUESTIONS)
async def test_hybrid_search_finds_the_right_demo_document(kb: KnowledgeBase, question: str, expected: str) -> None:
    passages = await kb.search(question, k=6)
    assert len(passages) == 6
    assert Path(passages[0].source).name == expected, [Path(p.source).name for p in passages]
    assert [p.score for p in passages] == sorted((p.score for p in passages), reverse=True)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Can I send back earbuds I already unboxed?", "returns-and-warranty.md"),
        ("Why did we lower what the fitness tracker costs?", "decision-log.md"),
        ("What does the warranty not cover?", "returns-and-warranty.md"),
        ("Which region prefers wearables?", "regional-strategy.md"),
    ],
)
async def test_hybrid_search_finds_paraphrases_near_the_top(kb: KnowledgeBase, question: str, expected: str) -> None:
    # Paraphrases share few words with the text, so fused scores sit close together: "near the top" is
    # the first four of the 40+ chunks (retrieval_k is 6).
    names = [Path(p.source).name for p in await kb.search(question, k=4)]
    assert expected in names, names


@pytest.mark.parametrize(
    ("question", "has_text_side"),
    [
        ("What is the return policy for opened headphones?", True),
        ("LATAM delay", True),
        ("the of and", False),  # stopwords only: an empty tsquery, not an error
        ("!!! ??? & | :*", False),  # punctuation and tsquery operators only
    ],
)
async def test_sql_fusion_agrees_with_rrf_fuse(
    kb: KnowledgeBase, pool: AsyncConnectionPool, question: str, has_text_side: bool
) -> None:
    k = 6
    params: dict[str, Any] = {
        "query_vector": np.asarray(OfflineEmbeddings().embed_query(question), dtype=np.float32),
        "query_terms": text_query_terms(question),
        "candidates": candidate_count(k),
        "rrf_k": RRF_K,
    }
    lists: dict[str, list[int]] = {}
    async with pool.connection() as conn, conn.transaction():
        await conn.execute("SELECT set_config('hnsw.ef_search', %s, true)", (str(ef_search_for(candidate_count(k))),))
        for side in ("vector_hits", "text_hits"):
            query = sql.SQL("WITH {} SELECT id FROM {} ORDER BY rank").format(
                hybrid_ctes("kb_chunks"), sql.Identifier(side)
            )
            cur = await conn.execute(query, params)
            lists[side] = [r["id"] for r in await cur.fetchall()]
    expected = rrf_fuse([lists["vector_hits"], lists["text_hits"]], limit=k)
    passages = await kb.search(question, k=k)
    assert [p.chunk_id for p in passages] == [item for item, _ in expected]
    assert [p.score for p in passages] == pytest.approx([score for _, score in expected], abs=1e-12)
    for p in passages:
        assert p.vector_rank == (
            lists["vector_hits"].index(p.chunk_id) + 1 if p.chunk_id in lists["vector_hits"] else None
        )
        assert p.text_rank == (lists["text_hits"].index(p.chunk_id) + 1 if p.chunk_id in lists["text_hits"] else None)
    assert bool(lists["text_hits"]) is has_text_side
    assert len(lists["vector_hits"]) == candidate_count(k)


async def test_misspelt_words_still_rank_the_passage_by_its_text(kb: KnowledgeBase) -> None:
    # "retrun windw" match no lexeme: their corrections join the full-text OR, so the section keeps a text rank.
    passages = await kb.search("how long is the retrun windw (p0 i0)", k=6)
    top = passages[0]
    assert Path(top.source).name == "returns-and-warranty.md" and "## Return window" in top.content
    assert top.text_rank == 1


async def test_new_documents_reach_the_spelling_corrections(kb: KnowledgeBase) -> None:
    assert await kb.search("zeppelin hangar", k=3)  # loads the corrections before the new document exists
    await kb.ingest_text("note:airships", "# Airships\n\nThe zeppelin hangar opens at dawn.")
    found = {p.source: p.text_rank for p in await kb.search("zepelin", k=6)}
    assert found.get("note:airships") == 1  # only a correction to the new word can match its text


async def test_search_edge_cases(kb: KnowledgeBase, pool: AsyncConnectionPool) -> None:
    assert await kb.search("   ") == []
    assert await kb.search("returns", k=0) == []
    assert len(await kb.search("returns", k=2)) == 2
    assert len(await kb.search("returns", k=60)) == 60  # more than ef_search's default of 40
    async with pool.connection() as conn:  # the search's SET LOCAL did not leak into the pool
        # hnsw.ef_search exists in a backend once pgvector's library is loaded there: a fresh connection may not have.
        await conn.execute("SELECT '[1]'::vector")
        cur = await conn.execute("SELECT current_setting('hnsw.ef_search') AS ef")
        assert (await cur.fetchone())["ef"] == "40"  # type: ignore[index]


async def test_retriever_returns_documents_with_metadata(kb: KnowledgeBase) -> None:
    retriever = kb.as_retriever(k=3)
    docs = await retriever.ainvoke("What is the return policy for opened headphones?")
    assert len(docs) == 3
    assert all(isinstance(d, Document) for d in docs)
    first = docs[0]
    assert Path(first.metadata["source"]).name == "returns-and-warranty.md"
    assert first.metadata["title"] == "Return and Warranty Policy"
    assert isinstance(first.metadata["chunk_id"], int) and first.metadata["score"] > 0
    assert "15 days" in first.page_content
    with pytest.raises(NotImplementedError, match="ainvoke"):
        retriever.invoke("returns")


class NegatedEmbeddings(OfflineEmbeddings):
    """Another 'model': the offline vectors pointing the other way."""

    model_name = "negated-offline"

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [[-x for x in v] for v in super().embed_documents(texts)]


async def test_reembed_rewrites_every_chunk(pool: AsyncConnectionPool) -> None:
    total = (await KnowledgeBase(pool, OfflineEmbeddings()).stats()).chunks
    progress: list[tuple[int, int]] = []
    done = await KnowledgeBase(pool, NegatedEmbeddings()).reembed(
        batch_size=32, on_progress=lambda d, t: progress.append((d, t))
    )
    assert done == total > 32
    assert progress[-1] == (total, total)
    assert len(progress) == -(-total // 32)
    async with pool.connection() as conn:
        cur = await conn.execute("SELECT content, embedding FROM kb_chunks ORDER BY id DESC LIMIT 1")
        row = await cur.fetchone()
    assert row is not None
    expected = -np.asarray(OfflineEmbeddings().embed_query(row["content"]), dtype=np.float32)
    assert np.allclose(row["embedding"].to_numpy(), expected, atol=1e-6)
