"""Domain plugins: what a deployment's domain contributes to the core, as data, through an entry point group.

A plugin is declared under `[project.entry-points."cognicore.plugins"]` (the demo declares itself there
exactly as a third party would) and its sub-agents under `"cognicore.subagents"`. The core never names a
domain: the classifier's domain sentence, each agent's settings defaults, an offline SQL writer for the
plugin's schema and the words of its data reach it from here.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from psycopg_pool import AsyncConnectionPool

from cognicore.memory.knowledge import KnowledgeBase
from cognicore.orchestrator.planning import GENERIC, Vocabulary
from cognicore.subagents.errors import RegistryError
from cognicore.subagents.offline_sql import SchemaSqlWriter, SqlVocabulary, merge_vocabularies
from cognicore.subagents.registry import installed_entry_points
from cognicore.subagents.sql_writer import SqlWriter

ENTRY_POINT_GROUP = "cognicore.plugins"


@dataclass(frozen=True)
class Plugin:
    """A domain's contribution: all data (its SQL words too), plus an optional offline `write_sql` override.

    Without an override the core's offline SQL writer reads the allowed schemas and `sql_vocabulary`.
    """

    name: str
    domain: str = ""  # one sentence on what the assistant serves, for the classifier's prompt
    agent_settings: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # defaults per agent
    offline_sql_writer: Callable[[], SqlWriter] | None = None  # replaces the core's schema-reading writer
    sql_vocabulary: SqlVocabulary | None = None  # measures and synonyms for the core's offline SQL writer
    entities: Sequence[str] = ()  # values worth masking when keying workflows, beyond the database's own
    synonyms: Sequence[str] = ()  # paraphrase groups ("eu europe european") for the offline composer
    seed: Callable[[AsyncConnectionPool, KnowledgeBase], Awaitable[object]] | None = None  # run by the owner
    schemas: Sequence[str] = ()  # schemas its own agents read through the application's pool
    data_words: Sequence[str] = ()  # words of its requests for figures ("revenue units"), for the offline roles
    knowledge_words: Sequence[str] = ()  # words of its questions about documents ("warranty returns")


def load_plugins(group: str = ENTRY_POINT_GROUP) -> list[Plugin]:
    """The plugins installed packages declare under `group`, by name; a duplicate name is an error."""
    plugins: dict[str, Plugin] = {}
    for ep in installed_entry_points(group):
        try:
            plugin = ep.load()
        except Exception as exc:
            raise RegistryError(f"Plugin entry point {ep.name!r} ({ep.value}) failed to load: {exc}") from exc
        if not isinstance(plugin, Plugin):
            raise RegistryError(f"Plugin entry point {ep.name!r} ({ep.value}) is not a cognicore.plugins.Plugin.")
        if plugin.name in plugins:
            raise RegistryError(f"Two plugins are named {plugin.name!r}; names must be unique.")
        plugins[plugin.name] = plugin
    return list(plugins.values())


def merged_agent_settings(
    plugins: Sequence[Plugin], explicit: Mapping[str, Mapping[str, Any]]
) -> dict[str, dict[str, Any]]:
    """Each agent's settings section: plugin defaults (in load order; lists such as schemas are joined),
    overridden key by key by `explicit`."""
    out: dict[str, dict[str, Any]] = {}
    for plugin in plugins:
        for agent, section in plugin.agent_settings.items():
            merged = out.setdefault(agent, {})
            for key, value in section.items():
                old = merged.get(key)
                if isinstance(old, list) and isinstance(value, list):
                    merged[key] = [*old, *(v for v in value if v not in old)]
                else:
                    merged[key] = value
    for agent, section in explicit.items():
        out.setdefault(agent, {}).update(section)
    return out


def vocabulary(plugins: Sequence[Plugin]) -> Vocabulary:
    """The offline roles' generic vocabulary extended by every plugin's words."""
    return GENERIC.extended(
        data=[w for p in plugins for w in p.data_words], knowledge=[w for p in plugins for w in p.knowledge_words]
    )


def sql_vocabulary(plugins: Sequence[Plugin]) -> SqlVocabulary:
    """Every plugin's SQL vocabulary in one (load order; the first default measure wins)."""
    return merge_vocabularies([p.sql_vocabulary for p in plugins if p.sql_vocabulary is not None])


def offline_sql_writer(plugins: Sequence[Plugin], pool: AsyncConnectionPool, schemas: Sequence[str]) -> SqlWriter:
    """A plugin's own offline writer when one declares it, else the core's, reading `schemas` on `pool`
    (the least-privilege reader) with every plugin's SQL vocabulary."""
    override = next((p.offline_sql_writer for p in plugins if p.offline_sql_writer is not None), None)
    if override is not None:
        return override()
    return SchemaSqlWriter(pool, schemas, vocabulary=sql_vocabulary(plugins))


def domain_text(plugins: Sequence[Plugin]) -> str:
    """The plugins' domain sentences, joined for the classifier."""
    return " ".join(p.domain for p in plugins if p.domain)


async def seed_plugins(
    owner: AsyncConnectionPool,
    knowledge: KnowledgeBase,
    *,
    names: Sequence[str] | None = None,
    grant: Callable[[Sequence[str]], Awaitable[None]] | None = None,
) -> dict[str, object]:
    """Run the `seed` of every installed plugin (or of those in `names`) as the owner; each is idempotent.

    `grant` is then given the plugins' `schemas`, so the application's role may read what was created.
    """
    plugins = {p.name: p for p in load_plugins()}
    unknown = sorted(set(names or ()) - set(plugins))
    if unknown:
        raise RegistryError(f"Unknown plugin(s) {', '.join(unknown)}; installed: {', '.join(sorted(plugins))}.")
    chosen = [plugins[n] for n in names] if names is not None else list(plugins.values())
    seeded = {p.name: await p.seed(owner, knowledge) for p in chosen if p.seed is not None}
    schemas = [s for p in chosen for s in p.schemas]
    if grant is not None and schemas:
        await grant(schemas)
    return seeded
