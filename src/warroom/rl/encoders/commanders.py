"""Commanders: the slot encoding, with room for its long order prompts.

An order prompt lists every (unit, order, sector) the side may still write: in
random play over every scenario up to 231 actions, two prompts in three over 64.
256 slots let an agent choose any of them; a longer prompt is cut (and counted
in ``Encoding.truncated_prompts``).
"""

MAX_ACTIONS = 256
