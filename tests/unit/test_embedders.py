"""The embedding model chosen by COGNICORE_EMBEDDING_MODEL (cognicore/embedders.py), without network."""

from __future__ import annotations

from pathlib import Path

import pytest

from cognicore import embedders
from cognicore.embedders import (
    GEMINI,
    LOCAL,
    Embedder,
    EmbeddingConfigError,
    build_embedder,
    embedding_provider,
    packaged_model,
)
from cognicore.memory.embeddings import DIMS, OFFLINE_EMBEDDING_MODEL, OfflineEmbeddings
from cognicore.settings import Settings
from tests.local_model import build_local_model, packaged_minilm


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


def _fake_package(root: Path, name: str, folder: Path) -> None:
    """An importable package `name` whose `get_model_path()` is `folder`, as a weights package has."""
    (root / name).mkdir()
    (root / name / "__init__.py").write_text(f"def get_model_path():\n    return {str(folder)!r}\n")


def test_a_packaged_model_is_found_by_either_spelling_of_its_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    weights = tmp_path / "weights"
    weights.mkdir()
    (weights / "modules.json").write_text("[]")
    _fake_package(tmp_path, "fake_minilm_weights", weights)
    _fake_package(tmp_path, "fake_empty_weights", tmp_path / "nothing")
    monkeypatch.syspath_prepend(str(tmp_path))
    packaged = {
        "acme/Mini-Model-v1": ("fake_minilm_weights", "fake-minilm-weights"),
        "sentence-transformers/Empty-v1": ("fake_empty_weights", "fake-empty-weights"),
        "sentence-transformers/Absent-v1": ("no_such_weights_package", "no-such-weights"),
    }
    monkeypatch.setattr(embedders, "PACKAGED_MODELS", packaged)
    assert packaged_model("acme/mini-model-V1") == ("acme/Mini-Model-v1", weights)
    assert packaged_model("empty-v1") == ("sentence-transformers/Empty-v1", None)  # the package lacks the files
    assert packaged_model("Absent-v1") == ("sentence-transformers/Absent-v1", None)  # not installed: the hub name
    assert packaged_model("/srv/models/mini-model-v1") == ("/srv/models/mini-model-v1", None)  # a path as given
    assert packaged_model("mini-model-v1") == ("mini-model-v1", None)  # only sentence-transformers/ may be left out


def test_all_minilm_resolves_to_its_installed_package() -> None:
    folder = packaged_minilm()
    for spelling in ("all-MiniLM-L6-v2", "sentence-transformers/all-minilm-l6-v2"):
        assert packaged_model(spelling) == ("sentence-transformers/all-MiniLM-L6-v2", folder)


@pytest.fixture(scope="module")
def minilm() -> Embedder:
    packaged_minilm()
    settings = Settings(_env_file=None, embedding_model="local:all-MiniLM-L6-v2")  # type: ignore[call-arg]
    return build_embedder(settings)


def test_the_packaged_minilm_embeds_meaning_offline(minilm: Embedder) -> None:
    # One recorded name for both spellings, so switching spelling keeps the deployment's vectors valid.
    assert (minilm.name, minilm.dims) == ("huggingface:sentence-transformers/all-MiniLM-L6-v2", 384)
    query, paraphrase, unrelated = minilm.embeddings.embed_documents(
        ["which dog did she get from the shelter", "We finally adopted a beagle puppy", "my car needs new tyres"]
    )
    assert sum(v * v for v in query) == pytest.approx(1.0, abs=1e-4)
    near = sum(a * b for a, b in zip(query, paraphrase, strict=True))
    far = sum(a * b for a, b in zip(query, unrelated, strict=True))
    assert near > 0.3 and far < 0.15 and near > far + 0.2  # no shared word, yet the paraphrase is near


def test_the_local_model_runs_on_the_configured_number_of_threads(offline_env: None, tmp_path: Path) -> None:
    folder = build_local_model(tmp_path, ["threads"])
    import torch

    before = torch.get_num_threads()
    try:
        torch.set_num_threads(2)
        build_embedder(Settings(_env_file=None, embedding_model=f"huggingface:{folder}"))  # type: ignore[call-arg]
        assert torch.get_num_threads() == 2  # unset: PyTorch's own choice is left alone
        settings = Settings(_env_file=None, embedding_model=f"huggingface:{folder}", embedding_threads=1)  # type: ignore[call-arg]
        assert build_embedder(settings).dims == 32 and torch.get_num_threads() == 1
    finally:
        torch.set_num_threads(before)
