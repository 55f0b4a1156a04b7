"""Schema and statements of the memory lifecycle (`memory.lifecycle`): strength, decay, archive, impact, tasks.

Every time is a bound parameter computed from `cognicore.memory.clock`, never `now()`, so a test or the
benchmark can move time. Each stage is one set-based statement over one user's rows (pruned to the user's
partition), under row-level security like every other memory statement.
"""

from __future__ import annotations

from cognicore.memory.tenancy import rls_migration

# Adding columns with constant defaults rewrites nothing. Per-perspective strength and learnings are jsonb on
# the row (seed 002, 3.2): they live and die with the memory and stay under its row-level security.
LIFECYCLE_MIGRATION = (
    """
ALTER TABLE memories
    ADD COLUMN consolidation_level smallint NOT NULL DEFAULT 0 CHECK (consolidation_level >= 0),
    ADD COLUMN impact_score real NOT NULL DEFAULT 0,
    ADD COLUMN strength_by_perspective jsonb NOT NULL DEFAULT '{}',
    ADD COLUMN learnings jsonb NOT NULL DEFAULT '{}',
    ADD COLUMN source text NOT NULL DEFAULT 'task' CHECK (source IN ('task', 'education', 'manual')),
    ADD COLUMN updated_at timestamptz,
    ADD COLUMN last_decay_at timestamptz,
    ADD COLUMN archived_at timestamptz;
CREATE TABLE memory_tasks (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id text NOT NULL,
    run_id text,
    path text NOT NULL CHECK (path IN ('answer', 'plan', 'step', 'reuse', 'search')),
    perspective text,
    candidate_ids bigint[] NOT NULL DEFAULT '{}',
    used_ids bigint[] NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL
);
CREATE INDEX memory_tasks_user_idx ON memory_tasks (user_id, created_at);
CREATE INDEX memory_tasks_run_idx ON memory_tasks (user_id, run_id);
CREATE TABLE memory_feedback (
    user_id text NOT NULL,
    run_id text NOT NULL,
    impact real NOT NULL,
    note text,
    memory_ids bigint[] NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL,
    PRIMARY KEY (user_id, run_id)
);
-- The all-users sleep phase lists the users that have memories. SECURITY DEFINER: the owner (a superuser
-- or BYPASSRLS role, as for memory_text_hits) sees every row; an owner bound by the policy sees none.
CREATE FUNCTION memory_user_ids() RETURNS SETOF text
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
BEGIN ATOMIC
    SELECT DISTINCT m.user_id FROM memories AS m ORDER BY 1;
END;
REVOKE ALL ON FUNCTION memory_user_ids() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION memory_user_ids() TO cognicore_app;
"""
    + rls_migration("memory_tasks")
    + rls_migration("memory_feedback")
)

USER_IDS = "SELECT memory_user_ids() AS user_id"

# Every writer of a user's memory counters and strengths (sleep phase, reinforcement, impact, the batched
# candidate counts) first takes this per-user transaction lock: their row locks then never interleave, so
# they cannot deadlock (the sleep phase's set-based updates lock rows in no particular order).
LOCK_USER_MEMORIES = "SELECT pg_advisory_xact_lock(hashtext('cognicore.memories'), hashtext(%(user_id)s))"

# Promotion only: a level once reached is kept (seed 002, 4.2: levels follow access_count, which never falls).
PROMOTE = """
WITH moved AS (
    UPDATE memories AS m
    SET consolidation_level = lv.level, updated_at = %(now)s
    FROM (
        SELECT id, (SELECT count(*)::int - 1 FROM unnest(%(thresholds)s::int[]) AS t(v) WHERE access_count >= t.v)
            AS level
        FROM memories
        WHERE user_id = %(user_id)s AND status = 'active'
    ) AS lv
    WHERE m.user_id = %(user_id)s AND m.id = lv.id AND lv.level > m.consolidation_level
    RETURNING 1
)
SELECT count(*)::int AS n FROM moved"""

# Decay by the time since the last decay, at the level's daily rate: after every task (the seed's per-task
# rate when tasks come at the expected pace) and on a schedule, without ever decaying one interval twice.
# Rows decayed less than `decay_interval_hours` ago wait for a later phase: each pass rewrites every row it
# decays, so it is batched (time is never lost, only the moment a fall below the threshold is noticed).
# A memory's lifecycle starts when it is stored (`last_decay_at` set by the insert), whatever its own date;
# one stored before the lifecycle existed (no `last_decay_at`) starts at its first sleep phase, undecayed.
DECAY = """
WITH factors AS (
    SELECT id, coalesce(power(
        (%(targets)s::float8[])[least(consolidation_level, %(max_level)s) + 1],
        extract(epoch FROM %(now)s::timestamptz - last_decay_at)::float8 / 86400
    ), 1) AS f
    FROM memories
    WHERE user_id = %(user_id)s AND status = 'active' AND (last_decay_at IS NULL OR last_decay_at <= %(decay_before)s)
),
decayed AS (
    UPDATE memories AS m
    SET strength = m.strength * factors.f,
        strength_by_perspective = CASE WHEN m.strength_by_perspective = '{}' THEN m.strength_by_perspective ELSE
            (SELECT jsonb_object_agg(p.key, (p.value #>> '{}')::float8 * factors.f)
             FROM jsonb_each(m.strength_by_perspective) AS p) END,
        last_decay_at = %(now)s
    FROM factors
    WHERE m.user_id = %(user_id)s AND m.id = factors.id
    RETURNING 1
)
SELECT count(*)::int AS n FROM decayed"""

ARCHIVE_WEAK = """
WITH archived AS (
    UPDATE memories SET status = 'archived', archived_at = %(now)s, updated_at = %(now)s
    WHERE user_id = %(user_id)s AND status = 'active' AND strength < %(threshold)s
    RETURNING 1
)
SELECT count(*)::int AS n FROM archived"""

# The weakest beyond the capacity go (ties: the oldest first).
ARCHIVE_OVER_CAPACITY = """
WITH ranked AS (
    SELECT id, row_number() OVER (ORDER BY strength DESC, id DESC) AS rn
    FROM memories WHERE user_id = %(user_id)s AND status = 'active'
),
archived AS (
    UPDATE memories AS m SET status = 'archived', archived_at = %(now)s, updated_at = %(now)s
    FROM ranked
    WHERE m.user_id = %(user_id)s AND m.id = ranked.id AND ranked.rn > %(capacity)s
    RETURNING 1
)
SELECT count(*)::int AS n FROM archived"""

# Second stage of reinforcement. An archived memory found and used again comes back at the reactivation
# strength; an active one gains the increment. Each perspective it was used from gains its own increment,
# starting from the memory's overall strength when that perspective had none yet.
REINFORCE = """
WITH locked AS (
    SELECT id FROM memories WHERE user_id = %(user_id)s AND id = ANY(%(ids)s) ORDER BY id FOR UPDATE
)
UPDATE memories AS m
SET access_count = m.access_count + 1,
    strength = CASE WHEN m.status = 'archived' THEN %(reactivation)s ELSE m.strength + %(gain)s END,
    strength_by_perspective = m.strength_by_perspective || coalesce((
        SELECT jsonb_object_agg(p.name, CASE WHEN m.status = 'archived' THEN %(reactivation)s::float8
                 ELSE coalesce((m.strength_by_perspective ->> p.name)::float8, m.strength) END
            + %(perspective_gain)s::float8)
        FROM unnest(%(perspectives)s::text[]) AS p(name)), '{}'),
    -- Time in the archive does not decay: a reactivated memory decays from its reactivation on.
    last_decay_at = CASE WHEN m.status = 'archived' THEN %(now)s ELSE m.last_decay_at END,
    status = 'active', archived_at = NULL, last_accessed_at = %(now)s, updated_at = %(now)s
FROM locked WHERE m.user_id = %(user_id)s AND m.id = locked.id
RETURNING m.id"""

LEARN = """
UPDATE memories SET learnings = jsonb_set(learnings, ARRAY[%(perspective)s::text], to_jsonb(%(text)s::text)),
    updated_at = %(now)s
WHERE user_id = %(user_id)s AND id = %(id)s
RETURNING id"""

ADD_IMPACT = """
UPDATE memories
SET impact_score = impact_score + %(impact)s,
    strength = greatest(strength + %(impact)s * %(ratio)s, 0),
    updated_at = %(now)s
WHERE user_id = %(user_id)s AND id = ANY(%(ids)s)
RETURNING id"""

RECORD_TASK = """
INSERT INTO memory_tasks (user_id, run_id, path, perspective, candidate_ids, used_ids, created_at)
VALUES (%(user_id)s, %(run_id)s, %(path)s, %(perspective)s, %(candidate_ids)s, %(used_ids)s, %(now)s)"""

RUN_MEMORIES = """
SELECT coalesce(array_agg(DISTINCT u.id ORDER BY u.id), '{}') AS ids
FROM memory_tasks AS t, unnest(t.used_ids) AS u(id)
WHERE t.user_id = %(user_id)s AND t.run_id = %(run_id)s"""

# One verdict per run: a second one replaces the first, and only the difference reaches the memories.
UPSERT_FEEDBACK = """
WITH old AS (
    SELECT impact FROM memory_feedback WHERE user_id = %(user_id)s AND run_id = %(run_id)s
),
up AS (
    INSERT INTO memory_feedback (user_id, run_id, impact, note, memory_ids, created_at)
    VALUES (%(user_id)s, %(run_id)s, %(impact)s, %(note)s, %(ids)s, %(now)s)
    ON CONFLICT (user_id, run_id) DO UPDATE
        SET impact = EXCLUDED.impact, note = EXCLUDED.note, memory_ids = EXCLUDED.memory_ids,
            created_at = EXCLUDED.created_at
    RETURNING impact
)
SELECT (SELECT impact FROM up) - coalesce((SELECT impact FROM old), 0) AS delta"""

# The failure lessons (reflexion thoughts) a planner was shown, by their text; newest first on a duplicate.
LESSON_IDS = """
SELECT DISTINCT ON (content) id FROM memories
WHERE user_id = %(user_id)s AND kind = 'thought' AND content = ANY(%(contents)s)
  AND metadata @> '{"reflexion": true}'
ORDER BY content, id DESC"""
