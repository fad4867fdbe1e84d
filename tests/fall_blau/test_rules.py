"""Each rule of Campaign: Fall Blau, with fixed dice (ScriptedRng) on real positions."""

from __future__ import annotations

import pytest

from tests.fall_blau.helpers import G, act, conserved, cubes, dice, gi, legal, new, place

# ----- 1. the calendar and the turn -----------------------------------------------------------


def test_first_turn_is_early_july_and_two_events_were_drawn() -> None:
    s = G.setup("standard", {"generals": "hoth,paulus,ruoff"}, 3)
    assert s.cal == 1 and G.view(s, "german")["calendar"]["label"] == "Early July"
    drawn = len(s.hand) + len(s.discard) + len(s.in_play) + sum(1 for c in s.front if c)
    assert drawn == 2 and len(s.deck) == 25


def test_end_turn_advances_the_calendar_readies_generals_and_draws_two() -> None:
    s = new()
    act(s, "consolidate", "hoth")
    assert not s.ready[gi("hoth")]
    s.deck = [*s.deck, "supply-column", "stuka"]
    act(s, "end-turn")
    assert s.cal == 2 and s.turn == 2
    assert all(s.ready[x] for x in s.chosen)
    assert s.hand == ["stuka", "supply-column"]


def test_the_game_ends_when_the_calendar_enters_the_winter_offensive() -> None:
    s = new()
    s.cal = len(G.data.calendar)  # Mid November, the last turn
    act(s, "end-turn")
    assert s.over == "winter"
    out = G.outcome(s)
    assert out is not None and out.level == "defeat" and out.points == {"german": 0}


def test_fourteen_turns_from_early_july_to_mid_november() -> None:
    s = new()
    turns = 1
    while not s.over:
        while s.phase != "orders" and not s.over:
            act(s, *legal(s)[0])
        if s.over:
            break
        act(s, "end-turn")
        if not s.over:
            turns += 1
    assert turns == 14 and len(G.data.calendar) == 14


# ----- 2-3. events: hand limit, stop cards, in-play cards -------------------------------------


def test_full_hand_discards_before_drawing() -> None:
    s = new()
    s.hand = ["stuka", "dora", "replacements", "forced-march", "sondermeldung"]
    s.deck = [*s.deck, "supply-column", "gebirgsjaeger"]
    act(s, "end-turn")
    assert s.phase == "discard" and len(s.hand) == 5
    act(s, "discard", "dora")
    assert "gebirgsjaeger" in s.hand and len(s.hand) == 5 and "dora" in s.discard
    assert s.phase == "discard"  # the second draw needs a second discard
    act(s, "discard", "stuka")
    assert s.hand.count("supply-column") == 1 and len(s.hand) == 5


def test_stop_card_resolves_at_once_and_never_enters_the_hand() -> None:
    s = new()
    s.deck = [*s.deck, "supply-column", "partisans"]
    act(s, "end-turn")
    assert "partisans" not in s.hand and "partisans" in s.discard
    assert s.supply == 3  # 5 - 2


def test_in_play_soviet_card_stays_and_rerolls_a_missed_counter_attack_die() -> None:
    s = new()
    s.deck = [*s.deck, "supply-column", "zhukov"]
    act(s, "end-turn")
    assert "zhukov" in s.in_play
    place(s, 1, "kalach", 3)  # faces Paulus
    dice(s, 5, 4, 6, 1, 3)  # three misses; Zhukov re-rolls the first two: a 1 and a 3
    s.deck = [*s.deck, "supply-column", "supply-column"]
    act(s, "end-turn")
    assert cubes(s, "paulus") == 5


def test_in_play_german_card_is_played_from_hand_and_stays() -> None:
    s = new()
    s.hand = ["pionier-battalions"]
    act(s, "play", "pionier-battalions")
    assert s.in_play == ["pionier-battalions"] and not s.hand


# ----- 4. orders: advance ----------------------------------------------------------------------


def test_regular_advance_costs_one_supply_and_deploys_the_cubes() -> None:
    s = new()
    act(s, "advance", "paulus", "voronezh")
    assert s.front == ["", "voronezh", ""] and s.red[1] == 2 and s.supply == 4
    assert not s.ready[gi("paulus")] and s.red_pool == 18
    assert s.phase == "orders"  # a regular army gets no second card


def test_no_advance_with_a_card_in_front_or_an_empty_queue() -> None:
    s = new()
    act(s, "advance", "paulus", "voronezh")
    assert not [a for a in legal(s) if a[0] == "advance"]  # queue empty now
    s.queue = ["kalach"]
    s.ready[gi("paulus")] = True
    advances = [a for a in legal(s) if a[0] == "advance"]
    assert ("advance", "paulus", "kalach") not in advances
    assert ("advance", "hoth", "kalach") in advances


def test_panzer_army_may_pay_one_more_for_a_second_card_beside_it() -> None:
    s = new()
    s.queue = ["voronezh", "kalach"]
    act(s, "advance", "hoth", "voronezh")  # Hoth in slot 0
    assert s.phase == "second"
    assert legal(s) == [("second", "kalach", 1), ("done",)]
    act(s, "second", "kalach", 1)
    assert s.front == ["voronezh", "kalach", ""] and s.supply == 3
    assert s.red[1] == G.data.campaigns["kalach"].cubes


def test_panzer_second_card_needs_supply() -> None:
    s = new()
    s.queue = ["voronezh", "kalach"]
    s.supply = 1
    act(s, "advance", "hoth", "voronezh")
    assert s.phase == "orders" and s.supply == 0


# ----- 4. orders: attack ----------------------------------------------------------------------


def test_attack_front_rolls_one_die_per_cube_three_plus_hits_one_loses() -> None:
    s = new()
    place(s, 1, "kalach", 3)
    dice(s, 3, 1, 2, 5, 1, 2)  # Paulus: six dice
    act(s, "attack", "paulus", 1)
    assert s.rng.rolls == []  # type: ignore[attr-defined]
    assert s.red[1] == 1 and cubes(s, "paulus") == 4 and s.supply == 4
    assert not s.ready[gi("paulus")] and conserved(s)


def test_attack_adjacent_rolls_half_the_cubes_rounded_up() -> None:
    s = new()
    place(s, 1, "kalach", 3)
    dice(s, 6, 6, 6, 1)  # Ruoff, 5 cubes, beside: 3 dice (the 1 is left unrolled)
    act(s, "attack", "ruoff", 1)
    assert s.rng.rolls == [1]  # type: ignore[attr-defined]
    assert "kalach" in s.captured and s.vp == 2


def test_attack_only_in_front_or_beside() -> None:
    s = new()
    place(s, 0, "kalach", 3)
    attacks = [a for a in legal(s) if a[0] == "attack"]
    assert ("attack", "ruoff", 0) not in attacks
    assert {a[1] for a in attacks} == {"hoth", "paulus"}


def test_mountain_card_gives_minus_one_per_die() -> None:
    s = new("paulus,salmuth,kleist")
    place(s, 0, "elbrus", 2)
    dice(s, 3, 4, 2, 5, 6, 6)  # -> 2 3 1 4 5 5: three hits; one loss (the 2)
    act(s, "attack", "paulus", 0)
    assert "elbrus" in s.captured and cubes(s, "paulus") == 5


def test_overkill_never_lose_more_grey_than_the_red_defending() -> None:
    s = new()
    place(s, 1, "kalach", 1)
    dice(s, 1, 1, 1, 3, 5, 2)
    act(s, "attack", "paulus", 1)
    assert "kalach" in s.captured and cubes(s, "paulus") == 5  # three 1s, one red: lose 1


def test_panzertruppen_a_six_removes_one_more_red_cube() -> None:
    s = new()
    place(s, 0, "kalach", 2)
    dice(s, 6, 2, 2, 2, 2)  # Hoth: one hit, +1 for the 6
    act(s, "attack", "hoth", 0)
    assert "kalach" in s.captured


def test_panzertruppen_impossible_against_fortress_until_pioniers() -> None:
    s = new()
    place(s, 0, "rostov", 2)
    dice(s, 6, 2, 2, 2, 2)  # 6-1 = 5: one hit, no bonus
    act(s, "attack", "hoth", 0)
    assert s.red[0] == 1
    s = new()
    s.in_play = ["pionier-battalions"]
    place(s, 0, "rostov", 2)
    dice(s, 6, 2, 2, 2, 2)
    act(s, "attack", "hoth", 0)
    assert "rostov" in s.captured


def test_regular_army_gets_no_panzertruppen() -> None:
    s = new()
    place(s, 1, "kalach", 2)
    dice(s, 6, 2, 2, 2, 2, 2)
    act(s, "attack", "paulus", 1)
    assert s.red[1] == 1


def test_black_dice_from_one_event_never_cost_grey_cubes() -> None:
    s = new()
    place(s, 1, "kalach", 3)
    s.hand = ["stuka", "sturmgeschuetz"]
    act(s, "attack", "paulus", 1)
    assert s.phase == "support"
    assert legal(s) == [("support", "stuka"), ("support", "sturmgeschuetz"), ("roll",)]
    dice(s, 2, 2, 2, 2, 2, 2, 1, 1, 3)  # six white misses, then three black: one hit
    act(s, "support", "sturmgeschuetz")
    assert s.red[1] == 2 and cubes(s, "paulus") == 6
    assert s.hand == ["stuka"] and "sturmgeschuetz" in s.discard


def test_support_card_condition_is_checked() -> None:
    s = new()
    place(s, 0, "kalach", 3)
    s.hand = ["sturmgeschuetz", "brandenburger"]  # regular only; oil only
    dice(s, 2, 2, 2, 2, 2)
    act(s, "attack", "hoth", 0)  # panzer, not oil: no support offered, rolled at once
    assert s.phase == "orders" and s.red[0] == 3


def test_extra_attack_cost() -> None:
    s = new()
    place(s, 1, "stalingrad", 5)
    s.supply = 1
    assert not [a for a in legal(s) if a[0] == "attack"]
    s.supply = 2
    dice(s, 2, 2, 2, 2, 2, 2)
    act(s, "attack", "paulus", 1)
    assert s.supply == 0


def test_capture_scores_vp_and_unlocks() -> None:
    s = new()
    act(s, "advance", "paulus", "voronezh")
    dice(s, 4, 4, 2, 2, 2)
    act(s, "attack", "hoth", 1)  # Hoth's trait: all five dice beside him
    assert s.captured == ["voronezh"] and s.vp == 1
    assert s.queue == ["millerovo", "kalach"] and s.front == ["", "", ""] and s.red_pool == 20


def test_unlocked_once_even_when_two_cards_unlock_it() -> None:
    s = new()
    s.captured = ["stalingrad"]
    s.queue = []
    place(s, 1, "elista", 1)
    dice(s, 6, 2, 2, 2, 2, 2)
    act(s, "attack", "paulus", 1)
    assert s.queue == ["astrakhan"]


# ----- 4. orders: consolidate, reorganize -----------------------------------------------------


def test_consolidate_adds_a_cube_up_to_the_start_and_supply() -> None:
    s = new()
    s.cubes[gi("hoth")] = 3
    s.grey_pool += 2
    act(s, "consolidate", "hoth")
    assert cubes(s, "hoth") == 4 and s.supply == 7 and not s.ready[gi("hoth")]
    act(s, "consolidate", "ruoff")  # already at his start: no cube
    assert cubes(s, "ruoff") == 5 and s.supply == 9 and conserved(s)


def test_consolidate_supply_stops_at_the_top_of_the_depot() -> None:
    s = new()
    s.supply = 9
    act(s, "consolidate", "hoth")
    assert s.supply == G.data.supply_max


def test_paulus_trait_consolidates_one_more_cube() -> None:
    s = new()
    s.cubes[gi("paulus")] = 2
    s.grey_pool += 4
    act(s, "consolidate", "paulus")
    assert cubes(s, "paulus") == 4


def test_reorganize_costs_one_supply_and_changes_the_order() -> None:
    s = new()
    act(s, "reorganize", "ruoff", "hoth", "paulus")
    assert s.slots == [gi("ruoff"), gi("hoth"), gi("paulus")] and s.supply == 4
    s.supply = 0
    assert not [a for a in legal(s) if a[0] == "reorganize"]


# ----- 5. local counter-attacks ---------------------------------------------------------------


def test_local_counter_attack_rolls_a_die_per_red_cube_and_ones_hit() -> None:
    s = new()
    place(s, 0, "kalach", 3)  # faces Hoth
    place(s, 2, "tuapse", 2)  # faces Ruoff: a mountain, but no -1 for the Soviets
    dice(s, 1, 2, 1, 2, 2)
    s.deck = [*s.deck, "supply-column", "supply-column"]
    act(s, "end-turn")
    assert cubes(s, "hoth") == 3 and cubes(s, "ruoff") == 5 and conserved(s)


def test_card_facing_no_general_does_not_counter_attack() -> None:
    s = new()
    place(s, 0, "kalach", 3)
    s.red_pool += 0
    s.grey_pool += s.cubes[gi("hoth")]
    s.cubes[gi("hoth")] = 0
    s.lost[gi("hoth")] = True
    s.slots[0] = -1
    dice(s)  # no die may be rolled
    s.deck = [*s.deck, "supply-column", "supply-column"]
    act(s, "end-turn")
    assert s.cal == 2 and s.front[0] == "kalach"


def test_salmuth_ignores_the_first_hit_of_each_counter_attack() -> None:
    s = new("salmuth,paulus,ruoff")
    place(s, 0, "kalach", 3)
    dice(s, 1, 1, 4)
    s.deck = [*s.deck, "supply-column", "supply-column"]
    act(s, "end-turn")
    assert cubes(s, "salmuth") == 3


def test_chuikov_makes_stalingrad_counter_attacks_hit_on_two() -> None:
    s = new()
    s.in_play = ["chuikov"]
    place(s, 1, "stalingrad", 3)
    dice(s, 2, 2, 3)
    s.deck = [*s.deck, "supply-column", "supply-column"]
    act(s, "end-turn")
    assert cubes(s, "paulus") == 4


# ----- major counter-attacks ------------------------------------------------------------------


def _draw_next_turn(s, *cards: str) -> None:  # type: ignore[no-untyped-def]
    s.deck = s.deck + list(reversed(cards))
    act(s, "end-turn")


def test_major_counter_attack_takes_the_only_empty_space_and_attacks_at_once() -> None:
    s = new()
    place(s, 0, "kalach", 2)
    place(s, 2, "millerovo", 2)
    dice(s, 2, 2, 2, 2, 1, 1, 5)  # local: Hoth 2 dice, Ruoff 2 dice; then the major: 3 dice
    _draw_next_turn(s, "counter-5th-tank", "supply-column")
    assert s.front[1] == "counter-5th-tank" and s.red[1] == 3
    assert cubes(s, "paulus") == 4 and conserved(s)


def test_major_counter_attack_prefers_the_weakest_general_among_empty_spaces() -> None:
    s = new()
    s.cubes[gi("ruoff")] = 2
    s.grey_pool += 3
    dice(s, 6, 6, 6)
    _draw_next_turn(s, "counter-5th-tank", "supply-column")
    assert s.front == ["", "", "counter-5th-tank"]


def test_major_counter_attack_tie_is_the_players_choice() -> None:
    s = new("hoth,kleist,ruoff")  # 5 cubes each
    dice(s, 6, 6, 6)
    _draw_next_turn(s, "counter-5th-tank", "supply-column")
    assert s.phase == "deploy" and legal(s) == [("deploy", 0), ("deploy", 1), ("deploy", 2)]
    act(s, "deploy", 1)
    assert s.front[1] == "counter-5th-tank"


def test_major_counter_attack_on_a_full_frontline_joins_the_card_and_is_discarded() -> None:
    s = new()
    place(s, 0, "kalach", 1)
    place(s, 1, "millerovo", 1)
    place(s, 2, "salsk", 1)
    s.cubes[gi("hoth")] = 3
    s.grey_pool += 2
    dice(s, 6, 6, 6, 1, 6, 6)  # local: three misses; the major on Hoth: one hit
    _draw_next_turn(s, "counter-5th-tank", "supply-column")
    assert s.red[0] == 4 and cubes(s, "hoth") == 2 and "counter-5th-tank" in s.discard
    assert conserved(s)


def test_major_counter_attack_card_is_captured_for_its_vp() -> None:
    s = new()
    place(s, 1, "counter-kotluban", 1)
    dice(s, 5, 2, 2, 2, 2, 2)
    act(s, "attack", "paulus", 1)
    assert s.vp == 2 and "counter-kotluban" in s.removed and not s.front[1]


# ----- losing a general -----------------------------------------------------------------------


def test_general_wiped_out_is_removed_and_costs_two_vp_at_the_end() -> None:
    s = new()
    place(s, 0, "kalach", 2)
    s.grey_pool += s.cubes[gi("hoth")] - 1
    s.cubes[gi("hoth")] = 1
    s.vp = 5
    dice(s, 1, 1)
    s.deck = [*s.deck, "supply-column", "supply-column"]
    act(s, "end-turn")
    assert s.lost[gi("hoth")] and s.slots[0] == -1 and conserved(s)
    assert G.final_vp(s) == 3
    assert not [a for a in legal(s) if "hoth" in a]


def test_losing_every_general_ends_the_game() -> None:
    s = new()
    for gid in ("hoth", "paulus"):
        s.grey_pool += s.cubes[gi(gid)]
        s.cubes[gi(gid)] = 0
        s.lost[gi(gid)] = True
        s.slots[s.slots.index(gi(gid))] = -1
    place(s, 2, "kalach", 1)
    s.grey_pool += s.cubes[gi("ruoff")] - 1
    s.cubes[gi("ruoff")] = 1
    dice(s, 1)
    act(s, "end-turn")
    assert s.over == "generals" and G.outcome(s).level == "defeat"  # type: ignore[union-attr]


# ----- deploying campaign cards ---------------------------------------------------------------


def test_elista_deploys_four_while_grozny_stands_and_two_after() -> None:
    s = new()
    s.queue = ["elista"]
    act(s, "advance", "paulus", "elista")
    assert s.red[1] == 4
    s = new()
    s.queue = ["elista"]
    s.captured = ["grozny"]
    act(s, "advance", "paulus", "elista")
    assert s.red[1] == 2


def test_astrakhan_deploys_five() -> None:
    s = new()
    s.queue = ["astrakhan"]
    act(s, "advance", "paulus", "astrakhan")
    assert s.red[1] == 5


# ----- the Campaign Progress track ------------------------------------------------------------


def test_red_circle_reinforces_the_frontline_card_worth_most() -> None:
    s = new()
    s.vp = 7
    place(s, 1, "kalach", 1)  # 2 VP: captured, the cube stops on 9
    place(s, 0, "rostov", 2)  # 3 VP
    place(s, 2, "millerovo", 2)  # 1 VP
    dice(s, 6, 2, 2, 2, 2, 2)
    act(s, "attack", "paulus", 1)
    assert s.vp == 9 and s.red[0] == 2 + G.data.red_circles[9] and s.red[2] == 2


def test_red_circle_tie_is_the_players_choice_and_ignored_with_no_cards() -> None:
    s = new()
    s.vp = 7
    place(s, 1, "kalach", 1)
    place(s, 0, "millerovo", 2)
    place(s, 2, "salsk", 2)
    dice(s, 6, 2, 2, 2, 2, 2)
    act(s, "attack", "paulus", 1)
    assert s.phase == "reinforce" and legal(s) == [("reinforce", 0), ("reinforce", 2)]
    act(s, "reinforce", 2)
    assert s.red[2] == 4 and s.phase == "orders"
    s = new()
    s.vp = 7
    place(s, 1, "kalach", 1)
    dice(s, 6, 2, 2, 2, 2, 2)
    act(s, "attack", "paulus", 1)
    assert s.vp == 9 and s.phase == "orders" and s.red_pool == 20


def test_red_circle_only_when_the_cube_stops_on_it() -> None:
    s = new()
    s.vp = 6
    place(s, 1, "kalach", 1)  # 6 + 2 = 8: passes 5? no, stops on 8
    place(s, 0, "rostov", 2)
    dice(s, 6, 2, 2, 2, 2, 2)
    act(s, "attack", "paulus", 1)
    assert s.vp == 8 and s.red[0] == 2


# ----- the event deck running out -------------------------------------------------------------


def test_empty_deck_exhausts_a_general_of_choice_and_reshuffles_the_discards() -> None:
    s = new()
    s.deck = ["stuka"]
    s.discard = ["dora", "supply-column"]
    act(s, "end-turn")
    assert s.phase == "deck-out"
    assert legal(s) == [("exhaust", "hoth"), ("exhaust", "paulus"), ("exhaust", "ruoff")]
    act(s, "exhaust", "ruoff")
    assert not s.ready[gi("ruoff")] and s.ready[gi("hoth")]
    assert len(s.hand) == 2 and len(s.deck) == 1 and not s.discard


# ----- special attacks ------------------------------------------------------------------------


def test_luftwaffe_special_attack_removes_red_but_never_captures() -> None:
    s = new()
    place(s, 0, "kalach", 2)
    s.hand = ["luftwaffe-support"]
    dice(s, 1, 3, 6)
    act(s, "play", "luftwaffe-support", 0)
    assert s.red[0] == 0 and s.front[0] == "kalach" and "kalach" not in s.captured
    assert s.ready[gi("hoth")] and s.supply == 5 and sum(s.cubes) == 16
    dice(s, 1, 1, 1, 1, 1)
    act(s, "attack", "hoth", 0)  # an Attack! order captures; overkill: no loss with no red
    assert "kalach" in s.captured and cubes(s, "hoth") == 5


def test_dora_only_against_fortress_and_without_the_minus_one() -> None:
    s = new()
    place(s, 0, "kalach", 2)
    place(s, 1, "stalingrad", 5)
    s.hand = ["dora"]
    assert [a for a in legal(s) if a[0] == "play"] == [("play", "dora", 1)]
    dice(s, 3, 3, 3, 2)
    act(s, "play", "dora", 1)
    assert s.red[1] == 2


# ----- events from hand -----------------------------------------------------------------------


def test_replacements_and_forced_march() -> None:
    s = new()
    s.cubes[gi("paulus")] = 3
    s.grey_pool += 3
    s.hand = ["replacements", "forced-march"]
    assert [a for a in legal(s) if a[0] == "play"] == [("play", "replacements", "paulus")]
    act(s, "play", "replacements", "paulus")
    assert cubes(s, "paulus") == 5
    act(s, "consolidate", "hoth")
    act(s, "play", "forced-march", "hoth")
    assert s.ready[gi("hoth")]


# ----- the end --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("vp", "missions", "level"),
    [
        (26, False, "defeat"),
        (27, False, "victory"),
        (29, False, "victory"),
        (30, False, "brilliant"),
        (31, True, "defeat"),
        (32, True, "victory"),
        (36, True, "brilliant"),
    ],
)
def test_three_results(vp: int, missions: bool, level: str) -> None:
    s = new(missions=missions)
    s.vp = vp
    s.cal = len(G.data.calendar)
    s.mactive = []
    act(s, "end-turn")
    out = G.outcome(s)
    assert out is not None and out.level == level and out.points["german"] == vp
    assert (out.winner == "german") == (level != "defeat")


def test_capturing_every_campaign_card_ends_the_game() -> None:
    s = new()
    s.captured = [c for c in G.data.campaigns if c != "kalach"]
    s.queue = []
    s.vp = 37
    place(s, 1, "kalach", 1)
    dice(s, 6, 2, 2, 2, 2, 2)
    act(s, "attack", "paulus", 1)
    assert s.over == "all-captured" and G.outcome(s).level == "brilliant"  # type: ignore[union-attr]


# ----- hard mode and missions -----------------------------------------------------------------


def test_hard_mode_adds_the_four_skull_cards() -> None:
    easy = G.setup("standard", {"generals": "hoth,paulus,ruoff"}, 1)
    hard = G.setup("standard", {"generals": "hoth,paulus,ruoff", "hard": True}, 1)

    def total(s) -> int:  # type: ignore[no-untyped-def]
        return (
            len(s.deck)
            + len(s.hand)
            + len(s.discard)
            + len(s.in_play)
            + sum(1 for c in s.front if c)
        )

    assert total(easy) == 27 and total(hard) == 31
    skulls = {e.id for e in G.data.events.values() if e.hard}
    assert len(skulls) == 4 and not skulls & set(easy.deck)


def test_early_winter_moves_the_calendar() -> None:
    s = new(hard=True)
    _draw_next_turn(s, "early-winter", "supply-column")
    assert s.cal == 3 and "early-winter" in s.discard


def test_missions_two_each_early_month_expire_and_pay() -> None:
    s = new(missions=True)
    assert len(s.mactive) == 2 and len(s.mdeck) == 8
    s.mactive = ["schwerpunkt", "stockpile"]
    s.mdeck = ["blitzkrieg", "oil", "volga", "crush", "ports", "rail", "edelweiss", "storm"]
    s.supply = 7
    act(s, "consolidate", "hoth")  # 9 supply: Stockpile met at once
    assert s.mactive == ["schwerpunkt"] and s.vp == 1 and "stockpile" in s.mdone
    place(s, 1, "kalach", 1)
    dice(s, 6, 2, 2, 2, 2, 2)
    act(s, "attack", "paulus", 1)
    assert s.vp == 1 + 2 and s.mactive == ["schwerpunkt"]  # one capture of two
    s.cal = 3  # Late July: the next turn is Early August
    act(s, "end-turn")
    assert s.cal == 4 and s.mactive == ["storm", "edelweiss"]
    assert "schwerpunkt" not in s.mdone and len(s.mdeck) == 6 and s.month_caps == []


def test_mission_capture_tag_counts_this_month() -> None:
    s = new(missions=True)
    s.mactive = ["rail"]
    place(s, 1, "millerovo", 1)
    dice(s, 6, 2, 2, 2, 2, 2)
    act(s, "attack", "paulus", 1)
    assert s.mdone == ["rail"] and s.supply == 4 + 3


# ----- more events and traits -----------------------------------------------------------------


def test_kleist_rolls_one_more_die_against_oil() -> None:
    s = new("kleist,paulus,ruoff")
    place(s, 0, "maikop", 4)
    dice(s, 2, 2, 2, 2, 2, 2)  # five cubes + one die for oil = six dice
    act(s, "attack", "kleist", 0)
    assert s.rng.rolls == []  # type: ignore[attr-defined]  # all six scripted dice were rolled
    assert s.red[0] == 4 and cubes(s, "kleist") == 5


def test_fuel_shortage_exhausts_the_panzer_armies() -> None:
    s = new("hoth,paulus,kleist")
    _draw_next_turn(s, "fuel-shortage", "supply-column")
    assert not s.ready[gi("hoth")] and not s.ready[gi("kleist")] and s.ready[gi("paulus")]


def test_hitler_takes_command_exhausts_everyone() -> None:
    s = new(hard=True)
    _draw_next_turn(s, "hitler-takes-command", "supply-column")
    assert not any(s.ready[x] for x in s.chosen)
    assert [a for a in legal(s) if a[0] in ("advance", "attack", "consolidate")] == []


def test_directive_45_and_night_witches_are_the_players_choice() -> None:
    s = new()
    _draw_next_turn(s, "directive-45", "night-witches")
    assert s.phase == "exhaust"
    act(s, "exhaust", "ruoff")
    assert s.phase == "lose-cubes"
    act(s, "lose", "paulus")
    assert not s.ready[gi("ruoff")] and cubes(s, "paulus") == 5 and conserved(s)


def test_order_227_reinforces_every_frontline_card_and_katyusha_the_best() -> None:
    s = new(hard=True)
    place(s, 0, "kalach", 2)
    place(s, 2, "rostov", 2)
    dice(s, 6, 6, 6, 6)  # local counter-attacks: misses
    _draw_next_turn(s, "order-227", "katyusha")
    assert s.red[0] == 3 and s.red[2] == 3 + 2 and conserved(s)


def test_sondermeldung_scores_a_vp() -> None:
    s = new()
    s.hand = ["sondermeldung"]
    act(s, "play", "sondermeldung")
    assert s.vp == 1 and "sondermeldung" in s.discard


def test_ruoff_has_no_minus_one_against_mountains_and_hoth_full_dice_beside() -> None:
    s = new("hoth,paulus,ruoff")
    place(s, 2, "elbrus", 2)
    dice(s, 3, 3, 2, 2, 2)  # Ruoff in front: 3s hit with no -1
    act(s, "attack", "ruoff", 2)
    assert "elbrus" in s.captured
    s = new("hoth,paulus,ruoff")
    place(s, 1, "kalach", 4)
    dice(s, 2, 2, 2, 2, 2)  # Hoth beside: all five dice, not three
    act(s, "attack", "hoth", 1)
    assert s.rng.rolls == []  # type: ignore[attr-defined]
