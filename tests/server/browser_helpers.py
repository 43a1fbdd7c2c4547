"""Helpers of the browser tests: a live `polemos serve` in a subprocess and page-level actions.

The fixtures ``browser`` (headless Chromium, one per test module) and ``server`` (a live server over a
fresh database, one per test module) are defined here and offered to every test of ``tests/server`` by
its ``conftest.py``; a module that needs them calls :func:`playwright` at its top, which skips the module
when Playwright or Chromium is missing. A module may still define its own ``server`` (another database
directory, options): a module's fixture overrides the conftest's.

The page marks its state for tools: ``<section id="game" data-version=N data-role=R data-ready=1>``
(ready: the shown view is the latest the page fetched and nothing is in flight; N is the version of
that seat's own page, which moves only when what the seat may see moves), each legal action is
a ``<button class="action" data-action=TEXT data-refs="REF REF">`` in ``#actions``.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("POLEMOS_CHROMIUM", "/usr/bin/chromium")
PASSWORD = "correct horse battery"
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots"
TIMEOUT_MS = 20_000


def chromium_path() -> str | None:
    """The Chromium to drive (Debian's by default), or None."""
    if Path(CHROMIUM).is_file():
        return CHROMIUM
    return shutil.which("chromium") or shutil.which("chromium-browser")


def playwright() -> Any:
    """Playwright's sync API; skips the calling test module (call it at the module's top) when Playwright's
    Python package or a Chromium binary is missing."""
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="the browser tests need Playwright's Python package: pip install playwright")
    if chromium_path() is None:
        pytest.skip("the browser tests need Chromium (apt-get install chromium, or set POLEMOS_CHROMIUM)",
                    allow_module_level=True)
    return sync_api


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium, shared by the tests of one module (each opens its own contexts)."""
    sync_api = playwright()
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path(), headless=True)
        yield b
        b.close()


@pytest.fixture(scope="module")
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A live `polemos serve` over a fresh database, shared by the tests of one module: its base URL."""
    with live_server(tmp_path_factory.mktemp(request.module.__name__.rsplit(".", 1)[-1])) as base:
        yield base


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def live_server(data_dir: Path) -> Iterator[str]:
    """`polemos serve` on a free port over a fresh database; yields its base URL, stops it at the end."""
    port = free_port()
    cmd = [sys.executable, "-c", "from polemos.cli import main; main()", "serve", "--port", str(port),
           "--data-dir", str(data_dir)]
    log = (data_dir / "server.log").open("wb")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"polemos serve exited: {(data_dir / 'server.log').read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(base + "/api/catalog", timeout=2) as r:
                    if r.status == 200:
                        break
            except (urllib.error.URLError, OSError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("polemos serve did not answer within 60 s")
            time.sleep(0.2)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


# ------------------------------------------------------------------------------------- the page
def shot(page: Any, name: str, full_page: bool = False) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


def signup(page: Any, base: str, name: str) -> None:
    page.goto(base + "/")
    page.fill("#signup-name", name)
    page.fill("#signup-password", PASSWORD)
    page.click("#signup-form button[type=submit]")
    page.wait_for_selector("#create-form")
    assert page.text_content("#whoami") == name


def create_game(page: Any, game: str, seats: dict[str, tuple[str, str | None]], *, seed: int | None = None,
                hotseat: bool = False, options: dict[str, str] | None = None) -> int:
    """Fill in the lobby's form (seats: role -> (me|open|bot, bot name)); returns the new game's id."""
    page.select_option("#new-game", game)
    for key, value in (options or {}).items():  # each option's own control: a list, a checkbox, a number
        control = page.locator(f"#opt-{key}")
        kind = control.evaluate("e => e.tagName === 'SELECT' ? 'select' : e.type")
        if kind == "select":
            control.select_option(value)
        elif kind == "checkbox":
            control.set_checked(value == "true")
        else:
            control.fill(value)
    if hotseat:
        page.check("#new-hotseat")
    for role, (kind, bot) in seats.items():
        page.select_option(f"#seat-{role}", kind)
        if bot:
            page.select_option(f"#bot-{role}", bot)
    if seed is not None:
        page.click("#create-form details summary")
        page.fill("#new-seed", str(seed))
    page.click("#create-game")
    page.wait_for_url("**/game/*")
    wait_ready(page)
    return int(page.url.rsplit("/", 1)[-1].split("?")[0])


def version(page: Any) -> int:
    return int(page.get_attribute("#game", "data-version") or -1)


def wait_ready(page: Any, at_least: int = 0) -> int:
    """Wait until the game page shows a view of version >= at_least with nothing in flight."""
    page.wait_for_function(
        "v => { const g = document.querySelector('#game');"
        " return g && g.dataset.ready === '1' && Number(g.dataset.version) >= v; }", arg=at_least)
    return version(page)


def wait_current(page: Any) -> int:
    """Wait until the game page shows the newest version of its own page (each seat's page, and the
    spectator's, has its own versions: they move only when what that seat may see moves), with nothing
    in flight; asks the server which version that is, as the page's user."""
    base, _, rest = page.url.partition("/game/")
    url = f"{base}/api/games/{rest.split('?')[0]}/view"
    while True:
        shown = role(page)
        newest = int(page.request.get(url + (f"?role={shown}" if shown else "")).json()["version"])
        if wait_ready(page, newest) == newest:
            return newest


def actions(page: Any) -> list[tuple[str, list[str]]]:
    """The legal actions the page lists (visible or filtered out), with their board refs."""
    return [(a, r.split() if r else []) for a, r in page.eval_on_selector_all(
        "#actions button.action", "bs => bs.map(b => [b.dataset.action, b.dataset.refs])")]


def role(page: Any) -> str:
    return page.get_attribute("#game", "data-role") or ""


def log_text(page: Any) -> str:
    return str(page.eval_on_selector("#full-log ol", "e => e.textContent"))


def label_of(page: Any, text: str) -> str:
    """The display label the page's action list shows for the legal action ``text``."""
    return str(page.text_content(f"#actions button.action[data-action={json.dumps(text)}]") or "").strip()


def assert_question(page: Any, text: str, shown: str | None = None) -> None:
    """The confirm question asks about action ``text`` in its display words (issue 11): the action's label in
    the list (in the page's language) or, for a destination clicked on the board, the game's words for the
    move there (its path and rule); ``shown``, when given, is what it must read. The canonical record text is
    only the question's title, never in its words (unless the label is that text)."""
    question = str(page.text_content("#confirm-text") or "")
    label = label_of(page, text)
    assert page.get_attribute("#confirm-text", "title") == text
    if page.evaluate("document.documentElement.lang") == "en":
        assert question.startswith("You chose: "), question
    if shown is not None:
        assert shown in question, (question, shown)
    assert label == text or not question.rstrip("?").endswith(text), question  # not "You chose: end"


def act(page: Any, text: str) -> int:
    """Play ``text`` from the action list (confirming when the page asks); returns the new version."""
    before = wait_ready(page)
    page.click(f"#actions button.action[data-action={json.dumps(text)}]")
    if page.is_visible("#confirm"):
        assert_question(page, text)
        page.click("#confirm-yes")
    return wait_ready(page, before + 1)


def click_ref(page: Any, ref: str) -> None:
    """A real mouse click at the centre of the board element ``data-ref=ref``."""
    el = page.locator(f'#board [data-ref="{ref}"]').first
    box = el.bounding_box()
    assert box is not None, f"{ref} is not on the board"
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def play_from_board(page: Any, refs: list[str], text: str) -> int:
    """Choose an action by clicking its refs on the board (facings with the page's buttons), then confirm."""
    before = wait_ready(page)
    for ref in refs:
        if ref.startswith("f:"):
            page.click(f'#facings button[data-ref="{ref}"]')
        else:
            page.wait_for_selector(f'#board [data-ref="{ref}"].ref-next')
            click_ref(page, ref)
    page.wait_for_selector("#confirm:not([hidden])")
    assert_question(page, text)
    page.click("#confirm-yes")
    return wait_ready(page, before + 1)


def prefer(options: list[str], *starts: str) -> str:
    """The first action starting with one of ``starts`` (in that order of preference), else the first."""
    for s in starts:
        for a in options:
            if a == s or a.startswith(s + " "):
                return a
    return options[0]


def drive(pages: list[Any], choose: Callable[[Any, list[tuple[str, list[str]]]], None],
          until: Callable[[], bool], limit: int) -> int:
    """Let whichever page has actions act (``choose`` plays one) until ``until()``; returns the steps taken."""
    for step in range(limit):
        if until():
            return step
        for p in pages:
            wait_current(p)
        for p in pages:
            acts = actions(p)
            if acts:
                choose(p, acts)
                break
        else:
            time.sleep(0.2)  # a bot's turn
    raise AssertionError(f"not done after {limit} steps")
