"""The browser page, driven in real headless Chromium against a live `polemos serve`.

Scenarios: two players in two browsers (sign up, create, join from the lobby, cards, a block moved by
clicking the board, a battle, each seeing the other's moves arrive live, a stale page refused and
refreshed); a hot-seat game (the hand-over screen); a game against the heuristic bot played to its end
from the action list, then its replay; a phone-sized screen. Screenshots of the main screens go to
``screenshots/`` at the repository root.

Needs Playwright's Python package and a Chromium binary (Debian's ``/usr/bin/chromium``, or
``POLEMOS_CHROMIUM``); without them the module is skipped.
"""

from __future__ import annotations

import re
from typing import Any

from tests.server.browser_helpers import (
    Pages,
    act,
    actions,
    assert_question,
    click_ref,
    create_game,
    drive,
    log_in,
    log_text,
    play_from_board,
    playwright,
    prefer,
    role,
    shot,
    signup,
    version,
    wait_current,
    wait_ready,
)

playwright()  # skips the module without Playwright or Chromium; pages, server: conftest.py

AS = "athens-and-sparta"
GTS = "go-tell-the-spartans"
DESKTOP = {"width": 1280, "height": 800}
PINCH = """el => {
  const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  const fire = (type, id, dx) => el.dispatchEvent(new PointerEvent(type, {pointerId: id, pointerType: "touch",
    isPrimary: id === 1, clientX: x + dx, clientY: y, bubbles: true}));
  fire("pointerdown", 1, -20); fire("pointerdown", 2, 20);
  for (const k of [1, 2, 3, 4]) { fire("pointermove", 1, -20 - 10 * k); fire("pointermove", 2, 20 + 10 * k); }
  fire("pointerup", 1, -60); fire("pointerup", 2, 60);
  return Number(el.querySelector(".board-canvas").style.transform.match(/scale\\(([^)]+)\\)/)[1]);
}"""


def no_reload_mark(page: Any) -> None:
    page.evaluate("window.__sameDocument = true")


def same_document(page: Any) -> bool:
    return bool(page.evaluate("window.__sameDocument === true"))


# ---------------------------------------------------------------------------------------------------
def test_two_players_play_live(pages: Pages, server: str) -> None:
    a, b = pages.open(DESKTOP), pages.open(DESKTOP)
    signup(a, server, "pericles")
    signup(b, server, "archidamus")
    # a server error message reaches the page
    a.click("#logout")
    a.fill("#login-name", "pericles")
    a.fill("#login-password", "not the password")
    a.click("#login-form button[type=submit]")
    assert a.wait_for_selector("#login-error:has-text('wrong user name or password')")
    a.fill("#login-password", "correct horse battery")
    a.click("#login-form button[type=submit]")
    a.wait_for_selector("#create-form")
    shot(a, "lobby")

    gid = create_game(a, AS, {"athens": ("me", None), "sparta": ("open", None)})  # a secret server seed
    assert a.is_hidden("#seed-chosen")
    assert f"/game/{gid}?invite=" in (a.input_value("#invite-link"))
    no_reload_mark(a)

    # the other player joins from the lobby; a wrong invitation is refused first
    b.click("#refresh-lobby")
    b.click(f'#open-games li[data-id="{gid}"] button.join-seat[data-role="sparta"]')
    b.wait_for_url(f"**/game/{gid}")
    wait_ready(b)
    no_reload_mark(b)
    assert role(b) == "sparta"
    a.wait_for_function("() => document.querySelector('#game').dataset.status === 'active'")  # live
    b.goto(server + "/")
    b.wait_for_selector(f'#my-games li[data-id="{gid}"].my-turn')  # simultaneous card play: my turn
    b.click(f'#my-games li[data-id="{gid}"] a.game-link')
    wait_ready(b)
    no_reload_mark(b)

    # both play a card: A first; B's page learns it live; B's first try on a page held back is stale
    ws_open = {"forward": True}

    def hold(ws: Any) -> None:
        server_ws = ws.connect_to_server()
        server_ws.on_message(lambda m: ws.send(m) if ws_open["forward"] else None)

    b.route_web_socket(re.compile(r".*/ws$"), hold)
    b.reload()
    v0 = wait_ready(b)
    b.wait_for_selector("#live.on")
    no_reload_mark(b)
    ws_open["forward"] = False
    card_a = prefer([x for x, _ in actions(a)], "play")
    act(a, card_a)
    card_b = prefer([x for x, _ in actions(b)], "play")
    b.click(f'#actions button[data-action="{card_b}"]')
    if b.is_visible("#confirm"):  # a card is confirmed; the Mulligan's keep is not
        b.click("#confirm-yes")
    # A's decision changed B's page (Athens is no longer asked), which B's muted socket did not say
    assert b.wait_for_selector(".notice:has-text('The game moved on')")
    wait_ready(b, v0 + 1)
    ws_open["forward"] = True
    va = wait_current(a)
    act(b, prefer([x for x, _ in actions(b)], "play"))
    wait_ready(a, va + 1)  # A sees B's card arrive without reloading
    assert same_document(a)
    a.wait_for_selector("#since:not([hidden]) summary:has-text('since your last move')")

    # then drive both pages until a battle is fought; Sparta moves a block by clicking the board
    moved: list[str] = []

    def enemy_places(page: Any) -> set[str]:
        """Where a move may start a battle: enemy blocks, and cities Sparta does not hold."""
        view = page.request.get(f"{server}/api/games/{gid}/view").json()["view"]
        me = view["role"]
        return ({str(x.get("location")) for x in view.get("blocks", []) if x.get("owner") != me}
                | {str(c.get("name")) for c in view.get("cities", []) if c.get("controller") != me})

    def choose(page: Any, acts: list[tuple[str, list[str]]]) -> None:
        texts = [x for x, _ in acts]
        refs = dict(acts)
        if role(page) == "sparta" and len(moved) < 3:
            ops = [x for x in texts if x.startswith("op ") and refs[x]]
            if ops:
                block = refs[ops[0]][0]
                before = wait_ready(page)  # read before the click: the answer may land before a later read
                click_ref(page, block)  # the block, then (after the op) its destination
                page.wait_for_selector("#confirm:not([hidden])")
                shot(page, "game-athens-sparta-select")
                assert_question(page, ops[0])  # the block's move in display words, the record text as title
                page.click("#confirm-yes")
                wait_ready(page, before + 1)
                moves = [(x, r) for x, r in actions(page) if x.startswith("to ") and r]
                enemy = enemy_places(page)
                target, target_refs = next(((x, r) for x, r in moves if x[3:] in enemy), moves[0])
                page.wait_for_selector(f'#board [data-ref="{target_refs[0]}"].ref-next')
                shot(page, "game-athens-sparta-destinations")
                play_from_board(page, target_refs, target)
                moved.append(target)
                return
        pick = prefer(texts, "battle", "engage", "stop", "end", "done")
        if pick.startswith("battle") and refs[pick]:
            play_from_board(page, refs[pick], pick)
        else:
            act(page, pick)

    def battle_fought() -> bool:
        return any(re.search(r"\bfires\b", log_text(p)) for p in (a, b))

    drive([a, b], choose, battle_fought, limit=80)
    assert moved, "Sparta never moved a block from the board"
    for p in (a, b):
        wait_current(p)
        assert same_document(p)
        assert "5.4" in log_text(p)  # the battle, by its rule number
    assert a.locator("#log .rule").count() > 0  # log lines carry their rule numbers
    a.click("#since summary")
    shot(a, "game-athens-sparta")
    shot(b, "game-athens-sparta-sparta")


# ---------------------------------------------------------------------------------------------------
def test_hot_seat_hands_over(pages: Pages, server: str) -> None:
    page = pages.open(DESKTOP)
    signup(page, server, "alcibiades")
    gid = create_game(page, AS, {}, seed=5, hotseat=True)
    assert gid > 0
    assert page.is_visible("#seed-chosen")  # a chosen seed is shown (allowed here: no other player)
    assert role(page) == "athens"
    # the role switcher shows the other seat (no hand-over when I switch myself)
    page.click('#roles button[data-role="sparta"]')
    page.wait_for_function("() => document.querySelector('#game').dataset.role === 'sparta'")
    wait_ready(page)
    assert page.is_hidden("#handover")
    page.click('#roles button[data-role="athens"]')
    page.wait_for_function("() => document.querySelector('#game').dataset.role === 'athens'")
    wait_ready(page)

    # pan and zoom with the mouse: a drag is no click on the board
    board = page.locator("#board").bounding_box()
    assert board is not None
    cx, cy = board["x"] + board["width"] / 2, board["y"] + board["height"] / 2
    transform = "() => document.querySelector('.board-canvas').style.transform"
    page.mouse.move(cx, cy)
    page.mouse.wheel(0, -400)
    page.wait_for_function(f"() => ({transform})().includes('scale(') && !({transform})().endsWith('scale(1)')")
    before = page.evaluate(transform)
    page.mouse.down()
    page.mouse.move(cx + 90, cy + 40, steps=6)
    page.mouse.up()
    assert page.evaluate(transform) != before
    assert page.is_hidden("#selection") and page.is_hidden("#confirm")
    page.click("#zoom-fit")
    assert page.evaluate(transform) == "translate(0px, 0px) scale(1)"

    acted: set[str] = set()
    handovers = 0
    for _ in range(12):
        wait_ready(page)
        if page.is_visible("#handover"):
            handovers += 1
            assert page.is_hidden("#board")  # the board stays hidden until the next player is ready
            text = page.text_content("#handover-text") or ""
            assert text == f"Pass to {role(page).title()} — click when ready."
            if handovers == 1:
                shot(page, "hand-over")
            page.click("#handover-ready")
        assert page.is_visible("#board")
        texts = [x for x, _ in actions(page)]
        if not texts:
            break
        acted.add(role(page))
        act(page, prefer(texts, "end", "done", "play"))
        if handovers >= 2 and acted == {"athens", "sparta"}:
            break
    assert acted == {"athens", "sparta"}
    assert handovers >= 1
    shot(page, "game-hot-seat")


# ---------------------------------------------------------------------------------------------------
def test_game_against_the_bot_to_its_end_then_replay(pages: Pages, server: str) -> None:
    page = pages.open(DESKTOP)
    signup(page, server, "leonidas")
    # the two-player game (11.1): the heuristic bot really plays the Persians (no automaton)
    gid = create_game(page, GTS, {"greek": ("me", None), "persian": ("bot", "heuristic")}, seed=4,
                      options={"players": "two"})
    # the bot commits the day's first contingent (11.1), off the request path; the page hears of it live
    page.wait_for_function("() => (document.querySelector('#whose').textContent || '').includes('Your move as Greek')")
    page.wait_for_function("() => document.querySelector('#announce').textContent.startsWith('Greek, your move:')")

    # undo, when the policy allows it
    first = actions(page)[0][0]
    act(page, first)
    if page.is_visible("#undo"):
        v = version(page)
        page.click("#undo")
        wait_ready(page, v + 1)
        assert actions(page)[0][0] == first
        act(page, first)

    # a few set-ups from the board: the area, then the facing (buttons, not on the board)
    placed = 0
    while placed < 2:
        acts = actions(page)
        place = next(((x, r) for x, r in acts if x.startswith("place ") and len(r) == 2), None)
        if place is None:
            act(page, acts[0][0])
            continue
        text, refs = place
        click_ref(page, refs[0])
        page.wait_for_selector("#facings:not([hidden])")
        if placed == 0:
            shot(page, "game-go-tell-the-spartans-facing")
        play_from_board(page, refs[1:], text)
        placed += 1

    def choose(p: Any, acts: list[tuple[str, list[str]]]) -> None:
        act(p, prefer([x for x, _ in acts], "end"))

    def over() -> bool:
        return page.get_attribute("#game", "data-status") == "finished"

    shots_taken: list[int] = []

    def watch(p: Any, acts: list[tuple[str, list[str]]]) -> None:
        if not shots_taken and version(p) > 120:
            shot(p, "game-go-tell-the-spartans")
            shots_taken.append(version(p))
        choose(p, acts)

    drive([page], watch, over, limit=2000)
    assert page.is_visible("#outcome")
    assert not actions(page)
    shot(page, "game-over")

    # the finished game is in the lobby with its replay
    page.goto(server + "/")
    page.click(f'#finished-games li[data-id="{gid}"] a.game-link')
    page.wait_for_url(f"**/replay/{gid}")
    page.wait_for_function("() => document.querySelector('#replay').dataset.ready === '1'")
    steps = int(page.get_attribute("#replay", "data-steps") or 0)
    assert steps > 50
    page.click("#replay-next")
    page.wait_for_function("() => document.querySelector('#replay').dataset.step === '1'")
    assert (page.text_content("#replay-step") or "").startswith(f"Step 1 of {steps}: Persian")  # the commitment
    page.click("#replay-last")
    page.wait_for_function(f"() => document.querySelector('#replay').dataset.step === '{steps}'")
    page.click("#replay-prev")
    page.wait_for_function(f"() => document.querySelector('#replay').dataset.step === '{steps - 1}'")
    page.fill("#replay-slider", str(steps // 2))
    page.wait_for_function(f"() => document.querySelector('#replay').dataset.step === '{steps // 2}'")
    assert page.locator("#board svg").is_visible()
    shot(page, "replay")
    page.click("#replay-first")
    page.wait_for_function("() => document.querySelector('#replay').dataset.step === '0'")


# ---------------------------------------------------------------------------------------------------
def test_athens_and_sparta_against_the_heuristic_bot_to_its_end(pages: Pages, server: str) -> None:
    """The issue's "done": a whole game of Athens & Sparta against the computer, from the page."""
    page = pages.open(DESKTOP)
    signup(page, server, "demosthenes")  # (user names are unique on the module's server)
    create_game(page, AS, {"athens": ("me", None), "sparta": ("bot", "heuristic")}, seed=11)

    def choose(p: Any, acts: list[tuple[str, list[str]]]) -> None:
        act(p, prefer([x for x, _ in acts], "end", "done", "keep", "stop", "engage", "fire", "play"))

    def over() -> bool:
        return page.get_attribute("#game", "data-status") == "finished"

    steps = drive([page], choose, over, limit=3000)
    assert steps > 10
    assert page.is_visible("#outcome")
    assert not actions(page)


# ---------------------------------------------------------------------------------------------------
def test_phone_screen(pages: Pages, server: str) -> None:
    phone = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
             "has_touch": True}
    page = pages.open(**phone)
    signup(page, server, "brasidas")
    shot(page, "phone-lobby")
    create_game(page, AS, {"athens": ("me", None), "sparta": ("bot", "heuristic")}, seed=7)
    board = page.locator("#board").bounding_box()
    side = page.locator("#side").bounding_box()
    assert board is not None and side is not None
    assert board["x"] >= 0 and board["x"] + board["width"] <= 391 and board["height"] > 250
    assert side["y"] >= board["y"] + board["height"] - 1  # the side panel is under the board
    assert page.locator("#board svg").is_visible()
    shot(page, "phone")
    # the actions are reachable: scroll to them and tap one
    button = page.locator("#actions button.action").first
    button.scroll_into_view_if_needed()
    assert button.is_visible()
    box = button.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 391
    text = button.get_attribute("data-action") or ""
    v = version(page)
    button.tap()
    if page.is_visible("#confirm"):
        page.locator("#confirm-yes").tap()
    wait_ready(page, v + 1)
    assert text
    shot(page, "phone-full", full_page=True)
    # the zoom buttons work on a touch screen, and so does a pinch (two touch pointers moving apart)
    before = page.eval_on_selector(".board-canvas", "e => e.style.transform")
    page.locator("#zoom-in").tap()
    zoomed = page.eval_on_selector(".board-canvas", "e => e.style.transform")
    assert zoomed != before
    scale = page.eval_on_selector("#board", PINCH)
    assert scale > 1.4 * 1.5


# ---------------------------------------------------------------------------------------------------
def test_log_out_everywhere_ends_the_other_devices_session(pages: Pages, server: str) -> None:
    phone, laptop = pages.open(DESKTOP), pages.open(DESKTOP)
    signup(phone, server, "hermocrates")
    log_in(laptop, server, "Hermocrates")  # names are the same whatever the case
    phone.click("#logout-all")
    assert phone.wait_for_selector(".notice:has-text('Logged out everywhere (2 sessions ended)')")
    phone.wait_for_selector("#login-form")
    laptop.reload()
    laptop.wait_for_selector("#login-form")  # the laptop's session ended too


# ---------------------------------------------------------------------------------------------------
def test_invitation_link_joins_after_signing_up(pages: Pages, server: str) -> None:
    a, b = pages.open(DESKTOP), pages.open(DESKTOP)
    signup(a, server, "nicias")
    gid = create_game(a, AS, {"athens": ("open", None), "sparta": ("me", None)})
    link = a.input_value("#invite-link")
    assert link.endswith(f"/game/{gid}" + link[link.index("?"):])
    a.goto(server + "/")
    assert a.get_attribute(f'#my-games li[data-id="{gid}"] a.invite', "href") == link
    b.goto(link.replace("invite=", "invite=wrong"))
    b.fill("#signup-name", "cleon")
    b.fill("#signup-password", "correct horse battery")
    b.click("#signup-form button[type=submit]")
    assert b.wait_for_selector(".notice:has-text('wrong invitation')")
    b.goto(link)
    wait_ready(b)
    b.wait_for_function("() => document.querySelector('#game').dataset.role === 'athens'")
    assert b.url.endswith(f"/game/{gid}")
    b.wait_for_selector("#whose:has-text('Your move as Athens')")


# ---------------------------------------------------------------------------------------------------
def test_new_player_pages(pages: Pages, server: str) -> None:
    """Issue 9: the log-in page prints no stray "null"; the lobby offers only seats (the Persian
    automaton of the solitaire game is none); log lines read as text; a mistyped address is a page."""
    page = pages.open(DESKTOP)
    page.goto(server + "/")
    page.wait_for_selector("#signup-form")
    text = page.eval_on_selector("#app", "e => e.innerText")
    assert "null" not in text and "undefined" not in text
    shot(page, "login")
    signup(page, server, "xerxes-watcher")
    page.select_option("#new-game", GTS)
    page.wait_for_selector(".rules-play")
    assert page.query_selector("#seat-persian") is None
    assert "Persian: played by the rules" in page.text_content("#new-seats")
    # each option is a control of its type (issue 11: no JSON typed into text boxes)
    choices = page.eval_on_selector("#opt-players", "e => [...e.options].map(o => o.value)")
    assert choices == ["solitaire", "two", "multi"]
    assert page.eval_on_selector("#opt-feigned_retreat", "e => e.type") == "checkbox"
    page.select_option("#opt-players", "two")  # 11.1: a Persian player
    page.wait_for_selector("#seat-persian")
    assert page.query_selector(".rules-play") is None
    page.select_option("#opt-players", "solitaire")
    page.wait_for_selector("#seat-persian", state="detached")
    shot(page, "lobby-solitaire", full_page=True)
    page.select_option("#new-game", AS)  # an object option: its fields under the checkbox that turns it on
    page.wait_for_selector("#opt-bid-fields[disabled]")
    page.check("#opt-bid")
    page.select_option("#opt-bid-side", "sparta")
    page.fill("#opt-bid-steps", "3")
    page.check("#opt-syracuse_points")
    page.select_option("#seat-sparta", "bot")
    assert page.is_visible("#bot-sparta")
    shot(page, "lobby-options", full_page=True)
    page.click("#create-game")
    page.wait_for_url("**/game/*")
    made = int(page.url.rsplit("/", 1)[-1].split("?")[0])
    options = page.request.get(f"{server}/api/games/{made}").json()["options"]
    assert options == {"bid": {"side": "sparta", "steps": 3}, "syracuse_points": True}
    page.goto(server + "/")
    page.wait_for_selector("#new-game")
    page.select_option("#new-game", GTS)
    gid = create_game(page, GTS, {"greek": ("me", None)}, seed=3)
    page.wait_for_function("() => (document.querySelector('#whose').textContent || '').includes('Your move as Greek')")
    log = log_text(page)
    assert "(4.0)" in log and "{" not in log and "[object Object]" not in log
    page.goto(server + "/")
    page.wait_for_selector(f"#my-games li[data-id='{gid}']")
    assert "Persian: the rules" in page.text_content(f"#my-games li[data-id='{gid}']")
    page.goto(server + "/game/abc")
    assert page.text_content("h1") == "Page not found"
