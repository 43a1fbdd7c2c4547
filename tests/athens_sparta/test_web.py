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

from polemos.core.rng import Rng
from polemos.games.athens_sparta import web
from polemos.games.athens_sparta.data import load_components
from polemos.games.athens_sparta.movement import hex_name
from polemos.games.athens_sparta.state import ROLES, SIDE_OF_ROLE, AthensSpartaState
from tests.athens_sparta.conftest import hidden_blocks, new_state, random_step
from tests.athens_sparta.helpers import after_first_mulligan

BUDGET = 150_000  # bytes of SVG sent on every move
SVG = "{http://www.w3.org/2000/svg}"


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
    for seq, verbs in same.items():
        # the page offers the first and names the others beside it: one block or place each time
        assert len(verbs) == 1 or len(seq) == 1, (seq, verbs)
    for seq in full:
        for other in full:
            assert seq == other or other[:len(seq)] != seq, f"{seq} begins {other}"


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
    if verb in ("play", "sicily", "keep", "mulligan", "redeal", "end", "done", "engage", "cancel", "persia") \
            or (len(words) == 1 and verb != "stop"):
        assert seq == [], action
    elif verb in ("op", "march", "sea", "hit", "withdraw", "pillage", "remove", "reduce", "add") \
            or (verb == "storm" and len(words) == 2):
        assert seq in ([], ["b:" + words[1]]), action
    elif verb in ("to", "battle", "retreat", "revolt", "helots", "storm", "sally"):
        assert seq in ([], ["h:" + words[1]]), action
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
    assert web.action_refs(view, legal) == [["b:ATH-HOP-1"]] * 3 + [["h:MEGARA"], ["h:0907"], []]


def test_disband_before_exchange_is_not_a_click() -> None:
    view: dict[str, Any] = {
        "blocks": [{"id": "ATH-DEMOS", "owner": "athens", "location": "MEGARA"}],
        "pool": [{"id": "ATH-PEL-1", "owner": "athens", "location": None}],
        "cities": [{"name": "MEGARA"}],
    }
    legal = ["disband ATH-DEMOS", "exchange ATH-DEMOS ATH-PEL-1", "keep"]
    assert web.action_refs(view, legal) == [[], ["b:ATH-DEMOS", "b:ATH-PEL-1"], []]


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
    assert panel["phase"] == view["phase"] and panel["to_act"] == view["to_act"]
    assert panel["hand"] and all({"title", "mp", "text", "card"} <= set(c) and "id" not in c for c in panel["hand"])
    assert list(panel)[:4] == ["role", "prompt", "now", "hand"]  # what matters now first
    assert panel["status"] and isinstance(panel["status"][0], str)
    assert web.describe(s.view(None))["hand"] is None


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
