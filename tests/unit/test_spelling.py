"""Corrections undone where the user's own words matter: the told part of a message is kept as written."""

from __future__ import annotations

from cognicore.orchestrator.spelling import Correction, as_written


def test_as_written_undoes_the_corrections_in_a_part_of_the_request() -> None:
    fixes = [Correction(written="Rosa", read="Rose"), Correction(written="ordrs", read="orders")]
    assert as_written("Rose is back from leave.", fixes) == "Rosa is back from leave."
    assert as_written("Roseanne is back.", fixes) == "Roseanne is back."  # whole words only
