"""Athens & Sparta, first edition (issue 13): the combat order and naval warfare of the Spanish
rulebook (``../shared/rules/athens-and-sparta.first-edition.es.txt``, 5.1, 5.54, 6.0-6.6) and its
worked examples as scripted-dice tests: the AMPHIPOLIS battle (5.5 sidebar, D9), the TROEZEN
coastal combat (6.2 sidebar, D10) and the NAUPACTUS naval attack (6.3 sidebar, D11).

Test names cite the first edition's own rule numbers; RULINGS FE8-FE11 decide what it leaves open.
"""

from __future__ import annotations

from polemos import script_dice
from polemos.games.athens_sparta.attrition import siege_status
from polemos.games.athens_sparta.model import ATHENS, SPARTA
from polemos.games.athens_sparta.state import POOL, AthensSpartaState

from .helpers import FIRST, act, after_first_mulligan, at_phase, bid, capitals_board, hex_of, log_text, place, set_owner

S = AthensSpartaState


def board(options: dict[str, str] | None = FIRST) -> S:
    """A game at its first Card Phase with every block in the pool but one in each capital (SPA-HOP-2 at
    SPARTA)."""
    return capitals_board(options, sparta="SPA-HOP-2")


def role_of(s: S) -> str:
    assert s.pending is not None
    return "athens" if s.pending["side"] == ATHENS else "sparta"


def play(s: S, choices: list[str]) -> list[tuple[str, str, list[str]]]:
    """Answer the pending decisions with ``choices`` in order (each must be legal); returns
    (role, prompt, legal actions) of every decision asked."""
    asked: list[tuple[str, str, list[str]]] = []
    for a in choices:
        role = role_of(s)
        legal = s.legal_actions(role)
        asked.append((role, str(s.view(role)["prompt"]), legal))
        act(s, role, a)
    return asked


def fires(s: S) -> list[str]:
    """The blocks that fired, in the order they fired (from the log)."""
    return [t.split(" fires:")[0] for _, t in s.log if " fires: " in t]  # not the retreat fire (1st 5.1)


# ============================================================================ 5.1 combat order
def test_ed1_5_1_combat_order_example() -> None:
    """1st 5.1 example (RULINGS FE8): a hoplite B2 and a peltast A1 attack a hoplite B2 and a navy
    C3: the order of each round is the peltast A1, the defending hoplite B2, the attacking hoplite
    B2, then the navy C3 (the current rules fight the Sea Battle first); the navy, with no enemy
    navy, may declare coastal combat (6.2)."""
    s = board()
    set_owner(s, "PLATAEA", ATHENS)
    place(s, "ATH-RES-2", "PLATAEA", 2)  # RESERVE B2 hoplite
    place(s, "ATH-RES-6", "PLATAEA", 2)  # RESERVE C3 navy
    place(s, "SPA-HOP-8", "PLATAEA", 2, came_from="THEBES")  # MEGARA B2
    place(s, "SPA-RES-3", "PLATAEA", 2, came_from="THEBES")  # RESERVE A1 peltast
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6] * 8)
    act(s, "sparta", "battle PLATAEA")
    asked = play(s, ["engage", "fire", "fire", "fire"])
    assert [r for r, _, _ in asked] == ["athens", "sparta", "athens", "sparta"]
    assert s.pending is not None and s.pending["block"] == bid(s, "ATH-RES-6")
    legal = s.legal_actions("athens")
    assert "coastal" in legal and "fire" not in legal
    assert fires(s) == ["Sparta RESERVE A1 (2)", "Athens RESERVE B2 (2)", "Sparta MEGARA B2 (2)"]


def test_ed1_5_1_second_edition_fights_the_sea_battle_first() -> None:
    """The current 5.41 keeps its Sea, Land, Siege sequence: the navy acts before every land block."""
    s = board(None)
    set_owner(s, "PLATAEA", ATHENS)
    place(s, "ATH-RES-2", "PLATAEA", 2)
    place(s, "ATH-RES-6", "PLATAEA", 2)
    place(s, "SPA-HOP-8", "PLATAEA", 2, came_from="THEBES")
    at_phase(s, SPARTA, "combat")
    act(s, "sparta", "battle PLATAEA")
    play(s, ["engage"])
    assert s.pending is not None and s.pending["kind"] == "act"
    assert s.pending["block"] == bid(s, "ATH-RES-6")
    assert "land" in s.legal_actions("athens") and "coastal" not in s.legal_actions("athens")


# ============================================================================ D9: AMPHIPOLIS
def test_ed1_5_5_battle_example_amphipolis() -> None:
    """1st 5.5 sidebar "Batalla (Ejemplo)": Sparta's hoplite 4 (B4) and peltast 4 (A1) attack
    AMPHIPOLIS, held by an Athenian hoplite 3 (B2) and peltast 2 (A1); Athens accepts battle. Round 1
    as the example; in round 2 both Athenian blocks withdraw into the city, the Spartan hoplite
    storms (1st 5.54) and its two hits are one (double defence, 5.53): the peltast is eliminated.
    Athens keeps the city with a hoplite 1; Sparta besieges with both blocks and rolls 4+ for them;
    it is a half siege (no Spartan navy)."""
    s = board()
    hop, pel = place(s, "ATH-HOP-10", "AMPHIPOLIS", 3), place(s, "ATH-PEL-3", "AMPHIPOLIS", 2)
    shop = place(s, "SPA-HOP-1", "AMPHIPOLIS", 4, came_from="1102")
    spel = place(s, "SPA-RES-3", "AMPHIPOLIS", 4, came_from="1102")
    at_phase(s, SPARTA, "combat")
    script_dice(s, [4, 5, 1, 3, 4, 6, 2, 4, 1, 2, 5, 6,  # round 1
                    3, 4, 5, 1, 2, 5, 6,  # round 2
                    6, 6])  # Sparta's siege attrition, 4+: two hits
    act(s, "sparta", "battle AMPHIPOLIS")
    play(s, ["engage",
             "fire",  # 1. the Athenian peltast misses
             "fire",  # 2. the Spartan peltast hits the hoplite 3
             "fire",  # 3. the Athenian hoplite hits ...
             "hit SPA-RES-3",  # ... the Spartan peltast 4 (Sparta's choice on the 4-4 tie)
             "fire",  # 4. the Spartan hoplite: two hits ...
             "hit ATH-PEL-3"])  # ... a peltast 1 and a hoplite 1 (Athens's choice on the 2-2 tie)
    assert (s.strength[hop], s.strength[pel], s.strength[shop], s.strength[spel]) == (1, 1, 4, 3)
    assert fires(s) == ["Athens AMPHIPOLIS A1 (2)", "Sparta RESERVE A1 (4)", "Athens AMPHIPOLIS B2 (2)",
                        "Sparta SPARTA B4 (4)"]
    asked = play(s, ["withdraw",  # round 2: 1. the Athenian peltast withdraws
                     "fire",  # 2. the Spartan peltast misses
                     "withdraw"])  # 3. the Athenian hoplite withdraws
    assert [r for r, _, _ in asked] == ["athens", "sparta", "athens"]
    assert s.inside[hop] and s.inside[pel]
    asked = play(s, ["storm", "hit ATH-PEL-3"])  # 4. the hoplite storms: two half-hits, one block
    assert asked[0][0] == "sparta" and "storm" in asked[0][2]
    assert s.loc[pel] == POOL and s.loc[hop] == hex_of(s, "AMPHIPOLIS") and s.strength[hop] == 1
    text = log_text(s)
    assert "1st 5.54: Sparta storms AMPHIPOLIS" in text and "half-hit" in text
    assert s.city_owner[s.comp.board.city_index["AMPHIPOLIS"]] == ATHENS
    # Sparta besieges with both blocks: a half siege (Athens keeps the sea), Sparta rolls 4+
    assert siege_status(s, hex_of(s, "AMPHIPOLIS")) == (True, False, False)
    assert "6.0 Siege Attrition at AMPHIPOLIS (Sparta, besieger, 4+): 6 6" in log_text(s)


# ============================================================================ D10: TROEZEN
def _troezen() -> S:
    s = board()
    place(s, "SPA-HOP-8", "TROEZEN", 3)  # hoplite 3 (B2)
    place(s, "SPA-NAV-3", "TROEZEN", 2)  # navy 2 (C2)
    place(s, "ATH-NAV-1", "TROEZEN", 4)
    place(s, "ATH-NAV-2", "TROEZEN", 4)
    at_phase(s, ATHENS, "combat")
    return s


def test_ed1_6_2_coastal_combat_example_troezen() -> None:
    """1st 6.2 sidebar "Combate Costero (Ejemplo)" (RULINGS FE10): two Athenian navies 4 attack
    TROEZEN, held by a Spartan hoplite 3 and navy 2; Sparta accepts battle. Round 1: the hoplite has
    no target (its turn is not used); the Spartan navy retreats to GYTHEUM; Athens declares coastal
    combat and the round restarts: the hoplite scores two hits on the navies, the navies three,
    eliminating it. The retreated navy gets no second turn; no hit falls on a navy before the
    declaration."""
    s = _troezen()
    script_dice(s, [1, 2, 6, 1, 2, 5, 3, 4, 6])
    act(s, "athens", "battle TROEZEN")
    asked = play(s, ["engage", "pass", "retreat GYTHEUM"])
    hoplite_turn = asked[1]
    assert hoplite_turn[0] == "sparta" and "fire" not in hoplite_turn[2] and "coastal" not in hoplite_turn[2]
    assert "fire" in asked[2][2]  # the naval battle: the Spartan navy could fire at the Athenian navies
    assert s.loc[bid(s, "SPA-NAV-3")] == hex_of(s, "GYTHEUM")
    assert fires(s) == []
    asked = play(s, ["coastal"])
    assert asked[0][0] == "athens" and "blockade" in asked[0][2]  # or blockade the hex (6.3 step 2, FE11)
    assert "1st 6.2: Athens declares coastal combat at TROEZEN; the round restarts." in log_text(s)
    asked = play(s, ["fire", "hit ATH-NAV-1", "fire", "fire"])
    assert asked[0][0] == "sparta" and "B2" in asked[0][1]  # the hoplite acts after the restart
    assert (s.strength[bid(s, "ATH-NAV-1")], s.strength[bid(s, "ATH-NAV-2")]) == (3, 3)
    assert s.loc[bid(s, "SPA-HOP-8")] == POOL
    assert fires(s) == ["Sparta MEGARA B2 (3)", "Athens ATHENS C3 (3)", "Athens ATHENS C3 (3)"]
    assert s.loc[bid(s, "SPA-NAV-3")] == hex_of(s, "GYTHEUM")  # no second turn for the navy
    # TROEZEN is taken; its 1 PP of pillage cannot buy a navy step (2 PP, 1st 8.4)
    assert s.city_owner[s.comp.board.city_index["TROEZEN"]] == ATHENS
    assert s.pending is not None and s.pending["kind"] == "regroup"


def test_ed1_6_2_troezen_withdrawing_into_the_city_gives_only_a_blockade() -> None:
    """1st 6.2 sidebar: "Esparta habría hecho bien retrocediendo a la ciudad y aceptando el bloqueo.
    Ningún asedio es posible sólo con naves": with both Spartan blocks in the city the Athenian
    navies may storm (at C1, 6.22) or blockade (6.6): the blockade is a half siege (5+)."""
    s = _troezen()
    act(s, "athens", "battle TROEZEN")
    play(s, ["withdraw SPA-HOP-8", "withdraw SPA-NAV-3", "engage"])
    assert s.pending is not None and s.pending["kind"] == "act" and role_of(s) == "athens"
    legal = s.legal_actions("athens")
    assert {"storm", "blockade", "pass"} <= set(legal) and "coastal" not in legal
    play(s, ["blockade", "blockade"])
    assert s.pending is not None and s.pending["kind"] == "regroup"  # FE20: besiege or regroup
    play(s, ["done"])
    assert s.battle is None
    assert siege_status(s, hex_of(s, "TROEZEN")) == (False, True, False)  # a half siege: Sparta 5+


def test_ed1_6_6_an_island_blockade_is_a_full_siege() -> None:
    """1st 6.6 and the 6.2 sidebar: "un ataque similar sobre Cythera sería un asedio total" (RULINGS
    FE28: CYTHERA, six sea hexsides)."""
    s = board()
    set_owner(s, "CYTHERA", SPARTA)
    place(s, "SPA-HOP-8", "CYTHERA", 2)
    place(s, "ATH-NAV-1", "CYTHERA", 4)
    at_phase(s, ATHENS, "combat")
    act(s, "athens", "battle CYTHERA")
    play(s, ["withdraw SPA-HOP-8", "engage"])
    play(s, ["blockade"])
    if s.pending is not None and s.pending["kind"] == "regroup":
        play(s, ["done"])
    assert s.battle is None
    assert siege_status(s, hex_of(s, "CYTHERA")) == (False, True, True)


def test_ed1_6_22_navies_storm_at_c1() -> None:
    """1st 6.3 step 3, 6.22: navies that storm fight at C1 against double defence."""
    s = _troezen()
    act(s, "athens", "battle TROEZEN")
    play(s, ["withdraw SPA-HOP-8", "withdraw SPA-NAV-3", "engage"])
    script_dice(s, [1, 2, 2, 2, 6, 6, 6, 6, 6])
    play(s, ["storm"])
    assert "Athens ATHENS C3 (4) fires: 1 2 2 2 — 1 hit" in log_text(s)
    assert "half-hit" in log_text(s)


# ============================================================================ D11: NAUPACTUS
def _naupactus() -> S:
    s = board()
    set_owner(s, "NAUPACTUS", ATHENS)
    place(s, "ATH-RES-3", "NAUPACTUS", 3)  # peltast 3 (A1)
    place(s, "ATH-RES-5", "NAUPACTUS", 3)  # navy 3 (C3)
    place(s, "SPA-RES-5", "NAUPACTUS", 3)  # navy 3 (C2), from LEUCAS
    place(s, "SPA-RES-3", "NAUPACTUS", 3, came_from="PLEURON")  # peltast 3 (A1)
    place(s, "SPA-HOP-7", "NAUPACTUS", 3, came_from="DELPHI")  # hoplite 3 (B3), from THEBES
    at_phase(s, SPARTA, "combat")
    return s


def test_ed1_6_3_naval_attack_example_naupactus() -> None:
    """1st 6.3 sidebar "Ataque Naval (Ejemplo)" (RULINGS FE8, FE10, FE11, FE35). Round 1: the
    Athenian peltast misses; the Spartan peltast and hoplite each hit it (never the navy: the naval
    battle is separate, 6.1); the Athenian navy, offered fire, retreat or withdraw, fires two hits
    on the Spartan navy, which retreats to CORINTH. Round 2: the Athenian peltast withdraws; the
    Spartan peltast storms and misses; the hoplite storms, two half-hits eliminate the peltast and
    Sparta takes NAUPACTUS; the Athenian navy blockades, ending the battle. Sparta then rolls half
    siege attrition (5+) for its two blocks; the Athenian navy does not roll in the Spartan turn."""
    s = _naupactus()
    script_dice(s, [2, 4, 6, 1, 3, 5, 2, 5, 6, 1, 3, 6,  # round 1
                    2, 5, 6, 1, 2, 6,  # round 2
                    6, 1])  # Sparta's attrition (5+): one hit
    act(s, "sparta", "battle NAUPACTUS")
    apel, anav = bid(s, "ATH-RES-3"), bid(s, "ATH-RES-5")
    snav = bid(s, "SPA-RES-5")
    asked = play(s, ["engage", "fire", "fire", "fire"])
    # "observe que el Peltasta ateniense no se puede retirar" (the FE26 mountain side to 0707)
    assert asked[1][0] == "athens" and not [a for a in asked[1][2] if a.startswith("retreat")]
    assert all("coastal" not in legal for _, _, legal in asked)  # both sides have navies (6.2)
    assert s.strength[apel] == 1 and s.strength[anav] == 3
    navy_turn = play(s, ["fire"])[0]
    assert navy_turn[0] == "athens" and {"fire", "withdraw"} <= set(navy_turn[2])
    assert any(a.startswith("retreat ") for a in navy_turn[2])
    assert s.strength[snav] == 1
    play(s, ["retreat CORINTH"])
    assert s.loc[snav] == hex_of(s, "CORINTH")
    assert fires(s) == ["Athens RESERVE A1 (3)", "Sparta RESERVE A1 (3)", "Sparta THEBES B3 (3)",
                        "Athens RESERVE C3 (3)"]
    # round 2
    play(s, ["withdraw"])
    asked = play(s, ["storm", "storm"])
    assert all(r == "sparta" and "storm" in legal for r, _, legal in asked)
    assert s.loc[apel] == POOL
    asked = play(s, ["blockade"])
    # "la Nave ateniense podría ahora iniciar un combate costero, retirarse o bloquear"
    assert asked[0][0] == "athens" and {"coastal", "blockade", "pass"} <= set(asked[0][2])
    assert any(a.startswith("retreat ") for a in asked[0][2])
    assert s.battle is None
    h = hex_of(s, "NAUPACTUS")
    assert s.city_owner[s.comp.board.city_index["NAUPACTUS"]] == SPARTA
    assert s.inside[bid(s, "SPA-RES-3")] and s.inside[bid(s, "SPA-HOP-7")]  # within the walls now
    assert s.loc[anav] == h and not s.inside[anav]
    assert siege_status(s, h) == (False, True, False)
    text = log_text(s)
    assert "1st 6.6: Athens's RESERVE C3 (3) blockades NAUPACTUS." in text
    assert "6.0 Siege Attrition at NAUPACTUS (Sparta, half-siege, 5+): 6 1" in text
    assert "Athens, besieger" not in text  # FE35: the blockading navy rolls at the end of its own turn


def test_ed1_6_3_naupactus_accepting_the_siege_instead() -> None:
    """1st 6.3 sidebar, NOTE: had the Athenian peltast and navy accepted the siege at the
    declaration, Sparta's armies could storm and its navy blockade: NAUPACTUS besieged and
    blockaded, a full siege (Athens 3+)."""
    s = _naupactus()
    act(s, "sparta", "battle NAUPACTUS")
    play(s, ["withdraw ATH-RES-3", "withdraw ATH-RES-5", "engage"])
    asked = play(s, ["pass", "pass", "blockade"])
    assert [r for r, _, _ in asked] == ["sparta"] * 3
    assert "storm" in asked[0][2] and "storm" in asked[1][2]
    assert {"storm", "blockade"} <= set(asked[2][2])
    while s.battle is not None:
        play(s, ["done" if "done" in s.legal_actions(role_of(s)) else "pass"])
    assert siege_status(s, hex_of(s, "NAUPACTUS")) == (True, True, True)


def test_ed1_6_6_no_blockade_while_an_enemy_navy_is_outside() -> None:
    """1st 6.6: "las naves no pueden bloquear si una nave enemiga está presente": in round 1 of the
    NAUPACTUS attack the Spartan navy may fire or retreat, not blockade."""
    s = _naupactus()
    script_dice(s, [6] * 20)
    act(s, "sparta", "battle NAUPACTUS")
    play(s, ["engage", "fire", "fire", "fire", "fire"])
    assert s.pending is not None and s.pending["block"] == bid(s, "SPA-RES-5")
    legal = s.legal_actions("sparta")
    assert "fire" in legal and "blockade" not in legal and "coastal" not in legal


def test_ed1_components_the_naupactus_0707_hexside_is_a_mountain_side() -> None:
    """RULINGS FE26: the first edition's map overlay (``data/first/map.toml``) makes the hexside
    between NAUPACTUS and 0707 a mountain side, so that the 6.3 example's peltast cannot retreat;
    the current map keeps it clear."""
    from polemos.games.athens_sparta.model import SIDE_CLEAR, SIDE_MOUNTAIN

    for options, side in ((FIRST, SIDE_MOUNTAIN), (None, SIDE_CLEAR)):
        s = board(options)
        h, n = hex_of(s, "NAUPACTUS"), hex_of(s, "0707")
        d = s.comp.board.neighbours[h].index(n)
        assert s.comp.board.land_side[h][d] == side
        assert s.comp.board.land_side[n][(d + 3) % 6] == side


# ============================================================================ 5.5, 6.6 face-up (FE33)
def _faces(s: S, role: str | None) -> set[str]:
    return {str(e["id"]) for e in s.view(role)["blocks"] if "id" in e}


def test_ed1_5_5_besieging_blocks_stand_face_up_in_every_view() -> None:
    """1st 5.5 (RULINGS FE33): "los bloques sitiadores se dejan siempre boca arriba": from the first
    Move Phase the Athenian besiegers of POTIDAEA show their faces to Sparta and to spectators, the
    besieged Spartans do not; the current rules keep every block upright."""
    from polemos.games.athens_sparta.state import PH_MOVE

    for options, up in ((FIRST, True), (None, False)):
        s = after_first_mulligan(1, options)
        while s.phase != PH_MOVE:
            role = s.active_roles()[0]
            s.apply(role, s.legal_actions(role)[0])
        h = hex_of(s, "POTIDAEA")
        besiegers = {s.comp.blocks[b].id for b in range(len(s.loc))
                     if s.loc[b] == h and s.owner[b] == ATHENS and not s.inside[b]}
        besieged = {s.comp.blocks[b].id for b in range(len(s.loc)) if s.loc[b] == h and s.inside[b]}
        assert besiegers and besieged
        for seer in ("sparta", None):
            assert (besiegers <= _faces(s, seer)) == up, (options, seer)
        for seer in ("athens", None):
            assert not besieged & _faces(s, seer), (options, seer)


def test_ed1_5_5_amphipolis_besiegers_face_up_after_the_battle() -> None:
    """1st 5.5 (RULINGS FE33): after the AMPHIPOLIS battle the two Spartan besiegers stay face-up
    (their strength too); the besieged Athenian hoplite stands up again."""
    s = board()
    place(s, "ATH-HOP-10", "AMPHIPOLIS", 1)
    place(s, "SPA-HOP-1", "AMPHIPOLIS", 4, came_from="1102")
    at_phase(s, SPARTA, "combat")
    script_dice(s, [1] * 12)  # Sparta's attrition (4+) misses
    act(s, "sparta", "battle AMPHIPOLIS")
    play(s, ["withdraw ATH-HOP-10", "engage"])
    while s.battle is not None:
        legal = s.legal_actions(role_of(s))
        play(s, ["pass" if "pass" in legal else ("done" if "done" in legal else legal[0])])
    faces = [e for e in s.view("athens")["blocks"] if e.get("id") == "SPA-HOP-1"]
    assert faces and faces[0]["strength"] == 4
    assert "ATH-HOP-10" not in _faces(s, "sparta")


# ============================================================================ 1.5 straits (FE3)
def _cross_into_ephesus(options: dict[str, str] | None) -> S:
    """An Athenian army at SAMOS; at EPHESUS (Spartan) a Spartan and an Athenian navy both stand
    outside the walls, so the sea there is contested, not Sparta's (FE2 lets the army cross)."""
    s = board(options)
    set_owner(s, "SAMOS", ATHENS)
    set_owner(s, "EPHESUS", SPARTA)
    place(s, "ATH-HOP-2", "SAMOS", 3)
    place(s, "SPA-NAV-3", "EPHESUS", 2)
    place(s, "ATH-NAV-1", "EPHESUS", 2)
    at_phase(s, ATHENS, "move", 3)
    assert s.sctrl[hex_of(s, "EPHESUS")] not in (ATHENS, SPARTA)
    return s


def test_ed1_1_5_crossing_into_an_enemy_navy_costs_a_step_and_a_retreat() -> None:
    """1st 1.5 (RULINGS FE3): "si una nave enemiga está presente, los bloques de tierra que entran en
    un hex de estrecho pierden un paso y deben retirarse": the army crossing from SAMOS into EPHESUS,
    where a Spartan navy stands outside the walls, loses a step and goes back to SAMOS. The current
    rules let it land (and only bar it from fighting while the defender's navy holds the sea)."""
    s = _cross_into_ephesus(FIRST)
    b = bid(s, "ATH-HOP-2")
    act(s, "athens", "op ATH-HOP-2")
    act(s, "athens", "to EPHESUS")
    if s.moving >= 0:
        act(s, "athens", "stop")
    assert s.loc[b] == hex_of(s, "SAMOS") and s.strength[b] == 2
    assert "loses a step and must retreat" in log_text(s)
    current = _cross_into_ephesus(None)
    act(current, "athens", "op ATH-HOP-2")
    act(current, "athens", "to EPHESUS")
    if current.moving >= 0:
        act(current, "athens", "stop")
    assert current.loc[b] == hex_of(current, "EPHESUS") and current.strength[b] == 3


def test_ed1_1_5_a_one_step_army_crossing_into_an_enemy_navy_is_eliminated() -> None:
    s = _cross_into_ephesus(FIRST)
    b = bid(s, "ATH-HOP-2")
    s.strength[b] = 1
    act(s, "athens", "op ATH-HOP-2")
    act(s, "athens", "to EPHESUS")
    if s.moving >= 0:
        act(s, "athens", "stop")
    assert s.loc[b] == POOL


def test_ed1_1_5_armies_entering_without_crossing_fight_an_enemy_navy_normally() -> None:
    """RULINGS FE3: only armies that cross the water are bounced; the NAUPACTUS example's armies
    come in from the city side and fight (see the D11 test). From MILETUS into EPHESUS: no loss."""
    s = _cross_into_ephesus(FIRST)
    set_owner(s, "MILETUS", ATHENS)
    b = place(s, "ATH-HOP-3", "MILETUS", 3)
    at_phase(s, ATHENS, "move", 3)
    act(s, "athens", "op ATH-HOP-3")
    act(s, "athens", "to EPHESUS")
    if s.moving >= 0:
        act(s, "athens", "stop")
    assert s.loc[b] == hex_of(s, "EPHESUS") and s.strength[b] == 3


# ============================================================================ 6.6 the blockader's ports
def test_ed1_6_6_navies_retreat_into_their_own_blockade_hex() -> None:
    """1st 6.6: the blockading player's navies may retreat and regroup into its blockade hexes: with
    a Spartan navy blockading Athenian AEGINA, the Spartan navy retreating from TROEZEN may go there;
    the current rules send navies only to ports friendly on land and at sea (5.5)."""
    for options, may in ((FIRST, True), (None, False)):
        s = board(options)
        place(s, "SPA-HOP-8", "TROEZEN", 3)
        place(s, "SPA-NAV-3", "TROEZEN", 2)
        place(s, "ATH-NAV-1", "TROEZEN", 4)
        set_owner(s, "AEGINA", ATHENS)
        place(s, "ATH-HOP-2", "AEGINA", 1, inside=True)
        place(s, "SPA-NAV-2", "AEGINA", 1)
        at_phase(s, ATHENS, "combat")
        assert s.sctrl[hex_of(s, "AEGINA")] == SPARTA
        script_dice(s, [6] * 40)
        act(s, "athens", "battle TROEZEN")
        for _ in range(20):
            assert s.pending is not None
            legal = s.legal_actions(role_of(s))
            if s.pending.get("block") == bid(s, "SPA-NAV-3") and any(a.startswith("retreat ") for a in legal):
                break
            play(s, [next(a for a in ("engage", "pass", "stay", "fire") if a in legal)])
        assert ("retreat AEGINA" in s.legal_actions("sparta")) == may, options
        assert "retreat GYTHEUM" in s.legal_actions("sparta")


# ============================================================================ 5.54 substitution
def test_ed1_5_54_storming_blocks_may_be_replaced_after_round_1() -> None:
    """1st 5.54: "sujeto a los Límites del Asalto, el atacante puede sustituir los bloques después
    de la Ronda 1 y atacar con ellos en la Ronda 2": three Spartan besiegers of NAUPACTUS (a minor
    city, storm limit 2); two storm in round 1, and for round 2 Sparta picks the third and one of
    them; the current rules keep round 1's storming blocks."""
    for options, swap in ((FIRST, True), (None, False)):
        s = board(options)
        set_owner(s, "NAUPACTUS", ATHENS)
        place(s, "ATH-HOP-2", "NAUPACTUS", 3, inside=True)
        for x in ("SPA-HOP-7", "SPA-HOP-8", "SPA-RES-2"):
            place(s, x, "NAUPACTUS", 1)
        at_phase(s, SPARTA, "combat")
        script_dice(s, [6] * 20)
        act(s, "sparta", "storm NAUPACTUS armies")
        play(s, ["storm SPA-HOP-7", "storm SPA-HOP-8"])
        for _ in range(10):
            if s.pending is None or s.pending["kind"] == "stormq" or s.battle is None:
                break
            legal = s.legal_actions(role_of(s))
            play(s, ["fire" if "fire" in legal else legal[-1]])
        asked = s.pending is not None and s.pending["kind"] == "stormq"
        assert asked == swap, options
        if swap:
            assert "Round 2" in log_text(s)
            assert {"storm SPA-HOP-7", "storm SPA-HOP-8", "storm SPA-RES-2"} <= set(s.legal_actions("sparta"))
            play(s, ["storm SPA-RES-2", "storm SPA-HOP-8"])
            s.log = []
            for _ in range(10):
                if s.battle is None or s.pending is None or s.pending["kind"] not in ("act", "hit"):
                    break
                legal = s.legal_actions(role_of(s))
                play(s, ["fire" if "fire" in legal else legal[0]])
            text = log_text(s)
            assert "RESERVE B2 (1) fires" in text and "THEBES B3 (1) fires" not in text


def test_ed1_5_56_a_sally_follows_the_one_combat_order() -> None:
    """1st 5.1, 5.56 (RULINGS FE8): Athenian blocks sallying from besieged ATHENS fight in the one
    combat order: the sallying peltast A1, the besieging hoplite B2, the besiegers' navy C2 (the
    defender on equal letters), the Athenian navy C3; the current rules fight the navies first."""
    for options, order in ((FIRST, ["Athens RESERVE A1 (2)", "Sparta MEGARA B2 (2)", "Sparta MEGARA C2 (2)",
                                     "Athens ATHENS C3 (2)"]),
                           (None, ["Sparta MEGARA C2 (2)", "Athens ATHENS C3 (2)", "Athens RESERVE A1 (2)",
                                   "Sparta MEGARA B2 (2)"])):
        s = after_first_mulligan(1, options)
        for b in range(len(s.loc)):
            s.loc[b] = POOL
            s.strength[b] = 0
            s.inside[b] = False
        place(s, "SPA-HOP-2", "SPARTA")
        place(s, "ATH-RES-3", "ATHENS", 2, inside=True)
        place(s, "ATH-NAV-1", "ATHENS", 2, inside=True)
        place(s, "SPA-HOP-8", "ATHENS", 2)
        place(s, "SPA-NAV-3", "ATHENS", 2)
        at_phase(s, ATHENS, "combat")
        script_dice(s, [6] * 40)
        act(s, "athens", "sally ATHENS all")
        for _ in range(12):
            if s.pending is None or s.pending["kind"] not in ("act", "hit") or len(fires(s)) >= 4:
                break
            legal = s.legal_actions(role_of(s))
            play(s, ["fire" if "fire" in legal else legal[-1]])
        assert fires(s)[:4] == order, options


# ============================================================================ 9.2 Sicily (FE21 e)
def test_ed1_9_2_blocks_besieged_in_syracuse_leave_by_sea() -> None:
    """1st 9.2 (RULINGS FE21 e): "volver requiere un movimiento normal": with retreats from SYRACUSE
    banned, a block besieged there may sail home in the Move Phase (1 MP, a sea move to a friendly
    embarkation port); the current rules never move a besieged block."""
    for options, may in ((FIRST, True), (None, False)):
        s = board(options)
        set_owner(s, "SYRACUSE", ATHENS)
        b = place(s, "ATH-HOP-6", "SYRACUSE", 2, inside=True)
        place(s, "SPA-HOP-3", "SYRACUSE", 2)
        at_phase(s, ATHENS, "move", 3)
        assert ("sea ATH-HOP-6" in s.legal_actions("athens")) == may, options
        if may:
            act(s, "athens", "sea ATH-HOP-6")
            dest = next(a for a in s.legal_actions("athens") if a.startswith("to "))
            act(s, "athens", dest)
            assert s.loc[b] == hex_of(s, dest[3:]) and not s.inside[b]


# ============================================================================ 6.3 naval attack (FE7)
def test_ed1_6_3_naval_attack_must_start_in_a_friendly_port() -> None:
    """1st 6.3 (RULINGS FE7): "los Ataques Navales deben empezar en uno o más puertos amigos": an
    Athenian navy left in contested TROEZEN (a Spartan hoplite there too) may sail to friendly
    AEGINA but not attack Spartan EPIDAURUS; from friendly AEGINA it may; the current rules let it."""
    for options, may in ((FIRST, False), (None, True)):
        s = board(options)
        set_owner(s, "EPIDAURUS", SPARTA)
        set_owner(s, "AEGINA", ATHENS)
        place(s, "SPA-HOP-8", "TROEZEN", 2)
        place(s, "ATH-NAV-1", "TROEZEN", 2)
        place(s, "ATH-NAV-2", "AEGINA", 2)
        at_phase(s, ATHENS, "move", 3)
        assert s.sctrl[hex_of(s, "TROEZEN")] not in (ATHENS, SPARTA)
        t = s.clone()
        act(s, "athens", "op ATH-NAV-1")
        act(s, "athens", "to EPIDAURUS")
        assert (s.moving < 0 or "stop" in s.legal_actions("athens")) == may, options
        act(t, "athens", "op ATH-NAV-2")
        act(t, "athens", "to EPIDAURUS")
        assert t.moving < 0 or "stop" in t.legal_actions("athens")


def test_ed1_5_5_no_storming_pick_when_the_named_group_fits_the_limit() -> None:
    """RULINGS FE33: with face-up besiegers R33 has nothing to hide: three armies and two navies
    besiege a major city (limit 4); storming with the armies asks nothing in the first edition, while
    the current rules ask whenever more blocks besiege than the limit (RULINGS R33)."""
    for options, asked in ((FIRST, False), (None, True)):
        s = board(options)
        set_owner(s, "CORCYRA", ATHENS)
        place(s, "ATH-HOP-2", "CORCYRA", 2, inside=True)
        for x in ("SPA-HOP-7", "SPA-HOP-8", "SPA-RES-2", "SPA-NAV-2", "SPA-NAV-3"):
            place(s, x, "CORCYRA", 1)
        at_phase(s, SPARTA, "combat")
        script_dice(s, [6] * 20)
        act(s, "sparta", "storm CORCYRA armies")
        assert (s.pending is not None and s.pending["kind"] == "stormq") == asked, options


def test_ed1_log_lines_cite_the_first_editions_rules() -> None:
    """The team's rule: every log line cites the rule of the edition played: in the TROEZEN example
    the withdrawal cites 1st 5.5 and the retreat 1st 5.3 (the current rules' 5.4 and 5.5); a battle
    under the current rules cites no first-edition rule."""
    s = _troezen()
    script_dice(s, [6] * 40)
    act(s, "athens", "battle TROEZEN")
    play(s, ["withdraw SPA-HOP-8", "engage", "retreat GYTHEUM"])
    assert "1st 5.5: Sparta withdraws a block into TROEZEN" in log_text(s)
    assert "retreats to GYTHEUM (1st 5.3)" in log_text(s)
    current = board(None)
    place(current, "SPA-HOP-8", "PLATAEA", 2, came_from="THEBES")
    set_owner(current, "PLATAEA", ATHENS)
    place(current, "ATH-RES-2", "PLATAEA", 2)
    at_phase(current, SPARTA, "combat")
    script_dice(current, [6] * 40)
    act(current, "sparta", "battle PLATAEA")
    while current.battle is not None and current.pending is not None:
        legal = current.legal_actions(role_of(current))
        play(current, ["fire" if "fire" in legal else legal[-1]])
    assert "Round 2 at PLATAEA (5.42)" in log_text(current) and "1st " not in log_text(current)


# ============================================================================ 6.7 naval patrols (FE12)
def _patrol_at_aegina(options: dict[str, str] | None = FIRST) -> S:
    """Sparta attacks Athenian AEGINA (a port, Athens's sea) with a hoplite; Athens holds it with a
    hoplite and a navy."""
    s = board(options)
    set_owner(s, "AEGINA", ATHENS)
    place(s, "ATH-HOP-2", "AEGINA", 1)
    place(s, "ATH-NAV-1", "AEGINA", 2)
    place(s, "SPA-HOP-8", "AEGINA", 3, came_from="TROEZEN")
    at_phase(s, SPARTA, "combat")
    return s


def test_ed1_6_7_navy_may_patrol_instead_of_accepting_battle() -> None:
    """1st 6.7 (RULINGS FE12): "las naves pueden decidir patrullar un hex en lugar de aceptar una
    batalla o asedio. Es necesario el control del mar. Los bloques de tierra no pueden atacar a las
    naves que patrullan (y viceversa)": the Athenian navy patrols; the Spartan hoplite's hits fall on
    the Athenian hoplite only; after the battle the patrol stays, face-up, Athens keeps the sea of
    AEGINA and no battle is due there; it rolls 5+ at the end of the Athenian Player Turn. The
    current rules have no patrol."""
    s = _patrol_at_aegina()
    nav, hop, hop3 = bid(s, "ATH-NAV-1"), bid(s, "ATH-HOP-2"), place(s, "ATH-HOP-3", "AEGINA", 4)
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6] * 5 + [1, 1, 1] + [6] * 20)  # the Spartan hoplite scores 3 hits in round 1
    act(s, "sparta", "battle AEGINA")
    assert "patrol ATH-NAV-1" in s.legal_actions("athens")
    play(s, ["patrol ATH-NAV-1", "engage"])
    while s.battle is not None and s.pending is not None and s.pending["kind"] in ("act", "hit"):
        legal = s.legal_actions(role_of(s))
        play(s, ["fire" if "fire" in legal else legal[0]])
    assert s.strength[nav] == 2 and s.loc[nav] == hex_of(s, "AEGINA")
    assert s.strength[hop] + s.strength[hop3] == 2  # 1 + 4 less three hits, none on the navy
    assert "1st 6.7: Athens's ATHENS C3 (2) patrols AEGINA." in log_text(s)
    assert s.patrol == [nav]
    while s.battle is not None:
        legal = s.legal_actions(role_of(s))
        play(s, ["done" if "done" in legal else legal[0]])
    from polemos.games.athens_sparta.combat import battle_hexes
    from polemos.games.athens_sparta.common import update_control

    update_control(s)
    h = hex_of(s, "AEGINA")
    assert s.sctrl[h] == ATHENS
    assert h not in battle_hexes(s, SPARTA)[0] and h not in battle_hexes(s, ATHENS)[0]
    assert "ATH-NAV-1" in _faces(s, "sparta")
    for role in ("athens", "sparta"):  # both see the navy stands apart, patrolling (the bots plan by it)
        entry = next(e for e in s.view(role)["blocks"] if e.get("id") == "ATH-NAV-1")
        assert entry["apart"] == "patrol"
    assert all("apart" not in e for e in s.view("athens")["blocks"] if e.get("id") != "ATH-NAV-1")
    # its attrition, 5+, at the end of Athens's Player Turn
    from polemos.games.athens_sparta.attrition import siege_attrition

    s.log = []
    siege_attrition(s, ATHENS)
    assert "1st 6.7 patrol attrition at AEGINA (Athens, 5+): " in log_text(s)
    s.log = []
    siege_attrition(s, SPARTA)
    assert "patrol" not in log_text(s)
    current = _patrol_at_aegina(None)
    act(current, "sparta", "battle AEGINA")
    assert not any(a.startswith("patrol") for a in current.legal_actions(role_of(current)))


def test_ed1_6_7_a_patrol_outside_a_taken_walled_city_blockades_it() -> None:
    """RULINGS FE12: when the attackers take the walled city the patrol stood outside, the navy is
    outside an enemy port's walls: it blockades it (the NAUPACTUS example's navy)."""
    s = _patrol_at_aegina()
    nav = bid(s, "ATH-NAV-1")
    script_dice(s, [6, 1, 1, 1] + [1] * 20)
    act(s, "sparta", "battle AEGINA")
    play(s, ["patrol ATH-NAV-1", "engage"])
    while s.battle is not None and s.pending is not None:
        legal = s.legal_actions(role_of(s))
        play(s, ["fire" if "fire" in legal else ("done" if "done" in legal else legal[0])])
    h = hex_of(s, "AEGINA")
    assert s.city_owner[s.comp.board.city_index["AEGINA"]] == SPARTA and s.inside[bid(s, "SPA-HOP-8")]
    assert s.patrol == [] and s.loc[nav] == h and "patrolling navy now blockades AEGINA" in log_text(s)
    assert siege_status(s, h)[1]


def test_ed1_6_7_patrol_needs_sea_control() -> None:
    """1st 6.7: "es necesario el control del mar": with a Spartan navy blockading... here a Spartan
    navy among the attackers: the Athenian navy may not patrol (it defends in the naval battle)."""
    s = _patrol_at_aegina()
    place(s, "SPA-NAV-3", "AEGINA", 2)
    at_phase(s, SPARTA, "combat")
    act(s, "sparta", "battle AEGINA")
    assert not any(a.startswith("patrol") for a in s.legal_actions("athens"))


def test_ed1_6_7_the_patrol_ends_when_the_navy_moves_away() -> None:
    s = _patrol_at_aegina()
    nav = bid(s, "ATH-NAV-1")
    s.patrol = [nav]
    at_phase(s, ATHENS, "move", 3)
    act(s, "athens", "op ATH-NAV-1")
    act(s, "athens", "to ATHENS")
    if s.moving >= 0:
        act(s, "athens", "stop")
    assert s.patrol == [] and s.loc[nav] == hex_of(s, "ATHENS")


def test_ed1_6_7_patrol_survives_a_json_round_trip() -> None:
    import polemos

    s = _patrol_at_aegina()
    s.patrol = [bid(s, "ATH-NAV-1")]
    doc = s.to_json()
    again = polemos.game("athens-and-sparta").from_json(doc)
    assert isinstance(again, AthensSpartaState) and again.patrol == s.patrol and again.to_json() == doc
    assert "patrol" not in board(None).to_json()


# ============================================================================ 6.6 blockading defenders outside (FE11)
def test_ed1_6_6_blockade_of_defenders_standing_outside() -> None:
    """1st 6.3 step 2, 6.6 (RULINGS FE11, FE40): "si el defensor decide aceptar la batalla, el atacante
    puede luchar o bloquear si no hay ninguna nave enemiga presente no-asediada": at TROEZEN the
    Spartan navy retreats and the Athenian navy blockades the Spartan hoplite standing outside: it
    stands apart (no land block attacks it), the sea is Athens's, no battle is due there, the city
    gives no PP, the hoplite rolls as blockaded (5+) at the end of Sparta's turn and the navy 4+ at
    the end of Athens's."""
    from polemos.games.athens_sparta.attrition import siege_attrition
    from polemos.games.athens_sparta.combat import battle_hexes
    from polemos.games.athens_sparta.common import update_control
    from polemos.games.athens_sparta.replacement import besieged_or_blockaded

    s = board()
    place(s, "SPA-HOP-8", "TROEZEN", 3)
    place(s, "SPA-NAV-3", "TROEZEN", 2)
    nav = place(s, "ATH-NAV-1", "TROEZEN", 4)
    at_phase(s, ATHENS, "combat")
    script_dice(s, [6] * 40)
    act(s, "athens", "battle TROEZEN")
    play(s, ["engage", "pass", "retreat GYTHEUM", "blockade"])
    while s.battle is not None and s.pending is not None:
        legal = s.legal_actions(role_of(s))
        play(s, ["pass" if "pass" in legal else ("done" if "done" in legal else legal[0])])
    h = hex_of(s, "TROEZEN")
    assert s.battle is None and s.patrol == [nav] and s.loc[nav] == h
    assert s.loc[bid(s, "SPA-HOP-8")] == h and s.strength[bid(s, "SPA-HOP-8")] == 3
    assert "1st 6.6: Athens's ATHENS C3 (4) blockades TROEZEN." in log_text(s)
    update_control(s)
    assert s.sctrl[h] == ATHENS and s.city_owner[s.comp.board.city_index["TROEZEN"]] == SPARTA
    assert h not in battle_hexes(s, SPARTA)[0] and h not in battle_hexes(s, ATHENS)[0]
    assert besieged_or_blockaded(s, h)
    assert "ATH-NAV-1" in _faces(s, "sparta")
    s.log = []
    siege_attrition(s, SPARTA)
    assert "1st 6.6 blockade attrition at TROEZEN (Sparta, blockaded, 5+)" in log_text(s)
    s.log = []
    siege_attrition(s, ATHENS)
    assert "1st 6.6 blockade attrition at TROEZEN (Athens, blockader, 4+)" in log_text(s)


def test_ed1_6_6_land_blocks_cannot_attack_blockading_navies() -> None:
    """1st 6.6: "los bloques terrestres no pueden atacar a las naves que bloquean": Spartan armies
    coming to TROEZEN find no battle with the Athenian navy blockading it; a Spartan navy does."""
    from polemos.games.athens_sparta.combat import battle_hexes

    s = board()
    h = hex_of(s, "TROEZEN")
    place(s, "SPA-HOP-8", "TROEZEN", 3)
    s.patrol = [place(s, "ATH-NAV-1", "TROEZEN", 4)]
    place(s, "SPA-HOP-7", "TROEZEN", 3)
    at_phase(s, SPARTA, "combat")
    assert h not in battle_hexes(s, SPARTA)[0]
    place(s, "SPA-NAV-3", "TROEZEN", 2)
    at_phase(s, SPARTA, "combat")
    assert h in battle_hexes(s, SPARTA)[0]
    act(s, "sparta", "battle TROEZEN")
    assert s.patrol == []  # it defends in the naval battle: the blockade is broken or holds by combat


def test_ed1_6_3_naupactus_the_navy_attacks_the_walls_instead() -> None:
    """1st 6.3 example, round 2, 4: the Athenian navy's other choice, coastal combat against the
    Spartans who now hold NAUPACTUS with double defence: a storm from the sea at C1 (6.2, 6.22,
    RULINGS FE41): rolls 1 1 6 are two hits at C1, two half-hits, one step."""
    s = _naupactus()
    script_dice(s, [2, 4, 6, 1, 3, 5, 2, 5, 6, 1, 3, 6,  # round 1, as the example
                    2, 5, 6, 1, 2, 6,  # round 2, as the example
                    1, 1, 6] + [6] * 10)  # the Athenian navy at C1
    act(s, "sparta", "battle NAUPACTUS")
    play(s, ["engage", "fire", "fire", "fire", "fire", "retreat CORINTH", "withdraw", "storm", "storm"])
    play(s, ["coastal"])
    if s.pending is not None and s.pending["kind"] == "hit":
        play(s, ["hit SPA-HOP-7"])
    text = log_text(s)
    assert "attacks the walls of NAUPACTUS from the sea" in text and "RESERVE C3 (3) fires: 1 1 6 — 2 hits" in text
    assert s.strength[bid(s, "SPA-HOP-7")] + s.strength[bid(s, "SPA-RES-3")] == 5
    while s.battle is not None and s.pending is not None:
        legal = s.legal_actions(role_of(s))
        play(s, ["done" if "done" in legal else ("pass" if "pass" in legal else legal[0])])
    assert s.city_owner[s.comp.board.city_index["NAUPACTUS"]] == SPARTA
    assert siege_status(s, hex_of(s, "NAUPACTUS"))[1]  # the navy outside the walls: a blockade


# ============================================================================ worked examples the editions share
def test_ed1_2_12_and_5_2_fire_examples() -> None:
    """1st 2.12: "un bloque B1 impacta con 1s, un B3 con 1, 2 y 3"; 1st 5.2: "un Hoplita con fuerza 4
    ... B3 ... si las tiradas son 1, 2, 4 y 5, el Hoplita anota dos impactos y dos fallos"."""
    s = board()
    set_owner(s, "PLATAEA", ATHENS)
    place(s, "ATH-RES-2", "PLATAEA", 3)  # B2 defender, fires first: misses
    place(s, "SPA-RES-1", "PLATAEA", 4, came_from="THEBES")  # B3 hoplite 4
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6, 6, 6, 1, 2, 4, 5] + [6] * 20)
    act(s, "sparta", "battle PLATAEA")
    play(s, ["engage", "fire", "fire"])
    assert "Sparta RESERVE B3 (4) fires: 1 2 4 5 — 2 hits" in log_text(s)
    assert s.strength[bid(s, "ATH-RES-2")] == 1


def test_ed1_4_3_three_mp_example() -> None:
    """1st 4.3 example: with 3 MP Sparta moves two hoplites from SPARTA to CORINTH and the GYTHEUM navy
    to the ATHENS hex (a naval attack on an enemy port, 1st 6.3, FE6)."""
    s = board()
    place(s, "SPA-HOP-1", "SPARTA")
    place(s, "SPA-HOP-3", "SPARTA")
    place(s, "SPA-NAV-1", "GYTHEUM")
    at_phase(s, SPARTA, "move", 3)
    for block, hexes in (("SPA-HOP-1", ("ARGOS", "CORINTH")), ("SPA-HOP-3", ("ARGOS", "CORINTH")),
                         ("SPA-NAV-1", ("0911", "TROEZEN", "AEGINA", "ATHENS"))):
        act(s, "sparta", "op " + block)
        for h in hexes:
            act(s, "sparta", "to " + h)
        if s.moving >= 0:
            act(s, "sparta", "stop")
    assert s.mp == 0
    assert s.loc[bid(s, "SPA-HOP-1")] == s.loc[bid(s, "SPA-HOP-3")] == hex_of(s, "CORINTH")
    assert s.loc[bid(s, "SPA-NAV-1")] == hex_of(s, "ATHENS")


def test_ed1_earthquake_cancels_all_but_attrition_player_1_first() -> None:
    """1st sidebar "Terremotos" (RULINGS FE36): the Game Turn is cancelled for both; Player 1 rolls its
    siege attrition first, and Player 2 does not roll for a siege Player 1's roll ended."""
    s = board()
    a = place(s, "ATH-HOP-5", "PLATAEA", 1, inside=True)  # besieged: half siege, 5+
    place(s, "SPA-HOP-6", "PLATAEA", 4)
    place(s, "ATH-HOP-2", "MEGARA", 3)
    place(s, "SPA-HOP-8", "MEGARA", 3, inside=True)  # besieged by Athens
    cards = s.comp.cards
    quake = next(c for c, card in enumerate(cards) if card.event == "earthquake")
    other = next(c for c, card in enumerate(cards) if card.mp == 1 and not card.event)
    s.hands = [[quake], [other]]
    act(s, "athens", "play " + cards[quake].id)
    script_dice(s, [6, 5])  # Athens (Player 1: the event) rolls first: PLATAEA 6 (5+), MEGARA 5 (4+)
    act(s, "sparta", "play " + cards[other].id)
    lines = [t for _, t in s.log if t.startswith("6.0 Siege Attrition")]
    assert s.p1 == ATHENS and len(lines) >= 3
    assert "(Athens" in lines[0] and "(Athens" in lines[1]
    assert s.loc[a] == POOL  # the siege of PLATAEA ended with the Athenian roll
    assert not any("PLATAEA (Sparta" in t for t in lines) and any("MEGARA (Sparta" in t for t in lines)


def test_ed1_9_4_rhodes_navy_converts_and_returns() -> None:
    """1st 9.4: Sparta takes RHODES: its navy becomes the Spartan RHODES navy at the same strength,
    and converts back when Athens retakes the city."""
    from polemos.games.athens_sparta.common import change_city_owner

    s = board()
    anav = place(s, "ATH-NAV-8", "ATHENS", 2)
    c = s.comp.board.city_index["RHODES"]
    change_city_owner(s, c, SPARTA)
    snav = bid(s, "SPA-NAV-RHODES")
    assert s.loc[snav] == hex_of(s, "RHODES") and s.strength[snav] == 2 and s.loc[anav] == POOL
    change_city_owner(s, c, ATHENS)
    assert s.loc[anav] == hex_of(s, "RHODES") and s.strength[anav] == 2 and s.loc[snav] == POOL


# ============================================================================ records (issue 13)
def test_ed1_replay_refuses_a_record_whose_rules_and_options_disagree() -> None:
    """A record names the rules it was played by: a first-edition record stripped of its option, or a
    current-edition record that claims the first edition, does not replay (RecordError)."""
    import polemos
    from polemos.core.errors import RecordError
    from polemos.games.athens_sparta.model import RULES_FIRST

    g = polemos.game("athens-and-sparta")
    rec = g.new(5, options=FIRST).record()
    again = polemos.replay(rec)
    assert isinstance(again, AthensSpartaState) and again.ed1
    for bad in ({**rec, "options": {}}, {**g.new(5).record(), "rules": RULES_FIRST}):
        try:
            polemos.replay(bad)
        except RecordError as exc:
            assert "rules" in str(exc)
        else:
            raise AssertionError("a record whose rules and options disagree replayed")


def test_ed1_6_6_islands_follow_the_first_editions_definition() -> None:
    """1st 6.6 and its "Islas" sidebar (RULINGS FE28): six sea hexsides (NAXOS, CYTHERA), or every
    land neighbour across a strait (CORCYRA, LEUCAS): on the bundled map the same set as the current
    6.1."""
    from polemos.games.athens_sparta.attrition import is_island

    s = board()
    islands = {c.name for c in s.comp.board.cities if is_island(s, c.hex)}
    assert islands == {"NAXOS", "CYTHERA", "LEMNOS", "MELOS", "CORCYRA", "LEUCAS", "CHIOS", "MYTILENE", "RHODES",
                       "SAMOS", "AEGINA", "SKYROS", "THASOS", "CEPHALLENIA", "ZACYNTHUS", "COS", "DELOS"}
    current = board(None)
    assert islands == {c.name for c in current.comp.board.cities if is_island(current, c.hex)}


def test_ed1_5_3_a_storming_block_may_retreat_out_of_the_hex() -> None:
    """1st 5.3, 5.54 (RULINGS FE9): on a later combat turn a storming block may, instead of firing,
    fall back to the siege lines or retreat out of the hex by the hexside it attacked through."""
    s = board()
    place(s, "ATH-HOP-10", "AMPHIPOLIS", 3)
    spa = place(s, "SPA-HOP-1", "AMPHIPOLIS", 4, came_from="1102")
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6] * 20)
    act(s, "sparta", "battle AMPHIPOLIS")
    play(s, ["withdraw ATH-HOP-10", "engage", "storm"])
    assert "Round 2" in log_text(s)
    legal = s.legal_actions("sparta")
    assert s.pending is not None and s.pending["block"] == spa
    assert {"fire", "retreat", "retreat 1102"} <= set(legal)
    play(s, ["retreat 1102"])
    assert s.loc[spa] == hex_of(s, "1102")
