"""The Peloponnesian War: the arithmetic of combat (5.2-5.4, 1.3 ZOI), as pure functions.

What a battle, a siege or a going-home roll gives for given forces, leaders and dice, and how far a
force's Zone of Influence reaches on the map. Nothing here reads or changes a game state or rolls a
die: the Combat Phase procedures (``combat.py``) gather the forces from the state, roll the state's
dice, call these and apply what they return. So each rule's numbers are tested here on their own.

Forces are counted as ``Sps``: the 12 SP counts of ``state.slot`` (``nationality * 3 + unit type``,
as ``state.sp[space]`` holds them), e.g. ``sps[slot(SPARTAN, HOPLITE)]``. No game state is read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from polemos.games.peloponnesian_war import geography
from polemos.games.peloponnesian_war.model import (
    ATHENIAN,
    ATHENS,
    CAVALRY,
    HOPLITE,
    ISLAND,
    NATIONALITIES,
    NAVAL,
    NO,
    SPARTA,
    SPARTAN,
    UNIT_TYPES,
    Components,
)
from polemos.games.peloponnesian_war.state import ALLIED_NATIONALITY, NSLOTS, OWN_NATIONALITY, slot

Sps = tuple[int, ...]  # 12 counts: nationality * 3 + unit type
EMPTY: Sps = (0,) * NSLOTS


def count(sps: Sps, unit_type: int) -> int:
    """SPs of one type, every nationality."""
    a, b, c, d = _TYPE_SLOTS[unit_type]
    return sps[a] + sps[b] + sps[c] + sps[d]


_TYPE_SLOTS = tuple(tuple(slot(n, t) for n in range(len(NATIONALITIES))) for t in range(len(UNIT_TYPES)))
assert all(len(row) == 4 for row in _TYPE_SLOTS)


def land(sps: Sps) -> int:
    return count(sps, HOPLITE) + count(sps, CAVALRY)


def total(sps: Sps) -> int:
    return sum(sps)


def minus(a: Sps, b: Sps) -> Sps:
    return tuple(x - y for x, y in zip(a, b, strict=True))


def plus(a: Sps, b: Sps) -> Sps:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def only(sps: Sps, types: Sequence[int]) -> Sps:
    """The SPs of ``types`` only."""
    return tuple(v if i % len(UNIT_TYPES) in types else 0 for i, v in enumerate(sps))


_SLOT_WORDS = tuple(f"{NATIONALITIES[i // 3].replace('_', ' ').title()} {UNIT_TYPES[i % 3].title()}"
                    for i in range(len(NATIONALITIES) * len(UNIT_TYPES)))


def describe(sps: Sps) -> str:
    """'2 Athenian Hoplite, 1 Athenian Allied Cavalry' (log lines)."""
    parts = [f"{v} {_SLOT_WORDS[i]}" for i, v in enumerate(sps) if v]
    return ", ".join(parts) if parts else "no SPs"


def describe_one(i: int, n: int) -> str:
    """:func:`describe` of ``n`` SPs of slot ``i`` alone."""
    return f"{n} {_SLOT_WORDS[i]}" if n else "no SPs"


# ============================================================================ losses (RULINGS P90)
def loss_order(unit_types: Sequence[int], side: int) -> tuple[int, ...]:
    """The slots a side's losses come from, in order (RULINGS P90): the types in the given order
    (Hoplite before Cavalry, 4.7's order), and within a type the Allied SPs before the Athenian or
    Spartan ones (5.4 keeps a side's own SPs before its allies')."""
    citizen, allied = OWN_NATIONALITY[side], ALLIED_NATIONALITY[side]
    return tuple(s for t in unit_types for s in (slot(allied, t), slot(citizen, t)))


def take(sps: Sps, n: int, order: Sequence[int]) -> Sps:
    """The ``n`` SPs (at most all of them) taken from ``sps`` in ``order``."""
    out = [0] * NSLOTS
    for s in order:
        k = min(n, sps[s])
        out[s] = k
        n -= k
        if n == 0:
            break
    return tuple(out)


# ============================================================================ battles (5.2.1, 5.2.2)
@dataclass(frozen=True, slots=True)
class Combatant:
    """One side in a battle: its SPs and the poorest Tactical Rating of its leaders (5.2.1: "if more
    than one leader is present on a side, use the leader with the poorest"), NO without a leader."""

    side: int
    sps: Sps
    tactical: int = NO


@dataclass(frozen=True, slots=True)
class BattleResult:
    """What a land or naval battle gave. Indexed by side (ATHENS, SPARTA)."""

    kind: str  # "land" / "naval"
    rolls: tuple[int, int]
    modified: tuple[int, int]
    reasons: tuple[tuple[str, ...], tuple[str, ...]]  # the modifiers applied, for the log
    winner: int  # ATHENS / SPARTA, or NO for a draw
    losses: tuple[Sps, Sps]  # SPs eliminated

    @property
    def loser(self) -> int:
        return NO if self.winner == NO else 1 - self.winner


def _winner(modified: tuple[int, int], tactical: tuple[int, int]) -> int:
    """5.2.1/5.2.2: the higher modified roll; on a tie the higher Tactical Rating ("0" beats no
    leader, NO = -1); still tied: a draw."""
    if modified[ATHENS] != modified[SPARTA]:
        return ATHENS if modified[ATHENS] > modified[SPARTA] else SPARTA
    if tactical[ATHENS] != tactical[SPARTA]:
        return ATHENS if tactical[ATHENS] > tactical[SPARTA] else SPARTA
    return NO


def _draw_losses(have: tuple[int, int]) -> tuple[int, int]:
    """A draw (5.2.1, 5.2.2): both sides lose 1 SP, unless each has only one, when neither does. A
    side with only one is eliminated by its loss of 1 (RULINGS P91: the other side still loses 1)."""
    if have[ATHENS] == 1 and have[SPARTA] == 1:
        return 0, 0
    return min(1, have[ATHENS]), min(1, have[SPARTA])


def land_battle(a: Combatant, b: Combatant, rolls: tuple[int, int], *, in_sparta: bool = False) -> BattleResult:
    """5.2.1 Conducting a Land Battle between the Land SPs of two sides; ``rolls`` by side.
    ``in_sparta``: the battle is in the Sparta space (+2 to the Spartan roll)."""
    sides = _by_side(a, b)
    sps = (sides[ATHENS].sps, sides[SPARTA].sps)
    cav = (count(sps[ATHENS], CAVALRY), count(sps[SPARTA], CAVALRY))
    hop = (count(sps[ATHENS], HOPLITE), count(sps[SPARTA], HOPLITE))
    tactical = (sides[ATHENS].tactical, sides[SPARTA].tactical)
    reasons: list[list[str]] = [[], []]
    mod = list(rolls)
    for side in (ATHENS, SPARTA):
        other = 1 - side
        if tactical[side] > 0:
            mod[side] += tactical[side]
            reasons[side].append(f"+{tactical[side]} leader")
        if cav[side] > cav[other]:
            mod[side] += 1
            reasons[side].append("+1 more cavalry")
        if hop[side] > hop[other]:
            mod[side] += hop[side] - hop[other]
            reasons[side].append(f"+{hop[side] - hop[other]} more hoplites")
        spartan = sps[side][slot(SPARTAN, HOPLITE)]
        if spartan and 2 * spartan >= land(sps[side]):  # RULINGS P92: 50% of its Land SPs
            mod[side] += 2
            reasons[side].append("+2 at least 50% Spartan hoplites")
    if in_sparta:
        mod[SPARTA] += 2
        reasons[SPARTA].append("+2 battle in Sparta")
    modified = (mod[ATHENS], mod[SPARTA])
    winner = _winner(modified, tactical)
    order = (loss_order((HOPLITE, CAVALRY), ATHENS), loss_order((HOPLITE, CAVALRY), SPARTA))
    if winner == NO:
        n = _draw_losses((land(sps[ATHENS]), land(sps[SPARTA])))
        losses = (take(sps[ATHENS], n[ATHENS], order[ATHENS]), take(sps[SPARTA], n[SPARTA], order[SPARTA]))
    else:
        loser = 1 - winner
        n_lost = min(abs(modified[ATHENS] - modified[SPARTA]), hop[winner])
        n_lost -= max(0, cav[loser] - cav[winner])  # the loser's excess cavalry covers its retreat
        n_lost = max(1, n_lost)  # "the losing side must always lose at least 1 SP"
        lost = take(sps[loser], n_lost, order[loser])
        losses = (lost, EMPTY) if loser == ATHENS else (EMPTY, lost)
    return BattleResult("land", rolls, modified, (tuple(reasons[0]), tuple(reasons[1])), winner, losses)


def naval_battle(a: Combatant, b: Combatant, rolls: tuple[int, int]) -> BattleResult:
    """5.2.2 Conducting a Naval Battle between the Naval SPs of two sides; ``rolls`` by side."""
    sides = _by_side(a, b)
    sps = (sides[ATHENS].sps, sides[SPARTA].sps)
    nav = (count(sps[ATHENS], NAVAL), count(sps[SPARTA], NAVAL))
    tactical = (sides[ATHENS].tactical, sides[SPARTA].tactical)
    reasons: list[list[str]] = [[], []]
    mod = list(rolls)
    for side in (ATHENS, SPARTA):
        other = 1 - side
        if tactical[side] > 0:
            mod[side] += tactical[side]
            reasons[side].append(f"+{tactical[side]} leader")
        if nav[side] > nav[other]:
            mod[side] += nav[side] - nav[other]
            reasons[side].append(f"+{nav[side] - nav[other]} more naval SPs")
        athenian = sps[side][slot(ATHENIAN, NAVAL)]
        if athenian and 2 * athenian >= nav[side]:
            mod[side] += 2
            reasons[side].append("+2 at least 50% Athenian naval SPs")
    modified = (mod[ATHENS], mod[SPARTA])
    winner = _winner(modified, tactical)
    order = (loss_order((NAVAL,), ATHENS), loss_order((NAVAL,), SPARTA))
    if winner == NO:
        n = _draw_losses(nav)
        losses = (take(sps[ATHENS], n[ATHENS], order[ATHENS]), take(sps[SPARTA], n[SPARTA], order[SPARTA]))
    else:
        loser = 1 - winner
        # RULINGS P93: no "at least 1" here (5.2.2 has none): a tie won on Tactical Rating costs none
        n_lost = min(abs(modified[ATHENS] - modified[SPARTA]), nav[winner])
        lost = take(sps[loser], n_lost, order[loser])
        losses = (lost, EMPTY) if loser == ATHENS else (EMPTY, lost)
    return BattleResult("naval", rolls, modified, (tuple(reasons[0]), tuple(reasons[1])), winner, losses)


def _by_side(a: Combatant, b: Combatant) -> tuple[Combatant, Combatant]:
    if {a.side, b.side} != {ATHENS, SPARTA}:
        raise ValueError("a battle is fought between Athens' side and Sparta's side")
    return (a, b) if a.side == ATHENS else (b, a)


def hostages_taken(result: BattleResult) -> bool:
    """5.6: the winner of a Land Battle takes hostages if any SP lost was an Athenian or Spartan
    (not allied) Hoplite."""
    if result.kind != "land" or result.winner == NO:
        return False
    lost = result.losses[result.loser]
    return lost[slot(ATHENIAN, HOPLITE)] + lost[slot(SPARTAN, HOPLITE)] > 0


# ============================================================================ sieges (5.1, 5.3)
def siege_condition(army: Sps, defenders: Sps, defenders_army: bool) -> bool:
    """5.1: an enemy Army in a fortress space is a siege when no units of the other side are there
    (Condition 1), or a Force (not an Army) of the fortress's side is there and is 4 or more SPs
    weaker than the Army (Condition 2)."""
    if total(defenders) == 0:
        return True
    return not defenders_army and total(army) - total(defenders) >= 4


def long_walls_siege(spartan: Sps, athenian: Sps) -> bool:
    """5.3.1: a Spartan army in Athens or Piraeus is automatically a siege unless the Athenian side
    has at least three more Land SPs there than the Spartan side."""
    return land(athenian) - land(spartan) < 3


def siege_fails_on_ships(besieged: Sps, besiegers: Sps) -> bool:
    """5.3: the siege fails at once if the besieged Force has more Naval SPs than the Army."""
    return count(besieged, NAVAL) > count(besiegers, NAVAL)


def siege_succeeds(roll: int, tactical: int, *, syracuse: bool = False) -> tuple[bool, int]:
    """5.3 (and 5.3.2 for Syracuse, -2): the modified roll and whether it is 4 or more."""
    modified = roll + max(0, tactical) - (2 if syracuse else 0)
    return modified >= 4, modified


# ============================================================================ going home (5.4)
def army_stays(roll: int, strategic: int) -> bool:
    """5.4: a die plus the leader's Strategy Rating of 6 or more leaves the Army in place."""
    return roll + max(0, strategic) >= 6


def sp_left_behind(space_kind: int, sps: Sps, side: int) -> int:
    """5.4 NOTE: the slot of the one SP an Army leaves when it goes home: in a Land or Coastal space a
    Hoplite, else a Cavalry, else a Naval SP; in an Island space a Naval, else a Hoplite or Cavalry
    SP; within each, an Athenian or Spartan SP rather than an Allied one. NO if it has none."""
    types = (NAVAL, HOPLITE, CAVALRY) if space_kind == ISLAND else (HOPLITE, CAVALRY, NAVAL)
    citizen, allied = OWN_NATIONALITY[side], ALLIED_NATIONALITY[side]
    for t in types:
        for n in (citizen, allied):
            if sps[slot(n, t)]:
                return slot(n, t)
    return NO


# ============================================================================ Zones of Influence (1.3)
@dataclass(frozen=True, slots=True)
class Zoi:
    """A force's Zone of Influence (1.3), in two parts: ``land`` (its Land SPs' reach, along Land
    and Combined LOCs) and ``naval`` (its Naval SPs' reach, along Naval and Combined LOCs). 5.2
    asks for each part apart ("Naval/Combined ZOI", "Land/Combined ZOI"); the whole ZOI is both."""

    land: frozenset[int]
    naval: frozenset[int]

    @property
    def all(self) -> frozenset[int]:
        return self.land | self.naval


def zoi(comp: Components, space: int, side: int, sps: Sps, *, combat_phase: bool) -> Zoi:
    """1.3: the ZOI of a force of ``side`` in ``space``, split by what projects it: its Land SPs
    (own space; Cavalry: within 1 Land or Combined LOC) and its Naval SPs (own space and within 2
    Naval or Combined LOCs). The reach, with 4.1.2, 5.3.1 and RULINGS P62, is
    :func:`geography.zoi`'s: one reading of 1.3 for every rule."""
    land_zoi: frozenset[int] = frozenset()
    naval_zoi: frozenset[int] = frozenset()
    if land(sps):
        land_zoi = geography.zoi(comp, space, side, count(sps, HOPLITE), count(sps, CAVALRY), 0, combat_phase)
    if count(sps, NAVAL):
        naval_zoi = geography.zoi(comp, space, side, 0, 0, count(sps, NAVAL), combat_phase)
    return Zoi(land_zoi, naval_zoi)


__all__ = [
    "EMPTY",
    "BattleResult",
    "Combatant",
    "Sps",
    "Zoi",
    "army_stays",
    "count",
    "describe",
    "hostages_taken",
    "land",
    "land_battle",
    "long_walls_siege",
    "loss_order",
    "naval_battle",
    "siege_condition",
    "siege_fails_on_ships",
    "siege_succeeds",
    "slot",
    "sp_left_behind",
    "take",
    "zoi",
]
