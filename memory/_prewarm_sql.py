"""SQL of the memory prewarm (memory/prewarm.py): its SECURITY DEFINER function, as migrations, and its queries."""

from __future__ import annotations

from cognicore.memory._search_sql import _revised
from cognicore.memory.tenancy import APP_ROLE

# Migration. `p_what`: 'index' walks the HNSW graph from the row at heap block `p_from` for up to `p_count`
# rows; 'heap' reads heap blocks [p_from, p_from + p_count); 'keys' reads the primary key (an index-only scan).
# SECURITY DEFINER so the application role can run it without reading the partitions itself: it returns a
# count, never a row, and accepts only partitions of `memories`. `search_path` is the migration's (FROM
# CURRENT), so `memories` names the same table as everywhere else. The settings are transaction-local: a
# call is one autocommit statement.
PREWARM_FUNCTION = f"""
CREATE FUNCTION memory_prewarm(p_partition regclass, p_what text, p_from bigint, p_count bigint)
RETURNS bigint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path FROM CURRENT
AS $body$
DECLARE
    n bigint;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_inherits AS i
                   WHERE i.inhrelid = p_partition AND i.inhparent = 'memories'::regclass) THEN
        RAISE EXCEPTION 'memory_prewarm reads partitions of memories only, not %', p_partition
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    PERFORM set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true);
    IF p_what = 'index' THEN
        PERFORM set_config('hnsw.iterative_scan', 'relaxed_order', true),
                set_config('hnsw.max_scan_tuples', (p_count + 100)::text, true),
                set_config('hnsw.scan_mem_multiplier', '8', true),
                set_config('hnsw.ef_search', '100', true);
        EXECUTE format(
            'SELECT count(*) FROM (SELECT 1 FROM %s ORDER BY embedding <=> '
            '(SELECT embedding FROM %s WHERE ctid >= $1 LIMIT 1) LIMIT $2) AS s', p_partition, p_partition)
            INTO n USING format('(%s,0)', p_from)::tid, p_count;
    ELSIF p_what = 'heap' THEN
        EXECUTE format('SELECT count(*) FROM %s WHERE ctid >= $1 AND ctid < $2', p_partition)
            INTO n USING format('(%s,0)', p_from)::tid, format('(%s,0)', p_from + p_count)::tid;
    ELSIF p_what = 'keys' THEN
        EXECUTE format('SELECT count(*) FROM (SELECT user_id, id FROM %s ORDER BY user_id, id) AS s', p_partition)
            INTO n;
    ELSE
        RAISE EXCEPTION 'memory_prewarm reads ''index'', ''heap'' or ''keys'', not %', p_what
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    RETURN n;
END
$body$;
REVOKE ALL ON FUNCTION memory_prewarm(regclass, text, bigint, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION memory_prewarm(regclass, text, bigint, bigint) TO {APP_ROLE};
"""

# Migration after PREWARM_FUNCTION: `FROM CURRENT` left `pg_temp` implicit, and then it is searched first, so a
# caller's temporary table named `memories` would stand for the real one (only to refuse the call, but still).
# The function's schema, then the catalog, then `pg_temp` last, as PostgreSQL advises for SECURITY DEFINER.
PREWARM_SEARCH_PATH = """
DO $$
BEGIN
    EXECUTE format('ALTER FUNCTION memory_prewarm(regclass, text, bigint, bigint) '
                   'SET search_path = %I, pg_catalog, pg_temp', current_schema());
END
$$;
"""

# Sizes in blocks, from the catalog (readable by any role). Largest partitions first: they serve most rows. A
# partition never analysed (reltuples -1: new, or just bulk loaded) is taken to hold 50 rows a block, more than
# fit: the walk ends with the graph anyway.
PARTITIONS = """
SELECT p.inhrelid::regclass::text AS partition,
       (CASE WHEN c.reltuples < 0 THEN 50 * pg_relation_size(p.inhrelid) / current_setting('block_size')::bigint
             ELSE c.reltuples END)::bigint AS tuples,
       pg_relation_size(p.inhrelid) / current_setting('block_size')::bigint AS heap_blocks,
       coalesce(sum(pg_relation_size(x.indexrelid)) FILTER (WHERE am.amname = 'hnsw'), 0)::bigint
           / current_setting('block_size')::bigint AS index_blocks,
       coalesce(sum(pg_relation_size(x.indexrelid)) FILTER (WHERE x.indisprimary), 0)::bigint
           / current_setting('block_size')::bigint AS key_blocks
FROM pg_inherits AS p
JOIN pg_class AS c ON c.oid = p.inhrelid
LEFT JOIN pg_index AS x ON x.indrelid = p.inhrelid
LEFT JOIN pg_class AS i ON i.oid = x.indexrelid
LEFT JOIN pg_am AS am ON am.oid = i.relam
WHERE p.inhparent = 'memories'::regclass
GROUP BY p.inhrelid, c.reltuples
ORDER BY heap_blocks DESC, partition"""
# Both in blocks (their unit is the block size).
CACHE_SETTINGS = """
SELECT max(setting::bigint) FILTER (WHERE name = 'shared_buffers') AS shared_buffers,
       max(setting::bigint) FILTER (WHERE name = 'effective_cache_size') AS effective_cache_size
FROM pg_settings WHERE name IN ('shared_buffers', 'effective_cache_size')"""
PREWARM = "SELECT memory_prewarm(%s::regclass, %s, %s, %s) AS n"
# Session-level, so held across the prewarm's autocommit statements; released at the end, or by the server when
# the connection closes (a worker killed mid-prewarm never blocks the next start).
TRY_LOCK = "SELECT pg_try_advisory_lock(%s) AS locked"
UNLOCK = "SELECT pg_advisory_unlock(%s)"

# Migration after PREWARM_SEARCH_PATH: the same function with a fourth read, 'cache': blocks [p_from, p_from +
# p_count) of a partition's or one of its indexes' files, read by the server process with `pg_read_binary_file`
# into the operating system's page cache only (shared buffers are not touched). After a cold start of the machine
# the other reads wait on the disk page by page: an HNSW walk reads its graph almost at random, and searches read
# the heap pages of their candidates and the keyword index's pages, which no other read prewarms. Measured on the
# bench/memory.py million (5.9 GB of partitions, OS cache dropped, load 5 on 2 cores): the files read whole in
# 6.2 s (the indexes' 2.1 GB in 2.2 s, the heaps' 3.9 GB in 4.0 s), where the old prewarm read 3.8 GB in 39.5 s.
# Reading server files takes superuser or a GRANT on `pg_read_binary_file` to the function's owner (the role that
# migrates); without it a 'cache' read returns NULL and the prewarm does without (memory/prewarm.py).
# A relation larger than a segment (1 GB) is several files: `path`, `path.1`, ...; a call reads 32 MB at most (a
# bytea holds less than 1 GB).
PREWARM_FUNCTION_CACHE = _revised(
    PREWARM_FUNCTION,
    {
        "CREATE FUNCTION memory_prewarm(": "CREATE OR REPLACE FUNCTION memory_prewarm(",
        "DECLARE\n    n bigint;\nBEGIN\n": """DECLARE
    n bigint;
    block_bytes bigint := current_setting('block_size')::bigint;
    segment_blocks bigint := pg_catalog.pg_size_bytes(current_setting('segment_size')) / block_bytes;
    path text;
    segment bigint;
    b bigint := p_from;
    len bigint;
    got bigint;
BEGIN
""",
        "                   WHERE i.inhrelid = p_partition AND i.inhparent = 'memories'::regclass) THEN\n"
        "        RAISE EXCEPTION 'memory_prewarm reads partitions of memories only, not %', p_partition\n"
        "            USING ERRCODE = 'invalid_parameter_value';\n": """\
                   WHERE i.inhparent = 'memories'::regclass
                     AND (i.inhrelid = p_partition
                          OR p_what = 'cache' AND i.inhrelid = (SELECT x.indrelid FROM pg_catalog.pg_index AS x
                                                                WHERE x.indexrelid = p_partition))) THEN
        RAISE EXCEPTION 'memory_prewarm reads partitions of memories only (to cache, their indexes too), not %',
            p_partition USING ERRCODE = 'invalid_parameter_value';
""",
        "    PERFORM set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true);\n": """\
    IF p_what = 'cache' THEN
        path := pg_catalog.pg_relation_filepath(p_partition);
        BEGIN
            PERFORM pg_catalog.pg_read_binary_file(path, 0, 0, true);
        EXCEPTION WHEN insufficient_privilege THEN
            RETURN NULL;  -- the owner may not read server files: nothing cached
        END;
        n := 0;
        WHILE b < p_from + p_count LOOP
            segment := b / segment_blocks;
            len := least(p_from + p_count, (segment + 1) * segment_blocks, b + 4096) - b;  -- 32 MB a call at most
            got := coalesce(length(pg_catalog.pg_read_binary_file(
                path || CASE WHEN segment > 0 THEN '.' || segment ELSE '' END,
                (b - segment * segment_blocks) * block_bytes, len * block_bytes, true)), 0);
            n := n + got / block_bytes;
            EXIT WHEN got < len * block_bytes;  -- the relation ends here
            b := b + len;
        END LOOP;
        RETURN n;
    END IF;
    PERFORM set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true);
""",
        "'memory_prewarm reads ''index'', ''heap'' or ''keys'', not %'": (
            "'memory_prewarm reads ''cache'', ''index'', ''heap'' or ''keys'', not %'"
        ),
    },
)
"""Migration (with `PREWARM_SEARCH_PATH` again after it: a replaced function takes the migration's path)."""

# Each partition's files and its indexes', in blocks, for the 'cache' reads: the indexes first (every search walks
# a graph and probes the keyword index), then the heaps; largest first within each.
FILES = """
SELECT c.oid::regclass::text AS relation, p.inhrelid::regclass::text AS partition, c.relkind = 'i' AS is_index,
       pg_relation_size(c.oid) / current_setting('block_size')::bigint AS blocks
FROM pg_inherits AS p
JOIN pg_class AS c
  ON c.oid = p.inhrelid OR c.oid IN (SELECT x.indexrelid FROM pg_index AS x WHERE x.indrelid = p.inhrelid)
WHERE p.inhparent = 'memories'::regclass AND pg_relation_size(c.oid) > 0
ORDER BY is_index DESC, blocks DESC, relation"""
# Whether this server lets the prewarm read files ('cache' returns 0 for nothing read, NULL when it may not).
CAN_CACHE = "SELECT memory_prewarm(%s::regclass, 'cache', 0, 0) AS n"
