"""Go Tell the Spartans (Against the Odds / LPS, 2nd web edition): the registered game."""

from __future__ import annotations

from typing import ClassVar

from polemos.core.errors import RecordError
from polemos.core.game import JSON, Game, Role, State
from polemos.core.options import OptionSpec
from polemos.core.plain import position_from_json
from polemos.core.rng import Rng
from polemos.games.thermopylae.state import MODES, ROLES, Comp, GTSState, load_comp


class GoTellTheSpartans(Game):
    """Thermopylae, August 18-20, 480 BCE: Leonidas' Greeks hold the pass against Xerxes."""

    id: ClassVar[str] = "go-tell-the-spartans"
    title: ClassVar[str] = "Go Tell the Spartans"
    roles: ClassVar[tuple[Role, ...]] = ROLES
    scenarios: ClassVar[tuple[str, ...]] = ("480",)
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("players", "choice", "solitaire (the Persians are the rulebook's automaton), two (11.1: a "
                   "Persian player), or multi (11.2: Greek contingents debate the day-3 conference; the Persian "
                   "system plays)", default="solitaire", choices=MODES),
        OptionSpec("feigned_retreat", "bool", "11.3 Spartan feigned retreat option", default=False),
        OptionSpec("nothing_but_spartans", "bool", "11.4 Nothing But Spartans", default=False),
    )
    rules_edition: ClassVar[str] = "LPS / Against the Odds, Special Web 2nd Edition (2004)"

    def roles_for(self, options: JSON | None = None) -> tuple[Role, ...]:
        """11.2: with ``players: multi`` each Greek contingent but the Spartans has its own player
        (the Spartan player holds "greek": deployments, the conference, the Spartans)."""
        if (options or {}).get("players") != "multi":
            return ROLES
        comp = self.components()
        return ROLES + tuple(c for c, side in zip(comp.cont_ids, comp.cont_side, strict=True)
                             if side == 0 and c != "spartans")

    def seats_for(self, options: JSON | None = None) -> tuple[Role, ...]:
        """Solitaire (1.0) and 11.2: the Persian side is the rulebook's automaton, played by the rules
        (rules.automaton), so it is no seat; only 11.1 (``players: two``) seats a Persian player."""
        roles = self.roles_for(options)
        if (options or {}).get("players") == "two":
            return roles
        return tuple(r for r in roles if r != "persian")

    def components(self) -> Comp:
        return load_comp(self.data_dir)

    @property
    def data_version(self) -> str:
        return self.components().version

    def _new(self, seed: int, scenario: str | None, options: JSON) -> GTSState:
        from polemos.games.thermopylae import rules

        opts = dict(options)
        if scenario not in (None, "480"):
            raise ValueError(f"unknown scenario {scenario!r}; Go Tell the Spartans has '480'")
        comp = load_comp(self.data_dir, bool(opts.get("nothing_but_spartans", False)))
        state = GTSState(self, comp, int(seed), scenario, opts)
        rules.setup(state)
        return state

    def from_json(self, doc: JSON) -> GTSState:
        """Load a position document (a full ``to_json``, or a partial one over a new game)."""
        state: GTSState = position_from_json(
            self.id, doc, lambda d: self.new(int(d.get("seed", 0)), d.get("scenario"), d.get("options") or {}),
            _validate)
        return state

    def hidden_variants(self, state: State, role: Role, rng: Rng, keep_identities: bool = False) -> list[State]:
        """In the two-player game the units under the top of the enemy's stacks (3.4), restacked
        (``hidden.py``); always the dice to come."""
        from polemos.games.thermopylae.hidden import hidden_variants

        return hidden_variants(state, role, rng, keep_identities)


def _validate(s: GTSState) -> None:
    comp = s.comp
    nu = len(comp.unit_ids)
    for name in ("loc", "facing", "losses", "disordered", "force", "seq"):
        if len(getattr(s, name)) != nu:
            raise RecordError(f"position field {name!r} must have {nu} entries, one per unit")
    for u in range(nu):
        if not -6 <= s.loc[u] < comp.n_areas or (s.loc[u] >= 0 and not comp.a_pass[s.loc[u]]):
            raise RecordError(f"unit {comp.unit_ids[u]} is in no area ({s.loc[u]})")
        if not 0 <= s.losses[u] < comp.u_steps[u] and s.loc[u] >= 0:
            raise RecordError(f"unit {comp.unit_ids[u]} has {s.losses[u]} Step Losses")
        if not 0 <= s.facing[u] < 4:
            raise RecordError(f"unit {comp.unit_ids[u]} has no facing ({s.facing[u]})")
