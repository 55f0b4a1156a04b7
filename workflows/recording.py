"""Recording every reasoning-role call of a run, and serving recorded calls back when a run is replayed.

A role is wrapped once by the shell with `recorded(name, role)`, which keeps the role's type. The
`Recorder` of a run travels in the run's LangGraph context (`Context.recorder`); a wrapped role finds
it through LangGraph's runtime, and tells parallel tasks apart by LangGraph's own task id, so nothing
is kept in module-level state. Each call is stored as it happens, tagged with its task: a crash loses
none, and a resumed run replaces the calls of a task it runs again instead of doubling them.
"""

from __future__ import annotations

import asyncio
import inspect
import itertools
import logging
import time
from collections import defaultdict, deque
from collections.abc import Iterable, Mapping
from typing import Any, Protocol, TypeVar, cast

from langgraph.config import get_config
from langgraph.runtime import get_runtime
from pydantic import BaseModel, Field, TypeAdapter, ValidationError
from pydantic_core import to_jsonable_python

from cognicore.subagents.role_names import TOOL_PREFIX
from cognicore.workflows.errors import ReplayMismatch

R = TypeVar("R")

RUN_SCOPE = "run"
"""The scope of role calls made by orchestrator nodes (a sub-agent step's calls use its step id)."""

# LangGraph puts the id of the running task in the config it hands to each task (a stable id: a task
# run again from the same checkpoint after a crash gets the same one).
_TASK_ID_KEY = "__pregel_task_id"

_log = logging.getLogger(__name__)
_SETTLE_SECONDS = 10.0  # a write still unsaved after this is logged by its task, not waited for


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
    task_id: str | None = None


class CallSink(Protocol):
    """Where a recorder stores calls as they happen (a run's rows in `run_calls`)."""

    async def save(self, call: ModelCall) -> None:
        """Store one call."""
        ...

    async def drop_task(self, task_id: str) -> None:
        """Forget the calls an earlier attempt of this task made (the task is running again)."""
        ...


_ADAPTERS: dict[int, tuple[Mapping[str, Any], dict[str, TypeAdapter[Any]]]] = {}


def _adapters(outputs: Mapping[str, Any]) -> dict[str, TypeAdapter[Any]]:
    """The output adapters of a closed map, built once per map: a run must not pay pydantic's schema build."""
    cached = _ADAPTERS.get(id(outputs))
    if cached is None or cached[0] is not outputs:  # the map itself is kept, so its id cannot be reused
        cached = (outputs, {name: TypeAdapter(tp) for name, tp in outputs.items()})
        _ADAPTERS[id(outputs)] = cached
    return cached[1]


class Recorder:
    """Records the calls of one run; with `recording`, serves those calls instead of invoking roles.

    `outputs` is the closed map of role name -> output type used to revive recorded answers (a role
    whose name starts with `tool:` uses the entry `"tool:"`). `serve` limits which roles are served from
    the recording (a live replay serves only the planning decisions and runs everything else again).
    `stale_tasks` are tasks with calls stored by an earlier, crashed attempt of this run.
    """

    def __init__(
        self,
        recording: Iterable[ModelCall] = (),
        *,
        outputs: Mapping[str, Any],
        serve: frozenset[str] | None = None,
        sink: CallSink | None = None,
        first_seq: int = 0,
        stale_tasks: Iterable[str] = (),
    ) -> None:
        self.calls: list[ModelCall] = []
        self._queues: dict[tuple[str, str], deque[ModelCall]] = defaultdict(deque)
        for call in sorted(recording, key=lambda c: c.seq):
            self._queues[(call.role, call.scope)].append(call)
        self._outputs = _adapters(outputs)
        self._serve = serve
        self._sink = sink
        self._seq = itertools.count(first_seq)
        self._stale = set(stale_tasks)
        self._scopes: dict[str, str] = {}
        self._saving: set[asyncio.Task[None]] = set()
        self.replaying = bool(self._queues)

    def enter_scope(self, scope: str) -> None:
        """File the role calls of the current LangGraph task under `scope` (a plan step id)."""
        task_id = _task_id()
        if task_id is not None:
            self._scopes[task_id] = scope

    async def call(self, role: str, method: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """Invoke `method` (or serve its recorded answer) and store the call."""
        task_id = _task_id()
        scope = self._scopes.get(task_id, RUN_SCOPE) if task_id else RUN_SCOPE
        inputs = {"args": list(args), **kwargs} if args else dict(kwargs)
        served = self._next_recorded(role, scope)
        if served is not None:
            output = self.revive(role, served.output)
            await self._record(role, scope, task_id, inputs, output, 0.0, replayed=True)
            return output
        started = time.perf_counter()
        output = await method(*args, **kwargs)
        await self._record(role, scope, task_id, inputs, output, (time.perf_counter() - started) * 1000)
        return output

    def revive(self, role: str, value: Any) -> Any:
        """Rebuild a recorded output as the type the role returns, from the closed map of output types."""
        adapter = self._outputs.get(role) or (self._outputs.get(TOOL_PREFIX) if role.startswith(TOOL_PREFIX) else None)
        if adapter is None:
            known = ", ".join(sorted(self._outputs))
            raise ReplayMismatch(f"role {role!r} has no output type to replay it with; known roles: {known}")
        try:
            return adapter.validate_python(value)
        except ValidationError as exc:
            raise ReplayMismatch(f"the recorded answer of {role} no longer fits its output type: {exc}") from exc

    def unused(self, *, ignore: frozenset[str] = frozenset()) -> list[str]:
        """Recorded calls the replay never asked for (roles in `ignore` aside)."""
        return [f"{role} in {scope}" for (role, scope), q in self._queues.items() for _ in q if role not in ignore]

    def _next_recorded(self, role: str, scope: str) -> ModelCall | None:
        if not self.replaying or (self._serve is not None and role not in self._serve):
            return None
        queue = self._queues.get((role, scope))
        if not queue:
            raise ReplayMismatch(
                f"the replay called {role} in {scope} more often than the recorded run did; "
                "the code now takes a different path"
            )
        return queue.popleft()

    async def _record(
        self,
        role: str,
        scope: str,
        task_id: str | None,
        inputs: dict[str, Any],
        output: Any,
        ms: float,
        *,
        replayed: bool = False,
    ) -> None:
        call = ModelCall(
            seq=next(self._seq),
            role=role,
            scope=scope,
            input=_jsonable(inputs),
            output=_jsonable(output),
            output_type=type(output).__name__,
            ms=round(ms, 3),
            replayed=replayed,
            task_id=task_id,
        )
        self.calls.append(call)
        if self._sink is None:
            return
        drop = None
        if task_id is not None and task_id in self._stale:
            self._stale.discard(task_id)
            drop = task_id
        # Shielded: a cancelled run (a client that hung up, a step timeout) must not cut a write in half, or the
        # server may commit it after the run is marked interrupted and a resume has numbered its own calls.
        saving = asyncio.ensure_future(self._store(call, drop))
        self._saving.add(saving)
        saving.add_done_callback(self._saved)
        await asyncio.shield(saving)

    async def settle(self) -> None:
        """Wait for the stores still in flight, so a run is marked ended only once all its calls are saved."""
        if self._saving:
            await asyncio.wait(set(self._saving), timeout=_SETTLE_SECONDS)

    async def _store(self, call: ModelCall, drop: str | None) -> None:
        assert self._sink is not None
        if drop is not None:
            await self._sink.drop_task(drop)
        await self._sink.save(call)

    def _saved(self, saving: asyncio.Task[None]) -> None:
        self._saving.discard(saving)
        if not saving.cancelled() and (exc := saving.exception()) is not None:
            _log.warning("a role call of the run could not be stored: %s: %s", type(exc).__name__, exc)


class RecordedRole:
    """A role whose async methods go through the run's recorder; outside a recorded run, straight to the role."""

    def __init__(self, role: str, impl: Any, *, methods: tuple[str, ...] | None = None) -> None:
        self._role = str(role)
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
            recorder = current_recorder()
            if recorder is None:
                return await attr(*args, **kwargs)
            return await recorder.call(role, attr, args, kwargs)

        return call


def recorded(name: str, role: R, *, methods: tuple[str, ...] | None = None) -> R:
    """`role`, its async methods recorded under `name` in whichever run calls them; the role's type is kept."""
    return cast(R, RecordedRole(name, role, methods=methods))


def current_recorder() -> Recorder | None:
    """The recorder in the running graph's context (`Context.recorder`), or None outside a recorded run."""
    try:
        runtime = get_runtime()
    except RuntimeError:  # not inside a graph run
        return None
    recorder = getattr(getattr(runtime, "context", None), "recorder", None)
    return recorder if isinstance(recorder, Recorder) else None


def _task_id() -> str | None:
    try:
        value = get_config().get("configurable", {}).get(_TASK_ID_KEY)
    except RuntimeError:
        return None
    return value if isinstance(value, str) else None


def _jsonable(value: Any) -> Any:
    return to_jsonable_python(value, fallback=str)
