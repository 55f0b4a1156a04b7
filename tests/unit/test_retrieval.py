"""Reciprocal Rank Fusion, the full-text query builder and the shared hybrid SQL, without a database."""

from __future__ import annotations

import pytest
from psycopg import sql

from cognicore.memory.retrieval import (
    MAX_QUERY_TERMS,
    RRF_K,
    candidate_count,
    ef_search_for,
    hybrid_ctes,
    rrf_fuse,
    spelling_fixes,
    text_query_terms,
)


def test_rrf_scores_are_sums_of_reciprocal_ranks() -> None:
    fused = dict(rrf_fuse([[10, 20, 30], [20, 40]]))
    assert fused[20] == pytest.approx(1 / (RRF_K + 2) + 1 / (RRF_K + 1))
    assert fused[10] == pytest.approx(1 / (RRF_K + 1))
    assert fused[30] == pytest.approx(1 / (RRF_K + 3))
    assert fused[40] == pytest.approx(1 / (RRF_K + 2))


def test_rrf_ranks_items_found_by_both_lists_first() -> None:
    fused = rrf_fuse([["a", "b", "c"], ["c", "b", "d"]])
    # Both lists found b and c; 1/61 + 1/63 is a hair above 2/62, so c comes first.
    assert [item for item, _ in fused] == ["c", "b", "a", "d"]


def test_rrf_breaks_ties_by_id_and_honours_limit() -> None:
    # 7 is first of one list and 3 first of the other: equal scores, the smaller id wins.
    fused = rrf_fuse([[7, 1], [3, 2]])
    assert [item for item, _ in fused] == [3, 7, 1, 2]
    assert rrf_fuse([[7, 1], [3, 2]], limit=2) == fused[:2]


def test_rrf_counts_an_item_once_per_list_and_takes_k() -> None:
    assert rrf_fuse([[1, 1, 2]]) == rrf_fuse([[1, 2]])
    assert rrf_fuse([[1]], k=0) == [(1, 1.0)]
    assert rrf_fuse([]) == []
    assert rrf_fuse([[], []]) == []


def test_text_query_is_an_or_of_plain_words() -> None:
    assert text_query_terms("Return policy for opened headphones?") == "return | policy | for | opened | headphones"


def test_text_query_removes_tsquery_operators_and_punctuation() -> None:
    assert text_query_terms("a & b | !c <-> (d:*) 'e'") == "a | b | c | d | e"
    assert text_query_terms("!!! ??? ...") == ""
    assert text_query_terms("") == ""


def test_text_query_dedupes_and_caps_words() -> None:
    assert text_query_terms("Sales sales SALES") == "sales"
    many = " ".join(f"w{i}" for i in range(MAX_QUERY_TERMS + 20))
    assert len(text_query_terms(many).split(" | ")) == MAX_QUERY_TERMS


@pytest.mark.parametrize("k", [1, 6, 20, 200])
def test_candidate_and_ef_search_sizes(k: int) -> None:
    candidates = candidate_count(k)
    assert candidates >= k
    assert ef_search_for(candidates) >= min(candidates, 1000)
    assert ef_search_for(candidates) <= 1000


def test_hybrid_ctes_filter_applies_to_both_candidate_scans() -> None:
    text = hybrid_ctes("cognicore.memories", id_column="memory_id", where=sql.SQL("user_id = %(user_id)s")).as_string(
        None
    )
    assert text.count("user_id = %(user_id)s") == 2
    assert '"cognicore"."memories"' in text
    assert '"memory_id" AS id' in text
    for name in ("vector_hits AS", "text_hits AS", "fused AS", "%(query_vector)s", "%(query_terms)s",
                 "%(candidates)s", "%(rrf_k)s"):  # fmt: skip
        assert name in text


def test_hybrid_ctes_without_filter_has_no_where_on_the_vector_scan() -> None:
    text = hybrid_ctes("kb_chunks").as_string(None)
    vector_part = text.split("text_query AS")[0]
    assert "WHERE" not in vector_part
    assert "<=>" in vector_part


LEXICON = frozenset("return window unopen product warranti headphon polici refund latam delay".split())


@pytest.mark.parametrize(
    ("query", "fixes"),
    [
        ("whats the retrun windw for unopened prodcts?", ["return", "window", "product"]),
        ("warrenty on the headphnes (p0 i0)", ["warranti", "headphon"]),
        ("What is the return policy for opened headphones?", []),  # inflections of lexemes are not typos
        ("What is the warranty?", []),  # "warranty" is the lexeme "warranti" spelt right
        ("parental leave for LATAM", []),  # unrelated words are not forced onto the corpus
        ("refnd", ["refund"]),
        ("efund", []),  # the first letter must match: a typo rarely hits it
        ("retn", []),  # shorter than five letters: too ambiguous to correct
    ],
)
def test_spelling_fixes_map_misspelt_words_to_corpus_lexemes(query: str, fixes: list[str]) -> None:
    assert spelling_fixes(query, LEXICON) == fixes
