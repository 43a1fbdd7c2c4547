"""Rule tests for the Card Phase of Athens & Sparta ([1] Card Phase, Player 1 order, 4.6 events,
the Mulligan sidebar) and the length of an Olympiad (RULINGS R1).

Hands are set by hand (``s.hands``) so that each test plays known cards.
"""

from __future__ import annotations

from polemos import script_dice
from polemos.games.athens_sparta import rules
from polemos.games.athens_sparta.model import ATHENS, SPARTA
from polemos.games.athens_sparta.state import PH_CARD, PH_MOVE, PH_MULLIGAN, PH_REPLACE, AthensSpartaState

from .helpers import act, bid, capitals_board, game, hex_of, log_text, place

S = AthensSpartaState


def card(s: S, cid: str) -> int:
    return next(c for c, x in enumerate(s.comp.cards) if x.id == cid)


def plain(s: S, mp: int, skip: int = 0) -> str:
    """The id of a card of ``mp`` MP without an event (the ``skip``-th one)."""
    ids = [x.id for x in s.comp.cards if x.mp == mp and not x.event]
    return ids[skip]


def event_card(s: S, event: str, skip: int = 0) -> str:
    return [x.id for x in s.comp.cards if x.event == event][skip]


def deal(s: S, athens: list[str], sparta: list[str]) -> None:
    s.hands = [[card(s, c) for c in athens], [card(s, c) for c in sparta]]


def play(s: S, athens: str, sparta: str) -> None:
    act(s, "athens", "play " + athens)
    act(s, "sparta", "play " + sparta)


def board(seed: int = 1) -> S:
    return capitals_board(None, seed)


# ============================================================================ [1] Card Phase
def test_1_six_cards_dealt_to_each_player_from_25() -> None:
    """[1]: the 25 cards are shuffled and six are dealt face-down to each player each Olympiad."""
    s = game().new(7)
    assert len(s.comp.cards) == 25
    assert s.phase in (PH_CARD, PH_MULLIGAN) and len(s.hands[ATHENS]) == 6 and len(s.hands[SPARTA]) == 6
    assert len(s.deck) == 13 and not set(s.hands[ATHENS]) & set(s.hands[SPARTA])
    if s.phase == PH_CARD:
        assert set(s.active_roles()) == {"athens", "sparta"}  # both play at once
        assert {a[5:] for a in s.legal_actions("athens")} == {s.comp.cards[c].id for c in s.hands[ATHENS]}
    # the opponent's hand is never shown
    assert "hand" not in s.view(None) and s.view("sparta")["hand_sizes"]["athens"] == 6


def test_1_cards_are_played_face_down_then_revealed() -> None:
    """[1]: both players play one card face-down; the cards are then revealed."""
    s = board()
    a5, s3 = plain(s, 5), plain(s, 3)
    deal(s, [a5, plain(s, 1)], [s3, plain(s, 1, 1)])
    act(s, "athens", "play " + a5)
    assert "athens" not in s.view("sparta")["played"]  # face-down
    assert s.view("athens")["played"]["athens"]["id"] == a5
    assert s.legal_actions("athens") == [] and s.active_roles() == ("sparta",)
    act(s, "sparta", "play " + s3)
    view = s.view("sparta")
    assert view["played"]["athens"]["mp"] == 5 and view["played"]["sparta"]["mp"] == 3
    assert "Cards revealed: Athens 5, Sparta 3." in log_text(s)


def test_1_higher_card_is_player_1_and_its_value_is_the_mps() -> None:
    """[1]/4.0: the player with the higher card is Player 1; card values are the MPs allowed."""
    s = board()
    deal(s, [plain(s, 5), plain(s, 1)], [plain(s, 3), plain(s, 1, 1)])
    play(s, plain(s, 5), plain(s, 3))
    assert s.p1 == ATHENS
    assert "Athens is Player 1: higher card ([1])." in log_text(s)
    assert s.phase == PH_MOVE and s.pending == {"kind": "move", "side": ATHENS} and s.mp == 5
    act(s, "athens", "end")
    assert s.pending == {"kind": "move", "side": SPARTA} and s.mp == 3  # Player 2 Turn


def test_1_sparta_is_player_1_on_ties() -> None:
    """[1]: the Spartan is Player 1 on ties."""
    s = board()
    deal(s, [plain(s, 4), plain(s, 1)], [plain(s, 4, 1), plain(s, 1, 1)])
    play(s, plain(s, 4), plain(s, 4, 1))
    assert s.p1 == SPARTA
    assert "Sparta is Player 1: Sparta is Player 1 on ties ([1])." in log_text(s)
    assert s.pending == {"kind": "move", "side": SPARTA}


def test_4_6_event_card_has_priority_over_a_higher_card() -> None:
    """4.6 example: a 5 against a 2/Storm: the Storm card, having an event, is played first."""
    s = board()
    storm = event_card(s, "storm")
    deal(s, [storm, plain(s, 1)], [plain(s, 5), plain(s, 1, 1)])
    play(s, storm, plain(s, 5))
    assert s.p1 == ATHENS
    assert "its event card has priority (4.6)" in log_text(s)
    assert s.pending == {"kind": "move", "side": ATHENS} and s.mp == 2


def test_4_6_two_event_cards_higher_mp_first_sparta_on_ties() -> None:
    """4.6 (first edition): with two event cards the higher MP goes first, Sparta on ties."""
    s = board()
    betrayal, storm = event_card(s, "betrayal"), event_card(s, "storm")
    deal(s, [storm, plain(s, 1)], [betrayal, plain(s, 1, 1)])
    play(s, storm, betrayal)
    assert s.p1 == SPARTA  # 3/Betrayal beats 2/Storm
    s2 = board()
    levy, sedition = event_card(s2, "levy", 1), event_card(s2, "sedition")  # 2/War Levy, 2/Alcibiades
    assert s2.comp.cards[card(s2, levy)].mp == s2.comp.cards[card(s2, sedition)].mp == 2
    deal(s2, [sedition, plain(s2, 1)], [levy, plain(s2, 1, 1)])
    play(s2, sedition, levy)
    assert s2.p1 == SPARTA
    s3 = board()
    deal(s3, [event_card(s3, "betrayal"), plain(s3, 1)], [storm, plain(s3, 1, 1)])
    play(s3, event_card(s3, "betrayal"), storm)
    assert s3.p1 == ATHENS


# ============================================================================ 4.6 events
def test_4_6_storm_stops_naval_movement_for_both_player_turns() -> None:
    """4.6/R8: Storm: no naval or sea movement for both Player Turns; land moves go on."""
    s = board()
    place(s, "ATH-NAV-1", "ATHENS")
    place(s, "ATH-HOP-2", "ATHENS")
    place(s, "SPA-NAV-2", "CORINTH")
    place(s, "SPA-HOP-4", "CORINTH")
    storm = event_card(s, "storm")
    deal(s, [plain(s, 5), plain(s, 1)], [storm, plain(s, 1, 1)])
    play(s, plain(s, 5), storm)
    assert s.storm and "Storm (4.6)" in log_text(s)
    for role, navy, army in (("sparta", "SPA-NAV-2", "SPA-HOP-4"), ("athens", "ATH-NAV-1", "ATH-HOP-2")):
        legal = s.legal_actions(role)
        assert f"op {navy}" not in legal and f"sea {navy}" not in legal, role
        assert f"sea {army}" not in legal, role
        assert f"op {army}" in legal, role  # "The 2 allows normal land movement"
        act(s, role, "end")


def test_4_6_earthquake_cancels_the_game_turn_except_siege_attrition() -> None:
    """4.6 sidebar: an Earthquake cancels the Game Turn for both players except Siege Attrition."""
    s = board()
    quake = event_card(s, "earthquake")
    deal(s, [plain(s, 5), plain(s, 1)], [quake, plain(s, 1, 1)])
    play(s, plain(s, 5), quake)
    assert "Earthquake (4.6): the Game Turn is cancelled" in log_text(s)
    assert "Player Turn" not in log_text(s)
    # straight on to the next Game Turn's Card Phase
    assert s.phase == PH_CARD and s.turn == 2 and s.pending is not None and s.pending["kind"] == "card"


def test_4_6_betrayal_storming_defenders_lose_double_defence_for_both_rounds() -> None:
    """4.6 Q&A: Betrayal: stormed defenders lose double defence for both rounds."""
    s = board()
    a = place(s, "ATH-HOP-2", "PLATAEA", 3, inside=True)
    place(s, "SPA-HOP-6", "PLATAEA", 4)
    betrayal = event_card(s, "betrayal")
    deal(s, [plain(s, 1), plain(s, 2)], [betrayal, plain(s, 1, 1)])
    play(s, plain(s, 1), betrayal)
    assert "Betrayal" in log_text(s)
    act(s, "sparta", "end")
    script_dice(s, [6, 6, 6, 1, 6, 6, 6])  # round 1: the defender misses, the stormer hits once
    act(s, "sparta", "storm PLATAEA armies")
    assert s.strength[a] == 2 and not s.halfhit[a]  # a full step for one hit
    script_dice(s, [6, 6, 1, 6, 6, 6])  # round 2: again a full step
    act(s, "sparta", "fire")
    assert s.strength[a] == 1
    assert "half-hit" not in log_text(s)


def test_4_6_events_are_played_before_any_normal_moves() -> None:
    """4.6: an event is played before any normal moves on that card (War Levy, then 2 MP)."""
    s = board()
    hop = place(s, "ATH-HOP-2", "ATHENS", 1)
    levy = next(x.id for x in s.comp.cards if x.event == "levy" and x.amount == 2)
    deal(s, [levy, plain(s, 1)], [plain(s, 1, 1), plain(s, 2)])
    play(s, levy, plain(s, 1, 1))
    assert s.p1 == ATHENS
    assert s.pending == {"kind": "levy", "side": ATHENS}
    assert "add ATH-HOP-2" in s.legal_actions("athens")
    act(s, "athens", "add ATH-HOP-2")  # a hoplite step costs the 2 BP (8.4)
    assert s.strength[hop] == 2
    assert s.legal_actions("athens") == ["done"]  # ended by its player (RULINGS R28)
    act(s, "athens", "done")
    assert s.pending == {"kind": "move", "side": ATHENS} and s.mp == 2


def test_4_6_sedition_first_revolt_steps_cost_no_mp() -> None:
    """4.6 Alcibiades (designed event, cards.toml): this Player Turn the first 2 Revolt Steps cost no MP."""
    s = board()
    sedition = next(x.id for x in s.comp.cards if x.event == "sedition" and x.mp == 2)
    deal(s, [sedition, plain(s, 1)], [plain(s, 1, 1), plain(s, 2)])
    play(s, sedition, plain(s, 1, 1))
    assert s.pending == {"kind": "move", "side": ATHENS} and s.mp == 2
    act(s, "athens", "revolt MEGARA")
    act(s, "athens", "revolt MEGARA")
    demos = bid(s, "ATH-DEMOS")
    assert s.strength[demos] == 2 and s.mp == 2
    act(s, "athens", "revolt MEGARA")
    assert s.strength[demos] == 3 and s.mp == 1


def test_4_6_plague_every_block_in_athens_rolls_5_plus() -> None:
    """4.6 Plague (cards.toml): every block in ATHENS rolls; each 5+ hits the strongest there."""
    s = board()
    a1 = bid(s, "ATH-HOP-1")
    a2 = place(s, "ATH-HOP-2", "ATHENS", 2)
    plague = event_card(s, "plague")
    deal(s, [plain(s, 3), plain(s, 1)], [plague, plain(s, 1, 1)])
    act(s, "athens", "play " + plain(s, 3))
    script_dice(s, [5, 4])
    act(s, "sparta", "play " + plague)
    assert "Plague in ATHENS (Athens, 5+): 5 4 — 1 hit." in log_text(s)
    # the hit falls on the strongest; Athens places it herself, her blocks being hidden (RULINGS R31)
    assert s.legal_actions("athens") == ["hit ATH-HOP-1"]
    act(s, "athens", "hit ATH-HOP-1")
    assert s.strength[a1] == 3 and s.strength[a2] == 2
    assert s.pending == {"kind": "move", "side": SPARTA}  # then the card's MP (the event went first)


# ============================================================================ Mulligan
def _mulligan_position(athens_mp: list[int], sparta_mp: list[int]) -> S:
    s = board()
    pool = list(range(len(s.comp.cards)))
    hands: list[list[int]] = [[], []]
    for side, values in ((ATHENS, athens_mp), (SPARTA, sparta_mp)):
        for v in values:
            c = next(c for c in pool if s.comp.cards[c].mp == v)
            pool.remove(c)
            hands[side].append(c)
    s.hands = hands
    s.deck = pool
    s.mulligan = [False, False]
    s.pending = None
    s.tasks = [["mulligan"]]
    rules.advance(s)
    return s


def test_r25_mulligan_both_players_are_asked_every_olympiad_whatever_their_hands() -> None:
    """Mulligan/R25: both players answer at once every Olympiad, so being asked tells nothing: the
    phase, who acts, the prompts others see and the log are the same whether a hand is under 10 MP
    or not; only the asked player's own prompt says why."""
    poor = _mulligan_position([1, 1, 1, 2, 2, 2], [5, 5, 4, 4, 3, 3])
    rich = _mulligan_position([5, 5, 4, 4, 3, 3], [1, 1, 1, 2, 2, 2])
    for s in (poor, rich):
        assert s.phase == PH_MULLIGAN and s.active_roles() == ("athens", "sparta")
    assert set(poor.legal_actions("athens")) == {"keep", "mulligan"}
    assert poor.legal_actions("sparta") == ["keep"]
    assert rich.legal_actions("athens") == ["keep"]
    assert "under 10" in poor.view("athens")["prompt"] and "9 MP" in poor.view("athens")["prompt"]
    assert "keep it" in poor.view("sparta")["prompt"]
    # what Sparta sees of Athens's question does not depend on Athens's hand
    for role in ("sparta", None):
        v_poor, v_rich = poor.view(role), rich.view(role)
        for key in ("phase", "to_act", "log"):
            assert v_poor[key] == v_rich[key], (role, key)
        assert v_poor["prompt"] == "Waiting for Athens and Sparta." or role == "sparta"


def test_r25_mulligan_answers_stay_secret_until_both_have_answered() -> None:
    """R25: like a card played face-down, the first answer is not shown to the opponent; when both
    have answered, a player who asked a Mulligan shows his cards (the sidebar)."""
    s = _mulligan_position([1, 1, 1, 2, 2, 2], [5, 5, 4, 4, 3, 3])
    before = s.view("sparta")
    act(s, "athens", "mulligan")
    after = s.view("sparta")
    assert after["log"] == before["log"] and after["hand_sizes"] == before["hand_sizes"]
    assert s.active_roles() == ("sparta",)
    assert "You will show your hand" in "\n".join(s.view("athens")["log"])
    old = list(s.hands[ATHENS])
    act(s, "sparta", "keep")
    assert "Athens shows a hand of 9 MP (" in log_text(s)
    assert "Sparta keeps its hand (Mulligan)." in log_text(s)
    assert len(s.hands[ATHENS]) == 6 and len(s.deck) == 13  # the old hand went back into the deck
    assert all(c not in s.hands[SPARTA] for c in old)
    # Mulligan sidebar: "The opponent may keep his cards or not"
    assert s.active_roles() == ("sparta",) and set(s.legal_actions("sparta")) == {"keep", "redeal"}
    sparta_hand = list(s.hands[SPARTA])
    act(s, "sparta", "keep")
    assert s.hands[SPARTA] == sparta_hand
    assert s.pending is not None and s.pending["kind"] == "card"


def test_r25_mulligan_opponent_may_take_a_new_hand_too() -> None:
    """Mulligan sidebar: after a re-deal the opponent may keep his cards or not."""
    s = _mulligan_position([1, 1, 1, 2, 2, 2], [5, 5, 4, 4, 3, 3])
    act(s, "sparta", "keep")
    act(s, "athens", "mulligan")
    act(s, "sparta", "redeal")
    assert "Sparta also takes a new hand (Mulligan)." in log_text(s)
    assert len(s.hands[SPARTA]) == 6 and len(s.hands[ATHENS]) == 6
    assert not set(s.hands[ATHENS]) & set(s.hands[SPARTA])
    assert s.pending is not None and s.pending["kind"] == "card"


def test_r25_mulligan_both_may_ask_at_once_and_no_further_question() -> None:
    """R25: when both asked a Mulligan, both show their cards and both take new hands; nobody is
    asked again this Olympiad, whatever the new hands are worth (one per Olympiad)."""
    s = _mulligan_position([1, 1, 1, 2, 2, 2], [1, 1, 1, 2, 2, 2])
    act(s, "athens", "mulligan")
    act(s, "sparta", "mulligan")
    text = log_text(s)
    assert "Athens shows a hand of 9 MP" in text and "Sparta shows a hand of 9 MP" in text
    assert len(s.hands[ATHENS]) == len(s.hands[SPARTA]) == 6 and len(s.deck) == 13
    assert not set(s.hands[ATHENS]) & set(s.hands[SPARTA])
    assert s.pending is not None and s.pending["kind"] == "card"


def test_r25_mulligan_nobody_asks_and_the_card_phase_begins() -> None:
    s = _mulligan_position([1, 1, 1, 2, 2, 2], [5, 5, 4, 4, 3, 3])
    act(s, "athens", "keep")
    act(s, "sparta", "keep")
    assert "Mulligan: both players keep their hands." in log_text(s)
    assert s.pending is not None and s.pending["kind"] == "card"
    assert "shows a hand" not in log_text(s)


def test_mulligan_counts_event_cards_and_needs_under_10() -> None:
    """Mulligan sidebar: a hand totalling less than 10 MPs (including Event Cards) is a mulligan; 10 is not."""
    s = _mulligan_position([1, 1, 2, 2, 2, 2], [5, 5, 4, 4, 3, 3])
    assert s.legal_actions("athens") == ["keep"]  # exactly 10: no mulligan
    s2 = board()
    s2.hands = [[card(s2, event_card(s2, "earthquake")), card(s2, event_card(s2, "plague")),
                 card(s2, plain(s2, 1)), card(s2, plain(s2, 2)), card(s2, plain(s2, 2, 1)),
                 card(s2, plain(s2, 1, 1))], [card(s2, plain(s2, 5)), card(s2, plain(s2, 5, 1)),
                                              card(s2, plain(s2, 4)), card(s2, plain(s2, 4, 1)),
                                              card(s2, plain(s2, 3)), card(s2, plain(s2, 3, 1))]]
    s2.pending = None
    s2.tasks = [["mulligan"]]
    rules.advance(s2)
    assert rules.hand_mp(s2, ATHENS) == 8
    assert set(s2.legal_actions("athens")) == {"keep", "mulligan"}


def test_r25_syracuse_points_cards_come_from_the_hand_after_the_mulligan() -> None:
    """R25 and the SYRACUSE Points option: the Mulligan is asked of the six dealt cards, then each
    player allocates one card of his final hand at Sicily; both keep five cards."""
    s = game().new(3, options={"syracuse_points": True})
    assert s.pending is not None and s.pending["kind"] == "mulligan"
    s.hands = [[], []]
    s.deck = list(range(len(s.comp.cards)))
    low = [c for c in s.deck if s.comp.cards[c].mp <= 2][:6]
    for c in low:
        s.deck.remove(c)
    s.hands[ATHENS] = low
    s.hands[SPARTA] = [s.deck.pop() for _ in range(6)]
    s.reset_caches()
    assert "mulligan" in s.legal_actions("athens")
    act(s, "athens", "mulligan")
    act(s, "sparta", "keep")
    act(s, "sparta", "keep")  # the opponent keeps his cards
    assert s.pending is not None and s.pending["kind"] == "sicily"
    for role in ("athens", "sparta"):
        act(s, role, s.legal_actions(role)[0])
    assert len(s.hands[ATHENS]) == len(s.hands[SPARTA]) == 5
    assert s.pending is not None and s.pending["kind"] == "card"


# ============================================================================ Olympiads
def test_r1_an_olympiad_is_six_game_turns_then_victory_check_and_replacements() -> None:
    """Game Turns/R1: six Game Turns per Olympiad, then Victory Check, Replacements, a new deal."""
    s = board()
    s.hands = [sorted(s.hands[ATHENS]), sorted(s.hands[SPARTA])]
    seen_turns = []
    while s.phase != PH_REPLACE:
        p = s.pending
        assert p is not None
        if p["kind"] == "card":
            seen_turns.append(s.turn)
            act(s, "athens", s.legal_actions("athens")[0])
            act(s, "sparta", s.legal_actions("sparta")[0])
        elif p["kind"] == "mulligan":
            for role in s.active_roles():
                act(s, role, "keep")
        else:
            role = "athens" if p.get("side") == ATHENS else "sparta"
            legal = s.legal_actions(role)
            act(s, role, "end" if "end" in legal else "done" if "done" in legal else legal[0])
    assert seen_turns == [1, 2, 3, 4, 5, 6]
    assert "10.2 Victory Check after Olympiad 84" in log_text(s)
    act(s, "athens", "done")
    act(s, "sparta", "done")
    assert s.olympiad == 85 and s.turn == 1
    assert len(s.hands[ATHENS]) == 6 and len(s.hands[SPARTA]) == 6
    assert s.loc[bid(s, "ATH-HOP-1")] == hex_of(s, "ATHENS")
