"""The rulebook's two worked combat examples (5.6 sidebars), replayed hit by hit with scripted dice."""

from __future__ import annotations

from polemos import script_dice
from polemos.games.athens_sparta.model import ATHENS, SPARTA

from .helpers import act, at_phase, bid, empty_board, hex_of, log_text, place, set_owner


def test_5_combat_example_chios() -> None:
    """Sparta attacks CHIOS (unwalled) with navies 2C2, 1C2, 1C2 and peltast 2A2 that crossed the
    strait; Athens defends with navy 2C2 and hoplites 2B3, 1B3. The Athenian navy's sea control
    keeps the peltast out of the land battle (4.3) until it is eliminated."""
    s = empty_board()
    set_owner(s, "CHIOS", ATHENS)
    place(s, "ATH-NAV-6", "CHIOS", 2)  # navy 2C2
    place(s, "ATH-HOP-7", "CHIOS", 2)  # hoplite 2B3
    place(s, "ATH-HOP-2", "CHIOS", 1)  # hoplite 1B3
    place(s, "ATH-HOP-1", "ATHENS", 4)
    place(s, "SPA-HOP-1", "SPARTA", 4)
    nav_a = place(s, "SPA-NAV-1", "CHIOS", 2)  # 2C2
    nav_b = place(s, "SPA-NAV-3", "CHIOS", 1)  # 1C2
    nav_c = place(s, "SPA-NAV-4", "CHIOS", 1)  # 1C2
    pel = place(s, "SPA-PEL-1", "CHIOS", 2, crossed=True)  # 2A2, crossed the strait
    at_phase(s, SPARTA, "combat")
    ath_nav, hop2, hop1 = bid(s, "ATH-NAV-6"), bid(s, "ATH-HOP-7"), bid(s, "ATH-HOP-2")

    # Round 1, Sea Battle: the defending navy rolls 2 hits; the 2C2 takes the first, then
    # Sparta chooses which of the three 1C2 navies is eliminated.
    script_dice(s, [1, 2])
    act(s, "sparta", "battle CHIOS")
    assert s.strength[nav_a] == 1
    assert s.pending is not None and s.pending["kind"] == "hit"
    script_dice(s, [2, 6])  # the two remaining Spartan navies: one hit between them
    act(s, "sparta", "hit SPA-NAV-3")
    assert s.strength[nav_b] == 0
    assert s.strength[ath_nav] == 1
    # Land Battle: the peltast cannot engage while the Athenian navy holds the sea (4.3);
    # the Athenian hoplites have nobody to fight. No Siege Battle: CHIOS is unwalled.
    assert s.strength[pel] == 2 and s.strength[hop2] == 2 and s.strength[hop1] == 1

    # Round 2, Sea Battle: the Athenian navy misses (it might also retreat now, 5.42); the first
    # Spartan navy (no friendly port within 4 hexes to retreat to: it can only fire) eliminates it
    script_dice(s, [5, 1])
    act(s, "athens", "fire")
    assert s.strength[ath_nav] == 0
    assert s.strength[nav_a] == 1
    # the other Spartan navy now has no opposing navy: it engages in the Land Battle (5.41)
    assert s.pending is not None and s.pending["kind"] == "act" and s.pending["block"] == nav_c
    script_dice(s, [1, 2, 3, 1])  # peltast 2 hits; hoplite 1 hit; navy 1 hit
    act(s, "sparta", "land")
    # peltast's 2 hits: the 2B3 is reduced, then Athens chooses between two 1B3 hoplites
    assert s.pending is not None and s.pending["kind"] == "hit"
    act(s, "athens", "hit ATH-HOP-2")
    # the surviving 1B3 hoplite could retreat across the strait in round 2; it fires
    act(s, "athens", "fire")
    # the hoplite hits the peltast, and the Spartan navy eliminates the hoplite
    assert s.strength[hop1] == 0
    assert s.strength[pel] == 1
    assert s.strength[hop2] == 0
    # Sparta wins: no regroup, and pillages CHIOS for 2 BP: the peltast goes to 3A2 (5.61)
    assert s.pending is not None
    if s.pending["kind"] == "regroup":
        act(s, "sparta", "done")
    act(s, "sparta", "pillage SPA-PEL-1")
    act(s, "sparta", "pillage SPA-PEL-1")
    assert s.strength[pel] == 3
    assert s.strength[nav_a] == 1 and s.strength[nav_c] == 1
    assert "pillage 2 BP" in log_text(s)


def test_5_combat_example_amphipolis() -> None:
    """Sparta attacks AMPHIPOLIS (walled) with hoplite 4B4 and peltast 4A1; Athens defends with
    hoplite 3B2 and peltast 2A1 and engages; in round 2 both withdraw and the hoplite storms."""
    s = empty_board()
    set_owner(s, "AMPHIPOLIS", ATHENS)
    ahop = place(s, "ATH-HOP-10", "AMPHIPOLIS", 3)  # 3B2
    apel = place(s, "ATH-PEL-3", "AMPHIPOLIS", 2)  # 2A1
    place(s, "ATH-HOP-1", "ATHENS", 4)
    place(s, "SPA-HOP-2", "SPARTA", 4)
    shop = place(s, "SPA-HOP-1", "AMPHIPOLIS", 4)  # 4B4
    spel = place(s, "SPA-RES-3", "AMPHIPOLIS", 4)  # 4A1
    nb = s.comp.board.neighbours[hex_of(s, "AMPHIPOLIS")]
    came = next(n for n in nb if n >= 0 and s.comp.board.terrain[n] != 3)
    s.came_from[shop] = s.came_from[spel] = came
    at_phase(s, SPARTA, "combat")

    act(s, "sparta", "battle AMPHIPOLIS")
    # 5.4: the defender may withdraw into siege; Athens engages to force a retreat
    act(s, "athens", "engage")
    # Round 1 (dice scripted for the whole round, in combat order 5.1): the Athenian peltast
    # (A1, defenders first) misses; the Spartan peltast (A1) hits once, on the Athenian hoplite
    # (3, the strongest); the Athenian hoplite (B2) hits once: Sparta chooses between its two
    # 4-step blocks (the peltast); the Spartan hoplite (B4) rolls 2 hits: Athens chooses between
    # its 2-step hoplite and peltast for the first, the second falls on the other
    script_dice(s, [4, 5, 1, 4, 5, 6, 2, 5, 1, 2, 5, 6])
    act(s, "athens", "fire")
    assert s.strength[ahop] == 2
    act(s, "athens", "fire")
    act(s, "sparta", "hit SPA-RES-3")
    assert s.strength[spel] == 3
    act(s, "athens", "hit ATH-HOP-10")
    assert s.strength[apel] == 1 and s.strength[ahop] == 1

    # Round 2: the Athenian peltast withdraws; the Spartan peltast misses; the hoplite withdraws
    act(s, "athens", "withdraw")
    assert s.inside[apel]
    script_dice(s, [2, 3, 4])
    act(s, "sparta", "fire")
    act(s, "athens", "withdraw")
    assert s.inside[ahop]
    # only blocks in siege remain: the Spartan hoplite (which has not acted) storms
    # Siege Battle: 2 hits count as 1 (double defence); Athens chooses to lose the peltast
    script_dice(s, [1, 2, 5, 6])
    act(s, "sparta", "storm")
    act(s, "sparta", "fire")  # (a storming block could also fall back in round 2)
    act(s, "athens", "hit ATH-PEL-3")
    assert s.strength[apel] == 0
    assert s.strength[ahop] == 1 and s.inside[ahop]
    # end of battle: Sparta keeps both blocks on siege (no regroup from a siege it holds)
    assert s.loc[shop] == hex_of(s, "AMPHIPOLIS") and s.loc[spel] == hex_of(s, "AMPHIPOLIS")
    assert "double defence" in log_text(s)
