"""Zone locks (docs/lock-rules.md ZLK-1..): "You cannot Summon/Set monsters to a zone(s) this card points to.", on
real cards of the card database (../shared/data/cards.cdb). Every answer is compared with the independent reference
enumerator (tests/helpers.whole_plays: the same plays, zones included, and nothing left unread)."""

from __future__ import annotations

from helpers import board, whole_plays
from pysolver import legal_plays
from pysolver.cards import locks
from pysolver.cards.reading import unread_clauses
from pysolver.reference.plays import legal_plays as reference_plays


def zones_of(position, action: str) -> dict:
    """{(card, used instances): zones} of the plays of `action`; pysolver and the reference list the same
    plays, with the same zones."""
    whole_plays(position)
    found = {}
    for p in legal_plays(position, all_instances=True):
        if p.action == action:
            found[(p.card, p.materials or p.tributes or p.cost)] = p.zones
    reference = {(p.card, p.materials or p.tributes or p.cost): p.zones
                 for p in reference_plays(position, all_instances=True) if p.action == action}
    assert found == reference
    return found


# --------------------------------------------------------------------------------------------------
# ZLK-1: reading

def test_zlk_1_the_sentence_is_read(real):
    for name in ("S-Force Justify", "Flash Charge Dragon", "Gorgon of Zilofthonia"):
        assert locks.zone_lock(real[name]), name
        assert not any("this card points to." in u.clause and "Summon/Set" in u.clause
                       for u in unread_clauses(real[name])), name
    assert not unread_clauses(real["S-Force Justify"]) and not unread_clauses(real["Flash Charge Dragon"])
    # Gorgon of Zilofthonia's other sentence (what its pointed monsters cannot do) is read too (ATQ-1).
    assert not unread_clauses(real["Gorgon of Zilofthonia"])
    # EDL-5's wording (any Extra Monster Zone) is not ZLK-1's.
    assert not locks.zone_lock(real["Topologic Zeroboros"])


# --------------------------------------------------------------------------------------------------
# ZLK-1: the Extra Monster Zones its Top arrows point to (from a Main Monster Zone)

def link_position(real, zone: int, lock: str = "S-Force Justify", **options):
    b = board(cards=real).monster(1 if zone != 1 else 2, "Kuriboh").monster(zone, lock, **options) \
        .extra_deck("Linkuriboh")
    return b.build()


def test_zlk_1_s_force_justify_closes_the_extra_monster_zones_it_points_to(real):
    """S-Force Justify (Top, Top-Left, Top-Right): from M3 it points to both Extra Monster Zones, from M2 to the
    left one (Top), from M4 and M5 to the right one, from M1 to the left one (Top-Right). Linkuriboh has no linked Main
    Monster Zone to go to (Justify points to none): only the open Extra Monster Zone."""
    expected = {1: {"EMZR"}, 2: {"EMZR"}, 3: set(), 4: {"EMZL"}, 5: {"EMZL"}}
    for zone, left in expected.items():
        found = zones_of(link_position(real, zone), "link_summon")
        assert {z for zones in found.values() for z in zones} == left, zone


def test_zlk_1_flash_charge_dragon_the_same(real):
    assert zones_of(link_position(real, 3, "Flash Charge Dragon"), "link_summon") == {}
    assert set().union(*zones_of(link_position(real, 2, "Flash Charge Dragon"), "link_summon").values()) == {"EMZR"}


def test_zlk_1_applies_while_its_effects_are_negated(real):
    """The engine flags the lock EFFECT_FLAG_CANNOT_DISABLE: a negated S-Force Justify in M3 still closes both
    Extra Monster Zones (unlike EDL-5's Topologic Zeroboros, test_rules_ed_locks)."""
    assert zones_of(link_position(real, 3, restrictions=["effects_negated"]), "link_summon") == {}


def test_zlk_1_without_the_card_both_extra_monster_zones_are_open(real):
    b = board(cards=real).monster(1, "Kuriboh").monster(3, "Linkuriboh").extra_deck("Linkuriboh")
    found = zones_of(b.build(), "link_summon")
    assert {z for zones in found.values() for z in zones} == {"EMZL", "EMZR"}


def test_zlk_1_the_opponents_card_binds_only_its_controller(real):
    b = board(cards=real).monster(1, "Kuriboh").extra_deck("Linkuriboh")
    b.opponent.monster(3, "S-Force Justify")
    found = zones_of(b.build(), "link_summon")
    assert {z for zones in found.values() for z in zones} == {"EMZL", "EMZR"}


def test_zlk_1_a_material_that_leaves_first_closes_nothing(real):
    """ZN-6: S-Force Justify in M3 as a material of Proxy Dragon ("2 monsters") leaves before Proxy Dragon is
    placed: both Extra Monster Zones are open. With two Kuriboh as the materials, Justify stays: none is."""
    b = board(cards=real).monster(1, "Kuriboh").monster(2, "Kuriboh").monster(3, "S-Force Justify") \
        .extra_deck("Proxy Dragon")
    found = zones_of(b.build(), "link_summon")
    assert found, found
    for used, zones in found.items():
        assert ("M3" in used[1]) == bool(zones), (used, zones)
        if "M3" in used[1]:
            assert set(zones) == {"EMZL", "EMZR"}


# --------------------------------------------------------------------------------------------------
# ZLK-1: the opponent's Main Monster Zones its Top arrows point to (from an Extra Monster Zone)

def test_zlk_1_lava_golem_not_to_the_opponents_zones_it_points_to(real):
    """Lava Golem's procedure Summons it to the opponent's field after Tributing 2 of their monsters. S-Force
    Justify in the left Extra Monster Zone points to the opponent's M3, M4, M5 (their numbering): Lava Golem may go
    to their M1 or M2 only; from the right Extra Monster Zone, to their M4 or M5 only."""
    for side, expected in (("left", ("oM1", "oM2")), ("right", ("oM4", "oM5"))):
        b = board(cards=real).monster(side, "S-Force Justify").hand("Lava Golem")
        b.opponent.monster(1, "Kuriboh").monster(2, "Kuriboh")
        found = zones_of(b.build(), "procedure_summon")
        assert list(found.values()) == [expected], side
    b = board(cards=real).monster("left", "Linkuriboh").hand("Lava Golem")
    b.opponent.monster(1, "Kuriboh").monster(2, "Kuriboh")
    assert list(zones_of(b.build(), "procedure_summon").values()) == [("oM1", "oM2", "oM3", "oM4", "oM5")]


# --------------------------------------------------------------------------------------------------
# ZLK-1: the turn's other Summons and Sets, with the card on the field

def test_zlk_1_main_deck_summons_and_effects_keep_the_zones_it_does_not_point_to(real):
    """S-Force Justify points to no Main Monster Zone of its controller from M3: a Normal Summon, a Set, Monster
    Reborn and Scapegoat keep every free Main Monster Zone, and pysolver lists what the reference lists."""
    b = board(cards=real).monster(3, "S-Force Justify").hand("Kuriboh", "Monster Reborn", "Scapegoat") \
        .graveyard("Dark Magician")
    position = b.build()
    assert zones_of(position, "normal_summon") == {("H1", None): ("M1", "M2", "M4", "M5")}
    assert zones_of(position, "set_monster") == {("H1", None): ("M1", "M2", "M4", "M5")}
    assert set(zones_of(position, "activate").values()) == {("M1", "M2", "M4", "M5")}


def test_zlk_1_pendulum_summon_from_the_extra_deck(real):
    """A face-up Pendulum Monster in the Extra Deck is Pendulum Summoned to an Extra Monster Zone or a linked
    zone (ZN-4). S-Force Justify in M3 closes both Extra Monster Zones: from the Extra Deck nothing; from M2 the
    right one stays open."""
    for zone, extra in ((3, False), (2, True)):
        b = board(cards=real).spell_trap(1, "Foucault's Cannon").spell_trap(5, "Flash Knight") \
            .monster(zone, "S-Force Justify").extra_deck("Stargazer Magician", face_up=True)
        position = b.build()
        whole_plays(position)
        summoned = [p for p in legal_plays(position, all_instances=True) if p.action == "pendulum_summon"]
        assert bool(summoned) == extra, zone
        if extra:
            assert {z for p in summoned for zones in p.zones.values() for z in zones} == {"EMZR"}


# --------------------------------------------------------------------------------------------------
# ZLK-2: "Neither player can Summon monsters." (The Last Warrior from Another Planet)

def summary(position) -> set:
    return {(action, card, target) for action, card, target in whole_plays(position)
            if action not in ("set_spell_trap", "end_turn", "enter_battle_phase", "change_position")}


def test_zlk_2_the_sentence_is_read(real):
    card = real["The Last Warrior from Another Planet"]
    assert [lock.kind for lock in locks.summon_locks(card)] == ["summon"]
    assert not unread_clauses(card)
    # a description, a place or an exception stays unread (only the bare sentence is ZLK-2)
    assert locks.read_lock("Neither player can Summon monsters, except Fusion Monsters.", "card") is None
    assert locks.read_lock("Neither player can Summon Level 5 or higher monsters.", "card") is None


def last_warrior(real, **options):
    """The Last Warrior from Another Planet face-up in M3 (or negated), a face-down Kuriboh in M1 (not Set this
    turn), a face-up Gemini monster not yet Gemini Summoned in M2; in the hand Kuriboh, Summoned Skull (Level 6: 1
    Tribute) and Monster Reborn; Dark Magician in the GY."""
    return board(cards=real).monster(3, "The Last Warrior from Another Planet", **options) \
        .monster(1, "Kuriboh", position="set").monster(2, "Knight Day Grepher") \
        .hand("Kuriboh", "Summoned Skull", "Monster Reborn").graveyard("Dark Magician")


def test_zlk_2_no_normal_flip_gemini_or_special_summon_only_sets(real):
    found = summary(last_warrior(real).build())
    assert {action for action, _, _ in found} == {"set_monster"}
    assert ("set_monster", "H1", None) in found and ("set_monster", "H2", None) in found   # a Tribute Set too


def test_zlk_2_negated_it_forbids_nothing(real):
    found = summary(last_warrior(real, restrictions=["effects_negated"]).build())
    actions = {action for action, _, _ in found}
    assert {"normal_summon", "flip_summon", "gemini_summon", "activate", "set_monster"} <= actions
    assert ("activate", "H3", "GY1") in found and ("normal_summon", "H2", None) in found   # a Tribute Summon


def test_zlk_2_the_opponents_card_binds_both_players(real):
    b = board(cards=real).monster(1, "Kuriboh", position="set").hand("Kuriboh", "Monster Reborn") \
        .graveyard("Dark Magician")
    b.opponent.monster(3, "The Last Warrior from Another Planet")
    assert {action for action, _, _ in summary(b.build())} == {"set_monster"}


# --------------------------------------------------------------------------------------------------
# ZLK-3: "Neither player can Special Summon Monster Cards from the hand or GY using Spell/Trap effects."

def anoyatyllis(real, **options):
    """El Shaddoll Anoyatyllis face-up in M3; two Celtic Guardians (Level 4) in the hand for Black Luster Ritual (Black Luster
    Soldier, Level 8, in the hand); Call of the Haunted Set (not this turn); in the GY Eidos the Underworld Squire
    (its own effect, a monster effect, revives Edea the Heavenly Squire, 800 ATK/1000 DEF) and Edea; in the hand
    Monster Reborn and Scapegoat."""
    return board(cards=real).monster(3, "El Shaddoll Anoyatyllis", **options) \
        .hand("Black Luster Ritual", "Black Luster Soldier", "Monster Reborn", "Scapegoat", "Celtic Guardian",
              "Celtic Guardian") \
        .spell_trap(1, "Call of the Haunted", position="set") \
        .graveyard("Eidos the Underworld Squire", "Edea the Heavenly Squire")


def test_zlk_3_the_sentence_is_read(real):
    card = real["El Shaddoll Anoyatyllis"]
    assert [(lock.kind, lock.source) for lock in locks.summon_locks(card)] == [("spell_trap_effect", "hand_or_graveyard")]
    assert not unread_clauses(card)


def test_zlk_3_no_revival_or_ritual_summon_by_a_spell_or_trap(real):
    """Monster Reborn, Call of the Haunted (GY) and the Ritual Summon of Black Luster Soldier (hand, by Black Luster
    Ritual's effect) are not listed; Scapegoat's Tokens (from nowhere) and Eidos's revival (a monster effect) are."""
    found = summary(anoyatyllis(real).build())
    assert not any(action == "ritual_summon" for action, _, _ in found)
    assert ("activate", "GY1", "GY2") in found                  # Eidos the Underworld Squire revives Edea
    assert ("activate", "H4", None) in found                    # Scapegoat
    assert not any(action == "activate" and card in ("H3", "S1") for action, card, _ in found)


def test_zlk_3_negated_it_forbids_nothing(real):
    found = summary(anoyatyllis(real, restrictions=["effects_negated"]).build())
    assert any(action == "ritual_summon" for action, _, _ in found)
    assert ("activate", "H3", "GY1") in found and ("activate", "S1", "GY2") in found


# --------------------------------------------------------------------------------------------------
# ZLK-4: "After you Synchro Summon this card, you cannot Special Summon Level 5 or higher monsters for the rest of
# the turn." (Brotherhood of the Fire Fist - Horse Prince), decided by the turn's history

def horse_prince(real, **event):
    """Horse Prince on the field; the turn's history has its Summon (`event`: the kind, negated, whose); Monster
    Reborn in the hand, Dark Magician (Level 7) and Kuriboh (Level 1) in the GY; two Level 4 monsters for Number
    39: Utopia (an Xyz Monster: a Rank, no Level)."""
    b = board(cards=real).monster(1, "Brotherhood of the Fire Fist - Horse Prince", summoned_this_turn=True) \
        .monster(2, "Celtic Guardian").monster(3, "Celtic Guardian").hand("Monster Reborn") \
        .graveyard("Dark Magician", "Kuriboh").extra_deck("Number 39: Utopia")
    if event:
        b = b.event(card="Brotherhood of the Fire Fist - Horse Prince", **{"from": "extra_deck"}, **event)
    return b.build()


def test_zlk_4_the_sentence_is_read(real):
    assert not unread_clauses(real["Brotherhood of the Fire Fist - Horse Prince"])


def test_zlk_4_after_its_synchro_summon_no_level_5_or_higher(real):
    found = summary(horse_prince(real, summon="synchro"))
    assert ("activate", "H1", "GY1") not in found              # Dark Magician, Level 7
    assert ("activate", "H1", "GY2") in found                  # Kuriboh, Level 1
    assert any(action == "xyz_summon" for action, _, _ in found)   # an Xyz Monster has no Level


def test_zlk_4_not_without_a_successful_synchro_summon_of_it(real):
    for event in ({}, {"summon": "synchro", "negated": True}, {"summon": "special"},
                  {"summon": "synchro", "player": 1}):
        found = summary(horse_prince(real, **event))
        assert ("activate", "H1", "GY1") in found, event
