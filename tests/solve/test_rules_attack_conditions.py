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


# --------------------------------------------------------------------------------------------------
# BPX-15: "You must pay 1000 Life Points to declare an attack with this card."

def test_bpx_15_machina_force_needs_the_lp(real):
    for lp, can in ((1000, True), (999, False), (8000, True)):
        b = battle(real).lp(lp).monster(1, "Machina Force")
        b.opponent.monster(1, "Kuriboh")
        assert attacks(b.build()) == ({("M1", "oM1")} if can else set()), lp


def test_bpx_15_machina_force_pays_on_the_declaration(real):
    from pysolver.position.play import Play
    from pysolver.reference import apply as reference_apply
    from pysolver.solve.apply import apply
    b = battle(real).lp(2500).monster(1, "Machina Force")
    b.opponent.monster(1, "Kuriboh")
    position = b.build()
    play = Play(action="declare_attack", card="M1", name="Machina Force", target="oM1")
    after = apply(position, play)
    assert after.me.lp == 1500 and after.opponent.lp == 8000
    assert reference_apply(position, play).me.lp == 1500


def test_bpx_15_machina_force_lines_replay_with_the_transition(real):
    # the step-indexed turn pays the LP as apply does (each step's state is apply's, replay checks it): with 1500 LP
    # one Machina Force attacks, then the other has 500 LP to pay 1000 with and cannot
    from test_steps import assert_every_move_replays, every_instance, models

    from pysolver.solve.steps import replay
    b = battle(real).lp(1500).monster(1, "Machina Force").monster(2, "Machina Force")
    b.opponent.monster(1, "Kuriboh")
    position = b.build()
    assert attacks(position) == {("M1", "oM1"), ("M2", "oM1")}
    assert_every_move_replays(position)
    lines = 0
    for atoms, plays in models(position, 2, symmetry=False):
        replay(atoms, position, 2, every_instance)
        assert sum(play.startswith("act(declare_attack") for play in plays) <= 1, plays
        lines += 1
    assert lines > 0


def test_bpx_15_negated_machina_force_pays_nothing(real):
    from pysolver.position.play import Play
    from pysolver.solve.apply import apply
    b = battle(real).lp(500).monster(1, "Machina Force", restrictions=["effects_negated"])
    b.opponent.monster(1, "Kuriboh")
    position = b.build()
    assert attacks(position) == {("M1", "oM1")}
    after = apply(position, Play(action="declare_attack", card="M1", name="Machina Force", target="oM1"))
    assert after.me.lp == 500


def test_bpx_15_toon_lp_costs_stay_unread_with_their_toon_sentence(real):
    # the LP sentence is read; so is, since BPM-2, "must target a Toon monster for its attacks" (test_rules_attack_summons)
    for name in ("Manga Ryu-Ran", "Toon Summoned Skull"):
        assert attack_rules(real[name]).attack_lp_cost == 500, name
        assert not unread_clauses(real[name]), name
    # Toon Mermaid says it in two sentences ("... unless they control a Toon Monster. If they do control one, ..."):
    # unread
    assert any("Toon Monster" in u.clause for u in unread_clauses(real["Toon Mermaid"]))


# --------------------------------------------------------------------------------------------------
# BPX-16: "Monsters your opponent controls cannot attack "Amazoness" monsters you control, except this one."

def test_bpx_16_pet_liger_protects_the_other_face_up_amazoness_monsters(real):
    for name in ("Amazoness Pet Liger", 'World Legacy - "World Lance"'):
        assert attack_rules(real[name]).only_target_among is not None, name
        assert not [u for u in unread_clauses(real[name]) if "attack" in u.clause], name
    b = battle(real).monster(1, "Kuriboh")
    b.opponent.monster(1, "Amazoness Pet Liger").monster(2, "Amazoness Swords Woman").monster(3, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM3")}     # not the other "Amazoness" monster


def test_bpx_16_pet_liger_face_down_amazoness_and_its_own_side(real):
    # a face-down monster shows no archetype (the engine's IsFaceup); on the turn player's side it restricts nothing
    b = battle(real).monster(1, "Kuriboh")
    b.opponent.monster(1, "Amazoness Pet Liger").monster(2, "Amazoness Swords Woman", position="set")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}
    b = battle(real).monster(1, "Amazoness Pet Liger").monster(2, "Amazoness Swords Woman")
    b.opponent.monster(1, "Amazoness Swords Woman")
    assert attacks(b.build()) == {("M1", "oM1"), ("M2", "oM1")}


# --------------------------------------------------------------------------------------------------
# BPX-17: "Gains the following effects while this card points to an "R.B." monster. ● ... ● Can make a second attack
# during each Battle Phase. ● ..."

def test_bpx_17_brute_blues_reads_its_second_attack_bullet(real):
    rules = attack_rules(real["R.B. The Brute Blues"])
    assert rules.extra_while is not None and rules.extra_while[0] == 1
    assert not unread_clauses(real["R.B. The Brute Blues"])
    # a bullet list after another lead stays unread (Chronomaly Tuspa Rocket: what a material gives the "Number" Xyz
    # Monster Summoned using it; Odd-Eyes Raging Dragon's lead is SMT-1's)
    assert any("attacks on monsters" in u.clause for u in unread_clauses(real["Chronomaly Tuspa Rocket"]))


def test_bpx_17_brute_blues_second_attack_while_it_points_to_a_face_up_rb_monster(real):
    # in the left Extra Monster Zone its arrows (bottom-left, bottom, bottom-right) point to Main Monster Zones 1..3
    for zone, position, can in ((2, "attack", True), (3, "defense", True), (2, "set", False), (4, "attack", False)):
        b = battle(real).monster("left", "R.B. The Brute Blues", attacked=1).monster(zone, "R.B. Lambda Blade",
                                                                                         position=position)
        b.opponent.monster(1, "Kuriboh")
        expected = {("EMZL", "oM1")} if can else set()
        if position == "attack":
            expected.add((f"M{zone}", "oM1"))
        assert attacks(b.build()) == expected, (zone, position)
    b = battle(real).monster("left", "R.B. The Brute Blues", attacked=2).monster(2, "R.B. Lambda Blade", position="defense")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == set()                 # two attacks at most


# --------------------------------------------------------------------------------------------------
# BPX-18: "While this card is in the center Main Monster Zone, neither player can declare attacks, except with monsters in
# their center Main Monster Zones."

def test_bpx_18_june_pride_in_the_center_zone(real):
    assert [lock.center for lock in attack_rules(real["Elfnote June Pride"]).locks] == [True]
    assert not [u for u in unread_clauses(real["Elfnote June Pride"]) if "attack" in u.clause]
    # the opponent's June Pride in their center zone: only the turn player's monster in Main Monster Zone 3 attacks
    b = battle(real).monster(3, "Kuriboh").monster(1, "Kuriboh").monster("left", "Decode Talker")
    b.opponent.monster(3, "Elfnote June Pride")
    assert attacks(b.build()) == {("M3", "oM3")}
    # the turn player's own June Pride in the center zone binds its controller too (it attacks from there)
    b = battle(real).monster(3, "Elfnote June Pride").monster(2, "Kuriboh")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M3", "oM1")}


def test_bpx_18_june_pride_elsewhere_or_negated_locks_nothing(real):
    b = battle(real).monster(2, "Kuriboh")
    b.opponent.monster(2, "Elfnote June Pride")
    assert attacks(b.build()) == {("M2", "oM2")}
    b = battle(real).monster(2, "Kuriboh")
    b.opponent.monster(3, "Elfnote June Pride", restrictions=["effects_negated"])
    assert attacks(b.build()) == {("M2", "oM3")}
