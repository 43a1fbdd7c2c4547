"""The Replacement Phase menu (8.0) rests on a table kept for the phase (``replacement.RepTab``, issue 12):
built once per side, shared by clones, and rebuilt whenever what it rests on changes (the block and city
owners, the closed cities of 8.1/8.3, the Sicily cards), so it never answers for a position it was not
built from."""

from __future__ import annotations

from polemos.games.athens_sparta import replacement
from polemos.games.athens_sparta.model import ATHENS, SPARTA
from polemos.games.athens_sparta.state import AthensSpartaState

from .helpers import act, empty_board, place, set_owner
from .test_rules_builds import garrison
from .test_rules_builds import replacement as start_replacement

S = AthensSpartaState


def test_8_0_the_menu_table_is_built_once_a_phase_and_shared_by_clones() -> None:
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-2", "ATHENS", strength=1)
    start_replacement(s)
    first = s.legal_actions("athens")
    tab = replacement.rep_tab(s, ATHENS)
    assert "add ATH-HOP-2" in first
    act(s, "athens", "add ATH-HOP-2")
    # the step added changes the menu (8.1: the BPs left), not the table it rests on
    assert replacement.rep_tab(s, ATHENS) is tab
    c = s.clone()
    assert replacement.rep_tab(c, ATHENS) is tab
    act(c, "athens", "disband ATH-HOP-2")
    assert "disband ATH-HOP-2" not in c.legal_actions("athens")
    assert "disband ATH-HOP-2" in s.legal_actions("athens")  # the original is untouched


def test_8_3_a_city_changing_hands_by_hand_rebuilds_the_table() -> None:
    """8.3: a block is built in its home city unless the enemy holds it; a position changed by hand
    is answered for as it is now (the table's key sees the new owner; the state's own memo of the
    legal actions still needs ``reset_caches``, as for any change by hand)."""
    s = empty_board()
    garrison(s)
    start_replacement(s)
    assert "build ATH-HOP-2 ATHENS" in replacement.legal_replace(s, ATHENS)
    tab = replacement.rep_tab(s, ATHENS)
    set_owner(s, "ATHENS", SPARTA)
    assert not [a for a in replacement.legal_replace(s, ATHENS) if a.startswith("build ATH-HOP-2 ")]
    assert replacement.rep_tab(s, ATHENS) is not tab
