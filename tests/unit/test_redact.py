"""`redact` hides the password of every DSN form before a URL reaches a message or a log."""

from __future__ import annotations

import pytest

from cognicore.database import redact


@pytest.mark.parametrize(
    ("dsn", "expected"),
    [
        ("postgresql://app:s3cret@db:5432/x", "postgresql://app:***@db:5432/x"),
        ("postgres://app:p%40ss@db/x?sslmode=require", "postgres://app:***@db/x?sslmode=require"),
        ("postgresql://app:a:b@c@db/x", "postgresql://app:***@db/x"),
        ("postgresql://app@db/x?password=s3cret", "postgresql://app@db/x?password=***"),
        (
            "postgresql://db/x?user=app&PASSWORD=s3cret&sslmode=require",
            "postgresql://db/x?user=app&PASSWORD=***&sslmode=require",
        ),
        ("postgresql://u:one@db/x?password=two", "postgresql://u:***@db/x?password=***"),
        ("host=db user=app password=s3cret dbname=x", "host=db user=app password=*** dbname=x"),
        ("host=db password = 's3 cr\\'et' dbname=x", "host=db password = *** dbname=x"),
        ("host=db PassWord=s3cret", "host=db PassWord=***"),
    ],
)
def test_every_password_form_is_hidden(dsn: str, expected: str) -> None:
    assert redact(dsn) == expected
    assert "s3" not in redact(dsn) and "two" not in redact(dsn)


@pytest.mark.parametrize(
    "dsn",
    ["postgresql://postgres:@/postgres?host=/tmp/x", "postgresql://app@db:5432/x", "host=db user=app dbname=x"],
)
def test_a_dsn_without_password_is_unchanged(dsn: str) -> None:
    assert redact(dsn) == dsn


def test_an_unparseable_url_is_still_redacted() -> None:
    out = redact("postgresql://app:s3cret@[bad/x?password=two")
    assert "s3cret" not in out and "two" not in out
