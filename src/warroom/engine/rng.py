"""The random generator that lives inside a game state.

Its whole state is one 64-bit integer (splitmix64), so copying a game state
copies the dice for the price of an int, and a game is fully determined by
its seed and its actions. ``ScriptedRng`` replays fixed die rolls for tests
that reproduce a rulebook example.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """splitmix64: one int of state, good statistics, trivially copied."""

    __slots__ = ("s",)

    def __init__(self, seed: int = 0) -> None:
        self.s = _mix(seed & _MASK)

    def __repr__(self) -> str:
        return f"Rng(state=0x{self.s:016x})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.s == self.s

    def __hash__(self) -> int:
        return hash(self.s)

    def copy(self) -> Rng:
        new = Rng.__new__(Rng)
        new.s = self.s
        return new

    def next64(self) -> int:
        x = self.s = (self.s + _GOLDEN) & _MASK
        # _mix inlined: this is the hot path of every random agent and rollout
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        # next64() inlined (the same numbers); Lemire's multiply-shift, the bias is below
        # 2**-40 for any board-game n.
        x = self.s = (self.s + _GOLDEN) & _MASK
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def die(self, sides: int = 6) -> int:
        """One roll of a die numbered 1..sides."""
        return self.below(sides) + 1

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return [self.die(sides) for _ in range(count)]

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise ValueError("choice() from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def fork(self, salt: int) -> Rng:
        """An independent generator derived from this one and a salt; this one is untouched."""
        new = Rng.__new__(Rng)
        new.s = _mix(self.s ^ _mix(salt & _MASK))
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
        new.s = self.s
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
