"""Checkpoint threads belong to a user: the thread id carries the user, and row-level security checks it.

LangGraph's checkpointer owns its tables and runs its statements without a tenant, so the policy lets a
connection with no `cognicore.user_id` through (the checkpointer's own) and limits any statement that acts
as a user (`memory.tenancy.user_transaction`) to that user's threads.
"""

from __future__ import annotations

from cognicore.memory.tenancy import USER_SETTING

__all__ = ["CHECKPOINT_TABLES", "CHECKPOINT_TENANCY", "thread_id"]

CHECKPOINT_TABLES = ("checkpoints", "checkpoint_blobs", "checkpoint_writes")


def thread_id(user_id: str, session_id: str) -> str:
    """The checkpoint thread of a user's session: `<user as UTF-8 hex>:<session>`.

    Two users with the same session name never share a thread; the hex part holds no `:`, so the first
    `:` always ends it, and SQL can compute it (`encode(convert_to(user, 'UTF8'), 'hex')`) for the policy.
    """
    return f"{user_id.encode().hex()}:{session_id}"


_TENANT = f"current_setting('{USER_SETTING}', true)"
_OWNED = f"split_part(thread_id, ':', 1) = encode(convert_to({_TENANT}, 'UTF8'), 'hex')"
_RULE = f"(coalesce({_TENANT}, '') = '' OR {_OWNED})"

# Run by the owner after the checkpointer's own setup (its tables do not exist before); idempotent, and
# a start-up that finds everything in place takes no lock.
CHECKPOINT_TENANCY = f"""
DO $do$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY{list(CHECKPOINT_TABLES)!r}::text[] LOOP
        IF NOT (SELECT relrowsecurity FROM pg_class WHERE oid = to_regclass(t)) THEN
            EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        END IF;
        IF NOT EXISTS (
            SELECT 1 FROM pg_policies WHERE schemaname = current_schema() AND tablename = t
              AND policyname = t || '_tenant'
        ) THEN
            EXECUTE format($p$CREATE POLICY %I ON %I USING {_RULE} WITH CHECK {_RULE}$p$, t || '_tenant', t);
        END IF;
    END LOOP;
END
$do$;
"""
"""Row-level security on the checkpointer's tables: a statement acting as a user sees only that user's threads."""
