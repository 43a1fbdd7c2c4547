"""Sea control in sight (issue 13, RULINGS FE42): every view says who holds the sea at each port (1st 6.5,
current 4.2), the board draws it under the port's anchor with a key, the terminal lists it at the straits and
wherever it is not the city's holder's; it is the snapshot the rules apply (1st 1.5 FE2 crossing, FE4
retreats; 6.6 blockades; 6.7 patrols), built from public facts only."""

from __future__ import annotations

import re
from typing import Any

import pytest

import polemos
from polemos import i18n
from polemos.core.rng import Rng
from polemos.games.athens_sparta import text, web
from polemos.games.athens_sparta.common import _retreat_ok, update_control
from polemos.games.athens_sparta.model import ATHENS, SPARTA
from polemos.games.athens_sparta.state import POOL, AthensSpartaState

from .helpers import FIRST, act, at_phase, bid, capitals_board, hex_of, place, set_owner

S = AthensSpartaState
STRAITS = {"CORCYRA", "LEUCAS", "NAUPACTUS", "MARATHON", "CHIOS", "ABYDOS", "EPHESUS", "HALICARNASSUS"}


def sea(view: dict[str, Any], city: str) -> str:
    entry = next(c for c in view["cities"] if c["name"] == city)
    return str(entry["sea"])


def test_1st_6_5_every_port_says_who_holds_its_sea_in_every_view() -> None:
    """FE42: each port city's entry has ``sea`` (and ``strait``); non-ports have neither. At the start POTIDAEA is
    Sparta's, besieged and blockaded by Athens (sidebar "Puntos de Producción"): its sea is Athens's (1st 6.5:
    "unless the attacker has a navy blockading it"), the same for both roles and the spectator; the strait hexes
    of the map are the eight port cities flagged ``strait``."""
    for options in (FIRST, None):
        s = polemos.game("athens-and-sparta").new(3, options=options)
        views = [s.view(r) for r in ("athens", "sparta", None)]
        for v in views:
            for c in v["cities"]:
                assert ("sea" in c) == c["port"] == ("strait" in c), c["name"]
            assert {c["name"] for c in v["cities"] if c.get("strait")} == STRAITS
            pot = next(c for c in v["cities"] if c["name"] == "POTIDAEA")
            assert pot["controller"] == "sparta" and pot["blockaded"] and pot["sea"] == "athens"
            assert sea(v, "ATHENS") == "athens" and sea(v, "CORINTH") == "sparta" and sea(v, "MARATHON") == "none"
        assert views[0]["cities"] == views[1]["cities"] == views[2]["cities"]


def test_1st_1_5_fe2_the_sea_shown_is_the_one_that_forbids_crossing() -> None:
    """1st 1.5 and the "Estrechos" sidebar (FE2): the view's sea at EPHESUS is Sparta's exactly when the army at
    SAMOS may not cross into it; Athens's when it may."""
    for owner, may in ((SPARTA, False), (ATHENS, True)):
        s = capitals_board(FIRST)
        set_owner(s, "SAMOS", ATHENS)
        set_owner(s, "EPHESUS", owner)
        place(s, "ATH-HOP-2", "SAMOS", 3)
        at_phase(s, ATHENS, "move", 3)
        assert sea(s.view("athens"), "EPHESUS") == ("sparta" if owner == SPARTA else "athens")
        act(s, "athens", "op ATH-HOP-2")
        act(s, "athens", "to EPHESUS")
        assert ("stop" in s.legal_actions("athens")) == may


def test_1st_6_6_a_blockade_gives_the_sea_to_the_blockader_and_fe4_retreats_follow_it() -> None:
    """1st 6.5, 6.6 (FE4, FE42): Athenian NAUPACTUS (a strait hex) with its peltast within the walls and a Spartan
    navy outside is blockaded: its sea is Sparta's in every view, so an Athenian army may not retreat into it,
    a Spartan one may."""
    s = capitals_board(FIRST)
    set_owner(s, "NAUPACTUS", ATHENS)
    place(s, "ATH-PEL-1", "NAUPACTUS", 2, inside=True)
    place(s, "SPA-NAV-1", "NAUPACTUS", 2)
    at_phase(s, SPARTA, "move", 3)
    for role in ("athens", "sparta", None):
        entry = next(c for c in s.view(role)["cities"] if c["name"] == "NAUPACTUS")
        assert entry["controller"] == "athens" and entry["blockaded"] and entry["sea"] == "sparta"
    h = hex_of(s, "NAUPACTUS")
    assert not _retreat_ok(s, ATHENS, h)
    assert _retreat_ok(s, SPARTA, h)


def test_1st_6_7_a_patrol_keeps_its_sides_sea_and_contested_when_both_stand_outside() -> None:
    """1st 6.7 (FE12, FE39, FE42): a navy patrolling Athenian AEGINA beside Spartan land blocks keeps Athens's sea
    there; with both sides' land blocks outside the walls and no patrol the sea is contested."""
    s = capitals_board(FIRST)
    set_owner(s, "AEGINA", ATHENS)
    nav = place(s, "ATH-NAV-1", "AEGINA", 2)
    place(s, "SPA-HOP-8", "AEGINA", 3)
    s.patrol = [nav]
    update_control(s)
    s.reset_caches()
    assert sea(s.view("sparta"), "AEGINA") == "athens"
    s.patrol = []
    place(s, "ATH-HOP-2", "AEGINA", 2)
    s.loc[nav] = POOL
    update_control(s)
    s.reset_caches()
    assert sea(s.view("sparta"), "AEGINA") == "contested"


def test_4_2_the_sea_shown_is_the_phase_snapshot_not_where_blocks_stand_now() -> None:
    """4.2 (1st 4.2: "el control de los hexes cambia al final de cada Fase"; FE42): a Spartan navy that sails to
    blockade a port during the Move Phase holds its sea only from the end of the Phase; the view shows the sea the
    rules apply now."""
    s = capitals_board(FIRST)
    set_owner(s, "AEGINA", ATHENS)
    place(s, "ATH-HOP-2", "AEGINA", 2, inside=True)
    place(s, "SPA-NAV-1", "CORINTH", 2)
    set_owner(s, "CORINTH", SPARTA)
    at_phase(s, SPARTA, "move", 3)
    b = bid(s, "SPA-NAV-1")
    s.loc[b] = hex_of(s, "AEGINA")  # as if it had sailed there this Phase
    s.reset_caches()
    assert sea(s.view("athens"), "AEGINA") == "athens"
    update_control(s)  # the Phase ends
    s.reset_caches()
    assert sea(s.view("athens"), "AEGINA") == "sparta"


@pytest.mark.parametrize("edition", ["first", "second"])
def test_fe42_sea_control_depends_on_nothing_hidden(edition: str) -> None:
    """FE42, secrets: over random games of either edition, the cities a role sees (sea control included) are the
    same in every hidden variant of the state for that role (the opponent's upright blocks and cards dealt
    again): sea control never depends on a hidden block's identity."""
    game = polemos.game("athens-and-sparta")
    rng = Rng(42)
    for seed in (5, 6):
        s = game.new(seed, options={"edition": edition})
        for step in range(260):
            if s.outcome() is not None:
                break
            if step % 20 == 0:
                for role in ("athens", "sparta"):
                    mine = s.view(role)["cities"]
                    for variant in game.hidden_variants(s, role, rng)[:3]:
                        assert variant.view(role)["cities"] == mine
            role = rng.choice([r for r in s.active_roles() if s.legal_actions(r)])
            s.apply(role, rng.choice(s.legal_actions(role)))


def test_fe42_board_draws_a_badge_per_held_port_and_a_key() -> None:
    """FE42: the board draws under each port's anchor a badge of the side holding its sea (Athens round, Sparta
    square: as their blocks; contested split; nobody's none), and the key names them with the edition's rule."""
    for options, rule in ((FIRST, "1st 6.5"), (None, "4.2")):
        s = polemos.game("athens-and-sparta").new(3, options=options)
        view = s.view("athens")
        board = web.render_board(view)
        held = [c["sea"] for c in view["cities"] if c.get("sea") in ("athens", "sparta", "neutral", "persia")]
        contested = sum(c.get("sea") == "contested" for c in view["cities"])
        # the map's badges plus the key's four samples (Athens, Sparta, contested: two halves; nobody: none)
        assert len(re.findall(r'class="[^"]*asSea"', board)) == len(held) + 2 * contested + 4
        assert board.count('class="asPt asPtW"') == len(held) + contested + 3
        for label in (f"sea held by Athens ({rule})", f"sea held by Sparta ({rule})", f"sea contested ({rule})",
                      f"no badge: nobody's sea ({rule})"):
            assert f">{label}</text>" in board


def test_fe42_terminal_lists_the_straits_and_the_ports_held_otherwise_in_english_and_spanish() -> None:
    """FE42: the terminal names the sea control of the eight straits and of POTIDAEA (Athens's sea at a Spartan
    city), in English and in Spanish (the rulebook's "control del mar")."""
    s = polemos.game("athens-and-sparta").new(3, options=FIRST)
    screen = text.render(s.view("athens"))
    assert "Sea control at the straits (1st 1.5, 6.5):" in screen and "MARATHON nobody" in screen
    assert "Sea not held by the city's holder (1st 6.5): POTIDAEA Athens" in screen
    with i18n.use("es"):
        screen = text.render(s.view("athens"))
    flat = " ".join(screen.split())
    assert "Control del mar en los estrechos (1.ª ed. 1.5, 6.5):" in flat and "MARATÓN nadie" in flat
    assert "Mar no controlado por quien tiene la ciudad (1.ª ed. 6.5): POTIDAEA Atenas" in flat
    screen = text.render(polemos.game("athens-and-sparta").new(3).view("sparta"))
    assert "Sea control at the straits (4.2):" in screen


def test_1st_8_1_event_cards_cite_the_first_editions_rules_and_pp() -> None:
    """RULINGS FE27 (issue 13): in a first-edition game the event cards speak its rules — PP, never BP; 1st 8.1's
    limit of 2x a major city's value (8 PP in ATHENS or SPARTA), not the current 3x; its numbers for sea moves (1st
    4.4), storming (1st 5.54) and Siege Attrition (1st 5.59) — in English and in Spanish; the current rules' cards
    are unchanged."""
    from polemos.core.log import translate_line
    from polemos.games.athens_sparta.view import FIRST_CARD_TEXTS, _card

    first, second = polemos.game("athens-and-sparta").new(3, options=FIRST), polemos.game("athens-and-sparta").new(3)
    assert isinstance(first, AthensSpartaState) and isinstance(second, AthensSpartaState)
    events = [c for c in range(len(first.comp.cards)) if first.comp.cards[c].event]
    shown = {first.comp.cards[c].event: _card(first, c)["text"] for c in events}
    assert len([c for c in events if _card(first, c)["text"] in FIRST_CARD_TEXTS.values()]) == 6
    for c in events:
        text = _card(first, c)["text"]
        assert not re.search(r"\bBPs?\b", text) and "3x" not in text, text
        assert not re.search(r"\((?:4\.52|5\.41|6\.0)[;)]", text), text
        es = translate_line(text, "es")
        assert es != text and "BP" not in es and "3 veces" not in es, es
        assert _card(second, c)["text"] == second.comp.cards[c].text
    every = " ".join(_card(first, c)["text"] for c in events)
    assert "(2x a major city's value, 8 PP in ATHENS or SPARTA, 1 PP in a minor city)" in every
    assert "1st 5.54" in shown["betrayal"] and "1st 4.4" in shown["storm"] and "1st 5.59" in shown["plague"]
