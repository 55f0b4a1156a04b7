"""A figure told as "our ..." answers a question that names the team as its owner ("the team's quota")."""

from __future__ import annotations

from cognicore.memory.text import terms
from cognicore.subagents._memory_figure import other_figure
from cognicore.subagents._memory_holder import GROUPS

TEAM = frozenset({"team", "staff", "member", "size"})  # the team concept as the answer widens it


def test_our_figure_answers_the_teams_figure() -> None:
    quota = frozenset({"quota", "target", "goal"})
    assert other_figure([TEAM, quota], "Our monthly quota is 50 demos.") is None
    assert other_figure([frozenset({"department"}), quota], "We have a weekly quota of 12 calls.") is None


def test_a_figure_of_another_kind_is_still_a_near_miss() -> None:
    refunds = [frozenset(terms("refunds")), frozenset({"target", "aim"})]
    why = other_figure(refunds, "Our monthly signup target is 2,500 accounts.")
    assert why is not None and "monthly signup target" in why


def test_a_figure_not_ours_keeps_the_team_as_a_missing_word() -> None:
    assert "team" in GROUPS
    why = other_figure([TEAM, frozenset({"quota"})], "Priya's monthly quota is 30 demos.")
    assert why is not None
