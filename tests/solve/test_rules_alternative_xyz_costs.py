"""AXZ-1, AXZ-2 (docs/procedure-rules.md): the costs an alternative Xyz procedure (XYZ-4) writes -- a card of the
hand sent to the GY, Xyz Materials detached from the monster used -- on real cards; the solver and the reference
list the same plays, and apply, the reference apply and the transition agree on where every card goes."""

from helpers import applied, board, plays_of
from pysolver.reference.plays import legal_plays as reference_plays


def alternative(position):
    """The Xyz Summons on one monster with their costs, as the solver and as the reference list them."""
    solver = {(p.name, p.materials, p.cost or ()) for p in plays_of(position, "xyz_summon") if len(p.materials) == 1}
    reference = {(p.name, p.materials, p.cost or ()) for p in reference_plays(position)
                 if p.action == "xyz_summon" and len(p.materials) == 1}
    assert solver == reference
    return solver


def test_AXZ_1_utopic_dragon_discards_a_rank_up_magic_spell(real):
    def b():
        return board(cards=real).monster(1, "Number 39: Utopia", materials=["Sangan"]).monster(2, "Gagaga Cowboy") \
            .extra_deck("Number 99: Utopic Dragon")
    assert alternative(b().build()) == set()                                   # no "Rank-Up-Magic" Spell in hand
    position = b().hand("Rank-Up-Magic Barian's Force", "Pot of Greed", "Kuriboh").build()
    assert alternative(position) == {("Number 99: Utopic Dragon", ("M1",), ("H1",))}   # on Utopia, not Cowboy
    (play,) = [p for p in plays_of(position, "xyz_summon") if p.materials == ("M1",)]
    after = applied(position, play, zone="M1", battle_position="attack")
    assert [c.name for c in after["M1"].state.materials] == ["Sangan", "Number 39: Utopia"]
    assert [c.card.name for c in after.me.graveyard] == ["Rank-Up-Magic Barian's Force"]
    assert [c.name for c in after.me.hand] == ["Pot of Greed", "Kuriboh"]


def test_AXZ_1_utopic_zexal_only_a_normal_rank_up_magic_spell(real):
    def b():
        return board(cards=real).monster(1, "Number 39: Utopia").extra_deck("Number S0: Utopic ZEXAL")
    assert alternative(b().hand("Rank-Up-Magic Quick Chaos").build()) == set()   # a Quick-Play Spell
    assert alternative(b().hand("Rank-Up-Magic Quick Chaos", "Rank-Up-Magic Barian's Force").build()) == \
        {("Number S0: Utopic ZEXAL", ("M1",), ("H2",))}


def test_AXZ_1_ray_lancer_discards_a_spell_or_trap_once_per_turn(real):
    b = board(cards=real).monster(1, "Gagaga Cowboy").monster(2, "Number 39: Utopia", materials=["Sangan"]) \
        .hand("Mirror Force", "Kuriboh").extra_deck("Full Armored Utopic Ray Lancer")
    position = b.build()
    assert alternative(position) == {("Full Armored Utopic Ray Lancer", ("M1",), ("H1",)),
                                     ("Full Armored Utopic Ray Lancer", ("M2",), ("H1",))}   # a Trap, not a monster
    play = next(p for p in plays_of(position, "xyz_summon") if p.materials == ("M2",))
    after = applied(position, play, zone="M2", battle_position="defense")
    assert [c.card.name for c in after.me.graveyard] == ["Mirror Force"]
    assert [c.name for c in after["M2"].state.materials] == ["Sangan", "Number 39: Utopia"]
    used = b.event(summon="xyz", card="Full Armored Utopic Ray Lancer", alternative=True,
                   **{"from": "extra_deck"}).build()
    assert alternative(used) == set()


def test_AXZ_1_gustav_rocket_discards_any_card(real):
    position = board(cards=real).monster(1, "Superdreadnought Rail Cannon Gustav Max", materials=["Sangan"]) \
        .hand("Kuriboh").extra_deck("Superdreadnought Rail Cannon Gustav Rocket").build()
    assert alternative(position) == {("Superdreadnought Rail Cannon Gustav Rocket", ("M1",), ("H1",))}
    (play,) = [p for p in plays_of(position, "xyz_summon") if p.materials == ("M1",)]
    after = applied(position, play, zone="M1", battle_position="attack")
    assert [c.card.name for c in after.me.graveyard] == ["Kuriboh"]


def test_AXZ_1_beatrice_sends_a_burning_abyss_monster_from_the_hand(real):
    def b():
        return board(cards=real).monster(1, "Dante, Traveler of the Burning Abyss") \
            .extra_deck("Beatrice, Lady of the Eternal")
    assert alternative(b().hand("Sangan").build()) == set()
    position = b().hand("Sangan", "Cir, Malebranche of the Burning Abyss").build()
    assert alternative(position) == {("Beatrice, Lady of the Eternal", ("M1",), ("H2",))}
    (play,) = [p for p in plays_of(position, "xyz_summon") if p.materials == ("M1",)]
    after = applied(position, play, zone="M1", battle_position="attack")
    assert [c.card.name for c in after.me.graveyard] == ["Cir, Malebranche of the Burning Abyss"]


def test_AXZ_2_digital_bug_corebage_detaches_two_and_carries_the_rest(real):
    three = ["Sangan", "Kuriboh", "Pot of Greed"]
    def b():
        return board(cards=real).extra_deck("Digital Bug Corebage")
    assert alternative(b().monster(1, "Digital Bug Scaradiator", materials=three[:1]).build()) == set()   # 1 < 2
    position = b().monster(1, "Digital Bug Scaradiator", materials=three).build()
    assert alternative(position) == {("Digital Bug Corebage", ("M1",), pair)
                                     for pair in (("M1.1", "M1.2"), ("M1.1", "M1.3"), ("M1.2", "M1.3"))}
    play = next(p for p in plays_of(position, "xyz_summon") if p.cost == ("M1.1", "M1.3"))
    after = applied(position, play, zone="M1", battle_position="attack")
    assert [c.card.name for c in after.me.graveyard] == ["Sangan", "Pot of Greed"]
    assert [c.name for c in after["M1"].state.materials] == ["Kuriboh", "Digital Bug Scaradiator"]


def test_AXZ_2_frozen_lady_justice_needs_a_rank_5_with_a_material(real):
    def b():
        return board(cards=real).extra_deck("Number 21: Frozen Lady Justice")
    assert alternative(b().monster(1, "Number 61: Volcasaurus").build()) == set()   # no material to detach
    position = b().monster(1, "Number 61: Volcasaurus", materials=["Sangan"]).build()
    assert alternative(position) == {("Number 21: Frozen Lady Justice", ("M1",), ("M1.1",))}
    (play,) = [p for p in plays_of(position, "xyz_summon") if p.materials == ("M1",)]
    after = applied(position, play, zone="M1", battle_position="attack")
    assert [c.card.name for c in after.me.graveyard] == ["Sangan"]
    assert [c.name for c in after["M1"].state.materials] == ["Number 61: Volcasaurus"]


def test_AXZ_3_dark_armed_needs_exactly_5_dark_monsters_in_the_gy(real):
    def on(*graveyard):
        return alternative(board(cards=real).monster(1, "Red-Eyes Black Dragon").monster(2, "Sangan")
                           .graveyard(*graveyard).extra_deck("Dark Armed, the Dragon of Annihilation").build())
    four = ["Sangan", "Kuriboh", "Sangan", "Kuriboh"]
    assert on(*four, "Axe Raider") == set()                                   # 4 DARK monsters (and a EARTH)
    assert on(*four, "Axe Raider", "Sangan") == {("Dark Armed, the Dragon of Annihilation", ("M1",), ())}
    assert on(*four, "Sangan", "Kuriboh") == set()                            # 6
