"""CNB-1.. (docs/battle-rules.md, "Effects by a count"): bullets "● N+: ..." after a lead that counts something a
position holds. Real cards of the card database; every answer is the reference's (whole plays)."""

from __future__ import annotations

from helpers import board, whole_plays

from pysolver.cards.locks import summon_locks
from pysolver.cards.reading import unread_clauses

RHONGO = "Number 86: Heroic Champion - Rhongomyniad"
FOUR = ["Kuriboh", "Kuriboh", "Kuriboh", "Kuriboh"]


# --- CNB-1: "● 4+: Your opponent cannot Normal or Special Summon monsters." (materials attached to it) -------------

def test_cnb_1_rhongomyniad_bullet_is_read_as_a_lock_while_4_materials_are_attached(real):
    card = real[RHONGO]
    assert unread_clauses(card) == ()
    (lock,) = summon_locks(card)
    assert (lock.who, lock.kind, lock.with_material) == ("opponent", "normal_special", 4)


def _position(real, materials, **state):
    b = board(cards=real).hand("Summoned Skull", "Gemini Elf").monster(1, "Sangan").monster(2, "Glow-Up Bulb") \
        .monster(3, "Kuriboh", position="set").extra_deck("Armory Arm")
    b.opponent.monster(1, RHONGO, materials=materials, summoned_as="xyz", **state)
    return b.build()


def _summons(plays):
    return {(action, card) for action, card, _ in plays
            if action in ("normal_summon", "set_monster", "flip_summon", "synchro_summon", "gemini_summon")}


def test_cnb_1_rhongomyniad_with_4_materials_forbids_normal_and_special_summons_not_flip_or_set(real):
    locked = _summons(whole_plays(_position(real, FOUR)))
    actions = {action for action, _ in locked}
    assert {"flip_summon", "set_monster"} <= actions
    assert not actions & {"normal_summon", "synchro_summon", "gemini_summon"}


def test_cnb_1_rhongomyniad_with_3_materials_or_negated_forbids_nothing(real):
    for materials, state in ((FOUR[:3], {}), (FOUR, {"restrictions": ["effects_negated"]})):
        actions = {action for action, _ in _summons(whole_plays(_position(real, materials, **state)))}
        assert {"normal_summon", "synchro_summon", "flip_summon", "set_monster"} <= actions, (materials, state)


def test_cnb_1_rhongomyniad_of_the_turn_player_binds_only_the_opponent(real):
    b = board(cards=real).hand("Summoned Skull").monster(1, RHONGO, materials=FOUR, summoned_as="xyz")
    assert {action for action, _, _ in whole_plays(b.build())} >= {"normal_summon", "set_monster"}


# --- CNB-2: "● 3: Neither player can target this card ..." (the Ritual Monsters used for its Link Summon) -----------

NEPHTHYS = "Nephthys, the Sacred Flame"
RITUALS = ["Black Luster Soldier", "Relinquished", "Magician of Black Chaos"]


def test_cnb_2_nephthys_bullet_is_read_as_mus_6_with_3_ritual_monsters(real):
    from pysolver.cards.protections import protections
    from pysolver.cards.reading import reads_summon_materials
    card = real[NEPHTHYS]
    assert unread_clauses(card) == ()
    (found,) = protections(card).protections
    assert (found.whom, found.scope, found.summoned_as, found.used_count) == ("both", "self", "link", 3)
    assert reads_summon_materials(card)


def test_cnb_2_nephthys_is_protected_only_when_link_summoned_using_3_ritual_monsters(real):
    from test_rules_ed_locks import activations, cipher
    for used, summoned_as, protected in ((RITUALS, "link", True),
                                         (RITUALS[:2] + ["Kuriboh"], "link", False),
                                         (RITUALS, None, False),
                                         ([], "link", False)):
        b = cipher(real)
        b.opponent.monster(1, NEPHTHYS, summon_materials=used, summoned_as=summoned_as)
        position = b.build()
        whole_plays(position)
        found = {target for card, target in activations(position) if card == "M1"}
        assert found == (set() if protected else {"oM1"}), (used, summoned_as)
    b = cipher(real)
    b.opponent.monster(1, NEPHTHYS, summon_materials=RITUALS, summoned_as="link", restrictions=["effects_negated"])
    assert {target for card, target in activations(b.build()) if card == "M1"} == {"oM1"}


# --- CNB-2, CNB-3: GMX - COMPREX, "● 3+: Your opponent cannot target this card ...", "● 4+: Can make up to 3 attacks" --

COMPREX = "GMX - COMPREX"
DINOSAURS = ["Sabersaurus", "Babycerasaurus", "Gilasaurus", "Petiteranodon"]


def test_cnb_3_comprex_bullets_are_read(real):
    from pysolver.cards.attacks import attack_rules
    from pysolver.cards.protections import protections
    card = real[COMPREX]
    assert unread_clauses(card) == ()
    kind, condition, more = attack_rules(card).used_extra
    assert (kind, condition[0], condition[2], more) == ("fusion", "count", 4, 2)
    (found,) = protections(card).protections
    assert (found.whom, found.scope, found.summoned_as, found.used_count) == ("opponent", "self", "fusion", 3)


def test_cnb_3_comprex_attacks_3_times_only_when_fusion_summoned_using_4_dinosaurs(real):
    from test_rules_attack_clauses import attacks, battle
    for used, summoned_as, attacked, can in ((DINOSAURS, "fusion", 2, True),
                                             (DINOSAURS, "fusion", 3, False),
                                             (DINOSAURS[:3] + ["Kuriboh"], "fusion", 1, False),
                                             (DINOSAURS, None, 1, False)):
        b = battle(real).monster(1, COMPREX, summon_materials=used, summoned_as=summoned_as, attacked=attacked)
        b.opponent.monster(1, "Kuriboh")
        position = b.build()
        whole_plays(position)
        assert attacks(position) == ({("M1", "oM1")} if can else set()), (used, summoned_as, attacked)
    b = battle(real).monster(1, COMPREX, summon_materials=DINOSAURS, summoned_as="fusion", attacked=1,
                             restrictions=["effects_negated"])
    assert attacks(b.build()) == set()


def test_cnb_2_comprex_is_protected_from_the_opponent_with_3_dinosaurs(real):
    from test_rules_ed_locks import activations, cipher
    for used, protected in ((DINOSAURS[:3] + ["Kuriboh"], True), (DINOSAURS[:2] + ["Kuriboh"], False)):
        b = cipher(real)
        b.opponent.monster(1, COMPREX, summon_materials=used, summoned_as="fusion")
        position = b.build()
        whole_plays(position)
        assert {target for card, target in activations(position) if card == "M1"} == \
            (set() if protected else {"oM1"}), used


# --- CNB-4: "● 3+: Your opponent cannot target cards in the GYs with card effects." (materials attached to it) ------

MORTILUX = "Mortilux Heruvur"


def test_cnb_4_mortilux_bullet_is_read_as_a_protection_of_the_gys_while_3_materials_are_attached(real):
    from pysolver.cards.protections import protections
    card = real[MORTILUX]
    assert unread_clauses(card) == ()
    (found,) = protections(card).protections
    assert (found.whom, found.scope, found.materials_at_least) == ("opponent", "graveyards", 3)


def _reborn_targets(position):
    return {target for action, card, target in whole_plays(position) if action == "activate" and target}


def test_cnb_4_mortilux_with_3_materials_stops_the_opponents_targets_in_either_gy(real):
    def position(materials, mine=False, **state):
        b = board(cards=real).hand("Monster Reborn").graveyard("Summoned Skull")
        side = b if mine else b.opponent
        side.monster(1, MORTILUX, materials=materials, summoned_as="xyz", **state)
        b.opponent.graveyard("Dark Magician")
        return b.build()
    free = _reborn_targets(position(FOUR[:2]))
    assert len(free) == 2, free
    assert _reborn_targets(position(FOUR[:3])) == set()
    assert _reborn_targets(position(FOUR[:3], restrictions=["effects_negated"])) == free
    assert _reborn_targets(position(FOUR[:3], mine=True)) == free        # it binds only its controller's opponent


# --- CNB-5: "● 2+: This card can attack directly." ("Virtual World Gate" cards you control) ----------------------------

FUFU = "Virtual World Tiger - Fufu"


def test_cnb_5_fufu_bullet_is_read_as_a_direct_attack_while_2_gates_are_face_up(real):
    from pysolver.cards.attacks import attack_rules
    card = real[FUFU]
    assert unread_clauses(card) == ()
    what, count = attack_rules(card).direct_while_count
    assert (what.key, what.label, count) == ("archetype", "Virtual World Gate", 2)


def test_cnb_5_fufu_attacks_directly_only_with_2_face_up_virtual_world_gate_cards(real):
    from test_rules_attack_clauses import attacks, battle
    for gates, direct in (({1: {}, 2: {}}, True),
                          ({1: {}}, False),
                          ({1: {}, 2: {"position": "set"}}, False)):
        b = battle(real).monster(1, FUFU, materials=["Kuriboh"], summoned_as="xyz")
        for zone, options in gates.items():
            b.spell_trap(zone, ["Virtual World Gate - Qinglong", "Virtual World Gate - Xuanwu"][zone - 1], **options)
        b.opponent.monster(1, "Kuriboh")
        position = b.build()
        whole_plays(position)
        assert attacks(position) == ({("M1", "oM1"), ("M1", "direct")} if direct else {("M1", "oM1")}), gates
    b = battle(real).monster(1, FUFU, materials=["Kuriboh"], summoned_as="xyz", restrictions=["effects_negated"]) \
        .spell_trap(1, "Virtual World Gate - Qinglong").spell_trap(2, "Virtual World Gate - Xuanwu")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1")}
    b = battle(real).monster(1, FUFU, materials=["Kuriboh"], summoned_as="xyz") \
        .spell_trap(1, "Virtual World Gate - Qinglong")
    b.opponent.monster(1, "Kuriboh").spell_trap(1, "Virtual World Gate - Xuanwu")   # not its controller's
    assert attacks(b.build()) == {("M1", "oM1")}
