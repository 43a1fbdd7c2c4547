"""Static component model of Athens & Sparta: board, cities, blocks and cards.

Loaded once from the data files (``data/*.toml``, or a player's ``--data DIR``) by
:func:`polemos.games.athens_sparta.data.load_components` and shared, read-only, by every state.
Everything is integer-indexed so the rules engine never hashes strings on its hot path.

Hex directions are 0..5; ``opposite(d) == (d + 3) % 6``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Hex terrain (rule 4.1, Terrain Effects Table)
CLEAR = 0
MOUNTAIN = 1
STRAIT = 2  # a land hex holding a narrow waterway (1.5, 4.3)
SEA = 3
OFFBOARD = 4  # SYRACUSE's off-board area (9.2)

TERRAIN_NAMES = ("clear", "mountain", "strait", "sea", "offboard")

# Land hexside kinds (4.1): what an army may cross and the attack limit through it
SIDE_NONE = 0  # no land crossing (water only, or off map)
SIDE_CLEAR = 1  # attack limit 2
SIDE_PASS = 2  # attack limit 1
SIDE_MOUNTAIN = 3  # impassable, attack limit 0

SIDE_NAMES = ("none", "clear", "pass", "mountain")

# Block types (2.2)
HOPLITE = 0
PELTAST = 1
CAVALRY = 2
NAVY = 3
REVOLT = 4  # DEMOS / TYRANTS / HELOTS (7.0)

TYPE_NAMES = ("hoplite", "peltast", "cavalry", "navy", "revolt")
TYPE_MOVE = (3, 4, 5, 4, 0)  # 4.4
TYPE_COST = (2, 1, 3, 3, 0)  # 8.4, BP per step
TYPE_COST_ED1 = (1, 1, 2, 2, 0)  # first edition 8.4: PP per step (hoplites, peltasts 1; cavalry, navies 2)

# Rules editions (issue 13): the option ``edition``; the state keeps ``ed1`` (a bool) for the rules
EDITION_SECOND = "second"  # the current English rules (the default)
EDITION_FIRST = "first"  # the first edition (Spanish rulebook, athens-and-sparta.first-edition.es.txt)
EDITIONS = (EDITION_SECOND, EDITION_FIRST)
RULES_SECOND = "Columbia Games, current English rules"
RULES_FIRST = "Columbia Games, first edition (Spanish rulebook)"

# Sides
ATHENS = 0
SPARTA = 1
NEUTRAL = 2
PERSIA = 3
NOSIDE = 4  # black cities and oracles

SIDE_IDS = ("athens", "sparta", "neutral", "persia", "none")


def opposite(direction: int) -> int:
    return (direction + 3) % 6


@dataclass(frozen=True, slots=True)
class City:
    index: int
    name: str
    side: int  # ATHENS, SPARTA, NEUTRAL, PERSIA or NOSIDE: the printed colour
    value: int  # 0 = minor city (1.2)
    walled: bool
    port: bool
    hex: int  # hex index (SYRACUSE: the off-board pseudo-hex)
    coast: int  # which coast of its hex the port lies on (1.7); 0 when the hex has one coast
    oracle: bool = False
    offboard: bool = False
    provenance: str = ""

    @property
    def major(self) -> bool:
        return self.value > 0


@dataclass(frozen=True, slots=True)
class Board:
    """The hex map. Index ``len(hexes) - 1`` is SYRACUSE's off-board area (terrain OFFBOARD)."""

    hexes: tuple[str, ...]  # hex labels, e.g. "0712"
    terrain: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]  # 6 per hex, -1 = off the map
    land_side: tuple[tuple[int, ...], ...]  # SIDE_* per hex and direction (symmetric)
    water_side: tuple[tuple[int, ...], ...]  # coast index in this hex, -1 = not navigable
    far_sides: tuple[frozenset[int], ...]  # strait hexes: directions on the non-city side
    city_at: tuple[int, ...]  # city index per hex, -1 = no city
    cities: tuple[City, ...]
    city_index: dict[str, int]
    hex_index: dict[str, int]
    embarkation: tuple[int, ...]  # cities from which SYRACUSE is reached (9.2)
    centers: tuple[tuple[float, float], ...]  # drawing coordinates of each hex centre
    rivers: tuple[tuple[tuple[int, int], ...], ...] = ()  # (hex, direction) hexsides per river
    river_sources: tuple[int, ...] = ()  # hexes of the Haliacmon/Arathus sources (Q&A)
    provenance: dict[str, str] = field(default_factory=dict)

    @property
    def syracuse_hex(self) -> int:
        return len(self.hexes) - 1


@dataclass(frozen=True, slots=True)
class BlockSpec:
    index: int
    id: str  # unique, e.g. "ATH-H1" (never shown to the opponent)
    name: str  # label printed on the block, e.g. "ATHENS", "RESERVE", "DEMOS"
    side: int  # ATHENS, SPARTA or NEUTRAL (green)
    type: int
    steps: int  # maximum strength 2-4 (2.11)
    rating_letter: str  # "A", "B" or "C" (2.12)
    rating: int  # 1-4: highest die that hits
    home: int  # city index, -1 for RESERVE blocks (built in any friendly major city, 2.14)
    start: str  # "map" (at home, full strength, 3.0) or "pool"
    reserve: bool = False
    revolt: str = ""  # "demos", "tyrants", "helots" for revolt blocks (7.0)
    rebel_of: int = -1  # Spartan blue-star navy: the Athenian city it is the twin of (9.4)
    provenance: str = ""

    @property
    def move(self) -> int:
        if self.revolt == "helots":
            return TYPE_MOVE[PELTAST]  # 7.1: a victorious HELOT functions like any peltast
        return TYPE_MOVE[self.type]

    @property
    def is_army(self) -> bool:
        return self.type in (HOPLITE, PELTAST, CAVALRY) or self.revolt == "helots"


@dataclass(frozen=True, slots=True)
class Card:
    index: int
    id: str
    mp: int
    event: str  # "" or one of EVENTS
    title: str
    text: str  # the exact effect, in our words
    amount: int = 0  # event parameter (levy BPs, sedition steps)
    provenance: str = ""


# The event vocabulary the rules engine implements (4.6 and component-data.md)
EVENTS = ("storm", "earthquake", "betrayal", "plague", "levy", "sedition")


@dataclass(frozen=True, slots=True)
class Components:
    board: Board
    blocks: tuple[BlockSpec, ...]
    block_index: dict[str, int]
    cards: tuple[Card, ...]
    version: str  # data version (hash of the files), recorded in game records
