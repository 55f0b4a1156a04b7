"""Recording every reasoning-role call of a run, and serving recorded calls back when a run is replayed.

Roles are wrapped once by the shell (`RecordedRole`); which run a call belongs to, and which step made
it, travel in context variables that LangGraph copies into each node's task, so parallel steps are
told apart without passing anything through the roles themselves.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import time
from collections import defaultdict, deque
from collections.abc import Iterable
from contextvars import ContextVar
from typing import Any

from pydantic import BaseModel, Field
from pydantic_core import to_jsonable_python

from cognicore.workflows.errors import ReplayMismatch


class ModelCall(BaseModel):
    """One role invocation: who asked (role, scope), with what, and what came back."""

    seq: int
    role: str
    scope: str = Field(description="'run' for orchestrator nodes, else the plan step id.")
    input: dict[str, Any]
    output: Any
    output_type: str
    ms: float
    replayed: bool = False


RECORDER: ContextVar[Recorder | None] = ContextVar("cognicore_recorder", default=None)
SCOPE: ContextVar[str] = ContextVar("cognicore_scope", default="run")


class Recorder:
    """Collects the calls of one run; with `recording`, serves those calls instead of invoking roles.

    `serve` limits which roles are served from the recording (a live replay serves only the planning
    decisions and runs everything else again).
    """

    def __init__(self, recording: Iterable[ModelCall] = (), *, serve: frozenset[str] | None = None) -> None:
        self.calls: list[ModelCall] = []
        self._queues: dict[tuple[str, str], deque[ModelCall]] = defaultdict(deque)
        for call in sorted(recording, key=lambda c: c.seq):
            self._queues[(call.role, call.scope)].append(call)
        self._serve = serve
        self.replaying = bool(self._queues)

    def next_recorded(self, role: str, scope: str) -> ModelCall | None:
        """The recorded answer for this role's next call in `scope`, when this role is served."""
        if not self.replaying or (self._serve is not None and role not in self._serve):
            return None
        queue = self._queues.get((role, scope))
        if not queue:
            raise ReplayMismatch(
                f"the replay called {role} in {scope} more often than the recorded run did; "
                "the code now takes a different path"
            )
        return queue.popleft()

    def record(
        self, role: str, scope: str, inputs: dict[str, Any], output: Any, ms: float, *, replayed: bool = False
    ) -> None:
        kind, value = _dump(output)
        self.calls.append(
            ModelCall(
                seq=len(self.calls),
                role=role,
                scope=scope,
                input=_jsonable(inputs),
                output=value,
                output_type=kind,
                ms=round(ms, 3),
                replayed=replayed,
            )
        )

    def unused(self, *, ignore: frozenset[str] = frozenset()) -> list[str]:
        """Recorded calls the replay never asked for (roles in `ignore` aside)."""
        return [f"{role} in {scope}" for (role, scope), q in self._queues.items() for _ in q if role not in ignore]


class RecordedRole:
    """A role object whose async methods are recorded, or answered from a recording during replay."""

    def __init__(self, role: str, impl: Any, *, methods: tuple[str, ...] | None = None) -> None:
        self._role = role
        self._impl = impl
        self._methods = methods

    @property
    def wrapped(self) -> Any:
        """The role implementation behind the recorder."""
        return self._impl

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._impl, name)
        if not inspect.iscoroutinefunction(attr) or (self._methods is not None and name not in self._methods):
            return attr
        role = self._role

        async def call(*args: Any, **kwargs: Any) -> Any:
            recorder = RECORDER.get()
            if recorder is None:
                return await attr(*args, **kwargs)
            scope = SCOPE.get()
            inputs = {"args": list(args), **kwargs} if args else dict(kwargs)
            recorded = recorder.next_recorded(role, scope)
            if recorded is not None:
                output = revive(recorded.output_type, recorded.output)
                recorder.record(role, scope, inputs, output, 0.0, replayed=True)
                return output
            started = time.perf_counter()
            output = await attr(*args, **kwargs)
            recorder.record(role, scope, inputs, output, (time.perf_counter() - started) * 1000)
            return output

        return call


def _type_path(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _dump(value: Any) -> tuple[str, Any]:
    if isinstance(value, BaseModel):
        return _type_path(type(value)), value.model_dump(mode="json")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _type_path(type(value)), _jsonable(dataclasses.asdict(value))
    if (
        isinstance(value, list)
        and value
        and all(isinstance(v, BaseModel) or dataclasses.is_dataclass(v) for v in value)
    ):
        kinds = {_dump(v)[0] for v in value}
        if len(kinds) == 1:
            return "list:" + kinds.pop(), [_dump(v)[1] for v in value]
    return "json", _jsonable(value)


def revive(kind: str, value: Any) -> Any:
    """Rebuild a recorded output as the type the role returned."""
    if kind == "json":
        return value
    if kind.startswith("list:"):
        return [revive(kind[5:], v) for v in value]
    module, _, qualname = kind.partition(":")
    cls: Any = importlib.import_module(module)
    for part in qualname.split("."):
        cls = getattr(cls, part)
    if isinstance(cls, type) and issubclass(cls, BaseModel):
        return cls.model_validate(value)
    if dataclasses.is_dataclass(cls):
        return _revive_dataclass(cls, value)
    raise TypeError(f"cannot revive a recorded {kind}")


def _revive_dataclass(cls: Any, value: dict[str, Any]) -> Any:
    fields = {f.name: f for f in dataclasses.fields(cls)}
    kwargs = {}
    for name, raw in value.items():
        if name not in fields:
            continue
        kwargs[name] = tuple(raw) if isinstance(raw, list) and "tuple" in str(fields[name].type) else raw
    return cls(**kwargs)


def _jsonable(value: Any) -> Any:
    return to_jsonable_python(value, fallback=str)
