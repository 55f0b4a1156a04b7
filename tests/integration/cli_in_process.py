"""Run a `cognicore` command inside the test process with typer's CliRunner, as a process run would look.

An interpreter start costs seconds here (imports, no bytecode cache); most CLI tests check what a command
does, not the process, so they run in process. `needs_a_process` names the cases that must stay real.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import traceback
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor

from click.testing import Result
from typer.testing import CliRunner


def needs_a_process(env: Mapping[str, str]) -> bool:
    """True when the command's environment only a new process gets right.

    No DATABASE_URL means the embedded server, which lives as long as the processes using it (the test
    process would keep it up); another PYTHONPATH means entry points from folders this process lacks.
    """
    if os.environ.get("COGNICORE_TEST_CLI_PROCESS"):  # set it to run every CLI test as a real process
        return True
    return "DATABASE_URL" not in env or env.get("PYTHONPATH") != os.environ.get("PYTHONPATH")


def run_in_process(
    args: tuple[str, ...], env: Mapping[str, str], stdin: str | None
) -> subprocess.CompletedProcess[str]:
    """`cognicore *args` through CliRunner with `env` as the whole environment; the clock is left as it was."""
    from cognicore.cli import app
    from cognicore.cli_common import console, err_console
    from cognicore.memory import clock

    overrides: dict[str, str | None] = {k: v for k, v in env.items() if os.environ.get(k) != v}
    overrides |= {k: None for k in os.environ if k not in env}
    saved_offset = clock._offset  # COGNICORE_CLOCK moves the process clock: put it back afterwards
    # The consoles were built at import, with the test process's width; a process run reads COLUMNS.
    saved_widths = [c._width for c in (console, err_console)]
    for c in (console, err_console):
        c._width = int(env.get("COLUMNS", "80"))

    def invoke() -> Result:
        return CliRunner().invoke(app, list(args), input=stdin, env=overrides, prog_name="cognicore")

    try:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            result = invoke()
        else:
            # Called from an async test: the command's asyncio.run needs a thread without a loop. The test's
            # loop waits, as it did on subprocess.run.
            with ThreadPoolExecutor(max_workers=1) as pool:
                result = pool.submit(invoke).result()
    finally:
        clock._offset = saved_offset
        for c, width in zip((console, err_console), saved_widths, strict=True):
            c._width = width
    stderr = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        # What the interpreter prints for an uncaught exception, so `"Traceback" not in stderr` still means it.
        stderr += "".join(traceback.format_exception(result.exception))
    return subprocess.CompletedProcess(
        [sys.executable, "-m", "cognicore.cli", *args], result.exit_code, result.stdout, stderr
    )
