"""The wheel lists every package of the source tree: a subpackage missing from pyproject is missing when installed."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_package_under_cognicore_is_listed_for_the_wheel() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    # rglob does not follow the four symlinked packages; their subpackages (if any) are found through them.
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "cognicore").rglob("__init__.py")
        if "__pycache__" not in init.parts
    }
    for link in ("memory", "subagents", "workflows", "orchestrator"):
        found |= {
            "cognicore." + ".".join((Path(link) / init.parent.relative_to(ROOT / link)).parts).rstrip(".")
            for init in (ROOT / link).rglob("__init__.py")
        }
    assert found - listed == set()
