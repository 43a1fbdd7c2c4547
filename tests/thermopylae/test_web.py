"""The browser table's Go Tell the Spartans part (web.py): the board SVG, the refs of legal actions, the summary."""

from __future__ import annotations

import functools
import json
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Any

import pytest

import polemos
from polemos.core.rng import Rng
from polemos.games.thermopylae import rules, text, web
from polemos.games.thermopylae.board import load_map
from polemos.games.thermopylae.state import GTSState

GAME_ID = "go-tell-the-spartans"
SVG_NS = "{http://www.w3.org/2000/svg}"
BUDGET = 100_000
FACING_REFS = {"f:N", "f:E", "f:S", "f:W"}


@dataclass(frozen=True)
class Snapshot:
    label: str
    views: dict[str | None, dict[str, Any]]  # role (None: spectator) -> view
    hidden_from: dict[str | None, set[str]]  # role -> ids of enemy units hidden from it (3.4)
    actor: str | None
    legal: list[str]


def _hidden(s: GTSState) -> dict[str | None, set[str]]:
    """In the two-player game, each side sees only the top unit of an enemy pile (3.4)."""
    out: dict[str | None, set[str]] = {"greek": set(), "persian": set(), None: set()}
    if s.mode != "two":
        return out
    comp = s.comp
    for pile in rules.occupancy(s):
        for side, enemy in ((0, "persian"), (1, "greek")):
            mine = [u for u in pile if comp.u_side[u] == side]
            ids = {comp.unit_ids[u] for u in mine[1:]}
            out[enemy] |= ids
            out[None] |= ids
    return out


def _snap(s: GTSState, label: str) -> Snapshot:
    actor = s.active_roles()[0] if s.active_roles() else None
    views = {role: s.view(role) for role in ("greek", "persian", None, actor)}
    legal = s.legal_actions(actor) if actor else []
    return Snapshot(label, views, _hidden(s), actor, legal)


def _play(seed: int, chooser: int, marks: tuple[int, ...], **options: Any) -> list[Snapshot]:
    s = polemos.game(GAME_ID).new(seed, options=options)
    assert isinstance(s, GTSState)
    rng = Rng(chooser)
    out = []
    mode = options.get("players", "solitaire")
    for step in range(max(marks) + 1):
        if step in marks or s.outcome() is not None:
            out.append(_snap(s, f"{mode} seed {seed} step {step} stage {s.stage}"))
        if s.outcome() is not None:
            break
        role = s.active_roles()[0]
        s.apply(role, rng.choice(s.legal_actions(role)))
    return out


@functools.cache
def snapshots() -> tuple[Snapshot, ...]:
    return tuple(
        _play(1, 2, (0, 3, 40, 200, 450, 700))
        + _play(11, 3, (0, 2, 60, 300, 700, 1200, 1900, 2600), players="two")
        + _play(4, 9, (1, 120, 500), players="multi")
    )


@functools.cache
def rendered(index: int, role: str | None) -> str:
    return web.render_board(snapshots()[index].views[role])


def refs_of(svg: str) -> set[str]:
    return {el.attrib["data-ref"] for el in ET.fromstring(svg).iter() if "data-ref" in el.attrib}


def cases() -> list[tuple[int, str | None]]:
    return [(i, role) for i in range(len(snapshots())) for role in ("greek", "persian", None)]


def _mentions(text: str, unit_id: str) -> bool:
    """``unit_id`` in ``text`` as a whole id ("phocians-1" is not in "phocians-10")."""
    return re.search(re.escape(unit_id) + r"(?![0-9A-Za-z-])", text) is not None


# ===================================================================================== the board
def test_snapshots_cover_the_stages_that_need_clicks() -> None:
    stages = {s.views["greek"]["stage"] for s in snapshots()}
    assert {"deploy", "g_move"} <= stages
    verbs = {a.split()[0] for s in snapshots() for a in s.legal}
    assert {"place", "move", "end"} <= verbs


def test_board_is_well_formed_svg_with_every_area_and_unit() -> None:
    for index, role in cases():
        _check_board(index, role)


def _check_board(index: int, role: str | None) -> None:
    svg = rendered(index, role)
    root = ET.fromstring(svg)
    assert root.tag == SVG_NS + "svg"
    assert len(root.attrib["viewBox"].split()) == 4
    assert "width" not in root.attrib and "height" not in root.attrib
    assert len(svg.encode()) < BUDGET
    refs = refs_of(svg)
    amap = load_map()
    passable = {f"a:{a.name}" for a in amap.areas if a.passable}
    assert passable <= refs
    assert not {r for r in refs if r.startswith("a:")} - passable  # no ref on the sea
    view = snapshots()[index].views[role]
    shown = {f"u:{u['id']}" for units in view["areas"].values() for u in units if not u.get("hidden")}
    shown |= {f"u:{uid}" for uid in view["off_map"]["box"]}
    assert shown == {r for r in refs if r.startswith("u:")}
    n_hidden = sum(1 for units in view["areas"].values() for u in units if u.get("hidden"))
    assert len(re.findall(r'class="u s[gp] hid"', svg)) == n_hidden


def test_hidden_enemy_units_never_appear() -> None:
    for index, role in cases():
        snap = snapshots()[index]
        svg = rendered(index, role)
        for uid in snap.hidden_from[role]:
            assert not _mentions(svg, uid), f"{snap.label}: {uid} shown to {role}"


def test_the_two_player_game_hides_something() -> None:
    assert any(s.hidden_from["persian"] and s.hidden_from["greek"] for s in snapshots())


def test_melee_areas_show_both_sides() -> None:
    for i, snap in enumerate(snapshots()):
        view = snap.views[None]
        for name, units in view["areas"].items():
            if len({u["side"] for u in units}) > 1:
                cell = ET.fromstring(rendered(i, None)).find(f".//*[@data-ref='a:{name}']")
                assert cell is not None
                classes = {el.attrib.get("class", "") for el in cell.iter()}
                assert any(" sg" in c for c in classes) and any(" sp" in c for c in classes)
                return
    pytest.skip("no melee in the sampled positions")


def test_units_sit_inside_their_area_and_show_their_marks() -> None:
    for i, snap in enumerate(snapshots()):
        if any(u.get("losses") or u.get("disordered") for units in snap.views["greek"]["areas"].values()
               for u in units):
            view = snap.views["greek"]
            root = ET.fromstring(rendered(i, "greek"))
            break
    else:
        pytest.skip("no losses or disorder in the sampled positions")
    for name, units in view["areas"].items():
        cell = root.find(f".//*[@data-ref='a:{name}']")
        assert cell is not None
        inner = {el.attrib.get("data-ref") for el in cell.iter()}
        tops = {id(next(v for v in units if v["side"] == side)) for side in {v["side"] for v in units}}
        for u in units:
            if u.get("hidden"):
                continue
            assert f"u:{u['id']}" in inner
            el = cell.find(f".//*[@data-ref='u:{u['id']}']")
            assert el is not None
            text = "".join(el.itertext())
            if id(u) in tops:  # the top of its side's pile: a large counter
                assert f"{u['mf']}-{u['dv']}-{u['ma']}" in text
                disorder = el.find("*[@class='bo']")
                assert (disorder is not None and "".join(disorder.itertext()) == "D") == bool(u["disordered"])
                loss = el.find("*[@class='bl']")
                assert (loss is not None and "".join(loss.itertext()) == f"−{u['losses']}") == bool(u["losses"])
            assert web.unit_label(u["id"]) in text


def test_ephialtes_box_holds_the_guard() -> None:
    for i, snap in enumerate(snapshots()):
        box = snap.views["greek"]["off_map"]["box"]
        if box:
            svg = rendered(i, "greek")
            root = ET.fromstring(svg)
            group = root.find(".//*[@class='ephialtes']")
            assert group is not None
            inner = {el.attrib.get("data-ref") for el in group.iter()}
            assert {f"u:{uid}" for uid in box} <= inner
            assert "Ephialtes Box" in "".join(group.itertext())
            return
    pytest.fail("no unit in the Ephialtes Box in the sampled positions")


def test_labels_are_the_terminals_codes() -> None:
    # one display name per piece (issue 11): the board's counters, the buttons and the terminal agree
    assert web.unit_label("spartans-1") == text.id_code("spartans-1") == "spa1"
    assert web.unit_label("immortals-09") == "IMM09"
    assert web.unit_label("tegea-3") == "teg3"
    assert web.unit_label("dahae-bow-2") == "DAHB2"
    assert web.unit_label("susa-javelin-6") == "SUSJ6"


def test_the_sides_differ_by_shape_and_the_board_has_a_key() -> None:
    for i in range(len(snapshots())):
        root = ET.fromstring(rendered(i, "greek"))
        shapes = {(el.attrib.get("href"), side) for g in root.iter() for side in ("sg", "sp")
                  if side in g.attrib.get("class", "").split() for el in g if el.tag == f"{SVG_NS}use"
                  and el.attrib.get("class") == "ctr"}
        if {s for _, s in shapes} == {"sg", "sp"}:
            assert {h for h, s in shapes if s == "sg"} == {"#gts-ctr"}
            assert {h for h, s in shapes if s == "sp"} == {"#gts-ctr-p"}
            legend = root.find(".//*[@class='legend']")
            assert legend is not None
            words = "".join(legend.itertext())
            assert "Greek" in words and "Persian" in words and "hidden" in words
            assert all(web._title(c) in words for c in web.CONTINGENT_FILL)  # each contingent's colour named
            return
    pytest.fail("no position with both sides on the map")


def test_areas_and_units_carry_their_names_for_readers() -> None:
    root = ET.fromstring(rendered(3, "greek"))
    cell = root.find(".//*[@data-ref='a:H8']")
    assert cell is not None and cell.attrib["aria-label"] == "H8 (the Wall, its gate)"
    units = [el for el in root.iter() if el.attrib.get("data-ref", "").startswith("u:")]
    assert units and all(el.attrib.get("aria-label") for el in units)


def test_action_labels_name_units_and_places() -> None:
    legal = ["place spartans-1 G9 W", "deploy standard", "end movement"]
    assert web.action_labels({}, legal) == [
        "Place spa1 in G9 (west of the Wall), facing W",
        "Standard deployment: set up every unit still to place (6.0, G44)",
        "End this Movement Segment (8.1)",
    ]


# =================================================================================== action refs
def test_action_refs_by_kind() -> None:
    legal = [
        "place spartans-1 H8 W",
        "move spartans-2 H8 W",
        "move spartans-2 H7 N",
        "attack spartans-2 G8 from H8",
        "attack spartans-2 G7 from H8",
        "attack spartans-2 G7 from H7",
        "fire malians-10 G8",
        "detach spartans-3",
        "end movement",
        "retreat G8",
        "feint G8",
        "stand G8",
        "guard thespians",
        "commit dahae",
        "end fire",
    ]
    assert web.action_refs({}, legal) == [
        ["a:H8", "f:W"],
        ["u:spartans-2", "a:H8", "f:W"],
        ["u:spartans-2", "a:H7", "f:N"],
        ["u:spartans-2", "a:G8"],
        ["u:spartans-2", "a:G7", "a:H8"],
        ["u:spartans-2", "a:G7", "a:H7"],
        ["u:malians-10", "a:G8"],
        [], [], [], [], [], [], [], [],
    ]


def test_action_refs_of_real_positions() -> None:
    for snap in snapshots():
        if snap.actor is not None:
            _check_refs(snap)


def _check_refs(snap: Snapshot) -> None:
    view = snap.views[snap.actor]
    seqs = web.action_refs(view, snap.legal)
    assert len(seqs) == len(snap.legal)
    refs = refs_of(web.render_board(view))
    for seq in seqs:
        for ref in seq:
            assert ref in refs or ref in FACING_REFS, f"{snap.label}: {ref} not on the board"
    complete = [tuple(s) for s in seqs if s]
    assert len(set(complete)) == len(complete), "two actions share a click sequence"
    starts = {s[:k] for s in complete for k in range(1, len(s))}
    assert not set(complete) & starts, "a complete click sequence is the start of another"


# ====================================================================================== describe
@pytest.mark.parametrize("index", [0, 3, 9])
def test_describe(index: int) -> None:
    view = snapshots()[min(index, len(snapshots()) - 1)].views["greek"]
    d = web.describe(view)
    json.dumps(d)
    for key in ("now", "prompt", "victory_points", "army", "contingents", "ephialtes", "log"):
        assert key in d
    # what matters now in words (issue 11): the day and round, the phase with its rule, whose move; no view ids
    assert d["now"][0] == f"Day {view['day']}, Action Round {view['round']} of series {view['series']}"
    assert d["now"][1] == f"{web.PHASES[view['phase']]} ({view['rule'].rsplit(' / ', 1)[-1]})"
    assert d["now"][2:] == ([f"To move: {', '.join(web.SIDES[r] for r in view['active'])}"] if view["active"] else [])
    assert d["victory_points"] == {web.SIDES[k]: v for k, v in view["vp"].items()}
    assert {a["side"] for a in d["army"]} == {"greek", "persian"}
    assert {c["id"] for c in d["contingents"]} == set(view["tracks"]["contingents"])
    assert len(d["log"]) <= web.LOG_LINES
