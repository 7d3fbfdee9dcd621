"""EQP-1.. (docs/material-rules.md, "Monster Cards as Equip Cards"): a position holds no Monster Card equipped to a
monster (pysolver.position.files), and no play pysolver lists equips one. Real cards of the card database; every
answer is the reference's (whole plays)."""

from __future__ import annotations

import pytest
from helpers import whole_plays

from pysolver import legal_plays
from pysolver.cards.cardtext import changes_others_stats, only_as_equip
from pysolver.cards.reading import unread_clauses
from pysolver.errors import PysolverError
from pysolver.position.builder import PositionBuilder

# EQP-1: their only unread sentences applied while they were Equip Cards, or while a Monster Card was equipped to them
EQP_1_CARDS = ("Ninaruru, the Magistus Glass Goddess", "Morphtronic Earfon", "Fighting Flame Dragon", "Goddess Bow",
               "Number 58: Burner Visor", "Fiendsmith's Sequence", "Xyz Armor Torpedo", "Super Vehicroid - Stealth Union",
               "Aiwass, the Magistus Spell Spirit", "Millennium-Eyes Restrict", "Fullmetalfoes Alkahest")


def battle(real, **options) -> PositionBuilder:
    return PositionBuilder(cards=real, turn=3, phase="battle", **options)


def attacks(position) -> set[tuple[str, str]]:
    return {(card, target) for action, card, target in whole_plays(position) if action == "declare_attack"}


# --- EQP-1: a Monster Card's sentence about itself as an Equip Card, or about the Monster Cards equipped to it --------

def test_eqp_1_the_sentences_are_read(real):
    for name in EQP_1_CARDS:
        assert unread_clauses(real[name]) == (), name


def test_eqp_1_the_wordings(real):
    """Each wording, on the card that has it; none on a sentence an Equip Spell can satisfy."""
    assert only_as_equip(real["Ninaruru, the Magistus Glass Goddess"], "While this card is an Equip Card, the equipped "
                         "monster can make up to 2 attacks on monsters during each Battle Phase.")
    assert only_as_equip(real["Number 58: Burner Visor"], "The equipped monster can attack your opponent directly.")
    assert only_as_equip(real["Super Vehicroid - Stealth Union"], "While equipped with a monster by this effect, this "
                         "card can attack all monsters your opponent controls, once each.")
    assert only_as_equip(real["Armory Arm"], "While equipped by this effect, that target gains 1000 ATK.")
    # an Equip Spell can be face-up in a position (its equip target unknown): these apply there
    assert not only_as_equip(real["Dragunity Lord - Georgius"], 'While this card is equipped with a "Dragunity" card, '
                             "your opponent cannot activate the effects of monsters in the GY.")
    assert not only_as_equip(real["Cyberdark End Dragon"], "This card can attack a number of times each Battle Phase, "
                             "up to the number of Equip Cards equipped to it.")
    assert not only_as_equip(real["Noble Knight Iyvanne"], 'While this card is equipped with a "Noble Arms" Equip '
                             'Spell, all other "Noble Knight" monsters you control gain 500 ATK.')
    # a Spell's "the equipped monster" is what it does face-up (STM-2), not a Monster Card's
    assert not only_as_equip(real["Axe of Despair"], "The equipped monster gains 1000 ATK.")


def test_eqp_1_stm_2_takes_the_same_source(real):
    """STM-2 (docs/material-rules.md) leaves out exactly EQP-1's sentences: Armory Arm changes nothing from a Monster
    Zone; Chanbar's "for each Equip Spell you control" and Vylon Charger's "for each Equip Card equipped to this card"
    count Equip Spells, which a position may hold, so they are changes (the ATK/DEF of the monsters are unknown)."""
    assert changes_others_stats(real["Armory Arm"]) is None
    assert changes_others_stats(real["Fighting Flame Dragon"]) is None
    assert changes_others_stats(real["Chanbar, the Flashy Sportsknight"]) is not None
    assert changes_others_stats(real["Vylon Charger"]) is not None
    assert changes_others_stats(real["Noble Knight Iyvanne"]) is not None


def test_eqp_1_burner_visor_in_a_monster_zone_cannot_attack_directly(real):
    """"The equipped monster can attack your opponent directly." is not Burner Visor's own: from a Monster Zone it
    attacks the opponent's monster only."""
    b = battle(real).monster(1, "Number 58: Burner Visor", materials=["Celtic Guardian", "Celtic Guardian"])
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1")}
    b = battle(real).monster(1, "Number 58: Burner Visor", materials=["Celtic Guardian", "Celtic Guardian"])
    assert attacks(b.build()) == {("M1", "direct")}   # no monster there: a direct attack, as any monster's


def test_eqp_1_ninaruru_and_earfon_attack_once(real):
    """"While this card is an Equip Card, the equipped monster can make up to 2 attacks on monsters": not theirs."""
    for name, materials in (("Ninaruru, the Magistus Glass Goddess", ["Dark Magician", "Dark Magician"]),
                            ("Morphtronic Earfon", None)):
        options = {"materials": materials} if materials else {}
        b = battle(real).monster(1, name, **options)
        b.opponent.monster(1, "Kuriboh").monster(2, "Celtic Guardian")
        assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}
        b = battle(real).monster(1, name, attacked=True, **options)
        b.opponent.monster(1, "Kuriboh").monster(2, "Celtic Guardian")
        assert attacks(b.build()) == set(), name


def test_eqp_1_second_attacks_of_equip_cards_are_not_the_monsters(real):
    """Fighting Flame Dragon and Goddess Bow give a second attack to the monster they are equipped to; Stealth Union
    attacks every opponent's monster only while equipped with a monster by its effect: after one attack, none."""
    for name in ("Fighting Flame Dragon", "Goddess Bow", "Super Vehicroid - Stealth Union"):
        b = battle(real).monster(1, name, attacked=True)
        b.opponent.monster(1, "Kuriboh").monster(2, "Celtic Guardian")
        assert attacks(b.build()) == set(), name
        b = battle(real).monster(1, name)
        b.opponent.monster(1, "Kuriboh").monster(2, "Celtic Guardian")
        assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}, name


def test_eqp_1_locks_and_protections_of_equips_forbid_nothing(real):
    """Millennium-Eyes Restrict's "Monsters with that equipped monster's original name cannot attack" (no monster is
    equipped to it), Fiendsmith's Sequence's and Xyz Armor Torpedo's protections of "the equipped monster": the other
    monsters attack, nothing is withheld, and the answers are the reference's."""
    for name, materials in (("Millennium-Eyes Restrict", None), ("Fiendsmith's Sequence", None),
                            ("Xyz Armor Torpedo", ["Kuriboh", "Kuriboh"])):
        options = {"materials": materials} if materials else {}
        b = battle(real).monster(1, name, attacked=True, **options).monster(2, "Celtic Guardian")
        b.opponent.monster(1, "Relinquished")
        assert attacks(b.build()) == {("M2", "oM1")}, name


def test_eqp_1_aiwass_and_alkahest_in_a_main_phase(real):
    """Aiwass's control of "the equipped monster" and Alkahest's "monsters you control equipped to this card" as
    Fusion Material: no such monster in a position, so the main phase lists the usual plays, whole."""
    for name in ("Aiwass, the Magistus Spell Spirit", "Fullmetalfoes Alkahest"):
        b = PositionBuilder(cards=real, turn=3, phase="main1").monster(1, name).hand("Celtic Guardian")
        assert whole_plays(b.build()) == {("change_position", "M1", None), ("normal_summon", "H1", None),
                                          ("set_monster", "H1", None), ("enter_battle_phase", None, None),
                                          ("end_turn", None, None)}, name


# --- EQP-2: a procedure's Tribute "equipped with" a Monster Card ------------------------------------------------------

TYRANT = "Blue-Eyes Tyrant Dragon"


def test_eqp_2_blue_eyes_tyrant_dragon_is_read_and_its_procedure_is_never_available(real):
    from pysolver.cards.cardtext import special_summon_limit
    from pysolver.cards.effects import procedures
    card = real[TYRANT]
    assert unread_clauses(card) == ()
    assert procedures(card) == ()                  # 'by Tributing 1 "Blue-Eyes White Dragon" equipped with a Fusion Monster'
    assert special_summon_limit(card) == "semi"    # "Must first be either Fusion Summoned, or ..."
    # "equipped with an Equip Card": an Equip Spell could be it, so Ultimate Great Insect's stays unread
    assert unread_clauses(real["Ultimate Great Insect"])


def test_eqp_2_blue_eyes_tyrant_dragon_only_by_fusion_summon(real):
    """With "Blue-Eyes White Dragon" on the field, the Tribute procedure is not listed (no Fusion Monster is equipped to
    it in any position); Polymerization with a Dragon in the hand Fusion Summons it."""
    b = PositionBuilder(cards=real, turn=3, phase="main1").monster(1, "Blue-Eyes White Dragon").extra_deck(TYRANT)
    plays = whole_plays(b.build())
    assert not any(card == "ED1" for _, card, _ in plays)
    b = PositionBuilder(cards=real, turn=3, phase="main1").monster(1, "Blue-Eyes White Dragon") \
        .hand("Polymerization", "Luster Dragon").extra_deck(TYRANT)
    plays = whole_plays(b.build())
    assert {action for action, card, _ in plays if card == "ED1"} == {"fusion_summon"}


# --- EQP-3: a material line's part "equipped with a Monster Card" -----------------------------------------------------

NECROQUIP = "Necroquip Princess"


def test_eqp_3_necroquip_princess_is_read_and_its_line_is_never_filled(real):
    from pysolver.cards.cardtext import material_requirement
    from pysolver.cards.material_lines import UnsupportedMaterialLine, parse_material_line
    card = real[NECROQUIP]
    assert unread_clauses(card) == ()
    assert str(material_requirement(card)) == "1 monster equipped with a Monster Card"
    # an Equip Spell can be "an Equip Card(s)": Emperor Charles the Great's line stays unread
    try:
        parse_material_line(real["Emperor Charles the Great"].materials, "link")
        raise AssertionError("read")
    except UnsupportedMaterialLine:
        pass
    assert unread_clauses(real["Emperor Charles the Great"])


def test_eqp_3_necroquip_princess_is_never_summoned(real):
    """Its Contact Fusion ("by sending the above cards from your hand and/or field to the GY") and any Fusion Summon
    need "1 monster equipped with a Monster Card": with Fiends and other monsters in the hand and on the field, and
    Polymerization, neither the solver nor the reference lists a summon of it; the other plays are listed whole."""
    b = PositionBuilder(cards=real, turn=3, phase="main1").monster(1, "Summoned Skull").monster(2, "Celtic Guardian") \
        .hand("Polymerization", "Archfiend Soldier").extra_deck(NECROQUIP)
    plays = whole_plays(b.build())
    assert not any(card == "ED1" for _, card, _ in plays)
    assert ("normal_summon", "H2", None) in plays


# --- EQP-4: a lock while this card is equipped with a card of an archetype --------------------------------------------

GEORGIUS = "Dragunity Lord - Georgius"


def _georgius(real, lance_player=None, georgius_mine=False):
    b = PositionBuilder(cards=real, turn=3).graveyard("Hi-Speedroid Kendama")
    (b if georgius_mine else b.opponent).monster(1, GEORGIUS, summoned_as="link")
    if lance_player is not None:
        (b if lance_player == 0 else b.opponent).spell_trap(1, "Dragunity Divine Lance")
    return b.build()


def test_eqp_4_georgius_is_read(real):
    assert unread_clauses(real[GEORGIUS]) == ()


def test_eqp_4_with_no_dragunity_spell_trap_face_up_the_lock_is_off(real):
    """The opponent's Georgius can be equipped with no "Dragunity" card: Kendama's effect in the GY is activated."""
    assert ("activate", "GY1", None) in whole_plays(_georgius(real))


def test_eqp_4_a_face_up_dragunity_equip_spell_leaves_no_play_certain(real):
    """Dragunity Divine Lance face-up on either field may be equipped to the opponent's Georgius (a position does not
    say to what): the position is refused by name, by the solver and the reference alike."""
    from pysolver.reference.plays import legal_plays as reference_plays
    for player in (0, 1):
        position = _georgius(real, lance_player=player)
        with pytest.raises(PysolverError, match="Georgius"):
            legal_plays(position)
        with pytest.raises(PysolverError):
            reference_plays(position)


def test_eqp_4_the_turn_players_own_georgius_binds_only_the_opponent(real):
    """Its lock binds its controller's opponent, who makes no listed play: the answer is whole (Kendama needs a field
    without cards of its controller, so it is not activated here)."""
    plays = whole_plays(_georgius(real, lance_player=0, georgius_mine=True))
    assert ("enter_battle_phase", None, None) in plays and not any(a == "activate" for a, _, _ in plays)
