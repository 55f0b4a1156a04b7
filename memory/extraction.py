"""The `extract_facts` role: durable facts, preferences, decisions and assumptions stated in one turn.

The offline extractor reads the user's message with rules, clause by clause, and never invents a fact
from a question, a request or a hypothetical. Statements are rewritten in the third person ("The user
prefers to drink tea.") because they are recalled later, out of their conversation.
"""

from __future__ import annotations

import re
from typing import Any, Literal, Protocol

from pydantic import BaseModel, Field

from cognicore.memory._fact_clause_owners import Owned, confirms_only, owned_clauses
from cognicore.memory._fact_correction import correction
from cognicore.memory._fact_coverage import coverage_moved
from cognicore.memory._fact_handover import handed_over
from cognicore.memory._fact_kept import replaces_nothing
from cognicore.memory._fact_keys import lemma, normalize, predicate_key, same_slot, subject_key
from cognicore.memory._fact_known import UNCLEAR_OBJECT, bare_change, named_changes
from cognicore.memory._fact_known_names import known_people, with_known_names, with_known_owners
from cognicore.memory._fact_known_slot import in_known_slot, in_known_wording
from cognicore.memory._fact_newvalue import (
    pronoun_handover,
    replacing_ended,
    reversal,
    slot_change,
    switched_topic,
    worded_as_reversal,
)
from cognicore.memory._fact_notes import ending_notes, is_note, note_of
from cognicore.memory._fact_placement import moved_user, placement_of
from cognicore.memory._fact_qualifiers import ambiguous_kin, another_qualifier
from cognicore.memory._fact_relative import relative_change
from cognicore.memory._fact_replaced import held_instead
from cognicore.memory._fact_reworded import owner_from_known
from cognicore.memory._fact_rules import read_facts
from cognicore.memory._fact_slot import value_of
from cognicore.memory._fact_slot_values import another_thing, gives_other_value, others_thing, restated, slot_changed
from cognicore.memory._fact_supersession import not_a_change_of_slot
from cognicore.memory._fact_takeover import taken_over_from_user
from cognicore.memory._fact_told import told_clause_facts
from cognicore.memory._fact_topic import in_changed_topic
from cognicore.memory._fact_word_classes import FUNCTION_WORDS
from cognicore.memory._fact_words import holds_person
from cognicore.memory.llm import LlmRole

ROLE = "extract_facts"
__all__ = [
    "ROLE",
    "UNCLEAR_OBJECT",
    "ExtractedFacts",
    "FactCandidate",
    "FactExtractor",
    "LlmFactExtractor",
    "OfflineFactExtractor",
    "another_thing",
    "gives_other_value",
    "in_changed_topic",
    "in_known_slot",
    "in_known_wording",
    "known_people",
    "others_thing",
    "restated",
    "states_facts",
    "with_known_names",
    "with_known_owners",
    "worded_as_reversal",
]  # fmt: skip
# `UNCLEAR_OBJECT`: the object of a marker fact that replaced a known fact whose change could not be read.

FactKind = Literal["fact", "decision", "assumption", "preference"]


class FactCandidate(BaseModel):
    """One durable piece of knowledge the user stated: a fact, preference, decision or assumption."""

    subject: str = Field(
        min_length=1,
        description="Who or what it is about: 'user' for the user, 'we' for "
        "the user's team or company, otherwise the thing itself (e.g. 'plan A').",
    )
    predicate: str = Field(
        min_length=1,
        description="A short snake_case relation, e.g. drinks, likes, "
        "dislikes, prefers, lives_in, works_at, works_as, uses, budget, chose, rejected.",
    )
    object: str = Field(min_length=1, description="The value, as short as possible (e.g. 'coffee', 'Lisbon').")
    kind: FactKind = Field(
        description="preference (likes, dislikes, habits), decision (something chosen or "
        "rejected), assumption (taken as true for planning), or fact (anything else)."
    )
    confidence: float = Field(
        ge=0.0,
        le=1.0,
        description="How sure the user sounded: 0.9 for a plain statement, about 0.6 when hedged ('I think', 'maybe').",
    )
    category: str = Field(
        min_length=1,
        description="One lowercase word group: food_drink, work, personal, project, tools or preferences.",
    )
    statement: str = Field(
        min_length=1,
        description="One readable sentence in the third person that stands "
        "on its own, e.g. 'The user prefers to drink coffee.'",
    )
    based_on: str | None = Field(
        None,
        description="For a decision: the reason given, as a sentence; "
        "also extract that reason as its own fact with exactly this statement.",
    )
    contradicts: str | None = Field(
        None,
        description="When this replaces something the user said before: "
        "the statement (or the value) of the known fact it replaces.",
    )
    exclusive: bool = Field(
        False,
        description="True when the subject has only one value for this predicate "
        "at a time (where they live, their name, the drink they prefer, a budget), so a "
        "new value replaces the old one.",
    )


class ExtractedFacts(BaseModel):
    """Everything durable the user stated in this turn; an empty list when they stated nothing durable."""

    facts: list[FactCandidate] = Field(default_factory=list, description="The facts, in the order stated.")


class FactExtractor(Protocol):
    """Extracts fact candidates from one conversation turn."""

    async def extract(
        self,
        *,
        user_message: str,
        assistant_message: str,
        known_facts: list[dict[str, Any]],
        told: bool | None = None,
    ) -> ExtractedFacts:
        """`told`: the router read the message as a statement (True), as a request or question (False), or the
        turn was not routed (None, e.g. an imported conversation)."""
        ...


# Used by `LlmFactExtractor` (the `extract_turn` memory job after each answer); pairs with `ExtractedFacts`.
EXTRACT_FACTS_PROMPT = """You maintain the long-term semantic memory of an assistant.
From one conversation turn, extract what the USER asserts that will still matter in later conversations:
facts about themselves, their preferences, their work, and their team's decisions and assumptions.
Rules:
- Only what the user asserts. Questions, requests, greetings, hypotheticals ("if we ...") and the
  assistant's own words give no facts. When in doubt, leave it out; an empty list is a good answer.
- subject 'user' for the user, 'we' for their team or company; predicates short snake_case verbs.
- When the turn changes something in the known facts, set `contradicts` to the known fact's statement.
- For a decision with a reason, put the reason in `based_on` and also extract the reason as a fact whose
  statement is exactly that text.
- Statements are single third-person sentences that make sense on their own."""


def states_facts(text: str) -> bool:
    """Does `text` state something the offline rules read as a fact? Never true of a question, a request or a
    hypothetical (they are dropped before any rule runs), so a router may take it as a sign of a statement."""
    return bool(read_facts(text))


class OfflineFactExtractor:
    """Rule-based extraction from the user's message: deterministic, no model, nothing it did not read."""

    async def extract(
        self, *, user_message: str, assistant_message: str, known_facts: list[dict[str, Any]], told: bool | None = None
    ) -> ExtractedFacts:
        """The facts every rule read, each checked last: one ends a known fact only as a real change of its slot."""
        read = await self._read(user_message=user_message, known_facts=known_facts, told=told)
        active = [k for k in known_facts if k.get("status", "active") == "active"]
        kept = [f for f in read.facts if not_a_change_of_slot(user_message, f, active) is None]
        if len(kept) == len(read.facts):
            return read
        note = note_of(user_message, told=bool(told)) if told is not False else None  # kept beside, in its words
        notes = [FactCandidate(**note)] if note and not any(is_note(f.model_dump()) for f in kept) else []
        return ExtractedFacts(facts=[*kept, *notes])

    async def _read(
        self, *, user_message: str, known_facts: list[dict[str, Any]], told: bool | None = None
    ) -> ExtractedFacts:
        # Only the user's words are evidence; the assistant's reply may be wrong or merely polite.
        # Superseded facts (when given) serve only to read a reversal ("back to DHL"); every other rule reads the
        # current ones. A note holds no slot: no change is read against it, so it is never moved or ended by a guess.
        history, known_facts = known_facts, [k for k in known_facts if k.get("status", "active") == "active"]
        slotted = [k for k in known_facts if not is_note(k)]
        user_message = with_known_names(user_message, slotted)  # "ben also handles email" after "Ben handles VPN"
        user_message = with_known_owners(user_message, slotted)  # "the returns window" after "our returns window"
        if (corrected := correction(user_message, slotted)) is not None:
            return ExtractedFacts(facts=[corrected])  # "sorry, I meant 4401": the one known value of that shape
        if (moved := moved_user(user_message, slotted)) is not None:
            return ExtractedFacts(facts=[FactCandidate(**moved)])  # "I've been moved over to ...": a known place left
        if (covered := coverage_moved(user_message, known_facts, read_facts)) is not None:
            return ExtractedFacts(facts=covered)  # "they pulled me off wifi, I'm on the email queue now"
        if (given := handed_over(user_message, slotted, read_facts)) is not None:
            return ExtractedFacts(facts=given)  # "I passed <area> on to Dana": the user's thing ends
        if (owned := owned_clauses(user_message)) is not None:  # "mine stays 2291 but Dana's is now 2305"
            return await self._by_owner(owned, history, told=told)
        # Told after an opening the rules do not read ("good news, after the review our budget ..."): its clauses.
        placed = placement_of(user_message)  # "I'm working the night shift": the user's shift
        read = (
            read_facts(user_message)
            or ([placed] if placed else [])
            or (told_clause_facts(user_message) if told else [])
        )
        found = [held_instead(user_message, in_known_slot(FactCandidate(**f), slotted), slotted) for f in read]
        # "my q3 target is up by 2k": a change as the value is no value; the known figure, changed, is. Only
        # when every fact read is such a change: a message that also states a value is read fact by fact.
        said_relative = all(_RELATIVE_VALUE_RE.match(c.object) for c in found)
        if said_relative and (relative := relative_change(user_message, slotted)) is not None:
            return ExtractedFacts(facts=[relative])  # "up by 10%", "two more": the known figure, changed
        found = [] if said_relative else found  # no known figure to move: kept in the user's words
        found = [switched_topic(user_message, in_changed_topic(c, slotted), slotted) for c in found]
        found = [owner_from_known(user_message, c, slotted) for c in found]  # "the X" when only my X is known
        found = [_handover_in_known_slot(user_message, c, slotted) for c in found]
        found = [taken_over_from_user(c, slotted) for c in found]  # "Jonas took over Europe": my European accounts
        # A change naming an old value goes to that fact's slot; one not read marks the fact it names.
        facts = replacing_ended(user_message, named_changes(user_message, found, slotted))
        if not facts and (changed := slot_change(user_message, slotted)) is not None:
            facts = [changed]  # "password resets are back on the portal": the one slot named, a new value
        if not facts and (handed := pronoun_handover(user_message, slotted)) is not None:
            facts = [handed]  # "she's handed it to Kofi": the one thing a named person held
        if not facts and (back := reversal(user_message, history)) is not None:
            facts = [back]  # "actually we're back to DHL": the replaced fact is current again
        # Told in a shape no rule reads: kept in the user's words. A note is never taken from a turn the router read
        # as a request or a question; one it read as a statement is kept whatever its shape.
        if not facts and told is not False and (note := note_of(user_message, told=bool(told))) is not None:
            facts = [FactCandidate(**note)]
        # A change of one known slot in a shape no rule above reads: a new value of the old one's kind.
        facts = slot_changed(user_message, facts, known_facts, unclear=UNCLEAR_OBJECT)
        # Another person's or team's thing ("Omar's standup is at 9:45 now"), a one-off ("for tomorrow only") or a
        # past change ("two years ago ...") changes none of ours: kept in the user's words.
        if replaces_nothing(user_message, facts, known_facts):
            note = note_of(user_message, told=bool(told)) if told is not False else None
            facts = [FactCandidate(**note)] if note is not None else []
        # "My target for Q4 ..." after "My target for Q3 ...": another one of that kind, kept beside it.
        own = [_of_its_own_qualifier(user_message, f, slotted, read, told=told) for f in facts]
        kept = [f for f in own if f is not None]
        kept = [f for f in kept if not confirms_only(f.object)]  # "the quota is right": it holds, no value
        stated = [_state_of_person(user_message, f, slotted, told=told) for f in kept]
        # Only a change certain from its words ends a note: the old value it names, or its slot's every word.
        return ExtractedFacts(facts=ending_notes(user_message, [f for f in stated if f is not None], known_facts))

    async def _by_owner(self, owned: Owned, known_facts: list[dict[str, Any]], *, told: bool | None) -> ExtractedFacts:
        """The user's clauses read alone; when they only confirm what holds, each other person's clause is kept in the
        user's words instead, touching none of the user's facts."""
        if not owned.confirms:
            mine = await self._read(user_message=owned.mine, known_facts=known_facts, told=told)
            # another person's clause read by a rule, about them ("Priya took over Benelux"), never the user's
            theirs = [FactCandidate(**f) for c in owned.others for f in read_facts(c)]
            theirs = [f for f in theirs if subject_key(f.subject) not in ("user", "we") and not f.contradicts]
            return ExtractedFacts(facts=[*mine.facts, *theirs])
        notes = [note_of(c, told=True) for c in owned.others] if told is not False else []
        return ExtractedFacts(facts=[FactCandidate(**n) for n in notes if n is not None])


# How a person is, said in place of who they are (after FUNCTION_WORDS: "on leave", "off sick", "out today").
_STATES = frozenset(
    "away sick ill busy slow unavailable late absent swamped travelling traveling not new great fine ok okay good bad "
    "really very so too still".split()
)
_NOT_A_NAME = FUNCTION_WORDS | _STATES


def _state_of_person(
    message: str, fact: FactCandidate, known: list[dict[str, Any]], *, told: bool | None
) -> FactCandidate | None:
    """ "my manager is actually on leave until Friday" after "My manager is Hannah Berg": a slot that holds a person
    given no name is how that person is, not who holds the slot; kept in the user's words, replacing nothing."""
    first = (re.findall(r"[\w'-]+", fact.object.lower()) or [""])[0]
    if first not in _NOT_A_NAME or (fact.contradicts and fact.object == UNCLEAR_OBJECT):
        return fact  # a name ("Victor Lamb", "chloe"), not how someone is ("on leave", "off sick", "slow")
    person = [
        k for k in known
        if holds_person(k) and re.match(r"(?-i:[A-Z])", str(k.get("object", "")))  # it holds a name
        and subject_key(str(k.get("subject", ""))) == subject_key(fact.subject)
        and predicate_key(str(k.get("predicate", ""))) == predicate_key(fact.predicate)
    ]  # fmt: skip
    if not person:
        return fact
    note = note_of(message, told=bool(told)) if told is not False else None
    return FactCandidate(**note) if note is not None else None


_RELATIVE_VALUE_RE = re.compile(
    r"^(?:up|down|raised|lowered|increased|reduced|cut|doubled|tripled|halved)\b(?:\s+(?:by|in)\b.*)?$"
    r"|^(?:at\s+)?(?:\S+\s+){1,2}(?:later|earlier)$",  # "30 minutes later": the known time moved, no time itself
    re.I,
)


def _of_its_own_qualifier(
    message: str, fact: FactCandidate, known: list[dict[str, Any]], read: list[dict[str, Any]], *, told: bool | None
) -> FactCandidate | None:
    """ "My target for Q4 got raised to $1.4 million" after "My target for Q3 is $1 million": a change whose qualifier
    differs from the replaced fact's is another one of that kind; kept beside it as read (its own slot), or in the
    user's words, replacing nothing."""
    if fact.exclusive and ambiguous_kin(message, fact.subject, fact.predicate, fact.object, known):
        note = note_of(message, told=bool(told)) if told is not False else None  # which one is not known: kept apart
        return FactCandidate(**note) if note is not None else None
    if not fact.contradicts:
        return _apart_from_its_kin(message, fact, known)
    if (done := _done_by_user(fact, read)) is not None:
        return done  # "I'm now mentoring Sam Lee" after "My mentor is Olga": whom the user mentors, not who
    old = fact.contradicts.strip().lower()
    replaced = [k for k in known if old and old in (str(k.get("statement") or "").lower(), value_of(k).lower())]
    if not replaced or not another_qualifier(message, replaced[0], fact.object):
        return fact
    held = predicate_key(str(replaced[0].get("predicate", "")))
    own = [
        c for c in (in_known_slot(FactCandidate(**f), known) for f in read)
        if c.object == fact.object and not c.contradicts and not same_slot(predicate_key(c.predicate), held)
    ]  # fmt: skip
    if own:
        return own[0]
    note = note_of(message, told=bool(told)) if told is not False else None
    return FactCandidate(**note) if note is not None else None


def _done_by_user(fact: FactCandidate, read: list[dict[str, Any]]) -> FactCandidate | None:
    """The fact as read when the rules read the user doing it ("The user mentors Sam Lee") and a change rule then
    put it in the slot of who does it to the user ("The user's mentor"): another relation, keyed apart, replacing
    nothing."""
    if not re.match(r"^\W*the\s+user's\s", fact.statement, re.I):
        return None
    head = lemma(predicate_key(fact.predicate).split("_")[-1])
    for f in read:
        said = re.match(r"^\W*the\s+user\s+(?!is\b|has\b|was\b)([a-z]+s)\b", str(f.get("statement") or ""), re.I)
        if f.get("object") == fact.object and said and head.startswith(lemma(said.group(1)).rstrip("e")):
            return FactCandidate(**{**f, "predicate": f"{f.get('predicate')}_others", "contradicts": None})
    return None


def _apart_from_its_kin(message: str, fact: FactCandidate, known: list[dict[str, Any]]) -> FactCandidate:
    """ "My north target was raised to $900k" after "My target for the south territory is $2 million": a slot the
    store would take for the known one's ("north_target" names "target" more precisely) but qualified otherwise is
    keyed by its head first ("target_for_north"), so the store keeps the two apart."""
    words = predicate_key(fact.predicate).split("_")
    if not fact.exclusive or len(words) < 2:
        return fact
    kin = [
        k for k in known
        if subject_key(str(k.get("subject", ""))) == subject_key(fact.subject)
        and predicate_key(str(k.get("predicate", ""))) != predicate_key(fact.predicate)
        and same_slot(predicate_key(str(k.get("predicate", ""))), predicate_key(fact.predicate))
        and another_qualifier(message, k, fact.object)
    ]  # fmt: skip
    return fact.model_copy(update={"predicate": f"{words[-1]}_for_{'_'.join(words[:-1])}"}) if kin else fact


def _handover_in_known_slot(message: str, candidate: FactCandidate, known: list[dict[str, Any]]) -> FactCandidate:
    """ "on-call got passed to Chloe" after "Ben is our on-call engineer": a hand-over read as a new thing handled
    (`handled_by`) is the one known slot it names ("on_call_engineer"), when no fact of that thing is known."""
    if predicate_key(candidate.predicate) != "handled_by" or candidate.contradicts:
        return candidate
    thing = subject_key(candidate.subject)
    if any(subject_key(str(k.get("subject", ""))) == thing for k in known):
        return candidate  # the thing itself is known: the store replaces its holder
    slotted = bare_change(message, known)
    return slotted if slotted is not None and normalize(slotted.object) == normalize(candidate.object) else candidate


class LlmFactExtractor(LlmRole[ExtractedFacts]):
    """Fact extraction by a chat model with structured output."""

    role = ROLE
    max_chars = 2_000
    schema = ExtractedFacts
    prompt = EXTRACT_FACTS_PROMPT

    async def extract(
        self,
        *,
        user_message: str,
        assistant_message: str,
        known_facts: list[dict[str, Any]],
        told: bool | None = None,
    ) -> ExtractedFacts:
        # `told` is the offline router's reading; the model reads the turn itself.
        current = [f for f in known_facts if f.get("status", "active") == "active"]  # the model sees what is true
        known = "\n".join(f"- [{f.get('kind', 'fact')}] {f.get('statement', '')}" for f in current[:50])
        return await self.ask(
            f"Known facts:\n{known or '(none)'}\n\nUser: {user_message[:4000]}\n\nAssistant: {assistant_message[:2000]}"
        )
