"""The wording of honest answers: what was understood and what was not, and what the assistant can do.

These sentences end runs whose outcome is `unsure` or `refused` without a step having run; they name the
request's own topic and the registered agents, never a domain word list.
"""

from __future__ import annotations

from collections.abc import Sequence


def topic(request: str, *, limit: int = 120) -> str:
    """The request as one quoted line, trimmed, for an answer that says what it understood."""
    text = " ".join(request.split()).rstrip("?.! ") or "this request"
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def no_evidence(question: str, agents: Sequence[dict[str, str]] = ()) -> str:
    """The answer to a question no passage or memory supports: uncertainty, not a confident "nothing", and what the
    assistant can do instead ("whats the capital of australia" shares words with the documents, nothing more)."""
    can = f" I cannot answer it from what I hold. {capabilities(agents)}" if agents else ""
    return (
        f'I understood a question about "{topic(question)}", but found nothing in the knowledge base or in '
        f"what you told me that answers it, so I am not sure of the answer.{can}"
    )


def unheld_question(question: str, agents: Sequence[dict[str, str]], unheld: Sequence[str]) -> str:
    """The answer to a question about something nothing the deployment holds mentions ("the weather"): not
    sure, no agent looks it up, and what the assistant can do instead."""
    about = " or ".join(f"'{w}'" for w in unheld[:4]) or "its topic"
    return (
        f'I am not sure what to answer to "{topic(question)}": nothing in the knowledge base, the data or what you '
        f"told me is about {about}, and none of my agents looks that up. {capabilities(agents)}"
    )


def capabilities(agents: Sequence[dict[str, str]]) -> str:
    """What the assistant can do, from the registry: documents and memory, then each agent's description."""
    listed = [f"{a['name']} ({_short(a.get('description', ''))})" for a in agents]
    tools = f"; and with its agents: {'; '.join(listed)}" if listed else ""
    return f"I can answer questions from the knowledge base documents and from what you told me{tools}."


def out_of_scope(request: str, agents: Sequence[dict[str, str]], *, reason: str = "") -> str:
    """The refusal of a request no registered agent can do, listing what they can do instead."""
    why = f" ({reason.rstrip('.')})" if reason else ""
    return f'I cannot do "{topic(request)}": none of my agents does that{why}. {capabilities(agents)}'


def data_change(request: str, agents: Sequence[dict[str, str]], *, reason: str = "") -> str:
    """The refusal of a request to change stored data: the agents only read, so nothing ran; what to do instead."""
    # The offline reason is "asks to change data (set); to see the rows it would affect, ask: 'show INC-1010'".
    head, _, hint = reason.rstrip(".").removeprefix("asks to change data").strip().partition(";")
    head = head.strip()
    why = "" if not head else f" {head}" if head.startswith("(") else f" ({head})"
    then = f";{hint}" if hint.strip() else ""
    return (
        f'I cannot do "{topic(request)}": it asks to change stored data{why}, and the database agent only reads '
        f"data (read-only queries). Nothing was run or changed{then}. Change it with your own database tools. "
        f"{capabilities(agents)}"
    )


def unsupported_language(language: str) -> str:
    """The answer to a request in a language the offline engine does not read."""
    return (
        f"This request looks written in {language}, which the offline engine does not read (it understands "
        "English only): not supported offline. Please ask in English, or configure a chat model."
    )


def unclear(request: str, reason: str) -> str:
    """The answer to a request the offline roles could not map with confidence, saying what was missing."""
    why = reason.strip().rstrip(".") or "I could not tell which data, document or agent it needs"
    return f'I am not sure what "{topic(request)}" asks for: {why}.'


def _short(description: str, limit: int = 90) -> str:
    """An agent's description cut to its first sentence, so the list stays readable."""
    first = description.strip().split(". ")[0].rstrip(".")
    return first if len(first) <= limit else first[: limit - 1].rstrip() + "…"
