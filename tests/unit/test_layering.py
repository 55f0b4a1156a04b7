"""The packages import only those to their left: memory <- subagents <- workflows <- orchestrator <- cognicore."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ORDER = ["memory", "subagents", "workflows", "orchestrator", "cognicore"]
ROOT = Path(__file__).resolve().parents[2]


def _layer(module: str) -> str:
    """The layer a module belongs to: `cognicore.memory.x` is `memory`, `cognicore.cli` is the shell."""
    parts = module.split(".")
    if parts[0] == "cognicore" and len(parts) > 1 and parts[1] in ORDER[:-1]:
        return parts[1]
    return parts[0]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {_layer(a.name) for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(_layer(node.module))
    return found


def _sources(package: str) -> list[Path]:
    # The shell's folder holds symlinks to the four packages; they belong to their own layer.
    links = {ROOT / "cognicore" / p for p in ORDER[:-1]}
    return [p for p in (ROOT / package).rglob("*.py") if not any(link in p.parents for link in links)]


@pytest.mark.parametrize("package", ORDER)
def test_package_imports_only_lower_layers(package: str) -> None:
    allowed = set(ORDER[: ORDER.index(package) + 1])
    forbidden = set(ORDER) - allowed
    offenders = {str(p.relative_to(ROOT)): sorted(_imports(p) & forbidden) for p in _sources(package)}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_only_the_shell_reads_the_environment() -> None:
    readers = [
        str(p.relative_to(ROOT))
        for package in ORDER[:-1]
        for p in _sources(package)
        if "os.environ" in p.read_text(encoding="utf-8") or "getenv" in p.read_text(encoding="utf-8")
    ]
    assert readers == []


def test_old_top_level_names_are_not_imported() -> None:
    """Everything imports through the `cognicore` namespace; `import memory` would load a second copy."""
    old = {
        str(p.relative_to(ROOT)) for package in ORDER for p in _sources(package) if _raw_imports(p) & set(ORDER[:-1])
    }
    assert old == set()


def _raw_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found
