"""Athens & Sparta: other worlds a role cannot tell from this one (the ``hidden_variants`` hook).

What a role sees is its view (``view.py``): its own hand and blocks, every block's owner, hex and
side of the walls (R23), the faces of blocks revealed in the present battle, the cards played and
revealed, the Sicily cards once revealed. Everything else is hidden from it, and a variant changes
only that:

- **the opponent's cards**: his hand (and his face-down card before both have played, and his
  Sicily card before SYRACUSE is attacked) is dealt again from the cards the role has not seen —
  the deck and those very cards — and the deck keeps the rest in a new order. In a Mulligan
  question the opponent's secret answer stays possible for his new hand (R25).
- **the opponent's blocks**: his blocks that stand upright (not revealed) change places among
  themselves and with his Replacement Pool, an army for an army and a navy for a navy (so every
  hex keeps its stacking, sieges, blockades and sea control, which are in plain sight), each
  with a strength drawn from 1 to its steps. Blocks whose identity has public consequences stay:
  green blocks (9.5: they change sides with their home city), the rebel navies and their twins
  (9.4), revolt blocks (7.0), and blocks named by the procedure in progress (a battle, a move, a
  decision, this phase's builds).
- **the dice to come**: the second variant also has a fresh generator.

With ``keep_identities`` (what the fuzzer's strict comparison needs: every action text then means
the same thing in public in both positions) the one variant re-deals the cards and changes the
strengths of the opponent's upright blocks, which stay where they are.

A variant is a legal position (it loads, replays from its own position document and keeps the
game's invariants), so the fuzzer can play on from it (``polemos.testing.fuzz``) and a search
(ISMCTS) can sample from it. It is not promised to be consistent with everything the role saw in
earlier turns (a block it watched lose steps may come back at full strength): only with what it
sees now.
"""

from __future__ import annotations

from polemos.core.game import Role, State
from polemos.core.rng import Rng
from polemos.games.athens_sparta.model import NAVY, NEUTRAL, REVOLT
from polemos.games.athens_sparta.rules import hand_mp
from polemos.games.athens_sparta.state import POOL, SIDE_OF_ROLE, AthensSpartaState

S = AthensSpartaState

# block fields that belong to the place a block stands in, not to the block: they stay with the
# place when blocks trade places (the role watched that place, not the block)
_PLACE_FIELDS = ("loc", "inside", "moved", "came_from", "crossed", "start_hex", "halfhit")


def hidden_variants(state: State, role: Role, rng: Rng, keep_identities: bool = False) -> list[State]:
    """Positions that differ from ``state`` only in what ``role`` cannot see (see the module
    docstring): the opponent's cards dealt again and his upright blocks placed again, and the same
    with fresh dice to come; with ``keep_identities`` one position where his upright blocks stay
    where they are and only their strengths change. None for a role that is not a side."""
    assert isinstance(state, AthensSpartaState)
    side = SIDE_OF_ROLE.get(role)
    if side is None:
        return []
    first = state.clone()
    _deal_again(first, 1 - side, rng)
    _place_again(first, 1 - side, rng, not keep_identities)
    first.reset_caches()
    if keep_identities:
        return [first]
    second = first.clone()
    second.rng = Rng(rng.below(1 << 62))
    return [first, second]


def _deal_again(s: S, other: int, rng: Rng) -> None:
    """The opponent's unseen cards and the deck, dealt again from the same unseen cards."""
    hidden_played = s.played[other] >= 0 and not s.revealed_cards
    hidden_sicily = s.sicily[other] >= 0 and not s.syracuse_revealed
    unseen = list(s.deck) + list(s.hands[other])
    if hidden_played:
        unseen.append(s.played[other])
    if hidden_sicily:
        unseen.append(s.sicily[other])
    rng.shuffle(unseen)
    hand = [unseen.pop() for _ in s.hands[other]]
    s.hands[other] = sorted(hand)
    if hidden_played:
        s.played[other] = unseen.pop()
    if hidden_sicily:
        s.sicily[other] = unseen.pop()
    s.deck = unseen
    p = s.pending
    if p is not None and p["kind"] == "mulligan" and s.mulligan[other] and hand_mp(s, other) >= 10:
        s.mulligan[other] = False  # his secret answer must be one his new hand allows (R25)


def _named_blocks(s: S) -> set[int]:
    """Blocks the procedure in progress refers to by index (they keep their identity)."""
    named = set(s.no_attack) | set(s.new_blocks) | set(s.revolt_used[0::2])
    if s.battle is not None:
        named.update(int(b) for b in s.battle["blocks"])
    if s.moving >= 0:
        named.add(s.moving)
    p = s.pending
    if p is not None:
        if "block" in p:
            named.add(int(p["block"]))
        named.update(int(b) for b in p.get("cands", []))
    return named


def _place_again(s: S, other: int, rng: Rng, trade: bool) -> None:
    """The opponent's upright blocks take new strengths and, if ``trade``, trade places among
    themselves and with his pool, an army for an army and a navy for a navy."""
    blocks = s.comp.blocks
    rebel_cities = {spec.rebel_of for spec in blocks if spec.rebel_of >= 0}
    named = _named_blocks(s)
    for navy in (False, True):
        group = []
        for b, spec in enumerate(blocks):
            if s.owner[b] != other or b in named or s.revealed[b] or spec.side == NEUTRAL:
                continue
            if spec.type == REVOLT or spec.rebel_of >= 0 or (spec.type == NAVY and spec.home in rebel_cities):
                continue
            if (spec.type == NAVY) != navy or not (s.loc[b] >= 0 or s.loc[b] == POOL):
                continue
            group.append(b)
        if trade:
            # in the Replacement Phase a block is also where the other side sees it (R26)
            fields = (*_PLACE_FIELDS, "rp_loc") if s.rp_loc else _PLACE_FIELDS
            places = [tuple(getattr(s, f)[b] for f in fields) for b in group]
            rng.shuffle(places)
            for b, place in zip(group, places, strict=True):
                for f, value in zip(fields, place, strict=True):
                    getattr(s, f)[b] = value
        for b in group:
            s.strength[b] = 1 + rng.below(blocks[b].steps) if s.loc[b] >= 0 else 0
