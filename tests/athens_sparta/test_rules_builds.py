"""Rule tests for the Replacement Phase of Athens & Sparta (8.0-8.6, RULINGS R12), Persian
navies (9.3), neutral BPs (9.5) and rebel navies (9.4)."""

from __future__ import annotations

from polemos.games.athens_sparta.common import update_control
from polemos.games.athens_sparta.model import ATHENS, SPARTA
from polemos.games.athens_sparta.replacement import build_points
from polemos.games.athens_sparta.state import POOL, AthensSpartaState

from .helpers import (
    act,
    adds,
    at_phase,
    bid,
    empty_board,
    game,
    garrison,
    hex_of,
    log_text,
    place,
    replacement,
    set_owner,
)

S = AthensSpartaState


def builds(s: S, role: str, block_id: str) -> set[str]:
    prefix = f"build {block_id} "
    return {a[len(prefix):] for a in s.legal_actions(role) if a.startswith(prefix)}


def city_spent(s: S, name: str) -> int:
    return s.city_spent[s.comp.board.city_index[name]]


# ============================================================================ 8.0 / 8.1
def test_8_0_replacement_phase_is_simultaneous() -> None:
    """8.0: both players have a simultaneous Replacement Phase."""
    s = empty_board()
    garrison(s)
    replacement(s)
    assert set(s.active_roles()) == {"athens", "sparta"}
    act(s, "sparta", "done")
    assert s.active_roles() == ("athens",)
    act(s, "athens", "done")
    assert s.pending is None


def test_8_1_opening_bps_athens_19_sparta_18() -> None:
    """8.1 sidebar: Athens starts with 19 BPs (POTIDAEA is Spartan but besieged), Sparta with 18."""
    s = game().new(3)
    assert build_points(s, ATHENS) == 19 and build_points(s, SPARTA) == 18
    replacement(s)
    assert s.bp == [19, 18]
    assert "Athens has 19 BP, Sparta 18 BP (8.1)" in log_text(s)


def test_8_1_besieged_or_blockaded_cities_give_no_bps() -> None:
    """8.1: besieged or blockaded cities do not provide BPs for either player."""
    s = empty_board()
    garrison(s)
    update_control(s)
    before, sparta = build_points(s, ATHENS), build_points(s, SPARTA)
    place(s, "ATH-HOP-5", "CHALCIS", 2, inside=True)
    place(s, "SPA-NAV-3", "CHALCIS", 2)  # a blockade
    assert build_points(s, ATHENS) == before - 1
    place(s, "ATH-HOP-9", "MILETUS", 2, inside=True)
    place(s, "SPA-HOP-2", "MILETUS", 2)  # a siege
    assert build_points(s, ATHENS) == before - 3
    assert build_points(s, SPARTA) == sparta  # nor for the besieger


def test_8_1_allied_neutral_cities_give_bps() -> None:
    """8.1/9.5: players receive BPs for controlled cities, including (allied) neutral cities."""
    s = empty_board()
    garrison(s)
    update_control(s)
    before = build_points(s, SPARTA)
    set_owner(s, "ARGOS", SPARTA)
    assert build_points(s, SPARTA) == before + 2


def test_8_1_at_most_3x_value_in_a_major_city() -> None:
    """8.1: the maximum BPs that may be spent per major city is 3x the city's value."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-2", "CHALCIS", 1)  # value 1: at most 3 BP
    place(s, "ATH-PEL-3", "CHALCIS", 1)
    replacement(s)
    act(s, "athens", "add ATH-HOP-2")  # 2 BP
    assert city_spent(s, "CHALCIS") == 2
    assert "ATH-HOP-2" not in adds(s, "athens")  # another 2 would make 4
    assert "ATH-PEL-3" in adds(s, "athens")  # 1 more is fine
    act(s, "athens", "add ATH-PEL-3")
    assert city_spent(s, "CHALCIS") == 3
    assert not {"ATH-HOP-2", "ATH-PEL-3"} & adds(s, "athens")


def test_8_1_at_most_1_bp_in_a_minor_city() -> None:
    """8.1 (and the publisher's Q&A): the maximum per minor city is 1 BP."""
    s = empty_board()
    garrison(s)
    pel = place(s, "ATH-PEL-1", "NAUPACTUS", 1)
    place(s, "ATH-HOP-5", "PLATAEA", 1)
    replacement(s)
    assert "ATH-HOP-5" not in adds(s, "athens")  # a hoplite step costs 2
    act(s, "athens", "add ATH-PEL-1")
    assert s.strength[pel] == 2
    assert "ATH-PEL-1" not in adds(s, "athens")


def test_8_1_athens_build_limit_16() -> None:
    """8.1: ATHENS and SPARTA have build limits of 16 BPs."""
    s = empty_board()
    place(s, "SPA-HOP-1", "SPARTA")
    for block_id in ("ATH-HOP-1", "ATH-HOP-2", "ATH-HOP-3"):
        place(s, block_id, "ATHENS", 1)
    pel = place(s, "ATH-RES-3", "ATHENS", 1)  # a 4-step peltast
    replacement(s)
    s.bp[ATHENS] = 40
    for block_id, n in (("ATH-HOP-1", 3), ("ATH-HOP-2", 2), ("ATH-HOP-3", 2), ("ATH-RES-3", 2)):
        for _ in range(n):
            act(s, "athens", "add " + block_id)
    assert city_spent(s, "ATHENS") == 16
    assert s.strength[pel] == 3
    assert "ATH-RES-3" not in adds(s, "athens")  # it has a step left, but ATHENS is spent out
    assert "ATHENS" not in builds(s, "athens", "ATH-RES-4")


def test_8_1_sparta_build_limit_16() -> None:
    """8.1: SPARTA's build limit is 16 BPs (not 3x its value of 4 = 12)."""
    s = empty_board()
    place(s, "ATH-HOP-1", "ATHENS")
    for block_id in ("SPA-HOP-1", "SPA-HOP-2", "SPA-HOP-3"):
        place(s, block_id, "SPARTA", 1)
    place(s, "SPA-RES-1", "SPARTA", 1)
    replacement(s)
    s.bp[SPARTA] = 40
    for block_id, n in (("SPA-HOP-1", 3), ("SPA-HOP-2", 3), ("SPA-HOP-3", 2)):
        for _ in range(n):
            act(s, "sparta", "add " + block_id)
    assert city_spent(s, "SPARTA") == 16
    assert "SPA-RES-1" not in adds(s, "sparta")


# ============================================================================ 8.2 reinforcements
def test_8_2_no_reinforcement_outside_a_city_hex() -> None:
    """8.2: blocks in a non-city hex cannot be reinforced."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-PEL-1", "0907", 1)
    place(s, "ATH-PEL-3", "PLATAEA", 1)
    replacement(s)
    assert "ATH-PEL-1" not in adds(s, "athens")
    assert "ATH-PEL-3" in adds(s, "athens")  # the same kind of block in a city hex


def test_8_2_only_besiegers_not_besieged_blocks_can_be_reinforced() -> None:
    """8.2/R12: only besieging blocks of a siege can be reinforced, in any city hex; BPs count there."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-8", "MEGARA", 1, inside=True)
    place(s, "ATH-HOP-2", "MEGARA", 1)  # Athens besieges Spartan MEGARA
    place(s, "SPA-HOP-9", "SICYON", 1, inside=True)
    place(s, "ATH-HOP-3", "SICYON", 1)
    replacement(s)
    assert "SPA-HOP-8" not in adds(s, "sparta")
    assert "ATH-HOP-2" in adds(s, "athens")
    act(s, "athens", "add ATH-HOP-2")
    assert city_spent(s, "MEGARA") == 2


# ============================================================================ 8.3 new blocks
def test_8_3_new_blocks_built_at_home_not_if_enemy_held() -> None:
    """8.3/R12: new blocks are built at one step in their home city, not if enemy-held."""
    s = empty_board()
    garrison(s)
    replacement(s)
    assert builds(s, "athens", "ATH-HOP-6") == {"CORCYRA"}
    act(s, "athens", "build ATH-HOP-6 CORCYRA")
    b = bid(s, "ATH-HOP-6")
    assert s.loc[b] == hex_of(s, "CORCYRA") and s.strength[b] == 1
    assert "ATH-HOP-6" in adds(s, "athens")
    s2 = empty_board()
    garrison(s2)
    set_owner(s2, "CORCYRA", SPARTA)
    replacement(s2)
    assert builds(s2, "athens", "ATH-HOP-6") == set()


def test_8_3_reserve_blocks_in_any_friendly_major_city() -> None:
    """8.3/2.14: RESERVE blocks are built in any friendly major city, subject to BP limits."""
    s = empty_board()
    garrison(s)
    replacement(s)
    sites = builds(s, "sparta", "SPA-RES-2")
    board = s.comp.board
    assert {"SPARTA", "CORINTH", "THEBES", "MEGARA"} <= sites
    for name in sites:
        city = board.cities[board.city_index[name]]
        assert city.major and s.city_owner[city.index] == SPARTA, name
    assert "GYTHEUM" not in sites and "ATHENS" not in sites


def test_8_3_no_new_block_in_a_city_under_siege() -> None:
    """8.3/8.1 and RULINGS R12: new blocks are never built in a city under siege."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-4", "CORINTH", 1, inside=True)
    place(s, "ATH-HOP-2", "CORINTH", 1)
    replacement(s)
    assert "CORINTH" not in builds(s, "sparta", "SPA-RES-2")
    assert "CORINTH" not in builds(s, "sparta", "SPA-HOP-5")  # its home: besieged


# ============================================================================ 8.4 costs
def test_8_4_step_costs_peltast_1_hoplite_2_cavalry_and_ships_3() -> None:
    """8.4: cost per step: 1 BP peltasts, 2 BP hoplites, 3 BP cavalry and ships."""
    s = empty_board()
    garrison(s)
    replacement(s)
    for block_id, city, cost in (("ATH-RES-3", "ATHENS", 1), ("ATH-RES-1", "ATHENS", 2),
                                 ("ATH-CAV-1", "ATHENS", 3), ("ATH-NAV-1", "ATHENS", 3)):
        before = s.bp[ATHENS]
        act(s, "athens", f"build {block_id} {city}")
        assert before - s.bp[ATHENS] == cost, block_id


def test_9_3_persian_support_makes_spartan_navies_cost_1_bp() -> None:
    """9.3/R11: holding MILETUS, Sparta may accept Persian support: her navies cost 1 BP per step."""
    s = empty_board()
    garrison(s)
    set_owner(s, "MILETUS", SPARTA)
    replacement(s)
    assert "persia" in s.legal_actions("sparta")
    before = s.bp[SPARTA]
    act(s, "sparta", "persia")
    assert s.persia == 1 and "persia" not in s.legal_actions("sparta")
    act(s, "sparta", "build SPA-NAV-2 CORINTH")
    assert before - s.bp[SPARTA] == 1
    act(s, "sparta", "add SPA-NAV-2")
    assert before - s.bp[SPARTA] == 2
    s2 = empty_board()
    garrison(s2)
    replacement(s2)
    assert "persia" not in s2.legal_actions("sparta")  # not without MILETUS


def test_9_3_persian_support_ceases_if_athens_regains_miletus() -> None:
    """9.3: Persian support ceases permanently should Athens regain control of MILETUS."""
    s = empty_board()
    garrison(s)
    set_owner(s, "MILETUS", SPARTA)
    s.persia = 1
    place(s, "ATH-HOP-9", "MILETUS")
    at_phase(s, ATHENS, "move", 2)
    assert s.persia == 2
    set_owner(s, "MILETUS", SPARTA)
    replacement(s)
    assert "persia" not in s.legal_actions("sparta")


def test_9_5_neutral_city_bps_spent_on_its_own_blocks_when_possible() -> None:
    """9.5: neutral city BPs must be spent on that city's blocks when possible, else on any block."""
    s = empty_board()
    garrison(s)
    set_owner(s, "ARGOS", SPARTA)
    neu = place(s, "NEU-HOP-1", "ARGOS", 1)
    s.owner[neu] = SPARTA
    place(s, "SPA-HOP-4", "CORINTH", 1)
    replacement(s)
    s.bp[SPARTA] = 2  # only ARGOS' 2 BP left
    legal = adds(s, "sparta")
    assert "NEU-HOP-1" in legal and "SPA-HOP-4" not in legal
    act(s, "sparta", "add NEU-HOP-1")
    # with the ARGOS hoplites full, ARGOS' BPs may go to any block
    s2 = empty_board()
    garrison(s2)
    set_owner(s2, "ARGOS", SPARTA)
    for block_id in ("NEU-HOP-1", "NEU-HOP-2"):
        b = place(s2, block_id, "ARGOS")
        s2.owner[b] = SPARTA
    place(s2, "SPA-HOP-4", "CORINTH", 1)
    replacement(s2)
    s2.bp[SPARTA] = 2
    assert "SPA-HOP-4" in adds(s2, "sparta")


# ============================================================================ 8.5 / 8.6
def test_8_6_disband_to_the_pool_and_rebuild_immediately() -> None:
    """8.6/8.5: a disbanded block goes to the pool, its steps forfeit, and may be rebuilt at once."""
    s = empty_board()
    garrison(s)
    hop = place(s, "SPA-HOP-4", "CORINTH", 2)
    replacement(s)
    act(s, "sparta", "disband SPA-HOP-4")
    assert s.loc[hop] == POOL and s.strength[hop] == 0
    before = s.bp[SPARTA]
    act(s, "sparta", "build SPA-HOP-4 CORINTH")
    assert s.loc[hop] == hex_of(s, "CORINTH") and s.strength[hop] == 1
    assert before - s.bp[SPARTA] == 2


def test_8_6_blocks_cannot_be_merged() -> None:
    """8.6: players cannot merge blocks on the map (no action moves steps between blocks)."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-4", "CORINTH", 1)
    place(s, "SPA-HOP-5", "CORINTH", 1)
    replacement(s)
    verbs = {a.split(" ")[0] for a in s.legal_actions("sparta")}
    assert verbs <= {"add", "build", "disband", "done", "persia"}


# ============================================================================ 9.4 rebel navies
def test_9_4_rebel_navy_moves_to_its_city_and_converts_when_sparta_takes_it() -> None:
    """9.4: a rebel city taken by Sparta: its navy moves there and converts at the same strength."""
    s = empty_board()
    garrison(s)
    anav = place(s, "ATH-NAV-6", "ATHENS", 2)  # the CHIOS navy, away from home
    place(s, "SPA-PEL-1", "1607")
    at_phase(s, SPARTA, "move", 3)
    act(s, "sparta", "op SPA-PEL-1")
    act(s, "sparta", "to CHIOS")
    if s.moving >= 0:
        act(s, "sparta", "stop")
    act(s, "sparta", "end")
    snav = bid(s, "SPA-NAV-CHIOS")
    assert s.city_owner[s.comp.board.city_index["CHIOS"]] == SPARTA
    assert s.loc[snav] == hex_of(s, "CHIOS") and s.strength[snav] == 2
    assert s.loc[anav] == POOL and s.strength[anav] == 0  # the replaced block: Athens' pool
    assert "9.4" in log_text(s)
    # Athens retakes CHIOS: the navy converts back
    from polemos.games.athens_sparta.common import change_city_owner

    s.loc[bid(s, "SPA-PEL-1")] = POOL
    change_city_owner(s, s.comp.board.city_index["CHIOS"], ATHENS)
    assert s.loc[anav] == hex_of(s, "CHIOS") and s.strength[anav] == 2
    assert s.loc[snav] == POOL and s.strength[snav] == 0


def test_9_4_rebel_navy_in_the_pool_becomes_buildable_by_sparta() -> None:
    """9.4: a rebel navy in the pool when Sparta takes its city becomes buildable by Sparta there."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-PEL-1", "1607")
    at_phase(s, SPARTA, "move", 3)
    act(s, "sparta", "op SPA-PEL-1")
    act(s, "sparta", "to CHIOS")
    if s.moving >= 0:
        act(s, "sparta", "stop")
    act(s, "sparta", "end")
    assert s.loc[bid(s, "SPA-NAV-CHIOS")] == POOL
    assert s.loc[bid(s, "ATH-NAV-6")] == POOL  # in Athens' pool, but CHIOS is enemy-held (8.3)
    assert "9.4: the CHIOS navy may now be built by Sparta." in log_text(s)
    replacement(s)
    assert builds(s, "sparta", "SPA-NAV-CHIOS") == {"CHIOS"}
    assert builds(s, "athens", "ATH-NAV-6") == set()


def test_3_0_blue_star_navies_start_in_the_spartan_pool() -> None:
    """3.0: the Spartan navies CHIOS, MYTILENE, CORCYRA and RHODES make up the Spartan
    Replacement Pool with RESERVE and TYRANTS, and the Spartan view shows them there; 9.4/8.3:
    Sparta cannot build them while Athens holds their cities."""
    s = game().new(5)
    pool = {p["id"] for p in s.view("sparta")["pool"]}
    assert {"SPA-NAV-CHIOS", "SPA-NAV-MYTILENE", "SPA-NAV-CORCYRA", "SPA-NAV-RHODES"} <= pool
    assert pool == {b.id for b in s.comp.blocks if b.side == SPARTA and (b.reserve or b.revolt or b.rebel_of >= 0)}
    athens_pool = {p["id"] for p in s.view("athens")["pool"]}
    assert athens_pool == {b.id for b in s.comp.blocks if b.side == ATHENS and (b.reserve or b.revolt)}
    assert not pool & {p.get("id") for p in s.view("athens")["blocks"]}  # never in the enemy's view
    e = empty_board()
    garrison(e)
    replacement(e)
    for name in ("CHIOS", "MYTILENE", "CORCYRA", "RHODES"):
        assert builds(e, "sparta", f"SPA-NAV-{name}") == set()


def test_9_4_athens_builds_its_rebel_navy_again_once_it_retakes_the_city() -> None:
    """9.4: the navy converts back if Athens retakes the rebel city; with both twins in the
    pools, the holder of the city is the one who may build its own (8.3)."""
    from polemos.games.athens_sparta.common import change_city_owner

    s = empty_board()
    garrison(s)
    chios = s.comp.board.city_index["CHIOS"]
    change_city_owner(s, chios, SPARTA)
    replacement(s)
    assert builds(s, "sparta", "SPA-NAV-CHIOS") == {"CHIOS"} and builds(s, "athens", "ATH-NAV-6") == set()
    change_city_owner(s, chios, ATHENS)
    s.reset_caches()
    replacement(s)
    assert builds(s, "athens", "ATH-NAV-6") == {"CHIOS"} and builds(s, "sparta", "SPA-NAV-CHIOS") == set()


def test_8_0_undo_in_the_replacement_phase_is_each_players_own() -> None:
    """Both players build at once (8.0): Sparta's Undo neither vanishes nor reappears when Athens adds a
    step in secret (the kernel's undo policy looks only at the role's own actions; issue 8), and taking
    Sparta's step back leaves Athens's step standing."""
    import polemos
    from polemos.core.rng import Rng

    state = polemos.game("athens-and-sparta").new(5)
    chooser = Rng(5)
    for _ in range(3000):
        if (state.pending is not None and state.pending["kind"] == "replace"
                and set(state.active_roles()) == {"athens", "sparta"} and len(state.actions) == state.undo_floor
                and any(a.startswith("add ") for a in state.legal_actions("athens"))
                and any(a.startswith("add ") for a in state.legal_actions("sparta"))):
            break
        role = chooser.choice(state.active_roles())
        state.apply(role, chooser.choice(state.legal_actions(role)))
    else:
        raise AssertionError("no Replacement Phase with both players able to add a step")
    sparta_step = next(a for a in state.legal_actions("sparta") if a.startswith("add "))
    state.apply("sparta", sparta_step)
    assert state.can_undo("sparta") and not state.can_undo("athens")
    athens_step = next(a for a in state.legal_actions("athens") if a.startswith("add "))
    state.apply("athens", athens_step)
    assert state.can_undo("sparta") and state.can_undo("athens")
    state.undo("sparta")
    assert state.actions[-1] == ("athens", athens_step)
    assert not state.can_undo("sparta") and state.can_undo("athens")
    assert sparta_step in state.legal_actions("sparta")
