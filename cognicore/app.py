"""Builds the whole application from settings: database, models, agents, graph, runner."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, field, replace
from typing import Any

from langchain_core.language_models import BaseChatModel
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from psycopg_pool import AsyncConnectionPool

from cognicore.database import open_pool
from cognicore.memory.conversation import ConversationLog
from cognicore.memory.embeddings import check_embedding_model
from cognicore.memory.facts import FactStore
from cognicore.memory.knowledge import KnowledgeBase
from cognicore.memory.scoring import Scoring
from cognicore.memory.stream import MemoryStream
from cognicore.memory_work import MemoryWork, ReembedReport, process_memory, reembed_all
from cognicore.models import Models, Roles, build_agent_roles, build_models, build_roles, role_options
from cognicore.orchestrator.context import Context
from cognicore.orchestrator.graph import build_graph
from cognicore.orchestrator.journal import Memory
from cognicore.orchestrator.memory_use import ORCHESTRATOR, agent_perspectives
from cognicore.orchestrator.recollection import Recollector
from cognicore.orchestrator.runner import Runner
from cognicore.plugins import domain_text, load_plugins, merged_agent_settings, offline_sql_writer, sql_vocabulary
from cognicore.plugins import vocabulary as plugin_vocabulary
from cognicore.settings import Settings
from cognicore.startup import (
    apply_clock,
    database_url,
    grant_sql_schemas,
    open_app_role_pool,
    open_sql_reader,
    prepare_database,
)
from cognicore.subagents.database_query import DatabaseQueryAgent
from cognicore.subagents.offline_sql import SchemaSqlWriter
from cognicore.subagents.rag_query import RagQueryAgent, documents_reader
from cognicore.subagents.registry import AgentFactory, Registry, build_registry
from cognicore.subagents.report_generation import ReportGenerationAgent
from cognicore.subagents.role_names import RoleName
from cognicore.subagents.types import AgentServices, SubAgent
from cognicore.vocabulary import counted_words, data_values, kb_titles, with_synonyms
from cognicore.workflows.recording import recorded
from cognicore.workflows.runs import RunStore
from cognicore.workflows.store import WorkflowStore

# The start-up and memory-work helpers live in their own modules; commands import them from here.
__all__ = [
    "App",
    "ChatEngine",
    "MemoryWork",
    "ReembedReport",
    "apply_clock",
    "database_url",
    "grant_sql_schemas",
    "open_app",
    "open_app_role_pool",
    "open_sql_reader",
    "prepare_database",
    "process_memory",
    "reembed_all",
]

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
    stream: MemoryStream | None = None
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
                reads_documents=documents_reader(knowledge, synonyms, k=settings.retrieval_k),
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
            stream=(
                stream := MemoryStream(
                    pool,
                    models.embeddings,
                    scoring=scoring,
                    min_similarity=settings.memory_min_similarity,
                    lifecycle=settings.memory_lifecycle,
                )
            ),
            facts=FactStore(pool, models.embeddings),
            importance=roles.importance,
            embeddings=models.embeddings,
        )
        # The run's recall is the orchestrator's search: ranked by (and expanded with) its perspective.
        orchestrator_views = agent_perspectives(ORCHESTRATOR, registry, settings.memory_lifecycle)
        recollector = recorded(
            RoleName.RECALL_MEMORY, Recollector(memory, perspectives=orchestrator_views, values=values)
        )
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
        if stream is not None:
            # The last searches' counts, before their pool closes; statistics only, so a failure loses just them.
            with suppress(Exception):
                await stream.flush_counts()
        if sql_pool is not None:
            await sql_pool.close()
        if app_pool is not None:
            await app_pool.close()
        if own_pool:
            await owner.close()
