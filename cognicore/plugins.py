"""Domain plugins: what a deployment's domain contributes to the core, as data, through an entry point group.

A plugin is declared under `[project.entry-points."cognicore.plugins"]` (the demo declares itself there
exactly as a third party would) and its sub-agents under `"cognicore.subagents"`. The core never names a
domain: the classifier's domain sentence, each agent's settings defaults, an offline SQL writer for the
plugin's schema and the words of its data reach it from here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any

from cognicore.subagents.errors import RegistryError
from cognicore.subagents.sql_writer import SqlWriter

ENTRY_POINT_GROUP = "cognicore.plugins"


@dataclass(frozen=True)
class Plugin:
    """A domain's contribution: all data, plus an optional offline `write_sql` role for its schema."""

    name: str
    domain: str = ""  # one sentence on what the assistant serves, for the classifier's prompt
    agent_settings: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # defaults per agent
    offline_sql_writer: Callable[[], SqlWriter] | None = None
    entities: Sequence[str] = ()  # values worth masking when keying workflows, beyond the database's own
    synonyms: Sequence[str] = ()  # paraphrase groups ("eu europe european") for the offline composer


def load_plugins(group: str = ENTRY_POINT_GROUP) -> list[Plugin]:
    """The plugins installed packages declare under `group`, by name; a duplicate name is an error."""
    plugins: dict[str, Plugin] = {}
    for ep in entry_points(group=group):
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
    """Each agent's settings section: plugin defaults (in load order), overridden key by key by `explicit`."""
    out: dict[str, dict[str, Any]] = {}
    for plugin in plugins:
        for agent, section in plugin.agent_settings.items():
            out.setdefault(agent, {}).update(section)
    for agent, section in explicit.items():
        out.setdefault(agent, {}).update(section)
    return out


def domain_text(plugins: Sequence[Plugin]) -> str:
    """The plugins' domain sentences, joined for the classifier."""
    return " ".join(p.domain for p in plugins if p.domain)
