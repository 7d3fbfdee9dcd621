"""Issue 15: the Ritual Spell and Ritual Monster wordings read by family (docs/ritual-rules.md RIT-4..RIT-10), on
real cards. The solver and the independent reference give the same plays (`rituals`); the step-indexed transition
makes the state `apply` and the reference applier make (`every_move_replays`)."""

import pytest

from pysolver import legal_plays, reference
from pysolver.cards.cardtext import RitualSpell, ritual_spell
from pysolver.cards.reading import unread_clauses
from pysolver.position.builder import PositionBuilder

from test_rules_ritual_spells import every_move_replays, rituals


def builder(real, *hand):
    return PositionBuilder(cards=real).hand(*hand)


# --- RIT-4: "Tribute ..., then Ritual Summon 1 X ... whose Level exactly equals the total Levels" ----------------

def test_rit_4_nekroz_cycle_exactly_equal_from_hand_or_gy(real):
    """Nekroz Cycle: a "Nekroz" Ritual Monster from the hand or GY, the Tributes' Levels exactly its Level:
    Nekroz of Clausolas (3) from the GY with a Sangan (3); not with two (6, more than 3)."""
    position = builder(real, "Nekroz Cycle", "Sangan").graveyard("Nekroz of Clausolas") \
        .monster(1, "Sangan").build()
    assert rituals(position) == {("GY1", ("H2",)), ("GY1", ("M1",))}
    assert not unread_clauses(real["Nekroz Cycle"])


def test_rit_5_nekroz_cycle_once_per_turn(real):
    """RIT-5: "You can only use this effect of "Nekroz Cycle" once per turn" right after the Ritual Summon limits
    it (Litmus Doom Ritual's same sentence, after its GY effect, does not: test_rules_ritual_spells)."""
    position = builder(real, "Nekroz Cycle", "Nekroz of Clausolas").monster(1, "Sangan") \
        .event(activate="Nekroz Cycle", effect=1, player=0).build()
    assert rituals(position) == set()


def test_rit_4_nekroz_mirror_banishes_nekroz_from_the_gy(real):
    """Nekroz Mirror: and/or "Nekroz" monsters banished from the GY: Nekroz of Brionac (6) with Nekroz of
    Clausolas (3) from the GY and a Level 3 Sangan from the hand; a Celtic Guardian in the GY is no Nekroz.
    The Clausolas ends banished."""
    position = builder(real, "Nekroz Mirror", "Nekroz of Brionac", "Sangan") \
        .graveyard("Nekroz of Clausolas", "Celtic Guardian").build()
    assert rituals(position) == {("H2", ("H3", "GY1"))}
    moves = [m for m in every_move_replays(position) if m[0].action == "ritual_summon"]
    assert moves and [c.card.name for c in moves[0][2].players[0].banished] == ["Nekroz of Clausolas"]


# --- RIT-6: Extra Deck monsters, and the GY's or Extra Deck's monsters under a condition ------------------------

def test_rit_6_odd_eyes_advent_extra_deck_only_when_the_condition_holds(real):
    """Odd-Eyes Advent: "If your opponent controls 2 or more monsters and you control no monsters, you can also
    send "Odd-Eyes" monsters from your Extra Deck to the GY": Odd-Eyes Gravity Dragon (7) with Odd-Eyes
    Pendulum Dragon (7) from the Extra Deck only while the opponent controls 2 monsters and the player none;
    Odd-Eyes Rebellion Dragon (an Xyz Monster, no Level) never counts. The Extra Deck card ends in the GY."""
    def position(opponent_monsters, mine=False):
        built = builder(real, "Odd-Eyes Advent", "Odd-Eyes Gravity Dragon") \
            .extra_deck("Odd-Eyes Rebellion Dragon").extra_deck("Odd-Eyes Pendulum Dragon", face_up=True)
        for zone in range(1, opponent_monsters + 1):
            built.opponent.monster(zone, "Celtic Guardian")
        if mine:
            built.monster(1, "Kuriboh")
        return built.build()
    assert rituals(position(2)) == {("H2", ("ED2",))}
    assert rituals(position(1)) == set()
    assert rituals(position(2, mine=True)) == set()        # Kuriboh is no Pendulum Monster, and the condition fails
    moves = [m for m in every_move_replays(position(2)) if m[0].action == "ritual_summon"]
    assert moves and "Odd-Eyes Pendulum Dragon" in [c.card.name for c in moves[0][2].players[0].graveyard]


def test_rit_6_rise_of_the_salamangreat_gy_while_you_control_a_fire_link(real):
    """Rise of the Salamangreat: "If you control a FIRE Link Monster, you can also use "Salamangreat" monster(s)
    in your GY, by shuffling them into the Deck": Salamangreat Emerald Eagle (8) with Summoned Skull (6) from the
    hand and Salamangreat Gazelle (3) from the GY, only while a FIRE Link Monster (Salamangreat Sunlight Wolf) is
    on the field; the Gazelle ends in the Deck."""
    def position(link):
        built = builder(real, "Rise of the Salamangreat", "Salamangreat Emerald Eagle", "Summoned Skull") \
            .graveyard("Salamangreat Gazelle")
        if link:
            built.monster(1, "Salamangreat Sunlight Wolf")
        return built.build()
    assert rituals(position(False)) == set()
    assert ("H2", ("H3", "GY1")) in rituals(position(True))
    moves = [m for m in every_move_replays(position(True)) if m[0].action == "ritual_summon"
             and m[0].materials == ("H3", "GY1")]
    assert moves and [getattr(c, "card", c).name for c in moves[0][2].players[0].deck] == ["Salamangreat Gazelle"]


def test_rit_6_ai_ritual_needs_a_face_up_ignister(real):
    """A.I.'s Ritual: "If you control an "@Ignister" monster ..., you can also use "@Ignister" monster(s) in your
    GY, by banishing them": Water Leviathan @Ignister (7) with Wind Pegasus @Ignister (a Level 7 Synchro) from
    the GY while Doshin @Ignister is face-up; a face-down one does not count (its name is hidden). Doshin (1)
    with Pegasus, or Pegasus with Achichi @Ignister (2), has a superfluous Tribute."""
    def position(face):
        return builder(real, "A.I.'s Ritual", "Water Leviathan @Ignister") \
            .graveyard("Wind Pegasus @Ignister", "Achichi @Ignister") \
            .monster(1, "Doshin @Ignister", position=face).build()
    assert rituals(position("attack")) == {("H2", ("GY1",))}
    assert rituals(position("set")) == set()


def test_rit_6_dogmatikalamity_extra_deck_monster_alone_and_its_lock(real):
    """Dogmatikalamity: "..., or send 1 monster from your Extra Deck to the GY, whose Level equals the Level of
    the Ritual Monster": White Knight of Dogmatika (8) with Stardust Dragon (a Level 8 Synchro) alone, never
    Gaia Knight (6) with a Tribute; Decode Talker (a Link Monster) has no Level. After it resolves, no Special
    Summon from the Extra Deck this turn (RIT-9, OATH-3): Link Spider stays in the Extra Deck."""
    position = builder(real, "Dogmatikalamity", "White Knight of Dogmatika", "Celtic Guardian", "Celtic Guardian") \
        .extra_deck("Stardust Dragon", "Decode Talker", "Gaia Knight, the Force of Earth").build()
    assert rituals(position) == {("H2", ("ED1",)), ("H2", ("H3", "H4"))}
    free = PositionBuilder(cards=real).monster(1, "Celtic Guardian").extra_deck("Link Spider")
    assert [p for p in legal_plays(free.build()) if p.action == "link_summon"]
    locked = free.event(activate="Dogmatikalamity", effect=1, player=0).build()
    assert not [p for p in legal_plays(locked) if p.action == "link_summon"]
    assert not [p for p in reference.legal_plays(locked) if p.action == "link_summon"]


# --- RIT-7: face-down Defense Position ----------------------------------------------------------------------------

def test_rit_7_underworld_ritual_of_prediction_face_down_defense(real):
    """Underworld Ritual of Prediction: "in face-up Attack Position or face-down Defense Position"."""
    position = builder(real, "Underworld Ritual of Prediction", "Prediction Princess Tarotrei") \
        .monster(1, "Summoned Skull").monster(2, "Summoned Skull").build()
    plays = [p for p in legal_plays(position) if p.action == "ritual_summon"]
    assert plays and all(p.positions == ("attack", "set") for p in plays)
    moves = [m for m in every_move_replays(position) if m[0].action == "ritual_summon"]
    assert {z.position for m in moves for z in m[2].players[0].monster_zones
            if z is not None and z.card.name == "Prediction Princess Tarotrei"} == {"attack", "set"}


# --- RIT-8: ATK instead of Levels ------------------------------------------------------------------------------------

def test_rit_8_meteonis_drytron_sums_atk(real):
    """Meteonis Drytron: Machine monsters whose total ATK equal or exceed the Ritual Monster's ATK: Drytron
    Meteonis Quadrantids (4000) with any two of Ancient Gear Golem (3000), Cyber-Tech Alligator (2500) and Cyber
    Dragon (2100); all three is superfluous; a Celtic Guardian (a Warrior) is no Machine; a Level is not summed."""
    position = builder(real, "Meteonis Drytron", "Drytron Meteonis Quadrantids", "Ancient Gear Golem",
                       "Cyber-Tech Alligator").monster(1, "Cyber Dragon").monster(2, "Celtic Guardian").build()
    assert rituals(position) == {("H2", ("H3", "M1")), ("H2", ("H4", "M1")), ("H2", ("H3", "H4"))}


# --- RIT-9: an optional addition after the summon -------------------------------------------------------------------

def test_rit_9_dogmatikamacabre_banishes_fusion_or_synchro_from_the_gy(real):
    """Dogmatikamacabre: "and/or banish Fusion or Synchro Monsters from your GY, whose total Levels equal or
    exceed ..., then, if both ... are on the field, you can ...": White Relic of Dogmatika (4) with Goyo Guardian
    (a Level 6 Synchro) from the GY; Number 39: Utopia (an Xyz Monster) has no Level. The optional addition is
    not taken (as Mikanko Kagura's "Then you can apply")."""
    position = builder(real, "Dogmatikamacabre", "White Relic of Dogmatika") \
        .graveyard("Goyo Guardian", "Number 39: Utopia").build()
    assert rituals(position) == {("H2", ("GY1",))}


# --- RIT-10: the Ritual Monster's own limits ------------------------------------------------------------------------

def test_rit_10_nekroz_of_trishula_without_level_9_monsters(real):
    """Nekroz of Trishula (9): "Must be Ritual Summoned, without using any Level 9 monsters": Nekroz Cycle with
    Deep-Space Cruiser IX (9) alone is refused; Gemini Elf (4) + Cyber Dragon (5) is fine."""
    position = builder(real, "Nekroz Cycle", "Nekroz of Trishula", "Deep-Space Cruiser IX") \
        .monster(1, "Gemini Elf").monster(2, "Cyber Dragon").build()
    assert rituals(position) == {("H2", ("M1", "M2"))}


def test_rit_10_nekroz_of_brionac_without_another_brionac(real):
    position = builder(real, "Nekroz Cycle", "Nekroz of Brionac", "Nekroz of Brionac").monster(1, "Summoned Skull") \
        .build()
    assert rituals(position) == {("H2", ("M1",)), ("H3", ("M1",))}


def test_rit_10_megalith_notrah_plura_only_ritual_monsters(real):
    """Megalith Notrah Plura (ATK 3700): "Must be Ritual Summoned using only Ritual Monsters": with Meteonis
    Drytron (any Ritual Monster, by ATK) Drytron Meteonis Quadrantids (a Machine Ritual Monster, 4000) is its
    Tribute; Ancient Gear Golem + Cyber Dragon (5100, no Ritual Monsters) summon only the Quadrantids."""
    position = builder(real, "Meteonis Drytron", "Megalith Notrah Plura", "Drytron Meteonis Quadrantids") \
        .monster(1, "Ancient Gear Golem").monster(2, "Cyber Dragon").build()
    assert rituals(position) == {("H2", ("H3",)), ("H3", ("M1", "M2"))}


def test_rit_10_dogmatika_alba_zoa_only_by_dogmatika_cards(real):
    """Dogmatika Alba Zoa (12): "Cannot be Ritual Summoned, except by "Dogmatikalamity" or another "Dogmatika"
    card effect": Dogmatikalamity summons it; a Ritual Spell for any Ritual Monster that is no Dogmatika card
    (Meteonis Drytron) does not."""
    dogma = builder(real, "Dogmatikalamity", "Dogmatika Alba Zoa").monster(1, "Summoned Skull") \
        .monster(2, "Summoned Skull").build()
    assert rituals(dogma) == {("H2", ("M1", "M2"))}
    drytron = builder(real, "Meteonis Drytron", "Dogmatika Alba Zoa").monster(1, "Ancient Gear Golem") \
        .monster(2, "Ancient Gear Golem").build()
    assert rituals(drytron) == set()


@pytest.mark.parametrize("name", ["Skull Guardian", "Crab Turtle", "Prediction Princess Tarotreith",
                                  "Nekroz of Valkyrus", "Nekroz of Metaltron", "Nekroz of Decisive Armor",
                                  "Dogmatika Alba Zoa", "Megalith Notrah Plura"])
def test_rit_10_ritual_monster_sentences_read(real, name):
    assert not unread_clauses(real[name])


def test_rit_10_skull_guardians_reminder_is_its_spells_requirement(real):
    """Skull Guardian and Crab Turtle repeat, word for word, the requirement of the only Ritual Spell that may
    summon them."""
    for monster, spell in (("Skull Guardian", "Novox's Prayer"), ("Crab Turtle", "Turtle Oath")):
        reminder = real[monster].text.split(". ", 1)[1].strip()
        assert reminder in " ".join(real[spell].text.split())
        assert isinstance(ritual_spell(real[spell]), RitualSpell)
