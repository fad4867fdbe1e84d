"""The rulebook's naval Operation Example (after series rule 8), step by step, to its end.

The Allies spend one of the two RPs in the naval area next to Port Moresby (the Gulf of
Papua): 6 SP. The US naval unit there moves with what it carries, the Australian infantry
and the other RP (2 SP; range 6 - 2 = 4, laden at sea), into the adjacent naval area; it
lands the infantry (halting its move for the landing) and returns to the Gulf of Papua,
where it ends: 4 SP left. The Australian Heavy Surface unit sails to the Australia box
(range 6, nothing aboard; the box is two zones away): 2 SP left; it ends in port among
other units: 2 SP for stacking, 0 left, the operation ends. The US infantry at Port
Moresby could have acted (next to the naval area), the US ship in its port could not (the
RP was spent at sea). The book ends with the US ship and the RP it carries in the Gulf of
Papua, the infantry ashore, the Australian ship in Australia.
"""

from __future__ import annotations

from warroom.games.campaign_commander.invariants import violations

from .helpers import GAME, aboard, clean_board, operation, place

ALLIES = "allies"


def test_naval_operation_example() -> None:
    m = clean_board()
    place(m, us_32="Port Moresby", us_desron="Port Moresby", au_18="Australia")
    place(m, us_tf17="Gulf of Papua", au_tf44="Gulf of Papua")
    aboard(m, "us-tf17", "au-30", rp=1)  # the US ship carries the infantry and one RP
    operation(m, ALLIES, "Gulf of Papua", ship="au-tf44")  # the RP aboard TF 44 is spent
    s = m.state
    assert s.op is not None and s.op.sp == 6 and s.op.naval
    assert s.rps[ALLIES] == {"Gulf of Papua": 1} and s.rp_aboard == {"us-tf17": 1}
    acts = m.legal(ALLIES)
    assert ("move", "us-tf17") in acts and ("move", "au-tf44") in acts
    assert ("move", "us-32") in acts  # ground units next to the naval area may use its RP
    assert ("move", "us-desron") not in acts  # ships in the port may not

    # the US ship, with the Australian infantry and the remaining RP
    m.act(ALLIES, ("move", "us-tf17"))
    acts = m.legal(ALLIES)
    assert not [a for a in acts if a[0] == "embark" and GAME.data.units[a[1]].naval]
    assert ("add", "au-tf44") in acts  # it could sail with TF 44, but does not
    m.act(ALLIES, ("go", "Coral Sea"))
    s = m.state
    assert s.op.sp == 4  # a naval move costs 2 SP (campaign rule 7.a)
    assert s.op.mp == 3  # range 6 - 2 (carrying ground units at sea) - 1
    assert s.units["au-30"].loc == "Coral Sea" and s.aboard == {"au-30": "us-tf17"}
    assert s.rps[ALLIES] == {"Coral Sea": 1}  # the RP sails aboard the US ship
    m.act(ALLIES, ("land", "Milne Bay"))  # the move halts for the landing
    s = m.state
    assert s.units["au-30"].loc == "Milne Bay" and s.aboard == {}
    assert s.op.sp == 4 and s.op.mp == 3  # landing costs no range and, here, no SP
    assert s.rps[ALLIES] == {"Coral Sea": 1}  # the RP stays aboard (it lands only in ports)
    acts = m.legal(ALLIES)
    assert not [a for a in acts if a[0] in ("land", "embark", "cancel")]  # one landing (7.1.1)
    m.act(ALLIES, ("go", "Gulf of Papua"))  # the naval movement resumes
    m.act(ALLIES, ("halt",))
    s = m.state
    assert s.units["us-tf17"].loc == "Gulf of Papua" and s.rp_aboard == {"us-tf17": 1}
    assert s.op.sp == 4  # "Supply Points Remaining" at 4

    # the Australian Heavy Surface unit, alone
    m.act(ALLIES, ("move", "au-tf44"))
    m.act(ALLIES, ("go", "Australia"))
    s = m.state
    assert s.op.sp == 2
    assert s.op.mp == 4  # range 6 (no land unit aboard), the Australia box costs two
    m.act(ALLIES, ("halt",))  # it ends among other units in a land area: 2 SP for stacking
    s = m.state
    assert s.op is None  # no SP left: the operation is over

    # the end of the book's example
    assert s.units["us-tf17"].loc == "Gulf of Papua"
    assert s.rps[ALLIES] == {"Gulf of Papua": 1} and s.rp_aboard == {"us-tf17": 1}
    assert s.units["au-30"].loc == "Milne Bay"
    assert s.units["au-tf44"].loc == "Australia" and "Australia" not in s.rps[ALLIES]
    assert s.units["us-desron"].loc == "Port Moresby" and s.units["us-32"].loc == "Port Moresby"
    spent = [(e["spent"], e["why"]) for e in m.log if e["kind"] == "sp"]
    assert spent == [(2, "naval move"), (2, "naval move"), (2, "stacking")]
    landings = [e for e in m.log if e["kind"] == "disembark"]
    assert [(e["units"], e["dest"]) for e in landings] == [(["au-30"], "Milne Bay")]
    assert violations(GAME, s) == []
