"""Athens & Sparta: queries and small procedures shared by every part of the rules: control (4.2),
cities changing hands, who stands where, names, stacking (4.1), ports, the battle record's statuses
(5.4), eliminating a block (8.5) and where an army may retreat (5.5). Movement, combat, attrition and
replacement all call these, so they sit below all of them (issue 12's layers)."""

from __future__ import annotations

from polemos.core.errors import IllegalActionError
from polemos.games.athens_sparta.model import (
    ATHENS,
    NAVY,
    NEUTRAL,
    NOSIDE,
    PELTAST,
    PERSIA,
    REVOLT,
    SPARTA,
    STRAIT,
    BlockSpec,
    Board,
)
from polemos.games.athens_sparta.model import MOUNTAIN as MOUNTAIN_T
from polemos.games.athens_sparta.model import OFFBOARD as OFFBOARD_T
from polemos.games.athens_sparta.model import SEA as SEA_T
from polemos.games.athens_sparta.state import BS_INSIDE, BS_NONE, BS_SEA, BS_STORM, POOL, AthensSpartaState

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
    return [b for b, x in enumerate(s.loc) if x == h]


def friendly_ctrl(s: S, side: int, ctrl: int) -> bool:
    """Is a hex of this control friendly to ``side``? (4.2; 9.3 Persian hexes for Sparta)"""
    return ctrl == side or (ctrl == C_PERSIA and side == SPARTA and s.persia == 1)


def enemy_ctrl(s: S, side: int, ctrl: int) -> bool:
    """4.2: "Enemy hexes are those friendly to the enemy" (9.3: Persian hexes too, for Athens,
    while Persia is Sparta's ally)."""
    return friendly_ctrl(s, 1 - side, ctrl)


def friendly_hex(s: S, side: int, h: int, sea: bool = False) -> bool:
    """4.2: is hex ``h`` friendly to ``side``: a city he holds (R2) or occupied only by his
    blocks, as the control stood at the end of the last Phase (or battle: Battles Sequence
    sidebar); a besieged hex belongs to the besieger on land, a blockaded hex to the blockader at
    sea (``sea``: for sea movement, "sea control")."""
    return friendly_ctrl(s, side, (s.sctrl if sea else s.lctrl)[h])


def enemy_hex(s: S, side: int, h: int, sea: bool = False) -> bool:
    """4.2: is hex ``h`` an enemy hex to ``side`` — friendly to the enemy (see
    :func:`friendly_hex`): an enemy city, even vacant, is one."""
    return enemy_ctrl(s, side, (s.sctrl if sea else s.lctrl)[h])


def closed_to(s: S, side: int, sea: bool, occ: Occ) -> list[bool]:
    """Per hex: may ``side``'s blocks NOT enter or pass it on a strategic move (4.5: "never ...
    enter or traverse enemy hexes"), a navy's retreat (5.5) or a regroup (5.6: "not via enemy
    hexes")? RULINGS R30: closed are the enemy hexes (4.2, :func:`enemy_hex`; ``sea``: by sea
    control), the contested ones and any where enemy blocks now stand outside the walls (they
    would stop any move there, 4.4); an Oracle is never closed (1.4: either side may retreat to or
    traverse it, even if the enemy occupies it)."""
    ctrl = s.sctrl if sea else s.lctrl
    # the result depends on the blocks (``occ``), the control snapshot and Persian support only:
    # kept in the occupancy snapshot while those stay the same (the searches ask it many times)
    key = (side, sea, s.persia)
    hit = occ.closed.get(key)
    if hit is not None and hit[0] == ctrl:
        return hit[1]
    oracle = geo(s.comp.board).oracle
    # the hexes closed by control alone are the same while the control snapshot is (a Phase, 4.2):
    # kept in the state, then the hexes with enemy blocks outside the walls are added
    base_hit = s.closed_memo.get(key)
    if base_hit is not None and base_hit[0] == ctrl:
        base = base_hit[1]
    else:
        # per control value (0-5, as a byte), closed or not; then the Oracles opened (1.4, R20)
        shut = bytes(c == C_CONTESTED or enemy_ctrl(s, side, c) for c in range(C_CONTESTED + 1)) + bytes(250)
        base = list(map(bool, bytes(ctrl).translate(shut)))
        for h in geo(s.comp.board).oracle_hexes:
            base[h] = False
        s.closed_memo[key] = (list(ctrl), base)
    closed = base[:]
    enemy_bit = 2 >> side
    field = occ.field
    for h in occ.hexes:
        if field[h] & enemy_bit and not oracle[h]:
            closed[h] = True  # enemy blocks outside the walls
    occ.closed[key] = (list(ctrl), closed)
    return closed


def update_control(s: S) -> None:
    """4.2: control changes at the end of each Phase. Cities taken change hands, then the
    land and sea control of every hex is fixed for the next Phase."""
    # the control follows from where the blocks stand and who holds the cities: if neither has
    # changed since a call in which no city changed hands, the answer is that call's again (the
    # occupancy snapshot is the same object while the blocks' hexes, owners and walls are)
    occ = occ_of(s)
    patrol = s.patrol
    memo = s.ctrl_memo
    if memo is not None and memo[0] is occ and memo[1] == s.city_owner and memo[2] == patrol:
        s.lctrl = list(memo[3])
        s.sctrl = list(memo[4])
        return
    board = s.comp.board
    # per occupied hex, bits: side o outside the walls 1 << o, inside 4 << o, with an army (or
    # revolt block) outside 16 << o, with a navy outside 64 << o; in the order of the first block there
    if patrol:
        bits: dict[int, int] = {}
        get = bits.get
        for b, (h, o, i, k) in enumerate(zip(s.loc, s.owner, s.inside, occ_kinds(s.comp.blocks), strict=False)):
            if h < 0 or o > SPARTA or b in patrol:
                continue  # first edition 6.7: a patrolling navy holds the sea only, below (RULINGS FE12)
            bits[h] = get(h, 0) | ((4 << o) if i else (1 << o) | ((64 if k == 1 else 16) << o))
        hexes = list(bits)
        fs = [bits[h] for h in hexes]
    else:
        field, inside, outside = occ.field, occ.inside, occ.outside
        hexes = occ.hexes
        # outside the walls: armies and revolt blocks 16 << o, navies 64 << o (Occ.outside's bits 0-3)
        fs = [field[h] | inside[h] << 2 | (outside[h] & 15) << 4 for h in hexes]
    # cities occupied only by one side change hands (1.1: "unless occupied by ...")
    city_at = board.city_at
    changed = False
    for h, f in zip(hexes, fs, strict=True):
        c = city_at[h]
        if c < 0:
            continue
        city = board.cities[c]
        if city.oracle or city.side == NOSIDE:
            continue
        a, sp = f & 5, f & 10
        if a and not sp and s.city_owner[c] != ATHENS:
            change_city_owner(s, c, ATHENS)
            changed = True
        elif sp and not a and s.city_owner[c] != SPARTA:
            change_city_owner(s, c, SPARTA)
            changed = True
    lctrl = [C_VACANT] * len(board.hexes)
    for h, co in zip(geo(board).city_hex, s.city_owner, strict=False):
        lctrl[h] = co if co <= PERSIA else C_VACANT
    sctrl = list(lctrl)
    for h, f in zip(hexes, fs, strict=True):
        if f & 3 == 3:  # both sides outside the walls
            lctrl[h] = sctrl[h] = C_CONTESTED
        elif f & 12:  # blocks inside the walls
            defender = ATHENS if f & 4 else SPARTA
            att = 1 - defender
            lctrl[h] = att if f & (16 << att) else defender
            sctrl[h] = att if f & (64 << att) else defender
        else:
            lctrl[h] = sctrl[h] = ATHENS if f & 1 else SPARTA
    for b in patrol:
        # first edition 6.7: "es necesario el control del mar": the patrol keeps its side's sea
        # control of the hex, unless enemy navies stand there outside the walls (RULINGS FE12)
        h, o = s.loc[b], s.owner[b]
        if h >= 0:
            sctrl[h] = C_CONTESTED if bits.get(h, 0) & (64 << (1 - o)) else o
    s.lctrl = lctrl
    s.sctrl = sctrl
    s.ctrl_memo = None if changed else (occ, s.city_owner[:], patrol[:], tuple(lctrl), tuple(sctrl))


def change_city_owner(s: S, c: int, side: int) -> None:
    """A city changes hands: rebel navies (9.4), Persian support (9.3), green blocks (9.5)."""
    board = s.comp.board
    city = board.cities[c]
    old = s.city_owner[c]
    s.city_owner[c] = side
    s.say(f"{city.name} is now held by {side_name(side)} (4.2).")
    blocks = s.comp.blocks
    # 9.4 rebel navies: the city's navy on the map moves to the city and converts at the same
    # strength. Both twins otherwise wait in their owners' Replacement Pools (3.0); whichever side
    # holds the city may build its own there (8.3: a block is built in its home city, never an
    # enemy-held one), so "if the rebel navy is in the Replacement Pool at the time, it becomes
    # available to be built by the Spartan player".
    for b, spec in enumerate(blocks):
        if spec.rebel_of != c:
            continue
        twin = _athenian_twin(s, c)
        if twin < 0:
            continue
        if side == SPARTA and s.loc[twin] >= 0:
            _convert_navy(s, twin, b, city.hex)
        elif side == SPARTA and s.loc[twin] == POOL:
            s.say(f"9.4: the {city.name} navy may now be built by Sparta.")
        elif side == ATHENS and s.loc[b] >= 0:
            _convert_navy(s, b, twin, city.hex)
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
    """9.4: the rebel navy moves to its city (free move) and converts at the same strength; the
    block it replaces goes back to its owner's Replacement Pool."""
    s.loc[to] = h
    s.strength[to] = s.strength[frm]
    s.inside[to] = False
    s.moved[to] = True
    s.loc[frm] = POOL
    s.strength[frm] = 0
    s.inside[frm] = False
    s.halfhit[frm] = False
    s.revealed[frm] = False
    s.say(f"9.4: the {s.comp.blocks[frm].name} navy changes sides and moves to its city.")


def revolting(s: S, b: int) -> bool:
    """7.0, 7.1: is ``b`` a revolt block sponsored this Player Turn (raised from the Replacement
    Pool by revolt steps), whose revolt the Combat Phase is still to decide? A revolt block that
    won earlier stays as it is (7.0) or, a HELOT, functions like any peltast (7.1)."""
    return s.comp.blocks[b].type == REVOLT and s.loc[b] >= 0 and s.start_hex[b] == POOL


def push(s: S, *tasks: list[int | str]) -> None:
    """Schedule tasks to run next, in the order given."""
    for t in reversed(tasks):
        s.tasks.append(list(t))




class Occ:
    """Who stands where, computed in one pass over the blocks: the per-hex facts that movement
    and combat ask about thousands of times while listing legal actions, and from which control
    (4.2, :func:`update_control`) and the Combat Phase's battles (5.0, ``combat.battle_hexes``) are
    read. Kept with the blocks' hexes, owners and walls status it was built from (:func:`occ_of`)."""

    __slots__ = ("closed", "field", "hexes", "inside", "loc", "outside", "owner", "stack", "walls")

    def __init__(self, s: S) -> None:
        nh = len(s.comp.board.hexes)
        # four lists a hex (each Occ is built after most actions and freed later: a list of 323 entries costs
        # its making and its freeing; the per-side facts are packed as bits, issue 12)
        field = [0] * nh
        inside = [0] * nh
        # per hex, bits by side of the blocks outside the walls: armies and revolt blocks (``1 << o``),
        # navies (``4 << o``), revolt blocks (``16 << o``)
        outside = [0] * nh
        # per hex, the blocks that count toward stacking (4.1) and the armies among them, by side: Athens'
        # count in bits 0-7 and its armies in bits 8-15, Sparta's in bits 16-23 and 24-31 (:func:`stacked`)
        stack = [0] * nh
        # the occupied hexes, in the order of the first block standing there (update_control's order)
        hexes: list[int] = []
        # per block: 0 revolt (not counted), 1 navy (counted), 2 army (counted, an army)
        # an index loop over the typed lists (native in the compiled build: no zip tuples; issue 12)
        loc = s.loc
        owner = s.owner
        walls = s.inside
        kinds = occ_kinds(s.comp.blocks)
        for b in range(min(len(loc), len(owner), len(walls), len(kinds))):
            h = loc[b]
            o = owner[b]
            if h < 0 or o > SPARTA:
                continue
            k = kinds[b]
            if not (field[h] or inside[h]):
                hexes.append(h)
            bo = 1 << o
            if walls[b]:
                inside[h] |= bo
            else:
                field[h] |= bo
                if k == 1:
                    outside[h] |= bo << 2
                elif k:
                    outside[h] |= bo
                else:
                    outside[h] |= bo | bo << 4
            if k:
                stack[h] += (1 if k == 1 else 0x101) << (16 * o)
        self.field = field
        self.inside = inside
        self.outside = outside
        self.stack = stack
        self.hexes = hexes
        # what it was built from (compared by occ_of)
        self.loc = loc[:]
        self.owner = owner[:]
        self.walls = walls[:]
        # closed_to's answers: (side, sea, Persian support) -> (the control it was built from, it)
        self.closed: dict[tuple[int, bool, int], tuple[list[int], list[bool]]] = {}


def stacked(occ: Occ, side: int, h: int) -> tuple[int, int]:
    """The blocks of ``side`` in ``h`` that count toward stacking (4.1: revolt blocks do not), and
    the armies among them."""
    v = occ.stack[h] >> (16 * side)
    return v & 255, v >> 8 & 255


def occ_of(s: S) -> Occ:
    """The occupancy of ``s`` now: a shared, read-only snapshot, rebuilt only when a block's
    hex, owner or walls status has changed since the last one (derived data, see reset_caches)."""
    occ: Occ | None = s.occ_cache
    if occ is not None and occ.loc == s.loc and occ.owner == s.owner and occ.walls == s.inside:
        return occ
    occ = s.occ_cache = Occ(s)
    return occ


class BlockTabs:
    """Static facts about a block list, derived once: what the hot loops would otherwise ask
    each block spec again and again."""

    __slots__ = ("kinds", "menu_names", "peltasts", "revolts")

    def __init__(self, blocks: tuple[BlockSpec, ...]) -> None:
        # per block, how the occupancy counts it: 0 a revolt block (not toward stacking), 1 a navy, 2 an army
        self.kinds = tuple(0 if b.type == REVOLT else 1 if b.type == NAVY else 2 for b in blocks)
        self.revolts = tuple(i for i, b in enumerate(blocks) if b.type == REVOLT)
        self.peltasts = tuple(i for i, b in enumerate(blocks) if b.type == PELTAST)
        # per block, the Move Phase menu's words for it (4.4, 4.51, 4.52), built once
        self.menu_names = tuple(("op " + b.id, "march " + b.id, "sea " + b.id) for b in blocks)


_TABS: dict[int, tuple[tuple[BlockSpec, ...], BlockTabs]] = {}


def block_tabs(blocks: tuple[BlockSpec, ...]) -> BlockTabs:
    hit = _TABS.get(id(blocks))
    if hit is not None and hit[0] is blocks:
        return hit[1]
    tabs = BlockTabs(blocks)
    _TABS[id(blocks)] = (blocks, tabs)
    return tabs


def occ_kinds(blocks: tuple[BlockSpec, ...]) -> tuple[int, ...]:
    """Per block, how the occupancy counts it: 0 a revolt block (not toward stacking), 1 a navy,
    2 an army."""
    return block_tabs(blocks).kinds


class Geo:
    """Static graphs derived once from a board: what the movement searches walk over."""

    __slots__ = ("bit", "city_cap", "city_cap_ed1", "city_hex", "emb_hexes", "emb_mask", "lim", "majors_on_map",
                 "nbm", "neutral_majors", "one_port_island", "oracle", "oracle_hexes", "persian", "persian_city",
                 "revolt_cities", "syr", "water_adj")

    def __init__(self, board: Board) -> None:
        nh = len(board.hexes)
        self.syr = board.syracuse_hex
        # per hex: is it an Oracle (1.4); a Persian city (9.3); stacking limit (blocks, armies) (4.1)
        self.oracle = tuple(c >= 0 and board.cities[c].oracle for c in board.city_at)
        self.oracle_hexes = tuple(h for h, o in enumerate(self.oracle) if o)
        self.persian_city = tuple(c >= 0 and board.cities[c].side == PERSIA for c in board.city_at)
        self.lim = tuple((6, 4) if c >= 0 and board.cities[c].name == "ATHENS"
                         else (2, 2) if board.terrain[h] == MOUNTAIN_T else (4, 4)
                         for h, c in enumerate(board.city_at))
        # per city: its hex; the BPs it may take in a Replacement Phase (8.1)
        self.city_hex = tuple(c.hex for c in board.cities)
        self.city_cap = tuple(16 if c.name in ("ATHENS", "SPARTA") else 3 * c.value if c.major else 1
                              for c in board.cities)
        # first edition 8.1: 2x the value of a major city, 1 PP in a minor one, 8 PP in ATHENS and SPARTA
        self.city_cap_ed1 = tuple(8 if c.name in ("ATHENS", "SPARTA") else 2 * c.value if c.major else 1
                                  for c in board.cities)
        # the major cities on the map, in index order (where RESERVE blocks may be built, 8.3)
        self.majors_on_map = tuple(i for i, c in enumerate(board.cities) if c.major and not c.offboard)
        # the green major cities, in index order (9.5)
        self.neutral_majors = tuple(i for i, c in enumerate(board.cities) if c.side == NEUTRAL and c.major)
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
        # hex sets as integer bit masks (the Move Phase menu's dependencies, issue 12): per hex its
        # bit; per hex the bits of it and its six neighbours; the embarkation ports for SYRACUSE (9.2)
        self.bit = tuple(1 << h for h in range(nh))
        self.nbm = tuple(sum({1 << x for x in (h, *board.neighbours[h]) if x >= 0}) for h in range(nh))
        self.emb_hexes = tuple(board.cities[c].hex for c in board.embarkation)
        self.emb_mask = sum({1 << h for h in self.emb_hexes})
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
_LAST_GEO: list[tuple[Board, Geo] | None] = [None]  # the board asked about last (nearly always the one)


def geo(board: Board) -> Geo:
    last = _LAST_GEO[0]
    if last is not None and last[0] is board:
        return last[1]
    hit = _GEO.get(id(board))
    if hit is None or hit[0] is not board:
        hit = _GEO[id(board)] = (board, Geo(board))
    _LAST_GEO[0] = hit
    return hit[1]


# ====================================================================== naming, terrain & stacking (4.1)
def hex_name(s: S, h: int) -> str:
    board = s.comp.board
    c = board.city_at[h]
    return board.cities[c].name if c >= 0 else board.hexes[h]


def hex_by_name(s: S, name: str) -> int:
    board = s.comp.board
    c = board.city_index.get(name)
    if c is not None:
        return board.cities[c].hex
    h = board.hex_index.get(name)
    if h is None:
        raise IllegalActionError(f"no hex or city {name!r}")
    return h


def stack_limit(s: S, h: int) -> tuple[int, int]:
    """(blocks, armies) a player may stack in hex ``h`` (Terrain Effects Table)."""
    lim: tuple[int, int] = geo(s.comp.board).lim[h]
    return lim


def stack_ok(s: S, side: int, h: int, extra: int, occ: Occ | None = None, at: int | None = None,
             seen: bool = False) -> bool:
    """Could ``side`` add block ``extra`` to hex ``h`` within the stacking limit (4.1)?
    ``at``: where ``occ`` counted the block (default: where it stands now). ``seen``: as far as
    the enemy can tell, who sees how many blocks stand there but not which are armies (ATHENS's
    limit of 4 armies is not checked; RULINGS R32)."""
    g = geo(s.comp.board)
    if h == g.syr:
        return True
    t = s.comp.blocks[extra].type
    if t == REVOLT:
        return True  # 7.0: the revolt block does not count toward stacking
    if occ is None:
        occ = occ_of(s)
    n, armies = stacked(occ, side, h)
    if (s.loc[extra] if at is None else at) == h:
        n -= 1
        if t != NAVY:
            armies -= 1
    lim, lim_army = g.lim[h]
    return n + 1 <= lim and (seen or armies + (t != NAVY) <= lim_army)


def persian_barred(s: S, side: int, h: int) -> bool:
    """9.3: Athens never enters Persia; Sparta only with Persian support."""
    if not geo(s.comp.board).persian_city[h]:
        return False
    return side == ATHENS or s.persia != 1


def is_oracle(s: S, h: int) -> bool:
    oracle: bool = geo(s.comp.board).oracle[h]
    return oracle


def neutral_city(s: S, h: int) -> bool:
    c = s.comp.board.city_at[h]
    return c >= 0 and s.city_owner[c] == C_NEUTRAL


def siege_hex(s: S, h: int, occ: Occ | None = None) -> bool:
    """A hex with blocks of both players (a siege, blockade or battle)."""
    if occ is not None:
        return (occ.field[h] | occ.inside[h]) == 3
    seen = 0
    for b in range(len(s.loc)):
        if s.loc[b] == h:
            o = s.owner[b]
            if o <= SPARTA:
                seen |= 1 << o
    return seen == 3


# ====================================================================== ports (4.2, 4.52, 9.2)
def _friendly_port(s: S, side: int, h: int) -> bool:
    """A port city in ``h`` friendly to ``side`` on land and at sea (4.2): where sea moves start
    and end (4.52) and navies retreat or regroup to (5.5, 5.6)."""
    board = s.comp.board
    c = board.city_at[h]
    if c < 0 or not board.cities[c].port:
        return False
    return friendly_hex(s, side, h) and friendly_hex(s, side, h, sea=True)


def open_embarkation(s: S, side: int, occ: Occ | None = None) -> list[int]:
    """9.2: the hexes of the embarkation ports for SYRACUSE that are "friendly (unblockaded)":
    friendly ports with no enemy block in them (a siege or a blockade)."""
    board = s.comp.board
    return [h for c in board.embarkation
            if _friendly_port(s, side, h := board.cities[c].hex) and not siege_hex(s, h, occ)]


# ====================================================================== the battle record (5.4) and losses (8.5)
def siege_limit(s: S, h: int) -> int:
    """5.31: a major city holds 4 blocks in siege, a minor city 2. First edition 5.52: ATHENS 6, at
    most 4 of them land blocks (RULINGS FE18; the storm limit is the same, 5.54)."""
    c = s.comp.board.city_at[h]
    if c < 0:
        return 0
    city = s.comp.board.cities[c]
    if s.ed1 and city.name == "ATHENS":
        return 6
    return 4 if city.major else 2


def status(s: S, b: int) -> int:
    bt = s.battle
    if bt is None or b not in bt["blocks"]:
        return BS_NONE
    st: int = bt["st"][bt["blocks"].index(b)]
    return st


def set_status(s: S, b: int, st: int) -> None:
    bt = s.battle
    assert bt is not None
    bt["st"][bt["blocks"].index(b)] = st


def in_battle(s: S, side: int, statuses: tuple[int, ...]) -> list[int]:
    bt = s.battle
    assert bt is not None
    return [b for b, st in zip(bt["blocks"], bt["st"], strict=True)
            if st in statuses and s.owner[b] == side and s.loc[b] == bt["hex"]]


def eliminate(s: S, b: int) -> None:
    """8.5: eliminated blocks go to the Replacement Pool."""
    if s.inside[b] and s.battle is not None and s.loc[b] == s.battle["hex"]:
        _note_capture(s, b)
    s.loc[b] = POOL
    s.strength[b] = 0
    s.inside[b] = False
    s.halfhit[b] = False
    s.revealed[b] = False
    if b in s.patrol:
        s.patrol.remove(b)
    bt = s.battle
    if bt is not None and b in bt["blocks"]:
        bt["st"][bt["blocks"].index(b)] = BS_NONE


def _note_capture(s: S, b: int) -> None:
    """5.41: when all blocks in siege are eliminated the attacker takes the city; a defending
    navy that remains cannot later withdraw."""
    bt = s.battle
    if bt is None or s.owner[b] != bt["def"] or bt.get("captured"):
        return
    h = bt["hex"]
    if any(s.inside[x] and s.owner[x] == bt["def"] and s.loc[x] == h for x in bt["blocks"] if x != b):
        return
    if any(s.owner[x] == bt["att"] and s.loc[x] == h for x in bt["blocks"]):
        bt["took"] = 1
        if s.ed1 and bt["stage"] == "ed1" and in_battle(s, bt["def"], (BS_SEA,)):
            # first edition 6.3 example (NAUPACTUS): "ahora los espartanos controlan la ciudad y tienen
            # defensa doble": the stormers hold the walls at once, and the defending navy outside may
            # storm them from the sea (coastal combat against the walls, 6.2, 6.22; RULINGS FE41)
            lim = siege_limit(s, h)
            for x in in_battle(s, bt["att"], (BS_STORM,))[:lim]:
                s.inside[x] = True
                set_status(s, x, BS_INSIDE)


# ====================================================================== retreat ground (5.5)
def _retreat_ok(s: S, side: int, n: int) -> bool:
    """5.5: an army retreats to any friendly or vacant hex (4.2: vacant = no blocks, so an empty
    enemy city too), never an enemy-occupied or contested one (enemy blocks there, within the walls
    or not); an Oracle even if the enemy is there (1.4); never into a neutral city, where a block
    may only stop to attack (9.5). RULINGS R19; navies follow R30 instead."""
    if is_oracle(s, n):
        return True
    if neutral_city(s, n):
        return False
    occ = occ_of(s)
    if s.ed1:
        return _retreat_ok_ed1(s, side, n, occ)
    return not (occ.field[n] | occ.inside[n]) & (2 >> side)


def _retreat_ok_ed1(s: S, side: int, n: int, occ: Occ) -> bool:
    """First edition 5.3 (RULINGS FE19): into a friendly hex, a vacant one (1st 4.2: no city and no
    blocks), or one where the retreating side besieges (enemy blocks only within the walls); never
    into an enemy hex (an empty enemy city is one) nor a hex with enemy blocks outside the walls (a
    battle not yet fought)."""
    enemy_bit = 2 >> side
    if occ.field[n] & enemy_bit:
        return False
    if s.comp.board.terrain[n] == STRAIT and s.sctrl[n] != side:
        return False  # first edition 1.5, 5.3: a strait hex needs the retreating side's sea control (FE4)
    if occ.inside[n] & enemy_bit:
        return bool(occ.field[n] & (1 << side))  # the retreating side's own siege
    c = s.comp.board.city_at[n]
    if c < 0:
        return True
    owner = s.city_owner[c]
    if owner == NOSIDE:
        return True  # a black city is no one's (1st 1.1)
    return owner == side or (owner == PERSIA and side == SPARTA and s.persia == 1)  # 9.3 (RULINGS FE22)
