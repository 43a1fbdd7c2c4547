"""Athens & Sparta's components: the board, the block roster and the card deck, loaded and checked.

:func:`load_components` builds the read-only :class:`~polemos.games.athens_sparta.model.Components`
from the bundled ``data/*.toml`` files, or from a player's ``--data DIR`` whose files replace the
bundled ones of the same name (:func:`polemos.core.data.resolve`). The board (``cities.toml`` and
``map.toml``) is :mod:`polemos.games.athens_sparta.board`'s job; this module parses ``blocks.toml``
and ``cards.toml`` and checks every constraint the rules state (2.11, 2.12, 2.21, 2.24, 3.0, 4.1,
4.6, 7.0, 7.1, 9.4). Every error is a :class:`DataError` naming the file, the entry and the problem.

3.0 sets every block up on its home city, except the blocks of the POTIDAEA siege (3.0 note):
a block's ``at`` may name POTIDAEA and nothing else. ``BlockSpec`` has no field for that, so
:func:`start_locations` gives each map block's starting city.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from polemos.core.data import DataError, digest, read_document, resolve
from polemos.games.athens_sparta.board import load_board
from polemos.games.athens_sparta.model import (
    ATHENS,
    EVENTS,
    HOPLITE,
    MOUNTAIN,
    NAVY,
    NEUTRAL,
    REVOLT,
    SIDE_IDS,
    SIDE_NAMES,
    SIDE_NONE,
    SPARTA,
    TYPE_NAMES,
    BlockSpec,
    Board,
    Card,
    Components,
    opposite,
)

DATA_DIR = Path(__file__).parent / "data"
CITIES_FILE = "cities.toml"
MAP_FILE = "map.toml"
BLOCKS_FILE = "blocks.toml"
CARDS_FILE = "cards.toml"

MIN_STEPS, MAX_STEPS = 2, 4  # 2.11
REVOLT_STEPS = 4  # 7.0: strength = MP spent; the block's four sides hold 1-4
RATING = re.compile(r"([ABC])([1-4])")  # 2.12
BLOCK_SIDES = ("athens", "sparta", "neutral")
RESERVE_NAME = "RESERVE"  # 2.14, 3.0
# 7.0, 7.1: revolt kind -> (label, side that plays it)
REVOLT_BLOCKS = {"demos": ("DEMOS", ATHENS), "tyrants": ("TYRANTS", SPARTA), "helots": ("HELOTS", ATHENS)}
HELOT_CITY = "MESSENE"  # 7.1
SIEGE_AT_START = "POTIDAEA"  # 3.0 note: Spartan-held, besieged and blockaded by Athens
REBEL_CITIES = ("CHIOS", "CORCYRA", "MYTILENE", "RHODES")  # 3.0, 9.4
MAIN_CITY = "ATHENS"  # Terrain Effects Table note: stack 6, at most 4 armies
MAIN_STACK, MAIN_ARMIES = 6, 4
STACK, MOUNTAIN_STACK = 4, 2  # 4.1

DECK_SIZE = 25  # Card Phase
MIN_MP, MAX_MP = 1, 5  # 4.6 example: a 5
# First edition 4.61: an average hand of six is 16 MP, so 25 cards hold about 67 MP.
MIN_DECK_MP, MAX_DECK_MP = 64, 70
STORM_MP = 2  # 4.6 example: "2/Storm"
AMOUNT_EVENTS = ("levy", "sedition")  # events whose card carries an amount

BLOCK_KEYS = frozenset(
    {
        "id",
        "name",
        "side",
        "type",
        "steps",
        "rating",
        "home",
        "start",
        "at",
        "rebel_of",
        "revolt",
        "provenance",
    }
)
CARD_KEYS = frozenset({"id", "mp", "event", "title", "text", "amount", "provenance"})


def data_files() -> list[str]:
    """The names of the data files a game of Athens & Sparta is built from, in load order."""
    return [CITIES_FILE, MAP_FILE, BLOCKS_FILE, CARDS_FILE]


@dataclass(frozen=True, slots=True)
class Roster:
    """The parsed block roster: the blocks, and where each map block starts (block -> city index)."""

    blocks: tuple[BlockSpec, ...]
    start_at: dict[int, int]


# ------------------------------------------------------------------------------------------ fields


def _entries(doc: dict[str, Any], key: str, file: str) -> list[dict[str, Any]]:
    raw = doc.get(key)
    if not isinstance(raw, list) or not all(isinstance(e, dict) for e in raw):
        raise DataError(file, "", f"expected an array of [[{key}]] tables")
    return raw


def _text(entry: dict[str, Any], key: str, file: str, where: str, *, required: bool = True) -> str:
    value = entry.get(key, "")
    if not isinstance(value, str):
        raise DataError(file, where, f"'{key}' must be a string, not {value!r}")
    if required and not value.strip():
        raise DataError(file, where, f"'{key}' is missing or empty")
    return value


def _number(entry: dict[str, Any], key: str, file: str, where: str, default: int | None = None) -> int:
    value = entry.get(key, default)
    if value is None:
        raise DataError(file, where, f"'{key}' is missing")
    if isinstance(value, bool) or not isinstance(value, int):
        raise DataError(file, where, f"'{key}' must be an integer, not {value!r}")
    return value


def _no_unknown_keys(entry: dict[str, Any], allowed: frozenset[str], file: str, where: str) -> None:
    unknown = sorted(set(entry) - allowed)
    if unknown:
        raise DataError(file, where, f"unknown field(s) {', '.join(unknown)}")


def _city(name: str, key: str, city_index: Mapping[str, int], file: str, where: str) -> int:
    if name not in city_index:
        raise DataError(file, where, f"'{key}' names unknown city {name!r}")
    return city_index[name]


# ------------------------------------------------------------------------------------------ blocks


def load_blocks(path: Path, city_index: Mapping[str, int], city_sides: Sequence[int] | None = None) -> Roster:
    """Parse and check a ``blocks.toml`` file against the cities it may name.

    ``city_index`` maps city names to indices; ``city_sides`` (indexed the same way, values
    ``model.ATHENS``/``SPARTA``/``NEUTRAL``/...) enables the home-city colour checks. The stacking
    check needs the map's terrain and is done by :func:`load_components`.
    """
    file = path.name
    entries = _entries(read_document(path), "block", file)
    blocks: list[BlockSpec] = []
    start_at: dict[int, int] = {}
    seen: set[str] = set()
    for n, entry in enumerate(entries):
        where = f"block #{n + 1}"
        block_id = _text(entry, "id", file, where)
        where = f"block {block_id}"
        _no_unknown_keys(entry, BLOCK_KEYS, file, where)
        if block_id in seen:
            raise DataError(file, where, "duplicate id")
        seen.add(block_id)
        block, at = _parse_block(len(blocks), block_id, entry, city_index, city_sides, file, where)
        if block.start == "map":
            start_at[block.index] = at if at >= 0 else block.home
        blocks.append(block)
    if not blocks:
        raise DataError(file, "", "no [[block]] entries")
    _check_roster(blocks, city_index, file)
    _check_siege_at_start(blocks, start_at, city_index, file)
    return Roster(tuple(blocks), start_at)


def _parse_block(
    index: int,
    block_id: str,
    entry: dict[str, Any],
    city_index: Mapping[str, int],
    city_sides: Sequence[int] | None,
    file: str,
    where: str,
) -> tuple[BlockSpec, int]:
    name = _text(entry, "name", file, where)
    side_name = _text(entry, "side", file, where)
    if side_name not in BLOCK_SIDES:
        raise DataError(file, where, f"side {side_name!r} is not one of {', '.join(BLOCK_SIDES)}")
    side = SIDE_IDS.index(side_name)
    type_name = _text(entry, "type", file, where)
    if type_name not in TYPE_NAMES:
        raise DataError(file, where, f"type {type_name!r} is not one of {', '.join(TYPE_NAMES)}")
    kind = TYPE_NAMES.index(type_name)
    steps = _number(entry, "steps", file, where)
    if not MIN_STEPS <= steps <= MAX_STEPS:
        raise DataError(file, where, f"rule 2.11: steps {steps} outside {MIN_STEPS}-{MAX_STEPS}")
    rating_text = _text(entry, "rating", file, where)
    rating = RATING.fullmatch(rating_text)
    if rating is None:
        raise DataError(file, where, f"rule 2.12: rating {rating_text!r} is not A/B/C followed by 1-4")
    start = _text(entry, "start", file, where)
    if start not in ("map", "pool"):
        raise DataError(file, where, f"start {start!r} is not 'map' or 'pool'")
    provenance = _text(entry, "provenance", file, where)
    home_name = _text(entry, "home", file, where, required=False)
    home = _city(home_name, "home", city_index, file, where) if home_name else -1
    at_name = _text(entry, "at", file, where, required=False)
    at = _city(at_name, "at", city_index, file, where) if at_name else -1
    rebel_name = _text(entry, "rebel_of", file, where, required=False)
    rebel_of = _city(rebel_name, "rebel_of", city_index, file, where) if rebel_name else -1
    revolt = _text(entry, "revolt", file, where, required=False)
    reserve = name == RESERVE_NAME

    # Revolt blocks (7.0, 7.1)
    if (kind == REVOLT) != bool(revolt):
        raise DataError(file, where, "rule 7.0: type 'revolt' and a 'revolt' kind go together")
    if revolt:
        if revolt not in REVOLT_BLOCKS:
            raise DataError(file, where, f"revolt {revolt!r} is not one of {', '.join(REVOLT_BLOCKS)}")
        label, revolt_side = REVOLT_BLOCKS[revolt]
        if name != label or side != revolt_side:
            raise DataError(
                file, where, f"rule 7.0: the {revolt} block is {label}, side {SIDE_IDS[revolt_side]}"
            )
        if steps != REVOLT_STEPS:
            raise DataError(file, where, f"rule 7.0: a revolt block has {REVOLT_STEPS} steps")
        if home_name and not (revolt == "helots" and home_name == HELOT_CITY):
            raise DataError(file, where, f"rule 7.1: only HELOTS has a home ({HELOT_CITY})")
    # Home city (2.14): every block but RESERVE and DEMOS/TYRANTS has one
    if reserve and home_name:
        raise DataError(file, where, "rule 2.14: a RESERVE block has no home city")
    if not reserve and not revolt and not home_name:
        raise DataError(file, where, "rule 2.14: 'home' is missing")
    if side == NEUTRAL and (reserve or revolt):
        raise DataError(file, where, "rule 3.1: green blocks belong to a neutral city")
    # Blue-star navies (9.4)
    if rebel_name:
        if side != SPARTA or kind != NAVY:
            raise DataError(file, where, "rule 9.4: only Spartan navies have 'rebel_of'")
        if rebel_name not in REBEL_CITIES:
            raise DataError(file, where, f"rule 9.4: {rebel_name} is not one of {', '.join(REBEL_CITIES)}")
        if home_name != rebel_name:
            raise DataError(file, where, "rule 9.4: a blue-star navy's home is the city it is the twin of")
    if city_sides is not None and home >= 0 and not (revolt == "helots" or rebel_name):
        if city_sides[home] != side:
            raise DataError(
                file, where, f"home {home_name} is not a {SIDE_IDS[side]} city (2.14: where it originates)"
            )
    # Deployment (3.0, 3.1)
    pool = reserve or bool(revolt) or bool(rebel_name) or side == NEUTRAL
    if start != ("pool" if pool else "map"):
        why = (
            "rule 3.1: green blocks stay off-map"
            if side == NEUTRAL
            else "rule 3.0: RESERVE, DEMOS/TYRANTS/HELOTS and the blue-star navies start in the pool"
            if pool
            else "rule 3.0: every other block starts on the map"
        )
        raise DataError(file, where, f"start {start!r}: {why}")
    if at_name and start != "map":
        raise DataError(file, where, "'at' is only for blocks that start on the map")
    if at_name and at_name != SIEGE_AT_START:
        raise DataError(
            file,
            where,
            f"rule 3.0: blocks set up on their home city; only the blocks of the {SIEGE_AT_START} siege"
            f" (3.0 note) start elsewhere, so 'at' may name {SIEGE_AT_START}, not {at_name}",
        )

    block = BlockSpec(
        index=index,
        id=block_id,
        name=name,
        side=side,
        type=kind,
        steps=steps,
        rating_letter=rating.group(1),
        rating=int(rating.group(2)),
        home=home,
        start=start,
        reserve=reserve,
        revolt=revolt,
        rebel_of=rebel_of,
        provenance=provenance,
    )
    return block, at


def _rank(block: BlockSpec) -> tuple[int, int]:
    """A comparable combat rating: earlier letter first, then the higher number (2.12)."""
    return (-"ABC".index(block.rating_letter), block.rating)


def _check_roster(blocks: list[BlockSpec], city_index: Mapping[str, int], file: str) -> None:
    """Constraints on the roster as a whole: revolt blocks, twins (9.4), best ratings (2.21, 2.24)."""
    kinds = Counter(b.revolt for b in blocks if b.revolt)
    for kind, (label, _) in REVOLT_BLOCKS.items():
        if kinds[kind] != 1:
            raise DataError(file, "roster", f"rule 3.0: expected one {label} block, found {kinds[kind]}")
    for city in REBEL_CITIES:
        if city not in city_index:
            raise DataError(file, "roster", f"rule 9.4: city {city} is missing from the map")
        home = city_index[city]
        twins = [b for b in blocks if b.rebel_of == home]
        navies = [b for b in blocks if b.side == ATHENS and b.type == NAVY and b.home == home]
        if len(twins) != 1 or len(navies) != 1:
            raise DataError(
                file, "roster", f"rule 9.4: {city} needs one Athenian navy and one Spartan blue-star twin"
            )
        if twins[0].steps != navies[0].steps:
            raise DataError(
                file, f"block {twins[0].id}", f"rule 9.4: converts at the same strength as {navies[0].id}"
            )
    # 2.21: Spartan hoplites have the highest combat ratings
    sparta = city_index.get("SPARTA", -2)
    spartans = [b for b in blocks if b.type == HOPLITE and b.home == sparta]
    others = [b for b in blocks if b.type == HOPLITE and b.home != sparta]
    if spartans and others:
        best_other = max(others, key=_rank)
        if _rank(best_other) >= max(_rank(b) for b in spartans):
            raise DataError(file, f"block {best_other.id}", "rule 2.21: rates as high as a Spartan hoplite")
    # 2.24: Athenian navies have higher combat ratings
    athenian = [b for b in blocks if b.type == NAVY and b.side == ATHENS]
    spartan = [b for b in blocks if b.type == NAVY and b.side == SPARTA]
    if athenian and spartan:
        best = max(spartan, key=_rank)
        if _rank(best) >= max(_rank(b) for b in athenian):
            raise DataError(file, f"block {best.id}", "rule 2.24: rates as high as the best Athenian navy")


def _check_siege_at_start(
    blocks: list[BlockSpec], start_at: Mapping[int, int], city_index: Mapping[str, int], file: str
) -> None:
    """3.0 note: POTIDAEA starts Spartan-held, besieged (an Athenian army) and blockaded (an
    Athenian navy): the set-up must put a Spartan block and an Athenian army and navy there."""
    if SIEGE_AT_START not in city_index:
        return
    there = [b for b in blocks if start_at.get(b.index) == city_index[SIEGE_AT_START]]
    if not (
        any(b.side == SPARTA for b in there)
        and any(b.side == ATHENS and b.is_army for b in there)
        and any(b.side == ATHENS and b.type == NAVY for b in there)
    ):
        raise DataError(
            file,
            "roster",
            f"rule 3.0 note: {SIEGE_AT_START} is Spartan-held, besieged and blockaded by Athens at start:"
            f" set up a Spartan block, an Athenian army and an Athenian navy there (at = \"{SIEGE_AT_START}\")",
        )


def _check_stacking(board: Board, roster: Roster, file: str) -> None:
    """4.1: no side starts more blocks in a hex than it can stack (green blocks: on their city)."""
    placed: dict[tuple[int, int], list[BlockSpec]] = {}
    for block in roster.blocks:
        where = roster.start_at.get(block.index, block.home if block.side == NEUTRAL else -1)
        if where >= 0:
            placed.setdefault((block.side, where), []).append(block)
    for (side, where), stack in placed.items():
        city = board.cities[where]
        armies = sum(1 for b in stack if b.is_army)
        if city.name == MAIN_CITY:
            limit, army_limit = MAIN_STACK, MAIN_ARMIES
        elif board.terrain[city.hex] == MOUNTAIN:
            limit = army_limit = MOUNTAIN_STACK
        else:
            limit = army_limit = STACK
        if len(stack) > limit or armies > army_limit:
            raise DataError(
                file,
                f"block {stack[-1].id}",
                f"rule 4.1: {len(stack)} {SIDE_IDS[side]} blocks ({armies} armies) start in {city.name},"
                f" which stacks {limit} (armies {army_limit})",
            )


# ------------------------------------------------------------------------------------------ cards


def load_cards(path: Path) -> tuple[Card, ...]:
    """Parse and check a ``cards.toml`` file: 25 cards (Card Phase) that satisfy 4.6."""
    file = path.name
    entries = _entries(read_document(path), "card", file)
    cards: list[Card] = []
    seen: set[str] = set()
    for n, entry in enumerate(entries):
        where = f"card #{n + 1}"
        card_id = _text(entry, "id", file, where)
        where = f"card {card_id}"
        _no_unknown_keys(entry, CARD_KEYS, file, where)
        if card_id in seen:
            raise DataError(file, where, "duplicate id")
        seen.add(card_id)
        mp = _number(entry, "mp", file, where)
        if not MIN_MP <= mp <= MAX_MP:
            raise DataError(file, where, f"mp {mp} outside {MIN_MP}-{MAX_MP}")
        event = _text(entry, "event", file, where, required=False)
        if event and event not in EVENTS:
            raise DataError(file, where, f"unknown event {event!r} (known: {', '.join(EVENTS)})")
        amount = _number(entry, "amount", file, where, default=0)
        if event in AMOUNT_EVENTS and amount < 1:
            raise DataError(file, where, f"a {event} card needs a positive 'amount'")
        if event not in AMOUNT_EVENTS and amount != 0:
            raise DataError(file, where, f"'amount' only applies to {' and '.join(AMOUNT_EVENTS)} cards")
        cards.append(
            Card(
                index=len(cards),
                id=card_id,
                mp=mp,
                event=event,
                title=_text(entry, "title", file, where),
                text=_text(entry, "text", file, where),
                amount=amount,
                provenance=_text(entry, "provenance", file, where),
            )
        )
    _check_deck(cards, file)
    return tuple(cards)


def _check_deck(cards: list[Card], file: str) -> None:
    if len(cards) != DECK_SIZE:
        raise DataError(file, "deck", f"the game has {DECK_SIZE} cards, found {len(cards)}")
    total = sum(c.mp for c in cards)
    if not MIN_DECK_MP <= total <= MAX_DECK_MP:
        raise DataError(
            file, "deck", f"total {total} MP outside {MIN_DECK_MP}-{MAX_DECK_MP} (average hand of 6 ~ 16 MP)"
        )
    if not any(c.mp == MAX_MP for c in cards):
        raise DataError(file, "deck", f"rule 4.6: no card worth {MAX_MP}")
    if not any(c.event == "storm" and c.mp == STORM_MP for c in cards):
        raise DataError(file, "deck", f"rule 4.6: no '{STORM_MP}/Storm' card")
    for event in ("earthquake", "betrayal"):
        if not any(c.event == event for c in cards):
            raise DataError(file, "deck", f"no {event} card (rules 4.0 sidebar, Q&A)")


# ------------------------------------------------------------------------------------------ all


# block-roster start locations of each loaded data version (BlockSpec has no field for them)
_START_AT: dict[str, dict[int, int]] = {}


def load_components(override: Path | None = None) -> Components:
    """The board, blocks and cards, from the bundled data or ``override`` (a ``--data`` directory).

    Cached per override directory: components are read-only and shared by every state.
    """
    return _load_components(None if override is None else Path(override).resolve())


@functools.lru_cache(maxsize=16)
def _load_components(override: Path | None) -> Components:
    board = load_board(override)
    blocks_path = resolve(DATA_DIR, BLOCKS_FILE, override)
    roster = load_blocks(blocks_path, board.city_index, [c.side for c in board.cities])
    _check_stacking(board, roster, blocks_path.name)
    cards = load_cards(resolve(DATA_DIR, CARDS_FILE, override))
    used = [resolve(DATA_DIR, name, override) for name in data_files()]
    for path in used:
        if not path.is_file():
            raise DataError(path.name, "", "file not found")
    version = digest(used)
    _START_AT[version] = dict(roster.start_at)
    return Components(
        board=board,
        blocks=roster.blocks,
        block_index={b.id: b.index for b in roster.blocks},
        cards=cards,
        version=version,
    )


FIRST_DIR = "first"  # the first edition's overlay files (issue 13, RULINGS FE26)
FIRST_CITY_KEYS = frozenset({"name", "walled", "provenance"})


def load_components_first(override: Path | None = None) -> Components:
    """The first edition's components (option ``edition=first``): the bundled (or ``override``)
    components with the overlay ``first/cities.toml`` applied — only the cities that differ, each
    with its provenance (RULINGS FE26). Its version hashes the overlay too."""
    return _load_components_first(None if override is None else Path(override).resolve())


@functools.lru_cache(maxsize=16)
def _load_components_first(override: Path | None) -> Components:
    import dataclasses

    base = _load_components(override)
    path = resolve(DATA_DIR / FIRST_DIR, CITIES_FILE, None if override is None else override / FIRST_DIR)
    file = f"{FIRST_DIR}/{CITIES_FILE}"
    doc = read_document(path)
    cities = list(base.board.cities)
    for i, entry in enumerate(_entries(doc, "city", file)):
        where = f"city {i + 1}"
        _no_unknown_keys(entry, FIRST_CITY_KEYS, file, where)
        name = _text(entry, "name", file, where)
        c = base.board.city_index.get(name)
        if c is None:
            raise DataError(file, where, f"unknown city {name!r}")
        walled = entry.get("walled", cities[c].walled)
        if not isinstance(walled, bool):
            raise DataError(file, name, "walled must be true or false")
        cities[c] = dataclasses.replace(cities[c], walled=walled,
                                        provenance=_text(entry, "provenance", file, name))
    map_path = resolve(DATA_DIR / FIRST_DIR, MAP_FILE, None if override is None else override / FIRST_DIR)
    land_side = _first_map_sides(base.board, read_document(map_path), f"{FIRST_DIR}/{MAP_FILE}")
    board = dataclasses.replace(base.board, cities=tuple(cities), land_side=land_side)
    version = "1st-" + digest([path, map_path])[:6] + "-" + base.version
    _START_AT[version] = _START_AT[base.version]
    return dataclasses.replace(base, board=board, version=version)


FIRST_SIDE_KEYS = frozenset({"name", "land", "hexsides", "provenance"})


def _first_map_sides(board: Board, doc: dict[str, Any], file: str) -> tuple[tuple[int, ...], ...]:
    """The land sides of the first edition's map: the bundled ones with the overlay's [[sides]]
    (RULINGS FE26: the NAUPACTUS-0707 hexside a mountain side, 1st 6.3 example)."""
    sides = [list(row) for row in board.land_side]
    for i, entry in enumerate(_entries(doc, "sides", file)):
        where = f"sides {i + 1}"
        _no_unknown_keys(entry, FIRST_SIDE_KEYS, file, where)
        _text(entry, "provenance", file, where)
        land = _text(entry, "land", file, where)
        if land not in SIDE_NAMES or SIDE_NAMES.index(land) == SIDE_NONE:
            raise DataError(file, where, f"land must be clear, pass or mountain, not {land!r}")
        hexsides = entry.get("hexsides")
        if not isinstance(hexsides, list) or not hexsides:
            raise DataError(file, where, "hexsides must be a list of 'AAAA-BBBB'")
        for pair in hexsides:
            a, _, b = str(pair).partition("-")
            h, n = board.hex_index.get(a, -1), board.hex_index.get(b, -1)
            if h < 0 or n < 0 or n not in board.neighbours[h]:
                raise DataError(file, where, f"{pair!r} is not a hexside between two hexes of the map")
            d = board.neighbours[h].index(n)
            if sides[h][d] == SIDE_NONE:
                raise DataError(file, where, f"{pair!r} has no land crossing to change")
            sides[h][d] = sides[n][opposite(d)] = SIDE_NAMES.index(land)
    return tuple(tuple(row) for row in sides)


def start_locations(components: Components) -> dict[int, int]:
    """Where each block that starts on the map is set up (3.0): block index -> city index.

    The home city, except for the besiegers and the besieged of POTIDAEA, which the data places
    there with ``at`` (3.0 note). Pool and green blocks are absent.
    For components not built by :func:`load_components`, every map block starts at home.
    """
    known = _START_AT.get(components.version)
    if known is not None:
        return dict(known)
    return {b.index: b.home for b in components.blocks if b.start == "map"}


def city_table(path: Path) -> tuple[dict[str, int], tuple[int, ...]]:
    """Names -> indices and the side of each city, in ``cities.toml`` order, without the map.

    For checking a roster on its own (``polemos data check`` of a partial directory, tests).
    """
    file = path.name
    index: dict[str, int] = {}
    sides: list[int] = []
    for n, entry in enumerate(_entries(read_document(path), "city", file)):
        name = _text(entry, "name", file, f"city #{n + 1}")
        side = _text(entry, "side", file, f"city {name}")
        if side not in SIDE_IDS:
            raise DataError(file, f"city {name}", f"side {side!r} is not one of {', '.join(SIDE_IDS)}")
        index[name] = len(sides)
        sides.append(SIDE_IDS.index(side))
    return index, tuple(sides)


__all__ = [
    "DATA_DIR",
    "Roster",
    "city_table",
    "data_files",
    "load_blocks",
    "load_cards",
    "load_components",
    "start_locations",
]
