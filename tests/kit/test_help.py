"""Every game carries its rules help (games/<pkg>/help.md and help.toml): a reference in our own
words with the sections a player needs and a legend, a rule for every prompt the game can ask,
and a first-game walkthrough for every two-player game whose steps meet the real prompts of its
first turn."""

from __future__ import annotations

import random
import re
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
