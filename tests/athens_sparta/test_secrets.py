"""Secret decisions of Athens & Sparta leave no public trace (architecture: "Fog of war and
fairness"; issue 8): what the opponent and a spectator see, who is asked to act and the log do not
move on a player's private steps, nor depend on what they cannot see.

The Mulligan (RULINGS R25) is tested with the Card Phase (``test_rules_cards.py``); the fuzzer's
general check of every secret (``polemos.testing.fuzz``, "Secrets") runs in ``test_fuzz.py``.
"""

from __future__ import annotations

import json

from polemos.games.athens_sparta import rules
from polemos.games.athens_sparta.model import ATHENS, SPARTA
from polemos.games.athens_sparta.state import PH_REPLACE, AthensSpartaState

from .helpers import act, after_first_mulligan, bid, hex_of, log_text

S = AthensSpartaState


def public(s: S, role: str) -> str:
    """Everything ``role``'s opponent and a spectator are shown: their views and who acts."""
    other = "sparta" if role == "athens" else "athens"
    return json.dumps([s.view(other), s.view(None), s.active_roles()], sort_keys=True)


def at_replacement(seed: int = 1) -> S:
    """The start position, at the Replacement Phase (8.0): POTIDAEA (Spartan) besieged and
    blockaded by Athens (3.0)."""
    s = after_first_mulligan(seed)
    s.pending = None
    s.tasks = [["replace"]]
    rules.advance(s)
    assert s.phase == PH_REPLACE and s.active_roles() == ("athens", "sparta")
    return s


# ============================================================================ 8.0 Replacement Phase
def test_r26_replacement_steps_are_out_of_the_opponents_sight() -> None:
    """R26: builds, steps added, disbands and Persian support change nothing the other player or a
    spectator sees until both are done; then the new and disbanded blocks are shown at once."""
    s = at_replacement()
    before = public(s, "athens")
    for action in ("build ATH-RES-3 SAMOS", "add ATH-RES-3", "disband ATH-PEL-4", "build ATH-RES-1 NAXOS"):
        act(s, "athens", action)
        assert public(s, "athens") == before, action
    mine = s.view("athens")
    assert {b["id"] for b in mine["blocks"] if "id" in b} >= {"ATH-RES-1", "ATH-RES-3"}  # Athens sees her own
    assert "You build RESERVE in SAMOS (8.3)." in mine["log"]
    act(s, "athens", "done")
    after_done = s.view("sparta")
    assert after_done["to_act"] == ["sparta"] and after_done["log"][-1] == "Athens finishes its Replacement Phase."
    assert after_done["blocks"] == json.loads(before)[0]["blocks"]  # still the board as the phase began
    act(s, "sparta", "done")
    text = log_text(s)
    assert "8.3: Athens builds 2 new blocks in NAXOS, SAMOS." in text
    assert "8.6: Athens disbands 1 block in " in text
    assert "Sparta builds" not in text and "Sparta disbands" not in text
    seen = [(b["owner"], b["location"]) for b in s.view("sparta")["blocks"] if b["owner"] == "athens"]
    assert ("athens", "SAMOS") in seen and ("athens", "NAXOS") in seen
    assert "ATH-RES-1" not in json.dumps(s.view("sparta"))  # shown as blocks, not by identity


def test_r26_a_disband_lifting_a_siege_opens_no_city_until_the_phase_ends() -> None:
    """R26 with 8.1/8.3: the besieged and blockaded cities are those of the start of the phase: the
    Athenian besiegers of POTIDAEA disbanded in secret do not let Sparta build there (which would
    tell her of the disband), and POTIDAEA still gives no BPs this phase."""
    s = at_replacement()
    legal = s.legal_actions("sparta")
    assert not any(a.endswith(" POTIDAEA") for a in legal)
    act(s, "athens", "disband ATH-HOP-4")
    act(s, "athens", "disband ATH-NAV-3")
    assert s.legal_actions("sparta") == legal
    v = s.view("sparta")
    assert next(c for c in v["cities"] if c["name"] == "POTIDAEA")["besieged"]


def test_r26_persian_support_is_announced_when_both_are_done() -> None:
    """R26 and 9.3: Sparta accepts Persian support out of sight; Athens learns of it at the end."""
    s = at_replacement()
    miletus = s.comp.board.city_index["MILETUS"]
    s.city_owner[miletus] = SPARTA
    s.reset_caches()
    assert "persia" in s.legal_actions("sparta")
    before = public(s, "sparta")
    act(s, "sparta", "persia")
    assert public(s, "sparta") == before and s.view("sparta")["persian_support"] == "active"
    act(s, "sparta", "done")
    assert s.view("athens")["persian_support"] == "none"
    act(s, "athens", "done")
    assert s.view("athens")["persian_support"] == "active"
    assert "9.3: Sparta accepts Persian support" in log_text(s)


def test_r26_replacement_round_trips_through_json_mid_phase() -> None:
    s = at_replacement()
    act(s, "athens", "build ATH-RES-1 SAMOS")
    again = s.game.from_json(json.loads(json.dumps(s.to_json())))
    assert isinstance(again, AthensSpartaState)
    assert again.view("sparta") == s.view("sparta") and again.view("athens") == s.view("athens")
    assert again.rp_loc == s.rp_loc and s.loc[bid(s, "ATH-RES-1")] == hex_of(s, "SAMOS")
    assert s.rp_loc[bid(s, "ATH-RES-1")] < 0 and s.owner[bid(s, "ATH-RES-1")] == ATHENS


# ============================================================================ 4.6 levy events
def _levy_turn(strengths: dict[str, int]) -> S:
    """Athens plays a 2 BP War Levy with the given Athenian blocks in ATHENS (the 4.6 test's position)."""
    from .helpers import empty_board, place
    from .test_rules_cards import deal, plain, play

    s = empty_board()
    for block, strength in strengths.items():
        place(s, block, "ATHENS", strength)
    place(s, "SPA-HOP-1", "SPARTA")
    levy = next(x.id for x in s.comp.cards if x.event == "levy" and x.amount == 2)
    deal(s, [levy, plain(s, 1)], [plain(s, 1, 1), plain(s, 2)])
    play(s, levy, plain(s, 1, 1))
    return s


def test_r28_levy_is_asked_whether_or_not_a_block_can_take_a_step() -> None:
    """R28: being asked tells nothing: with every block at full strength the player is asked all
    the same ('done' only); the opponent sees the same in both cases."""
    full = _levy_turn({"ATH-HOP-2": 4, "ATH-PEL-1": 3})
    worn = _levy_turn({"ATH-HOP-2": 1, "ATH-PEL-1": 1})
    assert full.pending == worn.pending == {"kind": "levy", "side": ATHENS}
    assert full.legal_actions("athens") == ["done"]
    assert set(worn.legal_actions("athens")) == {"add ATH-HOP-2", "add ATH-PEL-1", "done"}
    assert public(full, "athens") == public(worn, "athens")


def test_r28_levy_steps_are_added_out_of_the_opponents_sight() -> None:
    """R28: steps bought with a levy change nothing the opponent sees (two peltast steps or one
    hoplite step, 8.4, would tell him the blocks' types); 'done' is announced, not what was bought."""
    s = _levy_turn({"ATH-HOP-2": 1, "ATH-PEL-1": 1, "ATH-PEL-2": 1})
    before = public(s, "athens")
    act(s, "athens", "add ATH-PEL-1")
    act(s, "athens", "add ATH-PEL-2")
    assert public(s, "athens") == before
    assert s.legal_actions("athens") == ["done"]  # both BPs spent: the player still ends it himself
    assert "You add a step to" in s.view("athens")["log"][-1]
    act(s, "athens", "done")
    assert s.view("sparta")["log"][-1] == "Athens has spent the event's BPs (4.6)."
    assert s.pending == {"kind": "move", "side": ATHENS}


# ============================================================================ 5.2 / 6.0 hits on hidden blocks
def _attrition_hit(strengths: tuple[int, int]) -> S:
    """Sparta's two upright besiegers of PLATAEA take one 6.0 attrition hit."""
    from polemos import script_dice

    from .helpers import at_phase, empty_board, place

    s = empty_board()
    place(s, "ATH-HOP-1", "ATHENS")
    place(s, "SPA-HOP-1", "SPARTA")
    place(s, "ATH-HOP-5", "PLATAEA", 2, inside=True)
    place(s, "SPA-HOP-6", "PLATAEA", strengths[0])
    place(s, "SPA-HOP-7", "PLATAEA", strengths[1])
    at_phase(s, SPARTA, "combat")
    script_dice(s, [4, 3])
    act(s, "sparta", "end")
    return s


def test_r31_a_hit_on_hidden_blocks_is_placed_by_their_owner_even_without_a_tie() -> None:
    """R31 (5.2, 6.0): asking the owner only when his hidden blocks tie would tell the enemy of the
    tie; he is asked for every hit among hidden blocks, with the strongest as his only choice when
    it has no equal."""
    tie, no_tie = _attrition_hit((3, 3)), _attrition_hit((3, 1))
    assert set(tie.legal_actions("sparta")) == {"hit SPA-HOP-6", "hit SPA-HOP-7"}
    assert no_tie.legal_actions("sparta") == ["hit SPA-HOP-6"]
    assert public(tie, "sparta") == public(no_tie, "sparta")
    assert "confirm" in no_tie.view("sparta")["prompt"]
    act(no_tie, "sparta", "hit SPA-HOP-6")
    assert no_tie.strength[bid(no_tie, "SPA-HOP-6")] == 2


# ============================================================================ 4.1 stacking of hidden blocks
def _athens_wins_at_plataea(in_athens: tuple[str, ...]) -> S:
    """Athens wins a new battle at PLATAEA, whose only friendly neighbour is ATHENS, where five
    upright Athenian blocks stand (ATHENS: stack 6, at most 4 armies, 4.1)."""
    from polemos import script_dice

    from .helpers import at_phase, empty_board, place

    s = empty_board()
    for block in in_athens:
        place(s, block, "ATHENS")
    place(s, "SPA-HOP-1", "SPARTA")
    place(s, "SPA-HOP-6", "PLATAEA", 1)
    place(s, "ATH-HOP-5", "PLATAEA", 4, came_from="ATHENS")
    at_phase(s, ATHENS, "combat")
    script_dice(s, [1] * 8)  # every die hits: the Spartan hoplite falls in round 1
    act(s, "athens", "battle PLATAEA")
    act(s, "sparta", "engage")
    while s.pending is not None and s.pending["kind"] == "act":
        act(s, "sparta" if s.pending["side"] == SPARTA else "athens", "fire")
    return s


def test_r32_regroup_is_asked_whenever_the_enemy_cannot_tell_it_is_impossible() -> None:
    """R32 (4.1, 5.6): with five Athenian blocks in ATHENS, Sparta cannot tell whether four of them
    are armies (then no army may regroup there) or not; Athens is asked in both cases."""
    full = _athens_wins_at_plataea(("ATH-HOP-1", "ATH-HOP-2", "ATH-HOP-3", "ATH-HOP-4", "ATH-NAV-1"))
    room = _athens_wins_at_plataea(("ATH-HOP-1", "ATH-HOP-2", "ATH-HOP-3", "ATH-NAV-1", "ATH-NAV-2"))
    assert full.pending is not None and full.pending["kind"] == "regroup"
    assert full.legal_actions("athens") == ["done"]
    assert room.legal_actions("athens") == ["regroup ATH-HOP-5 ATHENS", "done"]
    assert public(full, "athens") == public(room, "athens")


def _athens_repulsed_at_plataea(in_athens: tuple[str, ...]) -> S:
    """Athenian armies that attacked PLATAEA from ATHENS and from THEBES fail (5.43: defenders
    remain outside the walls) and must retreat through those hexsides (5.5)."""
    from polemos import script_dice

    from .helpers import at_phase, empty_board, place

    s = empty_board()
    for block in in_athens:
        place(s, block, "ATHENS")
    place(s, "SPA-HOP-1", "SPARTA")
    place(s, "SPA-HOP-6", "PLATAEA", 4)
    place(s, "ATH-HOP-5", "PLATAEA", 2, came_from="ATHENS")
    place(s, "ATH-HOP-6", "PLATAEA", 2, came_from="THEBES")
    at_phase(s, ATHENS, "combat")
    script_dice(s, [6] * 40)  # every die misses: two rounds, and the defender stands
    act(s, "athens", "battle PLATAEA")
    if s.pending is not None and s.pending["kind"] == "declare":
        act(s, "sparta", "engage")
    while s.pending is not None and s.pending["kind"] == "act":
        act(s, "sparta" if s.pending["side"] == SPARTA else "athens", "fire")
    return s


def test_r32_a_forced_retreat_is_asked_whenever_the_enemy_cannot_tell_there_is_one_way() -> None:
    """R32 (4.1, 5.5): the retreat of an army is carried out without a question only when the
    enemy too can see that one hex is left; ATHENS full of armies or not looks the same to him."""
    full = _athens_repulsed_at_plataea(("ATH-HOP-1", "ATH-HOP-2", "ATH-HOP-3", "ATH-HOP-4", "ATH-NAV-1"))
    room = _athens_repulsed_at_plataea(("ATH-HOP-1", "ATH-HOP-2", "ATH-HOP-3", "ATH-NAV-1", "ATH-NAV-2"))
    for s in (full, room):
        assert s.pending is not None and s.pending["kind"] == "retreat", s.pending
    assert full.legal_actions("athens") == ["retreat THEBES"]
    assert set(room.legal_actions("athens")) == {"retreat ATHENS", "retreat THEBES"}
    assert public(full, "athens") == public(room, "athens")


def _storm_plataea(others: tuple[str, ...]) -> S:
    """Sparta storms the minor walled city of PLATAEA (siege limit 2, 5.31) with her armies; four
    upright blocks besiege and blockade it: two hoplites, a navy and ``others``."""
    from .helpers import at_phase, empty_board, place

    s = empty_board()
    place(s, "ATH-HOP-1", "ATHENS")
    place(s, "SPA-HOP-1", "SPARTA")
    place(s, "ATH-HOP-5", "PLATAEA", 2, inside=True)
    for block in ("SPA-HOP-6", "SPA-HOP-7", "SPA-NAV-1", *others):
        place(s, block, "PLATAEA", 2)
    at_phase(s, SPARTA, "combat")
    act(s, "sparta", "storm PLATAEA armies")
    return s


def test_r33_storming_blocks_are_picked_whenever_more_besiege_than_the_limit() -> None:
    """R33 (5.31, R21): four blocks besiege and blockade a city whose limit is two; whether the
    armies Sparta storms with are two or three is hidden from Athens (she sees a siege and a
    blockade, not how many armies), so Sparta picks the storming blocks in both cases."""
    two_armies, three_armies = _storm_plataea(("SPA-NAV-2",)), _storm_plataea(("SPA-HOP-8",))
    for s in (two_armies, three_armies):
        assert s.pending is not None and s.pending["kind"] == "stormq"
    assert set(two_armies.legal_actions("sparta")) == {"storm SPA-HOP-6", "storm SPA-HOP-7"}
    assert public(two_armies, "sparta") == public(three_armies, "sparta")
    act(two_armies, "sparta", "storm SPA-HOP-6")
    act(two_armies, "sparta", "storm SPA-HOP-7")  # every army of the group storms: no more to pick
    assert two_armies.pending is None or two_armies.pending["kind"] != "stormq"


def test_5_2_a_hidden_block_eliminated_is_a_reveal() -> None:
    """A hit that eliminates an upright block tells the enemy it had one step left: something hidden
    is revealed (the fuzzer's secrets check and the undo policy count on it)."""
    s = _attrition_hit((1, 1))
    reveals = s.reveals
    act(s, "sparta", "hit SPA-HOP-6")
    assert s.loc[bid(s, "SPA-HOP-6")] < 0 and s.reveals == reveals + 1
    assert "Sparta loses a block at PLATAEA (8.5)." in s.view("athens")["log"]
