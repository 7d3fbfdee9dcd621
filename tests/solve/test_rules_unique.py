"""Cards unique on the field (UNQ-1..UNQ-4, docs/lock-rules.md; the engine's check_unique_onfield) and
once-per-turn Summons of a name (CNT-2, CNT-3), on real cards of the card database. Every answer is compared
with the independent reference enumerator."""

from __future__ import annotations

from helpers import applied, board
from pysolver import legal_plays
from pysolver.cards.reading import unread_clauses
from pysolver.cards.uniques import unique
from pysolver.reference.plays import legal_plays as reference_plays
from pysolver.solve.why import why, why_text


def plays(position, complete=True) -> set:
    """(action, card, materials or cost) of every play; the reference must list the same plays."""
    solver = legal_plays(position, all_instances=True)
    reference = reference_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference}
    if complete:
        assert not solver.unread and solver.exhaustive
    return {(p.action, p.card, tuple(p.materials or p.cost or p.cards or ())) for p in solver}


def against(builder, *monsters):
    """The board with the opponent's monsters: (zone, card[, position])."""
    for zone, card, *position in monsters:
        builder.opponent.monster(zone, card, **({"position": position[0]} if position else {}))
    return builder.build()


def actions(position, card) -> set:
    return {action for action, played, _ in plays(position) if played == card}


# --- the reader ---------------------------------------------------------------------------------------------

def test_unq_1_to_4_the_wordings_are_read_as_data(real):
    gagaga = unique(real["Gagaga Magician"])
    assert (gagaga.name, gagaga.whom, gagaga.zones) == (True, "controller", "field")
    kaiju = unique(real["Gameciel, the Sea Turtle Kaiju"])
    assert (kaiju.name, kaiju.whom, kaiju.zones) == (False, "controller", "monster_zone")
    assert real["Dogoran, the Mad Flame Kaiju"].in_archetype(kaiju.archetype)
    assert (unique(real["Rai-Jin"]).whom, unique(real["Rai-Jin"]).zones) == ("both", "field")
    immortal = unique(real["Earthbound Immortal Uru"])
    assert (immortal.name, immortal.whom, immortal.zones) == (False, "both", "monster_zone")
    assert unique(real["D/D/D Deviser King Deus Machinex"]).zones == "monster_zone"
    assert unique(real["ZW - Lightning Blade"]).name                 # "1 face-up "X""
    for name in ("Gagaga Magician", "Gameciel, the Sea Turtle Kaiju", "Rai-Jin", "Earthbound Immortal Uru",
                 "Secure Gardna", "Apollousa, Bow of the Goddess"):
        assert not unread_clauses(real[name]), name
    # "Malefic" is read (SUMC-2: Malefic Territory, which changes what counts, is unread and refuses a position)
    assert unique(real["Malefic Stardust Dragon"]).archetype is not None
    assert not unread_clauses(real["Malefic Truth Dragon"])
    # not read: a rule on Types, a condition
    assert unique(real["There Can Be Only One"]) is None
    assert unique(real["Ocean Dragon Lord - Kairyu-Shin"]) is None


# --- UNQ-1, UNQ-3: no second face-up X --------------------------------------------------------------------

def test_unq_1_gagaga_magician_second_copy_cannot_be_normal_summoned_but_can_be_set(real):
    position = board(turn=3, cards=real).hand("Gagaga Magician").monster(1, "Gagaga Magician").build()
    assert actions(position, "H1") == {"set_monster"}
    assert "UNQ-1" in why_text(why(position, "H1", action="normal_summon"))
    alone = board(turn=3, cards=real).hand("Gagaga Magician").monster(1, "Celtic Guardian").build()
    assert actions(alone, "H1") == {"normal_summon", "set_monster"}
    applied(alone, next(p for p in legal_plays(alone) if p.action == "normal_summon"))


def test_unq_1_gagaga_magician_face_down_copy_does_not_count_but_cannot_be_flip_summoned(real):
    set_one = board(turn=3, cards=real).hand("Gagaga Magician").monster(1, "Gagaga Magician", position="set").build()
    assert actions(set_one, "H1") == {"normal_summon", "set_monster"}
    both = board(turn=3, cards=real).monster(1, "Gagaga Magician", position="set").monster(2, "Gagaga Magician").build()
    assert "flip_summon" not in actions(both, "M1")
    alone = board(turn=3, cards=real).monster(1, "Gagaga Magician", position="set").build()
    assert "flip_summon" in actions(alone, "M1")


def test_unq_1_opponents_gagaga_magician_does_not_bind_you(real):
    position = against(board(turn=3, cards=real).hand("Gagaga Magician"), (1, "Gagaga Magician"))
    assert actions(position, "H1") == {"normal_summon", "set_monster"}


def test_unq_1_secure_gardna_is_not_link_summoned_while_one_is_face_up_even_as_its_material(real):
    """The engine checks before the materials leave: a face-up Secure Gardna forbids a second one, also when
    it would be the material ("1 Cyberse Link Monster")."""
    position = board(turn=3, cards=real).monster(1, "Secure Gardna").monster(2, "Link Spider") \
        .extra_deck("Secure Gardna").build()
    assert not any(action == "link_summon" and card == "ED1" for action, card, _ in plays(position))
    free = board(turn=3, cards=real).monster(2, "Link Spider").extra_deck("Secure Gardna").build()
    summon = {(a, c, m) for a, c, m in plays(free) if a == "link_summon" and c == "ED1"}
    assert summon == {("link_summon", "ED1", ("M2",))}


# --- UNQ-2: whom: "There can only be 1 ... on the field" binds both players --------------------------------

def test_unq_2_rai_jin_on_the_opponents_field_forbids_yours(real):
    position = against(board(turn=3, cards=real).hand("Rai-Jin"), (1, "Rai-Jin"))
    assert actions(position, "H1") == {"set_monster"}
    set_there = against(board(turn=3, cards=real).hand("Rai-Jin"), (1, "Rai-Jin", "set"))
    assert actions(set_there, "H1") == {"normal_summon", "set_monster"}


def test_unq_2_earthbound_immortal_archetype_on_either_field(real):
    """"There can only be 1 "Earthbound Immortal" monster on the field": Uru cannot be Tribute Summoned while
    the opponent controls a face-up Cusillu."""
    def position(opponent_position):
        return against(board(turn=3, cards=real).hand("Earthbound Immortal Uru").monster(1, "Celtic Guardian")
                       .monster(2, "Vorse Raider"), (1, "Earthbound Immortal Cusillu", opponent_position))
    assert actions(position("attack"), "H1") == {"set_monster"}
    assert actions(position("set"), "H1") == {"normal_summon", "set_monster"}


def test_unq_3_kaiju_to_the_opponents_field_while_they_control_a_kaiju(real):
    """"You can only control 1 "Kaiju" monster": Gameciel cannot go to the opponent's field while they control a
    face-up Kaiju (not even by Tributing it), but goes to yours (they control a Kaiju) while you control none."""
    theirs = against(board(turn=1, cards=real).hand("Gameciel, the Sea Turtle Kaiju"),
                     (1, "Dogoran, the Mad Flame Kaiju"), (2, "Kuriboh"))
    found = {(a, c, m) for a, c, m in plays(theirs) if c == "H1" and a == "procedure_summon"}
    assert found == {("procedure_summon", "H1", ())}          # to your field, no Tribute
    mine_too = against(board(turn=1, cards=real).hand("Gameciel, the Sea Turtle Kaiju")
                       .monster(1, "Kumongous, the Sticky String Kaiju"),
                       (1, "Dogoran, the Mad Flame Kaiju"), (2, "Kuriboh"))
    assert not any(c == "H1" and a == "procedure_summon" for a, c, _ in plays(mine_too))
    free = against(board(turn=1, cards=real).hand("Gameciel, the Sea Turtle Kaiju"), (2, "Kuriboh"))
    assert {(a, c, m) for a, c, m in plays(free) if c == "H1" and a == "procedure_summon"} \
        == {("procedure_summon", "H1", ("oM2",))}


# --- UNQ-4: X cards coming out together -----------------------------------------------------------------

def test_unq_4_two_gagaga_magicians_in_one_pendulum_summon_are_withheld(real):
    """Each Gagaga Magician passes the check alone (neither is on the field yet): the engine lets both come and
    then destroys all but one by rule, which pysolver does not carry out; that Pendulum Summon is withheld (the
    answer says so), every other one is listed."""
    b = board(turn=3, cards=real).hand("Gagaga Magician", "Gagaga Magician", "Celtic Guardian")
    b.spell_trap(1, "Stargazer Magician").spell_trap(5, "Timegazer Magician")
    position = b.build()
    found = {cards for action, _, cards in plays(position, complete=False) if action == "pendulum_summon"}
    assert ("H1", "H2") not in found and ("H1", "H3") in found and ("H1",) in found
    listed = legal_plays(position)
    assert not listed.exhaustive and {u.id for u in listed.unread} == {"H1"}
    one = board(turn=3, cards=real).hand("Gagaga Magician", "Celtic Guardian")
    one.spell_trap(1, "Stargazer Magician").spell_trap(5, "Timegazer Magician")
    assert legal_plays(one.build()).exhaustive
    from pysolver.solve.unread import unread_in_turn
    assert unread_in_turn(position) == ["Gagaga Magician"]


# --- CNT-3: "You can only Synchro / Link Summon "X" once per turn" -------------------------------------------

def test_cnt_3_accel_synchron_synchro_summoned_once_per_turn(real):
    """After a successful Synchro Summon of Accel Synchron this turn, no other; a negated one (the engine sets the
    limit when the Summon succeeds) or a Special Summon of another kind does not count."""
    def position(**event):
        b = board(turn=3, cards=real).monster(1, "Junk Synchron").monster(2, "Speed Warrior").extra_deck("Accel Synchron")
        if event:
            b.event(card="Accel Synchron", **{"from": "extra_deck"}, **event)
        return b.build()

    def synchro(p):
        return {c for a, c, _ in plays(p) if a == "synchro_summon"}
    assert synchro(position()) == {"ED1"}
    done = position(summon="synchro")
    assert synchro(done) == set()
    assert "CNT-3" in why_text(why(done, "ED1", action="synchro_summon"))
    assert synchro(position(summon="synchro", negated=True)) == {"ED1"}
    assert synchro(position(summon="special")) == {"ED1"}


def test_cnt_3_galatea_link_summoned_once_per_turn(real):
    """Galatea-I, the Orcust Automaton: "You can only Link Summon "Galatea-I, the Orcust Automaton" once per turn"."""
    def position(*events):
        b = board(turn=3, cards=real).monster(1, "Orcust Harp Horror").extra_deck("Galatea-I, the Orcust Automaton")
        for event in events:
            b.event(card="Galatea-I, the Orcust Automaton", **{"from": "extra_deck"}, **event)
        return b.build()
    assert {c for a, c, _ in plays(position()) if a == "link_summon"} == {"ED1"}
    assert {c for a, c, _ in plays(position({"summon": "link"})) if a == "link_summon"} == set()
