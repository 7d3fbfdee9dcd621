"""pysolver.cards.decks: YGOPro .ydk files, and `pysolver position from-deck`."""

from __future__ import annotations

import pytest

from helpers import EXAMPLES, need_shared_data
from pysolver import PysolverError, legal_plays, load_position, position_from_dict
from pysolver.cards.card import CardDB, default_cards
from pysolver.cli import main
from pysolver.cards.decks import Deck, parse_ydk, read_ydk, write_ydk
from pysolver.position.from_deck import position_data, split_names

STARTER = EXAMPLES / "starter.ydk"


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("PYSOLVER_CARDS", raising=False)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_starter_deck_is_built_in_pool_cards():
    deck = read_ydk(STARTER, default_cards())
    assert isinstance(deck, Deck) and deck.source == str(STARTER)
    assert (len(deck.main), len(deck.extra), len(deck.side)) == (40, 15, 0)
    assert deck.main[:3] == (default_cards()["Junk Synchron"],) * 3
    assert all(not card.is_extra_deck for card in deck.main) and all(card.is_extra_deck for card in deck.extra)
    assert len(set(deck.extra)) == 15
    assert max(sum(1 for c in deck.main if c == card) for card in deck.main) <= 3


def test_sections_comments_and_order():
    pool = default_cards()
    text = ("\ufeff#created by someone\r\n70781052\r\n#main\r\n\r\n46986414\r\n  40640057  \r\n"
            "#extra\r\n44508094\r\n# a comment\r\n!side\r\n12580477\r\n46986414\r\n")
    deck = parse_ydk(text.lstrip("\ufeff"), pool, source="d.ydk")
    assert [c.name for c in deck.main] == ["Summoned Skull", "Dark Magician", "Kuriboh"]   # before #main: main
    assert [c.name for c in deck.extra] == ["Stardust Dragon"]
    assert [c.name for c in deck.side] == ["Raigeki", "Dark Magician"]
    assert parse_ydk("", pool) == Deck(source="<deck>")


def test_byte_order_mark_and_round_trip(tmp_path):
    pool = default_cards()
    path = tmp_path / "bom.ydk"
    path.write_bytes("\ufeff#main\n46986414\n#extra\n44508094\n!side\n".encode("utf-8"))
    deck = read_ydk(path, pool)
    assert [c.name for c in deck.main] == ["Dark Magician"]
    write_ydk(deck, tmp_path / "again.ydk")
    again = read_ydk(tmp_path / "again.ydk", pool)
    assert (again.main, again.extra, again.side) == (deck.main, deck.extra, deck.side)


def test_alternate_artworks_resolve_through_the_card_db():
    pool = CardDB(list(default_cards()), aliases={36996508: 46986414})
    deck = parse_ydk("#main\n36996508\n46986414\n", pool)
    assert [c.passcode for c in deck.main] == [46986414, 46986414]


@pytest.mark.parametrize("text, message", [
    ("#main\n46986414\n12345\n", "line 3: unknown card passcode 12345 (not in built-in pool"),
    ("#main\nDark Magician\n", "line 2: expected a passcode (digits), got 'Dark Magician'"),
    ("#main\n44508094\n", "line 2: 'Stardust Dragon' is an Extra Deck monster; list it under #extra"),
    ("#extra\n46986414\n", "line 2: 'Dark Magician' is not an Extra Deck monster; list it under #main"),
    ("#main\n73915052\n", "line 2: 'Sheep Token' is a Token"),
    ("#main\n!sidedeck\n", "line 2: unknown section '!sidedeck'"),
])
def test_bad_lines_name_the_file_and_line(tmp_path, text, message):
    path = tmp_path / "bad.ydk"
    path.write_text(text)
    with pytest.raises(PysolverError) as caught:
        read_ydk(path, default_cards())
    assert str(caught.value).startswith(f"{path}: ") and message in str(caught.value)


def test_missing_deck_file(tmp_path):
    with pytest.raises(PysolverError, match="no such deck file"):
        read_ydk(tmp_path / "none.ydk", default_cards())


def test_position_data_takes_the_hand_and_field_from_the_deck():
    pool = default_cards()
    deck = read_ydk(STARTER, pool)
    data = position_data(deck, pool, hand=["Junk Synchron", "46986414", "pot of greed"],
                         field=["1=Speed Warrior", "S2=Trap Hole", "EMZL=Decode Talker"])
    me = data["players"][0]
    assert me["hand"] == ["Junk Synchron", "Dark Magician", "Pot of Greed"]
    assert me["monster_zones"] == {1: "Speed Warrior"} and me["spell_trap_zones"] == {2: "Trap Hole"}
    assert me["extra_monster_zones"] == {"left": "Decode Talker"}
    rest = list(c.name for c in deck.main)
    for name in ("Junk Synchron", "Dark Magician", "Pot of Greed", "Speed Warrior", "Trap Hole"):
        rest.remove(name)
    assert me["deck"] == rest and len(me["deck"]) == 35
    assert me["extra_deck"] == [c.name for c in deck.extra if c.name != "Decode Talker"]
    position = position_from_dict(data, cards=pool)
    assert len(position.me.deck) == 35 and position.turn == 1 and position.phase == "main1"
    assert split_names(" A ;B;; C ") == ["A", "B", "C"]


@pytest.mark.parametrize("options, message", [
    ({"hand": ["Sangan", "Sangan"]}, "--hand[1]: 'Sangan' has only 1 copy in the Main Deck"),
    ({"hand": ["Stardust Dragon"]}, "--hand[0]: 'Stardust Dragon' is not in the Main Deck"),
    ({"hand": ["Dark Magican"]}, "did you mean 'Dark Magician'"),
    ({"field": ["6=Sangan"]}, "--field[0]: expected ZONE=Name"),
    ({"field": ["Sangan"]}, "--field[0]: expected ZONE=Name"),
    ({"field": ["1=Sangan", "1=Kuriboh"]}, "--field[1]: zone 1 is given twice"),
    ({"field": ["1=Summoned Skull", "2=Summoned Skull"]}, "--field[1]: 'Summoned Skull' is not in the deck"),
])
def test_position_data_errors(options, message):
    pool = default_cards()
    with pytest.raises(PysolverError) as caught:
        position_data(read_ydk(STARTER, pool), pool, **options)
    assert message in str(caught.value)


def test_from_deck_through_the_command_line(capsys, tmp_path):
    out_file = tmp_path / "pos.yaml"
    code, out, err = run(capsys, "position", "from-deck", str(STARTER), "--hand",
                         "Speed Warrior; Dark Magician; Pot of Greed; Trap Hole; Kuriboh",
                         "--field", "1=Celtic Guardian; 2=Junk Synchron", "-o", str(out_file))
    assert code == 0, err
    assert out.strip() == f"wrote {out_file}: 5 cards in the hand, 33 in the Deck, 15 in the Extra Deck"
    position = load_position(out_file)
    assert [c.name for c in position.me.hand] == ["Speed Warrior", "Dark Magician", "Pot of Greed", "Trap Hole",
                                                 "Kuriboh"]
    assert [m.card.name for m in position.me.monster_zones[:2]] == ["Celtic Guardian", "Junk Synchron"]
    assert position.turn == 1 and position.phase == "main1" and position.rules == 5
    assert len(position.me.deck) == 33 and position.me.deck[0].name == "Junk Synchron"
    assert [c.card.name for c in position.me.extra_deck] == [c.name for c in read_ydk(STARTER, default_cards()).extra]
    plays = legal_plays(position)
    assert plays.exhaustive and {"normal_summon", "synchro_summon"} <= {p.action for p in plays}
    # Junk Synchron (Level 3) + Celtic Guardian (Level 4): the Level 7 Synchro Monsters, not Junk Warrior (5)
    synchros = {p.name for p in plays if p.action == "synchro_summon"}
    assert synchros == {"Ancient Fairy Dragon", "Black Rose Dragon"}


def test_from_deck_options(capsys, tmp_path):
    out_file = tmp_path / "pos.json"
    code, _, err = run(capsys, "position", "from-deck", str(STARTER), "--hand", "Kuriboh", "--turn", "3",
                       "--phase", "main2", "--rules", "master-rule-4", "-o", str(out_file))
    assert code == 0, err
    position = load_position(out_file)
    assert (position.turn, position.phase, position.rules) == (3, "main2", 4) and len(position.me.deck) == 39


@pytest.mark.parametrize("argv, hint", [
    (["position", "from-deck", "missing.ydk", "-o", "x.yaml"], "missing.ydk: no such deck file"),
    (["position", "from-deck", str(STARTER), "--hand", "Sangan; Sangan", "-o", "x.yaml"], "1 copy"),
    (["position", "from-deck", str(STARTER), "--rules", "master-rule-9", "-o", "x.yaml"], "invalid choice"),
    (["position", "from-deck", str(STARTER)], "required"),
    (["position", "from-deck", str(STARTER), "--turn", "1", "--phase", "battle", "-o", "x.yaml"], "Battle Phase"),
])
def test_from_deck_errors_are_one_line(capsys, tmp_path, monkeypatch, argv, hint):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, *argv)
    assert code == 2 and hint in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not (tmp_path / "x.yaml").exists()


def test_from_deck_with_the_real_database(capsys, tmp_path):
    """A deck of cards the built-in pool lacks (Kojikocy, Prevent Rat, Daigusto Emeral), one as an
    alternate artwork (36996508: Dark Magician), read with --cards."""
    cards = need_shared_data() / "cards.cdb"
    deck = tmp_path / "real.ydk"
    deck.write_text("#created by test\n#main\n1184620\n1184620\n549481\n36996508\n46986414\n#extra\n581014\n!side\n")
    out_file = tmp_path / "pos.yaml"
    code, _, err = run(capsys, "position", "from-deck", str(deck), "--hand", "Kojikocy; Prevent Rat; 36996508",
                       "--cards", str(cards), "-o", str(out_file))
    assert code == 0, err
    code, _, err = run(capsys, "position", "from-deck", str(deck), "-o", str(out_file))   # built-in pool
    assert code == 2 and "line 3: unknown card passcode 1184620" in err
    from pysolver.cards.cdb import load_cdb
    real = load_cdb(cards)
    position = load_position(out_file, cards=real)
    assert [c.name for c in position.me.hand] == ["Kojikocy", "Prevent Rat", "Dark Magician"]
    assert [c.name for c in position.me.deck] == ["Kojikocy", "Dark Magician"]
    assert [c.card.name for c in position.me.extra_deck] == ["Daigusto Emeral"]
    assert {p.name for p in legal_plays(position) if p.action == "normal_summon"} == {"Kojikocy", "Prevent Rat"}
