"""Extra Deck monsters' locks and rule sentences (docs/lock-rules.md EDL-1..; docs/targeting-rules.md), on real
cards of the card database (../shared/data/cards.cdb). Every answer is compared with the independent reference
enumerator, and no position here is partial: the sentence is read."""

from __future__ import annotations

from helpers import board, whole_plays
from pysolver import legal_plays
from pysolver.cards import locks
from pysolver.cards.reading import unread_clauses
from pysolver.reference.plays import legal_plays as reference_plays
from pysolver.solve.why import why


plays = whole_plays


def activations(position) -> set:
    return {(card, target) for action, card, target in plays(position) if action == "activate"}


def read_whole(card) -> bool:
    return not unread_clauses(card)


def cipher(real, **options):
    """The turn player's Galaxy-Eyes Cipher Dragon (a face-up Xyz Effect Monster) with Xyz Material: its effect
    targets a face-up monster the opponent controls."""
    return board(cards=real, **options).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"])


# --------------------------------------------------------------------------------------------------
# EDL-1: "Cannot be Synchro Summoned." / "Cannot be Pendulum Summoned."

def test_edl_1_the_sentence_is_read(real):
    for name in ("Ursarctic Polari", "Ursarctic Septentrion", "Ursarctic Grand Chariot", "Ultimaya Tzolkin",
                 "D/D/D Super Doom King Dark Armageddon"):
        assert not any(u.clause.startswith("Cannot be ") for u in unread_clauses(real[name])), name
    assert read_whole(real["D/D/D Super Doom King Dark Armageddon"])


def test_edl_1_dark_armageddon_is_still_xyz_summoned(real):
    """"Cannot be Pendulum Summoned" forbids no Xyz Summon: 2 Level 8 "D/D/D" monsters make it."""
    b = board(cards=real).monster(1, "D/D/D Doom King Armageddon").monster(2, "D/D/D Doom King Armageddon") \
        .extra_deck("D/D/D Super Doom King Dark Armageddon")
    assert ("xyz_summon", "ED1", None) in plays(b.build())


# --------------------------------------------------------------------------------------------------
# EDL-3: activation locks

def test_edl_3_the_forms_are_read_as_data(real):
    (overfiend,) = locks.activation_locks(real["Number C65: King Overfiend"])
    assert (overfiend.who, overfiend.place, [str(f) for f in overfiend.what]) == ("opponent", "field", ["Effect Monster"])
    (zarc,) = locks.activation_locks(real["Supreme King Z-ARC"])
    assert (zarc.where, len(zarc.what)) == ("pendulum", 3)
    (ruler,) = locks.activation_locks(real["Arcana Force EX - The Chaos Ruler"])
    assert str(ruler.in_field_zone) == '"Light Barrier"' and ruler.place == "field"
    (giant,) = locks.activation_locks(real["Chaos Ancient Gear Giant"])
    assert giant.battle_phase and giant.kinds == {"monster"}
    (majesty,) = locks.activation_locks(real["Majesty's Fiend"])
    assert (majesty.who, majesty.place) == ("both", "any")
    for name in ("Number C65: King Overfiend", "Supreme King Z-ARC", "Arcana Force EX - The Chaos Ruler",
                 "Chaos Ancient Gear Giant", "Odd-Eyes Meteorburst Dragon"):
        assert read_whole(real[name]), name
    # other objects are read only with the Battle Phase; conditions of other shapes stay unread
    assert locks.read_activation_lock("Your opponent cannot activate Spell Cards.", "card") is None
    assert locks.read_activation_lock("While you control another \"Ice Barrier\" monster, your opponent cannot "
                                      "activate the effects of monsters in the GY.", "card") is None


def test_edl_3_king_overfiend_of_the_opponent_stops_cipher_dragon(real):
    b = cipher(real)
    b.opponent.monster(1, "Number C65: King Overfiend", materials=["Kuriboh"]).monster(2, "Celtic Guardian")
    position = b.build()
    assert activations(position) == set()
    (answer,) = why(position, "M1", "activate").answers
    assert any(reason.rule == "EDL-3" for group in answer.reasons for reason in group)


def test_edl_3_king_overfiend_of_the_turn_player_binds_only_the_opponent(real):
    b = cipher(real).monster(2, "Number C65: King Overfiend", materials=["Kuriboh"])
    b.opponent.monster(1, "Celtic Guardian")
    assert activations(b.build()) == {("M1", "oM1")}


def test_edl_3_king_overfiend_does_not_stop_an_effect_from_the_gy(real):
    """"Effect Monsters your opponent controls": monsters on the field; Eidos acts from the GY."""
    b = board(cards=real).graveyard("Eidos the Underworld Squire", "Edea the Heavenly Squire")
    b.opponent.monster(1, "Number C65: King Overfiend", materials=["Kuriboh"])
    assert {card for card, _ in activations(b.build())} == {"GY1"}


def test_edl_3_majestys_fiend_stops_every_monster_effect_of_either_player(real):
    b = board(cards=real).graveyard("Eidos the Underworld Squire", "Edea the Heavenly Squire") \
        .monster(1, "Majesty's Fiend")
    assert activations(b.build()) == set()


def test_edl_3_supreme_king_z_arc_a_pendulum_scale_stops_xyz_monsters(real):
    b = cipher(real)
    b.opponent.monster(1, "Celtic Guardian").spell_trap(1, "Supreme King Z-ARC", position="face_up")   # a Scale
    assert activations(b.build()) == set()
    b = cipher(real)
    b.opponent.monster(1, "Celtic Guardian").monster(2, "Supreme King Z-ARC")   # a monster: its Pendulum Effect is off
    assert activations(b.build()) == {("M1", "oM1")}      # (its monster text protects it from targets: TGT)


def test_edl_3_arcana_force_ex_the_chaos_ruler_only_while_light_barrier_is_in_the_field_zone(real):
    b = cipher(real)
    b.opponent.monster(1, "Arcana Force EX - The Chaos Ruler").monster(2, "Celtic Guardian")
    assert activations(b.build()) == {("M1", "oM1"), ("M1", "oM2")}
    b = cipher(real).field_spell("Light Barrier")
    b.opponent.monster(1, "Arcana Force EX - The Chaos Ruler").monster(2, "Celtic Guardian")
    assert activations(b.build()) == set()


def test_edl_3_chaos_ancient_gear_giant_forbids_nothing_in_a_main_phase(real):
    b = cipher(real)
    b.opponent.monster(1, "Chaos Ancient Gear Giant")
    assert activations(b.build()) == {("M1", "oM1")}


# --------------------------------------------------------------------------------------------------
# EDL-4: targeting protections with conditions a position decides

def targets(position) -> set:
    return {target for card, target in activations(position) if card == "M1"}


def test_edl_4_the_conditions_are_read(real):
    for name in ("Pumpking the Great Ghost King", "Brigrand the Glory Dragon", "Dragon Master Lords",
                 "Aromaseraphy Sweet Marjoram"):
        assert read_whole(real[name]), name


def test_edl_4_dragon_master_lords_is_protected_only_when_xyz_summoned(real):
    b = cipher(real)
    b.opponent.monster(1, "Dragon Master Lords", materials=["Kuriboh"], summoned_as="xyz")
    assert targets(b.build()) == set()
    b = cipher(real)
    b.opponent.monster(1, "Dragon Master Lords", materials=["Kuriboh"])      # Special Summoned by an effect
    assert targets(b.build()) == {"oM1"}


def test_edl_4_brigrand_protects_the_other_monsters_of_its_controller_when_fusion_summoned(real):
    b = cipher(real)
    b.opponent.monster(1, "Brigrand the Glory Dragon", summoned_as="fusion").monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM1"}
    b = cipher(real)
    b.opponent.monster(1, "Brigrand the Glory Dragon").monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM2"}


def test_edl_4_pumpking_protects_zombies_while_its_controller_controls_call_of_the_haunted_face_up(real):
    b = cipher(real)
    b.opponent.monster(1, "Pumpking the Great Ghost King").monster(2, "Armored Zombie") \
        .monster(3, "Celtic Guardian").spell_trap(1, "Call of the Haunted", position="face_up")
    assert targets(b.build()) == {"oM3"}
    for where in ("set", "mine"):
        b = cipher(real)
        b.opponent.monster(1, "Pumpking the Great Ghost King").monster(2, "Armored Zombie") \
            .monster(3, "Celtic Guardian")
        if where == "set":
            b.opponent.spell_trap(1, "Call of the Haunted", position="set")
        else:
            b.spell_trap(1, "Call of the Haunted", position="face_up")
        assert targets(b.build()) == {"oM1", "oM2", "oM3"}, where


def test_edl_4_aromaseraphy_sweet_marjoram_protects_plants_while_its_controllers_lp_are_higher(real):
    for mine, theirs, expected in ((8000, 9000, {"oM3"}), (8000, 8000, {"oM1", "oM2", "oM3"}),
                                   (9000, 8000, {"oM1", "oM2", "oM3"})):
        b = cipher(real).lp(mine)
        b.opponent.lp(theirs).monster(1, "Aromaseraphy Sweet Marjoram").monster(2, "Aromage Jasmine") \
            .monster(3, "Celtic Guardian")
        assert targets(b.build()) == expected, (mine, theirs)


# --------------------------------------------------------------------------------------------------
# EDL-5: "You cannot Summon/Set monsters to any Extra Monster Zone this card points to."

def link_zones(position) -> set:
    solver = {z for p in legal_plays(position, all_instances=True) if p.action == "link_summon" for z in p.zones}
    reference = {z for p in reference_plays(position, all_instances=True) if p.action == "link_summon"
                 for z in p.zones}
    assert solver == reference
    plays(position)
    return solver


def test_edl_5_topologic_zeroboros_closes_the_extra_monster_zones_it_points_to(real):
    """From M3 its Top-Left and Top-Right arrows point to both Extra Monster Zones; from M2 to none. Negated, it
    still closes them (the scripts' EFFECT_FLAG_CANNOT_DISABLE, as ZLK-1)."""
    for zone, options in ((3, {}), (3, {"restrictions": ["effects_negated"]}), (2, {})):
        b = board(cards=real).monster(1, "Kuriboh").monster(zone, "Topologic Zeroboros", **options) \
            .extra_deck("Linkuriboh")
        expected = set() if zone == 3 else {"EMZL", "EMZR"}
        assert link_zones(b.build()) == expected, (zone, options)
    assert read_whole(real["Topologic Zeroboros"]) and read_whole(real["Topologic Blaster Dragon"])


def test_edl_5_the_opponents_topologic_binds_only_its_controller(real):
    b = board(cards=real).monster(1, "Kuriboh").extra_deck("Linkuriboh")
    b.opponent.monster(3, "Topologic Blaster Dragon")
    assert link_zones(b.build()) == {"EMZL", "EMZR"}
