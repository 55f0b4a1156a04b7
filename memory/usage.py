"""Which of the memories a task was shown did its output actually use (seed 002, 4.6 `identify_used_memories`).

Being a search candidate is not use: a memory is reinforced only when the answer, plan or step output it
was shown carries what it says. Two methods, chosen by `LifecycleConfig.use_detection_method`:

- `keyword` (the seed's default, no model call): the share of the memory's content words (stemmed, stopwords
  out) that reappear in the output reaches the threshold, and at least two of them do (one for a memory of
  a single content word), so a shared common word alone is not use;
- `similarity`: the cosine of the memory's and the output's embeddings reaches the threshold.

The seed's third method, `llm`, is not offered: a model call per task for bookkeeping was not worth it here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np
from langchain_core.embeddings import Embeddings

from cognicore.memory.lifecycle_config import LifecycleConfig
from cognicore.memory.text import terms

__all__ = ["MAX_LEARNING", "keyword_overlap", "learning", "used_by_keywords", "used_memories"]

MIN_SHARED = 2
MAX_LEARNING = 300
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")


def _content_words(text: str) -> set[str]:
    return {t for t in terms(text) if len(t) >= 3 or t.isdigit()}


def keyword_overlap(memory: str, output: str) -> tuple[int, float]:
    """How many of the memory's distinct content words the output repeats, and what share of them that is."""
    wanted = _content_words(memory)
    shared = len(wanted & set(terms(output)))
    return shared, shared / len(wanted) if wanted else 0.0


def used_by_keywords(memory: str, output: str, threshold: float) -> bool:
    """The keyword method for one memory: enough of its words, and a large enough share, are in `output`."""
    size = len(_content_words(memory))
    shared, share = keyword_overlap(memory, output)
    return shared >= min(MIN_SHARED, size) and shared > 0 and share >= threshold


async def used_memories(
    candidates: Sequence[tuple[int, str]],
    outputs: Sequence[str],
    config: LifecycleConfig,
    embeddings: Embeddings | None = None,
) -> list[int]:
    """Ids among `candidates` (id, content) that `outputs` used, by the configured method, in candidate order."""
    text = "\n".join(o for o in outputs if o)
    if not candidates or not text.strip():
        return []
    threshold = config.use_detection_similarity_threshold
    if config.use_detection_method == "keyword":
        return [mid for mid, content in candidates if used_by_keywords(content, text, threshold)]
    if embeddings is None:
        raise ValueError("use_detection_method 'similarity' needs the embedding model; pass `embeddings`")
    vectors = np.asarray(await embeddings.aembed_documents([text, *(c for _, c in candidates)]), dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1)
    norms[norms == 0] = 1.0
    unit = vectors / norms[:, None]
    similarities = unit[1:] @ unit[0]
    return [mid for (mid, _), sim in zip(candidates, similarities, strict=True) if float(sim) >= threshold]


def learning(memory: str, output: str) -> str | None:
    """What a memory taught a path (seed 002, 3.2 `learnings`), read offline: the sentence of the output that
    repeats most of the memory's content words, clipped; None when no sentence repeats any."""
    wanted = _content_words(memory)
    best, best_shared = None, 0
    for sentence in _SENTENCE_END.split(output):
        shared = len(wanted & set(terms(sentence)))
        if shared > best_shared:
            best, best_shared = sentence.strip(), shared
    if best is None:
        return None
    return best if len(best) <= MAX_LEARNING else best[: MAX_LEARNING - 1] + "…"
