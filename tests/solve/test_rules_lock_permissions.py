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
        locks.hand_trap_grants(replace(real["Paleozoic Opabinia"], passcode=1, text='2 Level 2 monsters\nYou can activate '
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
