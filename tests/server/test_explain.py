"""Why a place of the board cannot be chosen, worked out only when asked (issue 8, server CPU per action):
``GET /api/games/{id}/explain`` answers the game's ``State.explain`` for the asking seat, by board ref.

Athens & Sparta's Move Phase reasons (why a block offers no move, 4.0; why a hex is no destination of the
moving block, 4.4, 4.51, 4.52) cost more than the rest of a view, and every change built them for the
side moving; now the view carries only the operation move's paths (which the page draws) and the reasons
come from this endpoint, for the seat's own player only, from what that seat sees (RULINGS R34)."""

from __future__ import annotations

import re
from typing import Any

import polemos
from polemos.core.rng import Rng
from polemos.games.athens_sparta import web
from polemos.server.db import GameRow
from polemos.server.service import Store
from tests.server.conftest import Player, client_for

AS = "athens-and-sparta"


def _to_an_operation_move(players: tuple[Player, Player], gid: int) -> tuple[Player, str, dict[str, Any]]:
    """Play the game on until a seat's page shows a block in an operation move (4.4): that player, its
    role and its page."""
    by_role = dict(zip(("athens", "sparta"), players, strict=True))
    for _ in range(200):
        for role, p in by_role.items():
            page = p.get(f"/api/games/{gid}/view?role={role}").json()
            if not page["legal"]:
                continue
            if "moving" in page["view"] and (page["view"].get("explain") or {}).get("paths"):
                return p, role, page
            legal = page["legal"]
            pick = next((a for a in legal if a.startswith("op ")), None) or next(
                (a for a in legal if a.startswith("to ")), None) or next(
                (a for a in legal if a != "end"), legal[0])
            r = p.post(f"/api/games/{gid}/actions", {"action": pick, "version": page["version"], "role": role})
            assert r.status_code == 200, r.text
            break
    raise AssertionError("no operation move reached")


def test_8_4_4_the_move_phase_reasons_come_only_when_asked(store: Store, players: tuple[Player, Player]) -> None:
    a, b = players
    r = a.post("/api/games", {"game": AS, "seats": {"athens": {"kind": "me"}, "sparta": {"kind": "open"}}})
    gid = int(r.json()["id"])
    assert b.post(f"/api/games/{gid}/join", {"role": "sparta"}).status_code == 200
    mover, role, page = _to_an_operation_move(players, gid)
    other = b if mover is a else a
    other_role = "sparta" if role == "athens" else "athens"
    # the view carries the paths the page draws (4.4), not the reasons
    assert set(page["view"]["explain"]) == {"paths"} and page["panel"]["plans"]
    got = mover.get(f"/api/games/{gid}/explain?role={role}")
    assert got.status_code == 200, got.text
    doc = got.json()
    assert doc["version"] == page["version"] and doc["role"] == role
    # the engine's own reasons, for this very state (as stored)
    with store.read() as db:
        row = db.get(GameRow, gid)
        assert row is not None
        state = store.load(row)
    assert doc["why"] == web.explain_refs(state.explain(role))
    assert doc["why"], "an operation move with no reason against any hex"
    assert all(re.search(r"\((?:[\d.]+|RULINGS R\d+)", reason) for reason in doc["why"]), doc["why"]
    refs = {ref for refs in doc["why"].values() for ref in refs}
    assert all(ref.startswith(("h:", "b:")) for ref in refs)
    destinations = {p["refs"][0] for p in page["panel"]["plans"]}
    assert not refs & destinations, "a destination with a reason against it"
    # asked again: the same bytes (kept with the page)
    assert mover.get(f"/api/games/{gid}/explain?role={role}").content == got.content
    # another seat's reasons are its player's only; the other seat (not moving) and a spectator get none
    assert other.get(f"/api/games/{gid}/explain?role={role}").status_code == 403
    theirs = other.get(f"/api/games/{gid}/explain?role={other_role}").json()
    assert theirs["why"] == {} and theirs["role"] == other_role
    with client_for(store) as visitor:
        public = visitor.get(f"/api/games/{gid}/explain")
        assert public.status_code == 200 and public.json()["why"] == {} and public.json()["role"] is None
        assert visitor.get("/api/games/999999/explain").status_code == 404
        assert visitor.get("/api/games/x/explain").status_code == 400


def test_8_4_0_a_blocks_reason_before_any_move(store: Store, players: tuple[Player, Player]) -> None:
    """4.0: with no block moving, the reasons are the side's blocks that offer no move (why_block), and a
    game without an explanation (Go Tell the Spartans) answers none."""
    a, _b = players
    r = a.post("/api/games", {"game": AS, "seats": {"athens": {"kind": "me"}, "sparta": {"kind": "me"}},
                              "hotseat": True, "seed": 5})
    gid = int(r.json()["id"])
    for _ in range(200):
        page = a.get(f"/api/games/{gid}/view").json()
        if page["view"].get("phase") == "move" and page["legal"] and "moving" not in page["view"]:
            break
        legal = page["legal"]
        pick = next((a_ for a_ in legal if a_ != "end" and not a_.startswith(("op ", "march ", "sea "))), legal[0])
        assert a.post(f"/api/games/{gid}/actions", {"action": pick, "version": page["version"],
                                                    "role": page["role"]}).status_code == 200
    else:
        raise AssertionError("no Move Phase reached")
    doc = a.get(f"/api/games/{gid}/explain?role={page['role']}").json()
    assert "explain" not in page["view"]  # nothing moving: nothing in the view to explain
    assert doc["version"] == page["version"]
    assert all(ref.startswith("b:") for refs in doc["why"].values() for ref in refs)
    gts = a.post("/api/games", {"game": "go-tell-the-spartans", "seats": {"greek": {"kind": "me"}}})
    gts_id = int(gts.json()["id"])
    assert a.get(f"/api/games/{gts_id}/explain").json()["why"] == {}


def test_8_the_explanation_depends_on_nothing_hidden() -> None:
    """Issue 8 item 3: positions that differ only in what the moving side cannot see (hidden_variants:
    the enemy's hand, strengths and identities) give it the same explanation, as they give it the same view."""
    game = polemos.game(AS)
    chooser = Rng(8)
    checked = 0
    for seed in (3, 4):
        s = game.new(seed)
        while s.outcome() is None and len(s.actions) < 1200 and checked < 6 * (seed - 2):
            for role in s.active_roles():
                ex = s.explain(role)
                if ex is not None and (ex.get("why_hex") or ex.get("why_block")):
                    for variant in game.hidden_variants(s, role, Rng(len(s.actions)), keep_identities=True)[:2]:
                        assert variant.explain(role) == ex
                    checked += 1
            role = s.active_roles()[0]
            legal = s.legal_actions(role)
            s.apply(role, legal[chooser.below(len(legal))])
    assert checked >= 6
