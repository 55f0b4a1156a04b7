"""Schema of the run records; append-only, the position of a statement is its version."""

from cognicore.memory.tenancy import rls_migration

MIGRATIONS: list[str] = [
    """
    CREATE TABLE runs (
        id text PRIMARY KEY,
        user_id text NOT NULL,
        session_id text NOT NULL,
        request text NOT NULL,
        intent text,
        status text NOT NULL CHECK (status IN ('running', 'succeeded', 'failed', 'interrupted')),
        engine text NOT NULL,
        plan jsonb,
        steps jsonb NOT NULL DEFAULT '[]',
        answer text,
        result jsonb,
        error text,
        model_calls jsonb NOT NULL DEFAULT '{}',
        timings_ms jsonb NOT NULL DEFAULT '{}',
        thread_id text NOT NULL,
        checkpoint_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
    );
    CREATE INDEX runs_session_idx ON runs (session_id, created_at);
    CREATE INDEX runs_user_idx ON runs (user_id, created_at);
    """,
]

MIGRATIONS += [
    # Procedural memory: learned workflows, each with the requests that triggered it.
    """
    CREATE TABLE workflows (
        id bigserial PRIMARY KEY,
        user_id text NOT NULL,
        name text NOT NULL,
        signature text NOT NULL,
        features text[] NOT NULL DEFAULT '{}',
        template jsonb NOT NULL,
        parameters jsonb NOT NULL DEFAULT '{}',
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'demoted', 'retired')),
        usage_count int NOT NULL DEFAULT 1,
        success_count int NOT NULL DEFAULT 0,
        failure_count int NOT NULL DEFAULT 0,
        recent_outcomes boolean[] NOT NULL DEFAULT '{}',
        source_run_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, signature)
    );
    CREATE TABLE workflow_triggers (
        id bigserial PRIMARY KEY,
        workflow_id bigint NOT NULL REFERENCES workflows(id) ON DELETE CASCADE,
        user_id text NOT NULL,
        text text NOT NULL,
        skeleton text NOT NULL,
        keywords text[] NOT NULL DEFAULT '{}',
        embedding vector(768) NOT NULL,
        tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', skeleton)) STORED,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (workflow_id, text)
    );
    CREATE INDEX workflow_triggers_embedding_idx ON workflow_triggers USING hnsw (embedding vector_cosine_ops);
    CREATE INDEX workflow_triggers_tsv_idx ON workflow_triggers USING gin (tsv);
    CREATE INDEX workflow_triggers_user_idx ON workflow_triggers (user_id);
    """,
    # Every reasoning-role call of a run (role, input, output), for inspection and recorded replay.
    """
    CREATE TABLE run_calls (
        run_id text NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        seq int NOT NULL,
        role text NOT NULL,
        scope text NOT NULL,
        input jsonb NOT NULL,
        output jsonb NOT NULL,
        output_type text NOT NULL,
        ms real NOT NULL,
        PRIMARY KEY (run_id, seq)
    );
    ALTER TABLE runs ADD COLUMN origin text NOT NULL DEFAULT 'ask' CHECK (origin IN ('ask', 'replay', 'fork'));
    ALTER TABLE runs ADD COLUMN parent_run_id text REFERENCES runs(id) ON DELETE SET NULL;
    ALTER TABLE runs ADD COLUMN workflow jsonb;
    """,
]

MIGRATIONS += [
    # Tenancy (issue 8): every row a user owns carries `user_id` and sits under forced row-level security,
    # so a statement acting as one user (`memory.tenancy.user_transaction`) never sees another's rows.
    # Role calls are written as they happen, tagged with the LangGraph task that made them: a resumed
    # run drops the calls of the tasks it runs again, so a crash neither loses nor doubles any.
    """
    ALTER TABLE run_calls ADD COLUMN user_id text;
    UPDATE run_calls c SET user_id = r.user_id FROM runs r WHERE r.id = c.run_id;
    ALTER TABLE run_calls ALTER COLUMN user_id SET NOT NULL;
    ALTER TABLE run_calls ADD COLUMN task_id text;
    CREATE INDEX run_calls_task_idx ON run_calls (run_id, task_id);
    CREATE INDEX runs_thread_idx ON runs (thread_id, created_at);
    """
    + rls_migration("runs")
    + rls_migration("run_calls")
    + rls_migration("workflows")
    + rls_migration("workflow_triggers"),
]

MIGRATIONS += [
    # Honest outcomes (issue 8): a request to change data ends `refused`, neither succeeded nor failed.
    """
    ALTER TABLE runs DROP CONSTRAINT runs_status_check;
    ALTER TABLE runs ADD CONSTRAINT runs_status_check
        CHECK (status IN ('running', 'succeeded', 'failed', 'interrupted', 'refused'));
    """,
]

MIGRATIONS += [
    # Honest uncertainty (issue 9): an offline decision below its confidence bar ends `unsure`.
    """
    ALTER TABLE runs DROP CONSTRAINT runs_status_check;
    ALTER TABLE runs ADD CONSTRAINT runs_status_check
        CHECK (status IN ('running', 'succeeded', 'failed', 'interrupted', 'refused', 'unsure'));
    """,
]

MIGRATIONS += [
    # Two-stage counting on the reuse path too (issue 10 point 3): being a lookup candidate is counted apart from
    # being reused (`usage_count`), in the lookup's own statement.
    "ALTER TABLE workflows ADD COLUMN candidate_count int NOT NULL DEFAULT 0",
]
