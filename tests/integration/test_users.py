"""API users: keys stored hashed and revocable, credentials sealed with AES-256-GCM and rotated."""

from __future__ import annotations

import base64
import hashlib

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.users import (
    CredentialError,
    DataKeys,
    UserError,
    add_user,
    authenticate,
    get_credential,
    issue_key,
    list_users,
    revoke,
    rotate_credentials,
    set_credential,
)

OLD = base64.b64encode(b"o" * 32).decode()
NEW = base64.b64encode(b"n" * 32).decode()


async def test_keys_are_stored_hashed_and_revocable(pool: AsyncConnectionPool) -> None:
    first = await add_user(pool, "alice")
    assert first.token.startswith(f"cc_{first.key_id}_")
    async with pool.connection() as conn:
        row = await (await conn.execute("SELECT secret_sha256 FROM api_keys WHERE id = %s", (first.key_id,))).fetchone()
    secret = first.token.split("_", 2)[2]
    assert row is not None and bytes(row["secret_sha256"]) == hashlib.sha256(secret.encode()).digest()
    assert secret.encode() not in bytes(row["secret_sha256"])
    assert await authenticate(pool, first.token) == "alice"
    assert await authenticate(pool, first.token[:-1] + ("A" if first.token[-1] != "A" else "B")) is None
    assert await authenticate(pool, "not a key") is None
    second = await issue_key(pool, "alice")
    assert await revoke(pool, "alice", key_id=first.key_id) == 1
    assert await authenticate(pool, first.token) is None
    assert await authenticate(pool, second.token) == "alice"
    assert (await list_users(pool))[0].active_keys == 1
    assert await revoke(pool, "alice") == 1
    assert await authenticate(pool, second.token) is None
    with pytest.raises(UserError, match="No active user"):
        await issue_key(pool, "alice")
    with pytest.raises(UserError, match="exists already"):
        await add_user(pool, "alice")
    with pytest.raises(UserError, match="Invalid user name"):
        await add_user(pool, "bad name; drop")


async def test_credentials_rotate_to_the_new_data_key(pool: AsyncConnectionPool) -> None:
    await add_user(pool, "alice")
    await add_user(pool, "bob")
    old = DataKeys.from_text(OLD)
    await set_credential(pool, old, "alice", "gemini", "alice-secret")
    await set_credential(pool, old, "bob", "gemini", "bob-secret")
    # A ciphertext is bound to its row: Alice's copied onto Bob's row fails authentication.
    async with pool.connection() as conn:
        await conn.execute(
            "UPDATE user_credentials b SET nonce = a.nonce, ciphertext = a.ciphertext FROM user_credentials a "
            "WHERE b.user_name = 'bob' AND a.user_name = 'alice'"
        )
    with pytest.raises(CredentialError, match="failed authentication"):
        await get_credential(pool, old, "bob", "gemini")
    await set_credential(pool, old, "bob", "gemini", "bob-secret")
    new_only = DataKeys.from_text(NEW)
    with pytest.raises(CredentialError, match="COGNICORE_PREVIOUS_DATA_KEYS"):
        await get_credential(pool, new_only, "alice", "gemini")
    rotating = DataKeys.from_text(NEW, [OLD])
    assert await rotate_credentials(pool, rotating) == 2
    assert await rotate_credentials(pool, rotating) == 0
    assert await get_credential(pool, new_only, "alice", "gemini") == "alice-secret"
    assert await get_credential(pool, new_only, "bob", "gemini") == "bob-secret"
    assert await get_credential(pool, new_only, "bob", "openai") is None


def test_data_keys_must_be_32_bytes() -> None:
    with pytest.raises(CredentialError, match="32 bytes"):
        DataKeys.from_text(base64.b64encode(b"short").decode())
    with pytest.raises(CredentialError, match="base64"):
        DataKeys.from_text("not base64!!")
    with pytest.raises(CredentialError, match="COGNICORE_DATA_KEY"):
        DataKeys.from_text(None).sealing()
