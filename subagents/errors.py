"""Errors of the sub-agent layer: a developer's mistake vs. a step that failed at run time."""


class SubAgentError(Exception):
    """Base error of the sub-agent layer."""


class RegistryError(SubAgentError):
    """A sub-agent is misdeclared (duplicate name, bad entry point): a developer's mistake."""


class UnknownAgent(SubAgentError):
    """A plan or a command names a sub-agent that is not registered."""


class StepFailed(SubAgentError):
    """An expected failure of one step (bad input, refused SQL); it becomes `status="error"` data."""


class Unsure(StepFailed):
    """An offline decision below its confidence bar: the message says what was understood and what was not.

    The orchestrator ends such a run with outcome `unsure` (never a confident answer, never a stored workflow).
    """


UNSURE_MARKER = "unsure"  # the key a step's `data` sets when it ended `Unsure`, read by the orchestrator


class SqlRefused(StepFailed):
    """A SQL statement was refused before it ran; nothing was executed."""


class DataChangeRefused(StepFailed):
    """A request or a statement would change data; `database_query` only reads, so it is refused."""
