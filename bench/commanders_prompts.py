"""How big Commanders' prompts are and how much a player does a round (issue 19).

    PYTHONPATH=src python bench/commanders_prompts.py [--games 12] [--seed 1]

Plays games between two rule-based players over every set-up, plain and with terrain
(and with the custom set-up, its placement), and prints for each side:

- the mean and the largest number of actions a prompt lists, over all prompts and over the
  order sheet (planning) alone;
- prompts a round (a side's decisions), and, of them, order-sheet prompts;
- clicks a round in the browser: each chosen action costs the clicks of its path on the
  board (board.js ``target``: a unit then a sector is two), one more when several actions
  end on the same element (a menu), one for an action with no drawn target (a button: the
  multiplier "×n", the last order for n units, is one); before the multiplier (version 3)
  an order that repeated the last one cost one (the "again" button a person would use; the
  rules player named the order again, the same action);
- the custom set-up's prompts and clicks a side, apart;
- the longest prompt in lines, as the terminal prints it (one line an action).

The click model mirrors board.js ``target`` for the action shapes of both order models
(before and after issue 19), so the same script measures either.
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from typing import Any

from warroom.ai import make_agent
from warroom.engine import Action, Match


def path(a: Action) -> tuple[str, ...] | None:
    """The board elements to click for an action (board.js ``target``); None: a button."""
    head = a[0]
    if head == "order" and len(a) == 4 and a[1] in ("infantry", "cavalry", "artillery"):
        return (f"grp:{a[2]}:{a[1]}", f"sector:{a[3]}")  # after: kind, from, to
    if head in ("order", "retreat", "defend"):
        return (f"unit:{a[1]}", f"sector:{a[-1]}")
    if head in ("go", "on", "road", "fire", "bombard") and len(a) >= 4:
        return (f"grp:{a[2]}:{a[1]}", f"sector:{a[3]}")
    if head == "target":
        return (f"unit:{a[1]}", f"unit:{a[2]}")
    if head in ("then", "enter", "hold"):
        return (f"sector:{a[-1]}",)
    if head == "place" and len(a) == 3:
        return (f"sector:{a[2]}",)  # before: one unit a click
    if head == "place":
        return (f"sector:{a[1]}",)  # after: a wing's composition, from a menu
    if head == "objective":
        return (f"sector:{a[3]}",)
    if head in ("react", "withdraw", "garrison", "admit"):
        return (f"unit:{a[1]}",)
    if head == "reroll":
        return (f"die:{a[1]}:{a[2]}",)
    if head == "rally" and a[1] not in ("infantry", "cavalry"):
        return (f"unit:{a[1]}",)
    return None


def clicks(chosen: Action, listed: list[Action], state: Any = None, side: int = 0) -> int:
    if (
        ("again",) in listed
        and chosen[0] == "order"
        and state is not None
        and state.last[side] is not None
        and _key(state, chosen) == state.last[side]
    ):
        return 1  # a person repeats the last order with the "again" button
    p = path(chosen)
    if p is None:
        return 1
    same = sum(1 for a in listed if path(a) == p)
    return len(p) + (1 if same > 1 else 0)


def _key(state: Any, a: Action) -> tuple[int, int, int]:
    d = state.data
    return (("infantry", "cavalry", "artillery").index(a[1]), d.index[a[2]], d.index[a[3]])


def measure(games: int, seed: int) -> dict[str, Any]:
    sizes: list[int] = []
    plan_sizes: list[int] = []
    per_round: dict[tuple[int, str, int], list[int]] = defaultdict(lambda: [0, 0, 0])
    setup = [0, 0, 0]
    longest = 0
    n = 0
    cells = [
        (scen, opts)
        for scen in ("marengo", "la-rothiere", "dennewitz", "leuthen", "albuera", "custom")
        for opts in ({}, {"terrain": True})
    ]
    for k in range(games):
        scen, opts = cells[k % len(cells)]
        m = Match.new("commanders", scen, opts, seed + k)
        agents = {
            r: make_agent("rules", "commanders", seed + k + i)
            for i, r in enumerate(("white", "black"))
        }
        while not m.over:
            role = m.active[0]
            st: Any = m.state
            acts = m.legal(role)
            a = agents[role].choose(m, role)
            if len(acts) > 1:
                sizes.append(len(acts))
                longest = max(longest, len(acts))
                if st.phase == "setup":
                    setup[0] += 1
                    setup[1] += clicks(a, acts)
                    setup[2] |= 1 << k
                else:
                    cell = per_round[(k, role, st.round)]
                    cell[0] += 1
                    side = 0 if role == "white" else 1
                    cell[2] += clicks(a, acts, st if hasattr(st, "last") else None, side)
                    if st.phase == "planning":
                        plan_sizes.append(len(acts))
                        cell[1] += 1
            m.act(role, a)
        n += 1
    rounds = list(per_round.values())
    return {
        "games": n,
        "prompts": len(sizes),
        "mean": statistics.mean(sizes),
        "largest": max(sizes),
        "plan_mean": statistics.mean(plan_sizes) if plan_sizes else 0.0,
        "plan_largest": max(plan_sizes) if plan_sizes else 0,
        "prompts_round": statistics.mean(r[0] for r in rounds),
        "plan_prompts_round": statistics.mean(r[1] for r in rounds),
        "clicks_round": statistics.mean(r[2] for r in rounds),
        "setup_prompts_side": setup[0] / max(1, 2 * bin(setup[2]).count("1")),
        "setup_clicks_side": setup[1] / max(1, 2 * bin(setup[2]).count("1")),
        "longest_lines": longest,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    r = measure(args.games, args.seed)
    print(f"Commanders prompts, rules v rules, {r['games']} games (each set-up, plain and terrain)")
    print(f"  prompts with a choice          {r['prompts']}")
    print(f"  actions a prompt, mean/largest {r['mean']:.1f} / {r['largest']}")
    print(f"  order sheet prompts, mean/max  {r['plan_mean']:.1f} / {r['plan_largest']}")
    print(f"  prompts a side a round         {r['prompts_round']:.1f}")
    print(f"    of them on the order sheet   {r['plan_prompts_round']:.1f}")
    print(f"  browser clicks a side a round  {r['clicks_round']:.1f}")
    print(
        f"  custom set-up, a side: prompts {r['setup_prompts_side']:.1f}, "
        f"clicks {r['setup_clicks_side']:.1f}"
    )
    print(f"  longest prompt (terminal lines) {r['longest_lines']}")


if __name__ == "__main__":
    main()
