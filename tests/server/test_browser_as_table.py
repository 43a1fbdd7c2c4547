"""Athens & Sparta on the browser table (issue 11), in real headless Chromium against a live server: a whole
Game Turn played on a hot-seat page, every move made on the board (click the block, click the destination:
the engine's path, 4.4), the clicks of each move counted; cards played by a click on the card; a click on a
hex the moving block cannot reach says why, citing the rule (asked for then: GET /explain); one display
name per block; the panel leads with what to do and the MPs left. Screenshots at fit zoom and zoomed, on a
desktop (1400x900) and a phone (390x844), go to ``screenshots/`` (git-ignored).

Decisions that name nothing on the board (the Mulligan, ending a phase, a battle's choices) are taken from the
controls the board draws for them (issue 11), one by the keyboard (Tab's focus, Enter), each checked for its
screen-reader name; nothing is taken from the action list. A first-edition game's board (its NAUPACTUS mountain
hexside, PP) is shot in English and Spanish.

Needs Playwright's Python package and a Chromium binary; without them the module is skipped.
"""

from __future__ import annotations

import json
import re
from typing import Any

from tests.server.browser_helpers import (
    DESKTOP,
    PHONE,
    Pages,
    click_ref,
    create_game,
    playwright,
    prefer,
    role,
    shot,
    signup,
    version,
    wait_current,
    wait_moved,
    wait_ready,
)

playwright()  # skips the module without Playwright or Chromium; pages, server: conftest.py

AS = "athens-and-sparta"
MOVES_PER_TURN = 2  # board moves made in each Player Turn (the card's MPs allowing)


class Clicks:
    """A page whose clicks are counted."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.n = 0

    def ref(self, ref: str) -> None:
        self.page.wait_for_selector(f'#board [data-ref="{ref}"]')
        click_ref(self.page, ref)
        self.n += 1

    def on(self, selector: str) -> None:
        self.page.click(selector)
        self.n += 1


def _view(page: Any, server: str, gid: int) -> dict[str, Any]:
    role = page.get_attribute("#game", "data-role") or ""
    doc: dict[str, Any] = page.request.get(f"{server}/api/games/{gid}/view?role={role}").json()
    return doc


def _explained(page: Any, server: str, gid: int) -> dict[str, Any]:
    """The seat's reasons why board places cannot be chosen (GET /explain, as the page asks for them)."""
    role = page.get_attribute("#game", "data-role") or ""
    doc: dict[str, Any] = page.request.get(f"{server}/api/games/{gid}/explain?role={role}").json()
    return doc


def _mark(page: Any) -> tuple[int, str]:
    wait_ready(page)
    return version(page), role(page)


def _changed(page: Any, mark: tuple[int, str]) -> None:
    """Wait until the page shows another version or seat than ``mark`` (a hot-seat page may hand over)."""
    page.wait_for_function(
        "([v, r]) => { const g = document.querySelector('#game');"
        " if (!document.querySelector('#handover').hidden) return true;"
        " return g.dataset.ready === '1' && (Number(g.dataset.version) !== v || g.dataset.role !== r); }",
        arg=list(mark))
    _settle(page)


def _act(page: Any, text: str) -> None:
    """Play ``text`` from the action list (a decision that is not on the board)."""
    mark = _mark(page)
    page.click(f"#actions button.action[data-action={json.dumps(text)}]")
    if page.is_visible("#confirm"):
        page.click("#confirm-yes")
    _changed(page, mark)


def _settle(page: Any) -> None:
    """Wait for the page to show its seat's newest page with nothing in flight (a plan sends several actions)."""
    wait_current(page)
    if page.is_visible("#handover"):
        page.click("#handover-ready")
        wait_ready(page)


def _move_on_board(page: Any, server: str, gid: int, block_ref: str, kind: str) -> int:
    """One move made on the board: the block, (its kind of move, when it has several), the destination.
    Returns the clicks it took."""
    c = Clicks(page)
    mark = _mark(page)
    c.ref(block_ref)
    if page.is_visible("#confirm"):
        # the block has several kinds of move: the question offers the first and names the others
        if kind == "op":
            c.on("#confirm-yes")
        else:
            c.on(f'#confirm-alts button[data-action^="{kind} "]')
    _changed(page, mark)
    doc = _view(page, server, gid)
    panel = doc["panel"]
    if kind == "op":
        plans = panel["plans"]
        assert plans, "an operation move with no destination on the board"
        # an attack when one is in reach (a battle follows, its choices taken on the board), else the farthest
        # destination: a path of several hexes in one click
        me = doc["view"]["role"]
        enemy = {str(b.get("location")) for b in doc["view"]["blocks"] if b.get("owner") != me}
        attacks = [p for p in plans if p["refs"][0][2:] in enemy]
        plan = max(attacks or plans, key=lambda p: len(p["actions"]))
        target = plan["refs"][0]
    else:
        moves = [r for a, r in zip(doc["legal"], doc["refs"], strict=True) if a.startswith("to ") and r]
        assert moves, f"a {kind} move with no destination on the board"
        target = moves[0][0]
    page.wait_for_selector(f'#board [data-ref="{target}"].ref-next')
    mark = _mark(page)
    c.ref(target)
    if page.is_visible("#confirm"):
        c.on("#confirm-yes")
    _changed(page, mark)
    doc = _view(page, server, gid)
    assert "moving" not in doc["view"], "the move did not end at its destination"
    return c.n


def test_a_whole_game_turn_from_the_board(pages: Pages, server: str) -> None:
    page = pages.open(DESKTOP)
    signup(page, server, "phormio")
    gid = create_game(page, AS, {}, seed=21, hotseat=True)
    _settle(page)
    page.check("#quick-moves")  # moves that can be undone go without a question

    per_move: list[tuple[str, int]] = []
    off_board: list[str] = []
    controls: list[str] = []  # decisions taken with the board's controls (issue 11)
    battles_fought: list[str] = []
    by_keyboard = ""
    cards = 0
    why_seen = ""
    moved: dict[tuple[str, int], int] = {}
    start_turn: int | None = None
    shots_taken = False
    for _ in range(160):
        _settle(page)
        doc = _view(page, server, gid)
        view, legal, refs = doc["view"], doc["legal"], doc["refs"]
        if view.get("phase") == "card" and start_turn is None and not any(a == "keep" for a in legal):
            start_turn = view["turn"]
        if start_turn is not None and (view["turn"] != start_turn or view.get("phase") == "replacement"):
            break
        if not legal:  # the page moves on by itself
            wait_moved(page, doc["version"], 1000)
            continue
        role = doc["role"]
        # cards as cards: the hand's playable card is clicked, then confirmed
        if any(a.startswith("play ") for a in legal):
            page.wait_for_selector("#now .game-card.playable")
            text = page.text_content("#now .game-card.playable")
            assert text and "MP" in text and not re.search(r"\bc\d\d\b", text)  # no raw ids on a card
            mark = _mark(page)
            page.click("#now .game-card.playable >> nth=-1")
            page.wait_for_selector("#confirm:not([hidden])")
            page.click("#confirm-yes")
            _changed(page, mark)
            cards += 1
            continue
        turn_key = (role, view["turn"])
        starts = {a.split()[0]: (a, r) for a, r in zip(legal, refs, strict=True)
                  if a.split()[0] in ("op", "march") and r}
        if "moving" not in view and starts and moved.get(turn_key, 0) < MOVES_PER_TURN and view.get("mp", 0) > 0:
            kind = "march" if moved.get(turn_key, 0) == 1 and "march" in starts else "op"
            # a block that can do that kind: its op or march action's click
            block_ref = starts[kind][1][0]
            if not shots_taken and kind == "op":
                # show the destinations and a reason: click the block, then a hex it cannot reach
                shots_taken = True
                mark = _mark(page)
                click_ref(page, block_ref)
                if page.is_visible("#confirm"):
                    page.click("#confirm-yes")
                _changed(page, mark)
                panel = _view(page, server, gid)["panel"]
                # the reasons are worked out only when asked (GET /explain): the page asks on such a click
                why = _explained(page, server, gid)["why"]
                reason, far = next((r, refs_) for r, refs_ in why.items() if "Out of reach" in r)
                empty = {str(b.get("location")) for b in _view(page, server, gid)["view"]["blocks"]}
                click_ref(page, next(x for x in far if re.fullmatch(r"h:\d{4}", x) and x[2:] not in empty))
                page.wait_for_selector("#why:not([hidden])")
                why_seen = page.text_content("#why") or ""
                assert reason in why_seen
                shot(page, "as-table-desktop-fit-destinations")
                page.click("#zoom-in")
                page.click("#zoom-in")
                page.click("#zoom-in")
                shot(page, "as-table-desktop-zoomed")
                page.click("#zoom-fit")
                # and the move itself, from here: one click on the farthest destination
                plan = max(panel["plans"], key=lambda p: len(p["actions"]))
                c = Clicks(page)
                mark = _mark(page)
                c.ref(plan["refs"][0])
                _changed(page, mark)
                per_move.append(("op (after the reason)", 1 + 1 + c.n))  # block (+ question) + destination
                moved[turn_key] = moved.get(turn_key, 0) + 1
                continue
            per_move.append((kind, _move_on_board(page, server, gid, block_ref, kind)))
            moved[turn_key] = moved.get(turn_key, 0) + 1
            continue
        # a battle is chosen on the board too
        battles = [(a, r) for a, r in zip(legal, refs, strict=True) if a.startswith("battle ") and r]
        if battles:
            battles_fought.append(battles[0][0])
            mark = _mark(page)
            click_ref(page, battles[0][1][0])
            page.wait_for_selector("#confirm:not([hidden])")
            page.click("#confirm-yes")
            _changed(page, mark)
            continue
        pick = prefer(legal, "keep", "stop", "engage", "end", "done")
        seq = refs[legal.index(pick)]
        if not seq:
            off_board.append(pick)
            _act(page, pick)
            continue
        mark = _mark(page)
        for ref in seq:
            selector = f'#board [data-ref="{ref}"]'
            page.wait_for_selector(selector)
            if ref.startswith("c:"):
                # a decision naming nothing on the board: its control, named for screen readers by its label
                assert page.get_attribute(selector, "aria-label") == doc["labels"][legal.index(pick)]
                if not by_keyboard and pick == "end":
                    # reached by the keyboard: a control that can be chosen is a button in the tab order
                    assert page.get_attribute(selector, "tabindex") == "0"
                    assert page.get_attribute(selector, "role") == "button"
                    page.focus(selector)
                    page.keyboard.press("Enter")
                    by_keyboard = pick
                    continue
            click_ref(page, ref)
        if page.is_visible("#confirm"):
            page.click("#confirm-yes")
        _changed(page, mark)
        controls.append(pick)
    else:
        raise AssertionError("the Game Turn did not end")

    assert start_turn is not None and cards >= 2, "both players played a card by clicking it"
    assert per_move and {k.split()[0] for k, _ in per_move} >= {"op"}, per_move
    assert all(n <= 3 for _, n in per_move), f"clicks per move: {per_move}"
    assert re.search(r"\(\d\.\d", why_seen) and "Out of reach" in why_seen, why_seen
    # every decision was taken on the board: the Mulligan and the end of each phase by their controls
    assert not off_board, off_board
    assert {"keep", "end"} <= set(controls), controls
    # a battle was fought, its choices (the declaration, each block's combat turn) taken on the board
    assert battles_fought and set(controls) & {"engage", "fire", "pass", "withdraw", "storm"}, controls
    assert by_keyboard == "end"
    print("clicks per move:", per_move, "decisions by the board's controls:", controls)

    # the side panel leads with what to do and the MPs, and names blocks by their display names
    shot(page, "as-table-desktop-fit")
    pages.assert_no_errors()


def test_phone_and_desktop_boards(pages: Pages, server: str) -> None:
    """Screenshots of the board at fit zoom and zoomed on a phone and a desktop; city names big enough to
    read at fit zoom on 1400x900 (>= ~10 px rendered); the legend and the block names on the page."""
    page = pages.open(DESKTOP)
    signup(page, server, "gylippus")
    create_game(page, AS, {}, seed=22, hotseat=True)
    _settle(page)
    size = page.evaluate("""() => {
        const t = [...document.querySelectorAll('#board .asNm')].find((x) => x.textContent === 'ATHENS');
        return t.getBoundingClientRect().height; }""")
    assert size >= 10, f"city names {size:.1f} px high at fit zoom"
    block = page.evaluate("() => document.querySelector('#board [data-ref^=\"b:\"]').getBoundingClientRect().width")
    assert block >= 10, f"blocks {block:.1f} px wide at fit zoom"
    assert "Hoplites" in (page.get_attribute('#board [data-ref^="b:ATH-HOP"]', "aria-label") or "")
    assert page.locator("text=Square blocks").count() >= 1  # the legend
    shot(page, "as-table-desktop-start")
    pages.close()

    page = pages.open(PHONE, is_mobile=True, has_touch=True)
    signup(page, server, "demaratus")
    create_game(page, AS, {}, seed=23, hotseat=True)
    _settle(page)
    shot(page, "as-table-phone-fit")
    for _ in range(3):
        page.click("#zoom-in")
    shot(page, "as-table-phone-zoomed")
    shot(page, "as-table-phone-full", full_page=True)
    pages.assert_no_errors()


def test_first_edition_board_in_english_and_spanish(pages: Pages, server: str) -> None:
    """A first-edition game (issue 13) on the browser table: its board draws the NAUPACTUS mountain hexside
    (RULINGS FE26) and the decision's control, in English and in Spanish (the first edition's own terms); the
    panel says PP in the Replacement Phase (1st 8.1) and names the first edition's end (1st 10.2)."""
    for lang, name in (("en", "herodotus"), ("es", "jenofonte")):
        page = pages.open(DESKTOP, locale="es-ES" if lang == "es" else "en-GB")
        signup(page, server, name)
        gid = create_game(page, AS, {}, seed=24, hotseat=True, options={"edition": "first"})
        _settle(page)
        doc = _view(page, server, gid)
        assert doc["view"]["edition"] == "first"
        status = page.text_content("#side") or ""
        if lang == "en":
            assert "Athens wins if Sparta has not won by the end of Olympiad 89 (1st 10.2)" in status
            assert page.get_attribute('#board [data-ref="c:keep"]', "aria-label") == "Keep this hand"
        else:
            assert "Atenas gana si Esparta no ha ganado al terminar la Olimpiada 89 (1.ª ed. 10.2)" in status
            assert "Tu decisión:" in (page.text_content("#board svg") or "")
            # the control's screen-reader name in Spanish too
            assert page.get_attribute('#board [data-ref="c:keep"]', "aria-label") == "Conservar esta mano"
        shot(page, f"as-table-first-edition-{lang}")
        # NAUPACTUS and its mountain hexside, zoomed at the pointer
        box = page.locator('#board [data-ref="h:NAUPACTUS"]').bounding_box()
        assert box is not None
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        for _ in range(3):
            before = page.eval_on_selector(".board-canvas", "e => e.style.transform")
            page.mouse.wheel(0, -400)  # dispatched, not yet handled: the board's transform moves when it is
            page.wait_for_function("t => document.querySelector('.board-canvas').style.transform !== t", arg=before)
        shot(page, f"as-table-first-edition-{lang}-zoomed")
        pages.close()
    pages.assert_no_errors()
