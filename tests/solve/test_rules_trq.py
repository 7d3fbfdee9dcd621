"""TRQ-1.. (docs/tribute-rules.md, "Tribute and Normal Summon clauses of Extra Deck monsters"): Tribute and Normal
Summon sentences read whole, each by the rule it is. Real cards of the card database; every answer is the reference's
(whole plays) unless a withholding is what is tested."""

from __future__ import annotations

from helpers import board, whole_plays

from pysolver import legal_plays
from pysolver.cards.reading import unread_clauses
from pysolver.reference.plays import legal_plays as reference_plays
from pysolver.solve.unread import unread_in_turn

MEOW = "Prank-Kids Meow-Meow-Mu"
CROWLEY = "Crowley, the First Propheseer"


def _normal_summons(position) -> set:
    """(card, Tributes) of every Normal Summon listed; the reference lists the same plays."""
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    return {(p.card, p.tributes) for p in solver if p.action == "normal_summon"}


# --- TRQ-1: a replacement for a self-Tribute cost in the opponent's turn -----------------------------------------------

def test_trq_1_meow_meow_mu_is_read(real):
    assert unread_clauses(real[MEOW]) == ()


def test_trq_1_meow_meow_mu_forbids_and_allows_nothing_in_either_players_field(real):
    """On the turn player's field its replacement waits for the opponent's turn; on the opponent's it replaces the costs
    of the opponent's activations, none of which pysolver lists: the plays are whole either way."""
    mine = board(cards=real).monster("left", MEOW).monster(1, "Prank-Kids Rocksies").hand("Summoned Skull").build()
    assert ("normal_summon", "H1", None) in whole_plays(mine)
    b = board(cards=real).monster(1, "Kuriboh").hand("Summoned Skull")
    b.opponent.monster("right", MEOW).monster(1, "Prank-Kids Rocksies")
    assert ("normal_summon", "H1", None) in whole_plays(b.build())


# --- TRQ-2: "Each turn, 1 Level 5 or higher X monster you Normal Summon can be Summoned without Tributing." -------------

def test_trq_2_crowley_is_read(real):
    assert unread_clauses(real[CROWLEY]) == ()
    assert unread_clauses(real["Sinister Yorishiro"]) == ()


def test_trq_2_crowley_lets_a_level_5_or_higher_spellcaster_be_normal_summoned_without_tributing(real):
    position = board(cards=real).monster("left", CROWLEY).monster(1, "Summoned Skull") \
        .hand("Dark Magician", "Blue-Eyes White Dragon", "Obelisk the Tormentor").build()
    whole_plays(position)
    summons = _normal_summons(position)
    assert ("H1", ()) in summons                      # Dark Magician: a Spellcaster, no Tribute
    assert ("H1", ("EMZL", "M1")) in summons          # and its ordinary Tribute Summon
    assert ("H2", ()) not in summons                  # Blue-Eyes: a Dragon
    assert not any(card == "H3" for card, _ in summons)   # Obelisk: "Requires 3 Tributes", only its own rule
    sets = {p.card for p in legal_plays(position, all_instances=True) if p.action == "set_monster" and not p.tributes}
    assert "H1" not in sets                           # a Normal Summon, never a Set


def test_trq_2_not_while_crowley_is_face_down_or_the_opponents(real):
    b = board(cards=real).monster(1, "Summoned Skull").hand("Dark Magician")
    b.opponent.monster("left", CROWLEY)
    assert ("H1", ()) not in _normal_summons(b.build())
    assert not legal_plays(b.build(), all_instances=True).unread


def test_trq_2_after_an_unrelated_normal_summon_the_grant_is_left(real):
    """Double Summon resolved: the regular Normal Summon was Kuriboh (no Spellcaster of Level 5 or more), so Crowley's
    grant is certainly unused."""
    position = board(cards=real).monster("left", CROWLEY).hand("Dark Magician") \
        .event(summon="normal", card="Kuriboh").event(activate="Double Summon").build()
    whole_plays(position)
    assert ("H1", ()) in _normal_summons(position)


def test_trq_2_a_normal_summon_that_may_have_used_it_withholds(real):
    """After a Normal Summon of Dark Magician Girl (a Level 6 Spellcaster: maybe by Crowley's grant) and Double Summon,
    whether the grant is left is unknown: Dark Magician's Normal Summon without Tributing is withheld and the answer
    names Crowley; with two Crowleys one is certainly left."""
    b = board(cards=real).monster("left", CROWLEY).hand("Dark Magician") \
        .event(summon="normal", card="Dark Magician Girl").event(activate="Double Summon")
    plays = legal_plays(b.build(), all_instances=True)
    assert not plays.exhaustive
    assert [(u.card, u.id) for u in plays.unread] == [(CROWLEY, "EMZL")]
    assert ("H1", ()) not in {(p.card, p.tributes) for p in plays if p.action == "normal_summon"}
    two = board(cards=real).monster("left", CROWLEY).monster(2, CROWLEY).hand("Dark Magician") \
        .event(summon="normal", card="Dark Magician Girl").event(activate="Double Summon").build()
    whole_plays(two)
    assert ("H1", ()) in _normal_summons(two)


def test_trq_2_no_further_normal_summon_withholds_nothing(real):
    position = board(cards=real, normal_summon_used=True).monster("left", CROWLEY).hand("Dark Magician").build()
    assert not any(action == "normal_summon" for action, _, _ in whole_plays(position))


def test_trq_2_sinister_yorishiro_grants_from_its_spell_zone(real):
    position = board(cards=real).spell_trap(2, "Sinister Yorishiro").hand("Archfiend of Gilfer").build()
    whole_plays(position)
    assert ("H1", ()) in _normal_summons(position)
    set_down = board(cards=real).spell_trap(2, "Sinister Yorishiro", position="set").hand("Archfiend of Gilfer").build()
    assert ("H1", ()) not in _normal_summons(set_down)


def test_trq_2_a_line_with_crowley_is_not_certified(real):
    position = board(cards=real).extra_deck(CROWLEY).hand("Dark Magician").build()
    assert CROWLEY in unread_in_turn(position)


def test_trq_2_catalyst_field_grants_a_gemini_monster(real):
    position = board(cards=real).field_spell("Catalyst Field").monster(1, "Kuriboh") \
        .hand("Meteor Dragon Red-Eyes Impact", "Summoned Skull").build()
    whole_plays(position)
    summons = _normal_summons(position)
    assert ("H1", ()) in summons and ("H1", ("M1",)) in summons
    assert ("H2", ()) not in summons                  # not a Gemini monster


# --- TRQ-3: "This card can be treated as 1 or 3 Tributes for the Tribute Summon of a monster." ------------------------

SLIME = "Egyptian God Slime"


def test_trq_3_and_4_egyptian_god_slime_is_read(real):
    assert unread_clauses(real[SLIME]) == ()


def test_trq_3_slime_alone_is_the_tributes_of_any_tribute_summon(real):
    position = board(cards=real).monster(1, SLIME).monster(2, "Kuriboh") \
        .hand("Obelisk the Tormentor", "Dark Magician", "Summoned Skull").build()
    whole_plays(position)
    summons = _normal_summons(position)
    assert {("H1", ("M1",)), ("H2", ("M1",)), ("H3", ("M1",))} <= summons     # 3 >= 3, 2, 1
    assert ("H1", ("M1", "M2")) in summons         # over-tributing is accepted (at most 3 cards, 4 >= 3)
    assert ("H1", ("M2",)) not in summons and ("H2", ("M2",)) not in summons  # Kuriboh is 1
    sets = {(p.card, p.tributes) for p in legal_plays(position, all_instances=True) if p.action == "set_monster"}
    assert ("H2", ("M1",)) in sets                 # a Tribute Set too
    assert not any(card == "H1" for card, _ in sets)   # the Egyptian Gods cannot be Set


def test_trq_3_a_face_down_slime_counts_3_too(real):
    position = board(cards=real).monster(1, SLIME, position="set").hand("Dark Magician").build()
    assert ("H1", ("M1",)) in _normal_summons(position)


# --- TRQ-4: the attack and effect guard of every monster but "Egyptian God Slime" --------------------------------------

def test_trq_4_only_the_opponents_slimes_can_be_attacked(real):
    """The opponent's face-up Slime guards their Kuriboh, face-up or face-down, and a face-down Slime (its code is
    Slime's) can still be attacked; a face-down Slime guards nothing."""
    b = board(cards=real, phase="battle").monster(1, "Summoned Skull")
    b.opponent.monster(1, SLIME).monster(2, "Kuriboh").monster(3, "Kuriboh", position="set").monster(4, SLIME, position="set")
    attacks = {target for action, card, target in whole_plays(b.build()) if action == "declare_attack"}
    assert attacks == {"oM1", "oM4"}
    b = board(cards=real, phase="battle").monster(1, "Summoned Skull")
    b.opponent.monster(2, "Kuriboh").monster(4, SLIME, position="set")
    attacks = {target for action, card, target in whole_plays(b.build()) if action == "declare_attack"}
    assert attacks == {"oM2", "oM4"}


def test_trq_4_the_turn_players_own_slime_guards_nothing_against_them(real):
    b = board(cards=real, phase="battle").monster(1, "Summoned Skull").monster(2, SLIME)
    b.opponent.monster(2, "Kuriboh")
    attacks = {(card, target) for action, card, target in whole_plays(b.build()) if action == "declare_attack"}
    assert attacks == {("M1", "oM2"), ("M2", "oM2")}


def test_trq_4_the_turn_players_effects_target_only_the_opponents_slimes(real):
    b = board(cards=real).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh", "Kuriboh"])
    b.opponent.monster(1, SLIME).monster(2, "Kuriboh")
    targets = {target for action, card, target in whole_plays(b.build()) if action == "activate"}
    assert targets == {"oM1"}
    b = board(cards=real).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh", "Kuriboh"])
    b.opponent.monster(2, "Kuriboh")
    assert {target for action, card, target in whole_plays(b.build()) if action == "activate"} == {"oM2"}


# --- TRQ-5: an additional Normal Summon to a zone the card points to, for the turn player ------------------------------

OGRE = "Gouki Thunder Ogre"


def _summon_zones(position) -> set:
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    assert solver.exhaustive and not solver.unread
    return {(p.card, p.tributes, p.zones) for p in solver if p.action == "normal_summon"}


def test_trq_5_gouki_thunder_ogre_is_read(real):
    assert unread_clauses(real[OGRE]) == ()


def test_trq_5_the_additional_summon_goes_to_a_zone_the_ogre_points_to(real):
    """The turn player's Ogre in the left Extra Monster Zone points to M1 and M3 (BL, BR): after the Normal Summon, a
    Kuriboh goes to M1 only; Summoned Skull Tributes the Kuriboh in M3 and goes to M1 or M3; never Tributing the Ogre;
    no Set."""
    b = board(cards=real, normal_summon_used=True).monster("left", OGRE).monster(3, "Kuriboh") \
        .hand("Kuriboh", "Summoned Skull")
    position = b.build()
    assert _summon_zones(position) == {("H1", (), ("M1",)), ("H2", ("M3",), ("M1", "M3"))}
    assert not any(p.action == "set_monster" for p in legal_plays(position, all_instances=True))


def test_trq_5_with_the_regular_normal_summon_any_zone(real):
    position = board(cards=real).monster("left", OGRE).hand("Kuriboh").build()
    assert _summon_zones(position) == {("H1", (), ("M1", "M2", "M3", "M4", "M5"))}


def test_trq_5_the_opponents_ogre_gives_the_turn_player_the_zone_it_points_to(real):
    """The opponent's Ogre in the Extra Monster Zone above M2 points down (its T arrow) to the turn player's M2."""
    b = board(cards=real, normal_summon_used=True).hand("Kuriboh", "Summoned Skull").monster(4, "Kuriboh")
    b.opponent.monster("left", OGRE)
    assert _summon_zones(b.build()) == {("H1", (), ("M2",)), ("H2", ("M4",), ("M2",))}


def test_trq_5_no_zone_pointed_to_no_summon(real):
    """In a Main Monster Zone its arrows point to Spell & Trap Zones and an Extra Monster Zone: no Normal Summon there."""
    position = board(cards=real, normal_summon_used=True).monster(2, OGRE).hand("Kuriboh").build()
    assert _summon_zones(position) == set()
    used = board(cards=real).monster("left", OGRE).hand("Kuriboh", "Kuriboh") \
        .event(summon="normal", card="Kuriboh").event(summon="normal", card="Kuriboh").build()
    assert _summon_zones(used) == set()           # the turn's one additional summon was made


# --- TRQ-6: a procedure open after an activation in the hand this turn --------------------------------------------------

COLOSSUS = "Thunder Dragon Colossus"


def test_trq_6_thunder_dragon_colossus_is_read(real):
    assert unread_clauses(real[COLOSSUS]) == ()


def test_trq_6_colossus_is_fusion_summoned_and_its_procedure_closed_with_no_thunder_activation(real):
    fusion = board(cards=real).extra_deck(COLOSSUS).hand("Polymerization", "Thunder Dragon", "Thunder Dragon").build()
    assert ("fusion_summon", "ED1", None) in whole_plays(fusion)
    closed = board(cards=real).extra_deck(COLOSSUS).monster(1, "Thunder Dragon") \
        .event(activate="Pot of Greed").build()
    assert not any(action == "procedure_summon" for action, _, _ in whole_plays(closed))


def test_trq_6_after_a_thunder_monsters_activation_the_procedure_is_withheld(real):
    """Thunder Dragon's effect was activated this turn: in the hand or not, the history does not say, so the procedure
    is withheld and the answer names Colossus; every other play stays."""
    position = board(cards=real).extra_deck(COLOSSUS).monster(1, "Thunder Dragon") \
        .event(activate="Thunder Dragon").build()
    plays = legal_plays(position, all_instances=True)
    assert {p.key for p in plays} == {p.key for p in reference_plays(position, all_instances=True)}
    assert not plays.exhaustive and [(u.card, u.id) for u in plays.unread] == [(COLOSSUS, "ED1")]
    assert not any(p.action == "procedure_summon" for p in plays)
    assert COLOSSUS in unread_in_turn(position)


def test_trq_2_and_5_an_ogres_additional_summon_after_a_spellcasters_normal_summon_withholds(real):
    """The regular Normal Summon was Dark Magician Girl (maybe by Crowley's grant); the opponent's Ogre still gives the turn
    player an additional Normal Summon to M2: Dark Magician there without Tribute is uncertain, so withheld."""
    b = board(cards=real).monster("right", CROWLEY).hand("Dark Magician").event(summon="normal", card="Dark Magician Girl")
    b.opponent.monster("left", OGRE)
    plays = legal_plays(b.build(), all_instances=True)
    assert {p.key for p in plays} == {p.key for p in reference_plays(b.build(), all_instances=True)}
    assert [(u.card, u.id) for u in plays.unread] == [(CROWLEY, "EMZR")]
    assert not any(p.action == "normal_summon" for p in plays)
