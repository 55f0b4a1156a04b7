"""The README's drawing of the graph is the graph: every edge, and its kind, matches `build_graph()`."""

from __future__ import annotations

import re
from pathlib import Path

from cognicore.orchestrator.graph import build_graph

README = Path(__file__).resolve().parents[2] / "README.md"
EDGE = re.compile(r"^\s*(\w+) (-->|-\.->) (\w+);\s*$")


def test_readme_mermaid_matches_the_compiled_graph() -> None:
    block = README.read_text(encoding="utf-8").split("```mermaid", 1)[1].split("```", 1)[0]
    documented = {(m[1], m[3], m[2] == "-.->") for line in block.splitlines() if (m := EDGE.match(line))}
    graph = build_graph(["rag_query", "database_query", "report_generation"]).compile().get_graph()
    actual = {(e.source, e.target, e.conditional) for e in graph.edges}
    assert documented == actual


def test_agent_names_cannot_shadow_orchestrator_nodes() -> None:
    import pytest

    with pytest.raises(ValueError, match="clash with orchestrator nodes"):
        build_graph(["plan"])
