"""Every number and fact the Athens & Sparta rules fix about the components, checked once loaded.

component-data.md lists them (1.x map board, 6.1 islands, 9.x strategics, the rulebook's own
movement examples, which must be legal moves on our map, the blocks its examples name, the deck's
average hand). The loaders (board.py, data.py) check the shape of the files and the rules on each
entry and on the roster and deck (2.11-2.24, 3.0, 4.6, 9.4); these are the constraints across them. The tests
run :data:`CONSTRAINTS` on the bundled data and ``polemos data check DIR`` runs them on a player's
files, so both check the same things (:mod:`polemos.core.constraints`).

The movement examples use a small breadth-first search written here, independent of the rules
engine (so a bug in the engine cannot make the map look right):

* armies cross land hexsides that are clear or passes (never mountain sides, never water); they
  stop on entering a mountain hex; crossing a strait (entering a strait hex on one side and leaving
  it on the other) stops the move unless the block began the move in that strait hex (4.3);
* navies cross navigable hexsides and keep to one coast of a two-coast hex (1.7).
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable
from dataclasses import replace

from polemos.core.constraints import Constraint, need
from polemos.core.data import DataError
from polemos.games.athens_sparta.model import (
    ATHENS,
    HOPLITE,
    MOUNTAIN,
    NAVY,
    NEUTRAL,
    OFFBOARD,
    PELTAST,
    PERSIA,
    SEA,
    SIDE_CLEAR,
    SIDE_NONE,
    SIDE_PASS,
    SPARTA,
    STRAIT,
    Board,
    City,
    Components,
    opposite,
)

CITIES, MAP, BLOCKS, CARDS = "cities.toml", "map.toml", "blocks.toml", "cards.toml"
DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")

TOTAL_POINTS = 48  # 1.2 sidebar: the map's city points
POINTS = {ATHENS: 20, SPARTA: 18, NEUTRAL: 10}  # 1.2: blue, red, green
ATHENS_OPENS_WITH = 19  # 3.0 sidebar: POTIDAEA (blue, 1) is Spartan-held, besieged and blockaded
NON_PORTS = {"ELIS", "MESSENE", "SPARTA", "STRATUS", "THEBES"}  # 1.3
ORACLES = {"DELOS", "DELPHI"}  # 1.4
STRAITS = ("NAUPACTUS", "ABYDOS", "EPHESUS", "CORCYRA", "LEUCAS", "HALICARNASSUS", "MARATHON", "CHIOS")  # 1.5
PERSIAN_CITIES = ["ATARNEUS", "DASCYLIUM"]  # 9.3: two on the map
EMBARKATION = ["CORCYRA", "LEUCAS", "CEPHALLENIA", "CYLLENE"]  # 9.2
REBEL_NAVY_CITIES = ("CHIOS", "CORCYRA", "MYTILENE", "RHODES")  # 9.4
# 5.3: sieges and blockades happen only in walled cities, and only ports are blockaded (1.3), so
# every city a sentence of the rules besieges, blockades or storms is a walled port (THEBES, a
# walled non-port, is checked with the other walls of the 5.3 sidebar; RULINGS R27)
BLOCKADED = (
    ("POTIDAEA", "3.0 note: besieged and blockaded by Athens at start"),
    ("ATHENS", "Siege Attrition sidebar: Sparta won when she could blockade ATHENS"),
    ("CORINTH", "5.3 sidebar walls; 1.7: attacked by sea from both coasts"),
    ("AMPHIPOLIS", "combat example: the defenders withdraw into the city, which Sparta storms and besieges"),
    ("NAXOS", "6.1: its blockade is a full siege"),
    ("CEPHALLENIA", "6.1: its blockade is a full siege"),
    ("CORCYRA", "6.1: its blockade is a full siege"),
    ("LEUCAS", "9.2: an embarkation port only while 'friendly (unblockaded)'"),
    ("CYLLENE", "9.2: an embarkation port only while 'friendly (unblockaded)'"),
    ("SYRACUSE", "9.2: defenders withdraw into SYRACUSE; attackers siege and blockade it"),
)
# the city names the rules and their examples use (component-data.md)
RULE_NAMES = (
    "ABYDOS", "AMPHIPOLIS", "ARGOS", "CARDIA", "CARYSTUS", "CEPHALLENIA", "CHALCIS", "CHIOS", "CORCYRA",
    "CORINTH", "CYLLENE", "CYTHERA", "DELOS", "DELPHI", "ELAEUS", "ELIS", "EPHESUS", "GYTHEUM",
    "HALICARNASSUS", "LEMNOS", "LEUCAS", "MARATHON", "MEGARA", "MESSENE", "MILETUS", "MYTILENE", "NAUPACTUS",
    "NAXOS", "NOTIUM", "PATRAE", "PLEURON", "POTIDAEA", "PYLOS", "RHODES", "SAMOS", "SICYON", "SKYROS",
    "SPARTA", "STRATUS", "SYRACUSE", "THEBES", "TROEZEN",
)
UNREACHABLE = 99
Check = Callable[[Components], None]


# ----------------------------------------------------------------------------- lookups
def city(board: Board, name: str) -> City:
    """The city ``name``, or a DataError: the rules name it, so the map must have it."""
    index = board.city_index.get(name)
    if index is None:
        raise DataError(CITIES, name, "missing: the rules name this city")
    return board.cities[index]


def hex_of(board: Board, name: str) -> int:
    return city(board, name).hex


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
            ogroup = 2 if opposite(d) in board.far_sides[o] else 1
            best[o] = min(best.get(o, UNREACHABLE), steps + 1)
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
    """Whether a block entering ``strait`` from ``origin`` enters it on its far (non-city) side."""
    if origin not in board.neighbours[strait]:
        return False
    return board.neighbours[strait].index(origin) in board.far_sides[strait]


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
    ca, cb = city(board, a), city(board, b)
    dist = navy_distances(board, ca.hex, ca.coast)
    coasts = (0, 1) if any_coast else (cb.coast,)
    return min((dist[(cb.hex, c)] for c in coasts if (cb.hex, c) in dist), default=UNREACHABLE)


def without_hex(board: Board, gone: int) -> Board:
    """The board with hex ``gone`` closed to navies (to show every route passes it)."""
    water = [list(row) for row in board.water_side]
    for d, o in enumerate(board.neighbours[gone]):
        if o >= 0:
            water[o][opposite(d)] = -1
        water[gone][d] = -1
    return replace(board, water_side=tuple(tuple(r) for r in water))


def island(board: Board, h: int) -> set[int]:
    """Land hexes reachable from ``h`` by land without crossing into a strait hex's far side."""
    seen, todo = {h}, [h]
    while todo:
        x = todo.pop()
        for d, o in enumerate(board.neighbours[x]):
            if o >= 0 and o not in seen and board.land_side[x][d] != SIDE_NONE:
                if board.terrain[x] == STRAIT and d in board.far_sides[x]:
                    continue
                seen.add(o)
                todo.append(o)
    return seen


# ----------------------------------------------------------------------------- 1.x map board
def _walls_and_colours(c: Components) -> None:
    b = c.board
    for name in ("ATHENS", "CORINTH", "THEBES"):
        need(city(b, name).walled, CITIES, name, "must be walled")
    need(not city(b, "SPARTA").walled, CITIES, "SPARTA", "must be unwalled")
    need(city(b, "ATHENS").side == ATHENS, CITIES, "ATHENS", "must be Athenian (blue)")
    need(city(b, "SPARTA").side == SPARTA, CITIES, "SPARTA", "must be Spartan (red)")


def _points(c: Components) -> None:
    b = c.board
    total = sum(x.value for x in b.cities)
    need(total == TOTAL_POINTS, CITIES, "points", f"the cities are worth {total} points, not {TOTAL_POINTS}")
    for side, points in POINTS.items():
        got = sum(x.value for x in b.cities if x.side == side)
        need(got == points, CITIES, "points", f"the {('Athenian', 'Spartan', 'neutral')[side]} cities are worth "
                                              f"{got} points, not {points}")
    potidaea = city(b, "POTIDAEA")
    need(potidaea.side == ATHENS and potidaea.value == 1, CITIES, "POTIDAEA", "must be blue and worth 1")
    opens = sum(x.value for x in b.cities if x.side == ATHENS) - potidaea.value
    need(opens == ATHENS_OPENS_WITH, CITIES, "points", f"Athens opens with {opens} points, not {ATHENS_OPENS_WITH}")
    miletus = city(b, "MILETUS")
    need(miletus.side == ATHENS and miletus.value == 2, CITIES, "MILETUS", "must be Athenian and worth 2 (9.3)")


def _values(c: Components) -> None:
    for x in c.board.cities:
        need(0 <= x.value <= 4, CITIES, x.name, f"value {x.value} outside 0-4")
    need(city(c.board, "SYRACUSE").value == 4, CITIES, "SYRACUSE", "must be worth 4")


def _non_ports(c: Components) -> None:
    b = c.board
    non_ports = {x.name for x in b.cities if not x.port}
    need(non_ports == NON_PORTS, CITIES, "ports",
         f"the non-ports are {', '.join(sorted(non_ports))}, not {', '.join(sorted(NON_PORTS))}")
    for name in NON_PORTS:
        need(all(w < 0 for w in b.water_side[hex_of(b, name)]), MAP, name, "a non-port's hex has a navigable side")


def _ports_touch_their_coast(c: Components) -> None:
    b = c.board
    for x in b.cities:
        if x.port and not x.offboard:
            need(x.coast in b.water_side[x.hex], MAP, x.name, f"port with no navigable side on coast {x.coast}")


def _oracles(c: Components) -> None:
    oracles = {x.name for x in c.board.cities if x.oracle}
    need(oracles == ORACLES, CITIES, "oracles", f"the oracles are {', '.join(sorted(oracles))}, not DELOS and DELPHI")


def _straits(c: Components) -> None:
    b = c.board
    straits = {h for h, t in enumerate(b.terrain) if t == STRAIT}
    named = {hex_of(b, n) for n in STRAITS}
    need(straits == named, MAP, "straits", f"the strait hexes must be those of {', '.join(STRAITS)}")
    for h in straits:
        far = b.far_sides[h]
        need(bool(far) and len(far) < 6, MAP, b.hexes[h], "a strait has a far side, and not all round")
        need(all(b.land_side[h][d] != SIDE_NONE for d in far), MAP, b.hexes[h], "armies cross to the far side")
        need(any(w == 0 for w in b.water_side[h]), MAP, b.hexes[h], "the channel is navigable (4.3)")
    need(all(not b.far_sides[h] for h in range(len(b.hexes)) if h not in straits), MAP, "straits",
         "only strait hexes have a far side")


def _marathon(c: Components) -> None:
    b = c.board
    marathon = hex_of(b, "MARATHON")
    need(city(b, "MARATHON").side not in (ATHENS, SPARTA, NEUTRAL, PERSIA), CITIES, "MARATHON",
         "a black city (decoration)")
    need(b.terrain[marathon] == STRAIT, MAP, "MARATHON", "must be a strait hex")
    for name in ("CHALCIS", "CARYSTUS"):  # Euboea lies on the far side
        need(enters_far_side(b, hex_of(b, name), marathon), MAP, "MARATHON", f"{name} must face its far side")
    attic = [d for d, o in enumerate(b.neighbours[marathon])
             if o >= 0 and b.land_side[marathon][d] != SIDE_NONE and d not in b.far_sides[marathon]]
    need(bool(attic), MAP, "MARATHON", "needs a land side on the Attic side")
    need(army_reach(b, hex_of(b, "ATHENS"), 2).get(marathon, UNREACHABLE) <= 2, MAP, "MARATHON",
         "an army from ATHENS must reach it in 2")


def _corinth_both_gulfs(c: Components) -> None:
    b = c.board
    corinth = city(b, "CORINTH")
    need({w for w in b.water_side[corinth.hex] if w >= 0} == {0, 1}, MAP, "CORINTH", "must touch both gulfs")
    gulf = navy_distances(b, hex_of(b, "NAUPACTUS"), city(b, "NAUPACTUS").coast)
    saronic = navy_distances(b, hex_of(b, "ATHENS"), city(b, "ATHENS").coast)
    need(gulf.get((corinth.hex, 0), UNREACHABLE) <= 4, MAP, "CORINTH", "navies from NAUPACTUS reach it in 4")
    need(saronic.get((corinth.hex, 1), UNREACHABLE) <= 4, MAP, "CORINTH", "navies from ATHENS reach it in 4")


def _two_coasts(c: Components) -> None:
    b = c.board
    two = {h for h in range(len(b.hexes)) if {w for w in b.water_side[h] if w >= 0} == {0, 1}}
    need(len(two) >= 4, MAP, "coasts", "several hexes have two coasts")
    for name in ("CORINTH", "MEGARA", "CHALCIS", "POTIDAEA"):
        need(hex_of(b, name) in two, MAP, name, "must have two coasts")
    chalcis = hex_of(b, "CHALCIS")
    euboea = {chalcis} | {o for d, o in enumerate(b.neighbours[chalcis])
                          if o >= 0 and b.land_side[chalcis][d] != SIDE_NONE and b.terrain[o] != STRAIT}
    need(len(euboea & two) >= 2, MAP, "coasts", "especially on Euboea: CHALCIS and one more hex")


def _chalcis_west_coast(c: Components) -> None:
    b = c.board
    chalcis = city(b, "CHALCIS")
    west = [d for d, w in enumerate(b.water_side[chalcis.hex]) if w == chalcis.coast]
    east = [d for d, w in enumerate(b.water_side[chalcis.hex]) if w >= 0 and w != chalcis.coast]
    need(bool(east), MAP, "CHALCIS", "the hex must also touch the east (Aegean) coast")
    need([b.neighbours[chalcis.hex][d] for d in west] == [hex_of(b, "MARATHON")], MAP, "CHALCIS",
         "the city's coast faces the MARATHON strait")
    need(all(DIRECTIONS[d] in ("S", "SW", "NW") for d in west), MAP, "CHALCIS", "the city's coast faces west")
    need(all(DIRECTIONS[d] in ("N", "NE", "SE") for d in east), MAP, "CHALCIS", "the other coast faces east")


def _lemnos_chalcis(c: Components) -> None:
    b = c.board
    need(navy_distance(b, "LEMNOS", "CHALCIS") == 6, MAP, "LEMNOS-CHALCIS", "a navy needs 6 hexes")
    chalcis = city(b, "CHALCIS")
    dist = navy_distances(b, hex_of(b, "LEMNOS"), city(b, "LEMNOS").coast)
    need(dist.get((chalcis.hex, 1 - chalcis.coast), UNREACHABLE) <= 4, MAP, "LEMNOS-CHALCIS",
         "a navy reaches CHALCIS's east coast in 4")
    for name in ("CARYSTUS", "MARATHON"):
        need(navy_distance(without_hex(b, hex_of(b, name)), "LEMNOS", "CHALCIS") > 6, MAP, "LEMNOS-CHALCIS",
             f"every 6-hex route passes {name}")
    need(navy_distance(b, "LEMNOS", "CARYSTUS") == 4, MAP, "LEMNOS-CARYSTUS", "a navy needs 4 hexes")


def _mountains_enterable(c: Components) -> None:
    b = c.board
    for h, t in enumerate(b.terrain):
        if t == MOUNTAIN:
            need(any(s in (SIDE_CLEAR, SIDE_PASS) for s in b.land_side[h]), MAP, b.hexes[h],
                 "a mountain hex needs a clear or pass hexside")


def _rivers(c: Components) -> None:
    b = c.board
    need(len(b.rivers) == 2 and all(b.rivers), MAP, "rivers", "the Haliacmon and the Arathus are drawn")
    need(len(b.river_sources) == 2, MAP, "rivers", "two river sources")
    a, s = b.river_sources
    need(s in b.neighbours[a], MAP, "rivers", "the two sources are adjacent")
    d = b.neighbours[a].index(s)
    need(b.land_side[a][d] in (SIDE_CLEAR, SIDE_PASS), MAP, "rivers", "units move between the sources")
    need(b.terrain[a] == MOUNTAIN and b.terrain[s] == MOUNTAIN, MAP, "rivers", "the sources are mountain hexes")
    need(army_reach(b, a, 3).get(s) == 1, MAP, "rivers", "a unit moves directly between the sources")
    beyond = next((o for o in b.neighbours[s] if o not in (-1, a)), -1)
    need(not army_can_pass(b, [a, s, beyond]), MAP, "rivers", "... but must stop there")
    for river in b.rivers:
        for h, d in river:
            need(b.neighbours[h][d] >= 0, MAP, "rivers", "a river runs between two hexes")


def _names(c: Components) -> None:
    missing = [n for n in RULE_NAMES if n not in c.board.city_index]
    need(not missing, CITIES, "names", f"the rules name {', '.join(missing)}, missing from the map")


def _halicarnassus(c: Components) -> None:
    h = city(c.board, "HALICARNASSUS")
    need(h.side == ATHENS and h.value == 0 and not h.walled and h.port, CITIES, "HALICARNASSUS",
         "a minor unwalled blue port (map errata)")


def _rebel_navy_cities(c: Components) -> None:
    for name in REBEL_NAVY_CITIES:
        x = city(c.board, name)
        need(x.side == ATHENS and x.port and x.major, CITIES, name, "an Athenian major port with its own navy")


def _blockaded_cities_walled_ports(c: Components) -> None:
    for name, why in BLOCKADED:
        x = city(c.board, name)
        need(x.walled and x.port, CITIES, name, f"must be a walled port (5.3; {why})")


def _combat_example_cities(c: Components) -> None:
    chios = city(c.board, "CHIOS")
    need(chios.side == ATHENS and chios.port and not chios.walled and chios.value == 2, CITIES, "CHIOS",
         "an Athenian unwalled port worth 2 (combat example: Athens defends it from the sea, 'cannot withdraw as "
         "CHIOS is not a walled-city', pillage 2 BPs)")
    amphipolis = city(c.board, "AMPHIPOLIS")
    need(amphipolis.side == ATHENS and amphipolis.walled, CITIES, "AMPHIPOLIS",
         "an Athenian walled city (combat example: Athens defends it and withdraws into it)")
    messene = city(c.board, "MESSENE")
    need(messene.side == SPARTA and messene.major, CITIES, "MESSENE",
         "a Spartan major city (7.1: a Helot revolt targets it; 7.0: revolts only in major cities)")


# ----------------------------------------------------------------------------- 6.1 islands
def _six_sea_sides(name: str) -> Check:
    def check(c: Components) -> None:
        b = c.board
        need(all(b.terrain[o] == SEA for o in b.neighbours[hex_of(b, name)]), MAP, name,
             "an island with six sea hexsides")
    return check


def _cephallenia(c: Components) -> None:
    b = c.board
    h = hex_of(b, "CEPHALLENIA")
    need(island(b, h) == {h} and all(s == SIDE_NONE for s in b.land_side[h]), MAP, "CEPHALLENIA",
         "an island of one hex")
    ports = sum(1 for x in island(b, h) if b.city_at[x] >= 0 and b.cities[b.city_at[x]].port)
    need(ports == 1, MAP, "CEPHALLENIA", "an island with one port")


def _one_strait(name: str) -> Check:
    def check(c: Components) -> None:
        b = c.board
        h = hex_of(b, name)
        need(b.terrain[h] == STRAIT and island(b, h) == {h}, MAP, name, "an island in a strait hex")
        crossings = {d for d in range(6) if b.land_side[h][d] != SIDE_NONE}
        need(bool(crossings) and crossings <= b.far_sides[h], MAP, name, "reached only across its strait")
    return check


# ----------------------------------------------------------------------------- 9.x strategics
def _syracuse(c: Components) -> None:
    b = c.board
    syr = b.syracuse_hex
    need(syr == len(b.hexes) - 1 and b.terrain[syr] == OFFBOARD, MAP, "SYRACUSE", "the off-board area")
    need(b.neighbours[syr] == (-1,) * 6 and all(syr not in row for row in b.neighbours), MAP, "SYRACUSE",
         "no hex borders the off-board area")
    x = city(b, "SYRACUSE")
    need(b.city_at[syr] == x.index and x.offboard and x.side == NEUTRAL, CITIES, "SYRACUSE",
         "a neutral off-board city")


def _embarkation(c: Components) -> None:
    b = c.board
    names = [b.cities[i].name for i in b.embarkation]
    need(names == EMBARKATION, MAP, "[syracuse]", f"embarkation must be {', '.join(EMBARKATION)}")


def _persian_cities(c: Components) -> None:
    names = sorted(x.name for x in c.board.cities if x.side == PERSIA)
    need(names == PERSIAN_CITIES, CITIES, "persia", f"the Persian cities are {', '.join(names) or 'none'}, "
                                                    f"not {' and '.join(PERSIAN_CITIES)}")


def _abydos(c: Components) -> None:
    b = c.board
    need(b.terrain[hex_of(b, "ABYDOS")] == STRAIT, MAP, "ABYDOS", "must be a strait hex")
    need(navy_distance(b, "BYZANTIUM", "LEMNOS") < UNREACHABLE, MAP, "ABYDOS", "navies sail BYZANTIUM-LEMNOS")
    need(navy_distance(without_hex(b, hex_of(b, "ABYDOS")), "BYZANTIUM", "LEMNOS") == UNREACHABLE, MAP, "ABYDOS",
         "the grain route passes ABYDOS")


def _potidaea(c: Components) -> None:
    b = c.board
    p = city(b, "POTIDAEA")
    water = b.water_side[p.hex]
    need({w for w in water if w >= 0} == {0, 1}, MAP, "POTIDAEA", "must have two coasts")
    need(all(DIRECTIONS[d] in ("NW", "SW", "S") for d, w in enumerate(water) if w == p.coast), MAP, "POTIDAEA",
         "the city faces the Gulf of Therma (west)")
    need(navy_distance(b, "PELLA", "POTIDAEA") <= 2, MAP, "POTIDAEA", "navies from PELLA reach it in 2")


# ----------------------------------------------------------------------------- 4.x movement examples
def _army_reaches(a: str, b: str, hexes: int) -> Check:
    def check(c: Components) -> None:
        board = c.board
        need(army_reach(board, hex_of(board, a), hexes).get(hex_of(board, b), UNREACHABLE) <= hexes, MAP,
             f"{a}-{b}", f"an army moves from {a} to {b} in {hexes} hexes")
    return check


def _navy_reaches(a: str, b: str, hexes: int, any_coast: bool = False) -> Check:
    def check(c: Components) -> None:
        need(navy_distance(c.board, a, b, any_coast=any_coast) <= hexes, MAP, f"{a}-{b}",
             f"a navy moves from {a} to {b} in {hexes} hexes")
    return check


def _through_strait(a: str, strait: str, b: str, far: tuple[bool, bool | None]) -> Check:
    """An army moves ``a``-``strait``-``b`` in one move; ``far``: whether ``a`` (and ``b``, if not None)
    lies on the strait's far side."""
    def check(c: Components) -> None:
        board = c.board
        ha, hs, hb = hex_of(board, a), hex_of(board, strait), hex_of(board, b)
        need(enters_far_side(board, ha, hs) == far[0], MAP, strait, f"{a} lies on the side of {strait} the rules say")
        need(far[1] is None or enters_far_side(board, hb, hs) == far[1], MAP, strait,
             f"{b} lies on the side of {strait} the rules say")
        need(army_can_pass(board, [ha, hs, hb]), MAP, strait, f"an army moves {a}-{strait}-{b} in one move")
    return check


def _naupactus_pleuron(c: Components) -> None:
    b = c.board
    n, p = hex_of(b, "NAUPACTUS"), hex_of(b, "PLEURON")
    need(p in b.neighbours[n] and not enters_far_side(b, p, n), MAP, "PLEURON",
         "adjacent to NAUPACTUS, on its city side (Q&A)")


def _samos_ephesus(c: Components) -> None:
    b = c.board
    samos, ephesus, miletus = hex_of(b, "SAMOS"), hex_of(b, "EPHESUS"), hex_of(b, "MILETUS")
    need(enters_far_side(b, samos, ephesus), MAP, "EPHESUS", "SAMOS lies across the strait")
    need(army_reach(b, samos, 4).get(ephesus) == 1, MAP, "EPHESUS", "SAMOS to EPHESUS is one hex")
    need(not army_can_pass(b, [samos, ephesus, miletus]), MAP, "EPHESUS", "crossing the strait stops a move")
    need(army_can_pass(b, [ephesus, samos]), MAP, "EPHESUS", "a block starting in EPHESUS crosses freely")


def _halicarnassus_strait(c: Components) -> None:
    b = c.board
    h, m = hex_of(b, "HALICARNASSUS"), hex_of(b, "MILETUS")
    need(b.terrain[h] == STRAIT, MAP, "HALICARNASSUS", "a strait hex (map errata)")
    need(b.neighbours[m][DIRECTIONS.index("S")] == h, MAP, "HALICARNASSUS", "in the hex south of MILETUS")
    need(all(DIRECTIONS[d] in ("SE", "S", "SW") for d in b.far_sides[h]), MAP, "HALICARNASSUS",
         "the city is at the north end of the strait")


# ----------------------------------------------------------------------------- 2.x blocks, 4.6 cards
# The blocks the combat examples name (after 5.6), at full or reduced strength: side, type, rating, steps.
EXAMPLE_BLOCKS = (
    (SPARTA, NAVY, "C2", 2),  # Spartan navies attacking CHIOS
    (SPARTA, PELTAST, "A2", 3),  # Spartan peltast 2A2, reinforced by pillage "to 3A2" (3+ steps)
    (ATHENS, NAVY, "C2", 2),  # the CHIOS navy 2C2
    (ATHENS, HOPLITE, "B3", 2),  # CHIOS hoplites 2B3
    (SPARTA, HOPLITE, "B4", 4),  # 4B4 at AMPHIPOLIS
    (SPARTA, PELTAST, "A1", 4),  # 4A1 at AMPHIPOLIS
    (ATHENS, HOPLITE, "B2", 3),  # AMPHIPOLIS hoplite 3B2
    (ATHENS, PELTAST, "A1", 2),  # AMPHIPOLIS peltast 2A1
    (ATHENS, NAVY, "C3", 4),  # the Block Data figure: ATHENS navy 4 C3
)
HAND, AVERAGE_HAND = 6, 16  # first edition 4.61: an average hand of six is 16 MP
MULLIGAN_BELOW = 10  # 4.6 sidebar: a hand of six under 10 MP is a mulligan
MAX_MULLIGAN_SHARE = 0.05  # ... which must happen, but rarely


def _example_blocks(c: Components) -> None:
    have = {(b.side, b.type, b.rating_letter + str(b.rating), b.steps) for b in c.blocks}
    for side, kind, rating, steps in EXAMPLE_BLOCKS:
        need(any(s == side and t == kind and r == rating and n >= steps for s, t, r, n in have), BLOCKS,
             "roster", f"no {('Athenian', 'Spartan')[side]} {rating} block of {steps}+ steps the examples name")


def _average_hand(c: Components) -> None:
    total = sum(x.mp for x in c.cards)
    average = total * HAND / len(c.cards)
    need(abs(average - AVERAGE_HAND) < 0.5, CARDS, "deck", f"an average hand of six is {average:.1f} MP, not 16")


def _mulligans(c: Components) -> None:
    hands = list(itertools.combinations([x.mp for x in c.cards], HAND))
    share = sum(sum(h) < MULLIGAN_BELOW for h in hands) / len(hands)
    need(0 < share < MAX_MULLIGAN_SHARE, CARDS, "deck",
         f"{share:.1%} of hands are mulligans: they must happen, but rarely (under 5%)")


def _c(rule: str, file: str, text: str, check: Check) -> Constraint[Components]:
    return Constraint(rule, file, text, check)


CONSTRAINTS: tuple[Constraint[Components], ...] = (
    _c("1.1", CITIES, "walls and colours (ATHENS, CORINTH, THEBES walled; SPARTA not)", _walls_and_colours),
    _c("1.2", CITIES, "48 city points: Athens 20, Sparta 18, neutral 10; Athens opens with 19", _points),
    _c("1.2", CITIES, "city values 0-4, SYRACUSE 4", _values),
    _c("1.3", CITIES, "the non-ports: ELIS, MESSENE, SPARTA, STRATUS, THEBES", _non_ports),
    _c("1.3", MAP, "every port touches its coast", _ports_touch_their_coast),
    _c("1.4", CITIES, "the oracles: DELOS and DELPHI", _oracles),
    _c("1.5", MAP, "the strait hexes", _straits),
    _c("1.1", MAP, "MARATHON marks the Attic side of its strait", _marathon),
    _c("1.6", MAP, "CORINTH on both gulfs", _corinth_both_gulfs),
    _c("1.7", MAP, "two-coast hexes, especially on Euboea", _two_coasts),
    _c("1.7", MAP, "CHALCIS on Euboea's west coast", _chalcis_west_coast),
    _c("1.7", MAP, "LEMNOS to CHALCIS is 6 by sea, via CARYSTUS and MARATHON", _lemnos_chalcis),
    _c("1.8", MAP, "mountain hexes can be entered", _mountains_enterable),
    _c("TET", MAP, "rivers drawn, with adjacent sources (Q&A)", _rivers),
    _c("1.0", CITIES, "the names the rules use are on the map", _names),
    _c("1.0", CITIES, "HALICARNASSUS (map errata)", _halicarnassus),
    _c("9.4", CITIES, "CHIOS, CORCYRA, MYTILENE, RHODES are Athenian ports", _rebel_navy_cities),
    _c("5.3", CITIES, "the cities the rules besiege or blockade are walled ports", _blockaded_cities_walled_ports),
    _c("5.6", CITIES, "the combat examples' cities: CHIOS, AMPHIPOLIS; 7.1 MESSENE", _combat_example_cities),
    _c("6.1", MAP, "NAXOS: six sea hexsides", _six_sea_sides("NAXOS")),
    _c("6.1", MAP, "CYTHERA: six sea hexsides", _six_sea_sides("CYTHERA")),
    _c("6.1", MAP, "CEPHALLENIA: an island with one port", _cephallenia),
    _c("6.1", MAP, "CORCYRA: reached by one strait", _one_strait("CORCYRA")),
    _c("6.1", MAP, "LEUCAS: reached by one strait", _one_strait("LEUCAS")),
    _c("9.2", MAP, "SYRACUSE off the board", _syracuse),
    _c("9.2", MAP, "the embarkation ports for SYRACUSE", _embarkation),
    _c("9.3", CITIES, "two Persian cities", _persian_cities),
    _c("9.1", MAP, "ABYDOS on the Hellespont", _abydos),
    _c("3.0", MAP, "POTIDAEA faces the Gulf of Therma", _potidaea),
    _c("4.4", MAP, "a hoplite SPARTA to CORINTH in one move", _army_reaches("SPARTA", "CORINTH", 3)),
    _c("4.4", MAP, "a navy GYTHEUM to ATHENS in one move", _navy_reaches("GYTHEUM", "ATHENS", 4)),
    _c("4.3", MAP, "CARDIA through ABYDOS to ELAEUS", _through_strait("CARDIA", "ABYDOS", "ELAEUS", (True, None))),
    _c("4.3", MAP, "SICYON through NAUPACTUS to PATRAE",
       _through_strait("SICYON", "NAUPACTUS", "PATRAE", (True, True))),
    _c("4.3", MAP, "PLEURON beside NAUPACTUS (Q&A)", _naupactus_pleuron),
    _c("4.3", MAP, "NOTIUM through EPHESUS to MILETUS",
       _through_strait("NOTIUM", "EPHESUS", "MILETUS", (False, False))),
    _c("4.3", MAP, "SAMOS to EPHESUS crosses the strait", _samos_ephesus),
    _c("4.3", MAP, "HALICARNASSUS south of MILETUS", _halicarnassus_strait),
    _c("4.5", MAP, "naval attack example: a navy from LEUCAS reaches NAUPACTUS",
       _navy_reaches("LEUCAS", "NAUPACTUS", 4)),
    _c("4.5", MAP, "naval attack example: a peltast from PLEURON reaches NAUPACTUS",
       _army_reaches("PLEURON", "NAUPACTUS", 4)),
    _c("4.5", MAP, "naval attack example: a hoplite from THEBES reaches NAUPACTUS",
       _army_reaches("THEBES", "NAUPACTUS", 3)),
    _c("5.5", MAP, "a navy retreating from NAUPACTUS reaches CORINTH",
       _navy_reaches("NAUPACTUS", "CORINTH", 4, any_coast=True)),
    _c("5.5", MAP, "a navy retreating from TROEZEN reaches GYTHEUM", _navy_reaches("TROEZEN", "GYTHEUM", 4)),
    _c("2.12", BLOCKS, "the blocks the combat examples name", _example_blocks),
    _c("4.6", CARDS, "an average hand of six is 16 MP (first edition 4.61)", _average_hand),
    _c("4.6", CARDS, "a mulligan hand happens, but rarely", _mulligans),
)


# ---------------------------------------------------------------------------------------------------
# First edition (issue 13, option edition=first): its own examples, checked on the components it is
# played with (the bundled data with the overlay data/first/cities.toml, RULINGS FE26)
FIRST_CITIES = "first/cities.toml"


def _chalcis_skyros(c: Components) -> None:
    b = c.board
    d = navy_distance(b, "CHALCIS", "SKYROS")
    need(4 < d < UNREACHABLE, MAP, "CHALCIS-SKYROS", f"a navy needs more than one move (4), not {d}")
    for name in ("MARATHON", "CARYSTUS"):
        need(navy_distance(without_hex(b, hex_of(b, name)), "CHALCIS", "SKYROS") > d, MAP, "CHALCIS-SKYROS",
             f"every shortest route passes {name}")


def _first_edition_walls(c: Components) -> None:
    for name in ("NAUPACTUS", "TROEZEN", "CYTHERA"):
        need(city(c.board, name).walled, FIRST_CITIES, name, "walled (the 1st 6.2 and 6.3 examples)")


FIRST_EDITION_CONSTRAINTS: tuple[Constraint[Components], ...] = (
    _c("1st Two Coasts", MAP, "CHALCIS to SKYROS by sea passes MARATHON and CARYSTUS", _chalcis_skyros),
    _c("1st 6.2, 6.3", FIRST_CITIES, "NAUPACTUS, TROEZEN and CYTHERA are walled (RULINGS FE26)",
       _first_edition_walls),
)
