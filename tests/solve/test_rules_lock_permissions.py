"""Locks on players that were unread (docs/lock-rules.md LKP-1..), on real cards of the card database
(../shared/data/cards.cdb). Every answer is compared with the independent reference enumerator, and no position
here is partial: the sentence is read."""

from __future__ import annotations

from dataclasses import replace

from helpers import applied, board, whole_plays

from pysolver.cards import locks
from pysolver.cards.card import CardDB
from pysolver.cards.reading import unread_clauses

plays = whole_plays


def read_whole(card) -> bool:
    return not unread_clauses(card)


def activations(position) -> set:
    return {(card, target) for action, card, target in plays(position) if action == "activate"}


# --------------------------------------------------------------------------------------------------
# LKP-1: "... cannot have their activated effects negated (except "X")."

def test_lkp_1_scrap_warrior_is_read(real):
    sentence = ('Monsters you control that mention "Junk Warrior", or are a Synchro Monster with "Warrior" in their '
                'original name, cannot have their activated effects negated (except "Scrap Warrior").')
    assert locks.NO_NEGATION.fullmatch(sentence)
    assert read_whole(real["Scrap Warrior"])
    # another sentence about negation stays what it was: a sentence with more than the negation is not covered
    assert not locks.NO_NEGATION.fullmatch("Monsters you control cannot have their activated effects negated, and "
                                           "your opponent cannot activate cards.")
    assert not locks.NO_NEGATION.fullmatch("Your opponent cannot Special Summon monsters, and monsters you control "
                                           "cannot have their activated effects negated.")


def test_lkp_1_scrap_warrior_on_either_side_changes_no_play(real):
    """Scrap Warrior's sentence forbids nothing pysolver lists (it negates nothing): with it face-up on the opponent's
    side the plays are those without it (the Synchro Summon of Junk Warrior, a Normal Summon, attacks), on the turn
    player's side its own plays come on top, and the reference lists the same."""
    def position(where):
        b = board(cards=real).hand("Doron").monster(1, "Junk Synchron").monster(2, "Flame Viper") \
            .extra_deck("Junk Warrior")
        if where == "mine":
            b.monster(3, "Scrap Warrior")
        elif where == "theirs":
            b.opponent.monster(3, "Scrap Warrior")
        return b.build()
    alone = plays(position(None))
    assert ("synchro_summon", "ED1", None) in alone
    assert plays(position("theirs")) == alone
    assert alone <= plays(position("mine"))


# --------------------------------------------------------------------------------------------------
# LKP-2: "You can activate "X" Trap Cards from your hand." / "During either player's turn, you can activate "X"
# Spell/Trap Cards from your hand."

def test_lkp_2_the_grants_are_read(real):
    ((_, paleozoic),) = locks.hand_trap_grants(real["Paleozoic Opabinia"])
    ((_, musket),) = locks.hand_trap_grants(real["Magical Musket Mastermind Caspar"])
    assert real["Paleozoic Canadia"].in_archetype(paleozoic) and real["Magical Musket - Desperado"].in_archetype(musket)
    for name in ("Paleozoic Opabinia", "Magical Musket Mastermind Caspar", "Magical Musketeer Max",
                 "Magical Musketeer Caspar", "Magical Musketeer Doc"):
        assert read_whole(real[name]), name
    # the Spell half without "During either player's turn" is another rule: not read
    assert locks.HAND_TRAPS.fullmatch('You can activate "Paleozoic" Spell/Trap Cards from your hand.') and not \
        locks.hand_trap_grants(replace(real["Paleozoic Opabinia"], passcode=990000003, text='2 Level 2 monsters\nYou can activate '
                                       '"Paleozoic" Spell/Trap Cards from your hand.'))


def test_lkp_2_no_paleozoic_trap_has_a_modelled_activation(real):
    """The Paleozoic and Magical Musket Traps of the database have no activation pysolver models: with Opabinia
    face-up, a Paleozoic Trap in the hand is still no play (and the reference agrees)."""
    b = board(cards=real).monster(1, "Paleozoic Opabinia", materials=["Kuriboh", "Kuriboh"]) \
        .hand("Paleozoic Canadia", "Paleozoic Olenoides")
    assert activations(b.build()) == set()


def _haunted_paleozoic(real):
    """A pool where Call of the Haunted (a modelled Trap: it revives a monster from its controller's GY) is also a
    "Paleozoic" card: the grant of LKP-2 then decides whether it is activated from the hand."""
    ((_, code),) = locks.hand_trap_grants(real["Paleozoic Opabinia"])
    haunted = replace(real["Call of the Haunted"], setcodes=(code,))
    names = ("Paleozoic Opabinia", "Kuriboh", "Celtic Guardian", "Magical Musket Mastermind Caspar")
    return CardDB([haunted] + [real[name] for name in names])


def test_lkp_2_a_granted_trap_is_activated_from_the_hand(real):
    pool = _haunted_paleozoic(real)
    b = board(cards=pool).monster(1, "Paleozoic Opabinia", materials=["Kuriboh", "Kuriboh"]) \
        .hand("Call of the Haunted").graveyard("Celtic Guardian")
    position = b.build()
    assert activations(position) == {("H1", "GY1")}
    from pysolver import legal_plays
    (play,) = [p for p in legal_plays(position, all_instances=True) if p.action == "activate"]
    after = applied(position, play)      # apply, the reference applier and the step-indexed turn agree
    assert [i.card.name for i in after.instances.values() if i.location == "spell_trap_zone"] == ["Call of the Haunted"]
    # without the grant, or with another archetype's (Caspar: "Magical Musket"), a Trap stays in the hand
    b = board(cards=pool).monster(1, "Magical Musket Mastermind Caspar").hand("Call of the Haunted") \
        .graveyard("Celtic Guardian")
    assert activations(b.build()) == set()


def test_lkp_2_only_the_turn_players_face_up_monster_grants(real):
    pool = _haunted_paleozoic(real)
    b = board(cards=pool).hand("Call of the Haunted").graveyard("Celtic Guardian")
    b.opponent.monster(1, "Paleozoic Opabinia", materials=["Kuriboh"])
    assert activations(b.build()) == set()
    b = board(cards=pool).monster(1, "Paleozoic Opabinia", position="set").hand("Call of the Haunted") \
        .graveyard("Celtic Guardian")
    assert activations(b.build()) == set()


# --------------------------------------------------------------------------------------------------
# LKP-3: "Your opponent cannot activate the effects of Level 5 or higher monsters Special Summoned from the Extra Deck."

def test_lkp_3_the_lock_is_read_as_data(real):
    (lock,) = locks.activation_locks(real["Crimson Blader/Assault Mode"])
    assert (lock.who, lock.place, lock.kinds) == ("opponent", "field", {"monster"})
    assert str(lock.what[0]) == "Level 5 or higher monster Special Summoned from the Extra Deck"
    assert read_whole(real["Crimson Blader/Assault Mode"])
    # a description the requirement language cannot express stays unread
    assert locks.read_activation_lock("Your opponent cannot activate the effects of monsters that mention \"Junk "
                                      "Warrior\" Special Summoned from the Extra Deck.", "card") is None


def magnolia(real, assault_mode: str | None = "theirs", **options):
    """The turn player's Aromalilith Magnolia (a Level 8 Fusion Monster whose "Once per turn: You can pay 2000 LP"
    effect pysolver models) and, face-up on one side, Crimson Blader/Assault Mode."""
    b = board(cards=real).monster(1, "Aromalilith Magnolia", **options)
    if assault_mode == "theirs":
        b.opponent.monster(1, "Crimson Blader/Assault Mode")
    elif assault_mode == "mine":
        b.monster(2, "Crimson Blader/Assault Mode")
    elif assault_mode == "theirs_set":
        b.opponent.monster(1, "Crimson Blader/Assault Mode", position="set")
    return b.build()


def test_lkp_3_the_opponents_assault_mode_stops_a_fusion_summoned_monster(real):
    assert activations(magnolia(real, None, summoned_as="fusion")) == {("M1", None)}
    assert activations(magnolia(real, summoned_as="fusion")) == set()


def test_lkp_3_only_monsters_special_summoned_from_the_extra_deck(real):
    """Revived from the GY, Aromalilith Magnolia's summon location is the GY: its effect stays open."""
    assert activations(magnolia(real, special_summoned_from="graveyard")) == {("M1", None)}


def test_lkp_3_it_binds_the_opponent_of_its_controller_while_face_up(real):
    assert activations(magnolia(real, "mine", summoned_as="fusion")) == {("M1", None)}
    assert activations(magnolia(real, "theirs_set", summoned_as="fusion")) == {("M1", None)}


# --------------------------------------------------------------------------------------------------
# LKP-4: targeting protections of Spells/Traps, of an archetype's cards, of monsters Special Summoned from the Extra
# Deck or the GY

def cipher(real):
    """The turn player's Galaxy-Eyes Cipher Dragon with Xyz Material: its effect targets a face-up monster the
    opponent controls (TGT-5)."""
    return board(cards=real).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"])


def targets(position) -> set:
    return {target for card, target in activations(position) if card == "M1"}


def test_lkp_4_the_sentences_are_read(real):
    from pysolver.cards.protections import protections
    expected = {"Linkmail Archfiend": ("own", True, False, frozenset({"monster"})),
                "Nine-Lives Cat": ("own", True, True, frozenset({"monster", "spell", "trap"})),
                "Transcendosaurus Glaciasaurus": ("own", True, False, frozenset({"monster", "spell", "trap"})),
                "Dark Magician the Dragon Knight": ("own_spell_trap", False, False, frozenset({"monster", "spell", "trap"})),
                "Galaxy Stealth Dragon": ("own_cards", True, True, frozenset({"monster", "spell", "trap"}))}
    for name, (scope, face_up, other, kinds) in expected.items():
        (found,) = protections(real[name]).protections
        assert (found.whom, found.scope, found.face_up, found.other, found.kinds) == ("opponent", scope, face_up, other,
                                                                                      kinds), name
        assert read_whole(real[name]), name
    (glaciasaurus,) = protections(real["Transcendosaurus Glaciasaurus"]).protections
    assert str(glaciasaurus.filter) == "Dinosaur monster Special Summoned from the GY"


def test_lkp_4_linkmail_archfiend_protects_monsters_special_summoned_from_the_extra_deck(real):
    """Monster effects cannot target the opponent's monsters Special Summoned from the Extra Deck (Linkmail itself, a
    Fusion Summoned Flame Wingman); a Normal Summoned Celtic Guardian stays a target."""
    b = cipher(real)
    b.opponent.monster(1, "Linkmail Archfiend", summoned_as="link").monster(2, "Elemental HERO Flame Wingman",
                                                                             summoned_as="fusion") \
        .monster(3, "Celtic Guardian")
    assert targets(b.build()) == {"oM3"}
    # the turn player's own Linkmail protects nothing against the turn player
    b = cipher(real).monster(2, "Linkmail Archfiend", summoned_as="link")
    b.opponent.monster(2, "Elemental HERO Flame Wingman", summoned_as="fusion")
    assert targets(b.build()) == {"oM2"}


def test_lkp_4_nine_lives_cat_protects_other_monsters_special_summoned_from_the_gy(real):
    b = cipher(real)
    b.opponent.monster(1, "Nine-Lives Cat", special_summoned_from="graveyard").monster(
        2, "Celtic Guardian", special_summoned_from="graveyard").monster(3, "Galaxy-Eyes Photon Dragon")
    assert targets(b.build()) == {"oM1", "oM3"}      # not itself ("other"), nor a monster summoned another way


def test_lkp_4_glaciasaurus_protects_dinosaurs_special_summoned_from_the_gy(real):
    b = cipher(real)
    b.opponent.monster(1, "Transcendosaurus Glaciasaurus", summoned_as="synchro").monster(
        2, "Babycerasaurus", special_summoned_from="graveyard").monster(3, "Babycerasaurus") \
        .monster(4, "Celtic Guardian", special_summoned_from="graveyard")
    assert targets(b.build()) == {"oM1", "oM3", "oM4"}


def test_lkp_4_dark_magician_the_dragon_knight_protects_spells_traps_and_trap_monsters(real):
    """No activation pysolver models targets a card in a Spell & Trap Zone; a Trap Monster (Tiki Curse: "also still a
    Trap Card") is a Spell/Trap the Dragon Knight protects; a monster is not."""
    b = cipher(real)
    b.opponent.monster(1, "Dark Magician the Dragon Knight", summoned_as="fusion").monster(2, "Tiki Curse") \
        .spell_trap(1, "Mystical Space Typhoon", position="set")
    assert targets(b.build()) == {"oM1"}
    b = cipher(real)
    b.opponent.monster(2, "Tiki Curse")
    assert targets(b.build()) == {"oM2"}


def test_lkp_4_galaxy_stealth_dragon_protects_other_galaxy_cards(real):
    b = cipher(real)
    b.opponent.monster(1, "Galaxy Stealth Dragon", materials=["Kuriboh"]).monster(2, "Galaxy-Eyes Photon Dragon") \
        .monster(3, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM3"}
    # its effects negated (TOK-1), it protects nothing (TGT-2)
    b = cipher(real)
    b.opponent.monster(1, "Galaxy Stealth Dragon", materials=["Kuriboh"], restrictions=["effects_negated"]) \
        .monster(2, "Galaxy-Eyes Photon Dragon")
    assert targets(b.build()) == {"oM1", "oM2"}


# --------------------------------------------------------------------------------------------------
# LKP-5: "After this card was Xyz Summoned, your opponent cannot activate monster effects for the rest of that turn."

def test_lkp_5_the_sentence_is_read(real):
    from pysolver.cards.effects import read_clauses
    assert any(c.kind == "after_summoned_opponent" and c.method == "xyz" for c in read_clauses(real["Outer Entity Azathot"]))
    assert read_whole(real["Outer Entity Azathot"])


def azathot(real, summoner: str, negated: bool = False, method: str = "xyz"):
    """The turn player's Aromalilith Magnolia (its "pay 2000 LP" effect is a monster effect pysolver models) and Monster
    Reborn, with Celtic Guardian in the GY; this turn `summoner` Summoned Outer Entity Azathot."""
    b = board(cards=real).monster(1, "Aromalilith Magnolia", summoned_as="fusion").hand("Monster Reborn") \
        .graveyard("Celtic Guardian")
    player = 0 if summoner == "me" else 1
    b.event(summon=method, cards=["Outer Entity Azathot"], player=player, negated=negated, **{"from": "extra_deck"})
    if summoner == "me":
        b.monster(2, "Outer Entity Azathot", summoned_as="xyz", materials=["Kuriboh"])
    else:
        b.opponent.monster(1, "Outer Entity Azathot", summoned_as="xyz", materials=["Kuriboh"])
    return b.build()


def test_lkp_5_after_the_opponents_xyz_summon_no_monster_effect(real):
    """The opponent Xyz Summoned Azathot this turn: the turn player activates no monster effect (Magnolia's), a Spell
    still (Monster Reborn); after the turn player's own Xyz Summon of it, both."""
    position = azathot(real, "them")
    assert activations(position) == {("H1", "GY1")}
    from pysolver.solve.why import why
    (answer,) = why(position, "M1", "activate").answers
    assert any(reason.rule == "LKP-5" for group in answer.reasons for reason in group)
    assert activations(azathot(real, "me")) == {("M1", None), ("H1", "GY1")}


def test_lkp_5_a_negated_summon_or_another_kind_switches_nothing_on(real):
    assert activations(azathot(real, "them", negated=True)) == {("M1", None), ("H1", "GY1")}
    assert activations(azathot(real, "them", method="special")) == {("M1", None), ("H1", "GY1")}


# --------------------------------------------------------------------------------------------------
# LKP-6: "You cannot activate cards or effects, or Set any cards."

def rocket(real, side: str = "mine", **options):
    b = board(cards=real).hand("Monster Reborn", "Celtic Guardian", "Mystical Space Typhoon", "Polymerization") \
        .graveyard("Kuriboh").extra_deck("Elemental HERO Flame Wingman").monster(2, "Elemental HERO Avian")
    b.hand("Elemental HERO Burstinatrix")
    if side == "mine":
        b.monster(1, "Rocket Arrow Express", special_summoned_from="hand", **options)
    else:
        b.opponent.monster(1, "Rocket Arrow Express", special_summoned_from="hand", **options)
    return b.build()


def actions(position) -> set:
    return {action for action, _, _ in plays(position)}


def test_lkp_6_the_sentence_is_read(real):
    assert locks.no_activation_or_set(real["Rocket Arrow Express"])
    assert read_whole(real["Rocket Arrow Express"])


def test_lkp_6_its_controller_activates_and_sets_nothing(real):
    free = actions(rocket(real, "theirs"))
    assert {"activate", "fusion_summon", "set_monster", "set_spell_trap", "normal_summon"} <= free
    locked = actions(rocket(real))
    assert not locked & {"activate", "activate_scale", "fusion_summon", "ritual_summon", "set_monster", "set_spell_trap"}
    assert "normal_summon" in locked          # a Summon is neither an activation nor a Set
    from pysolver.solve.why import why
    (answer,) = why(rocket(real), "H1", "activate").answers
    assert any(reason.rule == "LKP-6" for group in answer.reasons for reason in group)


def test_lkp_6_negated_or_face_down_it_forbids_nothing(real):
    free = actions(rocket(real, "theirs"))
    assert actions(rocket(real, restrictions=["effects_negated"])) >= free - {"change_position"}
    assert {"activate", "set_monster", "set_spell_trap"} <= actions(rocket(real, position="set"))


def test_lkp_4_madolche_fresh_sistart_is_read_under_its_lead(real):
    """'While this card points to a "Madolche" monster, "Madolche" Spells/Traps you control cannot be destroyed by card
    effects, also neither player can target them with card effects.': the face-up Madolche Spells/Traps of its
    controller (PRC-2's lead). No activation pysolver lists targets a Spell or Trap on the field, so the plays are those
    without it, and the reference agrees."""
    from pysolver.cards.protections import protections
    (found,) = protections(real["Madolche Fresh Sistart"]).protections
    assert (found.whom, found.scope, found.face_up, found.presence.where) == ("both", "own_spell_trap", True, "points")
    assert read_whole(real["Madolche Fresh Sistart"])
    b = cipher(real).monster("left", "Madolche Fresh Sistart", summoned_as="link").monster(4, "Madolche Magileine") \
        .spell_trap(2, "Madolche Waltz", position="face_up")
    b.opponent.monster(1, "Celtic Guardian")
    assert targets(b.build()) == {"oM1"}


# --------------------------------------------------------------------------------------------------
# LKP-7: 'Can only be Link Summoned while you have a "World Legacy" card in your GY.'

def lib(real, *graveyard):
    b = board(cards=real).monster(1, "Celtic Guardian").monster(2, "Kuriboh").extra_deck("Lib the World Key Blademaster")
    if graveyard:
        b.graveyard(*graveyard)
    return b.build()


def test_lkp_7_lib_needs_a_world_legacy_card_in_the_gy(real):
    assert locks.gy_card_needed(real["Lib the World Key Blademaster"])[0][1] == "link"
    assert read_whole(real["Lib the World Key Blademaster"])
    assert ("link_summon", "ED1", None) not in plays(lib(real))
    assert ("link_summon", "ED1", None) not in plays(lib(real, "Kuriboh"))
    assert ("link_summon", "ED1", None) in plays(lib(real, "World Legacy Key"))
    from pysolver.solve.why import why
    (answer,) = why(lib(real), "ED1", "link_summon").answers
    assert any(reason.rule == "LKP-7" for group in answer.reasons for reason in group)


def test_lkp_7_only_the_turn_players_gy_counts(real):
    b = board(cards=real).monster(1, "Celtic Guardian").monster(2, "Kuriboh").extra_deck("Lib the World Key Blademaster")
    b.opponent.graveyard("World Legacy Key")
    assert ("link_summon", "ED1", None) not in plays(b.build())


# --------------------------------------------------------------------------------------------------
# LKP-8: 'You can activate the effects of "PSY-Framegear" monsters in your hand even while you control a monster(s).'

def test_lkp_8_lambda_is_read_and_no_hand_effect_of_a_monster_is_modelled(real):
    """The reading rests on this: no monster of the database has an activated effect pysolver models in the hand."""
    from pysolver.cards.effects import activated_effects
    assert read_whole(real["PSY-Framelord Lambda"])
    assert all(e.where in ("field", "graveyard") for card in real if card.is_monster for e in activated_effects(card))
    b = board(cards=real).monster("left", "PSY-Framelord Lambda", summoned_as="link").hand("PSY-Framegear Gamma")
    assert "activate" not in actions(b.build())


# --------------------------------------------------------------------------------------------------
# LKP-9: "Neither player can target this Xyz Summoned card with monster effects, except its own."

def test_lkp_9_borreload_excharge_is_protected_while_xyz_summoned(real):
    assert read_whole(real["Borreload eXcharge Dragon"])
    b = cipher(real)
    b.opponent.monster(1, "Borreload eXcharge Dragon", summoned_as="xyz", materials=["Kuriboh"]) \
        .monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM2"}
    b = cipher(real)     # revived, not Xyz Summoned: no protection
    b.opponent.monster(1, "Borreload eXcharge Dragon", special_summoned_from="graveyard").monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM2"}


def test_lkp_9_the_exception_is_read_only_for_this_card_and_monster_effects(real):
    from pysolver.cards import protections
    card = real["Borreload eXcharge Dragon"]
    (found,) = protections.read_sentence("Neither player can target this card with monster effects, except its own.", card)
    assert found.except_own and found.summoned_as is None
    assert protections.read_sentence("Neither player can target monsters you control with monster effects, except its "
                                     "own.", card) is None
    assert protections.read_sentence("Neither player can target this card with card effects, except its own.",
                                     card) is None
