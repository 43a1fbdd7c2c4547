"""Two games that differ only in what a role cannot see look the same to it, through the whole server
(issue 8, item 3; architecture: "Fog of war and fairness").

Two Athens & Sparta games are made with the same secret seed and the same players and played with
the same actions, so they stay identical; then Sparta takes different secret steps in each (builds
onto her hidden blocks in one Replacement Phase and not in the other; another card played face
down). From then on the games differ only in what Athens cannot see, and Athens's page, the
spectator's page, the lobby entries, ``since`` and the WebSocket messages must be the same bytes in
both (less what names the game itself: its id, and the wall-clock times of its changes).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any

import pytest

from polemos.core.rng import Rng
from polemos.server import service
from polemos.server import signals as signals_module
from polemos.server.db import GameRow
from polemos.server.service import Store, Viewer
from polemos.server.signals import Signals
from tests.server.conftest import PASSWORD, client_for, state_of, version_of

AS = "athens-and-sparta"
OWN = {"id", "updated_at", "at", "invite"}  # what names a game itself, or when (not what) it changed




def without_own(doc: Any) -> Any:
    """``doc`` less the game's own id and the times of its changes, at any depth."""
    if isinstance(doc, dict):
        return {k: without_own(v) for k, v in doc.items() if k not in OWN}
    if isinstance(doc, list):
        return [without_own(v) for v in doc]
    return doc


class Table:
    """Two games made alike: Athens's browser, a visitor's, and their WebSockets on each game."""

    def __init__(self, store: Store, stack: ExitStack) -> None:
        self.store = store
        athens, athens_token = store.signup("pericles", PASSWORD)
        sparta, _ = store.signup("archidamus", PASSWORD)
        self.viewers: dict[str, Viewer] = {"athens": athens, "sparta": sparta}
        seats = {"athens": {"kind": "me"}, "sparta": {"kind": "open"}}
        self.games = [store.create(athens, {"game": AS, "seats": seats})["id"] for _ in range(2)]
        for gid in self.games:
            store.join(gid, sparta, "sparta", None)
        self.athens = stack.enter_context(client_for(store, token=athens_token))
        self.visitor = stack.enter_context(client_for(store))
        self.sockets = {(gid, who): stack.enter_context(client.websocket_connect(f"wss://testserver/api/games/{gid}/ws"))
                        for gid in self.games for who, client in (("athens", self.athens), ("visitor", self.visitor))}
        self.first = {key: ws.receive_json() for key, ws in self.sockets.items()}

    def act(self, gid: int, role: str, action: str) -> None:
        self.store.act(gid, self.viewers[role], action, version_of(self.store, gid, role), role)

    def mirror(self, chooser: Rng, done: Callable[[Any], bool], limit: int = 3000) -> Any:
        """Random legal actions, the same in both games, until ``done(state)``; the first game's state."""
        first, second = self.games
        for _ in range(limit):
            state = state_of(self.store, first)
            if done(state):
                return state
            active = state.active_roles()
            assert active, "the game ended first"
            role = active[chooser.below(len(active))]
            action = chooser.choice(state.legal_actions(role))
            self.act(first, role, action)
            self.act(second, role, action)
        raise AssertionError("never got there")

    def seen(self, gid: int) -> dict[str, Any]:
        """Everything Athens and a visitor get about game ``gid``, less what names the game itself."""
        mine = [g for g in self.athens.get("/api/games?list=mine").json() if g["id"] == gid]
        seen: dict[str, Any] = without_own({
            "athens view": self.athens.get(f"/api/games/{gid}/view").json(),
            "athens since": self.athens.get(f"/api/games/{gid}/since?after=0").json(),
            "athens entry": self.athens.get(f"/api/games/{gid}").json(),
            "athens lobby": mine,
            "visitor view": self.visitor.get(f"/api/games/{gid}/view").json(),
            "visitor since": self.visitor.get(f"/api/games/{gid}/since?after=0").json(),
            "visitor entry": self.visitor.get(f"/api/games/{gid}").json(),
        })
        return seen

    def assert_alike(self, when: str) -> None:
        first, second = (self.seen(gid) for gid in self.games)
        for key in first:
            # the same bytes, keys in the order they were sent (not re-sorted): a page's version is the
            # digest of its bytes as sent (signals.page_of), so an order that followed a secret would show
            assert json.dumps(first[key]) == json.dumps(second[key]), \
                f"{when}: {key} differs between two games that differ only in what Athens cannot see"

    def next_messages(self) -> list[Any]:
        """The next WebSocket message of Athens and of the visitor in each game (the same bytes)."""
        got = {key: ws.receive_json() for key, ws in self.sockets.items()}
        first, second = self.games
        for who in ("athens", "visitor"):
            assert got[(first, who)] == got[(second, who)], f"{who}'s WebSocket messages differ"
        return list(got.values())


@pytest.fixture
def table(store: Store, monkeypatch: pytest.MonkeyPatch) -> Iterator[Table]:
    monkeypatch.setattr(service, "secret_seed", lambda: 5)  # both games alike, and the same every run
    with ExitStack() as stack:
        yield Table(store, stack)


def replacing(state: Any) -> bool:
    """The Replacement Phase (8.0) with both players to act and a step Sparta may add in secret."""
    return (state.pending is not None and state.pending["kind"] == "replace"
            and set(state.active_roles()) == {"athens", "sparta"}
            and any(a.startswith("add ") for a in state.legal_actions("sparta")))


def test_8_3_games_that_differ_only_in_spartas_secrets_look_alike_to_athens(table: Table) -> None:
    first, second = table.games
    assert table.first[(first, "athens")] == table.first[(second, "athens")]
    table.assert_alike("at the start")
    table.mirror(Rng(3), replacing)
    table.assert_alike("at the Replacement Phase")
    # Sparta adds steps to her hidden blocks in the first game only (8.2, RULINGS R26), then is done
    steps = 0
    while steps < 4:
        adds = [a for a in state_of(table.store, first).legal_actions("sparta") if a.startswith("add ")]
        if not adds:
            break
        table.act(first, "sparta", adds[0])
        steps += 1
    assert steps >= 1
    for gid in table.games:
        table.act(gid, "sparta", "done")
    assert state_of(table.store, first).to_json() != state_of(table.store, second).to_json()
    table.assert_alike(f"after Sparta's {steps} secret steps in one game and none in the other")
    # Athens ends the phase in both: the first message each socket gets is for that, in both games
    for gid in table.games:
        table.act(gid, "athens", "done")
    table.next_messages()
    table.assert_alike("after the Replacement Phase")
    # the next Olympiad: both players keep their hands (a Mulligan is secret until both answer, R25)
    for gid in table.games:
        state = state_of(table.store, gid)
        assert state.pending is not None and state.pending["kind"] == "mulligan"
        table.act(gid, "sparta", "keep")
    table.assert_alike("after Sparta's secret Mulligan answer")
    for gid in table.games:
        table.act(gid, "athens", "keep")
    table.next_messages()
    table.assert_alike("after both kept their hands")
    # Sparta plays a different card face-down in each game
    cards = state_of(table.store, first).legal_actions("sparta")
    assert state_of(table.store, second).legal_actions("sparta") == cards
    table.act(first, "sparta", cards[0])
    table.act(second, "sparta", cards[-1])
    table.assert_alike("after Sparta played different cards face-down")


def test_8_3_digests_of_an_older_format_move_no_version_on_a_secret_step(table: Table) -> None:
    """A server upgraded mid-game finds page digests taken the old way (signals.DIGEST_FORMAT); they are
    taken again from the game as it stood before the next change is compared with them. Otherwise every
    viewer's version would move at that change, and a step Sparta takes in secret just after the upgrade
    would show to Athens and to the spectator."""
    first, _second = table.games
    table.mirror(Rng(3), replacing)
    store = table.store
    with store.write() as db, db.begin():  # the game as an older server left it: digests of format 1
        row = db.get(GameRow, first)
        assert row is not None
        signals = Signals.load(row.signals, row.version)
        signals.viewers = {k: (v, f"format-1 digest of {k}") for k, (v, _d) in signals.viewers.items()}
        signals.fmt = 1
        row.signals = signals.dump()
    before = {k: version_of(store, first, k) for k in ("athens", "sparta", "*")}
    adds = [a for a in state_of(store, first).legal_actions("sparta") if a.startswith("add ")]
    table.act(first, "sparta", adds[0])  # a secret step (8.2, RULINGS R26)
    after = {k: version_of(store, first, k) for k in ("athens", "sparta", "*")}
    assert after["athens"] == before["athens"] and after["*"] == before["*"], (before, after)
    assert after["sparta"] == before["sparta"] + 1  # her own page moved
    with store.read() as db:
        row = db.get(GameRow, first)
        assert row is not None and Signals.load(row.signals, row.version).fmt == signals_module.DIGEST_FORMAT
