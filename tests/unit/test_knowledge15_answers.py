"""Knowledge answers of round 15 (K12): words that frame a rule as a promise or a permission are not content a
passage must hold; what the rule does not state stays unanswered, and "how many X" is not answered by a count of
another thing."""

from __future__ import annotations

import pytest

from cognicore.memory.knowledge import Passage
from cognicore.subagents._answer_checks import bigrams, other_kind
from cognicore.subagents._answer_shape import PLACE_WORDS, gives_place, implied
from cognicore.subagents._passage_sections import said_with as _said_with
from cognicore.subagents._question_framing import without_framing
from cognicore.subagents._question_terms import GROUPS
from cognicore.subagents.compose import OfflineAnswerComposer

_LOANS = (
    "# Library loans\n\nMembers borrow up to ten books at a time. A book is due back within 21 days; an e-reader "
    "within 7 days. Overdue books cost 20 cents a day. Members may renew a loan twice, online or at the desk."
)


def _passages() -> list[dict[str, object]]:
    return [{"index": 1, "title": "Library loans", "source": "loans.md", "content": _LOANS}]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What's the loan period we promise for an e-reader?", "7 days"),
        ("how many times are members allowed to renew a loan?", "twice"),
        ("How many books do we guarantee a member can borrow at once?", "ten books"),
    ],
)
async def test_a_framing_word_is_not_asked_content(question: str, expected: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=_passages())
    assert answer.used == [1] and expected in answer.text, answer.text


@pytest.mark.parametrize(
    "question",
    [
        "What repair time do we promise for a damaged e-reader?",
        "How many laptops are members allowed to borrow?",
        "how many dvds can a member take home at once",
    ],
)
async def test_what_the_rule_does_not_state_stays_unanswered(question: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=_passages())
    assert answer.used == [], answer.text


def test_a_framing_noun_or_a_thing_that_guarantees_stays_content() -> None:
    assert without_framing("what is the legal guarantee period?") == "what is the legal guarantee period?"
    assert "guarantees" in without_framing("the warranty guarantees repairs for a year")
    assert without_framing("Are we allowed to stack two promotions?") == "Are we stack two promotions?"


@pytest.mark.parametrize(
    "question", ["how many book can a member borrow at a time?", "How many times may a loan be renewed?"]
)
async def test_a_count_of_the_asked_thing_still_answers(question: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=_passages())
    assert answer.used == [1], answer.text


_OFFICES = (
    "# Offices\n\nThe company has two offices. The main office serves North America from Denver. The second office "
    "opened in 2020 and serves Asia from Osaka. Asia orders ship from the Osaka depot. Staff work from home on Fridays."
)


def _offices() -> list[dict[str, object]]:
    return [{"index": 1, "title": "Offices", "source": "offices.md", "content": _OFFICES}]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Which city is our Asian office in?", "Osaka"),
        ("in what town is the main office", "Denver"),
        ("Which city do Asia orders ship out of?", "Osaka"),
    ],
)
async def test_a_place_asked_by_its_kind_is_said_by_its_name(question: str, expected: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=_offices())
    assert answer.used == [1] and expected in answer.text, answer.text


@pytest.mark.parametrize("question", ["which city do staff work from on fridays?", "Which country is the CEO from?"])
async def test_a_place_no_sentence_names_stays_unanswered(question: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=_offices())
    assert answer.used == [], answer.text


def test_a_plural_subject_and_its_verb_are_no_kind_of_thing() -> None:
    phrases = bigrams("Express shipping costs more. Asia orders ship from Osaka.")
    sentence = "The company ships from two depots: Denver and Osaka."
    assert not other_kind(sentence, "Which city do Asia orders ship from?", phrases)
    assert other_kind("Standard shipping takes a week.", "how long does express shipping take?", phrases)


_DECISIONS = (
    "# Decision log\n\n## 2024-05-01: Leeds depot postponed\n\nDecision: postpone the Leeds depot from 2025 to the "
    "spring of 2026. Decided by: the board, on the proposal of Ana Ruiz (CFO).\n\n## 2024-08-12: van fleet renewed\n\n"
    "Decision: renew the van fleet with electric vans. Decided by: Tom Berg (COO)."
)


@pytest.mark.parametrize(
    "question",
    [
        "who made the call to hold off on the Leeds depot, and till when?",
        "Who took the decision to put the Leeds depot off, and until when?",
    ],
)
async def test_an_idiom_of_deciding_or_delaying_reads_as_the_documents_word(question: str) -> None:
    passages = [{"index": 1, "title": "Decision log", "source": "decisions.md", "content": _DECISIONS}]
    answer = await OfflineAnswerComposer().compose(question=question, passages=passages)
    assert answer.used == [1] and "the board" in answer.text and "2026" in answer.text, answer.text


def test_a_question_asking_where_from_needs_a_source() -> None:
    times = "Standard delivery takes 2 days in the United Kingdom and Ireland."
    assert not gives_place(times, "Where do Irish parcels ship from?")
    assert not gives_place(times, "where are orders for ireland sent out from")
    assert gives_place("All parcels ship from our depot in Leeds.", "Where do Irish parcels ship from?")
    # "in North America" is no new place for "North American": a derived form of the asked word.
    assert not gives_place("Express takes a day in North America.", "where do North American parcels go to?")


async def test_the_demo_synonyms_do_not_make_america_north_america() -> None:
    from cognicore.demo.plugin import PLUGIN

    text = (
        "# Depots\n\nThe Latin America depot in Lima was postponed to 2027. Orders ship from two depots: Denver "
        "(North America) and Lyon (Europe)."
    )
    passages = [{"index": 1, "title": "Depots", "source": "depots.md", "content": text}]
    answer = await OfflineAnswerComposer(PLUGIN.synonyms).compose(
        question="Which city is the North American depot in?", passages=passages
    )
    assert answer.used == [1] and answer.text.startswith("Orders ship from two depots"), answer.text


_STAFF = (
    "# People\n\n- Ana Ruiz, vice president of logistics (since 2021)\n- Tom Berg, vice president of finance\n\n"
    "# Depots\n\nThe Leeds depot was postponed by the board to focus on vans. Partners deliver in rural areas."
)


@pytest.mark.parametrize(
    ("question", "name"),
    [("who is the vice president of logistics", "Ana Ruiz"), ("Who's our VP of finance?", "Tom Berg")],
)
async def test_who_holds_a_role_is_answered_by_the_person_named_with_it(question: str, name: str) -> None:
    passages = [{"index": 1, "title": "People", "source": "people.md", "content": _STAFF}]
    answer = await OfflineAnswerComposer([*GROUPS, "vp vice"]).compose(question=question, passages=passages)
    assert answer.used == [1] and name in answer.text, answer.text


@pytest.mark.parametrize(
    "question", ["Who is the depot manager for Leeds?", "who's the delivery coordinator in rural areas"]
)
async def test_a_sentence_naming_another_role_does_not_answer_who_holds_this_one(question: str) -> None:
    passages = [{"index": 1, "title": "People", "source": "people.md", "content": _STAFF}]
    answer = await OfflineAnswerComposer().compose(question=question, passages=passages)
    assert answer.used == [], answer.text


def _passage(title: str, content: str) -> Passage:
    return Passage(
        chunk_id=1,
        document_id=1,
        source="x.md",
        title=title,
        content=content,
        score=0.0,
        vector_rank=None,
        text_rank=None,
    )


def test_the_asked_word_counts_only_in_a_section_naming_the_subject() -> None:
    catalog = _passage(
        "Catalog",
        "# Catalog\n\n## Lamps\n\n### Nova Lamp\n\nA desk lamp with a 10-hour battery.\n\n### Zephyr Kettle\n\n"
        "A 1.5 litre kettle.",
    )
    forms = ["battery", "batteri:*"]
    assert _said_with(catalog, ["nova", "lamp"], forms)
    assert not _said_with(catalog, ["zephyr", "kettle"], forms)
    # A document's title names the subject of every section under it.
    manual = _passage("Zephyr Kettle manual", "# Zephyr Kettle manual\n\n## Power\n\nIt runs on a battery.")
    assert _said_with(manual, ["zephyr", "kettle"], forms)


@pytest.mark.parametrize(
    ("question", "used"),
    [("What's the battery life of the Nova Lamp?", [1]), ("what is the battery life on the zephyr kettle", [])],
)
async def test_a_life_is_said_by_a_duration_of_the_subject(question: str, used: list[int]) -> None:
    text = "# Catalog\n\n## Nova Lamp\n\nThe Nova Lamp has a 10-hour battery.\n\n## Zephyr Kettle\n\nA 1.5 l kettle."
    passages = [{"index": 1, "title": "Catalog", "source": "catalog.md", "content": text}]
    answer = await OfflineAnswerComposer().compose(question=question, passages=passages)
    assert answer.used == used, answer.text


async def test_until_when_asked_first_keeps_until() -> None:
    text = "# Returns\n\nParcels delivered in May can be returned until June 30. Refunds take 5 days."
    passages = [{"index": 1, "title": "Returns", "source": "returns.md", "content": text}]
    for question in ["my parcel came on May 3, until when can it be returned?", "till when can a May parcel go back"]:
        answer = await OfflineAnswerComposer().compose(question=question, passages=passages)
        assert answer.used == [1] and "June 30" in answer.text, answer.text


def test_a_city_asked_where_from_is_not_said_by_a_place_things_reach() -> None:
    times = frozenset({"citi"}) | PLACE_WORDS
    assert not implied(times, "Express takes 2 days in North America.", "Which city do express parcels ship from?")
    assert implied(times, "Parcels ship from Denver.", "Which city do express parcels ship out of?")
    assert implied(times, "The office is in Osaka.", "Which city is the office in?")
    # A destination is no location: "we ship to Norway" does not say which city the warehouse is in.
    assert not implied(times, "We ship to Norway and Japan.", "Which city is the warehouse in?")


@pytest.mark.parametrize(
    ("question", "said"),
    [("Are staff allowed to give 40% off?", "never allowed"), ("are we allowed to stack two promotions", "stack")],
)
async def test_a_framing_word_the_passages_state_is_kept(question: str, said: str) -> None:
    text = "# Discounts\n\nStaff may give up to 10% off. Discounts above 30% are never allowed. Promotions never stack."
    passages = [{"index": 1, "title": "Discounts", "source": "discounts.md", "content": text}]
    answer = await OfflineAnswerComposer().compose(question=question, passages=passages)
    assert answer.used == [1] and said in answer.text, answer.text


@pytest.mark.parametrize(
    ("question", "name"),
    [("Who is the chief operating officer?", None), ("who's our chief technology officer", "Tom Berg")],
)
async def test_every_word_of_the_asked_role_must_be_said(question: str, name: str | None) -> None:
    text = "# Leadership\n\n- Ana Ruiz, chief executive officer\n- Tom Berg, chief technology officer"
    passages = [{"index": 1, "title": "Leadership", "source": "lead.md", "content": text}]
    answer = await OfflineAnswerComposer().compose(question=question, passages=passages)
    assert (name in answer.text) if name else answer.used == [], answer.text


def test_a_commitment_asked_whether_stays_content() -> None:
    # "do we offer a student discount?" asks whether it is offered: the verb is what is asked.
    assert "offer" in without_framing("Do we offer a student discount, and how much?")
    assert "guarantee" in without_framing("does the shop guarantee delivery by Friday? do we guarantee it")
    assert "guarantee" not in without_framing("what refund time do we guarantee?")
