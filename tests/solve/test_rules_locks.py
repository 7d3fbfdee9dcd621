"""Summon locks of face-up cards (LCK-1..LCK-4, docs/lock-rules.md; engine-rules.md §4.2 "Player checks"), on
real cards of the card database (../shared/data/cards.cdb). Every answer is compared with the independent
reference enumerator, and no position here is partial: the lock is read."""

from __future__ import annotations

from helpers import board, whole_plays
from pysolver import legal_plays
from pysolver.cards.locks import SummonLock, read_lock, summon_locks
from pysolver.cards.reading import unread_clauses
from pysolver.reference.plays import legal_plays as reference_plays
from pysolver.solve.why import why, why_text


plays = whole_plays


def summons(position) -> set:
    return {(action, card, target) for action, card, target in plays(position)
            if action.endswith("_summon") or action == "activate"}


def synchro_board(real):
    """Junk Synchron (Tuner, Level 3) and Vorse Raider (Level 4): Black Rose Dragon (Level 7, FIRE) from the
    Extra Deck; Monster Reborn and Dark Magician in the GY."""
    return board(cards=real).monster(1, "Junk Synchron").monster(2, "Vorse Raider") \
        .extra_deck("Black Rose Dragon").hand("Monster Reborn").graveyard("Dark Magician")


# --- the reader -----------------------------------------------------------------------------------------

def test_lck_1_to_4_the_forms_are_read_as_data(real):
    (vanity,) = summon_locks(real["Vanity's Emptiness"])
    assert (vanity.who, vanity.kind, vanity.source, vanity.what, vanity.unless) == ("both", "special", None, (), ())
    (zonda,) = summon_locks(real["Blackwing - Zonda the Dusk"])
    assert (zonda.who, zonda.kind, zonda.source, zonda.where) == ("controller", "special", "extra_deck", "card")
    assert [str(f) for f in zonda.unless] == ["Synchro Monster"]
    (kepler,) = summon_locks(real["D/D Savant Kepler"])
    assert (kepler.where, kepler.kind) == ("pendulum", "pendulum")
    (zefra,) = summon_locks(real["Zefraxi, Treasure of the Yang Zing"])
    assert len(zefra.unless) == 2                     # "except "Yang Zing" and "Zefra" monsters": either
    (prison,) = summon_locks(real["Royal Prison"])
    assert (prison.who, prison.source, prison.what) == ("both", "graveyard", ())
    (area,) = summon_locks(real["Non-Fusion Area"])
    assert (area.kind, area.who) == ("fusion", "both")
    (power,) = summon_locks(real["Power Filter"])
    assert [str(f) for f in power.what] == ["monster with 1000 or less ATK"]
    for name in ("Vanity's Emptiness", "Royal Prison", "Non-Fusion Area", "Power Filter", "Barrier Statue of the Torrent",
                 "D/D Savant Kepler", "Blackwing - Zonda the Dusk", "Qliphort Scout"):
        assert not any(c.clause in {lock.sentence for lock in summon_locks(real[name])} for c in unread_clauses(real[name]))


def test_lck_read_whole_or_not_at_all():
    assert read_lock("Neither player can Special Summon monsters.", "card") == \
        SummonLock("Neither player can Special Summon monsters.", "card", "both", "special")
    # a condition, another exception, a count: not read (the sentence stays unread)
    assert read_lock("While you control a Token, you cannot Special Summon monsters.", "card") is None
    assert read_lock("Neither player can Special Summon monsters, except from the hand or the Extra Deck.", "card") is None
    assert read_lock("Each player can Special Summon a maximum of 3 monsters from the Extra Deck each turn.", "card") is None
    assert read_lock("You cannot Special Summon monsters from the Extra Deck the turn you activate this effect.",
                     "card") is None


def test_lck_a_lock_in_an_activated_effect_is_not_a_lock(real):
    """A sentence of an activated effect restricts the turn it is used (the history), not while face-up."""
    for card in (real["Pot of Duality"], real["Pot of Desires"]):
        assert summon_locks(card) == ()


# --- LCK-1: whom it binds ---------------------------------------------------------------------------------

def test_lck_1_neither_player_binds_the_turn_player_whoever_controls_it(real):
    """Vanity's Emptiness, face-up on either side: no Synchro Summon, no Monster Reborn."""
    free = synchro_board(real).build()
    assert ("synchro_summon", "ED1", None) in summons(free)
    assert ("activate", "H1", "GY1") in summons(free)
    for side in ("mine", "theirs"):
        b = synchro_board(real)
        (b if side == "mine" else b.opponent).spell_trap(3, "Vanity's Emptiness")
        position = b.build()
        assert not {s for s in summons(position) if s[0] in ("synchro_summon", "activate")}, side
    # face-down it applies nothing
    position = synchro_board(real).spell_trap(3, "Vanity's Emptiness", position="set").build()
    assert ("synchro_summon", "ED1", None) in summons(position)


def test_lck_1_you_binds_only_its_controller(real):
    """Blackwing - Zonda the Dusk: "You cannot Special Summon monsters from the Extra Deck, except Synchro
    Monsters": the opponent's Zonda does not bind the turn player."""
    b = board(cards=real).monster(1, "Junk Synchron").monster(2, "Vorse Raider").extra_deck("Black Rose Dragon",
                                                                                          "Proxy Dragon")
    b.opponent.monster(1, "Blackwing - Zonda the Dusk")
    theirs = summons(b.build())
    assert {"synchro_summon", "link_summon"} <= {action for action, _, _ in theirs}
    b = board(cards=real).monster(1, "Junk Synchron").monster(2, "Vorse Raider").monster(3, "Blackwing - Zonda the Dusk") \
        .extra_deck("Black Rose Dragon", "Proxy Dragon")
    mine = summons(b.build())
    assert "synchro_summon" in {action for action, _, _ in mine}
    assert "link_summon" not in {action for action, _, _ in mine}      # LCK-4: only Synchro Monsters


# --- LCK-2: while it applies ---------------------------------------------------------------------------------

def test_lck_2_a_pendulum_effect_applies_from_the_pendulum_zone_only(real):
    """D/D Savant Kepler: "You cannot Pendulum Summon monsters, except "D/D" monsters" as a Pendulum Scale."""
    b = board(cards=real).spell_trap(1, "D/D Savant Kepler").spell_trap(5, "D/D Gryphon") \
        .hand("Vorse Raider", "D/D Lilith")
    position = b.build()
    pendulum = [p for p in legal_plays(position, all_instances=True) if p.action == "pendulum_summon"]
    assert pendulum and all(position[i].card.name == "D/D Lilith" for p in pendulum for i in p.cards)
    # in the hand it applies nothing: both may be Pendulum Summoned with two other Scales
    free = board(cards=real).spell_trap(1, "D/D Scale Surveyor").spell_trap(5, "D/D Gryphon").hand(
        "Vorse Raider", "D/D Lilith", "D/D Savant Kepler").build()
    names = {free[i].card.name for p in legal_plays(free, all_instances=True) if p.action == "pendulum_summon"
             for i in p.cards}
    assert {"Vorse Raider", "D/D Lilith"} <= names
    assert {p.key for p in legal_plays(position, all_instances=True)} == \
        {p.key for p in reference_plays(position, all_instances=True)}


def test_lck_2_a_monster_effect_applies_face_up_only(real):
    """Barrier Statue of the Torrent ("Neither player can Special Summon monsters, except WATER monsters"), set
    face-down, forbids nothing."""
    up = synchro_board(real).monster(3, "Barrier Statue of the Torrent").build()
    down = synchro_board(real).monster(3, "Barrier Statue of the Torrent", position="set").build()
    assert ("synchro_summon", "ED1", None) not in summons(up)          # Black Rose Dragon is FIRE
    assert ("synchro_summon", "ED1", None) in summons(down)


# --- LCK-3 and LCK-4: which Summons, which monsters -----------------------------------------------------

def test_lck_3_from_the_gy_only(real):
    """Royal Prison: "Neither player can Special Summon a Monster Card(s) from the GY": Monster Reborn has no
    target; a Synchro Summon from the Extra Deck is still legal."""
    position = synchro_board(real)
    position.opponent.spell_trap(2, "Royal Prison")
    found = summons(position.build())
    assert ("synchro_summon", "ED1", None) in found
    assert not {s for s in found if s[0] == "activate"}


def test_lck_3_one_kind_of_summon(real):
    """Non-Fusion Area forbids Fusion Summons only; a Synchro Summon stays legal."""
    b = synchro_board(real).hand("Polymerization", "Celtic Guardian", "Dark Magician").extra_deck("Dark Paladin") \
        .spell_trap(4, "Non-Fusion Area")
    found = summons(b.build())
    assert ("synchro_summon", "ED1", None) in found
    assert not {s for s in found if s[0] == "fusion_summon"}


def test_lck_4_the_monsters_it_describes(real):
    """Power Filter: "Neither player can Special Summon monsters with 1000 or less ATK": Monster Reborn may
    revive Dark Magician (2500), not Kuriboh (300)."""
    b = board(cards=real).hand("Monster Reborn").graveyard("Dark Magician", "Kuriboh").spell_trap(2, "Power Filter")
    found = summons(b.build())
    assert ("activate", "H1", "GY1") in found
    assert ("activate", "H1", "GY2") not in found


def test_lck_4_the_tokens_an_effect_would_summon(real):
    """Power Filter forbids Special Summoning the Doomsday Tokens (ATK 0) of Fires of Doomsday, so it cannot
    be activated (the engine's IsPlayerCanSpecialSummonMonster with the Token's stats); Scapegoat's Sheep
    Tokens (ATK 0) neither. The Token cards' stats were not written for the encodings (found by hypothesis)."""
    b = board(cards=real).hand("Fires of Doomsday", "Scapegoat").spell_trap(2, "Power Filter")
    assert not {play for play in summons(b.build()) if play[0] == "activate"}
    assert {play[1] for play in summons(board(cards=real).hand("Fires of Doomsday", "Scapegoat").build())
            if play[0] == "activate"} == {"H1", "H2"}


def test_lck_why_names_the_lock(real):
    position = synchro_board(real).spell_trap(3, "Vanity's Emptiness").build()
    text = why_text(why(position, "ED1", "synchro_summon"))
    assert "Vanity's Emptiness" in text and "LCK-1" in text
