"""The Peloponnesian War: the Combat Phase (5.0-5.9), and the battles of the Operations Phase.

Segments, in order (5.0), each a task of ``s.tasks``:

- 5.1 Siege Determination: a Siege marker for each fortress with an enemy Army (Conditions 1 and 2;
  5.3.1 the Long Walls of Athens);
- 5.2 Battle Resolution: the battle situations by category (home, coalition, other spaces, then
  ZOI), each resolved as a naval battle, then a land battle, then a No Battle (5.2.1-5.2.4), with
  hostages (5.6) and leaders (5.7);
- 5.3 Siege Resolution, by category (the Euxine trace of 5.3.1, Syracuse 5.3.2);
- 5.4 Going Home: each Army rolls to stay; the Going Home Box empties by the Post-Combat Movement
  Table (5.8 first call of the active neutrals, 5.9 Chios and Samos);
- 5.5 the Combat Phase ends with no leader on the map.

The numbers come from :mod:`combat_tables` (pure functions); this module reads and changes the
state. Battles during an operation (4.6, 4.7) use :func:`resolve_battle`; 4.9 uses
:func:`send_home`. Every die comes from the state's generator (``s.d6``) and every line of the log
names its rule. Nothing here is secret: the game is open (state.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from operator import and_
from typing import Any

from polemos.core.errors import IllegalActionError
from polemos.games.peloponnesian_war import combat_tables as ct
from polemos.games.peloponnesian_war import victory
from polemos.games.peloponnesian_war.combat_tables import Combatant, Sps
from polemos.games.peloponnesian_war.model import (
    ATHENS,
    HOPLITE,
    NAVAL,
    NO,
    SPARTA,
    SPARTAN,
)
from polemos.games.peloponnesian_war.state import (
    ALLIED_NATIONALITY,
    LD_DEAD,
    LD_OUT,
    NOT_REBEL,
    NSLOTS,
    PH_COMBAT,
    SIDE_RANGE,
    SIDE_SLOTS,
    SLOT_NATIONALITY,
    SLOT_SIDE,
    SLOT_TYPE,
    PWState,
    Task,
    slot,
)

S = PWState

SIDE_NAME = ("Athens", "Sparta")
# battle situation categories (5.2)
CAT_HOME, CAT_COALITION, CAT_OTHER, CAT_ZOI = 1, 2, 3, 4
CATEGORY_NAMES = {CAT_HOME: "home spaces", CAT_COALITION: "coalition spaces", CAT_OTHER: "other spaces",
                  CAT_ZOI: "ZOI spaces holding enemy units"}


# =============================================================================== small helpers
def name(s: S, space: int) -> str:
    return s.comp.spaces[space].name


def possessive(who: str) -> str:
    """"Athens'", "Sparta's" (log lines)."""
    return who + ("'" if who.endswith("s") else "'s")


def forces(s: S, space: int, side: int) -> Sps:
    """The SPs of ``side`` in ``space`` (12 counts, the other side's slots 0)."""
    lo, hi = SIDE_RANGE[side]  # (a side's slots are contiguous)
    return (0,) * lo + tuple(s.sp[space][lo:hi]) + (0,) * (NSLOTS - hi)


def has_army(s: S, space: int, side: int) -> bool:
    """1.3: an Army is a Force stacked with a friendly Leader."""
    return space in s.leader_at and s.side_sps(space, side) > 0 and bool(s.leaders_at(space, side))


def poorest_tactical(s: S, space: int, side: int) -> int:
    """5.2.1/5.2.2: the poorest Tactical Rating of ``side``'s leaders in ``space``, NO without one."""
    ratings = [s.comp.leaders[ld].tactical for ld in s.leaders_at(space, side)]
    return min(ratings) if ratings else NO


def commander(s: S, space: int, side: int) -> int:
    """1.3: the leader with the highest Strategic Rating commands the forces in a space (ties: the
    better Tactical Rating, then the lower index); NO without a leader."""
    here = s.leaders_at(space, side)
    if not here:
        return NO
    leaders = s.comp.leaders
    return max(here, key=lambda ld: (leaders[ld].strategic, leaders[ld].tactical, -ld))


def adjust_sci(s: S, side: int, delta: int, why: str) -> None:
    """1.3: the SCI stays within -6..6."""
    s.add_sci(side, delta)
    s.say(why, f"{SIDE_NAME[side]} SCI {delta:+d} (now {s.sci[side]}).")


def _send_side_home(s: S, space: int, side: int, types: Sequence[int], rule: str) -> Sps:
    """Move ``side``'s SPs of ``types`` in ``space`` to the Going Home Box. Returns what went."""
    return _send_part_home(s, space, side, forces(s, space, side), types, rule)


def _eliminate(s: S, space: int, lost: Sps, rule: str, side: int) -> None:
    for i, n in enumerate(lost):
        if n:
            s.eliminate(space, SLOT_NATIONALITY[i], SLOT_TYPE[i], n)
    if any(lost):
        s.say(rule, f"{SIDE_NAME[side]} loses {ct.describe(lost)} at {name(s, space)}.")


def _leaders_after(s: S, space: int, side: int, lost_battle: bool, rule: str) -> None:
    """5.7: a leader whose entire army is eliminated or sent to the Going Home Box is out for the
    rest of the game turn; while "Leader Deaths" is in effect (2.2) a leader whose army loses a
    battle or a siege, or is eliminated, is killed."""
    gone = s.side_sps(space, side) == 0
    for ld in s.leaders_at(space, side):
        who = s.comp.leaders[ld].name
        if s.leader_deaths and (lost_battle or gone):
            s.leader_at[ld] = LD_DEAD
            s.say("5.7", f"{who} is killed (Leader Deaths, 2.2) ({rule}).")
        elif gone:
            s.leader_at[ld] = LD_OUT
            s.say("5.7", f"{who} has lost his army and is out for the rest of the game turn.")


def _bookkeeping(s: S) -> dict[str, Any]:
    if s.combat is None:
        s.combat = {"fought": [], "category": 0}
    return s.combat


# =============================================================================== 5.0 the phase
def t_combat(s: S, task: Task) -> None:
    """5.0 Combat Phase: four discrete segments, in order; then 5.5."""
    s.phase = PH_COMBAT
    s.combat = {"fought": [], "category": 0}
    s.push(["cb_siege_determination"], ["cb_battles", CAT_HOME], ["cb_sieges"],
           ["cb_going_home"], ["cb_end"])


# =============================================================================== 5.1
def t_cb_siege_determination(s: S, task: Task) -> None:
    """5.1 Siege Determination Segment: every Fortress space (neutral ones too) occupied by an
    enemy Army gets a Siege marker if no enemy units are there (Condition 1) or a Force (not Army)
    of the side that controls it is 4 or more SPs weaker than the Army (Condition 2). 5.3.1: a
    Spartan Army in Athens or Piraeus is a siege unless the Athenians have 3 more Land SPs there."""
    s.segment = "5.1 Siege Determination Segment"
    walls = (s.comp.space_index["athens"], s.comp.space_index["piraeus"])
    for space in range(len(s.comp.spaces)):
        if s.siege[space] and besieger(s, space) == NO:
            _lift_siege(s, space, "5.1")  # a marker left from before (RULINGS P14) with no Army under it
    for space, sp in enumerate(s.comp.spaces):
        if not sp.fortress or s.siege[space]:
            continue
        for side in (ATHENS, SPARTA):
            if not has_army(s, space, side) or not _enemy_fortress(s, space, side):
                continue
            army, other = forces(s, space, side), forces(s, space, 1 - side)
            if space in walls and side == SPARTA:
                if ct.long_walls_siege(army, other):
                    _place_siege(s, space, side)
                    s.say("5.3.1", f"Long Walls: Siege marker at {sp.name} (the Athenians lack 3 more Land SPs "
                                   f"than the Spartan army: {ct.land(other)} to {ct.land(army)}).")
                continue
            if ct.siege_condition(army, other, has_army(s, space, 1 - side)):
                _place_siege(s, space, side)
                why = "no enemy units (Condition 1)" if ct.total(other) == 0 else \
                    f"the defending force is {ct.total(army) - ct.total(other)} SPs weaker (Condition 2)"
                s.say("5.1", f"Siege marker at {sp.name}: {possessive(SIDE_NAME[side])} army, {why}.")
                break


def _enemy_fortress(s: S, space: int, side: int) -> bool:
    """Is ``space`` a fortress of the enemy (or a neutral one) for ``side``'s Army (5.1)? With the
    other side's units in it, it is whoever controls it (1.3: control stays while both are there).
    Without them: RULINGS P98, a space not colour-coded for ``side`` that ``side`` did not already
    hold with a force that has not moved this turn (the Army's entry must not make it "friendly")."""
    if s.side_sps(space, 1 - side):
        return s.control[space] != side
    if s.colour[space] == side:
        return False
    return not any(s.sp[space][i] > s.moved[space][i] for i in SIDE_SLOTS[side])


def _place_siege(s: S, space: int, side: int) -> None:
    s.siege[space] = True
    s.touch(space)
    _bookkeeping(s).setdefault("besiegers", {})[str(space)] = side


# =============================================================================== 5.2
def battle_key(a: int, b: int) -> str:
    """A battle situation: the Athenian side's space, then the Spartan side's."""
    return f"{a}>{b}"


def situations(s: S, category: int) -> list[tuple[int, int]]:
    """5.2: the open battle situations of one category, as (Athenian space, Spartan space)."""
    fought = _bookkeeping(s)["fought"]
    comp = s.comp
    out: list[tuple[int, int]] = []
    occupied = (s.occupied(ATHENS), s.occupied(SPARTA))
    if category != CAT_ZOI:
        siege = s.siege
        for space in compress(range(len(siege)), map(and_, *occupied)):
            if siege[space]:
                continue  # both sides' SPs in it (occupant 2), no Siege marker
            if battle_key(space, space) in fought:
                continue
            sp = comp.spaces[space]
            cat = CAT_HOME if sp.home != NO else CAT_COALITION if s.coalition[space] != NO else CAT_OTHER
            if cat == category:
                out.append((space, space))
        return out
    # 4: a force in the ZOI of an enemy force elsewhere; units under a Siege marker take no part
    # (RULINGS P95), the Army besieging them may (a relief)
    # (a ZOI is both parts of ct.zoi's: geography.zoi of the force's Land and Naval SPs together)
    spaces = [[sp for sp in compress(range(len(comp.spaces)), occupied[side]) if not _besieged(s, sp, side)]
              for side in (ATHENS, SPARTA)]
    spartan_zois = [s.zoi_of(b, SPARTA, True) for b in spaces[SPARTA]]
    for a in spaces[ATHENS]:
        athenian_zoi = s.zoi_of(a, ATHENS, True)
        for b, spartan_zoi in zip(spaces[SPARTA], spartan_zois, strict=True):
            if a != b and (b in athenian_zoi or a in spartan_zoi) and battle_key(a, b) not in fought:
                out.append((a, b))
    return out


def _besieged(s: S, space: int, side: int) -> bool:
    """The units of ``side`` under a Siege marker in ``space``: the side that is not besieging."""
    return s.siege[space] and besieger(s, space) not in (NO, side)


def t_cb_battles(s: S, task: Task) -> None:
    """5.2 Battle Resolution Segment: categories in order; within each the sides take turns choosing
    which battle is resolved next (4.0; RULINGS P96); battle is mandatory (the Athenians may decline
    in Athens and Piraeus, 5.3.1)."""
    category = int(task[1])
    s.segment = "5.2 Battle Resolution Segment"
    book = _bookkeeping(s)
    open_ = situations(s, category)
    if not open_:
        if category < CAT_ZOI:
            s.push(["cb_battles", category + 1])
        return
    if book["category"] != category:
        book["category"] = category
        s.say("5.2", f"Battles in {CATEGORY_NAMES[category]} (category {category}).")
    if len(open_) == 1:
        _battle_next(s, category, open_[0])
        return
    side = _chooser(s, "battle", category)
    if s.automatic(side):
        a, b = open_[s.pick(list(range(len(open_))))]
        s.say("4.0", f"{SIDE_NAME[side]} chooses the next battle: {_battle_place(s, a, b)} (the matrix side "
                     f"chooses at random, 5.2; RULINGS P96).")
        _battle_next(s, category, (a, b))
        return
    s.ask("cb_order", side, what="battle", category=category,
          question=f"4.0: which battle of {CATEGORY_NAMES[category]} is resolved next?")


def _battle_next(s: S, category: int, pair: tuple[int, int]) -> None:
    a, b = pair
    _bookkeeping(s)["fought"].append(battle_key(a, b))
    s.push(["cb_battle", a, b], ["cb_battles", category])


def _battle_place(s: S, a: int, b: int) -> str:
    return name(s, a) if a == b else f"{name(s, a)} against {name(s, b)}"


def battle_text(s: S, a: int, b: int) -> str:
    """The canonical action naming a battle situation: "battle <space>", or "battle <Athenian
    side's space> <Spartan side's space>" for a ZOI battle (5.2 category 4)."""
    ids = s.comp.spaces
    return f"battle {ids[a].id}" if a == b else f"battle {ids[a].id} {ids[b].id}"


def _chooser(s: S, what: str, category: int) -> int:
    """4.0: "the players alternate deciding which battle or siege is resolved first, with a high
    die roll determining which side decides first" — within each category; the side to choose now
    (RULINGS P96). Each side rolls a die, ties rolled again."""
    book = _bookkeeping(s)
    order = book.get("order")
    if not order or order[0] != what or int(order[1]) != category:
        while True:
            ra, rs = s.d6(), s.d6()
            if ra != rs:
                break
            s.say("4.0", f"Athens rolls {ra}, Sparta {rs}: a tie, rolled again.")
        first = ATHENS if ra > rs else SPARTA
        s.say("4.0", f"Athens rolls {ra}, Sparta {rs}: {SIDE_NAME[first]} decides first which {what} of "
                     f"{CATEGORY_NAMES[category] if what == 'battle' else SIEGE_GROUPS[category]} is resolved "
                     f"first; the sides then take turns (RULINGS P96).")
        order = [what, category, first]
    side = int(order[2])
    book["order"] = [what, category, 1 - side]
    return side


def order_options(s: S, side: int) -> list[str]:
    """The battles or sieges ``side`` may choose to resolve next (4.0, RULINGS P96)."""
    p = s.pending
    assert p is not None
    category = int(p["category"])
    if p["what"] == "battle":
        return [battle_text(s, a, b) for a, b in situations(s, category)]
    return [f"siege {s.comp.spaces[x].id}" for x in _open_sieges(s, category)]


def legal_cb_order(s: S, side: int) -> list[str]:
    return order_options(s, side)


def apply_cb_order(s: S, side: int, action: str) -> None:
    p = s.pending
    assert p is not None
    options = order_options(s, side)
    if action not in options:
        raise IllegalActionError(f"{action!r} is not a choice here: {', '.join(options)}")
    category = int(p["category"])
    s.pending = None
    if p["what"] == "battle":
        a, b = situations(s, category)[options.index(action)]
        s.say("4.0", f"{SIDE_NAME[side]} chooses the next battle: {_battle_place(s, a, b)} (RULINGS P96).")
        _battle_next(s, category, (a, b))
    else:
        space = _open_sieges(s, category)[options.index(action)]
        s.say("4.0", f"{SIDE_NAME[side]} chooses the next siege: {name(s, space)} (RULINGS P96).")
        s.push(["cb_siege", space], ["cb_siege_next", category])


def t_cb_battle(s: S, task: Task) -> None:
    """One battle situation of 5.2: the Athenian defence question (5.3.1) first if it applies."""
    a, b = int(task[1]), int(task[2])
    walls = (s.comp.space_index["athens"], s.comp.space_index["piraeus"])
    if a in walls and s.side_sps(a, ATHENS) and s.side_sps(b, SPARTA):
        if s.automatic(ATHENS):
            _matrix_defence(s, a, b)
        else:
            enemy = f"the Spartan forces {'there' if a == b else 'at ' + name(s, b)}"
            pick = "" if s.leaders_at(a, ATHENS) else "; with no leader there, they may pick one to conduct the defence"
            s.ask("cb_athens_defence", ATHENS, at=a, enemy=b,
                  question=f"5.3.1: the Athenians in {name(s, a)} may fight {enemy} or decline combat{pick}.")
        return
    resolve_battle(s, "5.2", a, b)


def defence_options(s: S, at: int) -> list[str]:
    """5.3.1: fight (with a leader the Athenians pick if none is there), or decline."""
    opts = []
    if not s.leaders_at(at, ATHENS):
        opts += [f"defend {s.comp.leaders[ld].id}" for ld in s.available_leaders(ATHENS)]
    return [*opts, "fight", "decline"]


def legal_athens_defence(s: S, side: int) -> list[str]:
    assert s.pending is not None
    return defence_options(s, int(s.pending["at"]))


def apply_athens_defence(s: S, side: int, action: str) -> None:
    assert s.pending is not None
    at, enemy = int(s.pending["at"]), int(s.pending["enemy"])
    if action not in defence_options(s, at):
        raise IllegalActionError(f"{action!r} is not a choice here: {', '.join(defence_options(s, at))}")
    s.pending = None
    _defend(s, at, enemy, action)


def _matrix_defence(s: S, at: int, enemy: int) -> None:
    """RULINGS P97: the matrix side's Athenians fight unless the enemy has more SPs than they; with
    no leader there they pick the available leader with the best Tactical Rating."""
    if s.side_sps(enemy, SPARTA) > s.side_sps(at, ATHENS):
        s.say("5.3.1", "The Athenian matrix side declines: the enemy has more SPs (RULINGS P97).")
        _defend(s, at, enemy, "decline")
        return
    s.say("5.3.1", "The Athenian matrix side fights: the enemy has no more SPs than it (RULINGS P97).")
    best = sorted(s.available_leaders(ATHENS), key=lambda ld: (-s.comp.leaders[ld].tactical, ld))
    _defend(s, at, enemy, f"defend {s.comp.leaders[best[0]].id}" if best and not s.leaders_at(at, ATHENS)
            else "fight")


def _defend(s: S, at: int, enemy: int, action: str) -> None:
    if action == "decline":
        s.say("5.3.1", f"The Athenians in {name(s, at)} decline combat.")
        if at == enemy:
            # RULINGS P97: declined in the same space, it is a No Battle (5.2.4); in Athens, where no
            # ships are, the enemy's SPs go home (5.5: no space keeps both sides' forces)
            if at == s.comp.space_index["athens"]:
                _send_side_home(s, at, SPARTA, (0, 1, 2), "5.3.1")
            else:
                _no_battle(s, at)
        return
    if action.startswith("defend "):
        ld = s.comp.leader_index[action.split(" ", 1)[1]]
        s.leader_at[ld] = at
        s.say("5.3.1", f"{s.comp.leaders[ld].name} conducts the defence of {name(s, at)}.")
    resolve_battle(s, "5.2", at, enemy)


def resolve_battle(s: S, rule: str, a: int, b: int, army: Sequence[int] | None = None) -> dict[str, Any]:
    """Resolve the battle between Athens' side's units in space ``a`` and Sparta's side's in ``b``
    (5.2): first a naval battle if both have Naval SPs and one is in the other's Naval/Combined ZOI
    (RULINGS P104), then a land battle if both still have Land SPs and one is in the other's
    Land/Combined ZOI, then a No Battle if both still have forces. ``army`` (an operation's moving
    army, 4.6): the 12 counts of the Athenian or Spartan SPs that fight instead of the whole side's
    units in their space (and a No Battle then sends nothing home, RULINGS P103).

    Returns and keeps in ``s.combat["last"]``: {"winner": side or NO (the last battle fought's; NO
    for a draw or no battle), "kinds": ["naval", "land"] fought, "a": a, "b": b}."""
    comp = s.comp
    book = _bookkeeping(s)
    combat_phase = s.phase == PH_COMBAT
    where = name(s, a) if a == b else f"{name(s, a)} and {name(s, b)}"
    space = (a, b)

    # the moving army's SPs still in the fight (4.6: not the forces it has not yet joined)
    part: list[list[int] | None] = [None, None]
    if army is not None:
        for side in (ATHENS, SPARTA):
            if any(army[i] for i in SIDE_SLOTS[side]):
                part[side] = [army[i] if SLOT_SIDE[i] == side else 0 for i in range(NSLOTS)]

    def units(side: int) -> Sps:
        here = forces(s, space[side], side)
        mine = part[side]
        if mine is not None:
            return tuple(min(here[i], mine[i]) for i in range(NSLOTS))
        return here

    def remove(side: int, gone: Sps) -> None:
        mine = part[side]
        if mine is not None:
            for i in range(NSLOTS):
                mine[i] -= gone[i]

    def lose(side: int, lost: Sps, rule: str) -> None:
        _eliminate(s, space[side], lost, rule, side)
        remove(side, lost)

    def go_home(side: int, types: Sequence[int], rule: str) -> None:
        remove(side, _send_part_home(s, space[side], side, units(side), types, rule))

    def zoi(side: int) -> ct.Zoi:
        return ct.zoi(comp, space[side], side, units(side), combat_phase=combat_phase)

    kinds: list[str] = []
    winner = NO
    naval_result: ct.BattleResult | None = None
    # -- the naval battle (5.2.2)
    u = (units(ATHENS), units(SPARTA))
    if ct.count(u[ATHENS], NAVAL) and ct.count(u[SPARTA], NAVAL) and (
            b in zoi(ATHENS).naval or a in zoi(SPARTA).naval):
        rolls = (s.d6(), s.d6())
        naval_result = ct.naval_battle(Combatant(ATHENS, ct.only(u[ATHENS], (NAVAL,)), poorest_tactical(s, a, ATHENS)),
                                       Combatant(SPARTA, ct.only(u[SPARTA], (NAVAL,)), poorest_tactical(s, b, SPARTA)),
                                       rolls)
        kinds.append("naval")
        _log_battle(s, "5.2.2", "naval battle", where, naval_result)
        winner = naval_result.winner
        for side in (ATHENS, SPARTA):
            lose(side, naval_result.losses[side], "5.2.2")
        goers = (ATHENS, SPARTA) if winner == NO else (1 - winner,)
        for side in goers:
            go_home(side, (NAVAL,), "5.2.2")
            if s.colour[space[side]] != side:  # an enemy or neutral space: the Land SPs go too
                go_home(side, (0, 1), "5.2.2")
    # -- the land battle (5.2.1)
    u = (units(ATHENS), units(SPARTA))
    land_fought = False
    if ct.land(u[ATHENS]) and ct.land(u[SPARTA]) and (b in zoi(ATHENS).land or a in zoi(SPARTA).land):
        in_sparta = comp.space_index["sparta"] in (a, b)
        if in_sparta and not s.leaders_at(comp.space_index["sparta"], SPARTA) and s.available_leaders(SPARTA):
            ld = s.pick(s.available_leaders(SPARTA))
            s.leader_at[ld] = comp.space_index["sparta"]
            s.say("5.2.1", f"Battle in Sparta: {comp.leaders[ld].name} is drawn at random and placed in Sparta.")
        rolls = (s.d6(), s.d6())
        result = ct.land_battle(Combatant(ATHENS, ct.only(u[ATHENS], (0, 1)), poorest_tactical(s, a, ATHENS)),
                                Combatant(SPARTA, ct.only(u[SPARTA], (0, 1)), poorest_tactical(s, b, SPARTA)),
                                rolls, in_sparta=in_sparta)
        kinds.append("land")
        land_fought = True
        _log_battle(s, "5.2.1", "land battle", where, result)
        winner = result.winner
        for side in (ATHENS, SPARTA):
            lose(side, result.losses[side], "5.2.1")
        for side in ((ATHENS, SPARTA) if winner == NO else (1 - winner,)):
            go_home(side, (0, 1), "5.2.1")
        if ct.hostages_taken(result) and not s.hostages[winner]:
            s.hostages[winner] = True
            s.say("5.6", f"{SIDE_NAME[winner]} takes hostages: the enemy may not use the Attack "
                         f"{SIDE_NAME[winner]} strategy until an armistice.")
        _outcome(s, result.winner, "5.2.1", where)
    if naval_result is not None and not land_fought:
        _outcome(s, naval_result.winner, "5.2.2", where)
    elif naval_result is not None:
        s.say("5.2.3", "Combined battle: SCI and victory points follow the land battle only.")
    # -- No Battle (5.2.4)
    if ct.total(units(ATHENS)) and ct.total(units(SPARTA)):
        if not kinds:
            s.say("5.2.4", f"No Battle at {where}.")
        if a == b and army is None:  # RULINGS P103: not for an interception (4.6, 5.2.4 last sentence)
            _no_battle(s, a, [units(ATHENS), units(SPARTA)])
    for side in (ATHENS, SPARTA):
        lost = kinds and winner == 1 - side
        _leaders_after(s, space[side], side, bool(lost), "5.2")
    last = {"winner": winner if kinds else NO, "kinds": kinds, "a": a, "b": b}
    book["last"] = last
    return last


def _send_part_home(s: S, space: int, side: int, part: Sps, types: Sequence[int], rule: str) -> Sps:
    """Send the SPs of ``types`` among ``part`` (the units concerned) to the Going Home Box; the
    Spartan Home Guard never leaves Sparta (4.1.1, RULINGS P101). Returns what went."""
    went = [0] * NSLOTS
    guard = slot(SPARTAN, HOPLITE) if space == s.comp.space_index["sparta"] else NO
    for i in SIDE_SLOTS[side]:
        if SLOT_TYPE[i] not in types:
            continue
        n = min(part[i], s.sp[space][i])
        if i == guard:
            n = min(n, s.sp[space][i] - min(s.sp[space][i], s.home_guard))
        if n:
            s.to_going_home(space, SLOT_NATIONALITY[i], SLOT_TYPE[i], n)
            went[i] = n
    if any(went):
        s.say(rule, f"{possessive(SIDE_NAME[side])} {ct.describe(tuple(went))} at {name(s, space)} "
                    "to the Going Home Box.")
    return tuple(went)


def _no_battle(s: S, a: int, parts: Sequence[Sps] | None = None) -> None:
    """5.2.4: opposing forces in one space and no battle: all Naval SPs there go home (5.3.1: in
    Piraeus the Land SPs instead). ``parts``: the SPs of each side in the fight (4.6)."""
    types = (0, 1) if a == s.comp.space_index["piraeus"] else (NAVAL,)
    rule = "5.3.1" if types != (NAVAL,) else "5.2.4"
    for side in (ATHENS, SPARTA):
        _send_part_home(s, a, side, parts[side] if parts else forces(s, a, side), types, rule)


def _log_battle(s: S, rule: str, what: str, where: str, r: ct.BattleResult) -> None:
    parts = []
    for side in (ATHENS, SPARTA):
        mods = " ".join(r.reasons[side])
        parts.append(f"{SIDE_NAME[side]} rolls {r.rolls[side]}{' ' + mods if mods else ''} = {r.modified[side]}")
    outcome = "a draw" if r.winner == NO else f"{SIDE_NAME[r.winner]} wins"
    s.say(rule, f"{what} at {where}: {'; '.join(parts)}: {outcome}.")


def _outcome(s: S, winner: int, rule: str, where: str) -> None:
    """SCI (+1 winner, -1 loser) and victory points (9.0) of a battle that is not a draw."""
    if winner == NO:
        return
    adjust_sci(s, winner, 1, rule)
    adjust_sci(s, 1 - winner, -1, rule)
    victory.battle(s, winner, f"{rule} at {where}")


# =============================================================================== 5.3
def besieger(s: S, space: int) -> int:
    """The side whose Army besieges ``space`` (NO if no Army of it is left there): the side 5.1
    placed the marker for; for a marker of the set-up (RULINGS P14), the one side with an Army
    there (in Athens and Piraeus, Sparta: 5.3.1)."""
    if not s.siege[space]:
        return NO
    recorded = (s.combat or {}).get("besiegers", {}).get(str(space))
    if recorded is not None:
        return int(recorded) if has_army(s, space, int(recorded)) else NO
    armies = [side for side in (ATHENS, SPARTA) if has_army(s, space, side)]
    walls = (s.comp.space_index["athens"], s.comp.space_index["piraeus"])
    if space in walls:
        return SPARTA if SPARTA in armies else NO
    return armies[0] if len(armies) == 1 else NO


def _lift_siege(s: S, space: int, rule: str) -> None:
    """Remove a Siege marker with no besieging Army left (5.3). RULINGS P102: if the besiegers' SPs
    are still there with the besieged (their leader gone), in 5.1 the space becomes a battle
    situation of 5.2; in 5.3, where no battle can follow, the besiegers' SPs go home (5.5)."""
    s.siege[space] = False
    s.touch(space)
    s.say(rule, f"Siege marker removed from {name(s, space)}: no besieging army is left.")
    recorded = (s.combat or {}).get("besiegers", {}).pop(str(space), None)
    if rule != "5.3" or s.occupant(space) != 2:
        return
    side = int(recorded) if recorded is not None else (1 - s.colour[space] if s.colour[space] != NO else NO)
    if side != NO:
        _send_side_home(s, space, side, (0, 1, 2), "5.3")


def euxine_trace(s: S) -> bool:
    """5.3.1: Athens traces a line of spaces not controlled by Peloponnesian League forces to the
    Euxine (through a space besieged by a Spartan army too). Along any LOC but the Cape Taenarum
    route (RULINGS P62)."""
    comp = s.comp
    start, goal = comp.space_index["athens"], comp.space_index["euxine"]
    seen = {start}
    frontier = [start]
    while frontier:
        nxt = []
        for here in frontier:
            for there, li in comp.adjacency[here]:
                if there in seen or comp.locs[li].storm:
                    continue
                # 5.3.1 "even if a Spartan army is besieging it": a space under a Spartan siege is open
                # whoever holds it now (an empty Delian fortress a Spartan army entered is Sparta's by
                # 1.3 (b) under its Siege marker, P33, until the siege is resolved)
                if s.control[there] == SPARTA and besieger(s, there) != SPARTA:
                    continue
                if there == goal:
                    return True
                seen.add(there)
                nxt.append(there)
        frontier = nxt
    return False


def t_cb_sieges(s: S, task: Task) -> None:
    """5.3 Siege Resolution Segment: first the Siege markers with no besieging Army left are
    removed; then the sieges, home spaces first, then coalition spaces, then the rest; within each
    the sides take turns choosing which is resolved next (4.0; RULINGS P96)."""
    s.segment = "5.3 Siege Resolution Segment"
    for space in range(len(s.comp.spaces)):
        if s.siege[space] and besieger(s, space) == NO:
            _lift_siege(s, space, "5.3")
    s.push(["cb_siege_next", 0])


#: 5.3's order of sieges: home spaces, coalition spaces, all other spaces
SIEGE_GROUPS = ("home spaces", "coalition spaces", "other spaces")


def _open_sieges(s: S, group: int) -> list[int]:
    """The spaces of one of 5.3's groups still under a Siege marker, in map order."""
    out = []
    for space in range(len(s.comp.spaces)):
        if s.siege[space]:
            sp = s.comp.spaces[space]
            if (0 if sp.home != NO else 1 if s.coalition[space] != NO else 2) == group:
                out.append(space)
    return out


def t_cb_siege_next(s: S, task: Task) -> None:
    """5.3: the next siege of group ``task[1]`` (0 home, 1 coalition, 2 other spaces), chosen by
    the sides in turn (4.0; RULINGS P96); then the next group."""
    group = int(task[1])
    s.segment = "5.3 Siege Resolution Segment"
    open_ = _open_sieges(s, group)
    if not open_:
        if group < len(SIEGE_GROUPS) - 1:
            s.push(["cb_siege_next", group + 1])
        return
    if len(open_) == 1:
        s.push(["cb_siege", open_[0]], ["cb_siege_next", group])
        return
    side = _chooser(s, "siege", group)
    if s.automatic(side):
        space = open_[s.pick(list(range(len(open_))))]
        s.say("4.0", f"{SIDE_NAME[side]} chooses the next siege: {name(s, space)} (the matrix side chooses at "
                     f"random, 5.3; RULINGS P96).")
        s.push(["cb_siege", space], ["cb_siege_next", group])
        return
    s.ask("cb_order", side, what="siege", category=group,
          question=f"4.0: which siege of {SIEGE_GROUPS[group]} is resolved next?")


def t_cb_siege(s: S, task: Task) -> None:
    """5.3: resolve the siege of one space."""
    space = int(task[1])
    if not s.siege[space]:
        return
    side = besieger(s, space)
    if side == NO:  # the besiegers left (a battle in the meantime cannot happen; kept for safety)
        s.siege[space] = False
        s.touch(space)
        return
    comp, fig = s.comp, s.comp.figures
    other = 1 - side
    army, besieged = forces(s, space, side), forces(s, space, other)
    was_neutral = s.colour[space] == NO
    in_rebellion = s.rebellion[space] != NOT_REBEL
    where = name(s, space)
    walls = (comp.space_index["athens"], comp.space_index["piraeus"])
    failed_why = ""
    if space in walls and side == SPARTA and euxine_trace(s):
        failed_why = "Athens traces a line of spaces free of Peloponnesian control to the Euxine (5.3.1)"
    elif ct.siege_fails_on_ships(besieged, army):
        failed_why = (f"the besieged have more Naval SPs ({ct.count(besieged, NAVAL)}) than the army "
                      f"({ct.count(army, NAVAL)})")
    if not failed_why:
        ld = commander(s, space, side)
        tactical = comp.leaders[ld].tactical if ld != NO else NO
        roll = s.d6()
        ok, modified = ct.siege_succeeds(roll, tactical, syracuse=space == comp.space_index["syracuse"])
        mods = f" + {tactical} ({comp.leaders[ld].name})" if tactical > 0 else ""
        mods += " - 2 (Syracuse, 5.3.2)" if space == comp.space_index["syracuse"] else ""
        s.say("5.3", f"Siege of {where}: {SIDE_NAME[side]} rolls {roll}{mods} = {modified}: "
                     f"{'success' if ok else 'failure'}.")
        if not ok:
            failed_why = "the siege roll"
    s.siege[space] = False
    s.touch(space)
    s.ravaged[space] = True
    if failed_why:
        s.say("5.3", f"The siege of {where} fails ({failed_why}): the besieging army goes home; Ravaged marker.")
        _send_side_home(s, space, side, (0, 1, 2), "5.3")
        adjust_sci(s, side, -1, "5.3")
        _leaders_after(s, space, side, True, "5.3")
        return
    s.say("5.3", f"The siege of {where} succeeds: the besieged force is eliminated; Ravaged marker; "
                 f"{SIDE_NAME[side]} sells the enslaved population (+{fig.siege_plunder} talents).")
    _eliminate(s, space, besieged, "5.3", other)
    _leaders_after(s, space, other, True, "5.3")
    s.treasury[side] += fig.siege_plunder
    adjust_sci(s, side, 1, "5.3")
    if was_neutral or in_rebellion:
        s.say("5.3", f"{where} was {'neutral' if was_neutral else 'in rebellion'}: no SCI loss for the other side.")
        victory.siege_won(s, side, NO, f"5.3 at {where}")
    else:
        adjust_sci(s, other, -1, "5.3")
        victory.siege_won(s, side, other, f"5.3 at {where}")


# =============================================================================== 5.4
def t_cb_going_home(s: S, task: Task) -> None:
    """5.4 Going Home Segment: each Army on the map rolls a die plus its leader's Strategy Rating;
    6 or more leaves it in place, less leaves 1 SP and sends the rest to the Going Home Box. The
    leader is removed either way. Then the Going Home Box empties (Post-Combat Movement Table)."""
    s.segment = "5.4 Going Home Segment"
    comp = s.comp
    # (only a space with a leader may hold an Army, 1.3; no leader moves in this loop but off the map)
    for space in sorted({at for at in s.leader_at if at >= 0}):
        for side in (ATHENS, SPARTA):
            if not has_army(s, space, side):
                continue
            ld = commander(s, space, side)
            strategic = comp.leaders[ld].strategic
            roll = s.d6()
            stays = ct.army_stays(roll, strategic)
            total = f" + {strategic} = {roll + strategic}" if strategic > 0 else ""
            s.say("5.4", f"{possessive(comp.leaders[ld].name)} army at {name(s, space)} rolls {roll}{total}: "
                         f"{'it stays in place' if stays else 'it goes home, leaving 1 SP'}; "
                         f"{comp.leaders[ld].name} leaves the map.")
            if not stays:
                here = forces(s, space, side)
                keep = ct.sp_left_behind(comp.spaces[space].kind, here, side)
                part = list(here)
                if keep != NO:
                    part[keep] -= 1
                _send_part_home(s, space, side, tuple(part), (0, 1, 2), "5.4")
            for leader in s.leaders_at(space, side):
                s.leader_at[leader] = LD_OUT
    send_home(s, "5.4")


# =============================================================================== Post-Combat Movement
def pcm_friendly(s: S, space: int, side: int) -> bool:
    """A friendly-controlled space SPs may be placed in (4.9, 5.8, 5.9): controlled by ``side``
    and not in rebellion against it."""
    return s.control[space] == side and s.rebellion[space] in (NOT_REBEL, side)


def _pcm_space(s: S, space: int, side: int) -> int:
    """10.4.3 (a scenario's redirect, e.g. Larisa to Athens), then 5.9 (Chios lost: Samos, which
    state.recontrol makes a coalition space meanwhile)."""
    if s.scenario:
        for src, dst in s.comp.scenario(s.scenario).pcm_redirect:
            if src == space:
                space = dst
    if not pcm_friendly(s, space, side):
        for other, sp in enumerate(s.comp.spaces):
            if sp.stands_in_for == space and pcm_friendly(s, other, side):
                return other
    return space


def place_by_table(s: S, nationality: int, unit_type: int, n: int, rule: str) -> None:
    """Place ``n`` SPs of one nationality and type by the Post-Combat Movement Table (RULINGS P7):
    first the seats of the active neutrals the row calls first, each up to its requirement (5.8;
    an enemy-occupied seat is out of play, 4.5); then the first step with a friendly-controlled
    space takes the rest, split equally, an odd SP by an equal die roll (1.1.3). With no friendly
    space on the row, the SPs are eliminated."""
    if n <= 0:
        return
    comp = s.comp
    side = SLOT_SIDE[slot(nationality, unit_type)]
    i = slot(nationality, unit_type)
    row = comp.post_combat_row(nationality, unit_type)
    label = ct.describe_one(i, n)
    placed: list[str] = []
    for power in row.first_call:
        if not n or s.power_status[power] != side:
            continue
        seat = comp.powers[power].seat
        if s.side_sps(seat, 1 - side) or not pcm_friendly(s, seat, side):
            continue
        want = comp.powers[power].requirement[unit_type] - s.sp[seat][i]
        k = min(n, max(0, want))
        if k:
            s.add_sps(seat, nationality, unit_type, k)
            placed.append(f"{k} to {comp.spaces[seat].name} (5.8 first call)")
            n -= k
    if n:
        for step in row.steps:
            targets = sorted({_pcm_space(s, sp, side) for sp in step})
            targets = [t for t in targets if pcm_friendly(s, t, side)]
            if not targets:
                continue
            share, odd = divmod(n, len(targets))
            counts = dict.fromkeys(targets, share)
            pool = list(targets)
            for _ in range(odd):
                t = s.pick(pool)
                pool.remove(t)
                counts[t] += 1
            for t in targets:
                if counts[t]:
                    s.add_sps(t, nationality, unit_type, counts[t])
                    placed.append(f"{counts[t]} to {comp.spaces[t].name}")
            n = 0
            break
    if n:
        if unit_type == NAVAL:
            s.naval_lost[side] += n
        placed.append(f"{n} eliminated (no friendly space on the table)")
    s.say(rule, f"Post-Combat Movement of {label}: {', '.join(placed)}.")


def send_home(s: S, rule: str = "4.9") -> None:
    """Empty the Going Home Box by the Post-Combat Movement Table (4.9, 5.4, 5.8, 5.9)."""
    s.settle()  # the spaces SPs go to are friendly-controlled ones (5.9: Samos for a lost Chios)
    for i in range(NSLOTS):
        n = s.going_home[i]
        if n:
            s.going_home[i] = 0
            place_by_table(s, SLOT_NATIONALITY[i], SLOT_TYPE[i], n, rule)


def chios_returns(s: S) -> None:
    """5.9: at the end of a Rebellion Expansion Phase, if Chios is once again a friendly Delian
    League space, the Athenian Allied forces at Samos are removed and placed at Chios (rebellion.py
    calls it)."""
    comp = s.comp
    for space, sp in enumerate(comp.spaces):
        chios = sp.stands_in_for
        if chios == NO:
            continue
        side = comp.spaces[chios].coalition
        if side == NO or not pcm_friendly(s, chios, side):
            continue
        allied = ALLIED_NATIONALITY[side]
        moved = [0] * NSLOTS
        for t in range(3):
            k = s.sp[space][slot(allied, t)]
            if k:
                s.remove_sps(space, allied, t, k)
                s.add_sps(chios, allied, t, k)
                moved[slot(allied, t)] = k
        if any(moved):
            s.say("5.9", f"{comp.spaces[chios].name} is friendly again: {ct.describe(tuple(moved))} move "
                         f"from {sp.name} to {comp.spaces[chios].name}.")


# =============================================================================== 5.5
def t_cb_end(s: S, task: Task) -> None:
    """5.5 Concluding the Combat Phase: no Siege markers, no space held by both sides, an empty
    Going Home Box and no leaders on the map."""
    s.segment = "5.5 Concluding the Combat Phase"
    for ld, at in enumerate(s.leader_at):
        if at >= 0:
            s.leader_at[ld] = LD_OUT
            s.say("5.5", f"{s.comp.leaders[ld].name} leaves the map.")
    s.combat = None


# =============================================================================== for views
def combat_view(s: S) -> dict[str, Any] | None:
    """The Combat Phase's bookkeeping by ids and names, for view.py (None when there is none): the
    sieges and who besieges them, the battle situations resolved, the last battle's result."""
    if s.combat is None:
        return None
    comp = s.comp

    def sid(space: int) -> str:
        return comp.spaces[space].id

    sieges = [{"space": sid(space), "besieger": _side_id(besieger(s, space))}
              for space in range(len(comp.spaces)) if s.siege[space]]
    fought = []
    for key in s.combat.get("fought", []):
        a, b = (int(x) for x in str(key).split(">"))
        fought.append({"athens": sid(a), "sparta": sid(b)})
    last = s.combat.get("last")
    return {
        "sieges": sieges,
        "battles": fought,
        "last": None if last is None else {
            "winner": _side_id(int(last["winner"])), "kinds": list(last["kinds"]),
            "athens": sid(int(last["a"])), "sparta": sid(int(last["b"]))},
    }


def _side_id(side: int) -> str | None:
    return None if side == NO else ("athens", "sparta")[side]


def action_label(s: S, action: str) -> str:
    """A player-facing label, with its rule, for a Combat Phase action (terminal, browser)."""
    if action.startswith("defend "):
        ld = s.comp.leader_index.get(action.split(" ", 1)[1])
        who = s.comp.leaders[ld].name if ld is not None else action.split(" ", 1)[1]
        return f"Fight, with {who} conducting the defence (5.3.1)"
    if action.startswith("battle "):
        ids = [s.comp.space_index.get(x) for x in action.split(" ")[1:]]
        if ids and all(i is not None for i in ids):
            where = " against ".join(s.comp.spaces[i].name for i in ids if i is not None)
            return f"Resolve the battle at {where} next (4.0, 5.2)"
    if action.startswith("siege "):
        i = s.comp.space_index.get(action.split(" ", 1)[1])
        if i is not None:
            return f"Resolve the siege of {s.comp.spaces[i].name} next (4.0, 5.3)"
    return {"fight": "Fight (5.3.1)", "decline": "Decline combat (5.3.1)"}.get(action, action)


TASKS = {
    "combat": t_combat,
    "combat_phase": t_combat,  # the name rules.py pushes (INTERFACE.md says "combat")
    "cb_siege_determination": t_cb_siege_determination,
    "cb_battles": t_cb_battles,
    "cb_battle": t_cb_battle,
    "cb_sieges": t_cb_sieges,
    "cb_siege": t_cb_siege,
    "cb_siege_next": t_cb_siege_next,
    "cb_going_home": t_cb_going_home,
    "cb_end": t_cb_end,
}
LEGAL = {"cb_athens_defence": legal_athens_defence, "cb_order": legal_cb_order}
APPLY = {"cb_athens_defence": apply_athens_defence, "cb_order": apply_cb_order}

__all__ = [
    "APPLY",
    "LEGAL",
    "TASKS",
    "action_label",
    "battle_text",
    "besieger",
    "chios_returns",
    "combat_view",
    "euxine_trace",
    "forces",
    "place_by_table",
    "resolve_battle",
    "send_home",
    "situations",
]
