"""Attack clauses read since BPX-11 (docs/battle-rules.md): "attack twice during the same turn" (BPX-11), no attack
while its controller has another monster (BPX-12), attacking each monster once while alone (BPX-13), a second attack
while a Level 10 or higher monster is banished (BPX-14). Real cards from the card database; every position is
compared with the reference enumerator (same play keys, exhaustive answer)."""

from __future__ import annotations

from test_rules_attack_clauses import attacks, battle

from pysolver.cards.attacks import attack_rules
from pysolver.cards.reading import unread_clauses


def test_bpx_11_to_14_wordings_are_read(real):
    assert attack_rules(real["Master Monk"]).extra == 1
    assert attack_rules(real["Photon Thrasher"]).cannot_with_other
    tecuhtlica = attack_rules(real["Mementoal Tecuhtlica - Combined Creation"])
    assert tecuhtlica.attack_all and tecuhtlica.attack_all_alone
    assert attack_rules(real["Divine Scorpion Beast of Serket"]).extra_while_banished is not None
    for name in ("Master Monk", "Photon Thrasher", "Mementoal Tecuhtlica - Combined Creation",
                 "Divine Scorpion Beast of Serket"):
        assert not [u for u in unread_clauses(real[name]) if "attack" in u.clause], name


# --------------------------------------------------------------------------------------------------
# BPX-11: "This card can attack twice during the same turn."

def test_bpx_11_master_monk_attacks_twice(real):
    for attacked, can in ((0, True), (1, True), (2, False)):
        b = battle(real).monster(1, "Master Monk", attacked=attacked)
        b.opponent.monster(1, "Kuriboh")
        assert attacks(b.build()) == ({("M1", "oM1")} if can else set()), attacked
    b = battle(real).monster(1, "Master Monk", attacked=1, attacked_directly=True)   # any target, direct too
    assert attacks(b.build()) == {("M1", "direct")}


# --------------------------------------------------------------------------------------------------
# BPX-12: "Cannot attack if you control another monster."

def test_bpx_12_photon_thrasher_attacks_only_alone(real):
    b = battle(real).monster(1, "Photon Thrasher")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1")}
    b = battle(real).monster(1, "Photon Thrasher").monster(2, "Kuriboh", position="set")   # face-down counts
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == set()
    b = battle(real).monster(1, "Photon Thrasher").monster("left", "Decode Talker")         # Extra Monster Zone too
    assert attacks(b.build()) == {("EMZL", "direct")}


def test_bpx_12_opponents_monsters_do_not_count(real):
    b = battle(real).monster(1, "Photon Thrasher")
    b.opponent.monster(1, "Kuriboh").monster(2, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}


def test_bpx_12_negated_photon_thrasher_attacks(real):
    b = battle(real).monster(1, "Photon Thrasher", restrictions=["effects_negated"]).monster(2, "Kuriboh")
    assert attacks(b.build()) == {("M1", "direct"), ("M2", "direct")}


# --------------------------------------------------------------------------------------------------
# BPX-13: "While you control no other monsters, this card can attack all monsters your opponent controls, once each."

def test_bpx_13_tecuhtlica_attacks_each_monster_while_alone(real):
    name = "Mementoal Tecuhtlica - Combined Creation"
    b = battle(real).monster(1, name, attacked=1, attacked_monsters=[1])
    b.opponent.monster(1, "Kuriboh").monster(2, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM2")}
    b = battle(real).monster(1, name, attacked=2, attacked_monsters=[1, 2])
    b.opponent.monster(1, "Kuriboh").monster(2, "Kuriboh")
    assert attacks(b.build()) == set()


def test_bpx_13_tecuhtlica_with_another_monster_attacks_once(real):
    name = "Mementoal Tecuhtlica - Combined Creation"
    b = battle(real).monster(1, name).monster(2, "Kuriboh", position="set")
    b.opponent.monster(1, "Kuriboh").monster(2, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}        # its first attack: any target
    b = battle(real).monster(1, name, attacked=1, attacked_monsters=[1]).monster(2, "Kuriboh", position="set")
    b.opponent.monster(1, "Kuriboh").monster(2, "Kuriboh")
    assert attacks(b.build()) == set()


def test_bpx_13_tecuhtlica_after_a_direct_attack(real):
    b = battle(real).monster(1, "Mementoal Tecuhtlica - Combined Creation", attacked=1, attacked_directly=True)
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == set()                                  # BP-12: none after a direct attack


# --------------------------------------------------------------------------------------------------
# BPX-14: "Can make a second attack during each Battle Phase, while a Level 10 or higher monster is banished."

def test_bpx_14_serket_second_attack_while_a_level_10_monster_is_banished(real):
    name = "Divine Scorpion Beast of Serket"
    for banished, can in (((), False), (("Blue-Eyes White Dragon",), False), (("Blue-Eyes Ultimate Dragon",), True)):
        b = battle(real).monster(1, name, attacked=1)
        b.opponent.monster(1, "Kuriboh")
        if banished:
            b.opponent.banished(*banished)
        assert attacks(b.build()) == ({("M1", "oM1")} if can else set()), banished
    b = battle(real).monster(1, name, attacked=1).banished("Blue-Eyes Ultimate Dragon")     # the turn player's own
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1")}
    b = battle(real).monster(1, name, attacked=2).banished("Blue-Eyes Ultimate Dragon")     # two attacks at most
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == set()


def test_bpx_14_serket_ranks_and_trap_monster_cards_have_no_level(real):
    # an Xyz Monster has no Level; a Trap Monster card (Metal Reflect Slime, Level 10 as a monster) is a Trap once banished
    for banished in ("Number 62: Galaxy-Eyes Prime Photon Dragon", "Metal Reflect Slime"):
        b = battle(real).monster(1, "Divine Scorpion Beast of Serket", attacked=1)
        b.opponent.monster(1, "Kuriboh")
        b.opponent.banished(banished)
        assert attacks(b.build()) == set(), banished
