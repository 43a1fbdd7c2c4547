"""Sparta vs. Athens in the browser table: the map with the pieces, clickable locales, the side panel.

``render_board(view, data_dir)`` draws the reconstructed map (``svg.render_svg``) and puts on it, from a
view (the same for every role, RULINGS S9), each locale's strength by side ("A 10L 15N" for Athens' side,
"S ..." for Sparta's; wavering units count their back), its leaders and its markers (F fort, S siege,
V ravaged, a dashed ring where the city changed hands); each locale carries ``data-ref="l:<locale id>"``.
``action_refs`` lets a click on a locale choose an action naming it (march, sail, retreat, a leaderless
move, a revolting city, a purchase or a leader placed there; several at one locale are offered
together); ``describe`` is the side panel;
``action_labels`` the buttons' words. Every piece, place and phase goes by its one display name
(``names.py``, issue 11): a locale's tooltip lists its counters by the names the log and buttons use.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from polemos.core.log import log_lines
from polemos.games.sparta_vs_athens import names
from polemos.games.sparta_vs_athens.data import load_components
from polemos.games.sparta_vs_athens.names import action_labels
from polemos.games.sparta_vs_athens.svg import (
    Box,
    _fmt,
    _layout,
    _overlap,
    detail_boxes,
    legend_words,
    mid_boxes,
    render_svg,
)
from polemos.i18n import N_, shown_width

SIDE_INK = {"athens": "#b3261e", "sparta": "#1d4f91"}  # 2.9: Athens red, Sparta blue (RULINGS S1)
SIDE_TAG = {"athens": "A", "sparta": "S"}
LOG_LINES = 40
#: the action words whose next word is a locale
LOCALE_ACTIONS = ("march", "sail", "retreat", "lesser", "revolt")
#: the action words that end "at <locale>": "buy <unit> at <locale>" (3.2 2a), "place <leader> at <locale>" (3.2 d)
AT_ACTIONS = ("buy", "place")
# a locale's tooltip, drawn in English and shown in the page's language by these templates of the shared
# catalog (polemos.i18n.board_texts, page_words; issue 14): its holder, its strength tags, one line per side
HELD_BY = N_("{locale} — held by {side}")
NO_ONE = N_("no one")
INSIDE = N_("{tag} (in)")
WAVERING = N_("{unit} (wavering)")
# one line per counter, its side first: a list joined by ", " would be read at the " and " of a counter's own name
# ("Sicel and Segestan Levies II, Thurian and Rhegine Hoplites"), the longer template first
# the side panel's plain statement of what is ours (issue 14: "the game's page says plainly which parts are ours")
OURS = N_("Only sections 1.1-3.2 of the S&T 286 rules survive (the components, the year, revenue, tribute, upkeep "
          "and purchases). Everything else (campaigns and leaders, movement, combat, sieges, revolts, prestige, the "
          "Athenian governments, allies and events, scenarios and victory) is Polemos' own design: every rule cited "
          "as DESIGN, written in the game's DESIGN.md, with our readings of the surviving text in its RULINGS.md.")
PIECES_KEY = ("Under a locale: Athens' side (A, red) and Sparta's side (S, blue) in L(and) and N(aval) strength "
              "points; F fort, S siege, V ravaged; dashed ring: the city changed hands.")
# the action list's group headings: the terminal's words (text.action_menu), in the shared catalog
BUY_HEAD = N_("buy {unit} for {n} talents (3.2 2a), at:")
BUY_HEAD_ONE = N_("buy {unit} for 1 talent (3.2 2a), at:")  # one talent (issue 11: never "1 talents")
PLACE_HEAD = N_("place {leader} (3.2 d), at:")
SIDE_LINE = {"athens": N_("{title}\nAthens: {unit}"), "sparta": N_("{title}\nSparta: {unit}"),
             None: N_("{title}\nNot at war: {unit}")}


AROUND = 320.0  # beyond the farthest reach of a locale's words (_spot)


@functools.lru_cache(maxsize=8)
def _base(data_dir: Path | None) -> tuple[str, tuple[tuple[float, float], ...], tuple[tuple[Box, ...], ...],
                                          tuple[tuple[Box, ...], ...]]:
    """The map without pieces, the locales' positions and, for each locale, what stands around it: the symbols and
    the map's words the pieces' words may not meet (svg.detail_boxes), and the middle zoom's names they keep clear of
    where they can (svg.mid_boxes), drawn once per data folder."""
    comp = load_components(data_dir)
    at = _layout(comp).at
    fixed = [(x - 10, y - 10, x + 10, y + 10) for x, y in at] + detail_boxes(comp)
    mid = mid_boxes(comp)

    def near(boxes: list[Box], x: float, y: float) -> tuple[Box, ...]:
        return tuple(b for b in boxes if b[0] < x + AROUND and b[2] > x - AROUND and b[1] < y + AROUND
                     and b[3] > y - AROUND)

    return render_svg(comp), tuple(at), tuple(near(fixed, x, y) for x, y in at), tuple(near(mid, x, y) for x, y in at)


LINE = 11.0  # a line of the pieces' words (font-size 10)


def _spot(x: float, y: float, w: float, h: float, taken: Iterable[Box],
          rather: Iterable[Box] = ()) -> tuple[float, float]:
    """Where a w x h block of the pieces' words goes beside the locale at (x, y): under it, else right, left, above,
    at a corner, or one line further out each time (up to four), the nearest clear of ``taken`` (the words and
    symbols already there) and of ``rather`` (words shown at another zoom: the middle names), else the nearest clear
    of ``taken``, else the one that meets the least of ``taken`` (issue 11: the zoomed-in map's names stay
    readable); its top-left corner."""
    spots = [spot for d in (0.0, 11.0, 22.0, 33.0, 44.0) for spot in (
        (x - w / 2, y + 9 + d), (x + 12 + d, y - h / 2), (x - 12 - d - w, y - h / 2), (x - w / 2, y - 11 - h - d),
        (x + 6 + d, y + 9 + d), (x - 6 - d - w, y + 9 + d), (x + 6 + d, y - 11 - h - d),
        (x - 6 - d - w, y - 11 - h - d))]
    rx, ry = 57.0 + w, 56.0 + h  # the farthest spots' reach: only what stands that near can be met
    near = [t for t in taken if t[0] < x + rx and t[2] > x - rx and t[1] < y + ry and t[3] > y - ry]
    also = [t for t in rather if t[0] < x + rx and t[2] > x - rx and t[1] < y + ry and t[3] > y - ry]
    for boxes in (near + also, near):
        for left, top in spots:  # the first clear spot, in the order of preference
            right, bottom = left + w, top + h
            if not any(left < t[2] and t[0] < right and top < t[3] and t[1] < bottom for t in boxes):
                return left, top
    # none: the one that meets least (the first of equals)
    return min(spots, key=lambda p: sum(_overlap((p[0], p[1], p[0] + w, p[1] + h), t) for t in near))


def _spot_by(data_dir: Path | None, index: int, w: float, h: float, placed: list[Box]) -> tuple[float, float]:
    """_spot for the locale ``index``'s words among the map's own words (_base's ``around``) and the pieces' words
    ``placed`` so far: only those of ``placed`` within _spot's reach are passed on (in their order, so _spot meets
    the same ones), and the answer is kept for those (issue 8: a page's ~120 spots were worked out again for every
    page drawn, ~5 ms of its ~15; the same pieces at the same places are found again from one page to the next)."""
    _, at, _, _ = _base(data_dir)
    x, y = at[index]
    rx, ry = 57.0 + w, 56.0 + h
    near = tuple(t for t in placed if t[0] < x + rx and t[2] > x - rx and t[1] < y + ry and t[3] > y - ry)
    return _spot_kept(data_dir, index, w, h, near)


@functools.lru_cache(maxsize=4096)
def _spot_kept(data_dir: Path | None, index: int, w: float, h: float, near: tuple[Box, ...]) -> tuple[float, float]:
    _, at, around, mid = _base(data_dir)
    x, y = at[index]
    return _spot(x, y, w, h, (*around[index], *near), mid[index])


LEADER_FROM = 15.0  # a block of words whose nearest point lies farther from its locale than this gets a leader line


def _leader(x: float, y: float, box: Box) -> str:
    """A thin line from the locale at (x, y) to a block of its pieces' words set a line or more away (_spot), so a
    reader can tell which locale they belong to (issue 11); "" when the words stand beside the symbol."""
    nx, ny = min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3])  # the box's nearest point
    dx, dy = nx - x, ny - y
    d = (dx * dx + dy * dy) ** 0.5
    if d <= LEADER_FROM:
        return ""
    sx, sy = x + dx / d * 11.0, y + dy / d * 11.0  # from the symbol's edge
    return (f'<line x1="{_fmt(sx)}" y1="{_fmt(sy)}" x2="{_fmt(nx)}" y2="{_fmt(ny)}" stroke="#2b2b2b" '
            'stroke-width="1.6" stroke-dasharray="0.1 2.6" stroke-linecap="round"/>')  # dotted, unlike any path


def _tags(units: list[dict[str, Any]], naval: set[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for side in ("athens", "sparta"):
        land = sum(int(u["strength"]) for u in units if u["side"] == side and u["unit"] not in naval)
        sea = sum(int(u["strength"]) for u in units if u["side"] == side and u["unit"] in naval)
        inside = any(u["inside"] for u in units if u["side"] == side)
        if land or sea:
            parts = ([f"{land}L"] if land else []) + ([f"{sea}N"] if sea else [])
            tag = f"{SIDE_TAG[side]} {' '.join(parts)}"
            out[side] = INSIDE.format(tag=tag) if inside else tag
    return out


def render_board(view: dict[str, Any], data_dir: Path | None = None) -> str:
    comp = load_components(data_dir)
    base, at, _, _ = _base(data_dir)
    placed: list[Box] = []  # the pieces' words set so far
    naval_types = {ut.id for ut in comp.units if ut.kind == 1}
    naval = {str(u["unit"]) for u in view.get("units", []) if str(u["unit"]).split("#")[0] in naval_types}
    units: dict[str, list[dict[str, Any]]] = {}
    for u in view.get("units", []):
        units.setdefault(str(u["locale"]), []).append(u)
    leaders: dict[str, list[str]] = {}
    for ld in view.get("leaders", []):
        if ld.get("locale"):
            leaders.setdefault(str(ld["locale"]), []).append(names.leader(str(ld["leader"]), comp))
    marks = {str(m["locale"]): m for m in view.get("locales", [])}
    layer = ['<g class="pieces" font-size="10">']
    leaders_lines: list[str] = []  # under every word (their white halo covers a line that passes under them)
    for loc in comp.locales:
        x, y = at[loc.index]
        # the locale's name as the page names a pick ("Selected: Chalcis", not its ref)
        parts = [f'<g data-ref={quoteattr("l:" + loc.id)} aria-label={quoteattr(loc.name)} class="locale-ref">',
                 f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="9" fill="transparent"/>']
        title = loc.name
        words: list[str] = []
        tags = _tags(units.get(loc.id, []), naval)
        if tags:  # one line a side, clear of the names (issue 11)
            w = max(shown_width(tag, 10, True) for tag in tags.values()) + 4
            left, top = _spot_by(data_dir, loc.index, w, LINE * len(tags), placed)
            placed.append((left, top, left + w, top + LINE * len(tags)))
            leaders_lines.append(_leader(x, y, placed[-1]))
            for k, (side, tag) in enumerate(tags.items()):
                words.append(f'<text x="{_fmt(left + 2)}" y="{_fmt(top + 8.5 + LINE * k)}" fill="{SIDE_INK[side]}" '
                             'font-weight="bold" paint-order="stroke" stroke="#fff" stroke-width="3">'
                             f"{escape(tag)}</text>")
        m = marks.get(loc.id)
        flags = []
        if m is not None:
            owner = m.get("owner")
            if owner in SIDE_INK:
                parts.append(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="9" fill="none" stroke="{SIDE_INK[owner]}" '
                             'stroke-width="1.5" stroke-dasharray="2 2"/>')
            if m.get("fort"):
                flags.append("F")
            if m.get("besieged_by"):
                flags.append("S")
            if m.get("ravaged"):
                flags.append("V")
            title = HELD_BY.format(locale=title, side=names.SIDE_NAME.get(owner, NO_ONE) if owner else NO_ONE)
        if flags:
            w = shown_width("".join(flags), 10, True) + 4
            left, top = _spot_by(data_dir, loc.index, w, LINE, placed)
            placed.append((left, top, left + w, top + LINE))
            leaders_lines.append(_leader(x, y, placed[-1]))
            words.append(f'<text x="{_fmt(left + 2)}" y="{_fmt(top + 8.5)}" fill="#000" font-weight="bold" '
                         f'paint-order="stroke" stroke="#ffeb3b" stroke-width="3">{"".join(flags)}</text>')
        here = leaders.get(loc.id, [])
        if here:
            said = ", ".join(here)
            w = shown_width(said, 10) + 4
            left, top = _spot_by(data_dir, loc.index, w, LINE, placed)
            placed.append((left, top, left + w, top + LINE))
            leaders_lines.append(_leader(x, y, placed[-1]))
            words.append(f'<text x="{_fmt(left + 2)}" y="{_fmt(top + 8.5)}" fill="#333" '
                         f'font-style="italic" paint-order="stroke" stroke="#fff" stroke-width="3">'
                         f"{escape(said)}</text>")
        if tags:
            title += "; " + "; ".join(tags.values())
        for who in ("athens", "sparta", None):
            for u in units.get(loc.id, []):
                if u["side"] == who:
                    name = names.unit(str(u["unit"]), comp)
                    shown = WAVERING.format(unit=name) if u["wavering"] else name
                    title = SIDE_LINE[who].format(title=title, unit=shown)
        parts.append(f"<title>{escape(title)}</title></g>")
        layer.append("".join(parts))
        # the pieces' words beside the locale, set aside from the names (issue 11), outside its clickable group so that
        # the group is the locale's own spot; a click on them goes through to the locale under them, if any
        if words:
            layer.append('<g class="locale-words" pointer-events="none">' + "".join(words) + "</g>")
    layer.append(f'<text x="40" y="30" font-size="12" fill="#1b1b1b">{escape(PIECES_KEY)}</text>')
    layer.append("</g>")
    lines = "".join(leaders_lines)
    if lines:  # the leader lines under the pieces' words, no clicks (issue 11)
        layer.insert(0, f'<g class="leader-lines" pointer-events="none">{lines}</g>')
    return base.replace("</svg>", "\n".join(layer) + "\n</svg>")


def action_refs(view: dict[str, Any], legal: list[str]) -> list[list[str]]:
    """For each legal action, the locale to click: every action naming a locale (march, sail, retreat,
    a leaderless move, a revolting city; a purchase or a leader placed "at" a locale, 3.2 2a, 3.2 d).
    Actions sharing a locale share its click, and the page offers them side by side (its confirm's
    alternatives): the board chooses the place, the question the piece, so no one scrolls a list of
    every place a unit may be bought."""
    del view
    refs: list[list[str]] = []
    for action in legal:
        words = action.split()
        if len(words) == 2 and words[0] in LOCALE_ACTIONS:
            refs.append([f"l:{words[1]}"])
        elif len(words) == 4 and words[0] in AT_ACTIONS and words[2] == "at":
            refs.append([f"l:{words[3]}"])
        else:
            refs.append([])
    return refs


#: the purchases of one unit (3.2 2a: "buy <unit> at <locale>") and the placings of one leader (3.2 d) listed under
#: one heading when there are at least this many, as the terminal's menu does (text.action_menu, DESIGN 3.2)
GROUP_MIN = 3


def action_groups(view: dict[str, Any], legal: list[str]) -> list[list[str] | None]:
    """For each legal action, [the heading of the group the page lists it under, its button's word there] (None: on
    its own): the terminal's paragraphs (text.action_menu) -- "buy Hoplites for 3 talents (3.2 2a), at:" over one
    button a place, named by the place, and "place Pericles (3.2 d), at:" -- so the Purchase Phase's ~200 actions
    read as one line a unit (issue 11)."""
    comp = names.of(view)
    keys: list[tuple[str, str] | None] = []
    count: dict[tuple[str, str], int] = {}
    for action in legal:
        words = action.split()
        key = (words[0], words[1]) if len(words) == 4 and words[0] in AT_ACTIONS and words[2] == "at" else None
        keys.append(key)
        if key is not None:
            count[key] = count.get(key, 0) + 1
    heads: dict[tuple[str, str], str] = {}
    for verb, piece in count:
        if verb == "buy":
            t = comp.unit_index.get(piece)
            cost = comp.units[t].strength if t is not None else None
            heads[(verb, piece)] = (BUY_HEAD_ONE if cost == 1 else BUY_HEAD).format(
                unit=names.unit_type(piece, comp), n="?" if cost is None else cost)
        else:
            heads[(verb, piece)] = PLACE_HEAD.format(leader=names.leader(piece, comp))
    return [[heads[k], names.locale(action.split()[3], comp)] if k is not None and count[k] >= GROUP_MIN else None
            for k, action in zip(keys, legal, strict=True)]


def describe(view: dict[str, Any]) -> dict[str, Any]:
    """The side panel: what is asked first, then the year and phase, the tracks, both treasuries, the
    allies, the force and the log; every piece, place and phase by its display name."""
    comp = names.of(view)  # the data the game was built from
    f = view.get("force")
    force = None
    if f:
        force = {"leader": names.leader(f.get("leader"), comp), "at": names.locale(f.get("locale"), comp),
                 "units": [names.unit(u, comp) for u in f.get("units", [])] or "none yet",
                 "land paths left": f.get("land_paths_left"), "sea paths left": f.get("sea_paths_left")}
    side = names.SIDE_NAME
    return {
        "title": "Sparta vs. Athens",
        "prompt": names.prompt(view),
        "scenario": names.scenario(view.get("scenario"), comp),
        "year": f"{view.get('quarter')} {view.get('year')}",
        "phase": names.phase(view.get("phase"), comp),
        "prestige": view.get("prestige_text"),
        "government": f"#{view.get('government')} {comp.tables.government(int(view.get('government') or 1)).name}",
        "treasury": {side[k]: v for k, v in (view.get("treasury") or {}).items()},
        "revenue": {side[k]: v for k, v in (view.get("revenue") or {}).items()},
        "first player": {"chosen by": side.get(view.get("chooser")), "this season": side.get(view.get("first")),
                         "phasing": side.get(view.get("phasing"))},
        "event": names.event(view.get("event"), comp),
        "allies": {names.ally(k, comp): ("out of the war" if v == "out" else side.get(v) if v else "not at war")
                   for k, v in (view.get("allies") or {}).items()},
        "force": force,
        "log": log_lines(view)[-LOG_LINES:],
        "outcome": view.get("outcome"),
        "whose rules": OURS,
        # the map's key in words, readable at any zoom (at fit zoom the map's own key is too small, issue 11)
        "legend": [PIECES_KEY, *legend_words(comp)],
    }


__all__ = ["action_groups", "action_labels", "action_refs", "describe", "render_board"]
