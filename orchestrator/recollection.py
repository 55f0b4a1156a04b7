"""Tiered recall: what long-term memory knows about a request, within a token budget.

Tier 1 is the user's category summaries, tier 2 the active facts that match the request (superseded ones
too, with their dates, when the request asks how something changed), tier 3 the relevant episodes from the
memory stream. Each tier is filled only while the budget lasts, in that order.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from cognicore.memory._fact_notes import NOTE_PREDICATE
from cognicore.memory.lifecycle_config import Perspective
from cognicore.memory.text import FIRST_PERSON, FIRST_PERSON_PLURAL
from cognicore.orchestrator.budget import count_tokens
from cognicore.orchestrator.intent import is_question
from cognicore.orchestrator.journal import Memory, past_failures
from cognicore.orchestrator.memory_use import search_perspective
from cognicore.subagents._memory_asks import only_asks
from cognicore.subagents._memory_data_kinds import DataKinds
from cognicore.subagents._question_asked import told_around
from cognicore.subagents.memory_answer import asks_what_you_know, memory_query

_HISTORY = re.compile(
    r"\b(used to|(?<!do i )(?<!do we )(?<!do you )(?<!do they )(?<!does )use to|before|previously|earlier|"
    r"change[ds]?|history|past|no longer|anymore|originally|at first|"
    r"initially|prior|formerly|old|when did|what did i|what was|what were)\b",
    re.IGNORECASE,
)
# A name written with a capital inside a sentence, not its first word ("... for Contoso.").
_INNER_NAME = re.compile(r"(?<![.!?])\s([A-Z][a-z]+)\b")
FACTS_K = 6
EPISODES_K = 5
SINCE_K = 4  # the user's latest sayings weighed against the recalled facts, whatever their words


def asks_about_history(request: str) -> bool:
    """Does the request ask how something changed over time (so superseded facts are relevant)?"""
    return bool(_HISTORY.search(request))


def _informative(content: str, metadata: dict[str, Any]) -> bool:
    """A user's statement is worth recalling, also when a request closes it ("... I'm reporting to Marco Silva
    instead. Can you note that?"); their questions and our own answers are not evidence."""
    if metadata.get("speaker") == "assistant" or ((asks := is_question(content)) and only_asks(content)):
        return False
    # "A customer's band holds 72% after 14 months. Would the warranty cover it?": the case of its question, told of
    # no one of the user's own ("I", "we"), is no evidence to quote.
    return not asks or any(_OWN.search(t) for t in told_around(content) or [content])


_OWN = re.compile(rf"\b(?:{FIRST_PERSON}|{FIRST_PERSON_PLURAL})\b", re.I)


def _weighed(episode: Any) -> bool:
    """A user's saying from another session that tells something: the evidence an answer weighs (and may quote)."""
    return episode.kind == "observation" and not episode.in_session and _informative(episode.content, episode.metadata)


def _day(moment: datetime | None) -> str | None:
    """A date as the answer shows it (ISO, to the minute), or None."""
    return moment.strftime("%Y-%m-%d %H:%M") if moment else None


def _instant(moment: datetime | None) -> str | None:
    """A stored timestamp in full (ISO, to the microsecond): orders what was said within one minute."""
    return moment.isoformat() if moment else None


def _turn(session_id: str | None, metadata: dict[str, Any]) -> str | None:
    """The round a user's saying was ("session#round"), as facts name their sources; None when unknown."""
    round_no = metadata.get("round")
    return f"{session_id}#{round_no}" if session_id and round_no is not None else None


def _fact_line(fact: Any) -> str:
    if fact.status == "active":
        since = fact.valid_from.strftime("%Y-%m-%d %H:%M")
        return f"{fact.statement} (current, since {since})"
    until = fact.valid_to.strftime("%Y-%m-%d %H:%M") if fact.valid_to else "unknown"
    return f"Until {until}: {fact.statement} (no longer true: {fact.status})"


async def recollect(
    memory: Memory,
    *,
    user_id: str,
    session_id: str,
    request: str,
    budget: int,
    perspective: Perspective | None = None,
    value_kinds: DataKinds | None = None,
) -> dict[str, Any]:
    """The recalled memory as JSON-like data for the graph state: categories, facts and episodes.

    Episodes are searched from `perspective` (the orchestrator's, see `memory_use.search_perspective`); when
    the active memories do not fill the episode slots, archived ones that match fill the rest, so a memory
    archived by the sleep phase can be found and, once used, comes back active (at reactivation strength).
    Each fact carries the kinds of the deployment's data values it names (`kinds`, read by `value_kinds`).
    """
    history = asks_about_history(request)
    # Three independent reads on three pooled connections, at once.
    categories, fact_hits, episodes = await asyncio.gather(
        memory.facts.categories(user_id),
        # Facts said in other words than the request ("based in" for "lives in") are searched for too.
        # Ended facts are read even for a question about now: they tell which sayings are no longer true.
        memory.facts.search(
            user_id, memory_query(request), k=FACTS_K if history else 2 * FACTS_K, include_superseded=True
        ),
        memory.stream.search(
            user_id,
            request,
            k=2 * EPISODES_K,
            kinds=["observation", "reflection", "thought"],
            session_id=session_id,
            session_first=True,
            status=None,
            perspective=perspective,
        ),
    )
    ended = {_plain(h.fact.statement) for h in fact_hits if h.fact.status != "active"}
    # The turns whose every recalled fact was replaced since ("FYI the budget for our offsite is $80,000", read as
    # "Our budget is $80,000", then raised): what was said there is no longer true, in whatever words it was said.
    ended_turns = {t for h in fact_hits if h.fact.status != "active" for t in h.fact.sources}
    ended_turns -= {t for h in fact_hits if h.fact.status == "active" for t in h.fact.sources}
    # What the user said since the facts that may answer, whatever its words: a change worded so that neither
    # the extractor nor the search matched it ("Leon is covering") must still be weighed against them.
    since = await _said_since(memory, user_id, session_id, request, fact_hits, episodes) if is_question(request) else []
    lineage = _replaced_statements(fact_hits)
    if not history:
        fact_hits = [h for h in fact_hits if h.fact.status == "active"][:FACTS_K]
    # Active memories first (in their ranked order); archived ones only fill what is left.
    episodes = sorted(episodes, key=lambda ep: ep.status != "active")[:EPISODES_K]
    episodes += [h for h in since if h.id not in {ep.id for ep in episodes}]
    used = 0
    out: dict[str, Any] = {"categories": [], "facts": [], "episodes": []}

    def fits(text: str) -> bool:
        nonlocal used
        cost = count_tokens(text)
        if used + cost > budget:
            return False
        used += cost
        return True

    for c in categories:
        if fits(c.summary):
            out["categories"].append({"name": c.name, "summary": c.summary})
    for hit in fact_hits:
        line = _fact_line(hit.fact)
        if fits(line):
            out["facts"].append(
                {
                    "id": hit.fact.id,
                    "text": line,
                    "statement": hit.fact.statement,
                    "object": hit.fact.object,
                    "kind": hit.fact.kind,
                    "category": hit.fact.category,
                    "status": hit.fact.status,
                    "since": _day(hit.fact.valid_from),
                    "until": _day(hit.fact.valid_to),
                    "since_exact": _instant(hit.fact.valid_from),
                    "until_exact": _instant(hit.fact.valid_to),
                    "sources": list(hit.fact.sources),
                    "superseded_by": hit.fact.superseded_by,
                    "note": hit.fact.predicate == NOTE_PREDICATE,  # a saying kept as said: it holds no slot
                    "kinds": value_kinds(hit.fact.statement) if value_kinds else [],  # "region" for "Nordics"
                    "replaced": lineage.get(hit.fact.id, []),  # what it superseded, in the words it was told
                }
            )
    kept = []
    for ep in episodes:
        if ep.kind == "observation" and not _weighed(ep):
            continue  # this session's turns are in the recalled history; questions and answers tell nothing new
        replaced = _turn(ep.session_id, ep.metadata) in ended_turns and _one_clause(ep.content)
        if not history and (_plain(ep.content) in ended or replaced):
            continue  # said, read as a fact, and that fact has since been superseded: no longer true
        if fits(ep.content):
            kept.append(ep)
    # Which sayings some fact was read from: one that none was may hold a change the extractor missed. One read
    # for the recalled sayings and the later ones together, after the later ones' search: asked at once with that
    # search, a second read was needed whenever it found new sayings (measured slower, see the commit message).
    turns = {ep.id: _turn(ep.session_id, ep.metadata) for ep in kept if ep.kind == "observation"}
    read = await memory.facts.read_turns(user_id, [t for t in turns.values() if t]) if any(turns.values()) else set()
    for ep in kept:
        turn = turns.get(ep.id)
        out["episodes"].append(
            {
                "id": ep.id,
                "kind": ep.kind,
                "text": ep.content,
                "at": _day(ep.created_at),
                "at_exact": _instant(ep.created_at),
                "turn": turn,
                "read": turn in read if turn else None,
            }
        )
    return out


def _replaced_statements(hits: Sequence[Any]) -> dict[Any, list[str]]:
    """For each recalled fact, the statements of the recalled facts it superseded, directly or along a chain: the
    slot it holds, in the words it was first told ("We ship samples with FedEx" under "We use DHL instead")."""
    successor = {h.fact.id: h.fact.superseded_by for h in hits if h.fact.superseded_by is not None}
    statements = {h.fact.id: h.fact.statement for h in hits}
    out: dict[Any, list[str]] = {}
    for old, new in successor.items():
        seen = {old}
        while new is not None and new not in seen:
            out.setdefault(new, []).append(statements[old])
            seen.add(new)
            new = successor.get(new)
    return out


async def _said_since(
    memory: Memory, user_id: str, session_id: str, request: str, fact_hits: Sequence[Any], episodes: Sequence[Any]
) -> list[Any]:
    """The user's latest sayings since the oldest recalled current fact (or saying) began, ranked by the stream."""
    told = [ep for ep in episodes if ep.kind == "observation" and _informative(ep.content, ep.metadata)]
    starts = [h.fact.valid_from for h in fact_hits if h.fact.status == "active"] + [ep.created_at for ep in told]
    everything = asks_what_you_know(request)
    if not starts and not everything:
        return []  # nothing recalled to weigh (a user new to memory, a question memory has nothing on)
    hits = await memory.stream.search(
        user_id,
        " ".join([h.fact.statement for h in fact_hits[:SINCE_K]] + [ep.content for ep in told[:SINCE_K]]) or request,
        k=SINCE_K,
        kinds=["observation"],
        session_id=session_id,
        session_first=True,
        since=None if everything else min(starts),  # "what do you know about me?": whenever they were said
        metadata={"speaker": "user"},
        min_similarity=-1.0,
        quiet=True,
    )
    return list(hits)


def memory_passages(recalled: dict[str, Any] | None, *, start: int) -> list[dict[str, Any]]:
    """Recalled facts and episodes as numbered passages a composer can quote and cite."""
    if not recalled:
        return []
    # `statement`, `status`, `since` and `until` let a composer date what it quotes, newest first.
    passages = []
    for fact in recalled.get("facts", []):
        passages.append(
            {
                "title": f"Memory: {fact['category']} ({fact['kind']})",
                "source": f"memory:fact:{fact['id']}",
                "content": fact["text"],
                "chunk_id": None,
                "memory_id": None,
                "statement": fact.get("statement", fact["text"]),
                "object": fact.get("object"),
                "status": fact.get("status", "active"),
                "since": fact.get("since"),
                "until": fact.get("until"),
                "since_exact": fact.get("since_exact"),
                "until_exact": fact.get("until_exact"),
                "sources": fact.get("sources", []),
                "fact_id": fact["id"],
                "superseded_by": fact.get("superseded_by"),
                "note": bool(fact.get("note")),
                "kinds": list(fact.get("kinds") or []),
                "replaced": list(fact.get("replaced") or []),
            }
        )
    for ep in recalled.get("episodes", []):
        passages.append(
            {
                "title": f"Memory: earlier {ep['kind']}",
                "source": f"memory:{ep['id']}",
                "content": ep["text"],
                "chunk_id": None,
                "memory_id": ep["id"],
                "statement": ep["text"],
                "status": "said",
                "since": ep.get("at"),
                "until": None,
                "since_exact": ep.get("at_exact"),
                "turn": ep.get("turn"),
                "read": ep.get("read"),
            }
        )
    return [{**p, "index": start + i} for i, p in enumerate(passages)]


def memory_text(recalled: dict[str, Any] | None) -> str:
    """The category summaries as a short text block (tier 1) for the answer composer."""
    if not recalled or not recalled.get("categories"):
        return ""
    return "\n".join(f"- {c['name']}: {c['summary']}" for c in recalled["categories"])


def told_words(recalled: dict[str, Any] | None, request: str = "") -> list[str]:
    """The user's own words in what was recalled, never to be corrected as typos (`Speller.correct`'s `keep`).

    All words of the recalled facts' statements ("offsite" of "Our team offsite is in Porto" is no typo of a
    document's "office"); of earlier sayings (a request may itself hold a typo) only the names written with a capital
    inside a sentence ("Contoso" of "Tomasz is the key account manager for Contoso." when no fact was read from it),
    and the words the `request` types again: a word written the same way twice is meant ("offsite" of a note 'The
    user said: "The team offsite this year is in Porto."' asked "where's the team going for the offsite"); a note
    quotes a saying as typed, so it is read as one ("revnue" of 'The user said: "our revnue target ..."').
    """
    if not recalled:
        return []
    lines = [(str(f.get("statement") or f.get("text") or ""), bool(f.get("note"))) for f in recalled.get("facts", [])]
    facts = [line for line, note in lines if not note]
    said = [line for line, note in lines if note]
    said += [str(e.get("text", "")) for e in recalled.get("episodes", []) if e.get("kind") == "observation"]
    words = {w.lower() for line in facts for w in re.findall(r"[A-Za-z]+", line)}
    words |= {m.group(1).lower() for line in said for m in _INNER_NAME.finditer(line)}
    typed = {w.lower() for w in re.findall(r"[A-Za-z]+", request)}
    words |= {w.lower() for line in said for w in re.findall(r"[A-Za-z]+", line)} & typed
    return sorted(words)


def planner_memory(recalled: dict[str, Any] | None) -> str:
    """Everything recalled (summaries, dated facts, episodes) as one text block for the planner."""
    if not recalled:
        return ""
    lines = [f"- {c['name']}: {c['summary']}" for c in recalled.get("categories", [])]
    lines += [f"- fact: {f['text']}" for f in recalled.get("facts", [])]
    lines += [f"- earlier {e['kind']}: {e['text']}" for e in recalled.get("episodes", [])]
    return "\n".join(lines)


class Recollector:
    """The graph's reads of long-term memory, as one object so a run's recorder can record and replay them."""

    def __init__(
        self, memory: Memory, *, perspectives: Sequence[Perspective] = (), values: Mapping[str, str] | None = None
    ) -> None:
        self._memory = memory
        self._perspectives = tuple(perspectives)  # the orchestrator's: whose search the recall is
        self._kinds = DataKinds(values or {})  # reads the deployment's data values (each with its column) in a fact

    async def recall(self, *, user_id: str, session_id: str, request: str, budget: int) -> dict[str, Any]:
        """Tiered recall for a request (see `recollect`), searched from the orchestrator's perspective."""
        return await recollect(
            self._memory,
            user_id=user_id,
            session_id=session_id,
            request=request,
            budget=budget,
            perspective=search_perspective(self._perspectives, request),
            value_kinds=self._kinds,
        )

    async def failures(self, *, user_id: str, request: str) -> list[str]:
        """Lessons from similar requests that failed before."""
        perspective = search_perspective(self._perspectives, request)
        return await past_failures(self._memory, user_id=user_id, request=request, perspective=perspective)


def _plain(text: str) -> str:
    """The words of a text, lower case: a saying and the fact stated in the same words compare equal."""
    return " ".join(re.findall(r"[\w$%.]+", text.lower())).strip(".")


# A second clause of a saying: after "and" / "but" / ";" / a sentence end, with a subject and a verb of its own.
_MORE_CLAUSES_RE = re.compile(r"(?:\band\b|\bbut\b|;|[.!?]\s)\s*\S+\s+\S+\s+\S+", re.I)


def _one_clause(text: str) -> bool:
    """Does a saying hold one clause only? A turn whose read facts were all replaced may still say more ("... is
    $80,000 and Marta is organising the trip"): only a one-clause saying is hidden as no longer true."""
    return not _MORE_CLAUSES_RE.search(text.strip())
