"""The Peloponnesian War 9.0 Victory Points and the scenarios' ends (10.1.5, 10.2, 10.3.5, 10.4.4).

The score belongs to a role (``s.vp`` by the index of ``s.roles()``): in solitaire the player, whose
points follow him across both commands (1.2), and the matrix; in the two-player game each player.
Every battle and every successful siege scores (9.0): +10 to whoever commands the winner, -15 to
whoever commands the loser (a battle lost, a friendly space lost to a siege). Scoring the matrix's
command as a player's gives solitaire the opponent that 10.2-10.4 compare the player with ("the
player with the higher score wins, even if both have negative scores"; RULINGS P23).
"""

from __future__ import annotations

import math

from polemos.games.peloponnesian_war.model import ATHENS, NO, SIDES
from polemos.games.peloponnesian_war.state import PH_OVER, TWO, PWState

S = PWState


def _holder(s: S, side: int) -> int:
    return s.roles().index(s.role_of(side))


def _who(s: S, side: int) -> str:
    return f"{SIDES[side].title()} ({s.role_of(side)})"


def battle(s: S, winner: int, rule: str) -> None:
    """9.0: a battle won (+10) and lost (-15). A draw scores nothing; in a combined battle only the
    land battle scores (5.2.3)."""
    fig = s.comp.figures
    s.vp[_holder(s, winner)] += fig.victory_points_won
    s.vp[_holder(s, 1 - winner)] -= fig.victory_points_lost
    s.say("9.0", f"battle ({rule}): +{fig.victory_points_won} VP to {_who(s, winner)}, "
                 f"-{fig.victory_points_lost} VP to {_who(s, 1 - winner)}.")


def siege_won(s: S, besieger: int, besieged: int, rule: str) -> None:
    """9.0: a successful siege (+10 to the besieger); -15 to the side whose friendly space was lost
    (none when the fortress was neutral or in rebellion: ``besieged`` NO, 5.3 EXCEPTION)."""
    fig = s.comp.figures
    s.vp[_holder(s, besieger)] += fig.victory_points_won
    text = f"successful siege ({rule}): +{fig.victory_points_won} VP to {_who(s, besieger)}"
    if besieged != NO:
        s.vp[_holder(s, besieged)] -= fig.victory_points_lost
        text += f", -{fig.victory_points_lost} VP to {_who(s, besieged)}"
    s.say("9.0", text + ".")


def finish(s: S, reason: str, surrendered: tuple[int, ...] = ()) -> None:
    """End the game now (10.x: "victory is determined at the instant") and decide it.

    10.1 NOTE: when the scenario ends because a side surrendered, the player receives 200 divided by
    the game turn (rounded up) — in solitaire the player whichever side gave in (he commanded both
    and shortened the war); in the two-player game the player whose side did not surrender
    (RULINGS P24; none if both gave in at once).
    10.1.5 (the campaign): the player wins a decisive victory with more than 150 VP or a surrender by
    the end of game turn 3; otherwise he loses hegemony (the matrix wins). In the two-player campaign
    the decisive victory goes to the player who reaches it with the higher score (RULINGS P24).
    10.2-10.4: the higher score wins, even if both are negative; equal scores are a draw."""
    fig = s.comp.figures
    roles = s.roles()
    if surrendered:
        bonus = math.ceil(fig.surrender_bonus / s.turn)
        if s.mode != TWO:
            s.vp[0] += bonus
            s.say("10.1", f"the war ends in a surrender on game turn {s.turn}: +{bonus} VP to the player.")
        elif len(surrendered) == 1:
            h = _holder(s, 1 - surrendered[0])
            s.vp[h] += bonus
            s.say("10.1", f"the war ends in a surrender on game turn {s.turn}: +{bonus} VP to {roles[h]}.")
    assert s.scenario is not None
    campaign = s.comp.scenario(s.scenario).id == "peloponnesian-war"
    a, b = s.vp
    if campaign:
        early = bool(surrendered) and s.turn <= fig.decisive_surrender_turn
        if s.mode != TWO:
            s.decisive = a > fig.decisive_victory_points or early
            s.winner = roles[0] if s.decisive else roles[1]
            verdict = ("the player wins a decisive victory (10.1.5)" if s.decisive
                       else "the player loses hegemony to Thebes or Persia (10.1.5)")
        else:
            best = max(a, b)
            s.decisive = best > fig.decisive_victory_points or early
            s.winner = "draw" if a == b or not s.decisive else roles[0] if a > b else roles[1]
            verdict = (f"{s.winner} wins a decisive victory (10.1.5)" if s.winner != "draw"
                       else "no decisive victory: both lose hegemony (10.1.5)")
    else:
        s.winner = "draw" if a == b else roles[0] if a > b else roles[1]
        verdict = "equal scores: a draw" if s.winner == "draw" else f"{s.winner} wins with the higher score"
    s.end_reason = f"{reason}; {roles[0]} {a} VP, {roles[1]} {b} VP: {verdict}"
    s.say("10", f"the game ends: {s.end_reason}.")
    s.phase = PH_OVER
    s.pending = None
    s.tasks = []


def side_changed(s: S) -> None:
    """2.1 and the scenario ends it brings: 10.2 and 10.4.4 end "when the players change sides for the
    second time", 10.3.5 when the player changes sides from the Spartan to the Athenian side."""
    assert s.scenario is not None
    sc = s.comp.scenario(s.scenario)
    if "second-side-change" in sc.ends_on and s.switches >= 2:
        finish(s, f"{sc.rule}: the player changes sides for the second time")
    elif "return-to-athens" in sc.ends_on and s.player == ATHENS:
        finish(s, f"{sc.rule}: the player changes sides from the Spartan to the Athenian side")


def leader_may_die(s: S, leader: int) -> bool:
    """5.7 with the scenarios' special rules: a leader can be killed only in a game turn of "Leader
    Deaths" (2.2); in the Fall of Athens no further Athenian leader casualties can occur (10.4.3)."""
    if not s.leader_deaths:
        return False
    assert s.scenario is not None
    return not (s.comp.scenario(s.scenario).id == "fall-of-athens" and s.serves[leader] == ATHENS)
