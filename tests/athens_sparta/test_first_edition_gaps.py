"""Athens & Sparta, first edition (issue 13): differences found by comparing the two rulebooks once more, section by
section, against the code and the players' page, that had no test of their own yet (named by the first edition's
rule numbers)."""

from __future__ import annotations

from polemos.games.athens_sparta.model import ATHENS
from polemos.games.athens_sparta.state import POOL, AthensSpartaState

from .helpers import act, after_first_mulligan, at_phase, hex_of, place, set_owner

S = AthensSpartaState
FIRST = {"edition": "first"}


def _board() -> S:
    s = after_first_mulligan(1, FIRST)
    for b in range(len(s.loc)):
        s.loc[b] = POOL
        s.strength[b] = 0
        s.inside[b] = False
    place(s, "ATH-HOP-1", "ATHENS")
    place(s, "SPA-HOP-1", "SPARTA")
    return s


def test_ed1_7_1_a_victorious_helot_is_a_land_block_that_moves_and_is_never_exchanged() -> None:
    """1st 7.1 (RULINGS FE14): "si el Ilota gana, permanece en el mapa y se trata como cualquier otro bloque
    terrestre": in the next Move Phase the HELOT in MESSENE may make an operation move like a land block; like any
    other land block it is neither disbanded in the Move Phase (a revolt block's privilege, 1st 7.0; only in the
    Replacement Phase, 8.6) nor exchanged for a peltast (the current 7.1 makes it a peltast)."""
    s = _board()
    set_owner(s, "MESSENE", ATHENS)
    helot = place(s, "ATH-HELOTS", "MESSENE", 2)
    at_phase(s, ATHENS, "move", 3)
    legal = s.legal_actions("athens")
    assert "op ATH-HELOTS" in legal and "disband ATH-HELOTS" not in legal
    assert not any(a.startswith("exchange ") for a in legal)
    act(s, "athens", "op ATH-HELOTS")
    steps = [a for a in s.legal_actions("athens") if a.startswith("to ")]
    assert steps, "the HELOT moves like a land block"
    act(s, "athens", steps[0])
    assert s.loc[helot] != hex_of(s, "MESSENE")

