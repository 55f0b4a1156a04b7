"""The packages import only those to their left: memory <- subagents <- workflows <- orchestrator <- cognicore."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ORDER = ["memory", "subagents", "workflows", "orchestrator", "cognicore"]
ROOT = Path(__file__).resolve().parents[2]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("package", ORDER)
def test_package_imports_only_lower_layers(package: str) -> None:
    allowed = set(ORDER[: ORDER.index(package) + 1])
    forbidden = set(ORDER) - allowed
    offenders = {str(p.relative_to(ROOT)): sorted(_imports(p) & forbidden) for p in (ROOT / package).rglob("*.py")}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_only_the_shell_reads_the_environment() -> None:
    readers = [
        str(p.relative_to(ROOT))
        for package in ORDER[:-1]
        for p in (ROOT / package).rglob("*.py")
        if "os.environ" in p.read_text(encoding="utf-8") or "getenv" in p.read_text(encoding="utf-8")
    ]
    assert readers == []
