"""Athens & Sparta, first edition (issue 13): the Spanish rulebook
(``../shared/rules/athens-and-sparta.first-edition.es.txt``) as the rules option ``edition=first``.

Test names cite the first edition's own rule numbers (``test_ed1_<rule>_...``); RULINGS FE1-FE37
decide what it leaves open. Every position is built with ``options={"edition": "first"}``; a few
tests also check that the default (second, the current English rules) is unchanged.
"""

from __future__ import annotations

import pytest

import polemos
from polemos import script_dice
from polemos.core.game import replay
from polemos.games.athens_sparta import rules
from polemos.games.athens_sparta.common import siege_limit, update_control
from polemos.games.athens_sparta.model import ATHENS, RULES_FIRST, SPARTA
from polemos.games.athens_sparta.movement import sea_destinations
from polemos.games.athens_sparta.replacement import city_cap, step_cost
from polemos.games.athens_sparta.state import POOL, AthensSpartaState

from .helpers import (
    FIRST,
    act,
    adds,
    after_first_mulligan,
    at_phase,
    bid,
    ed1_board,
    garrison,
    hex_of,
    log_text,
    place,
    replacement,
    set_owner,
)

S = AthensSpartaState


def city_spent(s: S, name: str) -> int:
    return s.city_spent[s.comp.board.city_index[name]]


def owner(s: S, city: str) -> int:
    return s.city_owner[s.comp.board.city_index[city]]


# ============================================================================ the option (issue 13)
def test_ed1_option_is_declared_with_second_as_default() -> None:
    g = polemos.game("athens-and-sparta")
    spec = next(o for o in g.options if o.name == "edition")
    assert spec.kind == "choice" and spec.default == "second" and set(spec.choices) == {"first", "second"}
    assert not g.new(1).ed1
    assert not g.new(1, options={"edition": "second"}).ed1
    assert g.new(1, options=FIRST).ed1


def test_ed1_option_is_in_the_catalog_the_lobby_builds_from() -> None:
    doc = polemos.game("athens-and-sparta").describe()
    spec = next(o for o in doc["options"] if o["name"] == "edition")
    assert spec["type"] == "choice" and spec["choices"] == ["second", "first"] and spec["default"] == "second"


def test_ed1_10_3_bid_option_still_applies() -> None:
    """RULINGS FE23: the tourney bid (current 10.3) may be combined with the first edition."""
    s = polemos.game("athens-and-sparta").new(1, options={"edition": "first", "bid": {"side": "sparta", "steps": 2}})
    assert s.ed1 and s.bid_left[SPARTA] == 2


def test_ed1_bad_edition_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="option edition must be one of"):
        polemos.game("athens-and-sparta").new(1, options={"edition": "third"})


def test_ed1_record_names_the_first_edition_and_replays() -> None:
    g = polemos.game("athens-and-sparta")
    s = g.new(7, options=FIRST)
    for _ in range(6):
        role = s.active_roles()[0]
        s.apply(role, s.legal_actions(role)[0])
    rec = s.record()
    assert rec["rules"] == RULES_FIRST and rec["options"] == FIRST
    again = replay(rec)
    assert isinstance(again, AthensSpartaState) and again.ed1
    assert again.to_json() == s.to_json()
    # the default edition's record is as before (no option written, the current rules named)
    rec2 = g.new(7).record()
    assert rec2["rules"] == g.rules_edition and rec2["options"] == {}


def test_ed1_position_documents_and_clones_keep_the_edition() -> None:
    g = polemos.game("athens-and-sparta")
    s = g.new(3, options=FIRST)
    assert s.clone().ed1
    loaded = g.from_json(s.to_json())
    assert isinstance(loaded, AthensSpartaState) and loaded.ed1
    partial = g.from_json({"seed": 3, "options": FIRST})
    assert isinstance(partial, AthensSpartaState) and partial.ed1


# ============================================================================ 8.0 replacements
def test_ed1_8_4_step_costs_1_1_2_2() -> None:
    """1st 8.4: 1 PP peltasts and hoplites, 2 PP cavalry and navies."""
    s = ed1_board()
    for block_id, cost in (("ATH-HOP-1", 1), ("ATH-PEL-1", 1), ("ATH-CAV-1", 2), ("ATH-NAV-1", 2),
                           ("SPA-HOP-1", 1), ("SPA-CAV-1", 2), ("SPA-NAV-1", 2)):
        b = bid(s, block_id)
        assert step_cost(s, s.comp.blocks[b].side, b) == cost, block_id
    second = after_first_mulligan(1)
    assert step_cost(second, ATHENS, bid(second, "ATH-HOP-1")) == 2  # the current 8.4 unchanged


def test_ed1_9_3_persian_support_navies_cost_1_pp() -> None:
    s = ed1_board()
    s.persia = 1
    b = bid(s, "SPA-NAV-1")
    assert step_cost(s, SPARTA, b) == 1


def test_ed1_8_1_major_city_takes_at_most_twice_its_value() -> None:
    """1st 8.1: at most 2x the value of a major city (CHALCIS, value 1: 2 PP)."""
    s = ed1_board()
    garrison(s)
    place(s, "ATH-HOP-2", "CHALCIS", 1)
    place(s, "ATH-PEL-3", "CHALCIS", 1)
    place(s, "ATH-HOP-5", "CHALCIS", 1)
    replacement(s)
    assert city_cap(s, s.comp.board.city_index["CHALCIS"]) == 2
    act(s, "athens", "add ATH-HOP-2")  # 1 PP
    act(s, "athens", "add ATH-PEL-3")  # 1 PP
    assert city_spent(s, "CHALCIS") == 2
    assert not {"ATH-HOP-2", "ATH-PEL-3", "ATH-HOP-5"} & adds(s, "athens")


def test_ed1_8_1_athens_and_sparta_take_at_most_8_pp() -> None:
    """1st 8.1: ATHENS and SPARTA have a production limit of 8 PP."""
    s = ed1_board()
    place(s, "SPA-HOP-1", "SPARTA")
    for block_id in ("ATH-HOP-1", "ATH-HOP-2", "ATH-HOP-3", "ATH-HOP-4"):
        place(s, block_id, "ATHENS", 1)
    replacement(s)
    s.bp[ATHENS] = 40
    mine = {"ATH-HOP-1", "ATH-HOP-2", "ATH-HOP-3", "ATH-HOP-4"}
    room = sum(s.comp.blocks[bid(s, x)].steps - 1 for x in mine)
    assert room > 8
    while mine & adds(s, "athens"):
        act(s, "athens", "add " + sorted(mine & adds(s, "athens"))[0])
    assert city_spent(s, "ATHENS") == 8  # steps were left, but ATHENS is spent out
    assert city_cap(s, s.comp.board.city_index["SPARTA"]) == 8


def test_ed1_8_1_one_pp_may_be_spent_in_a_minor_city() -> None:
    """1st 8.1 (RULINGS FE25): 1 PP in a minor city; a hoplite step is 1 PP in this edition."""
    s = ed1_board()
    garrison(s)
    hop = place(s, "ATH-HOP-5", "PLATAEA", 1)
    replacement(s)
    act(s, "athens", "add ATH-HOP-5")
    assert s.strength[hop] == 2
    assert "ATH-HOP-5" not in adds(s, "athens")


def test_ed1_8_1_log_speaks_of_production_points() -> None:
    """1st 1.2, 8.1: Production Points (PP)."""
    s = ed1_board()
    garrison(s)
    replacement(s)
    assert "PP" in log_text(s) and " BP" not in log_text(s)


def test_ed1_8_2_no_reinforcement_of_besiegers_or_besieged() -> None:
    """1st 8.2: blocks in a siege or blockade (attackers or defenders) cannot be reinforced
    (RULINGS FE30), where the current 8.2 reinforces besiegers."""
    s = ed1_board()
    garrison(s)
    place(s, "SPA-HOP-8", "MEGARA", 1, inside=True)
    place(s, "ATH-HOP-2", "MEGARA", 1)  # Athens besieges Spartan MEGARA
    place(s, "ATH-PEL-3", "PLATAEA", 1)
    replacement(s)
    assert "SPA-HOP-8" not in adds(s, "sparta")
    assert "ATH-HOP-2" not in adds(s, "athens")
    assert "ATH-PEL-3" in adds(s, "athens")


# ============================================================================ 10.0 victory
def test_ed1_10_2_athens_wins_at_the_end_of_olympiad_89_even_with_fewer_points() -> None:
    """1st 10.2 (RULINGS FE17): Athens wins if Sparta has not won by the end of Olympiad 89."""
    from polemos.games.athens_sparta.victory import olympiad_check, points

    s = ed1_board()
    garrison(s)
    for city in ("ARGOS", "CORINTH", "THEBES"):
        set_owner(s, city, SPARTA)
    for city in ("CHALCIS", "MILETUS"):
        set_owner(s, city, SPARTA)
    s.olympiad = 89
    a, sp = points(s)
    assert sp > a and sp < 30
    assert olympiad_check(s)
    assert s.winner == ATHENS
    assert "1st 10.2" in s.win_reason
    # the current 10.2: the higher total wins
    s2 = after_first_mulligan(1)
    s2.city_owner = list(s.city_owner)
    s2.loc = list(s.loc)
    s2.strength = list(s.strength)
    s2.olympiad = 89
    assert olympiad_check(s2) and s2.winner == SPARTA


def test_ed1_10_2_thirty_pp_not_besieged_wins_after_an_olympiad() -> None:
    from polemos.games.athens_sparta.victory import olympiad_check, points

    s = ed1_board()
    garrison(s)
    for c, city in enumerate(s.comp.board.cities):
        if city.side == ATHENS and city.major and city.name != "ATHENS":
            s.city_owner[c] = SPARTA
    s.olympiad = 86
    assert points(s)[1] >= 30
    assert olympiad_check(s) and s.winner == SPARTA


# ============================================================================ 4.4 sea moves
def test_ed1_4_4_sea_move_reaches_a_friendly_port_beyond_8_hexes() -> None:
    """1st 4.4 (RULINGS FE15): a sea move goes from a friendly port to any friendly port, with no
    range limit; the current 4.52 stops at 8 hexes."""
    reached = {}
    for options in (FIRST, None):
        s = after_first_mulligan(1, options)
        at_phase(s, ATHENS, "move", 3)
        b = bid(s, "ATH-HOP-1")
        reached[bool(options)] = set(sea_destinations(s, ATHENS, b))
    assert reached[False] < reached[True]  # strictly more ports in reach in the first edition
    s = after_first_mulligan(1, FIRST)
    far = {s.comp.board.hexes[h] for h in reached[True] - reached[False]}
    assert far


def test_ed1_4_4_sea_move_never_passes_an_enemy_hex() -> None:
    """1st 4.4 (RULINGS FE15, R30): never into or through an enemy hex."""
    s = after_first_mulligan(1, FIRST)
    at_phase(s, ATHENS, "move", 3)
    reach = set(sea_destinations(s, ATHENS, bid(s, "ATH-HOP-1")))
    for h in reach:
        assert s.lctrl[h] == ATHENS and s.sctrl[h] == ATHENS


# ============================================================================ 4.61 bad hand
def _bad_hand_game() -> S:
    """A first-edition game whose Athenian hand is made under 10 MP at the first question."""
    s: S = polemos.game("athens-and-sparta").new(1, options=FIRST)
    assert s.pending is not None and s.pending["kind"] == "mulligan"
    low = sorted(range(len(s.comp.cards)), key=lambda c: s.comp.cards[c].mp)
    pool = s.hands[ATHENS] + s.hands[SPARTA] + s.deck
    s.hands[ATHENS] = sorted(low[:6])
    rest = [c for c in pool if c not in s.hands[ATHENS]]
    s.hands[SPARTA] = sorted(rest[:6])
    s.deck = rest[6:]
    assert rules.hand_mp(s, ATHENS) < 10
    return s


def test_ed1_4_61_the_bad_hand_is_not_shown() -> None:
    s = _bad_hand_game()
    shown = [s.comp.cards[c].id for c in s.hands[ATHENS]]
    act(s, "athens", "mulligan")
    act(s, "sparta", "keep")
    public = [t for to, t in s.log if to < 0]
    assert any("asks a new deal (1st 4.61" in t for t in public)
    assert not any(cid in t for t in public for cid in shown)
    assert "shows a hand" not in "\n".join(public)


def test_ed1_4_61_opponent_may_keep_or_take_a_new_hand() -> None:
    s = _bad_hand_game()
    act(s, "athens", "mulligan")
    act(s, "sparta", "keep")
    assert s.active_roles() == ("sparta",)
    assert set(s.legal_actions("sparta")) == {"keep", "redeal"}


def test_ed1_4_61_bad_hand_may_be_redealt_again_while_under_10_mp() -> None:
    """1st 4.61 (RULINGS FE16): no limit of one re-deal; after a re-deal both players are asked
    again, always (so the question tells nothing)."""
    s = _bad_hand_game()
    act(s, "athens", "mulligan")
    act(s, "sparta", "keep")
    act(s, "sparta", "keep")
    assert s.pending is not None and s.pending["kind"] == "mulligan"
    assert set(s.active_roles()) == {"athens", "sparta"}
    # make the new hand bad again: a second re-deal is legal
    low = sorted(range(len(s.comp.cards)), key=lambda c: s.comp.cards[c].mp)[:6]
    spare = [c for c in s.hands[ATHENS] + s.deck if c not in low and c not in s.hands[SPARTA]]
    s.deck = spare[:len(s.deck)]
    s.hands[ATHENS] = sorted(low)
    s.reset_caches()
    assert "mulligan" in s.legal_actions("athens")
    act(s, "athens", "mulligan")
    act(s, "sparta", "keep")
    act(s, "sparta", "keep")
    assert s.pending is not None and s.pending["kind"] == "mulligan"  # asked once more
    act(s, "athens", "keep")
    act(s, "sparta", "keep")
    assert s.pending is not None and s.pending["kind"] in ("card", "sicily")


def test_ed1_4_61_second_edition_allows_one_redeal_only() -> None:
    s: S = polemos.game("athens-and-sparta").new(1)
    low = sorted(range(len(s.comp.cards)), key=lambda c: s.comp.cards[c].mp)
    pool = s.hands[ATHENS] + s.hands[SPARTA] + s.deck
    s.hands[ATHENS] = sorted(low[:6])
    rest = [c for c in pool if c not in s.hands[ATHENS]]
    s.hands[SPARTA], s.deck = sorted(rest[:6]), rest[6:]
    act(s, "athens", "mulligan")
    act(s, "sparta", "keep")
    act(s, "sparta", "keep")
    assert s.pending is not None and s.pending["kind"] == "card"


# ============================================================================ 5.0 battles
def test_ed1_5_52_athens_siege_limit_is_6_at_most_4_armies() -> None:
    """1st 5.52 (RULINGS FE18): ATHENS has a siege and storm limit of six blocks, at most four land
    blocks; the current 5.31 gives every major city 4."""
    s = ed1_board()
    assert siege_limit(s, hex_of(s, "ATHENS")) == 6
    assert siege_limit(s, hex_of(s, "SPARTA")) == 4
    assert siege_limit(s, hex_of(s, "PLATAEA")) == 2
    second = after_first_mulligan(1)
    assert siege_limit(second, hex_of(second, "ATHENS")) == 4


def test_ed1_5_52_six_blocks_may_withdraw_into_athens_at_most_four_armies() -> None:
    s = ed1_board()
    place(s, "SPA-HOP-1", "SPARTA")
    armies = [place(s, x, "ATHENS", 1) for x in ("ATH-HOP-1", "ATH-HOP-2", "ATH-HOP-3", "ATH-HOP-4")]
    navies = [place(s, x, "ATHENS", 1) for x in ("ATH-NAV-1", "ATH-NAV-2")]
    for x in ("SPA-HOP-2", "SPA-HOP-3"):
        place(s, x, "ATHENS", 4, came_from="1109")
    at_phase(s, SPARTA, "combat")
    act(s, "sparta", "battle ATHENS")
    legal = s.legal_actions("athens")
    for b in armies + navies:
        assert f"withdraw {s.comp.blocks[b].id}" in legal or "withdraw all" in legal
    for _ in range(6):
        withdraws = [a for a in s.legal_actions("athens") if a.startswith("withdraw ") and a != "withdraw all"]
        if not withdraws:
            break
        act(s, "athens", withdraws[0])
    inside = [b for b in armies + navies if s.inside[b]]
    assert len(inside) == 6


def test_ed1_5_3_a_block_may_retreat_in_round_1_instead_of_firing() -> None:
    """1st 5.3 (RULINGS FE9): retreat on a combat turn instead of firing, in either round; the
    current 5.42 allows it in round 2 only."""
    for options, may in ((FIRST, True), (None, False)):
        s = after_first_mulligan(1, options)
        for b in range(len(s.loc)):
            s.loc[b] = POOL
        garrison(s)
        set_owner(s, "PLATAEA", ATHENS)
        place(s, "ATH-PEL-1", "PLATAEA", 2)
        place(s, "SPA-HOP-2", "PLATAEA", 4, came_from="THEBES")
        at_phase(s, SPARTA, "combat")
        act(s, "sparta", "battle PLATAEA")
        if "engage" in s.legal_actions("athens"):
            act(s, "athens", "engage")
        assert s.pending is not None and s.pending["kind"] == "act"
        role = "athens" if s.pending["side"] == ATHENS else "sparta"
        retreats = [a for a in s.legal_actions(role) if a.startswith("retreat ")]
        assert bool(retreats) == may, (options, s.legal_actions(role))


def test_ed1_5_3_no_retreat_into_an_empty_enemy_city() -> None:
    """1st 5.3, 4.2 (RULINGS FE19): a vacant hex has no city and no blocks; an empty enemy city is
    an enemy hex, closed to retreats (the current R19 allows it); a vacant non-city hex is open."""
    from polemos.games.athens_sparta.common import _retreat_ok

    for options, ok in ((FIRST, False), (None, True)):
        s = after_first_mulligan(1, options)
        for b in range(len(s.loc)):
            s.loc[b] = POOL
        garrison(s)
        update_control(s)
        s.reset_caches()
        assert owner(s, "MEGARA") == SPARTA
        assert _retreat_ok(s, ATHENS, hex_of(s, "MEGARA")) == ok
        assert _retreat_ok(s, ATHENS, hex_of(s, "0907"))  # no city, no blocks: vacant
        assert _retreat_ok(s, SPARTA, hex_of(s, "MEGARA"))  # friendly


def test_ed1_5_3_retreat_into_a_hex_the_same_player_besieges() -> None:
    """1st 5.3 (RULINGS FE19): a hex where the retreating side besieges (enemy blocks only within
    the walls) is open to its retreats; the current R19 closes it."""
    from polemos.games.athens_sparta.common import _retreat_ok

    for options, ok in ((FIRST, True), (None, False)):
        s = after_first_mulligan(1, options)
        for b in range(len(s.loc)):
            s.loc[b] = POOL
        garrison(s)
        place(s, "SPA-HOP-8", "MEGARA", 1, inside=True)
        place(s, "ATH-HOP-2", "MEGARA", 1)  # Athens besieges Spartan MEGARA
        update_control(s)
        s.reset_caches()
        assert _retreat_ok(s, ATHENS, hex_of(s, "MEGARA")) == ok
        assert not _retreat_ok(s, SPARTA, hex_of(s, "MEGARA"))  # the besieged side's hex is closed


# ============================================================================ 7.0 revolts
def _revolt(s: S, steps: int) -> None:
    at_phase(s, SPARTA, "move", 3)
    for _ in range(steps):
        act(s, "sparta", "revolt CHALCIS")
    act(s, "sparta", "end")


def test_ed1_7_0_revolt_is_a_normal_battle_in_a_walled_city() -> None:
    """1st 7.0 (RULINGS FE13): "se resuelven como las batallas normales": no siege battle, no
    double defence, no withdrawing into the city."""
    s = ed1_board()
    garrison(s)
    a = place(s, "ATH-HOP-5", "CHALCIS", 2)
    _revolt(s, 3)
    assert s.legal_actions("sparta") == ["battle CHALCIS"]
    script_dice(s, [6, 6, 1, 1, 6])  # the defender (B2, first) misses; TYRANTS B3: two hits
    act(s, "sparta", "battle CHALCIS")
    while s.pending is not None and s.pending["kind"] == "act":
        role = "athens" if s.pending["side"] == ATHENS else "sparta"
        assert not any(x.startswith("withdraw") for x in s.legal_actions(role))
        act(s, role, "fire")
    text = log_text(s)
    assert "1st 7.0: the revolt at CHALCIS is fought as a normal battle" in text
    assert "siege battle" not in text
    assert s.loc[a] == POOL
    assert owner(s, "CHALCIS") == SPARTA


def test_ed1_7_0_defending_navies_fire_at_their_normal_rating_against_a_revolt() -> None:
    s = ed1_board()
    garrison(s)
    place(s, "ATH-HOP-5", "CHALCIS", 2)
    place(s, "ATH-NAV-3", "CHALCIS", 2)
    _revolt(s, 2)
    script_dice(s, [6] * 20)
    act(s, "sparta", "battle CHALCIS")
    while s.pending is not None and s.pending["kind"] == "act":
        role = "athens" if s.pending["side"] == ATHENS else "sparta"
        act(s, role, "fire")
    fires = [line for _, line in s.log if " fires: " in line]
    assert any("C3" in line or "C2" in line for line in fires if line.startswith("Athens")), fires
    assert s.loc[bid(s, "SPA-TYRANTS")] == POOL  # the revolt failed and its block is disbanded


def test_ed1_7_0_successful_revolt_block_stays_and_defends_no_exchange() -> None:
    """1st 7.0 (RULINGS FE14): the block defends like any other; it is never exchanged for a
    peltast; it may be disbanded in any Move Phase."""
    s = ed1_board()
    garrison(s)
    _revolt(s, 2)
    assert owner(s, "CHALCIS") == SPARTA
    at_phase(s, SPARTA, "move", 3)
    legal = s.legal_actions("sparta")
    assert "disband SPA-TYRANTS" in legal
    assert not any(a.startswith("exchange ") for a in legal)
    act(s, "sparta", "disband SPA-TYRANTS")
    assert s.loc[bid(s, "SPA-TYRANTS")] == POOL


def test_ed1_7_0_one_revolt_per_city_per_player_per_olympiad() -> None:
    """1st 7.0: "una ciudad está limitada a una Revuelta provocada por el mismo jugador en cada
    Olimpiada"; the DEMOS and the HELOT are the same player's."""
    from polemos.games.athens_sparta.movement import _revolt_used

    s = ed1_board()
    demos = bid(s, "ATH-DEMOS")
    helots = bid(s, "ATH-HELOTS")
    c = s.comp.board.city_index["MESSENE"]
    s.revolt_used = [helots, c]
    assert _revolt_used(s, demos, c)  # the same player, the same city
    assert _revolt_used(s, helots, s.comp.board.city_index["CORINTH"])  # 1st 7.1: once per Olympiad
    assert not _revolt_used(s, demos, s.comp.board.city_index["CORINTH"])


# ============================================================================ 1.5 straits
def _samos_ephesus(options: dict[str, str] | None, ephesus_owner: int) -> S:
    s = after_first_mulligan(1, options)
    for b in range(len(s.loc)):
        s.loc[b] = POOL
        s.strength[b] = 0
    garrison(s)
    set_owner(s, "SAMOS", ATHENS)
    set_owner(s, "MILETUS", ATHENS)
    set_owner(s, "EPHESUS", ephesus_owner)
    place(s, "ATH-HOP-2", "SAMOS", 3)
    place(s, "ATH-HOP-3", "MILETUS", 3)
    at_phase(s, ATHENS, "move", 3)
    return s


def test_ed1_1_5_army_cannot_cross_a_strait_under_enemy_sea_control() -> None:
    """1st 1.5 and the "Estrechos" sidebar (RULINGS FE2): an army cannot cross the water of a strait
    hex under enemy sea control (an enemy port not blockaded); it may enter without crossing. The
    current 4.3 lets it cross (and stop) into the empty enemy city."""
    for options, may in ((FIRST, False), (None, True)):
        s = _samos_ephesus(options, SPARTA)
        assert s.sctrl[hex_of(s, "EPHESUS")] == SPARTA
        # SAMOS -> EPHESUS: on the far side of the water, it may go on (back) but not stop (cross)
        act(s, "athens", "op ATH-HOP-2")
        act(s, "athens", "to EPHESUS")
        assert ("stop" in s.legal_actions("athens")) == may, options
        s = _samos_ephesus(options, SPARTA)
        act(s, "athens", "op ATH-HOP-3")
        act(s, "athens", "to EPHESUS")  # MILETUS -> EPHESUS does not cross: it stops (an enemy city)
        assert "stop" in s.legal_actions("athens")


def test_ed1_1_5_samos_to_ephesus_crosses_when_not_under_enemy_sea_control() -> None:
    """The sidebar's example: from SAMOS an army crosses to EPHESUS (not under enemy sea control)
    and must stop there; its attack limit across the water is 1."""
    s = _samos_ephesus(FIRST, ATHENS)
    act(s, "athens", "op ATH-HOP-2")
    act(s, "athens", "to EPHESUS")
    assert "stop" in s.legal_actions("athens")


def test_ed1_1_5_no_pass_through_past_enemy_blocks_on_the_far_side() -> None:
    """1st 4.3 (RULINGS FE5): entering a strait hex that holds enemy blocks outside the walls is a
    stop and a fight on either side of the water; the current 4.3 lets an army pass on the far side."""
    for options in (FIRST, None):
        s = _samos_ephesus(options, ATHENS)
        place(s, "SPA-HOP-2", "EPHESUS", 2)
        at_phase(s, ATHENS, "move", 3)
        act(s, "athens", "op ATH-HOP-2")
        if options:
            # it would have to stop there, and stopping crosses the water of a hex whose sea the
            # enemy's blocks hold in the snapshot (FE2): the step is not offered at all
            assert "to EPHESUS" not in s.legal_actions("athens")
        else:
            act(s, "athens", "to EPHESUS")
            assert "to SAMOS" in s.legal_actions("athens")  # passing on the far side (current 4.3)


# ============================================================================ components (FE26)
def test_ed1_components_naupactus_troezen_cythera_are_walled() -> None:
    """RULINGS FE26: the first edition's examples make NAUPACTUS (1st 6.3), TROEZEN and CYTHERA (1st
    6.2) walled; the overlay data/first/cities.toml says so with provenance; the rest is the same."""
    g = polemos.game("athens-and-sparta")
    first, second = g.new(1, options=FIRST).comp, g.new(1).comp
    for name in ("NAUPACTUS", "TROEZEN", "CYTHERA"):
        c = first.board.city_index[name]
        assert first.board.cities[c].walled and not second.board.cities[c].walled
        assert "rule 1st 6." in first.board.cities[c].provenance
    changed = [a.name for a, b in zip(first.board.cities, second.board.cities, strict=True) if a != b]
    assert sorted(changed) == ["CYTHERA", "NAUPACTUS", "TROEZEN"]
    assert first.blocks == second.blocks and first.cards == second.cards
    assert first.version != second.version and first.version.endswith(second.version)
    assert g.new(1, options=FIRST).record()["data"] == g.data_version  # replay checks the bundled data


def test_ed1_naupactus_blocks_may_withdraw_into_the_city() -> None:
    """1st 6.3 example: the Athenian peltast withdraws into NAUPACTUS (walled, FE26)."""
    s = ed1_board()
    garrison(s)
    set_owner(s, "NAUPACTUS", ATHENS)
    place(s, "ATH-PEL-1", "NAUPACTUS", 2)
    place(s, "SPA-HOP-2", "NAUPACTUS", 3, came_from="DELPHI")
    at_phase(s, SPARTA, "combat")
    act(s, "sparta", "battle NAUPACTUS")
    assert any(a.startswith("withdraw") for a in s.legal_actions("athens"))


# ============================================================================ 1.3 navies in ports
def _stops(s: S, role: str, block_id: str) -> set[str]:
    """Every hex where an operation move of ``block_id`` may end (a search over its legal steps)."""
    start = s.clone()
    act(start, role, "op " + block_id)
    found: set[str] = set()
    frontier = [start]
    for _ in range(6):
        nxt = []
        for x in frontier:
            for a in x.legal_actions(role):
                if a.startswith("to "):
                    y = x.clone()
                    y.apply(role, a)
                    if y.moving < 0:  # the step ended the move (it had to stop there)
                        found.add(a[3:])
                        continue
                    if "stop" in y.legal_actions(role):
                        found.add(a[3:])
                    nxt.append(y)
        frontier = nxt
    return found


def test_ed1_1_3_navy_cannot_attack_armies_in_a_hex_without_a_port() -> None:
    """1st 1.3, 4.1 (RULINGS FE6): navies end their moves only in ports, so never attack blocks in a
    coastal hex without one (1109, beside ATHENS); the current R5 lets them stop there to fight."""
    for options, may in ((FIRST, False), (None, True)):
        s = after_first_mulligan(1, options)
        for b in range(len(s.loc)):
            s.loc[b] = POOL
        garrison(s)
        place(s, "ATH-NAV-1", "ATHENS", 3)
        place(s, "SPA-HOP-2", "1109", 2)
        at_phase(s, ATHENS, "move", 3)
        stops = _stops(s, "athens", "ATH-NAV-1")
        assert ("1109" in stops) == may, (options, sorted(stops))
        assert stops and all(
            x == "1109" or s.comp.board.city_at[hex_of(s, x)] >= 0 for x in stops)  # ports otherwise


# ============================================================================ 5.4 regroups
def _storm_megara(options: dict[str, str] | None) -> S:
    s = after_first_mulligan(1, options)
    for b in range(len(s.loc)):
        s.loc[b] = POOL
        s.strength[b] = 0
    garrison(s)
    place(s, "SPA-HOP-8", "MEGARA", 1, inside=True)
    place(s, "ATH-HOP-2", "MEGARA", 4)
    place(s, "ATH-HOP-3", "MEGARA", 4)
    at_phase(s, ATHENS, "combat")
    # the besieged hoplite (B, defending first) misses; each storming hoplite scores: the hoplite
    # falls to two half-hits (double defence, 5.53)
    script_dice(s, [6] * 3 + [1] * 8)
    act(s, "athens", "storm MEGARA armies")
    while s.pending is not None and s.pending["kind"] in ("act", "hits", "stormq"):
        role = "athens" if s.pending.get("side", ATHENS) == ATHENS else "sparta"
        legal = s.legal_actions(role)
        act(s, role, "fire" if "fire" in legal else legal[0])
    return s


def test_ed1_5_4_armies_regroup_after_taking_a_city_by_storm() -> None:
    """1st 5.4 (RULINGS FE20): "the victor of a battle or siege (no enemy block remaining)" may
    regroup, a storm included; the current 5.6 regroups armies after a new battle only."""
    s = _storm_megara(FIRST)
    assert s.loc[bid(s, "SPA-HOP-8")] == POOL
    assert any(a.startswith("regroup ATH-HOP-2 ") for a in s.legal_actions("athens"))
    current = _storm_megara(None)
    assert current.loc[bid(current, "SPA-HOP-8")] == POOL
    assert not any(a.startswith("regroup ") for a in current.legal_actions("athens"))


def test_ed1_5_4_army_regroup_respects_hexside_limits_2_1() -> None:
    """1st 5.4 (RULINGS FE20): regroups respect the hexside limits, 2 by a clear hexside, 1 by any other."""
    s = _storm_megara(FIRST)
    board = s.comp.board
    h = hex_of(s, "MEGARA")
    regroups = [a for a in s.legal_actions("athens") if a.startswith("regroup ATH-HOP-2 ")]
    for a in regroups:
        dest = hex_of(s, a.split()[-1])
        d = board.neighbours[h].index(dest)
        lim = 2 if board.land_side[h][d] == 1 else 1
        act(s, "athens", a)
        again = f"regroup ATH-HOP-3 {a.split()[-1]}" in s.legal_actions("athens")
        assert again == (lim == 2), (a, lim)
        break
    else:
        pytest.fail("no regroup offered")


# ============================================================================ 9.2 Sicily
def _attack_syracuse_ed1(options: dict[str, str] | None) -> S:
    """Athens sends a hoplite and a navy from CORCYRA to SYRACUSE and attacks; every die misses."""
    s = after_first_mulligan(1, options)
    for b in range(len(s.loc)):
        if s.comp.blocks[b].side != 2:  # the green (neutral) blocks of SYRACUSE stay
            s.loc[b] = POOL
            s.strength[b] = 0
    garrison(s)
    place(s, "ATH-HOP-6", "CORCYRA")
    place(s, "ATH-NAV-5", "CORCYRA")
    at_phase(s, ATHENS, "move", 3)
    act(s, "athens", "sea ATH-HOP-6")
    act(s, "athens", "to SYRACUSE")
    act(s, "athens", "sea ATH-NAV-5")
    act(s, "athens", "to SYRACUSE")
    act(s, "athens", "end")
    return s


def _fight(s: S) -> list[tuple[str, list[str]]]:
    asked: list[tuple[str, list[str]]] = []
    while s.pending is not None and s.pending["kind"] in ("declare", "act", "hit"):
        role = "athens" if s.pending["side"] == ATHENS else "sparta"
        legal = s.legal_actions(role)
        asked.append((role, legal))
        act(s, role, next((a for a in ("engage", "fire", "land") if a in legal), legal[0]))
    return asked


def test_ed1_9_2_active_player_may_attack_or_pass_at_syracuse() -> None:
    """1st 9.2 (RULINGS FE21): "el jugador activo puede atacar (ofensivamente) o pasar"."""
    s = _attack_syracuse_ed1(FIRST)
    assert {"battle SYRACUSE", "end"} <= set(s.legal_actions("athens"))
    current = _attack_syracuse_ed1(None)
    assert current.legal_actions("athens") == ["battle SYRACUSE"]


def test_ed1_9_2_battle_at_syracuse_continues_without_forced_retreat_or_extra_fire() -> None:
    """1st 9.2: "las batallas en Syracuse son continuas": after two rounds the attacker need not
    retreat, there is no extra fire, nobody must withdraw; nobody retreats from SYRACUSE."""
    s = _attack_syracuse_ed1(FIRST)
    script_dice(s, [6] * 80)
    act(s, "athens", "battle SYRACUSE")
    asked = _fight(s)
    assert not any(a.startswith("retreat") for _, legal in asked for a in legal)
    syr = s.comp.board.syracuse_hex
    assert s.loc[bid(s, "ATH-HOP-6")] == syr and not s.inside[bid(s, "ATH-HOP-6")]
    greens_outside = [b for b in range(len(s.loc)) if s.loc[b] == syr and s.comp.blocks[b].side == 2
                      and not s.inside[b]]
    assert greens_outside  # not forced into the city
    text = log_text(s)
    assert "1st 9.2: the battle at SYRACUSE goes on" in text and "5.43" not in text


# ============================================================================ 5.55 relief forces
def test_ed1_5_55_relief_navies_may_withdraw_relief_armies_may_not() -> None:
    """1st 5.55 (RULINGS FE32): "las fuerzas terrestres de relevo no pueden retroceder a la ciudad,
    pero las naves de relevo sí pueden"; the current 5.3 lets no relief force withdraw."""
    for options, may in ((FIRST, True), (None, False)):
        s = after_first_mulligan(1, options)
        for b in range(len(s.loc)):
            s.loc[b] = POOL
            s.strength[b] = 0
        garrison(s)
        place(s, "SPA-HOP-8", "MEGARA", 1, inside=True)
        place(s, "ATH-HOP-2", "MEGARA", 4)
        nav = place(s, "SPA-NAV-1", "MEGARA", 3)  # the relief force
        at_phase(s, SPARTA, "combat")
        script_dice(s, [6] * 30)
        act(s, "sparta", "battle MEGARA")
        act(s, "sparta", "remain")  # the besieged stay inside
        while s.pending is not None and s.pending["kind"] == "act" and s.pending["block"] != nav:
            role = "athens" if s.pending["side"] == ATHENS else "sparta"  # the first edition's hoplite
            act(s, role, "pass")  # (B) acts before the navy (C) in the one combat order (FE8)
        assert s.pending is not None and s.pending["kind"] == "act" and s.pending["block"] == nav
        assert ("withdraw" in s.legal_actions("sparta")) == may, options


# ============================================================================ Game Turns, 4.6 cards
def _cards_board() -> S:
    s = ed1_board()
    garrison(s)
    return s


def test_ed1_game_turn_example_tie_makes_sparta_player_1() -> None:
    """1st "Ejemplo de un Turno de Juego": both play a 2; the tie makes Sparta Player 1, with 2 MP."""
    from .test_rules_cards import deal, plain, play

    s = _cards_board()
    deal(s, [plain(s, 2), plain(s, 1)], [plain(s, 2, 1), plain(s, 1, 1)])
    play(s, plain(s, 2), plain(s, 2, 1))
    assert s.p1 == SPARTA and "Sparta is Player 1 on ties" in log_text(s)
    assert s.pending == {"kind": "move", "side": SPARTA} and s.mp == 2


def test_ed1_4_6_storm_example() -> None:
    """1st 4.6 example: a 5 against a 2/Storm: the Storm card is played first and affects both
    players' Player Turns (R8, FE27): no naval moves and no sea moves; the 2 MP move armies by land."""
    from .test_rules_cards import deal, event_card, plain, play

    s = _cards_board()
    place(s, "ATH-NAV-1", "ATHENS")
    place(s, "SPA-NAV-2", "CORINTH")
    place(s, "SPA-HOP-4", "CORINTH")
    storm = event_card(s, "storm")
    deal(s, [plain(s, 5), plain(s, 1)], [storm, plain(s, 1, 1)])
    play(s, plain(s, 5), storm)
    assert s.p1 == SPARTA and s.mp == 2 and s.storm
    for role, navy, army in (("sparta", "SPA-NAV-2", "SPA-HOP-4"), ("athens", "ATH-NAV-1", "ATH-HOP-1")):
        legal = s.legal_actions(role)
        assert f"op {navy}" not in legal and f"sea {navy}" not in legal and f"sea {army}" not in legal
        assert f"op {army}" in legal
        act(s, role, "end")


def test_ed1_4_6_two_event_cards_higher_mp_first_then_sparta() -> None:
    """1st 4.6: "si ambos jugadores juegan una carta de evento, se usa el valor de PM ... si todavía
    hay empate, el espartano es el Jugador 1"."""
    from .test_rules_cards import deal, event_card, plain, play

    s = _cards_board()
    betrayal, storm = event_card(s, "betrayal"), event_card(s, "storm")
    deal(s, [storm, plain(s, 1)], [betrayal, plain(s, 1, 1)])
    play(s, storm, betrayal)
    assert s.p1 == SPARTA
    s2 = _cards_board()
    deal(s2, [event_card(s2, "betrayal"), plain(s2, 1)], [storm, plain(s2, 1, 1)])
    play(s2, event_card(s2, "betrayal"), storm)
    assert s2.p1 == ATHENS


def test_ed1_7_0_helpers_take_no_hits_until_they_have_fired() -> None:
    """1st 7.0 (RULINGS FE37): "otros bloques amistosos pueden participar, disparando normalmente,
    pero no pueden recibir impactos hasta que hayan disparado"."""
    s = ed1_board()
    garrison(s)
    place(s, "ATH-HOP-5", "CHALCIS", 3, inside=True)
    helper = place(s, "SPA-HOP-2", "CHALCIS", 2)  # a Spartan hoplite besieging CHALCIS
    _revolt(s, 1)
    tyrants = bid(s, "SPA-TYRANTS")
    # the defender (B2, first in the combat order) fires before either Spartan block: 3 hits
    script_dice(s, [1, 1, 1] + [6] * 40)
    act(s, "sparta", "battle CHALCIS")
    assert "1st 7.0: the revolt at CHALCIS is fought as a normal battle" in log_text(s)
    act(s, "athens", "fire")
    # every hit of the first volley fell on the revolt block (1 step): the helper, which had not
    # fired yet, took none
    assert s.loc[tyrants] == POOL
    assert s.strength[helper] == 2
    # the helper (its only choice) has fired its 6s; from then on it may be hit (round 2: the
    # defender's 1 is a hit on it)
    assert "Sparta SPARTA B4 (2) fires" in log_text(s) and "Round 2 at CHALCIS" in log_text(s)
    script_dice(s, [1, 6, 6] + [6, 6] * 4)
    act(s, "athens", "fire")
    assert s.strength[helper] == 1


def test_ed1_components_meet_the_first_edition_constraints() -> None:
    """The first edition's own examples as constraints on its components (Two Coasts: CHALCIS to
    SKYROS passes MARATHON and CARYSTUS; FE26 walls), and every current constraint still holds."""
    from polemos.core.constraints import broken
    from polemos.games.athens_sparta.constraints import CONSTRAINTS, FIRST_EDITION_CONSTRAINTS
    from polemos.games.athens_sparta.data import load_components, load_components_first

    first = load_components_first()
    assert broken(FIRST_EDITION_CONSTRAINTS, first) == []
    assert broken(CONSTRAINTS, first) == []
    assert broken(FIRST_EDITION_CONSTRAINTS[1:], load_components())  # the current data has no such walls


def test_ed1_9_2_leaving_sicily_is_a_1_mp_move_without_sea_control() -> None:
    """1st 9.2 (RULINGS FE21 e): land blocks move to and from Sicily by sea "sin tener en cuenta el
    Control Naval": after a battle at SYRACUSE goes on, the attackers in the field may sail home;
    the current 9.2 needs sea control there."""
    for options, may in ((FIRST, True), (None, False)):
        s = _attack_syracuse_ed1(options)
        script_dice(s, [6] * 80)
        act(s, "athens", "battle SYRACUSE")
        _fight(s)
        hop = bid(s, "ATH-HOP-6")
        if s.loc[hop] != s.comp.board.syracuse_hex or s.inside[hop]:
            assert not may  # the current rules: the defenders withdrew, Athens besieges
        s.loc[hop] = s.comp.board.syracuse_hex
        s.inside[hop] = False
        for b in range(len(s.loc)):  # a green block stays outside: SYRACUSE's sea is contested
            if s.comp.blocks[b].side == 2 and s.loc[b] == s.comp.board.syracuse_hex:
                s.inside[b] = False
        at_phase(s, ATHENS, "move", 3)
        assert ("sea ATH-HOP-6" in s.legal_actions("athens")) == may, options


def test_ed1_9_2_defenders_may_withdraw_on_any_combat_turn_they_do_not_fire() -> None:
    """1st 9.2 (RULINGS FE21 c): "los bloques de Syracuse pueden retroceder para ser asediados durante
    la fase de declaración o posteriormente en cualquier turno de combate si no disparan"."""
    s = _attack_syracuse_ed1(FIRST)
    script_dice(s, [6] * 80)
    act(s, "athens", "battle SYRACUSE")
    asked = _fight(s)
    defender = [legal for role, legal in asked if role == "sparta"]
    assert any(a.startswith("withdraw ") for a in defender[0])  # the declaration
    turns = defender[1:]
    assert len(turns) >= 4 and all({"fire", "withdraw"} <= set(legal) for legal in turns)


# ============================================================================ 5.59 siege attrition
def test_ed1_5_59_potidaea_sidebar() -> None:
    """1st 5.59 and the POTIDAEA sidebar: at the start POTIDAEA is a full siege (siege and
    blockade): the besieged Spartans roll 3+ per block, the Athenian besiegers 4+; when the Athenian
    navy leaves it is a half siege and the Spartans roll 5+."""
    from polemos.games.athens_sparta.attrition import siege_attrition, siege_status

    s: S = polemos.game("athens-and-sparta").new(1, options=FIRST)
    h = hex_of(s, "POTIDAEA")
    siege, blockade, full = siege_status(s, h)
    assert siege and blockade and full
    here = [b for b in range(len(s.loc)) if s.loc[b] == h]
    spartans = [b for b in here if s.owner[b] == SPARTA]
    s.log = []
    script_dice(s, [3] * len(spartans))
    siege_attrition(s, SPARTA)
    assert "full siege, 3+" in log_text(s)
    s.log = []
    siege_attrition(s, ATHENS)
    assert "besieger, 4+" in log_text(s)
    for b in here:
        if s.owner[b] == ATHENS and s.comp.blocks[b].type == 3:
            s.loc[b] = hex_of(s, "ATHENS")
    assert siege_status(s, h)[2] is False
    s.log = []
    siege_attrition(s, SPARTA)
    assert "half-siege, 5+" in log_text(s)
