"""The dice generator keeps its secrets (issue 8, finding 1; architecture.md "Every die roll ...").

The old generator (xorshift64*) gave itself away: a d6 roll is ``1 + v % 6`` of a 64-bit output
``v``, so every roll's parity is the low bit of ``v``, and xorshift64*'s low output bit is a linear
function of its 64-bit state. Anyone watching ~64 public dice could solve the state and foresee
hands, the deck and every future die. These tests run that attack (Berlekamp-Massey over GF(2)
on the parities of public dice): it breaks a linear generator, and must get nowhere against ours.
"""

from __future__ import annotations

import json

import pytest

import polemos
from polemos.core.errors import RecordError
from polemos.core.rng import ALGORITHM, SECRET_SEED_BITS, Rng, secret_seed

_MASK = (1 << 64) - 1


def linear_complexity(bits: list[int]) -> int:
    """Berlekamp-Massey: the length of the shortest linear recurrence over GF(2) producing ``bits``."""
    n = len(bits)
    c, b = [0] * (n + 1), [0] * (n + 1)
    c[0] = b[0] = 1
    length, m = 0, -1
    for i in range(n):
        d = bits[i]
        for j in range(1, length + 1):
            d ^= c[j] & bits[i - j]
        if d:
            t = list(c)
            for j in range(n + 1 - (i - m)):
                c[j + i - m] ^= b[j]
            if 2 * length <= i:
                length, m, b = i + 1 - length, i, t
    return length


class XorShift64Star:
    """The generator Polemos used until 2026-11-23, kept here only to show the attack has teeth."""

    def __init__(self, state: int) -> None:
        self.state = state

    def d6(self) -> int:
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & _MASK
        x ^= x >> 27
        self.state = x
        return 1 + ((x * 0x2545F4914F6CDD1D) & _MASK) % 6  # no rejection needed for the demonstration


def parities(rolls: list[int]) -> list[int]:
    return [(r - 1) & 1 for r in rolls]


def test_the_parity_attack_breaks_a_linear_generator() -> None:
    old = XorShift64Star(0x9E3779B97F4A7C15)
    rolls = [old.d6() for _ in range(400)]
    assert linear_complexity(parities(rolls)) <= 64  # solvable from ~128 public dice


def test_dice_parities_have_no_short_linear_recurrence() -> None:
    for seed in (0, 1, 7, secret_seed()):
        rng = Rng(seed)
        bits = parities([rng.d6() for _ in range(400)])
        # a random sequence of n bits has linear complexity about n/2
        assert linear_complexity(bits) >= 180, seed


@pytest.mark.parametrize("seed", [2**100 + 3, 12345])
def test_the_dice_of_a_whole_game_have_no_short_linear_recurrence(seed: int) -> None:
    """What a spectator sees: every die logged in a game, in order."""
    game = polemos.game("go-tell-the-spartans")
    state = game.new(seed)
    chooser = Rng(3)
    rolls: list[int] = []

    class Watched(Rng):
        def die(self, sides: int) -> int:
            v = super().die(sides)
            if sides == 6:
                rolls.append(v)
            return v

    state.rng = Watched(key=state.rng.key, position=state.rng.position)
    while state.outcome() is None and len(rolls) < 300:
        role = state.active_roles()[0]
        state.apply(role, chooser.choice(state.legal_actions(role)))
    assert len(rolls) >= 100, len(rolls)
    assert linear_complexity(parities(rolls)) >= len(rolls) // 2 - 15, len(rolls)


def test_secret_seeds_have_128_bits_and_differ() -> None:
    seeds = {secret_seed() for _ in range(50)}
    assert len(seeds) == 50
    assert SECRET_SEED_BITS >= 128
    assert max(s.bit_length() for s in seeds) > 100


def test_large_and_negative_seeds_are_distinct_streams() -> None:
    big = 2**127 + 5
    streams = {tuple(rng.d6() for _ in range(40)) for rng in map(Rng, (0, 1, -1, big, big + 1, 2**64 + 1))}
    assert len(streams) == 6


def test_position_documents_name_the_generator_and_refuse_another() -> None:
    rng = Rng(4)
    rng.d10()
    doc = json.loads(json.dumps(rng.to_json()))
    assert doc["algorithm"] == ALGORITHM and "seed" not in doc
    copy = Rng.from_json(doc)
    assert [copy.d10() for _ in range(30)] == [rng.d10() for _ in range(30)]
    for bad in ({"state": 12345, "draws": 3}, {**doc, "algorithm": "xorshift64*"}, {**doc, "key": "zz"},
                {**doc, "position": -1}, {**doc, "key": "ab"}):
        try:
            Rng.from_json(bad)
        except RecordError as exc:
            assert str(exc)
        else:
            raise AssertionError(f"accepted {bad}")


def test_every_position_continues_the_same_stream() -> None:
    """Seeking to any position (a block boundary or inside a block) reads on exactly."""
    rng = Rng(99)
    words = [rng.below(1 << 40) for _ in range(37)]
    for k in range(0, 37):
        again = Rng(99)
        for _ in range(k):
            again.below(1 << 40)
        restored = Rng.from_json(json.loads(json.dumps(again.to_json())))
        assert [restored.below(1 << 40) for _ in range(37 - k)] == words[k:]
