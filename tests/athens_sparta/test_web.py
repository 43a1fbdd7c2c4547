"""Athens & Sparta on the browser table (``polemos.games.athens_sparta.web``): the board SVG drawn
from a view, the clicks that choose each legal action, and the side panel.

Boards are drawn for both roles and the spectator at many points of seeded random games; each
must be well-formed XML under the size budget, give every hex an ``h:`` ref, show the viewer's
blocks (and revealed enemy blocks) by id, and never name a block hidden from the viewer — the
test reads the state for that, the renderer only the view.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import polemos
from polemos.core.log import translate_line
from polemos.core.rng import Rng
from polemos.games.athens_sparta import web
from polemos.games.athens_sparta.data import load_components, load_components_first
from polemos.games.athens_sparta.state import ROLES, SIDE_OF_ROLE, AthensSpartaState
from polemos.games.athens_sparta.text import render as render_text
from tests.athens_sparta.conftest import hidden_blocks, new_state, random_step
from tests.athens_sparta.helpers import after_first_mulligan

BUDGET = 150_000  # bytes of SVG sent on every move
SVG = "{http://www.w3.org/2000/svg}"


def hex_name(s: AthensSpartaState, h: int) -> str:
    """A location as the view and the board name it (a city's name, else the hex label)."""
    return web._location_name(s.comp.board, h)


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == SVG + "svg"
    assert "viewBox" in root.attrib and "width" not in root.attrib and "height" not in root.attrib
    return root


def refs_of(root: ET.Element) -> dict[str, ET.Element]:
    out: dict[str, ET.Element] = {}
    for el in root.iter():
        ref = el.get("data-ref")
        if ref is not None:
            assert ref not in out, f"two elements with data-ref {ref!r}"
            out[ref] = el
    return out


def id_words(text: str) -> set[str]:
    """Every whole id ``text`` may name: its hyphenated words and their tails after a hyphen
    (``b-ATH-HOP-1`` names ATH-HOP-1; ``ATH-HOP-10`` does not)."""
    out: set[str] = set()
    for word in set(re.findall(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*", text)):
        parts = word.split("-")
        out.update("-".join(parts[i:]) for i in range(len(parts)))
    return out


def test_id_words_match_whole_ids() -> None:
    words = id_words('<g id="b-ATH-HOP-10" data-ref="b:ATH-HOP-10"><title>SPA-RES-2 x</title></g>')
    assert {"ATH-HOP-10", "SPA-RES-2"} <= words
    assert "ATH-HOP-1" not in words and "SPA-RES" not in words


def check_board(s: AthensSpartaState, role: str | None) -> None:
    view = s.view(role)
    text = web.render_board(view)
    assert len(text.encode()) < BUDGET, f"board of {role}: {len(text.encode())} bytes"
    root = parse(text)
    refs = refs_of(root)
    board = s.comp.board
    # every hex (and SYRACUSE) is clickable, named as the view and the actions name locations
    for h in range(len(board.hexes)):
        el = refs.get("h:" + hex_name(s, h))
        assert el is not None, f"no ref for hex {board.hexes[h]}"
        assert el.get("id") == web.css_id("h", hex_name(s, h))
    # the viewer's blocks, and revealed enemy blocks, by id; hidden blocks never
    side = None if role is None else SIDE_OF_ROLE[role]
    for b in range(len(s.loc)):
        bid = s.comp.blocks[b].id
        if s.loc[b] >= 0 and s.owner[b] in (0, 1) and (s.owner[b] == side or s.revealed[b]):
            el = refs.get("b:" + bid)
            assert el is not None, f"{role}'s board lacks block {bid}"
            assert el.get("id") == web.css_id("b", bid)
    words = id_words(text)
    for b in hidden_blocks(s, side):
        bid = s.comp.blocks[b].id
        assert bid not in words, f"{role or 'the spectator'}'s board names hidden block {bid}"
    # as many block shapes at each location as the view has blocks there
    shown = sum(1 for e in view["blocks"] if e["location"] is not None)
    drawn = sum(1 for el in root.iter(SVG + "use") if el.get("href") in ("#asbk", "#asbA"))
    assert drawn == shown + len(view.get("pool") or [])
    # every action's clicks are on the board, and no two actions take the same clicks
    legal = s.legal_actions(role) if role is not None else []
    clicks = web.action_refs(view, legal)
    assert len(clicks) == len(legal)
    for action, seq in zip(legal, clicks, strict=True):
        # every decision is reachable from the board (issue 11): card plays by the card in the hand
        assert seq or action.split()[0] in web.CARD_VERBS, action
        for ref in seq:
            assert ref in refs, f"{action!r}: ref {ref} is not on {role}'s board"
    check_unambiguous(legal, clicks)
    panel = web.describe(view)
    if panel["plans"]:  # an operation move: its destinations are clicked
        assert "click a highlighted hex" in panel["prompt"]
    else:
        assert panel["prompt"] == web._named(view["prompt"], web.display_names())  # display names (R34)
    assert not web._ID.search(panel["prompt"]), panel["prompt"]
    assert panel["score"] == view["points"]
    assert panel["log"] == view["log"][-web.LOG_LINES:]
    if role is None:
        assert panel["hand"] is None
    else:
        assert [c["mp"] for c in panel["hand"]] == [c["mp"] for c in view["hand"]]


def check_unambiguous(legal: list[str], clicks: list[list[str]]) -> None:
    full = [tuple(seq) for seq in clicks if seq]
    # equal clicks only for one block's kinds of move (the page offers them side by side)
    same: dict[tuple[str, ...], set[str]] = {}
    for action, seq in zip(legal, clicks, strict=True):
        if seq:
            same.setdefault(tuple(seq), set()).add(action.split()[0])
    for clicked, verbs in same.items():
        # the page offers the first and names the others beside it: one block or place each time
        assert len(verbs) == 1 or len(clicked) == 1, (clicked, verbs)
    for one in full:
        for other in full:
            assert one == other or other[:len(one)] != one, f"{one} begins {other}"


def play(seed: int, steps: int, every: int) -> None:
    s = new_state(seed)
    chooser = Rng(seed)
    for i in range(steps):
        if i % every == 0 or (s.battle is not None and i % 3 == 0):
            for role in (*ROLES, None):
                check_board(s, role)
        if s.outcome() is not None:
            break
        random_step(s, chooser)
    for role in (*ROLES, None):
        check_board(s, role)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_boards_through_random_games(seed: int) -> None:
    play(seed, 500, 17)


def test_action_refs_by_kind() -> None:
    """Blocks and locations the action names, in its order; nothing for card plays and choices
    made off the board; ``stop`` is a click on the moving block."""
    seen: dict[str, list[tuple[str, list[str]]]] = {}
    for seed in (4, 5):
        s = new_state(seed)
        chooser = Rng(seed)
        while s.outcome() is None and len(s.actions) < 900:
            for role in s.active_roles():
                view = s.view(role)
                legal = s.legal_actions(role)
                for action, seq in zip(legal, web.action_refs(view, legal), strict=True):
                    seen.setdefault(action.split()[0], []).append((action, seq))
                    check_kind(view, action, seq)
            random_step(s, chooser)
    for verb in ("play", "op", "to", "end"):
        assert verb in seen, f"no {verb!r} action in the sample"


def check_kind(view: dict[str, Any], action: str, seq: list[str]) -> None:
    words = action.split()
    verb = words[0]
    if verb in ("play", "sicily", "allocate"):
        assert seq == [], action  # a click on the card in the hand
    elif verb in ("keep", "mulligan", "redeal", "end", "done", "engage", "cancel", "persia") \
            or (len(words) == 1 and verb != "stop"):
        assert seq == [web.control_ref(action)], action  # a control drawn on the board (issue 11)
    elif verb in ("op", "march", "sea", "hit", "withdraw", "pillage", "remove", "reduce", "add") \
            or (verb == "storm" and len(words) == 2):
        assert seq in (["b:" + words[1]], [web.control_ref(action)]), action
    elif verb in ("to", "battle", "retreat", "revolt", "helots", "storm", "sally"):
        assert seq in (["h:" + words[1]], [web.control_ref(action)]), action  # "sally all": a control
    elif verb in ("regroup", "build"):
        assert seq == ["b:" + words[1], "h:" + words[2]], action
    elif verb == "exchange":
        assert seq == ["b:" + words[1], "b:" + words[2]], action
    elif verb == "stop":
        assert seq == ["b:" + view["moving"]["block"]], action


def test_op_march_sea_share_the_block_click() -> None:
    view: dict[str, Any] = {
        "blocks": [{"id": "ATH-HOP-1", "owner": "athens", "location": "ATHENS"}],
        "cities": [{"name": "ATHENS"}, {"name": "MEGARA"}],
    }
    legal = ["op ATH-HOP-1", "march ATH-HOP-1", "sea ATH-HOP-1", "revolt MEGARA", "to 0907", "end"]
    # the page offers the first (op) on the block's click and names march and sea beside it
    assert web.action_refs(view, legal) == [["b:ATH-HOP-1"]] * 3 + [["h:MEGARA"], ["h:0907"], ["c:end"]]


def test_disband_before_exchange_is_a_control() -> None:
    """Its clicks would begin the exchange's: the disband is a control on the board (issue 11)."""
    view: dict[str, Any] = {
        "blocks": [{"id": "ATH-DEMOS", "owner": "athens", "location": "MEGARA"}],
        "pool": [{"id": "ATH-PEL-1", "owner": "athens", "location": None}],
        "cities": [{"name": "MEGARA"}],
    }
    legal = ["disband ATH-DEMOS", "exchange ATH-DEMOS ATH-PEL-1", "keep"]
    assert web.action_refs(view, legal) == [["c:disband_ATH-DEMOS"], ["b:ATH-DEMOS", "b:ATH-PEL-1"], ["c:keep"]]


def test_enemy_blocks_upright_and_blank() -> None:
    s = new_state(7)
    view = s.view("athens")
    text = web.render_board(view)
    root = parse(text)
    refs = refs_of(root)
    faced = {r for r in refs if r.startswith("b:")}
    own = {"b:" + e["id"] for e in view["blocks"] if "id" in e} | {"b:" + e["id"] for e in view["pool"]}
    assert faced == own
    assert all(e["owner"] == "athens" for e in view["blocks"] if "id" in e)
    # hidden Spartan blocks are drawn, in Sparta's colour, without text or ref
    hidden = [g for g in root.iter(SVG + "g") if "asS" in (g.get("class") or "").split() and g.get("data-ref") is None
              and any(u.get("href") == "#asbk" for u in g)]  # Sparta's square shape
    assert len(hidden) == sum(1 for e in view["blocks"] if e["owner"] == "sparta")
    assert all(not list(g.iter(SVG + "text")) for g in hidden)


def test_own_block_faces_and_city_control() -> None:
    s = new_state(8)
    view = s.view("sparta")
    root = parse(web.render_board(view))
    refs = refs_of(root)
    entry = next(e for e in view["blocks"] if "id" in e)
    block = refs["b:" + entry["id"]]
    texts = "".join("".join(t.itertext()) for t in block.iter(SVG + "text"))
    assert entry["rating"] in texts and str(entry["strength"]) in texts
    assert "asS" in (block.get("class") or "").split()
    # every city is drawn with its name, coloured by its controller
    names = {t.text: t.get("class") for t in root.iter(SVG + "text") if "asNm" in (t.get("class") or "")}
    for city in view["cities"]:
        assert web.SIDE_CLASS[city["controller"]] in (names[city["name"]] or "").split(), city["name"]


def test_hex_refs_cover_the_map() -> None:
    board = load_components().board
    refs = web.hex_refs()
    assert len(refs) == len(board.hexes) == len(set(refs))
    root = parse(web.render_board(new_state(1).view(None)))
    assert set(refs) <= set(refs_of(root))


def test_describe_panel() -> None:
    s = new_state(9)
    view = s.view("athens")
    panel = web.describe(view)
    assert panel["olympiad"] == view["olympiad"] and panel["turn"] == view["turn"]
    # display words, not the view's ids (issue 11): the sides as the game names them, the phase with its rule
    assert view["phase"] == "mulligan" and panel["phase"] == "Mulligan (Card Phase, [1])"
    assert panel["to_act"] == [web.side_words(r) for r in view["to_act"]] == ["Athens", "Sparta"]
    assert panel["hand"] and all({"title", "mp", "text", "card"} <= set(c) and "id" not in c for c in panel["hand"])
    assert list(panel)[:4] == ["role", "prompt", "now", "hand"]  # what matters now first
    assert panel["status"] and isinstance(panel["status"][0], str)
    assert web.describe(s.view(None))["hand"] is None


def test_panel_words_by_edition_and_language() -> None:
    """Issue 11: every panel line in display words in both languages: the first edition's 4.61 is the Bad Hand
    (Mala Mano), the current rules' sidebar of the Card Phase [1] the Mulligan; no side or phase id shows."""
    first = polemos.game("athens-and-sparta").new(9, options={"edition": "first"}).view("sparta")
    panel = web.describe(first)
    assert panel["phase"] == "Bad Hand (Card Phase, 1st 4.61)"
    assert panel["status"][0].endswith("— Bad Hand (Card Phase, 1st 4.61)")
    assert translate_line(panel["phase"], "es") == "Mala Mano (Fase de Cartas, 1.ª ed. 4.61)"
    assert translate_line(panel["status"][0], "es").endswith("— Mala Mano (Fase de Cartas, 1.ª ed. 4.61)")
    assert "— Bad Hand (Card Phase, 1st 4.61)" in render_text(first).splitlines()[0]
    s = after_first_mulligan(3)
    for role in ("athens", "sparta", None):
        panel = web.describe(s.view(role))
        assert panel["phase"] == "Card Phase ([1])" and translate_line(panel["phase"], "es") == "Fase de Cartas ([1])"
        shown = [panel["phase"], panel["player1"], panel["active_player"], *panel["to_act"], *panel["status"],
                 *panel["now"]]
        for text in filter(None, shown):
            assert not re.search(r"\b(athens|sparta|mulligan|card|move|combat|replacement)\b", text), text
    for phase, word in (("move", "Move Phase (4.0)"), ("combat", "Combat Phase (5.0)"),
                        ("replacement", "Replacement Phase (8.0)")):
        assert web.phase_words({"phase": phase}) == word
        assert translate_line(word, "es") != word
        for ed1 in (False, True):
            head = web.STATUS_HEAD.format(n=84, k=3, phase=web.phase_words({"phase": phase, "edition": "first"}
                                                                            if ed1 else {"phase": phase}))
            line = translate_line(head, "es")
            assert line.startswith("Olimpiada 84, Turno de Juego 3 — Fase de ") and "Phase" not in line, line


def test_card_plays_are_labelled_with_the_card() -> None:
    s = after_first_mulligan(3)
    view = s.view("athens")
    legal = s.legal_actions("athens")
    labels = web.action_labels(view, legal)
    assert len(labels) == len(legal)
    for text, label in zip(legal, labels, strict=True):
        card = next(c for c in view["hand"] if c["id"] == text.split()[1])
        assert label.startswith("Play ") and f"{card['mp']} MP" in label and card["id"] not in label


@pytest.mark.parametrize("seed", [11, 12])
def test_move_paths_are_the_engines_and_every_other_hex_has_a_reason(seed: int) -> None:
    """4.4: every destination the view offers for the operation move in progress is reached by playing
    its actions (each one legal when played) and ends the move there; every other hex has a reason
    citing a rule (explain.why_not_hex, asked for apart: State.explain); the page gets them as plans and
    grouped reasons by ref."""
    s = new_state(seed)
    chooser = Rng(seed)
    checked = 0
    while s.outcome() is None and len(s.actions) < 1500 and checked < 6:
        for role in s.active_roles():
            view = s.view(role)
            ex = view.get("explain")
            if not (isinstance(ex, dict) and ex.get("paths")):
                continue
            assert "why_hex" not in ex and "why_block" not in ex  # the costly reasons only when asked
            why = s.explain(role)
            assert why is not None
            moving = view["moving"]["block"]
            reasons = {h for hexes in why["why_hex"].values() for h in hexes}
            assert not reasons & set(ex["paths"]), "a destination with a reason against it"
            assert all(re.search(r"\((?:[\d.]+|RULINGS R\d+)", r) for r in why["why_hex"]), why["why_hex"]
            for dest, steps in ex["paths"].items():
                trial = s.clone()
                for action in steps:
                    assert action in trial.legal_actions(role), (dest, steps, action)
                    trial.apply(role, action)
                b = trial.comp.block_index[moving]
                assert trial.moving < 0 and hex_name(trial, trial.loc[b]) == dest, (dest, steps)
            panel = web.describe(view)
            assert {tuple(p["refs"]) for p in panel["plans"]} <= {("h:" + d,) for d in ex["paths"]}
            by_ref = web.explain_refs(why)
            assert by_ref and all(ref.startswith(("h:", "b:")) for refs in by_ref.values() for ref in refs)
            checked += 1
        random_step(s, chooser)
    assert checked, "no operation move in the sample"


def test_blocks_that_cannot_move_say_why() -> None:
    """4.0: a block that has moved cannot move again this Player Turn; the view of the side to move says so."""
    s = new_state(13)
    chooser = Rng(13)
    while s.outcome() is None and len(s.actions) < 1500:
        for role in s.active_roles():
            view = s.view(role)
            ex = s.explain(role)  # worked out only when asked (State.explain), not in the view
            moved = [e["id"] for e in view["blocks"] if e.get("moved") and e.get("owner") == role]
            if isinstance(ex, dict) and moved and "moving" not in view:
                reasons = {i: r for r, ids in ex["why_block"].items() for i in ids}
                assert all("(4.0)" in reasons[i] for i in moved), reasons
                offered = {a.split()[1] for a in view["actions"] if a.split()[0] in ("op", "march", "sea")}
                assert not offered & set(reasons)
                return
        random_step(s, chooser)
    raise AssertionError("no Move Phase with a moved block in the sample")


def test_display_names_are_one_per_block() -> None:
    """RULINGS R34: one display name per block, unique, used by the board's titles and the buttons."""
    names = web.display_names()
    assert len(set(names.values())) == len(names)
    assert names["ATH-HOP-1"].startswith("ATHENS Hoplites") and names["ATH-RES-1"].startswith("Athenian RESERVE")
    s = new_state(7)
    view = s.view("athens")
    entry = next(e for e in view["blocks"] if "id" in e)
    assert web.block_name(entry) in web.render_board(view)
    labels = web.action_labels(view, [f"op {entry['id']}", "end"])
    assert names[entry["id"]] in labels[0] and entry["id"] not in labels[0]


# ============================================================================ issue 11: decisions on the board
def test_decisions_naming_nothing_on_the_board_are_controls_on_it() -> None:
    """Issue 11: the end of a phase, the Mulligan and a block's choices in battle are buttons drawn on the board,
    each with the ref its action's click is, its label as text and screen-reader name; card plays stay clicks on
    the card; nothing is drawn for a role not asked to act, nor for the spectator."""
    s = after_first_mulligan(3)
    view = s.view("athens")
    assert any(a.startswith("play ") for a in view["actions"])
    assert web.control_actions(view) == []  # the Card Phase: cards are clicked in the hand
    # the Mulligan, asked of both players at once
    s = new_state(3)
    assert s.pending is not None and s.pending["kind"] == "mulligan"
    for role in ROLES:
        view = s.view(role)
        legal = s.legal_actions(role)
        assert "keep" in legal
        root = parse(web.render_board(view))
        refs = refs_of(root)
        labels = web.action_labels(view, legal)
        for action, seq, label in zip(legal, web.action_refs(view, legal), labels, strict=True):
            assert seq == [web.control_ref(action)]
            control = refs[seq[0]]
            assert control.get("aria-label") == label
            assert label in "".join(control.itertext())
    assert "c:" not in web.render_board(s.view(None))  # the spectator decides nothing
    # a Move Phase: the end of the phase, worded by what ends
    view = {"phase": "move", "actions": ["op ATH-HOP-1", "end"], "cities": [{"name": "ATHENS"}],
            "blocks": [{"id": "ATH-HOP-1", "owner": "athens", "location": "ATHENS", "type": "hoplite",
                        "rating": "B3", "strength": 4, "steps": 4}]}
    assert web.control_actions(view) == ["end"]
    assert web.action_labels(view, ["end"]) == ["End the Move Phase (no more moves this Player Turn)"]
    text = web.render_board(view)
    assert 'data-ref="c:end"' in text and "End the Move Phase" in text


def test_battle_choices_are_worded_controls() -> None:
    """Issue 11: a block's choices on its combat turn (5.41; first edition 5.1) are worded buttons on the board."""
    view: dict[str, Any] = {"phase": "combat", "actions": ["fire", "withdraw", "retreat MEGARA", "pass"],
            "cities": [{"name": "MEGARA"}], "blocks": []}
    assert web.action_refs(view, view["actions"]) == [["c:fire"], ["c:withdraw"], ["h:MEGARA"], ["c:pass"]]
    assert web.action_labels(view, web.control_actions(view)) == [
        "Fire", "Withdraw into the city", "Let this turn pass (no target)"]
    first = {**view, "edition": "first", "actions": ["coastal", "blockade", "storm"]}
    assert web.action_labels(first, web.control_actions(first)) == [
        "Declare coastal combat (1st 6.2)", "Blockade the port (1st 6.6)", "Storm the walls"]


# ============================================================================ issue 13: the first edition's board
FIRST = {"edition": "first"}


def _ridge_lines(text: str) -> set[frozenset[str]]:
    """The two ends ("x y") of every hexside line drawn in the mountain ridge's style."""
    root = parse(text)
    styles = dict(re.findall(r"\.(asl\d+)\{([^}]*)\}", text))
    ridge = {cls for cls, css in styles.items() if "stroke:#5a3a1a" in css and "stroke-width:4.5" in css}
    return {frozenset((f"{el.get('x1')} {el.get('y1')}", f"{el.get('x2')} {el.get('y2')}"))
            for el in root.iter(SVG + "line") if el.get("class") in ridge}


def test_ed1_the_naupactus_mountain_hexside_is_drawn_in_the_first_edition() -> None:
    """RULINGS FE26: the first edition's map makes the hexside between NAUPACTUS (0708) and 0707 a mountain one;
    the board of a first-edition game draws it (a ridge), the current game's does not; NAUPACTUS's name stands
    above that hexside, which it would hide."""
    from polemos.games.athens_sparta import svg

    board = load_components().board
    cv = svg._Canvas(board)
    h = board.hexes.index("0708")
    assert board.hexes[board.neighbours[h][0]] == "0707"
    a, b = cv.side(h, 0)
    side = frozenset(f"{p[0]:.1f} {p[1]:.1f}" for p in (a, b))
    first = _ridge_lines(web.render_board(after_first_mulligan(1, FIRST).view("athens")))
    current = _ridge_lines(web.render_board(after_first_mulligan(1).view("athens")))
    assert first - current == {side}
    text = web.render_board(after_first_mulligan(1, FIRST).view("athens"))
    found = re.search(r'<text x="[^"]*" y="([^"]*)" class="asNm[^"]*"[^>]*>NAUPACTUS<', text)
    assert found is not None
    assert float(found.group(1)) < min(a[1], b[1])


def test_ed1_points_are_pp_in_the_panel_the_buttons_and_the_terminal() -> None:
    """1st 1.2, 8.1: the first edition's Production Points are PP (the current rules' Build Points, BP); its end
    (1st 10.2, RULINGS FE17) is in the panel and the terminal; labels cite the first edition's numbers (1st 4.3
    operation moves, 4.4 strategic moves, 4.61 Bad Hand, 5.5 battle or siege)."""
    from polemos.games.athens_sparta import text as terminal

    for options, word in ((FIRST, "PP"), (None, "BP")):
        s = after_first_mulligan(1, options)
        view = s.view("athens")
        assert view["bp_forecast"] >= 0
        panel = web.describe({**view, "bp": 7})
        assert (f"{word} left: 7" if word == "PP" else "BPs left: 7") in panel["now"]
        assert any(line.startswith(f"{word} forecast: ") for line in web.describe(view)["status"])
        assert (f"{word} left: 7" if word == "PP" else "BPs left: 7") in terminal.render({**view, "bp": 7})
        end = "Athens wins if Sparta has not won by the end of Olympiad 89 (1st 10.2)"
        assert any(end in line for line in panel["status"]) == (word == "PP")
        assert (end in " ".join(terminal.render(view).split())) == (word == "PP")  # wrapped to 80 columns
    view = {**after_first_mulligan(1, FIRST).view("athens"), "phase": "move"}
    labels = web.action_labels(view, ["op ATH-HOP-1", "march ATH-HOP-1", "sea ATH-HOP-1", "engage", "mulligan"])
    assert labels[0].startswith("Operation move (1st 4.3): ATHENS Hoplites")
    assert labels[1].startswith("March move (1st 4.4): ") and labels[2].startswith("Sea move (1st 4.4): ")
    assert labels[3:] == ["Engage: fight the battle (1st 5.5)", "Ask for a new deal (Bad Hand, 1st 4.61)"]


def test_ed1_the_boards_words_read_in_spanish() -> None:
    """The first edition's words on the page read in Spanish by its own terms (PP, Mala Mano, 1.ª ed.)."""
    from polemos.core.log import translate_line

    assert translate_line("PP left: 3", "es") == "PP restantes: 3"
    assert translate_line("Ask for a new deal (Bad Hand, 1st 4.61)", "es") == \
        "Pedir un nuevo reparto (Mala Mano, 1.ª ed. 4.61)"
    assert translate_line("Move to 0907 by 0806 (it must stop there, 1st 4.3)", "es") == \
        "Mover a 0907 por 0806 (debe detenerse allí, 1.ª ed. 4.3)"
    assert translate_line("Move to 0907 by 0806 and stop there (4.4)", "es") == \
        "Mover a 0907 por 0806 y detenerse allí (4.4)"
    assert translate_line("Your decision:", "es") == "Tu decisión:"


def test_ed1_the_panel_names_the_first_editions_combat_turns() -> None:
    """1st 5.1 (RULINGS FE8): a first-edition battle is fought in one combat order (the engine's stage "ed1");
    the panel says so by the first edition's number, in English and Spanish."""
    from polemos.core.log import translate_line

    view = {"edition": "first", "battle": {"hex": "MEGARA", "kind": "new", "round": 1, "stage": "ed1",
                                           "attacker": "sparta"}}
    line = "Battle at MEGARA, round 1: combat turns (1st 5.1); attacker Sparta"
    assert line in web.describe(view)["now"]
    assert translate_line(line, "es") == \
        "Batalla en MEGARA, ronda 1: turnos de combate (1.ª ed. 5.1); atacante: Esparta"


@pytest.mark.parametrize("kind", ["new", "storm", "sally"])
def test_the_panels_battle_line_reads_whole_in_spanish(kind: str) -> None:
    """Issues 11, 13: the panel's battle line names the battle's kind (5.4 new, 5.3 storm, 5.55 sally) and stage in
    words — never the engine's 'sallyq' or 'new' — and reads whole in Spanish in every stage (a sally's question in
    a first-edition game once read "Battle at NAUPACTUS (sally), round 1, sallyq; attacker Athens")."""
    from polemos.core.log import translate_line

    for stage in ("declare", "sea", "land", "siege", "sallyq", "extra", "after", "end", "ed1"):
        view = {"edition": "first", "battle": {"hex": "NAUPACTUS", "kind": kind, "round": 2, "stage": stage,
                                               "attacker": "athens"}}
        line = next(x for x in web.describe(view)["now"] if "NAUPACTUS" in x)
        assert "sallyq" not in line and "ed1" not in line and f"({kind})" not in line, line
        shown = translate_line(line, "es")
        assert "NAUPACTO" in shown and "ronda 2" in shown and "atacante: Atenas" in shown, shown
        assert not re.search(r"\b(round|attacker|battle|after|sally|storm|new)\b", shown), shown


def test_a_moving_blocks_path_reads_place_by_place_in_spanish() -> None:
    """Issue 11: the panel's moving block ("ATHENS > PLATAEA > DELPHI") reads each place in Spanish, and one hex
    left is one hex."""
    from polemos.core.log import translate_line

    view = {"moving": {"block": "ATH-CAV-1", "path": ["ATHENS", "PLATAEA", "DELPHI"], "left": 1}}
    line = next(x for x in web.describe(view)["now"] if x.startswith("Moving"))
    assert line.endswith("ATHENS > PLATAEA > DELPHI (1 hex left)")
    assert translate_line(line, "es").endswith("ATENAS > PLATEA > DELFOS (queda 1 hex)")


@pytest.mark.parametrize("options", [None, FIRST], ids=["second", "first"])
def test_city_names_touch_no_other_city_and_keep_ridges_clear(options: dict[str, str] | None) -> None:
    """Issue 11 and RULINGS FE26: each city's name, as wide as it runs in its widest language (English or Spanish),
    touches no other city's marker with its rings (oracle, siege), port anchor or name, in either edition
    (NAUPACTUS's name once touched PLEURON's anchor and DELPHI's oracle ring in the first edition, EPIDAURUS's
    CORINTH's marker); a name over a hex whose north side is a mountain or pass side stands above that ridge."""
    from polemos import i18n
    from polemos.games.athens_sparta.model import SIDE_MOUNTAIN, SIDE_PASS

    svg = web.render_board(after_first_mulligan(1, options).view("athens"), None)
    layer = svg[svg.index('<g class="asNP asCt">'):]
    layer = layer[:layer.index("</g>")]
    # the names: a layer of their own over the blocks (issue 11)
    named = svg[svg.index('<g class="asNP asCt asNames">'):]
    named = named[:named.index("</g>")]
    names = [(float(x), float(y), float(size or 21), n) for x, y, size, n in re.findall(
        r'<text x="([\d.]+)" y="([\d.]+)" class="asNm[^"]*"(?: style="font-size:([\d.]+)px")?>([^<]+)</text>', named)]
    markers = [(float(x), float(y), 11.0 if k.endswith("1") else 8.0) for k, x, y in re.findall(
        r'<use href="#(as[WC][01])" x="([\d.]+)" y="([\d.]+)"', layer)]
    # a port's anchor, on its sea-control badge (RULINGS FE42) or not
    anchors = [(float(x), float(y)) for x, y in re.findall(
        r'<text x="([\d.]+)" y="([\d.]+)" class="asPt(?: asPtW)?">', layer)]
    assert len(names) == len(markers) > 50 and len(anchors) > 40
    boxes = []
    for x, y, size, name in names:
        width = i18n.shown_width(name, size, True)
        assert i18n.shown_width(name, size, True) >= i18n.text_width(name, size, True)
        boxes.append((x - width / 2, y - 0.73 * size, x + width / 2, y, name))
    touching = []
    for left, top, right, bottom, name in boxes:
        for mx, my, size in markers:
            if left < mx < right and my > bottom and my - size - bottom < 12:
                continue  # its own marker, under it
            if left < mx + size + 3 and right > mx - size - 3 and top < my + size + 3 and bottom > my - size - 3:
                touching.append(f"{name} | the marker at {mx:.0f},{my:.0f}")
        touching += [f"{name} | the anchor at {ax:.0f},{ay:.0f}" for ax, ay in anchors
                     if left < ax + 7 and right > ax - 7 and top < ay + 2 and bottom > ay - 11]
        touching += [f"{name} | {b[4]}" for b in boxes
                     if b[4] != name and left < b[2] and right > b[0] and top < b[3] and bottom > b[1]]
    assert touching == []
    components = load_components() if options is None else load_components_first()
    board, base = components.board, web._base(None, options is not None)
    for city in board.cities:
        if not city.offboard and board.land_side[city.hex][0] in (SIDE_MOUNTAIN, SIDE_PASS):
            ridge = base.centre[city.name][1] - 0.866 * base.radius
            x, y, size, _ = next(n for n in names if n[3] == city.name)
            assert y < ridge, f"{city.name}'s name hides its ridge"
    if options is not None:
        assert "NAUPACTUS" in [n[3] for n in names if n[1] < base.centre["NAUPACTUS"][1] - 0.866 * base.radius]


@pytest.mark.parametrize(("options", "rule"), [(None, "5.31"), (FIRST, "1st 5.54")], ids=["second", "first"])
def test_picking_the_storming_blocks_is_worded_and_reads_in_spanish(options: dict[str, str] | None, rule: str) -> None:
    """5.31 (RULINGS R21, R33; 1st 5.52, 5.54): the question picking the storming blocks names each block in words
    by the edition's rule — it once showed the action's raw text ("storm CORINTH Navy") in a Spanish page — and a
    block's combat-turn prompt names its city in Spanish (ATENAS B3 (2): ...)."""
    from polemos.core.log import translate_line

    view = after_first_mulligan(1, options).view("sparta")
    label = web.action_labels(view, ["storm SPA-NAV-1"])[0]
    assert label == f"Storm with {web.display_names()['SPA-NAV-1']} ({rule})"
    shown = translate_line(label, "es")
    assert shown.startswith("Asaltar con ") and "storm" not in shown.lower().split()
    assert translate_line("ATHENS B3 (2): Your block's action in the combat turns (1st 5.1).", "es") == \
        "ATENAS B3 (2): la acción de tu bloque en los turnos de combate (1.ª ed. 5.1)."
    assert translate_line("SPARTA C2 (3): Your block's action in the combat order (5.41).", "es") == \
        "ESPARTA C2 (3): la acción de tu bloque en el orden de combate (5.41)."


def test_building_and_regrouping_are_worded_with_the_place_in_spanish() -> None:
    """8.3, 5.6 (1st 5.4): 'build X CITY' and 'regroup X HEX' are worded, and the city reads in Spanish (a Spanish
    first-edition Replacement Phase once listed "construir Hoplitas de la RESERVA ateniense 1 ATHENS")."""
    from polemos.core.log import translate_line

    view = after_first_mulligan(1, FIRST).view("athens")
    names = web.display_names()
    build, regroup, hexed = web.action_labels(view, ["build ATH-RES-1 ATHENS", "regroup ATH-HOP-2 MEGARA",
                                                     "regroup ATH-HOP-2 0907"])
    # with the first edition's rules (1st 8.3, 1st 5.4; issue 11: every action's label cites its rule)
    assert build == f"Build {names['ATH-RES-1']} in ATHENS (1st 8.3)"
    assert regroup == f"Regroup {names['ATH-HOP-2']} to MEGARA (1st 5.4)"
    assert translate_line(build, "es").endswith(" en ATENAS (1.ª ed. 8.3)")
    assert translate_line(build, "es").startswith("Construir ")
    assert translate_line(regroup, "es").startswith("Reagrupar ATENAS Hoplitas")
    assert translate_line(hexed, "es").endswith(" en 0907 (1.ª ed. 5.4)")


def test_prompts_name_the_buttons_as_labelled() -> None:
    """Issue 11: a prompt names a button by its label ('End the Move Phase', 'Done'), in English and in Spanish
    (the quoted words open the button's label in the page's language), never by the action's record word."""
    from polemos.games.athens_sparta import view as as_view

    labels = [*web.WORDS.values(), *web.WORDS_FIRST.values(), *web.END_WORDS.values(), web.VERBS["stop"],
              web.VERBS_FIRST["stop"], web.VERBS["cancel"]]
    prompts = [*as_view.PROMPTS.values(), *as_view.PROMPTS_FIRST.values(),
               "Moving {block}: choose the next hex, 'Stop here' or 'Cancel this move'.",
               "Moving {block}: choose its destination, or 'Cancel this move'."]
    quoted = 0
    for lang in ("en", "es"):
        shown = [translate_line(label, lang) for label in labels]
        for text in prompts:
            for word in re.findall(r"(?<!\w)'([^']+)'(?!\w)", translate_line(text, lang)):
                quoted += 1
                assert any(label.startswith(word) for label in shown), (lang, text, word)
    assert quoted >= 20


@pytest.mark.parametrize("options", [{}, {"edition": "first"}], ids=["second", "first"])
def test_city_names_are_drawn_over_the_blocks(options: dict[str, str]) -> None:
    """Issue 11: zoomed in, a stack of blocks (its own hex's, growing up past the city, or a neighbour's) never
    hides a city's name: every name is drawn after every block, in a layer that takes no clicks (.asNP)."""
    s = polemos.game("athens-and-sparta").new(4, options=options)
    chooser = Rng(4)
    for _ in range(120):
        if s.outcome() is not None:
            break
        random_step(s, chooser)
    svg = web.render_board(s.view("athens"))
    names_at = svg.index('<g class="asNP asCt asNames">')
    last_block = svg.rindex('data-ref="b:')
    assert names_at > last_block
    names = re.findall(r'class="asNm[^"]*"[^>]*>([^<]+)</text>', svg[names_at:])
    assert "ATHENS" in names and "SPARTA" in names and len(names) > 50
    assert not re.search(r'class="asNm', svg[:names_at])  # no name left under the blocks


@pytest.mark.parametrize("options", [{}, {"edition": "first"}], ids=["second", "first"])
def test_city_names_leave_the_enemys_upright_blocks_seen(options: dict[str, str]) -> None:
    """Issue 11: an enemy's block stands upright and blank, with no words to keep clear, but a name drawn over it hid
    the piece (PLATAEA and MARATHON over THEBES's Spartan blocks in Athens's view): a name is moved off an upright
    block's face as off a faced block's words (web._names_clear), and stays there only where every place it may take
    covers something (EPIDAURUS, MARATHON in a few views). Six random games an
    edition, both sides' views every 30 steps."""
    views = hits = 0
    for seed in range(1, 7):
        s = polemos.game("athens-and-sparta").new(seed, options=options)
        chooser = Rng(seed)
        for step in range(300):
            if s.outcome() is not None:
                break
            if step % 30 == 0:
                for role in ROLES:
                    view = s.view(role)
                    base = web._base(None, web.first_edition(view))
                    moved = dict(web._names_clear(base, view))
                    names = [web._name_box(n, *moved.get(n, at)) for n, at in base.names.items()]
                    by_loc: dict[str, list[dict[str, Any]]] = {}
                    for e in view["blocks"]:
                        if e.get("location") in base.centre:
                            by_loc.setdefault(e["location"], []).append(e)
                    faces = [web._block_face(x, y, web.within(e)) for loc, entries in by_loc.items()
                             for e, x, y in web._stack(base, loc, entries) if "id" not in e]
                    views += bool(faces)
                    hits += any(web._meets(n, f) for n in names for f in faces)
            random_step(s, chooser)
    assert views >= 100
    assert hits <= views // 10, (hits, views)  # before: a name over one in ~9 views in 10
