"""`cognicore memory import | search | facts` as a user runs them: real processes on a real database."""

from __future__ import annotations

import json
import os
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.integration.test_cli import cli

T0 = datetime(2023, 3, 1, 18, 0, tzinfo=UTC)


def _cli(*args: str, db_url: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("GOOGLE_API_KEY", "COGNICORE_GOOGLE_API_KEY")}
    env |= {"DATABASE_URL": db_url, "COGNICORE_DATA_DIR": str(data_dir), "NO_COLOR": "1", "COLUMNS": "160"}
    return cli(*args, env=env, timeout=180)


def test_import_then_search_and_facts_by_speaker(db_url: str, data_dir: Path, tmp_path: Path) -> None:
    said = {5: ("Maria", "I live in Lyon."), 9: ("Tom", "I work as a carpenter."), 130: ("Maria", "I live in Lyon.")}
    rows = []
    for i in range(150):  # two speakers, five sessions a week apart
        speaker, text = said.get(i, ("Maria" if i % 2 == 0 else "Tom", f"Small talk number {i}."))
        at = T0 + timedelta(days=7 * (i // 30), minutes=i)
        rows.append(
            {"speaker": speaker, "text": text, "timestamp": at.isoformat(), "session": f"s{i // 30}", "id": f"m{i}"}
        )
    path = tmp_path / "chat.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))

    out = _cli("memory", "import", str(path), "--user", "pair", "--process", "--json", db_url=db_url, data_dir=data_dir)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["import"]["stored"] == 150 and report["import"]["speakers"] == ["Maria", "Tom"]
    assert report["jobs"] == {"done": 150, "failed": 0}

    out = _cli(
        "memory", "search", "Lyon", "--user", "pair", "--speaker", "Maria", "--json", db_url=db_url, data_dir=data_dir
    )
    assert out.returncode == 0, out.stderr
    memories = json.loads(out.stdout)["memories"]
    # The two identical turns are one memory to search (the nightly merge_duplicates merges them): the
    # newer copy stands, with its own date; the fact below keeps both as sources.
    assert [(m["metadata"]["message_id"], m["created_at"]) for m in memories] == [("m130", "2023-03-29T20:10:00Z")]

    out = _cli("memory", "facts", "--user", "pair", "--json", db_url=db_url, data_dir=data_dir)
    assert out.returncode == 0, out.stderr
    facts = {f["statement"]: f for f in json.loads(out.stdout)}
    assert facts["Maria lives in Lyon."]["subject"] == "Maria"
    assert facts["Maria lives in Lyon."]["sources"] == ["m5", "m130"]
    assert facts["Tom works as a carpenter."]["subject"] == "Tom"
