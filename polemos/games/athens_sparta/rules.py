"""Athens & Sparta: the sequence of play, in rulebook order, and the action dispatcher.

The procedure still to run is a stack of small tasks held in the state (``state.tasks``), so a
game can stop at any decision, be saved as JSON, and resume exactly. ``advance`` runs tasks until
a decision (``state.pending``) is needed from some side.

Sequence of play (rulebook, "Game Turns"):
  [1] Card Phase -> [2] Player 1 Turn (Move 4.0, Combat 5.0, Siege Attrition 6.0)
  -> [3] Player 2 Turn -> [4] at the end of an Olympiad: Victory Check (10.0) and
  Replacement Phase (8.0), then a new Card Phase.
"""

from __future__ import annotations

from collections.abc import Callable

from mypy_extensions import mypyc_attr

from polemos.core.errors import IllegalActionError
from polemos.core.game import Outcome, Role
from polemos.games.athens_sparta import attrition, combat, movement, replacement, victory
from polemos.games.athens_sparta.common import blocks_at, push, side_name, update_control
from polemos.games.athens_sparta.data import SIEGE_AT_START, start_locations
from polemos.games.athens_sparta.model import (
    ATHENS,
    SPARTA,
)
from polemos.games.athens_sparta.state import (
    PH_CARD,
    PH_COMBAT,
    PH_MOVE,
    PH_MULLIGAN,
    PH_OVER,
    PH_SETUP,
    POOL,
    ROLES,
    SIDE_OF_ROLE,
    AthensSpartaState,
)

S = AthensSpartaState


def hand_mp(s: S, side: int) -> int:
    cards = s.comp.cards
    return sum(cards[c].mp for c in s.hands[side])


# ====================================================================== set-up (3.0)
def setup(s: S) -> None:
    """3.0 Deployment: blocks at full strength on their home city (POTIDAEA besieged); the
    rest make up the Replacement Pool: RESERVE, DEMOS/HELOTS/TYRANTS and the Spartan blue-star
    navies (built only in their home cities, so not while Athens holds them: 8.3, 9.4)."""
    board = s.comp.board
    starts = start_locations(s.comp)
    for b, spec in enumerate(s.comp.blocks):
        if spec.start == "map" and b in starts:
            s.loc[b] = board.cities[starts[b]].hex
            s.strength[b] = spec.steps
        else:
            s.loc[b] = POOL
            s.strength[b] = 0
    # POTIDAEA: Spartan-held, besieged and blockaded by Athens (3.0 note, sidebar)
    pot = s.comp.board.city_index.get(SIEGE_AT_START)
    if pot is not None:
        h = board.cities[pot].hex
        s.city_owner[pot] = SPARTA
        for b in blocks_at(s, h):
            if s.owner[b] == SPARTA:
                s.inside[b] = True
    s.start_hex = list(s.loc)
    update_control(s)
    bid = s.options.get("bid")
    if isinstance(bid, dict) and bid.get("side") in ROLES and int(bid.get("steps", 0)) > 0:
        s.bid_left[ROLES.index(bid["side"])] = int(bid["steps"])
        s.phase = PH_SETUP
        s.say(f"10.3 Tourney bidding: {bid['side'].title()} removes {int(bid['steps'])} steps.")
        s.pending = {"kind": "bid", "side": ROLES.index(bid["side"])}
        s.tasks = [["olympiad"]]
        return
    s.tasks = [["olympiad"]]
    advance(s)


# ====================================================================== the driver
def advance(s: S) -> None:
    while s.pending is None and s.tasks and s.winner < 0:
        task = s.tasks.pop()
        TASKS[str(task[0])](s, task)
    if s.winner >= 0:
        s.phase = PH_OVER
        s.pending = None
        s.tasks = []


# the decisions both players make at once, each in secret: card play ([1]), the SYRACUSE Points option's
# Sicily cards, the Mulligan sidebar's answers (RULINGS R25) and the Replacement Phase (8.0, RULINGS R26)
SIMULTANEOUS = frozenset(("card", "sicily", "replace", "mulligan"))


def deciders(s: S) -> list[int]:
    p = s.pending
    if p is None or s.winner >= 0:
        return []
    if p["kind"] in SIMULTANEOUS:
        return [side for side in (ATHENS, SPARTA) if side in p["sides"]]
    return [int(p["side"])]


def legal(s: S, side: int) -> list[str]:
    p = s.pending
    if p is None or s.winner >= 0:
        return []
    kind = p["kind"]
    if side not in p["sides"] if kind in SIMULTANEOUS else side != int(p["side"]):
        return []  # not a decider (see deciders)
    fn = LEGAL.get(kind)
    if fn is None:
        return []
    return fn(s, side)


def apply(s: S, side: int, action: str) -> None:
    kind = s.pending["kind"] if s.pending else ""
    fn = APPLY.get(kind)
    if fn is None:
        raise IllegalActionError("no decision is pending")
    fn(s, side, action)
    advance(s)


# ====================================================================== Olympiad & cards
def t_olympiad(s: S, task: list[int | str]) -> None:
    """[1] Card Phase of a new Olympiad: shuffle the 25 cards, deal six to each player."""
    s.phase = PH_CARD
    s.turn = 1
    s.revolt_used = []
    # the Sicily cards stay at Sicily for the rest of the game (SYRACUSE Points option)
    s.deck = [c for c in range(len(s.comp.cards)) if c not in s.sicily]
    s.discard = []
    s.rng.shuffle(s.deck)
    s.hands = [[], []]
    for _ in range(6):
        for side in (ATHENS, SPARTA):
            s.hands[side].append(s.deck.pop())
    for side in (ATHENS, SPARTA):
        s.hands[side].sort()
    s.say(f"Olympiad {s.olympiad}: the cards are shuffled and six dealt to each player ([1]).")
    push(s, ["mulligan"])


def t_sicily(s: S, task: list[int | str]) -> None:
    s.phase = PH_SETUP
    s.pending = {"kind": "sicily", "sides": [ATHENS, SPARTA]}


def legal_sicily(s: S, side: int) -> list[str]:
    return ["sicily " + s.comp.cards[c].id for c in s.hands[side]]


def apply_sicily(s: S, side: int, action: str) -> None:
    c = _card_arg(s, side, action, "sicily")
    s.hands[side].remove(c)
    s.sicily[side] = c
    s.say(f"{side_name(side)} allocates a card face-down at Sicily (SYRACUSE points option).")
    assert s.pending is not None
    s.pending["sides"].remove(side)
    if not s.pending["sides"]:
        s.pending = None
        push(s, ["cardphase"])


def t_mulligan(s: S, task: list[int | str]) -> None:
    """Mulligan sidebar (RULINGS R13, R25): every Olympiad, after the deal, both players are asked
    at once whether they keep their hands; a hand under 10 MP may instead be shown for a re-deal.
    Asking both, always, and keeping each answer secret until both have answered (as in card play)
    means that neither the question nor its timing tells the opponent that a hand is under 10 MP."""
    s.phase = PH_MULLIGAN
    s.mulligan = [False, False]
    s.pending = {"kind": "mulligan", "sides": [ATHENS, SPARTA]}


def legal_mulligan(s: S, side: int) -> list[str]:
    """'keep' is always legal; 'mulligan' only for a hand under 10 MP, event cards included (R25)."""
    return ["keep", "mulligan"] if hand_mp(s, side) < 10 else ["keep"]


def apply_mulligan(s: S, side: int, action: str) -> None:
    """A secret answer (R25); when both have answered, the answers are revealed together and a
    player who asked a Mulligan shows his cards (the sidebar: "may show the cards and request a
    re-deal"). If only one did, the opponent then may keep his cards or not."""
    assert s.pending is not None
    sides: list[int] = s.pending["sides"]
    sides.remove(side)
    s.mulligan[side] = action == "mulligan"
    if s.ed1:  # first edition 4.61: the bad hand is not shown (RULINGS FE16)
        s.say("You ask a new deal (1st 4.61 bad hand)." if s.mulligan[side]
              else "You keep your hand (1st 4.61).", side)
    else:
        s.say("You will show your hand and ask a re-deal (Mulligan)." if s.mulligan[side]
              else "You keep your hand (Mulligan).", side)
    if sides:
        return
    s.pending = None
    s.reveals += 1  # the secret answers are known now
    shown = [x for x in (ATHENS, SPARTA) if s.mulligan[x]]
    if not shown:
        # the first edition's 4.61 is "Bad Hand" (Mala Mano), not the current rules' Mulligan (issue 11)
        s.say("Bad Hand (1st 4.61): both players keep their hands." if s.ed1
              else "Mulligan: both players keep their hands.")
        _after_mulligan(s)
        return
    for x in (ATHENS, SPARTA):
        if s.ed1:
            s.say(f"{side_name(x)} asks a new deal (1st 4.61: a hand under 10 MP)." if s.mulligan[x]
                  else f"{side_name(x)} keeps its hand (1st 4.61).")
        elif s.mulligan[x]:
            cards = ", ".join(_card_label(s, c) for c in s.hands[x])
            s.say(f"{side_name(x)} shows a hand of {hand_mp(s, x)} MP ({cards}) and asks a re-deal "
                  "(Mulligan).")
        else:
            s.say(f"{side_name(x)} keeps its hand (Mulligan).")
    _redeal(s, shown)
    if len(shown) == 1:
        s.pending = {"kind": "redeal", "side": 1 - shown[0]}
        return
    _after_redeal(s)


def legal_redeal(s: S, side: int) -> list[str]:
    return ["keep", "redeal"]


def apply_redeal(s: S, side: int, action: str) -> None:
    """Mulligan sidebar: "The opponent may keep his cards or not" (in plain sight, R25)."""
    s.pending = None
    if action == "redeal":
        s.say(f"{side_name(side)} also takes a new hand ({'Bad Hand, 1st 4.61' if s.ed1 else 'Mulligan'}).")
        _redeal(s, [side])
    else:
        s.say(f"{side_name(side)} keeps its hand ({'Bad Hand, 1st 4.61' if s.ed1 else 'Mulligan'}).")
    _after_redeal(s)


def _after_redeal(s: S) -> None:
    """A re-deal was made. First edition 4.61 has no limit of one: a new hand still under 10 MP may
    be re-dealt again, so both players are asked again, always (R25's protocol: the question never
    tells whether a hand is bad; RULINGS FE16). The current sidebar allows one re-deal."""
    if s.ed1:
        push(s, ["mulligan"])
    else:
        _after_mulligan(s)


def _redeal(s: S, sides: list[int]) -> None:
    """The hands shown go back into the deck, which is shuffled; six new cards each (R13)."""
    for side in sides:
        s.deck.extend(s.hands[side])
        s.hands[side] = []
    s.rng.shuffle(s.deck)
    for _ in range(6):
        for side in sides:
            s.hands[side].append(s.deck.pop())
    for side in sides:
        s.hands[side].sort()


def _after_mulligan(s: S) -> None:
    """The deal is settled: the SYRACUSE Points option's Sicily cards come out of the final hands
    ("after the first deal", R25), then the Game Turns begin."""
    if s.options.get("syracuse_points") and s.olympiad == 84 and s.sicily == [-1, -1]:
        push(s, ["sicily"])
    else:
        push(s, ["cardphase"])


def t_cardphase(s: S, task: list[int | str]) -> None:
    if not s.hands[ATHENS] or not s.hands[SPARTA]:
        push(s, ["olympiad_end"])
        return
    s.phase = PH_CARD
    s.played = [-1, -1]
    s.revealed_cards = False
    s.storm = s.earthquake = False
    s.pending = {"kind": "card", "sides": [ATHENS, SPARTA]}


def _card_label(s: S, c: int) -> str:
    card = s.comp.cards[c]
    return f"{card.mp}/{card.title}" if card.event else str(card.mp)


def _card_arg(s: S, side: int, action: str, verb: str) -> int:
    cid = action[len(verb) + 1:]
    for c in s.hands[side]:
        if s.comp.cards[c].id == cid:
            return c
    raise IllegalActionError(f"{cid!r} is not in your hand")


def legal_card(s: S, side: int) -> list[str]:
    return ["play " + s.comp.cards[c].id for c in s.hands[side]]


def apply_card(s: S, side: int, action: str) -> None:
    """[1] Both players play one card face-down; then the cards are revealed."""
    c = _card_arg(s, side, action, "play")
    s.hands[side].remove(c)
    s.played[side] = c
    s.say(f"{side_name(side)} plays a card face-down.")
    s.say(f"You play {_card_label(s, c)}.", side)
    assert s.pending is not None
    s.pending["sides"].remove(side)
    if s.pending["sides"]:
        return
    s.pending = None
    reveal_cards(s)


def reveal_cards(s: S) -> None:
    """[1]/4.6: reveal; the higher card is Player 1, events first, Sparta on ties."""
    s.revealed_cards = True
    s.reveals += 1
    cards = s.comp.cards
    ca, cs = cards[s.played[ATHENS]], cards[s.played[SPARTA]]
    s.say(f"Cards revealed: Athens {_card_label(s, s.played[ATHENS])}, "
          f"Sparta {_card_label(s, s.played[SPARTA])}.")
    if bool(ca.event) != bool(cs.event):
        p1 = ATHENS if ca.event else SPARTA
        why = "its event card has priority (4.6)"
    elif ca.mp != cs.mp:
        p1 = ATHENS if ca.mp > cs.mp else SPARTA
        why = "higher card" + (" (two events: higher MP first, 4.6)" if ca.event else " ([1])")
    else:
        p1 = SPARTA
        why = "Sparta is Player 1 on ties ([1])"
    s.p1 = p1
    s.say(f"{side_name(p1)} is Player 1: {why}.")
    events = {cards[s.played[x]].event for x in (ATHENS, SPARTA)}
    if "storm" in events:
        s.storm = True
        s.say("Storm (4.6): no naval movement this Game Turn, for both Player Turns.")
    if "earthquake" in events:
        s.earthquake = True
        s.say("Earthquake (4.6): the Game Turn is cancelled for both players except Siege "
              "Attrition; Player 1 rolls first.")
        push(s, ["attrition", p1], ["attrition", 1 - p1], ["gameturn_end"])
        return
    push(s, ["turn", p1, 0], ["turn", 1 - p1, 1], ["gameturn_end"])


# ====================================================================== player turns
def t_turn(s: S, task: list[int | str]) -> None:
    """[2]/[3] A Player Turn: events, Move Phase, Combat Phase, Siege Attrition."""
    side, step = int(task[1]), int(task[2])
    s.active = side
    s.step = step
    card = s.comp.cards[s.played[side]]
    s.mp = card.mp
    s.betrayal = False
    s.free_revolt = 0
    s.levy = 0
    s.attacks = []
    s.no_attack = []
    s.fought = []
    for b in range(len(s.loc)):
        s.start_hex[b] = s.loc[b]
        if s.owner[b] == side:
            s.moved[b] = False
            s.came_from[b] = -1
            s.crossed[b] = False
    s.say(f"{side_name(side)}'s Player Turn (Player {step + 1}), {card.mp} MP.")
    push(s, ["event", side], ["move", side], ["combat", side], ["attrition", side],
         ["turn_end", side])


def t_event(s: S, task: list[int | str]) -> None:
    """4.6: an event is played before any normal moves on that card."""
    side = int(task[1])
    card = s.comp.cards[s.played[side]]
    ev = card.event
    if ev == "betrayal":
        s.betrayal = True
        s.say(f"Betrayal: besieged defenders stormed by {side_name(side)} this turn lose double "
              "defence for both rounds (4.6, publisher's Q&A).")
    elif ev == "sedition":
        s.free_revolt = card.amount
        s.say(f"{card.title}: the first {card.amount} revolt steps this turn cost no MP (7.0).")
    elif ev == "levy":
        # asked even when no block can take a step, and spent out of sight (RULINGS R28): whether
        # any block is below strength, and which, is hidden from the opponent
        s.levy = card.amount
        s.say(f"{card.title}: {side_name(side)} spends {card.amount} {replacement.points_word(s)} on "
              "reinforcements now (8.2).")
        s.pending = {"kind": "levy", "side": side}
    elif ev == "plague":
        attrition.plague(s)


def t_move(s: S, task: list[int | str]) -> None:
    side = int(task[1])
    s.phase = PH_MOVE
    update_control(s)
    combat.ed1_face_up(s)  # first edition 5.5, 6.6: besiegers and blockaders face-up (FE33)
    s.pending = {"kind": "move", "side": side}


def t_combat(s: S, task: list[int | str]) -> None:
    side = int(task[1])
    s.phase = PH_COMBAT
    update_control(s)
    combat.ed1_face_up(s)  # first edition 5.5, 6.6: besiegers and blockaders face-up (FE33)
    if combat.combat_menu_needed(s, side):
        s.pending = {"kind": "combat", "side": side}


def t_attrition(s: S, task: list[int | str]) -> None:
    attrition.siege_attrition(s, int(task[1]))


def t_turn_end(s: S, task: list[int | str]) -> None:
    side = int(task[1])
    if side == ATHENS:
        attrition.hellespont(s)
    else:
        attrition.syracuse_grain(s)
    update_control(s)
    combat.ed1_face_up(s)  # first edition 5.5, 6.6: besiegers and blockaders face-up (FE33)


def t_gameturn_end(s: S, task: list[int | str]) -> None:
    """End of the Game Turn: sudden death (10.1); the Olympiad's last turn: [4]."""
    for c in s.played:
        if c >= 0:
            s.discard.append(c)
    s.played = [-1, -1]
    update_control(s)
    if victory.sudden_death(s):
        return
    if not s.hands[ATHENS] or not s.hands[SPARTA]:
        push(s, ["olympiad_end"])
        return
    s.turn += 1
    push(s, ["cardphase"])


def t_olympiad_end(s: S, task: list[int | str]) -> None:
    """[4] Victory Check (10.2), then the Replacement Phase (8.0)."""
    if victory.olympiad_check(s):
        return
    push(s, ["replace"], ["next_olympiad"])


def t_replace(s: S, task: list[int | str]) -> None:
    replacement.start(s)


def t_next_olympiad(s: S, task: list[int | str]) -> None:
    s.olympiad += 1
    push(s, ["olympiad"])


def t_hits(s: S, task: list[int | str]) -> None:
    combat.t_hits(s, task)


def t_battle(s: S, task: list[int | str]) -> None:
    combat.t_battle(s, task)


# ====================================================================== bid (10.3)
def legal_bid(s: S, side: int) -> list[str]:
    out = []
    for b in range(len(s.loc)):
        if s.owner[b] == side and s.loc[b] >= 0 and s.strength[b] == s.comp.blocks[b].steps \
                and s.strength[b] > 1:
            out.append("reduce " + s.comp.blocks[b].id)
    return out


def apply_bid(s: S, side: int, action: str) -> None:
    b = s.comp.block_index[action.split()[1]]
    s.strength[b] -= 1
    s.bid_left[side] -= 1
    s.say(f"10.3: {side_name(side)} removes a step from a starting block.")
    if s.bid_left[side] <= 0 or not legal_bid(s, side):
        s.bid_left[side] = 0
        s.pending = None


TASKS: dict[str, Callable[[S, list[int | str]], None]] = {
    "olympiad": t_olympiad,
    "sicily": t_sicily,
    "mulligan": t_mulligan,
    "cardphase": t_cardphase,
    "turn": t_turn,
    "event": t_event,
    "move": t_move,
    "combat": t_combat,
    "attrition": t_attrition,
    "turn_end": t_turn_end,
    "gameturn_end": t_gameturn_end,
    "olympiad_end": t_olympiad_end,
    "replace": t_replace,
    "next_olympiad": t_next_olympiad,
    "hits": t_hits,
    "battle": t_battle,
    "combatmenu": combat.t_combatmenu,
}

LEGAL: dict[str, Callable[[S, int], list[str]]] = {
    "sicily": legal_sicily,
    "mulligan": legal_mulligan,
    "redeal": legal_redeal,
    "card": legal_card,
    "bid": legal_bid,
    "move": movement.legal_move,
    "combat": combat.legal_combat,
    "levy": replacement.legal_levy,
    "replace": replacement.legal_replace,
    "hellespont": attrition.legal_hellespont,
}
LEGAL.update(combat.LEGAL)

APPLY: dict[str, Callable[[S, int, str], None]] = {
    "sicily": apply_sicily,
    "mulligan": apply_mulligan,
    "redeal": apply_redeal,
    "card": apply_card,
    "bid": apply_bid,
    "move": movement.apply_move,
    "combat": combat.apply_combat,
    "levy": replacement.apply_levy,
    "replace": replacement.apply_replace,
    "hellespont": attrition.apply_hellespont,
}
APPLY.update(combat.APPLY)


# ====================================================================== the kernel contract
# active_roles' answers: by side, and by the mask of the sides a simultaneous decision waits for
_ROLE_OF: tuple[tuple[Role, ...], ...] = tuple((r,) for r in ROLES)
_ROLES_OF: tuple[tuple[Role, ...], ...] = ((), (ROLES[ATHENS],), (ROLES[SPARTA],), ROLES)


@mypyc_attr(allow_interpreted_subclasses=True)
class AthensSpartaRules(AthensSpartaState):
    """The state with the kernel contract's listing, applying and outcome from the rule procedures above
    (issue 12): here, in a compiled module, so that in the compiled build they run natively (the kernel's
    ``apply`` calls them several times a step). The play class (``game.AthensSpartaPlay``) adds the views
    and is what the game makes; it stays an interpreted class (tests patch its methods)."""

    def active_roles(self) -> tuple[Role, ...]:
        # deciders, as roles (asked several times a step: no list built)
        p = self.pending
        if p is None or self.winner >= 0:
            return ()
        if p["kind"] in SIMULTANEOUS:
            sides = p["sides"]
            return _ROLES_OF[int(ATHENS in sides) | int(SPARTA in sides) << 1]
        return _ROLE_OF[int(p["side"])]

    def legal_actions(self, role: Role) -> list[str]:
        return list(self._kept_legal(role))

    def _kept_legal(self, role: Role) -> list[str]:
        """The legal actions of ``role``, kept for the state as it is (keyed by the role and the number of
        actions; the caller must not change the list)."""
        key = (role, len(self.actions))
        if self._legal_key == key:
            return self._legal_val
        side = SIDE_OF_ROLE.get(role)
        if side is None:
            return []
        val: list[str] = legal(self, side)
        self._legal_key = key
        self._legal_val = val
        return val

    def _is_legal(self, role: Role, text: str) -> bool:
        # membership in the kept list: the listing a caller just made is not made (nor copied) again
        return text in self._kept_legal(role)

    def _apply(self, role: Role, action: str) -> None:
        apply(self, SIDE_OF_ROLE[role], action)

    def outcome(self) -> Outcome | None:
        if self.winner < 0:
            return None
        pts = victory.points(self)
        return Outcome(ROLES[self.winner], self.win_reason, {"athens": pts[0], "sparta": pts[1]})


__all__ = ["AthensSpartaRules", "advance", "apply", "deciders", "legal", "setup"]
