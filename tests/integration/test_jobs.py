"""The durable memory job queue on the real database: atomic enqueue, retries, a killed worker, tenants."""

from __future__ import annotations

import asyncio
import sys
import textwrap
from collections import Counter
from pathlib import Path

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.memory import jobs
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.extraction import OfflineFactExtractor
from cognicore.memory.facts import FactStore
from cognicore.memory.tenancy import user_transaction

A, B = "alice", "bob"
ROOT = Path(__file__).resolve().parents[2]


def _handlers(pool: AsyncConnectionPool) -> dict[str, jobs.JobHandler]:
    facts = FactStore(pool, OfflineEmbeddings())
    return {jobs.EXTRACT_TURN: jobs.make_extract_handler(OfflineFactExtractor(), facts)}


async def _turn(target: object, user: str, text: str, round: int = 1) -> int:
    return await jobs.enqueue_turn(
        target,  # type: ignore[arg-type]
        user_id=user,
        session_id="s1",
        round=round,
        user_message=text,
        assistant_message="Noted.",
    )


async def _unfinished(pool: AsyncConnectionPool, user: str) -> int:
    async with pool.connection() as conn:
        cur = await conn.execute("SELECT unfinished FROM memory_job_users WHERE user_id = %s", (user,))
        row = await cur.fetchone()
    return int(row["unfinished"]) if row else 0


async def test_a_job_enqueued_with_the_turn_commits_or_rolls_back_with_it(pool: AsyncConnectionPool) -> None:
    with pytest.raises(RuntimeError):
        async with user_transaction(pool, A) as conn:
            await _turn(conn, A, "I prefer tea.")
            raise RuntimeError("the turn failed to save")
    assert await jobs.list_jobs(pool, A) == []
    async with user_transaction(pool, A) as conn:
        job_id = await _turn(conn, A, "I prefer tea.")
    [job] = await jobs.list_jobs(pool, A)
    assert (job.id, job.status, job.attempts) == (job_id, "pending", 0)
    assert await _unfinished(pool, A) == 1


async def test_enqueue_refuses_a_connection_acting_as_someone_else(pool: AsyncConnectionPool) -> None:
    async with user_transaction(pool, A) as conn:
        with pytest.raises(ValueError, match="user_transaction"):
            await _turn(conn, B, "I prefer tea.")
    assert await jobs.list_jobs(pool, B) == []


async def test_processing_extracts_facts_for_every_user(pool: AsyncConnectionPool) -> None:
    await _turn(pool, A, "I prefer tea.")
    await _turn(pool, A, "Actually I drink coffee now, not tea.", round=2)
    await _turn(pool, B, "I live in Lisbon.")
    report = await jobs.process(pool, _handlers(pool))
    assert (report.claimed, report.done, report.failed, report.errors) == (3, 3, 0, ())
    assert set(report.users) == {A, B}
    facts = FactStore(pool, OfflineEmbeddings())
    assert [f.statement for f in await facts.active(A)] == ["The user prefers to drink coffee."]
    assert [f.statement for f in await facts.active(B)] == ["The user lives in Lisbon."]
    done = await jobs.list_jobs(pool, A, status="done")
    assert [j.result["facts"][0]["action"] for j in reversed(done) if j.result] == ["added", "superseded"]
    assert all(j.result == {**j.result, "model_calls": {"extract_facts": 1}} for j in done)
    assert await _unfinished(pool, A) == await _unfinished(pool, B) == 0
    assert (await jobs.process(pool, _handlers(pool))).claimed == 0


async def test_a_failed_attempt_is_retried_then_fails_for_good(pool: AsyncConnectionPool) -> None:
    calls: Counter[int] = Counter()

    async def flaky(job: jobs.Job) -> dict[str, object]:
        calls[job.id] += 1
        if job.payload.get("always_fail") or calls[job.id] == 1:
            raise RuntimeError(f"boom {calls[job.id]}")
        return {"ok": True}

    recovers = await jobs.enqueue(pool, user_id=A, kind="flaky", payload={}, max_attempts=3)
    doomed = await jobs.enqueue(pool, user_id=A, kind="flaky", payload={"always_fail": True}, max_attempts=2)
    first = await jobs.process(pool, {"flaky": flaky}, retry_delay_s=60)
    assert (first.claimed, first.done, first.retried, first.failed) == (2, 0, 2, 0)
    # Not due yet: the retry waits for its delay.
    assert (await jobs.process(pool, {"flaky": flaky}, retry_delay_s=60)).claimed == 0
    async with pool.connection() as conn:
        await conn.execute("UPDATE memory_jobs SET run_after = now()")
    second = await jobs.process(pool, {"flaky": flaky}, retry_delay_s=60)
    assert (second.done, second.failed) == (1, 1)
    by_id = {j.id: j for j in await jobs.list_jobs(pool, A)}
    assert (by_id[recovers].status, by_id[recovers].attempts) == ("done", 2)
    assert by_id[recovers].last_error == "RuntimeError: boom 1"
    assert (by_id[doomed].status, by_id[doomed].attempts) == ("failed", 2)
    assert by_id[doomed].last_error == "RuntimeError: boom 2"
    assert await _unfinished(pool, A) == 0


async def test_jobs_of_kinds_without_a_handler_wait_untouched(pool: AsyncConnectionPool) -> None:
    job_id = await jobs.enqueue(pool, user_id=A, kind="reflect", payload={})
    assert (await jobs.process(pool, _handlers(pool))).claimed == 0
    [job] = await jobs.list_jobs(pool, A)
    assert (job.id, job.status, job.attempts) == (job_id, "pending", 0)


async def test_two_workers_run_each_job_once(pool: AsyncConnectionPool) -> None:
    runs: Counter[int] = Counter()

    async def slow(job: jobs.Job) -> None:
        runs[job.id] += 1
        await asyncio.sleep(0.01)

    ids = [await jobs.enqueue(pool, user_id=u, kind="slow", payload={}) for u in (A, B) * 5]
    reports = await asyncio.gather(*(jobs.process(pool, {"slow": slow}) for _ in range(2)))
    assert sum(r.done for r in reports) == 10
    assert runs == Counter(dict.fromkeys(ids, 1))


KILLED_WORKER = textwrap.dedent(
    """
    import asyncio, os, sys
    from cognicore.database import open_pool
    from cognicore.memory import jobs

    async def main(url):
        pool = await open_pool(url, max_size=2)
        async def die(job):
            os._exit(17)  # the process dies mid-job, like a kill -9: no cleanup, no status update
        await jobs.process(pool, {"extract_turn": die}, lease_s=1.0)

    asyncio.run(main(sys.argv[1]))
    """
)


async def _killed_worker(db_url: str) -> None:
    proc = await asyncio.create_subprocess_exec(sys.executable, "-c", KILLED_WORKER, db_url, cwd=ROOT)
    assert await asyncio.wait_for(proc.wait(), timeout=60) == 17


async def test_a_job_left_running_by_a_killed_worker_is_reclaimed(pool: AsyncConnectionPool, db_url: str) -> None:
    job_id = await _turn(pool, A, "I prefer tea.")
    await _killed_worker(db_url)
    [job] = await jobs.list_jobs(pool, A)
    assert (job.status, job.attempts) == ("running", 1)
    # Still leased: another worker leaves it alone until the lease runs out.
    assert (await jobs.process(pool, _handlers(pool))).claimed == 0
    await asyncio.sleep(1.1)
    report = await jobs.process(pool, _handlers(pool))
    assert (report.claimed, report.done) == (1, 1)
    [job] = await jobs.list_jobs(pool, A)
    assert (job.id, job.status, job.attempts) == (job_id, "done", 2)
    facts = await FactStore(pool, OfflineEmbeddings()).active(A)
    assert [f.statement for f in facts] == ["The user prefers to drink tea."]


async def test_a_job_whose_worker_always_dies_fails_after_its_attempts(pool: AsyncConnectionPool, db_url: str) -> None:
    async with user_transaction(pool, A) as conn:
        await jobs.enqueue(conn, user_id=A, kind=jobs.EXTRACT_TURN, payload={"user_message": "x"}, max_attempts=1)
    await _killed_worker(db_url)
    await asyncio.sleep(1.1)
    report = await jobs.process(pool, _handlers(pool))
    assert (report.claimed, report.failed) == (0, 1)
    [job] = await jobs.list_jobs(pool, A)
    assert job.status == "failed" and "lease expired" in (job.last_error or "")
    assert await _unfinished(pool, A) == 0


async def test_one_users_processing_and_listing_never_touch_another(pool: AsyncConnectionPool) -> None:
    await _turn(pool, A, "I prefer tea.")
    await _turn(pool, B, "I prefer coffee.")
    report = await jobs.process(pool, _handlers(pool), user_id=A)
    assert (report.done, report.users) == (1, (A,))
    assert [j.status for j in await jobs.list_jobs(pool, B)] == ["pending"]
    assert all(j.payload["user_message"] == "I prefer tea." for j in await jobs.list_jobs(pool, A))
    # Acting as Bob, Alice's counter row is invisible too.
    async with user_transaction(pool, B) as conn:
        cur = await conn.execute("SELECT user_id FROM memory_job_users")
        assert [r["user_id"] for r in await cur.fetchall()] == [B]
