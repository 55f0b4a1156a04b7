"""The `rag_query` sub-agent: answers a question from the knowledge base, citing its sources."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from cognicore.memory.lifecycle_config import Perspective
from cognicore.memory.llm import ModelCallError
from cognicore.memory.retrieval import knows, paraphrase_terms
from cognicore.subagents._answer_absence import documented_absence
from cognicore.subagents._answer_shape import LEADER_WORDS, Shape, asked_shape
from cognicore.subagents._question_terms import ALTERNATIVES, paraphrased_words
from cognicore.subagents.compose import ROLE, AnswerComposer, OfflineAnswerComposer, cite_in_order, nothing_found
from cognicore.subagents.compose_llm import ComposedAnswer
from cognicore.subagents.errors import Unsure
from cognicore.subagents.types import AgentContext, AgentServices, Citation, StepInput, StepOutput

if TYPE_CHECKING:
    from cognicore.memory.knowledge import KnowledgeBase, Passage

SNIPPET_CHARS = 240
PER_SUBJECT = 2  # passages per item when answering about the rows of an earlier step's table
MAX_SUBJECTS = 5


def table_subjects(inputs: dict[str, StepOutput]) -> list[str]:
    """The labels (first text column) of the first tabular input, at most MAX_SUBJECTS of them."""
    for output in inputs.values():
        columns, rows = output.data.get("columns"), output.data.get("rows")
        if output.status != "ok" or not columns or not rows:
            continue
        for i in range(len(columns)):
            # An empty group (tickets with no assignee) is no item to look up; the named ones still are.
            values = [row[i] for row in rows[: MAX_SUBJECTS + 1] if row[i] is not None][:MAX_SUBJECTS]
            if values and all(isinstance(v, str) and v.strip() for v in values):
                return list(dict.fromkeys(values))
    return []


def passage_dicts(passages: list[Passage]) -> list[dict[str, Any]]:
    """Passages as the JSON dicts a composer reads, numbered from 1 as they are cited."""
    return [
        {"index": i, "title": p.title, "source": p.source, "content": p.content}
        for i, p in enumerate(passages, start=1)
    ]


def engine_note(engine: str) -> str:
    """The line that tells a reader which engine wrote an answer."""
    return f"({engine} engine)"


WHO_EXTRA = 2  # passages a "who" question's second search may add
PARAPHRASE_EXTRA = 2  # passages a search by the documents' words for the asker's own words may add


async def search_for(knowledge: KnowledgeBase, question: str, *, k: int) -> list[Passage]:
    """The passages for a question; a "who" question also gets the best lists of people and their titles.

    A "who" answer is a name and a title, often in a list of people that shares only the subject with the
    question ("vice president of customer support"): a second search adds the subject among such lists.
    """
    # "25% off" is searched as a discount too, "come back" as a return: the documents' words for the asked thing.
    extra = paraphrased_words(question)
    query = f"{question} {' '.join(extra)}" if extra else question
    passages = await knowledge.search(query, k=k, alternatives=ALTERNATIVES)
    if asked_shape(question) is Shape.WHO:
        people = await knowledge.search(f"{question} {' '.join(LEADER_WORDS)}", k=WHO_EXTRA, alternatives=ALTERNATIVES)
        known = {p.chunk_id for p in passages}
        passages += [p for p in people if p.chunk_id not in known]
    # "my order turned up broken": the documents' word ("damaged") is one OR term among the question's common ones
    # ("order") and ranks low; a search by the documents' words for the asker's own word finds their passage.
    lexicon = (await knowledge.vocabulary.words()).lexemes
    others = [w for w in paraphrase_terms(question, lexicon, ALTERNATIVES) if knows(w, lexicon)]
    if others:
        reworded = await knowledge.search(" ".join(others), k=PARAPHRASE_EXTRA)
        known = {p.chunk_id for p in passages}
        passages += [p for p in reworded if p.chunk_id not in known]
    return passages


def documents_reader(
    knowledge: KnowledgeBase, synonyms: Sequence[str] = (), *, k: int
) -> Callable[[str], Awaitable[bool]]:
    """Whether the documents answer a request with confidence, as the offline composer reads them: the offline
    planner's check before it sends a request the data reader does not map to the documents instead."""
    composer = OfflineAnswerComposer(synonyms)

    async def answers(request: str) -> bool:
        passages = await search_for(knowledge, request, k=k)
        composed = await composer.compose(question=request, passages=passage_dicts(passages))
        if passages and composed.used:
            return True
        # A checked "the documents do not say" (the subject is theirs, the asked thing never with it) answers too.
        return bool(passages) and await documented_absence(knowledge, request) is not None

    return answers


class RagQueryAgent:
    """Retrieves passages by hybrid search, composes a cited answer, and lists the sources it used."""

    name = "rag_query"
    description = (
        "Answers a question from the knowledge base (the documents ingested into it: policies, catalogs, "
        "decisions and their reasons, definitions) with cited sources. Use it for facts, rules and "
        "explanations written in documents, not for figures computed from a database."
    )
    input_hint = "one question about what the documents say"
    deterministic = True
    # What this agent reads memory for (memory.lifecycle): documents the user relies on.
    perspectives = (Perspective(name="documents", keywords=("policy", "guide", "procedure", "manual", "document")),)

    def __init__(
        self, services: AgentServices, *, k: int | None = None, composer: AnswerComposer | None = None
    ) -> None:
        self._knowledge = services.knowledge
        self._k = k if k is not None else services.retrieval_k
        self._composer = composer or services.roles.composer

    async def run(self, task: StepInput, ctx: AgentContext) -> StepOutput:
        """Answer the step's instruction (or, without one, the user's request) from the knowledge base.

        When an earlier step produced a table, the answer is about the items in its first label column
        (e.g. the products a query ranked), each searched for on its own.
        """
        question = (task.instruction or task.request).strip()
        if not question:
            return StepOutput(
                status="error",
                error="rag_query needs a question: the step's instruction and the request are both empty.",
            )
        subjects = table_subjects(task.inputs)
        if subjects:
            question = f"What does the knowledge base say about {', '.join(subjects)}?"
            found = [await self._knowledge.search(subject, k=PER_SUBJECT) for subject in subjects]
            passages = list({p.chunk_id: p for hits in zip(*found, strict=False) for p in hits}.values())
        else:
            passages = await search_for(self._knowledge, question, k=self._k)
        note = engine_note(ctx.engine)
        if not passages:
            empty = "The knowledge base is empty: add documents with `cognicore ingest`."
            answer = f"{nothing_found(question)} {empty}"
            return StepOutput(
                summary=f"{answer}\n\n{note}",
                data={"question": question, "answer": answer, "sources": [], "engine": ctx.engine},
            )
        calls = {ROLE: 1}
        try:
            composed = await self._composer.compose(question=question, passages=passage_dicts(passages))
        except ModelCallError as exc:
            return StepOutput(
                status="error",
                error=f"Could not compose an answer from the knowledge base: {exc}",
                data={"question": question, "engine": ctx.engine},
                model_calls=calls,
            )
        valid = [i for i in dict.fromkeys(composed.used) if 1 <= i <= len(passages)]
        absent = None
        if not valid and not subjects and ctx.engine == "offline":
            absent = await documented_absence(self._knowledge, question)
        if absent is not None:
            # The whole corpus shows the documents name the subject but never the asked thing: said plainly.
            passages, composed = absent.passages, ComposedAnswer(text=f"{absent.text}", used=[1])
            valid = [1]
        if not valid and not subjects:
            # Nothing the documents say covers the question: an honest miss ends the run `unsure`, never
            # a confident "nothing" or a loosely related sentence (issue 9 point 2).
            raise Unsure(composed.text.strip() or nothing_found(question))
        # One source per document: its chunks share one marker, [k] is the k-th listed source.
        text, used = cite_in_order(composed.text, valid, source_of={i: passages[i - 1].document_id for i in valid})
        chunks: dict[int, list[Passage]] = {}
        for i in valid:
            chunks.setdefault(passages[i - 1].document_id, []).append(passages[i - 1])
        sources = [_source(k, chunks[passages[i - 1].document_id]) for k, i in enumerate(used, start=1)]
        summary = text.strip()
        if sources:
            listing = "\n".join(f"[{s['index']}] {s['title']} ({_short(s['source'])})" for s in sources)
            summary += f"\n\nSources:\n{listing}"
        return StepOutput(
            summary=f"{summary}\n\n{note}",
            data={"question": question, "answer": text, "sources": sources, "engine": ctx.engine},
            citations=[
                Citation(
                    source=passages[i - 1].source,
                    title=passages[i - 1].title,
                    chunk_id=passages[i - 1].chunk_id,
                    snippet=_snippet(" ".join(p.content for p in chunks[passages[i - 1].document_id])),
                )
                for i in used
            ],
            model_calls=calls,
        )


def _source(index: int, chunks: list[Passage]) -> dict[str, Any]:
    """One listed source: a document, with every chunk of it the answer used (merged) and its best score."""
    first = chunks[0]
    return {
        "index": index,
        "title": first.title,
        "source": first.source,
        "chunk_id": first.chunk_id,
        "chunk_ids": [p.chunk_id for p in chunks],
        "score": round(max(p.score for p in chunks), 6),
    }


def _short(source: str) -> str:
    """A file path's name (the title already says what it is); other sources as they are."""
    return PurePath(source).name if "/" in source or "\\" in source else source


def _snippet(content: str) -> str:
    body = " ".join(line for line in content.splitlines() if not line.lstrip().startswith("#"))
    body = " ".join(body.split())
    return body if len(body) <= SNIPPET_CHARS else body[: SNIPPET_CHARS - 1].rstrip() + "…"
