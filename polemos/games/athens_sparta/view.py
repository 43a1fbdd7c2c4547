"""Athens & Sparta: what one role may see (fog of war, 2.0 and the Fog-of-War sidebar).

Hidden facts are absent, not flagged: an enemy block standing upright is only
``{"owner", "location", "besieged"}``; a block revealed in the current battle shows its face. Hands, the deck
order, the Sicily cards (until revealed), the RNG and the undo history never appear.
"""

from __future__ import annotations

from typing import Any

from polemos.games.athens_sparta import rules
from polemos.games.athens_sparta.attrition import siege_status
from polemos.games.athens_sparta.combat import _ed1_own_port, block_label
from polemos.games.athens_sparta.common import hex_name, occ_of
from polemos.games.athens_sparta.explain import explain_reasons, explain_view
from polemos.games.athens_sparta.model import EDITION_FIRST, EDITION_SECOND, SPARTA, STRAIT
from polemos.games.athens_sparta.replacement import build_points
from polemos.games.athens_sparta.state import (
    PHASE_NAMES,
    POOL,
    ROLES,
    AthensSpartaState,
)
from polemos.games.athens_sparta.victory import points
from polemos.i18n import N_

S = AthensSpartaState
TYPE_IDS = ("hoplite", "peltast", "cavalry", "navy", "revolt")


def _card(s: S, c: int) -> dict[str, Any]:
    card = s.comp.cards[c]
    # a first-edition game's event cards cite its own rules and points (RULINGS FE27: PP, 1st 8.1's 2x; issue 13)
    text = FIRST_CARD_TEXTS.get(card.text, card.text) if s.ed1 else card.text
    return {"id": card.id, "mp": card.mp, "event": card.event or None, "title": card.title, "text": text}


# The bundled event cards' texts as a first-edition game shows them (RULINGS FE27): the same events, with the first
# edition's rule numbers (1st 4.4 sea moves, 5.54 storming, 5.59 Siege Attrition) and its Production Points, costs
# and limits (1st 8.1: 2x a major city's value, 8 PP in ATHENS or SPARTA; 8.2, 8.4). A card a player's --data
# words otherwise keeps its own text.
_LEVY = ("Event, resolved before any moves: the player receives {n} BP and must spend them at once reinforcing (8.2) "
         "friendly blocks in friendly cities that are not besieged or blockaded, at the step costs of 8.4 and within "
         "each city's limit of 8.1{limits}. No new blocks may be built; BP not spent are lost. Then the player "
         "has {mp} MP.")
FIRST_CARD_TEXTS = {
    "Event, resolved before any moves on either card: for both Player Turns of this Game Turn no navy may make an "
    "operation move or a sea move, and no army may make a sea move (4.52). Land moves, revolts, combat, retreats, "
    "regroups and siege attrition are unaffected. Then the player has 2 MP.":
    N_("Event, resolved before any moves on either card: for both Player Turns of this Game Turn no navy may make an "
       "operation move or a sea move, and no army may make a sea move (1st 4.4). Land moves, revolts, combat, "
       "retreats, regroups and siege attrition are unaffected. Then the player has 2 MP."),
    "Event: the Game Turn is cancelled for both players; neither card's MP may be spent (no moves, revolts or combat). "
    "Siege Attrition (6.0) is still rolled: Player 1 rolls for all his sieges and blockades first, then Player 2, who "
    "does not roll for a siege or blockade ended by Player 1's rolls.":
    N_("Event: the Game Turn is cancelled for both players; neither card's MP may be spent (no moves, revolts or "
       "combat). Siege Attrition (1st 5.59) is still rolled: Player 1 rolls for all his sieges and blockades first, "
       "then Player 2, who does not roll for a siege or blockade ended by Player 1's rolls."),
    "Event: during this Player Turn, in every Siege Battle in which this player's blocks storm a city (5.41), the "
    "besieged defenders have no double defence in either combat round: each hit on them removes a full step. Then "
    "the player has 3 MP.":
    N_("Event: during this Player Turn, in every Siege Battle in which this player's blocks storm a city (1st 5.54), "
       "the besieged defenders have no double defence in either combat round: each hit on them removes a full step. "
       "Then the player has 3 MP."),
    "Event, resolved before any moves: each player rolls one die for every block of his in the ATHENS hex (besieged, "
    "besieging or neither); each 5 or 6 is one hit on that player's strongest block there, applied one at a time as "
    "in Siege Attrition (6.0; the owner chooses among equals). It strikes whoever holds ATHENS, whichever player "
    "plays it. Then the player has 1 MP.":
    N_("Event, resolved before any moves: each player rolls one die for every block of his in the ATHENS hex "
       "(besieged, besieging or neither); each 5 or 6 is one hit on that player's strongest block there, applied one "
       "at a time as in Siege Attrition (1st 5.59; the owner chooses among equals). It strikes whoever holds ATHENS, "
       "whichever player plays it. Then the player has 1 MP."),
    _LEVY.format(n=3, mp=1, limits=" (3x a major city's value, 1 BP in a minor city)"):
    N_("Event, resolved before any moves: the player receives 3 PP and must spend them at once reinforcing (1st 8.2) "
       "friendly blocks in friendly cities that are not besieged or blockaded, at the step costs of 1st 8.4 and "
       "within each city's limit of 1st 8.1 (2x a major city's value, 8 PP in ATHENS or SPARTA, 1 PP in a minor "
       "city). No new blocks may be built; PP not spent are lost. Then the player has 1 MP."),
    _LEVY.format(n=2, mp=2, limits=""):
    N_("Event, resolved before any moves: the player receives 2 PP and must spend them at once reinforcing (1st 8.2) "
       "friendly blocks in friendly cities that are not besieged or blockaded, at the step costs of 1st 8.4 and "
       "within each city's limit of 1st 8.1. No new blocks may be built; PP not spent are lost. Then the player has "
       "2 MP."),
}


# per block list (the components'), what a block's face shows that never changes: its id, name, type, steps,
# rating and move (read once; a view shows dozens of faces and a search asks thousands of views: issue 12)
_FACES: dict[int, tuple[tuple[Any, ...], list[tuple[str, str, str, int, str, int]]]] = {}


def _faces(s: S) -> list[tuple[str, str, str, int, str, int]]:
    specs = s.comp.blocks
    hit = _FACES.get(id(specs))
    if hit is not None and hit[0] is specs:
        return hit[1]
    faces = [(spec.id, spec.name, TYPE_IDS[spec.type], spec.steps, f"{spec.rating_letter}{spec.rating}", spec.move)
             for spec in specs]
    _FACES[id(specs)] = (specs, faces)
    return faces


def _block_face(s: S, b: int, faces: list[tuple[str, str, str, int, str, int]] | None = None) -> dict[str, Any]:
    bid, name, kind, steps, rating, move = (faces or _faces(s))[b]
    h = s.loc[b]
    return {
        "id": bid,
        "owner": ROLES[s.owner[b]],
        "location": hex_name(s, h) if h >= 0 else None,
        "name": name,
        "type": kind,
        "strength": s.strength[b],
        "steps": steps,
        "rating": rating,
        "move": move,
        "besieged": s.inside[b],
        "moved": s.moved[b],
    }


def seen_board(s: S, side: int | None) -> S:
    """The board as ``side`` sees it: ``s`` itself, except in the Replacement Phase, whose builds,
    disbands and Persian support stay out of the other player's sight until both are done
    (RULINGS R26): the other side's blocks (every block, for a spectator) then stand where they
    stood when the phase began."""
    if not s.rp_loc:
        return s
    seen = s.clone()
    for b in range(len(s.loc)):
        if s.owner[b] != side:
            seen.loc[b] = s.rp_loc[b]
    if side != SPARTA:
        seen.persia = s.rp_persia
    seen.reset_caches()
    return seen


#: the parts of a view that ``build(..., detail=False)`` leaves out: what no bot or search world reads (the
#: heuristic bot, ``bots.standing`` and the search's playouts and judge; ``worlds`` reads the log of the view it
#: samples worlds from, a full one), and what costs most to work out besides the board (docs/ai.md, fifth pass)
DETAIL_KEYS = ("points", "bp_forecast", "log", "explain")


def build(s: S, side: int | None, detail: bool = True) -> dict[str, Any]:
    """What ``side`` (None: a spectator) may see of ``s``: the view the server sends and the bots read.
    ``detail=False``: the same view without :data:`DETAIL_KEYS` (the city points, 10.2; the Build Points
    forecast, 8.1; the log; the operation move's paths, 4.4), every other entry identical: for a bot or a
    search's playouts, which read none of them and ask thousands of views (issue 12). Both read the same
    state and see no more than the role may (the parts left out are parts of the full view)."""
    real, s = s, seen_board(s, side)  # the board as the role sees it; the rest of the view from the real state
    blocks: list[dict[str, Any]] = []
    apart = set(s.patrol)
    faces = _faces(s)
    for b in range(len(s.loc)):
        if s.loc[b] < 0 or s.owner[b] > 1:
            continue
        if (side is not None and s.owner[b] == side) or s.revealed[b]:
            face = _block_face(s, b, faces)
            if b in apart:
                # first edition: a navy standing apart from a battle, face-up — patrolling in a city of its
                # side (1st 6.7, RULINGS FE12, FE39), blockading elsewhere (1st 6.6, FE40)
                face["apart"] = "patrol" if _ed1_own_port(s, b) else "blockade"
            blocks.append(face)
        else:
            # upright and blank; which side of the walls it stands on is in plain sight (5.3, RULINGS R23)
            blocks.append({"owner": ROLES[s.owner[b]], "location": hex_name(s, s.loc[b]), "besieged": s.inside[b]})
    # the order of the list must not tell which hidden block is which (roster order would)
    blocks.sort(key=lambda e: (e["owner"], e["location"] or "", e["besieged"], e.get("id", "")))
    cities = list(_cities(s))  # entries shared by the views of one board: a view is read, never changed
    pts = points(s) if detail else (0, 0)
    persia = s.persia
    s = real
    view: dict[str, Any] = {
        "game": "athens-and-sparta",
        # the rules edition played (issue 13): public, and what the bots and the search's worlds read to
        # apply the first edition's costs, builds and naval rules from the view alone
        "edition": EDITION_FIRST if s.ed1 else EDITION_SECOND,
        "role": ROLES[side] if side is not None else None,
        "olympiad": s.olympiad,
        "turn": s.turn,
        "phase": PHASE_NAMES[s.phase],
        "player1": ROLES[s.p1] if s.phase in (3, 4) or s.revealed_cards else None,
        "active_player": ROLES[s.active] if s.phase in (3, 4) else None,
        "to_act": [ROLES[x] for x in rules.deciders(s)],
        "blocks": blocks,
        "cities": cities,
    }
    if detail:
        view["points"] = {"athens": pts[0], "sparta": pts[1]}
    view.update({
        "hand_sizes": {"athens": len(s.hands[0]), "sparta": len(s.hands[1])},
        "played": {},
        "storm": s.storm,
        "earthquake": s.earthquake,
        "persian_support": ("none", "active", "ceased")[persia],
        "outcome": None,
    })
    for x in (0, 1):
        if s.played[x] >= 0 and (s.revealed_cards or x == side):
            view["played"][ROLES[x]] = _card(s, s.played[x])
    if s.syracuse_revealed:
        view["sicily"] = {ROLES[x]: _card(s, s.sicily[x]) for x in (0, 1) if s.sicily[x] >= 0}
    if side is not None:
        view["hand"] = [_card(s, c) for c in s.hands[side]]
        view["pool"] = [_block_face(s, b, faces) for b in range(len(s.loc))
                        if s.loc[b] == POOL and s.owner[b] == side]
        if s.sicily[side] >= 0 and not s.syracuse_revealed:
            view["my_sicily_card"] = _card(s, s.sicily[side])
        if s.phase in (3, 4) and s.active == side:
            view["mp"] = s.mp
        if s.phase == 5:
            view["bp"] = s.bp[side]
        elif s.phase < 5 and detail:
            view["bp_forecast"] = build_points(s, side)
    if s.battle is not None:
        bt = s.battle
        view["battle"] = {"hex": hex_name(s, bt["hex"]), "kind": bt["kind"], "round": bt["round"],
                          "stage": bt["stage"], "attacker": ROLES[bt["att"]]}
    if s.moving >= 0 and side == s.owner[s.moving]:
        view["moving"] = {"block": s.comp.blocks[s.moving].id, "left": s.move_left,
                          "path": [hex_name(s, h) for h in s.move_path]}
    p = s.pending
    if p is not None and p["kind"] in ("act", "retreat") and side == p["side"]:
        view["deciding_block"] = s.comp.blocks[int(p["block"])].id  # the block whose move it is (5.41, 5.5)
    out = s.outcome()
    if out is not None:
        view["outcome"] = out.to_json()
    if detail:
        view["log"] = _seen_log(s, side)
    view["prompt"] = prompt(s, side)
    view["actions"] = s.legal_actions(ROLES[side]) if side is not None else []
    if detail and side is not None and explaining(s, side):
        # the operation move in progress explained to the side moving: the engine's paths (4.4), from what
        # it sees; why a place cannot be chosen is worked out only when asked (explain, below)
        paths = explain_view(s, side)
        if paths:
            view["explain"] = paths
    return view


def explaining(s: S, side: int) -> bool:
    """Whether the Move Phase asks ``side`` to move now (4.0): only then is there a move to explain."""
    p = s.pending
    return p is not None and p["kind"] == "move" and side in rules.deciders(s) and bool(s.legal_actions(ROLES[side]))


def explain(s: S, side: int | None) -> dict[str, Any] | None:
    """The state's ``explain`` hook (polemos.core.game.State.explain): while ``side`` moves in the Move
    Phase, why a block of its own or a hex offers no choice, by rule (explain.explain_reasons), from what
    it sees; None otherwise (a spectator, another phase, the other side)."""
    if side is None or not explaining(s, side):
        return None
    return dict(explain_reasons(s, side))


# a port's sea control in the view (4.2's control values: the sides, neutral, Persia, nobody, contested)
SEA_WORDS = ("athens", "sparta", "neutral", "persia", "none", "contested")


def _cities(s: S) -> list[dict[str, Any]]:
    """The cities as the board ``s`` shows them: who controls each (4.2), and its siege or blockade
    (5.3). The same for every role that sees this board, and a change builds a view for each seat and the
    spectator, so the list is kept on the state with what it was worked out from (the blocks' hexes,
    owners and walls, and the cities' controllers: all it reads) and built again only when they changed.
    Its entries are shared by those views (views are plain JSON that nobody changes)."""
    occ = occ_of(s)
    board = s.comp.board
    # sea control of each port (4.2; 1st 1.5, 6.5): the Phase's control snapshot, not the blocks' places now
    sea = tuple(s.sctrl[city.hex] if city.port else -1 for city in board.cities)
    owners = tuple(s.city_owner)
    key = (occ, owners, sea)  # the Occ object is the same while the blocks' places are
    memo = s.cities_seen
    if memo is not None and memo[0][0] == key:
        return memo[1]
    # a city's entry depends on its controller, its port's sea control and whether enemy blocks share its hex
    # (then on who stands where: worked out again); an entry whose inputs are those of the last list is that
    # list's entry again (a block's move changes one or two cities, and a search asks a view after each)
    field, inside = occ.field, occ.inside
    old_inputs: tuple[Any, ...] = ()
    old_cities: list[dict[str, Any]] = []
    if memo is not None and memo[1]:
        old_inputs, old_cities = memo[0][1], memo[1]
    inputs = []
    cities = []
    for c, city in enumerate(board.cities):
        h = city.hex
        contested = (field[h] | inside[h]) == 3  # replacement.besieged_or_blockaded
        here = (owners[c], sea[c], contested)
        inputs.append(here)
        if old_inputs and not contested and old_inputs[c] == here:
            cities.append(old_cities[c])
            continue
        siege, blockade, _ = siege_status(s, h) if contested else (False, False, False)
        entry = {
            "name": city.name,
            "hex": board.hexes[h],
            "side": ("athens", "sparta", "neutral", "persia", "none")[city.side],
            "controller": ("athens", "sparta", "neutral", "persia", "none")[min(owners[c], 4)],
            "value": city.value,
            "walled": city.walled,
            "port": city.port,
            "besieged": siege,
            "blockaded": blockade,
        }
        if city.port:
            # who holds the sea there (RULINGS FE42): the port's holder unless an enemy navy blockades it,
            # a patrol's side (1st 6.7), "contested" while both sides stand outside the walls, else "none";
            # from public facts only (positions, walls, face-up navies, the cities' holders)
            entry["sea"] = SEA_WORDS[sea[c]]
            entry["strait"] = board.terrain[h] == STRAIT
        cities.append(entry)
    s.cities_seen = ((key, tuple(inputs)), cities)
    return cities


def _seen_log(s: S, side: int | None) -> list[Any]:
    """The log lines ``side`` may see (lines to -1 are everyone's). A log holds thousands of lines late
    in a game and every change builds a view for each side, so the lines each side saw are kept on the
    state (and its clones) with the log they were read from; while that log is still the start of this
    one (compared line by line), only the lines after it are read. Same lines, in the same order."""
    log = s.log
    memo = s.seen_logs
    if memo is not None and len(memo[0]) <= len(log) and log[:len(memo[0])] == memo[0]:
        kept_log, kept = memo
    else:
        kept_log, kept = [], {}
    if len(kept_log) < len(log):
        tail = log[len(kept_log):]
        kept = {k: lines + [text for to, text in tail if to < 0 or to == k] for k, lines in kept.items()}
        kept_log = log[:]
    if side not in kept:
        kept = {**kept, side: [text for to, text in log if to < 0 or to == side]}
    s.seen_logs = (kept_log, kept)
    return list(kept[side])


PROMPTS = {
    "sicily": "Allocate one card face-down at Sicily (its MP is part of SYRACUSE's value).",
    "mulligan": "Keep your hand, or show a hand under 10 MP for a re-deal (Mulligan).",
    "redeal": "Your opponent took a new hand (Mulligan): keep your cards or take a new hand too.",
    "card": "Play a card face-down ([1] Card Phase).",
    "bid": "Remove a step from a starting block (10.3 tourney bid).",
    # a prompt names a button as it is labelled (issue 11: web.END_WORDS, WORDS, VERBS), not the action's record word
    "move": ("Move Phase (4.0): spend MPs on operation moves, strategic moves or revolts; 'End the Move Phase' "
             "when done."),
    "combat": "Combat Phase (5.0): choose the next battle, storm or sally; 'End the Combat Phase' when done.",
    "declare": "A new battle (5.4): withdraw blocks into siege, then 'Engage'.",
    "sallyq": "Your relief forces attack: the besieged may sally too (5.4).",
    "act": "Your block's action in the combat order (5.41).",
    "stormq": "More blocks would storm than the city's siege limit allows: pick the storming blocks (5.31).",
    "hit": "Choose which of your equally strong blocks takes the hit (5.2).",
    "retreat": "Choose where the block retreats (5.5).",
    "regroup": "Your victorious blocks may regroup (5.6); 'Done' when finished.",
    "pillage": "Spend pillage BPs on the victorious blocks (5.61); 'Done' when finished.",
    "levy": "Spend the event's BPs on reinforcements; 'Done' when finished.",
    "replace": "Replacement Phase (8.0): add steps, build blocks, disband; 'Done' when finished.",
    "hellespont": "9.1 Hellespont: remove one block from ATHENS.",
    "revoltdone": "The revolt succeeded (7.0): keep the revolt block, disband it, or exchange it for a peltast.",
}


# The first edition's own words and numbers where its procedure is worded or numbered otherwise (issue 13):
# the Bad Hand (1st 4.61, RULINGS FE16: a new deal is asked for, the hand is not shown), combat turns
# (1st 5.1, FE8), sieges and relief (1st 5.5, 5.52-5.58), hits (1st 5.21), retreats (1st 5.3), regrouping
# (1st 5.4), patrols (1st 6.7, FE12) and Production Points (1st 8.1). The other prompts are the same.
PROMPTS_FIRST = {
    "mulligan": "Keep your hand, or ask for a new deal with a hand under 10 MP (Bad Hand, 1st 4.61).",
    "redeal": "Your opponent asked for a new deal (Bad Hand, 1st 4.61): keep your cards or take a new hand too.",
    "declare": "A new battle (1st 5.5): withdraw blocks into siege, navies may patrol (1st 6.7), then 'Engage'.",
    "sallyq": "Your relief forces attack: the besieged may sally too (1st 5.56).",
    "act": "Your block's action in the combat turns (1st 5.1).",
    "stormq": "More blocks would storm than the city's siege limit allows: pick the storming blocks (1st 5.52, 5.54).",
    "hit": "Choose which of your equally strong blocks takes the hit (1st 5.21).",
    "retreat": "Choose where the block retreats (1st 5.3).",
    "regroup": "Your victorious blocks may regroup (1st 5.4); 'Done' when finished.",
    "pillage": "Spend pillage PP on the victorious blocks (1st 5.58); 'Done' when finished.",
    "levy": "Spend the event's PP on reinforcements; 'Done' when finished.",
}


# a block's combat turn as the prompt names it ("ATHENS B3 (2): ..."): its city in the page's language too
ACT_PROMPTS = (N_("{town} {code} ({n}): Your block's action in the combat order ({rule})."),
               N_("{town} {code} ({n}): Your block's action in the combat turns ({rule})."))


def prompt(s: S, side: int | None) -> str:
    if s.winner >= 0:
        return f"Game over: {ROLES[s.winner].title()} wins — {s.win_reason}."
    p = s.pending
    if p is None:
        return ""
    who = rules.deciders(s)
    if side is None or side not in who:
        return "Waiting for " + " and ".join(ROLES[x].title() for x in who) + "."
    text = (s.ed1 and PROMPTS_FIRST.get(p["kind"])) or PROMPTS.get(p["kind"], "")
    if p["kind"] == "mulligan":
        # both players are asked every Olympiad (RULINGS R25); only the asked player learns why
        mp = rules.hand_mp(s, side)
        if s.ed1:
            text = (f"Your hand totals {mp} MP, under 10: ask for a new deal or keep it (Bad Hand, 1st 4.61)."
                    if mp < 10 else f"Your hand totals {mp} MP: keep it (a Bad Hand is under 10 MP, 1st 4.61).")
        else:
            text = (f"Your hand totals {mp} MP, under 10: show it for a re-deal or keep it (Mulligan)."
                    if mp < 10 else f"Your hand totals {mp} MP: keep it (a Mulligan needs a hand under 10 MP).")
    if p["kind"] == "move" and s.moving >= 0:
        if s.move_kind == 1:
            text = f"Moving {s.comp.blocks[s.moving].id}: choose the next hex, 'Stop here' or 'Cancel this move'."
        else:
            text = f"Moving {s.comp.blocks[s.moving].id}: choose its destination, or 'Cancel this move'."
    if p["kind"] == "hit" and len(p["cands"]) == 1:
        # asked although the strongest block has no equal (RULINGS R31)
        text = ("The hit falls on your strongest block there (1st 5.21): confirm." if s.ed1 else
                "The hit falls on your strongest block there (5.2): confirm.")
    if p["kind"] == "act":
        text = f"{block_label(s, int(p['block']))}: " + text
    return text
