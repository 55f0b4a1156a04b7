"""Errors as RFC 9457 problem JSON, with the CLI's messages, and request bodies refused past a limit."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cognicore.database import DatabaseError
from cognicore.maintenance import JobBusy
from cognicore.memory.errors import MemoryStoreError
from cognicore.memory.llm import ModelCallError
from cognicore.orchestrator.errors import InputRejected, NothingToResume, OrchestratorError, SessionBusy
from cognicore.service import NotFound
from cognicore.service_tasks import EvalBusy, Forbidden
from cognicore.subagents.errors import SubAgentError
from cognicore.users import CredentialError, UserError
from cognicore.workflows.errors import WorkflowError, WorkflowNotFound

log = logging.getLogger("cognicore.api")

PROBLEM_JSON = "application/problem+json"

# Most specific first: the first class an error is an instance of gives its HTTP status.
STATUS_BY_ERROR: list[tuple[type[Exception], int]] = [
    (NotFound, 404),
    (Forbidden, 403),
    (EvalBusy, 409),
    (JobBusy, 409),
    (WorkflowNotFound, 404),
    (SessionBusy, 409),
    (NothingToResume, 409),
    (InputRejected, 422),
    (CredentialError, 503),
    (UserError, 400),
    (MemoryStoreError, 422),
    (WorkflowError, 422),
    (SubAgentError, 422),
    (OrchestratorError, 422),
    (ValidationError, 422),
    (ModelCallError, 502),
    (DatabaseError, 503),
]


class BodyTooLarge(HTTPException):
    """A request body went past its limit while being read (an HTTPException, so FastAPI passes it on)."""

    def __init__(self, limit: int) -> None:
        super().__init__(
            413,
            f"The request body is larger than the limit of {limit:,} bytes; send less "
            "(limits: COGNICORE_API_MAX_BODY_BYTES, COGNICORE_API_MAX_UPLOAD_BYTES for uploads).",
        )


def problem(status: int, title: str, detail: str, *, instance: str | None = None, **extra: Any) -> JSONResponse:
    """One problem-details response."""
    body: dict[str, Any] = {
        "type": f"urn:cognicore:problem:{title}",
        "title": title,
        "status": status,
        "detail": detail,
    }
    if instance:
        body["instance"] = instance
    body.update(extra)
    return JSONResponse(body, status_code=status, media_type=PROBLEM_JSON)


def status_of(exc: BaseException) -> int | None:
    """The HTTP status of an expected error; None for a bug."""
    return next((status for cls, status in STATUS_BY_ERROR if isinstance(exc, cls)), None)


def problem_body(exc: BaseException) -> dict[str, Any]:
    """The problem object of an error, for places that cannot send a response (a server-sent event)."""
    status = status_of(exc)
    if status is None:
        return {
            "type": "urn:cognicore:problem:InternalError",
            "title": "InternalError",
            "status": 500,
            "detail": "internal error; see the server log",
        }
    name = type(exc).__name__
    return {"type": f"urn:cognicore:problem:{name}", "title": name, "status": status, "detail": str(exc)}


def install(api: FastAPI) -> None:
    """Register the handlers that turn every error into problem JSON."""

    @api.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        title = {401: "Unauthorized", 404: "NotFound", 405: "MethodNotAllowed"}.get(exc.status_code, "HTTPError")
        response = problem(exc.status_code, title, str(exc.detail), instance=request.url.path)
        for key, value in (exc.headers or {}).items():
            response.headers[key] = value
        return response

    @api.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [
            {"loc": [str(p) for p in e.get("loc", ())], "msg": str(e.get("msg", "")), "type": str(e.get("type", ""))}
            for e in exc.errors()
        ]
        detail = "; ".join(f"{'.'.join(e['loc'])}: {e['msg']}" for e in errors) or "invalid request"
        return problem(422, "RequestValidationError", detail, instance=request.url.path, errors=errors)

    @api.exception_handler(BodyTooLarge)
    async def too_large(request: Request, exc: BodyTooLarge) -> JSONResponse:
        return problem(413, "BodyTooLarge", str(exc.detail), instance=request.url.path)

    async def expected_error(request: Request, exc: Exception) -> JSONResponse:
        status = status_of(exc) or 500
        return problem(status, type(exc).__name__, str(exc), instance=request.url.path)

    # One handler per expected class: these are answered in place, while a handler for `Exception` runs in
    # Starlette's outermost middleware, which re-raises after answering and so drops the connection.
    for cls, _status in STATUS_BY_ERROR:
        api.add_exception_handler(cls, expected_error)


class BodyLimit:
    """ASGI middleware: refuse a body by its Content-Length, or stop reading it once past the limit.

    Uploads (paths under `upload_prefix`) get their own, larger limit. Nothing past the limit is ever
    buffered, so a huge upload costs the server no memory or disk.
    """

    def __init__(self, app: ASGIApp, *, max_body: int, max_upload: int, upload_prefix: str = "/v1/knowledge") -> None:
        self.app = app
        self.max_body = max_body
        self.max_upload = max_upload
        self.upload_prefix = upload_prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.max_upload if scope["path"].startswith(self.upload_prefix) else self.max_body
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            response = problem(413, "BodyTooLarge", str(BodyTooLarge(limit).detail), instance=scope["path"])
            await response(scope, receive, send)
            return
        received = 0

        async def limited() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise BodyTooLarge(limit)
            return message

        await self.app(scope, limited, send)


class InternalErrors:
    """ASGI middleware: a bug becomes a logged 500 problem, and the connection stays usable.

    (An exception handler for `Exception` would run in Starlette's outermost middleware, which re-raises
    after answering, so the server drops the client's keep-alive connection.)
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watch(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watch)
        except Exception as exc:
            log.error("internal error on %s %s", scope["method"], scope["path"], exc_info=exc)
            if started:
                raise  # too late for a problem response: let the server close the stream
            response = problem(500, "InternalError", "internal error; see the server log", instance=scope["path"])
            await response(scope, receive, send)
