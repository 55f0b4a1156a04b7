"""The `extract_facts` role: durable facts, preferences, decisions and assumptions stated in one turn.

The offline extractor reads the user's message with rules, clause by clause, and never invents a fact
from a question, a request or a hypothetical. Statements are rewritten in the third person ("The user
prefers to drink tea.") because they are recalled later, out of their conversation.
"""

from __future__ import annotations

import re
from typing import Any, Literal, Protocol

from pydantic import BaseModel, Field

from cognicore.memory._fact_correction import correction
from cognicore.memory._fact_handover import handed_over
from cognicore.memory._fact_kept import replaces_nothing
from cognicore.memory._fact_keys import normalize, predicate_key, same_slot, subject_key
from cognicore.memory._fact_known import UNCLEAR_OBJECT, bare_change, named_changes
from cognicore.memory._fact_known_names import known_people, with_known_names, with_known_owners
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
from cognicore.memory._fact_relative import relative_change
from cognicore.memory._fact_replaced import figure_swapped, held_instead, named_in_statement, near_slot
from cognicore.memory._fact_reworded import owner_from_known
from cognicore.memory._fact_rules import read_facts
from cognicore.memory._fact_slot_values import another_thing, gives_other_value, others_thing, restated, slot_changed
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
        self,
        *,
        user_message: str,
        assistant_message: str,
        known_facts: list[dict[str, Any]],
        told: bool | None = None,
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
        if (given := handed_over(user_message, slotted, read_facts)) is not None:
            return ExtractedFacts(facts=given)  # "I passed <area> on to Dana": the user's thing ends
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
        stated = [_state_of_person(user_message, f, slotted, told=told) for f in facts]
        # Only a change certain from its words ends a note: the old value it names, or its slot's every word.
        return ExtractedFacts(facts=ending_notes(user_message, [f for f in stated if f is not None], known_facts))


# How a person is, said in place of who they are (after FUNCTION_WORDS: "on leave", "off sick", "out today").
_STATES = frozenset(
    "away sick ill busy slow unavailable late absent swamped travelling traveling not new great fine ok okay good bad "
    "really very so too still".split()
)


def _state_of_person(
    message: str, fact: FactCandidate, known: list[dict[str, Any]], *, told: bool | None
) -> FactCandidate | None:
    """ "my manager is actually on leave until Friday" after "My manager is Hannah Berg": a slot that holds a person
    given no name is how that person is, not who holds the slot; kept in the user's words, replacing nothing."""
    first = (re.findall(r"[\w'-]+", fact.object.lower()) or [""])[0]
    if first not in FUNCTION_WORDS | _STATES or (fact.contradicts and fact.object == UNCLEAR_OBJECT):
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


def in_known_slot(candidate: FactCandidate, known_facts: list[dict[str, Any]]) -> FactCandidate:
    """A change naming an old value the user stated before takes that fact's slot and wording.

    "I swapped rooibos for flat whites" after "I have been drinking rooibos" is a new drink, not a new tool:
    the known fact's subject, predicate and category are kept and its statement is reworded with the new
    value, so the store supersedes the old fact and later questions find the new one in the same words.
    """
    old = (candidate.contradicts or "").strip().lower()
    if candidate.predicate.startswith(("no_longer", "not_", "does_not", "is_not", "stopped")):
        return candidate
    if not old:
        return in_known_wording(candidate, known_facts)
    for known in known_facts:
        held = str(known.get("object", "")).strip().lower()
        # "Salesforce" names "Salesforce as the CRM": the slot is kept, and its wording with the new value.
        if known.get("status", "active") != "active" or not (held == old or held.startswith(old + " ")):
            continue
        if str(known.get("subject", "")).strip().lower() != candidate.subject.strip().lower():
            continue
        statement = str(known.get("statement") or "")
        reworded = re.sub(re.escape(old), candidate.object, statement, count=1, flags=re.I)
        return candidate.model_copy(
            update={
                "predicate": known.get("predicate") or candidate.predicate,
                "category": known.get("category") or candidate.category,
                "kind": known.get("kind") or candidate.kind,
                "exclusive": True,
                "statement": reworded if reworded != statement else candidate.statement,
            }
        )
    holder = _held_by_the_old_person(candidate, known_facts, old)
    return holder if holder is not candidate else named_in_statement(candidate, known_facts, old)


def _held_by_the_old_person(candidate: FactCandidate, known_facts: list[dict[str, Any]], old: str) -> FactCandidate:
    """ "Bruno handed the pager over to Lucia" after "Bruno is on call": the one thing the old person held.

    A hand-over names the person, not always the thing in the words first used: when the old person holds
    exactly one thing of the same relation, the new person holds that thing now. Two or more: nothing is guessed.
    """
    held = [
        k for k in known_facts
        if k.get("status", "active") == "active" and k.get("predicate") == candidate.predicate
        and str(k.get("object", "")).strip().lower() == old
    ]  # fmt: skip
    if candidate.predicate != "handled_by" or len(held) != 1:
        return candidate
    return candidate.model_copy(update={"subject": str(held[0].get("subject") or candidate.subject), "exclusive": True})


def in_known_wording(candidate: FactCandidate, known_facts: list[dict[str, Any]]) -> FactCandidate:
    """A new value of a slot the user filled before, said in the words of the known fact.

    "My shift got moved to 9am" after "My shift starts at 7am" becomes "The user's shift starts at 9am.": the
    older statement with the new value, so a later question worded like the first statement ("when do I
    start?") finds the current value, not only the superseded one.
    """
    if not candidate.exclusive:
        return candidate
    subject, predicate = subject_key(candidate.subject), predicate_key(candidate.predicate)
    same = [
        k for k in known_facts
        if k.get("status", "active") == "active"
        and str(k.get("object", "")).strip()
        and normalize(str(k.get("object", ""))) != normalize(candidate.object)
        and subject_key(str(k.get("subject", ""))) == subject
        and same_slot(predicate_key(str(k.get("predicate", ""))), predicate)
    ]  # fmt: skip
    if not same:  # "my shift start is 9am" after "my shift starts at 7am": one slot in fewer words, two clock times
        near = [k for k in known_facts if k.get("status", "active") == "active" and near_slot(k, candidate)]
        near = [k for k in near if normalize(str(k.get("object", ""))) != normalize(candidate.object)]
        named = str(near[0].get("statement") or "") if len(near) == 1 else ""
        return candidate.model_copy(update={"contradicts": named}) if named else candidate
    said = _qualifier(candidate.statement, candidate.predicate)
    if said and any(_qualifier(str(k.get("statement") or ""), candidate.predicate) not in ("", said) for k in same):
        # "our budget for the summer campaign" after "our budget for the spring campaign": another slot of its own
        own = re.sub(r"\W+", "_", said)
        return candidate.model_copy(update={"predicate": f"{candidate.predicate}_for_{own}"})
    for known in same:
        value = str(known.get("object", "")).strip()
        statement = str(known.get("statement") or "")
        if (swapped := figure_swapped(value, candidate.object)) is not None:  # "to close 150 tickets per week"
            candidate = candidate.model_copy(update={"object": swapped})
        reworded = re.sub(rf"(?<!\w){re.escape(value)}(?!\w)", candidate.object, statement, count=1, flags=re.I)
        # Named as the one it replaces: a known value said without "one at a time" ("We ship from Rotterdam", slot
        # "ships") still ends when the same slot gets one new value ("we moved shipping to Hamburg"); only when it is
        # the one such value: which of two it replaces would be a guess.
        ends = {"contradicts": statement} if statement and not known.get("exclusive") and len(same) == 1 else {}
        if reworded != statement:
            return candidate.model_copy(update={"statement": reworded, **ends})
        if ends:
            return candidate.model_copy(update=ends)
    return candidate


def _qualifier(statement: str, predicate: str) -> str:
    """What a slot is said to be for ("budget for the spring campaign", "max discount on the Pro plan"), or ""."""
    slot = r"[\s_-]+".join(re.escape(w) for w in predicate_key(predicate).split("_") if w)
    m = re.search(
        rf"\b{slot}\s+(?:for|on|of|in|at)\s+(?:the\s+)?(?P<q>[\w-]+(?:\s+[\w-]+){{0,3}}?)\s+(?:is|are|was|were|has|"
        r"got|went|=)\b",
        statement,
        re.I,
    )
    return m["q"].lower() if m and slot else ""


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
