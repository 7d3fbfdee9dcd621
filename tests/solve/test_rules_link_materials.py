"""Link Materials that are not monsters the summoner controls (LNK-1, LNK-2; engine-rules.md §4.7, the Link
Monster's own EFFECT_EXTRA_MATERIAL): "You can also use 1 monster your opponent controls as material to Link
Summon this card" (Underworld Goddess of the Closed World: the opponent's face-up monsters) and "You can also
use 1 monster in your hand as material to Link Summon this card" (Zenna's Deceiving Doll Maidens). At most 1
such material; the material line still applies to it; it goes to its owner's GY. Real cards of the card
database (../shared/data/cards.cdb); every answer is checked against the independent reference, and every
position a play leads to against the reference applier and the step-indexed transition (asp/transition.lp)."""

from __future__ import annotations


from helpers import applied, board
from pysolver import legal_plays
from pysolver.cards.reading import unread_clauses
from pysolver.cards.written import link_extra_material
from pysolver.reference.plays import legal_plays as reference_plays
from pysolver.solve.why import why

GODDESS = "Underworld Goddess of the Closed World"   # Link-5, 4+ Effect Monsters
ZENNA = "Zenna's Deceiving Doll Maidens"             # Link-5, 2+ Effect Monsters
EFFECTS = ("Effect Veiler", "Ash Blossom & Joyous Spring", 'Maxx "C"', "Ghost Ogre & Snow Rabbit")


def link_materials(position, card="ED1") -> set:
    """The material sets of the Link Summons of `card`, as the solver lists them; the reference must agree
    on every play of the position, and nothing is withheld."""
    solver = legal_plays(position, all_instances=True)
    reference = reference_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference}
    assert not solver.unread
    return {p.materials for p in solver if p.action == "link_summon" and p.card == card}


def the_play(position, materials, card="ED1"):
    (play,) = [p for p in legal_plays(position, all_instances=True)
               if p.action == "link_summon" and p.card == card and p.materials == materials]
    return play


def goddess_board(real, own=EFFECTS):
    b = board(cards=real).extra_deck(GODDESS)
    for zone, name in enumerate(own, 1):
        b.monster(zone, name)
    return b


# --- the reader ---------------------------------------------------------------------------------------

def test_lnk_1_the_extra_material_sentence_is_read(real):
    assert link_extra_material(real[GODDESS]) == "opponent_field"
    assert link_extra_material(real[ZENNA]) == "hand"
    assert link_extra_material(real["Decode Talker"]) is None
    assert unread_clauses(real[GODDESS]) == () and unread_clauses(real[ZENNA]) == ()


def test_lnk_1_forms_not_read_stay_unread(real):
    """The hand materials that a monster's own text allows for another Link Monster ("If a Cyberse monster you
    control would be used as Link Material for a "Code Talker" monster, this card in your hand can also be used as
    material": its once per turn is not in the turn's history) stay unread: their plays are withheld, never guessed.
    (Ghostrick Festival's face-down "Ghostrick" material is read since MST-3, docs/targeting-rules.md.)"""
    assert link_extra_material(real["Ghostrick Festival"]) == "own_face_down"
    for name in ("Micro Coder", "Cyberse Code Magician", "Altergeist Pookuery",
                 "Linkslayer @Ignister", "Proxy Horse", "Rokket Coder"):
        assert link_extra_material(real[name]) is None and unread_clauses(real[name]), name


# --- Underworld Goddess: 1 monster the opponent controls ------------------------------------------------

def test_lnk_1_goddess_uses_one_face_up_monster_the_opponent_controls(real):
    b = goddess_board(real)
    b.opponent.monster(1, "Ash Blossom & Joyous Spring").monster(3, 'Maxx "C"').monster(4, "Effect Veiler",
                                                                                     position="set")
    position = b.build()
    # 5 materials: the 4 own Effect Monsters and 1 face-up Effect Monster of the opponent (never the Set one)
    assert link_materials(position) == {("M1", "M2", "M3", "M4", "oM1"), ("M1", "M2", "M3", "M4", "oM3")}


def test_lnk_1_goddess_never_two_monsters_of_the_opponent(real):
    b = goddess_board(real, own=EFFECTS[:3])
    b.opponent.monster(1, "Ash Blossom & Joyous Spring").monster(3, 'Maxx "C"')
    position = b.build()
    assert link_materials(position) == set()
    answers = {answer.action: answer for answer in why(position, "ED1").answers}
    words = " | ".join(str(reason) for group in answers["link_summon"].reasons for reason in group)
    assert "LNK-1" in words


def test_lnk_2_goddess_the_line_applies_to_the_opponents_monster(real):
    """4+ Effect Monsters: the opponent's Normal Monster is no material."""
    b = goddess_board(real)
    b.opponent.monster(2, "Dark Magician")
    assert link_materials(b.build()) == set()


def test_lnk_1_without_the_sentence_no_monster_of_the_opponent_and_none_from_the_hand(real):
    """Decode Talker (2+ Effect Monsters, Link-3): only face-up monsters its summoner controls."""
    b = board(cards=real).extra_deck("Decode Talker").monster(1, "Effect Veiler").monster(2, "Ash Blossom & Joyous Spring")
    b.hand('Maxx "C"')
    b.opponent.monster(1, "Ghost Ogre & Snow Rabbit")
    assert link_materials(b.build()) == set()


def test_lnk_1_goddess_the_opponents_monster_goes_to_its_gy(real):
    b = goddess_board(real)
    b.opponent.monster(3, 'Maxx "C"')
    position = b.build()
    play = the_play(position, ("M1", "M2", "M3", "M4", "oM3"))
    after = applied(position, play, zone="EMZL")
    assert [c.card.name for c in after.opponent.graveyard] == ['Maxx "C"']
    assert sorted(c.card.name for c in after.me.graveyard) == sorted(EFFECTS)
    assert after.events[-1]["summon"] == "link" and after.events[-1]["from"] == "extra_deck"


def test_zn_6_the_opponents_material_frees_its_extra_monster_zone(real):
    """ZN-1, ZN-6: with the opponent's monster in the left EMZ as material, that EMZ is open afterwards."""
    b = goddess_board(real)
    b.opponent.monster("left", "Decode Talker")   # worth 1 here (Link-3)
    position = b.build()
    (materials,) = link_materials(position)
    assert materials == ("M1", "M2", "M3", "M4", "oEMZL")
    assert the_play(position, materials).zones == ("EMZL", "EMZR")


# --- Zenna's Deceiving Doll Maidens: 1 monster in the hand ----------------------------------------------

def zenna_board(real):
    return board(cards=real).extra_deck(ZENNA).monster(1, "Effect Veiler").monster(2, "Decode Talker") \
        .monster(3, "Ghost Ogre & Snow Rabbit")


def test_lnk_1_zenna_uses_one_monster_in_the_hand(real):
    """Link-5: Decode Talker counts 3; with 2 more Effect Monsters, one of them may come from the hand (a
    Normal Monster or a Spell there never: the line, "monster"), never 2 from the hand."""
    position = zenna_board(real).hand("Ash Blossom & Joyous Spring", 'Maxx "C"', "Pot of Greed", "Dark Magician") \
        .build()
    assert link_materials(position) == {("H1", "M1", "M2"), ("H1", "M2", "M3"), ("H2", "M1", "M2"),
                                        ("H2", "M2", "M3"), ("M1", "M2", "M3")}


def test_lnk_1_zenna_never_two_monsters_from_the_hand(real):
    position = board(cards=real).extra_deck(ZENNA).monster(1, "Decode Talker") \
        .hand("Ash Blossom & Joyous Spring", 'Maxx "C"').build()
    assert link_materials(position) == set()


def test_lnk_1_zenna_the_hand_material_goes_to_the_gy(real):
    position = zenna_board(real).hand("Ash Blossom & Joyous Spring").build()
    play = the_play(position, ("H1", "M1", "M2"))
    after = applied(position, play, zone="EMZR")
    assert after.me.hand == ()
    assert sorted(c.card.name for c in after.me.graveyard) == ["Ash Blossom & Joyous Spring", "Decode Talker",
                                                               "Effect Veiler"]
    assert after["EMZR"].card.name == ZENNA and after["M3"].card.name == "Ghost Ogre & Snow Rabbit"
