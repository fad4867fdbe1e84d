"""The rules slips of issue 21, each checked with scripted dice against the rulebook.

- Chuikov strengthens the counter-attacks of Stalingrad only: a major counter-attack that lands
  on a full frontline in front of the general facing Stalingrad is not Stalingrad.
- Event cards may be played at any time during the turn: instead of discarding at a full hand,
  in answer to a stop card, between two local counter-attacks.
- The 20 red cubes: a placement the pool cannot pay is logged, never cut silently.
- The turn number keeps to the calendar when Early Winter skips a box.
"""

from __future__ import annotations

from tests.fall_blau.helpers import G, act, conserved, cubes, dice, gi, legal, new, place


def _draw_next_turn(s, *cards: str) -> None:  # type: ignore[no-untyped-def]
    s.deck = s.deck + list(reversed(cards))
    act(s, "end-turn")


# ----- Chuikov ---------------------------------------------------------------------------------


def test_chuikov_does_not_arm_a_major_counter_attack_in_front_of_stalingrad() -> None:
    s = new()  # Hoth, Paulus, Ruoff
    s.in_play = ["chuikov"]
    place(s, 0, "kalach", 1)
    place(s, 1, "stalingrad", 1)
    place(s, 2, "salsk", 1)
    s.cubes[gi("paulus")] = 3  # the fewest cubes: the major counter-attack targets him
    s.grey_pool += 3
    # local counter-attacks: Hoth 6, Paulus (Stalingrad, hits on 2) 6, Ruoff 6;
    # then the 5th Tank Army's three dice at Paulus: 2 2 2, misses (only 1s hit)
    dice(s, 6, 6, 6, 2, 2, 2)
    _draw_next_turn(s, "counter-5th-tank", "supply-column")
    assert cubes(s, "paulus") == 3
    assert s.red[1] == 4 and "counter-5th-tank" in s.discard and conserved(s)
    major = [e for e in s.events if e["kind"] == "counter-attack" and not e["local"]]
    assert [(e["card"], e["hit_on"], e["hits"]) for e in major] == [
        ("stalingrad", 1, 0)  # logged against the card it joins, hitting on 1s only
    ]


def test_chuikov_still_makes_stalingrad_itself_hit_on_two() -> None:
    s = new()
    s.in_play = ["chuikov"]
    place(s, 1, "stalingrad", 3)
    dice(s, 2, 2, 3)
    _draw_next_turn(s, "supply-column", "supply-column")
    assert cubes(s, "paulus") == 4  # two hits on 2s


# ----- cards at any time -----------------------------------------------------------------------


def test_a_full_hand_may_play_a_card_instead_of_discarding_at_the_draw() -> None:
    s = new()
    s.hand = sorted(
        ["stuka", "dora", "replacements", "supply-column", "sondermeldung"], key=G.ev_order.get
    )
    s.supply = 5
    _draw_next_turn(s, "gebirgsjaeger", "brandenburger")
    assert s.phase == "discard"
    assert ("play", "supply-column") in legal(s) and ("play", "sondermeldung") in legal(s)
    act(s, "play", "supply-column")  # room made by playing, not discarding
    assert s.supply == 7 and "supply-column" in s.discard
    assert "gebirgsjaeger" in s.hand and len(s.hand) == 5
    assert s.phase == "discard"  # the second draw: a full hand again
    act(s, "discard", "dora")
    assert "brandenburger" in s.hand and s.phase == "orders"


def test_a_card_answers_a_stop_card_before_the_next_draw() -> None:
    s = new()
    s.hand = ["replacements"]
    # Night Witches first (a general of the player's choice loses a cube), then a plain draw
    _draw_next_turn(s, "night-witches", "supply-column")
    assert s.phase == "lose-cubes"
    act(s, "lose", "hoth")
    assert cubes(s, "hoth") == 4
    assert s.phase == "react" and ("pass",) in legal(s)
    assert ("play", "replacements", "hoth") in legal(s)
    act(s, "play", "replacements", "hoth")
    assert cubes(s, "hoth") == 5
    assert s.phase == "orders" and "supply-column" in s.hand


def test_no_answer_window_when_the_orders_step_comes_next_or_nothing_is_playable() -> None:
    s = new()
    s.hand = ["replacements"]
    _draw_next_turn(s, "supply-column", "partisans")  # the stop card is the last draw
    assert s.phase == "orders"
    s = new()
    s.hand = ["stuka"]  # attack dice: playable only with an attack
    _draw_next_turn(s, "partisans", "supply-column")
    assert s.phase == "orders"


def test_a_card_may_be_played_between_local_counter_attacks() -> None:
    s = new()
    s.hand = ["luftwaffe-support"]
    place(s, 0, "kalach", 2)
    place(s, 2, "rostov", 3)
    # Hoth's local counter-attack: 1 6 (one hit); Luftwaffe at Rostov: 4 4 4 (the fortress -1
    # still leaves 3s: three hits, Rostov 0 red); Ruoff then faces no counter-attack
    dice(s, 1, 6, 4, 4, 4)
    s.deck = [*s.deck, "supply-column", "supply-column"]
    act(s, "end-turn")
    assert cubes(s, "hoth") == 4
    assert s.phase == "react"
    assert ("play", "luftwaffe-support", 2) in legal(s)
    act(s, "play", "luftwaffe-support", 2)
    assert s.red[2] == 0 and s.front[2] == "rostov"  # a special attack never captures
    assert s.phase == "orders" and s.turn == 2
    assert cubes(s, "ruoff") == 5 and conserved(s)


def test_passing_between_local_counter_attacks_goes_on_with_the_next_one() -> None:
    s = new()
    s.hand = ["luftwaffe-support"]
    place(s, 0, "kalach", 2)
    place(s, 2, "rostov", 3)
    dice(s, 6, 6, 1, 1, 6)
    s.deck = [*s.deck, "supply-column", "supply-column"]
    act(s, "end-turn")
    act(s, "pass")
    assert cubes(s, "ruoff") == 3 and s.phase == "orders" and s.turn == 2


def test_no_window_after_the_last_card_that_counter_attacks() -> None:
    s = new()
    s.hand = ["luftwaffe-support"]
    place(s, 0, "kalach", 2)
    dice(s, 6, 6)
    s.deck = [*s.deck, "supply-column", "supply-column"]
    act(s, "end-turn")
    assert s.phase == "orders" and s.turn == 2


# ----- the red cubes ---------------------------------------------------------------------------


def test_a_deployment_the_red_pool_cannot_pay_is_logged() -> None:
    s = new()
    place(s, 1, "stalingrad", 5)
    place(s, 2, "rostov", 4)
    extra = s.red_pool - 2
    s.red[2] += extra  # 2 red cubes left in the box
    s.red_pool = 2
    s.events.clear()
    act(s, "advance", "hoth", "voronezh")  # Voronezh shows 2: paid
    assert s.red[0] == 2 and s.red_pool == 0 and conserved(s)
    assert not [e for e in s.events if e["kind"] == "red-short"]
    s = new()
    place(s, 1, "stalingrad", 5)
    place(s, 2, "rostov", 13)
    s.red_pool = 2
    s.queue = ["kalach"]
    s.events.clear()
    act(s, "advance", "hoth", "kalach")  # Kalach shows 4, only 2 are left
    assert s.red[0] == 2 and s.red_pool == 0 and conserved(s)
    short = [e for e in s.events if e["kind"] == "red-short"]
    assert short == [{"card": "kalach", "wanted": 4, "placed": 2, "pool": 0, "kind": "red-short"}]
    assert G.describe_event(short[0]) == (
        "Only 2 of 4 red cubes for Kalach-na-Donu: all 20 Soviet cubes are on the board"
    )


# ----- the turn label --------------------------------------------------------------------------


def test_the_turn_keeps_to_the_calendar_after_early_winter() -> None:
    s = new(hard=True)
    _draw_next_turn(s, "early-winter", "supply-column")  # turn 2 (Mid July) jumps to Late July
    v = G.view(s, "german")
    assert v["calendar"]["label"] == "Late July"
    assert v["turn"] == 3 == s.cal
    assert "(turn 3)" in G.render_text(s, "german")
