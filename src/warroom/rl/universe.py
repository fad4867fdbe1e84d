"""Freeze a game's action universe: every action listed in many random games, in a file.

    PYTHONPATH=src python -m warroom.rl.universe commanders [--games 40] [--seed 0]

Plays ``--games`` random games (random actions for every role) of every scenario
and every combination of the boolean options, collects every action any role
was offered, and writes them, sorted, to
``src/warroom/rl/encoders/<game_id with _>.actions.json`` with the game's
version. ``encoding_for`` then gives each of them a fixed index; an action
listed later that the file lacks takes one of the overflow slots after the
universe (see docs/rl.md), so an incomplete file never breaks an environment.
With ``--closure`` the file also names every combination of the parts seen in
each position of each kind of action (rare pairings random play missed); a
game's encoder module may give ``domains(game)`` (e.g. every unit id, every
sector id) to widen a position holding such names to all of them.
Writing the file again renumbers the actions: agents trained on the old
numbering need the old file.
"""

from __future__ import annotations

import argparse
import itertools
import json
from collections.abc import Collection, Sequence
from typing import Any

from warroom.engine import Action, Game, Match, Rng, action_json
from warroom.rl.encoding import encoder_module, resolve_game, universe_path


def option_sets(game: Game[Any]) -> list[dict[str, Any]]:
    """Every combination of the boolean options (the others at their defaults)."""
    flags = [o.key for o in game.options if isinstance(o.default, bool)]
    return [
        dict(zip(flags, combo, strict=True))
        for combo in itertools.product((False, True), repeat=len(flags))
    ]


def collect(game: Game[Any], games: int, seed: int = 0) -> set[Action]:
    """Every action offered to any role in ``games`` random games per scenario and option set."""
    seen: set[Action] = set()
    rng = Rng(seed ^ 0x5EEDED)
    for scenario in game.scenarios:
        for options in option_sets(game):
            for i in range(games):
                m = Match.new(game, scenario.id, options, seed=seed + i)
                while not m.over and len(m.steps) < game.max_steps:
                    for role in m.active:
                        seen.update(m.legal(role))
                    role = m.active[rng.below(len(m.active))]
                    actions = m.legal(role)
                    m.act(role, actions[rng.below(len(actions))])
    return seen


def closure(actions: set[Action], domains: Sequence[Collection[Any]] = ()) -> set[Action]:
    """Every combination of what was seen at each position, per (first word, length).

    Random play rarely reaches some pairings (a general advancing on a far city);
    the product of the parts seen in each position, for each kind of action,
    names them too. ``domains`` (from the game's encoder module, ``domains(game)``)
    widens a position where some part belongs to a domain (the unit ids, the
    sector ids) to the whole domain.
    """
    parts: dict[tuple[Any, int], list[set[Any]]] = {}
    for a in actions:
        sets = parts.setdefault((a[0], len(a)), [set() for _ in a])
        for i, p in enumerate(a):
            sets[i].add(p)
    out: set[Action] = set()
    for sets in parts.values():
        for i, seen in enumerate(sets):
            if i == 0:
                continue  # the first word names the kind of action
            for domain in domains:
                if not seen.isdisjoint(domain):
                    sets[i] = sets[i] | set(domain)
        out.update(itertools.product(*sets))
    return out


def write(game: Game[Any], actions: set[Action], games: int, how: str = "") -> str:
    ordered = sorted((action_json(a) for a in actions), key=lambda a: json.dumps(a))
    path = universe_path(game.id)
    head = {
        "game": game.id,
        "version": game.version,
        "how": f"every action listed in {games} random games per scenario and option set{how}",
    }
    lines = ",\n".join(json.dumps(a) for a in ordered)
    path.write_text(json.dumps(head)[:-1] + ', "actions": [\n' + lines + "\n]}\n")
    return str(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=40, help="games per scenario and options")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--closure", action="store_true", help="add every combination of the parts seen"
    )
    args = parser.parse_args()
    game = resolve_game(args.game)
    actions = collect(game, args.games, args.seed)
    how = ""
    if args.closure:
        module = encoder_module(game)
        domains = module.domains(game) if module is not None and hasattr(module, "domains") else ()
        actions = closure(actions, domains)
        how = ", closed over the parts seen in each position"
        if domains:
            how += " (a position of unit or place names: all of them)"
    print(f"{len(actions)} actions -> {write(game, actions, args.games, how)}")


if __name__ == "__main__":
    main()
