"""The seeded random number generator every game holds in its state.

Every die roll and shuffle of a game goes through its state's :class:`Rng`; nothing calls
:mod:`random`. The generator is cryptographic: keyed BLAKE2b (a pseudo-random function) in
counter mode. Block ``i`` of the stream is ``BLAKE2b(key=K, message=i)``, 64 bytes read as eight
64-bit words, and the key ``K`` is derived from the seed. No number of outputs reveals the key or
the next output, so a spectator who watches every die of a game learns nothing about the deck
order, the hands or the dice to come (issue 8: xorshift64*, used before, could be solved from ~64
public dice). What is secret is the seed: the server draws seeds of 128 random bits
(:func:`secret_seed`) and publishes them only with a finished game's record; a seed chosen by a
person (the CLI's ``--seed``, tests) is as predictable as the person.

The state is the key and a position (how many 64-bit words were used), so it clones and
serialises cheaply; the current block is a cache recomputed from them.

Scripted dice (tests only)
--------------------------
Tests may script the next die rolls of a state with :func:`script_dice`::

    script_dice(state, [6, 1, 3])   # the next three die rolls are 6, 1, 3 (d6 or d10: 1-10)

Scripted values are used first, in order, then the seeded stream continues. This is the one
documented hook for scripted dice; no other code path changes what the dice say.
"""

from __future__ import annotations

import secrets
from hashlib import blake2b
from struct import Struct
from typing import Any, Protocol, TypeVar

from polemos.core.errors import RecordError

T = TypeVar("T")

#: The name of the generator, written in records and position documents: a record made with
#: another generator does not replay the same dice.
ALGORITHM = "blake2b-ctr"
_MASK = (1 << 64) - 1
_WORDS = 8  # 64-bit words per block
_BLOCK = Struct("<8Q")
_PERSON = b"polemos.rng.v1"  # domain separation of the key derivation
SECRET_SEED_BITS = 128


def secret_seed() -> int:
    """A fresh seed of 128 random bits from the operating system (for games on the server)."""
    return secrets.randbits(SECRET_SEED_BITS)


def _key(seed: int) -> bytes:
    """The 32-byte key of ``seed`` (any integer; negative seeds are distinct from positive)."""
    if seed < 0:
        raw = b"-" + (-seed).to_bytes((-seed).bit_length() // 8 + 1, "little")
    else:
        raw = seed.to_bytes(seed.bit_length() // 8 + 1, "little")
    return blake2b(raw, digest_size=32, person=_PERSON).digest()


def _block(key: bytes, index: int) -> tuple[int, ...]:
    return _BLOCK.unpack(blake2b(index.to_bytes(16, "little"), key=key, digest_size=64).digest())


class Rng:
    """Keyed BLAKE2b in counter mode with a queue of scripted dice; ``draws`` counts every roll,
    shuffle and choice."""

    __slots__ = ("block", "draws", "key", "next_block", "pos", "scripted")

    def __init__(self, seed: int = 0, *, key: bytes | None = None, position: int = 0) -> None:
        self.key = key if key is not None else _key(seed)
        self.scripted: list[int] = []
        self.draws = 0
        self._seek(position)

    def _seek(self, position: int) -> None:
        if position < 0:
            raise ValueError("an Rng position cannot be negative")
        index, used = divmod(position, _WORDS)
        if used:
            self.block = _block(self.key, index)
            self.next_block = index + 1
            self.pos = used
        else:
            self.block = ()
            self.next_block = index
            self.pos = _WORDS

    @property
    def position(self) -> int:
        """How many 64-bit words of the stream were used (the stream's state with the key)."""
        return self.next_block * _WORDS - (_WORDS - self.pos)

    @property
    def state(self) -> tuple[bytes, int]:
        """The whole generator state (key, position): equal states give equal streams."""
        return self.key, self.position

    def _next(self) -> int:
        pos = self.pos
        if pos == _WORDS:
            self.block = _block(self.key, self.next_block)
            self.next_block += 1
            pos = 0
        self.pos = pos + 1
        return self.block[pos]

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
        r = Rng.__new__(Rng)
        r.key = self.key
        r.block = self.block  # an immutable tuple: shared
        r.next_block = self.next_block
        r.pos = self.pos
        r.scripted = list(self.scripted)
        r.draws = self.draws
        return r

    def to_json(self) -> dict[str, Any]:
        return {"algorithm": ALGORITHM, "key": self.key.hex(), "position": self.position,
                "scripted": list(self.scripted), "draws": self.draws}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Rng:
        """Read :meth:`to_json`'s document back; a document of another generator is a RecordError."""
        if not isinstance(doc, dict) or doc.get("algorithm") != ALGORITHM:
            raise RecordError(f"this position was saved with another dice generator than {ALGORITHM!r} "
                              "(positions saved before 2026-11-23 cannot be loaded)")
        try:
            key = bytes.fromhex(str(doc["key"]))
            position = int(doc["position"])
            scripted = [int(v) for v in doc.get("scripted", [])]
            draws = int(doc.get("draws", 0))
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"bad dice generator state: {exc}") from None
        if len(key) != 32 or position < 0 or draws < 0:
            raise RecordError("bad dice generator state: a 32-byte key and non-negative counts are needed")
        r = cls(key=key, position=position)
        r.scripted = scripted
        r.draws = draws
        return r


class _HasRng(Protocol):
    rng: Rng


def script_dice(state: _HasRng, values: list[int]) -> None:
    """Tests only: the next die rolls of ``state`` will be ``values``, in order."""
    for v in values:
        if not 1 <= v <= 10:
            raise ValueError(f"a scripted die must be 1-6 (d6) or 1-10 (d10), not {v}")
    state.rng.scripted.extend(values)
