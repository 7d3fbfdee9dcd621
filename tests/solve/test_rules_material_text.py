"""Materials whose own text changes how they are used (issue 15, items 3 and 4; RULES.md SYN-1, XYZ-1,
XYZ-2, XYZ-4, LNK-1; engine-rules.md §4.4, §4.5). Real cards from the card database (the `real` fixture)
and from the built-in pool; each check compares the solver with pysolver.reference."""

from __future__ import annotations

from helpers import board
from pysolver import legal_plays
from pysolver.reference.plays import legal_plays as reference_plays


def summons(position, action, name=None):
    """{(card name, materials)} of one summon action; the solver and the reference must list the same."""
    solver = {p.key for p in legal_plays(position) if p.action == action}
    reference = {p.key for p in reference_plays(position) if p.action == action}
    assert solver == reference
    return {(p.name, p.materials) for p in legal_plays(position) if p.action == action
            and (name is None or p.name == name)}


# --------------------------------------------------------------------------------------------------
# "Cannot be used as material for a Fusion, Synchro, Xyz, or Link Summon." (engine: EFFECT_CANNOT_BE_*_MATERIAL)

def test_xyz_4_number_s39_utopia_the_lightning_cannot_be_used_as_material_for_an_xyz_summon(real):
    # Gaia Dragon, the Thunder Charger: "You can also Xyz Summon this card by using a Rank 5 or 6 Xyz Monster
    # you control": Number 61: Volcasaurus (Rank 5) may be used; Number S39 (Rank 5) says "Cannot be used as
    # material for an Xyz Summon."
    position = board(cards=real).monster(1, "Number S39: Utopia the Lightning").monster(2, "Number 61: Volcasaurus") \
        .extra_deck("Gaia Dragon, the Thunder Charger").build()
    assert summons(position, "xyz_summon") == {("Gaia Dragon, the Thunder Charger", ("M2",))}


def test_xyz_4_galaxy_eyes_cipher_blade_dragon_is_no_material_of_number_95(real):
    # Number 95: Galaxy-Eyes Dark Matter Dragon: "... by using a "Galaxy-Eyes" Xyz Monster you control";
    # Galaxy-Eyes Cipher Blade Dragon: "Cannot be used as material for an Xyz Summon."
    position = board(cards=real).monster(1, "Galaxy-Eyes Cipher Blade Dragon") \
        .monster(2, "Galaxy-Eyes Cipher Dragon").extra_deck("Number 95: Galaxy-Eyes Dark Matter Dragon").build()
    assert summons(position, "xyz_summon") == {("Number 95: Galaxy-Eyes Dark Matter Dragon", ("M2",))}


def test_lnk_1_syn_1_xyz_1_centerfrog_is_no_material_of_any_summon():
    # Centerfrog (Level 2): "Cannot be used as material for a Fusion, Synchro, Xyz, or Link Summon."
    position = board().monster(1, "Centerfrog").monster(2, "Kuriboh").monster(3, "Sangan") \
        .extra_deck("Proxy Dragon").build()
    assert summons(position, "link_summon") == {("Proxy Dragon", ("M2", "M3"))}


def test_syn_1_hinezumi_hanabi_and_the_dustons_read_as_never_material(real):
    from pysolver.cards import coverage
    from pysolver.cards.cardtext import material_rules
    assert material_rules(real["Hinezumi Hanabi"]).never == {"fusion", "synchro", "xyz", "link"}
    assert material_rules(real["Yellow Duston"]).never == {"fusion", "synchro", "xyz"}
    assert material_rules(real["Number 95: Galaxy-Eyes Dark Matter Dragon"]).never == {"xyz"}
    for name in ("Hinezumi Hanabi", "Number S39: Utopia the Lightning", "Galaxy-Eyes Cipher Blade Dragon"):
        assert coverage.supported(real[name]) is None, name
    # not the same sentence: a condition on the turn stays unread
    assert coverage.supported(real["Dragon Gate"]) is not None
