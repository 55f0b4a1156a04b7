"""The keyword stage of the memory stream: BM25 over a user's memories, inside PostgreSQL.

It replaces the first `memory_text_hits`, which ranked only the user's newest 200 keyword matches with
`ts_rank`: older evidence never competed (issue 12 measured evidence recall@10 0.373 on a public
long-conversation benchmark, against 0.524 for plain BM25). Now every match competes, ranked by Okapi
BM25 (k1 1.2, b 0.75) with the user's own memories as the collection:

- each query word is a term (OR semantics: a word no memory has simply scores nothing);
- a term's document frequency is counted in the user's memories up to `COMMON_TERM` rows, and the
  number of memories up to `COLLECTION_CAP`; idf = ln(1 + (N - df + 0.5) / (df + 0.5));
- rare terms (df below `COMMON_TERM`) find the candidates through the GIN index; common terms (a name
  said in half the turns) only add to the score of those candidates, so their cost stays bounded. When
  every word of the query is common, the newest `MATCH_CAP` matches of all of them are ranked;
- a term counts once per memory (turns and notes are short; a tsvector keeps positions, not counts
  cheaply), and length is the tsvector's number of distinct lexemes, normalised by the candidates'
  mean.

Ties go to the newer memory: on equal words, the later statement is more likely the current one.
"""

from __future__ import annotations

COMMON_TERM = 1000
"""A term matching at least this many of the user's memories is common: it scores, but does not select."""
MATCH_CAP = 4000
"""Candidates BM25 scores at most (the newest, past that): bounds the cost of several half-common words."""
COLLECTION_CAP = 20000
"""Memories counted for the collection size N (past this, idf barely moves; the count stays cheap)."""

# BEGIN ATOMIC: the body is bound at creation, so no search_path at call time can redirect it.
# SECURITY DEFINER and the explicit tenant check: see point 3 of `memory._stream_sql`'s docstring.
# Every scan names `p_user`, which must equal the transaction's tenant (else nothing matches).
TEXT_HITS_BM25 = f"""
DROP FUNCTION memory_text_hits(text, tsquery, int, int, text[], text, timestamptz, timestamptz, text);
CREATE FUNCTION memory_text_hits(
    p_user text, p_terms text[], p_limit int, p_kinds text[], p_session text,
    p_since timestamptz, p_until timestamptz, p_status text, p_metadata jsonb
) RETURNS TABLE (id bigint, rank bigint, score float8)
LANGUAGE sql STABLE SECURITY DEFINER ROWS 50
SET search_path = pg_catalog, pg_temp
SET plan_cache_mode = force_custom_plan
BEGIN ATOMIC
    WITH terms AS (
        SELECT DISTINCT q.q
        FROM unnest(p_terms) AS t(term), LATERAL (SELECT to_tsquery('english', t.term) AS q) AS q
        WHERE numnode(q.q) > 0
    ),
    stats AS (
        SELECT t.q, (
            SELECT count(*) FROM (
                SELECT 1 FROM memories AS m
                WHERE m.user_id = p_user AND p_user = current_setting('cognicore.user_id', true)
                  AND m.tsv @@ t.q
                LIMIT {COMMON_TERM}
            ) AS c
        )::float8 AS df
        FROM terms AS t
    ),
    total AS (
        SELECT greatest((
            SELECT count(*) FROM (
                SELECT 1 FROM memories AS m
                WHERE m.user_id = p_user AND p_user = current_setting('cognicore.user_id', true)
                LIMIT {COLLECTION_CAP}
            ) AS c
        )::float8, (SELECT max(s.df) FROM stats AS s), 1) AS n
    ),
    weighted AS (
        SELECT s.q, s.df, ln(1 + (t.n - s.df + 0.5) / (s.df + 0.5)) AS idf
        FROM stats AS s, total AS t
        WHERE s.df > 0
    ),
    probe AS (
        SELECT to_tsquery('simple', coalesce(
            string_agg('(' || w.q::text || ')', ' | ') FILTER (WHERE w.df < {COMMON_TERM}),
            string_agg('(' || w.q::text || ')', ' | '))) AS q
        FROM weighted AS w
        HAVING count(*) > 0
    ),
    matches AS (
        SELECT m.id, m.tsv, length(m.tsv)::float8 AS len
        FROM memories AS m, probe
        WHERE m.user_id = p_user AND p_user = current_setting('cognicore.user_id', true)
          AND m.tsv @@ probe.q
          AND (p_status IS NULL OR m.status = p_status)
          AND (p_kinds IS NULL OR m.kind = ANY (p_kinds))
          AND (p_session IS NULL OR m.session_id = p_session)
          AND (p_since IS NULL OR m.created_at >= p_since)
          AND (p_until IS NULL OR m.created_at < p_until)
          AND (p_metadata IS NULL OR m.metadata @> p_metadata)
        ORDER BY m.id DESC
        LIMIT {MATCH_CAP}
    ),
    scored AS (
        SELECT x.id, sum(w.idf * 2.2 / (1 + 1.2 * (0.25 + 0.75 * x.len / greatest(x.avg_len, 1)))) AS score
        FROM (SELECT mt.*, avg(mt.len) OVER () AS avg_len FROM matches AS mt) AS x
        JOIN weighted AS w ON x.tsv @@ w.q
        GROUP BY x.id
    )
    SELECT s.id, row_number() OVER (ORDER BY s.score DESC, s.id DESC) AS rank, s.score
    FROM scored AS s
    ORDER BY s.score DESC, s.id DESC
    LIMIT p_limit;
END;
REVOKE ALL ON FUNCTION memory_text_hits(text, text[], int, text[], text, timestamptz, timestamptz, text, jsonb)
    FROM PUBLIC;
GRANT EXECUTE ON FUNCTION memory_text_hits(text, text[], int, text[], text, timestamptz, timestamptz, text, jsonb)
    TO cognicore_app;
"""
