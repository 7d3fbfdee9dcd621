"""Issue 15 item 8: Ritual Spells that summon from the GY and banish GY monsters in place of Tributes
(RIT-1..RIT-3), on real cards. The solver and the independent reference give the same plays; the
step-indexed transition (asp/transition.lp) makes the state `apply` and the reference applier make."""


from pysolver import apply, legal_plays, reference
from pysolver.cards.cardtext import ritual_spell
from pysolver.cards.reading import unread_clauses
from pysolver.position.builder import PositionBuilder
from pysolver.reference import apply as reference_apply
from pysolver.solve.steps import Planner, position_state, replay


def rituals(position):
    """The Ritual Summons (instance level), the same for the solver and the reference."""
    plays = legal_plays(position, all_instances=True)
    assert [p.to_json() for p in plays] == [p.to_json() for p in reference.legal_plays(position, all_instances=True)]
    assert [p.to_json() for p in legal_plays(position)] == [p.to_json() for p in reference.legal_plays(position)]
    assert plays.exhaustive
    return {(p.card, p.materials) for p in plays if p.action == "ritual_summon"}


def every_move_replays(position):
    """Every move of horizon 1 made by the transition is the state `apply` and the reference applier make."""
    assert not any(unread_clauses(i.card) for i in position.instances.values())
    planner = Planner(position, symmetry=False)
    planner.control.configuration.solve.models = 0
    planner.control.configuration.solve.project = "show"
    planner.ask(1)
    every = lambda p: legal_plays(p, all_instances=True)   # noqa: E731
    done = []
    with planner.control.solve(yield_=True) as handle:
        for model in handle:
            (play, choices, after), = replay(model.symbols(atoms=True), position, 1, every)
            assert position_state(reference_apply(position, play, **choices))[0] == position_state(after)[0]
            done.append((play, choices, after))
    return done


def test_rit_1_revendread_origin_summons_from_the_gy(real):
    """Revendread Origin: "Ritual Summon any "Vendread" Ritual Monster from your hand or GY": Revendread
    Slayer (Level 6) from the GY, with Tributes from the hand or field and/or Zombies banished from the GY
    (Armored Zombie 3, Wood Remains 3, Clown Zombie 2; Celtic Guardian 4 is a Warrior on the field, not
    banishable from the GY)."""
    position = PositionBuilder(cards=real).hand("Revendread Origin", "Armored Zombie") \
        .graveyard("Revendread Slayer", "Wood Remains", "Clown Zombie", "Celtic Guardian").monster(1, "Celtic Guardian") \
        .build()
    assert rituals(position) == {("GY1", ("H2", "M1")), ("GY1", ("H2", "GY2")), ("GY1", ("M1", "GY2")),
                                 ("GY1", ("M1", "GY3"))}


def test_rit_1_the_ritual_summon_from_the_gy_ignores_the_revival_limit(real):
    """engine-rules.md 4.3: the Ritual Summon ignores the revival limit (SP-3): a Revendread Slayer in the
    GY that was never properly summoned is still Ritual Summoned by Revendread Origin."""
    position = PositionBuilder(cards=real).hand("Revendread Origin").graveyard("Revendread Slayer",
                                                                               properly_summoned=False) \
        .monster(1, "Celtic Guardian").monster(2, "Celtic Guardian").build()
    assert rituals(position) == {("GY1", ("M1", "M2"))}


def test_rit_1_black_luster_ritual_does_not_summon_from_the_gy(real):
    """Negative: Black Luster Ritual says nothing of the GY: Black Luster Soldier in the GY stays there,
    and GY monsters are never Tributes."""
    position = PositionBuilder(cards=real).hand("Black Luster Ritual").graveyard("Black Luster Soldier") \
        .monster(1, "Celtic Guardian").monster(2, "Celtic Guardian").build()
    assert rituals(position) == set()
    position = PositionBuilder(cards=real).hand("Black Luster Ritual", "Black Luster Soldier") \
        .graveyard("Celtic Guardian", "Celtic Guardian").monster(1, "Celtic Guardian").build()
    assert rituals(position) == set()


def test_rit_3_chaos_form_banishes_blue_eyes_from_the_gy(real):
    """Chaos Form: "and/or banish "Blue-Eyes White Dragon" or "Dark Magician" from your GY, whose total
    Levels exactly equal": Black Luster Soldier (8) with Blue-Eyes (8) alone, or Dark Magician (7) with
    a Level 1 Tribute; a Celtic Guardian in the GY is not banishable. The Blue-Eyes ends banished, the
    monster on the field, the Spell in the GY."""
    position = PositionBuilder(cards=real).hand("Chaos Form", "Black Luster Soldier", "Kuriboh") \
        .graveyard("Blue-Eyes White Dragon", "Dark Magician", "Celtic Guardian", "Celtic Guardian").build()
    assert rituals(position) == {("H2", ("GY1",)), ("H2", ("H3", "GY2"))}
    after = apply(position, next(p for p in legal_plays(position, all_instances=True)
                                 if p.action == "ritual_summon" and p.materials == ("GY1",)),
                  zone="M1", battle_position="attack")
    me = after.players[0]
    assert [c.card.name for c in me.banished] == ["Blue-Eyes White Dragon"]
    assert me.monster_zones[0].card.name == "Black Luster Soldier"
    assert "Chaos Form" in [c.card.name for c in me.graveyard]


def test_rit_3_chaos_form_transition_agrees(real):
    position = PositionBuilder(cards=real).hand("Chaos Form", "Black Luster Soldier") \
        .graveyard("Blue-Eyes White Dragon").monster(1, "Celtic Guardian").build()
    moves = [m for m in every_move_replays(position) if m[0].action == "ritual_summon"]
    assert len(moves) == 4 * 2 and {m[0].materials for m in moves} == {("GY1",)}   # M2..M5, two positions


def test_rit_1_mitsurugi_mirror_from_the_gy_transition_agrees(real):
    """Mitsurugi Mirror: a Reptile Ritual Monster from the hand or GY, by Tributing Reptile monsters:
    Ame no Murakumo no Mitsurugi (8) from the GY with two Mitsurugi no Mikoto, Saji (4 + 4); the summon
    event says it came from the GY in the transition, `apply` and the reference applier alike."""
    position = PositionBuilder(cards=real).hand("Mitsurugi Mirror", "Mitsurugi no Mikoto, Saji") \
        .graveyard("Ame no Murakumo no Mitsurugi").monster(1, "Mitsurugi no Mikoto, Saji") \
        .monster(2, "Celtic Guardian").build()
    assert rituals(position) == {("GY1", ("H2", "M1"))}
    moves = [m for m in every_move_replays(position) if m[0].action == "ritual_summon"]
    assert moves and all(m[2].events[-1]["from"] == "graveyard" for m in moves)


def test_rit_2_litmus_doom_ritual_fixed_total(real):
    """Litmus Doom Ritual: "..., whose total Levels equal 8 or more": 4 + 4, not 4 alone."""
    builder = PositionBuilder(cards=real).hand("Litmus Doom Ritual", "Litmus Doom Swordsman").monster(1, "Celtic Guardian")
    assert rituals(builder.build()) == set()
    assert rituals(builder.monster(2, "Celtic Guardian").build()) == {("H2", ("M1", "M2"))}


def test_rit_3_red_eyes_transmigration_banishes_red_eyes(real):
    """Red-Eyes Transmigration: 8 or more, from the hand/field and/or "Red-Eyes" monsters banished from
    the GY: Red-Eyes Black Dragon (7) + Kuriboh (1); Blue-Eyes in the GY is not "Red-Eyes"."""
    position = PositionBuilder(cards=real).hand("Red-Eyes Transmigration", "Lord of the Red", "Kuriboh") \
        .graveyard("Red-Eyes Black Dragon", "Blue-Eyes White Dragon").build()
    assert rituals(position) == {("H2", ("H3", "GY1"))}


def test_rit_1_cycle_of_the_world_tributes_from_the_field_only(real):
    """Cycle of the World: "Tribute monsters from your field": Ruin, Queen of Oblivion (8) with the two
    Celtic Guardians on the field; the two in the hand are no Tributes (with only those, no summon)."""
    builder = PositionBuilder(cards=real).hand("Cycle of the World", "Ruin, Queen of Oblivion", "Celtic Guardian",
                                               "Celtic Guardian")
    assert rituals(builder.build()) == set()
    assert rituals(builder.monster(1, "Celtic Guardian").monster(2, "Celtic Guardian").build()) == {("H2", ("M1", "M2"))}


def test_rit_3_machine_angel_absolute_ritual_shuffles_gy_monsters_into_the_deck(real):
    """Machine Angel Absolute Ritual: "and/or shuffle Fairy or Warrior-Type monsters from your Graveyard
    into the Deck, whose total Levels exactly equal": Cyber Angel Dakini (8) with a Celtic Guardian (a
    Warrior, 4) from the hand and one from the GY; Summoned Skull (a Fiend) in the GY does not count. The
    GY Celtic Guardian ends in the Deck, the hand's in the GY, in the transition, `apply` and the reference applier alike."""
    position = PositionBuilder(cards=real).hand("Machine Angel Absolute Ritual", "Cyber Angel Dakini",
                                                "Celtic Guardian").graveyard("Celtic Guardian", "Summoned Skull").build()
    assert rituals(position) == {("H2", ("H3", "GY1"))}
    moves = [m for m in every_move_replays(position) if m[0].action == "ritual_summon"]
    assert len(moves) == 5 * 2
    me = moves[0][2].players[0]
    assert [getattr(c, "card", c).name for c in me.deck] == ["Celtic Guardian"]
    assert [c.card.name for c in me.graveyard] == ["Summoned Skull", "Celtic Guardian",   # the hand's Tribute
                                                   "Machine Angel Absolute Ritual"]


def test_ritual_spell_once_per_turn_mitsurugi_mirror_and_mikanko_kagura(real):
    """Mitsurugi Mirror: "You can only use each effect of "Mitsurugi Mirror" once per turn" (its Ritual
    Summon is one of them); Mikanko Kagura: "You can only activate 1 "Mikanko Kagura" per turn": after the
    turn player's activation this turn a second copy cannot be activated (the opponent's does not count).
    Litmus Doom Ritual's "this effect" is its GY effect: a second Litmus Doom Ritual can still summon."""
    def position(spell, monster, *events):
        builder = PositionBuilder(cards=real).hand(spell, monster).monster(1, "Mitsurugi no Mikoto, Saji") \
            .monster(2, "Mitsurugi no Mikoto, Saji")
        for player in events:
            builder.event(activate=spell, effect=1, player=player)
        return builder.build()
    mirror = ("Mitsurugi Mirror", "Ame no Murakumo no Mitsurugi")
    assert rituals(position(*mirror)) == {("H2", ("M1", "M2"))}
    assert rituals(position(*mirror, 0)) == set()
    assert rituals(position(*mirror, 1)) == {("H2", ("M1", "M2"))}
    assert rituals(position("Litmus Doom Ritual", "Litmus Doom Swordsman", 0)) == {("H2", ("M1", "M2"))}
    assert ritual_spell(real["Mikanko Kagura"]).once_per_turn
    assert not ritual_spell(real["Litmus Doom Ritual"]).once_per_turn
