"""Users of the service: API keys stored hashed, and per-user model credentials encrypted at rest.

An API key is `cc_<key id>_<secret>`: the id finds the row, the secret is compared with its stored
SHA-256 in constant time, so a leaked table gives no usable key. Credentials (a user's own Gemini key)
are sealed with AES-256-GCM under a data key from the settings; each row names the key that sealed it,
so old keys can still open rows until `users rotate-data-key` re-seals them under the current one.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from cognicore.settings import Settings

__all__ = [
    "MIGRATIONS",
    "ApiKey",
    "CredentialError",
    "DataKeys",
    "UserError",
    "UserInfo",
    "add_user",
    "authenticate",
    "delete_credential",
    "get_credential",
    "issue_key",
    "list_users",
    "revoke",
    "rotate_credentials",
    "set_credential",
]

MIGRATIONS: list[str] = [
    """
    CREATE TABLE service_users (
        name text PRIMARY KEY,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
    );
    CREATE TABLE api_keys (
        id text PRIMARY KEY,
        user_name text NOT NULL REFERENCES service_users (name),
        secret_sha256 bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
    );
    CREATE INDEX api_keys_user_idx ON api_keys (user_name);
    CREATE TABLE user_credentials (
        user_name text NOT NULL REFERENCES service_users (name),
        provider text NOT NULL,
        key_id text NOT NULL,
        nonce bytea NOT NULL,
        ciphertext bytea NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_name, provider)
    );
    """,
    # Long work started over the API (an evaluation suite), polled by id from any worker.
    """
    CREATE TABLE api_tasks (
        id text PRIMARY KEY,
        user_name text NOT NULL REFERENCES service_users (name),
        kind text NOT NULL,
        status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
        request jsonb NOT NULL DEFAULT '{}',
        result jsonb,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
    );
    CREATE INDEX api_tasks_user_idx ON api_tasks (user_name, kind, status);
    """,
]

KEY_PREFIX = "cc"
_NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}")
_KEY_RE = re.compile(rf"{KEY_PREFIX}_([0-9a-f]{{12}})_([A-Za-z0-9_-]{{20,100}})")


class UserError(Exception):
    """A user or key operation that cannot be done as asked (unknown user, bad name, revoked key)."""


class CredentialError(UserError):
    """A stored credential cannot be sealed or opened: missing or wrong data key."""


@dataclass(frozen=True, slots=True)
class ApiKey:
    """A freshly issued key: `token` is shown once and never stored."""

    user: str
    key_id: str
    token: str


@dataclass(frozen=True, slots=True)
class UserInfo:
    """A user as `users list` shows it."""

    name: str
    created_at: datetime
    revoked_at: datetime | None
    active_keys: int
    credentials: list[str]


def _digest(secret: str) -> bytes:
    return hashlib.sha256(secret.encode()).digest()


def _check_name(name: str) -> str:
    if not _NAME_RE.fullmatch(name):
        raise UserError(
            f"Invalid user name {name!r}: use 1 to 64 letters, digits, '_', '.', '@' or '-', starting with a "
            "letter or digit."
        )
    return name


async def add_user(pool: AsyncConnectionPool, name: str) -> ApiKey:
    """Create a user and issue its first API key."""
    _check_name(name)
    async with pool.connection() as conn, conn.transaction():
        cur = await conn.execute(
            "INSERT INTO service_users (name) VALUES (%s) ON CONFLICT DO NOTHING RETURNING name", (name,)
        )
        if await cur.fetchone() is None:
            raise UserError(f"User {name!r} exists already; issue another key with `cognicore users key {name}`.")
    return await issue_key(pool, name)


async def issue_key(pool: AsyncConnectionPool, name: str) -> ApiKey:
    """Issue another API key for an existing, active user."""
    key_id = secrets.token_hex(6)
    secret = secrets.token_urlsafe(32)
    async with pool.connection() as conn:
        cur = await conn.execute(
            "INSERT INTO api_keys (id, user_name, secret_sha256) SELECT %s, name, %s FROM service_users "
            "WHERE name = %s AND revoked_at IS NULL RETURNING id",
            (key_id, _digest(secret), name),
        )
        if await cur.fetchone() is None:
            raise UserError(f"No active user {name!r}; see `cognicore users list`.")
    return ApiKey(name, key_id, f"{KEY_PREFIX}_{key_id}_{secret}")


async def authenticate(pool: AsyncConnectionPool, token: str) -> str | None:
    """The user an API key belongs to, or None when it is malformed, unknown or revoked."""
    match = _KEY_RE.fullmatch(token.strip())
    if match is None:
        return None
    key_id, secret = match.groups()
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(
            "SELECT k.user_name, k.secret_sha256 FROM api_keys k JOIN service_users u ON u.name = k.user_name "
            "WHERE k.id = %s AND k.revoked_at IS NULL AND u.revoked_at IS NULL",
            (key_id,),
        )
        row = await cur.fetchone()
    if row is None or not hmac.compare_digest(bytes(row["secret_sha256"]), _digest(secret)):
        return None
    return str(row["user_name"])


async def revoke(pool: AsyncConnectionPool, name: str, *, key_id: str | None = None) -> int:
    """Revoke one key of a user, or the user and all its keys; returns how many keys were revoked."""
    async with pool.connection() as conn, conn.transaction():
        if key_id is None:
            cur = await conn.execute(
                "UPDATE service_users SET revoked_at = now() WHERE name = %s AND revoked_at IS NULL RETURNING name",
                (name,),
            )
            if await cur.fetchone() is None:
                raise UserError(f"No active user {name!r}; see `cognicore users list`.")
            cur = await conn.execute(
                "UPDATE api_keys SET revoked_at = now() WHERE user_name = %s AND revoked_at IS NULL", (name,)
            )
            return cur.rowcount
        cur = await conn.execute(
            "UPDATE api_keys SET revoked_at = now() WHERE user_name = %s AND id = %s AND revoked_at IS NULL",
            (name, key_id),
        )
        if cur.rowcount == 0:
            raise UserError(f"User {name!r} has no active key {key_id!r}; see `cognicore users list`.")
        return cur.rowcount


async def list_users(pool: AsyncConnectionPool) -> list[UserInfo]:
    """Every user with its count of active keys and the providers it has credentials for."""
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(
            """
            SELECT u.name, u.created_at, u.revoked_at,
                   (SELECT count(*) FROM api_keys k WHERE k.user_name = u.name AND k.revoked_at IS NULL) AS keys,
                   coalesce((SELECT array_agg(provider ORDER BY provider) FROM user_credentials c
                             WHERE c.user_name = u.name), '{}') AS credentials
            FROM service_users u ORDER BY u.name
            """
        )
        rows = await cur.fetchall()
    return [UserInfo(r["name"], r["created_at"], r["revoked_at"], r["keys"], list(r["credentials"])) for r in rows]


def _key_id(key: bytes) -> str:
    return hashlib.sha256(b"cognicore-data-key:" + key).hexdigest()[:12]


@dataclass(frozen=True)
class DataKeys:
    """The current AES-256 data key and older ones still accepted for reading, by key id."""

    current: bytes | None
    previous: tuple[bytes, ...] = ()

    @classmethod
    def from_settings(cls, settings: Settings) -> DataKeys:
        """COGNICORE_DATA_KEY and COGNICORE_PREVIOUS_DATA_KEYS."""
        return cls.from_text(
            settings.data_key.get_secret_value() if settings.data_key else None,
            [k.get_secret_value() for k in settings.previous_data_keys],
        )

    @classmethod
    def from_text(cls, current: str | None, previous: Sequence[str] = ()) -> DataKeys:
        """Decode base64 keys from settings; each must be 32 bytes."""

        def decode(text: str) -> bytes:
            try:
                key = base64.b64decode(text, validate=True)
            except ValueError as exc:
                raise CredentialError(f"A data key is not valid base64: {exc}") from None
            if len(key) != 32:
                raise CredentialError(
                    f"A data key must be 32 bytes (base64 of 32 random bytes), got {len(key)}; make one with "
                    "`python -c 'import os,base64;print(base64.b64encode(os.urandom(32)).decode())'`."
                )
            return key

        return cls(decode(current) if current else None, tuple(decode(p) for p in previous))

    def sealing(self) -> tuple[str, AESGCM]:
        """The current key's id and cipher, for new ciphertexts."""
        if self.current is None:
            raise CredentialError(
                "No data key configured: set COGNICORE_DATA_KEY to base64 of 32 random bytes to store credentials."
            )
        return _key_id(self.current), AESGCM(self.current)

    def opening(self, key_id: str) -> AESGCM:
        """The cipher of the key that sealed a row."""
        for key in (self.current, *self.previous):
            if key is not None and _key_id(key) == key_id:
                return AESGCM(key)
        raise CredentialError(
            f"A credential was sealed with data key {key_id}, which is neither COGNICORE_DATA_KEY nor in "
            "COGNICORE_PREVIOUS_DATA_KEYS; add the old key there, then run `cognicore users rotate-data-key`."
        )


def _aad(user: str, provider: str) -> bytes:
    # Bound to its row: a ciphertext copied to another user or provider fails to open.
    return f"{user}\x00{provider}".encode()


async def set_credential(pool: AsyncConnectionPool, keys: DataKeys, user: str, provider: str, secret: str) -> None:
    """Store (or replace) a user's credential for a provider, sealed with the current data key."""
    key_id, cipher = keys.sealing()
    nonce = os.urandom(12)
    sealed = cipher.encrypt(nonce, secret.encode(), _aad(user, provider))
    async with pool.connection() as conn:
        cur = await conn.execute(
            """
            INSERT INTO user_credentials (user_name, provider, key_id, nonce, ciphertext)
            SELECT name, %(provider)s, %(key_id)s, %(nonce)s, %(ct)s FROM service_users
            WHERE name = %(user)s AND revoked_at IS NULL
            ON CONFLICT (user_name, provider) DO UPDATE SET key_id = excluded.key_id, nonce = excluded.nonce,
                ciphertext = excluded.ciphertext, updated_at = now()
            RETURNING user_name
            """,
            {"user": user, "provider": provider, "key_id": key_id, "nonce": nonce, "ct": sealed},
        )
        if await cur.fetchone() is None:
            raise UserError(f"No active user {user!r}; see `cognicore users list`.")


async def delete_credential(pool: AsyncConnectionPool, user: str, provider: str) -> bool:
    """Forget a user's credential for a provider; True when one was stored."""
    async with pool.connection() as conn:
        cur = await conn.execute(
            "DELETE FROM user_credentials WHERE user_name = %s AND provider = %s", (user, provider)
        )
        return cur.rowcount > 0


async def get_credential(pool: AsyncConnectionPool, keys: DataKeys, user: str, provider: str) -> str | None:
    """A user's credential for a provider, opened; None when none is stored."""
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(
            "SELECT key_id, nonce, ciphertext FROM user_credentials WHERE user_name = %s AND provider = %s",
            (user, provider),
        )
        row = await cur.fetchone()
    if row is None:
        return None
    try:
        plain = keys.opening(row["key_id"]).decrypt(bytes(row["nonce"]), bytes(row["ciphertext"]), _aad(user, provider))
    except InvalidTag:
        raise CredentialError(f"The stored {provider} credential of {user!r} failed authentication.") from None
    return plain.decode()


async def rotate_credentials(pool: AsyncConnectionPool, keys: DataKeys) -> int:
    """Re-seal every credential not sealed with the current data key; returns how many were re-sealed."""
    current_id, cipher = keys.sealing()
    async with pool.connection() as conn, conn.transaction(), conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(
            "SELECT user_name, provider, key_id, nonce, ciphertext FROM user_credentials WHERE key_id <> %s FOR UPDATE",
            (current_id,),
        )
        rows = await cur.fetchall()
        for r in rows:
            aad = _aad(r["user_name"], r["provider"])
            try:
                plain = keys.opening(r["key_id"]).decrypt(bytes(r["nonce"]), bytes(r["ciphertext"]), aad)
            except InvalidTag:
                raise CredentialError(
                    f"The {r['provider']} credential of {r['user_name']!r} failed authentication; nothing rotated."
                ) from None
            nonce = os.urandom(12)
            await cur.execute(
                "UPDATE user_credentials SET key_id = %s, nonce = %s, ciphertext = %s, updated_at = now() "
                "WHERE user_name = %s AND provider = %s",
                (current_id, nonce, cipher.encrypt(nonce, plain, aad), r["user_name"], r["provider"]),
            )
    return len(rows)
