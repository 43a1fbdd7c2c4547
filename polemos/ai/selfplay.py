"""Self-play: bots against bots over seeded games, with a summary of who won and why.

``play_game`` plays one game between agents; ``run_selfplay`` plays a series (seeds ``seed``,
``seed + 1``, ...) with bot A in the game's first seat and bot B in the second, and returns a
plain-JSON report ``{"games": [...], "summary": {...}}``. A role the rules play (a solitaire
game's automaton) is no seat: it gets no bot, and its wins are credited to no bot.

When several roles must decide at once (simultaneous decisions), the active roles are asked one
at a time in ``game.roles`` order; each sees only its own view, so the first choice stays secret
exactly as the game's view keeps it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polemos
from polemos.ai.agents import Agent, agent_rng, make_agent
from polemos.core.game import Game, Role
from polemos.core.rng import Rng

JSON = dict[str, Any]

MAX_STEPS_REASON = "max_steps"
RULES_PLAY = "(the rules)"  # the summary's name for who plays a role that is no seat (an automaton)


class StuckGameError(RuntimeError):
    """A game that is not over but where no role can act: a bug in the game."""


@dataclass(slots=True)
class GameResult:
    """One finished (or cut-off) game. ``winner`` is None for a draw or a game cut at max_steps."""

    seed: int
    winner: Role | None
    winner_bot: str | None
    reason: str
    steps: int
    record: JSON

    def to_json(self) -> JSON:
        """The summary row (without the record)."""
        return {
            "seed": self.seed,
            "winner": self.winner,
            "winner_bot": self.winner_bot,
            "reason": self.reason,
            "steps": self.steps,
        }


def play_game(game: Game, seed: int, agents: Mapping[Role, Agent], max_steps: int = 10_000,
              options: JSON | None = None) -> GameResult:
    """Play one game of ``game`` from ``game.new(seed, options=options)`` with one agent per seat.

    Each agent gets its own RNG (:func:`~polemos.ai.agents.agent_rng`), so the same seed and agents
    always give the same game. Stops after ``max_steps`` actions (reason ``"max_steps"``). An agent
    for a role that is no seat (the rules play it) is refused: it would never be asked to act.
    """
    roles = game.roles_for(options)
    seats = game.seats_for(options)
    missing = [r for r in seats if r not in agents]
    if missing:
        raise ValueError(f"no agent for seat(s): {', '.join(missing)}")
    unseated = [r for r in agents if r not in seats]
    if unseated:
        raise ValueError(f"no seat {', '.join(unseated)} in {game.id} with these options "
                         f"(seats: {', '.join(seats)}; the rules play the rest)")
    state = game.new(seed, options=options)
    rngs: dict[Role, Rng] = {role: agent_rng(seed, i) for i, role in enumerate(roles)}
    steps = 0
    while (outcome := state.outcome()) is None:
        if steps >= max_steps:
            return GameResult(seed, None, None, MAX_STEPS_REASON, steps, state.record())
        active = state.active_roles()
        role = next((r for r in seats if r in active), None)
        if role is None:
            raise StuckGameError(f"{game.id} seed {seed}: no active seat after {steps} steps, game not over")
        legal = state.legal_actions(role)
        if not legal:
            raise StuckGameError(f"{game.id} seed {seed}: {role} is active but has no legal action")
        action = agents[role].choose(state.view(role), list(legal), rngs[role])
        state.apply(role, action)
        steps += 1
    winner = outcome.winner
    bot = agents[winner].name if winner is not None and winner in agents else None
    return GameResult(seed, winner, bot, outcome.reason, steps, state.record())


def summarise(results: list[GameResult], roles: tuple[Role, ...], seats: Mapping[Role, str]) -> JSON:
    """The summary block of a self-play report: ``seats`` names each seat's bot; a role without
    one is played by the rules (:data:`RULES_PLAY`), and its wins count for no bot."""
    by_role = Counter(r.winner for r in results if r.winner is not None)
    by_bot = Counter(r.winner_bot for r in results if r.winner_bot is not None)
    return {
        "games": len(results),
        "bots": {role: seats.get(role, RULES_PLAY) for role in roles},
        "wins": {role: by_role.get(role, 0) for role in roles},
        "bot_wins": {bot: by_bot.get(bot, 0) for bot in dict.fromkeys(seats[r] for r in roles if r in seats)},
        "draws": sum(1 for r in results if r.winner is None and r.reason != MAX_STEPS_REASON),
        "unfinished": sum(1 for r in results if r.reason == MAX_STEPS_REASON),
        "reasons": dict(sorted(Counter(r.reason for r in results).items())),
        "mean_steps": round(sum(r.steps for r in results) / len(results), 2) if results else 0.0,
    }


def run_selfplay(
    game_id: str,
    games: int,
    bots: list[str],
    seed: int = 0,
    data: Path | str | None = None,
    progress: bool = True,
    max_steps: int = 10_000,
    options: JSON | None = None,
) -> JSON:
    """Play ``games`` games (seeds ``seed``, ``seed + 1``, ...): bot ``bots[i]`` holds seat ``i``.

    One bot name may be given for every seat. Roles the rules play (no seats) get no bot. Returns
    ``{"games": [...], "summary": {...}}`` (plain JSON; the rows are :meth:`GameResult.to_json`).
    """
    game = polemos.game(game_id, data=data)
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, not {games}")
    roles = game.roles_for(options)
    seat_roles = game.seats_for(options)
    if len(bots) == 1:
        bots = bots * len(seat_roles)
    if len(bots) != len(seat_roles):
        played = [r for r in roles if r not in seat_roles]
        by_rules = f"; the rules play {', '.join(played)}" if played else ""
        raise ValueError(f"{game_id} has {len(seat_roles)} seat(s) ({', '.join(seat_roles)}{by_rules}): "
                         f"give one bot per seat, not {len(bots)}")
    seats = dict(zip(seat_roles, bots, strict=True))
    for name in set(bots):  # fail before the first game on an unknown bot
        make_agent(name, game_id, data)
    results: list[GameResult] = []

    def play(i: int) -> None:
        agents = {role: make_agent(name, game_id, data) for role, name in seats.items()}
        results.append(play_game(game, seed + i, agents, max_steps, options))

    if progress:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
        with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task(f"{game_id} {' vs '.join(bots)}", total=games)
            for i in range(games):
                play(i)
                bar.advance(task)
    else:
        for i in range(games):
            play(i)
    return {"games": [r.to_json() for r in results], "summary": summarise(results, roles, seats)}
