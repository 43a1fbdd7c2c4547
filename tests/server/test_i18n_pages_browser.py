"""Every page in Spanish, desktop (issue 11): in real headless Chromium against a live server, each page a
player meets — log in / sign up, the lobby, the not-found page, and a game of Athens & Sparta, Go Tell
the Spartans (solitaire and two players), The Peloponnesian War and Sparta vs. Athens — is walked for its
visible text, and no text node may still be English: none may equal an English message the Spanish catalog
translates, nor be a line the catalog's templates would translate (a log line, a label, a board's word left
as drawn), nor hold a common English word (a string the catalog lacks).
Text marked as another language (the language switcher's "English") is not the page's. Screenshots of
each game's board in Spanish go to ``screenshots/`` (git-ignored).

Needs Playwright's Python package and a Chromium binary; without them the module is skipped.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from polemos import i18n
from polemos.core.log import translate_line
from tests.server.browser_helpers import (
    Pages,
    actions,
    create_game,
    playwright,
    shot,
    signup,
    wait_moved,
    wait_ready,
)

playwright()  # skips the module without Playwright or Chromium; pages, server: conftest.py

# the visible text nodes of the page (in the document and in the board's SVG), trimmed; a node inside an
# element marked with another language than the page's (lang="en" on the switcher's English) is left out
VISIBLE_TEXT = """() => {
  const page = document.documentElement.lang;
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.trim();
    const el = n.parentElement;
    if (!text || !el || el.closest('script, style, title, desc, option, [hidden], [aria-hidden="true"]')) continue;
    const marked = el.closest('[lang]');
    if (marked && marked.lang && marked.lang !== page) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none' || !el.getClientRects().length) continue;
    out.push(text);
  }
  return out;
}"""


# English words no Spanish text keeps: a text holding one was not translated at all (a string missing from the
# catalog, which the test above cannot know); the games' titles are their published names
ENGLISH_WORDS = frozenset(["the", "your", "and", "or", "of", "to", "end", "fire", "move", "commit", "choose", "with",
                           "from", "this", "turn", "phase", "player"])
TITLES = ("Go Tell the Spartans", "Sparta vs. Athens")


def _english(texts: list[str]) -> list[str]:
    """The texts still in English: an English message with a (different) Spanish translation, a line the
    catalog's templates translate, or a text with an English word (ENGLISH_WORDS) no translation removed."""
    catalog = i18n.catalog("es").singular
    out = []
    for text in dict.fromkeys(texts):
        if not re.search(r"[A-Za-z]{2}", text):
            continue
        translated = (text in catalog and catalog[text] != text) or translate_line(text, "es") != text
        # quoted words too: a prompt names a button by its label, in the page's language (issue 11)
        if translated or ENGLISH_WORDS & set(re.findall(r"\w+", _without_titles(text).lower())):
            out.append(text)
    return out


def _without_titles(text: str) -> str:
    for title in TITLES:
        text = text.replace(title, "")
    return text


def _check(page: Any, where: str) -> list[str]:
    assert page.get_attribute("html", "lang") == "es", where
    return [f"{where}: {t}" for t in _english(page.evaluate(VISIBLE_TEXT))]


def _step(page: Any, rng: random.Random) -> None:
    """One action chosen at random from the page's list (by its button, confirming as a player does)."""
    before = wait_ready(page)
    options = [a for a, _ in actions(page)]
    if not options:  # a bot or the rules are to act: the page moves on by itself
        wait_moved(page, before, 2000)
        return
    page.eval_on_selector(f"#actions button.action[data-action={json.dumps(rng.choice(options))}]", "b => b.click()")
    if page.is_visible("#confirm"):
        page.click("#confirm-yes")
    wait_ready(page, before + 1)


# each game, its seats and options, and how many random actions are walked (The Peloponnesian War is
# played to its end: random play ends it early, by a surrender or a side's change, 2.1, 8.2; then its
# replay page is walked too)
GAMES: tuple[tuple[str, dict[str, tuple[str, str | None]], dict[str, str], int], ...] = (
    ("athens-and-sparta", {"athens": ("me", None), "sparta": ("bot", "random")}, {}, 25),
    ("go-tell-the-spartans", {"greek": ("me", None)}, {}, 25),
    # the two-player game's Persian seat (11.1: its commitment, movement and fire prompts) and Sparta vs. Athens
    ("go-tell-the-spartans", {"greek": ("me", None), "persian": ("me", None)}, {"players": "two"}, 25),
    ("sparta-vs-athens", {"athens": ("me", None), "sparta": ("bot", "random")}, {}, 25),
    ("peloponnesian-war", {"player": ("me", None)}, {}, 400),
)


def test_every_page_reads_in_spanish(server: str, pages: Pages) -> None:
    found: list[str] = []
    page = pages.open(locale="es-ES")
    page.goto(server + "/")
    page.wait_for_selector("#signup-form")
    found += _check(page, "log in")
    page.goto(server + "/no-such-page")
    page.wait_for_selector("h1")
    found += _check(page, "not found")
    signup(page, server, "herodoto")
    page.wait_for_selector("#create-form")
    found += _check(page, "lobby")
    for game, seats, options, steps in GAMES:
        page.goto(server + "/")
        page.wait_for_selector("#create-form")
        gid = create_game(page, game, seats, seed=11, options=options)
        page.wait_for_selector("#board svg")
        found += _check(page, game)
        shot(page, f"i18n-es-board-{game}" + "".join(f"-{v}" for v in options.values()))
        rng = random.Random(11)
        for k in range(steps):  # the pages a game goes through: each phase's panel, buttons, board, log
            if page.locator("#replay-link").count():
                break
            _step(page, rng)
            found += _check(page, f"{game} step {k + 1}")
        if game == "peloponnesian-war":
            assert page.locator("#replay-link").count(), "the war did not end"
            page.goto(f"{server}/replay/{gid}")
            page.wait_for_selector("#board svg")
            found += _check(page, "replay")
            shot(page, "i18n-es-replay-peloponnesian-war")
    page.goto(server + "/")  # the lobby again: the games under way and the finished one, its result
    page.wait_for_selector("#create-form")
    page.wait_for_selector("a[href^='/replay/']")
    found += _check(page, "lobby with games")
    shot(page, "i18n-es-lobby-with-games")
    found = list(dict.fromkeys(found))
    assert found == [], "\n".join(found)
    pages.assert_no_errors()
