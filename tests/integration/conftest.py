"""Fixtures for whole-application tests: settings isolated from the machine's environment."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.app import App, open_app
from cognicore.settings import Settings
from tests.integration.desk_helpers import desk_rows  # noqa: F401 (a fixture)
from tests.integration.test_offline_sql_any_schema import tickets  # noqa: F401 (a fixture)
from tests.integration.test_offline_sql_desk_wordings import desk  # noqa: F401 (a fixture)


@pytest.fixture
def settings(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Settings:
    """Offline settings writing into the test's folder, whatever the machine's environment says."""
    for var in ("GOOGLE_API_KEY", "DATABASE_URL", "COGNICORE_DATABASE_URL", "COGNICORE_GOOGLE_API_KEY"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("COGNICORE_DATA_DIR", str(data_dir))
    return Settings(_env_file=None)  # type: ignore[call-arg]


AppFactory = Callable[..., AbstractAsyncContextManager[App]]


@pytest.fixture
def make_app(settings: Settings, pool: AsyncConnectionPool) -> AppFactory:
    """`async with make_app(**kwargs) as app:` opens the application on the test's database."""

    def factory(**kwargs: Any) -> AbstractAsyncContextManager[App]:
        return open_app(kwargs.pop("settings", settings), pool=pool, **kwargs)

    return factory


@pytest.fixture
async def app(make_app: AppFactory) -> AsyncIterator[App]:
    """The offline application on the test's database."""
    async with make_app() as a:
        yield a
