"""Near misses of this round's slot changes found by review (issue 9, M25 round 16): each kept apart, never replacing
the user's fact, in wordings of our own."""

from __future__ import annotations

from cognicore.memory._fact_contact import contact_facts
from tests.told import told as _told


async def test_a_note_about_another_holders_number_or_a_qualified_slot_is_not_ended() -> None:
    facts = await _told("I always call the service desk on extension 7100 for printer jams.", "My extension is 3412.")
    assert not any(f.contradicts for f in facts)
    facts = await _told("My hotel bookings go to cost centre 2210.", "My cost centre for the conference is 2290.")
    assert not any(f.contradicts for f in facts)


async def test_another_qualifier_or_mine_kept_leaves_the_users_numbered_slot() -> None:
    facts = await _told("My gym locker is number 9.", "Reception moved my locker to 31.")
    assert not any(f.contradicts for f in facts)
    facts = await _told(
        "My desk extension is 3412.", "btw the support hotline extension is now 3499, mine is unchanged"
    )
    assert not any(f.contradicts for f in facts)


async def test_a_person_slot_given_a_state_is_no_new_person() -> None:
    facts = await _told("My supervisor is Ines Duarte.", "my supervisor is actually out until Monday")
    assert [f.predicate for f in facts] == ["note"] and not any(f.contradicts for f in facts)
    facts = await _told("My buddy is Kofi Mensah.", "my buddy is really busy this week")
    assert not any(f.contradicts for f in facts)


async def test_another_thing_of_a_deadline_changes_no_deadline() -> None:
    facts = await _told("The audit report has to go to Lars by March 14.", "The audit report summary is due March 10.")
    assert not any(f.contradicts for f in facts)
    facts = await _told("The roadmap deck has to go to Mei by May 2.", "Omar moved the roadmap to May 9.")
    assert not any(f.contradicts for f in facts)


def test_reaching_someone_else_is_no_way_to_reach_the_user() -> None:
    assert contact_facts("I normally phone my lead for outages.") == []
    assert contact_facts("For outages, the night desk should page our duty phone.") == []
    assert contact_facts("I'll email my team about the outage.") == []
    assert contact_facts("For outages, page my pager.")[0]["object"] == "page on their pager"


async def test_a_stay_for_a_purpose_is_no_new_work_base() -> None:
    facts = await _told("I'm at the Derby office.", "They moved me to the Leicester office for the audit this week.")
    assert not any(f.contradicts for f in facts)
    facts = await _told("I'm at the Derby office.", "They moved me to the Leicester office temporarily.")
    assert not any(f.contradicts for f in facts)


async def test_a_supposed_change_or_someone_elses_slot_or_the_teams_move_ends_nothing() -> None:
    facts = await _told("My travel budget is $4k.", "Finance might trim my travel budget to $3k in spring.")
    assert not any(f.contradicts for f in facts) and [f.predicate for f in facts] == ["note"]
    facts = await _told("My weekly goal is 30 closed tickets.", "If my weekly goal went up to 45 I'd burn out.")
    assert [f.predicate for f in facts] == ["note"]
    facts = await _told("My mentor is Ravi Iyer.", "Lucia's mentor changed to Tomas Berg")
    assert [f.predicate for f in facts] == ["note"]
    facts = await _told("My mentor is Ravi Iyer.", "my mentor's mentor is now Tomas Berg")
    assert [f.predicate for f in facts] == ["note"]
    facts = await _told("I'm based in Leeds.", "We invoice from the York branch now instead of Leeds.")
    assert not any(f.contradicts for f in facts)


async def test_news_without_the_i_that_names_who_got_it_is_not_the_users() -> None:
    known = "My phone is a Pixel 7."
    for said in (
        "got Mariam a new handset today, it's a Galaxy S24 now",
        "set up a new handset for the intern, it's a Galaxy S24 now",
        "replaced a contractor's handset, it's a Galaxy S24 now",
    ):
        facts = await _told(known, said)
        assert not any(f.contradicts for f in facts), said


async def test_a_slot_for_another_qualifier_is_a_slot_of_its_own() -> None:
    facts = await _told("Our budget for the autumn offsite is $8k.", "Our budget for the winter party is $3k.")
    assert [(f.predicate, f.contradicts) for f in facts] == [("budget_for_winter_party", None)]
    assert "winter party" in facts[0].statement
    facts = await _told("My quota for Q1 is 40 deals.", "My quota for Q2 is 45 deals.")
    assert [f.predicate for f in facts] == ["quota_for_q2"]
    same = await _told("Our budget for the autumn offsite is $8k.", "Our budget for the autumn offsite is $9k now.")
    assert [f.predicate for f in same] == ["budget"]  # the same qualifier: the same slot, replaced by the store
