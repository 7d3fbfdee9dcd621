"""CTR-1.. (docs/replacement-rules.md, "Counters and dice"): sentences read from what a position never holds (counters)
and what no listed play does (roll a die). Real cards of the card database; every answer is the reference's (whole
plays)."""

from __future__ import annotations

from helpers import board, procedure_summons, whole_plays

from pysolver.cards.cardtext import changes_others_stats, own_original_stats, summons_refused
from pysolver.cards.effects import procedures
from pysolver.cards.reading import unread_clauses

ZEBUFERA = "Zebufera, Vaalmonican Hallow Heathen"
DURALUME = "Duralume, Vaalmonican Heathen Hallow"
DARKFLUID = "Firewall Dragon Darkfluid"
ZEROLL = "Cosmic Slicer Zer'oll"
DHEADEVIL = "Predaplant Dheadevil"
PAIR_A_DICE = "Number 67: Pair-a-Dice Smasher"


# --- CTR-1: "Cannot be Link Summoned unless you have 3 or more Resonance Counters on ..." ------------------------------

def test_ctr_1_zebufera_and_duralume_are_read_and_never_link_summoned(real):
    for name in (ZEBUFERA, DURALUME):
        assert unread_clauses(real[name]) == ()
        assert summons_refused(real[name]) == frozenset({"link"})


def test_ctr_1_zebufera_is_not_link_summoned_even_with_a_fiend_scale(real):
    """A face-up Effect Monster would be its material, and a Fiend Monster Card is in the Pendulum Zone, but it holds no
    Resonance Counters (a position holds none): only Linkuriboh is Link Summoned."""
    position = board(cards=real).monster(1, "Kuriboh").spell_trap(1, "Dimonno Vaalmonica") \
        .spell_trap(5, "Angello Vaalmonica").extra_deck(ZEBUFERA, DURALUME, "Linkuriboh").build()
    links = {card for action, card, _ in whole_plays(position) if action == "link_summon"}
    assert links == {"ED3"}


def test_ctr_1_other_ways_stay_open_monster_reborn_revives_zebufera(real):
    position = board(cards=real).hand("Monster Reborn").graveyard(ZEBUFERA).build()
    plays = whole_plays(position)
    assert ("activate", "H1", "GY1") in plays


# --- CTR-2: a procedure whose cost needs counters is never available ------------------------------------------------

def test_ctr_2_dheadevil_is_read_fusion_summon_only(real):
    card = real[DHEADEVIL]
    assert unread_clauses(card) == ()
    assert procedures(card) == ()


def test_ctr_2_dheadevil_has_no_procedure_but_is_fusion_summoned(real):
    field = board(cards=real).monster(1, "Predaplant Ophrys Scorpio").extra_deck(DHEADEVIL)
    field.opponent.monster(1, "Kuriboh")
    assert procedure_summons(field.build()) == set()      # nothing unread, and no Tribute of a countered monster
    fusion = board(cards=real).hand("Polymerization", "Predaplant Ophrys Scorpio", "Kuriboh").extra_deck(DHEADEVIL)
    assert ("fusion_summon", "ED1", None) in whole_plays(fusion.build())
    no_level_1 = board(cards=real).hand("Polymerization", "Predaplant Ophrys Scorpio", "Summoned Skull") \
        .extra_deck(DHEADEVIL)
    assert not any(action == "fusion_summon" for action, _, _ in whole_plays(no_level_1.build()))


def test_ctr_2_zushin_is_never_special_summoned(real):
    """"Must be Special Summoned (from your hand) by Tributing a monster you control with 10 Zushin Counters": nomi,
    and its only way is never available."""
    card = real["Zushin the Sleeping Giant"]
    assert unread_clauses(card) == () and procedures(card) == ()
    position = board(cards=real).hand("Zushin the Sleeping Giant").monster(1, "Kuriboh").build()
    assert not any(card == "H1" for _, card, _ in whole_plays(position))


# --- CTR-3: what applies only to cards with counters; an amount per counter ----------------------------------------

def test_ctr_3_zer_oll_is_read_and_locks_nothing(real):
    """"Monsters your opponent controls with A-Counters are changed to Defense Position, also neither player can
    activate their effects": no monster has one, so a face-up Zer'oll no longer refuses the position."""
    assert unread_clauses(real[ZEROLL]) == ()
    position = board(cards=real).monster(1, ZEROLL).hand("Kuriboh").build()
    plays = whole_plays(position)
    assert ("normal_summon", "H1", None) in plays


def test_ctr_3_alien_psychic_monsters_with_a_counters(real):
    assert unread_clauses(real["Alien Psychic"]) == ()
    b = board(cards=real, turn=3, phase="battle").monster(1, "Summoned Skull")
    b.opponent.monster(1, "Alien Psychic")
    assert ("declare_attack", "M1", "oM1") in whole_plays(b.build())   # its lock names only monsters with A-Counters


def test_ctr_3_darkfluid_gains_nothing_per_counter(real):
    """"This card gains 2500 ATK for each counter on it during the Battle Phase only": 0 counters, no change, so its
    ATK is its printed ATK (no STM-1 change) and its attacks are listed, whole."""
    card = real[DARKFLUID]
    assert unread_clauses(card) == ()
    assert not own_original_stats(card)
    b = board(cards=real, turn=3, phase="battle").monster("left", DARKFLUID)
    b.opponent.monster(1, "Summoned Skull")
    assert ("declare_attack", "EMZL", "oM1") in whole_plays(b.build())


def test_ctr_3_changes_per_counter_are_no_stat_changes(real):
    """Arcanite Magician's "gains 1000 ATK for each Spell Counter on it" and Starving Venemy Lethal Dose Dragon's "lose
    200 ATK for each Venemy Counter on the field" change nothing (STM-1, STM-2)."""
    assert not own_original_stats(real["Arcanite Magician"])
    assert changes_others_stats(real["Starving Venemy Lethal Dose Dragon"]) is None


# --- CTR-4: dice ------------------------------------------------------------------------------------------------------

def test_ctr_4_pair_a_dice_smasher_is_read_and_xyz_summoned(real):
    assert unread_clauses(real[PAIR_A_DICE]) == ()
    position = board(cards=real).monster(1, "Leogun").monster(2, "Leogun") \
        .extra_deck(PAIR_A_DICE).build()
    assert ("xyz_summon", "ED1", None) in whole_plays(position)
    on_field = board(cards=real).monster(1, PAIR_A_DICE, materials=["Leogun", "Leogun"]) \
        .hand("Kuriboh").build()
    assert ("normal_summon", "H1", None) in whole_plays(on_field)


# --- CTR-5: "Any Xyz Material detached from a monster is banished instead of going to the GY." ------------------------

BAZOO = "Bazoo the Soul-Devourer"
CIPHER = "Galaxy-Eyes Cipher Dragon"


def _cipher_activation(position):
    from pysolver import legal_plays
    (play,) = [p for p in legal_plays(position, all_instances=True) if p.action == "activate" and p.card == "M1"]
    return play


def test_ctr_5_bazoo_is_read(real):
    from pysolver.cards.replacements import field_wide
    assert unread_clauses(real[BAZOO]) == ()
    (rule,) = field_wide(real[BAZOO])
    assert (rule.what, rule.gy, rule.source, rule.where) == ("card", "any", "detached", "field")


def test_ctr_5_a_material_detached_as_a_cost_is_banished_under_a_face_up_bazoo(real):
    """Galaxy-Eyes Cipher Dragon detaches Kuriboh to activate its effect; the opponent's face-up Bazoo banishes it (either
    player's monsters). `applied`: apply, the reference applier and the step-indexed transition agree."""
    from helpers import applied
    b = board(cards=real, turn=3).monster(1, CIPHER, materials=["Kuriboh"])
    b.opponent.monster(1, BAZOO, materials=["Leogun"])
    position = b.build()
    whole_plays(position)
    after = applied(position, _cipher_activation(position))
    assert [c.card.name for c in after.players[0].banished] == ["Kuriboh"] and not after.players[0].graveyard
    assert after.players[1].monster_zones[0].materials == (real["Leogun"],)   # Bazoo's own material stays


def test_ctr_5_a_face_down_or_negated_bazoo_banishes_nothing(real):
    from helpers import applied
    b = board(cards=real, turn=3).monster(1, CIPHER, materials=["Kuriboh"])
    b.opponent.monster(1, BAZOO, position="set").monster(2, "Kuriboh")
    position = b.build()
    after = applied(position, _cipher_activation(position))
    assert [c.card.name for c in after.players[0].graveyard] == ["Kuriboh"] and not after.players[0].banished
    b = board(cards=real, turn=3).monster(1, CIPHER, materials=["Kuriboh"])
    b.opponent.monster(1, BAZOO, restrictions=["effects_negated"])
    position = b.build()
    after = applied(position, _cipher_activation(position))
    assert [c.card.name for c in after.players[0].graveyard] == ["Kuriboh"] and not after.players[0].banished


def test_ctr_5_materials_lost_with_their_xyz_monster_go_to_the_gy(real):
    """Tributing Cipher Dragon for a Tribute Summon sends its material with it (the engine's REASON_LOST_TARGET): not
    detached, so to the GY, while Bazoo is face-up."""
    from helpers import applied
    from pysolver import legal_plays
    b = board(cards=real, turn=3).monster(1, CIPHER, materials=["Kuriboh"]).monster(2, BAZOO, materials=["Leogun"]) \
        .hand("Leogun")
    position = b.build()
    (play,) = [p for p in legal_plays(position, all_instances=True)
               if p.action == "normal_summon" and p.tributes == ("M1",)]
    after = applied(position, play)
    assert sorted(c.card.name for c in after.players[0].graveyard) == [CIPHER, "Kuriboh"]
    assert not after.players[0].banished


# --- CTR-6: "While this card has material, neither player can send cards from the Deck to the GY, ..." ---------------

DIAMOND = "Stellarknight Constellar Diamond"


def test_ctr_6_constellar_diamond_is_read(real):
    from pysolver.cards.replacements import deck_to_gy_lock
    assert unread_clauses(real[DIAMOND]) == ()
    assert deck_to_gy_lock(real[DIAMOND]).startswith("While this card has material, neither player can send cards")


def _rituals(position) -> set:
    return {card for action, card, _ in whole_plays(position) if action == "ritual_summon"}


def test_ctr_6_advanced_ritual_art_sends_no_deck_monster_while_diamond_has_material(real):
    def ritual(diamond=None, **options):
        b = board(cards=real).hand("Advanced Ritual Art", "Black Luster Soldier").deck("Leogun", "Celtic Guardian",
                                                                                       "Celtic Guardian")
        if diamond is not None:
            b.opponent.monster(1, DIAMOND, **diamond)
        return b.build()
    assert _rituals(ritual()) == {"H2"}
    assert _rituals(ritual(diamond={"materials": ["Leogun"]})) == set()     # either player's Diamond
    assert _rituals(ritual(diamond={})) == {"H2"}                            # no material: no lock
    assert _rituals(ritual(diamond={"materials": ["Leogun"], "restrictions": ["effects_negated"]})) == {"H2"}


def test_ctr_6_a_procedure_cost_is_not_sent_from_the_deck(real):
    """Conduction Warrior Linear Magnum +- sends 2 "Magnet Warrior" monsters from the hand, Deck and/or face-up field."""
    magnum = "Conduction Warrior Linear Magnum Plus Minus"
    b = board(cards=real).hand(magnum, "Alpha The Magnet Warrior", "Gamma The Magnet Warrior") \
        .deck("Beta The Magnet Warrior")
    assert procedure_summons(b.build()) == {("H1", ("H2", "H3")), ("H1", ("H2", "DK1")), ("H1", ("H3", "DK1"))}
    b.monster(1, DIAMOND, materials=["Leogun"])
    assert procedure_summons(b.build()) == {("H1", ("H2", "H3"))}


def test_ctr_6_world_legacy_survivor_is_not_activated_pot_of_duality_is(real):
    """World Legacy Survivor's resolution sends the excavated cards from the Deck to the GY (the engine checks
    IsPlayerCanDiscardDeck): not activated; Pot of Duality's shuffles them back: activated."""
    def activations(diamond: bool) -> set:
        b = board(cards=real).hand("World Legacy Survivor", "Pot of Duality").deck(*["Leogun"] * 5)
        if diamond:
            b.monster(1, DIAMOND, materials=["Leogun"])
        return {card for action, card, _ in whole_plays(b.build()) if action == "activate"}
    assert activations(False) == {"H1", "H2"}
    assert activations(True) == {"H2"}


# --- CTR-7: grants "during your opponent's turn"; CTR-8: "This is a Quick Effect if ..." ----------------------------

EBON = "Ebon High Magician"
VOLOFERNIGES = "Voloferniges, the Darkest Dragon Doomrider"


def test_ctr_7_grants_during_the_opponents_turn_are_read(real):
    for name in (EBON, "Runick Fountain", "Prank-Kids Meow-Meow-Mu"):
        assert unread_clauses(real[name]) == (), name


def test_ctr_7_ebon_high_magician_grants_no_listed_play(real):
    """The turn player's Ebon High Magician: it is not the opponent's turn, so a Trap in the hand is only Set; the
    opponent's: its grant is for the opponent, who makes no listed play. Both answers are whole."""
    mine = board(cards=real).monster(1, EBON, materials=["Dark Magician"]).hand("Trap Hole").build()
    plays = whole_plays(mine)
    assert ("set_spell_trap", "H1", None) in plays and not any(a == "activate" for a, _, _ in plays)
    b = board(cards=real).hand("Trap Hole")
    b.opponent.monster(1, EBON, materials=["Dark Magician"])
    assert not any(a == "activate" for a, _, _ in whole_plays(b.build()))
    summon = board(cards=real).monster(1, "Dark Magician").monster(2, "Dark Magician").extra_deck(EBON).build()
    assert ("xyz_summon", "ED1", None) in whole_plays(summon)


def test_ctr_8_voloferniges_quick_effect_sentence_is_read_while_its_effect_is_not_offered(real):
    from pysolver.cards.effects import activated_effects
    card = real[VOLOFERNIGES]
    assert activated_effects(card) == () and unread_clauses(card) == ()
    position = board(cards=real).monster(1, VOLOFERNIGES, materials=["Luster Dragon #2"]).hand("Kuriboh").build()
    plays = whole_plays(position)
    assert ("normal_summon", "H1", None) in plays and not any(a == "activate" for a, _, _ in plays)


def test_ctr_5_ctr_6_the_step_indexed_turn_lists_and_replays_the_same_moves(real):
    """The step-indexed program (asp/transition.lp and the legality encodings at a step) lists the same moves as
    `legal_plays` and each replays with apply and the reference applier: under Diamond's lock, and with Bazoo."""
    from test_steps import assert_every_move_replays
    b = board(cards=real).hand("Advanced Ritual Art", "Black Luster Soldier", "Conduction Warrior Linear Magnum Plus Minus",
                               "Alpha The Magnet Warrior", "Gamma The Magnet Warrior") \
        .deck("Beta The Magnet Warrior", "Celtic Guardian", "Celtic Guardian")
    b.opponent.monster(1, DIAMOND, materials=["Leogun"])
    assert_every_move_replays(b.build())
    b = board(cards=real, turn=3).monster(1, CIPHER, materials=["Kuriboh"])
    b.opponent.monster(1, BAZOO, materials=["Leogun"])
    assert_every_move_replays(b.build())
