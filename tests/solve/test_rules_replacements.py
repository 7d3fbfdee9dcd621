"""BAN-1, BAN-2 (docs/replacement-rules.md): a card's own replacement that banishes it instead of sending it to the
GY, on real cards of the card database. The solver and the reference list the same plays, and apply, the reference
apply and the step-indexed transition agree on where every card goes (`helpers.applied`)."""

from __future__ import annotations

from helpers import applied, board, plays_of, whole_plays

from pysolver.cards.reading import unread_clauses
from pysolver.cards.replacements import banish_instead


def names(pile) -> list[str]:
    return [entry.card.name for entry in pile]


def only(position, action, **wanted):
    whole_plays(position)   # the solver and the reference agree, and nothing is left unread
    found = [p for p in plays_of(position, action, all_instances=True)
             if all(getattr(p, key) == value for key, value in wanted.items())]
    assert len(found) == 1, found
    return found[0]


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


def test_ban_unread_wordings_stay_unread(real):
    """Field-wide replacements and the conditional ones are not read: the card is unread, never half-read."""
    for name, words in (("Macro Cosmos", "any card sent to the GY"), ("Dimensional Fissure", "Any monster"),
                        ("Banisher of the Light", "Any card"), ("Masked HERO Dark Law", "opponent's GY"),
                        ("Destiny HERO - Departed", "destroyed by battle"),
                        ("Destiny HERO - Departed", "from the hand or Deck")):
        assert not banish_instead(real[name]) or name == "Destiny HERO - Departed"
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
