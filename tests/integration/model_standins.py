"""Local stand-ins of model APIs (OpenAI-compatible chat completions, Gemini REST) for end-to-end tests.

Each is a tiny HTTP server in a thread that records every request (path, key, body) and answers a
structured-output request with an instance of the JSON schema it was sent: a canned answer for the
roles a question goes through, else the smallest instance the schema allows.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

ANSWER = "Opened headphones can be returned within 30 days with their receipt [1]."

# The roles of a knowledge question, answered as a sensible model would (by schema title).
CANNED: dict[str, dict[str, Any]] = {
    "IntentDecision": {"intent": "question", "reason": "It asks about a store policy."},
    "ComposedAnswer": {"text": ANSWER, "used": [1]},
    "ImportanceScore": {"score": 3, "reason": "a routine question"},
    "ExtractedFacts": {"facts": []},
    "Reflections": {"reflections": []},
}


def instance(schema: dict[str, Any], defs: dict[str, Any] | None = None) -> Any:
    """The smallest value valid under a JSON schema (objects with their required properties only)."""
    defs = defs if defs is not None else schema.get("$defs", schema.get("definitions", {}))
    if "$ref" in schema:
        return instance(defs[schema["$ref"].rsplit("/", 1)[-1]], defs)
    for key in ("anyOf", "oneOf", "allOf"):
        if key in schema:
            options = [s for s in schema[key] if s.get("type") != "null"] or schema[key]
            return instance(options[0], defs)
    if "enum" in schema:
        return schema["enum"][0]
    if "const" in schema:
        return schema["const"]
    kind = schema.get("type", "object")
    kind = next((k for k in kind if k != "null"), "string") if isinstance(kind, list) else kind
    if kind == "object":
        props = schema.get("properties", {})
        return {name: instance(props[name], defs) for name in schema.get("required", []) if name in props}
    if kind == "array":
        return [instance(schema.get("items", {}), defs) for _ in range(schema.get("minItems", 0))]
    if kind in ("integer", "number"):
        return schema.get("minimum", 1)
    if kind == "boolean":
        return False
    return "x" * max(1, schema.get("minLength", 1))


def answer_for(schema: dict[str, Any], title: str | None = None) -> dict[str, Any]:
    """The stand-in's structured answer to a request for `schema`."""
    name = title or schema.get("title", "")
    return CANNED.get(name) or instance(schema)


@dataclass
class StandIn:
    """A running stand-in: its base URL and the requests it received."""

    url: str
    requests: list[dict[str, Any]] = field(default_factory=list)
    fail: tuple[int, str] | None = None
    """While set, every request gets this error status and message (as the provider's error body)."""


def _serve(answer: Callable[[str, dict[str, Any]], dict[str, Any]], key_header: str) -> Iterator[StandIn]:
    stand_in = StandIn(url="")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["content-length"])))
            stand_in.requests.append({"path": self.path, "key": self.headers.get(key_header), "body": body})
            try:
                if stand_in.fail is not None:
                    code, text = stand_in.fail
                    status, payload = code, {"error": {"code": code, "message": text, "status": "INVALID_ARGUMENT"}}
                else:
                    status, payload = 200, answer(self.path, body)
            except Exception as exc:  # a request the stand-in does not understand: say so, like an API would
                status, payload = 400, {"error": {"code": 400, "message": f"stand-in: {exc!r}"}}
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    stand_in.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield stand_in
    finally:
        server.shutdown()
        server.server_close()


def _openai_answer(path: str, body: dict[str, Any]) -> dict[str, Any]:
    if not path.endswith("/chat/completions"):
        raise ValueError(f"unknown path {path}")
    message: dict[str, Any] = {"role": "assistant", "content": None}
    if (fmt := body.get("response_format")) and fmt.get("type") == "json_schema":
        spec = fmt["json_schema"]
        message["content"] = json.dumps(answer_for(spec["schema"], spec.get("name")))
    elif tools := body.get("tools"):
        function = tools[0]["function"]
        arguments = json.dumps(answer_for(function["parameters"], function["name"]))
        message["tool_calls"] = [
            {"id": "call_1", "type": "function", "function": {"name": function["name"], "arguments": arguments}}
        ]
    else:
        message["content"] = ANSWER
    return {
        "id": "chatcmpl-standin",
        "object": "chat.completion",
        "created": 0,
        "model": body.get("model", "stand-in"),
        "choices": [{"index": 0, "message": message, "finish_reason": "stop", "logprobs": None}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
    }


@contextmanager
def openai_standin() -> Iterator[StandIn]:
    """An OpenAI-compatible `/v1/chat/completions` server (the API key is the bearer token it records)."""
    yield from _serve(_openai_answer, "authorization")


def _gemini_answer(path: str, body: dict[str, Any]) -> dict[str, Any]:
    if path.endswith(":batchEmbedContents"):
        return {"embeddings": [{"values": [0.01] * 768} for _ in body["requests"]]}
    config = body.get("generationConfig", {})
    schema = config.get("responseJsonSchema") or config.get("responseSchema")
    text = json.dumps(answer_for(schema)) if schema else ANSWER
    return {
        "candidates": [{"content": {"parts": [{"text": text}], "role": "model"}, "finishReason": "STOP"}],
        "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
    }


@contextmanager
def gemini_standin() -> Iterator[StandIn]:
    """A Gemini REST server (`generateContent`, `batchEmbedContents`) recording the `x-goog-api-key` it gets."""
    yield from _serve(_gemini_answer, "x-goog-api-key")
