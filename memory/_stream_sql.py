"""Schema and statements of the memory stream (`memory.stream`).

The layout was chosen by measurement (bench/memory.py: 100k memories of 20 users, 768 dims, 2 shared
cores, PostgreSQL 18.3, pgvector 0.8.2). The starting point, one table with `vector(768)` and one HNSW
index filtered by user with `hnsw.iterative_scan = relaxed_order`, took 25-50 ms p50 for the vector
stage alone: to collect 40 rows of one user in twenty the scan visits twenty times as many tuples.

1. Hash partitions on `user_id` (32). A search prunes to one partition, whose HNSW index holds that user
   and a few others, so the iterative scan discards few tuples: vector stage about 1.2-2 ms p50, recall@10
   0.99 against an exact scan (one table with halfvec: 9 ms p50, 22 ms p95, recall 0.98). More users per
   partition (say 1M memories of thousands of users) brings back some filtering, which the iterative scan
   absorbs; partitions cannot be re-split later without rewriting the table.
2. `halfvec(768)` stored inline (STORAGE MAIN, `toast_tuple_target` 4000). A `vector(768)` is 3 KB and is
   TOASTed, and the planner does not cost detoasting, so in partitions shared by several users it chose an
   "exact" plan (primary key or seq scan, then sort) that really took 20-25 ms. At 1.5 KB inline the costs
   are right: the primary key (an exact scan) for users with few rows, the HNSW index for the others. Half
   precision moves cosine similarities by about 1e-3.
3. Keyword candidates come from `memory_text_hits`, a SECURITY DEFINER function. Row-level security puts
   its policy before every non-LEAKPROOF condition of a query, and `tsv @@ query` is not LEAKPROOF, so as
   `cognicore_app` the GIN index is never used (every search scanned all of the user's rows, about 10 ms
   for 5,000). The function checks the same tenant itself (`current_setting('cognicore.user_id')`), so its
   owner may bypass row-level security (a superuser, as with the embedded server, or a BYPASSRLS role) and
   use the index; under an owner bound by the policy it is still correct, only slower. `cognicore_app` is
   its only grantee.
4. The keyword stage is BM25 over all of the user's matches (`memory._keyword_sql`, since migration 9);
   until then it ranked only the user's newest `KEYWORD_POOL` matches with `ts_rank`, so older evidence
   never competed. Each side contributes `CANDIDATES` rows whatever `k` is, so `k` only cuts the list.
5. `fillfactor` 70: rows are about 2 KB, so a page keeps room for a HOT update of the counters. At 80 only
   45% of the candidate-count updates were HOT, and each other one re-inserted the row into the HNSW index
   (10 ms per search); at 70, 100%.
6. The vector scan's settings (queue by partition size, iterative scan, no JIT) are set by `memory_search` itself
   (`EF_SEARCH_CASE`); `nearest` sends them as `SEARCH_SETTINGS`.

What is left is mostly memory: with PostgreSQL's default `shared_buffers` (128MB) the 600 MB of tables and
indexes of this benchmark are read from the OS cache page by page, and p95 roughly doubles. At a million memories
(3.9 GB of heap, 2 GB of HNSW graphs) 1 GB of buffers left 1,151-1,333 reads per search, 4 GB 153-154 (p95 0.61x,
A/B under load: `bench/memory.py --shared-buffers 1GB,4GB`). Right after a server start the buffers are empty
whatever their size: `memory.prewarm` reads the partitions back in.
"""

from __future__ import annotations

from cognicore.memory._keyword_sql import USER_TERMS

PARTITIONS = 32
KEYWORD_POOL = 200
"""Keyword matches ranked by the first keyword stage (migration 7 only; kept for its migration)."""
CANDIDATES = 40
"""Rows each side (vector, keyword) contributes to fusion, whatever `k` (up to this many): the candidate
pool and thus the order do not change with `k`; a larger `k` widens the pool to `k`."""
EF_SEARCH = 100
"""`hnsw.ef_search` of the vector stage (set per search, `SEARCH_SETTINGS`). At 100k memories (5,000 per
user) 40 was enough (recall@10 0.986-0.999 for 20 to 100), but at a million (50,000 per user, partitions of
one to three users, the default build m 16 / ef_construction 64) the queue of 40 is what limits recall: one
build of `bench/memory.py --n 1000000 --ef-search 40,64,100,150,200,300`, 300 queries against an exact scan,
gave recall@10 0.921 / 0.965 / 0.983 / 0.995 / 0.997 / 0.998 with vector-stage p50 22 / 31 / 31 / 39 / 40 /
40 ms (load average 8-11 on 2 cores, niced: only the order means something). 100 meets the 0.95 target with
margin (0.965 at 64 is close to it) at no measurable cost over 64; no index rebuild is needed. Smaller
partitions take a shorter queue (`EF_SEARCH_BY_ROWS`, `search_settings`)."""
EF_SEARCH_BY_ROWS: tuple[tuple[int, int], ...] = ((12_500, 40), (75_000, 64))
"""`hnsw.ef_search` by the size of the user's partition (rows, the statistics' estimate): the first (rows, ef) whose
rows exceed the partition's, else `EF_SEARCH` (also for a partition never analysed). A smaller graph needs a shorter
queue for the same recall, and the queue is most of a search's work (the HNSW graph's pages: 1,200-2,100 of the
1,900-3,100 shared buffers a search touches). Measured on the kept bench data, recall@10 against an exact scan:
- 100k memories (partitions of 5,000-15,000 rows, one to three users), `bench/memory.py --ef-search
  10,16,24,32,40,64,100`, 300 queries: 0.943 / 0.963 / 0.973 / 0.984 / 0.985 / 0.995 / 0.997; vector stage buffers
  per search (EXPLAIN (ANALYZE, BUFFERS), 150 queries, mean) 1,199 at 40 against 1,552 at 100, and 40 is the
  cheapest or level for every sharing (one user 749 vs 1,262; two 1,508 vs 1,558; three 2,137 vs 2,518). Below 40
  the buffers hardly drop: the stage returns `CANDIDATES` rows and the iterative scan goes on to find them. By
  partition (300 queries), 40 gave 0.994 for a user alone (5,000 rows), 0.989 for two (10,000) but 0.957 for three
  (15,000 rows, near the bar; 0.986 at 64, 0.995 at 100), while 64 there reads no more than 40 (2,133 buffers):
  so 40 only under 12,500 rows.
- 1M (20 users: partitions of 50,000 rows for a user alone, 100,000 for two, 150,000 for three), the first 150
  of `bench/memory.py`'s queries (81 / 45 / 24 per group), each against an exact scan: alone, ef 64 / 80 / 100
  gave 0.989 / 0.993 / 0.998 with 1,459 / 1,730 / 2,033 buffers; two users 0.958 / 0.978 / 0.991, three 0.913 /
  0.925 / 0.958, so from 75,000 rows the queue stays 100 (all users: 0.967 / 0.977 / 0.989 at one ef for all;
  0.985 with these tiers). Between 15,000 and 50,000 rows nothing was measured. The sharing of a partition
  weighs as much as its size (the iterative scan passes over the other users' rows), and a deployment with
  thousands of users shares every partition: these tiers were measured with one to three users per partition."""

MEMORIES_TABLE = f"""
CREATE TABLE memories (
    id bigserial,
    user_id text NOT NULL CHECK (user_id <> ''),
    session_id text,
    kind text NOT NULL
        CHECK (kind IN ('observation', 'thought', 'reflection', 'tool_call', 'tool_result')),
    content text NOT NULL,
    embedding halfvec(768) NOT NULL,
    importance smallint NOT NULL DEFAULT 3 CHECK (importance BETWEEN 1 AND 10),
    metadata jsonb NOT NULL DEFAULT '{{}}',
    source_ids bigint[] NOT NULL DEFAULT '{{}}',
    strength real NOT NULL DEFAULT 1,
    access_count int NOT NULL DEFAULT 0,
    candidate_count int NOT NULL DEFAULT 0,
    last_accessed_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
    tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', content)) STORED,
    PRIMARY KEY (user_id, id)
) PARTITION BY HASH (user_id);
DO $$
BEGIN
    FOR i IN 0..{PARTITIONS - 1} LOOP
        EXECUTE format(
            'CREATE TABLE %I PARTITION OF memories FOR VALUES WITH (MODULUS {PARTITIONS}, REMAINDER %s) '
            'WITH (fillfactor = 70, toast_tuple_target = 4000)',
            'memories_p' || lpad(i::text, 2, '0'), i);
    END LOOP;
END
$$;
ALTER TABLE memories ALTER COLUMN embedding SET STORAGE MAIN;
"""

# Separate from the table so the benchmark can drop them for a bulk load and time their build.
MEMORIES_INDEXES = """
CREATE INDEX memories_embedding_idx ON memories USING hnsw (embedding halfvec_cosine_ops);
CREATE INDEX memories_tsv_idx ON memories USING gin (tsv);
"""
DROP_MEMORIES_INDEXES = "DROP INDEX memories_embedding_idx, memories_tsv_idx"

# Since the keyword stage's index holds each row's user as a term (memory._keyword_sql.TEXT_HITS_BM25_USER_TERMS),
# the migration that made it replaces `memories_tsv_idx`; these are the search's indexes now (the benchmark drops
# and rebuilds them around a bulk load).
USER_TSV_INDEX = f"CREATE INDEX memories_user_tsv_idx ON memories USING gin ({USER_TERMS});"

# Migration (appended after `_search_sql.SEARCH_FUNCTION_CARRIED`): the keyword index without GIN's pending list.
# With `fastupdate` on (the default) new rows' entries wait in an unsorted list of up to `gin_pending_list_limit`
# (4 MB) per partition, and every keyword search reads and checks all of it. On a copy of the 100k bench data, 150
# new memories per user (3% more rows) raised the keyword call from 194 to 251-262 buffers (150 queries, EXPLAIN
# (ANALYZE, BUFFERS)), back to 197 once flushed; a service that writes all day keeps a list of up to 512 pages per
# partition. Off, each insert updates the index itself: 1,000 memories (50 per user, interleaved three times) took
# 6.2 / 8.9 / 6.9 s off against 9.2 / 8.5 / 8.3 s on (loaded machine: no measurable cost). A partitioned index
# takes no storage parameter, so each partition's index is altered, and its pending list flushed (`fastupdate =
# off` alone leaves it).
GIN_NO_PENDING_LIST = """
DO $$
DECLARE
    part regclass;
BEGIN
    FOR part IN SELECT i.inhrelid::regclass FROM pg_inherits AS i WHERE i.inhparent = 'memories_user_tsv_idx'::regclass
    LOOP
        EXECUTE format('ALTER INDEX %s SET (fastupdate = off)', part);
        PERFORM gin_clean_pending_list(part);
    END LOOP;
END
$$;
"""

SEARCH_INDEXES = (
    "CREATE INDEX memories_embedding_idx ON memories USING hnsw (embedding halfvec_cosine_ops);\n"
    + USER_TSV_INDEX.removesuffix(";")
    + " WITH (fastupdate = off);"  # as GIN_NO_PENDING_LIST leaves it; a partitioned index passes it to each partition
)
DROP_SEARCH_INDEXES = "DROP INDEX memories_embedding_idx, memories_user_tsv_idx"

# BEGIN ATOMIC: the body is bound at creation, so no search_path at call time can redirect it.
# `p_user` must equal the transaction's tenant (else nothing matches); it is a parameter only so that
# each call, planned with its values (force_custom_plan), prunes to the user's partition and the
# planner can weigh the query's words: the GIN index for rare words, or for common ones a backward
# walk of the primary key that stops after `p_pool` matches.
TEXT_HITS_FUNCTION = """
CREATE FUNCTION memory_text_hits(
    p_user text, p_query tsquery, p_pool int, p_limit int, p_kinds text[], p_session text,
    p_since timestamptz, p_until timestamptz, p_status text
) RETURNS TABLE (id bigint, rank bigint)
LANGUAGE sql STABLE SECURITY DEFINER ROWS 40
SET search_path = pg_catalog, pg_temp
SET plan_cache_mode = force_custom_plan
BEGIN ATOMIC
    SELECT r.id, r.rank FROM (
        SELECT p.id, row_number() OVER (ORDER BY ts_rank(p.tsv, p_query) DESC, p.id) AS rank
        FROM (
            SELECT m.id, m.tsv FROM memories AS m
            WHERE m.user_id = p_user
              AND p_user = current_setting('cognicore.user_id', true)
              AND m.tsv @@ p_query
              AND (p_status IS NULL OR m.status = p_status)
              AND (p_kinds IS NULL OR m.kind = ANY (p_kinds))
              AND (p_session IS NULL OR m.session_id = p_session)
              AND (p_since IS NULL OR m.created_at >= p_since)
              AND (p_until IS NULL OR m.created_at < p_until)
            ORDER BY m.id DESC
            LIMIT p_pool
        ) AS p
    ) AS r
    WHERE r.rank <= p_limit
    ORDER BY r.rank;
END;
REVOKE ALL ON FUNCTION memory_text_hits(text, tsquery, int, int, text[], text, timestamptz, timestamptz, text)
    FROM PUBLIC;
GRANT EXECUTE ON FUNCTION memory_text_hits(text, tsquery, int, int, text[], text, timestamptz, timestamptz, text)
    TO cognicore_app;
"""

# A memory's lifecycle starts when it is stored (`last_decay_at`), whatever its own date: an imported
# conversation from last year is not archived on arrival.
INSERT = """
INSERT INTO memories (user_id, session_id, kind, content, embedding, importance, metadata, source_ids, created_at,
                      source, strength, last_decay_at)
SELECT %(user_id)s, s.session_id, s.kind, s.content, s.embedding, s.importance, s.metadata,
       ARRAY(SELECT jsonb_array_elements_text(s.sources::jsonb)::bigint),
       coalesce(s.created_at::timestamptz, %(now)s), s.source, s.strength, %(now)s
FROM unnest(
    %(session_ids)s::text[], %(kinds)s::text[], %(contents)s::text[], %(embeddings)b::vector[],
    %(importances)s::smallint[], %(metadata)s::jsonb[], %(sources)s::text[], %(created)s::text[],
    %(origins)s::text[], %(strengths)s::real[]
) WITH ORDINALITY AS s(session_id, kind, content, embedding, importance, metadata, sources, created_at,
                       source, strength, n)
ORDER BY s.n
RETURNING id"""

VISIBLE_IDS = "SELECT coalesce(array_agg(id), '{}') AS ids FROM memories WHERE id = ANY(%s)"

# Migration: the row estimate of the partition holding `p_user`'s memories (NULL when it was never analysed, or
# the user has none), for the search's `hnsw.ef_search`. The caller's rights: as `cognicore_app` the primary key
# probe sees only the tenant's rows (row-level security), which is the user asked for. One generic plan per
# connection, pruned to the partition at executor start (three primary key pages, then pg_class by oid).
PARTITION_ROWS_FUNCTION = """
CREATE FUNCTION memory_partition_rows(p_user text) RETURNS float8
LANGUAGE sql STABLE
SET plan_cache_mode = force_generic_plan
BEGIN ATOMIC
    SELECT nullif(c.reltuples, -1)::float8
    FROM pg_catalog.pg_class AS c
    WHERE c.oid = (SELECT m.tableoid FROM memories AS m WHERE m.user_id = p_user ORDER BY m.user_id, m.id LIMIT 1);
END;
REVOKE ALL ON FUNCTION memory_partition_rows(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION memory_partition_rows(text) TO cognicore_app;
"""

# Relaxed order lets the HNSW scan keep going past rows the filters drop (pgvector 0.8); the caller
# re-sorts by distance. JIT never pays off for a query of a few milliseconds. A search writes
# nothing now (counts are batched), but its commit still need not wait for any WAL flush. The queue
# (`hnsw.ef_search`) follows the size of the user's partition: see `EF_SEARCH_BY_ROWS`.
EF_SEARCH_CASE = (
    "CASE " + "".join(f"WHEN p.n < {rows} THEN {ef} " for rows, ef in EF_SEARCH_BY_ROWS) + f"ELSE {EF_SEARCH} END"
)
"""`hnsw.ef_search` from `p.n`, the rows of the user's partition (`memory_partition_rows`): the tiers above.

`memory_search` sets it itself (`_search_sql.SEARCH_FUNCTION_SETTINGS`, made from this text when its migration
ran); `nearest` sends it in `SEARCH_SETTINGS`. Changing the tiers means a migration that replaces `memory_search`
too (a test compares the function's text with this one)."""

SEARCH_SETTINGS = (
    f"SELECT set_config('hnsw.ef_search', ({EF_SEARCH_CASE})::text, true), "
    "set_config('hnsw.iterative_scan', 'relaxed_order', true), set_config('jit', 'off', true), "
    "set_config('synchronous_commit', 'off', true) FROM (SELECT memory_partition_rows(%s) AS n) AS p"
)


def search_settings(user_id: str) -> tuple[str, tuple[str, ...]]:
    """The vector scan's transaction-local settings for `user_id`, with their parameters (a `user_read` `before`).

    `MemoryStream.nearest` sends them; `memory_search` sets the same ones itself.
    """
    return SEARCH_SETTINGS, (user_id,)


# The search itself (vector and keyword candidates, RRF fusion, the score of memory.scoring, the top k, in
# one round trip) is the SQL function `memory_search` (memory._search_sql), so that its plan is made once per
# connection instead of on every search.

# Several searches' hits in one statement, off the search's path. Rows are locked in id order so
# concurrent flushes of one user cannot deadlock on each other.
COUNT_CANDIDATES = """
WITH counts AS (
    SELECT c.id, c.n FROM unnest(%(ids)s::bigint[], %(counts)s::int[]) AS c(id, n)
),
locked AS (
    SELECT m.id FROM memories AS m
    WHERE m.user_id = %(user_id)s AND m.id IN (SELECT id FROM counts)
    ORDER BY m.id
    FOR UPDATE OF m
)
UPDATE memories AS m SET candidate_count = m.candidate_count + counts.n
FROM locked JOIN counts ON counts.id = locked.id
WHERE m.user_id = %(user_id)s AND m.id = locked.id"""

NEAREST = """
SELECT hit.id, 1 - hit.distance AS similarity
FROM (
    SELECT id, embedding <=> %(query_vector)b::halfvec AS distance
    FROM memories
    WHERE user_id = %(user_id)s AND status = 'active'
    ORDER BY distance
    LIMIT %(candidates)s
) AS hit
ORDER BY hit.distance, hit.id
LIMIT %(k)s"""

EXPLAIN = """
WITH RECURSIVE tree AS (
    SELECT m.id, m.kind, m.content, m.session_id, m.importance, m.metadata, m.source_ids, m.status,
           m.created_at, ARRAY[m.id] AS path
    FROM memories AS m
    WHERE m.user_id = %(user_id)s AND m.id = %(id)s
  UNION ALL
    SELECT c.id, c.kind, c.content, c.session_id, c.importance, c.metadata, c.source_ids, c.status,
           c.created_at, t.path || c.id
    FROM tree AS t
    JOIN memories AS c ON c.user_id = %(user_id)s AND c.id = ANY (t.source_ids)
    WHERE c.id <> ALL (t.path) AND cardinality(t.path) <= %(max_depth)s
)
SELECT * FROM tree ORDER BY cardinality(path), path"""

STATS = """
SELECT kind, status, count(*)::int AS n, min(created_at) AS oldest, max(created_at) AS newest
FROM memories WHERE user_id = %(user_id)s
GROUP BY kind, status"""
