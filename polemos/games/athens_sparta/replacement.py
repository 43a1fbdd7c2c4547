"""Athens & Sparta 8.0 REPLACEMENTS (and the BPs spent outside it: pillage 5.61, levy events).

Both players spend their BPs at the same time (8.0); each spends from its own total, out of the
other's sight (RULINGS R26): while the phase lasts each sees the other's blocks where they stood
when it began, and both build on the sieges of that moment; when both are done, the new blocks,
the disbanded ones and Persian support are shown to all at once. Steps added stay secret (8.3:
blocks stand upright).
"""

from __future__ import annotations

from polemos.games.athens_sparta.common import Occ, eliminate, geo, hex_name, occ_of, side_name, stack_ok
from polemos.games.athens_sparta.model import ATHENS, NAVY, NEUTRAL, REVOLT, SPARTA, TYPE_COST, TYPE_COST_ED1
from polemos.games.athens_sparta.state import PH_REPLACE, POOL, AthensSpartaState

S = AthensSpartaState


def step_cost(s: S, side: int, b: int) -> int:
    """8.4: peltasts 1, hoplites 2, cavalry and ships 3 BP per step; 9.3: with Persian support
    all Spartan (and allied) navies cost 1 BP per step."""
    spec = s.comp.blocks[b]
    if spec.type == NAVY and side == SPARTA and s.persia == 1:
        return 1
    if spec.type == REVOLT:
        return 1
    if s.ed1:  # first edition 8.4: 1 PP hoplites and peltasts, 2 PP cavalry and navies
        return TYPE_COST_ED1[spec.type]
    return TYPE_COST[spec.type]


def points_word(s: S) -> str:
    """What the points of 8.0 are called: BP, or PP (Production Points) in the first edition (1.2, 8.1)."""
    return "PP" if s.ed1 else "BP"


def add_step_cost(s: S, side: int, b: int) -> int:
    return step_cost(s, side, b)


def city_cap(s: S, c: int) -> int:
    """8.1: 3x the value of a major city, 1 BP in a minor city (the Q&A allows minor cities),
    16 BP in ATHENS and SPARTA. First edition 8.1: 2x the value, 1 PP in a minor city, 8 PP in ATHENS
    and SPARTA."""
    g = geo(s.comp.board)
    cap: int = g.city_cap_ed1[c] if s.ed1 else g.city_cap[c]
    return cap


def besieged_or_blockaded(s: S, h: int, occ: Occ | None = None) -> bool:
    """A hex whose city has enemy blocks in it (a siege, blockade or battle): no BPs (8.1)."""
    if occ is not None:
        return (occ.field[h] | occ.inside[h]) == 3
    owners = 0
    for b in range(len(s.loc)):
        if s.loc[b] == h and s.owner[b] <= SPARTA:
            owners |= 1 << s.owner[b]
    return owners == 3


def siege_closed(s: S, h: int, occ: Occ | None = None) -> bool:
    """Is the city in ``h`` under siege or blockade for building and its BPs (8.1, 8.3)? In the
    Replacement Phase: as it was when the phase began, so that one player's disbands (secret
    until both are done) never change what the other may build (RULINGS R26)."""
    if s.rp_loc:
        return h in s.rp_closed
    return besieged_or_blockaded(s, h, occ)


def build_points(s: S, side: int) -> int:
    """8.1: the value of the cities a player controls that are not besieged or blockaded."""
    board = s.comp.board
    total = 0
    for c, city in enumerate(board.cities):
        if s.city_owner[c] == side and city.major and not besieged_or_blockaded(s, city.hex):
            total += syracuse_value(s) if city.offboard else city.value
    return total


def syracuse_value(s: S) -> int:
    """SYRACUSE is worth 4, or the sum of the two Sicily cards (optional rule)."""
    if s.sicily[0] >= 0 and s.sicily[1] >= 0:
        return s.comp.cards[s.sicily[0]].mp + s.comp.cards[s.sicily[1]].mp
    c = s.comp.board.city_index.get("SYRACUSE")
    return s.comp.board.cities[c].value if c is not None else 4


# ====================================================================== Replacement Phase
def start(s: S) -> None:
    s.phase = PH_REPLACE
    s.bp = [build_points(s, ATHENS), build_points(s, SPARTA)]
    s.city_spent = [0] * len(s.comp.board.cities)
    s.green_spent = [0] * len(s.comp.board.cities)
    s.done = [False, False]
    s.new_blocks = []
    occ = occ_of(s)
    s.rp_closed = sorted({city.hex for city in s.comp.board.cities if besieged_or_blockaded(s, city.hex, occ)})
    s.rp_loc = list(s.loc)
    s.rp_persia = s.persia
    if s.ed1:
        # first edition 5.5 (RULINGS FE33): the face-up besiegers stand up for this phase, whose
        # disbands are secret (R26); they are turned face-up again when the next Move Phase begins
        s.revealed = [False] * len(s.revealed)
    pts = points_word(s)
    s.say(f"8.0 Replacement Phase: Athens has {s.bp[0]} {pts}, Sparta {s.bp[1]} {pts} (8.1).")
    s.pending = {"kind": "replace", "sides": [ATHENS, SPARTA]}


def reveal_replacements(s: S) -> None:
    """RULINGS R26: both are done; what each did in plain sight is shown to all at once — where
    new blocks stand (8.3), where blocks were disbanded (8.6), Persian support (9.3). Steps added
    to blocks stay secret; a block disbanded and built again in its own city is not seen either."""
    board = s.comp.board
    for side in (ATHENS, SPARTA):
        built = sorted(board.cities[board.city_at[s.loc[b]]].name for b in range(len(s.loc))
                       if s.owner[b] == side and s.loc[b] >= 0 and s.loc[b] != s.rp_loc[b])
        gone = sorted(hex_name(s, s.rp_loc[b]) for b in range(len(s.loc))
                      if s.owner[b] == side and s.rp_loc[b] >= 0 and s.loc[b] != s.rp_loc[b])
        if built:
            s.say(f"8.3: {side_name(side)} builds {_count(len(built), 'new block')} in {', '.join(built)}.")
        if gone:
            s.say(f"8.6: {side_name(side)} disbands {_count(len(gone), 'block')} in {', '.join(gone)}.")
    if s.persia == 1 and s.rp_persia == 0:
        s.say(f"9.3: Sparta accepts Persian support: navies cost 1 {points_word(s)} per step; MILETUS will "
              "not count for Sparta's victory.")
    s.rp_loc = []
    s.rp_closed = []
    s.rp_persia = -1
    s.reveals += 1


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'s' if n != 1 else ''}"


def _spend_ok(s: S, side: int, b: int, h: int, budget: int) -> bool:
    board = s.comp.board
    c = board.city_at[h]
    if c < 0:
        return False  # 8.2: blocks in a non-city hex cannot be reinforced
    cost = step_cost(s, side, b)
    return cost <= budget and s.city_spent[c] + cost <= city_cap(s, c)


def reinforce_targets(s: S, side: int, budget: int, friendly_only: bool = False) -> list[int]:
    out = []
    blocks = s.comp.blocks
    for b, (h, o, walls, st) in enumerate(zip(s.loc, s.owner, s.inside, s.strength, strict=False)):
        if h < 0 or o != side or walls:
            continue  # 8.2: only besieging blocks of a siege can be reinforced
        if s.ed1 and siege_closed(s, h):
            continue  # first edition 8.2: no block in a siege or blockade, besieger or besieged (RULINGS FE30)
        spec = blocks[b]
        if spec.type == REVOLT or st >= spec.steps:
            continue
        if friendly_only:
            c = s.comp.board.city_at[h]
            if c < 0 or s.city_owner[c] != side or besieged_or_blockaded(s, h):
                continue
        if _spend_ok(s, side, b, h, budget):
            out.append(b)
    return out


def open_majors(s: S, side: int, occ: Occ) -> list[int]:
    """The friendly major cities (on the map) not under siege: where RESERVE blocks are built."""
    g = geo(s.comp.board)
    city_hex = g.city_hex
    city_owner = s.city_owner
    if s.rp_loc:
        return [c for c in g.majors_on_map if city_owner[c] == side and city_hex[c] not in s.rp_closed]
    field = occ.field
    inside = occ.inside
    return [c for c in g.majors_on_map
            if city_owner[c] == side and (field[h := city_hex[c]] | inside[h]) != 3]


def build_sites(s: S, side: int, b: int, occ: Occ | None = None, majors: list[int] | None = None) -> list[int]:
    """8.3: new blocks at their home city, not if enemy-held; RESERVE blocks in any friendly
    major city; never in a city under siege."""
    board = s.comp.board
    spec = s.comp.blocks[b]
    if spec.type == REVOLT:
        return []
    if occ is None:
        occ = occ_of(s)
    if spec.reserve or spec.home < 0:
        cities = majors if majors is not None else open_majors(s, side, occ)
    else:
        c = spec.home
        if s.city_owner[c] != side or siege_closed(s, board.cities[c].hex, occ):
            return []
        cities = [c]
    out = []
    budget = s.bp[side]
    for c in cities:
        h = board.cities[c].hex
        if _spend_ok(s, side, b, h, budget) and stack_ok(s, side, h, b, occ):
            out.append(c)
    return out


def _pool_blocks(s: S, side: int) -> list[int]:
    out = []
    for b, (spec, h, o) in enumerate(zip(s.comp.blocks, s.loc, s.owner, strict=False)):
        if h != POOL or o != side:
            continue
        if spec.side == NEUTRAL and s.city_owner[spec.home] != side:
            continue
        out.append(b)
    return out


def _green_can_take(s: S, side: int, c: int, targets: set[int], occ: Occ) -> bool:
    """Can a green block of city ``c`` still take a step now (9.5 "when possible")?"""
    blocks = s.comp.blocks
    for b, spec in enumerate(blocks):
        if spec.side != NEUTRAL or spec.home != c or s.owner[b] != side:
            continue
        if s.loc[b] >= 0:
            if b in targets:
                return True
        elif s.loc[b] == POOL and build_sites(s, side, b, occ):
            return True
    return False


def neutral_earmark(s: S, side: int, targets: set[int] | None = None, occ: Occ | None = None) -> int:
    """9.5: the BPs of allied neutral cities must be spent on that city's blocks when possible;
    this is how many of ``side``'s BPs are still bound that way. ``targets``: the blocks that may
    be reinforced now (computed by the caller if it has them)."""
    board = s.comp.board
    total = 0
    for c in geo(board).neutral_majors:
        city = board.cities[c]
        if s.city_owner[c] != side:
            continue
        if occ is None:
            occ = occ_of(s)
        if siege_closed(s, city.hex, occ):
            continue
        value = syracuse_value(s) if city.offboard else city.value
        left = value - s.green_spent[c]
        if left <= 0:
            continue
        if targets is None:
            targets = set(reinforce_targets(s, side, s.bp[side]))
        if _green_can_take(s, side, c, targets, occ):
            total += left
    return total


def _budget_ok(s: S, side: int, b: int, earmark: int) -> bool:
    spec = s.comp.blocks[b]
    cost = step_cost(s, side, b)
    if spec.side == NEUTRAL:
        return cost <= s.bp[side]
    return s.bp[side] - cost >= earmark


def legal_replace(s: S, side: int) -> list[str]:
    out = []
    blocks = s.comp.blocks
    board = s.comp.board
    occ = occ_of(s)
    targets = reinforce_targets(s, side, s.bp[side])
    earmark = neutral_earmark(s, side, set(targets), occ)
    for b in targets:
        if _budget_ok(s, side, b, earmark):
            out.append("add " + blocks[b].id)
    majors = open_majors(s, side, occ)
    # per city: BPs it may still take (8.1) and room for one more block / army (4.1)
    room: dict[int, tuple[int, bool, bool]] = {}
    g = geo(board)
    cities = board.cities
    city_hex = g.city_hex
    city_caps = g.city_cap_ed1 if s.ed1 else g.city_cap  # 8.1 (first edition 8.1)
    lims = g.lim
    count = occ.count[side]
    armies = occ.armies[side]
    bp = s.bp[side]
    for b in _pool_blocks(s, side):
        spec = blocks[b]
        cost = step_cost(s, side, b)
        if not (cost <= bp if spec.side == NEUTRAL else bp - cost >= earmark):  # _budget_ok
            continue
        if spec.type == REVOLT:
            continue
        if spec.reserve or spec.home < 0:
            sites = majors
        else:
            c = spec.home
            if s.city_owner[c] != side or siege_closed(s, city_hex[c], occ):
                continue
            sites = [c]
        if cost > bp:
            continue
        for c in sites:
            got = room.get(c)
            if got is None:
                h = city_hex[c]
                lim, lim_army = lims[h]  # stack_limit
                got = room[c] = (city_caps[c] - s.city_spent[c], count[h] < lim, armies[h] < lim_army)
            cap_left, block_room, army_room = got
            if cost <= cap_left and block_room and (army_room or spec.type == NAVY):
                out.append(f"build {spec.id} {cities[c].name}")
    for b, (h, o, i) in enumerate(zip(s.loc, s.owner, s.inside, strict=False)):
        if o == side and h >= 0 and not i:
            out.append("disband " + blocks[b].id)
    if side == SPARTA and s.persia == 0:
        m = board.city_index.get("MILETUS")
        if m is not None and s.city_owner[m] == SPARTA:
            out.append("persia")
    out.append("done")
    return out


def apply_replace(s: S, side: int, action: str) -> None:
    verb, _, arg = action.partition(" ")
    blocks = s.comp.blocks
    board = s.comp.board
    if verb == "done":
        s.done[side] = True
        s.say(f"{side_name(side)} finishes its Replacement Phase.")
        assert s.pending is not None
        s.pending["sides"].remove(side)
        if not s.pending["sides"]:
            s.pending = None
            s.bp = [0, 0]
            reveal_replacements(s)
        return
    # every step below is seen by its player alone until both are done (RULINGS R26)
    if verb == "persia":
        s.persia = 1
        s.say(f"9.3: you accept Persian support: navies cost 1 {points_word(s)} per step; MILETUS will not count for "
              "your victory.", side)
        return
    if verb == "add":
        b = s.comp.block_index[arg]
        cost = step_cost(s, side, b)
        c = board.city_at[s.loc[b]]
        s.bp[side] -= cost
        s.city_spent[c] += cost
        s.strength[b] += 1
        if blocks[b].side == NEUTRAL:
            s.green_spent[blocks[b].home] += cost
        s.say(f"{side_name(side)} adds a step to a block in {board.cities[c].name} (8.2).", side)
        return
    if verb == "build":
        bid, name = arg.split(" ", 1)
        b = s.comp.block_index[bid]
        c = board.city_index[name]
        cost = step_cost(s, side, b)
        s.bp[side] -= cost
        s.city_spent[c] += cost
        s.loc[b] = board.cities[c].hex
        s.strength[b] = 1
        s.inside[b] = False
        s.new_blocks.append(b)
        if blocks[b].side == NEUTRAL:
            s.green_spent[blocks[b].home] += cost
        s.say(f"You build {blocks[b].name} in {name} (8.3).", side)
        return
    if verb == "disband":
        b = s.comp.block_index[arg]
        where = hex_name(s, s.loc[b])
        eliminate(s, b)
        s.say(f"You disband {blocks[b].name} in {where} to the Replacement Pool (8.6).", side)
        return


# ====================================================================== levy events (4.6)
def levy_targets(s: S, side: int) -> list[int]:
    return reinforce_targets(s, side, s.levy, friendly_only=True)


def legal_levy(s: S, side: int) -> list[str]:
    """4.6 levy events: steps for blocks in friendly cities (8.2); 'done' ends it, and is always
    needed, even when no BP is left or no block can take one (RULINGS R28)."""
    return ["add " + s.comp.blocks[b].id for b in levy_targets(s, side)] + ["done"]


def apply_levy(s: S, side: int, action: str) -> None:
    """RULINGS R28: the steps are added out of the opponent's sight (their number would tell the
    blocks' types, 8.4); the log tells all only that the event's BPs were spent."""
    if action == "done":
        s.levy = 0
        s.pending = None
        s.say(f"{side_name(side)} has spent the event's {points_word(s)}s (4.6).")
        return
    b = s.comp.block_index[action.split()[1]]
    cost = step_cost(s, side, b)
    s.levy -= cost
    s.strength[b] += 1
    where = s.comp.board.cities[s.comp.board.city_at[s.loc[b]]].name
    s.say(f"You add a step to {s.comp.blocks[b].name} in {where} with the event's {points_word(s)}s "
          f"({s.levy} {points_word(s)} left).", side)


# ====================================================================== pillage (5.61)
def pillage_targets(s: S, side: int, h: int) -> list[int]:
    bt = s.battle
    if bt is None:
        return []
    left = int(bt.get("pillage", 0))
    regrouped = set(bt.get("regrouped", []))
    out = []
    for b in bt["blocks"]:
        if s.loc[b] != h or s.owner[b] != side or b in regrouped:
            continue
        spec = s.comp.blocks[b]
        if spec.type == REVOLT or s.strength[b] >= spec.steps:
            continue
        if step_cost(s, side, b) <= left:
            out.append(b)
    return out
