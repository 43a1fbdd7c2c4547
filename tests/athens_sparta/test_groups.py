"""Athens & Sparta's long action lists under foldable headings (issue 11 "fewer clicks"; web.action_groups, sent to
the page as ViewOut.groups as Sparta vs. Athens's purchases are): the Replacement Phase (8.0) offers 80-100 actions,
listed as one heading a reserve block's builds (8.3, a button a city), one heading the steps added (8.2) and one the
disbandings to the Replacement Pool (8.6), a button a block; "Done" and short lists stand on their own."""

from __future__ import annotations

from typing import Any

import pytest

import polemos
from polemos.core.log import translate_line
from polemos.core.rng import Rng
from polemos.games.athens_sparta import web
from polemos.i18n import page_words

AS = "athens-and-sparta"
# (options, seed): random games (choices drawn by Rng(seed)) whose first Replacement Phase offers 80 actions or more
GAMES: tuple[tuple[dict[str, Any], int], ...] = (({}, 1), ({"edition": "first"}, 2))


def _first(options: dict[str, Any], seed: int, kind: str) -> tuple[dict[str, Any], list[str]]:
    """The view and legal actions of the first decision of ``kind`` the random game meets."""
    s = polemos.game(AS).new(seed, options=dict(options))
    rng = Rng(seed)
    for _ in range(600):
        roles = [r for r in s.active_roles() if s.legal_actions(r)]
        role = roles[0] if len(roles) == 1 else rng.choice(roles)
        legal = s.legal_actions(role)
        if str((getattr(s, "pending", None) or {}).get("kind")) == kind:
            return s.view(role), legal
        s.apply(role, rng.choice(legal))
    raise AssertionError(f"no {kind} decision in 600 steps")


@pytest.mark.parametrize(("options", "seed"), GAMES, ids=["current", "first"])
def test_8_0_replacement_phase_groups_cover_every_action_once(options: dict[str, Any], seed: int) -> None:
    view, legal = _first(options, seed, "replace")
    assert len(legal) >= 80
    groups = web.action_groups(view, legal)
    labels = web.action_labels(view, legal)
    assert len(groups) == len(legal)  # one entry an action: each listed once, under one heading or on its own
    first = options.get("edition") == "first"
    by_head: dict[str, list[int]] = {}
    for i, g in enumerate(groups):
        if g is not None:
            head, short = g
            by_head.setdefault(head, []).append(i)
            # the button's word says what its label says: the city built in, or where the block stands and the block
            parts = short.removeprefix("In ").split(": ", 1) if short.startswith("In ") else [short]
            assert all(p in labels[i] for p in parts), (legal[i], g, labels[i])
    alone = [legal[i] for i, g in enumerate(groups) if g is None]
    assert "done" in alone  # 8.0: "Done" stands on its own
    # every build (8.3) of a block built in three cities or more is under its block's heading, a button a city named
    # by the city; a block built in one city only (its home, ATHENS Hoplites 1) stands on its own
    builds: dict[str, int] = {}
    for action in legal:
        if action.startswith("build "):
            builds[action.split()[1]] = builds.get(action.split()[1], 0) + 1
    assert max(builds.values()) >= web.GROUP_MIN
    for i, action in enumerate(legal):
        verb, *args = action.split()
        if verb == "build" and builds[args[0]] >= web.GROUP_MIN:
            g = groups[i]
            assert g == [f"Build {web.display_names()[args[0]]} ({'1st 8.3' if first else '8.3'}), in:", args[1]]
        elif verb == "build":
            assert groups[i] is None
    # a heading holds three actions or more (GROUP_MIN), all of one verb (and one block for builds), and no two
    # buttons under it say the same
    for head, members in by_head.items():
        assert len(members) >= web.GROUP_MIN, head
        assert len({legal[i].split()[0] for i in members}) == 1, head
        if legal[members[0]].startswith("build "):
            assert len({legal[i].split()[1] for i in members}) == 1, head
        shorts = [(groups[i] or ["", ""])[1] for i in members]
        assert len(set(shorts)) == len(shorts), head
    # far fewer lines to read than buttons: the builds of ~6 blocks over ~11 cities fold into ~6 headings
    assert len(by_head) + len(alone) <= len(legal) // 4
    disbands = [i for i, a in enumerate(legal) if a.startswith("disband ")]
    if len(disbands) >= web.GROUP_MIN:
        rule = "1st 8.6" if first else "8.6"
        assert {(groups[i] or [""])[0] for i in disbands} == {f"Disband to the Replacement Pool ({rule}):"}


@pytest.mark.parametrize(("options", "seed"), GAMES, ids=["current", "first"])
def test_8_0_group_headings_and_buttons_read_in_spanish(options: dict[str, Any], seed: int) -> None:
    """The page looks each heading and button word up in the page's words (page_words): every heading is Spanish
    (Construir / Disolver / Añadir, the first-edition rulebook's words), and so is every block's button; a city's
    button is its Spanish name (MILETO), a name alike in both (CHIOS) stays."""
    view, legal = _first(options, seed, "replace")
    groups = [g for g in web.action_groups(view, legal) if g is not None]
    words = page_words({"groups": groups}, "es")
    heads = {g[0] for g in groups}
    assert heads and all(h in words for h in heads), sorted(h for h in heads if h not in words)
    for head in heads:
        assert words[head].split()[0] in ("Construir", "Disolver", "Añadir"), words[head]
        assert "Replacement Pool" not in words[head] and "Build" not in words[head]
    for _, short in groups:
        if short.startswith("In "):  # where a block stands and the block
            assert short in words and words[short].startswith("En "), short
            assert not any(w in words[short] for w in ("Hoplites", "Navy", "Peltasts", "Cavalry", " at ")), words[short]
        else:  # a city
            assert translate_line(short, "es") == words.get(short, short)
    assert words.get("MILETUS", "MILETO") == "MILETO"


@pytest.mark.parametrize(("options", "seed"), GAMES, ids=["current", "first"])
def test_4_0_move_phase_groups_a_blocks_moves_and_the_revolts(options: dict[str, Any], seed: int) -> None:
    """The Move Phase's menu (50-70 actions) under headings: a block's moves (4.4 operation, 4.51 march, 4.52 sea;
    1st 4.3, 4.4) under the block by where it stands and its face, a button the kind of move; the revolts sponsored
    (7.0) under one heading, a button a city; End and a block with one move on their own. Every action listed once;
    in Spanish every heading and button reads the Spanish rulebook's words."""
    view, legal = _first(options, seed, "move")
    assert len(legal) >= 40
    first = options.get("edition") == "first"
    groups = web.action_groups(view, legal)
    labels = web.action_labels(view, legal)
    assert len(groups) == len(legal)
    faces = {str(b["id"]): b for b in view["blocks"] if "id" in b}
    rules = {"op": "1st 4.3", "march": "1st 4.4", "sea": "1st 4.4"} if first else {
        "op": "4.4", "march": "4.51", "sea": "4.52"}
    moves: dict[str, int] = {}
    for action in legal:
        verb, *args = action.split()
        if verb in rules:
            moves[args[0]] = moves.get(args[0], 0) + 1
    assert max(moves.values()) >= 2
    for i, action in enumerate(legal):
        verb, *args = action.split()
        g = groups[i]
        if verb in rules and moves[args[0]] >= web.MOVE_GROUP_MIN:
            face = faces[args[0]]
            assert g == [f"In {face['location']}: {web.block_name(face)}",
                         {"op": "Operation", "march": "March", "sea": "Sea"}[verb] + f" move ({rules[verb]})"]
            assert g[1] in labels[i] and web.block_name(face) in labels[i]  # the whole label keeps both
        elif verb == "revolt":
            assert g == [f"Sponsor a revolt (1 MP, {'1st 7.0' if first else '7.0'}) in:", args[0]]
        else:
            assert g is None, action
    assert groups[legal.index("end")] is None
    heads = {g[0] for g in groups if g is not None}
    alone = sum(1 for g in groups if g is None)
    assert len(heads) + alone <= len(legal) // 2  # far fewer lines than buttons (68 -> 27, 55 -> 22)
    words = page_words({"groups": [g for g in groups if g is not None]}, "es")
    for g in groups:
        if g is None:
            continue
        assert g[0] in words and words[g[0]].split()[0] in ("En", "Financiar"), g[0]
        if g[1] in rules.values() or " move (" in g[1]:
            assert words[g[1]].startswith("Movimiento "), g[1]


@pytest.mark.parametrize("kind", ["combat", "card"])
def test_short_lists_stay_flat(kind: str) -> None:
    """Outside the Replacement Phase and the Move Phase's menu nothing is grouped (5.0 battles, the Card Phase's
    plays: the list stays as it was)."""
    view, legal = _first({}, 1, kind)
    assert web.action_groups(view, legal) == [None] * len(legal)
