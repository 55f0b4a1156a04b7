"""Held-out evaluation of the engine on requests worded as people write them (prints figures; not a test).

    python bench/heldout.py [--suite bench/heldout/demo.yaml] [--json] [--details] [--only ID ...]

Starts an embedded PostgreSQL in a temporary folder (or uses DATABASE_URL), seeds the domain (the suite's
`seed`, the demo by default; its `env` sets the domain's settings, such as COGNICORE_SQL_SCHEMAS; its
`plugins` are plugin project folders installed for the run, as `pip install` would, whose schemas the
application role is then granted, as `seed_plugins` does), and runs every case of the suite through the
application (`open_app` + runner, as `cognicore ask` does, memory processed after each reply), one fresh
user per run (plus one per `user` label); cases sharing a `session` run in file order in one session.
GOOGLE_API_KEY is removed, so this measures the offline engine.

The suite format and the judging rules live in the package (`cognicore/heldout.py`, run by
`cognicore/heldout_run.py`), shared with `cognicore eval --suite FILE`, which runs the same cases on the
configured deployment. Measuring a tree exported with `git archive` (PYTHONPATH=that tree): pass `--commit`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict
from datetime import datetime
from pathlib import Path
from typing import Any

from cognicore import heldout_run
from cognicore.heldout import Case, Judged, Suite, ValueCheck, load_suite, report_text, summarise, verdict
from cognicore.workflows.evaluation import SuiteError

DEFAULT_SUITE = Path(__file__).parent / "heldout" / "demo.yaml"
ROOT = Path(__file__).resolve().parents[1]
__all__ = ["Case", "Judged", "Suite", "ValueCheck", "install_plugins", "main", "verdict"]


def install_plugins(folders: list[str], site: Path) -> None:
    """Install plugin projects (folders relative to the repository) for this process, as `pip install` would."""
    try:
        heldout_run.install_plugins([(ROOT / f).resolve() for f in folders], site)
    except SuiteError as exc:
        raise SystemExit(str(exc)) from exc


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


def main() -> None:
    """Parse arguments, run the suite in a temporary data folder, print the table or JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--suite", type=Path, default=DEFAULT_SUITE, help="the suite YAML (default: the demo's)")
    parser.add_argument("--json", action="store_true", help="one JSON object on standard output")
    parser.add_argument("--details", action="store_true", help="show every case with its answer")
    parser.add_argument("--only", nargs="*", default=[], help="run only these case ids")
    parser.add_argument("--commit", help="record this commit (when measuring a tree exported with git archive)")
    args = parser.parse_args()
    try:
        suite = load_suite(args.suite)
    except SuiteError as exc:
        sys.exit(str(exc))
    os.environ.pop("GOOGLE_API_KEY", None)  # the offline engine is what is measured
    with tempfile.TemporaryDirectory(prefix="heldout-") as tmp:
        os.environ["COGNICORE_DATA_DIR"] = tmp
        try:
            heldout_run.prepare(suite, args.suite, Path(tmp) / "site")
        except SuiteError as exc:
            sys.exit(str(exc))
        from cognicore.settings import Settings

        started = time.perf_counter()
        judged = asyncio.run(heldout_run.run_suite(suite, Settings(), only=set(args.only)))
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
    print(report_text(judged, details=args.details))


if __name__ == "__main__":
    main()
