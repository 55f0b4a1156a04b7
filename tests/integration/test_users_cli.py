"""The `cognicore users` commands end to end: add prints a key once, list, set-credential, rotate, revoke."""

from __future__ import annotations

import base64
import json
import os
import subprocess
from pathlib import Path
from typing import Any

from cognicore.users import DataKeys, authenticate, get_credential
from tests.integration.api_server import on_pool
from tests.integration.test_cli import cli

OLD = base64.b64encode(b"1" * 32).decode()
NEW = base64.b64encode(b"2" * 32).decode()


def _cli(db_url: str, data_dir: Path, *args: str, stdin: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k not in ("GOOGLE_API_KEY", "COGNICORE_GOOGLE_API_KEY")}
    environ |= {"DATABASE_URL": db_url, "COGNICORE_DATA_DIR": str(data_dir), **env}
    return cli(*args, env=environ, stdin=stdin)


def _json(done: subprocess.CompletedProcess[str]) -> Any:
    assert done.returncode == 0, done.stderr or done.stdout
    return json.loads(done.stdout)


def test_users_commands(db_url: str, data_dir: Path) -> None:
    added = _json(_cli(db_url, data_dir, "users", "add", "dora", "--json"))
    assert added["user"] == "dora" and added["api_key"].startswith(f"cc_{added['key_id']}_")
    assert on_pool(db_url, lambda pool: authenticate(pool, added["api_key"])) == "dora"

    again = _cli(db_url, data_dir, "users", "add", "dora", "--json")
    assert again.returncode == 1 and "exists already" in json.loads(again.stdout)["error"]["message"]

    stored = _cli(
        db_url, data_dir, "users", "set-credential", "dora", "--json", stdin="AIza-secret\n", COGNICORE_DATA_KEY=OLD
    )
    assert _json(stored) == {"user": "dora", "provider": "gemini", "stored": True}
    listed = _json(_cli(db_url, data_dir, "users", "list", "--json"))
    assert [(u["name"], u["active_keys"], u["credentials"]) for u in listed] == [("dora", 1, ["gemini"])]

    rotated = _cli(
        db_url,
        data_dir,
        "users",
        "rotate-data-key",
        "--json",
        COGNICORE_DATA_KEY=NEW,
        COGNICORE_PREVIOUS_DATA_KEYS=json.dumps([OLD]),
    )
    assert _json(rotated) == {"rotated": 1}
    keys = DataKeys.from_text(NEW)
    assert on_pool(db_url, lambda pool: get_credential(pool, keys, "dora", "gemini")) == "AIza-secret"

    assert _json(_cli(db_url, data_dir, "users", "revoke", "dora", "--json")) == {"user": "dora", "revoked_keys": 1}
    assert on_pool(db_url, lambda pool: authenticate(pool, added["api_key"])) is None
