"""Errors of the orchestrator, each saying what to do next."""


class OrchestratorError(Exception):
    """Base error of the orchestrator."""


class InputRejected(OrchestratorError):
    """The request is empty or over the input budget; nothing was run or stored."""


class SessionBusy(OrchestratorError):
    """The session has an interrupted run; resume it or use another session."""


class NothingToResume(OrchestratorError):
    """The session has no interrupted run."""
