"""Settings read from the environment (and an optional `.env`): the only place cognicore reads them."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import platformdirs
from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from cognicore.memory.lifecycle_config import LifecycleConfig


def _default_data_dir() -> Path:
    return Path(platformdirs.user_data_dir("cognicore"))


class Settings(BaseSettings):
    """Every knob of a deployment. Our own variables take the `COGNICORE_` prefix."""

    model_config = SettingsConfigDict(
        env_prefix="COGNICORE_", env_file=".env", extra="ignore", env_nested_delimiter="__"
    )

    database_url: SecretStr | None = Field(
        default=None,
        validation_alias=AliasChoices("DATABASE_URL", "COGNICORE_DATABASE_URL"),
        description="PostgreSQL URL. Unset: an embedded PostgreSQL is started in `data_dir`.",
    )
    app_database_url: SecretStr | None = Field(
        default=None,
        description="URL that logs in as the application role `cognicore_app` (row-level security binds it). "
        "Unset: DATABASE_URL's server as `cognicore_app`, without a password (the embedded server trusts its "
        "local socket). DATABASE_URL itself is the owner: migrations and seeding only.",
    )
    sql_database_url: SecretStr | None = Field(
        default=None,
        description="URL that logs in as the least-privilege role running model-written SQL (database_query). "
        "Unset: DATABASE_URL's server as `cognicore_sql_reader`, without a password (the embedded server trusts "
        "its local socket).",
    )
    google_api_key: SecretStr | None = Field(
        default=None,
        validation_alias=AliasChoices("GOOGLE_API_KEY", "COGNICORE_GOOGLE_API_KEY"),
        description="Gemini API key. Unset: the deterministic offline engine answers.",
    )
    chat_model: str = Field(
        "gemini-2.5-flash",
        description="Chat model as `provider:model` for LangChain's init_chat_model (e.g. `openai:gpt-4o-mini`, "
        "`ollama:llama3.1`); a bare name is a Gemini model, used only with a Google key.",
    )
    model_base_url: str | None = Field(
        None, description="Endpoint of a non-Gemini chat model, e.g. an OpenAI-compatible local server's `/v1`."
    )
    model_api_key: SecretStr | None = Field(
        None, description="API key of a non-Gemini chat model (default: the provider's own variable)."
    )
    embedding_model: str = Field(
        "models/gemini-embedding-001",
        description="Embedding model as `provider:model` (cognicore/embedders.py): `offline`, a bare Gemini model "
        "(used with a Google key, else offline), `huggingface:<name or local path>` (extra `cognicore[local]`), or "
        "any provider of LangChain's init_embeddings (`openai:text-embedding-3-small`). A change needs "
        "`cognicore reembed`.",
    )
    embedding_dims: int | None = Field(
        None, gt=0, le=4000, description="Dimensions asked of the embedding model (Gemini: 768; else the model's)."
    )
    embedding_threads: int | None = Field(
        None,
        ge=1,
        description="CPU threads of a local (`huggingface:`) embedding model; unset: PyTorch's default (every core). "
        "1 suits several processes sharing few cores (README, local embeddings).",
    )
    google_base_url: str | None = Field(
        None, description="Gemini API endpoint (default Google's); a gateway, proxy or local stand-in."
    )
    model_timeout_s: float = Field(60.0, gt=0, description="Timeout of one model call.")
    model_retries: int = Field(1, ge=0, le=5, description="Retries when a model returns unusable output.")
    model_max_tokens: int | None = Field(
        None, gt=0, description="Cap on each model reply's tokens (unset: the provider's default)."
    )

    data_dir: Path = Field(default_factory=_default_data_dir, description="Embedded database and outputs.")
    output_dir: Path | None = Field(None, description="Where reports go (default: DATA_DIR/reports).")

    max_input_tokens: int = Field(32_000, gt=0, description="Largest user input accepted.")
    max_context_tokens: int = Field(64_000, gt=0, description="Largest context sent to a model.")
    history_tokens: int = Field(4_000, gt=0, description="Budget for recalled conversation turns.")
    memory_tokens: int = Field(
        2_000, gt=0, description="Budget for recalled long-term memory (summaries, facts, episodes)."
    )
    # Defaults tuned on bench/recall.py (README "Memory retrieval"): relevance decides, the rest breaks near-ties.
    memory_alpha: float = Field(0.05, ge=0, description="Weight of recency in memory scoring.")
    memory_beta: float = Field(0.05, ge=0, description="Weight of importance in memory scoring.")
    memory_gamma: float = Field(1.0, ge=0, description="Weight of relevance in memory scoring.")
    memory_delta: float = Field(0.05, ge=0, description="Weight of strength (use) in memory scoring.")
    memory_decay: float = Field(0.999, gt=0, le=1, description="Recency multiplier per hour.")
    memory_min_similarity: float = Field(0.1, ge=-1, le=1, description="Cosine floor of memory search.")
    memory_lifecycle: LifecycleConfig = Field(
        default_factory=LifecycleConfig,
        description="Strength, decay, archive, impact, capacity, usage detection and perspectives of memories "
        "(seed defaults; README 'Memory lifecycle'). JSON in COGNICORE_MEMORY_LIFECYCLE, or one field at a time "
        "as COGNICORE_MEMORY_LIFECYCLE__ARCHIVE_THRESHOLD=0.05.",
    )
    memory_sleep_after_task: bool = Field(
        True, description="Run the memory sleep phase (decay, archive, capacity) for the user after each task."
    )
    clock: datetime | None = Field(
        None,
        description="Start the deployment clock at this date or time (ISO, UTC when no zone) instead of now; "
        "it runs on from there. For tests, benchmarks and replaying history.",
    )
    reflect_threshold: int = Field(100, gt=0, description="Summed importance of new memories that triggers reflection.")
    retrieval_k: int = Field(6, gt=0, le=50, description="Knowledge chunks retrieved per question.")
    max_replans: int = Field(2, ge=0, le=5, description="Re-planning attempts after a failed plan or step.")
    step_timeout_s: float = Field(120.0, gt=0, description="Timeout of one sub-agent step.")
    reuse_threshold: float | None = Field(
        None, ge=-1, le=1, description="Similarity above which a saved workflow is reused (default per engine)."
    )

    agents: dict[str, dict[str, Any]] = Field(
        default_factory=dict,
        description="Each sub-agent's own settings section by agent name (JSON), e.g. "
        '{"database_query": {"schemas": ["sales"]}}; installed plugins supply the defaults.',
    )
    sql_schemas: list[str] | None = Field(
        None, description="Schemas `database_query` may read (default: what the installed plugins declare)."
    )
    sql_timeout_ms: int = Field(5_000, gt=0, description="Statement timeout of `database_query`.")
    sql_row_limit: int = Field(200, gt=0, description="Rows `database_query` returns at most.")

    # Maintenance (cognicore/maintenance.py) and the worker's schedule (`cognicore worker`), cron syntax in UTC.
    jobs_nightly_cron: str = Field("0 3 * * *", description="When the nightly maintenance job runs (cron, UTC).")
    jobs_weekly_cron: str = Field("30 3 * * 0", description="When the weekly maintenance job runs (cron, UTC).")
    jobs_monthly_cron: str = Field("0 4 1 * *", description="When the monthly maintenance job runs (cron, UTC).")
    jobs_prune_cron: str = Field("30 4 * * *", description="When the retention prune job runs (cron, UTC).")
    worker_poll_s: float = Field(5.0, gt=0, description="How often the worker drains the fact-extraction queue.")
    maintenance_half_life_days: float = Field(30.0, gt=0, description="Half-life of a fact's confidence (weekly).")
    maintenance_archive_below: float = Field(0.3, ge=0, le=1, description="Confidence under which old facts archive.")
    maintenance_archive_after_days: float = Field(90.0, ge=0, description="Age after which low facts are archived.")
    maintenance_consolidate_similarity: float = Field(
        0.9, gt=0, le=1, description="Cosine similarity above which old memories are merged (weekly consolidate)."
    )
    maintenance_consolidate_after_days: float = Field(30.0, ge=0, description="Only memories older are merged.")
    prune_archived_memories_days: float = Field(
        365.0, ge=0, description="The prune job deletes archived memories older than this."
    )
    retention_days: float = Field(30.0, ge=0, description="The prune job removes checkpoints and runs older than this.")
    retention_keep_last: int = Field(10, ge=1, description="Checkpoints of each thread the prune job always keeps.")

    pool_min_size: int = Field(1, ge=0)
    pool_max_size: int = Field(10, gt=0)
    memory_prewarm_s: float = Field(
        120.0,
        ge=0,
        description="At API start: seconds the memory prewarm may take in the background (0: off); "
        "see `cognicore memory prewarm`.",
    )

    data_key: SecretStr | None = Field(
        None, description="Base64 of 32 random bytes: the AES-256-GCM key that seals per-user credentials."
    )
    previous_data_keys: list[SecretStr] = Field(
        default_factory=list, description="Older data keys still accepted for reading, until `users rotate-data-key`."
    )
    api_max_body_bytes: int = Field(1_000_000, gt=0, description="Largest HTTP request body of the API (JSON).")
    api_max_upload_bytes: int = Field(10_000_000, gt=0, description="Largest knowledge upload request of the API.")
    api_max_concurrent_runs: int | None = Field(
        None, gt=0, description="Runs one API worker executes at once (default pool_max_size // 4); others queue."
    )
    api_admins: list[str] = Field(
        default_factory=list,
        description='API users (JSON list, e.g. ["ops"]) who may trigger and read the deployment\'s maintenance jobs.',
    )

    def agent_sections(self) -> dict[str, dict[str, Any]]:
        """`agents`, with the `database_query` variables set explicitly (COGNICORE_SQL_*) folded in."""
        sections = {name: dict(section) for name, section in self.agents.items()}
        legacy = {"sql_schemas": "schemas", "sql_timeout_ms": "timeout_ms", "sql_row_limit": "row_limit"}
        for field_name, key in legacy.items():
            if field_name in self.model_fields_set and getattr(self, field_name) is not None:
                sections.setdefault("database_query", {})[key] = getattr(self, field_name)
        return sections

    @property
    def reports_dir(self) -> Path:
        """Folder for generated reports and charts."""
        return self.output_dir or self.data_dir / "reports"

    @property
    def online(self) -> bool:
        """True when a Gemini key is configured."""
        return self.google_api_key is not None and bool(self.google_api_key.get_secret_value())
