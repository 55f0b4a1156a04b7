"""Changes of slots no rule names (issue 9, M25 round 16): the slot is read from the known fact's own words, a bare
number is a value, and when two known facts could be the slot, only the one the message names is replaced."""

from __future__ import annotations

from cognicore.memory._fact_keys import lemma
from cognicore.memory._fact_slot_values import ADDED
from tests.told import told as _told


async def test_a_code_number_changed_in_fewer_words_replaces_the_known_one() -> None:
    # "extension" names "desk phone extension"; "number 27" and "41" are values of one kind (a bare number)
    facts = await _told("My desk phone extension is 2301.", "since the floor swap my extension changed to 2388")
    assert [(f.object, f.contradicts) for f in facts] == [("2388", "The user's desk phone extension is 2301.")]
    facts = await _told(
        "My parking permit is number 77.", "They reassigned my permit to 81 when the car park was redone."
    )
    assert facts[0].contradicts == "The user's parking permit is number 77."
    assert "81" in facts[0].statement


async def test_a_when_clause_in_the_past_is_no_condition_but_one_to_come_is() -> None:
    later = await _told(
        "My parking permit is number 77.", "They will reassign my permit to 81 when the car park is redone."
    )
    assert not any(f.contradicts for f in later)


async def test_of_two_slots_with_one_head_the_message_names_which_or_nothing_is_replaced() -> None:
    known = ("My gym membership number is 5521.", "My library membership number is 8812.")
    named = await _told(*known, "the library changed my membership number to 9020")
    assert [f.contradicts for f in named] == ["The user's library membership number is 8812."]
    unnamed = await _told(*known, "my membership number changed to 9020")
    assert not any(f.contradicts for f in unnamed)  # which one is not known: both kept, no guess
    two_lockers = await _told(
        "My bike locker is number 4.", "My office locker is number 19.", "Office moved my locker to 23."
    )
    assert [f.contradicts for f in two_lockers] == ["The user's office locker is number 19."]


async def test_a_note_holding_a_number_ends_when_its_slot_gets_another_number() -> None:
    facts = await _told("Invoices for my team get charged to cost centre 310.", "my cost center is 415")
    assert facts[0].object == "415"
    assert facts[0].contradicts == 'The user said: "Invoices for my team get charged to cost centre 310."'
    same = await _told("Invoices for my team get charged to cost centre 310.", "my cost center is 310")
    assert not any(f.contradicts for f in same)


async def test_a_replacement_is_a_new_value() -> None:
    facts = await _told(
        "My building pass number is 66120.", "dropped my pass in the river, the replacement pass number is 66391"
    )
    assert [f.contradicts for f in facts] == ["The user's building pass number is 66120."]
    assert "66391" in facts[0].statement


async def test_a_phrase_now_instead_of_the_old_value_is_the_new_value() -> None:
    facts = await _told(
        "I'm based in Denver.", "Relocated in March - I operate from the Austin campus now instead of Denver"
    )
    assert [f.contradicts for f in facts] == ["The user is based in Denver."]
    assert "Austin campus" in facts[0].object
    facts = await _told(
        "I'm based in our Oslo office.", "quick update: I moved, I work out of the Bergen site now instead of Oslo."
    )
    assert "Bergen" in facts[0].object and facts[0].contradicts and "Oslo" in facts[0].contradicts


def test_british_and_american_spellings_are_one_word_and_a_destination_is_no_addition() -> None:
    assert lemma("centre") == lemma("center") and lemma("colour") == lemma("color") and lemma("four") == "four"
    assert ADDED.search("Ravi moved to another team, so my mentor is Lucy now") is None
    assert ADDED.search("I picked up another account this week") is not None


async def test_a_contracted_is_before_an_adverb_ends_the_value_and_actually_is_no_part_of_it() -> None:
    facts = await _told("my mentor is Omar Haddad", "wait, my mentor is actually Lina Berg, Omar's only my buddy")
    assert [(f.predicate, f.object) for f in facts] == [("mentor", "Lina Berg")]  # the same slot: the store replaces
    facts = await _told("My approver is Jo Park.", "update: my approver is really Sam Cole, Jo's just covering")
    assert [(f.predicate, f.object) for f in facts] == [("approver", "Sam Cole")]


async def test_a_new_name_replaces_a_known_name_only_whole() -> None:
    # "Grace" is also a word: only "Obi" is read as the old name, which must not be swapped inside "Grace Obi"
    facts = await _told("My line manager is Grace Obi.", "fyi, my manager is Tom Reed now")
    assert [(f.object, f.statement) for f in facts] == [("Tom Reed", "The user's manager is Tom Reed.")]
    assert facts[0].contradicts == "The user's line manager is Grace Obi."


async def test_my_desk_moved_is_the_users_desk_and_my_team_moved_is_the_groups_place() -> None:
    facts = await _told("my desk moved to the fourth floor")
    assert [(f.subject, f.predicate) for f in facts] == [("user", "desk")]
    facts = await _told("My office moved into the annex building.")
    assert facts[0].subject == "user"


def test_the_team_switched_to_a_named_thing_is_a_tool_used_and_a_past_clause_after_a_comma_is_its_own() -> None:
    from cognicore.memory._fact_rules import read_facts

    facts = read_facts("heads up, the team migrated to Notion last week, the old wiki got retired")
    assert [(f["subject"], f["predicate"], f["object"]) for f in facts] == [("we", "uses", "Notion")]
    facts = read_facts("our team switched to the late rota")  # no name: the team's own slot, as before
    assert [(f["subject"], f["predicate"]) for f in facts] == [("we", "team")]


async def test_a_move_to_a_named_workplace_replaces_the_known_work_base_even_amid_chatter() -> None:
    chatter = "hiya! two things: the kettle on 3 is broken again, and they moved me to the Bristol office from Monday"
    facts = await _told("I'm based at the Cardiff site.", chatter)
    assert [(f.object, f.contradicts) for f in facts] == [("Bristol office", "The user is based in Cardiff.")]
    home = await _told("I live in Cardiff.", "they moved me to the Bristol office")
    assert not any(f.contradicts for f in home)  # a home is no work base: kept


def test_a_person_named_with_their_role_who_moved_changes_nothing_of_the_users() -> None:
    from cognicore.memory._fact_rules import read_facts
    from cognicore.orchestrator.change_preview import _someone_moved

    assert read_facts("my teammate Priyanka switched to the 6:50 bus") == []
    assert read_facts("My mentor Joao moved to the Oslo office last month") == []
    assert _someone_moved("My teammate Priyanka switched to the 6:50 bus.")
    assert not _someone_moved("my mentor Joao moved to Oslo, so I meet Ana instead")  # the user is in it too
    assert read_facts("my shift moved to the late one")  # the user's own thing still changes


async def test_news_told_without_the_i_changes_the_speakers_own_thing() -> None:
    facts = await _told("My phone is a Pixel 7.", "picked up a new handset on Saturday, it's a Galaxy S24 now")
    assert [f.contradicts for f in facts] == ["The user's phone is a Pixel 7."]
    assert "Galaxy S24" in facts[0].statement


def test_a_fact_said_again_is_read_as_first_said() -> None:
    from cognicore.memory._fact_rules import read_facts
    from cognicore.memory.extraction import states_facts

    facts = read_facts("yeah, still heading up the Benelux accounts, no change there")
    assert [(f["subject"], f["predicate"]) for f in facts] == [("Benelux accounts", "handled_by")]
    assert states_facts("yes, I'm still covering the Iberia desk, same as before")
