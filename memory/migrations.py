"""Schema of the memory stores; append-only, the position of a statement is its version."""

from memory.embeddings import EMBEDDING_MODEL_TABLE

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
]
