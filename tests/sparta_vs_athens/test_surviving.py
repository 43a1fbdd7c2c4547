"""Surviving sentences of 1.1-3.2 that no other test names (issue 14: "every surviving sentence of its
rules holds in tests", each test naming its section): the Prestige Track's faces (2.11), revenue only for
Athens and Sparta (2.13), a change of the tribute moving the track (2.16, 13.2), nationalities friendly to
each other (2.9)."""

from __future__ import annotations

from polemos.games.sparta_vs_athens import campaign, rules
from polemos.games.sparta_vs_athens.model import ATHENS, SPARTA
from polemos.games.sparta_vs_athens.state import SVAState, track_text
from tests.sparta_vs_athens.engine import clear, new, place, run


def test_2_11_the_prestige_track_shows_pro_athens_pro_sparta_or_the_0_box() -> None:
    # "If the current prestige level is zero, place the marker (either side up, it doesn't matter) in the '0' box"
    assert track_text(0) == "0"
    assert track_text(3) == "3 pro-Athens" and track_text(-2) == "2 pro-Sparta"
    s = new()  # 16.2: the track 1 pro-Sparta
    assert s.view("athens")["prestige_text"] == s.view("sparta")["prestige_text"] == "1 pro-Sparta"


def test_2_13_only_athens_and_sparta_receive_revenue() -> None:
    s = new()
    assert set(s.view("athens")["revenue"]) == set(s.view("athens")["treasury"]) == {"athens", "sparta"}
    before = list(s.treasury)
    run(s, ["revenue_phase"])  # allies and neutrals hold no treasury: their tribute goes to a side (2.16)
    assert len(s.treasury) == 2 and s.treasury[ATHENS] > before[ATHENS] and s.treasury[SPARTA] > before[SPARTA]


def _flagged(s: SVAState, row: str, side: int) -> bool:
    i = next(i for i, r in enumerate(s.comp.tables.prestige_adjustments) if r.id == row)
    return bool(s.year_flags[i] & (1 << side))


def test_2_16_a_change_to_the_tribute_value_can_affect_the_prestige_track_13_2() -> None:
    s = new()
    clear(s)
    place(s, "athenian-hoplites-4", "ceos", ATHENS)  # the red tally is 5 now (Ceos, 2.16)
    s.tally = [100, 0]  # last year's
    run(s, ["revenue_phase"])
    assert s.tally == [5, 0] and _flagged(s, "tribute-fell", SPARTA)  # fell by more than a tenth
    before = s.prestige
    run(s, ["annual_prestige"])
    assert s.prestige == before - 1  # one level toward Sparta (13.2)
    s = new()
    clear(s)
    place(s, "athenian-hoplites-4", "ceos", ATHENS)
    s.tally = [4, 0]
    run(s, ["revenue_phase"])
    assert _flagged(s, "tribute-rose", ATHENS) and not _flagged(s, "tribute-fell", SPARTA)


def test_2_9_units_of_one_alliance_are_friendly_to_each_other() -> None:
    # "All of these units and locales are friendly to each other if allied": a Peloponnesian (purple) unit and
    # a Spartan (blue) one stack and campaign together under a Spartan leader
    s = new()
    clear(s)
    a = place(s, "spartiates", "corinth", SPARTA)
    b = place(s, "corinthian-hoplites", "corinth", SPARTA)
    s.first = s.phasing = SPARTA
    assert set(campaign.takable(s, SPARTA, s.comp.locale_index["corinth"])) == {a, b}
    assert rules.upkeep_free(s, b)  # and the purple unit is at home in a purple city (3.2 2a)
