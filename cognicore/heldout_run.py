"""Running a held-out suite on the application: seed the domain, ask every case, judge it (`cognicore.heldout`).

Used by `cognicore eval --suite bench/heldout/demo.yaml` and by `bench/heldout.py`, so both judge alike.
"""

from __future__ import annotations

import importlib
import os
import sys
import time
import tomllib
import uuid
from collections.abc import Awaitable, Callable
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from psycopg.rows import tuple_row

from cognicore.app import App, open_app, process_memory
from cognicore.heldout import (
    Case,
    Judged,
    Suite,
    ValueCheck,
    check_values,
    hedged,
    judged_text,
    result_checks,
    says_unsupported_language,
    verdict,
)
from cognicore.settings import Settings
from cognicore.workflows.evaluation import SuiteError

SeedFn = Callable[[Any, Any], Awaitable[Any]]


def plugin_folder(folder: str, suite_path: Path) -> Path:
    """A suite's plugin folder, relative to the repository holding the suite (or to the working directory)."""
    candidates = [p / folder for p in suite_path.resolve().parents] + [Path.cwd() / folder]
    found = next((c for c in candidates if (c / "pyproject.toml").is_file()), None)
    if found is None:
        raise SuiteError(
            f"the suite's plugin {folder!r} was not found beside {suite_path} or in the working directory "
            "(a folder with a pyproject.toml); run from the repository that holds it, or `pip install` it."
        )
    return found.resolve()


def install_plugins(folders: list[Path], site: Path) -> None:
    """Install plugin projects for this process, as `pip install` would: importable, entry points declared.

    Each folder's `pyproject.toml` entry points go into a dist-info under `site`, which goes on `sys.path`
    with the folder itself, so `cognicore.plugins.load_plugins` finds the plugin and its sub-agents. A
    plugin whose entry point is already installed is left as it is.
    """
    installed = {ep.name for ep in entry_points(group="cognicore.plugins")}
    for root in folders:
        try:
            project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
        except (OSError, KeyError, tomllib.TOMLDecodeError) as exc:
            raise SuiteError(f"plugin {root}: cannot read the [project] table of its pyproject.toml: {exc}") from exc
        groups: dict[str, dict[str, str]] = project.get("entry-points", {})
        if set(groups.get("cognicore.plugins", {})) & installed:
            continue
        info = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
        info.mkdir(parents=True, exist_ok=True)
        (info / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n"
        )
        (info / "entry_points.txt").write_text(
            "".join(f"[{g}]\n" + "".join(f"{k} = {v}\n" for k, v in eps.items()) + "\n" for g, eps in groups.items())
        )
        sys.path[:0] = [str(site), str(root)]
    importlib.invalidate_caches()


def prepare(suite: Suite, suite_path: Path, site: Path) -> None:
    """Apply the suite's domain settings (`env`) and install its plugins, before the settings are read."""
    os.environ.update(suite.env)
    install_plugins([plugin_folder(f, suite_path) for f in suite.plugins], site)


async def grant_plugin_schemas(app: App) -> None:
    """Give the application role read access to the schemas the installed plugins' own agents read."""
    from cognicore.memory.tenancy import APP_ROLE
    from cognicore.plugins import load_plugins
    from cognicore.roles import grant_sql_reader

    schemas = [s for p in load_plugins() for s in p.schemas]
    if schemas:
        await grant_sql_reader(app.admin_pool, schemas, role=APP_ROLE)


async def expected_rows(app: App, sql: str) -> tuple[list[str], list[tuple[Any, ...]]]:
    """Column names and rows of an expected query, read-only."""
    async with app.admin_pool.connection() as conn, conn.transaction(), conn.cursor(row_factory=tuple_row) as cur:
        await cur.execute("SET TRANSACTION READ ONLY")
        await cur.execute(sql)  # type: ignore[arg-type]  # the suite's own query, run read-only
        return [d.name for d in cur.description or []], list(await cur.fetchall())


async def fact_failures(app: App, user: str, case: Case) -> list[str]:
    """Failures of `fact_active` / `fact_superseded` against the user's facts after memory processing."""
    failures = []
    if case.fact_active:
        active = await app.memory.facts.active(user)
        if not any(case.fact_active.lower() in f"{f.statement} {f.object}".lower() for f in active):
            failures.append(f"no active fact mentioning {case.fact_active!r}")
    if case.fact_superseded:
        history = await app.memory.facts.history(user)
        if not any(
            f.status == "superseded"
            and f.valid_to is not None
            and case.fact_superseded.lower() in f"{f.statement} {f.object}".lower()
            for f in history
        ):
            failures.append(f"no superseded fact (with an end time) mentioning {case.fact_superseded!r}")
    return failures


async def judge(app: App, case: Case, result: dict[str, Any], user: str) -> tuple[bool, bool, list[str]]:
    """Run every check of a case; return (met, hedged, failures)."""
    text = judged_text(result)
    failures: list[str] = []
    if case.expected_sql is not None:
        columns, rows = await expected_rows(app, case.expected_sql)
        failures += check_values(text, columns, rows, case.contains_values or ValueCheck())
    failures += result_checks(case, result, text)
    failures += await fact_failures(app, user, case)
    if case.unsupported_language and failures and says_unsupported_language(text):
        failures = []  # an acceptable outcome on its own
    return not failures, hedged(result, text, case), failures


def _seed_function(suite: Suite) -> SeedFn:
    module, _, name = suite.seed.partition(":")
    try:
        seed: SeedFn = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        raise SuiteError(f"the suite's seed {suite.seed!r} cannot be imported: {exc}") from exc
    return seed


async def run_suite(
    suite: Suite,
    settings: Settings,
    *,
    only: set[str] | frozenset[str] = frozenset(),
    on_case: Callable[[Judged], None] | None = None,
) -> list[Judged]:
    """Seed the suite's domain, then run and judge every case (or those in `only`) as fresh users."""
    seed = _seed_function(suite)
    tag = uuid.uuid4().hex[:8]
    users: dict[str | None, str] = {None: f"heldout-{tag}"}
    sessions: dict[str, str] = {}
    judged: list[Judged] = []
    # Seed, then open the app again, as a user runs `cognicore demo` and then `ask`: start-up grants the
    # SQL reader the schemas that exist, and a schema seeded in the same process would lack its grant.
    async with open_app(settings) as app:
        await seed(app.admin_pool, app.knowledge)  # the owner: seeding creates a schema
        if suite.plugins:
            await grant_plugin_schemas(app)  # as `seed_plugins` does: a plugin agent reads its schema as the app
    async with open_app(settings) as app:
        for case in suite.cases:
            if only and case.id not in only:
                continue
            user = users.setdefault(case.user, f"heldout-{case.user}-{tag}")
            session = (
                sessions.setdefault(case.session, f"{case.session}-{tag}") if case.session else f"h-{tag}-{case.id}"
            )
            started = time.perf_counter()
            try:
                result = (await app.runner.ask(case.request, session_id=session, user_id=user)).model_dump(mode="json")
            except Exception as exc:  # a refused input or a crash is a failed run, judged like one
                result = {"answer": "", "outcome": "failed", "error": f"{type(exc).__name__}: {exc}"}
            ms = (time.perf_counter() - started) * 1000
            await process_memory(app, user_id=user, reflect=False)
            met, is_hedged, failures = await judge(app, case, result, user)
            agents = [str(s.get("agent")) for s in result.get("steps") or []]
            answer = str(result.get("answer") or result.get("error") or "")
            outcome, intent, decided = str(result.get("outcome")), result.get("intent"), verdict(met, is_hedged, case)
            row = (case.id, case.kind, case.topic(), case.request, decided, met, is_hedged, failures)
            judged.append(Judged(*row, outcome, intent, agents, answer, ms))
            if on_case is not None:
                on_case(judged[-1])
    return judged
