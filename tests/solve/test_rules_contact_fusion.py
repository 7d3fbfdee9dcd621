"""Contact Fusions (SP-1, SP-2; engine-rules.md §4.6 "Contact Fusion"): an Extra Deck monster that "Must (first)
be Special Summoned (from your Extra Deck) by banishing / shuffling / sending / Tributing the above cards ..." is
a `procedure_summon` from the Extra Deck whose `cost` is the cards of its material line. Real cards of the card
database (../shared/data/cards.cdb); every answer is checked against the independent reference, and every
position a play leads to against the reference applier and the step-indexed transition (asp/transition.lp)."""

from __future__ import annotations


from helpers import applied, board
from pysolver import legal_plays
from pysolver.cards.effects import ContactFusion, contact_fusion
from pysolver.cards.reading import unread_clauses
from pysolver.position.apply import apply
from pysolver.reference.plays import legal_plays as reference_plays
from pysolver.solve.why import why


def contacts(position) -> set:
    """The Contact Fusions (card, cost) of every instance, as the solver lists them; the reference must agree
    on every play of the position."""
    solver = legal_plays(position, all_instances=True)
    reference = reference_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference}
    assert not solver.unread
    return {(p.card, p.cost) for p in solver if p.action == "procedure_summon"}


def only_play(position, card="ED1"):
    (play,) = [p for p in legal_plays(position, all_instances=True) if p.action == "procedure_summon" and p.card == card]
    return play


def gyzarus_board(real, rules=5):
    return board(rules=rules, cards=real).extra_deck("Gladiator Beast Gyzarus")


# --- the reader ---------------------------------------------------------------------------------------

def test_sp_1_contact_fusion_forms_are_read_as_data(real):
    assert contact_fusion(real["Gladiator Beast Gyzarus"]) == ContactFusion("shuffle", ("field",), True)
    assert contact_fusion(real["VW-Tiger Catapult"]) == ContactFusion("banish", ("field",), True)
    assert contact_fusion(real["ABC-Dragon Buster"]) == ContactFusion("banish", ("field", "graveyard"), True)
    assert contact_fusion(real["Secret Six Samurai - Rihan"]) == ContactFusion("send", ("field",), True)
    assert contact_fusion(real["Dinoster Power, the Mighty Dracoslayer"]) == ContactFusion("tribute", ("field",), True)
    assert contact_fusion(real["Chimeratech Fortress Dragon"]) == ContactFusion("send", ("field", "opponent_field"),
                                                                                True)
    assert contact_fusion(real["Phantom of Yubel"]) == ContactFusion("shuffle", ("hand", "field", "graveyard"), False)
    assert contact_fusion(real["Elder Entity N'tss"]) == ContactFusion("send", ("field",), False)
    assert contact_fusion(real["Flame Swordsman"]) is None                 # a Fusion Monster of Polymerization
    for name in ("Gladiator Beast Gyzarus", "Elemental HERO Aqua Neos", "ABC-Dragon Buster", "Phantom of Yubel"):
        assert unread_clauses(real[name]) == ()


def test_sp_1_contact_forms_not_read_stay_unread(real):
    """"During a Duel you Special Summoned ...": not read, the card stays unread (its plays withheld). (Tuners with a
    Level difference are PRY-1's procedures, "1 each from your field and GY" PRY-2's, "with the above original names"
    PRY-10's.)"""
    for name in ("Armed Dragon Catapult Cannon", "Ultimate Crystal Rainbow Dragon Overdrive"):
        assert contact_fusion(real[name]) is None and unread_clauses(real[name]), name


# --- SP-1: the procedure ------------------------------------------------------------------------------

def test_sp_1_gyzarus_shuffles_the_above_cards_you_control_into_the_deck(real):
    position = gyzarus_board(real).monster(1, "Gladiator Beast Bestiari").monster(2, "Gladiator Beast Darius") \
        .build()
    assert contacts(position) == {("ED1", ("M1", "M2"))}
    play = only_play(position)
    assert play.zones == ("EMZL", "EMZR", "M1", "M2", "M3", "M4", "M5") and play.positions == ("attack", "defense")
    after = applied(position, play, zone="M3", battle_position="defense")
    assert after["M3"].card.name == "Gladiator Beast Gyzarus" and after["M3"].state.position == "defense"
    assert after["M3"].state.properly_summoned and after.me.extra_deck == ()
    assert sorted(c.name for c in after.me.deck) == ["Gladiator Beast Bestiari", "Gladiator Beast Darius"]
    assert after.events[-1]["summon"] == "procedure" and after.events[-1]["from"] == "extra_deck"
    assert not after.normal_summon_used


def test_sp_1_contact_fusion_needs_no_polymerization_and_is_not_a_fusion_summon(real):
    position = gyzarus_board(real).hand("Polymerization").monster(1, "Gladiator Beast Bestiari") \
        .monster(2, "Gladiator Beast Darius").build()
    plays = legal_plays(position)
    assert {p.action for p in plays if p.card == "ED1"} == {"procedure_summon"}
    assert apply(position, only_play(position)).me.hand[0].name == "Polymerization"


def test_sp_1_a_missing_material_means_no_contact_fusion(real):
    both_bestiari = gyzarus_board(real).monster(1, "Gladiator Beast Bestiari").monster(2, "Gladiator Beast Bestiari")
    assert contacts(both_bestiari.build()) == {("ED1", ("M1", "M2"))}     # the second one is a "Gladiator Beast"
    no_bestiari = gyzarus_board(real).monster(1, "Gladiator Beast Darius").monster(2, "Gladiator Beast Darius")
    assert contacts(no_bestiari.build()) == set()
    other = gyzarus_board(real).monster(1, "Gladiator Beast Bestiari").monster(2, "Cyber Dragon")
    assert contacts(other.build()) == set()


def test_sp_1_you_control_means_the_field_face_down_monsters_too(real):
    """"The above cards you control": the engine's pool is the field (LOCATION_ONFIELD), face-down monsters
    included; a card in the hand or the GY is not one you control."""
    face_down = gyzarus_board(real).monster(1, "Gladiator Beast Bestiari", position="set") \
        .monster(2, "Gladiator Beast Darius", position="defense")
    assert contacts(face_down.build()) == {("ED1", ("M1", "M2"))}
    hand = gyzarus_board(real).monster(1, "Gladiator Beast Bestiari").hand("Gladiator Beast Darius") \
        .graveyard("Gladiator Beast Darius")
    assert contacts(hand.build()) == set()


def test_fus_2_no_fusion_substitute_in_a_contact_fusion(real):
    """King of the Swamp may replace a named Fusion Material in a Fusion Summon only: the engine turns
    substitutes off for Contact Fusions (FUSPROC_CONTACTFUS)."""
    position = gyzarus_board(real).monster(1, "King of the Swamp").monster(2, "Gladiator Beast Darius").build()
    assert contacts(position) == set()
    fusion = board(cards=real).hand("Polymerization", "Flame Manipulator").monster(1, "King of the Swamp") \
        .extra_deck("Flame Swordsman").build()
    assert any(p.action == "fusion_summon" for p in legal_plays(fusion))


def test_sp_2_only_from_the_face_down_extra_deck_and_only_in_the_main_phase(real):
    b = board(cards=real, phase="battle").monster(1, "Gladiator Beast Bestiari").monster(2, "Gladiator Beast Darius") \
        .extra_deck("Gladiator Beast Gyzarus")
    assert contacts(b.build()) == set()
    main2 = board(cards=real, phase="main2").monster(1, "Gladiator Beast Bestiari") \
        .monster(2, "Gladiator Beast Darius").extra_deck("Gladiator Beast Gyzarus")
    assert contacts(main2.build()) == {("ED1", ("M1", "M2"))}


def test_sp_2_a_special_summon_lock_forbids_it(real):
    """Qliphort Scout as a Pendulum Scale: "You cannot Special Summon monsters, except "Qli" monsters"."""
    position = gyzarus_board(real).spell_trap(1, "Qliphort Scout").monster(1, "Gladiator Beast Bestiari") \
        .monster(2, "Gladiator Beast Darius").build()
    assert contacts(position) == set()


def test_oath_1_no_special_summon_from_the_extra_deck_after_such_an_oath(real):
    events = [{"activate": "Pot of Duality", "effect": 1, "player": 0, "negated": "none", "resolved": True}]
    position = board(cards=real, events=events).monster(1, "Gladiator Beast Bestiari") \
        .monster(2, "Gladiator Beast Darius").extra_deck("Gladiator Beast Gyzarus").build()
    assert contacts(position) == set()


# --- the forms: where the cards come from, where they go ------------------------------------------------

def test_sp_1_banishing_the_above_cards_you_control(real):
    position = board(cards=real).monster(1, "V-Tiger Jet").monster(2, "W-Wing Catapult", position="set") \
        .extra_deck("VW-Tiger Catapult").build()
    play = only_play(position)
    assert play.cost == ("M1", "M2")
    after = applied(position, play, zone="M1")
    assert sorted(c.card.name for c in after.me.banished) == ["V-Tiger Jet", "W-Wing Catapult"]
    assert after.me.graveyard == () and after.me.deck == ()


def test_sp_1_banishing_the_above_cards_from_your_field_and_gy(real):
    """ABC-Dragon Buster: "the above cards you control and/or from your GY"; not from the hand."""
    position = board(cards=real).monster(1, "A-Assault Core").graveyard("B-Buster Drake", "C-Crush Wyvern") \
        .hand("C-Crush Wyvern").extra_deck("ABC-Dragon Buster").build()
    assert contacts(position) == {("ED1", ("M1", "GY1", "GY2"))}
    after = applied(position, only_play(position), zone="M2")
    assert sorted(c.card.name for c in after.me.banished) == ["A-Assault Core", "B-Buster Drake", "C-Crush Wyvern"]
    assert [c.name for c in after.me.hand] == ["C-Crush Wyvern"]


def test_sp_1_sending_the_above_cards_you_control_with_a_condition_on_all_of_them(real):
    """Secret Six Samurai - Rihan: 3 "Six Samurai" monsters with different Attributes, sent to the GY."""
    samurai = ("The Six Samurai - Zanji", "Legendary Six Samurai - Kageki", "Secret Six Samurai - Genba")
    attributes = {real[name].attribute for name in samurai}
    assert len(attributes) == 3
    b = board(cards=real).extra_deck("Secret Six Samurai - Rihan")
    for zone, name in enumerate(samurai, 1):
        b.monster(zone, name)
    position = b.build()
    assert contacts(position) == {("ED1", ("M1", "M2", "M3"))}
    after = applied(position, only_play(position))
    assert sorted(c.card.name for c in after.me.graveyard) == sorted(samurai)
    same = board(cards=real).extra_deck("Secret Six Samurai - Rihan").monster(1, samurai[0]).monster(2, samurai[0]) \
        .monster(3, samurai[1]).build()
    assert contacts(same) == set()


def test_sp_1_tributing_the_above_cards_pen_4_pendulum_monsters_go_to_the_extra_deck(real):
    position = board(cards=real).monster(1, "Master Pendulum, the Dracoslayer").monster(2, "Dragonpit Magician") \
        .extra_deck("Dinoster Power, the Mighty Dracoslayer").build()
    assert contacts(position) == {("ED1", ("M1", "M2"))}
    after = applied(position, only_play(position))
    assert after.me.graveyard == ()
    assert sorted((c.card.name, c.face_up) for c in after.me.extra_deck) == [
        ("Dragonpit Magician", True), ("Master Pendulum, the Dracoslayer", True)]


def test_sp_1_from_either_field_the_opponents_monster_goes_to_its_gy(real):
    """Chimeratech Fortress Dragon: "Cyber Dragon" + 1+ Machine monsters, "from either field"."""
    b = board(cards=real).monster(1, "Cyber Dragon").extra_deck("Chimeratech Fortress Dragon")
    b.opponent.monster(3, "Proto-Cyber Dragon", position="set")
    position = b.build()
    assert contacts(position) == {("ED1", ("M1", "oM3"))}
    after = applied(position, only_play(position))
    assert [c.card.name for c in after.opponent.graveyard] == ["Proto-Cyber Dragon"]
    assert [c.card.name for c in after.me.graveyard] == ["Cyber Dragon"]


def test_sp_1_from_hand_field_and_gy_shuffled_into_the_deck(real):
    """Phantom of Yubel: 1 "Yubel" monster + 1 Fiend monster with 0 ATK/DEF, from the hand, field and/or GY;
    "Must be Special Summoned" (not "first"): it is still this procedure that summons it."""
    position = board(cards=real).hand("Yubel").graveyard("Yubel").extra_deck("Phantom of Yubel").build()
    assert contacts(position) == {("ED1", ("H1", "GY1"))}
    after = applied(position, only_play(position))
    assert [c.name for c in after.me.deck] == ["Yubel", "Yubel"] and after.me.hand == () and after.me.graveyard == ()


def test_sp_1_an_extra_deck_monster_shuffled_back_goes_face_down_to_the_extra_deck(real):
    """A Gladiator Beast Fusion Monster used for Gyzarus returns to the (face-down) Extra Deck."""
    position = gyzarus_board(real).monster(1, "Gladiator Beast Bestiari").monster(2, "Gladiator Beast Essedarii") \
        .build()
    after = applied(position, only_play(position))
    assert [(c.card.name, c.face_up) for c in after.me.extra_deck] == [("Gladiator Beast Essedarii", False)]
    assert [c.name for c in after.me.deck] == ["Gladiator Beast Bestiari"]


def test_xyz_3_an_xyz_monster_sent_for_a_contact_fusion_sends_its_materials_to_the_gy(real):
    """Elder Entity N'tss: 1 Synchro Monster + 1 Xyz Monster, sent to the GY."""
    position = board(cards=real).monster(1, "Stardust Dragon") \
        .monster(2, "Number 39: Utopia", materials=["Gagaga Magician", "Goblindbergh"]) \
        .extra_deck("Elder Entity N'tss").build()
    assert contacts(position) == {("ED1", ("M1", "M2"))}
    after = applied(position, only_play(position))
    assert sorted(c.card.name for c in after.me.graveyard) == ["Gagaga Magician", "Goblindbergh",
                                                               "Number 39: Utopia", "Stardust Dragon"]


def test_cnt_2_elder_entity_ntss_once_per_turn(real):
    events = [{"summon": "procedure", "cards": ["Elder Entity N'tss"], "player": 0, "from": "extra_deck",
               "negated": False}]
    position = board(cards=real, events=events).monster(1, "Stardust Dragon").monster(2, "Number 39: Utopia") \
        .extra_deck("Elder Entity N'tss").build()
    assert contacts(position) == set()


# --- ZN: zones of a monster from the Extra Deck -----------------------------------------------------------

def neos_board(real, rules, **extra):
    b = board(rules=rules, cards=real).monster(1, "Elemental HERO Neos").monster(2, "Neo-Spacian Aqua Dolphin") \
        .extra_deck("Elemental HERO Aqua Neos")
    for zone, name in extra.items():
        b.monster(zone, name)
    return b


def test_zn_3_master_rule_3_any_main_monster_zone(real):
    play = only_play(neos_board(real, 3).build())
    assert play.cost == ("M1", "M2") and play.zones == ("M1", "M2", "M3", "M4", "M5")


def test_zn_4_master_rule_4_an_extra_monster_zone_or_a_linked_zone(real):
    assert only_play(neos_board(real, 4).build()).zones == ("EMZL", "EMZR")
    held = neos_board(real, 4, left="Linkuriboh").build()   # Linkuriboh points down to M2 (freed by Aqua Dolphin)
    assert contacts(held) == {("ED1", ("M1", "M2"))} and only_play(held).zones == ("M2",)


def test_zn_5_master_rule_5_a_fusion_monster_may_use_any_main_monster_zone(real):
    play = only_play(neos_board(real, 5).build())
    assert play.zones == ("EMZL", "EMZR", "M1", "M2", "M3", "M4", "M5")
    assert "EMZL" not in only_play(neos_board(real, 5, left="Linkuriboh").build()).zones


def test_zn_6_no_zone_no_play(real):
    """Master Rule 4, the player holds an Extra Monster Zone and no Link arrow points to a zone freed."""
    b = board(rules=4, cards=real).monster(1, "Elemental HERO Neos").monster(2, "Neo-Spacian Aqua Dolphin") \
        .monster("left", "Gladiator Beast Essedarii").extra_deck("Elemental HERO Aqua Neos")
    assert contacts(b.build()) == set()


# --- pysolver why ---------------------------------------------------------------------------------------

def test_sp_1_why_a_contact_fusion_lacks_a_material(real):
    position = gyzarus_board(real).monster(1, "Gladiator Beast Bestiari").hand("Gladiator Beast Darius").build()
    answers = {answer.action: answer for answer in why(position, "ED1").answers}
    answer = answers["procedure_summon"]
    assert answer.candidate and not answer.plays
    words = " | ".join(str(reason) for group in answer.reasons for reason in group)
    assert "Gladiator Beast" in words and "no choice of materials" in words
    assert "SP-2" in " ".join(str(r) for g in answers["fusion_summon"].reasons for r in g)


# --- SP-2: "Cannot be Special Summoned from the GY" ---------------------------------------------------------

def test_sp_2_xyz_dragon_cannon_comes_out_by_contact_but_never_from_the_gy(real):
    position = board(cards=real).monster(1, "X-Head Cannon").monster(2, "Y-Dragon Head") \
        .monster(3, "Z-Metal Tank").extra_deck("XYZ-Dragon Cannon").build()
    assert unread_clauses(real["XYZ-Dragon Cannon"]) == ()
    assert contacts(position) == {("ED1", ("M1", "M2", "M3"))}
    revival = board(cards=real).hand("Monster Reborn").graveyard("XYZ-Dragon Cannon", "Dark Ruler Ha Des",
                                                                  "X-Head Cannon").build()
    plays = legal_plays(revival, all_instances=True)
    assert {p.key for p in plays} == {p.key for p in reference_plays(revival, all_instances=True)}
    assert {p.target for p in plays if p.action == "activate"} == {"GY3"}


# --- "Must (first) be either Fusion Summoned, or Special Summoned ... by <the above cards>" ----------------

def test_sp_1_either_fusion_summoned_or_by_its_contact_procedure(real):
    """Blue-Eyes Twin Burst Dragon: "Must be either Fusion Summoned, or Special Summoned by sending the above
    monsters you control to the GY (in which case you do not use "Polymerization")": both ways are plays."""
    assert contact_fusion(real["Blue-Eyes Twin Burst Dragon"]) == ContactFusion("send", ("field",), False, True)
    assert unread_clauses(real["Blue-Eyes Twin Burst Dragon"]) == ()
    b = board(cards=real).monster(1, "Blue-Eyes White Dragon").monster(2, "Blue-Eyes White Dragon") \
        .hand("Polymerization").extra_deck("Blue-Eyes Twin Burst Dragon")
    position = b.build()
    assert contacts(position) == {("ED1", ("M1", "M2"))}
    fusions = {(p.card, p.materials) for p in legal_plays(position, all_instances=True) if p.action == "fusion_summon"}
    assert fusions == {("ED1", ("M1", "M2"))}
    after = applied(position, only_play(position), zone="M1")
    assert sorted(c.card.name for c in after.me.graveyard) == ["Blue-Eyes White Dragon", "Blue-Eyes White Dragon"]


def test_sp_2_either_form_nomi_and_semi(real):
    """SP-2: "Must be either ..." is never revived by Monster Reborn; "Must first be either ..." (Yaguramaru the
    Armor Ninja, "Tributing the above cards") is, once properly summoned."""
    from pysolver.cards.cardtext import special_summon_limit
    assert special_summon_limit(real["Blue-Eyes Twin Burst Dragon"]) == "nomi"
    assert special_summon_limit(real["Yaguramaru the Armor Ninja"]) == "semi"
    position = board(cards=real).hand("Monster Reborn").graveyard("Blue-Eyes Twin Burst Dragon").build()
    assert not [p for p in legal_plays(position, all_instances=True) if p.action == "activate"]
    assert {p.key for p in legal_plays(position, all_instances=True)} == \
        {p.key for p in reference_plays(position, all_instances=True)}
    revived = board(cards=real).hand("Monster Reborn").graveyard("Yaguramaru the Armor Ninja").build()
    assert [p.target for p in legal_plays(revived, all_instances=True) if p.action == "activate"] == ["GY1"]
    assert {p.key for p in legal_plays(revived, all_instances=True)} == \
        {p.key for p in reference_plays(revived, all_instances=True)}


# --- PRX-18 (docs/procedure-rules.md): the older "This card can only be Special Summoned from your Extra Deck by
# returning the above cards you control to the Deck" ---------------------------------------------------------------

def test_prx_18_air_neos_returns_the_above_cards_you_control_to_the_deck(real):
    """Elemental HERO Air Neos: Neos and Air Hummingbird the player controls (a face-down one too) go into the Deck;
    Polymerization does not Fusion Summon it (only this way from the Extra Deck)."""
    assert contact_fusion(real["Elemental HERO Air Neos"]) == ContactFusion("shuffle", ("field",), True)
    assert unread_clauses(real["Elemental HERO Air Neos"]) == ()
    b = board(cards=real).extra_deck("Elemental HERO Air Neos").hand("Polymerization", "Elemental HERO Neos") \
        .monster(1, "Neo-Spacian Air Hummingbird").monster(2, "Elemental HERO Neos", position="set")
    position = b.build()
    assert contacts(position) == {("ED1", ("M1", "M2"))}
    assert not [p for p in legal_plays(position, all_instances=True) if p.action == "fusion_summon"]
    after = applied(position, only_play(position), zone="M1")
    assert after["M1"].card.name == "Elemental HERO Air Neos" and after["M1"].state.properly_summoned
    assert sorted(c.name for c in after.me.deck) == ["Elemental HERO Neos", "Neo-Spacian Air Hummingbird"]
    assert after.me.graveyard == () and after.me.banished == ()
    in_hand = board(cards=real).extra_deck("Elemental HERO Air Neos") \
        .hand("Neo-Spacian Air Hummingbird").monster(1, "Elemental HERO Neos")
    assert contacts(in_hand.build()) == set()


def test_prx_18_gaiodiaz_is_read_and_its_battle_phase_effect_is_an_activated_one(real):
    assert contact_fusion(real["Gladiator Beast Gaiodiaz"]) == ContactFusion("shuffle", ("field",), True)
    # its return at the end of the Battle Phase is an optional trigger written the old way (LKS-2, docs/lock-rules.md)
    assert unread_clauses(real["Gladiator Beast Gaiodiaz"]) == ()
