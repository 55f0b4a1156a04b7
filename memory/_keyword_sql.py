"""The keyword stage of the memory stream: BM25 over a user's memories, inside PostgreSQL.

It replaces the first `memory_text_hits`, which ranked only the user's newest 200 keyword matches with
`ts_rank`: older evidence never competed (issue 12 measured evidence recall@10 0.373 on a public
long-conversation benchmark, against 0.524 for plain BM25). Now matches compete on Okapi BM25 (k1 1.2,
b 0.75, a term counted once per memory, length = distinct lexemes over the candidates' mean):

- each query word is a term (OR semantics: a word no memory has simply scores nothing);
- a term's document frequency comes from the partition's ANALYZE statistics (`most_common_elems` of
  `tsv`; a lexeme not among them is rarer than the rarest listed), so idf costs no scan. A partition
  without statistics yet (new, or just bulk loaded) counts instead, up to `COUNT_CAP` rows per term;
- terms select candidates rarest first, until their estimated matches reach `PROBE_ROWS`; the others
  (a name said in half the turns, "meeting") only add to the score of those candidates. When only common
  words remain, the newest `MATCH_CAP` matches of the selected ones are scored.

Measured at 100k memories (bench/memory.py data, 2 cores under a load average of 6-8, so absolute times are
inflated about 3x; old and new searches interleaved): counting every term and scoring every match took
70 ms p50 for the keyword call alone, against 2-3 ms for the newest-200 `ts_rank` stage; this design with
`PROBE_ROWS` 600 / `MATCH_CAP` 1500 made the whole search 1.5x slower than the old one (p50 49 vs 33 ms),
with 200 / 500 1.3x (34 vs 26 ms), with 100 / 300 1.13x (30 vs 26 ms). 200 / 500 changed nothing on
bench/recall.py against 600 / 1500. Reading statistics through `pg_stats` instead of `pg_statistic` (which
only superusers may read) costs about 3 ms more there (planning the view and scanning pg_attribute):
1.28-1.44x the old search over three interleaved runs.

Ties go to the newer memory: on equal words, the later statement is more likely the current one.
"""

from __future__ import annotations

PROBE_ROWS = 200
"""Estimated rows the selecting terms may match: terms are taken rarest first until this is reached."""
COUNT_CAP = 2000
"""Without statistics (a partition not analysed yet), rows counted for N and for each term's frequency."""
MATCH_CAP = 500
"""Candidates BM25 scores at most (the newest, past that): a bound for queries of only common words."""

# BEGIN ATOMIC: the body is bound at creation, so no search_path at call time can redirect it.
# SECURITY DEFINER and the explicit tenant check: see point 3 of `memory._stream_sql`'s docstring.
# Every scan names `p_user`, which must equal the transaction's tenant (else nothing matches).
_TEXT_HITS_BM25 = f"""
CREATE OR REPLACE FUNCTION memory_text_hits(
    p_user text, p_terms text[], p_limit int, p_kinds text[], p_session text,
    p_since timestamptz, p_until timestamptz, p_status text, p_metadata jsonb
) RETURNS TABLE (id bigint, rank bigint, score float8)
LANGUAGE sql STABLE SECURITY DEFINER ROWS 50
SET search_path = pg_catalog, pg_temp
SET plan_cache_mode = force_custom_plan
BEGIN ATOMIC
    WITH part AS (
        SELECT m.tableoid AS oid FROM memories AS m
        WHERE m.user_id = p_user AND p_user = current_setting('cognicore.user_id', true)
        ORDER BY m.user_id, m.id
        LIMIT 1
    ),
    meta AS (  -- pg_stats, not pg_statistic: only superusers may read the catalog; the view serves the owner
        SELECT greatest(c.reltuples, 1)::float8 AS n_rows,
               s.most_common_elems::text::text[] AS elems, s.most_common_elem_freqs AS freqs
        FROM part
        JOIN pg_class AS c ON c.oid = part.oid
        JOIN pg_namespace AS ns ON ns.oid = c.relnamespace
        LEFT JOIN pg_stats AS s ON s.schemaname = ns.nspname AND s.tablename = c.relname AND s.attname = 'tsv'
    ),
    common AS (
        SELECT e.elem, e.freq::float8 AS freq
        FROM meta, unnest(meta.elems, meta.freqs) AS e(elem, freq)
        WHERE e.elem IS NOT NULL
    ),
    terms AS (
        SELECT DISTINCT t.lexeme
        FROM unnest(tsvector_to_array(to_tsvector('english', array_to_string(p_terms, ' ')))) AS t(lexeme)
    ),
    counted AS (  -- no statistics yet (a new or just loaded partition): count, as a bounded fallback
        SELECT greatest((
            SELECT count(*) FROM (
                SELECT 1 FROM memories AS m
                WHERE m.user_id = p_user AND p_user = current_setting('cognicore.user_id', true)
                LIMIT {COUNT_CAP}
            ) AS c
        ), 1)::float8 AS n_rows
        FROM meta
        WHERE meta.elems IS NULL
    ),
    weighted AS (
        SELECT x.q, x.freq, x.freq * n.n_rows AS est_rows, ln(1 + (1 - x.freq) / (x.freq + 1 / n.n_rows)) AS idf
        FROM terms AS t
        CROSS JOIN meta
        LEFT JOIN counted ON true
        LEFT JOIN common AS cm ON cm.elem = t.lexeme
        CROSS JOIN LATERAL (SELECT coalesce(counted.n_rows, meta.n_rows) AS n_rows) AS n
        CROSS JOIN LATERAL (
            SELECT to_tsquery('simple', quote_literal(t.lexeme)) AS q,
                   least(coalesce(cm.freq, meta.freqs[cardinality(meta.elems) + 1] / 2, (
                       SELECT count(*) FROM (
                           SELECT 1 FROM memories AS m
                           WHERE m.user_id = p_user AND p_user = current_setting('cognicore.user_id', true)
                             AND m.tsv @@ to_tsquery('simple', quote_literal(t.lexeme))
                           LIMIT {COUNT_CAP}
                       ) AS c
                   ) / n.n_rows), 1)::float8 AS freq
        ) AS x
    ),
    probe AS (
        SELECT to_tsquery('simple', string_agg(o.q::text, ' | ')) AS q
        FROM (
            SELECT w.q, coalesce(sum(w.est_rows) OVER (ORDER BY w.freq, w.q::text
                                 ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
            FROM weighted AS w
        ) AS o
        WHERE o.before < {PROBE_ROWS}
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

TEXT_HITS_BM25 = (
    "DROP FUNCTION memory_text_hits(text, tsquery, int, int, text[], text, timestamptz, timestamptz, text);"
    + _TEXT_HITS_BM25
)
"""Migration 9: the first keyword function replaced by this one."""
TEXT_HITS_BM25_AGAIN = _TEXT_HITS_BM25
"""Migration 10: the same function re-created in place, for databases that applied a draft of migration 9
(which read `pg_statistic`, readable only by superusers)."""


def _revised(text: str, changes: dict[str, str]) -> str:
    """`text` with each of `changes` applied exactly once (a change that no longer applies is a bug)."""
    for old, new in changes.items():
        if text.count(old) != 1:
            raise AssertionError(f"memory_text_hits revision does not apply: {old!r}")
        text = text.replace(old, new)
    return text


# Migration 11, measured at 100k memories (bench/memory.py data, 1GB shared_buffers, load average 5-6 on 2
# cores, variants interleaved over 200 queries, one connection): the keyword call re-planned on every call
# 16.1 ms p50 / 32.9 ms p95, with one generic plan 7.2 / 16.2; with the rare-word fix too 16.2 / 28.4
# against 22.2 / 33.4 for the old function, which returned no candidate at all for 43 of the 200 queries.
# Planning the generic plan costs about 150-250 ms per connection (it covers the 32 partitions): warm pools
# pay it once, a pool that runs `DISCARD ALL` after every use would pay it on every search, and an ANALYZE of
# any partition (autovacuum's too) invalidates it: with one ANALYZE every 10 searches, 17.5 ms p50 / 43.7 ms
# p95 / 268 ms max against 25.1 / 50.8 / 66 for per-call planning with the statistics read by a helper
# function whose plan is kept (that variant was no faster than the old function, so it was dropped).
# - A generic plan: the body no longer benefits from per-call planning (the probe query is computed at
#   run time, so the planner cannot weigh the words anyway; the partition is pruned at executor start-up),
#   and planning it, the `pg_stats` view above all, was half of the call.
# - A word missing from the statistics' common elements was estimated at half the rarest listed frequency:
#   in a partition of 5,000 rows with a small vocabulary that is about 200 rows, so a rare word (a ticket
#   number) that matched nothing used up the whole probe and the keyword stage returned no candidate at
#   all. Such words are rare by definition: they are now counted through the GIN index (bounded).
# - Scores are rounded before ranking, so equal scores (summed in another order by another plan) always
#   fall to the newer memory.
TEXT_HITS_BM25_GENERIC = _revised(
    _TEXT_HITS_BM25,
    {
        "SET plan_cache_mode = force_custom_plan": "SET plan_cache_mode = force_generic_plan",
        "least(coalesce(cm.freq, meta.freqs[cardinality(meta.elems) + 1] / 2, (": "least(coalesce(cm.freq, (",
        "SELECT x.id, sum(w.idf * 2.2 / (1 + 1.2 * (0.25 + 0.75 * x.len / greatest(x.avg_len, 1)))) AS score": (
            "SELECT x.id,\n"
            "               round(sum(w.idf * 2.2 / (1 + 1.2 * (0.25 + 0.75 * x.len / greatest(x.avg_len, 1))))"
            "::numeric, 9)::float8\n"
            "                 AS score"
        ),
    },
)
"""Migration 11: the keyword function with one generic plan, rare words counted, ties broken stably."""

# The migration after that: the statistics read through indexes. In the generic plan the `pg_stats` join on
# names hashed the whole of `pg_attribute` (every column of every table, filtered on the name `tsv`) and
# `pg_statistic` on every call: 3.6 of 5.7 ms of the body at 100k memories (EXPLAIN ANALYZE of the prepared
# body, load average 8). As a LATERAL subquery behind `OFFSET 0` (a fence, so the planner cannot flatten it
# back into the join) the view is read per partition by its name: pg_class by relname, pg_attribute by
# (attrelid, attname), pg_statistic by its key, 0.16 ms. The function as `cognicore_app`, old and new
# interleaved on the same connection, 300 bench/memory.py queries each, twice (load average 6-8): p50 8.05
# -> 5.01 ms and 10.37 -> 7.12 ms, p95 16.0 -> 12.7 and 19.9 -> 16.2 ms, the same ranked ids for all 600.
# The cost grows no more with the number of tables in the database.
TEXT_HITS_BM25_INDEXED_STATS = _revised(
    TEXT_HITS_BM25_GENERIC,
    {
        "LEFT JOIN pg_stats AS s ON s.schemaname = ns.nspname AND s.tablename = c.relname AND s.attname = 'tsv'": (
            "LEFT JOIN LATERAL (\n"
            "            SELECT st.most_common_elems, st.most_common_elem_freqs FROM pg_stats AS st\n"
            "            WHERE st.schemaname = ns.nspname AND st.tablename = c.relname AND st.attname = 'tsv'\n"
            "            OFFSET 0\n"
            "        ) AS s ON true"
        ),
    },
)
"""The keyword function with its statistics looked up through the catalog's indexes (same results)."""

# The migration after that: pairs of words select candidates too. At a million memories (50,000 per user of
# bench/memory.py's data) even the rarest query word matched 1,500-5,000 of a user's rows: the probe read every
# one of them from the heap, then kept the newest `MATCH_CAP`, so the pool depended on recency (issue 12.1) and
# the keyword stage cost 36 ms of a 58 ms search. Now the probe's units are the query's words AND its pairs of
# words (`a & b`, estimated at N * f(a) * f(b), words taken as independent), taken in order of estimated rows
# (that is, of the idf a candidate is sure to score: -ln f(a) - ln f(b) for a pair) until the estimate reaches
# `PROBE_ROWS`. A rare word (a ticket number) still selects alone and first; where every word is common, the
# memories that hold two of the rarest words are the pool, which the GIN index intersects without reading the
# heap. In small partitions pairs estimate below a row and the words are taken as before.
# - Words near each other in the query (within `PHRASE_SPAN` positions: "smart bulb", "firmware update") are
#   taken as a phrase, a pair as frequent as its rarer word: with independence such pairs were estimated at a
#   tenth of their matches and the pool overran `MATCH_CAP` for 102 of 150 bench queries (0 of 150 now).
# - A unit that would push the estimate past `MATCH_CAP` is skipped, unless the pool so far is estimated below
#   the candidates asked for (`p_limit`); the units within the cap ("sure") come first in the pool, so a cut by
#   recency only ever trims the filler of that last unit, never a rare word's or a pair's matches.
# Measured on the kept bench databases (2 cores, load average 4-5; old and new function interleaved per query
# on one connection, 300 queries at 1M, 200 at 100k): keyword call at 1M p50 27.1 -> 6.4 ms, p95 51.2 -> 15.1
# ms; at 100k 3.9 -> 3.4 / 9.1 -> 9.2 ms. Top 10 in common with BM25 over ALL of the words' matches: at 1M
# 0.317 -> 0.676, at 100k 0.894 -> 0.954. bench/recall.py: identical figures (stream R@10 0.962).
PHRASE_SPAN = 2
"""Query words this close (positions in the query) are taken as a phrase, not as independent words."""

TEXT_HITS_BM25_PAIRS = _revised(
    TEXT_HITS_BM25_INDEXED_STATS,
    {
        "            SELECT w.q, coalesce(sum(w.est_rows) OVER (ORDER BY w.freq, w.q::text\n"
        "                                 ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before\n"
        "            FROM weighted AS w\n": (
            "            SELECT u.q, u.est_rows, coalesce(sum(u.est_rows) OVER (ORDER BY u.est_rows, u.q\n"
            "                                 ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before\n"
            "            FROM (\n"
            "                SELECT w.q::text AS q, w.est_rows FROM weighted AS w\n"
            "                UNION ALL\n"
            "                SELECT '(' || a.q::text || ' & ' || b.q::text || ')',\n"
            "                       CASE WHEN EXISTS (  -- near in the query: a phrase, as frequent as its rarer word\n"
            "                           SELECT 1 FROM unnest(a.positions) AS pa, unnest(b.positions) AS pb\n"
            f"                           WHERE abs(pa - pb) <= {PHRASE_SPAN}\n"
            "                       ) THEN least(a.est_rows, b.est_rows) ELSE a.est_rows * b.freq END\n"
            "                FROM weighted AS a JOIN weighted AS b ON a.q::text < b.q::text\n"
            "                WHERE a.freq > 0 AND b.freq > 0  -- a word no memory holds pairs with nothing\n"
            "            ) AS u\n"
        ),
        "        SELECT DISTINCT t.lexeme\n        FROM unnest(tsvector_to_array(to_tsvector('english', "
        "array_to_string(p_terms, ' ')))) AS t(lexeme)\n": (
            "        SELECT t.lexeme, t.positions\n"
            "        FROM unnest(to_tsvector('english', array_to_string(p_terms, ' '))) AS t\n"
        ),
        "SELECT x.q, x.freq, x.freq * n.n_rows AS est_rows,": (
            "SELECT x.q, x.freq, t.positions, x.freq * n.n_rows AS est_rows,"
        ),
        "SELECT to_tsquery('simple', string_agg(o.q::text, ' | ')) AS q": (
            "SELECT to_tsquery('simple', string_agg(o.q, ' | ')) AS q,\n"
            "               to_tsquery('simple', string_agg(o.q, ' | ')"
            f" FILTER (WHERE o.before + o.est_rows <= {MATCH_CAP})) AS sure"
        ),
        "        ORDER BY m.id DESC\n": "        ORDER BY coalesce(m.tsv @@ probe.sure, false) DESC, m.id DESC\n",
        f"WHERE o.before < {PROBE_ROWS}": (
            f"WHERE o.before < {PROBE_ROWS} AND (o.before < p_limit OR o.before + o.est_rows <= {MATCH_CAP})"
        ),
    },
)
"""The keyword function whose probe selects by pairs of common words too (a pool that does not depend on recency)."""

# The migration after that: the GIN index holds each row's user as one more term, so the keyword stage reads only
# the user's matches. A partition holds several users (the hash of 20 users over 32 partitions already puts two or
# three in some; thousands of users put many in each), and `tsv @@ q` matched every user's rows there: each match
# was fetched from the heap (the row, about 2 KB) only to be dropped by the user filter. At 100k memories, a
# partition of two users: 97 heap blocks read for 46 rows kept (EXPLAIN ANALYZE of the body). The index expression
# is `tsv` plus the term `u<md5 of user_id>` (hex, so no parser or configuration can change it); the query asks for
# the probe AND that term, and GIN intersects the two posting lists before any heap access. The same rows come out:
# the user filter stays, it no longer discards anything. The term counts of rare words go through it too.
USER_TERMS = "(tsv || array_to_tsvector(ARRAY['u' || md5(user_id)]))"
"""The indexed expression: a memory's lexemes and its user's term (`memory._stream_sql.USER_TSV_INDEX`)."""
_USER_TERM = "('u' || md5(p_user))::tsquery"

TEXT_HITS_BM25_USER_TERMS = _revised(
    TEXT_HITS_BM25_PAIRS,
    {
        "          AND m.tsv @@ probe.q\n": (
            f"          AND (m.tsv || array_to_tsvector(ARRAY['u' || md5(m.user_id)])) @@ (probe.q && {_USER_TERM})\n"
        ),
        "AND m.tsv @@ to_tsquery('simple', quote_literal(t.lexeme))": (
            "AND (m.tsv || array_to_tsvector(ARRAY['u' || md5(m.user_id)]))\n"
            f"                                 @@ (to_tsquery('simple', quote_literal(t.lexeme)) && {_USER_TERM})"
        ),
    },
)
"""The keyword function whose index scans read only the user's matches (same rows, fewer heap blocks)."""

# The migration after that: each subquery computed once. The planner flattened the `x` LATERAL into `weighted` and
# so copied its count of a rare word into every expression that reads `freq` (the frequency, the row estimate, the
# idf): a word missing from the statistics was counted through the GIN index four to five times per call, and the
# fallback `counted` (a partition never analysed) became six init plans. Every copy is also a plan node that
# executor start-up initialises and prunes to the user's partition (its 32-partition Append) on every call, used
# or not: 11 subplans before, 3 now. `OFFSET 0` keeps `x` a subquery evaluated once per term, `MATERIALIZED` keeps
# `counted` one. Same rows, ranks and scores: the same expressions, evaluated once. At 100k memories (bench/memory.py
# data, `memory_text_hits` as `cognicore_app`, old and new interleaved per query on one connection, 300 queries,
# CPU time of the server process per call read from /proc/<pid>/schedstat, which waiting for a loaded machine's
# cores does not inflate): p50 1.957 -> 1.789 ms, p95 2.602 -> 2.383 ms (0.91x), the same ranked ids and scores for
# 300 of 300.
TEXT_HITS_BM25_ONCE = _revised(
    TEXT_HITS_BM25_USER_TERMS,
    {
        "    counted AS (": "    counted AS MATERIALIZED (",
        "                   ) / n.n_rows), 1)::float8 AS freq\n        ) AS x\n": (
            "                   ) / n.n_rows), 1)::float8 AS freq\n"
            "            OFFSET 0  -- one count per term: flattened, each use of `freq` ran its own\n"
            "        ) AS x\n"
        ),
    },
)
"""The keyword function whose subqueries run once per call and per term (same results, fewer plan nodes)."""
