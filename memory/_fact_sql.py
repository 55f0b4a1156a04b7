"""The SQL statements of `memory.facts.FactStore`, as constants beside their store.

Row-level security limits every statement to the transaction's user; values are always bound parameters.
"""

from __future__ import annotations

from psycopg import sql

from cognicore.memory.retrieval import hybrid_ctes

REEMBED_PAGE = "SELECT id, statement FROM facts WHERE id > %(after)s ORDER BY id LIMIT %(limit)s"
REEMBED_UPDATE = "UPDATE facts SET embedding = %s WHERE id = %s"
_COLUMNS = """f.id, f.subject, f.predicate, f.object, f.kind, f.confidence, f.category, f.statement, f.reason,
    f.status, f.valid_from, f.valid_to, f.supersedes, f.superseded_by, f.sources[1] AS source_turn, f.sources,
    f.times_stated, f.created_at, f.updated_at"""
LOCK_USER = "SELECT pg_advisory_xact_lock(hashtext(%s))"
SELECT_RELATED = f"""
SELECT {_COLUMNS}, f.subject_key, f.predicate_key, f.object_key, f.exclusive, f.sources,
       (f.embedding <=> %(vector)s)::float8 AS distance
FROM facts AS f
WHERE f.user_id = %(user_id)s AND f.status = 'active'
  AND (f.subject_key = %(subject_key)s OR f.object_key = %(contradicts_key)s
       OR f.subject_key = %(contradicts_key)s OR lower(f.statement) = %(contradicts_text)s)
ORDER BY f.id
FOR UPDATE"""
NEAREST_TO = f"""
SELECT {_COLUMNS}, f.subject_key, f.predicate_key, f.object_key, f.exclusive, f.sources,
       (f.embedding <=> %(vector)s)::float8 AS distance
FROM facts AS f
WHERE f.user_id = %(user_id)s AND f.status = 'active'
ORDER BY f.embedding <=> %(vector)s, f.id
LIMIT 1
FOR UPDATE"""
INSERT_FACT = """
INSERT INTO facts (user_id, subject, predicate, object, subject_key, predicate_key, object_key, kind,
                   exclusive, confidence, category, statement, reason, embedding, supersedes, sources, valid_from)
VALUES (%(user_id)s, %(subject)s, %(predicate)s, %(object)s, %(subject_key)s, %(predicate_key)s,
        %(object_key)s, %(kind)s, %(exclusive)s, %(confidence)s, %(category)s, %(statement)s, %(reason)s,
        %(vector)s, %(supersedes)s, %(sources)s::text[], %(now)s)
RETURNING id"""
REINFORCE = """
UPDATE facts SET confidence = 1 - (1 - confidence) * (1 - %(confidence)s::real),
    times_stated = times_stated + 1, exclusive = exclusive OR %(exclusive)s,
    reason = coalesce(reason, %(reason)s), sources = sources || %(sources)s::text[], updated_at = now()
WHERE id = %(id)s"""
SUPERSEDE = """
UPDATE facts SET status = 'superseded', valid_to = %(now)s, superseded_by = %(by)s, updated_at = now()
WHERE id = ANY(%(ids)s) AND status = 'active'"""
INSERT_RELATIONS = """
INSERT INTO fact_relations (user_id, from_id, to_id, relation)
SELECT %(user_id)s, %(from_id)s, to_id, %(relation)s FROM unnest(%(to_ids)s::bigint[]) AS to_id
ON CONFLICT DO NOTHING"""
FIND_STATEMENT = """
SELECT id FROM facts WHERE user_id = %s AND lower(statement) = %s AND status = 'active'
ORDER BY id DESC LIMIT 1"""
SELECT_BY_IDS = f"SELECT {_COLUMNS} FROM facts AS f WHERE f.user_id = %s AND f.id = ANY(%s)"
SELECT_ACTIVE = f"""
SELECT {_COLUMNS} FROM facts AS f
WHERE f.user_id = %(user_id)s AND f.status = 'active'
  AND (%(category)s::text IS NULL OR f.category = %(category)s)
  AND (%(kind)s::text IS NULL OR f.kind = %(kind)s)
ORDER BY f.category, f.confidence DESC, f.updated_at DESC, f.id"""
SELECT_HISTORY = f"""
SELECT {_COLUMNS} FROM facts AS f
WHERE f.user_id = %(user_id)s AND (%(subject_key)s::text IS NULL OR f.subject_key = %(subject_key)s)
ORDER BY f.subject_key, f.predicate_key, f.valid_from, f.id"""
# What was true at a moment: facts valid then, whether still active or superseded since (validity intervals).
SELECT_AS_OF = f"""
SELECT {_COLUMNS} FROM facts AS f
WHERE f.user_id = %(user_id)s AND f.status IN ('active', 'superseded')
  AND f.valid_from <= %(as_of)s AND (f.valid_to IS NULL OR f.valid_to > %(as_of)s)
ORDER BY f.category, f.valid_from, f.id"""
# The turns among %(turns)s that some fact was read from (`sources` lists every turn a fact was stated in). A note
# is a saying kept because it was NOT understood: its turn may hold a change the extractor missed, so it is no read.
READ_TURNS = """
SELECT DISTINCT s AS turn FROM facts AS f, unnest(f.sources) AS s
WHERE f.user_id = %(user_id)s AND f.sources && %(turns)s::text[] AND s = ANY(%(turns)s::text[])
  AND f.predicate <> %(note)s"""
SELECT_RELATIONS = """
SELECT from_id, to_id, relation, created_at FROM fact_relations
WHERE user_id = %(user_id)s AND (from_id = %(id)s OR to_id = %(id)s) ORDER BY created_at, from_id, to_id"""
SET_SEARCH_OPTIONS = """
SELECT set_config('hnsw.ef_search', %s, true), set_config('hnsw.iterative_scan', 'relaxed_order', true)"""
SEARCH = sql.SQL(
    """
WITH {ctes}
SELECT {columns}, fu.score, fu.vector_rank, fu.text_rank
FROM fused AS fu JOIN facts AS f ON f.id = fu.id
ORDER BY fu.score DESC, fu.id
LIMIT %(k)s"""
).format(
    ctes=hybrid_ctes("facts", where=sql.SQL("user_id = %(user_id)s AND status = ANY(%(statuses)s)")),
    columns=sql.SQL(_COLUMNS),
)
CATEGORY_FACTS = """
SELECT category, statement FROM facts
WHERE user_id = %s AND status = 'active' AND category = ANY(%s)
ORDER BY category, confidence DESC, times_stated DESC, updated_at DESC, id"""
ALL_CATEGORY_NAMES = """
SELECT category AS name FROM facts WHERE user_id = %(user_id)s
UNION SELECT name FROM fact_categories WHERE user_id = %(user_id)s"""
UPSERT_CATEGORY = """
INSERT INTO fact_categories (user_id, name, summary, fact_count) VALUES (%s, %s, %s, %s)
ON CONFLICT (user_id, name) DO UPDATE
    SET summary = excluded.summary, fact_count = excluded.fact_count, updated_at = now()"""
DELETE_CATEGORIES = "DELETE FROM fact_categories WHERE user_id = %s AND name = ANY(%s)"
SELECT_CATEGORIES = """
SELECT name, summary, fact_count, updated_at FROM fact_categories WHERE user_id = %s ORDER BY name"""
STATS = """
SELECT 'status' AS dim, status AS key, count(*)::int AS n,
       min(created_at) AS oldest, max(updated_at) AS newest
FROM facts WHERE user_id = %(user_id)s GROUP BY status
UNION ALL SELECT 'kind', kind, count(*)::int, min(created_at), max(updated_at)
FROM facts WHERE user_id = %(user_id)s AND status = 'active' GROUP BY kind
UNION ALL SELECT 'category', category, count(*)::int, min(created_at), max(updated_at)
FROM facts WHERE user_id = %(user_id)s AND status = 'active' GROUP BY category"""
