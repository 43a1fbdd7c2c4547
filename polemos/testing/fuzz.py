"""A reusable fuzzer for any registered game: seeded random playouts that check the contract.

After every action (or every ``check_every``-th, and always at the end) :func:`fuzz_game` checks:

- no exception escapes the game;
- no dead end: until the game ends some active role has a legal action; once it ends, no role is
  active; a role that is not active has no legal actions;
- bounded length: the game ends within ``max_steps`` actions;
- the state's own invariants, if it has ``check_invariants() -> list[str]``;
- JSON round trip: ``game.from_json(state.to_json())`` gives the same document (compared as
  ``json.dumps(sort_keys=True)``), the same active roles, legal actions and outcome, and a record
  that replays to it (so ``from_json`` must set ``state.origin``);
- clones are independent: applying an action to a clone leaves the original unchanged;
- views (each role and the spectator) are plain JSON with string keys, hold no key named like a
  hidden part of the state (``rng``, ``deck`` at any depth), and pass the game's ``leak_check``;
- reading the state (views, legal actions, clones, to_json) never changes it;
- undo never crosses a roll, a reveal or a change of active roles, and when allowed it restores
  the exact previous document;
- the final record replays to the identical state;
- nothing public depends on a secret (below).

Secrets
-------
Architecture, "Fog of war and fairness": nothing anyone can see — views, the log, who is asked to
act, how many questions, what follows from them — may depend on what they cannot see. A game
states what each role cannot see through the contract hook ``Game.hidden_variants(state, role,
rng)``: positions that differ from ``state`` only in what ``role`` cannot see. "Differ only in
what a role cannot see" means: every fact in the role's view (and so in the spectator's, who sees
less) is the same, and everything else may differ as long as the position stays legal:

- Athens & Sparta (``athens_sparta/hidden.py``): the opponent's hand, his face-down card and his
  unrevealed Sicily card are dealt again from the cards the role has not seen, with the deck in a
  new order; his upright (unrevealed) blocks trade places with each other and with his
  Replacement Pool, army for army and navy for navy (owner, hex and side of the walls of every
  block stay: they are in plain sight, R23), each at a strength from 1 to its steps; blocks whose
  identity has public consequences stay put (green, rebel and revolt blocks, those the procedure
  in progress names). A second variant also has fresh dice to come.
- Go Tell the Spartans (``thermopylae/hidden.py``): in the two-player game (3.4) the opponent's
  units under the top of each of his stacks trade places with each other (within one unit type:
  a stack is of one type, 3.1.2, and the top shows it), each with any Step Losses it can have and
  any Disorder; the top unit, every unit's facing, the number of units and everything off the map
  stay. In the solitaire and 3+ player games nothing on the map is hidden: the only variant has
  fresh dice to come.

At every ``secrets_every``-th action (by default at every checkpoint), for every role and every
variant ``V`` of the state ``S``:

1. ``S`` and ``V`` give the role and the spectator byte-identical views
   (``json.dumps(view, sort_keys=True)``), the same active roles and the same legal actions for
   the role; ``V`` round-trips through JSON.
2. Then ``S`` and ``V`` are played on side by side for up to ``follow`` actions: an active role
   and one of its actions legal in both positions are chosen at random and applied to both. After
   each action the two must again show the role and the spectator the same views, active roles
   and legal actions — unless the action rolled a die, shuffled or revealed something hidden in
   either position (``rng.draws``, ``state.reveals``): then the two worlds may part in public (a
   die hits a hidden block of another strength, a battle reveals another block) and the
   comparison of this variant ends. It also ends when no active role has an action legal in both
   (their hidden options differ). The variants made with ``keep_identities`` are held to this
   strictly: every action text names the same pieces in both worlds, so an equal act must look
   equal. In the others hidden pieces traded places, and another role's act in plain sight that
   names one (a block marching off) may move another piece in each world: when such an act
   changes what the role sees in both worlds, the comparison ends; an act that changes it in one
   world only (a step secret in one world and public in the other) is still a failure.

   So the other side's hidden steps (a secret answer, a card played face-down, builds onto hidden
   blocks) and every procedure that follows from them (who is asked next, whether a question is
   asked at all, the log lines) leave the same public footprint in both worlds.

A failing playout is saved as its record plus the error (``<game>-seed<N>.json`` in ``save_dir``);
``polemos replay`` and ``polemos.replay`` read it back to reproduce the bug.
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polemos
from polemos.core.game import Game, Role, State
from polemos.core.rng import Rng

JSON = dict[str, Any]
LeakCheck = Callable[[State, Role | None, JSON], list[str]]

HIDDEN_KEYS: tuple[str, ...] = ("rng", "deck")
_SALT = 0xF022  # the fuzzer's own choices never share the game's RNG stream
_SECRET_SALT = 0x5EC2E7  # the variants' and their playouts' draws
FOLLOW = 24  # actions played side by side from a state and each of its hidden variants


@dataclass(slots=True)
class FuzzFailure:
    """One failing playout: the seed, the action count when it failed, what failed, and where the
    reproducing record was saved (None if it could not be written)."""

    seed: int
    step: int
    message: str
    path: Path | None

    def __str__(self) -> str:
        where = f" (record: {self.path})" if self.path is not None else ""
        return f"seed {self.seed}, step {self.step}: {self.message}{where}"


@dataclass(slots=True)
class FuzzReport:
    """What a fuzz run found."""

    game_id: str
    games: int = 0
    finished: int = 0
    steps: int = 0
    failures: list[FuzzFailure] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures

    def summary(self) -> str:
        lines = [f"{self.game_id}: {self.games} playouts, {self.finished} finished, {self.steps} actions, "
                 f"{len(self.failures)} failing"]
        lines += [f"  {f}" for f in self.failures]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()


class _Fail(Exception):
    """A broken check: the message says what."""


def _dump(doc: Any, what: str) -> str:
    try:
        return json.dumps(doc, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise _Fail(f"{what} is not JSON-serialisable: {exc}") from None


def first_difference(a: Any, b: Any, path: str = "$") -> str:
    """Where two JSON documents first differ, as ``$.key[3]: x != y``."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a:
                return f"{path}.{key}: missing != {b[key]!r:.80}"
            if key not in b:
                return f"{path}.{key}: {a[key]!r:.80} != missing"
            if a[key] != b[key]:
                return first_difference(a[key], b[key], f"{path}.{key}")
    elif isinstance(a, list | tuple) and isinstance(b, list | tuple):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
        if len(a) != len(b):
            return f"{path}: length {len(a)} != {len(b)}"
    return f"{path}: {a!r:.80} != {b!r:.80}"


def json_problems(doc: Any, hidden_keys: Collection[str] = HIDDEN_KEYS, path: str = "$") -> list[str]:
    """Why ``doc`` is not a plain JSON view: non-string keys, non-JSON values, hidden-state keys."""
    problems: list[str] = []
    if isinstance(doc, dict):
        for key, value in doc.items():
            if not isinstance(key, str):
                problems.append(f"{path}: key {key!r} is not a string")
            elif key in hidden_keys:
                problems.append(f"{path}.{key}: views must not hold {key!r} (hidden state)")
            problems += json_problems(value, hidden_keys, f"{path}.{key}")
    elif isinstance(doc, list | tuple):
        for i, value in enumerate(doc):
            problems += json_problems(value, hidden_keys, f"{path}[{i}]")
    elif isinstance(doc, float):
        if doc != doc or doc in (float("inf"), float("-inf")):
            problems.append(f"{path}: {doc} is not valid JSON")
    elif not (doc is None or isinstance(doc, str | int | bool)):
        problems.append(f"{path}: {type(doc).__name__} is not JSON")
    return problems


class _Playout:
    """One seeded random playout with its checks."""

    def __init__(self, game: Game, seed: int, max_steps: int, check_every: int, data: Path | str | None,
                 leak_check: LeakCheck | None, hidden_keys: Collection[str], options: JSON | None = None,
                 follow: int = FOLLOW, secrets_every: int | None = None) -> None:
        self.game = game
        self.seed = seed
        self.options = options
        self.follow = follow
        self.secrets_every = secrets_every or check_every
        self.max_steps = max_steps
        self.check_every = check_every
        self.data = data
        self.leak_check = leak_check
        self.hidden_keys = hidden_keys
        self.state: State | None = None
        self.step = 0
        self.pending: tuple[Role, str] | None = None  # the action being applied, if it raises

    def run(self) -> bool:
        """Play to the end; True if the game finished. Raises on the first broken check."""
        self.state = state = self.game.new(self.seed, options=self.options)
        chooser = Rng(self.seed ^ _SALT)
        self.check(state)
        while state.outcome() is None:
            if self.step >= self.max_steps:
                raise _Fail(f"the game did not end within {self.max_steps} actions")
            active = state.active_roles()
            movable = [r for r in active if state.legal_actions(r)]
            if not movable:
                raise _Fail(f"dead end: the game is not over but no role can act (active: {list(active)})")
            role = chooser.choice(movable)
            action = chooser.choice(state.legal_actions(role))
            self.step += 1
            due = self.step % self.check_every == 0
            before = _dump(state.to_json(), "to_json()") if due else None
            draws, rng_state, reveals = state.rng.draws, state.rng.state, state.reveals
            self.pending = (role, action)
            state.apply(role, action)
            self.pending = None
            self.check_undo_policy(state, role, action, active, draws, rng_state, reveals)
            if due or state.outcome() is not None:
                self.check(state)
                if before is not None and state.can_undo(role):
                    self.check_undo(state, role, action, before)
                if self.step % self.secrets_every == 0:
                    self.check_secrets(state)
        self.check_replay(state)
        return True

    # -- checks ----------------------------------------------------------------------------------
    def check(self, state: State) -> None:
        text = _dump(state.to_json(), "to_json()")
        self.unchanged(state, text, "to_json()")
        self.check_invariants(state)
        self.unchanged(state, text, "check_invariants()")
        self.check_turn(state)
        self.unchanged(state, text, "active_roles(), legal_actions() or outcome()")
        self.check_round_trip(state, text)
        self.unchanged(state, text, "from_json()")
        self.check_views(state)
        self.unchanged(state, text, "view()")
        self.check_clone(state, text)

    def unchanged(self, state: State, text: str, what: str) -> None:
        """Reading a state must never change it."""
        now = _dump(state.to_json(), "to_json()")
        if now != text:
            raise _Fail(f"{what} changed the state: " + first_difference(json.loads(text), json.loads(now)))

    def check_invariants(self, state: State) -> None:
        hook = getattr(state, "check_invariants", None)
        if callable(hook):
            problems = hook()
            if problems:
                raise _Fail("invariant broken: " + "; ".join(str(p) for p in problems))

    def check_turn(self, state: State) -> None:
        roles = state.roles()
        active = state.active_roles()
        strangers = [r for r in active if r not in roles]
        if strangers:
            raise _Fail(f"active_roles() names unknown roles {strangers}")
        outcome = state.outcome()
        if outcome is not None:
            if active:
                raise _Fail(f"the game is over ({outcome.reason}) but roles are still active: {list(active)}")
            if outcome.winner is not None and outcome.winner not in roles:
                raise _Fail(f"the outcome names an unknown winner {outcome.winner!r}")
        elif not any(state.legal_actions(r) for r in active):
            raise _Fail(f"dead end: the game is not over but no role can act (active: {list(active)})")
        for role in roles:
            if role not in active and state.legal_actions(role):
                raise _Fail(f"{role} is not active but has legal actions {state.legal_actions(role)[:5]}")

    def check_round_trip(self, state: State, text: str) -> None:
        try:
            loaded = self.game.from_json(json.loads(text))
        except Exception as exc:
            raise _Fail(f"from_json(to_json()) raised {type(exc).__name__}: {exc}") from exc
        again = _dump(loaded.to_json(), "to_json() of the loaded position")
        if again != text:
            raise _Fail("JSON round trip changed the position: "
                        + first_difference(json.loads(text), json.loads(again)))
        if loaded.active_roles() != state.active_roles():
            raise _Fail(f"loaded position has active roles {loaded.active_roles()}, "
                        f"not {state.active_roles()}")
        for role in state.roles():
            if loaded.legal_actions(role) != state.legal_actions(role):
                raise _Fail(f"loaded position gives {role} different legal actions")
        if loaded.outcome() != state.outcome():
            raise _Fail(f"loaded position has outcome {loaded.outcome()}, not {state.outcome()}")
        # A loaded position must record where it started (state.origin), or its record (and so
        # undo, which replays the record) would start again from game.new(seed).
        try:
            again = _dump(polemos.replay(json.loads(_dump(loaded.record(), "record()")), data=self.data)
                          .to_json(), "to_json() of the replayed position")
        except ValueError as exc:
            raise _Fail(f"the record of a loaded position does not replay: {exc}") from exc
        if again != text:
            raise _Fail("the record of a loaded position replays to another state (does from_json set "
                        "state.origin?): " + first_difference(json.loads(text), json.loads(again)))

    def check_views(self, state: State) -> None:
        roles: list[Role | None] = [*state.roles(), None]
        for role in roles:
            who = role or "the spectator"
            view = state.view(role)
            if not isinstance(view, dict):
                raise _Fail(f"view({role!r}) is a {type(view).__name__}, not a JSON object")
            problems = json_problems(view, self.hidden_keys)
            if self.leak_check is not None:
                problems += self.leak_check(state, role, view)
            if problems:
                raise _Fail(f"view of {who}: " + "; ".join(problems[:5]))

    def check_clone(self, state: State, text: str) -> None:
        clone = state.clone()
        if clone is state:
            raise _Fail("clone() returned the state itself")
        if _dump(clone.to_json(), "to_json() of the clone") != text:
            raise _Fail("the clone differs from the original: "
                        + first_difference(json.loads(text), clone.to_json()))
        actions = len(state.actions)
        for role in clone.active_roles():
            legal = clone.legal_actions(role)
            if legal:
                try:
                    clone.apply(role, legal[-1])
                except Exception as exc:
                    self.pending = (role, legal[-1])  # the saved record plus this action reproduces it
                    raise _Fail(f"{type(exc).__name__} while applying {role}: {legal[-1]!r} to a clone: "
                                f"{exc}") from exc
                break
        if _dump(state.to_json(), "to_json()") != text or len(state.actions) != actions:
            raise _Fail("an action applied to a clone changed the original: "
                        + first_difference(json.loads(text), state.to_json()))

    def check_undo_policy(self, state: State, role: Role, action: str, active: tuple[Role, ...],
                          draws: int, rng_state: tuple[bytes, int], reveals: int) -> None:
        if not state.can_undo(role):
            return
        if state.rng.draws != draws:
            raise _Fail(f"{role} may undo {action!r} although it rolled dice or shuffled")
        if state.rng.state != rng_state:
            raise _Fail(f"{role} may undo {action!r} although it drew from the RNG "
                        "(the draw was not counted in rng.draws)")
        if state.reveals != reveals:
            raise _Fail(f"{role} may undo {action!r} although it revealed something hidden")
        if state.active_roles() != active:
            raise _Fail(f"{role} may undo {action!r} although the active roles changed")

    def check_undo(self, state: State, role: Role, action: str, before: str) -> None:
        text = _dump(state.to_json(), "to_json()")
        taken_back = state.clone()
        try:
            taken_back.undo(role)
        except Exception as exc:
            raise _Fail(f"can_undo({role!r}) is True but undo raised {type(exc).__name__}: {exc}") from exc
        after = _dump(taken_back.to_json(), "to_json() after undo")
        if after != before:
            raise _Fail(f"undoing {role}: {action!r} did not restore the previous position: "
                        + first_difference(json.loads(before), json.loads(after)))
        if _dump(state.to_json(), "to_json()") != text:
            raise _Fail("undo on a clone changed the original")

    def check_replay(self, state: State) -> None:
        text = _dump(state.to_json(), "to_json()")
        record = json.loads(_dump(state.record(), "record()"))
        try:
            replayed = polemos.replay(record, data=self.data)
        except ValueError as exc:
            raise _Fail(f"the final record does not replay: {exc}") from exc
        again = _dump(replayed.to_json(), "to_json() of the replayed state")
        if again != text:
            raise _Fail("the replayed record differs from the played state: "
                        + first_difference(json.loads(text), json.loads(again)))

    def check_secrets(self, state: State) -> None:
        """Nothing public depends on a secret: see "Secrets" in the module docstring."""
        text = _dump(state.to_json(), "to_json()")
        for role in state.roles():
            rng = Rng(self.seed ^ _SECRET_SALT ^ (len(state.actions) << 20))
            where = (f"hidden_variants(state, {role!r}, Rng(seed ^ {_SECRET_SALT:#x} ^ "
                     f"({len(state.actions)} << 20)))")
            variants = [(v, True) for v in self.game.hidden_variants(state, role, rng, keep_identities=True)]
            variants += [(v, False) for v in self.game.hidden_variants(state, role, rng)]
            now = _dump(state.to_json(), "to_json()")
            if now != text:  # the hook changes clones of the state: they must be independent of it
                raise _Fail("changing clones (hidden_variants) changed the original: "
                            + first_difference(json.loads(text), json.loads(now)))
            for k, (variant, strict) in enumerate(variants):
                what = f"variant {k} of {where}"
                doc = json.loads(_dump(variant.to_json(), f"to_json() of {what}"))
                again = _dump(self.game.from_json(doc).to_json(), f"to_json() of the reloaded {what}")
                if again != _dump(doc, what):
                    raise _Fail(f"{what} does not round-trip through JSON: "
                                + first_difference(doc, json.loads(again)))
                self.follow_variant(state.clone(), variant, role, rng, what, strict)

    def follow_variant(self, a: State, b: State, role: Role, rng: Rng, what: str, strict: bool) -> None:
        """Play ``a`` and its variant ``b`` side by side while their public footprints must agree;
        ``strict``: ``b`` keeps every piece's identity, so equal action texts mean equal acts."""
        self.same_footprint(a, b, role, f"{what} differs only in what {role} cannot see, but")
        seen = self.footprint(a, role)
        for step in range(self.follow):
            if a.outcome() is not None:
                return
            choices = []
            for r in a.active_roles():
                legal_b = set(b.legal_actions(r))
                common = [x for x in a.legal_actions(r) if x in legal_b]
                if common:
                    choices.append((r, common))
            if not choices:
                return
            r, common = rng.choice(choices)
            action = rng.choice(common)
            marks = (a.rng.draws, a.reveals, b.rng.draws, b.reveals)
            # a crash of the game itself is saved with the record that reproduces it (the playout's
            # own actions and those played on after them)
            self.state, self.pending, played = a, (r, action), self.state
            a.apply(r, action)
            self.state, self.pending = played, None
            try:
                b.apply(r, action)
            except Exception as exc:
                raise _Fail(f"{type(exc).__name__} while playing {r}: {action!r} on {what} "
                            f"(action {step + 1} after it): {exc}") from exc
            fa, fb = self.footprint(a, role), self.footprint(b, role)
            if fa == fb:
                seen = fa
                continue
            if marks != (a.rng.draws, a.reveals, b.rng.draws, b.reveals):
                return  # a die or a reveal made the two worlds differ in public: the comparison ends
            if not strict and r != role and fa != seen and fb != seen:
                return  # another role's act in plain sight, which may name another piece in each world
            self.same_footprint(a, b, role, f"after {r}: {action!r} (action {step + 1} played on both, no die "
                                            f"rolled, nothing revealed) from {what},")

    @staticmethod
    def footprint(s: State, role: Role) -> tuple[str, str, str, str, str]:
        """What ``role`` and a spectator see, who acts, what ``role`` may do, and why not (its
        ``explain``, worked out only when asked but just as public to it): as JSON text."""
        return (_dump(s.view(role), f"view({role!r})"), _dump(s.view(None), "view(None)"),
                json.dumps(s.active_roles()), json.dumps(s.legal_actions(role)),
                _dump(s.explain(role), f"explain({role!r})"))

    def same_footprint(self, a: State, b: State, role: Role, lead: str) -> None:
        """Fail with ``lead`` and the first difference unless ``a`` and ``b`` look the same to ``role``."""
        fa, fb = self.footprint(a, role), self.footprint(b, role)
        for i, name in enumerate((f"{role}'s view", "the spectator's view", "the active roles",
                                  f"{role}'s legal actions", f"{role}'s explanation")):
            if fa[i] != fb[i]:
                raise _Fail(f"{lead} {name} differ: " + first_difference(json.loads(fa[i]), json.loads(fb[i])))

    # -- failure record --------------------------------------------------------------------------
    def failure_document(self, message: str, trace: str | None) -> JSON:
        doc: JSON
        try:
            assert self.state is not None
            doc = dict(self.state.record())
        except Exception:
            actions = [[r, a] for r, a in getattr(self.state, "actions", [])]
            doc = {"game": self.game.id, "seed": self.seed, "scenario": None, "options": dict(self.options or {}),
                   "actions": actions}
        doc["error"] = message
        doc["step"] = self.step
        doc["failing_action"] = list(self.pending) if self.pending is not None else None
        if trace:
            doc["traceback"] = trace
        return doc


def fuzz_game(
    game_id: str,
    seeds: Iterable[int],
    max_steps: int,
    data: Path | str | None = None,
    check_every: int = 1,
    leak_check: LeakCheck | None = None,
    save_dir: Path | None = None,
    hidden_keys: Collection[str] = HIDDEN_KEYS,
    options: JSON | None = None,
    follow: int = FOLLOW,
    secrets_every: int | None = None,
) -> FuzzReport:
    """Play one seeded random playout per seed and check the game contract along the way.

    ``leak_check(state, role, view)`` returns the problems it finds in a view (role None is the
    spectator); ``hidden_keys`` are key names no view may hold at any depth. ``options`` are the
    game's options for every playout. The secrets check (module docstring) runs every
    ``secrets_every``-th action (default: ``check_every``; a multiple of it, for the other checks
    run at the same points); ``follow`` is how many actions each hidden variant is played on
    beside its state (0: only the variants themselves are compared). Failing playouts are saved to
    ``save_dir`` (default ``fuzz-failures/``) as records with the error added.
    """
    if check_every < 1:
        raise ValueError("check_every must be at least 1")
    if max_steps < 1:
        raise ValueError("max_steps must be at least 1")
    if secrets_every is not None and (secrets_every < 1 or secrets_every % check_every):
        raise ValueError("secrets_every must be a positive multiple of check_every")
    game = polemos.game(game_id, data=data)
    out_dir = Path("fuzz-failures") if save_dir is None else Path(save_dir)
    report = FuzzReport(game_id)
    for seed in seeds:
        playout = _Playout(game, seed, max_steps, check_every, data, leak_check, hidden_keys, options, follow,
                           secrets_every)
        report.games += 1
        message: str | None = None
        trace: str | None = None
        try:
            playout.run()
            report.finished += 1
        except _Fail as exc:
            message = str(exc)
            if exc.__cause__ is not None:
                trace = "".join(traceback.format_exception(exc.__cause__))
        except Exception as exc:
            where = f" while applying {playout.pending[0]}: {playout.pending[1]!r}" if playout.pending else ""
            message = f"{type(exc).__name__}{where}: {exc}"
            trace = traceback.format_exc()
        report.steps += playout.step
        if message is not None:
            doc = playout.failure_document(message, trace)
            path: Path | None = out_dir / f"{game_id}-seed{seed}.json"
            try:
                assert path is not None
                out_dir.mkdir(parents=True, exist_ok=True)
                path.write_text(json.dumps(doc, indent=1, default=str) + "\n")
            except OSError:
                path = None
            report.failures.append(FuzzFailure(seed, playout.step, message, path))
    return report
