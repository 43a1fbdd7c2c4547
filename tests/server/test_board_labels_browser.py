"""The boards' words never overlap, in English or in Spanish (issue 11), measured in real headless Chromium.

A board is drawn once, in English, and the page swaps each of its words for the translation the server
sends with it (``polemos.i18n.page_words`` of ``board_texts``; app.js swaps every ``text``, ``tspan`` and
``title``). Here the same swap is done on the SVG in a bare page, at a desktop's and a phone's width, and
every label's box (the text's middle band: its ascenders and descenders may share a line's leading) is
checked against every other label, the key's swatches and counters, the board's edges and the Ephialtes
Box. The positions are random playouts' (seeded) at several stages. Screenshots at fit width, in both
languages, go to ``screenshots/labels-*.png`` (git-ignored).
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

import polemos
from polemos import i18n
from polemos.core.rng import Rng
from tests.server.browser_helpers import SHOTS, Pages, playwright, show_board

playwright()  # skips the module without Playwright or Chromium; pages: conftest.py

# each label's box in the board's own units; a counter's inner words (.u) are the counter's and are left out
OVERLAPS = """sel => {
  const svg = document.querySelector('svg');
  const vb = svg.viewBox.baseVal;
  const root = svg.getScreenCTM();
  const boxes = [...svg.querySelectorAll(sel)].filter(e => e.tagName !== 'text' || e.textContent.trim()).map(e => {
    const b = e.getBBox(), m = e.getScreenCTM(), k = m.a / root.a, text = e.tagName === 'text';
    const x = (m.e - root.e) / root.a + b.x * k, y = (m.f - root.f) / root.a + b.y * k;
    return { what: text ? e.textContent : `${e.tagName} at ${Math.round(x)},${Math.round(y)}`, text,
             box: !!e.closest('.ephialtes'), x, y: y + (text ? 0.2 * b.height * k : 0), w: b.width * k,
             h: b.height * k * (text ? 0.6 : 1) };
  });
  const frame = svg.querySelector('.ephialtes > rect');
  const r = frame ? frame.getBBox() : null;
  const out = [];
  boxes.forEach((a, i) => {
    // the boxes are in the board's own units (the root's CTM maps them), so its edges are the viewBox's own
    // (A&S's starts at y 20)
    if (a.x < vb.x - 0.5 || a.x + a.w > vb.x + vb.width + 0.5 || a.y + a.h > vb.y + vb.height + 0.5)
      out.push(`off the board: ${a.what}`);
    if (r && a.text && !a.box && a.x + a.w > r.x && a.x < r.x + r.width && a.y + a.h > r.y && a.y < r.y + r.height)
      out.push(`into the Ephialtes Box: ${a.what}`);
    if (r && a.box && a.x + a.w > r.x + r.width) out.push(`out of the Ephialtes Box: ${a.what}`);
    for (const b of boxes.slice(i + 1)) {
      const ix = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
      const iy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
      if (ix > 1 && iy > 0 && (a.text || b.text)) out.push(`${a.what} | ${b.what}`);
    }
  });
  return out;
}"""

# Athens & Sparta: every word but the hex numbers (.asLb: faint, under the names by design) and a block's own
# words (.asBl: the block's), both editions (the first edition's map differs: RULINGS FE26)
AS_WORDS = "text:not(.asLb text):not(.asBl text)"
# the board's name, the game, its package, its options, the elements whose boxes may not meet, the playout lengths
BOARDS: tuple[tuple[str, str, str, dict[str, str], str, tuple[int, ...]], ...] = (
    ("go-tell-the-spartans", "go-tell-the-spartans", "thermopylae", {},
     "text:not(.u text), .legend > rect, .legend > g.u", (0, 60, 400)),
    ("peloponnesian-war", "peloponnesian-war", "peloponnesian_war", {}, "text", (0, 120)),
    ("athens-and-sparta", "athens-and-sparta", "athens_sparta", {}, AS_WORDS, (0, 150)),
    ("athens-and-sparta-first", "athens-and-sparta", "athens_sparta", {"edition": "first"}, AS_WORDS, (0, 150)),
)
WIDTHS = {"desktop": 1400, "phone": 390}


def _position(game_id: str, options: dict[str, str], steps: int) -> dict[str, Any]:
    state = polemos.game(game_id).new(1, None, options)
    chooser = Rng(steps)
    for _ in range(steps):
        if state.outcome() is not None:
            break
        role = state.active_roles()[0]
        state.apply(role, chooser.choice(state.legal_actions(role)))
    roles = state.active_roles()
    return dict(state.view(roles[0] if roles else None))


@pytest.mark.parametrize(("name", "game_id", "package", "options", "selector", "stages"), BOARDS,
                         ids=[b[0] for b in BOARDS])
def test_board_labels_do_not_overlap_in_either_language(pages: Pages, name: str, game_id: str, package: str,
                                                        options: dict[str, str], selector: str,
                                                        stages: tuple[int, ...]) -> None:
    web = importlib.import_module(f"polemos.games.{package}.web")
    found: list[str] = []
    SHOTS.mkdir(exist_ok=True)
    page = pages.open()
    for steps in stages:
        svg = web.render_board(_position(game_id, options, steps), None)
        for lang in i18n.LANGUAGES:
            for size, width in WIDTHS.items():
                show_board(page, svg, lang, width)
                found += [f"{name} after {steps} steps, {lang}, {size}: {o}" for o in page.evaluate(OVERLAPS, selector)]
                if steps == stages[1]:
                    page.screenshot(path=str(SHOTS / f"labels-{name}-{lang}-{size}.png"), full_page=True)
    assert found == [], "\n".join(found[:40])


def test_the_check_finds_an_overlap(pages: Pages) -> None:
    """The measure itself: two labels drawn on top of each other, and one run off the board, are found."""
    page = pages.open()
    page.set_content('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100"><text x="10" y="50" '
                     'font-size="20">Persians off the map</text><text x="60" y="55" font-size="20">Medes 22'
                     '</text><text x="250" y="90" font-size="20">Susa 18</text></svg>')
    found = page.evaluate(OVERLAPS, "text")
    assert found == ["Persians off the map | Medes 22", "off the board: Susa 18"]


# Sparta vs. Athens (issue 11): the map is about 3400 units wide, so at fit zoom the page (app.js) gives the board the
# class "far" (below its data-near-scale px per unit): the regions, seas and chief cities in large type, the detail
# hidden; zoomed in, every locale's name. Both are checked: no word meets another or a counter (the locale's symbol,
# the pieces' strength tags, leaders and flags), and at fit zoom on a desktop's board (975 px wide) every name shown
# reads at 9 px or more.
SVA_STAGES = (0, 200)
# (the words checked, the other things they may not meet): at fit the large names against each other, every counter
# and the pieces' words; zoomed, every locale's name, the pieces' words (strengths, leaders, flags) and the key's words
# against each other, the key's swatches and the Delos cities' tribute boxes (2.16)
SVA_FAR = (".sva-far text", ".pieces text, g.locale > circle, g.locale > rect")
SVA_NEAR = (".sva-near text:not(.tribute), .legend text:not(.u):not(.tribute), .pieces text",
            ".legend > rect:not(:first-child), .legend circle, g[data-tribute] rect")
SVA_BOARD_WIDTH = {"desktop": 975, "phone": 374}
MEETS = """([words, others]) => {
  const svg = document.querySelector('svg');
  const vb = svg.viewBox.baseVal;
  const root = svg.getScreenCTM();
  const box = (e, text) => {
    const b = e.getBBox(), m = e.getScreenCTM(), k = m.a / root.a;
    const x = (m.e - root.e) / root.a + b.x * k, y = (m.f - root.f) / root.a + b.y * k;
    return { what: text ? e.textContent : `${e.tagName} at ${Math.round(x)},${Math.round(y)}`, x,
             y: y + (text ? 0.2 * b.height * k : 0), w: b.width * k, h: b.height * k * (text ? 0.6 : 1) };
  };
  const shown = e => e.getClientRects().length > 0 && (e.tagName !== 'text' || e.textContent.trim());
  const ws = [...svg.querySelectorAll(words)].filter(shown).map(e => box(e, true));
  const os = [...svg.querySelectorAll(others)].filter(shown).map(e => box(e, e.tagName === 'text'));
  const out = [];
  const meet = (a, b) => Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > 1
    && Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > 0;
  ws.forEach((a, i) => {
    if (a.x < vb.x - 0.5 || a.x + a.w > vb.x + vb.width + 0.5 || a.y < vb.y - 0.5 || a.y + a.h > vb.y + vb.height + 0.5)
      out.push(`off the board: ${a.what}`);
    for (const b of ws.slice(i + 1)) if (meet(a, b)) out.push(`${a.what} | ${b.what}`);
    for (const b of os) if (meet(a, b)) out.push(`${a.what} | ${b.what}`);
  });
  return out;
}"""
SIZES = """() => {
  const svg = document.querySelector('svg');
  const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return [...svg.querySelectorAll('.sva-far text')]
    .map(e => [e.textContent, parseFloat(e.getAttribute('font-size')) * k]);
}"""


@pytest.mark.parametrize("steps", SVA_STAGES)
def test_sparta_vs_athens_names_read_at_fit_zoom_and_meet_nothing(pages: Pages, steps: int) -> None:
    web = importlib.import_module("polemos.games.sparta_vs_athens.web")
    svg = web.render_board(_position("sparta-vs-athens", {}, steps), None)
    found: list[str] = []
    shown: list[str] = []
    SHOTS.mkdir(exist_ok=True)
    page = pages.open()
    for lang in i18n.LANGUAGES:
        for size, width in SVA_BOARD_WIDTH.items():
            for far in (True, False):
                show_board(page, svg, lang, width if far else width * 4, svg_class="far" if far else "")
                where = f"sparta-vs-athens after {steps} steps, {lang}, {size}, {'fit' if far else 'zoomed'}"
                found += [f"{where}: {o}" for o in page.evaluate(MEETS, list(SVA_FAR if far else SVA_NEAR))]
                if far:
                    sizes = page.evaluate(SIZES)
                    shown += [name for name, _ in sizes]
                    if size == "desktop":
                        found += [f"{where}: {name} drawn at {px:.1f} px" for name, px in sizes if px < 9]
                if steps == SVA_STAGES[-1]:
                    page.screenshot(path=str(SHOTS / f"labels-sparta-vs-athens-{lang}-{size}-"
                                             f"{'fit' if far else 'zoomed'}.png"), full_page=not far)
    assert found == [], "\n".join(found[:40])
    # the fit view names the seas and the chief cities, in both languages (each language's words are swapped in)
    for name in ("Athens", "Sparta", "Syracuse", "AEGEAN SEA", "IONIAN SEA"):
        assert i18n.shown_in(name)[-1] in shown, name


# Athens & Sparta: sieges beside named cities (issue 11). A siege of 4 + 4 blocks in two rows under its city's marker
# stood under the name of a city of the next column (EPIDAURUS between CORINTH's and AEGINA's sieges, with no place
# for the name free); the blocks within the walls now stand small on the city (web._stack). Sieges of CORINTH, AEGINA,
# MEGARA and THEBES at their walls' limits (5.31) with 4 besiegers each, around EPIDAURUS, PLATAEA and ATHENS, in both
# sides' views: no city's name (its letters' middle band) meets a faced block's words or an upright block's face.
AS_SIEGES = ("CORINTH", "AEGINA", "MEGARA", "THEBES")
NAMES_OVER_BLOCKS = """() => {
  const svg = document.querySelector('svg'), root = svg.getScreenCTM();
  // an element's box in the board's units, less ``side`` of its width either side and ``band`` of its height
  const box = (e, side, band, what) => { const b = e.getBBox(), m = e.getScreenCTM(), k = m.a / root.a;
    return { what, x: (m.e - root.e) / root.a + (b.x + side * b.width) * k,
             y: (m.f - root.f) / root.a + (b.y + band * b.height) * k, w: b.width * k * (1 - 2 * side),
             h: b.height * k * (1 - 2 * band) };
  };
  // a text's middle band (its ascenders and descenders may share a line's leading), its whole width
  const names = [...svg.querySelectorAll('.asNames text')].map(e => box(e, 0, 0.2, e.textContent));
  const words = [...svg.querySelectorAll('.asBl text')].map(e => box(e, 0, 0.25, e.textContent));
  // an upright block's face: its square within the rim
  const faces = [...svg.querySelectorAll('.asBl g.asB:not([id]) > use')]
    .map(e => box(e, 0.07, 0.07, 'an upright block'));
  const out = [];
  for (const n of names) for (const w of words.concat(faces)) {
    const ix = Math.min(n.x + n.w, w.x + w.w) - Math.max(n.x, w.x);
    const iy = Math.min(n.y + n.h, w.y + w.h) - Math.max(n.y, w.y);
    if (ix > 0.5 && iy > 0.5) out.push(`${n.what} over ${w.what} at ${Math.round(w.x)},${Math.round(w.y)}`);
  }
  return out;
}"""


def test_athens_and_sparta_names_meet_no_siege_beside_them(pages: Pages) -> None:
    from tests.athens_sparta.sieges import siege_limit, siege_view, walled_cities

    limits = {str(c["name"]): siege_limit(c) for c in walled_cities()}
    found: list[str] = []
    SHOTS.mkdir(exist_ok=True)
    page = pages.open()
    centre = importlib.import_module("polemos.games.athens_sparta.web")._base(None).centre
    (ax, ay), ty = centre["AEGINA"], centre["THEBES"][1]
    for role in ("athens", "sparta"):
        view = siege_view(role, {city: (limits[city], 4) for city in AS_SIEGES})
        svg = importlib.import_module("polemos.games.athens_sparta.web").render_board(view, None)
        for lang in i18n.LANGUAGES:
            for size, width in WIDTHS.items():
                show_board(page, svg, lang, width)
                found += [f"{role}, {lang}, {size}: {o}" for o in page.evaluate(NAMES_OVER_BLOCKS)]
                page.screenshot(path=str(SHOTS / f"labels-as-sieges-{role}-{lang}-{size}-fit.png"), full_page=True)
                half = 260 if size == "desktop" else 100  # zoomed on THEBES, ATHENS, MEGARA, CORINTH and AEGINA
                zoom = f"{ax - half:.0f} {ty - 80:.0f} {2 * half} {ay - ty + 160:.0f}"
                page.evaluate("vb => document.querySelector('svg').setAttribute('viewBox', vb)", zoom)
                page.screenshot(path=str(SHOTS / f"labels-as-sieges-{role}-{lang}-{size}-zoomed.png"))
    assert found == [], "\n".join(found[:40])
