"""Model providers: any LangChain chat model by `provider:model` (Gemini by default, with `GOOGLE_API_KEY`),
the deterministic offline engine when none is configured."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from langchain_core.embeddings import Embeddings
from langchain_core.language_models import BaseChatModel

from cognicore.embedders import build_embedder
from cognicore.memory.corpus_words import CorpusVocabulary
from cognicore.memory.embeddings import DIMS
from cognicore.memory.extraction import FactExtractor, LlmFactExtractor, OfflineFactExtractor
from cognicore.memory.importance import ImportanceScorer, LlmImportanceScorer, OfflineImportanceScorer
from cognicore.memory.llm import RoleOptions
from cognicore.memory.reflection import LlmReflector, OfflineReflector, Reflector
from cognicore.memory.text import terms
from cognicore.orchestrator.data_questions import DataWords
from cognicore.orchestrator.data_reading import DataReader, DataReadingClassifier, DataReadingPlanner, DocumentsReader
from cognicore.orchestrator.intent import Classifier, LlmClassifier, OfflineClassifier
from cognicore.orchestrator.planning import GENERIC, LlmPlanner, OfflinePlanner, Planner, Vocabulary
from cognicore.orchestrator.reuse import (
    LlmAdapter,
    LlmGeneraliser,
    LlmKeyer,
    OfflineAdapter,
    OfflineGeneraliser,
    OfflineKeyer,
    WorkflowAdapter,
    WorkflowGeneraliser,
    WorkflowKeyer,
)
from cognicore.settings import Settings
from cognicore.subagents.compose import AnswerComposer, LlmAnswerComposer, OfflineAnswerComposer
from cognicore.subagents.report_writer import LlmReportWriter, OfflineReportWriter
from cognicore.subagents.role_names import RoleName
from cognicore.subagents.sql_writer import LlmSqlWriter, NoOfflineSqlWriter, SqlWriter
from cognicore.subagents.types import AgentRoles

OFFLINE_ENGINE = "offline"


@dataclass(frozen=True)
class Models:
    """The chat model (None offline), the embeddings, and the engine label every output carries."""

    chat: BaseChatModel | None
    embeddings: Embeddings
    embedding_name: str
    engine: str
    embedding_dims: int = DIMS


GEMINI = "google_genai"
DEFAULT_GEMINI_MODEL = "gemini-2.5-flash"
_PROVIDER_ALIASES = {"gemini": GEMINI, "google": GEMINI, "google_genai": GEMINI}


def chat_provider(name: str) -> tuple[str, str]:
    """The LangChain provider and model of a `provider:model` string; a bare name is a Gemini model."""
    provider, sep, model = name.partition(":")
    if not sep:
        return GEMINI, name
    return _PROVIDER_ALIASES.get(provider.lower(), provider.lower()), model


def engine_label(provider: str, model: str) -> str:
    """The engine every output carries: `gemini:<model>` for Gemini, else `<provider>:<model>`."""
    return f"{'gemini' if provider == GEMINI else provider}:{model}"


def build_chat(settings: Settings, *, gemini_key: str | None = None) -> tuple[BaseChatModel, str] | None:
    """The chat model of the settings through LangChain's `init_chat_model`, with its engine label.

    Gemini needs a key (the user's own `gemini_key`, else GOOGLE_API_KEY): without one there is no chat model
    and the offline engine answers. A user's Gemini key makes that user's runs use Gemini even when the
    deployment's model is another provider's. Other providers read COGNICORE_MODEL_BASE_URL and
    COGNICORE_MODEL_API_KEY (or their own variables, such as OPENAI_API_KEY).
    """
    from langchain.chat_models import init_chat_model

    provider, model = chat_provider(settings.chat_model)
    options: dict[str, Any] = {"temperature": 0, "timeout": settings.model_timeout_s, "max_retries": 2}
    if gemini_key is not None or provider == GEMINI:
        key = gemini_key or (settings.google_api_key.get_secret_value() if settings.google_api_key else "")
        if not key:
            return None
        model = model if provider == GEMINI else DEFAULT_GEMINI_MODEL
        options |= {"google_api_key": key, "base_url": settings.google_base_url}
        return init_chat_model(model, model_provider=GEMINI, **options), engine_label(GEMINI, model)
    if settings.model_base_url:
        options["base_url"] = settings.model_base_url
    if settings.model_api_key is not None:
        options["api_key"] = settings.model_api_key.get_secret_value()
    try:
        chat = init_chat_model(model, model_provider=provider, **options)
    except ImportError as exc:
        raise ValueError(
            f"COGNICORE_CHAT_MODEL={settings.chat_model!r} needs its LangChain integration package: {exc}"
        ) from exc
    except Exception as exc:  # the provider's client refused its options, e.g. no API key
        raise ValueError(
            f"COGNICORE_CHAT_MODEL={settings.chat_model!r} could not be set up: {exc} "
            "(set COGNICORE_MODEL_API_KEY and COGNICORE_MODEL_BASE_URL, or the provider's own variables)"
        ) from exc
    return chat, engine_label(provider, model)


def build_models(settings: Settings) -> Models:
    """The configured chat model (None offline) and embedding model (cognicore/embedders.py)."""
    built = build_chat(settings)
    embedder = build_embedder(settings)
    return Models(
        chat=None if built is None else built[0],
        embeddings=embedder.embeddings,
        embedding_name=embedder.name,
        engine=OFFLINE_ENGINE if built is None else built[1],
        embedding_dims=embedder.dims,
    )


@dataclass(frozen=True)
class Roles:
    """The orchestrator's and memory's reasoning roles for one engine (sub-agents get `AgentRoles`)."""

    classifier: Classifier
    planner: Planner
    composer: AnswerComposer
    adapter: WorkflowAdapter
    keyer: WorkflowKeyer
    generaliser: WorkflowGeneraliser
    importance: ImportanceScorer
    extractor: FactExtractor
    reflector: Reflector


def role_options(settings: Settings) -> RoleOptions:
    """The per-call limits of every LLM role, from settings."""
    return RoleOptions(
        retries=settings.model_retries, timeout_s=settings.model_timeout_s, max_tokens=settings.model_max_tokens
    )


def build_roles(
    chat: BaseChatModel | None,
    options: RoleOptions,
    *,
    agents: Sequence[dict[str, str]] = (),
    domain: str = "",
    entities: Sequence[str] = (),
    synonyms: Sequence[str] = (),
    vocabulary: Vocabulary = GENERIC,
    counted: Sequence[str] = (),
    values: Mapping[str, str] | None = None,
    words: Sequence[str] = (),
    corpus: CorpusVocabulary | None = None,
    reads_data: DataReader | None = None,
    reads_documents: DocumentsReader | None = None,
    wrap: Callable[[str, Any], Any] = lambda _name, role: role,
) -> Roles:
    """LLM-backed roles with a chat model, offline ones without; each wrapped by `wrap` (the recorder). Offline,
    `reads_data` (the SQL reader's `reads`) has the last word on a question or an unplanned task it maps; a data task
    it does not map goes to the documents when `reads_documents` finds they answer it."""
    if chat is None:
        tools = [a for a in agents if a["name"] not in OfflinePlanner.BUILTINS]
        classifier: Classifier = OfflineClassifier(
            tools,
            vocabulary=vocabulary,
            agents=agents,
            entities=entities,
            counted=counted,
            values=values or {},
            words=words,
            corpus=corpus,
        )
        planner: Planner = OfflinePlanner(vocabulary, counted=counted, values=values or {})
        if reads_data is not None:
            # the data's nouns: a thing of the user's team the data does not hold is asked of memory, not rows
            nouns = vocabulary.data | frozenset(terms(" ".join(counted)))
            classifier = DataReadingClassifier(classifier, reads_data, knowledge=vocabulary.knowledge, data=nouns)
            planner = DataReadingPlanner(
                planner,
                reads_data,
                knowledge=vocabulary.knowledge,
                data=nouns,
                documents=reads_documents,
                values=values,
            )
        roles = Roles(
            classifier,
            planner,
            OfflineAnswerComposer(synonyms),
            # the planner's data words: a saved step's data clause is cut again as the planner cuts it
            OfflineAdapter(vocabulary, data=DataWords.of(counted, values or {}), tools=tools),
            OfflineKeyer(entities, vocabulary=vocabulary),
            OfflineGeneraliser(vocabulary, data=DataWords.of(counted, values or {})),
            OfflineImportanceScorer(),
            OfflineFactExtractor(),
            OfflineReflector(),
        )
    else:
        roles = Roles(
            LlmClassifier(chat, options, agents=agents, domain=domain),
            LlmPlanner(chat, options),
            LlmAnswerComposer(chat, options),
            LlmAdapter(chat, options),
            LlmKeyer(chat, options),
            LlmGeneraliser(chat, options),
            LlmImportanceScorer(chat, options),
            LlmFactExtractor(chat, options),
            LlmReflector(chat, options),
        )
    return Roles(
        wrap(RoleName.CLASSIFY, roles.classifier),
        wrap(RoleName.PLAN, roles.planner),
        wrap(RoleName.COMPOSE_ANSWER, roles.composer),
        wrap(RoleName.ADAPT_WORKFLOW, roles.adapter),
        wrap(RoleName.KEY_WORKFLOW, roles.keyer),
        wrap(RoleName.GENERALISE_WORKFLOW, roles.generaliser),
        wrap(RoleName.SCORE_IMPORTANCE, roles.importance),
        roles.extractor,  # runs after the reply, outside any run: nothing to record it for
        roles.reflector,
    )


def build_agent_roles(
    chat: BaseChatModel | None,
    options: RoleOptions,
    *,
    offline_sql_writer: SqlWriter | None = None,
    synonyms: Sequence[str] = (),
    wrap: Callable[[str, Any], Any] = lambda _name, role: role,
) -> AgentRoles:
    """The built-in sub-agents' roles: LLM-backed with a chat model, else offline (SQL rules from a plugin)."""
    if chat is None:
        roles = AgentRoles(
            composer=OfflineAnswerComposer(synonyms),
            sql_writer=offline_sql_writer or NoOfflineSqlWriter(),
            report_writer=OfflineReportWriter(),
        )
    else:
        roles = AgentRoles(
            composer=LlmAnswerComposer(chat, options),
            sql_writer=LlmSqlWriter(chat, options),
            report_writer=LlmReportWriter(chat, options),
        )
    return AgentRoles(
        composer=wrap(RoleName.COMPOSE_ANSWER, roles.composer),
        sql_writer=wrap(RoleName.WRITE_SQL, roles.sql_writer),
        report_writer=wrap(RoleName.WRITE_REPORT, roles.report_writer),
    )
