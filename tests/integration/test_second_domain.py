"""A second domain, installed as a third party would: planned by both planners, executed, learned, reused.

The support-desk example (`examples/support_desk`) is made importable and declared through a dist-info on
PYTHONPATH in a subprocess, with the entry points its own `pyproject.toml` declares; nothing under
`orchestrator/` (nor elsewhere in cognicore) names it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "support_desk"


def install(site: Path) -> None:
    """A dist-info for the example whose entry_points.txt lists the groups of its pyproject.toml."""
    project = tomllib.loads((EXAMPLE / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    info = site / f"support_desk_example-{project['version']}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n")
    groups = project["entry-points"]
    (info / "entry_points.txt").write_text(
        "".join(f"[{g}]\n" + "".join(f"{k} = {v}\n" for k, v in eps.items()) for g, eps in groups.items())
    )


def test_the_support_desk_plugin_runs_through_both_planners_and_is_reused(
    db_url: str, data_dir: Path, tmp_path: Path
) -> None:
    install(tmp_path / "site")
    env = {k: v for k, v in os.environ.items() if k not in ("GOOGLE_API_KEY", "COGNICORE_GOOGLE_API_KEY")}
    env |= {
        "DATABASE_URL": db_url,
        "COGNICORE_DATA_DIR": str(data_dir),
        "PYTHONPATH": os.pathsep.join([str(tmp_path / "site"), str(EXAMPLE), str(ROOT), env.get("PYTHONPATH", "")]),
        # The agent's own typed settings section: a fixed clock, and a stricter P1 than the default.
        "COGNICORE_AGENTS": json.dumps({"sla_check": {"as_of": "2026-01-08T12:00:00+00:00", "hours": {
            "P1": 2, "P2": 8, "P3": 24, "P4": 72}}}),
    }  # fmt: skip
    proc = subprocess.run(
        [sys.executable, "-m", "tests.integration.second_domain_scenario"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout)
    assert out["seeded"]["support_desk"] in (0, 18)
    assert "sla_check" in out["registry"]

    first = out["first"]
    assert first["intent"] == "task" and first["outcome"] == "succeeded", first
    assert "sla_check" in first["agents"] and first["model_calls"]["plan"] == 1
    # As of 2026-01-08 12:00, with P1 at 2 hours: INC-1001 (P1, opened 01-05 08:00) is long overdue.
    assert "INC-1001 (P1" in first["answer"] and "breach their SLA" in first["answer"]
    assert "INC-1005" not in first["answer"], "closed tickets are not checked"

    again = out["paraphrase"]
    assert again["outcome"] == "succeeded" and again["workflow"]["reused"] is True, again
    assert again["model_calls"].get("plan") == 0 and again["agents"] == first["agents"]

    llm = out["llm"]
    assert llm["outcome"] == "succeeded" and llm["agents"] == ["sla_check"], llm
    assert llm["model_calls"]["plan"] == 1 and "P3" not in llm["answer"] and "INC-1001 (P1" in llm["answer"]
