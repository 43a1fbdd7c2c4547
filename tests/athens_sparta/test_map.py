"""The reconstructed Athens & Sparta map keeps every constraint the rules put on it.

Each test is named by the rule (or sidebar) it checks. The movement examples use a small
breadth-first search written here, independent of the rules engine:

* armies cross land hexsides that are clear or passes (never mountain sides, never water); they
  stop on entering a mountain hex; crossing a strait (entering a strait hex on one side and leaving
  it on the other) stops the move unless the block began the move in that strait hex (4.3);
* navies cross navigable hexsides and keep to one coast of a two-coast hex (1.7).
"""

from __future__ import annotations

import math
import shutil
import tomllib
from collections import deque
from pathlib import Path

import pytest

from polemos.core.data import DataError
from polemos.games.athens_sparta.board import DATA_DIR, DIRECTIONS, Grid, load_board
from polemos.games.athens_sparta.model import (
    ATHENS,
    CLEAR,
    MOUNTAIN,
    NEUTRAL,
    OFFBOARD,
    PERSIA,
    SEA,
    SIDE_CLEAR,
    SIDE_NONE,
    SIDE_PASS,
    SPARTA,
    STRAIT,
    Board,
    City,
    opposite,
)

BOARD = load_board()


def hex_of(name: str) -> int:
    return BOARD.cities[BOARD.city_index[name]].hex


def city(name: str) -> City:
    return BOARD.cities[BOARD.city_index[name]]


# ----------------------------------------------------------------------------- movement search


def army_reach(board: Board, start: int, limit: int) -> dict[int, int]:
    """Fewest hexes an army from ``start`` needs to end its move in each hex it can reach.

    State: (hex, entry side group, steps). Entry group 0 = began the move here, 1 = entered on the
    city side, 2 = entered on the far side of a strait hex.
    """
    best: dict[int, int] = {start: 0}
    queue: deque[tuple[int, int, int]] = deque([(start, 0, 0)])
    seen = {(start, 0)}
    while queue:
        h, group, steps = queue.popleft()
        if steps == limit:
            continue
        if steps > 0 and board.terrain[h] == MOUNTAIN:
            continue  # must stop after entering a mountain hex (1.8)
        far = board.far_sides[h]
        for d, o in enumerate(board.neighbours[h]):
            if o < 0 or board.land_side[h][d] not in (SIDE_CLEAR, SIDE_PASS):
                continue
            if board.terrain[h] == STRAIT and group != 0 and (group == 2) != (d in far):
                continue  # crossing the strait stops the move (4.3)
            back = opposite(d)
            ogroup = 2 if back in board.far_sides[o] else 1
            best[o] = min(best.get(o, 99), steps + 1)
            if (o, ogroup) not in seen:
                seen.add((o, ogroup))
                queue.append((o, ogroup, steps + 1))
    return best


def army_can_pass(board: Board, path: list[int]) -> bool:
    """Whether an army can follow ``path`` (hex by hex) in one move without being stopped on the way."""
    entry = 0
    for i in range(len(path) - 1):
        h, o = path[i], path[i + 1]
        if o not in board.neighbours[h]:
            return False
        d = board.neighbours[h].index(o)
        if board.land_side[h][d] not in (SIDE_CLEAR, SIDE_PASS):
            return False
        if i > 0 and board.terrain[h] == MOUNTAIN:
            return False
        if board.terrain[h] == STRAIT and entry != 0 and (entry == 2) != (d in board.far_sides[h]):
            return False
        entry = 2 if opposite(d) in board.far_sides[o] else 1
    return True


def enters_far_side(board: Board, origin: int, strait: int) -> bool:
    d = board.neighbours[strait].index(origin)
    return d in board.far_sides[strait]


def navy_distances(board: Board, start: int, coast: int, limit: int = 12) -> dict[tuple[int, int], int]:
    """Fewest hexes a navy at (start, coast) needs to reach each (hex, coast)."""
    dist = {(start, coast): 0}
    queue = deque([(start, coast)])
    while queue:
        h, c = queue.popleft()
        if dist[(h, c)] == limit:
            continue
        for d, o in enumerate(board.neighbours[h]):
            if o < 0 or board.water_side[h][d] != c:
                continue
            state = (o, board.water_side[o][opposite(d)])
            if state not in dist:
                dist[state] = dist[(h, c)] + 1
                queue.append(state)
    return dist


def navy_distance(board: Board, a: str, b: str, *, any_coast: bool = False) -> int:
    ca, cb = board.cities[board.city_index[a]], board.cities[board.city_index[b]]
    dist = navy_distances(board, ca.hex, ca.coast)
    coasts = (0, 1) if any_coast else (cb.coast,)
    return min((dist[(cb.hex, c)] for c in coasts if (cb.hex, c) in dist), default=99)


# ----------------------------------------------------------------------------- 1.x map board


def test_1_1_walls_and_colours() -> None:
    assert city("ATHENS").walled and city("CORINTH").walled and city("THEBES").walled
    assert not city("SPARTA").walled
    assert city("ATHENS").side == ATHENS and city("SPARTA").side == SPARTA


def test_1_2_points_48_20_18_10() -> None:
    total = sum(c.value for c in BOARD.cities)
    by_side = {side: sum(c.value for c in BOARD.cities if c.side == side) for side in (ATHENS, SPARTA, NEUTRAL)}
    assert total == 48
    assert by_side == {ATHENS: 20, SPARTA: 18, NEUTRAL: 10}
    # Athens opens with 19: POTIDAEA (blue, 1) is Spartan-held, besieged and blockaded (3.0 sidebar)
    assert city("POTIDAEA").side == ATHENS and city("POTIDAEA").value == 1
    assert by_side[ATHENS] - city("POTIDAEA").value == 19
    assert city("MILETUS").value == 2 and city("MILETUS").side == ATHENS  # 9.3


def test_1_2_major_values_1_to_4() -> None:
    assert all(0 <= c.value <= 4 for c in BOARD.cities)
    assert city("SYRACUSE").value == 4


def test_1_3_non_ports() -> None:
    non_ports = {c.name for c in BOARD.cities if not c.port}
    assert non_ports == {"ELIS", "MESSENE", "SPARTA", "STRATUS", "THEBES"}
    for name in non_ports:
        h = hex_of(name)
        assert all(w < 0 for w in BOARD.water_side[h]), f"{name} hex has a navigable side"


def test_1_3_every_port_touches_its_coast() -> None:
    for c in BOARD.cities:
        if c.port and not c.offboard:
            assert c.coast in BOARD.water_side[c.hex], f"{c.name} has no navigable side on coast {c.coast}"


def test_1_4_oracles() -> None:
    assert {c.name for c in BOARD.cities if c.oracle} == {"DELOS", "DELPHI"}


def test_1_5_strait_hexes() -> None:
    straits = {h for h, t in enumerate(BOARD.terrain) if t == STRAIT}
    names = ("NAUPACTUS", "ABYDOS", "EPHESUS", "CORCYRA", "LEUCAS", "HALICARNASSUS", "MARATHON", "CHIOS")
    named = {hex_of(n) for n in names}
    assert straits == named
    for h in straits:
        far = BOARD.far_sides[h]
        assert far and len(far) < 6
        assert all(BOARD.land_side[h][d] != SIDE_NONE for d in far)  # armies cross to the far side
        assert any(w == 0 for w in BOARD.water_side[h])  # the channel is navigable (4.3)
    assert all(not BOARD.far_sides[h] for h in range(len(BOARD.hexes)) if h not in straits)


def test_1_1_marathon_marks_the_attic_side() -> None:
    marathon = hex_of("MARATHON")
    assert city("MARATHON").side not in (ATHENS, SPARTA, NEUTRAL, PERSIA)
    assert BOARD.terrain[marathon] == STRAIT
    # Euboea (CHALCIS, CARYSTUS) lies on the far side; ATHENS's side of the hex is the city side
    for name in ("CHALCIS", "CARYSTUS"):
        assert enters_far_side(BOARD, hex_of(name), marathon)
    attic = [
        d
        for d, o in enumerate(BOARD.neighbours[marathon])
        if o >= 0 and BOARD.land_side[marathon][d] != SIDE_NONE and d not in BOARD.far_sides[marathon]
    ]
    assert attic
    athens_reach = army_reach(BOARD, hex_of("ATHENS"), 2)
    assert athens_reach.get(marathon, 99) <= 2


def test_1_6_1_7_corinth_both_gulfs() -> None:
    corinth = city("CORINTH")
    coasts = {w for w in BOARD.water_side[corinth.hex] if w >= 0}
    assert coasts == {0, 1}
    # navies reach CORINTH from the Gulf of Corinth (NAUPACTUS) and from the Saronic (ATHENS)
    gulf = navy_distances(BOARD, hex_of("NAUPACTUS"), city("NAUPACTUS").coast)
    saronic = navy_distances(BOARD, hex_of("ATHENS"), city("ATHENS").coast)
    assert gulf[(corinth.hex, 0)] <= 4 and saronic[(corinth.hex, 1)] <= 4


def test_1_7_two_coasts() -> None:
    two_coast = [h for h in range(len(BOARD.hexes)) if {w for w in BOARD.water_side[h] if w >= 0} == {0, 1}]
    assert len(two_coast) >= 4
    for name in ("CORINTH", "MEGARA", "CHALCIS", "POTIDAEA"):
        assert hex_of(name) in two_coast, name
    # "especially on Euboea": CHALCIS and at least one more Euboean hex
    euboea = {hex_of("CHALCIS")} | {
        o
        for d, o in enumerate(BOARD.neighbours[hex_of("CHALCIS")])
        if o >= 0 and BOARD.land_side[hex_of("CHALCIS")][d] != SIDE_NONE and BOARD.terrain[o] != STRAIT
    }
    assert len(euboea & set(two_coast)) >= 2


def test_1_7_chalcis_on_the_west_coast() -> None:
    chalcis = city("CHALCIS")
    marathon = hex_of("MARATHON")
    west = [d for d, w in enumerate(BOARD.water_side[chalcis.hex]) if w == chalcis.coast]
    east = [d for d, w in enumerate(BOARD.water_side[chalcis.hex]) if w >= 0 and w != chalcis.coast]
    assert east, "CHALCIS hex must also touch the east (Aegean) coast"
    assert [BOARD.neighbours[chalcis.hex][d] for d in west] == [marathon]
    # the city's coast faces west: its navigable side points south/south-west, the other coast east
    assert all(DIRECTIONS[d] in ("S", "SW", "NW") for d in west)
    assert all(DIRECTIONS[d] in ("N", "NE", "SE") for d in east)


def test_1_7_lemnos_chalcis_six_via_carystus_marathon() -> None:
    assert navy_distance(BOARD, "LEMNOS", "CHALCIS") == 6
    # a navy at LEMNOS cannot attack CHALCIS (a 4-hex move), though it can reach its east coast
    chalcis = city("CHALCIS")
    dist = navy_distances(BOARD, hex_of("LEMNOS"), city("LEMNOS").coast)
    assert dist[(chalcis.hex, 1 - chalcis.coast)] <= 4
    # every 6-hex route passes CARYSTUS and MARATHON: block either and CHALCIS is out of reach in 6
    for name in ("CARYSTUS", "MARATHON"):
        cut = _without_hex(BOARD, hex_of(name))
        assert navy_distance(cut, "LEMNOS", "CHALCIS") > 6, name
    assert navy_distance(BOARD, "LEMNOS", "CARYSTUS") == 4


def _without_hex(board: Board, gone: int) -> Board:
    water = [list(row) for row in board.water_side]
    for d, o in enumerate(board.neighbours[gone]):
        if o >= 0:
            water[o][opposite(d)] = -1
        water[gone][d] = -1
    return Board(
        hexes=board.hexes,
        terrain=board.terrain,
        neighbours=board.neighbours,
        land_side=board.land_side,
        water_side=tuple(tuple(r) for r in water),
        far_sides=board.far_sides,
        city_at=board.city_at,
        cities=board.cities,
        city_index=board.city_index,
        hex_index=board.hex_index,
        embarkation=board.embarkation,
        centers=board.centers,
    )


def test_1_8_mountain_hexes_enterable() -> None:
    for h, t in enumerate(BOARD.terrain):
        if t == MOUNTAIN:
            assert any(s in (SIDE_CLEAR, SIDE_PASS) for s in BOARD.land_side[h]), BOARD.hexes[h]


def test_tet_rivers_drawn_with_adjacent_sources() -> None:
    assert len(BOARD.rivers) == 2 and all(BOARD.rivers)
    a, b = BOARD.river_sources
    assert b in BOARD.neighbours[a]
    d = BOARD.neighbours[a].index(b)
    # Q&A: a unit may move directly between the two source hexes, but must stop there
    assert BOARD.land_side[a][d] in (SIDE_CLEAR, SIDE_PASS)
    assert BOARD.terrain[a] == MOUNTAIN and BOARD.terrain[b] == MOUNTAIN
    assert army_reach(BOARD, a, 3).get(b) == 1
    assert not army_can_pass(BOARD, [a, b, next(o for o in BOARD.neighbours[b] if o not in (-1, a))])
    for river in BOARD.rivers:
        for h, d in river:
            assert BOARD.neighbours[h][d] >= 0


# ----------------------------------------------------------------------------- structure


def test_city_hexes_are_land() -> None:
    for c in BOARD.cities:
        if c.offboard:
            assert BOARD.terrain[c.hex] == OFFBOARD
        else:
            assert BOARD.terrain[c.hex] in (CLEAR, MOUNTAIN, STRAIT), c.name
        assert BOARD.city_at[c.hex] == c.index
    assert len({c.hex for c in BOARD.cities}) == len(BOARD.cities)


def test_sides_are_symmetric() -> None:
    for h, row in enumerate(BOARD.neighbours):
        for d, o in enumerate(row):
            if o < 0:
                assert BOARD.land_side[h][d] == SIDE_NONE and BOARD.water_side[h][d] < 0
                continue
            back = opposite(d)
            assert BOARD.neighbours[o][back] == h
            assert BOARD.land_side[o][back] == BOARD.land_side[h][d]
            assert (BOARD.water_side[o][back] >= 0) == (BOARD.water_side[h][d] >= 0)


def test_sea_hexes_are_open_water() -> None:
    for h, t in enumerate(BOARD.terrain):
        if t == SEA:
            for d, o in enumerate(BOARD.neighbours[h]):
                assert BOARD.land_side[h][d] == SIDE_NONE
                assert BOARD.water_side[h][d] == (0 if o >= 0 else -1)


def test_hex_labels_and_indices() -> None:
    assert len(BOARD.hexes) == len(set(BOARD.hexes)) == len(BOARD.terrain) == len(BOARD.centers)
    assert all(BOARD.hex_index[label] == i for i, label in enumerate(BOARD.hexes))
    assert len(BOARD.hexes) > 250  # ~30 miles per hex over the whole Aegean
    assert all(text.strip() for text in BOARD.provenance.values())


RULE_NAMES = [
    # the city names the rules and examples use (component-data.md)
    "ABYDOS",
    "AMPHIPOLIS",
    "ARGOS",
    "CARDIA",
    "CARYSTUS",
    "CEPHALLENIA",
    "CHALCIS",
    "CHIOS",
    "CORCYRA",
    "CORINTH",
    "CYLLENE",
    "CYTHERA",
    "DELOS",
    "DELPHI",
    "ELAEUS",
    "ELIS",
    "EPHESUS",
    "GYTHEUM",
    "HALICARNASSUS",
    "LEMNOS",
    "LEUCAS",
    "MARATHON",
    "MEGARA",
    "MESSENE",
    "MILETUS",
    "MYTILENE",
    "NAUPACTUS",
    "NAXOS",
    "NOTIUM",
    "PATRAE",
    "PLEURON",
    "POTIDAEA",
    "PYLOS",
    "RHODES",
    "SAMOS",
    "SICYON",
    "SKYROS",
    "SPARTA",
    "STRATUS",
    "SYRACUSE",
    "THEBES",
    "TROEZEN",
]


def test_names_used_in_the_rules_are_on_the_map() -> None:
    assert set(RULE_NAMES) <= set(BOARD.city_index)


def test_1_0_cities_near_their_real_sites() -> None:
    """Built from real coordinates: no city is bent more than ~1.25 hexes (60 km) from its real site."""
    grid_doc = tomllib.loads((DATA_DIR / "map.toml").read_text(encoding="utf-8"))["map"]
    grid = Grid(
        columns=grid_doc["columns"],
        rows=grid_doc["rows"],
        hex_km=grid_doc["hex_km"],
        origin_lon=grid_doc["origin_lon"],
        origin_lat=grid_doc["origin_lat"],
        km_per_degree_lon=grid_doc["km_per_degree_lon"],
        km_per_degree_lat=grid_doc["km_per_degree_lat"],
    )
    assert grid.hex_km == 48.0  # about 30 miles (rule 1.0 sidebar)
    rows = tomllib.loads((DATA_DIR / "cities.toml").read_text(encoding="utf-8"))["city"]
    for row in rows:
        if row.get("offboard"):
            continue
        x, y = grid.project(row["lat"], row["lon"])
        cx, cy = BOARD.centers[hex_of(row["name"])]
        assert math.hypot(cx - x, cy - y) <= 60.0, row["name"]


def test_1_0_map_errata_halicarnassus() -> None:
    h = city("HALICARNASSUS")
    assert h.side == ATHENS and h.value == 0 and not h.walled and h.port


def test_9_4_rebel_navy_cities_are_athenian_ports() -> None:
    for name in ("CHIOS", "CORCYRA", "MYTILENE", "RHODES"):
        assert city(name).side == ATHENS and city(name).port and city(name).major


# ----------------------------------------------------------------------------- 6.1 islands


def test_6_1_naxos_six_sea_sides() -> None:
    assert all(BOARD.terrain[o] == SEA for o in BOARD.neighbours[hex_of("NAXOS")])


def test_6_1_cythera_six_sea_sides() -> None:
    assert all(BOARD.terrain[o] == SEA for o in BOARD.neighbours[hex_of("CYTHERA")])


def _island(h: int) -> set[int]:
    """Land hexes reachable from h by land without crossing into a strait hex's far side."""
    seen, todo = {h}, [h]
    while todo:
        x = todo.pop()
        for d, o in enumerate(BOARD.neighbours[x]):
            if o >= 0 and o not in seen and BOARD.land_side[x][d] != SIDE_NONE:
                if BOARD.terrain[x] == STRAIT and d in BOARD.far_sides[x]:
                    continue
                seen.add(o)
                todo.append(o)
    return seen


def test_6_1_cephallenia_island_one_port() -> None:
    island = _island(hex_of("CEPHALLENIA"))
    assert island == {hex_of("CEPHALLENIA")}
    assert all(s == SIDE_NONE for s in BOARD.land_side[hex_of("CEPHALLENIA")])
    assert sum(1 for h in island if BOARD.city_at[h] >= 0 and BOARD.cities[BOARD.city_at[h]].port) == 1


@pytest.mark.parametrize("name", ["CORCYRA", "LEUCAS"])
def test_6_1_corcyra_leucas_reached_by_one_strait(name: str) -> None:
    h = hex_of(name)
    assert BOARD.terrain[h] == STRAIT
    assert _island(h) == {h}
    # every land crossing off the island is across its strait (a far side of this hex)
    crossings = {d for d in range(6) if BOARD.land_side[h][d] != SIDE_NONE}
    assert crossings and crossings <= BOARD.far_sides[h]


# ----------------------------------------------------------------------------- 9.x strategics


def test_9_2_syracuse_offboard() -> None:
    syr = BOARD.syracuse_hex
    assert syr == len(BOARD.hexes) - 1
    assert BOARD.terrain[syr] == OFFBOARD
    assert BOARD.neighbours[syr] == (-1,) * 6
    assert BOARD.cities[BOARD.city_at[syr]].name == "SYRACUSE"
    assert city("SYRACUSE").offboard and city("SYRACUSE").side == NEUTRAL
    assert all(syr not in row for row in BOARD.neighbours)


def test_9_2_embarkation_ports() -> None:
    names = [BOARD.cities[i].name for i in BOARD.embarkation]
    assert names == ["CORCYRA", "LEUCAS", "CEPHALLENIA", "CYLLENE"]
    assert all(BOARD.cities[i].port for i in BOARD.embarkation)


def test_9_3_two_persian_cities() -> None:
    assert sorted(c.name for c in BOARD.cities if c.side == PERSIA) == ["ATARNEUS", "DASCYLIUM"]


def test_9_1_abydos_on_the_hellespont() -> None:
    assert BOARD.terrain[hex_of("ABYDOS")] == STRAIT
    # ABYDOS is the choke point of the grain route: without it no navy sails from BYZANTIUM to LEMNOS
    assert navy_distance(BOARD, "BYZANTIUM", "LEMNOS") < 99
    assert navy_distance(_without_hex(BOARD, hex_of("ABYDOS")), "BYZANTIUM", "LEMNOS") == 99


# ----------------------------------------------------------------------------- 4.x movement examples


def test_4_4_hoplite_sparta_to_corinth() -> None:
    assert army_reach(BOARD, hex_of("SPARTA"), 3).get(hex_of("CORINTH"), 99) <= 3


def test_4_4_navy_gytheum_to_athens() -> None:
    assert navy_distance(BOARD, "GYTHEUM", "ATHENS") <= 4


def test_4_3_cardia_through_abydos_to_elaeus() -> None:
    cardia, abydos, elaeus = hex_of("CARDIA"), hex_of("ABYDOS"), hex_of("ELAEUS")
    assert enters_far_side(BOARD, cardia, abydos)  # stopping there crosses: attack limit 1
    assert army_can_pass(BOARD, [cardia, abydos, elaeus])


def test_4_3_sicyon_through_naupactus_to_patrae() -> None:
    sicyon, naupactus, patrae = hex_of("SICYON"), hex_of("NAUPACTUS"), hex_of("PATRAE")
    assert enters_far_side(BOARD, sicyon, naupactus) and enters_far_side(BOARD, patrae, naupactus)
    assert army_can_pass(BOARD, [sicyon, naupactus, patrae])
    # Q&A: PLEURON is adjacent, on the NAUPACTUS side
    assert hex_of("PLEURON") in BOARD.neighbours[naupactus]
    assert not enters_far_side(BOARD, hex_of("PLEURON"), naupactus)


def test_4_3_notium_through_ephesus_to_miletus() -> None:
    notium, ephesus, miletus = hex_of("NOTIUM"), hex_of("EPHESUS"), hex_of("MILETUS")
    assert not enters_far_side(BOARD, notium, ephesus) and not enters_far_side(BOARD, miletus, ephesus)
    assert army_can_pass(BOARD, [notium, ephesus, miletus])


def test_4_3_samos_to_ephesus_crosses_the_strait() -> None:
    samos, ephesus, miletus = hex_of("SAMOS"), hex_of("EPHESUS"), hex_of("MILETUS")
    assert enters_far_side(BOARD, samos, ephesus)
    assert army_reach(BOARD, samos, 4).get(ephesus) == 1
    assert not army_can_pass(BOARD, [samos, ephesus, miletus])  # must stop in EPHESUS
    # a block that starts in EPHESUS may cross freely (first edition 1.5 sidebar)
    assert army_can_pass(BOARD, [ephesus, samos])


def test_4_3_halicarnassus_south_of_miletus() -> None:
    h, m = hex_of("HALICARNASSUS"), hex_of("MILETUS")
    assert BOARD.terrain[h] == STRAIT
    assert BOARD.neighbours[m][DIRECTIONS.index("S")] == h
    # the city is at the north end of the strait: the far side lies south
    assert all(DIRECTIONS[d] in ("SE", "S", "SW") for d in BOARD.far_sides[h])


def test_naval_attack_example_all_reach_naupactus() -> None:
    """First edition's Naval Attack example: navy from LEUCAS, peltast from PLEURON, hoplite from THEBES."""
    naupactus = hex_of("NAUPACTUS")
    assert navy_distance(BOARD, "LEUCAS", "NAUPACTUS") <= 4
    assert army_reach(BOARD, hex_of("PLEURON"), 4).get(naupactus, 99) <= 4
    assert army_reach(BOARD, hex_of("THEBES"), 3).get(naupactus, 99) <= 3


def test_5_5_navy_retreats_within_four() -> None:
    assert navy_distance(BOARD, "NAUPACTUS", "CORINTH", any_coast=True) <= 4
    assert navy_distance(BOARD, "TROEZEN", "GYTHEUM") <= 4


def test_3_0_potidaea_faces_therma_only() -> None:
    potidaea = city("POTIDAEA")
    water = BOARD.water_side[potidaea.hex]
    assert {w for w in water if w >= 0} == {0, 1}
    # the city's coast looks west onto the Gulf of Therma, the other coast east onto Torone
    assert all(DIRECTIONS[d] in ("NW", "SW", "S") for d, w in enumerate(water) if w == potidaea.coast)
    assert all(DIRECTIONS[d] in ("NE", "SE") for d, w in enumerate(water) if w >= 0 and w != potidaea.coast)
    assert navy_distance(BOARD, "PELLA", "POTIDAEA") <= 2


# ----------------------------------------------------------------------------- the loader's checks


def _broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    for name in ("cities.toml", "map.toml"):
        shutil.copy(DATA_DIR / name, tmp_path / name)
    path = tmp_path / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("file", "old", "new", "entry", "problem"),
    [
        (
            "map.toml",
            "[placement]\n",
            '[placement]\nATLANTIS = { hex = "0101", provenance = "design: x" }\n',
            "ATLANTIS",
            "unknown city",
        ),
        ("map.toml", 'SAMOS = { hex = "1709"', 'SAMOS = { hex = "1710"', "[placement] SAMOS", "sea hex"),
        ("map.toml", 'PHERAE = { hex = "0805"', 'PHERAE = { hex = "0802"', "[placement] PHERAE", "already holds"),
        ("cities.toml", 'name = "MELOS"\n', 'name = "MELOS"\nhex = "1212"\n', "MELOS", "sea hex"),
        ("cities.toml", 'name = "THEBES"\n', 'name = "THEBES"\nhex = "1006"\n', "THEBES", "non-port"),
        ("cities.toml", 'name = "AMBRACIA"\n', 'name = "AMBRACIA"\nhex = "0605"\n', "AMBRACIA", "port with no"),
        (
            "map.toml",
            'hexsides = ["0806-0907"]',
            'hexsides = ["0806-0907", "0705-0804"]',
            "Vale of Tempe",
            "already set",
        ),
        ("map.toml", 'hexsides = ["0806-0907"]', 'hexsides = ["0806-0909"]', "Thermopylae", "not adjacent"),
        ("map.toml", '[[strait]]\nhex = "0708"', '[[strait]]\nhex = "0808"', "0808", "not strait terrain"),
        ("map.toml", 'embarkation = ["CORCYRA"', 'embarkation = ["ATHENS"', "[syracuse]", "embarkation"),
        ("cities.toml", 'side = "persia"', 'side = "carthage"', "ATARNEUS", "unknown side"),
    ],
)
def test_loader_rejects_broken_data(tmp_path: Path, file: str, old: str, new: str, entry: str, problem: str) -> None:
    with pytest.raises(DataError) as err:
        load_board(_broken(tmp_path, file, old, new))
    assert err.value.file == file
    assert entry in err.value.entry
    assert problem in err.value.problem


def test_loader_rejects_a_mountain_hex_closed_on_every_side(tmp_path: Path) -> None:
    # Olympus (0704) with every side a mountain side breaks Terrain Effects Table note 4
    doc = tomllib.loads((DATA_DIR / "map.toml").read_text(encoding="utf-8"))
    taken = {s for t in doc["sides"] for s in t["hexsides"]}
    sides = [f"0704-{o}" for o in ("0703", "0604", "0603")]
    assert not (set(sides) & taken)
    extra = (
        '\n[[sides]]\nname = "walled Olympus"\nland = "mountain"\nhexsides = ['
        + ", ".join(f'"{s}"' for s in sides)
        + ']\nprovenance = "test"\n'
    )
    for name in ("cities.toml", "map.toml"):
        shutil.copy(DATA_DIR / name, tmp_path / name)
    (tmp_path / "map.toml").write_text((DATA_DIR / "map.toml").read_text(encoding="utf-8") + extra, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_board(tmp_path)
    assert err.value.file == "map.toml" and "0704" in err.value.entry and "note 4" in err.value.problem


def test_override_dir_without_files_uses_bundled(tmp_path: Path) -> None:
    assert load_board(tmp_path).hexes == BOARD.hexes
