"""Schema of the memory stores; append-only, the position of a statement is its version."""

from cognicore.memory._keyword_sql import (
    TEXT_HITS_BM25,
    TEXT_HITS_BM25_AGAIN,
    TEXT_HITS_BM25_GENERIC,
    TEXT_HITS_BM25_INDEXED_STATS,
    TEXT_HITS_BM25_ONCE,
    TEXT_HITS_BM25_PAIRS,
    TEXT_HITS_BM25_USER_TERMS,
)
from cognicore.memory._lifecycle_sql import LIFECYCLE_MIGRATION
from cognicore.memory._prewarm_sql import PREWARM_FUNCTION, PREWARM_FUNCTION_CACHE, PREWARM_SEARCH_PATH
from cognicore.memory._search_sql import SEARCH_FUNCTION, SEARCH_FUNCTION_CARRIED, SEARCH_FUNCTION_SETTINGS
from cognicore.memory._stream_sql import (
    GIN_NO_PENDING_LIST,
    MEMORIES_INDEXES,
    MEMORIES_TABLE,
    PARTITION_ROWS_FUNCTION,
    TEXT_HITS_FUNCTION,
    USER_TSV_INDEX,
)
from cognicore.memory.embeddings import EMBEDDING_MODEL_TABLE
from cognicore.memory.tenancy import APP_ROLE, APP_ROLE_MIGRATION, USER_SETTING, rls_migration

MIGRATIONS: list[str] = [
    EMBEDDING_MODEL_TABLE,
    # Knowledge base: documents and their chunks, searched by vector (HNSW) and full text (GIN).
    """
    CREATE TABLE kb_documents (
        id bigserial PRIMARY KEY,
        source text NOT NULL UNIQUE,
        title text NOT NULL,
        content_hash text NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}',
        ingested_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE kb_chunks (
        id bigserial PRIMARY KEY,
        document_id bigint NOT NULL REFERENCES kb_documents(id) ON DELETE CASCADE,
        ord int NOT NULL,
        content text NOT NULL,
        embedding vector(768) NOT NULL,
        tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', content)) STORED,
        UNIQUE (document_id, ord)
    );
    CREATE INDEX kb_chunks_embedding_idx ON kb_chunks USING hnsw (embedding vector_cosine_ops);
    CREATE INDEX kb_chunks_tsv_idx ON kb_chunks USING gin (tsv);
    """,
    # Episodic conversation log: one row per utterance.
    """
    CREATE TABLE conversation_turns (
        id bigserial PRIMARY KEY,
        user_id text NOT NULL,
        session_id text NOT NULL,
        round int NOT NULL,
        speaker text NOT NULL CHECK (speaker IN ('user', 'assistant')),
        content text NOT NULL,
        run_id text,
        created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX conversation_turns_session_idx ON conversation_turns (user_id, session_id, round);
    """,
    # Semantic memory (memory/facts.py): facts with validity and supersession, their relations, and
    # category summaries. The application role is created here too (idempotent), for the grants.
    APP_ROLE_MIGRATION
    + """
    CREATE TABLE facts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id text NOT NULL,
        subject text NOT NULL,
        predicate text NOT NULL,
        object text NOT NULL,
        subject_key text NOT NULL,
        predicate_key text NOT NULL,
        object_key text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('fact', 'decision', 'assumption', 'preference')),
        exclusive boolean NOT NULL DEFAULT false,
        confidence real NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
        category text NOT NULL,
        statement text NOT NULL,
        reason text,
        embedding vector(768) NOT NULL,
        tsv tsvector GENERATED ALWAYS AS
            (to_tsvector('english', statement || ' ' || coalesce(reason, ''))) STORED,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'superseded', 'archived', 'deleted')),
        valid_from timestamptz NOT NULL DEFAULT now(),
        valid_to timestamptz,
        supersedes bigint REFERENCES facts(id),
        superseded_by bigint REFERENCES facts(id),
        sources text[] NOT NULL DEFAULT '{}',
        times_stated int NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
    );
    -- Belt and braces under the per-user lock of `upsert`: one active row per (subject, predicate, object).
    CREATE UNIQUE INDEX facts_active_triple_idx ON facts (user_id, subject_key, predicate_key, object_key)
        WHERE status = 'active';
    CREATE INDEX facts_user_status_idx ON facts (user_id, status, category);
    CREATE INDEX facts_embedding_idx ON facts USING hnsw (embedding vector_cosine_ops);
    CREATE INDEX facts_tsv_idx ON facts USING gin (tsv);
    CREATE TABLE fact_relations (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id text NOT NULL,
        from_id bigint NOT NULL REFERENCES facts(id),
        to_id bigint NOT NULL REFERENCES facts(id),
        relation text NOT NULL CHECK (relation IN ('based_on', 'contradicts', 'supersedes')),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (from_id, to_id, relation)
    );
    CREATE INDEX fact_relations_to_idx ON fact_relations (to_id);
    CREATE TABLE fact_categories (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id text NOT NULL,
        name text NOT NULL,
        summary text NOT NULL,
        fact_count int NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, name)
    );
    """
    + rls_migration("facts")
    + rls_migration("fact_relations")
    + rls_migration("fact_categories"),
    # Durable post-answer work (memory/jobs.py): the per-user queue and the per-user count of unfinished
    # jobs that lets a worker find the users with work (its policy is enabled, not forced; see jobs.py).
    f"""
    CREATE TABLE memory_jobs (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id text NOT NULL,
        kind text NOT NULL,
        payload jsonb NOT NULL DEFAULT '{{}}',
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'failed')),
        attempts int NOT NULL DEFAULT 0,
        max_attempts int NOT NULL DEFAULT 3 CHECK (max_attempts > 0),
        last_error text,
        result jsonb,
        run_after timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX memory_jobs_due_idx ON memory_jobs (user_id, id) WHERE status IN ('pending', 'running');
    CREATE TABLE memory_job_users (
        user_id text PRIMARY KEY,
        unfinished int NOT NULL DEFAULT 0 CHECK (unfinished >= 0),
        updated_at timestamptz NOT NULL DEFAULT now()
    );
    -- Enabled, not forced: the application role sees its own row; the owner (the worker) lists every user.
    ALTER TABLE memory_job_users ENABLE ROW LEVEL SECURITY;
    CREATE POLICY memory_job_users_own_row ON memory_job_users
        USING (user_id = current_setting('{USER_SETTING}', true))
        WITH CHECK (user_id = current_setting('{USER_SETTING}', true));
    GRANT SELECT, INSERT, UPDATE ON memory_job_users TO {APP_ROLE};
    """
    + rls_migration("memory_jobs"),
    # Episodic memory stream (memory/stream.py): the partitioned `memories` table, its indexes, row-level
    # security and the keyword-candidate function; the layout is explained in memory/_stream_sql.py.
    APP_ROLE_MIGRATION + MEMORIES_TABLE + MEMORIES_INDEXES + rls_migration("memories") + TEXT_HITS_FUNCTION,
    # Reflection (memory/reflection.py): per user, the newest memory already reflected on.
    """
    CREATE TABLE reflection_state (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id text NOT NULL UNIQUE,
        last_memory_id bigint NOT NULL DEFAULT 0,
        reflected_at timestamptz NOT NULL DEFAULT now()
    );
    """
    + rls_migration("reflection_state"),
    # The conversation log is a memory of its user too: same row-level security as the other stores.
    APP_ROLE_MIGRATION + rls_migration("conversation_turns"),
    # Memory stream keyword stage: BM25 over all of a user's matches, with a metadata filter
    # (memory/_keyword_sql.py), instead of ts_rank over the newest 200.
    TEXT_HITS_BM25,
    # The same function again, in place: statistics through pg_stats, which the table owner may read.
    TEXT_HITS_BM25_AGAIN,
    # Memory lifecycle (memory/lifecycle.py): consolidation level, impact, per-perspective strength and
    # learnings on each memory; the per-task record of candidates and uses; feedback verdicts per run.
    LIFECYCLE_MIGRATION,
    # Keyword stage again, in place: one generic plan per connection, rare words counted instead of guessed
    # (the guess could leave a search with no keyword candidate), ties broken stably (memory/_keyword_sql.py).
    TEXT_HITS_BM25_GENERIC,
    # Keyword stage again, in place: its statistics looked up through the catalog's indexes instead of a hash
    # of all of pg_attribute on every call (memory/_keyword_sql.py); same results.
    TEXT_HITS_BM25_INDEXED_STATS,
    # Memory stream search as a SQL function with one generic plan per connection instead of a statement
    # planned on every search (memory/_search_sql.py); same rows.
    SEARCH_FUNCTION,
    # Keyword stage again, in place: pairs of common words select the candidates too, so at a million
    # memories the pool is the memories holding two rare words, not the newest 500 holding one
    # (memory/_keyword_sql.py).
    TEXT_HITS_BM25_PAIRS,
    # Keyword stage again, in place: its GIN index holds each row's user as a term, so in a partition shared by
    # several users it reads only the user's matches from the heap (memory/_keyword_sql.py); same rows. The new
    # index replaces memories_tsv_idx, which nothing else used.
    USER_TSV_INDEX + TEXT_HITS_BM25_USER_TERMS + "DROP INDEX memories_tsv_idx;",
    # Prewarm after a start: the memory partitions' pages read into shared buffers by plain SQL, callable by the
    # application role, returning only counts (memory/prewarm.py).
    PREWARM_FUNCTION,
    # The prewarm function's search_path names its schema, the catalog, then pg_temp last (memory/prewarm.py).
    PREWARM_SEARCH_PATH,
    # The row estimate of a user's partition, so that the search's HNSW queue follows the partition's size
    # (memory/_stream_sql.py, search_settings).
    PARTITION_ROWS_FUNCTION,
    # The search again, in place: the vector stage's rows carry the scored columns, so only keyword-only rows are
    # fetched again by primary key (memory/_search_sql.py); same rows.
    SEARCH_FUNCTION_CARRIED,
    # The keyword index without GIN's pending list, which every keyword search read whole (memory/_stream_sql.py).
    GIN_NO_PENDING_LIST,
    # Keyword stage again, in place: each subquery once per call (a rare word was counted four or five times, and
    # every copy was a plan node to start up); same results (memory/_keyword_sql.py).
    TEXT_HITS_BM25_ONCE,
    # The search again, in place: it sets its own vector-scan settings, one statement fewer per search; same rows
    # (memory/_search_sql.py).
    SEARCH_FUNCTION_SETTINGS,
    # The prewarm function again, in place: a 'cache' read puts a partition's or its indexes' files in the operating
    # system's cache (sequential reads of the files) before the buffers are filled; then its search_path again, as
    # a replaced function takes the migration's (memory/_prewarm_sql.py).
    PREWARM_FUNCTION_CACHE + PREWARM_SEARCH_PATH,
]
