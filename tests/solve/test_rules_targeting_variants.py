"""Targeting protections of other shapes (docs/targeting-rules.md TGX-1..TGX-5): the monsters a Link Monster points to,
the cards in the Field Zones, "A or B" as what is protected (the same Attribute as this card; the cards of the opponent
on the field, in the GY and banished), "the effects of <monsters>", and the leads "While there are 2 cards in the Field
Zones," / "If you have a(n) <monster> in your GY,". Real cards of the card database (../shared/data/cards.cdb); every
answer is compared with the independent reference enumerator, and is exhaustive."""

from __future__ import annotations

from helpers import board
from pysolver import legal_plays
from pysolver.cards.protections import protections
from pysolver.cards.reading import unread_clauses
from pysolver.reference.plays import legal_plays as reference_plays
from pysolver.solve.why import why


def agreed(position) -> set:
    """(action, card, target) of every play; the reference lists the same, and the answer is exhaustive."""
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    assert solver.exhaustive, (solver.reason, solver.unread)
    return {(p.action, p.card, p.target) for p in solver}


def targets(position, card: str = "M1") -> set:
    return {target for action, who, target in agreed(position) if action == "activate" and who == card}


def cipher(real):
    """The turn player's Galaxy-Eyes Cipher Dragon (Rank 8, an Effect Monster) with Xyz Material: it targets a face-up
    monster the opponent controls (a monster effect)."""
    return board(cards=real).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"])


READ = ("Spright Elf", "Honeybot", "Mermail King - Neptabyss", "T.G. Trident Launcher", "Simorgh, Bird of Sovereignty",
        "Ukanomitsune-no-Onari", "Mudragon of the Swamp", "Saint Azamina", "Turbo Warrior",
        "Gaia Drake, the Universal Force", "Jungle Dweller", "Cyber Eternity Dragon")


def test_tgx_the_sentences_are_read_whole(real):
    for name in READ:
        assert not unread_clauses(real[name]), name
    scopes = {name: [(p.scope, str(p.filter) if p.scope != "self" else None) for p in protections(real[name]).protections]
              for name in READ}
    assert scopes["Spright Elf"] == [("points", "monster")]
    assert scopes["Mermail King - Neptabyss"] == [("points", "WATER monster")]
    assert scopes["T.G. Trident Launcher"] == [("points", '"T.G." Synchro Monster')]
    assert scopes["Simorgh, Bird of Sovereignty"] == [("self", None), ("points", "Winged Beast monster")]
    assert scopes["Ukanomitsune-no-Onari"] == [("field_zones", "monster")]
    assert [s for s, _ in scopes["Mudragon of the Swamp"]] == ["self", "same_attribute"]
    assert [s for s, _ in scopes["Saint Azamina"]] == ["their_cards", "self"]
    (turbo,) = protections(real["Turbo Warrior"]).protections
    assert (turbo.whom, turbo.kinds, str(turbo.source)) == ("both", frozenset({"monster"}), "Level 6 or lower monster")
    (gaia,) = protections(real["Gaia Drake, the Universal Force"]).protections
    assert (gaia.whom, gaia.kinds, str(gaia.source)) == ("both", frozenset({"monster"}), "Effect Monster")
    assert protections(real["Jungle Dweller"]).protections[0].presence.where == "field_zones_full"
    assert protections(real["Cyber Eternity Dragon"]).protections[0].presence.where == "own_gy"
    # the pieces around them stay unread: "co-linked" (Groza, Tyrant of Thunder's bullet of an activated effect is
    # LKS-1's, docs/lock-rules.md: tests/solve/test_rules_lks.py)
    for name in ("Transcode Talker",):
        assert any("target" in u.clause for u in unread_clauses(real[name])), name
    # "the equipped monster" of a Monster Card: read as applying in no position (EQP-1), protecting nothing
    for name in ("Fiendsmith's Sequence", "Xyz Armor Torpedo"):
        assert not unread_clauses(real[name]) and not protections(real[name]).protections, name


# --------------------------------------------------------------------------------------------------
# TGX-1: "<monsters> this card points to" (any monster, of either player, in a zone one of its arrows points to)

def test_tgx_1_spright_elf_protects_the_monsters_it_points_to(real):
    # Spright Elf (arrows Bottom-Left, Bottom-Right) in oEMZL, over its controller's zone 4: their zones 3 and 5
    b = cipher(real)
    b.opponent.monster("left", "Spright Elf").monster(3, "Celtic Guardian").monster(1, "Dark Magician")
    assert targets(b.build()) == {"oEMZL", "oM1"}
    b = cipher(real).monster(2, "Spright Elf")     # the turn player's: it binds only its controller's opponent
    b.opponent.monster(1, "Celtic Guardian")
    assert targets(b.build()) == {"oM1"}


def test_tgx_1_mermail_king_neptabyss_protects_only_the_water_monsters_it_points_to(real):
    b = cipher(real)                              # arrows BL, B, BR from oEMZL: their zones 3, 4, 5
    b.opponent.monster("left", "Mermail King - Neptabyss").monster(3, "7 Colored Fish").monster(4, "Celtic Guardian")
    b.opponent.monster(1, "7 Colored Fish")
    assert targets(b.build()) == {"oEMZL", "oM4", "oM1"}


def test_tgx_1_t_g_trident_launcher_protects_the_t_g_synchro_monsters_it_points_to(real):
    b = cipher(real)
    b.opponent.monster("left", "T.G. Trident Launcher").monster(3, "T.G. Hyper Librarian").monster(4, "T.G. Rush Rhino")
    assert targets(b.build()) == {"oEMZL", "oM4"}


def test_tgx_1_simorgh_protects_itself_and_the_winged_beasts_it_points_to(real):
    b = cipher(real)
    b.opponent.monster("left", "Simorgh, Bird of Sovereignty").monster(3, "Harpie Lady").monster(4, "Celtic Guardian")
    b.opponent.monster(1, "Harpie Lady")
    assert targets(b.build()) == {"oM4", "oM1"}
    b = cipher(real)                               # negated: no protection (TGT-2)
    b.opponent.monster("left", "Simorgh, Bird of Sovereignty", restrictions=["effects_negated"])
    b.opponent.monster(3, "Harpie Lady")
    assert targets(b.build()) == {"oEMZL", "oM3"}


# --------------------------------------------------------------------------------------------------
# TGX-3: "this card, or monsters on the field with the same Attribute as this card"; "cards in their field, GY, or
# banishment, or this card on the field"

def test_tgx_3_mudragon_protects_itself_and_every_water_monster_on_the_field(real):
    b = cipher(real)
    b.opponent.monster(1, "Mudragon of the Swamp").monster(2, "7 Colored Fish").monster(3, "Celtic Guardian")
    assert targets(b.build()) == {"oM3"}


def test_tgx_3_saint_azamina_protects_the_turn_players_own_cards_in_the_gy(real):
    """Its controller's opponent (the turn player) cannot target their own cards on the field, in the GY or banished:
    Monster Reborn revives only from the other GY; Eidos the Underworld Squire has no target left."""
    b = board(cards=real).hand("Monster Reborn").graveyard("Celtic Guardian")
    b.opponent.monster(1, "Saint Azamina").graveyard("Dark Magician")
    assert targets(b.build(), "H1") == {"oGY1"}
    b = board(cards=real).hand("Monster Reborn").graveyard("Celtic Guardian")
    b.opponent.graveyard("Dark Magician")
    assert targets(b.build(), "H1") == {"GY1", "oGY1"}
    b = board(cards=real).graveyard("Eidos the Underworld Squire", "Edea the Heavenly Squire")
    b.opponent.monster(1, "Celtic Guardian")
    assert targets(b.build(), "GY1") == {"GY2"}
    b = board(cards=real).graveyard("Eidos the Underworld Squire", "Edea the Heavenly Squire")
    b.opponent.monster(1, "Saint Azamina")
    assert targets(b.build(), "GY1") == set()
    b = cipher(real)                               # on the field: itself, not the other monsters of its controller
    b.opponent.monster(1, "Saint Azamina").monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM2"}
    b = board(cards=real).hand("Monster Reborn").graveyard("Celtic Guardian").monster(1, "Saint Azamina")
    assert targets(b.build(), "H1") == {"GY1"}      # the turn player's own Saint Azamina binds only the opponent


# --------------------------------------------------------------------------------------------------
# TGX-4: "the effects of <monsters>" (the activated monster's kind)

def test_tgx_4_turbo_warrior_is_targeted_by_a_rank_8_monster_gaia_drake_is_not(real):
    b = cipher(real)                               # Cipher Dragon has a Rank, no Level: not "Level 6 or lower"
    b.opponent.monster(1, "Turbo Warrior")
    assert targets(b.build()) == {"oM1"}
    b = cipher(real)                               # Cipher Dragon is an Effect Monster
    b.opponent.monster(1, "Gaia Drake, the Universal Force").monster(2, "Celtic Guardian")
    position = b.build()
    assert targets(position) == {"oM2"}
    b = cipher(real)
    b.opponent.monster(1, "Gaia Drake, the Universal Force")
    (answer,) = why(b.build(), "M1", "activate").answers
    assert any(reason.rule == "TGX-4" for group in answer.reasons for reason in group)


# --------------------------------------------------------------------------------------------------
# TGX-5: "While there are 2 cards in the Field Zones, "; "If you have a Machine Fusion Monster(s) in your GY, "

def test_tgx_5_jungle_dweller_while_both_field_zones_hold_a_card(real):
    b = cipher(real)
    b.opponent.monster(1, "Jungle Dweller").monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM2"}
    b = cipher(real).field_spell("Sogen")
    b.opponent.monster(1, "Jungle Dweller").monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM2"}
    b = cipher(real).field_spell("Sogen")
    b.opponent.monster(1, "Jungle Dweller").monster(2, "Celtic Guardian").field_spell("Yami", position="set")
    assert targets(b.build()) == {"oM2"}


def test_tgx_5_cyber_eternity_dragon_while_its_controller_has_a_machine_fusion_in_the_gy(real):
    b = cipher(real).graveyard("Cyber Twin Dragon")        # the turn player's GY: not its controller's
    b.opponent.monster(1, "Cyber Eternity Dragon").graveyard("Cyber Dragon")
    assert targets(b.build()) == {"oM1"}
    b = cipher(real)
    b.opponent.monster(1, "Cyber Eternity Dragon").monster(2, "Celtic Guardian").graveyard("Cyber Twin Dragon")
    assert targets(b.build()) == {"oM2"}


# --------------------------------------------------------------------------------------------------
# TGX-6: a destruction under a condition constrains no play

def test_tgx_6_centur_ion_primera_primus_battle_sentence_is_read_and_it_can_be_attacked(real):
    card = real["Centur-Ion Primera Primus"]
    assert not unread_clauses(card)
    b = board(cards=real, turn=3, phase="battle").monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Centur-Ion Primera Primus")
    assert {(a, t) for a, _, t in agreed(b.build()) if a == "declare_attack"} == {("declare_attack", "oM1")}


# --------------------------------------------------------------------------------------------------
# TGX-7: the opponent's responses to a Summon; TGX-8: "..., you can target ... instead." goes on with an activated effect

def test_tgx_7_responses_to_a_summon_are_read_and_forbid_no_play(real):
    for name in ("Clown Crew Meteor", "Stellarknight Delteros", "Flame Swordsrealm", "GMX Lab #5", "Fabled Realm's Revival"):
        assert not unread_clauses(real[name]), name
    b = board(cards=real).hand("Summoned Skull").monster(1, "Kuriboh")
    b.opponent.monster(1, "Clown Crew Meteor")
    assert {(a, c) for a, c, _ in agreed(b.build()) if a == "normal_summon"} == {("normal_summon", "H1")}
    b = board(cards=real).hand("Summoned Skull").monster(1, "Kuriboh").monster(2, "Clown Crew Meteor")
    assert {(a, c) for a, c, _ in agreed(b.build()) if a == "normal_summon"} == {("normal_summon", "H1")}


def test_tgx_8_blue_eyes_alternative_ultimate_dragon_the_instead_sentence_belongs_to_its_effect(real):
    from pysolver.cards.sentences import sentences
    card = real["Blue-Eyes Alternative Ultimate Dragon"]
    assert not unread_clauses(card)
    instead = [s for s in sentences(card) if s.text.endswith("you can target up to 3 cards your opponent controls instead.")]
    assert len(instead) == 1 and instead[0].activated
    b = cipher(real)
    b.opponent.monster(1, "Blue-Eyes Alternative Ultimate Dragon").monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM2"}


# TGX-9: "you can select ... and change its battle position / Special Summon it" are effects of the old wording
def test_tgx_9_junk_gardna_and_lightning_tricorn_old_wording_effects_are_activated(real):
    from pysolver.cards.sentences import sentences
    for name in ("Junk Gardna", "Lightning Tricorn"):
        card = real[name]
        assert not unread_clauses(card), name
        assert all(s.activated for s in sentences(card) if "you can select" in s.text), name
    b = board(cards=real).monster(1, "Junk Synchron").monster(2, "Sangan").extra_deck("Junk Gardna")
    assert {(a, c) for a, c, _ in agreed(b.build()) if a == "synchro_summon"} == {("synchro_summon", "ED1")}
