"""Steps the Sparta vs. Athens browser tests share (test_browser.py, test_web_browser.py): a hot-seat game opened from
the lobby, and the way from its first decision to Athens' purchases (3.2 2a)."""

from __future__ import annotations

from typing import Any

from tests.server.browser_helpers import act, actions, create_game, signup, wait_ready

GAME = "sparta-vs-athens"
# how long a page's waits wait: the war's pages (its ~3400-unit map, ~200 purchases) take longer to draw than the
# other games' (Playwright's own default, which these tests had before they shared browser_helpers.Pages)
SLOW_MS = 30_000


def hot_seat_game(page: Any, server: str, name: str, seed: int = 1) -> int:
    """Sign up as ``name``, create a hot-seat game of both seats (``seed``) and pass its hand-over screen; its id."""
    signup(page, server, name)
    gid = create_game(page, GAME, {"athens": ("me", None), "sparta": ("me", None)}, seed=seed, hotseat=True)
    if page.is_visible("#handover-ready"):
        page.click("#handover-ready")
    wait_ready(page)
    return gid


def to_the_purchases(page: Any) -> None:
    """From the game's first decision to Athens' purchases (3.2 2a): Athens first, then the hand-over screen and the
    upkeep (paid where a payment is offered, else the first action)."""
    act(page, "athens first")
    for _ in range(3):
        if page.is_visible("#handover-ready"):
            page.click("#handover-ready")
            wait_ready(page)
        texts = [a for a, _ in actions(page)]
        if any(a.startswith("buy ") for a in texts):
            return
        act(page, next((a for a in texts if a.startswith("pay")), texts[0]))
