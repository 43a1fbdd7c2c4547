"""Rule tests for victory in Athens & Sparta (10.1 sudden death, 10.2 city points, 10.3 tourney
bidding, 9.3 MILETUS, the SYRACUSE Points option and RULINGS R1/R3)."""

from __future__ import annotations

from polemos.games.athens_sparta import rules
from polemos.games.athens_sparta.model import ATHENS, SPARTA
from polemos.games.athens_sparta.state import PH_CARD, PH_MULLIGAN, PH_REPLACE, AthensSpartaState
from polemos.games.athens_sparta.victory import points

from .helpers import act, after_first_mulligan, at_phase, bid, empty_board, game, garrison, log_text, place, set_owner

S = AthensSpartaState


def end_of_olympiad(s: S, olympiad: int = 84) -> None:
    """Run the end of Olympiad ``olympiad``: the Victory Check (10.0), then replacements."""
    from polemos.games.athens_sparta.common import update_control

    update_control(s)
    s.olympiad = olympiad
    s.pending = None
    s.tasks = [["olympiad_end"]]
    rules.advance(s)


def end_of_game_turn_as_player_2(s: S, side: int) -> None:
    """``side`` is Player 2 and ends its Combat Phase: its turn and the Game Turn end."""
    at_phase(s, side, "combat")
    s.tasks = [["gameturn_end"], ["turn_end", side], ["attrition", side]]
    act(s, "athens" if side == ATHENS else "sparta", "end")


# ============================================================================ 10.1 sudden death
def test_10_1_athens_occupied_at_the_end_of_a_game_turn_ends_the_game() -> None:
    """10.1: ATHENS occupied by enemy blocks at the end of a Game Turn: the game ends at once."""
    s = empty_board()
    place(s, "SPA-HOP-1", "SPARTA")
    place(s, "SPA-HOP-2", "ATHENS")
    end_of_game_turn_as_player_2(s, ATHENS)
    out = s.outcome()
    assert out is not None and out.winner == "sparta"
    assert "10.1 Sudden Death: ATHENS is occupied; Sparta wins." in log_text(s)
    assert s.legal_actions("athens") == [] and s.legal_actions("sparta") == []


def test_10_1_sparta_occupied_at_the_end_of_a_game_turn_ends_the_game() -> None:
    """10.1: if SPARTA is occupied by enemy blocks at the end of any Game Turn, Athens wins."""
    s = empty_board()
    place(s, "ATH-HOP-1", "ATHENS")
    place(s, "ATH-HOP-2", "SPARTA")
    end_of_game_turn_as_player_2(s, SPARTA)
    out = s.outcome()
    assert out is not None and out.winner == "athens"


def test_10_1_only_at_the_end_of_the_game_turn() -> None:
    """10.1: the check is made at the end of the Game Turn, not at the end of Player 1's turn."""
    s = empty_board()
    place(s, "SPA-HOP-1", "SPARTA")
    place(s, "SPA-HOP-2", "ATHENS")
    at_phase(s, SPARTA, "combat")  # Sparta is Player 1
    act(s, "sparta", "end")
    assert s.outcome() is None
    assert s.pending == {"kind": "move", "side": ATHENS}  # Athens may still throw them out


def test_10_1_siege_of_athens_is_not_occupation() -> None:
    """10.1/R3: a siege of ATHENS is not an occupation."""
    s = empty_board()
    place(s, "SPA-HOP-1", "SPARTA")
    place(s, "ATH-HOP-1", "ATHENS", inside=True)
    place(s, "SPA-HOP-2", "ATHENS")
    place(s, "SPA-NAV-2", "ATHENS")
    end_of_game_turn_as_player_2(s, ATHENS)
    assert s.outcome() is None


# ============================================================================ 10.2 city points
def test_10_2_opening_city_points_athens_19_sparta_18() -> None:
    """10.2 and sidebar: Athens starts with 19 city points, Sparta with 18."""
    s = game().new(5)
    assert points(s) == (19, 18)
    assert s.view("athens")["points"] == {"athens": 19, "sparta": 18}


def test_10_2_thirty_points_after_an_olympiad_wins() -> None:
    """10.2: after an Olympiad a player controlling 30+ city points wins."""
    s = empty_board()
    garrison(s)
    base = points(s)[SPARTA]
    for city in ("MILETUS", "CHIOS", "MYTILENE", "CORCYRA", "SAMOS", "NAXOS"):  # 2+2+2+2+1+1
        set_owner(s, city, SPARTA)
    for city in ("AMPHIPOLIS", "BYZANTIUM", "CHALCIS", "ABYDOS")[:30 - base - 10]:
        set_owner(s, city, SPARTA)
    assert points(s)[SPARTA] == 30
    end_of_olympiad(s, 85)
    out = s.outcome()
    assert out is not None and out.winner == "sparta"
    assert "30 city points after Olympiad 85 (10.2)" in out.reason


def test_10_2_twenty_nine_points_is_not_enough() -> None:
    """10.2: a player must control 30+ points; below that the game goes on to replacements."""
    s = empty_board()
    garrison(s)
    base = points(s)[SPARTA]
    for city in ("MILETUS", "CHIOS", "MYTILENE", "CORCYRA", "SAMOS", "NAXOS"):
        set_owner(s, city, SPARTA)
    for city in ("AMPHIPOLIS", "BYZANTIUM", "CHALCIS", "ABYDOS")[:29 - base - 10]:
        set_owner(s, city, SPARTA)
    assert points(s)[SPARTA] == 29
    end_of_olympiad(s, 85)
    assert s.outcome() is None
    assert s.pending is not None and s.pending["kind"] == "replace"


def test_10_2_besieged_cities_do_not_count() -> None:
    """10.2: only cities that are not besieged and/or blockaded count."""
    s = empty_board()
    garrison(s)
    from polemos.games.athens_sparta.common import update_control

    update_control(s)
    before = points(s)
    place(s, "ATH-HOP-9", "MILETUS", 2, inside=True)
    place(s, "SPA-NAV-3", "MILETUS", 2)
    assert points(s) == (before[ATHENS] - 2, before[SPARTA])


def test_10_2_end_of_olympiad_89_higher_points_win() -> None:
    """10.2/R1: if neither has won by the end of Olympiad 89, the higher city points win."""
    s = empty_board()
    garrison(s)
    set_owner(s, "MEGARA", ATHENS)
    end_of_olympiad(s, 88)
    assert s.outcome() is None  # not yet
    s2 = empty_board()
    garrison(s2)
    set_owner(s2, "MEGARA", ATHENS)
    end_of_olympiad(s2, 89)
    out = s2.outcome()
    assert out is not None and out.winner == "athens"
    s3 = empty_board()
    garrison(s3)
    set_owner(s3, "SAMOS", SPARTA)
    end_of_olympiad(s3, 89)
    out3 = s3.outcome()
    assert out3 is not None and out3.winner == "sparta"


def test_10_2_athens_wins_ties_at_the_end_of_olympiad_89() -> None:
    """10.2: if tied at the end of Olympiad 89, Athens wins."""
    s = empty_board()
    garrison(s)
    from polemos.games.athens_sparta.common import update_control

    update_control(s)
    # with POTIDAEA Spartan and no longer besieged: Athens 20 - 1, Sparta 18 + 1
    assert points(s) == (19, 19)
    end_of_olympiad(s, 89)
    out = s.outcome()
    assert out is not None and out.winner == "athens"
    assert "tie at the end of Olympiad 89: Athens wins (10.2)" in out.reason


def test_10_2_allied_neutral_cities_count() -> None:
    """10.2: the points of controlled cities include (allied) neutral cities."""
    s = empty_board()
    garrison(s)
    before = points(s)
    set_owner(s, "ARGOS", ATHENS)
    set_owner(s, "PELLA", SPARTA)
    assert points(s) == (before[ATHENS] + 2, before[SPARTA] + 2)


def test_9_3_miletus_does_not_count_for_sparta_with_persian_support() -> None:
    """9.3: with Persian support MILETUS's points never count for Sparta's victory."""
    s = empty_board()
    garrison(s)
    set_owner(s, "MILETUS", SPARTA)
    with_miletus = points(s)[SPARTA]
    s.persia = 1
    assert points(s)[SPARTA] == with_miletus - 2
    s.persia = 2  # support ceased: MILETUS, if Sparta held it again, would still not count
    assert points(s)[SPARTA] == with_miletus - 2


# ============================================================================ 10.3 / options
def test_10_3_tourney_bid_removes_steps_at_most_one_per_unit() -> None:
    """10.3: the winning bidder removes that many steps from his starting units, one per unit."""
    s = game().new(2, options={"bid": {"side": "athens", "steps": 3}})
    assert s.pending is not None and s.pending["kind"] == "bid"
    assert s.active_roles() == ("athens",)
    legal = s.legal_actions("athens")
    assert "reduce ATH-HOP-1" in legal and not any("SPA-" in a for a in legal)
    hop = bid(s, "ATH-HOP-1")
    act(s, "athens", "reduce ATH-HOP-1")
    assert s.strength[hop] == 3
    assert "reduce ATH-HOP-1" not in s.legal_actions("athens")  # one step per unit
    act(s, "athens", "reduce ATH-HOP-2")
    act(s, "athens", "reduce ATH-NAV-1")
    assert s.phase in (PH_CARD, PH_MULLIGAN)  # bidding done: the first Card Phase (or a Mulligan)
    assert "10.3 Tourney bidding: Athens removes 3 steps." in log_text(s)


def test_syracuse_points_option_cards_allocated_face_down_sum_is_the_value() -> None:
    """SYRACUSE Points: one card each at Sicily, face-down; their sum is the value; shown when attacked."""
    s = after_first_mulligan(4, {"syracuse_points": True})
    assert s.pending is not None and s.pending["kind"] == "sicily"
    assert set(s.active_roles()) == {"athens", "sparta"}
    a_card = s.legal_actions("athens")[0]
    s_card = s.legal_actions("sparta")[-1]
    act(s, "athens", a_card)
    act(s, "sparta", s_card)
    assert len(s.hands[ATHENS]) == 5 and len(s.hands[SPARTA]) == 5
    value = sum(s.comp.cards[c].mp for c in s.sicily)
    from polemos.games.athens_sparta.replacement import syracuse_value

    assert syracuse_value(s) == value
    assert "sicily" not in s.view("sparta")  # face-down
    assert s.view("athens")["my_sicily_card"]["id"] == a_card.split()[1]
    # an Athenian attack on SYRACUSE reveals them
    s.pending = None
    s.tasks = []
    for b in range(len(s.loc)):
        if s.loc[b] >= 0:
            s.loc[b] = -1
    place(s, "ATH-HOP-1", "ATHENS")
    place(s, "SPA-HOP-1", "SPARTA")
    place(s, "ATH-HOP-6", "CORCYRA")
    at_phase(s, ATHENS, "move", 3)
    act(s, "athens", "sea ATH-HOP-6")
    act(s, "athens", "to SYRACUSE")
    assert s.syracuse_revealed
    assert set(s.view("sparta")["sicily"]) == {"athens", "sparta"}
    assert f"SYRACUSE is worth {value}" in log_text(s)


def test_r1_syracuse_points_option_first_olympiad_has_five_game_turns() -> None:
    """RULINGS R1: with the optional SYRACUSE Points rule the first Olympiad has five Game Turns."""
    s = after_first_mulligan(4, {"syracuse_points": True})
    act(s, "athens", s.legal_actions("athens")[0])
    act(s, "sparta", s.legal_actions("sparta")[0])
    turns = []
    while s.phase != PH_REPLACE and s.outcome() is None:
        p = s.pending
        assert p is not None
        if p["kind"] == "card":
            turns.append(s.turn)
            act(s, "athens", s.legal_actions("athens")[0])
            act(s, "sparta", s.legal_actions("sparta")[0])
        elif p["kind"] == "mulligan":
            for role in s.active_roles():
                act(s, role, "keep")
        else:
            role = s.active_roles()[0]
            legal = s.legal_actions(role)
            act(s, role, "end" if "end" in legal else "done" if "done" in legal else legal[0])
    assert turns == [1, 2, 3, 4, 5]


def test_syracuse_points_cards_stay_at_sicily_for_the_rest_of_the_game() -> None:
    """SYRACUSE Points: the Sicily cards stay face-up for the rest of the game, never dealt again."""
    s = after_first_mulligan(4, {"syracuse_points": True})
    act(s, "athens", s.legal_actions("athens")[0])
    act(s, "sparta", s.legal_actions("sparta")[0])
    sicily = set(s.sicily)
    s.olympiad = 85
    s.pending = None
    s.tasks = [["olympiad"]]
    rules.advance(s)
    dealt = set(s.hands[ATHENS]) | set(s.hands[SPARTA]) | set(s.deck)
    assert not sicily & dealt
