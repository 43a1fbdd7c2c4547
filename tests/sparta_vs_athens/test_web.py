"""The browser table's web module: the board with every locale clickable, click refs, the side panel."""

from __future__ import annotations

import random
import re

from polemos.games.sparta_vs_athens import names, web
from tests.sparta_vs_athens.engine import new


def test_the_board_makes_every_locale_clickable_and_shows_both_sides_strength() -> None:
    s = new(seed=4)
    svg = web.render_board(s.view("athens"))
    refs = set(re.findall(r'data-ref="l:([a-z_]+)"', svg))
    assert refs == {loc.id for loc in s.comp.locales}
    assert ">A 21L<" in svg  # Athens: two 6s, a 4, cavalry 3 and archers 2 (16.2)
    assert svg.count("<svg") == 1 and svg.rstrip().endswith("</svg>")


def test_3_2_action_refs_click_the_locale_an_action_names_several_at_one_locale_share_it() -> None:
    legal = ["march eleusis", "march megara", "sail megara", "stop", "place cleon at athens",
             "buy delos-hoplites at abdera", "buy samian-squadron at abdera", "take delos-hoplites#1"]
    assert web.action_refs({}, legal) == [["l:eleusis"], ["l:megara"], ["l:megara"], [], ["l:athens"],
                                          ["l:abdera"], ["l:abdera"], []]


def test_the_panel_names_the_tracks_and_the_decision_along_a_game() -> None:
    s = new(seed=6)
    r = random.Random(6)
    for _ in range(200):
        if s.outcome() is not None:
            break
        role = s.active_roles()[0]
        panel = web.describe(s.view(role))
        assert panel["prompt"].startswith(role.capitalize() + ": ")
        assert panel["treasury"] == {"Athens": s.treasury[0], "Sparta": s.treasury[1]}
        legal = s.legal_actions(role)
        assert len(web.action_refs(s.view(role), legal)) == len(legal)
        s.apply(role, r.choice(legal))


def test_the_panel_says_plainly_which_rules_are_ours_in_english_and_spanish() -> None:
    from polemos.i18n import page_words

    panel = web.describe(new(seed=1).view("athens"))
    assert panel["whose rules"] == web.OURS
    assert "1.1-3.2" in web.OURS and "Polemos' own design" in web.OURS and "DESIGN.md" in web.OURS
    spanish = page_words(panel, "es")[web.OURS]
    assert spanish.startswith("Solo sobreviven las secciones 1.1-3.2") and "DESIGN.es.md" in spanish
    assert page_words({"k": "Whose rules"}, "es") == {"Whose rules": "De quién son las reglas"}


def _purchase_phase() -> tuple[dict[str, object], list[str]]:
    """A position of the Purchase Phase (3.2 2a): random play from a fixed seed until a side may buy."""
    s = new(seed=3)
    r = random.Random(3)
    for _ in range(600):
        role = s.active_roles()[0]
        legal = s.legal_actions(role)
        if sum(a.startswith("buy ") for a in legal) > 50:
            return s.view(role), legal
        s.apply(role, r.choice(legal))
    raise AssertionError("no Purchase Phase reached")


def test_3_2_the_page_lists_a_units_purchases_under_one_heading_as_the_terminal_does() -> None:
    from polemos.games.sparta_vs_athens import text
    from polemos.i18n import page_words

    view, legal = _purchase_phase()
    pairs = web.action_groups(view, legal)
    assert len(pairs) == len(legal)
    heads = [p[0] if p else None for p in pairs]
    for action, pair in zip(legal, pairs, strict=True):  # a button under its heading says its place
        assert pair is None or pair[1] == names.locale(action.split()[3], names.of(view))
    for action, head in zip(legal, heads, strict=True):
        words = action.split()
        places = sum(a.split()[:2] == words[:2] for a in legal)
        if words[0] == "buy" and places >= web.GROUP_MIN:  # "buy <unit> at <locale>": under its unit's heading
            assert head is not None and head.startswith("buy ") and head.endswith(("talents (3.2 2a), at:",
                                                                                    "1 talent (3.2 2a), at:")), head
        elif words[0] != "place" or places < web.GROUP_MIN:  # one or two places: on their own, as the terminal
            assert head is None, action
    shown = {h for h in heads if h}
    assert 3 <= len(shown) < len(legal) / 10  # ~200 buttons as a few headings
    menu = "\n".join(text.action_menu(view, legal))
    assert all(h in menu for h in shown)  # the terminal's paragraphs (text.action_menu, DESIGN 3.2)
    spanish = page_words({"groups": heads}, "es")
    assert all(spanish[h].startswith("comprar ") for h in shown)


def test_3_2_one_talent_is_said_in_the_singular_on_buttons_headings_and_the_terminal() -> None:
    """Issue 11: a unit of strength 1 costs "1 talent", never "1 talents" (3.2 2a), on its buttons, its heading and the
    terminal's paragraph, and in Spanish "1 talento"; so does paying 1 talent of maintenance and a siege of 1 winter."""
    from polemos.games.sparta_vs_athens import text
    from polemos.i18n import page_words, translate_text, use

    view, legal = _purchase_phase()
    comp = names.of(view)
    labels = names.action_labels(view, legal)
    heads = [p[0] for p in web.action_groups(view, legal) if p]
    said = labels + heads + text.action_menu(view, legal)
    assert not [w for w in said if re.search(r"\b1 talents\b", w)]
    cheap = [lb for a, lb in zip(legal, labels, strict=True) if a.startswith("buy ")
             and comp.units[comp.unit_index[a.split()[1]]].strength == 1]
    assert cheap and all(" for 1 talent at " in lb for lb in cheap)
    unit = next(ut.id for ut in comp.units if ut.strength == 1)  # a heading over three places of a 1-talent unit
    three = [f"buy {unit} at {where}" for where in ("athens", "piraeus", "thebes")]
    head = web.action_groups(view, three)[0]
    assert head is not None and head[0].endswith(" for 1 talent (3.2 2a), at:"), head
    spanish = page_words({"labels": cheap, "groups": [head[0]]}, "es")
    assert all(" por 1 talento en " in spanish[lb] for lb in cheap)
    assert spanish[head[0]].endswith(" por 1 talento (3.2 2a), en:")
    assert names.action_label(view, "pay 1") == "pay 1 talent of maintenance (3.2 2a)"
    assert names.action_label(view, "pay 3") == "pay 3 talents of maintenance (3.2 2a)"
    assert translate_text("pay 1 talent of maintenance (3.2 2a)", "es") == "pagar 1 talento de mantenimiento (3.2 2a)"
    assert "for 1 talent (3.2 2a), at:" in "\n".join(text.action_menu(view, three))
    with use("es"):
        assert "por 1 talento (3.2 2a), en:" in "\n".join(text.action_menu(view, three))
    assert translate_text("besieged by Sparta (1 winter)", "es") == "asediado por Esparta (1 invierno)"


def test_3_2_a_units_two_purchases_stay_on_their_own() -> None:
    legal = ["buy athenian-hoplites at athens", "buy athenian-hoplites at piraeus", "place cleon at athens",
             "place cleon at piraeus", "place cleon at naupactus", "done"]
    heads = [p[0] if p else None for p in web.action_groups(new(seed=1).view("athens"), legal)]
    assert heads[:2] == [None, None] and heads[-1] is None
    assert heads[2] == heads[3] == heads[4] and heads[2] is not None and heads[2].startswith("place ")


def test_the_panel_gives_the_maps_key_in_words_readable_at_any_zoom() -> None:
    from polemos.i18n import page_words

    panel = web.describe(new(seed=1).view("athens"))
    key = panel["legend"]
    assert key[0] == web.PIECES_KEY and "Port (7.16)" in key and "Land path (2.1)" in key
    spanish = page_words({"legend": key}, "es")
    assert all(line in spanish for line in key)  # every line reads in Spanish


def test_pieces_words_set_a_line_or_more_away_are_tied_to_their_locale_by_a_leader_line() -> None:
    """Issue 11: the pieces' words (strengths, flags, leaders) may stand up to four lines from a crowded locale
    (web._spot); set a line or more away, a thin line runs from the locale's symbol to them; beside it, none."""
    from polemos.core.rng import Rng
    from polemos.games.sparta_vs_athens.svg import _layout

    assert web._leader(0.0, 0.0, (-10.0, 9.0, 10.0, 20.0)) == ""  # under the symbol
    assert web._leader(0.0, 0.0, (12.0, -5.0, 40.0, 6.0)) == ""  # right of it
    far = web._leader(0.0, 0.0, (-10.0, 31.0, 10.0, 42.0))  # two lines down
    assert 'x1="0.0" y1="11.0" x2="0.0" y2="31.0"' in far
    s = new(seed=1)
    chooser = Rng(200)
    for _ in range(200):
        role = s.active_roles()[0]
        s.apply(role, chooser.choice(s.legal_actions(role)))
    board = web.render_board(s.view(s.active_roles()[0]), None)
    group = re.search(r'<g class="leader-lines" pointer-events="none">(.*?)</g>', board)
    assert group is not None and board.index(group.group(0)) < board.index('<g class="pieces"')  # under the words
    ends = re.findall(r'x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)"', group.group(1))
    assert ends
    at = _layout(names.of(s.view("athens"))).at
    for x1, y1, x2, y2 in ((float(v) for v in e) for e in ends):
        near = min(at, key=lambda p: (p[0] - x1) ** 2 + (p[1] - y1) ** 2)
        assert abs(((near[0] - x1) ** 2 + (near[1] - y1) ** 2) ** 0.5 - 11.0) < 0.2  # from a symbol's edge
        assert ((near[0] - x2) ** 2 + (near[1] - y2) ** 2) ** 0.5 > web.LEADER_FROM
