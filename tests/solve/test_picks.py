"""`pysolver picks`: the cards that can still complete a play being built (brave consequences), those in
every completion (cautious), and whether the picks are complete; equal to filtering the enumerated plays."""

import os

import pytest
from hypothesis import given, settings, strategies as st

from helpers import board
from strategies import extra_deck_positions, history_positions, pendulum_ritual_fusion_positions, positions
from pysolver import PysolverError, legal_plays
from pysolver.solve.picks import Prefix, parse_prefix, picks

PICKABLE = ("normal_summon", "set_monster", "ritual_summon", "fusion_summon", "synchro_summon", "xyz_summon",
            "link_summon", "pendulum_summon", "procedure_summon", "activate")


def used(play) -> set:
    return set(play.tributes or ()) | set(play.materials or ()) | set(play.cost or ()) | set(play.cards or ())


def junk_warrior_board():
    return board().monster(1, "Junk Synchron").monster(2, "Celtic Guardian").monster(3, "Speed Warrior") \
        .monster(4, "Sangan").extra_deck("Junk Warrior").build()


def test_syn_1_picks_junk_synchron_then_the_non_tuner():
    position = junk_warrior_board()
    first = picks(position, "SYN ED1")
    # Junk Warrior: "Junk Synchron" + 1 or more non-Tuner monsters, Level 5 = 3 + 2 (Speed Warrior).
    assert first.possible and not first.complete
    assert first.candidates == ("M1", "M3") and first.required == ("M1", "M3")
    second = picks(position, "SYN ED1 <- M1")
    assert second.candidates == ("M3",) and not second.complete
    assert picks(position, "SYN ED1 <- M1 M3").complete
    doomed = picks(position, "SYN ED1 <- M1 M2")     # Level 3 + 4 already exceeds... no completion reaches 5
    assert not doomed.possible and doomed.candidates == ()


def test_xyz_1_picks_any_two_level_4_monsters():
    position = board().monster(1, "Celtic Guardian").monster(2, "Vorse Raider").monster(3, "Goblindbergh") \
        .extra_deck("Number 39: Utopia").build()
    answer = picks(position, "XYZ ED1 <- M2")
    assert answer.candidates == ("M1", "M3") and answer.required == () and not answer.complete


def test_picks_as_json_and_pendulum():
    position = board().spell_trap(1, "Dragonpulse Magician").spell_trap(5, "Dragonpit Magician") \
        .hand("Summoned Skull", "Celtic Guardian").build()
    answer = picks(position, '{"action": "pendulum_summon", "cards": ["H1"]}')
    assert answer.complete and answer.candidates == ("H2",)
    assert answer.to_json()["format"] == "pysolver-picks/1"
    assert parse_prefix("PEN H1 H2", position) == Prefix("pendulum_summon", None, ("H1", "H2"))


def test_picks_bad_input_is_one_clear_error():
    position = junk_warrior_board()
    with pytest.raises(PysolverError, match="no card instance 'M9'"):
        picks(position, "SYN ED1 <- M9")
    with pytest.raises(PysolverError, match="unknown key"):
        picks(position, '{"action": "synchro_summon", "card": "ED1", "tuner": ["M1"]}')
    with pytest.raises(PysolverError, match="not valid JSON"):
        picks(position, '{"action": ')
    with pytest.raises(PysolverError, match="unknown play"):
        picks(position, "SUMMON ED1")


def test_picks_withhold_what_legal_plays_withholds():
    # Mono Synchron's "When using this card as Synchro Material, the other Synchro Material ..." is not read, so legal_plays
    # withholds every play that uses it, the Tribute Summons tributing it included; picks must not offer it
    # either, and says why.
    position = board().monster(1, "Astrograph Sorcerer").monster(2, "Astrograph Sorcerer") \
        .monster(3, "Mono Synchron").hand("Astrograph Sorcerer").build()
    assert all("M3" not in p.tributes for p in legal_plays(position, actions=("normal_summon",)))
    answer = picks(position, "NS H1")
    assert answer.candidates == ("M1", "M2") and answer.required == ("M1", "M2")
    assert [entry.id for entry in answer.unread] == ["M3"]
    assert answer.to_json()["unread"][0]["card"] == "Mono Synchron"
    assert not picks(position, "NS H1 <- M3").possible


EXAMPLES = int(os.environ.get("PYSOLVER_PICKS_EXAMPLES", "60"))


@settings(max_examples=EXAMPLES)
@given(st.one_of(extra_deck_positions(), pendulum_ritual_fusion_positions(), positions(), history_positions()),
       st.data())
def test_picks_equal_filtering_the_enumerated_plays(position, data):
    plays = [p for p in legal_plays(position, all_instances=True) if p.action in PICKABLE and used(p)]
    if not plays:
        return
    play = data.draw(st.sampled_from(plays))
    pool = sorted(used(play))
    picked = data.draw(st.lists(st.sampled_from(pool), unique=True, max_size=len(pool)))
    if data.draw(st.booleans()):   # sometimes a pick no play of this card uses
        others = sorted({i for p in plays for i in used(p)} - set(pool))
        if others:
            picked.append(data.draw(st.sampled_from(others)))
    spell = play.spell if data.draw(st.booleans()) else None
    card = None if play.action == "pendulum_summon" else play.card
    prefix = Prefix(play.action, card, tuple(picked), spell)
    matching = [p for p in legal_plays(position, all_instances=True, actions=(play.action,))
                if (card is None or p.card == card) and (spell is None or p.spell == spell)
                and set(picked) <= used(p)]
    answer = picks(position, prefix)
    assert answer.possible == bool(matching)
    expected_brave = set().union(*(used(p) for p in matching)) - set(picked) if matching else set()
    expected_cautious = set.intersection(*(used(p) for p in matching)) - set(picked) if matching else set()
    assert set(answer.candidates) == expected_brave
    assert set(answer.required) == expected_cautious
    assert answer.complete == any(used(p) == set(picked) for p in matching)


def test_cli_picks_text_json_and_bad_input(tmp_path, capsys):
    import json
    from pysolver import dump_position
    from pysolver.cli import main
    path = tmp_path / "board.yaml"
    dump_position(junk_warrior_board(), path)
    assert main(["picks", str(path), "SYN ED1 <- M3"]) == 0
    assert "can still be picked: M1 Junk Synchron" in capsys.readouterr().out
    assert main(["picks", str(path), '{"action": "synchro_summon", "card": "ED1"}', "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["candidates"] == ["M1", "M3"]
    assert main(["picks", str(path), "SYN ED1 <-"]) == 0
    capsys.readouterr()
    assert main(["picks", str(path), "SYN"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1
