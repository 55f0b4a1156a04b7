"""The Gemini wiring (`build_models`) against a local stand-in that answers like the Gemini REST API.

No network: `COGNICORE_GOOGLE_BASE_URL` points the real LangChain/google-genai clients at a server in this
process, which records each request and answers with scripted responses (a body, an error status, a delay).
google-genai 2 calls `/v1beta/...` through httpx, google-genai 3 `/v1/...` through httpx2: the stand-in answers
both, and a slow answer is the same actionable timeout with either.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest
from pydantic import BaseModel, Field, SecretStr

from cognicore.memory.embeddings import DIMS
from cognicore.memory.llm import _TIMEOUTS, ModelCallError, RoleOptions, StructuredRole
from cognicore.models import build_models
from cognicore.settings import Settings

KEY = "stand-in-key"
# The API version in the path: "v1beta" (google-genai 2) or "v1" (google-genai 3).
VERSION = r"/v1(?:beta)?/"


class Verdict(BaseModel):
    """A structured answer the stand-in returns as JSON text."""

    answer: str = Field(description="The answer.")
    confidence: int = Field(description="0 to 10.")


class StandIn:
    """A Gemini-like HTTP server: records requests, answers from a script (FIFO), else a default."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.script: list[tuple[int, dict[str, Any], float]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["content-length"])))
                outer.requests.append({"path": self.path, "key": self.headers.get("x-goog-api-key"), "body": body})
                status, payload, delay = (
                    outer.script.pop(0) if outer.script else (200, outer.default(self.path, body), 0)
                )
                time.sleep(delay)
                data = json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up (timeout test)
                    pass

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    @staticmethod
    def default(path: str, body: dict[str, Any]) -> dict[str, Any]:
        """What Gemini answers: embeddings for batchEmbedContents, a JSON text candidate for generateContent."""
        if path.endswith(":batchEmbedContents"):
            return {"embeddings": [{"values": [0.01 * (i + 1)] * DIMS} for i in range(len(body["requests"]))]}
        text = json.dumps({"answer": "Opened headphones can be returned within 14 days.", "confidence": 8})
        return {
            "candidates": [{"content": {"parts": [{"text": text}], "role": "model"}, "finishReason": "STOP"}],
            "usageMetadata": {"promptTokenCount": 12, "candidatesTokenCount": 9, "totalTokenCount": 21},
        }


@pytest.fixture
def gemini() -> Iterator[StandIn]:
    stand_in = StandIn()
    thread = threading.Thread(target=stand_in.server.serve_forever, daemon=True)
    thread.start()
    yield stand_in
    stand_in.server.shutdown()
    stand_in.server.server_close()


def _settings(url: str, *, timeout_s: float = 10.0) -> Settings:
    return Settings(  # type: ignore[call-arg]
        _env_file=None, google_api_key=SecretStr(KEY), google_base_url=url, model_timeout_s=timeout_s
    )


def _error(status: int, message: str, reason: str) -> tuple[int, dict[str, Any], float]:
    return (status, {"error": {"code": status, "message": message, "status": reason}}, 0.0)


async def test_structured_output_round_trip(gemini: StandIn) -> None:
    models = build_models(_settings(gemini.url))
    assert models.engine == "gemini:gemini-2.5-flash" and models.chat is not None
    verdict = await models.chat.with_structured_output(Verdict).ainvoke("Can I return opened headphones?")
    assert verdict == Verdict(answer="Opened headphones can be returned within 14 days.", confidence=8)
    [request] = gemini.requests
    assert re.fullmatch(f"{VERSION}models/gemini-2.5-flash:generateContent", request["path"]) and request["key"] == KEY
    config = request["body"]["generationConfig"]
    assert config["temperature"] == 0 and config["responseMimeType"] == "application/json"
    assert config["responseJsonSchema"]["required"] == ["answer", "confidence"]
    assert request["body"]["contents"][0]["parts"][0]["text"] == "Can I return opened headphones?"


async def test_embeddings_ask_for_our_dimension(gemini: StandIn) -> None:
    models = build_models(_settings(gemini.url))
    vectors = await models.embeddings.aembed_documents(["returns policy", "warranty"])
    assert [len(v) for v in vectors] == [DIMS, DIMS] and vectors[0][0] != vectors[1][0]
    [request] = gemini.requests
    assert re.fullmatch(f"{VERSION}models/gemini-embedding-001:batchEmbedContents", request["path"])
    assert {r["outputDimensionality"] for r in request["body"]["requests"]} == {DIMS}
    assert models.embedding_name == "models/gemini-embedding-001"


async def test_an_api_error_surfaces_with_its_message(gemini: StandIn) -> None:
    gemini.script.append(_error(400, "API key not valid. Please pass a valid API key.", "INVALID_ARGUMENT"))
    models = build_models(_settings(gemini.url))
    assert models.chat is not None
    with pytest.raises(Exception, match="API key not valid"):
        await models.chat.ainvoke("hello")
    assert len(gemini.requests) == 1  # a client error is not retried


async def test_a_server_error_is_retried(gemini: StandIn) -> None:
    gemini.script.append(_error(503, "The model is overloaded. Please try again later.", "UNAVAILABLE"))
    models = build_models(_settings(gemini.url))
    assert models.chat is not None
    verdict = await models.chat.with_structured_output(Verdict).ainvoke("Can I return opened headphones?")
    assert verdict.confidence == 8
    assert len(gemini.requests) == 2


async def test_a_slow_answer_times_out(gemini: StandIn) -> None:
    gemini.script.extend([(200, StandIn.default("", {}), 3.0)] * 3)
    models = build_models(_settings(gemini.url, timeout_s=0.5))
    assert models.chat is not None
    started = time.monotonic()
    with pytest.raises(_TIMEOUTS[1:]):  # the client's own timeout: httpx's (google-genai 2) or httpx2's (3)
        await models.chat.ainvoke("hello")
    # Each answer would take 3 s: the client gave up on every attempt (it retries a timeout once) instead.
    assert 1 <= len(gemini.requests) <= 3
    assert time.monotonic() - started < 3.0 * len(gemini.requests)


async def test_a_slow_answer_is_the_actionable_timeout_of_the_role(gemini: StandIn) -> None:
    """The client gives up first (its own timeout, 0.5 s): the role says which setting to raise, whatever
    transport the installed google-genai uses, never an unmapped transport error."""
    gemini.script.extend([(200, StandIn.default("", {}), 3.0)] * 3)
    models = build_models(_settings(gemini.url, timeout_s=0.5))
    assert models.chat is not None
    role = StructuredRole(models.chat, Verdict, role="judge", system="Judge.", options=RoleOptions(retries=0))
    with pytest.raises(
        ModelCallError, match=r"judge: the model did not answer within .* \(COGNICORE_MODEL_TIMEOUT_S\)"
    ):
        await role.ask("Can I return opened headphones?")


def test_the_transport_timeouts_of_both_clients_are_mapped() -> None:
    assert issubclass(httpx.ReadTimeout, _TIMEOUTS) and issubclass(TimeoutError, _TIMEOUTS)
    httpx2 = pytest.importorskip("httpx2")
    assert issubclass(httpx2.ReadTimeout, _TIMEOUTS)
