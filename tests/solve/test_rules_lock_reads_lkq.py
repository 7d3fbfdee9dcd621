"""Locks on players and targeting protections read by LKQ-1.. (docs/lock-rules.md), on real cards of the card database
(../shared/data/cards.cdb). Every answer is compared with the independent reference enumerator (`whole_plays`), and
no position here is partial: the sentence is read."""

from __future__ import annotations

from helpers import board, whole_plays

from pysolver.cards.protections import protections
from pysolver.cards.reading import unread_clauses

plays = whole_plays


def read_whole(card) -> bool:
    return not unread_clauses(card)


def cipher(real):
    """The turn player's Galaxy-Eyes Cipher Dragon with Xyz Material: its effect targets a face-up monster the
    opponent controls (TGT-5)."""
    return board(cards=real).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"])


def targets(position) -> set:
    return {target for action, card, target in plays(position) if action == "activate" and card == "M1"}


# --------------------------------------------------------------------------------------------------
# LKQ-1: "Neither player can target co-linked monsters you control with card effects." (Knightmare Goblin)

def test_lkq_1_knightmare_goblin_is_read(real):
    (found,) = protections(real["Knightmare Goblin"]).protections
    assert (found.whom, found.scope, found.kinds) == ("both", "own_co_linked", frozenset({"monster", "spell", "trap"}))
    assert read_whole(real["Knightmare Goblin"])


def test_lkq_1_knightmare_goblin_protects_its_controllers_co_linked_monsters(real):
    # Goblin (arrows Left, Right) in their zone 2 and Proxy Dragon (Left, Right) in their zone 3 point to each other
    b = cipher(real)
    b.opponent.monster(2, "Knightmare Goblin").monster(3, "Proxy Dragon").monster(5, "Celtic Guardian")
    assert targets(b.build()) == {"oM5"}
    # Proxy Dragon in zone 4: Goblin points to zones 1 and 3, Proxy Dragon to 3 and 5: nothing is co-linked
    b = cipher(real)
    b.opponent.monster(2, "Knightmare Goblin").monster(4, "Proxy Dragon").monster(5, "Celtic Guardian")
    assert targets(b.build()) == {"oM2", "oM4", "oM5"}


def test_lkq_1_goblin_protects_a_co_linked_pair_it_is_not_in(real):
    # Goblin alone in zone 1 (pointing to the empty zone 2); two Proxy Dragons co-linked in zones 3 and 4
    b = cipher(real)
    b.opponent.monster(1, "Knightmare Goblin").monster(3, "Proxy Dragon").monster(4, "Proxy Dragon") \
        .monster(5, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM5"}


def test_lkq_1_negated_goblin_protects_nothing(real):
    b = cipher(real)
    b.opponent.monster(2, "Knightmare Goblin", restrictions=["effects_negated"]).monster(3, "Proxy Dragon")
    assert targets(b.build()) == {"oM2", "oM3"}


def test_lkq_1_the_turn_players_goblin_does_not_protect_the_opponents_monsters(real):
    # "co-linked monsters you control": the Goblin's controller's only; the opponent's co-linked pair stays a target
    b = cipher(real).monster(3, "Knightmare Goblin")
    b.opponent.monster(2, "Proxy Dragon").monster(3, "Proxy Dragon")
    assert targets(b.build()) == {"oM2", "oM3"}


# --------------------------------------------------------------------------------------------------
# LKQ-2: "Neither player can target this card with effects of Special Summoned monsters, except those Special Summoned
# from the GY." (The Zombie Vampire)

def test_lkq_2_the_zombie_vampire_is_read(real):
    (found,) = protections(real["The Zombie Vampire"]).protections
    assert (found.whom, found.scope, found.kinds, found.source_special) == ("both", "self", frozenset({"monster"}), True)
    assert read_whole(real["The Zombie Vampire"])


def test_lkq_2_a_special_summoned_monster_cannot_target_it(real):
    # Cipher Dragon, an Xyz Monster, was Special Summoned (Xyz Summoned, or by an effect from the Extra Deck)
    for options in ({}, {"summoned_as": "xyz"}):
        b = board(cards=real).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"], **options)
        b.opponent.monster(1, "The Zombie Vampire", materials=["Kuriboh"]).monster(2, "Celtic Guardian")
        assert targets(b.build()) == {"oM2"}


def test_lkq_2_a_monster_special_summoned_from_the_gy_can_target_it(real):
    b = board(cards=real).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"],
                                  special_summoned_from="graveyard")
    b.opponent.monster(1, "The Zombie Vampire", materials=["Kuriboh"]).monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM2"}


def test_lkq_2_negated_zombie_vampire_protects_nothing(real):
    b = cipher(real)
    b.opponent.monster(1, "The Zombie Vampire", restrictions=["effects_negated"]).monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM2"}


# --------------------------------------------------------------------------------------------------
# LKQ-3..LKQ-5: activation locks whose conditions the position decides

def activated(position) -> set:
    return {card for action, card, target in plays(position) if action == "activate"}


def test_lkq_3_to_5_the_sentences_are_read(real):
    from pysolver.cards.locks import activation_locks
    (secreterion,) = activation_locks(real["Secreterion Dragon"])
    assert (secreterion.who, secreterion.place, secreterion.summoned_as, secreterion.special_only) == \
        ("opponent", "field", "fusion", True)
    (gryphon,) = activation_locks(real["Knightmare Gryphon"])
    assert (gryphon.who, gryphon.place, gryphon.special_only, gryphon.unless_linked) == ("both", "field", True, True)
    (mercurium,) = activation_locks(real["Mercurium the Living Quicksilver"])
    assert (mercurium.who, mercurium.place, mercurium.with_material, mercurium.same_attribute_gy) == \
        ("opponent", "graveyard", True, True)
    for name in ("Secreterion Dragon", "Knightmare Gryphon", "Mercurium the Living Quicksilver"):
        assert read_whole(real[name]), name


def test_lkq_3_secreterion_dragon_while_fusion_summoned(real):
    # the turn player's Cipher Dragon: a Dragon, an Xyz Monster (Special Summoned)
    b = cipher(real)
    b.opponent.monster(1, "Secreterion Dragon", summoned_as="fusion").monster(2, "Celtic Guardian")
    assert "M1" not in activated(b.build())
    b = cipher(real)     # revived, not Fusion Summoned: no lock
    b.opponent.monster(1, "Secreterion Dragon", special_summoned_from="graveyard").monster(2, "Celtic Guardian")
    assert "M1" in activated(b.build())
    b = cipher(real)     # negated: no lock
    b.opponent.monster(1, "Secreterion Dragon", summoned_as="fusion", restrictions=["effects_negated"]) \
        .monster(2, "Celtic Guardian")
    assert "M1" in activated(b.build())


def test_lkq_3_secreterion_dragon_binds_only_its_controllers_opponent(real):
    b = cipher(real).monster(2, "Secreterion Dragon", summoned_as="fusion")
    b.opponent.monster(2, "Celtic Guardian")
    assert "M1" in activated(b.build())


def test_lkq_4_knightmare_gryphon_unless_linked(real):
    for side in ("mine", "theirs"):
        b = cipher(real)
        (b if side == "mine" else b.opponent).monster("right", "Knightmare Gryphon")
        b.opponent.monster(2, "Celtic Guardian")
        assert "M1" not in activated(b.build()), side
    # linked: Proxy Dragon (arrows Left, Right) in the turn player's zone 2 points to Cipher Dragon's zone 1
    b = cipher(real).monster(2, "Proxy Dragon")
    b.opponent.monster("right", "Knightmare Gryphon").monster(2, "Celtic Guardian")
    assert "M1" in activated(b.build())
    b = cipher(real)     # negated: no lock
    b.opponent.monster("right", "Knightmare Gryphon", restrictions=["effects_negated"]).monster(2, "Celtic Guardian")
    assert "M1" in activated(b.build())


def kendama(real):
    """The turn player's Hi-Speedroid Kendama (WIND) in the GY, its effect there (they control no cards)."""
    return board(cards=real).graveyard("Hi-Speedroid Kendama")


def test_lkq_5_mercurium_while_it_has_material_and_the_attribute_is_in_its_controllers_gy(real):
    alone = kendama(real)
    alone.opponent.monster(1, "Mercurium the Living Quicksilver", materials=["Kuriboh"])
    assert "GY1" in activated(alone.build())        # no WIND monster in the opponent's GY
    b = kendama(real)
    b.opponent.monster(1, "Mercurium the Living Quicksilver", materials=["Kuriboh"]).graveyard("Harpie Lady")
    assert "GY1" not in activated(b.build())        # a WIND monster there
    b = kendama(real)                               # no material: no lock
    b.opponent.monster(1, "Mercurium the Living Quicksilver").graveyard("Harpie Lady")
    assert "GY1" in activated(b.build())
    b = kendama(real).graveyard("Harpie Lady")      # a WIND monster in the turn player's own GY does not count
    b.opponent.monster(1, "Mercurium the Living Quicksilver", materials=["Kuriboh"])
    assert "GY1" in activated(b.build())


# --------------------------------------------------------------------------------------------------
# LKQ-6: "While you control another Synchro Monster, monsters cannot target this card for attacks, also neither player
# can target it with card effects." (Ultimaya Tzolkin)

def battle(real):
    return board(cards=real, turn=3, phase="battle")


def attacks(position) -> set:
    return {(card, target) for action, card, target in plays(position) if action == "declare_attack"}


def test_lkq_6_ultimaya_tzolkin_is_read(real):
    from pysolver.cards.attacks import attack_rules
    card = real["Ultimaya Tzolkin"]
    (found,) = protections(card).protections
    assert (found.whom, found.scope, found.presence.where, found.presence.other) == ("both", "self", "own", True)
    assert attack_rules(card).not_target_while == found.presence
    assert read_whole(card)


def test_lkq_6_ultimaya_tzolkin_while_its_controller_controls_another_synchro_monster(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Ultimaya Tzolkin").monster(2, "Junk Warrior")
    assert attacks(b.build()) == {("M1", "oM2")}
    b = cipher(real)
    b.opponent.monster(1, "Ultimaya Tzolkin").monster(2, "Junk Warrior")
    assert targets(b.build()) == {"oM2"}
    # no other Synchro Monster of its controller's (the turn player's does not count): no protection
    b = battle(real).monster(1, "Celtic Guardian").monster(2, "Junk Warrior")
    b.opponent.monster(1, "Ultimaya Tzolkin").monster(2, "Celtic Guardian")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2"), ("M2", "oM1"), ("M2", "oM2")}
    b = cipher(real).monster(2, "Junk Warrior")
    b.opponent.monster(1, "Ultimaya Tzolkin").monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM2"}


# --------------------------------------------------------------------------------------------------
# LKQ-7: "While you control a face-up Spell, your opponent cannot target this card for attacks." (Number 82:
# Heartlandraco)

def test_lkq_7_heartlandraco_is_read(real):
    from pysolver.cards.attacks import attack_rules
    card = real["Number 82: Heartlandraco"]
    assert attack_rules(card).not_target_while.where == "own_spell"
    assert read_whole(card)


def test_lkq_7_heartlandraco_while_its_controller_controls_a_face_up_spell(real):
    def position(spell=None, mine=None, **options):
        b = battle(real).monster(1, "Celtic Guardian")
        if mine:
            b.spell_trap(1, mine)
        b.opponent.monster(1, "Number 82: Heartlandraco", materials=["Kuriboh"]).monster(2, "Celtic Guardian")
        if spell:
            b.opponent.spell_trap(1, spell, **options)
        return b.build()
    assert attacks(position("Toon World")) == {("M1", "oM2")}                 # a face-up Continuous Spell
    assert attacks(position("Dragonpit Magician")) == {("M1", "oM2")}         # a Pendulum Scale is a Spell Card
    assert attacks(position("Raigeki", position="set")) == {("M1", "oM1"), ("M1", "oM2")}   # Set: not face-up
    assert attacks(position()) == {("M1", "oM1"), ("M1", "oM2")}
    assert attacks(position(mine="Toon World")) == {("M1", "oM1"), ("M1", "oM2")}   # the turn player's Spell


# --------------------------------------------------------------------------------------------------
# LKQ-8: "While this card is in the Extra Monster Zone, it gains 500 ATK for every other Link Monster in the field and
# GYs, also your opponent cannot target it with card effects." (Decode Talker Integration)

def test_lkq_8_decode_talker_integration_is_read(real):
    from pysolver.cards.cardtext import own_original_stats
    card = real["Decode Talker Integration"]
    (found,) = protections(card).protections
    assert (found.whom, found.scope, found.in_emz) == ("opponent", "self", True)
    assert own_original_stats(card)          # its ATK on the field is not the printed one (MAT-3)
    assert read_whole(card)


def test_lkq_8_decode_talker_integration_is_protected_in_the_extra_monster_zone_only(real):
    b = cipher(real)
    b.opponent.monster("left", "Decode Talker Integration").monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM2"}
    b = cipher(real)
    b.opponent.monster(1, "Decode Talker Integration").monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM2"}


def test_lkq_8_its_atk_is_unknown_on_the_field_where_a_card_sets_an_atk_condition(real):
    """MAT-3: with a card of the position that sets a condition on ATK, the plays that use Integration on the field are
    withheld and the answer names its sentence."""
    from pysolver.cards.cardtext import stat_terms
    from pysolver.solve import legal_plays
    assert stat_terms(real["Power Filter"])
    b = board(cards=real).monster("left", "Decode Talker Integration").spell_trap(1, "Power Filter")
    answer = legal_plays(b.build())
    assert any(u.card == "Decode Talker Integration" and "Extra Monster Zone" in u.clause for u in answer.unread)


# --------------------------------------------------------------------------------------------------
# LKQ-9: "While this Link Summoned card is on the field, your opponent cannot target this card with card effects, also
# their monsters cannot target monsters for attacks, except this one." (Mekk-Knight Crusadia Avramax)

def test_lkq_9_avramax_is_read(real):
    from pysolver.cards.attacks import attack_rules
    card = real["Mekk-Knight Crusadia Avramax"]
    rules = attack_rules(card)
    assert (rules.only_target, rules.only_target_while) == (True, "summoned_link")
    (found,) = protections(card).protections
    assert (found.whom, found.scope, found.summoned_as) == ("opponent", "self", "link")
    assert read_whole(card)


def test_lkq_9_avramax_while_link_summoned(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster("left", "Mekk-Knight Crusadia Avramax", summoned_as="link").monster(2, "Celtic Guardian")
    assert attacks(b.build()) == {("M1", "oEMZL")}
    b = cipher(real)
    b.opponent.monster("left", "Mekk-Knight Crusadia Avramax", summoned_as="link").monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM2"}
    # revived, not Link Summoned: neither half applies
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Mekk-Knight Crusadia Avramax", special_summoned_from="graveyard").monster(2, "Celtic Guardian")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}
    b = cipher(real)
    b.opponent.monster(1, "Mekk-Knight Crusadia Avramax", special_summoned_from="graveyard").monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM2"}


# --------------------------------------------------------------------------------------------------
# LKQ-10: "While you control a face-up non-Effect Monster, monsters your opponent controls cannot target Effect Monsters
# for attacks, also your opponent cannot target Effect Monsters on the field with card effects." (Tenyi Spirit -
# Sahasrara)

def test_lkq_10_sahasrara_is_read(real):
    from pysolver.cards.attacks import attack_rules
    card = real["Tenyi Spirit - Sahasrara"]
    rules = attack_rules(card)
    assert rules.not_target_kind is not None and rules.not_target_kind_presence.where == "own"
    (found,) = protections(card).protections
    assert (found.whom, found.scope, found.presence) == ("opponent", "field", rules.not_target_kind_presence)
    assert read_whole(card)


def test_lkq_10_sahasrara_while_its_controller_controls_a_face_up_non_effect_monster(real):
    # Celtic Guardian: a Normal Monster; Kuriboh and Sahasrara: Effect Monsters
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster("left", "Tenyi Spirit - Sahasrara").monster(1, "Celtic Guardian").monster(2, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1")}
    b = cipher(real)
    b.opponent.monster("left", "Tenyi Spirit - Sahasrara").monster(1, "Celtic Guardian").monster(2, "Kuriboh")
    assert targets(b.build()) == {"oM1"}
    # a face-down Effect Monster can be attacked
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster("left", "Tenyi Spirit - Sahasrara").monster(1, "Celtic Guardian") \
        .monster(2, "Kuriboh", position="set")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}


def test_lkq_10_sahasrara_without_a_non_effect_monster_of_its_controller(real):
    b = battle(real).monster(1, "Celtic Guardian")         # the turn player's Normal Monster does not count
    b.opponent.monster("left", "Tenyi Spirit - Sahasrara").monster(2, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oEMZL"), ("M1", "oM2")}
    b = cipher(real).monster(2, "Celtic Guardian")
    b.opponent.monster("left", "Tenyi Spirit - Sahasrara").monster(2, "Kuriboh")
    assert targets(b.build()) == {"oEMZL", "oM2"}


# --------------------------------------------------------------------------------------------------
# LKQ-11: "While your opponent controls a monster in this card's column, they cannot target this card with card effects,
# nor Special Summon by an activated monster effect." (S-Force Mystify)

def test_lkq_11_s_force_mystify_is_read(real):
    from pysolver.cards.locks import summon_locks
    card = real["S-Force Mystify"]
    (lock,) = summon_locks(card)
    assert (lock.who, lock.kind, lock.column) == ("opponent", "monster_effect", True)
    (found,) = protections(card).protections
    assert (found.whom, found.scope, found.presence.where) == ("opponent", "self", "their_column")
    assert read_whole(card)


def test_lkq_11_mystify_cannot_be_targeted_while_the_turn_player_has_a_monster_in_its_column(real):
    # their zone 3 faces the turn player's zone 3 (the middle column)
    b = cipher(real).monster(3, "Celtic Guardian")
    b.opponent.monster(3, "S-Force Mystify").monster(1, "Celtic Guardian")
    assert targets(b.build()) == {"oM1"}
    b = cipher(real).monster(2, "Celtic Guardian")           # the turn player's monsters in columns 1 and 2 only
    b.opponent.monster(3, "S-Force Mystify").monster(1, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM3"}
    # their zone 2 faces the turn player's zone 4; Cipher Dragon itself (zone 1) is in column 1, their zone 5's
    b = cipher(real)
    b.opponent.monster(5, "S-Force Mystify").monster(1, "Celtic Guardian")
    assert targets(b.build()) == {"oM1"}


def test_lkq_11_mystify_in_an_extra_monster_zone_guards_the_column_below_it(real):
    # the Extra Monster Zones are named as player 0 (here the turn player) sees them: the right one is above the turn
    # player's zone 4
    b = cipher(real).monster(4, "Celtic Guardian")
    b.opponent.monster("right", "S-Force Mystify").monster(1, "Celtic Guardian")
    assert targets(b.build()) == {"oM1"}
    b = cipher(real).monster(2, "Celtic Guardian")
    b.opponent.monster("right", "S-Force Mystify").monster(1, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oEMZR"}


def eidos(real):
    """The turn player's Eidos the Underworld Squire in the GY: its effect there revives a monster with 800 ATK/1000 DEF
    (Arlownay) from the turn player's GY, a Special Summon by an activated monster effect."""
    return board(cards=real).graveyard("Eidos the Underworld Squire", "Arlownay")


def test_lkq_11_mystify_forbids_special_summons_by_activated_monster_effects(real):
    b = eidos(real).monster(3, "Celtic Guardian")
    b.opponent.monster(3, "S-Force Mystify")
    assert "GY1" not in activated(b.build())
    b = eidos(real).monster(2, "Celtic Guardian")             # no monster of the turn player's in its column
    b.opponent.monster(3, "S-Force Mystify")
    assert "GY1" in activated(b.build())
    b = eidos(real).monster(3, "Celtic Guardian")             # negated: no lock
    b.opponent.monster(3, "S-Force Mystify", restrictions=["effects_negated"])
    assert "GY1" in activated(b.build())
    b = eidos(real).monster(3, "Celtic Guardian").monster(5, "S-Force Mystify")   # the turn player's own: binds the other
    assert "GY1" in activated(b.build())


def test_lkq_11_mystify_does_not_forbid_spell_revivals(real):
    b = board(cards=real).hand("Monster Reborn").graveyard("Arlownay").monster(3, "Celtic Guardian")
    b.opponent.monster(3, "S-Force Mystify")
    assert "H1" in activated(b.build())


# --------------------------------------------------------------------------------------------------
# LKQ-12: "You cannot Link Summon this card unless you have at least 3 more cards in your Extra Deck than your
# opponent's." (Linkerbell)

def test_lkq_12_linkerbell_is_read(real):
    from pysolver.cards.locks import extra_deck_lead
    card = real["Linkerbell"]
    assert [(kind, n) for _, kind, n in extra_deck_lead(card)] == [("link", 3)]
    assert read_whole(card)


def test_lkq_12_linkerbell_needs_three_more_cards_in_the_extra_deck(real):
    def link_summons(mine, theirs):
        b = board(cards=real).monster(1, "Celtic Guardian").monster(2, "Kuriboh").extra_deck("Linkerbell", *mine)
        b.opponent.extra_deck(*theirs)
        return {card for action, card, _ in plays(b.build()) if action == "link_summon"}
    assert "ED1" in link_summons(["Stardust Dragon", "Black Rose Dragon"], [])          # 3 against 0 (itself counts)
    assert "ED1" not in link_summons(["Stardust Dragon", "Black Rose Dragon"], ["Stardust Dragon"])   # 3 against 1
    assert "ED1" not in link_summons(["Stardust Dragon"], [])                           # 2 against 0
    gaia = "Gaia Knight, the Force of Earth"
    assert "ED1" in link_summons(["Stardust Dragon", "Black Rose Dragon", "Junk Warrior", gaia],
                                 ["Stardust Dragon"])                                   # 5 against 1


def test_lkq_4_gryphon_linked_by_an_opponents_link_monster(real):
    # the opponent's Decode Talker (Top arrow) in the left Extra Monster Zone points to the turn player's zone 2, where
    # Cipher Dragon is: linked, so Gryphon does not stop its effect (the turn player has no Extra Deck monster here)
    b = board(cards=real).monster(2, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"])
    b.opponent.monster("left", "Decode Talker").monster(1, "Knightmare Gryphon").monster(3, "Celtic Guardian")
    assert "M2" in activated(b.build())
    b = board(cards=real).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"])
    b.opponent.monster("left", "Decode Talker").monster(1, "Knightmare Gryphon").monster(3, "Celtic Guardian")
    assert "M1" not in activated(b.build())


# --------------------------------------------------------------------------------------------------
# LKQ-13: "This face-up card on the field cannot be Tributed, nor used as Fusion Material, also it cannot be destroyed by
# card effects." (Quintet Magician); "This face-up card cannot be used as material for a Fusion, Synchro, Xyz, or Link
# Summon, also during your turn only, it is unaffected by monster effects activated on your opponent's field." (Liberator
# Eto, whose procedure stays unread)

def test_lkq_13_the_sentences_are_read(real):
    from pysolver.cards.cardtext import material_rules, untributable_face_up
    quintet, eto = real["Quintet Magician"], real["Liberator Eto"]
    assert material_rules(quintet).never_face_up == {"fusion"} and untributable_face_up(quintet) == "all"
    assert material_rules(eto).never_face_up == {"fusion", "synchro", "xyz", "link"}
    assert untributable_face_up(eto) is None
    assert read_whole(quintet)
    assert [u.clause for u in unread_clauses(eto) if "face-up card" in u.clause] == []


def test_lkq_13_quintet_magician_face_up_is_no_fusion_material_and_no_tribute(real):
    def position(spellcaster, **options):
        return board(cards=real).monster(1, spellcaster, **options).hand("Polymerization", "Blue-Eyes White Dragon",
                                                                          "Summoned Skull") \
            .extra_deck("Mysterion the Dragon Crown").build()

    def summons(position):
        return {action for action, card, _ in plays(position) if action in ("fusion_summon", "tribute_summon",
                                                                             "normal_summon")}
    assert {"fusion_summon"} <= summons(position("Dark Magician"))
    quintet = plays(position("Quintet Magician", summoned_as="fusion"))
    assert not any(action == "fusion_summon" for action, _, _ in quintet)
    dark_magician = plays(position("Dark Magician"))
    # Summoned Skull (Level 6) needs 1 Tribute: Dark Magician may be it, face-up Quintet Magician may not
    skull = {p for p in dark_magician if p[0] in ("normal_summon", "tribute_summon") and p[1] == "H3"}
    assert skull and not {p for p in quintet if p[0] in ("normal_summon", "tribute_summon") and p[1] == "H3"}


def test_lkq_12_linkerbell_in_the_step_indexed_turn(real):
    """The turn player's Extra Deck is counted at each step: Linkerbell (3 cards against 0) may be Link Summoned first,
    not after Link Spider left the Extra Deck (2 against 0)."""
    from pysolver.solve.steps import Planner
    b = board(cards=real).monster(1, "Celtic Guardian").monster(2, "Kuriboh").monster(3, "Dark Magician") \
        .extra_deck("Linkerbell", "Stardust Dragon", "Link Spider")
    position = b.build()
    ids = {instance.card.name: number for number, instance in enumerate(position.instances.values(), 1)}
    planner = Planner(position, symmetry=False)
    planner.control.configuration.solve.models = 0
    planner.control.configuration.solve.project = "show"
    planner.ask(2)
    lines = set()
    with planner.control.solve(yield_=True) as handle:
        for model in handle:
            lines.add(frozenset(str(s) for s in model.symbols(shown=True) if s.name == "act"))
    bell, spider = ids["Linkerbell"], ids["Link Spider"]
    assert frozenset({f"act(link_summon,{bell},0)", f"act(link_summon,{spider},1)"}) in lines
    assert frozenset({f"act(link_summon,{spider},0)", f"act(link_summon,{bell},1)"}) not in lines
