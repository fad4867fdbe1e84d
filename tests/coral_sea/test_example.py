"""The rulebook's naval Operation Example (after series rule 8), step by step.

The Allies spend the RP in the naval area next to Port Moresby (6 SP). A US naval unit
carrying an Australian infantry unit and the other RP there moves (2 SP, range 6 - 2 = 4
because it carries ground units at sea), lands the infantry from the next naval area and
comes back. The Australian Heavy Surface unit sails to the Australia box (range 6; the box
is two zones away) and ends there among other units: 2 SP more for stacking; the SP are
spent and the operation ends. The US infantry at Port Moresby could have acted, the US
ships in its port could not (the RP was in a naval area).
"""

from __future__ import annotations

from .helpers import clean_board, operation, place

ALLIES = "allies"


def test_naval_operation_example() -> None:
    m = clean_board()
    s = m.state
    place(
        m,
        us_tf17="Gulf of Papua",
        au_30="Gulf of Papua",
        au_tf44="Gulf of Papua",
        us_32="Port Moresby",
        us_desron="Port Moresby",
        au_18="Australia",
    )
    s.rps[ALLIES]["Gulf of Papua"] = 1  # the RP that stays aboard; operation() adds the spent one
    operation(m, ALLIES, "Gulf of Papua")
    assert m.state.op is not None and m.state.op.sp == 6 and m.state.op.naval
    acts = m.legal(ALLIES)
    assert ("move", "us-tf17") in acts and ("move", "au-tf44") in acts
    assert ("move", "us-32") in acts  # ground units next to the naval area may use its RP
    assert ("move", "us-desron") not in acts  # ships in the port may not
    m.act(ALLIES, ("move", "us-tf17"))
    assert m.state.op.cargo == ["au-30"] and m.state.op.cargo_rp == 1
    m.act(ALLIES, ("go", "Coral Sea"))
    assert m.state.op.sp == 4  # a naval move costs 2 SP (campaign rule 7.a)
    assert m.state.op.mp == 3  # range 6 - 2 (carrying ground units at sea) - 1
    assert m.state.units["au-30"].loc == "Coral Sea"
    m.act(ALLIES, ("land", "Milne Bay"))
    assert m.state.units["au-30"].loc == "Milne Bay"
    assert m.state.rps[ALLIES].get("Milne Bay", 0) == 0  # the RP stays aboard
    assert ("land", "Milne Bay") not in m.legal(ALLIES)  # one disembarkation per operation
    m.act(ALLIES, ("go", "Gulf of Papua"))
    m.act(ALLIES, ("halt",))
    assert (
        m.state.units["us-tf17"].loc == "Gulf of Papua"
        and m.state.rps[ALLIES]["Gulf of Papua"] == 1
    )
    assert m.state.op.sp == 4
    m.act(ALLIES, ("move", "au-tf44"))
    m.act(ALLIES, ("go", "Australia"))
    assert m.state.op.sp == 2
    assert m.state.op.mp == 4  # range 6, the Australia box costs two
    m.act(ALLIES, ("halt",))  # ends among other units in a land area: 2 SP for stacking
    assert m.state.units["au-tf44"].loc == "Australia"
    assert m.state.op is None  # no SP left: the operation is over
    assert m.state.units["us-desron"].loc == "Port Moresby"
