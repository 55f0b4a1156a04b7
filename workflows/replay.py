"""Comparing a replayed run with the run it replays, step by step."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from cognicore.subagents.role_names import RoleName

ReplayMode = Literal["recorded", "live"]

# Roles whose recorded answers a live replay still uses: the decisions that fix the plan. Everything else
# (sub-agents, their roles, answers) runs against today's models and data.
PLANNING_ROLES = frozenset(
    {
        RoleName.RECALL,
        RoleName.CLASSIFY,
        RoleName.KEY_WORKFLOW,
        RoleName.LOOKUP_WORKFLOW,
        RoleName.ADAPT_WORKFLOW,
        RoleName.PLAN,
    }
)

# Roles only memory writes and learning use; a replay writes no memory and learns no workflow (the original
# run did), so it never calls them.
MEMORY_WRITE_ROLES = frozenset({RoleName.SCORE_IMPORTANCE, RoleName.GENERALISE_WORKFLOW})


class Difference(BaseModel):
    """One place where the replay did not reproduce the original."""

    where: str = Field(description="'intent', 'plan', 'step s1', 'answer', 'artifact report.md', ...")
    expected: str
    actual: str


class ReplayReport(BaseModel):
    """The outcome of a replay: identical, or the differences in order."""

    original_run: str
    replay_run: str
    mode: ReplayMode
    identical: bool
    differences: list[Difference] = Field(default_factory=list)


def _normalise(value: Any, replay_run: str, original_run: str) -> str:
    # JSON values compare by content: PostgreSQL's jsonb does not keep key order.
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True, default=str)
    return text.replace(replay_run, original_run)


def _digest(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    except OSError as exc:
        return f"unreadable ({exc.strerror})"


def _artifact_text(path: Path, replay_run: str, original_run: str) -> str:
    if path.suffix.lower() in {".md", ".txt", ".csv", ".json"}:
        try:
            return _normalise(path.read_text(encoding="utf-8"), replay_run, original_run)
        except OSError as exc:
            return f"unreadable ({exc.strerror})"
    return _digest(path)


def compare_runs(original: dict[str, Any], replayed: dict[str, Any]) -> list[Difference]:
    """Differences between two run results (`RunResult` JSON), run ids in the replay mapped back."""
    orig_id, new_id = original["run_id"], replayed["run_id"]
    diffs: list[Difference] = []

    def check(where: str, expected: Any, actual: Any) -> None:
        e, a = _normalise(expected, new_id, orig_id), _normalise(actual, new_id, orig_id)
        if e != a:
            diffs.append(Difference(where=where, expected=e, actual=a))

    check("intent", original.get("intent"), replayed.get("intent"))
    check("outcome", original.get("outcome"), replayed.get("outcome"))
    check("plan", original.get("plan"), replayed.get("plan"))
    before = {s["id"]: s for s in original.get("steps", [])}
    after = {s["id"]: s for s in replayed.get("steps", [])}
    for sid in sorted(before.keys() | after.keys()):
        b, a = before.get(sid), after.get(sid)
        if b is None or a is None:
            check(f"step {sid}", "present" if b else "absent", "present" if a else "absent")
            continue
        check(f"step {sid} status", b["status"], a["status"])
        check(f"step {sid} output", b["output"], a["output"])
    check("answer", original.get("answer"), replayed.get("answer"))
    check("citations", original.get("citations"), replayed.get("citations"))
    old_files = {Path(p).name: Path(p) for p in original.get("artifacts", [])}
    new_files = {Path(p).name: Path(p) for p in replayed.get("artifacts", [])}
    for name in sorted(old_files.keys() | new_files.keys()):
        if name not in old_files or name not in new_files:
            check(
                f"artifact {name}",
                "present" if name in old_files else "absent",
                "present" if name in new_files else "absent",
            )
            continue
        check(
            f"artifact {name}",
            _artifact_text(old_files[name], new_id, orig_id),
            _artifact_text(new_files[name], new_id, orig_id),
        )
    return diffs
