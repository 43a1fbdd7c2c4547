"""Athens & Sparta 10.0 VICTORY: sudden death (10.1), victory points (10.2)."""

from __future__ import annotations

from polemos.games.athens_sparta.common import blocks_at, occ_of, side_name
from polemos.games.athens_sparta.model import ATHENS, SPARTA
from polemos.games.athens_sparta.replacement import besieged_or_blockaded, syracuse_value
from polemos.games.athens_sparta.state import AthensSpartaState

S = AthensSpartaState


def points(s: S) -> tuple[int, int]:
    """10.2: the values of controlled cities not besieged or blockaded (neutral allies too);
    9.3: with Persian support MILETUS does not count for Sparta."""
    board = s.comp.board
    pts = [0, 0]
    occ = occ_of(s)
    for c, city in enumerate(board.cities):
        owner = s.city_owner[c]
        if owner > SPARTA or not city.major:
            continue
        if besieged_or_blockaded(s, city.hex, occ):
            continue
        if owner == SPARTA and city.name == "MILETUS" and s.persia >= 1:
            continue
        pts[owner] += syracuse_value(s) if city.offboard else city.value
    return pts[0], pts[1]


def _fallen(s: S, name: str, side: int) -> bool:
    """10.1: the main city is occupied by enemy blocks and no friendly block holds it (RULINGS)."""
    c = s.comp.board.city_index.get(name)
    if c is None:
        return False
    h = s.comp.board.cities[c].hex
    here = blocks_at(s, h)
    enemy = any(s.owner[b] == 1 - side and not s.inside[b] for b in here)
    own = any(s.owner[b] == side for b in here)
    return enemy and not own


def sudden_death(s: S) -> bool:
    """10.1: the game ends at once if ATHENS or SPARTA is occupied by enemy blocks at the end of
    any Game Turn."""
    for name, side in (("ATHENS", ATHENS), ("SPARTA", SPARTA)):
        if _fallen(s, name, side):
            s.winner = 1 - side
            s.win_reason = f"sudden death: {name} occupied (10.1)"
            s.say(f"10.1 Sudden Death: {name} is occupied; {side_name(1 - side)} wins.")
            return True
    return False


def olympiad_check(s: S) -> bool:
    """10.2: after each Olympiad 30+ points wins; at the end of Olympiad 89 the higher total
    wins, Athens on ties."""
    a, sp = points(s)
    s.say(f"10.2 Victory Check after Olympiad {s.olympiad}: Athens {a}, Sparta {sp}.")
    if a >= 30 or sp >= 30:
        s.winner = ATHENS if a >= sp else SPARTA
        s.win_reason = f"{max(a, sp)} city points after Olympiad {s.olympiad} (10.2)"
    elif s.olympiad >= s.end_after_olympiad and s.ed1:
        # first edition 10.2: Athens wins if Sparta has not won by the end of Olympiad 89 (RULINGS FE17)
        s.winner = ATHENS
        s.win_reason = f"1st 10.2: Sparta has not won by the end of Olympiad {s.olympiad}"
    elif s.olympiad >= s.end_after_olympiad:
        s.winner = ATHENS if a >= sp else SPARTA
        s.win_reason = (f"higher city points at the end of Olympiad {s.olympiad} (10.2)"
                        if a != sp else f"tie at the end of Olympiad {s.olympiad}: Athens wins (10.2)")
    if s.winner >= 0:
        s.say(f"{side_name(s.winner)} wins: {s.win_reason}.")
        return True
    return False
