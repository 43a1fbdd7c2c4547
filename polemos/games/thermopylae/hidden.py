"""Go Tell the Spartans: other worlds a side cannot tell from this one (the ``hidden_variants`` hook).

Only the two-player game (11.1) hides anything on the map: 3.4, "players may not examine each
other's stacks on the mapboard except insofar as the top combat unit in an area ... is always
visible". What a side sees of an enemy stack (``view.py``) is its top unit, face up, and under it
as many units, each with its side and facing (RULINGS G43); everything off the map (the pool, the
Ephialtes Box, the Morale Tracks) and the log are public. So a variant changes only this:

- **the units under the top of each enemy stack**: they trade places with each other (all the
  enemy's stacks at once; a unit takes the place it moves to, with that place's facing, its force,
  whether it moved or fired this segment), only within one unit type, since a stack is of one type
  (3.1.2) and its top shows it; and each takes any Step Losses it can have and any Disorder;
- **the dice to come**: the last variant also has a fresh generator.

Units in an area holding both sides (a melee: 3.4 lets the stacks be inspected in the Combat
Phases) and Spartans with the 11.3 feint bonus keep their places; so do the Greek units during
their deployment, which the Persian sees in the pool (G43). With ``keep_identities`` the
units stay where they are and only their losses and Disorder change. In the solitaire and 3+
player games (no fog of war) the only variant has fresh dice.

A variant is a legal position; it is consistent with what the side sees now, not with everything
it saw before (a unit it watched take losses may come back whole).
"""

from __future__ import annotations

from polemos.core.game import Role, State
from polemos.core.rng import Rng
from polemos.games.thermopylae.rules import occupancy
from polemos.games.thermopylae.state import GREEK, PERSIAN, GTSState

# unit fields that belong to a place in a pile, not to the unit: they stay with the place when
# units trade places (the enemy sees the place, its facing, and the force moving from it)
_PLACE_FIELDS = ("loc", "seq", "facing", "force", "moved", "fired", "came_from", "fwd")


def hidden_variants(state: State, role: Role, rng: Rng, keep_identities: bool = False) -> list[State]:
    """Positions that differ from ``state`` only in what ``role`` cannot see (module docstring)."""
    assert isinstance(state, GTSState)
    side = state.side_of(role)
    if side is None:
        return []
    out: list[State] = []
    if state.mode == "two":
        first = state.clone()
        _restack(first, PERSIAN if side == GREEK else GREEK, rng, not keep_identities)
        first.reset_caches()
        out.append(first)
    if not keep_identities:
        fresh = (out[0] if out else state).clone()
        fresh.rng = Rng(rng.below(1 << 62))
        out.append(fresh)
    return out


def visible_tops(s: GTSState) -> set[int]:
    """In the two-player game, the units on top of their stacks, seen face up by the enemy (3.4);
    in the other games nothing on the map is hidden (an empty set: nothing is ever revealed). Do not
    change the set."""
    if s.mode != "two":
        return set()
    cached: set[int] | None = s._cache.get("visible tops")  # kept until a unit moves (rules.touch)
    if cached is not None:
        return cached
    u_side = s.comp.u_side
    tops: set[int] = set()
    for units in occupancy(s):
        if not units:
            continue
        first = units[0]
        tops.add(first)
        for u in units:
            if u_side[u] != u_side[first]:
                tops.add(u)  # the other side's top unit (a melee)
                break
    s._cache["visible tops"] = tops
    return tops


def under_the_top(s: GTSState, side: int) -> list[int]:
    """``side``'s units under the top of their stacks, outside melees (hidden from the enemy, 3.4)."""
    comp = s.comp
    out: list[int] = []
    for units in occupancy(s):
        mine = [u for u in units if comp.u_side[u] == side]
        if len(mine) > 1 and len(mine) == len(units):
            out += [u for u in mine[1:] if not s.feint[u]]
    return out


def _restack(s: GTSState, other: int, rng: Rng, trade: bool) -> None:
    comp = s.comp
    if other == GREEK and s.stage in ("deploy", "deploy_review"):
        return  # the Greek units being placed are seen in the pool, losses and all (G43)
    hidden = under_the_top(s, other)
    if trade:
        for t in sorted({comp.u_type[u] for u in hidden}):
            group = [u for u in hidden if comp.u_type[u] == t]
            places = [tuple(getattr(s, f)[u] for f in _PLACE_FIELDS) for u in group]
            rng.shuffle(places)
            for u, place in zip(group, places, strict=True):
                for f, value in zip(_PLACE_FIELDS, place, strict=True):
                    getattr(s, f)[u] = value
    for u in hidden:
        s.losses[u] = rng.below(comp.u_steps[u])
        s.disordered[u] = rng.below(2) == 1

