"""Go Tell the Spartans (Against the Odds / LPS, 2nd web edition): the registered game."""

from __future__ import annotations

from typing import ClassVar

from polemos.core.errors import RecordError
from polemos.core.game import JSON, Game, Outcome, Role, State
from polemos.core.options import OptionSpec
from polemos.core.plain import position_from_json
from polemos.core.rng import Rng
from polemos.games.thermopylae import rules, sequence, view
from polemos.games.thermopylae.hidden import hidden_variants, visible_tops
from polemos.games.thermopylae.state import GREEK, MODES, PERSIAN, ROLES, Comp, GTSState, load_comp


class GTSPlay(GTSState):
    """A game of Go Tell the Spartans as the kernel plays it: the state's data (``state.py``) with the
    contract's listing, applying, view and outcome from the rule procedures (``sequence.py``,
    ``rules.py``, ``view.py``, ``hidden.py``), which sit above the state in the package's layers."""

    def active_roles(self) -> tuple[Role, ...]:
        if self.winner >= 0 or self.actor < 0:
            return ()
        if self.mode != "multi" or self.actor != GREEK:
            return (ROLES[self.actor],)
        return rules.greek_deciders(self)

    def legal_actions(self, role: Role) -> list[str]:
        if self.winner >= 0 or role not in self.active_roles():
            return []
        key = (role, len(self.actions))
        if self._legal_key == key:
            return list(self._legal_val)
        val = sequence.legal(self, role)
        self._legal_key = key
        self._legal_val = val
        return list(val)

    def _is_legal(self, role: Role, text: str) -> bool:
        """:meth:`State.apply`'s check (the game is not over and ``role`` is active: checked before), against
        the list kept from the listing of this position, without copying it (issue 12)."""
        if self._legal_key == (role, len(self.actions)):
            return text in self._legal_val
        return text in self.legal_actions(role)

    def _apply(self, role: Role, action: str) -> None:
        shown = visible_tops(self)
        # the action, then the automatic stages up to the next decision (sequence.apply, as two calls: a test
        # may stop the game after each action by replacing sequence.advance)
        sequence.act(self, action, role)
        sequence.advance(self)
        # what the rules derived from the new position (rules.touch forgets it on every change) is kept
        # for the next listing; only the listing itself is for the position before the action
        self._legal_key = None
        if not visible_tops(self) <= shown:
            # 3.4: a unit that comes to the top of its stack is seen by the enemy: a reveal (no undo)
            self.reveals += 1

    def view(self, role: Role | None) -> JSON:
        return view.build(self, self.side_of(role), role)

    def outcome(self) -> Outcome | None:
        if self.winner < 0:
            return None
        vp = rules.victory_points(self)
        scores = {"greek": vp[GREEK], "persian": vp[PERSIAN]}
        if self.mode == "multi":
            for cid, won in rules.contingent_winners(self).items():
                if cid in self.roles():
                    scores[cid] = int(won)  # 11.2: each contingent's player wins or loses apart
        return Outcome(ROLES[self.winner] if self.winner in (0, 1) else None, self.win_reason, scores)


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
        opts = dict(options)
        if scenario not in (None, "480"):
            raise ValueError(f"unknown scenario {scenario!r}; Go Tell the Spartans has '480'")
        comp = load_comp(self.data_dir, bool(opts.get("nothing_but_spartans", False)))
        state = GTSPlay(self, comp, int(seed), scenario, opts)
        sequence.setup(state)
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
