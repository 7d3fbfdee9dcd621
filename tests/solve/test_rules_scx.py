"""SCX-1..SCX-11 (docs/procedure-rules.md, "Summoning conditions the card data decides"): changes of ATK/DEF during
the Battle Phase only, procedure costs the card data decides (original ATK and DEF, "ATK or DEF", one LIGHT Warrior and
one DARK Fiend, "all ... monsters" of the field and the GY), a response lock at the card's own Special Summon, D.D.
Unicorn Knight's condition and turn clause, Rainbow Dragon's 7 names, Toon Black Luster Soldier's Tributes, Gradius'
Option. Real cards of the card database; every answer is the reference's (whole plays)."""

from __future__ import annotations

from helpers import applied, board, procedure_play, procedure_summons, whole_plays

from pysolver.cards.attacks import attack_rules
from pysolver.cards.cardtext import (
    own_original_stats,
    own_original_stats_sentence,
    tribute_rules,
)
from pysolver.cards.effects import clauses, procedures
from pysolver.cards.reading import unread_clauses
from pysolver.position.builder import PositionBuilder

# --- SCX-1: ATK/DEF during the Battle Phase only -------------------------------------------------------------------

def test_scx_1_battle_phase_only_changes_are_read(real):
    for name in ("Spirit of Flames", "The Rock Spirit", "Banner of Courage", "Legendary Lord Six Samurai - Enishi",
                 "Legendary Lord Six Samurai - Kizan", "Performapal King Bear"):
        assert attack_rules(real[name]).sentences, name
        assert unread_clauses(real[name]) == (), name


def test_scx_1_battle_phase_only_decides_no_attack(real):
    """In the Battle Phase the listed plays are attacks and leaving the phase: Spirit of Flames (1700, +300 now)
    attacks as any monster would; the solver and the reference agree on the whole answer."""
    b = PositionBuilder(cards=real, turn=3, phase="battle").monster(1, "Spirit of Flames")
    b.opponent.monster(1, "Summoned Skull")
    plays = whole_plays(b.build())
    assert ("declare_attack", "M1", "oM1") in plays and ("enter_main2", None, None) in {
        (a, None, None) for a, _, _ in plays}


def test_scx_1_other_battle_phase_sentences_stay_unread(real):
    # a description with more words, and effects negated during the Battle Phase (Firewall Dragon Darkfluid's "for each
    # counter on it" is read since CTR-3: no monster has counters)
    for name, words in (("Full-Speed Warrior", "that mention"),
                        ("Gravity Blaster", "effect is negated during the Battle Phase only")):
        assert any(words in u.clause for u in unread_clauses(real[name])), name


def test_scx_1_soul_of_purity_and_light_cannot_be_normal_summoned_or_normal_set(real):
    n = "Soul of Purity and Light"
    assert unread_clauses(real[n]) == () and tribute_rules(real[n]) == ()
    position = board(cards=real).hand(n).graveyard("Galaxy Serpent", "Key Mace", "Summoned Skull").build()
    assert procedure_summons(position) == {("H1", ("GY1", "GY2"))}
    assert not [p for p in whole_plays(position) if p[0] in ("normal_summon", "set_monster")]


# --- SCX-2, SCX-3: original ATK and DEF; ATK or DEF -------------------------------------------------------------------

def test_scx_2_regenesis_lord_banishes_a_face_up_monster_with_2500_original_atk_and_def(real):
    n = "Regenesis Lord"
    assert unread_clauses(real[n]) == ()
    b = board(cards=real).hand(n).monster(1, "Pesanta the Titan of Troubadours").monster(2, "Summoned Skull") \
        .monster(3, "Pesanta the Titan of Troubadours", position="set")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("M1",))}       # not 2500/1200, not face-down
    after = applied(position, procedure_play(position, "H1", ("M1",)), zone="M1")
    assert after["M1"].card.name == n and [c.card.name for c in after.me.banished] == ["Pesanta the Titan of Troubadours"]
    assert procedure_summons(board(cards=real).hand(n).monster(2, "Summoned Skull").build()) == set()


def test_scx_3_regenesis_overlord_banishes_2_gy_monsters_with_2500_atk_or_def(real):
    n = "Regenesis Overlord"
    assert unread_clauses(real[n]) == ()
    (way,) = procedures(real[n])
    assert way.sources == ("graveyard",)
    position = board(cards=real).graveyard(n, "Summoned Skull", "Blue-Eyes White Dragon", "Kuriboh").build()
    assert procedure_summons(position) == {("GY1", ("GY2", "GY3"))}   # ATK 2500; DEF 2500; itself never
    after = applied(position, procedure_play(position, "GY1", ("GY2", "GY3")), zone="M1")
    assert after["M1"].card.name == n and [c.card.name for c in after.me.graveyard] == ["Kuriboh"]
    one = board(cards=real).graveyard(n, "Summoned Skull", "Kuriboh").build()
    assert procedure_summons(one) == set()


# --- SCX-4, SCX-5: one LIGHT Warrior and one DARK Fiend; no response at its Summon ------------------------------------

def test_scx_4_chaos_end_ruler_banishes_a_light_warrior_and_a_dark_fiend(real):
    n = "Chaos End Ruler - Ruler of the Beginning and the End"
    assert unread_clauses(real[n]) == ()    # SCX-5: "Neither player can activate cards or effects when ..." too
    position = board(cards=real).hand(n).graveyard("Elemental HERO Neos", "Summoned Skull", "Blue-Eyes White Dragon",
                                                   "Dark Magician").build()
    assert procedure_summons(position) == {("H1", ("GY1", "GY2"))}
    after = applied(position, procedure_play(position, "H1", ("GY1", "GY2")), zone="M1")
    assert sorted(c.card.name for c in after.me.banished) == ["Elemental HERO Neos", "Summoned Skull"]
    no_fiend = board(cards=real).hand(n).graveyard("Elemental HERO Neos", "Dark Magician").build()
    assert procedure_summons(no_fiend) == set()


def test_scx_5_other_response_locks_stay_unread(real):
    # a lock on the Summon of another monster, or a whole sentence with more words
    assert any("Synchro Summoned" in u.clause for u in unread_clauses(real["Junk Giant"]))
    assert unread_clauses(real["Eternal Favorite"])


# --- SCX-6, SCX-7: all of a kind of the field and the GY; ATK/DEF set by its Summon -----------------------------------

def test_scx_7_evil_dragon_ananta_banishes_every_face_up_reptile_and_every_reptile_in_the_gy(real):
    n = "Evil Dragon Ananta"
    assert unread_clauses(real[n]) == ()
    b = board(cards=real).hand(n).monster(1, "Grappler").monster(2, "Beaked Snake", position="set") \
        .graveyard("Armored Lizard", "Drooling Lizard", "Kuriboh")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("M1", "GY1", "GY2"))}   # all of them; the face-down one stays
    after = applied(position, procedure_play(position, "H1", ("M1", "GY1", "GY2")), zone="M1")
    assert after["M1"].card.name == n and after["M2"].card.name == "Beaked Snake"
    assert sorted(c.card.name for c in after.me.banished) == ["Armored Lizard", "Drooling Lizard", "Grappler"]
    only_set = board(cards=real).hand(n).monster(2, "Beaked Snake", position="set").graveyard("Kuriboh").build()
    assert procedure_summons(only_set) == set()


def test_scx_7_cyber_eltanin_banishes_every_light_machine_of_its_field_and_gy(real):
    n = "Cyber Eltanin"
    assert unread_clauses(real[n]) == ()
    position = board(cards=real).hand(n).monster(3, "Gradius").graveyard("V-Tiger Jet", "Key Mace").build()
    assert procedure_summons(position) == {("H1", ("M3", "GY1"))}
    gy_only = board(cards=real).hand(n).graveyard("X-Head Cannon").build()
    assert procedure_summons(gy_only) == {("H1", ("GY1",))}


def test_scx_6_atk_def_set_by_its_summon_are_unknown_on_the_field(real):
    for n, value in (("Evil Dragon Ananta", 600), ("Cyber Eltanin", 500)):
        assert own_original_stats(real[n])
        assert own_original_stats_sentence(real[n]) == (
            f"This card's ATK/DEF become the number of monsters banished for its Special Summon x {value}.")


# --- SCX-8: D.D. Unicorn Knight -------------------------------------------------------------------------------------

def test_scx_8_dd_unicorn_knight_needs_an_opponents_monster_and_a_face_up_tuner(real):
    n = "D.D. Unicorn Knight"
    assert unread_clauses(real[n]) == ()
    b = board(cards=real).hand(n).monster(1, "Galaxy Serpent")
    b.opponent.monster(1, "Kuriboh", position="set")             # face-down counts
    position = b.build()
    assert procedure_summons(position) == {("H1", ())}
    after = applied(position, procedure_play(position, "H1", ()), zone="M2")
    assert after["M2"].card.name == n
    none_theirs = board(cards=real).hand(n).monster(1, "Galaxy Serpent").build()
    assert procedure_summons(none_theirs) == set()
    b = board(cards=real).hand(n).monster(1, "Galaxy Serpent", position="set")
    b.opponent.monster(1, "Kuriboh")
    assert procedure_summons(b.build()) == set()                  # a face-down Tuner hides what it is


def test_scx_8_dd_unicorn_knight_and_the_normal_summon_exclude_each_other(real):
    """"You cannot Normal Summon or Set the turn you Special Summon this card." (OATH-4)."""
    n = "D.D. Unicorn Knight"
    assert [c.kind for c in clauses(real[n])] == ["when_special_summoned"]
    b = board(cards=real).hand(n, "Kuriboh").monster(1, "Galaxy Serpent")
    b.opponent.monster(1, "Kuriboh")
    b.event(summon="normal", card="Galaxy Serpent")
    assert procedure_summons(b.build()) == set()
    b = board(cards=real).hand(n, "Kuriboh").monster(1, "Galaxy Serpent").monster(2, n)
    b.opponent.monster(1, "Kuriboh")
    b.event(summon="procedure", card=n, **{"from": "hand"})
    plays = whole_plays(b.build())
    assert not [p for p in plays if p[0] in ("normal_summon", "set_monster")]


# --- SCX-9: Rainbow Dragon ------------------------------------------------------------------------------------------

_SEVEN = ("Crystal Beast Sapphire Pegasus", "Crystal Beast Amber Mammoth", "Crystal Beast Amethyst Cat",
          "Crystal Beast Cobalt Eagle", "Crystal Beast Ruby Carbuncle")


def test_scx_9_rainbow_dragon_needs_exactly_7_crystal_beast_names_on_the_field_and_in_the_gy(real):
    """'by having exactly 7 "Crystal Beast" cards with different names on your field and/or GY': face-up monsters and
    the GY count, a Set monster does not (it hides its name); an eighth name is too many; a second copy changes
    nothing. A condition: no cost."""
    n = "Rainbow Dragon"
    assert unread_clauses(real[n]) == ()
    def rainbow(*extra_gy, tortoise="attack"):
        b = board(cards=real).hand(n).monster(1, "Crystal Beast Topaz Tiger").graveyard(*_SEVEN, *extra_gy)
        b.monster(2, "Crystal Beast Emerald Tortoise", **({"position": "set"} if tortoise == "set" else {}))
        return b.build()
    position = rainbow()
    assert procedure_summons(position) == {("H1", ())}
    after = applied(position, procedure_play(position, "H1", ()), zone="M3")
    assert after["M3"].card.name == n and len(after.me.graveyard) == 5
    assert procedure_summons(rainbow("Crystal Beast Sapphire Pegasus")) == {("H1", ())}
    assert procedure_summons(rainbow("Advanced Crystal Beast Topaz Tiger")) == set()   # 8 names
    assert procedure_summons(rainbow(tortoise="set")) == set()                          # 6 names shown


# --- SCX-10: Toon Black Luster Soldier ------------------------------------------------------------------------------

def test_scx_10_toon_black_luster_soldier_tributes_toons_until_their_levels_reach_8(real):
    """'by Tributing Toon monsters from your hand or field, whose total Levels equal 8 or more': the selection ends as
    the total reaches 8 (the Level 8 monster alone, any two Level 4s; never three Level 4s, never the Level 8 with
    another); a face-down Toon is Tributed too; a non-Toon never."""
    n = "Toon Black Luster Soldier"
    assert unread_clauses(real[n]) == ()
    b = board(cards=real).hand(n, "Toon Gemini Elf", "Toon Harpie Lady", "Kuriboh") \
        .monster(1, "Toon Cannon Soldier", position="set").monster(2, "Toon Ancient Gear Golem")
    position = b.build()
    found = {frozenset(cost) for card, cost in procedure_summons(position) if card == "H1"}
    assert found == {frozenset({"M2"}), frozenset({"H2", "H3"}), frozenset({"H2", "M1"}), frozenset({"H3", "M1"})}
    play = next(p for p in procedure_summons(position) if set(p[1]) == {"H2", "H3"})
    after = applied(position, procedure_play(position, *play), zone="M3")
    assert after["M3"].card.name == n
    assert sorted(c.card.name for c in after.me.graveyard) == ["Toon Gemini Elf", "Toon Harpie Lady"]
    short = board(cards=real).hand(n, "Toon Gemini Elf", "Kuriboh").build()
    assert procedure_summons(short) == set()


# --- SCX-11: Gradius' Option ----------------------------------------------------------------------------------------

def test_scx_11_gradius_option_procedure_needs_a_face_up_gradius(real):
    n = "Gradius' Option"
    assert unread_clauses(real[n]) == () and own_original_stats(real[n])   # its ATK/DEF on the field are unknown
    position = board(cards=real).hand(n).monster(1, "Gradius").build()
    assert procedure_summons(position) == {("H1", ())}
    after = applied(position, procedure_play(position, "H1", ()), zone="M2")
    assert after["M2"].card.name == n
    assert procedure_summons(board(cards=real).hand(n).monster(1, "Gradius", position="set").build()) == set()
    assert procedure_summons(board(cards=real).hand(n).monster(1, "Kuriboh").build()) == set()


def test_scx_11_gradius_option_is_revived_only_beside_a_face_up_gradius(real):
    """Its summoning condition holds for every Special Summon: Monster Reborn takes it from the GY (properly summoned)
    only while the turn player controls a face-up "Gradius"."""
    n = "Gradius' Option"
    def reborn_targets(**gradius):
        b = board(cards=real).hand("Monster Reborn").graveyard(n, "Kuriboh")
        if gradius:
            b.monster(1, "Gradius", **({} if gradius["face"] == "up" else {"position": "set"}))
        return {target for action, _, target in whole_plays(b.build()) if action == "activate"}
    assert reborn_targets(face="up") == {"GY1", "GY2"}
    assert reborn_targets(face="down") == {"GY2"}
    assert reborn_targets() == {"GY2"}
