"""The cryptographic generator of hosted matches (``SecretRng``) beside the fast one (``Rng``).

Issue 17: a hosted match's seed is a secret of at least 128 bits and its dice come from a
generator keyed by it that public outputs do not give away; integer seeds keep the fast
splitmix64 generator and every game they gave before.
"""

from __future__ import annotations

import hashlib
import json
import struct

import pytest

from tests.engine.toy import DUEL
from tests.secrets.toys import SHEETS
from warroom.engine import (
    BadSetup,
    Match,
    Rng,
    SecretRng,
    check_seed,
    game_ids,
    new_secret_seed,
)
from warroom.engine.contract import plain

KEY = "00112233445566778899aabbccddeeff" * 2  # a fixed secret for the tests (256 bits)


def _shake_reference(key_hex: str, count: int) -> list[int]:
    """Number i of the secret stream: 8 bytes of SHAKE-256(tag, key, block i // 64), little
    endian, as engine/rng.py documents it (so a record stays verifiable by any other tool)."""
    out: list[int] = []
    block = 0
    while len(out) < count:
        data = hashlib.shake_256(
            b"warroom dice v1\0" + bytes.fromhex(key_hex) + block.to_bytes(8, "little")
        ).digest(512)
        out += struct.unpack("<64Q", data)
        block += 1
    return out[:count]


def test_a_secret_seed_gives_the_keyed_shake256_stream_across_blocks() -> None:
    ref = _shake_reference(KEY, 400)
    rng = Rng.for_seed(KEY)
    assert type(rng) is SecretRng
    got = [rng.next64() for _ in range(70)]  # crosses a block
    got += [rng.below(1 << 64) for _ in range(30)]
    assert got == ref[:100]
    dice = rng.dice(100, 6)
    assert dice == [(z * 6 >> 64) + 1 for z in ref[100:200]]
    deck = list(range(53))
    rng.shuffle(deck)  # Fisher-Yates from the end, one number a swap, as Rng does
    want = list(range(53))
    for k, i in enumerate(range(52, 0, -1)):
        j = (ref[200 + k] * (i + 1)) >> 64
        want[i], want[j] = want[j], want[i]
    assert deck == want
    assert rng.s == 252  # its position: how many numbers it has handed out


def test_integer_seeds_keep_the_fast_generator_and_its_stream() -> None:
    fast, plain_rng = Rng.for_seed(2026), Rng(2026)
    assert type(fast) is Rng
    assert [fast.next64() for _ in range(300)] == [plain_rng.next64() for _ in range(300)]
    assert Match.new(DUEL, seed=7).record()["seed"] == 7


def test_seeds_are_checked_and_a_secret_has_at_least_128_bits() -> None:
    assert check_seed(7) == 7
    assert check_seed(KEY.upper()) == KEY
    s = new_secret_seed()
    assert len(s) * 4 >= 128 and check_seed(s) == s and s != new_secret_seed()
    for bad in ("42", "ab" * 15, "zz" * 16, "abc" * 11, "ab" * 65):
        with pytest.raises(BadSetup, match="32 to 128 hex digits"):
            check_seed(bad)
    with pytest.raises(BadSetup, match="32 to 128 hex digits"):
        Match.new(DUEL, seed="1234")


@pytest.mark.parametrize("gid", game_ids())
def test_every_game_plays_and_replays_on_a_secret_seed(gid: str) -> None:
    seed = new_secret_seed()
    m = Match.new(gid, seed=seed)
    assert type(m.state.rng) is SecretRng
    pick = Rng(5)
    for _ in range(60):
        if m.over:
            break
        role = m.active[0]
        m.act(role, pick.choice(m.legal(role)))
    again = Match.replay(json.loads(json.dumps(m.record())))
    assert again.record()["seed"] == seed
    assert m.game.snapshot(again.state) == m.game.snapshot(m.state)
    assert again.state.rng == m.state.rng
    # the generator a search plans with is a fresh fast one, never the match's keyed one
    role = m.game.roles[0]
    world = m.game.determinize(m.state, role, Rng(9))
    assert type(world.rng) is Rng


def test_the_key_never_shows_in_a_snapshot_repr_or_view() -> None:
    m = Match.new(DUEL, seed=KEY)
    for _ in range(8):
        for role in m.active:
            m.act(role, ("bid", 2))  # ties: the die is rolled every round
    assert m.state.rng.s > 0
    shown = [
        repr(m.state.rng),
        json.dumps(plain(m.state)),
        json.dumps(m.game.snapshot(m.state)),
        json.dumps(m.view(None)),
        json.dumps([m.view(r) for r in m.game.roles]),
        json.dumps(m.log),
    ]
    for text in shown:
        assert KEY not in text and KEY[:16] not in text


def test_copies_forks_equality_and_the_undo_barrier_work_on_the_secret_generator() -> None:
    a = Rng.for_seed(KEY)
    a.dice(10)
    b = a.copy()
    assert a == b and hash(a) == hash(b)
    assert a.die() == b.die()
    b.die()
    assert a != b
    other = Rng.for_seed("ff" * 32)
    other.s = a.s
    assert other != a  # same position, another key
    f1, f2 = a.fork(3), a.fork(3)
    assert type(f1) is SecretRng and f1 == f2 and f1.dice(20) == f2.dice(20)
    assert a.fork(4).dice(20) != a.fork(3).dice(20)
    # Match.act keeps no undo past a roll of the keyed dice
    m = Match.new(SHEETS, seed=KEY)
    m.act("red", ("order", 1))
    m.act("blue", ("order", 1))
    assert m.can_undo("red") and m.can_undo("blue")
    m.act("red", ("done",))
    m.act("blue", ("done",))  # a tie: the die is rolled
    assert not m.can_undo("blue") and m.log[-2]["kind"] == "tie"


def test_generator_state_is_small_json_and_restores_either_kind() -> None:
    for rng in (Rng(11), Rng.for_seed(KEY)):
        rng.dice(70)
        saved = json.loads(json.dumps(rng.state()))
        back = Rng.restore(saved)
        assert type(back) is type(rng) and back == rng
        assert back.dice(200) == rng.dice(200)
    fast = Rng(3).state()
    assert fast["kind"] == "splitmix64" and isinstance(fast["s"], str)  # no int past 53 bits
    with pytest.raises(ValueError, match="kind splitmix64, shake256 or scripted"):
        Rng.restore({"kind": "mersenne"})
