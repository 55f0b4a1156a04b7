"""The memory stream's search statement, as a SQL function whose plan each connection makes once.

`memory_search` holds the one-round-trip search (vector and keyword candidates, RRF fusion, the score of
`memory.scoring`, the top k) that `MemoryStream.search` used to send as a statement. Sent as a statement,
it was parsed and planned on every search: planning alone was 0.7 ms of an 8 ms search at 100k memories
(`EXPLAIN ANALYZE`, the planner weighing 32 partitions), and the application's pools prepare nothing
(`prepare_threshold=None`, so that they also work behind PgBouncer). PostgreSQL 18 keeps the plans of a
SQL function's body for the session, and `plan_cache_mode = force_generic_plan` makes that one generic
plan, pruned to the user's partition when it starts. Measured on the bench/memory.py data (100k memories,
1 GB shared_buffers, 150 captured searches run twice, statement and function interleaved on the same
connections as `cognicore_app`, load average 8-12 on 2 cores, so only the ratio means something): p50 36.2
-> 33.4 ms, p95 59.9 -> 54.3 ms, the same ids, scores, similarities and ranks for all 150 (a prototype of
the same body: 28.8 -> 24.4 / 56.2 -> 52.8 ms); with `force_custom_plan` instead the function was no
faster than the statement (39.7 vs 39.5 ms), so the gain is the planning.

The costs: the generic plan is made once per connection and again after the statistics of a `memories`
partition change (ANALYZE, autovacuum's too), as for `memory_text_hits`: the first search on a new
connection took 303 ms against 273 ms for the statement (median of 12, loaded; most of both is the keyword
function's plan and the catalog caches), and a pool that runs `DISCARD ALL` after every use pays that on
every search;
and with one plan for every user, a partition's scan is chosen for a typical user of it rather than for
this user's row count (results do not depend on it: the same ids for every measured search).

The body is a string, not `BEGIN ATOMIC`: a SQL-standard body records a dependency on every column it
reads, and `memories.embedding` must stay re-typable (`memory.embeddings.resize_vector_columns`, a
re-embed with a model of another dimension). It is parsed with the caller's `search_path`, as the
statement was, and runs with the caller's rights, so row-level security applies as before. NULL
parameters switch filters off. Changing the search means a migration that replaces the function
(append it to `memory.migrations`, as `memory._keyword_sql` does for the keyword stage).
"""

from __future__ import annotations

from cognicore.memory._stream_sql import EF_SEARCH_CASE

_ARGUMENTS = """
    p_user_id text, p_query_vector halfvec, p_query_words text[], p_candidates int, p_rrf_k int, p_k int,
    p_min_similarity float8, p_session_id text, p_session_first boolean, p_as_of timestamptz,
    p_now timestamptz, p_perspective text, p_status text, p_kinds text[], p_session_filter text,
    p_since timestamptz, p_until timestamptz, p_metadata jsonb,
    p_alpha float8, p_beta float8, p_gamma float8, p_delta float8, p_decay float8
"""
_SIGNATURE = (
    "text, halfvec, text[], int, int, int, float8, text, boolean, timestamptz, timestamptz, text, text, text[], "
    "text, timestamptz, timestamptz, jsonb, float8, float8, float8, float8, float8"
)

# Recency is measured from `p_as_of` when given (a conversation's own time; a use after it does not count),
# else from `p_now` (the deployment clock). With a perspective, strength is that perspective's
# (memory.lifecycle), falling back to the overall strength. The hits' candidate counters are written
# later, batched (memory._counts).
SEARCH_FUNCTION = f"""
CREATE FUNCTION memory_search({_ARGUMENTS}) RETURNS TABLE (
    id bigint, kind text, content text, session_id text, importance smallint, metadata jsonb,
    source_ids bigint[], created_at timestamptz, last_accessed_at timestamptz, strength real,
    access_count int, candidate_count int, status text, vector_rank bigint, text_rank bigint, fused float8,
    similarity float8, in_session boolean, recency float8, importance_part float8, strength_part float8,
    relevance float8, score float8, copy bigint
)
LANGUAGE sql STABLE ROWS 10
SET plan_cache_mode = force_generic_plan
AS $body$
WITH vector_hits AS (
    SELECT hit.id, row_number() OVER (ORDER BY hit.distance, hit.id) AS rank
    FROM (
        SELECT m.id, m.embedding <=> p_query_vector AS distance
        FROM memories AS m
        WHERE m.user_id = p_user_id
          AND (p_status IS NULL OR m.status = p_status)
          AND (p_kinds IS NULL OR m.kind = ANY (p_kinds))
          AND (p_session_filter IS NULL OR m.session_id = p_session_filter)
          AND (p_since IS NULL OR m.created_at >= p_since)
          AND (p_until IS NULL OR m.created_at < p_until)
          AND (p_metadata IS NULL OR m.metadata @> p_metadata)
        ORDER BY distance
        LIMIT p_candidates
    ) AS hit
),
text_hits AS (
    SELECT t.id, t.rank FROM memory_text_hits(
        p_user_id, p_query_words, p_candidates, p_kinds, p_session_filter, p_since, p_until, p_status, p_metadata
    ) AS t
),
-- Reciprocal Rank Fusion (memory.retrieval.rrf_fused_cte); MATERIALIZED so the join below is on a plain id.
fused AS MATERIALIZED (
    SELECT coalesce(v.id, t.id) AS id, v.rank AS vector_rank, t.rank AS text_rank,
           coalesce(1.0::float8 / (p_rrf_k + v.rank), 0.0::float8)
             + coalesce(1.0::float8 / (p_rrf_k + t.rank), 0.0::float8) AS score
    FROM vector_hits AS v
    FULL OUTER JOIN text_hits AS t ON t.id = v.id
),
scored AS (
    SELECT m.id, m.kind, m.content, m.session_id, m.importance, m.metadata, m.source_ids, m.created_at,
           m.last_accessed_at, m.strength, m.access_count, m.candidate_count, m.status,
           f.vector_rank, f.text_rank, f.score AS fused,
           1 - (m.embedding <=> p_query_vector) AS similarity,
           coalesce(m.session_id = p_session_id, false) AS in_session,
           -- decay ^ hours, as exp(ln(decay) * hours) floored at e^-700: power() raises "underflow" for a
           -- memory dated centuries back (an ingested message may carry any date).
           exp(greatest(ln(p_decay) * greatest(extract(epoch FROM
               coalesce(p_as_of, p_now)
               - coalesce(CASE WHEN m.last_accessed_at <= coalesce(p_as_of, p_now)
                               THEN m.last_accessed_at END, m.created_at))::float8 / 3600, 0), -700)
           ) AS recency,
           (m.importance - 1)::float8 / 9 AS importance_part,
           CASE WHEN coalesce((m.strength_by_perspective ->> p_perspective)::float8, m.strength) > 0
                THEN coalesce((m.strength_by_perspective ->> p_perspective)::float8, m.strength)
                     / (coalesce((m.strength_by_perspective ->> p_perspective)::float8, m.strength) + 1)
                ELSE 0 END AS strength_part
    FROM fused AS f
    JOIN memories AS m ON m.user_id = p_user_id AND m.id = f.id
    WHERE 1 - (m.embedding <=> p_query_vector) >= p_min_similarity
),
ranked AS (
    SELECT s.*, s.fused / max(s.fused) OVER () AS relevance,
           p_alpha * s.recency + p_beta * s.importance_part
             + p_gamma * s.fused / max(s.fused) OVER () + p_delta * s.strength_part AS score
    FROM scored AS s
),
-- Exact duplicates (same kind, same text: the key of the nightly merge_duplicates, which makes them one
-- memory) count once, as their best-placed copy: five "ok, sounds good" must not fill five of the k slots.
top AS (
    SELECT d.* FROM (
        SELECT r.*, row_number() OVER (
            PARTITION BY r.kind, lower(btrim(r.content))
            ORDER BY (p_session_first AND r.in_session) DESC, r.score DESC, r.id) AS copy
        FROM ranked AS r
    ) AS d
    WHERE d.copy = 1
    ORDER BY (p_session_first AND d.in_session) DESC, d.score DESC, d.id
    LIMIT p_k
)
SELECT * FROM top ORDER BY (p_session_first AND in_session) DESC, score DESC, id
$body$;
GRANT EXECUTE ON FUNCTION memory_search({_SIGNATURE}) TO cognicore_app;
"""
"""Migration: the search as a function with one generic plan per connection (same rows as the statement)."""

SEARCH = """
SELECT * FROM memory_search(
    %(user_id)s, %(query_vector)b::halfvec, %(query_words)s::text[], %(candidates)s::int, %(rrf_k)s::int,
    %(k)s::int, %(min_similarity)s::float8, %(session_id)s::text, %(session_first)s::boolean,
    %(as_of)s::timestamptz, %(now)s::timestamptz, %(perspective)s::text, %(status)s::text, %(kinds)s::text[],
    %(session_filter)s::text, %(since)s::timestamptz, %(until)s::timestamptz, %(metadata)s::jsonb,
    %(alpha)s::float8, %(beta)s::float8, %(gamma)s::float8, %(delta)s::float8, %(decay)s::float8
)"""
"""The search, one statement: `MemoryStream.search`'s parameters by name."""


def _revised(text: str, changes: dict[str, str]) -> str:
    """`text` with each of `changes` applied exactly once (a change that no longer applies is a bug)."""
    for old, new in changes.items():
        if text.count(old) != 1:
            raise AssertionError(f"memory_search revision does not apply: {old!r}")
        text = text.replace(old, new)
    return text


_CARRIED = (
    "m.kind, m.content, m.session_id, m.importance, m.metadata, m.source_ids, m.created_at, m.last_accessed_at, "
    "m.strength, m.access_count, m.candidate_count, m.status, m.strength_by_perspective"
)

# The migration after SEARCH_FUNCTION: the vector stage's rows carry the columns the score needs, so the join back
# to `memories` by primary key fetches only the keyword stage's own rows. The HNSW scan reads each candidate's heap
# row anyway (for the user and status filters); fetching it again cost about 3 buffers per fused row (two index
# pages and the heap page): 141-173 of the about 1,570 buffers of a search at 100k memories (EXPLAIN (ANALYZE,
# BUFFERS) of the body). The similarity of a vector row is 1 - its scan distance, the same expression on the same
# value. Same rows, scores and order.
SEARCH_FUNCTION_CARRIED = _revised(
    SEARCH_FUNCTION,
    {
        "CREATE FUNCTION memory_search(": "CREATE OR REPLACE FUNCTION memory_search(",
        "    SELECT hit.id, row_number() OVER (ORDER BY hit.distance, hit.id) AS rank\n": (
            "    SELECT hit.*, row_number() OVER (ORDER BY hit.distance, hit.id) AS rank\n"
        ),
        "        SELECT m.id, m.embedding <=> p_query_vector AS distance\n": (
            f"        SELECT m.id, m.embedding <=> p_query_vector AS distance, {_CARRIED}\n"
        ),
        "    SELECT coalesce(v.id, t.id) AS id, v.rank AS vector_rank, t.rank AS text_rank,\n": (
            "    SELECT coalesce(v.id, t.id) AS id, v.rank AS vector_rank, t.rank AS text_rank, v.distance, "
            + _CARRIED.replace("m.", "v.")
            + ",\n"
        ),
        "           1 - (m.embedding <=> p_query_vector) AS similarity,\n": (
            "           1 - m.distance AS similarity,\n"
        ),
        "    FROM fused AS f\n    JOIN memories AS m ON m.user_id = p_user_id AND m.id = f.id\n"
        "    WHERE 1 - (m.embedding <=> p_query_vector) >= p_min_similarity\n": (
            "    FROM fused AS f\n"
            "    CROSS JOIN LATERAL (  -- a vector row as carried; a keyword-only row from the table\n"
            f"        SELECT f.id, f.distance, {_CARRIED.replace('m.', 'f.')}\n"
            "        WHERE f.vector_rank IS NOT NULL\n"
            "        UNION ALL\n"
            f"        SELECT m.id, m.embedding <=> p_query_vector, {_CARRIED}\n"
            "        FROM memories AS m\n"
            "        WHERE f.vector_rank IS NULL AND m.user_id = p_user_id AND m.id = f.id\n"
            "    ) AS m\n"
            "    WHERE 1 - m.distance >= p_min_similarity\n"
        ),
    },
)
"""Migration: the search whose vector rows are not fetched twice (same rows as `SEARCH_FUNCTION`)."""

# The migration after that (and after `_keyword_sql.TEXT_HITS_BM25_ONCE`): the function sets the vector scan's settings
# itself, so a search is two statements (tenant, search) instead of three. The settings statement
# (`_stream_sql.SEARCH_SETTINGS`) was parsed, planned and answered on every search, and psycopg built, sent and read
# it: 0.2-0.3 ms of about 6 ms of CPU per search at 100k memories. Now `hnsw.iterative_scan` and `jit` are SET
# clauses of the function, and a first statement of its body sets `hnsw.ef_search` from the user's partition size
# with the same tiers (`_stream_sql.EF_SEARCH_CASE`, written into the body when the migration runs); all three end
# with the call. `synchronous_commit` is not set any more: a search writes nothing, and a transaction that writes
# nothing waits for no WAL flush. Same rows, scores and order. Measured with the keyword function's change, at 100k
# memories (bench/memory.py data, 300 queries, old and new interleaved per query on one `cognicore_app` connection;
# CPU per search read from /proc: the server process's schedstat and the client thread's time): server p50 4.40
# -> 4.15 ms, client 1.48 -> 1.42 ms, both 6.00 -> 5.61 ms (0.935x; p95 7.90 -> 7.38 ms).
SEARCH_FUNCTION_SETTINGS = _revised(
    SEARCH_FUNCTION_CARRIED,
    {
        "SET plan_cache_mode = force_generic_plan\nAS $body$\n": (
            "SET plan_cache_mode = force_generic_plan\n"
            "SET jit = off\n"
            "SET hnsw.iterative_scan = relaxed_order\n"
            "AS $body$\n"
            f"SELECT set_config('hnsw.ef_search', ({EF_SEARCH_CASE})::text, true)\n"
            "FROM (SELECT memory_partition_rows(p_user_id) AS n) AS p;\n"
        ),
    },
)
"""Migration: the search that sets its own vector-scan settings (one statement fewer per search, same rows)."""
