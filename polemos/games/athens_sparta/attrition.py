"""Athens & Sparta 6.0 SIEGE ATTRITION, with 6.1 island blockades, 9.1 Hellespont, 9.2 Sicily,
and the Plague event (which uses the 6.0 procedure)."""

from __future__ import annotations

from polemos.games.athens_sparta.combat import ALL_BLOCKS, INSIDE_ONLY, OUTSIDE_ONLY, PATROL_ONLY, _ed1_own_port
from polemos.games.athens_sparta.common import (
    blocks_at,
    eliminate,
    friendly_hex,
    geo,
    hex_name,
    occ_of,
    push,
    side_name,
)
from polemos.games.athens_sparta.model import ATHENS, NAVY, SEA, SIDE_CLEAR, SIDE_PASS, SPARTA, STRAIT, opposite
from polemos.games.athens_sparta.state import AthensSpartaState

S = AthensSpartaState


def is_island(s: S, h: int) -> bool:
    """6.1: a port on an island with six sea hexsides (NAXOS), an island with only one port
    (CEPHALLENIA) or an island reached only through one strait (CORCYRA): its blockade is a full
    siege. All three are ports whose land mass (joined by land hexsides, never across a strait)
    holds no other port; larger islands like Euboea have land supply from their other ports."""
    if s.ed1:
        return _ed1_island(s, h)
    return h in geo(s.comp.board).one_port_island


def _ed1_island(s: S, h: int) -> bool:
    """First edition 6.6 (RULINGS FE28): "si un hex tiene seis Lados de Hex de Mar, un bloqueo será un
    asedio total. Si mover a un hex de tierra adyacente requiere cruzar un Estrecho, el hex también es
    una isla": a port none of whose land neighbours is reached by land without crossing a strait."""
    board = s.comp.board
    c = board.city_at[h]
    if c < 0 or not board.cities[c].port or board.cities[c].offboard:
        return False
    for d in range(6):
        n = board.neighbours[h][d]
        if n < 0 or board.terrain[n] == SEA or board.land_side[h][d] not in (SIDE_CLEAR, SIDE_PASS):
            continue
        if not ((board.terrain[h] == STRAIT and d in board.far_sides[h])
                or (board.terrain[n] == STRAIT and opposite(d) in board.far_sides[n])):
            return False
    return True


def siege_status(s: S, h: int) -> tuple[bool, bool, bool]:
    """(besieged by armies, blockaded by navies, full siege) of the blocks inside hex ``h``."""
    inside_side = -1
    for b in blocks_at(s, h):
        if s.inside[b]:
            inside_side = s.owner[b]
            break
    if inside_side < 0:
        return False, False, False
    siege = blockade = False
    for b in blocks_at(s, h):
        if s.owner[b] == 1 - inside_side and not s.inside[b]:
            if s.comp.blocks[b].type == NAVY:
                blockade = True
            else:
                siege = True
    board = s.comp.board
    c = board.city_at[h]
    port = c >= 0 and board.cities[c].port
    full = (siege and blockade) or (siege and not port) or (blockade and is_island(s, h))
    return siege, blockade, full


def siege_attrition(s: S, side: int) -> None:
    """6.0: after combat the Active Player rolls one die per friendly block in a siege or
    blockade: besieged 5+ (half siege) or 3+ (full siege), besiegers 4+; hits fall on the
    strongest blocks. 9.2: at SYRACUSE, if the defender keeps sea control, the attacker's
    rolls are +1."""
    board = s.comp.board
    hexes = sorted({s.loc[b] for b in range(len(s.loc)) if s.loc[b] >= 0 and s.inside[b]})
    for h in hexes:
        occ = occ_of(s)  # the same snapshot unless a roll before eliminated a block
        if (occ.field[h] | occ.inside[h]) != 3:
            continue  # a siege or blockade has both sides' blocks there (what siege_status would find)
        siege, blockade, full = siege_status(s, h)
        if not (siege or blockade):
            continue
        mine = [b for b in blocks_at(s, h) if s.owner[b] == side]
        if not mine:
            continue
        inside = any(s.inside[b] for b in mine)
        where = _name(s, h)
        if inside:
            target = 3 if full else 5
            kind = "full siege" if full else "half-siege"
            group = [b for b in mine if s.inside[b]]
            mask = INSIDE_ONLY
        else:
            target = 4
            kind = "besieger"
            group = [b for b in mine if not s.inside[b]]
            mask = OUTSIDE_ONLY
        bonus = 0
        if h == board.syracuse_hex and not inside and not blockade:
            bonus = 1  # 9.2: the defender has sea control of SYRACUSE
        roll_attrition(s, side, h, len(group), target,
                       f"6.0 Siege Attrition at {where} ({side_name(side)}, {kind}, {target}+"
                       + (", +1 at SYRACUSE 9.2" if bonus else "") + ")", mask, bonus)
    if s.patrol:
        _apart_attrition(s, side)


def _apart_attrition(s: S, side: int) -> None:
    """First edition 6.7: "las naves en patrulla están sujetas a desgaste de asedios parciales (5+)";
    6.6: "las naves que bloquean ... tiran dados para el Desgaste de Asedio (4+) al final del Turno de
    Jugador amigo", and the defenders outside a blockaded port roll as besieged (5+, 3+ on an island)
    (RULINGS FE11, FE12, FE40). Navies standing apart in a city of their side patrol; elsewhere they
    blockade."""
    mine = [b for b in s.patrol if s.owner[b] == side and s.loc[b] >= 0]
    for h in sorted({s.loc[b] for b in mine}):
        here = [b for b in mine if s.loc[b] == h]
        patrol = _ed1_own_port(s, here[0])
        target = 5 if patrol else 4
        what = (f"1st 6.7 patrol attrition at {_name(s, h)} ({side_name(side)}, 5+)" if patrol
                else f"1st 6.6 blockade attrition at {_name(s, h)} ({side_name(side)}, blockader, 4+)")
        roll_attrition(s, side, h, len(here), target, what, PATROL_ONLY)
    blockaded = sorted({s.loc[b] for b in s.patrol if s.owner[b] != side and s.loc[b] >= 0
                        and not _ed1_own_port(s, b)})
    for h in blockaded:
        outside = [b for b in blocks_at(s, h) if s.owner[b] == side and not s.inside[b] and b not in s.patrol]
        if outside:
            target = 3 if is_island(s, h) else 5
            roll_attrition(s, side, h, len(outside), target,
                           f"1st 6.6 blockade attrition at {_name(s, h)} ({side_name(side)}, blockaded, "
                           f"{target}+)", OUTSIDE_ONLY)


def _name(s: S, h: int) -> str:
    return hex_name(s, h)


def plague(s: S) -> None:
    """Plague (designed event, Thucydides 2.47-54): every block in ATHENS rolls one die; each
    5+ is a hit on the strongest block there (the 6.0 procedure)."""
    c = s.comp.board.city_index.get("ATHENS")
    if c is None:
        return
    h = s.comp.board.cities[c].hex
    for side in (ATHENS, SPARTA):
        group = [b for b in blocks_at(s, h) if s.owner[b] == side]
        if not group:
            continue
        roll_attrition(s, side, h, len(group), 5, f"Plague in ATHENS ({side_name(side)}, 5+)")


def hellespont(s: S) -> None:
    """9.1: while Sparta has sea control of ABYDOS, Athens removes one block from ATHENS at the
    end of every Athenian Player Turn — unless she holds SYRACUSE with sea control (9.2)."""
    board = s.comp.board
    ab = board.city_index.get("ABYDOS")
    at = board.city_index.get("ATHENS")
    if ab is None or at is None:
        return
    if not friendly_hex(s, SPARTA, board.cities[ab].hex, sea=True):  # Spartan sea control (4.2)
        return
    sy = board.city_index.get("SYRACUSE")
    if sy is not None and s.city_owner[sy] == ATHENS and friendly_hex(s, ATHENS, board.syracuse_hex, sea=True):
        s.say("9.2: Athens holds SYRACUSE with sea control and is immune to the Hellespont.")
        return
    h = board.cities[at].hex
    mine = [b for b in blocks_at(s, h) if s.owner[b] == ATHENS]
    if not mine:
        return
    s.say("9.1 Hellespont: Sparta controls the sea at ABYDOS; Athens must remove a block from ATHENS.")
    s.pending = {"kind": "hellespont", "side": ATHENS}


def legal_hellespont(s: S, side: int) -> list[str]:
    board = s.comp.board
    h = board.cities[board.city_index["ATHENS"]].hex
    return ["remove " + s.comp.blocks[b].id for b in blocks_at(s, h) if s.owner[b] == ATHENS]


def apply_hellespont(s: S, side: int, action: str) -> None:
    b = s.comp.block_index[action.split()[1]]
    s.say(f"9.1: Athens removes {s.comp.blocks[b].name} from ATHENS to the Replacement Pool.", ATHENS)
    s.say("9.1: Athens removes a block from ATHENS (Hellespont).")
    eliminate(s, b)
    s.pending = None


def syracuse_grain(s: S) -> None:
    """9.2: if SYRACUSE is blockaded or captured by Athens, all Spartan blocks in CORINTH roll
    Siege Attrition (5+) at the end of each Spartan Player Turn."""
    board = s.comp.board
    sy = board.city_index.get("SYRACUSE")
    co = board.city_index.get("CORINTH")
    if sy is None or co is None:
        return
    syr = board.syracuse_hex
    _, blockade, _ = siege_status(s, syr)
    athenian_blockade = blockade and any(s.owner[b] == ATHENS and not s.inside[b]
                                         for b in blocks_at(s, syr))
    if not (s.city_owner[sy] == ATHENS or athenian_blockade):
        return
    h = board.cities[co].hex
    group = [b for b in blocks_at(s, h) if s.owner[b] == SPARTA]
    if not group:
        return
    roll_attrition(s, SPARTA, h, len(group), 5,
                   "9.2: SYRACUSE's grain is cut off; Spartan blocks in CORINTH roll attrition (5+)")


def roll_attrition(s: S, side: int, h: int, dice: int, target: int, what: str,
                   mask: int = ALL_BLOCKS, bonus: int = 0) -> None:
    """6.0: one die per block; each roll (plus ``bonus``) at or over ``target`` is a hit on the
    strongest of ``side``'s blocks in ``h`` (ties: the owner's choice, 5.2)."""
    rolls = [s.rng.d6() for _ in range(dice)]
    hits = sum(1 for r in rolls if r + bonus >= target)
    s.say(f"{what}: {' '.join(map(str, rolls))} — {hits} hit{'s' if hits != 1 else ''}.")
    if hits:
        push(s, ["hits", side, h, hits, 0, mask])
