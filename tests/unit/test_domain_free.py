"""The core is domain-free: the sales demo's vocabulary lives only in its plugin."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = ("orchestrator", "memory", "workflows", "subagents")
# The demo's company, schema, products, regions and metrics-specific names (the words the review hook greps).
DEMO_WORDS = re.compile(
    r"aurora|demo_sales|orbit smartwatch|vista ar|asia pacific|buds pro|studio headphones|pulse mini"
    r"|lumen bulb|haven security|volt charging|flex usb|\blatam\b|\bapac\b",  # bounded: "capacity" is no region
    re.IGNORECASE,
)


def test_no_demo_vocabulary_in_the_core() -> None:
    hits = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()[:80]}"
        for package in CORE
        for path in sorted((ROOT / package).rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if DEMO_WORDS.search(line)
    ]
    assert not hits, "the sales demo is named in the core; move it to cognicore/demo:\n" + "\n".join(hits)


def test_the_demo_registers_through_the_public_entry_point_group() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '[project.entry-points."cognicore.plugins"]' in text
    assert 'sales_demo = "cognicore.demo.plugin:PLUGIN"' in text
