"""Builds the whole application from settings: database, models, agents, graph, runner."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from langchain_core.language_models import BaseChatModel
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from cognicore.database import migrate, open_pool, start_embedded, startup_lock
from cognicore.memory import clock
from cognicore.memory.conversation import ConversationLog
from cognicore.memory.embeddings import (
    check_embedding_model,
    finish_vector_columns,
    record_embedding_model,
    recorded_dims,
    resize_vector_columns,
)
from cognicore.memory.facts import FactStore
from cognicore.memory.jobs import EXTRACT_TURN, ProcessReport, make_extract_handler, process
from cognicore.memory.knowledge import KnowledgeBase
from cognicore.memory.lifecycle import SleepReport, sleep_phase
from cognicore.memory.prewarm import warm_connection
from cognicore.memory.reflection import reflect_if_due
from cognicore.memory.scoring import Scoring
from cognicore.memory.stream import MemoryStream
from cognicore.memory.tenancy import APP_ROLE
from cognicore.models import Models, Roles, build_agent_roles, build_models, build_roles, role_options
from cognicore.orchestrator.context import Context
from cognicore.orchestrator.graph import build_graph
from cognicore.orchestrator.journal import Memory
from cognicore.orchestrator.memory_use import ORCHESTRATOR, agent_perspectives
from cognicore.orchestrator.recollection import Recollector
from cognicore.orchestrator.runner import Runner
from cognicore.orchestrator.threads import CHECKPOINT_TENANCY
from cognicore.plugins import domain_text, load_plugins, merged_agent_settings, offline_sql_writer, sql_vocabulary
from cognicore.plugins import vocabulary as plugin_vocabulary
from cognicore.roles import grant_app_role, grant_sql_reader, open_app_pool, open_sql_pool, reader_url
from cognicore.schema import COMPONENTS
from cognicore.settings import Settings
from cognicore.subagents.database_query import DatabaseQueryAgent
from cognicore.subagents.offline_sql import SchemaSqlWriter
from cognicore.subagents.rag_query import RagQueryAgent
from cognicore.subagents.registry import AgentFactory, Registry, build_registry
from cognicore.subagents.report_generation import ReportGenerationAgent
from cognicore.subagents.role_names import RoleName
from cognicore.subagents.types import AgentServices, SubAgent
from cognicore.vocabulary import counted_words, data_values, kb_titles, with_synonyms
from cognicore.workflows.recording import recorded
from cognicore.workflows.runs import RunStore
from cognicore.workflows.store import WorkflowStore

# Skeleton-cosine floors for reusing a workflow: the offline embedder scores paraphrases lower than Gemini.
OFFLINE_REUSE_THRESHOLD = 0.35
ONLINE_REUSE_THRESHOLD = 0.75

BUILTIN_AGENTS: list[AgentFactory] = [RagQueryAgent, DatabaseQueryAgent, ReportGenerationAgent]


@dataclass(frozen=True)
class ChatEngine:
    """A runner and roles on one chat model: the roles, sub-agents and run context rebuilt around it."""

    runner: Runner
    roles: Roles
    engine: str


@dataclass(frozen=True)
class App:
    """Everything a command needs, open and ready."""

    settings: Settings
    pool: AsyncConnectionPool
    models: Models
    knowledge: KnowledgeBase
    registry: Registry
    runs: RunStore
    workflows: WorkflowStore
    memory: Memory
    roles: Roles
    runner: Runner
    sql_pool: AsyncConnectionPool | None = None
    """Logged in as the least-privilege reader; `database_query` runs model-written SQL on it."""
    sql_schemas: tuple[str, ...] = ()
    owner_pool: AsyncConnectionPool | None = None
    """Logged in as the owner (DATABASE_URL): migrations and seeding only; `pool` serves everything else."""
    with_chat: Callable[[BaseChatModel, str], ChatEngine] | None = None
    """The same application answered by another chat model (a user's own key): see `ChatEngine`."""
    engines: dict[str, Any] = field(default_factory=dict, compare=False)
    """Per-user `ChatEngine`s built by `with_chat`, cached by the service layer."""

    @property
    def admin_pool(self) -> AsyncConnectionPool:
        """The owner's pool, for DDL such as seeding a schema (the application pool when none is separate)."""
        return self.owner_pool or self.pool


def _reuse_threshold(settings: Settings, chat: BaseChatModel | None) -> float:
    if settings.reuse_threshold is not None:
        return settings.reuse_threshold
    return OFFLINE_REUSE_THRESHOLD if chat is None else ONLINE_REUSE_THRESHOLD


async def database_url(settings: Settings) -> str:
    """DATABASE_URL when set, else the embedded server's URL (started on demand)."""
    if settings.database_url is not None:
        return settings.database_url.get_secret_value()
    return await start_embedded(settings.data_dir)


async def prepare_database(pool: AsyncConnectionPool) -> None:
    """Apply our migrations and the checkpointer's, then grant the application role, one process at a time."""
    async with startup_lock(pool):
        await migrate(pool, COMPONENTS)
        await AsyncPostgresSaver(pool).setup()  # type: ignore[arg-type]
        async with pool.connection() as conn:  # the checkpointer's tables exist only now
            await conn.execute(CHECKPOINT_TENANCY)
        await grant_app_role(pool)


async def open_app_role_pool(
    settings: Settings, owner: AsyncConnectionPool, *, warm: bool = False
) -> AsyncConnectionPool:
    """The pool the application's own statements run on, logged in as `cognicore_app`.

    COGNICORE_APP_DATABASE_URL when set, else the owner's server as `cognicore_app` without a password
    (the embedded server trusts its socket). A superuser or BYPASSRLS login is an `AppRoleError`.
    """
    if settings.app_database_url is not None:
        url = settings.app_database_url.get_secret_value()
    else:
        url = reader_url(str(owner.conninfo), APP_ROLE)
    # `warm` (a long-lived server): each new connection plans the memory search before its first use.
    return await open_app_pool(
        url,
        min_size=settings.pool_min_size,
        max_size=settings.pool_max_size,
        warm=warm_connection if warm else None,
    )


async def open_sql_reader(
    settings: Settings, owner: AsyncConnectionPool, schemas: Sequence[str]
) -> AsyncConnectionPool:
    """The least-privilege pool for model-written SQL, after the owner grants it the allowed schemas.

    COGNICORE_SQL_DATABASE_URL when set, else the owner's server as `cognicore_sql_reader` (no password:
    the embedded server trusts its socket). Failing is a `SqlReaderError`, never a fallback to `owner`.
    """
    async with startup_lock(owner):
        await grant_sql_reader(owner, schemas)
    if settings.sql_database_url is not None:
        url = settings.sql_database_url.get_secret_value()
    else:
        url = reader_url(str(owner.conninfo))  # our pools take a URL string
    return await open_sql_pool(url, schemas)


async def grant_sql_schemas(app: App) -> None:
    """Grant the reader the allowed schemas again, e.g. after `seed_demo` created one during this process."""
    async with startup_lock(app.admin_pool):
        await grant_sql_reader(app.admin_pool, app.sql_schemas)


def apply_clock(settings: Settings) -> None:
    """Start the deployment clock at COGNICORE_CLOCK when it is set (tests, benchmarks); else leave it."""
    if settings.clock is not None:
        clock.start_at(settings.clock)


@asynccontextmanager
async def open_app(
    settings: Settings,
    *,
    extra_agents: Sequence[SubAgent] = (),
    check_embeddings: bool = True,
    warm_connections: bool = False,
    pool: AsyncConnectionPool | None = None,
    chat_model: BaseChatModel | None = None,
) -> AsyncIterator[App]:
    """Open the database, apply migrations, build models, agents and the graph; close everything after.

    `pool` and `chat_model` let tests and embedders supply their own (a fake chat model, an existing pool).
    `warm_connections` (a long-lived server) plans the memory search on each application connection as it opens.
    """
    apply_clock(settings)
    own_pool = pool is None
    sql_pool: AsyncConnectionPool | None = None
    app_pool: AsyncConnectionPool | None = None
    if pool is None:
        url = await database_url(settings)
        pool = await open_pool(url, min_size=1, max_size=3)  # the owner: start-up, migrations, seeding
    owner = pool
    try:
        await prepare_database(owner)
        app_pool = pool = await open_app_role_pool(settings, owner, warm=warm_connections)
        models = build_models(settings)
        if chat_model is not None:
            models = replace(models, chat=chat_model, engine=f"model:{type(chat_model).__name__}")
        if check_embeddings:
            await check_embedding_model(pool, models.embedding_name, models.embedding_dims)
        knowledge = KnowledgeBase(pool, models.embeddings)
        plugins = load_plugins()
        options = role_options(settings)
        agent_settings = merged_agent_settings(plugins, settings.agent_sections())
        synonyms = [g for p in plugins for g in p.synonyms]
        sql_schemas = tuple(agent_settings.get("database_query", {}).get("schemas", []))
        sql_pool = await open_sql_reader(settings, owner, sql_schemas)
        sql_writer = offline_sql_writer(plugins, sql_pool, sql_schemas)
        services = AgentServices(
            wrap_role=recorded,
            pool=pool,
            sql_pool=sql_pool,
            knowledge=knowledge,
            roles=build_agent_roles(
                models.chat,
                options,
                offline_sql_writer=sql_writer,
                synonyms=synonyms,
                wrap=recorded,
            ),
            settings=agent_settings,
            chat_model=models.chat,
            role_options=options,
            retrieval_k=settings.retrieval_k,
        )
        registry = build_registry(services, BUILTIN_AGENTS, extra=extra_agents)
        schemas = agent_settings.get("database_query", {}).get("schemas", [])
        values = await data_values(owner, schemas)  # each with its column, for follow-ups and classification
        entities = [*sorted(set(values) | set(await kb_titles(owner))), *(e for p in plugins for e in p.entities)]
        # The plugins' synonyms of table words count too ("incidents" are the support desk's tickets).
        counted = with_synonyms(await counted_words(owner, schemas), sql_vocabulary(plugins).synonyms)

        def make_roles(chat: BaseChatModel | None, agents: Registry) -> Roles:
            return build_roles(
                chat,
                options,
                agents=[{"name": a.name, "description": a.description, "input_hint": a.input_hint} for a in agents],
                domain=domain_text(plugins),
                entities=entities,
                synonyms=synonyms,
                vocabulary=plugin_vocabulary(plugins),
                counted=counted,
                values=values,
                corpus=knowledge.vocabulary,  # the documents' words, read on first use, shared with retrieval
                # the SQL reader has the last word on a question or an unplanned task it maps (offline only)
                reads_data=sql_writer.reads if isinstance(sql_writer, SchemaSqlWriter) else None,
                wrap=recorded,
            )

        roles = make_roles(models.chat, registry)
        workflows = WorkflowStore(pool, models.embeddings)
        scoring = Scoring(
            alpha=settings.memory_alpha,
            beta=settings.memory_beta,
            gamma=settings.memory_gamma,
            delta=settings.memory_delta,
            decay=settings.memory_decay,
        )
        memory = Memory(
            pool=pool,
            conversations=ConversationLog(pool),
            stream=MemoryStream(
                pool,
                models.embeddings,
                scoring=scoring,
                min_similarity=settings.memory_min_similarity,
                lifecycle=settings.memory_lifecycle,
            ),
            facts=FactStore(pool, models.embeddings),
            importance=roles.importance,
            embeddings=models.embeddings,
        )
        # The run's recall is the orchestrator's search: ranked by (and expanded with) its perspective.
        orchestrator_views = agent_perspectives(ORCHESTRATOR, registry, settings.memory_lifecycle)
        recollector = recorded(RoleName.RECALL_MEMORY, Recollector(memory, perspectives=orchestrator_views))
        context = Context(
            registry=registry,
            knowledge=knowledge,
            conversations=recorded(RoleName.RECALL, memory.conversations, methods=("recent",)),
            classifier=roles.classifier,
            planner=roles.planner,
            composer=roles.composer,
            workflows=recorded(RoleName.LOOKUP_WORKFLOW, workflows, methods=("lookup",)),
            adapter=roles.adapter,
            keyer=roles.keyer,
            generaliser=roles.generaliser,
            memory=memory,
            recollector=recollector,
            importance=roles.importance,
            memory_tokens=settings.memory_tokens,
            reuse_threshold=_reuse_threshold(settings, models.chat),
            engine=models.engine,
            routes_by_memory=models.chat is None,
            output_dir=settings.reports_dir,
            max_input_tokens=settings.max_input_tokens,
            max_context_tokens=settings.max_context_tokens,
            history_tokens=settings.history_tokens,
            retrieval_k=settings.retrieval_k,
            max_replans=settings.max_replans,
            step_timeout_s=settings.step_timeout_s,
        )
        graph = build_graph(registry.names).compile(checkpointer=AsyncPostgresSaver(pool))  # type: ignore[arg-type]
        runs = RunStore(pool)

        def with_chat(chat: BaseChatModel, engine: str) -> ChatEngine:
            # Same graph, stores and embeddings; only what reasons (roles, sub-agents' roles) changes.
            agent_roles = build_agent_roles(chat, options, synonyms=synonyms, wrap=recorded)
            chat_registry = build_registry(replace(services, roles=agent_roles, chat_model=chat), BUILTIN_AGENTS)
            chat_roles = make_roles(chat, chat_registry)
            chat_memory = replace(memory, importance=chat_roles.importance)
            chat_context = replace(
                context,
                registry=chat_registry,
                classifier=chat_roles.classifier,
                planner=chat_roles.planner,
                composer=chat_roles.composer,
                adapter=chat_roles.adapter,
                keyer=chat_roles.keyer,
                generaliser=chat_roles.generaliser,
                memory=chat_memory,
                importance=chat_roles.importance,
                engine=engine,
                reuse_threshold=_reuse_threshold(settings, chat),
            )
            return ChatEngine(Runner(graph, chat_context, runs), chat_roles, engine)

        yield App(
            settings,
            pool,
            models,
            knowledge,
            registry,
            runs,
            workflows,
            memory,
            roles,
            Runner(graph, context, runs),
            sql_pool=sql_pool,
            sql_schemas=sql_schemas,
            owner_pool=owner,
            with_chat=None if extra_agents else with_chat,  # ready-made agents are bound to one model
        )
    finally:
        if sql_pool is not None:
            await sql_pool.close()
        if app_pool is not None:
            await app_pool.close()
        if own_pool:
            await owner.close()


@dataclass(frozen=True)
class MemoryWork:
    """What post-reply memory work did: extraction jobs processed and reflections written."""

    jobs: ProcessReport
    reflections: list[int]
    sleep: SleepReport | None = None


async def process_memory(
    app: App,
    *,
    user_id: str | None = None,
    reflect: bool = True,
    force_reflection: bool = False,
    roles: Roles | None = None,
) -> MemoryWork:
    """Drain queued fact extraction (one user's, or everyone's) and reflect when enough has happened.

    Runs after a reply is shown, so it never delays it; jobs are durable, so a process that stops first
    leaves them for the next call (or `cognicore memory process`).
    """
    roles = roles or app.roles  # a user's own model (see `ChatEngine`) extracts and reflects for that user
    handlers = {EXTRACT_TURN: make_extract_handler(roles.extractor, app.memory.facts)}
    # Everyone's: the owner lists the users with work (the application role sees only its current user's row
    # of `memory_job_users`); each user's jobs still run acting as that user.
    report = await process(app.pool if user_id is not None else app.admin_pool, handlers, user_id=user_id)
    reflections: list[int] = []
    if reflect and user_id is not None:
        reflections = await reflect_if_due(
            app.memory.stream,
            roles.reflector,
            user_id,
            pool=app.pool,
            threshold=app.settings.reflect_threshold,
            force=force_reflection,
        )
    slept = None
    if user_id is not None and app.settings.memory_sleep_after_task:
        # The sleep phase after a task (seed 002): decay, promotion, archive, capacity; the schedule covers the rest.
        slept = await sleep_phase(app.pool, user_id=user_id, config=app.settings.memory_lifecycle)
    return MemoryWork(report, reflections, slept)


# Every user with anything to re-embed that this connection may list: runs, workflows and the job
# index are not under forced row-level security; the memory tables add their users when the connecting
# role may see them all (a superuser, like the embedded server's).
_KNOWN_USERS = """
SELECT user_id FROM runs UNION SELECT user_id FROM workflows UNION SELECT user_id FROM memory_job_users
UNION SELECT user_id FROM memories UNION SELECT user_id FROM facts ORDER BY 1
"""


@dataclass(frozen=True)
class ReembedReport:
    """How many vectors `reembed_all` rewrote, per store."""

    chunks: int
    workflow_triggers: int
    memories: int
    facts: int
    users: int


async def reembed_all(app: App, *, on_progress: Callable[[str], None] | None = None) -> ReembedReport:
    """Re-embed every stored vector with the configured model, then record that model.

    A model of another dimension first resizes (and empties) every embedding column (the owner's work).
    Each store commits batch by batch, so an interrupted run can simply be started again.
    """
    say = on_progress or (lambda _what: None)
    dims = app.models.embedding_dims
    resized = await resize_vector_columns(app.admin_pool, old_dims=await recorded_dims(app.admin_pool), dims=dims)
    if resized:
        say(f"{len(resized)} embedding columns resized to {dims} dimensions")
    say("knowledge base")
    chunks = await app.knowledge.reembed()
    # The owner lists every user; the application role would see only the rows no policy hides.
    async with app.admin_pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(_KNOWN_USERS)
        users = [r["user_id"] for r in await cur.fetchall()]
    memories = facts = triggers = 0
    for user in users:
        say(f"memories and workflow triggers of {user}")
        memories += await app.memory.stream.reembed_user(user)
        facts += await app.memory.facts.reembed_user(user)
        triggers += await app.workflows.reembed_user(user)
    await finish_vector_columns(app.admin_pool, dims)
    await record_embedding_model(app.pool, app.models.embedding_name, dims)
    return ReembedReport(chunks, triggers, memories, facts, len(users))
