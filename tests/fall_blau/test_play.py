"""Whole games: options, random fuzz in every mode with conservation checks, replay, determinize."""

from __future__ import annotations

import itertools
import json

import pytest

from tests.fall_blau.helpers import G, conserved
from warroom.cli.options import parse_game_options
from warroom.engine import BadOption, IllegalAction, Match, Rng

MODES = [
    pytest.param({"hard": h, "missions": m}, id=f"hard={h}-missions={m}")
    for h, m in itertools.product((False, True), repeat=2)
]
FUZZ_GAMES = 2000


def test_generals_option_through_the_cli_words() -> None:
    opts = parse_game_options(G, [], ["--hard", "--missions", "--generals", "hoth,paulus,ruoff"])
    m = Match.new(G, None, opts, seed=4)
    assert m.options == {"hard": True, "missions": True, "generals": "hoth,paulus,ruoff"}
    assert [g["id"] for g in m.view("german")["board"]["generals"]] == ["hoth", "paulus", "ruoff"]


@pytest.mark.parametrize(
    "bad", ["hoth,paulus", "hoth,hoth,paulus", "hoth,paulus,manstein", "hoth,paulus,ruoff,kleist"]
)
def test_generals_option_is_checked(bad: str) -> None:
    with pytest.raises(BadOption, match="generals"):
        Match.new(G, None, {"generals": bad}, seed=1)


def test_choosing_generals_in_the_game() -> None:
    m = Match.new(G, None, {}, seed=2)
    assert m.state.phase == "general" and len(m.legal("german")) == 5
    for gid in ("kleist", "salmuth", "paulus"):
        m.act("german", ("general", gid))
    v = m.view("german")["board"]
    assert [f["general"] for f in v["frontline"]] == ["kleist", "salmuth", "paulus"]
    assert v["pools"]["grey"] == 16 - 5 - 4 - 6 and v["calendar"]["label"] == "Early July"


@pytest.mark.parametrize("options", MODES)
def test_random_games_never_fail_dead_end_overfill_the_hand_or_lose_cubes(options: dict) -> None:  # type: ignore[type-arg]
    levels: dict[str, int] = {}
    for seed in range(FUZZ_GAMES):
        s = G.setup("standard", options, seed)
        rng = Rng(seed ^ 0x5A5A)
        steps = 0
        while not s.over:
            actions = G.legal_actions(s, "german")
            assert actions, f"dead end in phase {s.phase!r} (seed {seed})"
            G.apply(s, "german", actions[rng.below(len(actions))])
            steps += 1
            assert len(s.hand) <= 5, f"hand over five (seed {seed})"
            assert conserved(s), f"cubes not conserved (seed {seed}, step {steps})"
            assert steps < G.max_steps
        out = G.outcome(s)
        assert out is not None
        levels[out.level] = levels.get(out.level, 0) + 1
    assert sum(levels.values()) == FUZZ_GAMES


@pytest.mark.parametrize("options", MODES)
def test_replay_identity(options: dict) -> None:  # type: ignore[type-arg]
    for seed in range(20):
        m = Match.new(G, None, options, seed)
        rng = Rng(seed)
        while not m.over:
            acts = m.legal("german")
            m.act("german", acts[rng.below(len(acts))])
        again = Match.replay(json.loads(json.dumps(m.record())), game=G)
        assert G.snapshot(again.state) == G.snapshot(m.state)
        assert again.outcome == m.outcome
        assert json.dumps(m.view("german")) and json.dumps(m.view(None))


def test_determinize_resamples_only_the_deck_order_and_the_dice() -> None:
    m = Match.new(G, None, {"missions": True, "generals": "hoth,kleist,paulus"}, seed=9)
    s = m.state
    other = G.clone(s)
    other.deck.reverse()
    other.mdeck.reverse()
    other.rng = Rng(12345)
    a = G.determinize(s, "german", Rng(7))
    b = G.determinize(other, "german", Rng(7))
    assert G.snapshot(a) == G.snapshot(b)
    assert sorted(a.deck) == sorted(s.deck) and a.hand == s.hand
    assert G.view(a, "german") == G.view(s, "german")
    c = G.determinize(s, "german", Rng(8))
    assert c.deck != a.deck or c.rng.s != a.rng.s


def test_view_hides_the_deck_order_and_has_the_board() -> None:
    m = Match.new(G, None, {"generals": "hoth,kleist,paulus"}, seed=9)
    v = m.view("german")["board"]
    for key in (
        "frontline",
        "generals",
        "campaigns",
        "hand",
        "calendar",
        "supply",
        "vp",
        "thresholds",
        "track",
        "pools",
        "deck_count",
        "in_play",
        "queue",
    ):
        assert key in v
    assert "deck" not in v
    assert len(v["frontline"]) == 3 and len(v["campaigns"]) == 15
    text = G.render_text(m.state, "german")
    assert "Early July" in text and "Hoth" in text


def test_every_logged_roll_is_described_with_its_dice() -> None:
    m = Match.new(G, None, {"generals": "hoth,kleist,paulus"}, seed=3)
    rng = Rng(1)
    while not m.over:
        acts = m.legal("german")
        m.act("german", acts[rng.below(len(acts))])
    seen = set()
    for e in m.log:
        line = G.describe_event(e)
        assert line and "=" not in line, line
        for key in ("white", "dice", "black"):
            if e.get(key):
                faces = [str(x) for x in e[key]]
                said = ", ".join(faces[:-1]) + " and " + faces[-1] if len(faces) > 1 else faces[0]
                assert said in line, line
                seen.add(e["kind"])
    assert "attack" in seen and "counter-attack" in seen
    for a in m.legal("german") or []:
        assert G.label(m.state, "german", a)


def test_illegal_actions_say_why() -> None:
    m = Match.new(G, None, {"generals": "hoth,paulus,ruoff"}, seed=1)
    m.state.supply = 0
    with pytest.raises(IllegalAction, match="no supply"):
        m.act("german", ("advance", "paulus", "voronezh"))
    m.state.supply = 5
    m.act("german", ("consolidate", "hoth"))
    with pytest.raises(IllegalAction, match="exhausted"):
        m.act("german", ("consolidate", "hoth"))
