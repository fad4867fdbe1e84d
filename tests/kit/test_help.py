"""Every game carries its rules help (games/<pkg>/help.md and help.toml): a reference in our own
words with the sections a player needs and a legend, a rule for every prompt the game can ask,
and a first-game walkthrough for every two-player game whose steps meet the real prompts of its
first turn."""

from __future__ import annotations

import random
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

import warroom
from warroom.engine import Match
from warroom.kit.help import Coach, Help, help_for, matches, render, slug

RULEBOOKS = Path("/work/shared/rulebooks")
GAMES = list(warroom.games())

# sections every reference has (by anchor): what a player looks for first
NEEDED = {
    "commanders": ["object-of-the-game", "counters-and-markers", "sequence-of-play", "orders",
                   "combat", "combat-modifiers", "bombardment", "terrain"],
    "roads-to-stalingrad": ["object-of-the-game", "counters-and-markers", "card-or-map",
                            "on-board-operations", "battles", "battle-chits",
                            "terrain-in-roads-to-stalingrad", "victory-in-roads-to-stalingrad"],
    "coral-sea": ["object-of-the-game", "counters-and-markers", "card-or-map",
                  "on-board-operations", "naval-movement-and-transport", "battles",
                  "land-sea-and-ports", "airfields", "victory-in-coral-sea"],
    "fall-blau": ["object-of-the-game", "the-board", "sequence-of-a-turn", "orders",
                  "counter-attacks"],
    "toi-stalingrad": ["how-the-campaign-runs", "entering-results", "winning-a-scenario",
                       "campaign-phase-table", "resource-acquisitions", "winning-the-campaign"],
}  # fmt: skip

BOOKS = {
    "commanders": ["commanders-napoleonic.txt"],
    "roads-to-stalingrad": ["campaign-commander-series-and-roads-to-stalingrad.txt"],
    "coral-sea": ["campaign-commander-series-and-coral-sea.txt"],
    "fall-blau": ["campaign-fall-blau-solitaire.txt"],
    "toi-stalingrad": ["tide-of-iron-stalingrad-campaign.txt"],
}


def rules(gid: str) -> Help:
    h = help_for(warroom.game(gid))
    assert h is not None, f"{gid} carries no help.md"
    return h


@pytest.mark.parametrize("gid", GAMES)
def test_every_game_carries_a_reference_with_the_sections_a_player_needs(gid: str) -> None:
    h = rules(gid)
    ids = h.section_ids()
    for need in NEEDED.get(gid, ["object-of-the-game"]):
        assert need in ids, f"{gid}: no section {need!r} in {sorted(ids)}"
    html = h.html()
    for s in h.sections:
        assert f'id="{s.id}"' in html  # every section can be linked to
    assert len(h.markdown.split()) > 600  # a reference, not a stub


def test_anchors_are_the_headings_slugs() -> None:
    assert slug("Card or Map") == "card-or-map"
    assert slug("Terrain in Roads to Stalingrad") == "terrain-in-roads-to-stalingrad"
    assert 'id="a-b"' in render("## A, b\n\ntext")


def _shingles(text: str, n: int) -> set[str]:
    """Every run of n words that reads as a sentence (tables of numbers are facts, not words)."""
    words = re.findall(r"[a-z0-9]+", text.lower())
    runs = (words[i : i + n] for i in range(len(words) - n + 1))
    return {" ".join(r) for r in runs if sum(w.isalpha() and len(w) > 1 for w in r) >= n - 2}


@pytest.mark.parametrize("gid", [g for g in GAMES if g in BOOKS])
def test_the_reference_is_in_our_own_words(gid: str) -> None:
    """No run of nine words of the help is a run of nine words of the rulebook."""
    books = [RULEBOOKS / b for b in BOOKS[gid]]
    if not all(b.exists() for b in books):
        pytest.skip("the rulebooks are not on this machine")
    book = set().union(*(_shingles(b.read_text(encoding="utf-8"), 9) for b in books))
    copied = sorted(_shingles(rules(gid).markdown, 9) & book)
    assert copied == [], copied[:5]


def _prompts(gid: str, seeds: range, steps: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(prompt, view) of every prompt met in random games of every scenario."""
    g = warroom.game(gid)
    out = []
    for scen in g.scenarios:
        for seed in seeds:
            m = Match.new(g, scenario=scen.id, seed=seed)
            rnd = random.Random(seed)
            for _ in range(steps):
                if m.over:
                    break
                role = m.active[0]
                p = m.prompt(role)
                out.append((p.to_json(), m.view(role)))
                m.act(role, rnd.choice(p.actions))
    return out


STEPS = {"commanders": 600, "roads-to-stalingrad": 400, "coral-sea": 500}


@pytest.mark.parametrize("gid", GAMES)
def test_every_prompt_links_to_the_rule_it_applies(gid: str) -> None:
    h = rules(gid)
    missing: dict[str, str] = {}
    seeds = range(3) if len(warroom.game(gid).scenarios) <= 2 else range(1)
    for prompt, view in _prompts(gid, seeds, STEPS.get(gid, 400)):
        if h.section_for(prompt, view) is None:
            kinds = sorted({str(a[0]) for a in prompt["actions"]})
            missing.setdefault(",".join(kinds), prompt["text"])
    assert missing == {}, f"{gid}: prompts with no rule: {missing}"


def test_a_prompt_entry_needs_all_it_names() -> None:
    h = rules("roads-to-stalingrad")
    react = next(e for e in h.prompts if e.board == {"task.kind": "react"} and e.text)
    view = {"board": {"task": {"kind": "react"}}}
    assert matches(react, {"text": "A chit was revealed against you", "actions": []}, view)
    assert not matches(react, {"text": "The other side is operating", "actions": []}, view)
    assert not matches(react, {"text": "chit", "actions": []}, {"board": {"task": {"kind": "op"}}})


WALKS = [g for g in GAMES if len(warroom.game(g).roles) == 2]


@pytest.mark.parametrize("gid", WALKS)
def test_every_two_player_game_has_a_walkthrough_that_meets_its_first_turn(gid: str) -> None:
    """The learner (random choices) and the other side (random) play from the start; the
    coach follows as the page does. Over a few games every step is shown, and each game
    the walkthrough ends (its last step acted on, or the turn it covers is over)."""
    g = warroom.game(gid)
    h = rules(gid)
    w = h.walkthrough
    assert w is not None, f"{gid} has no walkthrough"
    assert w.side in g.roles
    for st in w.step:
        assert st.section is None or st.section in h.section_ids()
    shown: set[int] = set()
    for seed in range(8):
        m = Match.new(g, scenario=w.scenario, seed=seed)
        rnd = random.Random(seed)
        coach = Coach(w)
        learners = set(g.roles) if w.mode == "hotseat" else {w.side}
        for _ in range(600):
            if m.over or coach.done:
                break
            role = m.active[0]
            p = m.prompt(role)
            if role in learners:
                coach.look(p.to_json(), m.view(role))
                if coach.done:
                    break
                m.act(role, rnd.choice(p.actions))
                coach.acted()
            else:
                m.act(role, rnd.choice(p.actions))
        shown.update(coach.seen)
        assert coach.done or m.over, f"{gid} seed {seed}: the walkthrough never ended"
    never = [w.step[i].say.split(".")[0].strip() for i in range(len(w.step)) if i not in shown]
    assert never == [], f"{gid}: steps never met in 8 games: {never}"


# ----- the legend: every kind of counter, chit and marker the game draws -----------------------


def _legend(h: Help) -> str:
    """The text of the legend section and its subsections, lower case."""
    assert h.legend is not None, f"{h.game} names no legend section"
    at = next(i for i, s in enumerate(h.sections) if s.id == h.legend)
    level = h.sections[at].level
    end = next((s for s in h.sections[at + 1 :] if s.level <= level), None)
    text = h.markdown.split(f"## {h.sections[at].title}\n", 1)[1]
    if end is not None:
        text = text.split(f"## {end.title}\n", 1)[0]
    return text.lower()


# the words the legend uses for a unit type or a naval class of the campaign data
UNIT_WORDS = {"armor": "armour", "CV": "carrier", "HS": "heavy surface", "LS": "light surface"}


@pytest.mark.parametrize("gid", ["roads-to-stalingrad", "coral-sea"])
def test_the_campaign_legend_explains_every_counter_and_marker_it_draws(gid: str) -> None:
    g: Any = warroom.game(gid)
    d = g.data
    legend = _legend(rules(gid))
    need: set[str] = set()
    for u in d.units.values():
        need.add(UNIT_WORDS.get(u.type, u.type))
        if u.naval_class:
            need.add(UNIT_WORDS[u.naval_class])
    areas = d.areas.values()
    features = {
        "fortress": any(a.fortress for a in areas),
        "supply source": any(a.supply for a in areas),
        "port": any(a.port for a in areas),
        "mountain": any(a.terrain == "mountain" for a in areas),
        "sea area": any(a.kind == "sea" for a in areas),
        "airfield": gid == "coral-sea",
        "hidden": g.hidden_information and gid == "coral-sea",  # limited intelligence
    }
    need |= {word for word, drawn in features.items() if drawn}
    missing = sorted(w for w in need if w not in legend)
    assert missing == [], f"{gid}: the legend says nothing of {missing}"


@pytest.mark.parametrize("gid", ["roads-to-stalingrad", "coral-sea"])
def test_every_battle_chit_of_the_campaign_is_explained(gid: str) -> None:
    """Each side's chits, by name, with what they do and how many the cup holds."""
    g: Any = warroom.game(gid)
    h = rules(gid)
    html = h.html()
    for c in g.data.chits.values():
        side = c.side.capitalize()
        name = c.name.split(":", 1)[1]  # the key: side:name
        row = f"<td>{side}</td>\n<td>{name}</td>"
        assert row in html, f"{gid}: no row for the {side} chit {name!r}"
        assert c.text.split(".")[0].replace("'", "’") in html.replace("'", "’"), name


def test_the_commanders_legend_explains_every_unit_objective_and_terrain() -> None:
    legend = _legend(rules("commanders"))
    board = tomllib.loads(
        (Path(warroom.__file__).parent / "games/commanders/data/board.toml").read_text()
    )
    objectives = {o["kind"] for o in board["objective"]} | {m["kind"] for m in board["marker"]}
    words = {"general": "command post", "flag": "flag", "rose": "wind rose"}
    terrain = {
        k for side in board["terrain"].values() for kinds in side["sectors"].values() for k in kinds
    }
    terrain |= {
        f for side in board["terrain"].values() for b in side["borders"] for f in b["features"]
    }
    need = {"infantry", "cavalry", "artillery", *(words[k] for k in objectives), *terrain}
    missing = sorted(w for w in need if w not in legend)
    assert missing == [], f"the legend says nothing of {missing}"


def test_a_table_the_game_does_not_give_is_a_clear_error(tmp_path: Path) -> None:
    from warroom.engine.errors import GameDataError
    from warroom.kit import help as kit_help

    (tmp_path / "help.md").write_text("## Chits\n\n{{chitz}}\n")
    with pytest.raises(GameDataError, match=r"no such table \(it gives: chits\)"):
        kit_help._load("x", (tmp_path,), (("chits", "| a |"),))
    ok = kit_help._load("y", (tmp_path,), (("chitz", "| a |\n|---|"),))
    assert ok is not None and "{{" not in ok.markdown and "| a |" in ok.markdown


def test_the_fall_blau_legend_explains_everything_its_board_draws() -> None:
    """Each objective's status (its colour on the map, as the game's data has them), the
    cubes of both sides, the tracks, the frontline's cards and generals and their states."""
    from warroom.engine import Match

    legend = _legend(rules("fall-blau"))
    g = warroom.game("fall-blau")
    board = Match.new("fall-blau", g.scenarios[0].id, {}, 1).view("german")["board"]
    statuses = {"locked", "unlocked", "front", "captured"} | {
        c["status"] for c in board["campaigns"]
    }
    need = statuses | {"red cubes", "grey cubes", "calendar", "campaign progress", "supply depot"}
    need |= {"frontline", "hand", "counter-attack", "exhausted", "ready"}
    missing = sorted(w for w in need if w not in legend)
    assert missing == [], f"the legend says nothing of {missing}"
