"""The run commands as users run them: per-user isolation, busy sessions, a database lost mid-run."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

import psycopg
from psycopg import sql

from tests.integration.test_cli import _embedded_env, _env, _postgres_running_in, cli, make_drill

DEMO_TASK = "Analyze the latest sales data, find the three best-selling products and write a short briefing"
DRILL_TASK = "Run the crash drill: count tally marks, sleep, and write a report"


def _json(out: subprocess.CompletedProcess[str]) -> object:
    assert out.stdout, out.stderr
    return json.loads(out.stdout)


def test_every_run_command_shows_only_the_users_own_items(db_url: str, data_dir: Path) -> None:
    env = _env(db_url, data_dir)
    asked = _json(cli("ask", DEMO_TASK, "--session", "same", "--user", "ann", "--json", env=env))
    assert isinstance(asked, dict) and asked["outcome"] == "succeeded"
    run_id, workflow_id = asked["run_id"], str(asked["workflow"]["id"])
    assert [r["id"] for r in _json(cli("runs", "list", "--user", "ann", "--json", env=env))] == [run_id]  # type: ignore[index]
    assert _json(cli("runs", "list", "--user", "bob", "--json", env=env)) == []
    assert _json(cli("workflows", "list", "--user", "bob", "--json", env=env)) == []
    assert _json(cli("history", "--session", "same", "--user", "ann", "--json", env=env))
    refused = {
        "runs show": cli("runs", "show", run_id, "--user", "bob", "--json", env=env),
        "workflows show": cli("workflows", "show", workflow_id, "--user", "bob", "--json", env=env),
        "workflows retire": cli("workflows", "retire", workflow_id, "--user", "bob", "--json", env=env),
        "workflows export": cli("workflows", "export", workflow_id, "--user", "bob", env=env),
        "workflows replay": cli("workflows", "replay", run_id, "--user", "bob", "--json", env=env),
        "resume": cli("resume", "--session", "same", "--user", "bob", "--json", env=env),
        "history": cli("history", "--session", "same", "--user", "bob", "--json", env=env),
    }
    for command, out in refused.items():
        assert out.returncode == 1, (command, out.stdout, out.stderr)
        assert "Traceback" not in out.stderr and ann_leaks(out) is False, command
    checkpoint = _json(cli("history", "--session", "same", "--user", "ann", "--json", env=env))[-2]["checkpoint_id"]  # type: ignore[index]
    forked = cli("fork", "--session", "same", "--checkpoint", checkpoint, "--user", "bob", "--json", env=env)
    assert forked.returncode == 1 and _json(forked) == {  # the service's NotFound, as the API's 404 says it
        "error": {
            "type": "NotFound",
            "message": "No session 'same' for user 'bob'; start one with `cognicore ask --session` or POST /v1/ask.",
        }
    }
    assert _json(cli("workflows", "show", workflow_id, "--user", "ann", "--json", env=env))["status"] == "active"  # type: ignore[index]


def ann_leaks(out: subprocess.CompletedProcess[str]) -> bool:
    """Whether a refusal printed anything of ann's run (her request or answer)."""
    return "best-selling" in out.stdout + out.stderr


def _wait_for(path: Path, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 60
    while not path.exists():
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the drill never reached its slow step"
        time.sleep(0.05)


def test_a_live_run_keeps_its_session_busy_and_a_lost_database_is_a_clear_error(
    db_url: str,
    data_dir: Path,
    tmp_path: Path,
    pg_admin_url: str,
) -> None:
    drill = make_drill(tmp_path)
    env = _env(db_url, data_dir, drill)
    proc = subprocess.Popen(
        [sys.executable, "-m", "cognicore.cli", "ask", DRILL_TASK, "--session", "live", "--json"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        _wait_for(drill / "drill" / "sleeping", proc)
        busy = cli("ask", "another request", "--session", "live", "--json", env=env)
        assert busy.returncode == 1 and "busy" in busy.stdout and "resume" not in busy.stdout, busy.stdout
        not_resumable = cli("resume", "--session", "live", "--json", env=env)
        assert not_resumable.returncode == 1 and "busy" in not_resumable.stdout
        # the database goes away under the live run
        name = urlsplit(db_url).path.lstrip("/")
        with psycopg.connect(pg_admin_url, autocommit=True) as admin:
            admin.execute(sql.SQL("ALTER DATABASE {} ALLOW_CONNECTIONS false").format(sql.Identifier(name)))
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                (name,),
            )
        (drill / "drill" / "wake").touch()
        stdout, stderr = proc.communicate(timeout=90)
    finally:
        if proc.poll() is None:
            proc.kill()
        with psycopg.connect(pg_admin_url, autocommit=True) as admin:
            admin.execute(
                sql.SQL("ALTER DATABASE {} ALLOW_CONNECTIONS true").format(
                    sql.Identifier(urlsplit(db_url).path.lstrip("/"))
                )
            )
    assert proc.returncode == 1, stdout + stderr
    error = json.loads(stdout)["error"]
    assert error["type"] == "DatabaseUnavailable" and "resume" in error["message"], error
    assert "internal error" not in stdout + stderr


def _stop_postgres_in(folder: Path) -> None:
    import psutil

    for proc in psutil.process_iter(attrs=["name", "cmdline"]):
        if proc.info["name"] == "postgres" and str(folder) in " ".join(proc.info["cmdline"] or []):
            proc.kill()


def test_the_embedded_server_stops_with_the_last_live_process_even_after_a_kill(tmp_path: Path) -> None:
    # Outside pytest's basetemp (mode 0700, pruned by concurrent sessions): the server runs as another user.
    data_dir = Path(tempfile.mkdtemp(prefix="cognicore-test-kill-")) / "data"
    drill = make_drill(tmp_path)
    env = {**_embedded_env(data_dir), **{k: v for k, v in _env("", data_dir, drill).items() if k != "DATABASE_URL"}}
    proc = subprocess.Popen(
        [sys.executable, "-m", "cognicore.cli", "ask", DRILL_TASK, "--session", "k", "--json"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        _wait_for(drill / "drill" / "sleeping", proc)
        proc.send_signal(signal.SIGKILL)  # its pid stays registered with the embedded server
        proc.wait()
        assert _postgres_running_in(data_dir)
        later = cli("runs", "list", "--json", env=env, timeout=180)
        assert later.returncode == 0, later.stderr
        assert [r["status"] for r in json.loads(later.stdout)] == ["running"], "the killed run is left to resume"
        assert not _postgres_running_in(data_dir), "the last live process stopped the server"
    finally:
        if proc.poll() is None:
            proc.kill()
        _stop_postgres_in(data_dir)
        shutil.rmtree(data_dir.parent, ignore_errors=True)
