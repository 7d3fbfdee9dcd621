"""Targeting protections: what a card's own text forbids effects to target (docs/targeting-rules.md TGT-1..TGT-6),
and the "same Chain" sentences (CHN-1). Real cards: the built-in pool holds one card of each wording read;
the reading over the whole card database runs when ../shared/data/cards.cdb is present."""

from __future__ import annotations

from helpers import board
from pysolver import legal_plays
from pysolver.cards import protections
from pysolver.cards.reading import unread_clauses
from pysolver.reference.plays import legal_plays as reference_plays
from pysolver.solve.why import why


def cipher_board(*materials: str, **options):
    """The turn player's Galaxy-Eyes Cipher Dragon with Xyz Material: "detach 1 material from this card, then
    target 1 face-up monster your opponent controls" (a monster effect)."""
    return board(**options).monster(1, "Galaxy-Eyes Cipher Dragon", materials=list(materials or ["Kuriboh"]))


def targets(position, card: str = "M1") -> set[str]:
    """The targets of `card`'s activations; the solver and the reference must agree, and the answer is complete."""
    solver = {p.target for p in legal_plays(position, all_instances=True) if p.action == "activate" and p.card == card}
    reference = {p.target for p in reference_plays(position, all_instances=True)
                 if p.action == "activate" and p.card == card}
    assert solver == reference
    assert legal_plays(position).exhaustive
    return solver


# --------------------------------------------------------------------------------------------------
# TGT-5: a protected card is not a target; TGT-1: who is bound

def test_tgt_5_hazy_flame_sphynx_is_no_target_of_galaxy_eyes_cipher_dragon():
    b = cipher_board()
    b.opponent.monster(1, "Hazy Flame Sphynx").monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM2"}


def test_tgt_5_the_first_darklord_protects_every_fairy_its_controller_has_so_cipher_dragon_cannot_activate():
    b = cipher_board()
    b.opponent.monster(1, "The First Darklord").monster(2, "Mokey Mokey")
    position = b.build()
    assert targets(position) == set()
    (answer,) = why(position, "M1", "activate").answers
    assert any(reason.rule == "TGT-5" for group in answer.reasons for reason in group)


def test_tgt_1_lord_of_d_of_the_turn_player_binds_the_turn_player_too():
    """"Dragon-Type monsters on the field cannot be targeted by card effects": neither player, either side."""
    b = cipher_board().monster(2, "Lord of D.")
    b.opponent.monster(1, "Blue-Eyes White Dragon").monster(2, "Dark Magician")
    assert targets(b.build()) == {"oM2"}


def test_tgt_1_the_first_darklord_of_the_turn_player_does_not_protect_the_opponents_fairies():
    """"Your opponent cannot target Fairy monsters you control": its controller's monsters, from its opponent."""
    b = cipher_board().monster(2, "The First Darklord")
    b.opponent.monster(1, "Mokey Mokey")
    assert targets(b.build()) == {"oM1"}


# --------------------------------------------------------------------------------------------------
# TGT-2: face-up with its effects applying

def test_tgt_2_a_negated_hazy_flame_sphynx_protects_nothing():
    b = cipher_board()
    b.opponent.monster(1, "Hazy Flame Sphynx", restrictions=["effects_negated"])
    assert targets(b.build()) == {"oM1"}


def test_tgt_2_a_face_down_witchcrafter_haine_protects_no_other_spellcaster():
    b = cipher_board()
    b.opponent.monster(1, "Witchcrafter Haine", position="set").monster(2, "Dark Magician")
    assert targets(b.build()) == {"oM2"}


def test_tgt_2_terrors_in_the_hidden_city_protects_only_face_down_monsters_while_face_up():
    b = cipher_board()
    b.opponent.monster(1, "Dark Magician").spell_trap(1, "Terrors in the Hidden City", position="face_up")
    assert targets(b.build()) == {"oM1"}     # Cipher Dragon targets face-up monsters: none of those is protected


# --------------------------------------------------------------------------------------------------
# TGT-3: what is protected

def test_tgt_3_witchcrafter_haine_protects_the_other_spellcasters_not_itself():
    b = cipher_board()
    b.opponent.monster(1, "Witchcrafter Haine").monster(2, "Dark Magician").monster(3, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM3"}


def test_tgt_3_brotherhood_of_the_fire_fist_swallow_protects_face_up_beast_warriors_itself_included():
    b = cipher_board()
    b.opponent.monster(1, "Brotherhood of the Fire Fist - Swallow").monster(2, "Beaver Warrior") \
        .monster(3, "Celtic Guardian")
    assert targets(b.build()) == {"oM3"}


# --------------------------------------------------------------------------------------------------
# TGT-4: whose effects

def test_tgt_4_secret_guards_of_the_ice_barrier_stops_monster_effects_on_ice_barrier_monsters():
    b = cipher_board()
    b.opponent.monster(1, "Secret Guards of the Ice Barrier").monster(2, "Trishula, Dragon of the Ice Barrier") \
        .monster(3, "Dark Magician")
    assert targets(b.build()) == {"oM3"}


def test_tgt_4_drytron_meteonis_quadrantids_stops_spells_and_traps_not_a_monster_effect():
    b = cipher_board()
    b.opponent.monster(1, "Drytron Meteonis Quadrantids")
    assert targets(b.build()) == {"oM1"}


def test_tgt_4_time_pendulumgraph_stops_trap_effects_not_a_monster_effect():
    b = cipher_board()
    b.opponent.monster(1, "Dark Magician").spell_trap(1, "Time Pendulumgraph", position="face_up")
    assert targets(b.build()) == {"oM1"}


def test_tgt_4_jurrac_titano_cannot_be_targeted_by_trap_or_monster_effects():
    b = cipher_board()
    b.opponent.monster(1, "Jurrac Titano").monster(2, "Kuriboh")
    assert targets(b.build()) == {"oM2"}


# --------------------------------------------------------------------------------------------------
# TGT-5 in the GY, TGT-6, CHN-1

def test_tgt_5_monster_reborn_revives_hazy_flame_sphynx_from_the_gy_its_protection_is_on_the_field_only():
    b = board().hand("Monster Reborn")
    b.opponent.graveyard("Hazy Flame Sphynx")
    position = b.build()
    assert targets(position, "H1") == {"oGY1"}


def test_tgt_6_blue_eyes_chaos_max_dragon_reads_whole_its_destruction_half_constrains_no_play():
    card = board().build().cards["Blue-Eyes Chaos MAX Dragon"]
    sentence = ("Your opponent cannot target this card with card effects, also it cannot be destroyed by your "
                "opponent's card effects.")
    assert sentence in protections.read_sentences(card)
    assert unread_clauses(card) == ()
    b = cipher_board()
    b.opponent.monster(1, "Blue-Eyes Chaos MAX Dragon")
    assert targets(b.build()) == set()


def test_chn_1_zenmaiday_same_chain_sentence_is_read_and_no_longer_refuses_the_position():
    card = board().build().cards["Zenmaiday"]
    assert unread_clauses(card) == ()
    position = cipher_board().spell_trap(1, "Zenmaiday", position="face_up").build()
    plays = legal_plays(position)
    assert plays.exhaustive and not plays.unread


# --------------------------------------------------------------------------------------------------
# The wordings: conditions and other exceptions stay unread

def test_tgt_conditions_and_other_exceptions_stay_unread():
    card = board().build().cards["Hazy Flame Sphynx"]
    for sentence in ("While you control a Set card, your opponent cannot target this card with card effects.",
                     "Your opponent cannot target \"Super Quant\" cards on the field with card effects during your Main "
                     "Phase 1.",
                     "Your opponent cannot target this card with card effects, except during your Battle Phase.",
                     # 'other "Amazoness" cards you control' is read now (docs/lock-rules.md LKP-4); not in the GY
                     "Your opponent cannot target other \"Amazoness\" cards in your GY with card effects.",
                     # "co-linked monsters you control" is read now (docs/lock-rules.md LKQ-1); Transcode Talker's
                     # sentence, with its gain of ATK, is not
                     "While this card is co-linked, it and its co-linked monsters gain 500 ATK, also your opponent "
                     "cannot target any of them with card effects.",
                     "Your opponent cannot target face-up Spells you control with card effects.",
                     "It cannot be targeted by an opponent's card effects."):    # "it": not said to be this card
        assert protections.read_sentence(sentence, card) is None, sentence
    (found,) = protections.read_sentence("Your opponent cannot target other \"Ritual Beast\" monsters you control "
                                         "with card effects.", card)
    assert (found.whom, found.scope, found.other) == ("opponent", "own", True)
    # now read (docs/targeting-rules.md PRC-2, PRC-3, PRC-4; tests/solve/test_rules_protection_conditions.py)
    (found,) = protections.read_sentence("While you control another \"Darklord\" monster, your opponent cannot target "
                                         "this card with card effects.", card)
    assert (found.scope, found.presence.where, found.presence.other) == ("self", "own", True)
    (found,) = protections.read_sentence("Your opponent cannot target \"Traptrix\" monsters you control, except "
                                         "\"Traptrix Rafflesia\", with card effects.", card)
    assert str(found.except_named) == '"Traptrix Rafflesia"'
    assert protections.read_sentence("Your opponent cannot target Link-4 or higher monsters you control with card "
                                     "effects, also they cannot be destroyed by battle.", card)


def test_tgt_the_real_database_protections_are_read_whole(real):
    read = [(card, sentence) for card in real for sentence in protections.protections(card).sentences]
    assert len(read) >= 80
    for card, sentence in read:
        assert sentence not in {u.clause for u in unread_clauses(card)}
        for found in protections.protections(card).protections:
            assert found.whom in ("opponent", "both") and found.kinds
            assert (found.filter is None) == (found.scope == "self"), (card.name, sentence)
        assert "While you control" not in sentence or sentence.startswith(('While you control "', 'While you control '
                                                                            'this Fusion Summoned card')) \
            or any(found.presence is not None for found in protections.protections(card).protections)   # EDL-4, PRC-2
        assert "except during" not in sentence or sentence.endswith(("except during your Main Phase 2.",
                                                                      "except during the Battle Phase."))
    chains = [card for card in real if any("in the same Chain" in s for s in protections.read_sentences(card))]
    assert len(chains) >= 8 and all(not any("same Chain" in u.clause for u in unread_clauses(c)) for c in chains)


# --------------------------------------------------------------------------------------------------
# TGT-2: the conditions read

def test_tgt_2_evolzar_lars_is_protected_from_monster_effects_only_while_it_has_material():
    b = cipher_board()
    b.opponent.monster(1, "Evolzar Lars", materials=["Kuriboh"]).monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM2"}
    b = cipher_board()
    b.opponent.monster(1, "Evolzar Lars").monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM2"}


def test_tgt_2_leo_the_keeper_of_the_sacred_tree_is_protected_in_the_turn_players_main_phase_2():
    """"except during your Main Phase 2": its controller's; in the opponent's turn it is always protected."""
    for phase in ("main1", "main2"):
        b = cipher_board(phase=phase)
        b.opponent.monster(1, "Leo, the Keeper of the Sacred Tree")
        assert targets(b.build()) == set()


def test_tgt_2_leo_of_the_turn_player_binds_only_the_opponent(real):
    b = board(cards=real, phase="main2").monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"]) \
        .monster(2, "Leo, the Keeper of the Sacred Tree")
    b.opponent.monster(1, "UFOLight")      # "except during the Battle Phase": activations are in a Main Phase
    assert targets(b.build()) == set()


def test_tgt_3_archfiends_call_protects_any_summoned_skull_its_controller_has(real):
    b = board(cards=real).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"])
    b.opponent.monster(1, "Archfiend's Call").monster(2, "Summoned Skull").monster(3, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM3"}


def test_tgt_3_kewl_tune_loudness_war_other_tuners_the_destruction_half_names_them(real):
    card = real["Kewl Tune Loudness War"]
    (found,) = protections.protections(card).protections
    assert (found.whom, found.scope, found.other, str(found.filter)) == ("opponent", "own", True, "Tuner")
    b = board(cards=real).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"])
    b.opponent.monster(1, "Kewl Tune Loudness War").monster(2, "Junk Synchron").monster(3, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM3"}
