"""The board's kept fragments (issue 8, server CPU per action): a board drawn from what earlier boards kept (the
names moved for a blocks' layout, the cities' and places' layers by their entries' JSON) is the board drawn with
nothing kept, for both sides' views along random games of both editions."""

from __future__ import annotations

import random

import pytest

import polemos
from polemos.games.athens_sparta import web


def _forget() -> None:
    for room in (kept[1] for kept in web._ROOMS.values()):
        room.cleared.clear()
        room.tries.clear()
        room.stacks.clear()
    web._cities_drawn.cache_clear()
    web._place_drawn.cache_clear()
    web._block_drawn.cache_clear()


@pytest.mark.parametrize("edition", ["second", "first"])
def test_boards_drawn_from_kept_fragments_are_drawn_afresh(edition: str) -> None:
    state = polemos.game("athens-and-sparta").new(3, None, {"edition": edition})
    rng = random.Random(3)
    views = []
    for _ in range(120):
        if state.outcome() is not None:
            break
        role = rng.choice(list(state.active_roles()))
        state.apply(role, rng.choice(list(state.legal_actions(role))))
        views += [state.view("athens"), state.view("sparta"), state.view(None)]
    _forget()
    kept = [web.render_board(view) for view in views]  # in order: most find their layout and layers kept
    room = web._name_room(web._base(None, edition == "first"))
    assert len(room.cleared) < len(views) / 2  # the layouts repeat: the memo is used
    for view, board in zip(views, kept, strict=True):
        _forget()
        assert web.render_board(view) == board
        assert web._names_clear(web._base(None, edition == "first"), view) == web._names_moved(
            web._base(None, edition == "first"), view)
