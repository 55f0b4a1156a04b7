"""A question for one of the user's own things they never told ("what's my locker code?") is answered plainly that
they have not told it, checked against every fact of theirs, current or past; when anything they told mentions the
thing (or a paraphrase of it), the answer stays an honest unsure or the told value. The real graph and stores;
wordings are our own, not in any held-out or dev set."""

from __future__ import annotations

from cognicore.app import App
from cognicore.subagents._memory_untold import asked_own_thing, told_near, untold_text
from tests.integration.fact_turns import tell_app


async def test_a_thing_never_told_is_said_plainly(app: App) -> None:
    user = "m26-untold"
    await tell_app(app, "I sit on the fourth floor near the lifts.", user=user, session="u1")
    for question in ("what's my locker code?", "do you remember my parking bay number?"):
        result = await app.runner.ask(question, session_id="u2", user_id=user)
        assert result.outcome == "succeeded", result.answer
        assert result.answer.startswith("You have not told me your"), result.answer


async def test_a_thing_told_in_the_past_is_not_called_untold(app: App) -> None:
    user = "m26-told-before"
    await tell_app(app, "My locker code is 4471.", user=user, session="t1")
    await tell_app(app, "I no longer have a locker, I gave it back.", user=user, session="t2")
    result = await app.runner.ask("what's my locker code?", session_id="t3", user_id=user)
    assert "have not told" not in result.answer, result.answer


async def test_a_thing_told_in_other_words_is_not_called_untold(app: App) -> None:
    user = "m26-paraphrase"
    await tell_app(app, "My sales target for this quarter is $700k.", user=user, session="p1")
    result = await app.runner.ask("what's my quota this quarter?", session_id="p2", user_id=user)
    assert "have not told" not in result.answer, result.answer


def test_the_asked_thing_is_read_from_the_question_head() -> None:
    def thing(question: str) -> str | None:
        asked = asked_own_thing(question)
        return asked[0] if asked else None

    assert thing("what time does my gym class start?") == "gym class"  # "start" is its verb
    assert thing("When is my dentist appointment booked?") == "dentist appointment"
    assert thing("what is my current title?") == "current title"
    assert thing("how many orders did my region take?") is None  # a figure of the data, no own thing
    assert thing("what number do people dial to reach me at my desk?") is None  # "my" not in the head


def test_any_told_word_of_the_thing_keeps_it_unsaid() -> None:
    told = ["The user is based in porto"]  # no name written with a capital: no value of an unknown kind
    assert untold_text("what's my pension scheme?", told) is not None
    assert untold_text("which city is my home base?", told) is None  # "home" is a paraphrase of "based"
    assert untold_text("what's my base salary?", ["The user's salary band is B2"]) is None  # a told word


def test_a_value_of_the_asked_kind_told_in_other_words_keeps_it_unsaid() -> None:
    # review 16 (L2): told in other words, "you have not told me" would be false; the usual unsure path instead
    assert untold_text("what's my commission rate?", ["The user earns 6% on renewals."]) is None  # a figure
    assert untold_text("when's my work anniversary?", ["The user started on 3 March 2021."]) is None  # a date
    assert untold_text("what's my bike?", ["The user rides a Brompton to work."]) is None  # a name
    assert untold_text("what's my pension plan?", ["The user works the firmware queue."]) is not None  # none at all


def test_a_word_the_documents_use_is_a_policy_not_an_untold_fact() -> None:
    told = ["The user works the firmware queue."]
    policy = ["Refunds: an opened item may be returned within a 15-day return window."]
    assert untold_text("what's my return window for opened items?", told, policy) is None  # review 16 (L2b)
    assert untold_text("what's my locker combination?", told, policy) is not None


async def test_what_the_user_told_near_the_question_is_not_replaced_by_the_documents_silence(app: App) -> None:
    user = "m26-told-near"
    await tell_app(app, "My cell is 07700 900456.", user=user, session="c1")
    result = await app.runner.ask("what's my mobile phone number?", session_id="c2", user_id=user)
    assert "does not say" not in result.answer, result.answer


def test_told_near_is_the_askers_own_question() -> None:
    recalled = {"facts": [{"statement": 'The user said: "My teammate Oskar\'s desk is 4B."'}]}
    assert not told_near("where's Oskar's desk?", recalled)  # a name alone may be a product the documents cover
    assert told_near("which desk is mine?", recalled)
    assert not told_near("how often do we clean our desks?", recalled)  # the company's: the documents may say


async def test_a_thing_said_but_not_stored_is_not_called_untold(app: App) -> None:
    # review 16 (L2, h18): the saying holds the figure even when no fact was read from it
    user = "m26-said-not-stored"
    await tell_app(app, "I have to bring in $3 million in bookings this year.", user=user, session="s1")
    result = await app.runner.ask("what's my quota?", session_id="s2", user_id=user)
    assert "have not told" not in result.answer, result.answer


def test_a_policy_word_anywhere_in_the_thing_is_left_to_the_documents() -> None:
    policy = ["Sales reps may give a discount of up to 10% on their own."]
    assert untold_text("what's my max discount without approval?", [], policy) is None  # review 16 (L2b kk1)
    assert untold_text("what's my locker code?", [], ["Use the discount code at checkout."]) is not None  # "code"


def test_i_e_is_no_first_person() -> None:
    recalled = {"facts": [{"statement": "Our target is to resolve 12 tickets a day."}]}
    assert not told_near("how long do we have to resolve a P2 ticket, i.e. the resolution target?", recalled)
