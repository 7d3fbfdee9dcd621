"""AXH-1 (docs/procedure-rules.md): an alternative Xyz procedure (XYZ-4) whose condition is an activation in the
turn's history -- "Once per turn, if a "Kashtira Shangri-Ira" has activated its effect this turn, you can also Xyz
Summon "Kashtira Arise-Heart" by using 1 "Kashtira" monster you control." -- on real cards: the solver and the
reference list the same plays (the whole answer), and apply carries the used monster's materials over."""

from helpers import applied, board, plays_of
from pysolver.reference.plays import legal_plays as reference_plays
from pysolver.solve.legal import legal_plays
from pysolver.solve.why import why

ARISE_HEART = "Kashtira Arise-Heart"


def alternative(position):
    """The Xyz Summons on one monster; the solver and the reference agree on every play of the position."""
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    return {(p.name, p.materials) for p in solver if p.action == "xyz_summon" and len(p.materials) == 1}


def kashtira(real):
    """A "Kashtira" monster (M1) and another (M2); Arise-Heart in the Extra Deck."""
    return board(cards=real).monster(1, "Kashtira Fenrir").monster(2, "Sangan").extra_deck(ARISE_HEART)


def test_AXH_1_kashtira_arise_heart_needs_an_activation_of_shangri_ira(real):
    assert alternative(kashtira(real).build()) == set()                   # no "Kashtira Shangri-Ira" activated
    position = kashtira(real).event(activate="Kashtira Shangri-Ira", effect=1).build()
    assert alternative(position) == {(ARISE_HEART, ("M1",))}               # on the "Kashtira" monster, not Sangan
    (play,) = [p for p in plays_of(position, "xyz_summon") if p.materials == ("M1",)]
    after = applied(position, play, zone="M1", battle_position="defense")
    assert after["M1"].card.name == ARISE_HEART
    assert [c.name for c in after["M1"].state.materials] == ["Kashtira Fenrir"]


def test_AXH_1_kashtira_arise_heart_any_player_any_outcome(real):
    """The engine marks the activation when its chain link is made: the opponent's, a negated one count too."""
    for event in ({"player": 1}, {"negated": "activation"}, {"negated": "effect", "resolved": False}, {"effect": 2}):
        position = kashtira(real).event(activate="Kashtira Shangri-Ira", **{"effect": 1, **event}).build()
        assert alternative(position) == {(ARISE_HEART, ("M1",))}, event


def test_AXH_1_kashtira_arise_heart_not_after_other_activations(real):
    position = kashtira(real).event(activate="Kashtira Fenrir", effect=1).build()
    assert alternative(position) == set()                                  # another "Kashtira" card's activation
    (answer,) = why(position, "ED1", "xyz_summon").answers
    words = [str(reason) for group in answer.reasons for reason in group]
    assert any("AXH-1" in w and '"Kashtira Shangri-Ira" has activated its effect' in w for w in words), words


def test_AXH_1_kashtira_arise_heart_once_per_turn(real):
    used = kashtira(real).event(activate="Kashtira Shangri-Ira", effect=1) \
        .event(summon="xyz", card=ARISE_HEART, alternative=True, **{"from": "extra_deck"}).build()
    assert alternative(used) == set()
