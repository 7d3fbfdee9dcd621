"""Issue 15 item 8: more Ritual Spell forms (docs/ritual-rules.md RSP-*), on real cards. The solver and the
independent reference give the same plays (`rituals`); the step-indexed transition makes the state `apply` and
the reference applier make (`every_move_replays`)."""

from test_rules_ritual_spells import every_move_replays, rituals

from pysolver.cards.cardtext import RitualSpell, ritual_spell
from pysolver.cards.reading import unread_clauses
from pysolver.position.builder import PositionBuilder

# --- RSP-1: "send 1 LIGHT and 1 DARK monster (1 from your hand and 1 from your Deck) to the GY" ------------------

def test_rsp_1_super_soldier_synthesis_is_read(real):
    spell = ritual_spell(real["Super Soldier Synthesis"])
    assert isinstance(spell, RitualSpell) and spell.source == "hand_deck" and spell.level == 8
    assert spell.from_graveyard and spell.once_per_turn and spell.uses_deck
    assert not unread_clauses(real["Super Soldier Synthesis"])


def _synthesis(real):
    return PositionBuilder(cards=real).hand("Super Soldier Synthesis", "Black Luster Soldier", "Dark Blade",
                                            "Mystical Elf", "Dark Magician") \
        .deck("Gradius", "Key Mace", "Yaiba Robo", "Celtic Guardian").monster(1, "Dunames Dark Witch")


def test_rsp_1_super_soldier_synthesis_one_light_and_one_dark_from_hand_and_deck(real):
    """Super Soldier Synthesis: Black Luster Soldier (8) with one monster from the hand and one from the Deck,
    one LIGHT and one DARK, Levels exactly 8: Dark Blade (DARK 4) + Gradius (LIGHT 4), Mystical Elf (LIGHT 4) +
    Yaiba Robo (DARK 4), Dark Magician (DARK 7) + Key Mace (LIGHT 1). Not two DARK or two LIGHT monsters (Dark
    Blade + Yaiba Robo, Mystical Elf + Gradius), not two from the hand (Dark Blade + Mystical Elf), not two from
    the Deck, not the EARTH Celtic Guardian, not the LIGHT monster on the field (Dunames Dark Witch)."""
    position = _synthesis(real).build()
    assert rituals(position) == {("H2", ("H3", "DK1")), ("H2", ("H4", "DK3")), ("H2", ("H5", "DK2"))}


def test_rsp_1_super_soldier_synthesis_from_the_gy_and_once_per_turn(real):
    """From the hand or GY: Black Luster Soldier in the GY; "You can only activate 1 "Super Soldier Synthesis" per
    turn": after the turn player's activation this turn, none."""
    position = PositionBuilder(cards=real).hand("Super Soldier Synthesis", "Dark Magician") \
        .deck("Key Mace").graveyard("Black Luster Soldier").build()
    assert rituals(position) == {("GY1", ("H2", "DK1"))}
    used = PositionBuilder(cards=real).hand("Super Soldier Synthesis", "Dark Magician") \
        .deck("Key Mace").graveyard("Black Luster Soldier") \
        .event(activate="Super Soldier Synthesis", effect=1, player=0).build()
    assert rituals(used) == set()


def test_rsp_1_super_soldier_synthesis_sends_both_to_the_gy(real):
    """The hand's and the Deck's monster end in the GY, in the transition, `apply` and the reference applier alike."""
    position = PositionBuilder(cards=real).hand("Super Soldier Synthesis", "Black Luster Soldier", "Dark Magician") \
        .deck("Key Mace", "Celtic Guardian").build()
    assert rituals(position) == {("H2", ("H3", "DK1"))}
    moves = [m for m in every_move_replays(position) if m[0].action == "ritual_summon"]
    assert moves
    me = moves[0][2].players[0]
    assert sorted(c.card.name for c in me.graveyard) == ["Dark Magician", "Key Mace", "Super Soldier Synthesis"]
