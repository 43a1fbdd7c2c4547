"""Toy Nim: a tiny two-role game that exercises the whole kernel contract.

It exists so the AI, CLI and fuzz harnesses can be tested without a real game. Rules:

1. Ante (simultaneous, secret): both roles choose ``ante 1`` or ``ante 2``. The heap loses both
   antes; the higher ante moves first (a tie: ``first``). An ante stays hidden until both chose.
2. Turn: the mover plays one card from a hidden hand (``take K`` removes K stones, K the card's
   value) or rolls a die (``roll``: removes ceil(die / 2) stones). Then ``end turn``: the mover
   draws a card (something hidden becomes known) and the other role moves.
3. Whoever takes the last stone wins. If a die roll empties the heap, the game is a draw.

A card played can be taken back (``undo``) until the turn ends; a roll cannot.
Component data: an optional ``toy.toml`` in ``--data DIR`` with ``heap`` (3-99) and
``hand_size`` (1-3).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import ClassVar

from polemos.core.data import DataError, digest, read_document
from polemos.core.errors import IllegalActionError
from polemos.core.game import JSON, Action, Game, Outcome, Role, State
from polemos.core.options import OptionSpec
from polemos.core.rng import Rng

ROLES: tuple[Role, ...] = ("first", "second")
CARD_VALUES = (1, 2, 3)
COPIES = 4


def other(role: Role) -> Role:
    return ROLES[1] if role == ROLES[0] else ROLES[0]


class ToyNimState(State):
    game: ToyNim

    def __init__(self, game: ToyNim, seed: int, scenario: str | None, options: JSON) -> None:
        self.game = game
        self.rng = Rng(seed)
        self.seed = seed
        self.scenario = scenario
        self.options = dict(options)
        self.actions = []
        self.undo_floor = 0
        self.reveals = 0
        self.origin = None
        self.heap = 0
        self.phase = "ante"  # ante | play | confirm | over
        self.mover: Role = ROLES[0]
        self.antes: dict[Role, int] = {}
        self.hands: dict[Role, list[int]] = {r: [] for r in ROLES}
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.turn = 0
        self.winner: Role | None = None
        self.end_reason = ""
        self.log: list[str] = []

    # -- contract -------------------------------------------------------------------------------
    def active_roles(self) -> tuple[Role, ...]:
        if self.phase == "over":
            return ()
        if self.phase == "ante":
            return tuple(r for r in ROLES if r not in self.antes)
        return (self.mover,)

    def legal_actions(self, role: Role) -> list[Action]:
        if role not in self.active_roles():
            return []
        if self.phase == "ante":
            return ["ante 1", "ante 2"]
        if self.phase == "play":
            return [f"take {v}" for v in sorted(set(self.hands[role]))] + ["roll"]
        return ["end turn"]

    def _apply(self, role: Role, action: Action) -> None:
        if action.startswith("ante "):
            self.antes[role] = int(action.split()[1])
            if len(self.antes) == len(ROLES):
                a, b = self.antes[ROLES[0]], self.antes[ROLES[1]]
                self.heap = max(1, self.heap - a - b)
                self.mover = ROLES[1] if b > a else ROLES[0]
                self.phase = "play"
                self.turn = 1
                self.reveals += 1  # the secret antes become known
                self.log.append(f"1. antes {a} and {b}; {self.heap} stones left; {self.mover} moves first")
        elif action.startswith("take "):
            value = int(action.split()[1])
            self.hands[role].remove(value)
            self.discard.append(value)
            self._remove(role, value, f"2. {role} plays a {value}")
        elif action == "roll":
            die = self.rng.d6()
            self._remove(role, (die + 1) // 2, f"2. {role} rolls {die}", by_die=True)
        elif action == "end turn":
            if self.deck:
                self.hands[role].append(self.deck.pop())
                self.reveals += 1  # the drawn card becomes known to its holder
            self.mover = other(role)
            self.turn += 1
            self.phase = "play"
            self.log.append(f"2. {role} ends the turn; {self.mover} to move")
        else:  # pragma: no cover - apply() only passes legal actions
            raise IllegalActionError(f"unknown action {action!r}")

    def _remove(self, role: Role, count: int, what: str, by_die: bool = False) -> None:
        taken = min(count, self.heap)
        self.heap -= taken
        self.log.append(f"{what}: takes {taken}, {self.heap} left")
        if self.heap == 0:
            self.phase = "over"
            if by_die:
                self.end_reason = "3. the die emptied the heap"
            else:
                self.winner = role
                self.end_reason = "3. took the last stone"
            self.log.append(f"{self.end_reason}")
        else:
            self.phase = "confirm"

    def view(self, role: Role | None) -> JSON:
        antes_known = self.phase != "ante"
        doc: JSON = {
            "heap": self.heap,
            "turn": self.turn,
            "phase": self.phase,
            "to_act": list(self.active_roles()),
            "hand_sizes": {r: len(self.hands[r]) for r in ROLES},
            "cards_left": len(self.deck),
            "discard": list(self.discard),
            "antes": dict(self.antes) if antes_known else {r: self.antes[r] for r in self.antes if r == role},
            "log": list(self.log),
        }
        if role is not None:
            doc["hand"] = sorted(self.hands[role])
            if role in self.active_roles():
                doc["prompt"] = {
                    "ante": "Choose your secret ante",
                    "play": "Play a card or roll",
                    "confirm": "End your turn (or undo your card)",
                }.get(self.phase, "")
        return doc

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        return Outcome(self.winner, self.end_reason)

    def clone(self) -> ToyNimState:
        c = type(self).__new__(type(self))
        c._assign(self)
        return c

    def _assign(self, other: State) -> None:
        assert isinstance(other, ToyNimState)
        self.game = other.game
        self.rng = other.rng.copy()
        self.seed = other.seed
        self.scenario = other.scenario
        self.options = dict(other.options)
        self.actions = list(other.actions)
        self.undo_floor = other.undo_floor
        self.reveals = other.reveals
        self.origin = other.origin
        self.heap = other.heap
        self.phase = other.phase
        self.mover = other.mover
        self.antes = dict(other.antes)
        self.hands = {r: list(h) for r, h in other.hands.items()}
        self.deck = list(other.deck)
        self.discard = list(other.discard)
        self.turn = other.turn
        self.winner = other.winner
        self.end_reason = other.end_reason
        self.log = list(other.log)

    def to_json(self) -> JSON:
        return {
            "game": self.game.id,
            "seed": self.seed,
            "scenario": self.scenario,
            "options": dict(self.options),
            "rng": self.rng.to_json(),
            "reveals": self.reveals,
            "heap": self.heap,
            "phase": self.phase,
            "mover": self.mover,
            "antes": dict(self.antes),
            "hands": {r: list(h) for r, h in self.hands.items()},
            "deck": list(self.deck),
            "discard": list(self.discard),
            "turn": self.turn,
            "winner": self.winner,
            "end_reason": self.end_reason,
            "log": list(self.log),
        }

    # -- optional hook used by the fuzzer -------------------------------------------------------
    def check_invariants(self) -> list[str]:
        problems = []
        cards = len(self.deck) + len(self.discard) + sum(len(h) for h in self.hands.values())
        if cards != COPIES * len(CARD_VALUES):
            problems.append(f"{cards} cards in play, expected {COPIES * len(CARD_VALUES)}")
        if self.heap < 0:
            problems.append(f"negative heap {self.heap}")
        if (self.phase == "over") != (self.heap == 0):
            problems.append(f"phase {self.phase} with heap {self.heap}")
        return problems


class ToyNim(Game):
    id = "toy-nim"
    title = "Toy Nim"
    roles = ROLES
    scenarios = ("standard", "short")
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("heap", "int", "starting heap size", default=15, minimum=3, maximum=99),
    )
    rules_edition = "toy-1"
    state_class: type[ToyNimState] = ToyNimState  # variants (tests of the fuzzer) swap it

    def __init__(self, data_dir: Path | None = None) -> None:
        super().__init__(data_dir)
        self.heap = 15
        self.hand_size = 2
        self._files: list[Path] = []
        if data_dir is not None:
            path = Path(data_dir) / "toy.toml"
            if path.exists():
                self._load(path)

    def _load(self, path: Path) -> None:
        doc = read_document(path)
        for key, low, high in (("heap", 3, 99), ("hand_size", 1, 3)):
            if key in doc:
                value = doc[key]
                if not isinstance(value, int) or not low <= value <= high:
                    raise DataError(path.name, key, f"must be an integer {low}-{high}, not {value!r}")
                setattr(self, key, value)
        self._files = [path]

    @property
    def data_version(self) -> str:
        return digest(self._files) if self._files else "builtin-1"

    def _new(self, seed: int, scenario: str | None, options: JSON) -> ToyNimState:
        if scenario not in (None, *self.scenarios):
            raise ValueError(f"unknown scenario {scenario!r}")
        s = self.state_class(self, seed, scenario, options)
        heap = options.get("heap", 7 if scenario == "short" else self.heap)
        s.heap = heap
        s.deck = [v for v in CARD_VALUES for _ in range(COPIES)]
        s.rng.shuffle(s.deck)
        for _ in range(self.hand_size):
            for r in ROLES:
                s.hands[r].append(s.deck.pop())
        s.log.append(f"Toy Nim: {heap} stones; choose your antes")
        return s

    def hidden_variants(self, state: State, role: Role, rng: Rng, keep_identities: bool = False) -> list[State]:
        """What ``role`` cannot see: the other role's hand (dealt again from it and the deck), his
        ante while it is secret, the deck order; without ``keep_identities`` also the dice to come."""
        assert isinstance(state, ToyNimState)
        if role not in ROLES:
            return []
        s = state.clone()
        rival = other(role)
        unseen = s.deck + s.hands[rival]
        rng.shuffle(unseen)
        s.hands[rival] = [unseen.pop() for _ in s.hands[rival]]
        s.deck = unseen
        if s.phase == "ante" and rival in s.antes:
            s.antes[rival] = 1 + rng.below(2)
        if keep_identities:
            return [s]
        fresh = s.clone()
        fresh.rng = Rng(rng.below(1 << 62))
        return [s, fresh]

    def from_json(self, doc: JSON) -> ToyNimState:
        try:
            if doc.get("game") != self.id:
                raise ValueError(f"not a {self.id} position")
            s = self.state_class(self, int(doc["seed"]), doc.get("scenario"), dict(doc.get("options") or {}))
            s.rng = Rng.from_json(doc["rng"])
            s.reveals = int(doc["reveals"])
            s.heap = int(doc["heap"])
            s.phase = str(doc["phase"])
            s.mover = str(doc["mover"])
            s.antes = {str(k): int(v) for k, v in doc["antes"].items()}
            s.hands = {r: [int(v) for v in doc["hands"][r]] for r in ROLES}
            s.deck = [int(v) for v in doc["deck"]]
            s.discard = [int(v) for v in doc["discard"]]
            s.turn = int(doc["turn"])
            s.winner = doc["winner"]
            s.end_reason = str(doc["end_reason"])
            s.log = [str(line) for line in doc["log"]]
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"bad toy-nim position: {exc!r}") from None
        s.origin = json.loads(json.dumps(doc))
        return s


def play_script(state: State, moves: list[tuple[Role, str]]) -> State:
    """Apply ``moves`` (role, text) in order; a test helper."""
    for role, text in moves:
        state.apply(role, state.game.parse_action(state, role, text))
    return state


__all__ = ["ToyNim", "ToyNimState", "play_script"]
