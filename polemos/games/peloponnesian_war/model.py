"""The Peloponnesian War's component model: the vocabulary and the frozen dataclasses.

Spaces, LOCs, leaders, scenarios and the like are numbered by small integers (their index in
:class:`Components`); sides, kinds, alignments, LOC types, unit types and nationalities are the
small integer constants below, each the index of its name in the matching tuple. The data files
are read into these by :mod:`polemos.games.peloponnesian_war.data`, which checks them.

Limits: plain read-only data; the rules that use it are not written yet.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

# -- vocabulary (indices are the ids the rules code uses) ------------------------------------------
ATHENS, SPARTA = 0, 1
SIDES = ("athens", "sparta")
PERSIA = 2  # only as the side Alcibiades may serve (3.1, 10.4.1)
SERVES = ("athens", "sparta", "persia")
NO = -1  # "none" for an optional index

LAND, COASTAL, ISLAND = 0, 1, 2
KINDS = ("land", "coastal", "island")  # 1.1.1
DELIAN, PELOPONNESIAN, NEUTRAL = 0, 1, 2
ALIGNMENTS = ("delian", "peloponnesian", "neutral")  # 1.1.1 colour coding
LEAGUE_OF_SIDE = (DELIAN, PELOPONNESIAN)
LAND_LOC, NAVAL_LOC, COMBINED_LOC = 0, 1, 2
LOC_TYPES = ("land", "naval", "combined")  # 1.1.1
HOPLITE, CAVALRY, NAVAL = 0, 1, 2
UNIT_TYPES = ("hoplite", "cavalry", "naval")  # 1.1.2
ATHENIAN, ATHENIAN_ALLIED, SPARTAN, SPARTAN_ALLIED = 0, 1, 2, 3
NATIONALITIES = ("athenian", "athenian_allied", "spartan", "spartan_allied")  # 1.1.2
NATIONALITY_SIDE = (ATHENS, ATHENS, SPARTA, SPARTA)
MARKERS = ("rebellion", "siege")
TARGETS = ("largest-enemy-force", "nearest-lost-space")  # Strategy Matrix targets that are no space
CONDITIONS = {  # when a random event can occur (2.2); an event without one can occur if its effects can
    "attica-ravaged-last-turn": "a space in Attica was ravaged last game turn",
    "athens-holds-hostages": "Athens holds hostages (5.6)",
    "delian-force-in-helot-space": "a Delian League force occupies a Helot Rebellion space (6.3)",
}
TWO_DICE = (2, 12)  # 2.2: the Random Events Table is rolled with both dice
SCENARIO_ENDINGS = ("surrender", "second-side-change", "armistice", "return-to-athens")

# Spaces the rules name by their role; the rules code refers to them by these ids.
RULE_SPACES = {
    "athens": "2.4", "sparta": "2.4", "piraeus": "5.3.1", "decelea": "7.1.4", "panactum": "7.1.4",
    "corinth": "4.1.2", "cenchreae": "4.1.2", "cape_taenarum": "4.1.3", "syracuse": "4.1.3",
    "thebes": "7.1", "epidamnus": "7.1.3", "chios": "5.9", "samos": "5.9", "argos": "4.5",
    "pela": "4.5", "macedon": "4.5", "sardis": "4.5", "euxine": "5.3.1",
    "pylos": "6.3", "asine": "6.3", "corone": "6.3", "prasiae": "6.3", "epidaurus_limera": "6.3",
}
HELOT_SPACES = ("pylos", "asine", "corone", "prasiae", "epidaurus_limera")  # 6.3
EISPHORA_SPACES = ("athens", "piraeus", "panactum", "decelea")  # 7.1.4


# =============================================================================== the components
@dataclass(frozen=True, slots=True)
class Region:
    index: int
    id: str
    name: str
    provenance: str


@dataclass(frozen=True, slots=True)
class Power:
    """A neutral that may become active on a side (1.3, 4.5)."""

    index: int
    id: str
    name: str
    seat: int  # the space its forces stand in; 5.8 first call (Argos, Syracuse, Pela, Sardis)
    spaces: tuple[int, ...]
    joins: tuple[int, ...]  # the sides it may join
    route_closed_while_neutral: bool  # 4.1.1 exception
    shielded_while_neutral: bool  # 4.4 exception: no Cause Rebellion objective while neutral
    event_only: bool  # 4.5: Persia
    changes_sides: bool  # 4.5: Macedon
    requirement: tuple[int, int, int]  # SPs by unit type its seat calls first (5.8)
    provenance: str


@dataclass(frozen=True, slots=True)
class Space:
    index: int
    id: str
    name: str
    aliases: tuple[str, ...]
    kind: int  # LAND / COASTAL / ISLAND
    fortress: bool
    alignment: int  # DELIAN / PELOPONNESIAN / NEUTRAL
    home: int  # the side whose home space it is (2.4), or NO
    home_port: int  # the side whose Naval SPs go home here (RULINGS P6), or NO
    coalition: int  # the side whose coalition space it is from the start, or NO
    power: int  # the neutral power it belongs to (4.5), or NO
    stands_in_for: int  # 5.9: the coalition space it replaces when that one is lost, or NO
    region: int
    island: str  # the island it lies on ("" unless kind is ISLAND)
    strait: tuple[str, ...]  # the two sides of a strait space, else ()
    edge: bool  # the Euxine: a map edge (RULINGS P3)
    lat: float
    lon: float
    rules: tuple[str, ...]
    provenance: str


@dataclass(frozen=True, slots=True)
class Loc:
    """A Line of Communication between spaces ``a`` and ``b`` (1.1.1)."""

    index: int
    a: int
    b: int
    type: int  # LAND_LOC / NAVAL_LOC / COMBINED_LOC
    long_walls: bool  # 5.3.1
    isthmus: bool  # 4.1.2
    storm: bool  # 4.1.3: Cape Taenarum-Syracuse, an Army only
    side: str  # the side of the strait space at one end it reaches, or ""
    km: float  # the straight-line distance between the two spaces' positions
    provenance: str

    def other(self, space: int) -> int:
        return self.b if space == self.a else self.a


@dataclass(frozen=True, slots=True)
class Leader:
    index: int
    id: str
    name: str
    side: int
    tactical: int
    strategic: int
    counter: str  # the name printed on the counter (Leader Counter Abbreviations)
    aliases: tuple[str, ...]
    turncoat: bool  # may serve Athens, Sparta or Persia (3.1)
    provenance: str


@dataclass(frozen=True, slots=True)
class Elimination:
    space: int
    nationality: int
    type: int
    count: int


@dataclass(frozen=True, slots=True)
class RandomEvent:
    """A result of the Random Events Table (2.2), or of its second roll (``again``)."""

    roll: int
    id: str
    title: str
    text: str
    condition: str  # a key of CONDITIONS, or ""
    rebel: tuple[int, ...]
    delian_rebellion: bool
    bellicosity: tuple[int, int]  # by side: 0 or -2 (2.2)
    treasury: tuple[int, int]  # by side, talents
    activate: int  # power, or NO
    change_sides: int  # power, or NO
    alcibiades: bool
    leader_deaths: bool
    eliminate: tuple[Elimination, ...]
    once: bool
    again: tuple[RandomEvent, ...]  # the second roll's results, 1-6 (only for "roll again")
    provenance: str


@dataclass(frozen=True, slots=True)
class RebellionLocation:
    roll: int
    space: int
    provenance: str


@dataclass(frozen=True, slots=True)
class PostCombatRow:
    """Where SPs of one nationality and type go home (4.9, 5.8)."""

    nationality: int
    type: int
    first_call: tuple[int, ...]  # powers whose seats are filled first, when active on this side
    steps: tuple[tuple[int, ...], ...]  # spaces; the first step with a friendly space takes the rest
    provenance: str


@dataclass(frozen=True, slots=True)
class Objective:
    low: int
    high: int
    target: int  # a space, or NO when ``special`` names one of TARGETS
    special: str
    land: int
    naval: int
    provenance: str


@dataclass(frozen=True, slots=True)
class Strategy:
    index: int
    id: str
    name: str
    attacks_home: bool  # 3.1, 5.6: barred while the enemy holds hostages
    cause_rebellion: bool  # 4.4
    objectives: tuple[Objective, ...]
    provenance: str

    def objective(self, roll: int) -> Objective:
        """The objective for one die roll (1-6)."""
        for row in self.objectives:
            if row.low <= roll <= row.high:
                return row
        raise ValueError(f"no objective of {self.id} for a roll of {roll}")


@dataclass(frozen=True, slots=True)
class MatrixRow:
    low: int
    high: int
    strategy: int  # index into Matrix.strategies
    provenance: str


@dataclass(frozen=True, slots=True)
class Matrix:
    """A side's Strategy Matrix (1.3, 3.1): 1d6 + Strategic Rating chooses a strategy."""

    side: int
    rows: tuple[MatrixRow, ...]
    strategies: tuple[Strategy, ...]
    provenance: str

    def strategy_for(self, modified_roll: int) -> Strategy:
        """The strategy for a modified roll (below 1 counts as 1, above the last row as the last)."""
        roll = max(self.rows[0].low, min(modified_roll, self.rows[-1].high))
        for row in self.rows:
            if row.low <= roll <= row.high:
                return self.strategies[row.strategy]
        raise ValueError(f"no strategy for a roll of {modified_roll}")  # unreachable: rows are checked

    def strategy_index(self, strategy_id: str) -> int:
        for s in self.strategies:
            if s.id == strategy_id:
                return s.index
        return NO


def _rule(value: int, rule: str) -> Any:
    return field(metadata={"value": value, "rule": rule})


@dataclass(frozen=True, slots=True)
class Figures:
    """The numbers the rulebook states (figures.toml); each field's metadata holds the rulebook's
    value and rule, and the loader refuses a file that differs."""

    counters: int = _rule(200, "1.1")
    years_per_turn: int = _rule(3, "1.2")
    men_per_hoplite_sp: int = _rule(2000, "1.1.2")
    men_per_spartan_hoplite_sp: int = _rule(1000, "1.1.2")
    men_per_cavalry_sp: int = _rule(2000, "1.1.2")
    triremes_per_naval_sp: int = _rule(25, "1.1.2")
    bellicosity_max: int = _rule(12, "1.3")
    sci_min: int = _rule(-6, "1.3")
    sci_max: int = _rule(6, "1.3")
    side_change_roll: int = _rule(6, "2.1")
    random_event_bellicosity: int = _rule(-2, "2.2")
    activation_land: int = _rule(200, "4.1.5")
    activation_naval: int = _rule(400, "4.1.5")
    home_guard: int = _rule(3, "4.1.1")
    storm_roll: int = _rule(5, "4.1.3")
    adverse_auguries: int = _rule(6, "4.3")
    cause_rebellion_cost: int = _rule(100, "4.4.2")
    cause_rebellion_roll: int = _rule(6, "4.4.2")
    interception_roll: int = _rule(4, "4.6.2")
    skirmish_loss_roll: int = _rule(1, "4.7")
    skirmish_battle_total: int = _rule(11, "4.7")
    skirmish_battle_sps: int = _rule(8, "4.7")
    skirmish_battle_percent: int = _rule(50, "4.7")
    siege_margin: int = _rule(4, "5.1")
    spartan_hoplite_bonus: int = _rule(2, "5.2.1")
    sparta_defence_bonus: int = _rule(2, "5.2.1")
    athenian_naval_bonus: int = _rule(2, "5.2.2")
    siege_roll: int = _rule(4, "5.3")
    siege_plunder: int = _rule(300, "5.3")
    long_walls_margin: int = _rule(3, "5.3.1")
    syracuse_siege_modifier: int = _rule(-2, "5.3.2")
    going_home_roll: int = _rule(6, "5.4")
    rebellion_spread_roll: int = _rule(6, "6.2")
    rebellion_spread_zoi_bonus: int = _rule(2, "6.2")
    helot_hoplite_loss: int = _rule(2, "6.3")
    helot_first_revenue_loss: int = _rule(500, "6.3")
    helot_later_revenue_loss: int = _rule(1000, "6.3")
    helot_bellicosity_loss: int = _rule(2, "6.3")
    athens_revenue: int = _rule(3500, "7.1")
    sparta_revenue: int = _rule(2500, "7.1")
    lost_space_revenue: int = _rule(50, "7.1")
    thebes_corinth_revenue: int = _rule(250, "7.1")
    syracuse_ally_revenue: int = _rule(500, "7.1.1")
    sicily_revenue: int = _rule(1000, "7.1.1")
    sea_lines_loss: int = _rule(1500, "7.1.2")
    epidamnus_revenue: int = _rule(1000, "7.1.3")
    eisphora: int = _rule(1000, "7.1.4")
    emergency_fund: int = _rule(1000, "7.1.5")
    emergency_fund_rebellions: int = _rule(10, "7.1.5")
    sp_cost: int = _rule(200, "7.2")
    construction_limit: int = _rule(600, "7.2")
    bellicosity_per_lost_spaces: int = _rule(10, "8.1")
    armistice_bellicosity: int = _rule(6, "8.3")
    armistice_treasury: int = _rule(1000, "8.3")
    armistice_builds: int = _rule(3, "8.3")
    armistice_bellicosity_reset: int = _rule(10, "8.3")
    victory_points_won: int = _rule(10, "9.0")
    victory_points_lost: int = _rule(15, "9.0")
    surrender_bonus: int = _rule(200, "10.1")
    sicilian_disaster_naval: int = _rule(4, "10.1")
    decisive_victory_points: int = _rule(150, "10.1.5")
    decisive_surrender_turn: int = _rule(3, "10.1.5")


@dataclass(frozen=True, slots=True)
class SideSetup:
    side: int
    treasury: int
    bellicosity: int
    sci: int
    strategy: int  # index into that side's Matrix.strategies, or NO
    provenance: str


@dataclass(frozen=True, slots=True)
class LeaderPlacement:
    leader: int
    at: int
    serves: int  # ATHENS / SPARTA / PERSIA
    commands: bool  # the side's "Leader:" line
    provenance: str


@dataclass(frozen=True, slots=True)
class Force:
    space: int
    nationality: int
    hoplites: int
    cavalry: int
    naval: int
    home_guard: int  # of the hoplites (4.1.1)
    provenance: str

    def sps(self, unit_type: int) -> int:
        return (self.hoplites, self.cavalry, self.naval)[unit_type]


@dataclass(frozen=True, slots=True)
class Marker:
    kind: str  # one of MARKERS
    space: int
    provenance: str


@dataclass(frozen=True, slots=True)
class PowerSetup:
    power: int
    status: int  # NO (neutral) or the side it is an active ally of
    first_joins: int  # 10.3.4: the side it joins the first time it changes sides, or NO
    enter_activates_other: bool  # 10.3.4
    provenance: str


@dataclass(frozen=True, slots=True)
class NeutralForce:
    power: int
    hoplites: int
    cavalry: int
    naval: int
    provenance: str

    def sps(self, unit_type: int) -> int:
        return (self.hoplites, self.cavalry, self.naval)[unit_type]


@dataclass(frozen=True, slots=True)
class Scenario:
    index: int
    id: str
    name: str
    rule: str
    first_turn: int
    last_turn: int
    first_operation: int
    player_starts: int  # a side, or NO for the player's choice
    setup_of: int  # the scenario whose set-up it copies (10.2), or NO
    armistice: bool
    ends_on: tuple[str, ...]
    casualties: tuple[int, ...]  # leaders out of play
    pcm_redirect: tuple[tuple[int, int], ...]  # (from space, to space), 10.4.3
    sides: tuple[SideSetup, SideSetup]  # indexed by side
    leaders: tuple[LeaderPlacement, ...]
    forces: tuple[Force, ...]
    markers: tuple[Marker, ...]
    powers: tuple[PowerSetup, ...]  # indexed by power
    neutral_forces: tuple[NeutralForce, ...]
    provenance: str


@dataclass(frozen=True, slots=True)
class Components:
    regions: tuple[Region, ...]
    powers: tuple[Power, ...]
    spaces: tuple[Space, ...]
    locs: tuple[Loc, ...]
    adjacency: tuple[tuple[tuple[int, int], ...], ...]  # space -> ((neighbour, loc), ...)
    leaders: tuple[Leader, ...]
    random_events: tuple[RandomEvent, ...]  # index = roll - 2
    rebellion_locations: tuple[RebellionLocation, ...]  # index = roll - 1
    post_combat: tuple[PostCombatRow, ...]  # index = nationality * 3 + type
    matrixes: tuple[Matrix, Matrix]  # indexed by side
    figures: Figures
    mix: tuple[tuple[int, int, int], ...]  # SPs by [nationality][type] (1.1.2)
    scenarios: tuple[Scenario, ...]
    space_index: Mapping[str, int]
    leader_index: Mapping[str, int]
    scenario_index: Mapping[str, int]
    version: str

    def space(self, space_id: str) -> Space:
        return self.spaces[self.space_index[space_id]]

    def leader(self, leader_id: str) -> Leader:
        return self.leaders[self.leader_index[leader_id]]

    def scenario(self, scenario_id: str) -> Scenario:
        return self.scenarios[self.scenario_index[scenario_id]]

    def power(self, power_id: str) -> Power:
        for p in self.powers:
            if p.id == power_id:
                return p
        raise KeyError(power_id)

    def random_event(self, roll: int) -> RandomEvent:
        return self.random_events[roll - TWO_DICE[0]]

    def post_combat_row(self, nationality: int, unit_type: int) -> PostCombatRow:
        return self.post_combat[nationality * len(UNIT_TYPES) + unit_type]

    def neighbours(self, space: int) -> tuple[tuple[int, int], ...]:
        """(neighbouring space, LOC index) pairs of ``space``."""
        return self.adjacency[space]
