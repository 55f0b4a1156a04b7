"""Benchmark of long requests on the offline engine (prints figures; not a test).

    python bench/long_requests.py [--sizes 5000 20000 100000]

A data question after a background of N characters, asked through the whole graph on the demo (embedded PostgreSQL,
or DATABASE_URL): the time of the answer, and of the memory processing that follows it (`process_memory`, what the
CLI runs once the reply is shown). The offline path should grow about linearly with N. A request over
COGNICORE_MAX_INPUT_TOKENS (32,000 tokens by default, about 128,000 characters) is rejected before the graph runs.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cognicore.app import grant_sql_schemas, open_app, process_memory
from cognicore.demo import seed_demo
from cognicore.orchestrator.errors import InputRejected
from cognicore.settings import Settings

# Background that asks nothing, in sentences of varied shape, then the question.
BACKGROUND = (
    "We are preparing the yearly planning pack and finance asked every lead to check their numbers first. "
    "Last year the pack did not match the regional sheets, and it took two weeks to find out why. "
    "One team had counted cancelled orders, another had used the shipping date instead of the order date. "
    "This year we want one source of truth, which is why I am asking here rather than in my own spreadsheet. "
    # words of the trade no dictionary holds: what the spelling correction has to look at
    "The reforecast workstreams, the dedup rollout and the onboarding runbooks slipped, so the pack slipped too. "
)
QUESTION = "So, my actual question: how many orders did we take in total in 2025?"


def request_of(size: int) -> str:
    """A request of about `size` characters: background cut at a sentence, then the question."""
    body = (BACKGROUND * (size // len(BACKGROUND) + 1))[: max(size - len(QUESTION), 0)]
    return f"{body.rsplit('. ', 1)[0]}. {QUESTION}"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[5_000, 20_000, 100_000])
    args = parser.parse_args()
    os.environ.pop("GOOGLE_API_KEY", None)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.setdefault("COGNICORE_DATA_DIR", tmp)
        async with open_app(Settings()) as app:
            await seed_demo(app.admin_pool, app.knowledge)
            await grant_sql_schemas(app)
            await app.runner.ask(QUESTION, session_id="warmup", user_id="bench")  # imports, caches, word lists
            for size in args.sizes:
                text = request_of(size)
                started = time.perf_counter()
                try:
                    result = await app.runner.ask(text, session_id=f"long-{size}", user_id="bench")
                except InputRejected as exc:
                    print(f"{len(text):>8,} chars: rejected ({exc})")
                    continue
                answered = time.perf_counter() - started
                await process_memory(app, user_id="bench")
                remembered = time.perf_counter() - started - answered
                print(
                    f"{len(text):>8,} chars: answer {answered:6.2f} s, memory {remembered:6.2f} s, "
                    f"outcome {result.outcome}"
                )


if __name__ == "__main__":
    asyncio.run(main())
