"""Card text -> the continuous negations of monsters' effects a face-up card applies (NGT-1..NGT-4,
docs/lock-rules.md).

The engine's EFFECT_DISABLE as a field effect of the card, whose targets are the face-up monsters of a
description in the Monster Zones, written as one sentence standing alone (not part of an activated effect):

    Negate the effects of all face-up monsters while they are face-up on the field (but their effects can
        still be activated).                                                        (Skill Drain)
    Negate the effects of face-up monsters while your opponent controls them.       (Destiny HERO - Plasma)
    Negate the effects of Flip Effect Monsters.                                     (Fiend Skull Dragon)
    Negate the effects of face-up monsters without a Level that were Special Summoned from the Extra Deck.
                                                                                    (Ursarctic Septentrion)
    Negate the effects of Fusion, Synchro, and Xyz Monsters while they are on the field.
                                                                                    (Amorphactor Pain)

A monster so negated applies none of its effects on the field (`no_effects`: no lock, protection, attack
clause, grant ...), but can still activate its effects (the engine checks the negation when the effect
resolves: EFFECT_DISABLE is not EFFECT_CANNOT_TRIGGER). A sentence with another condition ("while this card is
in the Main Monster Zone", "except Tribute Summoned monsters'", "currently", "until the end of this turn") or a
description the requirement language cannot express stays unread (`pysolver.cards.reading`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from .card import Card
from .sentences import sentences


@dataclass(frozen=True)
class Negation:
    """NGT-1: one negation sentence: the monsters whose effects it negates while its card applies it."""

    sentence: str
    whose: str          # "both": every player's monsters | "opponent": the monsters the card's controller's
                        # opponent controls (NGT-2)
    what: object        # the requirement-language filter of the monsters (requirements.Atom/...)


_NEGATION = re.compile(r"Negate the effects of (?:all )?(?:face-up )?(?P<what>[^.()]+?)"
                       r"(?P<tail> while they are face-up on the field| while they are on the field"
                       r"| while your opponent controls them)?"
                       r"(?P<still> \(but their effects can still be activated\))?\.")
_ED = " that were Special Summoned from the Extra Deck"


def read_negation(sentence: str):
    """The `Negation` a sentence states whole, or None."""
    from .attacks import _filter
    from .requirements import Atom, conj, disj
    match = _NEGATION.fullmatch(sentence)
    if match is None:
        return None
    what = match.group("what")
    levelless = False
    if what.startswith("monsters on the field" + _ED):          # Nekroz of Unicore
        what = "monsters" + _ED
    if what.startswith("monsters without a Level" + _ED):       # Ursarctic Septentrion
        what, levelless = "monsters" + _ED, True
    what = what.replace(_ED, " Special Summoned from the Extra Deck")
    what = re.sub(r"^(\w+), (\w+), and (\w+) Monsters$", r"\1, \2, or \3 Monsters", what)
    if not re.search(r"\b[Mm]onsters\b", what) or re.search(r"\b(?:on the field|in|currently|except|other|that|with|"
                                                            r"your|opponent's|1)\b", what):
        return None
    kind = _filter(what)
    if kind is None or not _exact(kind):
        return None
    if levelless:   # the engine's `not c:HasLevel()`: Xyz and Link Monsters (BPN-2)
        kind = conj(kind, disj(Atom("kind", "=", "xyz"), Atom("kind", "=", "link")))
    whose = "opponent" if match.group("tail") == " while your opponent controls them" else "both"
    return Negation(sentence, whose, kind)


@cache
def negations(card: Card) -> tuple[Negation, ...]:
    """The negation sentences of `card` that pysolver reads (its monster text or a Spell/Trap's text)."""
    found = []
    for sentence in sentences(card):
        if sentence.where != "card" or sentence.activated:
            continue
        negation = read_negation(sentence.text)
        if negation is not None:
            found.append(negation)
    return tuple(found)


# --- what pysolver cannot decide under a negation (pysolver.solve.unread; the reference's partial answers) -------

# NGT-5: the readings the encodings apply to a monster on the field without asking whether its effects are negated:
# material and Tribute clauses, "banished instead" when it leaves, "cannot be Tributed", its name on the field.
# Whether a negation switches them off depends on how the engine's script flags each one (EFFECT_FLAG_CANNOT_DISABLE),
# which the text does not say.
@cache
def blind(card: Card) -> bool:
    """NGT-5: the card has such a reading (the readers pysolver.solve.facts writes them from)."""
    from .attacks import field_name
    from .cardtext import (
        double_tribute,
        triple_tribute,
        fusion_substitute,
        material_rules,
        tribute_limit,
        untributable_face_up,
    )
    from .replacements import banish_instead, deck_bottom_on_leaving
    from .written import (
        hand_synchro,
        non_tuner,
        synchro_all_levels,
        synchro_levels,
        tuner_for_user,
        tuner_substitute,
        xyz_levels,
    )

    def read(result) -> bool:
        return result is not None and result is not False and not isinstance(result, Exception)
    rules = material_rules(card)
    if read(rules) and (rules.never or rules.never_the_turn or rules.never_with_material or rules.never_face_up
                        or rules.only_for or rules.others_not or rules.others_must or rules.only_as_substitute
                        or rules.whole_ritual_tribute is not None):
        return True
    never = untributable_face_up(card)
    return (bool(never) and never != "opponent") or tribute_limit(card) is not None \
        or any(r.kind != "field" for r in banish_instead(card)) or deck_bottom_on_leaving(card) \
        or field_name(card) is not None \
        or read(double_tribute(card)) or read(triple_tribute(card)) or bool(fusion_substitute(card)) or bool(tuner_for_user(card)) \
        or any(read(reader(card)) for reader in (synchro_levels, non_tuner, tuner_substitute, xyz_levels,
                                                 synchro_all_levels, hand_synchro))


def _exact(term) -> bool:
    """The description uses only terms `matches` decides here from the position (NGT-1 reads no other)."""
    from .requirements import And, Atom, Or
    if isinstance(term, (And, Or)):
        return all(_exact(part) for part in term.parts)
    return isinstance(term, Atom) and (term.key == "any" or (term.key == "kind" and term.value in _KINDS)
                                       or (term.key == "summoned" and term.value == "from_extra_deck"))


_KINDS = ("effect", "flip", "fusion", "synchro", "xyz", "link", "ritual", "pendulum", "tuner")


def matches(term, instance) -> bool:
    """Whether a face-up monster in a Monster Zone matches a negation's description: its kinds (an unsummoned
    Gemini monster is no Effect Monster: GEM-1), where it was Special Summoned from (MAT-7)."""
    from .requirements import And, Or
    from .written import TrapMonster, gemini, trap_monster
    if isinstance(term, And):
        return all(matches(part, instance) for part in term.parts)
    if isinstance(term, Or):
        return any(matches(part, instance) for part in term.parts)
    if term.key == "any":
        return True
    if term.key == "summoned":
        return getattr(instance.state, "special_summoned_from", None) == "extra_deck"
    if term.value == "effect" and gemini(instance.card) is True and not instance.state.gemini_summoned:
        return False
    if term.value == "tuner" and getattr(instance.state, "treated_as_tuner", False):
        return True
    trap = trap_monster(instance.card)     # TOK-2: a Trap Monster is a Normal or Effect Monster on the field
    if isinstance(trap, TrapMonster) and term.value == trap.kind:
        return True
    return term.value in instance.card.kinds


_MONSTER_ZONES = ("monster_zone", "extra_monster_zone")


def _face_up(instance) -> bool:
    return getattr(instance.state, "position", "attack") != "set"


def _sources(position):
    """The cards of the position that apply a negation now, unless another negation covers them: face-up
    monsters in a Monster Zone whose own effects apply, face-up Spells/Traps (not Pendulum Scales) in a Spell &
    Trap Zone."""
    for instance in position.instances.values():
        if not negations(instance.card) or not _face_up(instance) or not own_effects_apply(instance):
            continue
        if instance.location in _MONSTER_ZONES or (instance.location in ("spell_trap_zone", "field_zone")
                                                   and not instance.card.is_monster):
            yield instance


def own_effects_apply(instance) -> bool:
    """A face-up card's own effects apply: not an unsummoned Gemini monster (GEM-1), not a monster whose effects
    the effect that summoned it negated (TOK-1)."""
    from .written import gemini
    state = instance.state
    return not (gemini(instance.card) is True and not getattr(state, "gemini_summoned", False)
                and instance.location in _MONSTER_ZONES) \
        and "effects_negated" not in getattr(state, "restrictions", ())


def covers(source, target) -> bool:
    """A negation of `source` covers the face-up monster `target` (NGT-1, NGT-2)."""
    if target.id == source.id or target.location not in _MONSTER_ZONES or not _face_up(target):
        return False
    return any((negation.whose == "both" or target.player != source.player) and matches(negation.what, target)
               for negation in negations(source.card))


def negated(position) -> frozenset:
    """NGT-1, NGT-4: the ids of the monsters a negation negates: covered by a source no negation covers."""
    sources = list(_sources(position))
    covered = {s.id for s in sources if any(covers(h, s) for h in sources)}
    return frozenset(t.id for s in sources if s.id not in covered
                     for t in position.instances.values() if covers(s, t))


def uncertain(position):
    """NGT-4, NGT-5: (a negation source covered by a source that is itself covered -- which of them applies is
    not decided here -- or None; the ids of the negated monsters whose text has a reading `blind` finds)."""
    sources = list(_sources(position))
    covered = {s.id for s in sources if any(covers(h, s) for h in sources)}
    chained = next((s for s in sources if s.id in covered
                    and any(covers(h, s) for h in sources if h.id in covered)), None)
    withheld = {i for i in negated(position) if blind(position.instances[i].card)}
    return chained, withheld
