"""Athens & Sparta 4.0 MOVE PHASE, explained: the engine's own paths for a block being moved, and why a
block may not move or a hex may not be its destination, with the rule that forbids it.

The page shows these so a move is "click block, click destination" and a click on a place that cannot
be chosen says why. Everything here is worked out from what the moving side sees: its own blocks, where
enemy blocks stand (in plain sight, 2.0), city control and the terrain; never a hidden strength or card.

The paths are cheap (a few hundred steps) and the page needs them to draw the destinations, so they
are in the moving side's view (:func:`explain_view`); the reasons cost far more (a rule check per hex
of the map: ~5-7 ms, more than the rest of the view) and are read only when a click finds nothing to
choose, so they are worked out only when asked (:func:`explain_reasons`, the state's ``explain``
hook: ``GET /api/games/{id}/explain``), from the same sight (RULINGS R34).

- :func:`op_paths` -> for the operation move in progress (4.4), each hex the block can end its move in
  and the actions (``to HEX`` ... [``stop``]) that take it there by the shortest way the rules allow.
- :func:`why_not_block` -> why a block of the side to move offers no move now (4.0, 4.6, 7.1, R6).
- :func:`why_not_hex` -> why the moving block cannot end its move in a hex.
"""

from __future__ import annotations

from collections import deque

from polemos.games.athens_sparta.common import geo, hex_name, is_oracle, occ_of, persian_barred, siege_hex, stack_ok
from polemos.games.athens_sparta.model import MOUNTAIN, NAVY, OFFBOARD, REVOLT, SEA, SIDE_MOUNTAIN, SIDE_NONE
from polemos.games.athens_sparta.movement import (
    MARCH,
    OP,
    SEA_MOVE,
    can_start,
    can_stop,
    enemy_field,
    legal_move,
    legal_moving,
    must_stop,
    op_steps,
)
from polemos.games.athens_sparta.state import AthensSpartaState

S = AthensSpartaState

__all__ = ["explain_reasons", "explain_view", "op_paths", "why_not_block", "why_not_hex"]

def op_paths(s: S, side: int) -> dict[int, list[str]]:
    """Hex -> the actions that end the operation move in progress there (4.4), shortest first found.

    A breadth-first search over the move's steps (movement.op_steps: hexside attack limits, straits 4.3,
    mountains 1.8, Persia 9.3) made as trial steps on the state itself and taken back, as the rules'
    own look-ahead does (movement._viable): a hex is a destination where the block may stop
    (movement.can_stop: stacking 4.1, attack limits, navies R5), and the search goes on only where it
    need not stop (movement.must_stop: enemy blocks 4.4, mountains 1.8, strait crossings 4.3). Every
    step of a path is one the page's ``to`` actions offer (it leads to a hex where the block can stop).
    The block's current hex is included when ``stop`` is legal."""
    if s.moving < 0 or s.move_kind != OP or s.owner[s.moving] != side:
        return {}
    b = s.moving
    occ = occ_of(s)
    at = s.loc[b]
    out: dict[int, list[str]] = {}
    if len(s.move_path) >= 2 and can_stop(s, side, b, at, occ):
        out[at] = ["stop"]
    if len(s.move_path) >= 2 and must_stop(s, side, b, at, occ):
        return out
    saved = (s.loc[b], s.move_left, s.move_side, s.move_crossed, len(s.move_path))
    # a node: (hex, side of a strait, crossed, hexes left, the path's hexes)
    seen = {(s.loc[b], s.move_side, s.move_crossed)}
    queue: deque[tuple[int, int, bool, int, list[int]]] = deque(
        [(s.loc[b], s.move_side, s.move_crossed, s.move_left, [])])
    try:
        while queue:
            h, mside, crossed, left, path = queue.popleft()
            s.loc[b], s.move_side, s.move_crossed, s.move_left = h, mside, crossed, left
            del s.move_path[saved[4]:]
            s.move_path.extend(path)
            for n, _d, arrive, crossing in op_steps(s, side, b, False, occ):
                s.loc[b], s.move_left, s.move_side = n, left - 1, arrive
                s.move_crossed = crossed or crossing
                s.move_path.append(n)
                steps = [*path, n]
                if n not in out and can_stop(s, side, b, n, occ, at):
                    names = ["to " + hex_name(s, x) for x in steps]
                    out[n] = names if must_stop(s, side, b, n, occ) else [*names, "stop"]
                key = (n, arrive, s.move_crossed)
                if key not in seen and not must_stop(s, side, b, n, occ):
                    seen.add(key)
                    queue.append((n, arrive, s.move_crossed, left - 1, steps))
                s.move_path.pop()
                s.loc[b], s.move_side, s.move_crossed, s.move_left = h, mside, crossed, left
    finally:
        s.loc[b], s.move_left, s.move_side, s.move_crossed = saved[:4]
        del s.move_path[saved[4]:]
    return out


def why_not_block(s: S, side: int, b: int, legal: list[str] | None = None) -> str | None:
    """Why block ``b`` of ``side`` offers no move in this Move Phase, or None if it offers one.
    ``legal``: ``side``'s Move Phase actions (movement.legal_move) already listed."""
    spec = s.comp.blocks[b]
    if s.owner[b] != side or s.loc[b] < 0:
        return None
    if s.moving >= 0 and s.moving != b:
        return "Another block is moving: finish its move first (4.0)."
    if s.moved[b]:
        return "This block has moved already this Player Turn: blocks move only once (4.0)."
    if s.inside[b]:
        return "This block is besieged inside its walls and cannot move (RULINGS R6)."
    if spec.type == REVOLT and (spec.revolt != "helots" or siege_hex(s, s.loc[b])):
        return "Revolt blocks do not move (7.0); only a victorious HELOT moves, like a peltast (7.1)."
    if not can_start(s, side, b):
        return "This block cannot move now (4.0)."
    if s.mp <= 0:
        return "No MPs left: each move costs 1 MP (4.0, 4.4)."
    if legal is None:
        legal = legal_move(s, side)
    mine = {a for a in legal if a.split(" ", 1)[-1] == spec.id}
    if mine:
        return None
    if s.storm and spec.type == NAVY:
        return "Storm: no navy may move this Game Turn (4.6)."
    return "No hex is open to this block: enemy blocks, hexsides, terrain or stacking close every way (4.1, 4.4)."


def _distances(s: S, a: int) -> list[int]:
    """Hexes from ``a`` to every hex on the grid, ignoring terrain (99: unreachable)."""
    board = s.comp.board
    dist = [99] * len(board.hexes)
    dist[a] = 0
    frontier = [a]
    while frontier:
        nxt = []
        for h in frontier:
            for n in board.neighbours[h]:
                if n >= 0 and dist[n] == 99:
                    dist[n] = dist[h] + 1
                    nxt.append(n)
        frontier = nxt
    return dist


def why_not_hex(s: S, side: int, h: int, paths: dict[int, list[str]] | None = None,
                dist: list[int] | None = None, dests: set[str] | None = None) -> str | None:
    """Why the block being moved cannot end its move in hex ``h``, citing the rule; None if it can
    (``h`` is one of the move's destinations). ``paths``: :func:`op_paths` already worked out;
    ``dist``: the hexes from the block to each hex (worked out when not given); ``dests``: the
    destinations of a march or sea move (:func:`_destinations`) already listed."""
    if s.moving < 0 or s.owner[s.moving] != side:
        return None
    b = s.moving
    spec = s.comp.blocks[b]
    board = s.comp.board
    name = hex_name(s, h)
    terrain = board.terrain[h]
    if dist is None:
        dist = _distances(s, s.loc[b])
    if s.move_kind != OP:
        if dests is None:
            dests = _destinations(s, side)
        if name in dests:
            return None
        if persian_barred(s, side, h):
            return f"{name} is in Persia: Athens never enters it, Sparta only with Persian support (9.3)."
        if s.move_kind == MARCH:
            if terrain in (SEA, OFFBOARD):
                return "A march is by land: armies cross water only at straits or by sea move (4.1, 4.51)."
            if dist[h] > 2 * spec.move:
                return f"Out of reach: a march goes at most {2 * spec.move} hexes, double the block's move (4.51)."
            return (f"A march must end in a friendly hex, through friendly, neutral or vacant hexes only, "
                    f"never to or from a siege (4.51, 4.5): {name} is not such a destination.")
        if s.move_kind == SEA_MOVE:
            return (f"A sea move goes up to 8 hexes from a friendly port to another friendly port, never through "
                    f"enemy hexes nor to or from a siege or blockade (4.52, 4.5): {name} is not such a port.")
        return None
    if paths is None:
        paths = op_paths(s, side)
    if h in paths:
        return None
    if h == s.loc[b] and len(s.move_path) < 2:
        return "The block is here: a move ends elsewhere, or cancel it (4.4, RULINGS R4)."
    if persian_barred(s, side, h):
        return f"{name} is in Persia: Athens never enters it, Sparta only with Persian support (9.3)."
    navy = spec.type == NAVY
    if terrain == OFFBOARD:
        return "SYRACUSE (Sicily) is reached only by a sea move from an embarkation port (9.2, 4.52)."
    if not navy and terrain == SEA:
        return "Armies cannot cross water except at a strait (4.3) or by a sea move (4.1, 4.52)."
    adj = geo(board).water_adj
    if navy and not (adj[2 * h] or adj[2 * h + 1]):
        return "Navies move by water only and cannot cross land hexsides (4.1, 1.6)."
    if dist[h] > s.move_left:
        return (f"Out of reach: the block has {s.move_left} hex{'es' if s.move_left != 1 else ''} "
                f"of movement left (4.4).")
    if is_oracle(s, s.start_hex[b]) and enemy_field(s, side, h):
        return "Blocks that start their move in an Oracle never attack (1.4)."
    if not stack_ok(s, side, h, b, occ_of(s)) and not enemy_field(s, side, h):
        return f"{name} is full: the stacking limit (Terrain Effects Table) would be broken there (4.1)."
    if not navy:
        sides = board.land_side[h]
        if all(sd in (SIDE_NONE, SIDE_MOUNTAIN) for sd in sides):
            return f"{name} has no land hexside an army may cross (1.8, 4.1)."
        if terrain == MOUNTAIN:
            return ("Mountain hexes are entered only through clear hexsides or passes, and armies stop on "
                    "entering them (1.8); no such way reaches " + name + " now.")
    if navy:
        c = board.city_at[h]
        if terrain == SEA:
            return "A navy never ends its move at sea: only in a port, or where it fights (4.4, RULINGS R5)."
        if (c < 0 or not board.cities[c].port) and not enemy_field(s, side, h):
            return "A navy ends its move only in a friendly port, or where it fights (4.4, RULINGS R5)."
    return (f"No way there: the block must stop on entering a hex with enemy blocks (4.4), after a mountain (1.8) "
            f"or a strait crossing (4.3), and hexside attack limits apply (4.1); none of its paths ends at {name}.")


def _destinations(s: S, side: int) -> set[str]:
    """The hexes a march or sea move in progress may end in (its ``to`` actions, 4.51, 4.52)."""
    return {a[3:] for a in legal_moving(s, side) if a.startswith("to ")}


def explain_view(s: S, side: int) -> dict[str, object]:
    """What a Move Phase view of ``side`` carries (only when ``side`` is to move): ``paths`` {hex name:
    actions}, the operation move in progress (:func:`op_paths`), while a block is moving. The reasons
    are not in the view (:func:`explain_reasons`)."""
    if s.moving < 0:
        return {}
    return {"paths": {hex_name(s, h): steps for h, steps in op_paths(s, side).items()}}


def explain_reasons(s: S, side: int) -> dict[str, dict[str, list[str]]]:
    """Why the Move Phase offers ``side`` no choice on a place of the board, asked for by the page when
    a click finds nothing to choose (the state's ``explain`` hook): ``why_block`` {reason: [block
    ids]} (the side's blocks on the map that offer no move, :func:`why_not_block`) and, while a block
    is moving, ``why_hex`` {reason: [hex names]} (where it cannot go, :func:`why_not_hex`); reasons
    grouped to keep the answer small. From what ``side`` sees only, like the view (module docstring)."""
    board = s.comp.board
    out: dict[str, dict[str, list[str]]] = {}
    why_block: dict[str, list[str]] = {}
    legal = legal_move(s, side) if s.moving < 0 else []
    for b, h in enumerate(s.loc):
        if h < 0 or s.owner[b] != side or b == s.moving:
            continue
        reason = why_not_block(s, side, b, legal)
        if reason:
            why_block.setdefault(reason, []).append(s.comp.blocks[b].id)
    out["why_block"] = why_block
    if s.moving >= 0:
        paths = op_paths(s, side)
        dist = _distances(s, s.loc[s.moving])
        dests = _destinations(s, side) if s.move_kind != OP else set()
        why_hex: dict[str, list[str]] = {}
        for h in range(len(board.hexes)):
            reason = why_not_hex(s, side, h, paths, dist, dests)
            if reason:
                why_hex.setdefault(reason, []).append(hex_name(s, h))
        out["why_hex"] = why_hex
    return out
