"""The seeded random number generator every game holds in its state.

Every die roll and shuffle of a game goes through its state's :class:`Rng`; nothing calls
:mod:`random`. The generator is xorshift64* seeded through splitmix64: tiny, fast in pure Python,
and its whole state is one integer, so it clones and serialises for free.

Scripted dice (tests only)
--------------------------
Tests may script the next die rolls of a state with :func:`script_dice`::

    script_dice(state, [6, 1, 3])   # the next three die rolls are 6, 1, 3 (d6 or d10: 1-10)

Scripted values are used first, in order, then the seeded stream continues. This is the one
documented hook for scripted dice; no other code path changes what the dice say.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """xorshift64* with a queue of scripted dice; ``draws`` counts every roll and shuffle."""

    __slots__ = ("draws", "scripted", "state")

    def __init__(self, seed: int = 0, state: int | None = None) -> None:
        self.state = state if state is not None else (_splitmix64(seed & _MASK) or 1)
        self.scripted: list[int] = []
        self.draws = 0

    def _next(self) -> int:
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & _MASK
        x ^= x >> 27
        self.state = x
        return (x * 0x2545F4914F6CDD1D) & _MASK

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _MASK - (_MASK % n)
        while True:
            v = self._next()
            if v < limit:
                return v % n

    def d6(self) -> int:
        """Roll one six-sided die."""
        return self.die(6)

    def d10(self) -> int:
        """Roll one ten-sided die (a "0" reads as 10)."""
        return self.die(10)

    def die(self, sides: int) -> int:
        """Roll one die of ``sides`` faces (1..sides); a scripted value comes first if any."""
        self.draws += 1
        if self.scripted:
            v = self.scripted.pop(0)
            if not 1 <= v <= sides:
                raise ValueError(f"scripted die {v} cannot be rolled on a d{sides}")
            return v
        return 1 + self.below(sides)

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates)."""
        self.draws += 1
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        self.draws += 1
        return items[self.below(len(items))]

    def copy(self) -> Rng:
        r = Rng(state=self.state)
        r.scripted = list(self.scripted)
        r.draws = self.draws
        return r

    def to_json(self) -> dict[str, Any]:
        return {"state": self.state, "scripted": list(self.scripted), "draws": self.draws}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Rng:
        r = cls(state=int(doc["state"]))
        r.scripted = [int(v) for v in doc.get("scripted", [])]
        r.draws = int(doc.get("draws", 0))
        return r


class _HasRng(Protocol):
    rng: Rng


def script_dice(state: _HasRng, values: list[int]) -> None:
    """Tests only: the next die rolls of ``state`` will be ``values``, in order."""
    for v in values:
        if not 1 <= v <= 10:
            raise ValueError(f"a scripted die must be 1-6 (d6) or 1-10 (d10), not {v}")
    state.rng.scripted.extend(values)
