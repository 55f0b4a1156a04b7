"""Sub-agent services for tests, built the way the shell builds them (roles offline or from a fake model)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from langchain_core.language_models import BaseChatModel
from psycopg_pool import AsyncConnectionPool

from cognicore.demo.plugin import PLUGIN as DEMO
from cognicore.demo.sales import SCHEMA
from cognicore.memory.knowledge import KnowledgeBase
from cognicore.memory.llm import RoleOptions
from cognicore.models import build_agent_roles
from cognicore.plugins import merged_agent_settings, offline_sql_writer
from cognicore.subagents.types import AgentServices


def agent_services(
    pool: AsyncConnectionPool,
    knowledge: KnowledgeBase | None = None,
    *,
    chat_model: BaseChatModel | None = None,
    options: RoleOptions | None = None,
    settings: Mapping[str, Mapping[str, Any]] | None = None,
) -> AgentServices:
    """Services with the demo plugin's agent settings (overridden by `settings`) and the engine's roles."""
    opts = options or RoleOptions(retries=1)
    return AgentServices(
        pool=pool,
        knowledge=knowledge,  # type: ignore[arg-type]  # some agents never read it
        roles=build_agent_roles(
            chat_model, opts, offline_sql_writer=offline_sql_writer([DEMO], pool, [SCHEMA]), synonyms=DEMO.synonyms
        ),
        settings=merged_agent_settings([DEMO], settings or {}),
        chat_model=chat_model,
        role_options=opts,
    )
