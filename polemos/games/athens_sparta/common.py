"""Athens & Sparta: queries and small procedures shared by every part of the rules."""

from __future__ import annotations

from polemos.games.athens_sparta.model import ATHENS, NAVY, NEUTRAL, NOSIDE, PERSIA, REVOLT, SPARTA, Board
from polemos.games.athens_sparta.model import OFFBOARD as OFFBOARD_T
from polemos.games.athens_sparta.model import SEA as SEA_T
from polemos.games.athens_sparta.state import LOCKED, POOL, AthensSpartaState

S = AthensSpartaState

# Hex control values (4.2); sides ATHENS=0 and SPARTA=1 are controls too
C_NEUTRAL = NEUTRAL
C_PERSIA = PERSIA
C_VACANT = NOSIDE
C_CONTESTED = 5

SIDE_NAME = ("Athens", "Sparta")


def side_name(side: int) -> str:
    return SIDE_NAME[side]


def blocks_at(s: S, h: int) -> list[int]:
    loc = s.loc
    return [b for b in range(len(loc)) if loc[b] == h]


def friendly_ctrl(s: S, side: int, ctrl: int) -> bool:
    """Is a hex of this control friendly to ``side``? (4.2; 9.3 Persian hexes for Sparta)"""
    return ctrl == side or (ctrl == C_PERSIA and side == SPARTA and s.persia == 1)


def enemy_ctrl(s: S, side: int, ctrl: int) -> bool:
    return ctrl == 1 - side


def update_control(s: S) -> None:
    """4.2: control changes at the end of each Phase. Cities taken change hands, then the
    land and sea control of every hex is fixed for the next Phase."""
    board = s.comp.board
    blocks = s.comp.blocks
    owner = s.owner
    inside = s.inside
    # per occupied hex: [out A, out S, in A, in S, armies out A, armies out S, navies out A, navies out S]
    occ: dict[int, list[int]] = {}
    for b, h in enumerate(s.loc):
        if h < 0:
            continue
        o = owner[b]
        if o > SPARTA:
            continue
        row = occ.get(h)
        if row is None:
            row = occ[h] = [0, 0, 0, 0, 0, 0, 0, 0]
        if inside[b]:
            row[2 + o] += 1
        else:
            row[o] += 1
            row[(6 if blocks[b].type == NAVY else 4) + o] += 1
    # cities occupied only by one side change hands (1.1: "unless occupied by ...")
    city_at = board.city_at
    for h, row in occ.items():
        c = city_at[h]
        if c < 0:
            continue
        city = board.cities[c]
        if city.oracle or city.side == NOSIDE:
            continue
        a, sp = row[0] + row[2], row[1] + row[3]
        if a and not sp and s.city_owner[c] != ATHENS:
            change_city_owner(s, c, ATHENS)
        elif sp and not a and s.city_owner[c] != SPARTA:
            change_city_owner(s, c, SPARTA)
    s.reach = {}
    lctrl = [C_VACANT] * len(board.hexes)
    for c, city in enumerate(board.cities):
        co = s.city_owner[c]
        lctrl[city.hex] = co if co <= PERSIA else C_VACANT
    sctrl = list(lctrl)
    for h, row in occ.items():
        a_out, s_out, a_in, s_in = row[0], row[1], row[2], row[3]
        if a_out and s_out:
            lctrl[h] = sctrl[h] = C_CONTESTED
        elif a_in or s_in:
            defender = ATHENS if a_in else SPARTA
            att = 1 - defender
            lctrl[h] = att if row[4 + att] else defender
            sctrl[h] = att if row[6 + att] else defender
        else:
            lctrl[h] = sctrl[h] = ATHENS if a_out else SPARTA
    s.lctrl = lctrl
    s.sctrl = sctrl


def change_city_owner(s: S, c: int, side: int) -> None:
    """A city changes hands: rebel navies (9.4), Persian support (9.3), green blocks (9.5)."""
    board = s.comp.board
    city = board.cities[c]
    old = s.city_owner[c]
    s.city_owner[c] = side
    s.say(f"{city.name} is now held by {side_name(side)} (4.2).")
    blocks = s.comp.blocks
    # 9.4 rebel navies: the city's navy moves to the city and converts at the same strength
    for b, spec in enumerate(blocks):
        if spec.type != NAVY:
            continue
        if spec.rebel_of == c and side == SPARTA:
            twin = _athenian_twin(s, c)
            if twin >= 0 and s.loc[twin] >= 0:
                _convert_navy(s, twin, b, city.hex)
            elif twin >= 0 and s.loc[twin] == POOL:
                s.loc[twin] = LOCKED
                s.loc[b] = POOL
                s.say(f"9.4: the {city.name} navy may now be built by Sparta.")
        elif spec.rebel_of == c and side == ATHENS:
            twin = _athenian_twin(s, c)
            if twin >= 0 and s.loc[b] >= 0:
                _convert_navy(s, b, twin, city.hex)
            elif twin >= 0 and s.loc[twin] == LOCKED:
                s.loc[twin] = POOL
                if s.loc[b] == POOL:
                    s.loc[b] = LOCKED
    # 9.3 Persian support ceases for ever if Athens regains MILETUS
    if city.name == "MILETUS" and side == ATHENS and s.persia == 1:
        s.persia = 2
        s.say("9.3: Athens regains MILETUS; Persian support ceases permanently.")
    # 9.5 green blocks change sides, at current strength, if their home city is occupied
    if old == NEUTRAL or city.side == NEUTRAL:
        for b, spec in enumerate(blocks):
            if spec.side == NEUTRAL and spec.home == c and s.owner[b] != side:
                s.owner[b] = side


def _athenian_twin(s: S, c: int) -> int:
    for b, spec in enumerate(s.comp.blocks):
        if spec.type == NAVY and spec.side == ATHENS and spec.home == c and spec.rebel_of < 0:
            return b
    return -1


def _convert_navy(s: S, frm: int, to: int, h: int) -> None:
    """9.4: the rebel navy moves to its city (free move) and converts at the same strength."""
    s.loc[to] = h
    s.strength[to] = s.strength[frm]
    s.inside[to] = False
    s.moved[to] = True
    s.loc[frm] = LOCKED
    s.strength[frm] = 0
    s.inside[frm] = False
    s.say(f"9.4: the {s.comp.blocks[frm].name} navy changes sides and moves to its city.")


def push(s: S, *tasks: list[int | str]) -> None:
    """Schedule tasks to run next, in the order given."""
    for t in reversed(tasks):
        s.tasks.append(list(t))




class Occ:
    """Who stands where, computed in one pass over the blocks: the per-hex facts that movement
    and combat ask about thousands of times while listing legal actions."""

    __slots__ = ("armies", "count", "field", "inside")

    def __init__(self, s: S) -> None:
        nh = len(s.comp.board.hexes)
        field = [0] * nh
        inside = [0] * nh
        count = [[0] * nh, [0] * nh]
        armies = [[0] * nh, [0] * nh]
        blocks = s.comp.blocks
        owner = s.owner
        ins = s.inside
        for b, h in enumerate(s.loc):
            if h < 0:
                continue
            o = owner[b]
            if o > SPARTA:
                continue
            if ins[b]:
                inside[h] |= 1 << o
            else:
                field[h] |= 1 << o
            t = blocks[b].type
            if t != REVOLT:
                count[o][h] += 1
                if t != NAVY:
                    armies[o][h] += 1
        self.field = field
        self.inside = inside
        self.count = count
        self.armies = armies


class Geo:
    """Static graphs derived once from a board: what the movement searches walk over."""

    __slots__ = ("one_port_island", "persian", "revolt_cities", "water_adj")

    def __init__(self, board: Board) -> None:
        nh = len(board.hexes)
        # water graph over (hex, coast) nodes, node = hex * 2 + coast: [(dir, next hex, next node)]
        self.water_adj: list[list[tuple[int, int, int]]] = [[] for _ in range(nh * 2)]
        for h in range(nh):
            for d in range(6):
                n = board.neighbours[h][d]
                ws = board.water_side[h][d]
                if n < 0 or ws < 0:
                    continue
                arrive = board.water_side[n][(d + 3) % 6]
                if arrive < 0:
                    continue
                self.water_adj[h * 2 + ws].append((d, n, n * 2 + arrive))
        self.persian = frozenset(c.hex for c in board.cities if c.side == PERSIA)
        # 7.0: revolts only in major cities on the map, never ATHENS or SPARTA
        self.revolt_cities = tuple(i for i, c in enumerate(board.cities)
                                   if c.major and not c.offboard and c.name not in ("ATHENS", "SPARTA"))
        # 6.1: land masses joined by land hexsides (never across a strait); a port whose land
        # mass holds no other port is an island port whose blockade is a full siege
        comp = [-1] * nh
        n_comp = 0
        for start in range(nh):
            if comp[start] >= 0 or board.terrain[start] in (SEA_T, OFFBOARD_T):
                continue
            comp[start] = n_comp
            stack = [start]
            while stack:
                h = stack.pop()
                for d in range(6):
                    n = board.neighbours[h][d]
                    if n < 0 or comp[n] >= 0 or board.land_side[h][d] == 0:
                        continue
                    if d in board.far_sides[h] or (d + 3) % 6 in board.far_sides[n]:
                        continue  # a strait is water, not a land link
                    comp[n] = n_comp
                    stack.append(n)
            n_comp += 1
        ports = [0] * n_comp
        for c in board.cities:
            if c.port and not c.offboard and comp[c.hex] >= 0:
                ports[comp[c.hex]] += 1
        self.one_port_island = frozenset(
            c.hex for c in board.cities if c.port and not c.offboard and ports[comp[c.hex]] == 1)


_GEO: dict[int, tuple[Board, Geo]] = {}


def geo(board: Board) -> Geo:
    hit = _GEO.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    g = Geo(board)
    _GEO[id(board)] = (board, g)
    return g
