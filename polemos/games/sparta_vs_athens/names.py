"""Sparta vs. Athens in words: one display name for every piece, place and phase (issue 11), the
decision asked and the legal actions as a person reads them.

The board (``web.py``), the buttons (``action_labels``), the log (``SVAState.label``) and the terminal
(``text.py``) all use these names; the canonical action text (``take athenian-fleet-10#2``) stays the
record's format and is the button's title in the browser.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from polemos.games.sparta_vs_athens.data import load_components
from polemos.games.sparta_vs_athens.model import Components
from polemos.games.sparta_vs_athens.state import display_names, unit_names

JSON = dict[str, Any]
SIDE_NAME = {"athens": "Athens", "sparta": "Sparta", None: "—"}
#: where the names come from: a data folder (None: the bundled data) or the components themselves
Source = Path | Components | None
#: the components of every game built in this process, by their data version (a content hash of the files,
#: ``data.load_components``): a view names its version (``view["data"]``), so a game built from a player's own
#: data folder (``--data``, the server's data_dir) is named from that folder, not from the bundled data
_BUILT: dict[str, Components] = {}
_UNITS: dict[str, dict[str, str]] = {}


def remember(comp: Components) -> Components:
    """Record the components a game is built from (``SpartaVsAthens.components``), so its views' names follow
    them; returns ``comp``."""
    _BUILT.setdefault(comp.version, comp)
    return comp


@functools.lru_cache(maxsize=8)
def components(data_dir: Path | None = None) -> Components:
    return load_components(data_dir)


def of(view: JSON | None) -> Components:
    """The components ``view``'s game was built from (its ``data`` version), else the bundled ones."""
    version = (view or {}).get("data")
    found = _BUILT.get(str(version)) if version is not None else None
    return found if found is not None else components(None)


def _comp(source: Source) -> Components:
    return source if isinstance(source, Components) else components(source)


def _units(comp: Components) -> dict[str, str]:
    found = _UNITS.get(comp.version)
    if found is None:
        found = _UNITS[comp.version] = dict(zip(unit_names(comp)[0], display_names(comp), strict=True))
    return found


def unit(name: str, source: Source = None) -> str:
    """A counter's display name from its record name (``athenian-fleet-10#3`` -> "Athenian Fleet III")."""
    return _units(_comp(source)).get(name, name)


def _indexed(index: Mapping[str, int], items: Sequence[Any], wanted: str) -> str:
    """The name of the item ``wanted`` by its component index, else ``wanted`` itself."""
    i = index.get(wanted)
    return str(items[i].name) if i is not None else wanted


def _by_id(items: Iterable[Any], wanted: str | None, attr: str = "name") -> str | None:
    """The ``attr`` of the item whose id is ``wanted`` (None: no such item)."""
    return next((str(getattr(x, attr)) for x in items if x.id == wanted), None)


def locale(locale_id: str | None, source: Source = None) -> str:
    if locale_id is None:
        return "—"
    comp = _comp(source)
    return _indexed(comp.locale_index, comp.locales, locale_id)


def leader(leader_id: str | None, source: Source = None) -> str:
    if leader_id is None:
        return "a leaderless stack"
    comp = _comp(source)
    return _indexed(comp.leader_index, comp.leaders, leader_id)


def unit_type(type_id: str, source: Source = None) -> str:
    comp = _comp(source)
    return _indexed(comp.unit_index, comp.units, type_id)


def scenario(scenario_id: str | None, source: Source = None) -> str:
    return _by_id(_comp(source).scenarios, scenario_id) or str(scenario_id)


def phase(phase_id: str | None, source: Source = None) -> str:
    """A phase's name on the Year Track's table (2.14, 3.2; DESIGN 3.3)."""
    if not phase_id:
        return "—"
    phases = (ph for q in _comp(source).tables.quarters for ph in q.phases)
    return _by_id(phases, phase_id) or phase_id.replace("-", " ")


def event(event_id: str | None, source: Source = None) -> str:
    if not event_id:
        return "none"
    return _by_id(_comp(source).tables.events, event_id, "title") or event_id


def ally(ally_id: str, source: Source = None) -> str:
    return _by_id(_comp(source).allies, ally_id) or ally_id


def prompt(view: JSON) -> str:
    """What the side on turn is asked, with its rule ("" when no one is asked)."""
    p = view.get("pending")
    if not p:
        return ""
    kind = str(p["kind"])
    comp = of(view)
    at = locale(p.get("locale"), comp) if p.get("locale") else ""
    force = view.get("force") or {}
    text = {
        "first_player": "choose who moves first this season (3.2 f, DESIGN 3.3)",
        "upkeep": "pay the maintenance of your units, or leave some unpaid (3.2 2a)",
        "purchase": "buy units, restore wavering ones, or be done (3.2 2a, DESIGN 8.5)",
        "place_leader": "place your leaders with your units (3.2 d)",
        "offer_peace": "offer peace, or not (DESIGN 16.4)",
        "answer_peace": "the enemy offers peace: accept or refuse (DESIGN 16.4)",
        "delos_revolt": "choose the Delos city that revolts (event 8, DESIGN 15.0)",
        "campaign": "activate a leader, move a leaderless stack, or end the Campaign Phase (DESIGN 4.1)",
        "withdraw": f"withdraw into the walls of {at} or fight (DESIGN 9.1)",
        "retreat": f"retreat from {at} (DESIGN 8.3)",
        "siege": f"assault {at} or wait (DESIGN 9.2)",
    }.get(kind)
    if kind == "force":
        stage = force.get("stage")
        where = locale(force.get("locale"), comp)
        text = {"take": f"take units into {leader(force.get('leader'), comp)}'s force at {where} (DESIGN 5.1)",
                "move": f"move the force from {where} (DESIGN 7.2, 7.3), or stop",
                "act": f"the force at {where}: attack, besiege, ravage, build a fort or end "
                       "(DESIGN 8.1, 9.1, 4.6, 7.8)"}.get(str(stage), "the force")
    return f"{SIDE_NAME.get(p.get('role'), p.get('role'))}: {text or kind.replace('_', ' ')}"


#: the actions "<verb> <one word>" in words: the template (its English is the catalog's, 'take {unit}', with the
#: name in the placeholder's place) and what the word names
ONE_NAME: dict[str, tuple[str, str]] = {
    "take": ("take {name}", "unit"),
    "unpaid": ("leave {name} unpaid: it wavers (3.2 2a)", "unit"),
    "restore": ("restore {name} (DESIGN 8.5)", "unit"),
    "pay": ("pay {name} talents of maintenance (3.2 2a)", "number"),
    "activate": ("activate {name} (DESIGN 4.1)", "leader"),
    "lesser": ("move a leaderless stack from {name}, one path (DESIGN 4.1)", "locale"),
    "march": ("march to {name} (DESIGN 7.2)", "locale"),
    "sail": ("sail to {name} (DESIGN 7.3)", "locale"),
    "retreat": ("retreat to {name} (DESIGN 8.3)", "locale"),
    "revolt": ("{name} revolts (event 8)", "locale"),
}
_NAMERS: dict[str, Callable[[str, Source], str] | None] = {"unit": unit, "leader": leader, "locale": locale,
                                                           "number": None}


def talents(n: int, many: str, one: str) -> str:
    """A number of talents agreeing with it (issue 11: "1 talent", never "1 talents"): ``one`` for 1 (its own
    message in the catalog, 1 written out), else ``many`` with ``{n}``; Spanish agrees the same way (1 talento)."""
    return one if n == 1 else many.format(n=n)


def action_label(view: JSON, action: str) -> str:
    """A legal action in words: pieces and places by their display names, with its rule."""
    words = action.split()
    kind = str((view.get("pending") or {}).get("kind", ""))
    verb = words[0] if words else ""
    rest = words[1:]
    comp = of(view)
    if verb == "take" and rest == ["all"]:
        return "take every unit that may go (DESIGN 5.1)"
    if verb == "pay" and rest == ["1"]:  # one talent, not "1 talents" (issue 11)
        return "pay 1 talent of maintenance (3.2 2a)"
    if len(rest) == 1 and verb in ONE_NAME:
        template, kind = ONE_NAME[verb]
        namer = _NAMERS[kind]
        return template.format(name=namer(rest[0], comp) if namer is not None else rest[0])
    if verb == "buy" and len(rest) == 3:
        i = comp.unit_index.get(rest[0])
        cost = "" if i is None else talents(comp.units[i].strength, " for {n} talents", " for 1 talent")
        return f"buy {unit_type(rest[0], comp)}{cost} at {locale(rest[2], comp)} (3.2 2a)"
    if verb == "place" and len(rest) == 3:
        return f"place {leader(rest[0], comp)} at {locale(rest[2], comp)} (3.2 d)"
    fixed = {
        "athens first": "Athens moves first (DESIGN 3.3)", "sparta first": "Sparta moves first (DESIGN 3.3)",
        "go": "the force is formed: move it (DESIGN 5.1)", "stop": "stop here (DESIGN 7.2)",
        "attack": "attack on land (DESIGN 8.1)", "attack at sea": "attack at sea (DESIGN 8.6)",
        "besiege": "besiege the city (DESIGN 9.1)", "ravage": "ravage the locale (DESIGN 4.6)",
        "fort": "build a fort for 5 talents (DESIGN 7.8)", "withdraw": "withdraw into the walls (DESIGN 9.1)",
        "fight": "fight in the field (DESIGN 8.1)", "assault": "assault the walls (DESIGN 9.2)",
        "wait": "wait: starve them out (DESIGN 9.2)", "offer peace": "offer peace (DESIGN 16.4)",
        "no peace": "offer no peace", "accept peace": "accept peace: the war ends (DESIGN 16.4)",
        "refuse peace": "refuse peace",
    }
    if action in fixed:
        return fixed[action]
    if action == "done":
        return {"purchase": "done buying", "place_leader": "place no more leaders"}.get(kind, "done")
    if action == "end":
        if kind == "campaign":
            return "end the Campaign Phase (DESIGN 4.1)"
        return "end this activation (DESIGN 4.1)"
    return action


def action_labels(view: JSON, legal: list[str]) -> list[str]:
    """Each legal action in words (the browser's buttons and the terminal's list, issue 11)."""
    return [action_label(view, a) for a in legal]
