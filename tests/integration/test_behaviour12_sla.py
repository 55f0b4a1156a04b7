"""A developer's agent reached by what its description says (D9, round 12): SLA breaches asked in a user's own words
go to the support desk's `sla_check` alone, not also to the SQL agent (which cannot read "SLA" and made the run
unsure), and not to a data workflow learned from an earlier ticket listing of the same user."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.integration.test_second_domain import EXAMPLE, ROOT, install


def test_sla_breaches_in_other_words_reach_the_sla_checker_alone(db_url: str, data_dir: Path, tmp_path: Path) -> None:
    install(tmp_path / "site")
    env = {k: v for k, v in os.environ.items() if k not in ("GOOGLE_API_KEY", "COGNICORE_GOOGLE_API_KEY")}
    env |= {
        "DATABASE_URL": db_url,
        "COGNICORE_DATA_DIR": str(data_dir),
        "PYTHONPATH": os.pathsep.join([str(tmp_path / "site"), str(EXAMPLE), str(ROOT), env.get("PYTHONPATH", "")]),
        # As the support desk deploys it: the SQL agent reads its schema, the SLA checker has a fixed clock.
        "COGNICORE_AGENTS": json.dumps(
            {
                "database_query": {"schemas": ["support_desk"], "glossary": []},
                "sla_check": {"as_of": "2026-01-08T12:00:00+00:00"},
            }
        ),
    }
    proc = subprocess.run(
        [sys.executable, "-m", "tests.integration.behaviour12_sla_scenario"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout)
    assert out["listing"]["agents"] == ["database_query"], out["listing"]
    anything, p2, rule = out["asked"]
    for run in (anything, p2):
        assert run["outcome"] == "succeeded" and run["agents"] == ["sla_check"], run
        assert run["workflow"]["reused"] is not True, run
        assert "breach their SLA" in run["answer"], run
    # As of 2026-01-08 12:00: INC-1001 (P1, opened 01-05 08:00, 4 hours) is late; INC-1005 is closed.
    assert "INC-1001 (P1" in anything["answer"] and "INC-1005" not in anything["answer"]
    assert "(P2" in p2["answer"] and "(P1" not in p2["answer"]
    # A rule asked ("what's the target response time ..."): never answered by running the check alone
    assert rule["agents"] != ["sla_check"], rule
