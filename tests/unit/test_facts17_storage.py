"""What is stored and what it supersedes (issue 9, M27 round 17): a change ends only the user's own fact of the same
slot; a figure said as another thing's, another qualifier, another person's clause or a non-change ends nothing."""

from __future__ import annotations

from tests.told import told as _told


async def test_a_not_naming_the_old_figure_as_another_things_ends_nothing() -> None:
    # "hall 31" is a hall, "channel 4417" a channel: the locker and the pager hold the same figures, nothing more
    hall = await _told("My bike locker is 31.", "whoops - the offsite is in hall 5, not hall 31")
    assert not any(f.contradicts for f in hall)
    channel = await _told("My pager is 4417.", "sorry, the bridge call is on channel 9, not channel 4417.")
    assert not any(f.contradicts for f in channel)


async def test_a_not_naming_the_old_figure_alone_or_with_its_slot_still_corrects_it() -> None:
    bare = await _told("My bike locker is 31.", "sorry, it's 33, not 31")
    assert [(f.object, f.contradicts) for f in bare] == [("33", "The user's bike locker is 31.")]
    named = await _told("My pager is 4417.", "my pager is 4471 now, not pager 4417")
    assert [f.object for f in named if f.contradicts] == ["4471"]


async def test_a_change_qualified_otherwise_is_another_one_of_that_kind() -> None:
    halves = await _told("My bonus for H1 is $8k.", "My bonus for H2 got bumped to $10k.")
    assert not any(f.contradicts for f in halves)
    assert any("10k" in f.statement for f in halves)
    trips = await _told(
        "My travel allowance for the Berlin trip is 900 euros.",
        "my travel allowance for the Oslo trip is now 1200 euros",
    )
    assert not any(f.contradicts for f in trips)
    managers = await _told("My escalation manager is Priya Nair.", "My account manager at Oracle is Ben Ito now.")
    assert not any(f.contradicts for f in managers)


async def test_a_change_with_no_qualifier_still_changes_the_one_qualified_fact() -> None:
    said = "My travel allowance for the Berlin trip is 900 euros."
    [held], cut = await _told(said), await _told(said, "my travel allowance got cut to 700 euros")
    # the same slot: named as replaced, or read under the same predicate (the store replaces its value)
    assert [f.object for f in cut] == ["700 euros"]
    assert cut[0].contradicts or cut[0].predicate == held.predicate
    boss = await _told("My monthly quota is 40 tickets.", "my boss raised my quota to 45 tickets")
    assert [f.contradicts for f in boss] == ["The user's monthly quota is 40 tickets."]


async def test_another_persons_clause_never_changes_the_users_fact() -> None:
    kept = await _told("My badge number is 3310.", "badges got reissued - mine stays 3310, Omar's is now 3342")
    assert not any(f.contradicts for f in kept) and not any(f.subject == "user" and "3342" in f.object for f in kept)
    still = await _told("My desk phone is 5120.", "Lucia's desk phone changed to 5188, mine is still the same")
    assert not any(f.contradicts for f in still) and not any(f.subject == "user" and "5188" in f.object for f in still)


async def test_the_users_own_clause_beside_another_persons_changes_the_users_fact() -> None:
    moved = await _told("My buddy is Ines Roth.", "Ines is Theo's buddy now, mine is Yusuf Adeyemi.")
    assert [(f.subject, f.predicate, f.object) for f in moved] == [("user", "buddy", "Yusuf Adeyemi")]  # replaces


async def test_a_slot_said_to_be_right_keeps_its_value() -> None:
    facts = await _told("My travel budget is $3k.", "my hotel cap is $180 a night, the travel budget is correct")
    assert [(f.predicate, f.object) for f in facts] == [("hotel_cap", "$180 a night")]


async def test_a_coverage_handover_ends_the_users_old_assignment_and_keeps_the_new_one() -> None:
    rotated = await _told("I'm on the billing queue.", "they rotated me off billing; I'm on the hardware queue now")
    assert any("hardware" in f.statement for f in rotated)
    assert any(f.contradicts == "The user is on the billing queue." for f in rotated), rotated
    handed = await _told("I handle the APAC renewals.", "Noor has the APAC renewals now and I'm covering LATAM")
    assert ("APAC renewals", "Noor") in [(f.subject, f.object) for f in handed if f.contradicts]
    assert any("LATAM" in f.statement and not f.contradicts for f in handed), handed


async def test_a_possible_or_added_coverage_ends_nothing() -> None:
    maybe = await _told("I'm on the billing queue.", "they might rotate me off billing, I'd be on hardware")
    assert not any(f.contradicts for f in maybe)
    added = await _told("I handle the APAC renewals.", "I'm covering LATAM as well now, Noor has the APAC renewals")
    assert not any(f.contradicts == "The user is responsible for APAC renewals." for f in added)


async def test_a_time_said_of_a_thing_on_my_team_is_no_team_and_no_size() -> None:
    first = "The turnaround for contract reviews in my team is 5 days."
    facts = await _told(first, "The turnaround for vendor reviews in my team is 3 days.")
    assert not any(f.contradicts for f in facts)
    assert not any(f.predicate in ("team", "team_size") for f in [*await _told(first), *facts])


async def test_a_not_naming_the_old_figure_in_a_sentence_about_another_thing_ends_nothing() -> None:
    releases = await _told("My team has 6 engineers.", "Correction: we shipped 9 releases last month, not 6.")
    assert not any(f.contradicts for f in releases)
    lunch = await _told("My desk is on floor 5.", "my bad, the offsite lunch is at 1, not 5")
    assert not any(f.contradicts for f in lunch)
    own = await _told("My desk is on floor 5.", "Sorry, my desk is on floor 6, not 5.")
    assert any(f.contradicts and "6" in f.object for f in own), own


async def test_where_the_old_thing_went_back_to_is_no_new_value() -> None:
    for said in (
        "replaced my monitor - I'm using an LG UltraFine now and the Dell went back to facilities",
        "traded my phone in, I'm using a Pixel 8 now and the iPhone went back to the carrier",
    ):
        facts = await _told("My monitor is a Dell U2720.", said)
        assert not any(w in f.object for f in facts for w in ("facilities", "carrier")), facts
        assert any(w in f.object for f in facts for w in ("LG", "Pixel")), facts


async def test_a_named_colleagues_move_beside_the_users_still_changes_nothing_of_the_users() -> None:
    rota = await _told("I'm on the Tuesday rota.", "I'm still on the Tuesday rota, but Malik switched to Thursdays.")
    assert not any(f.contradicts for f in rota)
    region = await _told("My patch is the Midlands.", "Joanne moved over to Scotland; I'm still on the Midlands")
    assert not any(f.contradicts for f in region)


async def test_another_teams_own_thing_changes_none_of_ours() -> None:
    travel = await _told("We book travel through Egencia.", "The marketing team moved their travel bookings to Navan.")
    assert not any(f.contradicts for f in travel)
    standup = await _told("Our standup is at 9.", "The design team moved their standup to 9:30.")
    assert not any(f.contradicts for f in standup)


async def test_a_leading_from_then_on_opens_the_users_own_clause() -> None:
    facts = await _told(
        "I look after the north region.", "Heads up - from today on I'm covering the south region instead"
    )
    assert any(f.contradicts == "The user is responsible for north region." for f in facts), facts


async def test_what_the_user_does_to_someone_is_not_who_does_it_to_the_user() -> None:
    coached = await _told("My mentor is Ines Roth.", "I'm now mentoring two interns, Theo Park among them")
    assert not any(f.contradicts == "The user's mentor is Ines Roth." for f in coached), coached
    mentee = await _told("My mentor is Ines Roth.", "I'm now mentoring Theo Park.")
    assert not any(f.contradicts for f in mentee) and all(f.predicate != "mentor" for f in mentee), mentee


async def test_a_thing_taken_over_from_the_user_ends_the_users() -> None:
    facts = await _told("I'm on the billing queue.", "Grete has taken over the billing queue from me.")
    assert [(f.object, f.contradicts) for f in facts] == [("Grete", "The user is on the billing queue.")]


async def test_an_unqualified_change_of_two_qualified_facts_changes_neither() -> None:
    facts = await _told(
        "My bonus for H1 is $8k.",
        "My bonus for H2 is $9k.",
        "my bonus got bumped to $10k",
    )
    assert not any(f.contradicts for f in facts) and all(f.predicate == "note" for f in facts), facts
    one = await _told("My bonus for H1 is $8k.", "my bonus got bumped to $10k")
    assert [f.object for f in one] == ["$10k"]  # one qualified fact: the change is of it


async def test_a_cover_for_a_while_ends_nothing_of_the_users() -> None:
    course = await _told(
        "I handle the payroll tickets.", "Nadia has my payroll tickets this week while I'm at the offsite."
    )
    assert not any(f.contradicts for f in course)
    holiday = await _told(
        "I handle the payroll tickets.", "Nadia took over payroll tickets until January, I'm on leave"
    )
    assert not any(f.contradicts for f in holiday)


async def test_a_qualifier_in_other_words_sharing_a_word_is_the_same_slot() -> None:
    facts = await _told("My bonus on renewal deals is 3%.", "My bonus on renewal contracts went up to 4%.")
    assert [f.object for f in facts] == ["4%"] and facts[0].predicate != "note"  # the same one in other words
    actor = await _told("My target for H2 is $300k.", "Finance raised my target to $350k.")
    assert [f.object for f in actor] == ["$350k"] and actor[0].predicate in ("target", "target_for_h2")


async def test_the_new_value_is_what_the_user_is_on_now_not_where_the_old_one_went() -> None:
    swapped = await _told(
        "My work laptop is a Lenovo X1 Carbon.",
        "procurement swapped my machine, I'm on a Framework 13 now and the Lenovo went back to the IT cage",
    )
    assert [(f.object, f.contradicts) for f in swapped] == [
        ("a Framework 13", "The user's work laptop is a Lenovo X1 Carbon.")
    ]
    given = await _told(
        "My work phone is a Pixel 6.",
        "Telecoms replaced my handset - they gave me an iPhone 15 now and the Pixel went back to stores",
    )
    assert not any("stores" in f.object for f in given), given


async def test_we_as_who_changed_it_is_no_qualifier() -> None:
    facts = await _told("Our team target is 50 calls a day.", "We've cut the daily target - it's 45 calls now.")
    assert any(f.contradicts for f in facts), facts


async def test_name_s_before_my_is_name_is_not_a_possessive() -> None:
    facts = await _told("My buddy is Ines Roth.", "Yusuf's my buddy now; my old one, Ines, went to the Berlin team.")
    assert not any(f.subject == "user" and f.object == "Ines Roth" for f in facts), facts


async def test_an_expected_change_is_not_yet_one() -> None:
    rise = await _told("My bonus is 3%.", "My bonus is expected to go up to 4% next year.")
    assert not any(f.contradicts for f in rise) and all(f.predicate == "note" for f in rise), rise
    quota = await _told("My call quota is 40 a day.", "My call quota is scheduled to rise to 45 a day in March.")
    assert not any(f.contradicts for f in quota), quota


async def test_a_figure_counting_another_thing_is_no_new_value() -> None:
    facts = await _told("My team has 6 engineers.", "Correction: my team shipped 9 releases last month, not 6.")
    assert not any(f.contradicts for f in facts), facts


async def test_a_possessive_before_a_hyphenated_word_is_still_a_possessive() -> None:
    facts = await _told("My on-call pager is 4417.", "Lena's on-call pager is now 4480, mine hasn't changed.")
    assert not any(f.contradicts for f in facts) and not any(f.subject == "user" and "4480" in f.object for f in facts)


async def test_the_user_handing_the_old_thing_away_and_taking_a_new_one_ends_the_old() -> None:
    passed = await _told(
        "I handle the APAC renewals.", "I passed the APAC renewals on to Noor, and I'm running LATAM now"
    )
    assert ("APAC renewals", "Noor") in [(f.subject, f.object) for f in passed if f.contradicts]
    assert any("LATAM" in f.statement and not f.contradicts for f in passed), passed
    dropped = await _told(
        "I look after the Nordic resellers.", "I dropped the Nordic resellers - I'm handling the distributors now"
    )
    assert any(f.contradicts == "The user is responsible for Nordic resellers." for f in dropped), dropped
    assert any("distributors" in f.statement and not f.contradicts for f in dropped), dropped


async def test_handing_away_a_thing_the_user_never_held_ends_nothing() -> None:
    other = await _told(
        "I handle the APAC renewals.", "I handed the audit binder over to Noor and I'm covering LATAM now"
    )
    assert not any(f.contradicts for f in other)
