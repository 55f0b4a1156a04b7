"""Changes told after an opening the rules do not read, or naming the old value only in its statement (M17, round 12).

Also: the same slot named in fewer or shortened words with a value of the same kind ("shift" and "shift start", two
clock times), and a bare new figure that keeps what the old one counted. Each case: a fact told in one session,
changed in other words in the next (the router read both as statements),
in the real store; the old fact must end with an end time and the new one be current. Wordings are not in any
held-out or dev set.
"""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.app import App
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.extraction import OfflineFactExtractor
from cognicore.memory.facts import FactStore
from tests.integration.test_memory_questions import _ask


async def _tell(store: FactStore, user: str, text: str, source: str) -> None:
    """One told turn as the `extract_turn` job runs it after the router read a statement."""
    hits = await store.search(user, text, k=20)
    extracted = await OfflineFactExtractor().extract(
        user_message=text, assistant_message="", known_facts=[h.fact.to_dict() for h in hits], told=True
    )
    await store.upsert(user, extracted.facts, source=source)


async def _changed(pool: AsyncConnectionPool, user: str, first: str, change: str) -> tuple[set[str], set[str]]:
    """The objects ended (with an end time) and the statements current after `first` then `change`."""
    store = FactStore(pool, OfflineEmbeddings())
    await _tell(store, user, first, "s1#1")
    await _tell(store, user, change, "s2#1")
    ended = {f.statement for f in await store.history(user) if f.status == "superseded" and f.valid_to is not None}
    return ended, {f.statement for f in await store.active(user)}


@pytest.mark.parametrize(
    ("first", "change", "old", "new"),
    [
        # an opening with its own context, then the statement
        (
            "For the offsite dinner, note that I'm vegan.",
            "Quick one - I eat eggs again, so I'm vegetarian now.",
            "vegan",
            "vegetarian",
        ),
        (
            "I'm on the billing team.",
            "Some news: since Monday I've moved over to the payments team.",
            "billing",
            "payments",
        ),
        (
            "Our travel budget for Q2 is $12k.",
            "great news, after the offsite our travel budget got raised to 15k",
            "12k",
            "15k",
        ),
        # the old value named only in the statement of the known fact
        (
            "Just so you know, I'm on call every Monday.",
            "traded with Kim, my on-call day is Friday now instead of Monday",
            "monday",
            "friday",
        ),
        # a figure moved "to" a new amount, by someone else, in a sentence no rule reads
        (
            "Our events budget for Q4 is $15k.",
            "Heads up, leadership pushed the Q4 events budget up to $18k.",
            "15k",
            "18k",
        ),
        ("our hiring budget is 120k", "sadly the board trimmed this year's hiring budget down to 90k", "120k", "90k"),
        # a figure said "is now ..." of a slot named in other words, after a sentence that only says it changed
        (
            "our team's monthly quota is 80 deals",
            "The board met yesterday. The number of deals we must close each month is now 95 deals.",
            "80",
            "95",
        ),
        (
            "Our yearly hiring target is 12 engineers.",
            "Plans changed. The headcount we should add this year is now 9 engineers.",
            "12",
            "9 engineers",
        ),
        # the same slot in fewer or shortened words, with a value of the same kind
        ("Our ads budget for Q2 is $20k.", "finance trimmed the Q2 advertising budget to 15k", "20k", "15k"),
        ("My standup starts at 9am.", "they pushed my standup start to 10am this week", "9am", "10am"),
        # a bare new figure keeps what the old one counted
        ("Our goal is to ship 40 orders per day.", "management raised our daily order goal to 50", "40", "ship 50"),
        # a thing held "instead" of the one thing held before
        (
            "I look after the Iberia region.",
            "as of this month I'm covering Scandinavia instead",
            "iberia",
            "scandinavia region",
        ),
        (
            "I look after the Nordics region.",
            "Reorg - starting today I'm covering the Benelux region instead",
            "nordics",
            "benelux",
        ),
    ],
)
async def test_a_change_in_other_words_ends_the_old_fact(
    pool: AsyncConnectionPool, first: str, change: str, old: str, new: str
) -> None:
    ended, active = await _changed(pool, f"m17-{old}", first, change)
    assert any(old in s.lower() for s in ended), (ended, active)
    assert any(new in s.lower() for s in active) and not any(old in s.lower() for s in active), (ended, active)


@pytest.mark.parametrize(
    ("first", "change"),
    [
        # said as an addition, or under a condition or a doubt: the old fact stays current
        ("I look after the Nordics region.", "I'm covering the Benelux region too, instead of waiting for a hire"),
        ("I'm on the billing team.", "if the reorg goes through, I'm on the payments team"),
        ("Our travel budget for Q2 is $12k.", "not sure yet, but I heard our travel budget got raised to 15k"),
        # said with when it happened (which the clause alone would lose): kept whole as a note
        ("Our laptops are managed with Intune.", "In May we switched laptop management over to Kandji."),
        # another period's figure is another slot
        ("Our Q3 budget is 30k.", "our Q4 budget is 35k"),
    ],
)
async def test_an_addition_a_condition_or_a_doubt_ends_nothing(
    pool: AsyncConnectionPool, first: str, change: str
) -> None:
    ended, _ = await _changed(pool, "m17-keep", first, change)
    assert ended == set(), ended


@pytest.mark.parametrize(
    ("statements", "question", "new", "old"),
    [
        (
            ["Our events budget for Q4 is $15k.", "Good news, leadership pushed the Q4 events budget up to $18k."],
            "how much money can we put into events in Q4?",
            "18k",
            "15k",
        ),
        (
            ["For the offsite dinner, note that I'm vegan.", "Quick one - I eat eggs again, so I'm vegetarian now."],
            "what's my diet at the moment",
            "vegetarian",
            "vegan",
        ),
    ],
)
async def test_a_changed_fact_is_answered_with_its_current_value_through_the_graph(
    app: App, statements: list[str], question: str, new: str, old: str
) -> None:
    for i, text in enumerate(statements):
        outcome, _ = await _ask(app, text, user="m17-graph", session=f"tell{i}")
        assert outcome == "succeeded"
    ended = [f for f in await app.memory.facts.history("m17-graph") if f.status == "superseded"]
    assert any(old in f.statement.lower() and f.valid_to is not None for f in ended), ended
    outcome, answer = await _ask(app, question, user="m17-graph", session="ask")
    assert outcome == "succeeded" and new in answer.lower() and old not in answer.lower().replace(new, ""), answer
