"""Held-out suites (issue 9): the suite format and the judging rules, shared by `cognicore eval` and the bench.

A held-out suite holds requests worded as people write them, each with an expectation checked against the
domain's data; a run is judged `right`, `unsure` (honestly hedged) or `wrong` (confidently wrong).

Judging rules (the fields of a case are listed at the top of `bench/heldout/demo.yaml`):

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
The run itself (a database, the app, the domain's seed) is in `cognicore.heldout_run`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from cognicore.workflows.evaluation import SuiteError

Kind = Literal["question", "task", "statement", "followup", "out_of_scope", "misspelled", "foreign"]
KINDS: tuple[str, ...] = Kind.__args__  # type: ignore[attr-defined]
TOPICS = ("data", "knowledge", "memory", "behaviour")
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

    @model_validator(mode="after")
    def _unique_ids(self) -> Suite:
        """Two cases with one id would make `--only` and the report ambiguous."""
        ids = [c.id for c in self.cases]
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        if duplicates:
            raise ValueError(f"duplicate case ids {duplicates}; case ids must be unique")
        return self


def is_heldout_file(path: Path) -> bool:
    """True when `path` is a held-out suite (a top-level `suite:` key), not an evaluation suite (`name:`)."""
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return False  # the evaluation suite loader reports the problem with its own message
    return isinstance(raw, dict) and "suite" in raw and "name" not in raw


def load_suite(path: Path) -> Suite:
    """Read and validate a held-out suite; `SuiteError` names the file and what is wrong."""
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SuiteError(f"cannot read the held-out suite {path}: {exc.strerror or exc}") from exc
    except yaml.YAMLError as exc:
        raise SuiteError(f"{path} is not valid YAML: {exc}") from exc
    try:
        return Suite.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'suite'}: {e['msg']}" for e in exc.errors(include_url=False)
        )
        raise SuiteError(f"{path} is not a valid held-out suite ({problems}); see bench/heldout/demo.yaml") from exc


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


FENCE = re.compile(r"```.*?(```|$)", re.S)
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
    parts = [FENCE.sub(" ", result.get("answer") or "")]
    for path in result.get("artifacts") or []:
        if str(path).endswith(".md") and Path(path).is_file():
            parts.append(FENCE.sub(" ", Path(path).read_text(encoding="utf-8")))
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


def result_checks(case: Case, result: dict[str, Any], text: str) -> list[str]:
    """Failures of the checks that read only the run's result: phrases, report, chart, statement, refusal."""
    failures = check_phrases(text, case.answer_contains)
    artifacts = [str(a) for a in result.get("artifacts") or []]
    ran_steps = bool(result.get("steps"))
    if case.report and not any(a.endswith(".md") for a in artifacts):
        failures.append("no report written")
    if case.chart and not any(a.endswith(".png") for a in artifacts):
        failures.append("no chart drawn")
    if case.statement:
        if result.get("plan") or ran_steps:
            failures.append("a statement was planned as a task")
        if not (result.get("answer") or "").strip():
            failures.append("no acknowledgement")
    if case.refuses:
        failures += check_refusal(text, ran_steps)
    return failures


def summarise(judged: list[Judged], key: Literal["kind", "topic"]) -> dict[str, dict[str, float]]:
    """Counts and rates per kind (or per topic) and in total."""
    names = KINDS if key == "kind" else TOPICS
    groups = {k: [j for j in judged if getattr(j, key) == k] for k in names}
    groups = {k: v for k, v in groups.items() if v} | {"total": judged}
    out = {}
    for name, items in groups.items():
        n = len(items)
        counts = {v: sum(j.verdict == v for j in items) for v in ("right", "unsure", "wrong")}
        rates = {
            "right_pct": 100 * counts["right"] / n if n else 0.0,
            "unsure_pct": 100 * counts["unsure"] / n if n else 0.0,
        }
        out[name] = {"n": n, **counts, **rates}
    return out


def summary_table(summary: dict[str, dict[str, float]], heading: str) -> str:
    """One plain-text table: a row per group, then the total."""
    lines = [f"{heading:<14}{'n':>4}{'right':>7}{'unsure':>8}{'wrong':>7}{'right %':>9}{'unsure %':>10}"]
    for name, s in summary.items():
        if name == "total":
            lines.append("-" * 59)
        lines.append(
            f"{name:<14}{s['n']:>4}{s['right']:>7}{s['unsure']:>8}{s['wrong']:>7}"
            f"{s['right_pct']:>8.1f}%{s['unsure_pct']:>9.1f}%"
        )
    return "\n".join(lines) + "\n"


def report_text(judged: list[Judged], *, details: bool) -> str:
    """The human-readable report: tables per kind and per topic, the targets, every case not right."""
    t = summarise(judged, "kind")["total"]
    out = [summary_table(summarise(judged, "kind"), "kind"), summary_table(summarise(judged, "topic"), "topic")]
    out.append(
        f"right {t['right_pct']:.1f}%   unsure {t['unsure_pct']:.1f}%   wrong without stated uncertainty: {t['wrong']}"
    )
    out.append(f"{'PASS' if t['right_pct'] >= 85 else 'FAIL'}  right >= 85%")
    out.append(f"{'PASS' if t['wrong'] == 0 else 'FAIL'}  wrong without stated uncertainty == 0\n")
    for j in judged:
        if j.verdict != "right" or details:
            agents = ",".join(j.agents) or "-"
            out.append(
                f"{j.verdict.upper():<7} {j.id} [{j.kind}; outcome {j.outcome}; intent {j.intent}; agents {agents}]"
            )
            out.append(f"        request: {j.request}")
            out += [f"        - {f}" for f in j.failures]
            if details:
                answer = re.sub(r"\s+", " ", FENCE.sub(" [code] ", j.answer))[:400]
                out.append(f"        answer: {answer}")
    return "\n".join(out)
