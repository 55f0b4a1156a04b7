"""The embedding model chosen by COGNICORE_EMBEDDING_MODEL (cognicore/embedders.py), without network."""

from __future__ import annotations

import pytest

from cognicore.embedders import GEMINI, LOCAL, EmbeddingConfigError, build_embedder, embedding_provider
from cognicore.memory.embeddings import DIMS, OFFLINE_EMBEDDING_MODEL, OfflineEmbeddings
from cognicore.settings import Settings


@pytest.fixture
def offline_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("GOOGLE_API_KEY", "COGNICORE_GOOGLE_API_KEY", "COGNICORE_EMBEDDING_MODEL", "COGNICORE_EMBEDDING_DIMS"):
        monkeypatch.delenv(var, raising=False)


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("models/gemini-embedding-001", (GEMINI, "models/gemini-embedding-001")),
        ("gemini:models/gemini-embedding-001", (GEMINI, "models/gemini-embedding-001")),
        ("offline", ("offline", OFFLINE_EMBEDDING_MODEL)),
        ("huggingface:/srv/models/all-MiniLM-L6-v2", (LOCAL, "/srv/models/all-MiniLM-L6-v2")),
        ("local:sentence-transformers/all-mpnet-base-v2", (LOCAL, "sentence-transformers/all-mpnet-base-v2")),
        ("OpenAI:text-embedding-3-small", ("openai", "text-embedding-3-small")),
    ],
)
def test_provider_and_model_of_a_setting(spec: str, expected: tuple[str, str]) -> None:
    assert embedding_provider(spec) == expected


def test_gemini_without_a_key_and_offline_give_the_hashing_embedder(offline_env: None) -> None:
    for spec in ("models/gemini-embedding-001", "offline"):
        embedder = build_embedder(Settings(_env_file=None, embedding_model=spec))  # type: ignore[call-arg]
        assert isinstance(embedder.embeddings, OfflineEmbeddings)
        assert (embedder.name, embedder.dims) == (OFFLINE_EMBEDDING_MODEL, DIMS)


def test_gemini_with_a_key_asks_for_the_configured_dimension(offline_env: None) -> None:
    pytest.importorskip("langchain_google_genai")
    settings = Settings(_env_file=None, google_api_key="k", embedding_dims=1536)  # type: ignore[call-arg]
    embedder = build_embedder(settings)
    assert (embedder.name, embedder.dims) == ("models/gemini-embedding-001@1536", 1536)
    default = build_embedder(Settings(_env_file=None, google_api_key="k"))  # type: ignore[call-arg]
    assert (default.name, default.dims) == ("models/gemini-embedding-001", DIMS)  # the name recorded until now


def test_a_provider_without_its_package_or_unknown_says_what_to_do(offline_env: None) -> None:
    with pytest.raises(EmbeddingConfigError, match="could not be set up"):
        build_embedder(Settings(_env_file=None, embedding_model="nosuchprovider:model"))  # type: ignore[call-arg]


def test_a_missing_local_model_names_the_folder(offline_env: None, tmp_path: object) -> None:
    pytest.importorskip("langchain_huggingface", reason="the cognicore[local] extra is not installed")
    with pytest.raises(EmbeddingConfigError, match=r"could not be loaded|local extra"):
        build_embedder(Settings(_env_file=None, embedding_model=f"huggingface:{tmp_path}/none"))  # type: ignore[call-arg]
