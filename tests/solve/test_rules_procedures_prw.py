"""Extra Deck monsters' own procedures and summoning conditions (PRW-* of docs/procedure-rules.md). Real cards of the
card database: the procedure summon is listed exactly when its cost can be paid, the cost cards end where the text
says (`helpers.applied`: apply, the reference applier and the step-indexed transition agree), and every answer is
the reference's (whole plays)."""

from __future__ import annotations

from helpers import applied, board, procedure_play, procedure_summons

from pysolver import legal_plays
from pysolver.cards.cardtext import special_summon_limit
from pysolver.cards.effects import procedures
from pysolver.cards.reading import unread_clauses
from pysolver.reference.plays import legal_plays as reference_plays


def both(position):
    """The solver's plays; the reference lists the same ones."""
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    assert not solver.unread
    return solver


# --- PRW-1: "This face-down card in the Extra Deck must first be either Fusion Summoned, or ..." -----------------------

ARCRAY = "Odd-Eyes Arcray Dragon"


def test_prw_1_arcray_tributes_a_level_12_dark_supreme_king_z_arc(real):
    """'... or Special Summoned by Tributing 1 Level 12 DARK "Supreme King Z-ARC"': from the face-down Extra Deck, the
    Tribute a face-up or face-down Z-ARC of the player's (any position: a Tribute); another Arcray (treated as Z-ARC,
    but LIGHT) is none. The Tribute, a Pendulum Monster, goes face-up to the Extra Deck (PEN-4)."""
    assert special_summon_limit(real[ARCRAY]) == "semi" and unread_clauses(real[ARCRAY]) == ()
    assert isinstance(procedures(real[ARCRAY]), tuple) and len(procedures(real[ARCRAY])) == 1
    b = board(cards=real).extra_deck(ARCRAY).monster(1, "Supreme King Z-ARC").monster(2, ARCRAY) \
        .monster(3, "Supreme King Z-ARC", position="set")
    position = b.build()
    assert procedure_summons(position) == {("ED1", ("M1",)), ("ED1", ("M3",))}
    play = procedure_play(position, "ED1", ("M1",))
    after = applied(position, play, zone="M1")
    assert after["M1"].card.name == ARCRAY and after["M1"].state.properly_summoned
    assert after.me.graveyard == ()
    assert [(c.card.name, c.face_up) for c in after.me.extra_deck] == [("Supreme King Z-ARC", True)]
    only_arcray = board(cards=real).extra_deck(ARCRAY).monster(2, ARCRAY).graveyard("Supreme King Z-ARC")
    assert procedure_summons(only_arcray.build()) == set()


def test_prw_1_arcray_is_revived_only_once_properly_summoned(real):
    """Semi (the engine's EnableReviveLimit; the summoning condition binds the face-down card only): Monster Reborn
    revives the Arcray that was properly summoned, not the one sent from the Extra Deck."""
    b = board(cards=real).hand("Monster Reborn").graveyard(ARCRAY) \
        .graveyard(ARCRAY, properly_summoned=False)
    plays = both(b.build())
    assert {p.target for p in plays if p.action == "activate" and p.name == "Monster Reborn"} == {"GY1"}


# --- PRW-2: "in the same column as the Extra Monster Zone" ---------------------------------------------------------------

GRAND_DUKE = "Vaylantz Genesis Grand Duke"


def test_prw_2_grand_duke_tributes_a_vaylantz_in_main_monster_zone_2_or_4(real):
    """'... by Tributing 1 Level 5 or higher non-Fusion "Vaylantz" monster in the same column as the Extra Monster
    Zone': Main Monster Zone 2 or 4 (below an Extra Monster Zone); not one in Zone 3, not a Level 4 one, not a Fusion
    Monster. Semi, as PRW-1."""
    assert special_summon_limit(real[GRAND_DUKE]) == "semi" and unread_clauses(real[GRAND_DUKE]) == ()
    b = board(cards=real).extra_deck(GRAND_DUKE).monster(2, "Vaylantz Dominator Duke") \
        .monster(3, "Vaylantz Mad Marquess").monster(4, "Vaylantz Voltage Viscount")
    position = b.build()
    assert procedure_summons(position) == {("ED1", ("M2",))}
    after = applied(position, procedure_play(position, "ED1", ("M2",)), zone="EMZL")
    assert after["EMZL"].card.name == GRAND_DUKE and after["EMZL"].state.properly_summoned
    # the Tribute, a Pendulum Monster, goes face-up to the Extra Deck (PEN-4)
    assert [(c.card.name, c.face_up) for c in after.me.extra_deck] == [("Vaylantz Dominator Duke", True)]
    fusion = board(cards=real).extra_deck(GRAND_DUKE).monster(4, GRAND_DUKE).monster(1, "Vaylantz Mad Marquess") \
        .monster(5, "Vaylantz Dominator Duke")
    assert procedure_summons(fusion.build()) == set()
    moved = board(cards=real).extra_deck(GRAND_DUKE).monster(4, "Vaylantz Mad Marquess", position="set")
    assert procedure_summons(moved.build()) == {("ED1", ("M4",))}


def test_prw_2_why_names_the_column(real):
    from pysolver.solve.why import why
    position = board(cards=real).extra_deck(GRAND_DUKE).monster(3, "Vaylantz Mad Marquess").build()
    (answer,) = why(position, "ED1", "procedure_summon").answers
    assert answer.exhaustive and not answer.plays
    assert "procedure_emz_column" in [reason.name for group in answer.reasons for reason in group]


# --- PRW-3: a Fusion Summon with materials from the hand and the field only -----------------------------------------

TRISHULA = "Trishula, the Dragon of Icy Imprisonment"


def _fusions(plays, name) -> set:
    return {p.materials for p in plays if p.action == "fusion_summon" and p.name == name}


def test_prw_3_trishula_is_fusion_summoned_from_hand_and_field_or_by_banishing_the_above_cards(real):
    """'Must first be either Fusion Summoned using only monsters in your hand and/or field, or Special Summoned (from
    your Extra Deck) by banishing the above cards you control (in which case you do not use "Polymerization")':
    Polymerization takes 3 monsters with different names from the hand and the field, any mix; the Contact Fusion
    banishes 3 the player controls (not the hand's). Semi."""
    assert special_summon_limit(real[TRISHULA]) == "semi" and unread_clauses(real[TRISHULA]) == ()
    b = board(cards=real).hand("Polymerization", "Kuriboh").monster(1, "Sangan").monster(2, "Neo Bug") \
        .monster(3, "Effect Veiler").extra_deck(TRISHULA)
    position = b.build()
    plays = both(position)
    assert _fusions(plays, TRISHULA) == {("H2", "M1", "M2"), ("H2", "M1", "M3"), ("H2", "M2", "M3"),
                                         ("M1", "M2", "M3")}
    contact = [p for p in plays if p.action == "procedure_summon"]
    assert [(p.card, p.cost) for p in contact] == [("ED1", ("M1", "M2", "M3"))]
    after = applied(position, contact[0], zone="EMZL")
    assert after["EMZL"].card.name == TRISHULA
    assert sorted(c.card.name for c in after.me.banished) == ["Effect Veiler", "Neo Bug", "Sangan"]


GUARDIAN = "Guardian Chimera"


def test_prw_3_guardian_chimera_needs_a_material_from_the_hand_and_one_from_the_field(real):
    """'Must first be Fusion Summoned using only Fusion Materials from your hand and field, with at least 1 monster
    from each': 3 monsters with different names, never all from the field nor all from the hand. (Its "While
    "Polymerization" is in your GY" protection is read since TGZ-1, docs/targeting-rules.md.)"""
    from pysolver.cards.cardtext import fusion_material_places
    assert fusion_material_places(real[GUARDIAN]) == "each" and special_summon_limit(real[GUARDIAN]) == "semi"
    assert [u.clause for u in unread_clauses(real[GUARDIAN])] == []
    b = board(cards=real).hand("Polymerization", "Kuriboh", "Mystic Tomato", "Giant Rat").monster(1, "Sangan") \
        .monster(2, "Neo Bug").monster(3, "Effect Veiler").extra_deck(GUARDIAN)
    position = b.build()
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    found = _fusions(solver, GUARDIAN)
    assert ("H2", "H3", "M1") in found and ("H2", "M1", "M2") in found
    assert ("M1", "M2", "M3") not in found and ("H2", "H3", "H4") not in found
    assert len(found) == 20 - 1 - 1   # 3 of the 6 monsters, but not the 3 of the field nor the 3 of the hand


# --- PRW-4: two places of one verb, "except" the card's name, and the "Polymerization" reminder ---------------------

TITAN = "Thunder Dragon Titan"


def test_prw_4_thunder_dragon_titan_banishes_a_thunder_from_the_hand_and_a_thunder_fusion_monster(real):
    """'Must be either Fusion Summoned, or Special Summoned by banishing 1 Thunder monster from your hand and 1 Thunder
    Fusion Monster you control, except "Thunder Dragon Titan" (in which case you do not use "Polymerization")': one
    Thunder monster of the hand and one face-up Thunder Fusion Monster of the player's, never a Thunder Dragon Titan,
    both banished; nomi."""
    assert special_summon_limit(real[TITAN]) == "nomi" and unread_clauses(real[TITAN]) == ()
    b = board(cards=real).extra_deck(TITAN).hand("Wattgiraffe", "Kuriboh").monster(1, "Kaminari Attack") \
        .monster(2, TITAN).monster(3, "Twin-Headed Thunder Dragon", position="set")
    position = b.build()
    assert procedure_summons(position) == {("ED1", ("H1", "M1"))}
    after = applied(position, procedure_play(position, "ED1", ("H1", "M1")), zone="EMZL")
    assert after["EMZL"].card.name == TITAN
    assert sorted(c.card.name for c in after.me.banished) == ["Kaminari Attack", "Wattgiraffe"]
    in_gy = board(cards=real).extra_deck(TITAN).graveyard("Wattgiraffe").monster(1, "Kaminari Attack")
    assert procedure_summons(in_gy.build()) == set()
    only_titan = board(cards=real).extra_deck(TITAN).hand("Wattgiraffe").monster(1, TITAN)
    assert procedure_summons(only_titan.build()) == set()


# --- PRW-5: "during the turn a Spell Card or effect is activated" --------------------------------------------------

DESTRUCTION = "Dark Magician of Destruction"


def _destruction_board(real):
    return board(cards=real).extra_deck(DESTRUCTION).monster(1, "Dark Magician").monster(2, "Kuriboh") \
        .monster(3, "Dark Magician", position="set")


def test_prw_5_dark_magician_of_destruction_needs_a_spell_activated_this_turn(real):
    """'... or Special Summoned (from your Extra Deck) during the turn a Spell Card or effect is activated, by banishing
    1 Level 6 or higher DARK Spellcaster monster you control as material': with no activation this turn, or a monster's
    only, no procedure; after the opponent's Spell Card (negated too) or a Pendulum Scale's activation, the face-up Dark
    Magician is banished for it (the face-down one hides what it is, POS-3). Nomi."""
    assert special_summon_limit(real[DESTRUCTION]) == "nomi" and unread_clauses(real[DESTRUCTION]) == ()
    assert procedure_summons(_destruction_board(real).build()) == set()
    monster = _destruction_board(real)
    monster.event(activate="Effect Veiler", player=1)
    assert procedure_summons(monster.build()) == set()
    spell = _destruction_board(real)
    spell.event(activate="Pot of Greed", player=1, negated="activation")
    position = spell.build()
    assert procedure_summons(position) == {("ED1", ("M1",))}
    after = applied(position, procedure_play(position, "ED1", ("M1",)), zone="EMZR")
    assert after["EMZR"].card.name == DESTRUCTION
    assert [c.card.name for c in after.me.banished] == ["Dark Magician"]
    scale = _destruction_board(real)
    scale.event(activate="Flash Knight", effect=0)
    assert procedure_summons(scale.build()) == {("ED1", ("M1",))}


def test_prw_5_once_per_turn_either_way(real):
    """PRY-7: once it was Special Summoned by its procedure this turn, neither way is open again."""
    b = _destruction_board(real)
    b.event(activate="Pot of Greed")
    b.event(summon="procedure", card=DESTRUCTION, **{"from": "extra_deck"})
    b.extra_deck(DESTRUCTION)
    assert procedure_summons(b.build()) == set()


def test_prw_5_why_names_the_spell(real):
    from pysolver.solve.why import why
    (answer,) = why(_destruction_board(real).build(), "ED1", "procedure_summon").answers
    assert answer.exhaustive and not answer.plays
    assert "procedure_spell_activated" in [reason.name for group in answer.reasons for reason in group]


# --- PRW-6: "Must be Fusion Summoned, and can then be Pendulum Summoned." -------------------------------------------

VENOM = "Odd-Eyes Venom Dragon"


def test_prw_6_odd_eyes_venom_dragon_is_pendulum_summoned_from_the_face_up_extra_deck(real):
    """Nomi (never revived: Monster Reborn does not take it from the GY), but a Pendulum Summon brings it out of the
    face-up Extra Deck (Level 10 between the Scales 1 and 11), where only a properly summoned monster goes."""
    from pysolver.cards.cardtext import pendulum_after_summon
    assert special_summon_limit(real[VENOM]) == "nomi" and pendulum_after_summon(real[VENOM])
    assert unread_clauses(real[VENOM]) == ()
    b = board(cards=real).spell_trap(1, "Performapal Lebellman").spell_trap(5, "Moissa Knight, the Comet General") \
        .extra_deck(VENOM, face_up=True).hand("Monster Reborn").graveyard(VENOM)
    plays = both(b.build())
    assert {p.cards for p in plays if p.action == "pendulum_summon"} == {("ED1",)}
    assert not [p for p in plays if p.action == "activate" and p.name == "Monster Reborn"]


# --- PRW-7: "Cannot be Special Summoned from the Extra Deck unless you have N or more "X" Spells/Traps in your GY" ----

BUCEPHALUS = "Tri-Brigade Arms Bucephalus II"
BEASTS = ("Prevent Rat", "Vampiric Koala", "Super-Nimble Mega Hamster", "Fenrir", "Prevent Rat")


def _bucephalus_board(real, *graveyard):
    b = board(cards=real).extra_deck(BUCEPHALUS).graveyard(*graveyard)
    for zone, name in enumerate(BEASTS, 1):
        b.monster(zone, name)
    return b


def test_prw_7_bucephalus_ii_is_link_summoned_only_with_3_tri_brigade_spells_traps_in_the_gy(real):
    """With 3 "Tri-Brigade" Spells/Traps in the GY its Link Summon (5 Beasts) is listed; with 2 of them and a
    "Tri-Brigade" monster, or 3 Spells of another archetype, not. Revivable once properly summoned (a Link Monster):
    the condition binds the Extra Deck only."""
    from pysolver.cards.cardtext import extra_deck_gy_needed
    assert extra_deck_gy_needed(real[BUCEPHALUS])[1] == 3 and special_summon_limit(real[BUCEPHALUS]) is None
    assert unread_clauses(real[BUCEPHALUS]) == ()
    three = both(_bucephalus_board(real, "Tri-Brigade Roar", "Tri-Brigade Revolt", "Tri-Brigade Rendezvous").build())
    assert {p.materials for p in three if p.action == "link_summon"} == {("M1", "M2", "M3", "M4", "M5")}
    two = both(_bucephalus_board(real, "Tri-Brigade Roar", "Tri-Brigade Revolt", "Tri-Brigade Kitt").build())
    assert not [p for p in two if p.action == "link_summon"]
    others = both(_bucephalus_board(real, "Pot of Greed", "Pot of Greed", "Tri-Brigade Revolt").build())
    assert not [p for p in others if p.action == "link_summon"]
    reborn = both(board(cards=real).hand("Monster Reborn").graveyard(BUCEPHALUS).build())
    assert {p.target for p in reborn if p.action == "activate"} == {"GY1"}


def test_prw_7_why_names_the_gy(real):
    from pysolver.solve.why import why
    position = _bucephalus_board(real, "Tri-Brigade Roar", "Tri-Brigade Revolt").build()
    (answer,) = why(position, "ED1", "link_summon").answers
    assert answer.exhaustive and not answer.plays
    assert "extra_deck_gy_needed" in [reason.name for group in answer.reasons for reason in group]


# --- PRW-8 (docs/tribute-rules.md): Tributes of the opponent's monsters for a Tribute Summon ----------------------------

SUCKER = "Vampire Sucker"


def _tributes(plays, name, action="normal_summon") -> set:
    return {p.tributes for p in plays if p.action == action and p.name == name}


def test_prw_8_vampire_sucker_lets_the_opponents_face_up_zombies_be_tributes(real):
    """'If you would Tribute a monster(s) for a Tribute Summon, you can Tribute a Zombie monster(s) your opponent
    controls, even though you do not control them.': with Vampire Sucker face-up, Summoned Skull (1 Tribute) may Tribute
    the opponent's face-up Zombie (not their face-down one, not their Warrior), for a Tribute Summon or Set; the zone it
    leaves is the opponent's, so with the player's five Main Monster Zones taken that Tribute leaves no zone."""
    from pysolver.cards.cardtext import opponent_tributes
    assert opponent_tributes(real[SUCKER]) is not None and unread_clauses(real[SUCKER]) == ()
    b = board(cards=real).hand("Summoned Skull").monster("left", SUCKER).monster(1, "Kuriboh")
    b.opponent.monster(1, "Skull Servant").monster(2, "Mezuki", position="set").monster(3, "Celtic Guardian")
    plays = both(b.build())
    assert _tributes(plays, "Summoned Skull") == {("M1",), ("EMZL",), ("oM1",)}
    assert _tributes(plays, "Summoned Skull", "set_monster") == {("M1",), ("EMZL",), ("oM1",)}
    full = board(cards=real).hand("Summoned Skull").monster("left", SUCKER).monster(1, "Kuriboh") \
        .monster(2, "Sangan").monster(3, "Neo Bug").monster(4, "Effect Veiler").monster(5, "Gokibore")
    full.opponent.monster(1, "Skull Servant")
    assert _tributes(both(full.build()), "Summoned Skull") == {("M1",), ("M2",), ("M3",), ("M4",), ("M5",)}
    without = board(cards=real).hand("Summoned Skull").monster(1, "Kuriboh")
    without.opponent.monster(1, "Skull Servant")
    assert _tributes(both(without.build()), "Summoned Skull") == {("M1",)}


def test_prw_8_the_tribute_goes_to_its_owners_gy(real):
    b = board(cards=real).hand("Summoned Skull").monster(1, SUCKER)
    b.opponent.monster(1, "Skull Servant")
    position = b.build()
    plays = both(position)
    (play,) = [p for p in plays if p.action == "normal_summon" and p.tributes == ("oM1",)]
    after = applied(position, play, zone="M2")
    assert after["M2"].card.name == "Summoned Skull"
    assert [c.card.name for c in after.opponent.graveyard] == ["Skull Servant"] and after.me.graveyard == ()


# --- PRW-9: an old wording of an ignition effect that returns the card to Special Summon another ------------------------

def test_prw_9_super_roboyarou_returns_itself_is_an_effect_not_a_rule(real):
    """'You can Special Summon "Super Robolady" by returning this card from the field to the Extra Deck. You cannot use
    this effect during the same turn this monster is Special Summoned.': an ignition effect (the engine's
    EFFECT_TYPE_IGNITION with that condition), never offered as a play; no rule of the card is left unread, so its
    Fusion Summon is listed and a position holding it lists its plays."""
    from pysolver.cards.sentences import sentences
    for name, other in (("Super Roboyarou", "Super Robolady"), ("Super Robolady", "Super Roboyarou")):
        assert unread_clauses(real[name]) == (), name
        said = [s for s in sentences(real[name]) if other in s.text or "same turn" in s.text]
        assert len(said) == 2 and all(s.activated for s in said), name
    b = board(cards=real).hand("Polymerization", "Roboyarou").monster(1, "Robolady").extra_deck("Super Roboyarou") \
        .extra_deck("Super Robolady")
    plays = both(b.build())
    assert _fusions(plays, "Super Roboyarou") == {("H2", "M1")}
    on_field = both(board(cards=real).monster(1, "Super Roboyarou").extra_deck("Super Robolady").build())
    assert not [p for p in on_field if p.name == "Super Robolady"]


# --- PRW-10: 'with "Number C101" through "Number C107" in its name' -------------------------------------------------

BARIAN = "CXyz Barian Hope"


def test_prw_10_barian_hope_is_xyz_summoned_on_a_number_c101_to_c107(real):
    """'You can also Xyz Summon this card by using 1 monster you control with "Number C101" through "Number C107" in
    its name as the Xyz Material.': on Number C101 (its material moves under Barian Hope) or C107, not on Number C1000
    (its name holds "Number C100", not one of the seven), nor Number 101."""
    from pysolver.cards.extra_deck_text import alternative_xyz
    assert alternative_xyz(real[BARIAN]) is not None and unread_clauses(real[BARIAN]) == ()
    b = board(cards=real).extra_deck(BARIAN) \
        .monster(1, "Number C101: Silent Honor DARK", materials=["Sangan"]) \
        .monster(2, "Number C107: Neo Galaxy-Eyes Tachyon Dragon", materials=["Kuriboh"]) \
        .monster(3, "Number C1000: Numerounius", materials=["Neo Bug"]) \
        .monster(4, "Number 101: Silent Honor ARK", materials=["Gokibore"])
    position = b.build()
    plays = both(position)
    assert {p.materials for p in plays if p.action == "xyz_summon" and p.name == BARIAN} == {("M1",), ("M2",)}
    (play,) = [p for p in plays if p.action == "xyz_summon" and p.materials == ("M1",)]
    after = applied(position, play, zone="M1")
    assert after["M1"].card.name == BARIAN
    assert sorted(c.name for c in after["M1"].state.materials) == ["Number C101: Silent Honor DARK", "Sangan"]


# --- PRW-11: "you can also banish monsters from your GY as material" --------------------------------------------------

CURSE = "Curse of Dragon, the Magical Knight Dragon"


def test_prw_11_curse_of_dragon_lets_a_level_7_dragon_fusion_take_gy_materials(real):
    """'If you Fusion Summon a Level 7 Dragon Fusion Monster, you can also banish monsters from your GY as material.':
    with Curse of Dragon face-up, Polymerization Fusion Summons Thousand Dragon (Level 7 Dragon) with Baby Dragon from
    the GY (banished) and Time Wizard from the hand or the GY; Flame Swordsman (a Level 5 Warrior) never takes its
    Masaki from the GY; without Curse of Dragon no GY material at all."""
    from pysolver.cards.cardtext import fusion_gy_grant
    assert fusion_gy_grant(real[CURSE]) is not None and unread_clauses(real[CURSE]) == ()

    def board_with(curse: bool):
        b = board(cards=real).hand("Polymerization", "Time Wizard", "Flame Manipulator") \
            .graveyard("Baby Dragon", "Time Wizard", "Masaki the Legendary Swordsman") \
            .extra_deck("Thousand Dragon", "Flame Swordsman")
        return b.monster(1, CURSE) if curse else b.monster(1, "Kuriboh")
    position = board_with(True).build()
    plays = both(position)
    assert _fusions(plays, "Thousand Dragon") == {("H2", "GY1"), ("GY1", "GY2")}
    assert _fusions(plays, "Flame Swordsman") == set()
    assert _fusions(both(board_with(False).build()), "Thousand Dragon") == set()
    (play,) = [p for p in plays if p.action == "fusion_summon" and p.materials == ("H2", "GY1")]
    after = applied(position, play, zone="M2")
    assert after["M2"].card.name == "Thousand Dragon"
    assert [c.card.name for c in after.me.banished] == ["Baby Dragon"]
    assert sorted(c.card.name for c in after.me.graveyard) == ["Masaki the Legendary Swordsman", "Polymerization",
                                                               "Time Wizard", "Time Wizard"]


def test_prw_11_king_dragun_takes_a_gy_material_and_trishula_none(real):
    """King Dragun (a Level 7 Dragon: "Lord of D." + "Divine Dragon Ragnarok") takes Ragnarok from the GY; Trishula (a
    Level 9 Dragon, whose Fusion Materials come only from the hand and field, PRW-3) takes none of the GY's three."""
    b = board(cards=real).hand("Polymerization", "Lord of D.").monster(1, CURSE) \
        .graveyard("Divine Dragon Ragnarok", "Sangan", "Neo Bug").extra_deck("King Dragun", TRISHULA)
    plays = both(b.build())
    assert _fusions(plays, "King Dragun") == {("H2", "GY1")}
    assert _fusions(plays, TRISHULA) == set()   # the hand and field hold only Lord of D. and Curse of Dragon


# --- PRW-12: "monsters that cannot be Normal Summoned/Set" in a material line --------------------------------------

BEASTS3 = "The Chaotic Phantasmal Sacred Beasts"


def test_prw_12_chaotic_phantasmal_sacred_beasts_takes_level_10_monsters_that_cannot_be_normal_summoned(real):
    """'3 Level 10 monsters that cannot be Normal Summoned/Set': Uria, Hamon and Neos Wiseman (each "Cannot be Normal
    Summoned/Set"), never Obelisk the Tormentor (Normal Summoned with 3 Tributes); by Polymerization (from the hand
    too: Raviel) or by its Contact Fusion, sending the three it controls to the GY."""
    assert unread_clauses(real[BEASTS3]) == ()
    b = board(cards=real).hand("Polymerization", "Raviel, Lord of Phantasms") \
        .monster(1, "Uria, Lord of Searing Flames").monster(2, "Hamon, Lord of Striking Thunder") \
        .monster(3, "Neos Wiseman").monster(4, "Obelisk the Tormentor").extra_deck(BEASTS3)
    position = b.build()
    plays = both(position)
    assert _fusions(plays, BEASTS3) == {("H2", "M1", "M2"), ("H2", "M1", "M3"), ("H2", "M2", "M3"),
                                        ("M1", "M2", "M3")}
    assert {p.cost for p in plays if p.action == "procedure_summon"} == {("M1", "M2", "M3")}


# --- PRW-13: "face-up Monster Cards from your Spell & Trap Zone" ------------------------------------------------------

DOOMED = "Snake-Eyes Doomed Dragon"


def test_prw_13_snake_eyes_doomed_dragon_never_sends_pendulum_scales(real):
    """'Must be either Fusion Summoned, or Special Summoned by sending 2 face-up Monster Cards from your Spell & Trap
    Zone to the GY': in a position the only such cards are Pendulum Scales (Spell & Trap Zones 1 and 5), which its
    script's IsAbleToGraveAsCost refuses (they would go to the Extra Deck, GYC-1): two scales pay nothing."""
    assert unread_clauses(real[DOOMED]) == () and special_summon_limit(real[DOOMED]) == "nomi"
    b = board(cards=real).extra_deck(DOOMED).spell_trap(1, "Performapal Lebellman") \
        .spell_trap(5, "Moissa Knight, the Comet General").spell_trap(2, "Pot of Greed", position="set")
    assert procedure_summons(b.build()) == set()


# --- PRW-14: '"X" (or 1 Fusion Monster that mentions it)' in a material line ----------------------------------------

NEOS_LORD = "Evil HERO Neos Lord"


def test_prw_14_evil_hero_neos_lord_line_reads_a_fusion_monster_that_mentions_neos(real):
    """'"Elemental HERO Neos" (or 1 Fusion Monster that mentions it) + 1 Effect Monster on the field': Neos, or a Fusion
    Monster whose text names "Elemental HERO Neos" in quotes (Elemental HERO Neos Knight). The card "Must be Special
    Summoned with "Dark Fusion"" (nomi, SP-2): Polymerization never Fusion Summons it, though its materials are there."""
    from pysolver.cards.cardtext import material_requirement
    from pysolver.cards.requirements import describe
    assert unread_clauses(real[NEOS_LORD]) == () and special_summon_limit(real[NEOS_LORD]) == "nomi"
    requirement = material_requirement(real[NEOS_LORD])
    assert describe(requirement.groups[0].filter, plural=False) == \
        '"Elemental HERO Neos" (or 1 Fusion Monster that mentions it)'
    assert '"Elemental HERO Neos"' in real["Elemental HERO Neos Knight"].text
    b = board(cards=real).hand("Polymerization", "Elemental HERO Neos").monster(1, "Elemental HERO Neos Knight") \
        .monster(2, "Sangan").extra_deck(NEOS_LORD)
    plays = both(b.build())
    assert _fusions(plays, NEOS_LORD) == set()
