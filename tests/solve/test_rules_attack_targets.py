"""Attack-target clauses read since BPX-19 (docs/battle-rules.md) and the protections joined to them
(docs/targeting-rules.md TGT-7..): "cannot be targeted for attacks, but does not prevent ..." with a destruction
half (BPX-19), BP-10 said of "monsters you control" under a condition of the position, joined to a protection (BPX-20,
TGT-7), BP-8 while its controller controls a face-down monster or while it points to any monster (BPX-21), BPX-16 on a kind of face-up monster and every face-down one (BPX-22), BP-8
while a card of an archetype is on the field (BPX-23), "This linked card ..." (BPX-24, TGT-9), BP-10 and BP-8
joined to a protection of other cards or of the monsters it points to (BPX-25, TGT-10), the bullets of "While
<condition>, this card gains these effects." (BPX-26, TGT-11), a column lock on attack targets (BPX-27). Real cards from the card database; every position is compared with the reference enumerator (same
play keys, exhaustive answer)."""

from __future__ import annotations

from test_rules_attack_clauses import attacks, battle
from test_rules_protection_conditions import attacks as some_attacks
from test_rules_protection_conditions import cipher, targets

from pysolver.cards.attacks import attack_rules
from pysolver.cards.protections import protections
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


# --------------------------------------------------------------------------------------------------
# BPX-20, TGT-7: "While you control a Link Monster, monsters your opponent controls cannot target monsters you control for
# attacks, except this one, also your opponent cannot target monsters you control with card effects, except this one."

def test_bpx_20_quantum_and_clock_dragon_are_read(real):
    for name in ("Cyberse Quantum Dragon", "Cyberse Clock Dragon"):
        rules = attack_rules(real[name])
        assert rules.only_target and rules.only_target_presence is not None, name
        assert len(protections(real[name]).protections) == 1, name
        assert not unread_clauses(real[name]), name


def test_bpx_20_quantum_dragon_is_the_only_target_while_its_controller_controls_a_link_monster(real):
    for name in ("Cyberse Quantum Dragon", "Cyberse Clock Dragon"):
        b = battle(real).monster(1, "Celtic Guardian")
        b.opponent.monster(1, name).monster(2, "Kuriboh", position="set").monster("left", "Link Spider")
        assert attacks(b.build()) == {("M1", "oM1")}, name          # a face-down monster too is no target
        b = battle(real).monster(1, "Celtic Guardian")             # no Link Monster: every monster is a target
        b.opponent.monster(1, name).monster(2, "Kuriboh", position="set")
        assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}, name
        b = battle(real).monster(1, "Celtic Guardian").monster("left", "Link Spider")   # the turn player's Link
        b.opponent.monster(1, name).monster(2, "Kuriboh")
        assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2"), ("EMZL", "oM1"), ("EMZL", "oM2")}, name


def test_bpx_20_negated_quantum_dragon_and_its_own_side(real):
    b = battle(real).monster(1, "Celtic Guardian")              # negated (BP-3): no condition applies
    b.opponent.monster(1, "Cyberse Quantum Dragon", restrictions=["effects_negated"]).monster(2, "Kuriboh")
    b.opponent.monster("left", "Link Spider")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2"), ("M1", "oEMZL")}
    b = battle(real).monster(1, "Cyberse Quantum Dragon").monster("left", "Link Spider")   # the turn player's
    b.opponent.monster(1, "Kuriboh").monster(2, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2"), ("EMZL", "oM1"), ("EMZL", "oM2")}


def test_tgt_7_quantum_and_clock_dragon_protect_the_other_monsters_while_a_link_monster_is_there(real):
    for name in ("Cyberse Quantum Dragon", "Cyberse Clock Dragon"):
        b = cipher(real)
        b.opponent.monster(1, name).monster(2, "Celtic Guardian").monster("left", "Link Spider")
        assert targets(b.build()) == {"oM1"}, name                   # not the other monsters (the Link one too)
        b = cipher(real)
        b.opponent.monster(1, name).monster(2, "Celtic Guardian")
        assert targets(b.build()) == {"oM1", "oM2"}, name


def test_bpx_20_quantum_dragon_in_the_step_indexed_turn(real):
    # the step-indexed turn (search --engine asp) lists the same attacks: every move replays, and a line of two attacks
    # attacks Quantum Dragon only
    from test_steps import assert_every_move_replays, every_instance, models

    from pysolver.solve.steps import replay
    b = battle(real).monster(1, "Celtic Guardian").monster(2, "Celtic Guardian")
    b.opponent.monster(1, "Cyberse Quantum Dragon").monster(2, "Kuriboh").monster("left", "Link Spider")
    position = b.build()
    assert attacks(position) == {("M1", "oM1"), ("M2", "oM1")}
    assert_every_move_replays(position)
    quantum = str(real["Cyberse Quantum Dragon"].passcode)
    lines = attacking = 0
    for atoms, plays in models(position, 2, symmetry=False):
        replay(atoms, position, 2, every_instance)
        number = next(str(a.arguments[0]) for a in atoms if a.name == "instance" and str(a.arguments[1]) == quantum)
        targets_ = [play for play in plays if play.startswith("target(")]
        assert all(play.startswith(f"target({number},") for play in targets_), plays
        attacking += len(targets_) == 2
        lines += 1
    assert lines > 0 and attacking > 0            # lines of two attacks, both on Quantum Dragon


# --------------------------------------------------------------------------------------------------
# BPX-21: "While you control a face-down Defense Position monster, your opponent's monsters cannot target this card for
# attacks." (Meizen) and "While this card points to a monster(s), this card cannot be targeted for an attack, also your
# opponent cannot target it with card effects." (Saizo)

def test_bpx_21_meizen_and_saizo_are_read(real):
    assert attack_rules(real["Meizen the Battle Ninja"]).not_target_while.where == "own_face_down"
    saizo = real["Ninja Grandmaster Saizo"]
    assert attack_rules(saizo).not_target_while.where == "points"
    assert [p.scope for p in protections(saizo).protections] == ["self"]
    for name in ("Meizen the Battle Ninja", "Ninja Grandmaster Saizo"):
        assert not unread_clauses(real[name]), name


def test_bpx_21_meizen_while_its_controller_controls_a_face_down_monster(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Meizen the Battle Ninja").monster(2, "Kuriboh", position="set")
    assert attacks(b.build()) == {("M1", "oM2")}                    # still in the way of a direct attack
    b = battle(real).monster(1, "Celtic Guardian")                 # a face-up monster only: Meizen is a target
    b.opponent.monster(1, "Meizen the Battle Ninja").monster(2, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}
    b = battle(real).monster(1, "Celtic Guardian").monster(2, "Kuriboh", position="set")   # the turn player's face-down
    b.opponent.monster(1, "Meizen the Battle Ninja")
    assert attacks(b.build()) == {("M1", "oM1")}
    b = battle(real).monster(1, "Celtic Guardian")                 # negated (BP-3)
    b.opponent.monster(1, "Meizen the Battle Ninja", restrictions=["effects_negated"]).monster(2, "Kuriboh", position="set")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}


def test_bpx_21_meizen_on_the_turn_players_side(real):
    # its "Ninja" monsters attack directly (BPX-1); its BP-8 sentence restricts the other player's attacks only
    b = battle(real).monster(1, "Meizen the Battle Ninja").monster(2, "Kuriboh", position="set")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "direct")}


def test_bpx_21_saizo_while_it_points_to_a_monster(real):
    # Saizo (Link-2, arrows Bottom-Left and Bottom-Right): from the Extra Monster Zone over its controller's Main Monster
    # Zone 4 (the turn player's left one, oEMZL) it points to their zones 3 and 5; from a Main Monster Zone, to nothing
    for zone, pointed in ((3, True), (5, True), (1, False), (4, False)):
        b = battle(real).monster(1, "Celtic Guardian")
        b.opponent.monster("left", "Ninja Grandmaster Saizo").monster(zone, "Kuriboh", position="set")
        expected = {("M1", f"oM{zone}")} | (set() if pointed else {("M1", "oEMZL")})
        assert attacks(b.build()) == expected, zone                 # a face-down monster there counts
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(2, "Ninja Grandmaster Saizo").monster(3, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM2"), ("M1", "oM3")}


def test_tgt_8_saizo_cannot_be_targeted_while_it_points_to_a_monster(real):
    b = cipher(real)
    b.opponent.monster("left", "Ninja Grandmaster Saizo").monster(3, "Celtic Guardian")
    assert targets(b.build()) == {"oM3"}
    b = cipher(real)
    b.opponent.monster("left", "Ninja Grandmaster Saizo").monster(1, "Celtic Guardian")
    assert targets(b.build()) == {"oEMZL", "oM1"}


# --------------------------------------------------------------------------------------------------
# BPX-22: "Monsters your opponent controls cannot target face-up "Ghostrick" monsters, or any face-down Defense Position
# monsters, for attacks, except this one."

def test_bpx_22_alucard_is_read(real):
    rules = attack_rules(real["Ghostrick Alucard"])
    assert str(rules.only_target_among) == '"Ghostrick" monster' and rules.only_target_face_down
    assert not unread_clauses(real["Ghostrick Alucard"])


def test_bpx_22_alucard_protects_face_up_ghostrick_and_face_down_monsters(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Ghostrick Alucard", materials=["Kuriboh"]).monster(2, "Ghostrick Dullahan")
    b.opponent.monster(3, "Kuriboh", position="set").monster(4, "Celtic Guardian")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM4")}
    b = battle(real).monster(1, "Celtic Guardian")             # a face-down "Ghostrick" monster is face-down
    b.opponent.monster(1, "Ghostrick Alucard").monster(2, "Ghostrick Dullahan", position="set")
    assert attacks(b.build()) == {("M1", "oM1")}
    b = battle(real).monster(1, "Celtic Guardian")             # two Alucards: neither can be attacked
    b.opponent.monster(1, "Ghostrick Alucard").monster(2, "Ghostrick Alucard").monster(3, "Kuriboh", position="set")
    assert attacks(b.build()) == set()


def test_bpx_22_alucard_negated_or_on_the_turn_players_side(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Ghostrick Alucard", restrictions=["effects_negated"]).monster(2, "Kuriboh", position="set")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}
    b = battle(real).monster(1, "Ghostrick Alucard").monster(2, "Ghostrick Dullahan")
    b.opponent.monster(1, "Kuriboh", position="set")
    assert attacks(b.build()) == {("M1", "oM1"), ("M2", "oM1")}


# --------------------------------------------------------------------------------------------------
# BPX-23: 'While an "Endymion" card(s) is on the field, your opponent's monsters cannot target this card for attacks.'

def test_bpx_23_selene_is_read(real):
    presence = attack_rules(real["Selene, Queen of the Master Magicians"]).not_target_while
    assert presence.where == "field_card" and str(presence.filter) == '"Endymion" monster'
    assert not unread_clauses(real["Selene, Queen of the Master Magicians"])


def test_bpx_23_selene_while_a_face_up_endymion_card_is_on_either_field(real):
    selene = "Selene, Queen of the Master Magicians"
    def position(place=None, where="theirs", **options):
        b = battle(real).monster(1, "Celtic Guardian")
        b.opponent.monster("left", selene).monster(1, "Kuriboh")
        side = b.opponent if where == "theirs" else b
        if place == "spell_trap":
            side.spell_trap(2, "Empire of Endymion", **options)
        elif place == "field":
            side.field_spell("Magical Citadel of Endymion", **options)
        elif place == "monster":
            side.monster(3, "Genni, the Maid of Endymion", **options)
        elif place == "pendulum":
            side.spell_trap(1, "Reflection of Endymion")         # a Pendulum Scale (ZN-7)
        return b.build()
    free = {("M1", "oEMZL"), ("M1", "oM1")}
    assert attacks(position()) == free
    for place in ("spell_trap", "monster", "pendulum"):
        assert ("M1", "oEMZL") not in attacks(position(place)), place
        assert ("M1", "oEMZL") not in attacks(position(place, "mine")), place   # the turn player's card too
    # a Field Spell (Magical Citadel of Endymion has a sentence left unread: on the turn player's side its own plays are
    # withheld, not these)
    assert ("M1", "oEMZL") not in attacks(position("field"))
    assert ("M1", "oEMZL") not in some_attacks(position("field", "mine"), whole=False)
    assert attacks(position("spell_trap", position="set")) == free                # a Set card shows no archetype
    assert ("M1", "oM3") in attacks(position("monster", position="set"))
    assert ("M1", "oEMZL") in attacks(position("monster", position="set"))
    b = battle(real).monster(1, "Celtic Guardian")                                # negated (BP-3)
    b.opponent.monster("left", selene, restrictions=["effects_negated"]).spell_trap(2, "Empire of Endymion")
    assert attacks(b.build()) == {("M1", "oEMZL")}


# --------------------------------------------------------------------------------------------------
# BPX-24, TGT-9: "This linked card cannot be targeted by your opponent's card effects, or their monsters' attacks."
# (Appliancer Celtopus), "Your opponent cannot target this linked card with card effects." (Ib the World Chalice
# Priestess): while it points to a monster or a Link Monster points to it (IsLinkState)

def test_bpx_24_tgt_9_the_linked_sentences_are_read(real):
    assert attack_rules(real["Appliancer Celtopus"]).not_target_while.where == "linked"
    for name in ("Appliancer Celtopus", "Ib the World Chalice Priestess"):
        assert [p.presence.where for p in protections(real[name]).protections] == ["linked"], name
        assert not unread_clauses(real[name]), name


def test_bpx_24_celtopus_while_it_points_to_a_monster(real):
    # Celtopus (arrows Bottom and Bottom-Left) in oEMZL, over its controller's zone 4, points to their zones 4 and 3
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster("left", "Appliancer Celtopus").monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oEMZL"), ("M1", "oM1")}
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster("left", "Appliancer Celtopus").monster(3, "Kuriboh", position="set")
    assert attacks(b.build()) == {("M1", "oM3")}                    # still in the way of a direct attack
    b = battle(real).monster(1, "Celtic Guardian")             # negated (BP-3)
    b.opponent.monster("left", "Appliancer Celtopus", restrictions=["effects_negated"]).monster(3, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oEMZL"), ("M1", "oM3")}


def test_bpx_24_celtopus_while_a_link_monster_of_the_turn_player_points_to_it(real):
    # the turn player's Decode Talker (Top arrow) in the left Extra Monster Zone points to the opponent's zone 4
    b = battle(real).monster(1, "Celtic Guardian").monster("left", "Decode Talker")
    b.opponent.monster(4, "Appliancer Celtopus").monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("EMZL", "oM1")}
    b = battle(real).monster(1, "Celtic Guardian").monster("left", "Decode Talker")
    b.opponent.monster(2, "Appliancer Celtopus").monster(1, "Kuriboh")   # pointed to by nothing, pointing off the field
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2"), ("EMZL", "oM1"), ("EMZL", "oM2")}


def test_bpx_24_celtopus_on_the_turn_players_side(real):
    b = battle(real).monster("left", "Appliancer Celtopus").monster(1, "Kuriboh")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("EMZL", "oM1"), ("M1", "oM1")}


def test_tgt_9_celtopus_and_ib_cannot_be_targeted_while_linked(real):
    b = cipher(real)
    b.opponent.monster("left", "Appliancer Celtopus").monster(3, "Celtic Guardian")
    assert targets(b.build()) == {"oM3"}
    b = cipher(real)
    b.opponent.monster("left", "Appliancer Celtopus").monster(1, "Celtic Guardian")
    assert targets(b.build()) == {"oEMZL", "oM1"}
    # Ib (arrows Left and Right) in their zone 2 points to their zones 1 and 3
    b = cipher(real)
    b.opponent.monster(2, "Ib the World Chalice Priestess").monster(3, "Celtic Guardian")
    assert targets(b.build()) == {"oM3"}
    b = cipher(real)
    b.opponent.monster(2, "Ib the World Chalice Priestess").monster(5, "Celtic Guardian")
    assert targets(b.build()) == {"oM2", "oM5"}


# --------------------------------------------------------------------------------------------------
# BPX-25, TGT-10: "Your opponent's monsters cannot target monsters for attacks, except this one, also your opponent cannot
# target other cards on the field with card effects." (Number F0: Utopic Future Zexal); "While this card points to an
# "Aesir" monster, your opponent cannot target that monster with card effects, also monsters your opponent controls
# cannot target this card for attacks." (Gullveig of the Nordic Ascendant); "Your opponent cannot target this card with
# card effects, also monsters your opponent controls cannot target this card for attacks." (Ra - Sphere Mode)

def test_bpx_25_tgt_10_the_sentences_are_read(real):
    assert attack_rules(real["Number F0: Utopic Future Zexal"]).only_target
    assert [p.scope for p in protections(real["Number F0: Utopic Future Zexal"]).protections] == ["cards"]
    assert attack_rules(real["Gullveig of the Nordic Ascendant"]).not_target_while.where == "points"
    assert [p.scope for p in protections(real["Gullveig of the Nordic Ascendant"]).protections] == ["points"]
    for name in ("Number F0: Utopic Future Zexal", "Gullveig of the Nordic Ascendant"):
        assert not unread_clauses(real[name]), name
    # Ra - Sphere Mode's sentence is read (its Tribute Summon on the opponent's side stays unread)
    sphere = real["The Winged Dragon of Ra - Sphere Mode"]
    assert attack_rules(sphere).not_target and [p.scope for p in protections(sphere).protections] == ["self"]
    assert not [u for u in unread_clauses(sphere) if "target" in u.clause]


def test_bpx_25_f0_is_the_only_target_and_protects_the_other_cards(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Number F0: Utopic Future Zexal").monster(2, "Kuriboh", position="set")
    assert attacks(b.build()) == {("M1", "oM1")}
    b = battle(real).monster(1, "Number F0: Utopic Future Zexal").monster(2, "Celtic Guardian")   # its own side
    b.opponent.monster(1, "Kuriboh").monster(2, "Kuriboh")
    assert attacks(b.build()) == {(m, t) for m in ("M1", "M2") for t in ("oM1", "oM2")}
    b = cipher(real)
    b.opponent.monster(1, "Number F0: Utopic Future Zexal").monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM1"}
    b = cipher(real)                                            # negated: no protection
    b.opponent.monster(1, "Number F0: Utopic Future Zexal", restrictions=["effects_negated"])
    b.opponent.monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM2"}


def test_bpx_25_gullveig_while_it_points_to_a_face_up_aesir_monster(real):
    # Gullveig (arrow Bottom-Left) in oEMZL, over its controller's zone 4, points to their zone 3
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster("left", "Gullveig of the Nordic Ascendant").monster(3, "Thor, Lord of the Aesir")
    assert attacks(b.build()) == {("M1", "oM3")}
    b = battle(real).monster(1, "Celtic Guardian")             # not pointed to, or face-down: no condition
    b.opponent.monster("left", "Gullveig of the Nordic Ascendant").monster(1, "Thor, Lord of the Aesir")
    assert attacks(b.build()) == {("M1", "oEMZL"), ("M1", "oM1")}
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster("left", "Gullveig of the Nordic Ascendant").monster(3, "Thor, Lord of the Aesir", position="set")
    assert attacks(b.build()) == {("M1", "oEMZL"), ("M1", "oM3")}


def test_tgt_10_gullveig_protects_the_aesir_monster_it_points_to(real):
    b = cipher(real)
    b.opponent.monster("left", "Gullveig of the Nordic Ascendant").monster(3, "Thor, Lord of the Aesir")
    assert targets(b.build()) == {"oEMZL"}
    b = cipher(real)
    b.opponent.monster("left", "Gullveig of the Nordic Ascendant").monster(1, "Thor, Lord of the Aesir")
    assert targets(b.build()) == {"oEMZL", "oM1"}
    b = cipher(real)                                            # not an "Aesir" monster
    b.opponent.monster("left", "Gullveig of the Nordic Ascendant").monster(3, "Celtic Guardian")
    assert targets(b.build()) == {"oEMZL", "oM3"}


# --------------------------------------------------------------------------------------------------
# BPX-26, TGT-11: "While a non-Effect Monster is face-up on the field, this card gains these effects." with the bullets
# "Your opponent cannot target this card with card effects." and "Can make a second attack during each Battle Phase."

def test_bpx_26_mula_adhara_is_read(real):
    card = real["Tenyi Spirit - Mula Adhara"]
    extra, presence = attack_rules(card).extra_while
    assert extra == 1 and presence.where == "field"
    assert [p.presence.where for p in protections(card).protections] == ["field"]
    assert not unread_clauses(card)


def test_bpx_26_mula_adhara_second_attack_while_a_face_up_non_effect_monster_is_on_the_field(real):
    name = "Tenyi Spirit - Mula Adhara"
    b = battle(real).monster(1, name, attacked=1)
    b.opponent.monster(1, "Kuriboh")                           # an Effect Monster only
    assert attacks(b.build()) == set()
    b = battle(real).monster(1, name, attacked=1)
    b.opponent.monster(1, "Celtic Guardian")                   # the opponent's Normal Monster counts
    assert attacks(b.build()) == {("M1", "oM1")}
    b = battle(real).monster(1, name, attacked=1).monster(2, "Celtic Guardian")   # the turn player's too
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M2", "oM1")}
    b = battle(real).monster(1, name, attacked=1)              # face-down: it shows no kind
    b.opponent.monster(1, "Celtic Guardian", position="set")
    assert attacks(b.build()) == set()
    b = battle(real).monster(1, name, attacked=2).monster(2, "Celtic Guardian")   # two attacks at most
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M2", "oM1")}
    b = battle(real).monster(1, name, attacked=1, restrictions=["effects_negated"]).monster(2, "Celtic Guardian")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M2", "oM1")}


def test_tgt_11_mula_adhara_cannot_be_targeted_while_a_face_up_non_effect_monster_is_on_the_field(real):
    b = cipher(real)
    b.opponent.monster(1, "Tenyi Spirit - Mula Adhara").monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM2"}
    b = cipher(real)
    b.opponent.monster(1, "Tenyi Spirit - Mula Adhara").monster(2, "Kuriboh")
    assert targets(b.build()) == {"oM1", "oM2"}


def test_bpx_26_mula_adhara_in_the_step_indexed_turn(real):
    # every move of the step-indexed turn replays, and after one attack the second is there while the Normal Monster is
    from test_steps import assert_every_move_replays, every_instance, models

    from pysolver.solve.steps import replay
    b = battle(real).monster(1, "Tenyi Spirit - Mula Adhara").monster(2, "Celtic Guardian", position="defense")
    b.opponent.monster(1, "Kuriboh")
    position = b.build()
    assert attacks(position) == {("M1", "oM1")}
    assert_every_move_replays(position)
    most = 0
    for atoms, plays in models(position, 2, symmetry=False):
        replay(atoms, position, 2, every_instance)
        most = max(most, sum(play.startswith("act(declare_attack") for play in plays))
    assert most == 2                                            # two attacks in a line of two plays


# --------------------------------------------------------------------------------------------------
# BPX-27: "Each of your opponent's monsters in the same column as one of your "S-Force" monsters cannot target the monsters
# in its same column for attacks." (S-Force Nightchaser). Columns: the turn player's zone N, the opponent's zone 6 - N,
# the left Extra Monster Zone is in column 2, the right one in column 4.

def test_bpx_27_nightchaser_is_read(real):
    assert str(attack_rules(real["S-Force Nightchaser"]).column_guard) == '"S-Force" monster'
    assert not unread_clauses(real["S-Force Nightchaser"])


def test_bpx_27_nightchaser_guards_its_column(real):
    b = battle(real).monster(2, "Celtic Guardian").monster(1, "Celtic Guardian")
    b.opponent.monster("left", "S-Force Nightchaser").monster(4, "Kuriboh").monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M2", "oM1"), ("M1", "oEMZL"), ("M1", "oM4"), ("M1", "oM1")}
    b = battle(real).monster(2, "Celtic Guardian")             # only monsters in its column: no attack, no direct one
    b.opponent.monster("left", "S-Force Nightchaser").monster(4, "Kuriboh")
    assert attacks(b.build()) == set()


def test_bpx_27_another_face_up_s_force_monster_guards_its_column(real):
    b = battle(real).monster(2, "Celtic Guardian").monster(3, "Celtic Guardian")
    b.opponent.monster(1, "S-Force Nightchaser").monster(4, "S-Force Gravitino").monster(3, "Kuriboh")
    assert attacks(b.build()) == {("M2", "oM1"), ("M2", "oM3"), ("M3", "oM1"), ("M3", "oM3"), ("M3", "oM4")}
    b = battle(real).monster(2, "Celtic Guardian")             # face-down: it shows no archetype
    b.opponent.monster(1, "S-Force Nightchaser").monster(4, "S-Force Gravitino", position="set")
    assert attacks(b.build()) == {("M2", "oM1"), ("M2", "oM4")}


def test_bpx_27_nightchaser_negated_or_on_the_turn_players_side(real):
    b = battle(real).monster(2, "Celtic Guardian")
    b.opponent.monster("left", "S-Force Nightchaser", restrictions=["effects_negated"]).monster(4, "Kuriboh")
    assert attacks(b.build()) == {("M2", "oEMZL"), ("M2", "oM4")}
    b = battle(real).monster("left", "S-Force Nightchaser").monster(2, "S-Force Gravitino")
    b.opponent.monster(4, "Kuriboh")
    assert attacks(b.build()) == {("EMZL", "oM4"), ("M2", "oM4")}


def test_bpx_27_nightchaser_in_the_step_indexed_turn(real):
    from test_steps import assert_every_move_replays

    b = battle(real).monster(2, "Celtic Guardian").monster(1, "Celtic Guardian")
    b.opponent.monster("left", "S-Force Nightchaser").monster(4, "Kuriboh").monster(1, "Kuriboh")
    assert_every_move_replays(b.build())
