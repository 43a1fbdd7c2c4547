"""Athens & Sparta 5.0 COMBAT RESOLUTION (with 5.3 sieges, 7.0 revolts and 9.2 SYRACUSE).

A battle is held in ``state.battle`` (plain data) and advanced by :func:`step_battle` until some
side must decide. Per round (5.41, 5.42): Sea Battle, Land Battle, Siege Battle, each in combat
order (5.1: all A, then B, then C; defenders before attackers of the same letter). Each block
acts once per round. The end of the battle follows 5.43, then retreats (5.5), regroups (5.6) and
pillage (5.61).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from polemos.core.errors import IllegalActionError
from polemos.games.athens_sparta.common import (
    _friendly_port,
    _retreat_ok,
    blocks_at,
    change_city_owner,
    closed_to,
    eliminate,
    friendly_hex,
    geo,
    hex_by_name,
    hex_name,
    in_battle,
    is_oracle,
    occ_kinds,
    occ_of,
    open_embarkation,
    persian_barred,
    push,
    revolting,
    set_status,
    side_name,
    siege_hex,
    siege_limit,
    stack_ok,
    status,
    update_control,
)
from polemos.games.athens_sparta.model import (
    CAVALRY,
    NAVY,
    PELTAST,
    REVOLT,
    SEA,
    SIDE_CLEAR,
    SIDE_PASS,
    SPARTA,
    STRAIT,
    opposite,
)
from polemos.games.athens_sparta.movement import apply_exchange
from polemos.games.athens_sparta.replacement import add_step_cost, pillage_targets, points_word, syracuse_value
from polemos.games.athens_sparta.state import (
    BS_ATSEA,
    BS_INSIDE,
    BS_LAND,
    BS_NONE,
    BS_RESERVE,
    BS_SEA,
    BS_STORM,
    POOL,
    AthensSpartaState,
)

S = AthensSpartaState

NEW = "new"
STORM = "storm"
SALLY = "sally"

FIELD = (BS_SEA, BS_LAND, BS_ATSEA)


# ====================================================================== small queries
def cite(s: S, current: str, first: str) -> str:
    """The rule a log line cites: the current rules' number, or the first edition's ("1st 5.5")."""
    return f"1st {first}" if s.ed1 else current


def is_walled_city(s: S, h: int) -> bool:
    c = s.comp.board.city_at[h]
    return c >= 0 and s.comp.board.cities[c].walled


def _ed1_army_limit_full(s: S, h: int, b: int, blocks: list[int]) -> bool:
    """First edition 5.52: at most 4 land blocks of the 6 in siege in (or storming) ATHENS; is that
    many armies already among ``blocks``, and ``b`` an army?"""
    if not s.ed1 or s.comp.blocks[b].type == NAVY:
        return False
    c = s.comp.board.city_at[h]
    if c < 0 or s.comp.board.cities[c].name != "ATHENS":
        return False
    return sum(1 for x in blocks if x != b and s.comp.blocks[x].type != NAVY) >= 4


def block_label(s: S, b: int) -> str:
    spec = s.comp.blocks[b]
    return f"{spec.name} {spec.rating_letter}{_rating(s, b)} ({s.strength[b]})"


def _rating(s: S, b: int) -> int:
    return s.comp.blocks[b].rating


def acted(s: S, b: int) -> bool:
    bt = s.battle
    assert bt is not None
    return bool(bt["acted"][bt["blocks"].index(b)])


def set_acted(s: S, b: int) -> None:
    bt = s.battle
    assert bt is not None
    bt["acted"][bt["blocks"].index(b)] = 1


def is_relief(s: S, b: int) -> bool:
    bt = s.battle
    assert bt is not None
    return bool(bt["relief"][bt["blocks"].index(b)])


def side_of(s: S, b: int) -> int:
    return s.owner[b]


def order_key(s: S, b: int, siege: bool = False) -> tuple[int, int]:
    """5.1: A before B before C; defenders before attackers with the same letter. In a siege
    battle cavalry fight at B1 and navies at C1 (5.41), so cavalry act with the B blocks."""
    bt = s.battle
    assert bt is not None
    spec = s.comp.blocks[b]
    letter = spec.rating_letter
    if siege and spec.type == CAVALRY:
        letter = "B"
    elif siege and spec.type == NAVY:
        letter = "C"
    return ("ABC".index(letter), 0 if s.owner[b] == bt["def"] else 1)


def effective_rating(s: S, b: int, siege: bool) -> int:
    """2.12; 5.41: in a siege battle cavalry fight at B1 and navies at C1."""
    spec = s.comp.blocks[b]
    if siege and spec.type == CAVALRY:
        return 1
    if siege and spec.type == NAVY:
        return 1
    return spec.rating


# ====================================================================== the Combat Phase menu
def battle_hexes(s: S, side: int) -> tuple[list[int], list[int], list[int]]:
    """(mandatory battles, sieges the side may storm, sieges it may sally from)."""
    if not s.patrol:
        return _battle_hexes_occ(s, side)
    field: dict[int, int] = {}
    ins: dict[int, int] = {}
    revolt: set[int] = set()
    patrol = s.patrol
    navies: set[tuple[int, int]] = set()
    if patrol:
        navies = {(h, o) for h, o, walls, k in zip(s.loc, s.owner, s.inside, occ_kinds(s.comp.blocks), strict=False)
                  if h >= 0 and not walls and k == 1}
    for b, (h, o, walls, k) in enumerate(zip(s.loc, s.owner, s.inside, occ_kinds(s.comp.blocks), strict=False)):
        if h < 0 or o > 1:
            continue
        if patrol and b in patrol and (h, 1 - o) not in navies:
            continue  # first edition 6.7: land blocks and a patrol never fight; enemy navies may (FE12)
        if walls:
            ins[h] = ins.get(h, 0) | (1 << o)
        else:
            field[h] = field.get(h, 0) | (1 << o)
            if k == 0 and o == side:  # a revolt block
                revolt.add(h)
    me, them = 1 << side, 1 << (1 - side)
    mandatory, storm, sally = [], [], []
    for h in set(field) | set(ins):
        if h in s.fought or is_oracle(s, h):
            continue
        f, i = field.get(h, 0), ins.get(h, 0)
        if (f & me and f & them) or (h in revolt and (f | i) & them):
            mandatory.append(h)
        elif f & me and i & them:
            storm.append(h)
        elif i & me and f & them:
            sally.append(h)
    return sorted(mandatory), sorted(storm), sorted(sally)


def _battle_hexes_occ(s: S, side: int) -> tuple[list[int], list[int], list[int]]:
    """battle_hexes without a first-edition patrol: read from the occupancy snapshot (common.Occ),
    which the Combat Phase's listings share, instead of a pass over the blocks (issue 12)."""
    occ = occ_of(s)
    field, ins, outside = occ.field, occ.inside, occ.outside
    oracle = geo(s.comp.board).oracle
    fought = s.fought
    me, them = 1 << side, 1 << (1 - side)
    mandatory, storm, sally = [], [], []
    for h in occ.hexes:
        f, i = field[h], ins[h]
        if not (f | i) & them or h in fought or oracle[h]:
            continue  # every battle, storm or sally needs the enemy there
        if (f & me and f & them) or outside[h] & (me << 4):  # a revolt block outside the walls
            mandatory.append(h)
        elif f & me and i & them:
            storm.append(h)
        elif i & me and f & them:
            sally.append(h)
    mandatory.sort()
    storm.sort()
    sally.sort()
    return mandatory, storm, sally


def combat_menu_needed(s: S, side: int) -> bool:
    m, st, sa = battle_hexes(s, side)
    return bool(m or st or sa)


def legal_combat(s: S, side: int) -> list[str]:
    m, st, sa = battle_hexes(s, side)
    out = ["battle " + hex_name(s, h) for h in m]
    for h in st:
        for g in _groups(s, side, h, inside=False):
            out.append(f"storm {hex_name(s, h)} {g}")
    for h in sa:
        for g in _groups(s, side, h, inside=True):
            out.append(f"sally {hex_name(s, h)} {g}")
    if not m or (s.ed1 and m == [s.comp.board.syracuse_hex]):
        out.append("end")  # first edition 9.2: at SYRACUSE the active player may attack or pass (FE21)
    return out


def _groups(s: S, side: int, h: int, inside: bool) -> list[str]:
    """5.4: storm or sally with armies and navies declared separately."""
    armies = navies = False
    for b in blocks_at(s, h):
        if s.owner[b] == side and s.inside[b] == inside and (inside or b not in s.no_attack):
            if s.comp.blocks[b].type == NAVY:
                navies = True
            elif s.comp.blocks[b].type != REVOLT:
                armies = True
    out = []
    if armies:
        out.append("armies")
    if navies:
        out.append("navies")
    if armies and navies:
        out.append("all")
    return out


def apply_combat(s: S, side: int, action: str) -> None:
    parts = action.split()
    if parts[0] == "end":
        s.pending = None
        return
    h = hex_by_name(s, parts[1])
    s.fought.append(h)
    s.pending = None
    if parts[0] == "battle":
        start_battle(s, side, h)
    else:
        start_siege_action(s, side, h, parts[0], parts[2])
    # come back to this menu after the battle
    push(s, ["battle"], ["combatmenu", side])


def t_combatmenu(s: S, task: list[int | str]) -> None:
    side = int(task[1])
    update_control(s)
    if combat_menu_needed(s, side):
        s.pending = {"kind": "combat", "side": side}


# ====================================================================== starting battles (5.4)
def _new_battle(s: S, side: int, h: int, kind: str) -> dict[str, Any]:
    bs = blocks_at(s, h)
    bt: dict[str, Any] = {
        "hex": h, "kind": kind, "att": side, "def": 1 - side, "round": 1, "stage": "declare",
        "blocks": bs, "st": [BS_NONE] * len(bs), "acted": [0] * len(bs),
        "relief": [0] * len(bs), "queue": [], "qpos": 0, "took": 0, "retreat_via": [],
        "revolt": 0, "captured": 0,
    }
    s.battle = bt
    return bt


def start_battle(s: S, side: int, h: int) -> None:
    """A battle the Active Player must fight: a new battle, relief of a siege, or a revolt."""
    bt = _new_battle(s, side, h, NEW)
    own_inside = any(s.inside[b] and s.owner[b] == side for b in bt["blocks"])
    has_field_att = any(not s.inside[b] and s.owner[b] == side and s.comp.blocks[b].type != REVOLT
                        for b in bt["blocks"])
    revolt = [b for b in bt["blocks"] if s.owner[b] == side and s.comp.blocks[b].type == REVOLT]
    if own_inside:
        bt["kind"] = SALLY
    for i, b in enumerate(bt["blocks"]):
        if s.owner[b] == side:
            if s.inside[b]:
                bt["st"][i] = BS_INSIDE
            else:
                bt["st"][i] = BS_SEA if s.comp.blocks[b].type == NAVY else BS_LAND
                if bt["kind"] == SALLY:
                    bt["relief"][i] = 1  # 5.3: blocks moved in to lift the siege
            if not s.inside[b]:
                s.revealed[b] = True  # 5.4: the Active Player reveals all attacking blocks
        else:
            if s.inside[b]:
                bt["st"][i] = BS_INSIDE
            else:
                bt["st"][i] = BS_SEA if s.comp.blocks[b].type == NAVY else BS_LAND
    s.reveals += 1
    name = hex_name(s, h)
    if s.patrol:
        _ed1_patrols_apart(s, bt)
    if revolt and (not has_field_att or s.ed1):
        # first edition 7.0: the sponsor's other blocks in the hex fight in the revolt's battle (FE37)
        bt["revolt"] = 1
        _start_revolt(s, bt)
        return
    if bt["kind"] == SALLY:
        s.say(f"{cite(s, '5.3', '5.55')}: {side_name(side)}'s relief forces attack the besiegers at {name}; all relief "
              "forces must engage.")
        bt["stage"] = "sallyq"
        return
    s.say(f"{cite(s, '5.4', '5.0')}: {side_name(side)} attacks at {name} with "
          + ", ".join(block_label(s, b) for b in bt["blocks"] if s.owner[b] == side and not s.inside[b])
          + ".")
    bt["stage"] = "declare"


def _start_revolt(s: S, bt: dict[str, Any]) -> None:
    """7.0: a revolt is resolved as a normal siege battle; automatic in a vacant city."""
    h = bt["hex"]
    side = bt["att"]
    if s.ed1:
        # first edition 7.0: "se resuelven como las batallas normales" (RULINGS FE13): one land battle,
        # walled city or not; every defender, navies included, fights at its normal rating; nobody
        # withdraws (the revolt is within the walls) and nobody has double defence
        for i, b in enumerate(bt["blocks"]):
            if b in s.patrol:
                continue  # first edition 6.7: land blocks and a patrol never fight (RULINGS FE12)
            bt["st"][i] = BS_LAND
            if s.owner[b] != side:
                s.revealed[b] = True
        helot1 = any(s.comp.blocks[b].revolt == "helots" for b in bt["blocks"] if s.owner[b] == side)
        s.say(f"1st 7.{'1' if helot1 else '0'}: the revolt at {hex_name(s, h)} is fought as a normal battle; "
              "all defending blocks help.")
        bt["stage"] = "land"
        return
    walled = is_walled_city(s, h)
    for i, b in enumerate(bt["blocks"]):
        if s.owner[b] == side:
            bt["st"][i] = BS_STORM
        else:
            bt["st"][i] = BS_INSIDE if walled else (BS_SEA if s.comp.blocks[b].type == NAVY else BS_LAND)
            s.revealed[b] = True
    helot = any(s.comp.blocks[b].revolt == "helots" for b in bt["blocks"] if s.owner[b] == side)
    s.say(f"7.{'1' if helot else '0'}: the revolt at {hex_name(s, h)} is fought "
          + ("as a siege battle; all defending blocks help." if walled else "as a normal battle."))
    bt["stage"] = "siege" if walled else "land"
    if not walled:
        # an unwalled city: the revolt block fights in the land battle (7.1 normal combat)
        for i, b in enumerate(bt["blocks"]):
            if s.owner[b] == side:
                bt["st"][i] = BS_LAND


def start_siege_action(s: S, side: int, h: int, verb: str, group: str) -> None:
    """5.4 on-going sieges: storm (Siege Battle only) or sally (meet the besiegers outside)."""
    bt = _new_battle(s, side, h, STORM if verb == "storm" else SALLY)
    for i, b in enumerate(bt["blocks"]):
        spec = s.comp.blocks[b]
        grp_ok = group == "all" or (group == "navies") == (spec.type == NAVY)
        if s.owner[b] == side:
            if verb == "storm":
                ok = not s.inside[b] and grp_ok and b not in s.no_attack and spec.type != REVOLT
                bt["st"][i] = BS_STORM if ok else BS_RESERVE
            else:
                if s.inside[b] and grp_ok:
                    bt["st"][i] = BS_SEA if spec.type == NAVY else BS_LAND
                elif s.inside[b]:
                    bt["st"][i] = BS_INSIDE
                else:
                    bt["st"][i] = BS_SEA if spec.type == NAVY else BS_LAND
                    bt["relief"][i] = 1
        else:
            if verb == "storm":
                bt["st"][i] = BS_INSIDE if s.inside[b] else BS_RESERVE
            else:
                bt["st"][i] = BS_INSIDE if s.inside[b] else (BS_SEA if spec.type == NAVY else BS_LAND)
    if s.patrol:
        _ed1_patrols_apart(s, bt)
    if verb == "storm":
        # the siege limit also limits storming blocks (5.31): the attacker picks which storm (R21),
        # whenever more blocks besiege than the limit, even if fewer are of the group he named: how
        # many of his upright blocks are armies or navies is hidden from the besieged (RULINGS R33)
        lim = siege_limit(s, h)
        storming = [b for b, st in zip(bt["blocks"], bt["st"], strict=True) if st == BS_STORM]
        besiegers = [b for b in bt["blocks"] if s.owner[b] == side and not s.inside[b]
                     and b not in s.no_attack and s.comp.blocks[b].type != REVOLT]
        bt["stage"] = "siege"
        s.say(f"{cite(s, '5.3', '5.54')}: {side_name(side)} storms {hex_name(s, h)} with its {group}.")
        # first edition 5.52: at most 4 of ATHENS's 6 storming blocks are armies
        over = lim == 6 and sum(1 for x in storming if s.comp.blocks[x].type != NAVY) > 4
        # first edition 5.5 (RULINGS FE33): the besiegers stand face-up, so R33 has nothing to hide: the
        # attacker picks only when the group he named exceeds the limit
        if (len(storming) if s.ed1 else len(besiegers)) > lim or over:
            for b in storming:
                set_status(s, b, BS_RESERVE)
            s.pending = {"kind": "stormq", "side": side, "cands": storming}
    for i, b in enumerate(bt["blocks"]):
        if bt["st"][i] in (BS_STORM, BS_SEA, BS_LAND) or (s.owner[b] != side and s.inside[b]):
            s.revealed[b] = True
    s.reveals += 1
    if verb == "storm":
        return
    else:
        for i, b in enumerate(bt["blocks"]):
            if s.owner[b] == side and bt["st"][i] in (BS_SEA, BS_LAND):
                s.inside[b] = False
        s.say(f"{cite(s, '5.3', '5.56')}: {side_name(side)} sallies from {hex_name(s, h)} with its {group}.")
        bt["stage"] = "ed1" if s.ed1 else "sea"  # first edition 5.1, 5.56: one combat order (FE8)


# ====================================================================== the battle engine
def t_battle(s: S, task: list[int | str]) -> None:
    base = len(s.tasks)
    step_battle(s)
    if s.battle is not None:
        # stopped for a decision: resume the battle after it (and after any hits still due)
        s.tasks.insert(base, ["battle"])


def step_battle(s: S) -> None:
    """Advance the battle until a decision is needed or it is over."""
    while s.battle is not None and s.pending is None and s.winner < 0:
        bt = s.battle
        stage = bt["stage"]
        if stage == "declare":
            if not _declare(s, bt):
                return
        elif stage == "sallyq":
            if not _sally_question(s, bt):
                return
        elif stage in ("sea", "land", "siege"):
            if not _run_stage(s, bt):
                return
        elif stage == "ed1":
            if not _run_ed1(s, bt):
                return
        elif stage == "end":
            _end_of_battle(s, bt)
        elif stage == "extra":
            _extra_fire(s, bt)
        elif stage == "after":
            if not _after(s, bt):
                return
        else:  # pragma: no cover - a broken position document
            raise IllegalActionError(f"unknown battle stage {stage!r}")


def _sally_question(s: S, bt: dict[str, Any]) -> bool:
    """5.4: with relief forces present, the besieged may also sally (armies/navies)."""
    side = bt["att"]
    inside = [b for b in in_battle(s, side, (BS_INSIDE,))]
    if not inside or bt.get("asked"):
        bt["stage"] = "ed1" if s.ed1 else "sea"  # first edition 5.1, 5.55: one combat order (FE8)
        return True
    bt["asked"] = 1
    s.pending = {"kind": "sallyq", "side": side}
    return False


def legal_sallyq(s: S, side: int) -> list[str]:
    bt = s.battle
    assert bt is not None
    groups = _groups(s, side, bt["hex"], inside=True)
    return ["sally " + g for g in groups] + ["remain"]


def apply_sallyq(s: S, side: int, action: str) -> None:
    bt = s.battle
    assert bt is not None
    s.pending = None
    if action != "remain":
        group = action.split()[1]
        for b in in_battle(s, side, (BS_INSIDE,)):
            is_navy = s.comp.blocks[b].type == NAVY
            if group == "all" or (group == "navies") == is_navy:
                set_status(s, b, BS_SEA if is_navy else BS_LAND)
                s.inside[b] = False
                s.revealed[b] = True
        s.say(f"{cite(s, '5.4', '5.55')}: the besieged {side_name(side)} blocks sally ({group}).")
    bt["stage"] = "ed1" if s.ed1 else "sea"  # first edition 5.1, 5.55: one combat order (FE8)


def _can_withdraw(s: S, b: int) -> bool:
    """5.4/5.41: withdraw into siege: only into a friendly walled city, within the siege limit
    (5.31), never relief forces (5.3) nor in SYRACUSE's relief (9.2)."""
    bt = s.battle
    assert bt is not None
    h = bt["hex"]
    if not is_walled_city(s, h) or s.comp.blocks[b].type == REVOLT:
        return False
    if is_relief(s, b) and not (s.ed1 and s.comp.blocks[b].type == NAVY):
        return False  # first edition 5.55: relief navies may withdraw into the city (RULINGS FE32)
    if s.ed1 and bt["revolt"]:
        return False  # first edition 7.0: the revolt is within the walls (RULINGS FE13)
    side = s.owner[b]
    holder = bt["def"] if bt["kind"] != SALLY else bt["att"]
    if side != holder:
        return False
    if bt.get("captured") or bt.get("took"):
        return False  # 5.41: once the city is taken a defending navy cannot withdraw
    ins = [x for x in bt["blocks"] if s.owner[x] == side and s.loc[x] == h and s.inside[x]]
    return len(ins) < siege_limit(s, h) and not _ed1_army_limit_full(s, h, b, ins)


def _declare(s: S, bt: dict[str, Any]) -> bool:
    """5.4: the defender declares for each block to engage or withdraw into siege."""
    dfn = bt["def"]
    undecided = [b for b in in_battle(s, dfn, (BS_SEA, BS_LAND)) if not s.revealed[b]]
    if undecided and any(_can_withdraw(s, b) or _may_patrol(s, b) for b in undecided):
        s.pending = {"kind": "declare", "side": dfn}
        return False
    for b in in_battle(s, dfn, (BS_SEA, BS_LAND)):
        s.revealed[b] = True
    s.reveals += 1
    # first edition 5.1, 6.1: one combat order per round, the naval battle fought alongside (FE8)
    bt["stage"] = "ed1" if s.ed1 and bt["kind"] == NEW and not bt["revolt"] else "sea"
    bt["queue"] = []
    bt["qpos"] = 0
    return True


def legal_declare(s: S, side: int) -> list[str]:
    bt = s.battle
    assert bt is not None
    out = ["withdraw " + s.comp.blocks[b].id for b in in_battle(s, side, (BS_SEA, BS_LAND))
           if not s.revealed[b] and _can_withdraw(s, b)]
    out.extend("patrol " + s.comp.blocks[b].id for b in in_battle(s, side, (BS_SEA,))
               if not s.revealed[b] and _may_patrol(s, b))
    out.append("engage")
    return out


def apply_declare(s: S, side: int, action: str) -> None:
    bt = s.battle
    assert bt is not None
    if action == "engage":
        s.pending = None
        for b in in_battle(s, side, (BS_SEA, BS_LAND)):
            s.revealed[b] = True
        s.say(f"{cite(s, '5.4', '5.0')}: {side_name(side)} engages with "
              + (", ".join(block_label(s, b) for b in in_battle(s, side, (BS_SEA, BS_LAND))) or "nothing")
              + ".")
        return
    b = s.comp.block_index[action.split()[1]]
    if action.startswith("patrol "):
        set_status(s, b, BS_ATSEA)
        s.patrol.append(b)
        s.revealed[b] = True  # patrolling navies stand face-up (1st 6.7, RULINGS FE33)
        s.reveals += 1
        s.say(f"1st 6.7: {side_name(side)}'s {block_label(s, b)} patrols {hex_name(s, bt['hex'])}.")
        return
    _withdraw(s, b)


def _may_patrol(s: S, b: int) -> bool:
    """First edition 6.7: "las naves pueden decidir patrullar un hex en lugar de aceptar una batalla o
    asedio. Es necesario el control del mar": at the declaration of a new battle, a defending navy
    where its side has the sea (the Phase's snapshot) and no attacking navy stands outside the walls
    (enemy navies fight it: it defends, RULINGS FE12)."""
    bt = s.battle
    assert bt is not None
    if not s.ed1 or bt["kind"] != NEW or bt["revolt"] or s.comp.blocks[b].type != NAVY:
        return False
    h = bt["hex"]
    c = s.comp.board.city_at[h]
    if s.owner[b] != bt["def"] or c < 0 or h == s.comp.board.syracuse_hex:
        return False
    # the sea is the defender's: its own port, and no attacking navy there (the Combat Phase's snapshot
    # shows a battle hex contested, so the sea control is the one the attack finds, 6.5)
    return s.city_owner[c] == bt["def"] and s.comp.board.cities[c].port and not in_battle(s, bt["att"], (BS_SEA,))


def _ed1_patrols_apart(s: S, bt: dict[str, Any]) -> None:
    """First edition 6.7 (RULINGS FE12): a patrolling navy stands apart from a battle in its hex (land
    blocks and it never fight), unless enemy navies stand there outside the walls: then it defends in
    the naval battle (a blockading navy resumes its blockade if it holds the sea after it, FE40)."""
    h = bt["hex"]
    for b in [x for x in bt["blocks"] if x in s.patrol]:
        if any(s.owner[x] != s.owner[b] and s.loc[x] == h and not s.inside[x] and s.comp.blocks[x].type == NAVY
               for x in bt["blocks"]):
            s.patrol.remove(b)
            if not _ed1_own_port(s, b):
                bt["apart"] = [*bt.get("apart", []), b]
        else:
            set_status(s, b, BS_ATSEA)


def _ed1_own_port(s: S, b: int) -> bool:
    """A navy standing apart (6.7, 6.6) in a city of its own side patrols; elsewhere it blockades
    (RULINGS FE40)."""
    c = s.comp.board.city_at[s.loc[b]] if s.loc[b] >= 0 else -1
    return c >= 0 and s.city_owner[c] == s.owner[b]


def _withdraw(s: S, b: int) -> None:
    s.inside[b] = True
    set_status(s, b, BS_INSIDE)
    s.say(f"{cite(s, '5.4', '5.5')}: {side_name(s.owner[b])} withdraws a block into {hex_name(s, s.loc[b])} (siege).")


# ---------------------------------------------------------------------- rounds
def _blocked_crosser(s: S, b: int) -> bool:
    """4.3/5.41: attacking armies that crossed a strait cannot engage (or retreat) while the
    defender holds sea control with a navy in the hex."""
    bt = s.battle
    assert bt is not None
    if s.ed1 or not s.crossed[b] or s.owner[b] != bt["att"] or s.comp.blocks[b].type == NAVY:
        return False  # first edition 1.5: the crossing costs a step and a retreat instead (RULINGS FE3)
    return defender_holds_sea(s)


def defender_holds_sea(s: S) -> bool:
    """4.3: the defender of the hex keeps sea control while a navy of his is there outside the
    walls (not eliminated, retreated or withdrawn)."""
    bt = s.battle
    assert bt is not None
    return any(s.comp.blocks[x].type == NAVY for x in in_battle(s, bt["def"], (BS_SEA, BS_ATSEA, BS_LAND)))


def _stage_members(s: S, bt: dict[str, Any]) -> list[int]:
    stage = bt["stage"]
    h = bt["hex"]
    if stage == "sea":
        want: tuple[int, ...] = (BS_SEA,)
    elif stage == "land":
        want = (BS_LAND,)
    else:
        want = (BS_STORM, BS_INSIDE)
    out = [b for b, st in zip(bt["blocks"], bt["st"], strict=True) if st in want and s.loc[b] == h]
    siege = stage == "siege"
    out.sort(key=lambda b: order_key(s, b, siege))
    return out


def _targets(s: S, b: int) -> list[int]:
    bt = s.battle
    assert bt is not None
    st = status(s, b)
    enemy = 1 - s.owner[b]
    if bt.get("coastal") and st in (BS_SEA, BS_LAND):
        # first edition 6.2: after coastal combat is declared navies and land blocks outside the
        # walls fight one battle (RULINGS FE10)
        return [x for x in in_battle(s, enemy, (BS_SEA, BS_LAND)) if not _blocked_crosser(s, x)]
    if st == BS_SEA:
        return in_battle(s, enemy, (BS_SEA,))
    if st == BS_LAND:
        return [x for x in in_battle(s, enemy, (BS_LAND,)) if not _blocked_crosser(s, x)]
    if st == BS_STORM:
        return in_battle(s, enemy, (BS_INSIDE,))
    if st == BS_INSIDE:
        return in_battle(s, enemy, (BS_STORM,))
    return []


def _options(s: S, b: int) -> list[str]:
    """What block ``b`` may do when its turn in the combat order comes (5.41, 5.42, table)."""
    bt = s.battle
    assert bt is not None
    st = status(s, b)
    s.comp.blocks[b]
    rnd = bt["round"]
    out: list[str] = []
    if st == BS_LAND and _blocked_crosser(s, b):
        return []
    targets = _targets(s, b)
    if st == BS_SEA and not targets:
        # a navy with no opposing navy: engage in the land battle, withdraw, or stay at sea
        out.append("land")
        if _can_withdraw(s, b):
            out.append("withdraw")
        out.append("stay")
        return out
    if targets:
        out.append("fire")
    elif st == BS_LAND and _may_storm(s, b):
        out.append("storm")  # 5.41: only defenders in siege remain: storm or stay in reserve
    if st in (BS_SEA, BS_LAND) and _can_withdraw(s, b):
        out.append("withdraw")
    if (rnd == 2 or s.ed1) and _may_retreat(s, b):  # 5.42; first edition 5.3: either round (RULINGS FE9)
        out.extend("retreat " + hex_name(s, h) for h in retreat_hexes(s, b))
    if st == BS_STORM and rnd == 2:
        out.append("retreat")  # storming blocks may fall back to the siege lines
    if not targets:
        out.append("pass")
    return out


def _may_storm(s: S, b: int) -> bool:
    """5.41/5.31: an attacking block that has not acted may storm a walled city when only
    defenders in siege remain, within the siege limit."""
    bt = s.battle
    assert bt is not None
    side = s.owner[b]
    if side != bt["att"] or not is_walled_city(s, bt["hex"]) or bt["kind"] == SALLY:
        return False
    dfn = bt["def"]
    if in_battle(s, dfn, (BS_LAND,)) or not in_battle(s, dfn, (BS_INSIDE,)):
        return False
    if b in s.no_attack:
        return False  # 5.6: regrouped armies cannot attack again this Combat Phase
    storming = in_battle(s, side, (BS_STORM,))
    return len(storming) < siege_limit(s, bt["hex"]) and not _ed1_army_limit_full(s, bt["hex"], b, storming)


def _may_retreat(s: S, b: int) -> bool:
    """5.42: attacking and defending blocks may retreat in round 2, except in the Siege Battle
    and besieged armies which sallied; SYRACUSE attackers' armies cannot retreat (9.2)."""
    bt = s.battle
    assert bt is not None
    st = status(s, b)
    if st not in (BS_SEA, BS_LAND):
        return False
    spec = s.comp.blocks[b]
    if spec.type == REVOLT and (spec.revolt != "helots" or revolting(s, b)):
        # 7.0: revolt blocks do not move; 7.1: "the HELOT cannot retreat", also when friendly
        # blocks assist it; a victorious HELOT functions like any peltast afterwards
        return False
    if bt["kind"] == SALLY and s.owner[b] == bt["att"] and not is_relief(s, b) and spec.type != NAVY:
        return False
    if bt["hex"] == s.comp.board.syracuse_hex and (s.ed1 or (spec.type != NAVY and s.owner[b] == bt["att"])):
        return False  # first edition 9.2: nobody retreats from SYRACUSE (RULINGS FE21)
    return not _blocked_crosser(s, b)


def _run_stage(s: S, bt: dict[str, Any]) -> bool:
    if bt.get("swap_back") is not None:
        _ed1_swap_done(s, bt)  # first edition 5.54 (a storm begun from the Combat Phase menu)
    if _battle_decided(s, bt):
        bt["stage"] = "end"
        return True
    stage = bt["stage"]
    if not bt["queue"]:
        if stage == "siege":
            ready = _siege_stage_ready(s, bt)
            if not ready or bt["stage"] != stage:
                return s.pending is None
        bt["queue"] = _stage_members(s, bt) or [-1]
        bt["qpos"] = 0
        hidden = [b for b in bt["queue"] if b >= 0 and not s.revealed[b]]
        if hidden:
            # blocks fighting in this battle stand revealed (5.4: tipped forward)
            for b in hidden:
                s.revealed[b] = True
            s.reveals += 1
    while bt["qpos"] < len(bt["queue"]):
        b = bt["queue"][bt["qpos"]]
        if b < 0 or acted(s, b) or s.loc[b] != bt["hex"] or status(s, b) not in _stage_statuses(stage):
            bt["qpos"] += 1
            continue
        opts = _options(s, b)
        if not opts:
            set_acted(s, b)
            bt["qpos"] += 1
            continue
        if len(opts) == 1:
            do_option(s, b, opts[0])
            if s.pending is not None:
                return False
            continue
        s.pending = {"kind": "act", "side": s.owner[b], "block": b}
        return False
    _next_stage(s, bt)
    return True


# ---------------------------------------------------------------------- first edition rounds (1st 5.1, 6.0)
ED1_ENGAGED = (BS_SEA, BS_LAND, BS_STORM, BS_INSIDE)


def _ed1_members(s: S, bt: dict[str, Any]) -> list[int]:
    """First edition 5.1 (RULINGS FE8): every engaged block of the hex in one combat order, A, B, C,
    defenders before attackers of the same letter; blocks storming or in siege at their siege
    letters (cavalry B1, 5.57; navies C1, 6.22). Blockading navies (6.6) stand apart."""
    h = bt["hex"]
    out = [b for b, st in zip(bt["blocks"], bt["st"], strict=True) if st in ED1_ENGAGED and s.loc[b] == h]
    out.sort(key=lambda b: order_key(s, b, status(s, b) in (BS_STORM, BS_INSIDE)))
    return out


def _ed1_decided(s: S, bt: dict[str, Any]) -> bool:
    """The battle is over when a side has no block left in it (a blockading navy is out of it, 6.6)."""
    h = bt["hex"]
    sides = {s.owner[b] for b, st in zip(bt["blocks"], bt["st"], strict=True)
             if s.loc[b] == h and st != BS_ATSEA and st != BS_NONE}
    return len(sides) < 2


def _run_ed1(s: S, bt: dict[str, Any]) -> bool:
    """First edition 5.1, 6.1 (RULINGS FE8, FE10): each block has one combat turn per round, to fire,
    retreat or withdraw; the naval battle is fought in the same order (navies fire at navies). A
    block whose turn comes with no target does not use it: if coastal combat (6.2) or the first
    storm (5.54) restarts the round it acts then; no block ever has two turns in a round."""
    if bt.get("swap_back") is not None:
        _ed1_swap_done(s, bt)
    while True:
        if _ed1_decided(s, bt):
            bt["stage"] = "end"
            return True
        if bt.get("restart") or not bt["queue"]:
            bt["restart"] = 0
            bt["queue"] = _ed1_members(s, bt) or [-1]
            bt["qpos"] = 0
            hidden = [b for b in bt["queue"] if b >= 0 and not s.revealed[b]]
            if hidden:
                for b in hidden:
                    s.revealed[b] = True  # blocks fighting in this battle stand revealed (5.0)
                s.reveals += 1
        if bt["qpos"] >= len(bt["queue"]):
            break
        b = bt["queue"][bt["qpos"]]
        if b < 0 or acted(s, b) or s.loc[b] != bt["hex"] or status(s, b) not in ED1_ENGAGED:
            bt["qpos"] += 1
            continue
        opts = _options_ed1(s, b)
        if not opts or opts == ["pass"]:
            bt["qpos"] += 1  # no target and nothing else to do: the turn is not used (FE10)
            continue
        if len(opts) == 1:
            do_option(s, b, opts[0])
            if s.pending is not None:
                return False
            continue
        s.pending = {"kind": "act", "side": s.owner[b], "block": b}
        return False
    _next_stage(s, bt)
    return True


def _options_ed1(s: S, b: int) -> list[str]:
    """First edition: what block ``b`` may do on its combat turn: fire; storm (5.54; navies at C1,
    6.3 step 3) once every defending land block is in siege; declare coastal combat (6.2, FE10);
    blockade (6.6, navies); withdraw into the city (5.5); retreat in either round (5.3, FE9); a
    storming block may fall back to the siege lines; or let the turn pass."""
    st = status(s, b)
    if st == BS_LAND and _blocked_crosser(s, b):
        return []
    out: list[str] = []
    targets = _targets(s, b)
    if targets:
        out.append("fire")
    elif st in (BS_SEA, BS_LAND) and _may_storm(s, b):
        out.append("storm")
    if st in (BS_SEA, BS_LAND) and (_may_coastal(s, b) or (not targets and _ed1_may_storm_back(s, b))):
        out.append("coastal")
    if st == BS_SEA and _may_blockade(s, b):
        out.append("blockade")
    if st in (BS_SEA, BS_LAND) and _can_withdraw(s, b):
        out.append("withdraw")
    if _may_retreat(s, b):
        out.extend("retreat " + hex_name(s, h) for h in retreat_hexes(s, b))
    if st == BS_STORM:
        out.append("retreat")  # back to the siege lines, in either round (FE9)
        bt = s.battle
        assert bt is not None
        if s.comp.blocks[b].type != REVOLT and bt["hex"] != s.comp.board.syracuse_hex:
            # or out of the hex, by the hexsides it attacked through (1st 5.3, RULINGS FE9)
            out.extend("retreat " + hex_name(s, h) for h in retreat_hexes(s, b))
    if not targets:
        out.append("pass")
    return out


def _may_coastal(s: S, b: int) -> bool:
    """First edition 6.2: "las naves sólo pueden luchar contra bloques de tierra (y viceversa) si no
    hay ninguna nave enemiga": while navies of one side only stand outside the walls, either side
    may declare coastal combat on a combat turn of its block (RULINGS FE10)."""
    bt = s.battle
    assert bt is not None
    if bt.get("coastal"):
        return False
    side = s.owner[b]
    mine = in_battle(s, side, (BS_SEA,))
    theirs = in_battle(s, 1 - side, (BS_SEA,))
    if s.comp.blocks[b].type == NAVY:
        return not theirs and bool(in_battle(s, 1 - side, (BS_LAND,)))
    return bool(theirs) and not mine


def _ed1_may_storm_back(s: S, b: int) -> bool:
    """First edition 6.3 example: after the attackers took the city by storm, "la Nave ateniense podría
    ahora iniciar un combate costero, retirarse o bloquear": a defending navy outside may attack the
    new holders within the walls, a storm at C1 against double defence (6.2, 6.22; RULINGS FE41)."""
    bt = s.battle
    assert bt is not None
    if not bt.get("took") or s.owner[b] != bt["def"] or s.comp.blocks[b].type != NAVY:
        return False
    att = bt["att"]
    return bool(in_battle(s, att, (BS_INSIDE,))) and not in_battle(s, att, (BS_SEA, BS_LAND, BS_STORM))


def _may_blockade(s: S, b: int) -> bool:
    """First edition 6.6, 6.3: a navy may go on blockade of an enemy port city on its combat turn,
    unless an enemy navy stands outside the walls; the city is the defender's, or the attacker's once
    it has taken it by storm. In a new battle the defenders may stand outside (6.3 step 2, RULINGS
    FE11): the navy then stands apart, blockading the hex (FE40)."""
    bt = s.battle
    assert bt is not None
    h = bt["hex"]
    c = s.comp.board.city_at[h]
    if c < 0 or not s.comp.board.cities[c].port or h == s.comp.board.syracuse_hex:
        return False
    side = s.owner[b]
    holder = bt["att"] if bt.get("took") or bt["kind"] == SALLY else bt["def"]
    if side == holder:
        return False
    enemy = 1 - side
    if in_battle(s, enemy, (BS_SEA, BS_ATSEA)) or (bt["kind"] != NEW and in_battle(s, enemy, (BS_LAND,))):
        return False
    return bool(in_battle(s, enemy, (BS_INSIDE, BS_STORM, BS_LAND)))


def _do_option_ed1(s: S, b: int, action: str) -> None:
    bt = s.battle
    assert bt is not None
    side = s.owner[b]
    i = bt["blocks"].index(b)
    name = hex_name(s, bt["hex"])
    if action == "coastal" and s.owner[b] == bt["def"] and bt.get("took") and not _targets(s, b) \
            and _ed1_may_storm_back(s, b):
        set_status(s, b, BS_STORM)
        s.say(f"1st 6.2: {side_name(side)}'s {block_label(s, b)} attacks the walls of {name} from the sea "
              "(coastal combat, at C1, 6.22).")
        fire(s, b)
    elif action == "coastal":
        bt["coastal"] = 1
        bt["restart"] = 1
        bt["acted"][i] = 0  # declaring is not the block's combat turn (TROEZEN example)
        s.say(f"1st 6.2: {side_name(side)} declares coastal combat at {name}; the round restarts.")
    elif action == "storm":
        set_status(s, b, BS_STORM)
        s.say(f"1st 5.54: {side_name(side)} storms {name} with {block_label(s, b)}.")
        if not bt.get("stormed"):
            bt["stormed"] = 1
            bt["restart"] = 1  # "al se asalta por primera, se reinicia la ronda de combate actual"
        fire(s, b)
    elif action == "blockade":
        set_status(s, b, BS_ATSEA)
        s.say(f"1st 6.6: {side_name(side)}'s {block_label(s, b)} blockades {name}.")
        if in_battle(s, 1 - side, (BS_LAND,)):
            # first edition 6.3 step 2 (RULINGS FE11, FE40): the defenders stand outside: the navy stands
            # apart from their battle and blockades the hex
            s.patrol.append(b)
    else:  # pass: a turn with no target is not used (FE10)
        bt["acted"][i] = 0


def _ed1_swap_question(s: S, bt: dict[str, Any]) -> None:
    """First edition 5.54: "sujeto a los Límites del Asalto, el atacante puede sustituir los bloques
    después de la Ronda 1 y atacar con ellos en la Ronda 2": when the storming blocks fill the storm
    limit and other attacking blocks in the hex could storm, the attacker picks round 2's storming
    blocks afresh among them all (RULINGS FE38 f)."""
    att, h = bt["att"], bt["hex"]
    storming = in_battle(s, att, (BS_STORM,))
    if not storming or in_battle(s, bt["def"], (BS_LAND,)) or not in_battle(s, bt["def"], (BS_INSIDE,)):
        return
    full = len(storming) >= siege_limit(s, h) or any(_ed1_army_limit_full(s, h, x, storming)
                                                     for x in bt["blocks"] if s.owner[x] == att)
    others = [b for b in in_battle(s, att, (BS_RESERVE, BS_LAND, BS_SEA))
              if s.comp.blocks[b].type != REVOLT and b not in s.no_attack and not s.inside[b]]
    if not full or not others:
        return
    back: list[int] = []
    for b in storming + others:
        if status(s, b) != BS_RESERVE:
            back.extend((b, status(s, b) if b in others else BS_RESERVE))
        set_status(s, b, BS_RESERVE)
    bt["swap_back"] = back
    s.say(f"1st 5.54: {side_name(att)} may change its storming blocks for round 2 at {hex_name(s, h)}.")
    s.pending = {"kind": "stormq", "side": att, "cands": storming + others}


def _ed1_swap_done(s: S, bt: dict[str, Any]) -> None:
    """After the 5.54 substitution: blocks not picked go back to what they were doing (a storming
    block not picked falls back to the siege lines)."""
    back = bt.pop("swap_back", [])
    for b, st in zip(back[::2], back[1::2], strict=True):
        if status(s, b) == BS_RESERVE:
            set_status(s, b, st)


def _stage_statuses(stage: str) -> tuple[int, ...]:
    if stage == "sea":
        return (BS_SEA,)
    if stage == "land":
        return (BS_LAND,)
    return (BS_STORM, BS_INSIDE)


def _next_stage(s: S, bt: dict[str, Any]) -> None:
    bt["queue"] = []
    bt["qpos"] = 0
    stage = bt["stage"]
    kind = bt["kind"]
    if stage == "sea":
        bt["stage"] = "land"
        return
    if stage == "land" and kind != SALLY and is_walled_city(s, bt["hex"]) and not (s.ed1 and bt["revolt"]):
        # (first edition 7.0: a revolt is one land battle, never a siege battle, FE13)
        bt["stage"] = "siege"
        bt["storm_asked"] = 0
        return
    # round over
    for b in bt["blocks"]:
        if s.halfhit[b] and bt["round"] == 2:
            s.halfhit[b] = False  # 5.41: half-hits remaining after combat recover
    if bt["round"] == 1:
        bt["round"] = 2
        bt["acted"] = [0] * len(bt["blocks"])
        if s.ed1:
            bt["retreat_via"] = []  # first edition 5.3: hexside limits count each round (RULINGS FE29)
        # navies that stayed at sea may act again in round 2 (first edition: BS_ATSEA is a blockade)
        for i, st in enumerate(bt["st"]):
            if st == BS_ATSEA and stage != "ed1":
                bt["st"][i] = BS_SEA
        bt["stage"] = "siege" if (kind == STORM or bt["revolt"]) and stage == "siege" else "sea"
        if bt["revolt"] and stage == "land":
            bt["stage"] = "land"
        if stage == "ed1":
            bt["stage"] = "ed1"
        if not _battle_decided(s, bt):
            s.say(f"Round 2 at {hex_name(s, bt['hex'])} ({cite(s, '5.42', '5.1')}).")
            if s.ed1 and kind in (NEW, STORM):
                _ed1_swap_question(s, bt)
    else:
        bt["stage"] = "end"


def _siege_stage_ready(s: S, bt: dict[str, Any]) -> bool:
    """5.41: the Siege Battle is fought by the blocks that chose to storm (in the Land Battle)
    and the blocks in siege; without storming blocks there is none."""
    if bt["kind"] == STORM or bt["revolt"]:
        return True
    if not in_battle(s, bt["att"], (BS_STORM,)) or not in_battle(s, bt["def"], (BS_INSIDE,)):
        _next_stage(s, bt)
    return True


def legal_stormq(s: S, side: int) -> list[str]:
    """5.31: more blocks would storm than the city's siege limit: pick the storming blocks."""
    bt = s.battle
    p = s.pending
    assert bt is not None and p is not None
    lim = siege_limit(s, bt["hex"])
    storming = in_battle(s, side, (BS_STORM,))
    out = []
    if len(storming) < lim:
        out = ["storm " + s.comp.blocks[b].id for b in p["cands"] if status(s, b) == BS_RESERVE
               and not _ed1_army_limit_full(s, bt["hex"], b, storming)]  # first edition 5.52
    return [*out, "done"] if storming else out


def apply_stormq(s: S, side: int, action: str) -> None:
    bt = s.battle
    assert bt is not None
    if action == "done":
        s.pending = None
        return
    b = s.comp.block_index[action.split()[1]]
    set_status(s, b, BS_STORM)
    s.revealed[b] = True
    if len(in_battle(s, side, (BS_STORM,))) >= siege_limit(s, bt["hex"]) or not legal_stormq(s, side)[:-1]:
        s.pending = None  # the limit is reached, or every block of the group storms


def _battle_decided(s: S, bt: dict[str, Any]) -> bool:
    """5.4: the battle is won when one side has no blocks left in the battle."""
    att = [b for b in bt["blocks"] if s.owner[b] == bt["att"] and s.loc[b] == bt["hex"]]
    dfn = [b for b in bt["blocks"] if s.owner[b] == bt["def"] and s.loc[b] == bt["hex"]]
    return not att or not dfn


def legal_act(s: S, side: int) -> list[str]:
    p = s.pending
    assert p is not None and s.battle is not None
    if s.battle["stage"] == "ed1":
        return _options_ed1(s, int(p["block"]))
    return _options(s, int(p["block"]))


def apply_act(s: S, side: int, action: str) -> None:
    p = s.pending
    assert p is not None
    b = int(p["block"])
    s.pending = None
    do_option(s, b, action)


def do_option(s: S, b: int, action: str) -> None:
    bt = s.battle
    assert bt is not None
    side = s.owner[b]
    set_acted(s, b)
    bt["qpos"] += 1
    if action == "fire":
        fire(s, b)
    elif action == "withdraw":
        _withdraw(s, b)
    elif bt["stage"] == "ed1" and action in ("storm", "coastal", "blockade", "pass"):
        _do_option_ed1(s, b, action)
    elif action == "storm":
        set_status(s, b, BS_STORM)
        bt["acted"][bt["blocks"].index(b)] = 0  # it acts in the Siege Battle
        s.say(f"5.41: {side_name(side)} storms {hex_name(s, bt['hex'])} with {block_label(s, b)}.")
    elif action == "land":
        set_status(s, b, BS_LAND)
        bt["acted"][bt["blocks"].index(b)] = 0  # it will act in the Land Battle
        s.say(f"{side_name(side)}'s navy {block_label(s, b)} engages in the Land Battle (5.41).")
    elif action == "stay":
        set_status(s, b, BS_ATSEA)
    elif action == "retreat":
        set_status(s, b, BS_RESERVE)
        s.say(f"{side_name(side)}'s {block_label(s, b)} falls back from the storm ({cite(s, '5.42', '5.54')}).")
    elif action.startswith("retreat "):
        retreat(s, b, hex_by_name(s, action[8:]))


def fire(s: S, b: int) -> None:
    """5.2: roll one die per step; each roll at or under the rating hits the strongest enemy."""
    bt = s.battle
    assert bt is not None
    st = status(s, b)
    siege = st in (BS_STORM, BS_INSIDE)
    rating = effective_rating(s, b, siege)
    if s.ed1 and bt["revolt"] and s.owner[b] == bt["att"] and b not in bt.get("fired", ()):
        bt["fired"] = [*bt.get("fired", []), b]  # first edition 7.0: a helper may take hits from now on (FE37)
    rolls = [s.rng.d6() for _ in range(s.strength[b])]
    hits = sum(1 for r in rolls if r <= rating)
    spec = s.comp.blocks[b]
    s.say(f"{side_name(s.owner[b])} {block_label(s, b)} fires: {' '.join(map(str, rolls))} — "
          f"{hits} hit{'s' if hits != 1 else ''} (5.2).")
    if hits == 0:
        return
    # 5.41 double defence: storming a walled city, each hit on a defender is a half-hit;
    # Betrayal cancels it (4.6 Q&A); the revolt block delivers full hits (7.0)
    double = st == BS_STORM and not (s.betrayal and s.active == s.owner[b]) and spec.type != REVOLT
    if bt.get("coastal") and st in (BS_SEA, BS_LAND):
        mask: tuple[int, ...] = (BS_SEA, BS_LAND)  # first edition 6.2: one battle outside the walls (RULINGS FE10)
    elif st == BS_SEA:
        mask = (BS_SEA,)  # first edition 6.1: "los impactos sólo se aplican a las naves" (FE8)
    elif st == BS_LAND:
        mask = (BS_LAND,)
    elif st == BS_STORM:
        mask = (BS_INSIDE,)
    else:
        mask = (BS_STORM,)
    allocate_hits(s, 1 - s.owner[b], bt["hex"], hits, mask, double)


# ====================================================================== hits (5.2)
def allocate_hits(s: S, side: int, h: int, n: int, mask: tuple[int, ...], double: bool) -> None:
    """Apply ``n`` hits to ``side``'s eligible blocks in ``h``: the strongest first; the owner
    chooses among equals; a block with a half-hit must take the next hit (5.41)."""
    t_hits(s, ["hits", side, h, n, 1 if double else 0, *mask])


# masks for hits outside battles (siege attrition 6.0, plague, 9.1/9.2)
ALL_BLOCKS = -1
INSIDE_ONLY = -2
OUTSIDE_ONLY = -3
ATTACKING_ARMIES = -4  # 5.43 extra fire: the armies outside the walls
PATROL_ONLY = -5  # first edition 6.7: the navies patrolling the hex (their attrition, RULINGS FE12)


def _hit_pool(s: S, side: int, h: int, mask: list[int]) -> list[int]:
    """``side``'s blocks in ``h`` that a hit may fall on (the mask: a battle status, or one of the
    masks for hits outside battles)."""
    if mask and mask[0] >= 0:
        if s.battle is None or s.battle["hex"] != h:
            return []
        pool = [b for b in in_battle(s, side, tuple(mask)) if not _blocked_crosser(s, b)]
        bt = s.battle
        if s.ed1 and bt["revolt"] and side == bt["att"]:
            # first edition 7.0: the sponsor's other blocks "no pueden recibir impactos hasta que hayan
            # disparado"; the revolt block always may (RULINGS FE37)
            fired = bt.get("fired", ())
            pool = [b for b in pool if s.comp.blocks[b].type == REVOLT or b in fired]
        return pool
    m = mask[0] if mask else ALL_BLOCKS
    if m == ATTACKING_ARMIES:
        return [b for b in blocks_at(s, h) if s.owner[b] == side and not s.inside[b]
                and s.comp.blocks[b].type != NAVY]
    if m == PATROL_ONLY:
        return [b for b in blocks_at(s, h) if s.owner[b] == side and b in s.patrol]
    return [b for b in blocks_at(s, h) if s.owner[b] == side
            and (m == ALL_BLOCKS or (m == INSIDE_ONLY) == s.inside[b])]


def _hit_candidates(pool: list[int], s: S) -> list[int]:
    """5.2: the strongest of ``pool`` (the owner chooses among equals); 5.41: a block with a
    half-hit must take the next hit."""
    half = [b for b in pool if s.halfhit[b]]
    if half:
        return half[:1]
    top = max(s.strength[b] for b in pool)
    return [b for b in pool if s.strength[b] == top]


def t_hits(s: S, task: list[int | str]) -> None:
    side, h, n, double = int(task[1]), int(task[2]), int(task[3]), bool(task[4])
    mask = [int(x) for x in task[5:]]
    while n > 0:
        pool = _hit_pool(s, side, h, mask)
        if not pool:
            return
        cands = _hit_candidates(pool, s)
        # RULINGS R31: among blocks the enemy cannot see, the owner places every hit himself, even
        # on a strongest block without equal: a question asked only on ties would tell of the tie
        secret = len(pool) > 1 and not all(s.revealed[b] for b in pool)
        if len(cands) > 1 or secret:
            s.tasks.append(["hits", side, h, n, int(double), *mask])
            s.pending = {"kind": "hit", "side": side, "cands": cands, "double": int(double)}
            return
        take_hit(s, cands[0], double)
        n -= 1


def take_hit(s: S, b: int, double: bool) -> None:
    """One hit on block ``b`` (5.2), or a half-hit under double defence (5.41). The log names the
    block only if it stands revealed; otherwise its owner alone learns which block it was."""
    side = s.owner[b]
    where = hex_name(s, s.loc[b])
    public = s.revealed[b]
    to = -1 if public else side
    if not public:
        s.say(f"{side_name(side)} takes a hit at {where}.")
    if double:
        if not s.halfhit[b]:
            s.halfhit[b] = True
            s.say(f"{side_name(side)} {block_label(s, b)} takes a half-hit "
                  f"(double defence, {cite(s, '5.41', '5.53')}).", to)
            return
        s.halfhit[b] = False
    s.strength[b] -= 1
    if s.strength[b] <= 0:
        s.say(f"{side_name(side)} {s.comp.blocks[b].name} is eliminated (5.2, 8.5).", to)
        if not public:
            s.say(f"{side_name(side)} loses a block at {where} (8.5).")
            s.reveals += 1  # the enemy learns that the hidden block had one step left
        eliminate(s, b)
    else:
        s.say(f"{side_name(side)} {s.comp.blocks[b].name} is reduced to {s.strength[b]} (5.2).", to)


def legal_hit(s: S, side: int) -> list[str]:
    p = s.pending
    assert p is not None
    return ["hit " + s.comp.blocks[b].id for b in p["cands"]]


def apply_hit(s: S, side: int, action: str) -> None:
    p = s.pending
    assert p is not None
    b = s.comp.block_index[action.split()[1]]
    double = bool(p["double"])
    s.pending = None
    task = s.tasks.pop()
    take_hit(s, b, double)
    task[3] = int(task[3]) - 1
    if int(task[3]) > 0:
        s.tasks.append(task)


# ====================================================================== retreats (5.5)
def retreat_hexes(s: S, b: int, seen: bool = False) -> list[int]:
    """5.5: armies retreat to adjacent friendly or vacant hexes (attackers through the hexsides
    they attacked across, defenders through any other); navies to a friendly port within 4.
    ``seen``: the hexes the enemy cannot rule out (stacking as he sees it, RULINGS R32)."""
    bt = s.battle
    side = s.owner[b]
    h = s.loc[b]
    board = s.comp.board
    if s.comp.blocks[b].type == NAVY:
        return navy_refuges(s, side, h, b)
    if h == board.syracuse_hex:
        return []
    attacker = bt is not None and side == bt["att"]
    if attacker and s.crossed[b] and defender_holds_sea(s) and not s.ed1:
        # 4.3/5.5: they cannot cross back while the defender holds the sea (the first edition's 1.5
        # bounces such armies when they arrive, RULINGS FE3)
        return []
    # the hexes the attackers came from (5.5); bt["retreat_via"] holds hexside codes (h*6+d) for the
    # 4.1 limits below, not hexes, so it has no place here
    attacked_from: set[int] = set()
    if bt is not None and attacker:
        for x in bt["blocks"]:
            if s.owner[x] == side and s.came_from[x] >= 0:
                attacked_from.add(s.came_from[x])
    defenders_from: set[int] = set()
    if bt is not None:
        for x in bt["blocks"]:
            if s.owner[x] == bt["att"] and s.came_from[x] >= 0:
                defenders_from.add(s.came_from[x])
    out = []
    for d in range(6):
        n = board.neighbours[h][d]
        if n < 0 or board.terrain[n] == SEA:
            continue
        ls = board.land_side[h][d]
        if ls != SIDE_CLEAR and ls != SIDE_PASS:
            continue
        if board.terrain[h] == STRAIT and d in board.far_sides[h] and not s.crossed[b] and attacker:
            continue
        if attacker and n not in attacked_from:
            continue
        if not attacker and n in defenders_from:
            continue
        if not _retreat_ok(s, side, n):
            continue
        if persian_barred(s, side, n):
            continue
        # hexside limits apply to retreats (4.1)
        lim = 2 if ls == SIDE_CLEAR else 1
        if board.terrain[h] == STRAIT and (d in board.far_sides[h]):
            lim = 1
        used = bt["retreat_via"].count(h * 6 + d) if bt is not None else 0
        if used >= lim:
            continue
        if not stack_ok(s, side, n, b, seen=seen):
            continue
        out.append(n)
    return out


def navy_refuges(s: S, side: int, h: int, b: int) -> list[int]:
    """5.5/5.6: a friendly port within four hexes, "not via enemy hexes" (RULINGS R30: nor
    through a vacant enemy port); from SYRACUSE, a friendly (unblockaded) embarkation port (9.2)."""
    board = s.comp.board
    occ = occ_of(s)  # nothing moves while the refuges are listed
    if h == board.syracuse_hex:
        return [x for x in open_embarkation(s, side, occ) if stack_ok(s, side, x, b, occ)]
    c0 = board.city_at[h]
    coast0 = board.cities[c0].coast if c0 >= 0 else -1
    closed = closed_to(s, side, True, occ)
    seen = {(h, coast0): 0}
    queue = deque([(h, coast0)])
    out: list[int] = []
    while queue:
        x, coast = queue.popleft()
        dist = seen[(x, coast)]
        if dist >= 4:
            continue
        for d in range(6):
            n = board.neighbours[x][d]
            if n < 0:
                continue
            ws = board.water_side[x][d]
            if ws < 0 or (coast >= 0 and ws != coast and not (x == h and c0 >= 0
                                                             and board.cities[c0].name == "CORINTH")):
                continue
            arrive = board.water_side[n][opposite(d)]
            if (n, arrive) in seen or persian_barred(s, side, n):
                continue
            if closed[n]:  # an enemy hex (4.2, by sea control), or enemy blocks outside the walls
                continue
            seen[(n, arrive)] = dist + 1
            if ((_friendly_port(s, side, n) or (s.ed1 and _ed1_own_blockade(s, side, n)))
                    and n not in out and n != h and stack_ok(s, side, n, b)):
                cn = board.city_at[n]
                city = board.cities[cn]
                if city.name == "CORINTH" or city.coast == arrive:
                    out.append(n)
            queue.append((n, arrive))
    return out


def _ed1_own_blockade(s: S, side: int, h: int) -> bool:
    """First edition 6.6: "las naves del jugador que bloquea pueden usar Movimientos Operacionales
    para tránsito, retirada o reagrupamiento hacia/desde los hexes de bloqueo": a port city whose
    defenders are all within the walls, blockaded by ``side``'s navy (its sea control, 6.5)."""
    board = s.comp.board
    c = board.city_at[h]
    if c < 0 or not board.cities[c].port or s.sctrl[h] != side:
        return False
    mine = theirs = False
    for x in blocks_at(s, h):
        if s.owner[x] == side and not s.inside[x] and s.comp.blocks[x].type == NAVY:
            mine = True
        elif s.owner[x] == 1 - side:
            if not s.inside[x]:
                return False
            theirs = True
    return mine and theirs


def retreat(s: S, b: int, n: int) -> None:
    bt = s.battle
    h = s.loc[b]
    if bt is not None and s.comp.blocks[b].type != NAVY:
        board = s.comp.board
        for d in range(6):
            if board.neighbours[h][d] == n:
                bt["retreat_via"].append(h * 6 + d)
    s.loc[b] = n
    s.inside[b] = False
    s.halfhit[b] = False
    s.moved[b] = True
    if b in s.patrol:
        s.patrol.remove(b)
    s.say(f"{side_name(s.owner[b])} {s.comp.blocks[b].name} retreats to {hex_name(s, n)} ({cite(s, '5.5', '5.3')}).")
    if bt is not None and b in bt["blocks"]:
        set_status(s, b, BS_NONE)


# ====================================================================== end of battle (5.43)
def _end_of_battle(s: S, bt: dict[str, Any]) -> None:
    h = bt["hex"]
    for b in bt.get("apart", []):
        if s.loc[b] == h and b not in s.patrol and not any(
                s.loc[x] == h and s.owner[x] != s.owner[b] and not s.inside[x] and s.comp.blocks[x].type == NAVY
                for x in bt["blocks"]):
            s.patrol.append(b)  # first edition 6.6: the blockade holds: its navy won the naval battle (FE40)
    for b in [x for x in s.patrol if s.loc[x] == h and not _ed1_own_port(s, x)]:
        if not any(s.loc[x] == h and s.owner[x] != s.owner[b] and not s.inside[x] for x in bt["blocks"]):
            s.patrol.remove(b)  # first edition 6.6 (FE40): no defender left outside: a plain blockade
    if s.ed1:
        bt["retreat_via"] = []  # first edition 5.3: the end-of-battle retreats are a round of their own (FE29)
    att, dfn = bt["att"], bt["def"]
    kind = bt["kind"]
    here = [b for b in bt["blocks"] if s.loc[b] == h and b not in s.patrol]  # 1st 6.7: apart (FE12)
    att_left = [b for b in here if s.owner[b] == att]
    def_left = [b for b in here if s.owner[b] == dfn]
    def_field = [b for b in def_left if not s.inside[b]]
    def_inside = [b for b in def_left if s.inside[b]]
    is_navy = s.comp.blocks.__getitem__  # is_navy(b).type: the block's spec
    forced: list[int] = []  # blocks that must retreat (or be eliminated)
    bt["victor"] = -1
    if def_left and not bt["revolt"]:
        # 7.0 (RULINGS R9): a revolt fought with friendly blocks fails too if any defender remains
        # after two rounds: the revolt block is eliminated; 7.1: the HELOT "cannot retreat and is
        # eliminated if any defenders remain", however many friendly blocks assisted it
        for b in [x for x in att_left if revolting(s, x)]:
            helot = s.comp.blocks[b].revolt == "helots"
            s.say(f"7.{'1' if helot else '0'}: defenders remain at {hex_name(s, h)} after two rounds; the "
                  + ("HELOT cannot retreat and is eliminated." if helot else "revolt fails and its block is "
                     "eliminated."))
            eliminate(s, b)
            att_left.remove(b)
    if bt["revolt"]:
        rev = [b for b in att_left if s.comp.blocks[b].type == REVOLT]
        if def_left:
            for b in rev:
                s.say(f"7.0: the revolt at {hex_name(s, h)} fails; the revolt block is eliminated.")
                eliminate(s, b)
        elif rev:
            s.say(f"7.0: the revolt at {hex_name(s, h)} succeeds.")
            bt["victor"] = att
            _capture(s, bt)
        bt["stage"] = "after"
        bt["forced"] = []
        return
    if kind == SALLY:
        # 5.43: unless all besiegers are eliminated, sally forces withdraw into the city and
        # relief forces must retreat
        if def_left:
            for b in att_left:
                if is_relief(s, b):
                    forced.append(b)
                elif s.comp.blocks[b].type != REVOLT:
                    s.inside[b] = True
                    set_status(s, b, BS_INSIDE)
        else:
            bt["victor"] = att
            for b in att_left:
                s.inside[b] = False
            s.say(f"The siege of {hex_name(s, h)} is lifted ({cite(s, '5.43', '5.56')}).")
    elif kind == STORM:
        if not def_inside and att_left:
            bt["victor"] = att
            _capture(s, bt)
            for b in def_field:
                if is_navy(b).type == NAVY and any(is_navy(x).type == NAVY for x in att_left):
                    forced.append(b)
        for b in att_left:
            if status(s, b) in (BS_STORM, BS_RESERVE):
                set_status(s, b, BS_RESERVE)
    else:
        if s.ed1 and h == s.comp.board.syracuse_hex and def_field and att_left:
            # first edition 9.2: battles at SYRACUSE are continuous: after two rounds nobody must
            # retreat or withdraw and there is no extra fire; the hex stays contested (RULINGS FE21)
            s.say("1st 9.2: the battle at SYRACUSE goes on: no one must retreat, no extra fire.")
            bt["forced"] = []
            bt["stage"] = "after"
            for b in bt["blocks"]:
                s.halfhit[b] = False
            return
        if h == s.comp.board.syracuse_hex and def_field and att_left:
            # 9.2: defending navies and armies must withdraw into SYRACUSE after round 2
            room = siege_limit(s, h) - len(def_inside)
            for b in sorted(def_field, key=lambda x: -s.strength[x])[:max(room, 0)]:
                _withdraw(s, b)
            def_field = [b for b in def_left if not s.inside[b]]
            def_inside = [b for b in def_left if s.inside[b]]
        navy = NAVY
        def_armies = [b for b in def_field if is_navy(b).type != navy]
        def_navies = [b for b in def_field if is_navy(b).type == navy]
        att_armies = [b for b in att_left if is_navy(b).type != navy]
        att_navies = [b for b in att_left if is_navy(b).type == navy]
        is_city = s.comp.board.city_at[h] >= 0
        if not att_left:
            bt["victor"] = dfn if def_left else -1
        elif not def_left:
            bt["victor"] = att
            if is_city:
                _capture(s, bt)
        elif def_armies or (def_navies and not (is_city and att_armies and not def_inside)):
            # 5.43: a new combat with defenders remaining outside the walls: the attacking army
            # must retreat, taking one extra fire from the defending peltasts and cavalry; an
            # attacking navy must retreat if a defending navy is still present
            if att_armies:
                bt["extra"] = [x for x in sorted(def_armies, key=lambda x: order_key(s, x))
                               if s.comp.blocks[x].type in (PELTAST, CAVALRY)]
                forced.extend(att_armies)
            if def_navies:
                forced.extend(att_navies)
            if not def_armies and def_inside and not def_navies:
                bt["victor"] = att
        elif def_inside:
            # the defenders are all in siege: the attacker did not take the city; its navy must
            # retreat if a defending navy is still present, otherwise it may blockade (5.43);
            # each attacking block may go on siege or regroup (AMPHIPOLIS example)
            if def_navies:
                forced.extend(att_navies)
            bt["victor"] = att
            s.say(f"{side_name(att)} may now besiege {hex_name(s, h)} or regroup ({cite(s, '5.43', '5.5')}).")
        else:
            # only defending navies remain and the attacker's armies hold the city: the attacker
            # took it; the defending navy must retreat if an attacking navy is present,
            # otherwise it may go on blockade (5.43)
            bt["victor"] = att
            _capture(s, bt)
            if att_navies:
                forced.extend(def_navies)
    # navies must end the Combat Phase in a friendly port or on blockade (4.4)
    c = s.comp.board.city_at[h]
    for b in att_left + def_field:
        if s.loc[b] == h and is_navy(b).type == NAVY and b not in forced and not s.inside[b]:
            if c < 0 or not s.comp.board.cities[c].port:
                forced.append(b)
    bt["forced"] = [b for b in forced if s.loc[b] == h]
    bt["stage"] = "extra" if bt.get("extra") else "after"
    for b in bt["blocks"]:
        s.halfhit[b] = False


def _extra_fire(s: S, bt: dict[str, Any]) -> None:
    """5.43: the attacking armies that must retreat take one extra fire from each defending
    peltast and cavalry, in combat order; hits on the strongest, the owner choosing on ties."""
    extra = list(bt.get("extra", []))
    h = bt["hex"]
    while extra:
        x = extra.pop(0)
        bt["extra"] = extra
        live = any(s.loc[b] == h and s.owner[b] == bt["att"] and not s.inside[b]
                   and s.comp.blocks[b].type != NAVY for b in bt["blocks"])
        if not live:
            break
        if s.loc[x] != h:
            continue
        rolls = [s.rng.d6() for _ in range(s.strength[x])]
        hits = sum(1 for r in rolls if r <= s.comp.blocks[x].rating)
        s.say(f"{cite(s, '5.43', '5.1')}: {side_name(s.owner[x])} {block_label(s, x)} fires at the retreating "
              f"attackers: {' '.join(map(str, rolls))} — {hits} hit{'s' if hits != 1 else ''}.")
        if hits:
            t_hits(s, ["hits", bt["att"], h, hits, 0, ATTACKING_ARMIES])
            if s.pending is not None:
                return
    bt["extra"] = []
    bt["stage"] = "after"


def _capture(s: S, bt: dict[str, Any]) -> None:
    """5.41: when all blocks in siege are eliminated the attacker takes the city; 5.61 pillage
    of a major city (not after a revolt, RULINGS R9). If defending navies stay outside, the
    victors hold the walls and the navy may blockade them (5.43)."""
    h = bt["hex"]
    c = s.comp.board.city_at[h]
    if c < 0 or bt.get("captured"):
        return
    bt["captured"] = 1
    city = s.comp.board.cities[c]
    att = bt["att"]
    if s.city_owner[c] != att:
        change_city_owner(s, c, att)
        if city.major and not bt["revolt"]:
            value = syracuse_value(s) if city.offboard else city.value
            bt["pillage"] = value
            s.say(f"{cite(s, '5.61', '5.58')}: {side_name(att)} takes {city.name} and may pillage {value} "
                  f"{points_word(s)}.")
    outside_navy = [b for b in bt["blocks"] if s.loc[b] == h and s.owner[b] == bt["def"] and not s.inside[b]
                    and s.comp.blocks[b].type == NAVY]
    for b in outside_navy:
        if city.walled and b in s.patrol:
            # first edition 6.7, 6.6 (RULINGS FE12): once the enemy holds the walls, a navy patrolling
            # outside them blockades the city, as the NAUPACTUS example's navy does
            s.patrol.remove(b)
            s.say(f"1st 6.6: {side_name(s.owner[b])}'s patrolling navy now blockades {city.name}.")
    if city.walled and outside_navy:
        mine = sorted((b for b in bt["blocks"] if s.loc[b] == h and s.owner[b] == att),
                      key=lambda b: s.comp.blocks[b].type == NAVY)
        for b in mine[:siege_limit(s, h)]:
            s.inside[b] = True


def _after(s: S, bt: dict[str, Any]) -> bool:
    """After the battle: forced retreats, regroups (5.6), pillage (5.61), then the next battle."""
    forced = [b for b in bt.get("forced", []) if s.loc[b] == bt["hex"]]
    if forced:
        b = forced[0]
        dests = retreat_hexes(s, b)
        if not dests:
            s.say(f"{side_name(s.owner[b])} {s.comp.blocks[b].name} cannot retreat and is "
                  "eliminated (5.5).")
            eliminate(s, b)
            return True
        if len(dests) == 1 and len(retreat_hexes(s, b, seen=True)) == 1:
            retreat(s, b, dests[0])  # no choice, and the enemy can see there is none (RULINGS R32)
            return True
        s.pending = {"kind": "retreat", "side": s.owner[b], "block": b}
        return False
    victor = bt.get("victor", -1)
    if bt["revolt"] and victor == bt["att"] and not bt.get("revolt_asked"):
        bt["revolt_asked"] = 1
        if revolt_done_options(s, victor):
            s.pending = {"kind": "revoltdone", "side": victor}
            return False
    if victor >= 0 and not bt.get("regroup_done"):
        if regroup_options(s, victor, seen=True):  # asked whenever the enemy sees a regroup may be made (R32)
            s.pending = {"kind": "regroup", "side": victor}
            return False
        bt["regroup_done"] = 1
    if bt.get("pillage", 0) > 0 and victor == bt["att"]:
        if pillage_targets(s, victor, bt["hex"]):
            s.pending = {"kind": "pillage", "side": victor}
            return False
    for b in bt["blocks"]:
        s.revealed[b] = False  # 5.4: blocks stand up again after the battle
    s.battle = None
    ed1_face_up(s)
    return True


def ed1_face_up(s: S) -> None:
    """First edition 5.5, 6.6 (RULINGS FE33): "los bloques sitiadores se dejan siempre boca arriba",
    and so do blockading navies: outside a battle, a block stands revealed exactly while it is
    outside the walls of a hex where enemy blocks are within them. Called after each battle and
    when a Move Phase, a Combat Phase and a Player Turn end begin; nothing else reveals a block
    outside a battle."""
    if not s.ed1:
        return
    bt = s.battle
    here = bt["hex"] if bt is not None else -2
    inside_at: dict[int, int] = {}
    for h, o, i in zip(s.loc, s.owner, s.inside, strict=True):
        if h >= 0 and i and o <= SPARTA:
            inside_at[h] = inside_at.get(h, 0) | (1 << o)
    shown = False
    for b, (h, o, i) in enumerate(zip(s.loc, s.owner, s.inside, strict=True)):
        if h == here:
            continue
        up = h >= 0 and not i and o <= SPARTA and (bool(inside_at.get(h, 0) & (2 >> o)) or b in s.patrol)
        if s.revealed[b] != up:
            s.revealed[b] = up
            shown = shown or up
    if shown:
        s.reveals += 1


def revolt_done_options(s: S, side: int) -> list[str]:
    """7.0: a successful revolt block may be disbanded or exchanged now (or later) for a
    peltast of the same strength from the Replacement Pool."""
    bt = s.battle
    assert bt is not None
    out = []
    for b in bt["blocks"]:
        spec = s.comp.blocks[b]
        if spec.type != REVOLT or s.owner[b] != side or s.loc[b] != bt["hex"] or spec.revolt == "helots":
            continue
        out.append("disband " + spec.id)
        if s.ed1:
            continue  # first edition 7.0: no exchange; the block stays and defends (RULINGS FE14)
        for p, pspec in enumerate(s.comp.blocks):
            if (pspec.type == PELTAST and s.owner[p] == side and s.loc[p] == POOL
                    and pspec.steps >= s.strength[b] and pspec.side == side):
                out.append(f"exchange {spec.id} {pspec.id}")
    return [*out, "keep"] if out else []


def legal_revoltdone(s: S, side: int) -> list[str]:
    return revolt_done_options(s, side)


def apply_revoltdone(s: S, side: int, action: str) -> None:
    s.pending = None
    verb, _, arg = action.partition(" ")
    if verb == "exchange":
        apply_exchange(s, side, arg)
    elif verb == "disband":
        b = s.comp.block_index[arg]
        s.loc[b] = POOL
        s.strength[b] = 0
        s.say(f"{side_name(side)} disbands its successful revolt block (7.0, 8.6).")


def legal_retreat(s: S, side: int) -> list[str]:
    p = s.pending
    assert p is not None
    return ["retreat " + hex_name(s, h) for h in retreat_hexes(s, int(p["block"]))]


def apply_retreat(s: S, side: int, action: str) -> None:
    p = s.pending
    assert p is not None
    s.pending = None
    retreat(s, int(p["block"]), hex_by_name(s, action[8:]))


def regroup_options(s: S, side: int, seen: bool = False) -> list[str]:
    """5.6: victorious navies to a friendly port within 4; after a new battle victorious armies
    to adjacent friendly hexes, an existing friendly siege or blockade hex included (4.2, RULINGS
    R30), never where enemy blocks stand outside the walls (never from an on-going siege)."""
    bt = s.battle
    assert bt is not None
    h = bt["hex"]
    board = s.comp.board
    out: list[str] = []
    if h == board.syracuse_hex:
        return out  # 9.2: no regrouping after combat at SYRACUSE
    done = set(bt.get("regrouped", []))
    # first edition 5.4 (RULINGS FE20): armies regroup after any battle or siege that leaves no enemy
    # block in the hex (a storm included), the current 5.6 after a new battle only
    armies_may = bt["kind"] == NEW or (s.ed1 and not any(s.loc[x] == h and s.owner[x] == 1 - side
                                                          for x in bt["blocks"]))
    for b in bt["blocks"]:
        if s.loc[b] != h or s.owner[b] != side or s.inside[b] or b in done or b in s.patrol:
            continue
        spec = s.comp.blocks[b]
        if spec.type == REVOLT:
            continue
        if spec.type == NAVY:
            for n in navy_refuges(s, side, h, b):
                out.append(f"regroup {spec.id} {hex_name(s, n)}")
        elif armies_may and h != board.syracuse_hex:
            for d in range(6):
                n = board.neighbours[h][d]
                if n < 0 or board.land_side[h][d] not in (SIDE_CLEAR, SIDE_PASS):
                    continue
                if s.ed1 and not _ed1_regroup_side_ok(s, bt, h, d, n):
                    continue
                if not (friendly_hex(s, side, n) or (friendly_hex(s, side, n, sea=True) and siege_hex(s, n))):
                    continue
                if occ_of(s).field[n] & (2 >> side) or not stack_ok(s, side, n, b, seen=seen):
                    continue
                out.append(f"regroup {spec.id} {hex_name(s, n)}")
    return out


def _ed1_regroup_side_ok(s: S, bt: dict[str, Any], h: int, d: int, n: int) -> bool:
    """First edition 5.4 (RULINGS FE20, FE4): army regroups respect the hexside limits (2 through
    a clear hexside, 1 through any other) and enter a strait hex only with their side's sea control."""
    board = s.comp.board
    side = bt.get("victor", -1)
    if board.terrain[n] == STRAIT and s.sctrl[n] != side:
        return False
    lim = 2 if board.land_side[h][d] == SIDE_CLEAR else 1
    if board.terrain[h] == STRAIT and d in board.far_sides[h]:
        lim = 1
    used: list[int] = bt.get("regroup_via", [])
    return used.count(d) < lim


def legal_regroup(s: S, side: int) -> list[str]:
    return [*regroup_options(s, side), "done"]


def apply_regroup(s: S, side: int, action: str) -> None:
    bt = s.battle
    assert bt is not None
    if action == "done":
        s.pending = None
        bt["regroup_done"] = 1
        return
    _, bid, name = action.split(" ", 2)
    b = s.comp.block_index[bid]
    n = hex_by_name(s, name)
    h = s.loc[b]
    s.loc[b] = n
    s.moved[b] = True
    bt.setdefault("regrouped", [])
    bt["regrouped"] = [*bt["regrouped"], b]
    if s.ed1 and s.comp.blocks[b].type != NAVY:
        board = s.comp.board
        bt["regroup_via"] = [*bt.get("regroup_via", []), board.neighbours[h].index(n)]
    if s.ed1 and n not in s.fought and s.comp.blocks[b].type != NAVY and siege_hex(s, n):
        # first edition 5.4: a block regrouped to a friendly siege not yet fought this phase may storm it
        s.say(f"{side_name(side)} regroups a block to {hex_name(s, n)}, a siege it may storm (1st 5.4).")
        if not regroup_options(s, side, seen=True):  # RULINGS R32
            s.pending = None
            bt["regroup_done"] = 1
        return
    s.no_attack.append(b)
    s.say(f"{side_name(side)} regroups a block to {hex_name(s, n)} ({cite(s, '5.6', '5.4')}).")
    if not regroup_options(s, side, seen=True):  # RULINGS R32
        s.pending = None
        bt["regroup_done"] = 1


def legal_pillage(s: S, side: int) -> list[str]:
    bt = s.battle
    assert bt is not None
    return ["pillage " + s.comp.blocks[b].id for b in pillage_targets(s, side, bt["hex"])] + ["done"]


def apply_pillage(s: S, side: int, action: str) -> None:
    bt = s.battle
    assert bt is not None
    if action == "done":
        bt["pillage"] = 0
        s.pending = None
        return
    b = s.comp.block_index[action.split()[1]]
    cost = add_step_cost(s, side, b)
    bt["pillage"] -= cost
    s.strength[b] += 1
    s.say(f"{cite(s, '5.61', '5.58')}: {side_name(side)} spends pillage {points_word(s)}s on a victorious block.")
    s.say(f"{cite(s, '5.61', '5.58')}: pillage adds a step to {block_label(s, b)}.", side)
    s.pending = None


LEGAL: dict[str, Callable[[S, int], list[str]]] = {
    "declare": legal_declare,
    "sallyq": legal_sallyq,
    "act": legal_act,
    "stormq": legal_stormq,
    "hit": legal_hit,
    "retreat": legal_retreat,
    "regroup": legal_regroup,
    "pillage": legal_pillage,
    "revoltdone": legal_revoltdone,
}
APPLY: dict[str, Callable[[S, int, str], None]] = {
    "declare": apply_declare,
    "sallyq": apply_sallyq,
    "act": apply_act,
    "stormq": apply_stormq,
    "hit": apply_hit,
    "retreat": apply_retreat,
    "regroup": apply_regroup,
    "pillage": apply_pillage,
    "revoltdone": apply_revoltdone,
}
