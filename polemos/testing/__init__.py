"""Testing tools every game uses: the contract fuzzer."""

from polemos.testing.fuzz import (
    FuzzFailure,
    FuzzReport,
    LeakCheck,
    first_difference,
    fuzz_game,
    json_problems,
)

__all__ = ["FuzzFailure", "FuzzReport", "LeakCheck", "first_difference", "fuzz_game", "json_problems"]
