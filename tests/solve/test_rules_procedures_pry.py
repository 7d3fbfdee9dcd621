"""Extra Deck monsters Special Summoned by their own procedure with costs whose shape PRX-19 does not cover, and a
summoning condition (PRY-* of docs/procedure-rules.md). Real cards of the card database: the procedure summon is listed exactly when its cost can be
paid, the cost cards end where the text says (`helpers.applied`: apply, the reference applier and the step-indexed
transition agree), and every answer is the reference's (whole plays)."""

from __future__ import annotations

from helpers import applied, board, procedure_play, procedure_summons

from pysolver.cards.effects import procedures
from pysolver.cards.reading import unread_clauses

# --- PRY-1: a Tuner and a non-Tuner with the same Level or a Level difference of N ---------------------------------------

def test_pry_1_ursarctic_polari_sends_a_tuner_and_a_non_tuner_one_level_apart(real):
    """'By sending 2 monsters you control with a Level difference of 1 to the GY (1 Tuner and 1 non-Tuner)': Junk
    Synchron (3) with Neo Bug (4), not with Sangan (3) nor Kuriboh (1); the cards go to the GY and the Synchro Monster
    comes from the face-down Extra Deck to the zones of a monster from there."""
    b = board(cards=real).extra_deck("Ursarctic Polari").monster(1, "Junk Synchron").monster(2, "Neo Bug") \
        .monster(3, "Sangan").monster(4, "Kuriboh")
    position = b.build()
    assert procedure_summons(position) == {("ED1", ("M1", "M2"))}
    play = procedure_play(position, "ED1", ("M1", "M2"))
    after = applied(position, play, zone="M1")
    assert after["M1"].card.name == "Ursarctic Polari" and after["M1"].state.properly_summoned
    assert sorted(c.card.name for c in after.me.graveyard) == ["Junk Synchron", "Neo Bug"]
    assert after.me.extra_deck == ()


def test_pry_1_ursarctic_polari_needs_face_up_monsters_with_a_level(real):
    """The engine's filter: face-up (IsFaceup) monsters with a Level (HasLevel); an Xyz Monster has none (Number 39:
    Utopia, Rank 4), a face-down Neo Bug hides what it is; two Tuners or two non-Tuners are no pair."""
    xyz = board(cards=real).extra_deck("Ursarctic Polari").monster(1, "Junk Synchron").monster(2, "Number 39: Utopia")
    assert procedure_summons(xyz.build()) == set()
    face_down = board(cards=real).extra_deck("Ursarctic Polari").monster(1, "Junk Synchron") \
        .monster(2, "Neo Bug", position="set")
    assert procedure_summons(face_down.build()) == set()
    no_tuner = board(cards=real).extra_deck("Ursarctic Polari").monster(1, "Sangan").monster(2, "Neo Bug")
    assert procedure_summons(no_tuner.build()) == set()


def test_pry_1_ursarctic_septentrion_needs_a_level_8_tuner_and_a_non_tuner_synchro_7_levels_apart(real):
    """'(1 Level 8 or higher Tuner and 1 non-Tuner Synchro Monster)' with a Level difference of 7: Ursarctic Megapolar
    (8) and Ursarctic Polari (Synchro, 1); Turbo Cannon (Synchro, 3) is 5 apart, a Normal Monster of Level 1 is no
    Synchro Monster. Its "Negate the effects of face-up monsters without a Level ..." is read (docs/lock-rules.md
    NGT-1): the card is read whole."""
    b = board(cards=real).extra_deck("Ursarctic Septentrion").monster(1, "Ursarctic Megapolar") \
        .monster(2, "Ursarctic Polari").monster(3, "Turbo Cannon").monster(4, "Kuriboh")
    position = b.build()
    assert procedure_summons(position) == {("ED1", ("M1", "M2"))}
    after = applied(position, procedure_play(position, "ED1", ("M1", "M2")), zone="EMZL")
    assert after["EMZL"].card.name == "Ursarctic Septentrion"
    assert sorted(c.card.name for c in after.me.graveyard) == ["Ursarctic Megapolar", "Ursarctic Polari"]
    assert after.me.extra_deck == ()
    grand = board(cards=real).extra_deck("Ursarctic Grand Chariot").monster(1, "Ursarctic Megapolar") \
        .monster(3, "Turbo Cannon").monster(4, "Kuriboh")
    assert procedure_summons(grand.build()) == set()


def test_pry_1_bishbaalkin_sends_2_level_8_or_higher_monsters_with_the_same_level(real):
    """'By sending 2 Level 8 or higher monsters you control with the same Level to the Graveyard (1 Tuner and 1
    non-Tuner)': Ursarctic Megapolar (8, Tuner) with Red Dragon Archfiend (8); two Level 3 monsters are not Level 8."""
    b = board(cards=real).extra_deck("Phantasmal Lord Ultimitl Bishbaalkin").monster(2, "Ursarctic Megapolar") \
        .monster(3, "Red Dragon Archfiend")
    position = b.build()
    assert procedure_summons(position) == {("ED1", ("M2", "M3"))}
    after = applied(position, procedure_play(position, "ED1", ("M2", "M3")), zone="M3")
    assert after["M3"].card.name == "Phantasmal Lord Ultimitl Bishbaalkin"
    low = board(cards=real).extra_deck("Phantasmal Lord Ultimitl Bishbaalkin").monster(1, "Junk Synchron") \
        .monster(2, "Sangan")
    assert procedure_summons(low.build()) == set()


def test_pry_1_cards_are_read_whole(real):
    for name in ("Ursarctic Polari", "Ursarctic Septentrion", "Ursarctic Grand Chariot",
                 "Phantasmal Lord Ultimitl Bishbaalkin"):
        assert isinstance(procedures(real[name]), tuple) and procedures(real[name]), name
        assert unread_clauses(real[name]) == (), name
    # their procedures are read, their other sentences not: the cards stay unread
    for name in ("Ursarctic Polar Star",):
        assert procedures(real[name]) and unread_clauses(real[name]), name
    # Ultimaya Tzolkin's other sentence is read now (docs/lock-rules.md LKQ-6)
    assert procedures(real["Ultimaya Tzolkin"]) and not unread_clauses(real["Ultimaya Tzolkin"])


# --- PRY-2: a Contact Fusion with 1 of the cards from each place ---------------------------------------------------------

def test_pry_2_ladys_dragonmaid_banishes_one_dragonmaid_from_the_field_and_one_from_the_gy(real):
    """'By banishing the above monsters, 1 each from your field and GY' (2 "Dragonmaid" monsters with the same Attribute
    but different Levels): Kitchen Dragonmaid (FIRE 3) on the field with Dragonmaid Tinkhec (FIRE 8) from the GY, or
    Dragonmaid Nudyarl (WATER 7) with Laundry Dragonmaid (WATER 2); not the GY's Kitchen Dragonmaid (the same Level)."""
    b = board(cards=real).extra_deck("Lady's Dragonmaid").monster(1, "Kitchen Dragonmaid") \
        .monster(2, "Dragonmaid Nudyarl").graveyard("Dragonmaid Tinkhec", "Laundry Dragonmaid", "Kitchen Dragonmaid")
    position = b.build()
    assert procedure_summons(position) == {("ED1", ("M1", "GY1")), ("ED1", ("M2", "GY2"))}
    after = applied(position, procedure_play(position, "ED1", ("M1", "GY1")), zone="M1")
    assert after["M1"].card.name == "Lady's Dragonmaid" and after["M1"].state.properly_summoned
    assert sorted(c.card.name for c in after.me.banished) == ["Dragonmaid Tinkhec", "Kitchen Dragonmaid"]
    assert sorted(c.card.name for c in after.me.graveyard) == ["Kitchen Dragonmaid", "Laundry Dragonmaid"]


def test_pry_2_ladys_dragonmaid_needs_one_card_from_each_place(real):
    """Both cards on the field, or both in the GY: no play."""
    field = board(cards=real).extra_deck("Lady's Dragonmaid").monster(1, "Kitchen Dragonmaid") \
        .monster(2, "Dragonmaid Tinkhec")
    assert procedure_summons(field.build()) == set()
    graveyard = board(cards=real).extra_deck("Lady's Dragonmaid").graveyard("Kitchen Dragonmaid", "Dragonmaid Tinkhec")
    assert procedure_summons(graveyard.build()) == set()


def test_pry_2_enlightenment_dragon_banishes_judgment_and_punishment_dragon_one_from_each_place(real):
    b = board(cards=real).extra_deck("Enlightenment Dragon").monster(3, "Judgment Dragon").graveyard("Punishment Dragon")
    position = b.build()
    assert procedure_summons(position) == {("ED1", ("M3", "GY1"))}
    after = applied(position, procedure_play(position, "ED1", ("M3", "GY1")), zone="EMZR")
    assert after["EMZR"].card.name == "Enlightenment Dragon"
    assert sorted(c.card.name for c in after.me.banished) == ["Judgment Dragon", "Punishment Dragon"]
    both = board(cards=real).extra_deck("Enlightenment Dragon").monster(1, "Judgment Dragon") \
        .monster(2, "Punishment Dragon")
    assert procedure_summons(both.build()) == set()


def test_pry_2_cards_are_read_whole(real):
    from pysolver.cards.effects import contact_fusion
    for name in ("Lady's Dragonmaid", "Enlightenment Dragon"):
        contact = contact_fusion(real[name])
        assert contact is not None and contact.one_each and contact.sources == ("field", "graveyard"), name
        assert unread_clauses(real[name]) == (), name


# --- PRY-3: "... and cannot be Special Summoned by other ways except by its own effect" ----------------------------------

def test_pry_3_stardust_dragon_assault_mode_is_never_revived_by_monster_reborn(real):
    """'Must first be Special Summoned with "Assault Mode Activate" and cannot be Special Summoned by other ways except
    by its own effect': the engine's summoning condition aux.FALSE -- even properly summoned, Monster Reborn does not
    revive it (nomi, not semi); Kuriboh beside it is revived."""
    from pysolver import legal_plays
    from pysolver.cards.cardtext import special_summon_limit
    from pysolver.reference.plays import legal_plays as reference_plays
    card = real["Stardust Dragon/Assault Mode"]
    assert special_summon_limit(card) == "nomi" and unread_clauses(card) == ()
    position = board(cards=real).hand("Monster Reborn").graveyard("Stardust Dragon/Assault Mode", "Kuriboh").build()
    plays = legal_plays(position, all_instances=True)
    assert {p.key for p in plays} == {p.key for p in reference_plays(position, all_instances=True)}
    assert not plays.unread
    assert {p.target for p in plays if p.action == "activate" and p.name == "Monster Reborn"} == {"GY2"}
    # the other wordings with "except" stay unread (Guardian Dreadscythe: "except from the GY by its own effect")
    assert unread_clauses(real["Guardian Dreadscythe"])


# --- PRY-4: "1 each of your "A", "B", and "C" that is in your hand, face-up field, GY, and/or banished" --------------------

def test_pry_4_dark_guardian_shuffles_one_of_each_name_from_anywhere_it_says(real):
    """Dark Guardian from the hand: Sanga of the Thunder from the hand, Kazejin face-up on the field, Suijin banished or
    in the GY; all three go into the Deck."""
    b = board(cards=real).hand("Dark Guardian", "Sanga of the Thunder").monster(1, "Kazejin") \
        .banished("Suijin").graveyard("Suijin")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("H2", "M1", "BN1")), ("H1", ("H2", "M1", "GY1"))}
    after = applied(position, procedure_play(position, "H1", ("H2", "M1", "BN1")), zone="M1")
    assert after["M1"].card.name == "Dark Guardian"
    assert sorted(c.name for c in after.me.deck) == ["Kazejin", "Sanga of the Thunder", "Suijin"]
    assert after.me.banished == () and [c.card.name for c in after.me.graveyard] == ["Suijin"]


def test_pry_4_dark_guardian_from_the_gy_needs_each_name_and_a_face_up_one_on_the_field(real):
    """From the GY too ("(from your hand or GY)"); a face-down Kazejin hides its name; without a Suijin, no play."""
    b = board(cards=real).graveyard("Dark Guardian", "Sanga of the Thunder", "Kazejin", "Suijin")
    assert procedure_summons(b.build()) == {("GY1", ("GY2", "GY3", "GY4"))}
    face_down = board(cards=real).hand("Dark Guardian", "Sanga of the Thunder", "Suijin") \
        .monster(1, "Kazejin", position="set")
    assert procedure_summons(face_down.build()) == set()
    two = board(cards=real).hand("Dark Guardian", "Sanga of the Thunder", "Kazejin")
    assert procedure_summons(two.build()) == set()
    assert unread_clauses(real["Dark Guardian"]) == ()


# --- PRY-5: "by sending 1 card from your Spell & Trap Card Zone to the Graveyard" ----------------------------------------

def test_pry_5_card_breaker_sends_a_card_of_the_spell_and_trap_zones_in_attack_position(real):
    """Card Breaker: 'This card can only be Special Summoned, in face-up Attack Position, by sending 1 card from your
    Spell & Trap Card Zone to the Graveyard': a Set Pot of Greed or a face-up Toon World, not the Field Spell (the
    engine's GetSequence() < 5 over LOCATION_SZONE) nor the Pendulum Scale of Spell & Trap Zone 5 (Master Rule 5: its
    script's IsAbleToGraveAsCost refuses it, GYC-1); the play is in Attack Position only."""
    b = board(cards=real).hand("Card Breaker").spell_trap(1, "Pot of Greed", position="set") \
        .spell_trap(2, "Toon World").spell_trap(5, "Dragonpit Magician").field_spell("Umiiruka")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("S1",)), ("H1", ("S2",))}
    play = procedure_play(position, "H1", ("S1",))
    assert play.positions == ("attack",)
    after = applied(position, play, zone="M3")
    assert after["M3"].card.name == "Card Breaker" and [c.card.name for c in after.me.graveyard] == ["Pot of Greed"]
    field_only = board(cards=real).hand("Card Breaker").field_spell("Umiiruka").monster(1, "Kuriboh")
    assert procedure_summons(field_only.build()) == set()


def test_pry_5_card_breaker_under_master_rule_3_leaves_the_pendulum_zones(real):
    """Master Rule 3: the Pendulum Zones are not Spell & Trap Zones (sequences 6 and 7); a Set Mirror Force is."""
    b = board(rules=3, cards=real).hand("Card Breaker").pendulum_zone("left", "Dragonpit Magician") \
        .spell_trap(3, "Mirror Force", position="set")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("S3",))}
    after = applied(position, procedure_play(position, "H1", ("S3",)), zone="M1")
    assert [c.card.name for c in after.me.graveyard] == ["Mirror Force"]
    assert unread_clauses(real["Card Breaker"]) == ()


# --- PRY-6: "during your Main Phase 2" -------------------------------------------------------------------------------

def test_pry_6_fenrir_comes_to_the_opponents_field_in_main_phase_2_while_an_aesir_is_on_the_field(real):
    """Fenrir the Nordic Wolf: 'Must first be Special Summoned (from your hand) to your opponent's field in Defense
    Position during your Main Phase 2, while an "Aesir" monster is on the field': in Main Phase 2 with a face-up Thor,
    Lord of the Aesir on the opponent's field, to a zone of theirs in Defense Position; in Main Phase 1, no play."""
    def fenrir(phase, **thor):
        b = board(cards=real, phase=phase).hand("Fenrir the Nordic Wolf")
        b.opponent.monster(2, "Thor, Lord of the Aesir", **thor)
        return b.build()
    position = fenrir("main2")
    assert procedure_summons(position) == {("H1", ())}
    play = procedure_play(position, "H1", ())
    assert play.positions == ("defense",) and "oM2" not in play.zones
    after = applied(position, play, zone="oM1", battle_position="defense")
    assert after.opponent.monster_zones[0].card.name == "Fenrir the Nordic Wolf"
    assert procedure_summons(fenrir("main1")) == set()
    assert procedure_summons(fenrir("main2", position="set")) == set()   # a face-down Aesir hides what it is
    assert unread_clauses(real["Fenrir the Nordic Wolf"]) == ()


# --- PRY-7: "You can only Special Summon "X" once per turn this way, no matter which method you use." ----------------------

def test_pry_7_arc_crisis_fusion_summon_or_contact_procedure_once_per_turn(real):
    """D/D/D/D Dimensional King Arc Crisis: its Fusion Summon (Polymerization) and its own procedure ("by banishing the
    above cards from your field and/or GY") are both listed; once either succeeded this turn, neither is (the engine
    sets the limit on a successful Summon: a negated one, or a Special Summon of another kind, does not count)."""
    from pysolver import legal_plays
    from pysolver.reference.plays import legal_plays as reference_plays
    from pysolver.solve.why import why, why_text
    name = "D/D/D/D Dimensional King Arc Crisis"

    def position(**event):
        b = board(turn=3, cards=real).hand("Polymerization").extra_deck(name) \
            .monster(1, "D/D/D Dragonbane King Beowulf").monster(2, "D/D/D Gust King Alexander") \
            .monster(3, "D/D/D Wave King Caesar").monster(4, "D/D Savant Kepler")
        if event:
            b.event(card=name, **{"from": "extra_deck"}, **event)
        return b.build()

    def ways(p):
        found = legal_plays(p, all_instances=True)
        assert {q.key for q in found} == {q.key for q in reference_plays(p, all_instances=True)}
        assert not found.unread
        return {q.action for q in found if q.card == "ED1" or (q.action == "fusion_summon" and q.name == "Polymerization")}
    assert ways(position()) == {"fusion_summon", "procedure_summon"}
    for method in ("fusion", "procedure"):
        done = position(summon=method)
        assert ways(done) == set(), method
        assert "PRY-7" in why_text(why(done, "ED1", action="procedure_summon"))
    assert ways(position(summon="procedure", negated=True)) == {"fusion_summon", "procedure_summon"}
    assert ways(position(summon="special")) == {"fusion_summon", "procedure_summon"}
    assert unread_clauses(real[name]) == ()


# --- PRY-8: 'while you have "X" in your field or GY' -------------------------------------------------------------------

def test_pry_8_fallen_angel_tributes_a_light_zombie_while_eldlich_is_on_the_field_or_in_the_gy(real):
    """Fallen Angel of the Golden Land: 'Special Summoned (from your Extra Deck) by Tributing 1 LIGHT Zombie monster,
    while you have "Eldlich the Golden Lord" in your field or GY': Paladin of the Cursed Dragon (LIGHT Zombie) is
    Tributed while Eldlich is in the GY, or Eldlich itself from the field; a face-down Eldlich on the field hides its
    name; with no Eldlich, no procedure."""
    name = "Fallen Angel of the Golden Land"
    in_gy = board(cards=real).extra_deck(name).monster(1, "Paladin of the Cursed Dragon") \
        .graveyard("Eldlich the Golden Lord")
    position = in_gy.build()
    assert procedure_summons(position) == {("ED1", ("M1",))}
    after = applied(position, procedure_play(position, "ED1", ("M1",)), zone="M1")
    assert after["M1"].card.name == name
    assert sorted(c.card.name for c in after.me.graveyard) == ["Eldlich the Golden Lord", "Paladin of the Cursed Dragon"]
    on_field = board(cards=real).extra_deck(name).monster(1, "Paladin of the Cursed Dragon") \
        .monster(2, "Eldlich the Golden Lord")
    assert procedure_summons(on_field.build()) == {("ED1", ("M1",)), ("ED1", ("M2",))}
    hidden = board(cards=real).extra_deck(name).monster(1, "Paladin of the Cursed Dragon") \
        .monster(2, "Eldlich the Golden Lord", position="set")
    assert procedure_summons(hidden.build()) == set()
    none = board(cards=real).extra_deck(name).monster(1, "Paladin of the Cursed Dragon").graveyard("Wightprincess")
    assert procedure_summons(none.build()) == set()
    assert unread_clauses(real[name]) == ()


# --- PRY-9: two costs of two verbs -----------------------------------------------------------------------------------

def test_pry_9_artmage_non_finito_discards_a_spell_or_trap_and_tributes_a_level_7_artmage(real):
    """Artmage Non-Finito: 'by discarding 1 Spell/Trap and Tributing 1 Level 7 or higher "Artmage" monster from your hand
    or field': a Spell or Trap of the hand (Pot of Greed; not a monster) and Artmage Finmel (Level 7) from
    the hand or the field (Artmage Graflare is Level 5); both go to the GY."""
    name = "Artmage Non-Finito"
    b = board(cards=real).extra_deck(name).hand("Pot of Greed", "Artmage Finmel", "Kuriboh") \
        .monster(1, "Artmage Finmel").monster(2, "Artmage Graflare")
    position = b.build()
    assert procedure_summons(position) == {("ED1", ("H1", "H2")), ("ED1", ("H1", "M1"))}
    after = applied(position, procedure_play(position, "ED1", ("H1", "M1")), zone="M1")
    assert after["M1"].card.name == name
    assert sorted(c.card.name for c in after.me.graveyard) == ["Artmage Finmel", "Pot of Greed"]
    no_spell = board(cards=real).extra_deck(name).hand("Kuriboh").monster(1, "Artmage Finmel")
    assert procedure_summons(no_spell.build()) == set()
    assert unread_clauses(real[name]) == ()


# --- PRY-10: "by banishing cards you control with the above original names" -------------------------------------------

def test_pry_10_a_to_z_banishes_abc_and_xyz_you_control(real):
    """A-to-Z-Dragon Buster Cannon: 'Must be Special Summoned (from your Extra Deck) by banishing cards you control with
    the above original names, and cannot be Special Summoned by other ways': ABC-Dragon Buster and XYZ-Dragon Cannon of
    the player's field (a face-down one too: the engine's IsOriginalCode over LOCATION_ONFIELD), banished; one in the GY
    is not taken."""
    name = "A-to-Z-Dragon Buster Cannon"
    b = board(cards=real).extra_deck(name).monster(1, "ABC-Dragon Buster").monster(2, "XYZ-Dragon Cannon",
                                                                                     position="set")
    position = b.build()
    assert procedure_summons(position) == {("ED1", ("M1", "M2"))}
    after = applied(position, procedure_play(position, "ED1", ("M1", "M2")), zone="EMZL")
    assert after["EMZL"].card.name == name
    assert sorted(c.card.name for c in after.me.banished) == ["ABC-Dragon Buster", "XYZ-Dragon Cannon"]
    gy = board(cards=real).extra_deck(name).monster(1, "ABC-Dragon Buster").graveyard("XYZ-Dragon Cannon")
    assert procedure_summons(gy.build()) == set()
    assert unread_clauses(real[name]) == ()
