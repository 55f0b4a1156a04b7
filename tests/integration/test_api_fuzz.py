"""Schema-driven fuzzing of the OpenAPI document (schemathesis): no generated request gets a 5xx."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.integration.api_server import Server, clone_database, drop_database, make_user, run_server

EXAMPLES_PER_OPERATION = 8
# Running the graph is the slow part: the ask, resume, fork and replay operations get fewer examples.
SLOW = (
    "/v1/ask",
    "/v1/sessions/{session}/resume",
    "/v1/sessions/{session}/fork",
    "/v1/runs/{run_id}/replay",
    "/v1/eval",
    "/v1/memory/summarize",
    "/v1/workflows",
)


@pytest.fixture(scope="module")
def server(pg_admin_url: str, template_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server on its own database for the fuzzing run."""
    from tests.conftest import TEMPLATE

    name = f"fuzz_{uuid.uuid4().hex[:10]}"
    db_url = clone_database(pg_admin_url, TEMPLATE, name)
    try:
        yield from run_server(db_url, tmp_path_factory.mktemp("fuzz"))
    finally:
        drop_database(pg_admin_url, name)


def test_no_generated_request_gets_a_server_error(server: Server) -> None:
    key = make_user(server.db_url, "fuzzer")
    schema = schemathesis.openapi.from_url(f"{server.url}/openapi.json")
    failures: list[str] = []
    statuses: list[int] = []
    started = time.monotonic()
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 20
    for operation in operations:
        slow = operation.path in SLOW or operation.path.startswith("/v1/ask")

        @settings(
            max_examples=2 if slow else EXAMPLES_PER_OPERATION,
            deadline=None,
            database=None,
            derandomize=True,
            phases=[Phase.explicit, Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(case=operation.as_strategy(), authorised=st.booleans())
        def check(case: schemathesis.Case, authorised: bool) -> None:
            headers = {"Authorization": f"Bearer {key}"} if authorised else {}
            response = case.call(base_url=server.url, headers=headers, timeout=60)
            statuses.append(response.status_code)
            if response.status_code >= 500:
                failures.append(f"{case.method} {case.formatted_path} -> {response.status_code}: {response.text[:300]}")

        check()
    assert failures == [], "\n".join(failures[:20])
    # The fuzzing really reached the endpoints, with and without a key.
    assert len(statuses) >= 3 * len(operations) and 200 in statuses and 401 in statuses
    assert time.monotonic() - started < 240  # ~100 s on a loaded 2-core machine with 37 operations
