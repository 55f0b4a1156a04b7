"""The held-out suites load and are well formed, and the harness installs a plugin project as pip would."""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
SUITES = sorted((ROOT / "bench" / "heldout").glob("*.yaml"))


def _harness() -> ModuleType:
    """bench/heldout.py, imported by path (bench is not a package)."""
    spec = importlib.util.spec_from_file_location("heldout_harness", ROOT / "bench" / "heldout.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # pydantic resolves the models' annotations through the module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("path", SUITES, ids=[p.stem for p in SUITES])
def test_every_suite_validates_with_unique_ids(path: Path) -> None:
    suite = _harness().Suite.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
    ids = Counter(c.id for c in suite.cases)
    assert not [i for i, n in ids.items() if n > 1]


def test_the_support_desk_suite_covers_every_kind_and_installs_its_plugin() -> None:
    suite = _harness().Suite.model_validate(
        yaml.safe_load((ROOT / "bench" / "heldout" / "support_desk.yaml").read_text(encoding="utf-8"))
    )
    kinds = Counter(c.kind for c in suite.cases)
    assert len(suite.cases) >= 20 and set(kinds) == {
        "question", "task", "statement", "followup", "out_of_scope", "misspelled", "foreign"
    }  # fmt: skip
    assert suite.plugins == ["examples/support_desk"] and suite.seed == "support_desk:seed"
    assert all("support_desk." in c.expected_sql for c in suite.cases if c.expected_sql), "another domain's table"


def test_install_plugins_declares_the_entry_points_of_a_plugin_project(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))  # restored after the test
    before = {name for name in sys.modules if name.split(".")[0] == "support_desk"}
    assert "support_desk" not in {ep.name for ep in entry_points(group="cognicore.plugins")}
    try:
        _harness().install_plugins(["examples/support_desk"], tmp_path / "site")
        plugins = {ep.name: ep for ep in entry_points(group="cognicore.plugins")}
        agents = {ep.name: ep for ep in entry_points(group="cognicore.subagents")}
        plugin = plugins["support_desk"].load()
        assert plugin.name == "support_desk" and plugin.schemas == ("support_desk",)
        assert agents["sla_check"].load().name == "sla_check"
    finally:
        for name in [n for n in sys.modules if n.split(".")[0] == "support_desk" and n not in before]:
            del sys.modules[name]


def test_install_plugins_names_a_folder_without_a_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))
    with pytest.raises(SystemExit, match=r"no/such/plugin.*pyproject\.toml"):
        _harness().install_plugins(["no/such/plugin"], tmp_path / "site")
