"""Athens & Sparta, first edition (issue 13): differences found by comparing the two rulebooks once more, section by
section, against the code and the players' page, that had no test of their own yet (named by the first edition's
rule numbers)."""

from __future__ import annotations

import pytest

import polemos
from polemos.games.athens_sparta.model import ATHENS
from polemos.games.athens_sparta.state import AthensSpartaState

from .helpers import FIRST, act, at_phase, capitals_board, hex_of, place, set_owner

S = AthensSpartaState


def test_ed1_7_1_a_victorious_helot_is_a_land_block_that_moves_and_is_never_exchanged() -> None:
    """1st 7.1 (RULINGS FE14): "si el Ilota gana, permanece en el mapa y se trata como cualquier otro bloque
    terrestre": in the next Move Phase the HELOT in MESSENE may make an operation move like a land block; like any
    other land block it is neither disbanded in the Move Phase (a revolt block's privilege, 1st 7.0; only in the
    Replacement Phase, 8.6) nor exchanged for a peltast (the current 7.1 makes it a peltast)."""
    s = capitals_board(FIRST)
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



@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_ed1_the_search_levels_play_the_first_edition_from_its_view(level: str) -> None:
    """Issue 13 ("the same fog of war, bots and AI levels"): each search level plays Sparta in a first-edition game
    from Sparta's view alone (which names the edition) and chooses only legal actions, through the Card and Move
    Phases and the first battles."""
    from polemos.ai.agents import make_agent
    from polemos.core.rng import Rng

    game = polemos.game("athens-and-sparta")
    s = game.new(3, options=FIRST)
    agent, rng, chosen = make_agent(level, game.id), Rng(3), 0
    for _ in range(120):
        if s.outcome() is not None:
            break
        role = next(r for r in s.active_roles() if s.legal_actions(r))
        legal = s.legal_actions(role)
        if role == "sparta":
            view = s.view(role)
            assert view["edition"] == "first"
            action = agent.choose(view, legal, rng)
            chosen += 1
        else:
            action = rng.choice(legal)
        assert action in legal
        s.apply(role, action)
    assert chosen > 20
