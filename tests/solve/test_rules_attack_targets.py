"""Attack-target clauses read since BPX-19 (docs/battle-rules.md) and the protections joined to them
(docs/targeting-rules.md TGT-7..): "cannot be targeted for attacks, but does not prevent ..." with a destruction
half (BPX-19). Real cards from the card database; every position is compared with the reference enumerator (same
play keys, exhaustive answer)."""

from __future__ import annotations

from test_rules_attack_clauses import attacks, battle

from pysolver.cards.attacks import attack_rules
from pysolver.cards.reading import unread_clauses

# --------------------------------------------------------------------------------------------------
# BPX-19: "This card cannot be destroyed by your opponent's card effects, and cannot be targeted for attacks, but does
# not prevent your opponent from attacking you directly."

def test_bpx_19_dryatrentiay_is_read(real):
    card = real["Sunavalon Dryatrentiay"]
    assert attack_rules(card).ignored
    assert not unread_clauses(card)


def test_bpx_19_dryatrentiay_is_no_target_and_not_in_the_way(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster("left", "Sunavalon Dryatrentiay")
    assert attacks(b.build()) == {("M1", "direct")}
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster("left", "Sunavalon Dryatrentiay").monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1")}
    b = battle(real).monster(1, "Celtic Guardian")             # negated (BP-3): an ordinary monster
    b.opponent.monster("left", "Sunavalon Dryatrentiay", restrictions=["effects_negated"])
    assert attacks(b.build()) == {("M1", "oEMZL")}


def test_bpx_19_dryatrentiay_on_the_turn_players_side_forbids_nothing(real):
    b = battle(real).monster("left", "Sunavalon Dryatrentiay")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("EMZL", "oM1")}
