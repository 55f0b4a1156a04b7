"""`cognicore eval --suite` on a held-out suite: the right/unsure/wrong table and the exit code, as a user runs it."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from tests.integration.test_cli import cli

# Our own cases (not the held-out ones): a data question checked by SQL, a knowledge question whose
# expectation is deliberately false (a confident answer that does not match: `wrong`).
SUITE = """
suite: cli-heldout
domain: the demo
cases:
  - id: revenue-2025
    kind: question
    request: What was our total revenue in 2025?
    expected_sql: |
      SELECT round(sum(oi.revenue), 2) AS revenue
      FROM demo_sales.order_items oi JOIN demo_sales.orders o ON o.order_id = oi.order_id
      WHERE o.ordered_at >= DATE '2025-01-01' AND o.ordered_at < DATE '2026-01-01'
    contains_values: {}
  - id: flight
    kind: out_of_scope
    request: Please book me a train to Lyon on Friday.
    refuses: true
  - id: shipping-false
    kind: question
    request: How much does express shipping cost?
    answer_contains: ["$99.99"]
  - id: no-such-document
    kind: question
    request: What does the zorble handbook say about the flurb maintenance interval?
    answer_contains: ["every 90 flurbs"]
"""


def _eval(*args: str, data_dir: Path, db_url: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("GOOGLE_API_KEY", "COGNICORE_GOOGLE_API_KEY")}
    env |= {"DATABASE_URL": db_url, "COGNICORE_DATA_DIR": str(data_dir), "NO_COLOR": "1", "COLUMNS": "160"}
    return cli("eval", *args, env=env, timeout=300)


def test_eval_runs_a_heldout_suite_judges_each_case_and_fails_only_on_a_wrong_one(
    db_url: str, data_dir: Path, tmp_path: Path
) -> None:
    suite = tmp_path / "heldout.yaml"
    suite.write_text(SUITE)
    out = _eval("--suite", str(suite), "--json", data_dir=data_dir, db_url=db_url)
    assert out.returncode == 1, out.stdout + out.stderr
    report = json.loads(out.stdout)
    verdicts = {c["id"]: c["verdict"] for c in report["cases"]}
    assert verdicts["shipping-false"] == "wrong", report["cases"]
    assert verdicts["revenue-2025"] == "right", report["cases"]
    assert verdicts["no-such-document"] == "unsure", report["cases"]  # an honest miss
    assert report["summary"]["total"]["n"] == 4 and report["summary"]["total"]["wrong"] == 1

    # Unsure is acceptable: without the wrong case the command succeeds.
    only = ("--only", "revenue-2025", "--only", "no-such-document")
    plain = _eval("--suite", str(suite), *only, data_dir=data_dir, db_url=db_url)
    assert plain.returncode == 0, plain.stdout + plain.stderr
    assert "unsure" in plain.stdout and "no-such-document" in plain.stdout
    assert "right" in plain.stdout and "revenue-2025" in plain.stdout
    # The same table as `python bench/heldout.py`.
    assert "kind             n  right  unsure  wrong  right %  unsure %" in plain.stdout
    assert "PASS  wrong without stated uncertainty == 0" in plain.stdout


def test_a_malformed_heldout_suite_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("suite: x\ncases:\n  - id: q1\n    request: hi\n    kind: question\n")
    out = _eval("--suite", str(bad), data_dir=tmp_path, db_url="postgresql://nobody@127.0.0.1:1/none")
    assert out.returncode == 1 and "Traceback" not in out.stderr
    # The console wraps at COLUMNS: where the line breaks depends on the length of tmp_path (longer under xdist).
    said = " ".join((out.stderr + out.stdout).split())
    assert "has no expectation" in said and str(bad) in said
