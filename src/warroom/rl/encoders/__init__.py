"""Per-game encoders: ``<game_id with _>.py`` may define ``action_universe(game, scenario,
options)`` (every action the game can ever list, in a fixed order), ``MAX_ACTIONS`` (slot
encodings), ``VIEW_SIZE`` and ``encode_view(view, role, out)`` (a hand-made layout of the
view into a zeroed float32 array). A game without one gets the generic encoding."""
