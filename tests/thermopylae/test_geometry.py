"""Go Tell the Spartans' fire geometry (polemos.games.thermopylae.geometry) against rules 2.2.6, 3.2, 8.2.1-8.2.5.

Coordinates: x = row index (A=0 ... O=14, east), y = column - 1 (south). Area "J8" is (9, 7).
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction
from pathlib import Path

import pytest

from polemos.games.thermopylae.board import (
    DATA_DIR,
    DIRECTIONS,
    FACINGS,
    MAP_FILE,
    POSITIONS,
    AreaMap,
    load_map,
    relative_position,
)
from polemos.games.thermopylae.geometry import Geometry, compass_direction, crossed_offsets


@pytest.fixture(scope="module")
def board() -> AreaMap:
    return load_map()


@pytest.fixture(scope="module")
def geo(board: AreaMap) -> Geometry:
    return Geometry(board)


def _names(board: AreaMap, cells: tuple[int, ...]) -> list[str]:
    return [board.areas[i].name for i in cells]


def _empty(board: AreaMap, *names: str) -> list[bool]:
    """An occupation vector with units in the named areas only."""
    occ = [False] * len(board.areas)
    for n in names:
        occ[board.by_name[n]] = True
    return occ


# ============================================================================ range (2.2.6, 8.2.2)
def test_2_2_6_range_counts_diagonals_as_one_like_the_map(board: AreaMap, geo: Geometry) -> None:
    n = len(board.areas)
    for a in range(n):
        for b in range(n):
            assert geo.distance(a, b) == board.distance(a, b)


# ============================================================================ between (8.2.3)
def test_8_2_3_straight_lines_cross_the_areas_in_line(board: AreaMap, geo: Geometry) -> None:
    ix = board.by_name
    # along a column (east): B5 C5 D5 between A5 and E5, in order from the firer
    assert _names(board, geo.between(ix["A5"], ix["E5"])) == ["B5", "C5", "D5"]
    assert _names(board, geo.between(ix["E5"], ix["A5"])) == ["D5", "C5", "B5"]
    # along a row (south): A6 A7 A8 between A5 and A9
    assert _names(board, geo.between(ix["A5"], ix["A9"])) == ["A6", "A7", "A8"]
    # neighbours and the same area: nothing in between
    assert geo.between(ix["A5"], ix["B5"]) == ()
    assert geo.between(ix["A5"], ix["A5"]) == ()


def test_8_2_3_exact_diagonal_does_not_cross_corner_touched_areas(board: AreaMap, geo: Geometry) -> None:
    ix = board.by_name
    # (0,0) -> (2,2) passes through the corners (0.5, 0.5) and (1.5, 1.5): only (1,1) is crossed
    assert crossed_offsets(2, 2) == ((1, 1),)
    assert crossed_offsets(-3, 3) == ((-1, 1), (-2, 2))
    # A1 (0,0) -> D4 (3,3): B2 and C3 only; B1, A2, C2, B3 ... are merely touched at a corner
    assert _names(board, geo.between(ix["A1"], ix["D4"])) == ["B2", "C3"]
    # coastal areas are listed like any other (the caller decides what they mean)
    assert board.area("B2").terrain == "level1" and board.area("C3").terrain == "level1"
    assert _names(board, geo.between(ix["D1"], ix["D4"])) == ["D2", "D3"]  # all coastal


def test_8_2_3_knight_line_through_an_edge_crosses_both_areas(board: AreaMap, geo: Geometry) -> None:
    ix = board.by_name
    # (0,0) -> (2,1) passes through (1, 0.5), the middle of the edge between (1,0) and (1,1):
    # it is inside (1,0) for t in (1/4, 1/2) and inside (1,1) for t in (1/2, 3/4)
    assert crossed_offsets(2, 1) == ((1, 0), (1, 1))
    assert crossed_offsets(1, 2) == ((0, 1), (1, 1))
    assert crossed_offsets(-2, -1) == ((-1, 0), (-1, -1))
    # B5 (1,4) -> D6 (3,5): C5 then C6
    assert _names(board, geo.between(ix["B5"], ix["D6"])) == ["C5", "C6"]
    # a shallower line (0,0) -> (3,1): (1,0), (2,1) only; at x = 1.5 it is at y = 0.5, a corner
    assert crossed_offsets(3, 1) == ((1, 0), (2, 1))
    # (0,0) -> (4,1): x 0.5..1.5 keeps y below 0.375, x 2 is y 0.5 (an edge): (1,0), (2,0), (2,1), (3,1)
    assert crossed_offsets(4, 1) == ((1, 0), (2, 0), (2, 1), (3, 1))


def _reference_crossed(dx: int, dy: int) -> list[tuple[int, int]]:
    """Independent exact method: split the segment where x or y is a half-integer (an area side);
    the midpoint of each piece lies inside one area, the one that piece crosses."""
    events = {Fraction(0), Fraction(1)}
    for d in (dx, dy):
        if d:
            for k in range(-abs(d) - 1, abs(d) + 1):
                t = Fraction(2 * k + 1, 2 * d)
                if 0 < t < 1:
                    events.add(t)
    ts = sorted(events)
    out: list[tuple[int, int]] = []
    for t0, t1 in itertools.pairwise(ts):
        m = (t0 + t1) / 2
        cell = (round(m * dx), round(m * dy))  # never a tie: m*dx is not a half-integer inside a piece
        if cell not in ((0, 0), (dx, dy)) and cell not in out:
            out.append(cell)
    return out


def test_8_2_3_between_matches_an_independent_exact_tracing() -> None:
    for dx in range(-7, 8):
        for dy in range(-7, 8):
            assert list(crossed_offsets(dx, dy)) == _reference_crossed(dx, dy), (dx, dy)


def test_8_2_3_between_is_symmetric_ordered_and_connected(board: AreaMap, geo: Geometry) -> None:
    n = len(board.areas)
    for a in range(n):
        for b in range(n):
            line = geo.between(a, b)
            assert geo.between(b, a) == line[::-1]
            assert a not in line and b not in line
            # the areas follow each other: each is a neighbour of the one before, from a to b
            chain = (a, *line, b) if a != b else (a,)
            for p, q in itertools.pairwise(chain):
                assert geo.distance(p, q) == 1
            if geo.distance(a, b) > 1:
                assert len(line) >= geo.distance(a, b) - 1


# ============================================================================ facing diagram (3.2)
def test_3_2_neighbours_take_the_facing_diagram_positions(board: AreaMap, geo: Geometry) -> None:
    for area in board.areas:
        for direction, nb in area.neighbours.items():
            for f in FACINGS:
                assert geo.position(f, area.index, nb) == relative_position(f, direction)


def test_3_2_eight_sectors_for_a_unit_facing_east(board: AreaMap, geo: Geometry) -> None:
    a = board.by_name["E5"]  # (4, 4): room for offsets up to 4 in every direction

    def at(dx: int, dy: int) -> str:
        return geo.position("E", a, a + dx * board.columns + dy)

    assert at(3, 0) == "front"
    assert at(3, 1) == at(3, -1) == "front"  # 18.4 degrees off the axis: inside the 22.5-degree half-cone
    assert at(2, 2) == "front_right"  # exactly diagonal
    # (2, 1) is 26.6 degrees off the axis (atan 1/2), past 22.5: the front right cone, not the front
    assert at(2, 1) == "front_right"
    assert at(1, 2) == "front_right"  # 63.4 degrees, still below 67.5
    assert at(0, 3) == "flank_right"
    assert at(-1, 3) == "flank_right"  # 18.4 degrees off the south axis
    assert at(-2, 2) == "rear_right"
    assert at(-3, 0) == at(-3, 1) == "rear"
    assert at(-2, -2) == "rear_left"
    assert at(0, -1) == at(1, -4) == "flank_left"
    assert at(1, -1) == at(3, -2) == "front_left"


def test_3_2_positions_rotate_with_the_facing(board: AreaMap, geo: Geometry) -> None:
    # turning the unit 90 degrees clockwise moves every target two places back in the diagram
    n = len(board.areas)
    for a in range(n):
        for b in range(n):
            if a == b:
                continue
            north = POSITIONS.index(geo.position("N", a, b))
            for k, f in enumerate(FACINGS):
                assert POSITIONS.index(geo.position(f, a, b)) == (north - 2 * k) % 8
            # seen from the target the firer is in the opposite cone
            back = POSITIONS.index(geo.position("N", b, a))
            assert back == (north + 4) % 8


def test_3_2_sectors_are_45_degree_cones_around_the_compass(board: AreaMap) -> None:
    order = list(DIRECTIONS)  # N, NE, E, ... clockwise
    for dx in range(-14, 15):
        for dy in range(-8, 9):
            if dx == 0 and dy == 0:
                continue
            bearing = math.degrees(math.atan2(dx, -dy)) % 360  # clockwise from north
            expected = order[int((bearing + 22.5) // 45) % 8]
            assert compass_direction(dx, dy) == expected, (dx, dy)
    with pytest.raises(ValueError):
        compass_direction(0, 0)


def test_3_2_position_errors(board: AreaMap, geo: Geometry) -> None:
    a, b = board.by_name["E5"], board.by_name["F5"]
    with pytest.raises(ValueError):
        geo.position("E", a, a)
    with pytest.raises(ValueError):
        geo.position("NE", a, b)  # units face an area side, not a corner
    with pytest.raises(ValueError):
        geo.in_front_arc("E", a, a)
    with pytest.raises(ValueError):
        geo.in_front_arc("X", a, b)


def test_8_2_1_mixed_units_fire_through_front_left_front_and_front_right(board: AreaMap, geo: Geometry) -> None:
    n = len(board.areas)
    front = {"front", "front_left", "front_right"}
    for a in range(0, n, 7):
        for b in range(n):
            if a != b:
                for f in FACINGS:
                    assert geo.in_front_arc(f, a, b) == (geo.position(f, a, b) in front)
    e5 = board.by_name["E5"]
    assert geo.in_front_arc("E", e5, board.by_name["G6"])  # (2, 1): front right
    assert not geo.in_front_arc("E", e5, board.by_name["E8"])  # (0, 3): flank right
    assert geo.in_front_arc("S", e5, board.by_name["E8"])  # the same area ahead of a south-facing unit


# ============================================================================ line of sight (8.2.3-8.2.5)
def test_8_2_3_range_one_or_zero_always_has_los(board: AreaMap, geo: Geometry) -> None:
    full = [True] * len(board.areas)
    for area in board.areas:
        assert geo.los(area.index, area.index, full)
        for nb in area.neighbours.values():
            assert geo.los(area.index, nb, full)
            assert geo.los_blockers(area.index, nb) == ()
    # even from the mound down to its foot
    assert geo.los(board.by_name["J8"], board.by_name["J7"], full)


def test_8_2_4_same_level_blocked_by_units_in_between(board: AreaMap, geo: Geometry) -> None:
    ix = board.by_name
    a, b = ix["B5"], ix["E5"]  # level 1 both, range 3, C5 and D5 in between
    assert geo.los(a, b, _empty(board))
    assert not geo.los(a, b, _empty(board, "C5"))
    assert not geo.los(a, b, _empty(board, "D5"))
    # units off the line, or in the firer's or target's own area, do not block
    assert geo.los(a, b, _empty(board, "C4", "C6", "D6", "B5", "E5"))
    # diagonal B2 -> D4 crosses C3 only; C2 and B3 are touched at a corner
    assert geo.los(ix["B2"], ix["D4"], _empty(board, "C2", "B3", "C4", "D3"))
    assert not geo.los(ix["B2"], ix["D4"], _empty(board, "C3"))
    # knight line B5 -> D6 crosses C5 and C6: a unit in either blocks
    assert not geo.los(ix["B5"], ix["D6"], _empty(board, "C5"))
    assert not geo.los(ix["B5"], ix["D6"], _empty(board, "C6"))
    assert geo.los(ix["B5"], ix["D6"], _empty(board, "C4", "C7"))
    # both directions agree
    assert not geo.los(b, a, _empty(board, "C5"))


def test_8_2_4_the_mound_blocks_a_level_1_line_over_it(board: AreaMap, geo: Geometry) -> None:
    ix = board.by_name
    assert {board.areas[i].name for i in board.mound} == {"J8", "J9", "K8", "K9"}
    # I9 -> L9 runs along column 9 over J9 and K9 (Level 2): blocked even with nobody there
    assert _names(board, geo.between(ix["I9"], ix["L9"])) == ["J9", "K9"]
    assert not geo.los(ix["I9"], ix["L9"], _empty(board))
    assert geo.los_blockers(ix["I9"], ix["L9"]) is None
    # I9 -> L7 (3, -2) crosses J8 (mound) on its way: blocked too
    assert "J8" in _names(board, geo.between(ix["I9"], ix["L7"]))
    assert not geo.los(ix["I9"], ix["L7"], _empty(board))
    # the same length of line one column north, along the mound's foot (J7, K7): clear
    assert geo.los(ix["I7"], ix["L7"], _empty(board))
    # the Wall is Level 1: it blocks only through the units in it
    assert geo.los(ix["G8"], ix["I8"], _empty(board))
    assert not geo.los(ix["G8"], ix["I8"], _empty(board, "H8"))


def test_8_2_5_firing_down_from_the_mound_over_units_far_from_the_target(board: AreaMap, geo: Geometry) -> None:
    ix = board.by_name
    a, b = ix["K8"], ix["K5"]  # the mound (Level 2) down to Level 1, range 3; K7, K6 in between
    assert _names(board, geo.between(a, b)) == ["K7", "K6"]
    assert geo.los(a, b, _empty(board))
    # K7 is two areas from the target: the firer sees over it
    assert geo.los(a, b, _empty(board, "K7"))
    # K6 is adjacent to the target: blocked
    assert not geo.los(a, b, _empty(board, "K6"))
    assert geo.los_blockers(a, b) == (ix["K6"],)
    # at the same level (8.2.4) a unit two areas from the target would block: I7 -> L7 over J7
    assert not geo.los(ix["I7"], ix["L7"], _empty(board, "J7"))


def test_8_2_5_firing_up_at_the_mound_blocked_next_to_the_target(board: AreaMap, geo: Geometry) -> None:
    ix = board.by_name
    a, b = ix["K5"], ix["K8"]  # Level 1 up to the mound
    assert geo.los(a, b, _empty(board, "K6"))  # next to the firer, far from the target: clear
    assert not geo.los(a, b, _empty(board, "K7"))  # adjacent to the target: blocked
    # J9 -> N9 (range 4): K9 is Level 2 but 3 areas from the lower unit N9 (not under half of 4)
    assert _names(board, geo.between(ix["J9"], ix["N9"])) == ["K9", "L9", "M9"]
    assert geo.los(ix["J9"], ix["N9"], _empty(board, "K9", "L9"))
    assert not geo.los(ix["J9"], ix["N9"], _empty(board, "M9"))
    assert not geo.los(ix["N9"], ix["J9"], _empty(board, "K9"))  # now K9 is next to the target J9


def _map_with_extra_mound(tmp_path: Path, area: str) -> AreaMap:
    """The bundled map with one more Level 2 area, ``area`` (in column 8 of rows L-N)."""
    text = (DATA_DIR / MAP_FILE).read_text(encoding="utf-8")
    rows = {"L": "~~~......", "M": "~~.......", "N": "~........"}
    row = area[0]
    old = f'{row} = "{rows[row]}"'
    new_row = rows[row][:7] + "^" + rows[row][8:]
    assert old in text
    text = text.replace(old, f'{row} = "{new_row}"', 1)
    old_mound = 'areas = ["J8", "J9", "K8", "K9"]'
    assert old_mound in text
    text = text.replace(old_mound, f'areas = ["J8", "J9", "K8", "K9", "{area}"]', 1)
    (tmp_path / MAP_FILE).write_text(text, encoding="utf-8")
    return load_map(tmp_path)


@pytest.mark.parametrize(
    ("obstacle", "blocked"),
    [
        # J8 (Level 2) fires at N8 (Level 1), range 4; M8 is 1 area from the lower unit: 1 < 4/2, blocked
        ("M8", True),
        # L8 is 2 areas from the lower unit: 2 is not less than 4/2, clear
        ("L8", False),
    ],
)
def test_8_2_5_higher_terrain_blocks_only_in_the_lower_units_half(tmp_path: Path, obstacle: str, blocked: bool) -> None:
    board = _map_with_extra_mound(tmp_path, obstacle)
    geo = Geometry(board)
    ix = board.by_name
    assert _names(board, geo.between(ix["J8"], ix["N8"])) == ["K8", "L8", "M8"]
    assert geo.los(ix["J8"], ix["N8"], _empty(board)) is not blocked
    assert geo.los(ix["N8"], ix["J8"], _empty(board)) is not blocked  # who fires does not matter


def test_8_2_3_los_matches_the_rule_text_on_random_positions(board: AreaMap, geo: Geometry) -> None:
    """A direct, unoptimised transcription of the ruling against the precomputed tables."""
    rng = random.Random(8_2_3)
    n = len(board.areas)
    level = [a.level for a in board.areas]

    def reference(a: int, b: int, occ: list[bool]) -> bool:
        d = geo.distance(a, b)
        if d <= 1:
            return True
        line = geo.between(a, b)
        if level[a] == level[b]:
            return not any(occ[x] or level[x] > level[a] for x in line)
        low = a if level[a] < level[b] else b
        floor = min(level[a], level[b])
        for x in line:
            if level[x] > floor and 2 * geo.distance(low, x) < d:
                return False
            if occ[x] and geo.distance(x, b) == 1:
                return False
        return True

    for _ in range(4):
        occ = [board.areas[i].passable and rng.random() < 0.15 for i in range(n)]
        for a in range(n):
            for b in range(n):
                if geo.distance(a, b) <= 4:
                    assert geo.los(a, b, occ) == reference(a, b, occ), (a, b)
