"""Go Tell the Spartans: the components in integer-indexed form (:class:`Comp`, made by ``state.load_comp``).

A module of its own so that mypyc compiles the class (``core.native.COMPILED``): the rule procedures read
its tables at every step, and a compiled class's fields are read directly, where those of a class
defined in a pure Python module (``state.py``, whose state class the kernel's subclasses) go through
Python's attribute lookup (issue 12). The class is a plain frozen dataclass either way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from polemos.games.thermopylae.board import AreaMap
from polemos.games.thermopylae.counters import Counters
from polemos.games.thermopylae.geometry import Geometry
from polemos.games.thermopylae.tables import Tables


@dataclass(frozen=True)
class Comp:
    """Everything static about a game, in integer-indexed form."""

    map: AreaMap
    counters: Counters
    tables: Tables
    geo: Geometry
    version: str
    # units
    unit_ids: tuple[str, ...]
    u_side: tuple[int, ...]
    u_type: tuple[int, ...]
    u_cont: tuple[int, ...]
    u_mf: tuple[tuple[int, ...], ...]  # melee factor by losses (index = losses)
    u_dv: tuple[int, ...]
    u_ma: tuple[int, ...]
    u_steps: tuple[int, ...]
    # contingents
    cont_ids: tuple[str, ...]
    cont_side: tuple[int, ...]
    cont_units: tuple[tuple[int, ...], ...]
    routs_box: tuple[int, ...]
    army_rout_at: tuple[int, int]
    army_crises: tuple[int, int]
    # areas
    n_areas: int
    rows: int
    cols: int
    a_row: tuple[int, ...]
    a_col: tuple[int, ...]
    a_pass: tuple[bool, ...]
    a_level: tuple[int, ...]
    a_wall: tuple[bool, ...]
    # neighbour of area a in direction d (0..7 clockwise from N), or -1 (off the map)
    nbr: tuple[tuple[int, ...], ...]
    # 3.3.1: the passable Front, Front Left and Front Right areas of a unit in area a facing f (0..3),
    # at index 4 * a + f: the ZOC of a hoplite or mixed unit there
    zoc_areas: tuple[tuple[int, ...], ...]
    # TEC: the MPs it costs to enter the neighbour of area a in direction d, at index 8 * a + d (rules.move_cost)
    nbr_cost: tuple[int, ...]
    # the passable neighbours of area a as (direction, area, TEC cost to enter), by direction
    exits: tuple[tuple[tuple[int, int, int], ...], ...]
    # 8.2.2: for each unit type, whether the Fire Results Table has a line at range 0, 1, ... (up to its longest)
    fire_ranges: tuple[tuple[bool, ...], ...]
    deploy_rows: tuple[int, ...]
    deploy_areas: tuple[tuple[int, bool], ...]  # (area, west of the Wall) of the passable deployment areas
    west_rows: tuple[int, ...]  # Greek deployment rows on the Persian side of the Wall (6.0.1)
    wall_row: int
    area_facing_names: tuple[str, ...]  # "H8 E": area name and facing, at index 4 * area + facing
    area_names: tuple[str, ...]  # "H8", by area
    # static tables the rule procedures derive from the above on first use (rules.standard_spot's ranks),
    # never serialised; a Comp made by ``replace`` (11.4) starts with its own
    memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def area_name(self, a: int) -> str:
        return self.area_names[a]

    def area_index(self, name: str) -> int:
        return self.map.by_name[name.upper()]

    def cont(self, cid: str) -> int:
        return self.cont_ids.index(cid)
