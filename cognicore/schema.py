"""Every package's migrations, in dependency order, for `database.migrate`."""

from collections.abc import Sequence

from cognicore.jobs_schema import MIGRATIONS as JOB_MIGRATIONS
from cognicore.memory.migrations import MIGRATIONS as MEMORY_MIGRATIONS
from cognicore.roles import MIGRATIONS as ROLE_MIGRATIONS
from cognicore.users import MIGRATIONS as USER_MIGRATIONS
from cognicore.workflows.migrations import MIGRATIONS as WORKFLOW_MIGRATIONS

COMPONENTS: list[tuple[str, Sequence[str]]] = [
    ("memory", MEMORY_MIGRATIONS),
    ("workflows", WORKFLOW_MIGRATIONS),
    ("users", USER_MIGRATIONS),
    ("roles", ROLE_MIGRATIONS),
    ("jobs", JOB_MIGRATIONS),
]
