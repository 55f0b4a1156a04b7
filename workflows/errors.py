"""Errors of the workflows package."""


class WorkflowError(Exception):
    """Base error of workflows, runs and replay."""


class WorkflowNotFound(WorkflowError):
    """No workflow or run has that id (for this user)."""


class WorkflowFileError(WorkflowError):
    """An exported workflow file is malformed; the message names the file and the problem."""


class ReplayMismatch(WorkflowError):
    """A replay asked for a model call the recording does not have: the code took another path."""
