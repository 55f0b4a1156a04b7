"""The README's "Adding a sub-agent" example is a complete agent under 40 lines, and it runs."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel

from cognicore.subagents.registry import Registry
from cognicore.subagents.types import AgentContext, StepInput, SubAgent

README = Path(__file__).resolve().parents[2] / "README.md"


def _section() -> str:
    return README.read_text(encoding="utf-8").split("### Adding a sub-agent", 1)[1].split("\n## ", 1)[0]


class _Services:
    """Just what the example reads: its own settings section."""

    def settings_for(self, agent: str, model: type[BaseModel]) -> BaseModel:
        assert agent == "weather_lookup"
        return model.model_validate({"units": "imperial"})


async def test_the_readme_agent_is_complete_short_and_declared_by_entry_point(tmp_path: Path) -> None:
    section = _section()
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    assert len(code.splitlines()) < 40
    namespace: dict[str, object] = {}
    exec(compile(code, "README.md", "exec"), namespace)
    agent = namespace["WeatherAgent"](_Services())  # type: ignore[operator]
    assert isinstance(agent, SubAgent) and Registry([agent]).names == ["weather_lookup"]
    out = await agent.run(StepInput(step_id="s1", instruction="Oslo"), AgentContext("u", "s", "r", tmp_path, "x"))
    assert out.status == "ok" and "70 °F in Oslo" in out.summary
    assert '[project.entry-points."cognicore.subagents"]' in section
    assert 'weather = "my_package.agents:WeatherAgent"' in section
