"""Request dependencies: the worker's open application, and the user its API key names."""

from __future__ import annotations

import asyncio
from typing import Annotated

from fastapi import Depends, HTTPException, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from cognicore.app import App
from cognicore.users import authenticate

_bearer = HTTPBearer(auto_error=False, description="An API key from `cognicore users add NAME`.")


def get_app(request: Request) -> App:
    """The application this worker opened at start-up."""
    app: App = request.app.state.cognicore
    return app


async def current_user(
    request: Request, credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]
) -> str:
    """The user of the request: only ever from its API key, never from a header or body field."""
    challenge = {"WWW-Authenticate": "Bearer"}
    if credentials is None or credentials.scheme.lower() != "bearer":
        raise HTTPException(
            401,
            "Send an API key as `Authorization: Bearer <key>`; create one with `cognicore users add NAME`.",
            headers=challenge,
        )
    user = await authenticate(get_app(request).pool, credentials.credentials)
    if user is None:
        raise HTTPException(
            401, "Unknown or revoked API key; issue a new one with `cognicore users key NAME`.", headers=challenge
        )
    return user


def run_slots(request: Request) -> asyncio.Semaphore:
    """This worker's limit on runs executing at once (see `create_app`)."""
    slots: asyncio.Semaphore = request.app.state.run_slots
    return slots


AppDep = Annotated[App, Depends(get_app)]
SlotsDep = Annotated[asyncio.Semaphore, Depends(run_slots)]
UserDep = Annotated[str, Depends(current_user)]
