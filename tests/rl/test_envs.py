"""The environments for agents, checked with Gymnasium's, PettingZoo's and OpenSpiel's own checkers.

Every registered game is covered (games that land later are picked up), plus the
engine's test game Duel (secret simultaneous bids and a die) and the AI's test
game Solo (one role, a hidden deck), which exercise every feature the
interfaces must carry.
"""

from __future__ import annotations

import json
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env, data_equivalence
from pettingzoo.test import api_test, parallel_api_test

import warroom
from tests.ai.solo import SOLO
from tests.engine.toy import DUEL, Duel
from warroom.ai.base import RulesAgent, rules_policy
from warroom.engine import Game, Match, Rng
from warroom.rl import aec_env, encoding_for, env_name, gym_env, parallel_env
from warroom.rl.encoding import load_universe, universe_path

pyspiel = pytest.importorskip("pyspiel")
from warroom.rl.openspiel import openspiel_game, short_name  # noqa: E402

GAMES: list[Game[Any]] = [DUEL, SOLO, *(warroom.game(g) for g in warroom.games())]
IDS = [g.id for g in GAMES]
STEP_CAP = 400
"""Random play in the API checkers stops here for big games (the engine's own fuzz plays whole games)."""
SPIEL_CAP = 80
"""OpenSpiel's random simulation test reads every string and tensor at every step: shorter games."""


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the checkers warn about unbounded Boxes and role names
        yield


def _playout(game: Game[Any], seed: int, steps: int) -> list[Match]:
    """States along a random game: a list of matches at successive points."""
    m = Match.new(game, seed=seed)
    rng = Rng(seed)
    seen = [m.clone()]
    while not m.over and len(m.steps) < steps:
        role = m.active[rng.below(len(m.active))]
        actions = m.legal(role)
        m.act(role, actions[rng.below(len(actions))])
        seen.append(m.clone())
    return seen


# ----- Gymnasium ------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_gymnasium_check_env(game: Game[Any]) -> None:
    for role in game.roles:
        check_env(gym_env(game, role=role, max_steps=STEP_CAP), skip_render_check=True)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_gymnasium_masked_episode_ends_with_the_games_result(game: Game[Any]) -> None:
    env = gym_env(game, max_steps=STEP_CAP)
    obs, info = env.reset(seed=5)
    assert env.observation_space.contains(obs)
    total, done = 0.0, False
    while not done:
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (env.action_space.n,) and mask.any()
        action = env.action_space.sample(mask=mask)
        assert mask[action] == 1
        obs, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(obs)
        total += reward
        done = terminated or truncated
    if terminated:
        outcome = info["outcome"]
        if outcome["winner"] == env.role:
            assert total == 1.0
        else:
            draw = outcome["draw"] and len(game.roles) > 1  # alone, not winning is losing
            assert total == (0.0 if draw else -1.0)
    else:
        assert total == 0.0 and env.match is not None and len(env.match.steps) >= STEP_CAP


def test_gymnasium_registered_ids_make_every_game() -> None:
    for gid in warroom.games():
        env = gymnasium.make(env_name(gid))
        _, info = env.reset(seed=1)
        assert info["action_mask"].any()
        env.close()


@pytest.mark.parametrize(
    "gid", [g for g in warroom.games() if len(warroom.game(g).roles) > 1 and rules_policy(g)]
)
def test_gymnasium_against_the_rules_agent(gid: str) -> None:
    """The fixed opponent can be a game's rule-based agent, named as on the command line."""
    game = warroom.game(gid)
    for role in game.roles:
        env = gym_env(gid, role=role, opponent="rules", max_steps=STEP_CAP)
        _, info = env.reset(seed=3)
        assert isinstance(env.opponents[next(r for r in game.roles if r != role)], RulesAgent)
        for _ in range(30):
            _, _, terminated, truncated, info = env.step(
                env.action_space.sample(mask=info["action_mask"])
            )
            if terminated or truncated:
                break


def test_gymnasium_against_the_search_agent() -> None:
    """The opponent spec is the command line's: a search agent with its options."""
    env = gym_env(DUEL, opponent="search:iterations=20")
    _, info = env.reset(seed=1)
    assert type(env.opponents["south"]).__name__ == "SearchAgent"
    done = False
    while not done:
        _, reward, terminated, truncated, info = env.step(
            env.action_space.sample(mask=info["action_mask"])
        )
        done = terminated or truncated
    assert terminated and reward == (1.0 if info["outcome"]["winner"] == "north" else -1.0)


def test_gymnasium_unlisted_index_loses_or_raises() -> None:
    env = gym_env(DUEL)
    _, info = env.reset(seed=0)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(bad)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    with pytest.raises(RuntimeError):
        env.step(0)
    strict = gym_env(DUEL, illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(warroom.IllegalAction):
        strict.step(bad)


def test_gymnasium_opponent_is_a_warroom_agent_and_chooses_first_at_secret_choices() -> None:
    env = gym_env(DUEL, role="north", opponent="random")
    _, info = env.reset(seed=2)
    # both are asked at once: south has already bid, and north's view shows only that it did
    assert info["view"]["bid_made"] == ["south"] and info["view"]["my_bid"] is None
    assert info["actions"] == [[0, ["bid", 1]], [1, ["bid", 2]], [2, ["bid", 3]]]
    assert info["prompt"] == "Bid secretly"


# ----- PettingZoo -----------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_pettingzoo_aec_api(game: Game[Any]) -> None:
    api_test(aec_env(game, max_steps=STEP_CAP), num_cycles=STEP_CAP // 2)


@pytest.mark.parametrize("game", [g for g in GAMES if g.simultaneous], ids=lambda g: g.id)
def test_pettingzoo_parallel_api(game: Game[Any]) -> None:
    parallel_api_test(parallel_env(game, max_steps=STEP_CAP), num_cycles=STEP_CAP // 2)


def _masked_parallel_run(env: Any, seed: int, cycles: int) -> list[Any]:
    """A parallel episode from ``reset(seed)``, each asked agent sampling its action with
    its mask (an agent not asked has an all-zero mask: its action is ignored); every step's
    actions and returns, in order."""
    obs, infos = env.reset(seed=seed)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(42 + i)
    trace: list[Any] = [obs, infos]
    for _ in range(cycles):
        if not env.agents:
            break
        actions = {
            a: env.action_space(a).sample(mask=obs[a]["action_mask"])
            if obs[a]["action_mask"].any()
            else 0
            for a in env.agents
        }
        obs, rewards, terms, truncs, infos = env.step(actions)
        assert not any(info.get("illegal_action") for info in infos.values()), (
            "an action sampled with its mask was refused"
        )
        trace.append((actions, obs, rewards, terms, truncs, infos))
    return trace


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_pettingzoo_parallel_masked_seed(game: Game[Any]) -> None:
    """PettingZoo's parallel_seed_test samples without the mask, so its first action ends the
    episode as illegal and it checks one step (and stops at ``any(terminations)``, true for any
    dict of agents): here every agent samples with its mask, for many steps, and two
    environments reset with one seed must agree on every action, observation, reward, end and
    info, while another seed plays differently (in a game with chance)."""
    cycles = 150
    one = _masked_parallel_run(parallel_env(game, max_steps=STEP_CAP), 42, cycles)
    two = _masked_parallel_run(parallel_env(game, max_steps=STEP_CAP), 42, cycles)
    steps = len(one) - 2
    ended = bool(steps) and all(one[-1][3].values())
    assert steps == cycles or ended, f"{game.id}: stopped after {steps} steps without an end"
    for k, (a, b) in enumerate(zip(one, two, strict=True)):
        assert data_equivalence(a, b), f"{game.id}: the two runs part at step {k}"
    if game.chance:  # (without chance the seed has nothing to decide)
        other = _masked_parallel_run(parallel_env(game, max_steps=STEP_CAP), 43, cycles)
        assert not data_equivalence(one, other), f"{game.id}: another seed played the same"


def test_pettingzoo_aec_game_to_the_end_pays_the_winner() -> None:
    env = aec_env(DUEL)
    env.reset(seed=4)
    finals: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            finals[agent] = reward
            env.step(None)
            continue
        env.step(env.action_space(agent).sample(mask=obs["action_mask"]))
    out = env.match.outcome if env.match else None
    assert out is not None and out.winner is not None
    loser = next(r for r in DUEL.roles if r != out.winner)
    assert finals == {out.winner: 1.0, loser: -1.0}


def test_pettingzoo_parallel_steps_both_secret_bids_together() -> None:
    env = parallel_env(DUEL)
    obs, _ = env.reset(seed=1)
    assert all(obs[a]["action_mask"].tolist()[:3] == [1, 1, 1] for a in DUEL.roles)
    obs, rewards, *_ = env.step({"north": 2, "south": 0})  # bids 3 and 1: north scores 3
    assert env.match is not None and env.match.state.score == {"north": 3, "south": 0}
    assert rewards == {"north": 0.0, "south": 0.0}


# ----- OpenSpiel ------------------------------------------------------------------------------
def _seeded(state: Any, n: int) -> Any:
    """``state`` after its root chance nodes draw the seed ``n`` (digit by digit)."""
    while state.is_chance_node():
        outcomes = len(state.chance_outcomes())
        state.apply_action(n % outcomes)
        n //= outcomes
    return state


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_openspiel_random_sim(game: Game[Any]) -> None:
    spiel = openspiel_game(game, max_steps=SPIEL_CAP)
    t = spiel.get_type()
    assert t.short_name == short_name(game.id)
    expected_dynamics = (
        pyspiel.GameType.Dynamics.SIMULTANEOUS
        if game.simultaneous
        else pyspiel.GameType.Dynamics.SEQUENTIAL
    )
    assert t.dynamics == expected_dynamics
    assert (t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION) == (
        game.hidden_information or game.simultaneous
    )
    assert (t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC) == game.chance
    pyspiel.random_sim_test(spiel, num_sims=2, serialize=True, verbose=False)
    if game.simultaneous:
        turns = openspiel_game(game, turn_based=True, max_steps=SPIEL_CAP)
        assert turns.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        pyspiel.random_sim_test(turns, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_openspiel_serialized_state_plays_on_alike(game: Game[Any]) -> None:
    """A state serialized and read back is the same position with the same future dice: both
    copies, given the same actions, stay equal to the end of the test; a state resampled for a
    role (IS-MCTS's determinization) serializes too."""
    spiel = openspiel_game(game, turn_based=game.simultaneous, max_steps=SPIEL_CAP)
    rng = np.random.RandomState(7)
    state = _seeded(spiel.new_initial_state(), 11)
    for _ in range(25):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    _, copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(spiel, state))
    assert str(copy) == str(state) and copy.history() == state.history()
    if not state.is_terminal():
        p = state.current_player()
        twin = state.resample_from_infostate(p, np.random.RandomState(1).rand)
        _, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(spiel, twin))
        assert str(back) == str(twin)
    for _ in range(40):
        if state.is_terminal():
            break
        action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
        copy.apply_action(action)
        assert str(copy) == str(state)
        for p in range(spiel.num_players()):
            assert copy.observation_string(p) == state.observation_string(p)
    assert copy.is_terminal() == state.is_terminal() and copy.returns() == state.returns()


def test_openspiel_sampled_chance_is_still_offered() -> None:
    """``sampled=true``: no chance nodes, each new initial state takes the next seed."""
    spiel = openspiel_game(DUEL, turn_based=True, sampled=True, seed=5)
    assert spiel.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    a, b = spiel.new_initial_state(), spiel.new_initial_state()
    assert not a.is_chance_node() and not b.is_chance_node()
    assert (a._box.recipe, b._box.recipe) == (("seed", 5), ("seed", 6))
    pyspiel.random_sim_test(spiel, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_openspiel_search_chooses_a_legal_action(game: Game[Any]) -> None:
    """IS-MCTS on games with hidden information, MCTS on the others."""
    from open_spiel.python.algorithms import ismcts, mcts

    spiel = openspiel_game(game, turn_based=game.simultaneous, max_steps=STEP_CAP)
    state = _seeded(spiel.new_initial_state(), 5)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot: Any
    if spiel.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION:
        bot = ismcts.ISMCTSBot(spiel, evaluator, 1.4, 8, random_state=np.random.RandomState(2))
    else:
        bot = mcts.MCTSBot(spiel, 1.4, 8, evaluator, random_state=np.random.RandomState(2))
    assert bot.step(state) in state.legal_actions()


def test_openspiel_cfr_solves_a_short_duel_with_explicit_chance() -> None:
    """Three possible worlds drawn at an explicit chance node; CFR drives exploitability down."""
    from open_spiel.python.algorithms import cfr, exploitability

    spiel = openspiel_game(DUEL, turn_based=True, max_steps=4, chance_seeds=3)
    assert spiel.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    root = spiel.new_initial_state()
    assert root.is_chance_node() and [p for _, p in root.chance_outcomes()] == [1 / 3] * 3
    pyspiel.random_sim_test(spiel, num_sims=3, serialize=False, verbose=False)
    solver = cfr.CFRSolver(spiel)
    start = exploitability.exploitability(spiel, solver.average_policy())
    for _ in range(10):
        solver.evaluate_and_update_policy()
    assert exploitability.exploitability(spiel, solver.average_policy()) < start / 4


def test_openspiel_loads_by_name_with_parameters() -> None:
    import warroom.rl.openspiel  # registers every game

    for gid in warroom.games():
        assert short_name(gid) in pyspiel.registered_names()
    spiel = openspiel_game(DUEL, "long", {"bonus": True})
    assert spiel.get_parameters()["scenario"] == "long"
    assert spiel.new_initial_state().observation_string(0).startswith("{")


# ----- nothing hidden reaches a role ----------------------------------------------------------
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_observation_is_the_same_for_states_differing_only_in_what_is_hidden(
    game: Game[Any],
) -> None:
    """A determinized state keeps all a role may know and redraws the rest: same observation."""
    enc = encoding_for(game)
    spiel = openspiel_game(game, turn_based=game.simultaneous, max_steps=STEP_CAP)
    rng = Rng(99)
    for m in _playout(game, seed=3, steps=60)[::3]:
        for role in game.roles:
            other = game.determinize(m.state, role, rng.fork(len(m.steps)))
            legal = list(game.legal_actions(m.state, role)) if role in m.active else []
            mine = enc.observe(game.view(m.state, role), role, legal)
            theirs = enc.observe(game.view(other, role), role, legal)
            assert np.array_equal(mine, theirs), f"{game.id}: {role} sees hidden parts"
    # the same through OpenSpiel: a resampled state gives the same strings and tensors
    state = _seeded(spiel.new_initial_state(), 3)
    np_rng = np.random.RandomState(0)
    for _ in range(40):
        if state.is_terminal():
            break
        p = state.current_player()
        twin = state.resample_from_infostate(p, np_rng.rand)
        assert twin.information_state_string(p) == state.information_state_string(p)
        assert twin.observation_tensor(p) == state.observation_tensor(p)
        assert twin.legal_actions() == state.legal_actions()
        state.apply_action(int(np_rng.choice(state.legal_actions())))


def test_a_secret_bid_never_reaches_the_other_role() -> None:
    enc = encoding_for(DUEL)
    low, high = Match.new(DUEL, seed=0), Match.new(DUEL, seed=0)
    low.act("north", ("bid", 1))
    high.act("north", ("bid", 3))
    legal = low.legal("south")

    def obs(m: Match, role: str) -> np.ndarray:
        return enc.observe(DUEL.view(m.state, role), role, legal if role == "south" else [])

    assert np.array_equal(obs(low, "south"), obs(high, "south"))
    assert not np.array_equal(obs(low, "north"), obs(high, "north"))  # north knows its own bid
    for name in ("information_state_string", "observation_string"):
        spiel = openspiel_game(DUEL, turn_based=True)
        a, b = _seeded(spiel.new_initial_state(), 0), _seeded(spiel.new_initial_state(), 0)
        a.apply_action(0)
        b.apply_action(2)
        assert getattr(a, name)(1) == getattr(b, name)(1)
        assert getattr(a, name)(0) != getattr(b, name)(0)


# ----- the encoding ---------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_listed_action_has_an_index_that_maps_back(game: Game[Any]) -> None:
    """And none is left without one: the slots suffice for the longest prompt seen."""
    enc = encoding_for(game)
    for m in _playout(game, seed=8, steps=150)[::5]:
        for role in m.active:
            legal = m.legal(role)
            for i in enc.legal_indices(legal):
                action = enc.action_of(i, legal)
                assert action is not None and enc.index_of(action, legal) == i
            extra = len(enc.slot_actions(legal))
            assert extra <= enc.slots, (
                f"{game.id}: {extra} listed actions for {enc.slots} slots: raise MAX_ACTIONS "
                f"in warroom/rl/encoders/{game.id.replace('-', '_')}.py"
            )
            assert enc.mask(legal).sum() == len(legal)


class NamedDuel(Duel):
    """The Duel with an action universe (bids 1-3; optionally missing some, to test overflow)."""

    def __init__(self, bids: tuple[int, ...]) -> None:
        self.bids = bids

    def action_universe(self, scenario: str, options: Any) -> list[tuple[str, int]]:
        return [("bid", n) for n in self.bids]


def test_universe_gives_fixed_indices_and_overflow_slots_take_the_rest() -> None:
    full = encoding_for(NamedDuel((3, 2, 1)))
    assert (full.kind, full.num_actions) == ("universe+slots", 3 + 16)
    legal = [("bid", 1), ("bid", 2), ("bid", 3)]
    assert full.legal_indices(legal) == [0, 1, 2]
    assert full.action_of(0, legal) == ("bid", 3) and full.action_of(0, legal[:2]) is None
    assert full.choices(legal[:2]) == [[1, ["bid", 2]], [2, ["bid", 1]]]
    part = encoding_for(NamedDuel((2,)), max_actions=1)
    assert part.legal_indices(legal) == [0, 1] and part.truncated_prompts == 1
    assert part.action_of(1, legal) == ("bid", 1)  # the first listed action it does not name
    assert part.index_of(("bid", 1), legal) == 1
    env = gym_env(NamedDuel((1, 2, 3)), illegal="raise")
    _, info = env.reset(seed=0)
    assert info["action_mask"].tolist()[:4] == [1, 1, 1, 0]
    check_env(gym_env(NamedDuel((1, 2, 3))), skip_render_check=True)


FROZEN = [g for g in warroom.games() if universe_path(g).exists()]


@pytest.mark.parametrize("gid", FROZEN)
def test_every_shipped_universe_was_written_for_the_games_version(gid: str) -> None:
    """A universe file of an older version is ignored (every action then takes an overflow
    slot and the test below had nothing to check): each shipped file must be written again
    when its game's version changes (coral-sea 6 kept version 5's file for a day)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert load_universe(gid, warroom.game(gid).version) is not None


@pytest.mark.parametrize("gid", FROZEN)
def test_frozen_universe_names_what_fresh_random_games_list(gid: str) -> None:
    """On seeds the file was not made from, nearly every listed action has its own fixed index
    and no prompt has more unnamed actions than there are overflow slots."""
    game = warroom.game(gid)
    enc = encoding_for(game)
    named = listed = 0
    for m in _playout(game, seed=9001, steps=STEP_CAP) + _playout(game, seed=9002, steps=STEP_CAP):
        for role in m.active:
            legal = m.legal(role)
            extra = len(enc.slot_actions(legal))
            assert extra <= enc.slots, f"{gid}: {extra} listed actions lack an index"
            named += len(legal) - extra
            listed += len(legal)
    assert named >= 0.95 * listed, f"{gid}: the frozen universe is stale; write it again"


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_observation_follows_what_the_role_sees(game: Game[Any]) -> None:
    """Equal views give equal observations, and different views (nearly always) different ones:
    feature hashing may merge two views only by a collision of buckets."""
    enc = encoding_for(game)
    role = game.roles[0]
    by_view: dict[str, bytes] = {}
    for m in _playout(game, seed=21, steps=80):
        view = game.view(m.state, role)
        head = enc.observe(view, role, [])[: enc.view_size]
        key = json.dumps(view, sort_keys=True, default=str)
        assert by_view.setdefault(key, head.tobytes()) == head.tobytes()
    assert len(set(by_view.values())) >= 0.9 * len(by_view)


def test_slot_encoding_cuts_long_prompts_and_counts_them() -> None:
    enc = encoding_for(DUEL, max_actions=2)
    legal = [("bid", 1), ("bid", 2), ("bid", 3)]
    assert enc.mask(legal).tolist() == [1, 1]
    assert enc.action_of(2, legal) is None and enc.truncated_prompts == 1
    assert enc.obs_size == enc.view_size + 2 * enc.slot_size
