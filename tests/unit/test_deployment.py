"""The deployment files: compose runs PostgreSQL, a multi-worker API and the job worker, each health-checked."""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def test_compose_services_are_health_checked() -> None:
    services = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]
    assert set(services) == {"db", "api", "worker"}
    assert all(s.get("healthcheck", {}).get("test") for s in services.values())
    api = services["api"]
    assert api["command"][0] == "serve" and "--workers" in api["command"]
    assert "/readyz" in " ".join(api["healthcheck"]["test"])
    assert services["worker"]["command"][0] == "worker" and "--health-file" in services["worker"]["command"]
    for name in ("api", "worker"):
        assert services[name]["depends_on"]["db"]["condition"] == "service_healthy"
        assert services[name]["environment"]["DATABASE_URL"].endswith("@db:5432/${POSTGRES_DB:-cognicore}")


def test_dockerfile_installs_every_package_the_wheel_needs() -> None:
    text = (ROOT / "Dockerfile").read_text()
    for folder in ("cognicore", "memory", "subagents", "workflows", "orchestrator"):
        assert f"COPY {folder} ./{folder}" in text
