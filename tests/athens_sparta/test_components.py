"""The reconstructed Athens & Sparta block roster and card deck satisfy the rules that constrain them.

Most tests need no map: they read blocks.toml and cards.toml against cities.toml. The tests of
:func:`load_components` (which also builds the board) are skipped until board.py exists.
"""

from __future__ import annotations

import importlib.util
from collections import Counter
from pathlib import Path

import pytest

from polemos.core.constraints import Constraint
from polemos.core.data import DataError
from polemos.games.athens_sparta import data
from polemos.games.athens_sparta.constraints import CONSTRAINTS
from polemos.games.athens_sparta.data import (
    BLOCKS_FILE,
    CARDS_FILE,
    CITIES_FILE,
    DATA_DIR,
    Roster,
    city_table,
    load_blocks,
    load_cards,
)
from polemos.games.athens_sparta.model import (
    ATHENS,
    CAVALRY,
    EVENTS,
    HOPLITE,
    NAVY,
    NEUTRAL,
    PELTAST,
    REVOLT,
    SPARTA,
    BlockSpec,
    Card,
    Components,
)


def constraint(rule: str, word: str = "") -> Constraint[Components]:
    """The shared constraint of ``rule`` (whose text has ``word``), as ``polemos data check`` runs it."""
    (found,) = [c for c in CONSTRAINTS if c.rule == rule and word in c.text]
    return found


def load_components() -> Components:
    return data.load_components()


HAS_BOARD = importlib.util.find_spec("polemos.games.athens_sparta.board") is not None
needs_board = pytest.mark.skipif(not HAS_BOARD, reason="board.py not written yet")

REBEL_CITIES = ("CHIOS", "CORCYRA", "MYTILENE", "RHODES")
NEUTRAL_CITIES = ("ARGOS", "SYRACUSE", "PELLA", "PHERAE", "MELOS")


@pytest.fixture(scope="module")
def cities() -> tuple[dict[str, int], tuple[int, ...]]:
    return city_table(DATA_DIR / CITIES_FILE)


@pytest.fixture(scope="module")
def roster(cities: tuple[dict[str, int], tuple[int, ...]]) -> Roster:
    index, sides = cities
    return load_blocks(DATA_DIR / BLOCKS_FILE, index, sides)


@pytest.fixture(scope="module")
def blocks(roster: Roster) -> tuple[BlockSpec, ...]:
    return roster.blocks


@pytest.fixture(scope="module")
def cards() -> tuple[Card, ...]:
    return load_cards(DATA_DIR / CARDS_FILE)


@pytest.fixture(scope="module")
def city(cities: tuple[dict[str, int], tuple[int, ...]]) -> dict[str, int]:
    return cities[0]


def rank(block: BlockSpec) -> tuple[int, int]:
    """Higher is better: letter A before B before C, then the hit number (2.12)."""
    return (-"ABC".index(block.rating_letter), block.rating)


def steps(blocks: list[BlockSpec]) -> int:
    return sum(b.steps for b in blocks)


# ------------------------------------------------------------------------------------- 2.x blocks


def test_2_11_steps_two_to_four(blocks: tuple[BlockSpec, ...]) -> None:
    assert all(2 <= b.steps <= 4 for b in blocks)
    assert {b.steps for b in blocks} == {2, 3, 4}  # "some four, some three, some two"


def test_2_12_ratings_letter_and_number(blocks: tuple[BlockSpec, ...]) -> None:
    for b in blocks:
        assert b.rating_letter in "ABC" and 1 <= b.rating <= 4, b.id
    hoplites = [b for b in blocks if b.type == HOPLITE]
    peltasts = [b for b in blocks if b.type == PELTAST]
    navies = [b for b in blocks if b.type == NAVY]
    assert all(b.rating_letter == "B" and 2 <= b.rating <= 4 for b in hoplites)
    assert all(b.rating_letter == "A" and 1 <= b.rating <= 2 for b in peltasts)
    assert all(b.rating_letter == "C" and 2 <= b.rating <= 3 for b in navies)
    assert all((b.rating_letter, b.rating) == ("A", 2) for b in blocks if b.type == CAVALRY)


def test_2_12_example_blocks_exist() -> None:
    """The blocks the combat examples name (after 5.6) exist: the shared constraint (data check runs it)."""
    constraint("2.12").check(load_components())


def test_2_14_home_is_a_city_of_its_side(
    blocks: tuple[BlockSpec, ...], cities: tuple[dict[str, int], tuple[int, ...]]
) -> None:
    index, sides = cities
    for b in blocks:
        if b.reserve or b.revolt in ("demos", "tyrants"):
            assert b.home == -1, b.id
        elif b.revolt == "helots":
            assert b.home == index["MESSENE"]  # 7.1
        elif b.rebel_of >= 0:
            assert b.home == b.rebel_of and sides[b.home] == ATHENS  # 9.4: the twin of a blue city
        else:
            assert sides[b.home] == b.side, b.id


def test_2_21_spartan_hoplites_best(blocks: tuple[BlockSpec, ...], city: dict[str, int]) -> None:
    spartans = [b for b in blocks if b.type == HOPLITE and b.home == city["SPARTA"]]
    others = [b for b in blocks if b.type == HOPLITE and b.home != city["SPARTA"]]
    assert spartans and all((b.rating_letter, b.rating) == ("B", 4) for b in spartans)
    assert max(rank(b) for b in others) < min(rank(b) for b in spartans)
    assert all(b.rating <= 3 for b in others)  # other hoplites B2-B3


def test_2_24_athenian_navies_best(blocks: tuple[BlockSpec, ...], city: dict[str, int]) -> None:
    rebel_homes = {city[c] for c in REBEL_CITIES}
    athenian = [b for b in blocks if b.type == NAVY and b.side == ATHENS and b.home not in rebel_homes]
    spartan = [b for b in blocks if b.type == NAVY and b.side == SPARTA]
    assert all(b.rating_letter + str(b.rating) == "C3" for b in athenian)
    assert all(b.rating_letter + str(b.rating) == "C2" for b in spartan)
    best_athenian = max(rank(b) for b in blocks if b.type == NAVY and b.side == ATHENS)
    assert all(rank(b) < best_athenian for b in blocks if b.type == NAVY and b.side != ATHENS)


# ------------------------------------------------------------------------------------- 3.0 set-up


def test_3_0_pool_contents(blocks: tuple[BlockSpec, ...], city: dict[str, int]) -> None:
    players = [b for b in blocks if b.side in (ATHENS, SPARTA)]
    pool = {b.id for b in players if b.start == "pool"}
    expected = {b.id for b in players if b.reserve or b.revolt or b.rebel_of >= 0}
    assert pool == expected
    for side in (ATHENS, SPARTA):  # both sides have RESERVE blocks
        assert any(b.reserve and b.side == side for b in blocks)
    assert all(b.name == "RESERVE" and b.home == -1 for b in blocks if b.reserve)
    revolts = {b.revolt: b for b in blocks if b.type == REVOLT}
    assert set(revolts) == {"demos", "tyrants", "helots"}
    assert revolts["demos"].side == ATHENS and revolts["helots"].side == ATHENS
    assert revolts["tyrants"].side == SPARTA
    stars = {b.name: b for b in blocks if b.rebel_of >= 0}
    assert set(stars) == set(REBEL_CITIES)
    for name, b in stars.items():
        assert b.side == SPARTA and b.type == NAVY and b.start == "pool"
        assert b.rebel_of == city[name] == b.home


def test_3_0_everything_else_starts_at_home(roster: Roster, city: dict[str, int]) -> None:
    """3.0: "Set up blocks on their home city at maximum strength"; the only exception the rules
    give is the POTIDAEA siege (3.0 note)."""
    for b in roster.blocks:
        if b.start == "map":
            assert b.side in (ATHENS, SPARTA)
            where = roster.start_at[b.index]
            assert where == b.home or where == city["POTIDAEA"], b.id
        else:
            assert b.index not in roster.start_at


@needs_board
def test_3_0_new_game_sets_up_at_home_at_full_strength() -> None:
    """3.0: every block on the map at the start stands on its home city at maximum strength,
    except the POTIDAEA siege; everything else is in a pool (or off-map, green, 3.1)."""
    import polemos

    s = polemos.game("athens-and-sparta").new(11)
    board = s.comp.board
    potidaea = board.cities[board.city_index["POTIDAEA"]].hex
    for b, spec in enumerate(s.comp.blocks):
        if s.loc[b] >= 0:
            assert spec.start == "map" and s.strength[b] == spec.steps, spec.id
            assert s.loc[b] in (board.cities[spec.home].hex, potidaea), spec.id
        else:
            assert spec.start == "pool" and s.strength[b] == 0, spec.id


def test_3_0_potidaea_besieged_and_blockaded(roster: Roster, city: dict[str, int]) -> None:
    there = [b for b in roster.blocks if roster.start_at.get(b.index) == city["POTIDAEA"]]
    spartan = [b for b in there if b.side == SPARTA]
    athenian = [b for b in there if b.side == ATHENS]
    assert len(spartan) >= 1 and all(b.home == city["CORINTH"] for b in spartan)  # Corinth's garrison
    assert any(b.is_army for b in athenian) and any(b.type == NAVY for b in athenian)  # siege + blockade


def test_3_1_green_blocks_belong_to_neutral_cities(
    blocks: tuple[BlockSpec, ...], cities: tuple[dict[str, int], tuple[int, ...]]
) -> None:
    index, sides = cities
    green = [b for b in blocks if b.side == NEUTRAL]
    assert {b.name for b in green} == set(NEUTRAL_CITIES)
    for b in green:
        assert (
            sides[b.home] == NEUTRAL
            and b.start == "pool"
            and b.name == next(n for n, i in index.items() if i == b.home)
        )


def test_4_1_starting_stacks_fit_a_city_hex(roster: Roster, city: dict[str, int]) -> None:
    """Without the map's terrain: ATHENS holds 6 (4 armies), any other city 4 (2 if mountain)."""
    stacks = Counter((b.side, roster.start_at[b.index]) for b in roster.blocks if b.start == "map")
    for (side, where), n in stacks.items():
        assert n <= (6 if where == city["ATHENS"] else 4), (side, where)
    at_athens = [b for b in roster.blocks if roster.start_at.get(b.index) == city["ATHENS"]]
    assert sum(b.is_army for b in at_athens) <= 4


def test_7_0_revolt_blocks(blocks: tuple[BlockSpec, ...]) -> None:
    revolts = {b.revolt: b for b in blocks if b.type == REVOLT}
    assert all(b.steps == 4 for b in revolts.values())  # strength = MP spent
    # revolt blocks do not move; a victorious HELOT functions like any peltast (7.1)
    assert all(b.move == (4 if b.revolt == "helots" else 0) for b in revolts.values())
    assert rank(revolts["tyrants"]) > rank(revolts["demos"])  # Revolts sidebar
    assert revolts["helots"].rating_letter == "A"  # 7.1: a victorious HELOT is a peltast
    # 7.0: a successful revolt may be exchanged for a peltast of the same strength from the pool
    for side in (ATHENS, SPARTA):
        assert any(b.side == side and b.reserve and b.type == PELTAST and b.steps == 4 for b in blocks)


def test_9_4_blue_star_twins_convert_at_same_strength(
    blocks: tuple[BlockSpec, ...], city: dict[str, int]
) -> None:
    for name in REBEL_CITIES:
        athenian = [b for b in blocks if b.side == ATHENS and b.type == NAVY and b.home == city[name]]
        spartan = [b for b in blocks if b.rebel_of == city[name]]
        assert len(athenian) == len(spartan) == 1
        assert athenian[0].start == "map"
        assert athenian[0].steps == spartan[0].steps


def test_provenance_on_every_block(blocks: tuple[BlockSpec, ...]) -> None:
    assert all(b.provenance.startswith(("rule", "source", "design")) for b in blocks)


# ------------------------------------------------------------------------------------- scale


def test_army_sizes_follow_thucydides(roster: Roster, city: dict[str, int]) -> None:
    """A step is 1000 infantry, 400 horse or 20 triremes (Game Scale, 2.21-2.24)."""
    blocks = roster.blocks
    athens = city["ATHENS"]
    rebel_homes = {city[c] for c in REBEL_CITIES}
    # Thucydides 2.13: 13,000 field hoplites, 1,200 horse, 300 triremes
    hoplites = [b for b in blocks if b.side == ATHENS and b.type == HOPLITE and b.home == athens]
    assert abs(steps(hoplites) - 13) <= 4
    horse = [b for b in blocks if b.side == ATHENS and b.type == CAVALRY and b.home == athens]
    assert steps(horse) == 3
    fleet = [b for b in blocks if b.side == ATHENS and b.type == NAVY and b.home not in rebel_homes]
    assert abs(steps(fleet) - 15) <= 4
    # Thucydides 2.10, Plutarch Pericles 33: two thirds of 60,000 Peloponnesians invade
    levy = [b for b in blocks if b.side == SPARTA and b.start == "map" and b.type in (HOPLITE, PELTAST)]
    assert abs(steps(levy) - 40) <= 8
    # Playable: 20-35 blocks a side, most on the map
    for side in (ATHENS, SPARTA):
        mine = [b for b in blocks if b.side == side]
        assert 20 <= len(mine) <= 35
        assert 18 <= sum(b.start == "map" for b in mine) <= 30


# ------------------------------------------------------------------------------------- 4.6 cards


def test_4_6_deck_of_25_with_the_named_cards(cards: tuple[Card, ...]) -> None:
    assert len(cards) == 25
    assert [c.id for c in cards] == [f"c{n:02d}" for n in range(1, 26)]
    assert all(1 <= c.mp <= 5 for c in cards)
    assert any(c.mp == 5 for c in cards)
    assert any(c.event == "storm" and c.mp == 2 for c in cards)  # "2/Storm"
    assert any(c.event == "earthquake" for c in cards)
    assert any(c.event == "betrayal" for c in cards)


def test_4_6_deck_total_near_67(cards: tuple[Card, ...]) -> None:
    """First edition 4.61: an average hand of six is 16 MP (the loader keeps the total in 64-70)."""
    assert 64 <= sum(c.mp for c in cards) <= 70
    constraint("4.6", "average").check(load_components())


def test_4_6_events(cards: tuple[Card, ...]) -> None:
    events = [c for c in cards if c.event]
    assert 6 <= len(events) <= 9
    assert all(c.event in EVENTS for c in events)
    assert set(EVENTS) <= {c.event for c in events}  # every event the engine knows is in the deck
    assert all(c.mp <= 3 for c in events)
    assert all(c.amount > 0 for c in cards if c.event in ("levy", "sedition"))
    assert all(c.amount == 0 for c in cards if c.event not in ("levy", "sedition"))
    assert all(c.title and c.text and c.provenance for c in cards)


def test_4_6_mulligan_possible_but_uncommon() -> None:
    """A hand of six under 10 MP is a mulligan (4.6 sidebar): it must happen, but rarely."""
    constraint("4.6", "mulligan").check(load_components())


# ------------------------------------------------------------------------------------- broken data


def edit_entry(text: str, table: str, entry_id: str, old: str, new: str) -> str:
    """Replace ``old`` by ``new`` inside the ``[[table]]`` entry whose id is ``entry_id``."""
    chunks = text.split(f"[[{table}]]")
    for i, chunk in enumerate(chunks):
        if f'id = "{entry_id}"\n' in chunk:
            assert old in chunk, (entry_id, old)
            chunks[i] = chunk.replace(old, new, 1)
            return f"[[{table}]]".join(chunks)
    raise AssertionError(entry_id)


BROKEN_BLOCKS = [
    ("ATH-HOP-2", 'id = "ATH-HOP-2"', 'id = "ATH-HOP-1"', "ATH-HOP-1", "duplicate"),
    ("ATH-HOP-9", 'home = "MILETUS"', 'home = "ATLANTIS"', "ATH-HOP-9", "unknown city"),
    ("ATH-HOP-4", 'at = "POTIDAEA"', 'at = "TROY"', "ATH-HOP-4", "unknown city"),
    ("ATH-HOP-4", 'at = "POTIDAEA"', 'at = "NAUPACTUS"', "ATH-HOP-4", "rule 3.0: blocks set up on their home"),
    ("ATH-NAV-1", 'start = "map"', 'start = "map"\nat = "NAUPACTUS"', "ATH-NAV-1", "'at' may name POTIDAEA"),
    ("ATH-CAV-1", 'type = "cavalry"', 'type = "elephant"', "ATH-CAV-1", "type"),
    ("SPA-HOP-1", 'rating = "B4"', 'rating = "D4"', "SPA-HOP-1", "2.12"),
    ("SPA-HOP-1", 'rating = "B4"', 'rating = "B5"', "SPA-HOP-1", "2.12"),
    ("SPA-HOP-1", "steps = 4", "steps = 5", "SPA-HOP-1", "2.11"),
    ("SPA-HOP-4", "steps = 3", "steps = 1", "SPA-HOP-4", "2.11"),
    ("SPA-HOP-4", 'rating = "B3"', 'rating = "B4"', "SPA-HOP-4", "2.21"),
    ("SPA-NAV-2", 'rating = "C2"', 'rating = "C3"', "SPA-NAV-2", "2.24"),
    ("SPA-HOP-8", "provenance =", "# provenance =", "SPA-HOP-8", "provenance"),
    ("ATH-RES-1", 'start = "pool"', 'start = "map"', "ATH-RES-1", "3.0"),
    ("SPA-NAV-CHIOS", 'start = "pool"', 'start = "map"', "SPA-NAV-CHIOS", "3.0"),
    ("NEU-HOP-1", 'start = "pool"', 'start = "map"', "NEU-HOP-1", "3.1"),
    ("SPA-NAV-RHODES", "steps = 2", "steps = 3", "SPA-NAV-RHODES", "9.4"),
    ("ATH-HOP-10", 'home = "AMPHIPOLIS"', 'home = "CORINTH"', "ATH-HOP-10", "not a athens city"),
    ("SPA-TYRANTS", 'rating = "B3"', 'rating = "B3"\nhome = "SPARTA"', "SPA-TYRANTS", "7.1"),
    ("SPA-TYRANTS", "steps = 4", "steps = 3", "SPA-TYRANTS", "7.0"),
    ("ATH-HOP-3", 'start = "map"', 'start = "map"\nstrength = 3', "ATH-HOP-3", "unknown field"),
]


@pytest.mark.parametrize(("block_id", "old", "new", "entry", "problem"), BROKEN_BLOCKS)
def test_broken_blocks_raise_data_error_naming_file_and_entry(
    tmp_path: Path,
    cities: tuple[dict[str, int], tuple[int, ...]],
    block_id: str,
    old: str,
    new: str,
    entry: str,
    problem: str,
) -> None:
    text = (DATA_DIR / BLOCKS_FILE).read_text(encoding="utf-8")
    path = tmp_path / BLOCKS_FILE
    path.write_text(edit_entry(text, "block", block_id, old, new), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_blocks(path, *cities)
    assert err.value.file == BLOCKS_FILE
    assert err.value.entry == f"block {entry}"
    assert problem in err.value.problem


def test_broken_blocks_missing_revolt_block(
    tmp_path: Path, cities: tuple[dict[str, int], tuple[int, ...]]
) -> None:
    text = (DATA_DIR / BLOCKS_FILE).read_text(encoding="utf-8")
    path = tmp_path / BLOCKS_FILE
    path.write_text(text.replace('revolt = "helots"', 'revolt = "demos"'), encoding="utf-8")
    with pytest.raises(DataError, match=r"7\.0") as err:
        load_blocks(path, *cities)
    assert err.value.file == BLOCKS_FILE and err.value.entry == "block ATH-HELOTS"


def test_3_0_potidaea_siege_must_be_set_up(
    tmp_path: Path, cities: tuple[dict[str, int], tuple[int, ...]]
) -> None:
    """3.0 note: POTIDAEA is Spartan-held, besieged and blockaded: without the Athenian navy
    there (it stays at home) the roster is refused."""
    text = (DATA_DIR / BLOCKS_FILE).read_text(encoding="utf-8")
    path = tmp_path / BLOCKS_FILE
    path.write_text(edit_entry(text, "block", "ATH-NAV-3", 'at = "POTIDAEA"\n', ""), encoding="utf-8")
    with pytest.raises(DataError, match=r"rule 3\.0 note: POTIDAEA is Spartan-held") as err:
        load_blocks(path, *cities)
    assert (err.value.file, err.value.entry) == (BLOCKS_FILE, "roster")


def test_broken_blocks_not_toml(tmp_path: Path, cities: tuple[dict[str, int], tuple[int, ...]]) -> None:
    path = tmp_path / BLOCKS_FILE
    path.write_text("[[block]\nid = ", encoding="utf-8")
    with pytest.raises(DataError, match="not valid TOML") as err:
        load_blocks(path, *cities)
    assert err.value.file == BLOCKS_FILE


BROKEN_CARDS = [
    ("c04", 'event = "plague"', 'event = "locusts"', "card c04", "unknown event"),
    ("c09", "mp = 5", "mp = 6", "card c09", "mp 6"),
    ("c09", "mp = 5", "mp = 0", "card c09", "mp 0"),
    ("c10", 'id = "c10"', 'id = "c09"', "card c09", "duplicate"),
    ("c05", "amount = 3", "amount = 0", "card c05", "amount"),
    ("c12", 'event = ""', 'event = ""\namount = 2', "card c12", "amount"),
    ("c13", "provenance =", "# provenance =", "card c13", "provenance"),
    ("c14", 'title = "4 MP"', "title = 4", "card c14", "title"),
    ("c01", "mp = 2", "mp = 3", "deck", "Storm"),
    ("c03", 'event = "betrayal"', 'event = ""', "deck", "betrayal"),
    ("c02", 'event = "earthquake"', 'event = ""', "deck", "earthquake"),
    ("c12", "mp = 4", "mp = 1", "deck", "outside 64-70"),
]


@pytest.mark.parametrize(("card_id", "old", "new", "entry", "problem"), BROKEN_CARDS)
def test_broken_cards_raise_data_error_naming_file_and_entry(
    tmp_path: Path, card_id: str, old: str, new: str, entry: str, problem: str
) -> None:
    text = (DATA_DIR / CARDS_FILE).read_text(encoding="utf-8")
    if card_id == "c12" and old == "mp = 4":  # push the total below 64: three 4s become 1s
        for cid in ("c12", "c13", "c14"):
            text = edit_entry(text, "card", cid, old, new)
    else:
        text = edit_entry(text, "card", card_id, old, new)
    path = tmp_path / CARDS_FILE
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_cards(path)
    assert err.value.file == CARDS_FILE
    assert err.value.entry == entry
    assert problem in str(err.value)


def test_broken_cards_wrong_count(tmp_path: Path) -> None:
    text = (DATA_DIR / CARDS_FILE).read_text(encoding="utf-8")
    path = tmp_path / CARDS_FILE
    path.write_text(text[: text.rindex("[[card]]")], encoding="utf-8")
    with pytest.raises(DataError, match="25 cards, found 24") as err:
        load_cards(path)
    assert (err.value.file, err.value.entry) == (CARDS_FILE, "deck")


# ------------------------------------------------------------------------------------- with the map


def test_data_files_names_the_four_files() -> None:
    assert data.data_files() == ["cities.toml", "map.toml", "blocks.toml", "cards.toml"]


@needs_board
def test_load_components_bundled_and_cached() -> None:
    comp = data.load_components()
    assert comp is data.load_components()  # cached
    assert len(comp.cards) == 25 and comp.blocks
    assert all(comp.block_index[b.id] == b.index for b in comp.blocks)
    assert len(comp.version) == 12
    start = data.start_locations(comp)
    potidaea = comp.board.city_index["POTIDAEA"]
    assert {comp.blocks[i].side for i, c in start.items() if c == potidaea} == {ATHENS, SPARTA}


@needs_board
def test_4_1_starting_stacks_fit_the_map() -> None:
    """load_components checks stacking against terrain (mountain 2); here: it loads, and ATHENS fits."""
    comp = data.load_components()
    start = data.start_locations(comp)
    athens = comp.board.city_index["ATHENS"]
    at_athens = [comp.blocks[i] for i, c in start.items() if c == athens]
    assert len(at_athens) <= 6 and sum(b.is_army for b in at_athens) <= 4


@needs_board
def test_load_components_override_is_checked(tmp_path: Path) -> None:
    text = (DATA_DIR / BLOCKS_FILE).read_text(encoding="utf-8")
    (tmp_path / BLOCKS_FILE).write_text(
        edit_entry(text, "block", "ATH-HOP-9", 'home = "MILETUS"', 'home = "ATLANTIS"'), encoding="utf-8"
    )
    with pytest.raises(DataError) as err:
        data.load_components(tmp_path)
    assert (err.value.file, err.value.entry) == (BLOCKS_FILE, "block ATH-HOP-9")


@needs_board
def test_load_components_override_changes_version(tmp_path: Path) -> None:
    text = (DATA_DIR / CARDS_FILE).read_text(encoding="utf-8")
    (tmp_path / CARDS_FILE).write_text(text.replace('title = "Stasis"', 'title = "Civil Strife"'))
    comp = data.load_components(tmp_path)
    assert comp.version != data.load_components().version
    assert any(c.title == "Civil Strife" for c in comp.cards)
