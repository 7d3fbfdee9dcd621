"""Procedures, the revival limit and the turn's history: one test per dated ruling of seed 002 that the
vocabulary expresses (named after the ruling's date), plus the SP rules.

Each test is a position + `this_turn.events` -> plays that must be present or absent. Effect numbers
follow docs/position-format.md (a card's activated effects in text order): Hi-Speedroid Kendama's
Special Summon effect, "③" in the OCG text, is its effect 2.
"""

import pytest

from helpers import board, plays_of
from pysolver import PysolverError, apply, legal_plays

KENDAMA_SS = 2


def actions(position):
    return {p.action for p in legal_plays(position)}


def special_summons(position):
    return [p for p in legal_plays(position) if p.action in (
        "synchro_summon", "xyz_summon", "link_summon", "fusion_summon", "ritual_summon", "pendulum_summon",
        "procedure_summon") or (p.action == "activate" and p.positions)]


def kendama_in_graveyard(**events):
    b = board().graveyard("Hi-Speedroid Kendama").hand("Kuriboh")
    for event in events.get("events", ()):
        b.event(**event)
    return b


def kendama_activations(position):
    return [p for p in plays_of(position, "activate") if p.name == "Hi-Speedroid Kendama"]


# --- SP: procedures and the revival limit ------------------------------------------------------------

def test_sp_1_procedure_banishing_light_and_dark():
    b = board().hand("Chaos Emperor Dragon - Envoy of the End").graveyard("Celtic Guardian", "Mystical Elf",
                                                                          "Dark Magician", "Summoned Skull")
    plays = plays_of(b.build(), "procedure_summon")
    assert {p.cost for p in plays} == {("GY2", "GY3"), ("GY2", "GY4")}   # Mystical Elf is the only LIGHT
    nxt = apply(b.build(), plays[0])
    assert [c.card.name for c in nxt.me.banished] == ["Mystical Elf", "Dark Magician"]
    assert nxt.events[-1]["summon"] == "procedure" and nxt.normal_summon_used is False


def test_sp_1_exactly_three_dark_monsters():
    three = board().hand("Dark Armed Dragon").graveyard("Dark Magician", "Summoned Skull", "Archfiend Soldier")
    assert plays_of(three.build(), "procedure_summon")
    four = board().hand("Dark Armed Dragon").graveyard("Dark Magician", "Summoned Skull", "Archfiend Soldier",
                                                       "Skull Servant")
    assert plays_of(four.build(), "procedure_summon") == []


def test_sp_1_only_the_opponent_controls_a_monster():
    b = board().hand("Cyber Dragon")
    b.opponent.monster(1, "Kuriboh")
    assert plays_of(b.build(), "procedure_summon")
    assert plays_of(board().hand("Cyber Dragon").build(), "procedure_summon") == []
    mine = board().hand("Cyber Dragon").monster(1, "Sangan")
    mine.opponent.monster(1, "Kuriboh")
    assert plays_of(mine.build(), "procedure_summon") == []


def test_sp_1_discard_a_card_and_tribute_opponents_monsters():
    b = board().hand("The Tricky", "Pot of Greed", "Lava Golem")
    b.opponent.monster(1, "Kuriboh").monster(4, "Sangan")
    plays = plays_of(b.build(), "procedure_summon")
    assert {(p.card, p.cost) for p in plays} == {("H1", ("H2",)), ("H1", ("H3",)), ("H3", ("oM1", "oM4"))}
    golem = next(p for p in plays if p.card == "H3")
    assert golem.zones == ("oM1", "oM2", "oM3", "oM4", "oM5")
    nxt = apply(b.build(), golem, zone="oM4")
    assert nxt["oM4"].card.name == "Lava Golem" and [c.card.name for c in nxt.opponent.graveyard] == ["Kuriboh",
                                                                                                      "Sangan"]


def test_sp_2_nomi_monsters_are_never_revived_semi_nomi_once_properly_summoned():
    b = board().hand("Monster Reborn").graveyard("Chaos Emperor Dragon - Envoy of the End", "Chaos Sorcerer")
    b.graveyard("Black Luster Soldier - Envoy of the Beginning", properly_summoned=False)
    assert {p.target for p in plays_of(b.build(), "activate")} == {"GY2"}


def test_sp_3_revival_limit_of_extra_deck_and_ritual_monsters():
    b = board().hand("Monster Reborn").graveyard("Stardust Dragon", properly_summoned=False)
    b.graveyard("Black Rose Dragon").graveyard("Black Luster Soldier", properly_summoned=False)
    b.opponent.graveyard("Sangan")
    assert {p.target for p in plays_of(b.build(), "activate")} == {"GY2", "oGY1"}


def test_sp_3_call_of_the_haunted_own_graveyard_attack_position_not_the_turn_it_was_set():
    b = board().spell_trap(2, "Call of the Haunted", position="set").graveyard("Sangan")
    b.opponent.graveyard("Kuriboh")
    (play,) = plays_of(b.build(), "activate")
    assert play.target == "GY1" and play.positions == ("attack",)
    nxt = apply(b.build(), play, zone="M3")
    assert nxt["M3"].card.name == "Sangan" and nxt["S2"].state.face_up and nxt.events[-1]["summon"] == "special"
    fresh = board().spell_trap(2, "Call of the Haunted", position="set", set_this_turn=True).graveyard("Sangan")
    assert plays_of(fresh.build(), "activate") == []
    assert plays_of(board().hand("Call of the Haunted").graveyard("Sangan").build(), "activate") == []


def test_sp_3_apply_keeps_properly_summoned_through_the_graveyard():
    b = board().monster(1, "Junk Synchron").monster(2, "Celtic Guardian").extra_deck("Black Rose Dragon")
    b.monster(3, "Kuriboh").hand("Summoned Skull")
    position = b.build()
    after = apply(position, plays_of(position, "synchro_summon")[0], zone="M1")
    skull = next(p for p in plays_of(after, "normal_summon") if p.tributes == ("M1",))
    after = apply(after, skull)
    assert after.me.graveyard[-1].card.name == "Black Rose Dragon" and after.me.graveyard[-1].properly_summoned


# --- Oath on activation (OATH-1, OATH-2) ---------------------------------------------------------

def test_15_08_16_no_kendama_special_summon_after_a_normal_summon():
    plain = kendama_in_graveyard().build()
    assert kendama_activations(plain)
    after = kendama_in_graveyard(events=[{"summon": "normal", "card": "Sangan"}]).build()
    assert kendama_activations(after) == []


def test_oath_1_after_kendamas_activation_no_normal_summon():
    position = kendama_in_graveyard(events=[{"activate": "Hi-Speedroid Kendama", "effect": KENDAMA_SS}]).build()
    assert plays_of(position, "normal_summon") == plays_of(position, "set_monster") == []


def test_16_12_17_no_chaos_emperor_effect_after_another_activation():
    b = board().monster(1, "Chaos Emperor Dragon - Envoy of the End")
    assert [p.name for p in plays_of(b.build(), "activate")] == ["Chaos Emperor Dragon - Envoy of the End"]
    b.event(activate="Double Summon")
    assert plays_of(b.build(), "activate") == []


def test_14_12_14_kendama_activation_negated_normal_summon_still_allowed():
    position = kendama_in_graveyard(events=[{"activate": "Hi-Speedroid Kendama", "effect": KENDAMA_SS,
                                             "negated": "activation"}]).build()
    assert plays_of(position, "normal_summon")


def test_14_12_14_kendama_effect_negated_normal_summon_still_forbidden():
    position = kendama_in_graveyard(events=[{"activate": "Hi-Speedroid Kendama", "effect": KENDAMA_SS,
                                             "negated": "effect"}]).build()
    assert plays_of(position, "normal_summon") == []


def test_15_01_01_chaos_emperor_activation_negated_other_cards_may_be_activated():
    b = board().monster(1, "Chaos Emperor Dragon - Envoy of the End").hand("Monster Reborn").graveyard("Sangan")
    b.event(activate="Chaos Emperor Dragon - Envoy of the End", negated="activation")
    assert "Monster Reborn" in {p.name for p in plays_of(b.build(), "activate")}


def test_15_01_01_chaos_emperor_effect_negated_no_other_activation():
    b = board().monster(1, "Chaos Emperor Dragon - Envoy of the End").hand("Monster Reborn", "Stargazer Magician")
    b.graveyard("Sangan").event(activate="Chaos Emperor Dragon - Envoy of the End", negated="effect")
    position = b.build()
    assert plays_of(position, "activate") == [] and plays_of(position, "activate_scale") == []


def test_15_01_01_monster_reborn_activation_negated_chaos_emperor_may_activate():
    b = board().monster(1, "Chaos Emperor Dragon - Envoy of the End")
    b.event(activate="Monster Reborn", negated="activation")
    assert plays_of(b.build(), "activate")


def test_15_01_01_monster_reborn_effect_negated_no_chaos_emperor():
    b = board().monster(1, "Chaos Emperor Dragon - Envoy of the End")
    b.event(activate="Monster Reborn", negated="effect")
    assert plays_of(b.build(), "activate") == []


# --- Special Summon counting (CNT-1) ------------------------------------------------------------

def winda_board():
    b = board().monster(1, "El Shaddoll Winda").monster(2, "Junk Synchron").monster(3, "Celtic Guardian")
    return b.extra_deck("Black Rose Dragon").hand("Monster Reborn").graveyard("Sangan")


def test_cnt_1_winda_allows_one_special_summon():
    assert special_summons(winda_board().build())


def test_17_03_24_negated_procedure_summon_still_counts_under_winda():
    b = winda_board().event(summon="procedure", card="Cyber Dragon", negated=True)
    assert special_summons(b.build()) == []


def test_15_05_28_monster_reborn_effect_negated_counts_under_winda():
    b = winda_board().event(activate="Monster Reborn", negated="effect", target="Sangan")
    assert special_summons(b.build()) == []


def test_17_03_24_monster_reborn_activation_negated_does_not_count_under_winda():
    b = winda_board().event(activate="Monster Reborn", negated="activation")
    assert special_summons(b.build())


def test_winda_counts_only_the_turn_players_summons():
    b = winda_board().event(summon="special", card="Sangan", player=1)
    assert special_summons(b.build())


# --- "You can only Special Summon X once per turn" (CNT-2) ----------------------------------------

def test_18_03_08_negated_summon_uses_the_once_per_turn():
    b = board().monster(1, "Junk Synchron").monster(2, "Petit Dragon").extra_deck("Hi-Speedroid Chanbara")  # 3 + 2
    assert plays_of(b.build(), "synchro_summon")
    b.event(summon="synchro", card="Hi-Speedroid Chanbara", **{"from": "extra_deck"}, negated=True)
    assert plays_of(b.build(), "synchro_summon") == []


def test_17_03_24_call_of_the_haunted_effect_not_applied_uses_the_once_per_turn():
    b = board().hand("Monster Reborn").graveyard("Ritual Beast Tamer Lara")
    assert plays_of(b.build(), "activate")
    b.event(activate="Call of the Haunted", negated="effect", target="Ritual Beast Tamer Lara")
    assert plays_of(b.build(), "activate") == []


def test_17_03_24_monster_reborn_activation_negated_lara_may_come_again():
    b = board().hand("Monster Reborn").graveyard("Ritual Beast Tamer Lara")
    b.event(activate="Monster Reborn", negated="activation", target="Ritual Beast Tamer Lara")
    assert plays_of(b.build(), "activate")


def test_17_03_24_two_copies_in_one_pendulum_summon():
    b = board().spell_trap(1, "Dragonpulse Magician").spell_trap(5, "Flash Knight")   # scales 1 and 7
    b.hand("Ritual Beast Tamer Elder", "Ritual Beast Tamer Elder")
    sets = {p.cards for p in plays_of(b.build(), "pendulum_summon")}
    assert ("H1", "H2") in sets
    b.event(summon="pendulum", card="Ritual Beast Tamer Elder")
    assert plays_of(b.build(), "pendulum_summon") == []


# --- Special Summon oaths (Pot of Duality, The Monarchs Stormforth, Pilica) ------------------------

def duality(**event):
    b = board().hand("Pot of Duality").deck("Kuriboh", "Sangan", "Mystical Elf")
    if event:
        b.event(**event)
    return b


def test_done_when_no_pot_of_duality_after_a_special_summon():
    assert plays_of(duality().build(), "activate")
    assert plays_of(duality(summon="special", card="Sangan", **{"from": "graveyard"}).build(), "activate") == []


def test_done_when_no_special_summon_after_pot_of_duality():
    b = board().monster(1, "Junk Synchron").monster(2, "Celtic Guardian").extra_deck("Black Rose Dragon")
    b.hand("Monster Reborn", "Cyber Dragon").graveyard("Sangan").event(activate="Pot of Duality")
    b.opponent.monster(1, "Kuriboh")
    assert special_summons(b.build()) == []
    assert plays_of(b.build(), "normal_summon")        # Normal Summons stay allowed


def test_pot_of_duality_needs_three_cards_in_the_deck_and_once_per_turn():
    assert plays_of(board().hand("Pot of Duality").deck("Kuriboh").build(), "activate") == []
    assert plays_of(duality(activate="Pot of Duality", negated="activation").build(), "activate") == []


def test_pot_of_duality_resolution_is_recorded_not_simulated():
    position = duality().build()
    nxt = apply(position, plays_of(position, "activate")[0])
    assert nxt.events[-1]["activate"] == "Pot of Duality" and nxt.events[-1]["simulated"] is False
    assert nxt.me.hand == () and nxt.me.graveyard[0].card.name == "Pot of Duality"


def test_stormforth_not_after_a_negated_synchro_summon():
    b = board().hand("The Monarchs Stormforth")
    assert plays_of(b.build(), "activate")
    b.event(summon="synchro", card="Stardust Dragon", negated=True, **{"from": "extra_deck"})
    assert plays_of(b.build(), "activate") == []


def test_stormforth_not_after_polymerization_whose_effect_was_negated():
    b = board().hand("The Monarchs Stormforth").event(activate="Polymerization", negated="effect")
    assert plays_of(b.build(), "activate") == []


def test_stormforth_after_a_special_summon_not_from_the_extra_deck():
    b = board().hand("The Monarchs Stormforth").event(summon="procedure", card="Cyber Dragon")
    assert plays_of(b.build(), "activate")


def test_stormforth_forbids_extra_deck_summons_after_activation():
    b = board().monster(1, "Junk Synchron").monster(2, "Celtic Guardian").extra_deck("Black Rose Dragon")
    b.hand("Cyber Dragon").event(activate="The Monarchs Stormforth")
    b.opponent.monster(1, "Kuriboh")
    position = b.build()
    assert plays_of(position, "synchro_summon") == [] and plays_of(position, "procedure_summon") == []  # Cyber: I control


def test_pilica_oath_only_wind_monsters_after_activation():
    b = board().monster(1, "Junk Synchron").monster(2, "Mystical Elf").monster(3, "Kuriboh")
    b.extra_deck("Ancient Fairy Dragon", "Stardust Dragon")          # 3 + 4 = 7, 3 + 4 + 1 = 8
    assert {p.name for p in plays_of(b.build(), "synchro_summon")} == {"Ancient Fairy Dragon", "Stardust Dragon"}
    b.event(activate="Pilica, Descendant of Gusto")
    names = {p.name for p in plays_of(b.build(), "synchro_summon")}
    assert names == {"Stardust Dragon"}      # WIND; Ancient Fairy Dragon is LIGHT


# --- "After activation / for the rest of this turn" (OATH-3) ---------------------------------------

def test_15_10_16_eidos_second_effect_after_an_extra_deck_summon():
    b = board().graveyard("Eidos the Underworld Squire", "Edea the Heavenly Squire")
    b.event(summon="synchro", card="Stardust Dragon", **{"from": "extra_deck"})
    plays = [p for p in plays_of(b.build(), "activate") if p.name == "Eidos the Underworld Squire"]
    assert [(p.target, p.cost) for p in plays] == [("GY2", ("GY1",))]


def test_eidos_rest_of_turn_lock_applies_only_after_resolution():
    def synchros(**event):
        b = board().monster(1, "Junk Synchron").monster(2, "Celtic Guardian").extra_deck("Black Rose Dragon")
        b.event(activate="Eidos the Underworld Squire", effect=2, **event)
        return plays_of(b.build(), "synchro_summon")
    assert synchros() == []
    assert synchros(negated="effect") and synchros(negated="activation") and synchros(resolved=False)


def test_16_05_13_cipher_dragon_after_direct_attacks_in_main_phase_2():
    b = board(phase="main2").monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Blue-Eyes White Dragon"])
    b.monster(2, "Celtic Guardian", attacked=True)
    b.opponent.monster(1, "Kuriboh")
    (play,) = plays_of(b.build(), "activate")
    assert play.target == "oM1" and play.cost == ("M1.1",)


def test_cipher_dragon_resolution_forbids_other_direct_attacks():
    b = board(phase="battle").monster(1, "Galaxy-Eyes Cipher Dragon").monster(2, "Celtic Guardian")
    b.event(activate="Galaxy-Eyes Cipher Dragon")
    attacks = {(p.card, p.target) for p in plays_of(b.build(), "declare_attack")}
    assert attacks == {("M1", "direct")}


# --- "The turn you Special Summon this card" (OATH-4): Lava Golem ---------------------------------

def golem(**event):
    b = board().hand("Lava Golem", "Kuriboh")
    b.opponent.monster(1, "Sangan").monster(2, "Mystical Elf")
    if event:
        b.event(**event)
    return b.build()


def test_16_08_25_lava_golem_or_normal_summon_not_both():
    assert plays_of(golem(), "procedure_summon") and plays_of(golem(), "normal_summon")
    after_ns = golem(summon="normal", card="Sangan")
    assert plays_of(after_ns, "procedure_summon") == []
    after_golem = golem(summon="procedure", card="Lava Golem")
    assert plays_of(after_golem, "normal_summon") == [] and plays_of(after_golem, "set_monster") == []


def test_14_03_21_lava_golem_summon_negated_still_no_normal_summon():
    assert plays_of(golem(summon="procedure", card="Lava Golem", negated=True), "normal_summon") == []


def test_16_08_25_lava_golem_by_monster_reborn_forbids_the_normal_summon_too():
    position = golem(summon="special", card="Lava Golem", **{"from": "graveyard"})
    assert plays_of(position, "normal_summon") == []


def test_lava_golem_cannot_be_revived_after_a_normal_summon():
    b = board().hand("Monster Reborn").graveyard("Lava Golem").event(summon="normal", card="Sangan")
    assert plays_of(b.build(), "activate") == []


# --- Additional Normal Summons -----------------------------------------------------------------

def test_double_summon_gives_a_second_normal_summon():
    b = board(normal_summon_used=True).hand("Kuriboh")
    assert plays_of(b.build(), "normal_summon") == []
    b.event(summon="normal", card="Sangan").event(activate="Double Summon")
    assert plays_of(b.build(), "normal_summon") and plays_of(b.build(), "set_monster")
    b.event(summon="set", card="Mystical Elf")
    assert plays_of(b.build(), "normal_summon") == []


def test_eidos_grants_one_additional_tribute_summon():
    b = board().hand("Summoned Skull", "Kuriboh").monster(1, "Eidos the Underworld Squire")
    b.event(summon="normal", card="Eidos the Underworld Squire").event(activate="Eidos the Underworld Squire")
    position = b.build()
    assert [(p.card, p.tributes) for p in plays_of(position, "normal_summon")] == [("H1", ("M1",))]
    assert plays_of(position, "set_monster") == []


def test_ritual_beast_tamer_elder_grants_a_ritual_beast_normal_summon():
    b = board().hand("Ritual Beast Tamer Lara", "Kuriboh").monster(1, "Ritual Beast Tamer Elder")
    b.event(summon="normal", card="Ritual Beast Tamer Elder")
    assert [p.card for p in plays_of(b.build(), "normal_summon")] == ["H1"]


# --- Fail closed -------------------------------------------------------------------------------

def test_an_event_whose_clause_pysolver_cannot_read_is_an_error():
    b = board().event(activate="Sangan")
    with pytest.raises(PysolverError, match="Sangan"):
        legal_plays(b.build())


def test_a_procedure_pysolver_cannot_read_withholds_its_plays():
    plays = legal_plays(board().hand("Unknown Synchron", "Kuriboh").build())
    assert not plays.exhaustive and {u.card for u in plays.unread} == {"Unknown Synchron"}
    assert not any("H1" in play.uses() for play in plays)
    assert ("normal_summon", "H2") in {(play.action, play.card) for play in plays}
