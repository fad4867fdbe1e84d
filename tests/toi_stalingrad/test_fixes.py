"""Issue 21: a tracker that fits any table.

- row 0-2 read either way (the option), exactly as NOTES.md says;
- the 10+ row is not offered again after halving;
- a scenario's own unarmed restriction can be bought off (the row's own cannot);
- the campaign's scenario data from the players' own file, checked with errors that name the
  file, the entry and the problem, and a bound on its size;
- no entry cap a real table reaches; the set-up facts asked once per campaign;
- the purchase list: each purchase once, the payment asked after.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.toi_stalingrad.helpers import act, buy, command, enter, legal, new, sheet, task
from warroom.ai.base import make_agent
from warroom.cli import _load_commands, app
from warroom.cli.options import parse_game_options
from warroom.engine import BadOption, Match
from warroom.games.toi_stalingrad import GAME
from warroom.games.toi_stalingrad.data import MAX_FILE, named

DATA = Path(__file__).resolve().parents[2] / "src/warroom/games/toi_stalingrad/data"
OURS = (DATA / "campaign.toml").read_text()
NO_PENALTY = {"initiative": "soviet"}  # the German side wins but did not hold the initiative


def german_phase(ammunition: int, **options: object) -> Match:
    m = new(options=dict(options))
    enter(m, german=(ammunition, 4, 4, 6), soviet=(4, 4, 4, 2), **NO_PENALTY)
    while task(m)[:2] != ["buy", "german"]:
        act(m, *legal(m)[0])
    return m


# ----- row 0-2, both readings ------------------------------------------------------------------


def test_row_0_2_default_reading_no_tokens_and_the_command_left_to_spend() -> None:
    two, three = german_phase(2), german_phase(3)
    # two left: the card starts with no tokens, the unarmed restriction, 2 ammunition to spend
    assert sheet(two, "german")["command_tokens"]["ammunition"] == 0
    assert sheet(two, "german")["restrictions"]["unarmed"] == 1
    assert command(two, "german")["ammunition"] == 2
    # three left: the 3-5 row, usual tokens, two removed: 1 to spend
    assert sheet(three, "german")["command_tokens"]["ammunition"] == 2
    assert sheet(three, "german")["restrictions"]["unarmed"] == 0
    assert command(three, "german")["ammunition"] == 1
    # the 2 ammunition cannot buy back the restriction the row has just placed
    assert ("buy", "remove-unarmed", "-") not in legal(two)
    assert ("buy", "flamethrower", "-") in legal(two)  # but they buy anything else
    buy(two, "flamethrower", "-", "a2")
    assert command(two, "german")["ammunition"] == 0


def test_row_0_2_forfeit_reading_the_command_left_is_lost_and_the_tokens_stay() -> None:
    two = german_phase(2, **{"forfeit-0-2": True})
    assert command(two, "german")["ammunition"] == 0
    assert sheet(two, "german")["command_tokens"]["ammunition"] == 2
    assert sheet(two, "german")["restrictions"]["unarmed"] == 1
    three = german_phase(3, **{"forfeit-0-2": True})  # the other rows do not change
    assert command(three, "german")["ammunition"] == 1


# ----- 10+ after halving -----------------------------------------------------------------------


@pytest.mark.parametrize(("start", "left"), [(20, 8), (25, 10), (39, 17)])
def test_the_10_plus_row_is_not_offered_again_after_halving(start: int, left: int) -> None:
    m = new()
    enter(m, german=(start, 4, 4, 6), soviet=(4, 4, 4, 2), **NO_PENALTY)
    assert task(m) == ["halve", "german", "ammunition"]
    act(m, "halve")
    assert task(m) == ["effect", "german", "ammunition", "6-9"]
    act(m, "replace", "mortar-crew")
    assert command(m, "german")["ammunition"] == left
    assert m.view(None)["board"]["results"][0]["bonus"]["german"]["command"] == 1


# ----- a scenario's own unarmed restriction ----------------------------------------------------


def test_a_scenarios_own_unarmed_restriction_can_be_bought_off() -> None:
    m = new()
    enter(m, german=(4, 4, 4, 6), soviet=(4, 4, 4, 2), **NO_PENALTY)
    while task(m)[0] != "ask":
        act(m, *legal(m)[0]) if task(m)[0] != "buy" else act(m, "done")
    # scenario 2 played; the Soviet side buys for scenario 3, whose set-up (our data) leaves
    # the factory militia unarmed
    enter(m, german=(4, 4, 4, 2), soviet=(8, 4, 4, 6), initiative="german")
    while task(m)[:2] != ["buy", "soviet"]:
        act(m, *legal(m)[0]) if task(m)[0] != "buy" else act(m, "done")
    assert sheet(m, "soviet")["restrictions"]["unarmed"] == 1
    assert sheet(m, "soviet")["scenario_unarmed"] == 1
    buy(m, "remove-unarmed", "-", "a2")
    sh = sheet(m, "soviet")
    assert sh["restrictions"]["unarmed"] == 0 and sh["unarmed_removed"] == 1
    assert any("bought off" in line for line in sh["lines"])
    assert ("buy", "remove-unarmed", "-") not in legal(m)  # one to remove, removed once


# ----- the players' own campaign file ----------------------------------------------------------


def _file(text: str, name: str = "our-book.toml") -> dict[str, object]:
    return {"campaign": named(text, name)}


def test_a_campaign_file_replaces_our_scenarios_titles_objectives_and_facts() -> None:
    mine = OURS.replace('title = "Scenario 3"', 'title = "Red October factory"').replace(
        'name = "Grain elevator"', 'name = "Elevator on the Tsaritsa"'
    )
    mine = mine.replace("unarmed = { soviet = 1 }", "unarmed = { german = 2 }")
    m = Match.new(GAME, "campaign", _file(mine), 1)
    act(m, *legal(m)[0])  # the first set-up fact
    assert "Order No. 227" in m.prompt(m.active[0]).text
    rules = make_agent("rules", GAME.id, 1)
    while not m.over:
        board = m.view(None)["board"]
        setup = board["setup"]
        if setup and setup["scenario"] == 3 and board["phase"] == "purchases":
            assert setup["title"] == "Red October factory"
            assert "Elevator on the Tsaritsa" in [o["name"] for o in setup["objectives"]]
            assert setup["sides"]["german"]["scenario_unarmed"] == 2
            assert setup["sides"]["soviet"]["scenario_unarmed"] == 0
            break
        m.act(m.active[0], rules.choose(m, m.active[0]))
    else:
        raise AssertionError("never reached the purchases for scenario 3")
    again = Match.replay(m.record())  # the record carries the file: it replays
    assert again.view(None)["board"] == m.view(None)["board"]


@pytest.mark.parametrize(
    ("old", "new_text", "expected"),
    [
        ('initiative = "soviet"', 'initiative = "italian"', "scenario 4 (scenario-4): initiative"),
        ("advanced_hexes = 3\ninitiative", "advanced_hexes = -1\ninitiative", "advanced_hexes"),
        ("number = 3", "number = 2", "numbered 1, 2, 3, 4 in order (found 1, 2, 2, 4)"),
        ("number = 3", "number = 5", "scenario 3 (scenario-3): number: Input should be less"),
        ('id = "scenario-3"', 'id = "order-227"', "two scenarios share this id"),
        ("\n[limits]\n", "\n[limit]\n", "limit: unknown key"),
        ('title = "Scenario 1"', 'title = "Scenario 1', "(syntax)"),
        ("max_cvp = 99", "max_cvp = 100", "[limits]: max_cvp"),
    ],
)
def test_a_broken_campaign_file_is_refused_naming_file_entry_and_problem(
    old: str, new_text: str, expected: str
) -> None:
    assert old in OURS
    with pytest.raises(BadOption) as err:
        Match.new(GAME, "campaign", _file(OURS.replace(old, new_text, 1)), 1)
    message = str(err.value)
    assert message.startswith("option 'campaign': our-book.toml: "), message
    assert expected in message, message


def test_a_campaign_file_over_the_size_bound_is_refused() -> None:
    big = OURS + "\n# " + "x" * MAX_FILE
    with pytest.raises(BadOption, match=r"our-book.toml: \(file\): is [\d,]+ bytes; .* at most"):
        Match.new(GAME, "campaign", _file(big), 1)


def test_the_cli_reads_the_campaign_file_and_names_it_in_errors(tmp_path: Path) -> None:
    good = tmp_path / "mine.toml"
    good.write_text(OURS.replace('title = "Scenario 4"', 'title = "Tractor works"'))
    opts = parse_game_options(GAME, [], ["--campaign", str(good)])
    assert opts["campaign"].startswith("# warroom-file: mine.toml\n")
    assert GAME.campaign_data(opts).scenarios[3].title == "Tractor works"
    _load_commands()
    bad = tmp_path / "broken.toml"
    bad.write_text(OURS.replace('initiative = "soviet"', 'initiative = "italian"'))
    out = CliRunner().invoke(
        app, ["play", "toi-stalingrad", "--as", "both", "--campaign", str(bad)]
    )
    assert out.exit_code != 0
    assert "broken.toml: scenario 4 (scenario-4): initiative" in out.output
    missing = CliRunner().invoke(app, ["play", "toi-stalingrad", "--campaign", "nowhere.toml"])
    assert missing.exit_code != 0 and "nowhere.toml: cannot read the file" in missing.output
    huge = tmp_path / "huge.toml"
    huge.write_text("#" * (MAX_FILE + 1))
    out = CliRunner().invoke(app, ["play", "toi-stalingrad", "--campaign", str(huge)])
    assert out.exit_code != 0 and "at most 65,536 are read" in out.output


def test_a_syntax_error_names_the_line_of_the_players_own_file(tmp_path: Path) -> None:
    """The line the CLI or the browser puts first (naming the file) is not counted."""
    line = OURS.split("\n").index('title = "Scenario 1"') + 1
    broken = OURS.replace('title = "Scenario 1"', 'title = "Scenario 1', 1)
    with pytest.raises(BadOption, match=rf"our-book.toml: \(syntax\): .*at line {line}, column"):
        Match.new(GAME, "campaign", _file(broken), 1)
    path = tmp_path / "mine.toml"
    path.write_text(broken)
    with pytest.raises(BadOption, match=rf"mine.toml: \(syntax\): .*at line {line}, column"):
        Match.new(GAME, "campaign", parse_game_options(GAME, [], ["--campaign", str(path)]), 1)


def test_the_cli_prints_an_entry_in_square_brackets_as_it_is(tmp_path: Path) -> None:
    """Rich reads "[limits]" as markup and dropped it: the entry must reach the player."""
    _load_commands()
    bad = tmp_path / "limits.toml"
    bad.write_text(OURS.replace("max_cvp = 99", "max_cvp = 100", 1))
    for words in (["play", "toi-stalingrad", "--as", "both"], ["evaluate", "toi-stalingrad"]):
        out = CliRunner().invoke(app, [*words, "--campaign", str(bad)])
        assert out.exit_code == 2, out.output
        assert "limits.toml: [limits]: max_cvp: Input should be less" in out.output, out.output


# ----- entries, questions, purchase lists ------------------------------------------------------


def test_no_entry_cap_a_real_table_reaches() -> None:
    m = new()
    kinds = {a[-1] for a in legal(m)}
    assert kinds == set(range(100))  # command 0-99
    for n in (35, 0, 0):
        act(m, "command", legal(m)[0][1], n)
    assert {a[-1] for a in legal(m)} == set(range(100))  # CVP 0-99
    act(m, "cvp", 24)
    assert m.view(None)["board"]["results"][0]["scenario_cvp"]["german"] == 24


def test_the_set_up_facts_are_asked_once_for_both_campaigns() -> None:
    m = Match.new(GAME, "switched", {}, 2)
    rules = make_agent("rules", GAME.id, 3)
    asked = []
    while not m.over:
        t = m.view(None)["board"]["task"]
        if t[0] == "ask" and t[2] in ("next-initiative", "sig33b", "armor"):
            asked.append((t[1], t[2], t[3], len(m.steps)))
        m.act(m.active[0], rules.choose(m, m.active[0]))
    assert len(asked) == 12  # scenarios 2-4: initiative, siG 33b, two armors; once in 8 scenarios
    assert [a[3] for a in asked] == list(range(12))  # before the first result
    assert {a[2] for a in asked} == {"2", "3", "4"}


def test_the_purchase_list_names_each_purchase_once_and_asks_the_payment_after() -> None:
    widest = 0
    for seed in range(4):
        m = Match.new(GAME, "campaign", {}, seed)
        agent = make_agent("random", GAME.id, seed)
        while not m.over:
            role = m.active[0]
            actions = m.legal(role)
            if actions[0][0] in ("buy", "done"):
                widest = max(widest, len(actions))
                buys = [a for a in actions if a[0] == "buy"]
                assert len(buys) == len(set(buys)) and all(len(a) == 3 for a in buys)
            m.act(role, agent.choose(m, role))
    assert widest <= 24  # every way of paying an "any" cost listed: up to ~43


def test_paying_for_an_any_cost_is_a_second_short_prompt() -> None:
    m = german_phase(6)  # 4, 2, 2 to spend
    act(m, "buy", "card", "-")
    assert task(m) == ["pay", "german", "card", "-"]
    # 4 ammunition, 2 morale, 2 supply: every mix of two
    assert sorted(legal(m)) == sorted(
        ("pay", p) for p in ("s2", "m1s1", "m2", "a1s1", "a1m1", "a2")
    )
    act(m, "pay", "a2")
    assert command(m, "german") == {"ammunition": 2, "morale": 2, "supply": 2}
    assert sheet(m, "german")["starting_cards"] == 1
    act(m, "buy", "veteran", "morale")  # one way to pay: bought at once
    assert command(m, "german")["morale"] == 1 and task(m)[0] == "buy"


# ----- the web server: people only, the campaign file checked on creation ---------------------


def test_the_server_seats_people_only_and_checks_an_uploaded_campaign_file(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from warroom.server.app import create_app
    from warroom.server.players import Players

    app = create_app(tmp_path / "w.sqlite", players=Players("thread"), fixed_seeds=True)
    with TestClient(app) as c:
        games = {g["id"]: g for g in c.get("/api/games").json()}
        assert games["toi-stalingrad"]["levels"] == {}  # no computer levels offered
        assert games["toi-stalingrad"]["options"][1]["file"] == ".toml"
        r = c.post(
            "/api/matches",
            json={"game": "toi-stalingrad", "seats": {"german": "human", "soviet": "normal"}},
        )
        assert r.status_code == 400 and "both sides are people" in r.text
        bad = named(OURS.replace('initiative = "soviet"', 'initiative = "italian"'), "book.toml")
        r = c.post(
            "/api/matches",
            json={"game": "toi-stalingrad", "mode": "hotseat", "options": {"campaign": bad}},
        )
        assert r.status_code == 400
        assert "book.toml: scenario 4 (scenario-4): initiative" in r.text
        good = named(OURS.replace('title = "Scenario 1"', 'title = "Kalach bridge"'), "b.toml")
        r = c.post(
            "/api/matches",
            json={"game": "toi-stalingrad", "mode": "hotseat", "options": {"campaign": good}},
        )
        assert r.status_code == 201, r.text
