"""Athens & Sparta's action buttons in Chromium (issue 11: one display name per piece; the canonical action text
stays the record format, shown as a title): at the first decision of each kind a random game meets — the Move
Phase's revolts, the Combat Phase's battles, storms and sallies, a new battle's declaration, a block's combat turn and
its retreats, the revolt block's fate (7.0), regroups, the Hellespont (9.1), a levy event and the Replacement Phase —
each button of the action list says the action in the game's words (never a record word like "add", "retreat" or
"storm", never a raw id like ATH-HOP-1), in English and in Spanish, in both editions, and carries the record text as
its title. Screenshots of the list are saved for a person to look at (screenshots/, git-ignored).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import polemos
from polemos.core.rng import Rng
from tests.server.browser_helpers import (
    SHOTS,
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
KINDS = ("move", "combat", "declare", "act", "revoltdone", "regroup", "hellespont", "levy", "replace")
# (options, seed, steps, kinds): random games (the choices drawn by Rng(seed)) that meet those kinds within their steps
# (the first edition's seed 2 meets the Hellespont only at its 288th step: test_labels words it without a browser)
GAMES = (({}, 1, 150, KINDS), ({"edition": "first"}, 2, 163, tuple(k for k in KINDS if k != "hellespont")))
RECORD_WORD = re.compile(r"^[a-z]")
RAW_ID = re.compile(r"\b[A-Z]{3}(?:-[A-Z0-9]+)+\b|\bc\d{1,2}\b|\b[a-z]:\S")


def _plan(options: dict[str, Any], seed: int, steps: int,
          kinds: tuple[str, ...]) -> list[tuple[str, str, str | None]]:
    """The game's actions (role, action), each with the kind of decision it answers when that kind is met first."""
    s = polemos.game(AS).new(seed, options=dict(options))
    rng = Rng(seed)
    seen: set[str] = set()
    plan: list[tuple[str, str, str | None]] = []
    for _ in range(steps):
        assert s.outcome() is None
        kind = str((getattr(s, "pending", None) or {}).get("kind"))
        roles = [r for r in s.active_roles() if s.legal_actions(r)]
        role = roles[0] if len(roles) == 1 else rng.choice(roles)
        action = rng.choice(s.legal_actions(role))
        plan.append((role, action, kind if kind in kinds and kind not in seen else None))
        seen.add(kind)
        s.apply(role, action)
    return plan


@pytest.mark.parametrize(("options", "seed", "steps", "kinds"), GAMES, ids=["current", "first"])
def test_action_buttons_say_the_action_in_words_with_the_record_as_title(
        pages: Pages, server: str, options: dict[str, Any], seed: int, steps: int, kinds: tuple[str, ...]) -> None:
    plan = _plan(options, seed, steps, kinds)
    assert sorted(m for _, _, m in plan if m) == sorted(kinds)
    edition = options.get("edition", "current")
    page = pages.open()
    signup(page, server, f"labels-{edition}")
    gid = create_game(page, AS, {}, seed=seed, hotseat=True, options={k: str(v) for k, v in options.items()})
    csrf = csrf_token(page, server)
    bad: list[str] = []
    for i, (role, action, moment) in enumerate(plan):
        if moment:
            shown: dict[str, list[str]] = {}
            for lang in ("en", "es"):
                open_seat(page, server, gid, role, lang)
                buttons = page.eval_on_selector_all(
                    "#actions button.action",  # a grouped button (action_groups) is named by its label
                    "bs => bs.map(b => [b.getAttribute('aria-label') || b.textContent, b.title, b.dataset.action])")
                assert buttons, (moment, lang)
                for label, title, record in buttons:
                    assert title == record, (moment, lang, label, title, record)  # the record text as the title
                    if RECORD_WORD.match(label) or RAW_ID.search(label):
                        bad.append(f"{edition} {moment} {lang}: {record!r} -> {label!r}")
                shown[lang] = [label for label, _, _ in buttons]
                if len(buttons) <= 30:
                    page.locator("#actions").screenshot(path=_shot_path(f"as-labels-{edition}-{i:03d}-{moment}-{lang}"))
                else:
                    shot(page, f"as-labels-{edition}-{i:03d}-{moment}-{lang}")
            # every button reads in Spanish (the same buttons, in the same order)
            assert len(shown["en"]) == len(shown["es"]), moment
            bad += [f"{edition} {moment}: {en!r} has no Spanish"
                    for en, es in zip(shown["en"], shown["es"], strict=True) if en == es]
        post_action(page, server, gid, role, action, csrf)
    assert bad == []
    pages.assert_no_errors()


def _shot_path(name: str) -> str:
    SHOTS.mkdir(exist_ok=True)
    return str(SHOTS / f"{name}.png")
