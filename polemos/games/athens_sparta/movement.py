"""Athens & Sparta 4.0 MOVE PHASE: operation moves (4.4), strategic moves (4.5), revolts (7.0).

An operation move is made hex by hex (``op BLOCK`` then ``to HEX`` ... ``stop``), so the hexside
a block attacks through and every stop the rules force (enemy blocks, mountains, straits) are
decided as it goes. March and sea moves name their destination (``march BLOCK`` / ``sea BLOCK``
then ``to HEX``). Each block moves once per Player Turn (4.0).
"""

from __future__ import annotations

import os
import threading
from collections import deque
from collections.abc import Iterable, Iterator

from polemos.core.errors import IllegalActionError
from polemos.games.athens_sparta.common import (
    C_PERSIA,
    Occ,
    _friendly_port,
    _retreat_ok,
    block_tabs,
    change_city_owner,
    closed_to,
    eliminate,
    friendly_hex,
    geo,
    hex_by_name,
    hex_name,
    is_oracle,
    neutral_city,
    occ_of,
    open_embarkation,
    persian_barred,
    revolting,
    side_name,
    siege_hex,
    stack_ok,
)
from polemos.games.athens_sparta.model import (
    ATHENS,
    MOUNTAIN,
    NAVY,
    NEUTRAL,
    OFFBOARD,
    REVOLT,
    SEA,
    SIDE_CLEAR,
    SIDE_PASS,
    SPARTA,
    STRAIT,
    Board,
    opposite,
)
from polemos.games.athens_sparta.replacement import syracuse_value
from polemos.games.athens_sparta.state import POOL, AthensSpartaState

S = AthensSpartaState

OP = 1
MARCH = 2
SEA_MOVE = 3
KIND_NAMES = {OP: "operation move (4.4)", MARCH: "march move (4.51)", SEA_MOVE: "sea move (4.52)"}

# issue 12: POLEMOS_CHECK_INCREMENTAL=1 compares the kept Move Phase menu with a listing from scratch
# at every listing (a debugging and test switch; it makes listing several times slower)
CHECK_INCREMENTAL = os.environ.get("POLEMOS_CHECK_INCREMENTAL") == "1"


# ====================================================================== naming
# ====================================================================== terrain & stacking (4.1)
def attack_limit(s: S, h: int, d: int, crossed: bool) -> int:
    """Hexside attack limit (4.1): clear 2, pass 1, mountain 0; across a strait 1 (4.3)."""
    ls = s.comp.board.land_side[h][d]
    lim = 2 if ls == SIDE_CLEAR else 1 if ls == SIDE_PASS else 0
    return min(lim, 1) if crossed else lim


def enemy_field(s: S, side: int, h: int, occ: Occ | None = None) -> bool:
    """Enemy blocks in ``h`` outside any walls (not under siege or blockade)."""
    if occ is not None:
        return bool(occ.field[h] & (2 >> side))
    loc = s.loc
    return any(loc[b] == h and s.owner[b] == 1 - side and not s.inside[b] for b in range(len(loc)))


def own_inside(s: S, side: int, h: int) -> bool:
    return any(s.loc[b] == h and s.owner[b] == side and s.inside[b] for b in range(len(s.loc)))


# ====================================================================== the menu
def can_start(s: S, side: int, b: int) -> bool:
    """A block that may begin a move: on the map, not yet moved this Player Turn (4.0), not
    besieged (RULINGS R6). Revolt blocks do not move, except a victorious HELOT, which
    functions like any peltast (7.1)."""
    if s.owner[b] != side or s.loc[b] < 0 or s.moved[b]:
        return False
    if s.inside[b] and not (s.ed1 and s.loc[b] == s.comp.board.syracuse_hex):
        return False  # first edition 9.2: from a siege at SYRACUSE too, by sea (RULINGS FE21 e)
    spec = s.comp.blocks[b]
    return spec.type != REVOLT or (spec.revolt == "helots" and not siege_hex(s, s.loc[b]))


def legal_move(s: S, side: int) -> list[str]:
    """The Move Phase menu: each block that may start an operation, march or sea move (4.4, 4.51,
    4.52), revolts (7.0, 7.1), exchanges and disbanding (7.0), and ``end``. The blocks' answers are
    kept between listings (:class:`MoveMenu`) and only those an action may have changed are asked
    again (issue 12)."""
    if s.moving >= 0:
        return legal_moving(s, side)
    out: list[str] = []
    if s.mp > 0:
        kept = _own_menus(s)
        with kept.lock:
            menu = _kept_menu(s, side, kept.menus)
            out.extend(menu.names_storm if s.storm else menu.names)
    if s.mp > 0 or s.free_revolt > 0:
        out.extend(revolt_actions(s, side))
    out.extend(exchange_actions(s, side))
    out.append("end")
    if CHECK_INCREMENTAL:
        scratch = legal_move_scratch(s, side)
        if scratch != out:
            raise AssertionError(f"kept Move Phase menu {out} differs from the listing from scratch {scratch}")
    return out


def legal_move_scratch(s: S, side: int) -> list[str]:
    """The Move Phase menu (4.4, 4.5, 7.0) listed from scratch, block by block, with nothing kept
    from an earlier listing: what the kept menu (:func:`legal_move`) must always equal (the
    POLEMOS_CHECK_INCREMENTAL switch compares them after every action)."""
    if s.moving >= 0:
        return legal_moving(s, side)
    out: list[str] = []
    blocks = s.comp.blocks
    syr = s.comp.board.syracuse_hex
    occ = occ_of(s)
    if s.mp > 0:
        cache: Cache = {}  # this listing's searches only
        shared: dict[int, _SeaSearch] = {}  # sea searches begun while listing this menu
        storm = s.storm
        field = occ.field
        inside = occ.inside
        owner = s.owner
        moved = s.moved
        ins = s.inside
        for b, h in enumerate(s.loc):
            # can_start, inlined
            if owner[b] != side or h < 0 or moved[b] or (ins[b] and not (s.ed1 and h == syr)):
                continue
            spec = blocks[b]
            if spec.type == REVOLT and (spec.revolt != "helots" or (field[h] | inside[h]) == 3):
                continue
            if h != syr and not (storm and spec.type == NAVY) and (
                    navy_steps(s, side, b, True, occ, True) if spec.type == NAVY
                    else army_steps(s, side, b, True, occ, True)):  # op_steps
                out.append("op " + spec.id)
            if h != syr and spec.is_army and march_destinations(s, side, b, occ, cache, True):
                out.append("march " + spec.id)
            if not storm and sea_destinations(s, side, b, occ, cache, True, shared):
                out.append("sea " + spec.id)
    if s.mp > 0 or s.free_revolt > 0:
        out.extend(revolt_actions(s, side, occ))
    out.extend(exchange_actions(s, side))
    out.append("end")
    return out


class MoveMenu:
    """The Move Phase menu's answers kept between listings (issue 12): per block, which moves it may
    begin (bits: 1 operation 4.4, 2 march 4.51, 4 sea 4.52; asked as if there were no storm, which
    is applied when the words are listed) and what the answer read, as two bit masks over hexes:
    ``deps_e``, the hexes whose enemy blocks, sieges (blocks of both sides), control (4.2) or hexside
    attacks (4.1) it read (its own hex, its neighbours, the areas its march and sea searches looked
    at), and ``deps_f``, the hexes where it asked whether its side's stacking limit (4.1) had room (a
    witness: the one destination that had, or every destination when none had).

    Everything the answers read is kept beside them and compared on each listing: the blocks' hexes,
    owners, walls status, moved flags and start hexes, the hexside attacks and the control snapshot.
    A block that changed is asked again; an enemy block that moved, a control or attack that changed,
    or one of the side's blocks entering or leaving a hex where enemy blocks are (a siege begins or
    ends) marks its hexes for ``deps_e``, and one of the side's blocks that moved marks its hexes for
    ``deps_f``; the answers whose masks meet the marks are asked again. Persian support (9.3) changes
    the searches everywhere: every block is asked again. The searches are kept too: a march reach
    (per start hex and length) until a hex it read is marked for ``deps_e``; a sea search (per start
    port) the same once it has ended, and while it is still running, until any hex is marked (the
    part of the map it has not looked at yet may have changed). One menu per side, kept from one of
    its Move Phases to the next. Nothing here is trusted without those comparisons, so a clone shares
    its original's menus (:class:`_Menus`)."""

    __slots__ = ("attacks", "comp", "deps_e", "deps_f", "flags", "inside", "lctrl", "loc", "march", "moved",
                 "names", "names_storm", "owner", "persia", "sctrl", "sea", "start")

    def __init__(self, s: S) -> None:
        self.comp = s.comp
        self.persia = s.persia
        self.lctrl = s.lctrl[:]
        self.sctrl = s.sctrl[:]
        self.loc = s.loc[:]
        self.owner = s.owner[:]
        self.inside = s.inside[:]
        self.moved = s.moved[:]
        self.start = s.start_hex[:]
        self.attacks = s.attacks[:]
        nb = len(s.loc)
        self.flags = [0] * nb
        self.deps_e = [0] * nb
        self.deps_f = [0] * nb
        # march reach per (start hex, limit): (the destinations, the hexes its search read, the
        # destinations' bits, per hex the hex it was reached from)
        self.march: dict[tuple[int, int], tuple[list[int], int, int, list[int]]] = {}
        # sea searches per start port (4.52), resumed on demand
        self.sea: dict[int, _SeaSearch] = {}
        # the menu's words for the blocks, without a storm and during one (4.6: no navy moves)
        self.names: list[str] = []
        self.names_storm: list[str] = []


class _Menus:
    """A state's kept Move Phase menus, one per side, shared with its clones (``clone`` copies the
    attribute): each listing brings a menu to its own state and reads it under the lock, since the
    server hands clones of one cached state to several threads (``GAME_THREADS``)."""

    __slots__ = ("lock", "menus")

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.menus: list[MoveMenu | None] = [None, None]


def _own_menus(s: S) -> _Menus:
    """The kept menus ``s`` shares with its clones (made at its first listing)."""
    kept: _Menus | None = s.move_menu
    if kept is None:
        kept = s.move_menu = _Menus()
    return kept


def _kept_menu(s: S, side: int, menus: list[MoveMenu | None]) -> MoveMenu:
    """The kept menu of ``side``, brought up to date with the state (see :class:`MoveMenu`); the
    caller holds the menus' lock."""
    m = menus[side]
    if m is None or m.comp is not s.comp or m.persia != s.persia:
        m = menus[side] = MoveMenu(s)
        _ask(s, side, m, range(len(s.loc)))
        return m
    loc = s.loc
    owner = s.owner
    ins = s.inside
    moved = s.moved
    start = s.start_hex
    attacks = s.attacks
    lctrl = s.lctrl
    sctrl = s.sctrl
    if (loc == m.loc and owner == m.owner and ins == m.inside and moved == m.moved and start == m.start
            and attacks == m.attacks and lctrl == m.lctrl and sctrl == m.sctrl):
        return m
    bit = geo(s.comp.board).bit
    ce = 0  # hexes whose enemy blocks, sieges, control or attacks changed
    cf = 0  # hexes where the side's own blocks changed (its stacking room, 4.1)
    # the comparisons below are index loops over typed lists (native in the compiled build: no zip, no
    # tuples, no bytes), and only the lists that changed are copied (issue 12)
    if lctrl != m.lctrl or sctrl != m.sctrl:
        # 4.2: the control snapshot of a new Phase: the hexes whose control changed
        mlc = m.lctrl
        msc = m.sctrl
        for h in range(len(lctrl)):
            if lctrl[h] != mlc[h] or sctrl[h] != msc[h]:
                ce |= bit[h]
        m.lctrl = lctrl[:]
        m.sctrl = sctrl[:]
    # the blocks that changed (most actions change one block's hex and moved flag)
    nb = len(loc)
    dirty: list[int] = []
    if loc != m.loc or owner != m.owner or ins != m.inside:
        mloc = m.loc
        mowner = m.owner
        mins = m.inside
        enemy = 1 - side
        enemy_bit = 1 << enemy
        occ = occ_of(s)
        ofield = occ.field
        oinside = occ.inside
        for b in range(nb):
            was = mloc[b]
            h = loc[b]
            o = owner[b]
            mo = mowner[b]
            if was == h and o == mo and ins[b] == mins[b]:
                continue
            dirty.append(b)
            where = (bit[was] if was >= 0 else 0) | (bit[h] if h >= 0 else 0)
            if o == enemy or mo == enemy:
                ce |= where
            if o == side or mo == side:
                cf |= where
                # a siege begins or ends where the enemy's blocks are (field | inside == 3)
                if was >= 0 and (ofield[was] | oinside[was]) & enemy_bit:
                    ce |= bit[was]
                if h >= 0 and (ofield[h] | oinside[h]) & enemy_bit:
                    ce |= bit[h]
        m.loc = loc[:]
        m.owner = owner[:]
        m.inside = ins[:]
    if moved != m.moved:
        mmoved = m.moved
        for b in range(nb):
            if moved[b] != mmoved[b]:
                dirty.append(b)
        m.moved = moved[:]
    if start != m.start:
        mstart = m.start
        for b in range(nb):
            if start[b] != mstart[b]:
                dirty.append(b)
        m.start = start[:]
    if attacks != m.attacks:
        old = m.attacks
        for x in set(old) | set(attacks):
            if old.count(x) != attacks.count(x):
                ce |= bit[x // 6]  # an attack through a hexside of hex x // 6 (4.1)
        m.attacks = attacks[:]
    if ce:
        march = m.march
        for key in [k for k, v in march.items() if v[1] & ce]:
            del march[key]
        # a sea search (4.52): once ended, kept until a hex it read is marked; while still running, until any
        # hex is (what it has not read yet may have changed). It answers for the state it began in (its
        # reads all made before its first port, _sea_reach) and the side's own blocks are no input but
        # where they make or end a siege, which marks ``ce``: so a change of ``cf`` alone keeps it
        sea = m.sea
        for port in [k for k, v in sea.items() if not v.done or v.read[0] & ce]:
            del sea[port]
    if ce or cf:
        deps_e = m.deps_e
        deps_f = m.deps_f
        for b in range(nb):
            if (ce and deps_e[b] & ce) or (cf and deps_f[b] & cf):
                dirty.append(b)
    if dirty:
        _ask(s, side, m, sorted(set(dirty)))
    return m


def _ask(s: S, side: int, m: MoveMenu, blocks: Iterable[int]) -> None:
    """Ask ``blocks`` again which moves they may begin (can_start, op_steps, march_destinations and
    sea_destinations as :func:`legal_move_scratch` asks them, but without the storm), noting what
    each answer read; then the menu's words, in block order."""
    occ = occ_of(s)
    g = geo(s.comp.board)
    bit = g.bit
    nbm = g.nbm
    syr = g.syr
    specs = s.comp.blocks
    field = occ.field
    inside = occ.inside
    owner = s.owner
    moved = s.moved
    ins = s.inside
    loc = s.loc
    flags = m.flags
    deps_e = m.deps_e
    deps_f = m.deps_f
    march = m.march
    sea = m.sea
    loc_hexes = s.comp.board.hexes
    blocks = list(blocks)
    before = [flags[b] for b in blocks]
    for b in blocks:
        h = loc[b]
        if owner[b] != side or h < 0:
            flags[b] = deps_e[b] = deps_f[b] = 0
            continue
        de = bit[h]
        df = 0
        f = 0
        # can_start: not moved, not besieged (R6; first edition 9.2 FE21 e), revolt blocks (7.1)
        spec = specs[b]
        if moved[b] or (ins[b] and not (s.ed1 and h == syr)) or (
                spec.type == REVOLT and (spec.revolt != "helots" or (field[h] | inside[h]) == 3)):
            flags[b] = deps_f[b] = 0
            deps_e[b] = de
            continue
        if h != syr:
            # op_steps(first, one): the first step found is the answer's witness (the neighbour's
            # blocks and the hexside attacks into it); none found: every neighbour was read
            step = (navy_steps(s, side, b, True, occ, True) if spec.type == NAVY
                    else army_steps(s, side, b, True, occ, True))
            if step:
                f = 1
                de |= bit[step[0][0]]
            else:
                de |= nbm[h]
            if spec.is_army and (field[h] | inside[h]) != 3 and not ins[b]:
                # march_destinations(first=True): a friendly hex next to it, else the march reach
                near = _march_adjacent(s, side, b, occ)
                if near >= 0:
                    f |= 2
                    de |= bit[near]
                    df |= bit[near]
                else:
                    de |= nbm[h]
                    df |= nbm[h]
                    key = (h, spec.move * 2)
                    hit = march.get(key)
                    if hit is None:
                        acc = [0]
                        parent = [-1] * len(loc_hexes)
                        reach = _march_reach(s, side, h, spec.move * 2, occ, acc, parent)
                        dests = 0
                        for x in reach:
                            dests |= bit[x]
                        hit = march[key] = (reach, acc[0], dests, parent)
                    fit = _fitting(s, side, b, hit[0], occ, True) if hit[0] else hit[0]
                    if fit:
                        # the witness: the way to the destination that has room (4.1)
                        f |= 2
                        x = fit[0]
                        df |= bit[x]
                        parent = hit[3]
                        while x >= 0:
                            de |= bit[x]
                            x = parent[x]
                    else:
                        de |= hit[1]
                        df |= hit[2]
            # sea_destinations(first=True): from a friendly port, not from a siege (4.52)
            if (field[h] | inside[h]) != 3 and not ins[b] and _friendly_port(s, side, h):
                search = sea.get(h)
                if search is None:
                    search = sea[h] = _SeaSearch(s, side, h, occ)
                for p in search:
                    if p == syr or stack_ok(s, side, p, b, occ):
                        # the witness: the way to the port that has room, or the embarkation ports
                        # that open SYRACUSE (9.2)
                        f |= 4
                        df |= bit[p]
                        de |= g.emb_mask if p == syr else search.path(p, bit)
                        break
                else:
                    de |= search.read[0]
                    for p in search.found:
                        df |= bit[p]
        else:
            de |= g.emb_mask  # 9.2: SYRACUSE is left by sea, for the embarkation ports
            df |= g.emb_mask
            if sea_destinations(s, side, b, occ, None, True):
                f |= 4
        flags[b] = f
        deps_e[b] = de
        deps_f[b] = df
    if [flags[b] for b in blocks] == before:
        return  # no answer changed: the words stand
    tabs = block_tabs(specs)
    names = tabs.menu_names
    kinds = tabs.kinds
    out: list[str] = []
    storm: list[str] = []  # 4.6 storm: no navy moves, no sea moves
    for b, f in enumerate(flags):
        if f:
            n = names[b]
            if f & 1:
                out.append(n[0])
                if kinds[b] != 1:
                    storm.append(n[0])
            if f & 2:
                out.append(n[1])
                storm.append(n[1])
            if f & 4:
                out.append(n[2])
    m.names = out
    m.names_storm = storm


def apply_move(s: S, side: int, action: str) -> None:
    if s.moving >= 0:
        apply_moving(s, side, action)
        return
    verb, _, arg = action.partition(" ")
    if verb == "end":
        s.say(f"{side_name(side)} ends the Move Phase.")
        s.pending = None
        return
    if verb in ("op", "march", "sea"):
        b = s.comp.block_index[arg]
        s.moving = b
        s.move_kind = OP if verb == "op" else MARCH if verb == "march" else SEA_MOVE
        spec = s.comp.blocks[b]
        s.move_left = spec.move * (2 if s.move_kind == MARCH else 1)
        if s.move_kind == SEA_MOVE:
            s.move_left = 8
        s.move_path = [s.loc[b]]
        s.move_started_in = s.loc[b]
        s.move_crossed = False
        h = s.loc[b]
        if spec.type == NAVY:
            c = s.comp.board.city_at[h]
            s.move_side = s.comp.board.cities[c].coast if c >= 0 else 0
        else:
            s.move_side = 0  # blocks stand on the city side of a strait (4.3)
        s.mp -= 1
        return
    if verb == "revolt" or verb == "helots":
        apply_revolt(s, side, verb, arg)
        return
    if verb == "exchange":
        apply_exchange(s, side, arg)
        return
    if verb == "disband":
        r = s.comp.block_index[arg]
        s.loc[r] = POOL
        s.strength[r] = 0
        s.say(f"{side_name(side)} disbands its successful revolt block (7.0, 8.6).")
        return
    raise IllegalActionError(f"unknown move action {action!r}")


# ====================================================================== operation moves (4.4)
def op_steps(s: S, side: int, b: int, first: bool = False,
             occ: Occ | None = None, one: bool = False) -> list[tuple[int, int, int, bool]]:
    """Legal next hexes of block ``b``'s operation move: (hex, dir, new side/coast, crossing).
    ``first``: the block has not started moving; ``one``: stop at the first step found."""
    if occ is None:
        occ = occ_of(s)
    if s.comp.blocks[b].type == NAVY:
        return navy_steps(s, side, b, first, occ, one)
    return army_steps(s, side, b, first, occ, one)


def army_steps(s: S, side: int, b: int, first: bool, occ: Occ,
               one: bool = False) -> list[tuple[int, int, int, bool]]:
    """4.4 an army's next hexes: across clear or pass hexsides (1.8), never into the sea,
    never into Persia (9.3); a strait is crossed only from the hex the move started in (4.3,
    RULINGS R7); entering a hex with enemy blocks outside the walls is an attack and respects the
    hexside attack limit (4.1) — except on the far side of a strait, where the army may pass."""
    board = s.comp.board
    h = s.loc[b]
    if first:
        cur_side, started, left, crossed_before = 0, True, s.comp.blocks[b].move, False
    else:
        cur_side = s.move_side
        started = len(s.move_path) == 1
        left = s.move_left
        crossed_before = s.move_crossed
    if left <= 0:
        return []
    g = geo(board)
    oracle = g.oracle
    barred = g.persian_city if side == ATHENS or s.persia != 1 else None  # persian_barred (9.3)
    field = occ.field
    enemy_bit = 2 >> side
    terrain = board.terrain
    no_attack = oracle[s.start_hex[b]]  # 1.4: blocks starting in an Oracle never attack
    out = []
    nb = board.neighbours[h]
    lss = board.land_side[h]
    far = board.far_sides[h]
    strait_here = terrain[h] == STRAIT
    sources = board.river_sources
    for d in range(6):
        n = nb[d]
        if n < 0:
            continue
        ls = lss[d]
        if ls != SIDE_CLEAR and ls != SIDE_PASS and not (h in sources and n in sources):
            continue
        tn = terrain[n]
        if tn in (SEA, OFFBOARD) or (barred is not None and barred[n]):
            continue
        crossing = False
        if strait_here and (1 if d in far else 0) != cur_side:
            if not started:
                continue  # crossing out of a strait hex only at the start of the move (4.3)
            if s.ed1 and s.sctrl[h] == 1 - side:
                continue  # first edition 1.5: no crossing under enemy sea control (RULINGS FE2)
            crossing = True
        arrive_side = 1 if tn == STRAIT and (d + 3) % 6 in board.far_sides[n] else 0
        # first edition 4.3: enemy blocks stop an army on either side of a strait (RULINGS FE5)
        if (arrive_side == 0 or s.ed1) and field[n] & enemy_bit and not oracle[n]:
            # it must stop and fight here: an attack through this hexside (4.1, 4.3)
            if no_attack:
                continue
            lim = attack_limit(s, h, d, crossing or crossed_before)
            if s.attacks.count(n * 6 + opposite(d)) >= lim:
                continue
        out.append((n, d, arrive_side, crossing))
        if one:
            break
    return out


def navy_steps(s: S, side: int, b: int, first: bool, occ: Occ,
               one: bool = False) -> list[tuple[int, int, int, bool]]:
    board = s.comp.board
    h = s.loc[b]
    if first:
        coast = -1
        c = board.city_at[h]
        if c >= 0:
            coast = board.cities[c].coast
        left = s.comp.blocks[b].move
        start = True
    else:
        coast = s.move_side
        left = s.move_left
        start = len(s.move_path) == 1
    if left <= 0:
        return []
    g = geo(board)
    oracle = g.oracle
    barred = g.persian_city if side == ATHENS or s.persia != 1 else None  # persian_barred (9.3)
    field = occ.field
    enemy_bit = 2 >> side
    no_attack = oracle[s.start_hex[b]]
    c = board.city_at[h]
    diolkos = start and c >= 0 and board.cities[c].name == "CORINTH"  # 1.6
    out = []
    nbs = board.neighbours[h]
    wss = board.water_side[h]
    water_side = board.water_side
    for d in range(6):
        n = nbs[d]
        if n < 0:
            continue
        ws = wss[d]
        if ws < 0 or (ws != coast and not diolkos and coast >= 0):
            continue
        if barred is not None and barred[n]:
            continue
        arrive = water_side[n][(d + 3) % 6]
        if field[n] & enemy_bit and not oracle[n] and no_attack and _navy_meets(s, n, arrive):
            continue
        out.append((n, d, arrive, False))
        if one:
            break
    return out


def _navy_meets(s: S, h: int, coast: int) -> bool:
    """Does a navy arriving on ``coast`` of hex ``h`` meet the blocks located there (1.7)?"""
    board = s.comp.board
    c = board.city_at[h]
    if c < 0:
        return True
    city = board.cities[c]
    return city.name == "CORINTH" or city.coast == coast


def must_stop(s: S, side: int, b: int, h: int, occ: Occ | None = None) -> bool:
    """After entering ``h``: does the block have to stop here? (4.4, 4.3, 1.8, 9.5)
    ``occ``: a snapshot whose enemy blocks are where they stand now (only ``side``'s moving
    block may have been moved since it was taken)."""
    board = s.comp.board
    spec = s.comp.blocks[b]
    if s.move_left <= 0:
        return True
    if spec.type == NAVY:
        return enemy_field(s, side, h, occ) and not is_oracle(s, h) and _navy_meets(s, h, s.move_side)
    if board.terrain[h] == MOUNTAIN:
        return True  # 1.8 armies must stop after entering a mountain hex
    if len(s.move_path) >= 2 and s.move_path[-2] in board.river_sources and h in board.river_sources:
        return True  # the Haliacmon/Arathus sources (Q&A): move directly, but stop there
    if board.terrain[h] == STRAIT and s.move_side == 1:
        # entered on the non-city side: may stop (crossing) or move through on that side; first
        # edition 4.3: not past enemy blocks there (RULINGS FE5)
        return s.ed1 and enemy_field(s, side, h, occ) and not is_oracle(s, h)
    if s.move_crossed and board.terrain[s.move_path[-2]] == STRAIT:
        return True  # crossed a strait leaving a strait hex: it was a crossing (4.3)
    return enemy_field(s, side, h, occ) and not is_oracle(s, h)


def can_stop(s: S, side: int, b: int, h: int, occ: Occ | None = None, at: int | None = None) -> bool:
    """May the moving block end its move in ``h``? Stacking (4.1); navies only in a port or to
    fight (RULINGS R5); stopping where enemy blocks stand or in a neutral city is an attack, so
    the hexside attack limit (4.1, 4.3) and the Oracle rule (1.4) apply. ``occ`` (with ``at``,
    where it counted the moving block) must show the enemy blocks where they stand now."""
    board = s.comp.board
    spec = s.comp.blocks[b]
    if len(s.move_path) < 2:
        return False
    if spec.type == NAVY:
        c = board.city_at[h]
        port_here = c >= 0 and board.cities[c].port and _navy_meets(s, h, s.move_side)
        # first edition 1.3, 4.1: a navy stops only in a port, never in a coastal hex without one,
        # so it never attacks blocks standing there (RULINGS FE6, replacing R5)
        fight = (not s.ed1 and enemy_field(s, side, h, occ) and board.terrain[h] != SEA
                 and _navy_meets(s, h, s.move_side))
        if not (port_here or fight):
            return False
        if s.ed1 and not friendly_hex(s, side, h, sea=True) and not friendly_hex(s, side, s.move_path[0], sea=True):
            # first edition 6.3: "los Ataques Navales deben empezar en uno o más puertos amigos" (an
            # enemy or contested hex here): the navy's start hex must be friendly at sea (RULINGS FE7)
            return False
    elif s.ed1 and board.terrain[h] == STRAIT and s.move_side == 1 and s.sctrl[h] == 1 - side:
        return False  # first edition 1.5: stopping there crosses under enemy sea control (RULINGS FE2)
    elif (enemy_field(s, side, h, occ) or neutral_city(s, h)) and not is_oracle(s, h):
        if is_oracle(s, s.start_hex[b]):
            return False
        d = _entry_dir(s, h)
        crossed = s.move_crossed or (board.terrain[h] == STRAIT and s.move_side == 1)
        if s.attacks.count(h * 6 + d) >= attack_limit(s, h, d, crossed):
            return False
    return stack_ok(s, side, h, b, occ, at)


def _entry_dir(s: S, h: int) -> int:
    """The direction, seen from ``h``, of the hexside the moving block entered ``h`` through."""
    prev = s.move_path[-2]
    board = s.comp.board
    for d in range(6):
        if board.neighbours[h][d] == prev:
            return d
    return 0


def _viable(s: S, side: int, b: int, n: int, arrive: int, crossing: bool, occ: Occ) -> bool:
    """A step is offered only if the block can end its move somewhere after it: a navy never
    runs out of movement at sea or off its city's coast (R5, 1.7), an army never where it would
    break a stacking limit (4.1)."""
    # a trial step: move the block one hex for a look-ahead, and put it back afterwards; ``at`` is
    # where it stood (where the occupancy snapshot still counts it)
    at, left, mside, mcrossed = s.loc[b], s.move_left, s.move_side, s.move_crossed
    s.loc[b] = n
    s.move_left = left - 1
    s.move_side = arrive
    s.move_crossed = mcrossed or crossing
    s.move_path.append(n)
    try:
        if can_stop(s, side, b, n, occ, at):
            return True
        if must_stop(s, side, b, n, occ):
            return False
        if s.comp.blocks[b].type == NAVY:
            return _navy_stop_reachable(s, side, b, occ, at)
        return any(can_stop_after(s, side, b, m, a, c, occ, at)
                   for m, _d, a, c in op_steps(s, side, b, False, occ))
    finally:
        s.move_path.pop()
        s.loc[b], s.move_left, s.move_side, s.move_crossed = at, left, mside, mcrossed


def can_stop_after(s: S, side: int, b: int, n: int, arrive: int, crossing: bool,
                   occ: Occ, at: int) -> bool:
    """One step further on: could the army stop there, or at least go on (bounded look-ahead)?"""
    saved = (s.loc[b], s.move_left, s.move_side, s.move_crossed)
    s.loc[b] = n
    s.move_left -= 1
    s.move_side = arrive
    s.move_crossed = s.move_crossed or crossing
    s.move_path.append(n)
    try:
        return can_stop(s, side, b, n, occ, at) or (
            not must_stop(s, side, b, n, occ) and bool(op_steps(s, side, b, False, occ)))
    finally:
        s.move_path.pop()
        s.loc[b], s.move_left, s.move_side, s.move_crossed = saved


def _navy_stop_reachable(s: S, side: int, b: int, occ: Occ, at: int) -> bool:
    """Can the moving navy still reach, within its remaining hexes, a hex where it may stop
    (a port on the city's coast, or a coastal hex with enemy blocks to fight)? ``occ`` counted
    the navy at hex ``at``."""
    board = s.comp.board
    adj = geo(board).water_adj
    start = s.loc[b] * 2 + max(s.move_side, 0)
    frontier = [start]
    seen = {start}
    enemy_bit = 2 >> side
    for _ in range(s.move_left):
        nxt = []
        for node in frontier:
            for _d, n, nn in adj[node]:
                if nn in seen or persian_barred(s, side, n):
                    continue
                seen.add(nn)
                coast = nn & 1
                c = board.city_at[n]
                meets = c < 0 or board.cities[c].name == "CORINTH" or board.cities[c].coast == coast
                fight = bool(occ.field[n] & enemy_bit) and board.terrain[n] != SEA and meets
                port = c >= 0 and board.cities[c].port and meets
                if (fight or port) and stack_ok(s, side, n, b, occ, at):
                    return True
                if occ.field[n] & enemy_bit and meets:
                    continue  # it would have to stop there
                nxt.append(nn)
        frontier = nxt
    return False


def legal_moving(s: S, side: int) -> list[str]:
    b = s.moving
    out: list[str] = []
    if s.move_kind == OP:
        h = s.loc[b]
        occ = occ_of(s)
        if not (len(s.move_path) >= 2 and must_stop(s, side, b, h, occ)):
            for n, _d, arrive, crossing in op_steps(s, side, b, False, occ):
                if _viable(s, side, b, n, arrive, crossing, occ):
                    out.append("to " + hex_name(s, n))
        if can_stop(s, side, b, h, occ):
            out.append("stop")
    else:
        dests = _strategic_destinations(s, side, b)
        if CHECK_INCREMENTAL:
            scratch = march_destinations(s, side, b) if s.move_kind == MARCH else sea_destinations(s, side, b)
            if scratch != dests:
                raise AssertionError(f"kept destinations {dests} differ from the listing from scratch {scratch}")
        out.extend("to " + hex_name(s, n) for n in dests)
    if len(s.move_path) == 1 or not out:
        out.append("cancel")  # RULINGS R4: a move that has had no effect may be taken back
    return out


def _strategic_destinations(s: S, side: int, b: int) -> list[int]:
    """The destinations of the march (4.51) or sea move (4.52) block ``b`` has begun: those of
    march_destinations / sea_destinations, from the kept menu's march reach or sea search of its hex
    when it has one (the menu is brought up to date first: beginning the move changed no block)."""
    h = s.loc[b]
    occ = occ_of(s)
    if h < 0 or (occ.field[h] | occ.inside[h]) == 3 or s.inside[b] or h == s.comp.board.syracuse_hex:
        # never from a siege (4.5); SYRACUSE (9.2) and a siege there (first edition, FE21 e) as asked
        return march_destinations(s, side, b, occ) if s.move_kind == MARCH else sea_destinations(s, side, b, occ)
    kept = _own_menus(s)
    with kept.lock:
        m = _kept_menu(s, side, kept.menus)
        if s.move_kind == MARCH:
            limit = s.comp.blocks[b].move * 2
            hit = m.march.get((h, limit))
            if hit is None:
                return march_destinations(s, side, b, occ)
            return _fitting(s, side, b, hit[0], occ, False) if hit[0] else []
        if not _friendly_port(s, side, h):
            return []  # 4.52: a sea move starts in a friendly port
        search = m.sea.get(h)
        if search is None:
            search = m.sea[h] = _SeaSearch(s, side, h, occ)
        reach = list(search)  # the whole search
        return _fitting(s, side, b, reach, occ, False) if reach else []


def apply_moving(s: S, side: int, action: str) -> None:
    b = s.moving
    spec = s.comp.blocks[b]
    if action == "cancel":
        s.mp += 1
        s.loc[b] = s.move_path[0]
        s.moving = -1
        return
    if action == "stop":
        finish_move(s, side, b)
        return
    target = hex_by_name(s, action[3:])
    if s.move_kind != OP:
        frm = s.loc[b]
        s.loc[b] = target
        s.move_path.append(target)
        s.came_from[b] = frm
        s.crossed[b] = False
        s.inside[b] = False  # first edition 9.2: a block may sail from a siege at SYRACUSE (FE21 e)
        if b in s.patrol:
            s.patrol.remove(b)  # first edition 6.7: the patrol ends when the navy moves away (FE12)
        s.say(f"{side_name(side)} makes a {KIND_NAMES[s.move_kind]} to {hex_name(s, target)}.", -1)
        s.moved[b] = True
        s.moving = -1
        if target == s.comp.board.syracuse_hex:
            s.say("9.2: the block sails to SYRACUSE.")
            _enter_neutral(s, side, target)
        return
    occ = occ_of(s)  # the enemy blocks stay where they are while this block steps on (must_stop's ``occ``)
    step = next((st for st in op_steps(s, side, b, False, occ) if st[0] == target), None)
    if step is None:
        raise IllegalActionError(f"{hex_name(s, target)} cannot be entered now")
    _n, _d, arrive, crossing = step
    s.loc[b] = target
    s.move_left -= 1
    s.move_path.append(target)
    if spec.type == NAVY:
        s.move_side = arrive
    else:
        if crossing:
            s.move_crossed = True
        s.move_side = arrive
    if must_stop(s, side, b, target, occ):
        finish_move(s, side, b)


def finish_move(s: S, side: int, b: int) -> None:
    """End an operation move: hexside attacks are counted, neutrals attacked join the enemy."""
    board = s.comp.board
    spec = s.comp.blocks[b]
    h = s.loc[b]
    s.moved[b] = True
    s.moving = -1
    s.came_from[b] = s.move_path[-2]
    if b in s.patrol:
        s.patrol.remove(b)  # first edition 6.7: the patrol ends when the navy moves away (RULINGS FE12)
    entered_across = board.terrain[h] == STRAIT and s.move_side == 1
    strait_cross = entered_across or s.move_crossed
    s.crossed[b] = bool(strait_cross) and spec.type != NAVY
    if board.terrain[h] == STRAIT:
        s.move_side = 0  # blocks in a strait hex stand on the city side (4.3)
    if s.ed1 and entered_across and spec.type != NAVY:
        _enter_neutral(s, side, h)  # 9.5: a neutral city's navy deploys before the army lands
        if _ed1_strait_penalty(s, side, b, h):
            return
    attack = (enemy_field(s, side, h) or neutral_city(s, h)) and not is_oracle(s, h)
    if attack and spec.type != NAVY:
        s.attacks.append(h * 6 + _entry_dir(s, h))
    s.say(f"{side_name(side)} moves a block to {hex_name(s, h)} (4.4)."
          + (" It must fight there." if attack else ""))
    _enter_neutral(s, side, h)


def _ed1_strait_penalty(s: S, side: int, b: int, h: int) -> bool:
    """First edition 1.5 (RULINGS FE3): "si una nave enemiga está presente, los bloques de tierra que
    entran en un hex de estrecho pierden un paso y deben retirarse": an army that crosses the water
    into a strait hex where an enemy navy stands outside the walls loses one step at once and goes
    back to the hex it came from (eliminated if it may not retreat there, 5.3). True if it did."""
    if not any(s.loc[x] == h and s.owner[x] == 1 - side and not s.inside[x]
               and s.comp.blocks[x].type == NAVY for x in range(len(s.loc))):
        return False
    prev = s.move_path[-2]
    where = hex_name(s, h)
    s.crossed[b] = False
    s.strength[b] -= 1
    s.say(f"1st 1.5: {side_name(side)}'s army crosses into {where}, where an enemy navy waits: it loses "
          f"a step and must retreat.")
    s.say(f"1st 1.5: {s.comp.blocks[b].name} is reduced to {s.strength[b]}.", side)
    if s.strength[b] <= 0 or not _retreat_ok(s, side, prev) or not stack_ok(s, side, prev, b):
        s.say(f"1st 1.5: {side_name(side)} loses a block at {where}.")
        eliminate(s, b)
        s.reveals += 1
        return True
    s.loc[b] = prev
    s.came_from[b] = h
    s.say(f"1st 1.5: {side_name(side)}'s army retreats to {hex_name(s, prev)}.")
    return True


def _enter_neutral(s: S, side: int, h: int) -> None:
    """9.5: a neutral city attacked joins the other side at once; its blocks deploy at full
    strength to defend it."""
    board = s.comp.board
    c = board.city_at[h]
    if c < 0 or s.city_owner[c] != NEUTRAL:
        return
    other = 1 - side
    change_city_owner(s, c, other)
    s.say(f"9.5: {board.cities[c].name} is attacked and joins {side_name(other)}; its forces deploy "
          "at full strength.")
    if board.cities[c].offboard and s.sicily[0] >= 0 and not s.syracuse_revealed:
        s.syracuse_revealed = True  # SYRACUSE Points: the Sicily cards are shown when attacked
        s.say(f"SYRACUSE Points: the Sicily cards are revealed; SYRACUSE is worth {syracuse_value(s)}.")
    for nb, spec in enumerate(s.comp.blocks):
        if spec.side == NEUTRAL and spec.home == c and s.loc[nb] == POOL:
            s.loc[nb] = h
            s.owner[nb] = other
            s.strength[nb] = spec.steps
            s.start_hex[nb] = h
            s.moved[nb] = False
    s.reveals += 1


# ====================================================================== strategic moves (4.5)
Cache = dict[tuple[int, int, int], list[int]]


def march_destinations(s: S, side: int, b: int, occ: Occ | None = None,
                       cache: Cache | None = None, first: bool = False) -> list[int]:
    """4.51: double move through friendly, neutral or vacant hexes, ending in a friendly hex;
    never to or from a siege, never into or through enemy hexes."""
    if occ is None:
        occ = occ_of(s)
    start = s.loc[b]
    if start < 0 or (occ.field[start] | occ.inside[start]) == 3 or s.inside[b]:  # never from a siege
        return []
    limit = s.comp.blocks[b].move * 2
    key = (1, start, limit)
    reach = cache.get(key) if cache is not None else None
    if reach is None:
        if first:
            # enough to know one destination exists: an adjacent friendly hex settles it
            near = _march_adjacent(s, side, b, occ)
            if near >= 0:
                return [near]
        reach = _march_reach(s, side, start, limit, occ)
        if cache is not None:
            cache[key] = reach
    if not reach:
        return []
    return _fitting(s, side, b, reach, occ, first)


def _march_adjacent(s: S, side: int, b: int, occ: Occ) -> int:
    """A friendly hex next to block ``b`` that a march could end in (a one-hex march), or -1."""
    board = s.comp.board
    h = s.loc[b]
    far_here = board.far_sides[h]
    nbs = board.neighbours[h]
    lss = board.land_side[h]
    terrain = board.terrain
    barred = geo(board).persian_city if side == ATHENS or s.persia != 1 else None  # persian_barred (9.3)
    field = occ.field
    inside = occ.inside
    for d in range(6):
        n = nbs[d]
        if n < 0:
            continue
        ls = lss[d]
        if (ls != SIDE_CLEAR and ls != SIDE_PASS) or d in far_here:
            continue
        if terrain[n] == SEA or (barred is not None and barred[n]):
            continue
        if friendly_hex(s, side, n) and (field[n] | inside[n]) != 3 and stack_ok(s, side, n, b, occ):
            return n
    return -1


def _fitting(s: S, side: int, b: int, reach: list[int], occ: Occ, first: bool) -> list[int]:
    """The destinations in ``reach`` where block ``b`` fits the stacking limit (4.1); with
    ``first``, stop at the first one (enough to offer the move)."""
    g = geo(s.comp.board)
    syr = g.syr
    t = s.comp.blocks[b].type
    out = []
    if t == REVOLT:  # 7.0: the revolt block does not count toward stacking (stack_ok)
        for h in reach:
            out.append(h)
            if first:
                break
        return out
    # stack_ok, written out
    army = t != NAVY
    stack = occ.stack  # common.stacked, written out
    shift = 16 * side
    lims = g.lim
    here = s.loc[b]
    for h in reach:
        if h != syr:
            v = stack[h] >> shift
            n = v & 255
            a = v >> 8 & 255
            if here == h:
                n -= 1
                if army:
                    a -= 1
            lim, lim_army = lims[h]
            if not (n + 1 <= lim and a + army <= lim_army):
                continue
        out.append(h)
        if first:
            break
    return out


def _march_reach(s: S, side: int, start: int, limit: int, occ: Occ, acc: list[int] | None = None,
                 parent: list[int] | None = None) -> list[int]:
    """4.51: the friendly hexes (not sieges) a march from ``start`` may end in, through hexes not
    closed to it (RULINGS R30: never an enemy hex; an Oracle always, R20). ``acc``: its first item
    gets the bits of every hex the search read; ``parent``: per hex, the hex it was reached from
    (the kept Move Phase menu's dependencies: the path to one destination)."""
    board = s.comp.board
    g = geo(board)
    nbm = g.nbm
    read = 0
    barred = g.persian_city if side == ATHENS or s.persia != 1 else None  # persian_barred (9.3)
    closed = closed_to(s, side, False, occ)
    terrain = board.terrain
    neighbours = board.neighbours
    land_side = board.land_side
    far_sides = board.far_sides
    field = occ.field
    inside = occ.inside
    lctrl = s.lctrl
    persian_friend = side == SPARTA and s.persia == 1  # friendly_hex, inlined: friendly_ctrl (4.2, 9.3)
    seen = [-1] * len(terrain)  # distance per hex, -1 not reached yet
    seen[start] = 0
    queue = deque([start])
    out = []
    while queue:
        h = queue.popleft()
        dist = seen[h]
        if h != start:
            ctrl = lctrl[h]
            if (ctrl == side or (persian_friend and ctrl == C_PERSIA)) and (field[h] | inside[h]) != 3:
                out.append(h)
            if terrain[h] == MOUNTAIN:
                continue  # 1.8: must stop
        if dist >= limit:
            continue
        read |= nbm[h]  # the hexes looked at from here: h and its neighbours
        nbs = neighbours[h]
        lss = land_side[h]
        no_cross = terrain[h] == STRAIT and h != start
        for d in range(6):
            n = nbs[d]
            if n < 0 or seen[n] >= 0:
                continue
            ls = lss[d]
            if ls != SIDE_CLEAR and ls != SIDE_PASS:
                continue
            tn = terrain[n]
            if tn == SEA or (barred is not None and barred[n]):
                continue
            if closed[n]:
                continue  # 4.5: never into or through an enemy hex (an Oracle is open, R20)
            if no_cross and d in far_sides[h]:
                continue  # a march through a strait hex may not cross it
            if tn == STRAIT and (d + 3) % 6 in far_sides[n]:
                # entering a strait from its far side: crossing stops the move (4.3)
                ctrl = lctrl[n]
                if ((ctrl == side or (persian_friend and ctrl == C_PERSIA)) and (field[n] | inside[n]) != 3
                        and n not in out):
                    out.append(n)
                seen[n] = limit
                if parent is not None:
                    parent[n] = h
                continue
            seen[n] = dist + 1
            if parent is not None:
                parent[n] = h
            queue.append(n)
    if acc is not None:
        acc[0] |= read
    return out


class _SeaSearch:
    """One ``_sea_reach`` search shared by the blocks of a hex while one menu is listed (the state
    does not change meanwhile): the ports found so far, and the search, resumed on demand."""

    __slots__ = ("done", "found", "parent", "read", "search", "via")

    def __init__(self, s: S, side: int, start: int, occ: Occ) -> None:
        self.read = [0]  # the bits of the hexes the search has read so far
        self.parent = [-1] * (2 * len(s.comp.board.hexes))  # per (hex, coast) node, where from
        self.via: dict[int, int] = {}  # per port found, the node it was found at
        self.search = _sea_reach(s, side, start, occ, self.read, self.parent, self.via)
        self.found: list[int] = []
        self.done = False

    def path(self, port: int, bit: tuple[int, ...]) -> int:
        """The bits of the hexes on the way the search found ``port`` (a found port but SYRACUSE)."""
        parent = self.parent
        node = self.via[port]
        mask = 0
        while node >= 0:
            mask |= bit[node >> 1]
            node = parent[node]
        return mask

    def __iter__(self) -> Iterator[int]:
        found = self.found
        i = 0
        while True:
            if i < len(found):
                yield found[i]
                i += 1
                continue
            if self.done:
                return
            h = next(self.search, -1)
            if h < 0:
                self.done = True
                return
            found.append(h)


def sea_destinations(s: S, side: int, b: int, occ: Occ | None = None,
                     cache: Cache | None = None, first: bool = False,
                     shared: dict[int, _SeaSearch] | None = None) -> list[int]:
    """4.52: up to 8 hexes by sea from a friendly port to another friendly port, not through
    enemy hexes and never to or from a siege or blockade; SYRACUSE via its embarkation ports (9.2).
    ``shared``: searches already begun while listing this same menu (by start hex)."""
    if occ is None:
        occ = occ_of(s)
    board = s.comp.board
    start = s.loc[b]
    syr = geo(board).syr
    if start == syr:
        # 9.2: blocks leave SYRACUSE by sea in the Move Phase, and only with sea control there; first
        # edition 9.2: "sin tener en cuenta el Control Naval" (its battles go on: RULINGS FE21 e)
        if (s.inside[b] and not s.ed1) or not (s.ed1 or friendly_hex(s, side, syr, sea=True)):
            return []  # first edition: from the field or from a siege there (FE21 e)
        return [h for h in open_embarkation(s, side, occ) if stack_ok(s, side, h, b, occ)]
    if start < 0 or (occ.field[start] | occ.inside[start]) == 3 or s.inside[b]:  # never from a siege
        return []
    key = (2, start, 8)
    reach = cache.get(key) if cache is not None else None
    if reach is None:
        if first and cache is not None:
            # a destination found earlier this Phase is still reachable: check it still fits
            for h in cache.get((3, start, b), ()):
                if h == syr or stack_ok(s, side, h, b, occ):
                    return [h]
        found: list[int] = []
        search: Iterable[int]
        if not _friendly_port(s, side, start):
            search = ()  # 4.52: a sea move starts in a friendly port (what _sea_reach checks first)
        elif shared is None:
            search = _sea_reach(s, side, start, occ)
        else:
            search = shared.get(start) or shared.setdefault(start, _SeaSearch(s, side, start, occ))
        for h in search:
            found.append(h)
            if first and (h == syr or stack_ok(s, side, h, b, occ)):
                if cache is not None:
                    cache[(3, start, b)] = [h]
                return [h]  # enough to offer the move; the search resumes when it is chosen
        reach = found
        if cache is not None:
            cache[key] = reach
    if not reach:
        return []
    return _fitting(s, side, b, reach, occ, first)


def _sea_reach(s: S, side: int, start: int, occ: Occ, acc: list[int] | None = None,
               parent: list[int] | None = None, via: dict[int, int] | None = None) -> Iterator[int]:
    """The friendly ports a sea move from ``start`` may reach (4.52), nearest first, never through
    a hex closed to it (RULINGS R30: an enemy hex by sea control, 4.2). ``acc``: its first item
    gets the bits of every hex read so far, before each port is given; ``parent``: per (hex, coast)
    node, the node it was reached from, and ``via``: per port, the node it was found at (the kept
    menu's dependencies: the path to one port).

    Everything the search reads of the state is read here, when it is made, not as its ports are
    asked for: a kept search (``MoveMenu.sea``) may be resumed after ``s`` has changed, or by a clone
    sharing the menus, and must go on answering for the state it began in (issue 12; read lazily, a
    resumed search once mixed the blocks and control of a later state into its ports: the contract
    fuzzer, seed 33)."""
    board = s.comp.board
    g = geo(board)
    if not _friendly_port(s, side, start):
        return iter(())
    if acc is None:
        acc = [0]
    if start in g.emb_hexes:
        acc[0] |= g.emb_mask  # open_embarkation reads every embarkation port (9.2)
    persia_friendly = side == SPARTA and s.persia == 1  # friendly_ctrl of a Persian hex (9.3)
    return _sea_walk(
        side, start, board.syracuse_hex if start in open_embarkation(s, side, occ) else -1, persia_friendly,
        closed_to(s, side, True, occ), occ.field, occ.inside, s.lctrl[:], s.sctrl[:],
        g.persian if not persia_friendly else frozenset(),
        # 4.52: up to 8 hexes; first edition 4.4: no range limit (RULINGS FE15), the whole water graph
        len(g.water_adj) if s.ed1 else 8, board, acc, parent, via)


def _sea_walk(side: int, start: int, syr: int, persia_friendly: bool, closed: list[bool], field: list[int],
              inside: list[int], lctrl: list[int], sctrl: list[int], persian: frozenset[int], steps: int,
              board: Board, acc: list[int], parent: list[int] | None, via: dict[int, int] | None) -> Iterator[int]:
    """The search of :func:`_sea_reach`, from what it read of the state (``syr``: SYRACUSE's hex when
    ``start`` is an open embarkation port for it, else -1)."""
    g = geo(board)
    nbm = g.nbm
    c0 = board.city_at[start]
    coast0 = board.cities[c0].coast
    corinth = board.cities[c0].name == "CORINTH"
    if syr >= 0:
        yield syr  # 9.2: the only strategic move that may end in a siege
    city_at = board.city_at
    cities = board.cities
    adj = g.water_adj
    # 1.6 diolkos: a navy in CORINTH may depart from either coast
    frontier = [start * 2 + coast0] + ([start * 2 + 1 - coast0] if corinth else [])
    seen = bytearray(len(adj))  # per (hex, coast) node: reached
    for node in frontier:
        seen[node] = 1
    found = set()
    for _dist in range(steps):
        if not frontier:
            break
        nxt = []
        for node in frontier:
            acc[0] |= nbm[node >> 1]  # the hexes looked at from this node's hex
            for _d, n, nn in adj[node]:
                if seen[nn] or n in persian or closed[n]:
                    continue
                seen[nn] = 1
                if parent is not None:
                    parent[nn] = node
                nxt.append(nn)
                cn = city_at[n]
                if cn >= 0 and n != start and n not in found:
                    city = cities[cn]
                    # _friendly_port, inlined: a port friendly on land and at sea (4.2, 9.3)
                    lc = lctrl[n]
                    sc = sctrl[n]
                    if ((city.coast == nn & 1 or city.name == "CORINTH") and city.port
                            and (lc == side or (persia_friendly and lc == C_PERSIA))
                            and (sc == side or (persia_friendly and sc == C_PERSIA))
                            and (field[n] | inside[n]) != 3):
                        found.add(n)
                        if via is not None:
                            via[n] = nn
                        yield n
        frontier = nxt
        if not frontier:
            break


# ====================================================================== revolts (7.0, 7.1)
def _revolt_block(s: S, side: int, kind: str) -> int:
    blocks = s.comp.blocks
    owner = s.owner
    for b in block_tabs(blocks).revolts:  # only revolt blocks have a revolt kind
        if blocks[b].revolt == kind and owner[b] == side:
            return b
    return -1


def revolt_actions(s: S, side: int, occ: Occ | None = None) -> list[str]:
    out: list[str] = []
    board = s.comp.board
    kinds = ["demos", "helots"] if side == ATHENS else ["tyrants"]
    for kind in kinds:
        b = _revolt_block(s, side, kind)
        if b < 0:
            continue
        if s.loc[b] >= 0:
            # a revolt block placed this turn may be raised one step per MP
            if revolting(s, b) and s.strength[b] < s.comp.blocks[b].steps:
                c = board.city_at[s.loc[b]]
                out.append(("helots " if kind == "helots" else "revolt ") + board.cities[c].name)
            continue
        if s.loc[b] != POOL:
            continue
        enemy = 1 - side
        own_bit = 1 << side
        city_owner = s.city_owner
        if occ is None:
            occ = occ_of(s)
        ins = occ.inside
        helots = kind == "helots"
        # _revolt_used, for every city at once: the revolts of this Olympiad (7.0, 7.1)
        ru = s.revolt_used
        if helots and b in ru[0::2]:
            continue  # the Helot revolt at most once per Olympiad (7.1; first edition too)
        if s.ed1:
            # first edition 7.0: one revolt per city by the same player each Olympiad
            blocks = s.comp.blocks
            mine = blocks[b].side
            used = {ru[i + 1] for i in range(0, len(ru), 2) if blocks[ru[i]].side == mine}
        else:
            used = {ru[i + 1] for i in range(0, len(ru), 2) if ru[i] == b}
        for c in geo(board).revolt_cities:
            city = board.cities[c]
            if helots != (city.name == "MESSENE"):
                continue
            # _revolt_target, whose fixed conditions (major, on the map, neither ATHENS nor
            # SPARTA) every revolt city meets
            if city_owner[c] != enemy or ins[city.hex] & own_bit or c in used:
                continue
            out.append(("helots " if kind == "helots" else "revolt ") + city.name)
    return out


def _revolt_used(s: S, b: int, c: int) -> bool:
    ru = s.revolt_used
    if s.ed1:
        # first edition 7.0: one revolt per city by the same player each Olympiad (DEMOS or HELOT);
        # 7.1: the Helot revolt at most once per Olympiad
        blocks = s.comp.blocks
        side = blocks[b].side
        helots = blocks[b].revolt == "helots"
        return any((ru[i + 1] == c and blocks[ru[i]].side == side) or (helots and ru[i] == b)
                   for i in range(0, len(ru), 2))
    return any(ru[i] == b and (ru[i + 1] == c or s.comp.blocks[b].revolt == "helots") for i in range(0, len(ru), 2))


def _revolt_target(s: S, side: int, c: int, occ: Occ | None = None) -> bool:
    """7.0: an enemy major city; never ATHENS or SPARTA; never a neutral city; not minor."""
    city = s.comp.board.cities[c]
    if not city.major or city.name in ("ATHENS", "SPARTA") or city.offboard:
        return False
    if s.city_owner[c] != 1 - side:
        return False
    if occ is not None:
        return not occ.inside[city.hex] & (1 << side)
    return not own_inside(s, side, city.hex)


def apply_revolt(s: S, side: int, verb: str, name: str) -> None:
    kind = "helots" if verb == "helots" else ("demos" if side == ATHENS else "tyrants")
    b = _revolt_block(s, side, kind)
    c = s.comp.board.city_index[name]
    city = s.comp.board.cities[c]
    if s.free_revolt > 0:
        s.free_revolt -= 1
    else:
        s.mp -= 1
    if s.loc[b] == POOL:
        s.loc[b] = city.hex
        s.strength[b] = 1
        s.moved[b] = True
        s.inside[b] = False
        s.start_hex[b] = POOL
        s.revolt_used.extend([b, c])
        s.say(f"{side_name(side)} sponsors a revolt in {city.name} (7.0).")
    else:
        s.strength[b] += 1
        s.say(f"{side_name(side)} adds a step to the revolt in {city.name} (7.0).", side)


def exchange_actions(s: S, side: int) -> list[str]:
    """7.0: a successful revolt block may be exchanged for a peltast of the same strength."""
    out = []
    board = s.comp.board
    blocks = s.comp.blocks
    tabs = block_tabs(blocks)
    for b in tabs.revolts:
        spec = blocks[b]
        if s.owner[b] != side or s.loc[b] < 0 or s.moved[b]:
            continue
        if spec.revolt == "helots":
            continue  # a victorious HELOT already functions as a peltast (7.1)
        c = board.city_at[s.loc[b]]
        if c < 0 or s.city_owner[c] != side or siege_hex(s, s.loc[b]):
            continue
        out.append(f"disband {spec.id}")
        if s.ed1:
            continue  # first edition 7.0: disbanded in any Move Phase, never exchanged (RULINGS FE14)
        for p in tabs.peltasts:
            pspec = blocks[p]
            if (s.owner[p] == side and s.loc[p] == POOL
                    and pspec.steps >= s.strength[b] and pspec.side == side):
                out.append(f"exchange {spec.id} {pspec.id}")
    return out


def apply_exchange(s: S, side: int, arg: str) -> None:
    rid, pid = arg.split()
    r = s.comp.block_index[rid]
    p = s.comp.block_index[pid]
    s.loc[p] = s.loc[r]
    s.strength[p] = s.strength[r]
    s.moved[p] = True
    s.start_hex[p] = s.loc[r]
    s.loc[r] = POOL
    s.strength[r] = 0
    s.say(f"{side_name(side)} exchanges its revolt block for a peltast (7.0).")

