"""Helpers of the browser tests: one headless Chromium for the session, pages that collect their JavaScript errors,
a live `polemos serve` in a subprocess, and page-level actions.

The fixtures ``browser`` (the session's headless Chromium), ``pages`` (the test's pages, each in its own browser
context, closed at the test's end, with no JavaScript error) and ``server`` (a live server over a fresh database, one
per test module) are defined here and offered to every test of ``tests/server``
by its ``conftest.py``; a module elsewhere assigns them to module names. A module that needs them calls
:func:`playwright` at its top, which skips the module when Playwright or Chromium is missing. A module may still
define its own ``server`` (a fresh database, other options): a module's fixture overrides the conftest's.

The page marks its state for tools: ``<section id="game" data-version=N data-role=R data-ready=1>``
(ready: the shown view is the latest the page fetched and nothing is in flight; N is the version of
that seat's own page, which moves only when what the seat may see moves), each legal action is
a ``<button class="action" data-action=TEXT data-refs="REF REF">`` in ``#actions``.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from polemos import i18n
from tests.server.live import LiveServer

CHROMIUM = os.environ.get("POLEMOS_CHROMIUM", "/usr/bin/chromium")
PASSWORD = "correct horse battery"
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots"
TIMEOUT_MS = 20_000
DESKTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}


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


class _Chromium:
    """The session's one Playwright driver and headless Chromium, started by the first browser test and stopped when
    pytest ends (Config.add_cleanup): a driver and a browser cost seconds to start, a browser context milliseconds.

    Between its calls Playwright's sync API marks its event loop as the thread's running loop (playwright's
    wait_for_future), and asyncio.run() then refuses to run (the WebSocket tests call it): the loop is marked only
    while a browser test runs (:meth:`lend`)."""

    def __init__(self) -> None:
        self.pw: Any = None
        self.browser: Any = None
        self.loop: asyncio.AbstractEventLoop | None = None

    def lend(self, config: pytest.Config) -> Iterator[Any]:
        if self.browser is None:
            self.pw = playwright().sync_playwright().start()
            self.loop = asyncio.events._get_running_loop()
            self.browser = self.pw.chromium.launch(executable_path=chromium_path(), headless=True)
            config.add_cleanup(self.stop)
        asyncio.events._set_running_loop(self.loop)
        try:
            yield self.browser
        finally:
            asyncio.events._set_running_loop(None)

    def stop(self) -> None:
        if self.pw is not None:
            asyncio.events._set_running_loop(self.loop)
            try:
                self.browser.close()
                self.pw.stop()
            finally:
                asyncio.events._set_running_loop(None)
                self.pw = self.browser = self.loop = None


_CHROMIUM = _Chromium()


@pytest.fixture
def browser(request: pytest.FixtureRequest) -> Iterator[Any]:
    """The session's headless Chromium (each test opens its own contexts: see ``pages``)."""
    yield from _CHROMIUM.lend(request.config)


class Pages:
    """A test's pages: each in its own browser context (its cookies, viewport, locale, phone emulation), with the
    default timeout, each page's JavaScript errors collected in :attr:`errors`."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def open(self, viewport: dict[str, int] | None = None, timeout_ms: float = TIMEOUT_MS, **options: Any) -> Any:
        """A new page in a new context (``viewport``: a desktop's 1400x900 unless given; ``timeout_ms``: how long its
        waits wait; ``options``: the context's, e.g. locale="es-ES", is_mobile=True)."""
        context = self.browser.new_context(viewport=viewport or DESKTOP, **options)
        context.set_default_timeout(timeout_ms)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        return page

    def assert_no_errors(self) -> None:
        assert not self.errors, f"JavaScript errors: {self.errors}"

    def close(self) -> None:
        for context in self.contexts:
            context.close()
        self.contexts = []


@pytest.fixture
def pages(browser: Any) -> Iterator[Pages]:
    """The test's pages (:class:`Pages`), closed at its end; a JavaScript error on any of them fails the test."""
    opened = Pages(browser)
    try:
        yield opened
    finally:
        opened.close()
    opened.assert_no_errors()


@pytest.fixture(scope="module")
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A live `polemos serve` over a fresh database, shared by the tests of one module: its base URL. (One server for
    the session was tried: its later modules' sign-ups timed out, 11 of 36 tests, the server's limits per address
    most likely; a module's server costs ~6 CPU s to start.)"""
    live = LiveServer(tmp_path_factory.mktemp(request.module.__name__.rsplit(".", 1)[-1]), insecure_cookies=False)
    try:
        yield live.start().url
    finally:
        live.stop()


# ----------------------------------------------------------------------------------------------- a board alone
# the page's swap of a board's words for the page language's (app.js BoardView.setSvg: every text, tspan and title)
SWAP = """tr => { for (const el of document.querySelectorAll('svg text, svg tspan, svg title')) {
  if (el.children.length) continue;
  const said = el.textContent.trim();
  if (Object.prototype.hasOwnProperty.call(tr, said)) el.textContent = tr[said]; } }"""


def show_board(page: Any, svg: str, lang: str, width: int, height: int = 900, svg_class: str = "") -> None:
    """A board's SVG alone on ``page`` (a viewport ``width`` x ``height``), as wide as the page, its words swapped for
    ``lang``'s as the page swaps them (``svg_class``: classes for the svg, e.g. "far")."""
    page.set_viewport_size({"width": width, "height": height})
    sized = svg.replace("<svg ", '<svg width="100%" ' + (f'class="{svg_class}" ' if svg_class else ""), 1)
    page.set_content(f"<html lang='{lang}'><body style='margin:0'>{sized}</body></html>")
    page.evaluate(SWAP, i18n.page_words({"board": i18n.board_texts(svg)}, lang))


# ------------------------------------------------------------------------------------- the page
def shot(page: Any, name: str, full_page: bool = False) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


def _enter(page: Any, base: str, form: str, name: str) -> None:
    """Fill in the first page's form ``form`` (signup, login) as ``name`` and go on to the lobby."""
    page.goto(base + "/")
    page.fill(f"#{form}-name", name)
    page.fill(f"#{form}-password", PASSWORD)
    page.click(f"#{form}-form button[type=submit]")
    page.wait_for_selector("#create-form")


def signup(page: Any, base: str, name: str) -> None:
    _enter(page, base, "signup", name)
    assert page.text_content("#whoami") == name


def log_in(page: Any, base: str, name: str) -> None:
    """Log in as ``name`` (signed up before) from the log-in page, to the lobby."""
    _enter(page, base, "login", name)


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


def open_seat(page: Any, base: str, gid: int, role: str, lang: str | None = None) -> None:
    """Open a hot-seat game's page at ``role``'s seat (in ``lang``, if given), past the hand-over screen."""
    page.goto(f"{base}/game/{gid}?role={role}" + (f"&lang={lang}" if lang else ""))
    wait_ready(page)
    if page.is_visible("#handover"):
        page.click("#handover-ready")
        wait_ready(page)


def csrf_token(page: Any, base: str) -> str:
    """The CSRF token of the page's session (the API's writes ask for it)."""
    return str(page.request.get(base + "/api/me").json()["csrf"])


def post_action(page: Any, base: str, gid: int, role: str, action: str, csrf: str) -> None:
    """Play ``action`` as ``role`` through the API the page uses, with the page's session (``csrf``: its token) and
    the version of that seat's own page, as its page would send it."""
    seen = int(page.request.get(f"{base}/api/games/{gid}/view?role={role}").json()["version"])
    res = page.request.post(f"{base}/api/games/{gid}/actions",
                            data=json.dumps({"role": role, "action": action, "version": seen}),
                            headers={"X-CSRF-Token": csrf, "Content-Type": "application/json", "Origin": base})
    assert res.status == 200, (role, action, res.text()[:300])


def version(page: Any) -> int:
    return int(page.get_attribute("#game", "data-version") or -1)


def wait_ready(page: Any, at_least: int = 0) -> int:
    """Wait until the game page shows a view of version >= at_least with nothing in flight."""
    page.wait_for_function(
        "v => { const g = document.querySelector('#game');"
        " return g && g.dataset.ready === '1' && Number(g.dataset.version) >= v; }", arg=at_least)
    return version(page)


def wait_moved(page: Any, since: int, timeout_ms: float | None = None) -> bool:
    """Wait until the game page shows a version after ``since`` (a bot's or the rules' move, arrived live) or the
    game is over, with nothing in flight; False if that did not come within ``timeout_ms`` (default: the page's)."""
    try:
        page.wait_for_function(
            "v => { const g = document.querySelector('#game'); return g && g.dataset.ready === '1'"
            " && (Number(g.dataset.version) > v || g.dataset.status === 'finished'); }", arg=since,
            **({} if timeout_ms is None else {"timeout": timeout_ms}))
    except playwright().TimeoutError:
        return False
    return True


# the board's frame, its svg's classes and its canvas' transform, unchanged over two animation frames: the page has
# answered a new viewport (app.js BoardView.resized, called by a ResizeObserver, fits the board and sets "far")
BOARD_SETTLED = """() => new Promise(done => {
  let last = null, calm = 0;
  const look = () => {
    const b = document.querySelector('#board'), r = b ? b.getBoundingClientRect() : null;
    const svg = b && b.querySelector('svg'), canvas = b && b.querySelector('.board-canvas');
    const now = JSON.stringify([innerWidth, innerHeight, r && [r.x, r.y, r.width, r.height],
      svg && svg.getAttribute('class'), canvas && canvas.style.transform]);
    calm = now === last ? calm + 1 : 0;
    last = now;
    if (calm >= 2) done(); else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})"""


def resize(page: Any, viewport: dict[str, int]) -> None:
    """A new viewport (a window resized, a phone turned), once the page has fitted its board to it."""
    page.set_viewport_size(viewport)
    page.evaluate(BOARD_SETTLED)


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
        else:  # a bot's or the rules' turn: until its move reaches a page (one page: it must reach that one)
            wait_moved(pages[0], version(pages[0]), None if len(pages) == 1 else 1000)
    raise AssertionError(f"not done after {limit} steps")
