"""The sub-agent registry: built-ins from a literal list plus the `cognicore.subagents` entry points."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from importlib.metadata import EntryPoint, entry_points

from cognicore.subagents.errors import RegistryError, UnknownAgent
from cognicore.subagents.types import AgentServices, SubAgent

ENTRY_POINT_GROUP = "cognicore.subagents"

AgentFactory = Callable[[AgentServices], SubAgent]
"""Builds a sub-agent from the shell's services. A class whose constructor takes `services` is one."""


class Registry:
    """Sub-agents by unique name, in registration order."""

    def __init__(self, agents: Sequence[SubAgent]) -> None:
        self._agents: dict[str, SubAgent] = {}
        for agent in agents:
            if not isinstance(agent, SubAgent):
                raise RegistryError(
                    f"{agent!r} is not a SubAgent: it needs `name`, `description`, `input_hint`, "
                    "`deterministic` and `async def run`."
                )
            if not agent.name.isidentifier():
                raise RegistryError(
                    f"Sub-agent name {agent.name!r} must be a Python identifier (it becomes a graph node)."
                )
            if agent.name in self._agents:
                raise RegistryError(f"Two sub-agents are named {agent.name!r}; names must be unique.")
            self._agents[agent.name] = agent

    def get(self, name: str) -> SubAgent:
        """The agent called `name`, or an error listing the known ones."""
        try:
            return self._agents[name]
        except KeyError:
            raise UnknownAgent(f"Unknown sub-agent {name!r}; known agents: {', '.join(self.names)}.") from None

    @property
    def names(self) -> list[str]:
        return list(self._agents)

    def __contains__(self, name: object) -> bool:
        return name in self._agents

    def __iter__(self) -> Iterator[SubAgent]:
        return iter(self._agents.values())

    def __len__(self) -> int:
        return len(self._agents)


def installed_entry_points(group: str) -> tuple[EntryPoint, ...]:
    """The entry points of `group`, read once per process and `sys.path` (each read scans every distribution)."""
    return _entry_points(group, tuple(sys.path))


@lru_cache(maxsize=64)
def _entry_points(group: str, path: tuple[str, ...]) -> tuple[EntryPoint, ...]:
    return tuple(entry_points(group=group))  # `path` is the key: a folder added to sys.path reads again


def load_entry_point_factories(group: str = ENTRY_POINT_GROUP) -> list[AgentFactory]:
    """Factories declared by installed packages under `group`."""
    factories: list[AgentFactory] = []
    for ep in installed_entry_points(group):
        try:
            factories.append(ep.load())
        except Exception as exc:
            raise RegistryError(
                f"Entry point {ep.name!r} ({ep.value}) in group {group!r} failed to load: {exc}"
            ) from exc
    return factories


def build_registry(
    services: AgentServices,
    factories: Sequence[AgentFactory],
    *,
    extra: Sequence[SubAgent] = (),
    use_entry_points: bool = True,
) -> Registry:
    """Build every agent: the given factories, then entry-point ones, then ready-made `extra` agents."""
    all_factories = list(factories)
    if use_entry_points:
        all_factories += load_entry_point_factories()
    agents: list[SubAgent] = []
    for factory in all_factories:
        try:
            agents.append(factory(services))
        except RegistryError:
            raise
        except Exception as exc:
            name = getattr(factory, "__qualname__", repr(factory))
            raise RegistryError(f"Sub-agent factory {name} failed: {type(exc).__name__}: {exc}") from exc
    return Registry([*agents, *extra])
