"""Boards with sieges wherever a test asks (issue 11, the stack layout of a hex holding a besieger and a besieged
stack): a real view of a new game, its blocks moved into the sieges asked for, the rest left out.

A siege (5.3) holds the city's defenders within its walls, at most 4 blocks in a major city and 2 in a minor one
(5.31), marked ``besieged`` as the view marks them, and the besiegers around them, at most 4 (the stacking limit of
a clear hex, 3.2); the city's marker is marked besieged too. The defenders are the city's controller's blocks.
"""

from __future__ import annotations

from typing import Any

import polemos

JSON = dict[str, Any]
MAJOR_SIEGE, MINOR_SIEGE, BESIEGERS = 4, 2, 4  # 5.31's siege limits; a clear hex's stacking limit (3.2)


def siege_view(role: str, sieges: dict[str, tuple[int, ...]], options: dict[str, str] | None = None) -> JSON:
    """``role``'s view of a new game (seed 1) with a siege in each city of ``sieges`` (city -> (defenders within the
    walls, besiegers[, defenders outside the walls: those past the siege limit, who fight as normal, 5.31])), made of
    the blocks the view shows (faced for ``role``, upright for the other side); the blocks no siege takes are left
    out. A city held by neither side, or asking for more blocks than a side has, is refused."""
    view = dict(polemos.game("athens-and-sparta").new(1, None, dict(options or {})).view(role))
    free = {side: [dict(e) for e in view["blocks"] if e.get("owner") == side] for side in ("athens", "sparta")}
    cities = {str(c["name"]): dict(c) for c in view["cities"]}
    placed: list[JSON] = []
    for city, (inside, outside, *extra) in sieges.items():
        defender = str(cities[city].get("controller"))
        if defender not in free:
            raise ValueError(f"{city} is held by {defender}: a siege needs a side's city")
        attacker = "sparta" if defender == "athens" else "athens"
        if len(free[defender]) < inside + sum(extra) or len(free[attacker]) < outside:
            raise ValueError(f"not enough blocks for the siege of {city}")
        for side, n, within in ((defender, inside, True), (attacker, outside, False), (defender, sum(extra), False)):
            for entry in free[side][:n]:
                entry.update(location=city, besieged=within, moved=False)
                placed.append(entry)
            del free[side][:n]
        cities[city]["besieged"] = True
    view["blocks"] = placed
    view["cities"] = [cities[str(c["name"])] for c in view["cities"]]
    return view


def siege_limit(city: JSON) -> int:
    """How many blocks a city's walls hold in siege (5.31): 4 in a major city, 2 in a minor one."""
    return MAJOR_SIEGE if int(city.get("value") or 0) > 0 else MINOR_SIEGE


def walled_cities(options: dict[str, str] | None = None) -> list[JSON]:
    """The new game's walled cities held by Athens or Sparta (those a siege can be laid to in these views)."""
    view = polemos.game("athens-and-sparta").new(1, None, dict(options or {})).view("athens")
    return [dict(c) for c in view["cities"] if c.get("walled") and c.get("controller") in ("athens", "sparta")]
