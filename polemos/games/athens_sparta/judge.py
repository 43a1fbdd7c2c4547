"""Athens & Sparta: a leaf judge fitted on self-play, the chance that a view's role wins (issue 12 part 2).

``features(view)`` reads one role's view (``view.py``) and nothing else: the city points each side holds
unbesieged (10.2) and how near each stands to 30, the time left (10.2: the game ends after Olympiad 89),
the heuristic's own judgement (``bots.standing``), the steps on the map at 8.4's costs (enemy blocks not
seen in a battle at the heuristic's estimates), the garrison shortfall of each side's cities as
``bots.World.need`` measures it against the strength that can reach them, both capitals' threats (10.1),
the cities under siege, the cards in hand, the build points forecast, Persian support (9.3) and revolts
(7.0). ``win_chance(view)`` is a logistic regression of those features, with the weights of
``judge.json``: fitted by ``scripts/as_judge_fit.py`` on heuristic self-play (its provenance is in the
file, ``design``), loaded once. Nothing hidden from the role is read, so two states its view cannot tell
apart get the same value.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from polemos.games.athens_sparta.bots import (
    LAST_OLYMPIAD,
    World,
    components,
    defence,
    geo_for,
    standing_of,
)

JSON = dict[str, Any]

WEIGHTS = Path(__file__).with_name("judge.json")
FIRST_OLYMPIAD = 84  # the scenario's first Olympiad (431 BC); 10.2 counts after each one, to LAST_OLYMPIAD
TURNS = 6  # Game Turns an Olympiad at most ([1]: six cards dealt; it ends when a hand is empty)

#: the features, in the order of the weights (each scaled to about one at its usual range)
NAMES = (
    "athens",        # the view's role is Athens (1) or Sparta (0)
    "first",         # the first edition's rules (1st 10.2: Athens wins unless Sparta has won by Olympiad 89)
    "points",        # (my points - his points) / 10, 10.2
    "points_late",   # the same, times the share of the game played (a lead weighs more as the end nears)
    "near_me",       # max(0, my points - 22) / 8: near the 30 that win after an Olympiad (10.2)
    "near_foe",      # max(0, his points - 22) / 8
    "played",        # the share of the game played (Olympiad 84 turn 1 = 0, the end of Olympiad 89 = 1)
    "standing",      # bots.standing / 10: the heuristic's judgement (points less garrison shortfalls)
    "worth_me",      # my steps on the map at 8.4's BP costs / 30
    "worth_foe",     # his, estimated (blank blocks at the heuristic's average strength) / 30
    "blocks_me",     # my blocks on the map / 20
    "blocks_foe",    # his / 20
    "pool_me",       # my blocks in the Replacement Pool / 20 (8.5)
    "cap_threat",    # enemy strength that can reach my capital / 10 (World.threat, 10.1)
    "cap_short",     # my capital's garrison shortfall against it, a share of World.need
    "short",         # my other cities' garrison shortfalls, each a share of its need times its value / 10
    "foe_cap_threat",  # my strength that can reach his capital / 10
    "foe_cap_short",   # his capital's shortfall against it (his garrison as I can see or estimate it)
    "foe_short",     # his other cities' shortfalls against my strength / 10: what I could take next
    "sieged_me",     # the value of my cities besieged or blockaded / 10 (they score nothing, 10.2)
    "sieged_foe",    # his / 10
    "hand_mp",       # the MPs of the cards in my hand / 10 ([1])
    "hand",          # my cards / 6
    "foe_hand",      # his cards / 6
    "bp",            # my build points forecast / 20 (8.1)
    "persia",        # Persian support active (9.3): +1 for Sparta's view, -1 for Athens'
    "revolts_me",    # my revolt blocks on the map (7.0) / 3
    "revolts_foe",   # his / 3
)


def _played(view: JSON) -> float:
    olympiad = int(view.get("olympiad") or FIRST_OLYMPIAD)
    turn = int(view.get("turn") or 1)
    span = (LAST_OLYMPIAD - FIRST_OLYMPIAD + 1) * TURNS
    done = (olympiad - FIRST_OLYMPIAD) * TURNS + max(0, min(TURNS, turn) - 1)
    return max(0.0, min(1.0, done / span))


def _short(need: float, have: float) -> float:
    return max(0.0, need - have) / need if need > 0 else 0.0


def features(view: JSON, data: Path | str | None = None) -> list[float]:
    """The judge's features of one role's view (``NAMES``), read from the view alone."""
    first = view.get("edition") == "first"
    geo = geo_for(components(data, first))
    w = World(geo, view, {})
    me, foe = w.me, w.foe
    # the same view read from the enemy's side: my blocks are the "enemy" whose strength threatens his cities
    # (World.threat walks from where blocks stand; his blanks count where they stand), his cities are "mine"
    mirror = World(geo, {**view, "role": foe}, {})
    points = view.get("points") or {}
    pts_me = float(points.get(me, 0))
    pts_foe = float(points.get(foe, 0))
    played = _played(view)
    worth_me = sum(b.strength * w.costs.get(b.type, 2) for b in w.mine)
    worth_foe = 0.0
    blocks_foe = 0
    for h, n in w.foe_count.items():
        blocks_foe += n
        for b in w.foe_known.get(h, []):
            worth_foe += b.strength * w.costs.get(b.type, 2)
        worth_foe += w.foe_hidden.get(h, 0) * 2.5 * 2  # AVG_STRENGTH steps at a hoplite's cost
    cap = w.capital
    cap_threat = w.threat(cap) if cap >= 0 else 0.0
    cap_short = _short(w.need(cap), sum(defence(b) for b in w.my_at.get(cap, []))) if cap >= 0 else 0.0
    short = 0.0
    foe_short = 0.0
    sieged_me = sieged_foe = 0.0
    for h, side in w.ctrl.items():
        v = w.value.get(h, 0)
        if side == me:
            if h in w.sieged:
                sieged_me += v
            elif h != cap and v > 0:
                short += v * _short(w.need(h), sum(defence(b) for b in w.my_at.get(h, [])))
        elif side == foe:
            if h in w.sieged:
                sieged_foe += v
            elif h != w.foe_capital and v > 0:
                foe_short += v * _short(mirror.need(h), w.foe_force(h)[0])
    fcap = w.foe_capital
    foe_cap_threat = mirror.threat(fcap) if fcap >= 0 else 0.0
    foe_cap_short = _short(mirror.need(fcap), w.foe_force(fcap)[0]) if fcap >= 0 else 0.0
    hand = [c for c in view.get("hand", []) if isinstance(c, dict)]
    sizes = view.get("hand_sizes") or {}
    persia = 1.0 if view.get("persian_support") == "active" else 0.0
    revolts_me = sum(1 for b in w.mine if b.type == "revolt")
    revolts_foe = sum(1 for bs in w.foe_known.values() for b in bs if b.type == "revolt")
    return [
        1.0 if me == "athens" else 0.0,
        1.0 if first else 0.0,
        (pts_me - pts_foe) / 10.0,
        (pts_me - pts_foe) / 10.0 * played,
        max(0.0, pts_me - 22.0) / 8.0,
        max(0.0, pts_foe - 22.0) / 8.0,
        played,
        standing_of(w) / 10.0,
        worth_me / 30.0,
        worth_foe / 30.0,
        len(w.mine) / 20.0,
        blocks_foe / 20.0,
        len(w.pool) / 20.0,
        cap_threat / 10.0,
        cap_short,
        short / 10.0,
        foe_cap_threat / 10.0,
        foe_cap_short,
        foe_short / 10.0,
        sieged_me / 10.0,
        sieged_foe / 10.0,
        sum(int(c.get("mp", 0) or 0) for c in hand) / 10.0,
        len(hand) / 6.0,
        float(sizes.get(foe, 0) or 0) / 6.0,
        float(view.get("bp_forecast", 0) or 0) / 20.0,
        persia * (1.0 if me == "sparta" else -1.0),
        revolts_me / 3.0,
        revolts_foe / 3.0,
    ]


def logistic(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)


class Judge:
    """A fitted logistic regression over ``features``: ``bias`` and one weight a feature (by name)."""

    def __init__(self, doc: JSON) -> None:
        weights = doc.get("weights")
        if not isinstance(weights, dict) or set(weights) != set(NAMES):
            missing = sorted(set(NAMES) - set(weights or {}))
            extra = sorted(set(weights or {}) - set(NAMES))
            raise ValueError(f"judge weights must name exactly the features (missing {missing}, unknown {extra})")
        self.bias = float(doc.get("bias", 0.0))
        self.weights = [float(weights[n]) for n in NAMES]
        self.design = str(doc.get("design", ""))

    def score(self, xs: list[float]) -> float:
        return self.bias + sum(w * x for w, x in zip(self.weights, xs, strict=True))

    def win_chance(self, view: JSON, data: Path | str | None = None) -> float:
        """The chance that the view's role wins, in [0, 1], from its view alone."""
        return logistic(self.score(features(view, data)))


_JUDGE: list[Judge] = []


def judge() -> Judge:
    """The fitted judge (``judge.json``), read once."""
    if not _JUDGE:
        _JUDGE.append(Judge(json.loads(WEIGHTS.read_text(encoding="utf-8"))))
    return _JUDGE[0]


def win_chance(view: JSON, data: Path | str | None = None) -> float:
    """The fitted judge's chance that the view's role wins (``Judge.win_chance``)."""
    return judge().win_chance(view, data)
