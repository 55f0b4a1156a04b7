"""The `cognicore` command as a user runs it: a real database, entry-point agents, real processes where the
process is what is tested (entry point, embedded server, kill -9), in process (CliRunner) otherwise."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from tests.integration.cli_in_process import needs_a_process, run_in_process

DRILL_MODULE = '''
"""Sub-agents installed through the cognicore.subagents entry point group, for the CLI tests."""
import asyncio, os
from pathlib import Path
from cognicore.subagents.types import StepOutput

def _log(what):
    with open(Path(os.environ["DRILL_DIR"]) / "calls", "a") as f:
        f.write(what + "\\n")

class TallyMarks:
    name = "tally_marks"
    description = "Counts tally marks for the crash drill."
    input_hint = "what to count"
    deterministic = True
    def __init__(self, services):
        pass
    async def run(self, task, ctx):
        _log("tally")
        return StepOutput(summary="counted 7 tally marks", data={"columns": ["mark", "count"], "rows": [["x", 7]]})

class SlowDrill:
    name = "slow_drill"
    description = "Sleeps during the crash drill until it is woken."
    input_hint = ""
    deterministic = True
    def __init__(self, services):
        self._composer = services.roles.composer  # a recorded role, called before the crash and again after
    async def run(self, task, ctx):
        _log("slow")
        await self._composer.compose(question="How long does the drill sleep?", passages=[])
        marker = Path(os.environ["DRILL_DIR"]) / "sleeping"
        if not marker.exists():
            marker.touch()
            wake = Path(os.environ["DRILL_DIR"]) / "wake"
            for _ in range(1200):  # 120 s, or until a test wakes it
                if wake.exists():
                    break
                await asyncio.sleep(0.1)
        return StepOutput(summary="woke up")
'''


@pytest.fixture
def drill(tmp_path: Path) -> Path:
    """A folder with an importable module and a dist-info declaring its two agents as entry points."""
    return make_drill(tmp_path)


def make_drill(tmp_path: Path) -> Path:
    """Write the drill agents' module and dist-info under `tmp_path` (see the `drill` fixture)."""
    site = tmp_path / "site"
    (site / "drill_agents-0.1.dist-info").mkdir(parents=True)
    (site / "drill_agents.py").write_text(DRILL_MODULE)
    (site / "drill_agents-0.1.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: drill-agents\nVersion: 0.1\n"
    )
    (site / "drill_agents-0.1.dist-info" / "entry_points.txt").write_text(
        textwrap.dedent("""
        [cognicore.subagents]
        tally_marks = drill_agents:TallyMarks
        slow_drill = drill_agents:SlowDrill
    """)
    )
    (tmp_path / "drill").mkdir()
    return tmp_path


def _env(db_url: str, data_dir: Path, drill: Path | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("GOOGLE_API_KEY", "COGNICORE_GOOGLE_API_KEY")}
    env |= {"DATABASE_URL": db_url, "COGNICORE_DATA_DIR": str(data_dir), "NO_COLOR": "1", "COLUMNS": "160"}
    if drill is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(drill / "site"), env.get("PYTHONPATH", "")])
        env["DRILL_DIR"] = str(drill / "drill")
    return env


def cli(
    *args: str, env: dict[str, str], stdin: str | None = None, timeout: float = 120, process: bool = False
) -> subprocess.CompletedProcess[str]:
    """`cognicore *args` with `env`: in process (CliRunner) unless `process` or the env needs a real process."""
    if not process and not needs_a_process(env):
        return run_in_process(args, env, stdin)
    return subprocess.run(
        [sys.executable, "-m", "cognicore.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        input=stdin,
    )


def test_the_entry_point_shows_help() -> None:
    out = cli("--help", env=dict(os.environ))
    assert out.returncode == 0 and "Usage" in out.stdout
    for command in ("ask", "demo", "ingest", "eval", "memory", "jobs", "worker", "prune", "serve", "feedback"):
        assert command in out.stdout


def _commands(group: Any, ctx: Any, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command under a (Typer's) click group, depth first, as the words that invoke it."""
    found: list[tuple[str, ...]] = []
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None, name
        found.append((*path, name))
        if hasattr(command, "list_commands"):  # a group of commands
            found += _commands(command, type(ctx)(command, parent=ctx, info_name=name), (*path, name))
    return found


def test_every_command_and_subcommand_has_help() -> None:
    # In process (the entry point itself is checked above): one interpreter start instead of one per command.
    from cognicore.cli import app

    root = typer.main.get_command(app)
    commands = _commands(root, root.context_class(root, info_name="cognicore"))
    assert len(commands) >= 20, commands
    runner = CliRunner()
    for path in commands:
        result = runner.invoke(app, [*path, "--help"], env={"NO_COLOR": "1", "COLUMNS": "160"})
        assert result.exit_code == 0 and "Usage" in result.output, (path, result.output)
        doc = result.output.split("Usage", 1)[1]
        assert len(doc.strip().splitlines()) > 2, f"{' '.join(path)} has no description: {result.output}"


def test_ask_json_has_the_documented_shape(db_url: str, data_dir: Path) -> None:
    out = cli(
        "ask",
        "Which 3 products had the highest revenue last quarter? Write a short briefing.",
        "--session",
        "cli1",
        "--json",
        env=_env(db_url, data_dir),
    )
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert {
        "session",
        "run_id",
        "intent",
        "answer",
        "citations",
        "plan",
        "steps",
        "artifacts",
        "workflow",
        "engine",
        "model_calls",
        "timings_ms",
    } <= set(result)
    assert result["session"] == "cli1" and result["intent"] == "task" and result["engine"] == "offline"
    assert result["workflow"] == {"id": result["workflow"]["id"], "reused": False, "similarity": None}
    assert all(set(s) >= {"id", "agent", "status", "output"} for s in result["steps"])
    assert all(set(s) == {"id", "agent", "instruction", "depends_on"} for s in result["plan"]["steps"])
    assert all(Path(p).exists() for p in result["artifacts"])


def test_database_down_is_a_clear_error_with_the_password_hidden(data_dir: Path) -> None:
    env = _env("postgresql://app:s3cret@127.0.0.1:1/cognicore", data_dir)
    out = cli("ask", "hello", "--json", env=env)
    assert out.returncode == 1
    error = json.loads(out.stdout)["error"]
    assert error["type"] == "DatabaseUnavailable"
    assert "127.0.0.1:1" in error["message"] and "s3cret" not in out.stdout + out.stderr
    assert "***" in error["message"]
    plain = cli("agents", env=env)
    assert plain.returncode == 1 and "Traceback" not in plain.stderr and "Cannot connect" in plain.stderr


def test_oversized_input_is_refused_in_json(db_url: str, data_dir: Path) -> None:
    out = cli("ask", "-", "--json", env=_env(db_url, data_dir), stdin="word " * 33_000)
    assert out.returncode == 1
    assert json.loads(out.stdout)["error"]["type"] == "InputRejected"


def test_entry_point_agents_are_listed_planned_and_resumed_after_a_kill(
    db_url: str, data_dir: Path, drill: Path
) -> None:
    env = _env(db_url, data_dir, drill)
    listed = json.loads(cli("agents", "--json", env=env).stdout)
    assert [a["name"] for a in listed] == [
        "rag_query",
        "database_query",
        "report_generation",
        "tally_marks",
        "slow_drill",
    ]
    calls, marker = drill / "drill" / "calls", drill / "drill" / "sleeping"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cognicore.cli",
            "ask",
            "Run the crash drill: count tally marks, sleep, and write a report",
            "--session",
            "drill",
            "--json",
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while not (marker.exists() and "tally" in (calls.read_text() if calls.exists() else "")):
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the drill never reached its slow step"
        time.sleep(0.05)
    time.sleep(1.0)  # let the finished step's writes reach the checkpointer
    proc.send_signal(signal.SIGKILL)  # a crash: no cleanup, no chance to save anything
    proc.wait()

    history = json.loads(cli("history", "--session", "drill", "--json", env=env).stdout)
    assert history and "slow_drill" in history[0]["next"]
    run_id = history[0]["run_id"]
    stored = json.loads(cli("runs", "show", run_id, "--json", env=env).stdout)
    assert stored["status"] == "running", "a killed run cannot mark itself; `resume` is offered"
    before = [(c["role"], c["scope"]) for c in stored["calls"]]
    slow_step = next((scope for role, scope in before if role == "compose_answer"), None)
    assert ("plan", "run") in before and slow_step not in (None, "run"), "calls made before the kill are kept"
    busy = cli("ask", "another request", "--session", "drill", "--json", env=env)
    assert busy.returncode == 1 and "cognicore resume --session drill" in json.loads(busy.stdout)["error"]["message"]
    resumed = cli("resume", "--session", "drill", "--json", env=env)
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    result = json.loads(resumed.stdout)
    assert [s["agent"] for s in result["steps"]] == ["tally_marks", "slow_drill", "report_generation"]
    assert all(s["status"] == "ok" for s in result["steps"])
    assert calls.read_text().split().count("tally") == 1, "the completed step was not executed again"
    assert calls.read_text().split().count("slow") == 2
    shown = json.loads(cli("runs", "show", run_id, "--json", env=env).stdout)
    scopes = [(c["role"], c["scope"]) for c in shown["calls"]]
    assert scopes.count(("compose_answer", slow_step)) == 1, "the re-run step replaced its calls from before the kill"
    assert scopes.count(("plan", "run")) == 1 and shown["status"] == "succeeded"
    replay = cli("workflows", "replay", run_id, "--json", env=env)
    assert replay.returncode == 0 and json.loads(replay.stdout)["identical"] is True, replay.stdout + replay.stderr


def _embedded_env(data_dir: Path) -> dict[str, str]:
    env = _env("", data_dir)
    del env["DATABASE_URL"]
    return env


def _postgres_running_in(folder: Path) -> bool:
    import psutil

    for proc in psutil.process_iter(attrs=["name", "cmdline"]):
        if proc.info["name"] == "postgres" and str(folder) in " ".join(proc.info["cmdline"] or []):
            return True
    return False


def test_demo_on_the_embedded_server_seeds_once_and_stops_the_server(tmp_path: Path) -> None:
    data_dir = tmp_path / "fresh"
    env = _embedded_env(data_dir)
    first = cli("demo", "--json", env=env, timeout=300)
    assert first.returncode == 0, first.stdout[-2000:] + first.stderr[-2000:]
    report = json.loads(first.stdout)
    assert report["seeded"]["sales_rows"] > 10_000 and report["seeded"]["documents_added"] >= 8
    question, task = report["runs"]
    assert question["intent"] == "question" and question["citations"]
    assert task["intent"] == "task" and len(task["plan"]["steps"]) >= 3
    assert len({s["agent"] for s in task["steps"]}) >= 2 and task["artifacts"]
    assert question["engine"] == task["engine"] == "offline"
    second = cli("demo", "--json", env=env, timeout=300)
    assert second.returncode == 0
    again = json.loads(second.stdout)
    assert again["seeded"] == {"sales_rows": 0, "documents_added": 0}
    reused = again["runs"][1]
    assert reused["workflow"]["reused"] is True, "the second demo task reuses the first one's workflow"
    replay = cli("workflows", "replay", reused["run_id"], "--user", "demo", "--json", env=env, timeout=300)
    assert replay.returncode == 0 and json.loads(replay.stdout)["identical"] is True, replay.stdout + replay.stderr
    assert not _postgres_running_in(data_dir), "the embedded server stops with the last process"


def test_concurrent_processes_share_one_embedded_server(tmp_path: Path) -> None:
    env = _embedded_env(tmp_path / "shared")
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "cognicore.cli", "agents", "--json"],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(3)
    ]
    outputs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], outputs
    assert all(len(json.loads(out)) == 3 for out, _ in outputs)
    assert not _postgres_running_in(tmp_path / "shared")


def test_ingest_adds_then_skips_unchanged_files(db_url: str, data_dir: Path, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "guide.md").write_text("# Onboarding guide\n\nNew staff get a Volt Charging Dock on day one.\n")
    (docs / "image.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    env = _env(db_url, data_dir)
    first = json.loads(cli("ingest", str(docs), "--json", env=env).stdout)
    assert [Path(p).name for p in first["added"]] == ["guide.md"]
    assert [Path(s["path"]).name for s in first["skipped"]] == ["image.png"]
    second = json.loads(cli("ingest", str(docs), "--json", env=env).stdout)
    assert second["added"] == [] and [Path(p).name for p in second["unchanged"]] == ["guide.md"]
    stats = json.loads(cli("memory", "stats", "--user", "local", "--json", env=env).stdout)
    assert stats["memories"]["by_kind"] == {"observation": 1}, "the upload is an observation, once"
    missing = cli("ingest", str(tmp_path / "nope"), env=env)
    assert missing.returncode == 1 and "nope" in missing.stderr and "Traceback" not in missing.stderr
