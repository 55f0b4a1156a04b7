"""Round 18 answer check, time part (issue 9): a question that asks what holds at another time than now ("after the
reorg", "last year", "from March") is not answered with confidence by a fact that says what holds now, or what
holds "for" that time; a fact that states the asked time answers it. Wordings are our own."""

from __future__ import annotations

from cognicore.subagents._memory_lines import NOT_SURE
from tests.unit.test_recall14_value_shapes import _ask, _fact


def test_a_current_fact_is_no_answer_for_another_time() -> None:
    now = [_fact(1, "The user is on call on Mondays.")]
    for question in ("which day will I be on call after the reorg?", "what day was I on call last year?"):
        found = _ask(question, now)
        assert found is None or (NOT_SURE in found.text and not found.used), (question, found)
    bounded = [
        _fact(1, "Ines looks after the partner portal for the summer."),
        _fact(2, "The user looks after the partner portal."),
    ]
    found = _ask("who looks after the partner portal after the summer?", bounded)
    assert found is None or (NOT_SURE in found.text and not found.used), found


def test_a_fact_that_states_the_asked_time_answers_it() -> None:
    told = [_fact(1, "Our events budget for next quarter is $25k.")]
    found = _ask("what is our events budget next quarter?", told)
    assert found is not None and "$25k" in found.text and NOT_SURE not in found.text, found
    found = _ask("which day am I on call for the next fortnight?", [_fact(1, "The user is on call on Mondays.")])
    assert found is not None and "Mondays" in found.text and NOT_SURE not in found.text, found


def test_a_saying_of_what_held_before_is_no_current_value_and_casts_no_doubt() -> None:
    facts = [
        _fact(1, "The user's parking bay is 22."),
        _fact(2, 'The user said: "My parking bay used to be 14."', 2, note=True),
    ]
    found = _ask("which parking bay is mine?", facts)
    assert found is not None and "22" in found.text and NOT_SURE not in found.text and "current since" in found.text
    assert found.text.index("22") < found.text.find("14") or "14" not in found.text, found


def test_a_day_or_month_asked_is_answered_only_by_a_fact_told_for_it() -> None:
    by_day = [_fact(1, "The user works from the Bristol hub on Thursdays.")]
    found = _ask("where am I working on Wednesdays?", by_day)
    assert found is None or (NOT_SURE in found.text and not found.used), found
    found = _ask("where am I working on Thursdays?", by_day)
    assert found is not None and "Bristol" in found.text and NOT_SURE not in found.text, found
    every_day = [_fact(1, "The user works from the Bristol hub.")]
    found = _ask("where am I working on Wednesdays?", every_day)
    assert found is not None and "Bristol" in found.text and NOT_SURE not in found.text, found
    excepted = [_fact(1, "The user runs the Friday demo call, except in August.")]
    found = _ask("do I run the Friday demo call in August?", excepted)
    assert found is None or (NOT_SURE in found.text and not found.used), found


def test_only_a_saying_of_what_held_before_is_no_answer_now() -> None:
    found = _ask(
        "which accounts do I look after?",
        [_fact(1, 'The user said: "I used to look after the Iberia accounts."', note=True)],
    )
    assert found is not None and NOT_SURE in found.text and not found.used, found


def test_when_the_user_started_is_found_by_when_they_joined() -> None:
    told = [_fact(1, "The user joined the Leeds branch in June 2020.")]
    for question in ("when did I start at the branch?", "when did I begin working at the Leeds branch?"):
        found = _ask(question, told)
        assert found is not None and "June 2020" in found.text and found.used, (question, found)


def test_a_later_one_off_or_supposed_saying_casts_no_doubt_on_what_regularly_holds() -> None:
    for said in ("Just this once I'm covering the Sunday rota for Idris.", "I might switch my rota day to Sunday."):
        facts = [
            _fact(1, "The user is on the rota on Tuesdays."),
            _fact(2, f'The user said: "{said}"', 2, note=True),
        ]
        found = _ask("which day am I usually on the rota?", facts)
        assert found is not None and "Tuesdays" in found.text and NOT_SURE not in found.text, (said, found)


def test_a_later_one_off_saying_of_the_conversation_casts_no_doubt() -> None:
    saying = {**_fact(2, "Just this once I'm covering the Sunday rota for Idris.", 2), "status": "said"}
    found = _ask("which day am I usually on the rota?", [_fact(1, "The user is on the rota on Tuesdays."), saying])
    assert found is not None and "Tuesdays" in found.text and NOT_SURE not in found.text, found


def test_a_month_to_come_asked_is_not_answered_by_what_holds_now() -> None:
    facts = [
        _fact(1, "The user is on the Payroll queue."),
        _fact(2, "Next month I'm joining the Wi-Fi queue.", 2, note=True),
    ]
    found = _ask("will I still be on the Payroll queue in March?", facts)
    assert found is None or (NOT_SURE in found.text and not found.used), found
