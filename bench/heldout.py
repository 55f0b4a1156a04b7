"""Held-out evaluation of the engine on requests worded as people write them (prints figures; not a test).

    python bench/heldout.py [--suite bench/heldout/demo.yaml] [--json] [--details] [--only ID ...]

Starts an embedded PostgreSQL in a temporary folder (or uses DATABASE_URL), seeds the domain (the suite's
`seed`, the demo by default; its `env` sets the domain's settings, such as COGNICORE_SQL_SCHEMAS; its
`plugins` are plugin project folders installed for the run, as `pip install` would, whose schemas the
application role is then granted, as `seed_plugins` does), and runs every
case of the suite through the application (`open_app` + runner, as `cognicore ask` does, memory processed
after each reply), one fresh user per run (plus one per `user` label); cases sharing a `session` run in
file order in one session. GOOGLE_API_KEY is removed, so this measures the offline engine.

Judging rules (the suite's header lists the expectation fields):

1. Text judged: the answer with fenced code blocks removed (the SQL shown is not an answer), plus the text
   of the Markdown reports the run wrote. Matching is case-insensitive.
2. `expected_sql` runs on the same database after the case. Text columns of the checked rows are labels
   the text must name; numeric columns are figures it must contain: a number in the text matches when it
   is within the relative tolerance, or within half its last shown digit ("$1.2M", "38%"), and never more
   than 5% off. "$", thousands separators, k/M/million/bn and % are read; date columns are not checked.
3. An expectation is MET when every check of the case passes (figures, labels, order, phrases, report,
   chart, statement, facts). `refuses` means: no step ran, the text says it cannot do it, and it names at
   least two kinds of thing it can do (documents/knowledge, data, reports). With `unsupported_language`,
   saying the language is not supported is met too.
4. The answer STATES UNCERTAINTY when the outcome is `unsure` or `failed` (or the run raised), or the
   text says (in its own voice, not in a quoted passage) it is not sure, did not understand, found the
   request ambiguous, cannot do it, or that it is unsupported. For knowledge and memory questions (checked
   by phrases only), "the knowledge base has nothing on it" is an honest miss and counts as uncertainty;
   elsewhere (a data question, a statement, a follow-up) it is a misreading and does not.
5. Verdict: `right` = met and not hedged (for `refuses` / `unsupported_language`, hedging is the expected
   answer); `unsure` = not right but uncertainty stated; `wrong` = neither: a confident answer that does
   not match. The target of issue 9: right >= 85% and wrong == 0.

Limits: checks look for what must be present, not for what must be absent (an answer listing every row
with the right figures passes a top-1 question), and a hedge is read from the outcome and a few phrases.
Measuring a tree exported with `git archive` (PYTHONPATH=that tree): pass `--commit` to record it.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import asdict, dataclass, field
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

DEFAULT_SUITE = Path(__file__).parent / "heldout" / "demo.yaml"
ROOT = Path(__file__).resolve().parents[1]
Kind = Literal["question", "task", "statement", "followup", "out_of_scope", "misspelled", "foreign"]
KINDS: tuple[str, ...] = Kind.__args__  # type: ignore[attr-defined]
Verdict = Literal["right", "unsure", "wrong"]


class ValueCheck(BaseModel):
    """How the answer is compared with the rows of `expected_sql`."""

    model_config = ConfigDict(extra="forbid")
    rows: int | None = None
    columns: list[str] | None = None
    labels: bool = True
    ordered: bool = False
    tolerance: float = 0.005


class Case(BaseModel):
    """One held-out request and what a right answer must show."""

    model_config = ConfigDict(extra="forbid")
    id: str
    request: str
    kind: Kind
    session: str | None = None
    user: str | None = None
    expected_sql: str | None = None
    contains_values: ValueCheck | None = None
    answer_contains: list[str | list[str]] = Field(default_factory=list)
    report: bool = False
    chart: bool = False
    statement: bool = False
    fact_active: str | None = None
    fact_superseded: str | None = None
    refuses: bool = False
    unsupported_language: bool = False

    @model_validator(mode="after")
    def _checkable(self) -> Case:
        """A case without a check would always be right."""
        checks = (self.expected_sql, self.answer_contains, self.statement, self.refuses, self.fact_active)
        if not any(checks):
            raise ValueError(f"case {self.id!r} has no expectation (expected_sql, answer_contains, statement, ...)")
        return self

    def phrases_only(self) -> bool:
        """Knowledge and memory questions: judged by phrases, where "nothing found" is an honest miss."""
        return bool(self.answer_contains) and self.expected_sql is None

    def topic(self) -> str:
        """What the case checks: data (SQL), memory (facts of a scenario user), knowledge, or behaviour."""
        if self.expected_sql is not None:
            return "data"
        if self.user is not None or self.fact_active or self.fact_superseded:
            return "memory"
        return "knowledge" if self.answer_contains else "behaviour"


class Suite(BaseModel):
    """A held-out suite file."""

    model_config = ConfigDict(extra="forbid")
    suite: str
    domain: str = ""
    seed: str = Field("cognicore.demo:seed_demo", description="module:function awaited with (pool, knowledge)")
    env: dict[str, str] = Field(default_factory=dict, description="settings for the domain, e.g. SQL schemas")
    plugins: list[str] = Field(
        default_factory=list, description="plugin project folders (relative to the repository) installed for the run"
    )
    cases: list[Case]


@dataclass
class Judged:
    """The verdict on one case, with the reasons a check failed."""

    id: str
    kind: str
    topic: str
    request: str
    verdict: Verdict
    met: bool
    hedged: bool
    failures: list[str] = field(default_factory=list)
    outcome: str = ""
    intent: str | None = None
    agents: list[str] = field(default_factory=list)
    answer: str = ""
    ms: float = 0.0


_FENCE = re.compile(r"```.*?(```|$)", re.S)
_NUMBER = re.compile(
    r"(?<![\w.])(?P<sign>[-−])?\$?(?P<int>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<frac>\d+))?"
    r"(?:\s?(?P<unit>%|percent\b|[kK]\b|[mM]\b|million\b|thousand\b|bn\b|billion\b))?"
)
_SCALE = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6, "bn": 1e9, "billion": 1e9}
_WORDS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())}
# First-person wording only, so a quoted passage ("made local pricing uncertain") is not a hedge.
_HEDGE = re.compile(
    r"not sure|\bunsure\b|not certain|\b(?:i am|i'm) uncertain|did(?: not|n't) understand|"
    r"(?:could|can)(?: not|n't|not) (?:understand|tell|map|work out|determine|interpret|match|do|help|answer)|"
    r"\bambiguous\b|did you mean|please (?:clarify|rephrase)|not supported|unsupported|\b(?:i am|i'm) unable to|"
    r"outside (?:of )?what i can",
    re.I,
)
_MISS = re.compile(
    r"has nothing on|found nothing|nothing relevant|no (?:relevant )?(?:information|passages|documents)\b|"
    r"could(?: not|n't) find (?:anything|any|information)|not (?:in|covered by) the knowledge base",
    re.I,
)
_CANNOT = re.compile(
    r"\b(?:i|we) (?:can(?:not|'t|’t)|am unable|'m unable|are unable|am not able|'m not able)\b|"
    r"\bcan(?:not|'t|’t) (?:do|help|book|send|handle|perform)\b|\bno (?:agent|tool)s?\b|none of (?:the|my) agents|"
    r"outside (?:of )?(?:what|the scope)|not (?:supported|possible)|unsupported|beyond what",
    re.I,
)
_CAPABILITIES = {
    "documents": re.compile(r"knowledge|documents?|polic(?:y|ies)", re.I),
    "data": re.compile(r"\bdata\b|database|\bsql\b|figures", re.I),
    "reports": re.compile(r"reports?\b|charts?\b", re.I),
}
_LANGUAGE = re.compile(r"language|english", re.I)


def numbers_in(text: str) -> list[tuple[float, float]]:
    """Every number written in the text, with half the unit of its last shown digit (its rounding).

    >>> numbers_in("$1.2M, 38.4% and 2,114,299 units; twelve products")
    [(1200000.0, 50000.0), (38.4, 0.05), (2114299.0, 0.5), (12.0, 0.0)]
    """
    found = []
    for m in _NUMBER.finditer(text):
        unit = (m["unit"] or "").lower()
        scale = _SCALE.get(unit, 1.0)
        frac = m["frac"] or ""
        value = float(f"{m['int'].replace(',', '')}.{frac or '0'}") * scale
        found.append((-value if m["sign"] else value, 0.5 * 10 ** -len(frac) * scale))
    for word in re.findall(r"[a-z]+", text.lower()):
        if word in _WORDS:
            found.append((float(_WORDS[word]), 0.0))
    return found


def figure_matches(expected: float, shown: list[tuple[float, float]], tolerance: float) -> bool:
    """True when one shown number is the expected figure within tolerance or its own rounding (at most 5%).

    >>> figure_matches(2114299.37, numbers_in("$2.1M"), 0.005), figure_matches(2114299.37, numbers_in("$2M"), 0.005)
    (True, False)
    """
    for value, half_unit in shown:
        diff = abs(value - expected)
        if diff <= max(tolerance * abs(expected), half_unit) and (expected == 0 or diff <= 0.05 * abs(expected)):
            return True
    return False


def check_values(text: str, columns: list[str], rows: list[tuple[Any, ...]], spec: ValueCheck) -> list[str]:
    """Failures of the figure and label checks of the expected rows against the text."""
    if not rows:
        return ["expected_sql returned no rows (the suite is wrong for this data)"]
    failures: list[str] = []
    shown = numbers_in(text)
    lowered = text.lower()
    positions: list[int] = []
    for row in rows[: spec.rows] if spec.rows else rows:
        for name, value in zip(columns, row, strict=True):
            if isinstance(value, (date, datetime)):
                continue
            if value is None:  # an aggregate over no rows (early in a period): the answer must say 0
                value = 0
            if isinstance(value, str):
                if not spec.labels:
                    continue
                at = lowered.find(value.lower())
                if at < 0:
                    failures.append(f"does not name {value!r}")
                positions.append(at)
            elif spec.columns is None or name in spec.columns:
                number = float(value) if isinstance(value, (int, float, Decimal)) else None
                if number is not None and not figure_matches(number, shown, spec.tolerance):
                    failures.append(f"no figure matching {name}={number:,.2f}")
    if spec.ordered and all(p >= 0 for p in positions) and positions != sorted(positions):
        failures.append("labels are not in the expected order")
    return failures


def check_phrases(text: str, wanted: list[str | list[str]]) -> list[str]:
    """Failures of `answer_contains`: each phrase, or one of each group of alternatives, must appear."""
    lowered = text.lower()
    failures = []
    for item in wanted:
        options = [item] if isinstance(item, str) else item
        if not any(o.lower() in lowered for o in options):
            failures.append(f"missing {' | '.join(options)!r}")
    return failures


def check_refusal(text: str, ran_steps: bool) -> list[str]:
    """Failures of `refuses`: nothing run, says it cannot, names at least two things it can do."""
    failures = []
    if ran_steps:
        failures.append("ran steps for a request no agent can do")
    if not _CANNOT.search(text):
        failures.append("does not say it cannot do it")
    named = [name for name, rx in _CAPABILITIES.items() if rx.search(text)]
    if len(named) < 2:
        failures.append(f"names {len(named)} of the things it can do (needs 2)")
    return failures


def says_unsupported_language(text: str) -> bool:
    """True when the answer says the request's language is not supported."""
    return bool(_LANGUAGE.search(text) and (_HEDGE.search(text) or _CANNOT.search(text)))


def judged_text(result: dict[str, Any]) -> str:
    """The answer without code blocks, plus every Markdown report the run wrote."""
    parts = [_FENCE.sub(" ", result.get("answer") or "")]
    for path in result.get("artifacts") or []:
        if str(path).endswith(".md") and Path(path).is_file():
            parts.append(_FENCE.sub(" ", Path(path).read_text(encoding="utf-8")))
    return "\n".join(parts)


def hedged(result: dict[str, Any], text: str, case: Case) -> bool:
    """Rule 4: the run stated uncertainty (outcome, failure, or the words of the answer)."""
    if result.get("outcome") in ("unsure", "failed") or result.get("error"):
        return True
    return bool(_HEDGE.search(text) or _CANNOT.search(text) or (case.phrases_only() and _MISS.search(text)))


def verdict(met: bool, is_hedged: bool, case: Case) -> Verdict:
    """Rule 5: right, unsure or wrong.

    >>> case = Case(id="x", request="r", kind="question", answer_contains=["15 days"])
    >>> verdict(True, False, case), verdict(True, True, case), verdict(False, True, case), verdict(False, False, case)
    ('right', 'unsure', 'unsure', 'wrong')
    >>> verdict(True, True, Case(id="y", request="book a flight", kind="out_of_scope", refuses=True))
    'right'
    """
    hedge_expected = case.refuses or case.unsupported_language
    if met and (hedge_expected or not is_hedged):
        return "right"
    return "unsure" if is_hedged else "wrong"


async def expected_rows(app: Any, sql: str) -> tuple[list[str], list[tuple[Any, ...]]]:
    """Column names and rows of an expected query, read-only."""
    from psycopg.rows import tuple_row

    async with app.admin_pool.connection() as conn, conn.transaction(), conn.cursor(row_factory=tuple_row) as cur:
        await cur.execute("SET TRANSACTION READ ONLY")
        await cur.execute(sql)
        return [d.name for d in cur.description or []], list(await cur.fetchall())


async def fact_failures(app: Any, user: str, case: Case) -> list[str]:
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


async def judge(app: Any, case: Case, result: dict[str, Any], user: str) -> tuple[bool, bool, list[str]]:
    """Run every check of a case; return (met, hedged, failures)."""
    text = judged_text(result)
    failures: list[str] = []
    ran_steps = bool(result.get("steps"))
    if case.expected_sql is not None:
        columns, rows = await expected_rows(app, case.expected_sql)
        failures += check_values(text, columns, rows, case.contains_values or ValueCheck())
    failures += check_phrases(text, case.answer_contains)
    artifacts = [str(a) for a in result.get("artifacts") or []]
    if case.report and not any(a.endswith(".md") for a in artifacts):
        failures.append("no report written")
    if case.chart and not any(a.endswith(".png") for a in artifacts):
        failures.append("no chart drawn")
    if case.statement:
        if result.get("plan") or ran_steps:
            failures.append("a statement was planned as a task")
        if not (result.get("answer") or "").strip():
            failures.append("no acknowledgement")
    failures += await fact_failures(app, user, case)
    if case.refuses:
        failures += check_refusal(text, ran_steps)
    if case.unsupported_language and failures and says_unsupported_language(text):
        failures = []  # an acceptable outcome on its own
    return not failures, hedged(result, text, case), failures


def install_plugins(folders: list[str], site: Path) -> None:
    """Install plugin projects for this process, as `pip install` would: importable, entry points declared.

    Each folder's `pyproject.toml` entry points go into a dist-info under `site`, which goes on `sys.path`
    with the folder itself, so `cognicore.plugins.load_plugins` finds the plugin and its sub-agents.
    """
    import tomllib

    for folder in folders:
        root = (ROOT / folder).resolve()
        try:
            project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
        except (OSError, KeyError, tomllib.TOMLDecodeError) as exc:
            raise SystemExit(
                f"plugin {folder!r}: cannot read the [project] table of its pyproject.toml: {exc}"
            ) from exc
        info = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
        info.mkdir(parents=True)
        (info / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n"
        )
        groups = project.get("entry-points", {})
        (info / "entry_points.txt").write_text(
            "".join(f"[{g}]\n" + "".join(f"{k} = {v}\n" for k, v in eps.items()) + "\n" for g, eps in groups.items())
        )
        sys.path[:0] = [str(site), str(root)]


async def grant_plugin_schemas(app: Any) -> None:
    """Give the application role read access to the schemas the installed plugins' own agents read."""
    from cognicore.memory.tenancy import APP_ROLE
    from cognicore.plugins import load_plugins
    from cognicore.roles import grant_sql_reader

    schemas = [s for p in load_plugins() for s in p.schemas]
    if schemas:
        await grant_sql_reader(app.admin_pool, schemas, role=APP_ROLE)


async def run_suite(suite: Suite, only: set[str]) -> list[Judged]:
    """Open the app on a fresh embedded database, seed the demo, run and judge every case."""
    from cognicore.app import open_app, process_memory
    from cognicore.settings import Settings

    module, _, name = suite.seed.partition(":")
    seed = getattr(importlib.import_module(module), name)

    tag = uuid.uuid4().hex[:8]
    users: dict[str | None, str] = {None: f"heldout-{tag}"}
    sessions: dict[str, str] = {}
    judged: list[Judged] = []
    # Seed, then open the app again, as a user runs `cognicore demo` and then `ask`: start-up grants the
    # SQL reader the schemas that exist, and a schema seeded in the same process would lack its grant.
    async with open_app(Settings()) as app:
        await seed(app.admin_pool, app.knowledge)  # the owner: seeding creates a schema
        if suite.plugins:
            await grant_plugin_schemas(app)  # as `seed_plugins` does: a plugin agent reads its schema as the app
    async with open_app(Settings()) as app:
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
    return judged


def summarise(judged: list[Judged], key: Literal["kind", "topic"]) -> dict[str, dict[str, float]]:
    """Counts and rates per kind (or per topic) and in total."""
    names = KINDS if key == "kind" else ("data", "knowledge", "memory", "behaviour")
    groups = {k: [j for j in judged if getattr(j, key) == k] for k in names}
    groups = {k: v for k, v in groups.items() if v} | {"total": judged}
    out = {}
    for name, items in groups.items():
        n = len(items)
        counts = {v: sum(j.verdict == v for j in items) for v in ("right", "unsure", "wrong")}
        out[name] = {"n": n, **counts, "right_pct": 100 * counts["right"] / n, "unsure_pct": 100 * counts["unsure"] / n}
    return out


def commit_of_code() -> dict[str, Any]:
    """The git commit of the cognicore package that was measured, and whether its tree had local changes."""
    import cognicore

    root = Path(cognicore.__file__).resolve().parent.parent
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, check=True)
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"], cwd=root, capture_output=True, text=True
        )
        return {"path": str(root), "commit": head.stdout.strip(), "dirty": bool(dirty.stdout.strip())}
    except (OSError, subprocess.CalledProcessError):
        return {"path": str(root), "commit": None, "dirty": None}


def print_summary(summary: dict[str, dict[str, float]], heading: str) -> None:
    """One table: a row per group, then the total."""
    print(f"{heading:<14}{'n':>4}{'right':>7}{'unsure':>8}{'wrong':>7}{'right %':>9}{'unsure %':>10}")
    for name, s in summary.items():
        if name == "total":
            print("-" * 59)
        print(
            f"{name:<14}{s['n']:>4}{s['right']:>7}{s['unsure']:>8}{s['wrong']:>7}"
            f"{s['right_pct']:>8.1f}%{s['unsure_pct']:>9.1f}%"
        )
    print()


def print_report(judged: list[Judged], *, details: bool) -> None:
    """The human-readable report: tables per kind and per topic, the targets, every case not right."""
    print_summary(summarise(judged, "kind"), "kind")
    print_summary(summarise(judged, "topic"), "topic")
    t = summarise(judged, "kind")["total"]
    print(
        f"right {t['right_pct']:.1f}%   unsure {t['unsure_pct']:.1f}%   wrong without stated uncertainty: {t['wrong']}"
    )
    print(f"{'PASS' if t['right_pct'] >= 85 else 'FAIL'}  right >= 85%")
    print(f"{'PASS' if t['wrong'] == 0 else 'FAIL'}  wrong without stated uncertainty == 0\n")
    for j in judged:
        if j.verdict != "right" or details:
            agents = ",".join(j.agents) or "-"
            print(f"{j.verdict.upper():<7} {j.id} [{j.kind}; outcome {j.outcome}; intent {j.intent}; agents {agents}]")
            print(f"        request: {j.request}")
            for f in j.failures:
                print(f"        - {f}")
            if details:
                answer = re.sub(r"\s+", " ", _FENCE.sub(" [code] ", j.answer))[:400]
                print(f"        answer: {answer}")


def main() -> None:
    """Parse arguments, run the suite in a temporary data folder, print the table or JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--suite", type=Path, default=DEFAULT_SUITE, help="the suite YAML (default: the demo's)")
    parser.add_argument("--json", action="store_true", help="one JSON object on standard output")
    parser.add_argument("--details", action="store_true", help="show every case with its answer")
    parser.add_argument("--only", nargs="*", default=[], help="run only these case ids")
    parser.add_argument("--commit", help="record this commit (when measuring a tree exported with git archive)")
    args = parser.parse_args()
    suite = Suite.model_validate(yaml.safe_load(args.suite.read_text(encoding="utf-8")))
    duplicates = {c.id for c in suite.cases if sum(d.id == c.id for d in suite.cases) > 1}
    if duplicates:
        sys.exit(f"{args.suite}: duplicate case ids {sorted(duplicates)}")
    os.environ.pop("GOOGLE_API_KEY", None)  # the offline engine is what is measured
    os.environ.update(suite.env)
    with tempfile.TemporaryDirectory(prefix="heldout-") as tmp:
        os.environ["COGNICORE_DATA_DIR"] = tmp
        install_plugins(suite.plugins, Path(tmp) / "site")
        started = time.perf_counter()
        judged = asyncio.run(run_suite(suite, set(args.only)))
        elapsed = time.perf_counter() - started
    code = commit_of_code()
    if args.commit:
        code = {**code, "commit": args.commit, "dirty": False}
    if args.json:
        payload = {
            "suite": suite.suite,
            "file": str(args.suite),
            "measured_at": datetime.now().isoformat(timespec="seconds"),
            "code": code,
            "seconds": round(elapsed, 1),
            "summary": summarise(judged, "kind"),
            "by_topic": summarise(judged, "topic"),
            "cases": [asdict(j) for j in judged],
        }
        print(json.dumps(payload, indent=2, default=str))
        return
    print(f"suite {suite.suite} ({args.suite}), {len(judged)} cases in {elapsed:.0f} s")
    print(f"code {code['path']} at {code['commit']}{' + local changes' if code['dirty'] else ''}, offline engine\n")
    print_report(judged, details=args.details)


if __name__ == "__main__":
    main()
