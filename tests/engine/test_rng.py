from collections import Counter

import pytest

from warroom.engine import Rng, ScriptedRng


def test_same_seed_same_sequence_and_copy_is_independent() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.die() for _ in range(50)] == [b.die() for _ in range(50)]
    c = a.copy()
    first = a.die(10)
    assert c.die(10) == first  # the copy continues the same stream
    a.die()
    assert a.s != c.s


def test_die_is_roughly_uniform() -> None:
    rng = Rng(7)
    counts = Counter(rng.die(6) for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    for face in range(1, 7):
        assert 9_400 < counts[face] < 10_600


def test_shuffle_is_a_permutation_and_depends_on_seed() -> None:
    items = list(range(20))
    x, y = list(items), list(items)
    Rng(1).shuffle(x)
    Rng(2).shuffle(y)
    assert sorted(x) == items and sorted(y) == items and x != y


def test_scripted_dice_follow_the_script_and_refuse_to_run_out() -> None:
    rng = ScriptedRng([3, 6, 1])
    assert [rng.die(6), rng.die(6), rng.die(6)] == [3, 6, 1]
    with pytest.raises(AssertionError, match="ran out"):
        rng.die(6)
    with pytest.raises(AssertionError, match="not on a d6"):
        ScriptedRng([9]).die(6)


def test_state_is_one_int() -> None:
    assert Rng.__slots__ == ("s",)
    assert isinstance(Rng(3).s, int)
