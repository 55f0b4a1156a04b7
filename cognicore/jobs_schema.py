"""Schema of the background jobs: procrastinate's queue and our maintenance ledger, in their own schema.

Procrastinate (the PostgreSQL job library behind `cognicore worker`) keeps its tables and functions in the
`cognicore_jobs` schema, apart from the application's: `grant_app_role` grants the application role every
table of the main schema, while only the owner (the worker, the CLI, the service's admin pool) needs the
queue, so the application role gets no privilege there at all. Procrastinate's queries name no schema,
so its connections put `cognicore_jobs` first on their `search_path` (`JOBS_SEARCH_PATH`).

The schema is procrastinate's own `schema.sql`, applied once by our migrations (this component). A later
procrastinate release that changes it ships SQL migrations of its own: apply them with a new entry here.
"""

from __future__ import annotations

from procrastinate.schema import SchemaManager

JOBS_SCHEMA = "cognicore_jobs"
JOBS_SEARCH_PATH = f"-c search_path={JOBS_SCHEMA}"
"""libpq `options` for procrastinate's connections: its unqualified names resolve in `cognicore_jobs`."""

# `SET LOCAL` limits the search path to this migration's transaction; `migrate` runs every component in
# one transaction, so the path is put back before the next migration runs.
PROCRASTINATE_SCHEMA = f"""
CREATE SCHEMA IF NOT EXISTS {JOBS_SCHEMA};
SELECT set_config('cognicore.saved_search_path', current_setting('search_path'), true);
SELECT set_config('search_path', '{JOBS_SCHEMA}', true);
{SchemaManager.get_schema()}
SELECT set_config('search_path', current_setting('cognicore.saved_search_path'), true);
"""

# One row per maintenance run: `period` names the slot (e.g. nightly of 2026-11-23) so a job retried after
# a crash resumes the same row, skipping the steps it already finished, and a slot completes once.
MAINTENANCE_LEDGER = f"""
CREATE TABLE {JOBS_SCHEMA}.maintenance_runs (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    job text NOT NULL,
    period text NOT NULL,
    status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
    steps_done text[] NOT NULL DEFAULT '{{}}',
    report jsonb NOT NULL DEFAULT '{{}}',
    attempts int NOT NULL DEFAULT 1,
    error text,
    started_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz,
    UNIQUE (job, period)
);
-- One row per step done (per user for the per-user steps, '' for the others), written in the step's own
-- transaction where it can be: a retried run skips them, so a step never counts twice.
CREATE TABLE {JOBS_SCHEMA}.maintenance_progress (
    run_id bigint NOT NULL REFERENCES {JOBS_SCHEMA}.maintenance_runs (id) ON DELETE CASCADE,
    step text NOT NULL,
    user_id text NOT NULL,
    n int NOT NULL,
    done_at timestamptz NOT NULL,
    PRIMARY KEY (run_id, step, user_id)
);
CREATE INDEX maintenance_progress_step_idx ON {JOBS_SCHEMA}.maintenance_progress (step, user_id, done_at);
"""


# Procrastinate's functions and triggers name their tables unqualified: pinned to their schema, they work from
# any connection (the ledger's and the prune's statements run on the owner's pool, whose path is the default).
PIN_FUNCTIONS = f"""
DO $$
DECLARE f regprocedure;
BEGIN
    FOR f IN SELECT p.oid::regprocedure FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
             WHERE n.nspname = '{JOBS_SCHEMA}' LOOP
        EXECUTE format('ALTER FUNCTION %s SET search_path = {JOBS_SCHEMA}', f);
    END LOOP;
END
$$;
"""

MIGRATIONS: list[str] = [PROCRASTINATE_SCHEMA, MAINTENANCE_LEDGER, PIN_FUNCTIONS]
"""The `jobs` component's migrations (append-only; the position is the version)."""
