"""Issue 15 item 8: more Ritual Spell forms (docs/ritual-rules.md RSP-*), on real cards. The solver and the
independent reference give the same plays (`rituals`); the step-indexed transition makes the state `apply` and
the reference applier make (`every_move_replays`)."""

from helpers import applied
from test_rules_ritual_spells import every_move_replays, rituals

from pysolver import apply, legal_plays
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


# --- RSP-2: "Ritual Summon 1 X from your hand, face-up Extra Deck, GY, or banishment, by Tributing ..." -----------

def test_rsp_2_throne_of_the_archfiends_is_read(real):
    throne = ritual_spell(real["Throne of the Archfiends"])
    assert isinstance(throne, RitualSpell) and throne.mode == "greater" and throne.level is None
    assert throne.from_graveyard and throne.from_extra_deck and throne.from_banished and not throne.once_per_turn
    assert not unread_clauses(real["Throne of the Archfiends"])


def _throne(real, **options):
    return PositionBuilder(cards=real, **options).hand("Throne of the Archfiends", "Celtic Guardian", "Celtic Guardian") \
        .extra_deck("Archfiend Emperor", face_up=True).deck("Archfiend Matriarch") \
        .banished("Matador Archfiend").graveyard("Archfiend's Awakening")


def test_rsp_2_throne_of_the_archfiends_from_everywhere(real):
    """Throne of the Archfiends: an "Archfiend" Ritual Monster from the face-up Extra Deck (Archfiend Emperor, 7),
    the GY (Archfiend's Awakening, 6) or banishment (Matador Archfiend, 6), with Tributes whose Levels equal or
    exceed its Level (two Celtic Guardians, 8); Archfiend Matriarch in the Deck is not summoned.
    From the Extra Deck, the monster goes to an Extra Monster Zone (no Link Monster points anywhere: ZN-4)."""
    position = _throne(real).build()
    assert rituals(position) == {(c, ("H2", "H3")) for c in ("ED1", "GY1", "BN1")}
    emperor = [p for p in legal_plays(position) if p.action == "ritual_summon" and p.card == "ED1"]
    assert [p.zones for p in emperor] == [("EMZL", "EMZR")]


def test_rsp_2_throne_extra_deck_zones_after_the_tributes_leave(real):
    """ZN-1, ZN-4: while the turn player holds an Extra Monster Zone (Link Spider, no Level: no Tribute), Archfiend
    Emperor from the Extra Deck goes only to the Main Monster Zone Link Spider points to (M2); the banished Matador
    to any free one. ZN-6: when a Tribute in that zone leaves, the zone is free again. Under Master Rule 3 (ZN-3)
    the Emperor goes to any Main Monster Zone."""
    def zones(position, card):
        return [p.zones for p in legal_plays(position) if p.action == "ritual_summon" and p.card == card]
    held = _throne(real).monster("left", "Link Spider").build()
    assert rituals(held) == {(c, ("H2", "H3")) for c in ("ED1", "GY1", "BN1")}
    assert zones(held, "ED1") == [("M2",)] and zones(held, "BN1") == [("M1", "M2", "M3", "M4", "M5")]
    taken = PositionBuilder(cards=real).hand("Throne of the Archfiends", "Celtic Guardian") \
        .extra_deck("Archfiend Emperor", face_up=True).monster("left", "Link Spider") \
        .monster(2, "Celtic Guardian").build()
    assert rituals(taken) == {("ED1", ("H2", "M2"))} and zones(taken, "ED1") == [("M2",)]
    old = _throne(real, rules=3).build()
    assert rituals(old) == {(c, ("H2", "H3")) for c in ("ED1", "GY1", "BN1")}
    assert zones(old, "ED1") == [("M1", "M2", "M3", "M4", "M5")]


def test_rsp_2_throne_summons_from_the_extra_deck_and_banishment(real):
    """The transition, `apply` and the reference applier make the same states (the Emperor leaves the Extra
    Deck, the Matador leaves banishment)."""
    position = PositionBuilder(cards=real).hand("Throne of the Archfiends", "Celtic Guardian", "Celtic Guardian") \
        .extra_deck("Archfiend Emperor", face_up=True).banished("Matador Archfiend").build()
    moves = [m for m in every_move_replays(position) if m[0].action == "ritual_summon"]
    assert {m[0].card for m in moves} == {"ED1", "BN1"}


def test_rsp_2_throne_from_the_extra_deck_is_a_special_summon_from_the_extra_deck(real):
    """After Dogmatikalamity resolved this turn (no Special Summon from the Extra Deck, RIT-9), Throne of the
    Archfiends still summons the banished Matador Archfiend, but not Archfiend Emperor from the Extra Deck."""
    locked = _throne(real).event(activate="Dogmatikalamity", effect=1, player=0).build()
    assert rituals(locked) == {(c, ("H2", "H3")) for c in ("GY1", "BN1")}


# --- RSP-3: two Ritual Summon effects, each once per turn (Mitsurugi Ritual) ----------------------------------------

def test_rsp_3_mitsurugi_ritual_is_read(real):
    first = ritual_spell(real["Mitsurugi Ritual"])
    assert isinstance(first, RitualSpell) and first.second is not None
    assert first.locations() == {"deck"} and first.second.locations() == {"hand"}
    assert (first.mode, first.source, first.max_tributes) == ("equal", "hand_field", None)
    assert (first.second.mode, first.second.source, first.second.max_tributes) == ("equal", "hand_deck_field", 2)
    assert first.once_per_turn and first.second.once_per_turn
    assert not unread_clauses(real["Mitsurugi Ritual"])


def test_rsp_3_mitsurugi_ritual_first_effect_from_the_deck(real):
    """The first effect: a Reptile Ritual Monster from the Deck (Ame no Murakumo no Mitsurugi, 8), with Reptile
    Tributes from the hand or field only, exactly 8: Gagagigo (hand) and Armored Lizard (field); not the Warrior
    Celtic Guardian, not Gogiga Gagagigo (8) from the Deck. The second effect has no Ritual Monster in the hand."""
    position = PositionBuilder(cards=real).hand("Mitsurugi Ritual", "Gagagigo", "Celtic Guardian") \
        .monster(1, "Armored Lizard").deck("Ame no Murakumo no Mitsurugi", "Gogiga Gagagigo").build()
    assert rituals(position) == {("DK1", ("H2", "M1"))}


def test_rsp_3_mitsurugi_ritual_second_effect_up_to_2_from_hand_deck_or_field(real):
    """The second effect: a Reptile Ritual Monster from the hand (Futsu no Mitama no Mitsurugi, 8), with up to 2
    Reptile Tributes from the hand, Deck or field, exactly 8: Gogiga Gagagigo (8) from the Deck alone, or two
    Level 4s among Gagagigo (hand), Armored Lizard (field), Worm Drake (Deck); never 3 Tributes (Beaked Snake 3 +
    Poisonous Viper 1 + a Level 4), never the Warrior Celtic Guardian; a Ritual Monster is a Reptile too (Ame no
    Murakumo from the Deck alone). The first effect summons Ame no Murakumo from the Deck with the hand and field
    Tributes only (Futsu no Mitama alone, or Gagagigo and Armored Lizard)."""
    position = PositionBuilder(cards=real).hand("Mitsurugi Ritual", "Futsu no Mitama no Mitsurugi", "Gagagigo",
                                                "Beaked Snake") \
        .monster(1, "Armored Lizard") \
        .deck("Gogiga Gagagigo", "Worm Drake", "Poisonous Viper", "Celtic Guardian", "Ame no Murakumo no Mitsurugi") \
        .build()
    assert rituals(position) == {("H2", ("DK1",)), ("H2", ("DK5",)), ("H2", ("H3", "M1")), ("H2", ("H3", "DK2")),
                                 ("H2", ("M1", "DK2")), ("DK5", ("H3", "M1")), ("DK5", ("H2",))}


def test_rsp_3_mitsurugi_ritual_each_effect_once_per_turn(real):
    """"You can only use each effect of "Mitsurugi Ritual" once per turn": after effect 1 this turn only effect 2
    (the hand's Futsu no Mitama), after effect 2 only effect 1 (the Deck's Ame no Murakumo); the opponent's
    activations do not count."""
    def position(*events):
        builder = PositionBuilder(cards=real).hand("Mitsurugi Ritual", "Futsu no Mitama no Mitsurugi", "Gagagigo") \
            .monster(1, "Armored Lizard").deck("Ame no Murakumo no Mitsurugi")
        for effect, player in events:
            builder.event(activate="Mitsurugi Ritual", effect=effect, player=player)
        return builder.build()
    second = {("H2", ("H3", "M1")), ("H2", ("DK1",))}     # Futsu no Mitama from the hand
    first = {("DK1", ("H3", "M1")), ("DK1", ("H2",))}     # Ame no Murakumo from the Deck
    assert rituals(position()) == first | second
    assert rituals(position((1, 1), (2, 1))) == first | second
    assert rituals(position((1, 0))) == second
    assert rituals(position((2, 0))) == first
    assert rituals(position((1, 0), (2, 0))) == set()


def test_rsp_3_mitsurugi_ritual_records_the_effect_used(real):
    """The transition, `apply` and the reference applier record the effect used: after the second effect (from the
    hand), a second Mitsurugi Ritual can still use the first (from the Deck), not the second."""
    position = PositionBuilder(cards=real).hand("Mitsurugi Ritual", "Futsu no Mitama no Mitsurugi", "Gagagigo",
                                                "Mitsurugi Ritual", "Futsu no Mitama no Mitsurugi") \
        .deck("Worm Drake", "Ame no Murakumo no Mitsurugi").monster(1, "Armored Lizard").build()
    moves = [m for m in every_move_replays(position) if m[0].action == "ritual_summon"]
    assert moves
    play = next(p for p in legal_plays(position, all_instances=True)
                if p.action == "ritual_summon" and p.card == "H2" and p.materials == ("H3", "DK1") and p.spell == "H1")
    after = apply(position, play, zone=play.zones[0])
    assert [(e["activate"], e["effect"]) for e in after.events if "activate" in e] == [("Mitsurugi Ritual", 2)]
    summons = {(p.card, p.materials) for p in legal_plays(after) if p.action == "ritual_summon"}
    names = {after.instances[card].card.name for card, _ in summons}
    assert names == {"Ame no Murakumo no Mitsurugi"}


# --- RSP-4: a Special Summon first, then the Ritual Summon Tributing it (Ravenous Vendread) ----------------------

def test_rsp_4_ravenous_vendread_is_read(real):
    spell = ritual_spell(real["Ravenous Vendread"])
    assert isinstance(spell, RitualSpell) and spell.summon_first is not None and spell.uses_deck
    assert (spell.mode, spell.source, spell.level, spell.from_graveyard, spell.once_per_turn) == \
        ("greater", "field", None, True, True)
    assert not unread_clauses(real["Ravenous Vendread"])


def _ravenous(real):
    return PositionBuilder(cards=real).hand("Ravenous Vendread", "Revendread Slayer", "Vendread Striges") \
        .deck("Vendread Houndhorde", "Vendread Revenants", "Vendread Scavenger", "Armored Zombie") \
        .graveyard("Vendread Core").monster(1, "Armored Zombie")


def test_rsp_4_ravenous_vendread_tributes_the_monster_it_special_summons(real):
    """Ravenous Vendread: Revendread Slayer (6) from the hand, Tributing monsters you control including the "Vendread"
    monster it Special Summoned first from the hand, Deck or GY, total equal or exceed 6 with none superfluous:
    Armored Zombie (field, 3) with Vendread Houndhorde (Deck, 3) or Vendread Revenants (Deck, 4). Not Vendread
    Striges (hand, 2) nor Vendread Core (GY, 1): 5 and 4 are short; never two monsters from the hand, Deck or GY;
    never "Vendread Scavenger" (excepted by name), nor the Deck's Armored Zombie (not a "Vendread" monster); the
    Spell Special Summons exactly one, so Armored Zombie alone is not enough either way."""
    assert rituals(_ravenous(real).build()) == {("H2", ("M1", "DK1")), ("H2", ("M1", "DK2"))}


def test_rsp_4_ravenous_vendread_from_the_gy_and_what_may_be_special_summoned(real):
    """The Ritual Monster from the hand or GY; the monster Special Summoned first may be a Ritual Monster in the GY
    that was properly summoned (Vendread Battlelord, 7, alone for Revendread Slayer, 6, or Vendread Chimera, 5),
    never one that was not (SP-3; it is still Ritual Summoned from the GY: RIT-1), nor a Ritual Monster from the hand
    (Vendread Chimera: its revival limit)."""
    def position(properly):
        return PositionBuilder(cards=real).hand("Ravenous Vendread", "Vendread Chimera") \
            .graveyard("Revendread Slayer").graveyard("Vendread Revenants") \
            .graveyard("Vendread Battlelord", properly_summoned=properly).monster(1, "Armored Zombie").build()
    assert rituals(position(True)) == {("GY1", ("GY3",)), ("GY1", ("M1", "GY2")), ("GY3", ("M1", "GY1")),
                                       ("GY3", ("M1", "GY2")), ("H2", ("GY1",)), ("H2", ("GY3",)),
                                       ("H2", ("M1", "GY2"))}
    assert rituals(position(False)) == {("GY1", ("M1", "GY2")), ("GY3", ("M1", "GY1")), ("GY3", ("M1", "GY2")),
                                        ("H2", ("GY1",)), ("H2", ("M1", "GY2"))}


def test_rsp_4_ravenous_vendread_needs_a_free_main_monster_zone_first(real):
    """The first Special Summon needs a free Main Monster Zone (the Tributes leave only after it): with all five
    taken, no Ritual Summon, though the Tributes would free a zone for Revendread Slayer."""
    builder = PositionBuilder(cards=real).hand("Ravenous Vendread", "Revendread Slayer").deck("Vendread Revenants")
    for zone in range(1, 6):
        builder.monster(zone, "Armored Zombie")
    assert rituals(builder.build()) == set()
    builder = PositionBuilder(cards=real).hand("Ravenous Vendread", "Revendread Slayer").deck("Vendread Revenants")
    for zone in range(1, 5):
        builder.monster(zone, "Armored Zombie")
    assert {card for card, _ in rituals(builder.build())} == {"H2"}


def test_rsp_4_ravenous_vendread_the_first_summon_obeys_the_locks(real):
    """Royal Prison ("Neither player can Special Summon a Monster Card(s) from the GY", LCK-3): the monster Special
    Summoned first comes from the Deck (Vendread Revenants), never the GY (Vendread Houndhorde)."""
    position = PositionBuilder(cards=real).hand("Ravenous Vendread", "Revendread Slayer") \
        .deck("Vendread Revenants").graveyard("Vendread Houndhorde").monster(1, "Armored Zombie") \
        .spell_trap(1, "Royal Prison", position="face_up").build()
    assert rituals(position) == {("H2", ("M1", "DK1"))}


def test_rsp_4_ravenous_vendread_once_per_turn(real):
    """"You can only activate 1 "Ravenous Vendread" per turn": after the turn player's activation this turn, none
    (the opponent's does not count)."""
    theirs = _ravenous(real).event(activate="Ravenous Vendread", effect=1, player=1).build()
    assert rituals(theirs) == {("H2", ("M1", "DK1")), ("H2", ("M1", "DK2"))}
    mine = _ravenous(real).event(activate="Ravenous Vendread", effect=1, player=0).build()
    assert rituals(mine) == set()


def test_rsp_4_ravenous_vendread_the_special_summon_and_the_tributes(real):
    """The transition, `apply` and the reference applier agree: the monster Special Summoned first ends in the GY
    with the field's Tribute, the history records its Special Summon (from the Deck) and the Ritual Summon."""
    position = PositionBuilder(cards=real).hand("Ravenous Vendread", "Revendread Slayer") \
        .deck("Vendread Revenants", "Vendread Houndhorde").graveyard("Vendread Striges", "Vendread Battlelord") \
        .monster(1, "Armored Zombie").build()
    moves = [m for m in every_move_replays(position) if m[0].action == "ritual_summon"]
    assert {m[0].materials for m in moves} == {("M1", "DK1"), ("M1", "DK2"), ("GY2",)}
    after = next(m[2] for m in moves if m[0].materials == ("M1", "DK1"))
    me = after.players[0]
    assert sorted(c.card.name for c in me.graveyard) == ["Armored Zombie", "Ravenous Vendread", "Vendread Battlelord",
                                                         "Vendread Revenants", "Vendread Striges"]
    assert [c.name for c in me.deck] == ["Vendread Houndhorde"]
    assert [(e.get("summon"), e.get("cards"), e.get("from")) for e in after.events if "summon" in e] == \
        [("special", ("Vendread Revenants",), "deck"), ("ritual", ("Revendread Slayer",), "hand")]
    revived = next(m[2] for m in moves if m[0].materials == ("GY2",))   # Battlelord: Special Summoned, Tributed
    assert sorted(c.card.name for c in revived.players[0].graveyard) == ["Ravenous Vendread", "Vendread Battlelord",
                                                                         "Vendread Striges"]
    assert all(c.properly_summoned for c in revived.players[0].graveyard)
    play = next(m[0] for m in moves if m[0].materials == ("M1", "DK1"))
    after = applied(position, play)       # `apply` and the reference applier alike, events in order
    assert [(e.get("activate") or e.get("summon")) for e in after.events] == ["Ravenous Vendread", "special", "ritual"]


def test_rsp_4_with_ban_3_macro_cosmos_banishes_the_tributes_and_the_spell(real):
    """Under a face-up Macro Cosmos (BAN-3, "any card sent to the GY is banished instead"), the monster Ravenous
    Vendread Special Summons first is Tributed from the field and banished, as are the field's Tribute and the
    Spell after it resolves: `apply`, the reference applier and the transition agree."""
    position = PositionBuilder(cards=real).hand("Ravenous Vendread", "Revendread Slayer") \
        .deck("Vendread Revenants").monster(1, "Armored Zombie") \
        .spell_trap(1, "Macro Cosmos", position="face_up").build()
    assert rituals(position) == {("H2", ("M1", "DK1"))}
    (play,) = [p for p in legal_plays(position, all_instances=True) if p.action == "ritual_summon"]
    after = applied(position, play)
    me = after.players[0]
    assert sorted(c.card.name for c in me.banished) == ["Armored Zombie", "Ravenous Vendread", "Vendread Revenants"]
    assert not me.graveyard
