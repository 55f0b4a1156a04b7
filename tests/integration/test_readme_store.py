"""The README's plain LangGraph graph with cognicore memory as its store runs as written."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

README = Path(__file__).resolve().parents[2] / "README.md"


def store_example() -> str:
    section = README.read_text(encoding="utf-8").split("Any LangGraph graph (or `create_react_agent`", 1)[1]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


async def test_the_readme_store_graph_runs(db_url: str, capsys: Any) -> None:
    # The README's top-level `await`s run inside a coroutine, as in a notebook or an async main().
    code = "async def main(url):\n" + textwrap.indent(store_example(), "    ") + "    await mem.close()\n"
    namespace: dict[str, Any] = {}
    exec(compile(code, "README.md", "exec"), namespace)
    await namespace["main"](db_url)
    printed = capsys.readouterr().out
    assert "'found': ['Standup moved to 9:30']" in printed
