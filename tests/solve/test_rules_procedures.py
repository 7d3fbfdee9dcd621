"""A monster's own Special Summon procedure (SP-1, SP-2), in the forms `pysolver.cards.effects.procedures` reads:
costs from the hand, the field or the GY (banished from there when the text says "banishing", else to the GY),
conditions on the GY and the field, "(from your hand or GY)". Real cards of the card database
(../shared/data/cards.cdb); every answer is checked against the independent reference, and the position a play
leads to against the reference applier and the step-indexed transition (asp/transition.lp, `helpers.applied`).
A sentence is read whole or the card stays unread: never half a sentence (issue 15, item 7)."""

from __future__ import annotations


from helpers import applied, board, procedure_play, procedure_summons
from pysolver import legal_plays
from pysolver.cards.effects import procedures
from pysolver.cards.reading import unread_clauses
from pysolver.reference.plays import legal_plays as reference_plays


# --- the reader: whole sentences or nothing ------------------------------------------------------------

def test_sp_1_half_read_procedures_stay_unread(real):
    """What the reader once left out of the sentence made these free Special Summons (or dropped a condition):
    returning cards, "to your zone a Link Monster points to", "including at least 1 ...", "but its original
    ATK/DEF become halved", "in the Extra Monster Zone", a condition before "you can"."""
    for name in ("Astrazma Urania", "Crusadia Arboria", "Vice Dragon", "Backlinker",
                 "Chronomaly Aztec Mask Golem", "Elfnote Tinia", "Star Ryzeal"):
        assert isinstance(procedures(real[name]), ValueError), name
        assert unread_clauses(real[name]), name


def test_sp_1_new_forms_are_read_as_data(real):
    (block,) = procedures(real["Block Dragon"])
    assert block.sources == ("hand", "graveyard")
    ((slot,),) = [block.costs]
    assert (slot.action, slot.places, slot.count) == ("banish", ("hand", "graveyard"), 3)
    (sprite,) = procedures(real["D.D. Sprite"])
    assert sprite.costs[0].places == ("field",) and sprite.costs[0].face_up
    (judgment,) = procedures(real["Judgment Dragon"])
    assert judgment.gy_at_least[1:] == (4, True)
    (kasha,) = procedures(real["Kasha"])
    assert kasha.controls_at_least[1] == 2
    (creator,) = procedures(real["The Dark Creator"])
    assert creator.gy_at_least[1:] == (5, False) and creator.control_none
    (santa,) = procedures(real["Santa Claws"])
    assert santa.to_opponent and santa.defense_only
    for name in ("Block Dragon", "Judgment Dragon", "Kasha", "The Dark Creator", "Arcana Force EX - The Light Ruler",
                 "Woodland Archer", "Silpheed", "Evil★Twins Ki-sikil & Lil-la", "Gigarays Gandora the Dragon of Destruction"):
        assert unread_clauses(real[name]) == (), name


# --- SP-1: costs -------------------------------------------------------------------------------------------

def test_sp_1_arcana_force_ex_sends_3_monsters_you_control_face_down_too(real):
    """"By sending 3 monsters you control to the GY": any 3 of the player's monsters, in any position."""
    b = board(cards=real).hand("Arcana Force EX - The Light Ruler").monster(1, "Kuriboh") \
        .monster(2, "Sangan", position="set").monster(3, "Skull Servant", position="defense")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("M1", "M2", "M3"))}
    play = procedure_play(position, "H1", ("M1", "M2", "M3"))
    assert play.zones == ("M1", "M2", "M3", "M4", "M5")
    after = applied(position, play, zone="M2")
    assert after["M2"].card.name == "Arcana Force EX - The Light Ruler"
    assert sorted(c.card.name for c in after.me.graveyard) == ["Kuriboh", "Sangan", "Skull Servant"]
    two = board(cards=real).hand("Arcana Force EX - The Light Ruler").monster(1, "Kuriboh").monster(2, "Sangan")
    assert procedure_summons(two.build()) == set()


def test_sp_1_dd_sprite_banishes_a_face_up_monster_you_control(real):
    """"By banishing 1 face-up monster you control": not a face-down one; the cost is banished, not sent."""
    b = board(cards=real).hand("D.D. Sprite").monster(1, "Kuriboh").monster(2, "Sangan", position="set")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("M1",))}
    after = applied(position, procedure_play(position, "H1", ("M1",)), zone="M1")
    assert [c.card.name for c in after.me.banished] == ["Kuriboh"] and after.me.graveyard == ()
    assert after["M1"].card.name == "D.D. Sprite"


def test_sp_1_dark_grepher_discards_a_level_5_or_higher_dark_monster(real):
    """Once read as a free Special Summon: the discarded card must be a Level 5 or higher DARK monster."""
    position = board(cards=real).hand("Dark Grepher", "Dark Magician", "Feral Imp", "Mystical Elf").build()
    assert procedure_summons(position) == {("H1", ("H2",))}
    after = applied(position, procedure_play(position, "H1", ("H2",)))
    assert [c.card.name for c in after.me.graveyard] == ["Dark Magician"]


def test_sp_1_gigarays_gandora_sends_2_other_monsters_from_hand_and_or_field(real):
    b = board(cards=real).hand("Gigarays Gandora the Dragon of Destruction", "Kuriboh").monster(1, "Sangan")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("H2", "M1"))}
    after = applied(position, procedure_play(position, "H1", ("H2", "M1")), zone="M1")
    assert sorted(c.card.name for c in after.me.graveyard) == ["Kuriboh", "Sangan"]


# --- SP-1, SP-2: from the hand or the GY ---------------------------------------------------------------------

def test_sp_1_block_dragon_from_the_hand_or_the_gy_banishing_from_hand_and_or_gy(real):
    """"(from your hand or GY) by banishing 3 EARTH monsters from your hand and/or GY": a procedure is not a
    card effect, so a Block Dragon sent to the GY without being summoned still comes back this way
    (engine-rules.md §4.2); never its own cost; the costs are banished from both places."""
    b = board(cards=real).hand("Block Dragon", "Celtic Guardian") \
        .graveyard("Block Dragon", "Giant Soldier of Stone", "Celtic Guardian", "Dark Magician")
    position = b.build()
    found = procedure_summons(position)
    assert ("GY1", ("H1", "GY2", "GY3")) in found and ("H1", ("GY1", "GY2", "GY3")) in found
    assert not any(card in cost for card, cost in found)
    assert not any("GY4" in cost for _, cost in found)                       # Dark Magician is DARK
    after = applied(position, procedure_play(position, "GY1", ("H1", "GY2", "GY3")))
    assert after["M1"].card.name == "Block Dragon" and after["M1"].state.properly_summoned
    assert sorted(c.card.name for c in after.me.banished) == ["Block Dragon", "Celtic Guardian", "Giant Soldier of Stone"]
    assert after.events[-1]["summon"] == "procedure" and after.events[-1]["from"] == "graveyard"


def test_sp_1_evil_twins_tribute_2_link_monsters_from_the_gy_not_properly_summoned(real):
    b = board(cards=real).monster(1, "Link Spider").monster(2, "Linkuriboh") \
        .graveyard("Evil★Twins Ki-sikil & Lil-la", properly_summoned=False)
    position = b.build()
    assert procedure_summons(position) == {("GY1", ("M1", "M2"))}
    after = applied(position, procedure_play(position, "GY1", ("M1", "M2")), zone="M2")
    assert after["M2"].card.name == "Evil★Twins Ki-sikil & Lil-la"
    assert sorted(c.card.name for c in after.me.graveyard) == ["Link Spider", "Linkuriboh"]


def test_sp_2_a_hand_only_procedure_never_from_the_gy(real):
    position = board(cards=real).graveyard("Silpheed", "Harpie Lady").build()
    assert procedure_summons(position) == set()
    position = board(cards=real).hand("Silpheed").graveyard("Harpie Lady").build()
    assert procedure_summons(position) == {("H1", ("GY1",))}


# --- SP-1: conditions ------------------------------------------------------------------------------------------

LIGHTSWORN = ("Lyla, Lightsworn Sorceress", "Garoth, Lightsworn Warrior", "Ehren, Lightsworn Monk",
              "Ryko, Lightsworn Hunter")


def test_sp_1_judgment_dragon_needs_4_lightsworn_with_different_names(real):
    three_names = board(cards=real).hand("Judgment Dragon").graveyard(*LIGHTSWORN[:3], LIGHTSWORN[0])
    assert procedure_summons(three_names.build()) == set()
    four_names = board(cards=real).hand("Judgment Dragon").graveyard(*LIGHTSWORN)
    position = four_names.build()
    assert procedure_summons(position) == {("H1", ())}
    after = applied(position, procedure_play(position, "H1", ()))
    assert len(after.me.graveyard) == 4                                        # a condition, not a cost


def test_sp_1_woodland_archer_needs_2_or_more_normal_monsters_in_the_gy(real):
    one = board(cards=real).hand("Woodland Archer").graveyard("Celtic Guardian", "Sangan")
    assert procedure_summons(one.build()) == set()
    two = board(cards=real).hand("Woodland Archer").graveyard("Celtic Guardian", "Sangan", "Dark Magician")
    assert procedure_summons(two.build()) == {("H1", ())}


def test_sp_1_kasha_needs_2_face_up_zombie_monsters(real):
    """"By controlling 2 or more Zombie monsters": a face-down monster is not a Zombie monster you control."""
    set_one = board(cards=real).hand("Kasha").monster(1, "Skull Servant").monster(2, "Zombie Warrior", position="set")
    assert procedure_summons(set_one.build()) == set()
    both = board(cards=real).hand("Kasha").monster(1, "Skull Servant").monster(2, "Zombie Warrior", position="defense")
    position = both.build()
    assert procedure_summons(position) == {("H1", ())}
    assert procedure_play(position, "H1", ()).zones == ("M3", "M4", "M5")


def test_sp_1_the_dark_creator_needs_5_dark_monsters_in_the_gy_and_no_monsters(real):
    gy = ("Dark Magician", "Feral Imp", "Sangan", "Kuriboh", "Skull Servant")
    position = board(cards=real).hand("The Dark Creator").graveyard(*gy).build()
    assert procedure_summons(position) == {("H1", ())}
    with_monster = board(cards=real).hand("The Dark Creator").graveyard(*gy).monster(1, "Celtic Guardian", position="set")
    assert procedure_summons(with_monster.build()) == set()
    four = board(cards=real).hand("The Dark Creator").graveyard(*gy[:4], "Celtic Guardian")
    assert procedure_summons(four.build()) == set()


def test_sp_1_santa_claws_goes_to_the_opponents_field_in_defense_position(real):
    b = board(cards=real).hand("Santa Claws")
    b.opponent.monster(1, "Kuriboh")
    position = b.build()
    play = procedure_play(position, "H1", ("oM1",))
    assert play.positions == ("defense",)
    procedure_summons(position)


def test_sp_1_infernoid_levels_and_ranks_of_face_up_effect_monsters_8_or_lower(real):
    """Infernoid Antra: "(from your hand) by banishing 1 "Infernoid" monster from your hand or GY, while the total
    Levels and Ranks of all Effect Monsters you control are 8 or lower": Normal Monsters and face-down monsters do
    not count; the cost is banished from the hand or the GY."""
    b = board(cards=real).hand("Infernoid Antra", "Infernoid Attondel").graveyard("Infernoid Patrulea") \
        .monster(1, "Sangan").monster(2, "Witch of the Black Forest").monster(3, "Dark Magician") \
        .monster(4, "Summoned Skull", position="set")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("H2",)), ("H1", ("GY1",)), ("H2", ("H1", "GY1"))}
    after = applied(position, procedure_play(position, "H1", ("H2",)), zone="M5")
    assert [c.card.name for c in after.me.banished] == ["Infernoid Attondel"]
    too_many = board(cards=real).hand("Infernoid Antra", "Infernoid Attondel").monster(1, "Sangan") \
        .monster(2, "Witch of the Black Forest").monster(3, "Gagaga Magician")
    assert procedure_summons(too_many.build()) == set()


def test_sp_1_infernoid_attondel_from_the_gy_banishing_2_from_hand_and_gy(real):
    b = board(cards=real).hand("Infernoid Antra").graveyard("Infernoid Attondel", "Infernoid Patrulea")
    position = b.build()
    assert ("GY1", ("H1", "GY2")) in procedure_summons(position)
    after = applied(position, procedure_play(position, "GY1", ("H1", "GY2")))
    assert after["M1"].card.name == "Infernoid Attondel" and after.events[-1]["from"] == "graveyard"


# --- SP-2: restrictions that only forbid ---------------------------------------------------------------------

def test_sp_2_cannot_be_special_summoned_except_with_x_is_nomi(real):
    """"This card cannot be Special Summoned except with "Trial of the Princesses"" (the older wording of "Must
    be Special Summoned with ..."): only that card's effect, which pysolver does not offer; Monster Reborn never
    revives it, even after a proper summon, and it has no procedure of its own."""
    from pysolver.cards.cardtext import special_summon_limit
    for name in ("Princess Curran", "Cyber Laser Dragon", "Colossal Fighter/Assault Mode", "Flying Fortress SKY FIRE"):
        assert special_summon_limit(real[name]) == "nomi" and unread_clauses(real[name]) == (), name
        assert procedures(real[name]) == (), name
    b = board(cards=real).hand("Monster Reborn", "Princess Curran").graveyard("Princess Curran", "Celtic Guardian")
    position = b.build()
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    assert not solver.unread
    assert {p.target for p in solver if p.action == "activate"} == {"GY2"}
    assert not any(p.card == "H2" and p.action != "normal_summon" and p.action != "set_monster" for p in solver)


def test_sp_2_must_be_special_summoned_by_an_effect_pysolver_does_not_offer(real):
    """"By a Wyrm monster's effect", "by its own Pendulum Effect", "by the following effect": nomi (never a
    Pendulum Summon, never Monster Reborn); "Must first be Special Summoned with "Max Metalmorph" that was
    activated by ...": semi-nomi (revived once properly summoned, SP-3)."""
    from pysolver.cards.cardtext import special_summon_limit
    for name in ("The Abyss Dragon Swordsoul", "Veda Kalarcanum", "Iron Dragon Tiamaton", "Soul Drain Dragon"):
        assert special_summon_limit(real[name]) == "nomi" and unread_clauses(real[name]) == (), name
    assert special_summon_limit(real["Metalzoa X"]) == "semi" and unread_clauses(real["Metalzoa X"]) == ()
    b = board(cards=real).hand("Monster Reborn").graveyard("The Abyss Dragon Swordsoul") \
        .graveyard("Metalzoa X", properly_summoned=True).graveyard("Metalflame Swordsman", properly_summoned=False)
    position = b.build()
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    assert {p.target for p in solver if p.action == "activate"} == {"GY2"}


def test_sp_1_older_wording_without_the_place_is_a_hand_procedure(real):
    """"Must first be Special Summoned by sending 1 non-Effect Monster from your hand or face-up field to the
    GY" (Cosmo Brain): from the hand, as "This card can only be Special Summoned by ..."; the field monster
    must be face-up."""
    b = board(cards=real).hand("Cosmo Brain", "Celtic Guardian", "Sangan").monster(1, "Dark Magician") \
        .monster(2, "Mystical Elf", position="set")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("H2",)), ("H1", ("M1",))}
    after = applied(position, procedure_play(position, "H1", ("M1",)), zone="M1")
    assert [c.card.name for c in after.me.graveyard] == ["Dark Magician"]
    gy = board(cards=real).graveyard("Cosmo Brain").hand("Celtic Guardian")
    assert procedure_summons(gy.build()) == set()


def test_sp_1_why_names_the_condition_a_procedure_misses(real):
    from pysolver.solve.why import why
    cases = (
        (board(cards=real).hand("Judgment Dragon").graveyard(LIGHTSWORN[0], LIGHTSWORN[0]), "procedure_gy_names_at_least"),
        (board(cards=real).hand("Kasha").monster(1, "Skull Servant"), "procedure_controls_at_least"),
        (board(cards=real).hand("Infernoid Antra", "Infernoid Attondel").monster(1, "Sangan")
         .monster(2, "Witch of the Black Forest").monster(3, "Sangan"), "procedure_levels_ranks"),
        (board(cards=real).hand("The Dark Creator").monster(1, "Sangan")
         .graveyard("Dark Magician", "Feral Imp", "Sangan", "Kuriboh", "Skull Servant"), "procedure_you_control_monsters"),
    )
    for built, name in cases:
        (answer,) = why(built.build(), "H1", "procedure_summon").answers
        assert answer.exhaustive and not answer.plays
        assert [reason.name for group in answer.reasons for reason in group] == [name]


def test_pos_3_vulcan_dragni_sends_face_up_cubic_monsters_only(real):
    """"By sending 2 "Cubic" monsters you control to the GY": a face-down monster hides what the cost names
    (POS-3), so only face-up "Cubic" monsters can be sent (a Tribute could be face-down: NS-4)."""
    one_set = board(cards=real).hand("Vulcan Dragni the Cubic King").monster(1, "Vijam the Cubic Seed") \
        .monster(2, "Vijam the Cubic Seed", position="set").monster(3, "Kuriboh")
    assert procedure_summons(one_set.build()) == set()
    both = board(cards=real).hand("Vulcan Dragni the Cubic King").monster(1, "Vijam the Cubic Seed") \
        .monster(2, "Vijam the Cubic Seed", position="defense").monster(3, "Kuriboh")
    position = both.build()
    assert procedure_summons(position) == {("H1", ("M1", "M2"))}
    after = applied(position, procedure_play(position, "H1", ("M1", "M2")), zone="M1")
    assert [c.card.name for c in after.me.graveyard] == ["Vijam the Cubic Seed"] * 2


def test_sp_7_a_bare_card_name_you_control_stays_unread(real):
    """'Sending 1 "Tri-Blaze Accelerator" you control' names a card without saying it is a monster: on the field
    it could be a Spell or Trap, which the field's cost pool (monsters) does not hold, so the procedure stays
    unread; a Tribute or "from your Monster Zone" is a monster; from the GY any card of the name is taken
    (docs/procedure-rules.md, SP-7)."""
    assert isinstance(procedures(real["Volcanic Doomfire"]), ValueError)
    ((slot,),) = [way.costs for way in procedures(real["Supersonic Skull Flame"])]
    assert slot.named and slot.places == ("graveyard",)
    assert isinstance(procedures(real["Vampire Genesis"]), tuple)
    assert isinstance(procedures(real["Armed Dragon LV10"]), tuple)


# --- SP-1: the "If ..., you can Special Summon this card (from your hand)" conditions --------------------------

def test_sp_1_if_you_control_a_blackwing_other_than_itself(real):
    """Blackwing - Gale the Whirlwind: "If you control a "Blackwing" monster other than "Blackwing - Gale the
    Whirlwind"": a face-up one (a face-down monster hides its name, POS-3), not another Gale."""
    gale = "Blackwing - Gale the Whirlwind"
    other = board(cards=real).hand(gale).monster(1, "Blackwing - Bora the Spear")
    assert procedure_summons(other.build()) == {("H1", ())}
    same = board(cards=real).hand(gale).monster(1, gale)
    assert procedure_summons(same.build()) == set()
    face_down = board(cards=real).hand(gale).monster(1, "Blackwing - Bora the Spear", position="set")
    assert procedure_summons(face_down.build()) == set()
    assert isinstance(procedures(real["Tindangle Base Gardna"]), ValueError)   # "a face-down ... monster": unread


def test_sp_1_if_you_control_no_monsters_or_fewer_than_the_opponent(real):
    empty = board(cards=real).hand("Junk Forward", "Ancient Gear Statue")
    assert procedure_summons(empty.build()) == {("H1", ())}                     # the opponent controls no more monsters
    b = board(cards=real).hand("Junk Forward", "Ancient Gear Statue", "Elder of the Six Samurai") \
        .monster(1, "Kuriboh", position="set")
    b.opponent.monster(1, "Sangan").monster(2, "Celtic Guardian")
    position = b.build()
    assert procedure_summons(position) == {("H2", ())}                           # 2 > 1; Junk Forward and Elder: not empty
    after = applied(position, procedure_play(position, "H2", ()), zone="M2")
    assert after["M2"].card.name == "Ancient Gear Statue" and after.events[-1]["from"] == "hand"
    b = board(cards=real).hand("Elder of the Six Samurai")
    b.opponent.monster(1, "Sangan")
    assert procedure_summons(b.build()) == {("H1", ())}


def test_sp_2_masked_hero_has_no_material_line_and_comes_out_only_with_mask_change(real):
    """Masked HERO Koga's text starts with "Must be Special Summoned with "Mask Change" and cannot be Special
    Summoned by other ways." (no material line): it is read, never Fusion Summoned, never revived."""
    from pysolver.cards.cardtext import material_requirement
    koga = real["Masked HERO Koga"]
    assert koga.materials is None and material_requirement(koga) is None and unread_clauses(koga) == ()
    position = board(cards=real).hand("Polymerization", "Monster Reborn", "Elemental HERO Avian") \
        .monster(1, "Elemental HERO Sparkman").extra_deck("Masked HERO Koga").graveyard("Masked HERO Koga").build()
    plays = legal_plays(position, all_instances=True)
    assert not [p for p in plays if p.card == "ED1" or p.target == "GY1"]
    assert {p.key for p in plays} == {p.key for p in reference_plays(position, all_instances=True)}


def test_sp_2_neo_spacian_fusions_have_no_material_line_and_come_out_only_with_nex(real):
    """Neo-Spacian Marine Dolphin and Twinkle Moss (Fusion Monsters without a material line): "This card cannot be
    Special Summoned except with "NEX"." -- read as Masked HERO Koga is: never Fusion Summoned, never revived."""
    from pysolver.cards.cardtext import material_requirement, special_summon_limit
    for name in ("Neo-Spacian Marine Dolphin", "Neo-Spacian Twinkle Moss"):
        card = real[name]
        assert card.materials is None and material_requirement(card) is None and unread_clauses(card) == (), name
        assert special_summon_limit(card) == "nomi", name
    position = board(cards=real).hand("Polymerization", "Monster Reborn", "Neo-Spacian Aqua Dolphin") \
        .monster(1, "Elemental HERO Neos").extra_deck("Neo-Spacian Marine Dolphin") \
        .graveyard("Neo-Spacian Twinkle Moss").build()
    plays = legal_plays(position, all_instances=True)
    assert not [p for p in plays if p.card == "ED1" or p.target == "GY1"] and not plays.unread
    assert {p.key for p in plays} == {p.key for p in reference_plays(position, all_instances=True)}


def test_sp_2_must_be_special_summoned_with_a_card_using_a_monster_hermos_critias_rank_up_magic(real):
    """'Must be Special Summoned with "The Claw of Hermos", using a Warrior monster.', '... with "The Fang of Critias",
    using "Mirror Force".', 'Must be Special Summoned with a "Rank-Up-Magic" Spell targeting "Number 88: Gimmick
    Puppet of Leo".': only by that card's effect (what it uses is that effect's business), which pysolver does not
    offer: nomi, never Fusion or Xyz Summoned, never revived."""
    from pysolver.cards.cardtext import material_requirement, special_summon_limit
    names = ("Time Magic Hammer", "Red-Eyes Black Dragon Sword", "Rocket Hermos Cannon", "Doom Virus Dragon",
             "Destruction Dragon", "Tyrant Burst Dragon", "Mirror Force Dragon")
    for name in names + ("Number C88: Gimmick Puppet Disaster Leo",):
        card = real[name]
        assert special_summon_limit(card) == "nomi" and unread_clauses(card) == (), name
        assert material_requirement(card) is None or name.startswith("Number C88"), name
    # C88's "4 Level 9 monsters" is no Xyz Summon of its own: only the Rank-Up-Magic Spell summons it
    nine = board(cards=real)
    for zone in (1, 2, 3, 4):
        nine = nine.monster(zone, "Deep-Space Cruiser IX")
    leo = nine.extra_deck("Number C88: Gimmick Puppet Disaster Leo").build()
    plays = legal_plays(leo, all_instances=True)
    assert not [p for p in plays if p.card == "ED1"]
    assert {p.key for p in plays} == {p.key for p in reference_plays(leo, all_instances=True)}
    position = board(cards=real).hand("Polymerization", "Monster Reborn", "Celtic Guardian", "The Claw of Hermos") \
        .monster(1, "Dark Magician").extra_deck("Time Magic Hammer", "Rocket Hermos Cannon") \
        .graveyard("Mirror Force Dragon").build()
    plays = legal_plays(position, all_instances=True)
    assert not [p for p in plays if p.card in ("ED1", "ED2") or p.target == "GY1"]
    assert {p.key for p in plays} == {p.key for p in reference_plays(position, all_instances=True)}


def test_sp_2_a_reminder_line_is_no_material_line_ultimate_flagship_ursatron(real):
    """'(This card is always treated as an "Ursarctic" and "Drytron" card.)' on the first line (the archetypes are the
    card's setcodes) is no material line: Ursatron has none and comes out only with "Ursarctic Drytron" (SP-2)."""
    from pysolver.cards.cardtext import material_requirement
    from pysolver.cards.material_lines import default_archetypes
    card = real["Ultimate Flagship Ursatron"]
    assert card.materials is None and material_requirement(card) is None and unread_clauses(card) == ()
    assert all(card.in_archetype(default_archetypes()[name]) for name in ("Ursarctic", "Drytron"))
    assert real["Ultimaya Tzolkin"].materials is None          # "(This card's original Level is always treated as 12.)"
    position = board(cards=real).hand("Polymerization", "Monster Reborn").monster(1, "Sangan") \
        .extra_deck("Ultimate Flagship Ursatron").graveyard("Ultimate Flagship Ursatron").build()
    plays = legal_plays(position, all_instances=True)
    assert not [p for p in plays if p.card == "ED1" or p.target == "GY1"] and not plays.unread
    assert {p.key for p in plays} == {p.key for p in reference_plays(position, all_instances=True)}


# --- docs/procedure-rules.md: costs from the Deck and the Extra Deck, shuffled, revealed (SP-4) -----------------

def test_sp_4_malefic_cyber_end_dragon_banishes_cyber_end_dragon_from_the_extra_deck(real):
    """'By banishing 1 "Cyber End Dragon" from your Extra Deck': that card, banished from the Extra Deck."""
    b = board(cards=real).hand("Malefic Cyber End Dragon").extra_deck("Cyber Twin Dragon", "Cyber End Dragon")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("ED2",))}
    after = applied(position, procedure_play(position, "H1", ("ED2",)), zone="M3")
    assert after["M3"].card.name == "Malefic Cyber End Dragon"
    assert [c.card.name for c in after.me.banished] == ["Cyber End Dragon"]
    assert [c.card.name for c in after.me.extra_deck] == ["Cyber Twin Dragon"]
    none = board(cards=real).hand("Malefic Cyber End Dragon").extra_deck("Cyber Twin Dragon").monster(1, "Cyber End Dragon")
    assert procedure_summons(none.build()) == set()


def test_sp_4_malefic_blue_eyes_white_dragon_banishes_from_the_deck_not_the_hand(real):
    """'By banishing 1 "Blue-Eyes White Dragon" from your Deck': the copy in the hand does not pay it."""
    b = board(cards=real).hand("Malefic Blue-Eyes White Dragon", "Blue-Eyes White Dragon") \
        .deck("Kuriboh", "Blue-Eyes White Dragon")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("DK2",))}
    after = applied(position, procedure_play(position, "H1", ("DK2",)), zone="M1")
    assert [c.card.name for c in after.me.banished] == ["Blue-Eyes White Dragon"]
    assert [c.name for c in after.me.deck] == ["Kuriboh"]
    assert [c.name for c in after.me.hand] == ["Blue-Eyes White Dragon"]


def test_sp_4_black_chaos_shuffles_a_ritual_monster_from_hand_or_gy_into_the_deck(real):
    """'By shuffling 1 Spellcaster or Warrior Ritual Monster from your hand or GY into the Deck': into the Deck,
    not banished or sent to the GY."""
    b = board(cards=real).hand("Black Chaos", "Magician of Black Chaos").graveyard("Black Luster Soldier", "Dark Magician")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("H2",)), ("H1", ("GY1",))}
    after = applied(position, procedure_play(position, "H1", ("GY1",)), zone="M1")
    assert [c.name for c in after.me.deck] == ["Black Luster Soldier"]
    assert [c.card.name for c in after.me.graveyard] == ["Dark Magician"] and not after.me.banished
    after = applied(position, procedure_play(position, "H1", ("H2",)), zone="M1")
    assert [c.name for c in after.me.deck] == ["Magician of Black Chaos"]


def test_sp_4_ext_ryzeal_sends_an_xyz_monster_from_the_extra_deck_to_the_gy(real):
    b = board(cards=real).hand("Ext Ryzeal").extra_deck("Stardust Dragon", "Number 39: Utopia")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("ED2",))}
    after = applied(position, procedure_play(position, "H1", ("ED2",)), zone="M1")
    assert [c.card.name for c in after.me.graveyard] == ["Number 39: Utopia"]


def test_sp_4_revealing_a_card_in_the_hand_is_a_condition_the_card_stays(real):
    """'By revealing "Blue-Eyes White Dragon" in your hand' (Blue-Eyes Alternative White Dragon): a condition on
    the hand, no cost; the card keeps its attack clause unread."""
    (way,) = procedures(real["Blue-Eyes Alternative White Dragon"])
    assert way.reveal[1:] == (1, True) and way.costs == ()


# --- SP-5: conditions on the field ---------------------------------------------------------------------------

def test_sp_5_mazera_deville_needs_a_face_up_pandemonium(real):
    """'By Tributing 1 face-up "Warrior of Zera" on your side of the field while "Pandemonium" is on the field':
    a face-up Pandemonium (either player's); a Set one hides its name."""
    b = board(cards=real).hand("Mazera DeVille").monster(1, "Warrior of Zera")
    up = b.field_spell("Pandemonium").build()
    assert procedure_summons(up) == {("H1", ("M1",))}
    after = applied(up, procedure_play(up, "H1", ("M1",)), zone="M1")
    assert [c.card.name for c in after.me.graveyard] == ["Warrior of Zera"]
    theirs = board(cards=real).hand("Mazera DeVille").monster(1, "Warrior of Zera")
    theirs.opponent.field_spell("Pandemonium")
    assert procedure_summons(theirs.build()) == {("H1", ("M1",))}
    down = board(cards=real).hand("Mazera DeVille").monster(1, "Warrior of Zera").field_spell("Pandemonium", position="set")
    assert procedure_summons(down.build()) == set()


def test_sp_5_jormungardr_needs_an_aesir_monster_on_the_field(real):
    """'To your opponent's field in Defense Position, while an "Aesir" monster is on the field': a face-up one."""
    b = board(cards=real).hand("Jormungardr the Nordic Serpent")
    b.opponent.monster(2, "Thor, Lord of the Aesir")
    position = b.build()
    assert procedure_summons(position) == {("H1", ())}
    play = procedure_play(position, "H1", ())
    assert play.positions == ("defense",) and "oM2" not in play.zones
    after = applied(position, play, zone="oM1")
    assert after.opponent.monster_zones[0].card.name == "Jormungardr the Nordic Serpent"
    assert procedure_summons(board(cards=real).hand("Jormungardr the Nordic Serpent").monster(1, "Kuriboh").build()) == set()


def test_sp_5_malefic_paradigm_dragon_not_while_one_is_on_the_field(real):
    """'By banishing 1 "Malefic" monster from your Extra Deck while "Malefic Paradigm Dragon" is not on the
    field'."""
    b = board(cards=real).hand("Malefic Paradigm Dragon").extra_deck("Malefic Paradox Dragon", "Stardust Dragon")
    assert procedure_summons(b.build()) == {("H1", ("ED1",))}
    b = board(cards=real).hand("Malefic Paradigm Dragon").extra_deck("Malefic Paradox Dragon")
    b.opponent.monster(1, "Malefic Paradigm Dragon")
    assert procedure_summons(b.build()) == set()


def test_sp_5_zs_ascended_sage_if_you_control_no_cards(real):
    """'If you control no cards': no monster and no Spell or Trap either (a Set one too)."""
    assert procedure_summons(board(cards=real).hand("ZS - Ascended Sage").build()) == {("H1", ())}
    assert procedure_summons(board(cards=real).hand("ZS - Ascended Sage").spell_trap(2, "Pot of Greed", position="set")
                   .build()) == set()


def test_sp_5_legendary_six_samurai_shinai_if_you_control_mizuho(real):
    """'If you control "Legendary Six Samurai - Mizuho"': face-up (a face-down monster hides its name, POS-3)."""
    shinai, mizuho = "Legendary Six Samurai - Shinai", "Legendary Six Samurai - Mizuho"
    assert procedure_summons(board(cards=real).hand(shinai).monster(1, mizuho).build()) == {("H1", ())}
    assert procedure_summons(board(cards=real).hand(shinai).monster(1, mizuho, position="set").build()) == set()
    theirs = board(cards=real).hand(shinai)
    theirs.opponent.monster(1, mizuho)
    assert procedure_summons(theirs.build()) == set()


# --- SP-6: "with different names / Attributes / Types" --------------------------------------------------------

def test_sp_6_archnemeses_protos_banishes_3_monsters_with_different_attributes(real):
    """'By banishing 3 monsters with different Attributes from your GY and/or face-up field'."""
    b = board(cards=real).hand("Archnemeses Protos").graveyard("Dark Magician", "Kuriboh") \
        .monster(1, "Blue-Eyes White Dragon").monster(2, "Celtic Guardian", position="set")
    assert procedure_summons(b.build()) == set()      # DARK, DARK, LIGHT; the face-down EARTH monster hides its Attribute
    b = board(cards=real).hand("Archnemeses Protos").graveyard("Dark Magician", "Kuriboh", "Celtic Guardian") \
        .monster(1, "Blue-Eyes White Dragon")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("M1", "GY1", "GY3")), ("H1", ("M1", "GY2", "GY3"))}
    after = applied(position, procedure_play(position, "H1", ("M1", "GY1", "GY3")), zone="M1")
    assert sorted(c.card.name for c in after.me.banished) == ["Blue-Eyes White Dragon", "Celtic Guardian", "Dark Magician"]


def test_sp_6_rainbow_dark_dragon_banishes_7_dark_monsters_with_different_names(real):
    dark = ["Dark Magician", "Kuriboh", "Sangan", "Summoned Skull", "Dark Blade", "Dark Elf"]
    b = board(cards=real).hand("Rainbow Dark Dragon").graveyard(*dark, "Dark Magician")
    assert procedure_summons(b.build()) == set()      # 7 DARK monsters, 6 names
    b = board(cards=real).hand("Rainbow Dark Dragon").graveyard(*dark, "Skull Servant")
    position = b.build()
    cost = tuple(f"GY{n}" for n in range(1, 8))
    assert procedure_summons(position) == {("H1", cost)}
    after = applied(position, procedure_play(position, "H1", cost), zone="M1")
    assert len(after.me.banished) == 7 and not after.me.graveyard


# --- SP-7: a list of several cards, bare card names -------------------------------------------------------------

def test_sp_7_gate_guardian_tributes_sanga_kazejin_and_suijin(real):
    """'By Tributing 1 "Sanga of the Thunder", "Kazejin", and "Suijin"': one of each (Tributes: face-down too)."""
    b = board(cards=real).hand("Gate Guardian").monster(1, "Sanga of the Thunder") \
        .monster(2, "Kazejin", position="set").monster(3, "Suijin").monster(4, "Celtic Guardian")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("M1", "M2", "M3"))}
    after = applied(position, procedure_play(position, "H1", ("M1", "M2", "M3")), zone="M2")
    assert sorted(c.card.name for c in after.me.graveyard) == ["Kazejin", "Sanga of the Thunder", "Suijin"]
    two = board(cards=real).hand("Gate Guardian", "Suijin").monster(1, "Sanga of the Thunder").monster(2, "Kazejin")
    assert procedure_summons(two.build()) == set()


def test_sp_7_valkyrion_tributes_alpha_beta_gamma_from_hand_and_or_field(real):
    b = board(cards=real).hand("Valkyrion the Magna Warrior", "Alpha The Magnet Warrior", "Gamma The Magnet Warrior") \
        .monster(1, "Beta The Magnet Warrior")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("H2", "H3", "M1"))}
    after = applied(position, procedure_play(position, "H1", ("H2", "H3", "M1")), zone="M1")
    assert len(after.me.graveyard) == 3 and not after.me.hand
    gy = board(cards=real).hand("Valkyrion the Magna Warrior", "Alpha The Magnet Warrior") \
        .monster(1, "Beta The Magnet Warrior").graveyard("Gamma The Magnet Warrior")
    assert procedure_summons(gy.build()) == set()


def test_sp_7_koaki_meiru_maximus_banishes_the_iron_core_spell_from_the_hand(real):
    """'By removing from play 1 "Iron Core of Koa'ki Meiru" from your hand': a bare card name takes any card of
    that name, here a Spell."""
    b = board(cards=real).hand("Koa'ki Meiru Maximus", "Iron Core of Koa'ki Meiru", "Pot of Greed")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("H2",))}
    after = applied(position, procedure_play(position, "H1", ("H2",)), zone="M1")
    assert [c.card.name for c in after.me.banished] == ["Iron Core of Koa'ki Meiru"]


def test_sp_7_super_crashbug_in_face_up_defense_position_banishing_x_y_and_z(real):
    b = board(cards=real).hand("Super Crashbug").graveyard("Crashbug X", "Crashbug Y", "Crashbug Z")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("GY1", "GY2", "GY3"))}
    play = procedure_play(position, "H1", ("GY1", "GY2", "GY3"))
    assert play.positions == ("defense",)
    applied(position, play, zone="M1", battle_position="defense")
    assert procedure_summons(board(cards=real).hand("Super Crashbug").graveyard("Crashbug X", "Crashbug Y").build()) == set()
