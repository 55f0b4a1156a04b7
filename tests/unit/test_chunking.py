"""Chunking of knowledge-base documents: headings travel with chunks, sentences stay whole."""

from __future__ import annotations

import re
import textwrap

from cognicore.memory.chunking import chunk_markdown, chunk_text, markdown_title

DOC = """# Return Policy

Intro paragraph about returns.

## Opened products

Opened products can be returned within 30 days. A restocking fee applies.

### Headphones

Opened headphones must be returned within 15 days.
"""


def test_markdown_chunks_carry_their_heading_path() -> None:
    chunks = chunk_markdown(DOC, chunk_size=500, chunk_overlap=50)
    assert [c.ord for c in chunks] == [0, 1, 2]
    assert chunks[0].content == "# Return Policy\n\nIntro paragraph about returns."
    assert chunks[2].content.startswith("# Return Policy\n## Opened products\n### Headphones\n\n")
    assert chunks[2].content.endswith("Opened headphones must be returned within 15 days.")


def test_long_sections_split_at_sentence_ends_not_mid_sentence() -> None:
    sentences = [f"Sentence number {i} covers {'warranty and repair ' * (i % 4)}claims." for i in range(40)]
    # Hard-wrapped like real Markdown: line breaks fall in the middle of sentences.
    wrapped = textwrap.fill(" ".join(sentences), width=70)
    chunks = chunk_markdown(f"# Warranty\n\n{wrapped}\n", chunk_size=400, chunk_overlap=80)
    assert len(chunks) > 3
    for chunk in chunks:
        assert len(chunk.content) <= 400
        body_text = " ".join(chunk.content.split("\n\n", 1)[1].split())
        assert body_text.startswith("Sentence number"), body_text[:40]
        assert body_text.endswith("."), body_text[-40:]
    found = {int(n) for c in chunks for n in re.findall(r"Sentence\s+number\s+(\d+)", c.content)}
    assert found == set(range(40))  # nothing lost


def test_headings_only_document_is_one_chunk() -> None:
    assert [c.content for c in chunk_markdown("# Title\n## Section\n", chunk_size=200, chunk_overlap=0)] == [
        "# Title\n## Section"
    ]


def test_code_blocks_stay_with_their_section() -> None:
    text = "# API\n\nCall it like this:\n\n```\nclient.get()\n```\n\nThen read the result.\n"
    chunks = chunk_markdown(text, chunk_size=500, chunk_overlap=0)
    assert len(chunks) == 1
    assert "client.get()" in chunks[0].content and "Then read the result." in chunks[0].content


def test_plain_text_chunks_and_titles() -> None:
    chunks = chunk_text("First paragraph.\n\nSecond paragraph.", chunk_size=20, chunk_overlap=0)
    assert [c.content for c in chunks] == ["First paragraph.", "Second paragraph."]
    assert markdown_title("Some preamble\n\n## Shipping Policy ##\ntext") == "Shipping Policy"
    assert markdown_title("no heading here") is None
