"""Offline answers to questions about the user or their team, from recalled facts and episodes, dated.

The answer node gives the composer memory passages (`source` "memory:...") with `statement`, `status`,
`since` and `until`. A question in the first person ("what do I drink these days?", "how much can we
spend?") is answered from the memories that share most of its content words (stemmed, widened to
paraphrase groups), newest first with their dates; a question about the past ("what did I eat before?")
puts the facts that are no longer true first. Words that say when ("these days", "before", "usual")
choose between current and past facts; they are not what the question is about.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cognicore.memory.text import stem, terms
from cognicore.subagents._memory_aims import figure_miss
from cognicore.subagents._memory_asks import FIRST_PERSON as FIRST_PERSON
from cognicore.subagents._memory_asks import PERSIST_RE, asks_before
from cognicore.subagents._memory_asks import about_the_asker as about_the_asker
from cognicore.subagents._memory_asks import asks_about_mine as asks_about_mine
from cognicore.subagents._memory_asks import asks_about_the_past as asks_about_the_past
from cognicore.subagents._memory_asks import asks_how_things_stand as asks_how_things_stand
from cognicore.subagents._memory_asks import asks_what_was_said as asks_what_was_said
from cognicore.subagents._memory_asks import asks_what_you_know as asks_what_you_know
from cognicore.subagents._memory_asks import asks_who_does as asks_who_does
from cognicore.subagents._memory_asks import asks_yes_no as asks_yes_no
from cognicore.subagents._memory_before import before_named, changed_after, held_before, of_another_holder, told_as_past
from cognicore.subagents._memory_conditions import excepts_case, scene_set, states_case, supposition
from cognicore.subagents._memory_doubt import later_doubt
from cognicore.subagents._memory_figure import generic_only, other_figure
from cognicore.subagents._memory_items import changed_item, ends_another
from cognicore.subagents._memory_kind import asked_kind, names_someone
from cognicore.subagents._memory_lineage import answer_lines, inherited_words
from cognicore.subagents._memory_lines import NEAR_TOLD, NOT_SURE, MemoryAnswer, everything, line, order, unread_change
from cognicore.subagents._memory_lines import last_user_turn as last_user_turn  # the callers' import
from cognicore.subagents._memory_near import near_reason
from cognicore.subagents._memory_siblings import siblings
from cognicore.subagents._memory_supposed import only_supposed
from cognicore.subagents._memory_value_shapes import (
    asked_noun,
    asked_noun_stem,
    asks_ranking,
    kind_words,
    sole_answer,
    sole_fact,
)
from cognicore.subagents._memory_words import (
    CONTRACTED_IS,
    MEMORY_SYNONYMS,
    PLACED,
    WHERE_RE,
    in_meaning,
    question_parts,
    rephrased,
    shape_words,
)
from cognicore.subagents.memory_evidence import (
    abbreviated,
    changed_since,
    is_unclear,
    matches,
    noted_since,
    plain_words,
    quoted,
    replaced,
    said_before,
    said_words,
    text_of,
    unread_since,
    valued_since,
    when,
)
from cognicore.subagents.memory_slot import asked_matcher, near_miss

# Words that place a question in time or say it changed: they pick current or past facts, not the topic.
_TIME_WORDS = frozenset(
    stem(w)
    for w in """usual usually moment now current currently today day days nowadays lately recent recently before
    previous previously earlier formerly former old originally first initially change changed switch switched still
    again anymore time times these days era period ago used currently presently right go-to go typical regular
    normally normal till until rn atm""".split()
)
# Words of a question about memory that say how it is asked, not what it is about.
_NOT_TOPIC = frozenset(
    stem(w)
    for w in """am is are ask asked tell told say said mention mentioned know remember remind should would could
    keep kept use used get got have put store stored hmm hm sorry ok okay hey hi hello um uh erm oh btw yo thanks
    thx pls please per using meant supposed""".split()
)
_MEMORY_SYNONYMS = MEMORY_SYNONYMS
# The asker said with a verb ("which day am I on call" written "I'm on call"): who asks, not what about.
_PRONOUNS = frozenset(
    stem(w) for w in "i'm im i've i'd i'll we're we've we'd we'll you're mine ours yours theirs".split()
) | frozenset("i'm we're".split())
_THIS_PERIOD = re.compile(
    r"\b(?:this|these|next|last|coming|current|for the)\s+(week|weeks|month|months|quarter|year|sprint|fortnight)\b",
    re.I,
)
_CLOSING_WHEN = re.compile(
    r"(?:\s*,?\s*\b(?:before|previously|earlier|originally|at\s+first|initially|now|right\s+now|these\s+days|"
    r"nowadays|again|at\s+the\s+moment|currently|any\s?more|rn|atm))+\s*[?.!]*\s*$",
    re.I,
)
_HOW_MANY = re.compile(r"\bhow\s+(?:many|much)\b", re.I)
MAX_MEMORIES = 3
MIN_SHARE = 0.5  # share of the question's content words a memory must contain to answer it


def is_memory(passage: dict[str, Any]) -> bool:
    """A passage recalled from the user's memory (a fact or an episode), not a document."""
    return str(passage.get("source") or "").startswith("memory:")


def topic_concepts(concepts: Sequence[frozenset[str]]) -> list[frozenset[str]]:
    """The question's concepts without the words that only place it in time."""
    return [c for c in concepts if not c <= _TIME_WORDS and not c <= _NOT_TOPIC and not c <= _PRONOUNS]


def widened(concepts: Sequence[frozenset[str]]) -> list[frozenset[str]]:
    """Each concept with the memory paraphrases of its words ("based" also finds "lives")."""
    return [c.union(*(_MEMORY_SYNONYMS.get(t, frozenset()) for t in c)) for c in concepts]


def memory_query(request: str) -> str:
    """The request with the memory paraphrases of its words appended: a search for facts said in other words."""
    extra = sorted({w for t in terms(request) for w in _MEMORY_SYNONYMS.get(t, ())} - set(terms(request)))
    return f"{request} {' '.join(extra)}" if extra else request


def answer_from_memory(
    question: str, concepts: Sequence[frozenset[str]], passages: Sequence[dict[str, Any]], *, previous: str = ""
) -> MemoryAnswer | None:
    """The dated memories that answer `question`, or None when none shares enough of its words.

    `previous` is the session's previous question: "and what was it before?" names no subject of its own.
    A newer saying on the subject that no fact was read from makes the answer unsure, quoting both.
    """
    if not passages:
        return None
    question = CONTRACTED_IS.sub(r"\1 is", question.replace("\u2019", "'"))
    scene = scene_set(question, passages)  # read once: the supposition, the parts and the second look share it
    supposed = supposition(question, scene, passages)
    found = _unsupposed(question, concepts, passages, previous, scene)  # read once, a supposition or not
    if supposed and (found is None or not found.used):
        # The supposition's own words ("swap me onto weekends") are no topic: what is asked after it may be told.
        core, kept = supposed[1], set(terms(supposed[1]))
        found = _unsupposed(core, [c for c in concepts if c & kept], passages, previous, core) or found
    told = [text_of(p) for p in passages if found is not None and int(p["index"]) in found.used]
    if (
        supposed
        and found is not None
        and found.used
        and (not states_case(supposed[0], told) or excepts_case(supposed[0], told))
    ):
        known = re.sub(r"^(?:Yes|No|No longer)\.\s+", "", re.sub(r"\.?\s*\[\d+\]$", "", found.text.split(" [")[0]))
        text = f"{NEAR_TOLD} ({known}) but not what you asked: it says what holds now, not {supposed[0]}. {NOT_SURE}"
        return MemoryAnswer(text=text, used=[], coverage=found.coverage)
    return found


def _unsupposed(
    question: str, concepts: Sequence[frozenset[str]], passages: Sequence[dict[str, Any]], previous: str, scene: str
) -> MemoryAnswer | None:
    """`answer_from_memory` of a question as asked, a supposition aside."""
    # A word the question's reading set aside as a request word may be what memory holds ("report" of "who do I
    # report to" is the manager, not a report to write): the memory paraphrase words come back as concepts.
    named = frozenset().union(*concepts) if concepts else frozenset()
    # "many" of "how many" asks a number, not the team's size ("how many tickets are we supposed to close?").
    asked = terms(_HOW_MANY.sub(" ", question))
    extra = [frozenset({t}) for t in dict.fromkeys(asked) if t in _MEMORY_SYNONYMS and t not in named]
    topic = topic_concepts(rephrased(question, [*concepts, *extra]))
    if WHERE_RE.match(question):
        topic = [c for c in topic if not c <= PLACED] or topic
    # "this week", "next month": when the question is asked, not what about ("this week who's covering email").
    when_asked = {stem(w.lower()) for w in _THIS_PERIOD.findall(question)}
    topic = widened([c for c in topic if not c <= when_asked] or topic)
    if not topic and asks_what_you_know(question):
        return everything(passages)
    if not topic and previous.strip():
        topic = widened(topic_concepts([frozenset({t}) for t in terms(previous)]))
    noun = asked_noun(question) if not topic and about_the_asker(question) and not asks_ranking(question) else None
    if noun and (sole := sole_fact(noun, passages, text_of)):  # "which days do I need to be in?": only the kind
        only = [p for p in passages if p is sole or p.get("status") != "active"]
        return _answer(question, [frozenset({noun})], only, scene)
    if not topic:
        return None
    found = _answer(question, topic, passages, scene)
    if found is not None and found.coverage < 1.0 and sole_answer(question, found.used, passages, text_of):
        found = MemoryAnswer(text=found.text, used=found.used, coverage=1.0)  # no other fact gives the kind asked
    if found is not None and found.used and found.coverage < 1.0 and asks_ranking(question):
        return None  # "which component are we slowest on?" after "I handle the Printer component": a ranking, not told
    if found is None:
        # Words the question's reading set aside as no subject may be what the user told about ("reports" of "what
        # format do I like reports in?" after "I prefer my reports as PDF"): a second look with all its words.
        own = widened(topic_concepts([frozenset({t}) for t in terms(question)]))
        found = _answer(question, own, passages, scene) if own and set(own) != set(topic) else None
    if found is None and (core := scene) != question:
        # "if a ticket blows up, who am I meant to ping?": the condition sets the scene; the question follows it.
        kept = set(terms(core))
        return answer_from_memory(core, [c for c in concepts if c & kept], passages, previous=previous)
    return found


def _answer(
    question: str, topic: list[frozenset[str]], passages: Sequence[dict[str, Any]], scene: str
) -> MemoryAnswer | None:
    """The answer from the memories that share enough of the (widened) topic concepts, or None; `scene` is the
    question without a leading condition that only sets the scene."""
    asked = asked_noun_stem(question)
    scored = [(share, p) for p in passages if (share := _share(topic, p, asked=asked)) >= MIN_SHARE]
    # A memory about a near thing ("our events budget" for "our travel budget?") never answers: unsure instead.
    matched, skip, yes_no = asked_matcher(topic), _TIME_WORDS | _NOT_TOPIC, asks_yes_no(question)
    # Several questions in one ("what's my role and who do I report to"): a memory that answers one is no near miss.
    # A leading condition is no part; a closing "before"/"now" says when, no filler ("logging deals in before").
    parts = [_CLOSING_WHEN.sub("", p) or p for p in question_parts(in_meaning(scene))]
    near = {
        id(p): why
        for _, p in scored
        if all(whys := [near_miss(part, text_of(p), matched, skip=skip, yes_no=yes_no) for part in parts])
        and (why := whys[0])
    }
    near |= {id(p): why for s, p in scored if s < 1 and id(p) not in near and (why := other_figure(topic, text_of(p)))}
    near |= {id(p): why for s, p in scored if s < 1 and id(p) not in near and (why := generic_only(topic, text_of(p)))}
    near |= {id(p): why for _, p in scored if id(p) not in near and (why := figure_miss(question, text_of(p)))}
    # A make for a device, another person's thing, a relation the other way round, another compound, a one-off.
    near |= {id(p): why for _, p in scored if id(p) not in near and (why := near_reason(question, topic, p))}
    if scored and len(near) == len(scored):
        share, closest = max(scored, key=lambda sp: (sp[0], when(sp[1])))
        known = re.sub(r"\.?\s*\[\d+\]$", "", line(closest))
        why = near[id(closest)]
        text = f"{NEAR_TOLD} ({known}) but not what you asked: {why}. {NOT_SURE}"
        return MemoryAnswer(text=text, used=[], coverage=share)
    scored = [(s, p) for s, p in scored if id(p) not in near]
    if not asks_about_the_past(question):
        # A saying that became a fact since ended ("We agreed a 4 hour SLA", later corrected) is no longer true.
        ended = {plain_words(p) for p in passages if p.get("status") not in ("active", "said")}
        scored = [(s, p) for s, p in scored if p.get("status") != "said" or plain_words(p) not in ended]
    facts = [(s, p) for s, p in scored if p.get("status") != "said"]
    chosen = facts or scored  # distilled facts first; what the user said only when no fact answers
    if not chosen:
        return None
    past = asks_about_the_past(question)
    current = [(s, p) for s, p in chosen if p.get("status") in ("active", "said")]
    # One saying alone is likely the change itself ("Management cut my discount to 10%"), not what came before.
    if asks_before(question) and (facts or len(chosen) == 1) and len(current) == len(chosen):
        # Asked what it was before a change, and only the current value is known: quoting it would answer
        # another question with confidence. No citation, so the run ends `unsure` with what is known.
        # Worded as the composer's closest miss, which the answer node keeps after its "not sure" sentence.
        now = max((p for _, p in current), key=when)
        sayings = [p for p in passages if p.get("status") == "said"]
        earlier = replaced([p for _, p in current], passages) or said_before([p for _, p in current], sayings, topic)
        for fact in [] if earlier else sorted((p for _, p in current), key=when, reverse=True):
            if gone := held_before(fact, passages)[:1]:  # ended by another fact ("Jonas took over Europe")
                earlier, now = gone, fact
                break
        if earlier:  # said first in words the extractor did not read, then changed: the saying is the "before"
            lines = [line(p) for p in earlier[: MAX_MEMORIES - 1]] + [f"Now: {line(now)}"]
            return MemoryAnswer(
                text=" ".join(lines), used=[int(p["index"]) for p in [*earlier[: MAX_MEMORIES - 1], now]], coverage=1.0
            )
        later = (
            unread_since([now], sayings, topic, persistence=False)
            or noted_since([now], passages, topic)
            or changed_since([now], passages, topic)  # read as a fact after it, worded as a change, ending nothing
            or valued_since([now], passages)  # another value of its kind, told as a change in other words
        )
        for fact in [] if later else sorted((p for _, p in current), key=when):
            if later := changed_after(fact, passages, topic):  # a later fact of the slot, told as a change
                now = fact
                break
        later = [p for p in later if not of_another_holder(p, now)]  # "Ravi's team switched": not the user's change
        if later:  # the current fact was itself changed later, in words the extractor did not read (or kept as a note)
            newer = later[0]
            said = quoted(newer).strip().rstrip(".") if newer.get("note") else said_words(newer)
            then = f'Then on {newer.get("since") or "a later day"} you said: "{said}." [{newer["index"]}]'
            text = f"{line(now)} {then}"
            return MemoryAnswer(text=text, used=[int(now["index"]), int(newer["index"])], coverage=1.0)
        known = re.sub(r"\.?\s*\[\d+\]$", "", line(now))
        text = f"{NEAR_TOLD} ({known}) but not what it was before. {NOT_SURE}"
        return MemoryAnswer(text=text, used=[], coverage=max(s for s, _ in chosen))
    if not past and current:
        chosen = current  # "what do I drink?" asks what is true now, not what was
        # "My shift used to start at 6am": a saying of what held before is no current value
        if all(told_as_past(p) for _, p in chosen):
            known = re.sub(r"\.?\s*\[\d+\]$", "", line(chosen[0][1]))
            return MemoryAnswer(
                text=f"{NEAR_TOLD} ({known}) but not what you asked: it says what held before, not "
                f"what holds now. {NOT_SURE}",
                used=[],
                coverage=max(s for s, _ in chosen),
            )
        chosen = [(s, p) for s, p in chosen if not told_as_past(p)]
    best = max(s for s, _ in chosen)
    # Asked what it was before, the facts a chosen current one superseded are the answer, however few of the
    # question's words they share ("what territory did I have before Benelux" names only the new value).
    before = {id(p) for p in replaced([p for _, p in chosen], passages)} if asks_before(question) else set()
    chosen = [(s, p) for s, p in chosen if s >= best - 1e-9 or s >= 0.75 or id(p) in before]
    chosen.sort(key=lambda sp: order(sp[1], past), reverse=True)
    if asks_before(question) and all(p.get("status") == "said" for _, p in chosen):
        chosen.reverse()  # only what was said: for "what was it originally?" the oldest saying comes first
    if asks_before(question) and (named := before_named(question, passages)) is not None:
        if not named[1]:  # "who was my manager before Hannah?" when Hannah was the first told: nothing before her
            known = re.sub(r"\.?\s*\[\d+\]$", "", line(named[0]))
            return MemoryAnswer(
                text=f"{NEAR_TOLD} ({known}) but not what came before it. {NOT_SURE}", used=[], coverage=best
            )
        chosen = [(best, p) for p in named[1]]
    picked = [p for _, p in chosen[:MAX_MEMORIES]]
    if not past:  # "which languages ...?": every value told in the frame of a picked fact
        picked += siblings(question, picked, passages)[: MAX_MEMORIES - len(picked)]
    if past and len(picked) > 1:  # what it was is known; the change's unread new value adds nothing to it
        picked = [p for p in picked if not is_unclear(p)] or picked
    elif len(picked) > 1:  # a clear value told with or after an unread change settles it ("oat milk lattes for me now")
        picked = [p for p in picked if not is_unclear(p) or all(is_unclear(q) or when(q) < when(p) for q in picked)]
        held = [q for q in picked if not is_unclear(q) and q.get("status") == "active" and not q.get("note")]
        # The end of another thing ("Dana took North America off my hands") says nothing of one still held (Europe).
        picked = [p for p in picked if not (held and all(ends_another(p, q) for q in held))] or picked
    if not past and is_unclear(picked[0]):
        return unread_change(picked[0], passages, best)
    if not past and picked[0].get("status") == "said":
        moved = changed_item(picked[0], passages, topic)  # not a change of another item of a list it gave
        if moved:  # only said, then read as a change in other words: the newer fact is the answer
            text = f"{line(moved[0])} Before that: {line(picked[0])}"
            return MemoryAnswer(text=text, used=[int(moved[0]["index"]), int(picked[0]["index"])], coverage=best)
    if not past and only_supposed(picked, quoted):  # "worst case, finance could cut it to 50k": no current value
        text = f"{line(picked[0])} That was said as a possibility only. {NOT_SURE}"
        return MemoryAnswer(text=text, used=[], coverage=best)
    if not past and _tells_no_one(question, picked):
        return None  # "who is the duty manager?" and only a note that uses the words: it states no one
    if not past:
        persistence = asks_yes_no(question) and bool(PERSIST_RE.search(question))
        doubt = later_doubt(picked, passages, topic, persistence=persistence)
        if doubt is not None:
            return MemoryAnswer(text=doubt[0], used=doubt[1], coverage=best)
    text = answer_lines(question, picked, topic)
    # Several questions in one: a part no picked memory speaks of is said, and the answer is not sure of it.
    missing = [
        part
        for part in parts
        if len(parts) > 1 and (own := _part_topic(part)) and not any(_share(own, p) for p in picked)
    ]  # a part without a topic of its own ("remind me, what's ...") asks nothing apart
    if missing:
        text += f' You told me nothing I can find on "{missing[0].strip(" ?")}". {NOT_SURE}'
    return MemoryAnswer(text=text, used=[int(p["index"]) for p in picked], coverage=best)


def _tells_no_one(question: str, picked: Sequence[dict[str, Any]]) -> bool:
    """A "who" question whose memories are all the user's own words (notes, sayings) that name no one for it."""
    if asked_kind(question) != "person":
        return False
    return all((p.get("note") or p.get("status") == "said") and not names_someone(quoted(p), question) for p in picked)


def _share(topic: Sequence[frozenset[str]], passage: dict[str, Any], *, asked: str | None = None) -> float:
    """The share of the (widened) topic concepts a memory speaks of, by its words or the shape of its value, and by
    the data kind of a value it names when that kind is the noun `asked` ("which region ...?")."""
    if not topic:
        return 0.0
    said = text_of(passage)
    present = set(terms(said)) | set(terms(said.replace("-", " "))) | shape_words(said)  # "second-line": both
    kinds = kind_words(passage)  # "region" for a region the data holds ("moved to the Nordics team")
    present |= kinds if asked in kinds else frozenset()  # not "regional" of "the regional manager for <a region>"
    present |= inherited_words(passage)  # the slot in the words it was first told, before a change
    present |= {f"{w}s" for w in present}  # "ads" asked of "Our q3 ad budget"
    return sum(1 for c in topic if matches(c, present) or abbreviated(c, said)) / len(topic)


def _part_topic(part: str) -> list[frozenset[str]]:
    """One part's own topic concepts ("where do I sit" of "what's my role and where do I sit"), widened."""
    return widened(topic_concepts([frozenset({t}) for t in terms(part)]))
