"""Rules a card writes into its own text about its kind and its state (RULES.md GEM-1..3, TOK-1, TOK-2),
and Extra Link (ZN-1). Real cards of the built-in pool; the counts over the whole card database run when
../shared/data/cards.cdb is present."""

from __future__ import annotations

import pytest

from helpers import board, need_shared_data, plays_of
from pysolver import legal_plays
from pysolver.errors import PysolverError
from pysolver.position.apply import apply
from pysolver.position.files import position_from_dict, position_to_dict
from pysolver.reference.apply import apply as reference_apply
from pysolver.reference.plays import legal_plays as reference_plays


def materials(position, action, card=None):
    return {p.materials for p in plays_of(position, action) if card is None or p.name == card}


def both(position, action):
    """The plays of one action, as the solver and as the reference lists them (they must agree)."""
    solver = {p.key for p in legal_plays(position) if p.action == action}
    reference = {p.key for p in reference_plays(position) if p.action == action}
    assert solver == reference
    return solver


# --------------------------------------------------------------------------------------------------
# GEM-1..3: Gemini monsters

def gemini_board(**grepher):
    return board().monster(1, "Knight Day Grepher", **grepher).monster(2, "Elemental HERO Neos Alius") \
        .monster(3, "Sangan").monster(4, "Kuriboh").extra_deck("Link Spider", "Decode Talker")


def test_gem_1_an_unsummoned_gemini_on_the_field_is_a_normal_monster_not_an_effect_monster():
    position = gemini_board().build()
    # Link Spider: "1 Normal Monster": the two Gemini monsters, not Sangan or Kuriboh.
    assert materials(position, "link_summon", "Link Spider") == {("M1",), ("M2",)}
    # Decode Talker: "2+ Effect Monsters" for Link-3: only Sangan and Kuriboh are Effect Monsters.
    assert materials(position, "link_summon", "Decode Talker") == set()
    both(position, "link_summon")


def test_gem_2_a_gemini_summoned_monster_is_an_effect_monster():
    position = gemini_board(gemini_summoned=True).build()
    assert materials(position, "link_summon", "Link Spider") == {("M2",)}
    assert materials(position, "link_summon", "Decode Talker") == {("M1", "M3", "M4")}
    both(position, "link_summon")


def test_gem_1_a_face_down_gemini_is_not_normal_and_cannot_be_gemini_summoned():
    position = gemini_board(position="set").build()
    assert [p.card for p in plays_of(position, "gemini_summon")] == ["M2"]
    assert materials(position, "link_summon", "Link Spider") == {("M2",)}   # face-down: no Link Material


def test_gem_2_the_gemini_summon_uses_the_normal_summon_of_the_turn():
    position = gemini_board().hand("Celtic Guardian").build()
    assert both(position, "gemini_summon") == {p.key for p in plays_of(position, "gemini_summon")}
    assert [p.card for p in plays_of(position, "gemini_summon")] == ["M1", "M2"]
    play = next(p for p in plays_of(position, "gemini_summon") if p.card == "M1")
    after = apply(position, play)
    assert after == reference_apply(position, play)
    grepher = after.me.monster_zones[0]
    assert grepher.gemini_summoned and grepher.summoned_this_turn and grepher.position == "attack"
    assert after.normal_summon_used
    assert plays_of(after, "gemini_summon") == [] and plays_of(after, "normal_summon") == []
    assert [p.card for p in plays_of(after, "change_position")] == ["M2", "M3", "M4"]   # POS-1: summoned this turn
    used = board(normal_summon_used=True).monster(1, "Knight Day Grepher").build()
    assert plays_of(used, "gemini_summon") == []


def test_gem_2_a_second_normal_summon_allows_a_gemini_summon_after_a_normal_summon():
    position = board().monster(1, "Knight Day Grepher").event(activate="Double Summon") \
        .event(summon="normal", card="Celtic Guardian").monster(2, "Celtic Guardian", summoned_this_turn=True).build()
    assert [p.card for p in plays_of(position, "gemini_summon")] == ["M1"]
    both(position, "gemini_summon")


def test_gem_2_an_oath_against_normal_summons_forbids_the_gemini_summon():
    position = board().monster(1, "Knight Day Grepher").hand("Scapegoat").build()
    scapegoat = next(p for p in plays_of(position, "activate") if p.name == "Scapegoat")
    after = apply(position, scapegoat)
    assert plays_of(after, "gemini_summon") == [] == [p for p in reference_plays(after)
                                                      if p.action == "gemini_summon"]


def test_gem_3_a_gemini_that_leaves_the_field_is_unsummoned_again():
    position = board().monster(1, "Knight Day Grepher", gemini_summoned=True).monster(2, "Sangan") \
        .monster(3, "Kuriboh").extra_deck("Decode Talker").hand("Monster Reborn").build()
    decode = plays_of(position, "link_summon")[0]
    after = apply(position, decode)
    reborn = next(p for p in plays_of(after, "activate") if p.target and after[p.target].card.name == "Knight Day Grepher")
    back = apply(after, reborn, zone="M1")
    assert back == reference_apply(after, reborn, zone="M1")
    grepher = back.me.monster_zones[0]
    assert grepher.card.name == "Knight Day Grepher" and not grepher.gemini_summoned
    assert [p.card for p in plays_of(back, "gemini_summon")] == ["M1"]


def test_gem_2_gemini_summoned_round_trips_through_a_position_file():
    position = gemini_board(gemini_summoned=True).build()
    assert position_from_dict(position_to_dict(position)) == position
    with pytest.raises(PysolverError, match="gemini_summoned"):
        board().monster(1, "Sangan", gemini_summoned=True).build()


def test_gem_1_every_gemini_monster_of_the_database_is_read():
    from pysolver.cards.load import load_cards
    from pysolver.cards.written import gemini
    cards = load_cards(need_shared_data() / "cards.cdb")
    geminis = [card for card in cards if "gemini" in card.kinds]
    assert len(geminis) >= 45
    assert all(gemini(card) is True for card in geminis)


# --------------------------------------------------------------------------------------------------
# TOK-1: restrictions effects put on the monsters they Special Summon, and a Token's own text

def test_tok_1_scapegoat_writes_its_restriction_on_the_sheep_tokens():
    position = board().hand("Scapegoat").build()
    play = next(p for p in plays_of(position, "activate") if p.name == "Scapegoat")
    after = apply(position, play)
    assert after == reference_apply(position, play)
    sheep = [m for m in after.me.monster_zones if m is not None]
    assert len(sheep) == 4 and all(m.restrictions == ("cannot_be_tributed",) for m in sheep)


def test_tok_1_sheep_tokens_are_link_material_but_not_tributes():
    position = board().monster(1, "Sheep Token", position="defense", restrictions=["cannot_be_tributed"]) \
        .monster(2, "Sheep Token", position="defense").hand("Summoned Skull").extra_deck("Linkuriboh").build()
    tributes = {p.tributes for p in plays_of(position) if p.action in ("normal_summon", "set_monster")}
    assert tributes == {("M2",)}            # the unrestricted Sheep Token only
    assert materials(position, "link_summon") == {("M1",), ("M2",)}
    assert both(position, "normal_summon") and both(position, "link_summon")


def test_tok_1_the_sheep_tokens_of_a_line_are_not_tributes_in_the_step_indexed_turn():
    """The restriction is written by the play that makes the Tokens, so the step-indexed turn must read it
    even when the start position has no restricted monster (it once let a later Tribute Set use them)."""
    from pysolver.explore.goals import parse_goal
    from pysolver.explore.search import search
    position = board().hand("Scapegoat", "Summoned Skull").build()
    for goal, depth in (("Summoned Skull", None), ("monsters>=4", 1)):
        answers = [search(position, parse_goal(goal, position.cards), max_depth=3, engine=engine) for engine in ("asp", "bfs")]
        assert [(r.found, r.depth, r.proved_depth) for r in answers] == [(depth is not None, depth, 3 if depth is None else 0)] * 2


def test_tok_1_fires_of_doomsday_tokens_only_for_a_dark_monster():
    position = board().monster(1, "Sheep Token", position="defense", restrictions=["cannot_be_tributed_except_for_dark"]) \
        .hand("Summoned Skull", "Gilford the Lightning").build()
    tributes = {(p.name, p.tributes) for p in plays_of(position, "normal_summon")}
    assert ("Summoned Skull", ("M1",)) in tributes          # DARK
    assert not any(name == "Gilford the Lightning" and t for name, t in tributes)
    both(position, "normal_summon")


def test_tok_1_photon_tokens_cannot_attack_or_be_synchro_material():
    position = board().hand("Photon Sanctuary").build()
    play = next(p for p in plays_of(position, "activate") if p.name == "Photon Sanctuary")
    after = apply(position, play)
    tokens = [m for m in after.me.monster_zones if m is not None]
    assert tokens and all(m.restrictions == ("cannot_attack", "cannot_be_synchro_material") for m in tokens)
    battle = board(phase="battle").monster(1, "Photon Token", position="attack").build()
    assert plays_of(battle, "declare_attack") == []         # the Token's own text
    battle_sheep = board(phase="battle").monster(1, "Sheep Token", restrictions=["cannot_attack"]).build()
    assert plays_of(battle_sheep, "declare_attack") == []
    both(battle, "declare_attack")


def test_tok_1_a_monster_whose_effects_are_negated_activates_nothing_and_locks_nothing():
    active = board().monster(1, "Chaos Emperor Dragon - Envoy of the End").build()
    negated = board().monster(1, "Chaos Emperor Dragon - Envoy of the End", restrictions=["effects_negated"]).build()
    assert [p.card for p in plays_of(active, "activate")] == ["M1"]
    assert plays_of(negated, "activate") == []
    both(negated, "activate")


def test_tok_1_banish_when_it_leaves():
    position = board().monster(1, "Sangan", restrictions=["banish_when_it_leaves"]).monster(2, "Kuriboh") \
        .extra_deck("Knightmare Phoenix").build()
    play = plays_of(position, "link_summon")[0]
    after = apply(position, play)
    assert after == reference_apply(position, play)
    assert [c.card.name for c in after.me.banished] == ["Sangan"]
    assert [c.card.name for c in after.me.graveyard] == ["Kuriboh"]


def test_tok_1_restrictions_round_trip_and_unknown_names_are_rejected():
    position = board().monster(1, "Sheep Token", position="defense", restrictions=["cannot_be_tributed"]).build()
    assert position_from_dict(position_to_dict(position)) == position
    with pytest.raises(PysolverError, match="unknown restriction 'cannot_fly'"):
        board().monster(1, "Sangan", restrictions=["cannot_fly"]).build()


def test_tok_1_an_unread_sentence_about_the_summoned_monster_withholds_its_activation():
    """Issue 15 item 6 (the merged design): the card's plays are withheld and the answer names the clause."""
    from pysolver.cards.load import load_cards
    cards = load_cards(need_shared_data() / "cards.cdb")
    for name, words in (("Oasis of Dragon Souls", "Wyrm"), ("Synchro Call", "Synchro Summon"),
                        ("World Legacy Succession", "points to")):
        position = board(cards=cards).hand(name).graveyard("Sangan").build()
        plays = legal_plays(position)
        assert not plays.exhaustive and any(u.card == name and words in u.clause for u in plays.unread), name
        assert not any(p.name == name for p in plays)
        assert not any(p.name == name and p.action == "activate" for p in reference_plays(position))


def test_tok_1_summon_restrictions_of_the_database():
    from pysolver.cards.effects import _effects_as_read, activated_effects
    from pysolver.cards.load import load_cards
    from pysolver.cards.written import token_restrictions, unread_reason
    cards = load_cards(need_shared_data() / "cards.cdb")
    summoning = [card for card in cards if any(e.summons for e in _effects_as_read(card))]
    unread = sorted(card.name for card in summoning if unread_reason(card))
    assert unread == ["Oasis of Dragon Souls", "Synchro Call", "World Legacy Succession"]
    read = {card.name: next(e.restrictions for e in activated_effects(card) if e.summons)
            for card in summoning if not unread_reason(card)}
    assert read["Scapegoat"] == ("cannot_be_tributed",)
    assert read["Photon Sanctuary"] == ("cannot_attack", "cannot_be_synchro_material")
    assert read["Fires of Doomsday"] == ("cannot_be_tributed_except_for_dark",)
    tokens = [card for card in cards if "token" in card.kinds]
    assert sum(isinstance(token_restrictions(card), tuple) for card in tokens) >= 190


# --------------------------------------------------------------------------------------------------
# TOK-2: Trap Monsters

def test_tok_2_a_trap_monster_on_the_field_is_xyz_synchro_and_tribute_material():
    position = board().monster(1, "Tiki Curse").monster(2, "Celtic Guardian").hand("Summoned Skull") \
        .extra_deck("Number 39: Utopia").build()
    assert materials(position, "xyz_summon") == {("M1", "M2")}
    assert {p.tributes for p in plays_of(position, "normal_summon")} >= {("M1",), ("M2",)}
    both(position, "xyz_summon")
    both(position, "normal_summon")


def test_tok_2_a_trap_monster_is_an_effect_monster_on_the_field():
    position = board().monster(1, "Tiki Curse").monster(2, "Sangan").monster(3, "Kuriboh") \
        .extra_deck("Decode Talker").build()
    assert materials(position, "link_summon") == {("M1", "M2", "M3")}
    both(position, "link_summon")


def test_tok_2_a_trap_monster_summoned_this_way_that_cannot_attack():
    from pysolver.cards.load import load_cards
    cards = load_cards(need_shared_data() / "cards.cdb")
    position = board(cards=cards, phase="battle").monster(1, "Metal Reflect Slime", position="attack") \
        .monster(2, "Tiki Curse").build()
    assert [p.card for p in plays_of(position, "declare_attack")] == ["M2"]
    both(position, "declare_attack")


def test_tok_2_under_master_rule_4_a_trap_monster_is_refused_by_name():
    with pytest.raises(PysolverError, match="Tiki Curse.*Master Rule 4"):
        board(rules=4).monster(1, "Tiki Curse").build()


def test_tok_2_trap_monsters_of_the_database():
    from pysolver.cards.load import load_cards
    from pysolver.cards.written import TrapMonster, trap_monster
    cards = load_cards(need_shared_data() / "cards.cdb")
    found = [trap_monster(card) for card in cards]
    assert sum(isinstance(t, TrapMonster) for t in found) >= 52
    assert sum(isinstance(t, Exception) for t in found) <= 18
    assert trap_monster(cards["Metal Reflect Slime"]).restrictions == ("cannot_attack",)
    assert sum(isinstance(t, TrapMonster) and not t.still_trap for t in found) >= 15


# --------------------------------------------------------------------------------------------------
# ZN-1: Extra Link

def chain(rules=5, proxy=True, **options):
    built = board(rules=rules, **options).monster("left", "Link Spider").monster(2, "Knightmare Phoenix") \
        .monster(4, "Firewall Dragon").monster(1, "Kuriboh").extra_deck("Linkuriboh")
    return built.monster(3, "Proxy Dragon") if proxy else built


@pytest.mark.parametrize("rules", [4, 5])
def test_zn_1_extra_link_a_chain_of_mutual_links_opens_the_other_extra_monster_zone(rules):
    # EMZL Link Spider (B) <-> M2 Knightmare Phoenix (T, R) <-> M3 Proxy Dragon (L, R) <-> M4 Firewall
    # Dragon (L, T) <-> Linkuriboh (B) placed in EMZR.
    position = chain(rules).build()
    assert [p.zones for p in plays_of(position, "link_summon")] == [("EMZR", "M5")]
    both(position, "link_summon")


def test_zn_1_no_extra_link_without_the_whole_chain():
    position = chain(proxy=False).build()
    assert [p.zones for p in plays_of(position, "link_summon")] == [("M3", "M5")]
    both(position, "link_summon")


def test_zn_1_extra_link_through_the_opponents_link_monsters():
    # EMZL Security Dragon (T) <-> the opponent's M4 Firewall Dragon (T, L) <-> their M3 Proxy Dragon
    # <-> their M2 Knightmare Phoenix (R, T) <-> the new Security Dragon (T) in EMZR.
    built = board().monster("left", "Security Dragon").monster(1, "Kuriboh").monster(2, "Sangan") \
        .extra_deck("Security Dragon")
    built.opponent.monster(4, "Firewall Dragon").monster(3, "Proxy Dragon").monster(2, "Knightmare Phoenix")
    position = built.build()
    zones = {p.materials: p.zones for p in plays_of(position, "link_summon")}
    assert "EMZR" in zones[("M1", "M2")]
    both(position, "link_summon")
    # The same table from the other side: turn player 1 holds the Extra Monster Zone on its own left.
    mirrored = board(turn_player=1).monster("right", "Security Dragon").monster(1, "Kuriboh").monster(2, "Sangan") \
        .extra_deck("Security Dragon")
    mirrored.opponent.monster(4, "Firewall Dragon").monster(3, "Proxy Dragon").monster(2, "Knightmare Phoenix")
    flipped = mirrored.build()
    assert "EMZL" in {p.materials: p.zones for p in plays_of(flipped, "link_summon")}[("M1", "M2")]
    both(flipped, "link_summon")


def test_zn_1_a_material_from_the_chain_breaks_it():
    position = chain().monster(5, "Sangan").extra_deck("Security Dragon").build()
    plays = {p.materials: p.zones for p in plays_of(position, "link_summon") if p.name == "Security Dragon"}
    assert "EMZR" in plays[("M1", "M5")]            # the chain stays (ZN-6: zones after the materials left)
    assert "EMZR" not in plays[("M3", "M5")]        # Proxy Dragon was the chain's middle link
    both(position, "link_summon")


# --------------------------------------------------------------------------------------------------
# Materials whose own text changes how they can be used (SYN-1, LNK-1): not modelled, so such a card
# fails closed by name instead of being used as if its text said nothing.

def test_syn_2_a_material_treated_as_another_level_for_a_synchro_summon():
    # Tuningware (Level 1): "you can treat it as a Level 2 monster" -> with Junk Synchron (3): 4 or 5.
    position = board().monster(1, "Junk Synchron").monster(2, "Tuningware") \
        .extra_deck("Armory Arm", "Hi-Speedroid Chanbara", "Coral Dragon").build()
    assert {p.name for p in plays_of(position, "synchro_summon")} == {"Armory Arm", "Hi-Speedroid Chanbara"}
    both(position, "synchro_summon")
    # Yamatako Orochi (Level 1 Tuner): "can be treated as a Level 8 monster" -> with Kuriboh (1): 2 or 9.
    position = board().monster(1, "Yamatako Orochi").monster(2, "Kuriboh") \
        .extra_deck("Ravenous Crocodragon Archethys", "Stardust Dragon").build()
    assert {p.name for p in plays_of(position, "synchro_summon")} == {"Ravenous Crocodragon Archethys"}
    both(position, "synchro_summon")


def test_syn_2_synchro_levels_of_the_database():
    from pysolver.cards.load import load_cards
    from pysolver.cards.written import synchro_levels
    cards = load_cards(need_shared_data() / "cards.cdb")
    found = {card.name: synchro_levels(card) for card in cards if synchro_levels(card) is not None}
    assert {name: value.levels for name, value in found.items()} == {
        "Yamatako Orochi": (8,), "Dragunity Couse": (4,), "Tuningware": (2,), "R-Genex Turing": (1, 3)}
    # R-Genex Turing (Level 2 Tuner) as Level 1 or 3 only for a "Genex" Synchro Monster: with a Level 4,
    # Genex Ally Triforce (7 = 3 + 4, a "Genex" Tuner) but not Magical Android (5 = 1 + 4, not "Genex").
    genex = board(cards=cards).monster(1, "R-Genex Turing").monster(2, "Gene-Warped Warwolf") \
        .extra_deck("Genex Ally Triforce", "Magical Android").build()
    assert {p.name for p in plays_of(genex, "synchro_summon")} == {"Genex Ally Triforce"}
    both(genex, "synchro_summon")


def test_syn_1_a_tuner_that_can_be_treated_as_a_non_tuner():
    from pysolver.cards.load import load_cards
    cards = load_cards(need_shared_data() / "cards.cdb")
    # Baby Mudragon (Level 1 Tuner) "can treat it as a non-Tuner": Junk Synchron (3) is the Tuner, Baby
    # Mudragon and Kuriboh (1) the non-Tuners of Magical Android (5).
    position = board(cards=cards).monster(1, "Baby Mudragon").monster(2, "Junk Synchron").monster(3, "Kuriboh") \
        .extra_deck("Magical Android").build()
    assert materials(position, "synchro_summon") == {("M1", "M2", "M3")}
    both(position, "synchro_summon")
    # Mind Procedure (Level 3): only "for a Psychic monster": Serene Psychic Sorceress (Psychic, 6) with
    # Junk Synchron (3) as the Tuner; not Coral Dragon (Dragon, 6).
    position = board(cards=cards).monster(1, "Mind Procedure").monster(2, "Junk Synchron") \
        .extra_deck("Serene Psychic Sorceress", "Coral Dragon").build()
    assert {p.name for p in plays_of(position, "synchro_summon")} == {"Serene Psychic Sorceress"}
    both(position, "synchro_summon")
    from pysolver.cards.written import NonTuner, non_tuner
    assert sum(isinstance(non_tuner(card), NonTuner) for card in cards) >= 14


@pytest.mark.parametrize("name, words", [("Mono Synchron", "treated as Level 1"),
                                         ("Ringowurm, the Dragon Guarding the Hundred Apples", "Tuner"),
                                         ("Revolution Synchron", "hand"), ("Micro Coder", "hand"),
                                         ("Tellarknight Cygnian", "2 materials")])
def test_syn_1_lnk_1_a_material_whose_text_changes_its_use_withholds_the_plays_using_it(name, words):
    """Issue 15 items 4 and 6 (the merged design): the clause is unread, every play using the card is
    withheld and the answer names it; the reference withholds the same plays."""
    position = board().monster(1, name).monster(2, "Kuriboh").extra_deck("Stardust Dragon").build()
    plays = legal_plays(position)
    assert not plays.exhaustive and any(u.card == name and u.id == "M1" and words in u.clause
                                        for u in plays.unread)
    assert not any("M1" in (p.card, *(p.materials or ())) for p in plays)
    assert {p.key for p in plays} == {p.key for p in reference_plays(position)}


def test_syn_1_lnk_1_material_clauses_of_the_database_are_read_or_refused():
    from pysolver.cards.cardtext import unsupported_reason
    from pysolver.cards.load import load_cards
    from pysolver.cards.written import unread_material_use
    cards = load_cards(need_shared_data() / "cards.cdb")
    for name in ("Proxy Horse", "Eccentric Boy", "Mara of the Nordic Alfar", "Micro Coder",
                 "Malefic Parallel Gear", "Mono Synchron", "Tatsunecro"):
        assert unread_material_use(cards[name]) and unsupported_reason(cards[name]), name
    # SYN-5 (docs/material-rules.md): Tatsunoko's hand material is read (tests/solve/test_rules_hand_materials.py)
    assert unread_material_use(cards["Tatsunoko"]) is None and unsupported_reason(cards["Tatsunoko"]) is None
    # XYZ-1: "If this card is used for an Xyz Summon, you can treat it as a Level 5 monster" is read
    # (written.xyz_levels; tests/solve/test_rules_material_text.py)
    assert unread_material_use(cards["Star Drawing"]) is None and unsupported_reason(cards["Star Drawing"]) is None
    assert unread_material_use(cards["King of the Swamp"]) is None   # a Fusion Substitute is read (FUS-2)
    # LNK-1: "You can also use 1 monster in your hand as material to Link Summon this card" is read
    # (written.link_extra_material; tests/solve/test_rules_link_materials.py)
    assert unread_material_use(cards["Zenna's Deceiving Doll Maidens"]) is None
    # MTX-4 (docs/material-rules.md) reads the six Assault Blackwings' "treated as a Tuner", MUS-4 Martial Metal
    # Marcher's: 23 are left
    assert sum(bool(unread_material_use(card)) for card in cards) >= 23


def test_zn_1_after_an_extra_link_summon_the_position_holds_both_extra_monster_zones():
    position = chain().build()
    play = plays_of(position, "link_summon")[0]
    after = apply(position, play, zone="EMZR")
    assert after == reference_apply(position, play, zone="EMZR")
    assert all(m is not None for m in after.me.extra_monster_zones)
    again = position_from_dict(position_to_dict(after))   # a file of that position loads (both are Links)
    assert again == after
    assert all("EMZ" not in "".join(p.zones or ()) for p in plays_of(again, "link_summon"))


def test_zn_1_extra_link_table_agrees_with_every_placement_of_up_to_four_link_monsters(real):
    """`extra_link_table` (facts.py) says whether a position's Link Monsters could ever chain the two Extra
    Monster Zones; when it says no, the step-indexed turn leaves the Extra Link rules out, so a wrong "no"
    would lose plays. Checked here against every placement of small sets of the real Link Monsters (half of
    them drawn among those with a Top-Left or Top-Right arrow, so that chains are met): two in the Extra
    Monster Zones (the turn player's), the others anywhere in the Main Monster Zones of either player or not
    on the field; the opponent's monsters face the other way."""
    import random
    from itertools import permutations
    from pysolver.solve.facts import extra_link_table
    steps = {"T": (0, 1), "B": (0, -1), "L": (-1, 0), "R": (1, 0), "TL": (-1, 1), "TR": (1, 1), "BL": (-1, -1),
             "BR": (1, -1)}
    main_zones = [(x, y) for x in range(1, 6) for y in (0, 2)]
    table = set(main_zones) | {(2, 1), (4, 1)}

    def arrows(card, place):
        turn = -1 if place[1] == 2 else 1
        return {(place[0] + turn * dx, place[1] + turn * dy) for dx, dy in (steps[a] for a in card.arrows)} & table

    def chained(placed):
        reached, frontier = {(2, 1)}, [(2, 1)]
        while frontier:
            here = frontier.pop()
            for there, card in placed.items():
                if there not in reached and there in arrows(placed[here], here) and here in arrows(card, there):
                    reached.add(there)
                    frontier.append(there)
        return (4, 1) in reached

    def any_placement(cards):
        for i, j in permutations(range(len(cards)), 2):
            rest = [c for k, c in enumerate(cards) if k not in (i, j)]
            for count in range(len(rest) + 1):
                for zones in permutations(main_zones, count):
                    for chosen in permutations(rest, count):
                        if chained({(2, 1): cards[i], (4, 1): cards[j], **dict(zip(zones, chosen))}):
                            return True
        return False
    links = [card for card in real if card.is_a("link")]
    upward = [card for card in links if card.arrows & {"TL", "TR"}]
    pick = random.Random(1)
    answers = []
    for _ in range(150):
        cards = [pick.choice(upward if pick.random() < 0.5 else links) for _ in range(pick.randint(2, 4))]
        answers.append(extra_link_table(cards))
        assert answers[-1] == any_placement(cards), [card.name for card in cards]
    assert 10 <= sum(answers) <= 140                     # both answers are met


def test_zn_1_a_position_whose_link_monsters_cannot_chain_has_no_extra_link_rules():
    from pysolver.solve.facts import position_facts
    assert "extra_link_possible" in position_facts(chain().build())[1].predicates
    assert "extra_link_possible" not in position_facts(chain(proxy=False).build())[1].predicates
    # Through the opponent's Main Monster Zones: Decode Talker (T) in each Extra Monster Zone, their Firewall
    # Dragon (T, L), Proxy Dragon and Knightmare Phoenix (T, R) between.
    links = ("Decode Talker", "Firewall Dragon", "Proxy Dragon", "Knightmare Phoenix")
    assert "extra_link_possible" in position_facts(
        board().monster("left", "Decode Talker").extra_deck(*links).build())[1].predicates
    assert "extra_link_possible" not in position_facts(
        board().monster("left", "Decode Talker").extra_deck(*links[1:]).build())[1].predicates


def test_zn_1_a_position_holding_both_extra_monster_zones_keeps_its_lines():
    # No chain of these Link Monsters can give the second zone, yet the position holds both already: the
    # step-indexed turn's capacity rule (at most one Extra Monster Zone without Extra Link) must not reject it.
    from pysolver.explore.search import search
    from pysolver.solve.facts import position_facts
    position = board().monster("left", "Link Spider").monster("right", "Linkuriboh").hand("Sangan").build()
    assert "extra_link_possible" in position_facts(position)[1].predicates
    asp, bfs = (search(position, "monsters>=3", max_depth=2, engine=engine) for engine in ("asp", "bfs"))
    assert asp.depth == bfs.depth == 1
