"""Why a card has no play: the fewest rules' conditions that fail, in words, with the rule ids.

`why(position, card, action=None)` asks the relaxed encodings (`pysolver.solve.relax`, `asp/why.lp`)
for the play of `card` (an instance id such as `H2` or `ED1`): when the card has plays of that kind they
are listed; otherwise the answer is the conditions that must fail. Two kinds of reasons come back:

- the play is not even a candidate (a rule body fails: not the Main Phase, the Normal Summon used, the
  card not in the hand, its Level outside the Pendulum Scales, ...): every failing condition of the
  ways the play could arise (`why_leaf`), and
- the play is a candidate but every choice of materials, Tributes and zones breaks a named constraint
  (`violated`): clingo minimises the number of broken constraints, and each optimal set is one minimal
  explanation (alternatives are listed when several differ).

Words live in one table, `WORDS` (name -> rule id and text); `{F}` in a rule id is the rule family of
the play asked about (NS, SYN, XYZ, ...).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

import clingo
import clingo.ast

from ..cards.cardtext import material_requirement, tribute_rules
from ..cards.locks import summon_locks
from ..cards.effects import clauses
from ..cards.extra_deck_text import alternative_xyz
from ..cards.requirements import describe
from ..errors import PysolverError
from ..position.play import ACTIONS, Play
from ..position.value import Position
from .decode import symbol_value
from .facts import position_facts
from .legal import _NEEDS as NEEDS, ENCODINGS, encodings_root, legal_plays
from .relax import relaxed_program
from .unread import Withheld

FAMILY = {
    "normal_summon": "NS", "set_monster": "NS", "flip_summon": "FS", "change_position": "POS",
    "declare_attack": "BP", "synchro_summon": "SYN", "xyz_summon": "XYZ", "link_summon": "LNK",
    "fusion_summon": "FUS", "ritual_summon": "RIT", "pendulum_summon": "PEN", "activate_scale": "PEN",
    "procedure_summon": "SP", "activate": "TEXT", "set_spell_trap": "ZN", "enter_battle_phase": "BP",
    "enter_main2": "BP", "end_turn": "BP", "gemini_summon": "GEM",
}
KIND_OF = {"synchro_summon": "Synchro", "xyz_summon": "Xyz", "link_summon": "Link", "fusion_summon": "Fusion"}
PLACES = {"hand": "hand", "extra_deck": "Extra Deck", "graveyard": "GY", "deck": "Deck", "banished": "banishment",
          "monster_zone": "Main Monster Zones", "spell_trap_zone": "Spell & Trap Zones",
          "extra_monster_zone": "Extra Monster Zones", "pendulum_zone": "Pendulum Zones", "field_zone": "Field Zone"}
DONE_WORDS = {"special_summon": "Special Summoned", "special_summon_from_extra_deck": "Special Summoned from the Extra Deck",
              "normal_summon": "Normal Summoned or Set", "summon": "Summoned", "battle_phase": "entered the Battle Phase",
              "activate_other": "activated another card", "attack_self": "attacked", "announce_self": "attacked", "attack_others": "attacked",
              "direct_attack": "attacked directly", "direct_attack_others": "attacked directly",
              "direct_attack_self": "attacked directly"}
CLINGO_ARGUMENTS = ("--warn=none", "--opt-mode=optN", "--models=0", "--project=show")
MAX_ALTERNATIVES = 8
OWN_KEYS = frozenset({"location", "mine", "card_kind", "not card_kind", "requirement", "face_up_in_extra_deck",
                      "not face_up_in_extra_deck", "face_up", "monster_on_field", "procedure", "effect",
                      "tribute_rule", "no rule_for", "position", "level"})
DOMAIN_KEYS = frozenset({"location", "mine", "instance", "card_kind", "not card_kind", "position", "face_up",
                         "monster_on_field", "effect", "matches"})


@dataclass(frozen=True)
class Reason:
    """One failing condition: the rule id, the condition's name in the encodings, and the words."""
    rule: str
    name: str
    text: str
    about: tuple[str, ...] = ()    # the names of the cards the reason is about (the oath card, ...)

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}" if self.rule else self.text

    def to_json(self) -> dict:
        data = {"rule": self.rule, "name": self.name, "text": self.text}
        if self.about:
            data["about"] = list(self.about)
        return data


@dataclass(frozen=True)
class Answer:
    """The answer for one kind of play of the card: its plays, or the reasons it has none.

    `reasons` lists alternatives: each entry is one minimal set of conditions that fail together
    (fixing every condition of any one set is needed for the play; see the module text). `candidate`
    says whether the play got past the rule bodies (then the reasons are broken constraints)."""
    action: str
    plays: tuple[Play, ...] = ()
    reasons: tuple[tuple[Reason, ...], ...] = ()
    candidate: bool = False
    exhaustive: bool = True

    def to_json(self) -> dict:
        data: dict = {"action": self.action}
        if self.plays:
            data["plays"] = [play.to_json() for play in self.plays]
        else:
            data["candidate"] = self.candidate
            data["reasons"] = [[reason.to_json() for reason in group] for group in self.reasons]
        if not self.exhaustive:
            data["exhaustive"] = False
        return data


@dataclass(frozen=True)
class Why:
    card: str
    name: str
    answers: tuple[Answer, ...] = field(default_factory=tuple)

    def to_json(self) -> dict:
        return {"format": "pysolver-why/1", "card": self.card, "name": self.name,
                "answers": [answer.to_json() for answer in self.answers]}


# --------------------------------------------------------------------------------------------------
# The words: name -> (rule id, text). A text is a format string over the values (by variable name) and
# these helpers, or a function of a `_Context`; None says nothing (a condition that only restates another).

class _Context:
    def __init__(self, position: Position, table, action: str, subject: str, values: dict, literal: str = "",
                 head: str = ""):
        self.position, self.table, self.action, self.subject = position, table, action, subject
        self.values, self.literal, self.head = values, literal, head
        self.family = FAMILY.get(action, "TEXT")
        self.about: list[str] = []

    def instance(self, number) -> str:
        if isinstance(number, int) and 0 < number < len(self.table.instances):
            instance = self.table.instances[number]
            return f"{instance.card.name} ({instance.id})"
        return str(number)

    def card(self, passcode) -> str:
        card = self.position.cards.get(passcode) if isinstance(passcode, int) else None
        if card is not None and card.name not in self.about:
            self.about.append(card.name)
        return card.name if card else str(passcode)

    @property
    def me(self):
        return self.position[self.subject] if self.subject else None

    def arguments(self) -> list:
        """The failing literal's arguments with the values bound (None where unbound)."""
        text = self.literal[4:] if self.literal.startswith("not ") else self.literal
        for name, value in self.values.items():
            text = re.sub(rf"\b{name}\b", _term(value), text)
        text = re.sub(r"\b(_|[A-Z][A-Za-z0-9_]*)\b", "none_bound", text)
        try:
            symbol = clingo.parse_term(text)
        except (RuntimeError, ValueError):
            return []
        return [None if a.type is clingo.SymbolType.Function and a.name == "none_bound" else symbol_value(a)
                for a in symbol.arguments]

    def face_up_levels(self) -> str:
        found = [f"{i.card.name} ({i.id}, Level {i.card.level})" if i.card.level is not None
                 else f"{i.card.name} ({i.id}, no Level)"
                 for i in self.position.instances.values()
                 if i.player == self.position.turn_player and i.location in ("monster_zone", "extra_monster_zone")
                 and getattr(i.state, "face_up", False)]
        return ", ".join(found) if found else "none"

    def monsters(self) -> str:
        found = [f"{i.card.name} ({i.id})" for i in self.position.instances.values()
                 if i.player == self.position.turn_player and i.location in ("monster_zone", "extra_monster_zone")]
        return ", ".join(found) if found else "none"


def _term(value) -> str:
    if isinstance(value, tuple):
        return "(" + ",".join(_term(v) for v in value) + ("," if len(value) == 1 else "") + ")"
    return str(value)


def _requirement(ctx: _Context, passcode) -> str:
    card = ctx.position.cards.get(passcode) if isinstance(passcode, int) else None
    requirement = material_requirement(card) if card else None
    return "" if requirement is None or isinstance(requirement, Exception) else str(requirement)


def _alternative(ctx: _Context, passcode) -> str:
    """The monster an alternative Xyz procedure (XYZ-4) is made on, as its text says."""
    card = ctx.position.cards.get(passcode) if isinstance(passcode, int) else None
    procedure = alternative_xyz(card) if card else None
    if procedure is None:
        return "as its text says"
    text = f"by using {describe(procedure.filter, plural=False)} you control"
    if procedure.min_attached:
        text += f" with {procedure.min_attached} or more materials"
    if procedure.max_attached == 0:
        text += " that has no material"
    return text


def _group(ctx: _Context, passcode, number) -> str:
    card = ctx.position.cards.get(passcode) if isinstance(passcode, int) else None
    requirement = material_requirement(card) if card else None
    if requirement is None or isinstance(requirement, Exception) or not isinstance(number, int) \
            or number >= len(requirement.groups):
        return "its materials"
    return str(requirement.groups[number])


def _materials(ctx: _Context) -> str:
    if ctx.action == "procedure_summon":   # a Contact Fusion: its cards come from where its text says
        return "the cards its procedure can use, from where its text says"
    where = "the monsters in your hand and on your field" if ctx.action == "fusion_summon" else \
        "the face-up monsters you control"
    if ctx.action == "fusion_summon":
        found = [f"{i.card.name} ({i.id})" for i in ctx.position.instances.values()
                 if i.player == ctx.position.turn_player and i.card.is_monster
                 and i.location in ("hand", "monster_zone", "extra_monster_zone")]
        return f"{where}: {', '.join(found) or 'none'}"
    return f"{where}: {ctx.face_up_levels()}"


def _material_rule(ctx: _Context) -> str:
    return {"SYN": "SYN-1", "XYZ": "XYZ-1", "LNK": "LNK-2", "FUS": "FUS-2"}.get(ctx.family, f"{ctx.family}-1")


def _clause_rule(ctx: _Context, passcode) -> str:
    card = ctx.position.cards.get(passcode) if isinstance(passcode, int) else None
    found = clauses(card) if card else ()
    kinds = {c.kind for c in found} if not isinstance(found, Exception) else set()
    if "oath" in kinds:
        return "OATH-1"
    if "after_resolution" in kinds:
        return "OATH-3"
    if "when_special_summoned" in kinds:
        return "OATH-4"
    return "OATH-1"


def _forbid(what: str) -> Callable[[_Context], tuple[str, str]]:
    def words(ctx: _Context) -> tuple[str, str]:
        # The card that forbids it: the value of the constraint that is a card of the pool (the others
        # are instance numbers).
        card = next((v for k, v in ctx.values.items() if isinstance(v, int) and v > 0
                     and ctx.position.cards.get(v) is not None and k != "I"), None)
        name = ctx.card(card) if card is not None else "a card"
        rule = _clause_rule(ctx, card)
        verb = "Special Summoned" if rule == "OATH-4" else "activated"
        return rule, f"you {verb} {name} this turn, so you cannot {what} for the rest of this turn"
    return words


def _zone_words(ctx: _Context) -> tuple[str, str]:
    rules = ctx.position.rules
    card = ctx.me.card if ctx.me else None
    link = card is not None and "link" in card.kinds
    rule = {3: "ZN-3", 4: "ZN-4"}.get(rules, "ZN-5")
    if rules == 3 or (rules == 5 and not link and not (ctx.me and getattr(ctx.me.state, "face_up", False))):
        return rule, "no free Main Monster Zone or Extra Monster Zone once the materials leave the field"
    what = "a Link Monster" if link else "a monster from the Extra Deck" if rules == 4 else \
        "a face-up Pendulum Monster from the Extra Deck"
    held = [f"{'you' if i.player == ctx.position.turn_player else 'your opponent'} hold"
            f"{'' if i.player == ctx.position.turn_player else 's'} {i.id.lstrip('o')} ({i.card.name})"
            for i in ctx.position.instances.values() if i.location == "extra_monster_zone"]
    state = "; ".join(held) if held else "both are free"
    return rule, (f"no zone for {what}: it needs an Extra Monster Zone (a player holds at most one; {state}) or a "
                  "Main Monster Zone a Link Monster points to, and no choice of materials that meets the other "
                  "conditions leaves one free")


def _tributes(ctx: _Context) -> tuple[str, str]:
    card = ctx.me.card
    needs = sorted({rule.tributes for rule in tribute_rules(card)})
    count = " or ".join("no" if n == 0 else str(n) for n in needs) or "some"
    return "NS-3", (f"{card.name} takes {count} Tribute{'s' if needs != [1] else ''}, and no choice of the monsters "
                    f"you control that meets the other conditions fits ({ctx.monsters()})")


def _lock(ctx: _Context) -> tuple[str, str]:
    locks = [f"{i.card.name} ({i.id}: {lock.sentence})" for i in ctx.position.instances.values()
             if i.location in ("monster_zone", "extra_monster_zone", "spell_trap_zone", "field_zone", "pendulum_zone")
             for lock in summon_locks(i.card)]
    return "LCK-1", (f"{'; '.join(locks) or 'a face-up card'} forbids Summoning "
                     f"{ctx.instance(ctx.values.get('X'))} while it is face-up")


def _no_effects(ctx: _Context) -> tuple[str, str]:
    """`not no_effects(I)` fails: an unsummoned Gemini monster on the field (GEM-1) or a monster whose effects
    are negated (TOK-1; NGT-1: by another card's continuous negation) has no effects."""
    number = (ctx.arguments() or [None])[0]
    instance = ctx.table.instances[number] if isinstance(number, int) and 0 < number < len(ctx.table.instances) \
        else None
    if instance is not None and "effects_negated" in getattr(instance.state, "restrictions", ()):
        return "TOK-1", f"{ctx.instance(number)}'s effects are negated"
    if instance is not None and getattr(ctx, "position", None) is not None:
        from ..cards.negations import negated
        if instance.id in negated(ctx.position):
            return "NGT-1", f"{ctx.instance(number)}'s effects are negated by a card on the field"
    return "GEM-1", f"{ctx.instance(number)} is a Normal Monster until it is Gemini Summoned: it has no effects"


def _own_effects_off(ctx: _Context) -> tuple[str, str]:
    """`not own_effects_off(I)` fails: its own state switches its effects off (TOK-1, GEM-1), which another card's
    negation (NGT-3) does not do to its activations."""
    number = (ctx.arguments() or [None])[0]
    instance = ctx.table.instances[number] if isinstance(number, int) and 0 < number < len(ctx.table.instances) \
        else None
    if instance is not None and "effects_negated" in getattr(instance.state, "restrictions", ()):
        return "TOK-1", f"{ctx.instance(number)}'s effects are negated"
    return "GEM-1", f"{ctx.instance(number)} is a Normal Monster until it is Gemini Summoned: it has no effects"


WORDS: dict[str, tuple[str | None, object]] = {
    # Constraints (the `% why:` names in asp/*.lp).
    "no_zone_extra_deck": (None, _zone_words),
    "material_fits_no_slot": ("{material}", "{M:instance} fits none of the materials {C:card} names ({C:requirement})"),
    "fusion_one_substitute": ("FUS-2", "a Fusion Substitute may replace only one named material"),
    "fusion_hand_field_only": ("PRW-3", "its Fusion Materials must all come from your hand and field"),
    "fusion_from_each": ("PRW-3", "its Fusion Materials must include a monster from your hand and one from your field"),
    "synchro_one_treated_tuner": ("SYN-1", "the Synchro Monster lets only 1 monster be treated as a Tuner for its "
                                  "Synchro Summon"),
    "synchro_level_tuner_only": ("MTX-1", "a Link Monster the Synchro Monster lets be treated as a Level N Tuner can only be "
                                 "its Tuner, not a non-Tuner"),
    "material_group_min": ("{material}", lambda c: (_material_rule(c), (
        f"{c.card(c.values.get('C'))} needs {_group(c, c.values.get('C'), c.values.get('G'))}, and no choice of "
        f"materials that meets the other conditions has that ({_materials(c)})"))),
    "send_cost_refused": ("GYC-1", "{M:instance} cannot be sent to the GY as a cost: a Token, or a Pendulum Monster "
                                   "Card on the field (a Pendulum Scale too), which would go to the Extra Deck instead "
                                   "(PEN-4)"),
    "material_one_alternative": ("ALM-1", "{C:card} takes the materials of exactly one of the alternatives its line "
                                          "names ({C:requirement})"),
    "material_group_max": ("{material}", "{C:card} takes at most {Max} of one kind of material ({C:requirement})"),
    "material_place": ("MAT-2", "{M:instance} is not where {C:card}'s material line says its materials are "
                                "({C:requirement})"),
    "material_including": ("{material}", "{C:card}'s materials must include the monster(s) its text names "
                                         "({C:requirement}), and no choice of materials does"),
    "material_same": ("{material}", "{C:card}'s materials must share their {P} ({C:requirement})"),
    "material_same_any": ("MAT-5", "{C:card}'s materials must all share one of the properties its line names "
                                   "({C:requirement})"),
    "material_different": ("{material}", "{C:card}'s materials must have different {P}s ({C:requirement})"),
    "material_cannot": ("{material}", "{M:instance} cannot be used as {K} Material (its own text)"),
    "material_cannot_with_material": ("{material}", "{M:instance} cannot be used as {K} Material while it has material "
                                      "(its own text)"),
    "material_cannot_the_turn": ("{material}", "{M:instance} cannot be used as {K} Material the turn it was {K} Summoned "
                                 "(its own text)"),
    "material_only_for": ("{material}", "{M:instance} can be {K} Material only for certain monsters (its own text)"),
    "material_others_not": ("{material}", "{M:instance}'s text forbids the other {K} Materials chosen"),
    "material_others_must": ("{material}", "{M:instance}'s text requires other {K} Materials than those available"),
    "synchro_hand_material": ("SYN-5", "{M:instance} is in the hand: a material on the field must let a card of the "
                              "hand be one of the other materials (its own text)"),
    "synchro_hand_material_one": ("SYN-5", "each card on the field lets only 1 card of the hand be a material"),
    "fusion_only_as_substitute": ("FUS-4", "{M:instance} can be Fusion Material only as a substitute for a named "
                                  "material (its own text)"),
    "tributes_not_accepted": (None, _tributes),
    "never_tributed": ("NS-10", "{M:instance} cannot be Tributed while it is face-up on the field (its own text)"),
    "send_cost_banished": ("BAN-4", ("{M:instance} cannot be sent to the GY as a cost: it would be banished "
                                     "instead (its own text, or a card's that banishes the cards sent to the GY)")),
    "deck_to_gy_locked": ("CTR-6", ("a face-up card's text forbids sending cards from the Deck to the GY (Stellarknight "
                                     "Constellar Diamond with material)")),
    "cost_redirected": ("SCY-1", ("{M:instance} cannot be sent to the GY or banished as a cost: it would return to "
                                  "the bottom of the Deck instead (its own text)")),
    "no_zone_tribute": ("NS-4", "no Main Monster Zone would be free: Tribute a monster in a Main Monster Zone"),
    "scale_zone_free": ("ZN-7", "both Pendulum Zones are taken"),
    "pendulum_none": ("PEN-1", "no monster can be Pendulum Summoned"),
    "pendulum_zones": ("PEN-3", "the monsters cannot all fit the open zones at once"),
    "procedure_you_control_monsters": ("SP-1", "its procedure needs you to control no monsters"),
    "procedure_opponent_controls_none": ("SP-1", "its procedure needs your opponent to control a monster"),
    "procedure_cost_levels_break": ("SCX-10", ("the Tributes' selection stops as soon as their Levels reach the total "
                                               "(a monster of that Level or more only alone)")),
    "procedure_distinct_cards_exactly": ("SCX-9", ("its procedure needs exactly that many different names among your "
                                                   "face-up cards of that kind on the field and in your GY")),
    "procedure_opponent_has_no_monster": ("SCX-8", ("its procedure needs your opponent to control a monster "
                                                    "(face-up or face-down)")),
    "procedure_opponent_controls": ("SP-1", "its procedure needs a face-up monster your opponent controls "
                                            "that it names"),
    "procedure_gy_exactly": ("SP-1", "its procedure needs exactly {N} such monsters in your GY"),
    "procedure_gy_at_least": ("SP-1", "its procedure needs {N} or more such monsters in your GY"),
    "procedure_gy_names_at_least": ("SP-1", "its procedure needs {N} or more such monsters with different names "
                                            "in your GY"),
    "procedure_opponent_more": ("SP-1", "its procedure needs your opponent to control more monsters than you do"),
    "procedure_levels_ranks": ("SP-1", "its procedure needs the Levels and Ranks of the face-up Effect Monsters "
                                       "you control to total {N} or less"),
    "procedure_gy_cards_at_least": ("SP-1", "its procedure needs {N} or more cards in your GY"),
    "procedure_controls_at_least": ("SP-1", "its procedure needs you to control {N} or more face-up monsters "
                                            "that it names"),
    "procedure_cost": ("SP-1", "its procedure's cost ({N} card(s) from where it says) cannot be paid"),
    "no_zone_procedure": ("SP-1", "no Main Monster Zone would be free"),
    "procedure_you_control_cards": ("SP-5", "its procedure needs you to control no cards"),
    "procedure_field_card": ("SP-5", "its procedure needs a face-up card it names on the field"),
    "procedure_field_card_not": ("SP-5", "its procedure needs the face-up card it names not to be on the field"),
    "procedure_reveal": ("SP-4", "its procedure needs {N} card(s) it names in your hand to reveal"),
    "procedure_cost_different": ("SP-6", "its procedure's cost needs cards with different {Prop}s"),
    "procedure_opponent_gy_at_least": ("SUMC-3", "its procedure needs {N} or more cards in your opponent's GY"),
    "procedure_banished_at_least": ("SUMC-3", "its procedure needs {N} or more such monsters of yours banished"),
    "procedure_continuous_spells_at_least": ("SUMC-3", "its procedure needs you to control {N} or more face-up "
                                                       "Continuous Spells"),
    "procedure_gy_same_name": ("PRX-2", "its procedure needs no two monsters in your GY with the same name"),
    "procedure_distinct_at_least": ("PRX-5", ("its procedure needs {N} or more such monsters with different "
                                              "names or Attributes where it says")),
    "procedure_cost_all": ("PRX-9", "its procedure needs {N} or more cards where its cost takes all of them"),
    "procedure_cost_including": ("PRX-29", ("its procedure's cost needs {N} or more monsters of the kind it names "
                                            "among them")),
    "procedure_field_zone_face_up": ("PRX-31", "its procedure needs a face-up card in a Field Zone"),
    "procedure_gy_no_spell_trap": ("PRX-31", "its procedure needs no Spell or Trap Card in your GY"),
    "procedure_spell_trap_zone_face_up": ("PRX-31", "its procedure needs a face-up card in your Spell & Trap Zone"),
    "procedure_extra_deck_face_up_pendulum": ("PRX-31", ("its procedure needs a face-up Pendulum Monster in your "
                                                         "Extra Deck")),
    "procedure_extra_deck_only": ("PRX-28", ("its procedure needs every card of your Extra Deck to have the name it "
                                             "names")),
    "contact_one_each": ("PRY-2", ("its procedure needs exactly one of the above monsters from your field and one "
                                   "from your GY")),
    "summon_once_any_way": ("PRY-7", ("a card of that name was already Fusion Summoned or Special Summoned by its "
                                      "own procedure this turn")),
    "procedure_field_or_gy": ("PRY-8", ("its procedure needs a face-up card of the name it gives on your field, or "
                                        "one in your GY")),
    "procedure_main_phase_2": ("PRY-6", "its procedure is used only during your Main Phase 2"),
    "extra_deck_gy_needed": ("PRW-7", ("it is Special Summoned from the Extra Deck only while your GY holds the "
                                       "Spells/Traps its text asks for")),
    "procedure_spell_activated": ("PRW-5", ("its procedure is used only during a turn in which a Spell Card or "
                                            "effect was activated")),
    "procedure_emz_column": ("PRW-2", ("its procedure Tributes a monster in the same column as an Extra Monster "
                                       "Zone (Main Monster Zone 2 or 4)")),
    "procedure_level_difference": ("PRY-1", ("its procedure needs a Tuner and a non-Tuner with Levels that differ "
                                             "by exactly the number its text gives (the same Level: 0)")),
    "procedure_gy_equal": ("PRX-25", "its procedure needs as many monsters of one kind as of the other in your GY"),
    "procedure_gy_only_none": ("PRX-23", "its procedure needs a monster in your GY"),
    "procedure_gy_only": ("PRX-23", "its procedure needs every monster in your GY to be of the kind it names"),
    "procedure_only_defense_count": ("PRX-24", "its procedure needs you to control exactly {N} monsters"),
    "procedure_only_defense": ("PRX-24", "its procedure needs every monster you control in Defense Position"),
    "procedure_cost_at_least": ("PRX-21", "its procedure's cost needs {N} or more cards from where it says"),
    "procedure_cost_up_to": ("PRX-21", "its procedure's cost takes at most {U} cards"),
    "summon_lock": (None, _lock),
    "unique_on_field": ("UNQ-1", "{X:instance} would be a second card where a face-up card's \"You can only control 1\" "
                                 "(or \"There can only be 1 ... on the field\") allows only one"),
    "unique_already_there": ("UNQ-1", "{X:instance}'s text allows only one such card where it counts, and one is "
                                      "already face-up there"),
    "summon_once_by": ("CNT-3", "{X:instance} was already Summoned this way this turn, and its text allows that "
                                "only once per turn"),
    "own_procedure_only": ("SP-2", "{X:instance} must be Special Summoned by its own procedure"),
    "cannot_be_summoned": ("EDL-1", "{X:instance} cannot be Summoned this way (its own text)"),
    "one_at_a_time": ("SP-2", "a face-up card forbids Special Summoning 2 or more monsters at the same time"),
    "no_ritual_spell": ("RIT-1", "no Ritual Spell you can use summons {R:instance}"),
    "ritual_only_with": ("RIT-1", "{R:instance} can be Ritual Summoned only with the Ritual Spell its text names"),
    "ritual_tribute_filter": ("RIT-3", "the Ritual Spell does not accept {M:instance} as a Tribute"),
    "ritual_too_low": ("RIT-2", "the Levels of the Tributes you can offer do not reach {L}"),
    "ritual_superfluous": ("RIT-2", "every choice of Tributes that reaches {L} has a superfluous Tribute"),
    "ritual_not_equal": ("RIT-2", "no choice of Tributes has Levels adding up to exactly {L}"),
    "no_zone_ritual": ("RIT-3", "no Main Monster Zone would be free after the Tributes leave"),
    "ritual_no_atk": ("RIT-8", "{R:instance} has no ATK to reach (\"?\"): the Ritual Spell sums ATK"),
    "ritual_extra_deck_alone": ("RIT-6", "a monster sent from the Extra Deck for this Ritual Spell must be its only "
                                         "Tribute"),
    "ritual_hand_and_deck": ("RSP-1", "the Ritual Spell sends exactly 1 monster from your hand and 1 from your Deck"),
    "ritual_max_tributes": ("RSP-3", "the Ritual Spell's effect Tributes at most the number of monsters its text says"),
    "ritual_summon_first": ("RSP-4", ("the Ritual Spell Tributes exactly 1 monster it Special Summons first from "
                                      "your hand, Deck or GY (one its text describes, that may be Special Summoned), "
                                      "with monsters you control")),
    "ritual_summon_first_zone": ("RSP-4", ("the Ritual Spell first Special Summons a monster, and no Main Monster "
                                           "Zone is free for it")),
    "procedure_cost_levels": ("PRX-14", ("the procedure's cost needs monsters with Levels that total the number "
                                         "its text says or more")),
    "procedure_cost_superfluous": ("PRX-14", ("every choice of cost monsters that reaches the total its text says "
                                              "has a superfluous one")),
    "ritual_pair": ("RSP-1", "the Ritual Spell needs one monster of each of the two kinds its text names"),
    "ritual_monster_tributes": ("RIT-10", "{R:instance}'s own text forbids {M:instance} as a Tribute for it"),
    "ritual_only_by": ("RIT-10", "{R:instance} can be Ritual Summoned only by the Ritual Spells its text names"),
    "synchro_level_sum": ("SYN-2", lambda c: ("SYN-2", (
        f"the Levels of the candidate materials cannot add up to {c.values.get('L')} (with the other conditions "
        f"met): the face-up monsters you control are {c.face_up_levels()}"))),
    "link_rating_sum": ("LNK-1", lambda c: ("LNK-1", (
        f"no choice of materials that meets the other conditions has Link values adding up to "
        f"{c.values.get('R')} (the face-up monsters you control: {c.monsters()})"))),
    "link_extra_material_one": ("LNK-1", "the Link Monster can also use only 1 monster your opponent controls or 1 "
                                         "monster in your hand as material, not 2 or more"),
    "no_fusion_spell": ("FUS-1", "no Polymerization you can use"),
    "forbid_special_summon": (None, _forbid("Special Summon")),
    "forbid_special_summon_except": (None, _forbid("Special Summon this monster")),
    "forbid_special_summon_what": (None, _forbid("Special Summon this monster")),   # ZLK-4
    "forbid_extra_deck": (None, _forbid("Special Summon from the Extra Deck")),
    "forbid_normal_summon": (None, _forbid("Normal Summon or Set")),
    "forbid_summon": (None, _forbid("Summon")),
    "forbid_synchro_summon": (None, _forbid("Synchro Summon")),
    "forbid_activate_other": (None, _forbid("activate other cards")),
    "summon_needs_extra_deck_lead": ("LKQ-12", ("{C:card} can only be Summoned this way while your Extra Deck holds at "
                                                "least {N} more cards than your opponent's")),
    "summon_needs_gy_card": ("LKP-7", ("{C:card} can only be Summoned this way while you have a card of its archetype "
                                       "in your GY")),
    "no_activation_or_set": ("LKP-6", ("a face-up monster of yours says: you cannot activate cards or effects, or Set "
                                       "any cards")),
    "forbid_monster_effects": ("LKP-5", ("you cannot activate monster effects for the rest of this turn: your "
                                         "opponent's {C:card} was Summoned this turn")),
    "forbid_battle_phase": (None, _forbid("conduct your Battle Phase")),
    "forbid_attack": (None, _forbid("attack with this monster")),
    "forbid_direct_attack": (None, _forbid("attack directly")),
    "oath_already_done": ("OATH-1", "{C:card} cannot be activated: you already {X:done} this turn"),
    "oath_already_activated": ("OATH-1", "{C:card} cannot be activated: you already activated another card "
                                         "this turn"),
    "summon_clause_already_done": ("OATH-4", "{C:card} cannot be Special Summoned: you already {X:done} this turn"),
    "summon_once": ("CNT-2", "you can Special Summon {C:card} only once per turn, and did"),
    "each_player_once": ("CNT-1", "a face-up card lets each player Special Summon only once per turn, and you did"),
    "activate_effect": ("TEXT", "no effect of this card can be activated now"),
    "revive_target": ("SP-3", "no monster it could Special Summon"),
    "opponent_target": ("TEXT", "no face-up monster your opponent controls to target"),
    "detach_cost": ("TEXT", "not enough Xyz Materials to detach"),
    "attack_target": ("BP-2", "no monster it can attack, and it cannot attack directly"),
    "attack_needs_material": ("BP-7", "{I:instance} cannot attack unless it has Xyz Material"),
    "attack_cannot": ("BP-9", "{I:instance} cannot attack (its own text)"),
    "attack_summon_turn": ("BP-15", "{I:instance} cannot attack the turn it was Summoned (its own text)"),
    "attack_lock": ("BP-16", "{Y:instance} forbids {I:instance} to attack"),
    "position_frozen": ("BPN-3", "{I:instance} cannot change its battle position: another monster on the field forbids it"),
    "attack_others_cannot": ("BP-13", "{I:instance} cannot attack: another monster you control forbids it"),
    "attack_all_material": ("BP-12", "{I:instance} attacks each monster once only while it has Xyz Material"),
    "attack_locked": ("BP-14", "a monster of the opponent forbids every attack declaration now"),
    "attack_all_among": ("BPX-9", "{I:instance} attacks each monster once only among the monsters its text names"),
    "attack_all_once": ("BP-12", "{I:instance} already attacked that monster this turn (each of them once)"),
    "attack_not_alone": ("BPX-12", "{I:instance} cannot attack while you control another monster (its own text)"),
    "attack_all_alone": ("BPX-13", "{I:instance} attacks each monster once only while you control no other monster"),
    "attack_highest_atk": ("ATQ-5", "{I:instance} attacks only the opponent's face-up monster with the highest ATK while "
                           "they control a face-up monster (its own text)"),
    "attack_highest_guard": ("ATQ-6", "a monster of the opponent's lets you attack only their face-up monster with the "
                             "highest ATK"),
    "attack_extra_cost": ("ATQ-4", "{I:instance}'s text makes you send 1 card from your Extra Deck to the GY to declare "
                          "an attack, and no card there can be sent"),
    "attack_lp_cost": ("BPX-15", "you have fewer LP than {I:instance}'s text makes you pay to declare an attack"),
    "attack_direct_only": ("BPX-3", "{I:instance} attacks only directly while in Defense Position (its own text)"),
    "attack_pointed": ("BP-11", "{I:instance} cannot attack: a Link Monster whose text forbids it points to it"),
    "attack_all_special": ("BPM-1", "{I:instance} attacks each monster once only among Special Summoned ones"),
    "attack_kind_only": ("BPM-2", "{I:instance} must attack a face-up monster of the kind its text names"),
    "attack_column": ("BPX-27", "{I:instance} cannot attack a monster in its column (a card of the opponent's guards it)"),
    "material_restricted": ("TOK-1", "{M:instance} cannot be used as {K} Material (the effect that summoned it, "
                                     "or its own text)"),
    "must_attack": ("BPO-1", "{I:instance} must attack, if able, and has an attack it can declare"),
    "must_attack_skip": ("BPO-1", ("{I:instance} must attack, if able, and is able to attack: the Battle Phase cannot "
                                   "be skipped")),
    "attack_restricted": ("TOK-1", "{I:instance} cannot attack (the effect that summoned it, or its own text)"),
    "target_protected": ("TGT-5", "{T:instance} cannot be targeted by {K} effects (a face-up card's text protects "
                                  "it from you)"),
    "target_protected_source": ("TGX-4", "{T:instance} cannot be targeted by the effects of {I:instance} (a face-up "
                                         "card's text protects it from the effects of such monsters)"),
    "target_protected_special": ("LKQ-2", ("{T:instance} cannot be targeted by the effects of {I:instance} (a face-up "
                                           "card's text protects it from the effects of monsters Special Summoned, not "
                                           "from the GY)")),
    # Named rules that make a condition true (`not p` failed).
    "blocked_once_per_turn": ("TEXT", "this effect can be used once per turn and was used"),
    "blocked_lp_cost": ("TEXT", "you cannot pay its Life Point cost"),
    "blocked_detach": ("TEXT", "it has too few Xyz Materials to detach"),
    "blocked_deck": ("TEXT", "you have too few cards in your Deck"),
    "blocked_deck_to_gy": ("CTR-6", "it would send cards from the Deck to the GY, which a face-up card's text forbids"),
    "blocked_control_cards": ("TEXT", "you must control no cards to activate it"),
    "blocked_no_opponent_target": ("TEXT", "your opponent controls no face-up monster to target"),
    "blocked_token_zones": ("TEXT", "not enough free Main Monster Zones for its Tokens"),
    "blocked_no_revive_target": ("SP-3", "no monster in a GY that it can Special Summon"),
    "blocked_not_revivable": ("SP-3", "it cannot be Special Summoned from the GY (not properly summoned, or its "
                                      "summoning condition)"),
    "blocked_activation_lock": ("EDL-3", "a face-up card's text forbids you to activate this effect now"),
    "blocked_no_zone": ("ZN-1", "no free Main Monster Zone"),
    "procedure_used_this_turn": ("SP-1", "its procedure can be used once per turn and was used this turn"),
    "xyz_material_level": ("XYZ-2", "{M:instance} cannot be a material of an Xyz Summon by the material line: "
                                    "it has no Level, or is a Token"),
    "xyz_only_alternative": ("XYZ-4", "{C:card} can be Xyz Summoned here only by the procedure its text adds, "
                                      "on exactly one monster you control"),
    "alternative_xyz_monster": ("XYZ-4", "{M:instance} is not the monster {C:card} can be Xyz Summoned on "
                                         "({C:alternative})"),
    "alternative_xyz_main_phase_2": ("XYZ-4", "{C:card} can be Xyz Summoned on one monster only during your Main "
                                              "Phase 2 (it is the {phase})"),
    "alternative_xyz_once_per_turn": ("XYZ-4", "{C:card} can be Xyz Summoned on one monster once per turn, and you "
                                               "did so this turn"),
    "alternative_xyz_hand_cost": ("AXZ-1", "no card in your hand that {C:card}'s procedure can send to the GY "
                                           "({C:alternative})"),
    "alternative_xyz_detach": ("AXZ-2", "{C:card}'s procedure detaches Xyz Materials the monster does not have "
                                        "({C:alternative})"),
    "alternative_xyz_gy_exactly": ("AXZ-3", "{C:card}'s procedure needs exactly {N} such monsters in your GY "
                                            "({C:alternative})"),
    "alternative_xyz_after_activation": ("AXH-1", "no \"{K:card}\" has activated its effect this turn, as "
                                                  "{C:card}'s procedure needs ({C:alternative})"),
    "alternative_xyz_materials": ("XYZ-4", "{M:instance} does not have the number of materials {C:card}'s text asks "
                                           "for ({C:alternative})"),
    "revive_blocked": ("SP-3", "it was not properly summoned, so it cannot be Special Summoned from there"),
    "scale_needs_no_monsters": ("PEN-1", "you must control no monsters to activate it as a Pendulum Scale"),
    # Failing literals of the rule bodies (leaves), by predicate.
    "main_phase": ("{F}-1", "only in your Main Phase (it is the {phase})"),
    "phase": ("BP-2", "it is not the Battle Phase"),
    "candidate: T > 1": ("BP-1", "there is no Battle Phase on the first turn"),
    "card_kind": ("{F}-1", "{0:instance} is not a {1:kind} card"),
    "not card_kind": ("{kind_rule}", "{0:instance} is a {1:kind} card"),
    "location": ("{F}-1", "{0:instance} is not in your {1:place}"),
    "mine": ("{F}-1", "{0:instance} is not yours"),
    "face_up": ("{F}-1", "{0:instance} is not a face-up monster"),
    "monster_on_field": ("{F}-1", "{0:instance} is not a monster on the field"),
    "face_up_in_extra_deck": ("PEN-1", "{0:instance} is not face-up in the Extra Deck"),
    "not face_up_in_extra_deck": ("{F}-1", "{0:instance} is face-up in the Extra Deck (only a Pendulum Summon "
                                           "brings it out)"),
    "requirement": ("{F}-1", "{0:card} is not a {1:kind} Monster"),
    "alternative_xyz": (None, None),   # no alternative procedure (XYZ-4): its material line is the reason
    "tribute_rule": ("NS-7", "{0:card} can never be Normal Summoned or Set"),
    "no rule_for": ("NS-7", "{subject} can never be Normal Summoned or Set"),
    "no mine": (None, None),
    "rule_for": ("NS-6", "{0:card} cannot be {2:action} this way"),
    "not rule_unmet": ("NS-6", "{0:card}'s text allows this way only under a condition the position does not meet "
                               "(it is the only card in your hand, or what the monsters on the field must be: NS-9)"),
    "normal_summon_available: U < L": ("NS-1", "you already used your Normal Summon or Set this turn ({U} of {L})"),
    "additional_available": (None, None),
    "may_use: N > 0": (None, None),
    "free_use: N > 0": (None, None),
    # TRQ-2, TRQ-5: a way another card grants (a Normal Summon without Tributing, an additional summon to a zone it
    # points to): when no such card applies, that way is simply not one (the rule of the turn's Normal Summon says why)
    "granted_no_tribute": (None, None), "pointed_grant": (None, None), "no_tribute_grant": (None, None),
    "extra_summon_to_pointed": (None, None),
    "no tribute_rule": ("NS-7", "{subject} can never be Normal Summoned or Set"),
    "not only_own_summon_rules": ("TRQ-2", "it is Normal Summoned only by its own rule (\"Requires N Tributes\"), "
                                           "never by a way another card grants"),
    "no_tribute_spent: M = #count { K: summon_event(K,normal,D,me,_,_), matches(ev(K,D),F); unknown: normal_summon_used, "
    "not summon_event(_,normal,_,me,_,_), not summon_event(_,set,_,me,_,_) }": (None, None),
    "no_tribute_left: M < #count { I: no_tribute_granter(I,F) }": (
        "TRQ-2", "every card of yours that lets such a monster be Normal Summoned without Tributing may have been used "
                 "by a Normal Summon this turn"),
    "ns_used": (None, None), "ns_limit": (None, None), "instance": (None, None), "subject": (None, None),
    "rules": (None, None), "turn": (None, None), "pendulum_zone: R >= 4": (None, None), "scale_value": (None, None),
    "scales: Low = #min { X; Y }": (None, None), "scales: High = #max { X; Y }": (None, None),
    "hand_size: N = #count { I: mine(I), location(I,hand) }": (None, None),
    "matches": ("{F}-1", lambda c: (f"{c.family}-1", "the Ritual Spell does not summon this monster")
                if c.head == "can_ritual" else (f"{c.family}-1", "it does not match what the card names")),
    "procedure": ("SP-1", "{0:card} has no summoning procedure of its own"),
    "procedure_source": ("SP-1", "{0:card}'s own procedure does not Special Summon it from where it is (its text "
                                 "says from where)"),
    "contact_fusion": ("SP-1", "{0:card} has no procedure of its own to be Special Summoned from the Extra Deck"),
    "ritual_spell": ("RIT-1", "no Ritual Spell in your hand (with a free Spell & Trap Zone) or Set"),
    "ritual_target": ("RIT-1", "no Ritual Spell in your hand or Set summons it"),
    "ritual_from_graveyard": ("RIT-1", "no Ritual Spell in your hand or Set summons it from the GY (only from the hand)"),
    "ritual_effect": ("RIT-1", "no Ritual Spell in your hand (with a free Spell & Trap Zone) or Set"),
    "ritual_from_extra_deck": ("RSP-2", "no Ritual Spell in your hand or Set summons it from the Extra Deck"),
    "ritual_from_banished": ("RSP-2", "no Ritual Spell in your hand or Set summons it from banishment"),
    "ritual_from_deck": ("RSP-3", "no Ritual Spell in your hand or Set summons it from the Deck"),
    "not ritual_not_from_hand": ("RSP-3", "the Ritual Spell's effect summons from the Deck, not the hand"),
    "not ritual_blocked": ("SP-2", "{0:instance} cannot be Special Summoned from the GY"),
    "not ritual_used": ("TEXT", "{0:card} can be activated once per turn and was activated this turn"),
    "fusion_spell": ("FUS-1", "no Polymerization in your hand (with a free Spell & Trap Zone) or Set"),
    "free_szone": ("{F}-1", "no free Spell & Trap Zone to activate the Spell in"),
    "trap_from_hand": ("LKP-2", "a Trap is activated from the hand only while a face-up monster of yours says you can"),
    "archetype_member": ("LKP-2", "{0:card} is not of the archetype your face-up monster lets you activate from the hand"),
    "not occupied_szone": ("ZN-1", "no free Spell & Trap Zone"),
    "effect": ("TEXT", "{0:card} has no effect pysolver offers as a play from there"),
    "holds_scale": ("PEN-1", "no Pendulum Scale in your {0} Pendulum Zone"),
    "in_scale: Low < L": ("PEN-1", "its Level {L} is not above the lower Pendulum Scale {Low}"),
    "in_scale: L < High": ("PEN-1", "its Level {L} is not below the higher Pendulum Scale {High}"),
    "not pendulum_summon_used": ("PEN-1", "you already Pendulum Summoned this turn"),
    "level": ("PEN-2", "{0:card} has no Level"),
    "pendulum_as_level": ("PEN-1", "{0:card} has no text that lets it be Pendulum Summoned from the Extra Deck "
                                   "as a Level N monster"),
    "not special_summon_limit": ("PEN-2", "{0:card} has a summoning condition ({1}) that a Pendulum Summon "
                                          "does not meet"),
    "not nomi_no_pendulum": ("PEN-2", ("{0:card} must be Summoned the one way its text says (nomi) and has no text "
                                       "that lets it be Pendulum Summoned")),
    "not zone_holds": ("ZN-7", "that Pendulum Zone is taken"),
    "position": ("{position_rule}", "{0:instance} is not in {1:position} Position"),
    "gemini": ("GEM-2", "{0:card} is not a Gemini monster"),
    "not gemini_summoned": ("GEM-2", "{0:instance} is already Gemini Summoned"),
    "not no_effects": (None, lambda c: _no_effects(c)),
    "not own_effects_off": (None, lambda c: _own_effects_off(c)),
    "no location": (None, None),
    "not set_this_turn": ("{state}", "{0:instance} was Set this turn"),
    "not summoned_this_turn": ("{state}", "{0:instance} came to the field this turn"),
    "not position_changed": ("{state}", "{0:instance} already changed its battle position this turn"),
    "not attacked": ("{state}", "{0:instance} already attacked this turn"),
    # BP-3..BP-6: what a monster's own text says about its attacks (asp/battle.lp); a text it does not have
    # is no reason of its own (the reason is the rule it would have lifted: BP-2 above)
    "attack_text": (None, None), "attacks": (None, None), "no attacks": (None, None),
    "attack_extra": ("BP-5", "{0:card} has no text that lets it attack more than once a turn"),
    "attack_extra_on_monsters": ("BP-5", "{0:card} has no text that lets it attack monsters more than once a turn"),
    "attack_in_defense": ("BP-6", "{0:card} has no text that lets it attack in Defense Position"),
    "attack_direct_in_defense": ("BPX-3", "{0:card} has no text that lets it attack in Defense Position"),
    "attack_extra_for": (None, None),
    "attack_in_defense_for": (None, None),   # MSC-2: the reason is BP-6's (no text lets it attack in Defense Position)
    "attack_extra_while_banished": ("BP-5", "{0:card} has no text that lets it attack twice while a card is banished"),
    "no attack_extra_while_banished": (None, None),
    # ATQ-7: a Link Monster that gives the monsters of a kind it points to more attacks on monsters (X-Krawler Synaphysis)
    "attack_pointed_on_monsters": ("ATQ-7", "{0:card} has no text that gives the monsters it points to more "
                                            "attacks on monsters"),
    "at": (None, None), "points": (None, None),
    # MST-2: a material of its Summon that gives it more attacks on monsters (Infernity Doom Archfiend)
    "attack_user_on_monsters": ("MST-2", "{0:card}, a material of its Summon, has no text that gives it more attacks "
                                         "on monsters"),
    "attribute": ("MST-2", "{0:card} is not of the Attribute its material's text names"),
    "attack_extra_while": ("BP-5", "{0:card} has no text that lets it attack twice while it points to a monster"),
    "presence_holds": ("PRC-1", "the position shows no card that {0:instance}'s text waits for"),
    "attack_per_material_of": ("BP-5", "{0:card} has no text that lets it attack once for each material of a kind"),
    # MUS-2, MUS-3: attacks the materials of its Summon give (the position's summon_materials), BP-5's counts
    "attack_per_used": ("BP-5", "{0:card} has no text that lets it attack once for each material of its Summon"),
    "no attack_per_used": (None, None),
    "attack_extra_if_used": ("BP-5", "{0:card} has no text that lets it attack again for the materials of its Summon"),
    "attack_extra_if_summoned": ("BP-5", "{0:card} has no text that lets it attack again for the Summon it came by"),
    "summon_material": ("BP-5", "{0:instance} was not Summoned with materials the position records"),
    "no summon_material": (None, None), "not used_elsewhere": (None, None),
    "summoned_as": ("BP-5", "{0:instance} did not come to the field by the Summon its text names"),
    "no summoned_as": (None, None),
    ("used_count: U = #count { M: summon_material(I,M,_,_), F = all; M: summon_material(I,M,_,_), "
     "matches(um(I,M),F) }"): (None, None),
    "used_meets: U <= #count { M: summon_material(I,M,_,_), matches(um(I,M),F) }": (   # CNB-3
        "BP-5", "fewer than {U} materials of its Summon are of the kind its text counts"),
    "any_target_attack: N < (U-D)": ("BP-5", ("it already attacked {N} times this turn; the materials of its Summon "
                                               "allow {U} attack(s), less {D}")),
    "monster_only_attack: N < (U-D)": ("BP-5", ("it already attacked {N} times this turn; the materials of its "
                                                 "Summon allow {U} attack(s) on monsters, less {D}")),
    "material_count_of": (None, None), "no attack_per_material_of": (None, None),
    "material_count_of: M = #count { X: attached(X,I), matches(X,F) }": (None, None),
    "any_target_attack: N <= 1": ("BPX-2", "it already attacked {N} times this turn; a card allows one more"),
    "not any_target_attack": (None, None), "not monster_only_attack": (None, None), "no position": (None, None),
    "any_target_attack: N <= E": ("BP-5", "it already attacked {N} times this turn; its text allows {E} more "
                                          "attack(s) than one"),
    "monster_only_attack: N <= E": ("BP-5", "it already attacked {N} times this turn; its text allows {E} more "
                                            "attack(s) than one, on monsters"),
    "attack_on_monsters_per_material": ("BP-5", "{0:card} has no text that lets it attack monsters once more for "
                                                "each of its materials"),
    "monster_only_attack: N <= M": ("BP-5", "it already attacked {N} times this turn; it has {M} Xyz Material(s), "
                                            "one more attack on monsters each"),
    "hand_size: N = #count { H: mine(H), location(H,hand) }": (None, None),
    "attack_all": ("BP-12", "{0:card} has no text that lets it attack each of the opponent's monsters once"),
    "attack_per_material": ("BP-5", "{0:card} has no text that lets it attack once for each of its materials"),
    "material_count": (None, None), "material_count: M = #count { X: attached(X,I) }": (None, None),
    "any_target_attack: N < M": ("BP-5", "it already attacked {N} times this turn; it has {M} Xyz Material(s), "
                                         "one attack each"),
    "not attacked_directly": ("BP-5", "{0:instance} attacked directly this turn: after that it makes no "
                                      "additional attack on monsters"),
}
_FORMAT = re.compile(r"\{([A-Za-z0-9_]+)(?::([a-z]+))?\}")


def _render(ctx: _Context, key: str) -> Reason | None:
    entry = WORDS.get(key)
    if entry is None:
        return Reason(ctx.family, key, f"a condition of the rules fails: {ctx.literal or key}")
    rule, text = entry
    if text is None:
        return None
    if callable(text):
        rule, words = text(ctx)
        return Reason(rule, key, words, tuple(ctx.about))
    arguments = ctx.arguments() if ctx.literal else []

    def value(match) -> str:
        name, kind = match.group(1), match.group(2)
        if name == "F":
            return ctx.family
        if name == "material":
            return _material_rule(ctx)
        if name == "state":   # the turn's state of a monster: FS-2, POS-1, BP-2; no rule id for activations
            return {"FS": "FS-2", "POS": "POS-1", "BP": "BP-2"}.get(ctx.family, "TEXT")
        if name == "position_rule":
            return "BP-2" if ctx.family == "BP" else "TEXT" if ctx.family == "TEXT" else f"{ctx.family}-1"
        if name == "kind_rule":
            if ctx.family == "PEN":
                return "PEN-2"   # a Ritual or "Cannot be Normal Summoned" monster: no Pendulum Summon
            return "POS-2" if ctx.family == "POS" and "link" in ctx.literal else f"{ctx.family}-1"
        if name == "subject":
            return ctx.me.card.name if ctx.me else "it"
        if name == "phase":
            return {"main1": "Main Phase 1", "main2": "Main Phase 2", "battle": "Battle Phase"}[ctx.position.phase]
        found = arguments[int(name)] if name.isdigit() and int(name) < len(arguments) else ctx.values.get(name)
        if kind == "instance":
            return ctx.instance(found) if found is not None else "it"
        if kind == "card":
            return ctx.card(found)
        if kind == "requirement":
            return _requirement(ctx, found)
        if kind == "alternative":
            return _alternative(ctx, found)
        if kind == "kind":
            return KIND_OF.get(f"{found}_summon", str(found).replace("_", " ").title()) if found else "such a"
        if kind == "place":
            return PLACES.get(str(found), str(found))
        if kind == "done":
            return DONE_WORDS.get(str(found), str(found))
        if kind == "position":
            return {"set": "face-down Defense", "attack": "Attack", "defense": "Defense"}.get(str(found), str(found))
        if kind == "action":
            return {"normal_summon": "Normal Summoned", "set_monster": "Set"}.get(str(found), str(found))
        return "any" if found is None else str(found)

    rule = _FORMAT.sub(value, rule) if rule else rule
    if rule.startswith("TEXT-"):
        rule = "TEXT"   # activations: the card's own text, no rule id of RULES.md
    words = _FORMAT.sub(value, text)
    return Reason(rule, key, words, tuple(ctx.about))


# --------------------------------------------------------------------------------------------------
# Asking

# The encoding where each kind of play is decided: always grounded for a question about it, even when
# the position has none of the facts it needs (that absence is then the answer).
ACTION_ENCODINGS = {
    "normal_summon": "normal.lp", "set_monster": "normal.lp", "flip_summon": "flip.lp", "change_position": "position.lp",
    "declare_attack": "battle.lp", "synchro_summon": "synchro.lp", "xyz_summon": "xyz.lp", "link_summon": "link.lp",
    "fusion_summon": "fusion.lp", "ritual_summon": "ritual.lp", "pendulum_summon": "pendulum.lp",
    "activate_scale": "pendulum.lp", "procedure_summon": "procedure.lp", "activate": "activate.lp",
    "set_spell_trap": "spell_trap.lp", "enter_battle_phase": "phase.lp", "enter_main2": "phase.lp",
    "end_turn": "phase.lp", "gemini_summon": "card_state.lp",
}
ALWAYS = ("base.lp", "filters.lp", "zones.lp", "materials.lp", "restrictions.lp", "history.lp")


@lru_cache(maxsize=64)
def _statements(names: tuple[str, ...]) -> tuple:
    parts = relaxed_program().parts
    statements: list = []
    clingo.ast.parse_string("\n".join(parts[name] for name in names if name in parts), statements.append)
    clingo.ast.parse_string(encodings_root().joinpath("why.lp").read_text(encoding="utf-8"), statements.append)
    return tuple(statements)


def _encodings(action: str, predicates: frozenset) -> tuple[str, ...]:
    """The encodings a question grounds: those whose facts the position has, and the play's own."""
    return tuple(name for name in ENCODINGS if name in ALWAYS or name == ACTION_ENCODINGS[action]
                 or name not in NEEDS or any(needed in predicates for needed in NEEDS[name]))


def questions(position: Position, card: str) -> tuple[str, ...]:
    """The kinds of play a player would expect of `card` where it is (what `why` asks without --action)."""
    from ..cards.effects import activated_effects, contact_fusion, procedures
    instance = position[card]
    kinds, location = instance.card.kinds, instance.location
    if position.phase == "battle":
        return ("declare_attack",) if location in ("monster_zone", "extra_monster_zone") else ()
    found: list[str] = []
    if location == "hand" and "monster" in kinds:
        found += ["normal_summon", "set_monster"]
        if "ritual" in kinds:
            found.append("ritual_summon")
        if "pendulum" in kinds:
            found.append("activate_scale")
        if any(i.player == position.turn_player and "pendulum" in i.card.kinds
               and i.location in ("spell_trap_zone", "pendulum_zone") for i in position.instances.values()):
            found.append("pendulum_summon")   # asked only once a Pendulum Scale is in place
    elif location == "hand":
        found.append("set_spell_trap")
    elif location == "extra_deck":
        if getattr(instance.state, "face_up", False):
            found.append("pendulum_summon")
        else:
            found += [f"{kind}_summon" for kind in ("fusion", "synchro", "xyz", "link") if kind in kinds]
            if contact_fusion(instance.card) is not None:
                found.append("procedure_summon")   # a Contact Fusion (SP-1)
    elif location in ("monster_zone", "extra_monster_zone"):
        found.append("flip_summon" if not getattr(instance.state, "face_up", True) else "change_position")
        if "gemini" in kinds and getattr(instance.state, "face_up", False) \
                and not getattr(instance.state, "gemini_summoned", False):
            found.append("gemini_summon")   # GEM-2
    ways = procedures(instance.card) if location in ("hand", "graveyard", "extra_deck") else ()   # PRX-19
    if isinstance(ways, tuple) and any(location in way.sources for way in ways):
        found.append("procedure_summon")   # SP-1: from the hand, or the GY where its text says so
    if activated_effects(instance.card):
        found.append("activate")
    return tuple(found)


def why(position: Position, card: str, action: str | None = None, *, timeout: float = 20.0) -> Why:
    """Why `card` (an instance id) has no play of kind `action` (each expected kind when None): its plays
    if it has some, else the minimal sets of failing conditions, in words with rule ids."""
    if card not in position.instances:
        raise PysolverError(f"no card instance {card!r} in this position (ids look like H1, M3, ED2, GY1)")
    if action is not None and action not in ACTIONS:
        raise PysolverError(f"unknown action {action!r}; use one of {', '.join(ACTIONS)}")
    instance = position[card]
    if instance.player != position.turn_player:
        raise PysolverError(f"{card} is the opponent's card; pysolver answers for the turn player's plays")
    kinds = (action,) if action else questions(position, card)
    answers = []
    for kind in kinds:
        plays = [p for p in legal_plays(position, all_instances=True, actions=(kind,))
                 if p.card == card or card in (p.cards or ())]
        withheld = Withheld(position).concerning(card, kind) if not plays else []
        if plays:
            answers.append(Answer(kind, plays=tuple(plays), candidate=True))
        elif withheld:   # a play may be legal but withheld (issue 15B): no rule says it is not
            answers.append(Answer(kind, reasons=(tuple(
                Reason("TEXT", "unread", f"pysolver cannot read part of the text of {entry.card} ({entry.id}): "
                                         f"{entry.clause!r}; it withholds {entry.withheld}, so such a play may "
                                         "be legal", (entry.card,))
                for entry in dict.fromkeys(withheld)),), exhaustive=False))
        else:
            answers.append(_explain(position, card, kind, timeout))
    return Why(card, instance.card.name, tuple(answers))


def _explain(position: Position, card: str, action: str, timeout: float) -> Answer:
    facts, table = position_facts(position, symmetry=False)
    number = next(n for n, i in enumerate(table.instances) if i is not None and i.id == card)
    if action == "pendulum_summon":
        facts += f"\nwhy_act(pendulum_summon,0).\nwhy_pendulum({number})."
    else:
        facts += f"\nwhy_act({action},{number})."
    control = clingo.Control(list(CLINGO_ARGUMENTS))
    with clingo.ast.ProgramBuilder(control) as builder:
        for statement in _statements(_encodings(action, table.predicates)):
            builder.add(statement)
    control.add("base", [], facts)
    control.ground([("base", [])])
    relaxed = relaxed_program()
    open_, leaves, groups, exhaustive = _solve(control, timeout)
    if not open_:
        # Not a candidate: take its failing conditions as holding and ask what else fails.
        control.assign_external(clingo.Function("why_assume"), True)
        _, _, groups, assumed_exhaustive = _solve(control, timeout)
        exhaustive = exhaustive and assumed_exhaustive
    reasons: list[tuple[Reason, ...]] = []
    gate, own = ([], False) if open_ else _gate_reasons(position, table, action, card, leaves)
    if own:   # the card is not where or what this play needs: what the constraints say is moot
        return Answer(action, reasons=(tuple(gate),) if gate else (), candidate=False, exhaustive=exhaustive)
    for group in groups or [()]:
        said = list(gate)
        for name, values in group:
            variables = relaxed.names.get(name, ("", ()))[1]
            ctx = _Context(position, table, action, card, dict(zip(variables, values)))
            reason = _render(ctx, name)
            if reason is not None and reason not in said:
                said.append(reason)
        if said and tuple(said) not in reasons:
            reasons.append(tuple(said))
    return Answer(action, reasons=tuple(reasons), candidate=open_, exhaustive=exhaustive)


def _solve(control: clingo.Control, timeout: float) -> tuple[bool, list, list, bool]:
    """Whether the play is a candidate, the failing rule-body literals, and the minimal sets of violated
    constraints (one per distinct optimal answer set, at most MAX_ALTERNATIVES)."""
    seen: list[tuple] = []   # (cost, violated set, leaves, open) of each model

    def on_model(model: clingo.Model) -> bool:
        violated, current_leaves, is_open = [], [], False
        for symbol in model.symbols(shown=True):
            if symbol.name == "why_open":
                is_open = True
            elif symbol.name == "violated":
                violated.append((symbol.arguments[0].name, symbol_value(symbol.arguments[1])))
            elif symbol.name == "why_leaf":
                current_leaves.append((symbol.arguments[0].number, symbol_value(symbol.arguments[1])))
        seen.append((tuple(model.cost), tuple(sorted(set(violated))), current_leaves, is_open))
        optimal = [item for item in seen if item[0] == seen[-1][0]]
        return model.optimality_proven is False or len({item[1] for item in optimal}) < MAX_ALTERNATIVES

    with control.solve(on_model=on_model, async_=True) as handle:
        finished = handle.wait(timeout)
        if not finished:
            handle.cancel()
        result = handle.get()
    best = min((item[0] for item in seen), default=())
    optimal = [item for item in seen if item[0] == best]
    groups: list[tuple] = []
    leaves: list = []
    for _, group, current, _ in optimal:
        if group not in groups:
            groups.append(group)
        leaves += [leaf for leaf in current if leaf not in leaves]
    return any(item[3] for item in optimal), leaves, groups, finished and result.exhausted


def _gate_reasons(position: Position, table, action: str, card: str, leaves: list) -> tuple[list[Reason], bool]:
    """The failing conditions of the rule bodies, in words; and whether one of them is about the card's
    own place or kind (the play is not one this card can make at all)."""
    relaxed = relaxed_program()
    items = [(relaxed.leaves[number], values) for number, values in leaves]
    # A rule that fails on the card's own place or kind is another way to the play, not this card's:
    # dropped when another rule for the same atom remains (the Extra Deck way of a card in the hand).
    other_way = {leaf.rule for leaf, _ in items if not leaf.free and not leaf.fallback and leaf.key in OWN_KEYS}
    rules_of: dict[str, set] = {}
    for leaf, _ in items:
        if not leaf.fallback:   # a rule that can never give the value is no way that remains
            rules_of.setdefault(leaf.query, set()).add(leaf.rule)
    items = [(leaf, values) for leaf, values in items
             if leaf.rule not in other_way or rules_of.get(leaf.query, set()) <= other_way]
    # A place or kind test on one of many candidates (every card that is not a Polymerization), or a
    # rule that can never give the value asked about, is said only when nothing better explains it.
    quiet = [(leaf, values) for leaf, values in items if leaf.fallback or (leaf.free and leaf.key in DOMAIN_KEYS)]
    if len(quiet) < len(items):
        items = [item for item in items if item not in quiet]
    said: list[Reason] = []
    own = False
    for leaf, values in items:
        ctx = _Context(position, table, action, card, dict(zip(leaf.variables, values)), leaf.literal, leaf.head)
        if leaf.fired:
            ctx.literal = ""   # a named rule that fired: its words take the rule's values
        reason = _render(ctx, leaf.key)
        if reason is not None and reason not in said:
            said.append(reason)
            own = own or (leaf.rule in other_way and not leaf.free)
    return said, own


def why_text(answer: Why) -> str:
    """The answer as a player reads it."""
    lines = []
    for item in answer.answers:
        title = f"{answer.name} ({answer.card}), {item.action.replace('_', ' ')}"
        if item.plays:
            lines.append(f"{title}: {len(item.plays)} legal play(s)")
            from ..position.notation import to_notation
            lines.extend(f"  {to_notation(play)}" for play in item.plays)
            continue
        if not item.reasons:
            lines.append(f"{title}: no play, and no reason found" + ("" if item.exhaustive else " (search cut short)"))
            continue
        unread = any(reason.name == "unread" for group in item.reasons for reason in group)
        if unread:
            lines.append(f"{title}: no play listed (withheld: it depends on card text pysolver cannot read)")
        else:
            lines.append(f"{title}: no play" + ("" if item.exhaustive else " (search cut short; reasons so far)")
                         + ("" if item.candidate else " (not even a candidate)"))
        for n, group in enumerate(item.reasons, 1):
            prefix = f"  {n}. " if len(item.reasons) > 1 else "  "
            for k, reason in enumerate(group):
                lines.append((prefix if k == 0 else " " * len(prefix)) + str(reason))
        if len(item.reasons) > 1:
            lines.append("  (each numbered set is one minimal explanation: every choice breaks at least one set)")
    return "\n".join(lines)


def add_arguments(parser) -> None:
    parser.add_argument("position", help="position file (YAML or JSON, format pysolver-position/1)")
    parser.add_argument("card", help="the card's instance id (H2, ED1, M3, GY1 ...)")
    parser.add_argument("--action", choices=ACTIONS, metavar="KIND",
                        help="only this kind of play (default: the kinds expected of the card where it is): "
                             + ", ".join(ACTIONS))
    parser.add_argument("--json", action="store_true", help="print pysolver-why/1 JSON")


def cli_main(args) -> None:
    import json
    from ..cards import load_cards
    from ..position import load_position
    position = load_position(args.position, cards=load_cards(args.cards))
    answer = why(position, args.card, args.action)
    print(json.dumps(answer.to_json(), indent=2) if args.json else why_text(answer))
