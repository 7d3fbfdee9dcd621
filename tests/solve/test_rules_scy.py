"""SCY-* (docs/procedure-rules.md): summoning-condition monsters' own rule sentences, on real cards of the card
database. The solver and the reference list the same plays (`whole_plays`), and apply, the reference apply and the
step-indexed transition agree on where every card goes (`helpers.applied`)."""

from __future__ import annotations

from helpers import (
    applied,
    board,
    only,
    plays_of,
    procedure_play,
    procedure_summons,
    whole_plays,
)

from pysolver.cards.effects import procedures
from pysolver.cards.reading import unread_clauses
from pysolver.cards.replacements import deck_bottom_on_leaving

CHAOS_EMPEROR = "Chaos Emperor, the Dragon of Armageddon"


def names(pile) -> list[str]:
    return [getattr(entry, "card", entry).name for entry in pile]   # a Deck holds bare cards


# --------------------------------------------------------------------------------------------------
# SCY-1: "If this face-up Special Summoned card leaves the field, return it to the bottom of the Deck."

def test_scy_1_chaos_emperor_the_sentence_is_read(real):
    card = real[CHAOS_EMPEROR]
    assert deck_bottom_on_leaving(card) == ("If this face-up Special Summoned card leaves the field, return it to "
                                            "the bottom of the Deck.")
    assert not unread_clauses(card)
    assert deck_bottom_on_leaving(real["Dark Magician of Chaos"]) is None


def test_scy_1_chaos_emperor_tributed_goes_to_the_bottom_of_the_deck(real):
    """Tributed for a Tribute Summon: to the bottom of the Deck (the Deck's last card), not face-up to the Extra Deck
    (PEN-4 is not reached) nor the GY."""
    position = board(cards=real).monster(1, CHAOS_EMPEROR, special_summoned_from="hand") \
        .hand("Summoned Skull").deck("Kuriboh", "Dark Magician").build()
    play = only(position, "normal_summon", card="H1", tributes=("M1",))
    after = applied(position, play, zone="M1")
    assert names(after.me.deck) == ["Kuriboh", "Dark Magician", CHAOS_EMPEROR]
    assert not after.me.graveyard and not after.me.extra_deck and not after.me.banished


def test_scy_1_chaos_emperor_as_link_material(real):
    """A Link Material goes to the GY, Chaos Emperor to the bottom of the Deck; the position need not say how it was
    Special Summoned: "Cannot be Normal Summoned/Set", it came no other way."""
    position = board(cards=real).monster(1, CHAOS_EMPEROR).monster(2, "Kuriboh") \
        .extra_deck("Proxy Dragon").deck("Dark Magician").build()
    play = only(position, "link_summon", card="ED1", materials=("M1", "M2"))
    after = applied(position, play, zone="EMZL")
    assert names(after.me.deck) == ["Dark Magician", CHAOS_EMPEROR]
    assert names(after.me.graveyard) == ["Kuriboh"]
    assert names(after.me.extra_deck) == []


def test_scy_1_chaos_emperor_set_goes_to_the_extra_deck(real):
    """Face-down, the redirect does not apply ("face-up"): a Pendulum Monster leaving the field goes face-up to the
    Extra Deck (PEN-4)."""
    position = board(cards=real).monster(1, CHAOS_EMPEROR, position="set").hand("Summoned Skull").build()
    play = only(position, "normal_summon", card="H1", tributes=("M1",))
    after = applied(position, play, zone="M1")
    assert names(after.me.extra_deck) == [CHAOS_EMPEROR] and not after.me.deck


def test_scy_1_chaos_emperor_as_xyz_material_is_attached(real):
    """Becoming an Xyz Material is no sending: it is attached, and the redirect no longer applies there."""
    position = board(cards=real).monster(1, CHAOS_EMPEROR).monster(2, "Dark Magician of Chaos") \
        .extra_deck("Divine Dragon Knight Felgrand").build()
    play = only(position, "xyz_summon", card="ED1", materials=("M1", "M2"))
    after = applied(position, play, zone="EMZL")
    assert not after.me.deck and not after.me.graveyard
    assert [c.name for c in after["EMZL"].state.materials] == [CHAOS_EMPEROR, "Dark Magician of Chaos"]


def test_scy_1_chaos_emperor_cannot_be_sent_as_a_cost(real):
    """Arcana Force EX - The Light Ruler: "by sending 3 monsters you control to the GY" -- a face-up Chaos Emperor would
    go to the Deck, not the GY: it cannot pay the cost (the engine's is_capable_cost_to_grave)."""
    position = board(cards=real).monster(1, CHAOS_EMPEROR).monster(2, "Kuriboh").monster(3, "Kuriboh") \
        .monster(4, "Kuriboh").monster(5, "Kuriboh").hand("Arcana Force EX - The Light Ruler").build()
    costs = {p.cost for p in plays_of(position, "procedure_summon", all_instances=True)}
    assert costs and not any("M1" in cost for cost in costs)
    whole_plays(position)


def test_scy_1_chaos_emperor_cannot_be_banished_as_a_cost(real):
    """Red-Eyes Darkness Metal Dragon: "by banishing 1 face-up Dragon monster you control" -- a face-up Chaos Emperor
    would go to the Deck (the engine's is_removeable_as_cost): only the other Dragon pays. When the effect that
    Special Summoned it banishes it when it leaves the field (TOK-1), it is banished: it pays, and is banished."""
    def b(**options):
        return board(cards=real).monster(1, CHAOS_EMPEROR, **options).monster(2, "Blue-Eyes White Dragon") \
            .hand("Red-Eyes Darkness Metal Dragon")
    position = b().build()
    assert {p.cost for p in plays_of(position, "procedure_summon", all_instances=True)} == {("M2",)}
    whole_plays(position)
    position = b(special_summoned_from="graveyard", restrictions=["banish_when_it_leaves"]).build()
    assert {p.cost for p in plays_of(position, "procedure_summon", all_instances=True)} == {("M1",), ("M2",)}
    whole_plays(position)
    play = only(position, "procedure_summon", card="H1", cost=("M1",))
    after = applied(position, play, zone="M3")
    assert names(after.me.banished) == [CHAOS_EMPEROR] and not after.me.deck


# --------------------------------------------------------------------------------------------------
# SCY-2: '... by sending 2 "Gadget" Monster Cards from your hand and/or face-up field to the GY.'

ADMIRAL = "Boot-Up Admiral - Destroyer Dynamo"


def test_scy_2_boot_up_admiral_the_procedure_is_read(real):
    (way,) = procedures(real[ADMIRAL])
    (slot,) = way.costs
    assert (slot.action, slot.places, slot.count, slot.face_up, slot.any_card) == ("send", ("hand", "field"), 2,
                                                                                   True, True)
    assert not unread_clauses(real[ADMIRAL])


def test_scy_2_boot_up_admiral_gadget_monster_cards_of_the_hand_and_face_up_field(real):
    """Any 2 of the Gadgets of the hand and the face-up one of the field; not the Set one (face-up field), not a
    Monster Card of another archetype."""
    position = board(cards=real).hand(ADMIRAL, "Red Gadget", "Green Gadget", "Kuriboh") \
        .monster(1, "Yellow Gadget").monster(2, "Gold Gadget", position="set").build()
    found = procedure_summons(position)
    assert found == {("H1", ("H2", "H3")), ("H1", ("H2", "M1")), ("H1", ("H3", "M1"))}
    play = procedure_play(position, "H1", ("H3", "M1"))
    after = applied(position, play, zone="M3")
    assert sorted(names(after.me.graveyard)) == ["Green Gadget", "Yellow Gadget"]
    assert after["M3"].card.name == ADMIRAL and after["M3"].state.properly_summoned


def test_scy_2_boot_up_admiral_needs_two(real):
    position = board(cards=real).hand(ADMIRAL, "Red Gadget").monster(1, "Gold Gadget", position="set").build()
    assert procedure_summons(position) == set()
