"""Model providers: Gemini when `GOOGLE_API_KEY` is set, the deterministic offline engine otherwise."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from langchain_core.embeddings import Embeddings
from langchain_core.language_models import BaseChatModel

from cognicore.memory.embeddings import DIMS, OfflineEmbeddings
from cognicore.memory.extraction import FactExtractor, LlmFactExtractor, OfflineFactExtractor
from cognicore.memory.importance import ImportanceScorer, LlmImportanceScorer, OfflineImportanceScorer
from cognicore.memory.reflection import LlmReflector, OfflineReflector, Reflector
from cognicore.orchestrator.intent import Classifier, LlmClassifier, OfflineClassifier
from cognicore.orchestrator.planning import LlmPlanner, OfflinePlanner, Planner
from cognicore.orchestrator.reuse import LlmAdapter, OfflineAdapter, WorkflowAdapter
from cognicore.settings import Settings
from cognicore.subagents.compose import AnswerComposer, LlmAnswerComposer, OfflineAnswerComposer
from cognicore.workflows.recording import RecordedRole

OFFLINE_ENGINE = "offline"


@dataclass(frozen=True)
class Models:
    """The chat model (None offline), the embeddings, and the engine label every output carries."""

    chat: BaseChatModel | None
    embeddings: Embeddings
    embedding_name: str
    engine: str


def build_models(settings: Settings) -> Models:
    """Gemini chat and embeddings with a key; the offline engine without one."""
    if not settings.online:
        return Models(
            chat=None,
            embeddings=OfflineEmbeddings(),
            embedding_name=OfflineEmbeddings.model_name,
            engine=OFFLINE_ENGINE,
        )
    from langchain_google_genai import ChatGoogleGenerativeAI, GoogleGenerativeAIEmbeddings

    assert settings.google_api_key is not None
    key = settings.google_api_key
    chat = ChatGoogleGenerativeAI(
        model=settings.chat_model,
        google_api_key=key,
        temperature=0,
        timeout=settings.model_timeout_s,
        max_retries=2,
    )
    embeddings = GoogleGenerativeAIEmbeddings(
        model=settings.embedding_model, google_api_key=key, output_dimensionality=DIMS
    )
    return Models(
        chat=chat,
        embeddings=embeddings,
        embedding_name=settings.embedding_model,
        engine=f"gemini:{settings.chat_model}",
    )


@dataclass(frozen=True)
class Roles:
    """The orchestrator's reasoning roles for one engine."""

    classifier: Classifier
    planner: Planner
    composer: AnswerComposer
    adapter: WorkflowAdapter
    importance: ImportanceScorer
    extractor: FactExtractor
    reflector: Reflector


def build_roles(models: Models, settings: Settings, *, agents: Sequence[dict[str, str]] = ()) -> Roles:
    """LLM-backed roles with a chat model, offline ones without; every one recorded per run."""
    if models.chat is None:
        tools = [a for a in agents if a["name"] not in OfflinePlanner.BUILTINS]
        roles = Roles(
            OfflineClassifier(tools),
            OfflinePlanner(),
            OfflineAnswerComposer(),
            OfflineAdapter(),
            OfflineImportanceScorer(),
            OfflineFactExtractor(),
            OfflineReflector(),
        )
    else:
        opts = {"retries": settings.model_retries, "timeout_s": settings.model_timeout_s}
        roles = Roles(
            LlmClassifier(models.chat, agents=", ".join(a["name"] for a in agents), **opts),  # type: ignore[arg-type]
            LlmPlanner(models.chat, **opts),  # type: ignore[arg-type]
            LlmAnswerComposer(models.chat, **opts),  # type: ignore[arg-type]
            LlmAdapter(models.chat, **opts),  # type: ignore[arg-type]
            LlmImportanceScorer(models.chat, **opts),  # type: ignore[arg-type]
            LlmFactExtractor(models.chat, **opts),  # type: ignore[arg-type]
            LlmReflector(models.chat, **opts),  # type: ignore[arg-type]
        )
    return Roles(
        RecordedRole("classify", roles.classifier),  # type: ignore[arg-type]
        RecordedRole("plan", roles.planner),  # type: ignore[arg-type]
        RecordedRole("compose_answer", roles.composer),  # type: ignore[arg-type]
        RecordedRole("adapt_workflow", roles.adapter),  # type: ignore[arg-type]
        RecordedRole("score_importance", roles.importance),  # type: ignore[arg-type]
        roles.extractor,  # runs after the reply, outside any run: nothing to record it for
        roles.reflector,
    )
