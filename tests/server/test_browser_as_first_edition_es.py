"""Athens & Sparta's first edition in Spanish on the browser table (issue 13), in real headless Chromium against a
live server: a hot-seat game created in the Spanish lobby with the option edition=first, played by the heuristic
bots' choices (sent through the API the page uses) through the Bad Hand, cards, moves, battles, a storm and the pick
of its storming blocks, a sally, the Replacement Phase with PP, a levy and a naval battle; at each first moment of a
kind the page is read as a player sees it — the side panel, the actions and the board's words — and shot to
``screenshots/``. Every word must be Spanish, in the first edition's terms: no English left, no BP, no Mulligan.

Needs Playwright's Python package and a Chromium binary; without them the module is skipped.
"""

from __future__ import annotations

import re
from typing import Any

import polemos
from polemos.ai.agents import make_agent
from polemos.core.rng import Rng
from polemos.games.athens_sparta.model import NAVY
from polemos.games.athens_sparta.state import AthensSpartaState
from tests.server.browser_helpers import (
    Pages,
    create_game,
    csrf_token,
    open_seat,
    playwright,
    post_action,
    shot,
    signup,
)

playwright()  # skips the module without Playwright or Chromium; pages, server: conftest.py

AS = "athens-and-sparta"
SEED = 7  # the heuristic bots' game of this seed fights a naval battle by its 260th action
STEPS = 262
# English words a Spanish page must not show (names in capitals and the typed commands in quotes aside)
WORDS = """the of to and with his your you its move moves moving left battle round block blocks navy navies army armies
fire fires retreat siege storm city cities side player turn phase choose click keep take new deal hand card cards
attacker defender wins points forecast stage sea land combat declare patrol blockade withdraw into from at by on or
not nobody contested held is are be may must can this that there here when where which what after before all any two
hexes event first edition build regroup"""
ENGLISH = frozenset(WORDS.split())


def _plan() -> list[tuple[str, str, str | None]]:
    """The game's actions (role, action) as the heuristic bots choose them, each with the kind of decision it
    answers when that kind is met for the first time (a naval battle's combat turns apart: 1st 6.1)."""
    game = polemos.game(AS)
    s = game.new(SEED, options={"edition": "first"})
    assert isinstance(s, AthensSpartaState)
    agents = {r: make_agent("heuristic", AS) for r in ("athens", "sparta")}
    rng = Rng(SEED)
    seen: set[str] = set()
    plan: list[tuple[str, str, str | None]] = []
    for _ in range(STEPS):
        assert s.outcome() is None
        kind = str((s.pending or {}).get("kind"))
        if s.battle is not None:
            h = s.battle["hex"]
            navies = {s.owner[b] for b in range(len(s.loc))
                      if s.loc[b] == h and not s.inside[b] and s.comp.blocks[b].type == NAVY}
            kind = "naval-" + kind if navies == {0, 1} else kind
        moment = kind if kind not in seen else None
        seen.add(kind)
        roles = [r for r in s.active_roles() if s.legal_actions(r)]
        role = roles[0] if len(roles) == 1 else rng.choice(roles)
        action = agents[role].choose(s.view(role), s.legal_actions(role), rng)
        plan.append((role, action, moment))
        s.apply(role, action)
    return plan


def _english(text: str) -> list[str]:
    return [w for w in re.findall(r"\b[a-zA-Z]{2,}\b", text) if w.lower() in ENGLISH and not w.isupper()]


def test_a_first_edition_game_reads_in_spanish_in_its_own_terms(pages: Pages, server: str) -> None:
    plan = _plan()
    moments = [m for _, _, m in plan if m]
    for kind in ("mulligan", "card", "move", "act", "declare", "stormq", "sallyq", "replace", "levy", "naval-act"):
        assert kind in moments, (kind, moments)
    page = pages.open(locale="es-ES")
    signup(page, server, "plutarco")
    assert page.evaluate("document.documentElement.lang") == "es"
    gid = create_game(page, AS, {}, seed=SEED, hotseat=True, options={"edition": "first"})
    csrf = csrf_token(page, server)
    read: dict[str, dict[str, Any]] = {}
    for i, (role, action, moment) in enumerate(plan):
        if moment:
            open_seat(page, server, gid, role)
            side = page.inner_text("#side")
            # a button's words: its accessible name (a grouped button shows only its city under its heading, d96afeb)
            labels = page.eval_on_selector_all("#actions button.action",
                                               "bs => bs.map(b => b.getAttribute('aria-label') || b.textContent)")
            board = " ".join(page.eval_on_selector_all("#board svg text", "ts => ts.map(t => t.textContent)"))
            read[moment] = {"side": side, "labels": labels, "board": board}
            for text in [*side.splitlines(), *labels, board]:
                assert not _english(text), (moment, text, _english(text))
                assert not re.search(r"\bBPs?\b|Mulligan|Build Point", text), (moment, text)
            shot(page, f"as-first-es-{i:03d}-{moment}")
        # each seat's page has its own version (browser_helpers): the acting seat's, as its page would send it
        post_action(page, server, gid, role, action, csrf)
    # the first edition's terms, as the Spanish rulebook names them
    assert "Mala Mano" in " ".join(read["mulligan"]["labels"] + [read["mulligan"]["side"]])
    assert "PP restantes" in read["replace"]["side"]
    assert any(x.startswith("Construir ") and " en " in x for x in read["replace"]["labels"])
    assert all(x.startswith("Asaltar con ") or x == "Hecho" for x in read["stormq"]["labels"])
    assert "turnos de combate (1.ª ed. 5.1)" in read["naval-act"]["side"]
    # the board's key names sea control by the first edition's rule (RULINGS FE42)
    assert "mar controlado por Atenas (1.ª ed. 6.5)" in read["card"]["board"]
    pages.assert_no_errors()
