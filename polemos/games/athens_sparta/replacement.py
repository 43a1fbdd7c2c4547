"""Athens & Sparta 8.0 REPLACEMENTS (and the BPs spent outside it: pillage 5.61, levy events).

Both players spend their BPs at the same time (8.0); each spends from its own total, out of the
other's sight (RULINGS R26): while the phase lasts each sees the other's blocks where they stood
when it began, and both build on the sieges of that moment; when both are done, the new blocks,
the disbanded ones and Persian support are shown to all at once. Steps added stay secret (8.3:
blocks stand upright).
"""

from __future__ import annotations

from polemos.games.athens_sparta.common import (
    Occ,
    eliminate,
    geo,
    hex_name,
    occ_kinds,
    occ_of,
    side_name,
)
from polemos.games.athens_sparta.model import (
    ATHENS,
    NAVY,
    NEUTRAL,
    REVOLT,
    SPARTA,
    TYPE_COST,
    TYPE_COST_ED1,
    Components,
)
from polemos.games.athens_sparta.state import PH_REPLACE, POOL, AthensSpartaState

S = AthensSpartaState


def step_cost(s: S, side: int, b: int) -> int:
    """8.4: peltasts 1, hoplites 2, cavalry and ships 3 BP per step; 9.3: with Persian support
    all Spartan (and allied) navies cost 1 BP per step."""
    return _type_cost(s.comp.blocks[b].type, side, s.persia == 1, s.ed1)


def _type_cost(kind: int, side: int, persian: bool, ed1: bool) -> int:
    """:func:`step_cost` of a block type (``persian``: Persian support, 9.3)."""
    if kind == NAVY and side == SPARTA and persian:
        return 1
    if kind == REVOLT:
        return 1
    if ed1:  # first edition 8.4: 1 PP hoplites and peltasts, 2 PP cavalry and navies
        return TYPE_COST_ED1[kind]
    return TYPE_COST[kind]


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
    occ = occ_of(s)  # one pass over the blocks, not one per city (each view's forecast asks it: issue 12)
    for c, city in enumerate(board.cities):
        if s.city_owner[c] == side and city.major and not besieged_or_blockaded(s, city.hex, occ):
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


class RepTab:
    """What a side's Replacement Phase menu (8.0) rests on that stays the same through the phase:
    the side's blocks, their step costs (8.4, 9.3), where each pool block could be built (8.3: its
    home city, RESERVE blocks any open friendly major city), the allied neutral cities whose BPs are
    earmarked (9.5) and the action texts. Built once per side and phase from the block owners, the
    city owners, the closed cities (8.1, 8.3: as they were when the phase began, RULINGS R26) and
    the Sicily cards, which the menu's key compares; the menu itself then walks the side's own
    blocks once per listing, reading only what its actions change (BPs, city spending, hexes,
    strengths), instead of scanning every block five times (issue 12)."""

    __slots__ = ("add_text", "blocks", "buildable", "caps", "closed", "cost", "disband_text",
                 "green", "kinds", "persia_ok", "sites", "steps")

    def __init__(self, s: S, side: int, closed: frozenset[int]) -> None:
        comp = s.comp
        board = comp.board
        blocks = comp.blocks
        g = geo(board)
        city_owner = s.city_owner
        city_hex = g.city_hex
        self.closed = closed
        self.caps = g.city_cap_ed1 if s.ed1 else g.city_cap  # 8.1 (first edition 8.1)
        fixed = _fixed(comp)
        self.kinds = occ_kinds(blocks)
        self.blocks = tuple(b for b, o in enumerate(s.owner) if o == side)
        # 8.4 step costs without and with Persian support (9.3: Spartan navies 1 BP)
        self.cost = fixed.costs(side, s.ed1)
        self.steps = fixed.steps
        self.add_text = fixed.add_text
        self.disband_text = fixed.disband_text
        build_text = fixed.build_text
        # open_majors: the friendly major cities on the map not under siege (RESERVE blocks, 8.3)
        majors = tuple(c for c in g.majors_on_map if city_owner[c] == side and city_hex[c] not in closed)
        buildable: dict[int, bool] = {}
        sites: dict[int, tuple[tuple[int, int, str], ...]] = {}
        for b in self.blocks:
            spec = blocks[b]
            # _pool_blocks: a green block is built only by the side holding its city (9.5)
            buildable[b] = not (spec.side == NEUTRAL and city_owner[spec.home] != side)
            if spec.type == REVOLT:
                cities: tuple[int, ...] = ()  # 7.0: raised by revolt, never built
            elif spec.reserve or spec.home < 0:
                cities = majors
            elif city_owner[spec.home] != side or city_hex[spec.home] in closed:
                cities = ()  # 8.3: never in an enemy-held home city, nor one under siege
            else:
                cities = (spec.home,)
            # (city, hex, the action's text)
            sites[b] = tuple((c, city_hex[c], build_text(b, c)) for c in cities)
        self.buildable = buildable
        self.sites = sites
        # 9.5: the allied neutral major cities of the side, not under siege, with their value and
        # their green blocks (the side's now)
        green = []
        for c in g.neutral_majors:
            city = board.cities[c]
            if city_owner[c] != side or city.hex in closed:
                continue
            value = syracuse_value(s) if city.offboard else city.value
            green.append((c, value, tuple(b for b in self.blocks
                                          if blocks[b].side == NEUTRAL and blocks[b].home == c)))
        self.green = tuple(green)
        m = board.city_index.get("MILETUS")
        self.persia_ok = side == SPARTA and m is not None and city_owner[m] == SPARTA  # 9.3


class _Fixed:
    """What the Replacement menus of every game with these components share: the action texts, the
    blocks' steps and the step costs (8.4, 9.3) by side, Persian support and edition."""

    __slots__ = ("_builds", "_costs", "add_text", "comp", "disband_text", "steps")

    def __init__(self, comp: Components) -> None:
        self.comp = comp
        blocks = comp.blocks
        self.steps = tuple(spec.steps for spec in blocks)
        self.add_text = tuple("add " + spec.id for spec in blocks)
        self.disband_text = tuple("disband " + spec.id for spec in blocks)
        self._costs: dict[tuple[int, bool], tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self._builds: dict[tuple[int, int], str] = {}

    def costs(self, side: int, ed1: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Per block, its step cost without and with Persian support."""
        key = (side, ed1)
        got = self._costs.get(key)
        if got is None:
            blocks = self.comp.blocks
            no = tuple(_type_cost(spec.type, side, False, ed1) for spec in blocks)
            yes = tuple(_type_cost(spec.type, side, True, ed1) for spec in blocks)
            got = self._costs[key] = (no, yes)
        return got

    def build_text(self, b: int, c: int) -> str:
        got = self._builds.get((b, c))
        if got is None:
            got = self._builds[(b, c)] = f"build {self.comp.blocks[b].id} {self.comp.board.cities[c].name}"
        return got


_FIXED: dict[int, _Fixed] = {}


def _fixed(comp: Components) -> _Fixed:
    got = _FIXED.get(id(comp))
    if got is None or got.comp is not comp:
        got = _FIXED[id(comp)] = _Fixed(comp)
    return got


def _closed_cities(s: S) -> frozenset[int]:
    """The hexes of the cities closed to building and their BPs (8.1, 8.3): in the Replacement Phase
    as they were when it began (RULINGS R26), else as they are (a hand-made position)."""
    if s.rp_loc:
        return frozenset(s.rp_closed)
    occ = occ_of(s)
    field, inside = occ.field, occ.inside
    return frozenset(h for h in geo(s.comp.board).city_hex if (field[h] | inside[h]) == 3)


def rep_tab(s: S, side: int) -> RepTab:
    """The side's :class:`RepTab` for this phase: kept in the state's derived data (shared by clones:
    it is never changed, and its key is checked on every use)."""
    closed = _closed_cities(s)
    key = (side, tuple(s.owner), tuple(s.city_owner), closed, tuple(s.sicily))
    memo = s.rep_memo
    hit = memo.get(side)
    if hit is not None and hit[0] == key:
        kept: RepTab = hit[1]
        return kept
    tab = RepTab(s, side, closed)
    memo[side] = (key, tab)
    return tab


def legal_replace(s: S, side: int) -> list[str]:
    """8.0: add a step to a block (8.2), build a pool block (8.3), disband a block (8.6), accept
    Persian support (9.3, Sparta), or be done; BPs of allied neutral cities earmarked for their
    blocks (9.5). One pass over the side's blocks (see :class:`RepTab`)."""
    tab = rep_tab(s, side)
    g = geo(s.comp.board)
    city_at = s.comp.board.city_at
    loc = s.loc
    inside = s.inside
    strength = s.strength
    city_spent = s.city_spent
    caps = tab.caps
    costs = tab.cost[1 if s.persia == 1 else 0]
    steps = tab.steps
    kinds = tab.kinds
    closed = tab.closed
    ed1 = s.ed1
    bp = s.bp[side]
    targets: list[int] = []  # reinforce_targets: blocks that may take a step now (8.2)
    disband: list[int] = []
    pool: list[int] = []
    count: dict[int, int] = {}  # the side's blocks (4.1: revolt blocks not counted) and armies per hex
    armies: dict[int, int] = {}
    for b in tab.blocks:
        h = loc[b]
        if h < 0:
            if h == POOL and tab.buildable[b]:
                pool.append(b)
            continue
        k = kinds[b]
        if k:
            count[h] = count.get(h, 0) + 1
            if k == 2:
                armies[h] = armies.get(h, 0) + 1
        if inside[b]:
            continue  # 8.2: only besieging blocks of a siege can be reinforced; 8.6 (disband)
        disband.append(b)
        if not k or strength[b] >= steps[b]:
            continue  # a revolt block takes no step (7.0); a block at full strength
        c = city_at[h]
        if c < 0:
            continue  # 8.2: blocks in a non-city hex cannot be reinforced
        if ed1 and h in closed:
            continue  # first edition 8.2: no block in a siege or blockade, besieger or besieged (RULINGS FE30)
        cost = costs[b]
        if cost <= bp and city_spent[c] + cost <= caps[c]:
            targets.append(b)
    # 9.5: the BPs of allied neutral cities must be spent on their blocks when possible
    earmark = 0
    if tab.green:
        green_spent = s.green_spent
        for c, value, greens in tab.green:
            left = value - green_spent[c]
            if left <= 0:
                continue
            for b in greens:
                h = loc[b]
                if h >= 0:
                    if b in targets:
                        earmark += left
                        break
                elif h == POOL and _can_build(s, b, tab, costs[b], bp, count, armies, g.syr):
                    earmark += left
                    break
    blocks = s.comp.blocks
    out: list[str] = []
    add_text = tab.add_text
    for b in targets:
        cost = costs[b]
        if cost <= bp if blocks[b].side == NEUTRAL else bp - cost >= earmark:  # _budget_ok
            out.append(add_text[b])
    lims = g.lim
    for b in pool:
        cost = costs[b]
        if not (cost <= bp if blocks[b].side == NEUTRAL else bp - cost >= earmark):  # _budget_ok
            continue
        if cost > bp:
            continue
        navy = kinds[b] == 1
        for c, h, text in tab.sites[b]:
            lim, lim_army = lims[h]  # 4.1 stacking
            if cost <= caps[c] - city_spent[c] and count.get(h, 0) < lim and (navy or armies.get(h, 0) < lim_army):
                out.append(text)
    disband_text = tab.disband_text
    for b in disband:
        out.append(disband_text[b])
    if tab.persia_ok and s.persia == 0:
        out.append("persia")
    out.append("done")
    return out


def _can_build(s: S, b: int, tab: RepTab, cost: int, bp: int, count: dict[int, int], armies: dict[int, int],
               syr: int) -> bool:
    """build_sites(b) is not empty: a site with the BPs (8.1) and the stacking room (4.1; none
    needed at SYRACUSE)."""
    lims = geo(s.comp.board).lim
    navy = tab.kinds[b] == 1
    for c, h, _ in tab.sites[b]:
        if cost > bp or s.city_spent[c] + cost > tab.caps[c]:
            continue
        if h == syr:
            return True
        lim, lim_army = lims[h]
        if count.get(h, 0) + 1 <= lim and armies.get(h, 0) + (0 if navy else 1) <= lim_army:
            return True
    return False


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
