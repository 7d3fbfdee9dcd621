"""perft by model counting (`perft --engine asp`, pysolver.explore.plan.count_lines) against the count files
of tests/perft: the sequences of instance-level plays (`perft`) and of plays up to identical copies
(`grouped`), end_turn only as the last, default choices (a Pendulum Summon's first complete assignment of
zones: tests/perft/positions/pendulum.yaml needs one that taking each card's first free zone misses)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver import load_position
from pysolver.cli import main
from pysolver.explore.perft import read_perft_file
from pysolver.explore.plan import count_lines
from pysolver.solve.unread import unread_in_turn

PERFT_DIR = Path(__file__).resolve().parents[1] / "perft"
BLOCKS = read_perft_file(PERFT_DIR / "pysolver.perft")


@pytest.mark.parametrize("block", BLOCKS, ids=lambda block: block.id)
def test_counts_equal_the_count_file(block):
    position = load_position(PERFT_DIR / block.position)
    for depth, expected in sorted(block.counts.items()):
        if depth <= 4:
            assert count_lines(position, depth) == expected, (block.id, depth)
    for depth, expected in sorted(block.grouped.items()):
        if depth <= 4:
            assert count_lines(position, depth, all_instances=False) == expected, (block.id, depth)


def test_the_command_refuses_what_it_cannot_count(capsys, tmp_path):
    import yaml
    from pysolver.position.builder import PositionBuilder
    from pysolver.position.files import position_to_dict
    unread = PositionBuilder(turn=2).hand("Kuriboh").extra_deck("Zerrziel, Ruler of the Evil Eyed").build()
    assert unread_in_turn(unread) == ["Zerrziel, Ruler of the Evil Eyed"]   # its attacks: a Battle Phase is ahead
    path = tmp_path / "unread.yaml"
    path.write_text(yaml.safe_dump(position_to_dict(unread)))
    assert main(["perft", str(path), "--depth", "2", "--engine", "asp", "--all-instances"]) == 2
    assert "Zerrziel, Ruler of the Evil Eyed" in capsys.readouterr().err
    synchro = str(PERFT_DIR / "positions" / "synchro.yaml")
    assert main(["perft", synchro, "--depth", "2", "--engine", "asp", "--divide"]) == 2      # the total only
    assert "--divide" in capsys.readouterr().err
    assert main(["perft", synchro, "--depth", "2", "--engine", "asp", "--all-instances"]) == 0
    assert "perft 2: 55  (instance-level plays" in capsys.readouterr().out
    assert main(["perft", synchro, "--depth", "2", "--engine", "asp"]) == 0      # the grouped count: 2 copies, 1 play
    assert "perft 2: 54  (plays up to identical copies" in capsys.readouterr().out


def test_a_count_up_to_copies_is_refused_where_identical_copies_stand_on_the_field(capsys, tmp_path):
    """legal_plays lists once the plays that differ only by which of two identical field copies they use
    (decode.list_up_to_copies); the step-indexed turn does not merge them, so the count up to copies is
    refused there, and given where the copies differ (here by their battle positions)."""
    import yaml
    from pysolver.errors import PysolverError
    from pysolver.explore.perft import perft
    from pysolver.position.builder import PositionBuilder
    from pysolver.position.files import position_to_dict
    twins = PositionBuilder(turn=2).monster(1, "Celtic Guardian").monster(2, "Celtic Guardian").build()
    with pytest.raises(PysolverError, match='identical copies of "Celtic Guardian"'):
        count_lines(twins, 1, all_instances=False)
    assert [count_lines(twins, depth) for depth in (1, 2)] == [perft(twins, depth) for depth in (1, 2)] == [4, 10]
    apart = PositionBuilder(turn=2).monster(1, "Celtic Guardian").monster(2, "Celtic Guardian", position="defense").build()
    assert [count_lines(apart, depth, all_instances=False) for depth in (1, 2)] == \
        [perft(apart, depth, all_instances=False) for depth in (1, 2)] == [4, 9]
    path = tmp_path / "twins.yaml"
    path.write_text(yaml.safe_dump(position_to_dict(twins)))
    assert main(["perft", str(path), "--depth", "2", "--engine", "asp"]) == 2
    assert "--all-instances" in capsys.readouterr().err
