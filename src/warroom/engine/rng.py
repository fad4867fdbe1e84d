"""The random generators that live inside a game state.

Two generators with one interface, told apart by the seed (``Rng.for_seed``):

- ``Rng``, for an integer seed (simulations, search, tests, the command line, the Python
  API): splitmix64, fast and reproducible. The k-th number after a state ``s`` is
  ``mix(s + k * GOLDEN)``, so a game is fully determined by its seed and its actions. It
  works out its next numbers a block at a time with numpy (one vector pass instead of a
  dozen big-int operations per number) and hands them out by index. Its state is a
  position in the stream: the state at the start of the block, the block (a list never
  changed once made, shared by copies) and how much of it is used, so copying a game state
  still copies the dice for the price of three references, and ``s`` (the splitmix64 state,
  what equality, hashing and the undo barrier read) is the same number the one-int
  generator had. It is not secret: 64 bits of state that a few public dice give away.
- ``SecretRng``, for a secret seed (a string of 32 to 128 hex digits: 128 to 512 bits; the
  server draws 256): the cryptographic generator of hosted matches. Number ``i`` of its
  stream is 8 bytes of SHAKE-256 (SHA-3's extendable output, from hashlib) of a domain tag,
  the key and the index of its block of 64 numbers: counter mode over a keyed hash, so no
  number of outputs tells anything about the key or the numbers still to come. Its state is
  the key and a position (how many numbers it has handed out: ``s``); blocks are shared
  by copies in the same way.

Both hand out numbers the same way (``below``, ``dice``, ``shuffle``... read one number each
from the block), so the rules never know which one they hold. ``state()`` and
``Rng.restore`` save and rebuild either as a small JSON object. ``ScriptedRng`` replays
fixed die rolls for tests that reproduce a rulebook example.
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from collections.abc import Mapping, MutableSequence, Sequence
from typing import Any, TypeVar

from warroom.engine.errors import BadSetup

T = TypeVar("T")

Seed = int | str
"""A match's seed: an int (the fast generator, ``Rng``) or a secret hex string (``SecretRng``)."""

SECRET_HEX = (32, 128)
"""The lengths (hex digits) a secret seed may have: 128 to 512 bits."""

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
# numbers per block: a fresh generator (a new seed, a fork, a set ``s``) works out its first
# few numbers one by one in Python (the many short-lived generators of searches draw only a
# handful), then a numpy block, then bigger ones for a generator that keeps going (a numpy
# pass costs about as much as a dozen numbers worked out one by one, whatever its size up to a
# few hundred)
_TINY_BLOCK = 8
_FIRST_BLOCK = 128
_BLOCK = 256
_EMPTY: list[int] = []


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


_np: Any = None  # numpy, imported for the first block (keeps start-up of the CLI quick)
_consts: tuple[Any, ...] = ()  # the mixing constants as numpy scalars
_steps: dict[int, Any] = {}  # block size -> the array k * GOLDEN for k = 1..size (mod 2**64)


def _tiny(at: int, size: int) -> list[int]:
    """``_block`` for a few numbers: one by one, without numpy's fixed cost."""
    out = []
    for k in range(1, size + 1):
        z = (at + k * _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        out.append(z ^ (z >> 31))
    return out


def _block(at: int, size: int) -> list[int]:
    """The ``size`` numbers that follow the splitmix64 state ``at``."""
    global _np, _consts
    np = _np
    if np is None:
        import numpy

        np = _np = numpy
        # 0-d uint64 arrays: as operands they cost numpy less than scalars or Python ints
        _consts = tuple(
            numpy.array(c, dtype=numpy.uint64)
            for c in (30, 0xBF58476D1CE4E5B9, 27, 0x94D049BB133111EB, 31)
        )
    steps = _steps.get(size)
    if steps is None:
        steps = _steps[size] = np.array(
            [k * _GOLDEN & _MASK for k in range(1, size + 1)], dtype=np.uint64
        )
    r30, m1, r27, m2, r31 = _consts
    # uint64 arithmetic wraps modulo 2**64, exactly what the masks do on Python ints
    z = steps + np.uint64(at)
    z ^= z >> r30
    z *= m1
    z ^= z >> r27
    z *= m2
    z ^= z >> r31
    out: list[int] = z.tolist()
    return out


class Rng:
    """splitmix64, a block of numbers at a time; copies share the block."""

    __slots__ = ("_at", "_i", "_zs")

    def __init__(self, seed: int = 0) -> None:
        self._at = _mix(seed & _MASK)
        self._zs = _EMPTY
        self._i = 0

    @staticmethod
    def for_seed(seed: Seed) -> Rng:
        """The generator of a match's seed: ``SecretRng`` for a secret (a hex string), the fast
        ``Rng`` for an int. Every game's ``setup`` makes its generator this way."""
        if isinstance(seed, str):
            return SecretRng(seed)
        return Rng(seed)

    def state(self) -> dict[str, Any]:
        """Where this generator stands, as a small JSON object (``Rng.restore`` rebuilds it).
        The 64-bit state is a hex string: JavaScript's numbers cannot hold it."""
        return {"kind": "splitmix64", "s": f"{self.s:016x}"}

    @staticmethod
    def restore(state: Mapping[str, Any]) -> Rng:
        """The generator ``state()`` described, at the same place in its stream."""
        kind = state.get("kind")
        try:
            if kind == "splitmix64":
                rng = Rng()
                rng.s = int(state["s"], 16)
                return rng
            if kind == "shake256":
                sec = SecretRng(state["key"])
                sec.s = int(state["at"])
                return sec
            if kind == "scripted":
                scripted = ScriptedRng(state["rolls"], strict=bool(state["strict"]))
                scripted.s = int(state["s"], 16)
                return scripted
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a generator state: {exc!s:.80}") from None
        raise ValueError(
            f"a generator state has kind splitmix64, shake256 or scripted, got {kind!r:.40}"
        )

    @property
    def s(self) -> int:
        """The splitmix64 state: where this generator stands in its stream."""
        return (self._at + self._i * _GOLDEN) & _MASK

    @s.setter
    def s(self, value: int) -> None:
        self._at = value & _MASK
        self._zs = _EMPTY
        self._i = 0

    def __repr__(self) -> str:
        return f"Rng(state=0x{self.s:016x})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.s == self.s

    def __hash__(self) -> int:
        return hash(self.s)

    def copy(self) -> Rng:
        if self._i >= len(self._zs):
            # nothing left to share: work out the next block now, once for this generator
            # and its copies (they would each work out the same numbers on their first draw)
            self._refill(_TINY_BLOCK + 1)
            self._i = 0
        new = Rng.__new__(Rng)
        new._at = self._at
        new._zs = self._zs
        new._i = self._i
        return new

    def _refill(self, need: int) -> list[int]:
        """A new block starting where this generator stands, at least ``need`` long."""
        at = (self._at + self._i * _GOLDEN) & _MASK
        had = len(self._zs)
        if not had and need <= _TINY_BLOCK:
            zs = _tiny(at, _TINY_BLOCK)  # a fresh generator's first numbers
        else:
            size = _BLOCK if had >= _FIRST_BLOCK else _FIRST_BLOCK
            zs = _block(at, need if need > size else size)
        self._at = at
        self._zs = zs
        self._i = 0
        return zs

    def _take(self, k: int) -> list[int]:
        """The next ``k`` numbers, in order."""
        i = self._i
        zs = self._zs
        end = i + k
        if end <= len(zs):
            self._i = end
            return zs[i:end]
        out = zs[i:]
        self._i = len(zs)
        k -= len(out)
        out += self._refill(k)[:k]
        self._i = k
        return out

    def next64(self) -> int:
        i = self._i
        zs = self._zs
        if i < len(zs):
            self._i = i + 1
            return zs[i]
        z = self._refill(1)[0]
        self._i = 1
        return z

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        # next64() inlined; Lemire's multiply-shift, the bias is below 2**-40 for any
        # board-game n
        i = self._i
        zs = self._zs
        if i < len(zs) and n > 0:
            self._i = i + 1
            return (zs[i] * n) >> 64
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        z = self._refill(1)[0]
        self._i = 1
        return (z * n) >> 64

    def die(self, sides: int = 6) -> int:
        """One roll of a die numbered 1..sides."""
        return self.below(sides) + 1

    def dice(self, count: int, sides: int = 6) -> list[int]:
        if count <= 0:
            return []
        if sides <= 0:
            raise ValueError(f"dice() needs dice with at least one side, got {sides}")
        return [((z * sides) >> 64) + 1 for z in self._take(count)]

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise ValueError("choice() from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates from the end: position i swaps with ``below(i + 1)``, i = n-1 .. 1."""
        i = len(seq) - 1
        if i < 1:
            return
        for z in self._take(i):
            j = (z * (i + 1)) >> 64
            seq[i], seq[j] = seq[j], seq[i]
            i -= 1

    def fork(self, salt: int) -> Rng:
        """An independent generator derived from this one and a salt; this one is untouched."""
        new = Rng.__new__(Rng)
        new._at = _mix(self.s ^ _mix(salt & _MASK))
        new._zs = _EMPTY
        new._i = 0
        return new


def check_seed(seed: Any) -> Seed:
    """A seed as a match keeps it: an int, or a secret as lower-case hex (BadSetup otherwise)."""
    if isinstance(seed, str):
        low, high = SECRET_HEX
        text = seed.strip().lower()
        if not low <= len(text) <= high or len(text) % 2 or text.strip("0123456789abcdef"):
            raise BadSetup(
                "a seed is a whole number (the fast generator: simulations, local play) or a"
                f" secret of {low} to {high} hex digits, an even count (the cryptographic"
                f" generator of hosted matches); got a string of {len(seed)} characters"
            )
        return text
    try:
        return int(seed)
    except (TypeError, ValueError):
        raise BadSetup(
            f"a seed is a whole number or a secret hex string, got {type(seed).__name__}"
        ) from None


def new_secret_seed() -> str:
    """A fresh secret seed of 256 bits from the operating system's CSPRNG (``secrets``)."""
    return secrets.token_hex(32)


_SECRET_BLOCK = 64  # numbers per SHAKE-256 call: 512 bytes of output
_DOMAIN = b"warroom dice v1\0"
_FORK = b"warroom fork v1\0"


class SecretRng(Rng):
    """The cryptographic generator of a secret seed: SHAKE-256 of (tag, key, block index).

    ``s`` is the position in the stream: how many numbers have been handed out, which is
    what equality, the undo barrier and the snapshots read; the key never shows in ``s``,
    ``repr`` or a snapshot (``state()`` carries it: it is for saving, not for showing).
    """

    __slots__ = ("_key",)

    def __init__(self, seed: str) -> None:
        checked = check_seed(seed)
        if not isinstance(checked, str):
            raise BadSetup("a SecretRng needs a secret seed (a hex string), not a number")
        self._key = bytes.fromhex(checked)
        self._at = 0
        self._zs = _EMPTY
        self._i = 0

    @property
    def s(self) -> int:
        """How many numbers this generator has handed out."""
        return self._at + self._i

    @s.setter
    def s(self, value: int) -> None:
        if value < 0:
            raise ValueError(f"a position in the stream is 0 or more, got {value}")
        self._at = value
        self._zs = _EMPTY
        self._i = 0

    def __repr__(self) -> str:
        return f"SecretRng(at={self.s})"  # never the key

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is SecretRng
            and other.s == self.s
            and secrets.compare_digest(other._key, self._key)
        )

    def __hash__(self) -> int:
        return hash((self.s, self._key))

    def state(self) -> dict[str, Any]:
        return {"kind": "shake256", "key": self._key.hex(), "at": self.s}

    def copy(self) -> SecretRng:
        new = SecretRng.__new__(SecretRng)
        new._key = self._key
        new._at = self._at
        new._zs = self._zs
        new._i = self._i
        return new

    def _refill(self, need: int) -> list[int]:
        """The numbers from where this generator stands to the end of the block that holds the
        ``need``-th of them (whole blocks are hashed; the first is cut at the position)."""
        at = self._at + self._i
        first = at // _SECRET_BLOCK
        last = (at + max(need, 1) - 1) // _SECRET_BLOCK
        data = b"".join(
            hashlib.shake_256(_DOMAIN + self._key + b.to_bytes(8, "little")).digest(
                8 * _SECRET_BLOCK
            )
            for b in range(first, last + 1)
        )
        numbers = list(struct.unpack(f"<{len(data) // 8}Q", data))
        zs = numbers[at - first * _SECRET_BLOCK :]
        self._at = at
        self._zs = zs
        self._i = 0
        return zs

    def fork(self, salt: int) -> SecretRng:
        """An independent secret generator derived from this one's key, position and a salt."""
        new = SecretRng.__new__(SecretRng)
        material = _FORK + self._key + struct.pack("<QQ", self.s & _MASK, salt & _MASK)
        new._key = hashlib.shake_256(material).digest(32)
        new._at = 0
        new._zs = _EMPTY
        new._i = 0
        return new


class ScriptedRng(Rng):
    """Dice fixed in advance, for tests that follow a rulebook example.

    ``die(sides)`` returns the next scripted value (checked against the die);
    anything else (shuffles, draws from a cup) uses the ordinary generator
    seeded by ``seed``. Running out of scripted rolls is an error, so a test
    cannot silently fall back to random dice.
    """

    __slots__ = ("rolls", "strict")

    def __init__(self, rolls: Sequence[int], seed: int = 0, strict: bool = True) -> None:
        super().__init__(seed)
        self.rolls = list(rolls)
        self.strict = strict

    def __repr__(self) -> str:
        return f"ScriptedRng(rolls={self.rolls!r})"

    def copy(self) -> ScriptedRng:
        new = ScriptedRng.__new__(ScriptedRng)
        new._at = self._at
        new._zs = self._zs
        new._i = self._i
        new.rolls = list(self.rolls)
        new.strict = self.strict
        return new

    def die(self, sides: int = 6) -> int:
        if not self.rolls:
            if self.strict:
                raise AssertionError("the scripted dice ran out: the test expected fewer rolls")
            return super().die(sides)
        value = self.rolls.pop(0)
        if not 1 <= value <= sides:
            raise AssertionError(f"scripted roll {value} is not on a d{sides}")
        self.next64()  # keep the state moving so undo barriers still see a roll
        return value

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return [self.die(sides) for _ in range(count)]

    def state(self) -> dict[str, Any]:
        out = super().state()
        out.update(kind="scripted", rolls=list(self.rolls), strict=self.strict)
        return out
