"""BAN-1, BAN-2 (docs/replacement-rules.md): a card's own replacement that banishes it instead of sending it to the
GY, on real cards of the card database. The solver and the reference list the same plays, and apply, the reference
apply and the step-indexed transition agree on where every card goes (`helpers.applied`)."""

from __future__ import annotations

import os

from helpers import applied, board, only, plays_of, whole_plays
from hypothesis import given, settings
from hypothesis import strategies as st

from pysolver.cards.reading import unread_clauses
from pysolver.cards.replacements import banish_instead


def names(pile) -> list[str]:
    return [entry.card.name for entry in pile]


# --------------------------------------------------------------------------------------------------
# The reader

def test_ban_1_and_ban_2_the_sentences_are_read(real):
    for name in ("Dark Magician of Chaos", "Exodius the Ultimate Forbidden Lord", "Floowandereeze & Toccan",
                 "Floowandereeze & Robina", "Floowandereeze & Eglen", "Floowandereeze & Stri", "Shell of Chaos",
                 "Core of Chaos", "Cockadoodledoo"):
        assert [r.kind for r in banish_instead(real[name])] == ["leaves"], name
        assert not any("banish it instead" in u.clause for u in unread_clauses(real[name])), name
    assert [r.kind for r in banish_instead(real["Gimmick Puppet Shadow Feeler"])] == ["overlay"]
    assert not unread_clauses(real["Dark Magician of Chaos"])
    assert not unread_clauses(real["Gimmick Puppet Shadow Feeler"])


def test_ban_3_the_field_wide_sentences_are_read(real):
    expected = {"Macro Cosmos": ("card", "any", "any", "field"), "Dimensional Fissure": ("monster", "any", "any", "field"),
                "Banisher of the Light": ("card", "any", "any", "field"),
                "Banisher of the Radiance": ("card", "any", "any", "field"),
                "Masked HERO Dark Law": ("card", "opponent", "any", "field"),
                "Chaos Distill": ("card", "own", "any", "field"),
                "Herald of the Arc Light": ("monster", "any", "hand_deck", "field"),
                "Virtual World Kyubi - Shenshen": ("card", "any", "field", "field"),
                "Invoked Oceanus": ("monster", "opponent", "any", "emz")}
    for name, wanted in expected.items():
        (rule,) = banish_instead(real[name])
        assert (rule.kind, (rule.what, rule.gy, rule.source, rule.where)) == ("field", wanted), name
        assert not any("instead" in u.clause for u in unread_clauses(real[name])), name
    for name in ("Macro Cosmos", "Dimensional Fissure", "Banisher of the Light", "Masked HERO Dark Law"):
        assert not unread_clauses(real[name]), name


def test_ban_unread_wordings_stay_unread(real):
    """Replacements with a condition the position cannot decide stay unread: the card is unread, never half-read."""
    for name, words in (("F.A. Hang On Mach", "Level 7 or higher"), ("Ryu-Ge Realm - Wyrm Winds", "opponent's turn"),
                        ("Amorphage Goliath", "except"), ("Antihuman Intelligence ME-PSY-YA", "except Monster Cards"),
                        ("Destiny HERO - Departed", "destroyed by battle"),
                        ("Destiny HERO - Departed", "from the hand or Deck")):
        assert not banish_instead(real[name]), name
        assert any(words in u.clause for u in unread_clauses(real[name])), (name, words)


# --------------------------------------------------------------------------------------------------
# BAN-1: "If this face-up card would leave the field, banish it instead."

def test_ban_1_dark_magician_of_chaos_tributed_is_banished(real):
    position = board(cards=real).monster(1, "Dark Magician of Chaos").monster(2, "Kuriboh") \
        .hand("Dark Magician").build()
    play = only(position, "normal_summon", card="H1", tributes=("M1", "M2"))
    after = applied(position, play, zone="M1")
    assert names(after.me.banished) == ["Dark Magician of Chaos"]
    assert names(after.me.graveyard) == ["Kuriboh"]


def test_ban_1_dark_magician_of_chaos_set_is_sent_to_the_gy(real):
    """Face-down, the replacement does not apply: the Set monster goes to the GY."""
    position = board(cards=real).monster(1, "Dark Magician of Chaos", position="set").hand("Summoned Skull").build()
    play = only(position, "normal_summon", card="H1", tributes=("M1",))
    after = applied(position, play, zone="M1")
    assert names(after.me.graveyard) == ["Dark Magician of Chaos"] and not after.me.banished


def test_ban_1_dark_magician_of_chaos_as_link_material(real):
    position = board(cards=real).monster(1, "Dark Magician of Chaos").monster(2, "Kuriboh") \
        .extra_deck("Proxy Dragon").build()
    play = only(position, "link_summon", card="ED1", materials=("M1", "M2"))
    after = applied(position, play, zone="EMZL")
    assert names(after.me.banished) == ["Dark Magician of Chaos"]
    assert names(after.me.graveyard) == ["Kuriboh"]


def test_ban_1_dark_magician_of_chaos_as_synchro_material(real):
    position = board(cards=real).monster(1, "Dark Magician of Chaos").monster(2, "Jet Synchron") \
        .extra_deck("Lightstorm Dragon").build()
    plays = [p for p in plays_of(position, "synchro_summon", all_instances=True) if p.materials == ("M1", "M2")]
    assert plays, "DMoC (Level 8) and a Level 1 Tuner make a Level 9 Synchro Monster"
    whole_plays(position)
    after = applied(position, plays[0], zone="EMZL")
    assert names(after.me.banished) == ["Dark Magician of Chaos"]
    assert names(after.me.graveyard) == ["Jet Synchron"]


def test_ban_1_dark_magician_of_chaos_ritual_tribute(real):
    position = board(cards=real).monster(1, "Dark Magician of Chaos") \
        .hand("Black Luster Soldier", "Black Luster Ritual").build()
    play = only(position, "ritual_summon", card="H1", materials=("M1",))
    after = applied(position, play, zone="M1")
    assert names(after.me.banished) == ["Dark Magician of Chaos"]
    assert names(after.me.graveyard) == ["Black Luster Ritual"]


def test_ban_1_dark_magician_of_chaos_cannot_be_sent_as_a_cost(real):
    """Arcana Force EX - The Light Ruler: "by sending 3 monsters you control to the GY" -- a face-up DMoC would be
    banished, not sent: it cannot pay the cost (the engine's is_capable_cost_to_grave). Set, it can."""
    def b(**dmoc):
        return board(cards=real).monster(1, "Dark Magician of Chaos", **dmoc).monster(2, "Kuriboh") \
            .monster(3, "Kuriboh").monster(4, "Kuriboh").hand("Arcana Force EX - The Light Ruler")
    costs = {p.cost for p in plays_of(b().build(), "procedure_summon", all_instances=True)}
    assert costs == {("M2", "M3", "M4")}
    whole_plays(b().build())
    costs = {p.cost for p in plays_of(b(position="set").build(), "procedure_summon", all_instances=True)}
    assert ("M1", "M2", "M3") in costs
    whole_plays(b(position="set").build())


# --------------------------------------------------------------------------------------------------
# BAN-2: "If this card is an Xyz Material and would be sent to the GY, banish it instead."

def test_ban_1_and_ban_2_xyz_materials_are_attached(real):
    """Becoming an Xyz Material is no sending: Dark Magician of Chaos and Shadow Feeler are attached."""
    position = board(cards=real).monster(1, "Gimmick Puppet Shadow Feeler").monster(2, "Dark Magician of Chaos") \
        .extra_deck("Divine Dragon Knight Felgrand").build()
    play = only(position, "xyz_summon", card="ED1", materials=("M1", "M2"))
    after = applied(position, play, zone="EMZL")
    assert not after.me.banished and not after.me.graveyard
    assert [c.name for c in after["EMZL"].state.materials] == ["Gimmick Puppet Shadow Feeler", "Dark Magician of Chaos"]


def test_ban_2_shadow_feeler_banished_with_its_xyz_monster(real):
    """The Xyz Monster leaves the field as Link Material: its materials go to the GY (XYZ-3), Shadow Feeler is
    banished instead; Dark Magician of Chaos, no longer face-up on the field, goes to the GY."""
    position = board(cards=real).monster(1, "Divine Dragon Knight Felgrand",
                                         materials=["Gimmick Puppet Shadow Feeler", "Dark Magician of Chaos"]) \
        .monster(2, "Kuriboh").extra_deck("Proxy Dragon").build()
    play = only(position, "link_summon", card="ED1", materials=("M1", "M2"))
    after = applied(position, play, zone="EMZL")
    assert names(after.me.banished) == ["Gimmick Puppet Shadow Feeler"]
    assert sorted(names(after.me.graveyard)) == ["Dark Magician of Chaos", "Divine Dragon Knight Felgrand", "Kuriboh"]


def test_ban_2_shadow_feeler_detached_as_a_cost(real):
    """Galaxy-Eyes Cipher Dragon detaches 1 material to activate its effect: Shadow Feeler is banished."""
    b = board(cards=real).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Gimmick Puppet Shadow Feeler"])
    b.opponent.monster(1, "Kuriboh")
    position = b.build()
    (play,) = [p for p in plays_of(position, "activate", all_instances=True) if p.card == "M1"]
    whole_plays(position)
    after = applied(position, play)
    assert names(after.me.banished) == ["Gimmick Puppet Shadow Feeler"] and not after.me.graveyard
    assert not after["M1"].state.materials


# --------------------------------------------------------------------------------------------------
# BAN-3: field-wide replacements

def macro_cosmos(real, **options):
    return board(cards=real).spell_trap(1, "Macro Cosmos", **options)


def test_ban_3_macro_cosmos_tribute_summon(real):
    position = macro_cosmos(real).monster(1, "Kuriboh").hand("Summoned Skull").build()
    play = only(position, "normal_summon", card="H1", tributes=("M1",))
    after = applied(position, play, zone="M1")
    assert names(after.me.banished) == ["Kuriboh"] and not after.me.graveyard


def test_ban_3_macro_cosmos_set_applies_nothing(real):
    position = macro_cosmos(real, position="set").monster(1, "Kuriboh").hand("Summoned Skull").build()
    play = only(position, "normal_summon", card="H1", tributes=("M1",))
    after = applied(position, play, zone="M1")
    assert names(after.me.graveyard) == ["Kuriboh"] and not after.me.banished


def test_ban_3_macro_cosmos_synchro_summon(real):
    """SYN-4: the Synchro Summon is legal; its materials are banished instead of going to the GY."""
    position = macro_cosmos(real).monster(1, "Dark Magician of Chaos").monster(2, "Jet Synchron") \
        .extra_deck("Lightstorm Dragon").build()
    (play,) = [p for p in plays_of(position, "synchro_summon", all_instances=True) if p.materials == ("M1", "M2")]
    whole_plays(position)
    after = applied(position, play, zone="EMZL")
    assert names(after.me.banished) == ["Dark Magician of Chaos", "Jet Synchron"] and not after.me.graveyard


def test_ban_3_macro_cosmos_link_material_xyz_monster(real):
    """An Xyz Monster used as Link Material: it and its materials (XYZ-3) are banished."""
    position = macro_cosmos(real).monster(1, "Divine Dragon Knight Felgrand", materials=["Kuriboh"]) \
        .monster(2, "Kuriboh").extra_deck("Proxy Dragon").build()
    play = only(position, "link_summon", card="ED1", materials=("M1", "M2"))
    after = applied(position, play, zone="EMZL")
    assert sorted(names(after.me.banished)) == ["Divine Dragon Knight Felgrand", "Kuriboh", "Kuriboh"]


def test_ban_3_macro_cosmos_forbids_a_send_to_the_gy_cost(real):
    """Arcana Force EX - The Light Ruler "by sending 3 monsters you control to the GY": none would reach it."""
    def b(**options):
        return macro_cosmos(real, **options).monster(1, "Kuriboh").monster(2, "Kuriboh").monster(3, "Kuriboh") \
            .hand("Arcana Force EX - The Light Ruler")
    assert not plays_of(b().build(), "procedure_summon")
    whole_plays(b().build())
    assert plays_of(b(position="set").build(), "procedure_summon")


def test_ban_3_banisher_of_the_light_sent_with_the_tributes(real):
    """The engine turns off the effects of every card it sends before deciding where they go: Banisher of the
    Light Tributed with Kuriboh banishes neither; staying on the field, it banishes the Tribute."""
    position = board(cards=real).monster(1, "Banisher of the Light").monster(2, "Kuriboh").hand("Dark Magician").build()
    play = only(position, "normal_summon", card="H1", tributes=("M1", "M2"))
    after = applied(position, play, zone="M1")
    assert sorted(names(after.me.graveyard)) == ["Banisher of the Light", "Kuriboh"] and not after.me.banished
    position = board(cards=real).monster(1, "Banisher of the Light").monster(2, "Kuriboh").hand("Summoned Skull").build()
    play = only(position, "normal_summon", card="H1", tributes=("M2",))
    after = applied(position, play, zone="M2")
    assert names(after.me.banished) == ["Kuriboh"] and not after.me.graveyard


def test_ban_3_dark_law_banishes_the_opponents_tributes(real):
    """Lava Golem is Special Summoned to the opponent's field by Tributing 2 monsters they control: they go to
    the opponent's GY, so the turn player's Masked HERO Dark Law banishes them."""
    b = board(cards=real).monster(1, "Masked HERO Dark Law").hand("Lava Golem")
    b.opponent.monster(1, "Kuriboh").monster(2, "Kuriboh")
    position = b.build()
    plays = [p for p in plays_of(position, "procedure_summon", all_instances=True) if p.card == "H1"]
    assert plays
    whole_plays(position)
    after = applied(position, plays[0])
    assert names(after.opponent.banished) == ["Kuriboh", "Kuriboh"] and not after.opponent.graveyard


def test_ban_3_dark_law_leaves_its_own_controllers_gy_alone(real):
    position = board(cards=real).monster(1, "Masked HERO Dark Law").monster(2, "Kuriboh").hand("Summoned Skull").build()
    play = only(position, "normal_summon", card="H1", tributes=("M2",))
    after = applied(position, play, zone="M2")
    assert names(after.me.graveyard) == ["Kuriboh"] and not after.me.banished


def test_ban_3_dimensional_fissure_ritual_summon(real):
    """Any monster: the Ritual Tribute is banished, the Ritual Spell goes to the GY."""
    position = board(cards=real).spell_trap(1, "Dimensional Fissure").monster(1, "Dark Magician") \
        .monster(2, "Kuriboh").hand("Black Luster Soldier", "Black Luster Ritual").build()
    play = only(position, "ritual_summon", card="H1", materials=("M1", "M2"))
    after = applied(position, play, zone="M1")
    assert names(after.me.graveyard) == ["Black Luster Ritual"]
    assert sorted(names(after.me.banished)) == ["Dark Magician", "Kuriboh"]


def test_ban_3_shenshen_banishes_the_resolved_ritual_spell(real):
    """"Any card sent from the field to the GY": the Ritual Spell resolved on the field is banished; Herald of the
    Arc Light ("from the hand or Main Deck") leaves the field's Tributes alone."""
    position = board(cards=real).monster("left", "Virtual World Kyubi - Shenshen").monster(1, "Dark Magician") \
        .monster(2, "Kuriboh").hand("Black Luster Soldier", "Black Luster Ritual").build()
    play = only(position, "ritual_summon", card="H1", materials=("M1", "M2"))
    after = applied(position, play, zone="M3")
    assert sorted(names(after.me.banished)) == ["Black Luster Ritual", "Dark Magician", "Kuriboh"]
    assert not after.me.graveyard
    position = board(cards=real).monster("left", "Herald of the Arc Light").monster(1, "Dark Magician") \
        .monster(2, "Kuriboh").hand("Black Luster Soldier", "Black Luster Ritual").build()
    play = only(position, "ritual_summon", card="H1", materials=("M1", "M2"))
    after = applied(position, play, zone="M3")
    assert sorted(names(after.me.graveyard)) == ["Black Luster Ritual", "Dark Magician", "Kuriboh"]
    assert not after.me.banished


def test_ban_3_invoked_oceanus_only_from_the_extra_monster_zone(real):
    def b(zone):
        b = board(cards=real).monster(zone, "Invoked Oceanus").hand("Lava Golem")
        b.opponent.monster(1, "Kuriboh").monster(2, "Kuriboh")
        return b.build()
    for zone, banished in (("left", True), (1, False)):
        position = b(zone)
        plays = [p for p in plays_of(position, "procedure_summon", all_instances=True) if p.card == "H1"]
        whole_plays(position)
        after = applied(position, plays[0])
        assert bool(after.opponent.banished) == banished and bool(after.opponent.graveyard) != banished


# --------------------------------------------------------------------------------------------------
# A small differential family: random boards of these cards; every play the solver lists is the reference's, and
# every play's position after it is the same for apply, the reference applier and the transition.

GRANTERS = (("spell", "Macro Cosmos"), ("spell", "Dimensional Fissure"), ("spell", "Chaos Distill"),
            ("monster", "Banisher of the Light"), ("monster", "Masked HERO Dark Law"),
            ("monster", "Herald of the Arc Light"), ("monster", "Virtual World Kyubi - Shenshen"),
            ("monster", "Invoked Oceanus"))
FIELD = ("Dark Magician of Chaos", "Kuriboh", "Jet Synchron", "Dark Magician", "Gimmick Puppet Shadow Feeler")
HAND = ("Summoned Skull", "Dark Magician", "Arcana Force EX - The Light Ruler", "Lava Golem", "Black Luster Soldier",
        "Black Luster Ritual", "Kuriboh")
EXTRA = ("Proxy Dragon", "Lightstorm Dragon", "Divine Dragon Knight Felgrand")


@settings(max_examples=int(os.environ.get("PYSOLVER_BAN_EXAMPLES", "8")), deadline=None)
@given(st.data())
def test_ban_differential_random_boards(real, data):
    b = board(cards=real)
    kind, granter = data.draw(st.sampled_from(GRANTERS))
    side = data.draw(st.sampled_from(["me", "opponent"]))
    owner = b if side == "me" else b.opponent
    up = data.draw(st.booleans())
    if kind == "spell":
        owner.spell_trap(1, granter, **({} if up else {"position": "set"}))
    elif real[granter].is_extra_deck:
        owner.monster(data.draw(st.sampled_from(["left", 5])), granter)
    else:
        owner.monster(5, granter, **({} if up else {"position": "set"}))
    for zone in data.draw(st.lists(st.sampled_from([1, 2, 3]), unique=True, max_size=3)):
        name = data.draw(st.sampled_from(FIELD + ("Divine Dragon Knight Felgrand",)))
        options = {"materials": data.draw(st.lists(st.sampled_from(["Kuriboh", "Gimmick Puppet Shadow Feeler"]),
                                                   min_size=1, max_size=2))} if name.startswith("Divine") else {}
        if not name.startswith("Divine") and data.draw(st.integers(0, 3)) == 0:
            options["position"] = "set"
        b.monster(zone, name, **options)
    for zone in data.draw(st.lists(st.sampled_from([1, 2]), unique=True, max_size=2)):
        b.opponent.monster(zone, data.draw(st.sampled_from(("Kuriboh", "Dark Magician of Chaos"))))
    b.hand(*data.draw(st.lists(st.sampled_from(HAND), unique=True, max_size=3)))   # no copies: `applied` names one
    b.extra_deck(*data.draw(st.lists(st.sampled_from(EXTRA), unique=True, max_size=2)))
    position = b.build()
    whole_plays(position)
    moving = [p for p in plays_of(position, all_instances=True)
              if p.action not in ("end_turn", "enter_battle_phase", "change_position") and not isinstance(p.zones, dict)]
    if moving:
        for index in data.draw(st.lists(st.integers(0, len(moving) - 1), unique=True, min_size=1, max_size=3)):
            applied(position, moving[index])
