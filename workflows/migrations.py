"""Schema of the run records; append-only, the position of a statement is its version."""

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
