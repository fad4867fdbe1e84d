"""Campaign Commander: the invariant checker after every action of many whole games.

    PYTHONPATH=src python bench/cc_invariants.py [games] [--campaign coral-sea|roads-to-stalingrad]

Plays ``games`` games of each campaign (default 200) and checks every state with
``campaign_commander.invariants.violations`` (ground units at sea aboard a ship of their
side there, ships within their cargo limits, RPs at sea aboard ships, no ship carried,
Coral Sea's Truk Fleet apart and empty, ...). Half the games are random play (Coral Sea:
every other one with both optional rules), half rules player against rules player (they
carry troops and RPs far more often). Prints, per campaign and kind of game: games, actions
checked, violations, seconds; and the first few violations found. Exit status 1 if any.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import warroom
from warroom.ai.rules import coral_sea as coral_rules
from warroom.ai.rules import roads_to_stalingrad as rts_rules
from warroom.engine import Rng
from warroom.games.campaign_commander.invariants import violations

OPTIONS = {"air-attacks": True, "limited-intelligence": True}
RULES = {"coral-sea": coral_rules.policy, "roads-to-stalingrad": rts_rules.policy}


def play(gid: str, seed: int, players: str, found: list[str]) -> tuple[int, int]:
    """One whole game; (actions checked, violations)."""
    game: Any = warroom.game(gid)
    options = OPTIONS if gid == "coral-sea" and seed % 2 else {}
    s = game.setup(game.default_scenario, options, seed)
    rng = Rng(seed + 7)
    policy = RULES[gid]
    actions = bad = 0
    while game.outcome(s) is None:
        active = game.active(s)
        role = active[rng.below(len(active))]
        acts = game.legal_actions(s, role)
        if players == "rules" and len(acts) > 1:
            a = policy(game, s, role, acts, rng)
        else:
            a = acts[rng.below(len(acts))]
        game.apply(s, role, a)
        s.events.clear()
        actions += 1
        broken = violations(game, s)
        if broken:
            bad += len(broken)
            if len(found) < 10:
                found.append(
                    f"{gid} {players} seed {seed} step {actions} after {role} {a}: {broken}"
                )
    return actions, bad


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=200)
    parser.add_argument("--campaign", choices=sorted(RULES), action="append")
    args = parser.parse_args()
    found: list[str] = []
    total = 0
    for gid in args.campaign or sorted(RULES):
        for players, seeds in (("random", range(0, args.games // 2)),
                               ("rules", range(10_000, 10_000 + args.games - args.games // 2))):  # fmt: skip
            t0 = time.perf_counter()
            checked = bad = 0
            for seed in seeds:
                n, b = play(gid, seed, players, found)
                checked += n
                bad += b
            total += bad
            print(
                f"{gid:20s} {players:6s}: {len(seeds):4d} games, {checked:8d} actions checked,"
                f" {bad} violations, {time.perf_counter() - t0:6.1f} s",
                flush=True,
            )
    for line in found:
        print(line)
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
